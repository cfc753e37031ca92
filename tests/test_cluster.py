"""The Dask way of edge.parallel's one executor seam (``--cluster ADDRESS``, edge.cluster):
results in task order and the same as on this machine's processes, errors raised in the caller,
one-line errors for what the user must fix, within seconds whatever answers at the address.

A local Dask cluster of two worker processes is started once for the module (by
``edge.cluster.start_local_cluster``) and reached by its address as a user's running scheduler
would be. Its timeouts are generous: they must hold on a loaded machine.
"""

from __future__ import annotations

import argparse
import contextlib
import http.server
import math
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from edge.cluster import ClusterError, cluster_executor
from edge.errors import EdgeError
from edge.parallel import add_arguments, check_arguments, check_jobs, map_tasks

distributed = pytest.importorskip("distributed")
BETS = Path(__file__).resolve().parent.parent / "examples" / "bets"
SLOW = 120          # seconds a step may take on a loaded machine before the test fails


@pytest.fixture(scope="module")
def address(dask_address: str) -> str:
    """The scheduler address of a local cluster of 2 worker processes (one thread each)."""
    return dask_address


@pytest.fixture(autouse=True)
def no_port_warning(recwarn: pytest.WarningsRecorder) -> Iterator[None]:
    """A local cluster takes no fixed port (8787 may be in use)."""
    yield
    assert not [w for w in recwarn if "already in use" in str(w.message)]


def _triple(value: int) -> int:
    return 3 * value


def test_results_in_task_order_on_a_running_cluster(address: str) -> None:
    tasks = list(range(-40, 40))
    assert map_tasks(abs, tasks, cluster=address) == [abs(n) for n in tasks]
    assert map_tasks(math.factorial, [abs(n) for n in tasks], cluster=address) == [
        math.factorial(abs(n)) for n in tasks]


def test_the_cluster_gives_this_machine_s_results(address: str) -> None:
    """The same tasks on the Dask workers, on this machine's 1 and 2 processes, and here."""
    tasks = [str(n) * (n % 7) for n in range(30)]
    expected = [len(task) for task in tasks]
    assert map_tasks(len, tasks, cluster=address) == expected
    assert map_tasks(len, tasks, workers=1) == map_tasks(len, tasks, workers=2) == expected
    numbers = list(range(25))
    assert map_tasks(_triple, numbers, cluster=address) == map_tasks(_triple, numbers) == [
        3 * n for n in numbers]


def test_an_error_in_a_task_is_raised_in_the_caller(address: str) -> None:
    with pytest.raises(EdgeError, match="--jobs 0 must be at least 1"):
        map_tasks(check_jobs, [1, 0, 1], cluster=address)
    with pytest.raises(ValueError, match="math domain error"):
        map_tasks(math.sqrt, [1.0, -1.0], cluster=address)


