"""An entry's name: a SHA-256 of the inputs of its result and of the code that computes it, read
from the source files of that code (Python modules, and Cython kernels with what they cimport
and include)."""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from edge.cache.store import cache_dir

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
