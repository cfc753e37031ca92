"""Files edge writes: with the permissions a plain write gives them.

A file written through a temporary file (``tempfile.mkstemp``, then renamed over the target,
so that no half-written file is ever seen) is created readable by its owner only; edge gives
it the mode ``open()`` would have: read and write for everyone the user's umask allows.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path


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
