"""The fast way for a showdown of two hands (three cards against three, say).

When the cards looked at are two sets (``player`` and ``dealer``, each looked at only as a
whole), and every word of every condition looks at one of the two sets whole
(``hand3(player) > hand3(dealer)``, ``high_rank(dealer) < Q``), a deal's outcome depends only
on each hand's *signature*: the values of the words that look at it. The enumeration then goes
by signatures instead of deals:

1. every hand of faces of each set (every k-multiset of the 52 faces the shoe can deal) gets
   its signature, evaluated by the file's own compiled words; hands are grouped by signature;
2. the pairs of physical hands that share no physical card, one from each group, are counted
   by inclusion and exclusion over the cards they share: with ``M_s[S, i]`` the number of
   physical hands of the first set's group i holding a given set of s physical cards with
   faces S (``prod over faces of C(decks - s_f, p_f - s_f)`` for each hand of faces p), ``N_s``
   the same for the second set, and ``w(S) = prod over faces of C(decks, s_f)`` the physical
   sets with faces S, the pairs of groups i and j number
   ``sum over s of (-1)^s sum over S of w(S) M_s[S, i] N_s[S, j]``, a matrix product for each
   s (exact in float64: :func:`worth_it` keeps every sum below 2^52);
3. each pair of groups is settled once by the file's conditions, on a hand of each.

Three cards against three (407,170,400 deals from one deck) take about a second instead of
minutes; the counts are the same integers as the deal-by-deal enumeration's (the tests compare
the routes, and both with plain enumerations).

Nine cards, two holdings of two over a shared board of five (:func:`board_showdown`,
:func:`count_board_showdown`: hold'em's showdown, 2,781,381,002,400 deals from one deck), or a
board of three or four, are beyond both ways; when every word is ``hand5`` or ``poker5`` of a
holding with the board, a deal's outcome depends only on the two hands' classes and which is
higher, and the compiled kernel :mod:`edge.bets._showdown` counts the deals of each (class,
class, comparison) board by board; the file's conditions settle one real deal of each.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from edge import _core
from edge.bets.compile import FUNCTIONS, Deals, Rules, compile_value
from edge.bets.enumeration import Counts, cycle_size, rows_to_deal
from edge.bets.language import Call, Index, Name, Node, children
from edge.bets.layout import Layout
from edge.deal import combinations, multisets, shoe_weights

IntArray = npt.NDArray[np.int64]


def _calls(node: Node, places: set[str], found: list[Call]) -> bool:
    """Collect the word calls of ``node``; False when a place is looked at outside a word."""
    if isinstance(node, Call) and node.name in FUNCTIONS:
        found.append(node)
        return all(_no_place(arg, places) for arg in node.args[1:])
    if isinstance(node, Index) or (isinstance(node, Name) and node.name in places):
        return False
    return all(_calls(child, places, found) for child in children(node))


def _no_place(node: Node, places: set[str]) -> bool:
    if isinstance(node, Index) or (isinstance(node, Name) and node.name in places):
        return False
    return all(_no_place(child, places) for child in children(node))


def two_hands(layout: Layout, conditions: Iterable[Node], rules: Rules, decks: int
              ) -> list[tuple[int, Call]] | None:
    """The word calls of the conditions, each with the set (0 or 1) it looks at whole, when
    the file is a showdown of two sets as the module describes and counting it so is worth
    it at ``decks`` decks (:func:`worth_it`); else None."""
    slots = layout.slots
    if len(slots) != 2 or not all(slot.is_set for slot in slots):
        return None
    if not worth_it(layout, decks):
        return None
    places = {place.name for place in layout.places}
    calls: list[Call] = []
    if not all(_calls(node, places, calls) for node in conditions):
        return None
    wholes = [tuple(columns) for columns in layout.slot_columns()]
    found = []
    for call in calls:
        columns = compile_value(call.args[0], layout, rules).columns
        if tuple(sorted(columns)) not in wholes:
            return None
        found.append((wholes.index(tuple(sorted(columns))), call))
    return found


# _BINOMIAL[k][n] = C(n, k): colex ranks of multisets of faces (x_1 <= .. <= x_k is the set
# x_j + j - 1 of 52 + k - 1 items) and the ways to pick copies of a face (n, k at most 8)
_BINOMIAL = np.array([[math.comb(n, k) for n in range(60)] for k in range(9)], dtype=np.int64)
# the deal-by-deal enumeration is kept below this many rows (it is fast there, and its worked
# examples are the first deals in order)
FEWEST_ROWS = 1 << 22
# the counts go through float64 matrix products: exact while every sum stays below 2^53
_MOST_EXACT = 1 << 52


def worth_it(layout: Layout, decks: int) -> bool:
    """Whether to count by the hands' signatures at ``decks`` decks: the deal-by-deal
    enumeration would be large, and every sum stays exact in float64."""
    a, b = (slot.size for slot in layout.slots)
    # the term of the sets of s shared cards sums C(shared, s) over every pair of hands
    shared = min(a, b)
    bound = math.comb(52 * decks, a) * math.comb(52 * decks, b) * math.comb(shared, shared // 2)
    return rows_to_deal(layout.slots, decks) >= FEWEST_ROWS and bound < _MOST_EXACT


def _sub_multisets(hands: IntArray, size: int, decks: int
                   ) -> tuple[IntArray, IntArray, IntArray]:
    """Each sub-multiset of ``size`` faces of each hand (rows of non-decreasing faces), once:
    the hand's row, the sub-multiset's colex rank, and the number of physical hands of that
    hand's faces that hold one given set of physical cards with those faces."""
    rows, ranks, ways = [], [], []
    width = hands.shape[1]
    for chosen in itertools.combinations(range(width), size):
        keep = np.ones(len(hands), dtype=np.bool_)
        for column in chosen:                  # of equal faces, the first ones are chosen
            if column > 0 and column - 1 not in chosen:
                keep &= hands[:, column] != hands[:, column - 1]
        picked = hands[keep][:, list(chosen)]
        rank = np.zeros(len(picked), dtype=np.int64)
        for k in range(size):
            rank += _BINOMIAL[k + 1][picked[:, k] + k]
        whole = hands[keep]
        count = np.ones(len(whole), dtype=np.int64)
        for column in range(width):
            face = whole[:, column:column + 1]
            first = (whole[:, :column] != face).all(axis=1)
            held = (whole == face).sum(axis=1)
            taken = (picked == face).sum(axis=1)
            count *= np.where(first, _BINOMIAL[held - taken, decks - taken], 1)
        rows.append(np.flatnonzero(keep))
        ranks.append(rank)
        ways.append(count)
    return np.concatenate(rows), np.concatenate(ranks), np.concatenate(ways)


