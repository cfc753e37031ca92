"""The errors of issue 13 ("Errors to fix", items 1 and 3 to 6), each with the test that would
have caught it: figures naming their basis (per Ante and per unit staked initially), combined
wagers following their parts' pay tables, every printed command running as printed, the trial
figure claimed only where it holds, and the smaller ones (what a pay means, the return column's
unit, cycles not added, the assumed Lo/Hi-Card pay, rows that cannot occur, meter shares).
"""

from __future__ import annotations

import re
import shlex
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest

import edge
from edge.cli import main
from edge.errors import PayTableError
from edge.games import get_game
from edge.report import index_report, make_report, resolve_paytables
from edge.table import ReturnTable, percent, row_cells
from tests.conftest import shared_report

PAIR_PLUS = "[pays]\nstraight-flush = 40\nthree-of-a-kind = 30\nstraight = 5\nflush = 4\npair = 1\n"
# pays no named table has (a file with a preset's pays is that preset, named as it)
PAIR_PLUS_OWN = PAIR_PLUS.replace("flush = 4", "flush = 3")
FLUSH = "name = \"mine\"\n[pays]\nflush-pair = 9\nflush-high = 3\nflush-low = 2\n"


def section(markdown: str, title: str) -> str:
    """The text of one numbered top-level section of a markdown report."""
    part = re.split(rf"\n## \d+\. {re.escape(title)}\n", markdown)[1]
    return part.split("\n## ")[0]


def row(text: str, label: str) -> list[str]:
    """The cells of the markdown table row that starts with ``label``."""
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells and cells[0].strip("*") == label:
            return cells
    raise AssertionError(f"no row {label!r}")


@pytest.fixture(scope="module")
def uth() -> edge.report.Report:
    # with the verification by simulation; made once per run, the workers share it
    return shared_report("ultimate-texas-holdem-markdown",
                         partial(make_report, "ultimate-texas-holdem", fmt="markdown"))


@pytest.fixture(scope="module")
def uth_markdown(uth: edge.report.Report) -> str:
    return uth.to_markdown()


# --- 1. every figure names its basis ------------------------------------------------------
@pytest.mark.slow       # the UTH report with its verification by simulation (seconds)
def test_uth_main_is_quoted_per_ante_and_per_unit_staked(uth: edge.report.Report,
                                                         uth_markdown: str) -> None:
    main_table = uth.tables["main"]
    per_ante = main_table.house_edge
    # the initial stake is Ante + Blind, two Antes: per unit of it the edge is half
    per_stake = per_ante / 2
    assert main_table.stake == 2 and main_table.basis == "Ante"
    assert main_table.house_edge_per_stake == per_stake
    summary = section(uth_markdown, "Summary of wagers")
    assert row(summary, "house edge")[1] == f"{percent(per_ante)} per Ante"
    assert row(summary, "house edge per unit staked initially")[1] == percent(per_stake)
    assert "1 Ante" in row(summary, "figures per")[1]
    # the published figure (docs/references.md): 2.185% per Ante
    assert round(per_ante * 100, 3) == Fraction("2.185")
    # nowhere is the main bet said to be quoted per unit initially wagered
    assert "1 unit initially wagered" not in uth_markdown
    volatility = section(uth_markdown, "Volatility")
    assert "main: the player's net result after n hands, in Antes" in volatility
    assert "range per hand, per unit staked initially" in volatility
    verification = section(uth_markdown, "Verification by simulation")
    assert row(verification, "main")[1] == "Ante"
    tables = section(uth_markdown, "Return tables")
    wager = re.split(r"\n### \d+\.\d+ trips\n", re.split(r"\n### \d+\.\d+ main\n", tables)[1])[0]
    assert f"per unit staked initially the house edge is {percent(per_stake)}" in wager
    index = index_report([uth], "markdown", "edge report --all").render("markdown")
    cells = row(index, "[**Ultimate Texas Hold'em**](ultimate-texas-holdem.md)")
    assert f"{percent(per_ante)} per Ante" in cells and percent(per_stake) in cells


