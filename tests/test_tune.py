"""`edge tune`: candidate pay tables against a target house edge, and `--solve`.

Every printed candidate is checked against a fresh analysis (`edge table`) at the same pays;
the numpy scoring against a plain-Python brute force over every candidate of small grids;
every `--solve` value by re-analysing the game at it. A toy game with a player decision (and
numeric options, like Double-Hand Poker's `pays` and `commission`) covers the re-solved paths.
"""

from __future__ import annotations

import io
import itertools
import json
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest

from edge.cli import main
from edge.errors import EdgeError
from edge.games import Analyze, AnyGame, Bet, Game, Rules, RunSettings, all_games, get_game
from edge.options import option, options_dict
from edge.paytables import PayTable, make_paytable
from edge.table import ReturnTable, Row
from edge.tune import (
    Bounds,
    Candidate,
    LinearModel,
    Range,
    StderrReporter,
    TuneResult,
    build_model,
    linear_model,
    make_grid,
    make_setting,
    parse_bounds,
    parse_target,
    parse_vary,
    solve,
    tune,
)

F = Fraction
ONE = F(1)
ANY = Bounds()


# --- a toy game: two dice, a side bet without decisions and a duel with one ---------------------
@dataclass(frozen=True)
class ToyRules(Rules):
    """Options of the toy game (numeric, like Double-Hand Poker's `pays` and `commission`)."""

    jackpot: Fraction = option(F(10), "double six pays this on the side bet",
                               minimum=F(0), maximum=F(1000))
    commission: Fraction = option(F(1, 20), "taken from a duel win",
                                  minimum=F(0), maximum=F(1, 2))
    dice: int = option(6, "faces per die", minimum=2, maximum=12)


SIDE = ("seven", "pair")
DUEL = ("deuce",)
SIDE_TABLE = make_paytable("usual", {"seven": 1, "pair": 2}, SIDE)
DUEL_TABLE = make_paytable("usual", {"deuce": "5/2"}, DUEL)


def toy_side(pays: PayTable, rules: ToyRules) -> ReturnTable:
    """Two dice: a double top face pays the jackpot, other doubles `pair`, a seven `seven`."""
    top = rules.dice
    rows = {"jackpot": 0, "pair": 0, "seven": 0, "lose": 0}
    for a, b in itertools.product(range(1, top + 1), repeat=2):
        name = ("jackpot" if a == b == top else "pair" if a == b
                else "seven" if a + b == 7 else "lose")
        rows[name] += 1
    pay = {"jackpot": rules.jackpot, "pair": pays["pair"], "seven": pays["seven"], "lose": F(-1)}
    return ReturnTable("toy", "side", tuple(Row(n, pay[n], c) for n, c in rows.items() if c),
                       pays, options_dict(rules))


def toy_duel(pays: PayTable, rules: ToyRules) -> ReturnTable:
    """Player die against dealer die; seeing his die the player folds (-1) or plays 2 units.

    Playing: a higher die wins 2 less commission (plus `deuce` when his die is a 2), a tie or a
    lower die loses 2. He plays exactly when that is worth more than folding, so the pays and
    the commission move his strategy (the 2 plays once deuce > 2 + 2 * commission).
    """
    top = rules.dice
    win = 2 * (1 - rules.commission)
    counts = {"fold": 0, "win": 0, "deuce-win": 0, "tie": 0, "lose": 0}
    plays = 0
    for mine in range(1, top + 1):
        bonus = pays["deuce"] if mine == 2 else F(0)
        value = (mine - 1) * (win + bonus) - 2 - 2 * (top - mine)
        if value <= -top:                      # EV(play) * top <= EV(fold) * top: fold
            counts["fold"] += top
            continue
        plays += top
        counts["deuce-win" if mine == 2 else "win"] += mine - 1
        counts["tie"] += 1
        counts["lose"] += top - mine
    pay = {"fold": F(-1), "win": win, "deuce-win": win + pays["deuce"], "tie": F(-2),
           "lose": F(-2)}
    rows = tuple(Row(n, pay[n], c, F(1) if n == "fold" else F(2)) for n, c in counts.items() if c)
    return ReturnTable("toy", "duel", rows, pays, options_dict(rules),
                       decisions=(("play", plays), ("fold", top * top - plays)))


