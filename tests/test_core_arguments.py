"""Every Python entry point of edge._core refuses bad arguments with a ValueError naming them.

The hooks are used by tests and by games written in Python (see docs/writing-a-game.md); a bad
card must never come back as a plausible number.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from edge import _core

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

ROYAL = [48, 44, 40, 36, 32]             # A K Q J T of suit 0
# The hooks called with values their typed stubs do not admit (bad values, numpy scalars and
# arrays): what is tested is the hooks' own checks at run time.
UNTYPED: Any = _core


@pytest.mark.parametrize("cards, message", [
    ([0, 1, 2, 3, 4, 5], "expected 7..7 cards, got 6"),
    ([0, 1, 2, 3, 4, 5, 52], "card 52 is outside 0..51"),
    ([0, 1, 2, 3, 4, 5, -1], "card -1 is outside 0..51"),
    ([0, 1, 2, 3, 4, 5, 5], "card 5 appears twice"),
    ([0, 1, 2, 3, 4, 5, 6.0], "card 6.0 is not an int"),
    ([0, 1, 2, 3, 4, 5, True], "card True is not an int"),
    ("0123456", "expected a sequence"),
    (7, "expected a sequence"),
])
def test_evaluate7_refuses(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        UNTYPED.evaluate7(cards)


@pytest.mark.parametrize("cards, message", [
    ([0, 1, 2, 3], "expected 5..7 cards, got 4"),
    (list(range(8)), "expected 5..7 cards, got 8"),
    ([0, 1, 2, 3, "x"], "card 'x' is not an int"),
    ([0, 1, 2, 3, 99], "card 99 is outside 0..51"),
    ([0, 1, 2, 3, 3], "card 3 appears twice"),
])
def test_evaluate_cards_refuses(cards: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        UNTYPED.evaluate_cards(cards)


def test_evaluate_cards_takes_numpy_ints() -> None:
    assert UNTYPED.evaluate_cards(np.array(ROYAL)) == _core.evaluate_cards(ROYAL)
    assert _core.hand_class(_core.evaluate_cards(ROYAL)) == 9


@pytest.mark.parametrize("hands, message", [
    (None, "not 0-D"),
    ([0, 1, 2, 3, 4], "not 1-D"),
    (np.zeros((2, 6)), "integer card indexes, not float64"),
    (np.array([["a"] * 5]), "integer card indexes"),
    (np.zeros((2, 4), dtype=np.int64), "rows must hold 5..7 cards, not 4"),
    (np.zeros((2, 8), dtype=np.int64), "rows must hold 5..7 cards, not 8"),
    (np.array([[0, 1, 2, 3, 52]]), "card 52 in row 0 is outside 0..51"),
    (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, -4]]), "card -4 in row 1 is outside 0..51"),
    (np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 3]]), "card 3 appears twice in row 1"),
])
def test_evaluate_many_refuses(hands: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        UNTYPED.evaluate_many(hands)


def test_evaluate_many_takes_any_integer_layout() -> None:
    hands = np.array([ROYAL + [0, 1], [0, 5, 10, 15, 20, 25, 30]], dtype=np.int8)
    expected = [_core.evaluate_cards(row) for row in hands.tolist()]
    assert _core.evaluate_many(hands).tolist() == expected
    wide = np.zeros((2, 14), dtype=np.int64)
    wide[:, ::2] = hands                       # a strided view is copied, not refused
    assert _core.evaluate_many(wide[:, ::2]).tolist() == expected
    assert _core.evaluate_many(np.zeros((0, 6), dtype=np.int64)).shape == (0,)


@pytest.mark.parametrize("strength, message", [
    (-1, "strength -1 is not a hold'em strength"),
    ((9 << 26), "is not a hold'em strength"),
    ((8 << 26) | (1 << 26) - 1, "is not a hold'em strength"),
    (2**40, "is not a hold'em strength"),
    (3.5, "strength 3.5 is not an int"),
    (True, "strength True is not an int"),
    ("5", "strength '5' is not an int"),
])
def test_hand_class_refuses(strength: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        UNTYPED.hand_class(strength)


def test_hand_class_bounds() -> None:
    royal = _core.evaluate_cards(ROYAL)
    assert _core.hand_class(royal) == 9
    assert UNTYPED.hand_class(np.int64(royal)) == 9
    assert _core.hand_class(0) == 0


@pytest.mark.parametrize("cards", [4, 8, 0, -7, 5.0, "7", True, None])
def test_holdem_class_counts_refuses(cards: object) -> None:
    with pytest.raises(ValueError, match="cards must be 5, 6 or 7"):
        UNTYPED.holdem_class_counts(cards)


@pytest.mark.parametrize("cards, message", [
    ((0, 1, 52), "card 52 \\(third\\) is outside 0..51"),
    ((-1, 1, 2), "card -1 \\(first\\) is outside 0..51"),
    ((0, 0, 2), "not distinct"),
    ((0, 1, 0), "not distinct"),
    ((0, 1.5, 2), "card 1.5 \\(second\\) is not an int"),
])
def test_three_card_strength_refuses(cards: tuple[object, object, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        UNTYPED.three_card_strength(*cards)


@pytest.mark.parametrize("flag", ["no", 0, None, 1.0])
def test_ace_low_straight_is_a_bool(flag: object) -> None:
    with pytest.raises(ValueError, match="ace_low_straight must be True or False"):
        UNTYPED.three_card_strength(0, 4, 8, flag)
    with pytest.raises(ValueError, match="ace_low_straight must be True or False"):
        UNTYPED.three_card_hands(flag)


def test_three_card_hooks_agree() -> None:
    cards, strengths, classes = _core.three_card_hands(False)
    for row in (0, 5000, 22099):
        a, b, c = (int(card) for card in cards[row])
        assert _core.three_card_strength(a, b, c, False) == strengths[row]
        assert strengths[row] // 2197 == classes[row]
    # A-2-3 is a straight only with ace_low_straight
    assert _core.three_card_strength(48, 1, 6, True) // 2197 == 3
    assert UNTYPED.three_card_strength(48, 1, 6, np.bool_(False)) // 2197 == 0
