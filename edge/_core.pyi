"""Type stubs for edge's shared evaluators (edge/_core.pyx)."""

import numpy as np
import numpy.typing as npt

Int64Array = npt.NDArray[np.int64]

# Texas hold'em evaluator
HAND_HIGH_CARD: int
HAND_PAIR: int
HAND_TWO_PAIR: int
HAND_THREE_OF_A_KIND: int
HAND_STRAIGHT: int
HAND_FLUSH: int
HAND_FULL_HOUSE: int
HAND_FOUR_OF_A_KIND: int
HAND_STRAIGHT_FLUSH: int
HAND_ROYAL_FLUSH: int
HAND_CLASSES: int

def evaluate7(cards: list[int] | tuple[int, ...]) -> int: ...
def evaluate_cards(cards: list[int] | tuple[int, ...]) -> int: ...
def evaluate_many(hands: npt.ArrayLike) -> Int64Array: ...
def hand_class(strength: int) -> int: ...
def holdem_class_counts(cards: int = 7) -> Int64Array: ...


# 3-card hands
def three_card_strength(a: int, b: int, c: int, ace_low_straight: bool = True) -> int: ...
def three_card_hands(
    ace_low_straight: bool = True,
) -> tuple[Int64Array, Int64Array, Int64Array]: ...

def names_in_index_order(by_index: dict[int, str]) -> tuple[str, ...]: ...
