"""The player's hand class against the dealer's hand, over every deal: what a Trips bet that
must beat the dealer is settled on (docs/rules.md section 4.6).

A deal here is a player holding, a dealer holding and a five-card board: C(52,2) C(50,2)
C(48,5) = 2,781,381,002,400 deals. The Ante, Blind and Play decisions play no part: the Trips
is settled on the two final hands (a fold does not change it, docs/rules.md section 4.6), so
these counts do not depend on any strategy or pay table and no solve is needed.

The pass is separate from the solve (:mod:`.solve`) and shares only its per-board kernel: for
each of the 134,459 suit classes of boards, ``uth_board_records`` gives every holding's hand
class and how many of the 990 dealer holdings it beats, ties and loses to; each class counts
once per board of its class (a suit permutation of a deal changes no outcome).

>>> counts = board_showdowns(np.array([[0, 4, 8, 12, 51]], dtype=np.int32))   # 2 3 4 5 and A
>>> int(counts[0, CLASS_INDEX["straight"]].sum()) == 1081 * 990   # every holding: a straight
True
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from edge import holdem, parallel
from edge.games.ultimate_texas_holdem import _kernels
from edge.games.ultimate_texas_holdem import solve as solver

IntArray = npt.NDArray[np.int64]

DEALS = 1326 * 1225 * 1712304          # C(52,2) C(50,2) C(48,5)
CLASS_INDEX = {name: index for index, name in enumerate(holdem.CLASS_NAMES)}
RESULTS = ("win", "tie", "lose")       # the player's hand against the dealer's

# The fields of a board record (the layout is the kernels', _kernels.pyx "Record layout").
_FIELD = np.uint64(0x3FF)
_WIN_UNQUALIFIED_SHIFT = np.uint64(21)
_TIE_SHIFT = np.uint64(42)
_CLASS_SHIFT = np.uint64(52)
_CLASS_MASK = np.uint64(15)


def _tally(records: npt.NDArray[np.uint64], weights: IntArray, lowest: int) -> IntArray:
    """Dealer holdings beaten, tied and lost to, times each board's weight, by the player's
    class (``[10, 3]``), for the holdings of class ``lowest`` or better.

    The sums are taken by ``np.bincount`` in float64, exact here: every term and every partial
    sum is a whole number below 2**53 (all deals together are under 2**42).
    """
    flat = records.reshape(-1)
    top = flat.view(np.uint16)[3::4]                  # bits 48..63: the class is bits 4..7
    classes = (top >> 4) & 15
    chosen_at = np.flatnonzero((classes >= lowest) & (flat != 0))
    chosen = flat[chosen_at]
    chosen_class = classes[chosen_at].astype(np.int64)
    weight = weights[chosen_at // records.shape[1]].astype(np.float64)
    wins = ((chosen & _FIELD) + ((chosen >> _WIN_UNQUALIFIED_SHIFT) & _FIELD)).astype(np.float64)
    ties = ((chosen >> _TIE_SHIFT) & _FIELD).astype(np.float64)
    size = len(holdem.CLASS_NAMES)
    result = np.stack([np.bincount(chosen_class, wins * weight, size),
                       np.bincount(chosen_class, ties * weight, size),
                       np.bincount(chosen_class, (solver.DEALER_HOLDINGS - wins - ties) * weight,
                                   size)], axis=1)
    exact: IntArray = np.rint(result).astype(np.int64)
    return exact


def _records(boards: npt.NDArray[np.int32]) -> npt.NDArray[np.uint64]:
    """Every holding's board record on each board (the standard pays decide only the river
    bit, which is not read here)."""
    settle = solver.settlement({name: Fraction(1) for name in solver.BLIND_OUTCOMES})
    records = np.zeros((len(boards), solver.HOLDINGS), dtype=np.uint64)
    _kernels.uth_board_records(np.ascontiguousarray(boards, dtype=np.int32), settle.array(),
                               settle.fold, False, records)
    return records


def board_showdowns(boards: npt.NDArray[np.int32]) -> IntArray:
    """For each board, the dealer holdings the player's holdings beat, tie and lose to, summed
    by the player's hand class: ``[len(boards), 10, 3]`` (classes as :data:`holdem.CLASS_NAMES`,
    results as :data:`RESULTS`)."""
    records = _records(boards)
    return np.stack([_tally(records[i:i + 1], np.ones(1, dtype=np.int64), 0)
                     for i in range(len(boards))])


def orbit_sizes(boards: npt.NDArray[np.int32]) -> IntArray:
    """How many boards each board's suit class holds: 24 over the suit permutations that
    leave the board as it is."""
    cards = np.sort(boards.astype(np.int64), axis=1)
    fixed = np.zeros(len(cards), dtype=np.int64)
    for perm in _kernels.uth_permutations().astype(np.int64):
        image = np.sort((cards & ~3) | perm[cards & 3], axis=1)
        fixed += (image == cards).all(axis=1)
    sizes: IntArray = 24 // fixed
    return sizes


@dataclass(frozen=True)
class Showdowns:
    """Deals (of :data:`DEALS`) by the player's hand class and its result against the dealer's,
    for three of a kind and better; ``counts[class][result]``."""

    counts: Mapping[str, Mapping[str, int]]

    def count(self, hand: str, result: str) -> int:
        """Deals where the player's best five cards are ``hand`` and ``result`` the dealer's."""
        return self.counts[hand][result]


THREE_OR_BETTER = tuple(reversed(holdem.CLASS_NAMES[CLASS_INDEX["three-of-a-kind"]:]))


CACHE_NAME = "uth-trips-showdowns-1.json"     # bump the number if the counts change meaning


def _checked(counts: Mapping[str, Mapping[str, int]]) -> Showdowns:
    """The counts, if every class accounts for all its deals (C(52,7)'s class counts, each
    seven cards split 21 ways into holding and board, against 990 dealer holdings)."""
    sevens = holdem.class_counts(7)
    for name in THREE_OR_BETTER:
        found = counts[name]
        if (set(found) != set(RESULTS) or not all(isinstance(v, int) for v in found.values())
                or sum(found.values()) != sevens[name] * 21 * solver.DEALER_HOLDINGS):
            raise ValueError(f"the counts of {name} do not add up")
    return Showdowns({name: {result: counts[name][result] for result in RESULTS}
                      for name in THREE_OR_BETTER})


def _compute(jobs: int | None) -> Showdowns:
    boards, _ = _kernels.uth_board_classes()
    weights = orbit_sizes(boards)
    lowest = CLASS_INDEX["three-of-a-kind"]
    bounds = np.linspace(0, len(boards), 33).round().astype(int)

    def part(span: tuple[int, int]) -> IntArray:
        start, stop = span
        return _tally(_records(boards[start:stop]), weights[start:stop], lowest)

    spans = [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
    total = sum(parallel.map(part, spans, jobs), np.zeros((10, 3), dtype=np.int64))
    counts = {name: {result: int(total[CLASS_INDEX[name], k]) for k, result in enumerate(RESULTS)}
              for name in THREE_OR_BETTER}
    try:
        return _checked(counts)
    except ValueError as error:
        raise RuntimeError(f"The Trips showdown pass lost deals: {error}.") from None


@lru_cache(maxsize=2)
def trips_showdowns(jobs: int | None = None, use_cache: bool = True) -> Showdowns:
    """The player's class (three of a kind or better) against the dealer's hand over every
    deal, from the 134,459 board classes: a few seconds, then kept in the solve cache folder
    (:func:`.solve.cache_dir`) as a small JSON file, checked on every read."""
    path = solver.cache_dir() / CACHE_NAME
    if use_cache:
        with contextlib.suppress(OSError, ValueError, TypeError, KeyError, AttributeError):
            return _checked(json.loads(path.read_text(encoding="utf-8")))
    found = _compute(jobs)
    with contextlib.suppress(OSError):          # a cache that cannot be written costs time only
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, partial = tempfile.mkstemp(prefix=f"{path.name}.", suffix=".tmp",
                                           dir=path.parent)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                json.dump({name: dict(found.counts[name]) for name in THREE_OR_BETTER}, file)
            os.replace(partial, path)
        finally:
            with contextlib.suppress(OSError):
                os.unlink(partial)
    return found
