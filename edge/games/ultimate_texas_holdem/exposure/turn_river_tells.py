"""The flop and river tells of ``seen=dealer-1,turn-river-1`` against ordinary play, exact
(docs/protection.md, "Tells against ordinary play").

The informed player sees one dealer hole card d and one card t that will be the turn or the
river before he decides preflop, so his flop state is (holding, d, t, flop). The solve keeps no
flop decisions: this pass decides every flop state again with the solve's own kernel
(``_one.dealer_one_flops``, mode 2: the turn-river states), one flop of
:func:`.dealer_flops.club_flops` at a time, d running over the clubs off it with the identity
suit permutation, and reads each state's flop-bets column. The kernel solves one holding of each
orbit under the suit permutations fixing the flop and d (those keeping the clubs); any other
holding h takes the decision of its orbit's representative with t moved by the permutation
taking h to it (a suit permutation of a deal changes no outcome). As for ``dealer-1``, a dealt
state with d of another suit is a club state under a suit exchange: the counts over the clubs
are a quarter of the whole.

On the states the informed player reaches checking preflop (the solve's choice of (holding, d,
t)) and an ordinary player checks the holding preflop, the flop tells compare his 2x with the
ordinary player's flop decision by flop id; each flop state stands for its flop's orbit x the 4
suits of d x 45 other turn-river cards x 44 dealer cards of the exposed cycle. The states he
checks on the flop go to the river kernel (``_dealer_rivers.dealer_river_flop`` with the states
marked by t): on each turn-river pair the informed river decision is ``dealer-1``'s (t is on
the board by then), the pair counted once for each of its two cards that, seen, reach the
state, each count standing for the flop's orbit x 4 x 44 deals. The rows of decisions no
ordinary player makes are counted as for ``dealer-1`` (:mod:`.street_tells`,
:mod:`.dealer_rivers`). The pass checks itself against the solve: the deals on which the
informed player bets 2x, plays 1x on the river and folds it equal the solve's.
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
    street_tells,
)
from edge.games.ultimate_texas_holdem.exposure import _one as _exposure_one
from edge.games.ultimate_texas_holdem.exposure.dealer_one import (
    FLOP_BETS,
    PLAY,
    holding_cards,
    holding_ids,
    suit_zero_permutations,
)
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.exposure.sweep_one import ROW, permute_cards
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import StreetPlan

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
SCENARIO = Seen.DEALER_1_TURN_RIVER_1
OTHER_CARDS = 45                 # the other turn-river card u of a flop state (h, d, t, flop)
DEALER_CARDS = 44                # the dealer's other card x
STATE_DEALS = OTHER_CARDS * DEALER_CARDS   # deals of one flop state (u, x)
_MODE = 2                        # the kernel's turn-river states


def _holds() -> BoolArray:
    """``[1326, 52]``: whether holding h holds card c."""
    cards = holding_cards()
    holds = np.zeros((solver.HOLDINGS, 52), dtype=bool)
    rows = np.arange(solver.HOLDINGS)
    holds[rows, cards[:, 0]] = holds[rows, cards[:, 1]] = True
    return holds


def states_of(flop: npt.NDArray[np.int64]) -> BoolArray:
    """``[13, 52, 1326]``: whether (club of rank r, card t, holding h) is a flop state of this
    flop: all of d = 4 r, t, h's cards and the flop's distinct."""
    holds = _holds()
    on_flop = np.zeros(52, dtype=bool)
    on_flop[flop] = True
    clubs = dealer_flops.CLUBS
    free = ~on_flop
    holding_free: BoolArray = ~np.asarray(holds[:, on_flop].any(axis=1))        # [1326]
    valid: BoolArray = np.asarray(free[clubs][:, None, None] & free[None, :, None]
                                  & holding_free[None, None, :]
                                  & ~holds.T[clubs][:, None, :] & ~holds.T[None, :, :])
    valid[np.arange(13), clubs, :] = False                                     # t == d
    return valid


@dataclass(frozen=True)
class Symmetry:
    """The suit permutations keeping the clubs: ``moved[k, h]`` the holding h becomes under
    permutation k, ``cards[k, c]`` the card c becomes."""

    moved: IntArray
    cards: IntArray

    @staticmethod
    def make() -> Symmetry:
        perms = suit_zero_permutations()
        ids = holding_ids()
        held = holding_cards()
        moved = np.stack([ids[permute_cards(perm, held)[:, 0], permute_cards(perm, held)[:, 1]]
                          for perm in perms])
        cards = np.stack([permute_cards(perm, np.arange(52, dtype=np.int64)) for perm in perms])
        return Symmetry(moved, cards)


def informed_bets(flop: npt.NDArray[np.int32], settle: solver.Settlement, ties_larger: bool,
                  symmetry: Symmetry | None = None) -> BoolArray:
    """``[13, 52, 1326]``: whether the informed ``dealer-1,turn-river-1`` player bets 2x on
    this flop holding h with the club of rank r and the turn-river card t seen (False off the
    flop states), from the solve's kernel; the holdings it leaves to their orbit take their
    representative's decision with t moved as the holding is."""
    symmetry = Symmetry.make() if symmetry is None else symmetry
    cards = flop.astype(np.int64)
    seen = np.array([d for d in dealer_flops.CLUBS if d not in cards], dtype=np.int32)
    out = np.zeros((13 * 52, solver.HOLDINGS, ROW), dtype=np.int32)
    _exposure_one.dealer_one_flops(
        np.ascontiguousarray(cards[None, :], dtype=np.int32),
        np.array([0, len(seen)], dtype=np.int32), seen,
        np.tile(np.arange(4, dtype=np.int8), (len(seen), 1)),
        np.ones(len(seen), dtype=np.int64), settle.array(), settle.fold, ties_larger, _MODE,
        out_turn_river=out)
    played = out[:, :, PLAY].sum(axis=2, dtype=np.int64).reshape(13, 52, solver.HOLDINGS)
    bets = (out[:, :, FLOP_BETS] > 0).reshape(13, 52, solver.HOLDINGS)
    del out
    perms = suit_zero_permutations()
    fixing = [k for k, perm in enumerate(perms)
              if sorted(permute_cards(perm, cards).tolist()) == sorted(cards.tolist())]
    least = symmetry.moved[fixing].min(axis=0)          # each holding's orbit representative
    size = np.array([len(set(column)) for column in symmetry.moved[fixing].T.tolist()],
                    dtype=np.int64)
    valid = states_of(cards)
    solved = played > 0
    expected = valid & (least == np.arange(solver.HOLDINGS))[None, None, :]
    if not np.array_equal(solved, expected) or not (
            played[solved] == np.broadcast_to(size, played.shape)[solved] * STATE_DEALS).all():
        raise RuntimeError(f"The dealer-1,turn-river-1 flop pass read the kernel's states of "
                           f"flop {cards.tolist()} wrongly.")
    # each holding: a permutation of the flop's stabiliser taking it to its representative
    taking = np.full(solver.HOLDINGS, -1, dtype=np.int64)
    for k in fixing:
        taking[(symmetry.moved[k] == least) & (taking < 0)] = k
    t_image = symmetry.cards[taking]                      # [1326, 52]: t as the holding moves
    found: BoolArray = bets[:, t_image.T, least[None, :]] & valid
    return found


