"""Realistic advantage players at Ultimate Texas Hold'em (issue 27 part 2): a preflop rule that
may name the seen dealer card(s), the flop and river played optimally given what is seen, valued
exactly from the exposure's per-state values (edge/games/ultimate_texas_holdem/exposure/
players.py).

Independent checks: the rules are decided here by plain Python written from their words, state
by state, and summed by a plain loop (never calling the code under test); the optimal "rule"
must give the solve's own return exactly; a rule ignoring the seen card takes the chart's
choice of the game as dealt; with the full solves in a cache (``EDGE_PUBLISHED_CACHE``, as
tests/test_uth_exposure_one.py), the optimal return is the published 13.5922% (E. Jacobson,
888casino blog) and "always 4x" seeing a dealer card is exactly the game as dealt's always-4x
return, from the unexposed solver (nothing is decided after a 4x raise).
"""

from __future__ import annotations

import dataclasses
import itertools
import os
from fractions import Fraction

import numpy as np
import pytest

from edge.errors import EdgeError, StrategyError
from edge.games import RunSettings, get_game
from edge.games.ultimate_texas_holdem.exposure import dealer_one as one
from edge.games.ultimate_texas_holdem.exposure import dealer_two as two
from edge.games.ultimate_texas_holdem.exposure import players
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen, UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.simulation.exposure import exposed_simulator
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.solve.main_bet import main_table
from edge.games.ultimate_texas_holdem.strategy import seen as seen_rules
from edge.games.ultimate_texas_holdem.strategy.language import (
    OPTIMAL,
    UthStrategy,
    holding_class,
    parse_text,
)
from edge.paytables import PayTable
from tests.conftest import CliRunner
from tests.uth_exposure_fake import ahead, fake_solution, fake_two_card_solution

GAME = get_game("ultimate-texas-holdem")
_TABLE = GAME.bet("main").paytable(None)
assert _TABLE is not None
STANDARD: PayTable = _TABLE
SETTLE = solver.settlement(STANDARD.as_dict())
LATER = '[flop]\nplay = "optimal"\n[river]\nplay = "optimal"\n'


def strategy(preflop: str, name: str = "rule") -> UthStrategy:
    return parse_text(f'description = "a test rule"\n{LATER}[preflop]\n{preflop}',
                      f"{name}.toml")


def with_values(solution: ExposedSolution, seed: int) -> ExposedSolution:
    """The made-up solve with made-up values of check, 3x, 4x per state, and the choice the
    best of them (the smaller wager on a tie)."""
    rng = np.random.default_rng(seed)
    values = rng.integers(-10**9, 10**9, size=(len(solution.choice), 3)).astype(np.int64)
    best = np.argmax(values, axis=1)
    choice = np.array([0, 3, 4], dtype=np.int8)[best]
    return dataclasses.replace(solution, values=values, choice=choice)


# --- the language --------------------------------------------------------------------------

def test_rules_naming_nothing_seen_are_folded_into_the_chart() -> None:
    rule = strategy('raise_4x = ["AKo"]\n[[preflop.rules]]\npocket_pair = true\n'
                    'action = "4x"\n[[preflop.rules]]\nhigh_card = "K"\nsuited = true\n'
                    'action = "3x"\n')
    assert rule.preflop_rules == () and rule.needs_seen == 0
    chart = rule.preflop
    assert chart["22"] == chart["AA"] == 4 and chart["AKo"] == 4 and chart["AKs"] == 0
    assert chart["KQs"] == chart["K2s"] == 3 and chart["KQo"] == 0


@pytest.mark.parametrize(("text", "message"), [
    ('[[preflop.rules]]\ndealer_card = "Z"\naction = "4x"\n', "'Z' is not a rank"),
    ('[[preflop.rules]]\ndealer_colour = "red"\naction = "4x"\n', "unknown preflop feature"),
    ('[[preflop.rules]]\nahead = true\naction = "5x"\n', "action is 4x, 3x or check"),
    ('[[preflop.rules]]\ndealer_card_vs = "under"\naction = "4x"\n', "choose from below"),
    ('[[preflop.rules]]\ndealer_card_min = ["2", "3"]\naction = "4x"\n', "one rank"),
])
def test_bad_preflop_rules_are_refused(text: str, message: str) -> None:
    with pytest.raises(StrategyError, match=message):
        strategy(text)