def toy_analyze(bet: str, pays: PayTable | None, rules: ToyRules, run: RunSettings) -> ReturnTable:
    if bet == "side":
        return toy_side(pays or SIDE_TABLE, rules)
    table = toy_duel(pays or DUEL_TABLE, rules)
    if bet == "hidden":      # the duel, its decisions not recorded: tune must notice anyway
        rows = tuple(Row(r.outcome, r.pays, r.combinations) for r in table.rows)
        return ReturnTable("toy", "hidden", rows, table.paytable, table.options)
    return table


def bind(bet: str) -> Analyze[ToyRules]:
    """One bet's hook from :func:`toy_analyze`."""
    return lambda wager: toy_analyze(bet, wager.paytable, wager.rules, wager.run)


def toy_game(**linear: bool | None) -> AnyGame:
    """The toy game (as the registry holds a game); ``linear`` overrides a bet's declaration."""
    return cast(AnyGame, Game("toy", "Toy dice", ToyRules, (
        Bet("side", "side bet", bind("side"), SIDE, {"usual": SIDE_TABLE}, "usual",
            linear=linear.get("side")),
        Bet("duel", "play or fold", bind("duel"), DUEL, {"usual": DUEL_TABLE}, "usual",
            linear=linear.get("duel")),
        Bet("hidden", "the duel, decisions unrecorded", bind("hidden"), DUEL,
            {"usual": DUEL_TABLE}, "usual"),
    )))


TOY = toy_game()


# --- helpers ----------------------------------------------------------------------------------
def fresh(game: Game | str, bet: str, cand: Candidate,
          options: Mapping[str, str] | None = None) -> ReturnTable:
    """`edge table` for a candidate: a new analysis at its pay table and options."""
    found = game if isinstance(game, Game) else get_game(game)
    rules = found.make_rules(dict(cand.options) if options is None else options)
    return found.analyze(bet, cand.paytable, rules, RunSettings())


def assert_agrees(result: TuneResult, game: Game | str, options: Mapping[str, str] | None = None
                  ) -> None:
    """Every printed candidate has the figures of a fresh analysis at its pays."""
    assert result.candidates
    for cand in result.candidates:
        table = fresh(game, result.bet.name, cand, options)
        assert cand.figures.house_edge == table.house_edge
        assert cand.figures.hit_frequency == table.hit_frequency
        assert cand.figures.variance == table.variance
        assert cand.figures.standard_deviation == table.standard_deviation
        assert result.filters.admits(cand.figures)


def brute_force(base: ReturnTable, ranges: dict[str, list[Fraction]], target: tuple[F, F],
                ordered_outcomes: tuple[str, ...] | None,
                hit: Bounds = ANY, sd: Bounds = ANY) -> list[tuple[F, F, tuple[F, ...]]]:
    """Every candidate by plain Python: rows named after an outcome take its pay.

    Returns (distance, edge, values) for the candidates in range, sorted like tune sorts.
    """
    centre = (target[0] + target[1]) / 2
    found: list[tuple[F, F, tuple[F, ...]]] = []
    names = list(ranges)
    base_pays = dict(base.paytable.pays) if base.paytable else {}
    for values in itertools.product(*ranges.values()):
        pays = {**base_pays, **dict(zip(names, values, strict=True))}
        if ordered_outcomes is not None:
            chain = [pays[o] for o in ordered_outcomes]
            if any(a < b for a, b in itertools.pairwise(chain)):
                continue
        rows = [(pays.get(r.outcome, r.pays), r.combinations) for r in base.rows]
        cycle = sum(c for _, c in rows)
        mean = sum((p * c for p, c in rows), F(0)) / cycle
        edge = -mean
        hit_f = F(sum(c for p, c in rows if p > 0), cycle)
        variance = sum((p * p * c for p, c in rows), F(0)) / cycle - mean * mean
        if target[0] != target[1] and not target[0] <= edge <= target[1]:
            continue
        if not hit.admits(hit_f):
            continue
        if (sd.low is not None and variance < sd.low ** 2) or (
                sd.high is not None and variance > sd.high ** 2):
            continue
        found.append((abs(edge - centre), edge, values))
    found.sort(key=lambda item: (item[0], item[1]))
    return found