def _containing(hands: IntArray, groups: IntArray, count: int, size: int,
                decks: int) -> npt.NDArray[np.float64]:
    """``M[S, g]``: how many physical hands of group g hold one given set of ``size`` physical
    cards whose faces are the multiset S (S by colex rank)."""
    rows, ranks, ways = _sub_multisets(hands, size, decks)
    total = math.comb(52 + size - 1, size)
    found = np.bincount(ranks * count + groups[rows], weights=ways.astype(np.float64),
                        minlength=total * count)
    return np.asarray(found, dtype=np.float64).reshape(total, count)


def _multiset_weights(size: int, decks: int) -> npt.NDArray[np.float64]:
    """For each multiset of ``size`` faces (by colex rank), the physical sets with those
    faces: the product over its faces of C(decks, copies)."""
    faces = np.concatenate(list(multisets(52, size)))
    rank = np.zeros(len(faces), dtype=np.int64)
    for k in range(size):
        rank += _BINOMIAL[k + 1][faces[:, k] + k]
    weights = np.zeros(math.comb(52 + size - 1, size), dtype=np.float64)
    weights[rank] = shoe_weights(faces, decks)
    return weights


def _signatures(layout: Layout, rules: Rules, calls: list[Call], slot: int, decks: int
                ) -> tuple[IntArray, IntArray, IntArray]:
    """Every hand of faces the shoe can deal to the set ``slot``, its group, and one hand per
    group."""
    size = layout.slots[slot].size
    hands = np.concatenate(list(combinations(52, size) if decks == 1
                                else multisets(52, size)))
    hands = hands[shoe_weights(hands, decks) > 0]
    columns = layout.slot_columns()[slot]
    rows = np.zeros((len(hands), layout.cards), dtype=np.int64)
    for other in layout.slot_columns():
        rows[:, other] = np.arange(len(other))              # distinct filler cards
    rows[:, columns] = hands
    deals = Deals(rows)
    values = [np.broadcast_to(np.asarray(compile_value(call, layout, rules).run(deals),
                                         dtype=np.int64), (len(hands),))
              for call in calls]
    table = np.stack(values, axis=1) if values else np.zeros((len(hands), 1), np.int64)
    _, first, groups = np.unique(table, axis=0, return_index=True, return_inverse=True)
    return hands, groups.ravel(), hands[first]


