"""Game protection for a game file with a shared board (issue 36): one of the dealer's two
cards seen before the first decision and kept in view (``[protection.dealer-1] dealer = 1``).

The independent checks: a plain enumeration in this file (its own best-five ranking, every
flop, turn, river and dealer's other card looped over, each decision taken for the holding,
the dealer's card seen and the cards dealt so far by comparing plain sums, a tie to the
smaller total wager as the file says; no kernel called) on a deck of three ranks: the exact
return and the deals of every line of play; and on the full deck (slow, ``EDGE_EXPOSURE_FULL=1``)
edge's own Ultimate Texas Hold'em solver under ``seen=dealer-1`` (a separate program in
edge/games/ultimate_texas_holdem/exposure/), whose return is E. Jacobson's published 13.5922%
per Ante (docs/references.md).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.cli import main
from edge.decisions import board_dealer
from edge.decisions.board import BoardSolution, read_board_file, solve_board_game
from edge.decisions.board_dealer import solve_dealer_seen
from edge.games import analyze
from tests.test_board_protection import solve_on_three_ranks, use_full_solves, with_protection
from tests.test_uth_file import BLIND, card
from tests.test_uth_strategies import best  # a plain best-five ranking

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
GAME = EXAMPLES / "ultimate-texas-holdem.toml"
THREE = [10, 11, 12]
SCENARIO = "\n[protection.dealer-1]\ndealer = 1\n"         # for a file without it
# Flop and River Hold'em's Ante pay by class (9 royal flush .. 5 flush) when the player wins; 1
# below a flush
FLOP_AND_RIVER_ANTE = {9: 50, 8: 20, 7: 10, 6: 3, 5: 3}


LINES = ("bet-4x", "bet-3x", "check, bet-2x", "check, check, bet-1x", "check, check, fold")
# the Blind's pays in half Antes (a flush pays 3:2)
HALVES = {klass: int(2 * pay) for klass, pay in BLIND.items()}


def plain_ranking(ranks: list[int], weakest: str
                  ) -> tuple[list[int], tuple[int, ...], Callable[[frozenset[int]],
                                                                  tuple[int, ...]]]:
    """The deck of these ranks, the plain ranking of the weakest hand that qualifies, and the
    plain ranking of a set of cards (kept once found)."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]

    @functools.cache
    def hand(cards: frozenset[int]) -> tuple[int, ...]:
        return best(tuple(cards))

    return deck, best(tuple(card(text) for text in weakest.split())), hand


def settled(play: int, blind: int, tally: dict[tuple[bool, int], int]) -> int:
    """The net in half Antes of Ante, Blind (``blind`` half Antes on a win) and a Play of
    ``play`` Antes over the dealer's hands, by (the dealer qualifies, the player's hand
    compared: 1 higher, 0 equal, -1 lower)."""
    value = 0
    for (qualifies, compared), count in tally.items():
        if compared > 0:
            value += count * (2 * (qualifies + play) + blind)
        elif compared < 0:
            value -= count * 2 * (qualifies + 1 + play)
    return value


def flop_and_river_nets(mine: tuple[int, ...], theirs: tuple[int, ...],
                        least: tuple[int, ...], pay: int) -> tuple[int, int]:
    """Flop and River Hold'em's net in Antes against one dealer's hand, the river checked and
    raised (the Ante paying ``pay`` on a win, the call 2; all push when the dealer does not
    qualify)."""
    if theirs < least or mine == theirs:
        return 0, 0
    return (pay + 2, pay + 3) if mine > theirs else (-3, -4)


