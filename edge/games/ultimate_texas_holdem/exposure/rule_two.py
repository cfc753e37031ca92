"""Ultimate Texas Hold'em with both dealer hole cards seen (``seen=dealer-2``), the player
following his own rule on every street: exact (docs/protection.md, "Rules with their own flop
and river steps").

A strategy file's preflop chart or rules decide each state (player holding P, dealer holding
D); its flop rules decide 2x or check on each flop F; its river rules play 1x or fold. With
both dealer cards seen, a flop or river rule may also read ``versus_dealer``: how the player's
hand stands against the dealer's on the same board (on the flop P + F against D + F, on the
river the 7-card hands, best five of each), behind, tied or ahead. E. Jacobson's "world's
easiest strategy" is such a rule (data/hole-card-jacobson-*.toml).

The count is the dealer-2 solve's (:mod:`._two`, :mod:`.dealer_two`): per (P, D, F) the 17
outcome counts over the 990 turn-rivers, in the row of the suit class of (P, D), to the 2x half
when the flop is bet and the checked half otherwise. Only the flop decision differs: the
rule's, from ``plan[F, versus, P]`` (:func:`flop_plans`: the flop rules compiled for each of
the three values of ``versus_dealer``, every other feature read by the kernels' own
``uth_flop_plan`` on the flop class representative) in the kernel :mod:`._rule_two`; a flop
played ``"optimal"`` compares 2x with checking given the rule's river.

A river rule reading ``versus_dealer`` alone is a play-or-fold per outcome category (win, tie
or loss), applied to the checked counts afterwards (rows of 36). A river rule reading the
player's hand and the board (any feature of the game as dealt: ``hidden``, ``dealer_outs`` ...)
decides per (P, board): its decision on every 5-card board class comes from the game-as-dealt
kernels (:func:`river_decisions`), and the kernel counts the checked deals played 1x and folded
apart (rows of 52, :func:`river_sources` for how ``versus_dealer`` mixes in). Every state's 4x,
3x and check values, and the counts of the rule's lines, follow exactly, in integers.
"""

from __future__ import annotations

import functools
import json
import sys
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache, parallel
from edge.cache import Blocks, Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _rule_two, _two, dealer_two
from edge.games.ultimate_texas_holdem.exposure.players import rule_choice
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.solve import _kernels
from edge.games.ultimate_texas_holdem.solve import solver as solve
from edge.games.ultimate_texas_holdem.solve.solver import FlopClasses, Settlement
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.features import Feature
from edge.games.ultimate_texas_holdem.strategy.language import StreetPlan, UthStrategy

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]
CATEGORIES = solve.CATEGORIES
ROW = _two.ROW
BEHIND, TIED, AHEAD = range(3)
# how the player's hand stands against the dealer's in each outcome category: the 14 wins,
# the tie, the two losses
VERSUS_OF_CATEGORY = np.array([AHEAD] * 14 + [TIED, BEHIND, BEHIND], dtype=np.int64)
# the bit of a board record holding the strategy's river fold (solve/_kernels.pyx)
_STRATEGY_FOLD = 61


def fixed_versus(plan: StreetPlan, versus: int) -> StreetPlan:
    """``plan`` for hands whose ``versus_dealer`` is ``versus``: a rule whose condition on it
    fails is dropped, one whose condition holds keeps its other conditions."""
    rules = []
    for rule in plan.rules:
        tests = [c for c in rule.conditions if c.feature == Feature.VERSUS_DEALER]
        if all(versus in c.allowed for c in tests):
            rules.append(replace(rule, conditions=tuple(
                c for c in rule.conditions if c.feature != Feature.VERSUS_DEALER)))
    return replace(plan, rules=tuple(rules))


def reads_only_versus(plan: StreetPlan) -> bool:
    """Whether a river ``plan`` is optimal or reads ``versus_dealer`` alone (a play or fold per
    outcome category, :func:`river_plays`); else it reads the player's hand and the board
    (:func:`river_sources`)."""
    return plan.optimal or not any(
        rule.conditions for versus in range(3) for rule in fixed_versus(plan, versus).rules)