def count_two_hands(layout: Layout, rules: Rules, calls: list[tuple[int, Call]],
                    decks: int, outcomes: int, classify: Callable[[Deals], IntArray]
                    ) -> Counts:
    """Every deal's outcome, counted by the hands' signatures (see the module)."""
    found = [_signatures(layout, rules, [c for s, c in calls if s == slot], slot, decks)
             for slot in (0, 1)]
    (hands_a, groups_a, first_a), (hands_b, groups_b, first_b) = found
    count_a, count_b = len(first_a), len(first_b)
    pairs = np.zeros((count_a, count_b), dtype=np.float64)
    for size in range(min(hands_a.shape[1], hands_b.shape[1]) + 1):
        sign = -1.0 if size % 2 else 1.0
        held_b = _containing(hands_b, groups_b, count_b, size, decks)
        held_b *= _multiset_weights(size, decks)[:, None]
        if size == hands_a.shape[1]:
            # each hand of A is its only sub-multiset of this size: add B's rows hand by hand
            order = np.argsort(groups_a, kind="stable")
            starts = np.searchsorted(groups_a[order], np.arange(count_a))
            _, ranks, _ = _sub_multisets(hands_a[order], size, decks)
            pairs += sign * np.add.reduceat(held_b[ranks], starts, axis=0)
        else:
            pairs += sign * (_containing(hands_a, groups_a, count_a, size, decks).T @ held_b)
    joint = np.rint(pairs).astype(np.int64)
    i, j = np.nonzero(joint)
    rows = _deals_of_pairs(layout, (hands_a, groups_a, i), (hands_b, groups_b, j), decks)
    index = classify(Deals(rows))
    weights = joint[i, j]
    counts = [int(weights[index == k].sum()) for k in range(outcomes + 1)]
    total = sum(counts)
    if total != cycle_size(layout.slots, decks):
        raise AssertionError(f"the pairs of hands count {total} deals, not "
                             f"{cycle_size(layout.slots, decks)}")
    examples: list[tuple[int, ...] | None] = []
    dealt = _fits(rows, decks)
    for k in range(outcomes + 1):
        at = np.flatnonzero(index == k)
        if len(at) == 0:
            examples.append(None)
        elif dealt[at].any():
            examples.append(tuple(int(card) for card in rows[at[np.argmax(dealt[at])]]))
        else:
            examples.append(_example(hands_a[groups_a == i[at[0]]],
                                     hands_b[groups_b == j[at[0]]], decks))
    return Counts(tuple(counts), tuple(examples), total)


def _fits(rows: IntArray, decks: int) -> npt.NDArray[np.bool_]:
    """Whether the shoe holds every row's cards (no face more often than ``decks``)."""
    fits = np.ones(len(rows), dtype=np.bool_)
    for column in range(rows.shape[1]):
        fits &= (rows == rows[:, column:column + 1]).sum(axis=1) <= decks
    return fits