def span(low: int, high: int, step: F = ONE) -> list[F]:
    count = int((high - low) / step) + 1
    return [low + k * step for k in range(count)]


# --- parsing ------------------------------------------------------------------------------------
def test_targets_parse_exactly() -> None:
    assert parse_target("2%..3.5%") == parse_target("0.02..0.035")
    assert parse_target("1/40").low == F(1, 40) == parse_target("2.5%").high
    assert not parse_target("3%").is_range
    assert parse_target("-1%..1%").centre == 0


@pytest.mark.parametrize("text, words", [
    ("3", "out of range"), ("2..3.5", "out of range"), ("150%", "out of range"),
    ("3.5%..2%", "empty range"), ("2%..", "both ends"), ("abc", "not a number"),
    ("2%..x", "not a number"), ("", "missing"),
])
def test_bad_targets_are_named(text: str, words: str) -> None:
    with pytest.raises(EdgeError, match=words):
        parse_target(text)


def test_vary_and_filter_parse() -> None:
    assert parse_vary("flush=3..5") == Range("flush", F(3), F(5))
    assert parse_vary("flush = 5/2 .. 3:1") == Range("flush", F(5, 2), F(3))
    assert parse_vary("flush=4") == Range("flush", F(4), F(4))
    assert parse_bounds("..35%", "hit", probability=True) == Bounds(None, F(35, 100))
    for text, words in [("flush", "NAME=LO..HI"), ("flush=5..3", "empty"),
                        ("flush=3..", "both ends"), ("=3..4", "NAME=LO..HI"),
                        ("flush=x..4", "not a number"),
                        ("flush=1e400..2", "empty: 1e400 is above 2[.]$")]:
        with pytest.raises(EdgeError, match=words):
            parse_vary(text)
    for text, words in [("20%", "not a range"), ("..", "no bound"), ("30%..20%", "empty"),
                        ("20..30", "out of range")]:
        with pytest.raises(EdgeError, match=words):
            parse_bounds(text, "hit frequency", probability=True)


# --- the row -> outcome map ---------------------------------------------------------------------
def test_block_rows_map_to_their_outcomes() -> None:
    setting = make_setting("triple-bet", "block", None, None, None)
    model = build_model(setting, [])
    assert not isinstance(model, str)
    mapping = {outcome: (fixed, paid) for outcome, fixed, paid in model.mapping()}
    for name in ("ultimate", "pair-block", "flush-block", "block"):
        assert mapping[name] == (F(0), [(name, F(1))])
    assert mapping["push"] == (F(0), []) and mapping["lose"] == (F(-1), [])


def test_combined_rows_pay_one_outcome_of_each_wager() -> None:
    """The three-wager rows are sums: the probe decodes one outcome (or a loss) per wager."""
    setting = make_setting("triple-bet", "combined", None, None, None)
    model = build_model(setting, [])
    assert not isinstance(model, str)
    for outcome, fixed, paid in model.mapping():
        names = outcome.split(" / ")
        wins = [f"{bet}.{n}" for bet, n in zip(("flush", "sandwich", "block"), names,
                                                 strict=True) if n not in ("lose", "push")]
        assert sorted(n for n, _ in paid) == sorted(wins)
        assert fixed == -names.count("lose")


def test_model_predicts_a_fresh_analysis_at_odd_pays() -> None:
    setting = make_setting("triple-bet", "combined", None, None, None)
    model = build_model(setting, [])
    assert not isinstance(model, str)
    pays = {name: F(k * 7 + 1, 3) for k, name in enumerate(model.names)}
    table = setting.analyze(pays, {})
    assert [r.pays for r in table.rows] == model.row_pays(list(pays.values()))