def test_basis_in_the_json_contract() -> None:
    table = edge.analyze("triple-bet", "combined")
    data = table.to_dict()
    assert data["initial_wager"] == "3" and data["initial_stake"] == "3"
    assert data["basis"] == "unit wagered"
    assert data["house_edge_per_initial_stake"] == data["house_edge"]


# --- 3. a combined wager follows its parts' pay tables --------------------------------------
def test_tri_card_combined_follows_pair_plus(tmp_path: Path) -> None:
    game = get_game("three-card-poker")
    path = tmp_path / "pp.toml"
    path.write_text(PAIR_PLUS, encoding="utf-8")
    chosen = resolve_paytables(game, [f"pair-plus={path}"])
    pair_plus, combined = chosen["pair-plus"], chosen["combined"]
    assert pair_plus is not None and combined is not None
    for outcome, pay in pair_plus.pays:
        assert combined[f"pair-plus.{outcome}"] == pay
    default = get_game("three-card-poker").bet("combined").paytable(None)
    assert default is not None and combined["pair-plus.straight"] != default["pair-plus.straight"]
    # the Ante Bonus parts stay as they were
    assert all(combined[k] == v for k, v in default.pays if k.startswith("ante-bonus."))
    # both parts given as presets: the combined wager is that preset
    both = resolve_paytables(game, ["pair-plus=1", "ante=1"])
    assert both["combined"] == game.bet("combined").presets["1"]
    # given for the part and for the combined wager, disagreeing: an error naming both
    with pytest.raises(PayTableError, match=r"combined=3.*pair-plus=.*pp\.toml"):
        resolve_paytables(game, [f"pair-plus={path}", "combined=3"])
    # agreeing is fine
    assert resolve_paytables(game, ["pair-plus=3", "combined=3"])["combined"] == default


def test_triple_bet_combined_follows_flush(tmp_path: Path) -> None:
    game = get_game("triple-bet")
    path = tmp_path / "flush.toml"
    path.write_text(FLUSH, encoding="utf-8")
    chosen = resolve_paytables(game, [f"flush={path}"])
    combined = chosen["combined"]
    assert combined is not None and combined["flush.flush-pair"] == 9
    rules = game.make_rules()
    tables = {bet: game.analyze(bet, chosen[bet], rules) for bet in chosen}
    # independent check: one unit on each wager returns the three wagers' returns together
    together = sum((tables[b].expected_return for b in ("flush", "sandwich", "block")),
                   Fraction(0))
    assert tables["combined"].expected_return * 3 == together
    with pytest.raises(PayTableError, match="disagree"):
        resolve_paytables(game, [f"flush={path}", "combined=usual"])


