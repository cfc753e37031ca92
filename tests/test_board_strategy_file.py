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
import os
import random
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.bets import _showdown
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
    later_rules,
    preflop_rules,
    rule_choices,
)
from edge.decisions.holdem_features import Feature, holding_features
from edge.decisions.strategy_file import GameFileStrategy
from edge.games import analyze
from edge.simulation import simulate
from edge.strategies import StrategyComparison, catalog_of
from tests.test_uth_file import BLIND, GAME, card
from tests.test_uth_strategies import (  # a plain best-five ranking, plain features
    best,
    hand_category,
    plain_features,
)

STRATEGIES = Path(__file__).resolve().parent.parent / "examples" / "strategies"
WIZARD = STRATEGIES / "uth-file-wizard-preflop.toml"
WIZARD_PRACTICAL = STRATEGIES / "uth-file-wizard-practical.toml"
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


def three_ranks_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
                     ) -> tuple[Path, Path]:
    """The game file solved on three ranks for the commands, and a strategy file of this
    text: a copy of the example, so that the game edge keeps for a path (with its solves,
    here on three ranks) is not the one a full-deck test of the same process reads."""
    monkeypatch.setattr(board, "solve_board_game",
                        functools.partial(board.solve_board_game, ranks=RANKS))
    path = tmp_path / "strategy.toml"
    path.write_text(text)
    game = tmp_path / GAME.name
    game.write_text(GAME.read_text())
    return game, path