# --- tuning linear bets ---------------------------------------------------------------------------
def test_block_example_matches_brute_force_and_fresh_analyses() -> None:
    result = tune("triple-bet", "block", "4%..5%", ["ultimate=20..50", "pair-block=5..15"],
                  limit=1000)
    assert result.method == "linear"
    base = get_game("triple-bet").analyze("block", None, get_game("triple-bet").make_rules(),
                                          RunSettings())
    expected = brute_force(base, {"ultimate": span(20, 50), "pair-block": span(5, 15)},
                           (F(4, 100), F(5, 100)), ("ultimate", "pair-block", "flush-block",
                                                    "block"))
    assert result.matching == len(expected) > 0
    assert [c.values for c in result.candidates] == [v for _, _, v in expected]
    assert result.scored == sum(1 for u in span(20, 50) for p in span(5, 15) if u >= p >= 5)
    assert_agrees(tune("triple-bet", "block", "4%..5%", ["ultimate=20..50", "pair-block=5..15"],
                       limit=5), "triple-bet")


def test_unordered_half_steps_and_filters_match_brute_force() -> None:
    hit, sd = Bounds(F(1, 20), F(1, 10)), Bounds(F(19, 10), F(21, 10))
    result = tune("triple-bet", "block", "-5%..45%",
                  ["ultimate=20..30", "pair-block=8..12", "block=0..2"], step=F(1, 2),
                  ordered=False, hit_frequency=hit, standard_deviation=sd, limit=10 ** 6)
    base = get_game("triple-bet").analyze("block", None, get_game("triple-bet").make_rules(),
                                          RunSettings())
    ranges = {"ultimate": span(20, 30, F(1, 2)), "pair-block": span(8, 12, F(1, 2)),
              "block": span(0, 2, F(1, 2))}
    expected = brute_force(base, ranges, (F(-5, 100), F(45, 100)), None, hit, sd)
    assert result.scored == math.prod(len(v) for v in ranges.values())
    assert result.matching == len(expected) > 0
    assert [c.values for c in result.candidates] == [v for _, _, v in expected]


def test_bounds_are_inclusive_at_exact_edges() -> None:
    """A target whose ends are candidates' exact edges keeps both (floats are re-checked)."""
    first = tune("triple-bet", "block", "5%", ["ultimate=30..40"], limit=11)
    edges = sorted(c.figures.house_edge for c in first.candidates)
    low, high = edges[2], edges[5]
    result = tune("triple-bet", "block", parse_target(f"{low}..{high}"), ["ultimate=30..40"])
    assert sorted(c.figures.house_edge for c in result.candidates) == edges[2:6]


def test_single_target_lists_the_nearest() -> None:
    result = tune("triple-bet", "sandwich", "3%", ["straight-sandwich=5..9", "sandwich=1..2"],
                  limit=3)
    assert result.matching == result.scored and len(result.candidates) == 3
    distances = [abs(c.figures.house_edge - F(3, 100)) for c in result.candidates]
    assert distances == sorted(distances)
    assert_agrees(result, "triple-bet")


def test_combined_bet_candidates_agree_with_edge_table() -> None:
    result = tune("triple-bet", "combined", "4%..5%",
                  ["block.ultimate=30..40", "flush.flush-pair=6..10", "sandwich.match=1..2"],
                  limit=4)
    assert result.method == "linear"
    assert_agrees(result, "triple-bet")


def test_pays_stay_in_rank_order() -> None:
    result = tune("triple-bet", "block", "0%..50%", ["pair-block=1..12", "flush-block=1..12"],
                  limit=10 ** 6)
    for cand in result.candidates:
        assert cand.paytable is not None
        pays = [p for _, p in cand.paytable.pays]
        assert pays == sorted(pays, reverse=True)
    # flush-block must lie between block (2) and pair-block; pair-block at most ultimate (35)
    assert result.scored == sum(1 for p in range(1, 13) for f in range(2, 13) if p >= f)


def test_every_landed_linear_bet_agrees_with_edge_table() -> None:
    """Whatever games are registered: vary two pays of each linear bet around their presets."""
    checked = 0
    for game in all_games().values():
        for bet in game.bets:
            if not bet.outcomes:
                continue
            setting = make_setting(game, bet.name, None, None, None)
            if not isinstance(linear_model(setting, []), LinearModel):
                continue
            assert setting.paytable is not None
            names = list(setting.outcomes)[:2]
            ranges = [f"{n}={max(setting.paytable[n] - 1, 0)}..{setting.paytable[n] + 1}"
                      for n in names]
            result = tune(game, bet.name, "-50%..50%", ranges, ordered=False, limit=3)
            assert_agrees(result, game)
            checked += 1
    assert checked >= 3


