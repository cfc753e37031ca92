"""Casino Hold'em from a game file (examples/games/casino-holdem.toml): a dealer's hand over a
board shared with the player, the turn and river dealt after the decision.

The independent checks: a plain enumeration in this file (its own best-five ranking, every
turn, river and dealer's hand looped over, no kernel called) on decks of a few ranks, and the
published figure on the full deck (Wizard of Odds, Casino Hold'em: a house edge of 2.16% per
Ante with the AA bonus off; docs/references.md).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge import _core
from edge.bets._showdown import split_counts
from edge.bets.file import BetFileError
from edge.cli import main
from edge.decisions import board
from edge.decisions.board import solve_board_file
from edge.games import analyze
from tests.test_uth_strategies import best, hand_category  # a plain best-five ranking

GAME = Path(__file__).resolve().parent.parent / "examples" / "games" / "casino-holdem.toml"
RANKS = "23456789TJQKA"
SUITS = "cdhs"
# the Ante's pays by the player's final hand when he wins or the dealer does not qualify
ANTE_PAYS = {"royal": 100, "straight-flush": 20, "quads": 10, "full-house": 3, "flush": 2}


def card(text: str) -> int:
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def ante_pay(hand: tuple[int, ...]) -> int:
    if hand[0] == 8:
        return ANTE_PAYS["royal"] if hand[1] == 12 else ANTE_PAYS["straight-flush"]
    return {7: ANTE_PAYS["quads"], 6: ANTE_PAYS["full-house"], 5: ANTE_PAYS["flush"]}.get(
        hand[0], 1)


def plain_return(ranks: list[int], weakest: str) -> Fraction:
    """Every deal of a deck of these ranks: the player calls when calling is worth more than
    the Ante a fold loses (a tie to the call); per Ante."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    least = best(tuple(card(text) for text in weakest.split()))
    memo: dict[frozenset[int], tuple[int, ...]] = {}

    def hand(cards: tuple[int, ...]) -> tuple[int, ...]:
        key = frozenset(cards)
        if key not in memo:
            memo[key] = best(cards)
        return memo[key]

    total = 0
    deals = 0
    for flop in itertools.combinations(deck, 3):
        rest = [c for c in deck if c not in flop]
        for hole in itertools.combinations(rest, 2):
            after = [c for c in rest if c not in hole]
            call = 0
            ways = 0
            for later in itertools.combinations(after, 2):
                mine = hand((*hole, *flop, *later))
                pay = ante_pay(mine)
                left = [c for c in after if c not in later]
                for dealer in itertools.combinations(left, 2):
                    theirs = hand((*dealer, *flop, *later))
                    ways += 1
                    if theirs < least:
                        call += pay                  # the Ante paid, the Call pushes
                    elif mine > theirs:
                        call += pay + 2
                    elif mine < theirs:
                        call -= 3
            total += max(call, -ways)
            deals += ways
    return Fraction(total, deals)


def with_weakest(tmp_path: Path, weakest: str) -> Path:
    text = GAME.read_text().replace('weakest = "4c 4d 5h 3s 2c"', f'weakest = "{weakest}"')
    path = tmp_path / "casino-holdem.toml"
    path.write_text(text)
    return path


