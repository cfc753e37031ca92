"""Type stubs for the showdown kernel (_showdown.pyx)."""

from collections.abc import Iterable
from typing import overload

import numpy as np
import numpy.typing as npt

# the comparison codes of the first holding's hand with the second's
LOWER: int
EQUAL: int
HIGHER: int
COMPARISONS: int
CLASSES: int
FEWEST_BOARD: int
MOST_BOARD: int
DECIDED_RESULTS: int
RIVER_CELL_SHAPE: tuple[int, int, int, int, int]

IntArray = npt.NDArray[np.int64]
Tally = tuple[IntArray, npt.NDArray[np.intc]]

def holding_counts(
    board: Iterable[int], ranks: Iterable[int] | None = None
) -> tuple[IntArray, IntArray, IntArray]: ...
def showdown_counts(
    ranks: Iterable[int] | None = None, start: int = 0, stop: int | None = None,
    into: Tally | None = None, board_cards: int = 5
) -> Tally: ...
def split_counts(
    flop: Iterable[int], threshold: int, ranks: Iterable[int] | None = None
) -> IntArray: ...
Program = tuple[npt.ArrayLike, npt.ArrayLike, npt.ArrayLike, int]

@overload
def decided_counts(
    flop: Iterable[int], threshold: int, nets: npt.ArrayLike, order: Iterable[int],
    ranks: Iterable[int] | None = None, program: None = None, cells: IntArray | None = None,
    cell_weight: int = 1
) -> IntArray: ...
@overload
def decided_counts(
    flop: Iterable[int], threshold: int, nets: npt.ArrayLike, order: Iterable[int],
    ranks: Iterable[int] | None, program: Program, cells: IntArray | None = None,
    cell_weight: int = 1
) -> tuple[IntArray, IntArray, IntArray]: ...
def decided_options(
    board: Iterable[int], threshold: int, nets: npt.ArrayLike, order: Iterable[int],
    ranks: Iterable[int] | None = None, program: Program | None = None
) -> npt.NDArray[np.int8]: ...
def river_features(
    hole: Iterable[int], board: Iterable[int], ranks: Iterable[int] | None = None
) -> list[int]: ...
