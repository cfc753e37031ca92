"""Realistic advantage players at Ultimate Texas Hold'em (game protection, docs/protection.md):
a preflop chart or rule (which may name the seen dealer cards, :mod:`..strategy.seen`) with the
flop and river played optimally given what is seen.

Exact from the exposure's solve: :class:`.ExposedSolution` holds, for every preflop state (the
player's two cards and the seen cards), the exact total value of checking, 3x and 4x over the
state's deals, each followed by optimal informed play. The rule's return is the value of its
choice in each state, summed with the state weights, over the scenario's cycle; the cost of the
rule against perfect use of the information is the optimal choice's sum minus that. Later
streets by a strategy's own rules are not in the solve (it keeps no flop or river values per
state): with both dealer cards seen they are counted by :mod:`.rule_two` (the table:
:mod:`.own_rules`), with the other exposures by :mod:`.rule_exposed`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.games.ultimate_texas_holdem.exposure.main_bet import (
    DEALER_SEEN,
    SEEN_CARD,
    check_solution,
    class_index,
    cycle_note,
    index_names,
    scenario_of,
)
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.strategy import seen as seen_rules
from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy
from edge.paytables import PayTable
from edge.strategies import Departure, StrategyComparison, largest_first
from edge.table import ReturnTable, Row, exact, percent

IntArray = npt.NDArray[np.int64]
PLAYS = {0: "check", 3: "3x", 4: "4x"}
COLUMN = {0: 0, 3: 1, 4: 2}          # the columns of ExposedSolution.values


def chart_choice(strategy: UthStrategy, cards: IntArray) -> IntArray:
    """The strategy's chart choice (4, 3 or 0) for each state's two hole cards."""
    chart = strategy.preflop
    by_index = np.array([chart[name] for name in index_names()], dtype=np.int64)
    choice: IntArray = by_index[class_index(cards[:, 0], cards[:, 1])]
    return choice


def rule_choice(strategy: UthStrategy, solution: ExposedSolution) -> npt.NDArray[np.int8]:
    """The preflop Play (4, 3 or 0) the strategy takes in each of the solve's listed states:
    its first preflop rule that holds, else its chart (the solve's own choice when the
    strategy plays the preflop optimally)."""
    if strategy.preflop_optimal:
        return solution.choice.astype(np.int8)
    cards = solution.state_cards.astype(np.int64)
    values = seen_rules.features(cards, DEALER_SEEN[solution.scenario])
    return seen_rules.decide(strategy.preflop_rules, chart_choice(strategy, cards), values)


def line_values(solution: ExposedSolution, choice: npt.NDArray[np.int8]) -> IntArray:
    """Each listed state's exact value (scaled units, over its deals) of the Play ``choice``."""
    columns = np.vectorize(COLUMN.__getitem__, otypes=[np.int64])(choice.astype(np.int64))
    picked: IntArray = np.take_along_axis(solution.values, columns[:, None], axis=1)[:, 0]
    return picked


@dataclass(frozen=True)
class PlayerValue:
    """A strategy's exact value under an exposure: ``choice`` per listed state, the weighted
    total of its values and of the solve's own (optimal) choice, in scaled units."""

    strategy: UthStrategy
    solution: ExposedSolution
    choice: npt.NDArray[np.int8]
    total: int
    optimal_total: int

    @property
    def expected_return(self) -> Fraction:
        """The rule's exact expected return per Ante."""
        return Fraction(self.total, self.solution.cycle * self.solution.settlement.scale)

    @property
    def optimal_return(self) -> Fraction:
        """The exposed player's exact return with perfect play, per Ante."""
        return Fraction(self.optimal_total,
                        self.solution.cycle * self.solution.settlement.scale)

    @property
    def cost(self) -> Fraction:
        """What the rule gives up against perfect use of the information, per Ante."""
        return self.optimal_return - self.expected_return

    def shares(self) -> dict[int, Fraction]:
        """The share of preflop states (each equally likely) played 4x, 3x, check (0)."""
        weight = self.solution.state_weight.astype(np.int64)
        total = int(weight.sum())
        return {play: Fraction(int(weight[self.choice == play].sum()), total)
                for play in (4, 3, 0)}


def evaluate(strategy: UthStrategy, solution: ExposedSolution) -> PlayerValue:
    """The exact value of ``strategy``'s preflop play under the solve's exposure, the flop and
    river played optimally given what is seen."""
    check_solution(solution)
    choice = rule_choice(strategy, solution)
    weight = solution.state_weight.astype(np.int64)
    total = int((weight * line_values(solution, choice)).sum())
    optimal = int((weight * line_values(solution, solution.choice.astype(np.int8))).sum())
    return PlayerValue(strategy, solution, choice, total, optimal)


@dataclass(frozen=True)
class RuleTable(ReturnTable):
    """A rule's return table: one row per preflop line with its exact average net (the solve
    keeps each state's value, not its outcomes), so only the cycle, the expected return and
    the house edge are figures of the hands; the others are left out."""

    def summary(self) -> list[tuple[str, Fraction | int | float]]:
        """The figures exact for a rule: cycle, expected return, house edge."""
        return [("cycle", self.cycle), ("expected_return", self.expected_return),
                ("house_edge", self.house_edge)]


