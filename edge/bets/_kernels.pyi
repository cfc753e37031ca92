"""Type stubs for the bet-file kernels (_kernels.pyx)."""

import numpy as np
import numpy.typing as npt

# The most cards counted apart (a subset of each 5- to 7-card set).
MOST_HELD: int

Counts = tuple[npt.NDArray[np.int64], npt.NDArray[np.uint64]]

def class_counts_by_held(
    cards: int, held: int, start: int = 0, stop: int = 52, into: Counts | None = None
) -> Counts: ...

# The joker (card 52) of a 53-card deck, the class of five aces, the classes with it, and the
# size of the last axis of joker_classes' arrays (the most cards of a rank, 1 to 5).
JOKER: int
FIVE_ACES: int
JOKER_CLASSES: int
MOST_OF_A_RANK: int

def joker_classes(
    cards: int, start: int = 0, stop: int = 53, wanted: npt.ArrayLike | None = None
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.uint64], npt.NDArray[np.int8]]: ...
