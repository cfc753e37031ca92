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

:func:`start_local_cluster` starts a scheduler and workers on this machine (for tests and
benchmarks of the Dask way); its workers ignore SIGINT (Ctrl-C at a terminal reaches the whole
process group; the caller alone handles it).
"""

from __future__ import annotations

import contextlib
import logging
import signal
import threading
from collections.abc import Iterator
from concurrent.futures import Executor
from typing import Any

from edge.errors import EdgeError

__all__ = ["ClusterError", "INSTALL", "LOCAL_CONFIG", "cluster_executor", "start_local_cluster"]

INSTALL = "pip install 'edge-casino-math[cluster]'"
CONNECT_TIMEOUT = 5.0      # seconds to reach a scheduler before giving up
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
    """Dask distributed not installed, a scheduler that cannot be reached, or workers that do
    not run this edge."""


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


@contextlib.contextmanager
def cluster_executor(address: str, timeout: float | None = None) -> Iterator[Executor]:
    """A ``concurrent.futures.Executor`` on the workers of the Dask scheduler at ``address``
    (Dask's ``Client.get_executor``), after checking they run this edge; the client is closed on
    leaving. An address that does not answer as a scheduler within ``timeout`` seconds (None:
    :data:`CONNECT_TIMEOUT`), and workers without this edge, are :class:`ClusterError` lines."""
    distributed = _distributed()
    timeout = CONNECT_TIMEOUT if timeout is None else timeout
    if not address.strip():
        raise ClusterError("--cluster '' names no scheduler: give its address "
                           "(tcp://host:8786).")
    client = _connect(distributed, address, timeout)
    try:
        with _quiet():
            _check_versions(client, address)
            yield client.get_executor(pure=False)
    finally:
        with _quiet():
            client.close()
