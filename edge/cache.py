"""The disk cache of long solves, for every game, and what keeps a long solve usable on a
shared machine (docs/method.md, "The cache of solves").

- An entry's name is a SHA-256 of everything its result depends on (:func:`entry_path`): the
  inputs the caller names (pays, rules, scenario, the arrays it stores) and the code that
  computes it, read from the source files of its modules (:func:`code_digest`: the Python
  modules and the Cython kernels with what they ``cimport`` and include). A change to that
  code names another entry, so a stale result is never read, and no version number is kept by
  hand.
- An entry is an ``.npz`` of named arrays and their SHA-256 (``checksum``), checked on every
  read and written atomically (:func:`read_cache_file`, :func:`write_cache_file`); small
  results are JSON files, written atomically too (:func:`read_json`, :func:`write_json`).
- A lock file beside it (``ENTRY.lock``) makes a second process solving the same entry wait
  for the first and read its result (:func:`cache_lock`). The waiting process says so at once
  on stderr, with how far the other has got: the solving process keeps that in a small JSON
  file beside the lock (``ENTRY.progress``), which the waiter reads and reports periodically
  (a bar on a terminal, a line a minute otherwise).
- A solve split in blocks of flop classes (:class:`Blocks`) draws the progress bar with an
  estimate of the time left, and writes the sums of its finished blocks to a checkpoint beside
  the entry (``ENTRY.checkpoint``, checksummed like it) every so often and, where it can at
  once, when interrupted; the next run resumes from it, and it is removed once the entry is
  written. Sums of integers do not depend on their order, so a resumed solve gives the same
  result as one that was never interrupted.
- :class:`Entry` holds one entry's path and its one warning per run; :func:`read_or_solve`
  is the read, lock, read again, solve, store sequence every solve goes through.
- :class:`Memo` keeps a few results in the process (bounded: least recently used first out).
"""

from __future__ import annotations

import ast
import contextlib
import functools
import hashlib
import json
import os
import re
import signal
import sys
import tempfile
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, TypeVar

import filelock
import numpy as np
import numpy.typing as npt

from edge import parallel
from edge.files import give_plain_mode

T = TypeVar("T")

CHECKPOINT_EVERY = 30.0       # seconds of solving between two checkpoints, at least
CHECKPOINT_SHARE = 0.05       # and at most this share of the time spent writing them
WAIT_POLL = 1.0               # seconds between a waiting process's looks at the lock
WAIT_LINE_EVERY = 60.0        # seconds between its lines when stderr is not a terminal
PROGRESS_EVERY = 1.0          # seconds between a solving process's progress file writes


def cache_dir() -> Path:
    """Where finished solves are kept: ``$EDGE_CACHE_DIR`` or ``~/.cache/edge``."""
    configured = os.environ.get("EDGE_CACHE_DIR")
    return Path(configured) if configured else Path.home() / ".cache" / "edge"


# --- what an entry's result depends on --------------------------------------------------------

# In a Cython source: ``from a.b cimport ...`` or ``cimport a.b``, and the files it takes in
# (``cdef extern from "x.h"``, ``include "x.pxi"``).
_CIMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+cimport|cimport[ \t]+([\w.]+))", re.M)
_TAKEN_IN = re.compile(r"""^[ \t]*(?:cdef[ \t]+extern[ \t]+from|include)[ \t]+["']([^"'*]+)["']""",
                       re.M)


def entry_path(kind: str, inputs: Mapping[str, Any], code: Sequence[ModuleType],
               suffix: str = ".npz") -> Path:
    """The cache file ``KIND-DIGEST.SUFFIX`` in :func:`cache_dir` of a result computed by the
    modules ``code`` from ``inputs`` (JSON-serialisable; include the names of what the file
    stores): DIGEST is 20 hex digits of a SHA-256 of both, the code by :func:`code_digest`."""
    key = json.dumps({"inputs": inputs, "code": code_digest(*code)}, sort_keys=True)
    return cache_dir() / f"{kind}-{hashlib.sha256(key.encode()).hexdigest()[:20]}{suffix}"


