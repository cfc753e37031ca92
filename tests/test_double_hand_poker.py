"""Casino Double-Hand Poker: the main wager against plain enumeration, and the side bets."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from itertools import combinations, product
from math import comb

import numpy as np
import pytest

import edge
from edge.cli import main as cli_main
from edge.document import Paragraph, Report, Table
from edge.errors import EdgeError, OptionError
from edge.games import RunSettings, get_game
from edge.games.double_hand_poker import GAME
from edge.games.double_hand_poker import simulation as sim
from edge.games.double_hand_poker.analysis import (
    DICE_HI,
    chosen_slots,
    compute_setting_counts,
    dice_counts,
    lo_hi_counts,
    main_wager_counts,
    setting_counts,
    setting_values,
)
from edge.games.double_hand_poker.house_way import explain_house_way, house_way, settings
from edge.games.double_hand_poker.rules import DoubleHandRules, PlayerSetting
from edge.games.double_hand_poker.strategy import differences
from edge.games.double_hand_poker.tiles import format_tiles, parse_tiles
from edge.options import make_options

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

ALL_DEALS: list[tuple[int, ...]] = list(combinations(range(28), 3))
DEAL_INDEX = {deal: index for index, deal in enumerate(ALL_DEALS)}
FIVE_PERCENT = Fraction(1, 20)


# --- a plain reference: every dealer deal against each setting -------------------------------

@cache
def dealer_settings() -> dict[tuple[int, ...], tuple[int, int]]:
    """The dealer's house-way (front, back) strengths for every deal of three tiles."""
    found = {}
    for deal in ALL_DEALS:
        setting = house_way(deal).setting
        found[deal] = (setting.front_rank, setting.back_rank)
    return found


@cache
def dealer_deals() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every dealer deal of three tiles (``ALL_DEALS`` order) as arrays: its tiles as a bit
    mask, and the front and back strengths of its house-way setting."""
    dealer = dealer_settings()
    tiles = np.array([sum(1 << t for t in deal) for deal in ALL_DEALS], dtype=np.int64)
    front = np.array([dealer[deal][0] for deal in ALL_DEALS], dtype=np.int64)
    back = np.array([dealer[deal][1] for deal in ALL_DEALS], dtype=np.int64)
    return tiles, front, back


@cache
def setting_strengths(deal: tuple[int, ...]) -> list[tuple[int, int]]:
    """The (front, back) strengths of every setting of a deal, in canonical order."""
    return [(setting.front_rank, setting.back_rank) for setting in settings(deal)]


def plain_setting_counts(player: tuple[int, ...]) -> list[list[int]]:
    """[win both, push, lose both] of each setting of a player deal (canonical order), over
    every dealer deal of three of the other 25 tiles.

    The dealer deals are those of ``ALL_DEALS`` sharing no tile with the player (numpy
    compares the setting with all 2,300 of them at once, the same as a loop one deal at a
    time): the player wins both when both hands are higher, loses both when neither is
    (the dealer wins copies), and pushes otherwise.
    """
    tiles, dealer_front, dealer_back = dealer_deals()
    unseen = (tiles & sum(1 << t for t in player)) == 0
    dealer_front, dealer_back = dealer_front[unseen], dealer_back[unseen]
    assert len(dealer_front) == comb(25, 3)
    results = []
    for front, back in setting_strengths(player):
        front_wins = front > dealer_front
        back_wins = back > dealer_back
        win = int((front_wins & back_wins).sum())
        lose = int((~front_wins & ~back_wins).sum())
        results.append([win, len(dealer_front) - win - lose, lose])
    return results


def plain_choice(results: list[list[int]], house: int, commission: Fraction) -> int:
    """The setting with the highest exact EV; a tie keeps the house way's, else the first."""
    values = [Fraction(w) * (1 - commission) - lose for w, _, lose in results]
    best = max(values)
    return house if values[house] == best else values.index(best)


def check_deals(deals: list[tuple[int, ...]],
                commission: Fraction) -> Iterator[tuple[str, list[int]]]:
    """Compare the kernel with the plain loop deal by deal; yield each strategy's counts."""
    counts = setting_counts()
    optimal_slots = chosen_slots(counts, "optimal", commission)
    for deal in deals:
        index = DEAL_INDEX[deal]
        assert tuple(int(t) for t in counts.deals[index]) == deal
        results = plain_setting_counts(deal)
        found = int(counts.setting_count[index])
        assert [[int(x) for x in counts.counts[index, k]] for k in range(found)] == results, deal
        # the player's house-way setting is the one the dealer would set with these tiles
        house = setting_strengths(deal).index(dealer_settings()[deal])
        assert int(counts.house_slot[index]) == house
        best = plain_choice(results, house, commission)
        assert int(optimal_slots[index]) == best, deal
        yield "house-way", results[house]
        yield "optimal", results[best]


