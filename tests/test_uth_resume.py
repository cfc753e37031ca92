"""Long Ultimate Texas Hold'em solves on a shared machine (issue 25).

An interrupted solve (Ctrl-C, or killed) keeps its finished blocks of flop classes in a
checkpoint beside the cache entry, and the next run resumes from them with exactly the result
of a run never interrupted; a damaged checkpoint is ignored with one warning; the checkpoint and
the progress file are gone once the entry is written. A process waiting for another's lock says
so at once, with how far the other has got. Every solve here is a reduced case (three flop
classes, a second or two): never a full solve.
"""

from __future__ import annotations

import io
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from edge import cache, parallel
from edge.games.ultimate_texas_holdem.exposure import dealer_one as one
from edge.games.ultimate_texas_holdem.exposure import dealer_two as two
from edge.games.ultimate_texas_holdem.exposure import sweep_one
from edge.games.ultimate_texas_holdem.exposure.solution import Seen
from edge.games.ultimate_texas_holdem.solve import main_bet as uth
from edge.games.ultimate_texas_holdem.solve import solver
from tests.test_uth_cache import damage_middle, damage_truncate, tied_solution

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

ROOT = Path(__file__).resolve().parents[1]
SETTLE = solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "ante-push")
CLASSES = [0, 5, 1200]        # trip deuces, a paired flop, a rainbow flop
Arrays = dict[str, npt.NDArray[Any]]


def reduced() -> solver.FlopClasses:
    return solver.flop_classes().subset(CLASSES)


def solve_uth(checkpoint: cache.Checkpoint | None) -> Arrays:
    s = solver.solve_uncached(SETTLE, False, jobs=1, classes=reduced(), checkpoint=checkpoint)
    return {"play": s.play, "bet": s.bet, "check": s.check, "extra": s.extra,
            "flop_decisions": s.flop_decisions}


def solve_dealer_one(checkpoint: cache.Checkpoint | None) -> Arrays:
    sums = one.dealer_sums(Seen.DEALER_1, SETTLE, False, jobs=1, classes=reduced(),
                           checkpoint=checkpoint)
    return {"sums": sums[Seen.DEALER_1]}


def solve_flop_one(checkpoint: cache.Checkpoint | None) -> Arrays:
    sums, decisions = one.flop_sums(SETTLE, False, jobs=1, classes=reduced(),
                                    checkpoint=checkpoint)
    return {"sums": sums, "decisions": decisions}


def solve_dealer_two(checkpoint: cache.Checkpoint | None) -> Arrays:
    return {"rows": two.solve_rows(SETTLE, False, jobs=1, classes=reduced(),
                                   checkpoint=checkpoint)}


# each solver split in blocks, with its module and the function of its worker units
SOLVERS: dict[str, tuple[Callable[[cache.Checkpoint | None], Arrays], Any, str]] = {
    "uth": (solve_uth, solver, "_flops_task"),
    "dealer-1": (solve_dealer_one, sweep_one, "_dealer_task"),
    "flop-1": (solve_flop_one, sweep_one, "_flop_task"),
    "dealer-2": (solve_dealer_two, two, "_flops_task"),
}


@pytest.fixture(scope="module")
def uninterrupted() -> dict[str, Arrays]:
    return {name: solve(None) for name, (solve, _, _) in SOLVERS.items()}


def settle_threads() -> None:
    """Let a worker unit an interrupt left behind finish before the next solve starts."""
    deadline = time.monotonic() + 60
    while parallel.running() and time.monotonic() < deadline:
        time.sleep(0.01)


def count_units(monkeypatch: pytest.MonkeyPatch, module: Any, task: str,
                interrupt_at: int | None = None, pause: float = 0.0) -> list[tuple[int, int]]:
    """Log every worker unit's flop classes; with ``interrupt_at``, that unit (counting from
    1) raises KeyboardInterrupt (Ctrl-C reaching the solve); ``pause``: every unit after the
    first starts that late (the first is checkpointed alone)."""
    real = getattr(module, task)
    units: list[tuple[int, int]] = []

    def logged(*work: Any) -> Any:        # the solve's own work, then the unit's bounds
        units.append(work[-1])
        if interrupt_at is not None and len(units) == interrupt_at:
            raise KeyboardInterrupt
        if len(units) > 1:
            time.sleep(pause)
        return real(*work)

    monkeypatch.setattr(module, task, logged)
    return units


