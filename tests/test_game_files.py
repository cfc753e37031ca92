"""Games with decisions from a file (issue 36, first landing): the player's own hand against a
pay table, solved exactly.

Each expectation comes from a plain computation written here (a poker hand classifier, the
optimal play found directly from what each decision can gain) or from a published figure:
- Let It Ride, 1000-200-50-11-8-5-3-2-1: 3.51% per unit, 3.74% with a royal paying 500, element
  of risk 2.86% (Wizard of Odds, "Let It Ride", https://wizardofodds.com/games/let-it-ride/);
- Mississippi Stud, 500-100-40-10-6-4-3-2-1-push: 4.9149% per Ante, 3.7591% when a straight
  pays 5, average total bet 3.59 units and element of risk 1.37% with ties to the larger bet
  (E. Jacobson; Wizard of Odds, "Mississippi Stud", https://wizardofodds.com/games/mississippi-stud/).
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge import analyze
from edge.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
LET_IT_RIDE = EXAMPLES / "let-it-ride.toml"
MISSISSIPPI_STUD = EXAMPLES / "mississippi-stud.toml"
IntArray = npt.NDArray[np.int64]

# the best five-card hand classes, best first, as the example files name them
CLASSES = ("royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight",
           "three-of-a-kind", "two-pair", "pair", "high-card")


def classify_five(hands: IntArray) -> tuple[list[str], IntArray]:
    """Each five-card hand (cards 0..51, rank = card // 4 from the deuce, suit = card % 4): its
    class and, for a pair, the pair's rank (2..14); written plainly, apart from edge."""
    ranks = hands // 4 + 2
    suits = hands % 4
    flush = (suits == suits[:, :1]).all(axis=1)
    ordered = np.sort(ranks, axis=1)
    distinct = np.array([len(set(row)) for row in ordered.tolist()])
    wheel = (ordered == np.array([2, 3, 4, 5, 14])).all(axis=1)
    run = ((distinct == 5) & (ordered[:, 4] - ordered[:, 0] == 4)) | wheel
    counts = np.array([sorted(np.bincount(row, minlength=15).tolist(), reverse=True)[:2]
                       for row in ranks.tolist()])
    names = []
    pair_rank = np.zeros(len(hands), dtype=np.int64)
    for i in range(len(hands)):
        top, second = counts[i]
        if run[i] and flush[i]:
            names.append("royal-flush" if ordered[i, 0] == 10 else "straight-flush")
        elif top == 4:
            names.append("four-of-a-kind")
        elif top == 3 and second == 2:
            names.append("full-house")
        elif flush[i]:
            names.append("flush")
        elif run[i]:
            names.append("straight")
        elif top == 3:
            names.append("three-of-a-kind")
        elif top == 2 and second == 2:
            names.append("two-pair")
        elif top == 2:
            names.append("pair")
            row = ranks[i].tolist()
            pair_rank[i] = next(r for r in row if row.count(r) == 2)
        else:
            names.append("high-card")
    return names, pair_rank


@pytest.fixture(scope="module")
def five_card_pays() -> dict[str, tuple[IntArray, list[str], IntArray]]:
    """Every five-card set (in itertools order), with its class and pair rank: a minute of
    plain Python, made once."""
    hands = np.array(list(itertools.combinations(range(52), 5)), dtype=np.int64)
    names, pair_rank = classify_five(hands)
    return {"all": (hands, names, pair_rank)}


def _colex(rows: IntArray) -> IntArray:
    """A set's index among all sets of its size, ordered by largest card first (colex)."""
    index = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        index += np.array([math.comb(int(c), i + 1) for c in range(53)],
                          dtype=np.int64)[rows[:, i]]
    return index


def _mean_over_next_card(values: IntArray, k: int) -> tuple[IntArray, IntArray]:
    """For every k-set (by colex index), the sum of ``values`` (by colex index of the (k+1)-sets)
    over the cards that can come next, and how many there are (52 - k)."""
    bigger = np.array(list(itertools.combinations(range(52), k + 1)), dtype=np.int64)
    into = _colex(bigger)
    sums = np.zeros(math.comb(52, k), dtype=np.int64)
    for drop in range(k + 1):
        smaller = np.delete(bigger, drop, axis=1)
        np.add.at(sums, _colex(smaller), values[into])
    return sums, np.full(len(sums), 52 - k, dtype=np.int64)


@pytest.mark.slow       # the plain classification of 2,598,960 hands: about a minute
def test_let_it_ride_against_a_plain_optimal_play(
        five_card_pays: dict[str, tuple[IntArray, list[str], IntArray]]) -> None:
    """Let It Ride's bets are paid alike, so each pulled-back bet is decided on its own: bet 1
    rides when the mean pay over the 2 cards to come is positive (or zero: ties ride), bet 2
    when the mean over the last card is; bet 3 always rides. The house edge is then the mean
    pay plus the two bets' gains, found here from a plain classification of every hand."""
    hands, names, pair_rank = five_card_pays["all"]
    pays = {"royal-flush": 1000, "straight-flush": 200, "four-of-a-kind": 50, "full-house": 11,
            "flush": 8, "straight": 5, "three-of-a-kind": 3, "two-pair": 2}
    pay = np.array([pays.get(name, 1 if name == "pair" and pair_rank[i] >= 10 else -1)
                    for i, name in enumerate(names)], dtype=np.int64)
    by_set = np.zeros(len(hands), dtype=np.int64)
    by_set[_colex(hands)] = pay
    four_sums, _ = _mean_over_next_card(by_set, 4)                       # 48 cards each
    three_sums, _ = _mean_over_next_card(four_sums, 3)                   # 49 x 48 each
    total_mean = Fraction(int(by_set.sum()), len(by_set))
    second = Fraction(int(np.maximum(four_sums, 0).sum()), len(four_sums) * 48)
    first = Fraction(int(np.maximum(three_sums, 0).sum()), len(three_sums) * 49 * 48)
    expected = total_mean + second + first
    table = analyze(str(LET_IT_RIDE))
    assert table.expected_return == expected
    assert round(float(table.house_edge) * 100, 2) == 3.51         # Wizard of Odds
    assert round(float(table.element_of_risk) * 100, 2) == 2.86


@pytest.mark.slow       # two exact solves of 51,979,200 deals and 155,937,600 deals
def test_published_figures() -> None:
    royal = analyze(str(LET_IT_RIDE), paytable="royal-500")
    assert round(float(royal.house_edge) * 100, 2) == 3.74
    table = analyze(str(MISSISSIPPI_STUD))
    assert round(float(table.house_edge) * 100, 4) == 4.9149                 # E. Jacobson
    assert round(float(table.average_wager), 2) == 3.59
    assert round(float(table.element_of_risk) * 100, 2) == 1.37
    straight = analyze(str(MISSISSIPPI_STUD), paytable="straight-5")
    assert round(float(straight.house_edge) * 100, 4) == 3.7591
    assert table.cycle == math.comb(52, 2) * 50 * 49 * 48


THREE_CARD_STUD = """
name = "three-card-stud"
title = "Three-Card Stud"
source = "a small game made for the tests"

[shoe]
decks = 1

[deal]
player = 2
board = 1

[game]
wagers = { ante = 1, raise = 0 }
unit = "ante"
ties = "{ties}"

[[decision]]
name = "bet"
seen = 2
options = [
    {{ name = "fold", fold = true }},
    {{ name = "check" }},
    {{ name = "raise-2x", set = {{ raise = 2 }} }},
]

[[outcome]]
name = "trips"
when = "poker3(player + board) == three-of-a-kind"

[[outcome]]
name = "flush"
when = "poker3(player + board) == flush or poker3(player + board) == straight-flush"

[[outcome]]
name = "pair"
when = "poker3(player + board) == pair"

[paytables]
default = "A"
A = {{ trips = 30, flush = 3, pair = "1:2" }}
"""


def _three_card_stud_by_hand(ties: str) -> tuple[Fraction, Fraction]:
    """The game played optimally, by a plain loop over the 1,326 two-card hands and the 50
    third cards: each hand's mean pay, then the best of fold (-1), check (1 unit paid) and
    raise (3 units paid); returns (expected return per Ante, average total wager)."""
    def pay(cards: tuple[int, ...]) -> Fraction:
        ranks = sorted(card // 4 for card in cards)
        suited = len({card % 4 for card in cards}) == 1
        if ranks[0] == ranks[2]:
            return Fraction(30)
        if suited:
            return Fraction(3)
        if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
            return Fraction(1, 2)
        return Fraction(-1)

    total = Fraction(0)
    wagered = Fraction(0)
    for hand in itertools.combinations(range(52), 2):
        mean = sum((pay((*hand, card)) for card in range(52) if card not in hand),
                   Fraction(0)) / 50
        options = [(Fraction(-1), 0, 1), (mean, 1, 1), (3 * mean, 2, 3)]   # value, size, bet
        best = max(options, key=lambda o: (o[0], o[1] if ties == "larger" else -o[1]))
        total += best[0]
        wagered += best[2]
    return total / 1326, wagered / 1326


@pytest.mark.parametrize("ties", ["larger", "smaller"])
def test_a_small_game_against_a_plain_loop(tmp_path: Path, ties: str) -> None:
    path = tmp_path / "three-card-stud.toml"
    path.write_text(THREE_CARD_STUD.replace("{ties}", ties).replace("{{", "{")
                    .replace("}}", "}"), encoding="utf-8")
    table = analyze(str(path), options={"ties": ties})
    expected, average = _three_card_stud_by_hand(ties)
    assert table.expected_return == expected
    assert table.average_wager == average
    assert table.cycle == 1326 * 50
    assert sum(count for _, count in table.decisions) == table.cycle


def test_a_small_game_simulates_and_reports(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "three-card-stud.toml"
    path.write_text(THREE_CARD_STUD.replace("{ties}", "larger").replace("{{", "{")
                    .replace("}}", "}"), encoding="utf-8")
    assert main(["simulate", str(path), "--hands", "20000", "--seed", "3"]) in (0, 1)
    out = capsys.readouterr().out
    assert "the exact value lies inside" in out or "outside" in out
    assert main(["table", str(path), "--set", "ties=smaller", "--format", "json"]) == 0


BAD = [
    ("seen = 2\noptions = [\n    {{ name = \"fold\", fold = true }},", "seen = 3\noptions = [\n"
     "    {{ name = \"fold\", fold = true }},", "seen = 3 must be the number of cards seen"),
    ("    {{ name = \"check\" }},\n    {{ name = \"raise-2x\", set = {{ raise = 2 }} }},\n", "",
     "needs two or more options"),
    ("set = {{ raise = 2 }}", "set = {{ bonus = 2 }}", "sets 'bonus', which is not one of the "
     "wagers"),
    ("unit = \"ante\"", "unit = \"raise\"", "unit = 'raise' starts at 0 units"),
    ("decks = 1", "decks = 2", "decks = 2: a game with decisions is solved for one deck"),
    ("when = \"poker3(player + board) == pair\"", "when = \"rank(board) == A\"",
     "must look at every card dealt as one hand"),
    ("{{ name = \"check\" }}", "{{ name = \"check\", fold = \"yes\" }}", "fold = 'yes' must be"),
]


@pytest.mark.parametrize(("old", "new", "said"), BAD)
def test_bad_game_files_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                     old: str, new: str, said: str) -> None:
    text = THREE_CARD_STUD.replace("{ties}", "larger")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new).replace("{{", "{").replace("}}", "}"),
                    encoding="utf-8")
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("edge: error: bad.toml: ") and err.count("\n") == 1, err
    assert said in err, err


def test_a_small_game_keeps_every_contract_and_shows_its_strategy(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """edge.testing.check_game's battery (the table adds up, every pay table analysable, the
    simulation agrees, the report builds, bad options refused) and edge strategy."""
    from edge.testing import check_game

    path = tmp_path / "three-card-stud.toml"
    path.write_text(THREE_CARD_STUD.replace("{ties}", "larger").replace("{{", "{")
                    .replace("}}", "}"), encoding="utf-8")
    check_game(str(path))
    assert main(["strategy", str(path)]) == 0
    out = capsys.readouterr().out
    assert "169 hand classes" in out and "otherwise" in out
    assert "line of play" in out
