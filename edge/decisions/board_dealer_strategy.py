"""The exposed player of a shared-board game file when one of the dealer's two cards is seen
before the first decision and kept in view (:mod:`.board_dealer`): his strategy as the solve
took it (:mod:`.board_seen`'s document, its keys and its chart by the seen card's rank) and
the simulator that plays it.

The decision made with the player's cards is the solve's option for the class of (holding,
seen card) (:class:`~.board_dealer.SeenCardClasses`). A decision made with the flop seen is the
solve's option for the state of (holding, seen card) on the flop counted for the dealt flop's
class, the suits renamed to it and then, among the renamings that keep that flop, to the seen
card the solve counted. A decision made with the whole board seen is taken on the board dealt:
each option's exact value over the dealer's other card, the highest (of equals, the first in
the tie order), as the seen-card kernel takes it.
"""

from __future__ import annotations

import itertools
import math
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from edge import _core
from edge.decisions.board import (
    FLOP,
    HOLDING,
    LATER,
    BoardSolution,
    Stake,
    flop_classes,
    holding_classes,
    holding_index,
    river_options,
)
from edge.decisions.board_dealer import SEEN, DealerStates, SeenCardClasses, seen_orbits
from edge.decisions.board_dealer_flop import DealerFlopClasses
from edge.decisions.board_seen import KINDS, SeenChoices, first_tallies, state_choices
from edge.decisions.board_simulation import BoardSimulator, IntArray, board_simulator
from edge.paytables import PayTable

# the hand as dealt: the player's cards, the board, then the dealer's two (the first is seen)
DEALER = HOLDING + FLOP + LATER


def dealer_choices(exposed: BoardSolution, dealt: BoardSolution) -> SeenChoices:
    """The first decision with the dealer's card seen, by holding class against the game as
    dealt (``dealt``, the same pays): each class's gain is its value seeing less its value as
    dealt. Made with the player's cards: also by the seen card's rank, the part of the gain
    from that decision kept apart; made with the flop seen: its (holding, seen card, flop)
    states, against the option taken on the same (holding, flop) as dealt."""
    if exposed.preflop:
        return state_choices(exposed, dealt, SEEN, SeenCardClasses(exposed.deck).table,
                             later_seen=True)
    game = exposed.game
    options, taken, relation, moved = first_tallies(exposed)
    as_dealt = np.zeros_like(taken)
    changed = np.zeros(KINDS, dtype=np.int64)
    for flop, weight in flop_classes(exposed.deck):
        rest = np.array([card for card in exposed.deck if card not in flop], dtype=np.int64)
        seen, seen_weights = seen_orbits(flop, rest.tolist())
        pairs = np.array(list(itertools.combinations(range(len(rest)), HOLDING)),
                         dtype=np.int64)
        kinds_of = holding_classes(rest[pairs])
        mine = exposed.flop_choices[flop, 0, game.start]
        theirs = dealt.flop_choices[flop, 0, game.start]
        row = 0
        for d, ways in zip(seen, seen_weights, strict=True):
            apart = np.flatnonzero((pairs != d).all(axis=1))
            chosen = mine[row:row + len(apart)].astype(np.int64)
            row += len(apart)
            before = theirs[apart].astype(np.int64)
            kinds, many = kinds_of[apart], weight * ways
            differs = many * (chosen != before)
            np.add.at(taken, (kinds, chosen), many)
            np.add.at(as_dealt, (kinds, before), many)
            np.add.at(changed, kinds, differs)
            matches = ((rest[pairs[apart]] >> 2) == rest[d] >> 2).any(axis=1).astype(np.int64)
            apart_ranks = np.zeros_like(matches)       # one card seen: never two of a rank
            np.add.at(relation, (matches, apart_ranks, chosen), many)
            np.add.at(moved, (matches, apart_ranks), differs)
    return SeenChoices(SEEN, options, taken, (-1,) * KINDS, _class_gains(exposed, dealt),
                       None, relation, moved, None, as_dealt, changed,
                       f"(holding, seen card, {game.board[0]})")


