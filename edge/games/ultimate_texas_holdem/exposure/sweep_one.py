"""The sweeps of Ultimate Texas Hold'em's one-card exposure scenarios (:mod:`.dealer_one`):
the kernel ``_exposure_one`` driven over the flop classes in blocks of work, on worker threads,
into the raw accumulators that :mod:`.dealer_one` symmetrises into solutions.

Every worker holds one accumulator buffer at a time (a queue of one per worker), so the sums
are added without a lock; a checkpoint takes every buffer between two units, adds them up and
writes them with the flop classes they hold (:class:`edge.cache.Blocks`). Each sweep passes
its own :class:`Sweep` to its units: sweeps are reentrant.
"""

from __future__ import annotations

import functools
import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import parallel
from edge.cache import Blocks, Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _one as _exposure_one
from edge.games.ultimate_texas_holdem.exposure.solution import IntArray, Seen
from edge.games.ultimate_texas_holdem.solve import _kernels, solver

ROW = 56                          # accumulator values per state (see _exposure_one.pyx)
MODES = {Seen.DEALER_1: 0, Seen.DEALER_1_FLOP_1: 1, Seen.DEALER_1_TURN_RIVER_1: 2}


def suit_permutations() -> npt.NDArray[np.int64]:
    """The 24 suit permutations (``perm[suit]``: the suit it becomes)."""
    return _kernels.uth_permutations().astype(np.int64)


def permute_cards(perm: npt.NDArray[np.int64], cards: npt.NDArray[np.int64]
                  ) -> npt.NDArray[np.int64]:
    """``cards`` with their suits permuted by ``perm``."""
    permuted: npt.NDArray[np.int64] = (cards & ~3) | perm[cards & 3]
    return permuted


@dataclass(frozen=True)
class Units:
    """The (flop class, seen dealer card) work units: per flop class (``offsets``), the seen
    card, a permutation taking it to suit 0 and the unit's weight 6 / |stabiliser|."""

    classes: solver.FlopClasses
    offsets: npt.NDArray[np.int32]
    seen: npt.NDArray[np.int32]
    perms: npt.NDArray[np.int8]
    weights: npt.NDArray[np.int64]


