"""Type stubs for the up-card counting kernel (_upcard.pyx)."""

import numpy as np
import numpy.typing as npt

def upcard_counts(deck: int, d: int, dealer_keys: npt.NDArray[np.uint16],
                  order: npt.NDArray[np.int64], players: npt.NDArray[np.int64],
                  player_keys: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]: ...
