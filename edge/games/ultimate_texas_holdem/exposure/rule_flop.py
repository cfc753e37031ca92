"""Ultimate Texas Hold'em with one dealer card seen before the flop (``dealer-1``,
``dealer-1,flop-1``), the player checking, then playing the flop optimally given that card and
his own river rule, then following the river rule: the exact value of that checking line for
every preflop state (docs/protection.md, "Rules with their own flop and river steps").

The flop decision compares, per (holding, dealer card, flop), the value of 2x with that of
checking and then the rule's river, each a sum over the turn-rivers: the kernel
:mod:`._rule_flop` goes by flop class (1,755 representatives, each weighted by its orbit), all
1,176 turn-rivers of each (2,063,880 boards), with the rule's river decision per board and
holding from :func:`.._kernels.uth_board_records` (as :mod:`.rule_one` reads it). The sums are
spread over the 24 suit permutations as :mod:`.rule_one` does (divided by 24, checked), and the
4x line the same sweep counts must be the exposure solve's. The sweep checkpoints at least once
a minute of work beside its cache entry (:class:`edge.cache.Blocks`) and resumes.
"""

from __future__ import annotations

import functools
import hashlib
import json
import queue
import sys
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.games.ultimate_texas_holdem.exposure import _rule_flop, rule_one, sweep_one
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy

IntArray = npt.NDArray[np.int64]
SCENARIOS = (Seen.DEALER_1, Seen.DEALER_1_FLOP_1)


def counted(strategy: UthStrategy, scenario: Seen) -> bool:
    """Whether this module counts the strategy under the exposure: an ``"optimal"`` flop, a
    river by rules, and a dealer card seen before the flop (no turn-river card)."""
    return strategy.flop.optimal and not strategy.river.optimal and scenario in SCENARIOS


def boards_of(flop: npt.NDArray[np.int32]) -> npt.NDArray[np.int32]:
    """The flop's 1,176 five-card boards (ascending), in the kernel's turn-river order."""
    pairs = _rule_flop.turn_rivers(int(flop[0]), int(flop[1]), int(flop[2]))
    boards = np.sort(np.concatenate([np.tile(flop, (len(pairs), 1)), pairs], axis=1), axis=1)
    return np.ascontiguousarray(boards, dtype=np.int32)


@dataclass(frozen=True)
class FlopRule:
    """What every unit of one flop sweep reads: the rule's river as the kernels read it, the
    flop classes (representatives) and their weights, and whether the seen flop card's sums are
    kept."""

    strategy: UthStrategy
    river: practical.Program
    flops: npt.NDArray[np.int32]
    weights: IntArray
    with_flop: bool

    def key(self, settle: solver.Settlement, ties_larger: bool) -> dict[str, npt.NDArray[Any]]:
        """What a checkpoint must hold unchanged to be this sweep's."""
        digest = hashlib.sha256(json.dumps(rule_one.plan_key(self.strategy.river)).encode())
        return {"net": settle.array(), "fold": np.array(settle.fold),
                "ties_larger": np.array(ties_larger), "flops": self.flops,
                "weights": self.weights, "kept": np.array([self.with_flop]),
                "rule": np.frombuffer(digest.digest(), dtype=np.uint8)}


def _accumulators(with_flop: bool) -> dict[str, npt.NDArray[Any]]:
    sums = {name: np.zeros((52, solver.HOLDINGS), dtype=np.int64)
            for name in ("dealer", "four", "bets")}
    if with_flop:
        sums["flop"] = np.zeros((52 * 52, solver.HOLDINGS), dtype=np.int64)
    return sums


def _flop_task(rule: FlopRule, sweep: sweep_one.Sweep, bounds: tuple[int, int]
               ) -> tuple[int, int]:
    """One unit: flop classes ``start`` to ``stop`` added to a worker's sums."""
    start, stop = bounds
    out = sweep.take()
    try:
        for index in range(start, stop):
            flop = np.ascontiguousarray(rule.flops[index], dtype=np.int32)
            boards = boards_of(flop)
            records = np.zeros((len(boards), solver.HOLDINGS), dtype=np.uint64)
            _kernels.uth_board_records(boards, sweep.net, sweep.fold, sweep.ties_larger,
                                       records, rule.river)
            folds = ((records >> rule_one.STRATEGY_FOLD) & np.uint64(1)).astype(np.uint8)
            _rule_flop.optimal_flop(flop, int(rule.weights[index]), folds, sweep.net,
                                    sweep.fold, sweep.ties_larger, out["dealer"], out["four"],
                                    out["bets"], out.get("flop"))
        sweep.finished.append(bounds)
    finally:
        sweep.buffers.put(out)
    return bounds


