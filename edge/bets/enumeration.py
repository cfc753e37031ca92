"""Every deal of the cards a bet file looks at, with its exact weight, and the outcome counts.

The slots of a :class:`~edge.bets.layout.Layout` are dealt one after another from a shoe of
``decks`` decks: a set slot as every set (one deck) or every multiset (a shoe) of card faces,
a one-card slot as each of the 52 faces. A row of faces stands for this many deals of physical
cards (each of the ``decks`` copies of a face is a different card)::

    prod over faces f of  decks! / (decks - m_f)!   /   prod over set slots s, faces f of m_fs!

where ``m_f`` is how often f appears in the row and ``m_fs`` how often within set slot s: the
copies of f are told apart, and the order inside a set does not count. With one deck every row
of distinct cards has weight 1. Taken column by column, the j-th column multiplies the weight by
``decks - (earlier columns with its face)`` and divides it by ``1 + (earlier columns of its own
set slot with its face)``; the product of those quotients is the integer above. The weights sum
to ``(52 decks)! / (52 decks - n)! / prod over set slots of size!``, which :func:`count_outcomes`
checks for every analysis.

A shoe of any make-up (a shoe with cards gone, for card counting: :mod:`edge.counting`) is
given as ``copies``, 52 counts with ``copies[f]`` cards of face f: ``decks`` becomes
``copies[f]`` in every formula above (the column factor is ``copies[face] - earlier``) and the
total is ``N! / (N - n)! / prod size!`` with ``N = sum(copies)``. Without ``copies`` the uniform
shoe takes the same path as before.

>>> from edge.bets.layout import Slot
>>> rows = [(len(r), int(w.sum())) for r, w in deal_rows((Slot(("p",), 2),), decks=2)]
>>> sum(n for n, _ in rows) == 52 * 53 // 2, sum(w for _, w in rows) == 104 * 103 // 2
(True, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from edge.bets.compile import Deals
from edge.bets.layout import Slot
from edge.deal import combinations, multisets
from edge.errors import EdgeError

IntArray = npt.NDArray[np.int64]

# rows per product block when a slot is dealt after another
BLOCK_ROWS = 1 << 20
# more product rows than this is refused (an hour or more of work)
MOST_ROWS = 4 * 10**9


def _slot_rows(slot: Slot, decks: int, faces: int = 52) -> Iterator[IntArray]:
    if not slot.is_set:
        yield np.arange(faces, dtype=np.int64)[:, None]
    elif decks == 1:
        yield from combinations(faces, slot.size)
    else:
        yield from multisets(52, slot.size)


def _weigh(rows: IntArray, start: int, set_start: int | None, decks: int,
           numerator: IntArray, denominator: IntArray, copies: IntArray | None = None) -> None:
    """Multiply in the factors of the columns from ``start`` on (see the module); with
    ``copies``, a face's supply is its own count, not ``decks``."""
    for j in range(start, rows.shape[1]):
        column = rows[:, j:j + 1]
        before = (rows[:, :j] == column).sum(axis=1)
        if copies is None:
            numerator *= np.maximum(decks - before, 0)
        else:
            numerator *= np.maximum(copies[rows[:, j]] - before, 0)
        if set_start is not None and j > set_start:
            denominator *= 1 + (rows[:, set_start:j] == column).sum(axis=1)


def check_copies(copies: Sequence[int]) -> IntArray:
    """The 52 copy counts of a shoe as an array (an error unless 52 counts of 0 or more)."""
    if len(copies) != 52 or any(int(c) < 0 for c in copies):
        raise EdgeError(f"A shoe is 52 counts of cards, one per face (0 or more), not "
                        f"{len(copies)} counts.")
    return np.asarray([int(c) for c in copies], dtype=np.int64)


def rows_to_deal(slots: Sequence[Slot], decks: int, faces: int = 52) -> int:
    """How many rows of faces the enumeration goes through (before dropping impossible ones);
    ``faces`` 53: one deck and the joker (face 52)."""
    total = 1
    for slot in slots:
        if not slot.is_set:
            total *= faces
        else:
            total *= math.comb(faces, slot.size) if decks == 1 else math.comb(51 + slot.size,
                                                                              slot.size)
    return total


def deal_rows(slots: Sequence[Slot], decks: int, copies: Sequence[int] | None = None,
              faces: int = 52) -> Iterator[tuple[IntArray, IntArray]]:
    """Every possible row of faces with its weight (rows of zero weight left out), in chunks.

    With one deck every weight is 1 and the weights array may be left empty. With ``copies``
    (52 counts) the shoe is that one, and ``decks`` is only the largest count (which rows to
    go through: sets of distinct faces when no face has two copies). ``faces`` 53 is one
    deck and the joker (face 52, one copy)."""
    supply = None if copies is None else check_copies(copies)
    if supply is not None:
        decks = max(1, int(supply.max()))
    if rows_to_deal(slots, decks, faces) > MOST_ROWS:
        raise EdgeError(f"Too many deals to enumerate ({rows_to_deal(slots, decks, faces):,} "
                        "rows of cards): look at fewer cards, or fewer decks.")
    later = [np.concatenate(list(_slot_rows(slot, decks, faces))) for slot in slots[1:]]
    first = slots[0]
    for chunk in _slot_rows(first, decks, faces):
        if decks == 1 and not later and supply is None:
            yield chunk, np.ones(0, dtype=np.int64)      # distinct cards: every weight is 1
            continue
        numerator = np.ones(len(chunk), dtype=np.int64)
        denominator = np.ones(len(chunk), dtype=np.int64)
        if decks > 1 or supply is not None:
            _weigh(chunk, 0, 0 if first.is_set else None, decks, numerator, denominator,
                   supply)
        yield from _extend(chunk, numerator, denominator, slots[1:], later, decks, supply)


