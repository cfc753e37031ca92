"""Ultimate Texas Hold'em with cards seen, the player following his own flop and river rules:
exact under every exposure but ``dealer-2`` (which :mod:`.rule_two` counts), docs/protection.md,
"Rules with their own flop and river steps".

A strategy file's flop rules read the holding and the flop, its river rules the holding and the
board: never a dealer card, so a seen dealer card changes only the preflop choice and, when the
river is played ``"optimal"``, the river (the better of 1x and a fold given the seen card). Each
preflop state of the exposure's solve (:class:`.ExposedSolution`: the holding and the seen cards)
gets the exact value of checking and then playing the rule; its 4x and 3x values are the solve's
(they do not depend on later play). The preflop chart and rules, or (``play = "optimal"``) the
best of the three values, then decide each state, and the return is the weighted sum of the
chosen values over the scenario's cycle.

- One dealer card seen (``dealer-1``, ``dealer-1,flop-1``, ``dealer-1,turn-river-1``, and
  ``dealer-1-river``, whose preflop state is the holding alone: the sum over the dealer card):
  the kernel :mod:`._rule_one` sweeps the 134,459 suit classes of five-card boards, each
  weighted by its orbit, for every seen dealer card d off the board, the 44 dealer hands {d, x}
  against every holding; the ten splits of the board into flop and turn-river take the rule's
  flop decision on their flop. The sums are made for one representative per suit class and
  spread over the 24 suit permutations (each state's sum divided by 24, checked). The same
  sweep counts the 4x line of every state, which must equal the solve's: a check of every
  deal's outcome. The flop rule must be a rule: an ``"optimal"`` flop with a seen dealer card
  would compare sums over the turn-rivers per (holding, dealer card, flop) that the board sweep
  does not keep (refused by :func:`..rules.strategy_refusal`).
- Flop cards seen (``flop-1``, ``flop-2``, ``flop-3``): on the flop the player knows what he
  knows in the game as dealt, so the unexposed evaluation of the strategy
  (:func:`..strategy.practical.evaluate_cached`: per flop class and holding the value of 2x and
  of checking then the rule's river, and the rule's flop decision) gives every (holding, flop)
  value; a state's is the sum over the flops holding its seen cards. Any flop and river
  (rules or ``"optimal"``) are exact here.
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import sys
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.games.ultimate_texas_holdem.exposure import _rule_one
from edge.games.ultimate_texas_holdem.exposure.dealer_one import holding_cards, holding_ids
from edge.games.ultimate_texas_holdem.exposure.main_bet import (
    check_solution,
    cycle_note,
    scenario_of,
)
from edge.games.ultimate_texas_holdem.exposure.players import PlayerValue, RuleTable, rule_choice
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.exposure.sweep_one import permute_cards, suit_permutations
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import StreetPlan, UthStrategy
from edge.paytables import PayTable
from edge.table import ReturnTable, Row, exact, percent

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


def _sweep_task(strategy: UthStrategy, settle: solver.Settlement, ties_larger: bool,
                bets: npt.NDArray[np.uint8], boards: npt.NDArray[np.int32], weights: IntArray,
                with_flop: bool, with_turn_river: bool) -> dict[str, IntArray]:
    """One worker's share of the boards, added to accumulators of its own."""
    sums = {"dealer": np.zeros((52, solver.HOLDINGS), dtype=np.int64),
            "four": np.zeros((52, solver.HOLDINGS), dtype=np.int64)}
    if with_flop:
        sums["flop"] = np.zeros((52 * 52, solver.HOLDINGS), dtype=np.int64)
    if with_turn_river:
        sums["turn_river"] = np.zeros((52 * 52, solver.HOLDINGS), dtype=np.int64)
    river = practical.compile_plan(strategy.river)
    records = np.zeros((BOARD_CHUNK, solver.HOLDINGS), dtype=np.uint64)
    for start in range(0, len(boards), BOARD_CHUNK):
        chunk = np.ascontiguousarray(boards[start:start + BOARD_CHUNK])
        rows = records[:len(chunk)]
        if strategy.river.optimal:
            folds = np.zeros(rows.shape, dtype=np.uint8)
        else:
            _kernels.uth_board_records(chunk, settle.array(), settle.fold, ties_larger, rows,
                                       river)
            folds = ((rows >> STRATEGY_FOLD) & np.uint64(1)).astype(np.uint8)
        _rule_one.rule_boards(chunk, np.ascontiguousarray(weights[start:start + len(chunk)]),
                              folds, bets, settle.array(), settle.fold, ties_larger,
                              strategy.river.optimal, sums["dealer"], sums["four"],
                              sums.get("flop"), sums.get("turn_river"))
    return sums


