"""The game-protection contract and report section (edge/protection.py, edge/report/protection.py),
on a made-up game whose exposures are known by construction."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import cast

import pytest

from edge.cli import main
from edge.document.document import Cell, Table
from edge.games import Bet, Exposed, Game, Rules, Wager, pays_and_rules
from edge.options import option, options_dict
from edge.paytables import PayTable, make_paytable
from edge.protection import Protection, Scenario, information_note, information_value
from edge.report import make_report
from edge.report.variants import variant_options
from edge.table import ReturnTable, Row, figure_lines


class ToySeen(StrEnum):
    NONE = "none"
    ONE = "one"
    ALL = "all"


@dataclass(frozen=True)
class ToyRules(Rules):
    bonus: int = option(1, "the bonus pay", minimum=0, maximum=5)
    seen: ToySeen = option(ToySeen.NONE, "cards seen", quiet_default=True)


OUTCOMES = ("bonus-hand",)
PRESETS = {"plain": make_paytable("plain", {"bonus-hand": 1}, OUTCOMES)}
# Deals won out of 10: the more the player sees, the more he wins.
WINS = {ToySeen.NONE: 4, ToySeen.ONE: 6, ToySeen.ALL: 9}


def toy_analyze(paytable: PayTable | None, rules: ToyRules) -> ReturnTable:
    wins = WINS[rules.seen]
    rows = (Row("raise, win", Fraction(2), wins, Fraction(2)),
            Row("raise, lose", Fraction(-2), 10 - wins, Fraction(2)))
    return ReturnTable("toy-exposed", "ante", rows, paytable, options_dict(rules),
                       decisions=(("raise", 10),), basis="Ante")


def rules_of_play(wager: Wager[ToyRules]) -> list[str]:
    return [f"Raise everything (seen={wager.player.seen})."]


TOY = Game(
    name="toy-exposed", title="Toy Exposed", rules=ToyRules,
    bets=(Bet("ante", "ante and raise", pays_and_rules(toy_analyze), OUTCOMES, PRESETS, "plain",
              exposed=Exposed(pays_and_rules(toy_analyze), rules_of_play=rules_of_play)),),
    protection=Protection("ante", (
        Scenario("one", "one dealer card", "before the raise", 3, "player edge 20% (a test)"),
        Scenario("all", "every dealer card", "before the raise", 1))),
)


def test_the_value_of_the_information_is_the_difference_of_the_returns() -> None:
    plain = toy_analyze(None, ToyRules())
    seen = toy_analyze(None, ToyRules(seen=ToySeen.ONE))
    # by construction: 2 * (4 - 6) / 10 = -2/5 dealt, 2 * (6 - 4) / 10 = 2/5 seen
    assert plain.expected_return == Fraction(-2, 5)
    assert information_value(seen, plain) == Fraction(4, 5)
    note = information_note(seen, plain)
    assert "40.0000% per Ante" in note and "exactly 4/5" in note


def test_a_positive_return_prints_as_the_players_edge() -> None:
    seen = toy_analyze(None, ToyRules(seen=ToySeen.ALL))
    labels = {label: text for label, text, _ in figure_lines(seen)}
    assert labels["player edge"] == "8/5"
    dealt = {label for label, _, _ in figure_lines(toy_analyze(None, ToyRules()))}
    assert "player edge" not in dealt


def test_the_exposure_is_quiet_at_its_default_and_not_a_swept_variant() -> None:
    assert "seen" not in options_dict(ToyRules())
    assert options_dict(ToyRules(seen=ToySeen.ONE))["seen"] == "one"
    assert [name for name, _ in variant_options(ToyRules)] == ["bonus"]


def text_of(cell: str | Cell) -> str:
    return cell.text if isinstance(cell, Cell) else cell


def test_the_report_section_lists_every_scenario_beside_the_game_as_dealt() -> None:
    report = make_report(cast("Game[Rules]", TOY), environment=False, protection=True)
    section = next(s for s in report.sections if s.title == "Game protection")
    table = next(b for b in section.blocks if isinstance(b, Table))
    rows = {text_of(row[0]): [text_of(cell) for cell in row] for row in table.rows}
    assert list(rows) == ["none", "one", "all"]
    assert rows["one"][2] == "40.0000%" and rows["one"][4] == "80.0000%"
    assert rows["all"][2] == "160.0000%" and rows["all"][4] == "200.0000%"
    assert rows["none"][2].startswith("-40.0000% (house 40.0000%")
    assert rows["one"][6] == "player edge 20% (a test)"
    assert [child.title for child in section.children] == ["seen=one", "seen=all"]
    text = " ".join(report.render("plain").split())
    assert "Raise everything (seen=one)." in text
    assert "Cycle 10 (every deal, 3 ways to choose the seen cards)" in text
    assert "--protection" in report.render("markdown")   # the reproducing command


def test_protection_without_exposures_is_one_error_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "triple-bet", "--protection"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("edge: error: triple-bet has no player")
