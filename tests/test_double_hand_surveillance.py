"""Casino Double-Hand Poker: what surveillance should watch for under an exposure (issue 27
part 3), its counts checked against plain enumerations written here (numpy; the settings and
the house way from the Python reference module, never the kernels): every situation of the
rule ``house-way-seen`` with one or two tiles seen, and the exposed optimal player with all
three seen (each situation one dealer deal, so the best setting is found deal by deal).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np
import pytest

from edge.document import Cell, Chart, Items, Section, Table
from edge.games.double_hand_poker import GAME
from edge.games.double_hand_poker.house_way import house_way, settings
from edge.games.double_hand_poker.rules import DoubleHandRules, Seen
from edge.games.double_hand_poker.surveillance import cross, watch
from edge.options import make_options
from edge.table import percent
from tests.test_double_hand_exposure import SAMPLE, plain_exposure
from tests.test_double_hand_informed import ALL_DEALS, NUMBERS, dealer_strengths, rule_table

pytestmark = pytest.mark.kernels

KINDS = 16   # (front level, back level) coded front x 4 + back


@cache
def house_and_type() -> tuple[np.ndarray, np.ndarray]:
    """Each deal's house-way (front, back) strengths and its levels code."""
    found = [house_way(deal).setting for deal in ALL_DEALS]
    return (np.array([(s.front_rank, s.back_rank) for s in found], dtype=np.int64),
            np.array([s.front_level * 4 + s.back_level for s in found], dtype=np.int64))


def plain_rule_watch(tiles_seen: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, int]:
    """house-way-seen with one or two tiles seen: situations, departures from the house way
    and departures from its own unexposed play by (seen tile, hand type) (a situation of two
    seen tiles counts under both), and the number of situations."""
    double = np.array([a == b for a, b in NUMBERS])
    high = np.array([a == b and a >= 6 for a, b in NUMBERS])
    ace = np.array([b == 7 for _, b in NUMBERS])
    house, kind = house_and_type()
    table = rule_table()
    situations = np.zeros((28, KINDS), dtype=np.int64)
    off_house = np.zeros((28, KINDS), dtype=np.int64)
    off_own = np.zeros((28, KINDS), dtype=np.int64)
    total = 0
    for index, deal in enumerate(ALL_DEALS):
        others = [t for t in range(28) if t not in deal]
        seen = np.array(list(combinations(others, tiles_seen)), dtype=np.int64)
        code = (double[seen].any(axis=1) * 1 + high[seen].any(axis=1) * 2
                + ace[seen].any(axis=1) * 4)
        setting = table[index, code]
        away = (setting != house[index]).any(axis=1)
        own = (setting != table[index, 0]).any(axis=1)
        total += len(seen)
        for column in range(tiles_seen):
            np.add.at(situations[:, kind[index]], seen[:, column], 1)
            np.add.at(off_house[:, kind[index]], seen[:, column], away)
            np.add.at(off_own[:, kind[index]], seen[:, column], own)
    return situations, off_house, off_own, total


@pytest.mark.parametrize("seen", (Seen.DEALER_1, Seen.DEALER_2))
def test_rule_player_counts_match_a_plain_enumeration(seen: Seen) -> None:
    situations, off_house, off_own, total = plain_rule_watch(seen.tiles)
    rules = make_options(DoubleHandRules, {"seen": str(seen), "strategy": "house-way-seen"})
    found = watch(rules)
    counted = cross(found)
    assert found.situations == total == 3276 * (25 if seen is Seen.DEALER_1 else 300)
    assert (counted.situations == situations).all()
    assert (counted.off_house == off_house).all()
    assert (counted.off_own == off_own).all()
    assert int(found.off_house.sum()) * seen.tiles == int(off_house.sum())


