"""The disk cache of Ultimate Texas Hold'em solves: checked, atomic, locked (issue 16).

Each damaged file (truncated, empty, garbled in the middle, checksum not matching), a directory
or an unusable folder where the cache should be, an interrupted write, and two processes
solving the same entry at once. The solve itself is replaced by a fake one (every deal a tie,
which passes the solve's own totals check) that counts its calls, so these run in a moment; one
slow test runs two real solves at once.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from edge import cache
from edge.games.ultimate_texas_holdem.solve import main_bet as uth
from edge.games.ultimate_texas_holdem.solve import solver

SETTLE = solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "ante-push")


def tied_solution(settle: solver.Settlement = SETTLE) -> solver.Solution:
    """A solution whose every deal ties: small to make, and whole by the solve's own check."""
    rows = np.zeros((solver.HOLDINGS, solver.CATEGORIES), dtype=np.int64)
    rows[:, solver.TIE] = solver.DEALS_PER_HOLDING
    return solver.Solution(settle, False, rows, rows.copy(), rows * 0,
                           np.zeros((solver.HOLDINGS, 4), dtype=np.int64),
                           np.zeros((len(solver.flop_classes().flops), solver.HOLDINGS),
                                    dtype=np.uint8))


@pytest.fixture
def solves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A fresh cache folder and a fake solve; the list grows by one per solve run."""
    monkeypatch.setenv("EDGE_CACHE_DIR", str(tmp_path / "cache"))
    calls: list[int] = []

    def fake(settle: solver.Settlement, ties_larger: bool = False, **_: object
             ) -> solver.Solution:
        calls.append(1)
        return tied_solution(settle)

    monkeypatch.setattr(solver, "solve_uncached", fake)
    return calls


def entry() -> Path:
    return solver._cache_path(SETTLE, False)


def leftovers(folder: Path) -> list[str]:
    """Files in the cache folder other than entries and their lock files."""
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir()
                  if not (p.name.endswith(".npz") or p.name.endswith(".npz.lock")))


def warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("edge: warning:")]


def test_round_trip_and_checksum(solves: list[int], capsys: pytest.CaptureFixture[str]) -> None:
    first = solver.solve(SETTLE)
    assert solves == [1] and entry().is_file()
    again = solver.solve(SETTLE)
    assert solves == [1]                                 # read from the cache
    assert np.array_equal(again.play, first.play)
    assert np.array_equal(again.flop_decisions, first.flop_decisions)
    with np.load(entry()) as data:
        stored = {name: data[name] for name in solver.CACHE_ARRAYS}
        assert str(data["checksum"]) == cache.arrays_digest(stored)
    other = solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "all-push")
    assert solver._cache_path(other, False) != entry() != solver._cache_path(SETTLE, True)
    assert capsys.readouterr().err == ""
    assert leftovers(entry().parent) == []


def test_no_cache_solves_afresh_and_writes(solves: list[int]) -> None:
    solver.solve(SETTLE)
    solver.solve(SETTLE, use_cache=False)
    assert solves == [1, 1] and entry().is_file()


def damage_truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])


def damage_empty(path: Path) -> None:
    path.write_bytes(b"")


def damage_middle(path: Path) -> None:
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 64] = bytes(255 - b for b in data[middle:middle + 64])
    path.write_bytes(bytes(data))


def damage_contents(path: Path) -> None:
    """A whole, readable .npz whose arrays no longer match their checksum."""
    with np.load(path) as data:
        arrays = {name: np.array(data[name]) for name in data.files}
    arrays["play"][0, 0] += 1
    arrays["play"][0, solver.TIE] -= 1          # still adds up: only the checksum can tell
    with path.open("wb") as file:
        np.savez_compressed(file, **arrays)  # type: ignore[arg-type]  # numpy's stub: allow_pickle


@pytest.mark.parametrize("damage", [damage_truncate, damage_empty, damage_middle,
                                    damage_contents])
def test_damaged_entry_warns_once_and_is_solved_again(
        damage: Callable[[Path], None], solves: list[int],
        capsys: pytest.CaptureFixture[str]) -> None:
    solver.solve(SETTLE)
    damage(entry())
    capsys.readouterr()
    solution = solver.solve(SETTLE)
    err = capsys.readouterr().err
    assert solves == [1, 1]
    assert len(warnings(err)) == 1 and err.count("\n") == 1, err
    assert str(entry()) in err and "solved again" in err and "Traceback" not in err
    assert int(solution.play[:, solver.TIE].sum()) == solver.CYCLE
    # rewritten whole: the next run reads it without a word
    solver.solve(SETTLE)
    assert solves == [1, 1] and capsys.readouterr().err == ""
    assert leftovers(entry().parent) == []


def test_directory_in_place_of_the_entry(solves: list[int],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    entry().mkdir(parents=True)
    solver.solve(SETTLE)
    err = capsys.readouterr().err
    assert solves == [1]
    assert len(warnings(err)) == 1 and err.count("\n") == 1, err
    assert "is a directory" in err
    assert entry().is_dir() and list(entry().iterdir()) == []
    assert leftovers(entry().parent) == []               # no stray temporary file


def test_unusable_cache_folder(tmp_path: Path, solves: list[int],
                               monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("EDGE_CACHE_DIR", str(blocker / "cache"))
    solver.solve(SETTLE)
    err = capsys.readouterr().err
    assert solves == [1]
    assert len(warnings(err)) == 1 and err.count("\n") == 1, err
    assert "cannot be read (Not a directory)" in err
    assert blocker.read_text() == "not a folder"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_unwritable_cache_folder(solves: list[int], monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    # (root may write anywhere, so the refusal is made by the write itself)
    def refuse(*args: object, **kwargs: object) -> tuple[int, str]:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    solver.solve(SETTLE)
    err = capsys.readouterr().err
    assert solves == [1] and not entry().exists()
    assert len(warnings(err)) == 1 and "Permission denied" in err, err
    assert leftovers(entry().parent) == []


@pytest.mark.parametrize("error", [KeyboardInterrupt, OSError])
def test_interrupted_write_leaves_nothing(error: type[BaseException], solves: list[int],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object, **kwargs: object) -> None:
        raise error("disk gone")

    monkeypatch.setattr(np, "savez_compressed", fail)
    if error is KeyboardInterrupt:
        with pytest.raises(KeyboardInterrupt):
            solver.solve(SETTLE)
    else:
        solver.solve(SETTLE)
    assert not entry().exists()
    assert leftovers(entry().parent) == []


def _slow_solve_in_child(counter: str, settle: solver.Settlement) -> None:
    """Run in a forked child: a fake solve that takes a while and logs each run."""
    def fake(settle: solver.Settlement, ties_larger: bool = False, **_: object
             ) -> solver.Solution:
        with open(counter, "a") as file:
            file.write(f"{os.getpid()}\n")
        time.sleep(1.5)
        return tied_solution(settle)

    solver.solve_uncached = fake  # type: ignore[assignment]
    solution = solver.solve(settle)
    assert int(solution.play[:, solver.TIE].sum()) == solver.CYCLE


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork")
def test_two_processes_solve_once(solves: list[int], tmp_path: Path) -> None:
    counter = tmp_path / "solves.txt"
    context = multiprocessing.get_context("fork")
    children = [context.Process(target=_slow_solve_in_child, args=(str(counter), SETTLE))
                for _ in range(2)]
    for child in children:
        child.start()
        time.sleep(0.2)
    for child in children:
        child.join(60)
    assert [child.exitcode for child in children] == [0, 0]
    assert len(counter.read_text().splitlines()) == 1     # the second read the first's result
    assert entry().is_file() and leftovers(entry().parent) == []


WRAPPED_SOLVE = """
import sys
from edge.cli import main
from edge.games.ultimate_texas_holdem.solve import solver
real = solver.solve_uncached
def logged(*args, **kwargs):
    print("test: solve started", file=sys.stderr, flush=True)
    return real(*args, **kwargs)
