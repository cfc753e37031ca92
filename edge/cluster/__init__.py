"""Work that outgrows one process, on Dask distributed: edge's one bridge to a cluster.

:func:`map_tasks` runs a function over tasks on a Dask cluster and returns the results in the
order of the tasks, so a result is the same whatever the number of workers and whatever order
they finish in (each task must carry everything it depends on, its own seed included). The
cluster is either

- a ``LocalCluster`` started for the call (``cluster=None``, the default): ``workers`` processes
  (default one per core this process may use), one thread each, no dashboard, Dask's logs
  silenced, shut down when the call returns; or
- a running Dask scheduler, given by its address (``cluster="tcp://host:8786"``, as printed by
  ``dask scheduler``), with workers started on as many machines as wanted (``dask worker
  tcp://host:8786``), each with the same edge installed: the workers are checked to run the
  same edge version as this process.

Dask distributed (``pip install 'edge-casino-math[cluster]'``) is an optional dependency: it is
imported here alone, and only when a function is called, never when edge starts. Its absence,
an address that cannot be reached (within ``connect_timeout`` seconds) and workers without the
same edge are :class:`ClusterError` messages, one ``edge: error:`` line on the command line.

Ctrl-C (``KeyboardInterrupt`` in the caller) cancels the tasks not finished, closes the client
(and the local cluster) without Dask's tracebacks, and is raised again for the caller to end
the command as it ends any other. The local cluster's workers ignore SIGINT (Ctrl-C at a
terminal reaches the whole process group; the caller alone handles it): they ignore it from
birth because the caller ignores it while the cluster starts, so a Ctrl-C in those seconds
(about two on an idle machine) is lost, and the next one stops the run.

The local cluster's workers are new processes (multiprocessing's spawn), which import the
caller's main module: a script of one's own that calls :func:`map_tasks` keeps its top level
under ``if __name__ == "__main__":``, as for any multiprocessing (the ``edge`` command does).

:func:`add_arguments` adds ``--cluster ADDRESS`` and ``--workers N`` to a command's parser;
:func:`check_arguments` checks what was given.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from edge.errors import EdgeError

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["ClusterError", "INSTALL", "LOCAL_CONFIG", "add_arguments", "check_arguments",
           "map_tasks", "start_local_cluster"]

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
    """Dask distributed not installed, a scheduler that cannot be reached, a worker count out
    of range, or workers that do not run this edge."""


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


def check_workers(workers: int | None, cluster: str | None) -> None:
    """Refuse a worker count below 1, and one given with a running scheduler (its workers are
    the ones started for it)."""
    if workers is None:
        return
    if workers < 1:
        raise ClusterError(f"--workers {workers} must be at least 1.")
    if cluster is not None:
        raise ClusterError(f"--workers {workers} sets the workers of the local cluster; the "
                           f"scheduler at {cluster} has the workers started for it: leave "
                           "--workers out, or leave out --cluster.")


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


def start_local_cluster(workers: int | None = None) -> Any:
    """A ``distributed.LocalCluster`` of ``workers`` processes (default one per core), one
    thread each, as :func:`map_tasks` starts it (see :data:`LOCAL_CONFIG`); close it when
    done."""
    distributed = _distributed()
    import dask

    from edge.parallel import available_cores
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
                n_workers=workers or available_cores(), threads_per_worker=1, processes=True,
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


@contextlib.contextmanager
def _client(cluster: str | None, workers: int | None, timeout: float) -> Iterator[Any]:
    """A Dask client: of a local cluster started (and closed) here, or of the scheduler at
    ``cluster``."""
    distributed = _distributed()
    if cluster is None:
        local = start_local_cluster(workers)
        try:
            with distributed.Client(local) as client:
                yield client
        finally:
            local.close()
        return
    try:
        client = distributed.Client(cluster, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as error:
        reason = " ".join(str(error).split()) or type(error).__name__
        raise ClusterError(f"Cannot reach the Dask scheduler at {cluster!r} within "
                           f"{timeout:g} s ({reason}): start one with `dask scheduler` and "
                           "give its address (tcp://host:8786).") from None
    try:
        _check_versions(client, cluster)
        yield client
    finally:
        client.close()


def map_tasks(function: Callable[[T], R], tasks: Sequence[T], *, cluster: str | None = None,
              workers: int | None = None, progress: str | None = None,
              connect_timeout: float = CONNECT_TIMEOUT) -> list[R]:
    """``function`` over ``tasks`` on a Dask cluster; the results in the order of ``tasks``.

    ``cluster``: None starts a local cluster of ``workers`` processes (default one per core),
    else the address of a running scheduler (``workers`` must then be None). ``function`` and
    the tasks are pickled (cloudpickle) to the workers: a module-level function of an installed
    module, or a picklable callable object. An exception in a task is raised here. ``progress``:
    the label of a progress bar (:class:`edge.parallel.Progress`, drawn on a terminal only)
    counting tasks done.
    """
    check_workers(workers, cluster)
    if not tasks:
        return []
    from edge.parallel import Progress
    with _quiet(), _client(cluster, workers, connect_timeout) as client:
        distributed = _distributed()
        futures = client.map(function, list(tasks), pure=False)
        try:
            with Progress(progress or "", len(futures), enabled=progress is not None,
                          unit="tasks") as bar:
                for _ in distributed.as_completed(futures):
                    bar.advance()
            results: list[R] = client.gather(futures)
        except BaseException:
            client.cancel(futures)
            raise
        return results


def add_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """Add ``--cluster ADDRESS`` and ``--workers N`` to a command's parser (or group)."""
    parser.add_argument(
        "--cluster", metavar="ADDRESS",
        help="run on the Dask scheduler at ADDRESS (tcp://host:8786; its workers need the same "
             f"edge installed); default: a local cluster on this machine's cores ({INSTALL})")
    parser.add_argument(
        "--workers", type=int, metavar="N",
        help="worker processes of the local cluster (default: one per core)")


def check_arguments(args: argparse.Namespace) -> None:
    """Check ``--cluster`` and ``--workers`` as given (:func:`check_workers`)."""
    check_workers(args.workers, args.cluster)