def test_the_commands_with_a_file_on_three_ranks(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    game, path = three_ranks_game(tmp_path, monkeypatch, THREE_RANKS_FILE)
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


# --- rules for the flop and the river ------------------------------------------------------

# on three ranks (queens to aces) every hand is two pair or better on the flop and three of a
# kind or better on the river: rules on the made hand, whether a hole card makes it, the hole
# cards and the dealer outs (unseen cards that with the board alone beat the player)
LATER_FILE = """name = "later-rules"
[preflop]
otherwise = "check"
rules = [{ action = "bet-4x", pair = "A" }]

[flop]
otherwise = "check"
rules = [
    { action = "check", pocket_pair = true, high_card = "Q" },
    { action = "bet-2x", hand_min = "full-house" },
    { action = "bet-2x", hidden = true, high_card = "A" },
]

[river]
otherwise = "fold"
rules = [
    { action = "bet-1x", hidden = true, suited = false },
    { action = "bet-1x", dealer_outs_below = 2 },
]
"""
FULL_HOUSE, HIGH_CARD_QUEEN, HIGH_CARD_ACE = 6, 10, 12


def plain_later_features(hole: tuple[int, int], board: tuple[int, ...],
                         deck: tuple[int, ...]) -> dict[str, int]:
    """The features the rules of LATER_FILE read, by their definitions (docs/strategies.md):
    the class of the best five of all cards and of the board alone (three flop cards: three
    of a kind, a pair or high card), the hole cards, and on the river the unseen cards of
    the deck (none of the player's) that give the board and it a better hand than his."""
    cards = hole + board
    hand = _category(frozenset(cards))
    ranks = Counter(c >> 2 for c in board)
    board_hand = ({3: 3, 2: 1}.get(max(ranks.values()), 0) if len(board) == 3
                  else _category(frozenset(board)))
    found = {"hand": hand, "hidden": int(hand > board_hand),
             "pocket_pair": int(hole[0] >> 2 == hole[1] >> 2),
             "high_card": max(hole[0] >> 2, hole[1] >> 2),
             "suited": int(hole[0] & 3 == hole[1] & 3)}
    if len(board) == 5:
        mine = _hand(frozenset(cards))
        found["dealer_outs"] = sum(1 for c in deck if c not in cards
                                   and _hand(frozenset((*board, c))) > mine)
    return found


@functools.cache
def _category(cards: frozenset[int]) -> int:
    """0 high card .. 9 royal flush."""
    return hand_category(tuple(cards))


def plain_flop_play(seen: dict[str, int]) -> tuple[int, int]:
    """LATER_FILE's flop: (1 bet 2x | 0 check, the deciding rule: 3 none)."""
    if seen["pocket_pair"] and seen["high_card"] == HIGH_CARD_QUEEN:
        return 0, 0
    if seen["hand"] >= FULL_HOUSE:
        return 1, 1
    if seen["hidden"] and seen["high_card"] == HIGH_CARD_ACE:
        return 1, 2
    return 0, 3


def plain_river_play(seen: dict[str, int]) -> tuple[int, int]:
    """LATER_FILE's river: (1 bet 1x | 0 fold, the deciding rule: 2 none)."""
    if seen["hidden"] and not seen["suited"]:
        return 1, 0
    if seen["dealer_outs"] < 2:
        return 1, 1
    return 0, 2


@functools.cache
def plain_checked(ranks: tuple[int, ...], weakest: str, hole: tuple[int, int]
                  ) -> tuple[Fraction, dict[tuple[str, int], tuple[Fraction, int]]]:
    """One holding checked before the flop, LATER_FILE's flop and river played, every deal
    enumerated: its value (summed over its deals, per Ante), and each flop and river rule's
    departures from the best option (ties to the smaller wager), later decisions played best:
    (decision, rule) -> (value lost, deals)."""
    deck = tuple(rank * 4 + suit for rank in ranks for suit in range(4))
    least = best(tuple(card(text) for text in weakest.split()))
    rest = [c for c in deck if c not in hole]
    total = 0                                    # in half Antes
    lost: dict[tuple[str, int], list[int]] = {}

    def depart(key: tuple[str, int], gap: int, deals: int) -> None:
        entry = lost.setdefault(key, [0, 0])
        entry[0] += gap
        entry[1] += deals

    for flop in itertools.combinations(rest, 3):
        after = [c for c in rest if c not in flop]
        bet_2x = best_river = ruled_river = 0
        river_lost: list[tuple[int, int, int]] = []
        for later in itertools.combinations(after, 2):
            board_cards = (*flop, *later)
            mine = _hand(frozenset((*hole, *board_cards)))
            blind = int(2 * BLIND.get(9 if mine[0] == 8 and mine[1] == 12 else mine[0], 0))
            left = [c for c in after if c not in later]
            values = {2: 0, 1: 0}                # a Play of 2 or 1 Antes, in half Antes
            dealers = 0
            for dealer in itertools.combinations(left, 2):
                theirs = _hand(frozenset((*dealer, *board_cards)))
                ante = 2 if theirs >= least else 0
                for play in values:
                    values[play] += (ante + blind + 2 * play if mine > theirs else
                                     -(ante + 2 + 2 * play) if mine < theirs else 0)
                dealers += 1
            fold = -4 * dealers
            bet_2x += values[2]
            top = max(fold, values[1])
            best_river += top
            action, rule = plain_river_play(plain_later_features(hole, board_cards, deck))
            chosen = values[1] if action else fold
            ruled_river += chosen
            river_lost.append((rule, top - chosen,
                               dealers if action != (values[1] > fold) else 0))
        action, rule = plain_flop_play(plain_later_features(hole, flop, deck))
        taken = best_river if action == 0 else bet_2x
        completions = len(after) * (len(after) - 1) // 2 * _dealers(len(after))
        depart(("flop", rule), max(bet_2x, best_river) - taken,
               completions if action != (bet_2x > best_river) else 0)
        if action == 0:
            for river_rule, gap, deals in river_lost:
                depart(("river", river_rule), gap, deals)
        total += bet_2x if action else ruled_river
    return Fraction(total, 2), {key: (Fraction(value, 2), deals)
                                for key, (value, deals) in lost.items()}


def _dealers(after: int) -> int:
    """The dealer's hands after each turn and river, from ``after`` cards left."""
    return (after - 2) * (after - 3) // 2


def later_strategy() -> GameFileStrategy:
    """LATER_FILE read as the game file's strategy."""
    kind = board_strategy_kind(read_board_file(GAME))
    strategy = catalog_of(kind).read(LATER_FILE, "later-rules.toml", None)
    assert isinstance(strategy, GameFileStrategy)
    return strategy


@functools.cache
def later_solution(ranks: tuple[int, ...]) -> BoardSolution:
    """The solve on a deck of these ranks given LATER_FILE's flop and river rules."""
    return solve_board_game(read_board_file(GAME), ranks=list(ranks),
                            plan=later_rules(later_strategy()))


@pytest.mark.kernels
def test_flop_and_river_rules_of_one_class_against_a_plain_enumeration() -> None:
    # K-Q suited (four holdings) checks before the flop: its value under the file's flop and
    # river, and what each rule's departures lose, summed over its deals, counted plainly
    solution = later_solution(tuple(RANKS))
    planned = solution.planned
    assert planned is not None
    scale = planned.counts.pays.scale
    # (a holding's suits renamed deal it the same: one holding counted, times four)
    holes = holes_of(RANKS, "KQs")
    klass = int(holding_classes(np.array([holes[0]]))[0])
    plain, departures = plain_checked(tuple(RANKS), WEAKEST, holes[0])
    value = plain * len(holes)
    lost = {key: (amount * len(holes), deals * len(holes))
            for key, (amount, deals) in departures.items()}
    check = 0                                  # the option before the flop: check
    assert Fraction(int(planned.counts.values[check][klass]), scale) == value
    decisions = {"flop": 1, "river": 2}
    found = {(name, rule): (Fraction(int(planned.lost[check][d, rule, 0][klass]), scale),
                            int(planned.lost[check][d, rule, 1][klass]))
             for name, d in decisions.items() for rule in range(4 if name == "flop" else 3)}
    assert {key: entry for key, entry in found.items() if entry != (Fraction(0), 0)} == {
        key: entry for key, entry in lost.items() if entry != (Fraction(0), 0)}
    assert any(amount > 0 for amount, _ in lost.values())


@pytest.mark.slow
def test_flop_and_river_rules_against_a_plain_enumeration() -> None:
    # every holding class enumerated plainly (about 2 s): the file's exact return, and each
    # rule's cost (the file's play before a decision, the best play from it on) and how often
    # it departs
    solution = later_solution(tuple(RANKS))
    comparison, played = board_compare(later_strategy(), solution, "main")
    deck = [rank * 4 + suit for rank in RANKS for suit in range(4)]
    cycle = 66 * DEALS_PER_HOLDING
    total = Fraction(0)
    costs: dict[str, Fraction] = {}
    deals: dict[str, int] = {}
    # one holding of each class counted (its suits renamed deal the same), times its size
    by_class = Counter(class_name(int(holding_classes(np.array([hole]))[0]))
                       for hole in itertools.combinations(deck, 2))
    for name, size in by_class.items():
        hole = holes_of(RANKS, name)[0]
        values = plain_values(RANKS, WEAKEST, hole)
        if name == "AA":                       # the file's rule: 4x with aces
            total += size * values[4]
            if values[4] < max(values.values()):
                costs["preflop rule 1"] = costs.get("preflop rule 1", Fraction(0)) + size * (
                    max(values.values()) - values[4])
            continue
        plain, departures = plain_checked(tuple(RANKS), WEAKEST, hole)
        total += size * plain
        if max(values.values()) > values[0]:   # the solve does not check
            key = "preflop otherwise"
            costs[key] = costs.get(key, Fraction(0)) + size * (max(values.values()) - values[0])
            deals[key] = deals.get(key, 0) + size * DEALS_PER_HOLDING
        for (decision, rule), (amount, count) in departures.items():
            last = rule == (3 if decision == "flop" else 2)
            key = f"{decision} {'otherwise' if last else f'rule {rule + 1}'}"
            costs[key] = costs.get(key, Fraction(0)) + size * amount
            deals[key] = deals.get(key, 0) + size * count
    assert played.player_return == comparison.strategy_return == total / cycle
    found = {f"{d.stage} {d.situation.split(':')[0].removesuffix(' ' + d.played)}":
             (d.cost, d.frequency)
             for d in comparison.departures}
    assert found == {key: (cost / cycle, Fraction(deals.get(key, 0), cycle))
                     for key, cost in costs.items() if cost or deals.get(key)}
    assert comparison.total_cost == comparison.optimal_return - comparison.strategy_return


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("EDGE_FILE_FULL") != "1",
                    reason="a full solve of the game file with the strategy's flop and river "
                           "rules (minutes of one core): EDGE_FILE_FULL=1 runs it")
