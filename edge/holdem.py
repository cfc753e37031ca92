"""Texas hold'em hands: the strength of the best five of five to seven cards, and hand classes.

A strength is an int: higher is better, equal means a tie (the layout is documented in
``edge/_core.pxd``). Classes are named the way pay tables name their outcomes.

>>> hand_class_name(evaluate("As Ks Qs Js Ts 2c 3d"))
'royal-flush'
>>> evaluate("Ah Kh Qh Jh Th") > evaluate("9s 8s 7s 6s 5s 5d 5c")
True
>>> hand_class_name(evaluate("Ac 2d 3h 4s 5c Kd Kh"))
'straight'
>>> evaluate("As As Kd Qh Jc Tc 2d")
Traceback (most recent call last):
...
edge.errors.CardError: The card 'As' appears twice in 'As As Kd Qh Jc Tc 2d'.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache

from edge import _core
from edge.cards import parse_cards
from edge.errors import CardError, EdgeError

# The class indexes, as the evaluator defines them (edge/_core.pxd, exported by edge._core).
HIGH_CARD, PAIR, TWO_PAIR = _core.HAND_HIGH_CARD, _core.HAND_PAIR, _core.HAND_TWO_PAIR
THREE_OF_A_KIND, STRAIGHT, FLUSH = (_core.HAND_THREE_OF_A_KIND, _core.HAND_STRAIGHT,
                                    _core.HAND_FLUSH)
FULL_HOUSE, FOUR_OF_A_KIND = _core.HAND_FULL_HOUSE, _core.HAND_FOUR_OF_A_KIND
STRAIGHT_FLUSH, ROYAL_FLUSH = _core.HAND_STRAIGHT_FLUSH, _core.HAND_ROYAL_FLUSH
# Class names by class index (0 high card .. 9 royal flush), as pay tables spell outcomes.
_NAMED = {HIGH_CARD: "high-card", PAIR: "pair", TWO_PAIR: "two-pair",
          THREE_OF_A_KIND: "three-of-a-kind", STRAIGHT: "straight", FLUSH: "flush",
          FULL_HOUSE: "full-house", FOUR_OF_A_KIND: "four-of-a-kind",
          STRAIGHT_FLUSH: "straight-flush", ROYAL_FLUSH: "royal-flush"}
CLASS_NAMES = tuple(_NAMED[k] for k in range(_core.HAND_CLASSES))


def parse_hand(cards: str | Iterable[str] | Iterable[int]) -> tuple[int, ...]:
    """Five to seven distinct cards from a string (``"As Ks 2c ..."``), card names or indexes."""
    items: list[object] = [cards] if isinstance(cards, str) else list(cards)
    indexes = [item for item in items if isinstance(item, int) and not isinstance(item, bool)]
    if items and len(indexes) == len(items):
        for value in indexes:
            if not 0 <= value < 52:
                raise CardError(f"The card index {value} is outside 0..51.")
        if len(set(indexes)) != len(indexes):
            raise CardError(f"A card appears twice in {indexes}.")
        parsed = tuple(indexes)
    else:
        parsed = parse_cards(" ".join(str(item) for item in items))
    if not 5 <= len(parsed) <= 7:
        raise CardError(f"A hold'em hand has 5 to 7 cards; {cards!r} has {len(parsed)}.")
    return parsed


def evaluate(cards: str | Iterable[str] | Iterable[int]) -> int:
    """The strength of the best five of 5 to 7 cards; higher is better, equal is a tie.

    >>> evaluate("2c 3d 4h 5s 7c") < evaluate("2d 3h 4s 5c 8d")
    True
    """
    return _core.evaluate_cards(list(parse_hand(cards)))


def hand_class(strength: int) -> int:
    """The class index of a strength: 0 high card .. 8 straight flush, 9 royal flush."""
    try:
        return _core.hand_class(strength)
    except (ValueError, OverflowError):
        raise EdgeError(f"The value {strength!r} is not a hold'em hand strength.") from None


def hand_class_name(strength: int) -> str:
    """The class name of a strength, such as ``'full-house'``.

    >>> hand_class_name(evaluate("Kc Kd Kh 4s 4c 9d 9h"))
    'full-house'
    """
    return CLASS_NAMES[hand_class(strength)]


@lru_cache(maxsize=3)
def _class_counts(cards: int) -> tuple[int, ...]:
    return tuple(int(count) for count in _core.holdem_class_counts(cards))


def class_counts(cards: int = 7) -> dict[str, int]:
    """How many of the C(52, cards) hands fall in each class, best class first (exact).

    ``cards`` is 7 (every 7-card hand), 6 or 5. Computed once per process, then remembered.

    >>> class_counts(5)["royal-flush"]
    4
    """
    if cards not in (5, 6, 7):
        raise EdgeError(f"Hold'em hands have 5, 6 or 7 cards, not {cards!r}.")
    counts = _class_counts(cards)
    return {CLASS_NAMES[k]: counts[k] for k in reversed(range(len(CLASS_NAMES)))}


def class_table() -> list[tuple[str, int, Fraction, int, Fraction]]:
    """Per class, best first: 7-card count and probability, 5-card count and probability.

    >>> class_table()[0][:2]
    ('royal-flush', 4324)
    """
    seven, five = class_counts(7), class_counts(5)
    total7, total5 = sum(seven.values()), sum(five.values())
    return [(name, seven[name], Fraction(seven[name], total7),
             five[name], Fraction(five[name], total5)) for name in seven]