def _class_gains(exposed: BoardSolution, dealt: BoardSolution) -> tuple[Fraction, ...]:
    """Each holding class's value seeing less its value as dealt, per quote unit (no decision
    made with the player's cards alone: one value each), checked to add up to the value of the
    information."""
    seeing, before = exposed.preflop_counts, dealt.preflop_counts
    assert seeing is not None and before is not None
    n = len(exposed.deck)
    deck = np.array(exposed.deck, dtype=np.int64)
    pairs = np.array(list(itertools.combinations(range(n), HOLDING)), dtype=np.int64)
    table = SeenCardClasses(exposed.deck).table
    rows, columns = np.nonzero((pairs[:, :, np.newaxis] != np.arange(n)).all(axis=1))
    kind_of = dict(zip(table[rows, columns].tolist(),
                       holding_classes(deck[pairs])[rows].tolist(), strict=False))
    sums = [0] * KINDS
    for state, kind in kind_of.items():
        sums[kind] += int(seeing.values[0][state])
    gains = tuple(Fraction(sums[k], exposed.cycle * seeing.pays.scale)
                  - Fraction(int(before.values[0][k]), dealt.cycle * before.pays.scale)
                  if before.sizes[k] else Fraction(0) for k in range(KINDS))
    if sum(gains) != exposed.player_return - dealt.player_return:
        raise AssertionError("the holding classes' gains do not add up to the value of the "
                             "information")
    return gains


class _SeenDealer(threading.local):
    """The dealer's card seen on the hand being played (set before each hand), one for each
    thread: the simulation plays its chunks of hands on worker threads sharing one simulator."""

    def __init__(self) -> None:
        self.card = [0]


@dataclass(frozen=True)
class DealerFirst:
    """The decision made with the player's cards: the solve's option for the class of
    (holding, the dealer's card seen) or, with ``board_cards`` = 1, of (holding, the dealer's
    card seen, the first card of the first board place as dealt: each of its cards as likely
    to be the one seen)."""

    states: DealerStates
    preflop: tuple[int, ...]
    seen: _SeenDealer
    position: dict[int, int]
    board_cards: int = 0
    start: int = 0              # the place on the board of the first card seen (3: the turn)

    def __call__(self, hole: Sequence[int], board: Sequence[int]) -> int:
        """The option taken with this holding and these board cards to come."""
        low, high = sorted(self.position[card] for card in hole)
        state = self.states.with_flop(
            np.array([[low, high]]), np.array([self.position[self.seen.card[0]]]),
            np.array([self.position[card]
                      for card in board[self.start:self.start + self.board_cards]],
                     dtype=np.int64))
        return self.preflop[int(state[0, 0])]


