"""Ultimate Texas Hold'em figures for a submission (issue 13): the progressive's meter figures,
the hand frequencies of the dealer and the player against the dealer, and the strategy as rules
a person can use.

Every figure is exact: class counts from the shared evaluator, showdown counts from the solve.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import math
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np

from edge import cache, holdem
from edge.cards import RANKS
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.solve.main_bet import ClassLine
from edge.games.ultimate_texas_holdem.solve.side_bets import (
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
    return list(_GROUPED.get(key, lambda: _flop_groups(decisions, holdings)))


# A report groups the decisions of its one solve (and its tables again); a few more cover a
# process that makes reports of several pay tables in turn (a test session).
_GROUPED: cache.Memo[bytes, tuple[FlopGroup, ...]] = cache.Memo(4)


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


# families of flop groups by rank, highest first: (the names' start and end, the words for
# "this rank or higher", the words for every rank)
_FLOP_FAMILIES = (("hidden pair of ", "s", "a hidden pair of {}s or higher", "any hidden pair"),
                  ("no pair, four to a flush, hidden ", " high",
                   "no pair but four to a flush whose highest hole card of its suit is {} or "
                   "higher", "no pair but four to a flush with a hole card of its suit"))
_RANK_NAMES = dict(zip(RANKS, ("a two", "a three", "a four", "a five", "a six", "a seven",
                               "an eight", "a nine", "a ten", "a jack", "a queen", "a king",
                               "an ace"), strict=True))


def flop_bet_kinds(groups: Sequence[FlopGroup]) -> list[str]:
    """The kinds of hand the flop rule bets 2x with (those the solve bets in at least half
    their spots), a run of ranks from the highest said once: ``a hidden pair of 2s or
    higher``."""
    bets = [g.name for g in groups if 2 * g.bets >= g.spots]
    said: list[str] = []
    for name in bets:
        family = next((f for f in _FLOP_FAMILIES if name.startswith(f[0])), None)
        if family is None:
            said.append(name)
            continue
        start, end, higher, every = family
        members = [g.name for g in groups if g.name.startswith(start)]
        taken = [member for member in members if member in bets]
        if name != taken[0]:
            continue                       # said with the first of its family
        if taken == members[:len(taken)]:
            rank = taken[-1][len(start):-len(end)]
            shown = rank if start.startswith("hidden pair") else _RANK_NAMES[rank]
            said.append(every if len(taken) == len(members) else higher.format(shown))
        else:
            said += taken
    return said


# --- the river decision as rules ---------------------------------------------------------------

# The river spots by what the player holds, first that holds decides: a hole card makes his hand,
# else bands of how many of the 45 unseen cards beat him (with the board alone), a card that
# would tie him counting half; a band is (at least, fewer than) whole cards.
RIVER_BANDS = ((0, 15), (15, 17), (17, 19), (19, 20), (20, 21), (21, 22), (22, 23), (23, 25),
               (25, 27), (27, 30), (30, 46))
_FOLD_BIT, _TIE_BIT = np.uint64(57), np.uint64(56)


@dataclass(frozen=True)
class RiverGroup:
    """The river spots (after two checks) of one kind, counted as the optimal player reaches
    them: how many, how many the exact solve bets 1x, and how many betting 1x or folding gets
    right (a spot where 1x and fold are worth exactly the same is right either way). The rule
    for the kind is the action right more often."""

    name: str
    low: int                   # the band of unseen cards that beat him (-1: a hole card plays)
    high: int
    spots: int
    optimal_bets: int
    right_betting: int
    right_folding: int

    @property
    def bets(self) -> bool:
        """Whether the rule for these spots is to bet 1x (right at least as often as a fold)."""
        return self.right_betting >= self.right_folding

    @property
    def right(self) -> int:
        """The spots where the rule's action is the optimal one."""
        return max(self.right_betting, self.right_folding)


