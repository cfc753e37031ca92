"""The exact return of any Ultimate Texas Hold'em strategy written in the strategy language.

The evaluation is the optimal solve's backward pass (:mod:`.solve`) with the decisions taken
from the strategy instead of the maximum:

- river: every 5-card board class's records (dealer counts per holding) get the strategy's
  1x-or-fold decision beside the optimal one (``_kernels.uth_board_records`` with a plan);
- flop: per flop class and holding, the turn-river sums of "bet 2x", "check, then the optimal
  river" and "check, then the strategy's river"; the strategy's flop decision picks one
  (``_kernels.uth_flop_plan``, ``_kernels.uth_strategy_flops``);
- preflop: the chart picks 4x, 3x or the checking line per holding.

Every decision is suit-symmetric (:mod:`.strategy_language`), so each is computed once per suit
class. The departures from optimal play are priced on the way: at a decision point p reached
under the strategy, taking action a instead of the best costs V*(p) - Q*(p, a), where Q* is the
value of a followed by optimal play. Summed over every point the strategy reaches, weighted by
how often it reaches it, these costs telescope to exactly the optimal return minus the
strategy's (checked in tests/test_uth_strategies.py).
"""

from __future__ import annotations

import dataclasses
import functools
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.strategy.features import MAX_VALUE
from edge.games.ultimate_texas_holdem.strategy.language import (
    HOLDING_CARDS,
    HOLDING_CLASSES,
    StreetPlan,
    UthStrategy,
)
from edge.strategies import Departure, StrategyComparison, largest_first

IntArray = npt.NDArray[np.int64]
Program = tuple[npt.NDArray[np.int32], npt.NDArray[np.uint64], npt.NDArray[np.int32], int, bool]
RIVER_GROUPS = 16


def compile_plan(plan: StreetPlan) -> Program:
    """A flop or river plan as the kernels read it: per rule the features tested and their
    allowed values as two 64-bit masks, the actions, ``otherwise`` and whether it is optimal."""
    width = max([len(rule.conditions) for rule in plan.rules] + [1])
    features = np.full((len(plan.rules), width), -1, dtype=np.int32)
    masks = np.zeros((len(plan.rules), width, 2), dtype=np.uint64)
    for r, rule in enumerate(plan.rules):
        for k, condition in enumerate(rule.conditions):
            if max(condition.allowed, default=0) > MAX_VALUE:
                raise ValueError(f"a value above {MAX_VALUE} in {condition.text}")
            features[r, k] = int(condition.feature)
            masks[r, k] = condition.masks()
    actions = np.array([rule.action for rule in plan.rules], dtype=np.int32)
    return features, masks, actions, plan.otherwise, plan.optimal


@dataclass(frozen=True)
class Evaluation:
    """A strategy's exact play, per holding id (the layout of :class:`solve.Solution`).

    ``choice[h]``: the preflop Play (4, 3 or 0 to check). ``bet``/``check``/``extra``: the
    checking line's counts (flop 2x, river 1x, turn-river pairs folded in ``extra[:, 0]``,
    flops bet in ``extra[:, 2]``). ``flop_values[c, h]``: per flop class (rows of
    :func:`solve.flop_classes`) and holding, (2x, check then optimal river, check then the
    strategy's river) in scaled units; ``flop_decisions``/``flop_rules``: the decision taken
    and the deciding rule. ``river_cost``/``river_points`` ``[1326, 16]``: the river departures
    by holding (as it stands on its flop class's representative) and deciding rule, for flops
    the strategy checks (not yet weighted by the preflop decision). With a fixed preflop chart
    the holdings it bets 4x or 3x never reach the flop: their flop and river entries (and
    ``bet``, ``check``, ``extra``) are 0.
    """

    strategy: UthStrategy
    solution: solver.Solution
    choice: npt.NDArray[np.int8]
    bet: IntArray
    check: IntArray
    extra: IntArray
    flop_values: IntArray
    flop_decisions: npt.NDArray[np.uint8]
    flop_rules: npt.NDArray[np.uint8]
    river_cost: IntArray
    river_points: IntArray

    @property
    def settlement(self) -> solver.Settlement:
        """The pays the evaluation used."""
        return self.solution.settlement

    def checking_values(self) -> IntArray:
        """Each holding's value (scaled units, all its deals) of checking before the flop and
        then playing the strategy's flop and river."""
        net = self.settlement.array()
        values: IntArray = (self.bet @ net[2] + self.check @ net[1]
                            + self.extra[:, 0] * solver.DEALER_HOLDINGS * self.settlement.fold)
        return values

    def counts(self) -> dict[int, IntArray]:
        """The deals of each outcome category per final Play size (4, 3, 2, 1)."""
        checked = self.choice == 0
        return {4: self.solution.play[self.choice == 4].sum(axis=0),
                3: self.solution.play[self.choice == 3].sum(axis=0),
                2: self.bet[checked].sum(axis=0), 1: self.check[checked].sum(axis=0)}

    def folds(self) -> int:
        """The deals folded on the river."""
        return int(self.extra[self.choice == 0, 0].sum()) * solver.DEALER_HOLDINGS

    def total(self) -> int:
        """The strategy's total net result over the cycle, in scaled units."""
        four, three, _ = self.solution.line_values()
        checking = self.checking_values()
        return int(np.where(self.choice == 4, four,
                            np.where(self.choice == 3, three, checking)).sum())

    def expected_return(self) -> Fraction:
        """The exact expected net result per Ante."""
        return Fraction(self.total(), solver.CYCLE * self.settlement.scale)


