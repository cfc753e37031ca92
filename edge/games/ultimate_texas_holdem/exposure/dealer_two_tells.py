"""The flop and river tells of ``seen=dealer-2`` against ordinary play, exact
(docs/protection.md, "Tells against ordinary play").

With both dealer hole cards D seen, the informed flop decision is on (holding P, D, flop F).
The solve keeps none: this pass runs the solve's own kernel (``_two.solve_flops``) once more on
each of the 1,755 flop class representatives, with every (D, P) given a row of its own, and
reads each row's flops-bet column. The kernel counts one dealer holding of each orbit under
the suit permutations fixing the flop; any other D takes the decision of its orbit's
representative with P moved by the permutation taking D to it (a suit permutation of a deal
changes no outcome).

The flop: on the states the informed player reaches checking preflop (the solve's choice of
(P, D)) and an ordinary player checks P preflop, the informed 2x is compared with the ordinary
player's flop decision on F; each (P, D, F) stands for the 990 turn-rivers, and a class's counts
for each of its flops (the ordinary players' rules do not depend on the suits' names either).

The river: there the informed player knows the result and plays 1x or folds by its outcome
category, as the solve does (:func:`.dealer_two.river_values`). On every turn-river board of
the class's flop, the kernel (``_dealer_rivers.dealer_two_river_flop``) counts, per holding P,
the dealer holdings D with which the informed player checked to the river and plays 1x, and
those he folds, and beside each ordinary river rule's decision on (P, board) (basic strategy's
or a chart's own, read from the fold tables of :mod:`.dealer_rivers` by board suit class)
those where the two differ; each ordinary player counts the holdings he checks to that river
(preflop and on F), and the row of decisions no ordinary player makes the river decisions every
one of those who reach it makes the other way (as for ``dealer-1``: :func:`.dealer_rivers.tally`).

The pass checks itself against the solve: the deals on which the informed player bets 2x,
plays 1x on the river and folds there equal the solve's.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from edge.cache import Checkpoint
from edge.games.ultimate_texas_holdem.exposure import (
    _dealer_rivers,
    dealer_flops,
    dealer_rivers,
    dealer_two,
    street_tells,
    turn_river_tells,
)
from edge.games.ultimate_texas_holdem.exposure import _two as _exposure_two
from edge.games.ultimate_texas_holdem.exposure.dealer_one import holding_cards, holding_ids
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.exposure.sweep_one import permute_cards
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import StreetPlan

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
SCENARIO = Seen.DEALER_2
FLOPS_BET = 2 * solver.CATEGORIES        # the row's column of the flops bet 2x (_two.pyx)
RIVER_WORDS = 21                         # 64-bit words of a row of 1,326 dealer holdings


def _apart() -> BoolArray:
    """``[1326, 1326]``: whether holdings D and P share no card."""
    cards = holding_cards()
    holds = np.zeros((solver.HOLDINGS, 52), dtype=bool)
    rows = np.arange(solver.HOLDINGS)
    holds[rows, cards[:, 0]] = holds[rows, cards[:, 1]] = True
    shared = holds.astype(np.int32) @ holds.T.astype(np.int32)
    apart: BoolArray = shared == 0
    return apart


@dataclass(frozen=True)
class Tables:
    """What every flop of the pass reads: ``apart[D, P]``, the holding each holding becomes
    under each of the 24 suit permutations (``moved``) and the kernel's row of each (D, P)."""

    apart: BoolArray
    moved: IntArray
    state_index: npt.NDArray[np.int32]

    @staticmethod
    def make() -> Tables:
        apart = _apart()
        ids = holding_ids()
        images = [permute_cards(perm, holding_cards())
                  for perm in _kernels.uth_permutations().astype(np.int64)]
        moved = np.stack([ids[image[:, 0], image[:, 1]] for image in images])
        # every (D, P) its own row, -1 where the two holdings share a card
        own_rows = np.arange(solver.HOLDINGS * solver.HOLDINGS, dtype=np.int32).reshape(
            solver.HOLDINGS, solver.HOLDINGS)
        return Tables(apart, moved, np.where(apart, own_rows, -1).astype(np.int32))


