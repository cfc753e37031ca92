"""The sweeps of seen=flop-2/flop-3 (exposure.flop_cards) and seen=dealer-1-river
(exposure.dealer_river) are interruptible: a solve stopped after a checkpoint resumes from it,
runs only the flop classes it did not hold, and ends with the same integers as a solve run
whole (the helpers are tests/test_uth_resume.py's, which checks the other sweeps so)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy.typing as npt
import pytest

from edge import cache
from edge.games.ultimate_texas_holdem.exposure import dealer_river, flop_cards
from tests import test_uth_resume as resume
from tests.test_uth_resume import SETTLE, reduced

pytestmark = pytest.mark.kernels

Arrays = dict[str, npt.NDArray[Any]]


def solve_flop_cards(checkpoint: cache.Checkpoint | None) -> Arrays:
    sums, choice, values = flop_cards.flop_cards_sums(SETTLE, False, jobs=1, classes=reduced(),
                                                      checkpoint=checkpoint)
    return {**sums, "choice": choice, "values": values}


def solve_river(checkpoint: cache.Checkpoint | None) -> Arrays:
    return {"sums": dealer_river.river_sums(SETTLE, False, jobs=1, classes=reduced(),
                                            checkpoint=checkpoint)}


SOLVERS: dict[str, tuple[Callable[[cache.Checkpoint | None], Arrays], Any, str]] = {
    "flop-2": (solve_flop_cards, flop_cards, "_task"),
    "dealer-1-river": (solve_river, dealer_river, "_task"),
}


# dealer-1-river's sweep resumes in the slow run (seconds; flop-2's shows the sweeps resume)
@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow)
                                  if name == "dealer-1-river" else name for name in SOLVERS])
def test_interrupted_after_a_checkpoint_resumes_to_the_same_result(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # test_uth_resume's own test, with this sweep among its solvers
    monkeypatch.setitem(resume.SOLVERS, name, SOLVERS[name])
    resume.test_interrupted_after_a_checkpoint_resumes_to_the_same_result(
        name, {name: SOLVERS[name][0](None)}, tmp_path, monkeypatch, capsys)
