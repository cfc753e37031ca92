"""Game protection for a game file with a shared board (issue 36): cards of the flop seen
before the decision made on the player's two cards (``[protection.flop-1] board = 1``).

The independent checks: a plain enumeration in this file (its own best-five ranking, every
flop, turn, river and dealer's hand looped over, the decision before the flop taken for each
holding and seen cards by comparing sums over the flops holding them, no kernel called) on a
deck of three ranks; the classes of (holding, seen cards) against a plain renaming of suits;
and on the full deck edge's own Ultimate Texas Hold'em solver under the same scenarios
(``seen=flop-1``, a separate program in edge/games/ultimate_texas_holdem/exposure/).
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import sys
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.cli import main
from edge.decisions import board, board_dealer, board_protection
from edge.decisions.board import read_board_file, solve_board_game
from edge.decisions.board_protection import SeenBoard, solve_seen
from edge.games import analyze
from tests.test_uth_file import BLIND, card
from tests.test_uth_strategies import best  # a plain best-five ranking

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
GAME = EXAMPLES / "ultimate-texas-holdem.toml"
THREE = [10, 11, 12]


def plain_return(ranks: list[int], weakest: str, seen: int) -> Fraction:
    """Every deal of a deck of these ranks, ``seen`` of the flop's cards seen before the
    decision on the two cards, each deal counted once for each choice of the seen cards; the
    player takes at each decision the option worth the most; per Ante."""
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
        # the seen cards -> the sums over the flops holding them: bet 4x, bet 3x, check
        sums: dict[tuple[int, ...], list[Fraction]] = {}
        for flop in itertools.combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            bets = {4: Fraction(0), 3: Fraction(0)}
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
                    deals += math.comb(3, seen)
                for play in (4, 3):
                    bets[play] += net(play, blind, results)
                bet_2x += net(2, blind, results)
                river += max(Fraction(-2 * sum(results.values())), net(1, blind, results))
            for sight in itertools.combinations(flop, seen):
                entry = sums.setdefault(sight, [Fraction(0)] * 3)
                for i, value in enumerate((bets[4], bets[3], max(bet_2x, river))):
                    entry[i] += value
        total += sum(max(entry) for entry in sums.values())
    return total / deals


@pytest.mark.parametrize("seen", [1, 2])
def test_the_seen_states_are_the_classes_under_a_renaming_of_suits(seen: int) -> None:
    deck = tuple(rank * 4 + suit for rank in THREE for suit in range(4))
    states = SeenBoard(deck, seen)
    assert states.ways == math.comb(3, seen)
    found: dict[int, set[tuple[tuple[int, ...], tuple[int, ...]]]] = {}

    @functools.cache
    def least(h: tuple[int, ...], sight: tuple[int, ...]
              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The least renaming of suits of (holding, seen cards): its class, plainly."""
        return min((tuple(sorted(c - c % 4 + p[c % 4] for c in h)),
                    tuple(sorted(c - c % 4 + p[c % 4] for c in sight)))
                   for p in itertools.permutations(range(4)))

    for flop in itertools.combinations(deck, 3):
        holdings = [h for h in itertools.combinations(deck, 2) if not set(h) & set(flop)]
        ids = states.of(flop, np.array(holdings, dtype=np.int64))
        assert ids.shape == (len(holdings), math.comb(3, seen))
        for h, row in zip(holdings, ids.tolist(), strict=True):
            for sight, state in zip(itertools.combinations(flop, seen), row, strict=True):
                found.setdefault(state, set()).add(least(h, sight))
    assert all(len(classes) == 1 for classes in found.values())
    assert len({next(iter(c)) for c in found.values()}) == len(found) == states.count - 1


def test_a_card_seen_is_counted_once_for_each_card_that_may_be_it() -> None:
    game = read_board_file(GAME)
    dealt = solve_board_game(game, ranks=THREE)
    for seen in (1, 2, 3):
        solution = solve_seen(game, seen, ranks=THREE)
        assert solution.cycle == math.comb(3, seen) * dealt.cycle == \
            math.comb(3, seen) * 66 * 120 * 21 * 10
        assert sum(solution.lines.values()) == solution.cycle
        # seeing more is never worth less to a player who uses it perfectly
        assert solution.player_return >= dealt.player_return


@pytest.mark.slow
def test_three_ranks_against_a_plain_enumeration() -> None:
    # about 10 s of one core for each number of cards seen: the plain loop
    game = read_board_file(GAME)
    for seen in (1, 2, 3):
        assert solve_seen(game, seen, ranks=THREE).player_return == \
            plain_return(THREE, "2c 2d 5h 4s 3c", seen)


