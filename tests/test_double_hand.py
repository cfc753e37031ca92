"""Double-Hand Poker hands: strength, settings and the house way (docs/rules.md section 3)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest

from edge.errors import CardError
from edge.games.double_hand_poker import _kernels as dh_kernels
from edge.games.double_hand_poker._kernels import LEVELS, PAIR, STRAIGHT, THREE_OF_A_KIND
from edge.games.double_hand_poker.house_way import (
    HANDS,
    Setting,
    explain_house_way,
    format_hand,
    hand_level,
    hand_rank,
    house_way,
    settings,
)
from edge.games.double_hand_poker.tiles import NUMBERS, parse_tiles, tile_numbers

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

ALL_DEALS = list(combinations(range(28), 3))


def hand(text: str) -> tuple[int, int, int]:
    """A hand in the rules' symbols, such as 'Q-K-A'."""
    symbols = {"8": 1, "9": 2, "10": 3, "J": 4, "Q": 5, "K": 6, "A": 7}
    a, b, c = sorted(symbols[s] for s in text.split("-"))
    return a, b, c


# --- hand strength ----------------------------------------------------------------------------

def test_class_counts_of_the_84_hands() -> None:
    # 7 trips, 5 straights (1-2-3 .. 5-6-7, no wrap), 7 x 6 pairs with a kicker, and the
    # C(7,3) = 35 sets of three different numbers less the 5 straights.
    levels = Counter(LEVELS[hand_level(h)] for h in combinations_with_replacement(NUMBERS, 3))
    assert levels == {"three of a kind": 7, "straight": 5, "pair": 42, "no pair": 30}
    assert len(HANDS) == 84 and len(set(HANDS)) == 84


@pytest.mark.parametrize(("weaker", "stronger"), [
    ("Q-K-A", "8-8-8"),          # trips beat the top straight
    ("8-9-10", "9-10-J"),        # straights by rank
    ("A-A-K", "8-9-10"),         # the lowest straight beats the top pair
    ("10-10-K", "10-10-A"),      # a pair, then its kicker
    ("9-9-A", "10-10-8"),        # the pair before the kicker
    ("A-K-J", "8-8-9"),          # the lowest pair beats the top no pair
    ("A-Q-J", "A-K-8"),          # no pair from the highest number down
    ("K-J-10", "K-Q-8"),
    ("J-9-8", "J-10-8"),         # the weakest hand is J-9-8 (8-9-10 is a straight)
])
def test_hand_order(weaker: str, stronger: str) -> None:
    assert hand_rank(hand(weaker)) < hand_rank(hand(stronger))


def test_strength_ends_and_formatting() -> None:
    assert format_hand(HANDS[0]) == "J-9-8"
    assert format_hand(HANDS[-1]) == "A-A-A"
    assert [format_hand(h) for h in HANDS[-12:-7]] == [
        "8-9-10", "9-10-J", "10-J-Q", "J-Q-K", "Q-K-A"]
    assert format_hand((6, 3, 3)) == "10-10-K" and format_hand((7, 7, 3)) == "A-A-10"


def test_kernel_strength_matches_python() -> None:
    for numbers in combinations_with_replacement(NUMBERS, 3):
        a, b, c = numbers
        for order in ((a, b, c), (c, b, a), (b, c, a)):
            assert dh_kernels.double_hand_rank(*order) == hand_rank(numbers)
        assert dh_kernels.double_hand_level(hand_rank(numbers)) == hand_level(numbers)
    with pytest.raises(ValueError):
        dh_kernels.double_hand_rank(0, 1, 2)


def test_bad_hand() -> None:
    with pytest.raises(CardError):
        hand_rank((1, 2, 8))


# --- settings ---------------------------------------------------------------------------------

