"""Game protection for a game file with a shared board: one of the later place's cards (the
turn and river) seen with the flop, from the decisions made with the flop seen on
(``[protection.turn-river-1] later = 1``; edge/decisions/board_protection.py).

The independent checks: plain enumerations in this file (a plain best-five ranking, every
flop, seen card, other later card and dealer's hand looped over, each decision taken by
comparing sums, no kernel called) on a deck of three ranks, for Flop and River Hold'em (a
decision on the flop and one on the river) and for the Ultimate Texas Hold'em file (a decision
before the flop, taken knowing the card will be seen, one on the flop and one on the river).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from edge.cli import main
from edge.decisions import board_protection
from edge.decisions.board import read_board_file, solve_board_game
from edge.decisions.board_protection import read_board_sights, solve_later_seen
from edge.errors import EdgeError
from edge.games import analyze
from edge.simulation import simulate
from tests import test_flop_and_river as flop_and_river
from tests.test_board_protection import solve_on_three_ranks, with_protection
from tests.test_uth_file import BLIND, card
from tests.test_uth_strategies import best  # a plain best-five ranking

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
THREE = [10, 11, 12]
ThreeRanks = tuple[int, ...]


@functools.cache
def hand(cards: frozenset[int]) -> tuple[int, ...]:
    return best(tuple(cards))


@functools.cache
def results(hole: tuple[int, ...], board: frozenset[int], ranks: ThreeRanks, weakest: str
            ) -> tuple[tuple[tuple[bool, int], int], ...]:
    """The dealer's hands on a whole board by (he qualifies, the player's hand compared: 1
    higher, 0 equal, -1 lower)."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    least = best(tuple(card(text) for text in weakest.split()))
    mine = hand(board | set(hole))
    found: dict[tuple[bool, int], int] = {}
    for dealer in itertools.combinations([c for c in deck if c not in board
                                          and c not in hole], 2):
        theirs = hand(board | set(dealer))
        key = (theirs >= least, (mine > theirs) - (mine < theirs))
        found[key] = found.get(key, 0) + 1
    return tuple(sorted(found.items()))


