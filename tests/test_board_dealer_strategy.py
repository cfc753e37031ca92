"""The exposed player's strategy and simulation from a game file with a shared board, one of the
dealer's two cards seen before the first decision and kept in view (issue 36,
``edge strategy FILE --set seen=dealer-1``, ``edge simulate FILE --set seen=dealer-1``).

The independent checks: a plain enumeration in this file (every deal of a deck of three ranks,
Q to A, looped over with a plain best-five ranking from tests/test_uth_strategies.py, each
decision taken by comparing plain sums; no kernel called) giving each (holding, seen card)
state's best first option and each holding class's value seeing and as dealt; a simulation on
that deck against its exact table; and on the full deck (``EDGE_EXPOSURE_FULL=1``, about 30
minutes of one core) the chart by the seen card's rank against edge's own Ultimate Texas
Hold'em strategy under ``seen=dealer-1`` (a separate program, edge/games/ultimate_texas_holdem/
exposure/; its return is E. Jacobson's published 13.5922% per Ante, docs/references.md).
"""

from __future__ import annotations

import itertools
import json
import os
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from edge.cli import main
from edge.decisions.board import read_board_file
from edge.decisions.board_dealer import solve_dealer_seen
from edge.decisions.board_dealer_strategy import DealerFirst, dealer_simulator
from edge.simulation import simulate
from tests.test_board_dealer import (  # noqa: F401 (three_ranks: a fixture)
    FLOP_AND_RIVER_ANTE,
    GAME,
    HALVES,
    THREE,
    copy_of,
    flop_and_river_nets,
    plain_ranking,
    settled,
    three_ranks,
)

OPTIONS = ("check", "bet-3x", "bet-4x")       # the file's preflop options, smallest first
LETTERS = "23456789TJQKA"


@dataclass
class Plain:
    """What the plain enumeration finds, in half Antes summed over the deals (each counted
    once for each of the dealer's cards as the one seen)."""

    # (holding, seen card) -> the value of check, bet-3x and bet-4x, later decisions seeing
    states: dict[tuple[tuple[int, int], int], tuple[int, int, int]] = field(
        default_factory=dict)
    # holding -> the value of each option as dealt (the dealer's cards unseen)
    dealt: dict[tuple[int, int], tuple[int, int, int]] = field(default_factory=dict)
    # (holding, seen card, flop) -> bet 2x on the flop (True) or check, seeing
    flop: dict[tuple[tuple[int, int], int, tuple[int, ...]], bool] = field(default_factory=dict)
    # (holding, seen card, board) -> play 1x on the river (True) or fold, seeing
    river: dict[tuple[tuple[int, int], int, tuple[int, ...]], bool] = field(
        default_factory=dict)
    # (holding, seen card, flop) -> the value of check, bet-3x and bet-4x on that flop's deals
    # (the flop and river decided seeing the card): what a flop card seen too adds up
    by_flop: dict[tuple[tuple[int, int], int, tuple[int, ...]], tuple[int, int, int]] = field(
        default_factory=dict)
    deals: int = 0


def first(values: Iterable[int]) -> int:
    """The option of the highest value, of equals the smallest (the file's ties)."""
    found = list(values)
    return found.index(max(found))


