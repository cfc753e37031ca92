"""Ultimate Texas Hold'em with cards seen, the player following his own flop and river rules:
exact under every exposure but ``dealer-2`` (which :mod:`.rule_two` counts), docs/protection.md,
"Rules with their own flop and river steps".

A strategy file's flop rules read the holding and the flop, its river rules the holding and the
board: never a dealer card, so a seen dealer card changes only the preflop choice and, when the
river is played ``"optimal"``, the river (the better of 1x and a fold given the seen card). Each
preflop state of the exposure's solve (:class:`.ExposedSolution`: the holding and the seen cards)
gets the exact value of checking and then playing the rule; its 4x and 3x values are the solve's
(they do not depend on later play). The preflop chart and rules, or (``play = "optimal"``) the
best of the three values, then decide each state, and the return is the weighted sum of the
chosen values over the scenario's cycle.

- One dealer card seen (``dealer-1``, ``dealer-1,flop-1``, ``dealer-1,turn-river-1``, and
  ``dealer-1-river``, whose preflop state is the holding alone: the sum over the dealer card):
  the kernel :mod:`._rule_one` (driven by :mod:`.rule_one`) sweeps the 134,459 suit classes of
  five-card boards, each weighted by its orbit, for every seen dealer card d off the board, the
  44 dealer hands {d, x} against every holding; the ten splits of the board into flop and
  turn-river take the rule's flop decision on their flop. The sums are made for one
  representative per suit class and spread over the 24 suit permutations (each state's sum
  divided by 24, checked). The same sweep counts the 4x line of every state, which must equal
  the solve's: a check of every deal's outcome. An ``"optimal"`` flop
  with a river rule compares 2x with checking per (holding, dealer card, flop), sums over the
  turn-rivers that the board sweep does not keep: the flop sweep :mod:`.rule_flop` (kernel
  :mod:`._rule_flop`, by flop class) counts it under ``dealer-1`` and ``dealer-1,flop-1``; with
  a turn-river card seen before the flop it is refused (:func:`..rules.strategy_refusal`).
- Flop cards seen (``flop-1``, ``flop-2``, ``flop-3``): on the flop the player knows what he
  knows in the game as dealt, so the unexposed evaluation of the strategy
  (:func:`..strategy.practical.evaluate_cached`: per flop class and holding the value of 2x and
  of checking then the rule's river, and the rule's flop decision) gives every (holding, flop)
  value; a state's is the sum over the flops holding its seen cards. Any flop and river
  (rules or ``"optimal"``) are exact here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.games.ultimate_texas_holdem.exposure import rule_flop, rule_one
from edge.games.ultimate_texas_holdem.exposure.main_bet import (
    check_solution,
    cycle_note,
    scenario_of,
)
from edge.games.ultimate_texas_holdem.exposure.players import PlayerValue, RuleTable, rule_choice
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy
from edge.paytables import PayTable
from edge.table import ReturnTable, Row, exact, percent

IntArray = npt.NDArray[np.int64]


def checking_values(strategy: UthStrategy, solution: ExposedSolution, *,
                    evaluation: Callable[[], practical.Evaluation], jobs: int | None = None,
                    use_cache: bool = True, progress: bool = False) -> IntArray:
    """Each listed state's exact value of checking and then playing the strategy's flop and
    river: an ``"optimal"`` flop with a dealer card seen before it by the flop sweep
    (:mod:`.rule_flop`), the rest by :func:`.rule_one.checking_values`."""
    if rule_flop.counted(strategy, solution.scenario):
        return rule_flop.checking_values(strategy, solution, jobs=jobs, use_cache=use_cache,
                                         progress=progress)
    return rule_one.checking_values(strategy, solution, evaluation=evaluation, jobs=jobs,
                                    use_cache=use_cache, progress=progress)


def rule_value(strategy: UthStrategy, solution: ExposedSolution,
               checking: IntArray) -> PlayerValue:
    """The strategy's exact value under the exposure given every listed state's ``checking``
    value: its preflop chart and rules, or (an optimal preflop) the best of 4x, 3x and its own
    checking line, in each state; against the solve's perfect play."""
    check_solution(solution)
    values = solution.values.copy()
    values[:, 0] = checking
    ruled = dataclasses.replace(solution, values=values)
    if strategy.preflop_optimal:
        choice = solver.best_preflop(values[:, 2], values[:, 1], checking, solution.ties_larger)
    else:
        choice = rule_choice(strategy, solution)
    weight = solution.state_weight.astype(np.int64)
    picked = np.where(choice == 4, values[:, 2], np.where(choice == 3, values[:, 1], checking))
    best = np.max(solution.values, axis=1)
    return PlayerValue(strategy, ruled, choice, int((weight * picked).sum()),
                       int((weight * best).sum()))