@dataclass(frozen=True)
class _Work:
    """What the worker units of one evaluation read and write, passed to each (every
    evaluation has its own, so two in one process never see each other's): the pays, the
    flop and board classes, the compiled plans, the board records (written by the records
    units before the flop units read them) and the flop units' values and decisions (each
    unit its own rows)."""

    net: IntArray
    fold: int
    ties_larger: bool
    classes: solver.FlopClasses
    boards: npt.NDArray[np.int32]
    keys: npt.NDArray[np.uint64]
    river: Program
    reached: npt.NDArray[np.uint8] | None
    records: npt.NDArray[np.uint64]
    plan: npt.NDArray[np.uint8]
    river_actions: npt.NDArray[np.uint8]
    values: IntArray
    decisions: npt.NDArray[np.uint8]


def _records_task(work: _Work, bounds: tuple[int, int]) -> int:
    start, stop = bounds
    _kernels.uth_board_records(work.boards[start:stop], work.net, work.fold, work.ties_larger,
                               work.records[start:stop], work.river)
    return stop - start


def _flops_task(work: _Work, bounds: tuple[int, int]
                ) -> tuple[tuple[int, int], tuple[IntArray, ...], IntArray, IntArray]:
    start, stop = bounds
    classes = work.classes
    offsets = classes.image_offsets[start:stop + 1]
    perms = classes.image_perms[offsets[0]:offsets[-1]]
    cost = np.zeros((solver.HOLDINGS, RIVER_GROUPS), dtype=np.int64)
    points = np.zeros((solver.HOLDINGS, RIVER_GROUPS), dtype=np.int64)
    result = _kernels.uth_strategy_flops(
        np.ascontiguousarray(classes.flops[start:stop]),
        np.ascontiguousarray(offsets - offsets[0]), np.ascontiguousarray(perms),
        work.net, work.fold, work.ties_larger, work.records, work.keys,
        work.plan[start:stop], work.values[start:stop], work.decisions[start:stop], cost,
        points, work.river_actions, work.reached)
    return bounds, result, cost, points


def _chunks(total: int, pieces: int) -> list[tuple[int, int]]:
    bounds = np.linspace(0, total, pieces + 1).round().astype(int)
    return [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True) if b > a]


def _chart(strategy: UthStrategy) -> npt.NDArray[np.int8]:
    return np.array([strategy.preflop[name] for name in HOLDING_CLASSES], dtype=np.int8)


def preflop_choice(strategy: UthStrategy, solution: solver.Solution,
                   checking: IntArray) -> npt.NDArray[np.int8]:
    """Each holding's preflop Play under the strategy: its chart, or (``play = "optimal"``) the
    best of 4x, 3x and its own checking line; equal values follow the solve's ``ties``."""
    if not strategy.preflop_optimal:
        return _chart(strategy)
    four, three, _ = solution.line_values()
    return solver.best_preflop(four, three, checking, solution.ties_larger)


