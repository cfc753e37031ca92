"""Ultimate Texas Hold'em from a game file (examples/games/ultimate-texas-holdem.toml): a board
shared with the dealer, decisions before the flop, on it and on the river, one raise a hand.

The independent checks: a plain enumeration in this file (its own best-five ranking, every
flop, turn, river and dealer's hand looped over, the three decisions taken by comparing sums,
no kernel called) on a deck of three ranks; and on the full deck the exact return of edge's
own Ultimate Texas Hold'em solver (a separate program with its own published checks: 2.185%
per Ante, Wizard of Odds; docs/references.md section 4).
"""

from __future__ import annotations

import functools
import itertools
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.bets.file import BetFileError
from edge.cli import main
from edge.decisions import board
from edge.decisions.board import holding_classes, solve_board_file
from edge.games import analyze
from edge.simulation import simulate
from tests.test_uth_strategies import best  # a plain best-five ranking

GAME = Path(__file__).resolve().parent.parent / "examples" / "games" / "ultimate-texas-holdem.toml"
RANKS = "23456789TJQKA"
SUITS = "cdhs"
# the Blind's pays by class (9 royal flush .. 4 straight) when the player wins
BLIND = {9: Fraction(500), 8: Fraction(50), 7: Fraction(10), 6: Fraction(3), 5: Fraction(3, 2),
         4: Fraction(1)}


def card(text: str) -> int:
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def with_weakest(tmp_path: Path, weakest: str) -> Path:
    text = GAME.read_text().replace('weakest = "2c 2d 5h 4s 3c"', f'weakest = "{weakest}"')
    path = tmp_path / "uth.toml"
    path.write_text(text)
    return path


def plain_return(ranks: list[int], weakest: str,
                 choices: dict[tuple[int, int], int] | None = None) -> Fraction:
    """Every deal of a deck of these ranks, the player taking at each decision the option
    worth the most (a tie to either: the return is the same); per Ante. ``choices`` gets
    each holding's play before the flop (4, 3, or 0 for a check; a tie to the smaller)."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    least = best(tuple(card(text) for text in weakest.split()))

    @functools.cache
    def hand(cards: frozenset[int]) -> tuple[int, ...]:
        return best(tuple(cards))

    def net(play: int, blind: Fraction, results: dict[tuple[bool, int], int]) -> Fraction:
        """Ante, Blind and a Play of ``play`` Antes over the dealer's hands, by (the dealer
        qualifies, the player's hand compared: 1 higher, 0 equal, -1 lower)."""
        value = Fraction(0)
        for (qualifies, compared), count in results.items():
            if compared > 0:
                value += count * ((1 if qualifies else 0) + blind + play)
            elif compared < 0:
                value -= count * ((1 if qualifies else 0) + 1 + play)
        return value

    total = Fraction(0)
    deals = 0
    for hole in itertools.combinations(deck, 2):
        rest = [c for c in deck if c not in hole]
        sums = {4: Fraction(0), 3: Fraction(0)}
        checked = Fraction(0)
        for flop in itertools.combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            bet_2x = Fraction(0)
            river = Fraction(0)
            for later in itertools.combinations(after, 2):
                seven = frozenset((*hole, *flop, *later))
                mine = hand(seven)
                blind = BLIND.get(9 if mine[0] == 8 and mine[1] == 12 else mine[0], Fraction(0))
                left = [c for c in after if c not in later]
                results: dict[tuple[bool, int], int] = {}
                for dealer in itertools.combinations(left, 2):
                    theirs = hand(frozenset((*dealer, *flop, *later)))
                    key = (theirs >= least, (mine > theirs) - (mine < theirs))
                    results[key] = results.get(key, 0) + 1
                    deals += 1
                for play in (4, 3):
                    sums[play] += net(play, blind, results)
                bet_2x += net(2, blind, results)
                river += max(Fraction(-2 * sum(results.values())), net(1, blind, results))
            checked += max(bet_2x, river)
        total += max(sums[4], sums[3], checked)
        if choices is not None:
            choices[hole] = 0 if checked >= max(sums[4], sums[3]) else 3 if sums[3] >= sums[4] \
                else 4
    return total / deals


