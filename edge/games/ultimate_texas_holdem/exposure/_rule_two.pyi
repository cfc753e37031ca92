"""Type stubs for the seen=dealer-2 kernel of a player's own flop rule (_rule_two.pyx)."""

import numpy as np
import numpy.typing as npt

ROW: int
VERSUS: int

def solve_flops(flops: npt.NDArray[np.int32], state_index: npt.NDArray[np.int32],
                plan: npt.NDArray[np.uint8], rows: npt.NDArray[np.int32]) -> int: ...
