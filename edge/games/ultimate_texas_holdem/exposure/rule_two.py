"""Ultimate Texas Hold'em with both dealer hole cards seen (``seen=dealer-2``), the player
following his own rule on every street: exact (docs/protection.md, "Rules with their own flop
and river steps").

A strategy file's preflop chart or rules decide each state (player holding P, dealer holding
D); its flop rules decide 2x or check on each flop F; its river rules play 1x or fold. With
both dealer cards seen, a flop rule may also read ``versus_dealer``: how P's five cards on the
flop (P + F) stand against the dealer's (D + F), behind, tied or ahead; a river rule reads
``versus_dealer`` alone (the 7-card hands, best five of each), for on the river the player
knows the result and nothing else changes what it is worth. E. Jacobson's "world's easiest
strategy" is such a rule (data/hole-card-jacobson-*.toml).

The count is the dealer-2 solve's (:mod:`._two`, :mod:`.dealer_two`): per (P, D, F) the 17
outcome counts over the 990 turn-rivers, in the row of the suit class of (P, D), to the 2x half
when the flop is bet and the checked half otherwise. Only the flop decision differs: the
rule's, from ``plan[F, versus, P]`` (:func:`flop_plans`: the flop rules compiled for each of
the three values of ``versus_dealer``, every other feature read by the kernels' own
``uth_flop_plan`` on the flop class representative) in the kernel :mod:`._rule_two`; a flop
played ``"optimal"`` takes the dealer-2 kernel itself, which compares 2x with checking given
the rule's river. The river rule is a play-or-fold per outcome category (win, tie or loss),
applied to the checked counts. Every state's 4x, 3x and check values, and the counts of the
rule's lines, follow exactly, in integers.
"""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.cache import Blocks, Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _rule_two, _two, dealer_two
from edge.games.ultimate_texas_holdem.exposure.players import rule_choice
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.solve import _kernels
from edge.games.ultimate_texas_holdem.solve import solver as solve
from edge.games.ultimate_texas_holdem.solve.solver import FlopClasses, Settlement
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.features import Feature
from edge.games.ultimate_texas_holdem.strategy.language import StreetPlan, UthStrategy

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
CATEGORIES = solve.CATEGORIES
ROW = _two.ROW
BEHIND, TIED, AHEAD = range(3)
# how the player's hand stands against the dealer's in each outcome category: the 14 wins,
# the tie, the two losses
VERSUS_OF_CATEGORY = np.array([AHEAD] * 14 + [TIED, BEHIND, BEHIND], dtype=np.int64)


def fixed_versus(plan: StreetPlan, versus: int) -> StreetPlan:
    """``plan`` for hands whose ``versus_dealer`` is ``versus``: a rule whose condition on it
    fails is dropped, one whose condition holds keeps its other conditions."""
    rules = []
    for rule in plan.rules:
        tests = [c for c in rule.conditions if c.feature == Feature.VERSUS_DEALER]
        if all(versus in c.allowed for c in tests):
            rules.append(replace(rule, conditions=tuple(
                c for c in rule.conditions if c.feature != Feature.VERSUS_DEALER)))
    return replace(plan, rules=tuple(rules))


def river_plays(plan: StreetPlan, settle: Settlement, ties_larger: bool) -> BoolArray:
    """Per outcome category whether the river plays 1x: by the river rules (which read only
    ``versus_dealer``), or, played optimally, where 1x is worth more than a fold."""
    if plan.optimal:
        return dealer_two.river_values(settle, ties_larger)[1]
    fixed = [fixed_versus(plan, versus) for versus in range(3)]
    if any(rule.conditions for one in fixed for rule in one.rules):
        raise ValueError("river rules with seen=dealer-2 read only versus_dealer")
    by_versus = [one.decide(()) for one in fixed]
    plays: BoolArray = np.array(by_versus, dtype=bool)[VERSUS_OF_CATEGORY]
    return plays


def river_values(plan: StreetPlan, settle: Settlement, ties_larger: bool) -> IntArray:
    """Per outcome category the scaled value of the river after two checks under ``plan``."""
    values: IntArray = np.where(river_plays(plan, settle, ties_larger), settle.array()[1],
                                settle.fold).astype(np.int64)
    return values


