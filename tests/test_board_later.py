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
import json
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from edge.cli import main
from edge.decisions.board import read_board_file, solve_board_game
from edge.decisions.board_protection import read_board_sights, solve_later_seen
from edge.errors import EdgeError
from edge.games import analyze
from edge.simulation import simulate
from tests import test_flop_and_river as flop_and_river
from tests.test_board_protection import solve_on_three_ranks, with_protection
from tests.test_uth_file import BLIND, card
from tests.test_uth_strategies import best, hand_category  # a plain best-five ranking

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


@functools.cache
def flop_and_river_calls(ranks: ThreeRanks, weakest: str
                         ) -> dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, int]]:
    """Flop and River Hold'em with a later card seen at the call: each (holding, flop, seen
    card) state's call value (the river's check or raise, the better, summed over the other
    later card and the dealer's hands) and its deals, per Ante."""
    found = {}
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
        found[hole, flop, seen] = called, ways
    return found


def flop_and_river_return(ranks: ThreeRanks, weakest: str) -> tuple[Fraction, int]:
    """The exposed return per Ante (each state's call against the fold, which loses the Ante
    on every deal), with the deals counted (each once for each later card seen)."""
    states = flop_and_river_calls(ranks, weakest).values()
    return (Fraction(sum(max(-ways, called) for called, ways in states),
                     sum(ways for _, ways in states)), sum(ways for _, ways in states))


def _category(hole: tuple[int, ...], *board: object) -> int:
    cards = frozenset(hole) | frozenset(c for part in board for c in (
        part if isinstance(part, tuple) else (part,)))
    mine = hand(cards)
    return 9 if mine[0] == 8 and mine[1] == 12 else mine[0]


@functools.cache
def uth_flop_states(ranks: ThreeRanks, weakest: str
                    ) -> dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...]]:
    """The Ultimate Texas Hold'em file with a later card seen at the flop's decision: each
    (holding, flop, seen card) state's sums over the other later card and the dealer's hands,
    in half Antes: of bet 2x on the flop, of bet 3x and bet 4x before it, of the river's better
    option after checking twice, and the deals."""
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

    states = {}
    for hole, flop, seen, others in later_states(ranks):
        summed = [0] * 5
        for other in others:
            for i, value in enumerate(nets(hole, frozenset((*flop, seen, other)))):
                summed[i] += value
        states[hole, flop, seen] = tuple(summed)
    return states


def uth_return(ranks: ThreeRanks, weakest: str) -> Fraction:
    """Before the flop each holding takes the best of check (then on the flop the better of
    bet 2x and check, the river's fold or bet 1x the better on each board), bet 3x and bet
    4x, summed over every flop and later card seen; per Ante."""
    by_hole: dict[tuple[int, ...], list[int]] = {}
    deals = 0
    for (hole, _, _), summed in uth_flop_states(ranks, weakest).items():
        deals += summed[4]
        sums = by_hole.setdefault(hole, [0] * 3)
        for i, value in enumerate((max(summed[0], summed[3]), summed[1], summed[2])):
            sums[i] += value
    return Fraction(sum(max(values) for values in by_hole.values()), 2 * deals)


def with_weakest(tmp_path: Path, name: str, weakest: str, scenario: str = "later = 1"
                 ) -> Path:
    """The example file with the dealer's qualifying hand moved (three ranks deal nothing
    weaker than a full house), and a later card's scenario."""
    path = tmp_path / name
    text = (EXAMPLES / name).read_text()
    text = text.replace('weakest = "4c 4d 5h 3s 2c"', f'weakest = "{weakest}"')
    path.write_text(text + f"\n[protection.later-1]\n{scenario}\n")
    return path