def test_kernel_matches_plain_loop_on_sampled_player_deals() -> None:
    sample = random.Random(20240602).sample(ALL_DEALS, 30)
    sample += [deal for deal in ALL_DEALS if deal[0] == 0 and deal[1] == 1][:3]  # 8-8 8-9 ...
    for _ in check_deals(sample, FIVE_PERCENT):
        pass
    for _ in check_deals(sample[:5], Fraction(0)):
        pass


@pytest.mark.slow
def test_main_wager_both_strategies_against_every_deal_pair() -> None:
    totals: dict[str, list[int]] = {"house-way": [0, 0, 0], "optimal": [0, 0, 0]}
    for strategy, result in check_deals(ALL_DEALS, FIVE_PERCENT):
        for i in range(3):
            totals[strategy][i] += result[i]
    for strategy, (win, push, lose) in totals.items():
        table = edge.analyze("double-hand-poker", "main", options={"strategy": strategy})
        assert [row.combinations for row in table.rows] == [win, push, lose]
        assert table.cycle == 3276 * 2300
        assert table.expected_return == (Fraction(19, 20) * win - lose) / (3276 * 2300)


# --- the main wager table ---------------------------------------------------------------------

def test_cycle_and_push_column_add_up() -> None:
    counts = compute_setting_counts()
    assert counts.counts.shape == (comb(28, 3), 10, 3)
    valid = counts.front >= 0
    assert (valid.sum(axis=1) == counts.setting_count).all()
    assert (counts.counts[valid].sum(axis=1) == comb(25, 3)).all()
    assert (counts.counts[~valid] == 0).all()
    assert (counts.counts >= 0).all()


def test_optimal_is_never_worse_than_the_house_way_deal_by_deal() -> None:
    counts = setting_counts()
    for commission in (Fraction(0), FIVE_PERCENT, Fraction(1, 10)):
        values = setting_values(counts, commission)
        deals = np.arange(len(values))
        best = values[deals, chosen_slots(counts, "optimal", commission)]
        house = values[deals, counts.house_slot]
        assert (best >= house).all()
        assert (best == values.max(axis=1)).all()


def test_main_table_rows_and_pays() -> None:
    table = edge.analyze("double-hand-poker", "main")
    assert [row.outcome for row in table.rows] == ["win-both", "push", "lose-both"]
    assert [row.pays for row in table.rows] == [Fraction(19, 20), 0, -1]
    assert table.cycle == 7_534_800
    assert table.options == {"strategy": "optimal", "commission": "1/20"}
    house = edge.analyze("double-hand-poker", "main", options={"strategy": "house-way"})
    assert house.house_edge > table.house_edge > 0
    assert any("differs from the house way" in note for note in table.notes)
    assert any("Beside it, the player setting by the house way" in note for note in table.notes)


@pytest.mark.parametrize("text", ["0.05", "1/20", "5%", " 5 % "])
def test_commission_is_exact(text: str) -> None:
    assert make_options(DoubleHandRules, {"commission": text}).commission == Fraction(1, 20)


def test_commission_changes_the_win_pay_and_the_strategy() -> None:
    zero = edge.analyze("double-hand-poker", "main", options={"commission": "0"})
    assert zero.rows[0].pays == 1
    counts = setting_counts()
    win, _, lose = main_wager_counts(counts, chosen_slots(counts, "optimal", Fraction(0)))
    assert zero.expected_return == Fraction(win - lose, 7_534_800)
    float_given = edge.analyze("double-hand-poker", "main", options={"commission": 0.05})
    assert float_given.rows[0].pays == Fraction(19, 20)


@pytest.mark.parametrize(("key", "value"), [
    ("commission", "-1/20"), ("commission", "2"), ("strategy", "mimic"), ("players", "8"),
    ("players", "0"), ("pays", "-1"),
])
def test_bad_options_are_named(key: str, value: str) -> None:
    with pytest.raises(OptionError, match=key):
        edge.analyze("double-hand-poker", "main", options={key: value})


