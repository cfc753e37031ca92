"""Tri-Card Poker by simulation (docs/rules.md section 2): hands ranked and settled here.

Each hand deals six cards from one deck: three to the player, three to the dealer. Hands are
ranked by this module's own 3-card evaluator (a table over every ordered triple of card
values). The player's raise/fold decision: for a fixed raise rule (mimic, q-6-4, a strategy
file) this module reads the rule itself against its own hand strengths (:func:`rule_table`), so
simulation and analysis check each other's reading of the rule; for the optimal strategy it is
looked up from the strategy the analysis solved
(:func:`edge.games.three_card_poker.strategy.solve`), so the simulation checks the counting and
the settlement, not the strategy search. Only the names of the hand classes and dealer results
come from the kernel module; this module's evaluator numbers the classes in the same order.
With dealer cards seen (the ``seen`` option) each hand also deals which of the dealer's cards
the player sees, works out what he sees (this module's own settlement and high-card count) and
looks up the exposed solve's decision for it (:class:`SeenDeal`).

>>> from edge.games.three_card_poker.pays import PRESETS
>>> from edge.games.three_card_poker.rules import RaiseRule, ThreeCardRules
>>> sim = simulate_ante(PRESETS["ante"]["3"], ThreeCardRules())
>>> outcome, net = sim.play(np.random.default_rng(3), 5)
>>> outcome.shape, net.shape
((5,), (5,))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from edge.errors import EdgeError
from edge.games.three_card_poker._kernels import DEALER_RESULTS, HAND_CLASSES
from edge.games.three_card_poker.exposure import HIGH_RANK, PAIR_INDEX, solve_exposed
from edge.games.three_card_poker.exposure_play import rule_decisions
from edge.games.three_card_poker.hands import QUALIFYING_CARDS
from edge.games.three_card_poker.pays import (
    ANTE_BONUS_PREFIX,
    MINI_ROYAL,
    PAIR_PLUS_PREFIX,
    splits_mini_royal,
)
from edge.games.three_card_poker.pays import STRAIGHT_FLUSH as STRAIGHT_FLUSH_NAME
from edge.games.three_card_poker.rules import RaiseRule, Seen, SeenKind, ThreeCardRules
from edge.games.three_card_poker.strategy import (
    DecisionPays,
    StrategySolution,
    ante_decision,
    combined_decision,
    solve,
)
from edge.paytables import PayTable
from edge.sampling import CardArray, IntArray, common_scale, deal, scaled

# Hand classes, weakest first, by the names the kernel exports.
CLASSES = HAND_CLASSES
HIGH_CARD, PAIR, FLUSH, STRAIGHT, TRIPS, STRAIGHT_FLUSH = (
    CLASSES.index(name) for name in ("high-card", "pair", "flush", "straight",
                                     "three-of-a-kind", "straight-flush"))
# Against a raised hand: the dealer does not qualify, or the player wins, ties or loses.
RESULTS = DEALER_RESULTS
NOT_QUALIFIED, WIN, TIE, LOSS = (
    RESULTS.index(name) for name in ("dealer-does-not-qualify", "win", "tie", "loss"))
# Net result of Ante and Raise together per unit of Ante for each result (before any bonus).
ANTE_AND_RAISE = tuple(Fraction({NOT_QUALIFIED: 1, WIN: 2, TIE: 0, LOSS: -2}[result])
                       for result in range(len(RESULTS)))
CLASS_SHIFT = 12       # strength = class << 12 | ranks within the class
TRIPLES = 52 * 52 * 52
# The suited A-K-Q, paid apart by tables that list it: the row index after the hand classes.
MINI_ROYAL_ROW = len(CLASSES)
ACE = 12

Int32Array = npt.NDArray[np.int32]


def three_card_strength(first: CardArray, second: CardArray, third: CardArray,
                        ace_low_straight: bool) -> Int32Array:
    """Strength of three cards (higher is better, equal ties): ``class << 12 | ranks``.

    Within a class: straights by their top card (A-2-3 tops at the 3), three of a kind by the
    rank, a pair by its rank then the kicker, other hands by their ranks high to low.

    >>> from edge.cards import parse_cards
    >>> cards = [np.array([c]) for c in parse_cards("Ah 2c 3d")]
    >>> int(three_card_strength(*cards, True)[0]) >> CLASS_SHIFT == STRAIGHT
    True
    >>> int(three_card_strength(*cards, False)[0]) >> CLASS_SHIFT == HIGH_CARD
    True
    """
    ranks = [card.astype(np.int32) >> 2 for card in (first, second, third)]
    high = np.maximum(np.maximum(ranks[0], ranks[1]), ranks[2])
    low = np.minimum(np.minimum(ranks[0], ranks[1]), ranks[2])
    middle = ranks[0] + ranks[1] + ranks[2] - high - low
    suits = [card & 3 for card in (first, second, third)]
    flush = (suits[0] == suits[1]) & (suits[1] == suits[2])
    trips = high == low
    pair = ((high == middle) | (middle == low)) & ~trips
    distinct = (high != middle) & (middle != low)
    wheel = (high == 12) & (middle == 1) & (low == 0) & ace_low_straight
    straight = (distinct & (high - low == 2)) | wheel
    hand_class = np.select([straight & flush, trips, straight, flush, pair],
                           [STRAIGHT_FLUSH, TRIPS, STRAIGHT, FLUSH, PAIR], HIGH_CARD)
    kicker = np.where(high == middle, low, high)
    ranks_code = np.select([straight, trips, pair],
                           [np.where(wheel, 1, high), high, middle * 13 + kicker],
                           (high * 13 + middle) * 13 + low)
    return np.asarray((hand_class.astype(np.int32) << CLASS_SHIFT) | ranks_code, dtype=np.int32)


def paid_class(strength: Int32Array, split: bool) -> IntArray:
    """The row a hand is paid by: its hand class, or ``MINI_ROYAL_ROW`` for a straight flush
    topped by the ace (A-K-Q suited) when the table pays the mini-royal apart."""
    hand_class = (strength >> CLASS_SHIFT).astype(np.int64)
    if not split:
        return hand_class
    top = strength & ((1 << CLASS_SHIFT) - 1)
    return np.where((hand_class == STRAIGHT_FLUSH) & (top == ACE), MINI_ROYAL_ROW, hand_class)


def class_pays(table: dict[str, Fraction], prefix: str, missing: Fraction) -> list[Fraction]:
    """A pay per row (the hand classes, then the mini-royal): ``missing`` where the table
    pays nothing; the mini-royal as a straight flush when the table does not list it."""
    pays = [table.get(prefix + name, missing) for name in CLASSES]
    return pays + [table.get(prefix + MINI_ROYAL, table.get(prefix + STRAIGHT_FLUSH_NAME,
                                                            missing))]


def triple_key(first: CardArray, second: CardArray, third: CardArray) -> Int32Array:
    """Index of an ordered triple of card values into a 52^3 table."""
    return np.asarray((first.astype(np.int32) * 52 + second) * 52 + third, dtype=np.int32)


def strength_table(ace_low_straight: bool) -> Int32Array:
    """The strength of every ordered triple of card values (repeats included, never dealt)."""
    cards = np.indices((52, 52, 52)).reshape(3, -1)
    return three_card_strength(cards[0], cards[1], cards[2], ace_low_straight)


def raise_table(solution: StrategySolution) -> npt.NDArray[np.bool_]:
    """The analysis's decision for every ordered triple of card values: True to raise."""
    table = np.zeros(TRIPLES, dtype=np.bool_)
    hands = solution.hands.cards.T
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        table[triple_key(hands[order[0]], hands[order[1]], hands[order[2]])] = solution.raises
    return table


