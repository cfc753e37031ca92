"""Casino Double-Hand Poker: a realistic player under an exposure (issue 27 part 2), the named
strategy ``house-way-seen`` and strategies that look at nothing seen, checked against a plain
enumeration written here (numpy; the settings and the house way from the Python reference
module, never the kernels), over every player deal, dealer deal and seen tile.

No published figure exists for any Double-Hand exposure (docs/protection.md), so the exact
returns are checked against the plain enumeration only.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

import edge
from edge.cli import main as cli_main
from edge.games import RunSettings
from edge.games.double_hand_poker import GAME
from edge.games.double_hand_poker.exposure_strategy import rules_of_play
from edge.games.double_hand_poker.house_way import Setting, house_way, settings
from edge.games.double_hand_poker.rules import DoubleHandRules, Seen, SettingRule
from edge.options import make_options
from edge.simulation import simulate
from edge.table import exact

pytestmark = pytest.mark.kernels

ROOT = Path(__file__).resolve().parents[1]
ALL_DEALS: list[tuple[int, ...]] = list(combinations(range(28), 3))
NUMBERS = [(a, b) for a in range(1, 8) for b in range(a, 8)]   # tile index -> its numbers
MASKS = np.array([sum(1 << t for t in deal) for deal in ALL_DEALS], dtype=np.int64)
WAYS = {Seen.NONE: 1, Seen.DEALER_1: 3, Seen.DEALER_2: 3, Seen.DEALER_3: 1}
EXPOSURES = (Seen.DEALER_1, Seen.DEALER_2, Seen.DEALER_3)

NO_PAIR, PAIR, STRAIGHT = 0, 1, 2
# house-way-seen, written out again here (house way levels, levels taken, prefer, condition on
# the seen tiles), first match wins; conditions on (a double seen, K-K or A-A seen, an A seen)
Condition = Callable[[bool, bool, bool], bool]
HOUSE_WAY_SEEN: list[tuple[tuple[int, int], tuple[int, int], str, Condition]] = [
    ((PAIR, STRAIGHT), (PAIR, STRAIGHT), "front", lambda double, high, ace: double),
    ((PAIR, PAIR), (NO_PAIR, STRAIGHT), "back", lambda double, high, ace: high),
    ((NO_PAIR, STRAIGHT), (NO_PAIR, STRAIGHT), "back", lambda double, high, ace: not ace),
    ((PAIR, PAIR), (NO_PAIR, 3), "back", lambda double, high, ace: True),
    ((PAIR, STRAIGHT), (PAIR, STRAIGHT), "back", lambda double, high, ace: True),
]


def plain_rule(own: Setting, every: tuple[Setting, ...], double: bool, high: bool,
               ace: bool) -> Setting:
    """The setting house-way-seen makes of a deal (its house-way setting ``own`` and every
    setting), given what the seen tiles show."""
    for levels, take, prefer, condition in HOUSE_WAY_SEEN:
        if (own.front_level, own.back_level) != levels or not condition(double, high, ace):
            continue
        found = [s for s in every if (s.front_level, s.back_level) == take]
        if found:
            if prefer == "back":
                return max(found, key=lambda s: (s.back_rank, s.front_rank))
            return max(found, key=lambda s: (s.front_rank, s.back_rank))
    return own


@cache
def rule_table() -> np.ndarray:
    """``[3,276 deals, 8 codes, 2]``: the (front, back) strengths house-way-seen sets, by
    code = a double seen + 2 x (K-K or A-A seen) + 4 x (an A seen)."""
    table = np.zeros((len(ALL_DEALS), 8, 2), dtype=np.int64)
    for index, deal in enumerate(ALL_DEALS):
        own, every = house_way(deal).setting, settings(deal)
        for code in range(8):
            s = plain_rule(own, every, bool(code & 1), bool(code & 2), bool(code & 4))
            table[index, code] = s.front_rank, s.back_rank
    return table


@cache
def dealer_strengths() -> tuple[np.ndarray, np.ndarray]:
    found = [house_way(deal).setting for deal in ALL_DEALS]
    return (np.array([s.front_rank for s in found], dtype=np.int64),
            np.array([s.back_rank for s in found], dtype=np.int64))


def plain_return(seen: Seen, commission: Fraction = Fraction(1, 20)) -> tuple[int, int, int]:
    """Win both, lose both and the cycle of house-way-seen, every player deal against every
    dealer deal of the other 25 tiles, once for each choice of the seen tiles among the
    dealer's."""
    tiles = np.array(ALL_DEALS, dtype=np.int64)
    double = np.array([a == b for a, b in NUMBERS])
    high = np.array([a == b and a >= 6 for a, b in NUMBERS])
    ace = np.array([b == 7 for _, b in NUMBERS])
    front, back = dealer_strengths()
    win = lose = cycle = 0
    subsets = list(combinations(range(3), seen.tiles))
    for index, deal in enumerate(ALL_DEALS):
        apart = (MASKS & sum(1 << t for t in deal)) == 0
        dealer = tiles[apart]
        f_dealer, b_dealer = front[apart], back[apart]
        table = rule_table()[index]
        for subset in subsets:
            shown = dealer[:, list(subset)]
            code = (double[shown].any(axis=1) * 1 + high[shown].any(axis=1) * 2
                    + ace[shown].any(axis=1) * 4)
            f, b = table[code, 0], table[code, 1]
            win += int(((f_dealer < f) & (b_dealer < b)).sum())
            lose += int(((f_dealer >= f) & (b_dealer >= b)).sum())
            cycle += len(dealer)
    return win, lose, cycle