solver.solve_uncached = logged
sys.exit(main(["table", "uth", "--format", "json"]))
"""


@pytest.mark.slow
def test_two_real_solves_at_once(tmp_path: Path) -> None:
    """Two `edge table uth` runs on one empty cache: one solves, the other waits and reads."""
    env = {**os.environ, "EDGE_CACHE_DIR": str(tmp_path)}
    runs = [subprocess.Popen([sys.executable, "-c", WRAPPED_SOLVE], env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            for _ in range(2)]
    results = [run.communicate(timeout=600) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], results
    assert results[0][0] == results[1][0]
    assert sum(err.count("test: solve started") for _, err in results) == 1, results
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == \
        [solver._cache_path(SETTLE, False).name]


def test_entry_is_readable_like_a_plain_file(solves: list[int]) -> None:
    solver.solve(SETTLE)
    if hasattr(os, "fchmod"):
        assert entry().stat().st_mode & 0o777 == 0o644


# --- the entry's name: what the result depends on, the code included --------------------------

def test_a_code_change_names_another_entry(solves: list[int],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel or solver change (here: another digest of their sources) gives another entry:
    the file solved before it is not read, the solve runs again."""
    solver.solve(SETTLE)
    before = entry()
    assert before.is_file() and solves == [1]
    real = cache.code_digest
    monkeypatch.setattr(cache.key, "code_digest", lambda *modules: "changed" + real(*modules))
    assert entry() != before and not entry().exists()
    solver.solve(SETTLE)
    assert solves == [1, 1] and entry().is_file() and before.is_file()


