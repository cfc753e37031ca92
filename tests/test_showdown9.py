"""Showdowns over a shared board from one deck (issue 35): two 2-card holdings, each the best
five of seven with a 5-card board, nine cards in all (edge/bets/_showdown.pyx, the route of
edge/bets/showdown.py, examples/bets/florida-trips.toml and bad-beat.toml).

The checks: the kernel's counts for single boards of the full deck, and for every deal of
small decks (three to five ranks in four suits), against plain enumerations written here
(their own poker evaluator, every pair of holdings looked at); the bet files' counts on a
small deck against the same enumeration settled by the files' rules written here; the whole
deck against the published figures (slow):

- Florida Trips: Wizard of Odds, "Florida Variant of Trips Bet"
  (wizardofodds.com/games/three-card-poker/side-bets/millionaire-maker/florida-variant-trips-bet/):
  the combinations of each winning hand and the house edge 4.88% of 50-40-30-10-8-6-3;
- the two-way Bad Beat Bonus: Stephen How, "Bad Beat Bonus @ Ultimate Texas Hold'Em",
  discountgambling.net, 8 June 2012: the combinations of each losing hand and the return
  -0.147868 of 7500-500-50-30-20-9.

Both are in docs/references.md.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import edge
from edge.bets import _showdown
from edge.bets.compile import Rules
from edge.bets.file import BetFileError, read_bet_file
from edge.bets.game import BetAnalysis
from edge.bets.language import Node, parse
from edge.bets.layout import Layout, Place
from edge.bets.showdown import board_showdown, count_board_showdown
from edge.games import RunSettings, get_game

pytestmark = pytest.mark.kernels

BETS = Path(__file__).resolve().parent.parent / "examples" / "bets"
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL = range(10)
LOWER, EQUAL, HIGHER = range(3)
Strength = tuple[int, ...]


def plain_five(cards: Sequence[int]) -> Strength:
    """The full strength of five distinct cards (rank = card // 4, 0 a two .. 12 an ace), from
    the rules of poker: the class (as poker5: 0 high card .. 9 royal flush), then the ranks
    that break ties, the most repeated first (a straight by its top card, the wheel's a five)."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    counted = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in counted]
    order = tuple(rank for rank, _ in counted)
    straight_top = None
    if shape == [1] * 5:
        if ranks[0] - ranks[4] == 4:
            straight_top = ranks[0]
        elif ranks == [12, 3, 2, 1, 0]:
            straight_top = 3
    if straight_top is not None and flush:
        return (ROYAL if straight_top == 12 else STRAIGHT_FLUSH, straight_top)
    if shape == [4, 1]:
        return (QUADS, *order)
    if shape == [3, 2]:
        return (FULL_HOUSE, *order)
    if flush:
        return (FLUSH, *ranks)
    if straight_top is not None:
        return (STRAIGHT, straight_top)
    kinds = {(3, 1, 1): TRIPS, (2, 2, 1): TWO_PAIR, (2, 1, 1, 1): PAIR}
    return (kinds.get(tuple(shape), HIGH), *order)


def plain_seven(cards: Sequence[int], five: Callable[[tuple[int, ...]], Strength]) -> Strength:
    """The best full strength of any five of the cards."""
    return max(five(tuple(sorted(hand))) for hand in itertools.combinations(cards, 5))


@functools.cache
def cached_five(hand: tuple[int, ...]) -> Strength:
    return plain_five(hand)


@functools.cache
def cached_seven(cards: tuple[int, ...]) -> Strength:
    """plain_seven of sorted cards, remembered (the small decks' tests meet each set often)."""
    return plain_seven(cards, cached_five)


def deck_of(ranks: Sequence[int]) -> list[int]:
    """The cards of the ranks, each in four suits."""
    return [rank * 4 + suit for rank in sorted(ranks) for suit in range(4)]


def dense(strengths: Sequence[Strength]) -> npt.NDArray[np.int64]:
    """Each strength's place among the distinct strengths, lowest 0 (equal strengths equal)."""
    order = {strength: at for at, strength in enumerate(sorted(set(strengths)))}
    return np.array([order[strength] for strength in strengths], dtype=np.int64)


def disjoint_pairs(holdings: Sequence[tuple[int, int]]) -> npt.NDArray[np.bool_]:
    """For every two holdings, whether they share no card."""
    cards = np.array(holdings, dtype=np.int64)
    same = cards[:, None, :, None] == cards[None, :, None, :]
    return np.asarray(~same.any(axis=(2, 3)))


def board_cells(board: Sequence[int], deck: Sequence[int],
                seven: Callable[[list[int]], Strength]) -> tuple[list[tuple[int, int]],
                                                                   list[int],
                                                                   npt.NDArray[np.int64]]:
    """For one board: every holding of the cards left, its class, and for each the holdings
    sharing no card with it by (their class, comparison), every pair looked at."""
    left = [card for card in deck if card not in board]
    holdings = list(itertools.combinations(left, 2))
    strengths = [seven([*board, *holding]) for holding in holdings]
    order, classes = dense(strengths), np.array([s[0] for s in strengths], dtype=np.int64)
    comparison = np.sign(order[:, None] - order[None, :]) + 1     # LOWER, EQUAL, HIGHER
    counts = np.zeros((len(holdings), 10, 3), dtype=np.int64)
    mine, theirs = np.nonzero(disjoint_pairs(holdings))
    np.add.at(counts, (mine, classes[theirs], comparison[mine, theirs]), 1)
    return holdings, classes.tolist(), counts


def small_deck_cells(ranks: Sequence[int], board_cards: int = 5) -> npt.NDArray[np.int64]:
    """Every deal of a board and two holdings from the small deck, by (first class, second
    class, comparison): on each board every pair of holdings sharing no card."""
    deck = deck_of(ranks)
    left_count = len(deck) - board_cards
    disjoint = np.nonzero(disjoint_pairs(list(itertools.combinations(range(left_count), 2))))
    cells = np.zeros(300, dtype=np.int64)
    for board in itertools.combinations(deck, board_cards):
        left = [card for card in deck if card not in board]
        # the holdings in the same order as those of positions 0..left_count - 1
        strengths = [cached_seven(tuple(sorted((*board, *holding))))
                     for holding in itertools.combinations(left, 2)]
        order = dense(strengths)
        classes = np.array([strength[0] for strength in strengths], dtype=np.int64)
        mine, theirs = disjoint
        comparison = np.sign(order[mine] - order[theirs]) + 1
        cells += np.bincount(classes[mine] * 30 + classes[theirs] * 3 + comparison,
                             minlength=300)
    return cells.reshape(10, 10, 3)


# --- the kernel, board by board ------------------------------------------------------------

def uncached_seven(cards: list[int]) -> Strength:
    return plain_seven(cards, plain_five)


@pytest.mark.parametrize("seed", [1, 2])
def test_one_board_of_the_full_deck_against_every_pair_of_holdings(seed: int) -> None:
    """holding_counts for a random board: each of the 1,081 holdings, its class, and the 990
    holdings sharing no card with it by class and comparison, as the plain loop finds them."""
    board = sorted(random.Random(seed).sample(range(52), 5))
    holdings, classes, counts = _showdown.holding_counts(board)
    expected_holdings, expected_classes, expected = board_cells(board, range(52),
                                                                uncached_seven)
    assert [tuple(int(c) for c in row) for row in holdings] == expected_holdings
    assert classes.tolist() == expected_classes
    assert np.array_equal(counts, expected)
    assert (counts.sum(axis=(1, 2)) == math.comb(45, 2)).all()


def test_a_board_with_a_flush_and_a_straight_on_it() -> None:
    """A board of four hearts in a run (the straight flush, flushes, straights and their ties
    and kickers all happen), against the plain loop."""
    board = [8 * 4 + 2, 9 * 4 + 2, 10 * 4 + 2, 11 * 4 + 2, 3 * 4 + 0]     # Th Jh Qh Kh 5c
    _, classes, counts = _showdown.holding_counts(board)
    _, expected_classes, expected = board_cells(board, range(52), uncached_seven)
    assert classes.tolist() == expected_classes and np.array_equal(counts, expected)
    assert {ROYAL, STRAIGHT_FLUSH, FLUSH, STRAIGHT} <= set(expected_classes)


def test_every_deal_of_a_small_deck() -> None:
    """showdown_counts over a deck of three ranks (twos, threes, aces: 12 cards): every board,
    one per renaming of suits with its weight, against every deal counted here."""
    found, examples = _showdown.showdown_counts([0, 1, 12])
    assert np.array_equal(found, small_deck_cells([0, 1, 12]))
    assert found.sum() == math.comb(12, 5) * math.comb(7, 2) * math.comb(5, 2)
    assert ((examples[..., 0] >= 0) == (found > 0)).all()


@pytest.mark.parametrize(("ranks", "board_cards"), [([0, 1, 2, 12], 3), ([0, 1, 12], 4)])
def test_every_deal_over_a_smaller_board(ranks: list[int], board_cards: int) -> None:
    """A board of three cards (each hand the best five of five) or four (of six), every deal
    of a small deck."""
    found, examples = _showdown.showdown_counts(ranks, board_cards=board_cards)
    assert np.array_equal(found, small_deck_cells(ranks, board_cards))
    assert examples.shape[-1] == board_cards + 2


def test_one_flop_of_the_full_deck() -> None:
    """holding_counts over a 3-card board (the 1,176 holdings of 49 cards), against the plain
    loop."""
    board = [12 * 4 + 3, 11 * 4 + 3, 2 * 4 + 1]                       # As Ks 4d
    _, classes, counts = _showdown.holding_counts(board)
    _, expected_classes, expected = board_cells(board, range(52), uncached_seven)
    assert classes.tolist() == expected_classes and np.array_equal(counts, expected)


@pytest.mark.slow
def test_every_deal_of_a_deck_with_straights() -> None:
    """The same over five ranks (2 3 4 5 and aces, 20 cards: wheels and straight flushes
    happen, and every flush is one), in two parts added up as a progress bar takes them."""
    ranks = [0, 1, 2, 3, 12]
    part = _showdown.showdown_counts(ranks, 0, 7)
    found, _ = _showdown.showdown_counts(ranks, 7, 20, into=part)
    expected = small_deck_cells(ranks)
    assert np.array_equal(found, expected)
    assert {STRAIGHT, STRAIGHT_FLUSH} <= {int(k) for k in np.nonzero(expected)[0]}


def test_the_first_holdings_examples_are_real_deals() -> None:
    """Each example a first board and holding of its (class, class, comparison): seven
    distinct cards whose first holding has that class."""
    found, examples = _showdown.showdown_counts([0, 1, 12])
    for klass, other, comparison in zip(*np.nonzero(found), strict=True):
        cards = [int(card) for card in examples[klass, other, comparison]]
        assert len(set(cards)) == 7
        assert plain_seven(cards, plain_five)[0] == klass


@pytest.mark.parametrize("bad", [[0, 0, 1], [13], [0, 1]])
def test_bad_decks_are_refused(bad: list[int]) -> None:
    with pytest.raises(ValueError, match="ranks|deck"):
        _showdown.showdown_counts(bad)


# --- the route: which files, and their counts on a small deck ------------------------------

def layout_of(*conditions: str) -> tuple[Layout, list[Node]]:
    nodes = [parse(text) for text in conditions]
    places = (Place("player", 2), Place("dealer", 2), Place("board", 5))
    return Layout.of(places, nodes), nodes


@pytest.mark.parametrize(("conditions", "fast"), [
    (("hand5(player + board) > hand5(dealer + board)",), True),
    (("poker5(board + player) >= flush and hand5(dealer + board) == hand5(player + board)",),
     True),
    (("poker5(player + board) == pair", "poker5(dealer + board) >= trips"), True),
    # one holding only read: not a showdown of two (the 7-card routes count it)
    (("poker5(player + board) >= trips",), False),
    # a word that reads a holding apart from the board
    (("hand5(player + board) > hand5(dealer + board) and same_rank(player)",), False),
    (("hand5(player + board) > hand5(dealer + board) and rank(player[1]) == A",), False),
])
def test_which_files_take_the_board_route(conditions: tuple[str, ...], fast: bool) -> None:
    layout, nodes = layout_of(*conditions)
    assert (board_showdown(layout, nodes, Rules()) is not None) == fast


def florida(strengths: tuple[Strength, Strength]) -> str:
    """Florida Trips settled from the rules (Wizard of Odds): three of a kind or better that
    beats the dealer wins by its class, a tie with three of a kind or better pushes."""
    player, dealer = strengths
    names = {ROYAL: "royal-flush", STRAIGHT_FLUSH: "straight-flush", QUADS: "four-of-a-kind",
             FULL_HOUSE: "full-house", FLUSH: "flush", STRAIGHT: "straight",
             TRIPS: "three-of-a-kind"}
    if player[0] >= TRIPS and player > dealer:
        return names[player[0]]
    if player[0] >= TRIPS and player == dealer:
        return "tie"
    return "lose"


def bad_beat(strengths: tuple[Strength, Strength]) -> str:
    """The two-way Bad Beat: the losing hand, either side's, three of a kind or better."""
    player, dealer = strengths
    names = {STRAIGHT_FLUSH: "straight-flush", QUADS: "four-of-a-kind",
             FULL_HOUSE: "full-house", FLUSH: "flush", STRAIGHT: "straight",
             TRIPS: "three-of-a-kind"}
    loser = min(player, dealer)
    return names.get(loser[0], "lose") if player != dealer else "lose"


def plain_file_counts(ranks: Sequence[int], settle: Callable[[tuple[Strength, Strength]], str],
                      board_cards: int = 5) -> Counter[str]:
    """Every deal of the small deck (board, player, dealer sets) settled by ``settle``: on
    each board the pairs of disjoint holdings counted by their two strengths, each pair of
    strengths settled once."""
    deck = deck_of(ranks)
    found: Counter[str] = Counter()
    for board in itertools.combinations(deck, board_cards):
        left = [card for card in deck if card not in board]
        holdings = list(itertools.combinations(left, 2))
        strengths = [cached_seven(tuple(sorted((*board, *holding)))) for holding in holdings]
        order = dense(strengths)
        distinct = sorted(set(strengths))
        player, dealer = np.nonzero(disjoint_pairs(holdings))
        codes, counts = np.unique(order[player] * len(distinct) + order[dealer],
                                  return_counts=True)
        for code, count in zip(codes.tolist(), counts.tolist(), strict=True):
            found[settle((distinct[code // len(distinct)], distinct[code % len(distinct)]))] \
                += count
    return found


@pytest.mark.parametrize(("name", "settle"), [("florida-trips", florida),
                                              ("bad-beat", bad_beat)])
def test_the_files_on_a_small_deck(name: str,
                                   settle: Callable[[tuple[Strength, Strength]], str]) -> None:
    """The route (kernel, one real deal per class pair settled by the file's conditions) on a
    deck of three ranks, against every deal settled by the bet's rules written here."""
    bet = read_bet_file(BETS / f"{name}.toml")
    analysis = BetAnalysis(bet)
    shape = board_showdown(bet.layout, [o.node for o in bet.outcomes], bet.rules)
    assert shape is not None
    counts = count_board_showdown(bet.layout, shape, len(bet.outcomes), analysis.classify,
                                  threads=2, ranks=[0, 1, 12])
    names = [o.name for o in bet.outcomes] + ["lose"]
    expected = plain_file_counts([0, 1, 12], settle)
    assert dict(zip(names, counts.counts, strict=True)) == {n: expected[n] for n in names}
    for outcome, example in zip(names, counts.examples, strict=True):
        if example is not None:         # a real deal of its outcome, in the layout's columns
            cards = dict(zip(("board", "player", "dealer"),
                             (example[:5], example[5:7], example[7:]), strict=True))
            assert [s.places[0] for s in bet.layout.slots] == ["board", "player", "dealer"]
            assert len(set(example)) == 9
            assert settle((plain_seven([*cards["board"], *cards["player"]], plain_five),
                           plain_seven([*cards["board"], *cards["dealer"]], plain_five))
                          ) == outcome


def showdown(strengths: tuple[Strength, Strength]) -> str:
    """The player's hand against the dealer's: a win, a tie, else a loss."""
    player, dealer = strengths
    return "win" if player > dealer else "tie" if player == dealer else "lose"


def test_a_flop_showdown_file(tmp_path: Path) -> None:
    """hand5(player + flop) against hand5(dealer + flop), seven cards (once refused: 39 billion
    rows of cards), by the route on a small deck against the plain count, and on the whole
    deck: C(52,3) C(49,2) C(47,2) deals, as many won as lost."""
    path = tmp_path / "flop.toml"
    path.write_text('name = "flop"\ntitle = "Flop"\n[shoe]\ndecks = 1\n'
                    "[deal]\nplayer = 2\ndealer = 2\nflop = 3\n"
                    '[[outcome]]\nname = "win"\nwhen = "hand5(player + flop) > '
                    'hand5(dealer + flop)"\n[[outcome]]\nname = "tie"\nwhen = "hand5(flop + '
                    'player) == hand5(dealer + flop)"\n[paytables]\ndefault = "even"\n'
                    "even = { win = 1, tie = 0 }\n")
    bet = read_bet_file(path)
    shape = board_showdown(bet.layout, [o.node for o in bet.outcomes], bet.rules)
    assert shape is not None
    counts = count_board_showdown(bet.layout, shape, 2, BetAnalysis(bet).classify,
                                  ranks=[0, 1, 2, 12])
    expected = plain_file_counts([0, 1, 2, 12], showdown, board_cards=3)
    assert counts.counts == (expected["win"], expected["tie"], expected["lose"])
    table = edge.analyze(str(path))
    win, tie, lose = (row.combinations for row in table.rows)
    assert table.cycle == math.comb(52, 3) * math.comb(49, 2) * math.comb(47, 2) and win == lose


def test_nine_cards_outside_the_shape_are_one_error_line(tmp_path: Path) -> None:
    """A file reading nine cards some other way is refused as it is read, with the number of
    cards and the shape that is counted."""
    path = tmp_path / "nine.toml"
    path.write_text('name = "nine"\ntitle = "Nine"\n[shoe]\ndecks = 1\n'
                    "[deal]\nplayer = 2\ndealer = 2\nboard = 5\n[[outcome]]\n"
                    'name = "win"\nwhen = "hand5(player + board) > hand5(dealer + board) '
                    'and same_suit(player)"\n[paytables]\ndefault = "one"\none = { win = 1 }\n')
    with pytest.raises(BetFileError, match=r"9 cards .* or 9 in a showdown over a board"):
        read_bet_file(path)


# --- the published figures (the whole deck: about 12 s of one core each) -------------------

# Wizard of Odds, "Florida Variant of Trips Bet": combinations of each winning hand
FLORIDA_COMBINATIONS = {"royal-flush": 85_615_200, "straight-flush": 734_237_144,
                        "four-of-a-kind": 4_240_864_800, "full-house": 62_810_500_464,
                        "flush": 71_523_195_288}
# Stephen How, "Bad Beat Bonus @ Ultimate Texas Hold'Em": combinations of each losing hand
BAD_BEAT_COMBINATIONS = {"straight-flush": 10_300_592, "four-of-a-kind": 471_040_512,
                         "full-house": 8_435_225_376, "flush": 19_434_208_592,
                         "straight": 18_271_076_976, "three-of-a-kind": 64_049_759_448,
                         "lose": 399_099_149_640 + 1_366_512_556_968 + 791_967_420_480
                         + 113_130_263_816}
DEALS = 2_781_381_002_400


@pytest.mark.slow
def test_florida_trips_published() -> None:
    """examples/bets/florida-trips.toml: Wizard of Odds' combinations and 4.88% (50-40-30-10-
    8-6-3)."""
    table = edge.analyze(str(BETS / "florida-trips.toml"))
    rows = {row.outcome: row for row in table.rows}
    assert table.cycle == DEALS
    for name, count in FLORIDA_COMBINATIONS.items():
        assert rows[name].combinations == count
    assert round(-table.expected_return * 100, 2) == Fraction(488, 100)
    # edge's own game counts the same bet its own way (the UTH solve's per-board kernel)
    game = get_game("ultimate-texas-holdem")
    own = game.analyze("trips", game.bet("trips").paytable("50-40-30-10-8-6-3"),
                       game.make_rules({"trips_rule": "beat-dealer"}), RunSettings())
    theirs = {row.outcome: row.combinations for row in own.rows}
    assert {name: rows[name].combinations for name in FLORIDA_COMBINATIONS} == {
        name: theirs[name] for name in FLORIDA_COMBINATIONS}
    assert own.expected_return == table.expected_return


@pytest.mark.slow
def test_bad_beat_published() -> None:
    """examples/bets/bad-beat.toml: S. How's combinations of every losing hand and a return of
    -0.147868 (7500-500-50-30-20-9)."""
    table = edge.analyze(str(BETS / "bad-beat.toml"))
    assert {row.outcome: row.combinations for row in table.rows} == BAD_BEAT_COMBINATIONS
    assert round(table.expected_return, 6) == Fraction(-147868, 10**6)
