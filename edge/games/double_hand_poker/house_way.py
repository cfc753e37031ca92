"""Casino Double-Hand Poker hands (docs/rules.md section 3): strength, settings and the house way.

A hand is three numbers 1..7, kept as a sorted tuple. Three of a kind beats a straight (three
consecutive numbers, no wrap), which beats a pair, which beats no pair; within a class hands
compare as in poker. A deal of three tiles holds six numbers, set into a front (low) hand and a
back (high) hand that must rank at least as high.

>>> from edge.games.double_hand_poker.tiles import parse_tiles
>>> format_hand((3, 3, 6)), LEVELS[hand_level((5, 6, 7))]
('10-10-K', 'straight')
>>> hand_rank((5, 6, 7)) > hand_rank((3, 3, 7))
True
>>> print(house_way(parse_tiles("10-10 Q-K K-A")).setting)
10-10-K / Q-K-A
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

from edge.errors import CardError
from edge.games.double_hand_poker._kernels import (
    LEVELS,
    NO_PAIR,
    PAIR,
    STRAIGHT,
    THREE_OF_A_KIND,
)
from edge.games.double_hand_poker.tiles import (
    NUMBERS,
    format_number,
    format_tiles,
    tile_numbers,
)

__all__ = [
    "HANDS", "Hand", "HouseWay", "Setting", "deal_numbers", "explain_house_way",
    "format_hand", "hand_key", "hand_level", "hand_rank", "house_way", "settings",
]

Hand = tuple[int, int, int]

_IN_BACK = ("no pair", "a pair", "a straight", "three of a kind")


def _sorted_hand(numbers: Iterable[int]) -> Hand:
    values = sorted(numbers)
    if len(values) != 3 or any(n not in NUMBERS for n in values):
        raise CardError(f"The hand {values!r} is not three numbers 1..7.")
    return values[0], values[1], values[2]


def hand_level(hand: Iterable[int]) -> int:
    """The class ("level") of a hand: 0 no pair, 1 pair, 2 straight, 3 three of a kind."""
    low, middle, high = _sorted_hand(hand)
    if low == high:
        return THREE_OF_A_KIND
    if middle == low + 1 and high == middle + 1:
        return STRAIGHT
    if low == middle or middle == high:
        return PAIR
    return NO_PAIR


def hand_key(hand: Iterable[int]) -> tuple[int, ...]:
    """A tuple that orders hands by strength: the level, then the numbers compared in turn.

    Trips and straights compare by their top number, a pair by its number then the kicker,
    no pair from the highest number down.
    """
    low, middle, high = _sorted_hand(hand)
    level = hand_level((low, middle, high))
    if level in (THREE_OF_A_KIND, STRAIGHT):
        return (level, high)
    if level == PAIR:
        pair, kicker = (middle, high if low == middle else low)
        return (level, pair, kicker)
    return (level, high, middle, low)


HANDS: tuple[Hand, ...] = tuple(sorted(combinations_with_replacement(NUMBERS, 3), key=hand_key))
_RANK = {hand: rank for rank, hand in enumerate(HANDS)}


def hand_rank(hand: Iterable[int]) -> int:
    """The strength of a hand as its place 0..83 among the 84 hands, weakest first."""
    return _RANK[_sorted_hand(hand)]


def format_hand(hand: Iterable[int]) -> str:
    """A hand in the rules' symbols: a pair before its kicker (``10-10-K``), a straight low to
    high (``Q-K-A``), no pair high to low (``K-10-9``)."""
    low, middle, high = _sorted_hand(hand)
    level = hand_level((low, middle, high))
    if level == PAIR:
        order = (low, low, high) if low == middle else (high, high, low)
    elif level == NO_PAIR:
        order = (high, middle, low)
    else:
        order = (low, middle, high)
    return "-".join(format_number(n) for n in order)


@dataclass(frozen=True)
class Setting:
    """A deal set into a front (low) hand and a back (high) hand ranking at least as high."""

    front: Hand
    back: Hand

    @property
    def front_rank(self) -> int:
        """The front hand's strength 0..83."""
        return hand_rank(self.front)

    @property
    def back_rank(self) -> int:
        """The back hand's strength 0..83."""
        return hand_rank(self.back)

    @property
    def front_level(self) -> int:
        """The front hand's level (0 no pair .. 3 three of a kind)."""
        return hand_level(self.front)

    @property
    def back_level(self) -> int:
        """The back hand's level (0 no pair .. 3 three of a kind)."""
        return hand_level(self.back)

    def __str__(self) -> str:
        return f"{format_hand(self.front)} / {format_hand(self.back)}"


def deal_numbers(tiles: Sequence[int]) -> tuple[int, ...]:
    """The six numbers of a three-tile deal, in tile order."""
    if len(tiles) != 3 or len(set(tiles)) != 3:
        raise CardError(f"A deal is three different tiles, not {format_tiles(tiles)!r}.")
    return tuple(n for t in tiles for n in tile_numbers(t))


