"""Type stubs for the Tri-Card Poker kernels (_kernels.pyx)."""

import numpy as np
import numpy.typing as npt

Int64Array = npt.NDArray[np.int64]

def three_card_counts(
    ace_low_straight: bool, qualifying_strength: int
) -> tuple[Int64Array, Int64Array, Int64Array, Int64Array]: ...
