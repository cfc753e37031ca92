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

With a dealer's hidden hand (:class:`Settlement`), each wager is paid apart by the showdown's
result and the player's hand, and a final state's value sums, over the dealer's hands from the
cards left, each wager's amount times its pay (the per-state counts of each result come from
:mod:`edge.decisions.dealer`); a decision may then be made with every card of the player's seen.

Every value is an integer: a sum over the ordered deals of the cards still to come, in units of
``1 / scale`` of the quote unit. The counts of the return table follow the chosen options
forward from the first cards (each ordered deal counted once); they sum to the cycle,
C(52, first) times (52 - first)! / (52 - cards)! (times the dealer's hands, C(52 - cards,
hidden), the dealer's cards counted as a set), and give back the same return as the backward
values (checked on every solve). With wagers paid apart a state is still keyed by its total:
each total at the end must come from one set of wagers (:func:`final_stakes` checks it).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
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
    """A decision made with ``seen`` cards seen, among ``options`` (at least two); ``when``:
    made only while each of these wagers (index, amount) stands at that amount, else passed
    (a game with a shared board; empty: always made)."""

    name: str
    seen: int
    options: tuple[Option, ...]
    when: tuple[tuple[int, Fraction], ...] = ()


@dataclass(frozen=True)
class Settlement:
    """Wagers paid apart, and cards dealt after the player's last (a dealer's hidden hand).

    ``counts[s, r]``: how many of the ``completions`` hidden hands (the same number for every
    final set ``s``) give the showdown result ``r``; ``None``: one result, no hidden cards.
    ``nets[w][r][p]``: wager ``w``'s pay ("to 1") at result ``r`` with the player's hand
    outcome ``p`` (``len(pays) - 1``: no outcome met). A result's row is ``r * len(pays) +
    p``, named ``names[row]``."""

    nets: tuple[tuple[tuple[Fraction, ...], ...], ...]
    names: tuple[str, ...]
    counts: IntArray | None = None
    completions: int = 1
    hidden: int = 0

    @property
    def results(self) -> int:
        """How many showdown results there are (1 without a showdown)."""
        return len(self.nets[0])

    def net(self, row: int, stakes: tuple[Fraction, ...]) -> Fraction:
        """The net of a row with these wagers in play (units of the quote wager)."""
        r, p = divmod(row, len(self.nets[0][0]))
        return sum((amount * pays[r][p] for amount, pays in zip(stakes, self.nets, strict=True)),
                   Fraction(0))


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
    # wagers paid apart and a dealer's hidden hand; None: every wager is paid the outcome's pay
    settlement: Settlement | None = None

    @property
    def hidden(self) -> int:
        """Cards dealt after the player's last, never seen before the settlement."""
        return 0 if self.settlement is None else self.settlement.hidden

    @property
    def completions(self) -> int:
        """The hidden hands each set of the player's final cards meets."""
        return 1 if self.settlement is None else self.settlement.completions


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
    # (row, total in play) -> the net of that row (every settled key)
    nets: dict[tuple[int, Fraction], Fraction] = field(default_factory=dict)


def set_index(rows: IntArray) -> IntArray:
    """The colex index of each row of increasing cards: sum of C(c_i, i + 1)."""
    index = np.zeros(len(rows), dtype=np.int64)
    for i in range(rows.shape[1]):
        index += BINOMIAL[rows[:, i], i + 1]
    return index


@functools.lru_cache(maxsize=8)
def all_sets(k: int) -> IntArray:
    """Every k-card set of the deck, row i the set of colex index i (cards increasing): the
    sets whose highest card is m are the (k-1)-sets below m, in their order, with m added.
    Made once per k (read-only)."""
    rows = np.zeros((1, 0), dtype=np.int64)
    for size in range(1, k + 1):
        parts = [np.column_stack([rows[:math.comb(top, size - 1)],
                                  np.full(math.comb(top, size - 1), top, dtype=np.int64)])
                 for top in range(size - 1, DECK)]
        rows = np.concatenate(parts)
    rows.flags.writeable = False
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
    pays = list(problem.pays)
    if problem.settlement is not None:
        pays += [pay for wager in problem.settlement.nets for row in wager for pay in row]
    return math.lcm(*(Fraction(x).denominator for x in [*amounts, *pays]))


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


def final_stakes(problem: Problem) -> dict[Fraction, tuple[Fraction, ...]]:
    """Each total in play at the end, with the amount of each wager that makes it (an error
    when wagers paid apart make one total in two ways: the solve keys a state by its total)."""
    return stakes_by_total(problem.start, problem.decisions, problem.settlement is not None)


