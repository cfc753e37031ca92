"""Shared fixtures: the repository root, a runner for the ``edge`` command in-process, and the
session's own folders for what the code caches (so the tests never write to the user's)."""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from edge.cli import main
from edge.document import Report

if TYPE_CHECKING:
    from edge.games.ultimate_texas_holdem.strategy.practical import Evaluation

ROOT = Path(__file__).resolve().parent.parent


def pytest_configure(config: pytest.Config) -> None:
    """matplotlib keeps a font list in ``~/.cache/matplotlib`` (and makes
    ``~/.config/matplotlib``) unless ``MPLCONFIGDIR`` names another folder; it does so when the
    chart modules are first imported, at collection, before any fixture. Give it a temporary
    folder of its own for the session, removed at the end."""
    folder = tempfile.mkdtemp(prefix="edge-tests-matplotlib-")
    before = os.environ.get("MPLCONFIGDIR")
    os.environ["MPLCONFIGDIR"] = folder

    def restore() -> None:
        if before is None:
            os.environ.pop("MPLCONFIGDIR", None)
        else:
            os.environ["MPLCONFIGDIR"] = before
        shutil.rmtree(folder, ignore_errors=True)

    config.add_cleanup(restore)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full-solves", action="store_true", default=False,
                     help="run the tests marked full_solve: every full Ultimate Texas Hold'em "
                     "solve made afresh (about 11 minutes on 2 quiet cores; .ci/run's last step)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``full_solve`` re-solve every full UTH solve (minutes each): skipped, at
    no cost, unless ``--full-solves`` is given."""
    if config.getoption("full_solves", default=False):
        return
    skip = pytest.mark.skip(reason="a full solve takes minutes: --full-solves runs it "
                            "(.ci/run does, at the end)")
    for item in items:
        if "full_solve" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(scope="session", autouse=True)
def edge_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The session's own cache of UTH solves (``$EDGE_CACHE_DIR``), empty at the start: the
    tests never read or write the user's ``~/.cache/edge`` (or an ``EDGE_CACHE_DIR`` set in
    the shell), and a full run starts from a cold cache. Each solve is still made once per
    session and shared by the tests (and the ``edge`` processes they start) that need it."""
    workers = os.environ.get("PYTEST_XDIST_WORKER")
    if workers is None:
        folder = tmp_path_factory.mktemp("edge-cache")
    else:
        # pytest-xdist: every worker's temporary folder sits in one folder for the run; the
        # workers share one cache there (the cache's lock makes a second solve wait and read).
        folder = tmp_path_factory.getbasetemp().parent / "edge-cache"
        folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("EDGE_CACHE_DIR", str(folder))
        yield folder


@dataclass(frozen=True)
class CliResult:
    """What one ``edge`` invocation did: exit status, standard output, standard error."""

    status: int
    out: str
    err: str


CliRunner = Callable[..., CliResult]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The checkout's top folder (holds scripts/ and tables/)."""
    return ROOT


@pytest.fixture
def edge_cli(capsys: pytest.CaptureFixture[str]) -> CliRunner:
    """Run ``edge ARGS...`` through :func:`edge.cli.main` and capture what it printed."""

    def run(*argv: str) -> CliResult:
        capsys.readouterr()
        status = main(list(argv))
        captured = capsys.readouterr()
        return CliResult(status, captured.out, captured.err)

    return run


DefaultReport = Callable[[str], "Report"]


@functools.cache
def default_report_of(game: str) -> Report:
    """A game's report at its default settings, without simulated figures, made once per test
    process (several test files read the same reports; the UTH report costs most of a minute).
    """
    from edge.games import get_game
    from edge.report import make_report
    return make_report(get_game(game).name, environment=False)


@pytest.fixture(scope="session")
def default_report() -> DefaultReport:
    """:func:`default_report_of` as a fixture."""
    return default_report_of


@pytest.fixture(scope="session")
def uth_strategy_evaluation() -> Callable[[str], Evaluation]:
    """The exact evaluation of a named Ultimate Texas Hold'em strategy (a file in
    edge/games/ultimate_texas_holdem/strategies/, by name) at the default rules and Blind table,
    made once per test session (each evaluation costs seconds). The last one made is also in
    the evaluation module's own cache, which a command run next in the session reuses."""
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem import GAME
    from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
    from edge.games.ultimate_texas_holdem.strategy import practical
    from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy

    found: dict[str, Evaluation] = {}

    def evaluation(name: str) -> Evaluation:
        if name not in found:
            rules, paytable = GAME.make_rules(), GAME.bet("main").paytable(None)
            assert paytable is not None
            solution = uth_main.solve_main(paytable, rules, RunSettings())
            found[name] = practical.evaluate_cached(UthStrategy.resolve(name), solution)
        return found[name]

    return evaluation
