"""The player's hand class against the dealer's hand, over every deal: what a Trips bet that
must beat the dealer is settled on (docs/rules.md section 4.6).

:func:`trips_showdowns` (``trips_rule=beat-dealer``): a deal is a player holding, a dealer
holding and a five-card board, C(52,2) C(50,2) C(48,5) = 2,781,381,002,400 deals. The Ante,
Blind and Play decisions play no part: the Trips is settled on the two final hands (a fold does
not change it), so these counts depend on no strategy or pay table and need no solve.

:func:`fold_showdowns` (``trips_rule=beat-dealer-fold-loses``): the same over the solve's cycle
(the flop told from the turn and river), with the hands the solved strategy folds counted apart.

The pass is separate from the solve (:mod:`.solve`) and shares only its per-board kernel: for
each of the 134,459 suit classes of boards, ``uth_board_records`` gives every holding's hand
class and how many of the 990 dealer holdings it beats, ties and loses to; each class counts
once per board of its class (a suit permutation of a deal changes no outcome).

>>> counts = board_showdowns(np.array([[0, 5, 10, 15, 48]], dtype=np.int32))  # 2c 3d 4h 5s Ac
>>> int(counts[0, CLASS_INDEX["straight"]].sum()) == 1081 * 990   # every holding: a straight
True
"""

from __future__ import annotations

import contextlib
import itertools
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from edge import cache, holdem, parallel
from edge.games.ultimate_texas_holdem.solve import _kernels, main_bet, solver
from edge.games.ultimate_texas_holdem.solve.main_bet import main_lines
from edge.games.ultimate_texas_holdem.strategy import language, practical
from edge.run import RunSettings

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
    class (``[10, 3]``), for the holdings of class ``lowest`` or better (int64 sums: all
    deals together are under 2**42)."""
    flat = records.reshape(-1)
    top = flat.view(np.uint16)[3::4]                  # bits 48..63: the class is bits 4..7
    classes = (top >> 4) & 15
    chosen_at = np.flatnonzero((classes >= lowest) & (flat != 0))
    chosen = flat[chosen_at]
    chosen_class = classes[chosen_at].astype(np.int64)
    weight = weights[chosen_at // records.shape[1]].astype(np.int64)
    return _showdown_sums(chosen, chosen_class, weight)


def _showdown_sums(chosen: npt.NDArray[np.uint64], chosen_class: IntArray, weight: IntArray,
                   *extra: IntArray) -> IntArray:
    """Win, tie and lose counts of the ``chosen`` records times ``weight``, by class, then
    each ``extra`` column summed by class, in integers."""
    wins = ((chosen & _FIELD) + ((chosen >> _WIN_UNQUALIFIED_SHIFT) & _FIELD)).astype(np.int64)
    ties = ((chosen >> _TIE_SHIFT) & _FIELD).astype(np.int64)
    columns = [wins * weight, ties * weight, (solver.DEALER_HOLDINGS - wins - ties) * weight,
               *extra]
    in_class = [chosen_class == k for k in range(len(holdem.CLASS_NAMES))]
    exact: IntArray = np.array([[int(column[mask].sum()) for column in columns]
                                for mask in in_class], dtype=np.int64)
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
    """Deals by the player's hand class and its result against the dealer's, for three of a
    kind and better; ``counts[class][result]`` out of ``deals``. ``deals`` is :data:`DEALS`
    when every hand is settled at the showdown, and ten times as many (the solve's cycle, the
    flop told from the turn and river) when the player's folds are counted apart (``fold``)."""

    counts: Mapping[str, Mapping[str, int]]
    deals: int = DEALS

    def count(self, hand: str, result: str) -> int:
        """Deals where the player's best five cards are ``hand`` and ``result`` the dealer's
        (or the player folded them, ``fold``)."""
        return self.counts[hand].get(result, 0)


THREE_OR_BETTER = tuple(reversed(holdem.CLASS_NAMES[CLASS_INDEX["three-of-a-kind"]:]))
FOLD_RESULTS = (*RESULTS, "fold")


