"""A long solve in blocks of flop classes: its progress (the bar, the progress file a waiting
process reads) and its checkpoints, from which an interrupted solve resumes."""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import parallel
from edge.cache.lock import write_progress
from edge.cache.store import failure_reason, load_arrays, write_cache_file

CHECKPOINT_EVERY = 30.0       # seconds of solving between two checkpoints, at least
CHECKPOINT_SHARE = 0.05       # and at most this share of the time spent writing them,
CHECKPOINT_MOST = 60.0        # unless that would leave more than this many seconds between two
TASKS_AT_LEAST = 500          # a solve's flop classes are cut into at least this many tasks, so
                              # that one finishes (and a checkpoint can fall due) every few
                              # seconds even in a solve of hours
PROGRESS_EVERY = 1.0          # seconds between a solving process's progress file writes


class Checkpoint:
    """The checkpoint of one cache entry (``ENTRY.checkpoint``): the sums of a solve's finished
    blocks, checksummed and written atomically like the entry. One that is damaged or belongs
    to another solve is ignored with one warning (the solve starts from the beginning).
    ``resume=False`` (``--no-cache``) ignores an existing one but still writes new ones."""

    def __init__(self, entry: Path, warn: Callable[[str], None], resume: bool = True) -> None:
        self.entry = entry
        self.path = entry.with_name(entry.name + ".checkpoint")
        self.warn = warn
        self.resume = resume

    def load(self, like: Mapping[str, npt.NDArray[Any]], key: Mapping[str, npt.NDArray[Any]]
             ) -> dict[str, npt.NDArray[Any]] | None:
        """The arrays of ``like`` (each of its shape and dtype) from the checkpoint, which must
        hold ``key`` exactly; None when there is none or it cannot be used."""
        if not self.resume:
            return None
        try:
            arrays = load_arrays(self.path, [*like, *key])
            for name, value in key.items():
                if not np.array_equal(arrays[name], value):
                    raise ValueError(f"its {name} is another solve's")
            for name, template in like.items():
                if arrays[name].shape != template.shape or arrays[name].dtype != template.dtype:
                    raise ValueError(f"its {name} is not of the shape of this solve's")
        except FileNotFoundError:
            return None
        except Exception as error:   # any damage: start afresh (the result cannot suffer)
            self.warn(f"the checkpoint {str(self.path)!r} cannot be used "
                      f"({failure_reason(error)}); it is ignored and the solve starts from the "
                      "beginning.")
            return None
        return {name: arrays[name] for name in like}

    def save(self, arrays: Mapping[str, npt.NDArray[Any]]) -> None:
        """Write the checkpoint atomically (one that cannot be written only costs time)."""
        write_cache_file(self.path, arrays, self.warn, compress=False)

    def remove(self) -> None:
        """Remove the checkpoint (the entry is written)."""
        with contextlib.suppress(OSError):
            self.path.unlink()


