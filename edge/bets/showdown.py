"""The fast way for a showdown of two hands from one deck (three cards against three, say).

When the cards looked at are two sets (``player`` and ``dealer``, each looked at only as a
whole) dealt from one deck, and every word of every condition looks at one of the two sets
whole (``hand3(player) > hand3(dealer)``, ``high_rank(dealer) < Q``), a deal's outcome depends
only on each hand's *signature*: the values of the words that look at it. The enumeration then
goes by signatures instead of deals:

1. every hand of each set (every k-subset of the deck) gets its signature, evaluated by the
   file's own compiled words, and the hands are grouped by signature;
2. the disjoint pairs of hands, one from each group, are counted by inclusion and exclusion
   over the cards the two hands share: with ``M_s[S, i]`` the number of the first set's hands
   of group i holding the s cards S (and ``N_s`` the same for the second set), the disjoint
   pairs of groups i and j number ``sum over s of (-1)^s sum over S of M_s[S, i] N_s[S, j]``,
   a matrix product for each s (exact in float64: every sum is far below 2^53);
3. each pair of groups is settled once by the file's conditions, on a hand of each.

Three cards against three (407,170,400 deals) take about a second instead of minutes; the
counts are the same integers as the deal-by-deal enumeration's (a test compares the routes).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

import numpy as np
import numpy.typing as npt

from edge.bets.compile import FUNCTIONS, Deals, Rules, compile_value
from edge.bets.enumeration import Counts, cycle_size
from edge.bets.language import Call, Index, Name, Node, children
from edge.bets.layout import Layout
from edge.deal import combinations

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


def two_hands(layout: Layout, conditions: Iterable[Node], rules: Rules
              ) -> list[tuple[int, Call]] | None:
    """The word calls of the conditions, each with the set (0 or 1) it looks at whole, when
    the file is a showdown of two sets as the module describes; else None."""
    slots = layout.slots
    if len(slots) != 2 or not all(slot.is_set for slot in slots):
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


def _subset_ranks(hands: IntArray, size: int) -> IntArray:
    """The colex rank of every ``size``-subset of each hand's (increasing) cards: one column
    per subset, one row per hand."""
    columns = []
    for chosen in _index_subsets(hands.shape[1], size):
        rank = np.zeros(len(hands), dtype=np.int64)
        for place, column in enumerate(chosen, 1):
            rank += _BINOMIAL[place][hands[:, column]]
        columns.append(rank)
    return np.stack(columns, axis=1) if columns else np.zeros((len(hands), 0), np.int64)


def _index_subsets(n: int, size: int) -> list[tuple[int, ...]]:
    from itertools import combinations as subsets
    return list(subsets(range(n), size))


# _BINOMIAL[k][c] = C(c, k), for colex ranks of subsets of cards 0..51
_BINOMIAL = np.array([[math.comb(c, k) for c in range(52)] for k in range(8)], dtype=np.int64)


def _containing(hands: IntArray, groups: IntArray, count: int, size: int) -> npt.NDArray[
        np.float64]:
    """``M[S, g]``: how many hands of group g hold the ``size`` cards S (S by colex rank)."""
    ranks = _subset_ranks(hands, size)
    index = (ranks * count + groups[:, None]).ravel()
    rows = math.comb(52, size)
    return np.bincount(index, minlength=rows * count).reshape(rows, count).astype(np.float64)


def _signatures(layout: Layout, rules: Rules, calls: list[Call], slot: int
                ) -> tuple[IntArray, IntArray, IntArray]:
    """Every hand of the set ``slot`` (rows of cards), its group, and one hand per group."""
    size = layout.slots[slot].size
    hands = np.concatenate(list(combinations(52, size)))
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
                    outcomes: int, classify: Callable[[Deals], IntArray]) -> Counts:
    """Every deal's outcome, counted by the hands' signatures (see the module)."""
    found = [_signatures(layout, rules, [c for s, c in calls if s == slot], slot)
             for slot in (0, 1)]
    (hands_a, groups_a, first_a), (hands_b, groups_b, first_b) = found
    count_a, count_b = len(first_a), len(first_b)
    pairs = np.zeros((count_a, count_b), dtype=np.float64)
    for size in range(min(hands_a.shape[1], hands_b.shape[1]) + 1):
        sign = -1.0 if size % 2 else 1.0
        held_b = _containing(hands_b, groups_b, count_b, size)
        if size == hands_a.shape[1]:
            # each hand of A is its only subset of this size: add up B's rows hand by hand
            order = np.argsort(groups_a, kind="stable")
            starts = np.searchsorted(groups_a[order], np.arange(count_a))
            rows = held_b[_subset_ranks(hands_a, size)[order, 0]]
            pairs += sign * np.add.reduceat(rows, starts, axis=0)
        else:
            pairs += sign * (_containing(hands_a, groups_a, count_a, size).T @ held_b)
    joint = np.rint(pairs).astype(np.int64)
    i, j = np.nonzero(joint)
    columns = layout.slot_columns()
    rows = np.zeros((len(i), layout.cards), dtype=np.int64)
    rows[:, columns[0]] = first_a[i]
    rows[:, columns[1]] = first_b[j]
    index = classify(Deals(rows))
    weights = joint[i, j]
    counts = [int(weights[index == k].sum()) for k in range(outcomes + 1)]
    total = sum(counts)
    if total != cycle_size(layout.slots, 1):
        raise AssertionError(f"the pairs of hands count {total} deals, not "
                             f"{cycle_size(layout.slots, 1)}")
    examples: list[tuple[int, ...] | None] = []
    for k in range(outcomes + 1):
        at = np.flatnonzero(index == k)
        examples.append(None if len(at) == 0 else _example(
            hands_a[groups_a == i[at[0]]], hands_b[groups_b == j[at[0]]]))
    return Counts(tuple(counts), tuple(examples), total)


def _example(hands_a: IntArray, hands_b: IntArray) -> tuple[int, ...]:
    """A deal of two disjoint hands, one of each group (the first such pair)."""
    masks_a = (np.int64(1) << hands_a).sum(axis=1)
    masks_b = (np.int64(1) << hands_b).sum(axis=1)
    for at in range(0, len(masks_a), 256):
        apart = (masks_a[at:at + 256, None] & masks_b[None, :]) == 0
        if apart.any():
            a, b = np.argwhere(apart)[0]
            return tuple(int(card) for card in (*hands_a[at + a], *hands_b[b]))
    raise AssertionError("no disjoint pair of hands in two groups that have one")