def test_pair_plus_published_table() -> None:
    """Pair Plus 40-30-6-4-1: 2.32% (J. Grochowski, casinocitytimes.com, docs/references.md)."""
    if "three-card-poker" not in all_games():
        pytest.skip("Tri-Card Poker has not landed")
    result = tune("three-card-poker", "pair-plus", "2.3%..2.35%",
                  ["straight-flush=40", "three-of-a-kind=30", "straight=5..6", "flush=3..4"])
    assert [[str(v) for v in c.values] for c in result.candidates] == [["40", "30", "6", "4"]]
    assert round(float(result.candidates[0].figures.house_edge) * 100, 2) == 2.32


# --- re-solved bets -----------------------------------------------------------------------------
def test_decision_bet_is_re_solved_and_agrees_with_brute_force() -> None:
    result = tune(TOY, "duel", "-10%..20%", ["deuce=0..12"], step=F(1, 2), limit=100)
    assert result.method == "re-solved"
    assert result.scored == 25 and result.analyses == 26   # the probe, then each candidate
    expected = []
    for deuce in span(0, 12, F(1, 2)):
        table = toy_duel(make_paytable("t", {"deuce": str(deuce)}, DUEL), ToyRules())
        if F(-1, 10) <= table.house_edge <= F(1, 5):
            expected.append((abs(table.house_edge - F(1, 20)), table.house_edge, (deuce,)))
    expected.sort(key=lambda item: (item[0], item[1]))
    assert [c.values for c in result.candidates] == [v for _, _, v in expected]
    assert_agrees(result, TOY)
    # the strategy really changes across the range: the probe cannot model it
    plays = {fresh(TOY, "duel", c).decisions for c in result.candidates}
    assert len(plays) == 2


def test_declarations_steer_the_method() -> None:
    resolved = tune(toy_game(side=False), "side", "-90%..90%", ["pair=1..3"], ordered=False)
    assert resolved.method == "re-solved" and resolved.analyses == 3
    # declared linear, but the dice option changes the counts: a clear error, not a wrong answer
    with pytest.raises(EdgeError, match="declared linear"):
        tune(toy_game(side=True), "side", "-90%..90%", ["dice=4..8"])
    # undeclared: the change in counts sends it to re-solving
    counted = tune(TOY, "side", "-90%..90%", ["dice=4..8"], limit=10)
    assert counted.method == "re-solved"
    assert_agrees(counted, TOY)


def test_three_card_ante_is_re_solved() -> None:
    if "three-card-poker" not in all_games():
        pytest.skip("Tri-Card Poker has not landed")
    result = tune("three-card-poker", "ante", "3%..3.5%",
                  ["straight-flush=3..5", "three-of-a-kind=2..4"])
    assert result.method == "re-solved"
    assert_agrees(result, "three-card-poker")
    # Ante Bonus 5-4-1, optimal strategy: 3.37% (J. Grochowski, "Three Card Poker dissected")
    best = {tuple(str(v) for v in c.values): c for c in result.candidates}[("5", "4")]
    assert round(float(best.figures.house_edge) * 100, 2) == 3.37


# --- numeric options ----------------------------------------------------------------------------
def test_option_pay_is_linear_and_solved_exactly() -> None:
    """An option paid like a pay (Double-Hand Poker's lo-card `pays`) is modelled and solved."""
    result = tune(TOY, "side", "2%..8%", ["jackpot=0..40", "pair=1..6"], limit=50)
    assert result.method == "linear"
    assert_agrees(result, TOY)
    solved = solve(TOY, "side", "jackpot", "5%")
    assert solved.method == "linear"
    rules = TOY.make_rules({"jackpot": str(solved.value)})
    assert isinstance(rules, ToyRules)
    assert toy_side(SIDE_TABLE, rules).house_edge == F(5, 100)
    below, exact_row, above = solved.rows
    assert below[0] < solved.value == exact_row[0] < above[0]
    assert below[1].house_edge > F(5, 100) > above[1].house_edge