def _deals_of_pairs(layout: Layout, first: tuple[IntArray, IntArray, IntArray],
                    second: tuple[IntArray, IntArray, IntArray], decks: int,
                    tries: int = 8) -> IntArray:
    """A row of cards for each pair of groups (``first[2]``, ``second[2]``): a hand of each,
    among the first few of its group, that the shoe can deal together when such are found
    (the words look at each hand alone, so any hand of a group settles the pair the same;
    a real deal is what an error or a worked example shows)."""
    columns = layout.slot_columns()
    rows = np.zeros((len(first[2]), layout.cards), dtype=np.int64)
    picks = []
    for hands, groups, chosen in (first, second):
        order = np.argsort(groups, kind="stable")
        starts = np.searchsorted(groups[order], np.arange(int(groups.max()) + 1))
        sizes = np.diff(np.append(starts, len(groups)))
        picks.append((hands[order], starts[chosen], sizes[chosen]))
    undealt = np.ones(len(rows), dtype=np.bool_)
    random = np.random.default_rng(0)
    for try_a, try_b in itertools.product(range(tries), repeat=2):
        at = np.flatnonzero(undealt)
        if len(at) == 0:
            break
        for (hands, start, size), place, step in zip(picks, columns, (try_a, try_b),
                                                     strict=True):
            # the first hand of each group, then hands drawn at random (a fixed seed)
            drawn = random.integers(size[at]) if step else np.zeros(len(at), dtype=np.int64)
            rows[at[:, None], np.array(place)[None, :]] = hands[start[at] + drawn]
        undealt[at] = ~_fits(rows[at], decks)
    return rows


def _example(hands_a: IntArray, hands_b: IntArray, decks: int) -> tuple[int, ...]:
    """A deal of two hands, one of each group, that the shoe can deal (the first found)."""
    for hand in hands_a[:256]:
        held = np.bincount(hand, minlength=52)
        fits = np.ones(len(hands_b), dtype=np.bool_)
        for column in range(hands_b.shape[1]):
            face = hands_b[:, column:column + 1]
            fits &= held[face[:, 0]] + (hands_b == face).sum(axis=1) <= decks
        if fits.any():
            return tuple(int(card) for card in (*hand, *hands_b[int(np.argmax(fits))]))
    raise AssertionError("no deal of two hands in two groups that have one")


# --- two holdings over a shared board, up to nine cards from one deck ------------------------
# the cards of each holding and of the board the compiled kernel counts
HOLDING, FEWEST_SHARED, MOST_SHARED = 2, 3, 5
BOARD_SHOWDOWN_CARDS = MOST_SHARED + 2 * HOLDING
# the strength of a royal flush (As Ks Qs Js Ts), the one straight flush of class 9
_ROYAL_FLUSH = int(_core.evaluate_cards([51, 47, 43, 39, 35]))
# the words the kernel reads: a best five in full (hand5) or its class (poker5)
BOARD_WORDS = ("hand5", "poker5")


@dataclass(frozen=True)
class BoardShowdown:
    """A file the board-showdown kernel counts: the slots (by index) of the shared board and
    of the two holdings, each holding read only as the best five of it with the board."""

    board: int
    first: int
    second: int


def board_showdown(layout: Layout, conditions: Iterable[Node], rules: Rules
                   ) -> BoardShowdown | None:
    """The file's shape when every word of every condition is ``hand5`` or ``poker5`` of one
    2-card place (or places) with a shared board of 3 to 5 cards, both holdings read so, and
    the places looked at only inside those words (``hand5(player + board) > hand5(dealer +
    board)``, ``poker5(player + board) >= three-of-a-kind``); else None."""
    slots = layout.slots
    if rules.jokers or len(slots) != 3 or not all(slot.is_set for slot in slots):
        return None              # the kernel deals the 52 cards, no joker
    sizes = [slot.size for slot in slots]
    shared = max(sizes)
    if sorted(sizes) != [HOLDING, HOLDING, shared] or not (
            FEWEST_SHARED <= shared <= MOST_SHARED):
        return None
    board = sizes.index(shared)
    first, second = (at for at in range(3) if at != board)
    places = {place.name for place in layout.places}
    calls: list[Call] = []
    if not all(_calls(node, places, calls) for node in conditions):
        return None
    columns = layout.slot_columns()
    wanted = {frozenset([*columns[board], *columns[hole]]): hole for hole in (first, second)}
    seen = set()
    for call in calls:
        if call.name not in BOARD_WORDS or len(call.args) != 1:
            return None
        looked = frozenset(compile_value(call.args[0], layout, rules).columns)
        if looked not in wanted:
            return None
        seen.add(wanted[looked])
    return BoardShowdown(board, first, second) if seen == {first, second} else None


