"""Reentrant solves: each UTH solve passes its own work to its worker units (no module-level
state), so two solves in one process, at once in threads or one inside another's worker unit,
each give exactly what it gives alone. Reduced cases (a few flop classes) keep it quick.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from edge.games.ultimate_texas_holdem.exposure import dealer_one as one
from edge.games.ultimate_texas_holdem.exposure import dealer_two as two
from edge.games.ultimate_texas_holdem.exposure import sweep_one
from edge.games.ultimate_texas_holdem.exposure.solution import Seen
from edge.games.ultimate_texas_holdem.solve import main_bet as uth
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy

Arrays = dict[str, npt.NDArray[Any]]

# two different games: other pays, another ties rule, other flop classes
GAMES = {
    "a": (solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "ante-push"), False,
          [0, 1200]),
    "b": (solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "all-push"), True,
          [5, 1754]),
}


def solve_uth(game: str) -> Arrays:
    settle, ties_larger, indexes = GAMES[game]
    s = solver.solve_uncached(settle, ties_larger, jobs=2,
                              classes=solver.flop_classes().subset(indexes))
    return {"play": s.play, "bet": s.bet, "check": s.check, "extra": s.extra,
            "flop_decisions": s.flop_decisions}


def solve_dealer_one(game: str) -> Arrays:
    settle, ties_larger, indexes = GAMES[game]
    sums = one.dealer_sums(Seen.DEALER_1, settle, ties_larger, jobs=2,
                           classes=solver.flop_classes().subset(indexes))
    return {"sums": sums[Seen.DEALER_1]}


def solve_flop_one(game: str) -> Arrays:
    settle, ties_larger, indexes = GAMES[game]
    sums, decisions = one.flop_sums(settle, ties_larger, jobs=2,
                                    classes=solver.flop_classes().subset(indexes))
    return {"sums": sums, "decisions": decisions}


def solve_dealer_two(game: str) -> Arrays:
    settle, ties_larger, indexes = GAMES[game]
    return {"rows": two.solve_rows(settle, ties_larger, jobs=2,
                                   classes=solver.flop_classes().subset(indexes))}


def evaluate(game: str) -> Arrays:
    settle, ties_larger, indexes = GAMES[game]
    classes = solver.flop_classes().subset(indexes)
    partial = solver.solve_uncached(settle, ties_larger, jobs=1, classes=classes)
    e = practical.evaluate(UthStrategy.resolve("wizard-practical"), partial, jobs=2,
                           classes=classes)
    return {"choice": e.choice, "bet": e.bet, "check": e.check, "extra": e.extra,
            "flop_values": e.flop_values, "flop_decisions": e.flop_decisions,
            "river_cost": e.river_cost, "river_points": e.river_points}


SOLVES: dict[str, tuple[Callable[[str], Arrays], Any, str]] = {
    "uth": (solve_uth, solver, "_flops_task"),
    "dealer-1": (solve_dealer_one, sweep_one, "_dealer_task"),
    "flop-1": (solve_flop_one, sweep_one, "_flop_task"),
    "dealer-2": (solve_dealer_two, two, "_flops_task"),
    "strategy": (evaluate, practical, "_flops_task"),
}


@pytest.fixture(scope="module")
def alone() -> dict[tuple[str, str], Arrays]:
    """Each solve of each game, one at a time."""
    return {(name, game): solve(game) for name, (solve, _, _) in SOLVES.items()
            for game in GAMES}


def assert_same(found: Arrays, expected: Arrays) -> None:
    assert found.keys() == expected.keys()
    for name in expected:
        assert np.array_equal(found[name], expected[name]), name


@pytest.mark.parametrize("name", list(SOLVES))
def test_two_solves_at_once(name: str, alone: dict[tuple[str, str], Arrays],
                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Both games' solves in two threads at once, their worker units interleaved (each unit
    waits until the other solve has started one of its own)."""
    solve, module, task = SOLVES[name]
    real = getattr(module, task)
    started = {game: threading.Event() for game in GAMES}

    def interleaved(*work: Any) -> Any:
        ties_larger = next(w.ties_larger for w in work if hasattr(w, "ties_larger"))
        game = "b" if ties_larger else "a"              # the unit's own solve tells
        started[game].set()
        started["a" if game == "b" else "b"].wait(10)
        return real(*work)

    monkeypatch.setattr(module, task, interleaved)
    with ThreadPoolExecutor(len(GAMES)) as pool:
        found = dict(zip(GAMES, pool.map(solve, GAMES), strict=True))
    assert all(event.is_set() for event in started.values())
    for game in GAMES:
        assert_same(found[game], alone[(name, game)])


@pytest.mark.parametrize("name", list(SOLVES))
def test_a_solve_inside_another(name: str, alone: dict[tuple[str, str], Arrays],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Game b solved from inside a worker unit of game a's solve: both are still exact."""
    solve, module, task = SOLVES[name]
    real = getattr(module, task)
    inner: list[Arrays] = []

    def nesting(*work: Any) -> Any:
        if not inner:
            inner.append({})                 # once: the inner solve's units run plainly
            inner[0] = solve("b")
        return real(*work)

    monkeypatch.setattr(module, task, nesting)
    outer = solve("a")
    assert_same(outer, alone[(name, "a")])
    assert_same(inner[0], alone[(name, "b")])