def settings(tiles: Sequence[int]) -> tuple[Setting, ...]:
    """Every distinct valid setting of a three-tile deal: strongest back hand first, then
    strongest front hand (the canonical order; at most 10 settings)."""
    numbers = deal_numbers(tiles)
    found: set[Setting] = set()
    for chosen in combinations(range(6), 3):
        one = _sorted_hand(numbers[i] for i in chosen)
        other = _sorted_hand(numbers[i] for i in range(6) if i not in chosen)
        front, back = sorted((one, other), key=hand_rank)
        found.add(Setting(front, back))
    return tuple(sorted(found, key=lambda s: (-s.back_rank, -s.front_rank)))


def _house_way_order(setting: Setting) -> tuple[int, int, int]:
    # The house way's preference: back-hand level, then front strength, then back strength.
    # (The front hand and the six numbers fix the back hand, so the last never decides.)
    return (setting.back_level, setting.front_rank, setting.back_rank)


@dataclass(frozen=True)
class HouseWay:
    """How the dealer sets a deal: the rule applied, the settings it chose among, the choice."""

    tiles: tuple[int, ...]
    rule: int
    settings: tuple[Setting, ...]
    candidates: tuple[Setting, ...]
    setting: Setting


def house_way(tiles: Sequence[int]) -> HouseWay:
    """The dealer's setting by the house way (docs/rules.md section 3).

    Rule 1: if some setting makes both hands a pair or better, take among those the highest
    back-hand level, then the strongest front hand, then the strongest back hand. Rule 2:
    otherwise the same order among all settings.

    >>> from edge.games.double_hand_poker.tiles import parse_tiles
    >>> way = house_way(parse_tiles("9-10 Q-A K-K"))
    >>> way.rule, str(way.setting)
    (2, 'K-10-9 / Q-K-A')
    """
    every = settings(tiles)
    both_paired = tuple(s for s in every if s.front_level >= PAIR)
    rule, candidates = (1, both_paired) if both_paired else (2, every)
    chosen = max(candidates, key=_house_way_order)
    return HouseWay(tuple(tiles), rule, every, candidates, chosen)


def explain_house_way(tiles: Sequence[int]) -> list[str]:
    """The house way of a deal as lines of text: the rule, the candidate settings, and why.

    >>> from edge.games.double_hand_poker.tiles import parse_tiles
    >>> print("\\n".join(explain_house_way(parse_tiles("8-9 10-J Q-A"))[-2:]))
    The dealer sets front A-Q-J, back 8-9-10: among the 3 candidates with a straight in back \
(the highest level there), A-Q-J is the strongest front hand.
    <BLANKLINE>
    """
    way = house_way(tiles)
    numbers = " ".join(format_number(n) for n in deal_numbers(tiles))
    lines = [f"Tiles {format_tiles(tiles)}: the numbers {numbers}."]
    if way.rule == 1:
        lines.append(f"Rule 1 applies: {len(way.candidates)} of the {len(way.settings)} "
                     "settings make both hands a pair or better, and the dealer sets one of them.")
    else:
        lines.append("Rule 2 applies: no setting makes both hands a pair or better, so the dealer "
                     f"chooses among all {len(way.settings)} settings.")
    top_level = way.setting.back_level
    at_top = [s for s in way.candidates if s.back_level == top_level]
    width = max(len(format_hand(hand)) for s in way.settings for hand in (s.front, s.back))
    lines.append("")
    lines.append(f"  {'front':<{width}}  {'back':<{width}}  {'front level':<16}  back level")
    for s in way.settings:
        if s == way.setting:
            mark = "<- the house way"
        elif s not in way.candidates:
            mark = "(rule 1: front below a pair)"
        elif s.back_level < top_level:
            mark = "(lower back level)"
        else:
            mark = "(weaker front hand)"
        lines.append(f"  {format_hand(s.front):<{width}}  {format_hand(s.back):<{width}}  "
                     f"{LEVELS[s.front_level]:<16}  {LEVELS[s.back_level]:<16}{mark}")
    lines.append("")
    front, back = format_hand(way.setting.front), format_hand(way.setting.back)
    if len(at_top) == 1:
        reason = (f"it is the only candidate with {_IN_BACK[top_level]} in back "
                  "(the highest level there).")
    else:
        reason = (f"among the {len(at_top)} candidates with {_IN_BACK[top_level]} in back "
                  f"(the highest level there), {front} is the strongest front hand.")
    lines.append(f"The dealer sets front {front}, back {back}: {reason}")
    if way.rule == 1:
        unconditional = max(way.settings, key=_house_way_order)
        if unconditional != way.setting:
            lines.append(f"(Rule 1 matters here: without it the dealer would set {unconditional}, "
                         f"{_IN_BACK[unconditional.back_level]} in back.)")
    lines.append("")
    return lines
