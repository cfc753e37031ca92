"""The Python in the guides runs against the real code (issue 26): docs/writing-a-game.md,
docs/api/plugin.md, docs/cluster.md, and docs/bets.md should it ever hold Python.

Every ```python block is compiled; every name it imports must exist where it imports it from;
every call of an imported edge callable is bound (``inspect.signature(...).bind``) to the real
signature, positional count and keyword names; a function a block defines and hands to ``Bet``
as a hook must take the three arguments every hook is called with. Then the blocks are run in
order in one namespace, as a reader would run them one after another, except those marked with
an HTML comment ``<!-- fragment ... -->`` on the line before the fence (an excerpt that uses
names of the example package, or a setup.py that would build a package when run): those get
the static checks only.

Signatures written in the prose as inline code, such as ``Bet(name, description, analyze,
outcomes=(), ...)``, are checked too: each name must be a parameter of the real callable, at its
position when written without a default.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import importlib
import importlib.util
import inspect
import re
import sys
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
GUIDES = ("docs/writing-a-game.md", "docs/bets.md", "docs/api/plugin.md", "docs/cluster.md")
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
FRAGMENT = re.compile(r"<!--\s*fragment\b.*?-->\s*$")


@dataclass(frozen=True)
class Block:
    """One fenced ```python block of a guide."""

    guide: str
    line: int
    source: str
    fragment: bool

    def __str__(self) -> str:
        return f"{self.guide}:{self.line}"


def python_blocks(guide: str) -> list[Block]:
    text = (ROOT / guide).read_text(encoding="utf-8")
    blocks = []
    for match in FENCE.finditer(text):
        if match.group(1) != "python":
            continue
        line = text.count("\n", 0, match.start()) + 1
        before = text[:match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        blocks.append(Block(guide, line, match.group(2), bool(FRAGMENT.search(before))))
    return blocks


BLOCKS = [block for guide in GUIDES for block in python_blocks(guide)]


def imported_names(tree: ast.AST) -> dict[str, object]:
    """What each name a block binds by ``import`` refers to; fails on a name that is not there.
    A third-party module that is not installed (Cython outside the ``dev`` extra) is skipped."""
    bound: dict[str, object] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if importlib.util.find_spec(alias.name.split(".")[0]) is None:
                    continue
                module = importlib.import_module(alias.name)
                bound[alias.asname or alias.name.split(".")[0]] = (
                    module if alias.asname else importlib.import_module(alias.name.split(".")[0]))
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0 and node.module is not None
            if importlib.util.find_spec(node.module.split(".")[0]) is None:
                continue
            module = importlib.import_module(node.module)
            for alias in node.names:
                if not hasattr(module, alias.name):
                    with contextlib.suppress(ImportError):                # a submodule?
                        importlib.import_module(f"{node.module}.{alias.name}")
                assert hasattr(module, alias.name), f"{node.module} has no {alias.name}"
                bound[alias.asname or alias.name] = getattr(module, alias.name)
    return bound


def resolve(node: ast.expr, bound: dict[str, object]) -> object | None:
    """The object a callee expression names through the block's imports (``edge.x.f`` too)."""
    if isinstance(node, ast.Name):
        return bound.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = resolve(node.value, bound)
        return None if owner is None else getattr(owner, node.attr, None)
    return None


def is_edge(obj: object) -> bool:
    return (getattr(obj, "__module__", None) or "").split(".")[0] == "edge"


def signature(obj: object) -> inspect.Signature | None:
    try:
        return inspect.signature(obj)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return None


def check_call(call: ast.Call, callee: object, where: str) -> None:
    """Bind the call's positional count and keyword names to the real signature."""
    if any(isinstance(arg, ast.Starred) for arg in call.args) or \
            any(keyword.arg is None for keyword in call.keywords):
        return
    found = signature(callee)
    if found is None:
        return
    try:
        found.bind(*[object()] * len(call.args),
                   **{keyword.arg: object() for keyword in call.keywords if keyword.arg})
    except TypeError as error:
        raise AssertionError(f"{where}: {ast.unparse(call)[:80]} does not fit "
                             f"{getattr(callee, '__qualname__', callee)}{found}: {error}") from None


HOOKS = {"analyze", "strategy", "simulate", "compare", "certify"}   # each takes one Wager


def static_checks(block: Block) -> int:
    """Compile, import and bind every checkable call of one block; the number of calls bound."""
    tree = ast.parse(compile(block.source, str(block), "exec", ast.PyCF_ONLY_AST))
    # the block's own imports, over the names every block of the guide imports: an excerpt
    # calls names (Bet) an earlier block imported
    bound = {**guide_names(block.guide), **imported_names(tree)}
    defined = {node.name: node for node in ast.walk(tree) if isinstance(node, ast.FunctionDef)}
    checked = 0
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        callee = resolve(node.func, bound)
        where = f"{block} (+{node.lineno - 1})"
        if callee is not None and is_edge(callee):
            check_call(node, callee, where)
            checked += 1
        if callee is not None and getattr(callee, "__name__", "") == "Bet":
            for keyword in node.keywords:
                hook = defined.get(getattr(keyword.value, "id", ""))
                if keyword.arg in HOOKS and hook is not None:
                    arguments = [a.arg for a in hook.args.posonlyargs + hook.args.args]
                    required = len(arguments) - len(hook.args.defaults)
                    assert required <= 1 <= len(arguments) or hook.args.vararg, (
                        f"{where}: the {keyword.arg} hook {hook.name}({', '.join(arguments)}) "
                        "cannot take one edge.games.Wager")
    return checked


@pytest.mark.parametrize("block", BLOCKS, ids=str)
def test_block_imports_and_signatures(block: Block) -> None:
    static_checks(block)


def test_the_blocks_run_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)          # nothing a block might write lands in the checkout
    ran = fragments = calls = 0
    for guide in GUIDES:
        # a module of its own, as a reader's script would be (dataclasses look their class's
        # module up in sys.modules)
        module = types.ModuleType(f"docs_{Path(guide).stem.replace('-', '_')}")
        monkeypatch.setitem(sys.modules, module.__name__, module)
        namespace: dict[str, Any] = module.__dict__
        for block in python_blocks(guide):
            calls += static_checks(block)
            if block.fragment:
                fragments += 1
                continue
            try:
                exec(compile(block.source, str(block), "exec"), namespace)  # noqa: S102
            except Exception as error:
                raise AssertionError(f"{block} failed: {type(error).__name__}: {error}") from error
            ran += 1
    with capsys.disabled():
        print(f"\ndocs code: {ran} python blocks run, {fragments} fragments checked statically "
              f"only, {calls} calls of edge bound to their real signatures")
    assert ran >= 3, "the guides' runnable examples went missing"
    assert len(BLOCKS) == ran + fragments


# --- signatures written in the prose ---------------------------------------------------------

INLINE = re.compile(r"`((?:edge\.[\w.]+\.)?[A-Za-z_]\w*)\(([^`]*)\)`")


@functools.cache
def guide_names(guide: str) -> dict[str, object]:
    """Every name the guide's code blocks import (the prose's short names for them too)."""
    names: dict[str, object] = {}
    for block in python_blocks(guide):
        names.update(imported_names(ast.parse(block.source)))
    return names


def lookup(name: str, names: dict[str, object]) -> object | None:
    if name in names:
        return names[name]
    module, _, attribute = name.rpartition(".")
    if module.startswith("edge"):
        try:
            return getattr(importlib.import_module(module), attribute, None)
        except ImportError:
            return None
    return None


def prose_signatures(guide: str) -> list[tuple[str, Callable[..., object], list[ast.expr],
                                              list[ast.keyword]]]:
    text = (ROOT / guide).read_text(encoding="utf-8")
    prose = FENCE.sub("", text)
    names = guide_names(guide)
    found: list[tuple[str, Callable[..., object], list[ast.expr], list[ast.keyword]]] = []
    for match in INLINE.finditer(prose.replace("\n  ", " ")):
        callee = lookup(match.group(1), names)
        if callee is None or not callable(callee) or not is_edge(callee):
            continue
        written = match.group(0).strip("`")
        try:
            call = ast.parse(re.sub(r"\{[^{}]*:[^{}]*\}", "{}", written), mode="eval").body
        except SyntaxError:
            continue
        if isinstance(call, ast.Call):
            found.append((written, callee, call.args, call.keywords))
    return found


@pytest.mark.parametrize("guide", GUIDES)
def test_signatures_in_the_prose_are_the_real_ones(guide: str) -> None:
    wrong = []
    for written, callee, args, keywords in prose_signatures(guide):
        found = signature(callee)
        if found is None:
            continue
        parameters = list(found.parameters)
        for position, arg in enumerate(args):
            if isinstance(arg, ast.Name) and (position >= len(parameters)
                                              or parameters[position] != arg.id):
                wrong.append(f"{written}: argument {position + 1} is {arg.id!r}, the real "
                             f"signature is {found}")
        for keyword in keywords:
            if keyword.arg not in found.parameters:
                wrong.append(f"{written}: no parameter {keyword.arg!r} in {found}")
    assert not wrong, "\n".join(wrong)


def test_the_prose_check_sees_the_contracts() -> None:
    seen = {written.split("(")[0] for written, *_ in prose_signatures("docs/writing-a-game.md")}
    assert {"Bet", "Game", "ReturnTable", "Row"} <= seen, seen


# --- the README as the front door ------------------------------------------------------------

SETUP_COMMANDS = (
    "pip install . && edge table triple-bet --bet sandwich      # install edge and print a table",
    'pip install -e ".[dev]" && pytest                          # the test and build tools, the '
    "tests",
)


def test_readme_is_a_short_front_door_with_the_setup_commands() -> None:
    """The README stays a front door (issue 26: at most about 250 lines; the rest is docs/) and
    keeps, line for line, the two commands a new user runs (.ci/run runs the second)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    lines = readme.splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines; move the detail to docs/"
    for command in SETUP_COMMANDS:
        assert command in lines, f"README.md lost the set-up command {command!r}"
    for link in re.findall(r"\]\((docs/[^)#]+)", readme):
        assert (ROOT / link).exists(), f"README.md links to {link}, which does not exist"
