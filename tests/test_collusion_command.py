"""`edge collusion` and the report's Collusion subsection (issue 27, part 5), on a made-up game
whose collusion hook is known by construction: one partner exact, two simulated with a
standard error (the games' own hooks are tested with the games)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from fractions import Fraction
from typing import cast

import pytest

from edge.cli import main
from edge.document import Section, Table
from edge.games import AnyGame, Exposed, Game, Rules, Wager, get_game, pays_and_rules
from edge.protection import Collusion, CollusionRequest, CollusionResult
from edge.report import make_report
from tests.test_protection_report import TOY, ToyRules, toy_analyze

# what the hook returns: the lone player -2/5 (the toy as dealt), one partner exact +1/10,
# two partners a simulated 3/10 with standard error 1/100
LONE = Fraction(-2, 5)
RETURNS = {1: Fraction(1, 10), 2: Fraction(3, 10)}
ERROR = Fraction(1, 100)
ASKED: list[CollusionRequest] = []


def toy_collude(wager: Wager[ToyRules], request: CollusionRequest) -> CollusionResult:
    ASKED.append(request)
    k = request.partners
    simulated = k == 2
    return CollusionResult(
        k, "their hands", RETURNS[k], LONE, "Ante",
        request.rounds if simulated else 45, "by construction (a test)",
        standard_error=ERROR if simulated else None, classes=45 if k == 1 else None,
        decisions=(("raise", Fraction(3, 4)), ("fold", Fraction(1, 4))))


def colluding(slow: bool) -> Game[ToyRules]:
    """The toy game of tests/test_protection_report.py with a collusion hook."""
    assert TOY.protection is not None
    return dataclasses.replace(
        TOY, bets=(dataclasses.replace(TOY.bets[0], exposed=Exposed(
            pays_and_rules(toy_analyze), collude=toy_collude)),),
        protection=dataclasses.replace(TOY.protection, collusion=Collusion(
            "their hands", (1, 2), (1,), slow=slow)))


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Game[ToyRules]:
    """The colluding toy, as `edge collusion toy-exposed` finds it."""
    game = colluding(slow=False)
    def found(name: str) -> AnyGame:
        return cast("AnyGame", game) if name == game.name else get_game(name)
    monkeypatch.setattr("edge.cli.get_game", found)
    ASKED.clear()
    return game


def percent_text(value: Fraction) -> str:
    """Four places, as the tables print a return (written here, not the code's)."""
    return f"{float(value) * 100:.4f}%"


def test_plain_output_lists_every_number_of_partners(
        toy: Game[ToyRules], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["collusion", "toy-exposed"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    low, high = RETURNS[2] - Fraction(196, 100) * ERROR, RETURNS[2] + Fraction(196, 100) * ERROR
    for figure in (percent_text(RETURNS[1]), percent_text(RETURNS[2]), percent_text(LONE),
                   percent_text(RETURNS[1] - LONE), percent_text(RETURNS[2] - LONE),
                   f"{percent_text(low)} to {percent_text(high)}", percent_text(ERROR),
                   "45 enumerated", "100,000 drawn", "exact", "simulated",
                   "75.00%", "25.00%", "by construction (a test)", "their hands"):
        assert figure in text, figure
    assert [request.partners for request in ASKED] == [1, 2]


def test_options_reach_the_hook(toy: Game[ToyRules],
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["collusion", "toy-exposed", "--partners", "2", "--rounds", "500", "--seed",
                 "9", "--workers", "1"]) == 0
    assert [(r.partners, r.rounds, r.seed, r.workers, r.cluster) for r in ASKED] == [
        (2, 500, 9, 1, None)]
    assert "500 drawn" in capsys.readouterr().out


def test_json_and_csv_carry_the_exact_values(toy: Game[ToyRules],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["collusion", "toy-exposed", "--format", "json"]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    assert [Fraction(r["player_return"]) for r in results] == [RETURNS[1], RETURNS[2]]
    assert [r["exact"] for r in results] == [True, False]
    assert results[0]["standard_error"] is None and results[0]["interval_95"] is None
    assert [Fraction(b) for b in results[1]["interval_95"]] == [
        RETURNS[2] - Fraction(49, 25) * ERROR, RETURNS[2] + Fraction(49, 25) * ERROR]
    assert [Fraction(r["gain"]) for r in results] == [RETURNS[1] - LONE, RETURNS[2] - LONE]
    assert main(["collusion", "toy-exposed", "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [row["method"] for row in rows] == ["exact", "simulated"]
    assert Fraction(rows[1]["standard_error"]) == ERROR


@pytest.mark.parametrize("fmt", ["markdown", "html", "latex"])
def test_every_format_prints(fmt: str, toy: Game[ToyRules],
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["collusion", "toy-exposed", "--format", fmt]) == 0
    assert "their hands" in capsys.readouterr().out


@pytest.mark.parametrize("args, words", [
    (["--partners", "3"], "the game analyses 1, 2 partners, not 3"),
    (["--partners", "one"], "'one' is not a whole number"),
    (["--rounds", "0"], "--rounds 0"),
    (["--workers", "0"], "--workers 0"),
    (["--set", "seen=one"], "as dealt"),
])
def test_bad_input_is_one_error_line(args: list[str], words: str, toy: Game[ToyRules],
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["collusion", "toy-exposed", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("edge: error:") and words in err


def test_a_game_without_collusion_is_one_error_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["collusion", "triple-bet"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("edge: error: The game triple-bet has no collusion analysis")


def _collusion(game: Game[ToyRules], rounds: int | None = None) -> Section:
    report = make_report(cast("Game[Rules]", game), environment=False, protection=True,
                         collusion_rounds=rounds)
    section = next(s for s in report.sections if s.title == "Game protection")
    return next(child for child in section.children if child.title == "Collusion")


def test_the_report_has_the_collusion_table_of_a_quick_game() -> None:
    ASKED.clear()
    part = _collusion(colluding(slow=False))
    table = next(b for b in part.blocks if isinstance(b, Table))
    assert [row[0] for row in table.rows] == ["1", "2"]
    assert table.rows[1][1] == "simulated" and table.rows[0][1] == "exact"
    assert [r.rounds for r in ASKED] == [100_000, 100_000]


def test_a_slow_game_s_collusion_waits_for_collusion_rounds() -> None:
    ASKED.clear()
    part = _collusion(colluding(slow=True))
    assert not ASKED and not any(isinstance(b, Table) for b in part.blocks)
    assert "--collusion-rounds N" in part.blocks[0].text      # type: ignore[union-attr]
    part = _collusion(colluding(slow=True), rounds=700)
    assert [r.rounds for r in ASKED] == [700, 700]
    assert any(isinstance(b, Table) for b in part.blocks)


def test_collusion_rounds_goes_with_protection(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "three-card-poker", "--collusion-rounds", "10"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--protection" in err


def test_the_reproducing_command_keeps_collusion_rounds() -> None:
    report = make_report(cast("Game[Rules]", colluding(slow=True)), environment=False,
                         protection=True, collusion_rounds=700)
    assert "--protection --collusion-rounds 700" in report.render("markdown")
