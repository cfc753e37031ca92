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
- ``up_below``: the dealer's card ranks below the player's n-th highest card;
- ``up_suited``: exactly this many of the player's cards are of the dealer's card's suit (it
  moves the dealer's chance of a flush).

The same rules are found from the solve (:func:`find_up_rules`): the states alike in every
feature (the hand's category and ranks, the up card's rank, how many of the player's cards
share its suit) are put together, and the rules are searched over those groups; a group the
solve plays two ways (by suits no feature names) is listed state by state.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.decisions.rules import (
    FEWEST_SETTLED,
    MADE,
    POKER,
    ClassKey,
    Condition,
    DecisionRules,
    Rule,
    bits_of,
    hand_class,
    join_conditions,
    option_order,
)
from edge.decisions.solve import DECK, Solution
from edge.decisions.upcard import up_cards, upcard_hands

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
# a found rule names at most this many features; this many candidates are grown at each size
MOST_FEATURES = 4
BEAM = 120
# the features a rule may read with the dealer's card face up (within, outs and in_play: not)
UP_KEYS = ("action", "made", "pair", "high", "suited", "lowest", "hands", "at_least", "top",
           "up", "matched", "up_below", "up_suited")


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
    sizes: IntArray | None = None    # each class's hands

    @functools.cached_property
    def keys(self) -> tuple[ClassKey, ...]:
        """Each class in the words of :func:`~edge.decisions.rules.class_name`."""
        return tuple(hand_class(row) for row in self.hands.tolist())

    @functools.cached_property
    def up_rank(self) -> IntArray:
        """[class, j]: the rank of the dealer's card face up."""
        return self.up >> 2

    @functools.cached_property
    def up_suited(self) -> IntArray:
        """[class, j]: how many of the hand's cards are of the up card's suit."""
        return np.asarray(((self.hands[:, None, :] & 3) == (self.up[:, :, None] & 3)).sum(
            axis=2), dtype=np.int64)

    def cells(self, of_class: BoolArray) -> BoolArray:
        """A condition on the hand alone, at every state."""
        return np.broadcast_to(of_class[:, None], self.up.shape)


@functools.lru_cache(maxsize=2)
def up_features(deck: int = DECK, n: int = 5) -> UpFeatures:
    """The features of every state (the top ``deck`` cards, hands of ``n``)."""
    hands, sizes = upcard_hands(deck, n)
    counts = np.zeros((len(hands), 13), dtype=np.int64)
    np.add.at(counts, (np.arange(len(hands))[:, None], hands >> 2), 1)
    category = (poker_category(hands) if n == 5 else
                np.zeros(len(hands), dtype=np.int64))
    descending = -np.sort(-(hands >> 2), axis=1)
    return UpFeatures(hands, up_cards(hands, deck), counts, category, descending, sizes)


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
    if condition.hands and not condition.states:
        ok &= _named(condition, f)
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
    if condition.up_suited is not None:
        ok &= f.up_suited == condition.up_suited
    if condition.states:        # the hands named, alone or with the dealer's card: either
        ok &= state_mask(condition.states, f) | f.cells(_named(condition, f))
    return ok


def _named(condition: Condition, f: UpFeatures) -> BoolArray:
    """The classes a condition names (``hands``), per class."""
    return np.array([key in condition.hands for key in f.keys], dtype=bool)


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


@dataclass(frozen=True)
class StateGroups:
    """The states put together by their features: each state's group ([class, j]), one state
    of each group (flat index), each group's option (-1: the solve plays it two ways) and its
    features (one state of it, as an :class:`UpFeatures` of one up card per hand)."""

    of_state: IntArray
    label: IntArray
    features: UpFeatures


def state_groups(f: UpFeatures, chosen: npt.NDArray[np.integer[Any]]) -> StateGroups:
    """The states alike in every feature a found rule reads, with the solve's options."""
    key = f.category[:, None] * 1
    for place in range(f.descending.shape[1]):
        key = key * 13 + f.descending[:, place:place + 1]
    key = (key * 13 + f.up_rank) * 8 + f.up_suited
    n = f.hands.shape[1]
    if n < 5:       # no five-card category tells a flush: how many of one suit (suited)
        suits = np.zeros((len(f.hands), 4), dtype=np.int64)
        np.add.at(suits, (np.arange(len(f.hands))[:, None], f.hands & 3), 1)
        key = key * (n + 1) + suits.max(axis=1)[:, None]
    _, first, of_state = np.unique(key.ravel(), return_index=True, return_inverse=True)
    of_state = np.asarray(of_state, dtype=np.int64).reshape(f.up.shape)
    low = np.full(len(first), 127, dtype=np.int64)
    high = np.full(len(first), -1, dtype=np.int64)
    np.minimum.at(low, of_state.ravel(), chosen.ravel().astype(np.int64))
    np.maximum.at(high, of_state.ravel(), chosen.ravel().astype(np.int64))
    c, j = np.divmod(np.asarray(first, dtype=np.int64), f.up.shape[1])
    one = UpFeatures(f.hands[c], f.up[c, j][:, None], f.counts[c], f.category[c],
                     f.descending[c])
    return StateGroups(of_state, np.where(low == high, low, -1), one)


