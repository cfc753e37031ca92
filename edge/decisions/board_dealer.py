"""Game protection for a game file with a shared board: one of the dealer's two cards seen
before the first decision and kept in view (Ultimate Texas Hold'em's classic hole-carding)::

    [protection.dealer-1]
    dealer = 1        # one of the dealer's two cards, seen before the decision on two cards

The player knows his holding and the dealer's card ``d`` at every decision: the decision made
with his cards alone is taken per (holding, d), one class of them under a renaming of suits
(:class:`SeenCardClasses`); the one made with the flop seen per (holding, d, flop); the one
made with the whole board seen per (holding, d, board).
Each is the option of the highest exact value over the dealer's other card ``x`` (and the
board cards to come), counted by the kernel ``edge.bets._seen_showdown.seen_counts``: for each
flop, every turn and river, and every holding and d, the dealer's hands {d, x} by the
showdown's result, the river decision taken in the kernel. One flop of each class under a
renaming of suits is counted, weighted by the flops it stands for, and of its seen cards one of
each class under the renamings that keep the flop (weighted likewise). Each worker thread
takes whole flops, solves their later decisions and adds each state's deals, values and deals
by line to its first-decision states in one compiled pass
(:func:`edge.decisions._class_sums.add_by_class`), into sums of its own, added at the end.
Each deal is counted once for each of the dealer's two cards as the one seen: twice the game's
cycle.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import threading
from collections.abc import Callable, Sequence
from typing import Protocol

import numpy as np
import numpy.typing as npt

from edge import parallel
from edge.decisions._class_sums import add_by_class
from edge.decisions.board import (
    CLASSES,
    DECIDED_RESULTS,
    FLOP,
    FLOPS_AHEAD,
    HOLDING,
    LATER,
    STAGES,
    BoardGame,
    BoardSolution,
    Counts,
    FlopCounts,
    Line,
    PreflopCounts,
    Stake,
    StateSolver,
    board_lines,
    count_forward,
    decision_made,
    first_choices,
    flop_classes,
    pays_of,
    wagers_after,
)
from edge.errors import EdgeError
from edge.paytables import PayTable
from edge.protection import Scenario

SEEN = 1                     # the dealer's cards seen
WAYS = HOLDING               # each deal counted once for each of the dealer's cards
WIDTH = CLASSES * DECIDED_RESULTS     # a line's deals by (player's class, result)


class SeenCardClasses:
    """The states of the decision made with the player's cards: (holding, seen card) classes
    under a renaming of suits, over a deck of whole ranks (positions ``rank * 4 + suit``)."""

    def __init__(self, deck: Sequence[int]) -> None:
        n = len(deck)
        self.n = n
        pairs = np.array(list(itertools.combinations(range(n), HOLDING)), dtype=np.int64)
        seen = np.arange(n)
        least = np.full((len(pairs), n), np.iinfo(np.int64).max, dtype=np.int64)
        for renaming in itertools.permutations(range(4)):
            rename = (seen & ~3) | np.array(renaming)[seen & 3]
            held = np.sort(rename[pairs], axis=1)
            np.minimum(least, (held[:, :1] * n + held[:, 1:]) * n + rename[np.newaxis],
                       out=least)
        apart = (pairs[:, :, np.newaxis] != seen).all(axis=1)
        codes, classes = np.unique(np.where(apart, least, -1), return_inverse=True)
        self.count = len(codes)             # the states with the seen card held: one unused
        self.table = classes.reshape(len(pairs), n)

    def of(self, holdings: Counts, seen: Counts) -> Counts:
        """The class of each (holding, seen card), given as deck positions (holdings in
        increasing order)."""
        low, high = holdings[:, 0], holdings[:, 1]
        return np.asarray(self.table[low * (2 * self.n - low - 1) // 2 + high - low - 1, seen],
                          dtype=np.int64)

    ways = 1                # the states each (holding, seen card, flop) is counted in

    def with_flop(self, holdings: Counts, seen: Counts, flop: Counts) -> Counts:
        """The states of each (holding, seen card) with this flop (deck positions): its
        class, as a column."""
        return self.of(holdings, seen)[:, np.newaxis]


class DealerStates(Protocol):
    """The states the first decision is taken in (:class:`SeenCardClasses`; with a card of
    the flop seen too, :mod:`.board_dealer_flop`)."""

    @property
    def count(self) -> int:
        """How many states."""

    @property
    def ways(self) -> int:
        """How many states each (holding, seen card, flop) is counted in."""

    def with_flop(self, holdings: Counts, seen: Counts, flop: Counts) -> Counts:
        """The ``ways`` states (columns) of each (holding, seen card) row with this flop."""


def seen_orbits(flop: Sequence[int], rest: Sequence[int]) -> tuple[list[int], list[int]]:
    """The positions in ``rest`` of one seen card of each class under the renamings of suits
    that keep ``flop``, and how many cards each stands for."""
    keep = [renaming for renaming in itertools.permutations(range(4))
            if sorted(c - c % 4 + renaming[c % 4] for c in flop) == sorted(flop)]
    position = {card: p for p, card in enumerate(rest)}
    found: dict[int, int] = {}
    for card in rest:
        least = min(position[card - card % 4 + renaming[card % 4]] for renaming in keep)
        found[least] = found.get(least, 0) + 1
    firsts = sorted(found)
    return firsts, [found[p] for p in firsts]


def _by_state(counts: npt.NDArray[np.uint16], holdings: Counts, seen: Counts) -> Counts:
    """The kernel's counts (holding, class, seen card, option, result) of these states, as
    (state, option, class, result)."""
    return np.ascontiguousarray(counts[holdings, :, seen].transpose(0, 2, 1, 3),
                                dtype=np.int64)


def solve_dealer_seen(game: BoardGame, paytable: PayTable | None = None,
                      larger_on_ties: bool | None = None, ranks: Sequence[int] | None = None,
                      progress: Callable[[int], None] | None = None,
                      seen_states: Callable[[Sequence[int]], DealerStates] = SeenCardClasses,
                      jobs: int | None = None, seen_board: int = FLOP) -> BoardSolution:
    """The exact optimal play when one of the dealer's two cards is seen before the first
    decision and at every later one (``ranks``, for tests: a deck of those ranks only;
    ``progress`` is told of each flop class counted, by the flops it stands for;
    ``seen_states``: the states of the first decision for the deck, each (holding, seen
    card, flop) counted in ``ways`` of them; ``jobs``: the worker threads the flops are
    solved on, default every core, the result the same on any number; ``seen_board``: the
    board cards seen at the decisions made with the flop seen, 4 with one of the later cards
    seen too, the states then one for each of the four as the later one)."""
    from edge.bets import _seen_showdown

    table = paytable or game.bet.presets[game.bet.default_paytable]
    larger = game.larger_on_ties if larger_on_ties is None else larger_on_ties
    pays = pays_of(game, table)
    deck = [rank * 4 + suit for rank in (range(13) if ranks is None else sorted(ranks))
            for suit in range(4)]
    n = len(deck)
    # the board cards to come (the turn and river, or one of them), then the dealer's other
    # card
    completions = (math.comb(n - HOLDING - SEEN - seen_board, FLOP + LATER - seen_board)
                   * (n - HOLDING - SEEN - FLOP - LATER))
    flops_per_state = math.comb(n - HOLDING - SEEN, seen_board)
    cycle = math.comb(n, HOLDING) * (n - HOLDING) * flops_per_state * completions
    solver = StateSolver(game, pays, larger, completions)
    decisions = game.decisions
    first = (decisions[0] if decisions[0].seen == HOLDING
             and decision_made(decisions[0], game.start) else None)
    later = 1 if decisions[0].seen == HOLDING else 0
    arrivals: list[tuple[Line, Stake | None]] = (
        [((), game.start)] if first is None else
        [(((0, o),), wagers_after(option, game.start))
         for o, option in enumerate(first.options)])
    river = next((d for d, decision in enumerate(decisions) if decision.seen == STAGES[-1]),
                 None)
    river_stakes = sorted({before for line, before, _ in board_lines(game)
                           if river is not None and line and line[-1][0] == river})
    largest = max(int(np.abs(net).max()) for net in pays.nets.values())
    if max(largest, *pays.totals.values()) * 24 * flops_per_state * completions >= 2 ** 62:
        raise EdgeError("The pays and wagers are too large for an exact solve in 64-bit "
                        "integers here.")
    states = seen_states(deck)
    cycle *= states.ways
    # by state: its deals, each arrival's value, each line's deals by (class, result) (the
    # lines each arrival reaches: those of a flop of no states), summed by each worker thread
    # in its own array, the arrays added at the end (exact integers, in any order)
    valued = [(a, line, arrival) for a, (line, arrival) in enumerate(arrivals)
              if arrival is not None]
    river_nets = {stake: solver.river_options(decisions[river], stake)
                  for stake in river_stakes if river is not None}
    no_states = FlopCounts(np.zeros((0, CLASSES, DECIDED_RESULTS), dtype=np.int64),
                           {stake: np.zeros((0, len(nets), CLASSES, DECIDED_RESULTS),
                                            dtype=np.int64)
                            for stake, (nets, _) in river_nets.items()})
    columns = [(a, key) for a, line, arrival in valued
               for key in solver.value(no_states, later, arrival, line)[1]]
    width = 1 + len(valued) + len(columns) * WIDTH
    partial: list[npt.NDArray[np.int64]] = []
    here = threading.local()
    made = threading.Lock()
    # by flop counted, decision made with the flop seen and wagers in play: each state's option
    # (the rows: each seen card ``seen_orbits`` gives, its holdings of the cards left in turn)
    flop_choices: dict[tuple[tuple[int, ...], int, Stake], npt.NDArray[np.int8]] = {}
    zero = np.zeros((1, CLASSES, DECIDED_RESULTS), dtype=np.int64)

    def solve_flop(flop: tuple[int, ...], weight: int
                   ) -> tuple[tuple[int, ...], int, dict[tuple[int, Stake], npt.NDArray[np.int8]]]:
        """One flop on a worker thread (the kernel and the sums release the GIL): the
        seen-card kernel's counts by state, the decisions made with the flop seen solved, each
        state's sums added to its first-decision states; the options taken."""
        rest = [card for card in deck if card not in flop]
        m = len(rest)
        seen, seen_weights = seen_orbits(flop, rest)
        pairs = np.array(list(itertools.combinations(range(m), HOLDING)), dtype=np.int64)
        # the states of this flop: (seen card, holding) with the seen card off the holding
        apart = [np.flatnonzero((pairs != d).all(axis=1)) for d in seen]
        row_seen = np.concatenate([np.full(len(a), d) for d, a in zip(seen, apart, strict=True)])
        row_holding = np.concatenate(apart)
        row_weight = weight * np.concatenate([np.full(len(a), w, dtype=np.int64)
                                              for w, a in zip(seen_weights, apart, strict=True)])
        rivers = {stake: _by_state(_seen_showdown.seen_counts(
                      flop, game.weakest, nets, order, seen, ranks), row_holding, row_seen)
                  for stake, (nets, order) in river_nets.items()}
        total = (next(iter(rivers.values())).sum(axis=1) if rivers else
                 _by_state(_seen_showdown.seen_counts(flop, game.weakest, zero, [0], seen,
                                                      ranks), row_holding, row_seen)[:, 0])
        if not (total.sum(axis=(1, 2)) == completions).all():
            raise AssertionError(f"the seen-card kernel's counts for the flop {flop} do not "
                                 "add up for every state")
        counted = FlopCounts(total, rivers)
        positions = np.searchsorted(deck, rest)
        classes = states.with_flop(positions[pairs[row_holding]], positions[row_seen],
                                   np.searchsorted(deck, flop))
        flop_solver = StateSolver(game, pays, larger, completions)
        # one row of sums per state: the deals, each arrival's value, each line's deals
        blocks = [np.broadcast_to(np.int64(completions), (len(total), 1))]
        details: dict[int, dict[Line, Counts]] = {}
        for a, line, arrival in valued:
            value, details[a] = flop_solver.value(counted, later, arrival, line)
            blocks.append(np.asarray(value, dtype=np.int64)[:, np.newaxis])
        blocks += [np.asarray(details[a][key], dtype=np.int64).reshape(len(total), WIDTH)
                   for a, key in columns]
        sums = getattr(here, "sums", None)
        if sums is None:
            sums = here.sums = np.zeros((states.count, width), dtype=np.int64)
            with made:
                partial.append(sums)
        add_by_class(sums, classes, row_weight, blocks)
        return flop, weight, flop_solver.chosen

    for flop, weight, chosen in parallel.map(lambda item: solve_flop(*item),
                                             flop_classes(deck, seen_board), jobs,
                                             ahead=FLOPS_AHEAD):
        for (d, stake), options_taken in chosen.items():
            flop_choices[flop, d, stake] = options_taken
        if progress is not None:
            progress(weight)
    if not partial:
        raise AssertionError("no flop was counted")
    sums = partial[0]
    for more in partial[1:]:
        sums += more
    deals_of_class = sums[:, 0]
    column = {a: 1 + k for k, (a, _, _) in enumerate(valued)}
    values = [sums[:, column[a]] if a in column else np.zeros_like(deals_of_class)
              for a in range(len(arrivals))]
    lines: list[dict[Line, Counts]] = [{} for _ in arrivals]
    for c, (a, key) in enumerate(columns):
        at = 1 + len(valued) + c * WIDTH
        lines[a][key] = sums[:, at:at + WIDTH]
    options, choice = first_choices(game, pays, arrivals, values, deals_of_class, first, larger)
    counted_by_class = PreflopCounts(pays, tuple(arrivals), options, tuple(lines),
                                     np.minimum(deals_of_class, 1), deals_of_class,
                                     first is not None)
    return dataclasses.replace(count_forward(game, counted_by_class, choice, cycle, completions),
                               larger=larger, deck=tuple(deck), flop_choices=flop_choices,
                               preflop_counts=counted_by_class, seen_board=seen_board)


def dealer_notes(game: BoardGame, solution: BoardSolution, scenario: Scenario
                 ) -> tuple[str, str]:
    """The return table's notes on the deals counted and on what was seen."""
    n = len(solution.deck)
    first = game.decisions[0].name
    dealt = (f"Every deal from one deck: the player's {HOLDING} cards, the {FLOP} of "
             f"{game.board[0]} and the {LATER} of {game.board[1]} as sets, the dealer's card "
             f"seen and his other card: C({n}, {HOLDING}) x {n - HOLDING} x "
             f"C({n - HOLDING - SEEN}, {FLOP}) x C({n - HOLDING - SEEN - FLOP}, {LATER}) x "
             f"{n - HOLDING - SEEN - FLOP - LATER} = {solution.cycle:,} deals, each equally "
             f"likely (each deal of the game counted {scenario.ways} times, once for each of "
             "the dealer's cards that may be the one seen).")
    seen = (f"Seen: {scenario.description}, and in view at every later decision. The "
            f"decision {first} is taken on the player's cards and the seen card (each class "
            "of them under a renaming of suits, valued over every deal to come), each later "
            "one on them and the board cards dealt so far; every decision takes the option "
            "of the highest exact value over the dealer's other card.")
    return dealt, seen
