"""The simulator of a game file with a shared board: random deals, the solved strategy played
card by card, each hand settled by the file's own conditions.

Each hand deals the player's two cards, the two board places and the dealer's two from a
shuffled deck. The decisions are looked up, not searched: before the flop by the holding's
class; on the flop through the flop of its class the solve counted (the suits renamed); on the
river the board kernel decides the one board dealt, with the pays of the options. The player's
outcome is the first of the file's outcomes whose condition holds on his seven cards (the
compiled conditions of the bet language); the showdown compares the two best fives
(``edge._core``) and the dealer qualifies when his is at least ``weakest``. The row so found
carries the exact table's net: the simulation checks the dealing, the playing and the settling
against the enumeration, not the pays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Protocol

import numpy as np
import numpy.typing as npt

from edge import _core
from edge.bets.compile import Deals
from edge.decisions.board import (
    FLOP,
    HOLDING,
    LATER,
    STAGES,
    BoardSolution,
    Line,
    Stake,
    board_lines,
    flop_class,
    holding_classes,
    holding_index,
    river_options,
    row_name,
)
from edge.paytables import PayTable

IntArray = npt.NDArray[np.int64]
DEALT = HOLDING + FLOP + LATER + HOLDING


class FirstChoice(Protocol):
    """How the decision made with the player's cards is taken when the player sees more than
    his cards then (:mod:`.board_seen`): the option for his holding and the board to come."""

    def __call__(self, hole: Sequence[int], board: Sequence[int]) -> int:
        """The option taken (the board's cards in the order dealt: the flop's, then the
        later place's)."""


@dataclass(frozen=True)
class BoardSimulator:
    """Deals hands, plays the solved strategy and settles each by the file."""

    solution: BoardSolution
    paytable: PayTable
    outcomes: tuple[str, ...]              # the exact table's rows, in its order
    nets: IntArray                          # each row's net, in units of 1 / scale
    scale: int
    initial_wager: Fraction = Fraction(1)
    # each river decision's options' nets and tie order, by decision and wagers in play
    river: dict[tuple[int, Stake], tuple[IntArray, list[int]]] = field(default_factory=dict)
    # the decision made with the player's cards, when it is not taken by holding class
    first: FirstChoice | None = None

    @property
    def deck(self) -> tuple[int, ...]:
        """The cards dealt from (the solve's deck)."""
        return self.solution.deck

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal and play ``hands`` hands."""
        from edge.sampling import deal
        deck = np.array(self.deck, dtype=np.int64)
        cards = deck[np.asarray(deal(rng, hands, DEALT, len(deck)), dtype=np.int64).T]
        index = {name: i for i, name in enumerate(self.outcomes)}
        outcome = self._outcomes(cards[:, :HOLDING + FLOP + LATER])
        rows = np.empty(hands, dtype=np.int64)
        for hand in range(hands):
            rows[hand] = index[self._row(cards[hand], int(outcome[hand]))]
        return rows, self.nets[rows]

    def _outcomes(self, seven: IntArray) -> IntArray:
        """The index of the first outcome each player's seven cards meet (the number of
        outcomes: none), by the file's compiled conditions."""
        bet = self.solution.game.bet
        columns = list(bet.layout.slot_columns()[0])
        laid = np.zeros((len(seven), bet.layout.cards), dtype=np.int64)
        laid[:, columns] = seven
        found = np.full(len(seven), len(bet.outcomes), dtype=np.int64)
        deals = Deals(laid)
        for at, outcome in reversed(list(enumerate(bet.outcomes))):   # the first match wins
            found[outcome.condition.test(deals)] = at
        return found

    def _row(self, hand: IntArray, outcome: int) -> str:
        """One hand played: the row of the exact table it ends in."""
        solution = self.solution
        game = solution.game
        hole = [int(c) for c in hand[:HOLDING]]
        board = [int(c) for c in hand[HOLDING:HOLDING + FLOP + LATER]]
        # the board cards seen at the decisions made with the flop seen: the flop, or the
        # flop and the turn when the solve saw one later card there (either is as likely)
        seen = board[:solution.seen_board]
        dealer = [int(c) for c in hand[HOLDING + FLOP + LATER:]]
        stake: Stake = game.start
        line: Line = ()
        for d, decision in enumerate(game.decisions):
            if not all(stake[w] == amount for w, amount in decision.when):
                continue
            if decision.seen == STAGES[0] and self.first is not None:
                option = self.first(hole, board)
            elif decision.seen == STAGES[0]:
                option = solution.preflop[int(holding_classes(np.array([hole]))[0])]
            elif decision.seen == STAGES[1]:
                option = self._flop_choice(d, stake, hole, seen)
            else:
                option = self._river_choice(d, stake, hole, board)
            chosen = decision.options[option]
            line = (*line, (d, option))
            if chosen.fold:
                return row_name(game, line, stake)
            if chosen.wager is not None:
                stake = tuple(chosen.amount if w == chosen.wager else amount
                              for w, amount in enumerate(stake))
        mine = int(_core.evaluate_cards(hole + board))
        theirs = int(_core.evaluate_cards(dealer + board))
        result = (3 if theirs >= game.weakest else 0) + (mine > theirs) - (mine < theirs) + 1
        before = next(before for taken, before, _ in board_lines(game) if taken == line)
        names = (*(o.name for o in game.bet.outcomes), "no outcome")
        return row_name(game, line, before, result, names[outcome])

    def _flop_choice(self, d: int, stake: Stake, hole: Sequence[int],
                     flop: Sequence[int]) -> int:
        """The option the solve chose for this holding and flop (through its class)."""
        counted, renaming = flop_class(flop, self.solution)
        renamed = [(card & ~3) | renaming[card & 3] for card in hole]
        left = [card for card in self.deck if card not in counted]
        chosen = self.solution.flop_choices[counted, d, stake]
        return int(chosen[holding_index(renamed, left)])

    def _river_choice(self, d: int, stake: Stake, hole: Sequence[int],
                      board: Sequence[int]) -> int:
        """The option of the highest value on this board (or the one the strategy's rules
        take), as the board kernel decides it."""
        from edge.bets import _showdown
        game = self.solution.game
        if (d, stake) not in self.river:
            self.river[d, stake] = river_options(game, self.paytable, self.solution.larger,
                                                 game.decisions[d], stake)
        nets, order = self.river[d, stake]
        ranks = sorted({card >> 2 for card in self.deck})
        ruled = next((rules for rules in self.solution.rules if rules.decision == d), None)
        taken = _showdown.decided_options(list(board), game.weakest, nets, order,
                                          None if len(ranks) == 13 else ranks,
                                          None if ruled is None else ruled.program())
        x, y = sorted(hole)
        return int(taken[x, y])


def board_simulator(solution: BoardSolution, paytable: PayTable,
                    first: FirstChoice | None = None) -> BoardSimulator:
    """The simulator of a solve at these pays, its outcomes the solve's return table's rows
    (``first``: how the decision made with the player's cards is taken, if not by holding
    class)."""
    from edge.sampling import common_scale, scaled
    nets = [net for _, net, _, _ in solution.rows]
    scale = common_scale(nets)
    return BoardSimulator(solution, paytable, tuple(name for name, *_ in solution.rows),
                          scaled(nets, scale), scale, first=first)
