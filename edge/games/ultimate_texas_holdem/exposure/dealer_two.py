"""Ultimate Texas Hold'em with both dealer hole cards seen before the preflop decision.

The exact solve of ``seen=dealer-2`` (docs/protection.md). A state is the
player's holding P with the dealer's holding D (1,326 x 1,225 = 1,624,350); the player decides
4x, 3x or check knowing both, then after a check 2x or check on the flop F, then on the river
he knows the result: he plays 1x on a win or a tie and folds a loss (a loss of exactly the
value of a fold follows ``ties_larger``). So each (P, D, F) needs only its 17 outcome counts
over the 990 turn-rivers, and every line's value is linear in them.

The kernel (:mod:`._exposure_two`) goes through the 1,755 flop classes, and for each the
dealer holdings one per orbit of the flop's suit stabiliser; each (P, D, F) result is added to
the row of the suit class of (P, D), weighted by the (flop, dealer holding) pairs it stands for.
A row then holds its class's orbit size times one state's counts; the states are listed one per
suit class (``state_weight`` is the orbit size).

>>> len(states().weight), int(states().weight.sum())
(93769, 1624350)
"""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.cache import Blocks, Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _two as _exposure_two
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.solve import _kernels
from edge.games.ultimate_texas_holdem.solve import solver as solve
from edge.games.ultimate_texas_holdem.solve.solver import FlopClasses, Settlement

IntArray = npt.NDArray[np.int64]

CATEGORIES = solve.CATEGORIES
ROW = _exposure_two.ROW           # per state row: 17 counts after 2x, 17 after a check, 2 more
FLOPS_PER_STATE = 17296           # C(48, 3)
RUNOUTS = _exposure_two.RUNOUTS   # C(45, 2)
DEALS_PER_STATE = FLOPS_PER_STATE * RUNOUTS
STATES = solve.HOLDINGS * 1225    # C(52, 2) C(50, 2)


@dataclass(frozen=True)
class States:
    """The suit classes of (holding, dealer holding) states.

    ``cards[i]``: the representative's holding (ascending) then dealer holding (ascending);
    ``weight[i]``: the states of the class; ``index[D, P]``: the class of (P, D) by holding
    ids, -1 where they share a card.
    """

    cards: npt.NDArray[np.int8]
    weight: IntArray
    index: npt.NDArray[np.int32]


def _holding_cards() -> tuple[IntArray, IntArray]:
    first, second = np.triu_indices(52, k=1)
    return first.astype(np.int64), second.astype(np.int64)


@lru_cache(maxsize=1)
def states() -> States:
    """The suit classes of the 1,624,350 states (the representative has the least code
    ``D * 1326 + P`` in its class, so the classes of one dealer holding are near each other)."""
    first, second = _holding_cards()
    holding_id = np.full((52, 52), -1, dtype=np.int64)
    holding_id[first, second] = holding_id[second, first] = np.arange(solve.HOLDINGS)
    player = np.repeat(np.arange(solve.HOLDINGS), solve.HOLDINGS)
    dealer = np.tile(np.arange(solve.HOLDINGS), solve.HOLDINGS)
    keep = np.flatnonzero((first[dealer] != first[player]) & (first[dealer] != second[player])
                          & (second[dealer] != first[player])
                          & (second[dealer] != second[player]))
    player, dealer = player[keep], dealer[keep]
    best = np.full(len(keep), np.iinfo(np.int64).max)
    for perm in _kernels.uth_permutations().astype(np.int64):
        # the holding each holding becomes under the permutation
        image = holding_id[(first & ~3) | perm[first & 3], (second & ~3) | perm[second & 3]]
        np.minimum(best, image[dealer] * solve.HOLDINGS + image[player], out=best)
    codes, inverse, weight = np.unique(best, return_inverse=True, return_counts=True)
    index = np.full(solve.HOLDINGS * solve.HOLDINGS, -1, dtype=np.int32)
    index[dealer * solve.HOLDINGS + player] = inverse.astype(np.int32)
    rep_dealer, rep_player = codes // solve.HOLDINGS, codes % solve.HOLDINGS
    rep_cards = np.stack([first[rep_player], second[rep_player], first[rep_dealer],
                          second[rep_dealer]], axis=1).astype(np.int8)
    return States(rep_cards, weight.astype(np.int64),
                  index.reshape(solve.HOLDINGS, solve.HOLDINGS))