# seconds each: one tile seen in the plain run, the others slow
@pytest.mark.parametrize("seen", [seen if seen == Seen.DEALER_1 else
                                  pytest.param(seen, marks=pytest.mark.slow)
                                  for seen in (Seen.NONE, *EXPOSURES)])
def test_house_way_seen_matches_a_plain_enumeration(seen: Seen) -> None:
    win, lose, cycle = plain_return(seen)
    table = edge.analyze("double-hand-poker", "main",
                         options={"strategy": "house-way-seen", "seen": str(seen)})
    rows = {row.outcome: row.combinations for row in table.rows}
    assert table.cycle == cycle == 3276 * 2300 * WAYS[seen]
    assert (rows["win-both"], rows["lose-both"]) == (win, lose)
    assert table.expected_return == (Fraction(19, 20) * win - lose) / cycle


@pytest.mark.parametrize("seen", EXPOSURES)
@pytest.mark.parametrize("strategy", ["house-way",
                                      str(ROOT / "examples/strategies/"
                                          "double-hand-house-way-plus.toml")])
def test_a_strategy_that_ignores_the_seen_tiles_returns_its_unexposed_return(
        seen: Seen, strategy: str) -> None:
    exposed = edge.analyze("double-hand-poker", "main",
                           options={"strategy": strategy, "seen": str(seen)})
    unexposed = edge.analyze("double-hand-poker", "main", options={"strategy": strategy})
    assert exposed.expected_return == unexposed.expected_return
    assert exposed.cycle == unexposed.cycle * WAYS[seen]
    assert dict(exposed.decisions)["set otherwise"] == 0


def test_cost_against_perfect_use_is_the_difference_of_exact_returns() -> None:
    for seen in EXPOSURES:
        options = {"seen": str(seen)}
        best = edge.analyze("double-hand-poker", "main", options=options).expected_return
        rules = make_options(DoubleHandRules, {**options, "strategy": "house-way-seen"})
        comparison = GAME.bet("main").comparison(GAME.wager(None, rules))
        assert comparison is not None
        assert comparison.optimal_return == best
        assert comparison.total_cost == comparison.difference > 0
        played = edge.analyze("double-hand-poker", "main",
                              options={**options, "strategy": "house-way-seen"})
        assert comparison.strategy_return == played.expected_return
        # seeing the tile is worth something to this player, less than to the optimal one
        dealt = edge.analyze("double-hand-poker", "main", options={"strategy": "house-way-seen"})
        assert dealt.expected_return < played.expected_return < best


def test_house_way_seen_reads_its_conditions() -> None:
    rule = SettingRule.resolve("house-way-seen")
    assert [str(e).split(" when ")[-1].split(" unless ")[-1] for e in rule.exceptions[:3]] == [
        "a double is seen", "K-K or A-A is seen", "a tile with A is seen"]
    assert rule.informed and not SettingRule.resolve("house-way").informed


def test_simulation_of_the_informed_rule_agrees() -> None:
    options = {"seen": "dealer-2", "strategy": "house-way-seen"}
    found = simulate("double-hand-poker", "main", None, options, hands=200_000, seed=11,
                     jobs=1)
    assert found.exact == edge.analyze("double-hand-poker", "main",
                                       options=options).expected_return
    assert abs(found.z_score) < 4 and found.agrees


@pytest.mark.parametrize(("body", "expected"), [
    ('seen = ["K-K"]\nunless_seen = ["A-A"]', "give seen or unless_seen, not both"),
    ('seen = ["K-Z"]', "'K-Z'"),
    ("seen = []", "give at least one tile"),
    ("seen = [7]", "7 is not a tile"),
    ('seen = ["with Z"]', "'Z' is not a number"),
])
def test_bad_seen_conditions_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                         body: str, expected: str) -> None:
    path = tmp_path / "rule.toml"
    path.write_text('setting = "house-way"\n[[exception]]\nhouse_way = "pair / pair"\n'
                    f'take = "pair / pair"\n{body}\n', encoding="utf-8")
    assert cli_main(["table", "double-hand-poker", "--strategy", str(path),
                     "--set", "seen=dealer-1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("edge: error: ") and expected in err and err.count("\n") == 1, err


def test_the_rules_of_play_name_the_informed_rule_with_its_exact_return() -> None:
    rules = make_options(DoubleHandRules, {"seen": "dealer-1"})
    line = rules_of_play(rules, RunSettings())[-1]
    played = edge.analyze("double-hand-poker", "main",
                          options={"seen": "dealer-1", "strategy": "house-way-seen"})
    assert "house-way-seen" in line and exact(played.expected_return) in line
