"""The bridge to Dask distributed (edge.cluster): results in task order, the same on any number
of workers, errors raised in the caller, one-line errors for what the user must fix.

A local cluster of two worker processes is started once for the module, and reached by its
address as a user's running scheduler would be; ``map_tasks`` starts its own local cluster
where no address is given.
"""

from __future__ import annotations

import argparse
import math
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from edge.cluster import ClusterError, add_arguments, check_arguments, map_tasks
from edge.errors import EdgeError
from edge.parallel import check_jobs

distributed = pytest.importorskip("distributed")
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def address(dask_address: str) -> str:
    """The scheduler address of a local cluster of 2 worker processes (one thread each)."""
    return dask_address


@pytest.fixture(autouse=True)
def no_port_warning(recwarn: pytest.WarningsRecorder) -> Iterator[None]:
    """A local cluster started by map_tasks takes no fixed port (8787 may be in use)."""
    yield
    assert not [w for w in recwarn if "already in use" in str(w.message)]


def test_results_in_task_order_on_a_running_cluster(address: str) -> None:
    tasks = list(range(-40, 40))
    expected = [math.factorial(abs(n)) % 1_000_003 for n in tasks]
    found = map_tasks(abs, tasks, cluster=address)
    assert found == [abs(n) for n in tasks]
    assert map_tasks(math.factorial, [abs(n) for n in tasks], cluster=address) == [
        math.factorial(abs(n)) for n in tasks]
    assert [f % 1_000_003 for f in map_tasks(math.factorial, [abs(n) for n in tasks],
                                              cluster=address)] == expected


def test_one_local_worker_gives_the_two_workers_results(address: str) -> None:
    tasks = [str(n) * (n % 7) for n in range(30)]
    assert map_tasks(len, tasks, workers=1) == map_tasks(len, tasks, cluster=address) == [
        len(task) for task in tasks]


def test_the_local_cluster_workers_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    """The local cluster's workers get malloc settings that keep their arrays' pages (Dask's
    own default made a worker spend ~1.4x a plain loop's CPU), unless the environment says."""
    monkeypatch.delenv("MALLOC_TRIM_THRESHOLD_", raising=False)
    monkeypatch.setenv("MALLOC_MMAP_THRESHOLD_", "1048576")
    names = ["MALLOC_TRIM_THRESHOLD_", "MALLOC_MMAP_THRESHOLD_"]
    assert map_tasks(os.getenv, names, workers=1) == [str(128 << 20), "1048576"]


def test_importing_the_bridge_imports_no_dask() -> None:
    """Dask is imported when work goes to a cluster, not when edge.cluster (or the win-rate
    simulation) is imported."""
    code = ("import sys, edge.cluster, edge.counting.simulation; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'dask', 'distributed'}))")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))}
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           env=env, check=True, timeout=120)
    assert found.stdout.strip() == "[]"


def test_no_tasks_start_no_cluster() -> None:
    assert map_tasks(abs, []) == []


def test_an_error_in_a_task_is_raised_in_the_caller(address: str) -> None:
    with pytest.raises(EdgeError, match="--jobs 0 must be at least 1"):
        map_tasks(check_jobs, [1, 0, 1], cluster=address)
    with pytest.raises(ValueError, match="math domain error"):
        map_tasks(math.sqrt, [1.0, -1.0], cluster=address)


def test_an_interrupt_cancels_the_tasks(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while waiting: the tasks are cancelled, the client closed, the interrupt raised."""
    def interrupted(*args: object, **kwargs: object) -> Iterator[object]:
        raise KeyboardInterrupt
    monkeypatch.setattr(distributed, "as_completed", interrupted)
    with pytest.raises(KeyboardInterrupt):
        map_tasks(math.factorial, [200_000] * 8, cluster=address)
    monkeypatch.undo()
    with distributed.Client(address) as client:     # the cluster is free for the next run
        assert client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)) == 0
    assert map_tasks(abs, [-1, -2], cluster=address) == [1, 2]


def test_workers_must_run_this_edge(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A running scheduler's workers with another edge version are refused, named."""
    monkeypatch.setattr("edge.version.__version__", "0.0.0-other")
    with pytest.raises(ClusterError, match=r"must run edge 0\.0\.0-other, as this process does: "
                                           r"tcp://\S+ has "):
        map_tasks(abs, [1], cluster=address)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def test_an_address_that_cannot_be_reached_is_one_line() -> None:
    where = f"tcp://127.0.0.1:{_closed_port()}"
    with pytest.raises(ClusterError) as error:
        map_tasks(abs, [1], cluster=where, connect_timeout=1)
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith(f"Cannot reach the Dask scheduler at '{where}' within 1 s")


def test_without_dask_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)     # import distributed fails
    with pytest.raises(ClusterError, match=r"pip install 'edge-casino-math\[cluster\]'"):
        map_tasks(abs, [1])


@pytest.mark.parametrize(("given", "message"), [
    (["--workers", "0"], "--workers 0 must be at least 1"),
    (["--workers", "2", "--cluster", "tcp://h:8786"], "--workers 2 sets the workers of the local"),
])
def test_the_arguments(given: list[str], message: str) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert "--cluster ADDRESS" in parser.format_help()
    args = parser.parse_args(given)
    with pytest.raises(ClusterError, match=message):
        check_arguments(args)
    check_arguments(parser.parse_args([]))


CTRL_C = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)
from edge.cluster import map_tasks

def work(marker):
    open(marker, "w").close()           # a task is running on a worker
    time.sleep(60)

if __name__ == "__main__":
    try:
        map_tasks(work, [sys.argv[1]] * 4, workers=2)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
"""


def test_ctrl_c_at_a_terminal_ends_the_run_without_tracebacks(tmp_path: Path) -> None:
    """SIGINT to the whole process group (as a terminal's Ctrl-C): the caller alone handles
    it; the workers print nothing and are gone."""
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
        assert marker.exists(), process.communicate(timeout=60)
        os.killpg(process.pid, signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert out == "interrupted\n"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
