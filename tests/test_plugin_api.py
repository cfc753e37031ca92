"""The plug-in API (docs/api/plugin.md) changes only on purpose.

tests/plugin_api.txt lists every name a game from another package may import, with its
signature as the live module has it: a function's parameters, a class's constructor and its
public methods and properties, a constant's value, and for ``edge/_core.pxd`` each declaration
a Cython kernel may ``cimport``. The tests compare that list with the live modules and with the
page: a name renamed, removed or given another signature fails here, with the line that
changed. To change the API deliberately, change the code and the page, then rewrite the list:

    python -m tests.test_plugin_api --write

(a name added to the API: add its line ``edge.module.name`` to the list first, with no
signature, and to the page's "Names:" line of its module).
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LISTED = ROOT / "tests" / "plugin_api.txt"
PAGE = ROOT / "docs" / "api" / "plugin.md"
PXD = ROOT / "edge" / "_core.pxd"
CIMPORT = "cimport edge._core."      # how the list names a declaration of the .pxd
HEADER = """\
# The plug-in API: every name a game from another package may import, with its signature as
# the live module has it (docs/api/plugin.md declares them). tests/test_plugin_api.py fails
# when one changes. After a deliberate change: python -m tests.test_plugin_api --write
"""


# --- what the live modules say ---------------------------------------------------------------

def _signature(value: object) -> str:
    try:
        return str(inspect.signature(value))                       # type: ignore[arg-type]
    except (TypeError, ValueError):
        return "(...)"


def _member(value: object) -> str:
    """One public member of a class: a method's signature, ``property``, or a constant."""
    if isinstance(value, property):
        return "property"
    if isinstance(value, classmethod | staticmethod):
        return f"{type(value).__name__} {_signature(value.__func__)}"
    if callable(value):
        return _signature(value)
    return _constant(value)


def _constant(value: object) -> str:
    if isinstance(value, str | int | float | tuple | frozenset) and not callable(value):
        return repr(value)
    return f"a {type(value).__name__}"


def members(cls: type) -> dict[str, str]:
    """The public members a class defines (or inherits from edge): methods, properties and
    class constants, not its dataclass fields (the constructor lists those)."""
    fields = {field.name for field in dataclasses.fields(cls)} \
        if dataclasses.is_dataclass(cls) else set()
    found: dict[str, str] = {}
    for base in reversed(cls.__mro__):
        if not base.__module__.startswith("edge"):
            continue
        for name, value in vars(base).items():
            if not name.startswith("_") and name not in fields:
                found[name] = _member(value)
    return dict(sorted(found.items()))


def describe(dotted: str) -> list[tuple[str, str]]:
    """The lines of one listed name: ``(name, what it is)``, a class's members after it."""
    module_name, _, name = dotted.rpartition(".")
    value = getattr(importlib.import_module(module_name), name)
    if hasattr(value, "__origin__"):                   # IntArray, Analyze: a type's name
        return [(dotted, "type alias")]
    if inspect.isclass(value) and issubclass(value, BaseException):
        bases = ", ".join(base.__name__ for base in value.__bases__)
        return [(dotted, f"exception ({bases})")]
    if inspect.isclass(value):
        kind = "protocol" if getattr(value, "_is_protocol", False) else "class"
        shown = "" if kind == "protocol" else " " + _signature(value)
        lines = [(dotted, kind + shown)]
        return lines + [(f"{dotted}.{member}", text)
                        for member, text in members(value).items()]
    if callable(value):
        return [(dotted, _signature(value))]
    return [(dotted, _constant(value))]


def declarations() -> dict[str, str]:
    """Every name ``edge/_core.pxd`` declares at its top level (functions, the tables' struct
    and its fields, the enum constants), with its declaration as written."""
    found: dict[str, str] = {}
    block = ""
    pending = ""
    for raw in PXD.read_text(encoding="utf-8").splitlines():
        line = raw.split("#", 1)[0].rstrip()
        if not line.strip():
            continue
        if pending:                                      # a signature over several lines
            pending += " " + line.strip()
        elif not raw.startswith((" ", "\t")):
            block, pending = line, line
        elif block.startswith(("cdef enum", "ctypedef struct")):
            member = line.strip()
            name = member.split("=")[0].strip() if "=" in member \
                else member.split("[")[0].split()[-1]
            owner = "" if block.startswith("cdef enum") else block.split()[-1].rstrip(":") + "."
            found[owner + name] = " ".join(member.split())
            continue
        else:
            continue                                     # a function's body
        if pending.count("(") > pending.count(")"):
            continue
        text, pending = " ".join(pending.rstrip(":").split()), ""
        match = re.search(r"(\w+)\s*\(", text)
        if text.startswith("ctypedef struct"):
            found[text.split()[-1]] = text
        elif match and text.startswith("cdef") and not text.startswith("cdef enum"):
            found[match.group(1)] = text
    return found