def rule_table(value: PlayerValue, paytable: PayTable, options: Mapping[str, str],
               game: str, unexposed: ReturnTable) -> ReturnTable:
    """The exact return of a strategy under an exposure and its cost against perfect use of
    the information, as a return table (see :class:`RuleTable`)."""
    solution = value.solution
    scenario = scenario_of(solution.scenario)
    weight = solution.state_weight.astype(np.int64)
    values = line_values(solution, value.choice)
    scale = solution.settlement.scale
    rows = []
    for play, name in ((4, "preflop 4x"), (3, "preflop 3x"),
                       (0, "check, then the flop and river played optimally")):
        chosen = value.choice == play
        deals = int(weight[chosen].sum()) * solution.deals_per_state
        if deals:
            net = Fraction(int((weight * values)[chosen].sum()), deals * scale)
            rows.append(Row(f"{name} (average net)", net, deals))
    shares = value.shares()
    notes = (
        cycle_note(solution.scenario, solution.cycle),
        f"Seen: {scenario.description}. Preflop the player follows strategy {value.strategy} "
        f"(4x on {percent(shares[4])} of the preflop states, 3x on {percent(shares[3])}, check "
        f"on {percent(shares[0])}); on the flop and the river he plays optimally given all he "
        "has seen, whatever the strategy says there. Exact: each state's value of the rule's "
        "choice from the exposure's solve, summed with the state weights.",
        *([f"Strategy {value.strategy}: {value.strategy.description}"]
          if value.strategy.description else []),
        f"Against perfect use of the information (player edge "
        f"{percent(value.optimal_return)}, exactly {exact(value.optimal_return)}) the rule "
        f"costs {percent(value.cost)} per Ante (exactly {exact(value.cost)}); against the game "
        f"as dealt (optimal strategy, {percent(unexposed.expected_return)}) it gains "
        f"{percent(value.expected_return - unexposed.expected_return)} per Ante.",
        "Each row is one preflop line with its exact average net per Ante: the solve keeps "
        "each state's value, not its outcomes, so the hit frequency, variance, standard "
        "deviation and average wager of single hands are not computed for a rule.",
    )
    title = (f"Ultimate Texas Hold'em: Ante, Blind and Play, the player seeing {scenario.seen} "
             f"and playing {value.strategy} preflop, Blind {paytable.label()}")
    return RuleTable(game, "main", tuple(rows), paytable, dict(options),
                     initial_wager=Fraction(1), notes=notes, title=title, basis="Ante",
                     initial_stake=Fraction(2))


def state_name(cards: npt.NDArray[np.int64], seen: str) -> str:
    """A state's class and, with one dealer card seen, that card's rank: ``AKo, dealer 9``."""
    name = index_names()[int(class_index(cards[0:1], cards[1:2])[0])]
    return name if seen == "" else f"{name}, {seen} {RANKS[int(cards[2]) >> 2]}"


def comparison(value: PlayerValue, game: str) -> StrategyComparison:
    """The rule against perfect use of the information: both exact returns per Ante and every
    departure, grouped by class (and the one seen dealer card's rank)."""
    solution = value.solution
    cards = solution.state_cards.astype(np.int64)
    weight = solution.state_weight.astype(np.int64)
    total_states = int(weight.sum())
    chosen = line_values(solution, value.choice)
    best = line_values(solution, solution.choice.astype(np.int8))
    card = "dealer" if solution.scenario in SEEN_CARD and DEALER_SEEN[solution.scenario] else ""
    two = DEALER_SEEN[solution.scenario] == 2      # both dealer cards: whether he is ahead
    ahead = seen_rules.features(cards, 2)["ahead"] if two else np.zeros(0, dtype=np.int64)
    groups: dict[tuple[str, str, str], list[int]] = {}
    for i in np.flatnonzero(value.choice != solution.choice).tolist():
        where = (", ahead" if ahead[i] else ", not ahead") if two else ""
        key = (state_name(cards[i], card) + where, PLAYS[int(value.choice[i])],
               PLAYS[int(solution.choice[i])])
        entry = groups.setdefault(key, [0, 0])
        entry[0] += int(weight[i])
        entry[1] += int(weight[i] * (best[i] - chosen[i]))
    scale = solution.settlement.scale
    departures = [Departure(situation, played, optimal, Fraction(states, total_states),
                            Fraction(cost, solution.cycle * scale), "preflop")
                  for (situation, played, optimal), (states, cost) in groups.items()]
    notes = (f"Seen: {scenario_of(solution.scenario).description}; the flop and river are "
             "played optimally given what is seen, by the rule and by perfect play alike.",)
    return StrategyComparison(game, "main", value.strategy, value.optimal_return,
                              value.expected_return, largest_first(departures),
                              unit="per Ante", notes=notes)