def river_plan_text() -> str:
    """The river groups of :data:`RIVER_BANDS` as rules of the strategy language (TOML): one
    rule per group, so the deciding rule's number names the group."""
    lines = ["[river]", 'otherwise = "fold"', "", "[[river.rules]]", "hidden = true",
             'action = "play"']
    for low, high in RIVER_BANDS:
        lines += ["", "[[river.rules]]", *([f"dealer_outs_min = {low}"] if low else []),
                  *([f"dealer_outs_below = {high}"] if high <= 45 else []),
                  'count_ties = "half"', 'action = "play"']
    return "\n".join(lines) + "\n"


def band_words(low: int, high: int) -> str:
    """``fewer than 15``, ``19 or 19½``, ``23 to 24½``, ``30 or more`` (unseen cards)."""
    if low == 0:
        return f"fewer than {high}"
    if high == 46:
        return f"{low} or more"
    if high == low + 1:
        return f"{low} or {low}\u00bd"
    return f"{low} to {high - 1}\u00bd"


RIVER_GROUP_NAMES = ("a hole card lifts his hand above the board's kind of hand",
                     *(f"his hand of the board's kind; {band_words(low, high)} unseen cards "
                       "beat him" for low, high in RIVER_BANDS))


def river_rule(groups: Sequence[RiverGroup]) -> str:
    """The river rule of ``groups`` in words: bet 1x with the kinds whose rule bets, fold the
    rest (adjacent bands that bet are joined: ``fewer than 23, or 25 to 26½``)."""
    joined: list[tuple[int, int]] = []
    for group in groups:
        if group.low < 0 or not group.bets:
            continue
        if joined and joined[-1][1] == group.low:
            joined[-1] = (joined[-1][0], group.high)
        else:
            joined.append((group.low, group.high))
    said = []
    if any(group.low < 0 and group.bets for group in groups):
        said.append("when a hole card lifts his hand above the board's kind of hand")
    if joined:
        bands = [band_words(low, high) for low, high in joined]
        said.append(f"when his hand is of the board's kind and {', or '.join(bands)} of the "
                    "45 unseen cards beat him (a card that would tie him counting half)")
    return ("bet 1x " + ", or ".join(said) + "; fold otherwise") if said else "always fold"


def river_groups(solution: solver.Solution, checked: np.ndarray,
                 jobs: int | None = None) -> list[RiverGroup]:
    """The optimal player's river decisions grouped by the rules of :func:`river_plan_text`.

    Every (holding, flop, turn-river) spot the optimal player reaches on the river counts once
    (a holding checked before the flop, and on that flop): each board class once per board of
    its class, times the flops of its ten (flop, turn-river) splits the holding checks. The
    solve's records give the optimal decision and the rule's decision and deciding rule of
    every holding on every board.
    """
    from edge.games.ultimate_texas_holdem.solve import _kernels, trips_showdown
    from edge.games.ultimate_texas_holdem.strategy import language, practical
    settle = solution.settlement
    decided = hashlib.sha256(solver.flop_decisions_by_flop(solution).tobytes()
                             + np.ascontiguousarray(checked, dtype=bool).tobytes()).hexdigest()
    path = cache.entry_path("uth-river-groups", {
        "decisions": decided, "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": solution.ties_larger, "bands": RIVER_BANDS, "groups": RIVER_GROUP_NAMES},
        (sys.modules[__name__], solver, _kernels, trips_showdown, language, practical), ".json")
    return list(_RIVER_GROUPED.get(path.name, lambda: _river_cached(
        path, lambda: _river_groups(solution, checked, jobs))))


# as _GROUPED (the disk keeps every one: one dropped here is read back in a moment)
_RIVER_GROUPED: cache.Memo[str, tuple[RiverGroup, ...]] = cache.Memo(4)