def test_the_wizard_practical_file_gives_the_built_in_return(
        capsys: pytest.CaptureFixture[str]) -> None:
    # the Wizard of Odds' practical strategy (chart, flop and river rules) written as a file on
    # the game file gives exactly the return of edge's built-in game under its built-in
    # wizard-practical (a separate program: its own kernels and features); the Wizard
    # publishes 2.43% (docs/references.md section 4)
    started = time.process_time()
    built_in = analyze("ultimate-texas-holdem", "main", options={"strategy": "wizard-practical"})
    middle = time.process_time()
    strategy = file_strategy(WIZARD_PRACTICAL)
    solution = solve_board_game(read_board_file(GAME), plan=later_rules(strategy))
    comparison, played = board_compare(strategy, solution, "main")
    print(f"built-in {middle - started:.0f} s, file {time.process_time() - middle:.0f} s of "
          f"one core; {comparison.strategy_return} = {float(comparison.strategy_return):.6%}, "
          f"cost {comparison.total_cost}")
    for departure in comparison.departures:
        print(f"  {departure.stage}: {departure.situation}: {departure.cost} "
              f"({float(departure.cost):.4%}), {float(departure.frequency):.4%} of rounds")
    assert comparison.strategy_return == played.player_return == built_in.expected_return
    assert Fraction(2425, 100000) <= -comparison.strategy_return < Fraction(2435, 100000)
    assert comparison.optimal_return == Fraction(-50643648973, 2317817502000)
    theirs = dict(built_in.decisions)
    assert played.lines["bet-4x"] == theirs["preflop 4x"]
    assert played.lines["check, bet-2x"] == theirs["check, flop 2x"]
    assert played.lines["check, check, bet-1x"] == theirs["check, check, river 1x"]
    assert played.lines["check, check, fold"] == theirs["check, check, river fold"]
    # the chart is the optimal preflop play: every cost is the flop's and the river's, rule
    # by rule the built-in's own pricing of its departures (its kernels, its own grouping)
    capsys.readouterr()
    assert main(["strategy", "ultimate-texas-holdem", "--compare", "wizard-practical",
                 "--format", "json"]) == 0
    priced = json.loads(capsys.readouterr().out)["departures"]

    def rule(stage: str, situation: str) -> tuple[str, str]:
        words = situation.split(":")[0]
        return stage, ("otherwise" if words.startswith(("otherwise", "no rule")) else words)
    assert {rule(d.stage, d.situation): (d.cost, d.frequency)
            for d in comparison.departures} == {
        rule(d["stage"], d["situation"]): (Fraction(d["cost"]), Fraction(d["frequency"]))
        for d in priced}


