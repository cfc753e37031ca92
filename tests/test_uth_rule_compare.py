"""``edge strategy ultimate-texas-holdem --set seen=S --compare FILE`` for a strategy with its
own flop and river rules (issue 34, section 4; exposure/rule_compare.py): the cost against
perfect use of what is seen, in exact parts that add up to it.

On made-up solves (every state's values made up, tests/uth_exposure_fake.py) each part is
checked against a plain sum written here, state by state: the preflop part over the rule's
chart (its classes named here), the later parts over the checking values; with both dealer
cards seen the count is made-up rows through rule_two's own lines, and the river part of E.
Jacobson's rule with a river tie folded is the made-up tied deals reaching the river, each
worth the fold (a tie played pushes: the river's perfect play with both dealer cards seen).
The whole figures (full solves in the cache, ``EDGE_PUBLISHED_CACHE``) are the slow test's.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import os
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge.games.ultimate_texas_holdem.exposure import rule_compare, rule_two
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen
from edge.games.ultimate_texas_holdem.solve import main_bet as uth
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy
from edge.paytables import PayTable
from edge.table import ReturnTable, Row
from tests.conftest import CliRunner
from tests.uth_exposure_fake import ahead, fake_solution

IntArray = npt.NDArray[np.int64]
ROOT = Path(__file__).resolve().parent.parent
SETTLE = solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "ante-push")
WIZARD = UthStrategy.resolve("wizard-practical")
OPTIMAL_FLOP = UthStrategy.resolve(str(ROOT / "examples/strategies/uth-wizard-optimal-flop.toml"))
PLAYED = ROOT / "examples/strategies/uth-jacobson-easiest-river-ties-played.toml"
FOLDED = ROOT / "examples/strategies/uth-jacobson-easiest-river-ties-folded.toml"
RANKS = "23456789TJQKA"
COLUMN = {0: 0, 3: 1, 4: 2}


def plain_class(a: int, b: int) -> str:
    """Two cards' preflop class, higher rank first: ``AA``, ``AKs``, ``AKo``."""
    high, low = sorted((a >> 2, b >> 2), reverse=True)
    if high == low:
        return RANKS[high] * 2
    return RANKS[high] + RANKS[low] + ("s" if a % 4 == b % 4 else "o")


def made_up(seen: Seen, seed: int) -> ExposedSolution:
    """A made-up solve of a one-card scenario with made-up values, the choice the best."""
    solution = fake_solution(SETTLE, seen)
    values = np.random.default_rng(seed).integers(-10**9, 10**9, size=(len(solution.choice), 3))
    choice = np.array([0, 3, 4], dtype=np.int8)[np.argmax(values, axis=1)]
    return dataclasses.replace(solution, values=values.astype(np.int64), choice=choice)


def plain_sum(solution: ExposedSolution, plays: list[int], checking: list[int]) -> int:
    """The weighted sum over the states of each play's value, a check worth ``checking``."""
    total = 0
    for weight, values, play, check in zip(solution.state_weight.tolist(),
                                           solution.values.tolist(), plays, checking,
                                           strict=True):
        total += weight * (check if play == 0 else values[COLUMN[play]])
    return total


def chart_plays(strategy: UthStrategy, solution: ExposedSolution) -> list[int]:
    chart = strategy.preflop
    return [chart[plain_class(a, b)] for a, b, *_ in solution.state_cards.tolist()]


def by_strategy(whole: UthStrategy, found: dict[str, IntArray],
                table: Callable[[IntArray], Fraction]) -> rule_compare.Checking:
    """Made-up checking values by strategy: the whole rule's, and the in-between strategy's
    (flop or river played perfectly); ``table`` the return `edge table` would print."""
    def checking(strategy: UthStrategy) -> tuple[IntArray, Fraction]:
        key = ("whole" if strategy == whole else "flop" if strategy.flop.optimal
               else "river")
        values = found[key]
        return values, table(values)
    return checking