def plain_state(ranks: list[int], weakest: str, flop: tuple[int, ...],
                hole: tuple[int, int]) -> Counter[tuple[int, int]]:
    """For one state, the deals by (the class of the player's final hand, 0 high card .. 9
    royal flush; the result: 0 the dealer does not qualify, 1 the player wins, 2 a tie, 3
    the dealer wins)."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    least = best(tuple(card(text) for text in weakest.split()))
    found: Counter[tuple[int, int]] = Counter()
    after = [c for c in deck if c not in flop and c not in hole]
    for later in itertools.combinations(after, 2):
        mine = best((*hole, *flop, *later))
        klass = hand_category((*hole, *flop, *later))
        for dealer in itertools.combinations([c for c in after if c not in later], 2):
            theirs = best((*dealer, *flop, *later))
            result = 0 if theirs < least else 1 if mine > theirs else 2 if mine == theirs else 3
            found[klass, result] += 1
    return found


def kernel_state(counts: np.ndarray, hole: tuple[int, int]) -> Counter[tuple[int, int]]:
    x, y = sorted(hole)
    return Counter({(c, r): int(counts[x, y, c, r]) for c in range(10) for r in range(4)
                    if counts[x, y, c, r]})


@pytest.mark.parametrize(("ranks", "weakest", "flop", "step"), [
    ([10, 11, 12], "Kc Kd Kh Qc Qd", "Qc Kd Ah", 7),           # queens full do not qualify
    pytest.param([0, 1, 2, 3], "4c 4d 5h 3s 2c", "2c 3c 4d", 7, marks=pytest.mark.slow),
    # straights, flushes, royal flushes; jacks and tens or better qualify
    pytest.param([8, 9, 10, 11, 12], "Jc Jd Th Ts Ac", "Tc Jc Qd", 29, marks=pytest.mark.slow),
    pytest.param([0, 1, 2, 3, 12], "Jc Jd Th Ts Ac", "Ac 2c 3d", 29, marks=pytest.mark.slow),
])
def test_each_state_against_a_plain_enumeration(ranks: list[int], weakest: str, flop: str,
                                                 step: int) -> None:
    cards = tuple(card(text) for text in flop.split())
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    counts = split_counts(cards, int(_core.evaluate_cards([card(c) for c in weakest.split()])),
                          ranks)
    holes = list(itertools.combinations([c for c in deck if c not in cards], 2))
    for hole in holes[::step]:
        assert kernel_state(counts, hole) == plain_state(ranks, weakest, cards, hole)


@pytest.mark.slow
def test_three_ranks_against_a_plain_enumeration(tmp_path: Path) -> None:
    ranks, weakest = [10, 11, 12], "Kc Kd Kh Qc Qd"     # queens full do not qualify
    solution = solve_board_file(with_weakest(tmp_path, weakest), ranks=ranks)
    assert solution.player_return == plain_return(ranks, weakest)
    assert solution.cycle == 220 * 36 * 21 * 10


def test_the_table_command_on_three_ranks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    ranks, weakest = [10, 11, 12], "Kc Kd Kh Qc Qd"
    monkeypatch.setattr(board, "solve_board_game",
                        functools.partial(board.solve_board_game, ranks=ranks))
    path = with_weakest(tmp_path, weakest)
    table = analyze(str(path))
    assert table.cycle == 220 * 36 * 21 * 10
    direct = solve_board_file(path, ranks=ranks)
    assert table.house_edge == -direct.player_return
    assert main(["table", str(path)]) == 0
    assert "fold at call-or-fold" in capsys.readouterr().out


@pytest.mark.slow
@pytest.mark.pinned_check("casino-holdem-file-published-house-edge")
@pytest.mark.longest
def test_published_house_edge() -> None:
    # Wizard of Odds, Casino Hold'em: house edge 2.16% per Ante (AA bonus off)
    solution = solve_board_file(GAME)
    assert Fraction(2155, 100000) <= -solution.player_return < Fraction(2165, 100000)


@pytest.mark.parametrize(("old", "new", "message"), [
    ('weakest = "4c 4d 5h 3s 2c"', 'weakest = "4c 4d 5h"', "must be five cards"),
    ('weakest = "4c 4d 5h 3s 2c"', 'weakest = "4c 4d 5h 3s 1x"', "is not a card"),
    ('board = ["flop", "turn_river"]', 'board = ["flop"]', "must name two places"),
    ("seen = 5", "seen = 6", "seen = 6; with a shared board"),
    ("> hand5(dealer", ">= hand5(dealer", "showdown"),
])
def test_bad_files(tmp_path: Path, old: str, new: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    text = GAME.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    with pytest.raises(BetFileError, match=message) as error:
        solve_board_file(path)
    assert "\n" not in str(error.value)