def test_strategy_report_lists_differences_with_evs() -> None:
    found = differences(FIVE_PERCENT)
    counts = setting_counts()
    slots = chosen_slots(counts, "optimal", FIVE_PERCENT)
    assert len(found) == int((slots != counts.house_slot).sum()) > 0
    assert all(d.gain > 0 for d in found)
    assert [d.gain for d in found] == sorted((d.gain for d in found), reverse=True)
    # the EVs are the plain loop's, exactly
    top = found[0]
    results = plain_setting_counts(top.tiles)
    values = {str(s): Fraction(w) * Fraction(19, 20) - lose
              for s, (w, _, lose) in zip(settings(top.tiles), results, strict=True)}
    assert values[str(top.optimal)] / 2300 == top.optimal_value
    assert values[str(top.house_way)] / 2300 == top.house_way_value
    # the house-edge gap is the sum of the gains over all player deals
    house = edge.analyze("double-hand-poker", "main", options={"strategy": "house-way"})
    optimal = edge.analyze("double-hand-poker", "main")
    assert house.house_edge - optimal.house_edge == sum(d.gain for d in found) / 3276


# --- Lo-Card and Hi-Card ----------------------------------------------------------------------

def plain_lo_hi(players: int, tiles: int, target: int) -> Counter[str]:
    """Deal every hand, the dealer's and the three exposed tiles from ``tiles`` tiles, one deal
    at a time, and settle the bet on ``target`` by the rules as written."""
    results: Counter[str] = Counter()

    def deal(remaining: tuple[int, ...], hands: list[tuple[int, ...]]) -> None:
        if len(hands) < players + 1:
            for hand in combinations(remaining, 3):
                rest = tuple(t for t in remaining if t not in hand)
                deal(rest, [*hands, hand])
            return
        player_hands, dealer = hands[:players], hands[players]
        for exposed in combinations(remaining, 3):
            if target in player_hands[0]:
                results["win"] += 1
            elif any(target in hand for hand in player_hands):
                results["lose-other-player"] += 1
            elif target in exposed:
                results["push"] += 1
            elif target in dealer:
                results["lose-dealer"] += 1
            else:
                results["lose-unexposed"] += 1

    deal(tuple(range(tiles)), [])
    return results


@pytest.mark.slow
@pytest.mark.parametrize(("players", "tiles", "target"), [
    (1, 10, 0), (1, 10, 9), (1, 12, 11), (2, 12, 0), (2, 12, 11),
])
def test_lo_hi_against_every_deal_of_a_smaller_set(players: int, tiles: int, target: int) -> None:
    # A full deal of 28 tiles is far too many to list (3,276 x 2,300 x 1,540 for one player);
    # the same rules on 10 or 12 tiles are listed deal by deal, for the lowest and highest tile.
    plain = plain_lo_hi(players, tiles, target)
    fast = lo_hi_counts(players, tiles)
    assert {k: v for k, v in fast.items() if v} == dict(plain)


@pytest.mark.parametrize("target", [0, 27])
def test_lo_hi_one_player_every_hand_pair_of_the_full_set(target: int) -> None:
    # Every player hand against every dealer hand of the 28 tiles (as bit masks); the three
    # exposed tiles are then any 3 of the 22 left, C(21, 2) of them holding the bet's tile.
    masks = np.array([sum(1 << t for t in deal) for deal in ALL_DEALS], dtype=np.int64)
    disjoint = (masks[:, None] & masks[None, :]) == 0
    holds = (masks >> target) & 1 == 1
    exposures, holding = comb(22, 3), comb(21, 2)
    player_has = int((disjoint & holds[:, None]).sum())
    dealer_has = int((disjoint & holds[None, :]).sum())
    left = int(disjoint.sum()) - player_has - dealer_has
    assert lo_hi_counts(1) == {
        "win": player_has * exposures, "push": left * holding, "lose-other-player": 0,
        "lose-dealer": dealer_has * exposures, "lose-unexposed": left * (exposures - holding)}


def test_lo_hi_smallest_case_quickly() -> None:
    assert lo_hi_counts(1, 10) == {**plain_lo_hi(1, 10, 0), "lose-other-player": 0}