def evaluate(strategy: UthStrategy, solution: solver.Solution, *, jobs: int | None = None,
             progress: bool = False, classes: solver.FlopClasses | None = None) -> Evaluation:
    """The exact play of ``strategy`` under the pays of ``solution`` (the optimal solve, which
    gives the 4x and 3x lines and the optimal values the departures are priced against).
    ``classes`` (for tests) evaluates only those flop classes: a partial result, to compare
    with ``solve.solve(..., classes=...)``."""
    settle = solution.settlement
    workers = jobs or parallel.available_cores()
    boards, keys = _kernels.uth_board_classes()
    if classes is None:
        classes = solver.flop_classes()
    else:        # only the board classes these flops reach
        rows = np.flatnonzero(np.isin(keys, solver.board_keys(solver.flop_boards(classes.flops))))
        boards, keys = np.ascontiguousarray(boards[rows]), np.ascontiguousarray(keys[rows])
    n_flops = len(classes.flops)
    plan = np.zeros((n_flops, solver.HOLDINGS), dtype=np.uint8)
    rules = np.zeros((n_flops, solver.HOLDINGS), dtype=np.uint8)
    _kernels.uth_flop_plan(classes.flops, compile_plan(strategy.flop), plan, rules)
    # a chart fixed in advance: the holdings it bets 4x or 3x never see the flop, which is
    # then played for the others only (an optimal preflop needs every checking line)
    reached = None if strategy.preflop_optimal else (_chart(strategy) == 0).astype(np.uint8)
    work = _Work(
        net=settle.array(), fold=settle.fold, ties_larger=solution.ties_larger,
        classes=classes, boards=boards, keys=keys, river=compile_plan(strategy.river),
        reached=reached,
        records=np.zeros((len(keys), solver.HOLDINGS), dtype=np.uint64), plan=plan,
        river_actions=np.array([strategy.river.otherwise]
                               + [rule.action for rule in strategy.river.rules], dtype=np.uint8),
        values=np.zeros((n_flops, solver.HOLDINGS, 3), dtype=np.int64),
        decisions=np.zeros((n_flops, solver.HOLDINGS), dtype=np.uint8))
    totals = [np.zeros((solver.HOLDINGS, solver.CATEGORIES), dtype=np.int64) for _ in range(2)]
    totals.append(np.zeros((solver.HOLDINGS, 4), dtype=np.int64))
    cost = np.zeros((solver.HOLDINGS, RIVER_GROUPS), dtype=np.int64)
    points = np.zeros((solver.HOLDINGS, RIVER_GROUPS), dtype=np.int64)
    with parallel.Progress("evaluating the strategy", len(keys) + 300 * n_flops,
                           progress) as bar:
        board_tasks = _chunks(len(keys), max(16, 8 * workers))
        for done in parallel.map(functools.partial(_records_task, work), board_tasks, workers):
            bar.advance(done)
        flop_tasks = _chunks(n_flops, max(32, 24 * workers))
        for (start, stop), arrays, part_cost, part_points in parallel.map(
                functools.partial(_flops_task, work), flop_tasks, workers):
            for total, part in zip(totals, arrays, strict=True):
                total += part
            cost += part_cost
            points += part_points
            bar.advance(300 * (stop - start))
    values, decisions = work.values, work.decisions
    bet, check, extra = totals
    net = settle.array()
    checking = (bet @ net[2] + check @ net[1]
                + extra[:, 0] * solver.DEALER_HOLDINGS * settle.fold)
    choice = preflop_choice(strategy, solution, checking)
    return Evaluation(strategy, solution, choice, bet, check, extra, values, decisions, rules,
                      cost, points)


# One evaluation (about 60 MB: the flop values of every class and holding): a table, a report
# and a comparison of one strategy share it; another strategy or pays take its place.
_CACHE: cache.Memo[tuple[str, tuple[tuple[int, ...], ...], int, bool], Evaluation] = cache.Memo(1)
# The arrays of an evaluation's disk cache entry (the strategy and the solve are the caller's).
STORED = ("choice", "bet", "check", "extra", "flop_values", "flop_decisions", "flop_rules",
          "river_cost", "river_points")


def evaluate_cached(strategy: UthStrategy, solution: solver.Solution, *,
                    jobs: int | None = None, progress: bool = False,
                    use_cache: bool = True) -> Evaluation:
    """:func:`evaluate`, cached on disk like the solves (:func:`evaluation_entry`) and kept for
    the last strategy and pays asked for in this process (a table, a report and a comparison
    of one strategy share one evaluation; two strategies that decide alike, whatever their
    names, share it too). The result carries the strategy asked for. ``use_cache=False``
    evaluates afresh and still writes the entry."""
    settle = solution.settlement
    decided = repr((strategy.preflop_optimal, strategy.chart, strategy.flop, strategy.river))
    key = (decided, settle.net, settle.fold, solution.ties_larger)
    entry = evaluation_entry(strategy, solution)

    def made() -> Evaluation:
        return cache.read_or_solve(
            entry, lambda: _load(entry, strategy, solution),
            lambda _: evaluate(strategy, solution, jobs=jobs, progress=progress),
            lambda evaluation: entry.store(
                {name: getattr(evaluation, name) for name in STORED}), use_cache)

    found = _CACHE.get(key, made) if use_cache else made()
    return found if found.strategy is strategy else dataclasses.replace(found, strategy=strategy)


