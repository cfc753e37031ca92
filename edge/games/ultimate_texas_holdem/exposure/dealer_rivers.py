"""The river tells of ``seen=dealer-1`` and ``dealer-1,flop-1`` against ordinary play, exact
(docs/protection.md, "Tells against ordinary play").

On a hand where the informed player and an ordinary player both checked preflop and both
checked the flop, the river shows a tell where one plays 1x and the other folds. The informed
river decision on a board with dealer card d seen is the ``dealer-1`` solve's: 1x when its
exact value over the 44 dealer hands {d, x} beats folding (equal values as the game's ties rule
says). The ordinary player's is basic strategy's (the unexposed solve's river: its value over
the 990 dealer hands) or his chart's own river rule, read from the board records of the
strategy kernel by board suit class.

The pass (kernel ``_dealer_rivers.dealer_river_flop``) takes the flops of
:func:`.dealer_flops.club_flops` one at a time, as the flop pass does: for every flop state
(holding, seen club, flop) the informed player reaches checking preflop and checks on the flop
(:mod:`.dealer_flops`), it decides the river on each of the 1,035 turn-river pairs and counts
those where each ordinary river rule decides otherwise. Each turn-river pair of a flop state
stands for its flop's orbit x the 4 suits of the seen card x 44 dealer cards of the exposed
cycle, times the ways the informed player reaches the state checking preflop (as for the flop:
:func:`.street_tells.dealer_flop_tells`); the ordinary player must check the holding preflop and
the flop (his flop decision by flop id). The count checks itself against the solve: the deals
on which the informed player plays 1x, and those he folds on the river, equal the solve's.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.cache import Blocks, Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _dealer_rivers, dealer_flops, street_tells
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import StreetPlan

IntArray = npt.NDArray[np.int64]
TURN_RIVERS = comb(46, 2)      # turn-river pairs of one flop state (off the flop, d and h)
DEALER_CARDS = 44              # the dealer's other card x
WIDTH = 166                    # bytes of one board class's fold bits (1,326 holdings)
_BASIC_FOLD = np.uint64(57)    # the record bits of the river folds (solve/_kernels.pyx):
_STRATEGY_FOLD = np.uint64(61)  # basic strategy's and a strategy plan's
_CHUNK = 4096                  # board classes recorded at a time (a 43 MB block)


def river_fold_tables(settle: solver.Settlement, ties_larger: bool,
                      plans: Sequence[StreetPlan | None], *, classes: IntArray | None = None
                      ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]:
    """The ordinary river rules as the kernel reads them: the board class keys and ``[rules,
    classes, 166]`` fold bits by holding id (bit ``h & 7`` of byte ``h >> 3``), rule k basic
    strategy's where ``plans[k]`` is None, else that river plan's. ``classes`` (tests): fill
    those board classes only (the others fold nowhere)."""
    boards, keys = _kernels.uth_board_classes()
    folds = np.zeros((len(plans), len(keys), WIDTH), dtype=np.uint8)
    rows = np.arange(len(keys)) if classes is None else np.asarray(classes, dtype=np.int64)
    for k, plan in enumerate(plans):
        bit = _BASIC_FOLD if plan is None else _STRATEGY_FOLD
        program = None if plan is None else practical.compile_plan(plan)
        for start in range(0, len(rows), _CHUNK):
            chunk = rows[start:start + _CHUNK]
            records = np.zeros((len(chunk), solver.HOLDINGS), dtype=np.uint64)
            _kernels.uth_board_records(np.ascontiguousarray(boards[chunk]), settle.array(),
                                       settle.fold, ties_larger, records, program)
            bits = ((records >> bit) & np.uint64(1)).astype(np.uint8)
            folds[k, chunk] = np.packbits(bits, axis=1, bitorder="little")
    return keys, folds


def board_classes_of(flops: npt.NDArray[np.int32]) -> IntArray:
    """The board classes (rows of ``uth_board_classes``) of every board of these flops."""
    wanted = solver.board_keys(solver.flop_boards(flops))
    _, keys = _kernels.uth_board_classes()
    found: IntArray = np.flatnonzero(np.isin(keys, wanted))
    return found


@dataclass(frozen=True)
class RiverPlayer:
    """An ordinary player as the river pass reads him: ``checks[h]`` his preflop check of
    holding h, ``flop_bets`` ``[22100, 1326]`` his flop decisions by flop id (1: bet 2x),
    ``rule`` his river rule's row in the fold tables."""

    checks: npt.NDArray[np.bool_]
    flop_bets: npt.NDArray[np.uint8]
    rule: int


@dataclass(frozen=True)
class RiverTells:
    """Deals of the exposed cycle: per player, (plays 1x on a river he folds, folds a river he
    plays 1x); the informed player's river 1x and river folds after checking the flop."""

    tells: tuple[tuple[int, int], ...]
    plays: int
    folds: int


