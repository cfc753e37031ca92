"""Strategies as data (issue 15): the shared contract, Tri-Card Poker's raise rules and
Double-Hand Poker's setting rules.

Every named strategy reproduces its published house edge to the published precision; a fixed
rule equal to the optimal one returns exactly the optimal return; a comparison's departures
cost exactly the difference of the two exact returns; each rule's decisions are checked
against a plain reading of the rule here (from the cards, no kernel), and the simulation's own
reading of the rule agrees with the analysis's.
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.games import get_game
from edge.games.double_hand_poker import analysis as dh_analysis
from edge.games.double_hand_poker import simulation as dh_sim
from edge.games.double_hand_poker.rules import DoubleHandRules, SettingRule
from edge.games.three_card_poker import simulation as tc_sim
from edge.games.three_card_poker import strategy as tc_strategy
from edge.games.three_card_poker.pays import PRESETS
from edge.games.three_card_poker.rules import RaiseRule, ThreeCardRules
from edge.simulation import simulate
from edge.strategies import StrategyComparison
from edge.table import ReturnTable

from .conftest import CliRunner

ROOT = Path(__file__).resolve().parent.parent
HOUSE_WAY_PLUS = ROOT / "examples" / "strategies" / "double-hand-house-way-plus.toml"
RANKS = "23456789TJQKA"


def tri_card(bet: str, strategy: str, paytable: str = "3", **options: object) -> ReturnTable:
    game = get_game("three-card-poker")
    rules = game.make_rules({"strategy": strategy, **options})
    return game.analyze(bet, game.bet(bet).paytable(paytable), rules)


def published_precision(text: str) -> Fraction:
    """Half a unit of the last published digit: "3.45%" -> 0.005%."""
    digits = text.rstrip("%").partition(".")[2]
    scale = Fraction(1, 100) if text.endswith("%") else Fraction(1)
    return Fraction(1, 2 * 10 ** len(digits)) * scale


# --- named strategies and their published figures ----------------------------------------------

def test_every_named_strategy_has_its_source_and_figure() -> None:
    """Every named Tri-Card strategy reproduces its published house edge (Ante Bonus 5-4-1,
    J. Grochowski, "Three Card Poker Dissected"; docs/references.md section 2) to the published
    precision; the strategies the game always had keep their names."""
    assert RaiseRule.names() == ("optimal", "mimic", "q-6-4", "raise-all",
                                 "seen-dealer-1-jacobson", "seen-sorted-1")
    checked = 0
    for name in RaiseRule.names():
        rule = RaiseRule.resolve(name)
        if rule.is_optimal or rule.reads_seen:     # seen cards: tests/test_tricard_play.py
            continue
        assert rule.info.source and rule.info.published_house_edge is not None, name
        assert rule.info.published_bet == "ante"
        edge = tri_card(rule.info.published_bet, name).house_edge
        assert abs(edge - rule.info.published_house_edge) <= published_precision(
            rule.info.published_text), (name, float(edge))
        checked += 1
    assert checked == 3
    assert SettingRule.names() == ("optimal", "house-way", "house-way-seen")


def test_a_rule_equal_to_the_optimal_one_returns_exactly_the_optimal_return(
        tmp_path: Path) -> None:
    """Q-6-4 is the solve's decision for every hand with the standard pays: identical tables
    (every row's count), and a file asking for the solve is the optimal strategy."""
    optimal = tri_card("ante", "optimal")
    q64 = tri_card("ante", "q-6-4")
    assert q64.rows == optimal.rows and q64.decisions == optimal.decisions
    assert q64.house_edge == optimal.house_edge
    solved = tmp_path / "solved.toml"
    solved.write_text('play = "optimal"\n')
    assert tri_card("ante", str(solved)).rows == optimal.rows
    assert RaiseRule.resolve(str(solved)).is_optimal


def plain_raise(cards: tuple[int, ...], rule: dict[str, tuple[int, ...] | None]) -> bool:
    """A plain reading of a Tri-Card raise rule from three cards (rank = card // 4, suit =
    card % 4), written from docs/strategies.md: class by the rules of docs/rules.md section 2,
    then the deciding ranks high to low compared with the rule's weakest hand of the class."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    wheel = ranks == [12, 1, 0]
    straight = len(set(ranks)) == 3 and (ranks[0] - ranks[2] == 2 or wheel)
    if straight and flush:
        name, key = "straight-flush", [1 if wheel else ranks[0]]
    elif ranks[0] == ranks[2]:
        name, key = "three-of-a-kind", [ranks[0]]
    elif straight:
        name, key = "straight", [1 if wheel else ranks[0]]
    elif flush:
        name, key = "flush", ranks
    elif ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        kicker = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        name, key = "pair", [ranks[1], kicker]
    else:
        name, key = "high-card", ranks
    weakest = rule[name]
    return weakest is not None and tuple(key[:len(weakest)]) >= weakest


ALL: tuple[int, ...] = ()
CLASSES = ("high-card", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")


@pytest.mark.parametrize("name, rule", [
    ("mimic", {**dict.fromkeys(CLASSES, ALL), "high-card": (RANKS.index("Q"),)}),
    ("q-6-4", {**dict.fromkeys(CLASSES, ALL), "high-card": (10, 4, 2)}),
    ("raise-all", dict.fromkeys(CLASSES, ALL)),
])
def test_the_analysis_reads_each_rule_as_written(
        name: str, rule: dict[str, tuple[int, ...] | None]) -> None:
    """Every one of the 22,100 hands: the analysis's decision equals the plain reading, and so
    does the simulation's own reading (its table over ordered triples)."""
    solution = tc_strategy.solve(tc_strategy.ante_decision(PRESETS["ante"]["3"]),
                                 ThreeCardRules(strategy=name))  # type: ignore[arg-type]
    cards = [tuple(int(c) for c in hand) for hand in solution.hands.cards]
    plain = np.array([plain_raise(hand, rule) for hand in cards])
    assert (solution.raises == plain).all()
    table = tc_sim.rule_table(RaiseRule.resolve(name), tc_sim.strength_table(True))
    hands = solution.hands.cards.T
    for a, b, c in itertools.permutations(range(3)):
        assert (table[tc_sim.triple_key(hands[a], hands[b], hands[c])] == plain).all()


def test_a_per_class_file_and_its_readings(tmp_path: Path) -> None:
    """A [raise] table by hand class: pairs from 6-6 with a kicker of 4 up, high cards from
    K-x-x, flushes never; the plain reading, the analysis and the simulation agree."""
    path = tmp_path / "mine.toml"
    path.write_text('name = "mine"\n[raise]\nhigh-card = "K"\npair = "6-6-4"\nflush = "none"\n')
    rule = {**dict.fromkeys(CLASSES, ALL), "high-card": (11,), "pair": (4, 2), "flush": None}
    parsed = RaiseRule.resolve(str(path))
    solution = tc_strategy.solve(tc_strategy.ante_decision(PRESETS["ante"]["3"]),
                                 ThreeCardRules(strategy=parsed))
    plain = np.array([plain_raise(tuple(int(c) for c in hand), rule)
                      for hand in solution.hands.cards])
    assert (solution.raises == plain).all() and 0 < plain.sum() < len(plain)
    table = tc_sim.rule_table(parsed, tc_sim.strength_table(True))
    hands = solution.hands.cards.T
    assert (table[tc_sim.triple_key(hands[0], hands[1], hands[2])] == plain).all()


# --- the cost of each departure ------------------------------------------------------------------

def check_costs(comparison: StrategyComparison, optimal: ReturnTable,
                played: ReturnTable) -> None:
    """Departure costs add up exactly to the difference of the two tables' exact returns."""
    assert comparison.optimal_return == optimal.expected_return
    assert comparison.strategy_return == played.expected_return
    assert comparison.total_cost == played.house_edge - optimal.house_edge
    assert all(d.cost >= 0 and d.frequency > 0 for d in comparison.departures)
    costs = [d.cost for d in comparison.departures]
    assert costs == sorted(costs, reverse=True)


def test_mimic_departs_on_the_eight_queen_high_hands_below_q64() -> None:
    """Mimicking the dealer raises Q-6-3, Q-6-2, Q-5-x, Q-4-x and Q-3-2 (J. Grochowski, "Win
    More at Three Card Poker"): 8 rank sets x 60 non-flush suit choices = 480 hands."""
    game = get_game("three-card-poker")
    bet = game.bet("ante")
    comparison = bet.comparison(game.wager(bet.paytable("3"),
                                           game.make_rules({"strategy": "mimic"})))
    assert comparison is not None
    check_costs(comparison, tri_card("ante", "optimal"), tri_card("ante", "mimic"))
    assert comparison.departure_frequency == Fraction(8 * 60, 22100)
    assert {d.situation for d in comparison.departures} == {
        "Q-6-x high card", "Q-5-x high card", "Q-4-x high card", "Q-3-x high card"}
    assert all(d.played == "raise" and d.optimal == "fold" for d in comparison.departures)


def test_combined_wager_costs_equal_the_difference(tmp_path: Path) -> None:
    """Ante and Pair Plus (table 1, Pair Plus kept on a fold), a rule that folds too much
    (king-high or better): it departs by folding the queen-high hands from Q-6-4 up."""
    path = tmp_path / "k.toml"
    path.write_text('raise_from = "K-x-x"\n')
    game = get_game("three-card-poker")
    bet = game.bet("combined")
    rules = game.make_rules({"strategy": str(path), "fold_forfeits_pair_plus": "false"})
    comparison = bet.comparison(game.wager(bet.paytable("1"), rules))
    assert comparison is not None
    check_costs(comparison,
                tri_card("combined", "optimal", "1", fold_forfeits_pair_plus="false"),
                tri_card("combined", str(path), "1", fold_forfeits_pair_plus="false"))
    assert {d.played for d in comparison.departures} == {"fold"}
    assert comparison.departures[0].situation.startswith("Q-")


@pytest.mark.parametrize("strategy", ["house-way", str(HOUSE_WAY_PLUS)])
def test_double_hand_costs_equal_the_difference(strategy: str) -> None:
    game = get_game("double-hand-poker")
    bet = game.bet("main")
    rules = game.make_rules({"strategy": strategy})
    comparison = bet.comparison(game.wager(None, rules))
    assert comparison is not None
    played = game.analyze("main", None, rules)
    check_costs(comparison, game.analyze("main", None, game.make_rules()), played)


def test_double_hand_exceptions_read_alike_by_analysis_and_simulation() -> None:
    """The house way with exceptions: for every player deal the analysis's slot and the
    simulation's own reading (its own hands, splits and house way) give the same hands."""
    rule = SettingRule.resolve(str(HOUSE_WAY_PLUS))
    assert len(rule.exceptions) == 2
    counts = dh_analysis.setting_counts()
    slots = dh_analysis.chosen_slots(counts, rule, Fraction(1, 20))
    changed = 0
    for deal, slot in enumerate(slots.tolist()):
        setting = counts.setting(deal, slot)
        mine = (dh_sim.hand_strength(setting.front), dh_sim.hand_strength(setting.back))
        assert dh_sim.own_setting(counts.tiles(deal), rule) == mine, counts.tiles(deal)
        changed += slot != int(counts.house_slot[deal])
    assert changed > 0
    # the file's exceptions improve on the house way
    house = get_game("double-hand-poker").analyze("main", None, DoubleHandRules(
        strategy="house-way"))  # type: ignore[arg-type]
    plus = get_game("double-hand-poker").analyze("main", None, DoubleHandRules(strategy=rule))
    assert plus.house_edge < house.house_edge


# --- simulation plays the same strategy ---------------------------------------------------------

@pytest.mark.parametrize("game, bet, strategy", [
    ("three-card-poker", "ante", "mimic"),
    ("double-hand-poker", "main", str(HOUSE_WAY_PLUS)),
])
def test_the_simulation_plays_the_strategy(game: str, bet: str, strategy: str) -> None:
    result = simulate(game, bet, None, {"strategy": strategy}, hands=200_000, seed=15,
                      jobs=1)
    assert result.agrees


# --- files, errors and the command line ---------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ('raise_from = "Q-6-Z"', "raise_from: 'Q-6-Z' is not a hand: 'Z' is not a rank"),
    ('raise_from = "Q-6-4"\nplay = "optimal"', "give exactly one of"),
    ('[raise]\nhigh-cards = "Q"', "[raise]: unknown key 'high-cards'; the keys are: high-card"),
    ('raise_fron = "Q"', "unknown key 'raise_fron'"),
    ('raise_from = "Q-6-4"\npublished_house_edge = "lots"',
     "published_house_edge: published_house_edge='lots' is not a number"),
    ('game = "double-hand-poker"\nraise_from = "Q"', "game: this file is for"),
    ('raise_from = ', "not valid TOML"),
])
def test_bad_tri_card_files_name_the_entry(tmp_path: Path, edge_cli: CliRunner, text: str,
                                           message: str) -> None:
    path = tmp_path / "x.toml"
    path.write_text(text + "\n")
    result = edge_cli("table", "tcp", "--bet", "ante", "--strategy", str(path))
    assert result.status == 2
    error = result.err
    assert error.startswith("edge: error: strategy file 'x.toml'") and message in error
    assert error.count("\n") == 1