def live(names: list[str]) -> list[tuple[str, str]]:
    """The lines the listed names have today."""
    pxd = declarations()
    lines: list[tuple[str, str]] = []
    for dotted in names:
        if dotted.startswith(CIMPORT):
            short = dotted.removeprefix(CIMPORT)
            lines.append((dotted, pxd.get(short, "MISSING: not declared in edge/_core.pxd")))
            lines += [(CIMPORT + name, text) for name, text in pxd.items()
                      if name.startswith(short + ".")]
            continue
        try:
            lines += describe(dotted)
        except (ImportError, AttributeError) as missing:
            lines.append((dotted, f"MISSING: {missing}"))
    return lines


# --- what the list says ----------------------------------------------------------------------

def listed() -> list[tuple[str, str]]:
    lines = []
    for raw in LISTED.read_text(encoding="utf-8").splitlines():
        if raw.strip() and not raw.startswith("#"):
            name, _, text = raw.partition(": ")
            lines.append((name.strip(), text.strip()))
    return lines


def declared_names(lines: list[tuple[str, str]]) -> list[str]:
    """The names the list declares (a class's members follow it and are not declared apart)."""
    names: list[str] = []
    for name, _ in lines:
        if not any(name.startswith(owner + ".") for owner in names):
            names.append(name)
    return names


def write() -> None:
    names = declared_names(listed())
    LISTED.write_text(HEADER + "".join(f"{name}: {text}\n" for name, text in live(names)),
                      encoding="utf-8")


# --- the tests -------------------------------------------------------------------------------

HOW = ("If the change is deliberate: update docs/api/plugin.md, then run "
       "`python -m tests.test_plugin_api --write` and commit tests/plugin_api.txt.")


def test_the_plugin_api_is_what_the_list_says() -> None:
    before = dict(listed())
    now = dict(live(declared_names(listed())))
    changed = [f"  {name}:\n    listed: {before.get(name, '(not listed)')}\n"
               f"    now:    {now.get(name, '(gone)')}"
               for name in sorted(set(before) | set(now)) if before.get(name) != now.get(name)]
    assert not changed, ("the plug-in API changed (tests/plugin_api.txt against the live "
                         "modules):\n" + "\n".join(changed) + "\n" + HOW)


def page_names() -> dict[str, set[str]]:
    """Each module section of the page (``## `edge.x` ...``) and the names of its "Names:"
    paragraph."""
    found: dict[str, set[str]] = {}
    module = ""
    names = False                  # inside a "Names:" paragraph (it may wrap over lines)
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"##\s+`(cimport )?(edge[\w.]*)`", line)
        if heading:
            module = (heading.group(1) or "") + heading.group(2)
        names = bool(module) and (line.startswith("Names:") or (names and bool(line.strip())))
        if names:
            found.setdefault(module, set()).update(re.findall(r"`(\w+)`", line))
    return found


def test_the_page_declares_what_the_list_holds() -> None:
    on_page = {f"{module}.{name}" for module, names in page_names().items() for name in names}
    in_list = set(declared_names(listed()))
    assert on_page == in_list, (
        "docs/api/plugin.md's \"Names:\" lines and tests/plugin_api.txt differ:\n"
        f"  only on the page: {sorted(on_page - in_list)}\n"
        f"  only in the list: {sorted(in_list - on_page)}\n" + HOW)


def test_a_changed_signature_is_seen(monkeypatch: pytest.MonkeyPatch) -> None:
    import edge.options

    before = dict(live(["edge.options.format_value"]))
    monkeypatch.setattr(edge.options, "format_value", lambda value, places=2: str(value))
    assert dict(live(["edge.options.format_value"])) != before
    monkeypatch.delattr(edge.options, "format_value")
    assert dict(live(["edge.options.format_value"]))["edge.options.format_value"].startswith(
        "MISSING")


def test_the_reader_sees_every_declaration_of_the_pxd() -> None:
    pxd = declarations()
    assert {"HoldemTables", "HoldemTables.lane", "cy_holdem_tables", "cy_evaluate7",
            "cy_hand_class", "HOLDEM_ROYAL_FLUSH", "THREE_CARD_HANDS"} <= set(pxd)
    assert pxd["cy_evaluate7"].endswith("noexcept nogil") and "int c6" in pxd["cy_evaluate7"]
    assert not any(name.startswith(("return", "if ")) for name in pxd)


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_plugin_api --write")
    write()
    print(f"wrote {LISTED.relative_to(ROOT)}")
