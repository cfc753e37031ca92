"""edge.parallel: one worker pool (results in order, errors raised in the caller, Ctrl-C at
once), one progress bar, and ``--jobs`` checked against the cores available."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from edge import parallel
from edge.errors import EdgeError
from edge.simulation.engine import run

ROOT = Path(__file__).resolve().parent.parent


def _square(value: int) -> int:
    time.sleep(0.001 * (value % 3))           # finish out of order
    return value * value


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("processes", [False, True])
def test_map_keeps_the_order_of_the_units(jobs: int, processes: bool) -> None:
    seen: list[int] = []
    results = list(parallel.map(_square, range(20), jobs, processes=processes,
                                progress=seen.append))
    assert results == [n * n for n in range(20)]
    assert seen == results


def test_a_worker_error_is_raised_in_the_caller_and_stops_the_rest() -> None:
    started: list[int] = []

    def work(value: int) -> int:
        started.append(value)
        if value == 2:
            raise EdgeError("unit 2 is bad")
        time.sleep(0.01)
        return value

    with pytest.raises(EdgeError, match="unit 2 is bad"):
        list(parallel.map(work, range(200), 2))
    time.sleep(0.05)
    assert len(started) < 20


def test_leaving_early_does_not_wait_for_running_units() -> None:
    release = threading.Event()

    def work(value: int) -> int:
        if value == 1:
            release.wait(5)
        return value

    began = time.perf_counter()
    for value in parallel.map(work, range(4), 2):
        if value == 0:
            break
    assert time.perf_counter() - began < 1
    release.set()


def test_an_empty_map_and_one_worker_per_unit_at_most() -> None:
    assert list(parallel.map(_square, [], 2)) == []
    assert parallel.workers(8, 3) == 3 and parallel.workers(None, 1) == 1


def test_jobs_are_checked_against_the_cores_available() -> None:
    cores = parallel.available_cores()
    assert cores == len(os.sched_getaffinity(0))
    assert parallel.check_jobs(None) is None and parallel.check_jobs(cores) == cores
    with pytest.raises(EdgeError, match=f"--jobs {cores + 1} is more than the {cores} core"):
        parallel.check_jobs(cores + 1)
    with pytest.raises(EdgeError, match="--jobs 0 must be at least 1"):
        parallel.check_jobs(0)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_draws_on_a_terminal_only() -> None:
    stream = _Terminal()
    with parallel.Progress("simulating", 10, unit="hands", stream=stream, width=10) as bar:
        bar.update(5)
        bar.drawn = 0.0                       # past the redraw interval
        bar.advance(5)
    text = stream.getvalue()
    assert "simulating [#####.....]  50% 5/10 hands" in text
    assert "[##########] 100% 10/10 hands" in text and text.endswith("\n")
    quiet = io.StringIO()
    with parallel.Progress("simulating", 10, stream=quiet) as bar:
        bar.advance(10)
    assert quiet.getvalue() == ""
    off = _Terminal()
    with parallel.Progress("simulating", 10, enabled=False, stream=off) as bar:
        bar.advance(10)
    assert off.getvalue() == ""


def test_a_simulation_tallies_the_same_hands_whatever_the_jobs() -> None:
    from edge.games import get_game
    from edge.simulation import make_simulator

    game = get_game("triple-bet")
    simulator = make_simulator("triple-bet", "combined", game.bet("combined").paytable(None),
                               game.make_rules())
    one = run(simulator, 200_000, seed=5, jobs=1)
    two = run(simulator, 200_000, seed=5, jobs=2)
    assert one == two and one.hands == 200_000


def _interrupt(signals: int) -> tuple[int, str, float]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # The child says when edge is imported (on a loaded machine that takes seconds; a Ctrl-C
    # before it would meet Python's own handler), then runs the command line's main().
    command = ["simulate", "triple-bet", "--bet", "combined", "--hands", str(10 ** 8),
               "--seed", "1"]
    # The child starts with Ctrl-C as a terminal gives it (an ignored SIGINT is inherited: a
    # runner that ignores it would otherwise hand the child a Ctrl-C it never sees: .ci/run's
    # test workers did, after some earlier test; which one is not found yet).
    child = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
             "import sys; from edge.cli import main; print('ready', file=sys.stderr, "
             f"flush=True); sys.exit(main({command!r}))")
    process = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    assert process.stderr is not None
    assert process.stderr.readline() == "ready\n", process.communicate()
    time.sleep(0.5)                           # into the simulation
    assert process.poll() is None, process.communicate()
    sent = time.perf_counter()
    for _ in range(signals):
        process.send_signal(signal.SIGINT)
        time.sleep(0.05)
    _, err = process.communicate(timeout=10)
    return process.returncode, err, time.perf_counter() - sent


@pytest.mark.parametrize("signals", [1, 2])
def test_ctrl_c_ends_a_simulation_at_once(signals: int) -> None:
    status, err, seconds = _interrupt(signals)
    assert status == 130
    assert err.strip().splitlines()[-1] == "edge: interrupted"
    assert "Traceback" not in err
    assert seconds < 3


def test_a_bar_left_drawn_is_ended_before_a_message() -> None:
    stream = _Terminal()
    bar = parallel.Progress("solving", 10, stream=stream)
    bar.advance(3)
    parallel.end_progress()
    parallel.end_progress()
    assert stream.getvalue().endswith("s\n") and stream.getvalue().count("\n") == 1


def test_make_simulator_calls_the_bets_simulate_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from edge.games import Rules, RunSettings, Wager, get_game
    from edge.simulation import make_simulator, simulates
    from edge.simulation.engine import Simulator

    game = get_game("triple-bet")
    made: list[tuple[object, object, RunSettings]] = []
    # stand-ins the hook passes through untouched, whatever their types
    simulator: Any = "the hook's simulator"
    rules: Any = "rules"

    def hook(wager: Wager[Rules]) -> Simulator:
        made.append((wager.paytable, wager.rules, wager.run))
        return simulator

    bets = tuple(dataclasses.replace(bet, simulate=hook) for bet in game.bets)
    hooked = dataclasses.replace(game, bets=bets)
    monkeypatch.setattr("edge.simulation.get_game", lambda name: hooked)
    settings = RunSettings(jobs=1)
    assert make_simulator("triple-bet", "flush", None, rules, settings) == simulator
    assert made == [(None, "rules", settings)] and simulates(hooked)


def test_a_worker_left_running_is_seen() -> None:
    release = threading.Event()

    def work(value: int) -> int:
        if value == 1:
            release.wait(5)
        return value

    for _ in parallel.map(work, range(3), 2):
        break
    assert parallel.running()
    release.set()
    deadline = time.perf_counter() + 5
    while parallel.running() and time.perf_counter() < deadline:
        time.sleep(0.01)
    assert not parallel.running()

