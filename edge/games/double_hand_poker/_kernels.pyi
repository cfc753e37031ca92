"""Type stubs for the Casino Double-Hand Poker kernels (_kernels.pyx)."""

from typing import Final

import numpy as np
import numpy.typing as npt

Int64Array = npt.NDArray[np.int64]

TILE_COUNT: Final[int]
DEAL_COUNT: Final[int]
DEALER_DEALS: Final[int]
HAND_COUNT: Final[int]
MAX_SETTINGS: Final[int]
TILES: Final[tuple[tuple[int, int], ...]]
NO_PAIR: Final[int]
PAIR: Final[int]
STRAIGHT: Final[int]
THREE_OF_A_KIND: Final[int]
LEVELS: Final[tuple[str, ...]]
MAIN_ROWS: Final[tuple[str, ...]]
LO_HI_ROWS: Final[tuple[str, ...]]
DICE_ROWS: Final[tuple[str, ...]]

def double_hand_rank(x: int, y: int, z: int) -> int: ...
def double_hand_level(rank: int) -> int: ...
def double_hand_settings(t1: int, t2: int, t3: int) -> list[tuple[int, int]]: ...
def double_hand_house_way(t1: int, t2: int, t3: int) -> tuple[int, int, int]: ...
def double_hand_counts() -> tuple[
    Int64Array, Int64Array, Int64Array, Int64Array, Int64Array, Int64Array]: ...
def double_hand_exposed(seen: int, win_value: int, lose_value: int,
                        preferred: Int64Array) -> tuple[
    npt.NDArray[np.int8], npt.NDArray[np.int16], npt.NDArray[np.int16],
    npt.NDArray[np.int16], npt.NDArray[np.int16]]: ...
def double_hand_exposed_slots(seen: int, first: int, last: int) -> tuple[
    npt.NDArray[np.int16], npt.NDArray[np.int16]]: ...
