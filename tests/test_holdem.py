"""The hold'em evaluator against a plain-Python reference, edge cases and published counts.

The large random samples use a numpy version of the reference (the best five cards by the
rules, for many hands at once), itself checked against the plain one.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest

from edge import _core, holdem
from edge.cards import parse_cards
from edge.errors import CardError, EdgeError

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

# --- a plain-Python reference evaluator, written for clarity, not speed ----------------------

REFERENCE_CLASSES = holdem.CLASS_NAMES


def reference_five(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """(class index, tie-break ranks) of exactly five cards; compare tuples to compare hands.

    The class index here gives straight flush and royal flush the same value 8 (a royal is the
    ace-high straight flush); ``reference_class`` names the royal separately.
    """
    ranks = sorted((card // 4 for card in cards), reverse=True)
    suits = {card % 4 for card in cards}
    counts = Counter(ranks)
    # ranks ordered by (how many, rank): the pair before the kickers, and so on
    by_count = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len(suits) == 1
    straight_top = None
    if len(counts) == 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:  # the wheel A-2-3-4-5: five-high
            straight_top = 3
    if straight_top is not None and flush:
        return 8, (straight_top,)
    if shape == [4, 1]:
        return 7, tuple(by_count)
    if shape == [3, 2]:
        return 6, tuple(by_count)
    if flush:
        return 5, tuple(ranks)
    if straight_top is not None:
        return 4, (straight_top,)
    if shape == [3, 1, 1]:
        return 3, tuple(by_count)
    if shape == [2, 2, 1]:
        return 2, tuple(by_count)
    if shape == [2, 1, 1, 1]:
        return 1, tuple(by_count)
    return 0, tuple(ranks)


def reference_best(cards: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The best five-card value among all five-card subsets of 5 to 7 cards."""
    return max(reference_five(five) for five in combinations(cards, 5))


def reference_class(cards: tuple[int, ...]) -> int:
    """Class index 0..9 of the reference value, with the royal flush as 9."""
    value = reference_best(cards)
    return 9 if value == (8, (12,)) else value[0]


def plain_value(cards: tuple[int, ...]) -> int:
    """``reference_best`` as one integer: the class, then the tie-break ranks in base 13.

    Within a class every tuple has the same length, so comparing these integers is comparing
    the tuples.
    """
    rank_class, ties = reference_best(cards)
    return rank_class * 13 ** 5 + sum(rank * 13 ** (4 - i) for i, rank in enumerate(ties))


# --- the same reference for many hands at once (numpy), checked against the plain one above ---

RANKS = np.arange(13, dtype=np.int8)[:, None]        # two .. ace, one row per rank
PLACES = [13 ** (4 - i) for i in range(5)]            # the tie-break ranks' places in base 13


def highest(held: np.ndarray, count: int) -> list[np.ndarray]:
    """The ``count`` highest ranks set in ``held`` ([13, hands]: rank r held or not), highest
    first, one array per place; -1 where a hand holds fewer ranks."""
    at_or_above = np.cumsum(held[::-1], axis=0, dtype=np.int8)[::-1]  # ranks held from r up
    return [np.where(held & (at_or_above == n), RANKS, np.int8(-1)).max(axis=0)
            for n in range(1, count + 1)]


def straight_top(held: np.ndarray) -> np.ndarray:
    """The top rank of the best straight among the ranks held ([13, hands]), -1 if none. The
    wheel A-2-3-4-5 is five-high: its ace plays as the rank below the two."""
    top = np.full(held.shape[1], -1)
    for high in range(3, 13):                     # five-high .. ace-high: the best one is kept
        needed = [(high - step) % 13 for step in range(5)]      # rank -1 is the ace (12)
        top = np.where(held[needed].all(axis=0), high, top)
    return top