def plain_states(ranks: list[int], weakest: str) -> Plain:
    """Every deal of a deck of these ranks, for each holding and each of the dealer's cards as
    the one seen: each first option's value with the flop and river decisions taken seeing it
    (the option worth the most, a tie to the smaller wager), and as dealt."""
    deck, least, hand = plain_ranking(ranks, weakest)
    found = Plain()
    for hole in itertools.combinations(deck, 2):
        rest = [c for c in deck if c not in hole]
        seen_sums = {d: [0, 0, 0] for d in rest}      # check, 3x, 4x by the seen card
        dealt_sums = [0, 0, 0]
        for flop in itertools.combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            check = {d: 0 for d in after}             # the river decided, by the seen card
            raised = {d: [0, 0, 0] for d in after}    # a Play of 2, 3, 4 Antes
            dealt_check, dealt_raised = 0, [0, 0, 0]
            for later in itertools.combinations(after, 2):
                board = (*flop, *later)
                mine = hand(frozenset((*hole, *board)))
                blind = HALVES.get(9 if mine[:2] == (8, 12) else mine[0], 0)
                others = [c for c in after if c not in later]
                every: dict[tuple[bool, int], int] = {}
                for d in others:
                    tally: dict[tuple[bool, int], int] = {}
                    for x in others:
                        if x != d:
                            theirs = hand(frozenset((d, x, *board)))
                            key = (theirs >= least, (mine > theirs) - (mine < theirs))
                            tally[key] = tally.get(key, 0) + 1
                            every[key] = every.get(key, 0) + 1
                    fold, play = -4 * (len(others) - 1), settled(1, blind, tally)
                    found.river[hole, d, tuple(sorted(board))] = play > fold
                    check[d] += max(fold, play)
                    for i, times in enumerate((2, 3, 4)):
                        raised[d][i] += settled(times, blind, tally)
                found.deals += len(others) * (len(others) - 1)
                dealt_check += max(-4 * sum(every.values()), settled(1, blind, every))
                for i, times in enumerate((2, 3, 4)):
                    dealt_raised[i] += settled(times, blind, every)
            for d in after:
                found.flop[hole, d, flop] = raised[d][0] > check[d]
                found.by_flop[hole, d, flop] = (max(check[d], raised[d][0]), raised[d][1],
                                                raised[d][2])
                seen_sums[d][0] += max(check[d], raised[d][0])
                seen_sums[d][1] += raised[d][1]
                seen_sums[d][2] += raised[d][2]
            dealt_sums[0] += max(dealt_check, dealt_raised[0])
            dealt_sums[1] += dealt_raised[1]
            dealt_sums[2] += dealt_raised[2]
        for d, sums in seen_sums.items():
            found.states[hole, d] = (sums[0], sums[1], sums[2])
        found.dealt[hole] = (dealt_sums[0], dealt_sums[1], dealt_sums[2])
    return found


def class_of(hole: tuple[int, int]) -> str:
    """A holding's class in the charts' words: AA, AKs, AKo."""
    high, low = sorted(hole, reverse=True)
    name = LETTERS[high >> 2] + LETTERS[low >> 2]
    return name if high >> 2 == low >> 2 else name + ("s" if high % 4 == low % 4 else "o")



def check_classes(found: dict[str, Any], dealt: dict[tuple[int, int], tuple[int, int, int]],
                  states: dict[tuple[tuple[int, int], tuple[int, ...]], Sequence[int]],
                  whole: int, ways: int) -> None:
    """The strategy's JSON (``found``) against a plain enumeration: each holding's value of each
    first option as dealt (``dealt``) and each (holding, seen cards) state's (``states``), in
    units of 1 / ``whole`` of an Ante, the states counting each deal ``ways`` times more than
    ``dealt``: the returns, and each holding class's states by option, its option as dealt, its
    gain seeing and its gain from the first decision alone."""
    taken: dict[str, list[int]] = {}
    gains: dict[str, Fraction] = {}
    first_gains: dict[str, int] = {}
    as_dealt: dict[str, int] = {}
    for hole, dealt_values in dealt.items():
        name = class_of(hole)
        assert as_dealt.setdefault(name, first(dealt_values)) == first(dealt_values)
        gains[name] = gains.get(name, Fraction(0)) - Fraction(dealt_values[first(dealt_values)],
                                                              whole)
    for (hole, _), values in states.items():
        name = class_of(hole)
        option = first(values)
        taken.setdefault(name, [0, 0, 0])[option] += 1
        gains[name] += Fraction(values[option], whole * ways)
        first_gains[name] = first_gains.get(name, 0) + values[option] - values[as_dealt[name]]
    seeing = Fraction(sum(v[first(v)] for v in states.values()), whole * ways)
    as_dealt_return = Fraction(sum(v[first(v)] for v in dealt.values()), whole)
    assert Fraction(found["player_return"]) == seeing
    assert Fraction(found["as_dealt_return"]) == as_dealt_return
    assert Fraction(found["information"]) == seeing - as_dealt_return
    assert set(found["preflop"]) == set(taken)
    for name, entry in found["preflop"].items():
        assert [entry[option] for option in OPTIONS] == taken[name], name
        assert entry["states"] == sum(taken[name])
        assert entry["as_dealt"] == OPTIONS[as_dealt[name]]
        assert Fraction(entry["gain"]) == gains[name], name
        assert Fraction(entry["first_decision_gain"]) == Fraction(first_gains[name],
                                                                  whole * ways), name


@pytest.fixture(scope="module")
def plain() -> Plain:
    return plain_states(THREE, "2c 2d 5h 4s 3c")


