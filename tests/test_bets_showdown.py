"""Showdowns, pays between -1 and 0, and counts of cards that are two things at once (issue 35).

The full strengths ``hand3`` and ``hand5`` are checked against a poker ranking written plainly
below (it never calls edge's evaluators); the showdown counts against plain enumerations of
physical cards; the two example files against published figures (each cited here and in
docs/references.md, "Bet files"). The bad files go through the ``edge`` command: one
``edge: error:`` line, exit 2.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

import edge
from edge.bets import load_bet_file, showdown
from edge.bets.compile import Deals, Rules, compile_value
from edge.bets.file import read_bet_file
from edge.bets.game import BetAnalysis
from edge.bets.language import parse
from edge.bets.layout import Layout, Place
from edge.bets.words import condition_in_words
from tests.conftest import CliRunner
from tests.test_bets_engine import write_bet as engine_bet
from tests.test_uth_strategies import best  # a plain best-five ranking

ROOT = Path(__file__).resolve().parent.parent
BETS = ROOT / "examples" / "bets"
DRAGON_TIGER = BETS / "dragon-tiger.toml"
PLAY_EVERY_HAND = BETS / "three-card-poker-play-every-hand.toml"
QUEEN = 10                       # rank index: 0 is a two, 12 an ace

def write_bet(folder: Path, outcomes: dict[str, str], deal: str = "player = 3\ndealer = 3",
              decks: int = 1, pays: str = "", name: str = "test-bet") -> Path:
    """A bet file with these outcomes (name -> condition), each paying 1 unless ``pays``."""
    path = engine_bet(folder, outcomes, deal=deal, decks=decks, name=name)
    if pays:
        text = re.sub(r"flat = \{.*\}", f"flat = {{ {pays} }}", path.read_text(encoding="utf-8"))
        path.write_text(text, encoding="utf-8")
    return path


# --- a plain poker ranking -------------------------------------------------------------------
# Cards are 0..51: rank index card // 4 (0 is a two, 12 an ace), suit card % 4. A hand's key is
# a tuple: higher keys are better hands, equal keys tie.

def plain_hand3(cards: Sequence[int]) -> tuple[int, ...]:
    """Three cards as a 3-card poker hand (docs/bets.md): straight flush, three of a kind,
    straight, flush, pair, high card; then a pair's rank and kicker, a straight's top card (A-2-3
    the lowest), else the ranks high to low. From several decks a card may repeat."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    different = len(set(ranks)) == 3
    run = different and ranks[0] - ranks[2] == 2
    wheel = different and ranks == [12, 1, 0]
    if run or wheel:
        top = 1 if wheel else ranks[0]
        return (5 if flush else 3, top)
    if not different:
        held = Counter(ranks).most_common()
        if len(held) == 1:
            return (4, ranks[0])
        if flush:
            return (2, *ranks)
        return (1, held[0][0], held[1][0])
    return (2 if flush else 0, *ranks)


def dense(keys: Sequence[object]) -> list[int]:
    """Each key's place among the distinct keys, in order (equal keys, equal places)."""
    ordered = {key: place for place, key in enumerate(sorted(set(keys)))}   # type: ignore[type-var]
    return [ordered[key] for key in keys]