@pytest.mark.parametrize(("extra", "message"), [
    ("later = 2", "later = 2: one of the 2 cards of turn_river seen with flop is solved "
                  "(later = 1)."),
    ("later = 1\nboard = 1", "board with later = 1: a card of turn_river seen is solved "
                             "alone or with one of the dealer's (dealer = 1); give the flop's "
                             "card its own scenario."),
    ("later = true", "later = True"),
    ("later = 1\nfirst = 1", "first = 1 must be true (the card seen before the first "
                              "decision) or false (seen with flop)."),
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


def test_the_table_the_simulation_and_the_exposed_call(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    on_three_ranks(monkeypatch)
    weakest = "Qc Qd Qh Kc Kd"
    path = with_weakest(tmp_path, "flop-and-river.toml", weakest)
    table = analyze(str(path), options={"seen": "later-1"})
    expected, deals = flop_and_river_return(tuple(THREE), weakest)
    assert table.expected_return == expected and table.cycle == deals
    # each deal counted twice, once for each later card seen
    solution = solve_later_seen(read_board_file(path), ranks=THREE)
    game_as_dealt = solve_board_game(read_board_file(path), ranks=THREE)
    assert solution.cycle == deals == 2 * game_as_dealt.cycle == 2 * 66 * 120 * 21 * 10
    assert sum(solution.lines.values()) == solution.cycle
    assert solution.player_return >= game_as_dealt.player_return
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
    # the exposed strategy: every state's call seeing and as dealt
    calls = flop_and_river_calls(tuple(THREE), weakest)
    # as dealt the call is taken on the holding and the flop: summed over the seen card
    flops: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}
    for (hole, flop, _), (called, ways) in calls.items():
        sums = flops.setdefault((hole, flop), [0, 0])
        sums[0] += called
        sums[1] += ways
    # call (1) on a tie: the larger total wager
    states = {state: (int(called >= -ways), int(flops[state[:2]][0] >= -flops[state[:2]][1]))
              for state, (called, ways) in calls.items()}
    data = strategy_data(path, capsys)
    assert data["states"] == len(states) == 66 * 120 * 7
    assert data["before_the_flop_changed"] == {}
    (decision,) = data["decisions"]
    by_hand, by_class = tallies(states, ("fold", "call"))
    assert decision["decision"] == "call-or-fold"
    assert decision["by_hand"] == by_hand and decision["by_holding_class"] == by_class
    # the seen card changes the call somewhere, both ways
    changed = [(seeing, dealt) for seeing, dealt in states.values() if seeing != dealt]
    assert {(0, 1), (1, 0)} <= set(changed)
    assert main(["strategy", str(path), "--set", "seen=later-1"]) == 0
    out = capsys.readouterr().out
    assert f"its option differs from the one taken as dealt on {len(changed):,} states" in out


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


def test_a_card_before_a_first_decision_made_with_the_flop_is_refused(tmp_path: Path) -> None:
    path = with_weakest(tmp_path, "flop-and-river.toml", "Qc Qd Qh Kc Kd",
                        "later = 1\nfirst = true")
    with pytest.raises(EdgeError) as caught:
        read_board_sights(path, read_board_file(path))
    text = str(caught.value)
    assert "first = true: the card of turn_river is seen before a decision made with the " \
           "player's cards alone; the first decision here, 'call-or-fold', is made with 5 " \
           "cards seen (later = 1 alone sees the card there)." in text and "\n" not in text


@pytest.mark.slow
def test_the_report_names_the_card_and_the_exposed_play(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # about 5 s: the report's sections, each solve on three ranks
    on_three_ranks(monkeypatch)
    monkeypatch.setattr("edge.simulation.verification.simulates", lambda game: False)
    path = with_weakest(tmp_path, "flop-and-river.toml", "Qc Qd Qh Kc Kd")
    report = tmp_path / "report.md"
    assert main(["report", str(path), "--protection", "--output", str(report)]) == 0
    text = " ".join(report.read_text().split())
    assert "seen=later-1" in text and "Seen: one of the two cards of the turn_river" in text
    assert "call-or-fold: fold on" in text and "(holding, flop, seen card) states reached" in text
    assert "does not put it in words" not in text


# the hand classes as docs/strategies.md names them, 0 high card .. 9 royal flush
HANDS = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush", "full-house",
         "four-of-a-kind", "straight-flush", "royal-flush")
RANK_LETTERS = "23456789TJQKA"
SEEN_RANKS = ("a new rank", "a rank of his cards", "a rank of the flop",
              "a rank of his cards and the flop")
State = tuple[tuple[int, ...], tuple[int, ...], int]


def holding_class(hole: tuple[int, ...]) -> str:
    """"KK", "KQs" (suited) or "KQo"."""
    high, low = sorted(hole, reverse=True)
    if high >> 2 == low >> 2:
        return RANK_LETTERS[high >> 2] * 2
    return RANK_LETTERS[high >> 2] + RANK_LETTERS[low >> 2] + (
        "s" if high & 3 == low & 3 else "o")


def tallies(states: dict[State, tuple[int, int]], options: tuple[str, ...]
            ) -> tuple[dict[str, Any], dict[str, Any]]:
    """The states (each with its option seeing and as dealt) by the player's hand with the
    flop and with the seen card, and by holding class, as --format json gives them."""
    by_hand: dict[str, Any] = {}
    by_class: dict[str, Any] = {}
    for (hole, flop, seen), (seeing, dealt) in states.items():
        rank = seen >> 2
        # the seen card's rank: one of the holding's (1), of the flop's (2), both (3), neither
        relation = (1 if rank in {c >> 2 for c in hole} else 0) + (
            2 if rank in {c >> 2 for c in flop} else 0)
        key = (f"{HANDS[hand_category(hole + flop)]} > "
               f"{HANDS[hand_category(hole + flop + (seen,))]} ({SEEN_RANKS[relation]})")
        for found, name in ((by_hand, key), (by_class, holding_class(hole))):
            cell = found.setdefault(name, {"states": 0, "seeing": dict.fromkeys(options, 0),
                                           "as_dealt": dict.fromkeys(options, 0), "changed": 0})
            cell["states"] += 1
            cell["seeing"][options[seeing]] += 1
            cell["as_dealt"][options[dealt]] += 1
            cell["changed"] += seeing != dealt
    return by_hand, by_class


def strategy_data(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["strategy", str(path), "--set", "seen=later-1", "--format", "json"]) == 0
    data: dict[str, Any] = json.loads(capsys.readouterr().out)
    return data


Holding = tuple[int, ...]
Flop = tuple[tuple[int, ...], tuple[int, ...]]


def uth_seeing(sums: dict[State, tuple[int, ...]], by_card: bool
               ) -> tuple[dict[Any, list[int]], dict[Flop, list[int]], dict[Holding, list[int]]]:
    """From the states' sums: the options before the flop (check, then the flop's better;
    bet 3x; bet 4x) seeing, by holding (``by_card``: by holding and seen card); each (holding,
    flop)'s first four sums over the seen card; and each holding's options before the flop as
    dealt (the flop's bet taken on the flop alone)."""
    seeing: dict[Any, list[int]] = {}
    flops: dict[Flop, list[int]] = {}
    for (hole, flop, seen), summed in sums.items():
        flop_sums = flops.setdefault((hole, flop), [0, 0, 0, 0])
        for i, value in enumerate(summed[:4]):
            flop_sums[i] += value
        values = seeing.setdefault((hole, seen) if by_card else hole, [0, 0, 0])
        for i, value in enumerate((max(summed[0], summed[3]), summed[1], summed[2])):
            values[i] += value
    as_dealt: dict[Holding, list[int]] = {}
    for (hole, _), flop_sums in flops.items():
        values = as_dealt.setdefault(hole, [0, 0, 0])
        for i, value in enumerate((max(flop_sums[0], flop_sums[3]), *flop_sums[1:3])):
            values[i] += value
    return seeing, flops, as_dealt


def test_a_decision_before_the_flop_and_the_flop_bet_against_a_plain_enumeration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    on_three_ranks(monkeypatch)
    weakest = "2c 2d 5h 4s 3c"
    path = with_weakest(tmp_path, "ultimate-texas-holdem.toml", weakest)
    sums = uth_flop_states(tuple(THREE), weakest)
    game = read_board_file(path)
    solution = solve_later_seen(game, ranks=THREE)
    assert solution.player_return == uth_return(tuple(THREE), weakest)
    assert solution.player_return >= solve_board_game(game, ranks=THREE).player_return
    seeing, flops, as_dealt = uth_seeing(sums, by_card=False)
    preflop = ("check", "bet-3x", "bet-4x")
    # a tie goes to the smaller total wager: the first of the highest
    first = {hole: values.index(max(values)) for hole, values in seeing.items()}
    dealt_first = {hole: values.index(max(values)) for hole, values in as_dealt.items()}
    changed = {holding_class(hole): {"as_dealt": preflop[dealt_first[hole]],
                                     "seeing": preflop[first[hole]]}
               for hole in first if first[hole] != dealt_first[hole]}
    # the flop's bet (1) only on more than checking, reached after a check before the flop
    states = {(hole, flop, seen): (int(summed[0] > summed[3]),
                                   int(flops[hole, flop][0] > flops[hole, flop][3]))
              for (hole, flop, seen), summed in sums.items() if first[hole] == 0}
    data = strategy_data(path, capsys)
    assert data["before_the_flop_changed"] == changed
    (decision,) = data["decisions"]
    by_hand, by_class = tallies(states, ("check", "bet-2x"))
    assert decision["decision"] == "flop" and decision["wagers_in_play"][1:] == ["1", "0"]
    assert decision["by_hand"] == by_hand and decision["by_holding_class"] == by_class
    assert any(seeing != dealt for seeing, dealt in states.values())


def test_the_card_seen_before_the_first_decision_against_a_plain_enumeration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the Ultimate Texas Hold'em file with the card seen before preflop (first = true): the
    # decision before the flop taken on (holding, seen card), the flop's on the four cards
    on_three_ranks(monkeypatch)
    weakest = "2c 2d 5h 4s 3c"
    path = with_weakest(tmp_path, "ultimate-texas-holdem.toml", weakest,
                        "later = 1\nfirst = true")
    sums = uth_flop_states(tuple(THREE), weakest)
    seeing, flops, as_dealt = uth_seeing(sums, by_card=True)
    deals = sum(summed[4] for summed in sums.values())
    expected = Fraction(sum(max(values) for values in seeing.values()), 2 * deals)
    table = analyze(str(path), options={"seen": "later-1"})
    assert table.expected_return == expected and table.cycle == deals
    assert expected > uth_return(tuple(THREE), weakest)
    # before the flop, by holding class: the states taking each option (a tie to the smaller
    # total wager, the first of the highest) and each class's gain against the game as dealt
    preflop = ("check", "bet-3x", "bet-4x")
    first = {state: values.index(max(values)) for state, values in seeing.items()}
    classes: dict[str, dict[str, Any]] = {}
    gains: dict[str, int] = {}
    for (hole, seen), option in first.items():
        found = classes.setdefault(holding_class(hole), dict.fromkeys(preflop, 0))
        found[preflop[option]] += 1
        gains[holding_class(hole)] = gains.get(holding_class(hole), 0) + max(
            seeing[hole, seen])
    for hole, values in as_dealt.items():
        gains[holding_class(hole)] -= max(values)
    data = strategy_data(path, capsys)
    got = data["before_the_flop"]
    assert {name: {o: got[name][o] for o in preflop} for name in got} == classes
    assert {name: Fraction(got[name]["gain"]) for name in got} == {
        name: Fraction(gain, 2 * deals) for name, gain in gains.items()}
    # the flop's bet, reached after a check before it on (holding, seen card)
    states = {(hole, flop, seen): (int(summed[0] > summed[3]),
                                   int(flops[hole, flop][0] > flops[hole, flop][3]))
              for (hole, flop, seen), summed in sums.items() if first[hole, seen] == 0}
    (decision,) = data["decisions"]
    by_hand, by_class = tallies(states, ("check", "bet-2x"))
    assert decision["by_hand"] == by_hand and decision["by_holding_class"] == by_class
    # random deals, the turn the card seen before preflop, against the exact table
    played = simulate(str(path), options={"seen": "later-1"}, hands=3000, seed=7, jobs=1)
    assert played.agrees and played.exact == expected
