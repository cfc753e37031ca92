"""The hold'em features a shared-board strategy's rules test, read from the player's two
cards and the board so far (three cards on the flop, five on the river): their names and values
as a strategy file writes them, their indexes in the kernels, a condition on them as written
and in words, and the parser of one condition (docs/strategies.md, section "Ultimate Texas
Hold'em", defines each exactly; docs/games-from-files.md, "Strategy files" for shared boards).

Every feature is a small whole number (at most :data:`MAX_VALUE`), so a condition is a set of
allowed values; every feature reads ranks and which cards share a suit, never which suit, so a
rule is suit-symmetric. Read by the built-in game's strategy language and by strategy files on
game files with a shared board (:mod:`edge.decisions.board_strategy_file`).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from typing import Final

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.errors import StrategyError

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
    # game files with a shared board only (the built-in game's kernels know the 17 above):
    OVERCARDS = 17           # how many hole cards rank above every board card (0..2)
    THREE_FLUSH = 18         # hole cards (0..2) in exactly three of a suit, none held four times
    BOARD_SUITED = 19        # the most board cards of one suit (1..5)
    # with both dealer cards seen (seen=dealer-2) only: how the player's hand stands against
    # the dealer's on the same board (behind / tied / ahead); never sent to the kernels, which
    # know the features above (exposure/rule_two.py reads it)
    VERSUS_DEALER = 20



# the features the kernels compute, all but versus_dealer (the kernels' list of values): the
# board kernel of game files (edge/bets/_holdem_rules.pxi) and holding_features all of them, the
# built-in Ultimate Texas Hold'em kernels, whose source is frozen, the first BUILT_IN_FEATURES
FEATURES: Final = int(Feature.VERSUS_DEALER)
BUILT_IN_FEATURES: Final = int(Feature.OVERCARDS)
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
    "overcards": (Feature.OVERCARDS, Kind(None, limit=2)),
    "three_flush": (Feature.THREE_FLUSH, Kind(None, limit=2)),
    "board_suited": (Feature.BOARD_SUITED, Kind(None, limit=5)),
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
    if feature in _COUNTED:
        return _count_words(feature, _allowed_counts(suffix, codes, _COUNTED[feature]))
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


# the counted features of game files and their values (hole cards 0..2, board cards 1..5)
_COUNTED: Final = {Feature.OVERCARDS: range(3), Feature.THREE_FLUSH: range(3),
                   Feature.BOARD_SUITED: range(1, 6)}
_HOLE_COUNT: Final = {(0,): "no hole card", (1,): "exactly one hole card",
                      (2,): "both hole cards", (1, 2): "at least one hole card",
                      (0, 1): "at most one hole card", (0, 1, 2): "any number of hole cards"}


def _allowed_counts(suffix: str, codes: Sequence[int], values: range) -> tuple[int, ...]:
    """The values of a counted feature a condition allows (its bound, or its list)."""
    if not suffix:
        return tuple(sorted(set(codes)))
    bound = codes[0]
    return tuple(v for v in values if {"_min": v >= bound, "_max": v <= bound,
                                       "_below": v < bound, "_above": v > bound}[suffix])


def _count_words(feature: Feature, allowed: tuple[int, ...]) -> str:
    """A condition on a counted feature in words, from the values it allows."""
    if not allowed:
        return "never"
    if feature == Feature.BOARD_SUITED:
        low, high = allowed[0], allowed[-1]
        if allowed != tuple(range(low, high + 1)):
            counted = _one_of([str(v) for v in allowed])
        elif low == high:
            counted = f"exactly {low}"
        else:
            counted = f"at least {low}" if high == 5 else f"at most {high}" if low == 1 \
                else f"{low} to {high}"
        return f"the most board cards of one suit is {counted}"
    hole = _HOLE_COUNT.get(allowed, _one_of([str(v) for v in allowed]) + " hole cards")
    if feature == Feature.OVERCARDS:
        return f"{hole} {'rank' if hole.startswith('both') else 'ranks'} above every board card"
    return {(0,): "he holds no three to a flush with a hole card in it",
            (1,): "he holds three to a flush with exactly one hole card in it",
            (2,): "he holds three to a flush with both hole cards in it",
            (1, 2): "he holds three to a flush with a hole card in it",
            (0, 1): "he holds no three to a flush with both hole cards in it",
            (0, 2): "he holds three to a flush with both hole cards in it, or none with a "
                    "hole card"}.get(allowed, "any three to a flush")


def _article(code: int) -> str:
    return "an" if _RANK_WORDS[code][0] in "ae" else "a"


# --- conditions as a strategy file writes them ---------------------------------------------

@dataclass(frozen=True)
class Condition:
    """One condition of a rule: the feature's value must be one of ``allowed``."""

    feature: Feature
    allowed: frozenset[int]
    text: str                          # as written, e.g. ``hand_min = "two-pair"``
    words: str = ""                    # in words: ``he holds two pair or better``

    def masks(self) -> tuple[int, int]:
        """The allowed values as two 64-bit masks (values 0..63, 64..127)."""
        low = sum(1 << value for value in self.allowed if value < 64)
        high = sum(1 << (value - 64) for value in self.allowed if value >= 64)
        return low, high


