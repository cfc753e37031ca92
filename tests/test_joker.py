"""Issue 35: the joker of Pai Gow Poker's 53-card deck in a bet file (``[shoe] jokers = 1``).

The joker (the "bug") completes a straight, a flush or a straight flush, else it counts as an
ace; four aces and the joker are five aces. Checked here against an evaluator written in this
file from those words (every five of the cards, the joker tried as every card, kept only as an
ace or where it makes a straight or a flush), never calling edge's kernels:

- edge's classes and the example's outcomes on random hands, and on hands from a few suited
  cards and the joker (where the rare hands are);
- every five-card hand of the 53 cards by class, counted by this file's own numpy evaluator;
- the Fortune bonus of Fortune Pai Gow Poker (examples/bets/fortune-pai-gow.toml) against the
  published combinations of the seven-card hands of 53 cards, C(53, 7) = 154,143,080: Wizard of
  Odds, "Fortune Pai Gow Poker" (its pay tables and combinations) and "Pai Gow Mania"
  (wizardofodds.com/games/pai-gow-poker/appendix/5/: the best five of seven by class, five
  aces to straight); docs/references.md;
- Pai Gow Mania's three-card bet (poker3 with the joker), every three-card hand of 53, against
  the evaluator and the same page's counts;
- the bad files: the joker with more than one deck, a joker word with none, a word that cannot
  say what the joker is.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import edge
from edge.bets import _kernels
from edge.bets.compile import Deals
from edge.bets.file import read_bet_file
from edge.bets.game import BetAnalysis
from tests.conftest import CliRunner

# drives a compiled kernel: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels
# the kernel called with values its typed stub does not admit (its own checks are tested)
UNTYPED_KERNELS: Any = _kernels

ROOT = Path(__file__).resolve().parent.parent
FORTUNE = ROOT / "examples" / "bets" / "fortune-pai-gow.toml"
JOKER = 52
# classes as poker5 numbers them, and five aces above the royal flush
(HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL,
 FIVE_ACES) = range(11)
CLASS_NAMES = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
               "full-house", "four-of-a-kind", "straight-flush", "royal-flush", "five-aces")
ACE = 12

# The Fortune bonus's seven-card hands of 53 cards, by the pay table's categories (Wizard of
# Odds, "Fortune Pai Gow Poker", combinations; docs/references.md). A hand holding three of a
# kind and a straight is a three of a kind there (it pays more).
PUBLISHED_FORTUNE = {
    "seven-card-straight-flush": 32,
    "royal-flush-royal-match": 72,
    "seven-card-straight-flush-with-joker": 196,
    "five-aces": 1_128,
    "royal-flush": 26_020,
    "straight-flush": 184_644,
    "four-of-a-kind": 307_472,
    "full-house": 4_188_528,
    "flush": 6_172_088,
    "three-of-a-kind": 7_672_500,
    "straight": 11_034_204,
    "lose": 124_556_196,
}
# Pai Gow Mania's seven-card bet (Wizard of Odds, Pai Gow Poker appendix 5): the best five of
# the seven cards of 53 by class, the seven-card straight flushes in the royal and straight
# flush rows; a three of a kind beside a straight again counted a three of a kind.
# Published house edges: the Fortune bonus paying 5,000 for the seven-card straight flush
# (J. Grochowski, "Fortune Pai Gow", Casino City Times, 17 May 2015: 7.8 percent, the Envy
# bonus aside), and Pai Gow Mania's seven-card bet (Wizard of Odds: -0.063667 per unit).
PUBLISHED_FORTUNE_EDGES = {"5000-2000-1000": Fraction(78, 10)}
MANIA_PAYS = {"five-aces": 500, "royal-flush": 250, "straight-flush": 50, "four-of-a-kind": 25,
              "full-house": 5, "flush": 4, "three-of-a-kind": 3, "straight": 2}
PUBLISHED_MANIA_EDGE = Fraction(63_667, 10**6)
PUBLISHED_MANIA = {"five-aces": 1_128, "royal-flush": 26_132, "straight-flush": 184_832,
                   "four-of-a-kind": 307_472, "full-house": 4_188_528, "flush": 6_172_088,
                   "three-of-a-kind": 7_672_500, "straight": 11_034_204}


# --- an evaluator written from the rules ------------------------------------------------------
def five_card_class(cards: tuple[tuple[int, int], ...]) -> int:
    """The class of five (rank, suit) cards, which may repeat (the joker standing in for a card
    already held): ranks 0 a two .. 12 an ace."""
    ranks = sorted((rank for rank, _ in cards), reverse=True)
    shape = sorted(Counter(ranks).values(), reverse=True)
    flush = len({suit for _, suit in cards}) == 1
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and (distinct[4] - distinct[0] == 4
                                       or distinct == [0, 1, 2, 3, ACE])
    if shape[0] == 5:
        return FIVE_ACES if ranks[0] == ACE else QUADS
    if straight and flush:
        return ROYAL if distinct == [8, 9, 10, 11, ACE] else STRAIGHT_FLUSH
    if shape[0] == 4:
        return QUADS
    if shape[:2] == [3, 2]:
        return FULL_HOUSE
    if flush:
        return FLUSH
    if straight:
        return STRAIGHT
    if shape[0] == 3:
        return TRIPS
    return TWO_PAIR if shape[:2] == [2, 2] else PAIR if shape[0] == 2 else HIGH


def bug_class(hand: tuple[int, ...]) -> int:
    """The best five of 5 to 7 cards (faces 0..51, and 52 the joker): every five of them, the
    joker tried as each of the 52 cards; as an ace always, as another card only where the five
    are a straight, a flush or a straight flush."""
    best = HIGH
    for five in itertools.combinations(hand, 5):
        real = tuple((card // 4, card % 4) for card in five if card != JOKER)
        if len(real) == 5:
            best = max(best, five_card_class(real))
            continue
        for stand_in in range(52):
            found = five_card_class(real + ((stand_in // 4, stand_in % 4),))
            if stand_in // 4 == ACE or found in (STRAIGHT, FLUSH, STRAIGHT_FLUSH, ROYAL):
                best = max(best, found)
    return best


def fortune_outcome(hand: tuple[int, ...]) -> str:
    """The Fortune bonus of seven cards, from the pay table's words: a seven-card straight
    flush (without, then with the joker standing in for one card), a royal flush with a king
    and queen of another suit (real cards), five aces, then the best five, a three of a kind
    (the joker an ace) ranking above a straight."""
    real = [card for card in hand if card != JOKER]
    suits = {card % 4 for card in real}
    ranks = sorted(card // 4 for card in real)
    runs = [set(range(low, low + 7)) for low in range(7)] + [{ACE, 0, 1, 2, 3, 4, 5}]
    seven_run = len(suits) == 1 and len(set(ranks)) == len(ranks) and any(
        set(ranks) <= run for run in runs)
    if seven_run and len(real) == 7:
        return "seven-card-straight-flush"
    klass = bug_class(hand)
    if klass == ROYAL:
        # the royal's suit holds four or five real cards; a match is the other two cards
        royal_suit = Counter(card % 4 for card in real).most_common(1)[0][0]
        others = [card for card in real if card % 4 != royal_suit]
        if sorted(card // 4 for card in others) == [10, 11] and len({c % 4 for c in others}) == 1:
            return "royal-flush-royal-match"
    if seven_run:
        return "seven-card-straight-flush-with-joker"
    if klass >= FLUSH:
        return CLASS_NAMES[klass]
    most = max(Counter(ACE if card == JOKER else card // 4 for card in hand).values())
    if most >= 3:
        return "three-of-a-kind"
    return "straight" if klass == STRAIGHT else "lose"


# --- a vectorised evaluator, for every five-card hand -----------------------------------------
IntArray = npt.NDArray[np.int64]


def five_card_classes(ranks: IntArray, suits: IntArray) -> IntArray:
    """The class of each row of five (rank, suit) cards, cards may repeat (as above)."""
    ordered = np.sort(ranks, axis=1)
    same = ordered[:, :, None] == ordered[:, None, :]
    counts = np.sort(same.sum(axis=2), axis=1)[:, ::-1]       # each card's rank count
    # the count of the rank after the most held one (a full house's pair, two pair's second)
    most = counts[:, 0]
    second = np.take_along_axis(counts, np.minimum(most, 4)[:, None], axis=1)[:, 0]
    flush = (suits == suits[:, :1]).all(axis=1)
    distinct = (np.diff(ordered, axis=1) != 0).all(axis=1)
    wheel = distinct & (ordered == np.array([0, 1, 2, 3, ACE])).all(axis=1)
    straight = distinct & ((ordered[:, 4] - ordered[:, 0] == 4) | wheel)
    royal = straight & flush & (ordered[:, 0] == 8)
    return np.select(
        [(most == 5) & (ordered[:, 0] == ACE), most == 5, royal, straight & flush, most == 4,
         (most == 3) & (second == 2), flush, straight, most == 3, (most == 2) & (second == 2),
         most == 2],
        [FIVE_ACES, QUADS, ROYAL, STRAIGHT_FLUSH, QUADS, FULL_HOUSE, FLUSH, STRAIGHT, TRIPS,
         TWO_PAIR, PAIR], HIGH)


def every_class(hands: IntArray) -> IntArray:
    """The class of each row of five cards, increasing (the joker, 52, last), vectorised."""
    joker = hands[:, 4] == JOKER
    found = np.zeros(len(hands), dtype=np.int64)
    plain = hands[~joker]
    found[~joker] = five_card_classes(plain // 4, plain % 4)
    real = hands[joker][:, :4]
    best = np.zeros(len(real), dtype=np.int64)
    for stand_in in range(52):
        rows = np.concatenate([real, np.full((len(real), 1), stand_in)], axis=1)
        klass = five_card_classes(rows // 4, rows % 4)
        allowed = stand_in // 4 == ACE or np.isin(klass, (STRAIGHT, FLUSH, STRAIGHT_FLUSH,
                                                          ROYAL))
        best = np.maximum(best, np.where(allowed, klass, HIGH))
    found[joker] = best
    return found


def every_five_card_class() -> Counter[int]:
    """Every five-card hand of the 53 cards by class (the joker as above, vectorised)."""
    hands = np.array(list(itertools.combinations(range(53), 5)), dtype=np.int64)
    return Counter(every_class(hands).tolist())


# --- bet files ----------------------------------------------------------------------------------
def write_bet(tmp_path: Path, outcomes: dict[str, str], deal: str = "player = 7",
              shoe: str = "decks = 1\njokers = 1") -> Path:
    """A bet file with these outcomes (name: condition), each paying 1."""
    lines = ['name = "test-bet"', 'title = "Test"', "", "[shoe]", shoe, "", "[deal]", deal, ""]
    for name, when in outcomes.items():
        lines += ["[[outcome]]", f'name = "{name}"', f'when = "{when}"', ""]
    pays = ", ".join(f"{name} = 1" for name in outcomes)
    lines += ["[paytables]", f"A = {{ {pays} }}", ""]
    path = tmp_path / "test-bet.toml"
    path.write_text("\n".join(lines))
    return path


def class_file(tmp_path: Path, cards: int) -> BetAnalysis:
    """A file with one outcome per class of the best five of ``cards`` cards."""
    outcomes = {name: f"poker5(player) == {name}" for name in reversed(CLASS_NAMES[1:])}
    return BetAnalysis(read_bet_file(write_bet(tmp_path, outcomes, f"player = {cards}")))


def settled(analysis: BetAnalysis, hands: list[tuple[int, ...]]) -> list[str]:
    """Each hand's outcome by the file's own conditions."""
    names = [o.name for o in analysis.bet.outcomes] + ["lose"]
    index = analysis.classify(Deals(np.array([sorted(h) for h in hands], dtype=np.int64)))
    return [names[i] for i in index.tolist()]


def sample_hands(seed: int, count: int, deck: list[int]) -> list[tuple[int, ...]]:
    """Random seven-card hands from ``deck``, half of them holding the joker."""
    rng = random.Random(seed)
    plain = [card for card in deck if card != JOKER]
    hands = []
    for number in range(count):
        if number % 2:
            hands.append(tuple(rng.sample(plain, 6)) + (JOKER,))
        else:
            hands.append(tuple(rng.sample(plain, 7)))
    return hands


# a deck where the rare hands are common: hearts from eight up, spade kings and queens, aces
RICH = ([rank * 4 + 2 for rank in range(6, 13)] + [11 * 4 + 3, 10 * 4 + 3, 11 * 4 + 1,
                                                   10 * 4 + 1] + [ACE * 4 + s for s in (0, 1, 3)]
        + [0, 4, 8, 12, 16])


@pytest.mark.parametrize(("seed", "deck"), [(1, list(range(52))), (2, RICH)])
def test_fortune_outcomes_agree_with_the_rules(tmp_path: Path, seed: int,
                                               deck: list[int]) -> None:
    """The example's outcomes and poker5's classes, against the evaluator above, hand by hand."""
    fortune = BetAnalysis(read_bet_file(FORTUNE))
    hands = sample_hands(seed, 60, deck)
    assert settled(fortune, hands) == [fortune_outcome(hand) for hand in hands]
    classes = BetAnalysis(read_bet_file(write_bet(tmp_path, {
        name: f"poker5(player) == {name}" for name in reversed(CLASS_NAMES[1:])})))
    assert settled(classes, hands) == [CLASS_NAMES[bug_class(hand)] if bug_class(hand) else
                                       "lose" for hand in hands]


def test_five_card_hands_of_53_by_class(tmp_path: Path) -> None:
    """A sample of five-card hands of the 53 cards (half with the joker): edge's classes
    against the vectorised evaluator above."""
    rng = np.random.default_rng(5)
    hands = np.sort(np.argsort(rng.random((20_000, 53)), axis=1)[:, :5], axis=1)
    hands[::2, 4] = JOKER
    hands = hands[(np.diff(np.sort(hands, axis=1), axis=1) != 0).all(axis=1)]
    expected = [CLASS_NAMES[k] if k else "lose" for k in every_class(hands).tolist()]
    assert settled(class_file(tmp_path, 5), [tuple(h) for h in hands.tolist()]) == expected


@pytest.mark.slow
def test_every_five_card_hand_of_53_by_class(tmp_path: Path) -> None:
    """All C(53, 5) = 2,869,685 five-card hands by class, by both of edge's routes (the cells
    of its kernel, and deal by deal), against the vectorised count above."""
    expected = every_five_card_class()
    assert sum(expected.values()) == math.comb(53, 5)
    analysis = class_file(tmp_path, 5)
    names = [o.name for o in analysis.bet.outcomes] + ["high-card"]
    for by_class in (None, False):
        counts = analysis.counts(1, by_class=by_class)
        found = {names[i]: n for i, n in enumerate(counts.counts)}
        assert found == {CLASS_NAMES[k]: n for k, n in expected.items()}, by_class


def test_the_joker_words(tmp_path: Path) -> None:
    """jokers(), count() (the joker has no rank and no suit), same_suit() and consecutive()
    (the joker completes them), most_of_a_rank() (the joker an ace), on chosen hands."""
    outcomes = {"a": "jokers(player) == 1", "b": "count(player, clubs) == 2",
                "c": "same_suit(player)", "d": "consecutive(player)",
                "e": "most_of_a_rank(player) == 3"}
    deal = "player = 3\nother = 2"
    for name, when in outcomes.items():
        path = write_bet(tmp_path, {name: when}, deal)
        analysis = BetAnalysis(read_bet_file(path))
        hands = {(0, 4, JOKER): {"a": 1, "b": 1, "c": 1, "d": 1, "e": 0},   # 2c 3c joker
                 (0, 8, JOKER): {"a": 1, "b": 1, "c": 1, "d": 1, "e": 0},   # 2c 4c: 3 between
                 (0, 12, JOKER): {"a": 1, "b": 1, "c": 1, "d": 0, "e": 0},  # 2c 5c
                 (0, 5, 9): {"a": 0, "b": 0, "c": 0, "d": 1, "e": 0},       # 2c 3d 4d
                 (48, 49, JOKER): {"a": 1, "b": 0, "c": 0, "d": 0, "e": 1},  # Ac Ad joker
                 (48, 0, JOKER): {"a": 1, "b": 1, "c": 1, "d": 1, "e": 0}}  # Ac 2c: A-2-3
        for hand, expected in hands.items():
            got = analysis.classify(Deals(np.array([hand], dtype=np.int64)))[0] == 0
            assert got == bool(expected[name]), (name, hand)


def test_a_joker_file_counts_deal_by_deal_too(tmp_path: Path) -> None:
    """A file that looks at two places is dealt card by card from the 53 (the joker in
    either), checked against a plain count."""
    path = write_bet(tmp_path, {"x": "jokers(player) + jokers(dealer) == 1",
                                "y": "count(player, A) + count(dealer, A) >= 2"},
                     "player = 2\ndealer = 1")
    counts = BetAnalysis(read_bet_file(path)).counts(1)
    plain: Counter[str] = Counter()
    for two in itertools.combinations(range(53), 2):
        for one in range(53):
            if one in two:
                continue
            cards = (*two, one)
            aces = sum(card != JOKER and card // 4 == ACE for card in cards)
            plain["x" if JOKER in cards else "y" if aces >= 2 else "lose"] += 1
    assert counts.counts == (plain["x"], plain["y"], plain["lose"])
    assert counts.cycle == math.comb(53, 2) * 51


@pytest.mark.slow
def test_fortune_reproduces_the_published_combinations() -> None:
    """Every seven-card hand of 53 cards (C(53, 7) = 154,143,080) by the Fortune bonus's
    outcomes: the Wizard of Odds' combinations, and its house edges."""
    table = edge.analyze(str(FORTUNE))
    assert {row.outcome: row.combinations for row in table.rows} == PUBLISHED_FORTUNE
    assert table.cycle == math.comb(53, 7)
    for paytable, published in PUBLISHED_FORTUNE_EDGES.items():
        edge_of = edge.analyze(str(FORTUNE), paytable=paytable).house_edge
        assert round(edge_of * 100, 1) == published, paytable