def checkpoint_every_block(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cache.blocks, "CHECKPOINT_EVERY", 0.0)
    monkeypatch.setattr(cache.blocks, "CHECKPOINT_SHARE", 1e9)


def interrupt_after_saves(monkeypatch: pytest.MonkeyPatch, saves: int) -> None:
    """Raise KeyboardInterrupt once ``saves`` checkpoints are written."""
    real = cache.Checkpoint.save
    written: list[int] = []

    def save(self: cache.Checkpoint, arrays: Arrays) -> None:
        real(self, arrays)
        written.append(1)
        if len(written) == saves:
            raise KeyboardInterrupt

    monkeypatch.setattr(cache.Checkpoint, "save", save)


def done_classes(checkpoint: cache.Checkpoint) -> int:
    with np.load(checkpoint.path) as data:
        return int(data["done"].sum())


def assert_same(first: Arrays, second: Arrays) -> None:
    assert first.keys() == second.keys()
    for name in first:
        assert first[name].dtype == second[name].dtype, name
        assert np.array_equal(first[name], second[name]), name


# seconds each: the optimal solve's in the plain run, the exposures' slow
@pytest.mark.parametrize("name", [name if name == "uth" else
                                  pytest.param(name, marks=pytest.mark.slow)
                                  for name in SOLVERS])
