"""Strategy files on a game file with a shared board (edge/decisions/board_strategy_file.py):
rules for the decision made with the player's two cards alone (Ultimate Texas Hold'em's
preflop), every later decision played as solved given it.

The independent checks: a plain enumeration in this file (its own best-five ranking, every
flop, turn, river and dealer's hand looped over, the flop and river decisions taken by
comparing sums, no kernel called) on a deck of three ranks, giving each holding's value under
each preflop play; on the full deck, the Wizard of Odds' preflop chart (docs/references.md
section 4: 69 classes, 500 hands, the optimal preflop play) costs exactly 0, and another
file's cost is the one edge's own Ultimate Texas Hold'em solver (a separate program, from the
disk cache) gives from its values of each holding.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.cli import main
from edge.decisions import board
from edge.decisions.board import (
    BoardSolution,
    holding_classes,
    read_board_file,
    solve_board_game,
)
from edge.decisions.board_strategy_file import (
    board_compare,
    board_strategy_kind,
    class_name,
    preflop_rules,
    rule_choices,
)
from edge.decisions.strategy_file import GameFileStrategy
from edge.games import analyze
from edge.simulation import simulate
from edge.strategies import StrategyComparison
from tests.test_uth_file import BLIND, GAME, card
from tests.test_uth_strategies import best  # a plain best-five ranking

STRATEGIES = Path(__file__).resolve().parent.parent / "examples" / "strategies"
WIZARD = STRATEGIES / "uth-file-wizard-preflop.toml"
PAIRS_AND_ACES = STRATEGIES / "uth-file-pairs-and-aces.toml"
RANKS = [10, 11, 12]
WEAKEST = "2c 2d 5h 4s 3c"               # the file's: on three ranks every hand qualifies
DEALS_PER_HOLDING = 120 * 21 * 10        # flops, turn-rivers, dealer's hands of 12 cards
# on three ranks (queens to aces) the solve raises 4x with A-A and A-K only: this file
# departs with 3x on A-Q suited and 4x on K-Q suited (four holdings each)
THREE_RANKS_FILE = """name = "three-ranks"
[preflop]
otherwise = "check"
rules = [
    { action = "bet-3x", hands = ["A-Q suited"] },
    { action = "bet-4x", hands = ["K-Q suited"] },
    { action = "bet-4x", high = { count = 1, from = "A" }, lowest = "K" },
]
"""


def plain_values(ranks: list[int], weakest: str, hole: tuple[int, int]
                 ) -> dict[int, Fraction]:
    """One holding's value (summed over its deals, per Ante) for each play before the flop:
    4 or 3 (a Play of that many Antes) or 0 (check, then the flop's and river's best)."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    least = best(tuple(card(text) for text in weakest.split()))
    return _plain_values(tuple(deck), least, hole)


@functools.cache
def _hand(cards: frozenset[int]) -> tuple[int, ...]:
    return best(tuple(cards))


@functools.cache
def _plain_values(deck: tuple[int, ...], least: tuple[int, ...], hole: tuple[int, int]
                  ) -> dict[int, Fraction]:
    def net(play: int, blind: int, results: dict[tuple[bool, int], int]) -> int:
        """Ante, Blind (``blind``: its pay in half units) and a Play of ``play`` Antes over
        the dealer's hands, in half Antes, by (the dealer qualifies, the player's hand
        compared: 1 higher, 0 equal, -1 lower)."""
        value = 0
        for (qualifies, compared), count in results.items():
            if compared > 0:
                value += count * (2 * (1 if qualifies else 0) + blind + 2 * play)
            elif compared < 0:
                value -= count * (2 * (1 if qualifies else 0) + 2 + 2 * play)
        return value

    rest = [c for c in deck if c not in hole]
    sums = {4: 0, 3: 0, 0: 0}
    for flop in itertools.combinations(rest, 3):
        after = [c for c in rest if c not in flop]
        bet_2x = river = 0
        for later in itertools.combinations(after, 2):
            mine = _hand(frozenset((*hole, *flop, *later)))
            blind = int(2 * BLIND.get(9 if mine[0] == 8 and mine[1] == 12 else mine[0],
                                      Fraction(0)))
            left = [c for c in after if c not in later]
            results: dict[tuple[bool, int], int] = {}
            for dealer in itertools.combinations(left, 2):
                theirs = _hand(frozenset((*dealer, *flop, *later)))
                key = (theirs >= least, (mine > theirs) - (mine < theirs))
                results[key] = results.get(key, 0) + 1
            for play in (4, 3):
                sums[play] += net(play, blind, results)
            bet_2x += net(2, blind, results)
            river += max(-4 * sum(results.values()), net(1, blind, results))
        sums[0] += max(bet_2x, river)
    return {play: Fraction(value, 2) for play, value in sums.items()}