def later_states(ranks: ThreeRanks
                 ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...], int, list[int]]]:
    """Every holding, flop and later card seen, with the other later cards."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    for hole in itertools.combinations(deck, 2):
        rest = [c for c in deck if c not in hole]
        for flop in itertools.combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            for seen in after:
                yield hole, flop, seen, [c for c in after if c != seen]


def flop_and_river_return(ranks: ThreeRanks, weakest: str) -> tuple[Fraction, int]:
    """Flop and River Hold'em with a later card seen at the call: the call's value summed
    over the other later card (the river's check or raise, the better) against the fold;
    per Ante, with the deals counted (each once for each later card seen)."""
    total = deals = 0
    for hole, flop, seen, others in later_states(ranks):
        called = ways = 0
        for other in others:
            pay = flop_and_river.ANTE.get(_category(hole, flop, seen, other), 1)
            checked = raised = 0
            for (qualifies, compared), count in results(hole, frozenset((*flop, seen, other)),
                                                        ranks, weakest):
                ways += count
                if qualifies and compared:
                    checked += count * (pay + 2 if compared > 0 else -3)
                    raised += count * (pay + 3 if compared > 0 else -4)
            called += max(checked, raised)
        total += max(-ways, called)
        deals += ways
    return Fraction(total, deals), deals


def _category(hole: tuple[int, ...], *board: object) -> int:
    cards = frozenset(hole) | frozenset(c for part in board for c in (
        part if isinstance(part, tuple) else (part,)))
    mine = hand(cards)
    return 9 if mine[0] == 8 and mine[1] == 12 else mine[0]


def uth_return(ranks: ThreeRanks, weakest: str) -> Fraction:
    """The Ultimate Texas Hold'em file with a later card seen at the flop's decision: before
    the flop each holding takes the best of check (then on the flop the better of bet 2x and
    check, the river's fold or bet 1x the better on each board), bet 3x and bet 4x, summed
    over every flop and later card seen; per Ante."""
    @functools.cache
    def nets(hole: tuple[int, ...], board: frozenset[int]) -> tuple[int, ...]:
        """On a whole board, in half Antes (a Blind pays 3 to 2 on a flush): the sums over
        the dealer's hands of bet 2x, 3x and 4x before the river, of the river's better
        option (fold: Ante and Blind lost; bet 1x), and the dealer's hands."""
        found = results(hole, board, ranks, weakest)
        blind = 2 * BLIND.get(_category(hole, tuple(board)), Fraction(0))

        def net(play: int) -> int:
            value = Fraction(0)
            for (qualifies, compared), count in found:
                if compared > 0:
                    value += count * (2 * (1 if qualifies else 0) + blind + 2 * play)
                elif compared < 0:
                    value -= count * (2 * (1 if qualifies else 0) + 2 + 2 * play)
            return int(value)
        dealers = sum(count for _, count in found)
        return net(2), net(3), net(4), max(-4 * dealers, net(1)), dealers

    by_hole: dict[tuple[int, ...], list[int]] = {}
    deals = 0
    for hole, flop, seen, others in later_states(ranks):
        summed = [0] * 5
        for other in others:
            for i, value in enumerate(nets(hole, frozenset((*flop, seen, other)))):
                summed[i] += value
        deals += summed[4]
        sums = by_hole.setdefault(hole, [0] * 3)
        for i, value in enumerate((max(summed[0], summed[3]), summed[1], summed[2])):
            sums[i] += value
    return Fraction(sum(max(values) for values in by_hole.values()), 2 * deals)


def with_weakest(tmp_path: Path, name: str, weakest: str) -> Path:
    """The example file with the dealer's qualifying hand moved (three ranks deal nothing
    weaker than a full house), and a later card's scenario."""
    path = tmp_path / name
    text = (EXAMPLES / name).read_text()
    text = text.replace('weakest = "4c 4d 5h 3s 2c"', f'weakest = "{weakest}"')
    path.write_text(text + "\n[protection.later-1]\nlater = 1\n")
    return path


def test_flop_and_river_against_a_plain_enumeration(tmp_path: Path) -> None:
    weakest = "Qc Qd Qh Kc Kd"
    game = read_board_file(with_weakest(tmp_path, "flop-and-river.toml", weakest))
    solution = solve_later_seen(game, ranks=THREE)
    expected, deals = flop_and_river_return(tuple(THREE), weakest)
    dealt = solve_board_game(game, ranks=THREE)
    # each deal counted twice, once for each later card seen
    assert solution.cycle == deals == 2 * dealt.cycle == 2 * 66 * 120 * 21 * 10
    assert solution.player_return == expected
    assert sum(solution.lines.values()) == solution.cycle
    assert solution.player_return >= dealt.player_return


def test_a_decision_before_the_flop_against_a_plain_enumeration(tmp_path: Path) -> None:
    game = read_board_file(EXAMPLES / "ultimate-texas-holdem.toml")
    solution = solve_later_seen(game, ranks=THREE)
    assert solution.player_return == uth_return(tuple(THREE), "2c 2d 5h 4s 3c")
    assert solution.player_return >= solve_board_game(game, ranks=THREE).player_return


@pytest.mark.parametrize(("extra", "message"), [
    ("later = 2", "later = 2: one of the 2 cards of turn_river seen with flop is solved "
                  "(later = 1)."),
    ("later = 1\nboard = 1", "board with later = 1: a card of turn_river seen is solved "
                             "alone; give it its own scenario."),
    ("later = true", "later = True"),
])
def test_bad_scenarios_are_one_line_naming_the_key(tmp_path: Path, extra: str,
                                                   message: str) -> None:
    path, line = with_protection(tmp_path, f"[protection.x]\n{extra}\n")
    with pytest.raises(EdgeError) as caught:
        read_board_sights(path, read_board_file(path))
    text = str(caught.value)
    assert message in text and "\n" not in text and path.name in text, text


def on_three_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every solve of the shared-board files on three ranks, the later card's too."""
    solve_on_three_ranks(monkeypatch)
    monkeypatch.setattr(board_protection, "solve_later_seen",
                        functools.partial(board_protection.solve_later_seen, ranks=THREE))


def test_the_table_the_simulation_and_the_refused_strategy(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    on_three_ranks(monkeypatch)
    weakest = "Qc Qd Qh Kc Kd"
    path = with_weakest(tmp_path, "flop-and-river.toml", weakest)
    table = analyze(str(path), options={"seen": "later-1"})
    expected, deals = flop_and_river_return(tuple(THREE), weakest)
    assert table.expected_return == expected and table.cycle == deals
    assert main(["table", str(path), "--set", "seen=later-1"]) == 0
    out = capsys.readouterr().out
    assert "Seen: one of the two cards of the turn_river, seen before call-or-fold, with " \
           "the flop." in out and "each deal counted 2 times" in out
    # random deals playing the exposed solve (the card seen: the turn), each settled by the
    # file, against the exact exposed table outcome by outcome
    assert main(["protection", str(path)]) == 0
    assert "later-1" in capsys.readouterr().out
    played = simulate(str(path), options={"seen": "later-1"}, hands=3000, seed=5, jobs=1)
    assert played.agrees and played.exact == expected
    assert main(["strategy", str(path), "--set", "seen=later-1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("edge: error: seen=later-1: with a card of turn_river seen the "
                          "exposed return is solved exactly") and err.count("\n") == 1


def test_a_game_without_a_decision_on_the_flop_is_refused(tmp_path: Path) -> None:
    # Flop and River with its call made on two cards: nothing is decided with the flop seen
    text = (EXAMPLES / "flop-and-river.toml").read_text()
    moved = text.replace('name = "call-or-fold"\nseen = 5', 'name = "call-or-fold"\nseen = 2')
    assert moved != text
    path = tmp_path / "flop-and-river.toml"
    path.write_text(moved + "\n[protection.later-1]\nlater = 1\n")
    with pytest.raises(EdgeError) as caught:
        read_board_sights(path, read_board_file(path))
    assert "later = 1: the card of turn_river is seen with flop, before the decisions made " \
           "with it seen; this game makes none." in str(caught.value)


@pytest.mark.slow
def test_the_report_names_the_card_and_what_is_not_given(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # about 5 s: the report's sections, each solve on three ranks
    on_three_ranks(monkeypatch)
    monkeypatch.setattr("edge.simulation.verification.simulates", lambda game: False)
    path = with_weakest(tmp_path, "flop-and-river.toml", "Qc Qd Qh Kc Kd")
    report = tmp_path / "report.md"
    assert main(["report", str(path), "--protection", "--output", str(report)]) == 0
    text = " ".join(report.read_text().split())
    assert "seen=later-1" in text and "Seen: one of the two cards of the turn_river" in text
    assert "`edge strategy` does not put it in words for this card yet" in text
