"""This machine's worker processes as a ``concurrent.futures.Executor``
(:class:`ProcessExecutor`), the executor :func:`edge.parallel.executor` gives when no cluster is
named. A module of its own, imported only when tasks run: ``concurrent.futures`` loads
``logging``, which a command that runs no task never needs."""

from __future__ import annotations

import contextlib
import itertools
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, InvalidStateError
from typing import Any, TypeVar

from edge.errors import EdgeError

R = TypeVar("R")

__all__ = ["ProcessExecutor", "WorkerLost", "start_worker"]


class WorkerLost(EdgeError):
    """A worker process died before finishing its task (killed, or ended by the task)."""


def start_worker(initializer: Callable[[], None] | None) -> None:
    """Run in each worker process as it starts: it ignores SIGINT (Ctrl-C at a terminal reaches
    the whole process group; the caller alone handles it), then ``initializer``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)     # the parent alone handles Ctrl-C
    if initializer is not None:
        initializer()


# Functions the process pool's workers inherit by fork (a closure or a bound method of a local
# object cannot be pickled to them): registered before the pool starts its processes.
_INHERITED: dict[int, Callable[..., object]] = {}
_KEYS = itertools.count()


def _call_inherited(key: int, args: tuple[object, ...]) -> object:
    return _INHERITED[key](*args)


class ProcessExecutor(Executor):
    """A ``concurrent.futures.Executor`` on ``count`` worker processes of this machine, forked
    where the system can (they inherit the caller's memory, and the first function submitted
    need not be picklable) at the first task; they ignore SIGINT (the caller alone handles
    Ctrl-C) and are ended by :meth:`shutdown` without waiting for a running task unless
    ``wait``. A worker that dies (killed by the system for memory, say) fails the tasks not
    finished with one :class:`WorkerLost` line, where a plain pool would wait for ever."""

    def __init__(self, count: int) -> None:
        import multiprocessing  # here: a command that runs no process pool never loads it
        methods = multiprocessing.get_all_start_methods()
        self.fork = "fork" in methods
        self.context = multiprocessing.get_context("fork" if self.fork else None)
        self.count = count
        self.pool: multiprocessing.pool.Pool | None = None
        self.inherited: dict[Callable[..., object], int] = {}
        self.futures: list[Future[Any]] = []
        self.stopped = threading.Event()

    def submit(self, fn: Callable[..., R], /, *args: object, **kwargs: object) -> Future[R]:
        """Run ``fn(*args)`` on a worker process (keyword arguments are not taken)."""
        if kwargs:
            raise TypeError("ProcessExecutor.submit takes no keyword arguments.")
        if self.pool is None:
            if self.fork:
                self.inherited[fn] = next(_KEYS)
                _INHERITED[self.inherited[fn]] = fn
            self.pool = self.context.Pool(self.count, initializer=start_worker,
                                          initargs=(None,))
            threading.Thread(target=self._watch, args=(self.pool,), name="edge-pool-watch",
                             daemon=True).start()
        future: Future[R] = Future()
        future.set_running_or_notify_cancel()
        self.futures.append(future)

        def settle(result: Any) -> None:
            with contextlib.suppress(InvalidStateError):     # failed by _watch already
                future.set_result(result)

        def fail(error: BaseException) -> None:
            with contextlib.suppress(InvalidStateError):
                future.set_exception(error)

        if fn in self.inherited:
            self.pool.apply_async(_call_inherited, (self.inherited[fn], args),
                                  callback=settle, error_callback=fail)
        else:
            self.pool.apply_async(fn, args, callback=settle, error_callback=fail)
        return future

    def _watch(self, pool: Any) -> None:
        """Fail every task not finished once a worker process of ``pool`` has died (the pool
        would start another and wait for ever for the task it was running)."""
        # the pool starts its workers before this thread, and starts one only for one that
        # died (no worker retires): a worker beyond the first ``count`` is a death too
        seen = {process.pid: process for process in list(getattr(pool, "_pool", ()))}
        while not self.stopped.wait(0.1):
            for process in list(getattr(pool, "_pool", ())):
                seen[process.pid] = process
            lost = [p.exitcode for p in seen.values() if p.exitcode not in (None, 0)]
            if (lost or len(seen) > self.count) and not self.stopped.is_set():
                code = lost[0] if lost else None
                how = ("its exit status not known" if code is None
                       else f"killed by signal {-code}" + (", perhaps by the system for want of "
                                                          "memory" if code == -signal.SIGKILL
                                                          else "")
                       if code < 0 else f"exit status {code}")
                error = WorkerLost(f"A worker process ended before its task was done ({how}): "
                                   "try fewer --workers, or a smaller run.")
                for future in list(self.futures):
                    with contextlib.suppress(InvalidStateError):
                        future.set_exception(error)
                return

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """End the worker processes: after the tasks submitted when ``wait`` (and not
        ``cancel_futures``), else at once."""
        self.stopped.set()
        self.futures.clear()
        if self.pool is not None:
            if wait and not cancel_futures:
                self.pool.close()
            else:
                self.pool.terminate()
            self.pool.join()
            self.pool = None
        for key in self.inherited.values():
            _INHERITED.pop(key, None)
        self.inherited.clear()
