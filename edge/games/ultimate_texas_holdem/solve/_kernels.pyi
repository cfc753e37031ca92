"""Type stubs for the ultimate texas holdem kernels (_kernels.pyx)."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Int64Array = npt.NDArray[np.int64]

# Ultimate Texas Hold'em solve: the outcome categories and Blind classes (defined in the kernel)
CATEGORIES: int
BLIND_CLASSES: int
WIN_QUALIFIED: tuple[int, ...]
WIN_UNQUALIFIED: tuple[int, ...]
TIE: int
LOSE_QUALIFIED: int
LOSE_UNQUALIFIED: int
HOLDINGS: int
DEALER_HOLDINGS: int

def blind_class(hand_class: int) -> int: ...

Uint64Array = npt.NDArray[np.uint64]
Int32Array = npt.NDArray[np.int32]
Int8Array = npt.NDArray[np.int8]

# Fixed strategies (practical.py): compiled plans are (features int32 [R, C], masks uint64
# [R, C, 2], actions int32 [R], otherwise, optimal)
Program = tuple[Int32Array, Uint64Array, Int32Array, int, bool]

def uth_river_counts(board: Sequence[int]) -> Int64Array: ...
def uth_permutations() -> Int8Array: ...
def uth_board_classes() -> tuple[Int32Array, Uint64Array]: ...
def uth_board_records(boards: Int32Array, net: Int64Array, fold_net: int, ties_larger: bool,
                      out: Uint64Array, program: Program | None = None) -> None: ...
def uth_solve_flops(flops: Int32Array, image_offsets: Int32Array, image_perms: Int8Array,
                    net: Int64Array, fold_net: int, ties_larger: bool,
                    records: Uint64Array | None = None, keys: Uint64Array | None = None,
                    decisions: npt.NDArray[np.uint8] | None = None,
                    ) -> tuple[Int64Array, Int64Array, Int64Array, Int64Array]: ...

# Monte Carlo check: batch hold'em evaluation
def simulate_holdem_hands(
    cards: npt.NDArray[np.int16], rows: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int8]]: ...
def simulate_river_counts(
    cards: npt.NDArray[np.int16], hole_rows: npt.NDArray[np.int64],
    board_rows: npt.NDArray[np.int64], columns: npt.NDArray[np.int64], grouped: bool = True,
) -> npt.NDArray[np.int32]: ...


def uth_flop_plan(flops: Int32Array, program: Program, plan: npt.NDArray[np.uint8],
                  rules: npt.NDArray[np.uint8]) -> None: ...
def uth_features(hole: Int32Array, board: Int32Array, dealer_outs: int = -1,
                 tie_outs: int = -1) -> list[int]: ...
def uth_strategy_flops(flops: Int32Array, image_offsets: Int32Array, image_perms: Int8Array,
                       net: Int64Array, fold_net: int, ties_larger: bool, records: Uint64Array,
                       keys: Uint64Array, plan: npt.NDArray[np.uint8], values: Int64Array,
                       decisions: npt.NDArray[np.uint8], river_cost: Int64Array,
                       river_points: Int64Array, river_actions: npt.NDArray[np.uint8],
                       reached: npt.NDArray[np.uint8] | None = None,
                       ) -> tuple[Int64Array, Int64Array, Int64Array]: ...
