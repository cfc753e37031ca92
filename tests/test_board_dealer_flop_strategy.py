"""The exposed player's strategy and simulation from a game file with a shared board, one of the
dealer's two cards (kept in view) and one of the flop's cards seen before the decision made with
the player's cards (issue 36, ``edge strategy FILE --set seen=dealer-1-flop-1``, ``edge simulate
FILE --set seen=dealer-1-flop-1``; edge's built-in Ultimate Texas Hold'em calls it
``seen=dealer-1,flop-1``).

The independent checks: the plain enumeration of tests/test_board_dealer_strategy.py (every deal
of a deck of three ranks, Q to A, looped over with a plain best-five ranking, each decision taken
by comparing plain sums; no kernel called), whose (holding, dealer's card, flop) values add up,
over the flops holding a card, to each (holding, dealer's card, flop card) state's value of each
first option: each state's best option, each holding class's states by option, its gain seeing
and its gain from the first decision alone, and the simulator's first option on every state; and
a simulation on that deck against the exact table.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from edge.cli import main
from edge.decisions.board import read_board_file
from edge.decisions.board_dealer_flop import solve_dealer_flop_seen
from edge.decisions.board_dealer_strategy import dealer_simulator
from edge.simulation import simulate
from tests.test_board_dealer import (
    GAME,
    THREE,
    copy_of,
    three_ranks,  # noqa: F401 (a fixture)
)
from tests.test_board_dealer_strategy import (
    LETTERS,
    OPTIONS,
    check_classes,
    class_of,
    first,
    plain_states,
)

NAME = "dealer-1-flop-1"
Hole = tuple[int, int]


def flop_card_states(by_flop: dict[tuple[Hole, int, tuple[int, ...]], tuple[int, int, int]]
                     ) -> dict[tuple[Hole, int, int], list[int]]:
    """Each (holding, dealer's card, flop card) state's value of check, bet-3x and bet-4x: the
    sum of its (holding, dealer's card, flop) values over the flops holding the flop card."""
    states: dict[tuple[Hole, int, int], list[int]] = {}
    for (hole, seen, flop), values in by_flop.items():
        for shown in flop:
            sums = states.setdefault((hole, seen, shown), [0, 0, 0])
            for o, value in enumerate(values):
                sums[o] += value
    return states


@pytest.mark.slow
@pytest.mark.usefixtures("three_ranks")
def test_the_strategy_against_a_plain_enumeration(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # about 20 s: the plain loop
    plain = plain_states(THREE, "2c 2d 5h 4s 3c")
    states = flop_card_states(plain.by_flop)
    path = copy_of(tmp_path)
    assert main(["strategy", str(path), "--set", f"seen={NAME}", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    # plain.deals counts each deal once for each of the dealer's cards as the one seen; a
    # state's values, once more for each of the flop's three cards
    check_classes(found, plain.dealt, {(hole, (seen, shown)): values
                                       for (hole, seen, shown), values in states.items()},
                  2 * plain.deals, 3)
    # by the dealer's card's rank
    for name, cells in found["by_seen_rank"].items():
        for rank, counts in cells.items():
            mine = [0, 0, 0]
            for (hole, seen, _), values in states.items():
                if class_of(hole) == name and LETTERS[seen >> 2] == rank:
                    mine[first(values)] += 1
            assert [counts[option] for option in OPTIONS] == mine, (name, rank)
    # the simulator's first option on every state (the first flop card dealt is the one seen)
    game = read_board_file(path)
    simulator = dealer_simulator(solve_dealer_flop_seen(game, ranks=THREE),
                                 game.bet.presets["standard"], board_card=True)
    assert simulator.first is not None
    for (hole, seen, shown), values in states.items():
        simulator.seen.card[0] = seen
        assert simulator.first(hole, (shown,)) == first(values), (hole, seen, shown)


@pytest.mark.usefixtures("three_ranks")
def test_the_strategy_and_simulate_commands(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = copy_of(tmp_path)      # the example has [protection.dealer-1-flop-1]
    assert main(["strategy", str(path), "--set", f"seen={NAME}"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    # C(12, 2) holdings x 10 dealer's cards x 9 flop cards
    assert "of the 5,940 (holding, dealer's card, flop card) states, each as likely" in out
    assert ("every deal counted 6 times (once for each of the dealer's 2 cards and each of the "
            "3 cards of the flop as the ones seen)") in out
    assert ("preflop is taken on the player's 2 cards and the two seen cards, the dealer's and "
            "one of the flop: every (holding, dealer's card, flop card) state") in out
    assert "2 seen cards pair the holding, two seen cards of one rank" in out
    for fmt in ("html", "markdown", "latex", "json"):
        assert main(["strategy", str(path), "--set", f"seen={NAME}", "--format", fmt]) == 0
    capsys.readouterr()
    assert main(["simulate", str(path), "--set", f"seen={NAME}", "--hands", "2000",
                 "--seed", "3", "--jobs", "1"]) == 0
    assert "agree" in capsys.readouterr().out


@pytest.mark.usefixtures("three_ranks")
def test_the_exposed_strategy_simulated(tmp_path: Path) -> None:
    # random deals playing the exposed strategy (the seen cards: the dealer's first and the
    # flop's first as dealt), each settled by the file, against the exact exposed table
    # outcome by outcome (queens full of kings or better qualify: a deck of three ranks holds
    # nothing weaker than a full house)
    path = copy_of(tmp_path)
    path.write_text(path.read_text().replace('weakest = "4c 4d 5h 3s 2c"',
                                             'weakest = "Qc Qd Qh Kc Kd"'))
    played = simulate(str(path), options={"seen": NAME}, hands=3000, seed=5, jobs=1)
    assert played.agrees
    assert played.exact == solve_dealer_flop_seen(read_board_file(path),
                                                  ranks=THREE).player_return


def check_against_the_built_in(found: dict[str, Any], built_in: dict[str, Any]) -> None:
    """The file's strategy JSON against the built-in's (``edge strategy ultimate-texas-holdem
    --set seen=dealer-1,flop-1 --format json``, a separate program): the return, each class's
    share of 4x by the seen dealer card's rank, and the shares of 4x, 3x and check over every
    state."""
    assert Fraction(found["player_return"]) == Fraction(built_in["expected_return"])
    preflop, by_rank = found["preflop"], found["by_seen_rank"]
    for row in built_in["classes"]:
        for rank, share in row["four_x_share_by_seen_rank"].items():
            counts = by_rank[row["class"]][rank]
            assert Fraction(counts["bet-4x"], sum(counts.values())) == Fraction(share), \
                (row["class"], rank)
    states = sum(entry["states"] for entry in preflop.values())
    for option, share in built_in["preflop_shares"].items():
        name = {"4x": "bet-4x", "3x": "bet-3x"}.get(option, option)
        taken = sum(entry[name] for entry in preflop.values())
        assert Fraction(taken, states) == Fraction(share), option


@pytest.mark.slow
def test_the_full_deck_is_the_built_in_games(capsys: pytest.CaptureFixture[str]) -> None:
    # the file's dealer-1-flop-1 solve is about 30 minutes of one core; the built-in's is read
    # from the cache EDGE_CACHE_DIR names (minutes more when it is not there)
    if os.environ.get("EDGE_EXPOSURE_FULL") != "1":
        pytest.skip("EDGE_EXPOSURE_FULL=1 runs the full-deck solves")
    assert main(["strategy", "ultimate-texas-holdem", "--set", "seen=dealer-1,flop-1",
                 "--format", "json"]) == 0
    built_in = json.loads(capsys.readouterr().out)
    assert main(["strategy", str(GAME), "--set", f"seen={NAME}", "--format", "json"]) == 0
    check_against_the_built_in(json.loads(capsys.readouterr().out), built_in)
