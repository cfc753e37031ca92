"""Conditions type-checked and compiled to vectorised numpy work over many deals at once.

A compiled condition takes a :class:`Deals` (a chunk of rows of card faces, one column per card
looked at, see :mod:`edge.bets.layout`) and returns one boolean per row. Cards are faces 0..51
(rank * 4 + suit, rank 0 = deuce .. 12 = ace; suits clubs, diamonds, hearts, spades; -1 a card a
drawing rule did not give, see :mod:`edge.bets.drawing`). Nothing is evaluated one deal at a
time: every word is a numpy expression over whole columns, and the best five cards come from
edge's Cython hold'em evaluator over whole rows.

>>> from edge.bets.language import parse
>>> from edge.bets.layout import Layout, Place
>>> layout = Layout.of((Place("player", 2),), [parse("same_rank(player)")])
>>> rules = Rules()
>>> check = compile_condition(parse("same_rank(player)"), layout, rules)
>>> rows = np.array([[0, 1], [0, 4]])          # 2c 2d (a pair), 2c 3c
>>> check.test(Deals(rows)).tolist()
[True, False]
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import _core
from edge.bets.language import (
    Between,
    Binary,
    Boolean,
    Call,
    ConditionError,
    Index,
    Logic,
    Name,
    Node,
    Not,
    Number,
    children,
)
from edge.bets.layout import Layout

Array = npt.NDArray[Any]
BoolArray = npt.NDArray[np.bool_]

RANK_LETTERS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
SUITS = ("clubs", "diamonds", "hearts", "spades")
COLOURS = ("black", "red")                      # red: diamonds and hearts
# hand classes, best first (their value: higher is better)
POKER3 = ("straight-flush", "three-of-a-kind", "straight", "flush", "pair", "high-card")
POKER5 = ("five-aces", "royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush",
          "straight", "three-of-a-kind", "two-pair", "pair", "high-card")
CLASSES = {"poker3": POKER3, "poker5": POKER5}

CARD_FUNCTIONS = ("rank", "suit", "colour", "value")
# the group functions that compare the cards with one another: true of any one card
COMPARING = ("same_rank", "same_suit", "same_colour", "same_card", "consecutive")
GROUP_FUNCTIONS = ("same_rank", "same_suit", "same_colour", "same_card", "count",
                   "distinct_ranks", "distinct_suits", "most_of_a_rank", "most_of_a_suit",
                   "high_rank", "low_rank", "consecutive", "total", "hard_total", "soft",
                   "poker3", "poker5", "points", "bust", "jokers")
# the functions of a place named alone (a drawn hand's length, whether it drew, a natural)
PLACE_FUNCTIONS = ("cards", "drew", "natural")
# showdowns: a hand's full strength (class and kickers), comparable only with another of its kind
SHOWDOWN_FUNCTIONS = ("hand3", "hand5")
FUNCTIONS = CARD_FUNCTIONS + GROUP_FUNCTIONS + PLACE_FUNCTIONS + SHOWDOWN_FUNCTIONS
# the joker (a 53rd card, face 52): it completes a straight, a flush or a straight flush, else
# it is an ace. The words that say what it is in a hand: poker5 and poker3 (that rule), jokers
# (how many),
# count (it is no rank and no suit: only jokers() counts it), same_suit and consecutive (it
# completes them, as it completes a flush and a straight), most_of_a_rank (it is an ace)
JOKER = 52
JOKER_WORDS = ("poker5", "poker3", "jokers", "count", "same_suit", "consecutive",
               "most_of_a_rank")
# the group functions that read a place whose cards may be drawn: they count the cards it
# received and leave out those it did not
DRAWN_HAND_FUNCTIONS = ("points", "total", "hard_total", "soft", "bust", "count")
RESERVED = (set(FUNCTIONS) | set(RANK_LETTERS) | set(SUITS) | set(COLOURS) | set(POKER5)
            | set(POKER3) | {"and", "or", "not", "between", "true", "false", "lose"})

# kinds of value a compiled expression has
BOOL, INT, SUIT, COLOUR, CARDS, CLASS_NAME = ("condition", "number", "suit", "colour", "cards",
                                              "hand class")
STRENGTH = "hand strength"          # hand3() / hand5(): family names which


@dataclass(frozen=True)
class Rules:
    """How ranks and straights are read: ``ace`` high (14) or low (1) for ``rank()`` and
    comparisons, and whether A-2-3 makes a straight (``poker3``, ``consecutive``)."""

    ace_high: bool = True
    ace_low_straights: bool = True
    # a joker in the deck (card 52, Pai Gow Poker's "bug": see JOKER_WORDS)
    jokers: bool = False


class Deals:
    """A chunk of deals: ``rows`` of card faces (one column per card looked at), with a memo so
    a word used by several outcomes (the best five of seven cards, say) is computed once."""

    def __init__(self, rows: Array) -> None:
        self.rows = rows
        self.memo: dict[Hashable, Array] = {}

    def __len__(self) -> int:
        return int(self.rows.shape[0])

    def get(self, key: Hashable, make: Callable[[], Array]) -> Array:
        """The value of ``key``, made once per chunk."""
        if key not in self.memo:
            self.memo[key] = make()
        return self.memo[key]

    def ranks(self, columns: tuple[int, ...]) -> Array:
        """Rank indexes (0 = deuce .. 12 = ace) of the columns, one row per deal."""
        return self.get(("ranks", columns), lambda: self.rows[:, list(columns)] >> 2)

    def suits(self, columns: tuple[int, ...]) -> Array:
        """Suit indexes (0..3 = clubs, diamonds, hearts, spades) of the columns."""
        return self.get(("suits", columns), lambda: self.rows[:, list(columns)] & 3)


Evaluate = Callable[[Deals], Any]


@dataclass(frozen=True)
class Value:
    """A compiled expression: its kind, how to evaluate it, and what it refers to."""

    kind: str
    run: Evaluate
    columns: tuple[int, ...] = ()          # for cards
    family: str = ""                       # for hand classes: poker3 or poker5
    name: str = ""                         # for a hand class name, until it meets its family
    constant: object = None                # for numbers, suits, colours written as words
    # drawn cards named by position (player[3]) the value reads: where one was not received,
    # a condition made of the value is false
    needs: tuple[int, ...] = ()


@dataclass
class Condition:
    """A compiled condition: ``test(deals)`` gives one boolean per deal."""

    test: Callable[[Deals], BoolArray]
    single_deck: bool = False              # uses poker5, which needs distinct cards
    words: list[str] = field(default_factory=list)


def _constant(kind: str, value: object, **extra: Any) -> Value:
    return Value(kind, lambda deals: value, constant=value, **extra)


def _all_equal(values: Array) -> BoolArray:
    return np.asarray((values == values[:, :1]).all(axis=1))


def _distinct(values: Array) -> Array:
    ordered = np.sort(values, axis=1)
    return np.asarray(1 + (np.diff(ordered, axis=1) != 0).sum(axis=1))


def _most(values: Array) -> Array:
    same = values[:, :, None] == values[:, None, :]
    return np.asarray(same.sum(axis=2).max(axis=1))


def _runs(ranks: Array, ace_low: bool) -> BoolArray:
    """Whether the ranks are all different and consecutive (ace high; and low if allowed)."""
    size = ranks.shape[1]
    if size == 1:
        return np.ones(len(ranks), dtype=np.bool_)
    distinct = _distinct(ranks) == size
    high = distinct & (ranks.max(axis=1) - ranks.min(axis=1) == size - 1)
    if ace_low:
        low_ranks = np.where(ranks == 12, -1, ranks)
        high |= distinct & (low_ranks.max(axis=1) - low_ranks.min(axis=1) == size - 1)
    return np.asarray(high)


def _blackjack_values(ranks: Array) -> Array:
    """Hard values: 2..9, tens and faces 10, aces 1."""
    return np.where(ranks == 12, 1, np.minimum(ranks + 2, 10))


def _present(deals: Deals, columns: tuple[int, ...]) -> Array:
    """Whether each card of the columns was received (a drawn card may not be: -1)."""
    return deals.get(("present", columns), lambda: deals.rows[:, list(columns)] >= 0)


def _baccarat_points(ranks: Array) -> Array:
    """Baccarat values: aces 1, 2..9 their value, tens and faces 0."""
    return np.where(ranks == 12, 1, np.where(ranks < 8, ranks + 2, 0))


def _poker3(deals: Deals, columns: tuple[int, ...], rules: Rules) -> Array:
    """3-card classes by value (5 straight flush .. 0 high card)."""
    ranks, suits = deals.ranks(columns), deals.suits(columns)
    flush = _all_equal(suits)
    trips = _all_equal(ranks)
    straight = _runs(ranks, rules.ace_low_straights)
    pair = _most(ranks) == 2
    return np.select([straight & flush, trips, straight, flush, pair], [5, 4, 3, 2, 1], 0)


def _poker3_joker(deals: Deals, columns: tuple[int, ...], rules: Rules) -> Array:
    """3-card classes (as :func:`_poker3`) of three cards of which one may be the joker: it
    completes a straight, a flush or a straight flush, else it is an ace (two aces and the
    joker are three of a kind)."""
    found = np.asarray(_poker3(deals, columns, rules))
    rows = deals.rows[:, list(columns)]
    wild = (rows == JOKER).any(axis=1)
    if not wild.any():
        return found
    real = np.sort(rows[wild], axis=1)[:, :2]               # the joker sorts last
    ranks, suits = real >> 2, real & 3
    low, high = ranks[:, 0], ranks[:, 1]
    pair = low == high
    run = ~pair & (high - low <= 2)                          # the joker fills a run of three
    if rules.ace_low_straights:
        played_low = np.where(ranks == 12, -1, ranks)
        run |= ~pair & (np.abs(played_low[:, 0] - played_low[:, 1]) <= 2)
    suited = suits[:, 0] == suits[:, 1]
    found = found.copy()
    found[wild] = np.select([run & suited, pair & (high == 12), run, suited,
                             pair | (high == 12)], [5, 4, 3, 2, 1], 0)
    return found


_ROYAL = int(_core.evaluate_cards([48, 44, 40, 36, 32]))
FIVE_ACES = 10                     # the class above the royal flush, only with the joker
_BITS = np.array([bin(mask).count("1") for mask in range(1 << 14)], dtype=np.int64)


def _completed(ranks: Array) -> Array:
    """For 13-bit rank masks of some cards and the joker: 2 where the joker completes
    T-J-Q-K-A, 1 where it completes another run of five (A-2-3-4-5 too), else 0."""
    wide = (ranks << 1) | ((ranks >> 12) & 1)
    found = np.zeros(len(ranks), dtype=np.int64)
    for top in range(4, 14):                       # the run's top bit, lowest first
        held = _BITS[(wide >> (top - 4)) & 0x1F] >= 4
        found = np.where(held, 2 if top == 13 else 1, found)
    return found


def _poker5_joker(deals: Deals, columns: tuple[int, ...]) -> Array:
    """Best-five classes (10 five aces, 9 royal flush .. 0 high card) of 5 to 7 cards of which
    one may be the joker: it completes a straight, a flush or a straight flush, else it is an
    ace (the class of the best of: the joker an ace of a suit lacking one; a run of five or a
    suit of five it completes)."""
    rows = np.asarray(deals.rows[:, list(columns)], dtype=np.int64)
    joker = (rows == JOKER).any(axis=1)
    found = np.zeros(len(rows), dtype=np.int64)
    if (~joker).any():
        strength = np.asarray(_core.evaluate_many(np.ascontiguousarray(rows[~joker])))
        found[~joker] = np.where(strength >= _ROYAL, 9, strength >> 26)
    if not joker.any():
        return found
    real = np.sort(rows[joker], axis=1)[:, :-1]              # the joker sorts last
    ranks, suits = real >> 2, real & 3
    ace_in = np.stack([((ranks == 12) & (suits == s)).any(axis=1) for s in range(4)], axis=1)
    ace = 48 + np.argmin(ace_in, axis=1)                     # an ace the hand lacks
    # (with all four aces, five aces: any card it lacks stands in, its class unused)
    spare = np.argmin(np.stack([(real == card).any(axis=1) for card in range(3)], axis=1),
                      axis=1)
    ace = np.where(ace_in.all(axis=1), spare, ace)
    strength = np.asarray(_core.evaluate_many(np.ascontiguousarray(
        np.concatenate([real, ace[:, None]], axis=1))))
    best = np.where(strength >= _ROYAL, 9, strength >> 26)
    bits = np.left_shift(1, ranks)
    best = np.where(_completed(np.bitwise_or.reduce(bits, axis=1)) > 0,
                    np.maximum(best, 4), best)
    for suit in range(4):
        held = np.bitwise_or.reduce(np.where(suits == suit, bits, 0), axis=1)
        best = np.where(_BITS[held] >= 4, np.maximum(best, 5), best)
        run = _completed(held)
        best = np.where(run == 1, np.maximum(best, 8), best)
        best = np.where(run == 2, 9, best)
    found[joker] = np.where(ace_in.all(axis=1), FIVE_ACES, best)
    return found


def _poker5(deals: Deals, columns: tuple[int, ...]) -> Array:
    """Best-five classes by value (9 royal flush .. 0 high card), by edge's hold'em evaluator."""
    strength = _hand5(deals, columns)
    return np.where(strength >= _ROYAL, 9, strength >> 26)


# --- showdowns: full strengths -------------------------------------------------------------
def _hand5(deals: Deals, columns: tuple[int, ...]) -> Array:
    """The full strength of the best five of 5 to 7 distinct cards (higher beats lower, equal
    ties), by edge's hold'em evaluator; made once per chunk."""
    def make() -> Array:
        every = columns == tuple(range(deals.rows.shape[1]))
        cards = np.ascontiguousarray(deals.rows if every else deals.rows[:, list(columns)],
                                     dtype=np.int64)
        return np.asarray(_core.evaluate_many(cards), dtype=np.int64)
    return deals.get(("hand5", columns), make)


def _hand3(deals: Deals, columns: tuple[int, ...], rules: Rules) -> Array:
    """The full strength of three cards: the ``poker3`` class times 13^3, then the ranks that
    break ties (a pair's rank before its kicker; a straight's top card, A-2-3 the lowest; else
    the ranks high to low, in base 13). Cards may repeat from a shoe of several decks."""
    high, middle, low = (np.sort(deals.ranks(columns), axis=1)[:, ::-1]).T
    kind = deals.get(("poker3", columns), lambda: _poker3(deals, columns, rules))
    pair = np.where(high == middle, high, middle)           # the rank held twice (or thrice)
    kicker = np.where(high == middle, low, high)
    wheel = (high == 12) & (middle == 1) & (low == 0)      # A-2-3, a straight when allowed
    top = np.where(wheel, 1, high)
    breaks = np.select([(kind == 1) | (kind == 4), (kind == 3) | (kind == 5)],
                       [pair * 169 + kicker * 13, top * 169], high * 169 + middle * 13 + low)
    return np.asarray(kind * 2197 + breaks, dtype=np.int64)


@dataclass(frozen=True)
class Moment:
    """When a drawing rule's condition is read: ``own``, the place the rule deals to;
    ``before``, the places a drawing rule dealt to earlier; ``later``, the places this rule or
    a later one deals to (their drawn cards are not yet dealt); ``drawing``, every place some
    rule deals to."""

    own: str
    before: frozenset[str]
    later: frozenset[str]
    drawing: frozenset[str]


class _Compiler:
    def __init__(self, layout: Layout, rules: Rules, moment: Moment | None,
                 drawing: frozenset[str]) -> None:
        self.layout = layout
        self.rules = rules
        self.places = {place.name: place for place in layout.places}
        self.single_deck = False
        self.optional = layout.optional_columns()
        self.moment = moment
        self.drawing = drawing

    def rank_value(self, ranks: Array) -> Array:
        values = ranks + 2
        return values if self.rules.ace_high else np.where(ranks == 12, 1, values)

    # --- names and cards -----------------------------------------------------------------
    def cards_of(self, node: Node) -> Value | None:
        atoms: list[tuple[int, ...]] = []
        seen: set[tuple[int, ...]] = set()
        needs: list[int] = []

        def walk(item: Node) -> bool:
            if isinstance(item, Name) and item.name in self.places:
                columns = self.layout.place_columns(item.name)
                if columns in seen:
                    if self.layout.merged(item.name):
                        return True           # places counted together: their set once
                    raise ConditionError(f"the cards of {item.name} are counted twice",
                                         item.at)
                seen.add(columns)
                atoms.append(columns)
                return True
            if isinstance(item, Index):
                place = self.places.get(item.place)
                if place is None:
                    raise ConditionError(f"unknown place {item.place!r} (the places are "
                                         f"{', '.join(self.places)})", item.at)
                if not 1 <= item.index <= place.most:
                    most = (f"at most {place.most} cards ({place.cards} dealt, "
                            f"{place.drawn} drawn)" if place.drawn else
                            f"{place.cards} card{'s' if place.cards != 1 else ''}")
                    raise ConditionError(f"{item.place} has {most}: no card {item.index}",
                                         item.at)
                if (self.moment is not None and item.index > place.cards
                        and item.place in self.moment.later):
                    raise ConditionError(
                        f"{item.place}[{item.index}] is not dealt yet when this rule is read "
                        f"(a drawing rule of {item.place}, this one or a later one, deals it): "
                        "a drawing rule reads only the cards dealt before it", item.at)
                column = (self.layout.card_column(item.place, item.index),)
                atoms.append(column)
                if column[0] in self.optional:
                    needs.append(column[0])
                return True
            if isinstance(item, Binary) and item.op == "+":
                return walk(item.left) and walk(item.right)
            return False

        if not walk(node):
            return None
        columns = tuple(column for atom in atoms for column in atom)
        if len(set(columns)) != len(columns):
            raise ConditionError("a card is counted twice (a place with one of its own "
                                 "cards)", node.at)
        return Value(CARDS, lambda deals: None, columns=columns, needs=tuple(needs))

    def name(self, node: Name) -> Value:
        word = node.name
        if word in RANK_LETTERS:
            value = RANK_LETTERS[word]
            if word == "A" and not self.rules.ace_high:
                value = 1
            return _constant(INT, value)
        if word in SUITS:
            return _constant(SUIT, SUITS.index(word))
        if word in COLOURS:
            return _constant(COLOUR, COLOURS.index(word))
        if word in POKER5 or word in POKER3:
            return Value(CLASS_NAME, lambda deals: None, name=word)
        hint = ""
        lowered = word.lower()
        if lowered in self.places or lowered in SUITS or lowered in COLOURS:
            hint = f" (names are lower case: {lowered})"
        elif word in ("color",):
            hint = " (write colour)"
        raise ConditionError(f"unknown name {word!r}{hint}; the places are "
                             f"{', '.join(self.places)}", node.at)

    # --- expressions ---------------------------------------------------------------------
    def value(self, node: Node) -> Value:
        found = self.plain_value(node)
        if found.kind == BOOL and found.needs:
            run, columns = found.run, found.needs
            return Value(BOOL, lambda deals: np.asarray(run(deals))
                         & _present(deals, columns).all(axis=1))
        return found

    def plain_value(self, node: Node) -> Value:
        """The value of ``node``; a condition reading a drawn card named by position still
        ``needs`` it (:meth:`value` makes the condition false where it is absent)."""
        cards = self.cards_of(node)
        if cards is not None:
            return cards
        if isinstance(node, Number):
            return _constant(INT, node.value)
        if isinstance(node, Boolean):
            return _constant(BOOL, node.value)
        if isinstance(node, Name):
            return self.name(node)
        if isinstance(node, Index):
            raise ConditionError(f"unknown place {node.place!r} (the places are "
                                 f"{', '.join(self.places)})", node.at)
        if isinstance(node, Call):
            return self.call(node)
        if isinstance(node, Binary):
            return self.binary(node)
        if isinstance(node, Between):
            found = [self.plain_value(item) for item in (node.value, node.low, node.high)]
            for term, part in zip(found, (node.value, node.low, node.high), strict=True):
                if term.kind != INT:
                    raise ConditionError(f"between needs a {INT}, not {_described(term)}",
                                         part.at)
            middle, low, high = (term.run for term in found)
            return Value(BOOL, lambda deals: ((np.minimum(low(deals), high(deals))
                                               < middle(deals))
                                              & (middle(deals)
                                                 < np.maximum(low(deals), high(deals)))),
                         needs=_joined(*found))
        if isinstance(node, Not):
            item = self.condition(node.item, "not")
            return Value(BOOL, lambda deals: ~np.asarray(item(deals), dtype=np.bool_))
        assert isinstance(node, Logic)
        items = [self.condition(item, node.op) for item in node.items]
        if node.op == "and":
            def conjunction(deals: Deals) -> Any:
                result = items[0](deals)
                for item in items[1:]:
                    result = result & item(deals)
                return result
            return Value(BOOL, conjunction)

        def disjunction(deals: Deals) -> Any:
            result = items[0](deals)
            for item in items[1:]:
                result = result | item(deals)
            return result
        return Value(BOOL, disjunction)

    def expect(self, node: Node, kind: str, where: str) -> Evaluate:
        found = self.value(node)
        if found.kind != kind:
            raise ConditionError(f"{where} needs a {kind}, not {_described(found)}", node.at)
        return found.run

    def number(self, node: Node, where: str) -> Evaluate:
        return self.expect(node, INT, where)

    def condition(self, node: Node, where: str) -> Evaluate:
        return self.expect(node, BOOL, f"'{where}'")

    def binary(self, node: Binary) -> Value:
        left, right = self.plain_value(node.left), self.plain_value(node.right)
        if node.op in ("+", "-"):
            if left.kind == INT and right.kind == INT:
                sign = 1 if node.op == "+" else -1
                return Value(INT, lambda deals: left.run(deals) + sign * right.run(deals),
                             needs=_joined(left, right))
            raise ConditionError(f"'{node.op}' adds numbers or joins places' cards, not "
                                 f"{_described(left)} and {_described(right)}", node.at)
        return self.compare(node, left, right)

    def compare(self, node: Binary, left: Value, right: Value) -> Value:
        op = node.op
        _check_showdown(node, left, right)
        for value, other in ((left, right), (right, left)):
            if value.kind == CLASS_NAME:
                if other.kind == CLASS_NAME:
                    raise ConditionError("compare a hand class with poker3(...) or "
                                         "poker5(...), not with another class", node.at)
                if other.kind != "class":
                    raise ConditionError(f"the hand class {value.name!r} compares with "
                                         f"poker3(...) or poker5(...), not with "
                                         f"{_described(other)}", node.at)
                names = CLASSES[other.family]
                if value.name not in names:
                    raise ConditionError(f"{value.name!r} is not a {other.family} class "
                                         f"(those are {', '.join(names)})", node.at)
                if value.name == "five-aces" and not self.rules.jokers:
                    raise ConditionError("five-aces needs the joker (four aces and the joker; "
                                         "add jokers = 1 to [shoe])", node.at)
                code = len(names) - 1 - names.index(value.name)
                resolved = _constant("class", code, family=other.family)
                left, right = (resolved, right) if value is left else (left, resolved)
                break
        if left.kind != right.kind:
            raise ConditionError(f"cannot compare {_described(left)} with "
                                 f"{_described(right)}", node.at)
        if left.kind == "class" and left.family != right.family:
            raise ConditionError("cannot compare a poker3 class with a poker5 class", node.at)
        if left.kind in (SUIT, COLOUR, BOOL, CARDS) and op not in ("==", "!="):
            what = _described(left)
            verb = "compare" if what == "cards" else "compares"
            raise ConditionError(f"{what} {verb} only with == or !=", node.at)
        if left.kind == CARDS:
            if len(left.columns) != 1 or len(right.columns) != 1:
                raise ConditionError("== and != compare single cards (the same card: rank "
                                     "and suit)", node.at)
            a, b = left.columns[0], right.columns[0]
            return Value(BOOL, lambda deals: deals.rows[:, a] == deals.rows[:, b]
                         if op == "==" else deals.rows[:, a] != deals.rows[:, b],
                         needs=_joined(left, right))
        operator = _OPERATORS[op]
        run_left, run_right = left.run, right.run
        return Value(BOOL, lambda deals: operator(run_left(deals), run_right(deals)),
                     needs=_joined(left, right))

    def card(self, node: Node, function: str) -> Value:
        found = self.plain_value(node)
        if found.kind != CARDS or len(found.columns) != 1:
            what = (f"{len(found.columns)} cards" if found.kind == CARDS
                    else _described(found))
            raise ConditionError(f"{function}() takes one card (a place of one card, or "
                                 f"place[1]), not {what}", node.at)
        if found.columns[0] in self.optional and not found.needs:
            raise ConditionError(f"{function}() takes one card, and {_one_card(node)} may "
                                 "hold more or none (name a card: place[1])", node.at)
        return found

    def group(self, node: Node, function: str) -> Value:
        found = self.plain_value(node)
        if found.kind != CARDS:
            raise ConditionError(f"{function}() takes cards (a place, place[1], or places "
                                 f"joined with +), not {_described(found)}", node.at)
        drawn = set(found.columns) & self.optional - set(found.needs)
        if drawn and function not in DRAWN_HAND_FUNCTIONS:
            raise ConditionError(f"{function}() cannot read a hand that may draw cards (its "
                                 f"cards vary); the functions of a drawn hand are "
                                 f"{', '.join(DRAWN_HAND_FUNCTIONS)}, or name its cards by "
                                 "position (place[1])", node.at)
        return found

    def place_function(self, node: Call) -> Value:
        """``cards(place)``, ``drew(place)``, ``natural(place)``: of one place named alone."""
        name, (arg,) = node.name, node.args
        if not isinstance(arg, Name) or arg.name not in self.places:
            raise ConditionError(f"{name}() takes a place named alone (the places are "
                                 f"{', '.join(self.places)})", arg.at)
        place = self.places[arg.name]
        if name == "natural":
            if place.cards != 2:
                raise ConditionError(f"natural() reads a place's first two cards, and "
                                     f"{place.name} is dealt {place.cards} in [deal], not 2",
                                     arg.at)
            first = self.layout.place_columns(place.name)[:2]
            return Value(BOOL, lambda deals: deals.get(
                ("points", first), lambda: _baccarat_points(deals.ranks(first)).sum(axis=1)
                % 10) >= 8)
        moment = self.moment
        if name == "drew":
            if place.name not in self.drawing:
                raise ConditionError(f"drew({place.name}): no drawing rule deals "
                                     f"{place.name} a card", arg.at)
            if (moment is not None and place.name not in moment.before
                    and place.name != moment.own):
                raise ConditionError(f"drew({place.name}) is read before {place.name} "
                                     "draws: its drawing rules come after this one", arg.at)
        drawn = tuple(column for column in self.layout.place_columns(place.name)
                      if column in self.optional)
        if name == "drew":
            return Value(BOOL, lambda deals: _present(deals, drawn).any(axis=1))
        dealt = place.cards
        if not drawn:
            return _constant(INT, dealt)
        return Value(INT, lambda deals: dealt + _present(deals, drawn).sum(axis=1))

    def call(self, node: Call) -> Value:
        name, args = node.name, node.args
        if name not in FUNCTIONS:
            close = [f for f in FUNCTIONS if f.replace("_", "") == name.replace("_", "")
                     .replace("color", "colour")]
            hint = f" (did you mean {close[0]}?)" if close else ""
            raise ConditionError(f"unknown function {name!r}{hint}; the functions are "
                                 f"{', '.join(FUNCTIONS)}", node.at)
        if name != "count" and len(args) != 1:
            raise ConditionError(f"{name}() takes one argument, not {len(args)}", node.at)
        if name == "jokers" and not self.rules.jokers:
            raise ConditionError("jokers() counts the joker, and the deck has none (add "
                                 "jokers = 1 to [shoe])", node.at)
        if self.rules.jokers and name not in JOKER_WORDS:
            raise ConditionError(f"{name}() cannot say what the joker is; with a joker in "
                                 f"[shoe] the words are {', '.join(JOKER_WORDS)}", node.at)
        if name in PLACE_FUNCTIONS:
            return self.place_function(node)
        if name in SHOWDOWN_FUNCTIONS:
            hand = self.group(args[0], name)
            return dataclasses.replace(self.hand(name, hand.columns, node), needs=hand.needs)
        if name in CARD_FUNCTIONS:
            card = self.card(args[0], name)
            return dataclasses.replace(self.card_function(name, card.columns),
                                       needs=card.needs)
        cards = self.group(args[0], name)
        columns = cards.columns
        if name == "count":
            return dataclasses.replace(self.count(node, columns), needs=cards.needs)
        if name in COMPARING and len(columns) < 2:
            raise ConditionError(f"{name}() compares two or more cards, and "
                                 f"{_one_card(args[0])} is one card: it would hold on every "
                                 "deal (give the place more cards in [deal], or join places "
                                 "with +)", node.at)
        if name == "poker3" and len(columns) != 3:
            raise ConditionError(f"poker3() takes three cards, not {len(columns)}", node.at)
        if name == "poker5" and not 5 <= len(columns) <= 7:
            raise ConditionError(f"poker5() takes 5 to 7 cards, not {len(columns)}", node.at)
        return dataclasses.replace(self.group_function(name, columns), needs=cards.needs)

    def card_function(self, name: str, columns: tuple[int, ...]) -> Value:
        if name == "rank":
            return Value(INT, lambda deals: self.rank_value(deals.ranks(columns)[:, 0]))
        if name == "suit":
            return Value(SUIT, lambda deals: deals.suits(columns)[:, 0])
        if name == "colour":
            return Value(COLOUR, lambda deals: (deals.suits(columns)[:, 0] == 1)
                         | (deals.suits(columns)[:, 0] == 2))
        return Value(INT, lambda deals: np.where(deals.ranks(columns)[:, 0] == 12, 11,
                                                 np.minimum(deals.ranks(columns)[:, 0] + 2,
                                                            10)))

    def count(self, node: Call, columns: tuple[int, ...]) -> Value:
        if len(node.args) < 2:
            raise ConditionError("count() takes cards and what to count: count(player, Q), "
                                 "count(player, hearts), count(player, Q, hearts)", node.at)
        tests: list[tuple[str, int]] = []          # (ranks, suits or colours; the value)
        for arg in node.args[1:]:
            found = self.value(arg)
            if found.kind == INT and isinstance(found.constant, int):
                tests.append(("ranks", _rank_index(found.constant, arg.at)))
            elif found.kind in (SUIT, COLOUR) and isinstance(found.constant, int):
                tests.append((found.kind, found.constant))
            else:
                raise ConditionError("count() counts a rank (2..10, J, Q, K, A), a suit or a "
                                     f"colour written as a word, not {_described(found)}",
                                     arg.at)
        _check_count_and(node, tests)

        def holds(deals: Deals, test: tuple[str, int]) -> Array:
            what, value = test
            if what == "ranks":
                return np.asarray(deals.ranks(columns) == value)
            suits = deals.suits(columns)
            if what == SUIT:
                return np.asarray(suits == value)
            return np.asarray(((suits == 1) | (suits == 2)) == bool(value))

        drawn = bool(set(columns) & self.optional)
        jokers = self.rules.jokers

        def counted(deals: Deals) -> Array:
            match = holds(deals, tests[0])
            for test in tests[1:]:
                match = match & holds(deals, test)
            if drawn:
                match = match & _present(deals, columns)
            if jokers:
                match = match & (deals.rows[:, list(columns)] != JOKER)
            return np.asarray(match.sum(axis=1))
        return Value(INT, counted)

    def group_function(self, name: str, columns: tuple[int, ...]) -> Value:
        rules = self.rules

        def ranks(deals: Deals) -> Array:
            return deals.ranks(columns)

        def suits(deals: Deals) -> Array:
            return deals.suits(columns)

        def colours(deals: Deals) -> Array:
            return np.asarray((suits(deals) == 1) | (suits(deals) == 2))

        drawn = bool(set(columns) & self.optional)

        def received(values: Array, deals: Deals) -> Array:
            """The values of the cards received (an absent drawn card counts 0)."""
            return values * _present(deals, columns) if drawn else values

        def hard(deals: Deals) -> Array:
            return deals.get(("hard", columns), lambda: np.asarray(
                received(_blackjack_values(ranks(deals)), deals).sum(axis=1)))

        def soft(deals: Deals) -> Array:
            return np.asarray(received(ranks(deals) == 12, deals).any(axis=1)
                              & (hard(deals) + 10 <= 21))

        def points(deals: Deals) -> Array:
            return deals.get(("points", columns), lambda: np.asarray(
                received(_baccarat_points(ranks(deals)), deals).sum(axis=1) % 10))

        table: dict[str, tuple[str, Evaluate]] = {
            "same_rank": (BOOL, lambda deals: _all_equal(ranks(deals))),
            "same_suit": (BOOL, lambda deals: _all_equal(suits(deals))),
            "same_colour": (BOOL, lambda deals: _all_equal(colours(deals))),
            "same_card": (BOOL, lambda deals: _all_equal(deals.rows[:, list(columns)])),
            "distinct_ranks": (INT, lambda deals: _distinct(ranks(deals))),
            "distinct_suits": (INT, lambda deals: _distinct(suits(deals))),
            "most_of_a_rank": (INT, lambda deals: _most(ranks(deals))),
            "most_of_a_suit": (INT, lambda deals: _most(suits(deals))),
            "high_rank": (INT, lambda deals: self.rank_value(ranks(deals)).max(axis=1)),
            "low_rank": (INT, lambda deals: self.rank_value(ranks(deals)).min(axis=1)),
            "consecutive": (BOOL, lambda deals: _runs(ranks(deals), rules.ace_low_straights)),
            "hard_total": (INT, hard),
            "total": (INT, lambda deals: np.where(soft(deals), hard(deals) + 10, hard(deals))),
            "soft": (BOOL, soft),
            "points": (INT, points),
            "bust": (BOOL, lambda deals: hard(deals) > 21),
        }
        if rules.jokers and name in ("same_suit", "consecutive", "most_of_a_rank", "jokers"):
            return self.joker_word(name, columns)
        if name in table:
            kind, run = table[name]
            return Value(kind, run)
        if name == "poker3":
            three = _poker3_joker if rules.jokers else _poker3
            return Value("class", lambda deals: deals.get(
                ("poker3", columns), lambda: three(deals, columns, rules)), family="poker3")
        self.single_deck = True
        five = _poker5_joker if rules.jokers else _poker5
        return Value("class", lambda deals: deals.get(
            ("poker5", columns), lambda: five(deals, columns)), family="poker5")

    def joker_word(self, name: str, columns: tuple[int, ...]) -> Value:
        """The words that say what the joker is, in a deck with one (see JOKER_WORDS)."""
        ace_low = self.rules.ace_low_straights

        def joker(deals: Deals) -> Array:
            return deals.get(("joker", columns),
                             lambda: deals.rows[:, list(columns)] == JOKER)

        if name == "jokers":
            return Value(INT, lambda deals: joker(deals).sum(axis=1))
        if name == "most_of_a_rank":              # the joker is an ace
            return Value(INT, lambda deals: _most(np.where(joker(deals), 12,
                                                           deals.ranks(columns))))
        if name == "same_suit":                   # the joker completes a flush
            def same_suit(deals: Deals) -> Array:
                suits, wild = deals.suits(columns), joker(deals)
                return np.asarray(np.where(wild, 4, suits).min(axis=1)
                                  == np.where(wild, -1, suits).max(axis=1))
            return Value(BOOL, same_suit)

        def consecutive(deals: Deals) -> Array:   # the joker completes a run
            ranks, wild = deals.ranks(columns), joker(deals)
            size = len(columns)
            # distinct real ranks (the joker's rank, 13, is no real card's) in a span the
            # joker can fill
            distinct = _distinct(np.where(wild, 13, ranks)) == size
            span = np.where(wild, -99, ranks).max(axis=1) - np.where(wild, 99, ranks).min(axis=1)
            runs = distinct & (span <= size - 1)
            if ace_low:
                low = np.where(ranks == 12, -1, ranks)
                low_span = (np.where(wild, -99, low).max(axis=1)
                            - np.where(wild, 99, low).min(axis=1))
                runs = runs | (distinct & (low_span <= size - 1))
            return np.asarray(runs)
        return Value(BOOL, consecutive)


    # --- showdowns ------------------------------------------------------------------------
    def hand(self, name: str, columns: tuple[int, ...], node: Call) -> Value:
        """``hand3(g)`` / ``hand5(g)``: the full strength of a hand, comparable only with the
        full strength of another hand of its kind."""
        rules = self.rules
        if name == "hand3":
            if len(columns) != 3:
                raise ConditionError(f"hand3() takes three cards, not {len(columns)}", node.at)
            return Value(STRENGTH, lambda deals: deals.get(
                ("hand3", columns), lambda: _hand3(deals, columns, rules)), family=name)
        if not 5 <= len(columns) <= 7:
            raise ConditionError(f"hand5() takes 5 to 7 cards, not {len(columns)}", node.at)
        self.single_deck = True
        return Value(STRENGTH, lambda deals: _hand5(deals, columns), family=name)


SHOWDOWN_OF_CLASS = {"poker3": "hand3", "poker5": "hand5"}
HAND_SIZES = {"hand3": "a 3-card hand", "hand5": "a best-five hand",
              "poker3": "a 3-card hand", "poker5": "a best-five hand"}


def _check_showdown(node: Binary, left: Value, right: Value) -> None:
    """Refuse what would pass silently for a showdown: two hands' classes compared (a pair of
    twos would tie a pair of aces), hands of unlike kinds, a full strength against anything
    but another."""
    hands = [value for value in (left, right)
             if value.kind == STRENGTH or (value.kind == "class" and value.constant is None)]
    if len(hands) == 2 and hands[0].family != hands[1].family and (
            HAND_SIZES[hands[0].family] != HAND_SIZES[hands[1].family]):
        raise ConditionError(f"a showdown of unlike hands: {HAND_SIZES[left.family]} "
                             f"({left.family}) against {HAND_SIZES[right.family]} "
                             f"({right.family}); compare hands of one kind", node.at)
    if len(hands) == 2 and all(value.kind == "class" for value in hands):
        word = SHOWDOWN_OF_CLASS[left.family]
        mine, theirs = _argument_text(node.left), _argument_text(node.right)
        raise ConditionError(f"{left.family}({mine}) {node.op} {left.family}({theirs}) "
                             "compares the hands' classes only (a pair of twos would tie a "
                             "pair of aces); for a showdown compare them in full, kickers "
                             f"too: {word}({mine}) {node.op} {word}({theirs})", node.at)
    strength = next((value for value in (left, right) if value.kind == STRENGTH), None)
    if strength is not None:
        other = right if strength is left else left
        if other.kind != STRENGTH or other.family != strength.family:
            kind = strength.family
            classes = "poker3" if kind == "hand3" else "poker5"
            raise ConditionError(f"{kind}() is a hand's full strength and compares only with "
                                 f"another {kind}() (a showdown), not with "
                                 f"{_described(other)}; for a hand class write "
                                 f"{classes}(...) >= ...", node.at)


def _check_count_and(node: Call, tests: list[tuple[str, int]]) -> None:
    """Refuse ``count(g, Q, K)``: it counts cards that are a queen and a king at once, none
    ever; a user who wrote it meant "queens or kings", a sum of counts."""
    ranks = {value for what, value in tests if what == "ranks"}
    suits = {value for what, value in tests if what == SUIT}
    colours = {value for what, value in tests if what == COLOUR}
    colours |= {int(suit in (1, 2)) for suit in suits}
    if len(ranks) < 2 and len(suits) < 2 and len(colours) < 2:
        return
    cards = _argument_text(node)
    whats = [_word_text(arg) for arg in node.args[1:]]
    raise ConditionError(f"count({cards}, {', '.join(whats)}) counts the cards that are "
                         f"{' and '.join(whats)} at once, and no card is: it is always 0; to "
                         f"count cards that are {' or '.join(whats)} write "
                         + " + ".join(f"count({cards}, {what})" for what in whats), node.at)


def count_and_hint(node: Node) -> str:
    """For an outcome that can never happen: when its condition counts cards that are two
    things at once (``count(player, Q, hearts)``), a reminder that this is "and", not "or"."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Call) and item.name == "count" and len(item.args) > 2:
            cards, whats = _argument_text(item), [_word_text(arg) for arg in item.args[1:]]
            return (f"; note that count({cards}, {', '.join(whats)}) counts the cards that are "
                    f"{' and '.join(whats)} at once: for cards that are {' or '.join(whats)} "
                    "write " + " + ".join(f"count({cards}, {what})" for what in whats))
        stack.extend(children(item))
    return ""


