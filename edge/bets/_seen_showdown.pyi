"""Type stubs for the showdown kernel with one of the dealer's cards seen (_seen_showdown.pyx)."""

from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

BOARD: int
FEWEST_DEALT: int
DECIDED_RESULTS: int

def seen_counts(
    dealt: Iterable[int], threshold: int, nets: npt.ArrayLike, order: Iterable[int],
    dealers: Iterable[int] | None = None, ranks: Iterable[int] | None = None
) -> npt.NDArray[np.uint16]: ...
