"""The lock beside an entry: a second process solving the same entry waits for the first (told
how far it has got, from the small progress file the solving process keeps) and reads its
result."""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import filelock

from edge import parallel

WAIT_POLL = 1.0               # seconds between a waiting process's looks at the lock
WAIT_LINE_EVERY = 60.0        # seconds between its lines when stderr is not a terminal


def progress_path(entry: Path) -> Path:
    """The small JSON file where the process solving ``entry`` says how far it has got."""
    return entry.with_name(entry.name + ".progress")


def write_progress(entry: Path, report: Mapping[str, object]) -> None:
    """Replace the progress file of ``entry`` (atomically; one that cannot be written only
    leaves a waiting process less informed)."""
    path = progress_path(entry)
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        partial.write_text(json.dumps(dict(report)))
        os.replace(partial, path)
    except OSError:
        with contextlib.suppress(OSError):
            partial.unlink()


def read_progress(entry: Path) -> dict[str, Any] | None:
    """What the process solving ``entry`` last said (None when it has said nothing readable)."""
    try:
        report = json.loads(progress_path(entry).read_text())
    except (OSError, ValueError):
        return None
    return report if isinstance(report, dict) else None


def _other_left(report: Mapping[str, Any]) -> float | None:
    """The other process's estimate of the time left, less the time since it wrote it."""
    try:
        left = report.get("left")
        return None if left is None else max(float(left) - (time.time() - float(report["at"])),
                                             1.0)
    except (KeyError, TypeError, ValueError):
        return None


def progress_words(report: Mapping[str, Any] | None) -> str:
    """How far the solving process has got, in words (for the waiting process)."""
    if report is None:
        return "it has not said how far it has got"
    try:
        words = [f"pid {int(report['pid'])}",
                 f"started at {time.strftime('%H:%M:%S', time.localtime(report['started']))}"]
        total = int(report["total"])
        words.append(f"{100 * float(report['fraction']):.0f}% done ({int(report['done']):,} "
                     f"of {total:,} flop classes)" if total else "setting up")
    except (KeyError, TypeError, ValueError, OverflowError, OSError):
        return "it has not said how far it has got"
    left = _other_left(report)
    if left is not None:
        words.append(parallel.time_left(left))
    return ", ".join(words)


def cache_lock(path: Path, warn: Callable[[str], None], label: str
               ) -> contextlib.AbstractContextManager[object]:
    """Hold the lock beside a cache file (wait while another process holds it, saying so at
    once and then how far the other has got); a no-op, with one warning, where no lock file
    can be made. ``label`` names the solve."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = filelock.FileLock(path.with_name(path.name + ".lock"))
        try:
            lock.acquire(timeout=0)
        except filelock.Timeout:
            _wait(lock, path, label)
    except OSError as error:
        warn(f"the cache folder {str(path.parent)!r} cannot be used "
             f"({error.strerror or error}); solving without the cache (nothing is "
             "lost, it only takes longer).")
        return contextlib.nullcontext()
    write_progress(path, {"pid": os.getpid(), "label": label, "started": time.time(),
                          "at": time.time(), "done": 0, "total": 0, "fraction": 0.0,
                          "left": None})
    return _Held(lock, path)


def _wait(lock: filelock.BaseFileLock, entry: Path, label: str) -> None:
    """Wait for the lock, telling the user: one line at once, then a bar on a terminal (the
    other process's progress) or a line a minute otherwise."""
    stream = sys.stderr
    report = read_progress(entry)
    parallel.end_progress()
    stream.write(f"edge: waiting for another edge process solving "
                 f"{report.get('label', label) if report else label} "
                 f"({progress_words(report)})\n")
    stream.flush()
    last_line = time.monotonic()
    with parallel.Progress(f"waiting for {label}", 1000) as bar:
        while True:
            try:
                lock.acquire(timeout=WAIT_POLL)
                return
            except filelock.Timeout:
                report = read_progress(entry)
            if stream.isatty():
                _show_other(bar, report)
            elif time.monotonic() - last_line >= WAIT_LINE_EVERY:
                last_line = time.monotonic()
                stream.write(f"edge: still waiting for the other edge process "
                             f"({progress_words(report)})\n")
                stream.flush()


def _show_other(bar: parallel.Progress, report: Mapping[str, Any] | None) -> None:
    """Draw the other process's progress on the waiting process's bar."""
    if report is None:
        return
    try:
        fraction = min(max(float(report["fraction"]), 0.0), 1.0)
    except (KeyError, TypeError, ValueError):
        return
    bar.update(int(1000 * fraction), left=_other_left(report))


class _Held:
    """A held :class:`filelock.FileLock` and the progress file of its holder, both let go on
    leaving the ``with`` block."""

    def __init__(self, lock: filelock.BaseFileLock, entry: Path) -> None:
        self.held = lock
        self.entry = entry

    def __enter__(self) -> object:
        return self.held

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(OSError):
            progress_path(self.entry).unlink()
        self.held.release()
