"""Type stubs for the kernel of the informed river decision with one dealer card seen, beside
ordinary players' river decisions (_dealer_rivers.pyx)."""

import numpy as np
import numpy.typing as npt

def dealer_river_flop(flop: npt.NDArray[np.int32], live: npt.NDArray[np.uint8],
                      net: npt.NDArray[np.int64], fold_net: int, ties_larger: bool,
                      keys: npt.NDArray[np.uint64], folds: npt.NDArray[np.uint8],
                      plays: npt.NDArray[np.int32], departures: npt.NDArray[np.int32]) -> None: ...
