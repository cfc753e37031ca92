"""Ultimate Texas Hold'em figures for a submission (issue 13): the progressive's meter figures,
the hand frequencies of the dealer and the player against the dealer, and the strategy as rules
a person can use.

Every figure is exact: class counts from the shared evaluator, showdown counts from the solve.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from edge import holdem
from edge.cards import RANKS
from edge.games.ultimate_texas_holdem import solve as solver
from edge.games.ultimate_texas_holdem.main import ClassLine
from edge.games.ultimate_texas_holdem.side_bets import (
    PROGRESSIVE_CARDS,
    ProgressiveTable,
    analyze_progressive,
    break_even_meter,
)

SEVEN_CARD_HANDS = math.comb(52, 7)


# --- the progressive ---------------------------------------------------------------------------

@dataclass(frozen=True)
class ProgressiveFigures:
    """The progressive's meter figures, per progressive bet (net results, losses counted).

    ``long_run`` counts every unit added to the meter as returned to players: the meter's
    payments equal what flows in, the increment on each bet plus the reset value put in each
    time a class paying the whole meter is hit.
    """

    meter: Fraction
    reset: Fraction
    increment: Fraction
    at_meter: Fraction
    at_reset: Fraction
    long_run: Fraction
    break_even: Fraction | None
    full_meter_probability: Fraction


def progressive_figures(table: ProgressiveTable, meter: Fraction, reset: Fraction,
                        increment: Fraction) -> ProgressiveFigures:
    """The expected return per bet at ``meter``, at ``reset``, over the long run, and the
    break-even meter."""
    at_meter = analyze_progressive(table, meter).expected_return
    at_reset = analyze_progressive(table, reset).expected_return
    counts = holdem.class_counts(PROGRESSIVE_CARDS[table.cards])
    total = sum(counts.values())
    shares = table.shares()
    full = Fraction(sum(count for name, count in counts.items() if shares.get(name) == 1), total)
    # the return with the meter at 0 is the fixed part; the meter pays back what flows in
    fixed_part = analyze_progressive(table, Fraction(0)).expected_return
    long_run = fixed_part + increment + reset * full / table.wager
    return ProgressiveFigures(meter, reset, increment, at_meter, at_reset, long_run,
                              break_even_meter(table), full)


# --- hand frequencies --------------------------------------------------------------------------

def dealer_class_counts() -> dict[str, int]:
    """The dealer's best five of seven cards over the cycle, as counts of the C(52,7) sets.

    Every seven-card set is the dealer's two cards and the board equally often over the cycle
    (by symmetry), so the class shares are those of the 133,784,560 seven-card hands.
    """
    return holdem.class_counts(7)


def dealer_qualifies(counts: dict[str, int]) -> Fraction:
    """The probability the dealer qualifies (a pair or better)."""
    total = sum(counts.values())
    return Fraction(total - counts["high-card"], total)


@dataclass(frozen=True)
class Showdowns:
    """Every deal played to the showdown (the 4x line of the solve, before any fold): wins by
    the player's Blind class and dealer qualification, ties, losses by qualification."""

    win_qualified: tuple[int, ...]
    win_unqualified: tuple[int, ...]
    tie: int
    lose_qualified: int
    lose_unqualified: int

    @property
    def total(self) -> int:
        """All deals (the cycle)."""
        return (sum(self.win_qualified) + sum(self.win_unqualified) + self.tie
                + self.lose_qualified + self.lose_unqualified)


def showdowns(solution: solver.Solution) -> Showdowns:
    """The showdown counts of every deal, from the solve's 4x-line counts (strategy-free)."""
    totals = solution.play.sum(axis=0, dtype=np.int64)
    return Showdowns(tuple(int(totals[k]) for k in solver.WIN_QUALIFIED),
                     tuple(int(totals[k]) for k in solver.WIN_UNQUALIFIED),
                     int(totals[solver.TIE]), int(totals[solver.LOSE_QUALIFIED]),
                     int(totals[solver.LOSE_UNQUALIFIED]))


# --- the strategy as rules ---------------------------------------------------------------------

