"""Exact solves of Ultimate Texas Hold'em with one card seen (docs/protection.md).

Scenarios: ``dealer-1`` (one dealer hole card seen before the preflop decision),
``dealer-1,flop-1`` (and one flop card), ``dealer-1,turn-river-1`` (and one of the turn and
river) and ``flop-1`` (one flop card alone).

Information states. With a dealer card d seen, the player decides before the flop on
(holding P, d) [and the seen flop card f or turn-river card t], on the flop on (P, d, flop)
[and t], on the river on (P, d, board): there the value of 1x is summed over the dealer's 44
unseen cards x, by outcome category, and compared with folding. ``flop-1`` keeps the unexposed
game's flop and river decisions; only the preflop state (P, f) is new.

The sweep (kernel ``_exposure_one``): for every suit class of flops (1,755) the holdings of each
of its 1,176 boards are numbered by strength once; every seen dealer card d (up to the
symmetries that fix the flop) then reads the dealer's hands {d, x} off those numbers, so a board
is evaluated once for all d. Each (flop, d) unit adds its states' lines to the state taken by a
suit permutation that puts d in suit 0 (the clubs), weighted 6 / (the size of the unit's
stabiliser); summing the six permutations of the other three suits at the end (and dividing by
6) gives every state with d in suit 0 exactly. ``flop-1`` works the same way over the flop
classes with all 24 permutations.

The solutions list the preflop states whose seen dealer card (``flop-1``: seen flop card) is a
club, each standing for the 4 states of its suit choices (``state_weight`` 4);
:meth:`ExposedSolution.choice_of` answers for any dealt state.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import queue
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import parallel
from edge.games.ultimate_texas_holdem import _exposure_one, _kernels
from edge.games.ultimate_texas_holdem import solve as solver
from edge.games.ultimate_texas_holdem.cache import Blocks, Checkpoint
from edge.games.ultimate_texas_holdem.exposure import WAYS, ExposedSolution, IntArray, Seen

SOLVE_VERSION = 1
ROW = 56                          # accumulator values per state (see _exposure_one.pyx)
PLAY, BET, CHECK = slice(0, 17), slice(17, 34), slice(34, 51)
FOLDS, RIVER_TIES, FLOP_BETS, FLOP_TIES = 51, 52, 53, 54
CATEGORIES = solver.CATEGORIES
MODES = {Seen.DEALER_1: 0, Seen.DEALER_1_FLOP_1: 1, Seen.DEALER_1_TURN_RIVER_1: 2}

# deals of one preflop state: (flops, turn-river pairs, dealer holdings) as the lines count them
DEALS = {
    Seen.DEALER_1: comb(49, 3) * comb(46, 2) * 44,
    Seen.DEALER_1_FLOP_1: comb(48, 2) * comb(46, 2) * 44,
    Seen.DEALER_1_TURN_RIVER_1: comb(48, 3) * 45 * 44,
    Seen.FLOP_1: comb(49, 2) * comb(47, 2) * comb(45, 2),
}
# dealer hands behind one folded board (the fold counts are in boards)
FOLD_DEALS = {Seen.DEALER_1: 44, Seen.DEALER_1_FLOP_1: 44, Seen.DEALER_1_TURN_RIVER_1: 44,
              Seen.FLOP_1: solver.DEALER_HOLDINGS}



def _perms() -> npt.NDArray[np.int64]:
    return _kernels.uth_permutations().astype(np.int64)


def _apply(perm: npt.NDArray[np.int64], cards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
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
    perms = _perms()
    offsets, seen, chosen, weights = [0], [], [], []
    for flop in classes.flops.astype(np.int64):
        flop_set = sorted(flop.tolist())
        stabiliser = [p for p in perms if sorted(_apply(p, flop).tolist()) == flop_set]
        for card in range(52):
            if card in flop_set:
                continue
            orbit = {int(_apply(p, np.array([card]))[0]) for p in stabiliser}
            if card != min(orbit):
                continue
            fixing = sum(1 for p in stabiliser if int(_apply(p, np.array([card]))[0]) == card)
            to_clubs = next(p for p in perms if p[card & 3] == 0)
            seen.append(card)
            chosen.append(to_clubs)
            weights.append(6 // fixing)
        offsets.append(len(seen))
    return Units(classes, np.array(offsets, dtype=np.int32), np.array(seen, dtype=np.int32),
                 np.array(chosen, dtype=np.int8).reshape(-1, 4),
                 np.array(weights, dtype=np.int64))


def holding_ids() -> npt.NDArray[np.int64]:
    """``ids[a, b]``: the holding id of cards a != b (-1 on the diagonal)."""
    first, second = np.triu_indices(52, k=1)
    ids = np.full((52, 52), -1, dtype=np.int64)
    ids[first, second] = ids[second, first] = np.arange(solver.HOLDINGS)
    return ids


def holding_cards() -> npt.NDArray[np.int64]:
    """``cards[h]``: the two cards of holding id h, ascending."""
    first, second = np.triu_indices(52, k=1)
    return np.stack([first, second], axis=1).astype(np.int64)


def _permute_holdings(perm: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    cards = _apply(perm, holding_cards())
    mapped: npt.NDArray[np.int64] = holding_ids()[cards[:, 0], cards[:, 1]]
    return mapped


_SHARED: dict[str, Any] = {}


def _dealer_task(bounds: tuple[int, int]) -> tuple[int, int]:
    start, stop = bounds
    units: Units = _SHARED["units"]
    offsets = units.offsets[start:stop + 1]
    first, last = int(offsets[0]), int(offsets[-1])
    buffers: queue.SimpleQueue[dict[str, npt.NDArray[Any]]] = _SHARED["buffers"]
    finished: list[tuple[int, int]] = _SHARED["finished"]
    # everything read before waiting for a buffer: a unit left running by an interrupt never
    # reads the next solve's
    net, fold, ties_larger, mode = (_SHARED[name] for name in ("net", "fold", "ties_larger",
                                                               "mode"))
    go: threading.Event = _SHARED["go"]
    go.wait()                                   # not while a checkpoint gathers the buffers
    out = buffers.get()
    try:
        _exposure_one.dealer_one_flops(
            np.ascontiguousarray(units.classes.flops[start:stop]),
            np.ascontiguousarray(offsets - first), np.ascontiguousarray(units.seen[first:last]),
            np.ascontiguousarray(units.perms[first:last]),
            np.ascontiguousarray(units.weights[first:last]), net, fold, ties_larger, mode,
            out.get(_name(Seen.DEALER_1)),
            out.get(_name(Seen.DEALER_1_FLOP_1)), out.get(_name(Seen.DEALER_1_TURN_RIVER_1)))
        finished.append(bounds)                 # in the sums once the buffer is back
    finally:
        buffers.put(out)
    return bounds


def _save_buffers(blocks: Blocks, buffers: queue.SimpleQueue[dict[str, npt.NDArray[Any]]],
                  count: int, base: npt.NDArray[np.uint8],
                  extra: Mapping[str, npt.NDArray[Any]] | None = None) -> None:
    """A checkpoint of the workers' sums: it takes every buffer (each worker between two
    units), adds them into the first, saves it with the flop classes they hold (those of the
    checkpoint resumed from, ``base``, and every unit finished since), and gives them back.
    The workers start no unit meanwhile (``go``): a worker giving its buffer back and taking it
    again at once (it keeps the GIL between the two) would otherwise keep it from this thread
    to the end of the sweep, the other workers waiting too."""
    began = time.monotonic()          # the workers' wait counts as the checkpoint's time
    go: threading.Event = _SHARED["go"]
    go.clear()
    held: list[dict[str, npt.NDArray[Any]]] = []
    try:
        held.extend(buffers.get() for _ in range(count))
        total = held[0]
        for other in held[1:]:
            for name, part in other.items():
                total[name] += part
                part[...] = 0
        done = base.copy()
        for start, stop in list(_SHARED["finished"]):
            done[start:stop] = 1
        blocks.save({**total, **(extra or {})}, done=done, began=began)
    finally:
        for one in held:
            buffers.put(one)
        go.set()


def _open_gate() -> threading.Event:
    """The event the workers wait for before taking a buffer (set: they may)."""
    go = threading.Event()
    go.set()
    return go


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
    in the suit-0 frame before the symmetrisation (:func:`symmetrise`). ``classes``: only
    those flop classes (tests). With a ``checkpoint`` it resumes from the flop classes the
    checkpoint holds and writes their sums to it as it goes."""
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
    base = blocks.done.copy()
    tasks = blocks.tasks(_chunks(n_flops, min(n_flops, max(8, 24 * workers))))
    buffers: queue.SimpleQueue[dict[str, npt.NDArray[Any]]] = queue.SimpleQueue()
    buffers.put(first)
    for _ in range(workers - 1):
        buffers.put(_accumulators(chosen))
    _SHARED.clear()
    _SHARED.update(units=units, net=settle.array(), fold=settle.fold, ties_larger=ties_larger,
                   mode=mode, buffers=buffers, finished=[], go=_open_gate())
    try:
        with blocks.start():
            for start, stop in parallel.map(_dealer_task, tasks, workers):
                blocks.finish(start, stop)
                if blocks.due():
                    _save_buffers(blocks, buffers, workers, base)
    finally:
        _SHARED.clear()
    total = buffers.get()
    for _ in range(workers - 1):
        part = buffers.get()
        for name in total:
            total[name] += part[name]
        del part
    return {scenario: total[_name(scenario)] for scenario in chosen}