def river_plays(plan: StreetPlan, settle: Settlement, ties_larger: bool) -> BoolArray:
    """Per outcome category whether the river plays 1x: by river rules that read only
    ``versus_dealer``, or, played optimally, where 1x is worth more than a fold."""
    if plan.optimal:
        return dealer_two.river_values(settle, ties_larger)[1]
    if not reads_only_versus(plan):
        raise ValueError("the river rules read more than versus_dealer: see river_sources")
    by_versus = [fixed_versus(plan, versus).decide(()) for versus in range(3)]
    plays: BoolArray = np.array(by_versus, dtype=bool)[VERSUS_OF_CATEGORY]
    return plays


def river_values(plan: StreetPlan, settle: Settlement, ties_larger: bool) -> IntArray:
    """Per outcome category the scaled value of the river after two checks under ``plan``
    (river rules that read only ``versus_dealer``)."""
    values: IntArray = np.where(river_plays(plan, settle, ties_larger), settle.array()[1],
                                settle.fold).astype(np.int64)
    return values


def river_sources(plan: StreetPlan) -> tuple[list[int], list[StreetPlan]]:
    """How river rules reading the player's hand and the board decide per ``versus_dealer``
    value (behind, tied, ahead): -2 a fold and -1 a play whatever the cards (the first rule
    left holds no condition), else the index of its plan in the list returned (the plans
    for the versus values, each once)."""
    sources: list[int] = []
    plans: list[StreetPlan] = []
    for versus in range(3):
        fixed = fixed_versus(plan, versus)
        if not fixed.rules or not fixed.rules[0].conditions:
            sources.append(-1 if fixed.decide(()) else -2)
            continue
        if fixed not in plans:
            plans.append(fixed)
        sources.append(plans.index(fixed))
    return sources, plans


def river_decisions(plans: list[StreetPlan], settle: Settlement, ties_larger: bool,
                    flops: npt.NDArray[np.int32], jobs: int | None = None
                    ) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int32],
                               npt.NDArray[np.uint8]]:
    """Each river plan's decision on every 5-card board class the flops ``flops`` reach:
    ``plays[c, h]`` has bit i set when ``plans[i]`` plays 1x with holding h on the
    representative of class c, decided by the game-as-dealt kernels' own features
    (``_kernels.uth_board_records``); and per flop and turn-river pair (lexicographic among
    the cards off the flop) its board's class and the suit permutation taking the board to the
    representative (``_kernels.uth_permutations``' numbering)."""
    boards, keys = _kernels.uth_board_classes()
    dealt = solve.flop_boards(flops)
    found = np.searchsorted(keys, solve.board_keys(dealt))
    wanted, board_class = np.unique(found, return_inverse=True)
    if not (keys[found] == solve.board_keys(dealt)).all():
        raise RuntimeError("A board of the dealer-2 rule's count has no class.")
    boards = np.ascontiguousarray(boards[wanted])
    plays = np.zeros((len(boards), solve.HOLDINGS), dtype=np.uint8)
    net = np.ascontiguousarray(settle.array())
    programs = [practical.compile_plan(plan) for plan in plans]
    step = 2000

    def task(start: int) -> int:
        records = np.zeros((min(step, len(boards) - start), solve.HOLDINGS), dtype=np.uint64)
        for bit, program in enumerate(programs):
            _kernels.uth_board_records(boards[start:start + len(records)], net, settle.fold,
                                       ties_larger, records, program)
            folds = (records >> np.uint64(_STRATEGY_FOLD)) & np.uint64(1)
            plays[start:start + len(records)] |= ((1 - folds) << np.uint64(bit)).astype(
                np.uint8)
        return start

    for _ in parallel.map(task, range(0, len(boards), step), jobs):
        pass
    return (plays, board_class.astype(np.int32).reshape(len(flops), -1),
            _to_representative(dealt).reshape(len(flops), -1))


def _to_representative(boards: npt.NDArray[np.int64]) -> npt.NDArray[np.uint8]:
    """Per board the index of a suit permutation (``_kernels.uth_permutations``: suit s goes to
    ``perms[p, s]``) taking it to its class's representative, whose suits 0..3 hold the suit
    rank masks largest first."""
    ranks, suits = boards >> 2, boards & 3
    masks = np.stack([((suits == suit) << ranks).sum(axis=1) for suit in range(4)], axis=1)
    order = np.argsort(-masks, axis=1, kind="stable")       # the suit that goes to 0, 1, ...
    target = np.empty_like(order)
    np.put_along_axis(target, order, np.arange(4)[None, :], axis=1)
    index = {tuple(row): p for p, row in enumerate(_kernels.uth_permutations().tolist())}
    codes = target @ np.array([1, 4, 16, 64])
    lookup = np.zeros(256, dtype=np.uint8)
    for row, p in index.items():
        lookup[row[0] + 4 * row[1] + 16 * row[2] + 64 * row[3]] = p
    perms: npt.NDArray[np.uint8] = lookup[codes]
    return perms


