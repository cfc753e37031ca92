"""Dealing many hands at once with a numpy ``Generator``.

A deal of ``k`` cards from a deck (or shoe) of ``size`` distinguishable cards is drawn as ``k``
independent uniform positions, and redrawn whole while two positions coincide: the first
all-distinct draw is uniform over the ordered deals of ``k`` distinct cards, exactly like the top
``k`` cards of a shuffled deck. The work is vectorised over hands, one array per dealt card.

>>> rng = np.random.default_rng(1)
>>> cards = deal(rng, 1000, 9)
>>> cards.shape, bool(distinct(cards, 52).all())
((9, 1000), True)
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

CardArray = npt.NDArray[np.int16]
BoolArray = npt.NDArray[np.bool_]


def distinct(cards: CardArray, size: int) -> BoolArray:
    """Per hand (column), whether the positions in ``cards`` (shape ``(k, hands)``) all differ."""
    count = cards.shape[0]
    if size <= 64:
        one = np.uint64(1)
        mask = np.zeros(cards.shape[1], dtype=np.uint64)
        for row in cards:
            mask |= one << row.astype(np.uint64)
        return np.asarray(np.bitwise_count(mask) == count)
    ok = np.ones(cards.shape[1], dtype=np.bool_)
    for i in range(count):
        for j in range(i + 1, count):
            ok &= cards[i] != cards[j]
    return ok


def deal(rng: np.random.Generator, hands: int, count: int, size: int = 52) -> CardArray:
    """``count`` distinct positions in ``0..size-1`` for each of ``hands`` hands.

    Returns shape ``(count, hands)``: row ``i`` is the ``i``-th card dealt to every hand.
    """
    if not 0 < count <= size:
        raise ValueError(f"Cannot deal {count} distinct cards from {size}.")
    cards = rng.integers(0, size, size=(count, hands), dtype=np.int16)
    redo = np.flatnonzero(~distinct(cards, size))
    while redo.size:
        fresh = rng.integers(0, size, size=(count, redo.size), dtype=np.int16)
        ok = distinct(fresh, size)
        cards[:, redo[ok]] = fresh[:, ok]
        redo = redo[~ok]
    return cards
