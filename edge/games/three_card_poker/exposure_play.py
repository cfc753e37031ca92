"""A player who follows a rule of his own with dealer cards seen (game protection,
docs/protection.md): the exact return of a named or file strategy (:class:`~.rules.RaiseRule`,
which may read the one dealer card seen through an ``[against]`` table) and its cost against
the exact exposed solve.

Both are read from the same counts as the solve (:class:`~.exposure.ExposedSolution`): per
class of player hands equal up to renaming the suits and per slot of what is seen, the dealer
hands by result. A rule names ranks and hand classes only, so every hand of a class decides as
its representative does, for the seen card renamed the same way: the class's counts, times its
size, are the rule's exact totals.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.games.three_card_poker.exposure import (
    ExposedSolution,
    IntArray,
    dealt_slots,
    played_totals,
)
from edge.games.three_card_poker.exposure_strategy import RAISE, seen_group
from edge.games.three_card_poker.rules import RaiseRule, Seen, parse_split
from edge.games.three_card_poker.strategy import GAME_NAME, departure_group, rule_raises
from edge.strategies import Departure, StrategyComparison, largest_first
from edge.table import exact

BoolArray = npt.NDArray[np.bool_]


def slot_ranks(seen: Seen, split: str) -> IntArray | None:
    """For each slot of a one-card scenario, the rank a rule's ``[against]`` table is read at
    (a group of ranks: its lowest, the rule being the same across the group); None for the
    other scenarios."""
    if seen is Seen.DEALER_1:
        card_ranks: IntArray = np.arange(52) >> 2
        return card_ranks
    if seen is Seen.SORTED_1:
        return np.array([0, len(RANKS) - 1])            # low (2 to J), high (Q, K, A)
    if seen is Seen.SPLIT_1:
        return np.array([group[0] for group in parse_split(split)])
    return None


def rule_decisions(solution: ExposedSolution, rule: RaiseRule, split: str) -> BoolArray:
    """Whether the rule raises each player hand at each slot that can be dealt."""
    if rule.is_optimal:                       # the exact exposed solve's own decisions
        solved: BoolArray = solution.decisions == RAISE
        return solved
    hands = solution.hands
    slots = solution.decisions.shape[1]
    ranks = slot_ranks(solution.seen, split) if rule.reads_seen else None
    if ranks is None:
        raises = np.repeat(rule_raises(rule, hands)[:, None], slots, axis=1)
    else:
        by_rank = {int(rank): rule_raises(rule.against_rank(int(rank)), hands)
                   for rank in np.unique(ranks)}
        raises = np.stack([by_rank[int(rank)] for rank in ranks], axis=1)
    played: BoolArray = raises & dealt_slots(solution.decisions)
    return played


@dataclass(frozen=True)
class Played:
    """A rule's play over the exposed cycle: its decision per hand and slot, and per hand the
    deals folded and the raised deals by dealer result (as :class:`ExposedSolution` has)."""

    raises: BoolArray
    folds: IntArray
    raised: IntArray

    @property
    def raise_count(self) -> int:
        """Deals of the exposed cycle the rule raises."""
        return int(self.raised.sum())


def play(solution: ExposedSolution, rule: RaiseRule, split: str) -> Played:
    """The exact play of ``rule`` with what ``solution.seen`` shows."""
    raises = rule_decisions(solution, rule, split)
    folds, raised = played_totals(solution.counts, raises[solution.representatives])
    return Played(raises, folds[solution.row], raised[solution.row])


def exposed_comparison(solution: ExposedSolution, rule: RaiseRule, split: str, bet: str,
                       initial_wager: Fraction, returns: tuple[Fraction, Fraction]
                       ) -> StrategyComparison:
    """The rule against the exact exposed solve (``returns``: the exposed tables' optimal and
    rule's returns): where it raises what the solve folds, or the reverse, grouped by what is
    seen and the player's hand as a reader names them, each with its exact frequency and cost
    per unit initially wagered (an exact tie is no departure)."""
    reps = solution.representatives
    played = rule_decisions(solution, rule, split)[reps]
    optimal = solution.decisions[reps] == RAISE
    values = solution.values
    cost = np.where(optimal, values, 0) - np.where(played, values, 0)
    sizes = solution.class_sizes[:, None]
    deals = solution.counts.sum(axis=2, dtype=np.int64)
    slots = solution.bins.slots
    seen_names = [seen_group(solution.seen, slot, slots)[1] for slot in range(len(slots))]
    cards = solution.hands.cards
    classes = solution.hands.classes
    groups: dict[tuple[str, str, bool], list[int]] = {}
    for hand, slot in zip(*np.nonzero(cost != 0), strict=True):
        key = (seen_names[slot], departure_group(cards[reps[hand]], int(classes[reps[hand]])),
               bool(played[hand, slot]))
        groups.setdefault(key, [0, 0, 0])
        counted = groups[key]
        counted[0] += int(deals[hand, slot] * sizes[hand, 0])
        counted[1] += int(cost[hand, slot] * sizes[hand, 0])
        counted[2] += int(sizes[hand, 0])
    cycle = solution.cycle
    unit = solution.denominator * cycle * initial_wager
    departures = [Departure(f"seen {seen}: {hands}", "raise" if raised else "fold",
                            "fold" if raised else "raise", Fraction(count, cycle),
                            Fraction(total) / unit, "raise/fold",
                            f"{situations:,} hand and seen-card situations")
                  for (seen, hands, raised), (count, total, situations) in groups.items()]
    optimal_return, strategy_return = returns
    return StrategyComparison(
        GAME_NAME, bet, rule, optimal_return, strategy_return, largest_first(departures),
        notes=(f"Seen: {solution.seen}; both strategies over the exposed cycle of "
               f"{cycle:,} deals (each deal once per choice of the seen cards); figures per "
               f"unit initially wagered ({exact(initial_wager)}). The optimal strategy is the "
               "exact exposed solve.",))


__all__ = ["Played", "exposed_comparison", "play", "rule_decisions", "slot_ranks"]
