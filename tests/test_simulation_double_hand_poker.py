"""The Casino Double-Hand Poker simulation's own ranking, house way, and settlement."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import numpy as np
import pytest

from edge.games.double_hand_poker import analysis as dhp
from edge.games.double_hand_poker import house_way as double_hand
from edge.games.double_hand_poker import simulation as sim
from edge.games.double_hand_poker._kernels import DICE_ROWS, LO_HI_ROWS, MAIN_ROWS, TILES
from edge.games.double_hand_poker.rules import DoubleHandRules, PlayerSetting
from edge.games.double_hand_poker.tiles import parse_tiles

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

LO_TILE = TILES.index((1, 1))


def test_own_ranking_orders_the_84_hands_like_the_analysis() -> None:
    mine = [sim.hand_strength(hand) for hand in double_hand.HANDS]  # analysis order, weakest first
    assert all(a < b for a, b in zip(mine, mine[1:], strict=False))


# The six worked examples of the house way ("Definitions, Explanation & Examples" in
# the Casino Double-Hand Poker rules and house way (S. Au-Yeung, 2005-2010)), written with the
# rules' symbols 8, 9, 10, J, Q, K, A = 1..7.
SEED_EXAMPLES = [
    ("10-10 Q-K K-A", (3, 3, 6), (5, 6, 7)),
    ("10-10 J-Q Q-Q", (3, 3, 4), (5, 5, 5)),
    ("10-10 Q-Q A-A", (5, 5, 3), (7, 7, 3)),
    ("10-10 J-Q K-K", (6, 6, 3), (3, 4, 5)),
    ("9-10 Q-A K-K", (6, 3, 2), (5, 6, 7)),
    ("8-9 10-J Q-A", (7, 5, 4), (1, 2, 3)),
]


@pytest.mark.parametrize(("tiles", "front", "back"), SEED_EXAMPLES, ids=str)
def test_house_way_on_the_seed_examples(tiles: str, front: tuple[int, ...],
                                        back: tuple[int, ...]) -> None:
    assert sim.house_way(parse_tiles(tiles)) == (sim.hand_strength(front),
                                                 sim.hand_strength(back))


def test_house_way_agrees_with_the_analysis_on_every_deal() -> None:
    for tiles in combinations(range(28), 3):
        theirs = double_hand.house_way(tiles).setting
        assert sim.house_way(tiles) == (sim.hand_strength(theirs.front),
                                        sim.hand_strength(theirs.back)), tiles


def test_player_table_is_the_analysis_choice_in_every_tile_order() -> None:
    front, back = sim.player_table(PlayerSetting.OPTIMAL, Fraction(1, 20))
    counts = dhp.setting_counts()
    slots = dhp.chosen_slots(counts, "optimal", Fraction(1, 20))
    for index in range(0, len(counts.deals), 13):
        a, b, c = (int(t) for t in counts.deals[index])
        setting = counts.setting(index, int(slots[index]))
        for key in ((a * 28 + b) * 28 + c, (c * 28 + a) * 28 + b):
            assert (front[key], back[key]) == (sim.hand_strength(setting.front),
                                               sim.hand_strength(setting.back))


def test_main_settlement_needs_both_hands_strictly_higher() -> None:
    player_front = np.array([5, 5, 5, 4, 4])
    player_back = np.array([9, 9, 8, 9, 8])
    dealer_front = np.array([4, 4, 4, 4, 4])
    dealer_back = np.array([8, 9, 9, 8, 8])
    rows = sim.main_index(player_front, player_back, dealer_front, dealer_back)
    assert [MAIN_ROWS[i] for i in rows] == ["win-both", "push", "push", "push", "lose-both"]


def test_main_pays_one_less_commission() -> None:
    simulator = sim.simulate_main(DoubleHandRules(commission=Fraction(1, 20)))
    assert [Fraction(int(p), simulator.scale) for p in simulator.pays] == [
        Fraction(19, 20), 0, -1]


@pytest.mark.parametrize(("players", "where", "row"), [
    (1, 1, "win"), (1, 4, "lose-dealer"), (1, 7, "push"), (1, None, "lose-unexposed"),
    (3, 2, "win"), (3, 5, "lose-other-player"), (3, 8, "lose-other-player"),
    (3, 10, "lose-dealer"), (3, 13, "push"),
])
def test_lo_card_by_where_the_tile_lands(players: int, where: int | None, row: str) -> None:
    """Seats 0..players-1 hold rows 3s..3s+2, then the dealer, then the three exposed."""
    count = 3 * (players + 2)
    dealt = np.arange(1, count + 1, dtype=np.int16)  # tiles 1..count: the 1-1 tile 0 not dealt
    if where is not None:
        dealt[where] = LO_TILE
    rows = sim.lo_hi_index(dealt.reshape(count, 1), LO_TILE, players)
    assert LO_HI_ROWS[int(rows[0])] == row


def test_dice_over_all_216_rolls() -> None:
    rolls = np.array(list(product(range(1, 7), repeat=3)), dtype=np.int16).T
    low = Counter(DICE_ROWS[i] for i in sim.dice_index(rolls, 4, 10))
    high = Counter(DICE_ROWS[i] for i in sim.dice_index(rolls, 11, 17))
    # 105 winning rolls of 216 (Sic Bo Small/Big, docs/references.md)
    assert low == high == {"win": 105, "lose-triple": 6, "lose-total": 105}
