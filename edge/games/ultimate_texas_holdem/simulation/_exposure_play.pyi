"""Type stubs for the exposure simulation's exact street decisions (_exposure_play.pyx)."""

import numpy as np
import numpy.typing as npt

Int64Array = npt.NDArray[np.int64]
Int16Array = npt.NDArray[np.int16]
BoolArray = npt.NDArray[np.bool_]

CATEGORY_COUNT: int
TIE_CATEGORY: int
LOSE_QUALIFIED_CATEGORY: int
LOSE_UNQUALIFIED_CATEGORY: int
WIN_UNQUALIFIED_FIRST: int

def street_values(cards: Int16Array, columns: Int64Array, dealer_seen: int, board_seen: int,
                  net: Int64Array, fold: int, ties_larger: bool) -> Int64Array: ...
def street_bets(cards: Int16Array, columns: Int64Array, dealer_seen: int, board_seen: int,
                net: Int64Array, fold: int, ties_larger: bool) -> BoolArray: ...
def showdown_category(player: int, dealer: int) -> int: ...
