"""Type stubs for the Tri-Card Poker kernels (_kernels.pyx)."""

import numpy as np
import numpy.typing as npt

Int64Array = npt.NDArray[np.int64]

# Hand classes in the evaluator's index order, weakest first.
HAND_CLASSES: tuple[str, ...]
# Columns of the player-versus-dealer counts.
DEALER_RESULTS: tuple[str, ...]
# Every strength is below this (the bound of ``qualifying_strength``).
MAX_STRENGTH: int
# Dealer hands from the 49 cards left by a player hand: C(49, 3).
DEALER_HAND_COUNT: int

def three_card_counts(
    ace_low_straight: bool, qualifying_strength: int
) -> tuple[Int64Array, Int64Array, Int64Array, Int64Array]: ...
# The decision recorded for a slot of the exposed solve that no dealer hand falls in.
NO_DEAL: int

def slot_counts(
    cards: Int64Array, strengths: Int64Array, qualifying_strength: int,
    bin_of: npt.NDArray[np.int32], bins: int, result_in_bin: bool, players: Int64Array,
) -> npt.NDArray[np.int32]: ...
