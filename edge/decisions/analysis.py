"""A game file's analysis: each final card set's outcome, the solves by pays and ties rule, and
the return table under the optimal strategy (:mod:`edge.decisions.solve`)."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.bets.compile import Deals
from edge.decisions.dealer import settlement, showdown_counts
from edge.decisions.file import GameFile
from edge.decisions.solve import (
    Counted,
    Problem,
    Settlement,
    Solution,
    all_sets,
    solve,
)
from edge.decisions.strategy_file import GameFileStrategy, compare
from edge.decisions.upcard import file_states, solve_file_upcard, upcard_deals
from edge.games import Rules
from edge.options import options_dict
from edge.paytables import PayTable, format_pay
from edge.player import STRATEGY
from edge.strategies import StrategyComparison
from edge.table import ReturnTable, Row

IntArray = npt.NDArray[np.int64]
LOSE = "lose"


def units_text(amount: Fraction) -> str:
    """An amount of units in words: ``1 unit``, ``3 units``."""
    return f"{format_pay(amount)} unit{'s' if amount != 1 else ''}"


@dataclass
class GameAnalysis:
    """The file, each final card set's outcome (made once), and the solves by pays and ties."""

    file: GameFile
    solved: dict[tuple[object, ...], Solution] = field(default_factory=dict)
    outcome_index: IntArray | None = None
    # with a dealer: for every final set, the dealer's hands giving each showdown result
    showdown: IntArray | None = None
    # a strategy file against the optimal strategy, and its forward count, by solve and file
    compared: dict[tuple[object, ...], tuple[StrategyComparison, Counted]] = field(
        default_factory=dict)

    def outcomes(self) -> IntArray:
        """The outcome index of every final set of cards, by colex index (last: lose)."""
        if self.outcome_index is None:
            rows = all_sets(self.file.bet.layout.cards)
            deals = Deals(rows)
            tests = [outcome.condition.test(deals) for outcome in self.file.bet.outcomes]
            self.outcome_index = np.asarray(
                np.select(tests, np.arange(len(tests)), len(tests)), dtype=np.int64)
        return self.outcome_index

    def pays(self, paytable: PayTable | None) -> tuple[Fraction, ...]:
        """The pays of the outcomes at this table, then the loss (a game with a dealer pays
        each wager apart: :meth:`settlement`; its pays here are 0)."""
        if self.file.dealer is not None:
            return (Fraction(0),) * (len(self.file.bet.outcomes) + 1)
        table = paytable or self.file.bet.presets[self.file.bet.default_paytable]
        return (*(table[o.name] for o in self.file.bet.outcomes), Fraction(-1))

    def settlement(self, paytable: PayTable | None) -> Settlement | None:
        """Each wager's pays and the showdown's counts (None without a dealer)."""
        file = self.file
        if file.dealer is None:
            return None
        if self.showdown is None:       # a card face up: counted by state (upcard.py)
            self.showdown = (np.zeros((0, 4), dtype=np.int64) if file.dealer.up else
                             showdown_counts(file.dealer, file.bet.layout.places,
                                             file.bet.rules))
        table = paytable or file.bet.presets[file.bet.default_paytable]
        seen = file.bet.layout.cards
        return settlement(file.settles, file.wagers, tuple(o.name for o in file.bet.outcomes),
                          table, self.showdown, math.comb(52 - seen, file.dealer.cards),
                          file.dealer.cards)

    def solution(self, paytable: PayTable | None, larger_on_ties: bool,
                 start: tuple[Fraction, ...] | None = None) -> Solution:
        """The exact solve at these pays (made once); ``start``: the wagers' amounts at the
        start when not the file's."""
        start = start or self.file.start
        table = paytable or self.file.bet.presets[self.file.bet.default_paytable]
        key = (table.pays, larger_on_ties, start)
        if key not in self.solved:
            unit = start[self.file.wagers.index(self.file.unit)]
            decisions = tuple(dataclasses.replace(d, options=tuple(
                dataclasses.replace(o, amount=o.amount / unit) for o in d.options))
                for d in self.file.decisions)
            problem = Problem(self.file.bet.layout.cards, self.file.first, decisions,
                              tuple(s / unit for s in start), self.outcomes(),
                              self.pays(paytable), larger_on_ties, self.settlement(paytable))
            self.solved[key] = (solve(problem) if self.file.dealer is None
                                or not self.file.dealer.up else solve_file_upcard(self.file,
                                                                                  problem))
        return self.solved[key]

    def played(self, paytable: PayTable | None, rules: Rules) -> Solution:
        """The solve under these rules (pays, ties, the wagers at the start)."""
        return self.solution(paytable, larger_on_ties(rules), starts(self.file, rules))

    def comparison(self, paytable: PayTable | None, rules: Rules
                   ) -> tuple[StrategyComparison, Counted]:
        """The rules' strategy against the optimal one, and its forward count (made once)."""
        strategy = played_strategy(rules)
        up = self.file.dealer is not None and self.file.dealer.up > 0
        solution = self.played(paytable, rules)
        key = (solution.problem.pays, solution.problem.start, larger_on_ties(rules),
               (paytable or self.file.bet.presets[self.file.bet.default_paytable]).pays,
               strategy.identity)
        if key not in self.compared:
            self.compared[key] = compare(strategy, solution, self.file.bet.name,
                                         self.file.bet.name, self.file.unit,
                                         file_states(self.file) if up else None)
        return self.compared[key]

    def counted(self, paytable: PayTable | None, rules: Rules) -> Solution | Counted:
        """The counts of the rules' strategy: the solve's for the optimal one, else the
        strategy's own forward count."""
        if played_strategy(rules).is_optimal:
            return self.played(paytable, rules)
        return self.comparison(paytable, rules)[1]

    def rows(self, solution: Solution | Counted) -> list[tuple[str, Fraction, int, Fraction,
                                                     tuple[str, int, Fraction]]]:
        """The table's rows: name, net, deals, total in play, and the key the simulator
        settles to (``("o", outcome, total)`` or ``("f", decision, total)``)."""
        settlement = solution.problem.settlement
        names = ([o.name for o in self.file.bet.outcomes] + [LOSE] if settlement is None
                 else list(settlement.names))
        found = []
        for (o, total), deals in sorted(solution.settled.items(),
                                        key=lambda item: (item[0][0], -item[0][1])):
            found.append((f"{names[o]}, {units_text(total)}", solution.nets[(o, total)], deals,
                          total, ("o", o, total)))
        for (d, total), deals in sorted(solution.folded.items()):
            found.append((f"fold at {self.file.decisions[d].name}, {units_text(total)} lost",
                          -total, deals, total, ("f", d, total)))
        return found

    def analyze(self, paytable: PayTable | None, rules: Rules) -> ReturnTable:
        """The exact return table under the rules' strategy (the optimal one by default)."""
        file = self.file
        start = starts(file, rules)
        solution = self.counted(paytable, rules)
        strategy = played_strategy(rules)
        rows = tuple(Row(name, net, deals, wager)
                     for name, net, deals, wager, _ in self.rows(solution))
        decisions = tuple((", ".join(file.decisions[d].options[i].name
                                     for d, i in enumerate(line)), deals)
                          for line, deals in sorted(solution.lines.items()) if deals)
        cards = file.bet.layout.cards
        dealt = (f"Every ordered deal of the {cards} cards from one deck: {solution.cycle:,} "
                 f"deals, each equally likely; the player sees the first {file.first} at once "
                 "and the others one by one.")
        paid = (f"Every wager in play is paid the outcome's pay; a fold loses them. Figures "
                f"are per {file.unit} (1 unit).")
        if file.dealer is not None:
            order = ("as a set" if file.first == cards else
                     f"the first {file.first} as a set, the others in order")
            dealt = (f"Every deal from one deck, the player's {cards} cards ({order}) and the "
                     f"dealer's {file.dealer.cards} as a hand: {solution.cycle:,} deals, each "
                     "equally likely; the dealer's hand is hidden until the showdown."
                     if not file.dealer.up else upcard_deals(file, solution.cycle))
            paid = ("Each wager in play is paid apart, by the showdown's result and the "
                    "player's hand as [settle] says; a row's net is their sum. A fold loses "
                    f"every wager in play. Figures are per {file.unit} (1 unit).")
        notes = (dealt,
                 ("The player's strategy is solved exactly: each decision takes the option of "
                  "the highest expected return given the cards seen (a tie goes to the "
                  f"{'larger' if larger_on_ties(rules) else 'smaller'} total wager)."
                  if strategy.is_optimal else
                  f"The player plays the strategy file {strategy}: every ordered deal is "
                  "counted forward under its rules (a decision it leaves out is played as "
                  "solved)."),
                 paid)
        return ReturnTable(file.bet.name, file.bet.name, rows,
                           paytable or file.bet.presets[file.bet.default_paytable],
                           options_dict(rules), decisions=decisions, notes=notes,
                           title=file.bet.title, basis=file.unit,
                           initial_stake=sum(start, Fraction(0))
                           / start[file.wagers.index(file.unit)])


def starts(file: GameFile, rules: Rules) -> tuple[Fraction, ...]:
    """The wagers' amounts at the start: the file's, or the rules' where a game with a dealer
    lets a run change one (``--set pair-plus=0``: the Ante alone)."""
    return tuple(Fraction(getattr(rules, wager.replace("-", "_"), amount))
                 for wager, amount in zip(file.wagers, file.start, strict=True))


def played_strategy(rules: Rules) -> GameFileStrategy:
    """The rules' strategy (a game file's rules always have one)."""
    strategy = getattr(rules, STRATEGY)
    assert isinstance(strategy, GameFileStrategy)
    return strategy


def larger_on_ties(rules: Rules) -> bool:
    """Whether the rules give a tie between options to the larger total wager."""
    ties = getattr(rules, "ties", "larger")
    return bool(ties == "larger")
