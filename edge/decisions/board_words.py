"""A shared-board game's decisions made with the flop or the whole board seen, put in words:
a short ordered list of rules in the hold'em vocabulary (:mod:`edge.decisions.holdem_features`;
the first that holds decides, ``otherwise`` last), found from the solve and priced exactly.

The solve sums each decision's states by feature cell (:class:`~edge.decisions.board.WordCells`:
on the flop the hand, hidden, the kind and rank of one pair, the hole card of four to a flush,
the straight draw and the higher hole card; on the river the hand, hidden, the kind of one pair
and the dealer outs), each option's exact value and the deals where it is the solve's. The
learner is greedy: it adds, one at a time, the rule (one or two conditions on the cell's
features and an option) that gains the most value over the cells not yet decided, the best
single option taking the rest, and stops at :data:`MOST_WORDS` rules or when a rule gains less
than :data:`LEAST_GAIN` of what separates the best single option from the solve. The words are
then played through the rule machinery (the solve given them as its ``plan``): their return,
their cost against the optimal and each rule's are exact, whatever the learner found.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.decisions.board import STAGES, BoardGame, BoardSolution, WordCells, play_planned
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
LEAST_GAIN = Fraction(1, 100)      # a rule must gain this share of the words' room at least
# the share of the best rule's gain a rule of one condition may fall short by and be chosen
SIMPLER = Fraction(99, 100)
Counts = npt.NDArray[np.int64]


def candidates(feature: Feature, present: set[int], river: bool) -> list[Condition]:
    """The conditions on a feature the learner tries, as a strategy file writes them, for
    the values the cells hold (``present``)."""
    written: list[tuple[str, object]] = []
    if feature == Feature.HAND:
        written += [("hand_min", HAND_NAMES[v]) for v in range(1, 10) if v <= max(present)]
        written += [("hand_max", HAND_NAMES[v]) for v in range(9) if v >= min(present)]
    elif feature == Feature.HIDDEN:
        written += [("hidden", True), ("hidden", False)]
    elif feature == Feature.PAIR:
        written += [("pair", PAIR_NAMES[v]) for v in sorted(present)]
    elif feature == Feature.STRAIGHT_DRAW:
        written += [("straight_draw", STRAIGHT_DRAW_NAMES[v]) for v in sorted(present)]
    elif feature == Feature.DEALER_OUTS:
        top = max(present)
        written += [("dealer_outs_below", v) for v in range(1, top + 1)]
    else:
        name = {Feature.PAIR_RANK: "pair_rank", Feature.FLUSH_DRAW_HOLE: "flush_draw_hole",
                Feature.HIGH_CARD: "high_card"}[feature]
        ranks = sorted(v for v in present if v != NO_RANK)
        written += [(f"{name}_min", RANKS[v]) for v in ranks]
        if feature == Feature.HIGH_CARD:
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
    """The greedy decision list of a decision's cells (see the module's docstring)."""
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
    values = cells.values
    options = values.shape[1]
    exact = [[int(x) for x in row] for row in values]
    open_ = np.ones(len(values), dtype=bool)
    matrix = np.array(masks, dtype=np.float64).reshape(len(masks), len(values))
    optimal = sum(max(row) for row in exact)
    single = max(sum(row[o] for row in exact) for o in range(options))
    room = optimal - single
    rules: list[HoldemRule] = []
    while len(rules) < most and open_.any() and matrix.size:
        left = values * open_[:, np.newaxis]
        totals = left.sum(axis=0).astype(np.float64)
        weighted = left.astype(np.float64)
        sums = np.stack([(matrix * weighted[:, o]) @ matrix.T for o in range(options)])
        rest = (totals[:, np.newaxis, np.newaxis] - sums).max(axis=0)
        gains = sums + rest[np.newaxis] - totals.max()
        best = np.unravel_index(int(np.argmax(gains)), gains.shape)
        diagonal = np.array([[gains[o, i, i] for i in range(len(masks))]
                             for o in range(options)])
        one = np.unravel_index(int(np.argmax(diagonal)), diagonal.shape)
        if diagonal[one] >= float(SIMPLER) * gains[best]:
            best = (one[0], one[1], one[1])
        o, i, j = (int(x) for x in best)
        if gains[o, i, j] <= float(LEAST_GAIN) * room or gains[o, i, j] <= 0:
            break
        rules.append(HoldemRule(o, (conditions[i],) if i == j else (conditions[i],
                                                                     conditions[j])))
        open_ &= ~(masks[i] & masks[j])
    left_totals = [sum(row[o] for row, free in zip(exact, open_, strict=True) if free)
                   for o in range(options)]
    otherwise = max(range(options), key=lambda o: left_totals[o])
    while rules and rules[-1].action == otherwise:
        rules.pop()
    words = HoldemRules(decision, tuple(rules), otherwise)
    return Learned(words, cell_value(cells, words), optimal, single)


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

    @property
    def cost(self) -> Fraction:
        """What the words lose against the optimal strategy, per quote unit."""
        return self.optimal - self.played


def price_words(planned: BoardSolution) -> PricedWords:
    """The words the solve ``planned`` was given (its ``plan``) priced exactly: the return
    with them and the solve's choice before the flop, and each rule's cost."""
    from edge.decisions.board_strategy_file import _later_departures as later_departures

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