def plain_dealer_seen(ranks: list[int], weakest: str) -> tuple[Fraction, dict[str, int], int]:
    """Every deal of a deck of these ranks, one of the dealer's cards seen before the first
    decision, each deal counted once for each of the dealer's cards as the one seen: the
    return per Ante, the deals of each line of play and the deals counted. The player takes
    at each decision the option worth the most, a tie to the smaller total wager."""
    deck, least, hand = plain_ranking(ranks, weakest)

    def better(*options: tuple[int, ...]) -> tuple[int, ...]:
        """The option (its value, then its deals by line) worth the most, the first of
        equals (options given smallest first)."""
        return max(options, key=lambda option: option[0])

    def add(one: tuple[int, ...], other: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(x + y for x, y in zip(one, other, strict=True))

    total, deals = 0, 0
    lines: tuple[int, ...] = (0,) * 5
    for hole in itertools.combinations(deck, 2):
        for seen in (c for c in deck if c not in hole):
            rest = [c for c in deck if c not in hole and c != seen]
            check: tuple[int, ...] = (0,) * 6
            raised = {4: 0, 3: 0}
            every = 0
            for flop in itertools.combinations(rest, 3):
                after = [c for c in rest if c not in flop]
                flop_check: tuple[int, ...] = (0,) * 6
                bet_2x = 0
                for later in itertools.combinations(after, 2):
                    board = (*flop, *later)
                    mine = hand(frozenset((*hole, *board)))
                    blind = HALVES.get(9 if mine[:2] == (8, 12) else mine[0], 0)
                    others = [c for c in after if c not in later]
                    tally: dict[tuple[bool, int], int] = {}
                    for other in others:
                        theirs = hand(frozenset((seen, other, *board)))
                        key = (theirs >= least, (mine > theirs) - (mine < theirs))
                        tally[key] = tally.get(key, 0) + 1
                    for play in (4, 3):
                        raised[play] += settled(play, blind, tally)
                    bet_2x += settled(2, blind, tally)
                    every += len(others)
                    river = better((-4 * len(others), 0, 0, 0, 0, len(others)),
                                   (settled(1, blind, tally), 0, 0, 0, len(others), 0))
                    flop_check = add(flop_check, river)
                count = len(after) * (len(after) - 1) // 2 * (len(after) - 2)
                check = add(check, better(flop_check, (bet_2x, 0, 0, count, 0, 0)))
            played = better(check, (raised[3], 0, every, 0, 0, 0), (raised[4], every, 0, 0, 0, 0))
            total += played[0]
            lines = add(lines, played[1:])
            deals += every
    return Fraction(total, 2 * deals), dict(zip(LINES, lines, strict=True)), deals


def copy_of(tmp_path: Path, name: str = GAME.name, extra: str = "") -> Path:
    """A copy of an example (the game edge keeps for a path keeps its solves)."""
    path = tmp_path / name
    path.write_text((EXAMPLES / name).read_text() + extra)
    return path


@pytest.mark.slow
def test_three_ranks_against_a_plain_enumeration(tmp_path: Path) -> None:
    # about 10 s: the plain loop, 3.3 million dealer's hands
    solution = solve_dealer_seen(read_board_file(copy_of(tmp_path)), ranks=THREE)
    found, lines, deals = plain_dealer_seen(THREE, "2c 2d 5h 4s 3c")
    assert solution.cycle == deals == 2 * 66 * 120 * 21 * 10
    assert solution.player_return == found
    assert solution.lines == {line: count for line, count in lines.items() if count}


def test_each_deal_is_counted_once_for_each_dealer_card(tmp_path: Path) -> None:
    game = read_board_file(copy_of(tmp_path))
    dealt = solve_board_game(game, ranks=THREE)
    solution = solve_dealer_seen(game, ranks=THREE)
    assert solution.cycle == 2 * dealt.cycle == 2 * 66 * 120 * 21 * 10
    assert sum(solution.lines.values()) == solution.cycle
    # seeing more is never worth less to a player who uses it perfectly
    assert solution.player_return > dealt.player_return


@pytest.fixture
def three_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The file's solves on a deck of three ranks (Q, K, A), no report simulating them."""
    solve_on_three_ranks(monkeypatch)


@pytest.mark.usefixtures("three_ranks")
def test_the_table_and_protection_commands(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = copy_of(tmp_path)      # the example has [protection.dealer-1]
    table = analyze(str(path), options={"seen": "dealer-1"})
    assert table.expected_return == solve_dealer_seen(read_board_file(path),
                                                      ranks=THREE).player_return
    assert table.cycle == 2 * 66 * 120 * 21 * 10
    assert main(["table", str(path), "--set", "seen=dealer-1"]) == 0
    out = capsys.readouterr().out
    assert "Seen: one of the dealer's 2 cards, seen before preflop, and in view" in out
    assert "each deal of the game counted 2 times, once for each of the dealer's cards" in out
    assert "Value of the information" in out
    assert main(["protection", str(path)]) == 0
    assert "dealer-1" in capsys.readouterr().out


@pytest.mark.usefixtures("three_ranks")
def test_a_first_decision_made_with_the_flop_seen(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = copy_of(tmp_path, "flop-and-river.toml", SCENARIO)
    assert main(["table", str(path), "--set", "seen=dealer-1"]) == 0
    assert "Seen: one of the dealer's 2 cards, seen before call-or-fold, and in view" in \
        capsys.readouterr().out


@pytest.mark.usefixtures("three_ranks")
@pytest.mark.parametrize(("command", "said"), [
    ("strategy", "every deal counted 2 times (once for each of the dealer's cards as the one "
     "seen)"),
    ("simulate", "agrees: the exact value lies inside"),
])
def test_the_exposed_strategy_is_put_in_words_and_simulated(
        tmp_path: Path, command: str, said: str, capsys: pytest.CaptureFixture[str]) -> None:
    # no longer refused (the strategy and its simulator: tests/test_board_dealer_strategy.py)
    path = copy_of(tmp_path)      # the example has [protection.dealer-1]
    extra = ["--hands", "2000", "--seed", "3", "--jobs", "1"] if command == "simulate" else []
    assert main([command, str(path), "--set", "seen=dealer-1", *extra]) == 0
    out = capsys.readouterr().out
    assert said in out, out


@pytest.mark.parametrize(("extra", "key", "said"), [
    ("[protection.dealer-2]\ndealer = 2\n", 1, "dealer = 2: with a shared board 1 of the "
     "dealer's 2 cards seen before the first decision is solved (dealer = 1)."),
    ("[protection.dealer-x]\ndealer = true\n", 1, "dealer = True: with a shared board"),
    ("[protection.both]\ndealer = 1\nboard = 2\n", 2, "board = 2 with dealer = 1: with one of "
     "the dealer's cards seen, one card of flop seen with it before the first decision is "
     "solved (board = 1)."),
])
def test_a_sight_not_solved_is_refused_in_one_line(tmp_path: Path, extra: str, key: int,
                                                   said: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path, line = with_protection(tmp_path, extra)
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"edge: error: {GAME.name}: line {line + key}, column 1: ") \
        and err.count("\n") == 1, err
    assert said in err, err


@pytest.mark.slow
def test_the_built_in_solver_with_a_dealer_card_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    # a full solve of the file (about 30 minutes of one core) against edge's own Ultimate
    # Texas Hold'em under seen=dealer-1 (a separate program, whose return is E. Jacobson's
    # published 13.5922% per Ante): run with EDGE_PUBLISHED_CACHE naming a cache of the
    # built-in's full solves, or EDGE_EXPOSURE_FULL=1 (the built-in's solve then takes minutes
    # more unless EDGE_CACHE_DIR holds it)
    use_full_solves(monkeypatch)
    built_in = analyze("ultimate-texas-holdem", "main", options={"seen": "dealer-1"})
    solution = solve_dealer_seen(read_board_file(GAME))
    assert solution.player_return == built_in.expected_return
    assert solution.cycle == built_in.cycle
    theirs = dict(built_in.decisions)
    lines = solution.lines
    assert lines.get("bet-4x", 0) == theirs["preflop 4x"]
    assert lines.get("bet-3x", 0) == theirs["preflop 3x"]
    assert lines.get("check, bet-2x", 0) == theirs["check, flop 2x"]
    assert lines.get("check, check, bet-1x", 0) == theirs["check, check, river 1x"]
    assert lines.get("check, check, fold", 0) == theirs["check, check, river fold"]


def plain_flop_and_river(ranks: list[int], weakest: str) -> tuple[Fraction, dict[str, int]]:
    """Flop and River Hold'em (its first decision made with the flop seen) with one of the
    dealer's cards seen before it, every deal of a deck of these ranks counted once for each
    of the dealer's cards as the one seen: the return per Ante and the deals of each line of
    play, a tie to the larger total wager."""
    deck, least, hand = plain_ranking(ranks, weakest)
    total, deals = 0, 0
    lines = dict.fromkeys(("fold", "call, check", "call, raise"), 0)
    for hole in itertools.combinations(deck, 2):
        for seen in (c for c in deck if c not in hole):
            rest = [c for c in deck if c not in hole and c != seen]
            for flop in itertools.combinations(rest, 3):
                after = [c for c in rest if c not in flop]
                called, ways, checks, raises = 0, 0, 0, 0
                for later in itertools.combinations(after, 2):
                    mine = hand(frozenset((*hole, *flop, *later)))
                    pay = FLOP_AND_RIVER_ANTE.get(9 if mine[:2] == (8, 12) else mine[0], 1)
                    checked = raised = 0
                    others = [c for c in after if c not in later]
                    for other in others:
                        theirs = hand(frozenset((seen, other, *flop, *later)))
                        check_net, raise_net = flop_and_river_nets(mine, theirs, least, pay)
                        checked += check_net
                        raised += raise_net
                    ways += len(others)
                    called += max(checked, raised)
                    if raised >= checked:
                        raises += len(others)
                    else:
                        checks += len(others)
                if called >= -ways:
                    total += called
                    lines["call, check"] += checks
                    lines["call, raise"] += raises
                else:
                    total -= ways
                    lines["fold"] += ways
                deals += ways
    return Fraction(total, deals), lines


@pytest.mark.slow
def test_a_first_decision_with_the_flop_seen_against_a_plain_enumeration(tmp_path: Path
                                                                        ) -> None:
    # about 12 s: the plain loop; queens full of kings or better qualify (a deck of three
    # ranks holds nothing weaker than a full house)
    weakest = "Qc Qd Qh Kc Kd"
    path = tmp_path / "flop-and-river.toml"
    path.write_text((EXAMPLES / path.name).read_text().replace(
        'weakest = "4c 4d 5h 3s 2c"', f'weakest = "{weakest}"'))
    solution = solve_dealer_seen(read_board_file(path), ranks=THREE)
    found, lines = plain_flop_and_river(THREE, weakest)
    assert solution.cycle == 2 * 66 * 120 * 21 * 10
    assert solution.player_return == found
    assert solution.lines == {line: count for line, count in lines.items() if count}


def test_the_states_are_the_classes_under_a_renaming_of_suits() -> None:
    deck = [rank * 4 + suit for rank in THREE for suit in range(4)]
    states = board_dealer.SeenCardClasses(deck)
    found: dict[int, set[tuple[tuple[int, ...], int]]] = {}
    positions = {card: p for p, card in enumerate(deck)}
    for hole in itertools.combinations(deck, 2):
        for seen in (c for c in deck if c not in hole):
            state = int(states.of(np.array([[positions[c] for c in hole]]),
                                  np.array([positions[seen]]))[0])
            least = min((tuple(sorted(c - c % 4 + p[c % 4] for c in hole)),
                         seen - seen % 4 + p[seen % 4])
                        for p in itertools.permutations(range(4)))
            found.setdefault(state, set()).add(least)
    assert all(len(classes) == 1 for classes in found.values())
    assert len({next(iter(c)) for c in found.values()}) == len(found) == states.count - 1


@pytest.mark.parametrize("solve", [solve_board_game, solve_dealer_seen],
                         ids=["as dealt", "a dealer's card seen"])
def test_the_same_solve_on_one_thread_or_several(solve: Callable[..., BoardSolution]) -> None:
    # the board kernels count the flops on worker threads; the flops' sums are added in their
    # order, so one thread and three give the same solution, array for array
    game = read_board_file(GAME)
    one, three = (solve(game, ranks=THREE, jobs=jobs) for jobs in (1, 3))
    assert one.player_return == three.player_return
    assert one.rows == three.rows and one.lines == three.lines
    assert one.flop_choices.keys() == three.flop_choices.keys()
    for key, chosen in one.flop_choices.items():
        assert np.array_equal(chosen, three.flop_choices[key])