@pytest.mark.parametrize(("hole", "on_board", "expected"), [
    # (overcards, three_flush, board_suited), read off the cards by hand
    ("As Kh", "2s 7s 9d", (2, 1, 2)),           # three spades with the ace; A and K over 9
    ("9s 8s", "Ts 2h 3d", (0, 2, 1)),           # three spades with both hole cards
    ("Ah Kh", "2s 7s 9s", (2, 0, 3)),           # the three spades are the board's own
    ("As 8s", "Ks 2s 3d", (1, 0, 2)),           # four spades: a flush draw, not three
    ("Qd Qc", "Jd 4d 4h 9c Tc", (2, 1, 2)),     # a pocket pair above the board; river
    ("2c 3h", "Ac Kc Qh Jh 5s", (0, 1, 2)),     # two suits held three times: the most
    ("Ah 2c", "3s 5s 7s 9s Js", (1, 0, 5)),     # a flush on the board
])
def test_the_features_of_game_files_on_written_deals(hole: str, on_board: str,
                                                     expected: tuple[int, int, int]) -> None:
    held = tuple(card(text) for text in hole.split())
    cards = tuple(card(text) for text in on_board.split())
    found = holding_features(np.array([held]), cards)[0]
    assert (found[Feature.OVERCARDS], found[Feature.THREE_FLUSH],
            found[Feature.BOARD_SUITED]) == expected
    assert list(found) == plain_features((held[0], held[1]), cards)
    if len(cards) == 5:
        assert _showdown.river_features(held, cards) == list(found)


@pytest.mark.kernels
def test_the_features_of_game_files_against_plain_python_on_sampled_deals() -> None:
    # the three features only game files read, on 600 flops and 600 whole boards: numpy's
    # (the flop cells and rules) and the board kernel's (the river rules) against the plain
    # definitions of docs/strategies.md; every value of each comes up (but a board of five of
    # one suit, one deal in 500: written above)
    rng = random.Random(2026)
    seen: dict[Feature, set[int]] = {f: set() for f in (Feature.OVERCARDS, Feature.THREE_FLUSH,
                                                        Feature.BOARD_SUITED)}
    for size in (3, 5):
        deals = [rng.sample(range(52), size + 2) for _ in range(600)]
        holes = np.array([deal[:2] for deal in deals])
        for deal, hole in zip(deals, holes, strict=True):
            plain = plain_features((deal[0], deal[1]), tuple(deal[2:]))
            assert list(holding_features(hole[np.newaxis], deal[2:])[0]) == plain
            if size == 5:
                assert _showdown.river_features(deal[:2], deal[2:]) == plain
            for feature, values in seen.items():
                values.add(plain[feature])
    assert seen == {Feature.OVERCARDS: {0, 1, 2}, Feature.THREE_FLUSH: {0, 1, 2},
                    Feature.BOARD_SUITED: {1, 2, 3, 4}}


