"""The informed flop decision of ``seen=dealer-1`` on every flop state, exact (for the flop
tells against ordinary play: :mod:`.street_tells`, docs/protection.md).

The ``dealer-1`` solve keeps each preflop state's lines, not its flop decisions. This pass
decides every flop state (holding P, seen dealer card d, flop F) again with the solve's own
kernel (``_one.dealer_one_flops``, mode 0), one flop at a time: d runs over the clubs off the
flop with the identity suit permutation, so the kernel's accumulator holds each state in place
(``[rank of d, P]``) and its flop-bets column says whether the informed player bets 2x there.
The kernel solves one holding of each orbit under the suit permutations fixing F and d; the
others take their orbit's decision (a suit permutation of a deal changes no outcome).

The flops are those least in their orbit under the six suit permutations keeping the clubs,
each standing for its orbit's flops (those permutations fix every club, so a club d and its
flop state move together). A dealt state with d of another suit is a club state under the
permutation exchanging the two suits: every count over the clubs is a quarter of the whole.
Each flop state stands for 1,035 turn-river pairs x 44 dealer cards x = 45,540 deals of the
exposed cycle.

The river is not decided here: the informed river decision (the 1x value over the 44 hands
{d, x} of each board) is inside the kernel and not returned; :mod:`.dealer_rivers` decides it
again on every board of the flop states the informed player checks.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.cache import Blocks, Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _one as _exposure_one
from edge.games.ultimate_texas_holdem.exposure.dealer_one import (
    holding_cards,
    holding_ids,
    suit_zero_permutations,
)
from edge.games.ultimate_texas_holdem.exposure.sweep_one import ROW, permute_cards
from edge.games.ultimate_texas_holdem.solve import _kernels, solver

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
CLUBS = np.arange(0, 52, 4)
FLOP_DEALS = comb(46, 2) * 44        # deals of one flop state (P, d, F): turn-river x dealer x
SUITS = 4                            # the seen card's suits (the clubs' counts times this)
_PLAY, _FLOP_BETS = slice(0, 17), 53  # the accumulator's 4x/3x line and its flop-bets column


def _codes(flops: npt.NDArray[np.int64]) -> IntArray:
    ordered = np.sort(flops, axis=-1)
    code: IntArray = (ordered[..., 0] * 52 + ordered[..., 1]) * 52 + ordered[..., 2]
    return code


def club_flops() -> tuple[npt.NDArray[np.int32], IntArray]:
    """The flops least (by code) in their orbit under the six suit permutations keeping the
    clubs, and each orbit's size (the sizes sum to 22,100)."""
    every = solver.all_flops().astype(np.int64)
    images = np.stack([_codes(permute_cards(perm, every)) for perm in suit_zero_permutations()])
    own = _codes(every)
    least = own == images.min(axis=0)
    sizes = np.array([len(set(column)) for column in images[:, least].T.tolist()], dtype=np.int64)
    return every[least].astype(np.int32), sizes


def flop_ids(flops: npt.NDArray[np.int32]) -> IntArray:
    """Each flop's row in :func:`solver.all_flops` (lexicographic order)."""
    ids: IntArray = np.searchsorted(_codes(solver.all_flops().astype(np.int64)),
                                    _codes(flops.astype(np.int64)))
    return ids


def _moved_holdings() -> IntArray:
    """``[6, 1326]``: the holding each holding becomes under each suit permutation keeping
    the clubs (:func:`suit_zero_permutations` order)."""
    cards = holding_cards()
    ids = holding_ids()
    rows = []
    for perm in suit_zero_permutations():
        moved = permute_cards(perm, cards)
        rows.append(ids[moved[:, 0], moved[:, 1]])
    return np.stack(rows)


def off_cards(flop: npt.NDArray[np.int64]) -> BoolArray:
    """``[13, 1326]``: whether holding h shares no card with the flop nor with the club of
    rank r, and that club is off the flop."""
    cards = holding_cards()
    on_flop = np.asarray(np.isin(cards, flop).any(axis=1))
    on_club = (cards[None, :, :] == CLUBS[:, None, None]).any(axis=2)
    off: BoolArray = ~on_flop[None, :] & ~on_club
    off[np.isin(CLUBS, flop)] = False
    return off


def flop_bets_of(flop: npt.NDArray[np.int32], settle: solver.Settlement, ties_larger: bool,
                 moved: IntArray | None = None) -> BoolArray:
    """``[13, 1326]``: whether the informed ``dealer-1`` player bets 2x on this flop holding
    h with the club of rank r seen (False off the cards), from the solve's kernel; the
    holdings it leaves to their orbit take their orbit's decision."""
    moved = _moved_holdings() if moved is None else moved
    cards = flop.astype(np.int64)
    seen = np.array([d for d in CLUBS if d not in cards], dtype=np.int32)
    out = np.zeros((13, solver.HOLDINGS, ROW), dtype=np.int64)
    _exposure_one.dealer_one_flops(
        np.ascontiguousarray(cards[None, :], dtype=np.int32),
        np.array([0, len(seen)], dtype=np.int32), seen,
        np.tile(np.arange(4, dtype=np.int8), (len(seen), 1)),
        np.ones(len(seen), dtype=np.int64), settle.array(), settle.fold, ties_larger, 0, out)
    played = out[:, :, _PLAY].sum(axis=2)
    bets = out[:, :, _FLOP_BETS] > 0
    off = off_cards(cards)
    fixing = [row for row, perm in enumerate(suit_zero_permutations())
              if sorted(permute_cards(perm, cards).tolist()) == sorted(cards.tolist())]
    least = moved[fixing].min(axis=0)             # each holding's orbit representative
    size = np.array([len(set(column)) for column in moved[fixing].T.tolist()], dtype=np.int64)
    found = np.zeros((13, solver.HOLDINGS), dtype=bool)
    for d in seen.tolist():
        rank = d >> 2
        solved = played[rank] > 0
        expected = off[rank] & (least == np.arange(solver.HOLDINGS))
        if not np.array_equal(solved, expected) \
                or not (played[rank][solved] == size[solved] * FLOP_DEALS).all():
            raise RuntimeError(f"The dealer-1 flop pass read the kernel's states of flop "
                               f"{cards.tolist()} and card {d} wrongly.")
        found[rank] = bets[rank][least] & off[rank]
    return found