def plain_settings(tiles: tuple[int, ...]) -> set[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Every split of the six numbers into two hands of three, the stronger one in back."""
    numbers = [n for t in tiles for n in tile_numbers(t)]
    found = set()
    for front_places in combinations(range(6), 3):
        front = tuple(sorted(numbers[i] for i in front_places))
        back = tuple(sorted(numbers[i] for i in range(6) if i not in front_places))
        if hand_rank(back) >= hand_rank(front):
            found.add((front, back))
    return found


def test_settings_are_every_valid_split_once() -> None:
    sizes: Counter[int] = Counter()
    for deal in ALL_DEALS:
        found = settings(deal)
        assert {(s.front, s.back) for s in found} == plain_settings(deal)
        assert len(found) == len(set(found))
        assert all(s.back_rank >= s.front_rank for s in found)
        # canonical order: strongest back first, then strongest front
        keys = [(-s.back_rank, -s.front_rank) for s in found]
        assert keys == sorted(keys)
        # the front hand fixes the back hand, so the house way's last tie-break never decides
        assert len({s.front for s in found}) == len(found)
        sizes[len(found)] += 1
    assert max(sizes) == 10  # six different numbers: C(6,3) / 2 splits


def test_kernel_settings_and_house_way_match_python_for_every_deal() -> None:
    for deal in ALL_DEALS:
        assert dh_kernels.double_hand_settings(*deal) == [(s.front_rank, s.back_rank)
                                                     for s in settings(deal)]
        way = house_way(deal)
        assert dh_kernels.double_hand_house_way(*deal) == (way.setting.front_rank,
                                                      way.setting.back_rank, way.rule)
    with pytest.raises(ValueError):
        dh_kernels.double_hand_settings(1, 1, 2)


def test_every_deal_can_put_a_pair_or_better_in_back() -> None:
    # Six numbers from 1..7 either repeat one (a pair) or are six different numbers, and any
    # six of the seven hold three in a row.
    for deal in ALL_DEALS:
        assert house_way(deal).setting.back_level >= PAIR


# --- the house way: the rules' six worked examples, in the rules' symbols -------------------

SEED_EXAMPLES = [
    # (tiles, front, back, rule) from "Definitions, Explanation & Examples" in
    # the Casino Double-Hand Poker rules and house way (S. Au-Yeung, 2005-2010)
    ("10-10, Q-K, K-A", "10-10-K", "Q-K-A", 1),     # (1.1) straight in back
    ("10-10, J-Q, Q-Q", "10-10-J", "Q-Q-Q", 1),     # (1.1) trips in back
    ("10-10, Q-Q, A-A", "Q-Q-10", "A-A-10", 1),     # (1.2) strongest front
    ("10-10, J-Q, K-K", "K-K-10", "10-J-Q", 1),     # (1.2) straight back, strongest front
    ("9-10, Q-A, K-K", "K-10-9", "Q-K-A", 2),       # (2.1) straight in back
    ("8-9, 10-J, Q-A", "A-Q-J", "8-9-10", 2),       # (2.2) strongest front among straights
]


@pytest.mark.parametrize(("tiles", "front", "back", "rule"), SEED_EXAMPLES)
def test_seed_examples(tiles: str, front: str, back: str, rule: int) -> None:
    way = house_way(parse_tiles(tiles))
    assert way.setting == Setting(hand(front), hand(back))
    assert format_hand(way.setting.front) == front
    assert format_hand(way.setting.back) == back
    assert way.rule == rule


@pytest.mark.parametrize(("tiles", "rejected_front", "rejected_back"), [
    # the settings the rules say "Not ..." to
    ("10-10 Q-K K-A", "10-10-A", "K-K-Q"),
    ("10-10 J-Q Q-Q", "Q-Q-10", "10-J-Q"),
    ("10-10 Q-Q A-A", "10-10-Q", "A-A-Q"),
    ("10-10 J-Q K-K", "10-10-K", "J-Q-K"),
    ("9-10 Q-A K-K", "A-Q-10", "K-K-9"),
    ("8-9 10-J Q-A", "A-Q-8", "9-10-J"),
    ("8-9 10-J Q-A", "A-9-8", "10-J-Q"),
])
def test_seed_rejected_settings_are_valid_but_not_chosen(
        tiles: str, rejected_front: str, rejected_back: str) -> None:
    way = house_way(parse_tiles(tiles))
    rejected = Setting(hand(rejected_front), hand(rejected_back))
    assert rejected in way.settings
    assert rejected != way.setting


# --- the house way: each rule branch ----------------------------------------------------------

@pytest.mark.parametrize(("tiles", "front", "back", "rule", "why"), [
    # rule 1, trips in back with a straight in front (both count as "a pair or better")
    ("8-8 8-9 10-J", "9-10-J", "8-8-8", 1, "trips back over straight back 8-9-10"),
    # rule 1, three pair/pair settings: the strongest front decides
    ("8-8 9-9 J-J", "9-9-8", "J-J-8", 1, "best front pair"),
    # rule 1, two straights: equal hands front and back
    ("8-8 9-9 10-10", "8-9-10", "8-9-10", 1, "straight back over pair back"),
    # rule 1 against rule 2: rule 2 alone would put the straight 8-9-10 in back
    ("8-8 9-10 10-K", "8-8-K", "10-10-9", 1, "two pairs beat a straight with no-pair front"),
    # rule 1 against rule 2: four 8s make trips, but rule 1 keeps two pairs
    ("8-8 8-K 8-A", "8-8-K", "8-8-A", 1, "two pairs beat trips with no-pair front"),
    # rule 2, trips in back
    ("8-8 8-10 Q-A", "A-Q-10", "8-8-8", 2, "only one hand can be paired"),
    # rule 2, a pair in back (no straight among 8 9 J Q A)
    ("8-8 9-J Q-A", "A-Q-J", "8-8-9", 2, "pair back, strongest front"),
    # rule 2, a straight in back chosen over a pair in back
    ("8-8 9-10 Q-A", "A-Q-8", "8-9-10", 2, "straight back over pair back"),
    # rule 1 where a pair in front needs the straight 9-10-J rather than 8-9-10 in back
    ("8-8 9-10 J-A", "8-8-A", "9-10-J", 1, "pair front, straight back"),
])
def test_house_way_branches(tiles: str, front: str, back: str, rule: int, why: str) -> None:
    way = house_way(parse_tiles(tiles))
    assert (format_hand(way.setting.front), format_hand(way.setting.back), way.rule) == (
        front, back, rule), why


def rule_two_only(tiles: tuple[int, ...]) -> Setting:
    """The house way's order over every setting, ignoring rule 1."""
    return max(settings(tiles), key=lambda s: (s.back_level, s.front_rank, s.back_rank))


def test_rule_one_and_rule_two_differ_on_some_deals() -> None:
    ways = {deal: (house_way(deal), rule_two_only(deal)) for deal in ALL_DEALS}
    differ = [deal for deal, (way, unconditional) in ways.items()
              if way.rule == 1 and way.setting != unconditional]
    assert differ
    for deal in differ:
        way, unconditional = ways[deal]
        # rule 1 gives up back-hand level to keep a pair or better in front
        assert way.setting.front_level >= PAIR
        assert unconditional.front_level < PAIR
        assert unconditional.back_level > way.setting.back_level
    assert parse_tiles("8-8 8-K 8-A") in differ and parse_tiles("8-8 9-10 10-K") in differ
    # where rule 2 applies, or rule 1 agrees, the two orders give the same setting
    for deal, (way, unconditional) in ways.items():
        if deal not in differ:
            assert way.setting == unconditional


def test_house_way_levels_seen() -> None:
    backs = Counter(house_way(deal).setting.back_level for deal in ALL_DEALS)
    assert set(backs) == {PAIR, STRAIGHT, THREE_OF_A_KIND}


# --- the explanation --------------------------------------------------------------------------

def test_explanation_marks_the_choice_and_the_rule() -> None:
    lines = explain_house_way(parse_tiles("10-10 Q-K K-A"))
    text = "\n".join(lines)
    assert "Rule 1 applies" in text
    chosen = [line for line in lines if "<- the house way" in line]
    assert len(chosen) == 1 and "10-10-K" in chosen[0] and "Q-K-A" in chosen[0]
    assert "front below a pair" in text
    assert "Rule 2 applies" in "\n".join(explain_house_way(parse_tiles("9-10 Q-A K-K")))
    assert "without it the dealer would set A-K-8 / 8-8-8" in "\n".join(
        explain_house_way(parse_tiles("8-8 8-K 8-A")))


# --- the kernels' argument checks and exported index orders ------------------------------------

@pytest.mark.parametrize(("numbers", "bad"), [
    ((0, 1, 2), "0"), ((1, 2, 8), "8"), ((1, -3, 2), "-3"), ((7, 7, 99), "99"),
])
def test_kernel_rank_names_the_bad_number(numbers: tuple[int, int, int], bad: str) -> None:
    with pytest.raises(ValueError, match=rf"the number {bad} is outside 1\.\.7"):
        dh_kernels.double_hand_rank(*numbers)


@pytest.mark.parametrize("rank", [-1, 84, 1000])
def test_kernel_level_names_the_bad_strength(rank: int) -> None:
    with pytest.raises(ValueError, match=rf"the hand strength {rank} is outside 0\.\.83"):
        dh_kernels.double_hand_level(rank)


@pytest.mark.parametrize("entry", ["double_hand_settings", "double_hand_house_way"])
@pytest.mark.parametrize(("deal", "message"), [
    ((28, 1, 2), r"the tile 28 is outside 0\.\.27"),
    ((1, -1, 2), r"the tile -1 is outside 0\.\.27"),
    ((1, 2, 40), r"the tile 40 is outside 0\.\.27"),
    ((1, 1, 2), "the tile 1 is dealt twice"),
    ((5, 2, 5), "the tile 5 is dealt twice"),
    ((3, 9, 9), "the tile 9 is dealt twice"),
])
def test_kernel_deal_entry_points_name_the_bad_tile(entry: str, deal: tuple[int, int, int],
                                                    message: str) -> None:
    with pytest.raises(ValueError, match=message):
        getattr(dh_kernels, entry)(*deal)


def test_kernel_index_orders_agree_with_python() -> None:
    assert tuple((a, b) for a in NUMBERS for b in NUMBERS if a <= b) == dh_kernels.TILES
    assert dh_kernels.TILE_COUNT == len(dh_kernels.TILES) == 28
    assert dh_kernels.DEAL_COUNT == len(ALL_DEALS) == 3276
    assert dh_kernels.DEALER_DEALS == len(list(combinations(range(25), 3))) == 2300
    assert dh_kernels.HAND_COUNT == len(HANDS) == 84
    assert [dh_kernels.NO_PAIR, dh_kernels.PAIR, dh_kernels.STRAIGHT,
            dh_kernels.THREE_OF_A_KIND] == [0, 1, 2, 3]
    assert LEVELS[hand_level((1, 1, 1))] == "three of a kind"
    assert LEVELS[hand_level((1, 2, 4))] == "no pair"
    deals, *_ = dh_kernels.double_hand_counts()
    assert [tuple(d) for d in deals.tolist()] == ALL_DEALS
