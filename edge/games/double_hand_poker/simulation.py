"""Casino Double-Hand Poker by simulation (docs/rules.md section 3): dealt, set and settled here.

The main wager deals six of the 28 tiles: three to the player, three to the dealer. The dealer's
tiles are set by this module's own house way (from the rules, with its own hand ranking); the
player's setting is looked up from the analysis's solved choice per deal
(:func:`edge.games.double_hand_poker.analysis.chosen_slots`) and scored with the same own
ranking. Lo-Card and Hi-Card deal every seat, the dealer and the three tiles that may be exposed;
Dice-Lo and Dice-Hi roll three dice. Each wager's ``simulate`` hook is one function here.

>>> from edge.games.double_hand_poker.analysis import DICE_LO
>>> sim = simulate_dice(DICE_LO)
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
from math import factorial

import numpy as np
import numpy.typing as npt

from edge.games import RunSettings
from edge.games.double_hand_poker._kernels import (
    DICE_ROWS,
    LO_HI_ROWS,
    MAIN_ROWS,
    NO_PAIR,
    PAIR,
    STRAIGHT,
    THREE_OF_A_KIND,
    TILE_COUNT,
    TILES,
)
from edge.games.double_hand_poker.analysis import (
    DiceBet,
    TileBet,
    chosen_slots,
    setting_counts,
)
from edge.games.double_hand_poker.exposure import exposed_setting
from edge.games.double_hand_poker.house_way import HANDS
from edge.games.double_hand_poker.informed import played_setting
from edge.games.double_hand_poker.rules import (
    DoubleHandRules,
    PlayerSetting,
    Prefer,
    SettingRule,
)
from edge.sampling import CardArray, IntArray, common_scale, deal, scaled


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
    """The dealer's (front, back) strengths for three tiles, by the house way of docs/rules.md
    section 3.

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
    return np.asarray((first.astype(np.int64) * TILE_COUNT + second) * TILE_COUNT + third)


def _setting_table(settings: dict[tuple[int, ...], tuple[int, int]]) -> tuple[IntArray, IntArray]:
    """(front, back) strengths of three-tile deals, for the deal's tiles in every order."""
    front = np.full(TILE_COUNT ** 3, -1, dtype=np.int64)
    back = np.full(TILE_COUNT ** 3, -1, dtype=np.int64)
    for triple, (front_strength, back_strength) in settings.items():
        for a, b, c in permutations(triple):
            front[(a * TILE_COUNT + b) * TILE_COUNT + c] = front_strength
            back[(a * TILE_COUNT + b) * TILE_COUNT + c] = back_strength
    return front, back


@cache
def dealer_table() -> tuple[IntArray, IntArray]:
    """The house-way (front, back) strengths of every ordered triple of distinct tiles."""
    return _setting_table({triple: house_way(triple)
                           for triple in combinations(range(TILE_COUNT), 3)})


def own_setting(tiles: Sequence[int], rule: SettingRule) -> tuple[int, int]:
    """This module's own reading of a house-way strategy (with any exceptions) for three
    tiles: the house way's (front, back) strengths, unless an exception names the house way's
    levels and some split has the levels it takes (then the strongest such split, back hand
    first or front hand first as the exception prefers; the first exception that applies)."""
    numbers = [n for t in tiles for n in TILES[t]]
    splits = set()
    for chosen in combinations(range(6), 3):
        one = hand_strength([numbers[i] for i in chosen])
        other = hand_strength([numbers[i] for i in range(6) if i not in chosen])
        splits.add((min(one, other), max(one, other)))
    house = house_way(tiles)
    levels = (strength_level(house[0]), strength_level(house[1]))
    for exception in rule.exceptions:
        if levels != exception.house_way:
            continue
        allowed = [s for s in splits
                   if (strength_level(s[0]), strength_level(s[1])) == exception.take]
        if allowed:
            back_first = exception.prefer == Prefer.BACK
            return max(allowed, key=lambda s: (s[1], s[0]) if back_first else s)
    return house


def player_table(strategy: SettingRule | PlayerSetting,
                 commission: Fraction) -> tuple[IntArray, IntArray]:
    """The player's setting of every deal as own (front, back) strengths: a house-way strategy
    (with any exceptions) by this module's own reading of it; the optimal setting looked up
    from the analysis's solved choice."""
    if isinstance(strategy, SettingRule) and not strategy.is_optimal:
        rule = strategy
        return _setting_table({triple: own_setting(triple, rule)
                               for triple in combinations(range(TILE_COUNT), 3)})
    counts = setting_counts()
    slots = chosen_slots(counts, strategy, commission)
    settings = {}
    for index, triple in enumerate(counts.deals.tolist()):
        slot = int(slots[index])
        settings[tuple(triple)] = (hand_strength(HANDS[int(counts.front[index, slot])]),
                                   hand_strength(HANDS[int(counts.back[index, slot])]))
    return _setting_table(settings)


