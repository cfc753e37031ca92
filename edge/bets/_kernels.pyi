"""Type stubs for the bet-file kernels (_kernels.pyx)."""

import numpy as np
import numpy.typing as npt

# The most cards counted apart (a subset of each 5- to 7-card set).
MOST_HELD: int

Counts = tuple[npt.NDArray[np.int64], npt.NDArray[np.uint64]]

def class_counts_by_held(
    cards: int, held: int, start: int = 0, stop: int = 52, into: Counts | None = None
) -> Counts: ...