def river_values(settle: Settlement, ties_larger: bool) -> tuple[IntArray, npt.NDArray[np.bool_]]:
    """Per outcome category, the river's value after two checks (the better of 1x and fold,
    scaled) and whether the player plays 1x there (equal values follow ``ties_larger``)."""
    net = settle.array()
    plays = (net[1] > settle.fold) | ((net[1] == settle.fold) & ties_larger)
    values: IntArray = np.where(plays, net[1], settle.fold).astype(np.int64)
    return values, plays


@dataclass(frozen=True)
class _Work:
    """What the worker units of one solve read, passed to each (every solve has its own, so
    two solves in one process never see each other's)."""

    flops: npt.NDArray[np.int32]
    states: States
    net2: IntArray
    river: IntArray
    ties_larger: bool


def _flops_task(work: _Work, bounds: tuple[int, int]
                ) -> tuple[tuple[int, int], npt.NDArray[np.int32]]:
    start, stop = bounds
    rows = np.zeros((len(work.states.weight), ROW), dtype=np.int32)
    _exposure_two.solve_flops(np.ascontiguousarray(work.flops[start:stop]), work.states.index,
                              work.net2, work.river, work.ties_larger, rows)
    return bounds, rows


def _chunks(total: int, pieces: int) -> list[tuple[int, int]]:
    bounds = np.linspace(0, total, pieces + 1).round().astype(int)
    return [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True) if b > a]


def solve_rows(settle: Settlement, ties_larger: bool, *, jobs: int | None = None,
               progress: bool = False, classes: FlopClasses | None = None,
               checkpoint: Checkpoint | None = None) -> IntArray:
    """Every state class's row (see :mod:`._exposure_two`), summed over ``classes`` (default
    every flop class), as int64 ``[states, 36]``. With a ``checkpoint`` it resumes from the
    flop classes the checkpoint holds and writes their sums to it as it goes."""
    chosen = classes if classes is not None else solve.flop_classes()
    workers = jobs or parallel.available_cores()
    river, _ = river_values(settle, ties_larger)
    blocks = Blocks("ultimate-texas-holdem seen=dealer-2",
                    np.ones(len(chosen.flops), dtype=np.int64), checkpoint=checkpoint,
                    progress=progress, key={"net": settle.array(),
                                            "ties_larger": np.array(ties_larger),
                                            "flops": chosen.flops})
    total = np.zeros((len(states().weight), ROW), dtype=np.int64)
    resumed = blocks.resume({"rows": total})
    if resumed is not None:
        total = resumed["rows"]
    # the flop classes with the largest suit stabilisers have the fewest dealer orbits: small
    # chunks keep both workers busy to the end (a reduced case: one class a chunk)
    tasks = blocks.tasks(_chunks(len(chosen.flops), max(8, 60 * workers)
                                 if classes is None else len(chosen.flops)))
    work = _Work(chosen.flops.astype(np.int32), states(),
                 np.ascontiguousarray(settle.array()[2]), river, ties_larger)
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


def _check_rows(rows: IntArray, weight: IntArray) -> None:
    """Every state class must account for all its deals (a cheap self-check)."""
    dealt = rows[:, :2 * CATEGORIES].sum(axis=1)
    if not (dealt == weight * DEALS_PER_STATE).all():
        raise RuntimeError("The dealer-2 solve lost deals: the kernel's totals do not add up.")
    if (rows[:, :2 * CATEGORIES] % weight[:, None]).any():
        raise RuntimeError("The dealer-2 solve's counts are not whole per state.")


