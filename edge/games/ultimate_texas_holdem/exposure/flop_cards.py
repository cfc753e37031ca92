"""Exact solves of Ultimate Texas Hold'em with flop cards seen before the preflop decision
(``seen=flop-2``, ``flop-3``; docs/protection.md).

Once the flop is dealt the player knows what he knows in the game as dealt, so the flop and
river decisions are the unexposed game's and only the preflop choice is new. For a holding P
and a flop F the unexposed flop and river give the deal counts of every line of (P, F) by
outcome category (the kernel ``_exposure_one.flop_one_flops``, one flop class at a time); the
Play bet's settlement is linear in its size, so the value of 4x, 3x and of checking (then the
better flop line) of any set of (P, F) is read off their summed counts. With k flop cards seen
the preflop state is (P, S), S the k seen cards, and its lines are the sum of the (P, F) lines
over the flops F holding S:

- ``flop-3``: the state is (P, F) itself: the player takes the best of 4x, 3x and checking
  for each (P, F);
- ``flop-2`` (and ``flop-1``, which this module solves again as a check on its own solver):
  the (P, F) lines are summed over the third card (the other two) before the choice.

Symmetry: the work is done per suit class of flops (1,755). A class's lines, times the class's
orbit size, are added for each k-subset S of its representative to the suit class of S, once
for every suit permutation taking S to the class's listed subset (moving the holdings with
it); the sum over the classes is then 24 times every listed state's lines exactly (the
division is checked). The solution lists the states (P, S) with S the least of its suit class
(``state_weight``: the class's size), each holding off S.
"""

from __future__ import annotations

import functools
import queue
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import parallel
from edge.cache import Blocks, Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _one as _exposure_one
from edge.games.ultimate_texas_holdem.exposure import dealer_one
from edge.games.ultimate_texas_holdem.exposure.dealer_one import (
    BET,
    CHECK,
    FOLDS,
    PLAY,
    ROW,
    holding_cards,
    holding_ids,
)
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, IntArray, Seen
from edge.games.ultimate_texas_holdem.exposure.sweep_one import (
    Sweep,
    permute_cards,
    run_sweep,
    suit_permutations,
)
from edge.games.ultimate_texas_holdem.solve import solver

# how many flop cards each scenario shows
SEEN_FLOP = {Seen.FLOP_1: 1, Seen.FLOP_2: 2, Seen.FLOP_3: 3}
SOLVED = (Seen.FLOP_2, Seen.FLOP_3)          # what the solvers here answer (flop-1: a check)
FOLD_DEALS = solver.DEALER_HOLDINGS          # dealer holdings behind a folded board


def deals_per_state(k: int) -> int:
    """Deals of one preflop state (P, S) with k flop cards seen: the rest of the flop, the
    turn-river pair and the dealer's holding."""
    return comb(50 - k, 3 - k) * comb(47, 2) * comb(45, 2)


@dataclass(frozen=True)
class SubsetClasses:
    """The suit classes of k cards: ``listed[c]`` the least (sorted) k cards of class c,
    ``size[c]`` how many sets of k cards it holds; :meth:`moves` where any k cards go."""

    k: int
    listed: tuple[tuple[int, ...], ...]
    size: tuple[int, ...]
    index: dict[tuple[int, ...], int]

    def moves(self, cards: Sequence[int]) -> tuple[int, list[int]]:
        """The class of some k cards and the suit permutations (indexes into
        :func:`.sweep_one.suit_permutations`) taking them to its listed subset."""
        return _moves(self.k, tuple(sorted(int(c) for c in cards)))


@functools.lru_cache(maxsize=4)
def subset_classes(k: int) -> SubsetClasses:
    """The suit classes of every k cards (k = 1, 2: 13 and 169 classes)."""
    perms = suit_permutations()
    members: dict[tuple[int, ...], int] = {}
    for cards in combinations(range(52), k):
        array = np.array(cards, dtype=np.int64)
        least = min(tuple(sorted(permute_cards(p, array).tolist())) for p in perms)
        members[least] = members.get(least, 0) + 1
    listed = tuple(sorted(members))
    return SubsetClasses(k, listed, tuple(members[s] for s in listed),
                         {s: i for i, s in enumerate(listed)})


