"""Cache entries on disk: where they are, an ``.npz`` of named arrays checked against its
SHA-256 on every read and written atomically, and small JSON files written atomically too."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from edge import parallel
from edge.files import give_plain_mode

T = TypeVar("T")


def cache_dir() -> Path:
    """Where finished solves are kept: ``$EDGE_CACHE_DIR`` or ``~/.cache/edge``."""
    configured = os.environ.get("EDGE_CACHE_DIR")
    return Path(configured) if configured else Path.home() / ".cache" / "edge"


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
        warn(f"the cached solve {str(path)!r} is damaged ({failure_reason(error)}); it is solved "
             "again and rewritten (nothing is lost).")
        return None


def failure_reason(error: BaseException) -> str:
    """What went wrong, in a few words (the exception's name when it says nothing)."""
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