def _river_cached(path: Path, compute: Callable[[], tuple[RiverGroup, ...]]
                  ) -> tuple[RiverGroup, ...]:
    """The river groups kept in the solve cache folder as a small JSON file (a minute's pass
    otherwise), read back only when whole and consistent."""
    with contextlib.suppress(OSError, ValueError, TypeError, KeyError):
        found = tuple(RiverGroup(**entry) for entry in cache.read_json(path))
        if [g.name for g in found] == list(RIVER_GROUP_NAMES) and all(
                0 <= g.optimal_bets <= g.spots and g.right_betting + g.right_folding >= g.spots
                for g in found):
            return found
    groups = compute()
    cache.write_json(path, [dataclasses.asdict(g) for g in groups])
    return groups



def _river_groups(solution: solver.Solution, checked: np.ndarray,
                  jobs: int | None) -> tuple[RiverGroup, ...]:
    from edge import parallel
    from edge.games.ultimate_texas_holdem.solve import _kernels
    from edge.games.ultimate_texas_holdem.solve.trips_showdown import orbit_sizes, sub_flops
    from edge.games.ultimate_texas_holdem.strategy.language import parse_text
    from edge.games.ultimate_texas_holdem.strategy.practical import compile_plan

    plan = parse_text(river_plan_text(), "the river rules").river
    program = compile_plan(plan)
    settle = solution.settlement
    flop_bets = solver.flop_decisions_by_flop(solution)
    boards, _ = _kernels.uth_board_classes()
    weights = orbit_sizes(boards)
    size = len(plan.rules) + 1
    bounds = np.linspace(0, len(boards), 33).round().astype(int)

    def piece(span: tuple[int, int]) -> np.ndarray:
        start, stop = span
        part = np.ascontiguousarray(boards[start:stop])
        records = np.zeros((len(part), solver.HOLDINGS), dtype=np.uint64)
        _kernels.uth_board_records(part, settle.array(), settle.fold, solution.ties_larger,
                                   records, program)
        rows, holdings = np.nonzero(records)
        keep = checked[holdings]
        rows, holdings = rows[keep], holdings[keep]
        found = records[rows, holdings]
        # how many of each board's ten flops each holding bets 2x on: whole rows of the
        # flop decisions added (contiguous), then read at the spots kept
        flops = sub_flops(part)
        bets = np.zeros((len(part), solver.HOLDINGS), dtype=np.uint8)
        for split in range(10):
            bets += flop_bets[flops[:, split]]
        checks = 10 - bets[rows, holdings].astype(np.int64)
        reach = weights[start:stop][rows] * checks
        rule = (((found >> np.uint64(62)) & np.uint64(3))
                | (((found >> np.uint64(20)) & np.uint64(1)) << np.uint64(2))
                | (((found >> np.uint64(41)) & np.uint64(1)) << np.uint64(3))).astype(np.int64)
        optimal_bet = ((found >> _FOLD_BIT) & np.uint64(1)) == 0
        tie = ((found >> _TIE_BIT) & np.uint64(1)) == 1
        return np.stack([_sums(rule, reach, size, np.ones_like(tie)),
                         _sums(rule, reach, size, optimal_bet),
                         _sums(rule, reach, size, optimal_bet | tie),
                         _sums(rule, reach, size, ~optimal_bet | tie)])

    spans = [(int(a), int(b)) for a, b in zip(bounds[:-1], bounds[1:], strict=True)]
    total = sum(parallel.map(piece, spans, jobs), np.zeros((4, size), dtype=np.int64))
    if total[0, 0]:
        raise RuntimeError("The river rules left spots undecided.")
    bands = ((-1, -1), *RIVER_BANDS)
    return tuple(RiverGroup(RIVER_GROUP_NAMES[number - 1], *bands[number - 1],
                            *(int(total[k, number]) for k in range(4)))
                 for number in range(1, size))      # every spot has a group: none otherwise


def _sums(groups: np.ndarray, weights: np.ndarray, size: int, chosen: np.ndarray) -> np.ndarray:
    """``weights`` where ``chosen``, summed by group: exact, as every partial sum of these
    whole numbers (all the cycle's river spots together: under 2**44) is a float64 integer."""
    found: np.ndarray = np.rint(np.bincount(groups[chosen], weights[chosen], size)
                                ).astype(np.int64)
    return found
