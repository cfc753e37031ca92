"""The code keys of the pinned full Ultimate Texas Hold'em solves (tests/digests/
uth_full_solves.toml, edge.games.ultimate_texas_holdem.full_solves): every pin records one,
each is the cache entry its solver really reads, and scripts/pin_digests.py solves a pin
again only when its key moved. Nothing here solves anything."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import pytest

from edge import cache
from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem import full_solves
from edge.games.ultimate_texas_holdem.collusion import classes
from tests.conftest import load_script

PIN = load_script("pin_digests")


def test_every_pin_has_a_code_key_the_key_function_names() -> None:
    keys = PIN.read_keys()
    assert set(keys) == {*PIN.solves(), *PIN.CHECKS}
    missing = [name for name, key in keys.items() if not key]
    assert not missing, f"pins without a code_key: {missing}"
    assert set(keys) <= set(full_solves.named())
    for name in keys:
        assert full_solves.code_key(name).startswith("uth-")


def test_the_key_of_a_solve_is_unchanged_by_asking_twice() -> None:
    assert full_solves.code_key("dealer-2") == full_solves.code_key("dealer-2")
    assert len({full_solves.code_key(name) for name in full_solves.named()}) == len(
        full_solves.named())


def test_an_unknown_name_is_one_error() -> None:
    with pytest.raises(EdgeError, match="'none'"):
        full_solves.code_key("none")


class Reached(Exception):
    """Raised where a solver first reads its cache entry: the path it reads."""

    def __init__(self, path: Path) -> None:
        super().__init__(str(path))
        self.path = path


def entry_read(monkeypatch: pytest.MonkeyPatch, run: Callable[[], Any]) -> str:
    """The name of the first cache entry ``run`` reads (stopped there: nothing is solved)."""
    def reached(entry: cache.Entry, *args: object) -> NoReturn:
        raise Reached(entry.path)
    monkeypatch.setattr(cache.Entry, "load", reached)
    with pytest.raises(Reached) as found:
        run()
    return found.value.path.stem


@pytest.mark.parametrize("name", list(PIN.solves()))
def test_the_key_is_the_entry_the_solver_reads(name: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    # the pin's own way of making the solve (scripts/pin_digests.py), stopped at its first read
    assert entry_read(monkeypatch, PIN.solves()[name]) == full_solves.code_key(name)


def test_the_collusion_key_is_its_class_entry(monkeypatch: pytest.MonkeyPatch) -> None:
    key = full_solves.code_key(full_solves.COLLUSION)
    index = next(i for i, hole in enumerate(classes.hole_classes()) if hole.name == "K5o")
    from edge.games.ultimate_texas_holdem import GAME
    from edge.games.ultimate_texas_holdem.solve import solver
    paytable = GAME.bet("main").paytable(None)
    assert paytable is not None
    settle = solver.settlement(paytable.as_dict(), GAME.make_rules().dealer_no_qualify)
    net = tuple(tuple(int(v) for v in row) for row in settle.array())
    task = classes.ClassTask(index, net, settle.fold, False)
    assert entry_read(monkeypatch, lambda: classes.cached_class(task)) == key


# --- the changed / unchanged decision on a made-up pin file -----------------------------------

def made_up_pins(path: Path, solves: dict[str, tuple[str, str | None]],
                 check_key: str | None) -> Path:
    """A pin file of made-up solves (name -> (digest, key)) and the collusion check's key."""
    lines = []
    for name, (sha, key) in solves.items():
        lines.append(f'[solve."{name}"]\nsha256 = "{sha}"\n')
        if key is not None:
            lines.append(f'code_key = "{key}"\n')
        lines.append('arrays = {a = "<i8 [2]"}\n\n')
    if check_key is not None:
        lines.append(f'[check."collusion"]\ncode_key = "{check_key}"\n')
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_moved_names_only_the_keys_that_differ(tmp_path: Path) -> None:
    pins = made_up_pins(tmp_path / "pins.toml", {"same": ("0", "k-same"), "moved": ("0", "k-old"),
                                                 "never": ("0", None)}, "k-collusion")
    current = {"same": "k-same", "moved": "k-new", "never": "k-never",
               "collusion": "k-collusion"}
    assert PIN.moved(PIN.read_keys(pins), current.__getitem__) == {
        "moved": "k-new", "never": "k-never"}


@pytest.fixture
def made_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """scripts/pin_digests.py on two made-up solves (tiny arrays, counted when made), one whose
    code key is the pinned one and one whose key moved, with a pin file of their digests."""
    made: list[str] = []

    def solve(name: str, value: int) -> Callable[[], dict[str, Any]]:
        def make() -> dict[str, Any]:
            made.append(name)
            return {"a": np.array([value, 2], dtype=np.int64)}
        return make
    solves = {"kept": solve("kept", 1), "moved": solve("moved", 5)}
    keys = {"kept": "k-kept", "moved": "k-moved-now", "collusion": "k-collusion"}
    digests = {name: PIN.digest(make()) for name, make in solves.items()}
    made.clear()
    pins = made_up_pins(tmp_path / "pins.toml", {"kept": (digests["kept"], "k-kept"),
                                                 "moved": (digests["moved"], "k-moved-then")},
                        "k-collusion")
    monkeypatch.setattr(PIN, "PINS", pins)
    monkeypatch.setattr(PIN, "solves", lambda: solves)
    monkeypatch.setattr(PIN, "code_key", keys.__getitem__)
    return {"made": made, "pins": pins, "solves": solves}


def test_changed_solves_only_the_moved_key_and_passes_when_identical(
        made_up: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert PIN.main(["--check", "--changed"]) == 0
    assert made_up["made"] == ["moved", "moved"]         # solved, then read back
    out, err = capsys.readouterr()
    assert f"kept {' ' * 20}{PIN.UNCHANGED}" in out
    assert "code key moved (pinned k-moved-then, now k-moved-now)" in out
    assert "refresh them" in err and "moved" in err
    assert PIN.read_keys(made_up["pins"])["moved"] == "k-moved-then"     # not written


def test_changed_fails_when_a_moved_key_gives_another_result(
        made_up: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    made_up["solves"]["moved"] = lambda: {"a": np.array([6, 2], dtype=np.int64)}
    assert PIN.main(["--check", "--changed", "--refresh-keys"]) == 1
    out, err = capsys.readouterr()
    assert "DIFFERS" in out and "its code key moved" in out and "moved" in err
    assert PIN.read_keys(made_up["pins"])["moved"] == "k-moved-then"     # not refreshed


def test_refresh_keys_writes_the_keys_and_keeps_the_digests(
        made_up: dict[str, Any]) -> None:
    before = PIN.read_pins(made_up["pins"])
    assert PIN.main(["--check", "--changed", "--refresh-keys"]) == 0
    assert PIN.read_keys(made_up["pins"]) == {"kept": "k-kept", "moved": "k-moved-now",
                                              "collusion": "k-collusion"}
    assert PIN.read_pins(made_up["pins"]) == before
    made_up["made"].clear()
    assert PIN.main(["--check", "--changed"]) == 0
    assert made_up["made"] == []                         # every key now the pinned one


def test_changed_and_refresh_keys_go_with_check(made_up: dict[str, Any]) -> None:
    with pytest.raises(SystemExit) as stopped:
        PIN.main(["--write", "--changed"])
    assert stopped.value.code == 2