@functools.lru_cache(maxsize=16)     # one per kind of entry (a handful); sources do not change
def code_digest(*modules: ModuleType) -> str:
    """SHA-256 of the code of ``modules`` as their source files give it (:func:`source_files`):
    a Python module's syntax tree without its docstrings (an edit to a comment or a docstring
    keeps the cache), a Cython or C file's bytes; each under its path in the package."""
    digest = hashlib.sha256()
    files: dict[str, Path] = {}
    for module in modules:
        files.update(source_files(module))
    for name in sorted(files):
        digest.update(f"{name}\0".encode())
        digest.update(hashlib.sha256(_code_bytes(files[name])).digest())
    return digest.hexdigest()


def source_files(module: ModuleType) -> dict[str, Path]:
    """The files the code of ``module`` comes from, by their path in the package: a Python
    module's source; a compiled module's ``.pyx`` beside it with every ``.pxd`` it cimports
    from the package (and that module's ``.pyx``, whose code runs too) and every header or
    ``.pxi`` it takes in, followed through those; the compiled file itself where no source was
    installed."""
    path = Path(module.__file__ or "")
    depth = module.__name__.count(".") + (path.stem == "__init__")
    root = path.parents[depth]           # the folder holding the top package
    if path.suffix not in (".so", ".pyd"):
        return {path.relative_to(root).as_posix(): path}
    source = path.with_name(f"{module.__name__.rpartition('.')[2]}.pyx")
    if not source.is_file():
        return {path.relative_to(root).as_posix(): path}
    found: dict[str, Path] = {}
    pending = [source]
    while pending:
        current = pending.pop()
        name = current.relative_to(root).as_posix()
        if name in found:
            continue
        found[name] = current
        if current.suffix not in (".pyx", ".pxd", ".pxi"):
            continue
        text = current.read_text(encoding="utf-8")
        for match in _CIMPORT.finditer(text):
            dotted = match.group(1) or match.group(2)
            base = (current.parent if dotted.startswith(".") else root) / Path(
                *dotted.lstrip(".").split("."))
            pending += [file for file in (base.with_suffix(".pxd"), base.with_suffix(".pyx"))
                        if file.is_file()]
        pending += [file for file in (current.parent / match.group(1)
                                      for match in _TAKEN_IN.finditer(text)) if file.is_file()]
    return found


def _code_bytes(path: Path) -> bytes:
    """What of a source file counts: a Python file's syntax tree less its docstrings, any
    other file's bytes."""
    data = path.read_bytes()
    if path.suffix != ".py":
        return data
    try:
        tree = ast.parse(data)
    except SyntaxError:
        return data
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                node.body = node.body[1:] or [ast.Pass()]
    return ast.dump(tree).encode()


def warn(message: str) -> None:
    """One ``edge: warning: ...`` line on stderr."""
    parallel.end_progress()
    sys.stderr.write(f"edge: warning: {message}\n")
    sys.stderr.flush()


def arrays_digest(arrays: Mapping[str, npt.NDArray[Any]]) -> str:
    """SHA-256 of named arrays: each name, dtype, shape and bytes, in name order."""
    digest = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape};".encode())
        digest.update(array.data.cast("B"))      # the bytes, without a copy
    return digest.hexdigest()


def load_arrays(path: Path, names: Sequence[str]) -> dict[str, npt.NDArray[Any]]:
    """The named arrays of a file :func:`write_cache_file` wrote; ValueError when they do not
    match their checksum (and whatever reading raises when the file is not whole)."""
    with np.load(path) as data:
        arrays = {name: data[name] for name in names}
        checksum = str(data["checksum"])
    if checksum != arrays_digest(arrays):
        raise ValueError("its checksum does not match its contents")
    return arrays


def read_cache_file(path: Path, names: Sequence[str],
                    accept: Callable[[dict[str, npt.NDArray[Any]]], T],
                    warn: Callable[[str], None]) -> T | None:
    """A cache file's named arrays, checked against their SHA-256 and then by ``accept`` (which
    builds the result and raises on anything inconsistent); None when there is no file, and
    None with one warning when it cannot be read or is damaged in any way (it is then solved
    again: nothing is lost)."""
    try:
        return accept(load_arrays(path, names))
    except FileNotFoundError:
        return None
    except IsADirectoryError:
        warn(f"the cache path {str(path)!r} is a directory; solving without the cache "
             "(nothing is lost, it only takes longer).")
        return None
    except OSError as error:     # the path cannot be opened (a file for a folder, access)
        warn(f"the cache path {str(path)!r} cannot be read ({error.strerror or error}); it is "
             "solved again (nothing is lost).")
        return None
    except Exception as error:   # any other damage (BadZipFile, EOFError...): solve again
        warn(f"the cached solve {str(path)!r} is damaged ({_reason(error)}); it is solved "
             "again and rewritten (nothing is lost).")
        return None