@functools.lru_cache(maxsize=4096)
def _moves(k: int, cards: tuple[int, ...]) -> tuple[int, list[int]]:
    classes = subset_classes(k)
    array = np.array(cards, dtype=np.int64)
    images = [tuple(sorted(permute_cards(p, array).tolist())) for p in suit_permutations()]
    least = min(images)
    return classes.index[least], [i for i, image in enumerate(images) if image == least]


@functools.lru_cache(maxsize=1)
def holding_permutations() -> npt.NDArray[np.int64]:
    """``[24, 1326]``: the holding each holding becomes under each suit permutation."""
    cards, ids = holding_cards(), holding_ids()
    rows = [ids[moved[:, 0], moved[:, 1]] for moved in
            (permute_cards(p, cards) for p in suit_permutations())]
    return np.stack(rows)


def flop_lines(flop: npt.NDArray[np.int32], settle: solver.Settlement,
               ties_larger: bool) -> IntArray:
    """``[1326, 56]``: the unexposed flop and river lines of every holding on one flop (the
    accumulator layout of :mod:`.dealer_one`; zero for holdings sharing a card with it)."""
    scratch = np.zeros((52, solver.HOLDINGS, ROW), dtype=np.int64)
    _exposure_one.flop_one_flops(np.ascontiguousarray(flop.reshape(1, 3), dtype=np.int32),
                                 np.ones(1, dtype=np.int64), settle.array(), settle.fold,
                                 ties_larger, scratch,
                                 np.zeros((1, solver.HOLDINGS), dtype=np.uint8))
    lines: IntArray = scratch[int(flop[0])].copy()
    return lines


def _buffers() -> dict[str, npt.NDArray[Any]]:
    """One worker's sums: flop-1's and flop-2's states (24 x their lines, by class of the seen
    cards and holding) and flop-3's deal counts by Play (4, 3, 2, 1) and folded boards."""
    return {"one": np.zeros((len(subset_classes(1).listed), solver.HOLDINGS, ROW),
                            dtype=np.int64),
            "two": np.zeros((len(subset_classes(2).listed), solver.HOLDINGS, ROW),
                            dtype=np.int64),
            "three": np.zeros((5, solver.CATEGORIES), dtype=np.int64)}


def preflop_choice(lines: IntArray, settle: solver.Settlement, ties_larger: bool
                   ) -> tuple[npt.NDArray[np.int8], IntArray]:
    """The preflop choice (4, 3, 0) of states with ``lines`` ``[n, 56]`` and the exact values
    ``[n, 3]`` of check, 3x and 4x, in the settlement's scaled units."""
    four, three, checking = dealer_one.preflop_values(lines, settle, FOLD_DEALS)
    choice = solver.best_preflop(four, three, checking, ties_larger)
    return choice, np.stack([checking, three, four], axis=1).astype(np.int64)


def _chosen_counts(lines: IntArray, choice: npt.NDArray[np.int8]) -> IntArray:
    """``[5, 17]``: the deal counts of the chosen lines by Play 4, 3, 2, 1, and the folded
    boards (row 4, first column)."""
    out = np.zeros((5, solver.CATEGORIES), dtype=np.int64)
    checked = choice == 0
    out[0] = lines[choice == 4][:, PLAY].sum(axis=0)
    out[1] = lines[choice == 3][:, PLAY].sum(axis=0)
    out[2] = lines[checked][:, BET].sum(axis=0)
    out[3] = lines[checked][:, CHECK].sum(axis=0)
    out[4, 0] = lines[checked][:, FOLDS].sum()
    return out


@dataclass(frozen=True)
class _Work:
    classes: solver.FlopClasses
    settle: solver.Settlement
    ties_larger: bool
    choice: npt.NDArray[np.int8]          # flop-3: [flop classes, 1326]
    values: IntArray                      # flop-3: [flop classes, 1326, 3]


def add_flop(sums: dict[str, npt.NDArray[Any]], work: _Work, index: int) -> None:
    """Add flop class ``index`` to one worker's sums and decide its flop-3 states."""
    flop = work.classes.flops[index]
    lines = flop_lines(flop, work.settle, work.ties_larger)
    size = work.classes.orbit_size(index)
    moved = holding_permutations()
    weighted = size * lines
    for k, name in ((1, "one"), (2, "two")):
        classes = subset_classes(k)
        for cards in combinations(flop.tolist(), k):
            target, perms = classes.moves(cards)
            for p in perms:
                sums[name][target, moved[p]] += weighted
    off = np.flatnonzero(lines[:, PLAY].sum(axis=1))
    choice, values = preflop_choice(lines[off], work.settle, work.ties_larger)
    work.choice[index, off] = choice
    work.values[index, off] = values
    sums["three"] += size * _chosen_counts(lines[off], choice)


