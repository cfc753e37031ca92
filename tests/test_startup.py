"""edge starts in a blink: a command imports what it uses and nothing else (issue 25, item 1).

Each check runs a fresh interpreter (the test process has imported everything long ago) and
reads its ``sys.modules`` after the command: no game is imported unless named, matplotlib only
when a chart is drawn, the report code only for ``edge report``, the bet-file engine only for a
``.toml`` game. The registry's static table of built-in games (names, aliases, commands) is
checked against the games themselves, since the command line trusts it without importing them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import edge
from edge import games
from edge.cli import build_parser

ROOT = Path(edge.__file__).resolve().parent.parent
GAME_PACKAGES = {entry.module for entry in games.BUILTINS}

# Runs edge's main() on the arguments given, then prints the exit status, what the command
# wrote and every module imported, as JSON.
RUN = """
import contextlib, io, json, sys
from edge.cli import main
with contextlib.redirect_stdout(io.StringIO()) as out:
    try:
        status = main(sys.argv[1:])
    except SystemExit as stop:
        status = stop.code
print(json.dumps({"status": status, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def fresh(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``code`` run by a new interpreter that finds this checkout's edge first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(ROOT), env.get("PYTHONPATH"))))
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          env=env, check=True, timeout=300)


def run_edge(*args: str) -> tuple[int, str, set[str]]:
    """``edge ARGS`` in a fresh interpreter: its exit status, its output, its modules."""
    found = json.loads(fresh(RUN, *args).stdout)
    return found["status"], found["out"], set(found["modules"])


def game_modules(modules: set[str]) -> set[str]:
    """The built-in games' packages among ``modules`` (any of their modules counts)."""
    return {package for package in GAME_PACKAGES
            if any(name == package or name.startswith(package + ".") for name in modules)}


def heavy(modules: set[str]) -> set[str]:
    """What a command that draws no chart, writes no report and runs on no cluster must not
    have imported (Dask is imported by edge.cluster alone, when work is sent to a cluster)."""
    return {name for name in modules
            if name.split(".")[0] in ("matplotlib", "dask", "distributed")
            or name in ("edge.report", "edge.bets", "edge.document.charts")
            or name.startswith(("edge.report.", "edge.bets."))}


def test_importing_the_command_line_imports_no_game() -> None:
    modules = set(fresh("import sys, edge.cli; print('\\n'.join(sys.modules))").stdout.split())
    assert "edge.cli" in modules
    assert not game_modules(modules)
    assert not heavy(modules)


@pytest.mark.parametrize("args", [("--version",), ("--help",)])
def test_version_and_help_import_no_game_and_no_numpy(args: tuple[str, ...]) -> None:
    status, out, modules = run_edge(*args)
    assert status == 0
    assert not game_modules(modules) and not heavy(modules)
    assert "numpy" not in modules
    if args == ("--help",):
        # every command is listed, the games' own ones too, without importing their games
        commands = ["games", "table", "strategy", "counting", "report", "tune", "simulate"]
        commands += [name for entry in games.BUILTINS for name, _ in entry.commands]
        assert all(f"\n    {name} " in out for name in commands)


def test_a_table_imports_its_game_alone() -> None:
    status, out, modules = run_edge("table", "three-card-poker", "--bet", "ante",
                                    "--paytable", "3")
    assert status == 0 and "ante" in out
    assert game_modules(modules) == {"edge.games.three_card_poker"}
    assert not heavy(modules)
    # nor the game's report, rules document and simulation modules
    assert not {"edge.games.three_card_poker.report", "edge.games.three_card_poker.simulation",
                "edge.games.three_card_poker.rules_document", "edge.simulation"} & modules


@pytest.mark.parametrize("args", [("strategy", "three-card-poker", "--paytable", "3"),
                                  ("strategy", "three-card-poker", "--compare", "mimic")])
def test_a_strategy_imports_no_report_code(args: tuple[str, ...]) -> None:
    status, out, modules = run_edge(*args)
    assert status == 0
    assert ("mimic" if "--compare" in args else "raise") in out.lower()
    assert game_modules(modules) == {"edge.games.three_card_poker"}
    assert not heavy(modules)


def test_a_game_command_imports_its_game_alone() -> None:
    status, out, modules = run_edge("house-way", "10-10", "Q-K", "K-A")
    assert status == 0 and "Rule 1" in out
    assert game_modules(modules) == {"edge.games.double_hand_poker"}
    assert not heavy(modules)


def test_the_static_table_is_the_games() -> None:
    loaded = games.builtin_games()
    assert [entry.name for entry in games.BUILTINS] == list(loaded)
    for entry in games.BUILTINS:
        game = loaded[entry.name]
        assert sys.modules[entry.module].GAME is game
        assert entry.aliases == game.aliases
        assert entry.commands == tuple((command.name, command.help)
                                       for command in game.commands)
        assert games.is_builtin(game)


def test_the_parser_lists_the_games_commands_unloaded() -> None:
    parser = build_parser()
    text = parser.format_help()
    for entry in games.BUILTINS:
        for name, help_line in entry.commands:
            assert name in text and help_line.split()[0] in text
