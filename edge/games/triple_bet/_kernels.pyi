"""Type stubs for the Hybrid Triple Bet kernels (_kernels.pyx)."""

import numpy as np
import numpy.typing as npt

Int64Array = npt.NDArray[np.int64]

# Row names of each wager in the kernel's index order.
FLUSH_ROWS: tuple[str, ...]
SANDWICH_ROWS: tuple[str, ...]
BLOCK_ROWS: tuple[str, ...]
# The most decks for which the counts are exact int64 integers.
MAX_DECKS: int

def flush_outcome(player: int, flop: int) -> int: ...
def sandwich_outcome(first: int, second: int, middle: int) -> int: ...
def block_outcome(first: int, second: int, dealer: int) -> int: ...
def triple_bet_counts(decks: int) -> tuple[Int64Array, Int64Array, Int64Array]: ...
def triple_bet_joint_counts(decks: int) -> Int64Array: ...
