"""Exact solve of Ultimate Texas Hold'em with one dealer hole card seen at the river
(``seen=dealer-1-river``; docs/protection.md).

The player decides preflop on his two cards and on the flop on (holding, flop), as in the game
as dealt, then sees one of the dealer's two hole cards d before the river decision: there he
plays 1x or folds on (holding, board, d), by the exact value of 1x over the dealer's 44 hands
{d, x} left. The flop compares 2x with "check, then that informed river decision" summed over
the turn-river pairs and d; the preflop state (the holding alone) compares 4x, 3x and checking.

The kernel ``_river.river_dealer_lines`` gives the flop state's lines of every holding on one
flop (counting every (board, d, x): each deal of the game twice, once for each hole card the
player may see: the ways factor 2). The sweep runs over the suit classes of flops; a class's
lines, times its orbit size, are added to the holdings moved by each of the 24 suit
permutations, which gives 24 times every holding's lines summed over all flops (the division
is checked). The solution lists the 1,326 holdings.
"""

from __future__ import annotations

import functools
import queue
import sys
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import parallel
from edge.cache import Blocks, Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _river, dealer_one, flop_cards
from edge.games.ultimate_texas_holdem.exposure.dealer_one import ROW, holding_cards
from edge.games.ultimate_texas_holdem.exposure.flop_cards import (
    holding_permutations,
    symmetrised,
)
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, IntArray, Seen
from edge.games.ultimate_texas_holdem.exposure.sweep_one import Sweep, run_sweep
from edge.games.ultimate_texas_holdem.solve import solver

SCENARIO = Seen.DEALER_1_RIVER
DEALERS = 44                                   # dealer hands behind one folded (board, d)
# deals of one holding: flops, turn-river pairs, seen dealer card d, the other dealer card x
DEALS = comb(50, 3) * comb(47, 2) * 45 * DEALERS


def river_lines(flop: npt.NDArray[np.int32], settle: solver.Settlement, ties_larger: bool
                ) -> IntArray:
    """``[1326, 56]``: the flop state's lines of every holding on one flop (zero for the
    holdings sharing a card with it), the accumulator layout of :mod:`.dealer_one`."""
    lines = np.zeros((solver.HOLDINGS, ROW), dtype=np.int64)
    _river.river_dealer_lines(np.ascontiguousarray(flop, dtype=np.int32), settle.array(),
                              settle.fold, ties_larger, lines)
    return lines


def _task(classes: solver.FlopClasses, settle: solver.Settlement, sweep: Sweep,
          bounds: tuple[int, int]) -> tuple[int, int]:
    start, stop = bounds
    out = sweep.take()
    moved = holding_permutations()
    try:
        for index in range(start, stop):
            weighted = classes.orbit_size(index) * river_lines(classes.flops[index], settle,
                                                               sweep.ties_larger)
            for perm in moved:
                out["sums"][perm] += weighted
        sweep.finished.append(bounds)           # in the sums once the buffer is back
    finally:
        sweep.buffers.put(out)
    return bounds


def river_sums(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
               progress: bool = False, classes: solver.FlopClasses | None = None,
               checkpoint: Checkpoint | None = None) -> npt.NDArray[np.int64]:
    """``[1326, 56]``: 24 times every holding's lines summed over the flops (of ``classes``
    only, for tests). With a ``checkpoint`` it resumes from it and writes to it as it goes."""
    classes = classes if classes is not None else solver.flop_classes()
    n_flops = len(classes.flops)
    workers = parallel.workers(jobs, n_flops)
    blocks = Blocks(f"ultimate-texas-holdem seen={SCENARIO}", np.ones(n_flops, dtype=np.int64),
                    checkpoint=checkpoint, progress=progress,
                    key={"net": settle.array(), "ties_larger": np.array(ties_larger),
                         "flops": classes.flops})

    def empty() -> dict[str, npt.NDArray[Any]]:
        return {"sums": np.zeros((solver.HOLDINGS, ROW), dtype=np.int64)}
    first = empty()
    first = blocks.resume(first) or first
    sweep = Sweep(settle.array(), settle.fold, ties_larger, queue.SimpleQueue())
    buffers = run_sweep(blocks, sweep,
                   functools.partial(_task, classes, settle), n_flops, workers,
                   [first, *(empty() for _ in range(workers - 1))])
    total: npt.NDArray[np.int64] = buffers.get()["sums"]
    for _ in range(workers - 1):
        total += buffers.get()["sums"]
    return total


def river_solution(settle: solver.Settlement, ties_larger: bool,
                   sums: npt.NDArray[np.int64]) -> ExposedSolution:
    """The :class:`ExposedSolution` of ``dealer-1-river`` from its summed accumulator."""
    lines = symmetrised(sums[None])[0]
    states = holding_cards()
    return dealer_one.lines_solution(
        SCENARIO, settle, ties_larger, states, lines,
        dealer_one.StateBasis(DEALS, DEALERS, np.ones(len(states), dtype=np.int64)))


def solve_uncached(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
                   progress: bool = False, checkpoint: Checkpoint | None = None
                   ) -> ExposedSolution:
    """``dealer-1-river``'s exact solve, without the disk cache."""
    sums = river_sums(settle, ties_larger, jobs=jobs, progress=progress, checkpoint=checkpoint)
    return river_solution(settle, ties_larger, sums)


def solve_dealer_one_river(settle: solver.Settlement, ties_larger: bool, *,
                           jobs: int | None = None, use_cache: bool = True,
                           progress: bool = False) -> ExposedSolution:
    """``seen=dealer-1-river``: one dealer hole card seen before the river decision only."""
    return dealer_one.cached_solve(
        SCENARIO, settle, ties_larger, lambda checkpoint: {SCENARIO: solve_uncached(
            settle, ties_larger, jobs=jobs, progress=progress, checkpoint=checkpoint)},
        use_cache, code=(sys.modules[__name__], _river, flop_cards))