def flop_counts(flop: npt.NDArray[np.int32], live: npt.NDArray[np.bool_],
                settle: solver.Settlement, ties_larger: bool,
                tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]
                ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The kernel on one flop: ``plays[r, h]`` the turn-river pairs the informed player plays
    1x and ``departures[k, j, r, h]`` those where rule k folds (j 0) or plays (j 1) and he does
    not, over the states ``live`` marks."""
    keys, folds = tables
    plays = np.zeros((13, solver.HOLDINGS), dtype=np.int32)
    departures = np.zeros((folds.shape[0], 2, 13, solver.HOLDINGS), dtype=np.int32)
    _dealer_rivers.dealer_river_flop(np.ascontiguousarray(flop, dtype=np.int32),
                                     np.ascontiguousarray(live, dtype=np.uint8),
                                     settle.array(), settle.fold, ties_larger, keys, folds,
                                     plays, departures)
    return plays, departures


def sweep(found: dealer_flops.InformedFlops, solution: ExposedSolution,
          players: Sequence[RiverPlayer],
          tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]], *,
          checkpoint: Checkpoint | None = None, progress: bool = False,
          jobs: int | None = None) -> IntArray:
    """Per flop of ``found``: ``[flops, players + 1, 2]`` deals, each player's two river tells
    and (last row) the informed river 1x and folds, the kernel counting the flops on ``jobs``
    worker threads (default every core: it releases the GIL; each flop's counts are its own,
    the same on any number); with a ``checkpoint`` it resumes from it and writes it at least
    once a minute of work."""
    settle = solution.settlement
    ids = dealer_flops.flop_ids(found.flops)
    blocks = Blocks(f"ultimate-texas-holdem seen={solution.scenario} river tells",
                    np.ones(len(found.flops), dtype=np.int64), checkpoint=checkpoint,
                    progress=progress, key={"net": settle.array(),
                                            "ties_larger": np.array(solution.ties_larger),
                                            "flops": found.flops})
    fresh = {"deals": np.zeros((len(found.flops), len(players) + 1, 2), dtype=np.int64)}
    sums = blocks.resume(fresh) or fresh
    checks = street_tells.dealer_checks(solution)

    def count(row: int) -> tuple[int, IntArray, npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """One flop's weight, states reached and kernel counts (on a worker thread)."""
        _, weight, ways = street_tells.flop_row(found, solution, checks, row)
        plays, departures = flop_counts(found.flops[row], (ways > 0) & ~found.bets[row],
                                        settle, solution.ties_larger, tables)
        return weight, ways, plays, departures

    todo = np.flatnonzero(blocks.done == 0).tolist()
    with blocks.start():
        try:
            counted = parallel.map(count, todo, jobs, ahead=dealer_flops.FLOPS_AHEAD)
            for row, (weight, ways, plays, departures) in zip(todo, counted, strict=True):
                with blocks.adding(row, row + 1):
                    live = (ways > 0) & ~found.bets[row]
                    deals = weight // dealer_flops.FLOP_DEALS * DEALER_CARDS
                    reached = ways * live
                    out = sums["deals"][row]
                    for p, player in enumerate(players):
                        both = reached * (player.checks & ~player.flop_bets[ids[row]]
                                          .astype(bool))[None, :]
                        out[p, 0] = deals * int((both * departures[player.rule, 0]).sum())
                        out[p, 1] = deals * int((both * departures[player.rule, 1]).sum())
                    played = int((reached * plays).sum())
                    out[-1, 0] = deals * played
                    out[-1, 1] = deals * (int(reached.sum()) * TURN_RIVERS - played)
                if blocks.due():
                    blocks.save(sums)
        except KeyboardInterrupt:
            blocks.save_interrupted(lambda: sums)
            raise
    deals_of: IntArray = sums["deals"]
    return deals_of


def check_against_solve(found: RiverTells, solution: ExposedSolution) -> None:
    """The informed river 1x and folds of the pass must be the solve's: RuntimeError if not."""
    plays = int(solution.counts[1].sum())
    if (found.plays, found.folds) != (plays, solution.folds):
        raise RuntimeError(f"The {solution.scenario} river pass plays 1x on {found.plays} deals "
                           f"and folds {found.folds}, the solve {plays} and {solution.folds}.")


STORED = ("deals",)


def river_tells(found: dealer_flops.InformedFlops, solution: ExposedSolution,
                players: Sequence[RiverPlayer], plans: Sequence[StreetPlan | None], *,
                use_cache: bool = True, progress: bool = False, jobs: int | None = None
                ) -> RiverTells:
    """:func:`sweep` over every flop of the flop pass on ``jobs`` threads, totalled and checked
    against the solve,
    kept in the disk cache (minutes of one core to make: docs/protection.md), named by the
    solve's preflop decisions, the players, their river rules (``plans``: None for basic
    strategy's) and the code."""
    settle = solution.settlement
    digest = cache.arrays_digest({
        "state_cards": solution.state_cards, "choice": solution.choice,
        **{f"checks{p}": player.checks for p, player in enumerate(players)},
        **{f"flop{p}": player.flop_bets for p, player in enumerate(players)}})
    path = cache.entry_path("uth-dealer-river-tells", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": solution.ties_larger, "scenario": str(solution.scenario),
        "digest": digest, "rules": [player.rule for player in players],
        "plans": [None if plan is None else street_tells.plan_key(plan) for plan in plans],
        "arrays": STORED},
        (sys.modules[__name__], _dealer_rivers, dealer_flops, street_tells, practical, solver,
         _kernels))
    entry = cache.Entry(path, f"ultimate-texas-holdem seen={solution.scenario} river tells")
    shape = (len(found.flops), len(players) + 1, 2)

    def load() -> IntArray | None:
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> IntArray:
            if arrays["deals"].shape != shape:
                raise ValueError("the arrays have the wrong shape")
            deals: IntArray = arrays["deals"].astype(np.int64)
            return deals
        return entry.load(STORED, accept)

    def solve(checkpoint: Checkpoint) -> IntArray:
        tables = river_fold_tables(settle, solution.ties_larger, plans)
        return sweep(found, solution, players, tables, checkpoint=checkpoint,
                     progress=progress, jobs=jobs)

    deals = cache.read_or_solve(entry, load, solve, lambda made: entry.store({"deals": made}),
                                use_cache)
    totals = [[int(v) for v in pair] for pair in deals.sum(axis=0).tolist()]
    result = RiverTells(tuple((more, fewer) for more, fewer in totals[:-1]), totals[-1][0],
                        totals[-1][1])
    check_against_solve(result, solution)
    return result