def flop_plans(plan: StreetPlan, flops: npt.NDArray[np.int32]) -> npt.NDArray[np.uint8]:
    """The rule's flop decision ``[flop, versus, holding id]`` (1 bet 2x, 0 check) for flop
    class representatives ``flops``; holdings sharing a card with the flop get 0."""
    out = np.zeros((len(flops), 3, solve.HOLDINGS), dtype=np.uint8)
    for versus in range(3):
        decided = np.zeros((len(flops), solve.HOLDINGS), dtype=np.uint8)
        numbers = np.zeros_like(decided)
        _kernels.uth_flop_plan(np.ascontiguousarray(flops, dtype=np.int32),
                               practical.compile_plan(fixed_versus(plan, versus)), decided,
                               numbers)
        out[:, versus] = decided
    return out


@dataclass(frozen=True)
class _Work:
    """What the worker units of one count read (see :func:`solve_rows`)."""

    flops: npt.NDArray[np.int32]
    index: npt.NDArray[np.int32]
    plans: npt.NDArray[np.uint8] | None      # None: the flop played optimally
    net2: IntArray
    river: IntArray
    ties_larger: bool


def _flops_task(work: _Work, bounds: tuple[int, int]
                ) -> tuple[tuple[int, int], npt.NDArray[np.int32]]:
    start, stop = bounds
    rows = np.zeros((work.index.max() + 1, ROW), dtype=np.int32)
    flops = np.ascontiguousarray(work.flops[start:stop])
    if work.plans is None:
        _two.solve_flops(flops, work.index, work.net2, work.river, work.ties_larger, rows)
    else:
        _rule_two.solve_flops(flops, work.index, np.ascontiguousarray(work.plans[start:stop]),
                              rows)
    return bounds, rows


def solve_rows(strategy: UthStrategy, settle: Settlement, ties_larger: bool, *,
               jobs: int | None = None, progress: bool = False,
               classes: FlopClasses | None = None,
               checkpoint: Checkpoint | None = None) -> IntArray:
    """Every state class's row (17 counts after a flop 2x, 17 after a flop check, the flops
    bet, a spare column) under the strategy's flop and river, summed over ``classes``
    (default every flop class), as int64 ``[states, 36]``."""
    chosen = classes if classes is not None else solve.flop_classes()
    flops = chosen.flops.astype(np.int32)
    plans = None if strategy.flop.optimal else flop_plans(strategy.flop, flops)
    river = river_values(strategy.river, settle, ties_larger)
    # the river is in the rows only through an optimal flop's comparison
    river_key = river if plans is None else np.zeros(0, dtype=np.int64)
    blocks = Blocks("ultimate-texas-holdem seen=dealer-2, the player's own rule",
                    np.ones(len(flops), dtype=np.int64), checkpoint=checkpoint,
                    progress=progress, key={"net": settle.array(), "river": river_key,
                                            "ties_larger": np.array(ties_larger),
                                            "flops": chosen.flops,
                                            "plans": plans if plans is not None
                                            else np.zeros(0, dtype=np.uint8)})
    table = dealer_two.states()
    total = np.zeros((len(table.weight), ROW), dtype=np.int64)
    resumed = blocks.resume({"rows": total})
    if resumed is not None:
        total = resumed["rows"]
    workers = jobs or parallel.available_cores()
    pieces = max(8, 60 * workers) if classes is None else len(flops)
    bounds = np.linspace(0, len(flops), pieces + 1).round().astype(int)
    tasks = blocks.tasks([(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True)
                          if b > a])
    work = _Work(flops, table.index, plans, np.ascontiguousarray(settle.array()[2]), river,
                 ties_larger)
    try:
        with blocks.start():
            for (start, stop), rows in parallel.map(functools.partial(_flops_task, work), tasks,
                                                    workers):
                with blocks.adding(start, stop):
                    total += rows
                if blocks.due():
                    blocks.save({"rows": total})
    except KeyboardInterrupt:
        blocks.save_interrupted(lambda: {"rows": total})
        raise
    return total


@dataclass(frozen=True)
class RuleSolution:
    """A strategy's exact play with both dealer cards seen: ``solution`` holds, per state,
    the rule's preflop choice and the exact value of 4x, 3x and checking (then the rule's flop
    and river), and the counts of the rule's lines; ``flop_bets`` the (state, flop) pairs of
    the checked states bet 2x on the flop."""

    strategy: UthStrategy
    solution: ExposedSolution
    flop_bets: int

    @property
    def expected_return(self) -> Fraction:
        """The rule's exact expected return per Ante."""
        counts = self.solution.counts
        net = self.solution.settlement.array()
        total = sum(int(counts[p] @ net[p]) for p in (1, 2, 3, 4))
        total += self.solution.folds * self.solution.settlement.fold
        return Fraction(total, self.solution.cycle * self.solution.settlement.scale)


