"""The fast way for a bet that looks only at the best five of all its cards (Trips, 6-Card Bonus).

When every condition of a file depends on its cards only through ``poker5`` of all of them (one
set of 5 to 7 cards from one deck), a deal's outcome is a function of its best-five class. Then
the outcome of each of the ten classes is found by the file's own compiled conditions, once per
class, and the deals of each class are counted by edge's hold'em kernel
(:func:`edge._core.holdem_class_counts`, every 5-, 6- or 7-card set once, in Cython), instead of
evaluating the conditions over every row. The counts are the same integers either way (a test
compares both routes).

The idea carries further (:func:`held_only`, :func:`count_by_held`): a bet that looks at the
best five of all its cards and, apart, at a few of them (one to three: the player's two cards,
``player[1]``) has an outcome fixed by those few cards and the class. Edge's kernel
(:func:`edge.bets._kernels.class_counts_by_held`) visits every 5-, 6- or 7-card set once and
counts its class under each subset of that many of its cards, keeping the first set found of
each; the conditions are then evaluated on one real deal per (those cards, class), each weighed
by its count: about 26,000 rows, instead of 2.8 billion deals for the best five of seven.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence

import numpy as np
import numpy.typing as npt

from edge import _core
from edge.bets.compile import Deals
from edge.bets.enumeration import Counts, cycle_size, deal_rows
from edge.bets.language import (
    Binary,
    Boolean,
    Call,
    Index,
    Logic,
    Name,
    Node,
    Not,
    Number,
    children,
)
from edge.bets.layout import Layout, Slot
from edge.cards import parse_cards

IntArray = npt.NDArray[np.int64]
CLASSES = 10
MOST_HELD = 3           # the most cards looked at apart (the kernel's limit, checked there)
# A five-card hand of each class, royal flush (9) down to high card (0); more cards are added
# by :func:`class_examples` without changing the class.
FIVE_CARD_HANDS = ("Ks Jd 9c 6h 3s", "5c 5d Ks 9h 3c", "Jc Jd 4h 4s Ad", "7c 7d 7h Ks 2d",
                   "Tc 9d 8h 7s 6c", "Ad Jd 8d 6d 3d", "8c 8d 8h Kc Kd", "9c 9d 9h 9s Kd",
                   "9h 8h 7h 6h 5h", "As Ks Qs Js Ts")


def _looks_only_through_poker5(node: Node, places: set[str]) -> bool:
    if isinstance(node, Call) and node.name == "poker5":
        return True
    if isinstance(node, Index) or (isinstance(node, Name) and node.name in places):
        return False
    return all(_looks_only_through_poker5(child, places) for child in children(node))


def best_five_only(layout: Layout, conditions: Iterable[Node]) -> bool:
    """Whether every condition looks at the cards only as ``poker5`` of one set holding every
    card looked at (so the slot layout is that one set)."""
    places = {place.name for place in layout.places}
    return (len(layout.slots) == 1 and layout.slots[0].is_set
            and 5 <= layout.slots[0].size <= 7
            and all(_looks_only_through_poker5(node, places) for node in conditions))


def class_of(cards: Iterable[int]) -> int:
    """The best-five class of 5 to 7 distinct cards (9 royal flush .. 0 high card)."""
    return int(_core.hand_class(_core.evaluate_cards(list(cards))))


def class_examples(size: int) -> list[tuple[int, ...]]:
    """A hand of ``size`` cards (5 to 7) of each class, by index: the five-card hand above with
    the lowest cards added that keep its class."""
    examples = []
    for index, text in enumerate(FIVE_CARD_HANDS):
        hand = list(parse_cards(text))
        assert class_of(hand) == index, text
        for card in range(52):
            if len(hand) == size:
                break
            if card not in hand and class_of(hand + [card]) == index:
                hand.append(card)
        assert len(hand) == size and class_of(hand) == index
        examples.append(tuple(sorted(hand)))
    return examples


def count_by_class(layout: Layout, outcomes: int,
                   classify: Callable[[Deals], IntArray]) -> Counts:
    """Every deal's outcome, counted through the ten classes (see the module)."""
    size = layout.slots[0].size
    columns = tuple(range(size))
    examples = class_examples(size)
    deals = Deals(np.array(examples, dtype=np.int64))
    deals.memo[("poker5", columns)] = np.arange(CLASSES, dtype=np.int64)
    outcome_of_class = classify(deals)
    per_class = np.asarray(_core.holdem_class_counts(size), dtype=np.int64)
    counts = [0] * (outcomes + 1)
    found: list[tuple[int, ...] | None] = [None] * (outcomes + 1)
    for index in range(CLASSES - 1, -1, -1):
        outcome = int(outcome_of_class[index])
        counts[outcome] += int(per_class[index])
        if found[outcome] is None:
            found[outcome] = examples[index]
    total = sum(counts)
    if total != math.comb(52, size):
        raise AssertionError(f"the classes count {total} hands, not C(52, {size})")
    return Counts(tuple(counts), tuple(found), total)


