"""A game file as a :class:`~edge.games.Game`: its exact optimal strategy, table and simulator.

The table has a row for each final outcome and total in play (the net is the outcome's pay
times that total) and for each fold and total lost; the counts are the ordered deals under the
optimal strategy (:mod:`edge.decisions.solve`). The simulator deals random hands, plays the
solved choices card by card and settles each hand by the file's own conditions.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.bets.file import LEAST_PAY
from edge.bets.game import outcome_words
from edge.decisions.analysis import (
    GameAnalysis,
    larger_on_ties,
    played_strategy,
    starts,
    units_text,
)
from edge.decisions.dealer import RESULT_WORDS, hand_pay_names, hand_values, showdown_result
from edge.decisions.file import GameFile
from edge.decisions.protection import protected
from edge.decisions.solve import Solution, set_index
from edge.decisions.strategy import strategy_report
from edge.decisions.strategy_file import strategy_kind
from edge.decisions.upcard import UPCARD_CHECK, UPCARD_SOLVED, upcard_picks
from edge.document.document import Report
from edge.games import EXHAUSTIVE_ENUMERATION, Bet, Game, Rules, Wager
from edge.options import option
from edge.paytables import PayTable, format_pay
from edge.strategies import OPTIMAL, StrategyComparison, strategy_option
from edge.table import ReturnTable

IntArray = npt.NDArray[np.int64]
SOLVED = ("The player's optimal strategy is solved exactly from the game file: every state (the "
          "cards seen and the total in play) is valued from the last card back, each decision "
          "taking the option of the highest value as an exact integer sum over the deals still "
          "to come; every ordered deal is then counted forward under the solved options, and the "
          "return counted forward must equal the one found backward (docs/games-from-files.md).")
TOTAL_CHECK = ("the number of ordered deals, computed apart from the solve (the deals "
               "counted under the chosen strategy must sum to it), and the return found "
               "backward from the values equal to the one counted forward")
DEALER_COUNTED = ("The dealer's hidden hand is counted exactly: every hand the dealer can "
                  "hold is listed once with its strength and whether it qualifies, and for "
                  "each of the player's final hands (one of each class of hands alike up to a "
                  "renaming of suits) the dealer's hands from the cards left are counted by "
                  "result, by inclusion and exclusion over the cards they share; each wager is "
                  "then paid apart as the file's [settle] says.")
SETTLEMENT = ("by the choices played and the game file's own conditions (it checks the "
              "dealing, the counting forward and the settling, not the choices themselves)")


@dataclass(frozen=True)
class GameSimulator:
    """Deals hands from a shuffled deck, plays the solved choices and settles by the file."""

    analysis: GameAnalysis
    solution: Solution
    outcomes: tuple[str, ...]
    keys: dict[tuple[str, int, Fraction], int]
    nets: IntArray
    scale: int
    initial_wager: Fraction = Fraction(1)
    # with a dealer: the player's strength by final set, the dealer's and whether it
    # qualifies by hand (:func:`~edge.decisions.dealer.hand_values`)
    showdown: tuple[IntArray, IntArray, npt.NDArray[np.bool_]] | None = None
    # a dealer's card face up: the choices are by hand class and up card (upcard.py)
    up: bool = False

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal and play ``hands`` hands."""
        from edge.sampling import deal
        problem = self.solution.problem
        cards = np.asarray(deal(rng, hands, problem.cards + problem.hidden, 52),
                           dtype=np.int64).T
        totals = [sum(problem.start, Fraction(0))] * hands
        row = np.full(hands, -1, dtype=np.int64)
        for d, decision in enumerate(problem.decisions):
            arriving = self.solution.totals[d]
            if self.up:         # the choice by the player's hand and the dealer's up card
                picks = upcard_picks(self.solution.choices[d],
                                     np.sort(cards[:, :problem.cards], axis=1),
                                     cards[:, problem.cards])
            else:
                seen = set_index(np.sort(cards[:, :decision.seen], axis=1))
            for hand in np.flatnonzero(row < 0).tolist():
                column = arriving.index(totals[hand])
                option = decision.options[int(picks[hand] if self.up else
                                              self.solution.choices[d][seen[hand], column])]
                if option.fold:
                    row[hand] = self.keys[("f", d, totals[hand])]
                elif option.wager is not None:
                    totals[hand] = (totals[hand] - problem.start[option.wager]
                                    + option.amount)
        mine = set_index(np.sort(cards[:, :problem.cards], axis=1))
        final = self.analysis.outcomes()[mine]
        if self.showdown is not None:
            ours, theirs, qualifies = self.showdown
            dealer = set_index(np.sort(cards[:, problem.cards:], axis=1))
            result = showdown_result(ours[mine], theirs[dealer], qualifies[dealer])
            final = np.asarray(result * len(problem.pays) + final, dtype=np.int64)
        for hand in np.flatnonzero(row < 0).tolist():
            row[hand] = self.keys[("o", int(final[hand]), totals[hand])]
        return row, self.nets[row]


