"""The exact optimal strategy of a game with decisions, by backward induction over the cards seen.

A game here (first landing: the player's own hand against a pay table, as in Let It Ride and
Mississippi Stud) deals ``cards`` cards from one deck; the player sees the first ``first`` of
them, then one more after each step, and before some steps makes a decision: fold (the wagers
in play are lost), or an option that sets one wager to an amount (raise 1 to 3 times the Ante,
pull a bet back). When every card is seen, each wager in play is paid the pay of the outcome the
cards make. Since every wager is paid alike, what the future holds for a player depends only on
the set of cards seen and the total in play, so the value of every such state is found once:

- a state is a ``k``-card set (by its colex index, :func:`set_index`) and a total in play;
- the value of a final state (every card seen) is the total times the outcome's pay;
- the value of an earlier state sums its values over the next card (each card not seen yet);
  where a decision is made, it is the best option's (fold: the total lost on every deal that
  follows).

Every value is an integer: a sum over the ordered deals of the cards still to come, in units of
``1 / scale`` of the quote unit. The counts of the return table follow the chosen options
forward from the first cards (each ordered deal counted once); they sum to the cycle,
C(52, first) times (52 - first)! / (52 - cards)!, and give back the same return as the
backward values (checked on every solve).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from edge.errors import EdgeError

IntArray = npt.NDArray[np.int64]
DECK = 52
# the most cards a solve deals: the final sets are held in memory (C(52, 6) = 20,358,520)
MOST_CARDS = 6
# values beyond this could overflow int64 while being summed
MOST_VALUE = 1 << 62
# the binomial table of the colex index: BINOMIAL[n, r] = C(n, r)
BINOMIAL = np.array([[math.comb(n, r) for r in range(MOST_CARDS + 2)] for n in range(DECK + 1)],
                    dtype=np.int64)


@dataclass(frozen=True)
class Option:
    """One choice of a decision: ``fold`` (every wager in play lost), or set the wager
    ``wager`` (an index) to ``amount`` units of the quote unit (``None``: change nothing)."""

    name: str
    fold: bool = False
    wager: int | None = None
    amount: Fraction = Fraction(0)


@dataclass(frozen=True)
class Decision:
    """A decision made with ``seen`` cards seen, among ``options`` (at least two)."""

    name: str
    seen: int
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Problem:
    """What the solve needs: the deal, the decisions, the wagers' starting amounts (in quote
    units), each final set's outcome (by colex index; ``len(pays) - 1`` loses) and the pays
    ("to 1"), and which option a tie goes to."""

    cards: int
    first: int
    decisions: tuple[Decision, ...]
    start: tuple[Fraction, ...]
    outcome_of: IntArray
    pays: tuple[Fraction, ...]
    larger_on_ties: bool = True


@dataclass(frozen=True)
class Solution:
    """The solve: the exact return per quote unit, the counts of every final outcome and
    fold by the total in play, the choices, and the figures of the deal."""

    problem: Problem
    player_return: Fraction
    cycle: int
    # (outcome index, total in play) -> ordered deals; (decision index, total lost) -> deals
    settled: dict[tuple[int, Fraction], int]
    folded: dict[tuple[int, Fraction], int]
    # per decision: the option chosen for every (set index, total on arrival)
    choices: tuple[npt.NDArray[np.int8], ...]
    totals: tuple[tuple[Fraction, ...], ...]     # per decision: the totals on arrival
    # each line of play (the option taken at each decision reached, in turn) -> deals
    lines: dict[tuple[int, ...], int]


def set_index(rows: IntArray) -> IntArray:
    """The colex index of each row of increasing cards: sum of C(c_i, i + 1)."""
    index = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        index += BINOMIAL[rows[:, i], i + 1]
    return index


def all_sets(k: int) -> IntArray:
    """Every k-card set of the deck, row i the set of colex index i (cards increasing): the
    sets whose highest card is m are the (k-1)-sets below m, in their order, with m added."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for size in range(1, k + 1):
        parts = [np.column_stack([rows[:math.comb(top, size - 1)],
                                  np.full(math.comb(top, size - 1), top, dtype=np.int64)])
                 for top in range(size - 1, DECK)]
        rows = np.concatenate(parts)
    return rows