def board_sums(strategy: UthStrategy, settle: solver.Settlement, ties_larger: bool, *,
               with_flop: bool = False, with_turn_river: bool = False,
               boards: npt.NDArray[np.int32] | None = None, weights: IntArray | None = None,
               jobs: int | None = None) -> dict[str, IntArray]:
    """Every state's exact sums (see :mod:`._rule_one`), symmetrised: ``dealer[d, h]`` the
    checking line's value of holding h with dealer card d seen, ``four[d, h]`` its 4x line's,
    ``flop[d * 52 + f, h]`` and ``turn_river[d * 52 + t, h]`` with the flop card f or
    turn-river card t seen too. ``boards``/``weights`` (tests): only those boards, each
    standing for ``weights`` boards (the sums of every board of their classes when the weights
    are the orbit sizes)."""
    bets = flop_bets(strategy, boards)
    if boards is None or weights is None:
        boards, weights = board_classes()
    workers = parallel.workers(jobs, len(boards))
    task = functools.partial(_sweep_task, strategy, settle, ties_larger, bets)
    parts = parallel.map(lambda k: task(boards[k::workers], weights[k::workers], with_flop,
                                        with_turn_river), range(workers), workers)
    total: dict[str, IntArray] = {}
    for part in parts:
        for name, array in part.items():
            if name in total:
                total[name] += array
            else:
                total[name] = array
    return {name: _symmetrised(array) for name, array in total.items()}


def _symmetrised(sums: IntArray) -> IntArray:
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
    the 4x values the same sweep counted must be the solve's."""
    cards = solution.state_cards.astype(np.int64)
    h = holding_ids()[cards[:, 0], cards[:, 1]]
    if scenario is Seen.DEALER_1_RIVER:         # the dealer card is seen on the river only
        checking = sums["dealer"].sum(axis=0)[h]
        four = sums["four"].sum(axis=0)[h]
    else:
        d = cards[:, 2]
        four = sums["four"][d, h]
        name = {Seen.DEALER_1: "dealer", Seen.DEALER_1_FLOP_1: "flop",
                Seen.DEALER_1_TURN_RIVER_1: "turn_river"}[scenario]
        checking = (sums[name][d, h] if scenario is Seen.DEALER_1
                    else sums[name][d * 52 + cards[:, 3], h])
    if not np.array_equal(four, solution.values[:, 2]):
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


# --- the value, its cache and its table -----------------------------------------------------

def _plan_key(plan: StreetPlan) -> list[Any]:
    return [part.tolist() if isinstance(part, np.ndarray) else part
            for part in practical.compile_plan(plan)]


def _entry(scenario: Seen, strategy: UthStrategy, settle: solver.Settlement,
           ties_larger: bool) -> cache.Entry:
    """The disk cache entry of a dealer scenario's checking values, named by the scenario, the
    pays, the ties rule, the rule's flop and river as the kernels read them, and the code."""
    path = cache.entry_path("uth-exposed-rule", {
        "scenario": str(scenario), "net": settle.net, "fold": settle.fold,
        "scale": settle.scale, "ties_larger": ties_larger,
        "flop": _plan_key(strategy.flop), "river": _plan_key(strategy.river),
        "arrays": ("checking",)},
        (sys.modules[__name__], _rule_one, _kernels, practical))
    return cache.Entry(path, f"ultimate-texas-holdem seen={scenario}, the player's own rule")


def checking_values(strategy: UthStrategy, solution: ExposedSolution, *,
                    evaluation: Callable[[], practical.Evaluation],
                    jobs: int | None = None, use_cache: bool = True) -> IntArray:
    """Each of the solve's listed states' exact value of checking and then following the
    strategy's flop and river (scaled units, over the state's deals). ``evaluation``: the
    strategy's unexposed evaluation with every holding reaching the flop (flop cards seen)."""
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

    def solved(_: cache.Checkpoint) -> IntArray:
        sums = board_sums(strategy, settle, solution.ties_larger,
                          with_flop=scenario is Seen.DEALER_1_FLOP_1,
                          with_turn_river=scenario is Seen.DEALER_1_TURN_RIVER_1, jobs=jobs)
        return dealer_checking(scenario, sums, solution)

    return cache.read_or_solve(entry, load, solved,
                               lambda values: entry.store({"checking": values}), use_cache)