def reference_values(hands: np.ndarray) -> np.ndarray:
    """``plain_value`` of many hands of 5 to 7 cards ([hands, cards]) at once.

    The best five cards by the rules, class by class from the top, on each hand's 13 x 4 table
    of the cards it holds: a straight flush (in a suit of five or more cards), four of a kind
    and the best other card, three of a kind with the best other pair or three of a kind, a
    flush (its five highest), a straight, three of a kind and two kickers, two pairs (the best
    two) and a kicker, a pair and three kickers, else the five highest cards. The tie-breaks
    are those of ``reference_five``; ``test_vectorised_reference_is_the_plain_reference``
    checks the two agree.
    """
    n = len(hands)
    held = np.zeros((52, n), dtype=bool)
    held[hands.T, np.arange(n)] = True
    by_rank_and_suit = held.reshape(13, 4, n)            # card = 4 * rank + suit
    count = by_rank_and_suit.sum(axis=1)                  # [13, hands]: cards of each rank
    present = count >= 1
    flush_suit = by_rank_and_suit.sum(axis=0) >= 5       # [4, hands]: five or more cards
    flush_ranks = (by_rank_and_suit & flush_suit).any(axis=1)

    def kickers(made: list[np.ndarray], how_many: int) -> list[np.ndarray]:
        """The best ranks held besides those of the made pairs, trips or quads."""
        others = present.copy()
        for rank in made:
            others &= rank != RANKS
        return highest(others, how_many)

    straight_flush = straight_top(flush_ranks)
    straight = straight_top(present)
    [quads] = highest(count == 4, 1)
    [trips] = highest(count == 3, 1)
    [full_house_pair] = highest((count >= 2) & (trips != RANKS), 1)   # a pair or other trips
    pair, second_pair = highest(count == 2, 2)
    hand_classes = [   # (the hand has it, class index, tie-break ranks), best class first
        (straight_flush >= 0, 8, [straight_flush]),
        (quads >= 0, 7, [quads, *kickers([quads], 1)]),
        ((trips >= 0) & (full_house_pair >= 0), 6, [trips, full_house_pair]),
        (flush_ranks.any(axis=0), 5, highest(flush_ranks, 5)),
        (straight >= 0, 4, [straight]),
        (trips >= 0, 3, [trips, *kickers([trips], 2)]),
        (second_pair >= 0, 2, [pair, second_pair, *kickers([pair, second_pair], 1)]),
        (pair >= 0, 1, [pair, *kickers([pair], 3)]),
        (np.ones(n, dtype=bool), 0, kickers([], 5)),
    ]
    values = [rank_class * 13 ** 5 + sum(rank.astype(np.int64) * place
                                         for rank, place in zip(ties, PLACES, strict=False))
              for _, rank_class, ties in hand_classes]
    return np.select([has for has, _, _ in hand_classes], values)