def show_value(raw: object) -> str:
    """A value as a strategy file writes it (``true``, ``"A"``, ``["2", "3"]``)."""
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, list):
        return "[" + ", ".join(show_value(item) for item in raw) + "]"
    return f'"{raw}"' if isinstance(raw, str) else str(raw)


def split_suffix(key: str, ordered: Collection[str]) -> tuple[str, str]:
    """A condition's key as (feature, bound suffix): ``dealer_card_min`` -> (``dealer_card``,
    ``_min``) when the feature is one of ``ordered``; (key, "") otherwise."""
    for suffix in SUFFIXES:
        if key.endswith(suffix) and key[:-len(suffix)] in ordered:
            return key[:-len(suffix)], suffix
    return key, ""


def parse_rank(text: str, where: str) -> int:
    """A rank as a strategy file writes it (``"A"``, ``"T"`` or ``"10"``, ``"7"``): 0..12."""
    value = "T" if text == "10" else text.upper()
    if len(value) != 1 or value not in RANKS:
        raise StrategyError(f"{where}: {text!r} is not a rank (2-9, T, J, Q, K, A)")
    return RANKS.index(value)


def _values(name: str, kind: Kind, raw: object, where: str) -> frozenset[int]:
    """The value codes a condition ``name = raw`` allows (raw: one value or a list)."""
    items = raw if isinstance(raw, list) else [raw]
    if not items:
        raise StrategyError(f"{where}: '{name}' has an empty list")
    codes = set()
    for item in items:
        codes.add(_value(name, kind, item, where))
    return frozenset(codes)


def _value(name: str, kind: Kind, item: object, where: str) -> int:
    if kind.values == BOOLEAN:
        if not isinstance(item, bool):
            raise StrategyError(f"{where}: '{name}' is true or false, not {item!r}")
        return int(item)
    if kind.values is not None:
        if not isinstance(item, str) or item not in kind.values:
            raise StrategyError(f"{where}: '{name}' cannot be {item!r}; choose from "
                            f"{', '.join(kind.values)}")
        return kind.values.index(item)
    if kind.ranks:
        if isinstance(item, int) and not isinstance(item, bool) and 2 <= item <= 10:
            item = str(item)
        if not isinstance(item, str):
            raise StrategyError(f"{where}: '{name}' is a rank (2-9, T, J, Q, K, A), not {item!r}")
        return parse_rank(item, f"{where}: '{name}'")
    if not isinstance(item, int) or isinstance(item, bool) or not 0 <= item <= kind.limit:
        raise StrategyError(f"{where}: '{name}' is a whole number 0..{kind.limit}, not {item!r}")
    return item


def _all_values(kind: Kind) -> range:
    if kind.values is not None:
        return range(len(kind.values))
    return range(13) if kind.ranks else range(kind.limit + 1)


