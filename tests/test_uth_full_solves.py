"""Every full Ultimate Texas Hold'em solve re-made and re-checked: the optimal solve at the
default rules and Blind table, and each game-protection scenario (issue 26).

These take minutes each (about 20 minutes in all on the quiet 2-core machine), so they are
marked ``full_solve`` and skipped unless ``--full-solves`` is given; scripts/full_solves.sh runs
them in an empty cache folder, with the published-figure tests that read the same solves, and
``.ci/run`` runs it last with ``--changed`` (``pytest --full-solves-changed``): a solve whose
code key is the one pinned beside its digest is skipped, "code unchanged since the pin"
(docs/development.md).

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

import os
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

from edge.games.ultimate_texas_holdem import GAME
from tests.conftest import ROOT, load_script, moved_solves

pytestmark = [pytest.mark.full_solve, pytest.mark.slow]

PIN = load_script("pin_digests")
SCENARIOS: tuple[str, ...] = tuple(PIN.SCENARIOS)


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
@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.uses_solve(name))
                                  for name in PIN.solves()])
def test_solve_matches_its_pinned_digest(name: str) -> None:
    arrays = PIN.solves()[name]()
    pinned, now = PIN.read_keys().get(name), PIN.code_key(name)
    moved = "" if pinned == now else f" (its code key moved: pinned {pinned}, now {now})"
    assert PIN.digest(arrays) == PIN.read_pins()[name], (
        f"the full solve {name!r} changed{moved}: if that was meant, re-pin with "
        "`python scripts/pin_digests.py --fresh --write` and say why in the commit")
    if moved:
        warnings.warn(f"the full solve {name!r} is identical{moved}: refresh the keys with "
                      "`python scripts/pin_digests.py --check --changed --refresh-keys` "
                      "(or scripts/full_solves.sh)", stacklevel=1)


@pytest.mark.uses_solve(*SCENARIOS)
def test_protection_tables_are_current(request: pytest.FixtureRequest) -> None:
    # the tables of the scenarios solved in this run (every one, but with
    # --full-solves-changed those whose code key moved)
    make_tables = load_script("make_tables")
    moved = moved_solves(request.config)
    files = make_tables.protection_files(GAME, scenarios=moved)
    stale = [str(path.relative_to(ROOT)) for path, text in files
             if not path.exists() or path.read_text(encoding="utf-8") != text]
    assert not stale, "run `python scripts/make_tables.py`; out of date: " + ", ".join(stale)
