"""Running a simulator: fixed chunks, one seed per chunk, worker threads, exact tallies.

A run of ``hands`` hands is cut into chunks of :data:`CHUNK_HANDS` (the last one shorter). Chunk
``i`` draws from ``SeedSequence(seed, spawn_key=(i,))``, which is exactly the ``i``-th child of
``SeedSequence(seed).spawn(...)``, so a chunk's hands depend only on the seed and its index:
the tally is the same whatever the number of workers, and a longer run with the same
seed starts with the hands of a shorter one.

A simulator settles each hand to an outcome (a row name of the exact analysis) and a net result
in integer units of ``1/scale`` of the base wager, so tallies are exact integers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from edge import parallel
from edge.games import Simulator as Simulator  # re-exported: the simulate hooks' type
from edge.parallel import available_cores
from edge.sampling import IntArray as IntArray  # re-exported
from edge.sampling import chunk_seed as chunk_seed  # re-exported
from edge.sampling import common_scale as common_scale  # re-exported
from edge.sampling import scaled as scaled  # re-exported

CHUNK_HANDS = 1 << 16

# Below this, float64 sums of integer nets (and products net * count) are exact.
_EXACT_FLOAT = 2 ** 53


@dataclass
class Tally:
    """Hands played and, per outcome index, how many hands ended with each scaled net result."""

    hands: int = 0
    nets: dict[int, dict[int, int]] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        """Add another tally into this one."""
        self.hands += other.hands
        for outcome, results in other.nets.items():
            mine = self.nets.setdefault(outcome, {})
            for net, count in results.items():
                mine[net] = mine.get(net, 0) + count

    def count(self, outcome: int) -> int:
        """Hands that ended in ``outcome``."""
        return sum(self.nets.get(outcome, {}).values())


def _pairs(outcome: IntArray, net: IntArray) -> dict[int, dict[int, int]]:
    keys, counts = np.unique(np.stack([outcome, net]), axis=1, return_counts=True)
    found: dict[int, dict[int, int]] = {}
    for (o, v), c in zip(keys.T.tolist(), counts.tolist(), strict=True):
        found.setdefault(int(o), {})[int(v)] = int(c)
    return found


def tally_hands(outcome: IntArray, net: IntArray, outcomes: int) -> Tally:
    """Count hands per (outcome, net result), cheaply when each outcome has a single result.

    The per-outcome sums are exact integers; every hand is then checked against its outcome's
    mean (``net * count == sum``), and only outcomes that fail the check are counted value by
    value.
    """
    hands = int(outcome.size)
    if hands == 0:
        return Tally()
    biggest = int(np.abs(net).max())
    if biggest * hands >= _EXACT_FLOAT:
        return Tally(hands, _pairs(outcome, net))
    counts = np.bincount(outcome, minlength=outcomes).astype(np.int64)
    sums = np.bincount(outcome, weights=net, minlength=outcomes).astype(np.int64)
    uneven = net * counts[outcome] != sums[outcome]
    nets: dict[int, dict[int, int]] = {}
    for index in np.flatnonzero(counts).tolist():
        nets[index] = {int(sums[index] // counts[index]): int(counts[index])}
    if uneven.any():
        bad = np.unique(outcome[uneven])
        pick = np.isin(outcome, bad)
        nets.update(_pairs(outcome[pick], net[pick]))
    return Tally(hands, nets)


def chunk_sizes(hands: int) -> list[int]:
    """The fixed chunking of a run: full chunks, then the remainder."""
    full, rest = divmod(hands, CHUNK_HANDS)
    return [CHUNK_HANDS] * full + ([rest] if rest else [])


def play_chunk(simulator: Simulator, seed: int, index: int, hands: int) -> Tally:
    """Deal, settle and tally one chunk."""
    rng = np.random.Generator(np.random.PCG64(chunk_seed(seed, index)))
    outcome, net = simulator.play(rng, hands)
    return tally_hands(outcome, net, len(simulator.outcomes))


def default_jobs() -> int:
    """Workers when none are asked for: every core this process may use."""
    return available_cores()


def run(simulator: Simulator, hands: int, seed: int, jobs: int | None = None,
        progress: Callable[[int, int], None] | None = None) -> Tally:
    """Play ``hands`` hands in fixed chunks on ``jobs`` worker threads; the tally of them all.

    ``progress(done, hands)`` is called after each chunk, in chunk order. Threads, not
    processes: numpy's generator, its array operations and the kernels run without the GIL,
    and forked processes were measured no faster (see edge.parallel's commit).
    """
    tasks = list(enumerate(chunk_sizes(hands)))
    total = Tally()

    def play(task: tuple[int, int]) -> Tally:
        return play_chunk(simulator, seed, *task)

    for tally in parallel.map(play, tasks, jobs):
        total.add(tally)
        if progress is not None:
            progress(total.hands, hands)
    return total
