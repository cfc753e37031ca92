"""Game protection for a game file with a shared board: one of the dealer's two cards (kept in
view) and one of the later place's cards (the turn and river) seen before the decision made
with the player's cards (``[protection.NAME] dealer = 1`` with ``later = 1``; edge's built-in
Ultimate Texas Hold'em calls it ``seen=dealer-1,turn-river-1``).

The independent checks: a plain enumeration in this file (its own best-five ranking, every
holding, dealer's card seen, board of four seen at the flop, the one of them seen before the
first decision, the last board card and the dealer's other card looped over, each decision
taken by comparing plain sums, a tie to the smaller total wager as the file says; no kernel
called) on a deck of three ranks; and on the full deck (slow, ``EDGE_EXPOSURE_FULL=1``) edge's
own Ultimate Texas Hold'em solver under ``seen=dealer-1,turn-river-1`` (a separate program in
edge/games/ultimate_texas_holdem/exposure/) and E. Jacobson's published player edge of 26.1867%
per Ante ("Ultimate Texas Hold'em Hole-Card Play: One Dealer Card, One Turn/River Card";
docs/references.md).
"""

from __future__ import annotations

import functools
import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest

from edge.cli import main
from edge.decisions import board_dealer_flop
from edge.decisions.board import read_board_file, solve_board_game
from edge.decisions.board_dealer_flop import solve_dealer_later_seen
from edge.decisions.board_protection import read_board_sights
from edge.errors import EdgeError
from edge.games import analyze
from edge.simulation import simulate
from tests.test_board_dealer_flop import (
    LINES,
    Entry,
    board_entry,
    copy_of,
    first_decision,
    half_antes,
    plain_hand,
    same_as_the_built_in,
)
from tests.test_board_later import holding_class
from tests.test_board_protection import solve_on_three_ranks, use_full_solves
from tests.test_uth_file import card
from tests.test_uth_strategies import best  # a plain best-five ranking

THREE = [10, 11, 12]
NAME = "dealer-1-turn-river-1"
# the game's deals from a deck of three ranks: holding, flop, turn and river, dealer's hand (the
# scenario counts each four times, once for each dealer's card and later card seen)
DEALS = 66 * 120 * 21 * 10
PREFLOP = ("check", "bet-3x", "bet-4x")


Plain = tuple[Fraction, dict[str, int], int, dict[tuple[tuple[int, ...], int, int], int]]


