"""The features an Ultimate Texas Hold'em strategy's rules test (docs/strategies.md, section
"Ultimate Texas Hold'em"): their names and values as a strategy file writes them, their indexes
in the kernels, and a condition on them in words as the report prints it.

Parsing a file (:mod:`.language`) and the kernels read the vocabulary here; every feature is a
small whole number (at most :data:`MAX_VALUE`), so a condition is a set of allowed values.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Final

HAND_NAMES: Final = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
                     "full-house", "four-of-a-kind", "straight-flush", "royal-flush")
PAIR_NAMES: Final = ("none", "pocket", "top", "second", "third", "fourth", "fifth", "board")
STRAIGHT_DRAW_NAMES: Final = ("none", "inside", "open")
VERSUS_NAMES: Final = ("behind", "tied", "ahead")
NO_RANK: Final = 13          # the value of a rank feature when there is no such card
MAX_VALUE: Final = 127       # every feature value fits in 0..127 (two 64-bit masks)


class Feature(IntEnum):
    """The features a rule can test; the value is the feature's index in the kernels."""

    HAND = 0                 # the player's made hand (best five of hole + board so far)
    BOARD_HAND = 1           # the board's own made hand (its three or five cards alone)
    HIDDEN = 2               # 1 if HAND is above BOARD_HAND (a hole card makes the hand)
    POCKET_PAIR = 3          # 1 if the two hole cards have the same rank
    PAIR = 4                 # for one-pair hands: pocket / top / second ... / board
    PAIR_RANK = 5            # for one-pair hands: the paired rank (NO_RANK otherwise)
    FLUSH_DRAW = 6           # 1 for four cards of one suit and no flush
    FLUSH_DRAW_HOLE = 7      # the highest hole card of the four-flush suit (NO_RANK: none)
    STRAIGHT_DRAW = 8        # none / inside (one rank makes a straight) / open (two ranks do)
    STRAIGHT_DRAW_HOLE = 9   # the highest hole rank among the four cards of a straight draw
    HIGH_CARD = 10           # the higher hole card's rank
    LOW_CARD = 11            # the lower hole card's rank
    SUITED = 12              # 1 if the hole cards share a suit
    DEALER_OUTS = 13         # river: unseen cards that with the board alone beat the player
    DEALER_OUTS_HALF_TIES = 14   # river: 2 x outs + cards that tie (ties count half, doubled)
    DEALER_OUTS_WITH_TIES = 15   # river: outs + cards that tie
    HOLE_PAIRED = 16         # 1 if a hole card's rank appears twice or more among all cards
    # with both dealer cards seen (seen=dealer-2) only: how the player's hand stands against
    # the dealer's on the same board (behind / tied / ahead); never sent to the kernels, which
    # know the 17 above (exposure/rule_two.py reads it)
    VERSUS_DEALER = 17



# the features the kernels compute, all but versus_dealer (the kernels' list of values)
FEATURES: Final = int(Feature.VERSUS_DEALER)
RIVER_ONLY: Final = frozenset({Feature.DEALER_OUTS, Feature.DEALER_OUTS_HALF_TIES,
                               Feature.DEALER_OUTS_WITH_TIES})

# How each feature is written in a file: its name, and the names of its values (None: a number
# or a rank, read by the feature's kind).
BOOLEAN = ("false", "true")


@dataclass(frozen=True)
class Kind:
    """How a feature's values are written: by name (``values``), as ranks, or as counts."""

    values: tuple[str, ...] | None     # named values, or None for ranks / counts
    ranks: bool = False
    limit: int = 0                     # counts: the largest value


FEATURE_KINDS: Final[dict[str, tuple[Feature, Kind]]] = {
    "hand": (Feature.HAND, Kind(HAND_NAMES)),
    "board_hand": (Feature.BOARD_HAND, Kind(HAND_NAMES)),
    "hidden": (Feature.HIDDEN, Kind(BOOLEAN)),
    "pocket_pair": (Feature.POCKET_PAIR, Kind(BOOLEAN)),
    "pair": (Feature.PAIR, Kind(PAIR_NAMES)),
    "pair_rank": (Feature.PAIR_RANK, Kind(None, ranks=True)),
    "flush_draw": (Feature.FLUSH_DRAW, Kind(BOOLEAN)),
    "flush_draw_hole": (Feature.FLUSH_DRAW_HOLE, Kind(None, ranks=True)),
    "straight_draw": (Feature.STRAIGHT_DRAW, Kind(STRAIGHT_DRAW_NAMES)),
    "straight_draw_hole": (Feature.STRAIGHT_DRAW_HOLE, Kind(None, ranks=True)),
    "high_card": (Feature.HIGH_CARD, Kind(None, ranks=True)),
    "low_card": (Feature.LOW_CARD, Kind(None, ranks=True)),
    "suited": (Feature.SUITED, Kind(BOOLEAN)),
    "hole_paired": (Feature.HOLE_PAIRED, Kind(BOOLEAN)),
    "dealer_outs": (Feature.DEALER_OUTS, Kind(None, limit=45)),
    "versus_dealer": (Feature.VERSUS_DEALER, Kind(VERSUS_NAMES)),
}
FEATURE_NAMES: Final = tuple(FEATURE_KINDS)
SUFFIXES: Final = ("_min", "_max", "_below", "_above")
COUNT_TIES: Final = ("no", "half", "yes")