def _card_columns(node: Node, layout: Layout) -> list[int] | None:
    """The columns of a card expression (``player + board``), else None."""
    if isinstance(node, Name):
        return list(layout.place_columns(node.name)) if node.name in {
            place.name for place in layout.places} else None
    if isinstance(node, Index):
        return [layout.card_column(node.place, node.index)]
    if not (isinstance(node, Binary) and node.op == "+"):
        return None
    left, right = _card_columns(node.left, layout), _card_columns(node.right, layout)
    return None if left is None or right is None else left + right


def _sees_rest_only_in_poker5(node: Node, rest: set[str], layout: Layout) -> bool:
    """Whether ``node`` names the places of ``rest`` only inside ``poker5`` of every card."""
    if isinstance(node, Call) and node.name == "poker5":
        columns = _card_columns(node.args[0], layout) if len(node.args) == 1 else None
        return columns is not None and sorted(set(columns)) == list(range(layout.cards))
    if isinstance(node, Name) and node.name in rest:
        return False
    if isinstance(node, Index) and node.place in rest:
        return False
    return all(_sees_rest_only_in_poker5(child, rest, layout) for child in children(node))


def held_only(layout: Layout, conditions: Iterable[Node]) -> Slot | None:
    """The set of cards (a slot) a bet sees only through ``poker5`` of every card it looks
    at, when the others are one to three cards (its outcome then depends on those cards and
    the class alone); None when there is none."""
    nodes = list(conditions)
    if not 5 <= layout.cards <= 7:
        return None
    for slot in layout.slots:
        held = layout.cards - slot.size
        if (slot.is_set and 1 <= held <= MOST_HELD
                and all(_sees_rest_only_in_poker5(node, set(slot.places), layout)
                        for node in nodes)):
            return slot
    return None