def test_interrupted_after_a_checkpoint_resumes_to_the_same_result(
        name: str, uninterrupted: dict[str, Arrays], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    solve, module, task = SOLVERS[name]
    checkpoint = cache.Checkpoint(tmp_path / "entry.npz", cache.warn)
    checkpoint_every_block(monkeypatch)
    with monkeypatch.context() as patch:
        interrupt_after_saves(patch, 1)
        count_units(patch, module, task, pause=1.0)
        with pytest.raises(KeyboardInterrupt):
            solve(checkpoint)
    settle_threads()
    with np.load(checkpoint.path) as data:
        done = np.flatnonzero(data["done"]).tolist()
    assert 0 in done and len(done) < 3, done
    units = count_units(monkeypatch, module, task)
    resumed = solve(checkpoint)
    assert sorted(start for start, _ in units) == [c for c in range(3) if c not in done]
    assert_same(resumed, uninterrupted[name])
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("name", ["uth", "dealer-2"])
def test_ctrl_c_saves_the_blocks_finished(name: str, uninterrupted: dict[str, Arrays],
                                          tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    """Where the sums are the main thread's, Ctrl-C writes them at once (no checkpoint was
    due: the default interval)."""
    solve, module, task = SOLVERS[name]
    checkpoint = cache.Checkpoint(tmp_path / "entry.npz", cache.warn)
    with monkeypatch.context() as patch:
        count_units(patch, module, task, interrupt_at=3)
        with pytest.raises(KeyboardInterrupt):
            solve(checkpoint)
    settle_threads()
    assert done_classes(checkpoint) == 2
    units = count_units(monkeypatch, module, task)
    assert_same(solve(checkpoint), uninterrupted[name])
    assert units == [(2, 3)]


KILLED_CHILD = """
import os, signal, sys
from pathlib import Path
sys.path.insert(0, {tests!r})
import test_uth_resume as t
from edge import cache
cache.blocks.CHECKPOINT_EVERY, cache.blocks.CHECKPOINT_SHARE = 0.0, 1e9
real = cache.Checkpoint.save
def save(self, arrays):
    real(self, arrays)
    if int(arrays["done"].sum()) == 2:
        os.kill(os.getpid(), signal.SIGKILL)     # killed: no Python code runs after this
cache.Checkpoint.save = save
t.solve_uth(cache.Checkpoint(Path({entry!r}), cache.warn))
"""


def test_a_killed_solve_resumes_from_its_last_checkpoint(
        uninterrupted: dict[str, Arrays], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    entry = tmp_path / "entry.npz"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run([sys.executable, "-c", KILLED_CHILD.format(
        tests=str(ROOT / "tests"), entry=str(entry))], env=env, capture_output=True,
        text=True, timeout=300)
    assert child.returncode == -signal.SIGKILL, child.stderr
    checkpoint = cache.Checkpoint(entry, cache.warn)
    assert done_classes(checkpoint) == 2
    units = count_units(monkeypatch, solver, "_flops_task")
    assert_same(solve_uth(checkpoint), uninterrupted["uth"])
    assert units == [(2, 3)]


TERMINATED_CHILD = """
import os, signal, sys, time
from pathlib import Path
sys.path.insert(0, {tests!r})
import test_uth_resume as t
from edge.games.ultimate_texas_holdem.solve import solver
from edge import cache
real = solver._flops_task
units = []
def unit(work, bounds):
    units.append(bounds)
    if len(units) == 3:
        os.kill(os.getpid(), signal.SIGTERM)     # a plain kill, no checkpoint due yet
        time.sleep(30)
    return real(work, bounds)
solver._flops_task = unit
try:
    t.solve_uth(cache.Checkpoint(Path({entry!r}), cache.warn))
except KeyboardInterrupt:
    os._exit(143)
"""


def test_a_plain_kill_saves_the_blocks_finished(uninterrupted: dict[str, Arrays],
                                                tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    entry = tmp_path / "entry.npz"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run([sys.executable, "-c", TERMINATED_CHILD.format(
        tests=str(ROOT / "tests"), entry=str(entry))], env=env, capture_output=True,
        text=True, timeout=300)
    assert child.returncode == 143, child.stderr
    with np.load(cache.Checkpoint(entry, cache.warn).path) as data:
        done = np.flatnonzero(data["done"]).tolist()
    assert done in ([0], [0, 1]), done
    units = count_units(monkeypatch, solver, "_flops_task")
    assert_same(solve_uth(cache.Checkpoint(entry, cache.warn)), uninterrupted["uth"])
    assert [start for start, _ in units] == [c for c in range(3) if c not in done]


def interrupted_uth(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> cache.Checkpoint:
    """The checkpoint of a reduced UTH solve interrupted after its first."""
    checkpoint = cache.Checkpoint(tmp_path / "entry.npz", cache.warn)
    checkpoint_every_block(monkeypatch)
    with monkeypatch.context() as patch:
        interrupt_after_saves(patch, 1)
        with pytest.raises(KeyboardInterrupt):
            solve_uth(checkpoint)
    settle_threads()
    return checkpoint


def other_pays(path: Path) -> None:
    """A whole checkpoint of another solve (its pays differ), checksum and all."""
    arrays = cache.load_arrays(path, ["play", "bet", "check", "extra", "flop_decisions",
                                      "done", "net", "ties_larger", "flops"])
    arrays["net"] = arrays["net"] + 1
    path.unlink()
    cache.write_cache_file(path, arrays, cache.warn, compress=False)


@pytest.mark.parametrize("damage", [damage_middle, damage_truncate, other_pays])
def test_a_damaged_checkpoint_is_ignored_with_one_warning(
        damage: Callable[[Path], None], uninterrupted: dict[str, Arrays], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    checkpoint = interrupted_uth(tmp_path, monkeypatch)
    damage(checkpoint.path)
    capsys.readouterr()
    units = count_units(monkeypatch, solver, "_flops_task")
    assert_same(solve_uth(checkpoint), uninterrupted["uth"])
    assert sorted(units) == [(0, 1), (1, 2), (2, 3)]          # from the beginning
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("edge: warning: the checkpoint "), err
    assert "it is ignored and the solve starts from the beginning" in err


def test_no_cache_does_not_resume(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    checkpoint = interrupted_uth(tmp_path, monkeypatch)
    afresh = cache.Checkpoint(checkpoint.entry, cache.warn, resume=False)
    units = count_units(monkeypatch, solver, "_flops_task")
    solve_uth(afresh)
    assert len(units) == 3


def test_checkpoint_and_progress_file_are_removed_once_the_entry_is_written(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The solve (a fake here) writes a checkpoint and its progress; once the entry is
    stored, only the entry and its lock file are left."""
    monkeypatch.setenv("EDGE_CACHE_DIR", str(tmp_path))
    seen: list[cache.Checkpoint | None] = []

    def fake(settle: solver.Settlement, ties_larger: bool = False,
             checkpoint: cache.Checkpoint | None = None, **_: object) -> solver.Solution:
        assert checkpoint is not None
        checkpoint.save({"done": np.zeros(3, dtype=np.uint8)})
        assert cache.progress_path(checkpoint.entry).is_file()   # written on taking the lock
        seen.append(checkpoint)
        return tied_solution(settle)

    monkeypatch.setattr(solver, "solve_uncached", fake)
    solver.solve(SETTLE)
    assert len(seen) == 1
    entry = solver._cache_path(SETTLE, False)
    assert sorted(p.name for p in tmp_path.iterdir()) == [entry.name, entry.name + ".lock"]


def _hold_the_lock(entry: str, ready: Any, release: Any) -> None:
    """In a forked child: take the lock, say how far the solve has got, wait, let go."""
    with cache.cache_lock(Path(entry), cache.warn, "ultimate-texas-holdem seen=dealer-1"):
        cache.write_progress(Path(entry), {
            "pid": os.getpid(), "label": "ultimate-texas-holdem seen=dealer-1",
            "started": time.time() - 60, "at": time.time(), "done": 600, "total": 1755,
            "fraction": 0.342, "left": 125.0})
        ready.set()
        release.wait(60)
        time.sleep(0.5)


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="no fork")
def test_a_waiting_process_says_so_at_once_and_how_far_the_other_has_got(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    entry = tmp_path / "uth-exposed-x.npz"
    context = multiprocessing.get_context("fork")
    ready, release = context.Event(), context.Event()
    holder = context.Process(target=_hold_the_lock, args=(str(entry), ready, release))
    holder.start()
    try:
        assert ready.wait(60)
        monkeypatch.setattr(cache.lock, "WAIT_POLL", 0.05)
        monkeypatch.setattr(cache.lock, "WAIT_LINE_EVERY", 0.2)
        release.set()            # the holder lets go half a second from now
        with cache.cache_lock(entry, cache.warn, "ultimate-texas-holdem seen=dealer-1"):
            assert cache.read_progress(entry) is not None           # now this process's
    finally:
        holder.join(60)
    err = capsys.readouterr().err.splitlines()
    first = err[0]
    assert re.fullmatch(
        r"edge: waiting for another edge process solving ultimate-texas-holdem seen=dealer-1 "
        rf"\(pid {holder.pid}, started at \d\d:\d\d:\d\d, 34% done \(600 of 1,755 flop "
        r"classes\), about 2 min \d\d s left\)", first), first
    assert err[1:] and all(line.startswith("edge: still waiting for the other edge process (pid")
                           for line in err[1:]), err
    assert not cache.progress_path(entry).exists()        # let go with the lock


def test_waiting_without_a_word_from_the_other(tmp_path: Path) -> None:
    assert cache.read_progress(tmp_path / "none.npz") is None
    assert cache.progress_words(None) == "it has not said how far it has got"
    assert cache.progress_words({"pid": "x"}) == "it has not said how far it has got"
    starting = {"pid": 7, "started": time.time(), "at": time.time(), "done": 0, "total": 0,
                "fraction": 0.0, "left": None}
    assert re.fullmatch(r"pid 7, started at \d\d:\d\d:\d\d, setting up",
                        cache.progress_words(starting))


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_bar_estimates_the_time_left() -> None:
    stream = _Terminal()
    bar = parallel.Progress("solving", 100, stream=stream, initial=20)
    bar.start -= 30                       # 30 s for 30 units: 50 more take 50 s
    bar.update(50)
    assert "50%" in stream.getvalue()
    assert re.search(r"30\.\d s, about 5[01] s left$", stream.getvalue()), stream.getvalue()
    bar.drawn = 0.0
    bar.update(60, left=3725)
    assert stream.getvalue().endswith("about 1 h 02 min left")
    bar.close()
    assert parallel.time_left(0.2) == "about 1 s left"
    assert parallel.time_left(130.5) == "about 2 min 11 s left"
    # the other process's estimate, drawn on a waiting process's bar
    terminal = _Terminal()
    waiting = parallel.Progress("waiting", 1000, stream=terminal)
    cache.lock._show_other(waiting, {"fraction": 0.5, "left": 40, "at": time.time()})
    assert waiting.done == 500 and re.search(r" 50% .*about (39|40) s left$", terminal.getvalue())