def _task(work: _Work, sweep: Sweep, bounds: tuple[int, int]) -> tuple[int, int]:
    start, stop = bounds
    out = sweep.take()
    try:
        for index in range(start, stop):
            add_flop(out, work, index)
        sweep.finished.append(bounds)           # in the sums once the buffer is back
    finally:
        sweep.buffers.put(out)
    return bounds


def flop_cards_sums(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
                    progress: bool = False, classes: solver.FlopClasses | None = None,
                    checkpoint: Checkpoint | None = None
                    ) -> tuple[dict[str, npt.NDArray[Any]], npt.NDArray[np.int8], IntArray]:
    """The sweep over the flop classes (``classes``: only those, for tests): the summed
    buffers (see :func:`_buffers`), and flop-3's choices and values by flop class and holding.
    With a ``checkpoint`` it resumes from the classes it holds and writes to it as it goes."""
    classes = classes if classes is not None else solver.flop_classes()
    n_flops = len(classes.flops)
    workers = parallel.workers(jobs, n_flops)
    blocks = Blocks("ultimate-texas-holdem seen=flop-2, flop-3",
                    np.ones(n_flops, dtype=np.int64), checkpoint=checkpoint, progress=progress,
                    key={"net": settle.array(), "ties_larger": np.array(ties_larger),
                         "flops": classes.flops})
    first = _buffers()
    choice = np.zeros((n_flops, solver.HOLDINGS), dtype=np.int8)
    values = np.zeros((n_flops, solver.HOLDINGS, 3), dtype=np.int64)
    resumed = blocks.resume({**first, "choice": choice, "values": values})
    if resumed is not None:
        choice, values = resumed.pop("choice"), resumed.pop("values")
        first = resumed
    work = _Work(classes, settle, ties_larger, choice, values)
    sweep = Sweep(settle.array(), settle.fold, ties_larger, queue.SimpleQueue())
    buffers = run_sweep(blocks, sweep,
                   functools.partial(_task, work), n_flops, workers,
                   [first, *(_buffers() for _ in range(workers - 1))],
                   {"choice": choice, "values": values})
    total = buffers.get()
    for _ in range(workers - 1):
        part = buffers.get()
        for name in total:
            total[name] += part[name]
    return total, choice, values


def symmetrised(sums: npt.NDArray[np.int64]) -> IntArray:
    """Every listed state's exact lines: the accumulated sums divided by 24 (checked)."""
    if (sums % 24).any():
        raise RuntimeError("The flop-card solve's sums do not divide by 24.")
    lines: IntArray = sums // 24
    return lines


def state_lines(sums: npt.NDArray[np.int64], k: int, holding: tuple[int, int],
                cards: Sequence[int]) -> IntArray:
    """One state's exact lines (56 values) from flop-k's accumulator (k = 1, 2): any holding
    and any k seen flop cards, found through a suit permutation to the listed state."""
    target, perms = subset_classes(k).moves(cards)
    h = holding_ids()[holding[0], holding[1]]
    row = sums[target, holding_permutations()[perms[0], h]]
    if row.any() and (row % 24).any():
        raise RuntimeError("The flop-card solve's sums do not divide by 24.")
    lines: IntArray = row // 24
    return lines


def listed_states(k: int) -> tuple[IntArray, IntArray, IntArray]:
    """The listed states of ``flop-k`` (k = 1, 2): rows (a, b, *S), their class index and
    weight (the size of S's suit class), class by class, holdings in id order."""
    classes = subset_classes(k)
    cards = holding_cards()
    rows, which, weights = [], [], []
    for index, subset in enumerate(classes.listed):
        off = cards[~np.isin(cards, subset).any(axis=1)]
        rows.append(np.column_stack([off, np.tile(subset, (len(off), 1))]))
        which.append(np.full(len(off), index))
        weights.append(np.full(len(off), classes.size[index]))
    return (np.concatenate(rows).astype(np.int64), np.concatenate(which).astype(np.int64),
            np.concatenate(weights).astype(np.int64))