def holdem_condition(key: str, raw: object, count_ties: str, river: bool,
                     where: str) -> Condition:
    """One condition as a rule writes it (``hand_min = \"two-pair\"``), checked: unknown
    features, bad values and a river feature off the river (``river`` False) are a
    ``StrategyError`` naming ``where``."""
    base, suffix = split_suffix(key, FEATURE_KINDS)
    if base not in FEATURE_KINDS:
        raise StrategyError(f"{where}: unknown feature '{key}'; the features are: "
                        f"{', '.join(FEATURE_NAMES)} (with _min, _max, _below, _above for "
                        "ranks, hands and counts), and action")
    feature, kind = FEATURE_KINDS[base]
    if feature in RIVER_ONLY and not river:
        raise StrategyError(f"{where}: '{key}' is a river feature (the river's board is needed)")
    text = f"{key} = {show_value(raw)}"
    if not suffix:
        allowed = _values(key, kind, raw, where)

        def test(value: Fraction) -> bool:
            return value in allowed
    else:
        if kind.values is not None and kind.values != HAND_NAMES:
            raise StrategyError(f"{where}: '{key}': {base} has no order; write {base} = ...")
        if isinstance(raw, list):
            raise StrategyError(f"{where}: '{key}' takes one value, not a list")
        bound = _value(key, kind, raw, where)

        def test(value: Fraction) -> bool:
            if suffix == "_min":
                return value >= bound
            if suffix == "_max":
                return value <= bound
            return value < bound if suffix == "_below" else value > bound
        allowed = frozenset(v for v in _all_values(kind) if test(Fraction(v)))
    codes = sorted(allowed) if not suffix else [bound]
    words = condition_words(feature, suffix, codes)
    if feature == Feature.DEALER_OUTS and count_ties == "half":
        # the count outs + ties / 2, encoded as 2 x outs + ties (0..90)
        return Condition(Feature.DEALER_OUTS_HALF_TIES,
                         frozenset(v for v in range(91) if test(Fraction(v, 2))),
                         text + " (a tie counts half)",
                         words + ", an unseen card that would tie him counting half")
    if feature == Feature.DEALER_OUTS and count_ties == "yes":
        return Condition(Feature.DEALER_OUTS_WITH_TIES,
                         frozenset(v for v in range(46) if test(Fraction(v))),
                         text + " (a tie counts whole)",
                         words + ", an unseen card that would tie him counting as one")
    return Condition(feature, allowed, text, words)


# --- rules on the features, decided for many holdings at once -------------------------------

@dataclass(frozen=True)
class HoldemRule:
    """Take the option ``action`` (its index among the decision's options) when every
    condition holds."""

    action: int
    conditions: tuple[Condition, ...]

    @property
    def words(self) -> str:
        """The conditions in words, joined (``always`` for none)."""
        return all_of([c.words for c in self.conditions]) or "always"


@dataclass(frozen=True)
class HoldemRules:
    """A decision's rules on the hold'em features, in order (the first that holds decides),
    and the option of a hand none of them names."""

    decision: int
    rules: tuple[HoldemRule, ...]
    otherwise: int

    @property
    def river(self) -> bool:
        """Whether a rule reads a river feature (the whole board's)."""
        return any(c.feature in RIVER_ONLY for rule in self.rules for c in rule.conditions)

    def decide(self, values: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64],
                                                            npt.NDArray[np.int64]]:
        """The option of each holding (rows of ``values``, the features by
        :func:`holding_features`) and the rule that decided it (``len(rules)``: none)."""
        n = len(values)
        action = np.full(n, self.otherwise, dtype=np.int64)
        which = np.full(n, len(self.rules), dtype=np.int64)
        open_ = np.ones(n, dtype=bool)
        for number, rule in enumerate(self.rules):
            hit = open_.copy()
            for condition in rule.conditions:
                hit &= np.isin(values[:, condition.feature], sorted(condition.allowed))
            action[hit] = rule.action
            which[hit] = number
            open_ &= ~hit
        return action, which

    def program(self) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.uint64],
                               npt.NDArray[np.int32], int]:
        """The rules as the board kernel reads them: each condition's feature (-1: none) and
        allowed values as two 64-bit masks, each rule's option, the ``otherwise`` option."""
        width = max((len(rule.conditions) for rule in self.rules), default=0) or 1
        features = np.full((len(self.rules), width), -1, dtype=np.int32)
        masks = np.zeros((len(self.rules), width, 2), dtype=np.uint64)
        for r, rule in enumerate(self.rules):
            for k, condition in enumerate(rule.conditions):
                features[r, k] = int(condition.feature)
                masks[r, k] = condition.masks()
        return (features, masks, np.array([rule.action for rule in self.rules],
                                          dtype=np.int32), self.otherwise)