# How many ranks decide a hand within each class (the digits, base 13, of its strength's
# low part): high card and flush three, a pair two (its rank, the kicker), the others one.
DECIDING = {HIGH_CARD: 3, FLUSH: 3, PAIR: 2, STRAIGHT: 1, TRIPS: 1, STRAIGHT_FLUSH: 1}


def rule_table(rule: RaiseRule, strengths: Int32Array) -> npt.NDArray[np.bool_]:
    """This module's own reading of a fixed raise rule for every ordered triple: a hand of a
    class raises when its strength within the class is at least the rule's weakest hand of
    that class, its ranks padded with deuces (a rule ``Q-6`` is the weakest ``Q-6-2``)."""
    hand_class = strengths >> CLASS_SHIFT
    within = strengths & ((1 << CLASS_SHIFT) - 1)
    raises = np.zeros(len(strengths), dtype=np.bool_)
    for k, weakest in enumerate(rule.classes):
        if weakest is None:
            continue
        padded = list(weakest) + [0] * (DECIDING[k] - len(weakest))
        floor = 0
        for rank in padded:
            floor = floor * 13 + rank
        raises |= (hand_class == k) & (within >= floor)
    return raises


@dataclass(frozen=True)
class PairPlusSimulator:
    """Deals and settles the Pair Plus wager alone: paid on the player's hand class."""

    outcomes: tuple[str, ...]
    scale: int
    strengths: Int32Array
    pair_plus: IntArray
    split: bool = False
    initial_wager: Fraction = Fraction(1)

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands from a fresh deck each and settle the wager."""
        return self.settle(deal(rng, hands, 6))

    def settle(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt hands: ``cards[0:3]`` the player's (the dealer's are not looked at)."""
        player = self.strengths[triple_key(cards[0], cards[1], cards[2])]
        hand_class = paid_class(player, self.split)
        return hand_class, self.pair_plus[hand_class]