def flop_plans(plan: StreetPlan, flops: npt.NDArray[np.int32]) -> npt.NDArray[np.uint8]:
    """The rule's flop decision ``[flop, versus, holding id]`` (1 bet 2x, 0 check) for flop
    class representatives ``flops``; holdings sharing a card with the flop get 0."""
    out = np.zeros((len(flops), 3, solve.HOLDINGS), dtype=np.uint8)
    for versus in range(3):
        decided = np.zeros((len(flops), solve.HOLDINGS), dtype=np.uint8)
        numbers = np.zeros_like(decided)
        _kernels.uth_flop_plan(np.ascontiguousarray(flops, dtype=np.int32),
                               practical.compile_plan(fixed_versus(plan, versus)), decided,
                               numbers)
        out[:, versus] = decided
    return out


@dataclass(frozen=True)
class _Work:
    """What the worker units of one count read (see :func:`solve_rows`)."""

    flops: npt.NDArray[np.int32]
    index: npt.NDArray[np.int32]
    plans: npt.NDArray[np.uint8] | None      # None: the flop played optimally
    net2: IntArray
    river: IntArray
    ties_larger: bool
    # river rules reading the hand and the board (else None): river_decisions, river_sources
    plays: npt.NDArray[np.uint8] | None = None
    board_class: npt.NDArray[np.int32] | None = None
    board_perm: npt.NDArray[np.uint8] | None = None
    sources: tuple[int, ...] = ()
    net: IntArray | None = None
    fold: int = 0


def _flops_task(work: _Work, bounds: tuple[int, int]
                ) -> tuple[tuple[int, int], npt.NDArray[np.int32]]:
    start, stop = bounds
    flops = np.ascontiguousarray(work.flops[start:stop])
    plans = None if work.plans is None else np.ascontiguousarray(work.plans[start:stop])
    if work.plays is not None:
        assert work.board_class is not None and work.board_perm is not None
        assert work.net is not None
        rows = np.zeros((work.index.max() + 1, _rule_two.RIVER_ROW), dtype=np.int32)
        _rule_two.solve_river_flops(
            flops, work.index, plans, work.plays,
            np.ascontiguousarray(work.board_class[start:stop]),
            np.ascontiguousarray(work.board_perm[start:stop]), work.sources, work.net,
            work.fold, work.ties_larger, rows)
        return bounds, rows
    rows = np.zeros((work.index.max() + 1, ROW), dtype=np.int32)
    if work.plans is None:
        _two.solve_flops(flops, work.index, work.net2, work.river, work.ties_larger, rows)
    else:
        assert plans is not None
        _rule_two.solve_flops(flops, work.index, plans, rows)
    return bounds, rows