# The row of the main wager by the number of hands the player wins (0, 1 or 2).
_MAIN_ROW_BY_WINS = np.array([MAIN_ROWS.index(name) for name in ("lose-both", "push", "win-both")],
                             dtype=np.int64)


def main_index(player_front: IntArray, player_back: IntArray, dealer_front: IntArray,
               dealer_back: IntArray) -> IntArray:
    """Each hand wins only when strictly stronger: win both, push (one each), lose both."""
    wins = (player_front > dealer_front).astype(np.int64) + (player_back > dealer_back)
    return np.asarray(_MAIN_ROW_BY_WINS[wins], dtype=np.int64)


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


@dataclass(frozen=True)
class MainSimulator:
    """Deals six tiles and settles the main wager; ``pays`` are scaled nets of ``outcomes``."""

    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    pays: IntArray
    player_front: IntArray
    player_back: IntArray
    dealer_front: IntArray
    dealer_back: IntArray

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` rounds and settle them."""
        return self.settle(deal(rng, hands, 6, TILE_COUNT))

    def settle(self, dealt: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt tiles: rows 0-2 the player's, rows 3-5 the dealer's."""
        player, dealer = _key(*dealt[0:3]), _key(*dealt[3:6])
        outcome = main_index(self.player_front[player], self.player_back[player],
                             self.dealer_front[dealer], self.dealer_back[dealer])
        return outcome, self.pays[outcome]


@dataclass(frozen=True)
class TileBetSimulator:
    """Deals every seat, the dealer and the three tiles to expose, and settles Lo-Card or
    Hi-Card on where the bet's ``target`` tile lands."""

    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    pays: IntArray
    target: int
    players: int

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` rounds and settle them."""
        return self.settle(deal(rng, hands, 3 * (self.players + 2), TILE_COUNT))

    def settle(self, dealt: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt tiles (rows: seats in turn, then the dealer, then the exposed three)."""
        outcome = lo_hi_index(dealt, self.target, self.players)
        return outcome, self.pays[outcome]


@dataclass(frozen=True)
class DiceSimulator:
    """Rolls three dice and settles Dice-Lo or Dice-Hi (a total in ``low..high`` wins)."""

    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    pays: IntArray
    low: int
    high: int

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Roll ``hands`` times and settle them."""
        return self.settle(rng.integers(1, 7, size=(3, hands), dtype=np.int16))

    def settle(self, dice: CardArray) -> tuple[IntArray, IntArray]:
        """Settle rolls (rows: the three dice)."""
        outcome = dice_index(dice, self.low, self.high)
        return outcome, self.pays[outcome]


def _main_pays(rules: DoubleHandRules) -> tuple[IntArray, int]:
    """The main wager's pays in whole units of ``1 / scale``, and the scale."""
    pays_of = {"win-both": 1 - rules.commission, "push": Fraction(0), "lose-both": Fraction(-1)}
    pays = [pays_of[name] for name in MAIN_ROWS]
    scale = common_scale(pays)
    return scaled(pays, scale), scale


def simulate_main(rules: DoubleHandRules) -> MainSimulator:
    """The main wager's ``simulate`` hook: the player set as the analysis chose."""
    pays, scale = _main_pays(rules)
    return MainSimulator(MAIN_ROWS, scale, Fraction(1), pays,
                         *player_table(rules.strategy, rules.commission), *dealer_table())


@cache
def deal_index_table() -> IntArray:
    """The index (0..3,275, in combinations order) of every ordered triple of distinct tiles."""
    table = np.full(TILE_COUNT ** 3, -1, dtype=np.int64)
    for index, triple in enumerate(combinations(range(TILE_COUNT), 3)):
        for a, b, c in permutations(triple):
            table[(a * TILE_COUNT + b) * TILE_COUNT + c] = index
    return table