class _Steps:
    """Where each k-set goes when one card is added: for each card, the k-sets without it
    (a mask) and the (k+1)-set each becomes with it (its index), made once for both passes."""

    def __init__(self, sets: IntArray) -> None:
        n, k = sets.shape
        before = np.zeros((n, k + 1), dtype=np.int64)
        after = np.zeros((n, k + 1), dtype=np.int64)
        for i in range(k):
            before[:, i + 1] = before[:, i] + BINOMIAL[sets[:, i], i + 1]
        for i in range(k - 1, -1, -1):
            after[:, i] = after[:, i + 1] + BINOMIAL[sets[:, i], i + 2]
        rows = np.arange(n)
        self.cards: list[tuple[npt.NDArray[np.bool_], npt.NDArray[np.int32]]] = []
        for card in range(DECK):
            free = ~(sets == card).any(axis=1)
            below = (sets < card).sum(axis=1)
            index = before[rows, below] + BINOMIAL[card, below + 1] + after[rows, below]
            self.cards.append((free, index[free].astype(np.int32)))

    def add(self, card: int) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.int32]]:
        """The sets without ``card`` (a mask) and the index of each with it added."""
        return self.cards[card]


def _scale(problem: Problem) -> int:
    amounts = [*problem.start, *(o.amount for d in problem.decisions for o in d.options)]
    return math.lcm(*(Fraction(x).denominator for x in [*amounts, *problem.pays]))


def _totals(problem: Problem) -> list[tuple[Fraction, ...]]:
    """The totals in play on arriving at each decision, and (last) at the end."""
    found = [sum(problem.start, Fraction(0))]
    out = []
    for decision in problem.decisions:
        out.append(tuple(sorted(set(found))))
        after = set()
        for total in found:
            for option in decision.options:
                if not option.fold:
                    after.add(_after(problem, option, total))
        found = sorted(after)
    out.append(tuple(sorted(set(found))))
    return out


def _after(problem: Problem, option: Option, total: Fraction) -> Fraction:
    """The total in play after a non-fold option (each wager is set by one decision at most,
    so the wager it sets holds its starting amount until then)."""
    if option.wager is None:
        return total
    return total - problem.start[option.wager] + option.amount


def check_problem(problem: Problem) -> None:
    """Refuse what the solve cannot do (one line each)."""
    if not 1 <= problem.first <= problem.cards <= MOST_CARDS:
        raise EdgeError(f"A game with decisions deals 1 to {MOST_CARDS} cards here, the first "
                        f"seen at once; not {problem.cards} cards with {problem.first} first.")
    set_by: dict[int, str] = {}
    seen = 0
    for decision in problem.decisions:
        if not problem.first <= decision.seen < problem.cards or decision.seen <= seen - 1:
            raise EdgeError(f"The decision {decision.name!r} is made with {decision.seen} "
                            "cards seen: decisions come in order, after the first cards and "
                            "before the last is seen.")
        seen = decision.seen + 1
        if len(decision.options) < 2:
            raise EdgeError(f"The decision {decision.name!r} has "
                            f"{len(decision.options)} option: a decision needs two or more.")
        for option in decision.options:
            if option.wager is None:
                continue
            if set_by.get(option.wager, decision.name) != decision.name:
                raise EdgeError(f"The wager {option.wager} is set by two decisions "
                                f"({set_by[option.wager]!r} and {decision.name!r}): each "
                                "wager may be set by one decision only.")
            set_by[option.wager] = decision.name