@dataclass(frozen=True)
class DealerSimulator(BoardSimulator):
    """:class:`~.board_simulation.BoardSimulator` with the first of the dealer's two cards
    dealt seen at every decision (each of his cards as likely to be it)."""

    seen: _SeenDealer = field(default_factory=_SeenDealer)
    # by flop counted: the renamings of suits that keep it, its cards left and the seen cards
    # the solve counted (positions among the cards left)
    kept: dict[tuple[int, ...], tuple[list[tuple[int, ...]], list[int], list[int]]] = \
        field(default_factory=dict)
    flops: dict[tuple[int, ...], tuple[int, ...]] = field(default_factory=dict)

    def _row(self, hand: IntArray, outcome: int) -> str:
        """One hand played, the dealer's first card seen."""
        self.seen.card[0] = int(hand[DEALER])
        return super()._row(hand, outcome)

    def _counted(self, flop: tuple[int, ...]) -> tuple[list[tuple[int, ...]], list[int],
                                                       list[int]]:
        """What the simulator needs of a flop the solve counted (kept once found)."""
        if flop not in self.kept:
            keep = [renaming for renaming in itertools.permutations(range(4))
                    if sorted(c - c % 4 + renaming[c % 4] for c in flop) == sorted(flop)]
            rest = [card for card in self.deck if card not in flop]
            self.kept[flop] = (keep, rest, seen_orbits(flop, rest)[0])
        return self.kept[flop]

    def _flop_choice(self, d: int, stake: Stake, hole: Sequence[int],
                     flop: Sequence[int]) -> int:
        """The option the solve chose for this holding, seen card and flop (through the state
        it counted)."""
        if not self.flops:
            self.flops.update({tuple(sorted(key[0])): key[0]
                               for key in self.solution.flop_choices})
        counted = renaming = None
        for renaming in itertools.permutations(range(4)):
            counted = self.flops.get(tuple(sorted(c - c % 4 + renaming[c % 4] for c in flop)))
            if counted is not None:
                break
        assert counted is not None and renaming is not None
        keep, rest, seen = self._counted(counted)
        position = {card: p for p, card in enumerate(rest)}

        def renamed(card: int, by: Sequence[int]) -> int:
            return card - card % 4 + by[card % 4]

        dealer = renamed(self.seen.card[0], renaming)
        again = min(keep, key=lambda by: position[renamed(dealer, by)])
        shown = position[renamed(dealer, again)]
        cards = [renamed(renamed(card, renaming), again) for card in hole]
        h = holding_index(cards, rest)
        m = len(rest)
        # the rows of the states before this holding's with the seen card: the holdings
        # before it, less those holding the seen card
        holding_seen = sum(1 for other in rest if other != rest[shown]
                           and holding_index([rest[shown], other], rest) < h)
        row = seen.index(shown) * math.comb(m - 1, HOLDING) + h - holding_seen
        return int(self.solution.flop_choices[counted, d, stake][row])

    def _river_choice(self, d: int, stake: Stake, hole: Sequence[int],
                      board: Sequence[int]) -> int:
        """The option of the highest exact value over the dealer's other card (of equals,
        the first in the tie order)."""
        game = self.solution.game
        if (d, stake) not in self.river:
            self.river[d, stake] = river_options(game, self.paytable, self.solution.larger,
                                                 game.decisions[d], stake)
        nets, order = self.river[d, stake]
        seen = self.seen.card[0]
        used = {*hole, *board, seen}
        others = [card for card in self.deck if card not in used]
        mine = int(_core.evaluate_cards([*hole, *board]))
        theirs = _core.evaluate_many(np.array([[seen, other, *board] for other in others]))
        results = ((theirs >= game.weakest) * 3 + (mine > theirs) - (mine < theirs) + 1)
        by_result = np.bincount(results, minlength=nets.shape[2])
        values = nets[:, int(_core.hand_class(mine))] @ by_result
        best = max(int(value) for value in values)
        return next(o for o in order if int(values[o]) == best)


def dealer_simulator(solution: BoardSolution, paytable: PayTable, board_card: bool = False,
                     start: int = 0) -> DealerSimulator:
    """The simulator of the exposed solve at these pays (:class:`DealerSimulator`);
    ``board_card``: a card of the board is seen with the dealer's before the decision made
    with the player's cards (:class:`DealerFirst`), the one dealt at ``start`` (0: the
    flop's first; 3: the turn)."""
    plain = board_simulator(solution, paytable)
    seen = _SeenDealer()
    first = None
    if solution.preflop:
        states = (DealerFlopClasses if board_card else SeenCardClasses)(solution.deck)
        first = DealerFirst(states, solution.preflop, seen,
                            {card: p for p, card in enumerate(solution.deck)}, int(board_card),
                            start)
    return DealerSimulator(solution, paytable, plain.outcomes, plain.nets, plain.scale,
                           first=first, seen=seen)
