"""The exact value of checking and then following a strategy's own flop and river rules, for
every preflop state of an exposure other than ``dealer-2`` (:mod:`.rule_exposed` describes the
method and builds the return; this module's code names the cache of the board sweep).
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import json
import queue
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.games.ultimate_texas_holdem.exposure import _rule_one, sweep_one
from edge.games.ultimate_texas_holdem.exposure.dealer_one import holding_cards, holding_ids
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.exposure.sweep_one import permute_cards, suit_permutations
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import StreetPlan, UthStrategy

IntArray = npt.NDArray[np.int64]
DEALER_SCENARIOS = (Seen.DEALER_1, Seen.DEALER_1_FLOP_1, Seen.DEALER_1_TURN_RIVER_1,
                    Seen.DEALER_1_RIVER)
FLOP_SCENARIOS = (Seen.FLOP_1, Seen.FLOP_2, Seen.FLOP_3)
BOARD_CHUNK = 500              # boards per kernel call (their river records: 5 MB)
STRATEGY_FOLD = np.uint64(61)  # the record bit of the strategy's river fold (_kernels.pyx)


# --- one dealer card seen: the board sweep --------------------------------------------------

@functools.lru_cache(maxsize=1)
def board_classes() -> tuple[npt.NDArray[np.int32], IntArray]:
    """The suit classes of five-card boards (cards ascending) and each's orbit size: how many
    boards it stands for (they add up to C(52, 5) = 2,598,960)."""
    boards, _ = _kernels.uth_board_classes()
    cards = boards.astype(np.int64)
    codes = []
    for perm in suit_permutations():
        moved = np.sort(permute_cards(perm, cards), axis=1)
        codes.append((((moved[:, 0] * 52 + moved[:, 1]) * 52 + moved[:, 2]) * 52
                       + moved[:, 3]) * 52 + moved[:, 4])
    stacked = np.sort(np.stack(codes, axis=1), axis=1)
    orbit = 1 + (np.diff(stacked, axis=1) != 0).sum(axis=1)
    if int(orbit.sum()) != 2_598_960:
        raise RuntimeError("The board classes do not cover the 2,598,960 boards.")
    return np.ascontiguousarray(boards, dtype=np.int32), orbit.astype(np.int64)


def flop_bets(strategy: UthStrategy, boards: npt.NDArray[np.int32] | None = None
              ) -> npt.NDArray[np.uint8]:
    """``[22100, 1326]``: 1 where the strategy's flop rules bet 2x, by flop (numbered by
    ``_rule_one.flop_index``) and holding id (the kernels' own features); with ``boards``
    (tests) only the flops of those boards are filled in."""
    flops = (solver.all_flops() if boards is None else np.unique(np.sort(np.array(
        [c for board in boards.tolist() for c in itertools.combinations(board, 3)]), axis=1),
        axis=0).astype(np.int32))
    order = np.array([_rule_one.flop_index(int(a), int(b), int(c)) for a, b, c in flops])
    plan = np.zeros((len(flops), solver.HOLDINGS), dtype=np.uint8)
    rules = np.zeros_like(plan)
    _kernels.uth_flop_plan(np.ascontiguousarray(flops), practical.compile_plan(strategy.flop),
                           plan, rules)
    if (plan == 2).any():
        raise ValueError("an optimal flop has no fixed decision per flop and holding")
    bets = np.zeros((22100, solver.HOLDINGS), dtype=np.uint8)
    bets[order] = plan
    return bets


def _accumulators(with_flop: bool, with_turn_river: bool) -> dict[str, npt.NDArray[Any]]:
    """One worker's zeroed sums (see :func:`board_sums`)."""
    sums: dict[str, npt.NDArray[Any]] = {"dealer": np.zeros((52, solver.HOLDINGS), dtype=np.int64),
            "four": np.zeros((52, solver.HOLDINGS), dtype=np.int64)}
    if with_flop:
        sums["flop"] = np.zeros((52 * 52, solver.HOLDINGS), dtype=np.int64)
    if with_turn_river:
        sums["turn_river"] = np.zeros((52 * 52, solver.HOLDINGS), dtype=np.int64)
    return sums


@dataclass(frozen=True)
class Rule:
    """What every unit of one board sweep reads: the rule's flop bets (:func:`flop_bets`), its
    river as the kernels read it, and the boards with their weights."""

    strategy: UthStrategy
    bets: npt.NDArray[np.uint8]
    river: practical.Program
    boards: npt.NDArray[np.int32]
    weights: IntArray

    def key(self, settle: solver.Settlement, ties_larger: bool, with_flop: bool,
            with_turn_river: bool) -> dict[str, npt.NDArray[Any]]:
        """What a checkpoint must hold unchanged to be this sweep's: the pays, the ties rule,
        the boards and weights, the sums kept and a digest of the rule's flop and river."""
        digest = hashlib.sha256(self.bets.tobytes())
        digest.update(json.dumps(plan_key(self.strategy.river)).encode())
        return {"net": settle.array(), "fold": np.array(settle.fold),
                "ties_larger": np.array(ties_larger), "boards": self.boards,
                "weights": self.weights, "kept": np.array([with_flop, with_turn_river]),
                "rule": np.frombuffer(digest.digest(), dtype=np.uint8)}


def _board_task(rule: Rule, sweep: sweep_one.Sweep, bounds: tuple[int, int]
                ) -> tuple[int, int]:
    """One unit: boards ``start`` to ``stop`` added to a worker's sums (one buffer of the
    sweep's queue, given back when done)."""
    start, stop = bounds
    out = sweep.take()
    try:
        for first in range(start, stop, BOARD_CHUNK):
            last = min(stop, first + BOARD_CHUNK)
            chunk = np.ascontiguousarray(rule.boards[first:last])
            if rule.strategy.river.optimal:
                folds = np.zeros((len(chunk), solver.HOLDINGS), dtype=np.uint8)
            else:
                records = np.zeros((len(chunk), solver.HOLDINGS), dtype=np.uint64)
                _kernels.uth_board_records(chunk, sweep.net, sweep.fold, sweep.ties_larger,
                                           records, rule.river)
                folds = ((records >> STRATEGY_FOLD) & np.uint64(1)).astype(np.uint8)
            _rule_one.rule_boards(chunk, np.ascontiguousarray(rule.weights[first:last]), folds,
                                  rule.bets, sweep.net, sweep.fold, sweep.ties_larger,
                                  rule.strategy.river.optimal, out["dealer"], out["four"],
                                  out.get("flop"), out.get("turn_river"))
        sweep.finished.append(bounds)           # in the sums once the buffer is back
    finally:
        sweep.buffers.put(out)
    return bounds


def board_sums(strategy: UthStrategy, settle: solver.Settlement, ties_larger: bool, *,
               with_flop: bool = False, with_turn_river: bool = False,
               boards: npt.NDArray[np.int32] | None = None, weights: IntArray | None = None,
               jobs: int | None = None, progress: bool = False,
               checkpoint: cache.Checkpoint | None = None) -> dict[str, IntArray]:
    """Every state's exact sums (see :mod:`._rule_one`), symmetrised: ``dealer[d, h]`` the
    checking line's value of holding h with dealer card d seen, ``four[d, h]`` its 4x line's,
    ``flop[d * 52 + f, h]`` and ``turn_river[d * 52 + t, h]`` with the flop card f or
    turn-river card t seen too. ``boards``/``weights`` (tests): only those boards, each
    standing for ``weights`` boards (the sums of every board of their classes when the weights
    are the orbit sizes). With a ``checkpoint`` the sweep resumes from the boards it holds and
    writes their sums to it as it goes (at least once a minute of work, :class:`cache.Blocks`).
    """
    bets = flop_bets(strategy, boards)
    if boards is None or weights is None:
        boards, weights = board_classes()
    rule = Rule(strategy, bets, practical.compile_plan(strategy.river),
                np.ascontiguousarray(boards, dtype=np.int32),
                np.ascontiguousarray(weights, dtype=np.int64))
    workers = parallel.workers(jobs, len(boards))
    first = _accumulators(with_flop, with_turn_river)
    blocks = cache.Blocks(f"ultimate-texas-holdem board sweep of strategy {strategy}",
                          np.ones(len(boards), dtype=np.int64), checkpoint=checkpoint,
                          progress=progress,
                          key=rule.key(settle, ties_larger, with_flop, with_turn_river))
    first = blocks.resume(first) or first
    sweep = sweep_one.Sweep(settle.array(), settle.fold, ties_larger, queue.SimpleQueue())
    buffers = sweep_one.run_sweep(
        blocks, sweep, functools.partial(_board_task, rule), len(boards), workers,
        [first, *(_accumulators(with_flop, with_turn_river) for _ in range(workers - 1))])
    parts = [buffers.get() for _ in range(workers)]     # every worker's sums, added up
    return {name: symmetrised(np.sum([part[name] for part in parts], axis=0))
            for name in parts[0]}


def symmetrised(sums: IntArray) -> IntArray:
    """Sums kept for one board per suit class (times its orbit), spread over the 24 suit
    permutations of the dealer card (and the seen board card) and the holding: divided by 24
    (checked), every state's exact sum."""
    cards, ids = holding_cards(), holding_ids()
    result = np.zeros_like(sums)
    for perm in suit_permutations():
        moved = ids[permute_cards(perm, cards[:, 0]), permute_cards(perm, cards[:, 1])]
        cols = np.empty(solver.HOLDINGS, dtype=np.int64)
        cols[moved] = np.arange(solver.HOLDINGS)     # the holding each target comes from
        seen = permute_cards(perm, np.arange(52))
        if len(sums) == 52:
            rows = np.empty(52, dtype=np.int64)
            rows[seen] = np.arange(52)
        else:
            pairs = (seen[:, None] * 52 + seen[None, :]).reshape(-1)
            rows = np.empty(52 * 52, dtype=np.int64)
            rows[pairs] = np.arange(52 * 52)
        result += sums[rows][:, cols]
    if (result % 24).any():
        raise RuntimeError("The rule's board sums do not divide by 24.")
    exact_sums: IntArray = result // 24
    return exact_sums


def dealer_checking(scenario: Seen, sums: Mapping[str, IntArray],
                    solution: ExposedSolution) -> IntArray:
    """Each listed state's value of checking then playing the rule, from :func:`board_sums`;
    the 4x values the same sweep counted must be the solve's. With a flop (turn-river) card
    seen as well, the sweep keeps the 4x line by dealer card and holding only: summed over the
    seen card, a state's deals are those of the dealer card's state three (two) times, once for
    each flop (turn-river) card, so the solve's 4x values summed so must be three (two) times
    the sweep's, and the checking values three (two) times the dealer card's."""
    cards = solution.state_cards.astype(np.int64)
    h = holding_ids()[cards[:, 0], cards[:, 1]]
    if scenario is Seen.DEALER_1_RIVER:         # the dealer card is seen on the river only
        checking = sums["dealer"].sum(axis=0)[h]
        four, solved = sums["four"].sum(axis=0)[h], solution.values[:, 2]
    elif scenario is Seen.DEALER_1:
        checking = sums["dealer"][cards[:, 2], h]
        four, solved = sums["four"][cards[:, 2], h], solution.values[:, 2]
    else:
        name, times = (("flop", 3) if scenario is Seen.DEALER_1_FLOP_1 else ("turn_river", 2))
        checking = sums[name][cards[:, 2] * 52 + cards[:, 3], h]
        pair = cards[:, 2] * solver.HOLDINGS + h           # (dealer card, holding)
        listed = np.unique(pair)

        def over_the_card(values: IntArray) -> IntArray:
            total = np.zeros(52 * solver.HOLDINGS, dtype=np.int64)
            np.add.at(total, pair, values)
            summed: IntArray = total[listed]
            return summed

        if not np.array_equal(over_the_card(checking),
                              times * sums["dealer"].reshape(-1)[listed]):
            raise RuntimeError(f"The rule's board sweep gives seen={scenario} checking values "
                               "that do not add up to the dealer card's.")
        four, solved = times * sums["four"].reshape(-1)[listed], over_the_card(
            solution.values[:, 2])
    if not np.array_equal(four, solved):
        raise RuntimeError(f"The rule's board sweep does not give the seen={scenario} solve's "
                           "4x values: a deal is counted differently.")
    values: IntArray = checking.astype(np.int64)
    return values


# --- flop cards seen: the unexposed evaluation ---------------------------------------------

def flop_checking(scenario: Seen, evaluation: practical.Evaluation,
                  solution: ExposedSolution) -> IntArray:
    """Each listed state's value of checking then playing the rule, from the unexposed
    evaluation (flop and river as in the game as dealt): the sum over the flops holding the
    state's seen flop cards of the (holding, flop) value of the rule's flop decision."""
    classes = solver.flop_classes()
    values = evaluation.flop_values
    line: IntArray = np.where(evaluation.flop_decisions.astype(bool), values[..., 0],
                              values[..., 2])
    cards = solution.state_cards.astype(np.int64)
    h = holding_ids()[cards[:, 0], cards[:, 1]]
    if scenario is Seen.FLOP_3:                  # the states are the class representatives'
        index = {tuple(int(c) for c in flop): i for i, flop in enumerate(classes.flops)}
        which = np.array([index[tuple(int(c) for c in row[2:])] for row in cards])
        picked: IntArray = line[which, h]
        return picked
    seen = 1 if scenario is Seen.FLOP_1 else 2
    sums = np.zeros((52 ** seen, solver.HOLDINGS), dtype=np.int64)
    perms = suit_permutations()
    order = {tuple(p.tolist()): i for i, p in enumerate(perms)}
    cards_of, ids = holding_cards(), holding_ids()
    moved_holdings = [ids[permute_cards(p, cards_of[:, 0]), permute_cards(p, cards_of[:, 1])]
                      for p in perms]
    for c, flop in enumerate(classes.flops.astype(np.int64)):
        for image in classes.images(c).astype(np.int64):
            p = order[tuple(image.tolist())]
            target = np.sort(permute_cards(perms[p], flop))
            keys = (target if seen == 1 else
                    np.array([target[0] * 52 + target[1], target[0] * 52 + target[2],
                              target[1] * 52 + target[2]]))
            for key in keys:
                sums[key, moved_holdings[p]] += line[c]
    rows = cards[:, 2] if seen == 1 else np.sort(cards[:, 2:4], axis=1) @ np.array([52, 1])
    picked = sums[rows, h]
    return picked


def river_rule_checking(evaluation: practical.Evaluation,
                        solution: ExposedSolution) -> IntArray:
    """``dealer-1-river`` with the river by the strategy's rules: the dealer card, seen before
    the river only, changes no decision, so each holding's checking value is the unexposed
    evaluation's, twice (once for each dealer card that could be the seen one); the 4x values
    must be the solve's."""
    cards = solution.state_cards.astype(np.int64)
    h = holding_ids()[cards[:, 0], cards[:, 1]]
    four, _, _ = evaluation.solution.line_values()
    if not np.array_equal(2 * four[h], solution.values[:, 2]):
        raise RuntimeError("The unexposed solve's 4x values are not half the seen=dealer-1-river "
                           "solve's.")
    checking: IntArray = 2 * evaluation.checking_values()[h]
    return checking


# --- the checking values and their cache -----------------------------------------------------

def plan_key(plan: StreetPlan) -> list[Any]:
    return [part.tolist() if isinstance(part, np.ndarray) else part
            for part in practical.compile_plan(plan)]


def _entry(scenario: Seen, strategy: UthStrategy, settle: solver.Settlement,
           ties_larger: bool) -> cache.Entry:
    """The disk cache entry of a dealer scenario's checking values, named by the scenario, the
    pays, the ties rule, the rule's flop and river as the kernels read them, and the code."""
    path = cache.entry_path("uth-exposed-rule", {
        "scenario": str(scenario), "net": settle.net, "fold": settle.fold,
        "scale": settle.scale, "ties_larger": ties_larger,
        "flop": plan_key(strategy.flop), "river": plan_key(strategy.river),
        "arrays": ("checking",)},
        (sys.modules[__name__], _rule_one, _kernels, practical))
    return cache.Entry(path, f"ultimate-texas-holdem seen={scenario}, the player's own rule")


def checking_values(strategy: UthStrategy, solution: ExposedSolution, *,
                    evaluation: Callable[[], practical.Evaluation], jobs: int | None = None,
                    use_cache: bool = True, progress: bool = False) -> IntArray:
    """Each of the solve's listed states' exact value of checking and then following the
    strategy's flop and river (scaled units, over the state's deals). ``evaluation``: the
    strategy's unexposed evaluation with every holding reaching the flop (flop cards seen).
    The board sweep of a dealer scenario checkpoints beside its cache entry and resumes."""
    scenario = solution.scenario
    settle = solution.settlement
    if scenario in FLOP_SCENARIOS:
        return flop_checking(scenario, evaluation(), solution)
    if scenario is Seen.DEALER_1_RIVER and not strategy.river.optimal:
        return river_rule_checking(evaluation(), solution)
    if scenario not in DEALER_SCENARIOS:
        raise ValueError(f"seen={scenario} is not counted here")
    entry = _entry(scenario, strategy, settle, solution.ties_larger)

    def load() -> IntArray | None:
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> IntArray:
            found: IntArray = arrays["checking"].astype(np.int64)
            if found.shape != (len(solution.state_cards),):
                raise ValueError("it holds another scenario's states")
            return found
        return entry.load(("checking",), accept)

    def solved(checkpoint: cache.Checkpoint) -> IntArray:
        sums = board_sums(strategy, settle, solution.ties_larger,
                          with_flop=scenario is Seen.DEALER_1_FLOP_1,
                          with_turn_river=scenario is Seen.DEALER_1_TURN_RIVER_1, jobs=jobs,
                          progress=progress, checkpoint=checkpoint)
        return dealer_checking(scenario, sums, solution)

    return cache.read_or_solve(entry, load, solved,
                               lambda values: entry.store({"checking": values}), use_cache)