def off_the_flop(flop: npt.NDArray[np.int32]) -> BoolArray:
    """``[1326]``: whether each holding has no card of the flop."""
    found: BoolArray = ~np.asarray(np.isin(holding_cards(), flop.astype(np.int64)).any(axis=1))
    return found


def informed_bets(flop: npt.NDArray[np.int32], settle: solver.Settlement, ties_larger: bool,
                  tables: Tables | None = None) -> BoolArray:
    """``[1326, 1326]``: whether the informed ``dealer-2`` player bets 2x on this flop with
    dealer holding D and holding P (``[D, P]``; False where they share a card or touch the
    flop), from the solve's kernel; the dealer holdings it leaves to their orbit take their
    representative's decision with P moved as D is."""
    tables = Tables.make() if tables is None else tables
    cards = flop.astype(np.int64)
    river, _ = dealer_two.river_values(settle, ties_larger)
    rows = np.zeros((solver.HOLDINGS * solver.HOLDINGS, dealer_two.ROW), dtype=np.int32)
    _exposure_two.solve_flops(np.ascontiguousarray(cards[None, :], dtype=np.int32),
                              tables.state_index, np.ascontiguousarray(settle.array()[2]),
                              river, ties_larger, rows)
    dealt = rows[:, :FLOPS_BET].sum(axis=1, dtype=np.int64).reshape(solver.HOLDINGS,
                                                                    solver.HOLDINGS)
    bets = (rows[:, FLOPS_BET] > 0).reshape(solver.HOLDINGS, solver.HOLDINGS)
    del rows
    off = off_the_flop(flop)
    valid = tables.apart & off[:, None] & off[None, :]
    perms = _kernels.uth_permutations().astype(np.int64)
    fixing = [g for g, perm in enumerate(perms)
              if sorted(permute_cards(perm, cards).tolist()) == sorted(cards.tolist())]
    solved = dealt.any(axis=1)                                        # the representatives
    # each dealer holding off the flop: a permutation fixing the flop taking it to its
    # orbit's representative (exactly one per orbit is solved)
    taking = np.full(solver.HOLDINGS, -1, dtype=np.int64)
    for g in fixing:
        hit = off & (taking < 0) & solved[tables.moved[g]]
        taking[hit] = g
    orbit = np.zeros(solver.HOLDINGS, dtype=np.int64)
    representative = np.where(taking >= 0, tables.moved[np.maximum(taking, 0),
                                                        np.arange(solver.HOLDINGS)], -1)
    np.add.at(orbit, representative[off], 1)
    size = 24 // len(fixing)
    if (taking[off] < 0).any() or not np.array_equal(dealt[solved] > 0, valid[solved]) \
            or not (dealt[solved][valid[solved]]
                    == np.repeat(size * orbit[solved], valid[solved].sum(axis=1))
                    * dealer_two.RUNOUTS).all():
        raise RuntimeError(f"The dealer-2 flop pass read the kernel's states of flop "
                           f"{cards.tolist()} wrongly.")
    dealer = np.flatnonzero(off)
    found = np.zeros((solver.HOLDINGS, solver.HOLDINGS), dtype=bool)
    found[dealer] = bets[representative[dealer][:, None], tables.moved[taking[dealer]]]
    found &= valid
    return found


