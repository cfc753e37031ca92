"""The slow checks pinned to the code they ran (tests/pinned.py): what a pin records, and that
its key moves with any of those files and with nothing else."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from edge import parallel
from edge.bets import _showdown  # noqa: F401 - a kernel this module imports (see below)
from edge.cards import parse_cards
from tests import pinned

EXAMPLE = pinned.ROOT / "examples" / "games" / "casino-holdem.toml"


def _in_a_thread() -> list[int]:
    found: list[int] = []
    worker = threading.Thread(target=lambda: found.extend(parse_cards("Ah Kd")))
    worker.start()
    worker.join()
    return found


def test_a_recording_has_the_modules_called_their_imports_and_the_files_read() -> None:
    with pinned.recording() as recorder:
        assert len(_in_a_thread()) == 2                     # edge.cards, on another thread
        list(parallel.map(len, ["ab", "c"], jobs=1))         # edge.parallel
        EXAMPLE.read_bytes()
    pin = recorder.pin("example")
    assert {"edge.cards", "edge.parallel", "tests.test_pinned"} <= set(pin.modules)
    # a compiled kernel is never seen called: the module importing it brings it in
    assert "edge.bets._showdown" in pin.modules
    assert pin.files == ("examples/games/casino-holdem.toml",)
    assert pinned.is_current(pin)


def test_the_key_moves_with_a_file_recorded_and_nothing_else(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pinned, "ROOT", tmp_path)
    (tmp_path / "examples").mkdir()
    read, other = tmp_path / "examples" / "game.toml", tmp_path / "examples" / "other.toml"
    read.write_text("a = 1\n")
    other.write_text("b = 1\n")
    files = ("examples/game.toml",)
    key = pinned.code_key((), files)
    other.write_text("b = 2\n")
    assert pinned.code_key((), files) == key
    read.write_text("a = 2\n")
    moved = pinned.code_key((), files)
    assert moved != key
    read.unlink()
    assert pinned.code_key((), files) not in (key, moved)
    # a module that no longer exists moves it too
    assert pinned.code_key(("edge.no_such_module",), files) != pinned.code_key((), files)


def test_pins_are_written_and_read_back(tmp_path: Path) -> None:
    pins = {"b": pinned.Pin("b", "0" * 20, ("edge.cards",), ()),
            "a": pinned.Pin("a", "1" * 20, ("edge.cards", "edge.deal"), ("examples/x.toml",))}
    path = tmp_path / "pins.toml"
    pinned.write_pins(pins, path)
    assert pinned.read_pins(path) == pins
    assert pinned.read_pins(tmp_path / "none.toml") == {}


def test_every_pinned_check_names_a_pin_of_its_own(pytestconfig: pytest.Config) -> None:
    # the names in the markers are unique, and the pin file holds no pin of a check that is
    # gone (its tests would never refresh it)
    names = []
    for path in sorted((pinned.ROOT / "tests").glob("test_*.py")):
        text = path.read_text(encoding="utf-8")
        names += [line.split('"')[1] for line in text.splitlines()
                  if line.startswith("@pytest.mark.pinned_check(")]
    assert len(names) == len(set(names)) >= 6
    assert set(pinned.read_pins()) <= set(names)