@pytest.mark.parametrize("players", range(1, 8))
def test_lo_hi_cycle_and_shares(players: int) -> None:
    counts = lo_hi_counts(players)
    rest = 28 - 3 * players - 6
    cycle = 1
    left = 28
    for size in [3] * (players + 2):
        cycle *= comb(left, size)
        left -= size
    assert sum(counts.values()) == cycle
    assert left == rest
    # the tile is equally likely to be any of the 28 places of the deal: 3 in the player's hand
    assert Fraction(counts["win"], cycle) == Fraction(3, 28)
    assert Fraction(counts["push"], cycle) == Fraction(3, 28)
    assert Fraction(counts["lose-other-player"], cycle) == Fraction(3 * (players - 1), 28)


def test_lo_hi_table_prints_the_assumption_and_break_even() -> None:
    table = edge.analyze("double-hand-poker", "lo-card", options={"players": "5", "pays": "7"})
    assert table.options == {"players": "5", "pays": "7 (assumption)"}
    assert table.house_edge == Fraction(1, 28)  # (22 - 3 x 7) / 28
    assert any("Break-even pay: 22/3 to 1" in note for note in table.notes)
    assert any("assumption" in note for note in table.notes)
    hi = edge.analyze("double-hand-poker", "hi-card", options={"pays": "22/3"})
    assert hi.house_edge == 0


# --- Dice-Lo and Dice-Hi ----------------------------------------------------------------------

def test_dice_against_references() -> None:
    # docs/references.md, Dice (Sic Bo Small / Big): 105 winning rolls of 216, house edge 1/36.
    for bet in ("dice-lo", "dice-hi"):
        table = edge.analyze("double-hand-poker", bet)
        assert table.cycle == 216
        assert table.rows[0].outcome == "win" and table.rows[0].combinations == 105
        assert table.house_edge == Fraction(1, 36)
    rolls = list(product(range(1, 7), repeat=3))
    assert dice_counts(DICE_HI)["win"] == sum(
        1 for r in rolls if 11 <= sum(r) <= 17 and len(set(r)) > 1)


# --- the command line -------------------------------------------------------------------------

def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = cli_main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_cli_tables(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "table", "double-hand-poker", "--bet", "main")
    assert status == 0 and "win-both" in out and "19/20" in out
    status, out, _ = run(capsys, "table", "double-hand-poker", "--bet", "main",
                         "--set", "strategy=house-way", "--set", "commission=0.05")
    assert status == 0 and "strategy=house-way, commission=1/20" in out
    status, out, _ = run(capsys, "table", "double-hand-poker", "--bet", "lo-card",
                         "--set", "players=5", "--set", "pays=7")
    assert status == 0 and "players=5" in out and "Break-even pay" in out
    for bet in ("hi-card", "dice-lo", "dice-hi"):
        assert run(capsys, "table", "double-hand-poker", "--bet", bet)[0] == 0
    status, out, _ = run(capsys, "table", "double-hand-poker", "--bet", "main", "--format", "json")
    assert json.loads(out)["options"]["commission"] == "1/20"


def test_cli_house_way(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "house-way", "10-10 Q-K K-A")
    assert status == 0
    assert "Rule 1 applies" in out
    assert "The dealer sets front 10-10-K, back Q-K-A" in out
    status, out, _ = run(capsys, "house-way", "3-3", "5-6", "6-7")
    assert status == 0 and "10-10-K" in out
    status, _, err = run(capsys, "house-way", "10-10 Q-X K-A")
    assert status == 2 and "'Q-X'" in err and len(err.strip().splitlines()) == 1
    status, _, err = run(capsys, "house-way", "10-10 Q-K K-Q")
    assert status == 2 and "twice" in err
    status, _, err = run(capsys, "house-way", "10-10 Q-K")
    assert status == 2 and "exactly 3" in err


def test_cli_strategy(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "strategy", "double-hand-poker")
    assert status == 0
    assert "differs from the house way on" in out and "most valuable differences" in out
    status, out, _ = run(capsys, "strategy", "double-hand-poker", "--format", "json")
    data = json.loads(out)
    assert data["differing_deals"] == len(data["differences"]) > 0
    status, out, _ = run(capsys, "strategy", "double-hand-poker", "--format", "markdown")
    assert status == 0 and "| tiles" in out


def test_unknown_bet_is_an_error() -> None:
    with pytest.raises(EdgeError, match="Unknown bet"):
        edge.analyze("double-hand-poker", "pair-plus")