@pytest.mark.slow
def test_pai_gow_mania_reproduces_the_published_classes(tmp_path: Path) -> None:
    """The same hands by the best five's class alone (a three of a kind beside a straight a
    three of a kind): the Wizard of Odds' Pai Gow Mania seven-card table."""
    outcomes = {name: f"poker5(player) == {name}" for name in reversed(CLASS_NAMES[5:])}
    outcomes["three-of-a-kind"] = "most_of_a_rank(player) >= 3"
    outcomes["straight"] = "poker5(player) == straight"
    counts = BetAnalysis(read_bet_file(write_bet(tmp_path, outcomes))).counts(1)
    found = dict(zip(outcomes, counts.counts, strict=False))
    assert found == PUBLISHED_MANIA
    won = sum(MANIA_PAYS[name] * count for name, count in found.items())
    lost = counts.counts[-1]
    assert round(Fraction(lost - won, counts.cycle), 6) == PUBLISHED_MANIA_EDGE


def test_the_joker_with_more_than_one_deck_is_one_line(tmp_path: Path,
                                                      edge_cli: CliRunner) -> None:
    """jokers = 1 with decks = 2: one line naming the file, the key's line and column."""
    path = write_bet(tmp_path, {"x": "poker5(player) >= straight"},
                     shoe="decks = 2\njokers = 1")
    result = edge_cli("table", str(path))
    assert result.status == 2 and result.out == ""
    assert result.err.startswith("edge: error: test-bet.toml: [shoe] jokers = 1 (line 6, "
                                 "column 1): ")
    assert "decks = 2" in result.err and result.err.count("\n") == 1, result.err
    fortune = edge_cli("table", str(FORTUNE), "--set", "decks=2")
    assert fortune.status == 2 and fortune.err.count("\n") == 1
    assert "single deck" in fortune.err, fortune.err


