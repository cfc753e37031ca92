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
from functools import cache

import numpy as np
import numpy.typing as npt

from edge.games import ShoeReturn, Wager
from edge.games.triple_bet import _kernels
from edge.games.triple_bet._kernels import BLOCK_ROWS, FLUSH_ROWS, SANDWICH_ROWS
from edge.games.triple_bet.pays import PRESETS, row_pays
from edge.games.triple_bet.rules import TripleBetRules
from edge.paytables import PayTable

IntArray = npt.NDArray[np.int64]
ROWS = {"flush": FLUSH_ROWS, "sandwich": SANDWICH_ROWS, "block": BLOCK_ROWS}


@cache
def _tuples(wager: str) -> tuple[IntArray, IntArray, IntArray]:
    """Every ordered tuple of faces the wager looks at (one column per card), its outcome, and
    for each card the number of earlier cards of the tuple with its face (found once)."""
    size = 2 if wager == "flush" else 3
    faces = np.indices((52,) * size).reshape(size, -1).T.astype(np.int64)
    settlers: dict[str, Callable[..., int]] = {
        "flush": _kernels.flush_outcome, "sandwich": _kernels.sandwich_outcome,
        "block": _kernels.block_outcome}
    settle = settlers[wager]
    index = np.fromiter((settle(*map(int, row)) for row in faces), dtype=np.int64,
                        count=len(faces))
    before = np.stack([(faces[:, :j] == faces[:, j:j + 1]).sum(axis=1) for j in range(size)],
                      axis=1).astype(np.int64)
    return faces, index, before


def wager_counts(wager: str, copies: Sequence[int]) -> list[int]:
    """Each row's count (kernel order, ``*_ROWS``) of one wager from the shoe of ``copies``."""
    supply = np.asarray([int(c) for c in copies], dtype=np.int64)
    assert supply.shape == (52,) and bool((supply >= 0).all()), "52 counts of 0 or more"
    faces, index, before = _tuples(wager)
    weights = np.ones(len(faces), dtype=np.int64)
    for j in range(faces.shape[1]):
        weights *= np.maximum(supply[faces[:, j]] - before[:, j], 0)
    # the sums are whole numbers below 2^53 (a shoe of N cards deals N^3 ordered triples at
    # most), so the float sums of bincount are exact
    sums = np.bincount(index, weights=weights, minlength=len(ROWS[wager]))
    counts = [int(total) for total in sums.tolist()]
    total = sum(int(c) for c in copies)
    expected = total * (total - 1) * (total - 2 if faces.shape[1] == 3 else 1)
    assert sum(counts) == expected, f"the weighted deals sum to {sum(counts)}, not {expected}"
    return counts


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