@dataclass(frozen=True)
class SeenDeal:
    """What the exposed player sees of each dealt dealer hand, and his solved decision for it.

    ``choice`` per hand: for one or two cards seen, which of the dealer's three cards is seen
    (one) or not seen (two), uniformly; with all three seen it is not used. The decision is the
    exposed solve's (:mod:`.exposure`) for the player's hand (``hand_index`` of every ordered
    triple) and what is seen: the seen card, the seen pair, the dealer's result against the
    player's hand (all three seen; this module's own settlement), or how many of the seen cards
    are high (edge sorting; this module's own count).
    """

    seen: Seen
    hand_index: Int32Array
    decisions: npt.NDArray[np.uint8]
    pair_index: npt.NDArray[np.int32]
    # split-k: each rank's group (the split option), and the slot of each sorted tuple of groups
    group_of: IntArray = field(default_factory=lambda: np.zeros(13, dtype=np.int64))
    group_slot: dict[tuple[int, ...], int] | None = None

    def choose(self, rng: np.random.Generator, hands: int) -> IntArray:
        """Which of the dealer's cards are seen, for ``hands`` hands."""
        return rng.integers(0, 3, size=hands, dtype=np.int64)

    def raises(self, player_key: Int32Array, dealer: CardArray, choice: IntArray,
               result: IntArray) -> npt.NDArray[np.bool_]:
        """The solved decision for each dealt hand and what its player sees."""
        columns = np.arange(dealer.shape[1])
        cards = dealer.astype(np.int64)
        one = cards[choice, columns]                        # the seen card
        left = cards[(choice + 1) % 3, columns]             # the two seen when one is not
        right = cards[(choice + 2) % 3, columns]
        if self.seen is Seen.DEALER_1:
            slot = one
        elif self.seen is Seen.DEALER_2:
            slot = self.pair_index[left, right].astype(np.int64)
        elif self.seen is Seen.DEALER_3:
            slot = result
        elif self.seen is Seen.SORTED_1:
            slot = (one >> 2 >= HIGH_RANK).astype(np.int64)
        elif self.seen is Seen.SORTED_2:
            slot = (left >> 2 >= HIGH_RANK).astype(np.int64) + (right >> 2 >= HIGH_RANK)
        elif self.group_slot is not None:                   # split-k: the seen cards' groups
            seen_cards = {Seen.SPLIT_1: [one], Seen.SPLIT_2: [left, right]}.get(
                self.seen, [cards[0], cards[1], cards[2]])
            groups = np.sort(np.stack([self.group_of[c >> 2] for c in seen_cards]), axis=0)
            slot = np.array([self.group_slot[tuple(int(g) for g in column)]
                             for column in groups.T], dtype=np.int64)
        else:
            slot = (cards >> 2 >= HIGH_RANK).sum(axis=0).astype(np.int64)
        decision = self.decisions[self.hand_index[player_key], slot]
        raised: npt.NDArray[np.bool_] = decision == 1
        return raised


