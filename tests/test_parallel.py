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
    release = threading.Event()

    def work(value: int) -> int:
        started.append(value)
        if value == 2:
            raise EdgeError("unit 2 is bad")
        if value > 2:
            release.wait(60)              # held until the caller has seen the error
        return value

    with pytest.raises(EdgeError, match="unit 2 is bad"):
        list(parallel.map(work, range(200), 2))
    release.set()
    _wait_for_the_workers()
    # the other worker may have taken unit 3 before unit 2 failed; none is started after
    assert sorted(started) in ([0, 1, 2], [0, 1, 2, 3])


def test_leaving_early_does_not_wait_for_running_units() -> None:
    release = threading.Event()
    finished: list[int] = []

    def work(value: int) -> int:
        if value == 1:
            release.wait(60)              # set only after the loop is left
        finished.append(value)
        return value

    for value in parallel.map(work, range(4), 2):
        if value == 0:
            break
    # had leaving waited for unit 1, unit 1 would have finished (after 60 s)
    assert 1 not in finished
    release.set()
    _wait_for_the_workers()


def _wait_for_the_workers() -> None:
    """Wait (a minute at most: a loaded machine) until no worker thread runs a unit."""
    deadline = time.monotonic() + 60
    while parallel.running() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert not parallel.running()


def test_ahead_bounds_the_units_started_past_the_caller() -> None:
    # two workers, a caller that takes each result slowly: never more than `ahead` units
    # started past the last result taken (one more here: the caller counts a result taken
    # just after map hands it over), where unbounded workers would start all twelve at once
    started: list[int] = []
    taken = 0
    lock = threading.Lock()

    def unit(n: int) -> int:
        with lock:
            started.append(n)
            assert n <= taken + 2, (n, taken)
        return n * n

    results: list[int] = []
    for result in parallel.map(unit, range(12), jobs=2, ahead=2):
        with lock:
            taken = len(results) + 1
        time.sleep(0.01)
        results.append(result)
    assert results == [n * n for n in range(12)]
    assert sorted(started) == list(range(12))
    with pytest.raises(ValueError, match="ahead must be 1 or more"):
        list(parallel.map(unit, range(3), jobs=2, ahead=0))


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


def _interrupt(signals: int) -> tuple[int, str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # The child runs the command as the console script does (edge.cli.entry: main() and the
    # exit) and says when main() starts, the command's Ctrl-C handler then in place (on a
    # loaded machine importing edge takes seconds; a Ctrl-C before would meet Python's own).
    command = ["simulate", "triple-bet", "--bet", "combined", "--hands", str(10 ** 8),
               "--seed", "1"]
    # The child starts with Ctrl-C as a terminal gives it (a runner started with SIGINT
    # ignored would hand it on: the command keeps an ignored Ctrl-C ignored).
    child = "\n".join([
        "import signal, sys",
        "signal.signal(signal.SIGINT, signal.default_int_handler)",
        "from edge import cli",
        "command_main = cli.main",
        "def main(argv):",
        "    print('ready', file=sys.stderr, flush=True)",
        "    return command_main(argv)",
        "cli.main = main",
        f"cli.entry({command!r})"])
    process = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env)
    assert process.stderr is not None
    assert process.stderr.readline() == "ready\n", process.communicate()
    time.sleep(0.5)                           # into the simulation
    assert process.poll() is None, process.communicate()
    for _ in range(signals):
        process.send_signal(signal.SIGINT)
        time.sleep(0.05)
    try:
        out, err = process.communicate(timeout=120)       # a hang, not a slow machine
    finally:
        process.kill()
    return process.returncode, out, err


@pytest.mark.parametrize("signals", [1, 2])
def test_ctrl_c_ends_a_simulation_at_once(signals: int) -> None:
    status, out, err = _interrupt(signals)
    said = f"status {status}, stdout {out[-300:]!r}, stderr {err[-600:]!r}"
    assert status == 130, said
    assert err.strip().splitlines()[-1] == "edge: interrupted", said
    assert "Traceback" not in err, said
    assert out == "", said            # no report: the run was stopped, not finished


# A Ctrl-C that a library turns into another error on its way up, as numpy's extension
# modules do when one lands while they are imported (ImportError: numpy._core.umath failed to
# import): the command still reports an interrupt, not a bug.
TURNED = """
def build_parser(*args, **kwargs):
    try:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(60)
    except KeyboardInterrupt:
        raise ImportError("numpy._core.umath failed to import") from None
"""
# A Ctrl-C raised where Python only prints it and goes on, as in importlib's weakref callback
# (the run went on to the end, and a second Ctrl-C was ignored): delivered again, it stops the
# run.
LOST = """
class Thing:
    pass

def build_parser(*args, **kwargs):
    def callback(ref):
        raise KeyboardInterrupt
    thing = Thing()
    ref = weakref.ref(thing, callback)
    del thing
    time.sleep(60)
    raise SystemExit("the run was not interrupted")
"""