@pytest.mark.parametrize(("shoe", "when", "message"), [
    ("decks = 1", "jokers(player) == 1", "jokers() counts the joker, and the deck has none"),
    ("decks = 1", "poker5(player) == five-aces", "five-aces needs the joker"),
    ("decks = 1\njokers = 1", "rank(player[1]) == A", "rank() cannot say what the joker is"),
    ("decks = 1\njokers = 1", "same_rank(player)", "same_rank() cannot say what the joker is"),
    ("decks = 1\njokers = 1", "hand5(player) > hand5(player)", "hand5() cannot say"),
])
def test_joker_words_where_they_mean_nothing(tmp_path: Path, edge_cli: CliRunner, shoe: str,
                                             when: str, message: str) -> None:
    """A joker word without the joker, a word that cannot say what the joker is: one line
    naming the file, the outcome, its line and column."""
    result = edge_cli("table", str(write_bet(tmp_path, {"x": when}, shoe=shoe)))
    assert result.status == 2 and result.out == ""
    assert result.err.startswith("edge: error: test-bet.toml: outcome 'x', line ")
    assert message in result.err and result.err.count("\n") == 1, result.err


def test_two_jokers_are_refused(tmp_path: Path, edge_cli: CliRunner) -> None:
    """jokers is 0 or 1: Pai Gow Poker's deck has one."""
    path = write_bet(tmp_path, {"x": "poker5(player) >= straight"}, shoe="decks = 1\njokers = 2")
    result = edge_cli("table", str(path))
    assert result.status == 2 and "[shoe] jokers must be a whole number from 0 to 1" in result.err