def count_flop(flop: npt.NDArray[np.int32], size: int, checks: npt.NDArray[np.int8],
               bets: BoolArray, flop_id: int, players: Sequence[dealer_rivers.RiverPlayer],
               settle: solver.Settlement, ties_larger: bool,
               tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]) -> IntArray:
    """One flop's counts: ``[2, players + 2, 2]`` deals per street (flop, river), each
    player's two tells, the two against every player at once, then the informed player's (2x
    and flop checks after a preflop check; river 1x and river folds). ``checks`` the solve's
    preflop checks (:func:`.street_tells.dealer_checks`, ``[13, 52, 1326]``), ``bets`` the
    informed flop decisions of :func:`informed_bets`, ``size`` the flop's orbit size;
    ``tables`` the river rules' fold tables extended by :func:`.dealer_rivers.every_tables`."""
    valid = states_of(flop.astype(np.int64))
    if (checks[valid] < 0).any():
        raise RuntimeError(f"A seen={SCENARIO} state is missing from its solve.")
    reached = valid & (checks == 1)
    deals = size * dealer_flops.SUITS * STATE_DEALS
    river_deals = size * dealer_flops.SUITS * DEALER_CARDS
    out = np.zeros((2, len(players) + 2, 2), dtype=np.int64)
    # the flop: the informed 2x and check per holding, summed over (d, t)
    bet = (reached & bets).sum(axis=(0, 1))
    check = (reached & ~bets).sum(axis=(0, 1))
    checked = np.stack([np.asarray(player.checks, dtype=bool) for player in players])
    theirs = np.stack([player.flop_bets[flop_id].astype(bool) for player in players])
    out[0] = deals * street_tells.flop_tally(bet, check, checked, theirs)
    # the river: the states checked on the flop, each turn-river pair by its cards seen
    live = reached & ~bets
    plays, departures = dealer_rivers.flop_counts(flop, live, settle, ties_larger, tables)
    out[1, :-1] = river_deals * dealer_rivers.tally(
        departures, np.ones((13, solver.HOLDINGS), dtype=np.int64), checked & ~theirs,
        [player.rule for player in players])
    played = int(plays.sum())
    out[1, -1] = [river_deals * played,
                  river_deals * (int(live.sum()) * OTHER_CARDS - played)]
    return out


