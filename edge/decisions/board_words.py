"""A shared-board game's decisions made with the flop or the whole board seen, put in words:
a short ordered list of rules in the hold'em vocabulary (:mod:`edge.decisions.holdem_features`;
the first that holds decides, ``otherwise`` last), found from the solve and priced exactly.

The solve sums each decision's states by feature cell (:class:`~edge.decisions.board.WordCells`:
on the flop the hand, hidden, the kind and rank of one pair, the hole card of four to a flush,
the straight draw, the two hole cards' ranks, the overcards, three to a flush and the board's
most cards of one suit; on the river the hand, hidden, the kind of one
pair and the dealer outs), each option's exact value and the deals where it is the solve's. The
learner is greedy: it adds, one at a time, the rule (conditions on the cell's features and an
option: the :data:`SEEDS` best of one or two conditions, each narrowed by more conditions while
that gains, up to :data:`MOST_CONDITIONS`) that gains the most value, either below the rules
found (over the cells none of them decides, the best single option taking the rest) or above
them (an exception, over every cell it covers), and stops at :data:`MOST_WORDS` rules or when a
rule gains less than :data:`LEAST_GAIN` of what separates the best single option from the
solve; each of the two lists is then polished one change at a time (:func:`_polished`), and
the better kept. The words are then
played through the rule machinery (the solve given them as its ``plan``): their return, their
cost against the optimal and each rule's are exact, whatever the learner found.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.decisions.board import STAGES, BoardGame, BoardSolution, WordCells, play_planned
from edge.decisions.board_strategy_file import later_departures
from edge.decisions.holdem_features import (
    HAND_NAMES,
    NO_RANK,
    PAIR_NAMES,
    STRAIGHT_DRAW_NAMES,
    Condition,
    Feature,
    HoldemRule,
    HoldemRules,
    holdem_condition,
)
from edge.strategies import Departure

MOST_WORDS = 6                     # the most rules of a decision in words
MOST_CONDITIONS = 4                # the most conditions of a rule
SEEDS = 24                         # the rules of two conditions refined at each step
LEAST_GAIN = Fraction(1, 2000)     # a rule must gain this share of the words' room at least
# the share of the best rule's gain a rule of one condition may fall short by and be chosen
SIMPLER = Fraction(99, 100)
POLISH_ROUNDS = 4                  # the most passes of one-change improvements over the rules
Counts = npt.NDArray[np.int64]


def candidates(feature: Feature, present: set[int], river: bool) -> list[Condition]:
    """The conditions on a feature the learner tries, as a strategy file writes them, for
    the values the cells hold (``present``)."""
    written: list[tuple[str, object]] = []
    if feature == Feature.HAND:
        written += [("hand_min", HAND_NAMES[v]) for v in range(1, 10) if v <= max(present)]
        written += [("hand_max" if v else "hand", HAND_NAMES[v]) for v in range(9)
                    if v >= min(present)]
    elif feature == Feature.HIDDEN:
        written += [("hidden", True), ("hidden", False)]
    elif feature == Feature.PAIR:
        written += [("pair", PAIR_NAMES[v]) for v in sorted(present)]
    elif feature == Feature.STRAIGHT_DRAW:
        written += [("straight_draw", STRAIGHT_DRAW_NAMES[v]) for v in sorted(present)]
    elif feature in (Feature.OVERCARDS, Feature.THREE_FLUSH, Feature.BOARD_SUITED):
        name = feature.name.lower()
        written += [(f"{name}_min", v) for v in sorted(present)[1:]]
        written += [(f"{name}_max", v) for v in sorted(present)[:-1]]
        written += [(name, v) for v in sorted(present)]
    elif feature == Feature.DEALER_OUTS:
        top = max(present)
        written += [("dealer_outs_below", v) for v in range(1, top + 1)]
    else:
        name = {Feature.PAIR_RANK: "pair_rank", Feature.FLUSH_DRAW_HOLE: "flush_draw_hole",
                Feature.HIGH_CARD: "high_card", Feature.LOW_CARD: "low_card"}[feature]
        ranks = sorted(v for v in present if v != NO_RANK)
        written += [(f"{name}_min", RANKS[v]) for v in ranks]
        if feature in (Feature.HIGH_CARD, Feature.LOW_CARD):
            written += [(f"{name}_max", RANKS[v]) for v in ranks]
    return [holdem_condition(key, raw, "no", river, "the words") for key, raw in written]


@dataclass(frozen=True)
class Learned:
    """A decision's words as found on its cells: the rules, and their value on the cells
    against the solve's and the best single option's (scaled integers)."""

    rules: HoldemRules
    value: int
    optimal: int
    single: int


def learn(cells: WordCells, decision: int, river: bool, most: int = MOST_WORDS) -> Learned:
    """The better (on the cells' exact values) of two greedy decision lists of a decision's
    cells (see the module's docstring), each polished (:func:`_polished`): rules added below
    those found so far, or above them (an exception to the rules below it)."""
    conditions: list[Condition] = []
    masks: list[npt.NDArray[np.bool_]] = []
    seen: set[bytes] = set()
    for column, feature in enumerate(cells.features):
        values = cells.keys[:, column]
        for condition in candidates(feature, {int(v) for v in values}, river):
            mask = np.isin(values, sorted(condition.allowed))
            if not mask.any() or mask.all() or mask.tobytes() in seen:
                continue
            seen.add(mask.tobytes())
            conditions.append(condition)
            masks.append(mask)
    exact = [[int(x) for x in row] for row in cells.values]
    options = cells.values.shape[1]
    optimal = sum(max(row) for row in exact)
    single = max(sum(row[o] for row in exact) for o in range(options))
    found = [HoldemRules(decision, *_polished(cells.values, conditions, masks, rules, otherwise))
             for rules, otherwise in (
                 _below(cells.values, conditions, masks, optimal - single, most),
                 _above(cells.values, conditions, masks, optimal - single, most))]
    found = [_pruned(cells, words) for words in found]
    valued = [(cell_value(cells, words), -len(words.rules), n) for n, words in enumerate(found)]
    value, _, best = max(valued)
    return Learned(found[best], value, optimal, single)


def _pruned(cells: WordCells, words: HoldemRules) -> HoldemRules:
    """The words without the rules whose removal loses nothing on the cells."""
    value = cell_value(cells, words)
    for number in reversed(range(len(words.rules))):
        fewer = HoldemRules(words.decision, words.rules[:number] + words.rules[number + 1:],
                            words.otherwise)
        if cell_value(cells, fewer) >= value:
            words, value = fewer, cell_value(cells, fewer)
    return words


def _pair_sums(matrix: npt.NDArray[np.float64], weights: npt.NDArray[np.float64]
               ) -> npt.NDArray[np.float64]:
    """For every two conditions (the same twice: one), the weights of the cells where both
    hold, for each column of ``weights``: (columns, conditions, conditions)."""
    return np.stack([(matrix * weights[:, o]) @ matrix.T for o in range(weights.shape[1])])


def _choose(gains: npt.NDArray[np.float64]) -> tuple[int, int, int]:
    """The (option, condition, condition) of the largest gain; one condition when it gains
    :data:`SIMPLER` of it."""
    best = np.unravel_index(int(np.argmax(gains)), gains.shape)
    diagonal = np.einsum("oii->oi", gains)
    one = np.unravel_index(int(np.argmax(diagonal)), diagonal.shape)
    if diagonal[one] >= float(SIMPLER) * gains[best]:
        return int(one[0]), int(one[1]), int(one[1])
    return int(best[0]), int(best[1]), int(best[2])


def _best_rule(gains: npt.NDArray[np.float64],
               gain_of: Callable[[npt.NDArray[np.bool_], int], float],
               conditions: list[Condition], masks: list[npt.NDArray[np.bool_]]
               ) -> tuple[float, HoldemRule, npt.NDArray[np.bool_]]:
    """The rule of the largest gain, refined (:func:`_refined`) from each of the
    :data:`SEEDS` best rules of two conditions and the best of one (a seed that loses may
    gain once refined)."""
    o, i, j = _choose(gains)
    seeds = {(o, i, j)} | {tuple(int(x) for x in np.unravel_index(k, gains.shape))
                           for k in np.argsort(gains, axis=None)[-SEEDS:]}
    found = []
    for option, first, second in seeds:
        rule, covered = _refined(functools.partial(_with_option, gain_of, option), option,
                                 conditions, masks, first, second,
                                 float(gains[option, first, second]))
        found.append((gain_of(covered, option), -len(rule.conditions), rule, covered))
    gain, _, rule, covered = max(found, key=lambda item: (item[0], item[1]))
    return gain, rule, covered


def _with_option(gain_of: Callable[[npt.NDArray[np.bool_], int], float], option: int,
                 covered: npt.NDArray[np.bool_]) -> float:
    return gain_of(covered, option)


def _refined(gain_of: Callable[[npt.NDArray[np.bool_]], float], option: int,
             conditions: list[Condition], masks: list[npt.NDArray[np.bool_]], i: int, j: int,
             gain: float) -> tuple[HoldemRule, npt.NDArray[np.bool_]]:
    """The rule of conditions ``i`` and ``j`` taking ``option``, with up to
    :data:`MOST_CONDITIONS` conditions in all: each added while one gains more."""
    chosen = [i] if i == j else [i, j]
    covered = masks[i] & masks[j]
    while len(chosen) < MOST_CONDITIONS:
        tried = [(gain_of(covered & mask), k) for k, mask in enumerate(masks)
                 if k not in chosen]
        better, k = max(tried, default=(gain, -1))
        if better <= gain:
            break
        gain = better
        chosen.append(k)
        covered = covered & masks[k]
    return HoldemRule(option, tuple(conditions[k] for k in chosen)), covered


def _below(values: Counts, conditions: list[Condition], masks: list[npt.NDArray[np.bool_]],
           room: int, most: int) -> tuple[tuple[HoldemRule, ...], int]:
    """Rules added one at a time below those found, each deciding the cells it covers that
    none above it does, the best single option taking the rest."""
    matrix = np.array(masks, dtype=np.float64).reshape(len(masks), len(values))
    open_ = np.ones(len(values), dtype=bool)
    rules: list[HoldemRule] = []
    while len(rules) < most and open_.any() and matrix.size:
        left = values * open_[:, np.newaxis]
        totals = left.sum(axis=0).astype(np.float64)
        sums = _pair_sums(matrix, left.astype(np.float64))
        rest = (totals[:, np.newaxis, np.newaxis] - sums).max(axis=0)
        gains = sums + rest[np.newaxis] - totals.max()
        def gain_below(covered: npt.NDArray[np.bool_], o: int,
                       left: Counts = left) -> float:
            taken = left[covered].sum(axis=0)
            return float(taken[o] + (left.sum(axis=0) - taken).max() - left.sum(axis=0).max())
        gain, rule, covered = _best_rule(gains, gain_below, conditions, masks)
        if gain <= max(float(LEAST_GAIN) * room, 0):
            break
        rules.append(rule)
        open_ &= ~covered
    left_totals = (values * open_[:, np.newaxis]).sum(axis=0)
    otherwise = int(np.argmax(left_totals))
    while rules and rules[-1].action == otherwise:
        rules.pop()
    return tuple(rules), otherwise


def _above(values: Counts, conditions: list[Condition], masks: list[npt.NDArray[np.bool_]],
           room: int, most: int) -> tuple[tuple[HoldemRule, ...], int]:
    """The best single option for every cell, then rules added one at a time above those
    found, each taking every cell it covers (exceptions to the rules below)."""
    matrix = np.array(masks, dtype=np.float64).reshape(len(masks), len(values))
    otherwise = int(np.argmax(values.sum(axis=0)))
    current = values[:, otherwise].astype(np.float64)
    rules: list[HoldemRule] = []
    while len(rules) < most and matrix.size:
        gains = _pair_sums(matrix, values.astype(np.float64) - current[:, np.newaxis])
        def gain_above(covered: npt.NDArray[np.bool_], o: int,
                       current: npt.NDArray[np.float64] = current) -> float:
            return float((values[covered, o] - current[covered]).sum())
        gain, rule, covered = _best_rule(gains, gain_above, conditions, masks)
        if gain <= max(float(LEAST_GAIN) * room, 0):
            break
        rules.insert(0, rule)
        current = np.where(covered, values[:, rule.action], current)
    return tuple(rules), otherwise


def _polished(values: Counts, conditions: list[Condition], masks: list[npt.NDArray[np.bool_]],
              rules: tuple[HoldemRule, ...], otherwise: int
              ) -> tuple[tuple[HoldemRule, ...], int]:
    """The greedy words improved one change at a time while a change gains (at most
    :data:`POLISH_ROUNDS` passes): in each rule in turn, a condition replaced by another, added
    (up to :data:`MOST_CONDITIONS`) or dropped, with the rule's option changed or not, and the
    ``otherwise`` option; each change kept only if the words' exact value on the cells rises.
    The greedy learner fixes each rule before it sees the next; this lets an early rule give
    up cells a later one decides better."""
    index = {id(condition): k for k, condition in enumerate(conditions)}
    listed = [(rule.action, [index[id(c)] for c in rule.conditions]) for rule in rules]
    if not masks:
        return rules, otherwise
    matrix = np.array(masks, dtype=np.float64)
    exact = values.astype(np.int64)

    def covered(chosen: list[int]) -> npt.NDArray[np.bool_]:
        hit = np.ones(len(values), dtype=bool)
        for k in chosen:
            hit &= masks[k]
        return hit

    def worth(listed: list[tuple[int, list[int]]], otherwise: int) -> int:
        open_ = np.ones(len(values), dtype=bool)
        total = 0
        for action, chosen in listed:
            hit = open_ & covered(chosen)
            total += int(exact[hit, action].sum())
            open_ &= ~hit
        return total + int(exact[open_, otherwise].sum())

    best = worth(listed, otherwise)
    for _ in range(POLISH_ROUNDS):
        before = best
        for r in range(len(listed)):
            open_before = np.ones(len(values), dtype=bool)
            for _action, chosen in listed[:r]:
                open_before &= ~covered(chosen)
            # what each cell gets if rule r does not take it: the later rules, or otherwise
            after = exact[:, otherwise].copy()
            taken = np.zeros(len(values), dtype=bool)
            for action, chosen in listed[r + 1:]:
                hit = ~taken & covered(chosen)
                after[hit] = exact[hit, action]
                taken |= hit
            action, chosen = listed[r]
            tried: list[tuple[float, int, list[int]]] = []
            for k in range(len(chosen) + 1):
                if k == len(chosen) and len(chosen) >= MOST_CONDITIONS:
                    continue
                others = chosen[:k] + chosen[k + 1:]
                base = open_before & covered(others)
                for option in range(values.shape[1]):
                    weights = np.where(base, exact[:, option] - after, 0).astype(np.float64)
                    gains = matrix @ weights
                    gains[others] = -np.inf          # a condition once in a rule
                    j = int(np.argmax(gains))
                    tried.append((float(gains[j]), option, others[:k] + [j] + others[k:]))
                    if others and k < len(chosen):
                        tried.append((float(weights.sum()), option, others))
            for _gain, option, change in sorted(tried, key=lambda item: -item[0])[:8]:
                changed = listed[:r] + [(option, change)] + listed[r + 1:]
                value = worth(changed, otherwise)
                if value > best:
                    listed, best = changed, value
                    break
        for option in range(values.shape[1]):
            value = worth(listed, option)
            if value > best:
                otherwise, best = option, value
        if best == before:
            break
    return tuple(HoldemRule(action, tuple(conditions[k] for k in chosen))
                 for action, chosen in listed), otherwise


def cell_value(cells: WordCells, words: HoldemRules) -> int:
    """The words' value summed over the cells (every state of a cell takes one option)."""
    keys = np.zeros((len(cells.keys), max(cells.features) + 1), dtype=np.int64)
    for column, feature in enumerate(cells.features):
        keys[:, feature] = cells.keys[:, column]
    choice, _ = words.decide(keys)
    return sum(int(cells.values[c, o]) for c, o in enumerate(choice))


@dataclass(frozen=True)
class PricedWords:
    """Every decision's words played through the rule machinery: the exact return with them
    (the decision with the player's cards alone as solved), the optimal, each rule's exact
    cost and frequency (:class:`~edge.strategies.Departure`), and by decision the deals where
    play comes to it and those where the words depart from the solve."""

    words: tuple[HoldemRules, ...]
    optimal: Fraction
    played: Fraction
    departures: tuple[Departure, ...]
    reached: dict[int, int]
    departing: dict[int, int]
    # by decision, where the cells know the solve's own values: what the best option of each
    # cell of feature values loses against the solve (no words on these features lose less),
    # per quote unit, and the cells (:func:`word_floors`)
    floors: dict[int, tuple[Fraction, int]] = field(default_factory=dict)

    @property
    def cost(self) -> Fraction:
        """What the words lose against the optimal strategy, per quote unit."""
        return self.optimal - self.played


def price_words(planned: BoardSolution) -> PricedWords:
    """The words the solve ``planned`` was given (its ``plan``) priced exactly: the return
    with them and the solve's choice before the flop, and each rule's cost."""
    counts = planned.preflop_counts
    assert counts is not None and planned.planned is not None
    optimal = np.asarray(planned.preflop, dtype=np.int64)
    choice = (np.where(counts.sizes > 0, optimal, 0) if counts.decided
              else np.zeros(len(counts.sizes), dtype=np.int64))
    played = play_planned(planned, choice)
    departures: list[Departure] = []
    for words in planned.rules:
        departures += later_departures(planned.game, words, planned, choice)
    if sum((d.cost for d in departures), Fraction(0)) != (planned.player_return
                                                         - played.player_return):
        raise AssertionError("the costs of the words' rules do not add up to the difference "
                             "of the returns")
    reached: dict[int, int] = {}
    departing: dict[int, int] = {}
    ruled = planned.planned.counts
    for a, _ in enumerate(ruled.arrivals):
        taken = (choice == a) & (counts.sizes > 0)
        for line, found in ruled.lines[a].items():
            for d, _option in line:
                reached[d] = reached.get(d, 0) + int(found[taken].sum())
        for (d, _rule, part), amounts in planned.planned.lost[a].items():
            if part == 1:
                departing[d] = departing.get(d, 0) + int(amounts[taken].sum())
    return PricedWords(planned.rules, planned.player_return, played.player_return,
                       tuple(departures), reached, departing)


def word_floors(solution: BoardSolution) -> dict[int, tuple[Fraction, int]]:
    """For each decision whose cells hold the solve's own values (the flop's), what taking the
    best option of each cell loses against the solve, per quote unit, and how many cells: the
    least any words on these features can lose on that decision, the others as solved."""
    counts = solution.preflop_counts
    assert counts is not None
    whole = solution.cycle * counts.pays.scale
    floors = {}
    for d, cells in solution.word_cells.items():
        if cells.solved is not None:
            lost = sum(int(v) for v in cells.solved) - sum(
                max(int(v) for v in row) for row in cells.values)
            floors[d] = (Fraction(lost, whole), len(cells.keys))
    return floors


def later_decisions(game: BoardGame) -> list[int]:
    """The decisions made with the flop or the whole board seen."""
    return [d for d, decision in enumerate(game.decisions) if decision.seen in STAGES[1:]]


def rule_lines(game: BoardGame, words: HoldemRules) -> list[str]:
    """The words as a strategy file writes them: a ``[decision]`` table to paste."""
    decision = game.decisions[words.decision]
    lines = [f"[{decision.name}]", f'otherwise = "{decision.options[words.otherwise].name}"',
             "rules = ["]
    for rule in words.rules:
        said = ", ".join([f'action = "{decision.options[rule.action].name}"',
                          *(condition.text for condition in rule.conditions)])
        lines.append(f"    {{ {said} }},")
    lines.append("]")
    return lines


def spoken(game: BoardGame, words: HoldemRules) -> list[str]:
    """The words as a dealer says them, in order, ``otherwise`` last."""
    decision = game.decisions[words.decision]
    return [*(f"{decision.options[rule.action].name} when {rule.words}" for rule in words.rules),
            f"otherwise {decision.options[words.otherwise].name}"]