def count_class(flop: npt.NDArray[np.int32], size: int, checks: BoolArray, bets: BoolArray,
                flop_id: int, players: Sequence[dealer_rivers.RiverPlayer]) -> IntArray:
    """``[players + 2, 2]`` deals of one flop class (``size`` flops): each player's flop tells
    (2x on a flop he checks, a check on a flop he bets 2x), those against every player at once,
    then the informed 2x and flop checks after a preflop check; ``checks[D, P]`` the solve's
    preflop checks, ``bets`` the informed flop decisions of :func:`informed_bets`."""
    off = off_the_flop(flop)
    reached = checks & off[:, None] & off[None, :]
    bet = (reached & bets).sum(axis=0)                                 # per holding P
    check = (reached & ~bets).sum(axis=0)
    checked = np.stack([np.asarray(player.checks, dtype=bool) for player in players])
    theirs = np.stack([player.flop_bets[flop_id].astype(bool) for player in players])
    found: IntArray = size * dealer_two.RUNOUTS * street_tells.flop_tally(bet, check, checked,
                                                                          theirs)
    return found


def river_reach(flop: npt.NDArray[np.int32], checks: BoolArray, bets: BoolArray
                ) -> npt.NDArray[np.uint64]:
    """``[1326, 21]``: per holding P, the dealer holdings D (bit ``D & 63`` of word ``D >> 6``)
    with which the informed player checks preflop and on this flop (``checks[D, P]``, ``bets[D,
    P]``), off the flop and apart from P: the states he reaches the river with."""
    off = off_the_flop(flop)
    reached = checks & ~bets & off[:, None] & off[None, :]
    packed = np.zeros((solver.HOLDINGS, 8 * RIVER_WORDS), dtype=np.uint8)
    packed[:, :solver.HOLDINGS // 8 + 1] = np.packbits(reached.T, axis=1, bitorder="little")
    found: npt.NDArray[np.uint64] = packed.view("<u8").astype(np.uint64)
    return found


def river_counts(flop: npt.NDArray[np.int32], reach: npt.NDArray[np.uint64],
                 category_plays: npt.NDArray[np.bool_],
                 tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]
                 ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """The kernel on one flop: per holding P, the (board, dealer holding) of the states
    ``reach`` marks where the informed player plays 1x on the river (``category_plays`` by
    outcome category) and where he folds, and ``departures[k, j, P]`` those where rule k of
    the fold ``tables`` folds (j 0) or plays (j 1) and he does not."""
    keys, folds = tables
    plays = np.zeros(solver.HOLDINGS, dtype=np.int32)
    informed_folds = np.zeros(solver.HOLDINGS, dtype=np.int32)
    departures = np.zeros((folds.shape[0], 2, solver.HOLDINGS), dtype=np.int32)
    _dealer_rivers.dealer_two_river_flop(np.ascontiguousarray(flop, dtype=np.int32),
                                         np.ascontiguousarray(reach),
                                         np.ascontiguousarray(category_plays, dtype=np.uint8),
                                         keys, folds, plays, informed_folds, departures)
    return plays, informed_folds, departures


def count_river(flop: npt.NDArray[np.int32], size: int, reach: npt.NDArray[np.uint64],
                flop_id: int, players: Sequence[dealer_rivers.RiverPlayer],
                category_plays: npt.NDArray[np.bool_],
                tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]) -> IntArray:
    """``[players + 2, 2]`` deals of one flop class (``size`` flops): each player's river tells
    (1x on a river he folds, a fold of a river he plays 1x) on the holdings he checks to the
    river, those against every player at once, then the informed 1x and folds on the river."""
    plays, folds, departures = river_counts(flop, reach, category_plays, tables)
    there = np.stack([player.checks & ~player.flop_bets[flop_id].astype(bool)
                      for player in players])
    everywhere = np.ones((1, solver.HOLDINGS), dtype=np.int64)
    found = np.zeros((len(players) + 2, 2), dtype=np.int64)
    found[:-1] = size * dealer_rivers.tally(departures[:, :, None, :], everywhere, there,
                                            [player.rule for player in players])
    found[-1] = [size * int(plays.sum(dtype=np.int64)), size * int(folds.sum(dtype=np.int64))]
    return found