def parts(seen: Seen, strategy: UthStrategy, order: list[str]) -> None:
    """The parts on a made-up solve against plain sums; ``order`` the later parts' streets."""
    solution = made_up(seen, 5)
    rng = np.random.default_rng(9)
    found = {key: rng.integers(-10**9, 10**9, size=len(solution.choice)).astype(np.int64)
             for key in ("whole", "flop", "river")}
    plays = chart_plays(strategy, solution)
    unit = solution.cycle * SETTLE.scale

    def table(values: IntArray) -> Fraction:
        return Fraction(plain_sum(solution, plays, values.tolist()), unit)

    compared = rule_compare.compare(strategy, solution, by_strategy(strategy, found, table),
                                    "uth")
    v0 = sum(w * max(v) for w, v in zip(solution.state_weight.tolist(),
                                        solution.values.tolist(), strict=True))
    v1 = plain_sum(solution, plays, solution.values[:, 0].tolist())
    v3 = plain_sum(solution, plays, found["whole"].tolist())
    expected = [("preflop", v0 - v1)]
    if len(order) == 2:     # the in-between strategy plays the other street perfectly
        middle = found["flop" if order[0] == "river" else "river"]
        v2 = plain_sum(solution, plays, middle.tolist())
        expected += [(order[0], v1 - v2), (order[1], v2 - v3)]
    else:
        expected.append((order[0], v1 - v3))
    assert [(part.name, part.cost) for part in compared.parts] == [
        (name, Fraction(cost, unit)) for name, cost in expected]
    assert compared.total_cost == compared.difference == Fraction(v0 - v3, unit)
    assert compared.strategy_return == Fraction(v3, unit)
    assert compared.departures_cost == Fraction(v0 - v1, unit)
    assert sum(d.frequency for d in compared.departures) == Fraction(
        sum(w for w, p, c in zip(solution.state_weight.tolist(), plays,
                                 solution.choice.tolist(), strict=True) if p != c),
        int(solution.state_weight.sum()))


@pytest.mark.slow       # seconds (the plain run keeps the flop-card order and the refusal)
def test_a_dealer_card_seen_takes_the_river_first() -> None:
    parts(Seen.DEALER_1, WIZARD, ["river", "flop"])


def test_flop_cards_seen_take_the_flop_first() -> None:
    parts(Seen.FLOP_1, WIZARD, ["flop", "river"])


@pytest.mark.slow       # seconds (the plain run keeps the flop-card order and the refusal)
def test_a_perfect_flop_leaves_the_river_alone() -> None:
    parts(Seen.DEALER_1, OPTIMAL_FLOP, ["river"])


def test_parts_that_do_not_add_up_to_the_table_are_refused() -> None:
    solution = made_up(Seen.DEALER_1, 5)
    found = {key: np.zeros(len(solution.choice), dtype=np.int64)
             for key in ("whole", "flop", "river")}
    checking = by_strategy(WIZARD, found, lambda _: Fraction(1, 3))
    with pytest.raises(AssertionError, match="its table 1/3"):
        rule_compare.compare(WIZARD, solution, checking, "uth")


def test_the_in_between_strategies() -> None:
    for seen in (Seen.DEALER_1, Seen.DEALER_1_FLOP_1):
        middle, first = rule_compare.between(WIZARD, seen) or (WIZARD, "")
        assert first == "river" and middle.flop.optimal and middle.river == WIZARD.river
    for seen in (Seen.DEALER_2, Seen.FLOP_2, Seen.DEALER_1_TURN_RIVER_1):
        middle, first = rule_compare.between(WIZARD, seen) or (WIZARD, "")
        assert first == "flop" and middle.river.optimal and middle.flop == WIZARD.flop
    assert rule_compare.between(OPTIMAL_FLOP, Seen.DEALER_1) is None


# --- both dealer cards seen: made-up rows through rule_two's lines ----------------------------

HALF = 17296 * 990 // 2         # a state's deals, half bet 2x and won, half checked and tied


def made_up_rows() -> IntArray:
    """Rows of a whole count, made up: every state's deals half bet 2x on the flop and won
    against a qualifying dealer below a straight, half checked and tied."""
    from edge.games.ultimate_texas_holdem.exposure import dealer_two
    table = dealer_two.states()
    assert dealer_two.DEALS_PER_STATE == 2 * HALF
    rows = np.zeros((len(table.weight), 36), dtype=np.int64)
    rows[:, solver.WIN_QUALIFIED[0]] = table.weight * HALF
    rows[:, 17 + solver.TIE] = table.weight * HALF
    rows[:, 34] = table.weight * 17296 // 2
    return rows


