"""The bet-file engine (edge/bets/, docs/bets.md): the condition language, which cards are
looked at, the exact shoe weights, and every word of the language against plain enumerations
written here.

The plain enumerations deal physical cards (``decks`` copies of each face, each copy a card of
its own) in every order, with numpy, and settle each deal by rules written here from the words'
definitions in docs/bets.md, never by edge's code. Probabilities are compared as Fractions, so
the engine's smaller cycle (it deals only the cards looked at, sets unordered) and the plain
one (every ordered deal of every card dealt) must agree exactly.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import edge
from edge.bets import load_bet_file
from edge.bets.enumeration import cycle_size, deal_rows
from edge.bets.language import ConditionError, parse
from edge.bets.layout import Layout, Place, Slot
from tests.conftest import CliRunner

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

HEADER = """
name = "{name}"
title = "Test bet"
[shoe]
decks = {decks}
[deal]
{deal}
"""


def write_bet(folder: Path, outcomes: dict[str, str], deal: str = "player = 2\ndealer = 1",
              decks: int = 2, name: str = "test-bet", extra: str = "") -> Path:
    """A bet file with these outcomes (name -> condition), each paying 1 to 1."""
    text = HEADER.format(name=name, decks=decks, deal=deal) + extra
    for outcome, when in outcomes.items():
        text += f'[[outcome]]\nname = "{outcome}"\nwhen = "{when}"\n'
    pays = ", ".join(f"{outcome} = 1" for outcome in outcomes)
    text += f"[paytables]\nflat = {{ {pays} }}\n"
    path = folder / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def probabilities(path: Path, decks: int | None = None) -> dict[str, Fraction]:
    """Each row's exact probability from edge."""
    options = {} if decks is None else {"decks": decks}
    table = edge.analyze(str(path), options=options)
    return {row.outcome: table.probability(row) for row in table.rows}


def plain_deals(cards: int, decks: int) -> np.ndarray:
    """Every ordered deal of ``cards`` physical cards from the shoe, as faces (0..51)."""
    shoe = np.arange(52 * decks)
    grids = np.meshgrid(*([shoe] * cards), indexing="ij")
    deals = np.stack([g.ravel() for g in grids], axis=1)
    distinct = np.ones(len(deals), dtype=bool)
    for i, j in itertools.combinations(range(cards), 2):
        distinct &= deals[:, i] != deals[:, j]
    return deals[distinct] % 52


def plain_probabilities(deals: np.ndarray, settle: list[np.ndarray],
                        names: list[str]) -> dict[str, Fraction]:
    """First-match outcome probabilities over equally likely plain deals."""
    left = np.ones(len(deals), dtype=bool)
    found: dict[str, Fraction] = {}
    for name, holds in zip(names, settle, strict=True):
        taken = left & holds
        found[name] = Fraction(int(taken.sum()), len(deals))
        left &= ~taken
    found["lose"] = Fraction(int(left.sum()), len(deals))
    return found


# --- the language ------------------------------------------------------------------------

def test_names_with_hyphens_and_subtraction_with_spaces() -> None:
    node = parse("poker5(player + board) >= straight-flush")
    assert "straight-flush" in repr(node)
    node = parse("rank(player[1]) - rank(player[2]) == 1")
    assert "op='-'" in repr(node)


@pytest.mark.parametrize(("text", "where"), [
    ("same_rank(player", 16),        # the end: ')' expected
    ("rank(player[1]) = 3", 16),     # '=' where '==' is meant
    ("rank(player[x])", 12),         # a position must be a number
    ("", 0),
    ("same_rank(player) and", 21),
    ("same_rank(player) same_suit(player)", 18),
])
def test_syntax_errors_say_where(text: str, where: int) -> None:
    with pytest.raises(ConditionError) as error:
        parse(text)
    assert error.value.at == where


def test_python_is_not_evaluated(tmp_path: Path, edge_cli: CliRunner) -> None:
    """A condition is never handed to Python: its own words only."""
    path = write_bet(tmp_path, {"x": "__import__('os').system('true')"})
    result = edge_cli("table", str(path))
    assert result.status == 2
    assert result.err.startswith("edge: error: test-bet.toml: outcome 'x', line")


# --- what is enumerated ------------------------------------------------------------------

def test_places_looked_at_together_are_one_set() -> None:
    places = (Place("player", 2), Place("board", 5), Place("dealer", 2))
    layout = Layout.of(places, [parse("poker5(player + board) == flush"),
                                parse("poker5(player + board) == straight")])
    assert layout.slots == (Slot(("player", "board"), 7),)
    layout = Layout.of(places, [parse("poker5(player + board) == flush"),
                                parse("same_rank(player)")])
    assert sorted(slot.size for slot in layout.slots) == [2, 5]


