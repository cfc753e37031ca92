"""The exact optimal-strategy solve of Ultimate Texas Hold'em's Ante, Blind and Play.

Every deal is a player holding, a flop, a turn-river pair and a dealer holding, so the cycle is
C(52,2) C(50,3) C(47,2) C(45,2) = 27,813,810,024,000: ten times C(52,2) C(50,2) C(48,5),
because the flop and the turn-river pair are counted apart (the player decides between them).

The solve works from the river back, with integers only:

- river: for each 5-card board the kernels count, for every holding, the dealer holdings it
  beats, ties and loses to, split by dealer qualification and the player's Blind class; a Play
  bet of p units is then worth ``sum(count * net[p])`` with the integer pays of
  :class:`Settlement`, and the player plays 1x where that beats folding;
- flop: for each flop and holding, the sums over the 1,081 turn-river pairs of "bet 2x" and
  "check, then the better of 1x and fold"; the larger is kept;
- preflop: the sums over every flop of the 4x (and 3x) line and of the checking line.

Suit symmetry: the 22,100 flops fall into 1,755 classes; each class is solved once and added to
every holding through the suit permutations that take it to the flops of its class (one per
flop, so nothing is counted twice and nothing needs dividing). The 5-card boards fall into
134,459 classes; each board's river counts are computed once per class and looked up through a
suit permutation. ``symmetry=False`` solves all 22,100 flops and every board directly.

Equal values follow the ``ties`` rule: ``smaller`` takes the smaller wager (check, fold).

>>> classes = flop_classes()
>>> len(classes.flops), int(classes.image_offsets[-1])
(1755, 22100)
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.cache import Blocks, Checkpoint
from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem.rules import DealerNoQualify
from edge.games.ultimate_texas_holdem.solve import _kernels

IntArray = npt.NDArray[np.int64]

HOLDINGS = _kernels.HOLDINGS      # C(52,2)
FLOPS = 22100                     # C(52,3)
FLOPS_PER_HOLDING = 19600         # C(50,3)
TURN_RIVERS = 1081                # C(47,2)
DEALER_HOLDINGS = _kernels.DEALER_HOLDINGS   # C(45,2)
DEALS_PER_HOLDING = FLOPS_PER_HOLDING * TURN_RIVERS * DEALER_HOLDINGS
CYCLE = HOLDINGS * DEALS_PER_HOLDING

# The player's Blind class (index as the kernels number it): below a straight, then the hands
# the Blind pays on.
BLIND_CLASSES = ("below-straight", "straight", "flush", "full-house", "four-of-a-kind",
                 "straight-flush", "royal-flush")
assert len(BLIND_CLASSES) == _kernels.BLIND_CLASSES
BLIND_OUTCOMES = tuple(reversed(BLIND_CLASSES[1:]))        # pay-table order, best first
# The kernels' outcome categories (defined in the kernel module, docs/method.md): wins by Blind
# class against a qualifying dealer and against one who does not qualify, tie, two losses.
WIN_QUALIFIED = _kernels.WIN_QUALIFIED
WIN_UNQUALIFIED = _kernels.WIN_UNQUALIFIED
TIE = _kernels.TIE
LOSE_QUALIFIED = _kernels.LOSE_QUALIFIED
LOSE_UNQUALIFIED = _kernels.LOSE_UNQUALIFIED
CATEGORIES = _kernels.CATEGORIES
PLAY_SIZES = (1, 2, 3, 4)


@dataclass(frozen=True)
class Settlement:
    """Integer net pays per outcome category and Play size, all multiplied by ``scale``.

    ``net[p][k]`` is the net result of category k with a Play bet of p units (row 0 unused),
    counting Ante, Blind and Play, in units of the Ante times ``scale``; ``fold`` is a fold's.
    """

    scale: int
    net: tuple[tuple[int, ...], ...]
    fold: int

    def array(self) -> IntArray:
        """The pays as an int64 array ``[5, 17]``."""
        return np.array(self.net, dtype=np.int64)

    def pay(self, play: int, category: int) -> Fraction:
        """The exact net pay of one category for a Play bet of ``play``, per Ante."""
        return Fraction(self.net[play][category], self.scale)


def line_decisions(counts: Mapping[int, npt.NDArray[np.int64]], folds: int
                   ) -> tuple[tuple[str, int], ...]:
    """The return table's decisions: the deals ending on each line of play."""
    return (
        ("preflop 4x", int(counts[4].sum())),
        ("preflop 3x", int(counts[3].sum())),
        ("check, flop 2x", int(counts[2].sum())),
        ("check, check, river 1x", int(counts[1].sum())),
        ("check, check, river fold", folds),
    )


