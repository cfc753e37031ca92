"""Work on a Dask cluster (``--cluster ADDRESS``): edge's one bridge to Dask distributed.

:func:`cluster_executor` gives a ``concurrent.futures.Executor`` on the workers of a running
Dask scheduler (Dask's ``Client.get_executor``), the executor :func:`edge.parallel.executor`
uses when ``--cluster`` is given; without it work runs on this machine's cores and Dask is never
imported. The scheduler is given by its address (``tcp://host:8786``, as printed by ``dask
scheduler``), with workers started on as many machines as wanted (``dask worker
tcp://host:8786``), each with the same edge installed: the workers are checked to run the same
edge version as this process.

Dask distributed (``pip install 'edge-casino-math[cluster]'``) is an optional dependency: it is
imported here alone, and only when a function is called, never when edge starts. Its absence,
an address where no scheduler answers (within ``timeout`` seconds, whatever answers there
instead) and workers without the same edge are :class:`ClusterError` messages, one ``edge:
error:`` line on the command line.

While tasks run the scheduler's workers are watched (:class:`WatchedExecutor`): a worker lost is
an ``edge: warning:`` line on stderr, and no worker left for :data:`WORKERLESS_TIMEOUT` seconds
fails the run with a :class:`ClusterError` naming the address (Dask would wait for ever).

:func:`start_local_cluster` starts a scheduler and workers on this machine (for tests and
benchmarks of the Dask way); its workers ignore SIGINT (Ctrl-C at a terminal reaches the whole
process group; the caller alone handles it).
"""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, InvalidStateError
from typing import Any, TypeVar

from edge.errors import EdgeError

__all__ = ["ClusterError", "INSTALL", "LOCAL_CONFIG", "WORKERLESS_TIMEOUT", "WatchedExecutor",
           "cluster_executor", "start_local_cluster"]

R = TypeVar("R")

INSTALL = "pip install 'edge-casino-math[cluster]'"
CONNECT_TIMEOUT = 5.0      # seconds to reach a scheduler before giving up
WORKERLESS_TIMEOUT = 60.0  # seconds a run waits with no worker left (docs/cluster.md)
WATCH_INTERVAL = 1.0       # seconds between two looks at the scheduler's workers
_LOGGERS = ("distributed", "dask", "tornado", "bokeh")


# Dask settings of the local cluster's workers (measured with scripts/bench.py --only
# counting, where the workers allocate arrays of some megabytes a task):
# - no statistical profiler: it feeds the dashboard, which is off, and cost ~5% of the work;
# - glibc's malloc keeping freed memory for reuse (up to 128 MiB) and taking arrays below
#   64 MiB from its heap: Dask's default MALLOC_TRIM_THRESHOLD_=65536 (which returns memory to
#   the system at once, and so also fixes the mmap threshold at 128 KiB) made every array a
#   fresh mmap, its pages faulted in anew: a worker spent ~1.4x the CPU of a plain loop on the
#   same shoes (3x the page faults). Set in the environment, either variable wins over these.
LOCAL_CONFIG = {
    "distributed.worker.profile.enabled": False,
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": 128 << 20,
    "distributed.nanny.pre-spawn-environ.MALLOC_MMAP_THRESHOLD_": 64 << 20,
}


class ClusterError(EdgeError):
    """Dask distributed not installed, a scheduler that cannot be reached, workers that do
    not run this edge, or no worker left during a run."""


