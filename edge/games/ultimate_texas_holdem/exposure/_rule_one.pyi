"""Type stubs for the kernel of a player's own flop and river rules with one dealer card seen
(_rule_one.pyx)."""

import numpy as np
import numpy.typing as npt

def flop_index(a: int, b: int, c: int) -> int: ...
def rule_boards(boards: npt.NDArray[np.int32], weights: npt.NDArray[np.int64],
                river_fold: npt.NDArray[np.uint8], flop_bets: npt.NDArray[np.uint8],
                net: npt.NDArray[np.int64], fold_net: int, ties_larger: bool,
                river_informed: bool, dealer: npt.NDArray[np.int64],
                four: npt.NDArray[np.int64], flop: npt.NDArray[np.int64] | None = None,
                turn_river: npt.NDArray[np.int64] | None = None) -> None: ...
