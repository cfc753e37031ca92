"""Every full Ultimate Texas Hold'em solve re-made and re-checked: the optimal solve at the
default rules and Blind table, and each game-protection scenario (issue 26).

These take minutes each (about 11 minutes in all on the quiet 2-core machine), so they are marked
``full_solve`` and skipped unless ``--full-solves`` is given; ``.ci/run`` runs them last, in an
empty cache folder, with the published-figure tests that read the same solves:

    EDGE_PUBLISHED_CACHE=$(mktemp -d) pytest -p no:cacheprovider -n 0 --full-solves \\
        tests/test_uth_full_solves.py tests/test_uth_exposure_one.py::test_published_player_edges

The solves go to the folder ``$EDGE_PUBLISHED_CACHE`` when it is set (empty: every solve is
made afresh; one a make_tables run filled: they are read, and checked, in seconds), else to the
session's own empty cache. Checked here:

- each solve's exact integer results against the SHA-256 pinned in
  tests/digests/uth_full_solves.toml (scripts/pin_digests.py): a regression check, any changed
  sum fails;
- the committed tables of every scenario (tables/ultimate-texas-holdem/protection/) are what
  scripts/make_tables.py writes from these solves (tests/test_tables_current.py leaves them out:
  it does not re-solve).

The independent check of the same solves is the published figures (E. Jacobson's), in
tests/test_uth_exposure_one.py, tests/test_uth_exposure_dealer_two.py and the simulations of
tests/test_uth_exposure_play.py, which read ``$EDGE_PUBLISHED_CACHE``.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from edge.games.ultimate_texas_holdem import GAME

pytestmark = [pytest.mark.full_solve, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent


def load_script(name: str) -> ModuleType:
    """A module of scripts/ by file name (scripts/ is not a package)."""
    path = ROOT / "scripts" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"edge_scripts_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


PIN = load_script("pin_digests")


@pytest.fixture(scope="module", autouse=True)
def solve_cache(edge_cache_dir: Path) -> Iterator[Path]:
    """Where the solves go: ``$EDGE_PUBLISHED_CACHE`` if set (the published-figure tests run
    after this module read it), else the session's empty cache."""
    folder = os.environ.get("EDGE_PUBLISHED_CACHE") or str(edge_cache_dir)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("EDGE_CACHE_DIR", folder)
        yield Path(folder)


def test_every_solve_is_pinned() -> None:
    # the optimal solve and every protection scenario, each pinned
    protection = GAME.protection
    assert protection is not None
    assert set(PIN.SCENARIOS) == {scenario.name for scenario in protection.scenarios}
    assert set(PIN.read_pins()) == set(PIN.solves())


# in PIN.solves() order (dealer-1,turn-river-1 before the two its sweep also caches)
@pytest.mark.parametrize("name", list(PIN.solves()))
def test_solve_matches_its_pinned_digest(name: str) -> None:
    arrays = PIN.solves()[name]()
    assert PIN.digest(arrays) == PIN.read_pins()[name], (
        f"the full solve {name!r} changed: if that was meant, re-pin with "
        "`python scripts/pin_digests.py --fresh --write` and say why in the commit")


def test_protection_tables_are_current() -> None:
    make_tables = load_script("make_tables")
    stale = [str(path.relative_to(ROOT)) for path, text in make_tables.protection_files(GAME)
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, "run `python scripts/make_tables.py`; out of date: " + ", ".join(stale)