def seen_deal(rules: ThreeCardRules, decision: DecisionPays) -> SeenDeal:
    """The exposed player's decisions for ``rules.seen``, solved by :mod:`.exposure`."""
    solution = solve_exposed(rules.seen, decision.on_raise, decision.on_fold,
                             rules.ace_low_straight, rules.ties, rules.split)
    index = np.full(TRIPLES, -1, dtype=np.int32)
    hands = solution.hands.cards.T
    rows = np.arange(len(solution.hands.cards), dtype=np.int32)
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        index[triple_key(hands[order[0]], hands[order[1]], hands[order[2]])] = rows
    decisions = solution.decisions
    if not rules.strategy.is_optimal:                   # the player's own rule
        decisions = rule_decisions(solution, rules.strategy, rules.split).astype(np.uint8)
    exposure = rules.exposure
    if exposure.kind is not SeenKind.SPLIT:
        return SeenDeal(rules.seen, index, decisions, PAIR_INDEX)
    group_of = np.zeros(13, dtype=np.int64)
    for number, ranks in enumerate(exposure.groups):
        group_of[list(ranks)] = number
    keys = combinations_with_replacement(range(len(exposure.groups)), exposure.cards)
    return SeenDeal(rules.seen, index, decisions, PAIR_INDEX, group_of,
                    {key: slot for slot, key in enumerate(keys)})


