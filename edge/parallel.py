"""Running work on several workers, and the one progress bar every command draws.

:func:`map` runs a function over work units on ``jobs`` workers and yields the results in the
order of the units, so every output is the same whatever the number of workers. Workers are
threads by default (edge's kernels release the GIL); ``processes=True`` forks worker processes
instead, for work measured to be faster that way. Either way:

- an exception in a worker is raised in the caller, at its unit, with no traceback printed by
  the worker;
- Ctrl-C (``KeyboardInterrupt`` in the caller) cancels the pending units and returns at once:
  worker threads are daemons that are not waited for, worker processes ignore SIGINT and are
  terminated.

:class:`Progress` is the one progress bar: one line on stderr, redrawn in place with an estimate of
the time left, drawn only when stderr is a terminal.

:func:`map_tasks` is the one seam for work cut into independent tasks (a simulation's chunks,
a collusion analysis's classes): it runs them on a :class:`concurrent.futures.Executor` that
:func:`executor` gives, either this machine's cores (a process pool, nothing extra installed;
``--workers N`` for fewer) or, only when ``--cluster ADDRESS`` is given, the workers of a
running Dask scheduler (:mod:`edge.cluster`, the one module that imports Dask). The results come
back in the order of the tasks, so they are the same either way, on any number of workers.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, TextIO, TypeVar

from edge.errors import EdgeError

if TYPE_CHECKING:
    from concurrent.futures import Executor

T = TypeVar("T")
R = TypeVar("R")

__all__ = ["Progress", "add_arguments", "available_cores", "check_arguments",
           "check_jobs", "end_progress", "executor", "map", "map_tasks", "running", "time_left",
           "workers"]


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def check_jobs(jobs: int | None, option: str = "--jobs") -> int | None:
    """Refuse a worker count below 1 or above the cores available, naming it (as ``option``)
    and the limit."""
    if jobs is None:
        return None
    cores = available_cores()
    if jobs < 1:
        raise EdgeError(f"{option} {jobs} must be at least 1.")
    if jobs > cores:
        raise EdgeError(f"{option} {jobs} is more than the {cores} "
                        f"core{'s' if cores != 1 else ''} available: give at most {cores}.")
    return jobs


def workers(jobs: int | None, units: int) -> int:
    """The workers :func:`map` uses: ``jobs`` (default every core), at most one per unit."""
    return max(1, min(jobs or available_cores(), units))


ProgressListener = Callable[[str, int, int], None]
_LISTENER: ProgressListener | None = None


def listen_to_progress(listener: ProgressListener | None) -> None:
    """Have every :class:`Progress` of this process call ``listener(label, done, total)`` on
    each update (None: stop): how a page shows a long analysis's progress (edge studio)."""
    global _LISTENER
    _LISTENER = listener


class Progress:
    """A one-line progress bar on stderr, redrawn in place; silent unless ``enabled`` and the
    stream is a terminal. Use as a context manager (the line is ended on leaving)."""

    def __init__(self, label: str, total: int, enabled: bool = True, unit: str = "",
                 stream: TextIO | None = None, width: int = 30, initial: int = 0) -> None:
        self.label = label
        self.total = max(total, 1)
        self.unit = unit
        self.stream = stream or sys.stderr
        self.enabled = enabled and self.stream.isatty()
        self.width = width
        self.done = self.initial = initial     # ``initial``: done before this run (resumed)
        self.start = time.perf_counter()
        self.drawn = 0.0
        self.shown = False
        self.length = 0

    def advance(self, amount: int = 1) -> None:
        """Count ``amount`` more units done; redraw at most ten times a second, and at the end."""
        self.update(self.done + amount)

    def left(self) -> float | None:
        """The seconds left at the rate of this run so far (None in its first second)."""
        elapsed = time.perf_counter() - self.start
        work = self.done - self.initial
        if elapsed < 1 or work <= 0:
            return None
        return elapsed * max(self.total - self.done, 0) / work

    def update(self, done: int, left: float | None = None) -> None:
        """Set the units done; redraw at most ten times a second, and at the end. ``left``:
        the seconds left when the caller knows better than this run's rate. A listener set
        with :func:`listen_to_progress` is told too, drawn or not."""
        self.done = done
        if _LISTENER is not None:
            _LISTENER(self.label, done, self.total)
        if not self.enabled:
            return
        now = time.perf_counter()
        if done < self.total and now - self.drawn < 0.1:
            return
        self.drawn = now
        filled = self.width * min(done, self.total) // self.total
        elapsed = now - self.start
        count = f" {done:,}/{self.total:,} {self.unit}" if self.unit else ""
        rate = f", {(done - self.initial) / elapsed:,.0f}/s" if self.unit and elapsed > 0 else ""
        if left is None:
            left = self.left()
        ahead = f", {time_left(left)}" if left is not None and done < self.total else ""
        line = (f"{self.label} [{'#' * filled}{'.' * (self.width - filled)}] "
                f"{100 * min(done, self.total) // self.total:3d}%{count}{rate} "
                f"{elapsed:.1f} s{ahead}")
        if len(line) < self.length:     # blank a longer line drawn before (estimates shorten)
            self.stream.write(f"\r{' ' * self.length}")
        self.stream.write(f"\r{line}")
        self.length = len(line)
        self.stream.flush()
        self.shown = True
        _DRAWN.add(self)

    def close(self) -> None:
        """End the line the bar was drawn on (if it was drawn)."""
        _DRAWN.discard(self)
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def time_left(seconds: float) -> str:
    """An estimate of the time left, rounded up: ``"about 40 s left"``, ``"about 3 min 10 s
    left"``, ``"about 1 h 05 min left"``."""
    whole = max(1, math.ceil(seconds))
    if whole < 60:
        return f"about {whole} s left"
    if whole < 3600:
        return f"about {whole // 60} min {whole % 60:02d} s left"
    return f"about {whole // 3600} h {whole // 60 % 60:02d} min left"


