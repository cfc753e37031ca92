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

The row of decisions no ordinary player makes: a river decision counts when every ordinary
player who reaches that river (checked preflop and on the flop) decides it the other way, one
at least having reached it. Who reaches it depends on the holding and the flop, not on the
turn-river, so the kernel counts it with one more table per set of two or more river rules
(:func:`every_tables`): its fold bits where every rule of the set folds (the informed 1x
against all of them folding) and where any does (the informed fold against all of them
playing).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache
from edge.cache import Checkpoint
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


def every_rows(rules: int) -> dict[int, tuple[int, int]]:
    """For each non-empty set of the river rules ``0..rules-1`` (a bit mask), the rows of the
    extended fold tables (:func:`every_tables`) whose departures count it: (informed 1x, every
    rule of the set folds; informed fold, every rule of the set plays). A lone rule is its own
    row; a set of two or more has its two rows after the rules, in the order of the masks."""
    rows: dict[int, tuple[int, int]] = {}
    extra = rules
    for mask in range(1, 1 << rules):
        members = [k for k in range(rules) if mask >> k & 1]
        if len(members) == 1:
            rows[mask] = (members[0], members[0])
        else:
            rows[mask] = (extra, extra + 1)
            extra += 2
    return rows


def every_tables(folds: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint8]:
    """The fold tables ``[rules, classes, 166]`` followed by, for each set of two or more rules
    (:func:`every_rows`), its fold bits where all of them fold (bitwise and) and where one of
    them folds (bitwise or)."""
    rules = folds.shape[0]
    extra = []
    for mask, (both, _) in every_rows(rules).items():
        if both < rules:
            continue
        members = folds[[k for k in range(rules) if mask >> k & 1]]
        extra.append(np.bitwise_and.reduce(members, axis=0))
        extra.append(np.bitwise_or.reduce(members, axis=0))
    return np.ascontiguousarray(np.concatenate([folds, *(table[None] for table in extra)]))


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
    plays 1x); the same against every player at once (``every``: the decisions none of those
    who reach the river makes); the informed player's river 1x and river folds after checking
    the flop."""

    tells: tuple[tuple[int, int], ...]
    every: tuple[int, int]
    plays: int
    folds: int


def flop_counts(flop: npt.NDArray[np.int32], live: npt.NDArray[np.bool_],
                settle: solver.Settlement, ties_larger: bool,
                tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]
                ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The kernel on one flop: ``plays[r, h]`` the turn-river pairs the informed player plays
    1x and ``departures[k, j, r, h]`` those where rule k folds (j 0) or plays (j 1) and he does
    not, over the states ``live`` marks (``[13, 1326]``; or ``[13, 52, 1326]`` by turn-river
    card t seen too, a pair counted once for each of its cards that marks the state)."""
    keys, folds = tables
    plays = np.zeros((13, solver.HOLDINGS), dtype=np.int32)
    departures = np.zeros((folds.shape[0], 2, 13, solver.HOLDINGS), dtype=np.int32)
    marked = live[:, None, :] if live.ndim == 2 else live
    _dealer_rivers.dealer_river_flop(np.ascontiguousarray(flop, dtype=np.int32),
                                     np.ascontiguousarray(marked, dtype=np.uint8),
                                     settle.array(), settle.fold, ties_larger, keys, folds,
                                     plays, departures)
    return plays, departures


def sweep(found: dealer_flops.InformedFlops, solution: ExposedSolution,
          players: Sequence[RiverPlayer],
          tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]], *,
          checkpoint: Checkpoint | None = None, progress: bool = False,
          jobs: int | None = None) -> IntArray:
    """Per flop of ``found``: ``[flops, players + 2, 2]`` deals, each player's two river tells,
    the two against every player at once (the tables ``tables`` extended by
    :func:`every_tables` for the rules ``0..max rule``) and (last row) the informed river 1x
    and folds, the kernel counting the flops on ``jobs``
    worker threads (default every core: it releases the GIL; each flop's counts are its own,
    the same on any number); with a ``checkpoint`` it resumes from it and writes it at least
    once a minute of work."""
    settle = solution.settlement
    ids = dealer_flops.flop_ids(found.flops)
    checks = street_tells.dealer_checks(solution)
    rules = [player.rule for player in players]

    def count(row: int) -> IntArray:
        """One flop's deals (on a worker thread)."""
        _, weight, ways = street_tells.flop_row(found, solution, checks, row)
        live = (ways > 0) & ~found.bets[row]
        plays, departures = flop_counts(found.flops[row], live, settle, solution.ties_larger,
                                        tables)
        deals = weight // dealer_flops.FLOP_DEALS * DEALER_CARDS
        reached = ways * live
        there = np.stack([player.checks & ~player.flop_bets[ids[row]].astype(bool)
                          for player in players])
        out = np.zeros((len(players) + 2, 2), dtype=np.int64)
        out[:-1] = deals * tally(departures, reached, there, rules)
        played = int((reached * plays).sum())
        out[-1] = [deals * played, deals * (int(reached.sum()) * TURN_RIVERS - played)]
        return out

    deals_of: IntArray = dealer_flops.row_pass(
        f"ultimate-texas-holdem seen={solution.scenario} river tells", len(found.flops),
        {"net": settle.array(), "ties_larger": np.array(solution.ties_larger),
         "flops": found.flops},
        {"deals": np.zeros((len(found.flops), len(players) + 2, 2), dtype=np.int64)}, count,
        checkpoint=checkpoint, progress=progress, jobs=jobs)
    return deals_of


