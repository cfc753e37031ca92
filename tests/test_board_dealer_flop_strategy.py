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
from pathlib import Path

import pytest

from edge.cli import main
from edge.decisions.board import read_board_file
from edge.decisions.board_dealer_flop import solve_dealer_flop_seen
from edge.decisions.board_dealer_strategy import dealer_simulator
from edge.simulation import simulate
from tests.test_board_dealer import (
    THREE,
    copy_of,
    three_ranks,  # noqa: F401 (a fixture)
)
from tests.test_board_dealer_strategy import check_classes, first, plain_states

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
    assert "by_seen_rank" not in found
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