# Bars drawn and not yet closed: ended by end_progress() before an error or interrupt line.
_DRAWN: set[Progress] = set()


def end_progress() -> None:
    """End the line of any progress bar still drawn (so a message starts a line of its own)."""
    for bar in list(_DRAWN):
        bar.close()


class _Failed:
    """A worker's exception, carried to the caller to be raised there."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


_WORKER = "edge-worker"


def running() -> bool:
    """Whether a worker thread is still running a unit (one left behind by an error or
    Ctrl-C): then the process must end with ``os._exit``, not wait for it or free its data."""
    return any(thread.name == _WORKER and thread.is_alive() for thread in threading.enumerate())


class _Queue:
    """The units of one :func:`map` on threads: the next to start, and the results so far."""

    def __init__(self) -> None:
        self.ready = threading.Condition()
        self.next = 0
        self.yielded = 0        # the results handed to the caller so far
        self.stop = False


def _thread_map(function: Callable[[T], R], units: Sequence[T], count: int,
                ahead: int | None = None) -> Iterator[R]:
    results: dict[int, R | _Failed] = {}
    queue = _Queue()

    def work() -> None:
        while True:
            with queue.ready:
                # at most ``ahead`` units started past the last result handed over
                while (ahead is not None and not queue.stop
                       and queue.next >= queue.yielded + ahead):
                    queue.ready.wait()
                index = queue.next
                if queue.stop or index >= len(units):
                    return
                queue.next = index + 1
            try:
                result: R | _Failed = function(units[index])
            except BaseException as error:  # noqa: BLE001 - raised again in the caller
                result = _Failed(error)
            with queue.ready:
                results[index] = result
                queue.ready.notify_all()
                if isinstance(result, _Failed):
                    queue.stop = True
                    return

    # daemon threads: a Ctrl-C does not wait for the units they are running
    for _ in range(count):
        threading.Thread(target=work, name=_WORKER, daemon=True).start()
    try:
        for index in range(len(units)):
            with queue.ready:
                while index not in results:
                    queue.ready.wait()
                result = results.pop(index)
                queue.yielded = index + 1
                queue.ready.notify_all()
            if isinstance(result, _Failed):
                raise result.error
            yield result
    finally:
        with queue.ready:
            queue.stop = True
            queue.ready.notify_all()


def _process_map(function: Callable[[T], R], units: Sequence[T], count: int,
                 initializer: Callable[[], None] | None) -> Iterator[R]:
    import multiprocessing  # here: a command that runs no process pool never loads it
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    from edge.processes import start_worker
    pool = context.Pool(count, initializer=start_worker, initargs=(initializer,))
    try:
        yield from pool.imap(function, units)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def map(function: Callable[[T], R], units: Iterable[T], jobs: int | None = None, *,  # noqa: A001
        processes: bool = False, initializer: Callable[[], None] | None = None,
        progress: Callable[[R], None] | None = None, ahead: int | None = None) -> Iterator[R]:
    """``function`` over ``units`` on ``jobs`` workers (default every core), results in order.

    ``ahead`` (threads only) bounds the units started past the last result the caller has
    taken: the results waiting for it stay few when each is large and it is slower.

    ``progress(result)`` is called for each result as it is yielded. With ``processes=True``
    the units and results are pickled, ``function`` must be a module-level function and
    ``initializer`` runs once in each worker process (which inherits the caller's memory by
    fork where the system has it).
    """
    if ahead is not None and ahead < 1:
        raise ValueError(f"ahead must be 1 or more, not {ahead}")
    items = list(units)
    count = workers(jobs, len(items))
    if not items:
        return
    if processes and count > 1:
        results = _process_map(function, items, count, initializer)
    else:
        if initializer is not None:
            initializer()
        results = _thread_map(function, items, count, ahead)
    try:
        for result in results:
            if progress is not None:
                progress(result)
            yield result
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()



# --- tasks on an Executor: this machine's processes, or a Dask cluster (--cluster) ----------

@contextlib.contextmanager
def executor(cluster: str | None = None, workers: int | None = None) -> Iterator[Executor]:
    """The executor tasks run on: a :class:`edge.processes.ProcessExecutor` of ``workers``
    processes of this machine (default one per core; ended on leaving, a running task not
    waited for), or, given a Dask scheduler's address, its workers
    (:func:`edge.cluster.cluster_executor`; Dask is imported then alone)."""
    if cluster is not None:
        from edge.cluster import cluster_executor
        with cluster_executor(cluster) as found:
            yield found
        return
    from edge.processes import ProcessExecutor  # here: concurrent.futures loads logging
    pool = ProcessExecutor(workers or available_cores())
    try:
        yield pool
    finally:
        pool.shutdown(wait=False)


def map_tasks(function: Callable[[T], R], tasks: Sequence[T], *, cluster: str | None = None,
              workers: int | None = None, progress: str | None = None) -> list[R]:
    """``function`` over ``tasks``, the results in the order of ``tasks`` (the same wherever
    they ran): on this machine's cores (``workers`` processes, default one per core; one
    worker, or one task, runs here in this process) or on the Dask scheduler at ``cluster``.

    The tasks are pickled to the workers, and so is the function on a cluster (a module-level
    function, or a picklable callable object; this machine's workers inherit it by fork); an
    exception in a task is raised here, and Ctrl-C cancels the tasks not finished.
    ``progress``: the label of a :class:`Progress` bar counting tasks done (drawn on a terminal
    only)."""
    check_arguments(argparse.Namespace(cluster=cluster, workers=workers))
    if not tasks:
        return []
    with Progress(progress or "", len(tasks), enabled=progress is not None,
                  unit="tasks") as bar:
        if cluster is None and min(workers or available_cores(), len(tasks)) == 1:
            done = []
            for task in tasks:
                done.append(function(task))
                bar.advance()
            return done
        with executor(cluster, workers) as pool:
            return _gather(pool, function, tasks, bar)


def _gather(pool: Executor, function: Callable[[T], R], tasks: Sequence[T],
            bar: Progress) -> list[R]:
    """Submit every task to ``pool`` and wait for them all, in any order (the first error, or
    Ctrl-C, cancels those not finished)."""
    from concurrent.futures import Future, as_completed
    futures: dict[Future[R], int] = {pool.submit(function, task): index
                                     for index, task in enumerate(tasks)}
    found: dict[int, R] = {}
    try:
        for future in as_completed(futures):
            found[futures[future]] = future.result()
            bar.advance()
    except BaseException:
        for future in futures:
            future.cancel()
        raise
    return [found[index] for index in range(len(tasks))]


def add_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """Add ``--workers N`` and ``--cluster ADDRESS`` to a command's parser (or group)."""
    parser.add_argument(
        "--workers", type=int, metavar="N",
        help="worker processes on this machine (default: one per core)")
    parser.add_argument(
        "--cluster", metavar="ADDRESS",
        help="run on the Dask scheduler at ADDRESS instead (tcp://host:8786; needs "
             "pip install 'edge-casino-math[cluster]' and the same edge on its workers)")


def check_arguments(args: argparse.Namespace) -> None:
    """Refuse ``--workers`` below 1 or above the cores available, and ``--workers`` with
    ``--cluster`` (a running scheduler has the workers started for it)."""
    if args.workers is not None and args.cluster is not None:
        raise EdgeError(f"--workers {args.workers} sets the worker processes of this machine; "
                        f"the scheduler at {args.cluster} has the workers started for it: "
                        "leave --workers out, or leave out --cluster.")
    check_jobs(args.workers, "--workers")