def made_up_count(strategy: UthStrategy, settle: solver.Settlement, ties_larger: bool,
                  **_: object) -> rule_two.RuleSolution:
    """``rule_two.solve_rule`` on the made-up rows (standard pays, ties the smaller)."""
    assert settle == SETTLE and not ties_larger
    return _counted(strategy)


@functools.cache
def _counted(strategy: UthStrategy) -> rule_two.RuleSolution:
    return rule_two.rule_solution(strategy, made_up_rows(), SETTLE, False)


def checking_of(tie: int) -> int:
    """A state's checking value under the made-up rows, a river tie worth ``tie``."""
    return HALF * (int(SETTLE.array()[2][solver.WIN_QUALIFIED[0]]) + tie)


@functools.cache
def perfect_two() -> ExposedSolution:
    """A made-up dealer-2 solve on the count's states: 4x and 3x as counted; checking worth
    1,000 to 6,000 more than the rule's (a tie played) where the rule checks, and 1 less than
    4x in every 1,009th state and where the rule bets 4x (so perfect play departs from the
    rule's preflop there)."""
    own = made_up_count(UthStrategy.resolve(str(PLAYED)), SETTLE, False).solution
    cards = own.state_cards.astype(np.int64)
    values = own.values.copy()
    values[:, 0] = np.maximum(values[:, 0], values[:, 2] + 1) + (cards.sum(axis=1) % 6) * 1000
    lower = ahead(*cards.T) | (np.arange(len(cards)) % 1009 == 0)
    values[lower, 0] = values[lower, 2] - 1
    choice = solver.best_preflop(values[:, 2], values[:, 1], values[:, 0], False)
    return dataclasses.replace(own, values=values, choice=choice)


@pytest.mark.slow       # every state of the dealer-2 count, one by one (seconds)
def test_both_dealer_cards_seen_against_plain_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules

    monkeypatch.setattr(rule_two, "solve_rule", made_up_count)
    perfect = perfect_two()
    cards = perfect.state_cards.astype(np.int64)
    states = list(zip(perfect.state_weight.tolist(), perfect.values.tolist(),
                      ahead(*cards.T).tolist(), strict=True))
    unit = perfect.cycle * SETTLE.scale
    played, folded = checking_of(0), checking_of(SETTLE.fold)
    v0 = sum(w * max(v) for w, v, _ in states)
    v1 = sum(w * (v[2] if a else v[0]) for w, v, a in states)
    v2 = sum(w * (v[2] if a else played) for w, v, a in states)
    for path, check in ((PLAYED, played), (FOLDED, folded)):
        strategy = UthStrategy.resolve(str(path))
        rules = UltimateTexasHoldemRules(strategy=strategy, seen=Seen.DEALER_2)
        compared = rule_compare.compare(
            strategy, perfect, rule_compare.checking_of(
                uth.BLIND_PRESETS["standard"], rules, perfect, RunSettings(jobs=1)), "uth")
        v3 = sum(w * (v[2] if a else check) for w, v, a in states)
        assert [(part.name, part.cost) for part in compared.parts] == [
            ("preflop", Fraction(v0 - v1, unit)), ("flop", Fraction(v1 - v2, unit)),
            ("river", Fraction(v2 - v3, unit))]
        assert compared.parts[0].cost > 0 and compared.parts[1].cost > 0
        assert (compared.parts[2].cost == 0) == (path == PLAYED)
        assert compared.strategy_return == Fraction(v3, unit)
        assert compared.total_cost == compared.difference == Fraction(v0 - v3, unit)


def made_up_dealt(paytable: PayTable) -> ReturnTable:
    return ReturnTable("ultimate-texas-holdem", "main", (Row("made up", Fraction(-1, 50), 50),),
                       paytable, {}, initial_wager=Fraction(1), basis="Ante")