def dealer_units(classes: solver.FlopClasses) -> Units:
    """One unit per orbit of (flop, dealer card) under the suit permutations fixing the flop."""
    perms = suit_permutations()
    offsets, seen, chosen, weights = [0], [], [], []
    for flop in classes.flops.astype(np.int64):
        flop_set = sorted(flop.tolist())
        stabiliser = [p for p in perms if sorted(permute_cards(p, flop).tolist()) == flop_set]
        for card in range(52):
            if card in flop_set:
                continue
            orbit = {int(permute_cards(p, np.array([card]))[0]) for p in stabiliser}
            if card != min(orbit):
                continue
            fixing = sum(1 for p in stabiliser
                         if int(permute_cards(p, np.array([card]))[0]) == card)
            to_clubs = next(p for p in perms if p[card & 3] == 0)
            seen.append(card)
            chosen.append(to_clubs)
            weights.append(6 // fixing)
        offsets.append(len(seen))
    return Units(classes, np.array(offsets, dtype=np.int32), np.array(seen, dtype=np.int32),
                 np.array(chosen, dtype=np.int8).reshape(-1, 4),
                 np.array(weights, dtype=np.int64))


def _open_gate() -> threading.Event:
    """The event units wait for before taking a buffer (set: they may)."""
    go = threading.Event()
    go.set()
    return go


@dataclass(frozen=True)
class Sweep:
    """What the worker units of one sweep share, passed to each (every sweep has its own, so
    two sweeps in one process, or a unit an interrupt left running, never see each other's):
    the pays, the accumulator buffers (one per worker: a unit takes one and gives it back)
    and the blocks of flop classes whose results are in them."""

    net: IntArray
    fold: int
    ties_larger: bool
    buffers: queue.SimpleQueue[dict[str, npt.NDArray[Any]]]
    finished: list[tuple[int, int]] = field(default_factory=list)
    # set while units may take a buffer; a checkpoint clears it while it gathers them
    go: threading.Event = field(default_factory=_open_gate)

    def take(self) -> dict[str, npt.NDArray[Any]]:
        """A buffer for one unit, once no checkpoint is gathering them."""
        self.go.wait()
        return self.buffers.get()


def _dealer_task(units: Units, mode: int, sweep: Sweep, bounds: tuple[int, int]
                 ) -> tuple[int, int]:
    start, stop = bounds
    offsets = units.offsets[start:stop + 1]
    first, last = int(offsets[0]), int(offsets[-1])
    out = sweep.take()
    try:
        _exposure_one.dealer_one_flops(
            np.ascontiguousarray(units.classes.flops[start:stop]),
            np.ascontiguousarray(offsets - first), np.ascontiguousarray(units.seen[first:last]),
            np.ascontiguousarray(units.perms[first:last]),
            np.ascontiguousarray(units.weights[first:last]), sweep.net, sweep.fold,
            sweep.ties_larger, mode, out.get(_name(Seen.DEALER_1)),
            out.get(_name(Seen.DEALER_1_FLOP_1)), out.get(_name(Seen.DEALER_1_TURN_RIVER_1)))
        sweep.finished.append(bounds)           # in the sums once the buffer is back
    finally:
        sweep.buffers.put(out)
    return bounds


def _save_buffers(blocks: Blocks, sweep: Sweep, count: int, base: npt.NDArray[np.uint8],
                  extra: Mapping[str, npt.NDArray[Any]] | None = None) -> None:
    """A checkpoint of the workers' sums: it takes every buffer (each worker between two
    units), adds them into the first, saves it with the flop classes they hold (those of the
    checkpoint resumed from, ``base``, and every unit finished since), and gives them back.
    The units start none meanwhile (``go``): a worker giving its buffer back and taking it
    again at once (it keeps the GIL between the two) would otherwise keep it from this thread
    to the end of the sweep, the other workers waiting too (seen on the full sweeps: progress
    frozen, one thread running)."""
    began = time.monotonic()          # the workers' wait counts as the checkpoint's time
    buffers = sweep.buffers
    sweep.go.clear()
    held: list[dict[str, npt.NDArray[Any]]] = []
    try:
        held.extend(buffers.get() for _ in range(count))
        total = held[0]
        for other in held[1:]:
            for name, part in other.items():
                total[name] += part
                part[...] = 0
        done = base.copy()
        for start, stop in list(sweep.finished):
            done[start:stop] = 1
        blocks.save({**total, **(extra or {})}, done=done, began=began)
    finally:
        for one in held:
            buffers.put(one)
        sweep.go.set()


def run_sweep(blocks: Blocks, sweep: Sweep,
         unit: Callable[[Sweep, tuple[int, int]], tuple[int, int]], n_flops: int, workers: int,
         buffers: list[dict[str, npt.NDArray[Any]]],
         extra: Mapping[str, npt.NDArray[Any]] | None = None
         ) -> queue.SimpleQueue[dict[str, npt.NDArray[Any]]]:
    """Run a sweep's units over the flop classes not done yet on ``workers`` threads, each
    unit with one of the accumulator ``buffers`` (one per worker) at a time; checkpoints as
    they fall due (with ``extra``: arrays the units fill besides the buffers). The buffers come
    back in the sweep's queue, to be added up."""
    base = blocks.done.copy()
    tasks = blocks.tasks(_chunks(n_flops, min(n_flops, max(8, 24 * workers))))
    for buffer in buffers:
        sweep.buffers.put(buffer)
    with blocks.start():
        for start, stop in parallel.map(functools.partial(unit, sweep), tasks, workers):
            blocks.finish(start, stop)
            if blocks.due():
                _save_buffers(blocks, sweep, workers, base, extra)
    return sweep.buffers


def _chunks(total: int, pieces: int) -> list[tuple[int, int]]:
    bounds = np.linspace(0, total, pieces + 1).round().astype(int)
    return [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True) if b > a]


def _sweep_mode(chosen: tuple[Seen, ...]) -> int:
    """The kernel's mode for some dealer scenarios: dealer-1 (0) comes with either other."""
    if set(chosen) == set(MODES):
        return 3
    if len(chosen) == 1:
        return MODES[chosen[0]]
    if set(chosen) == {Seen.DEALER_1, Seen.DEALER_1_FLOP_1}:
        return 1
    raise ValueError("one dealer scenario, dealer-1 with dealer-1,flop-1, or all three")


def _accumulators(scenarios: tuple[Seen, ...]) -> dict[str, npt.NDArray[Any]]:
    return {_name(scenario): (np.zeros((13, solver.HOLDINGS, ROW), dtype=np.int64)
                              if scenario == Seen.DEALER_1 else
                              np.zeros((13 * 52, solver.HOLDINGS, ROW), dtype=np.int32))
            for scenario in scenarios}


def _name(scenario: Seen) -> str:
    """A scenario's accumulator in the workers' buffers and in a checkpoint."""
    return f"sums{MODES[scenario]}"


