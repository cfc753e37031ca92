"""Ultimate Texas Hold'em's named Trips tables and the Trips beat-dealer rule.

Published figures (docs/references.md section 4): Wizard of Odds, "Florida Variant of Trips
Bet": under the rule that the Trips must beat the dealer, the table 50-40-30-10-8-6-3 wins with
royal flush 85,615,200, straight flush 734,237,144, four of a kind 4,240,864,800, full house
62,810,500,464, flush 71,523,195,288 and straight 103,685,076,... deals of the cycle
C(52,2) C(50,2) C(48,5) = 2,781,381,002,400, a house edge of 4.88%; the same page gives 3.50%
for the usual 50-40-30-8-7-4-3 table under the usual rule.

The beat-dealer rule where a fold loses the Trips (no published figure) is checked against the
counts of every deal at the showdown and by simulation, whose folds come from the main bet's
simulator.

The showdown counts behind the rule come from a pass over the 134,459 board classes
(:mod:`edge.games.ultimate_texas_holdem.solve.trips_showdown`); a few boards are checked here
against a loop over every player and dealer holding with a plain-Python evaluator written here.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from edge.cards import parse_cards
from edge.cli import main
from edge.document import Cell, Table
from edge.errors import EdgeError
from edge.games import (
    Analyses,
    ReportContext,
    Rules,
    RunSettings,
    analyze,
    fitted_paytables,
    get_game,
)
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.rules_document import explain
from edge.games.ultimate_texas_holdem.simulation.side_bets import BeatDealerSimulator
from edge.games.ultimate_texas_holdem.solve import _kernels as uth_kernels
from edge.games.ultimate_texas_holdem.solve import solver, trips_showdown
from edge.games.ultimate_texas_holdem.solve.main_bet import BLIND_PRESETS
from edge.games.worked import Deal, Settled
from edge.report.variants import paytables_summary, variant_options, variants_summary
from edge.simulation import simulate

GAME = get_game("ultimate-texas-holdem")
WOO_CYCLE = comb(52, 2) * comb(50, 2) * comb(48, 5)


def rounds_to(value: Fraction, published: str) -> bool:
    """Whether ``value`` (a fraction) shown as a percentage rounds to ``published``."""
    places = len(published.partition(".")[2])
    return f"{float(value * 100):.{places}f}" == published


# --- a plain-Python evaluator (clear, slow) ----------------------------------------------------

def five_card_value(cards: tuple[int, ...]) -> tuple[int, ...]:
    """(class, ranks that break ties) of five cards; class 0 high card .. 9 royal flush, as
    edge.holdem.CLASS_NAMES numbers them; card = rank * 4 + suit, rank 0 the deuce."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        top = 3                                   # the wheel is five-high
    if top is not None and flush:
        return (9 if top == 12 else 8, top)
    groups = sorted(Counter(ranks).items(), key=lambda item: (item[1], item[0]), reverse=True)
    shape = [count for _, count in groups]
    order = tuple(rank for rank, _ in groups)
    if shape == [4, 1]:
        return (7, *order)
    if shape == [3, 2]:
        return (6, *order)
    if flush:
        return (5, *ranks)
    if top is not None:
        return (4, top)
    if shape == [3, 1, 1]:
        return (3, *order)
    if shape == [2, 2, 1]:
        return (2, *order)
    if shape == [2, 1, 1, 1]:
        return (1, *order)
    return (0, *ranks)