def _distributed() -> Any:
    """The ``distributed`` module, imported now (a ClusterError if it is not installed)."""
    try:
        import distributed
    except ImportError as error:
        raise ClusterError(f"Running on a cluster needs Dask distributed, which is not "
                           f"installed ({error}): {INSTALL}.") from None
    return distributed


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    """Dask's loggers in this process silenced (errors reach the caller as exceptions)."""
    loggers = [logging.getLogger(name) for name in _LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _edge_version() -> str:
    """This process's edge version (run on each worker to compare with the caller's)."""
    from edge.version import __version__
    return __version__


def _check_versions(client: Any, address: str) -> None:
    """Refuse workers that cannot import edge or run another version of it than this one."""
    from edge.version import __version__
    try:
        found: dict[str, str] = client.run(_edge_version)
    except Exception as error:  # noqa: BLE001 - the workers' failure, told in one line
        raise ClusterError(f"The workers of the scheduler at {address} cannot run edge "
                           f"({type(error).__name__}: {error}): install edge-casino-math "
                           f"{__version__} on every worker.") from None
    if not found:
        raise ClusterError(f"The scheduler at {address} has no workers: start some with "
                           f"`dask worker {address}`.")
    others = sorted(f"{worker} has {version}" for worker, version in found.items()
                    if version != __version__)
    if others:
        raise ClusterError(f"The workers of the scheduler at {address} must run edge "
                           f"{__version__}, as this process does: {'; '.join(others)}.")


def start_local_cluster(workers: int) -> Any:
    """A ``distributed.LocalCluster`` of ``workers`` processes on this machine, one thread
    each, its workers ignoring SIGINT, with :data:`LOCAL_CONFIG`: a scheduler to give
    ``--cluster`` (tests and benchmarks); close it when done."""
    distributed = _distributed()
    import dask

    # SIGINT blocked while the cluster starts, in this thread and so in the threads it starts
    # and every worker process they spawn (a blocked signal stays blocked in a new process;
    # the preload then ignores it): Ctrl-C at the terminal reaches the whole process group,
    # and the caller alone handles it. A Ctrl-C in these seconds waits, and is raised here
    # once the cluster is up (it was lost when SIGINT was ignored instead), closing it.
    # Only the main thread takes SIGINT (and only POSIX has signal masks).
    block = (threading.current_thread() is threading.main_thread()
             and hasattr(signal, "pthread_sigmask"))
    if block:
        # multiprocessing's resource tracker, started by the first process spawned, unblocks
        # SIGINT in the thread that starts it (a thread that then spawns the workers): started
        # first, it is started unblocked, and leaves the others blocked
        from multiprocessing import resource_tracker
        resource_tracker.ensure_running()
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        with dask.config.set(LOCAL_CONFIG):
            cluster = distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True,
                dashboard_address=None, silence_logs=logging.CRITICAL + 1,
                # no dashboard; the scheduler's plain HTTP routes on a free port of this
                # machine alone (by default they take port 8787, or warn when it is taken)
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                preload=["edge.cluster._worker"])
    except BaseException:
        if block:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
        raise
    try:
        if block:                  # a Ctrl-C given meanwhile is raised here
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    except BaseException:
        cluster.close()
        raise
    return cluster


def _connect(distributed: Any, address: str, timeout: float) -> Any:
    """A Dask client of the scheduler at ``address``, or one ClusterError line within about
    ``timeout`` seconds: Dask's own timeout does not cover an address where something else
    answers (an HTTP server made it wait 200 s; garbage made it report memory errors), so the
    client is made in a thread given that long."""
    made: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            made.append(distributed.Client(address, timeout=timeout))
        except Exception as error:  # noqa: BLE001 - told in one line below
            failed.append(error)

    worker = threading.Thread(target=connect, name="edge-connect", daemon=True)
    with _quiet():
        worker.start()
        worker.join(timeout + 1)
    if made:
        return made[0]
    if failed:
        error = failed[0]
        reason = " ".join(str(error).split())[:200] or type(error).__name__
        if not isinstance(error, (OSError, TimeoutError)):
            reason = (f"what answers there is not a Dask scheduler: {type(error).__name__}: "
                      f"{reason}")
    else:
        reason = "what answers there is not a Dask scheduler: no answer"
    raise ClusterError(f"Cannot reach a Dask scheduler at {address!r} within {timeout:g} s "
                       f"({reason}): start one with `dask scheduler` and give its address "
                       "(tcp://host:8786).")


