"""The ``edge`` command: listing, tables in every format, and one-line errors with status 2."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from edge import analyze
from edge.cli import parse_sets
from edge.document import FORMATS
from edge.errors import EdgeError


def test_games_lists_bets_paytables_and_options(edge_cli) -> None:
    result = edge_cli("games")
    assert result.status == 0 and result.err == ""
    for text in ("triple-bet: Hybrid Triple Bet", "--bet flush:", "--bet sandwich:",
                 "--bet block:", "--bet combined:", "usual (default)", "8-3-2", "15-7-1-1",
                 "35-10-5-2", "decks", "1..8"):
        assert text in result.out


@pytest.mark.parametrize("fmt", FORMATS)
def test_table_every_format(edge_cli, fmt: str) -> None:
    result = edge_cli("table", "triple-bet", "--bet", "block", "--format", fmt,
                      "--set", "decks=2")
    assert result.status == 0 and result.err == ""
    assert result.out == analyze("triple-bet", "block", options={"decks": 2}).render(fmt)


def test_table_defaults_and_aliases(edge_cli) -> None:
    first = edge_cli("table", "triple-bet")
    assert first.status == 0 and "flush wager, 6 decks" in first.out
    alias = edge_cli("table", "Hybrid_Triple_Bet", "--bet", "flush")
    assert alias.out == first.out


def test_set_decks(edge_cli) -> None:
    result = edge_cli("table", "triple-bet", "--bet", "sandwich", "--set", "decks=8",
                      "--format", "json")
    data = json.loads(result.out)
    assert data["options"] == {"decks": "8"}
    assert data["cycle"] == 416 * 415 * 414


def test_paytable_file_end_to_end(edge_cli, tmp_path: Path) -> None:
    path = tmp_path / "my_pays.toml"
    path.write_text('name = "nine"\n[pays]\nflush-pair = 9\nflush-high = "3"\nflush-low = 2.5\n',
                    encoding="utf-8")
    result = edge_cli("table", "triple-bet", "--bet", "flush", "--paytable", str(path),
                      "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["paytable"] == {"name": "nine",
                                "pays": {"flush-pair": "9", "flush-high": "3", "flush-low": "5/2"}}
    pays = {row["outcome"]: Fraction(row["pays"]) for row in data["rows"]}
    assert pays == {"flush-pair": 9, "flush-high": 3, "flush-low": Fraction(5, 2), "lose": -1}
    plain = edge_cli("table", "triple-bet", "--bet", "flush", "--paytable", str(path))
    assert "pay table: nine (flush-pair 9, flush-high 3, flush-low 5/2)" in plain.out


def test_paytable_by_label(edge_cli) -> None:
    by_label = edge_cli("table", "triple-bet", "--bet", "block", "--paytable", "35-10-5-2")
    assert by_label.out == edge_cli("table", "triple-bet", "--bet", "block").out


# pay table files written for the error tests, by the name that stands for their path
BAD_FILES = {
    "MISSING_OUTCOME": "[pays]\nflush-pair = 8\nflush-high = 3\n",
    "UNKNOWN_OUTCOME": "[pays]\nflush-pair = 8\nflush-high = 3\nflush-low = 2\nflush-four = 9\n",
    "NEGATIVE_PAY": "[pays]\nflush-pair = -8\nflush-high = 3\nflush-low = 2\n",
    "WORD_PAY": "[pays]\nflush-pair = 'eight'\nflush-high = 3\nflush-low = 2\n",
    "NOT_TOML": "[pays\nflush-pair = 8\n",
}


@pytest.mark.parametrize(("argv", "named"), [
    (["table", "poker"], "'poker'"),
    (["table", "triple-bet", "--bet", "split"], "'split'"),
    (["table", "triple-bet", "--set", "decks=0"], "decks=0"),
    (["table", "triple-bet", "--set", "decks=9"], "decks=9"),
    (["table", "triple-bet", "--set", "decks=many"], "decks='many'"),
    (["table", "triple-bet", "--set", "shoes=2"], "'shoes'"),
    (["table", "triple-bet", "--set", "decks"], "'decks'"),
    (["table", "triple-bet", "--set", "=2"], "'=2'"),
    (["table", "triple-bet", "--paytable", "generous"], "'generous'"),
    (["table", "triple-bet", "--paytable", "missing.toml"], "'missing.toml'"),
    (["table", "triple-bet", "--paytable", "MISSING_OUTCOME"], "'flush-low'"),
    (["table", "triple-bet", "--paytable", "UNKNOWN_OUTCOME"], "'flush-four'"),
    (["table", "triple-bet", "--paytable", "NEGATIVE_PAY"], "-8"),
    (["table", "triple-bet", "--paytable", "WORD_PAY"], "'eight'"),
    (["table", "triple-bet", "--paytable", "NOT_TOML"], "not valid TOML"),
    (["table", "triple-bet", "--jobs", "0"], "--jobs 0"),
    (["strategy", "triple-bet"], "triple-bet"),
])
def test_errors_are_one_line_with_status_2(edge_cli, tmp_path: Path,
                                           argv: list[str], named: str) -> None:
    for name, text in BAD_FILES.items():
        (tmp_path / f"{name.lower()}.toml").write_text(text, encoding="utf-8")
    result = edge_cli(*(str(tmp_path / f"{arg.lower()}.toml") if arg in BAD_FILES else arg
                        for arg in argv))
    assert result.status == 2
    assert result.out == ""
    assert result.err.startswith("edge: error: ")
    assert result.err.count("\n") == 1
    assert named in result.err


def test_parse_sets() -> None:
    assert parse_sets(["decks=8", " ties = larger "]) == {"decks": "8", "ties": "larger"}
    assert parse_sets(None) == {}
    with pytest.raises(EdgeError, match="'decks'"):
        parse_sets(["decks"])


def run_edge(*argv: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "edge", *argv], capture_output=True, text=True,
                          cwd=cwd, check=False)


def test_a_real_process(tmp_path: Path) -> None:
    ok = run_edge("table", "triple-bet", "--bet", "sandwich", cwd=tmp_path)
    assert ok.returncode == 0 and "5.4780%" in ok.stdout
    for argv in (["table", "triple-bet", "--set", "decks=9"],
                 ["table", "triple-bet", "--paytable", "nowhere.toml"]):
        bad = run_edge(*argv, cwd=tmp_path)
        assert bad.returncode == 2
        assert bad.stdout == ""
        assert bad.stderr.startswith("edge: error: ") and bad.stderr.count("\n") == 1
        assert "Traceback" not in bad.stderr


ROOT = Path(__file__).resolve().parent.parent
# One cheap case of every command that renders a document (UTH's main bet is left to slow tests).
COMMANDS = {
    "table": ("table", "triple-bet", "--bet", "block"),
    "table pair-plus": ("table", "three-card-poker", "--bet", "pair-plus", "--paytable", "1"),
    "strategy": ("strategy", "three-card-poker", "--bet", "ante"),
    "tune": ("tune", "triple-bet", "--bet", "flush", "--target-edge", "2%..9%",
             "--vary", "flush-pair=6..9"),
    "solve": ("tune", "triple-bet", "--bet", "flush", "--target-edge", "3%",
              "--solve", "flush-pair"),
    "simulate": ("simulate", "triple-bet", "--bet", "flush", "--hands", "3000", "--seed", "7"),
    "report": ("report", "triple-bet", "--set", "decks=1"),
    "counting": ("counting", "triple-bet", "--bet", "block", "--set", "decks=2"),
}


# a report and a counting analysis take seconds each: their other formats in the slow run
EVERY_FORMAT = [pytest.param(command, fmt, marks=pytest.mark.slow)
                if command in ("report", "counting") and fmt != "plain" else (command, fmt)
                for command in sorted(COMMANDS) for fmt in FORMATS]


@pytest.mark.parametrize(("command", "fmt"), EVERY_FORMAT)
def test_every_command_every_format(edge_cli, command: str, fmt: str) -> None:
    result = edge_cli(*COMMANDS[command], "--format", fmt)
    assert result.status in ((0, 1) if command == "simulate" else (0,)), result.err
    assert result.out.endswith("\n") and "edge: error" not in result.err
    if fmt == "json":
        assert isinstance(json.loads(result.out), dict)
    if fmt == "csv":
        lines = list(csv.reader(io.StringIO(result.out)))
        header = lines[0]
        assert len(lines) > 1 and {len(line) for line in lines} == {len(header)}
        assert len(set(header)) == len(header)
        assert header[0] == "game" and {line[0] for line in lines[1:]} == {COMMANDS[command][1]}


@pytest.mark.parametrize("command", ["table", "strategy"])
def test_format_aliases(edge_cli, command: str) -> None:
    for alias, name in (("md", "markdown"), ("tex", "latex")):
        assert edge_cli(*COMMANDS[command], "--format", alias).out == \
            edge_cli(*COMMANDS[command], "--format", name).out


@pytest.mark.parametrize(("args", "stem"), [
    (("triple-bet", "--bet", "block"), "triple-bet/block-usual"),
    (("triple-bet", "--bet", "combined"), "triple-bet/combined-usual"),
    (("three-card-poker", "--bet", "pair-plus", "--paytable", "1"),
     "three-card-poker/pair-plus-1"),
])
def test_table_matches_committed_tables(edge_cli, args: tuple[str, ...], stem: str) -> None:
    for fmt, suffix in (("markdown", ".md"), ("json", ".json")):
        expected = (ROOT / "tables" / stem).with_suffix(suffix).read_text(encoding="utf-8")
        assert edge_cli("table", *args, "--format", fmt).out == expected
    # plain is the same document as the committed markdown: the same title, header and cells
    plain = edge_cli("table", *args, "--format", "plain").out
    markdown = (ROOT / "tables" / stem).with_suffix(".md").read_text(encoding="utf-8")
    assert plain.splitlines()[0] == markdown.splitlines()[0].removeprefix("### ")
    for line in markdown.splitlines():
        if line.startswith("| ") and not line.startswith("| -"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            assert " ".join(cells).split() in [p.split() for p in plain.splitlines()]