def test_a_rule_needs_what_it_names_seen() -> None:
    simple = UthStrategy.resolve("dealer-card-simple")
    with pytest.raises(EdgeError, match="needs one dealer card seen"):
        UltimateTexasHoldemRules(strategy=simple)
    with pytest.raises(EdgeError, match="not seen=dealer-2"):
        UltimateTexasHoldemRules(strategy=simple, seen=Seen.DEALER_2)
    with pytest.raises(EdgeError, match="needs both dealer cards seen"):
        UltimateTexasHoldemRules(strategy=UthStrategy.resolve("jacobson-ahead"),
                                 seen=Seen.DEALER_1)
    # its own flop and river rules are counted with a card seen (tests/test_uth_rule_exposed.py)
    UltimateTexasHoldemRules(strategy=UthStrategy.resolve("wizard-practical"), seen=Seen.DEALER_1)
    UltimateTexasHoldemRules(strategy=simple, seen=Seen.DEALER_1_FLOP_1)     # accepted
    UltimateTexasHoldemRules(strategy=UthStrategy.resolve("always-4x"), seen=Seen.DEALER_2)


def test_the_command_line_refuses_in_one_line(edge_cli: CliRunner) -> None:
    result = edge_cli("table", "uth", "--strategy", "jacobson-ahead")
    assert result.status == 2
    assert result.err.startswith("edge: error: strategy=jacobson-ahead names the seen dealer "
                                 "cards") and result.err.count("\n") == 1


# --- the features and decisions, against plain ones ----------------------------------------

def plain_versus(hole: tuple[int, int], dealer: int) -> str:
    """Where the dealer card's rank falls against the player's two ranks, in words."""
    high, low, rank = max(hole) >> 2, min(hole) >> 2, dealer >> 2
    if rank < low:
        return "below"
    if rank > high:
        return "above"
    if rank == high:
        return "pairs-high"
    return "pairs-low" if rank == low else "between"