def seven_card_value(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The best five of seven cards."""
    return max(five_card_value(five) for five in itertools.combinations(cards, 5))


def plain_board_showdowns(board: tuple[int, ...]) -> np.ndarray:
    """Every player holding against every dealer holding on one board: dealer holdings beaten,
    tied and lost to, summed by the player's class (``[10, 3]``)."""
    rest = [card for card in range(52) if card not in board]
    holdings = list(itertools.combinations(rest, 2))
    values = [seven_card_value(board + holding) for holding in holdings]
    rank_of = {value: index for index, value in enumerate(sorted(set(values)))}
    strength = np.array([rank_of[value] for value in values])
    cards = np.array(holdings)
    disjoint = ~((cards[:, None, :, None] == cards[None, :, None, :]).any(axis=(2, 3)))
    result = np.zeros((10, 3), dtype=np.int64)
    for i, value in enumerate(values):
        others = strength[disjoint[i]]
        result[value[0]] += ((others < strength[i]).sum(), (others == strength[i]).sum(),
                             (others > strength[i]).sum())
    return result


@pytest.mark.parametrize("board", [
    (0, 4, 8, 12, 51),          # 2 3 4 5 and an ace: a straight for everyone
    (40, 41, 42, 20, 25),       # three queens on the board, two sevens: ties galore
    (48, 44, 40, 36, 1),        # A K Q J of clubs and a deuce: royal and straight flush draws
])
def test_board_showdowns_against_plain_loop(board: tuple[int, ...]) -> None:
    found = trips_showdown.board_showdowns(np.array([board], dtype=np.int32))[0]
    assert found.sum() == comb(47, 2) * comb(45, 2)
    assert (found == plain_board_showdowns(board)).all()


def test_board_orbits_cover_every_board() -> None:
    boards, _ = uth_kernels.uth_board_classes()
    sizes = trips_showdown.orbit_sizes(boards)
    assert len(sizes) == 134_459 and int(sizes.sum()) == comb(52, 5)
    assert set(np.unique(sizes).tolist()) <= {1, 2, 3, 4, 6, 8, 12, 24}


@pytest.mark.slow       # the Trips showdowns of every deal: seconds
def test_beat_dealer_trips_published() -> None:
    rules = GAME.make_rules({"trips_rule": "beat-dealer"})
    table = GAME.analyze("trips", GAME.bet("trips").paytable("50-40-30-10-8-6-3"), rules,
                         RunSettings())
    assert table.cycle == WOO_CYCLE
    wins = {row.outcome: row.combinations for row in table.rows}
    assert wins["royal-flush"] == 85_615_200
    assert wins["straight-flush"] == 734_237_144
    assert wins["four-of-a-kind"] == 4_240_864_800
    assert wins["full-house"] == 62_810_500_464
    assert wins["flush"] == 71_523_195_288
    assert wins["straight"] // 1000 == 103_685_076          # published up to the thousands
    assert rounds_to(table.house_edge, "4.88")
    # the counts split every class of the C(52,7) seven-card hands: nothing lost or doubled
    showdowns = trips_showdown.trips_showdowns()
    for name in trips_showdown.THREE_OR_BETTER:
        assert sum(showdowns.counts[name].values()) == _seven_card_count(name) * 21 * 990
    standard = GAME.analyze("trips", GAME.bet("trips").paytable("50-40-30-8-7-4-3"),
                            GAME.make_rules(), RunSettings())
    assert rounds_to(standard.house_edge, "3.50")


def _seven_card_count(name: str) -> int:
    """Seven-card hands of a class (Wikipedia, "Poker probability"; docs/references.md 5)."""
    return {"royal-flush": 4_324, "straight-flush": 37_260, "four-of-a-kind": 224_848,
            "full-house": 3_473_184, "flush": 4_047_644, "straight": 6_180_020,
            "three-of-a-kind": 6_461_620}[name]


def test_trips_rule_option_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "uth", "--bet", "trips", "--set", "trips_rule=beat"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("edge: error:") and "beat" in err[0]
    rules = GAME.make_rules({"trips_rule": "beat-dealer"})
    assert GAME.describe_rules is not None
    assert any("beats the dealer's" in line for line in GAME.describe_rules(rules))
    assert not any("beats the dealer's" in line for line in GAME.describe_rules(
        GAME.make_rules()))


@pytest.mark.parametrize(("cards", "row"), [
    ("7c 7d  Ac Ad  7h 2s 9c Kd 4h", "three-of-a-kind"),   # three sevens beat two aces
    ("7c 7d  Ac Ah  7h As 9c Kd 4h", "lose"),              # three aces beat three sevens
    ("2c 3d  4c 4d  Qh Qs Qc 9d 9h", "tie"),               # both play the board's full house
    ("7c 8d  Ac Ad  2h 2s 9c Kd 4h", "lose"),              # a pair never pays
], ids=str)
def test_beat_dealer_settlement_examples(cards: str, row: str) -> None:
    simulator = GAME.bet("trips").simulator(GAME.wager(
        GAME.bet("trips").paytable("50-40-30-10-8-6-3"),
        GAME.make_rules({"trips_rule": "beat-dealer"})))
    assert isinstance(simulator, BeatDealerSimulator)
    dealt = np.array(parse_cards(cards), dtype=np.int16).reshape(9, 1)
    outcome, _ = simulator.settle(dealt)
    assert simulator.outcomes[int(outcome[0])] == row


@pytest.mark.slow   # a UTH solve under the beat-dealer Trips rule, simulated (8 s)
def test_beat_dealer_simulation_agrees() -> None:
    found = simulate("uth", "trips", "50-40-30-10-8-6-3", {"trips_rule": "beat-dealer"},
                     hands=300_000, seed=11)
    assert found.agrees and not found.mismatches


@pytest.mark.slow   # every showdown counted for the fold-loses rule (16 s)
def test_beat_dealer_fold_loses_against_the_showdown_counts() -> None:
    rules = GAME.make_rules({"trips_rule": "beat-dealer-fold-loses"})
    table = GAME.analyze("trips", GAME.bet("trips").paytable("50-40-30-10-8-6-3"), rules,
                         RunSettings())
    assert table.cycle == 10 * WOO_CYCLE               # the solve's cycle: ten splits a board
    folded = {row.outcome: row.combinations for row in table.rows}["fold"]
    assert folded > 0
    showdowns = trips_showdown.trips_showdowns()
    settle = solver.settlement(BLIND_PRESETS["standard"].as_dict(), "ante-push")
    with_folds = trips_showdown.fold_showdowns(settle, False, "optimal")
    for name in trips_showdown.THREE_OR_BETTER:
        every = {result: 10 * showdowns.count(name, result) for result in ("win", "tie", "lose")}
        found = {result: with_folds.count(name, result) for result in ("win", "tie", "lose")}
        if with_folds.count(name, "fold") == 0:
            assert found == every, name             # nothing folded: the same deals, ten times
        else:
            assert all(found[result] <= every[result] for result in found), name
    # a straight or better is never folded; the folds are three of a kind and four of a kind
    # played from the board
    assert {name for name in trips_showdown.THREE_OR_BETTER
            if with_folds.count(name, "fold")} == {"three-of-a-kind", "four-of-a-kind"}
    assert table.house_edge > GAME.analyze(
        "trips", GAME.bet("trips").paytable("50-40-30-10-8-6-3"),
        GAME.make_rules({"trips_rule": "beat-dealer"}), RunSettings()).house_edge


@pytest.mark.slow   # a UTH solve under the fold-loses Trips rule, simulated (7 s)
def test_beat_dealer_fold_loses_simulation_agrees() -> None:
    found = simulate("uth", "trips", "50-40-30-10-8-6-3",
                     {"trips_rule": "beat-dealer-fold-loses"}, hands=300_000, seed=12)
    assert found.agrees and not found.mismatches


def test_worked_example_words_under_the_beat_dealer_rule() -> None:
    deal = Deal("trips", "an example", tuple(range(9)))
    assert "pushes" in explain(Settled(deal, "tie", Fraction(0)), beat_dealer=True)
    assert "folds" in explain(Settled(deal, "fold", Fraction(-1)), beat_dealer=True)
    assert "does not beat" in explain(Settled(deal, "lose", Fraction(-1)), beat_dealer=True)
    assert explain(Settled(deal, "flush", Fraction(8)), beat_dealer=True) == (
        "Trips pays 8 to 1 on the player's flush")


# --- each named table under the rule it is meant for (issue 23 item 3) ---------------------------

BEAT_DEALER_TABLE = "50-40-30-10-8-6-3"
STANDARD_TABLES = ("50-40-30-8-7-4-3", "50-40-30-8-6-5-3", "50-40-30-9-7-4-3")


def test_every_trips_table_names_its_rule() -> None:
    bet = GAME.bet("trips")
    assert set(bet.table_rules) == set(bet.presets)
    standard, beat, folds = (GAME.make_rules({"trips_rule": value}) for value in
                             ("standard", "beat-dealer", "beat-dealer-fold-loses"))
    assert bet.meant_for(standard) == list(STANDARD_TABLES)
    assert bet.meant_for(beat) == bet.meant_for(folds) == [BEAT_DEALER_TABLE]
    # typed pays, or a file, with the beat-dealer pays are that table and carry its rule
    assert bet.rule_of(bet.paytable("50-40-30-10-8-6-3")) == bet.table_rules[BEAT_DEALER_TABLE]
    assert bet.rule_of(bet.paytable("60-40-30-10-8-6-3")) is None     # a table of one's own


@pytest.mark.parametrize(("specs", "options", "rule", "table", "noted"), [
    ((), {}, "standard", "50-40-30-8-7-4-3", False),
    # a table given brings its rule, a rule given its table; the default follows
    (("trips=50-40-30-10-8-6-3",), {}, "beat-dealer", BEAT_DEALER_TABLE, True),
    ((), {"trips_rule": "beat-dealer"}, "beat-dealer", BEAT_DEALER_TABLE, True),
    ((BEAT_DEALER_TABLE,), {"trips_rule": "beat-dealer-fold-loses"}, "beat-dealer-fold-loses",
     BEAT_DEALER_TABLE, False),
    (("trips=50-40-30-9-7-4-3",), {}, "standard", "50-40-30-9-7-4-3", False),
    # a table of one's own is analysed under any rule
    (("trips=60-40-30-10-8-6-3",), {"trips_rule": "beat-dealer"}, "beat-dealer",
     "60-40-30-10-8-6-3", False),
], ids=str)
def test_a_table_and_a_rule_fit(specs: tuple[str, ...], options: dict[str, str], rule: str,
                                table: str, noted: bool) -> None:
    fitted = fitted_paytables(GAME, specs, options)
    found = fitted.paytables["trips"]
    assert isinstance(fitted.rules, UltimateTexasHoldemRules)
    assert str(fitted.rules.trips_rule) == rule and found is not None and found.name == table
    assert bool(fitted.notes) == noted         # what was set to make them fit is said


@pytest.mark.parametrize(("table", "rule", "wanted"), [
    (BEAT_DEALER_TABLE, "standard", "trips_rule=beat-dealer"),
    ("50-40-30-8-6-5-3", "beat-dealer", "trips_rule=standard"),
    ("50-40-30-8-7-4-3", "beat-dealer-fold-loses", "trips_rule=standard"),
])
def test_a_table_and_a_rule_that_make_no_sense_are_an_error(
        table: str, rule: str, wanted: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(EdgeError, match=f"meant for {wanted}.*set --set {wanted}"):
        fitted_paytables(GAME, (f"trips={table}",), {"trips_rule": rule})
    assert main(["table", "uth", "--bet", "trips", "--paytable", table,
                 "--set", f"trips_rule={rule}"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"set --set {wanted}" in err[0]


def test_edge_table_analyses_a_table_under_its_own_rule(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "uth", "--bet", "trips", "--paytable", BEAT_DEALER_TABLE,
                 "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["options"]["trips_rule"] == "beat-dealer"
    assert Fraction(found["house_edge"]) == Fraction(1885114919, 38630291700)
    assert any("analysed under trips_rule=beat-dealer" in note for note in found["notes"])
    table = analyze("uth", "trips", BEAT_DEALER_TABLE)
    assert table.house_edge == Fraction(1885114919, 38630291700)


def _trips_context(options: dict[str, str]) -> ReportContext[Rules]:
    """A report's context of the Trips wager alone (the main bet's solves left out)."""
    game = dataclasses.replace(GAME, bets=(GAME.bet("trips"),))
    fitted = fitted_paytables(game, (), options)
    analyses = Analyses(game)
    tables = {"trips": analyses.table("trips", fitted.paytables["trips"], fitted.rules)}
    return ReportContext(game, fitted.rules, fitted.paytables, tables, analyses, fitted.notes)


@pytest.mark.slow       # 8.5 s for the two in the plain run (3 min 52 s in CI): the slow run
@pytest.mark.parametrize("rule", ["standard", "beat-dealer"])
def test_every_pay_table_section_keeps_each_table_to_its_rule(rule: str) -> None:
    context = _trips_context({"trips_rule": rule})
    table = next(block for block in paytables_summary(context).blocks
                 if isinstance(block, Table))
    names = [row[1].text if isinstance(row[1], Cell) else row[1] for row in table.rows]
    edges = {name: (row[3].text if isinstance(row[3], Cell) else row[3])
             for name, row in zip(names, table.rows, strict=True)}
    standard, beat = Fraction(233985, 6689228), Fraction(1885114919, 38630291700)
    if rule == "standard":
        assert names == [f"{STANDARD_TABLES[0]} (in use)", *STANDARD_TABLES[1:],
                         f"{BEAT_DEALER_TABLE} (trips_rule=beat-dealer)",
                         f"{BEAT_DEALER_TABLE} (trips_rule=beat-dealer-fold-loses)"]
        assert edges[f"{STANDARD_TABLES[0]} (in use)"] == str(standard)
        assert edges[f"{BEAT_DEALER_TABLE} (trips_rule=beat-dealer)"] == str(beat)
    else:
        assert names == [f"{name} (trips_rule=standard)" for name in STANDARD_TABLES] + [
            f"{BEAT_DEALER_TABLE} (in use)"]
        assert edges[f"{BEAT_DEALER_TABLE} (in use)"] == str(beat)
    # the player's edge of the beat-dealer table under the standard rule is nowhere
    assert all(not value.startswith("-") for value in edges.values())
    # the sweep of the rule pays each value by a table meant for it
    options = [(name, values) for name, values in variant_options(type(context.rules))
               if name == "trips_rule"]
    swept = variants_summary(context, options)
    assert swept is not None
    rows = next(block for block in swept.blocks if isinstance(block, Table)).rows
    for row in rows:
        value = (row[1].text if isinstance(row[1], Cell) else row[1]).removesuffix(" (in use)")
        paid_by = BEAT_DEALER_TABLE if value != "standard" else STANDARD_TABLES[0]
        assert (row[2] == "trips") == (value == rule or value != "standard" != rule), row
        assert row[2] == "trips" or paid_by in str(row[2])


def test_edge_games_says_the_rule_each_table_is_meant_for(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "uth", "--format", "json"]) == 0
    bets = {bet["name"]: bet for bet in json.loads(capsys.readouterr().out)["games"][0]["bets"]}
    assert bets["trips"]["table_rules"] == {
        **{name: "trips_rule=standard" for name in STANDARD_TABLES},
        BEAT_DEALER_TABLE: "trips_rule=beat-dealer or beat-dealer-fold-loses"}
    assert bets["main"]["table_rules"] == {}
    assert main(["games", "uth"]) == 0
    assert "meant for" in capsys.readouterr().out