def stakes_by_total(start: tuple[Fraction, ...], decisions: tuple[Decision, ...],
                    apart: bool) -> dict[Fraction, tuple[Fraction, ...]]:
    """Each total in play at the end of a line of play, with the wagers that make it; with
    wagers paid ``apart``, an error when two lines end with one total on different wagers."""
    found = {tuple(start)}
    for decision in decisions:
        found = {tuple(option.amount if option.wager == w else amount
                       for w, amount in enumerate(stakes))
                 for stakes in found for option in decision.options if not option.fold}
    by_total: dict[Fraction, tuple[Fraction, ...]] = {}
    for stakes in sorted(found):
        total = sum(stakes, Fraction(0))
        if by_total.setdefault(total, stakes) != stakes and apart:
            raise EdgeError(f"Two lines of play end with {total} units in play on different "
                            "wagers, which are paid apart: not solved from a file yet.")
    return by_total


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
    last = problem.cards if problem.hidden else problem.cards - 1
    for decision in problem.decisions:
        if not problem.first <= decision.seen <= last or decision.seen <= seen - 1:
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
    totals = _totals(problem)
    stakes = final_stakes(problem)
    decision_at = {d.seen: i for i, d in enumerate(problem.decisions)}
    most_pay = max(abs(p) for p in problem.pays)
    if problem.settlement is not None:
        most_pay = max(most_pay, max(sum(abs(pay) for pay in pays) for wager
                                     in problem.settlement.nets for pays in zip(*wager,
                                                                                 strict=True)))
    largest = most_pay * max(max(t) for t in totals if t) * scale
    following_deals = math.perm(DECK - first, n - first) * problem.completions
    if largest * scale * following_deals >= MOST_VALUE:
        raise EdgeError("The pays and wagers are too large for an exact solve in 64-bit "
                        "integers.")
    sets = {k: all_sets(k) for k in range(first, n + 1)}
    steps = {k: _Steps(sets[k]) for k in range(first, n)}

    # backward: value[k][t] over the k-sets, per total t arriving at level k (after a decision
    # at k, the totals of the next level)
    level_totals: dict[int, tuple[Fraction, ...]] = {}
    current = totals[0]
    for k in range(first, n + 1):
        level_totals[k] = current
        if k in decision_at:
            current = totals[decision_at[k] + 1]
    # values in units of 1 / scale**2 of the quote unit (a pay's scale times an amount's)
    values: dict[int, dict[Fraction, IntArray]] = {}
    choices: dict[int, npt.NDArray[np.int8]] = {}
    for k in range(n, first - 1, -1):
        if k == n:
            summed = {t: _final_values(problem, t, stakes[t], scale) for t in totals[-1]}
        else:
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
        continuations = math.perm(DECK - k, n - k) * problem.completions
        values[k] = {}
        arriving = level_totals[k]
        chosen = np.zeros((len(sets[k]), len(arriving)), dtype=np.int8)
        order = sorted(range(len(decision.options)),
                       key=lambda i: tie_rank(problem, decision.options[i]))
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
    cycle = math.comb(DECK, first) * following_deals
    player_return = Fraction(int(values[first][start_total].sum()), cycle * scale * scale)
    settled, folded, lines = _forward(problem, sets, steps, choices, totals, decision_at)
    nets = _nets(problem, settled, stakes)
    solution = Solution(problem, player_return, cycle, settled, folded,
                        tuple(choices[d.seen] for d in problem.decisions),
                        tuple(totals[:-1]), lines, nets)
    _check(solution)
    return solution


def _nets(problem: Problem, settled: dict[tuple[int, Fraction], int],
          stakes: dict[Fraction, tuple[Fraction, ...]]) -> dict[tuple[int, Fraction], Fraction]:
    """The net of every settled (row, total in play)."""
    return {(row, total): (problem.pays[row] * total if problem.settlement is None
                           else problem.settlement.net(row, stakes[total]))
            for row, total in settled}


def _final_values(problem: Problem, total: Fraction, stakes: tuple[Fraction, ...],
                  scale: int) -> IntArray:
    """What every final set is worth with ``total`` in play (these ``stakes``), summed over
    the hidden hands that follow, in units of 1 / scale**2."""
    settlement = problem.settlement
    if settlement is None:
        pays = np.array([int(p * scale) for p in problem.pays], dtype=np.int64)
        return np.asarray(pays[problem.outcome_of] * int(total * scale), dtype=np.int64)
    outcomes = len(problem.pays)
    value = np.zeros(len(problem.outcome_of), dtype=np.int64)
    for r in range(settlement.results):
        nets = np.array([int(settlement.net(r * outcomes + p, stakes) * scale * scale)
                         for p in range(outcomes)], dtype=np.int64)
        ways = (np.ones(len(value), dtype=np.int64) if settlement.counts is None
                else settlement.counts[:, r])
        value += ways * nets[problem.outcome_of]
    return value


def tie_rank(problem: Problem, option: Option) -> tuple[int, Fraction]:
    """Options in the order ties are broken: folds first, then by how much they change the
    total in play (each wager is set by one decision only, so before it the wager holds its
    starting amount): pulling a bet back (-1) ranks below leaving it (0), below raising."""
    if option.fold:
        return (0, Fraction(0))
    if option.wager is None:
        return (1, Fraction(0))
    return (1, option.amount - problem.start[option.wager])


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
    # (row, total in play) -> the net of that row (every settled key)
    nets: dict[tuple[int, Fraction], Fraction]

    @property
    def player_return(self) -> Fraction:
        """The exact return per quote unit of playing these choices."""
        total = (sum((self.nets[key] * d for key, d in self.settled.items()), Fraction(0))
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
    cycle = math.comb(DECK, first) * math.perm(DECK - first, n - first) * problem.completions
    return Counted(problem, cycle, settled, folded, lines, tuple(arrivals),
                   _nets(problem, settled, final_stakes(problem)))


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
            continuations = math.perm(DECK - k, n - k) * problem.completions
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
    settlement = problem.settlement
    results = 1 if settlement is None else settlement.results
    for total, here in by_total.items():
        for o in range(outcomes):
            reaching = here[problem.outcome_of == o]
            for r in range(results):
                if settlement is None or settlement.counts is None:
                    deals = int(reaching.sum())
                else:
                    ways = settlement.counts[problem.outcome_of == o, r]
                    deals = int((reaching * ways).sum())
                if deals:
                    settled[(r * outcomes + o, total)] = deals
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
    total = (sum((solution.nets[key] * d for key, d in solution.settled.items()), Fraction(0))
             - sum((t * d for (_, t), d in solution.folded.items()), Fraction(0)))
    if total != solution.player_return * solution.cycle:
        raise AssertionError("the counts and the backward values give different returns")