def _reason(error: BaseException) -> str:
    return str(error).strip() or type(error).__name__


def write_cache_file(path: Path, arrays: Mapping[str, npt.NDArray[Any]],
                     warn: Callable[[str], None], *, compress: bool = True) -> None:
    """Write named arrays and their SHA-256 (``checksum``) to ``path`` atomically: a temporary
    file in the same folder, then ``os.replace``, so a reader sees the old file or the new,
    whole. A cache that cannot be written costs one warning and the next run's time, never a
    result; an interrupt leaves no partial file (checkpoints uncompressed: they are written
    while the solve waits)."""
    partial: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, partial = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp",
                                           dir=path.parent)
        with os.fdopen(handle, "wb") as file:
            if hasattr(os, "fchmod"):   # readable as a plain write makes it (not 0600)
                os.fchmod(file.fileno(), 0o644)
            save = np.savez_compressed if compress else np.savez
            save(file, checksum=np.array(arrays_digest(arrays)), **arrays)  # type: ignore[arg-type]
            file.flush()
            os.fsync(file.fileno())
        os.replace(partial, path)
        partial = None
    except OSError as error:
        warn(f"the solve could not be cached at {str(path)!r} "
             f"({error.strerror or error}); nothing is lost, the next run solves again.")
    finally:
        if partial is not None:  # a failure or an interrupt: leave nothing half-written
            with contextlib.suppress(OSError):
                os.unlink(partial)


# --- the lock, and what a process waiting for it is told -------------------------------------

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


# --- checkpoints -----------------------------------------------------------------------------

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
            self.warn(f"the checkpoint {str(self.path)!r} cannot be used ({_reason(error)}); "
                      "it is ignored and the solve starts from the beginning.")
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
        """The flop classes of ``chunks`` not done yet, as ranges."""
        ranges = []
        for start, stop in chunks:
            todo = np.flatnonzero(self.done[start:stop] == 0) + start
            for run in np.split(todo, np.flatnonzero(np.diff(todo) != 1) + 1):
                if len(run):
                    ranges.append((int(run[0]), int(run[-1]) + 1))
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
        """Whether a checkpoint is due: some time after the last, and rarely enough that
        writing them takes a small share of the time."""
        if self.checkpoint is None or not self.unsaved:
            return False
        return time.monotonic() - self.saved >= max(CHECKPOINT_EVERY,
                                                    self.writing / CHECKPOINT_SHARE)

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


# --- one entry, and the sequence every solve goes through ------------------------------------

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


# --- small results: JSON files ---------------------------------------------------------------

def read_json(path: Path) -> Any:
    """A JSON file of the cache (whatever reading or parsing raises when there is none or it
    is not whole: the caller checks its contents and computes it again)."""
    return json.loads(path.read_text(encoding="utf-8"))


def write_json(path: Path, data: Any) -> None:
    """Write ``data`` as a JSON file of the cache, atomically (a temporary file in the same
    folder, then ``os.replace``); a file that cannot be written only costs time."""
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, partial = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp",
                                           dir=path.parent)
        try:
            give_plain_mode(handle)
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump(data, file)
            os.replace(partial, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(partial)


# --- results kept in the process --------------------------------------------------------------

K = TypeVar("K")


class Memo(Generic[K, T]):
    """Results kept for the process, at most ``size`` of them: the least recently used is
    dropped first, so a long-lived process (a test session, a server building many reports)
    does not grow without bound. Safe from several threads (two asking for one missing key
    both compute it; the results are equal)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: OrderedDict[K, T] = OrderedDict()
        self.guard = threading.Lock()

    def get(self, key: K, make: Callable[[], T]) -> T:
        """The result kept for ``key``, or ``make()`` kept."""
        with self.guard:
            if key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]
        value = make()
        with self.guard:
            self.kept[key] = value
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every result."""
        with self.guard:
            self.kept.clear()
