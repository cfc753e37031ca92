"""A game file's dealer and its wagers paid apart: the ``[dealer]`` and ``[settle]`` tables.

::

    [dealer]
    hand = "dealer"                    # the place of [deal] dealt to the dealer, face down
    qualifies = "poker3(dealer) >= pair or high_rank(dealer) >= Q"
    showdown = "hand3(player) > hand3(dealer)"     # when the player's hand beats the dealer's

    [settle]                           # each wager's pay for each result of the showdown
    ante = { not-qualified = 1, win = 1, tie = 0, lose = -1, bonus = true }
    play = { not-qualified = 0, win = 1, tie = 0, lose = -1 }
    pair-plus = "hand"                 # paid on the player's hand alone

A pay is a number, or ``"hand"``: the pay of the player's hand in the pay table, where each
wager paid on the hand has its own pays, ``{ pair-plus = { flush = 4, ..., other = -1 } }``
(``other``: a hand that meets no outcome). ``bonus = true`` adds the wager's hand pay whatever
the dealer holds (an Ante Bonus). The showdown results count every hand the dealer can hold
with the cards the player has not got (docs/games-from-files.md).
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.bets.compile import Deals, Rules, compile_condition, compile_value
from edge.bets.file import BetFileError
from edge.bets.language import (
    Binary,
    Call,
    ConditionError,
    Index,
    Name,
    Node,
    children,
    parse,
)
from edge.bets.layout import Layout, Place
from edge.decisions.solve import DECK, IntArray, Settlement, all_sets, set_index
from edge.errors import PayTableError
from edge.paytables import PayTable, parse_pay

# the showdown's results, as [settle] names them, and in words (rows of the table)
RESULTS = ("not-qualified", "win", "tie", "lose")
RESULT_WORDS = ("dealer does not qualify", "player wins", "tie", "dealer wins")
HAND = "hand"
SHOWDOWN = "showdown"   # settled by the showdown even when the dealer does not qualify
OTHER = "other"
# the most cards of a dealer's hand counted here (every hand it can hold is listed once)
MOST_DEALER = 5
DEALER_KEYS = ("hand", "up", "qualifies", "showdown")


@dataclass(frozen=True)
class Dealer:
    """The dealer's hand: its place and cards (``up`` of them face up), the qualifying rule
    and the showdown (the player's strength against the dealer's), as written and parsed."""

    place: str
    cards: int
    up: int
    qualifies: str
    qualify_node: Node
    showdown: str
    showdown_node: Node
    player_side: Node
    dealer_side: Node


@dataclass(frozen=True)
class Settle:
    """How one wager is paid: per showdown result a fixed pay or ``None`` (the pay of the
    player's hand for this wager), and whether the hand's pay is added whatever the dealer
    holds (``bonus``). ``showdown``: when the dealer does not qualify the wager is still
    settled by the showdown (``not-qualified = "showdown"``: its win, tie or lose pay)."""

    pays: tuple[Fraction | None, ...]
    bonus: bool = False
    showdown: bool = False

    @property
    def on_hand(self) -> bool:
        """Whether the pay table pays this wager on the player's hand."""
        return self.bonus or None in self.pays


def fail(path: Path, message: str) -> BetFileError:
    """An error about the file (one line, starting with its name)."""
    return BetFileError(f"{path.name}: {message}")


def where(text: str, key: str, table: str | None = None, at: int | None = None) -> str:
    """``line L, column C`` of ``key = ...`` in the file's text (under ``[table]`` when
    given; ``at``: a character of the key's text value), or of the table's header."""
    start = 0
    if table is not None:
        header = re.search(rf"^[ \t]*\[{re.escape(table)}\][ \t]*$", text, re.MULTILINE)
        if header is None:
            return "line 1, column 1"
        start = header.start()
        if not key:
            return _position(text, start)
    found = re.compile(rf"^[ \t]*{re.escape(key)}[ \t]*=[ \t]*", re.MULTILINE).search(text,
                                                                                      start)
    if found is None:
        return _position(text, start)
    offset = found.start() + len(found.group(0)) - len(found.group(0).lstrip())
    if at is not None:
        quote = re.match(r"\"\"\"\r?\n?|'''\r?\n?|\"|'", text[found.end():])
        offset = found.end() + (quote.end() if quote else 0) + at
    return _position(text, offset)


def _position(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def _places_read(node: Node, names: set[str]) -> list[Node]:
    """The nodes of ``node`` that name a place of ``names`` (alone or by position)."""
    found: list[Node] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if (isinstance(item, Name) and item.name in names) or (
                isinstance(item, Index) and item.place in names):
            found.append(item)
        stack.extend(children(item))
    return sorted(found, key=lambda item: item.at)


def _condition(text: str, value: object, key: str, path: Path) -> tuple[str, Node]:
    if not isinstance(value, str) or not value.strip():
        raise fail(path, f"{where(text, key, 'dealer')}: [dealer] {key} must be a condition "
                         "in quotes.")
    try:
        return value, parse(value)
    except ConditionError as error:
        raise fail(path, f"{where(text, key, 'dealer', error.at)}: [dealer] {key}: "
                         f"{error.message}.") from None


def read_dealer(data: dict[str, Any], text: str, deal: dict[str, Any], path: Path) -> Dealer:
    """The ``[dealer]`` table, checked against the places of ``[deal]`` (before the bet file
    part is read, so that a dealer dealt too many cards is named here)."""
    table = data["dealer"]
    if not isinstance(table, dict):
        raise fail(path, f"{where(text, 'dealer')}: dealer must be a table ([dealer]).")
    for key in table:
        if key not in DEALER_KEYS:
            raise fail(path, f"{where(text, key, 'dealer')}: unknown key {key!r} in [dealer]; "
                             f"the keys are {', '.join(sorted(DEALER_KEYS))}.")
    place = table.get("hand")
    if not isinstance(place, str) or place not in deal:
        raise fail(path, f"{where(text, 'hand', 'dealer')}: [dealer] hand = {place!r} must "
                         f"name a place of [deal] ({', '.join(map(str, deal))}).")
    cards = deal[place]
    seen = sum(v for k, v in deal.items() if k != place and isinstance(v, int))
    if isinstance(cards, int) and not isinstance(cards, bool) and (
            not 1 <= cards <= MOST_DEALER or cards > DECK - seen):
        raise fail(path, f"{where(text, place, 'deal')}: the dealer is dealt {cards} cards; "
                         f"with the player's {seen} there are {DECK - seen} left, and a "
                         f"dealer's hand has 1 to {MOST_DEALER} cards here.")
    up = table.get("up", 0)
    if isinstance(up, bool) or not isinstance(up, int) or up not in (0, 1) or (
            up and isinstance(cards, int) and cards < 2):
        raise fail(path, f"{where(text, 'up', 'dealer')}: [dealer] up = {up!r}: the dealer "
                         "deals 0 or 1 card face up here (1 with a hidden card too).")
    for key in ("qualifies", "showdown"):
        if key not in table:
            raise fail(path, f"{where(text, '', 'dealer')}: [dealer] {key} is missing.")
    qualifies, qualify_node = _condition(text, table["qualifies"], "qualifies", path)
    others = {str(k) for k in deal if k != place}
    for node in _places_read(qualify_node, others):
        raise fail(path, f"{where(text, 'qualifies', 'dealer', node.at)}: the qualifying "
                         f"rule reads cards other than the dealer's ({qualifies.strip()!r}): "
                         "it must be decided from the dealer's cards alone.")
    showdown, node = _condition(text, table["showdown"], "showdown", path)
    sides = _sides(node)
    if sides is None:
        raise fail(path, f"{where(text, 'showdown', 'dealer', node.at)}: [dealer] showdown "
                         f"= {showdown!r} must say when the player's hand beats the "
                         "dealer's, such as \"hand3(player) > hand3(dealer)\".")
    player_side, dealer_side = sides
    bad = (_places_read(player_side, {place}) or _places_read(dealer_side, others))
    if bad:
        raise fail(path, f"{where(text, 'showdown', 'dealer', bad[0].at)}: [dealer] "
                         "showdown: the left side is the player's hand, the right side the "
                         f"dealer's ({place}) alone (a board shared by both hands is not "
                         "solved from a file yet).")
    return Dealer(place, int(cards), up, qualifies, qualify_node, showdown, node, player_side,
                  dealer_side)


def _sides(node: Node) -> tuple[Node, Node] | None:
    """The two sides of ``A > B``, else None."""
    if isinstance(node, Binary) and node.op == ">":
        return node.left, node.right
    return None


def _pay(value: object, what: str, text: str, wager: str, path: Path) -> Fraction | None:
    if value == HAND:
        return None
    try:
        return parse_pay(value, what, f"[settle] {wager}", Fraction(-1))
    except PayTableError as error:
        raise fail(path, f"{where(text, wager, 'settle')}: {error}") from None


def read_settle(data: dict[str, Any], text: str, wagers: tuple[str, ...],
                path: Path, shared_board: bool = False) -> tuple[Settle, ...]:
    """The ``[settle]`` table: how each wager is paid (every wager must be); ``not-qualified
    = "showdown"`` is read with a shared board only."""
    table = data.get("settle")
    if not isinstance(table, dict):
        raise fail(path, f"{where(text, '', 'dealer')}: a game with a dealer needs a [settle] "
                         "table: each wager's pay for each result (not-qualified, win, tie, "
                         "lose), or \"hand\" for a wager paid on the player's hand alone.")
    for name in table:
        if name not in wagers:
            raise fail(path, f"{where(text, name, 'settle')}: [settle] {name} is not one of "
                             f"the wagers ({', '.join(wagers)}).")
    found = []
    for wager in wagers:
        if wager not in table:
            raise fail(path, f"{where(text, '', 'settle')}: the wager {wager!r} is never "
                             f"settled: give it a line in [settle] (its pay for each of "
                             f"{', '.join(RESULTS)}, or \"hand\").")
        value = table[wager]
        if value == HAND:
            found.append(Settle((None,) * len(RESULTS)))
            continue
        if not isinstance(value, dict):
            raise fail(path, f"{where(text, wager, 'settle')}: [settle] {wager} must be "
                             f"\"hand\" or a table of pays {{ {' = 1, '.join(RESULTS)} = -1 }}.")
        for key in value:
            if key not in (*RESULTS, "bonus"):
                raise fail(path, f"{where(text, wager, 'settle')}: unknown key {key!r} in "
                                 f"[settle] {wager}; the keys are {', '.join(RESULTS)}, "
                                 "bonus.")
        missing = [key for key in RESULTS if key not in value]
        if missing:
            raise fail(path, f"{where(text, wager, 'settle')}: [settle] {wager} has no pay "
                             f"for {', '.join(missing)}.")
        bonus = value.get("bonus", False)
        if not isinstance(bonus, bool):
            raise fail(path, f"{where(text, wager, 'settle')}: [settle] {wager}: bonus = "
                             f"{bonus!r} must be true or false.")
        showdown = value[RESULTS[0]] == SHOWDOWN
        if showdown and not shared_board:
            raise fail(path, f"{where(text, wager, 'settle')}: [settle] {wager}: "
                             f"{RESULTS[0]} = \"{SHOWDOWN}\" is read in a game with a shared "
                             "board only; give the wager's pay when the dealer does not "
                             "qualify.")
        found.append(Settle(tuple(Fraction(0) if showdown and key == RESULTS[0]
                                  else _pay(value[key], key, text, wager, path)
                                  for key in RESULTS), bonus, showdown))
    return tuple(found)


def hand_pay_names(settles: tuple[Settle, ...], wagers: tuple[str, ...],
                   outcomes: tuple[str, ...]) -> tuple[str, ...]:
    """The names every pay table pays: ``wager.outcome`` and ``wager.other``."""
    return tuple(f"{wager}.{name}" for wager, settle in zip(wagers, settles, strict=True)
                 if settle.on_hand for name in (*outcomes, OTHER))


def settlement(settles: tuple[Settle, ...], wagers: tuple[str, ...],
               outcomes: tuple[str, ...], paytable: PayTable, counts: IntArray,
               completions: int, hidden: int) -> Settlement:
    """Each wager's pay by result and hand outcome at this pay table, for the solve."""
    nets = []
    for wager, settle in zip(wagers, settles, strict=True):
        hand = ([paytable[f"{wager}.{name}"] for name in (*outcomes, OTHER)]
                if settle.on_hand else [Fraction(0)] * (len(outcomes) + 1))
        nets.append(tuple(tuple((pay if pay is not None else hand[p])
                                + (hand[p] if settle.bonus else 0)
                                for p in range(len(outcomes) + 1))
                          for pay in settle.pays))
    names = tuple(f"{RESULT_WORDS[r]}, {name}" for r in range(len(RESULTS))
                  for name in (*outcomes, "no outcome"))
    return Settlement(tuple(nets), names, counts, completions, hidden)


def check_dealer(dealer: Dealer, places: tuple[Place, ...], rules: Rules, text: str,
                 path: Path) -> None:
    """Compile the qualifying rule and the showdown (each side on its own hand, and the two
    compared), so that a mistake in them is named where it is written."""
    mine = tuple(p for p in places if p.name != dealer.place)
    theirs = (Place(dealer.place, dealer.cards),)
    for node, key, side in ((dealer.player_side, "showdown", mine),
                            (dealer.dealer_side, "showdown", theirs),
                            (dealer.qualify_node, "qualifies", theirs)):
        layout = Layout.of(side, [node])
        if len(layout.slots) != 1 or not layout.slots[0].is_set or \
                layout.cards != sum(p.cards for p in side):
            single = [item for item in _places_read(node, {p.name for p in side})
                      if isinstance(item, Index)]
            at = single[0].at if single else node.at
            raise fail(path, f"{where(text, key, 'dealer', at)}: [dealer] {key} must "
                             "read each hand whole (every card of it as one hand, not single "
                             "cards by position).")
    for node, key in ((dealer.qualify_node, "qualifies"), (dealer.showdown_node, "showdown")):
        try:
            compile_condition(node, Layout.of(places, [node]), rules)
        except ConditionError as error:
            raise fail(path, f"{where(text, key, 'dealer', error.at)}: [dealer] {key}: "
                             f"{error.message}.") from None


def word_values(node: Node, places: tuple[Place, ...], deals: Deals, rules: Rules,
                condition: bool) -> IntArray:
    """A word (or, ``condition``, a condition) of one hand over every set of its cards (the
    rows of ``deals``, shared by the words of hands of the same size: each place is read
    whole, as columns 0 to k - 1, so their memo of ranks and suits is shared)."""
    layout = Layout.of(places, [node])
    if condition:
        return compile_condition(node, layout, rules).test(deals).astype(np.int64)
    value = compile_value(node, layout, rules)
    return np.broadcast_to(np.asarray(value.run(deals), dtype=np.int64),
                           (len(deals),)).copy()


def hand_values(dealer: Dealer, places: tuple[Place, ...], rules: Rules
                ) -> tuple[IntArray, IntArray, npt.NDArray[np.bool_]]:
    """The player's strength for every set of the player's cards, and the dealer's strength
    and whether it qualifies for every hand the dealer can hold (sets by colex index)."""
    mine = tuple(p for p in places if p.name != dealer.place)
    theirs = (Place(dealer.place, dealer.cards),)
    deals = {k: Deals(all_sets(k)) for k in {sum(p.cards for p in mine), dealer.cards}}
    ours = word_values(dealer.player_side, mine, deals[sum(p.cards for p in mine)], rules,
                       False)
    if _same_word(dealer.player_side, dealer.dealer_side) and len(ours) == len(
            deals[dealer.cards]):
        strength = ours         # the same word of hands of the same size: the same values
    else:
        strength = word_values(dealer.dealer_side, theirs, deals[dealer.cards], rules, False)
    qualifies = word_values(dealer.qualify_node, theirs, deals[dealer.cards], rules, True)
    return ours, strength, qualifies.astype(np.bool_)


def _same_word(one: Node, other: Node) -> bool:
    """Whether both are one word of one place, ``hand3(player)`` and ``hand3(dealer)``."""
    return (isinstance(one, Call) and isinstance(other, Call) and one.name == other.name
            and len(one.args) == len(other.args) == 1
            and isinstance(one.args[0], Name) and isinstance(other.args[0], Name))


def showdown_result(ours: IntArray, theirs: IntArray,
                    qualifies: npt.NDArray[np.bool_]) -> IntArray:
    """Each deal's showdown result (an index of ``RESULTS``) from the two strengths and
    whether the dealer qualifies."""
    return np.asarray(np.where(~qualifies, 0, np.where(ours > theirs, 1,
                                                       np.where(ours == theirs, 2, 3))),
                      dtype=np.int64)


@functools.lru_cache(maxsize=4)
def suit_classes(k: int) -> tuple[IntArray, IntArray]:
    """The k-card sets up to a renaming of suits: the colex index of one member of each
    class, and each set's class. A set's class is its four suits' sets of ranks (13-bit
    masks), sorted: two sets have the same sorted masks exactly when a renaming of suits
    takes one to the other."""
    sets = all_sets(k)
    masks = np.zeros((len(sets), 4), dtype=np.int64)
    for column in range(k):
        np.add.at(masks, (np.arange(len(sets)), sets[:, column] & 3),
                  np.left_shift(1, sets[:, column] >> 2))
    masks.sort(axis=1)
    key = masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26 | masks[:, 3] << 39
    _, members, classes = np.unique(key, return_index=True, return_inverse=True)
    return np.asarray(members, dtype=np.int64), np.asarray(classes, dtype=np.int64).ravel()


def showdown_counts(dealer: Dealer, places: tuple[Place, ...], rules: Rules) -> IntArray:
    """For every set of the player's final cards (by colex index), how many of the dealer's
    hands from the cards left give each result (``RESULTS``).

    The dealer's hands are listed once, each with its strength and whether it qualifies. The
    hands sharing no card with the player's are counted by inclusion and exclusion over the
    cards they share: for each set T of the player's cards, the dealer's hands holding T, by
    strength (a running count per T, or for large T-and-strength tables, the hands sorted).
    A player's hand and its suits renamed meet the dealer's hands alike: one of each class is
    counted."""
    n = sum(p.cards for p in places if p.name != dealer.place)
    d = dealer.cards
    ours, strength, qualifies = hand_values(dealer, places, rules)
    values = np.unique(np.concatenate([ours, strength]))
    ours = np.searchsorted(values, ours)                      # dense ranks 0 .. len(values) - 1
    strength = np.searchsorted(values, strength)
    members, classes = suit_classes(n)
    dealer_sets, player_sets, ours = all_sets(d), all_sets(n)[members], ours[members]
    columns_of = [np.zeros(len(player_sets), dtype=np.int64) for _ in RESULTS]
    for shared in range(min(n, d) + 1):
        counted = (_whole_hands(player_sets, ours, strength, qualifies, d) if shared == d
                   else _holding(player_sets, ours, dealer_sets, strength, qualifies, shared,
                                 len(values)))
        for column, ways in zip(columns_of, counted, strict=True):
            if shared % 2:
                column -= ways
            else:
                column += ways
    counts = np.stack(columns_of, axis=1)[classes]
    if not (counts.sum(axis=1) == math.comb(DECK - n, d)).all():
        raise AssertionError("the dealer's hands do not add up for every player's hand")
    return counts


# a table of the dealer's hands by (set of shared cards, strength) up to this many cells
MOST_CELLS = 1 << 16


def _whole_hands(player_sets: IntArray, ours: IntArray, strength: IntArray,
                 qualifies: npt.NDArray[np.bool_], d: int) -> list[IntArray]:
    """The dealer's hands made wholly of the player's cards, by result (one per d-subset)."""
    found = [np.zeros(len(player_sets), dtype=np.int64) for _ in RESULTS]
    for columns in itertools.combinations(range(player_sets.shape[1]), d):
        hand = set_index(player_sets[:, list(columns)])
        result = showdown_result(ours, strength[hand], qualifies[hand])
        for r, column in enumerate(found):
            column += result == r
    return found


def _holding(player_sets: IntArray, ours: IntArray, dealer_sets: IntArray,
             strength: IntArray, qualifies: npt.NDArray[np.bool_], shared: int,
             strengths: int) -> list[IntArray]:
    """For each player's set, summed over its ``shared``-card subsets T: the dealer's hands
    holding T, by result against the player's strength."""
    subsets = math.comb(DECK, shared)
    held = [set_index(dealer_sets[:, list(columns)])
            for columns in itertools.combinations(range(dealer_sets.shape[1]), shared)]
    unqualified = np.bincount(np.concatenate([index[~qualifies] for index in held]),
                              minlength=subsets)
    if subsets * (strengths + 1) <= MOST_CELLS:
        # below[T, x]: the qualifying hands holding T of strength below x
        cells = np.bincount(np.concatenate([index[qualifies] * (strengths + 1)
                                            + strength[qualifies] + 1 for index in held]),
                            minlength=subsets * (strengths + 1))
        below = np.cumsum(cells.reshape(subsets, strengths + 1), axis=1)

        def count(index: IntArray) -> tuple[IntArray, IntArray, IntArray]:
            return below[index, ours], below[index, ours + 1], below[index, strengths]
    else:
        ordered = np.sort(np.concatenate([index[qualifies] * strengths + strength[qualifies]
                                          for index in held]))
        qualified = np.bincount(np.concatenate([index[qualifies] for index in held]),
                                minlength=subsets)
        first = np.concatenate([[0], np.cumsum(qualified)[:-1]])

        def count(index: IntArray) -> tuple[IntArray, IntArray, IntArray]:
            start = first[index]
            return (np.searchsorted(ordered, index * strengths + ours, "left") - start,
                    np.searchsorted(ordered, index * strengths + ours, "right") - start,
                    qualified[index])
    found = [np.zeros(len(player_sets), dtype=np.int64) for _ in RESULTS]
    for columns in itertools.combinations(range(player_sets.shape[1]), shared):
        index = set_index(player_sets[:, list(columns)])
        weaker, up_to, every = count(index)
        for column, ways in zip(found, (unqualified[index], weaker, up_to - weaker,
                                        every - up_to), strict=True):
            column += ways
    return found
