"""The report's submission sections (issue 13): every pay table and variant, hand frequencies,
maximum payout, the progressive, and the strategy in words; each figure against an independent
computation."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Mapping
from fractions import Fraction

import pytest

from edge.document import Report
from edge.document.document import Block, Cell, Table
from edge.games import Analyses, RunSettings, all_games, get_game, resolve_paytables
from edge.games.double_hand_poker.frequencies import setting_frequencies
from edge.games.double_hand_poker.house_way import house_way
from edge.games.three_card_poker.frequencies import hand_frequencies
from edge.games.ultimate_texas_holdem.report.content import (
    dealer_class_counts,
    dealer_qualifies,
    flop_groups,
    preflop_rules,
    progressive_figures,
    showdowns,
)
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.solve.main_bet import BLIND_PRESETS, main_lines, solve_main
from edge.games.ultimate_texas_holdem.solve.side_bets import (
    PROGRESSIVE_PRESETS,
    ProgressiveTable,
    analyze_progressive,
)
from edge.paytables import PayTable
from edge.report.context import ReportContext
from edge.report.payouts import maximum_payout, payouts_section
from edge.report.variants import paytables_summary, variant_options, variants_summary


def _context(name: str, options: dict[str, object] | None = None) -> ReportContext:  # type: ignore[type-arg]
    game = get_game(name)
    rules = game.make_rules(options)
    chosen = resolve_paytables(game)
    analyses = Analyses(game)
    tables = {bet.name: analyses.table(bet.name, chosen[bet.name], rules) for bet in game.bets}
    return ReportContext(game, rules, chosen, tables, analyses)


def _cells(section_table: Block) -> list[list[str]]:
    assert isinstance(section_table, Table)
    return [[cell.text if isinstance(cell, Cell) else cell for cell in row]
            for row in section_table.rows]


# --- every pay table and variant ----------------------------------------------------------

@pytest.mark.parametrize("name", ["triple-bet", "three-card-poker", "double-hand-poker"])
def test_every_preset_row_is_the_analysis_of_that_preset(name: str) -> None:
    context = _context(name)
    rows = _cells(paytables_summary(context).blocks[0])
    expected = 0
    for bet in context.game.bets:
        presets: Mapping[str, PayTable | None] = bet.presets or {"none": None}
        for preset, paytable in presets.items():
            table = context.game.analyze(bet.name, paytable, context.rules)
            matching = [row for row in rows if row[0] == bet.name
                        and row[1].split(" (")[0] == (preset if paytable else "none")]
            assert len(matching) == 1, (bet.name, preset)
            assert matching[0][3] == str(table.house_edge)
            expected += 1
    assert len(rows) == expected
    assert sum("(in use)" in row[1] for row in rows) == sum(1 for b in context.game.bets
                                                            if b.presets)


def test_variant_options_found_from_the_rules() -> None:
    assert variant_options(get_game("triple-bet").rules) == [("decks", tuple(range(1, 9)))]
    found = dict(variant_options(get_game("three-card-poker").rules))
    assert found["fold_forfeits_pair_plus"] == (True, False)
    assert found["ace_low_straight"] == (True, False)
    assert set(found["ties"]) == {"smaller", "larger"}
    assert "pair_plus_ratio" not in found          # a fraction: the pay sweeps cover it
    assert dict(variant_options(get_game("double-hand-poker").rules))["players"] == \
        tuple(range(1, 8))
    uth = dict(variant_options(get_game("uth").rules))
    assert set(uth) == {"strategy", "dealer_no_qualify", "ties", "trips_rule"}


def test_variant_rows_are_the_analysis_at_each_value() -> None:
    context = _context("triple-bet", {"decks": 6})
    section = variants_summary(context, [("decks", (1, 6, 8))])
    assert section is not None
    rows = _cells(section.blocks[0])
    assert len(rows) == 3 * 4
    for row in rows:
        decks = int(row[1].split(" ")[0])
        table = context.game.analyze(row[2], None, context.game.make_rules({"decks": decks}))
        assert row[4] == str(table.house_edge)
    assert [row[1] for row in rows if "(in use)" in row[1]] == ["6 (in use)"] * 4


def test_a_variant_that_changes_nothing_is_named_as_such() -> None:
    context = _context("double-hand-poker")
    section = variants_summary(context, [("players", (1, 7))])
    assert section is not None
    text = section.blocks[-1].text   # type: ignore[union-attr]
    assert "players (1, 7)" in text


# --- maximum payout -------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["triple-bet", "three-card-poker", "double-hand-poker"])
def test_maximum_payout_is_the_largest_row(name: str) -> None:
    context = _context(name)
    rows = _cells(payouts_section(context).blocks[0])
    for row, (bet, table) in zip(rows, context.tables.items(), strict=True):
        best = max(r.pays for r in table.rows)
        assert row[0] == bet and Fraction(row[2]) == best
        # per unit staked before any decision (UTH main: Ante and Blind, 2 Antes)
        assert Fraction(row[5]) == table.stake and Fraction(row[6]) == best / table.stake
        assert maximum_payout(table).row.pays == best


def test_triple_bet_combined_maximum_adds_its_parts() -> None:
    context = _context("triple-bet")
    flush, sandwich, block = (max(r.pays for r in context.tables[b].rows)
                              for b in ("flush", "sandwich", "block"))
    assert maximum_payout(context.tables["combined"]).pays == flush + sandwich + block


# --- hand frequencies -----------------------------------------------------------------------

def _qualifies(cards: tuple[int, ...]) -> bool:
    """Queen-high or better, by plain rules (a pair, a flush, a straight, or a queen up)."""
    ranks = sorted(c // 4 for c in cards)
    suits = {c % 4 for c in cards}
    pair = len(set(ranks)) < 3
    flush = len(suits) == 1
    straight = (len(set(ranks)) == 3 and ranks[2] - ranks[0] == 2) or ranks == [0, 1, 12]
    return pair or flush or straight or ranks[2] >= 10


def test_three_card_dealer_qualifies_by_plain_count() -> None:
    freq = hand_frequencies(True)
    hands = list(itertools.combinations(range(52), 3))
    qualifying = sum(_qualifies(hand) for hand in hands)
    # every dealer hand meets C(49,3) player hands over the cycle: the average is the plain share
    assert freq.qualifies == Fraction(qualifying, len(hands))
    assert freq.cycle == 22100 * 18424
    assert sum(freq.dealer.values()) == freq.cycle
    assert sum(sum(row) for row in freq.matrix.values()) == freq.cycle


def test_three_card_matrix_row_by_plain_enumeration_with_card_removal() -> None:
    freq = hand_frequencies(True)
    # three of a kind never ties; count its rows against every dealer hand of the other 49
    dnq = win = lose = 0
    for player in itertools.combinations(range(52), 3):
        ranks = {c // 4 for c in player}
        if len(ranks) != 1:
            continue
        rank = next(iter(ranks))
        rest = [c for c in range(52) if c not in player]
        for dealer in itertools.combinations(rest, 3):
            if not _qualifies(dealer):
                dnq += 1
                continue
            d = sorted(c // 4 for c in dealer)
            dealer_trips = d[0] == d[2]
            suited = len({c % 4 for c in dealer}) == 1
            straight = (len(set(d)) == 3 and d[2] - d[0] == 2) or d == [0, 1, 12]
            if (suited and straight) or (dealer_trips and d[0] > rank):
                lose += 1
            else:
                win += 1
    assert freq.matrix["three-of-a-kind"] == (dnq, win, 0, lose)


def test_uth_dealer_classes_sum_to_seven_card_sets() -> None:
    counts = dealer_class_counts()
    assert sum(counts.values()) == math.comb(52, 7)
    assert dealer_qualifies(counts) == 1 - Fraction(counts["high-card"], math.comb(52, 7))


def test_double_hand_dealer_levels_by_plain_house_way() -> None:
    freq = setting_frequencies("optimal", Fraction(1, 20))
    plain: Counter[tuple[int, int]] = Counter()
    rules: Counter[int] = Counter()
    for tiles in itertools.combinations(range(28), 3):
        way = house_way(tiles)
        plain[(way.setting.back_level, way.setting.front_level)] += 2300
        rules[way.rule] += 2300
    assert freq.dealer == {k: plain[k] for k in freq.dealer}
    assert sum(freq.dealer.values()) == 3276 * 2300
    assert freq.rules == dict(rules)
    main = get_game("double-hand-poker").analyze("main", None,
                                                  get_game("double-hand-poker").make_rules())
    by_row = {row.outcome: row.combinations for row in main.rows}
    assert [sum(v[k] for v in freq.player.values()) for k in range(3)] == \
        [by_row["win-both"], by_row["push"], by_row["lose-both"]]


# --- progressive and strategy ---------------------------------------------------------------

def test_progressive_figures() -> None:
    table = PROGRESSIVE_PRESETS["example"]
    assert isinstance(table, ProgressiveTable)
    figures = progressive_figures(table, Fraction(25000), Fraction(10000), Fraction(15, 100))
    assert figures.at_meter == analyze_progressive(table, Fraction(25000)).expected_return
    assert figures.at_reset == analyze_progressive(table, Fraction(10000)).expected_return
    assert figures.break_even is not None
    assert analyze_progressive(table, figures.break_even).expected_return == 0
    # the long-run return by hand: fixed pays, the increment, the reset paid on each royal
    royal = Fraction(4 * 1, math.comb(52, 5))
    assert figures.full_meter_probability == royal
    zero = analyze_progressive(table, Fraction(0)).expected_return
    assert figures.long_run == zero + Fraction(15, 100) + 10000 * royal


def test_preflop_rules_by_rank() -> None:
    from edge.games.ultimate_texas_holdem.solve.main_bet import PRACTICAL_FOUR_X
    assert preflop_rules(set(PRACTICAL_FOUR_X)) == [
        "any pair 3-3 or better", "suited A-x, K-x, Q-6+, J-8+",
        "offsuit A-x, K-5+, Q-8+, J-T"]
    assert preflop_rules({"22", "44"}) == ["the pairs 2-2, 4-4"]


def test_every_game_has_the_new_sections(default_report: Callable[[str], Report]) -> None:
    for name in all_games():
        if name in ("ultimate-texas-holdem", "baccarat"):
            continue              # the solve, eleven wagers at 1 to 8 decks: covered by
            # test_uth_sections and test_baccarat's test_the_report (slow)
        titles = [s.title for s in default_report(name).sections]
        assert "Every pay table and variant" in titles
        assert "Maximum payout per round" in titles
        if name != "triple-bet":
            assert "Hand frequencies" in titles


@pytest.mark.slow
def test_uth_sections(default_report: Callable[[str], Report]) -> None:
    report = default_report("uth")
    titles = [s.title for s in report.sections]
    for title in ("Every pay table and variant", "Maximum payout per round", "Hand frequencies",
                  "Progressive", "Strategy in words"):
        assert title in titles
    rules = get_game("uth").make_rules()
    assert isinstance(rules, UltimateTexasHoldemRules)
    solution = solve_main(BLIND_PRESETS["standard"], rules, RunSettings())
    found = showdowns(solution)
    assert found.total == solver.CYCLE
    # the dealer misses a pair on a share of deals no showdown count can contradict: every
    # deal he does not qualify on is a win or loss against an unqualified dealer, or a tie
    missed = Fraction(dealer_class_counts()["high-card"], math.comb(52, 7)) * solver.CYCLE
    known = sum(found.win_unqualified) + found.lose_unqualified
    assert known <= missed <= known + found.tie
    # the flop groups hold every checked (holding, flop) spot and every 2x bet
    checked = main_lines(solution, rules.strategy).checked
    groups = flop_groups(solution, checked)
    assert sum(g.spots for g in groups) == int(checked.sum()) * solver.FLOPS_PER_HOLDING
    assert sum(g.bets for g in groups) == int(solution.extra[checked, 2].sum())
    appendix = report.sections[-1]
    chart = appendix.children[0].blocks[-1]
    assert appendix.title.startswith("Appendix") and isinstance(chart, Table)
    assert len(chart.rows) == 169
    # the strategy's lines add to the cycle
    lines = main_lines(solution, rules.strategy)
    assert sum(int(lines.counts[p].sum()) for p in (1, 2, 3, 4)) + lines.folds == solver.CYCLE


def test_a_game_limits_its_variants_through_its_hook() -> None:
    import dataclasses

    from edge.report.variants import variants_section
    game = dataclasses.replace(get_game("triple-bet"),
                               report_variants=lambda rules: [("decks", (1, 8))])
    rules = game.make_rules()
    chosen = resolve_paytables(game)
    analyses = Analyses(game)
    tables = {bet.name: analyses.table(bet.name, chosen[bet.name], rules) for bet in game.bets}
    section = variants_section(ReportContext(game, rules, chosen, tables, analyses))
    rows = _cells(section.children[1].blocks[0])
    assert sorted({row[1] for row in rows}) == ["1", "8"]      # 6 (in use) is not asked for