def settlement(blind_pays: Mapping[str, Fraction],
               dealer_no_qualify: DealerNoQualify | str = DealerNoQualify.ANTE_PUSH
               ) -> Settlement:
    """The net pays of every outcome, scaled to whole numbers (half units for a 3:2 Blind).

    The player wins: Play pays 1:1, the Ante 1:1 if the dealer qualifies (else it pushes), the
    Blind by ``blind_pays`` on a straight or better (else it pushes). A tie pushes everything.
    The dealer wins: Play, Ante and Blind lose, except that the Ante pushes when the dealer does
    not qualify. With ``all-push`` nothing is settled when the dealer does not qualify. A fold
    loses Ante and Blind.

    >>> s = settlement({"royal-flush": Fraction(500), "straight-flush": Fraction(50),
    ...     "four-of-a-kind": Fraction(10), "full-house": Fraction(3),
    ...     "flush": Fraction(3, 2), "straight": Fraction(1)})
    >>> s.scale, s.pay(4, 0), s.pay(4, 2), s.pay(1, LOSE_UNQUALIFIED), s.fold
    (2, Fraction(5, 1), Fraction(13, 2), Fraction(-2, 1), -4)
    """
    if dealer_no_qualify not in tuple(DealerNoQualify):
        raise EdgeError(f"Unknown dealer_no_qualify rule {dealer_no_qualify!r}: choose one of "
                        f"{', '.join(DealerNoQualify)}.")
    missing = [name for name in BLIND_OUTCOMES if name not in blind_pays]
    if missing:
        raise EdgeError(f"The Blind pay table has no pay for {', '.join(missing)}.")
    blind = [Fraction(0)] + [Fraction(blind_pays[name]) for name in BLIND_CLASSES[1:]]
    scale = math.lcm(*(pay.denominator for pay in blind))
    all_push = dealer_no_qualify == DealerNoQualify.ALL_PUSH
    net: list[tuple[int, ...]] = [(0,) * CATEGORIES]
    for play in PLAY_SIZES:
        row: list[Fraction] = [Fraction(0)] * CATEGORIES
        for k, pay in enumerate(blind):
            row[WIN_QUALIFIED[k]] = play + 1 + pay
            row[WIN_UNQUALIFIED[k]] = Fraction(0) if all_push else play + pay
        row[TIE] = Fraction(0)
        row[LOSE_QUALIFIED] = Fraction(-(play + 2))
        row[LOSE_UNQUALIFIED] = Fraction(0) if all_push else Fraction(-(play + 1))
        net.append(tuple(int(value * scale) for value in row))
    biggest = max(abs(value) for row_values in net for value in row_values)
    if biggest > 1 << 24:
        raise EdgeError(f"The Blind pays need {scale} parts per unit and reach {biggest}: "
                        "too fine or too large for the exact solve (limit 16,777,216).")
    return Settlement(scale, tuple(net), -2 * scale)


# --- suit classes of flops ------------------------------------------------------------------

@dataclass(frozen=True)
class FlopClasses:
    """The suit classes of flops: a representative of each and the permutations to its flops.

    ``image_perms[image_offsets[f]:image_offsets[f + 1]]`` are suit permutations (suit s goes
    to ``perm[s]``), one for each flop of class f, taking the representative to that flop.
    """

    flops: npt.NDArray[np.int32]
    image_offsets: npt.NDArray[np.int32]
    image_perms: npt.NDArray[np.int8]

    def orbit_size(self, index: int) -> int:
        """How many flops the class stands for (24 / the size of its stabiliser)."""
        return int(self.image_offsets[index + 1] - self.image_offsets[index])

    def images(self, index: int) -> npt.NDArray[np.int8]:
        """The suit permutations taking class ``index``'s representative to its flops."""
        perms: npt.NDArray[np.int8] = self.image_perms[
            self.image_offsets[index]:self.image_offsets[index + 1]]
        return perms

    def subset(self, indexes: Sequence[int]) -> FlopClasses:
        """Some of the classes, with all their images (for reduced runs in tests)."""
        chosen = list(indexes)
        sizes = [self.orbit_size(i) for i in chosen]
        return FlopClasses(
            np.ascontiguousarray(self.flops[chosen]),
            np.concatenate(([0], np.cumsum(sizes))).astype(np.int32),
            np.concatenate([self.images(i) for i in chosen]).astype(np.int8))


