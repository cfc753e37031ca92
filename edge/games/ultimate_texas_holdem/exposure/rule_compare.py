"""A strategy with its own flop or river rules against perfect use of what is seen, its cost
split exactly into parts (``edge strategy ultimate-texas-holdem --set seen=S --compare FILE``;
docs/protection.md, "Rules with their own flop and river steps").

Every part is a difference of two exact returns per Ante, each a weighted sum over the exposure
solve's preflop states (:class:`.ExposedSolution`) of the value of the line the rule's preflop
takes there (4x and 3x from the solve, a check from the strategy played after it):

- V0, perfect play (the solve's own choices);
- V1, the rule's preflop choices, the flop and river played perfectly given what is seen;
- V2 (where edge counts it), one street by the rule and the other perfectly: with both dealer
  cards seen the rule's flop and the river played perfectly (:mod:`.rule_two`), with a dealer
  card seen before the flop the flop played perfectly given the card and the rule's river
  (:mod:`.rule_flop`), under the other exposures the rule's flop and the river played
  perfectly (:mod:`.rule_one`);
- V3, the rule on every street (the figure ``edge table`` prints).

The preflop part V0 - V1 is listed departure by departure (:func:`.players.comparison`), the
rest by street: V1 - V2 and V2 - V3, or V1 - V3 as one part where no V2 is counted (or where
one street is played perfectly by the rule itself). The parts add up to V0 - V3, checked on
every run against the cost ``edge table`` prints.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.games import RunSettings
from edge.games.ultimate_texas_holdem.exposure import rule_exposed, rule_flop, rule_two
from edge.games.ultimate_texas_holdem.exposure.main_bet import scenario_of
from edge.games.ultimate_texas_holdem.exposure.players import PlayerValue, comparison
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.solve.main_bet import solve_main
from edge.games.ultimate_texas_holdem.solve.solver import settlement
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import (
    OPTIMAL,
    Street,
    StreetPlan,
    UthStrategy,
)
from edge.paytables import PayTable
from edge.strategies import CostPart, StrategyComparison
from edge.table import exact, percent

IntArray = npt.NDArray[np.int64]
# a strategy's checking values per listed state of the solve, and the return `edge table`
# prints for it (per Ante)
Checking = Callable[[UthStrategy], tuple[IntArray, Fraction]]

PREFLOP_WORDS = "its preflop choices; the flop and river played perfectly after both"
# each street's part in words: alone or taken first (the other street played perfectly), and
# taken second
LATER_WORDS = {
    "flop": ("its flop rules after its preflop; the river played perfectly after both",
             "its flop rules after its preflop, given its river rules"),
    "river": ("its river rules after its preflop; the flop played perfectly after both",
              "its river rules after its preflop and flop rules"),
}


def between(strategy: UthStrategy, scenario: Seen) -> tuple[UthStrategy, str] | None:
    """The strategy between the rule and perfect later play that edge counts under the
    exposure, and the street whose part is taken first (the other street of it played
    perfectly); None when the rule plays its flop or its river perfectly itself (the later
    part is then the other street's)."""
    if strategy.flop.optimal or strategy.river.optimal:
        return None
    if scenario in rule_flop.SCENARIOS:     # the flop sweep: a perfect flop, the rule's river
        return dataclasses.replace(strategy, flop=StreetPlan(Street.FLOP, optimal=True)), "river"
    return dataclasses.replace(strategy, river=StreetPlan(Street.RIVER, optimal=True)), "flop"


def _later_parts(strategy: UthStrategy, first: str | None, v1: int, v2: int | None, v3: int,
                 unit: int) -> list[CostPart]:
    """The parts after the preflop (scaled sums ``v1``, ``v2``, ``v3``; ``unit`` per Ante)."""
    if strategy.flop.optimal or strategy.river.optimal:
        street = "river" if strategy.flop.optimal else "flop"
        return [CostPart(street, LATER_WORDS[street][0], Fraction(v1 - v3, unit))]
    if v2 is None or first is None:
        return [CostPart("flop and river", "its flop and river rules together after its "
                         "preflop", Fraction(v1 - v3, unit))]
    second = "river" if first == "flop" else "flop"
    return [CostPart(first, LATER_WORDS[first][0], Fraction(v1 - v2, unit)),
            CostPart(second, LATER_WORDS[second][1], Fraction(v2 - v3, unit))]


def _order_words(strategy: UthStrategy, first: str | None) -> str:
    """How the later parts were taken, in words."""
    if strategy.flop.optimal:
        return ("river, the strategy itself against its preflop with perfect later play (it "
                "plays the flop perfectly given its river)")
    if strategy.river.optimal:
        return ("flop, the strategy itself against its preflop with perfect later play (it "
                "plays the river perfectly)")
    if first is None:
        return ("flop and river, the strategy itself against its preflop with perfect later "
                "play (edge counts no strategy between them under this exposure)")
    if first == "flop":
        return ("flop, its preflop and flop with the river played perfectly, against its "
                "preflop with perfect later play; river, the strategy itself against that")
    return ("river, its preflop and river with the flop played perfectly given that river, "
            "against its preflop with perfect later play; flop, the strategy itself against "
            "that")


def _line_total(solution: ExposedSolution, choice: npt.NDArray[np.int8],
                checking: IntArray) -> int:
    """The weighted sum over the states of the value of ``choice``, a check worth
    ``checking``."""
    values = solution.values
    picked = np.where(choice == 4, values[:, 2], np.where(choice == 3, values[:, 1], checking))
    return int((solution.state_weight.astype(np.int64) * picked).sum())


def compare(strategy: UthStrategy, perfect: ExposedSolution, checking: Checking,
            game: str) -> StrategyComparison:
    """The strategy against perfect use of what is seen (``perfect``, the exposure's solve):
    the preflop departures and the later streets' parts, each exact per Ante, adding up to the
    cost ``edge table`` prints (checked; AssertionError if not)."""
    whole_checking, table_return = checking(strategy)
    whole = rule_exposed.rule_value(strategy, perfect, whole_checking)
    if whole.expected_return != table_return:
        raise AssertionError(f"strategy={strategy}: its states' values give "
                             f"{whole.expected_return}, its table {table_return}.")
    choice = whole.choice
    v0, v3 = whole.optimal_total, whole.total
    v1 = _line_total(perfect, choice, perfect.values[:, 0])
    found = between(strategy, perfect.scenario)
    v2 = None if found is None else _line_total(perfect, choice, checking(found[0])[0])
    unit = perfect.cycle * perfect.settlement.scale
    preflop = comparison(PlayerValue(strategy, perfect, choice, v1, v0), game)
    parts = [CostPart("preflop", PREFLOP_WORDS, Fraction(v0 - v1, unit)),
             *_later_parts(strategy, None if found is None else found[1], v1, v2, v3, unit)]
    cost = whole.cost
    if sum((part.cost for part in parts), Fraction(0)) != cost \
            or preflop.departures_cost != parts[0].cost:
        raise AssertionError(f"strategy={strategy}: the parts of its cost do not add up to "
                             f"{cost}.")
    scenario = scenario_of(perfect.scenario)
    notes = (
        f"Seen: {scenario.description}. The strategy plays every street by its own rules "
        f"(player edge {percent(whole.expected_return)}, exactly "
        f"{exact(whole.expected_return)}); perfect use of what is seen is worth "
        f"{percent(whole.optimal_return)} (exactly {exact(whole.optimal_return)}). Its cost, "
        f"{percent(cost)} per Ante (exactly {exact(cost)}, the figure `edge table` prints), is "
        "split into parts, each the difference of two exact returns per Ante, that add up to it "
        "exactly (checked on every run).",
        "The parts, each the strategy against a strategy edge counts exactly, in the order "
        "listed: preflop, its preflop choices with the flop and river played perfectly after "
        "them, against perfect play; "
        + _order_words(strategy, None if found is None else found[1])
        + ". \"Perfectly\": the best play given all the player has seen by then.",
        "The preflop departures: in each state the strategy's preflop choice against perfect "
        "play's, both followed by the flop and river played perfectly given what is seen.",
    )
    return dataclasses.replace(preflop, strategy_return=whole.expected_return, notes=notes,
                               parts=tuple(parts))


def checking_of(paytable: PayTable, rules: UltimateTexasHoldemRules, perfect: ExposedSolution,
                run: RunSettings) -> Checking:
    """How a strategy's checking values and table return are found under the exposure of
    ``perfect``, as ``edge table`` finds them: with both dealer cards seen by its own count
    (:mod:`.rule_two`, whose states and 4x and 3x values must be the solve's), else per state
    of the solve (:mod:`.rule_exposed`)."""
    if perfect.scenario is Seen.DEALER_2:
        settle = settlement(paytable.as_dict(), rules.dealer_no_qualify)

        def counted(strategy: UthStrategy) -> tuple[IntArray, Fraction]:
            ruled = rule_two.solve_rule(strategy, settle, rules.ties_larger, jobs=run.jobs,
                                        use_cache=run.cache, progress=run.progress)
            own = ruled.solution
            if not (np.array_equal(own.state_cards, perfect.state_cards)
                    and np.array_equal(own.values[:, 1:], perfect.values[:, 1:])):
                raise AssertionError("The dealer-2 rule's count and solve list other states or "
                                     "other 4x and 3x values.")
            return own.values[:, 0].astype(np.int64), ruled.expected_return
        return counted

    def by_state(strategy: UthStrategy) -> tuple[IntArray, Fraction]:
        reaching = dataclasses.replace(strategy, preflop_optimal=True, preflop_rules=())

        def evaluation() -> practical.Evaluation:      # every holding reaches the flop
            dealt = dataclasses.replace(rules, seen=Seen.NONE, strategy=OPTIMAL)
            return practical.evaluate_cached(reaching, solve_main(paytable, dealt, run),
                                             jobs=run.jobs, progress=run.progress,
                                             use_cache=run.cache)

        values = rule_exposed.checking_values(strategy, perfect, evaluation=evaluation,
                                              jobs=run.jobs, use_cache=run.cache,
                                              progress=run.progress)
        return values, rule_exposed.rule_value(strategy, perfect, values).expected_return
    return by_state