def preflop_checks(solution: ExposedSolution) -> BoolArray:
    """``[1326, 1326]``: whether the informed player checks preflop with dealer holding D and
    holding P (``[D, P]``; False where they share a card)."""
    index = dealer_two.states().index
    checks: BoolArray = (index >= 0) & (solution.choice[np.maximum(index, 0)] == 0)
    return checks


def sweep(solution: ExposedSolution, players: Sequence[dealer_rivers.RiverPlayer],
          tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]], *,
          classes: solver.FlopClasses | None = None, checkpoint: Checkpoint | None = None,
          progress: bool = False, jobs: int | None = None) -> IntArray:
    """:func:`count_class` and :func:`count_river` over the flop classes (``classes``: some of
    them, for tests): ``[classes, 2, players + 2, 2]`` (the flop's counts, then the river's),
    the river rules read from ``tables`` (:func:`.dealer_rivers.every_tables`),
    counted on ``jobs`` worker threads (the kernels release the GIL; each class's counts are
    its own, the same on any number); with a ``checkpoint`` it resumes from it and writes it at
    least once a minute of work."""
    chosen = solver.flop_classes() if classes is None else classes
    settle = solution.settlement
    ids = dealer_flops.flop_ids(chosen.flops)
    checks = preflop_checks(solution)
    made = Tables.make()
    _, category_plays = dealer_two.river_values(settle, solution.ties_larger)

    def count(row: int) -> IntArray:
        """One class's counts (on a worker thread)."""
        flop = chosen.flops[row]
        size = chosen.orbit_size(row)
        bets = informed_bets(flop, settle, solution.ties_larger, made)
        on_flop = count_class(flop, size, checks, bets, int(ids[row]), players)
        reach = river_reach(flop, checks, bets)
        del bets
        on_river = count_river(flop, size, reach, int(ids[row]), players, category_plays,
                               tables)
        return np.stack([on_flop, on_river])

    # one class ahead: each worker holds the kernel's 250 MB of rows while it counts
    deals: IntArray = dealer_flops.row_pass(
        f"ultimate-texas-holdem seen={SCENARIO} flop and river tells", len(chosen.flops),
        {"net": settle.array(), "ties_larger": np.array(solution.ties_larger),
         "flops": chosen.flops},
        {"deals": np.zeros((len(chosen.flops), 2, len(players) + 2, 2), dtype=np.int64)}, count,
        checkpoint=checkpoint, progress=progress, jobs=jobs, ahead=1)
    return deals


def street_tells_of(solution: ExposedSolution, players: Sequence[dealer_rivers.RiverPlayer],
                 plans: Sequence[StreetPlan | None], *, use_cache: bool = True,
                 progress: bool = False, jobs: int | None = None) -> turn_river_tells.StreetTells:
    """:func:`sweep` over every flop class on ``jobs`` threads, totalled and checked against
    the solve, kept in the disk cache (minutes of both cores to make: docs/protection.md),
    named by the solve's preflop decisions, the players, their river rules (``plans``: None for
    basic strategy's) and the code."""
    if solution.scenario is not SCENARIO:
        raise ValueError(f"seen={solution.scenario}: this pass is {SCENARIO}'s")
    flops = solver.flop_classes().flops

    def count(tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]] | None,
              checkpoint: Checkpoint) -> IntArray:
        assert tables is not None
        return sweep(solution, players, tables, checkpoint=checkpoint, progress=progress,
                     jobs=jobs)

    deals = dealer_rivers.cached_deals(
        "uth-dealer-two-tells", f"ultimate-texas-holdem seen={SCENARIO} flop and river tells",
        solution, players, plans, (len(flops), 2, len(players) + 2, 2),
        (sys.modules[__name__], _exposure_two, _dealer_rivers, dealer_two, dealer_rivers,
         dealer_flops, street_tells, turn_river_tells, practical, solver, _kernels), count,
        use_cache)
    found = turn_river_tells.totals(deals)
    turn_river_tells.check_against_solve(found, solution)
    return found