def _flop_code(cards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    ordered = np.sort(cards, axis=-1)
    return (ordered[..., 0] * 52 + ordered[..., 1]) * 52 + ordered[..., 2]


def all_flops() -> npt.NDArray[np.int32]:
    """Every flop (three cards, ascending), in lexicographic order: 22,100 rows."""
    return np.array(list(itertools.combinations(range(52), 3)), dtype=np.int32)


@lru_cache(maxsize=1)
def flop_classes() -> FlopClasses:
    """The 1,755 suit classes of the 22,100 flops (the representative is the least code)."""
    flops = all_flops().astype(np.int64)
    perms = _kernels.uth_permutations().astype(np.int64)                  # [24, 4]
    suits, ranks = flops & 3, flops & ~3
    images = ranks[None, :, :] | perms[:, suits]                       # [24, 22100, 3]
    codes = _flop_code(images)                                         # [24, 22100]
    best = codes.argmin(axis=0)                                        # perm to the representative
    canonical = codes[best, np.arange(FLOPS)]
    representatives, class_of = np.unique(canonical, return_inverse=True)
    order = np.argsort(class_of, kind="stable")
    counts = np.bincount(class_of, minlength=len(representatives))
    offsets = np.concatenate(([0], np.cumsum(counts))).astype(np.int32)
    # the representative goes to flop f by the inverse of the permutation taking f to it
    inverse = np.argsort(perms, axis=1)                                 # [24, 4]
    image_perms = inverse[best[order]].astype(np.int8)
    rep_cards = np.stack([representatives // 2704, representatives // 52 % 52,
                          representatives % 52], axis=1).astype(np.int32)
    return FlopClasses(rep_cards, offsets, image_perms)


def identity_classes() -> FlopClasses:
    """Every flop as its own class with the identity permutation (no symmetry)."""
    flops = all_flops()
    return FlopClasses(flops, np.arange(FLOPS + 1, dtype=np.int32),
                       np.tile(np.arange(4, dtype=np.int8), (FLOPS, 1)))


def flop_boards(flops: npt.NDArray[np.int32]) -> npt.NDArray[np.int64]:
    """Every board (flop plus a turn-river pair) of some flops: ``[len(flops) * 1176, 5]``."""
    rows = []
    for flop in flops.tolist():
        rest = [card for card in range(52) if card not in flop]
        rows += [flop + list(pair) for pair in itertools.combinations(rest, 2)]
    return np.array(rows, dtype=np.int64).reshape(-1, 5)


def board_keys(boards: npt.NDArray[np.int64]) -> npt.NDArray[np.uint64]:
    """The suit class key of each board: its four suit rank masks, largest first, 13 bits each."""
    ranks, suits = boards >> 2, boards & 3
    masks = np.stack([((suits == suit) << ranks).sum(axis=1) for suit in range(4)], axis=1)
    masks = -np.sort(-masks, axis=1)
    keys: npt.NDArray[np.uint64] = (masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26
                                    | masks[:, 3] << 39).astype(np.uint64)
    return keys


# --- the solve -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Solution:
    """Per holding id (cards a < b, lexicographic): the exact outcome counts of every line.

    ``play[h, k]``: deals of category k over every flop when a Play bet is made before the flop
    (the 4x and 3x lines). ``bet[h, k]``: deals on flops where the player checks preflop then
    bets 2x; ``check[h, k]``: deals where the player checks twice then plays 1x on the river.
    ``extra[h]``: turn-river pairs folded (each is 990 deals), river decisions of exactly equal
    value, flops bet 2x, flop decisions of exactly equal value (all after checking preflop).

    ``flop_decisions[c, h]``: the flop decision after a preflop check, 1 to bet 2x and 0 to
    check, for the representative flop of class c (its rows follow the classes solved:
    :func:`flop_classes` for the full solve, :func:`all_flops` order with ``symmetry=False``)
    and holding id h; 0 where the holding shares a card with that flop. On another flop of
    the class, the decision for the suit-permuted holding is the same (see
    :func:`flop_decisions_by_flop`).
    """

    settlement: Settlement
    ties_larger: bool
    play: IntArray
    bet: IntArray
    check: IntArray
    extra: IntArray
    flop_decisions: npt.NDArray[np.uint8]

    def line_values(self) -> tuple[IntArray, IntArray, IntArray]:
        """Each holding's total value (scaled units, over all its deals) of 4x, 3x and check."""
        net = self.settlement.array()
        four = self.play @ net[4]
        three = self.play @ net[3]
        checking = (self.bet @ net[2] + self.check @ net[1]
                    + self.extra[:, 0] * DEALER_HOLDINGS * self.settlement.fold)
        return four, three, checking

    def preflop_choice(self) -> npt.NDArray[np.int8]:
        """Each holding's best preflop Play: 4, 3 or 0 (check); equal values follow ``ties``."""
        four, three, checking = self.line_values()
        return best_preflop(four, three, checking, self.ties_larger)


def best_preflop(four: IntArray, three: IntArray, checking: IntArray,
                 ties_larger: bool) -> npt.NDArray[np.int8]:
    """Each holding's best of the three preflop lines' values: 4, 3 or 0 (check); equal values
    take the larger wager when ``ties_larger``, else the smaller."""
    values = np.stack([checking, three, four])                           # by increasing wager
    best = values.max(axis=0)
    if ties_larger:
        pick = 2 - np.argmax(values[::-1] == best, axis=0)
    else:
        pick = np.argmax(values == best, axis=0)
    choices: npt.NDArray[np.int8] = np.array([0, 3, 4], dtype=np.int8)[pick]
    return choices


CACHE_ARRAYS = ("play", "bet", "check", "extra", "flop_decisions", "net")


def _cache_path(settle: Settlement, ties_larger: bool) -> Path:
    """The entry of a solve: named by its pays, its ties rule, the arrays it stores and the
    code of this module and of its kernels (:func:`edge.cache.entry_path`)."""
    return cache.entry_path("uth-solve", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": ties_larger, "arrays": CACHE_ARRAYS}, (sys.modules[__name__], _kernels))


class SolveCache(cache.Entry):
    """One cache entry of finished solves (:class:`edge.cache.Entry`): an ``.npz`` of the
    solution's arrays and a SHA-256 of them, checked on every read, written atomically, and
    locked while one process solves it; a checkpoint beside it keeps the finished blocks of
    an interrupted solve."""

    def __init__(self, path: Path) -> None:
        super().__init__(path, "ultimate-texas-holdem")

    def load_solution(self, settle: Settlement, ties_larger: bool) -> Solution | None:
        """The cached solution, or None when there is none or it is not whole."""
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> Solution:
            if not np.array_equal(arrays["net"], settle.array()):
                raise ValueError("it holds the solve of other pays")
            counts = [arrays[name].astype(np.int64) for name in ("play", "bet", "check", "extra")]
            solution = Solution(settle, ties_larger, counts[0], counts[1], counts[2], counts[3],
                                arrays["flop_decisions"].astype(np.uint8))
            _check_totals(solution, flop_classes())
            return solution
        return self.load(CACHE_ARRAYS, accept)

    def store_solution(self, solution: Solution) -> None:
        """Write the solution atomically; a cache that cannot be written only costs time."""
        self.store({
            "play": solution.play, "bet": solution.bet, "check": solution.check,
            "extra": solution.extra, "flop_decisions": solution.flop_decisions,
            "net": solution.settlement.array()})


@dataclass(frozen=True)
class _Work:
    """What the worker units of one solve read, passed to each (every solve has its own, so
    two solves in one process, nested or at once, never see each other's): the pays, the flop
    classes, and with symmetry the board classes and their records (written by the records
    units, each its own rows, before the flop units read them)."""

    net: IntArray
    fold: int
    ties_larger: bool
    classes: FlopClasses
    boards: npt.NDArray[np.int32] | None = None
    keys: npt.NDArray[np.uint64] | None = None
    records: npt.NDArray[np.uint64] | None = None


def _records_task(work: _Work, bounds: tuple[int, int]) -> int:
    start, stop = bounds
    assert work.boards is not None and work.records is not None
    _kernels.uth_board_records(work.boards[start:stop], work.net, work.fold, work.ties_larger,
                               work.records[start:stop])
    return stop - start


def _flops_task(work: _Work, bounds: tuple[int, int]
                ) -> tuple[tuple[int, int], tuple[IntArray, ...], npt.NDArray[np.uint8]]:
    start, stop = bounds
    classes = work.classes
    offsets = classes.image_offsets[start:stop + 1]
    perms = classes.image_perms[offsets[0]:offsets[-1]]
    decisions = np.zeros((stop - start, HOLDINGS), dtype=np.uint8)
    result = _kernels.uth_solve_flops(
        np.ascontiguousarray(classes.flops[start:stop]),
        np.ascontiguousarray(offsets - offsets[0]), np.ascontiguousarray(perms),
        work.net, work.fold, work.ties_larger, work.records, work.keys, decisions)
    return bounds, result, decisions


def _chunks(total: int, pieces: int) -> list[tuple[int, int]]:
    bounds = np.linspace(0, total, pieces + 1).round().astype(int)
    return [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True) if b > a]


def solve(settle: Settlement, ties_larger: bool = False, *, jobs: int | None = None,
          use_cache: bool = True, progress: bool = False, symmetry: bool = True,
          classes: FlopClasses | None = None) -> Solution:
    """Solve the game exactly for one set of pays; read or write the disk cache.

    ``jobs`` worker threads (default: every core) share the work; the result is the same
    exact integers whatever their number. ``symmetry=False`` solves all 22,100 flops and every
    board directly (slow: a check of the symmetric solve), and bypasses the cache. ``classes``
    (for tests) solves only those flops, a partial result that bypasses the cache.
    ``use_cache=False`` solves afresh and still writes the result (later steps reuse it).
    While one process solves an entry, another asking for the same waits and reads it; an
    interrupted solve resumes from its checkpoint (not with ``use_cache=False``).
    """
    if not symmetry or classes is not None:
        return solve_uncached(settle, ties_larger, jobs=jobs, progress=progress,
                              symmetry=symmetry, classes=classes)
    entry = SolveCache(_cache_path(settle, ties_larger))
    return cache.read_or_solve(
        entry, lambda: entry.load_solution(settle, ties_larger),
        lambda checkpoint: solve_uncached(settle, ties_larger, jobs=jobs, progress=progress,
                                          checkpoint=checkpoint),
        entry.store_solution, use_cache)


def solve_uncached(settle: Settlement, ties_larger: bool = False, *, jobs: int | None = None,
                   progress: bool = False, symmetry: bool = True,
                   classes: FlopClasses | None = None,
                   checkpoint: Checkpoint | None = None) -> Solution:
    """The solve itself, without the disk cache (see :func:`solve`). With a ``checkpoint`` it
    resumes from the blocks of flop classes the checkpoint holds, and writes their sums to it
    as it goes (:class:`edge.cache.Blocks`); the result is the same."""
    partial = classes is not None
    workers = jobs or parallel.available_cores()
    if classes is None:
        classes = flop_classes() if symmetry else identity_classes()
    n_flops = len(classes.flops)
    # a flop costs about as much as 300 boards' records (measured), hence the weights
    blocks = Blocks("ultimate-texas-holdem", np.full(n_flops, 300, dtype=np.int64),
                    checkpoint=checkpoint, progress=progress,
                    key={"net": settle.array(), "ties_larger": np.array(ties_larger),
                         "flops": classes.flops})
    totals = [np.zeros((HOLDINGS, CATEGORIES), dtype=np.int64) for _ in range(3)]
    totals.append(np.zeros((HOLDINGS, 4), dtype=np.int64))
    # each task writes its own rows: the same array whatever the order the tasks finish in
    decisions = np.zeros((n_flops, HOLDINGS), dtype=np.uint8)

    def sums() -> dict[str, npt.NDArray[Any]]:
        return {**dict(zip(("play", "bet", "check", "extra"), totals, strict=True)),
                "flop_decisions": decisions}

    resumed = blocks.resume(sums())
    if resumed is not None:
        totals = [resumed[name] for name in ("play", "bet", "check", "extra")]
        decisions = resumed["flop_decisions"]
    flop_tasks = blocks.tasks(_chunks(n_flops, max(32, 24 * workers) if symmetry else 1105))
    work = _Work(settle.array(), settle.fold, ties_larger, classes)
    board_tasks: list[tuple[int, int]] = []
    n_boards = 0
    if symmetry and flop_tasks:
        boards, keys = _kernels.uth_board_classes()
        if partial:          # only the board classes these flops reach
            rows = np.flatnonzero(np.isin(keys, board_keys(flop_boards(classes.flops))))
            boards, keys = np.ascontiguousarray(boards[rows]), np.ascontiguousarray(keys[rows])
        work = dataclasses.replace(work, boards=boards, keys=keys,
                                   records=np.zeros((len(keys), HOLDINGS), dtype=np.uint64))
        n_boards = len(keys)
        board_tasks = _chunks(n_boards, max(16, 8 * workers))
    try:
        with blocks.start(n_boards):
            for done in parallel.map(functools.partial(_records_task, work), board_tasks,
                                     workers):
                blocks.advance(done)
            for (start, stop), arrays, decided in parallel.map(
                    functools.partial(_flops_task, work), flop_tasks, workers):
                with blocks.adding(start, stop):
                    for total, part in zip(totals, arrays, strict=True):
                        total += part
                    decisions[start:stop] = decided
                if blocks.due():
                    blocks.save(sums())
    except KeyboardInterrupt:
        blocks.save_interrupted(sums)
        raise
    play, bet, check, extra = totals
    solution = Solution(settle, ties_larger, play, bet, check, extra, decisions)
    if not partial:
        _check_totals(solution, classes)
    return solution


def _check_totals(solution: Solution, classes: FlopClasses) -> None:
    """Every holding must account for all its deals, on every line, and the recorded flop
    decisions for all the flops bet 2x (a cheap self-check)."""
    per_holding = solution.play.sum(axis=1)
    checked = (solution.bet.sum(axis=1) + solution.check.sum(axis=1)
               + solution.extra[:, 0] * DEALER_HOLDINGS)
    if not (per_holding == DEALS_PER_HOLDING).all() or not (checked == DEALS_PER_HOLDING).all():
        raise RuntimeError("The UTH solve lost deals: the kernels' totals do not add up.")
    decisions = solution.flop_decisions
    if decisions.shape != (len(classes.flops), HOLDINGS) or decisions.max(initial=0) > 1:
        raise ValueError("The UTH solve's flop decisions do not fit its flop classes.")
    orbits = np.diff(classes.image_offsets.astype(np.int64))
    if int(orbits @ decisions.sum(axis=1, dtype=np.int64)) != int(solution.extra[:, 2].sum()):
        raise RuntimeError("The UTH solve's flop decisions do not add up to its 2x flops.")


def flop_decisions_by_flop(solution: Solution) -> npt.NDArray[np.uint8]:
    """The flop decisions of a full solve for every flop: ``[22100, 1326]``, 1 to bet 2x.

    Rows are flop ids (:func:`all_flops` order), columns holding ids. A suit permutation of a
    deal changes no outcome, so a class's decision for holding h holds on each of its flops
    for the permuted holding.
    """
    rows = len(solution.flop_decisions)
    if rows not in (len(flop_classes().flops), FLOPS):
        raise ValueError(f"{rows} rows of flop decisions: not a full solve's.")
    classes = flop_classes() if rows != FLOPS else identity_classes()
    flops = classes.flops.astype(np.int64)
    perms = classes.image_perms.astype(np.int64)                          # [22100, 4]
    class_of = np.repeat(np.arange(rows), np.diff(classes.image_offsets))
    images = np.sort((flops[class_of] & ~3) | np.take_along_axis(
        perms, flops[class_of] & 3, axis=1), axis=1)
    flop_id = np.empty(52 ** 3, dtype=np.int64)
    every = all_flops().astype(np.int64)
    flop_id[_flop_code(every)] = np.arange(FLOPS)
    image_ids = flop_id[_flop_code(images)]
    # holding h goes to the holding of its permuted cards, per distinct permutation
    first, second = np.triu_indices(52, k=1)
    holding_id = np.zeros((52, 52), dtype=np.int64)
    holding_id[first, second] = holding_id[second, first] = np.arange(HOLDINGS)
    codes = perms @ np.array([1, 4, 16, 64])
    full = np.zeros((FLOPS, HOLDINGS), dtype=np.uint8)
    for code in np.unique(codes):
        chosen = np.flatnonzero(codes == code)
        perm = perms[chosen[0]]
        targets = holding_id[(first & ~3) | perm[first & 3], (second & ~3) | perm[second & 3]]
        full[image_ids[chosen][:, None], targets[None, :]] = \
            solution.flop_decisions[class_of[chosen]]
    return full