def rule_table(value: PlayerValue, paytable: PayTable, options: Mapping[str, str], game: str,
               unexposed: ReturnTable) -> ReturnTable:
    """The exact return of a strategy that follows its own flop and river under an exposure
    other than ``dealer-2``: one row per preflop line with its exact average net (the values
    are kept per state, not by outcome), its cost against perfect use of the information and
    its gain against the game as dealt."""
    solution, strategy = value.solution, value.strategy
    scenario = scenario_of(solution.scenario)
    weight = solution.state_weight.astype(np.int64)
    column = np.where(value.choice == 4, 2, np.where(value.choice == 3, 1, 0))
    values = np.take_along_axis(solution.values, column[:, None], axis=1)[:, 0]
    rows = []
    for play, name in ((4, "preflop 4x"), (3, "preflop 3x"),
                       (0, "check, then his own flop and river")):
        chosen = value.choice == play
        deals = int(weight[chosen].sum()) * solution.deals_per_state
        if deals:
            net = Fraction(int((weight * values)[chosen].sum()),
                           deals * solution.settlement.scale)
            rows.append(Row(f"{name} (average net)", net, deals))
    shares = value.shares()
    gain = value.expected_return - unexposed.expected_return
    streets = "; ".join(
        (f"on the {plan.street.name.lower()} optimally given what he sees" if plan.optimal else
         "; ".join([plan.rule_words(rule.number) for rule in plan.rules] + [plan.rule_words(0)]))
        for plan in (strategy.flop, strategy.river))
    preflop = ("the best of 4x, 3x and checking given his own flop and river"
               if strategy.preflop_optimal else "his chart and preflop rules")
    notes = (
        cycle_note(solution.scenario, solution.cycle),
        f"Seen: {scenario.description}. The player follows strategy {strategy} on every street: "
        f"preflop {preflop} (4x on {percent(shares[4])} of the preflop states, 3x on "
        f"{percent(shares[3])}, check on {percent(shares[0])}); {streets}. Exact: every deal "
        "counted (docs/protection.md, \"Rules with their own flop and river steps\").",
        *([f"Strategy {strategy}: {strategy.description}"] if strategy.description else []),
        f"Against perfect use of the information (player edge {percent(value.optimal_return)}, "
        f"exactly {exact(value.optimal_return)}) the strategy costs {percent(value.cost)} per "
        f"Ante (exactly {exact(value.cost)}); against the game as dealt (optimal strategy, "
        f"{percent(unexposed.expected_return)}) it "
        + ("gains " if gain >= 0 else "gives up ") + f"{percent(abs(gain))} per Ante.",
        "Each row is one preflop line with its exact average net per Ante: the count keeps each "
        "state's value, not its outcomes, so the hit frequency, variance, standard deviation "
        "and average wager of single hands are not computed here.",
    )
    title = (f"Ultimate Texas Hold'em: Ante, Blind and Play, the player seeing {scenario.seen} "
             f"and playing {strategy} on every street, Blind {paytable.label()}")
    table = RuleTable(game, "main", tuple(rows), paytable, dict(options),
                      initial_wager=Fraction(1), notes=notes, title=title, basis="Ante",
                      initial_stake=Fraction(2))
    if table.expected_return != value.expected_return:
        raise RuntimeError("The rule's table does not give its own exact return.")
    return table