def test_positions_are_single_cards_and_unseen_positions_are_left_out() -> None:
    layout = Layout.of((Place("player", 2), Place("flop", 3)),
                       [parse("rank(flop[2]) between rank(player[1]) and rank(player[2])")])
    assert [(s.places, s.position) for s in layout.slots] == [
        (("player",), 1), (("player",), 2), (("flop",), 2)]
    assert layout.dealt == 5 and layout.cards == 3


SET2 = Slot(("p",), 2)
CARD1, CARD2, DEALER = Slot(("p",), 1, 1), Slot(("p",), 1, 2), Slot(("d",), 1, 1)


@pytest.mark.parametrize(("slots", "decks"), [
    ((SET2,), 1), ((SET2,), 2), ((SET2,), 3), ((SET2, DEALER), 1), ((SET2, DEALER), 2),
    ((CARD1, CARD2, DEALER), 2),
])
def test_weights_count_every_deal_of_physical_cards(slots: tuple[Slot, ...],
                                                     decks: int) -> None:
    """Every row's weight is the number of deals of physical cards it stands for: per row of
    faces (sets sorted), the weights equal a count of every ordered plain deal, the orders
    inside each set merged."""
    sizes = [slot.size for slot in slots]
    engine: dict[int, int] = {}
    for rows, weights in deal_rows(slots, decks):
        weights = np.ones(len(rows), dtype=np.int64) if weights.size == 0 else weights
        keys, inverse = np.unique(_keys(rows, slots), return_inverse=True)
        sums = np.zeros(len(keys), dtype=np.int64)
        np.add.at(sums, inverse, weights)
        for key, total in zip(keys.tolist(), sums.tolist(), strict=True):
            engine[key] = engine.get(key, 0) + total
    assert sum(engine.values()) == cycle_size(slots, decks)
    keys, counts = np.unique(_keys(plain_deals(sum(sizes), decks), slots), return_counts=True)
    merge = int(np.prod([np.prod(range(1, s.size + 1)) for s in slots if s.is_set]))
    assert engine == {key: int(count) // merge
                      for key, count in zip(keys.tolist(), counts.tolist(), strict=True)}
    assert all(int(count) % merge == 0 for count in counts)


def _keys(rows: np.ndarray, slots: tuple[Slot, ...]) -> np.ndarray:
    """One integer per row: its slots' faces (each set's sorted) in base 52."""
    key = np.zeros(len(rows), dtype=np.int64)
    at = 0
    for slot in slots:
        part = rows[:, at:at + slot.size]
        part = np.sort(part, axis=1) if slot.is_set else part
        for column in range(slot.size):
            key = key * 52 + part[:, column]
        at += slot.size
    return key


# --- every word against a plain enumeration ------------------------------------------------

RANK = lambda faces: faces // 4 + 2             # noqa: E731  2..14, ace high
SUIT = lambda faces: faces % 4                  # noqa: E731  clubs, diamonds, hearts, spades


def _hard(faces: np.ndarray) -> np.ndarray:
    ranks = RANK(faces)
    return np.where(ranks == 14, 1, np.minimum(ranks, 10)).sum(axis=1)


@pytest.mark.parametrize("decks", [1, pytest.param(2, marks=pytest.mark.slow)])   # 2: seconds
def test_card_words_against_plain_deals(tmp_path: Path, decks: int) -> None:
    outcomes = {
        "identical": "same_card(player)",
        "coloured-pair": "same_rank(player) and same_colour(player)",
        "twenty": "total(player) == 20",
        "soft-hand": "soft(player)",
        "red-dealer": "colour(dealer) == red and suit(dealer) != hearts",
        "dealer-between": "rank(dealer) between rank(player[1]) and rank(player[2])",
        "run": "consecutive(player + dealer)",
        "two-queens": "count(player + dealer, Q) >= 2",
        "mixed": "distinct_suits(player + dealer) == 3 and high_rank(player) - low_rank(player) "
                 "> 8",
    }
    path = write_bet(tmp_path, outcomes, decks=2)
    deals = plain_deals(3, decks)                       # player[1], player[2], dealer
    player, dealer = deals[:, :2], deals[:, 2]
    hard = _hard(player)
    soft = (RANK(player) == 14).any(axis=1) & (hard + 10 <= 21)
    ranks3 = np.sort(RANK(deals), axis=1)
    low3 = np.sort(np.where(RANK(deals) == 14, 1, RANK(deals)), axis=1)
    distinct = (ranks3[:, 0] != ranks3[:, 1]) & (ranks3[:, 1] != ranks3[:, 2])
    run = distinct & ((ranks3[:, 2] - ranks3[:, 0] == 2) | (low3[:, 2] - low3[:, 0] == 2))
    low, high = np.minimum(RANK(player[:, 0]), RANK(player[:, 1])), np.maximum(
        RANK(player[:, 0]), RANK(player[:, 1]))
    suits = [len(set(row)) for row in SUIT(deals).tolist()]
    settle = [
        player[:, 0] == player[:, 1],
        (RANK(player[:, 0]) == RANK(player[:, 1]))
        & (np.isin(SUIT(player[:, 0]), (1, 2)) == np.isin(SUIT(player[:, 1]), (1, 2))),
        np.where(soft, hard + 10, hard) == 20,
        soft,
        (SUIT(dealer) == 1),
        (low < RANK(dealer)) & (RANK(dealer) < high),
        run,
        (RANK(deals) == 12).sum(axis=1) >= 2,
        (np.array(suits) == 3) & (high - low > 8),
    ]
    expected = plain_probabilities(deals, settle, list(outcomes))
    assert probabilities(path, decks) == expected     # one deck: 'identical' has 0 deals