def flop_sums(strategy: UthStrategy, settle: solver.Settlement, ties_larger: bool, *,
              with_flop: bool = False, classes: solver.FlopClasses | None = None,
              jobs: int | None = None, progress: bool = False,
              checkpoint: cache.Checkpoint | None = None) -> dict[str, IntArray]:
    """The flop sweep's sums, every state's (``dealer``, ``four``, ``bets`` ``[52, 1326]`` by
    dealer card and holding id; with ``with_flop`` ``flop`` ``[52 * 52, 1326]`` by dealer card
    and seen flop card): over every flop, or (tests) over the flops of ``classes``."""
    if classes is None:
        classes = solver.flop_classes()
    weights = np.array([classes.orbit_size(i) for i in range(len(classes.flops))],
                       dtype=np.int64)
    rule = FlopRule(strategy, practical.compile_plan(strategy.river),
                    np.ascontiguousarray(np.sort(classes.flops, axis=1), dtype=np.int32),
                    weights, with_flop)
    count = len(rule.flops)
    workers = parallel.workers(jobs, count)
    first = _accumulators(with_flop)
    blocks = cache.Blocks(f"ultimate-texas-holdem flop sweep of strategy {strategy}",
                          np.ones(count, dtype=np.int64), checkpoint=checkpoint,
                          progress=progress, key=rule.key(settle, ties_larger))
    first = blocks.resume(first) or first
    sweep = sweep_one.Sweep(settle.array(), settle.fold, ties_larger, queue.SimpleQueue())
    buffers = sweep_one.run_sweep(
        blocks, sweep, functools.partial(_flop_task, rule), count, workers,
        [first, *(_accumulators(with_flop) for _ in range(workers - 1))])
    parts = [buffers.get() for _ in range(workers)]
    return {name: rule_one.symmetrised(np.sum([part[name] for part in parts], axis=0))
            for name in parts[0]}


def _entry(scenario: Seen, strategy: UthStrategy, settle: solver.Settlement,
           ties_larger: bool) -> cache.Entry:
    """The cache entry of a scenario's checking values, named by the
    scenario, the pays, the ties rule, the rule's river as the kernels read it, and the code."""
    path = cache.entry_path("uth-exposed-optimal-flop", {
        "scenario": str(scenario), "net": settle.net, "fold": settle.fold,
        "scale": settle.scale, "ties_larger": ties_larger,
        "river": rule_one.plan_key(strategy.river), "arrays": ("checking",)},
        (sys.modules[__name__], _rule_flop, _kernels, practical))
    return cache.Entry(path, f"ultimate-texas-holdem seen={scenario}, an optimal flop and the "
                             "player's own river")


def checking_values(strategy: UthStrategy, solution: ExposedSolution, *,
                    jobs: int | None = None, use_cache: bool = True,
                    progress: bool = False) -> IntArray:
    """Each of the solve's listed states' exact value of checking, then the optimal flop given
    the seen dealer card and the strategy's river, then that river (scaled units, over the
    state's deals); the sweep checkpoints beside its cache entry and resumes."""
    scenario = solution.scenario
    if not counted(strategy, scenario):
        raise ValueError(f"seen={scenario} with strategy={strategy} is not counted here")
    entry = _entry(scenario, strategy, solution.settlement, solution.ties_larger)

    def load() -> IntArray | None:
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> IntArray:
            found: IntArray = arrays["checking"].astype(np.int64)
            if found.shape != (len(solution.state_cards),):
                raise ValueError("it holds another scenario's states")
            return found
        return entry.load(("checking",), accept)

    def solved(checkpoint: cache.Checkpoint) -> IntArray:
        sums = flop_sums(strategy, solution.settlement, solution.ties_larger,
                         with_flop=scenario is Seen.DEALER_1_FLOP_1, jobs=jobs,
                         progress=progress, checkpoint=checkpoint)
        return rule_one.dealer_checking(scenario, sums, solution)

    return cache.read_or_solve(entry, load, solved,
                               lambda values: entry.store({"checking": values}), use_cache)