@functools.cache
def _straights() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """For each 13-bit rank mask: whether it holds five ranks in a row (an ace high or low),
    how many absent ranks would make it do so, and the mask of the ranks lying in a window of
    five ranks that holds exactly four of them."""
    def straight(mask: int) -> bool:
        extended = (mask << 1) | ((mask >> 12) & 1)          # bit 0: the ace played low
        return any((extended >> w) & 31 == 31 for w in range(10))
    made = np.zeros(8192, dtype=np.int64)
    completions = np.zeros(8192, dtype=np.int64)
    draw = np.zeros(8192, dtype=np.int64)
    for mask in range(8192):
        if straight(mask):
            made[mask] = 1
            continue
        completions[mask] = sum(1 for r in range(13)
                                if not (mask >> r) & 1 and straight(mask | (1 << r)))
        extended = (mask << 1) | ((mask >> 12) & 1)
        for w in range(10):
            window = (extended >> w) & 31
            if window.bit_count() == 4:
                for j in range(5):
                    if (window >> j) & 1:
                        present = w + j
                        draw[mask] |= (1 << 12) if present == 0 else 1 << (present - 1)
    return made, completions, draw


def _classes(strengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    from edge import _core
    unique, inverse = np.unique(strengths, return_inverse=True)
    return np.array([_core.hand_class(int(s)) for s in unique], dtype=np.int64)[inverse]


def holding_features(holdings: npt.NDArray[np.int64], board: Sequence[int],
                     deck: Sequence[int] = range(52)) -> npt.NDArray[np.int64]:
    """Every feature the kernels know (all but ``versus_dealer``) of each holding (rows of two
    cards) on a board of three (the flop) or five cards (the river: with the dealer outs, the
    unseen cards of ``deck``; 0 on the flop), as docs/strategies.md defines them: an array
    (holdings, FEATURES)."""
    from edge import _core
    cards = [int(card) for card in board]
    n = len(holdings)
    a, b = holdings[:, 0].astype(np.int64), holdings[:, 1].astype(np.int64)
    ra, rb = a >> 2, b >> 2
    values = np.zeros((n, FEATURES), dtype=np.int64)
    rows = np.concatenate([holdings.astype(np.int64), np.tile(cards, (n, 1))], axis=1)
    strengths = _core.evaluate_many(rows)
    hand = _classes(strengths)
    rank_count = np.bincount([c >> 2 for c in cards], minlength=13)
    board_mask = sum(1 << r for r in {c >> 2 for c in cards})
    if len(cards) == 5:
        board_class = int(_core.hand_class(int(_core.evaluate_cards(cards))))
    else:
        board_class = 3 if rank_count.max() == 3 else 1 if rank_count.max() == 2 else 0
    values[:, Feature.HAND] = hand
    values[:, Feature.BOARD_HAND] = board_class
    values[:, Feature.HIDDEN] = hand > board_class
    values[:, Feature.POCKET_PAIR] = ra == rb
    values[:, Feature.HIGH_CARD] = np.maximum(ra, rb)
    values[:, Feature.LOW_CARD] = np.minimum(ra, rb)
    values[:, Feature.SUITED] = (a & 3) == (b & 3)
    values[:, Feature.HOLE_PAIRED] = ((rank_count[ra] + 1 + (ra == rb) >= 2)
                                      | (rank_count[rb] + 1 + (ra == rb) >= 2))
    # one pair: in the hole, with a board rank (top, second ...: 2 + the board's distinct
    # ranks above it), or on the board alone
    on_board = np.array([(board_mask >> r) & 1 for r in range(13)], dtype=bool)
    paired = np.where(on_board[ra], ra, np.where(on_board[rb], rb, -1))
    above = np.array([(board_mask >> (r + 1)).bit_count() for r in range(13)], dtype=np.int64)
    board_pair = max((r for r in range(13) if rank_count[r] >= 2), default=NO_RANK)
    one_pair = hand == 1
    values[:, Feature.PAIR] = np.where(~one_pair, 0, np.where(
        ra == rb, 1, np.where(paired >= 0, 2 + above[np.maximum(paired, 0)], 7)))
    values[:, Feature.PAIR_RANK] = np.where(~one_pair, NO_RANK, np.where(
        ra == rb, ra, np.where(paired >= 0, paired, board_pair)))
    # four to a flush (exactly four of one suit among every card): the highest hole card of it
    suit_count = np.bincount([c & 3 for c in cards], minlength=4)
    draw_suit = np.full(n, -1, dtype=np.int64)
    for s in range(4):
        suited = suit_count[s] + ((a & 3) == s) + ((b & 3) == s)
        draw_suit = np.where(suited == 4, s, np.where(suited > 4, -2, draw_suit))
    hole_of_suit = np.maximum(np.where((a & 3) == draw_suit, ra, -1),
                              np.where((b & 3) == draw_suit, rb, -1))
    values[:, Feature.FLUSH_DRAW] = draw_suit >= 0
    # three to a flush (a suit held exactly three times, none four times or more): the most
    # hole cards in such a suit; the board's own most cards of one suit
    four = np.zeros(n, dtype=bool)
    three = np.zeros(n, dtype=np.int64)
    for s in range(4):
        hole = ((a & 3) == s).astype(np.int64) + ((b & 3) == s)
        four |= suit_count[s] + hole >= 4
        three = np.where(suit_count[s] + hole == 3, np.maximum(three, hole), three)
    values[:, Feature.THREE_FLUSH] = np.where(four, 0, three)
    values[:, Feature.BOARD_SUITED] = suit_count.max()
    values[:, Feature.OVERCARDS] = (ra > max(c >> 2 for c in cards)).astype(np.int64) + (
        rb > max(c >> 2 for c in cards))
    values[:, Feature.FLUSH_DRAW_HOLE] = np.where((draw_suit >= 0) & (hole_of_suit >= 0),
                                                  hole_of_suit, NO_RANK)
    # a straight draw: the ranks that would make a straight, and the highest hole rank among
    # the four ranks of a window of five holding four
    made, completions, draw = _straights()
    masks = board_mask | (1 << ra) | (1 << rb)
    open_draw = made[masks] == 0
    values[:, Feature.STRAIGHT_DRAW] = np.where(open_draw, np.minimum(completions[masks], 2), 0)
    in_draw = np.maximum(np.where((draw[masks] >> ra) & 1, ra, -1),
                         np.where((draw[masks] >> rb) & 1, rb, -1))
    values[:, Feature.STRAIGHT_DRAW_HOLE] = np.where(open_draw & (in_draw >= 0), in_draw,
                                                     NO_RANK)
    if len(cards) == 5:
        unseen = [c for c in deck if c not in cards]
        six = _core.evaluate_many(np.array([[*cards, c] for c in unseen], dtype=np.int64))
        by_card = np.full(52, -1, dtype=np.int64)
        by_card[unseen] = six
        beat = (six[np.newaxis, :] > strengths[:, np.newaxis]).sum(axis=1)
        tie = (six[np.newaxis, :] == strengths[:, np.newaxis]).sum(axis=1)
        # the dealer's card is none of the holding's own
        beat -= (by_card[a] > strengths).astype(np.int64) + (by_card[b] > strengths)
        tie -= (by_card[a] == strengths).astype(np.int64) + (by_card[b] == strengths)
        values[:, Feature.DEALER_OUTS] = beat
        values[:, Feature.DEALER_OUTS_HALF_TIES] = 2 * beat + tie
        values[:, Feature.DEALER_OUTS_WITH_TIES] = beat + tie
    return values