@pytest.mark.slow
@pytest.mark.parametrize("weakest", [
    "2c 2d 5h 4s 3c",                 # every hand qualifies (each holds three of a kind)
    "Kc Kd Kh Qc Qd",                 # kings full of queens or better qualify
])
def test_three_ranks_against_a_plain_enumeration(tmp_path: Path, weakest: str) -> None:
    # 2.3 s each
    ranks = [10, 11, 12]
    solution = solve_board_file(with_weakest(tmp_path, weakest), ranks=ranks)
    assert solution.cycle == 66 * 120 * 21 * 10
    choices: dict[tuple[int, int], int] = {}
    assert solution.player_return == plain_return(ranks, weakest, choices)
    # the play before the flop, by holding class (the file's options: check, bet-3x, bet-4x)
    for hole, play in choices.items():
        klass = int(holding_classes(np.array([hole]))[0])
        assert solution.preflop[klass] == {0: 0, 3: 1, 4: 2}[play]


def test_the_solved_strategy_played_on_random_deals(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    # three ranks (queen to ace: full houses and fours of a kind only, no pay far out in the
    # tail), kings full of queens or better qualifying: the simulator deals, plays the solve's
    # choices (the river decided again on each board) and settles by the file
    monkeypatch.setattr(board, "solve_board_game",
                        functools.partial(board.solve_board_game, ranks=[10, 11, 12]))
    played = simulate(str(with_weakest(tmp_path, "Kc Kd Kh Qc Qd")), hands=4000, seed=11,
                      jobs=1)
    assert played.agrees
    assert played.hands == 4000


def test_the_table_command_on_three_ranks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    ranks = [10, 11, 12]
    monkeypatch.setattr(board, "solve_board_game",
                        functools.partial(board.solve_board_game, ranks=ranks))
    path = with_weakest(tmp_path, "Kc Kd Kh Qc Qd")
    table = analyze(str(path))
    assert table.cycle == 66 * 120 * 21 * 10
    assert table.house_edge == -solve_board_file(path, ranks=ranks).player_return
    lines = dict(table.decisions)
    # every line of play a hand can take, and every deal on one of them
    assert set(lines) <= {"bet-4x", "bet-3x", "check, bet-2x", "check, check, bet-1x",
                          "check, check, fold"}
    assert sum(lines.values()) == table.cycle
    assert main(["table", str(path)]) == 0
    out = capsys.readouterr().out
    assert "dealer does not qualify, player wins" in out


@pytest.mark.slow
@pytest.mark.pinned_check("uth-file-against-the-built-in-solver")
@pytest.mark.longest
def test_the_built_in_solver_exactly(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # one full solve of the file (about 2 to 4 minutes of one core), every full-deck check made
    # on it: edge's own Ultimate Texas Hold'em solver gives 50643648973/2317817502000 per Ante
    # (2.1850%; the Wizard of Odds publishes 2.185%), computed by a separate program (from the
    # disk cache, as test_uth.py's slow tests); the file must give the same fraction, and the
    # same deals on each line of play
    from tests.test_board_strategy_file import check_the_full_deck
    built_in = analyze("ultimate-texas-holdem", "main")
    solution = solve_board_file(GAME)
    assert solution.player_return == built_in.expected_return
    assert Fraction(21845, 1000000) <= -solution.player_return < Fraction(21855, 1000000)
    lines = solution.lines
    theirs = dict(built_in.decisions)
    assert lines["bet-4x"] == theirs["preflop 4x"]
    assert lines["check, bet-2x"] == theirs["check, flop 2x"]
    assert lines["check, check, bet-1x"] == theirs["check, check, river 1x"]
    assert lines["check, check, fold"] == theirs["check, check, river fold"]
    assert "bet-3x" not in lines and theirs["preflop 3x"] == 0
    # the strategy files priced on it (tests/test_board_strategy_file.py)
    check_the_full_deck(solution)
    # the solved strategy played on random deals of the full deck, each settled by the file's
    # conditions (the game's solve is this one)
    monkeypatch.setattr(board, "solve_board_game", lambda *args, **kwargs: solution)
    copy = tmp_path / GAME.name             # a path no other test's game is kept under
    copy.write_text(GAME.read_text())
    played = simulate(str(copy), hands=2000, seed=5, jobs=1)
    assert played.agrees


@pytest.mark.parametrize(("old", "new", "message"), [
    ("when = { play = 0 }\noptions = [\n    { name = \"check\" },",
     "when = { pot = 0 }\noptions = [\n    { name = \"check\" },", "when names 'pot'"),
    ("when = { play = 0 }\noptions = [\n    { name = \"check\" },",
     "when = { play = 2 }\noptions = [\n    { name = \"check\" },", "amount at the start"),
    ("when = { play = 0 }\noptions = [\n    { name = \"check\" },",
     "options = [\n    { name = \"check\" },", "set by the decisions"),
    ("seen = 7", "seen = 6", "seen = 6; with a shared board"),
    ('play = { not-qualified = "showdown"', 'play = { not-qualified = "shown"',
     "not-qualified"),
])
def test_bad_files(tmp_path: Path, old: str, new: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    text = GAME.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(BetFileError, match=message) as error:
        solve_board_file(path)
    assert "\n" not in str(error.value)


def test_showdown_when_not_qualified_needs_a_shared_board(tmp_path: Path) -> None:
    from edge.decisions.file import read_game_file
    source = GAME.parent / "three-card-poker.toml"
    text = source.read_text()
    old = "play = { not-qualified = 0"
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, 'play = { not-qualified = "showdown"'))
    with pytest.raises(BetFileError, match="shared board only") as error:
        read_game_file(path)
    assert "\n" not in str(error.value)


def test_the_strategy_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(board, "solve_board_game",
                        functools.partial(board.solve_board_game, ranks=[10, 11, 12]))
    path = with_weakest(tmp_path, "Kc Kd Kh Qc Qd")
    assert main(["strategy", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # every holding class of three ranks (three pairs, three suited, three offsuit) named
    assert sorted(data["preflop"]) == sorted(["AA", "KK", "QQ", "AKs", "AQs", "KQs", "AKo",
                                              "AQo", "KQo"])
    assert set(data["preflop"].values()) <= {"check", "bet-3x", "bet-4x"}
    assert sum(data["lines"].values()) == 66 * 120 * 21 * 10


@pytest.mark.kernels
def test_the_river_decision_on_one_board_against_a_plain_count() -> None:
    # the board kernel's decision on a whole board (what the simulator plays) against plain
    # counts of every dealer's hand for every holding, on a deck of four ranks
    from edge import _core
    from edge.bets import _showdown
    ranks = [9, 10, 11, 12]
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    board_cards = [card(text) for text in ["Jc", "Qd", "Kh", "Js", "Ac"]]
    weakest = "Qc Qd Jh Js Ac"                      # queens and jacks or better qualify
    least = best(tuple(card(text) for text in weakest.split()))
    rng = np.random.default_rng(3)
    nets = rng.integers(-9, 10, size=(3, 10, 6)).astype(np.int64)
    order = [2, 0, 1]
    taken = _showdown.decided_options(board_cards, int(_core.evaluate_cards(
        [card(text) for text in weakest.split()])), nets, order, ranks)
    left = [c for c in deck if c not in board_cards]
    for hole in itertools.combinations(left, 2):
        mine = best((*hole, *board_cards))
        klass = 9 if mine[0] == 8 and mine[1] == 12 else mine[0]
        counts = [0] * 6
        for dealer in itertools.combinations([c for c in left if c not in hole], 2):
            theirs = best((*dealer, *board_cards))
            counts[3 * (theirs >= least) + (mine > theirs) - (mine < theirs) + 1] += 1
        values = [sum(n * int(v) for n, v in zip(counts, nets[o, klass], strict=True))
                  for o in range(3)]
        top = max(values)
        assert taken[hole] == next(o for o in order if values[o] == top)


def test_a_mistake_in_a_decision_names_its_line_and_column(tmp_path: Path) -> None:
    text = GAME.read_text().replace('    { name = "bet-1x", set = { play = 1 } },\n', "")
    lines = text.splitlines()
    river = next(i for i, line in enumerate(lines) if line == 'name = "river"')
    options = next(i for i in range(river, len(lines)) if lines[i].startswith("options ="))
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(BetFileError) as error:
        solve_board_file(path)
    assert str(error.value) == (f"bad.toml: line {options + 1}, column 1: decision 'river' "
                                "needs two or more options.")
