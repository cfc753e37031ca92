"""Shared fixtures: the repository root, a runner for the ``edge`` command in-process, and the
session's own folders for what the code caches (so the tests never write to the user's)."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import pickle
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

import pytest
from filelock import FileLock

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


def load_script(name: str) -> ModuleType:
    """A module of scripts/ by file name (scripts/ is not a package), loaded once."""
    module_name = f"edge_scripts_{name}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    spec = importlib.util.spec_from_file_location(module_name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--full-solves", action="store_true", default=False,
                     help="run the tests marked full_solve: every full Ultimate Texas Hold'em "
                     "solve made afresh (about 20 minutes on 2 quiet cores)")
    parser.addoption("--full-solves-changed", action="store_true", default=False,
                     help="as --full-solves, but a test marked uses_solve runs only when the code "
                     "key of one of its solves moved since its pin in "
                     "tests/digests/uth_full_solves.toml (.ci/run's last step)")
    parser.addoption("--refresh-pins", action="store_true", default=False,
                     help="run the tests marked pinned_check whatever their pins say, and write "
                     "the pin of each that passes (tests/pinned.py)")
    parser.addoption("--recheck-pins", action="store_true", default=False,
                     help="run the tests marked pinned_check whatever their pins say; write "
                     "nothing")
    parser.addoption("--slow", action="store_true", default=False,
                     help="also run the tests marked slow, the exhaustive references (left out "
                     "unless given or a -m expression chooses; .ci/run gives it)")


MOVED = pytest.StashKey[set[str]]()


def moved_solves(config: pytest.Config) -> set[str] | None:
    """The pinned solves (and checks) whose code key moved, under ``--full-solves-changed``;
    None (every one) otherwise."""
    if not config.getoption("full_solves_changed", default=False):
        return None
    if MOVED not in config.stash:
        pins = load_script("pin_digests")
        config.stash[MOVED] = set(pins.moved(pins.read_keys()))
    return config.stash[MOVED]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``full_solve`` re-solve every full UTH solve (minutes each): skipped, at
    no cost, unless ``--full-solves`` or ``--full-solves-changed`` is given. With the latter,
    a test marked ``uses_solve(NAME, ...)`` is skipped when none of its solves' code keys
    moved since the pin: the code that made the pinned results is today's."""
    leave_out_slow(config, items)
    start_the_longest_first(items)
    skip_pinned_checks(config, items)
    moved = moved_solves(config)
    if moved is not None:
        for item in items:
            marker = item.get_closest_marker("uses_solve")
            if marker is not None and not set(marker.args) & moved:
                item.add_marker(pytest.mark.skip(
                    reason=f"code unchanged since the pin: {', '.join(marker.args)}"))
        return
    if config.getoption("full_solves", default=False):
        return
    skip = pytest.mark.skip(reason="a full solve takes minutes: --full-solves runs it "
                            "(.ci/run does, at the end, for the solves whose code changed)")
    for item in items:
        if "full_solve" in item.keywords:
            item.add_marker(skip)


def skip_pinned_checks(config: pytest.Config, items: list[pytest.Item]) -> None:
    """A test marked ``pinned_check(NAME)`` is skipped while its pin's code key is today's
    (tests/pinned.py): the code and data it ran when it last passed are unchanged. It runs
    when the key moved, with no pin, or with ``--refresh-pins`` or ``--recheck-pins``."""
    if config.getoption("refresh_pins") or config.getoption("recheck_pins"):
        return
    marked = [(item, marker) for item in items
              if (marker := item.get_closest_marker("pinned_check")) is not None]
    if not marked:
        return
    from tests import pinned
    pins = pinned.read_pins()
    for item, marker in marked:
        pin = pins.get(marker.args[0])
        if pin is not None and pinned.is_current(pin):
            item.add_marker(pytest.mark.skip(
                reason=f"{pinned.UNCHANGED}: {pin.name} (tests/digests/pinned_checks.toml)"))