def test_poker3_and_poker5_against_plain_deals(tmp_path: Path) -> None:
    """3-card classes (a straight above a flush) from two decks; best-five classes of five
    cards from one deck, both against classifications written here."""
    outcomes = {name.replace("_", "-"): f"poker3(player + dealer) == {name.replace('_', '-')}"
                for name in ("straight_flush", "three_of_a_kind", "straight", "flush", "pair")}
    path = write_bet(tmp_path, outcomes, decks=2)
    deals = plain_deals(3, 2)
    ranks = np.sort(RANK(deals), axis=1)
    flush = (SUIT(deals) == SUIT(deals[:, :1])).all(axis=1)
    trips = (ranks == ranks[:, :1]).all(axis=1)
    wheel = (ranks == [2, 3, 14]).all(axis=1)
    straight = ((ranks[:, 1] == ranks[:, 0] + 1) & (ranks[:, 2] == ranks[:, 1] + 1)) | wheel
    pair = ~trips & ((ranks[:, 0] == ranks[:, 1]) | (ranks[:, 1] == ranks[:, 2]))
    expected = plain_probabilities(deals, [straight & flush, trips, straight, flush, pair],
                                   list(outcomes))
    assert probabilities(path) == expected


def test_poker5_five_card_classes_are_the_published_counts(tmp_path: Path) -> None:
    """Best five of five cards, one deck: the 2,598,960 hands' classes (Wikipedia, "Poker
    probability", as docs/references.md section 5 lists them)."""
    published = {"royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624,
                 "full-house": 3744, "flush": 5108, "straight": 10200,
                 "three-of-a-kind": 54912, "two-pair": 123552, "pair": 1098240}
    path = write_bet(tmp_path, {name: f"poker5(hand) == {name}" for name in published},
                     deal="hand = 5", decks=1)
    table = edge.analyze(str(path))
    assert {row.outcome: row.combinations for row in table.rows} == {**published,
                                                                     "lose": 1302540}


def test_cards_no_outcome_looks_at_change_nothing(tmp_path: Path) -> None:
    """Places and positions no condition names are left out, exactly: the same file with
    a five-card place nobody looks at, dealt between, and with ace low, gives the plain
    enumeration of the three cards looked at."""
    outcomes = {"high": "rank(dealer) > rank(player[2])"}
    path = write_bet(tmp_path, outcomes, deal="player = 2\nothers = 5\ndealer = 1", decks=1,
                     extra='[rules]\nace = "low"\n')
    deals = plain_deals(2, 1)                              # player[2], dealer
    low = lambda faces: np.where(RANK(faces) == 14, 1, RANK(faces))   # noqa: E731
    expected = plain_probabilities(deals, [low(deals[:, 1]) > low(deals[:, 0])], ["high"])
    assert probabilities(path) == expected


def test_more_decks_by_option_and_a_single_deck_word_refused(tmp_path: Path,
                                                             edge_cli: CliRunner) -> None:
    path = write_bet(tmp_path, {"pair": "same_rank(player)"}, decks=1)
    one, six = probabilities(path)["pair"], probabilities(path, decks=6)["pair"]
    assert one == Fraction(3, 51) and six == Fraction(6 * 4 - 1, 6 * 52 - 1)
    path = write_bet(tmp_path, {"flush": "poker5(hand) == flush"}, deal="hand = 5", decks=1,
                     name="five")
    result = edge_cli("table", str(path), "--set", "decks=2")
    code, _, err = result.status, result.out, result.err
    assert code == 2 and "poker5() needs a single deck" in err