def simulator(analysis: GameAnalysis, paytable: PayTable | None, rules: Rules) -> GameSimulator:
    """The simulator of the solved strategy at these pays."""
    from edge.sampling import common_scale, scaled
    file = analysis.file
    solution = analysis.solution(paytable, larger_on_ties(rules), starts(file, rules))
    strategy = played_strategy(rules)
    if not strategy.is_optimal:
        solution = dataclasses.replace(solution, choices=strategy.choices(solution))
    rows = analysis.rows(analysis.counted(paytable, rules))
    nets = [net for _, net, _, _, _ in rows]
    scale = common_scale(nets)
    showdown = (None if file.dealer is None
                else hand_values(file.dealer, file.bet.layout.places, file.bet.rules))
    return GameSimulator(analysis, solution, tuple(name for name, *_ in rows),
                         {key: i for i, (*_, key) in enumerate(rows)}, scaled(nets, scale),
                         scale, showdown=showdown,
                         up=file.dealer is not None and file.dealer.up > 0)


def rules_type(file: GameFile) -> type[Rules]:
    """The file's options: one deck, the player's strategy (the solved one), and which option
    a tie between equal values goes to."""
    name = "".join(part.title() for part in file.bet.name.split("-")) + "Rules"
    kind = strategy_kind(file.bet.name, file.decisions,
                         up=file.dealer is not None and file.dealer.up > 0)
    # with a dealer, each wager made at the start (but the unit) may be changed for a run:
    # --set pair-plus=0 solves the Ante alone
    amounts = [(wager.replace("-", "_"), Fraction,
                option(amount, f"the {wager} wager at the start, in units (0: not made)",
                       minimum=Fraction(0)))
               for wager, amount in zip(file.wagers, file.start, strict=True)
               if file.dealer is not None and wager != file.unit and amount > 0]
    return dataclasses.make_dataclass(
        name, [*amounts,
               ("decks", int, option(1, "decks (one: the game is solved for one deck)",
                                     minimum=1, maximum=1)),
               ("strategy", kind, strategy_option(
                   kind.resolve(OPTIMAL), "the player's strategy: the optimal one, solved "
                   "exactly from the file, or a strategy file of rules per decision "
                   "(docs/games-from-files.md)")),
               ("ties", str, option("larger" if file.larger_on_ties else "smaller",
                                    "which option a tie between options of equal value goes "
                                    "to: the larger or the smaller total wager",
                                    choices=("larger", "smaller")))],
        bases=(Rules,), frozen=True)


