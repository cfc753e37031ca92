"""Every compiled kernel has tests marked ``kernels``, the tests .ci/run runs (on their reduced
cases) against the debug (bounds-checked) build under AddressSanitizer and
UndefinedBehaviorSanitizer: a new kernel, or a kernel's tests moved to a module that lacks the
marker, fails here rather than going unchecked by those builds.

A kernel counts as tested when a marked test module imports it, or imports a module of edge that
imports it (the Python side that drives it). Imports are read from the source (``ast``), not by
importing anything.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EDGE = ROOT / "edge"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path) -> set[str]:
    """Every dotted name a module's source imports (``from a import b`` gives ``a`` and ``a.b``,
    whether b is a module or not)."""
    names = set()
    package = module_name(path).rsplit(".", 1)[0] if path.name != "__init__.py" \
        else module_name(path)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[:len(anchor) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
    return names


def marked_kernels(path: Path) -> bool:
    """Whether a test module carries the ``kernels`` marker (``pytestmark``)."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            return "kernels" in ast.unparse(node.value)
    return False


def test_every_kernel_has_marked_tests() -> None:
    kernels = {module_name(path) for path in EDGE.rglob("*.pyx")}
    assert "edge._core" in kernels and len(kernels) >= 7
    drivers = {kernel: {kernel} for kernel in kernels}
    for path in EDGE.rglob("*.py"):
        for kernel in kernels & imported(path):
            drivers[kernel].add(module_name(path))
    marked = [path for path in (ROOT / "tests").glob("test_*.py") if marked_kernels(path)]
    reached: set[str] = set()
    for path in marked:
        names = imported(path)
        reached |= {kernel for kernel, users in drivers.items() if users & names}
    missing = sorted(kernels - reached)
    assert not missing, (f"no test module marked `kernels` imports {missing} or a module "
                         "driving it: mark its tests (pytestmark = pytest.mark.kernels)")
