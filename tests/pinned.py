"""Slow checks re-made only when the code they depend on changed (tests/digests/pinned_checks.toml).

A test marked ``pinned_check(NAME)`` (a full solve of a game file against a published figure,
minutes of CPU) is skipped in a run when its pin's code key is today's: the key is a SHA-256 of
the source files the check ran and the files it read when it last passed, so an unchanged key
means unchanged code and data, and the result the check verified then stands. Any other run
makes it: a moved key, a pin missing, ``--refresh-pins`` (which also writes the pin of each
check that passes) or ``--recheck-pins`` (which runs them all and writes nothing).

What a pin records, found while the check runs under ``--refresh-pins``:

- the modules of edge (and of the tests) with a function called during the check, on any
  thread (a profile hook), and every module of edge that a module of edge among them imports
  anywhere in its source, a function's body included: a compiled kernel (whose calls the hook
  does not see) or a constant read from another module is covered by the module that imports
  it; of a test module's imports, only the compiled kernels (its calls into edge's Python are
  recorded as they run; a constant a test reads from a module of edge none of whose functions
  ran is the one thing not covered); a compiled module's source is its ``.pyx`` with what it
  cimports and includes (:func:`edge.cache.source_files`);
- every file of the checkout the check opened (an audit hook: the game file, strategy files,
  data), but the cache folders of the run.

A change to any of those files moves the key. A change elsewhere cannot change what the check
ran unless a recorded module changed to call it, and that moves the key.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import importlib
import json
import sys
import threading
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "tests" / "digests" / "pinned_checks.toml"
UNCHANGED = "code unchanged since the pin"
# the folders of the checkout whose files a check may read and whose changes count
READ_FOLDERS = ("edge", "examples", "tables", "tests")

HEADER = """\
# The slow checks re-made only when the code they depend on changed (tests/pinned.py): for each
# test marked pinned_check(NAME), the modules it ran and the files of the checkout it read when
# it last passed, and the code key, a SHA-256 of those files' bytes. A run skips the check
# while the key is today's ("code unchanged since the pin"); with a moved key it runs (as in
# .ci/run). After a change that moved a key, run the check and write its pin:
# `pytest --refresh-pins -m pinned_check tests` (commit this file).
"""


@dataclass(frozen=True)
class Pin:
    """One check's pin: the modules and files it depends on, and their key then."""

    name: str
    code_key: str
    modules: tuple[str, ...]
    files: tuple[str, ...]


def read_pins(path: Path = PINS) -> dict[str, Pin]:
    """The pins by check name (none when the file is missing)."""
    if not path.exists():
        return {}
    with path.open("rb") as file:
        table = tomllib.load(file).get("check", {})
    return {name: Pin(name, str(entry["code_key"]), tuple(entry["modules"]),
                      tuple(entry["files"]))
            for name, entry in table.items()}


def write_pins(pins: dict[str, Pin], path: Path = PINS) -> None:
    """Write the pin file, checks in name order."""
    lines = [HEADER]
    for name in sorted(pins):
        pin = pins[name]
        lines.append(f'\n[check."{name}"]\ncode_key = "{pin.code_key}"\n')
        lines.append("modules = [\n" + "".join(f'    "{m}",\n' for m in pin.modules) + "]\n")
        lines.append("files = [\n" + "".join(f'    "{f}",\n' for f in pin.files) + "]\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_suffix(".part")
    part.write_text("".join(lines), encoding="utf-8")
    part.replace(path)


def module_files(name: str) -> list[str]:
    """The checkout's files a module's code comes from (paths relative to the checkout): a
    Python module's source; a compiled module's ``.pyx`` and what it cimports and includes.
    Empty when the module no longer exists."""
    from edge.cache import source_files
    try:
        module = importlib.import_module(name)
    except ImportError:
        return []
    if getattr(module, "__file__", None) is None:
        return []
    files = [path for path in source_files(module).values()]
    return sorted(path.resolve().relative_to(ROOT).as_posix() for path in files
                  if path.resolve().is_relative_to(ROOT))


def code_key(modules: tuple[str, ...], files: tuple[str, ...]) -> str:
    """SHA-256 (20 hex digits) of the bytes of every file the modules come from and of the
    files read, each under its path; a file that is gone counts as gone."""
    paths = sorted({*files, *(f for name in modules for f in module_files(name))})
    digest = hashlib.sha256()
    for path in paths:
        full = ROOT / path
        content = full.read_bytes() if full.is_file() else b"\0gone"
        digest.update(json.dumps([path, hashlib.sha256(content).hexdigest()]).encode())
    for name in modules:                            # a module that is gone moves the key too
        if not module_files(name):
            digest.update(f"\0gone module {name}".encode())
    return digest.hexdigest()[:20]


def is_current(pin: Pin) -> bool:
    """Whether the pin's files are as they were when it was written."""
    return code_key(pin.modules, pin.files) == pin.code_key


def _source_of(name: str) -> Path | None:
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None or not spec.origin.endswith(".py"):
        return None
    return Path(spec.origin)


def imported_by(name: str) -> set[str]:
    """The modules of edge that a Python module imports anywhere in its source (a function's
    body included), as dotted names (a name imported from a package that is itself a module
    counts as that module)."""
    source = _source_of(name)
    if source is None:
        return set()
    package = name if source.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if _is_edge(alias.name)}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            if not _is_edge(base):
                continue
            found.add(base)
            for alias in node.names:
                dotted = f"{base}.{alias.name}"
                if importlib.util.find_spec(base) is not None and _exists(dotted):
                    found.add(dotted)
    return found