def _terminated(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


class Blocks:
    """One solve's progress through its flop classes, in blocks: the progress bar (on a
    terminal) with an estimate of the time left, the progress file a process waiting for the
    lock reads, and the checkpoints (with a :class:`Checkpoint`; none without).

    ``weights[c]`` is the work of flop class c in the bar's units; ``before`` (given to
    :meth:`start`) the work done first in each run (not kept by checkpoints). ``key``: arrays
    a checkpoint must hold unchanged to be this solve's.
    """

    def __init__(self, label: str, weights: npt.NDArray[np.int64], *,
                 checkpoint: Checkpoint | None = None, progress: bool = False,
                 key: Mapping[str, npt.NDArray[Any]] | None = None) -> None:
        self.label = label
        self.weights = weights.astype(np.int64)
        self.done = np.zeros(len(weights), dtype=np.uint8)
        self.checkpoint = checkpoint
        self.progress = progress
        self.key = dict(key or {})
        self.bar = parallel.Progress(label, 1, enabled=False)
        self.started = time.time()
        self.saved = time.monotonic()
        self.writing = 0.0            # seconds the last checkpoint took to write
        self.reported = 0.0
        self.torn = False             # sums being added when interrupted: not saved then
        self.unsaved = False
        self.terminate: Any = None    # the SIGTERM handler to put back

    def resume(self, like: Mapping[str, npt.NDArray[Any]]) -> dict[str, npt.NDArray[Any]] | None:
        """The sums of the checkpoint (the arrays of ``like``), marking its flop classes done;
        None when there is none to resume from."""
        if self.checkpoint is None:
            return None
        arrays = self.checkpoint.load({**like, "done": self.done}, self.key)
        if arrays is None:
            return None
        self.done = arrays.pop("done").astype(np.uint8)
        return arrays

    def tasks(self, chunks: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
        """The flop classes of ``chunks`` not done yet, as ranges of at most 1/500 of all the
        classes each (:data:`TASKS_AT_LEAST`): a checkpoint is written only between tasks."""
        most = max(1, -(-len(self.done) // TASKS_AT_LEAST))
        ranges = []
        for start, stop in chunks:
            todo = np.flatnonzero(self.done[start:stop] == 0) + start
            for run in np.split(todo, np.flatnonzero(np.diff(todo) != 1) + 1):
                ranges += [(int(run[at]), int(run[min(at + most, len(run)) - 1]) + 1)
                           for at in range(0, len(run), most)]
        return ranges

    def start(self, before: int = 0) -> Blocks:
        """Start the bar (``before``: the work of this run before the flop classes). Until the
        ``with`` block ends, a plain ``kill`` (SIGTERM, where nothing else handles it) stops
        the solve as Ctrl-C does, so what can be saved at once is saved."""
        self.bar = parallel.Progress(
            f"solving {self.label}", before + int(self.weights.sum()), self.progress,
            initial=int(self.weights @ self.done))
        self.started = time.time()
        self.saved = time.monotonic()
        self._report(force=True)
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL):
            self.terminate = signal.signal(signal.SIGTERM, _terminated)
        return self

    def __enter__(self) -> Blocks:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.terminate is not None:
            signal.signal(signal.SIGTERM, self.terminate)
        self.bar.close()

    def advance(self, amount: int) -> None:
        """Count work done before the flop classes."""
        self.bar.advance(amount)
        self._report()

    @contextlib.contextmanager
    def adding(self, start: int, stop: int) -> Iterator[None]:
        """Around adding flop classes start to stop's results to the sums: they are done when
        it ends; interrupted within, the sums are torn and not saved."""
        try:
            yield
            self.finish(start, stop)
        except BaseException:
            self.torn = True
            raise

    def finish(self, start: int, stop: int) -> None:
        """Mark flop classes start to stop done (their results are in the sums)."""
        self.done[start:stop] = 1
        self.unsaved = True
        self.bar.advance(int(self.weights[start:stop].sum()))
        self._report()

    def due(self) -> bool:
        """Whether a checkpoint is due: some time after the last, rarely enough that writing
        them takes a small share of the time, and at least once a minute of solving."""
        if self.checkpoint is None or not self.unsaved:
            return False
        return time.monotonic() - self.saved >= max(
            CHECKPOINT_EVERY, min(CHECKPOINT_MOST, self.writing / CHECKPOINT_SHARE))

    def save(self, arrays: Mapping[str, npt.NDArray[Any]],
             done: npt.NDArray[np.uint8] | None = None, began: float | None = None) -> None:
        """Write a checkpoint of the sums ``arrays`` of the flop classes done (``done``: those
        the sums hold, when not every class marked done; ``began``: when the work of the
        checkpoint began, by ``time.monotonic``, if before this call)."""
        if self.checkpoint is None:
            return
        began = time.monotonic() if began is None else began
        self.checkpoint.save({**arrays, **self.key,
                              "done": self.done if done is None else done})
        self.saved = time.monotonic()
        self.writing = self.saved - began
        self.unsaved = done is not None and not np.array_equal(done, self.done)

    def save_interrupted(self, arrays: Callable[[], Mapping[str, npt.NDArray[Any]]]) -> None:
        """On an interrupt: a last checkpoint of the sums, unless they are torn."""
        if not self.torn and self.unsaved:
            self.save(arrays())

    def _report(self, force: bool = False) -> None:
        """Tell a process waiting for the lock how far this one has got (once a second)."""
        now = time.monotonic()
        if self.checkpoint is None or (not force and now - self.reported < PROGRESS_EVERY):
            return
        self.reported = now
        write_progress(self.checkpoint.entry, {
            "pid": os.getpid(), "label": self.label, "started": self.started, "at": time.time(),
            "done": int(self.done.sum()), "total": len(self.done),
            "fraction": self.bar.done / self.bar.total, "left": self.bar.left()})