@pytest.mark.parametrize("text, message", [
    ('setting = "house way"', "setting: 'house way': choose optimal or house-way"),
    ('setting = "house-way"\n[[exception]]\nhouse_way = "pair / flush"\ntake = "pair / pair"',
     "[[exception]] 1 house_way: unknown hand level 'flush'"),
    ('setting = "optimal"\n[[exception]]\nhouse_way = "pair / pair"\ntake = "pair / pair"',
     "exceptions change the house way"),
    ('setting = "house-way"\n[[exception]]\nhouse_way = "pair / pair"\n'
     'take = "three of a kind / pair"', "the back hand must rank at least as high"),
])
def test_bad_double_hand_files_name_the_entry(tmp_path: Path, edge_cli: CliRunner, text: str,
                                              message: str) -> None:
    path = tmp_path / "x.toml"
    path.write_text(text + "\n")
    result = edge_cli("strategy", "double-hand-poker", "--compare", str(path))
    assert result.status == 2
    assert message in result.err


def test_cli_strategy_flags(edge_cli: CliRunner) -> None:
    """--strategy in table (the frequency of each decision shown), an unknown name, a game
    without decisions, the strategy given twice; --compare in every format."""
    table = edge_cli("table", "tcp", "--bet", "ante", "--strategy", "mimic")
    assert table.status == 0 and "strategy=mimic" in table.out
    assert "raise" in table.out
    unknown = edge_cli("table", "tcp", "--bet", "ante", "--strategy", "sometimes")
    assert unknown.status == 2 and "choose one of optimal, mimic" in unknown.err
    none = edge_cli("table", "triple-bet", "--strategy", "mimic")
    assert none.status == 2 and "no player decisions" in none.err
    twice = edge_cli("table", "tcp", "--strategy", "mimic", "--set", "strategy=raise-all")
    assert twice.status == 2 and "given twice" in twice.err
    compared = edge_cli("strategy", "tcp", "--bet", "ante", "--compare", "mimic",
                        "--format", "json")
    assert compared.status == 0
    data = json.loads(compared.out)
    assert Fraction(data["total_cost"]) == Fraction(data["optimal_return"]) - Fraction(
        data["strategy_return"]) > 0
    assert [d["situation"] for d in data["departures"]][0] == "Q-4-x high card"
    no_compare = edge_cli("strategy", "tcp", "--bet", "pair-plus", "--compare", "mimic")
    assert no_compare.status == 2