class WatchedExecutor(Executor):
    """Dask's executor on the workers of the scheduler at ``address``, watched while tasks
    run: a worker lost is one ``edge: warning:`` line on stderr, and with no worker left (or the
    scheduler not answering) for ``patience`` seconds every task not finished fails with one
    :class:`ClusterError` naming the address, where Dask would wait in silence for a worker."""

    def __init__(self, client: Any, address: str, patience: float = WORKERLESS_TIMEOUT,
                 interval: float = WATCH_INTERVAL) -> None:
        self.client = client
        self.inner = client.get_executor(pure=False)
        self.address = address
        self.patience = patience
        self.interval = interval
        self.futures: set[Future[Any]] = set()
        self.lock = threading.Lock()
        self.stopped = threading.Event()
        self.failed: ClusterError | None = None
        self.watcher: threading.Thread | None = None

    def submit(self, fn: Callable[..., R], /, *args: Any, **kwargs: Any) -> Future[R]:
        """Run ``fn(*args, **kwargs)`` on a worker of the cluster."""
        if self.failed is not None:
            raise self.failed
        inner: Future[R] = self.inner.submit(fn, *args, **kwargs)
        outer: Future[R] = Future()
        with self.lock:
            self.futures.add(outer)
            if self.watcher is None:
                self.watcher = threading.Thread(target=self._watch, name="edge-cluster-watch",
                                                daemon=True)
                self.watcher.start()

        def settle(done: Future[R]) -> None:
            with self.lock:
                self.futures.discard(outer)
            with contextlib.suppress(InvalidStateError):     # failed by the watcher already
                if done.cancelled():
                    outer.cancel()
                elif (error := done.exception()) is not None:
                    outer.set_exception(error)
                else:
                    outer.set_result(done.result())

        def cancel(done: Future[R]) -> None:
            if done.cancelled():
                inner.cancel()

        inner.add_done_callback(settle)
        outer.add_done_callback(cancel)
        return outer

    def workers(self) -> int | None:
        """The workers the scheduler has now (None: it did not answer within
        :data:`CONNECT_TIMEOUT` seconds)."""
        try:                 # (Dask's loggers are quiet while cluster_executor runs)
            info = self.client.sync(self.client.scheduler.identity,
                                    callback_timeout=CONNECT_TIMEOUT)
        except Exception:  # noqa: BLE001 - a scheduler gone or not answering: no workers
            return None
        return len(info.get("workers", {}))

    def _watch(self) -> None:
        """Warn when workers are lost; fail the tasks not finished once none has been left
        (or the scheduler has not answered) for ``patience`` seconds."""
        known = self.workers()
        since = None if known else time.monotonic()
        while not self.stopped.wait(self.interval):
            count = self.workers()
            if count is not None and known is not None and count < known:
                lost = known - count
                tail = (f"; the run fails if none joins within {self.patience:g} s"
                        if count == 0 else "")
                sys.stderr.write(f"edge: warning: the Dask scheduler at {self.address} lost "
                                 f"{lost} worker{'s' if lost != 1 else ''} during the run: "
                                 f"{count} left{tail}\n")
            if count is not None:
                known = count
            if count:
                since = None
                continue
            since = time.monotonic() if since is None else since
            if time.monotonic() - since >= self.patience:
                self._fail("no worker left" if count == 0 else "no answer from it")
                return

    def _fail(self, what: str) -> None:
        """Fail every task not finished with one ClusterError line."""
        self.failed = ClusterError(
            f"The Dask scheduler at {self.address} has had {what} for {self.patience:g} s "
            f"(edge.cluster.WORKERLESS_TIMEOUT): the tasks not finished cannot run; start "
            f"workers with `dask worker {self.address}` and run again.")
        with self.lock:
            pending = list(self.futures)
        for future in pending:
            with contextlib.suppress(InvalidStateError):
                future.set_exception(self.failed)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop watching and shut Dask's executor down."""
        self.stopped.set()
        self.inner.shutdown(wait=wait, cancel_futures=cancel_futures)


@contextlib.contextmanager
def cluster_executor(address: str, timeout: float | None = None) -> Iterator[Executor]:
    """A ``concurrent.futures.Executor`` on the workers of the Dask scheduler at ``address``
    (Dask's ``Client.get_executor``, watched: :class:`WatchedExecutor`), after checking they
    run this edge; the client is closed on leaving. An address that does not answer as a
    scheduler within ``timeout`` seconds (None: :data:`CONNECT_TIMEOUT`), workers without this
    edge, and no worker left for :data:`WORKERLESS_TIMEOUT` seconds during a run, are
    :class:`ClusterError` lines."""
    distributed = _distributed()
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    if not address.strip():
        raise ClusterError("--cluster '' names no scheduler: give its address "
                           "(tcp://host:8786).")
    client = _connect(distributed, address, timeout)
    watched = None
    try:
        with _quiet():
            _check_versions(client, address)
            watched = WatchedExecutor(client, address, WORKERLESS_TIMEOUT, WATCH_INTERVAL)
            yield watched
    finally:
        if watched is not None:
            watched.stopped.set()
        with _quiet():
            client.close()
