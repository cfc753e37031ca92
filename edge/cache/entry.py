"""One cache entry of a solve, and the sequence every solve goes through: read; else lock, read
again, solve (resuming from a checkpoint), store."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy.typing as npt

from edge.cache.blocks import Checkpoint
from edge.cache.lock import cache_lock
from edge.cache.store import read_cache_file, warn, write_cache_file

T = TypeVar("T")


class Entry:
    """One cache entry of a solve: its path, the label its lock and progress name it by, and
    one warning per entry and run, whatever goes wrong next (a read, the lock, a checkpoint, a
    write). A file that cannot be read or fails its checks is discarded with that warning and
    solved again; a path that cannot be used (a directory, an unwritable folder) costs the
    warning and the time of a solve, never a result."""

    def __init__(self, path: Path, label: str) -> None:
        self.path = path
        self.label = label
        self.warned = False

    def warn(self, message: str) -> None:
        """Say what went wrong with the entry (once a run)."""
        if not self.warned:
            warn(message)
            self.warned = True

    def load(self, names: Sequence[str], accept: Callable[[dict[str, npt.NDArray[Any]]], T]
             ) -> T | None:
        """The result ``accept`` builds from the entry's arrays ``names`` (checked against their
        checksum); None when there is no entry or it is not whole (:func:`read_cache_file`)."""
        return read_cache_file(self.path, names, accept, self.warn)

    def lock(self) -> contextlib.AbstractContextManager[object]:
        """Hold the entry's lock (wait while another process holds it); a no-op, with one
        warning, where no lock file can be made."""
        return cache_lock(self.path, self.warn, self.label)

    def checkpoint(self, resume: bool = True) -> Checkpoint:
        """The entry's checkpoint (``resume=False``: an existing one is not resumed from)."""
        return Checkpoint(self.path, self.warn, resume)

    def store(self, arrays: Mapping[str, npt.NDArray[Any]]) -> None:
        """Write the arrays atomically; a cache that cannot be written only costs time."""
        write_cache_file(self.path, arrays, self.warn)


def read_or_solve(entry: Entry, load: Callable[[], T | None], solve: Callable[[Checkpoint], T],
                  store: Callable[[T], None], use_cache: bool = True) -> T:
    """The entry's result: read (``load``), or solved (``solve``, with the entry's checkpoint)
    and stored (``store``) under the entry's lock. While one process solves an entry, another
    asking for the same waits and reads it; an interrupted solve resumes from its checkpoint.
    ``use_cache=False`` solves afresh (an existing checkpoint is not resumed from) and still
    stores the result."""
    if use_cache and (cached := load()) is not None:
        return cached
    with entry.lock():
        checkpoint = entry.checkpoint(resume=use_cache)
        if use_cache and (cached := load()) is not None:
            checkpoint.remove()      # one left by a process killed just after it stored
            return cached            # another process solved it while this one waited
        result = solve(checkpoint)
        store(result)
        checkpoint.remove()
    return result
