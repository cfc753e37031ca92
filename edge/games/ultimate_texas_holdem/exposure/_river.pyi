"""Type stubs for the dealer-card-at-the-river exposure kernel (_river.pyx)."""

import numpy as np
import numpy.typing as npt

def river_dealer_lines(flop: npt.NDArray[np.int32], net: npt.NDArray[np.int64], fold_net: int,
                       ties_larger: bool, out: npt.NDArray[np.int64]) -> None: ...