def test_option_with_fraction_step_default() -> None:
    """A fractional option steps by its own scale (1% for a 5% commission)."""
    result = tune(TOY, "duel", "-99%..99%", ["commission=0.02..0.05"], limit=10)
    assert [c.values[0] for c in result.candidates] != []
    assert sorted(c.values[0] for c in result.candidates) == [F(k, 100) for k in range(2, 6)]


def test_re_solved_option_solves_exactly() -> None:
    """A commission that changes the strategy (the double-hand main bet) is searched exactly."""
    for target in ("12%", "28%", "40%"):   # the strategy changes at a commission of 25%
        solved = solve(TOY, "duel", "commission", target, step=F(1, 100))
        assert solved.method == "re-solved"
        rules = TOY.make_rules({"commission": str(solved.value)})
        assert isinstance(rules, ToyRules)
        assert toy_duel(DUEL_TABLE, rules).house_edge == parse_target(target).low


def test_strategy_changes_without_recorded_decisions_are_caught() -> None:
    """Probing a commission near 5% sees one strategy; the checks catch the change at 25%."""
    near = solve(TOY, "hidden", "commission", "12%")
    assert near.method == "linear"
    far = solve(TOY, "hidden", "commission", "40%")
    assert far.method == "re-solved"
    for solved, target in ((near, F(12, 100)), (far, F(40, 100))):
        rules = TOY.make_rules({"commission": str(solved.value)})
        assert isinstance(rules, ToyRules)
        assert toy_duel(DUEL_TABLE, rules).house_edge == target
    wide = tune(TOY, "hidden", "10%..45%", ["commission=0..0.5"])
    assert wide.method == "re-solved"
    narrow = tune(TOY, "hidden", "10%..45%", ["commission=0..0.2"])
    assert narrow.method == "linear"
    for result in (wide, narrow):
        assert_agrees(result, TOY)


def test_re_solved_pay_solves_exactly_across_strategy_changes() -> None:
    for target in ("14%", "10%", "0%"):    # the 2 starts to play at deuce = 2.1
        solved = solve(TOY, "duel", "deuce", target, step=F(1, 2))
        table = toy_duel(make_paytable("t", {"deuce": str(solved.value)}, DUEL), ToyRules())
        assert table.house_edge == parse_target(target).low
        for value, figures in solved.rows:
            pays = make_paytable("t", {"deuce": str(value)}, DUEL)
            assert figures.house_edge == toy_duel(pays, ToyRules()).house_edge


# --- --solve on the registered games ------------------------------------------------------------
@pytest.mark.parametrize("game, bet, name, target", [
    ("triple-bet", "block", "ultimate", "4.5%"),
    ("triple-bet", "sandwich", "match", "6%"),     # match at most sandwich's 1 (rank order)
    ("triple-bet", "combined", "block.pair-block", "5%"),
])
def test_solve_gives_the_target_exactly(game: str, bet: str, name: str, target: str) -> None:
    solved = solve(game, bet, name, target)
    found = get_game(game)
    chosen = found.bet(bet)
    assert chosen.presets is not None
    base = chosen.paytable(None)
    assert base is not None
    table = found.analyze(bet, base.replace("solved", **{name: solved.value}),
                          found.make_rules(), RunSettings())
    assert table.house_edge == parse_target(target).low
    values = [v for v, _ in solved.rows]
    assert values == sorted(values) and solved.value in values
    assert all(v.denominator == 1 for v in values if v != solved.value)


def test_solve_on_a_decision_bet_of_a_landed_game() -> None:
    if "three-card-poker" not in all_games():
        pytest.skip("Tri-Card Poker has not landed")
    solved = solve("three-card-poker", "ante", "straight-flush", "3.3%")
    game = get_game("three-card-poker")
    base = game.bet("ante").paytable(None)
    assert base is not None
    table = game.analyze("ante", base.replace("s", straight_flush=solved.value),
                         game.make_rules(), RunSettings())
    assert table.house_edge == F(33, 1000)