@pytest.mark.parametrize(("args", "message"), [
    ((4,), "cards must be a whole number from 5 to 7"),
    ((True,), "cards must be a whole number from 5 to 7"),
    ((5, 0, 54), "start and stop must be 0 <= start <= stop <= 53"),
    ((5, 3, 2), "start and stop must be 0 <= start <= stop <= 53"),
])
def test_the_joker_kernel_checks_its_arguments(args: tuple[Any, ...], message: str) -> None:
    """The kernel refuses a set size or a range it does not count."""
    with pytest.raises(ValueError, match=message):
        UNTYPED_KERNELS.joker_classes(*args)


def test_the_joker_kernel_writes_the_sets_it_is_asked_for() -> None:
    """Its cells sum to C(53, 5); the sets of a wanted cell are that many, each of that cell
    by the evaluator above, and its first set is the first written."""
    wanted = np.zeros((2, 11, 6), dtype=bool)
    wanted[1, STRAIGHT_FLUSH, 1] = True
    counts, firsts, hands = _kernels.joker_classes(5, wanted=wanted)
    assert int(counts.sum()) == math.comb(53, 5)
    assert len(hands) == counts[1, STRAIGHT_FLUSH, 1] > 0
    assert {bug_class(tuple(hand)) for hand in hands.tolist()} == {STRAIGHT_FLUSH}
    assert int(firsts[1, STRAIGHT_FLUSH, 1]) == sum(1 << int(card) for card in hands[0])