def situation_index(player: CardArray, seen: CardArray) -> IntArray:
    """The situation of each hand (the exposure kernel's order): the seen tiles' ranks among
    the 25 tiles the player does not hold, ascending, in colex order."""
    ranks = seen.astype(np.int64)
    for row in player:
        ranks = ranks - (row[None, :] < seen)
    ranks = np.sort(ranks, axis=0)
    index = np.zeros(ranks.shape[1], dtype=np.int64)
    for place, row in enumerate(ranks, 1):  # C(rank, place), the colex rank's terms
        term = np.ones_like(row)
        for k in range(place):
            term = term * (row - k)
        index += term // factorial(place)
    return index


@dataclass(frozen=True)
class ExposedMainSimulator:
    """Deals six tiles, shows the player ``seen_tiles`` of the dealer's three (which ones
    uniformly at random) and sets the player's tiles by the solved exposed setting of that
    situation; settles the main wager with this module's own ranking and house way."""

    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    pays: IntArray
    seen_tiles: int
    chosen: npt.NDArray[np.int8]     # [player deal, situation] -> the slot set
    slot_front: IntArray             # [player deal, slot] -> own strength
    slot_back: IntArray
    dealer_front: IntArray
    dealer_back: IntArray

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` rounds, choose which dealer tiles are seen, and settle them."""
        dealt = deal(rng, hands, 6, TILE_COUNT)
        left_out = rng.integers(0, 3, size=hands)  # one seen: that tile; two: the unseen one
        return self.settle(dealt, left_out)

    def seen(self, dealer: CardArray, pick: IntArray) -> CardArray:
        """The dealer's tiles the player sees (rows), given each hand's ``pick`` of 0..2."""
        if self.seen_tiles == 3:
            return dealer
        if self.seen_tiles == 1:
            return np.take_along_axis(dealer, pick[None, :], axis=0)
        keep = np.array([[1, 0, 0], [2, 2, 1]])[:, pick]   # the two rows besides pick
        return np.take_along_axis(dealer, keep, axis=0)

    def settle(self, dealt: CardArray, pick: IntArray | None = None
               ) -> tuple[IntArray, IntArray]:
        """Settle dealt tiles (rows 0-2 the player's, 3-5 the dealer's), ``pick`` choosing
        which of the dealer's tiles are seen (by default the first ones dealt)."""
        player, dealer = dealt[0:3], dealt[3:6]
        if pick is None:
            pick = np.full(dealt.shape[1], 0 if self.seen_tiles == 1 else 2, dtype=np.int64)
        index = deal_index_table()[_key(*player)]
        slot = self.chosen[index, situation_index(player, self.seen(dealer, pick))]
        dealer_key = _key(*dealer)
        outcome = main_index(self.slot_front[index, slot], self.slot_back[index, slot],
                             self.dealer_front[dealer_key], self.dealer_back[dealer_key])
        return outcome, self.pays[outcome]


def simulate_exposed_main(rules: DoubleHandRules, run: RunSettings) -> ExposedMainSimulator:
    """The main wager's simulator under an exposure (``rules.seen``): the solved exposed
    setting, or the player's strategy's (looked up per situation), this module's own ranking
    and house way."""
    pays, scale = _main_pays(rules)
    counts = setting_counts()
    chosen = (exposed_setting(rules.seen, rules.commission, run).chosen
              if rules.strategy.is_optimal else played_setting(rules, run).slots)
    own = np.array([hand_strength(hand) for hand in HANDS] + [-1], dtype=np.int64)
    return ExposedMainSimulator(MAIN_ROWS, scale, Fraction(1), pays, rules.seen.tiles,
                                chosen, own[counts.front], own[counts.back],
                                *dealer_table())


def simulate_tile_bet(bet: TileBet, rules: DoubleHandRules) -> TileBetSimulator:
    """Lo-Card's or Hi-Card's ``simulate`` hook (with the bet bound)."""
    pays_of = {"win": rules.pays, "push": Fraction(0)}
    pays = [pays_of.get(name, Fraction(-1)) for name in LO_HI_ROWS]
    scale = common_scale(pays)
    return TileBetSimulator(LO_HI_ROWS, scale, Fraction(1), scaled(pays, scale), bet.tile,
                            rules.players)


def simulate_dice(bet: DiceBet) -> DiceSimulator:
    """Dice-Lo's or Dice-Hi's ``simulate`` hook (with the bet bound)."""
    pays = [Fraction(1) if name == "win" else Fraction(-1) for name in DICE_ROWS]
    scale = common_scale(pays)
    return DiceSimulator(DICE_ROWS, scale, Fraction(1), scaled(pays, scale), bet.low, bet.high)