def test_solve_errors() -> None:
    with pytest.raises(EdgeError, match="single target"):
        solve("triple-bet", "block", "ultimate", "4%..5%")
    with pytest.raises(EdgeError, match="not an allowed value"):
        solve("triple-bet", "block", "ultimate", "60%")   # needs a negative pay
    with pytest.raises(EdgeError, match="Unknown pay 'royal'"):
        solve("triple-bet", "block", "royal", "4%")
    with pytest.raises(EdgeError, match="gives a house edge"):
        solve(TOY, "duel", "deuce", "90%", search="deuce=0..5")


# --- errors ------------------------------------------------------------------------------------
@pytest.mark.parametrize("vary, words", [
    (["royal=1..5"], "Unknown pay 'royal'.*ultimate, pair-block.*numeric options: decks"),
    (["ultimate=5..3"], "empty"),
    (["ultimate=-1..3"], "cannot be negative"),
    (["ultimate=30..40", "ultimate=1..2"], "varied twice"),
    (["flush-block=20..30"], "keeps the pays in rank order.*at most 10 \\(pair-block\\)"),
    (["decks=0..4"], "out of range"),
    ([], "Nothing to tune"),
])
def test_bad_requests_are_named(vary: list[str], words: str) -> None:
    with pytest.raises(EdgeError, match=words):
        tune("triple-bet", "block", "4%..5%", vary)


def test_grid_limits() -> None:
    setting = make_setting("triple-bet", "block", None, None, None)
    with pytest.raises(EdgeError, match="more than the limit"):
        make_grid(setting, [parse_vary("ultimate=1..1000"), parse_vary("block=1..1000")],
                  F(1, 100), False)
    with pytest.raises(EdgeError, match="must be positive"):
        make_grid(setting, [parse_vary("ultimate=1..10")], F(0), True)
    with pytest.raises(EdgeError, match="whole numbers"):
        make_grid(setting, [parse_vary("decks=1..4")], F(1, 2), True)