def test_one_dealer_card_features_on_every_state() -> None:
    rows = np.array([(a, b, d) for a, b in itertools.combinations(range(52), 2)
                     for d in range(52) if d not in (a, b)], dtype=np.int64)
    values = seen_rules.features(rows, 1)
    words = [seen_rules.VERSUS[v] for v in values["dealer_card_vs"].tolist()]
    assert words == [plain_versus((int(a), int(b)), int(d)) for a, b, d in rows]
    assert values["dealer_card"].tolist() == (rows[:, 2] // 4).tolist()
    shared = [int(d % 4 in (a % 4, b % 4)) for a, b, d in rows.tolist()]
    assert values["dealer_card_suited"].tolist() == shared
    assert "ahead" not in values


def test_two_dealer_cards_ahead_is_the_fakes_plain_order() -> None:
    rows = fake_two_card_solution(SETTLE).state_cards.astype(np.int64)[::97]
    values = seen_rules.features(rows, 2)
    assert values["ahead"].tolist() == ahead(*rows.T).astype(int).tolist()
    assert values["dealer_pair"].tolist() == [int(c // 4 == d // 4) for c, d in rows[:, 2:]]


def simple_rule(hole: tuple[int, int], dealer: int) -> int:
    """dealer-card-simple from its words: 4x with any pair, with both hole cards above the
    dealer card, or with an ace unless the dealer card is an ace; else check."""
    ranks, rank = sorted(c >> 2 for c in hole), dealer >> 2
    if ranks[0] == ranks[1] or rank < ranks[0] or (ranks[1] == 12 and rank != 12):
        return 4
    return 0


def test_a_rule_is_valued_state_by_state() -> None:
    solution = with_values(fake_solution(SETTLE), 5)
    value = players.evaluate(UthStrategy.resolve("dealer-card-simple"), solution)
    total = 0
    for row, weight, values in zip(solution.state_cards.tolist(),
                                   solution.state_weight.tolist(), solution.values.tolist(),
                                   strict=True):
        play = simple_rule((row[0], row[1]), row[2])
        total += weight * values[{0: 0, 3: 1, 4: 2}[play]]
    assert value.total == total
    assert value.expected_return == Fraction(total, solution.cycle * SETTLE.scale)


def test_the_optimal_rule_gives_the_solves_own_return() -> None:
    solution = with_values(fake_solution(SETTLE), 7)
    best = int((solution.state_weight * solution.values.max(axis=1)).sum())
    for rule in (OPTIMAL, strategy('play = "optimal"')):
        value = players.evaluate(rule, solution)
        assert value.total == value.optimal_total == best and value.cost == 0
    comparison = players.comparison(players.evaluate(OPTIMAL, solution), "uth")
    assert comparison.departures == ()


@pytest.mark.slow       # every state of two made-up solutions, one by one (seconds)
def test_a_rule_ignoring_the_seen_card_takes_the_dealt_chart() -> None:
    """The Wizard's chart with informed later streets: each state's choice is the chart's for
    its two cards, whatever is seen, and its value the sum of those choices' values."""
    chart = UthStrategy.resolve("wizard-practical").preflop
    text = 'raise_4x = ["33+", "A2+", "K2s+", "K5o+", "Q6s+", "Q8o+", "J8s+", "JTo"]\n'
    rule = strategy(text, "chart")
    for solution in (with_values(fake_solution(SETTLE), 3),
                     with_values(fake_two_card_solution(SETTLE), 4)):
        cards = solution.state_cards.tolist()
        expected = [chart[holding_class(a, b)] for a, b, *_ in cards]
        value = players.evaluate(rule, solution)
        assert value.choice.tolist() == expected
        column = {0: 0, 3: 1, 4: 2}
        assert value.total == sum(w * v[column[c]] for w, v, c in zip(
            solution.state_weight.tolist(), solution.values.tolist(), expected, strict=True))


def test_the_costs_of_the_departures_add_up_to_the_difference() -> None:
    solution = with_values(fake_solution(SETTLE), 11)
    value = players.evaluate(UthStrategy.resolve("dealer-card-below-high"), solution)
    comparison = players.comparison(value, "uth")
    assert comparison.total_cost == comparison.difference == value.cost > 0
    assert sum(d.frequency for d in comparison.departures) == Fraction(
        int(solution.state_weight[value.choice != solution.choice].sum()),
        int(solution.state_weight.sum()))


def test_with_both_dealer_cards_seen_departures_say_ahead_or_not() -> None:
    full = with_values(fake_two_card_solution(SETTLE), 17)
    part = slice(None, None, 101)           # a sample of the states keeps it quick
    solution = dataclasses.replace(
        full, state_cards=full.state_cards[part], state_weight=full.state_weight[part],
        choice=full.choice[part], values=full.values[part])
    rule = UthStrategy.resolve("jacobson-ahead")
    choice = players.rule_choice(rule, solution)
    total = int((solution.state_weight * players.line_values(solution, choice)).sum())
    best = int((solution.state_weight * solution.values.max(axis=1)).sum())
    comparison = players.comparison(players.PlayerValue(rule, solution, choice, total, best),
                                    "uth")
    assert comparison.total_cost == comparison.difference > 0
    for departure in comparison.departures:
        name, _, where = departure.situation.partition(", ")
        assert where in ("ahead", "not ahead")
        assert departure.played == ("4x" if where == "ahead" else "check")


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_the_rule_table_keeps_only_exact_figures() -> None:
    solution = with_values(fake_solution(SETTLE), 13)
    value = players.evaluate(UthStrategy.resolve("dealer-card-simple"), solution)
    unexposed = main_table(STANDARD, UltimateTexasHoldemRules(strategy=UthStrategy.resolve(
        "always-4x")), {}, RunSettings(jobs=1), "uth")
    table = players.rule_table(value, STANDARD, {"seen": "dealer-1"}, "uth", unexposed)
    assert table.cycle == solution.cycle and table.expected_return == value.expected_return
    assert [name for name, _ in table.summary()] == ["cycle", "expected_return", "house_edge"]
    assert "variance" not in table.to_dict()


# --- the full solves (in a cache) ------------------------------------------------------------

def cached(scenario: Seen, monkeypatch: pytest.MonkeyPatch) -> ExposedSolution:
    folder = os.environ.get("EDGE_PUBLISHED_CACHE")
    if not folder:
        pytest.skip("EDGE_PUBLISHED_CACHE names no cache of the full solves")
    monkeypatch.setenv("EDGE_CACHE_DIR", folder)
    if scenario is Seen.DEALER_2:
        rows = two._load_rows(two._entry(SETTLE, False))    # noqa: SLF001
        solution = None if rows is None else two.solution_from_rows(rows, SETTLE, False)
    else:
        solution = one.ExposedCache(scenario, SETTLE, False).load_solution()
    if solution is None:
        pytest.skip(f"seen={scenario} is not solved in {folder}")
    return solution


def test_full_dealer_one_optimal_and_always_4x(monkeypatch: pytest.MonkeyPatch) -> None:
    solution = cached(Seen.DEALER_1, monkeypatch)
    optimal = players.evaluate(OPTIMAL, solution)
    assert f"{float(optimal.expected_return) * 100:.4f}" == "13.5922"    # E. Jacobson
    always = players.evaluate(UthStrategy.resolve("always-4x"), solution)
    dealt = main_table(STANDARD, UltimateTexasHoldemRules(strategy=UthStrategy.resolve(
        "always-4x")), {}, RunSettings(jobs=1), "uth")
    assert always.expected_return == dealt.expected_return
    for name in ("dealer-card-simple", "dealer-card-below-high"):
        value = players.evaluate(UthStrategy.resolve(name), solution)
        assert value.cost > 0 and value.expected_return > always.expected_return


def test_full_dealer_two_ahead_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    solution = cached(Seen.DEALER_2, monkeypatch)
    value = players.evaluate(UthStrategy.resolve("jacobson-ahead"), solution)
    assert f"{float(value.optimal_return) * 100:.4f}" == "38.5816"      # E. Jacobson
    cards = solution.state_cards.astype(np.int64)
    assert (value.choice == 4).tolist() == ahead(*cards.T).tolist()
    assert 0 < value.cost < value.optimal_return


def test_full_dealer_two_ahead_rule_by_simulation(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rule's exact return against a simulation that plays its preflop choice and the exact
    informed flop and river decisions on the spot (the kernel checked against a plain
    enumeration in test_uth_exposure_play.py), settling each hand from the rules: within four
    standard errors."""
    solution = cached(Seen.DEALER_2, monkeypatch)
    rule = UthStrategy.resolve("jacobson-ahead")
    value = players.evaluate(rule, solution)
    rules = UltimateTexasHoldemRules(strategy=rule, seen=Seen.DEALER_2)
    simulator = exposed_simulator(
        dataclasses.replace(solution, choice=players.rule_choice(rule, solution)), STANDARD,
        rules, RunSettings(jobs=1))
    _, net = simulator.play(np.random.default_rng(27), 200_000)
    mean = float(net.mean()) / simulator.scale
    error = float(net.std()) / simulator.scale / np.sqrt(len(net))
    assert abs(mean - float(value.expected_return)) < 4 * error


def test_a_rule_is_not_simulated_outcome_by_outcome() -> None:
    rules = UltimateTexasHoldemRules(strategy=UthStrategy.resolve("always-4x"),
                                     seen=Seen.DEALER_2)
    with pytest.raises(EdgeError, match="has an exact return but no table of outcomes"):
        GAME.bet("main").simulator(GAME.wager(STANDARD, rules, RunSettings(jobs=1)))


def test_full_strategy_document_with_a_rule(edge_cli: CliRunner,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """`edge strategy --strategy RULE --set seen=dealer-2`: the exposed strategy, then the
    rule's departures from it (the game as dealt is solved with the optimal strategy: the rule
    means nothing there)."""
    cached(Seen.DEALER_2, monkeypatch)
    result = edge_cli("strategy", "uth", "--strategy", "jacobson-ahead", "--set",
                      "seen=dealer-2", "--jobs", "1")
    assert result.status == 0, result.err
    assert "The strategy jacobson-ahead against the optimal one" in result.out
    assert "22, ahead" in result.out
