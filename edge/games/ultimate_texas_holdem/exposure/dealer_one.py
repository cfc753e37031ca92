"""Exact solves of Ultimate Texas Hold'em with one card seen (docs/protection.md).

Scenarios: ``dealer-1`` (one dealer hole card seen before the preflop decision),
``dealer-1,flop-1`` (and one flop card), ``dealer-1,turn-river-1`` (and one of the turn and
river) and ``flop-1`` (one flop card alone).

Information states. With a dealer card d seen, the player decides before the flop on
(holding P, d) [and the seen flop card f or turn-river card t], on the flop on (P, d, flop)
[and t], on the river on (P, d, board): there the value of 1x is summed over the dealer's 44
unseen cards x, by outcome category, and compared with folding. ``flop-1`` keeps the unexposed
game's flop and river decisions; only the preflop state (P, f) is new.

The sweep (:mod:`.sweep_one`, kernel ``_exposure_one``): for every suit class of flops (1,755)
the holdings of each of its 1,176 boards are numbered by strength once; every seen dealer card
d (up to the symmetries that fix the flop) then reads the dealer's hands {d, x} off those
numbers, so a board is evaluated once for all d. Each (flop, d) unit adds its states' lines to
the state taken by a suit permutation that puts d in suit 0 (the clubs), weighted 6 / (the size
of the unit's stabiliser); summing the six permutations of the other three suits at the end
(and dividing by 6) gives every state with d in suit 0 exactly. ``flop-1`` works the same way
over the flop classes with all 24 permutations.

The solutions list the preflop states whose seen dealer card (``flop-1``: seen flop card) is a
club, each standing for the 4 states of its suit choices (``state_weight`` 4);
:meth:`ExposedSolution.choice_of` answers for any dealt state.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import comb
from types import ModuleType
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache
from edge.cache import Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _one as _exposure_one
from edge.games.ultimate_texas_holdem.exposure import sweep_one
from edge.games.ultimate_texas_holdem.exposure.solution import WAYS, ExposedSolution, IntArray, Seen
from edge.games.ultimate_texas_holdem.exposure.sweep_one import MODES as MODES
from edge.games.ultimate_texas_holdem.exposure.sweep_one import ROW as ROW
from edge.games.ultimate_texas_holdem.exposure.sweep_one import dealer_sums as dealer_sums
from edge.games.ultimate_texas_holdem.exposure.sweep_one import flop_sums as flop_sums
from edge.games.ultimate_texas_holdem.exposure.sweep_one import permute_cards, suit_permutations
from edge.games.ultimate_texas_holdem.solve import _kernels, solver

PLAY, BET, CHECK = slice(0, 17), slice(17, 34), slice(34, 51)
FOLDS, RIVER_TIES, FLOP_BETS, FLOP_TIES = 51, 52, 53, 54
CATEGORIES = solver.CATEGORIES

# deals of one preflop state: (flops, turn-river pairs, dealer holdings) as the lines count them
DEALS = {
    Seen.DEALER_1: comb(49, 3) * comb(46, 2) * 44,
    Seen.DEALER_1_FLOP_1: comb(48, 2) * comb(46, 2) * 44,
    Seen.DEALER_1_TURN_RIVER_1: comb(48, 3) * 45 * 44,
    Seen.FLOP_1: comb(49, 2) * comb(47, 2) * comb(45, 2),
}
# dealer hands behind one folded board (the fold counts are in boards)
FOLD_DEALS = {Seen.DEALER_1: 44, Seen.DEALER_1_FLOP_1: 44, Seen.DEALER_1_TURN_RIVER_1: 44,
              Seen.FLOP_1: solver.DEALER_HOLDINGS}



def holding_ids() -> npt.NDArray[np.int64]:
    """``ids[a, b]``: the holding id of cards a != b (-1 on the diagonal)."""
    first, second = np.triu_indices(52, k=1)
    ids = np.full((52, 52), -1, dtype=np.int64)
    ids[first, second] = ids[second, first] = np.arange(solver.HOLDINGS)
    return ids


def holding_cards() -> npt.NDArray[np.int64]:
    """``cards[h]``: the two cards of holding id h, ascending."""
    first, second = np.triu_indices(52, k=1)
    return np.stack([first, second], axis=1).astype(np.int64)


def _permute_holdings(perm: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    cards = permute_cards(perm, holding_cards())
    mapped: npt.NDArray[np.int64] = holding_ids()[cards[:, 0], cards[:, 1]]
    return mapped


def suit_zero_permutations() -> npt.NDArray[np.int64]:
    """The six suit permutations that keep suit 0 (clubs) in place."""
    perms = suit_permutations()
    fixing: npt.NDArray[np.int64] = perms[perms[:, 0] == 0]
    return fixing


def symmetrise(sums: npt.NDArray[Any], mode: int) -> npt.NDArray[np.int64]:
    """Every state's exact line sums from the accumulators: the sum over the six permutations
    keeping clubs, divided by 6. ``[13, 1326, 56]`` or ``[13, 52, 1326, 56]`` (mode 1, 2)."""
    shape = sums.shape if mode == 0 else (13, 52, solver.HOLDINGS, ROW)
    result: npt.NDArray[np.int64] = np.zeros(shape, dtype=np.int64)
    if mode == 0:
        for perm in suit_zero_permutations():
            result += sums[:, _permute_holdings(perm)]
    else:
        by_card = sums.reshape(shape)
        cards = np.arange(52)
        for perm in suit_zero_permutations():
            result += by_card[:, permute_cards(perm, cards)][:, :, _permute_holdings(perm)]
    if (result % 6).any():
        raise RuntimeError("The exposure solve's symmetrised sums do not divide by 6.")
    result //= 6
    return result


def _states(mode: int) -> npt.NDArray[np.int64]:
    """The listed states: (a, b, d) or (a, b, d, card), d a club, all cards distinct."""
    cards = holding_cards()
    rows = []
    for rank in range(13):
        d = 4 * rank
        off = cards[(cards[:, 0] != d) & (cards[:, 1] != d)]
        if mode == 0:
            rows.append(np.column_stack([off, np.full(len(off), d)]))
        else:
            for card in range(52):
                if card == d:
                    continue
                chosen = off[(off[:, 0] != card) & (off[:, 1] != card)]
                rows.append(np.column_stack([chosen, np.full(len(chosen), d),
                                             np.full(len(chosen), card)]))
    return np.concatenate(rows).astype(np.int64)


def dealer_solution(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
                    sums: npt.NDArray[Any]) -> ExposedSolution:
    """The :class:`ExposedSolution` of a dealer scenario from its accumulators."""
    mode = MODES[scenario]
    lines = symmetrise(sums, mode)
    del sums
    states = _states(mode)
    ids = holding_ids()[states[:, 0], states[:, 1]]
    rank = states[:, 2] // 4
    picked = lines[rank, ids] if mode == 0 else lines[rank, states[:, 3], ids]
    return _solution(scenario, settle, ties_larger, states, picked,
                     lines.reshape(-1, ROW)[:, PLAY].sum())


@dataclass(frozen=True)
class StateBasis:
    """What one listed preflop state stands for: its deals (``deals``), the dealer hands
    behind one folded board (``fold_deals``), and how many dealt states each listed one is
    (``weight``)."""

    deals: int
    fold_deals: int
    weight: IntArray


def preflop_values(picked: npt.NDArray[np.int64], settle: solver.Settlement, fold_deals: int
                   ) -> tuple[IntArray, IntArray, IntArray]:
    """The exact values of 4x, 3x and checking (then the lines the flop and river chose) of
    states with lines ``picked`` ``[n, 56]``, in the settlement's scaled units."""
    net = settle.array()
    four: IntArray = picked[:, PLAY] @ net[4]
    three: IntArray = picked[:, PLAY] @ net[3]
    checking: IntArray = (picked[:, BET] @ net[2] + picked[:, CHECK] @ net[1]
                          + picked[:, FOLDS] * fold_deals * settle.fold)
    return four, three, checking


