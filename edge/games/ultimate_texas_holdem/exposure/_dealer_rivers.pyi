"""Type stubs for the kernels of the informed river decision with one or both dealer cards
seen, beside ordinary players' river decisions (_dealer_rivers.pyx)."""

import numpy as np
import numpy.typing as npt

def dealer_river_flop(flop: npt.NDArray[np.int32], live: npt.NDArray[np.uint8],
                      net: npt.NDArray[np.int64], fold_net: int, ties_larger: bool,
                      keys: npt.NDArray[np.uint64], folds: npt.NDArray[np.uint8],
                      plays: npt.NDArray[np.int32], departures: npt.NDArray[np.int32]) -> None: ...

def dealer_two_river_flop(flop: npt.NDArray[np.int32], reach: npt.NDArray[np.uint64],
                          category_plays: npt.NDArray[np.uint8], keys: npt.NDArray[np.uint64],
                          folds: npt.NDArray[np.uint8], plays: npt.NDArray[np.int32],
                          informed_folds: npt.NDArray[np.int32],
                          departures: npt.NDArray[np.int32]) -> None: ...
