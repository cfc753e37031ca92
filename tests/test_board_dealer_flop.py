"""Game protection for a game file with a shared board (issue 36): one of the dealer's two
cards (kept in view) and one of the flop's cards seen before the decision made with the
player's cards (``[protection.NAME] dealer = 1`` with ``board = 1``; edge's built-in Ultimate
Texas Hold'em calls it ``seen=dealer-1,flop-1``).

The independent checks: a plain enumeration in this file (its own best-five ranking, every
holding, dealer's card seen, flop card seen, rest of the flop, turn, river and dealer's other
card looped over, each decision taken by comparing plain sums, a tie to the smaller total
wager as the file says; no kernel called) on a deck of three ranks: the exact return and the
deals of every line of play; and on the full deck (slow, ``EDGE_EXPOSURE_FULL=1``) edge's own
Ultimate Texas Hold'em solver under ``seen=dealer-1,flop-1`` (a separate program in
edge/games/ultimate_texas_holdem/exposure/) and E. Jacobson's published player edge of
22.3286% per Ante ("Ultimate Texas Hold'em Hole-Card Play: One Dealer Card, One Flop Card";
docs/references.md).
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
from edge.decisions import board_dealer_flop
from edge.decisions.board import read_board_file, solve_board_game
from edge.decisions.board_dealer import solve_dealer_seen
from edge.decisions.board_dealer_flop import DealerFlopClasses, solve_dealer_flop_seen
from edge.games import analyze
from edge.table import ReturnTable
from tests.test_board_protection import solve_on_three_ranks, use_full_solves, with_protection
from tests.test_uth_file import BLIND, card
from tests.test_uth_strategies import best  # a plain best-five ranking

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
GAME = EXAMPLES / "ultimate-texas-holdem.toml"
THREE = [10, 11, 12]
NAME = "dealer-1-flop-1"
SCENARIO = f"\n[protection.{NAME}]\ndealer = 1\nboard = 1\n"      # for a file without it
# the game's deals from a deck of three ranks: holding, flop, turn and river, dealer's hand (the
# scenario counts each six times, once for each dealer's card and flop card seen)
DEALS = 66 * 120 * 21 * 10
# the Blind's pays in half Antes (a flush pays 3:2)
HALVES = {klass: int(2 * pay) for klass, pay in BLIND.items()}
Hand = tuple[int, ...]
LINES = ("bet-4x", "bet-3x", "check, bet-2x", "check, check, bet-1x", "check, check, fold")


@functools.cache
def plain_hand(cards: frozenset[int]) -> Hand:
    """The best plain ranking of five of the cards (kept for each set of cards)."""
    return best(tuple(cards))


def half_antes(least: Hand) -> Callable[[int, int, Hand, Hand], int]:
    """Ante, Blind (``blind`` half Antes when the player wins) and a Play of ``play`` Antes
    against one dealer's hand, in half Antes: the Ante is pushed when the dealer's hand is
    below ``least`` (he does not qualify)."""
    def net(play: int, blind: int, mine: Hand, theirs: Hand) -> int:
        qualifies = int(theirs >= least)
        if mine > theirs:
            return 2 * qualifies + 2 * play + blind
        if mine < theirs:
            return -2 * qualifies - 2 - 2 * play
        return 0
    return net


def plain_dealer_flop_seen(ranks: list[int], weakest: str
                           ) -> tuple[Fraction, dict[str, int], int]:
    """Every deal of a deck of these ranks, one of the dealer's cards and one of the flop's
    seen before the first decision (the dealer's card kept in view), each deal counted once
    for each choice of the two seen cards: the return per Ante, the deals of each line of play
    and the deals counted. Each decision takes the option worth the most, a tie to the
    smaller total wager."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    least = best(tuple(card(text) for text in weakest.split()))

    hand, net = plain_hand, half_antes(least)

    total, deals = 0, 0
    lines = dict.fromkeys(LINES, 0)
    for hole in itertools.combinations(deck, 2):
        for seen in (c for c in deck if c not in hole):
            rest = [c for c in deck if c not in hole and c != seen]
            # per flop: the value of 4x and 3x, and of checking (played on as well as can be,
            # with the deals of each line then), and its deals
            on_flop: dict[tuple[int, ...], tuple[int, int, int, dict[str, int], int]] = {}
            for flop in itertools.combinations(rest, 3):
                after = [c for c in rest if c not in flop]
                on_flop[flop] = board_entry(hole, seen, flop, after, list(
                    itertools.combinations(after, 2)), hand, net)
            for shown in rest:
                value, count, _ = first_decision(
                    [entry for flop, entry in on_flop.items() if shown in flop], lines)
                total += value
                deals += count
    return Fraction(total, 2 * deals), lines, deals


Entry = tuple[int, int, int, dict[str, int], int]


def board_entry(hole: tuple[int, ...], seen: int, board: tuple[int, ...], after: list[int],
                completions: list[tuple[int, ...]], hand: Callable[[frozenset[int]], Hand],
                net: Callable[[int, int, Hand, Hand], int]) -> Entry:
    """The board cards seen at the flop's decision (``board``), the rest of the board one of
    ``completions`` of the cards ``after`` it, the dealer's other card any card left: in half
    Antes the sums of 4x and 3x, and of checking (the flop's 2x or the river's better, bet 1x
    or fold), the deals of each line when checking, and the deals."""
    four = three = two = checked = count = 0
    river_lines = {"check, check, bet-1x": 0, "check, check, fold": 0}
    for later in completions:
        cards = (*board, *later)
        mine = hand(frozenset((*hole, *cards)))
        blind = HALVES.get(9 if mine[:2] == (8, 12) else mine[0], 0)
        others = [c for c in after if c not in later]
        theirs = [hand(frozenset((seen, other, *cards))) for other in others]
        four += sum(net(4, blind, mine, t) for t in theirs)
        three += sum(net(3, blind, mine, t) for t in theirs)
        two += sum(net(2, blind, mine, t) for t in theirs)
        bet = sum(net(1, blind, mine, t) for t in theirs)
        fold = -4 * len(others)
        checked += max(bet, fold)
        river_lines["check, check, bet-1x" if bet > fold else "check, check, fold"] += len(others)
        count += len(others)
    return (four, three, max(two, checked),
            {"check, bet-2x": count} if two > checked else river_lines, count)


def first_decision(holding: list[Entry], lines: dict[str, int]) -> tuple[int, int, int]:
    """The decision on two cards over these boards' entries: the best of check, 3x and 4x (a
    tie to the smaller), its value, its deals and the option (0 check, 1 3x, 2 4x); the deals
    of each line added to ``lines``."""
    check_value = sum(entry[2] for entry in holding)
    three_value = sum(entry[1] for entry in holding)
    four_value = sum(entry[0] for entry in holding)
    count = sum(entry[4] for entry in holding)
    best_value = max(check_value, three_value, four_value)
    if check_value == best_value:
        for entry in holding:
            for line, n in entry[3].items():
                lines[line] += n
    else:
        lines["bet-3x" if three_value == best_value else "bet-4x"] += count
    return best_value, count, [check_value, three_value, four_value].index(best_value)


def copy_of(tmp_path: Path, extra: str = "") -> Path:
    """A copy of the example (the game edge keeps for a path keeps its solves)."""
    path = tmp_path / GAME.name
    path.write_text(GAME.read_text() + extra)
    return path


@pytest.mark.slow
def test_three_ranks_against_a_plain_enumeration(tmp_path: Path) -> None:
    # about 15 s: the plain loop
    solution = solve_dealer_flop_seen(read_board_file(copy_of(tmp_path)), ranks=THREE)
    found, lines, deals = plain_dealer_flop_seen(THREE, "2c 2d 5h 4s 3c")
    assert solution.cycle == deals == 6 * DEALS
    assert solution.player_return == found
    assert solution.lines == {line: count for line, count in lines.items() if count}


def test_each_deal_is_counted_six_times(tmp_path: Path) -> None:
    game = read_board_file(copy_of(tmp_path))
    dealt = solve_board_game(game, ranks=THREE)
    dealer = solve_dealer_seen(game, ranks=THREE)
    solution = solve_dealer_flop_seen(game, ranks=THREE)
    assert solution.cycle == 6 * dealt.cycle == 3 * dealer.cycle == 6 * 66 * 120 * 21 * 10
    assert sum(solution.lines.values()) == solution.cycle
    # seeing more is never worth less to a player who uses it perfectly
    assert solution.player_return >= dealer.player_return > dealt.player_return


def test_the_states_are_the_classes_under_a_renaming_of_suits() -> None:
    deck = [rank * 4 + suit for rank in THREE for suit in range(4)]
    states = DealerFlopClasses(deck)
    found: dict[int, set[tuple[tuple[int, ...], int, int]]] = {}
    positions = {c: p for p, c in enumerate(deck)}
    renamings = list(itertools.permutations(range(4)))
    for hole in itertools.combinations(deck, 2):
        for seen in (c for c in deck if c not in hole):
            for shown in (c for c in deck if c not in hole and c != seen):
                state = int(states.with_flop(np.array([[positions[c] for c in hole]]),
                                             np.array([positions[seen]]),
                                             np.array([positions[shown]]))[0, 0])
                least = min((tuple(sorted(c - c % 4 + p[c % 4] for c in hole)),
                             seen - seen % 4 + p[seen % 4], shown - shown % 4 + p[shown % 4])
                            for p in renamings)
                found.setdefault(state, set()).add(least)
    assert all(len(classes) == 1 for classes in found.values())
    assert len({next(iter(c)) for c in found.values()}) == len(found) == states.count - 1


@pytest.fixture
def three_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The file's solves on a deck of three ranks (Q, K, A), no report simulating them."""
    solve_on_three_ranks(monkeypatch)


@pytest.mark.usefixtures("three_ranks")
def test_the_table_and_protection_commands(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    path = copy_of(tmp_path)      # the example has [protection.dealer-1-flop-1]
    table = analyze(str(path), options={"seen": NAME})
    assert table.expected_return == board_dealer_flop.solve_dealer_flop_seen(
        read_board_file(path), ranks=THREE).player_return
    assert table.cycle == 6 * DEALS
    assert main(["table", str(path), "--set", f"seen={NAME}"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert ("Seen: one of the dealer's 2 cards and one of the 3 cards of the flop, seen "
            "before preflop; the dealer's card in view") in out
    assert ("C(12, 2) x 10 x C(9, 3) x C(6, 2) x 4 x 3 = 9,979,200 deals, each equally likely "
            "(each deal of the game counted 6 times, once for each of the dealer's 2 cards and "
            "each of the 3 cards of flop that may be the ones seen)") in out
    assert "Value of the information" in out
    assert main(["protection", str(path)]) == 0
    assert NAME in capsys.readouterr().out


@pytest.mark.parametrize(("extra", "key", "said"), [
    ("[protection.both]\ndealer = 2\nboard = 1\n", 1, "dealer = 2: with a shared board 1 of "
     "the dealer's 2 cards seen before the first decision is solved (dealer = 1)."),
    ("[protection.both]\ndealer = 1\nboard = 2\n", 2, "board = 2 with dealer = 1: with one of "
     "the dealer's cards seen, one card of flop seen with it before the first decision is "
     "solved (board = 1)."),
    ("[protection.both]\ndealer = 1\nboard = 3\n", 2, "board = 3 with dealer = 1"),
    ("[protection.both]\ndealer = 1\nboard = true\n", 2, "board = True with dealer = 1"),
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


def test_a_first_decision_made_with_the_flop_seen_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, line = with_protection(tmp_path, SCENARIO, "flop-and-river.toml")
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"edge: error: flop-and-river.toml: line {line + 3}, column 1: "
                          f"[protection.{NAME}] board = 1 with dealer = 1: the card of flop "
                          "is seen before a decision made with the player's cards alone") \
        and err.count("\n") == 1, err


@pytest.mark.slow
def test_the_built_in_solver_and_jacobsons_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    # a full solve of the file (about as long as dealer-1's) against edge's own Ultimate
    # Texas Hold'em under seen=dealer-1,flop-1 (a separate program) and E. Jacobson's
    # published 22.3286% per Ante: run with EDGE_PUBLISHED_CACHE naming a cache of the
    # built-in's full solves, or EDGE_EXPOSURE_FULL=1 (the built-in's solve then takes long
    # unless EDGE_CACHE_DIR holds it)
    use_full_solves(monkeypatch)
    built_in = analyze("ultimate-texas-holdem", "main", options={"seen": "dealer-1,flop-1"})
    table = analyze(str(GAME), options={"seen": NAME})
    same_as_the_built_in(table, built_in, Fraction(223286, 1000000))


def same_as_the_built_in(table: ReturnTable, built_in: ReturnTable, published: Fraction) -> None:
    """The file's exposed table against the built-in's: the same exact return, cycle and
    deals on every line of play, and E. Jacobson's player edge to the four places he gives."""
    assert table.expected_return == built_in.expected_return
    assert table.cycle == built_in.cycle
    assert abs(table.expected_return - published) <= Fraction(5, 10 ** 7)
    theirs = dict(built_in.decisions)
    lines = dict(table.decisions)
    assert lines.get("bet-4x", 0) == theirs["preflop 4x"]
    assert lines.get("bet-3x", 0) == theirs["preflop 3x"]
    assert lines.get("check, bet-2x", 0) == theirs["check, flop 2x"]
    assert lines.get("check, check, bet-1x", 0) == theirs["check, check, river 1x"]
    assert lines.get("check, check, fold", 0) == theirs["check, check, river fold"]