def _solution(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
              states: npt.NDArray[np.int64], picked: npt.NDArray[np.int64],
              total_play: int) -> ExposedSolution:
    deals = DEALS[scenario]
    if total_play != deals * len(states):
        raise RuntimeError(f"The seen={scenario} solve lost deals: its totals do not add up.")
    return lines_solution(scenario, settle, ties_larger, states, picked,
                          StateBasis(deals, FOLD_DEALS[scenario],
                                     np.full(len(states), 4, dtype=np.int64)))


def lines_solution(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
                   states: npt.NDArray[np.int64], picked: npt.NDArray[np.int64],
                   basis: StateBasis) -> ExposedSolution:
    """The :class:`ExposedSolution` of listed ``states`` with their exact lines ``picked``
    (``[n, 56]``): each state's preflop choice and the deals of the chosen lines, weighted."""
    deals, fold_deals, weight = basis.deals, basis.fold_deals, basis.weight
    if not (picked[:, PLAY].sum(axis=1) == deals).all():
        raise RuntimeError(f"The seen={scenario} solve lost deals: its totals do not add up.")
    checked_total = (picked[:, BET].sum(axis=1) + picked[:, CHECK].sum(axis=1)
                     + picked[:, FOLDS] * fold_deals)
    if not (checked_total == deals).all():
        raise RuntimeError(f"The seen={scenario} solve lost deals on the checking line.")
    four, three, checking = preflop_values(picked, settle, fold_deals)
    choice = solver.best_preflop(four, three, checking, ties_larger)
    counts = {
        4: (weight[choice == 4, None] * picked[choice == 4][:, PLAY]).sum(axis=0),
        3: (weight[choice == 3, None] * picked[choice == 3][:, PLAY]).sum(axis=0),
        2: (weight[choice == 0, None] * picked[choice == 0][:, BET]).sum(axis=0),
        1: (weight[choice == 0, None] * picked[choice == 0][:, CHECK]).sum(axis=0),
    }
    folds = int((weight[choice == 0] * picked[choice == 0][:, FOLDS]).sum()) * fold_deals
    return finished_solution(scenario, settle, ties_larger, states, basis, choice,
                             np.stack([checking, three, four], axis=1), counts, folds)


