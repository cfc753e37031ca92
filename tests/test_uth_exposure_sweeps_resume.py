"""The sweeps of seen=flop-2/flop-3 (exposure.flop_cards) and seen=dealer-1-river
(exposure.dealer_river) are interruptible: a solve stopped after a checkpoint resumes from it,
runs only the flop classes it did not hold, and ends with the same integers as a solve run
whole (the helpers are tests/test_uth_resume.py's, which checks the other sweeps so)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from edge import cache
from edge.games.ultimate_texas_holdem.exposure import dealer_river, flop_cards
from tests.test_uth_resume import (
    SETTLE,
    assert_same,
    checkpoint_every_block,
    count_units,
    interrupt_after_saves,
    reduced,
    settle_threads,
)

pytestmark = pytest.mark.kernels

Arrays = dict[str, npt.NDArray[Any]]


def solve_flop_cards(checkpoint: cache.Checkpoint | None) -> Arrays:
    sums, choice, values = flop_cards.flop_cards_sums(SETTLE, False, jobs=1, classes=reduced(),
                                                      checkpoint=checkpoint)
    return {**sums, "choice": choice, "values": values}


def solve_river(checkpoint: cache.Checkpoint | None) -> Arrays:
    return {"sums": dealer_river.river_sums(SETTLE, False, jobs=1, classes=reduced(),
                                            checkpoint=checkpoint)}


SOLVERS: dict[str, tuple[Callable[[cache.Checkpoint | None], Arrays], Any]] = {
    "flop-2": (solve_flop_cards, flop_cards),
    "dealer-1-river": (solve_river, dealer_river),
}


@pytest.mark.parametrize("name", list(SOLVERS))
def test_interrupted_after_a_checkpoint_resumes_to_the_same_result(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    solve, module = SOLVERS[name]
    whole = solve(None)
    checkpoint = cache.Checkpoint(tmp_path / "entry.npz", cache.warn)
    checkpoint_every_block(monkeypatch)
    with monkeypatch.context() as patch:
        interrupt_after_saves(patch, 1)
        count_units(patch, module, "_task", pause=1.0)
        with pytest.raises(KeyboardInterrupt):
            solve(checkpoint)
    settle_threads()
    with np.load(checkpoint.path) as data:
        done = np.flatnonzero(data["done"]).tolist()
    assert 0 in done and len(done) < 3, done
    units = count_units(monkeypatch, module, "_task")
    resumed = solve(checkpoint)
    assert sorted(start for start, _ in units) == [c for c in range(3) if c not in done]
    assert_same(resumed, whole)
    assert capsys.readouterr().err == ""
