"""Type stubs for the kernel of an optimal flop and a player's own river rule with one dealer
card seen (_rule_flop.pyx)."""

import numpy as np
import numpy.typing as npt

def turn_rivers(a: int, b: int, c: int) -> npt.NDArray[np.int32]: ...
def optimal_flop(flop: npt.NDArray[np.int32], weight: int, river_fold: npt.NDArray[np.uint8],
                 net: npt.NDArray[np.int64], fold_net: int, ties_larger: bool,
                 dealer: npt.NDArray[np.int64], four: npt.NDArray[np.int64],
                 bets: npt.NDArray[np.int64],
                 flop_cards: npt.NDArray[np.int64] | None = None) -> None: ...