# --- the command line ---------------------------------------------------------------------------
def test_cli_json_candidates_agree_with_edge_table(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    args = ["tune", "triple-bet", "--bet", "block", "--target-edge", "4%..5%",
            "--vary", "ultimate=20..50", "--vary", "pair-block=5..15", "--limit", "3",
            "--format", "json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["method"] == "linear" and len(data["candidates"]) == 3
    for n, cand in enumerate(data["candidates"]):
        path = tmp_path / f"c{n}.toml"
        path.write_text("[pays]\n" + "".join(f'{k} = "{v}"\n' for k, v in cand["pays"].items()))
        assert main(["table", "triple-bet", "--bet", "block", "--paytable", str(path),
                     "--format", "json"]) == 0
        table = json.loads(capsys.readouterr().out)
        for key in ("house_edge", "hit_frequency", "variance", "standard_deviation"):
            assert table[key] == cand[key]


def test_cli_plain_markdown_and_solve(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["tune", "triple-bet", "--bet", "block", "--target-edge", "4%..5%",
            "--vary", "ultimate=30..40", "--limit", "2"]
    assert main(base) == 0
    out = capsys.readouterr().out
    assert "house edge in 4%..5%" in out and "pay table" in out and "40-10-5-2" in out
    assert main([*base, "--format", "markdown"]) == 0
    assert capsys.readouterr().out.startswith("### Hybrid Triple Bet, block")
    assert main(["tune", "triple-bet", "--bet", "block", "--solve", "ultimate",
                 "--target-edge", "5%", "--format", "json"]) == 0
    solved = json.loads(capsys.readouterr().out)
    assert [v["exact"] for v in solved["values"]] == [False, True, False]
    assert solved["values"][1]["house_edge"] == "1/20"


@pytest.mark.parametrize("extra, words", [
    (["--target-edge", "3"], "out of range"),
    (["--target-edge", "4%", "--vary", "jackpot=1..2"], "Unknown pay 'jackpot'"),
    (["--target-edge", "4%", "--vary", "ultimate=9..3"], "empty"),
    (["--target-edge", "4%", "--vary", "ultimate=9..30", "--limit", "0"], "at least 1"),
    (["--target-edge", "4%", "--solve", "ultimate", "--hit-frequency", "20%.."], "filters"),
    (["--target-edge", "4%", "--vary", "ultimate=9..30", "--max-candidates", "0"],
     "--max-candidates 0 must be"),
    (["--target-edge", "4%", "--vary", "ultimate=9..30", "--max-seconds", "-1"],
     "--max-seconds -1 must be a number"),
    (["--target-edge", "4%", "--solve", "ultimate", "--max-seconds", "nan"],
     "--max-seconds nan must be a number"),
])
def test_cli_errors_are_one_line(extra: list[str], words: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tune", "triple-bet", "--bet", "block", *extra]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("edge: error:") and "\n" not in err and words in err


def test_options_carry_into_candidates() -> None:
    result = tune("triple-bet", "block", "7%..9%", ["ultimate=30..40"], options={"decks": "2"},
                  limit=3)
    assert all(c.options["decks"] == "2" for c in result.candidates)
    assert_agrees(result, "triple-bet", {"decks": "2"})


# --- Double-Hand Poker: an option as the pay, and a commission that moves the setting --------
def double_hand_edge(bet: str, option: str, value: Fraction) -> Fraction:
    game = get_game("double-hand-poker")
    rules = game.make_rules({option: str(value)})
    return game.analyze(bet, None, rules, RunSettings()).house_edge


def test_double_hand_lo_card_pays_and_main_commission_solve_exactly() -> None:
    if "double-hand-poker" not in all_games():
        pytest.skip("Double-Hand Poker has not landed")
    lo = solve("double-hand-poker", "lo-card", "pays", "3%")
    assert lo.method == "linear"
    assert double_hand_edge("lo-card", "pays", lo.value) == F(3, 100)
    main_bet = solve("double-hand-poker", "main", "commission", "2%")
    assert main_bet.method == "re-solved"
    assert double_hand_edge("main", "commission", main_bet.value) == F(2, 100)
    for value, figures in main_bet.rows:
        assert figures.house_edge == double_hand_edge("main", "commission", value)
    result = tune("double-hand-poker", "main", "1%..3%", ["commission=0.03..0.06"],
                  step=F(1, 200))
    grid = [F(3, 100) + k * F(1, 200) for k in range(7)]          # 0.03, 0.035, .. 0.06
    in_range = [v for v in grid
                if F(1, 100) <= double_hand_edge("main", "commission", v) <= F(3, 100)]
    assert result.method == "re-solved" and result.matching == len(in_range)
    assert_agrees(result, "double-hand-poker")


def test_long_re_solving_runs_are_estimated_and_bounded() -> None:
    with pytest.raises(EdgeError, match="more than --max-seconds 0"):
        tune(TOY, "duel", "0%..20%", ["deuce=0..12"], max_seconds=0)
    stream = io.StringIO()
    reporter = StderrReporter(stream)
    for done in range(1, 21):
        reporter.progress(done, 20)
    assert stream.getvalue() == ""    # the progress bar is drawn on a terminal only

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    reporter = StderrReporter(terminal)
    for done in range(1, 21):
        reporter.progress(done, 20)
    text = terminal.getvalue()
    assert text.startswith("\redge tune: analysing [") and "] 100% 20/20 analyses" in text
    assert text.endswith(" s\n") and text.count("\n") == 1


def test_a_cycle_past_float64_s_53_bits_is_tuned_exactly() -> None:
    """A dealer drawing to 17 from 6 decks deals more than 2**53 ordered sequences: the
    candidates are scored in floating point and every figure printed is edge table's."""
    path = str(Path(__file__).parent.parent / "examples" / "bets" / "dealer-bust.toml")
    result = tune(path, None, "3%..4%", ["bust-5=5..20", "bust-6=10..40"], limit=4)
    assert result.candidates
    game = get_game(path)
    table = fresh(game, result.bet.name, result.candidates[0])
    assert sum(row.combinations for row in table.rows) >= 2 ** 53
    assert_agrees(result, path)