def describe_rules(file: GameFile, rules: Rules) -> list[str]:
    """The game in words."""
    places = ", ".join(f"{p.name} {p.cards} card{'s' if p.cards != 1 else ''}"
                       for p in file.bet.layout.places)
    sees = (f"The player sees the first {file.first} at once, then the others one at a "
            "time." if file.dealer is None else
            f"The player sees his first {file.first} cards at once"
            + (", then his others one at a time." if file.seen_cards > file.first else "."))
    lines = [f"One standard 52-card deck, shuffled for every round; cards dealt in order: "
             f"{places}. {sees}",
             "Wagers at the start: " + ", ".join(
                 f"{w} {units_text(s)}" for w, s in zip(file.wagers, file.start, strict=True))
             + f"; the figures are per {file.unit}."]
    for decision in file.decisions:
        choices = []
        for o in decision.options:
            if o.fold:
                choices.append(f"{o.name} (the wagers in play are lost)")
            elif o.wager is None:
                choices.append(f"{o.name} (nothing changes)")
            else:
                choices.append(f"{o.name} ({file.wagers[o.wager]} becomes {units_text(o.amount)})")
        lines.append(f"With {decision.seen} cards seen, {decision.name}: "
                     + "; ".join(choices) + ".")
    if file.dealer is None:
        lines.append("When every card is seen, each wager in play is paid the outcome's pay "
                     "(the first, in this order, whose condition holds; none: the wagers "
                     "lose):")
    else:
        lines += dealer_words(file)
        lines.append("The player's hand is the first of these outcomes whose condition holds "
                     "(none: other):")
    for outcome in file.bet.outcomes:
        lines.append(f"{outcome.name}: {outcome_words(file.bet, outcome)}")
    ties = getattr(rules, "ties", "larger")
    lines.append(f"Of two options of equal value the player takes the one with the {ties} "
                 "total wager.")
    return lines


def dealer_words(file: GameFile) -> list[str]:
    """The dealer's hand, its qualifying rule, the showdown and each wager's pays in words."""
    dealer = file.dealer
    assert dealer is not None
    hidden = ("face down until the showdown" if not dealer.up else
              f"the first face up, seen by the player before he decides, the other "
              f"{dealer.cards - 1} face down until the showdown")
    lines = [f"The dealer gets {dealer.cards} cards ({dealer.place}), {hidden}. The dealer "
             f"qualifies when {' '.join(dealer.qualifies.split())}; the player's hand "
             f"beats the dealer's when {' '.join(dealer.showdown.split())}. A "
             "fold loses every wager in play."]
    for wager, settle in zip(file.wagers, file.settles, strict=True):
        if all(pay is None for pay in settle.pays) and not settle.bonus:
            lines.append(f"{wager}: paid on the player's hand (the pay table's {wager} pays), "
                         "whatever the dealer holds.")
            continue
        pays = "; ".join(f"{RESULT_WORDS[r]}: "
                         + ("the hand's pay" if pay is None else f"pays {format_pay(pay)}")
                         for r, pay in enumerate(settle.pays))
        bonus = (f"; and, whatever the dealer holds, the pay table's {wager} pay for the "
                 "player's hand" if settle.bonus else "")
        lines.append(f"{wager}: {pays}{bonus}.")
    return lines


def make_game(file: GameFile) -> Game[Any]:
    """The :class:`Game` of a game file."""
    analysis = GameAnalysis(file)
    bet = file.bet

    def analyze(wager: Wager[Rules]) -> ReturnTable:
        return analysis.analyze(wager.paytable, wager.rules)

    def simulate(wager: Wager[Rules]) -> GameSimulator:
        return simulator(analysis, wager.paytable, wager.rules)

    def strategy(wager: Wager[Rules]) -> Report:
        return strategy_report(analysis, wager.paytable, wager.rules)

    def comparison(wager: Wager[Rules]) -> StrategyComparison:
        return analysis.comparison(wager.paytable, wager.rules)[0]

    up = file.dealer is not None and file.dealer.up > 0
    source = bet.source or f"the game file {bet.path.name} (no source stated)"
    outcomes = tuple(outcome.name for outcome in bet.outcomes)
    if file.dealer is not None:             # the pays by wager: pair-plus.flush, ...
        outcomes = hand_pay_names(file.settles, file.wagers, outcomes)
    main = Bet(bet.name, bet.description.rstrip(".") or bet.title, analyze, outcomes,
               bet.presets, bet.default_paytable, simulate=simulate, strategy=strategy,
               compare=comparison, least_pay=LEAST_PAY)
    game = Game(name=bet.name, title=bet.title, rules=rules_type(file), bets=(main,),
                source=source, describe_rules=lambda r: describe_rules(file, r),
                invoked_as=str(bet.path), checks=(UPCARD_CHECK if up else TOTAL_CHECK,),
                settlement=SETTLEMENT,
                method=(EXHAUSTIVE_ENUMERATION, *((UPCARD_SOLVED,) if up else (SOLVED, *(
                    (DEALER_COUNTED,) if file.dealer is not None else ())))))
    return protected(file, analysis, game, simulator)