@pytest.mark.parametrize("parser", [TURNED, LOST], ids=["turned", "lost"])
def test_a_ctrl_c_a_library_mislays_is_still_an_interrupt(parser: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = "\n".join([
        "import os, signal, sys, time, weakref",
        "signal.signal(signal.SIGINT, signal.default_int_handler)",
        "from edge import cli", parser, "cli.build_parser = build_parser",
        "cli.entry(['games'])"])
    done = subprocess.run([sys.executable, "-c", child], capture_output=True, text=True,
                          env=env, timeout=120)
    assert (done.returncode, done.stdout, done.stderr) == (130, "", "edge: interrupted\n")


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
            release.wait(60)
        return value

    for _ in parallel.map(work, range(3), 2):
        break
    assert parallel.running()
    release.set()
    _wait_for_the_workers()



def test_main_leaves_the_ctrl_c_handler_as_it_found_it(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    # A program that calls main() (a notebook, a script, a test process) keeps its own Ctrl-C;
    # only the command's exit (edge.cli.entry) ignores a second one.
    from edge import cli

    def interrupted(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)
    before = signal.getsignal(signal.SIGINT)
    assert cli.main(["games"]) == 130
    assert signal.getsignal(signal.SIGINT) is before
    assert capsys.readouterr().err.strip() == "edge: interrupted"


# --- map_tasks: the one seam for tasks (this machine's processes; Dask for --cluster) ---------

def test_map_tasks_gives_the_same_results_on_any_number_of_processes() -> None:
    tasks = list(range(40))
    expected = [n * n for n in tasks]
    assert parallel.map_tasks(_square, tasks, workers=1) == expected     # here, in order
    assert parallel.map_tasks(_square, tasks, workers=2) == expected     # two processes
    assert parallel.map_tasks(_square, tasks) == expected                # every core
    assert parallel.map_tasks(_square, []) == []


def test_map_tasks_runs_a_function_that_cannot_be_pickled() -> None:
    """The worker processes inherit the function by fork: a closure (a bet file's settlement,
    say) runs on them as it does here."""
    offset = 7
    assert parallel.map_tasks(lambda n: n + offset, [1, 2, 3], workers=2) == [8, 9, 10]


def test_map_tasks_raises_a_task_s_error_here() -> None:
    with pytest.raises(EdgeError, match="--jobs 0 must be at least 1"):
        parallel.map_tasks(parallel.check_jobs, [1, 0, 1], workers=2)


def test_the_process_pool_is_an_executor() -> None:
    from concurrent.futures import Executor
    with parallel.executor(workers=2) as pool:
        assert isinstance(pool, Executor)
        assert [f.result(timeout=120) for f in [pool.submit(_square, n) for n in (2, 3)]] == [
            4, 9]


@pytest.mark.parametrize(("workers", "says"), [
    (0, "--workers 0 must be at least 1"),
    (1000, "--workers 1000 is more than the"),
])
def test_map_tasks_checks_the_workers(workers: int, says: str) -> None:
    with pytest.raises(EdgeError, match=says):
        parallel.map_tasks(_square, [1], workers=workers)


CTRL_C = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from edge.parallel import map_tasks

def work(marker):
    open(marker, "w").close()           # a task is running on a worker
    time.sleep(60)

if __name__ == "__main__":
    try:
        map_tasks(work, [sys.argv[1]] * 4, workers=2)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
"""


def test_ctrl_c_at_a_terminal_ends_the_tasks_without_tracebacks(tmp_path: Path) -> None:
    """SIGINT to the whole process group (as a terminal's Ctrl-C): the caller alone handles
    it; the worker processes print nothing and are gone."""
    script, marker = tmp_path / "run.py", tmp_path / "running"
    script.write_text(CTRL_C)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    process = subprocess.Popen([sys.executable, str(script), str(marker)], cwd=tmp_path,
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while not marker.exists() and process.poll() is None and time.monotonic() < deadline:
            time.sleep(0.1)
        assert marker.exists(), process.communicate(timeout=5)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert out == "interrupted\n"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err


# Python run with Dask made unimportable (as after a plain `pip install edge-casino-math`),
# then the code given
NO_DASK = """
import sys
for name in ("dask", "distributed"):
    sys.modules[name] = None            # import fails
"""

UTH_CLASSES = NO_DASK + """
from edge.games import get_game
from edge.games.ultimate_texas_holdem.collusion import classes, two_player
from edge.games.ultimate_texas_holdem.solve import solver
from edge.protection import CollusionRequest

settle = solver.settlement(get_game("ultimate-texas-holdem").bet("main").presets[
    "standard"].as_dict())
net = tuple(tuple(int(v) for v in row) for row in settle.array())
tasks = [classes.ClassTask(i, net, settle.fold, False, use_cache=False) for i in (0, 20)]
# each class cut to its first two flop classes (a full class takes minutes)
classes.solve_class = lambda task: two_player.solve_reduced(two_player.ReducedTask(task, 2))
found = two_player.class_sums(tasks, CollusionRequest(1, rounds=2, workers=2))
assert [s.shape for s in found] == [(classes.HOLDINGS, len(classes.COLUMNS))] * 2
print("classes", sum(int(s.sum()) for s in found))
"""


def _without_dask(code: str, tmp_path: Path, *argv: str) -> str:
    env = {**os.environ, "EDGE_CACHE_DIR": str(tmp_path), "PYTHONPATH": os.pathsep.join(
        filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    found = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                           env=env, timeout=600, cwd=tmp_path)
    assert found.returncode == 0, found.stderr
    assert "dask" not in found.stderr.lower(), found.stderr
    return found.stdout


COMMAND = NO_DASK + """
from edge.cli import main
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("argv", [
    pytest.param(("counting", "{bets}/21-plus-3.toml", "--rounds", "20000", "--spread", "1-4",
                  "--format", "json"), marks=pytest.mark.slow),   # the suit counter: seconds

    pytest.param(("report", "{bets}/21-plus-3.toml", "--counting", "--counting-rounds", "5000",
                  "--format", "markdown"), marks=pytest.mark.slow),   # a report: seconds more
    ("collusion", "three-card-poker", "--partners", "2", "--rounds", "20000",
     "--format", "json"),
], ids=["counting --rounds", "report --counting", "collusion simulated"])
def test_the_parallel_commands_run_without_dask(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """What a plain install runs on this machine's cores needs no Dask (issue 33, item 4)."""
    bets = ROOT / "examples" / "bets"
    out = _without_dask(COMMAND, tmp_path, *(a.format(bets=bets) for a in argv))
    assert out


def test_the_uth_collusion_classes_run_without_dask(tmp_path: Path) -> None:
    assert _without_dask(UTH_CLASSES, tmp_path).startswith("classes ")


def test_ctrl_c_ends_a_counting_simulation_and_its_workers(tmp_path: Path) -> None:
    """Ctrl-C at a terminal (SIGINT to the process group) during `edge counting --rounds` on
    this machine's worker processes: `edge: interrupted`, status 130, no traceback, no worker
    left behind."""
    bets = ROOT / "examples" / "bets"
    child = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
             "import sys; from edge.cli import main; print('ready', file=sys.stderr, "
             "flush=True); sys.exit(main(sys.argv[1:]))")
    env = {**os.environ, "EDGE_CACHE_DIR": str(tmp_path), "PYTHONPATH": os.pathsep.join(
        filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    process = subprocess.Popen([sys.executable, "-c", child, "counting",
                                str(bets / "21-plus-3.toml"), "--rounds", str(10 ** 9),
                                "--workers", "2"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env,
                               start_new_session=True)
    try:
        assert process.stderr is not None
        assert process.stderr.readline() == "ready\n", process.communicate()
        time.sleep(3)                         # into the shoes (the exact analysis comes first)
        assert process.poll() is None, process.communicate()
        os.killpg(process.pid, signal.SIGINT)
        _, err = process.communicate(timeout=120)
        left = subprocess.run(["pgrep", "-g", str(process.pid)], capture_output=True,
                              text=True, check=False).stdout.split()
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130, err
    assert err.strip().splitlines()[-1] == "edge: interrupted" and "Traceback" not in err
    assert left == []


def test_a_command_that_runs_no_tasks_loads_no_pool() -> None:
    """The seam's executors are imported when tasks run: concurrent.futures (and the logging it
    loads), multiprocessing and Dask are not loaded by edge's command line itself."""
    code = ("import sys, edge.cli, edge.parallel; print(sorted({'concurrent.futures', "
            "'logging', 'multiprocessing', 'dask', 'distributed'} & set(sys.modules)))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, check=True, timeout=120)
    assert found.stdout.strip() == "[]"


def _dies(value: int) -> int:
    if value == 3:
        os.kill(os.getpid(), signal.SIGKILL)     # as the system kills a process out of memory
    if value == 5:
        os._exit(4)
    time.sleep(0.05)
    return value


@pytest.mark.parametrize(("tasks", "says"), [
    ([0, 1, 2, 3, 4], "killed by signal 9, perhaps by the system for want of memory"),
    ([0, 1, 5, 2], "exit status 4"),
])
def test_a_worker_process_that_dies_is_one_error_not_a_hang(tasks: list[int], says: str) -> None:
    """A plain process pool waits for ever for the task of a worker that died; the seam's
    fails the run with one line."""
    from edge.processes import WorkerLost
    with pytest.raises(WorkerLost, match=says):
        parallel.map_tasks(_dies, tasks, workers=2)
    assert parallel.map_tasks(_dies, [0, 1, 2], workers=2) == [0, 1, 2]
