"""Casino Double-Hand Poker by simulation (RULES.md section 3): dealt, set and settled here.

The main wager deals six of the 28 tiles: three to the player, three to the dealer. The dealer's
tiles are set by this module's own house way (from the rules, with its own hand ranking); the
player's setting is looked up from the analysis's solved choice per deal
(:func:`edge.games.double_hand_poker.chosen_slots`) and scored with the same own ranking.
Lo-Card and Hi-Card deal every seat, the dealer and the three tiles that may be exposed;
Dice-Lo and Dice-Hi roll three dice.

>>> from edge.games.double_hand_poker import DoubleHandRules
>>> sim = make_simulator("dice-lo", None, DoubleHandRules())
>>> outcome, net = sim.play(np.random.default_rng(3), 5)
>>> outcome.shape, net.shape
((5,), (5,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations
from typing import Any

import numpy as np

from edge.errors import EdgeError
from edge.games import RunSettings
from edge.games import double_hand_poker as dhp
from edge.games.double_hand_poker import house_way as double_hand
from edge.paytables import PayTable
from edge.simulation.deal import CardArray, deal
from edge.simulation.engine import IntArray, common_scale, scaled

TILES = tuple((low, high) for low in range(1, 8) for high in range(low, 8))
LO_TILE, HI_TILE = TILES.index((1, 1)), TILES.index((7, 7))
MAIN_ROWS = ("win-both", "push", "lose-both")
LO_HI_ROWS = ("win", "push", "lose-other-player", "lose-dealer", "lose-unexposed")
DICE_ROWS = ("win", "lose-triple", "lose-total")
DICE_TOTALS = {"dice-lo": (4, 10), "dice-hi": (11, 17)}
NO_PAIR, PAIR, STRAIGHT, THREE_OF_A_KIND = range(4)


def hand_strength(numbers: Sequence[int]) -> int:
    """The strength of a 3-number hand (higher is better): level, then the numbers that decide.

    Three of a kind and straights (three consecutive numbers, no wrap) by their top number, a
    pair by its number then the kicker, no pair from the highest number down.

    >>> hand_strength((5, 6, 7)) > hand_strength((1, 2, 3)) > hand_strength((7, 7, 6))
    True
    """
    low, middle, high = sorted(numbers)
    if low == high:
        level, order = THREE_OF_A_KIND, (high, 0, 0)
    elif middle == low + 1 and high == middle + 1:
        level, order = STRAIGHT, (high, 0, 0)
    elif low == middle or middle == high:
        level, order = PAIR, (middle, high if low == middle else low, 0)
    else:
        level, order = NO_PAIR, (high, middle, low)
    return ((level * 8 + order[0]) * 8 + order[1]) * 8 + order[2]


def strength_level(strength: int) -> int:
    """The level (0 no pair .. 3 three of a kind) of a :func:`hand_strength`."""
    return strength // 512


def house_way(tiles: Sequence[int]) -> tuple[int, int]:
    """The dealer's (front, back) strengths for three tiles, by the house way of RULES.md.

    Every 3+3 split, the stronger hand in back. (1) If some split makes both hands a pair or
    better, only those count; (2) otherwise all do. Among them: the highest back-hand level,
    then the strongest front hand, then the strongest back hand.

    >>> house_way([TILES.index(t) for t in ((3, 3), (5, 6), (6, 7))]) == (
    ...     hand_strength((3, 3, 6)), hand_strength((5, 6, 7)))
    True
    """
    numbers = [n for t in tiles for n in TILES[t]]
    splits = []
    for chosen in combinations(range(6), 3):
        one = hand_strength([numbers[i] for i in chosen])
        other = hand_strength([numbers[i] for i in range(6) if i not in chosen])
        splits.append((min(one, other), max(one, other)))
    paired = [s for s in splits if strength_level(s[0]) >= PAIR]
    front, back = max(paired or splits,
                      key=lambda s: (strength_level(s[1]), s[0], s[1]))
    return front, back


def _key(first: CardArray, second: CardArray, third: CardArray) -> IntArray:
    """Index of an ordered triple of tiles into a 28^3 table."""
    return np.asarray((first.astype(np.int64) * 28 + second) * 28 + third)


def _setting_table(settings: dict[tuple[int, ...], tuple[int, int]]) -> tuple[IntArray, IntArray]:
    """(front, back) strengths of three-tile deals, for the deal's tiles in every order."""
    front = np.full(28 ** 3, -1, dtype=np.int64)
    back = np.full(28 ** 3, -1, dtype=np.int64)
    for triple, (front_strength, back_strength) in settings.items():
        for a, b, c in permutations(triple):
            front[(a * 28 + b) * 28 + c] = front_strength
            back[(a * 28 + b) * 28 + c] = back_strength
    return front, back


@cache
def dealer_table() -> tuple[IntArray, IntArray]:
    """The house-way (front, back) strengths of every ordered triple of distinct tiles."""
    return _setting_table({triple: house_way(triple) for triple in combinations(range(28), 3)})