def solution_from_rows(rows: IntArray, settle: Settlement, ties_larger: bool) -> ExposedSolution:
    """The :class:`ExposedSolution` of the state rows of a full solve."""
    table = states()
    weight = table.weight
    _check_rows(rows, weight)
    bet = rows[:, :CATEGORIES]
    checked = rows[:, CATEGORIES:2 * CATEGORIES]
    net = settle.array()
    river, plays = river_values(settle, ties_larger)
    one_bet, one_check = bet // weight[:, None], checked // weight[:, None]
    four = (one_bet + one_check) @ net[4]
    three = (one_bet + one_check) @ net[3]
    checking = one_bet @ net[2] + one_check @ river
    choice = solve.best_preflop(four, three, checking, ties_larger)
    counts = {4: (bet + checked)[choice == 4].sum(axis=0),
              3: (bet + checked)[choice == 3].sum(axis=0),
              2: bet[choice == 0].sum(axis=0),
              1: np.where(plays, checked[choice == 0].sum(axis=0), 0)}
    folds = int(checked[choice == 0][:, ~plays].sum())
    cycle = solve.CYCLE
    if sum(int(c.sum()) for c in counts.values()) + folds != cycle:
        raise RuntimeError("The dealer-2 solve's lines do not add up to the cycle.")
    decisions = (("preflop 4x", int(counts[4].sum())), ("preflop 3x", int(counts[3].sum())),
                 ("check, flop 2x", int(counts[2].sum())),
                 ("check, check, river 1x", int(counts[1].sum())),
                 ("check, check, river fold", folds))
    return ExposedSolution(
        scenario=Seen.DEALER_2, settlement=settle, ties_larger=ties_larger, cycle=cycle,
        counts={p: c.astype(np.int64) for p, c in counts.items()}, folds=folds,
        decisions=decisions, state_cards=table.cards, state_weight=weight, choice=choice,
        values=np.stack([checking, three, four], axis=1).astype(np.int64),
        deals_per_state=DEALS_PER_STATE)


def _entry(settle: Settlement, ties_larger: bool) -> cache.Entry:
    """The disk cache entry of the state rows (:class:`edge.cache.Entry`: a checksum checked
    on every read, atomic writes, a lock while one process solves), named by the pays, the
    ties rule and the code of this module, the unexposed solve's and their kernels."""
    path = cache.entry_path("uth-dealer-two", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": ties_larger, "arrays": ("rows",)},
        (sys.modules[__name__], solve, _kernels, _exposure_two))
    return cache.Entry(path, "ultimate-texas-holdem seen=dealer-2")


def _load_rows(entry: cache.Entry) -> IntArray | None:
    """The cached rows, or None when there is none or it is damaged."""
    def accept(arrays: dict[str, npt.NDArray[Any]]) -> IntArray:
        rows = arrays["rows"].astype(np.int64)
        _check_rows(rows, states().weight)
        return rows
    return entry.load(("rows",), accept)


def solve_dealer_two(settle: Settlement, ties_larger: bool = False, *, jobs: int | None = None,
                     use_cache: bool = True, progress: bool = False) -> ExposedSolution:
    """The exact solve of ``seen=dealer-2`` for one set of pays (cached on disk).

    ``use_cache=False`` solves afresh and still writes the result; while one process solves,
    another asking for the same entry waits and reads it; an interrupted solve resumes from
    its checkpoint (not with ``use_cache=False``).
    """
    entry = _entry(settle, ties_larger)

    def solved(checkpoint: Checkpoint) -> IntArray:
        rows = solve_rows(settle, ties_larger, jobs=jobs, progress=progress,
                          checkpoint=checkpoint)
        _check_rows(rows, states().weight)
        return rows

    rows = cache.read_or_solve(entry, lambda: _load_rows(entry), solved,
                               lambda rows: entry.store({"rows": rows.astype(np.int32)}),
                               use_cache)
    return solution_from_rows(rows, settle, ties_larger)