@pytest.mark.slow
@pytest.mark.usefixtures("three_ranks")
def test_the_strategy_against_a_plain_enumeration(tmp_path: Path, plain: Plain,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # about 15 s: the plain loop
    path = copy_of(tmp_path)
    assert main(["strategy", str(path), "--set", "seen=dealer-1", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    check_classes(found, plain.dealt, {(hole, (d,)): values
                                       for (hole, d), values in plain.states.items()},
                  2 * plain.deals, 1)
    # the chart by the seen card's rank
    for name, cells in found["by_seen_rank"].items():
        for rank, counts in cells.items():
            mine = [0, 0, 0]
            for (hole, d), values in plain.states.items():
                if class_of(hole) == name and LETTERS[d >> 2] == rank:
                    mine[first(values)] += 1
            assert [counts[option] for option in OPTIONS] == mine, (name, rank)
    # the simulator's options: every state of every decision
    game = read_board_file(path)
    simulator = dealer_simulator(solve_dealer_seen(game, ranks=THREE),
                                 game.bet.presets["standard"])
    assert simulator.first is not None
    for (hole, d), values in plain.states.items():
        simulator.seen.card[0] = d
        assert simulator.first(hole, ()) == first(values)
    checked = game.start
    for (hole, d, flop), raised in plain.flop.items():
        simulator.seen.card[0] = d
        assert simulator._flop_choice(1, checked, hole, flop) == int(raised), (hole, d, flop)
    for (hole, d, board), played in plain.river.items():
        simulator.seen.card[0] = d
        assert simulator._river_choice(2, checked, hole, board) == (1 if played else 0)

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def plain_flop_first(ranks: list[int], weakest: str
                     ) -> tuple[dict[tuple[tuple[int, ...], int, tuple[int, ...]], bool],
                                dict[tuple[tuple[int, ...], tuple[int, ...]], bool],
                                dict[str, int], int]:
    """Flop and River Hold'em (its first decision made with the flop seen) with one of the
    dealer's cards seen, every deal of a deck of these ranks counted once for each of the
    dealer's cards as the one seen: whether each (holding, seen card, flop) calls seeing, and
    each (holding, flop) as dealt (a tie to the larger wager), each holding class's value
    seeing less as dealt in Antes summed over the deals, and the deals counted."""
    deck, least, hand = plain_ranking(ranks, weakest)
    seeing: dict[tuple[tuple[int, ...], int, tuple[int, ...]], bool] = {}
    dealt: dict[tuple[tuple[int, ...], tuple[int, ...]], bool] = {}
    gains: dict[str, int] = {}
    deals = 0
    for hole in itertools.combinations(deck, 2):
        name = class_of((hole[0], hole[1]))
        rest = [c for c in deck if c not in hole]
        for flop in itertools.combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            called = dict.fromkeys(after, 0)
            ways = dict.fromkeys(after, 0)
            dealt_called, dealt_ways = 0, 0
            for later in itertools.combinations(after, 2):
                mine = hand(frozenset((*hole, *flop, *later)))
                pay = FLOP_AND_RIVER_ANTE.get(9 if mine[:2] == (8, 12) else mine[0], 1)
                others = [c for c in after if c not in later]
                all_checked = all_raised = 0
                for d in others:
                    checked = raised = 0
                    for x in (x for x in others if x != d):
                        theirs = hand(frozenset((d, x, *flop, *later)))
                        check_net, raise_net = flop_and_river_nets(mine, theirs, least, pay)
                        checked += check_net
                        raised += raise_net
                    called[d] += max(checked, raised)
                    ways[d] += len(others) - 1
                    all_checked += checked
                    all_raised += raised
                dealt_called += max(all_checked, all_raised)
                dealt_ways += len(others) * (len(others) - 1)
            dealt[hole, flop] = dealt_called >= -dealt_ways
            gains[name] = gains.get(name, 0) - max(dealt_called, -dealt_ways)
            for d in after:
                seeing[hole, d, flop] = called[d] >= -ways[d]
                gains[name] += max(called[d], -ways[d])
            deals += dealt_ways
    return seeing, dealt, gains, deals


@pytest.mark.slow
@pytest.mark.usefixtures("three_ranks")
def test_a_first_decision_with_the_flop_seen_against_a_plain_enumeration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # about 15 s: the plain loop
    weakest = "Qc Qd Qh Kc Kd"
    path = copy_of(tmp_path, "flop-and-river.toml", "\n[protection.dealer-1]\ndealer = 1\n")
    path.write_text(path.read_text().replace('weakest = "4c 4d 5h 3s 2c"',
                                             f'weakest = "{weakest}"'))
    assert main(["strategy", str(path), "--set", "seen=dealer-1", "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)["call-or-fold"]
    seeing, dealt, gains, deals = plain_flop_first(THREE, weakest)
    expected: dict[str, dict[str, int]] = {}
    for (hole, _, flop), calls in seeing.items():
        entry = expected.setdefault(class_of((hole[0], hole[1])), {
            "states": 0, "fold": 0, "call": 0, "dealt fold": 0, "dealt call": 0})
        entry["states"] += 1
        entry["call" if calls else "fold"] += 1
        entry["dealt call" if dealt[hole, flop] else "dealt fold"] += 1
    assert set(found) == set(expected)
    for name, entry in found.items():
        mine = expected[name]
        assert (entry["states"], entry["fold"], entry["call"]) == (
            mine["states"], mine["fold"], mine["call"]), name
        assert entry["as_dealt_states"] == {"fold": mine["dealt fold"],
                                            "call": mine["dealt call"]}, name
        assert Fraction(entry["gain"]) == Fraction(gains[name], deals), name
    # the simulator's option for every (holding, seen card, flop)
    game = read_board_file(path)
    simulator = dealer_simulator(solve_dealer_seen(game, ranks=THREE),
                                 game.bet.presets[game.bet.default_paytable])
    for (hole, d, flop), calls in seeing.items():
        simulator.seen.card[0] = d
        assert simulator._flop_choice(0, game.start, hole, flop) == int(calls)


@pytest.mark.usefixtures("three_ranks")
@pytest.mark.parametrize(("name", "extra"), [
    ("ultimate-texas-holdem.toml", ""),
    # the first decision made with the flop seen (queens full of kings or better qualify: a
    # deck of three ranks holds nothing weaker than a full house)
    ("flop-and-river.toml", "\n[protection.dealer-1]\ndealer = 1\n"),
])
def test_the_exposed_strategy_simulated(tmp_path: Path, name: str, extra: str) -> None:
    # random deals playing the exposed strategy (the seen card: the dealer's first as dealt),
    # each settled by the file, against the exact exposed table outcome by outcome
    path = copy_of(tmp_path, name, extra)
    path.write_text(path.read_text().replace('weakest = "4c 4d 5h 3s 2c"',
                                             'weakest = "Qc Qd Qh Kc Kd"'))
    played = simulate(str(path), options={"seen": "dealer-1"}, hands=3000, seed=5, jobs=1)
    assert played.agrees
    assert played.exact == solve_dealer_seen(read_board_file(path), ranks=THREE).player_return


@pytest.mark.slow
def test_the_full_deck_chart_is_the_built_in_games(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    # the file's dealer-1 solve is about 24 minutes of one core; the built-in's is read from
    # the cache EDGE_CACHE_DIR names (it takes minutes more when it is not there)
    if os.environ.get("EDGE_EXPOSURE_FULL") != "1":
        pytest.skip("EDGE_EXPOSURE_FULL=1 runs the full-deck solves")
    assert main(["strategy", "ultimate-texas-holdem", "--set", "seen=dealer-1",
                 "--format", "json"]) == 0
    built_in = json.loads(capsys.readouterr().out)
    assert main(["strategy", str(GAME), "--set", "seen=dealer-1", "--jobs", "1",
                 "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["player_return"] == built_in["expected_return"]
    by_rank = found["by_seen_rank"]
    for row in built_in["classes"]:
        mine = by_rank[row["class"]]
        for rank, share in row["four_x_share_by_seen_rank"].items():
            counts = mine[rank]
            assert Fraction(counts["bet-4x"], sum(counts.values())) == Fraction(share), \
                (row["class"], rank)
    states = sum(sum(cell.values()) for cells in by_rank.values() for cell in cells.values())
    for option, share in built_in["preflop_shares"].items():
        name = {"4x": "bet-4x", "3x": "bet-3x"}.get(option, option)
        taken = sum(cells[rank][name] for cells in by_rank.values() for rank in cells)
        assert Fraction(taken, states) == Fraction(share), option




def test_the_seen_card_is_each_threads_own(tmp_path: Path) -> None:
    # the simulation plays its chunks on worker threads sharing one simulator: a card one
    # thread sets before its hand must not be the card another thread's hand reads (on the full
    # deck a shared one put the other hand's card beside the board: "card 18 appears twice")
    game = read_board_file(copy_of(tmp_path))
    simulator = dealer_simulator(solve_dealer_seen(game, ranks=THREE),
                                 game.bet.presets[game.bet.default_paytable])
    assert isinstance(simulator.first, DealerFirst) and simulator.first.seen is simulator.seen
    both = threading.Barrier(2)
    read: dict[int, int] = {}

    def hand(card: int) -> None:
        simulator.seen.card[0] = card
        both.wait()                          # each thread has set its card
        read[card] = simulator.seen.card[0]

    threads = [threading.Thread(target=hand, args=(card,)) for card in (40, 41)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert read == {40: 40, 41: 41}