def subset_solution(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
                    sums: npt.NDArray[np.int64]) -> ExposedSolution:
    """``flop-1`` or ``flop-2``'s :class:`ExposedSolution` from its summed accumulator."""
    lines = symmetrised(sums)
    states, which, weights = listed_states(SEEN_FLOP[scenario])
    picked = lines[which, holding_ids()[states[:, 0], states[:, 1]]]
    return dealer_one.lines_solution(
        scenario, settle, ties_larger, states, picked,
        dealer_one.StateBasis(deals_per_state(SEEN_FLOP[scenario]), FOLD_DEALS, weights))


def three_solution(settle: solver.Settlement, ties_larger: bool, classes: solver.FlopClasses,
                   counts: IntArray, choice: npt.NDArray[np.int8], values: IntArray
                   ) -> ExposedSolution:
    """``flop-3``'s :class:`ExposedSolution`: every (holding, flop class representative)
    state, weighted by the class's orbit size."""
    cards = holding_cards()
    rows, weights, picked_choice, picked_values = [], [], [], []
    for index, flop in enumerate(classes.flops.astype(np.int64)):
        off = np.flatnonzero(~np.isin(cards, flop).any(axis=1))
        rows.append(np.column_stack([cards[off], np.tile(flop, (len(off), 1))]))
        weights.append(np.full(len(off), classes.orbit_size(index)))
        picked_choice.append(choice[index, off])
        picked_values.append(values[index, off])
    states = np.concatenate(rows)
    total = {p: counts[i] for i, p in enumerate((4, 3, 2, 1))}
    return dealer_one.finished_solution(
        Seen.FLOP_3, settle, ties_larger, states,
        dealer_one.StateBasis(deals_per_state(3), FOLD_DEALS, np.concatenate(weights)),
        np.concatenate(picked_choice), np.concatenate(picked_values), total,
        int(counts[4, 0]) * FOLD_DEALS)


def solve_uncached(scenario: Seen, settle: solver.Settlement, ties_larger: bool, *,
                   jobs: int | None = None, progress: bool = False,
                   checkpoint: Checkpoint | None = None) -> dict[Seen, ExposedSolution]:
    """``flop-1``, ``flop-2`` and ``flop-3`` from one sweep (``scenario``: the one asked
    for; all three are returned)."""
    if scenario not in SEEN_FLOP:
        raise ValueError(f"seen={scenario} shows no flop cards alone")
    classes = solver.flop_classes()
    sums, choice, values = flop_cards_sums(settle, ties_larger, jobs=jobs, progress=progress,
                                           checkpoint=checkpoint)
    return {Seen.FLOP_1: subset_solution(Seen.FLOP_1, settle, ties_larger, sums.pop("one")),
            Seen.FLOP_2: subset_solution(Seen.FLOP_2, settle, ties_larger, sums.pop("two")),
            Seen.FLOP_3: three_solution(settle, ties_larger, classes, sums["three"], choice,
                                        values)}


def _solve(scenario: Seen, settle: solver.Settlement, ties_larger: bool, *,
           jobs: int | None, use_cache: bool, progress: bool) -> ExposedSolution:
    def uncached(checkpoint: Checkpoint) -> dict[Seen, ExposedSolution]:
        solutions = solve_uncached(scenario, settle, ties_larger, jobs=jobs, progress=progress,
                                   checkpoint=checkpoint)
        del solutions[Seen.FLOP_1]      # flop-1's own solver caches flop-1
        return solutions
    return dealer_one.cached_solve(scenario, settle, ties_larger, uncached, use_cache,
                                   code=(sys.modules[__name__],))


def solve_flop_two(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
                   use_cache: bool = True, progress: bool = False) -> ExposedSolution:
    """``seen=flop-2``: two of the three flop cards seen before the preflop decision."""
    return _solve(Seen.FLOP_2, settle, ties_larger, jobs=jobs, use_cache=use_cache,
                  progress=progress)


def solve_flop_three(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
                     use_cache: bool = True, progress: bool = False) -> ExposedSolution:
    """``seen=flop-3``: the whole flop seen before the preflop decision."""
    return _solve(Seen.FLOP_3, settle, ties_larger, jobs=jobs, use_cache=use_cache,
                  progress=progress)