def count_by_held(layout: Layout, rest: Slot, outcomes: int,
                  classify: Callable[[Deals], IntArray],
                  progress: Callable[[int], None] | None = None) -> Counts:
    """Every deal's outcome, counted through the held cards and the class (see the module):
    ``rest`` is the slot seen only through ``poker5`` (:func:`held_only`); ``progress`` is told
    how many of the C(52, cards) sets the kernel has visited, as it goes."""
    size, columns = layout.cards, layout.slot_columns()
    where = layout.slots.index(rest)
    others = [slot for at, slot in enumerate(layout.slots) if at != where]
    held = size - rest.size
    from edge.bets import _kernels  # compiled: a tree not yet built still counts other files
    tallies = None
    for lowest in range(52):                 # the sets whose lowest card is ``lowest``
        tallies = _kernels.class_counts_by_held(size, held, lowest, lowest + 1, tallies)
        if progress is not None:
            progress(math.comb(51 - lowest, size - 1))
    assert tallies is not None
    per_class, first = tallies
    # every deal of the held cards (distinct cards, in their slots' order), and its subset index
    dealt = np.concatenate([rows for rows, _ in deal_rows(others, 1)])
    ordered = np.sort(dealt, axis=1)
    index = sum(np.asarray([math.comb(card, j + 1) for card in range(52)],
                           dtype=np.int64)[ordered[:, j]] for j in range(held))
    which, klass = np.nonzero(per_class[index] > 0)
    weights = per_class[index[which], klass]
    # one real deal of each (held cards, class): the first set the kernel found, less them
    masks = first[index[which], klass]
    bits = ((masks[:, None] >> np.arange(52, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    bits[np.arange(len(which))[:, None], dealt[which]] = False
    rows = np.zeros((len(which), size), dtype=np.int64)
    rows[:, list(columns[where])] = np.nonzero(bits)[1].reshape(len(which), rest.size)
    other_columns = [column for at in range(len(layout.slots)) if at != where
                     for column in columns[at]]
    rows[:, other_columns] = dealt[which]
    outcome = classify(Deals(rows))
    counts = [int(weights[outcome == i].sum()) for i in range(outcomes + 1)]
    found = [tuple(int(face) for face in rows[int(np.argmax(outcome == i))])
             if counts[i] else None for i in range(outcomes + 1)]
    total = sum(counts)
    if total != cycle_size(layout.slots, 1):
        raise AssertionError(f"the held cards and classes count {total} deals, not "
                             f"{cycle_size(layout.slots, 1)}")
    return Counts(tuple(counts), tuple(found), total)


# --- the joker: the class route with Pai Gow Poker's 53 cards ----------------------------------
# A file with the joker that looks at one set of 5 to 7 cards, all it looks at (Fortune Pai
# Gow's seven), is counted by cells: whether the set holds the joker, its best-five class by
# the joker's rule (10 five aces .. 0 high card) and the most of its cards sharing a rank (the
# joker an ace). The kernel (:func:`edge.bets._kernels.joker_classes`) visits every set once and
# counts it in its cell. A cell's outcome is read from the conditions themselves where what
# they say of the whole set is fixed by the cell (``poker5(g) >= flush``, ``jokers(g) == 0``,
# ``most_of_a_rank(g) >= 3``; ``same_suit(g)`` is false below a flush, ``consecutive(g)``
# below a straight, both together below a straight flush); where it is not (a ``count`` of
# some rank and suit), the kernel writes out the cell's sets and the conditions settle each.
JOKER_CELLS = (2, 11, 6)          # joker or not, class, most of a rank (index 1 to 5)
_UNDECIDED = -1


def joker_set(layout: Layout) -> bool:
    """Whether a joker file's cards looked at are one set of 5 to 7 cards (its class route)."""
    return len(layout.slots) == 1 and layout.slots[0].is_set and 5 <= layout.cards <= 7


def _of_all(node: Node, word: str, layout: Layout) -> bool:
    """Whether ``node`` is ``word(g)`` of every card looked at."""
    if not (isinstance(node, Call) and node.name == word and len(node.args) == 1):
        return False
    columns = _card_columns(node.args[0], layout)
    return columns is not None and sorted(columns) == list(range(layout.cards))


def _bounds(node: Node, cell: tuple[int, int, int], layout: Layout) -> int | None:
    """The number ``node`` is in every set of the cell, when the cell fixes it."""
    joker, _, most = cell
    if isinstance(node, Number):
        return node.value
    if _of_all(node, "jokers", layout):
        return joker
    if _of_all(node, "most_of_a_rank", layout):
        return most
    if isinstance(node, Binary) and node.op in ("+", "-"):
        left, right = _bounds(node.left, cell, layout), _bounds(node.right, cell, layout)
        if left is None or right is None:
            return None
        return left + right if node.op == "+" else left - right
    return None


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


def _class_code(node: Node) -> int | None:
    from edge.bets.compile import POKER5
    if isinstance(node, Name) and node.name in POKER5:
        return len(POKER5) - 1 - POKER5.index(node.name)
    return None


def _known(node: Node, cell: tuple[int, int, int], layout: Layout) -> bool | None:
    """Whether the condition holds for every set of the cell (True), for none (False), or
    for some only, or it cannot tell (None)."""
    _, klass, _ = cell
    if isinstance(node, Boolean):
        return node.value
    if isinstance(node, Not):
        inner = _known(node.item, cell, layout)
        return None if inner is None else not inner
    if isinstance(node, Logic):
        found = [_known(item, cell, layout) for item in node.items]
        if node.op == "or":
            return True if True in found else False if all(v is False for v in found) else None
        if False in found:
            return False
        if all(v is True for v in found):
            return True
        both = (any(_of_all(item, "same_suit", layout) for item in node.items)
                and any(_of_all(item, "consecutive", layout) for item in node.items))
        return False if both and klass not in (8, 9) else None
    if _of_all(node, "same_suit", layout):
        return False if klass not in (5, 8, 9) else None
    if _of_all(node, "consecutive", layout):
        return False if klass not in (4, 5, 8, 9) else None
    if isinstance(node, Binary) and node.op in _COMPARE:
        compare = _COMPARE[node.op]
        for hand, name, flip in ((node.left, node.right, False), (node.right, node.left, True)):
            code = _class_code(name)
            if _of_all(hand, "poker5", layout) and code is not None:
                return bool(compare(code, klass) if flip else compare(klass, code))
        left, right = _bounds(node.left, cell, layout), _bounds(node.right, cell, layout)
        if left is not None and right is not None:
            return bool(compare(left, right))
    return None


def joker_outcomes(layout: Layout, conditions: Sequence[Node],
                   exclusive: bool = False) -> npt.NDArray[np.int64]:
    """For each cell, the outcome the conditions give every set of it (the last index: none,
    the wager loses), or -1 where the sets of the cell must be settled one by one. With
    ``exclusive`` outcomes a cell is read only when every condition is (so that each set of a
    cell where two might hold is settled, and the overlap found)."""
    decided = np.full(JOKER_CELLS, _UNDECIDED, dtype=np.int64)
    for cell in itertools.product(*(range(n) for n in JOKER_CELLS)):
        known = [_known(node, (cell[0], cell[1], cell[2]), layout) for node in conditions]
        if exclusive and None in known:
            continue
        for index, holds in enumerate(known):
            if holds is None:
                break
            if holds:
                decided[cell] = index
                break
        else:
            decided[cell] = len(conditions)
    return decided


def _cards_of(mask: int) -> tuple[int, ...]:
    return tuple(card for card in range(53) if mask >> card & 1)


def count_with_joker(layout: Layout, conditions: Sequence[Node], outcomes: int,
                     classify: Callable[[Deals], IntArray],
                     progress: Callable[[int], None] | None = None,
                     exclusive: bool = False) -> Counts:
    """Every set of the 53 cards counted by cells (see above); ``progress`` is told the sets
    visited, as the kernel goes; ``exclusive``: as :func:`joker_outcomes`."""
    from edge.bets import _kernels
    size = layout.cards
    decided = joker_outcomes(layout, conditions, exclusive)
    wanted = decided == _UNDECIDED
    counts = [0] * (outcomes + 1)
    found: list[tuple[int, ...] | None] = [None] * (outcomes + 1)
    cells = np.zeros(JOKER_CELLS, dtype=np.int64)
    firsts = np.zeros(JOKER_CELLS, dtype=np.uint64)
    for lowest in range(53):               # the sets whose lowest card is ``lowest``
        tally, first, hands = _kernels.joker_classes(size, lowest, lowest + 1, wanted)
        firsts = np.where(cells == 0, first, firsts)
        cells += tally
        for start in range(0, len(hands), 1 << 20):
            rows = hands[start:start + (1 << 20)].astype(np.int64)
            index = classify(Deals(rows))
            for i in np.flatnonzero(np.bincount(index, minlength=outcomes + 1)).tolist():
                counts[i] += int((index == i).sum())
                if found[i] is None:
                    found[i] = tuple(int(card) for card in rows[int(np.argmax(index == i))])
        if progress is not None:
            progress(math.comb(52 - lowest, size - 1))
    shown = [cell for cell in itertools.product(*(range(n) for n in JOKER_CELLS))
             if not wanted[cell] and cells[cell]]
    examples = np.array([_cards_of(int(firsts[cell])) for cell in shown], dtype=np.int64)
    if shown:
        # the reading of the cells, checked: each one's first set, settled by the conditions
        settled = classify(Deals(examples.reshape(len(shown), size)))
        for row, cell in enumerate(shown):
            outcome = int(decided[cell])
            if int(settled[row]) != outcome:
                raise AssertionError(f"the cell {cell} reads as outcome {outcome}, but its "
                                     f"set {examples[row].tolist()} settles as {settled[row]}")
            counts[outcome] += int(cells[cell])
            if found[outcome] is None:
                found[outcome] = tuple(int(card) for card in examples[row])
    total = sum(counts)
    if total != math.comb(53, size):
        raise AssertionError(f"the cells count {total} sets, not C(53, {size})")
    return Counts(tuple(counts), tuple(found), total)