@pytest.mark.kernels
def test_the_river_features_of_the_kernel_against_plain_python() -> None:
    # random whole boards of the full deck: the board kernel's features (as its rules read
    # them) and edge.decisions.holdem_features' (the flop rules') against each feature's plain
    # definition (tests/test_uth_strategies.py, docs/strategies.md); random flops for the flop
    rng = random.Random(36)
    for trial in range(36):
        size = 5 if trial % 3 else 3
        cards = rng.sample(range(52), size + 2)
        hole, on_board = (cards[0], cards[1]), tuple(cards[2:])
        plain = plain_features(hole, on_board)
        assert list(holding_features(np.array([hole]), on_board)[0]) == plain
        if size == 5:
            assert _showdown.river_features(hole, on_board) == plain
    # the dealer outs on a deck of four ranks: its unseen cards only
    ranks = [9, 10, 11, 12]
    deck = tuple(rank * 4 + suit for rank in ranks for suit in range(4))
    for _ in range(20):
        cards = rng.sample(deck, 7)
        hole, on_board = (cards[0], cards[1]), tuple(cards[2:])
        values = _showdown.river_features(hole, on_board, ranks)
        mine = _hand(frozenset(cards))
        sixes = [_hand(frozenset((*on_board, c))) for c in deck if c not in cards]
        outs, ties = sum(six > mine for six in sixes), sum(six == mine for six in sixes)
        assert values[Feature.DEALER_OUTS] == outs
        assert values[Feature.DEALER_OUTS_WITH_TIES] == outs + ties
        assert values[Feature.DEALER_OUTS_HALF_TIES] == 2 * outs + ties
        assert list(holding_features(np.array([hole]), on_board, deck)[0]) == values


@pytest.mark.parametrize(("table", "entry", "message"), [
    ('[flop]\notherwise = "check"\nrules = [{ action = "bet-2x", dealer_outs_below = 21 }]',
     "[flop] rule 1", "is a river feature"),
    ('[river]\notherwise = "fold"\nrules = [{ action = "bet-1x", flush_drawx = true }]',
     "[river] rule 1", "unknown feature 'flush_drawx'"),
    ('[river]\notherwise = "fold"\nrules = [{ action = "bet-1x", versus_dealer = "ahead" }]',
     "[river] rule 1 versus_dealer", "dealer's cards"),
    ('[flop]\notherwise = "check"\nrules = [{ action = "bet-4x", hidden = true }]',
     "[flop] rule 1 action", "not an option of flop"),
    ('[river]\notherwise = "fold"\nrules = [{ action = "bet-1x", hidden = true, '
     'count_ties = "half" }]', "[river] rule 1 count_ties", "with a dealer_outs condition"),
    ('[flop]\notherwise = "check"\nrules = [{ action = "bet-2x", hand_min = "tw-pair" }]',
     "[flop] rule 1", "'hand_min' cannot be 'tw-pair'"),
])
def test_bad_flop_and_river_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                  table: str, entry: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(f'name = "bad"\n{table}\n')
    assert main(["table", str(GAME), "--strategy", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("edge: error:") and err.count("\n") == 1
    assert "bad.toml" in err and entry in err and message in err


def test_the_commands_with_flop_and_river_rules(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    game, path = three_ranks_game(tmp_path, monkeypatch, LATER_FILE)
    table = analyze(str(game), options={"strategy": str(path)})
    comparison, played = board_compare(later_strategy(), later_solution(tuple(RANKS)), "main")
    assert table.expected_return == comparison.strategy_return
    assert dict(table.decisions) == played.lines
    assert main(["strategy", str(game), "--strategy", str(path), "--format", "json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["river"] == ["bet-1x when a hole card lifts his hand above the board's kind of "
                              "hand and his hole cards are offsuit",
                              "bet-1x when fewer than 2 unseen cards beat him", "otherwise fold"]
    assert shown["flop"][-1] == "otherwise check"


@pytest.mark.slow
def test_the_simulator_plays_flop_and_river_rules(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    # the file's flop (through the flop of its class) and river (the board kernel with the
    # rules) played on random deals of three ranks, each row against the exact table (2 s)
    game, path = three_ranks_game(tmp_path, monkeypatch, LATER_FILE)
    simulated = simulate(str(game), hands=3000, seed=5, jobs=1,
                         options={"strategy": str(path)})
    assert simulated.agrees
