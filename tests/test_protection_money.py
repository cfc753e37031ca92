"""Game protection in money (issue 27, part 1): exposure rates, break-even rates, win per hour
(edge/protection.py, edge/report/money.py, `edge protection`, the report's money subsection)
and the report's wiring of the surveillance hook (part 3).

Every figure is checked against a plain calculation written here from the two return tables'
expected returns (r x exposed + (1 - r) x unexposed; hands x unit x return; the rate where the
mixed return is zero), never against the code's own output, and the break-even rates against
the hand checks of issue 27 (about 13.9% and 5.4% for one and both UTH dealer cards, 49% for
one Tri-Card dealer card).
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import re
from fractions import Fraction
from pathlib import Path
from typing import cast

import pytest

from edge.cli import main
from edge.document import Chart, Paragraph, Section, Table
from edge.errors import EdgeError
from edge.games import Exposed, Game, Rules, Wager, get_game, pays_and_rules
from edge.player import seeing
from edge.protection import (
    DEFAULT_PACE,
    DEFAULT_RATES,
    ExposureMoney,
    Pace,
    Protection,
    Scenario,
    break_even_rate,
    mixed_return,
    parse_rate,
    stake_text,
    which_edge_note,
)
from edge.protection_command import parse_hands
from edge.report import make_report
from edge.report.money import chosen_scenarios, label_levels, money, money_tables
from tests.test_protection_report import TOY, ToyRules, toy_analyze

TCP = "three-card-poker"


def plain_money(exposed: Fraction, unexposed: Fraction, rate: Fraction, unit: Fraction,
                hands: int) -> tuple[Fraction, Fraction]:
    """The player's return at a rate, and the win per hour, the plain way."""
    value = rate * exposed + (1 - rate) * unexposed
    return value, hands * unit * value


def plain_break_even(exposed: Fraction, unexposed: Fraction) -> Fraction:
    """Solve r x exposed + (1 - r) x unexposed = 0 for r (the house has the edge unexposed)."""
    return unexposed / (unexposed - exposed)


# --- hand checks --------------------------------------------------------------------------

def test_break_even_rates_are_the_hand_checks_of_the_issue() -> None:
    # the exact returns edge reproduces from the published figures (docs/references.md):
    # UTH house edge 2.1850% (Wizard of Odds), one dealer card 13.5922% and both 38.5816%
    # (E. Jacobson, 888casino blog); Tri-Card 5-4-1 -3.3730% (J. Grochowski) and one dealer
    # card 3.4829% (E. Jacobson, "Three Card Poker Hole-Card Play: Update #1")
    uth = -Fraction(50643648973, 2317817502000)
    one = break_even_rate(Fraction(8592081451, 63213204600), uth)
    both = break_even_rate(Fraction(2682750886069, 6953452506000), uth)
    tcp = break_even_rate(Fraction(443162, 12724075), -Fraction(686689, 20358520))
    assert one is not None and abs(one - Fraction(139, 1000)) < Fraction(1, 1000)  # 13.9%
    assert both is not None and abs(both - Fraction(54, 1000)) < Fraction(1, 1000)  # 5.4%
    assert tcp is not None and abs(tcp - Fraction(49, 100)) < Fraction(1, 100)     # 49%
    for rate in (one, both, tcp):
        assert rate is not None and 0 < rate < 1


def test_break_even_when_either_side_already_decides() -> None:
    assert break_even_rate(Fraction(1, 10), Fraction(1, 100)) == 0          # dealt: player's
    assert break_even_rate(Fraction(-1, 100), Fraction(-1, 50)) is None     # never the player's
    assert mixed_return(Fraction(1, 5), Fraction(-1, 20), Fraction(1, 5)) == 0


@pytest.mark.parametrize("text", ["10%", "0.1", "1/10", " 10 % ", "10.0%"])
def test_a_rate_is_read_as_a_percentage_a_decimal_or_a_fraction(text: str) -> None:
    assert parse_rate(text) == Fraction(1, 10)


