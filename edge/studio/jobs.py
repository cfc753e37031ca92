"""The studio's analyses in worker processes: one at a time for each open page, the older ended
when newer input comes, the answers kept for input seen before.

A page names itself with a random id; :meth:`Jobs.run` starts the analysis of that page's newest
input in a process of its own and ends (terminates) the page's previous one if it is still
working, so a long analysis of stale input never holds a core. The answer (plain values, as the
templates print them) comes back through a pipe; answers are kept by their input, so typing a
pay back to what it was answers at once.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

# answers kept, by input; pages with a process at once (the oldest page's ends beyond)
KEPT_ANSWERS = 256
MOST_PAGES = 8


def _work(send: Connection, function: Callable[..., Any], args: tuple[Any, ...]) -> None:
    try:
        send.send(("done", function(*args)))
    except BaseException as error:        # the page is told, never a worker's traceback
        send.send(("failed", f"{type(error).__name__}: {error}"))
    finally:
        send.close()


class Superseded(Exception):
    """The page sent newer input before this answer was ready."""


class Jobs:
    """Each page's analysis in a process of its own (see the module)."""

    def __init__(self) -> None:
        self.running: OrderedDict[str, BaseProcess] = OrderedDict()
        self.answers: OrderedDict[Hashable, Any] = OrderedDict()
        self.lock = threading.Lock()
        self.context = multiprocessing.get_context("fork")

    def _end(self, page: str) -> None:
        process = self.running.pop(page, None)
        if process is not None and process.is_alive():
            process.terminate()

    async def run(self, page: str, key: Hashable, function: Callable[..., Any],
                  *args: Any) -> Any:
        """``function(*args)`` for ``page`` in a worker process (its answer kept under
        ``key``); :class:`Superseded` if the page asked again before it was done."""
        with self.lock:
            if key in self.answers:
                self.answers.move_to_end(key)
                self._end(page)
                return self.answers[key]
            self._end(page)
            while len(self.running) >= MOST_PAGES:
                self._end(next(iter(self.running)))
            receive, send = self.context.Pipe(duplex=False)
            process = self.context.Process(target=_work, args=(send, function, args),
                                           daemon=True)
            process.start()
            send.close()
            self.running[page] = process
        try:
            outcome = await asyncio.to_thread(_receive, receive)
        finally:
            receive.close()
            process.join(timeout=5)
            with self.lock:
                if self.running.get(page) is process:
                    del self.running[page]
        if outcome is None:
            raise Superseded(page)
        status, value = outcome
        if status == "failed":
            raise RuntimeError(value)
        with self.lock:
            self.answers[key] = value
            while len(self.answers) > KEPT_ANSWERS:
                self.answers.popitem(last=False)
        return value

    def close(self) -> None:
        """End every worker process."""
        with self.lock:
            for page in list(self.running):
                self._end(page)


def _receive(receive: Connection) -> tuple[str, Any] | None:
    try:
        found: tuple[str, Any] = receive.recv()
        return found
    except EOFError:                         # the process was ended: newer input came
        return None
