"""The flop and river tells at Ultimate Texas Hold'em against an ordinary player's own flop and
river rules, exact (game protection, docs/protection.md, "Tells against ordinary play").

Where the informed player's flop and river decisions are basic strategy's (the optimal play of
the game as dealt), they are known per (holding, flop) from the unexposed solve and the ordinary
player's from his strategy's exact evaluation (:mod:`..strategy.practical`): with a flop card
seen preflop (``flop-1``, ``flop-2``, ``flop-3``) every seen card is on the board by the flop, so
the informed player knows no more there than anyone and plays basic strategy's flop and river;
in the game as dealt (the hands the informed player does not see) he plays basic strategy
throughout. A hand on which both checked preflop shows a tell at the flop where basic strategy
bets 2x and the ordinary player checks or the other way round, and at the river, after both
checked the flop, where one plays 1x and the other folds.

Per flop class representative F and holding h (the unexposed solve's layout), in deals of the
game as dealt over all of F's suit images (the orbit size x 1,081 turn-rivers x 990 dealer
hands for a flop decision; the turn-river pairs x 990 for a river one): the flop tells from the
two flop decisions, and the river tells from a pass of the strategy kernel
(``_kernels.uth_strategy_flops``) whose flop decision is "bet 2x where either of them bets",
so that the river departures it counts are those on flops both check. Each is then weighted by
how many ways the hand reaches the flop with both checking: in the game as dealt, basic
strategy's preflop check; with ``flop-k``, the informed preflop check on each of the ``k``-card
subsets of F he may have seen (the scenario's ways).

With one dealer card seen (``dealer-1``, ``dealer-1,flop-1``) the informed flop decision uses the
card: it comes from the pass of :mod:`.dealer_flops` (every flop state decided again), beside the
ordinary player's flop decision by flop id, on the hands both check preflop (the last section);
their river from the pass of :mod:`.dealer_rivers` (every board of the flop states both check).
With the card seen at the river (``dealer-1-river``) the informed flop decision is on (holding,
flop) alone, from the pass of :mod:`.river_flops`, laid out as the flop pass's; the river the
same as ``dealer-1``'s.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache
from edge.games.ultimate_texas_holdem.exposure import dealer_flops
from edge.games.ultimate_texas_holdem.exposure.dealer_one import holding_ids
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import (
    HOLDING_CARDS,
    StreetPlan,
    UthStrategy,
)

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
# the scenarios whose flop and river are basic strategy's: the seen cards are flop cards
FLOP_SEEN = {Seen.FLOP_1: 1, Seen.FLOP_2: 2, Seen.FLOP_3: 3}
# the four street tells, in the order the tables list them
KINDS = ("bets 2x on a flop it checks", "checks a flop it bets 2x",
         "plays 1x on a river it folds", "folds a river it plays 1x")


@dataclass(frozen=True)
class StreetDepartures:
    """Basic strategy's flop and river against an ordinary player's, per flop class
    representative and holding id (``[classes, 1326]``, zero where the holding touches the flop
    or the ordinary player raises preflop): ``kinds[k]`` the deals of tell ``KINDS[k]`` over all
    the class's flops, supposing both checked preflop; ``checks[h]`` whether the ordinary player
    checks holding h preflop."""

    classes: solver.FlopClasses
    kinds: IntArray            # [4, classes, 1326]
    checks: BoolArray

    def reached(self) -> IntArray:
        """Deals of each (class, holding) over the class's flops (orbit x 1,081 x 990), where
        the ordinary player checks preflop and the holding is off the flop."""
        sizes = np.diff(self.classes.image_offsets).astype(np.int64)
        off = _off_flop(self.classes.flops)
        deals: IntArray = (sizes[:, None] * (off & self.checks[None, :])
                           * solver.TURN_RIVERS * solver.DEALER_HOLDINGS)
        return deals


def _off_flop(flops: npt.NDArray[np.int32]) -> BoolArray:
    """``[classes, 1326]``: whether each holding shares no card with each flop."""
    cards = flops.astype(np.int64)
    off = np.ones((len(cards), solver.HOLDINGS), dtype=bool)
    for k in range(3):
        off &= HOLDING_CARDS[None, :, 0] != cards[:, k, None]
        off &= HOLDING_CARDS[None, :, 1] != cards[:, k, None]
    return off


def street_departures(strategy: UthStrategy, unexposed: solver.Solution, *,
                      classes: solver.FlopClasses | None = None,
                      jobs: int | None = None) -> StreetDepartures:
    """Basic strategy's flop and river against ``strategy``'s (a fixed preflop chart), per flop
    class and holding, exact (see the module docstring). ``classes`` (tests) counts those flop
    classes only."""
    if strategy.preflop_optimal:
        raise ValueError(f"strategy {strategy}: an ordinary player has a fixed preflop chart")
    if classes is None:
        chosen = solver.flop_classes()
        evaluation = practical.evaluate_cached(strategy, unexposed, jobs=jobs)
    else:               # a partial evaluation of those classes (``unexposed`` solved on them)
        chosen = classes
        evaluation = practical.evaluate(strategy, unexposed, jobs=jobs, classes=classes)
    settle = unexposed.settlement
    values = evaluation.flop_values
    optimal = ((values[..., 0] > values[..., 1])
               | ((values[..., 0] == values[..., 1]) & unexposed.ties_larger))
    theirs = evaluation.flop_decisions.astype(bool)
    checks = np.asarray(evaluation.choice == 0)
    live = _off_flop(chosen.flops) & checks[None, :]
    sizes = np.diff(chosen.image_offsets).astype(np.int64)[:, None]
    flop_deals = sizes * solver.TURN_RIVERS * solver.DEALER_HOLDINGS
    kinds = np.zeros((4, len(chosen.flops), solver.HOLDINGS), dtype=np.int64)
    kinds[0] = np.where(live & optimal & ~theirs, flop_deals, 0)
    kinds[1] = np.where(live & ~optimal & theirs, flop_deals, 0)
    # the river: the kernel counts river departures on the flops its plan checks
    either = (optimal | theirs).astype(np.uint8)
    boards, keys = _kernels.uth_board_classes()
    if classes is not None:
        kept = np.flatnonzero(np.isin(keys, solver.board_keys(solver.flop_boards(chosen.flops))))
        boards, keys = np.ascontiguousarray(boards[kept]), np.ascontiguousarray(keys[kept])
    program = practical.compile_plan(strategy.river)
    records = np.zeros((len(keys), solver.HOLDINGS), dtype=np.uint64)
    _kernels.uth_board_records(boards, settle.array(), settle.fold, unexposed.ties_larger,
                               records, program)
    actions = np.array([strategy.river.otherwise] + [rule.action for rule in strategy.river.rules],
                       dtype=np.uint8)
    plays = np.zeros(practical.RIVER_GROUPS, dtype=bool)
    plays[:len(actions)] = actions.astype(bool)
    reached = checks.astype(np.uint8)
    for row in range(len(chosen.flops)):
        perms = np.ascontiguousarray(chosen.images(row))
        cost = np.zeros((solver.HOLDINGS, practical.RIVER_GROUPS), dtype=np.int64)
        points = np.zeros_like(cost)
        _kernels.uth_strategy_flops(
            np.ascontiguousarray(chosen.flops[row:row + 1]),
            np.array([0, len(perms)], dtype=np.int32), perms, settle.array(), settle.fold,
            unexposed.ties_larger, records, keys, np.ascontiguousarray(either[row:row + 1]),
            np.zeros((1, solver.HOLDINGS, 3), dtype=np.int64),
            np.zeros((1, solver.HOLDINGS), dtype=np.uint8), cost, points, actions, reached)
        # the ordinary player folds where basic strategy plays: the informed player plays
        kinds[2, row] = points[:, ~plays].sum(axis=1) * solver.DEALER_HOLDINGS
        kinds[3, row] = points[:, plays].sum(axis=1) * solver.DEALER_HOLDINGS
    return StreetDepartures(chosen, kinds, checks)


STORED = ("flop", "river", "checks")


def plan_key(plan: StreetPlan) -> list[object]:
    """A street plan as the kernels read it (compiled), for a cache key."""
    return [part.tolist() if isinstance(part, np.ndarray) else part
            for part in practical.compile_plan(plan)]


def cached_departures(strategy: UthStrategy, unexposed: solver.Solution, *,
                      jobs: int | None = None, use_cache: bool = True) -> StreetDepartures:
    """:func:`street_departures` over every flop class, kept in the disk cache (about 12 s of
    CPU to make), named by what the kernels read of the strategy, the pays, the ties rule and
    the code."""
    settle = unexposed.settlement
    path = cache.entry_path("uth-street-tells", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": unexposed.ties_larger,
        "chart": [int(size) for size in strategy.chart],
        "flop": plan_key(strategy.flop), "river": plan_key(strategy.river),
        "arrays": STORED}, (sys.modules[__name__], practical, solver, _kernels))
    entry = cache.Entry(path, "ultimate-texas-holdem street tells")
    classes = solver.flop_classes()
    sizes = np.diff(classes.image_offsets).astype(np.int64)[:, None]
    flop_deals = sizes * solver.TURN_RIVERS * solver.DEALER_HOLDINGS

    def load() -> StreetDepartures | None:
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> StreetDepartures:
            flop, river = arrays["flop"].astype(np.int64), arrays["river"].astype(np.int64)
            if flop.shape != (2, len(classes.flops), solver.HOLDINGS) or river.shape != flop.shape:
                raise ValueError("the arrays have the wrong shape")
            kinds = np.concatenate([flop * flop_deals[None], river * solver.DEALER_HOLDINGS])
            return StreetDepartures(classes, kinds, arrays["checks"].astype(bool))
        return entry.load(STORED, accept)

    def store(found: StreetDepartures) -> None:
        entry.store({"flop": (found.kinds[:2] > 0).astype(np.uint8),
                     "river": (found.kinds[2:] // solver.DEALER_HOLDINGS).astype(np.int32),
                     "checks": found.checks})

    return cache.read_or_solve(entry, load, lambda _: street_departures(strategy, unexposed,
                                                                        jobs=jobs),
                               store, use_cache)


def as_dealt_deals(found: StreetDepartures, basic_choice: npt.NDArray[np.int8]) -> IntArray:
    """The deals of the game as dealt (of ``solver.CYCLE``) showing each street tell when basic
    strategy (preflop ``basic_choice`` per holding id) is played: the hands both check
    preflop."""
    both = (np.asarray(basic_choice) == 0)[None, :]
    totals: IntArray = (found.kinds * both[None]).sum(axis=(1, 2))
    return totals


def _subset_codes(cards: IntArray) -> IntArray:
    """A code for each row of ``k`` seen flop cards (one to three, any order): the rank of the
    sorted cards among the ``C(52, k)`` sets of ``k`` cards in lexicographic order."""
    seen = cards.shape[1]
    ordered = np.sort(cards, axis=1)
    code = np.zeros(len(cards), dtype=np.int64)
    for column in range(seen):
        code = code * 52 + ordered[:, column]
    sets = np.array(list(itertools.combinations(range(52), seen)), dtype=np.int64)
    flat = np.zeros(len(sets), dtype=np.int64)
    for column in range(seen):
        flat = flat * 52 + sets[:, column]
    rank: IntArray = np.searchsorted(flat, code)
    return rank


def checked_table(solution: ExposedSolution) -> npt.NDArray[np.int8]:
    """``[1326, C(52, k)]``: 1 where the informed ``flop-k`` player checks the holding (by id) with
    the seen flop cards (by :func:`_subset_codes`) preflop, 0 where he raises, -1 for no state
    (shares a card): every listed state written under each of the 24 suit permutations."""
    seen = FLOP_SEEN[solution.scenario]
    cards = solution.state_cards.astype(np.int64)
    checked = (solution.choice == 0).astype(np.int8)
    ids = holding_ids()
    table = np.full((solver.HOLDINGS, comb(52, seen)), -1, dtype=np.int8)
    for perm in itertools.permutations(range(4)):
        moved = (cards & ~3) | np.array(perm, dtype=np.int64)[cards & 3]
        table[ids[moved[:, 0], moved[:, 1]], _subset_codes(moved[:, 2:])] = checked
    return table


def informed_checks(solution: ExposedSolution, flops: npt.NDArray[np.int32],
                    live: BoolArray) -> IntArray:
    """``[classes, 1326]``: on how many of the ``k``-card subsets of each flop (the ways a
    ``flop-k`` player saw it) the informed player checks the holding preflop, where ``live``
    (elsewhere 0)."""
    seen = FLOP_SEEN[solution.scenario]
    table = checked_table(solution)
    count = np.zeros(live.shape, dtype=np.int64)
    rows, holdings = np.nonzero(live)
    flop_cards = flops.astype(np.int64)[rows]
    for subset in itertools.combinations(range(3), seen):
        found = table[holdings, _subset_codes(flop_cards[:, list(subset)])]
        if (found < 0).any():
            raise RuntimeError(f"A seen={solution.scenario} state is missing from its solve.")
        count[rows, holdings] += found
    return count


def exposed_deals(found: StreetDepartures, solution: ExposedSolution) -> IntArray:
    """The deals of the exposed cycle (``solution.cycle``) showing each street tell, for a
    ``flop-k`` solve: each (class, holding)'s tells times the subsets on which the informed
    player checks it preflop."""
    live = np.asarray(found.kinds.sum(axis=0) > 0)
    ways = informed_checks(solution, found.classes.flops, live)
    totals: IntArray = (found.kinds * ways[None]).sum(axis=(1, 2))
    return totals


def both_check_deals(found: StreetDepartures, solution: ExposedSolution) -> int:
    """The deals of the exposed cycle on which the informed player and the ordinary player
    both check preflop, counted through the flops (the check of the share totals: the same
    number comes from the solve's own preflop states)."""
    reached = found.reached()
    ways = informed_checks(solution, found.classes.flops, reached > 0)
    return int((reached * ways).sum())


# --- dealer-1 (and dealer-1,flop-1): the informed flop decisions of the pass (dealer_flops) ---

# the scenarios whose flop state is dealer-1's (holding, seen dealer card, flop): with a flop
# card seen too, it is on the flop by then
DEALER_FLOP = (Seen.DEALER_1, Seen.DEALER_1_FLOP_1)
# and those whose river state is dealer-1's (holding, board, seen dealer card): with the card
# seen at the river, the flop decision is on (holding, flop) alone (:mod:`.river_flops`)
DEALER_RIVER = (*DEALER_FLOP, Seen.DEALER_1_RIVER)


def dealer_checks(solution: ExposedSolution) -> npt.NDArray[np.int8]:
    """``[13, 52, 1326]`` for ``dealer-1,flop-1`` and ``dealer-1,turn-river-1`` (``[13, 1,
    1326]`` for ``dealer-1`` and ``dealer-1-river``): 1 where the informed player checks
    holding h preflop with the club of rank r seen (and flop card or turn-river card c:
    ``[r, c, h]``), 0 where he raises, -1 for no such state. With
    ``dealer-1-river`` the card is seen at the river: the preflop state is the holding alone,
    the same for every r."""
    cards = solution.state_cards.astype(np.int64)
    if solution.scenario is Seen.DEALER_1_RIVER:
        checks = np.full((13, 1, solver.HOLDINGS), -1, dtype=np.int8)
        checks[:, 0, holding_ids()[cards[:, 0], cards[:, 1]]] = solution.choice == 0
        return checks
    if solution.scenario not in (*DEALER_FLOP, Seen.DEALER_1_TURN_RIVER_1):
        raise ValueError(f"seen={solution.scenario}: the flop passes are dealer-1's, "
                         "dealer-1,flop-1's, dealer-1-river's and dealer-1,turn-river-1's")
    if (cards[:, 2] & 3).any():
        raise ValueError(f"the seen={solution.scenario} solve lists a seen dealer card that is "
                         "not a club")
    checks = np.full((13, 52 if cards.shape[1] > 3 else 1, solver.HOLDINGS), -1, dtype=np.int8)
    flop_card = cards[:, 3] if cards.shape[1] > 3 else 0
    checks[cards[:, 2] >> 2, flop_card, holding_ids()[cards[:, 0], cards[:, 1]]] = \
        solution.choice == 0
    return checks


def flop_rows(found: dealer_flops.InformedFlops, solution: ExposedSolution
               ) -> Iterator[tuple[int, int, IntArray]]:
    """Per flop of the pass: its row, the deals each of its flop states stands for (its orbit x
    the 4 suits of the seen dealer card x 45,540), and ``[13, 1326]`` the ways the informed
    player reaches each state checking preflop (``dealer-1``: 1 or 0; ``dealer-1,flop-1``: on
    how many of the flop's three cards, seen, he checks)."""
    checks = dealer_checks(solution)
    for row in range(len(found.flops)):
        yield flop_row(found, solution, checks, row)


def flop_row(found: dealer_flops.InformedFlops, solution: ExposedSolution,
             checks: npt.NDArray[np.int8], row: int) -> tuple[int, int, IntArray]:
    """One flop of :func:`flop_rows` (``checks``: :func:`dealer_checks` of the solution)."""
    flop = found.flops[row].astype(np.int64)
    off = dealer_flops.off_cards(flop)
    columns = flop if checks.shape[1] > 1 else np.zeros(1, dtype=np.int64)
    seen = checks[:, columns].astype(np.int64)                # [13, 3 or 1, 1326]
    if (seen[np.broadcast_to(off[:, None, :], seen.shape)] < 0).any():
        raise RuntimeError(f"A seen={solution.scenario} state is missing from its solve.")
    weight = int(found.sizes[row]) * dealer_flops.SUITS * dealer_flops.FLOP_DEALS
    return row, weight, np.where(off, seen.sum(axis=1), 0)


def dealer_flop_tells(found: dealer_flops.InformedFlops, solution: ExposedSolution,
                      checks: BoolArray, bets_by_flop: npt.NDArray[np.uint8]) -> tuple[int, int]:
    """The deals of the exposed cycle (``dealer-1`` or ``dealer-1,flop-1``) on which the
    informed player bets 2x on a flop an ordinary player checks, and checks one he bets 2x,
    both having checked preflop: ``checks[h]`` the ordinary player's preflop check,
    ``bets_by_flop`` ``[22100, 1326]`` his flop decisions by flop id
    (:func:`solver.flop_decisions_by_flop`)."""
    return dealer_flop_tells_of_all(found, solution, [checks], [bets_by_flop])


def dealer_flop_tells_of_all(found: dealer_flops.InformedFlops, solution: ExposedSolution,
                             checks: Sequence[BoolArray],
                             bets_by_flop: Sequence[npt.NDArray[np.uint8]]) -> tuple[int, int]:
    """:func:`dealer_flop_tells` against several ordinary players at once (``checks[p]`` and
    ``bets_by_flop[p]`` player p's): the deals on which the informed player, having checked
    preflop, bets 2x on a flop that every one of them who checks the holding preflop checks,
    and checks a flop each of those bets 2x, one of them at least having checked it (a holding
    every one of them raises preflop is told apart there, not on the flop)."""
    ids = dealer_flops.flop_ids(found.flops)
    checked = np.stack([np.asarray(c, dtype=bool) for c in checks])     # [players, 1326]
    reached: BoolArray = np.asarray(checked.any(axis=0))
    more = fewer = 0
    for row, weight, ways in flop_rows(found, solution):
        theirs = np.stack([b[ids[row]].astype(bool) for b in bets_by_flop])
        all_check = ~(theirs & checked).any(axis=0)
        all_bet = ~(~theirs & checked).any(axis=0)
        both = ways * reached[None, :]
        bets = found.bets[row]
        more += weight * int((both * (bets & all_check)).sum())
        fewer += weight * int((both * (~bets & all_bet)).sum())
    return more, fewer


def check_against_solve(found: dealer_flops.InformedFlops, solution: ExposedSolution) -> None:
    """The deals on which the pass has the informed player bet 2x (after a preflop check) must
    be the solve's own (its 2x line's deals): RuntimeError if not."""
    total = sum(weight * int((ways * found.bets[row]).sum())
                for row, weight, ways in flop_rows(found, solution))
    if total != int(solution.counts[2].sum()):
        raise RuntimeError(f"The {solution.scenario} flop pass bets 2x on {total} deals, the "
                           f"solve on {int(solution.counts[2].sum())}.")


def flop_tally(bet: IntArray, check: IntArray, checked: BoolArray, theirs: BoolArray
               ) -> IntArray:
    """``[players + 2, 2]``: the informed flop decisions against ordinary players, from the
    states of one flop reached with a preflop check summed per holding (``bet[h]`` bet 2x,
    ``check[h]`` checked): each player's tells (2x on a flop he checks, a check on a flop he
    bets 2x) where he checks the holding preflop (``checked[p]``; his flop ``theirs[p]``), the
    tells against every player at once (each of those who check the holding preflop deciding
    otherwise, one at least), then all the 2x and checks."""
    out = np.zeros((len(checked) + 2, 2), dtype=np.int64)
    for p in range(len(checked)):
        out[p] = [int(bet[checked[p] & ~theirs[p]].sum()),
                  int(check[checked[p] & theirs[p]].sum())]
    anyone = checked.any(axis=0)
    all_check = anyone & ~(theirs & checked).any(axis=0)
    all_bet = anyone & ~(~theirs & checked).any(axis=0)
    out[-2] = [int(bet[all_check].sum()), int(check[all_bet].sum())]
    out[-1] = [int(bet.sum()), int(check.sum())]
    return out
