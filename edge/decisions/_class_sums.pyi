"""Type stubs for the class sums (_class_sums.pyx)."""

import numpy as np
import numpy.typing as npt

def add_by_class(into: npt.NDArray[np.int64], classes: npt.NDArray[np.int64],
                 weights: npt.NDArray[np.int64], blocks: list[npt.NDArray[np.int64]]
                 ) -> None: ...