@dataclass(frozen=True)
class Weighing:
    """Whole rows of faces (the slots' columns in order) made ready to be weighed in many
    shoes: what does not depend on the shoe, each column's count of earlier columns with its
    face and each row's divisor for the order inside its sets, is found once."""

    faces: IntArray
    before: IntArray
    divisor: IntArray

    @classmethod
    def of(cls, rows: IntArray, slots: Sequence[Slot]) -> Weighing:
        """The rows with their shoe-independent parts."""
        before = np.zeros(rows.shape, dtype=np.int64)
        divisor = np.ones(len(rows), dtype=np.int64)
        start = 0
        for slot in slots:
            for j in range(start, start + slot.size):
                column = rows[:, j:j + 1]
                before[:, j] = (rows[:, :j] == column).sum(axis=1)
                if slot.is_set and j > start:
                    divisor *= 1 + (rows[:, start:j] == column).sum(axis=1)
            start += slot.size
        return cls(rows, before, divisor)

    def weigh(self, copies: Sequence[int]) -> IntArray:
        """The exact weight of each row in the shoe of ``copies``: what :func:`deal_rows`
        gives those rows (zero for a row the shoe cannot deal)."""
        supply = check_copies(copies)
        numerator = np.ones(len(self.faces), dtype=np.int64)
        for j in range(self.faces.shape[1]):
            numerator *= np.maximum(supply[self.faces[:, j]] - self.before[:, j], 0)
        weights = numerator // self.divisor
        assert bool((weights * self.divisor == numerator).all()), "weights are not whole"
        return weights


def weigh_rows(rows: IntArray, slots: Sequence[Slot], copies: Sequence[int]) -> IntArray:
    """The exact weight of each whole row of faces in the shoe of ``copies`` (see
    :class:`Weighing`, which keeps the shoe-independent part for many shoes)."""
    return Weighing.of(rows, slots).weigh(copies)


def _extend(rows: IntArray, numerator: IntArray, denominator: IntArray,
            slots: Sequence[Slot], later: Sequence[IntArray],
            decks: int, supply: IntArray | None = None
            ) -> Iterator[tuple[IntArray, IntArray]]:
    keep = numerator > 0
    rows, numerator, denominator = rows[keep], numerator[keep], denominator[keep]
    if not slots:
        weights = numerator // denominator
        assert bool((weights * denominator == numerator).all()), "weights are not whole"
        yield rows, weights
        return
    following = later[0]
    step = max(1, BLOCK_ROWS // len(following))
    start = rows.shape[1]
    for at in range(0, len(rows), step):
        part = rows[at:at + step]
        grown = np.concatenate([np.repeat(part, len(following), axis=0),
                                np.tile(following, (len(part), 1))], axis=1)
        grown_numerator = np.repeat(numerator[at:at + step], len(following))
        grown_denominator = np.repeat(denominator[at:at + step], len(following))
        _weigh(grown, start, start if slots[0].is_set else None, decks, grown_numerator,
               grown_denominator, supply)
        yield from _extend(grown, grown_numerator, grown_denominator, slots[1:], later[1:],
                           decks, supply)


def cycle_size(slots: Sequence[Slot], decks: int, copies: Sequence[int] | None = None,
               faces: int = 52) -> int:
    """Deals of the slots' cards: ordered physical cards, the order inside a set not counted
    (from a shoe of ``decks`` decks, or of ``copies``; ``faces`` 53: one deck and the
    joker)."""
    cards = sum(slot.size for slot in slots)
    ordered = math.perm(52 * decks + faces - 52 if copies is None else sum(copies), cards)
    for slot in slots:
        if slot.is_set:
            ordered //= math.factorial(slot.size)
    return ordered


@dataclass(frozen=True)
class Counts:
    """Weighted deals per outcome (the last index: no outcome, the wager loses), with the first
    row of faces found for each (for worked examples), and the total."""

    counts: tuple[int, ...]
    examples: tuple[tuple[int, ...] | None, ...]
    cycle: int


Classify = Callable[[Deals], IntArray]


def count_outcomes(slots: Sequence[Slot], decks: int, outcomes: int,
                   classify: Classify, copies: Sequence[int] | None = None,
                   progress: Callable[[int], None] | None = None, faces: int = 52) -> Counts:
    """Count every deal's outcome (``classify`` gives each row's outcome index), from a shoe of
    ``decks`` decks or, given ``copies``, of that make-up (``faces`` 53: one deck and the
    joker); ``progress`` is told the deals of each chunk counted."""
    counts = [0] * (outcomes + 1)
    examples: list[tuple[int, ...] | None] = [None] * (outcomes + 1)
    for rows, weights in deal_rows(slots, decks, copies, faces):
        index = classify(Deals(rows))
        if decks == 1 and copies is None:
            found = np.bincount(index, minlength=outcomes + 1)
        else:
            found = np.array([int(weights[index == i].sum()) for i in range(outcomes + 1)],
                             dtype=np.int64)
        for i in np.flatnonzero(found).tolist():
            counts[i] += int(found[i])
            if examples[i] is None:
                examples[i] = tuple(int(face) for face in rows[int(np.argmax(index == i))])
        if progress is not None:
            progress(int(found.sum()))
    total = sum(counts)
    expected = cycle_size(slots, decks, copies, faces)
    if total != expected:
        raise AssertionError(f"the weighted deals sum to {total}, not {expected}")
    return Counts(tuple(counts), tuple(examples), total)