@functools.cache
def plain_dealer_later_seen(ranks: tuple[int, ...], weakest: str) -> Plain:
    """Every deal of a deck of these ranks, one of the dealer's cards and one of the turn and
    river seen before the first decision (both in view from then on), each deal counted once
    for each choice of the two seen cards: the return per Ante, the deals of each line of play,
    the deals counted and each (holding, dealer's card, later card)'s option before the flop
    (0 check, 1 bet 3x, 2 bet 4x). Each decision takes the option worth the most, a tie to the
    smaller total wager."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    least = best(tuple(card(text) for text in weakest.split()))

    hand, net = plain_hand, half_antes(least)

    total, deals = 0, 0
    lines = dict.fromkeys(LINES, 0)
    first: dict[tuple[tuple[int, ...], int, int], int] = {}
    for hole in itertools.combinations(deck, 2):
        for seen in (c for c in deck if c not in hole):
            rest = [c for c in deck if c not in hole and c != seen]
            # per four board cards seen at the flop's decision: 4x, 3x and checking (the flop
            # and river played as well as can be, with the deals of each line), and the deals
            on_board: dict[tuple[int, ...], Entry] = {}
            for four_cards in itertools.combinations(rest, 4):
                after = [c for c in rest if c not in four_cards]
                on_board[four_cards] = board_entry(hole, seen, four_cards, after,
                                                   [(last,) for last in after], hand, net)
            # the later card seen: each board of four holding it, the other three the flop
            for shown in rest:
                value, count, option = first_decision(
                    [entry for cards, entry in on_board.items() if shown in cards], lines)
                first[hole, seen, shown] = option
                total += value
                deals += count
    return Fraction(total, 2 * deals), lines, deals, first


@pytest.mark.slow
def test_three_ranks_against_a_plain_enumeration(tmp_path: Path) -> None:
    # about 10 s: the plain loop (the table's test below runs it too, in the plain suite)
    game = read_board_file(copy_of(tmp_path))
    solution = solve_dealer_later_seen(game, ranks=THREE)
    found, lines, deals, _ = plain_dealer_later_seen(tuple(THREE), "2c 2d 5h 4s 3c")
    assert solution.cycle == deals == 4 * DEALS
    assert solution.player_return == found
    assert solution.lines == {line: count for line, count in lines.items() if count}
    assert solution.player_return > solve_board_game(game, ranks=THREE).player_return


def test_the_table_protection_and_simulation(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    solve_on_three_ranks(monkeypatch)
    monkeypatch.setattr(board_dealer_flop, "solve_dealer_later_seen", functools.partial(
        board_dealer_flop.solve_dealer_later_seen, ranks=THREE))
    path = copy_of(tmp_path)      # the example has [protection.dealer-1-turn-river-1]
    found, _, deals, first = plain_dealer_later_seen(tuple(THREE), "2c 2d 5h 4s 3c")
    table = analyze(str(path), options={"seen": NAME})
    assert table.expected_return == found and table.cycle == deals
    assert main(["table", str(path), "--set", f"seen={NAME}"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("Seen: one of the dealer's 2 cards and one of the two cards of the turn_river, "
            "seen before preflop") in out and "counted 4 times" in out
    # the exposed strategy: each holding class's (holding, dealer's card, later card) states
    # by the option taken before the flop
    assert main(["strategy", str(path), "--set", f"seen={NAME}", "--format", "json"]) == 0
    got = json.loads(capsys.readouterr().out)["preflop"]
    classes: dict[str, dict[str, int]] = {}
    for (hole, _, _), option in first.items():
        found_class = classes.setdefault(holding_class(hole), dict.fromkeys(PREFLOP, 0))
        found_class[PREFLOP[option]] += 1
    assert {name: {o: got[name][o] for o in PREFLOP} for name in got} == classes
    # random deals, the dealer's first card and the turn seen, against the exact table
    played = simulate(str(path), options={"seen": NAME}, hands=3000, seed=3, jobs=1)
    assert played.agrees and played.exact == found


@pytest.mark.parametrize(("extra", "message"), [
    ("dealer = 1\nlater = 1\nboard = 1", "board with later = 1"),
    ("dealer = 1\nlater = 1\nfirst = false", "first = false with dealer = 1"),
])
def test_bad_combinations_are_one_line(tmp_path: Path, extra: str, message: str) -> None:
    path = copy_of(tmp_path, f"\n[protection.x]\n{extra}\n")
    with pytest.raises(EdgeError) as caught:
        read_board_sights(path, read_board_file(path))
    assert message in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.slow
def test_the_built_in_solver_and_jacobsons_figure(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # a full solve of the file against edge's own Ultimate Texas Hold'em under
    # seen=dealer-1,turn-river-1 (a separate program) and E. Jacobson's published 26.1867% per
    # Ante: run with EDGE_PUBLISHED_CACHE naming a cache of the built-in's full solves, or
    # EDGE_EXPOSURE_FULL=1 (the built-in's solve then takes long unless EDGE_CACHE_DIR holds
    # it). The file's solve: about 28 minutes on the clock on both cores (docs/games-from-files.md)
    use_full_solves(monkeypatch)
    built_in = analyze("ultimate-texas-holdem", "main",
                       options={"seen": "dealer-1,turn-river-1"})
    table = analyze(str(copy_of(tmp_path)), options={"seen": NAME})
    same_as_the_built_in(table, built_in, Fraction(261867, 1000000))
