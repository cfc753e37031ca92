"""Every deal of a deck or a shoe, with exact weights, in chunks of numpy index arrays.

For games written in Python on top of edge's evaluators (see docs/writing-a-game.md): count
outcomes by evaluating whole chunks at once (``edge._core.evaluate_many`` takes rows of 5 to 7
cards), never one hand at a time.

* :func:`combinations` yields every ``k``-subset of ``range(n)`` once, in lexicographic order,
  as int64 arrays of rows: one deck, every hand equally likely, weight 1 each.
* :func:`multisets` yields every multiset of ``k`` card faces (rows in non-decreasing order),
  and :func:`shoe_weights` the number of ways a shoe of ``decks`` decks deals each one: the
  product over faces of C(decks, copies). A shoe's deals are then counted exactly by summing
  weights instead of rows.

>>> rows = np.concatenate(list(combinations(5, 3)))
>>> rows.shape, rows[0].tolist(), rows[-1].tolist()
((10, 3), [0, 1, 2], [2, 3, 4])
>>> faces = np.concatenate(list(multisets(52, 2)))
>>> int(shoe_weights(faces, decks=6).sum()) == math.comb(6 * 52, 2)
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

from edge.errors import EdgeError

IndexArray = npt.NDArray[np.int64]

# The suffix table holds every combination of this many items (C(52, 4) = 270,725 rows); each
# chunk is one prefix of the remaining items followed by the table rows that can follow it.
SUFFIX = 4


def _check(name: str, value: object, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise EdgeError(f"{name} must be a whole number, not {value!r}.")
    if value < low or (high is not None and value > high):
        top = "" if high is None else f"..{high}"
        raise EdgeError(f"{name} must be in {low}{top}, not {value}.")
    return int(value)


def _table(n: int, k: int) -> IndexArray:
    """Every k-subset of range(n) in lexicographic order, one row each."""
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(n), k)),
                       dtype=np.int64, count=math.comb(n, k) * k)
    return flat.reshape(-1, k)


def combinations(n: int, k: int) -> Iterator[IndexArray]:
    """Every k-subset of ``range(n)`` exactly once, lexicographic, in chunks of rows.

    Each chunk is a C-contiguous int64 array of shape (rows, k) holding increasing indexes.
    The chunks together have C(n, k) rows; for ``n = 52, k = 6`` there are 1,326 chunks of at
    most C(50, 4) = 230,300 rows (about 11 MB each).
    """
    n = _check("n", n, 0)
    k = _check("k", k, 0, n)
    if k == 0:
        yield np.zeros((1, 0), dtype=np.int64)      # the one empty hand
        return
    tail = min(k, SUFFIX)
    head = k - tail
    table = _table(n, tail)
    # first row of the table whose first index is at least v, for each v (a sorted column)
    starts = np.searchsorted(table[:, 0], np.arange(n + 1))
    for prefix in itertools.combinations(range(n), head):
        start = starts[prefix[-1] + 1] if prefix else 0
        rows = table[start:]
        if len(rows) == 0:
            continue
        chunk = np.empty((len(rows), k), dtype=np.int64)
        chunk[:, :head] = prefix
        chunk[:, head:] = rows
        yield chunk


def multisets(faces: int, k: int) -> Iterator[IndexArray]:
    """Every multiset of ``k`` of ``faces`` card faces once, rows non-decreasing, in chunks.

    A row ``x`` is the combination ``x[i] + i`` of ``faces + k - 1`` items, so there are
    C(faces + k - 1, k) rows. Weigh each with :func:`shoe_weights` to deal from a shoe.
    """
    faces = _check("faces", faces, 1)
    k = _check("k", k, 0)
    shift = np.arange(k, dtype=np.int64)
    for chunk in combinations(faces + k - 1, k):
        yield chunk - shift


def shoe_weights(rows: npt.ArrayLike, decks: int) -> IndexArray:
    """How many sets of physical cards a shoe of ``decks`` decks deals as each row of faces.

    ``rows`` hold card faces in non-decreasing order (as :func:`multisets` gives them); the
    weight of a row is the product over its faces of C(decks, copies of that face), an exact
    int64 (zero when a face appears more often than there are decks).

    >>> shoe_weights([[0, 0, 5]], decks=6).tolist()      # C(6, 2) * C(6, 1)
    [90]
    """
    decks = _check("decks", decks, 1, 64)
    array = np.asarray(rows, dtype=np.int64)
    if array.ndim != 2:
        raise EdgeError(f"rows must be a 2-D array of card faces, not {array.ndim}-D.")
    if array.shape[1] and np.any(np.diff(array, axis=1) < 0):
        raise EdgeError("rows must hold card faces in non-decreasing order.")
    # copies of the same face seen so far in the row, at each position: C(d, m) is the product
    # over r = 0..m-1 of (d - r) / (r + 1), taken exactly as integers below
    seen = np.zeros(array.shape, dtype=np.int64)
    for column in range(1, array.shape[1]):
        same = array[:, column] == array[:, column - 1]
        seen[:, column] = np.where(same, seen[:, column - 1] + 1, 0)
    numerator = np.prod(np.maximum(decks - seen, 0), axis=1)
    denominator = np.prod(seen + 1, axis=1)
    weights: IndexArray = numerator // denominator
    return weights
