"""edge's layer order, read statically from the source (nothing is imported; issue 26).

The design puts edge's modules in five layers, and an import may only go to the same layer or a
lower one (tests/test_imports.py checks, beside this, that there is no cycle at all):

0. cards and counting: the compiled core, cards and hands, dealing, the return table, pay tables,
   options, errors, run settings, files, published figures, the protection and strategy
   contracts, parallel work;
1. the document model: ``edge.document`` (blocks and their renderers);
2. games: the contracts and registry ``edge.games``, every built-in game ``edge.games.<game>``,
   the bet-file engine ``edge.bets`` and the game files with decisions ``edge.decisions`` (a
   plug-in from another package is in this layer too);
3. what is made from games: reports, tuning, simulation, listings, the strategy comparison
   document, and the package's facade ``edge/__init__.py``;
4. the command line: ``edge.cli`` and ``edge.__main__``.

Every ``import`` and ``from ... import`` counts wherever it stands: at module level, inside a
function (a lazy import runs later, but it is still a dependency of the design) and under
``if TYPE_CHECKING:`` (an annotation that names a higher layer ties the lower one to it as
much as a call does); so does ``importlib.import_module("edge...")`` with a literal name. An
import that goes up is a violation unless it is listed in ``EXCEPTIONS`` below with the reason
it is there. The module of a package is its
``__init__.py``; relative imports are resolved against the importer (the helpers are shared
with tests/test_imports.py).
"""

from __future__ import annotations

import ast
import fnmatch
import functools
from dataclasses import dataclass

from tests.test_imports import KNOWN, MODULES, PACKAGE, resolve_relative, string_import

LAYER_NAMES = ("cards and counting", "document model", "games", "reports", "command line")

# Each module by its dotted name or the name of the package it is in; the longest prefix wins.
LAYERS: dict[str, int] = {
    # 0: cards and counting
    "edge._core": 0, "edge._cyutility": 0, "edge.cards": 0, "edge.holdem": 0, "edge.deal": 0,
    "edge.distribution": 0, "edge.table": 0, "edge.paytables": 0, "edge.options": 0,
    "edge.errors": 0, "edge.run": 0, "edge.version": 0, "edge.files": 0, "edge.published": 0,
    "edge.protection": 0, "edge.strategies": 0, "edge.parallel": 0, "edge.processes": 0,
    # edge.player: what the player knows and how they play (strategies and protection only);
    # edge.cache: the one disk cache every game's long solves use (knows no game)
    "edge.player": 0, "edge.cache": 0,
    # edge.sampling: random deals and exact integer nets, what every simulate hook builds on
    "edge.sampling": 0,
    # edge.intervals: confidence intervals of simulated means (Student's t, normal)
    "edge.intervals": 0,
    # edge.cluster: work on a Dask cluster for --cluster (imports edge.errors, edge.version
    # only; Dask lazily), so games below the reports (issue 27's collusion solves) may use it
    "edge.cluster": 0,
    # 1: the document model
    "edge.document": 1,
    # 2: games
    "edge.games": 2, "edge.bets": 2,
    # edge.decisions: games with decisions from a file (built on the bet-file engine)
    "edge.decisions": 2,
    # edge.tells: the surveillance tells against ordinary play, a contract the games' exposed
    # hooks return (it builds document blocks, so it sits above the document model)
    "edge.tells": 2,
    # 3: reports, tuning, simulation, listings; edge.comparison builds documents from a game's
    # compare hook (it imports edge.games), so it sits here, beside the report that uses it
    "edge.report": 3, "edge.tune": 3, "edge.simulation": 3, "edge.listing": 3,
    "edge.comparison": 3,
    # edge.counting: card counting, built on a wager's shoe_return and simulate hooks
    "edge.counting": 3,
    # edge.testing: the contracts every game must meet (check_game), run through the games,
    # the simulation and the report
    "edge.testing": 3,
    "edge": 3,          # the facade edge/__init__.py: re-exports edge.games.analyze and below
    # 4: the command line
    "edge.cli": 4, "edge.__main__": 4,
    # edge.studio: the studio, a page in the browser beside the command line (its web
    # framework imported only by `edge studio`)
    "edge.studio": 4,
}

# Imports that go up a layer today, each with the reason and what would remove it. Entries are
# (importer, imported): the importer a glob over dotted names (``*`` spans dots) so that a game's
# modules moving inside its folder (issue 26 splits Ultimate Texas Hold'em into sub-packages:
# its report.py becomes report/sections.py, matched by ``*.report*``) keep their entry; the
# imported module is exact. test_every_exception_is_still_needed fails
# once an entry matches no import: then delete it.
# Imports that go up a layer, each with the reason and what would remove it: none today (the
# simulators' kit moved down to edge.sampling and the report sections' sweeps to
# edge.games.sweeps). Entries are (importer glob, imported module) -> reason;
# test_every_exception_is_still_needed fails once an entry matches no import.
EXCEPTIONS: dict[tuple[str, str], str] = {}


def excepted(found: Import) -> tuple[str, str] | None:
    """The EXCEPTIONS entry an upward import falls under, if any."""
    for importer, imported in EXCEPTIONS:
        if found.imported == imported and fnmatch.fnmatchcase(found.importer, importer):
            return importer, imported
    return None


