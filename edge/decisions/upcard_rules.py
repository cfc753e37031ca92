"""Short rules for a decision made with the dealer's card face up (Caribbean Stud's raise or
fold): the features of every state, the player's hand class and the dealer's up card.

Besides the features of :mod:`edge.decisions.rules` read on the player's hand (``made``,
``pair``, ``high``, ``suited``, ``lowest``, ``hands``), a rule may read:

- ``at_least``: the player's five-card poker hand is this one or better (``pair``: a pair or
  better, a straight and a flush included);
- ``top``: the hand's highest cards are of these ranks, high first (``A-K``: an ace, then a
  king, the highest two cards);
- ``up``: the dealer's card face up ranks in this range (``2-Q``);
- ``matched``: the dealer's card is (``true``) or is not (``false``) of a rank the player holds;
- ``up_below``: the dealer's card ranks below the player's n-th highest card.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.decisions.rules import (
    POKER,
    ClassKey,
    Condition,
    DecisionRules,
    hand_class,
)
from edge.decisions.solve import DECK
from edge.decisions.upcard import up_cards, upcard_hands

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
# the features a rule may read with the dealer's card face up (within, outs and in_play: not)
UP_KEYS = ("action", "made", "pair", "high", "suited", "lowest", "hands", "at_least", "top",
           "up", "matched", "up_below")


def poker_category(hands: IntArray) -> IntArray:
    """Each five-card hand's category, an index into :data:`POKER` (cards: rank * 4 + suit)."""
    ranks, suits = hands >> 2, hands & 3
    counts = np.zeros((len(hands), 13), dtype=np.int64)
    np.add.at(counts, (np.arange(len(hands))[:, None], ranks), 1)
    shape = -np.sort(-counts, axis=1)
    flush = (suits == suits[:, :1]).all(axis=1)
    present = counts > 0
    wheel = present[:, [12, 0, 1, 2, 3]].all(axis=1)
    runs = np.zeros(len(hands), dtype=bool)
    for low in range(9):
        runs |= present[:, low:low + 5].all(axis=1)
    straight = (runs | wheel) & (shape[:, 0] == 1)
    royal = straight & present[:, 12] & present[:, 8]
    found = np.select(
        [straight & flush & royal, straight & flush, shape[:, 0] == 4,
         (shape[:, 0] == 3) & (shape[:, 1] == 2), flush, straight, shape[:, 0] == 3,
         (shape[:, 0] == 2) & (shape[:, 1] == 2), shape[:, 0] == 2],
        [9, 8, 7, 6, 5, 4, 3, 2, 1], 0)
    return np.asarray(found, dtype=np.int64)


@dataclass(frozen=True)
class UpFeatures:
    """The features of every state of an up-card decision: per hand class (arrays over the
    classes of :func:`~edge.decisions.upcard.upcard_hands`) and per state ([class, j])."""

    hands: IntArray          # [class, card], cards increasing
    up: IntArray             # [class, j]: the dealer's card face up
    counts: IntArray         # [class, rank]: cards of each rank
    category: IntArray       # index into POKER
    descending: IntArray     # [class, i]: the (i + 1)-th highest card's rank

    @functools.cached_property
    def keys(self) -> tuple[ClassKey, ...]:
        """Each class in the words of :func:`~edge.decisions.rules.class_name`."""
        return tuple(hand_class(row) for row in self.hands.tolist())

    @functools.cached_property
    def up_rank(self) -> IntArray:
        """[class, j]: the rank of the dealer's card face up."""
        return self.up >> 2

    def cells(self, of_class: BoolArray) -> BoolArray:
        """A condition on the hand alone, at every state."""
        return np.broadcast_to(of_class[:, None], self.up.shape)


@functools.lru_cache(maxsize=2)
def up_features(deck: int = DECK, n: int = 5) -> UpFeatures:
    """The features of every state (the top ``deck`` cards, hands of ``n``)."""
    hands = upcard_hands(deck, n)
    counts = np.zeros((len(hands), 13), dtype=np.int64)
    np.add.at(counts, (np.arange(len(hands))[:, None], hands >> 2), 1)
    category = (poker_category(hands) if n == 5 else
                np.zeros(len(hands), dtype=np.int64))
    descending = -np.sort(-(hands >> 2), axis=1)
    return UpFeatures(hands, up_cards(hands, deck), counts, category, descending)