def tally(departures: npt.NDArray[np.int32], reached: IntArray, there: npt.NDArray[np.bool_],
          rules: Sequence[int]) -> IntArray:
    """``[players + 1, 2]``: the kernel's river departures (``[tables, 2, 13, 1326]``, the fold
    tables extended by :func:`every_tables`) weighted by ``reached`` (``[13, 1326]``), on the
    holdings each player reaches the river with (``there[p]``) under his rule (``rules[p]``),
    then on every player at once: each holding under the set of rules of those who reach it."""
    out = np.zeros((len(rules) + 1, 2), dtype=np.int64)
    rules_there = np.zeros(solver.HOLDINGS, dtype=np.int64)
    for p, rule in enumerate(rules):
        rules_there |= np.where(there[p], 1 << rule, 0)
        both = reached * there[p][None, :]
        out[p] = [int((both * departures[rule, 0]).sum()), int((both * departures[rule, 1]).sum())]
    for mask, (all_fold, all_play) in every_rows(max(rules) + 1).items():
        both = reached * (rules_there == mask)[None, :]
        out[-1] += [int((both * departures[all_fold, 0]).sum()),
                    int((both * departures[all_play, 1]).sum())]
    return out


def cached_deals(kind: str, label: str, solution: ExposedSolution,
                 players: Sequence[RiverPlayer], plans: Sequence[StreetPlan | None],
                 shape: tuple[int, ...], code: Sequence[ModuleType],
                 count: Callable[[tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]] | None,
                                  Checkpoint], IntArray], use_cache: bool, *,
                 tables: bool = True) -> IntArray:
    """The deals of a pass against ordinary players (``shape``), kept in the disk cache as
    ``kind``, named by the solve's preflop decisions, the players, their river rules
    (``plans``: None for basic strategy's), the pays and the ``code``; ``count(tables,
    checkpoint)`` makes them from the river rules' fold tables (:func:`every_tables`; None
    for a pass that counts no river: ``tables=False``)."""
    if len(plans) != max(player.rule for player in players) + 1:
        raise ValueError("every river rule must be some player's, the last one included")
    settle = solution.settlement
    digest = cache.arrays_digest({
        "state_cards": solution.state_cards, "choice": solution.choice,
        **{f"checks{p}": player.checks for p, player in enumerate(players)},
        **{f"flop{p}": player.flop_bets for p, player in enumerate(players)}})
    path = cache.entry_path(kind, {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": solution.ties_larger, "scenario": str(solution.scenario),
        "digest": digest, "rules": [player.rule for player in players],
        "plans": [None if plan is None else street_tells.plan_key(plan) for plan in plans],
        "arrays": STORED}, code)
    entry = cache.Entry(path, label)

    def load() -> IntArray | None:
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> IntArray:
            if arrays["deals"].shape != shape:
                raise ValueError("the arrays have the wrong shape")
            deals: IntArray = arrays["deals"].astype(np.int64)
            return deals
        return entry.load(STORED, accept)

    def solve(checkpoint: Checkpoint) -> IntArray:
        if not tables:
            return count(None, checkpoint)
        keys, folds = river_fold_tables(settle, solution.ties_larger, plans)
        return count((keys, every_tables(folds)), checkpoint)

    made: IntArray = cache.read_or_solve(entry, load, solve,
                                         lambda found: entry.store({"deals": found}), use_cache)
    return made


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
    def count(tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]] | None,
              checkpoint: Checkpoint) -> IntArray:
        assert tables is not None
        return sweep(found, solution, players, tables, checkpoint=checkpoint,
                     progress=progress, jobs=jobs)

    deals = cached_deals("uth-dealer-river-tells",
                         f"ultimate-texas-holdem seen={solution.scenario} river tells",
                         solution, players, plans, (len(found.flops), len(players) + 2, 2),
                         (sys.modules[__name__], _dealer_rivers, dealer_flops, street_tells,
                          practical, solver, _kernels), count, use_cache)
    totals = [[int(v) for v in pair] for pair in deals.sum(axis=0).tolist()]
    every_more, every_fewer = totals[-2]
    result = RiverTells(tuple((more, fewer) for more, fewer in totals[:-2]),
                        (every_more, every_fewer), totals[-1][0], totals[-1][1])
    check_against_solve(result, solution)
    return result