def reference_class_of_values(values: np.ndarray) -> np.ndarray:
    """Class index 0..9 of reference values, with the royal flush (ace-high straight flush)
    as 9."""
    return np.where(values == 8 * 13 ** 5 + 12 * 13 ** 4, 9, values // 13 ** 5)


def assert_same_order(reference: np.ndarray, strengths: np.ndarray) -> None:
    """The fast strengths order the hands exactly as the reference values do, ties included:
    sorted by reference value (then strength), equal neighbours have equal strengths and a
    higher reference value a higher strength."""
    order = np.lexsort((strengths, reference))
    ref, fast = reference[order], strengths[order]
    tied = ref[1:] == ref[:-1]
    assert (fast[1:][tied] == fast[:-1][tied]).all()
    assert (fast[1:][~tied] > fast[:-1][~tied]).all()


def assert_same_classes(reference: np.ndarray, strengths: np.ndarray) -> None:
    """Every hand's class from the fast strength is the reference's."""
    distinct, where = np.unique(strengths, return_inverse=True)
    classes = np.array([_core.hand_class(int(s)) for s in distinct])[where.ravel()]
    assert (classes == reference_class_of_values(reference)).all()


def random_hands(count: int, size: int, seed: int) -> np.ndarray:
    """``count`` random hands of ``size`` distinct cards, seeded: each hand is dealt from its
    own deck card by card, each card uniform among those not yet dealt (the first ``size``
    steps of a Fisher-Yates shuffle)."""
    rng = np.random.default_rng(seed)
    decks = np.tile(np.arange(52, dtype=np.int8), (count, 1))
    hands = np.arange(count)
    for place in range(size):
        drawn = rng.integers(place, 52, count)           # one of the cards left in the deck
        decks[hands, place], decks[hands, drawn] = decks[hands, drawn], decks[hands, place]
    return decks[:, :size].astype(np.int64)


def check_sample(count: int, size: int, seed: int) -> None:
    """The fast evaluator orders and classes ``count`` random hands as the reference does."""
    hands = random_hands(count, size, seed)
    strengths = _core.evaluate_many(hands)
    reference = reference_values(hands)
    assert_same_order(reference, strengths)
    assert_same_classes(reference, strengths)


# --- the reference itself on small known facts ------------------------------------------------

def test_reference_on_known_hands() -> None:
    assert reference_class(parse_cards("Ah Kh Qh Jh Th")) == 9
    assert reference_best(parse_cards("Ac 2d 3h 4s 5c")) == (4, (3,))
    assert reference_best(parse_cards("Ac Ad Kc Kd Qc Qd 2s")) == (2, (12, 11, 10))


@pytest.mark.parametrize("size", [5, 6, 7])
def test_vectorised_reference_is_the_plain_reference(size: int) -> None:
    hands = random_hands(4000, size, seed=40 + size)
    values = reference_values(hands)
    for hand, value in zip(hands.tolist(), values.tolist(), strict=True):
        assert value == plain_value(tuple(hand)), hand


# --- the fast evaluator -----------------------------------------------------------------------

EDGE_CASES = [
    # (cards, class name)
    ("As Ks Qs Js Ts 2c 3d", "royal-flush"),
    ("Ac 2d 3h 4s 5c Kd Qh", "straight"),                 # wheel
    ("Ah 2h 3h 4h 5h Kd Qc", "straight-flush"),           # steel wheel
    ("Ah 2h 3h 4h 5h 6h Qc", "straight-flush"),           # six-high beats the wheel inside
    ("Kc Kd Kh 4s 4c 4d 9h", "full-house"),               # two trips make a full house
    ("9h Th Jh Qh 2h 8c Ks", "flush"),                    # flush plus a straight, not an SF
    ("Ac Ad Kc Kd Qc Qd 2s", "two-pair"),                 # three pairs
    ("7c 7d 7h 7s 9c 9d 9h", "four-of-a-kind"),           # quads with a full house
    ("7c 7d 7h 7s 2c 3d 4h", "four-of-a-kind"),
    ("2c 2d 5h 6s 7c 8d 9h", "straight"),                 # pair and straight
    ("2c 2d 2h 6s 7c 8d 9h", "three-of-a-kind"),
    ("2c 2d 2h 3s 4c 5d Ah", "straight"),                 # trips and a wheel
    ("2c 4d 6h 8s Tc Qd Ah", "high-card"),
    ("2c 2d 6h 8s Tc Qd Ah", "pair"),
    ("As Ks Qs Js Ts", "royal-flush"),
    ("Ts Js Qs Ks 9s 8s", "straight-flush"),
]


@pytest.mark.parametrize(("text", "name"), EDGE_CASES)
def test_edge_cases_class(text: str, name: str) -> None:
    strength = holdem.evaluate(text)
    assert holdem.hand_class_name(strength) == name
    assert REFERENCE_CLASSES[reference_class(parse_cards(text))] == name


def test_vectorised_reference_on_known_hands() -> None:
    for text, name in EDGE_CASES:
        value = reference_values(np.array([parse_cards(text)], dtype=np.int64))
        assert REFERENCE_CLASSES[int(reference_class_of_values(value)[0])] == name, text
        assert int(value[0]) == plain_value(parse_cards(text)), text


ORDERED = [
    # each hand beats the one before it
    "Ac 2d 3h 4s 5c Kd Qh",       # wheel
    "2c 3d 4h 5s 6c Kd Qh",       # six-high straight
    "Ah 2h 3h 4h 5h Kd Qc",       # steel wheel
    "2h 3h 4h 5h 6h Kd Qc",       # six-high straight flush
    "Ks Qs Js Ts 9s 2c 3d",       # king-high straight flush
    "As Ks Qs Js Ts 2c 3d",       # royal
]


def test_order_of_straights() -> None:
    strengths = [holdem.evaluate(hand) for hand in ORDERED]
    assert strengths == sorted(strengths)
    assert len(set(strengths)) == len(strengths)


def test_ties_and_kickers() -> None:
    # the board plays: both hands tie
    assert holdem.evaluate("As Ks Qs Js Ts 2c 3d") == holdem.evaluate("As Ks Qs Js Ts 4h 5h")
    # three pairs: the third pair's rank is the kicker
    assert holdem.evaluate("Ac Ad Kc Kd Qc Qd 2s") == holdem.evaluate("Ac Ad Kc Kd Qh 2s 3s")
    assert holdem.evaluate("Ac Ad Kc Kd Qc Qd 2s") > holdem.evaluate("Ac Ad Kc Kd Jh 2s 3s")
    # two trips: the lower is the pair of the full house
    assert holdem.evaluate("Kc Kd Kh 4s 4c 4d 9h") == holdem.evaluate("Kc Kd Kh 4s 4c 2d 3h")
    # quads with trips: the kicker is the highest other rank
    assert holdem.evaluate("7c 7d 7h 7s 9c 9d 9h") == holdem.evaluate("7c 7d 7h 7s 9c 2d 3h")
    # flush: the best five of six suited cards
    assert holdem.evaluate("2h 4h 6h 8h Th Qh Kc") > holdem.evaluate("2h 4h 6h 8h Th Jh Kc")


def test_all_hooks_agree() -> None:
    hands = random_hands(3000, 7, seed=11)
    many = _core.evaluate_many(hands)
    for row, strength in zip(hands, many, strict=True):
        cards = [int(c) for c in row]
        assert _core.evaluate7(cards) == strength
        assert _core.evaluate_cards(cards) == strength
        assert holdem.evaluate(cards) == strength


@pytest.mark.parametrize("size", [5, 6])
def test_short_hands_against_reference(size: int) -> None:
    check_sample(20_000, size, seed=size)


def test_seven_card_hands_against_reference() -> None:
    check_sample(50_000, 7, seed=2024)


def test_every_hand_of_small_decks_against_reference() -> None:
    # every 5-card hand of the 20 cards ten..ace (broadway straights and flushes, royals) and
    # every 7-card hand of ace..five in three suits (wheels, steel wheels, full houses), by the
    # plain reference hand by hand (and the vectorised one agrees on each)
    broadway = [card for card in range(52) if card // 4 >= 8]
    low = [card for card in range(52) if (card // 4 == 12 or card // 4 <= 3) and card % 4 < 3]
    for deck, size in ((broadway, 5), (low, 7)):
        hands = list(combinations(deck, size))
        strengths = _core.evaluate_many(np.array(hands, dtype=np.int64))
        plain = np.array([plain_value(hand) for hand in hands])
        assert_same_order(plain, strengths)
        assert_same_classes(plain, strengths)
        assert (reference_values(np.array(hands, dtype=np.int64)) == plain).all()


@pytest.mark.slow
def test_million_seven_card_hands_against_reference() -> None:
    # order and class of every one of the million hands (the vectorised reference)
    check_sample(1_000_000, 7, seed=7)


def test_class_counts_seven_cards() -> None:
    # Wikipedia "Poker probability" (7-card hands), docs/references.md
    counts = holdem.class_counts()
    assert counts == {
        "royal-flush": 4_324, "straight-flush": 37_260, "four-of-a-kind": 224_848,
        "full-house": 3_473_184, "flush": 4_047_644, "straight": 6_180_020,
        "three-of-a-kind": 6_461_620, "two-pair": 31_433_400, "pair": 58_627_800,
        "high-card": 23_294_460,
    }
    assert sum(counts.values()) == comb(52, 7)


def test_class_counts_five_cards() -> None:
    # Wikipedia "Poker probability" (5-card hands)
    assert holdem.class_counts(5) == {
        "royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3_744,
        "flush": 5_108, "straight": 10_200, "three-of-a-kind": 54_912, "two-pair": 123_552,
        "pair": 1_098_240, "high-card": 1_302_540,
    }


def test_class_counts_six_cards() -> None:
    counts = holdem.class_counts(6)
    assert sum(counts.values()) == comb(52, 6)
    # Wikipedia "Poker probability" (6-card hands): royal 188, straight flush 1,656
    assert counts["royal-flush"] == 188
    assert counts["straight-flush"] == 1_656


def test_five_card_distinct_strengths() -> None:
    # 7,462 distinct five-card hand values (Wikipedia "Poker probability")
    hands = np.array(list(combinations(range(52), 5)), dtype=np.int64)
    assert len(set(_core.evaluate_many(hands).tolist())) == 7_462


@pytest.mark.parametrize("text", ["As Ks Qs Js", "As Ks Qs Js Ts 9s 8s 7s", "As Kx Qs Js Ts",
                                  "As As Qs Js Ts", ""])
def test_bad_hands_rejected(text: str) -> None:
    with pytest.raises(CardError):
        holdem.evaluate(text)


def test_bad_indexes_and_strengths_rejected() -> None:
    with pytest.raises(CardError):
        holdem.evaluate([0, 1, 2, 3, 52])
    with pytest.raises(CardError):
        holdem.evaluate([0, 1, 2, 3, 3])
    with pytest.raises(EdgeError):
        holdem.hand_class(-1)
    with pytest.raises(EdgeError):
        holdem.class_counts(4)
    with pytest.raises(ValueError):
        _core.evaluate7([0, 1, 2, 3, 4, 5, 5])
    with pytest.raises(ValueError):
        _core.evaluate_many(np.zeros((2, 7), dtype=np.int64))