def _exists(dotted: str) -> bool:
    try:
        return importlib.util.find_spec(dotted) is not None
    except (ImportError, ValueError):
        return False


def _compiled(name: str) -> bool:
    spec = importlib.util.find_spec(name) if _exists(name) else None
    return spec is not None and spec.origin is not None and spec.origin.endswith((".so", ".pyd"))


def _is_edge(name: str) -> bool:
    return name == "edge" or name.startswith("edge.")


def _recorded(name: str) -> bool:
    return _is_edge(name) or name == "tests" or name.startswith("tests.")


@dataclass
class Recorder:
    """The modules whose functions were called and the checkout's files opened while it
    records (:func:`recording`)."""

    modules: set[str] = field(default_factory=set)
    files: set[str] = field(default_factory=set)
    skip: tuple[Path, ...] = ()        # folders whose files are not recorded (caches)
    on: bool = False

    def profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            name = frame.f_globals.get("__name__")
            if isinstance(name, str) and _recorded(name):
                self.modules.add(name)

    def audit(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.on or event != "open" or not isinstance(args[0], (str, Path)):
            return
        path = Path(args[0]).resolve()
        if not path.is_relative_to(ROOT) or any(path.is_relative_to(s) for s in self.skip):
            return
        relative = path.relative_to(ROOT)
        if relative.parts and relative.parts[0] in READ_FOLDERS and path.is_file():
            self.files.add(relative.as_posix())

    def pin(self, name: str) -> Pin:
        """The pin of what was recorded: the modules called and every module of edge they
        import, and the files read that are not those modules' own sources."""
        modules = set(self.modules)
        for module in self.modules:
            found = imported_by(module)
            # a test module's own calls into edge are recorded as they run: of what it
            # imports, only the compiled kernels (never seen called) are added
            modules |= ({m for m in found if _compiled(m)} if not _is_edge(module) else found)
        modules = {m for m in modules if module_files(m)}
        ordered = tuple(sorted(modules))
        own = {f for m in ordered for f in module_files(m)}
        files = tuple(sorted(f for f in self.files
                             if f not in own and not f.endswith((".pyc", ".so"))))
        return Pin(name, code_key(ordered, files), ordered, files)


_AUDITED: list[Recorder] = []        # an audit hook cannot be removed: one, reading this


def _audit(event: str, args: tuple[Any, ...]) -> None:
    for recorder in _AUDITED:
        recorder.audit(event, args)


@contextlib.contextmanager
def recording(skip: tuple[Path, ...] = ()) -> Iterator[Recorder]:
    """Record, in the block, the modules whose Python functions run (this thread and every
    thread started in it) and the checkout's files opened."""
    recorder = Recorder(skip=tuple(path.resolve() for path in skip))
    if not _AUDITED:
        sys.addaudithook(_audit)
        _AUDITED.append(recorder)
    else:
        _AUDITED[0] = recorder
    before = sys.getprofile()
    recorder.on = True
    sys.setprofile(recorder.profile)
    threading.setprofile(recorder.profile)
    try:
        yield recorder
    finally:
        recorder.on = False
        sys.setprofile(before)
        threading.setprofile(None)        # type: ignore[arg-type]
