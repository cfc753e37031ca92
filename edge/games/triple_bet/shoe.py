"""The Hybrid Triple Bet's wagers from a shoe of any make-up (for card counting, edge.counting).

Each wager looks at an ordered pair (Flush: player card, first flop card) or triple (Sandwich:
player cards and the second flop card; Block: player cards and the dealer's card) of cards; the
cards it does not look at change no probability. The outcome of every ordered tuple of faces is
the kernel's own (``_kernels.*_outcome``), found once; a shoe of ``copies[f]`` cards of face f
deals the tuple (f1, f2, f3) in ``c1 * (c2 - [f2 = f1]) * (c3 - [f3 = f1] - [f3 = f2])`` ways
(physical cards told apart), so each outcome's count is an exact integer sum of those weights.
The combined wager is one unit on each: its return per unit wagered is the mean of the three.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache, lru_cache

import numpy as np
import numpy.typing as npt

from edge.games import ShoeReturn, Wager
from edge.games.triple_bet import _kernels
from edge.games.triple_bet._kernels import BLOCK_ROWS, FLUSH_ROWS, SANDWICH_ROWS
from edge.games.triple_bet.pays import PRESETS, row_pays
from edge.games.triple_bet.rules import TripleBetRules
from edge.paytables import PayTable

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
ROWS = {"flush": FLUSH_ROWS, "sandwich": SANDWICH_ROWS, "block": BLOCK_ROWS}


@cache
def _tuples(wager: str) -> tuple[IntArray, IntArray]:
    """Every ordered tuple of faces the wager looks at (one column per card) and its outcome."""
    size = 2 if wager == "flush" else 3
    faces = np.indices((52,) * size).reshape(size, -1).T.astype(np.int64)
    settlers: dict[str, Callable[..., int]] = {
        "flush": _kernels.flush_outcome, "sandwich": _kernels.sandwich_outcome,
        "block": _kernels.block_outcome}
    settle = settlers[wager]
    index = np.fromiter((settle(*map(int, row)) for row in faces), dtype=np.int64,
                        count=len(faces))
    return faces, index


@cache
def _layout(wager: str) -> tuple[IntArray, IntArray, FloatArray, FloatArray]:
    """The tuples split as a first part (all cards but the last, each such part once) and the
    last card, found once: the first parts, how many earlier cards of each first part share
    each card's face, whether (first part, last face) gives each outcome, and the number of
    cards of the first part with the last face summed over each outcome's tuples."""
    faces, index = _tuples(wager)
    size = faces.shape[1]
    firsts = faces[::52, :size - 1]                 # the last card runs fastest
    earlier = np.stack([(firsts[:, :j] == firsts[:, j:j + 1]).sum(axis=1)
                        for j in range(size - 1)], axis=1).astype(np.int64)
    outcome = index.reshape(len(firsts), 52)
    repeats = (firsts[:, :, None] == np.arange(52)[None, None, :]).sum(axis=1)
    gives = np.stack([outcome == row for row in range(len(ROWS[wager]))]).astype(np.float64)
    taken = (gives * repeats[None, :, :]).sum(axis=2)
    return firsts, earlier, gives, taken


def wager_counts(wager: str, copies: Sequence[int]) -> list[int]:
    """Each row's count (kernel order, ``*_ROWS``) of one wager from the shoe of ``copies``
    (the last shoes' counts are kept: the combined wager asks for its parts' counts from the
    shoes its parts were just given)."""
    return list(_counts(wager, tuple(int(c) for c in copies)))


@lru_cache(maxsize=16384)
def _counts(wager: str, copies: tuple[int, ...]) -> tuple[int, ...]:
    """The ordered deals of each outcome: a first part of the tuple is dealt in
    ``prod (c_f - earlier)`` ways and, when it can be dealt, the last card of face f in
    ``c_f - (cards of the first part with face f)`` ways, which is linear in the shoe: a
    product of matrices. Every sum is a whole number below 2^53 (a shoe of N cards deals at
    most N^3 ordered triples), so the float arithmetic is exact."""
    supply = np.asarray(copies, dtype=np.int64)
    assert supply.shape == (52,) and bool((supply >= 0).all()), "52 counts of 0 or more"
    firsts, earlier, gives, taken = _layout(wager)
    ways = np.ones(len(firsts), dtype=np.int64)
    for j in range(firsts.shape[1]):
        ways *= np.maximum(supply[firsts[:, j]] - earlier[:, j], 0)
    sums = (gives @ supply.astype(np.float64) - taken) @ ways.astype(np.float64)
    counts = [round(total) for total in sums.tolist()]
    total = sum(copies)
    expected = total * (total - 1) * (total - 2 if firsts.shape[1] == 2 else 1)
    assert sum(counts) == expected, f"the weighted deals sum to {sum(counts)}, not {expected}"
    return tuple(counts)


def wager_return(wager: str, paytable: PayTable, copies: Sequence[int],
                 prefix: str = "") -> Fraction:
    """One wager's exact expected return per unit from the shoe of ``copies``."""
    counts = wager_counts(wager, copies)
    pays = row_pays(paytable, ROWS[wager], prefix)
    return sum((pay * count for pay, count in zip(pays, counts, strict=True)),
               Fraction(0)) / sum(counts)


def shoe_return(wager: str) -> ShoeReturn[TripleBetRules]:
    """The ``shoe_return`` hook of one wager (``combined``: the mean of the three)."""
    def returns(asked: Wager[TripleBetRules], copies: tuple[int, ...]) -> Fraction:
        table = asked.paytable or PRESETS[wager]["usual"]
        if wager != "combined":
            return wager_return(wager, table, copies)
        return sum((wager_return(part, table, copies, f"{part}.") for part in ROWS),
                   Fraction(0)) / 3
    return returns