def test_an_interrupt_cancels_the_tasks(address: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C while waiting: the tasks are cancelled, the client closed, the interrupt raised."""
    def interrupted(*args: object, **kwargs: object) -> Iterator[object]:
        raise KeyboardInterrupt
    monkeypatch.setattr("concurrent.futures.as_completed", interrupted)
    with pytest.raises(KeyboardInterrupt):
        map_tasks(math.factorial, [200_000] * 8, cluster=address)
    monkeypatch.undo()
    with distributed.Client(address, timeout=SLOW) as client:  # free for the next run
        deadline = time.monotonic() + SLOW
        while (client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks))
               and time.monotonic() < deadline):
            time.sleep(0.1)
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
    with pytest.raises(ClusterError) as error, cluster_executor(where, timeout=1):
        pass
    message = str(error.value)
    assert "\n" not in message
    assert message.startswith(f"Cannot reach a Dask scheduler at '{where}' within 1 s")


class _Quiet(http.server.BaseHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base's name
        """Log nothing (the test's output stays clean)."""


def _serve(answer: bytes | None) -> Iterator[int]:
    """A local port: an HTTP server (``answer`` None) or a server sending ``answer``."""
    if answer is None:
        http_server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Quiet)
        thread = threading.Thread(target=http_server.serve_forever, daemon=True)
        thread.start()
        try:
            yield int(http_server.server_address[1])
        finally:
            http_server.shutdown()
            http_server.server_close()
        return
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()

        def serve() -> None:
            with contextlib.suppress(OSError):
                while True:
                    connection, _ = server.accept()
                    with connection:
                        connection.sendall(answer)
                        time.sleep(0.5)

        threading.Thread(target=serve, daemon=True).start()
        yield int(server.getsockname()[1])


@pytest.mark.parametrize("answer", [
    # each waits out a timeout (seconds of wall time): one in the plain run, the rest slow
    pytest.param(None, marks=pytest.mark.slow),
    pytest.param(b"\xff" * 64 + b"hello\n" * 10, marks=pytest.mark.slow),
    pytest.param(b"\x01" + b"\x00" * 7 + b"\xff" * 8 + b"garbage", marks=pytest.mark.slow)],
                         ids=["http server", "garbage", "huge frame"])
def test_a_port_where_something_else_answers_is_one_line_in_seconds(
        capsys: pytest.CaptureFixture[str], answer: bytes | None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/cluster.md: one line within about 5 s (edge.cluster.CONNECT_TIMEOUT; 2 s here, so
    the suite waits less), naming the address (an HTTP server made Dask wait 200 s, garbage
    made it say "out of memory")."""
    from edge.cli import main
    monkeypatch.setattr("edge.cluster.CONNECT_TIMEOUT", 2.0)
    for port in _serve(answer):
        where = f"tcp://127.0.0.1:{port}"
        started = time.monotonic()
        status = main(["counting", str(BETS / "21-plus-3.toml"), "--rounds", "10",
                       "--cluster", where])
        took = time.monotonic() - started
        captured = capsys.readouterr()
        lines = captured.err.splitlines()
        assert status == 2 and captured.out == ""
        assert len(lines) == 1 and lines[0].startswith("edge: error: Cannot reach a Dask "
                                                       f"scheduler at '{where}' within 2 s")
        assert "not a Dask scheduler" in lines[0] and "memory" not in lines[0], lines[0]
        assert took < SLOW          # not Dask's 200 s (about 6 s on a quiet machine)


def test_without_dask_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)     # import distributed fails
    with pytest.raises(ClusterError, match=r"pip install 'edge-casino-math\[cluster\]'"):
        map_tasks(abs, [1], cluster="tcp://127.0.0.1:8786")
    assert map_tasks(abs, [-1, -2], workers=2) == [1, 2]       # this machine needs no Dask


@pytest.mark.parametrize(("given", "message"), [
    (["--workers", "0"], "--workers 0 must be at least 1"),
    (["--workers", "1000"], "--workers 1000 is more than the"),
    (["--workers", "1", "--cluster", "tcp://h:8786"], "--workers 1 sets the worker processes"),
])
def test_the_arguments(given: list[str], message: str) -> None:
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    assert "--cluster ADDRESS" in parser.format_help()
    args = parser.parse_args(given)
    with pytest.raises(EdgeError, match=message):
        check_arguments(args)
    check_arguments(parser.parse_args([]))


@pytest.mark.slow
def test_lost_workers_are_told_and_none_left_fails(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A worker lost during a run is a warning on stderr; with none left the run fails with one
    ClusterError naming the address after edge.cluster.WORKERLESS_TIMEOUT seconds (not a
    silent wait)."""
    from edge.cluster import start_local_cluster
    monkeypatch.setattr("edge.cluster.CONNECT_TIMEOUT", float(SLOW))
    monkeypatch.setattr("edge.cluster.WORKERLESS_TIMEOUT", 3.0)
    monkeypatch.setattr("edge.cluster.WATCH_INTERVAL", 0.2)
    local = start_local_cluster(2)
    try:
        with distributed.Client(local.scheduler_address, timeout=SLOW) as client:
            client.wait_for_workers(2, timeout=SLOW)

        def retire() -> None:          # one worker, then the other, while the tasks run
            time.sleep(3)
            local.scale(1)
            time.sleep(3)
            local.scale(0)

        threading.Thread(target=retire, daemon=True).start()
        started = time.monotonic()
        with pytest.raises(ClusterError) as failed:
            map_tasks(time.sleep, [1.0] * 200, cluster=local.scheduler_address)
        assert time.monotonic() - started < SLOW
    finally:
        local.close()
    message = str(failed.value)
    assert local.scheduler_address in message and "no worker left for 3 s" in message
    warnings = [line for line in capsys.readouterr().err.splitlines()
                if line.startswith("edge: warning:")]
    assert warnings[0] == (f"edge: warning: the Dask scheduler at {local.scheduler_address} "
                           "lost 1 worker during the run: 1 left")
    assert warnings[-1].endswith("0 left; the run fails if none joins within 3 s")