def layer_of(module: str) -> int:
    """The layer of a module of edge: the entry of its longest dotted prefix in LAYERS."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        prefix = ".".join(parts[:end])
        if prefix in LAYERS:
            return LAYERS[prefix]
    raise KeyError(module)


@dataclass(frozen=True)
class Import:
    """One import of an edge module by another, with where and how it is made."""

    importer: str
    imported: str
    line: int
    where: str          # "module level", "in a function", "under TYPE_CHECKING"

    def __str__(self) -> str:
        path = MODULES[self.importer].relative_to(PACKAGE.parent)
        return (f"{path}:{self.line}: {self.importer} (layer {layer_of(self.importer)}, "
                f"{LAYER_NAMES[layer_of(self.importer)]}) imports {self.imported} "
                f"(layer {layer_of(self.imported)}, {LAYER_NAMES[layer_of(self.imported)]}) "
                f"{self.where}")


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imports_of(name: str, source: str | None = None) -> list[Import]:
    """Every import of another edge module in one module (or in ``source`` read as it)."""
    if source is None:
        return list(_imports_of_module(name))
    return _imports_in(name, source)


@functools.cache      # the tests read every module two or three times
def _imports_of_module(name: str) -> tuple[Import, ...]:
    return tuple(_imports_in(name, MODULES[name].read_text(encoding="utf-8")))


def _imports_in(name: str, source: str) -> list[Import]:
    found: list[Import] = []

    def add(target: str, line: int, where: str) -> None:
        # ``from edge.x import name``: the module edge.x.name when there is one, else edge.x
        while target and target not in KNOWN:
            target = target.rpartition(".")[0]
        made = Import(name, target, line, where)
        if target and target != name and made not in found:   # two names, one module: once
            found.append(made)

    def visit(node: ast.AST, where: str) -> None:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "edge":
                    add(alias.name, node.lineno, where)
            return
        if isinstance(node, ast.ImportFrom):
            base = resolve_relative(name, node.level, node.module)
            if base.split(".")[0] == "edge":
                for alias in node.names:
                    add(f"{base}.{alias.name}", node.lineno, where)
            return
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, "under TYPE_CHECKING")
            for child in node.orelse:
                visit(child, where)
            return
        if isinstance(node, ast.Call):          # import_module("edge..."): an import too
            named = string_import(node)
            if named is not None:
                add(named, node.lineno, where)
        inner = where
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda) \
                and where == "at module level":
            inner = "in a function"
        for part in ast.iter_child_nodes(node):
            visit(part, inner)

    visit(ast.parse(source, filename=name), "at module level")
    return found


def upward_imports() -> list[Import]:
    """Every import in edge that goes to a higher layer than its importer's."""
    return [found for name in MODULES for found in imports_of(name)
            if layer_of(found.imported) > layer_of(found.importer)]


def test_imports_go_only_down_the_layers() -> None:
    found = [up for up in upward_imports() if excepted(up) is None]
    order = " < ".join(f"{n} {title}" for n, title in enumerate(LAYER_NAMES))
    assert not found, (f"imports that go up a layer (order: {order}); move the import, or the "
                       "code, down, or list it in EXCEPTIONS with its reason:\n"
                       + "\n".join(map(str, found)))
    allowed = [up for up in upward_imports() if excepted(up) is not None]
    print(f"{sum(len(imports_of(name)) for name in MODULES)} imports of edge modules in "
          f"{len(MODULES)} modules read; {len(allowed)} go up a layer, each under one of the "
          f"{len(EXCEPTIONS)} listed exceptions")


def test_every_exception_is_still_needed() -> None:
    used = {excepted(up) for up in upward_imports()}
    stale = sorted(set(EXCEPTIONS) - used)
    assert not stale, f"EXCEPTIONS that match no upward import (delete them): {stale}"


def test_every_module_has_a_layer() -> None:
    unplaced = []
    for name in sorted(KNOWN):
        try:
            layer_of(name)
        except KeyError:
            unplaced.append(name)
    assert not unplaced, "modules of edge with no layer in tests/test_layers.py LAYERS: " + \
        ", ".join(unplaced)


# --- the checker itself, on made-up sources --------------------------------------------------

def test_the_reader_sees_every_kind_of_import() -> None:
    source = "\n".join([
        "from typing import TYPE_CHECKING",
        "from edge.table import ReturnTable",             # a name: the module edge.table
        "from . import triple_bet",                       # a submodule, relative
        "import edge.document.render",                    # a dotted module
        "if TYPE_CHECKING:",
        "    from edge.report import ReportContext",
        "def hook():",
        "    from edge.simulation.engine import scaled",
        "    importlib.import_module('edge.listing')",
        "    return scaled",
    ])
    found = {(i.imported, i.where) for i in imports_of("edge.games", source)}
    assert found == {
        ("edge.table", "at module level"),
        ("edge.games.triple_bet", "at module level"),
        ("edge.document.render", "at module level"),
        ("edge.report", "under TYPE_CHECKING"),
        ("edge.simulation.engine", "in a function"),
        ("edge.listing", "in a function"),
    }


def test_layers_of_modules() -> None:
    assert layer_of("edge.games.ultimate_texas_holdem.solve") == 2
    assert layer_of("edge.document.render_html") == 1
    assert layer_of("edge.report.build") == 3
    assert layer_of("edge.cli") == 4
    assert layer_of("edge") == 3
