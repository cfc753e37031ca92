"""The class sums of the board solves (edge/decisions/_class_sums.pyx) against a plain loop: each
row, weighted, added to each of its classes, its blocks side by side; bad arguments refused with
nothing added."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from edge.decisions._class_sums import add_by_class

# drives a compiled kernel: .ci/run also runs it against the checked build under the sanitizers
pytestmark = pytest.mark.kernels

Ints = npt.NDArray[np.int64]


def plain_sums(count: int, classes: Ints, weights: Ints, blocks: list[Ints]) -> list[list[int]]:
    """Each class's sums, a Python loop over rows, classes and the blocks' columns."""
    width = sum(block.shape[1] for block in blocks)
    sums = [[0] * width for _ in range(count)]
    for r in range(len(classes)):
        row = [int(x) for block in blocks for x in block[r]]
        for c in classes[r]:
            for k, x in enumerate(row):
                sums[int(c)][k] += int(weights[r]) * x
    return sums


@pytest.mark.parametrize("ways", [1, 2, 4])
def test_rows_by_class_against_a_plain_loop(ways: int) -> None:
    rng = np.random.default_rng(ways)
    rows, count = 200, 30
    classes = rng.integers(0, count, (rows, ways))
    weights = rng.integers(1, 25, rows)
    wide = rng.integers(-1000, 1000, (rows, 3, 10))
    blocks = [
        np.broadcast_to(np.int64(1980), (rows, 1)),            # a constant: rows of stride 0
        rng.integers(-10 ** 9, 10 ** 9, rows)[:, np.newaxis],  # a column
        wide[:, 1],                                             # rows apart in memory
        rng.integers(0, 2000, (rows, 7)),
        np.zeros((rows, 0), dtype=np.int64),                    # an empty block
    ]
    into = np.zeros((count, 1 + 1 + 10 + 7), dtype=np.int64)
    into[3, 5] = 11                                             # sums are added to
    add_by_class(into, classes, weights, blocks)
    expected = plain_sums(count, classes, weights, blocks)
    expected[3][5] += 11
    assert into.tolist() == expected


def test_no_rows_adds_nothing() -> None:
    into = np.ones((4, 2), dtype=np.int64)
    add_by_class(into, np.zeros((0, 3), dtype=np.int64), np.zeros(0, dtype=np.int64),
                 [np.zeros((0, 2), dtype=np.int64)])
    assert (into == 1).all()


@pytest.mark.parametrize("classes, blocks, message", [
    ([[0], [4]], [np.ones((2, 2), dtype=np.int64)], "row 1 names class 4, of 4"),
    ([[0], [-1]], [np.ones((2, 2), dtype=np.int64)], "row 1 names class -1, of 4"),
    ([[0], [1]], [np.ones((3, 2), dtype=np.int64)], "a block of 3 rows"),
    ([[0], [1]], [np.ones((2, 3), dtype=np.int64)], "blocks 3 wide for sums 2 wide"),
    ([[0], [1]], [np.ones((2, 4), dtype=np.int64)[:, ::2]], "strides 32, 16"),
])
def test_bad_arguments_add_nothing(classes: list[list[int]], blocks: list[Ints],
                                   message: str) -> None:
    into = np.zeros((4, 2), dtype=np.int64)
    with pytest.raises(ValueError, match=message):
        add_by_class(into, np.array(classes, dtype=np.int64), np.ones(2, dtype=np.int64), blocks)
    assert not into.any()