@pytest.mark.slow
def test_cells_settled_one_by_one_agree_with_deal_by_deal(tmp_path: Path) -> None:
    """A condition the cells cannot read (a count of hearts) has every set settled by the
    conditions: the same counts as the deal-by-deal route."""
    path = write_bet(tmp_path, {"x": "count(player, hearts) >= 2 and poker5(player) >= pair",
                                "y": "jokers(player) == 1"}, "player = 5")
    analysis = BetAnalysis(read_bet_file(path))
    assert analysis.counts(1, by_class=None).counts == analysis.counts(1, by_class=False).counts


def test_exclusive_outcomes_overlapping_inside_a_cell_are_found(tmp_path: Path,
                                                                edge_cli: CliRunner) -> None:
    """With outcomes = "exclusive", a cell is read only where every condition is: a flush of
    four hearts and the joker is both outcomes, and the error shows such a deal."""
    path = write_bet(tmp_path, {"a": "poker5(player) == flush",
                                "b": "count(player, hearts) >= 4 and jokers(player) == 1"},
                     "player = 5")
    path.write_text(path.read_text().replace("[deal]", '[rules]\noutcomes = "exclusive"\n\n[deal]'))
    result = edge_cli("table", str(path))
    assert result.status == 2 and result.err.count("\n") == 1
    assert "the outcomes 'a' and 'b' both hold for the deal" in result.err
    assert "joker" in result.err, result.err