def _from(rank: int, raised: Iterable[int], below: int) -> str:
    """``'x'`` (every kicker), ``'6+'`` (6 and up) or the kickers listed."""
    kickers = sorted(raised)
    if kickers == list(range(below)):
        return "x"
    if kickers and kickers == list(range(kickers[0], below)):
        return f"{RANKS[kickers[0]]}+" if kickers[0] < below - 1 else RANKS[kickers[0]]
    return "/".join(RANKS[k] for k in reversed(kickers))


def preflop_rules(raised: set[str]) -> list[str]:
    """The 4x classes as rules by rank: pairs, suited and offsuit hands by their high card.

    >>> preflop_rules({"AA", "KK", "AKs", "AKo", "AQo"})
    ['any pair K-K or better', 'suited A-K', 'offsuit A-Q+']
    """
    pairs = sorted(r for r in range(13) if RANKS[r] * 2 in raised)
    parts: list[str] = []
    if pairs:
        if pairs == list(range(pairs[0], 13)):
            parts.append("any pair" if pairs[0] == 0 else
                         f"any pair {RANKS[pairs[0]]}-{RANKS[pairs[0]]} or better")
        else:
            parts.append("the pairs " + ", ".join(f"{RANKS[r]}-{RANKS[r]}" for r in pairs))
    for suffix, word in (("s", "suited"), ("o", "offsuit")):
        hands = []
        for high in range(12, 0, -1):
            kickers = [low for low in range(high) if f"{RANKS[high]}{RANKS[low]}{suffix}"
                       in raised]
            if kickers:
                hands.append(f"{RANKS[high]}-{_from(high, kickers, high)}")
        if hands:
            parts.append(f"{word} " + ", ".join(hands))
    return parts


def preflop_share(lines: list[ClassLine]) -> tuple[int, int]:
    """Holdings raised 4x, and classes."""
    four = [line for line in lines if line.choice == 4]
    return sum(line.hands for line in four), len(four)


# --- the flop decision as rules ----------------------------------------------------------------

FLOP_GROUPS = (
    ("two pair or better, a hole card in it", None),
    ("three of a kind on the board, no help", None),
    *((f"hidden pair of {rank}s", rank) for rank in reversed(RANKS)),
    ("pair on the board only", None),
    *((f"no pair, four to a flush, hidden {rank} high", rank) for rank in reversed(RANKS)),
    ("no pair, no four to a flush", None),
)
_TWO_PAIR_UP, _BOARD_TRIPS, _HIDDEN, _BOARD_PAIR, _DRAW, _NOTHING = 0, 1, 2, 15, 16, 29


@dataclass(frozen=True)
class FlopGroup:
    """The checked (holding, flop) spots of one kind, and how many the solve bets 2x."""

    name: str
    spots: int
    bets: int


def flop_groups(solution: solver.Solution, checked: np.ndarray) -> list[FlopGroup]:
    """The flop decisions after a preflop check, grouped by what the player holds on the flop.

    Every (holding, flop) spot of a checked holding counts once (each stands for the same
    number of deals); ``bets`` are the spots the solve bets 2x. Groups are read from the
    player's five cards with the shared evaluator: two pair or better, a pair and whether a
    hole card is in it, four to a flush by its highest hidden card, or nothing.
    """
    decisions = solver.flop_decisions_by_flop(solution)
    holdings = np.flatnonzero(checked)
    # the grouping costs seconds; the same decisions always give the same groups, so a
    # process (a report, then its tables, or a test session) groups each solve once
    key = hashlib.sha256(np.ascontiguousarray(decisions).tobytes()
                         + holdings.astype(np.int64).tobytes()).digest()
    if key not in _GROUPED:
        _GROUPED[key] = _flop_groups(decisions, holdings)
    return list(_GROUPED[key])


_GROUPED: dict[bytes, tuple[FlopGroup, ...]] = {}


