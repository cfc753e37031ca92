"""A long solve checkpoints at least once a minute of solving (issue 34, section 4).

A checkpoint can be written only between two tasks, so the flop classes are cut into at least
:data:`edge.cache.blocks.TASKS_AT_LEAST` tasks whatever blocks the solver asks for; and one
falls due at the latest a minute after the last, even when writing one is slow.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from edge.cache.blocks import Blocks, Checkpoint


def _blocks(classes: int, tmp_path: Path) -> Blocks:
    checkpoint = Checkpoint(tmp_path / "entry.npz", warn=lambda text: None)
    return Blocks("test", np.ones(classes, dtype=np.int64), checkpoint=checkpoint)


@pytest.mark.parametrize("classes", [1, 3, 499, 500, 501, 1755, 22100])
def test_tasks_are_small_and_cover_every_class_once(classes: int, tmp_path: Path) -> None:
    solve = _blocks(classes, tmp_path)
    solve.done[::7] = 1                              # some classes done by a checkpoint
    # the solvers ask for a few dozen blocks; the tasks are far smaller
    bounds = np.linspace(0, classes, 49).round().astype(int)
    chunks = [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True) if b > a]
    tasks = solve.tasks(chunks)
    covered = [c for start, stop in tasks for c in range(start, stop)]
    assert covered == [c for c in range(classes) if c % 7]
    most = -(-classes // 500)                        # 1/500 of the classes, rounded up
    assert all(0 < stop - start <= most for start, stop in tasks)


def test_a_checkpoint_falls_due_within_a_minute_even_when_writing_is_slow(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    solve = _blocks(10, tmp_path)
    now = [1000.0]
    monkeypatch.setattr("edge.cache.blocks.time.monotonic", lambda: now[0])
    solve.saved, solve.writing, solve.unsaved = now[0], 20.0, True   # 20 s to write one
    now[0] += 59.0
    assert not solve.due()
    now[0] += 1.0
    assert solve.due()
    solve.writing = 0.1                              # a quick write: every 30 s is enough
    solve.saved = now[0]
    now[0] += 29.0
    assert not solve.due()
    now[0] += 1.0
    assert solve.due()