def fake_module(name: str, file: Path) -> types.ModuleType:
    module = types.ModuleType(name)
    module.__file__ = str(file)
    return module


def test_code_digest_follows_cython_sources(tmp_path: Path) -> None:
    """A compiled module's code is its .pyx, what it cimports from the package (the .pxd and
    the .pyx behind it) and the headers it takes in; without its .pyx, the compiled file."""
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "shared.pxd").write_text("cdef int twice(int x)\n")
    (package / "shared.pyx").write_text("cdef int twice(int x):\n    return 2 * x\n")
    (package / "k.h").write_text("#define K 1\n")
    (package / "kern.pyx").write_text('from libc.stdint cimport int64_t\n'
                                      'from pkg.shared cimport twice\n'
                                      'cdef extern from "k.h":\n    int K\n')
    compiled = package / "kern.cpython-311-x86_64-linux-gnu.so"
    compiled.write_bytes(b"\x7fELF")

    def digest() -> str:          # a new module object each time: nothing remembered
        return cache.code_digest(fake_module("pkg.kern", compiled))

    assert sorted(cache.source_files(fake_module("pkg.kern", compiled))) == [
        "pkg/k.h", "pkg/kern.pyx", "pkg/shared.pxd", "pkg/shared.pyx"]
    first = digest()
    assert digest() == first
    for name, text in [("shared.pyx", "cdef int twice(int x):\n    return x + x\n"),
                       ("k.h", "#define K 2\n"), ("kern.pyx", "# another kernel\n")]:
        (package / name).write_text(text)
        assert digest() != first
        first = digest()
    (package / "kern.pyx").unlink()
    assert list(cache.source_files(fake_module("pkg.kern", compiled))) == [
        "pkg/kern.cpython-311-x86_64-linux-gnu.so"]


def test_code_digest_of_python_ignores_comments_and_docstrings(tmp_path: Path) -> None:
    source = tmp_path / "pkg" / "solve.py"
    source.parent.mkdir()
    source.write_text('"""A solver."""\n\ndef f():\n    """Doubles."""\n    return 2  # two\n')
    first = cache.code_digest(fake_module("pkg.solve", source))
    source.write_text('"""The solver."""\n\n\ndef f():\n    return 2\n')
    assert cache.code_digest(fake_module("pkg.solve", source)) == first
    source.write_text('"""The solver."""\n\n\ndef f():\n    return 3\n')
    assert cache.code_digest(fake_module("pkg.solve", source)) != first


def test_the_solve_entry_depends_on_its_kernel_sources() -> None:
    from edge.games.ultimate_texas_holdem.solve import _kernels
    found = cache.source_files(_kernels)
    assert "edge/games/ultimate_texas_holdem/solve/_kernels.pyx" in found
    assert "edge/_core.pxd" in found and "edge/_core.pyx" in found
    assert list(cache.source_files(solver)) == [
        "edge/games/ultimate_texas_holdem/solve/solver.py"]