def test_cli_house_way_prints_the_explanation_and_is_the_games_command(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert [command.name for command in GAME.commands] == ["house-way"]
    status, out, _ = run(capsys, "house-way", "10-10 Q-K K-A")
    assert status == 0 and out == "\n".join(explain_house_way(parse_tiles("10-10 Q-K K-A")))
    with pytest.raises(SystemExit) as raised:
        cli_main(["house-way", "--help"])
    assert raised.value.code == 0 and "10-10 Q-K K-A" in capsys.readouterr().out


def test_cli_house_way_shortens_a_long_input(capsys: pytest.CaptureFixture[str]) -> None:
    tiles = " ".join(["8-8", "8-9", "8-10"] * 3334)  # 10,002 tiles
    status, _, err = run(capsys, "house-way", tiles)
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith("edge: error: ") and len(err) < 200
    assert f"({len(tiles):,} characters)" in err


# --- the options and each wager's hooks --------------------------------------------------------

def test_strategy_option_is_a_named_strategy() -> None:
    assert make_options(DoubleHandRules, {"strategy": "house-way"}).strategy.base is (
        PlayerSetting.HOUSE_WAY)
    assert DoubleHandRules().strategy.base is PlayerSetting.OPTIMAL
    given_as_text = DoubleHandRules(strategy="house-way")  # type: ignore[arg-type]
    assert given_as_text.strategy.base is PlayerSetting.HOUSE_WAY
    assert str(given_as_text.strategy) == "house-way"
    with pytest.raises(OptionError, match="'mimic' for double-hand-poker: choose one of "
                                          "optimal, house-way"):
        make_options(DoubleHandRules, {"strategy": "mimic"})
    with pytest.raises(OptionError, match="choose one of optimal, house-way"):
        DoubleHandRules(strategy="mimic")  # type: ignore[arg-type]
    rules = GAME.make_rules({"strategy": "house-way"})
    assert edge.analyze("double-hand-poker", "main", options={"strategy": "house-way"}) == (
        GAME.analyze("main", None, rules))


def test_every_bet_has_its_own_analyze_and_simulate_hooks() -> None:
    assert get_game("double-hand") is GAME
    rules = DoubleHandRules(players=3, pays=Fraction(15, 2))
    run_settings = RunSettings()
    for bet in GAME.bets:
        table = bet.table(GAME.wager(None, rules, run_settings))
        assert table.bet == bet.name and table.game == "double-hand-poker"
        simulator = bet.simulator(GAME.wager(None, rules, run_settings))
        assert simulator is not None
        assert simulator.outcomes == tuple(row.outcome for row in table.rows)
        assert isinstance(simulator, sim.MainSimulator | sim.TileBetSimulator | sim.DiceSimulator)
        assert [Fraction(int(p), simulator.scale) for p in simulator.pays] == [
            row.pays for row in table.rows]
    assert len({id(bet.analyze) for bet in GAME.bets}) == len(GAME.bets)
    lo, hi = GAME.bet("lo-card"), GAME.bet("hi-card")
    wager = GAME.wager(None, rules, run_settings)
    lo_sim, hi_sim = lo.simulator(wager), hi.simulator(wager)
    assert isinstance(lo_sim, sim.TileBetSimulator) and isinstance(hi_sim, sim.TileBetSimulator)
    assert (lo_sim.target, hi_sim.target, lo_sim.players) == (0, 27, 3)
    assert [b.strategy is not None for b in GAME.bets] == [True, False, False, False, False]


def test_main_strategy_hook_is_a_document_of_the_differences() -> None:
    rules = DoubleHandRules()
    report = GAME.bet("main").document(GAME.wager(None, rules))
    assert isinstance(report, Report)
    house, optimal = report.sections
    assert house.title == "The house way"
    house_table = [b for b in house.blocks if isinstance(b, Table)][0]
    assert [row[0] for row in house_table.rows] == ["1", "2"]
    paragraphs = [b.text for b in optimal.blocks if isinstance(b, Paragraph)]
    assert len(paragraphs) == 4
    by_levels, top = [b for b in optimal.blocks if isinstance(b, Table)]
    found = differences(FIVE_PERCENT)
    assert len(top.rows) == min(20, len(found))
    assert sum(int(str(row[2]).replace(",", "")) for row in by_levels.rows) == len(found)
    assert [row[0] for row in top.rows] == [format_tiles(d.tiles) for d in found[:20]]
    data = json.loads(report.render("json"))            # the JSON contract of edge strategy
    assert data["differing_deals"] == len(data["differences"]) == len(found)
    assert "| tiles" in report.render("markdown")