def _atoms(n: int) -> list[Condition]:
    atoms = [Condition(at_least=name) for name in POKER[1:]]
    atoms += [Condition(made=name) for name in MADE]
    atoms += [Condition(top=(rank,)) for rank in range(13)]
    atoms += [Condition(top=(high, low)) for high in range(13) for low in range(high + 1)]
    atoms += [Condition(high=((count, rank),)) for count in range(1, n + 1)
              for rank in range(1, 13)]
    atoms += [Condition(up_from=rank) for rank in range(1, 13)]
    atoms += [Condition(up_to=rank) for rank in range(12)]
    atoms += [Condition(matched=True), Condition(matched=False)]
    atoms += [Condition(up_below=place) for place in range(1, n + 1)]
    atoms += [Condition(up_suited=count) for count in range(n)]
    if n < 5:       # no five-card category to say a flush: how many of one suit
        atoms += [Condition(suited=count) for count in range(2, n + 1)]
    return atoms


def _best_term(atom_bits: list[int], wanted: int, forbidden: int
               ) -> tuple[int, tuple[int, ...], int]:
    """The conjunction of at most MOST_FEATURES atoms that holds on the most groups wanted
    and on none forbidden: grown from each atom, keeping the BEAM best (most wanted less
    forbidden) at each size; (groups settled, atoms, where it holds)."""
    best: tuple[int, tuple[int, ...], int] = (0, (), 0)
    frontier: dict[tuple[int, ...], int] = {(i,): bits for i, bits in enumerate(atom_bits)}
    for size in range(1, MOST_FEATURES + 1):
        scored = []
        for term, bits in frontier.items():
            count = (bits & wanted).bit_count()
            if count <= best[0] or count < FEWEST_SETTLED:
                continue
            wrong = (bits & forbidden).bit_count()
            if not wrong:
                best = (count, term, bits)
            else:
                scored.append((count - wrong, count, term, bits))
        if size == MOST_FEATURES:
            break
        scored.sort(key=lambda item: (-item[0], -item[1]))
        frontier = {}
        for _, _, term, bits in scored[:BEAM]:
            for i, atom in enumerate(atom_bits):
                grown = tuple(sorted({*term, i}))
                if len(grown) > size and grown not in frontier:
                    frontier[grown] = bits & atom
    return best


def find_up_rules(solution: Solution, f: UpFeatures) -> DecisionRules:
    """Short rules that take the solve's option at every state of its one decision (the
    player's hand and the dealer's card face up), option by option from the largest wager
    down: each step the condition of at most MOST_FEATURES features that settles the most
    groups of states of the option still open and none of a later option or played two ways;
    then that option's states left, listed."""
    chosen = solution.choices[0]
    groups = state_groups(f, chosen)
    atoms = _atoms(f.hands.shape[1])
    holding = [up_holds(atom, groups.features)[:, 0] for atom in atoms]
    order = option_order(solution, 0)
    # the groups no rule settles yet (a rule may hold on a group settled before it)
    open_ = np.ones(len(groups.label), dtype=bool)
    rules: list[Rule] = []
    settles: list[int] = []
    for number, o in enumerate(order[:-1]):
        wrong = (groups.label == -1) | np.isin(groups.label, order[number + 1:])
        while True:
            # the bits index the open groups only
            places = np.flatnonzero(open_)
            mine = groups.label[places] == o
            wanted = bits_of(mine)
            if not wanted:
                break
            # the atoms holding on some open group of this option (no other helps a rule)
            useful = [i for i, mask in enumerate(holding) if (mask[places] & mine).any()]
            count, term, bits = _best_term([bits_of(holding[i][places]) for i in useful],
                                           wanted, bits_of(wrong[places]))
            if not count:
                break
            condition = join_conditions([atoms[useful[i]] for i in term])
            assert condition is not None
            settled = places[_places(bits)]
            rules.append(Rule(o, condition))
            settles.append(int(np.isin(groups.of_state, settled).sum()))
            open_[settled] = False
        left = (open_ & (groups.label == o))[groups.of_state] | (
            (groups.label[groups.of_state] == -1) & (chosen == o))
        if left.any():
            states = frozenset(state_key(f, int(c), int(j)) for c, j in zip(
                *np.nonzero(left), strict=True))
            rules.append(Rule(o, Condition(states=states)))
            settles.append(int(left.sum()))
            open_[np.unique(groups.of_state[left])] = False
    return DecisionRules(0, tuple(rules), order[-1],
                         (*settles, int((chosen == order[-1]).sum())))


def _places(bits: int) -> IntArray:
    """The places of the set bits of an integer."""
    found = np.unpackbits(np.frombuffer(bits.to_bytes((bits.bit_length() + 7) // 8 or 1,
                                                      "little"), dtype=np.uint8),
                          bitorder="little")
    return np.flatnonzero(found).astype(np.int64)