def rule_value(strategy: UthStrategy, solution: ExposedSolution,
               checking: IntArray) -> PlayerValue:
    """The strategy's exact value under the exposure given every listed state's ``checking``
    value: its preflop chart and rules, or (an optimal preflop) the best of 4x, 3x and its own
    checking line, in each state; against the solve's perfect play."""
    check_solution(solution)
    values = solution.values.copy()
    values[:, 0] = checking
    ruled = dataclasses.replace(solution, values=values)
    if strategy.preflop_optimal:
        choice = solver.best_preflop(values[:, 2], values[:, 1], checking, solution.ties_larger)
    else:
        choice = rule_choice(strategy, solution)
    weight = solution.state_weight.astype(np.int64)
    picked = np.where(choice == 4, values[:, 2], np.where(choice == 3, values[:, 1], checking))
    best = np.max(solution.values, axis=1)
    return PlayerValue(strategy, ruled, choice, int((weight * picked).sum()),
                       int((weight * best).sum()))


def rule_table(value: PlayerValue, paytable: PayTable, options: Mapping[str, str], game: str,
               unexposed: ReturnTable) -> ReturnTable:
    """The exact return of a strategy that follows its own flop and river under an exposure
    other than ``dealer-2``: one row per preflop line with its exact average net (the values
    are kept per state, not by outcome), its cost against perfect use of the information and
    its gain against the game as dealt."""
    solution, strategy = value.solution, value.strategy
    scenario = scenario_of(solution.scenario)
    weight = solution.state_weight.astype(np.int64)
    column = np.where(value.choice == 4, 2, np.where(value.choice == 3, 1, 0))
    values = np.take_along_axis(solution.values, column[:, None], axis=1)[:, 0]
    rows = []
    for play, name in ((4, "preflop 4x"), (3, "preflop 3x"),
                       (0, "check, then his own flop and river")):
        chosen = value.choice == play
        deals = int(weight[chosen].sum()) * solution.deals_per_state
        if deals:
            net = Fraction(int((weight * values)[chosen].sum()),
                           deals * solution.settlement.scale)
            rows.append(Row(f"{name} (average net)", net, deals))
    shares = value.shares()
    streets = "; ".join(
        ("on the flop optimally given what he sees" if plan.optimal else
         "; ".join([plan.rule_words(rule.number) for rule in plan.rules] + [plan.rule_words(0)]))
        for plan in (strategy.flop, strategy.river))
    preflop = ("the best of 4x, 3x and checking given his own flop and river"
               if strategy.preflop_optimal else "his chart and preflop rules")
    notes = (
        cycle_note(solution.scenario, solution.cycle),
        f"Seen: {scenario.description}. The player follows strategy {strategy} on every street: "
        f"preflop {preflop} (4x on {percent(shares[4])} of the preflop states, 3x on "
        f"{percent(shares[3])}, check on {percent(shares[0])}); {streets}. Exact: every deal "
        "counted (docs/protection.md, \"Rules with their own flop and river steps\").",
        *([f"Strategy {strategy}: {strategy.description}"] if strategy.description else []),
        f"Against perfect use of the information (player edge {percent(value.optimal_return)}, "
        f"exactly {exact(value.optimal_return)}) the strategy costs {percent(value.cost)} per "
        f"Ante (exactly {exact(value.cost)}); against the game as dealt (optimal strategy, "
        f"{percent(unexposed.expected_return)}) it gains "
        f"{percent(value.expected_return - unexposed.expected_return)} per Ante.",
        "Each row is one preflop line with its exact average net per Ante: the count keeps each "
        "state's value, not its outcomes, so the hit frequency, variance, standard deviation "
        "and average wager of single hands are not computed here.",
    )
    title = (f"Ultimate Texas Hold'em: Ante, Blind and Play, the player seeing {scenario.seen} "
             f"and playing {strategy} on every street, Blind {paytable.label()}")
    table = RuleTable(game, "main", tuple(rows), paytable, dict(options),
                      initial_wager=Fraction(1), notes=notes, title=title, basis="Ante",
                      initial_stake=Fraction(2))
    if table.expected_return != value.expected_return:
        raise RuntimeError("The rule's table does not give its own exact return.")
    return table