def solve_rows(strategy: UthStrategy, settle: Settlement, ties_larger: bool, *,
               jobs: int | None = None, progress: bool = False,
               classes: FlopClasses | None = None,
               checkpoint: Checkpoint | None = None) -> IntArray:
    """Every state class's row under the strategy's flop and river, summed over ``classes``
    (default every flop class), as int64 ``[states, width]``: with river rules reading only
    ``versus_dealer`` (or an optimal river) 17 counts after a flop 2x, 17 after a flop check,
    the flops bet and a spare column (width 36); with river rules reading the hand and the
    board 17 counts after a flop 2x, 17 checked then played 1x, 17 checked then folded and the
    flops bet (width 52)."""
    chosen = classes if classes is not None else solve.flop_classes()
    flops = chosen.flops.astype(np.int32)
    plans = None if strategy.flop.optimal else flop_plans(strategy.flop, flops)
    table = dealer_two.states()
    work = _Work(flops, table.index, plans, np.ascontiguousarray(settle.array()[2]),
                 np.zeros(0, dtype=np.int64), ties_larger)
    if reads_only_versus(strategy.river):
        river = river_values(strategy.river, settle, ties_larger)
        work = replace(work, river=river)
        width = ROW
        # the river is in the rows only through an optimal flop's comparison
        river_key = river if plans is None else np.zeros(0, dtype=np.int64)
    else:
        sources, river_plans = river_sources(strategy.river)
        plays, board_class, board_perm = river_decisions(river_plans, settle, ties_larger, flops,
                                                         jobs)
        work = replace(work, plays=plays, board_class=board_class, board_perm=board_perm,
                       sources=tuple(sources),
                       net=np.ascontiguousarray(settle.array()), fold=settle.fold)
        width = _rule_two.RIVER_ROW
        river_key = np.frombuffer(_river_text(strategy.river).encode(), dtype=np.uint8)
    blocks = Blocks("ultimate-texas-holdem seen=dealer-2, the player's own rule",
                    np.ones(len(flops), dtype=np.int64), checkpoint=checkpoint,
                    progress=progress, key={"net": settle.array(), "river": river_key,
                                            "ties_larger": np.array(ties_larger),
                                            "flops": chosen.flops,
                                            "plans": plans if plans is not None
                                            else np.zeros(0, dtype=np.uint8)})
    total = np.zeros((len(table.weight), width), dtype=np.int64)
    resumed = blocks.resume({"rows": total})
    if resumed is not None:
        total = resumed["rows"]
    workers = jobs or parallel.available_cores()
    pieces = max(8, 60 * workers) if classes is None else len(flops)
    bounds = np.linspace(0, len(flops), pieces + 1).round().astype(int)
    tasks = blocks.tasks([(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True)
                          if b > a])
    try:
        with blocks.start():
            for (start, stop), rows in parallel.map(functools.partial(_flops_task, work), tasks,
                                                    workers):
                with blocks.adding(start, stop):
                    total += rows
                if blocks.due():
                    blocks.save({"rows": total})
    except KeyboardInterrupt:
        blocks.save_interrupted(lambda: {"rows": total})
        raise
    return total


@dataclass(frozen=True)
class RuleSolution:
    """A strategy's exact play with both dealer cards seen: ``solution`` holds, per state,
    the rule's preflop choice and the exact value of 4x, 3x and checking (then the rule's flop
    and river), and the counts of the rule's lines; ``flop_bets`` the (state, flop) pairs of
    the checked states bet 2x on the flop."""

    strategy: UthStrategy
    solution: ExposedSolution
    flop_bets: int

    @property
    def expected_return(self) -> Fraction:
        """The rule's exact expected return per Ante."""
        counts = self.solution.counts
        net = self.solution.settlement.array()
        total = sum(int(counts[p] @ net[p]) for p in (1, 2, 3, 4))
        total += self.solution.folds * self.solution.settlement.fold
        return Fraction(total, self.solution.cycle * self.solution.settlement.scale)


def _compiled(plan: StreetPlan) -> list[Any]:
    """A plan as the kernels read it, in lists (a cache key)."""
    return [array.tolist() if isinstance(array, np.ndarray) else array
            for array in practical.compile_plan(plan)]


def _river_text(plan: StreetPlan) -> str:
    """River rules reading the hand and the board as the count reads them: per versus value
    its source and the compiled plans (a key)."""
    sources, plans = river_sources(plan)
    return json.dumps({"sources": sources, "plans": [_compiled(one) for one in plans]})


def lines(rows: IntArray, river: StreetPlan, settle: Settlement, ties_larger: bool
          ) -> tuple[IntArray, IntArray, IntArray, IntArray]:
    """Per state row of a whole count (either width, see :func:`solve_rows`): the 17 counts bet
    2x on the flop, checked then played 1x, checked then folded, and the flops bet."""
    if rows.shape[1] == _rule_two.RIVER_ROW:
        return (rows[:, :CATEGORIES], rows[:, CATEGORIES:2 * CATEGORIES],
                rows[:, 2 * CATEGORIES:3 * CATEGORIES], rows[:, 3 * CATEGORIES])
    plays = river_plays(river, settle, ties_larger)
    checked = rows[:, CATEGORIES:2 * CATEGORIES]
    return (rows[:, :CATEGORIES], np.where(plays, checked, 0), np.where(plays, 0, checked),
            rows[:, 2 * CATEGORIES])