def sweep(solution: ExposedSolution, players: Sequence[dealer_rivers.RiverPlayer],
          tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]], *,
          flops: npt.NDArray[np.int32] | None = None, sizes: IntArray | None = None,
          checkpoint: Checkpoint | None = None, progress: bool = False,
          jobs: int | None = None) -> IntArray:
    """:func:`count_flop` over the flops of :func:`.dealer_flops.club_flops` (``flops`` and
    ``sizes``: some of them, for tests): ``[flops, 2, players + 2, 2]``, the flops counted on
    ``jobs`` worker threads (the kernels release the GIL; each flop's counts are its own, the
    same on any number); with a ``checkpoint`` it resumes from it and writes it at least once
    a minute of work."""
    if flops is None or sizes is None:
        flops, sizes = dealer_flops.club_flops()
    settle = solution.settlement
    ids = dealer_flops.flop_ids(flops)
    checks = street_tells.dealer_checks(solution)
    symmetry = Symmetry.make()

    def count(row: int) -> IntArray:
        """One flop's counts (on a worker thread)."""
        bets = informed_bets(flops[row], settle, solution.ties_larger, symmetry)
        return count_flop(flops[row], int(sizes[row]), checks, bets, int(ids[row]), players,
                          settle, solution.ties_larger, tables)

    # two flops ahead: each worker holds the kernel's 200 MB buffer while it counts
    deals_of: IntArray = dealer_flops.row_pass(
        f"ultimate-texas-holdem seen={SCENARIO} flop and river tells", len(flops),
        {"net": settle.array(), "ties_larger": np.array(solution.ties_larger), "flops": flops},
        {"deals": np.zeros((len(flops), 2, len(players) + 2, 2), dtype=np.int64)}, count,
        checkpoint=checkpoint, progress=progress, jobs=jobs, ahead=2)
    return deals_of


@dataclass(frozen=True)
class StreetTells:
    """Deals of the exposed cycle per street (flop, river): each player's two tells, the two
    against every player at once, and the informed player's (2x, check; 1x, fold)."""

    flop: tuple[tuple[int, int], ...]
    every_flop: tuple[int, int]
    river: tuple[tuple[int, int], ...]
    every_river: tuple[int, int]
    informed_flop: tuple[int, int]
    informed_river: tuple[int, int]


def totals(deals: IntArray) -> StreetTells:
    """The pass's counts (``[flops, 2, players + 2, 2]``) added over the flops."""
    summed = [[(int(more), int(fewer)) for more, fewer in street.tolist()]
              for street in deals.sum(axis=0)]
    flop, river = summed
    return StreetTells(tuple(flop[:-2]), flop[-2], tuple(river[:-2]), river[-2], flop[-1],
                       river[-1])


def check_against_solve(found: StreetTells, solution: ExposedSolution) -> None:
    """The informed 2x deals, river 1x deals and river folds of the pass must be the solve's:
    RuntimeError if not."""
    bets = int(solution.counts[2].sum())
    plays = int(solution.counts[1].sum())
    if found.informed_flop[0] != bets or found.informed_river != (plays, solution.folds):
        raise RuntimeError(
            f"The {solution.scenario} pass bets 2x on {found.informed_flop[0]} deals, plays 1x "
            f"on {found.informed_river[0]} and folds {found.informed_river[1]}; the solve "
            f"{bets}, {plays} and {solution.folds}.")


def street_tells_of(solution: ExposedSolution, players: Sequence[dealer_rivers.RiverPlayer],
                    plans: Sequence[StreetPlan | None], *, use_cache: bool = True,
                    progress: bool = False, jobs: int | None = None) -> StreetTells:
    """:func:`sweep` over every flop of the pass on ``jobs`` threads, totalled and checked
    against the solve, kept in the disk cache (minutes of both cores to make:
    docs/protection.md), named by the solve's preflop decisions, the players, their river rules
    (``plans``: None for basic strategy's) and the code."""
    if solution.scenario is not SCENARIO:
        raise ValueError(f"seen={solution.scenario}: this pass is {SCENARIO}'s")
    flops, _ = dealer_flops.club_flops()

    def count(tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]] | None,
              checkpoint: Checkpoint) -> IntArray:
        assert tables is not None
        return sweep(solution, players, tables, checkpoint=checkpoint, progress=progress,
                     jobs=jobs)

    deals = dealer_rivers.cached_deals(
        "uth-turn-river-tells", f"ultimate-texas-holdem seen={SCENARIO} flop and river tells",
        solution, players, plans, (len(flops), 2, len(players) + 2, 2),
        (sys.modules[__name__], _exposure_one, dealer_rivers, _dealer_rivers, dealer_flops,
         street_tells, practical, solver, _kernels), count, use_cache)
    found = totals(deals)
    check_against_solve(found, solution)
    return found