# --- conditions in words -------------------------------------------------------------------------

_HAND_WORDS: Final = ("no pair", "a pair", "two pair", "three of a kind", "a straight",
                      "a flush", "a full house", "four of a kind", "a straight flush",
                      "a royal flush")
_RANK_WORDS: Final = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                      "jack", "queen", "king", "ace")
_RANKS_WORDS: Final = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights",
                       "nines", "tens", "jacks", "queens", "kings", "aces")
_PAIR_WORDS: Final = ("his two hole cards", "a hole card and the highest board card",
                      "a hole card and the second board card", "a hole card and the third "
                      "board card", "a hole card and the fourth board card",
                      "a hole card and the fifth board card", "the board alone")
_DRAW_WORDS: Final = ("no straight draw", "an inside straight draw (one rank makes it)",
                      "an open-ended straight draw (two ranks make it)")
_VERSUS_WORDS: Final = ("is behind the dealer's", "ties the dealer's", "outranks the dealer's")
# the sentence of each true-or-false feature, when it holds and when it does not
_YES_NO: Final = {
    Feature.HIDDEN: ("a hole card lifts his hand above the board's kind of hand",
                     "his hand is of the board's kind (the hole cards add kickers at most)"),
    Feature.POCKET_PAIR: ("his hole cards are a pair", "his hole cards are not a pair"),
    Feature.FLUSH_DRAW: ("he holds four to a flush", "he holds no four to a flush"),
    Feature.SUITED: ("his hole cards are suited", "his hole cards are offsuit"),
    Feature.HOLE_PAIRED: ("a hole card is paired", "no hole card is paired"),
}


def _ordered(suffix: str, name: str, up: str, down: str) -> str:
    """``name`` with the bound of ``suffix``: ``two pair or better``, ``below a ten``."""
    return {"_min": f"{name} or {up}", "_max": f"{name} or {down}", "_below": f"{down} than "
            f"{name}", "_above": f"{up} than {name}"}.get(suffix, name)


def all_of(names: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c`` (an empty string for none)."""
    if len(names) < 2:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _one_of(names: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def condition_words(feature: Feature, suffix: str, codes: Sequence[int]) -> str:
    """A condition as a person reads it: the feature, its bound (``suffix``: ``_min``,
    ``_max``, ``_below``, ``_above``, or none) and the values allowed (the bound's only with a
    suffix).

    >>> condition_words(Feature.DEALER_OUTS, "_below", [21])
    'fewer than 21 unseen cards beat him'
    >>> condition_words(Feature.HAND, "_min", [2])
    'he holds two pair or better'
    """
    if feature in _YES_NO:
        return _YES_NO[feature][0 if codes == [1] else 1]
    if feature in (Feature.HAND, Feature.BOARD_HAND):
        named = (_ordered(suffix, _HAND_WORDS[codes[0]], "better", "worse") if suffix
                 else _one_of([_HAND_WORDS[code] for code in codes]))
        return (f"he holds {named}" if feature == Feature.HAND
                else f"the board alone holds {named}")
    if feature == Feature.PAIR:
        return f"his one pair is made by {_one_of([_PAIR_WORDS[code - 1] for code in codes])}" \
            if 0 not in codes else "he holds " + _one_of(
                ["no one pair", *(f"a pair made by {_PAIR_WORDS[code - 1]}"
                                  for code in codes if code)])
    if feature == Feature.STRAIGHT_DRAW:
        return f"he holds {_one_of([_DRAW_WORDS[code] for code in codes])}"
    if feature == Feature.VERSUS_DEALER:
        return (f"his hand {_one_of([_VERSUS_WORDS[code] for code in codes])} (both dealer "
                "cards seen, on the same board)")
    if feature == Feature.DEALER_OUTS:
        count = codes[0]
        if suffix:
            bound = {"_min": f"at least {count}", "_max": f"at most {count}",
                     "_below": f"fewer than {count}", "_above": f"more than {count}"}[suffix]
        else:
            bound = _one_of([str(code) for code in codes])
        card = "card beats" if bound in ("1", "at least 1", "at most 1") else "cards beat"
        return f"{bound} unseen {card} him"
    if feature == Feature.PAIR_RANK:
        ranks = (_ordered(suffix, _RANKS_WORDS[codes[0]], "higher", "lower") if suffix
                 else _one_of([_RANKS_WORDS[code] for code in codes]))
        return f"his one pair is of {ranks}"
    rank = (_ordered(suffix, f"{_article(codes[0])} {_RANK_WORDS[codes[0]]}", "higher", "lower")
            if suffix else _one_of([f"{_article(code)} {_RANK_WORDS[code]}" for code in codes]))
    return {Feature.FLUSH_DRAW_HOLE: f"he holds four to a flush whose highest hole card of "
                                     f"its suit is {rank}",
            Feature.STRAIGHT_DRAW_HOLE: f"the highest hole card of his straight draw is {rank}",
            Feature.HIGH_CARD: f"his higher hole card is {rank}",
            Feature.LOW_CARD: f"his lower hole card is {rank}"}[feature]


def _article(code: int) -> str:
    return "an" if _RANK_WORDS[code][0] in "ae" else "a"
