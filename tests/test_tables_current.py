"""tables/ holds exactly what scripts/make_tables.py writes today (regenerate it if this fails)."""

from __future__ import annotations

import importlib.util
import json
from fractions import Fraction
from pathlib import Path
from types import ModuleType

import pytest

from edge import analyze
from edge.games import builtin_games


def load_make_tables(root: Path) -> ModuleType:
    path = root / "scripts" / "make_tables.py"
    spec = importlib.util.spec_from_file_location("make_tables", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(repo_root: Path) -> dict[Path, str]:
    # exposure scenarios that take minutes are left out (their reduced cases are tested)
    return dict(load_make_tables(repo_root).generated_files(slow=False))


# each game's tables and report apart, so that the test workers share the work; the Ultimate
# Texas Hold'em report (about a minute of solving) and the reports' index (every report) in the
# slow run, by test_tables_are_current
# (baccarat's report too: 88 analyses of drawn deals, seconds; its counts are checked in the
# plain run by tests/test_baccarat.py)
GAMES = [pytest.param(name, marks=pytest.mark.slow)
         if name in ("ultimate-texas-holdem", "baccarat") else name for name in builtin_games()]


@pytest.mark.parametrize("game", GAMES)
def test_each_games_tables_are_current(repo_root: Path, game: str) -> None:
    files = load_make_tables(repo_root).generated_files([game], slow=False)
    stale = [str(path) for path, text in files
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, ("run `python scripts/make_tables.py`; out of date: "
                       + ", ".join(stale))


def slow_scenario_files(repo_root: Path) -> set[Path]:
    """The tables of exposure scenarios too slow to re-solve here (kept by make_tables)."""
    make_tables = load_make_tables(repo_root)
    files = set()
    for game in builtin_games().values():
        if game.protection is None or not game.protection.slow:
            continue
        for scenario in game.protection.scenarios:
            stem = make_tables.protection_stem(game.protection.bet, scenario.name)
            base = repo_root / "tables" / game.name / "protection" / stem
            files |= {base.with_suffix(".md"), base.with_suffix(".json")}
    return files


@pytest.mark.slow       # every table and report at once, with the index
def test_tables_are_current(generated: dict[Path, str]) -> None:
    stale = [path for path, text in generated.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, "run `python scripts/make_tables.py`; out of date: " + ", ".join(
        str(path) for path in stale)


@pytest.mark.slow       # needs every generated file (the UTH report's solve)
def test_no_stray_tables(generated: dict[Path, str], repo_root: Path) -> None:
    # every file in a game's folder of tables/ is one the script writes
    tables = repo_root / "tables"
    on_disk = {path for path in tables.rglob("*") if path.is_file() and path.parent != tables}
    slow = slow_scenario_files(repo_root)
    assert on_disk <= set(generated) | slow, sorted(on_disk - set(generated) - slow)


def test_slow_scenarios_have_their_tables(repo_root: Path) -> None:
    # make_tables writes them; this suite does not re-solve them (minutes each)
    missing = sorted(str(path) for path in slow_scenario_files(repo_root) if not path.exists())
    assert not missing, "run `python scripts/make_tables.py`; missing: " + ", ".join(missing)


def test_each_triple_bet_wager_at_six_decks(repo_root: Path) -> None:
    folder = repo_root / "tables" / "triple-bet"
    for bet in ("flush", "sandwich", "block", "combined"):
        for suffix in (".md", ".json"):
            text = (folder / f"{bet}-usual{suffix}").read_text(encoding="utf-8")
            assert '"decks": "6"' in text or "decks=6" in text


def test_readme_example_is_real_output(repo_root: Path) -> None:
    readme = (repo_root / "README.md").read_text(encoding="utf-8")
    command = "$ edge table triple-bet --bet sandwich\n"
    start = readme.index(command) + len(command)
    example = readme[start:readme.index("```", start)]
    assert example == str(analyze("triple-bet", "sandwich"))


def test_docs_protection_table_is_the_tables(repo_root: Path) -> None:
    # every row of docs/protection.md's table of scenarios quotes the exact player edge of the
    # scenario's table in tables/ (to four decimals), and every scenario has its row
    readme = (repo_root / "docs" / "protection.md").read_text(encoding="utf-8")
    start = readme.index("| game | `seen=` |")
    table = readme[start:].split("\n\n", 1)[0]        # up to the blank line after it
    rows = [line.split("|")[1:-1] for line in table.splitlines()[2:]
            if line.startswith("| `")]
    quoted = {(cells[0].strip(" `"), cells[1].strip(" `")): cells[3].strip() for cells in rows}
    expected = {}
    make_tables = load_make_tables(repo_root)
    for game in builtin_games().values():
        if game.protection is None:
            continue
        for scenario in game.protection.scenarios:
            stem = make_tables.protection_stem(game.protection.bet, scenario.name)
            path = repo_root / "tables" / game.name / "protection" / f"{stem}.json"
            value = Fraction(json.loads(path.read_text(encoding="utf-8"))["expected_return"])
            expected[(game.name, scenario.name)] = f"{float(value) * 100:.4f}%"
    assert quoted == expected