def edge_word(word: str, hands: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """edge's value of ``word(player)`` for each row of cards (the player's cards)."""
    layout = Layout.of((Place("player", hands.shape[1]),), [parse(f"{word}(player)")])
    value = compile_value(parse(f"{word}(player)"), layout, Rules())
    return np.asarray(value.run(Deals(np.ascontiguousarray(hands, dtype=np.int64))))


# --- the words ------------------------------------------------------------------------------

def test_hand3_orders_every_hand_as_the_plain_ranking() -> None:
    """Every 3-card hand from one deck, and every multiset of 3 faces (two decks or more): the
    order and the ties of ``hand3`` are those of the plain ranking."""
    for hands in (list(itertools.combinations(range(52), 3)),
                  list(itertools.combinations_with_replacement(range(52), 3))):
        rows = np.array(hands, dtype=np.int64)
        _, found = np.unique(edge_word("hand3", rows), return_inverse=True)
        assert found.ravel().tolist() == dense([plain_hand3(hand) for hand in hands])


@pytest.mark.parametrize("size", [5, 6, 7])
def test_hand5_orders_hands_as_the_plain_ranking(size: int) -> None:
    """A sample of 5-, 6- and 7-card hands (with many ties: hands built from few ranks), and
    the ten 5-card hands of the examples of each class: ``hand5`` orders them as the plain
    best-five ranking does."""
    rng = np.random.default_rng(size)
    hands = [tuple(rng.choice(52, size, replace=False).tolist()) for _ in range(1500)]
    few_ranks = rng.choice(np.arange(0, 52)[np.arange(52) // 4 % 3 == 0], (1500, size))
    hands += [tuple(row) for row in few_ranks.tolist() if len(set(row)) == size]
    rows = np.array(hands, dtype=np.int64)
    _, found = np.unique(edge_word("hand5", rows), return_inverse=True)
    assert found.ravel().tolist() == dense([best(tuple(hand)) for hand in hands])


def test_a_showdown_reads_as_beats() -> None:
    places = {"player": 3, "dealer": 3}
    assert condition_in_words(parse("hand3(player) > hand3(dealer)"), places) == (
        "the player's cards as a 3-card poker hand in full (kickers too) beats the dealer's "
        "cards as a 3-card poker hand in full (kickers too)")
    assert " ties " in condition_in_words(parse("hand3(player) == hand3(dealer)"), places)


# --- showdown counts against plain enumerations ------------------------------------------------

@pytest.fixture
def by_signatures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Count every showdown of two hands by their signatures, however few its deals."""
    monkeypatch.setattr(showdown, "FEWEST_ROWS", 0)


def plain_two_hands(decks: int, sizes: tuple[int, int]) -> npt.NDArray[np.int64]:
    """Every deal of two hands of physical cards (in no order within a hand), as faces."""
    hands = [np.array(list(itertools.combinations(range(52 * decks), size))) for size in sizes]
    first, second = (a.ravel() for a in np.meshgrid(np.arange(len(hands[0])),
                                                   np.arange(len(hands[1])), indexing="ij"))
    deals = np.concatenate([hands[0][first], hands[1][second]], axis=1)
    apart = np.all([deals[:, i] != deals[:, j] for i in range(sizes[0])
                    for j in range(sizes[0], sum(sizes))], axis=0)
    return np.asarray(deals[apart] % 52)


def first_match(names: list[str], settle: list[npt.NDArray[np.bool_]]) -> dict[str, Fraction]:
    """Each outcome's probability, the first that holds (then lose), over equally likely deals."""
    left = np.ones(len(settle[0]), dtype=bool)
    found = {}
    for name, holds in zip([*names, "lose"], [*settle, left], strict=True):
        found[name] = Fraction(int((left & holds).sum()), len(left))
        left &= ~holds
    return found


def blackjack_total(ranks: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64],
                                                          npt.NDArray[np.bool_]]:
    """The total (aces 1 or 11) and whether it is soft, plainly."""
    hard = np.where(ranks == 12, 1, np.minimum(ranks + 2, 10)).sum(axis=1)
    soft = (ranks == 12).any(axis=1) & (hard + 10 <= 21)
    return np.where(soft, hard + 10, hard), soft


@pytest.mark.parametrize(("decks", "sizes"), [(1, (3, 1)), (2, (2, 1))])
@pytest.mark.usefixtures("by_signatures")
def test_two_hands_against_plain_deals(tmp_path: Path, decks: int,
                                       sizes: tuple[int, int]) -> None:
    """Blackjack totals, suits and colours of two hands, counted through the hands'
    signatures, against every deal of physical cards to each (one deck, and two)."""
    outcomes = {"higher": "total(player) > total(dealer)",
                "suited": "same_suit(player) and count(dealer, red) == 1",
                "dealer-soft": "soft(dealer) and count(player, hearts) == 2"}
    deal = f"player = {sizes[0]}\ndealer = {sizes[1]}"
    path = write_bet(tmp_path, outcomes, deal=deal, decks=decks)
    deals = plain_two_hands(decks, sizes)
    ranks, suits = deals // 4, deals % 4
    mine, theirs = slice(0, sizes[0]), slice(sizes[0], sum(sizes))
    (player, _), (dealer, dealer_soft) = blackjack_total(ranks[:, mine]), \
        blackjack_total(ranks[:, theirs])
    settle = [player > dealer,
              (suits[:, mine] == suits[:, :1]).all(axis=1)
              & (((suits[:, theirs] == 1) | (suits[:, theirs] == 2)).sum(axis=1) == 1),
              dealer_soft & ((suits[:, mine] == 2).sum(axis=1) == 2)]
    table = edge.analyze(str(path))
    assert {row.outcome: table.probability(row) for row in table.rows} == first_match(
        list(outcomes), settle)
    assert table.cycle == len(deals)


@pytest.mark.parametrize(("decks", "deal"), [(1, "player = 3\ndealer = 1"),
                                             (3, "player = 2\ndealer = 2"),
                                             pytest.param(2, "player = 3\ndealer = 2",
                                                          marks=pytest.mark.slow)])
@pytest.mark.usefixtures("by_signatures")
def test_two_hands_count_what_the_deal_by_deal_route_counts(tmp_path: Path, decks: int,
                                                            deal: str) -> None:
    """The counts by the hands' signatures are the integers the deal-by-deal enumeration
    finds, with worked examples that are real deals of their outcomes."""
    outcomes = {"higher": "high_rank(player) > high_rank(dealer) and same_suit(player)",
                "soft": "soft(dealer) and count(player, hearts) >= 1",
                "pair": "same_rank(player) and total(dealer) >= total(player)"}
    path = write_bet(tmp_path, outcomes, deal=deal, decks=decks)
    analysis = BetAnalysis(read_bet_file(path))
    fast, slow = analysis.counts(decks), analysis.counts(decks, by_class=False)
    assert fast.counts == slow.counts and fast.cycle == slow.cycle
    for index, example in enumerate(fast.examples):
        assert example is not None and max(Counter(example).values()) <= decks
        assert analysis.classify(Deals(np.array([example]))).tolist() == [index]


def plain_play_every_hand() -> dict[str, int]:
    """Three Card Poker's Ante and Play, the player playing every hand, over every deal of three
    cards to the player and three of the other 49 to the dealer: by the plain ranking."""
    hands = list(itertools.combinations(range(52), 3))
    strength = np.array(dense([plain_hand3(hand) for hand in hands]))
    masks = np.array([sum(1 << card for card in hand) for hand in hands], dtype=np.int64)
    qualifies = np.array([plain_hand3(hand)[0] > 0 or max(hand) // 4 >= QUEEN
                          for hand in hands])
    counts = Counter[str]()
    block = 200
    for at in range(0, len(hands), block):
        apart = (masks[at:at + block, None] & masks[None, :]) == 0
        mine, theirs = strength[at:at + block, None], strength[None, :]
        counts["dealer-does-not-qualify"] += int((apart & ~qualifies[None, :]).sum())
        met = apart & qualifies[None, :]
        counts["player-wins"] += int((met & (mine > theirs)).sum())
        counts["tie"] += int((met & (mine == theirs)).sum())
        counts["lose"] += int((met & (mine < theirs)).sum())
    return dict(counts)


@pytest.mark.slow
def test_three_card_poker_play_every_hand_against_plain_deals() -> None:
    """Every one of the 407,170,400 deals, settled by the plain ranking: the file's counts."""
    table = edge.analyze(str(PLAY_EVERY_HAND))
    assert {row.outcome: row.combinations for row in table.rows} == plain_play_every_hand()


def test_three_card_poker_play_every_hand_published() -> None:
    """reviewpokerrooms.com, "3 Card Poker - Ante and Play Analysis": 52C3 x 49C3 = 407,170,400
    deals, and the non-bonus return of playing any hand, -0.129389 per Ante (the file's pays are
    per unit of Ante and Play together, two units)."""
    table = edge.analyze(str(PLAY_EVERY_HAND))
    assert table.cycle == 22100 * 18424 == 407_170_400
    per_ante = 2 * table.expected_return
    assert round(float(per_ante), 6) == -0.129389


# --- a tie that loses half -------------------------------------------------------------------

@pytest.mark.parametrize("decks", range(1, 9))
def test_dragon_tiger_against_plain_deals(decks: int) -> None:
    """Every ordered deal of two physical cards (aces low: the rank order is the same with the
    ace below the deuce)."""
    shoe = np.arange(52 * decks)
    first, second = np.meshgrid(shoe, shoe, indexing="ij")
    keep = first != second
    dragon, tiger = (first[keep] % 52) // 4, (second[keep] % 52) // 4
    dragon, tiger = (dragon + 1) % 13, (tiger + 1) % 13          # ace 0, two 1 .. king 12
    deals = len(dragon)
    table = edge.analyze(str(DRAGON_TIGER), options={"decks": decks})
    found = {row.outcome: table.probability(row) for row in table.rows}
    assert found == {"dragon-wins": Fraction(int((dragon > tiger).sum()), deals),
                     "tie": Fraction(int((dragon == tiger).sum()), deals),
                     "lose": Fraction(int((dragon < tiger).sum()), deals)}
    win, tie = found["dragon-wins"], found["tie"]
    assert table.expected_return == win - tie / 2 - found["lose"]


def test_dragon_tiger_published() -> None:
    """Wizard of Odds, "Dragon Tiger" (8 decks; reprinted at user-casino.com/games/dragon-tiger):
    win 39,936, tie 6,448, loss 39,936 of 86,320 (unordered pairs of cards), a tie paying -0.5;
    house edge 3.73%."""
    table = edge.analyze(str(DRAGON_TIGER))
    counts = {row.outcome: row.combinations for row in table.rows}
    published = {"dragon-wins": 39_936, "tie": 6_448, "lose": 39_936}
    assert {name: Fraction(count, table.cycle) for name, count in counts.items()} == {
        name: Fraction(count, 86_320) for name, count in published.items()}
    assert {row.outcome: row.pays for row in table.rows}["tie"] == Fraction(-1, 2)
    assert round(float(table.house_edge) * 100, 2) == 3.73


def test_a_negative_pay_in_tables_reports_and_labels(edge_cli: CliRunner, tmp_path: Path) -> None:
    """The label keeps a negative pay apart in parentheses, names the table again, and the
    report says what a negative pay means."""
    game = edge.get_game(str(DRAGON_TIGER))
    table = game.bets[0].presets["standard"]
    assert table.label() == "1-(-1/2)"
    assert edge_cli("table", str(DRAGON_TIGER), "--paytable", "1-(-1/2)").status == 0
    typed = edge_cli("table", str(DRAGON_TIGER), "--paytable", "1-(-1/4)")
    assert typed.status == 2 and "hold a negative pay" in typed.err
    pays = tmp_path / "pays.toml"
    pays.write_text("[pays]\ndragon-wins = 1\ntie = -0.25\n", encoding="utf-8")
    result = edge_cli("table", str(DRAGON_TIGER), "--paytable", str(pays))
    assert result.status == 0 and "-1/4" in result.out


@pytest.mark.slow
def test_a_report_says_what_a_negative_pay_means(edge_cli: CliRunner, tmp_path: Path) -> None:
    out = tmp_path / "report.md"
    assert edge_cli("report", str(DRAGON_TIGER), "-o", str(out)).status == 0
    text = out.read_text(encoding="utf-8")
    assert "loses 1/2 of the wager (the rest returned)" in text and "1-(-1/2)" in text


def test_tune_over_a_negative_pay(edge_cli: CliRunner) -> None:
    """``--solve tie`` finds the pay that reaches the target (checked with the plain
    probabilities: return = p(win) + tie p(tie) - p(lose)); ``--vary`` may reach down to -1."""
    result = edge_cli("tune", str(DRAGON_TIGER), "--target-edge", "1%", "--solve", "tie")
    assert result.status == 0, result.err
    found = re.search(r"tie = (-?\d+/\d+)", result.out)
    assert found is not None
    shoe = np.arange(416)
    first, second = np.meshgrid(shoe, shoe, indexing="ij")
    keep = first != second
    dragon, tiger = (first[keep] % 52 // 4 + 1) % 13, (second[keep] % 52 // 4 + 1) % 13
    n = len(dragon)
    win, tie, lose = (Fraction(int(x.sum()), n) for x in (dragon > tiger, dragon == tiger,
                                                          dragon < tiger))
    assert Fraction(found.group(1)) == (Fraction(-1, 100) - win + lose) / tie
    varied = edge_cli("tune", str(DRAGON_TIGER), "--target-edge", "1%..3%", "--vary",
                      "tie=-1..0", "--step", "0.05")
    assert varied.status == 0 and "1-(-1/4)" in varied.out


# --- what is refused ---------------------------------------------------------------------------

@pytest.mark.parametrize(("outcomes", "message"), [
    ({"x": "poker3(player) > poker3(board)"},
     "line 12, column 24: poker3(player) > poker3(board) compares the hands' classes only (a "
     "pair of twos would tie a pair of aces); for a showdown compare them in full, kickers "
     "too: hand3(player) > hand3(board)"),
    ({"x": "poker5(player + board) == poker5(dealer + board)"},
     "hand5(player + board) == hand5(dealer + board)"),
    ({"x": "hand3(player) > hand5(dealer + board)"},
     "line 12, column 23: a showdown of unlike hands: a 3-card hand (hand3) against a "
     "best-five hand (hand5)"),
    ({"x": "poker3(player) < poker5(dealer + board)"}, "a showdown of unlike hands"),
    ({"x": "hand3(player) >= 5"}, "hand3() is a hand's full strength and compares only with "
                                 "another hand3() (a showdown), not with a number"),
    ({"x": "hand3(player) >= pair"}, "not with the hand class 'pair'"),
    ({"x": "hand3(player) > poker3(board)"}, "not with a poker3 class"),
    ({"x": "hand3(dealer + board)"}, "hand3() takes three cards, not 5"),
    ({"x": "hand5(player) > hand5(dealer)"}, "hand5() takes 5 to 7 cards, not 3"),
    ({"x": "count(player, Q, K) >= 1"},
     "line 12, column 9: count(player, Q, K) counts the cards that are Q and K at once, and no "
     "card is: it is always 0; to count cards that are Q or K write count(player, Q) + "
     "count(player, K)"),
    ({"x": "count(player, hearts, spades) == 0"}, "count(player, hearts) + count(player, "
                                                  "spades)"),
    ({"x": "count(player, diamonds, black) == 0"}, "diamonds and black at once"),
])
def test_bad_showdowns_and_counts_are_one_line(tmp_path: Path, edge_cli: CliRunner,
                                              outcomes: dict[str, str], message: str) -> None:
    """A class comparison, unlike hands, a full strength against anything else, a count of
    cards that are two things at once: one line naming the file, the outcome, where, and what
    to write instead."""
    path = write_bet(tmp_path, outcomes, deal="player = 3\ndealer = 2\nboard = 3")
    result = edge_cli("table", str(path))
    assert result.status == 2 and result.out == ""
    assert result.err.startswith("edge: error: test-bet.toml: outcome 'x', line ")
    assert message in result.err and result.err.count("\n") == 1, result.err


def test_an_impossible_count_of_two_things_says_and(tmp_path: Path, edge_cli: CliRunner) -> None:
    """Two queens of hearts from one deck never happen; the message says that a count of
    several things is "and", and how to write "or"."""
    path = write_bet(tmp_path, {"x": "count(player, Q, hearts) == 2"}, deal="player = 2")
    result = edge_cli("table", str(path))
    assert result.status == 2 and result.err.count("\n") == 1
    assert "can never happen at 1 deck" in result.err
    assert "count(player, Q) + count(player, hearts)" in result.err


@pytest.mark.parametrize(("pay", "message"), [
    ("-2", "is -2: a pay is at least -1, the whole stake lost"),
    ('"-3:2"', "a pay is at least -1"),
    ('"half"', "not a number"),
])
def test_pays_below_minus_one_are_refused(tmp_path: Path, edge_cli: CliRunner, pay: str,
                                          message: str) -> None:
    path = write_bet(tmp_path, {"win": "hand3(player) > hand3(dealer)",
                                "tie": "hand3(player) == hand3(dealer)"},
                     pays=f"win = 1, tie = {pay}")
    result = edge_cli("games", str(path))
    assert result.status == 2 and result.err.count("\n") == 1
    assert result.err.startswith("edge: error: test-bet.toml: The pay for 'tie'")
    assert message in result.err, result.err


def test_pays_of_minus_one_to_zero_are_stated(tmp_path: Path) -> None:
    """-1, -1/2 (written four ways), 0: each is the pay stated."""
    for text, pay in (("-1", Fraction(-1)), ('"-1:2"', Fraction(-1, 2)),
                      ('"-1/2"', Fraction(-1, 2)), ("-0.5", Fraction(-1, 2)), ("0", Fraction(0))):
        path = write_bet(tmp_path, {"win": "total(player) > total(dealer)",
                                    "tie": "total(player) == total(dealer)"},
                         deal="player = 2\ndealer = 2", pays=f"win = 1, tie = {text}",
                         name=f"t{len(text)}{pay.denominator}")
        assert load_bet_file(path).bets[0].presets["flat"]["tie"] == pay


def test_negative_pays_elsewhere_stay_refused(tmp_path: Path, edge_cli: CliRunner) -> None:
    """A pay below -1 in a pay table file, a tune range below -1, and any negative pay for
    edge's own games (whose wagers have no partial losses)."""
    pays = tmp_path / "pays.toml"
    pays.write_text("[pays]\ndragon-wins = 1\ntie = -1.5\n", encoding="utf-8")
    result = edge_cli("table", str(DRAGON_TIGER), "--paytable", str(pays))
    assert result.status == 2 and "a pay is at least -1" in result.err
    result = edge_cli("tune", str(DRAGON_TIGER), "--target-edge", "1%..3%", "--vary", "tie=-2..0")
    assert result.status == 2
    assert "The range for tie starts at -2: a pay is at least -1" in result.err
    pair_plus = tmp_path / "pair-plus.toml"
    pair_plus.write_text("[pays]\nstraight-flush = 40\nthree-of-a-kind = 30\nstraight = 6\n"
                         "flush = 3\npair = \"-1/2\"\n", encoding="utf-8")
    result = edge_cli("table", "three-card-poker", "--bet", "pair-plus", "--paytable",
                      str(pair_plus))
    assert result.status == 2 and "cannot be negative" in result.err


@pytest.mark.usefixtures("by_signatures")
def test_overlapping_showdown_outcomes_show_a_real_deal(tmp_path: Path,
                                                        edge_cli: CliRunner) -> None:
    """With ``outcomes = "exclusive"``, two outcomes met by one deal are shown with a deal the
    deck can give (four different cards), though the deals are counted by signatures."""
    path = write_bet(tmp_path, {"win": "high_rank(player) > high_rank(dealer)",
                                "pair": "poker3(player) == pair"},
                     deal="player = 3\ndealer = 1")
    path.write_text(path.read_text(encoding="utf-8").replace(
        "[[outcome]]", '[rules]\noutcomes = "exclusive"\n[[outcome]]', 1), encoding="utf-8")
    result = edge_cli("table", str(path))
    found = re.search(r"both hold for the deal ((?:\S\S ){3}\S\S) \(", result.err)
    assert result.status == 2 and found is not None, result.err
    assert len(set(found.group(1).split())) == 4
