"""Type stubs for the seen=dealer-2 kernel of a player's own flop rule (_rule_two.pyx)."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

ROW: int
VERSUS: int

def solve_flops(flops: npt.NDArray[np.int32], state_index: npt.NDArray[np.int32],
                plan: npt.NDArray[np.uint8], rows: npt.NDArray[np.int32]) -> int: ...

RIVER_ROW: int

def solve_river_flops(flops: npt.NDArray[np.int32], state_index: npt.NDArray[np.int32],
                      plan: npt.NDArray[np.uint8] | None, plays: npt.NDArray[np.uint8],
                      board_class: npt.NDArray[np.int32], board_perm: npt.NDArray[np.uint8],
                      sources: Sequence[int],
                      net: npt.NDArray[np.int64], fold: int, ties_larger: bool,
                      rows: npt.NDArray[np.int32]) -> int: ...