def test_the_report_shows_the_chosen_strategy_and_its_cost() -> None:
    """The report's strategy section on a strategy other than the optimal one: its rule, exact
    cost and largest departures, for each wager with decisions (here the Ante and combined)."""
    from edge.games import Analyses
    from edge.report import ReportContext, render
    from edge.report.sections import chosen_strategy_sections
    game = get_game("three-card-poker")
    rules = game.make_rules({"strategy": "mimic"})
    analyses = Analyses(game)
    paytables = {bet.name: bet.paytable(None) for bet in game.bets}
    tables = {name: analyses.table(name, table, rules) for name, table in paytables.items()}
    context = ReportContext(game, rules, paytables, tables, analyses)
    sections = chosen_strategy_sections(context)
    assert [s.title for s in sections] == [
        "The strategy mimic against the optimal one (ante)",
        "The strategy mimic against the optimal one (combined)"]
    from edge.document import Report
    text = render(Report("t", (), tuple(sections)), "markdown")
    assert "cost of the strategy" in text and "Q-4-x high card" in text
    # a report on the optimal strategy shows the game's practical strategy (Tri-Card: mimic;
    # Double-Hand: the house way)
    optimal = ReportContext(game, game.make_rules(), paytables, tables, analyses)
    assert [s.title for s in chosen_strategy_sections(optimal)] == [
        "The practical strategy mimic against the optimal one (ante)",
        "The practical strategy mimic against the optimal one (combined)"]
    double = get_game("double-hand-poker")
    plain = ReportContext(double, double.make_rules(), {"main": None}, {}, Analyses(double))
    assert [s.title for s in chosen_strategy_sections(plain)] == [
        "The practical strategy house-way against the optimal one (main)"]


