"""tables/ holds exactly what scripts/make_tables.py writes today (regenerate it if this fails)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from edge import analyze


def load_make_tables(root: Path) -> ModuleType:
    path = root / "scripts" / "make_tables.py"
    spec = importlib.util.spec_from_file_location("make_tables", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(repo_root: Path) -> dict[Path, str]:
    return dict(load_make_tables(repo_root).generated_files())


def test_tables_are_current(generated: dict[Path, str]) -> None:
    stale = [path for path, text in generated.items()
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, "run `python scripts/make_tables.py`; out of date: " + ", ".join(
        str(path) for path in stale)


def test_no_stray_tables(generated: dict[Path, str], repo_root: Path) -> None:
    # every file in a game's folder of tables/ is one the script writes
    tables = repo_root / "tables"
    on_disk = {path for path in tables.rglob("*") if path.is_file() and path.parent != tables}
    assert on_disk <= set(generated), sorted(on_disk - set(generated))


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