def suit_zero_permutations() -> npt.NDArray[np.int64]:
    """The six suit permutations that keep suit 0 (clubs) in place."""
    perms = _perms()
    fixing: npt.NDArray[np.int64] = perms[perms[:, 0] == 0]
    return fixing


def symmetrise(sums: npt.NDArray[Any], mode: int) -> npt.NDArray[np.int64]:
    """Every state's exact line sums from the accumulators: the sum over the six permutations
    keeping clubs, divided by 6. ``[13, 1326, 56]`` or ``[13, 52, 1326, 56]`` (mode 1, 2)."""
    shape = sums.shape if mode == 0 else (13, 52, solver.HOLDINGS, ROW)
    result: npt.NDArray[np.int64] = np.zeros(shape, dtype=np.int64)
    if mode == 0:
        for perm in suit_zero_permutations():
            result += sums[:, _permute_holdings(perm)]
    else:
        by_card = sums.reshape(shape)
        cards = np.arange(52)
        for perm in suit_zero_permutations():
            result += by_card[:, _apply(perm, cards)][:, :, _permute_holdings(perm)]
    if (result % 6).any():
        raise RuntimeError("The exposure solve's symmetrised sums do not divide by 6.")
    result //= 6
    return result


def _states(mode: int) -> npt.NDArray[np.int64]:
    """The listed states: (a, b, d) or (a, b, d, card), d a club, all cards distinct."""
    cards = holding_cards()
    rows = []
    for rank in range(13):
        d = 4 * rank
        off = cards[(cards[:, 0] != d) & (cards[:, 1] != d)]
        if mode == 0:
            rows.append(np.column_stack([off, np.full(len(off), d)]))
        else:
            for card in range(52):
                if card == d:
                    continue
                chosen = off[(off[:, 0] != card) & (off[:, 1] != card)]
                rows.append(np.column_stack([chosen, np.full(len(chosen), d),
                                             np.full(len(chosen), card)]))
    return np.concatenate(rows).astype(np.int64)


