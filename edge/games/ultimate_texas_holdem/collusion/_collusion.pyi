"""Type stubs for the collusion kernel (_collusion.pyx)."""

import numpy as np
import numpy.typing as npt

OUT_COLUMNS: int
HOLDINGS: int
PAY_LIMIT: int

def solve_flops(first: int, second: int, flops: npt.NDArray[np.int32],
                offsets: npt.NDArray[np.int32], perms: npt.NDArray[np.int8],
                net: npt.NDArray[np.int64], fold: int, ties_larger: bool,
                out: npt.NDArray[np.int64]) -> None: ...