def _checked(counts: Mapping[str, Mapping[str, int]], results: tuple[str, ...],
             splits: int) -> Showdowns:
    """The counts, if every class accounts for all its deals (C(52,7)'s class counts, each
    seven cards split 21 ways into holding and board, against 990 dealer holdings, and
    ``splits`` ways into flop and turn-river)."""
    sevens = holdem.class_counts(7)
    for name in THREE_OR_BETTER:
        found = counts[name]
        if (set(found) != set(results) or not all(isinstance(v, int) for v in found.values())
                or sum(found.values()) != sevens[name] * 21 * solver.DEALER_HOLDINGS * splits):
            raise ValueError(f"the counts of {name} do not add up")
    return Showdowns({name: {result: counts[name][result] for result in results}
                      for name in THREE_OR_BETTER}, DEALS * splits)


def _run(part: Callable[[npt.NDArray[np.int32], IntArray], IntArray],
         results: tuple[str, ...], splits: int, jobs: int | None,
         progress: bool = False) -> Showdowns:
    """``part(boards, weights)`` over the 134,459 board classes in 32 pieces, added up
    and checked (``progress``: the bar, on a terminal)."""
    boards, _ = _kernels.uth_board_classes()
    weights = orbit_sizes(boards)
    bounds = np.linspace(0, len(boards), 33).round().astype(int)

    def piece(span: tuple[int, int]) -> IntArray:
        start, stop = span
        return part(boards[start:stop], weights[start:stop])

    spans = [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
    total = np.zeros((len(holdem.CLASS_NAMES), len(results)), dtype=np.int64)
    with parallel.Progress("counting the Trips showdowns", len(boards), progress) as bar:
        for (start, stop), counted in zip(spans, parallel.map(piece, spans, jobs), strict=True):
            total += counted
            bar.advance(stop - start)
    counts = {name: {result: int(total[CLASS_INDEX[name], k]) for k, result in enumerate(results)}
              for name in THREE_OR_BETTER}
    try:
        return _checked(counts, results, splits)
    except ValueError as error:
        raise RuntimeError(f"The Trips showdown pass lost deals: {error}.") from None


def _cached(path: Path, results: tuple[str, ...], splits: int, use_cache: bool,
            compute: Callable[[], Showdowns]) -> Showdowns:
    """Read counts kept in the solve cache folder (checked), or compute and keep them."""
    if use_cache:
        with contextlib.suppress(OSError, ValueError, TypeError, KeyError, AttributeError):
            return _checked(cache.read_json(path), results, splits)
    found = compute()
    cache.write_json(path, {hand: dict(found.counts[hand]) for hand in THREE_OR_BETTER})
    return found


@lru_cache(maxsize=2)
def trips_showdowns(jobs: int | None = None, use_cache: bool = True,
                    progress: bool = False) -> Showdowns:
    """The player's class (three of a kind or better) against the dealer's hand over every
    deal, every hand settled at the showdown: a few seconds, then kept in the solve cache
    folder (:func:`edge.cache.cache_dir`) as a small JSON file, checked on every read."""
    lowest = CLASS_INDEX["three-of-a-kind"]

    def part(boards: npt.NDArray[np.int32], weights: IntArray) -> IntArray:
        return _tally(_records(boards), weights, lowest)

    path = cache.entry_path("uth-trips-showdowns", {"results": RESULTS},
                            (sys.modules[__name__], _kernels), ".json")
    return _cached(path, RESULTS, 1, use_cache, lambda: _run(part, RESULTS, 1, jobs, progress))


# --- the same with the player's folds (a separate pass over the solve's decisions) -------------

_FOLD_SHIFT = np.uint64(57)
SPLITS = 10                       # a five-card board is one of ten flops and its turn-river


def sub_flops(boards: npt.NDArray[np.int32]) -> IntArray:
    """The flop ids (:func:`.solve.all_flops` order) of each board's ten three-card subsets."""
    flop_id = np.full(52 ** 3, -1, dtype=np.int64)
    every = solver.all_flops().astype(np.int64)
    flop_id[(every[:, 0] * 52 + every[:, 1]) * 52 + every[:, 2]] = np.arange(solver.FLOPS)
    cards = np.sort(boards.astype(np.int64), axis=1)
    ids: IntArray = np.stack([flop_id[(cards[:, i] * 52 + cards[:, j]) * 52 + cards[:, k]]
                              for i, j, k in itertools.combinations(range(5), 3)], axis=1)
    return ids


def _fold_tally(records: npt.NDArray[np.uint64], weights: IntArray, flops: IntArray,
                raised: npt.NDArray[np.bool_], flop_bets: npt.NDArray[np.uint8]) -> IntArray:
    """As :func:`_tally` for three of a kind and better, over each board's ten (flop,
    turn-river) splits: a holding raised preflop, or bet 2x on that flop, or played 1x on the
    river reaches the showdown; the others fold (``[10, 4]``: win, tie, lose, fold)."""
    flat = records.reshape(-1)
    classes = (flat.view(np.uint16)[3::4] >> 4) & 15
    chosen_at = np.flatnonzero((classes >= CLASS_INDEX["three-of-a-kind"]) & (flat != 0))
    rows, holdings = np.divmod(chosen_at, records.shape[1])
    chosen = flat[chosen_at]
    chosen_class = classes[chosen_at].astype(np.int64)
    checked = np.flatnonzero(~raised[holdings])      # the flop decides only after a check
    bets = np.zeros(len(holdings), dtype=np.int64)
    bets[checked] = flop_bets[flops[rows[checked]], holdings[checked, None]].sum(
        axis=1, dtype=np.int64)
    river = 1 - ((chosen >> _FOLD_SHIFT) & np.uint64(1)).astype(np.int64)
    shown = np.where(raised[holdings], SPLITS, bets + river * (SPLITS - bets))
    weight = (weights[rows] * shown).astype(np.int64)
    folded = (weights[rows] * (SPLITS - shown) * solver.DEALER_HOLDINGS).astype(np.int64)
    return _showdown_sums(chosen, chosen_class, weight, folded)


@lru_cache(maxsize=4)
def fold_showdowns(settle: solver.Settlement, ties_larger: bool, strategy: str,
                   jobs: int | None = None, use_cache: bool = True,
                   progress: bool = False) -> Showdowns:
    """The player's class (three of a kind or better) against the dealer's hand, with the
    hands the player folds under ``strategy`` (the exact solve for the pays ``settle``) counted
    apart, over the solve's cycle of 27,813,810,024,000 deals. The solve comes from its cache
    (or is solved); the pass takes a few seconds and is kept beside it."""
    # the strategy as written (its file's rules, not only its name) and every module of its play
    path = cache.entry_path("uth-trips-folds", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": ties_larger, "results": FOLD_RESULTS,
        "strategy": repr(language.UthStrategy.resolve(strategy))},
        (sys.modules[__name__], solver, _kernels, main_bet, practical, language), ".json")

    def compute() -> Showdowns:
        solution = solver.solve(settle, ties_larger, jobs=jobs, use_cache=use_cache,
                                progress=progress)
        raised = main_lines(solution, strategy,
                            RunSettings(jobs=jobs, cache=use_cache, progress=progress)
                            ).choice != 0
        flop_bets = solver.flop_decisions_by_flop(solution)

        def part(boards: npt.NDArray[np.int32], weights: IntArray) -> IntArray:
            records = np.zeros((len(boards), solver.HOLDINGS), dtype=np.uint64)
            _kernels.uth_board_records(np.ascontiguousarray(boards), settle.array(),
                                       settle.fold, ties_larger, records)
            return _fold_tally(records, weights, sub_flops(boards), raised, flop_bets)

        return _run(part, FOLD_RESULTS, SPLITS, jobs, progress)

    return _cached(path, FOLD_RESULTS, SPLITS, use_cache, compute)