def dealer_solution(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
                    sums: npt.NDArray[Any]) -> ExposedSolution:
    """The :class:`ExposedSolution` of a dealer scenario from its accumulators."""
    mode = MODES[scenario]
    lines = symmetrise(sums, mode)
    del sums
    states = _states(mode)
    ids = holding_ids()[states[:, 0], states[:, 1]]
    rank = states[:, 2] // 4
    picked = lines[rank, ids] if mode == 0 else lines[rank, states[:, 3], ids]
    return _solution(scenario, settle, ties_larger, states, picked,
                     lines.reshape(-1, ROW)[:, PLAY].sum())


def _solution(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
              states: npt.NDArray[np.int64], picked: npt.NDArray[np.int64],
              total_play: int) -> ExposedSolution:
    deals = DEALS[scenario]
    fold_deals = FOLD_DEALS[scenario]
    if not (picked[:, PLAY].sum(axis=1) == deals).all() or total_play != deals * len(states):
        raise RuntimeError(f"The seen={scenario} solve lost deals: its totals do not add up.")
    checked_total = (picked[:, BET].sum(axis=1) + picked[:, CHECK].sum(axis=1)
                     + picked[:, FOLDS] * fold_deals)
    if not (checked_total == deals).all():
        raise RuntimeError(f"The seen={scenario} solve lost deals on the checking line.")
    net = settle.array()
    four = picked[:, PLAY] @ net[4]
    three = picked[:, PLAY] @ net[3]
    checking = (picked[:, BET] @ net[2] + picked[:, CHECK] @ net[1]
                + picked[:, FOLDS] * fold_deals * settle.fold)
    choice = solver.best_preflop(four, three, checking, ties_larger)
    weight = np.full(len(states), 4, dtype=np.int64)
    counts = {
        4: (weight[choice == 4, None] * picked[choice == 4][:, PLAY]).sum(axis=0),
        3: (weight[choice == 3, None] * picked[choice == 3][:, PLAY]).sum(axis=0),
        2: (weight[choice == 0, None] * picked[choice == 0][:, BET]).sum(axis=0),
        1: (weight[choice == 0, None] * picked[choice == 0][:, CHECK]).sum(axis=0),
    }
    folds = int((weight[choice == 0] * picked[choice == 0][:, FOLDS]).sum()) * fold_deals
    cycle = solver.CYCLE * WAYS[scenario]
    if sum(int(c.sum()) for c in counts.values()) + folds != cycle:
        raise RuntimeError(f"The seen={scenario} solve does not add up to its cycle.")
    decisions = solver.line_decisions(counts, folds)
    return ExposedSolution(
        scenario=scenario, settlement=settle, ties_larger=ties_larger, cycle=cycle,
        counts={p: c.astype(np.int64) for p, c in counts.items()}, folds=folds,
        decisions=decisions, state_cards=states.astype(np.int8), state_weight=weight,
        choice=choice, values=np.stack([checking, three, four], axis=1).astype(np.int64),
        deals_per_state=deals)