def _word_text(node: Node) -> str:
    return (node.name if isinstance(node, Name) else str(node.value)
            if isinstance(node, Number) else "...")


def _argument_text(node: Node) -> str:
    """The cards a call was given, as written (``player + board``), for a message."""
    def text(item: Node) -> str:
        if isinstance(item, Name):
            return item.name
        if isinstance(item, Index):
            return f"{item.place}[{item.index}]"
        if isinstance(item, Binary) and item.op == "+":
            return f"{text(item.left)} + {text(item.right)}"
        return "..."
    return text(node.args[0]) if isinstance(node, Call) and node.args else "..."


def _rank_index(value: int, at: int) -> int:
    if value == 1 or value == 14:
        return 12
    if 2 <= value <= 13:
        return value - 2
    raise ConditionError(f"{value} is not a rank (2..10, J, Q, K, A)", at)


def _one_card(node: Node) -> str:
    """How a condition wrote the one card a comparing function was given."""
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Index):
        return f"{node.place}[{node.index}]"
    return "that"


def _joined(*values: Value) -> tuple[int, ...]:
    """The drawn cards any of the values needs."""
    return tuple(sorted({column for value in values for column in value.needs}))


def _described(value: Value) -> str:
    if value.kind == CARDS:
        return "cards" if len(value.columns) != 1 else "a card"
    if value.kind == CLASS_NAME:
        return f"the hand class {value.name!r}"
    if value.kind == "class":
        return f"a {value.family} class"
    if value.kind == STRENGTH:
        return f"{HAND_SIZES[value.family]} in full ({value.family})"
    return {BOOL: "a true/false condition", INT: "a number", SUIT: "a suit",
            COLOUR: "a colour"}.get(value.kind, value.kind)


_OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


def compile_condition(node: Node, layout: Layout, rules: Rules, moment: Moment | None = None,
                      drawing: frozenset[str] = frozenset()) -> Condition:
    """Type-check a parsed condition and compile it (a :class:`ConditionError` says what and
    where when it makes no sense). A drawing rule's condition is compiled at its ``moment``;
    ``drawing``: the places some drawing rule deals to."""
    compiler = _Compiler(layout, rules, moment, drawing if moment is None else moment.drawing)
    run = compiler.condition(node, "the condition")

    def test(deals: Deals) -> BoolArray:
        result = np.asarray(run(deals), dtype=np.bool_)
        if result.shape != (len(deals),):
            result = np.broadcast_to(result, (len(deals),)).copy()
        return result
    return Condition(test, compiler.single_deck)


def compile_value(node: Node, layout: Layout, rules: Rules,
                  drawing: frozenset[str] = frozenset()) -> Value:
    """Type-check and compile one expression of a condition (a word and its cards, say): its
    kind, the cards it looks at, and how to evaluate it over a chunk of deals; ``drawing``:
    the places some drawing rule deals to."""
    return _Compiler(layout, rules, None, drawing).value(node)
