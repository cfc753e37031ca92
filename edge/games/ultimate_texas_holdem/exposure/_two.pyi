"""Type stubs for the seen=dealer-2 kernel (_exposure_two.pyx)."""

import numpy as np
import numpy.typing as npt

ROW: int
RUNOUTS: int
STRENGTHS: npt.NDArray[np.int32]

def dense_rank(strength: int) -> int: ...
def limits() -> tuple[int, ...]: ...
def solve_flops(flops: npt.NDArray[np.int32], state_index: npt.NDArray[np.int32],
                net2: npt.NDArray[np.int64], river: npt.NDArray[np.int64], ties_larger: bool,
                rows: npt.NDArray[np.int32]) -> int: ...
