"""Files edge reads and writes.

Reading: :func:`read_toml` and :func:`parse_toml` are the one TOML reader (metadata, bet,
strategy and pay table files); a file that cannot be read or parsed is an
:class:`~edge.errors.EdgeError` worded by the kind of file (:class:`TomlErrors`).

Writing: a file written through a temporary file (``tempfile.mkstemp``, then renamed over the
target, so that no half-written file is ever seen) is created readable by its owner only; edge
gives it the mode ``open()`` would have: read and write for everyone the user's umask allows.
"""

from __future__ import annotations

import contextlib
import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from edge.errors import EdgeError

BYTE_ORDER_MARK = "\ufeff"


@dataclass(frozen=True)
class TomlErrors:
    """What a kind of TOML file's reader says when it cannot read one: ``error`` (the class
    raised) and templates for :meth:`str.format` with the fields ``path`` (the path as given,
    a string), ``name`` (its last part), ``label`` (what :func:`parse_toml` is given; the name
    for a file), ``error`` (the exception) and ``reason`` (an ``OSError``'s ``strerror``, else
    the exception). ``missing`` and ``not_utf8`` left out: said as ``unreadable``."""

    error: type[EdgeError]
    unreadable: str
    invalid: str
    too_deep: str
    missing: str | None = None
    not_utf8: str | None = None


def read_toml(path: str | Path, errors: TomlErrors) -> dict[str, Any]:
    """The contents of a TOML file (UTF-8, as :func:`read_text` reads it); a missing,
    unreadable or invalid one raises ``errors.error`` with the matching message."""
    return _parse(read_text(path, errors), errors, _fields(path, Path(path).name))


def read_text(path: str | Path, errors: TomlErrors) -> str:
    """The text of a file (UTF-8, a byte-order mark dropped, as Windows' Notepad may write
    one); a missing or unreadable one raises ``errors.error``."""
    fields = _fields(path, Path(path).name)
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError as error:
        raise _failure(errors, errors.missing or errors.unreadable, fields, error) from None
    except OSError as error:
        raise _failure(errors, errors.unreadable, fields, error) from None
    except UnicodeDecodeError as error:
        raise _failure(errors, errors.not_utf8 or errors.unreadable, fields, error) from None


def parse_toml(text: str, errors: TomlErrors, label: str) -> dict[str, Any]:
    """The contents of TOML text (``label``: what the messages call it, a file's name or
    path; a leading byte-order mark is dropped); invalid text raises ``errors.error``."""
    return _parse(text.removeprefix(BYTE_ORDER_MARK), errors, _fields(label, label))


def _fields(path: str | Path, label: str) -> dict[str, str]:
    return {"path": str(path), "name": Path(path).name, "label": label}


def _parse(text: str, errors: TomlErrors, fields: dict[str, str]) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _failure(errors, errors.invalid, fields, error) from None
    except RecursionError as error:
        raise _failure(errors, errors.too_deep, fields, error) from None


def _failure(errors: TomlErrors, template: str, fields: dict[str, str],
             error: BaseException) -> EdgeError:
    reason = getattr(error, "strerror", None) or error
    return errors.error(template.format(**fields, error=error, reason=reason))


def umask() -> int:
    """The process's umask: read from /proc where it can be (setting it, the only other way
    to read it, would change it for every thread for a moment)."""
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def plain_mode() -> int:
    """The mode of a file a plain ``open(path, "w")`` creates: 0o666 less the umask."""
    return 0o666 & ~umask()


def give_plain_mode(handle: int) -> None:
    """Give the open file ``handle`` (from ``mkstemp``) the mode of a plain write."""
    if hasattr(os, "fchmod"):       # not on Windows, where mkstemp's file is not owner-only
        os.fchmod(handle, plain_mode())