@pytest.fixture
def three_ranks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The file's solves on a deck of three ranks (Q, K, A), no report simulating them; the
    example read from a copy, so that the game edge keeps for its path (and its solves) is not
    the one a full-deck test of the same process reads."""
    copy = tmp_path / "copy" / GAME.name
    copy.parent.mkdir()
    copy.write_text(GAME.read_text())
    monkeypatch.setattr(sys.modules[__name__], "GAME", copy)
    monkeypatch.setattr("edge.simulation.verification.simulates", lambda game: False)
    monkeypatch.setattr(board, "solve_board_game",
                        functools.partial(board.solve_board_game, ranks=THREE))
    monkeypatch.setattr(board_protection, "solve_seen",
                        functools.partial(board_protection.solve_seen, ranks=THREE))
    monkeypatch.setattr(board_dealer, "solve_dealer_seen",
                        functools.partial(board_dealer.solve_dealer_seen, ranks=THREE))


def with_protection(tmp_path: Path, extra: str, name: str = "ultimate-texas-holdem.toml"
                    ) -> tuple[Path, int]:
    """The example file with ``extra`` added, and the line ``extra`` starts on."""
    text = (EXAMPLES / name).read_text()
    path = tmp_path / name
    path.write_text(text + "\n" + extra)
    return path, len(text.splitlines()) + 2


@pytest.mark.usefixtures("three_ranks")
def test_the_table_and_protection_commands(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    game = read_board_file(GAME)
    table = analyze(str(GAME), options={"seen": "flop-1"})
    assert table.expected_return == solve_seen(game, 1, ranks=THREE).player_return
    assert table.cycle == 3 * 66 * 120 * 21 * 10
    assert main(["table", str(GAME), "--set", "seen=flop-1"]) == 0
    out = capsys.readouterr().out
    assert "Seen: one of the three cards of the flop, seen before preflop." in out
    assert "Value of the information" in out
    assert main(["protection", str(GAME)]) == 0
    out = capsys.readouterr().out
    assert "flop-1" in out and "flop-2" in out


@pytest.mark.slow
@pytest.mark.usefixtures("three_ranks")
def test_the_report_with_its_protection(tmp_path: Path) -> None:
    # about 3 s: the report's sections, each solve on three ranks
    report = tmp_path / "report.md"
    assert main(["report", str(GAME), "--protection", "--output", str(report)]) == 0
    assert "flop-2" in report.read_text()


@pytest.mark.usefixtures("three_ranks")
@pytest.mark.parametrize("command", ["strategy", "simulate"])
def test_the_exposed_strategy_is_refused_in_one_line(command: str,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    assert main([command, str(GAME), "--set", "seen=flop-1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("edge: error: seen=flop-1: the exposed player's strategy is not put "
                          "in words") and err.count("\n") == 1, err


@pytest.mark.parametrize(("extra", "key", "said"), [
    ("[protection.dealer-2]\ndealer = 2\n", 1, "dealer = 2: with a shared board 1 of the "
     "dealer's 2 cards seen before the first decision is solved"),
    ("[protection.flop-4]\nboard = 4\n", 1, "board = 4 must be the number of the 3 cards of "
     "flop seen before the first decision, 1 to 3."),
    ("[protection.flop-0]\nboard = 0\n", 1, "board = 0 must be"),
    ("[protection.flop-1]\nseen = 1\n", 1, "unknown key 'seen'"),
    ("[protection.flop-1]\nboard = 1\n", 1, "board = 1: the cards of flop are seen before a "
     "decision made with the player's cards alone; the first decision here, 'call-or-fold', is "
     "made with 5 cards seen."),
])
def test_a_sight_not_solved_is_refused_in_one_line(tmp_path: Path, extra: str, key: int,
                                                   said: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path, line = with_protection(tmp_path, extra, "casino-holdem.toml")
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"edge: error: casino-holdem.toml: line {line + key}, column 1: ") \
        and err.count("\n") == 1, err
    assert said in err, err


@pytest.mark.slow
@pytest.mark.parametrize("seen", [1, 2, 3])
def test_the_built_in_solver_with_flop_cards_seen(seen: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # a full solve of the file (about 2.5 minutes of one core each) against edge's own
    # Ultimate Texas Hold'em under seen=flop-1, flop-2, flop-3 (a separate program), whose
    # exposure solves take minutes each: run with EDGE_PUBLISHED_CACHE naming a cache of the
    # full solves (as tests/test_uth_players.py), or EDGE_EXPOSURE_FULL=1 to make them
    folder = os.environ.get("EDGE_PUBLISHED_CACHE")
    if folder:
        monkeypatch.setenv("EDGE_CACHE_DIR", folder)
    elif os.environ.get("EDGE_EXPOSURE_FULL") != "1":
        pytest.skip("EDGE_PUBLISHED_CACHE names no cache of the full solves "
                    "(EDGE_EXPOSURE_FULL=1 makes them)")
    built_in = analyze("ultimate-texas-holdem", "main", options={"seen": f"flop-{seen}"})
    solution = solve_seen(read_board_file(GAME), seen)
    assert solution.player_return == built_in.expected_return
    assert solution.cycle == built_in.cycle
    # the same deals on each line of play
    theirs = dict(built_in.decisions)
    lines = solution.lines
    assert lines["bet-4x"] == theirs["preflop 4x"]
    assert lines.get("check, bet-2x", 0) == theirs["check, flop 2x"]
    assert lines["check, check, bet-1x"] == theirs["check, check, river 1x"]
    assert lines["check, check, fold"] == theirs["check, check, river fold"]
    assert "bet-3x" not in lines and theirs["preflop 3x"] == 0