def _hand_holds(condition: Condition, f: UpFeatures) -> BoolArray:
    """Where the conditions on the hand alone hold, per class."""
    n = f.hands.shape[1]
    ok = np.ones(len(f.hands), dtype=bool)
    most = f.counts.max(axis=1)
    if condition.made is not None:
        pairs = (f.counts >= 2).sum(axis=1)
        made = np.where(most >= 3, most, np.where(pairs >= 2, 2, np.where(pairs == 1, 1, 0)))
        ok &= made == ("high-card", "pair", "two-pair", "three-of-a-kind",
                       "four-of-a-kind").index(condition.made)
    if condition.pair_from is not None or condition.pair_to is not None:
        paired = np.where(f.counts >= 2, np.arange(13), -1).max(axis=1)
        ok &= paired >= (condition.pair_from or 0)
        ok &= paired <= (12 if condition.pair_to is None else condition.pair_to)
    for count, rank in condition.high:
        ok &= f.counts[:, rank:].sum(axis=1) >= count
    if condition.suited is not None:
        suits = np.zeros((len(f.hands), 4), dtype=np.int64)
        np.add.at(suits, (np.arange(len(f.hands))[:, None], f.hands & 3), 1)
        ok &= suits.max(axis=1) >= condition.suited
    if condition.lowest is not None:
        ok &= f.descending[:, n - 1] >= condition.lowest
    if condition.hands:
        ok &= np.array([key in condition.hands for key in f.keys], dtype=bool)
    if condition.at_least is not None:
        ok &= f.category >= POKER.index(condition.at_least)
    for place, rank in enumerate(condition.top):
        ok &= f.descending[:, place] == rank
    return ok


def up_holds(condition: Condition, f: UpFeatures) -> BoolArray:
    """Where the condition holds: a [class, j] array over the states."""
    ok = f.cells(_hand_holds(condition, f)).copy()
    if condition.up_from is not None or condition.up_to is not None:
        ok &= f.up_rank >= (condition.up_from or 0)
        ok &= f.up_rank <= (12 if condition.up_to is None else condition.up_to)
    if condition.matched is not None:
        held = np.take_along_axis(f.counts, f.up_rank, axis=1) > 0
        ok &= held == condition.matched
    if condition.up_below is not None:
        ok &= f.up_rank < f.descending[:, condition.up_below - 1:condition.up_below]
    if condition.states:
        ok &= state_mask(condition.states, f)
    return ok


def state_key(f: UpFeatures, c: int, j: int) -> tuple[ClassKey, int, int]:
    """A state named up to suits: the hand's class, the up card's rank, and the place in the
    class of the up card's suit (``len(class)``: a suit the hand does not hold)."""
    key = f.keys[c]
    card = int(f.up[c, j])
    held = [int(x) & 3 for x in f.hands[c].tolist()]
    if card & 3 not in held:
        return key, card >> 2, len(key)
    ranks = tuple(sorted((int(x) >> 2 for x in f.hands[c].tolist() if int(x) & 3 == card & 3),
                         reverse=True))
    return key, card >> 2, key.index(ranks)


def state_mask(states: frozenset[tuple[ClassKey, int, int]], f: UpFeatures) -> BoolArray:
    """Where the states named are (a [class, j] array)."""
    mask = np.zeros(f.up.shape, dtype=bool)
    wanted = {key for key, _, _ in states}
    for c, key in enumerate(f.keys):
        if key in wanted:
            for j in range(f.up.shape[1]):
                if state_key(f, c, j) in states:
                    mask[c, j] = True
    return mask


def apply_up_rules(rules: DecisionRules, f: UpFeatures) -> tuple[npt.NDArray[np.int8],
                                                                 IntArray]:
    """The option the rules take at every state, and which rule decided it
    (``len(rules.rules)``: none, the ``otherwise`` option)."""
    action = np.full(f.up.shape, rules.otherwise, dtype=np.int8)
    which = np.full(f.up.shape, len(rules.rules), dtype=np.int64)
    open_ = np.ones(f.up.shape, dtype=bool)
    for number, rule in enumerate(rules.rules):
        hit = up_holds(rule.when, f) & open_
        action[hit] = rule.action
        which[hit] = number
        open_ &= ~hit
    return action, which


def deck_of(choices: npt.NDArray[np.integer[Any]], cards: int) -> int:
    """The deck of a solve's choices ([class, j]: j runs over the cards not in the hand)."""
    return int(choices.shape[1]) + cards