CALL_PASSED = pytest.StashKey[bool]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]
                              ) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep on the item whether its test body passed (read by :func:`pinned_check_pin`)."""
    report = yield
    if call.when == "call":
        item.stash[CALL_PASSED] = bool(report.passed)
    return report


@pytest.fixture(autouse=True)
def pinned_check_pin(request: pytest.FixtureRequest) -> Iterator[None]:
    """Under ``--refresh-pins``, a test marked ``pinned_check(NAME)`` runs recorded (the
    modules it calls, the checkout's files it reads) and, when it passes, its pin is written
    to tests/digests/pinned_checks.toml (a lock: the xdist workers share the file)."""
    marker = request.node.get_closest_marker("pinned_check")
    if marker is None or not request.config.getoption("refresh_pins"):
        yield
        return
    from tests import pinned
    with pinned.recording() as recorder:
        yield
    if request.node.stash.get(CALL_PASSED, False):
        pin = recorder.pin(marker.args[0])
        # (the lock in the temporary folder: none is left in the checkout)
        with FileLock(Path(tempfile.gettempdir()) / "edge-pinned-checks.lock"):
            pins = pinned.read_pins()
            pins[pin.name] = pin
            pinned.write_pins(pins)


def start_the_longest_first(items: list[pytest.Item]) -> None:
    """Tests marked ``longest`` (a minute or more each) go to the front, the rest keeping their
    order: pytest-xdist hands tests out in order, and one of them started last would keep one
    worker busy long after the other has finished."""
    items.sort(key=lambda item: item.get_closest_marker("longest") is None)


def leave_out_slow(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``slow`` (exhaustive references, seconds each) are deselected: a plain
    ``pytest`` is the quick suite, ``pytest --slow`` the whole one (``.ci/run``). They run
    when ``--slow``, ``--full-solves`` or ``--full-solves-changed`` is given, a ``-m``
    expression says which tests run, or a test is named on the command line (``FILE::TEST``)."""
    chosen = ("slow", "full_solves", "full_solves_changed")
    if (any(config.getoption(name, default=False) for name in chosen)
            or config.option.markexpr or any("::" in arg for arg in config.args)):
        return
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    if slow:
        config.hook.pytest_deselected(items=slow)
        items[:] = [item for item in items if item.get_closest_marker("slow") is None]


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


# Dask's timeouts for the tests' local clusters (and their worker processes, which inherit the
# environment): its defaults (30 s to connect, 30 s of a silent connection) are met on a quiet
# machine, not on a loaded one, where a worker process may take that long to start.
DASK_TIMEOUTS = {"distributed.comm.timeouts.connect": "120s",
                 "distributed.comm.timeouts.tcp": "120s"}


@pytest.fixture(scope="session", autouse=True)
def dask_timeouts() -> Iterator[None]:
    """Dask's connection timeouts at :data:`DASK_TIMEOUTS` for the session: set in the
    environment (read when Dask is first imported, here or in a worker process) and in Dask's
    configuration if it is imported already (a test module imported it at collection)."""
    with pytest.MonkeyPatch.context() as patch, contextlib.ExitStack() as stack:
        for key, value in DASK_TIMEOUTS.items():
            variable = "DASK_" + key.upper().replace(".", "__").replace("-", "_")
            patch.setenv(variable, value)
        if "dask" in sys.modules:
            import dask
            stack.enter_context(dask.config.set(DASK_TIMEOUTS))
        yield


@pytest.fixture(scope="module")
def dask_address() -> Iterator[str]:
    """The scheduler address of a local Dask cluster of 2 worker processes (one thread each),
    started once for the test module, reached by address as a user's running scheduler is
    (:func:`dask_patience` gives it 120 s to answer)."""
    distributed = pytest.importorskip("distributed")
    with pytest.MonkeyPatch.context() as patch:
        # the workers unpickle the tests' own task functions (``tests.test_cluster._square``)
        # by importing them: they must find the checkout's ``tests`` package as this process
        # does, whether pytest was started as ``pytest`` (no checkout on sys.path) or
        # ``python -m pytest``
        patch.syspath_prepend(str(ROOT))
        patch.setenv("PYTHONPATH", os.pathsep.join(
            filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))))
        with distributed.LocalCluster(
                n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}) as local:
            yield local.scheduler_address


@pytest.fixture(autouse=True)
def dask_patience(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that reaches the tests' local Dask cluster (:func:`dask_address`) gives it 120 s
    to answer: the command's 5 s (``edge.cluster.CONNECT_TIMEOUT``) may pass on a loaded
    machine before a local scheduler answers. Other tests keep the command's 5 s."""
    if "dask_address" in request.fixturenames:
        monkeypatch.setattr("edge.cluster.CONNECT_TIMEOUT", 120.0)


@pytest.fixture(autouse=True)
def sigint_handler_kept() -> Iterator[None]:
    """Fail a test after which the Ctrl-C (SIGINT) handler differs from before: a handler left
    ignored is inherited by every process the test worker starts later, and a later test's
    ``edge`` child then never sees its Ctrl-C."""
    before = signal.getsignal(signal.SIGINT)
    yield
    after = signal.getsignal(signal.SIGINT)
    if after is not before:
        signal.signal(signal.SIGINT, before)        # the next test starts as this one did
        pytest.fail(f"the test left the SIGINT handler {after!r} (it was {before!r})",
                    pytrace=False)


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


SHARED_REPORTS = "EDGE_TESTS_SHARED_REPORTS"  # the folder the xdist workers share reports in


@pytest.fixture(scope="session", autouse=True)
def shared_reports_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path | None]:
    """Under pytest-xdist, the folder in which the run's workers share the default reports
    (``$EDGE_TESTS_SHARED_REPORTS``, beside the shared cache of :func:`edge_cache_dir`);
    ``None`` in one process, where :func:`default_report_of`'s own cache is enough."""
    if os.environ.get("PYTEST_XDIST_WORKER") is None:
        yield None
        return
    folder = tmp_path_factory.getbasetemp().parent / "default-reports"
    folder.mkdir(exist_ok=True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(SHARED_REPORTS, str(folder))
        yield folder


def shared_report(key: str, make: Callable[[], Report]) -> Report:
    """``make()``, once per test run under pytest-xdist: the first worker to ask makes the
    report and leaves it pickled under ``key`` in the shared folder; another worker asking
    meanwhile waits on the lock, then reads it. In one process, simply ``make()``."""
    shared = os.environ.get(SHARED_REPORTS)
    if shared is None:
        return make()
    path = Path(shared) / f"{key}.pickle"
    with FileLock(path.with_suffix(".lock")):
        if path.exists():
            found: Report = pickle.loads(path.read_bytes())
            return found
        report = make()
        path.with_suffix(".part").write_bytes(pickle.dumps(report))
        path.with_suffix(".part").replace(path)
        return report


@functools.cache
def default_report_of(game: str) -> Report:
    """A game's report at its default settings, without simulated figures, made once per test
    run (several test files read the same reports; the UTH report costs most of a minute) and
    shared between the workers (:func:`shared_report`)."""
    from edge.games import get_game
    from edge.report import make_report
    name = get_game(game).name
    return shared_report(name, functools.partial(make_report, name, environment=False))


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