def _second_holding(deck: Sequence[int], board: list[int], first: list[int], klass: int,
                    comparison: int) -> list[int]:
    """A holding of two cards of ``deck`` left by the board and ``first`` whose best five
    with the board is of class ``klass`` and compares ``comparison`` with ``first``'s (the
    kernel's codes: 0 the first is lower, 1 equal, 2 higher)."""
    left = [card for card in deck if card not in board and card not in first]
    pairs = np.array(list(itertools.combinations(left, 2)), dtype=np.int64)
    hands = np.concatenate([np.tile(np.array(board, dtype=np.int64), (len(pairs), 1)), pairs],
                           axis=1)
    strengths = np.asarray(_core.evaluate_many(hands), dtype=np.int64)
    classes = np.where(strengths >= _ROYAL_FLUSH, 9, strengths >> 26)     # as poker5 reads them
    mine = int(_core.evaluate_cards([*board, *first]))
    comparisons = np.sign(mine - strengths) + 1
    found = np.flatnonzero((classes == klass) & (comparisons == comparison))
    if len(found) == 0:
        raise AssertionError(f"no second holding of class {klass} comparing {comparison} "
                             f"with {first} on {board}")
    return [int(card) for card in pairs[found[0]]]


def count_board_showdown(layout: Layout, shape: BoardShowdown, outcomes: int,
                         classify: Callable[[Deals], IntArray], threads: int = 1,
                         progress: Callable[[int], None] | None = None,
                         ranks: Sequence[int] | None = None) -> Counts:
    """Every deal's outcome, counted by the board-showdown kernel
    (:mod:`edge.bets._showdown`): the deals by (first holding's class, second's class,
    comparison), each of those settled once by the file's conditions on a real deal of it.
    The boards are shared out by their lowest card among ``threads`` threads (the kernel
    runs without the GIL); ``progress`` is told how many boards each part covered. ``ranks``
    (for tests): a deck of those ranks only, in four suits, instead of 52 cards."""
    from edge.bets import _showdown  # compiled: a tree not yet built still counts other files

    deck = [rank * 4 + suit for rank in (range(13) if ranks is None else sorted(ranks))
            for suit in range(4)]
    shared = layout.slots[shape.board].size

    def part(lowest: int) -> tuple[IntArray, npt.NDArray[np.intc]]:
        found: tuple[IntArray, npt.NDArray[np.intc]] = _showdown.showdown_counts(
            ranks, start=lowest, stop=lowest + 1, board_cards=shared)
        return found

    lowest_cards = range(len(deck) - shared + 1)
    parts = []
    with ThreadPoolExecutor(max(1, threads)) as pool:
        for lowest, found in zip(lowest_cards, pool.map(part, lowest_cards), strict=True):
            parts.append(found)
            if progress is not None:
                progress(math.comb(len(deck) - 1 - lowest, shared - 1))
    cells = np.sum([counts for counts, _ in parts], axis=0)
    columns = layout.slot_columns()
    which = list(zip(*np.nonzero(cells), strict=True))
    rows = np.zeros((len(which), layout.cards), dtype=np.int64)
    for at, (klass, other, comparison) in enumerate(which):
        example = next(found[klass, other, comparison] for _, found in parts
                       if found[klass, other, comparison, 0] >= 0)
        board, first = [int(c) for c in example[:shared]], [int(c) for c in example[shared:]]
        second = _second_holding(deck, board, first, int(other), int(comparison))
        rows[at, list(columns[shape.board])] = board
        rows[at, list(columns[shape.first])] = first
        rows[at, list(columns[shape.second])] = second
    outcome = classify(Deals(rows))
    weights = np.array([int(cells[cell]) for cell in which], dtype=np.int64)
    counts = [int(weights[outcome == i].sum()) for i in range(outcomes + 1)]
    examples = [tuple(int(card) for card in rows[int(np.argmax(outcome == i))])
                if counts[i] else None for i in range(outcomes + 1)]
    total = sum(counts)
    size = len(deck)
    deals = (math.comb(size, shared) * math.comb(size - shared, HOLDING)
             * math.comb(size - shared - HOLDING, HOLDING))
    if total != deals:
        raise AssertionError(f"the board showdown counts {total} deals, not {deals}")
    return Counts(tuple(counts), tuple(examples), total)