def rule_solution(strategy: UthStrategy, rows: IntArray, settle: Settlement,
                  ties_larger: bool) -> RuleSolution:
    """The rule's play from the state rows of a whole count (see :func:`solve_rows`)."""
    table = dealer_two.states()
    weight = table.weight
    bet, played, folded, flops_bet = lines(rows, strategy.river, settle, ties_larger)
    dealt = bet.sum(axis=1) + played.sum(axis=1) + folded.sum(axis=1)
    if not (dealt == weight * dealer_two.DEALS_PER_STATE).all() or any(
            (part % weight[:, None]).any() for part in (bet, played, folded)):
        raise RuntimeError("The dealer-2 rule's count lost deals: its totals do not add up.")
    net = settle.array()
    one_bet, one_played = bet // weight[:, None], played // weight[:, None]
    one_folded = folded.sum(axis=1) // weight
    one_all = one_bet + one_played + folded // weight[:, None]
    values = np.stack([one_bet @ net[2] + one_played @ net[1] + one_folded * settle.fold,
                       one_all @ net[3], one_all @ net[4]], axis=1).astype(np.int64)
    best = solve.best_preflop(values[:, 2], values[:, 1], values[:, 0], ties_larger)
    solution = ExposedSolution(
        scenario=Seen.DEALER_2, settlement=settle, ties_larger=ties_larger, cycle=solve.CYCLE,
        counts={}, folds=0, decisions=(), state_cards=table.cards, state_weight=weight,
        choice=best, values=values, deals_per_state=dealer_two.DEALS_PER_STATE)
    choice = rule_choice(strategy, solution).astype(np.int8)
    every = bet + played + folded
    counts = {4: every[choice == 4].sum(axis=0),
              3: every[choice == 3].sum(axis=0),
              2: bet[choice == 0].sum(axis=0),
              1: played[choice == 0].sum(axis=0)}
    folds = int(folded[choice == 0].sum())
    if sum(int(c.sum()) for c in counts.values()) + folds != solve.CYCLE:
        raise RuntimeError("The dealer-2 rule's lines do not add up to the cycle.")
    solution = replace(solution, choice=choice, folds=folds,
                       counts={p: c.astype(np.int64) for p, c in counts.items()},
                       decisions=solve.line_decisions(counts, folds))
    return RuleSolution(strategy, solution, int(flops_bet[choice == 0].sum()))


def _entry(strategy: UthStrategy, settle: Settlement, ties_larger: bool) -> cache.Entry:
    """The disk cache entry of the state rows, named by the pays, the ties rule, the rule's
    flop and river as the kernels read them and the code that counts."""
    plan = "optimal" if strategy.flop.optimal else [
        _compiled(fixed_versus(strategy.flop, versus)) for versus in range(3)]
    # the river is in the rows only through an optimal flop's comparison: one entry serves
    # every river rule on versus_dealer alone after a flop rule
    river: Any = "not counted"
    if not reads_only_versus(strategy.river):
        river = {"reads the cards": json.loads(_river_text(strategy.river))}
    elif strategy.flop.optimal:
        river = river_values(strategy.river, settle, ties_larger).tolist()
    path = cache.entry_path("uth-dealer-two-rule", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": ties_larger, "flop": plan, "river": river, "arrays": ("rows",)},
        (sys.modules[__name__], dealer_two, solve, _kernels, _two, _rule_two, practical))
    return cache.Entry(path, "ultimate-texas-holdem seen=dealer-2, the player's own rule")


def solve_rule(strategy: UthStrategy, settle: Settlement, ties_larger: bool = False, *,
               jobs: int | None = None, use_cache: bool = True,
               progress: bool = False) -> RuleSolution:
    """The exact play of ``strategy`` with both dealer cards seen (cached on disk; minutes
    the first time, like the dealer-2 solve)."""
    entry = _entry(strategy, settle, ties_larger)

    def load() -> IntArray | None:
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> IntArray:
            return arrays["rows"].astype(np.int64)
        return entry.load(("rows",), accept)

    def solved(checkpoint: Checkpoint) -> IntArray:
        return solve_rows(strategy, settle, ties_larger, jobs=jobs, progress=progress,
                          checkpoint=checkpoint)

    rows = cache.read_or_solve(entry, load, solved,
                               lambda rows: entry.store({"rows": rows.astype(np.int32)}),
                               use_cache)
    return rule_solution(strategy, rows, settle, ties_larger)

