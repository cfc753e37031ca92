"""edge.deal: every combination once, in order, and exact shoe weights (checked by itertools)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Any, cast

import numpy as np
import pytest

from edge.deal import combinations, multisets, shoe_weights
from edge.errors import EdgeError

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels


@pytest.mark.parametrize("n, k", [(0, 0), (5, 0), (5, 5), (7, 3), (9, 5), (10, 6), (12, 7)])
def test_combinations_match_itertools(n: int, k: int) -> None:
    rows = [tuple(row) for chunk in combinations(n, k) for row in chunk.tolist()]
    assert rows == list(itertools.combinations(range(n), k))


def test_combinations_of_a_deck_count_and_chunk() -> None:
    total = 0
    previous = None
    for chunk in combinations(52, 6):
        assert chunk.dtype == np.int64 and chunk.flags.c_contiguous and chunk.shape[1] == 6
        assert np.all(np.diff(chunk, axis=1) > 0)
        if previous is not None:                    # chunks follow each other in order
            assert tuple(previous) < tuple(chunk[0])
        previous = chunk[-1]
        total += len(chunk)
    assert total == math.comb(52, 6)


@pytest.mark.parametrize("faces, k", [(1, 3), (4, 3), (6, 4), (13, 2)])
def test_multisets_match_itertools(faces: int, k: int) -> None:
    rows = [tuple(row) for chunk in multisets(faces, k) for row in chunk.tolist()]
    assert rows == list(itertools.combinations_with_replacement(range(faces), k))


@pytest.mark.parametrize("decks, k", [(1, 3), (2, 4), (6, 3), (8, 2)])
def test_shoe_weights_count_physical_cards(decks: int, k: int) -> None:
    # a small shoe of 5 faces: weights against dealing every set of physical cards
    faces = 5
    physical = [face for face in range(faces) for _ in range(decks)]
    direct = Counter(tuple(sorted(physical[i] for i in subset))
                     for subset in itertools.combinations(range(len(physical)), k))
    rows = np.concatenate(list(multisets(faces, k)))
    weights = shoe_weights(rows, decks)
    assert {tuple(row): int(w) for row, w in zip(rows.tolist(), weights, strict=True)
            if w} == dict(direct)
    assert int(weights.sum()) == math.comb(faces * decks, k)


def test_six_deck_three_card_weights_total() -> None:
    rows = np.concatenate(list(multisets(52, 3)))
    assert len(rows) == math.comb(54, 3)
    assert int(shoe_weights(rows, 6).sum()) == math.comb(312, 3)


@pytest.mark.parametrize("call", [
    lambda: list(combinations(5, 6)),
    lambda: list(combinations(-1, 2)),
    lambda: list(combinations(5, cast(Any, 2.0))),     # not an int, whatever its type says
    lambda: list(multisets(0, 2)),
    lambda: shoe_weights([[1, 0]], 2),
    lambda: shoe_weights([0, 1], 2),
    lambda: shoe_weights([[0, 1]], 0),
])
def test_bad_arguments_are_refused(call: object) -> None:
    with pytest.raises(EdgeError):
        call()  # type: ignore[operator]
