"""Type stubs for the one-card exposure kernels (_exposure_one.pyx)."""

import numpy as np
import numpy.typing as npt

Int64Array = npt.NDArray[np.int64]
Int32Array = npt.NDArray[np.int32]
Int8Array = npt.NDArray[np.int8]

DEBUG: bool

def dealer_one_flops(flops: Int32Array, unit_offsets: Int32Array, seen: Int32Array,
                     perms: Int8Array, weights: Int64Array, net: Int64Array, fold_net: int,
                     ties_larger: bool, mode: int, out_dealer: Int64Array | None = None,
                     out_flop: Int32Array | None = None,
                     out_turn_river: Int32Array | None = None) -> None: ...
def flop_one_flops(flops: Int32Array, orbit_sizes: Int64Array, net: Int64Array, fold_net: int,
                   ties_larger: bool, out: Int64Array,
                   decisions: npt.NDArray[np.uint8]) -> None: ...