def evaluation_entry(strategy: UthStrategy, solution: solver.Solution) -> cache.Entry:
    """The disk cache entry of a strategy's evaluation, named by what the kernels read of the
    strategy (the preflop chart, or none when the preflop is optimal, and the compiled flop and
    river plans), the pays, the ties rule and the code of this module, the solve's and their
    kernels."""
    settle = solution.settlement
    path = cache.entry_path("uth-strategy", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": solution.ties_larger,
        "chart": None if strategy.preflop_optimal else _chart(strategy).tolist(),
        "flop": _program_key(compile_plan(strategy.flop)),
        "river": _program_key(compile_plan(strategy.river)), "arrays": STORED},
        (sys.modules[__name__], solver, _kernels))
    return cache.Entry(path, "ultimate-texas-holdem strategy evaluation")


def _program_key(program: Program) -> list[object]:
    features, masks, actions, otherwise, optimal = program
    return [features.tolist(), masks.tolist(), actions.tolist(), otherwise, optimal]


def _load(entry: cache.Entry, strategy: UthStrategy, solution: solver.Solution
          ) -> Evaluation | None:
    """The cached evaluation, or None when there is none or it is damaged."""
    flops = solution.flop_decisions.shape[0]
    shapes = {"choice": (solver.HOLDINGS,), "bet": (solver.HOLDINGS, solver.CATEGORIES),
              "check": (solver.HOLDINGS, solver.CATEGORIES), "extra": (solver.HOLDINGS, 4),
              "flop_values": (flops, solver.HOLDINGS, 3),
              "flop_decisions": (flops, solver.HOLDINGS), "flop_rules": (flops, solver.HOLDINGS),
              "river_cost": (solver.HOLDINGS, RIVER_GROUPS),
              "river_points": (solver.HOLDINGS, RIVER_GROUPS)}

    def accept(arrays: dict[str, npt.NDArray[Any]]) -> Evaluation:
        wrong = [name for name in STORED if arrays[name].shape != shapes[name]]
        if wrong:
            raise ValueError(f"the arrays {', '.join(wrong)} have the wrong shape")
        return Evaluation(strategy, solution, **arrays)

    return entry.load(STORED, accept)


# --- departures from optimal play ---------------------------------------------------------------

def _orbit_sizes(classes: solver.FlopClasses) -> IntArray:
    sizes: IntArray = np.diff(classes.image_offsets).astype(np.int64)
    return sizes