# --- the file's errors -------------------------------------------------------------------

@pytest.mark.parametrize(("outcomes", "message"), [
    ({"x": "same_rank(players)"}, "line 11, column 19: unknown name 'players'"),
    ({"x": "rank(player) == 3"}, "rank() takes one card"),
    ({"x": "same_colour(player) == red"}, "cannot compare a true/false condition with a colour"),
    ({"x": "poker3(player) == flush"}, "poker3() takes three cards, not 2"),
    ({"x": "poker3(player + dealer) > royal-flush"}, "'royal-flush' is not a poker3 class"),
    ({"x": "suit(dealer) < hearts"}, "a suit compares only with == or !="),
    ({"x": "rank(player[3]) == 2"}, "player has 2 cards: no card 3"),
    ({"x": "count(player, 15) == 1"}, "15 is not a rank"),
    ({"x": "same_rank(player)", "y": "same_rank(player) and same_suit(player)"},
     "the outcome 'y' can never happen at 2 decks"),
])
def test_bad_conditions_are_one_line(tmp_path: Path, edge_cli: CliRunner,
                                     outcomes: dict[str, str], message: str) -> None:
    path = write_bet(tmp_path, outcomes)
    result = edge_cli("table", str(path))
    code, out, err = result.status, result.out, result.err
    assert code == 2 and out == ""
    assert err.startswith("edge: error: test-bet.toml: ") and message in err, err
    assert err.count("\n") == 1


def test_exclusive_outcomes_that_overlap_are_named(tmp_path: Path, edge_cli: CliRunner) -> None:
    path = write_bet(tmp_path, {"pair": "same_rank(player)", "suited": "same_suit(player)"},
                     extra='[rules]\noutcomes = "exclusive"\n')
    result = edge_cli("table", str(path))
    code, _, err = result.status, result.out, result.err
    assert code == 2 and "the outcomes 'pair' and 'suited' both hold for the deal" in err


def test_a_bet_file_cannot_take_a_games_name(tmp_path: Path, edge_cli: CliRunner) -> None:
    path = write_bet(tmp_path, {"pair": "same_rank(player)"}, name="triple-bet")
    result = edge_cli("table", str(path))
    code, _, err = result.status, result.out, result.err
    assert code == 2 and "which is the name of a game edge has" in err


def test_every_command_takes_the_file(tmp_path: Path, edge_cli: CliRunner) -> None:
    """games, table (every format), simulate, tune and report name the game by its path."""
    path = write_bet(tmp_path, {"pair": "same_rank(player)", "suited": "same_suit(player)"})
    load_bet_file(path)
    for command in (["games", str(path)], ["table", str(path), "--format", "json"],
                    ["table", str(path), "--paytable", "9-2"],
                    ["simulate", str(path), "--hands", "20000", "--seed", "1"],
                    ["tune", str(path), "--target-edge", "0%..20%", "--vary", "pair=2..12"]):
        result = edge_cli(*command)
        code, err = result.status, result.err
        assert code == 0, (command, err)
    report = tmp_path / "r.md"
    result = edge_cli("report", str(path), "-o", str(report))
    code, _, err = result.status, result.out, result.err
    assert code == 0, err
    text = report.read_text(encoding="utf-8")
    assert f"edge report {path}" in text and "same_suit(player)" in text


def test_the_class_route_counts_what_the_row_route_counts(tmp_path: Path) -> None:
    """A file that looks only at the best five of all its cards is counted through the ten
    classes (edge/bets/classes.py); over every 5-card hand, and over every 6-card set with
    outcomes that join classes and skip some, both routes give the same integers."""
    from edge.bets.file import read_bet_file
    from edge.bets.game import BetAnalysis

    five = write_bet(tmp_path, {"flush-or-better": "poker5(hand) >= flush",
                                "pair": "poker5(hand) == pair",
                                "not-trips": "poker5(hand) != three-of-a-kind and "
                                             "poker5(hand) < straight"},
                     deal="hand = 5", decks=1, name="five")
    six = write_bet(tmp_path, {"quads": "poker5(player + dealer) == four-of-a-kind",
                               "flush": "poker5(player + dealer) == flush or "
                                        "poker5(player + dealer) == royal-flush"},
                    deal="player = 3\ndealer = 3", decks=1, name="six")
    for path in (five, six):
        analysis = BetAnalysis(read_bet_file(path))
        by_class, by_row = analysis.counts(1, by_class=True), analysis.counts(1, by_class=False)
        assert by_class.counts == by_row.counts and by_class.cycle == by_row.cycle
        assert all(example is not None for example in by_class.examples)