def holes_of(ranks: list[int], name: str) -> list[tuple[int, int]]:
    """Every holding of a deck of these ranks in the class ``name`` (``"KK"``, ``"AQs"``)."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    return [hole for hole in itertools.combinations(deck, 2)
            if class_name(int(holding_classes(np.array([hole]))[0])) == name]


def file_strategy(path: Path | None = None, text: str = "",
                  tmp_path: Path | None = None) -> GameFileStrategy:
    kind = board_strategy_kind(read_board_file(GAME))
    if path is None:
        assert tmp_path is not None
        path = tmp_path / "strategy.toml"
        path.write_text(text)
    strategy = kind.resolve(str(path))
    assert isinstance(strategy, GameFileStrategy)
    return strategy


def test_the_wizard_chart_is_the_published_chart() -> None:
    # docs/references.md section 4 (Wizard of Odds): 4x with pairs 3-3 up; suited A2+, K2+,
    # Q6+, J8+; offsuit A2+, K5+, Q8+, J-T: 69 classes, 500 hands; check the rest
    chart = ({r * 2 for r in "3456789TJQKA"} | {f"A{r}s" for r in "23456789TJQK"}
             | {f"K{r}s" for r in "23456789TJQ"} | {f"Q{r}s" for r in "6789TJ"}
             | {f"J{r}s" for r in "89T"} | {f"A{r}o" for r in "23456789TJQK"}
             | {f"K{r}o" for r in "56789TJQ"} | {f"Q{r}o" for r in "89TJ"} | {"JTo"})
    game = read_board_file(GAME)
    rules = preflop_rules(file_strategy(WIZARD))
    assert rules is not None
    choice, _ = rule_choices(game, rules)
    options = [option.name for option in game.decisions[0].options]
    four = {class_name(k) for k in range(169) if options[choice[k]] == "bet-4x"}
    assert four == chart
    assert {options[o] for o in choice} == {"bet-4x", "check"}
    sizes = Counter(holding_classes(np.array(list(itertools.combinations(range(52), 2)))))
    assert len(four) == 69
    assert sum(sizes[k] for k in range(169) if class_name(k) in four) == 500


def test_three_ranks_departures_against_a_plain_enumeration(tmp_path: Path) -> None:
    solution = solve_board_game(read_board_file(GAME), ranks=RANKS)
    strategy = file_strategy(text=THREE_RANKS_FILE, tmp_path=tmp_path)
    comparison, played = board_compare(strategy, solution, "main")
    cycle = 66 * DEALS_PER_HOLDING
    assert played.cycle == cycle
    # each departing class's cost: its holdings' plain values, the solve's play (a check)
    # against the file's
    costs = {}
    for name, play in (("KQs", 4), ("AQs", 3)):
        holes = holes_of(RANKS, name)
        values = [plain_values(RANKS, WEAKEST, hole) for hole in holes]
        assert all(max(v.values()) == v[0] > v[play] for v in values)
        costs[name] = (sum(v[0] - v[play] for v in values) / cycle,
                       Fraction(len(holes) * DEALS_PER_HOLDING, cycle))
    found = {d.situation: (d.cost, d.frequency, d.played, d.optimal)
             for d in comparison.departures}
    assert found == {
        "rule 1: bet-3x with the hands A-Q suited": (*costs["AQs"], "bet-3x", "check"),
        "rule 2: bet-4x with the hands K-Q suited": (*costs["KQs"], "bet-4x", "check"),
    }
    assert comparison.optimal_return == solution.player_return
    assert comparison.strategy_return == solution.player_return - sum(
        cost for cost, _ in costs.values())
    # the forward count follows the file's play before the flop
    lines = played.lines
    assert lines["bet-3x"] == 4 * DEALS_PER_HOLDING
    assert lines["bet-4x"] == (4 + 6 + 4 + 12) * DEALS_PER_HOLDING      # KQs, AA, AKs, AKo
    assert sum(lines.values()) == cycle


@pytest.mark.slow
def test_three_ranks_whole_return_against_a_plain_enumeration(tmp_path: Path) -> None:
    # every holding enumerated plainly (about 2 s): the file's return is the sum of the
    # values of the plays its rules take
    solution = solve_board_game(read_board_file(GAME), ranks=RANKS)
    _, played = board_compare(file_strategy(text=THREE_RANKS_FILE, tmp_path=tmp_path),
                              solution, "main")
    deck = [rank * 4 + suit for rank in RANKS for suit in range(4)]
    plays = {"KQs": 4, "AA": 4, "AKs": 4, "AKo": 4, "AQs": 3}
    total = Fraction(0)
    for hole in itertools.combinations(deck, 2):
        name = class_name(int(holding_classes(np.array([hole]))[0]))
        total += plain_values(RANKS, WEAKEST, hole)[plays.get(name, 0)]
    assert played.player_return == total / (66 * DEALS_PER_HOLDING)


def test_rules_for_a_later_decision_are_refused(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "flop.toml"
    path.write_text('name = "flop"\n[flop]\notherwise = "check"\n')
    assert main(["table", str(GAME), "--strategy", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("edge: error:") and err.count("\n") == 1
    assert "[flop]" in err and "not supported yet" in err


def test_the_commands_with_a_file_on_three_ranks(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(board, "solve_board_game",
                        functools.partial(board.solve_board_game, ranks=RANKS))
    path = tmp_path / "three-ranks.toml"
    path.write_text(THREE_RANKS_FILE)
    # a copy of the example: the game edge keeps for a path (with its solves, here on three
    # ranks) is then not the one a full-deck test of the same process reads
    game = tmp_path / GAME.name
    game.write_text(GAME.read_text())
    optimal = analyze(str(game))
    table = analyze(str(game), options={"strategy": str(path)})
    solution = solve_board_game(read_board_file(GAME), ranks=RANKS)
    comparison, _ = board_compare(file_strategy(path), solution, "main")
    assert table.expected_return == comparison.strategy_return < optimal.expected_return
    assert dict(table.decisions)["bet-3x"] == 4 * DEALS_PER_HOLDING
    assert main(["strategy", str(game), "--compare", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data
    assert main(["strategy", str(game), "--strategy", str(path), "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["preflop"]["KQs"] == "bet-4x" and shown["preflop"]["AQs"] == "bet-3x"
    played = simulate(str(game), hands=3000, seed=3, jobs=1, options={"strategy": str(path)})
    assert played.agrees


def check_the_full_deck(solution: BoardSolution) -> tuple[StrategyComparison, ...]:
    """The Wizard's chart and the pairs-and-aces file priced on the full deck's solve (run by
    tests/test_uth_file.py's full-deck test, which makes that solve once)."""
    from edge.games import RunSettings, get_game
    from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
    from edge.games.ultimate_texas_holdem.solve import main_bet
    from edge.games.ultimate_texas_holdem.solve.solver import CYCLE
    from edge.games.ultimate_texas_holdem.strategy.language import HOLDING_CLASSES
    wizard, played = board_compare(file_strategy(WIZARD), solution, "main")
    assert wizard.departures == ()
    assert wizard.total_cost == 0
    # edge's built-in solver's exact return (test_uth_file.py; 2.185%, Wizard of Odds)
    assert wizard.strategy_return == wizard.optimal_return == Fraction(-50643648973,
                                                                       2317817502000)
    assert played.lines == solution.lines
    # pairs and aces: 4x with 2-2 too, check the chart's kings, queens and jacks; the built-in
    # solver's values of 4x and check for every holding (a separate program, disk cache)
    uth = get_game("uth")
    table, rules = uth.bet("main").paytable(None), uth.make_rules()
    assert table is not None and isinstance(rules, UltimateTexasHoldemRules)
    built = main_bet.solve_main(table, rules, RunSettings())
    four, _, checking = built.line_values()
    departing = {name for name in main_bet.PRACTICAL_FOUR_X
                 if name[0] in "KQJ" and name[0] != name[1]} | {"22"}
    lost = sum(int(checking[h] - four[h]) if name == "22" else int(four[h] - checking[h])
               for h, name in enumerate(HOLDING_CLASSES) if name in departing)
    comparison, played = board_compare(file_strategy(PAIRS_AND_ACES), solution, "main")
    assert comparison.total_cost == Fraction(lost, CYCLE * built.settlement.scale) > 0
    assert played.player_return == comparison.strategy_return
    assert {d.situation for d in comparison.departures} == {"rule 1: bet-4x with a pair",
                                                            "otherwise check"}
    return wizard, comparison