def departures(evaluation: Evaluation) -> tuple[Departure, ...]:
    """Every departure group with its exact cost, largest first; the costs add up to exactly
    the optimal return minus the strategy's (the telescoping identity)."""
    solution, strategy = evaluation.solution, evaluation.strategy
    scale = solver.CYCLE * solution.settlement.scale
    found: list[Departure] = []
    # preflop: V* - Q*(chosen line), Q* of checking = the optimal checking line
    four, three, checking = solution.line_values()
    lines = {4: four, 3: three, 0: checking}
    best = np.maximum(np.maximum(four, three), checking)
    optimal_choice = solution.preflop_choice()
    names = {4: "4x", 3: "3x", 0: "check"}
    by_class: dict[tuple[str, int, int], list[int]] = {}
    for h in range(solver.HOLDINGS):
        chosen, ideal = int(evaluation.choice[h]), int(optimal_choice[h])
        if chosen == ideal:
            continue
        key = (HOLDING_CLASSES[h], chosen, ideal)
        entry = by_class.setdefault(key, [0, 0])
        entry[0] += solver.DEALS_PER_HOLDING
        entry[1] += int(best[h] - lines[chosen][h])
    for (name, chosen, ideal), (deals, cost) in by_class.items():
        found.append(Departure(name, names[chosen], names[ideal],
                               Fraction(deals, solver.CYCLE), Fraction(cost, scale),
                               "preflop"))
    # flop: points reached by holdings that check preflop, weighted by the flops they stand for
    classes = solver.flop_classes()
    sizes = _orbit_sizes(classes)
    checked = (evaluation.choice == 0)
    values = evaluation.flop_values
    bet_value, optimal_check, _ = values[..., 0], values[..., 1], values[..., 2]
    taken = evaluation.flop_decisions.astype(bool)
    ideal_bets = (bet_value > optimal_check) | ((bet_value == optimal_check)
                                                & solution.ties_larger)
    reach = np.zeros_like(taken)
    reach[:, :] = checked[None, :]
    on_flop = np.ones_like(taken)
    flops = classes.flops.astype(np.int64)
    pair_cards = HOLDING_CARDS
    for k in range(3):
        on_flop &= (pair_cards[None, :, 0] != flops[:, k, None])
        on_flop &= (pair_cards[None, :, 1] != flops[:, k, None])
    reach &= on_flop
    differs = reach & (taken != ideal_bets)
    best_flop = np.maximum(bet_value, optimal_check)
    flop_cost = np.where(taken, best_flop - bet_value, best_flop - optimal_check)
    per_deal = solver.TURN_RIVERS * solver.DEALER_HOLDINGS
    for rule_number in np.unique(evaluation.flop_rules[differs]):
        chosen_rule = differs & (evaluation.flop_rules == rule_number)
        for bets in (True, False):
            group = chosen_rule & (taken == bets)
            if not group.any():
                continue
            weights = sizes[:, None] * group
            deals = int(weights.sum()) * per_deal
            total = int((flop_cost * weights).sum())
            found.append(Departure(_rule_text(strategy.flop, int(rule_number)),
                                   "bet 2x" if bets else "check",
                                   "check" if bets else "bet 2x",
                                   Fraction(deals, solver.CYCLE), Fraction(total, scale),
                                   "flop"))
    # river: points reached by holdings that check preflop and on the flop
    river_cost = (evaluation.river_cost * checked[:, None]).sum(axis=0)
    river_points = (evaluation.river_points * checked[:, None]).sum(axis=0)
    for rule_number in range(RIVER_GROUPS):
        if river_points[rule_number] == 0:
            continue
        action = (strategy.river.rules[rule_number - 1].action if rule_number
                  else strategy.river.otherwise)
        found.append(Departure(_rule_text(strategy.river, rule_number),
                               "play 1x" if action else "fold",
                               "fold" if action else "play 1x",
                               Fraction(int(river_points[rule_number]) * solver.DEALER_HOLDINGS,
                                        solver.CYCLE),
                               Fraction(int(river_cost[rule_number]), scale), "river"))
    return largest_first(found)


def _rule_text(plan: StreetPlan, number: int) -> str:
    if plan.optimal:
        return "optimal play"
    return plan.rule_words(number)


def optimal_return(solution: solver.Solution) -> Fraction:
    """The optimal strategy's exact expected net result per Ante."""
    four, three, checking = solution.line_values()
    best = np.maximum(np.maximum(four, three), checking)
    return Fraction(int(best.sum()), solver.CYCLE * solution.settlement.scale)


def comparison(evaluation: Evaluation, game: str, bet: str,
               strategy: UthStrategy | None = None) -> StrategyComparison:
    """The strategy against the optimal one: both exact returns per Ante and every departure
    (their costs add up to exactly the difference). ``strategy``: the one to name, when the
    evaluation was shared with another that decides alike."""
    strategy = strategy or evaluation.strategy
    notes = ["Departures are grouped by street and by the strategy's deciding rule (preflop: "
             "by class); frequency is the share of all deals that reach such a point and "
             "depart there; cost is per Ante.",
             "River points are counted per (flop, turn-river) deal of the board to the player "
             "before the dealer's cards: each is 990 deals.",
             "An unseen card beats the player when, with the five board cards alone, it makes "
             "a better hand than his best five of seven (45 cards are unseen on the river); a "
             "hole card lifts his hand above the board's kind when his kind of hand (pair, two "
             "pair, ...) is above the board's own."]
    if strategy.info.published_house_edge is not None:
        notes.append(f"Published house edge of {strategy.name}: {strategy.info.published_text}"
                     f"{' (' + strategy.info.source + ')' if strategy.info.source else ''}.")
    return StrategyComparison(game, bet, strategy, optimal_return(evaluation.solution),
                              evaluation.expected_return(), departures(evaluation),
                              unit="per Ante", notes=tuple(notes))