# --- flop-1 ----------------------------------------------------------------------------------

def _flop_task(bounds: tuple[int, int]) -> tuple[int, int]:
    start, stop = bounds
    classes: solver.FlopClasses = _SHARED["classes"]
    sizes = np.diff(classes.image_offsets[start:stop + 1]).astype(np.int64)
    decisions = np.zeros((stop - start, solver.HOLDINGS), dtype=np.uint8)
    buffers: queue.SimpleQueue[dict[str, npt.NDArray[np.int64]]] = _SHARED["buffers"]
    every: npt.NDArray[np.uint8] = _SHARED["decisions"]
    finished: list[tuple[int, int]] = _SHARED["finished"]
    net, fold, ties_larger = _SHARED["net"], _SHARED["fold"], _SHARED["ties_larger"]
    go: threading.Event = _SHARED["go"]
    go.wait()                                   # not while a checkpoint gathers the buffers
    out = buffers.get()
    try:
        _exposure_one.flop_one_flops(np.ascontiguousarray(classes.flops[start:stop]), sizes,
                                     net, fold, ties_larger, out["sums"], decisions)
        every[start:stop] = decisions
        finished.append(bounds)                 # in the sums once the buffer is back
    finally:
        buffers.put(out)
    return bounds


def flop_sums(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
              progress: bool = False, classes: solver.FlopClasses | None = None,
              checkpoint: Checkpoint | None = None
              ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint8]]:
    """``flop-1``'s accumulators ``[52, 1326, 56]`` (each flop class's lines times its orbit
    size, by flop card and holding, before :func:`symmetrise_flop`) and the flop decisions of
    each class ``[classes, 1326]`` (those of the unexposed solve). With a ``checkpoint`` it
    resumes from the flop classes the checkpoint holds and writes their sums to it as it
    goes."""
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
    base = blocks.done.copy()
    tasks = blocks.tasks(_chunks(n_flops, min(n_flops, max(8, 24 * workers))))
    buffers: queue.SimpleQueue[dict[str, npt.NDArray[np.int64]]] = queue.SimpleQueue()
    buffers.put(first)
    for _ in range(workers - 1):
        buffers.put({"sums": np.zeros((52, solver.HOLDINGS, ROW), dtype=np.int64)})
    _SHARED.clear()
    _SHARED.update(classes=classes, net=settle.array(), fold=settle.fold,
                   ties_larger=ties_larger, buffers=buffers, decisions=decisions, finished=[],
                   go=_open_gate())
    try:
        with blocks.start():
            for start, stop in parallel.map(_flop_task, tasks, workers):
                blocks.finish(start, stop)
                if blocks.due():
                    _save_buffers(blocks, buffers, workers, base, {"decisions": decisions})
    finally:
        _SHARED.clear()
    total = buffers.get()["sums"]
    for _ in range(workers - 1):
        total += buffers.get()["sums"]
    return total, decisions