def rule_solution(strategy: UthStrategy, rows: IntArray, settle: Settlement,
                  ties_larger: bool) -> RuleSolution:
    """The rule's play from the state rows of a whole count (see :func:`solve_rows`)."""
    table = dealer_two.states()
    weight = table.weight
    dealt = rows[:, :2 * CATEGORIES].sum(axis=1)
    if not (dealt == weight * dealer_two.DEALS_PER_STATE).all() or (
            rows[:, :2 * CATEGORIES] % weight[:, None]).any():
        raise RuntimeError("The dealer-2 rule's count lost deals: its totals do not add up.")
    bet, checked = rows[:, :CATEGORIES], rows[:, CATEGORIES:2 * CATEGORIES]
    net = settle.array()
    plays = river_plays(strategy.river, settle, ties_larger)
    river = river_values(strategy.river, settle, ties_larger)
    one_bet, one_check = bet // weight[:, None], checked // weight[:, None]
    values = np.stack([one_bet @ net[2] + one_check @ river, (one_bet + one_check) @ net[3],
                       (one_bet + one_check) @ net[4]], axis=1).astype(np.int64)
    best = solve.best_preflop(values[:, 2], values[:, 1], values[:, 0], ties_larger)
    solution = ExposedSolution(
        scenario=Seen.DEALER_2, settlement=settle, ties_larger=ties_larger, cycle=solve.CYCLE,
        counts={}, folds=0, decisions=(), state_cards=table.cards, state_weight=weight,
        choice=best, values=values, deals_per_state=dealer_two.DEALS_PER_STATE)
    choice = rule_choice(strategy, solution).astype(np.int8)
    counts = {4: (bet + checked)[choice == 4].sum(axis=0),
              3: (bet + checked)[choice == 3].sum(axis=0),
              2: bet[choice == 0].sum(axis=0),
              1: np.where(plays, checked[choice == 0].sum(axis=0), 0)}
    folds = int(checked[choice == 0][:, ~plays].sum())
    if sum(int(c.sum()) for c in counts.values()) + folds != solve.CYCLE:
        raise RuntimeError("The dealer-2 rule's lines do not add up to the cycle.")
    solution = replace(solution, choice=choice, folds=folds,
                       counts={p: c.astype(np.int64) for p, c in counts.items()},
                       decisions=solve.line_decisions(counts, folds))
    return RuleSolution(strategy, solution, int(rows[choice == 0, 34].sum()))


def _entry(strategy: UthStrategy, settle: Settlement, ties_larger: bool) -> cache.Entry:
    """The disk cache entry of the state rows, named by the pays, the ties rule, the rule's
    flop and river as the kernels read them and the code that counts."""
    plan = "optimal" if strategy.flop.optimal else [
        [array.tolist() if isinstance(array, np.ndarray) else array
         for array in practical.compile_plan(fixed_versus(strategy.flop, versus))]
        for versus in range(3)]
    # the river is in the rows only through an optimal flop's comparison: one entry serves
    # every river rule after a flop rule
    river = (river_values(strategy.river, settle, ties_larger).tolist()
             if strategy.flop.optimal else "not counted")
    path = cache.entry_path("uth-dealer-two-rule", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": ties_larger, "flop": plan, "river": river, "arrays": ("rows",)},
        (sys.modules[__name__], dealer_two, solve, _kernels, _two, _rule_two, practical))
    return cache.Entry(path, "ultimate-texas-holdem seen=dealer-2, the player's own rule")


def solve_rule(strategy: UthStrategy, settle: Settlement, ties_larger: bool = False, *,
               jobs: int | None = None, use_cache: bool = True,
               progress: bool = False) -> RuleSolution:
    """The exact play of ``strategy`` with both dealer cards seen (cached on disk; minutes
    the first time, like the dealer-2 solve)."""
    entry = _entry(strategy, settle, ties_larger)

    def load() -> IntArray | None:
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> IntArray:
            return arrays["rows"].astype(np.int64)
        return entry.load(("rows",), accept)

    def solved(checkpoint: Checkpoint) -> IntArray:
        return solve_rows(strategy, settle, ties_larger, jobs=jobs, progress=progress,
                          checkpoint=checkpoint)

    rows = cache.read_or_solve(entry, load, solved,
                               lambda rows: entry.store({"rows": rows.astype(np.int32)}),
                               use_cache)
    return rule_solution(strategy, rows, settle, ties_larger)

