"""What every simulator is built from (below the games, knowing none): dealing many hands at
once with a numpy ``Generator``, and pays as exact integer nets (:func:`common_scale`,
:func:`scaled`).

A deal of ``k`` cards from a deck (or shoe) of ``size`` distinguishable cards is uniform over the
ordered deals of ``k`` distinct cards, exactly like the top ``k`` cards of a shuffled deck. It is
drawn one of two ways, vectorised over hands with one array per dealt card:

- by rejection, when most draws succeed: ``k`` independent uniform positions, redrawn whole while
  two coincide (the first all-distinct draw is uniform over the distinct deals);
- by the first ``k`` steps of a Fisher-Yates shuffle of a full deck per hand, when a deal takes
  most of the deck (27 of 28 tiles, say) and rejection would almost never succeed.

>>> rng = np.random.default_rng(1)
>>> cards = deal(rng, 1000, 9)
>>> cards.shape, bool(distinct(cards, 52).all())
((9, 1000), True)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]

CardArray = npt.NDArray[np.int16]
BoolArray = npt.NDArray[np.bool_]

# Rejection is used while at least this share of draws are all distinct.
REJECTION_AT_LEAST = 0.2


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


def all_distinct_probability(count: int, size: int) -> float:
    """The chance that ``count`` independent uniform positions in ``0..size-1`` all differ."""
    return math.prod((size - i) / size for i in range(count))


def shuffle_deal(rng: np.random.Generator, hands: int, count: int, size: int) -> CardArray:
    """The first ``count`` cards of a Fisher-Yates shuffle of ``0..size-1``, for every hand."""
    deck = np.repeat(np.arange(size, dtype=np.int16)[:, None], hands, axis=1)
    columns = np.arange(hands)
    for i in range(count):
        pick = rng.integers(i, size, size=hands)
        chosen = deck[pick, columns]
        deck[pick, columns] = deck[i]
        deck[i] = chosen
    return deck[:count].copy()


def deal(rng: np.random.Generator, hands: int, count: int, size: int = 52) -> CardArray:
    """``count`` distinct positions in ``0..size-1`` for each of ``hands`` hands.

    Returns shape ``(count, hands)``: row ``i`` is the ``i``-th card dealt to every hand.
    """
    if not 0 < count <= size:
        raise ValueError(f"Cannot deal {count} distinct cards from {size}.")
    if all_distinct_probability(count, size) < REJECTION_AT_LEAST:
        return shuffle_deal(rng, hands, count, size)
    cards = rng.integers(0, size, size=(count, hands), dtype=np.int16)
    redo = np.flatnonzero(~distinct(cards, size))
    while redo.size:
        fresh = rng.integers(0, size, size=(count, redo.size), dtype=np.int16)
        ok = distinct(fresh, size)
        cards[:, redo[ok]] = fresh[:, ok]
        redo = redo[~ok]
    return cards


def common_scale(pays: Iterable[Fraction]) -> int:
    """The least common denominator of some pays: nets in units of ``1/scale`` are integers.

    >>> common_scale([Fraction(3, 2), Fraction(19, 20), Fraction(4)])
    20
    """
    scale = 1
    for pay in pays:
        scale = math.lcm(scale, Fraction(pay).denominator)
    return scale


def scaled(pays: Sequence[Fraction], scale: int) -> IntArray:
    """Pays as int64 multiples of ``1/scale`` (exact: ``scale`` is a common denominator)."""
    units = [Fraction(pay) * scale for pay in pays]
    if any(unit.denominator != 1 for unit in units):
        raise ValueError(f"The scale {scale} does not make every pay whole.")
    return np.array([int(unit) for unit in units], dtype=np.int64)


def chunk_seed(seed: int, index: int) -> np.random.SeedSequence:
    """The seed sequence of chunk (or task) ``index``: the ``index``-th child of
    ``SeedSequence(seed)``, so its draws depend on the seed and the index alone."""
    return np.random.SeedSequence(seed, spawn_key=(index,))