def player_table(strategy: str, commission: Fraction) -> tuple[IntArray, IntArray]:
    """The analysis's chosen setting of every player deal, as own (front, back) strengths."""
    counts = dhp.setting_counts()
    slots = dhp.chosen_slots(counts, strategy, commission)
    settings = {}
    for index, triple in enumerate(counts.deals.tolist()):
        slot = int(slots[index])
        settings[tuple(triple)] = (hand_strength(double_hand.HANDS[int(counts.front[index, slot])]),
                                   hand_strength(double_hand.HANDS[int(counts.back[index, slot])]))
    return _setting_table(settings)


@dataclass(frozen=True)
class DoubleHandSimulator:
    """Deals and settles the main wager, Lo-Card or Hi-Card, or rolls Dice-Lo or Dice-Hi.

    ``pays`` are the scaled net results of the bet's rows, in the order of ``outcomes``.
    """

    bet: str
    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    pays: IntArray
    players: int
    player_front: IntArray
    player_back: IntArray
    dealer_front: IntArray
    dealer_back: IntArray

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal (or roll) ``hands`` rounds and settle the chosen wager."""
        if self.bet in DICE_TOTALS:
            return self.settle(rng.integers(1, 7, size=(3, hands), dtype=np.int16))
        if self.bet == "main":
            return self.settle(deal(rng, hands, 6, 28))
        return self.settle(deal(rng, hands, 3 * (self.players + 2), 28))

    def settle(self, dealt: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt tiles (rows: seats in turn, then the dealer, then exposed) or dice."""
        if self.bet in DICE_TOTALS:
            outcome = dice_index(dealt, *DICE_TOTALS[self.bet])
        elif self.bet == "main":
            player, dealer = _key(*dealt[0:3]), _key(*dealt[3:6])
            outcome = main_index(self.player_front[player], self.player_back[player],
                                 self.dealer_front[dealer], self.dealer_back[dealer])
        else:
            outcome = lo_hi_index(dealt, LO_TILE if self.bet == "lo-card" else HI_TILE,
                                  self.players)
        return outcome, self.pays[outcome]


def main_index(player_front: IntArray, player_back: IntArray, dealer_front: IntArray,
               dealer_back: IntArray) -> IntArray:
    """Each hand wins only when strictly stronger: win both, push (one each), lose both."""
    front = player_front > dealer_front
    back = player_back > dealer_back
    return np.asarray(2 - front.astype(np.int64) - back, dtype=np.int64)


def lo_hi_index(dealt: CardArray, target: int, players: int) -> IntArray:
    """Where the bet's tile lands: the player's hand, another seat, the dealer, the exposed
    three, or nowhere dealt (rows of ``LO_HI_ROWS``)."""
    holder = np.argmax(dealt == target, axis=0)
    found = (dealt == target).any(axis=0)
    seat = holder // 3  # 0 the player, 1..players-1 the others, players the dealer, then exposed
    return np.select(
        [found & (seat == 0), found & (seat < players), found & (seat == players),
         found & (seat == players + 1)],
        [LO_HI_ROWS.index("win"), LO_HI_ROWS.index("lose-other-player"),
         LO_HI_ROWS.index("lose-dealer"), LO_HI_ROWS.index("push")],
        LO_HI_ROWS.index("lose-unexposed")).astype(np.int64)


def dice_index(dice: CardArray, low: int, high: int) -> IntArray:
    """Three dice: a triple loses, else a total in ``low..high`` wins (rows of ``DICE_ROWS``)."""
    total = dice.sum(axis=0)
    triple = (dice[0] == dice[1]) & (dice[1] == dice[2])
    return np.select([triple, (low <= total) & (total <= high)],
                     [DICE_ROWS.index("lose-triple"), DICE_ROWS.index("win")],
                     DICE_ROWS.index("lose-total")).astype(np.int64)


def make_simulator(bet: str, paytable: PayTable | None, rules: Any,
                   run: RunSettings | None = None) -> DoubleHandSimulator:
    """The simulator of one Casino Double-Hand Poker wager under the variant options."""
    empty = np.zeros(0, dtype=np.int64)
    tables = (empty, empty, empty, empty)
    if bet == "main":
        rows: tuple[str, ...] = MAIN_ROWS
        pays = [1 - Fraction(rules.commission), Fraction(0), Fraction(-1)]
        tables = (*player_table(rules.strategy, Fraction(rules.commission)), *dealer_table())
    elif bet in ("lo-card", "hi-card"):
        rows = LO_HI_ROWS
        pays = [Fraction(rules.pays), Fraction(0)] + [Fraction(-1)] * 3
    elif bet in DICE_TOTALS:
        rows = DICE_ROWS
        pays = [Fraction(1), Fraction(-1), Fraction(-1)]
    else:
        raise EdgeError(f"Unknown bet {bet!r} for the Casino Double-Hand Poker simulation.")
    scale = common_scale(pays)
    return DoubleHandSimulator(bet, rows, scale, Fraction(1), scaled(pays, scale),
                               int(rules.players), *tables)