# --- the pass over every flop, cached -------------------------------------------------------

STORED = ("bets",)
WIDTH = -(-13 * solver.HOLDINGS // 8)    # bytes of one flop's packed decisions


@dataclass(frozen=True)
class InformedFlops:
    """The informed ``dealer-1`` flop decisions: per flop of :func:`club_flops` (``flops``,
    ``sizes``), ``bets[f, r, h]`` whether he bets 2x holding h with the club of rank r seen."""

    flops: npt.NDArray[np.int32]
    sizes: IntArray
    bets: BoolArray


def _unpack(packed: npt.NDArray[np.uint8]) -> BoolArray:
    bits = np.unpackbits(packed, axis=1, count=13 * solver.HOLDINGS)
    return bits.reshape(len(packed), 13, solver.HOLDINGS).astype(bool)


# the flops the workers may count past the one being stored (each a few hundred kB)
FLOPS_AHEAD = 8


def row_pass(label: str, rows: int, key: dict[str, npt.NDArray[Any]],
             fresh: dict[str, npt.NDArray[Any]], count: Callable[[int], npt.NDArray[Any]], *,
             checkpoint: Checkpoint | None = None, progress: bool = False,
             jobs: int | None = None, ahead: int = FLOPS_AHEAD) -> npt.NDArray[Any]:
    """A pass over ``rows`` flops: ``count(row)`` on ``jobs`` worker threads (default every
    core: the kernels release the GIL; each row's result is its own, the same on any number),
    stored in the rows' order in the one array of ``fresh``; with a ``checkpoint`` (named by
    ``key``) it resumes from it and writes it at least once a minute of work. ``ahead`` bounds
    the rows counted past the one being stored."""
    (name,) = fresh
    blocks = Blocks(label, np.ones(rows, dtype=np.int64), checkpoint=checkpoint,
                    progress=progress, key=key)
    sums = blocks.resume(fresh) or fresh
    todo = np.flatnonzero(blocks.done == 0).tolist()
    with blocks.start():
        try:
            for row, found in zip(todo, parallel.map(count, todo, jobs, ahead=ahead),
                                  strict=True):
                with blocks.adding(row, row + 1):
                    sums[name][row] = found
                if blocks.due():
                    blocks.save(sums)
        except KeyboardInterrupt:
            blocks.save_interrupted(lambda: sums)
            raise
    return sums[name]


def sweep(settle: solver.Settlement, ties_larger: bool, flops: npt.NDArray[np.int32], *,
          checkpoint: Checkpoint | None = None, progress: bool = False,
          jobs: int | None = None) -> npt.NDArray[np.uint8]:
    """The packed decisions (``[flops, WIDTH]``) of :func:`flop_bets_of` on each flop, counted
    on ``jobs`` worker threads (:func:`row_pass`) and stored in the flops' order; with a
    ``checkpoint`` it resumes from it and writes it at least once a minute of work."""
    moved = _moved_holdings()
    found: npt.NDArray[np.uint8] = row_pass(
        "ultimate-texas-holdem seen=dealer-1 flop decisions", len(flops),
        {"net": settle.array(), "ties_larger": np.array(ties_larger), "flops": flops},
        {"bets": np.zeros((len(flops), WIDTH), dtype=np.uint8)},
        lambda index: np.packbits(flop_bets_of(flops[index], settle, ties_larger, moved)),
        checkpoint=checkpoint, progress=progress, jobs=jobs)
    return found


def informed_flops(settle: solver.Settlement, ties_larger: bool, *, use_cache: bool = True,
                   progress: bool = False, jobs: int | None = None) -> InformedFlops:
    """:func:`sweep` over every flop of :func:`club_flops` on ``jobs`` threads, kept in the
    disk cache (minutes of one core to make: docs/protection.md), named by the pays, the ties
    rule and the code."""
    flops, sizes = club_flops()
    path = cache.entry_path("uth-dealer-flop-bets", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": ties_larger, "arrays": STORED},
        (sys.modules[__name__], sys.modules[holding_ids.__module__], _exposure_one, solver,
         _kernels))
    entry = cache.Entry(path, "ultimate-texas-holdem seen=dealer-1 flop decisions")

    def load() -> npt.NDArray[np.uint8] | None:
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> npt.NDArray[np.uint8]:
            if arrays["bets"].shape != (len(flops), WIDTH):
                raise ValueError("the arrays have the wrong shape")
            return arrays["bets"].astype(np.uint8)
        return entry.load(STORED, accept)

    packed = cache.read_or_solve(
        entry, load, lambda checkpoint: sweep(settle, ties_larger, flops,
                                              checkpoint=checkpoint, progress=progress,
                                              jobs=jobs),
        lambda found: entry.store({"bets": found}), use_cache)
    return InformedFlops(flops, sizes, _unpack(packed))
