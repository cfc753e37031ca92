"""The board sweep of a strategy's own flop and river rules with one dealer card seen
(exposure/rule_one.py) checkpoints and resumes (issue 34, section 4: an interrupt loses at most
about a minute of work): stopped after a checkpoint, it resumes from the boards the checkpoint
holds, runs only the others, and ends with the same integers as a sweep run whole. A reduced
case of three boards (one task each; a second or two), with tests/test_uth_resume.py's helpers.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from edge import cache
from edge.games.ultimate_texas_holdem.exposure import rule_one
from edge.games.ultimate_texas_holdem.strategy.language import parse_text
from tests import test_uth_resume as resume
from tests.test_uth_resume import SETTLE
from tests.test_uth_rule_exposed import INFORMED, REDUCED, RULE, orbit

pytestmark = pytest.mark.kernels

Arrays = dict[str, npt.NDArray[Any]]
# the two boards of the plain enumeration's reduced case and a third (three tasks)
BOARDS = np.array([*REDUCED, [8, 13, 18, 30, 51]], dtype=np.int32)
WEIGHTS = np.array([len(orbit(board)) for board in BOARDS.tolist()], dtype=np.int64)


def sweep(text: str, checkpoint: cache.Checkpoint | None, cards: bool = False) -> Arrays:
    """The reduced sweep of a rule; ``cards``: with the seen flop and turn-river card's sums
    (dealer-1,flop-1 and dealer-1,turn-river-1's) too."""
    return dict(rule_one.board_sums(parse_text(text, "reduced"), SETTLE, False, with_flop=cards,
                                    with_turn_river=cards, boards=BOARDS, weights=WEIGHTS,
                                    jobs=1, checkpoint=checkpoint))


@pytest.fixture(scope="module")
def uninterrupted() -> Arrays:
    return sweep(RULE, None)


# with the seen cards' sums: 8 s measured (checkpoints of 2 x 29 MB more), in the slow run
@pytest.mark.parametrize("cards", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_an_interrupted_board_sweep_resumes_to_the_same_result(
        cards: bool, uninterrupted: Arrays, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # test_uth_resume's own test (interrupted after its first checkpoint, which holds the first
    # board alone; then resumed, only the boards not held run), with this sweep as a solver
    whole = sweep(RULE, None, cards) if cards else uninterrupted
    monkeypatch.setitem(resume.SOLVERS, "rule", (lambda checkpoint: sweep(RULE, checkpoint,
                                                                          cards),
                                                 rule_one, "_board_task"))
    resume.test_interrupted_after_a_checkpoint_resumes_to_the_same_result(
        "rule", {"rule": whole}, tmp_path, monkeypatch, capsys)
    assert not (whole["dealer"] == 0).all() and ("flop" in whole) == cards


def test_the_checkpoint_of_another_rule_is_not_resumed(
        uninterrupted: Arrays, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    checkpoint = cache.Checkpoint(tmp_path / "entry.npz", cache.warn)
    resume.checkpoint_every_block(monkeypatch)
    with monkeypatch.context() as patch:
        resume.interrupt_after_saves(patch, 1)
        with pytest.raises(KeyboardInterrupt):
            sweep(INFORMED, checkpoint)           # the same flop rule, another river
    resume.settle_threads()
    assert resume.done_classes(checkpoint) >= 1
    capsys.readouterr()
    units = resume.count_units(monkeypatch, rule_one, "_board_task")
    resume.assert_same(sweep(RULE, checkpoint), uninterrupted)
    assert sorted(units) == [(0, 1), (1, 2), (2, 3)]          # from the beginning
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "its rule is another solve's" in err, err