def _flop_groups(decisions: np.ndarray, holdings: np.ndarray) -> tuple[FlopGroup, ...]:
    """:func:`flop_groups` for the recorded flop decisions and the checked holdings."""
    first = np.array([a for a in range(52) for b in range(a + 1, 52)], dtype=np.int64)
    second = np.array([b for a in range(52) for b in range(a + 1, 52)], dtype=np.int64)
    hole_a, hole_b = first[holdings], second[holdings]
    flops = solver.all_flops().astype(np.int64)
    spots = np.zeros(len(FLOP_GROUPS), dtype=np.int64)
    bets = np.zeros(len(FLOP_GROUPS), dtype=np.int64)
    class_of: dict[int, int] = {}
    for start in range(0, len(flops), 2210):
        chunk = flops[start:start + 2210]
        cards = np.concatenate([np.broadcast_to(hole_a[None, :, None], (len(chunk),
                                                                        len(holdings), 1)),
                                np.broadcast_to(hole_b[None, :, None], (len(chunk),
                                                                        len(holdings), 1)),
                                np.broadcast_to(chunk[:, None, :], (len(chunk),
                                                                    len(holdings), 3))],
                               axis=2)
        disjoint = np.ones(cards.shape[:2], dtype=bool)
        for i in range(5):
            for j in range(i + 1, 5):
                disjoint &= cards[:, :, i] != cards[:, :, j]
        hands = np.ascontiguousarray(cards[disjoint])
        decided = decisions[start:start + 2210][:, holdings][disjoint]
        strengths = _core_evaluate(hands)
        for value in np.unique(strengths).tolist():
            if value not in class_of:
                class_of[value] = holdem.hand_class(value)
        lookup_keys = np.array(sorted(class_of), dtype=np.int64)
        lookup_values = np.array([class_of[k] for k in lookup_keys.tolist()], dtype=np.int64)
        classes = lookup_values[np.searchsorted(lookup_keys, strengths)]
        group = _group(hands, classes)
        spots += np.bincount(group, minlength=len(FLOP_GROUPS))
        bets += np.bincount(group[decided == 1], minlength=len(FLOP_GROUPS))
    return tuple(FlopGroup(name, int(s), int(b))
                 for (name, _), s, b in zip(FLOP_GROUPS, spots, bets, strict=True) if s)


def _core_evaluate(hands: np.ndarray) -> np.ndarray:
    from edge import _core
    result: np.ndarray = _core.evaluate_many(hands)
    return result


def _group(hands: np.ndarray, classes: np.ndarray) -> np.ndarray:
    """The :data:`FLOP_GROUPS` index of each five-card hand (two hole cards first)."""
    ranks, suits = hands >> 2, hands & 3
    flop = ranks[:, 2:]
    board_trips = (flop[:, 0] == flop[:, 1]) & (flop[:, 1] == flop[:, 2])
    ordered = np.sort(ranks, axis=1)
    paired = ordered[:, :-1] == ordered[:, 1:]
    pair_rank = np.where(paired, ordered[:, :-1], -1).max(axis=1)
    hidden = (ranks[:, 0] == pair_rank) | (ranks[:, 1] == pair_rank)
    suit_counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
    draw_suit = suit_counts.argmax(axis=1)
    four = suit_counts.max(axis=1) == 4
    hidden_suited = np.maximum(np.where(suits[:, 0] == draw_suit, ranks[:, 0], -1),
                               np.where(suits[:, 1] == draw_suit, ranks[:, 1], -1))
    group = np.full(len(hands), _NOTHING, dtype=np.int64)
    high_card = classes == holdem.HIGH_CARD
    draws = high_card & four & (hidden_suited >= 0)
    group[draws] = _DRAW + 12 - hidden_suited[draws]
    pair = classes == holdem.PAIR
    group[pair & ~hidden] = _BOARD_PAIR
    group[pair & hidden] = _HIDDEN + 12 - pair_rank[pair & hidden]
    better = classes >= holdem.TWO_PAIR
    group[better] = _TWO_PAIR_UP
    group[better & board_trips & (classes == holdem.THREE_OF_A_KIND)] = _BOARD_TRIPS
    return group


def flop_rules(groups: list[FlopGroup]) -> tuple[list[str], list[str], list[str]]:
    """The groups always bet 2x, never bet, and decided by the other cards."""
    always = [g.name for g in groups if g.bets == g.spots]
    never = [g.name for g in groups if g.bets == 0]
    mixed = [g.name for g in groups if 0 < g.bets < g.spots]
    return always, never, mixed