def finished_solution(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
                      states: npt.NDArray[np.int64], basis: StateBasis,
                      choice: npt.NDArray[np.int8], values: IntArray,
                      counts: Mapping[int, IntArray], folds: int) -> ExposedSolution:
    """The :class:`ExposedSolution` of decided states: their choices and values, and the
    deals of every final line (``counts`` by Play, ``folds``), checked against the cycle."""
    cycle = solver.CYCLE * WAYS[scenario]
    if sum(int(c.sum()) for c in counts.values()) + folds != cycle:
        raise RuntimeError(f"The seen={scenario} solve does not add up to its cycle.")
    decisions = solver.line_decisions(counts, folds)
    return ExposedSolution(
        scenario=scenario, settlement=settle, ties_larger=ties_larger, cycle=cycle,
        counts={p: np.asarray(c).astype(np.int64) for p, c in counts.items()}, folds=folds,
        decisions=decisions, state_cards=states.astype(np.int8),
        state_weight=basis.weight.astype(np.int64), choice=choice,
        values=values.astype(np.int64), deals_per_state=basis.deals)


# --- flop-1 ----------------------------------------------------------------------------------

def symmetrise_flop(sums: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Every (flop card, holding) state's exact line sums: the sum over the 24 suit
    permutations of the accumulators, divided by 24. ``[52, 1326, 56]``."""
    result = np.zeros_like(sums)
    cards = np.arange(52)
    for perm in suit_permutations():
        result += sums[permute_cards(perm, cards)][:, _permute_holdings(perm)]
    if (result % 24).any():
        raise RuntimeError("The flop-1 solve's symmetrised sums do not divide by 24.")
    result //= 24
    return result


def flop_solution(settle: solver.Settlement, ties_larger: bool,
                  sums: npt.NDArray[np.int64]) -> ExposedSolution:
    """The :class:`ExposedSolution` of ``flop-1`` from its accumulators."""
    lines = symmetrise_flop(sums)
    cards = holding_cards()
    rows = []
    for rank in range(13):
        f = 4 * rank
        off = cards[(cards[:, 0] != f) & (cards[:, 1] != f)]
        rows.append(np.column_stack([off, np.full(len(off), f)]))
    states = np.concatenate(rows).astype(np.int64)
    picked = lines[states[:, 2], holding_ids()[states[:, 0], states[:, 1]]]
    return _solution(Seen.FLOP_1, settle, ties_larger, states, picked,
                     int(lines[0::4, :, PLAY].sum()))


# --- the solvers (exposure.solvers.SOLVERS) and their disk cache -----------------------------

CACHE_ARRAYS = ("state_cards", "state_weight", "choice", "values", "counts", "folds", "cycle",
                "deals_per_state", "net")


class ExposedCache(cache.Entry):
    """One cached exposure solve (:class:`edge.cache.Entry`): an ``.npz`` of the solution's
    arrays and their SHA-256, checked on every read, written atomically, locked while one
    process solves it. Its name depends on the scenario, the pays, the ties rule and the code
    of the sweep (this module, the solution's, the unexposed solve's and their kernels, and
    ``code``: the modules of another solver)."""

    def __init__(self, scenario: Seen, settle: solver.Settlement, ties_larger: bool,
                 code: Sequence[ModuleType] = ()) -> None:
        path = cache.entry_path("uth-exposed", {
            "scenario": str(scenario), "net": settle.net, "fold": settle.fold,
            "scale": settle.scale, "ties_larger": ties_larger, "arrays": CACHE_ARRAYS},
            (sys.modules[__name__], sweep_one, sys.modules[ExposedSolution.__module__], solver,
             _kernels, _exposure_one, *code))
        super().__init__(path, f"ultimate-texas-holdem seen={scenario}")
        self.scenario = scenario
        self.settle = settle
        self.ties_larger = ties_larger

    def load_solution(self) -> ExposedSolution | None:
        """The cached solution, or None when there is none or it is damaged."""
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> ExposedSolution:
            if not np.array_equal(arrays["net"], self.settle.array()):
                raise ValueError("it holds the solve of other pays")
            return _from_arrays(self.scenario, self.settle, self.ties_larger, arrays)
        return self.load(CACHE_ARRAYS, accept)

    def store_solution(self, solution: ExposedSolution) -> None:
        """Write the solution atomically; a cache that cannot be written only costs time."""
        self.store(_to_arrays(solution))


def _to_arrays(solution: ExposedSolution) -> dict[str, npt.NDArray[Any]]:
    return {
        "state_cards": solution.state_cards, "state_weight": solution.state_weight,
        "choice": solution.choice, "values": solution.values,
        "counts": np.stack([solution.counts[p] for p in (4, 3, 2, 1)]),
        "folds": np.array(solution.folds, dtype=np.int64),
        "cycle": np.array(solution.cycle, dtype=np.int64),
        "deals_per_state": np.array(solution.deals_per_state, dtype=np.int64),
        "net": solution.settlement.array()}


def _from_arrays(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
                 arrays: Mapping[str, npt.NDArray[Any]]) -> ExposedSolution:
    counts = {p: arrays["counts"][i].astype(np.int64) for i, p in enumerate((4, 3, 2, 1))}
    folds = int(arrays["folds"])
    cycle = int(arrays["cycle"])
    if cycle != solver.CYCLE * WAYS[scenario] \
            or sum(int(c.sum()) for c in counts.values()) + folds != cycle:
        raise ValueError("its counts do not add up to the cycle")
    return ExposedSolution(
        scenario=scenario, settlement=settle, ties_larger=ties_larger, cycle=cycle,
        counts=counts, folds=folds, decisions=solver.line_decisions(counts, folds),
        state_cards=arrays["state_cards"].astype(np.int8),
        state_weight=arrays["state_weight"].astype(np.int64),
        choice=arrays["choice"].astype(np.int8), values=arrays["values"].astype(np.int64),
        deals_per_state=int(arrays["deals_per_state"]))


def solve_uncached(scenario: Seen, settle: solver.Settlement, ties_larger: bool, *,
                   jobs: int | None = None, progress: bool = False,
                   checkpoint: Checkpoint | None = None) -> dict[Seen, ExposedSolution]:
    """A scenario's exact solve, without the disk cache: ``dealer-1`` and ``flop-1`` alone,
    ``dealer-1,flop-1`` with ``dealer-1`` (the same flop states), ``dealer-1,turn-river-1``
    with both others (half its turn-river states' sums are dealer-1's flop states). With a
    ``checkpoint`` the sweep resumes from it and writes to it as it goes."""
    if scenario == Seen.FLOP_1:
        sums, _ = flop_sums(settle, ties_larger, jobs=jobs, progress=progress,
                            checkpoint=checkpoint)
        return {scenario: flop_solution(settle, ties_larger, sums)}
    chosen = {Seen.DEALER_1: (scenario,),
              Seen.DEALER_1_FLOP_1: (Seen.DEALER_1, Seen.DEALER_1_FLOP_1)}.get(scenario,
                                                                              tuple(MODES))
    accumulated = dealer_sums(chosen, settle, ties_larger, jobs=jobs, progress=progress,
                              checkpoint=checkpoint)
    solutions = {}
    for one in chosen:
        solutions[one] = dealer_solution(one, settle, ties_larger, accumulated.pop(one))
    return solutions


def _solve(scenario: Seen, settle: solver.Settlement, ties_larger: bool, *,
           jobs: int | None, use_cache: bool, progress: bool) -> ExposedSolution:
    return cached_solve(scenario, settle, ties_larger, lambda checkpoint: solve_uncached(
        scenario, settle, ties_larger, jobs=jobs, progress=progress, checkpoint=checkpoint),
        use_cache)


def cached_solve(scenario: Seen, settle: solver.Settlement, ties_larger: bool,
                 solve: Callable[[Checkpoint], dict[Seen, ExposedSolution]], use_cache: bool,
                 code: Sequence[ModuleType] = ()) -> ExposedSolution:
    """A scenario's solution from the disk cache, or ``solve``d (with the entry's checkpoint)
    and stored with the other scenarios the same sweep solved (``code``: the modules of the
    solver besides this one's, in every entry's name)."""
    entry = ExposedCache(scenario, settle, ties_larger, code)

    def store(solutions: dict[Seen, ExposedSolution]) -> None:
        entry.store_solution(solutions[scenario])
        for other, solution in solutions.items():
            if other != scenario:    # the same sweep's other scenarios: cached as well
                ExposedCache(other, settle, ties_larger, code).store_solution(solution)

    def load() -> dict[Seen, ExposedSolution] | None:
        cached = entry.load_solution()
        return None if cached is None else {scenario: cached}

    return cache.read_or_solve(entry, load, solve, store, use_cache)[scenario]


def solve_dealer_one(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
                     use_cache: bool = True, progress: bool = False) -> ExposedSolution:
    """``seen=dealer-1``: one dealer hole card seen before the preflop decision."""
    return _solve(Seen.DEALER_1, settle, ties_larger, jobs=jobs, use_cache=use_cache,
                  progress=progress)


def solve_dealer_one_flop_one(settle: solver.Settlement, ties_larger: bool, *,
                              jobs: int | None = None, use_cache: bool = True,
                              progress: bool = False) -> ExposedSolution:
    """``seen=dealer-1,flop-1``: one dealer hole card and one flop card seen before the
    preflop decision."""
    return _solve(Seen.DEALER_1_FLOP_1, settle, ties_larger, jobs=jobs, use_cache=use_cache,
                  progress=progress)


def solve_dealer_one_turn_river_one(settle: solver.Settlement, ties_larger: bool, *,
                                    jobs: int | None = None, use_cache: bool = True,
                                    progress: bool = False) -> ExposedSolution:
    """``seen=dealer-1,turn-river-1``: one dealer hole card and one of the turn and river seen
    before the preflop decision."""
    return _solve(Seen.DEALER_1_TURN_RIVER_1, settle, ties_larger, jobs=jobs,
                  use_cache=use_cache, progress=progress)


def solve_flop_one(settle: solver.Settlement, ties_larger: bool, *, jobs: int | None = None,
                   use_cache: bool = True, progress: bool = False) -> ExposedSolution:
    """``seen=flop-1``: one flop card seen before the preflop decision."""
    return _solve(Seen.FLOP_1, settle, ties_larger, jobs=jobs, use_cache=use_cache,
                  progress=progress)


def state_line(sums: npt.NDArray[Any], scenario: Seen, holding: tuple[int, int],
               seen: int, card: int | None = None) -> IntArray:
    """One state's exact line sums (56 values) from a scenario's accumulators, without
    symmetrising the whole array: holding, seen dealer card (a club) or, for ``flop-1``, the
    seen flop card (any), and the seen flop or turn-river card of the two-card scenarios."""
    ids = holding_ids()
    total = np.zeros(ROW, dtype=np.int64)
    if scenario == Seen.FLOP_1:
        for perm in suit_permutations():
            moved = permute_cards(perm, np.array([holding[0], holding[1], seen]))
            total += sums[moved[2], ids[moved[0], moved[1]]]
        return total // 24
    if seen % 4:
        raise ValueError(f"the seen dealer card {seen} is not a club")
    mode = MODES[scenario]
    for perm in suit_zero_permutations():
        moved = permute_cards(perm, np.array([holding[0], holding[1], card if mode else 0]))
        h = ids[moved[0], moved[1]]
        row = sums[seen // 4, h] if mode == 0 else sums[seen // 4 * 52 + moved[2], h]
        total += row.astype(np.int64)
    return total // 6