@pytest.mark.slow       # seconds (the plain run keeps the flop-card order and the refusal)
def test_the_command_line_prints_the_parts(monkeypatch: pytest.MonkeyPatch,
                                           edge_cli: CliRunner) -> None:
    """``edge strategy --compare`` prints the parts (the made-up count and solve above), and
    their total is the cost ``edge table`` prints for the same strategy."""
    import edge.games.ultimate_texas_holdem as package
    from edge.games.ultimate_texas_holdem.exposure import main_bet as exposure_main

    perfect = perfect_two()
    monkeypatch.setattr(rule_two, "solve_rule", made_up_count)
    monkeypatch.setattr(exposure_main, "solve_exposure", lambda *_: perfect)
    monkeypatch.setattr(package, "main_table", lambda paytable, *_: made_up_dealt(paytable))
    result = edge_cli("strategy", "ultimate-texas-holdem", "--set", "seen=dealer-2",
                      "--compare", str(FOLDED), "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert [part["part"] for part in data["parts"]] == ["preflop", "flop", "river"]
    # the river part: the rule's checked states' ties folded where perfect play pushes
    checked = ~ahead(*perfect.state_cards.astype(np.int64).T)
    river = int(perfect.state_weight[checked].sum()) * (checking_of(0) - checking_of(SETTLE.fold))
    assert Fraction(data["parts"][2]["cost"]) == Fraction(river, perfect.cycle * SETTLE.scale)
    total = sum(Fraction(part["cost"]) for part in data["parts"])
    assert total == Fraction(data["total_cost"]) == Fraction(
        data["optimal_return"]) - Fraction(data["strategy_return"]) > 0
    result = edge_cli("table", "ultimate-texas-holdem", "--set", "seen=dealer-2",
                      "--strategy", str(FOLDED))
    assert result.status == 0, result.err
    words = " ".join(result.out.split())
    assert f"per Ante (exactly {data['total_cost']})" in words
    result = edge_cli("strategy", "ultimate-texas-holdem", "--set", "seen=dealer-2",
                      "--compare", str(FOLDED))
    words = " ".join(result.out.split())
    assert "in parts that add up to it exactly" in words
    assert "its river rules after its preflop and flop rules" in words


# --- the full solves and counts (in a cache) -------------------------------------------------

def full_comparison(seen: str, strategy: str, monkeypatch: pytest.MonkeyPatch
                    ) -> tuple[dict[str, Fraction], Fraction]:
    """The parts and the cost `edge table` prints, from the cache of ``EDGE_PUBLISHED_CACHE``
    (minutes for a count not yet there)."""
    folder = os.environ.get("EDGE_PUBLISHED_CACHE")
    if not folder:
        pytest.skip("EDGE_PUBLISHED_CACHE names no cache of the full solves")
    monkeypatch.setenv("EDGE_CACHE_DIR", folder)
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem import GAME
    from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
    paytable = GAME.bet("main").paytable(None)
    rules = UltimateTexasHoldemRules(strategy=UthStrategy.resolve(strategy), seen=Seen(seen))
    wager = GAME.wager(paytable, rules, RunSettings())
    compared = GAME.bet("main").comparison(wager)
    assert compared is not None
    table = GAME.bet("main").table(wager)
    cost = compared.optimal_return - table.expected_return
    return {part.name: part.cost for part in compared.parts}, cost


@pytest.mark.slow
def test_full_jacobson_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    """E. Jacobson's rule with both dealer cards seen: the preflop part is his preflop step
    alone with perfect later play (jacobson-ahead), the river part 0 with a tie played (the
    river's perfect play), and the two readings differ by their river parts only."""
    from edge.games.ultimate_texas_holdem.exposure import players
    from edge.games.ultimate_texas_holdem.exposure.main_bet import solve_exposure
    played, played_cost = full_comparison("dealer-2", str(PLAYED), monkeypatch)
    folded, folded_cost = full_comparison("dealer-2", str(FOLDED), monkeypatch)
    assert sum(played.values()) == played_cost and sum(folded.values()) == folded_cost
    assert played["river"] == 0 and folded["river"] > 0
    assert played["preflop"] == folded["preflop"] and played["flop"] == folded["flop"]
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
    rules = UltimateTexasHoldemRules(seen=Seen.DEALER_2)
    solution = solve_exposure(uth.BLIND_PRESETS["standard"], rules, RunSettings())
    assert played["preflop"] == players.evaluate(UthStrategy.resolve("jacobson-ahead"),
                                                 solution).cost


@pytest.mark.slow
def test_full_wizard_parts_with_a_dealer_card_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """``wizard-practical`` with a dealer card seen: the preflop part is its chart with perfect
    later play (players.evaluate), and the preflop and river parts together are the cost
    ``edge table`` prints for the same chart and river with the flop played perfectly
    (uth-wizard-optimal-flop.toml). About half an hour of processor time for the flop sweep
    when it is not in the cache."""
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem.exposure import players
    from edge.games.ultimate_texas_holdem.exposure.main_bet import solve_exposure
    from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
    from edge.games.ultimate_texas_holdem.strategy.language import Street, StreetPlan
    found, cost = full_comparison("dealer-1", "wizard-practical", monkeypatch)
    assert list(found) == ["preflop", "river", "flop"] and sum(found.values()) == cost
    _, middle = full_comparison("dealer-1", str(ROOT / "examples/strategies/"
                                                  "uth-wizard-optimal-flop.toml"), monkeypatch)
    assert found["preflop"] + found["river"] == middle
    chart = dataclasses.replace(WIZARD, flop=StreetPlan(Street.FLOP, optimal=True),
                                river=StreetPlan(Street.RIVER, optimal=True))
    solution = solve_exposure(uth.BLIND_PRESETS["standard"],
                              UltimateTexasHoldemRules(seen=Seen.DEALER_1), RunSettings())
    assert found["preflop"] == players.evaluate(chart, solution).cost


@pytest.mark.slow       # seconds (the plain run keeps the flop-card order and the refusal)
def test_under_a_dealer_card_the_counts_come_from_rule_exposed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``checking_of`` under ``dealer-1`` asks rule_exposed for the whole rule and for the
    flop played perfectly with its river (made-up values here), and its table return is the
    rule's value on those states."""
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem.exposure import rule_exposed
    from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules

    solution = made_up(Seen.DEALER_1, 5)
    asked: list[UthStrategy] = []

    def made_up_checking(strategy: UthStrategy, perfect: ExposedSolution,
                         **_: object) -> IntArray:
        assert perfect is solution
        asked.append(strategy)
        return (solution.values[:, 0] - 1000 * len(asked)).astype(np.int64)

    monkeypatch.setattr(rule_exposed, "checking_values", made_up_checking)
    rules = UltimateTexasHoldemRules(strategy=WIZARD, seen=Seen.DEALER_1)
    compared = rule_compare.compare(WIZARD, solution, rule_compare.checking_of(
        uth.BLIND_PRESETS["standard"], rules, solution, RunSettings(jobs=1)), "uth")
    assert [(s.flop.optimal, s.river.optimal) for s in asked] == [(False, False), (True, False)]
    plays = chart_plays(WIZARD, solution)
    checked = sum(w for w, p in zip(solution.state_weight.tolist(), plays, strict=True) if p == 0)
    unit = solution.cycle * SETTLE.scale
    assert [(part.name, part.cost) for part in compared.parts][1:] == [
        ("river", Fraction(2000 * checked, unit)), ("flop", Fraction(-1000 * checked, unit))]


@pytest.mark.slow
def test_full_wizard_parts_with_a_flop_card_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    """``wizard-practical`` with a flop card seen: its preflop part is its chart with perfect
    later play (players.evaluate on the flop-1 solve), the flop part taken first, and the parts
    add up to the cost ``edge table`` prints."""
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem.exposure import players
    from edge.games.ultimate_texas_holdem.exposure.main_bet import solve_exposure
    from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
    from edge.games.ultimate_texas_holdem.strategy.language import Street, StreetPlan
    found, cost = full_comparison("flop-1", "wizard-practical", monkeypatch)
    assert list(found) == ["preflop", "flop", "river"] and sum(found.values()) == cost
    assert all(part > 0 for part in found.values())
    chart = dataclasses.replace(WIZARD, flop=StreetPlan(Street.FLOP, optimal=True),
                                river=StreetPlan(Street.RIVER, optimal=True))
    solution = solve_exposure(uth.BLIND_PRESETS["standard"],
                              UltimateTexasHoldemRules(seen=Seen.FLOP_1), RunSettings())
    assert found["preflop"] == players.evaluate(chart, solution).cost