@cache
def plain_full_view() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The exposed optimal player with all three dealer tiles seen: situations, departures
    from the house way and from the unexposed optimal setting, by (dealer's house-way levels,
    hand type). In each situation (one dealer deal) the setting of highest value (win both
    19, lose both -20 at 5% commission) is set; a tie keeps the unexposed optimal setting (the
    best over all 2,300 dealer deals, a tie there keeping the house way's), else the first in
    the order strongest back hand, then strongest front."""
    masks = np.array([sum(1 << t for t in deal) for deal in ALL_DEALS], dtype=np.int64)
    front, back = dealer_strengths()
    levels = [house_way(deal).setting for deal in ALL_DEALS]
    dealer_code = np.array([s.front_level * 4 + s.back_level for s in levels], dtype=np.int64)
    house, kind = house_and_type()
    situations = np.zeros((KINDS, KINDS), dtype=np.int64)
    off_house = np.zeros((KINDS, KINDS), dtype=np.int64)
    off_own = np.zeros((KINDS, KINDS), dtype=np.int64)
    for index, deal in enumerate(ALL_DEALS):
        apart = (masks & sum(1 << t for t in deal)) == 0
        f_dealer, b_dealer, rows = front[apart], back[apart], dealer_code[apart]
        every = sorted(((s.front_rank, s.back_rank) for s in settings(deal)),
                       key=lambda s: (-s[1], -s[0]))
        values = np.array([19 * ((f_dealer < f) & (b_dealer < b))
                           - 20 * ((f_dealer >= f) & (b_dealer >= b)) for f, b in every])
        own = every.index(tuple(house[index]))
        totals = values.sum(axis=1)
        preferred = own if totals[own] == totals.max() else int(np.argmax(totals))
        best = values.max(axis=0)
        chosen = np.where(values[preferred] == best, preferred, np.argmax(values, axis=0))
        np.add.at(situations[:, kind[index]], rows, 1)
        np.add.at(off_house[:, kind[index]], rows, chosen != own)
        np.add.at(off_own[:, kind[index]], rows, chosen != preferred)
    return situations, off_house, off_own


@pytest.mark.slow       # a plain enumeration of every deal (seconds)
def test_full_view_counts_match_a_plain_enumeration() -> None:
    situations, off_house, off_own = plain_full_view()
    found = watch(make_options(DoubleHandRules, {"seen": "dealer-3"}))
    counted = cross(found)
    assert found.situations == 3276 * 2300 == int(situations.sum())
    assert (counted.situations == situations).all()
    assert (counted.off_house == off_house).all()
    assert (counted.off_own == off_own).all()


@pytest.mark.slow       # every scenario's section and chart: seconds
def test_sections_say_the_shares_and_draw_a_coloured_grid_and_a_chart() -> None:
    situations, off_house, off_own = plain_full_view()
    rules = make_options(DoubleHandRules, {"seen": "dealer-3"})
    sections = GAME.bet("main").surveillance(GAME.wager(None, rules))
    assert len(sections) == 1 and isinstance(sections[0], Section)
    blocks = sections[0].blocks
    summary = next(b for b in blocks if isinstance(b, Items))
    share = Fraction(int(off_house.sum()), int(situations.sum()))
    assert f"{percent(share, 2)} of hands" in str(summary.items[0])
    grid = [b for b in blocks if isinstance(b, Table) and b.legend][0]
    assert any(isinstance(cell, Cell) and cell.colour for row in grid.rows for cell in row)
    chart = next(b for b in blocks if isinstance(b, Chart))
    assert chart.fallback and chart.draw().axes
    # the plain rules with all three seen are the full-view rule
    assert "beats both of the dealer's hands" in str(blocks[-1])
    # the game as dealt has nothing to watch for
    assert GAME.bet("main").surveillance(GAME.wager(None, DoubleHandRules())) == []


def test_plain_rules_name_the_informed_rule_and_its_exceptions() -> None:
    rules = make_options(DoubleHandRules, {"seen": "dealer-1"})
    sections = GAME.bet("main").surveillance(GAME.wager(None, rules))
    lines = sections[0].blocks[-1]
    assert isinstance(lines, Items)
    assert "house-way-seen" in str(lines.items[0])
    assert any("when K-K or A-A is seen" in str(line) for line in lines.items)


def test_exposed_optimal_departures_on_sampled_deals_match_the_plain_solve() -> None:
    """One tile seen, the exposed optimal player: on the sampled deals, where he leaves the
    house way and his unexposed optimal setting, situation by situation, against the plain
    exposure solve of tests/test_double_hand_exposure.py."""
    found = watch(make_options(DoubleHandRules, {"seen": "dealer-1"}))
    house, _ = house_and_type()
    for index in SAMPLE:
        deal = ALL_DEALS[index]
        plain = plain_exposure(deal, 1, Fraction(1, 20))
        every = [(s.front_rank, s.back_rank) for s in settings(deal)]   # plain's slots
        own = every.index(tuple(house[index]))
        assert (found.off_house[index] == (plain["chosen"] != own)).all()
        assert (found.off_own[index] == (plain["chosen"] != plain["preferred"])).all()