# Pai Gow Mania's three-card bet (Wizard of Odds, Pai Gow Poker appendix 5): the player's
# first three cards of 53, by 3-card class, a natural straight flush and three of a kind above
# a straight flush with the joker; return -0.03859 at 40-30-5-4-3-1.
PUBLISHED_MANIA_THREE = {"natural-straight-flush": 48, "three-of-a-kind": 58,
                         "wild-straight-flush": 100, "straight": 1_020, "flush": 1_308,
                         "pair": 3_912, "lose": 16_980}
MANIA_THREE_PAYS = {"natural-straight-flush": 40, "three-of-a-kind": 30,
                    "wild-straight-flush": 5, "straight": 4, "flush": 3, "pair": 1}
THREE_CARD = ("high-card", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")


def three_card_class(cards: tuple[tuple[int, int], ...]) -> int:
    """The 3-card class (0 high card .. 5 straight flush, a straight above a flush) of three
    (rank, suit) cards, which may repeat; A-2-3 a straight."""
    ranks = sorted({rank for rank, _ in cards})
    run = len(ranks) == 3 and (ranks[2] - ranks[0] == 2 or ranks == [0, 1, ACE])
    flush = len({suit for _, suit in cards}) == 1
    most = max(Counter(rank for rank, _ in cards).values())
    if run and flush:
        return 5
    return 4 if most == 3 else 3 if run else 2 if flush else 1 if most == 2 else 0


def three_card_bug(hand: tuple[int, ...]) -> int:
    """The 3-card class with the joker tried as every card: as an ace always, as another card
    where it makes a straight, a flush or a straight flush."""
    real = tuple((card // 4, card % 4) for card in hand if card != JOKER)
    if len(real) == 3:
        return three_card_class(real)
    best = 0
    for stand_in in range(52):
        found = three_card_class(real + ((stand_in // 4, stand_in % 4),))
        if stand_in // 4 == ACE or found in (2, 3, 5):
            best = max(best, found)
    return best


def test_pai_gow_mania_three_cards_reproduce_the_published_counts(tmp_path: Path) -> None:
    """Every three-card hand of the 53 cards by poker3 with the joker: the evaluator above, and
    the Wizard of Odds' Pai Gow Mania three-card table with its return."""
    outcomes = {"natural-straight-flush": "jokers(player) == 0 and poker3(player) == "
                                          "straight-flush",
                "three-of-a-kind": "poker3(player) == three-of-a-kind",
                "wild-straight-flush": "poker3(player) == straight-flush",
                "straight": "poker3(player) == straight", "flush": "poker3(player) == flush",
                "pair": "poker3(player) == pair"}
    counts = BetAnalysis(read_bet_file(write_bet(tmp_path, outcomes, "player = 3"))).counts(1)
    found = dict(zip([*outcomes, "lose"], counts.counts, strict=True))
    assert found == PUBLISHED_MANIA_THREE
    plain: Counter[str] = Counter()
    for hand in itertools.combinations(range(53), 3):
        klass = three_card_bug(hand)
        natural = klass == 5 and JOKER not in hand
        plain["natural-straight-flush" if natural else "wild-straight-flush" if klass == 5
              else THREE_CARD[klass] if klass else "lose"] += 1
    assert found == dict(plain)
    won = sum(MANIA_THREE_PAYS[name] * count for name, count in found.items() if name != "lose")
    assert round(Fraction(won - found["lose"], counts.cycle), 5) == Fraction(-3_859, 10**5)