@dataclass(frozen=True)
class RaiseSimulator:
    """Deals and settles a wager with the raise/fold decision: the Ante (with Raise and Ante
    Bonus), and Pair Plus too when ``pair_plus`` pays.

    Pays are scaled integers: ``pair_plus`` and ``bonus`` per hand class, ``ante_and_raise``
    per result, ``fold`` per hand class (the whole loss of a folded hand). ``outcome`` numbers
    a settled hand's row from its hand class, decision and result (-1 for a fold).
    """

    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    strengths: Int32Array
    raises: npt.NDArray[np.bool_]
    qualifying: int
    pair_plus: IntArray
    bonus: IntArray
    ante_and_raise: IntArray
    fold: IntArray
    outcome: Callable[[IntArray, npt.NDArray[np.bool_], IntArray], IntArray]
    split: bool = False

    exposure: SeenDeal | None = None

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands from a fresh deck each and settle the wager (with cards seen:
        then which of the dealer's cards the player sees, each choice equally likely)."""
        cards = deal(rng, hands, 6)
        if self.exposure is None:
            return self.settle(cards)
        return self.settle(cards, self.exposure.choose(rng, hands))

    def settle(self, cards: CardArray, choice: IntArray | None = None
               ) -> tuple[IntArray, IntArray]:
        """Settle dealt hands: ``cards[0:3]`` the player's, ``cards[3:6]`` the dealer's;
        ``choice`` which of the dealer's cards are seen (see :class:`SeenDeal`)."""
        player_key = triple_key(cards[0], cards[1], cards[2])
        player = self.strengths[player_key]
        hand_class = paid_class(player, self.split)
        dealer = self.strengths[triple_key(cards[3], cards[4], cards[5])]
        result = np.select([dealer < self.qualifying, player > dealer, player == dealer],
                           [NOT_QUALIFIED, WIN, TIE], LOSS).astype(np.int64)
        if self.exposure is None or choice is None:
            raised = self.raises[player_key]
        else:
            raised = self.exposure.raises(player_key, cards[3:6], choice, result)
        net = np.where(raised, self.ante_and_raise[result] + self.bonus[hand_class]
                       + self.pair_plus[hand_class], self.fold[hand_class])
        return self.outcome(hand_class, raised, result), net


def _needs(paytable: PayTable | None) -> PayTable:
    if paytable is None:
        raise EdgeError("The Tri-Card Poker simulation needs a pay table.")
    return paytable


def _qualifying(rules: ThreeCardRules) -> int:
    first, second, third = (np.array([c], dtype=np.int16) for c in QUALIFYING_CARDS)
    return int(three_card_strength(first, second, third, rules.ace_low_straight)[0])


def simulate_pair_plus(paytable: PayTable | None, rules: ThreeCardRules) -> PairPlusSimulator:
    """The simulator of the Pair Plus wager alone."""
    table = _needs(paytable).as_dict()
    pays = class_pays(table, "", Fraction(-1))
    scale = common_scale([*pays, *ANTE_AND_RAISE])
    return PairPlusSimulator((*CLASSES, MINI_ROYAL), scale,
                             strength_table(rules.ace_low_straight), scaled(pays, scale),
                             splits_mini_royal(_needs(paytable)))


def _raise_simulator(rules: ThreeCardRules, decision: DecisionPays, pair_plus: list[Fraction],
                     bonus: list[Fraction], fold: list[Fraction], wager: Fraction,
                     outcomes: tuple[str, ...],
                     outcome: Callable[[IntArray, npt.NDArray[np.bool_], IntArray], IntArray],
                     split: bool, exposed: bool) -> RaiseSimulator:
    scale = common_scale([*pair_plus, *bonus, *fold, *ANTE_AND_RAISE])
    strengths = strength_table(rules.ace_low_straight)
    raises = raise_table(solve(decision, rules)) if rules.strategy.solved \
        else rule_table(rules.strategy, strengths)
    exposure = seen_deal(rules, decision) if exposed else None
    return RaiseSimulator(
        outcomes, scale, wager, strengths, raises, _qualifying(rules), scaled(pair_plus, scale),
        scaled(bonus, scale), scaled(ANTE_AND_RAISE, scale), scaled(fold, scale), outcome,
        split, exposure)


def simulate_ante(paytable: PayTable | None, rules: ThreeCardRules,
                  exposed: bool = False) -> RaiseSimulator:
    """The simulator of the Ante with Raise and Ante Bonus (rows: fold; the four results;
    then hand class x result for the classes the Ante Bonus pays); ``exposed``: the player
    sees ``rules.seen`` and plays the exposed solve."""
    table = _needs(paytable).as_dict()
    bonus = class_pays(table, "", Fraction(0))
    bonus_rows = np.array([name in table for name in (*CLASSES, MINI_ROYAL)])
    outcomes = (("fold",) + RESULTS
                + tuple(f"{name} / {result}" for name in (*CLASSES, MINI_ROYAL)
                        for result in RESULTS))

    def outcome(hand_class: IntArray, raised: npt.NDArray[np.bool_],
                result: IntArray) -> IntArray:
        return np.where(raised, np.where(bonus_rows[hand_class],
                                         1 + len(RESULTS) * (1 + hand_class) + result,
                                         1 + result), 0)

    zero = [Fraction(0)] * len(bonus)
    return _raise_simulator(rules, ante_decision(_needs(paytable)), zero, bonus,
                            [Fraction(-1)] * len(bonus), Fraction(1), outcomes, outcome,
                            splits_mini_royal(_needs(paytable)), exposed)


def simulate_combined(paytable: PayTable | None, rules: ThreeCardRules,
                      exposed: bool = False) -> RaiseSimulator:
    """The simulator of the Ante and Pair Plus together (rows: hand class x fold or result);
    ``exposed``: the player sees ``rules.seen`` and plays the exposed solve."""
    table = _needs(paytable).as_dict()
    ratio = Fraction(rules.pair_plus_ratio)
    pair_plus = [ratio * pay for pay in class_pays(table, PAIR_PLUS_PREFIX, Fraction(-1))]
    fold = [-1 - ratio if rules.fold_forfeits_pair_plus else -1 + pays for pays in pair_plus]
    bonus = class_pays(table, ANTE_BONUS_PREFIX, Fraction(0))
    settled = ("fold",) + RESULTS
    outcomes = tuple(f"{name} / {result}" for name in (*CLASSES, MINI_ROYAL)
                     for result in settled)

    def outcome(hand_class: IntArray, raised: npt.NDArray[np.bool_],
                result: IntArray) -> IntArray:
        return np.asarray(hand_class * len(settled) + np.where(raised, 1 + result, 0))

    return _raise_simulator(rules, combined_decision(_needs(paytable), rules), pair_plus,
                            bonus, fold, 1 + ratio, outcomes, outcome,
                            splits_mini_royal(_needs(paytable)), exposed)


