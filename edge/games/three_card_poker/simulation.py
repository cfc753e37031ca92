"""Tri-Card Poker by simulation (RULES.md section 2): hands ranked and settled here.

Each hand deals six cards from one deck: three to the player, three to the dealer. Hands are
ranked by this module's own 3-card evaluator (a table over every ordered triple of card
values); the player's raise/fold decision is looked up from the strategy the analysis solved
(:func:`edge.games.three_card_poker.solve`), so the simulation checks the counting and the
settlement, not the strategy search.

>>> from edge.games.three_card_poker import PRESETS, ThreeCardRules
>>> sim = make_simulator("ante", PRESETS["ante"]["3"], ThreeCardRules())
>>> outcome, net = sim.play(np.random.default_rng(3), 5)
>>> outcome.shape, net.shape
((5,), (5,))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.cards import parse_cards
from edge.errors import EdgeError
from edge.games import RunSettings
from edge.games import three_card_poker as tcp
from edge.paytables import PayTable
from edge.simulation.deal import CardArray, deal
from edge.simulation.engine import IntArray, common_scale, scaled

# Hand classes, weakest first (the analysis names its rows with the same words).
CLASSES = ("high-card", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")
HIGH_CARD, PAIR, FLUSH, STRAIGHT, TRIPS, STRAIGHT_FLUSH = range(len(CLASSES))
# Against a raised hand: the dealer does not qualify, or the player wins, ties or loses.
RESULTS = ("dealer-does-not-qualify", "win", "tie", "loss")
NOT_QUALIFIED, WIN, TIE, LOSS = range(len(RESULTS))
# Net result of Ante and Raise together per unit of Ante for each result (before any bonus).
ANTE_AND_RAISE = (Fraction(1), Fraction(2), Fraction(0), Fraction(-2))
CLASS_SHIFT = 12       # strength = class << 12 | ranks within the class
TRIPLES = 52 * 52 * 52
# The weakest qualifying dealer hand: queen-high.
QUALIFYING_CARDS = parse_cards("Qc 3d 2h")

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


def triple_key(first: CardArray, second: CardArray, third: CardArray) -> Int32Array:
    """Index of an ordered triple of card values into a 52^3 table."""
    return np.asarray((first.astype(np.int32) * 52 + second) * 52 + third, dtype=np.int32)


def strength_table(ace_low_straight: bool) -> Int32Array:
    """The strength of every ordered triple of card values (repeats included, never dealt)."""
    cards = np.indices((52, 52, 52)).reshape(3, -1)
    return three_card_strength(cards[0], cards[1], cards[2], ace_low_straight)


def raise_table(solution: tcp.StrategySolution) -> npt.NDArray[np.bool_]:
    """The analysis's decision for every ordered triple of card values: True to raise."""
    table = np.zeros(TRIPLES, dtype=np.bool_)
    hands = solution.hands.cards.T
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        table[triple_key(hands[order[0]], hands[order[1]], hands[order[2]])] = solution.raises
    return table


@dataclass(frozen=True)
class ThreeCardSimulator:
    """Deals and settles Pair Plus, the Ante (with Raise and Ante Bonus), or both together.

    Pays are scaled integers: ``pair_plus`` and ``bonus`` per hand class, ``ante_and_raise``
    per result, ``fold`` per hand class (the whole loss of a folded hand).
    """

    bet: str
    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    strengths: Int32Array
    raises: npt.NDArray[np.bool_]
    qualifying: int
    pair_plus: IntArray
    bonus: IntArray
    bonus_rows: npt.NDArray[np.bool_]
    ante_and_raise: IntArray
    fold: IntArray

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands from a fresh deck each and settle the chosen wager."""
        return self.settle(deal(rng, hands, 6))

    def settle(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt hands: ``cards[0:3]`` the player's, ``cards[3:6]`` the dealer's."""
        player_key = triple_key(cards[0], cards[1], cards[2])
        player = self.strengths[player_key]
        hand_class = (player >> CLASS_SHIFT).astype(np.int64)
        if self.bet == "pair-plus":
            return hand_class, self.pair_plus[hand_class]
        dealer = self.strengths[triple_key(cards[3], cards[4], cards[5])]
        raised = self.raises[player_key]
        result = np.select([dealer < self.qualifying, player > dealer, player == dealer],
                           [NOT_QUALIFIED, WIN, TIE], LOSS).astype(np.int64)
        net = np.where(raised, self.ante_and_raise[result] + self.bonus[hand_class]
                       + self.pair_plus[hand_class], self.fold[hand_class])
        if self.bet == "ante":
            # fold; the four results; then class x result for the Ante Bonus classes
            outcome = np.where(raised, np.where(self.bonus_rows[hand_class],
                                                5 + hand_class * 4 + result, 1 + result), 0)
        else:
            outcome = hand_class * 5 + np.where(raised, 1 + result, 0)
        return outcome, net


def _outcomes(bet: str) -> tuple[str, ...]:
    if bet == "pair-plus":
        return CLASSES
    if bet == "ante":
        return (("fold",) + RESULTS
                + tuple(f"{name} / {result}" for name in CLASSES for result in RESULTS))
    return tuple(f"{name} / {result}" for name in CLASSES for result in ("fold",) + RESULTS)


def make_simulator(bet: str, paytable: PayTable | None, rules: Any,
                   run: RunSettings | None = None) -> ThreeCardSimulator:
    """The simulator of one Tri-Card Poker wager under a pay table and variant options."""
    if bet not in ("pair-plus", "ante", "combined"):
        raise EdgeError(f"Unknown bet {bet!r} for the Tri-Card Poker simulation.")
    if paytable is None:
        raise EdgeError("The Tri-Card Poker simulation needs a pay table.")
    table = paytable.as_dict()
    zero = [Fraction(0)] * len(CLASSES)
    pair_plus, bonus, bonus_rows = zero, zero, [False] * len(CLASSES)
    fold = [Fraction(-1)] * len(CLASSES)
    wager = Fraction(1)
    if bet in ("pair-plus", "combined"):
        prefix = "pair-plus." if bet == "combined" else ""
        ratio = Fraction(rules.pair_plus_ratio) if bet == "combined" else Fraction(1)
        pair_plus = [ratio * table.get(prefix + name, Fraction(-1)) for name in CLASSES]
        if bet == "combined":
            wager = 1 + ratio
            fold = [-1 - ratio if rules.fold_forfeits_pair_plus else -1 + pays
                    for pays in pair_plus]
    if bet in ("ante", "combined"):
        prefix = "ante-bonus." if bet == "combined" else ""
        bonus = [table.get(prefix + name, Fraction(0)) for name in CLASSES]
        bonus_rows = [prefix + name in table for name in CLASSES]
    scale = common_scale([*pair_plus, *bonus, *fold, *ANTE_AND_RAISE])
    strengths = strength_table(rules.ace_low_straight)
    first, second, third = (np.array([c], dtype=np.int16) for c in QUALIFYING_CARDS)
    qualifying = int(three_card_strength(first, second, third, rules.ace_low_straight)[0])
    raises = (np.zeros(TRIPLES, dtype=np.bool_) if bet == "pair-plus"
              else raise_table(tcp.solve(paytable, rules)))
    return ThreeCardSimulator(
        bet, _outcomes(bet), scale, wager, strengths, raises, qualifying,
        scaled(pair_plus, scale), scaled(bonus, scale), np.array(bonus_rows),
        scaled(ANTE_AND_RAISE, scale), scaled(fold, scale))