def solve(problem: Problem) -> Solution:
    """The exact optimal strategy and its return (see the module)."""
    check_problem(problem)
    scale = _scale(problem)
    n, first = problem.cards, problem.first
    pays = np.array([int(p * scale) for p in problem.pays], dtype=np.int64)
    totals = _totals(problem)
    decision_at = {d.seen: i for i, d in enumerate(problem.decisions)}
    largest = max(abs(p) for p in problem.pays) * max(max(t) for t in totals if t) * scale
    if largest * math.perm(DECK - first, n - first) >= MOST_VALUE:
        raise EdgeError("The pays and wagers are too large for an exact solve in 64-bit "
                        "integers.")
    sets = {k: all_sets(k) for k in range(first, n + 1)}
    steps = {k: _Steps(sets[k]) for k in range(first, n)}
    final_pay = pays[problem.outcome_of]

    # backward: value[k][t] over the k-sets, per total t arriving at level k (after a decision
    # at k, the totals of the next level)
    level_totals: dict[int, tuple[Fraction, ...]] = {}
    current = totals[0]
    for k in range(first, n + 1):
        level_totals[k] = current
        if k in decision_at:
            current = totals[decision_at[k] + 1]
    # values in units of 1 / scale**2 of the quote unit (a pay's scale times an amount's)
    values: dict[int, dict[Fraction, IntArray]] = {
        n: {t: final_pay * int(t * scale) for t in level_totals[n]}}
    choices: dict[int, npt.NDArray[np.int8]] = {}
    for k in range(n - 1, first - 1, -1):
        following = level_totals[k + 1]
        step = steps[k]
        summed = {t: np.zeros(len(sets[k]), dtype=np.int64) for t in following}
        for card in range(DECK):
            free, index = step.add(card)
            for t in following:
                summed[t][free] += values[k + 1][t][index]
        if k not in decision_at:
            values[k] = summed
            continue
        decision = problem.decisions[decision_at[k]]
        continuations = math.perm(DECK - k, n - k)
        values[k] = {}
        arriving = level_totals[k]
        chosen = np.zeros((len(sets[k]), len(arriving)), dtype=np.int8)
        order = sorted(range(len(decision.options)),
                       key=lambda i: _rank(problem, decision.options[i]))
        for column, t in enumerate(arriving):
            best: IntArray | None = None
            for i in order:
                option = decision.options[i]
                if option.fold:
                    value = np.full(len(sets[k]), -int(t * scale) * scale * continuations,
                                    dtype=np.int64)
                else:
                    value = summed[_after(problem, option, t)]
                if best is None:
                    best, chosen[:, column] = value.copy(), i
                    continue
                better = value >= best if problem.larger_on_ties else value > best
                best[better] = value[better]
                chosen[better, column] = i
            assert best is not None
            values[k][t] = best
        choices[k] = chosen
    start_total = totals[0][0]
    cycle = math.comb(DECK, first) * math.perm(DECK - first, n - first)
    player_return = Fraction(int(values[first][start_total].sum()), cycle * scale * scale)
    settled, folded, lines = _forward(problem, sets, steps, choices, totals, decision_at)
    solution = Solution(problem, player_return, cycle, settled, folded,
                        tuple(choices[d.seen] for d in problem.decisions),
                        tuple(totals[:-1]), lines)
    _check(solution)
    return solution


def _rank(problem: Problem, option: Option) -> tuple[int, Fraction]:
    """Options in the order ties are broken: folds first, then by the amount they put in."""
    return (0, Fraction(0)) if option.fold else (1, option.amount)


@dataclass(frozen=True)
class Counted:
    """A forward count under given choices: the ordered deals of each outcome and fold by total
    in play (as :class:`Solution` holds them), of each line of play, and, per decision, the
    deals arriving at each (set index, total on arrival) (the cards after it dealt every way)."""

    problem: Problem
    cycle: int
    settled: dict[tuple[int, Fraction], int]
    folded: dict[tuple[int, Fraction], int]
    lines: dict[tuple[int, ...], int]
    arrivals: tuple[IntArray, ...]

    @property
    def player_return(self) -> Fraction:
        """The exact return per quote unit of playing these choices."""
        pays = self.problem.pays
        total = (sum((pays[o] * t * d for (o, t), d in self.settled.items()), Fraction(0))
                 - sum((t * d for (_, t), d in self.folded.items()), Fraction(0)))
        return total / self.cycle


def count_forward(problem: Problem,
                  choices: tuple[npt.NDArray[np.int8], ...]) -> Counted:
    """Count every ordered deal forward under ``choices`` (per decision, the option for every
    (set index, total on arrival), as :attr:`Solution.choices`): any strategy's exact return."""
    check_problem(problem)
    n, first = problem.cards, problem.first
    sets = {k: all_sets(k) for k in range(first, n + 1)}
    steps = {k: _Steps(sets[k]) for k in range(first, n)}
    totals = _totals(problem)
    decision_at = {d.seen: i for i, d in enumerate(problem.decisions)}
    arrivals = [np.zeros((len(sets[d.seen]), len(totals[i])), dtype=np.int64)
                for i, d in enumerate(problem.decisions)]
    settled, folded, lines = _forward(problem, sets, steps,
                                      {d.seen: choices[i]
                                       for i, d in enumerate(problem.decisions)},
                                      totals, decision_at, arrivals)
    cycle = math.comb(DECK, first) * math.perm(DECK - first, n - first)
    return Counted(problem, cycle, settled, folded, lines, tuple(arrivals))