def dealer_sums(scenarios: Seen | tuple[Seen, ...], settle: solver.Settlement,
                ties_larger: bool, *, jobs: int | None = None, progress: bool = False,
                classes: solver.FlopClasses | None = None,
                checkpoint: Checkpoint | None = None) -> dict[Seen, npt.NDArray[Any]]:
    """The raw accumulators of one or all three dealer scenarios (one sweep): ``[13, 1326,
    56]`` int64 (dealer-1) or ``[13 * 52, 1326, 56]`` int32, each (6 x) its states' line sums
    in the suit-0 frame before the symmetrisation (:func:`.dealer_one.symmetrise`).
    ``classes``: only those flop classes (tests). With a ``checkpoint`` it resumes from the
    flop classes the checkpoint holds and writes their sums to it as it goes."""
    chosen = (scenarios,) if isinstance(scenarios, Seen) else scenarios
    mode = _sweep_mode(chosen)
    units = dealer_units(classes if classes is not None else solver.flop_classes())
    n_flops = len(units.classes.flops)
    workers = parallel.workers(jobs, n_flops)
    label = ", ".join(str(scenario) for scenario in chosen)
    blocks = Blocks(f"ultimate-texas-holdem seen={label}",
                    np.diff(units.offsets).astype(np.int64), checkpoint=checkpoint,
                    progress=progress, key={"net": settle.array(), "mode": np.array(mode),
                                            "ties_larger": np.array(ties_larger),
                                            "flops": units.classes.flops})
    first = _accumulators(chosen)
    first = blocks.resume(first) or first
    sweep = Sweep(settle.array(), settle.fold, ties_larger, queue.SimpleQueue())
    buffers = run_sweep(blocks, sweep,
                   functools.partial(_dealer_task, units, mode), n_flops, workers,
                   [first, *(_accumulators(chosen) for _ in range(workers - 1))])
    total = buffers.get()
    for _ in range(workers - 1):
        part = buffers.get()
        for name in total:
            total[name] += part[name]
        del part
    return {scenario: total[_name(scenario)] for scenario in chosen}


# --- flop-1 ----------------------------------------------------------------------------------

def _flop_task(classes: solver.FlopClasses, every: npt.NDArray[np.uint8], sweep: Sweep,
               bounds: tuple[int, int]) -> tuple[int, int]:
    start, stop = bounds
    sizes = np.diff(classes.image_offsets[start:stop + 1]).astype(np.int64)
    decisions = np.zeros((stop - start, solver.HOLDINGS), dtype=np.uint8)
    out = sweep.take()
    try:
        _exposure_one.flop_one_flops(np.ascontiguousarray(classes.flops[start:stop]), sizes,
                                     sweep.net, sweep.fold, sweep.ties_larger, out["sums"],
                                     decisions)
        every[start:stop] = decisions
        sweep.finished.append(bounds)           # in the sums once the buffer is back
    finally:
        sweep.buffers.put(out)
    return bounds


def flop_sums(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
              progress: bool = False, classes: solver.FlopClasses | None = None,
              checkpoint: Checkpoint | None = None
              ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8]]:
    """``flop-1``'s accumulators ``[52, 1326, 56]`` (each flop class's lines times its orbit
    size, by flop card and holding, before :func:`.dealer_one.symmetrise_flop`) and the flop
    decisions of each class ``[classes, 1326]`` (those of the unexposed solve). With a
    ``checkpoint`` it resumes from the flop classes the checkpoint holds and writes their sums
    to it as it goes."""
    classes = classes if classes is not None else solver.flop_classes()
    n_flops = len(classes.flops)
    workers = parallel.workers(jobs, n_flops)
    blocks = Blocks(f"ultimate-texas-holdem seen={Seen.FLOP_1}",
                    np.ones(n_flops, dtype=np.int64), checkpoint=checkpoint, progress=progress,
                    key={"net": settle.array(), "ties_larger": np.array(ties_larger),
                         "flops": classes.flops})
    first = {"sums": np.zeros((52, solver.HOLDINGS, ROW), dtype=np.int64)}
    decisions = np.zeros((n_flops, solver.HOLDINGS), dtype=np.uint8)
    resumed = blocks.resume({**first, "decisions": decisions})
    if resumed is not None:
        first, decisions = {"sums": resumed["sums"]}, resumed["decisions"]
    sweep = Sweep(settle.array(), settle.fold, ties_larger, queue.SimpleQueue())
    buffers = run_sweep(blocks, sweep,
                   functools.partial(_flop_task, classes, decisions), n_flops, workers,
                   [first, *({"sums": np.zeros((52, solver.HOLDINGS, ROW), dtype=np.int64)}
                             for _ in range(workers - 1))], {"decisions": decisions})
    total: IntArray = buffers.get()["sums"]
    for _ in range(workers - 1):
        total += buffers.get()["sums"]
    return total, decisions