@pytest.mark.parametrize("text", ["x", "2", "-1%", "1/0", "101%", ""])
def test_a_bad_rate_is_one_error_line(text: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protection", TCP, f"--exposure-rate={text}"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("edge: error: The exposure rate")
    assert repr(text) in err


@pytest.mark.parametrize("args", [
    ["--unit", "0"], ["--unit", "ten"], ["--hands-per-hour", "0"], ["--seen", "dealer-9"],
    ["--set", "seen=dealer-1"], ["--bet", "ante"]])
def test_other_bad_input_is_one_error_line(args: list[str],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    status: object
    try:
        status = main(["protection", TCP, *args])
    except SystemExit as stop:                  # argparse's own refusals
        status = stop.code
    assert status == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("edge: error:")


def test_a_game_without_exposures_is_an_error_naming_those_with_some(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protection", "triple-bet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "three-card-poker" in err and "triple-bet" in err


def test_seen_reads_a_comma_as_one_scenario_in_any_order_and_a_semicolon_as_two() -> None:
    protection = Protection("main", tuple(Scenario(name, name, "early", 1) for name in
                                          ("dealer-1", "dealer-1,flop-1", "flop-1")))

    def names(given: str) -> list[str]:
        return [s.name for s in chosen_scenarios(protection, given)]

    # one reading whatever the order: a comma joins the parts of ONE scenario
    assert names("dealer-1,flop-1") == names("flop-1,dealer-1") == ["dealer-1,flop-1"]
    assert names(" flop-1 , dealer-1 ") == ["dealer-1,flop-1"]
    # ';' separates scenarios, listed in the game's order whatever the order given
    assert names("flop-1;dealer-1") == names("dealer-1;flop-1") == ["dealer-1", "flop-1"]
    assert names("flop-1,dealer-1;flop-1") == ["dealer-1,flop-1", "flop-1"]
    assert names("dealer-1") == ["dealer-1"]
    assert len(chosen_scenarios(protection, None)) == 3


def test_the_seen_option_reads_two_cards_in_either_order() -> None:
    """``--set seen=flop-1,dealer-1`` is the scenario ``dealer-1,flop-1``, as ``--seen`` reads
    it (it was refused as not one of the choices)."""
    from edge.games import get_game
    from edge.games.ultimate_texas_holdem.rules import Seen, UltimateTexasHoldemRules

    game = get_game("ultimate-texas-holdem")
    for given, scenario in (("flop-1,dealer-1", Seen.DEALER_1_FLOP_1),
                            ("turn-river-1, dealer-1", Seen.DEALER_1_TURN_RIVER_1),
                            ("dealer-1", Seen.DEALER_1)):
        rules = game.make_rules({"seen": given})
        assert isinstance(rules, UltimateTexasHoldemRules) and rules.seen is scenario
    with pytest.raises(EdgeError, match=re.escape("seen='flop-1,flop-2' is not one of")):
        game.make_rules({"seen": "flop-1,flop-2"})


@pytest.mark.parametrize(("given", "words"), [
    ("dealer-1,dealer-1", "names 'dealer-1' twice"),
    ("dealer-1,flop-1;flop-1,dealer-1", "names 'dealer-1,flop-1' twice"),
    ("dealer-1;dealer-1", "names 'dealer-1' twice"),
    ("dealer-1,flop-1,dealer-9", "is not a scenario of the game"),
    ("dealer-1;", "has an empty scenario or part"),
    ("", "has an empty scenario or part"),
])
def test_seen_refuses_what_names_no_scenario_or_one_twice(given: str, words: str) -> None:
    protection = Protection("main", tuple(Scenario(name, name, "early", 1) for name in
                                          ("dealer-1", "dealer-1,flop-1", "flop-1")))
    with pytest.raises(EdgeError, match=re.escape(words)):
        chosen_scenarios(protection, given)


def test_a_comma_list_of_separate_scenarios_is_refused_naming_the_semicolon() -> None:
    protection = Protection("main", tuple(Scenario(name, name, "early", 1) for name in
                                          ("dealer-1", "dealer-2")))
    with pytest.raises(EdgeError, match=re.escape("separate them with ';': "
                                                  "'dealer-1;dealer-2'")):
        chosen_scenarios(protection, "dealer-1,dealer-2")


def test_money_is_rounded_to_the_cent_and_signed() -> None:
    assert money(Fraction(52241, 1000)) == "+52.24"
    assert money(Fraction(-1, 200)) == "0.00"             # half a cent, half to even: 0
    assert money(Fraction(-3, 200)) == "-0.02"
    assert money(Fraction(123456789, 100)) == "+1,234,567.89"


def test_break_even_labels_close_together_take_other_rows() -> None:
    assert label_levels([0.08, 0.16, 0.17, 0.26, 0.49]) == [0, 0, 1, 0, 0]


# --- the command against a plain calculation ----------------------------------------------

def tcp_returns() -> tuple[Fraction, dict[str, Fraction]]:
    """The Tri-Card Ante's expected return as dealt and under each exposure (the analyses'
    own tables: what the money figures are made from)."""
    game = get_game(TCP)
    rules = game.make_rules()
    protection = game.protection
    assert protection is not None
    unexposed = game.analyze(protection.bet, None, seeing(rules, "none")).expected_return
    return unexposed, {s.name: game.analyze(protection.bet, None, seeing(rules, s.name))
                       .expected_return for s in protection.scenarios}


@pytest.mark.slow       # 6.2 s in the plain run (3 min 47 s): the slow run
def test_json_figures_against_a_plain_calculation(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protection", TCP, "--exposure-rate", "5%", "--exposure-rate", "1/3",
                 "--unit", "12.5", "--hands-per-hour", "45", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    unexposed, exposed = tcp_returns()
    assert Fraction(data["unexposed_return"]) == unexposed
    assert (data["unit"], data["hands_per_hour"]) == ("25/2", 45)
    assert [s["seen"] for s in data["scenarios"]] == list(exposed)
    for scenario in data["scenarios"]:
        mine = exposed[scenario["seen"]]
        assert Fraction(scenario["exposed_return"]) == mine
        assert Fraction(scenario["break_even_rate"]) == plain_break_even(mine, unexposed)
        for at, rate in zip(scenario["rates"], (Fraction(1, 20), Fraction(1, 3)), strict=True):
            value, win = plain_money(mine, unexposed, rate, Fraction(25, 2), 45)
            assert Fraction(at["exposure_rate"]) == rate
            assert Fraction(at["player_return"]) == value
            assert Fraction(at["win_per_hour"]) == win


def test_plain_output_states_its_basis_and_the_games_pace(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protection", TCP, "--seen", "dealer-1"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    unexposed, exposed = tcp_returns()
    even = plain_break_even(exposed["dealer-1"], unexposed)
    assert f"{float(even) * 100:.2f}%" == "49.20%" and "49.20%" in text
    assert ("60 hands an hour at a full table (edge's assumption: no published figure found; "
            "docs/references.md)") in text
    assert "per Ante" in text and "Ante 25 a hand" in text
    _, win = plain_money(exposed["dealer-1"], unexposed, Fraction(1), Fraction(25), 60)
    assert f"+{float(win):.2f}" in text
    assert "sorted-1" not in text


@pytest.mark.slow   # every game's scenarios at every rate, through the command (5 s)
def test_csv_is_one_line_per_scenario_and_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protection", TCP, "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    unexposed, exposed = tcp_returns()
    assert len(rows) == len(exposed) * len(DEFAULT_RATES)
    for row in rows:
        value, win = plain_money(exposed[row["seen"]], unexposed,
                                 Fraction(row["exposure_rate"]), Fraction(25), 60)
        assert Fraction(row["player_return"]) == value and Fraction(row["win_per_hour"]) == win


@pytest.mark.parametrize("fmt", ["markdown", "html", "latex"])
def test_every_format_prints(fmt: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protection", TCP, "--seen", "dealer-2", "--format", fmt]) == 0
    assert "16.39" in capsys.readouterr().out


def test_a_table_of_an_exposure_notes_its_break_even_rate(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", TCP, "--bet", "ante", "--set", "seen=dealer-1", "--format",
                 "json"]) == 0
    notes = " ".join(json.loads(capsys.readouterr().out)["notes"])
    unexposed, exposed = tcp_returns()
    assert (f"Break-even exposure rate: 49.20% (exactly "
            f"{plain_break_even(exposed['dealer-1'], unexposed)})") in notes


# --- the report ---------------------------------------------------------------------------

def _surveil(wager: Wager[ToyRules]) -> list[Section]:
    return [Section(f"Watch for: seen={wager.player.seen}", (Paragraph("every raise"),))]


assert TOY.protection is not None
PACED = dataclasses.replace(
    TOY, bets=(dataclasses.replace(TOY.bets[0], exposed=Exposed(
        pays_and_rules(toy_analyze), surveillance=_surveil)),),
    pace=Pace(30, "a toy source"))


def _protection(game: Game[ToyRules]) -> Section:
    report = make_report(cast("Game[Rules]", game), environment=False, protection=True)
    return next(s for s in report.sections if s.title == "Game protection")


def test_the_report_shows_every_scenario_in_money() -> None:
    section = _protection(TOY)
    words, edges, wins, chart = section.blocks[2:]
    assert isinstance(words, Paragraph) and isinstance(chart, Chart)
    assert isinstance(edges, Table) and isinstance(wins, Table)
    assert words.text.startswith("Money: exposure rates and win per hour")
    # toy returns: -2/5 dealt, 2/5 with one card seen, 8/5 with all (tests/...report.py)
    unexposed = Fraction(-2, 5)
    for row, exposed in zip(edges.rows, (Fraction(2, 5), Fraction(8, 5)), strict=True):
        even = plain_break_even(exposed, unexposed)
        assert row[2] == f"{float(even) * 100:.2f}%"
        for cell, rate in zip(row[3:], DEFAULT_RATES, strict=True):
            value, _ = plain_money(exposed, unexposed, rate, Fraction(25), 60)
            assert cell == ("+" if value > 0 else "") + f"{float(value) * 100:.2f}%"
    assert [row[-1] for row in wins.rows] == ["+600.00", "+2,400.00"]
    assert ("at 60 hands an hour at a full table (edge's assumption: the game states no pace "
            "of its own)") in wins.caption
    figure = chart.draw()                                   # the chart draws
    assert figure.axes[0].get_xlim() == (0.0, 1.0)


def test_the_report_takes_the_games_pace_and_its_surveillance_sections() -> None:
    section = _protection(PACED)
    words, _, wins, _ = section.blocks[2:]
    assert isinstance(words, Paragraph) and isinstance(wins, Table)
    assert "at 30 hands an hour at a full table (published: a toy source)" in wins.caption
    assert "30 hands an hour at a full table (published: a toy source)" in words.text
    scenario = next(child for child in section.children if child.title == "seen=one")
    assert [child.title for child in scenario.children] == ["Watch for: seen=one"]
    assert not next(c for c in _protection(TOY).children if c.title == "seen=one").children


# --- the pace each game states, and what a hand stakes ------------------------------------

@pytest.mark.parametrize("name", ["ultimate-texas-holdem", TCP, "double-hand-poker"])
def test_every_game_with_exposures_states_its_pace_with_a_source(name: str) -> None:
    pace = get_game(name).pace
    assert pace is not DEFAULT_PACE and 1 <= pace.hands <= 200
    assert "docs/references.md" in pace.source
    # the default of --hands-per-hour is the game's pace, and says so; a given one is not
    assert parse_hands(None, pace) == (pace.hands, pace)
    assert parse_hands(45, pace) == (45, None)


@pytest.mark.parametrize(("hands", "source"), [(0, "a source"), (30, " ")])
def test_a_pace_has_hands_and_a_source(hands: int, source: str) -> None:
    with pytest.raises(ValueError, match="A pace is 1 to 10,000 hands an hour"):
        Pace(hands, source)


def test_ultimate_texas_holdem_deals_30_hands_an_hour_from_a_published_source() -> None:
    pace = get_game("ultimate-texas-holdem").pace
    assert (pace.hands, pace.assumed) == (30, False) and "Frome" in pace.source
    assert pace.text.startswith("30 hands an hour at a full table (published: E. Frome")


def test_ultimate_texas_holdem_money_says_the_blind_equals_the_ante() -> None:
    """The UTH money wording without a UTH solve: its declared stakes through the functions
    that print them, on a made-up scenario."""
    game = get_game("ultimate-texas-holdem")
    assert game.protection is not None
    stakes = stake_text(game.protection, "Ante", Fraction(25))
    assert stakes == "Ante 25 and Blind 25"
    found = [ExposureMoney("dealer-1", "a card", Fraction(1, 10), Fraction(-1, 50), "Ante",
                           Fraction(25), game.pace.hands)]
    _, wins = money_tables(found, [Fraction(1)], stakes, game.pace.hands, game.pace)
    assert "Ante 25 and Blind 25 a hand" in wins.caption
    assert "initial wager (Ante)" not in wins.caption
    assert "30 hands an hour at a full table (published: E. Frome" in wins.caption
    assert wins.rows[0][1] == money(Fraction(30 * 25, 10))     # 30 x 25 x 1/10 per Ante


def test_one_initial_wager_is_named_by_its_basis() -> None:
    protection = Protection("main", ())
    assert stake_text(protection, "unit wagered", Fraction(25, 2)) == (
        "an initial wager of 25/2")
    assert stake_text(protection, "Ante", Fraction(25)) == "an initial wager (Ante) of 25"


def test_the_command_prints_and_keeps_the_games_pace(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    game = get_game("double-hand-poker")
    assert main(["protection", "double-hand-poker", "--seen", "dealer-3", "--format",
                 "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands_per_hour"] == game.pace.hands
    assert data["stakes"] == "an initial wager of 25"           # per unit wagered: one wager
    assert (data["hands_per_hour_source"], data["hands_per_hour_assumed"]) == (
        game.pace.source, True)
    assert main(["protection", "double-hand-poker", "--seen", "dealer-3"]) == 0
    out = capsys.readouterr().out
    assert game.pace.text in " ".join(out.split())


def test_the_tri_card_table_says_which_player_edge_a_manager_uses() -> None:
    game = get_game(TCP)
    rules = game.make_rules()
    exposed = game.analyze("ante", None, seeing(rules, "dealer-1"))
    note = next(n for n in exposed.notes if "Which player edge to use" in n)
    assert "the player edge per Ante (3.4829%) gives the money" in note
    assert "per unit wagered (1.8489%)" in note and "for comparing games" in note
    # the game as dealt prints no player edge: nothing to choose between
    assert which_edge_note(game.analyze("ante", None, seeing(rules, "none"))) == ""


def test_docs_money_table_is_at_each_games_pace(repo_root: Path) -> None:
    """docs/protection.md's money table: each win an hour (at 10% and 100%) is the game's pace
    x a 25-unit Ante x the return, from the exact returns in tables/ (no solve)."""
    from tests.test_tables_current import load_make_tables
    make_tables = load_make_tables(repo_root)
    text = (repo_root / "docs" / "protection.md").read_text(encoding="utf-8")
    start = text.index("| game | `seen=` | player edge seen every hand |")
    rows = [[cell.strip(" `") for cell in line.split("|")[1:-1]]
            for line in text[start:].split("\n\n", 1)[0].splitlines()[2:]]
    checked = 0
    for name, seen_cell, _, _, at_10, at_100 in rows:
        seen = seen_cell.split("`")[0].strip()             # `split-1` (ace / face / low)
        if not at_10:
            continue                        # the house keeps the edge: no money columns
        game = get_game(name)
        assert game.protection is not None
        bet = game.bet(game.protection.bet)
        folder = repo_root / "tables" / name
        stem = bet.name if bet.default_paytable is None else f"{bet.name}-{bet.default_paytable}"
        unexposed = Fraction(json.loads((folder / f"{stem}.json").read_text())["expected_return"])
        path = folder / "protection" / f"{make_tables.protection_stem(bet.name, seen)}.json"
        exposed = Fraction(json.loads(path.read_text())["expected_return"])
        for cell, rate in ((at_10, Fraction(1, 10)), (at_100, Fraction(1))):
            _, win = plain_money(exposed, unexposed, rate, Fraction(25), game.pace.hands)
            assert cell == money(win), (name, seen, rate)
        checked += 1
    assert checked == 18