def _forward(problem: Problem, sets: dict[int, IntArray], steps: dict[int, _Steps],
             choices: dict[int, npt.NDArray[np.int8]], totals: list[tuple[Fraction, ...]],
             decision_at: dict[int, int], arrivals: list[IntArray] | None = None
             ) -> tuple[dict[tuple[int, Fraction], int], dict[tuple[int, Fraction], int],
                        dict[tuple[int, ...], int]]:
    """The ordered deals reaching each final outcome and each fold, by total in play, under
    the chosen options; and the deals of each line of play (the options taken in turn)
    (``arrivals``, when given: the deals arriving at each decision's sets and totals).

    Up to the last decision the deals reaching each set are kept by line of play; after it
    only the total in play matters, and every set then has the same number of ways to go on,
    so a line's deals are its sets' deals times that number."""
    n, first = problem.cards, problem.first
    last = max(decision_at)
    mass: dict[tuple[int, ...], IntArray] = {(): np.ones(len(sets[first]), dtype=np.int64)}
    line_total: dict[tuple[int, ...], Fraction] = {(): totals[0][0]}
    folded: dict[tuple[int, Fraction], int] = {}
    lines: dict[tuple[int, ...], int] = {}
    for k in range(first, last + 1):
        if k in decision_at:
            index = decision_at[k]
            decision = problem.decisions[index]
            continuations = math.perm(DECK - k, n - k)
            after: dict[tuple[int, ...], IntArray] = {}
            for line, here in mass.items():
                total = line_total[line]
                column = totals[index].index(total)
                chosen = choices[k][:, column]
                if arrivals is not None:
                    arrivals[index][:, column] += here * continuations
                for i, option in enumerate(decision.options):
                    picked = np.where(chosen == i, here, 0)
                    deals = int(picked.sum()) * continuations
                    if not deals:
                        continue
                    taken = (*line, i)
                    if option.fold:
                        folded[(index, total)] = folded.get((index, total), 0) + deals
                        lines[taken] = deals
                        continue
                    line_total[taken] = _after(problem, option, total)
                    after[taken] = picked
                    if k == last:
                        lines[taken] = deals
            mass = after
        if k < last:
            mass = _spread(steps[k], mass, len(sets[k + 1]))
    by_total: dict[Fraction, IntArray] = {}
    for line, here in mass.items():
        total = line_total[line]
        by_total[total] = by_total[total] + here if total in by_total else here
    for k in range(last, n):
        by_total = _spread(steps[k], by_total, len(sets[k + 1]))
    settled: dict[tuple[int, Fraction], int] = {}
    outcomes = len(problem.pays)
    for total, here in by_total.items():
        for o in range(outcomes):
            deals = int(here[problem.outcome_of == o].sum())
            if deals:
                settled[(o, total)] = deals
    return settled, folded, lines


Key = TypeVar("Key", tuple[int, ...], Fraction)


def _spread(step: _Steps, mass: dict[Key, IntArray], sets: int) -> dict[Key, IntArray]:
    """The deals reaching each (k+1)-set, from those reaching each k-set (one more card)."""
    following = {key: np.zeros(sets, dtype=np.int64) for key in mass}
    for card in range(DECK):
        free, target = step.add(card)
        for key, here in mass.items():
            following[key][target] += here[free]
    return following


def _check(solution: Solution) -> None:
    """The forward counts hold every deal once and give back the backward return."""
    deals = sum(solution.settled.values()) + sum(solution.folded.values())
    if deals != solution.cycle:
        raise AssertionError(f"the counted deals sum to {deals}, not {solution.cycle}")
    pays = solution.problem.pays
    total = (sum((pays[o] * t * d for (o, t), d in solution.settled.items()), Fraction(0))
             - sum((t * d for (_, t), d in solution.folded.items()), Fraction(0)))
    if total != solution.player_return * solution.cycle:
        raise AssertionError("the counts and the backward values give different returns")