def test_ambiguous_tables_are_one_error_line(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "flush.toml"
    path.write_text(FLUSH, encoding="utf-8")
    assert main(["report", "triple-bet", "--paytable", f"flush={path}", "--paytable",
                 "combined=usual", "--format", "markdown"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("edge: error:") and "combined=usual" in err[0]


# --- 4. every command a report prints runs as printed ---------------------------------------
def printed_commands(markdown: str) -> list[list[str]]:
    """Every ``edge ...`` line of the report's preformatted blocks and every ``edge ...`` code
    span of its text, split as a shell would."""
    blocks = re.findall(r"```\n(.*?)```", markdown, flags=re.S)
    lines = [line for block in blocks for line in block.splitlines()]
    spans = re.findall(r"(?<!`)`(edge [^`\n]+)`(?!`)", re.sub(r"```.*?```", "", markdown,
                                                             flags=re.S))
    return [shlex.split(line)[1:] for line in lines + spans if line.startswith("edge ")]


@pytest.mark.parametrize(("game", "spec", "text"), [
    ("three-card-poker", "pair-plus=pp.toml", PAIR_PLUS_OWN),
    ("triple-bet", "flush=flush.toml", FLUSH),
])
def test_printed_commands_run(game: str, spec: str, text: str, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    Path(spec.partition("=")[2]).write_text(text, encoding="utf-8")
    markdown = make_report(game, [spec], fmt="markdown", environment=False).to_markdown()
    commands = printed_commands(markdown)
    simulations = [c for c in commands if c[0] == "simulate"]
    assert len(simulations) == len(get_game(game).bets)
    assert any(c[0] == "report" for c in commands)
    for argv in commands:
        if "--hands" in argv:
            argv[argv.index("--hands") + 1] = "3000"
        assert main(argv) == 0, shlex.join(argv)
        capsys.readouterr()
    # the wager given a file and the combined wager name the file, not the table's name
    file = spec.partition("=")[2]
    named = [c for c in simulations if spec in c]
    assert {c[c.index("--bet") + 1] for c in named} == {spec.partition("=")[0], "combined"}
    assert all(file in shlex.join(c) for c in named)


# --- 5. the trial figure only where it holds: tests/test_triple_bet.py ------------------------

# --- 6. the smaller ones ------------------------------------------------------------------
@pytest.mark.slow       # the UTH report with its verification by simulation (seconds)
def test_pays_meaning_names_rows_that_lose_more_than_one_unit(uth_markdown: str,
                                                              uth: edge.report.Report) -> None:
    rules = section(uth_markdown, "Rules of play")
    assert "Pays are net wins per unit wagered (a push is 0, a loss -1)" not in rules
    worst = min(r.pays for r in uth.tables["main"].rows)
    assert worst < -1
    assert "In main, a row's pay is the net result of everything staked" in rules
    assert "per Ante: the losses of raises count too" in rules
    assert f"as low as {worst}" in rules


def test_combined_return_column_names_its_unit() -> None:
    table = edge.analyze("triple-bet", "combined")
    heads, _ = row_cells(table)
    assert heads[-1] == (f"return per unit wagered (pays x probability / "
                         f"{table.initial_wager})")
    single = edge.analyze("triple-bet", "flush")
    assert row_cells(single)[0][-1] == "return"


def test_cycles_are_listed_not_added() -> None:
    report = make_report("double-hand-poker", fmt="markdown", environment=False)
    part = section(report.to_markdown(), "Reproducibility")
    for name, table in report.tables.items():
        assert row(part, name)[1] == f"{table.cycle:,}"
    assert "| total" not in part
    total = f"{sum(t.cycle for t in report.tables.values()):,}"
    assert total not in part


def test_lo_hi_card_assumed_pay_is_shown_in_summary_and_index() -> None:
    report = make_report("double-hand-poker", options={"pays": "8"}, fmt="markdown",
                         environment=False)
    summary = section(report.to_markdown(), "Summary of wagers")
    assumed = row(summary, "assumed")
    names = list(report.tables)
    assert assumed[names.index("lo-card") + 1] == "pays 8 to 1"
    assert assumed[names.index("main") + 1] == "-"
    index = index_report([report], "markdown", "edge report --all").render("markdown")
    lo = [line for line in index.splitlines() if "| lo-card" in line][0]
    assert "assumed: pays 8 to 1" in lo


@pytest.mark.parametrize("players", range(1, 8))
def test_lo_hi_card_has_no_row_that_cannot_occur(players: int) -> None:
    table = edge.analyze("double-hand-poker", "lo-card", options={"players": players})
    assert all(r.combinations > 0 for r in table.rows)
    # another player's hand exists only with two players or more
    assert any(r.outcome == "lose-other-player" for r in table.rows) == (players > 1)


@pytest.mark.slow       # the UTH report with its verification by simulation (seconds)
def test_meter_shares_are_captioned_as_shares(uth_markdown: str) -> None:
    part = section(uth_markdown, "Pay tables").split("### 7.3 progressive")[1]
    assert "pays to 1 of every named table" not in part
    assert row(part, "meter: royal flush")[1] == "share of the meter"
    assert row(part, "four of a kind")[1] == "pays to 1"
    trips = section(uth_markdown, "Pay tables").split("### 7.2 trips")[1].split("### 7.3")[0]
    assert "pays to 1 of every named table" in trips


def test_tables_without_basis_keep_their_figures() -> None:
    coin = ReturnTable("demo", "coin", (edge.table.Row("heads", Fraction(1), 1),
                                        edge.table.Row("tails", Fraction(-1), 1)))
    assert coin.stake == 1 and not coin.quotes_stake
    assert coin.to_dict()["basis"] == "unit wagered"