def test_docs_strategy_example_is_real_output(repo_root: Path, edge_cli: CliRunner) -> None:
    """The Tri-Card comparison excerpt of docs/strategies.md is the command's own output, line
    for line."""
    readme = (repo_root / "docs" / "strategies.md").read_text(encoding="utf-8")
    command = "edge strategy three-card-poker --bet ante --compare mimic\n```\n\n```\n"
    start = readme.index(command) + len(command)
    excerpt = readme[start:readme.index("```", start)].strip().splitlines()
    result = edge_cli("strategy", "three-card-poker", "--bet", "ante", "--compare", "mimic")
    lines = result.out.splitlines()
    assert result.status == 0 and excerpt
    assert all(line in lines for line in excerpt if line), [
        line for line in excerpt if line and line not in lines]


def test_the_strategy_command_on_a_chosen_strategy_adds_its_cost(
        repo_root: Path, edge_cli: CliRunner) -> None:
    """``edge strategy GAME --strategy FILE`` shows that strategy's rule, exact cost and
    departures after the game's own strategy document (Double-Hand's document is about the
    house way and the optimal setting; without this it would not show the file at all)."""
    file = repo_root / "examples" / "strategies" / "double-hand-house-way-plus.toml"
    result = edge_cli("strategy", "double-hand-poker", "--strategy", str(file))
    assert result.status == 0, result.err
    assert "house edge, this strategy" in result.out and "cost of the strategy" in result.out
    table = edge_cli("table", "double-hand-poker", "--strategy", str(file), "--format", "json")
    house_edge = Fraction(json.loads(table.out)["house_edge"])
    assert f"({house_edge.numerator}/{house_edge.denominator})" in result.out
    optimal = edge_cli("strategy", "double-hand-poker")
    assert "house edge, this strategy" not in optimal.out