def symmetrise_flop(sums: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Every (flop card, holding) state's exact line sums: the sum over the 24 suit
    permutations of the accumulators, divided by 24. ``[52, 1326, 56]``."""
    result = np.zeros_like(sums)
    cards = np.arange(52)
    for perm in _perms():
        result += sums[_apply(perm, cards)][:, _permute_holdings(perm)]
    if (result % 24).any():
        raise RuntimeError("The flop-1 solve's symmetrised sums do not divide by 24.")
    result //= 24
    return result


def flop_solution(settle: solver.Settlement, ties_larger: bool,
                  sums: npt.NDArray[np.int64]) -> ExposedSolution:
    """The :class:`ExposedSolution` of ``flop-1`` from its accumulators."""
    lines = symmetrise_flop(sums)
    cards = holding_cards()
    rows = []
    for rank in range(13):
        f = 4 * rank
        off = cards[(cards[:, 0] != f) & (cards[:, 1] != f)]
        rows.append(np.column_stack([off, np.full(len(off), f)]))
    states = np.concatenate(rows).astype(np.int64)
    picked = lines[states[:, 2], holding_ids()[states[:, 0], states[:, 1]]]
    return _solution(Seen.FLOP_1, settle, ties_larger, states, picked,
                     int(lines[0::4, :, PLAY].sum()))


# --- the solvers (exposure.SOLVERS) and their disk cache -------------------------------------

CACHE_FORMAT = 1
CACHE_ARRAYS = ("state_cards", "state_weight", "choice", "values", "counts", "folds", "cycle",
                "deals_per_state", "net")


class ExposedCache:
    """One cached exposure solve: an ``.npz`` of the solution's arrays and their SHA-256,
    checked on every read, written atomically (temporary file, then ``os.replace``), and a lock
    file beside it so a second process solving the same entry waits and reads it. A damaged
    or unusable entry costs one warning and the time of a solve, never a result."""

    def __init__(self, scenario: Seen, settle: solver.Settlement, ties_larger: bool) -> None:
        key = json.dumps({"scenario": str(scenario), "version": SOLVE_VERSION,
                          "format": CACHE_FORMAT, "net": settle.net, "fold": settle.fold,
                          "scale": settle.scale, "ties_larger": ties_larger}, sort_keys=True)
        digest = hashlib.sha256(key.encode()).hexdigest()[:20]
        self.path = solver.cache_dir() / f"uth-exposed-{digest}.npz"
        self.scenario = scenario
        self.settle = settle
        self.ties_larger = ties_larger
        self.warned = False

    def _warn(self, message: str) -> None:
        if not self.warned:
            solver.warn(message)
            self.warned = True

    def load(self) -> ExposedSolution | None:
        """The cached solution, or None when there is none or it is damaged."""
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> ExposedSolution:
            if not np.array_equal(arrays["net"], self.settle.array()):
                raise ValueError("it holds the solve of other pays")
            return _from_arrays(self.scenario, self.settle, self.ties_larger, arrays)
        return solver.read_cache_file(self.path, CACHE_ARRAYS, accept, self._warn)

    def lock(self) -> contextlib.AbstractContextManager[object]:
        """Hold the entry's lock (a no-op, with one warning, where none can be made)."""
        return solver.cache_lock(self.path, self._warn,
                                 f"ultimate-texas-holdem seen={self.scenario}")

    def checkpoint(self, resume: bool = True) -> Checkpoint:
        """The entry's checkpoint (``resume=False``: an existing one is not resumed from)."""
        return Checkpoint(self.path, self._warn, resume)

    def store(self, solution: ExposedSolution) -> None:
        """Write the solution atomically; a cache that cannot be written only costs time."""
        solver.write_cache_file(self.path, _to_arrays(solution), self._warn)


def _to_arrays(solution: ExposedSolution) -> dict[str, npt.NDArray[Any]]:
    return {
        "state_cards": solution.state_cards, "state_weight": solution.state_weight,
        "choice": solution.choice, "values": solution.values,
        "counts": np.stack([solution.counts[p] for p in (4, 3, 2, 1)]),
        "folds": np.array(solution.folds, dtype=np.int64),
        "cycle": np.array(solution.cycle, dtype=np.int64),
        "deals_per_state": np.array(solution.deals_per_state, dtype=np.int64),
        "net": solution.settlement.array()}


def _from_arrays(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
                 arrays: Mapping[str, npt.NDArray[Any]]) -> ExposedSolution:
    counts = {p: arrays["counts"][i].astype(np.int64) for i, p in enumerate((4, 3, 2, 1))}
    folds = int(arrays["folds"])
    cycle = int(arrays["cycle"])
    if cycle != solver.CYCLE * WAYS[scenario] \
            or sum(int(c.sum()) for c in counts.values()) + folds != cycle:
        raise ValueError("its counts do not add up to the cycle")
    return ExposedSolution(
        scenario=scenario, settlement=settle, ties_larger=ties_larger, cycle=cycle,
        counts=counts, folds=folds, decisions=solver.line_decisions(counts, folds),
        state_cards=arrays["state_cards"].astype(np.int8),
        state_weight=arrays["state_weight"].astype(np.int64),
        choice=arrays["choice"].astype(np.int8), values=arrays["values"].astype(np.int64),
        deals_per_state=int(arrays["deals_per_state"]))


def solve_uncached(scenario: Seen, settle: solver.Settlement, ties_larger: bool, *,
                   jobs: int | None = None, progress: bool = False,
                   checkpoint: Checkpoint | None = None) -> dict[Seen, ExposedSolution]:
    """A scenario's exact solve, without the disk cache: ``dealer-1`` and ``flop-1`` alone,
    ``dealer-1,flop-1`` with ``dealer-1`` (the same flop states), ``dealer-1,turn-river-1``
    with both others (half its turn-river states' sums are dealer-1's flop states). With a
    ``checkpoint`` the sweep resumes from it and writes to it as it goes."""
    if scenario == Seen.FLOP_1:
        sums, _ = flop_sums(settle, ties_larger, jobs=jobs, progress=progress,
                            checkpoint=checkpoint)
        return {scenario: flop_solution(settle, ties_larger, sums)}
    chosen = {Seen.DEALER_1: (scenario,),
              Seen.DEALER_1_FLOP_1: (Seen.DEALER_1, Seen.DEALER_1_FLOP_1)}.get(scenario,
                                                                              tuple(MODES))
    accumulated = dealer_sums(chosen, settle, ties_larger, jobs=jobs, progress=progress,
                              checkpoint=checkpoint)
    solutions = {}
    for one in chosen:
        solutions[one] = dealer_solution(one, settle, ties_larger, accumulated.pop(one))
    return solutions


def _solve(scenario: Seen, settle: solver.Settlement, ties_larger: bool, *,
           jobs: int | None, use_cache: bool, progress: bool) -> ExposedSolution:
    cache = ExposedCache(scenario, settle, ties_larger)
    if use_cache and (cached := cache.load()) is not None:
        return cached
    with cache.lock():
        checkpoint = cache.checkpoint(resume=use_cache)
        if use_cache and (cached := cache.load()) is not None:
            checkpoint.remove()      # one left by a process killed just after it stored
            return cached            # another process solved it while this one waited
        solutions = solve_uncached(scenario, settle, ties_larger, jobs=jobs, progress=progress,
                                   checkpoint=checkpoint)
        cache.store(solutions[scenario])
        for other, solution in solutions.items():
            if other != scenario:    # the same sweep's other scenarios: cached as well
                ExposedCache(other, settle, ties_larger).store(solution)
        checkpoint.remove()
    return solutions[scenario]


def solve_dealer_one(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
                     use_cache: bool = True, progress: bool = False) -> ExposedSolution:
    """``seen=dealer-1``: one dealer hole card seen before the preflop decision."""
    return _solve(Seen.DEALER_1, settle, ties_larger, jobs=jobs, use_cache=use_cache,
                  progress=progress)


def solve_dealer_one_flop_one(settle: solver.Settlement, ties_larger: bool, *,
                              jobs: int | None = None, use_cache: bool = True,
                              progress: bool = False) -> ExposedSolution:
    """``seen=dealer-1,flop-1``: one dealer hole card and one flop card seen before the
    preflop decision."""
    return _solve(Seen.DEALER_1_FLOP_1, settle, ties_larger, jobs=jobs, use_cache=use_cache,
                  progress=progress)


def solve_dealer_one_turn_river_one(settle: solver.Settlement, ties_larger: bool, *,
                                    jobs: int | None = None, use_cache: bool = True,
                                    progress: bool = False) -> ExposedSolution:
    """``seen=dealer-1,turn-river-1``: one dealer hole card and one of the turn and river seen
    before the preflop decision."""
    return _solve(Seen.DEALER_1_TURN_RIVER_1, settle, ties_larger, jobs=jobs,
                  use_cache=use_cache, progress=progress)


def solve_flop_one(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
                   use_cache: bool = True, progress: bool = False) -> ExposedSolution:
    """``seen=flop-1``: one flop card seen before the preflop decision."""
    return _solve(Seen.FLOP_1, settle, ties_larger, jobs=jobs, use_cache=use_cache,
                  progress=progress)


def state_line(sums: npt.NDArray[Any], scenario: Seen, holding: tuple[int, int],
               seen: int, card: int | None = None) -> IntArray:
    """One state's exact line sums (56 values) from a scenario's accumulators, without
    symmetrising the whole array: holding, seen dealer card (a club) or, for ``flop-1``, the
    seen flop card (any), and the seen flop or turn-river card of the two-card scenarios."""
    ids = holding_ids()
    total = np.zeros(ROW, dtype=np.int64)
    if scenario == Seen.FLOP_1:
        for perm in _perms():
            moved = _apply(perm, np.array([holding[0], holding[1], seen]))
            total += sums[moved[2], ids[moved[0], moved[1]]]
        return total // 24
    if seen % 4:
        raise ValueError(f"the seen dealer card {seen} is not a club")
    mode = MODES[scenario]
    for perm in suit_zero_permutations():
        moved = _apply(perm, np.array([holding[0], holding[1], card if mode else 0]))
        h = ids[moved[0], moved[1]]
        row = sums[seen // 4, h] if mode == 0 else sums[seen // 4 * 52 + moved[2], h]
        total += row.astype(np.int64)
    return total // 6
