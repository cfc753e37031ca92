"""Ultimate Texas Hold'em's main bet with cards exposed, by simulation (docs/protection.md).

Each hand is dealt from a fresh deck (rows player 2, dealer 2, flop 3, turn, river); the
exposure is dealt too: which of the dealer's two cards, of the three flop cards or of the turn
and river is seen is drawn uniformly, and that card is moved to the first row of its group (row
2 for a dealer card, row 4 for a flop card, row 7 for a turn-river card: the order within a
group changes no outcome); with two or three flop cards seen (``flop-2``, ``flop-3``) they are
the first two or three flop rows, as uniformly dealt as any. The player then plays:

- preflop, the solved choice of the exposure's solve (:class:`.exposure.ExposedSolution`) for
  his two cards and the seen cards, found through the suit permutation that takes the dealt
  state to the state the solve lists;
- on the flop and the river, the exact decision of that dealt situation computed on the spot
  (:mod:`._exposure_play`: every unseen board completion and dealer hole card, evaluated and
  settled); with no dealer card seen (``flop-1``, ``flop-2``, ``flop-3``) the flop is the game
  as dealt, so the unexposed solve's recorded flop decisions are used and the river is
  compared over the 990 dealer holdings, as :class:`.main_simulation.MainSimulator` does.

``dealer-1-river`` (a dealer card seen before the river only) is not simulated: its flop
decision, whose checking line plays the river with the dealer card seen, is not computed on
the spot (:data:`.exposure.main_bet.NOT_SIMULATED`).

Every hand is then settled by :class:`.main_simulation.MainSimulator` from the rules. The flop
and river decisions do not come from the exposure solvers, so the simulated return checks
their exact one independently.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.errors import EdgeError
from edge.games import RunSettings
from edge.games.ultimate_texas_holdem.exposure.main_bet import (
    BOARD_SEEN,
    DEALER_SEEN,
    NOT_SIMULATED,
    solve_exposure,
)
from edge.games.ultimate_texas_holdem.exposure.players import rule_choice
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen, UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.simulation import _exposure_play
from edge.games.ultimate_texas_holdem.simulation.main_bet import (
    PAIR_ID,
    MainSimulator,
    flop_decisions,
    settlement,
)
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
from edge.paytables import PayTable
from edge.sampling import CardArray, IntArray, deal

BoolArray = npt.NDArray[np.bool_]

DEALER_ROWS, FLOP_ROWS, TURN_RIVER_ROWS = (2, 3), (4, 5, 6), (7, 8)
# the turn-river card seen sits in the fifth board row
TURN_RIVER_SEEN = {Seen.DEALER_1_TURN_RIVER_1}
# how many flop cards each scenario shows (one is drawn uniformly; two or three: the first
# rows of the flop, as uniformly dealt as any)
FLOP_SEEN = {Seen.DEALER_1_FLOP_1: 1, Seen.FLOP_1: 1, Seen.FLOP_2: 2, Seen.FLOP_3: 3}


def expose(seen: Seen, cards: CardArray, rng: np.random.Generator) -> CardArray:
    """Deal the exposure: draw uniformly which card of each seen group the player sees and move
    it to the group's first row (in place; the cards are returned)."""
    hands = cards.shape[1]
    groups: list[tuple[int, ...]] = []
    if DEALER_SEEN[seen] == 1:
        groups.append(DEALER_ROWS)
    if FLOP_SEEN.get(seen) == 1:
        groups.append(FLOP_ROWS)
    if seen in TURN_RIVER_SEEN:
        groups.append(TURN_RIVER_ROWS)
    columns = np.arange(hands)
    for rows in groups:
        which = rng.integers(0, len(rows), size=hands)
        chosen = np.asarray(rows)[which]
        first = cards[rows[0]].copy()
        cards[rows[0]] = cards[chosen, columns]
        cards[chosen, columns] = first
    return cards


def seen_rows(seen: Seen) -> tuple[int, ...]:
    """The rows of a dealt hand the preflop state reads: the player's two cards, the seen dealer
    cards, the seen board card (the order of :attr:`.ExposedSolution.state_cards`)."""
    rows: tuple[int, ...] = (0, 1, *DEALER_ROWS[:DEALER_SEEN[seen]])
    rows += FLOP_ROWS[:FLOP_SEEN.get(seen, 0)]
    if seen in TURN_RIVER_SEEN:
        rows += (TURN_RIVER_ROWS[0],)
    return rows


def state_codes(state: IntArray, dealer_seen: int) -> IntArray:
    """A number for each preflop state (columns of ``state``: the two hole cards, the seen
    dealer cards, the seen board card(s)), the hole cards, the dealer cards and the board cards
    each in ascending order, as the solve lists them."""
    rows = state.copy()
    rows[:2] = np.sort(rows[:2], axis=0)
    if dealer_seen == 2:
        rows[2:4] = np.sort(rows[2:4], axis=0)
    rows[2 + dealer_seen:] = np.sort(rows[2 + dealer_seen:], axis=0)
    code = np.zeros(rows.shape[1], dtype=np.int64)
    for row in rows:
        code = code * 52 + row
    return code


@dataclass(frozen=True)
class StateChoices:
    """The solve's preflop choice by state code (``codes`` ascending)."""

    codes: IntArray
    choice: IntArray
    dealer_seen: int

    @classmethod
    def of(cls, solution: ExposedSolution) -> StateChoices:
        """The choices of a solve's listed states."""
        dealer_seen = DEALER_SEEN[solution.scenario]
        codes = state_codes(solution.state_cards.astype(np.int64).T, dealer_seen)
        order = np.argsort(codes)
        return cls(codes[order], solution.choice.astype(np.int64)[order], dealer_seen)

    def lookup(self, state: IntArray) -> IntArray:
        """The preflop choice of each dealt state (columns of ``state``): the listed state it
        is, or the one a suit permutation takes it to."""
        hands = state.shape[1]
        found = np.full(hands, -1, dtype=np.int64)
        suits, ranks = state & 3, state & ~3
        for perm in _kernels.uth_permutations().astype(np.int64):
            missing = np.flatnonzero(found < 0)
            if missing.size == 0:
                break
            codes = state_codes(ranks[:, missing] | perm[suits[:, missing]], self.dealer_seen)
            at = np.minimum(np.searchsorted(self.codes, codes), len(self.codes) - 1)
            hit = self.codes[at] == codes
            found[missing[hit]] = at[hit]
        if (found < 0).any():
            raise EdgeError("The exposure's solve lists no preflop state for a dealt hand: it "
                            "is not a whole solve.")
        choice: IntArray = self.choice[found]
        return choice


@dataclass(frozen=True)
class ExposedSimulator(MainSimulator):
    """Deals the exposure and plays the exposed player's decisions (see the module docstring);
    ``preflop`` is unused (the choice is by state, :class:`StateChoices`)."""

    seen: Seen = Seen.DEALER_1
    states: StateChoices | None = None
    net: IntArray | None = None
    fold: int = 0

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands and their exposure, and play and settle them."""
        return self.settle(expose(self.seen, deal(rng, hands, 9), rng))

    def preflop_plays(self, cards: CardArray) -> IntArray:
        """Each hand's preflop Play (4, 3 or 0 to check) from the solve, by its seen state."""
        assert self.states is not None
        state = cards[list(seen_rows(self.seen))].astype(np.int64)
        return self.states.lookup(state)

    def decide(self, cards: CardArray) -> IntArray:
        """The Play bet of each hand: 4 or 3 preflop, 2 on the flop, 1 on the river, 0 fold."""
        play = self.preflop_plays(cards).copy()
        checked = np.flatnonzero(play == 0)
        if checked.size == 0:
            return play
        dealer_seen = DEALER_SEEN[self.seen]
        if dealer_seen == 0:                 # the flop is the game as dealt's
            holding = PAIR_ID[cards[0, checked].astype(np.int64) * 52 + cards[1, checked]]
            bets = self.flop_bets_of(cards[:, checked], holding)
            play[checked[bets]] = 2
            river = checked[~bets]
            play[river[self.exact_river_plays(cards, river)]] = 1
            return play
        board = 4 if self.seen in TURN_RIVER_SEEN else 3
        bets = self.street_bets(cards, checked, dealer_seen, board)
        play[checked[bets]] = 2
        river = checked[~bets]
        play[river[self.street_bets(cards, river, dealer_seen, 5)]] = 1
        return play

    def street_bets(self, cards: CardArray, columns: IntArray, dealer_seen: int,
                    board_seen: int) -> BoolArray:
        """The exact flop (``board_seen`` 3 or 4) or river (5) decision of each hand."""
        assert self.net is not None
        bets: BoolArray = _exposure_play.street_bets(
            np.ascontiguousarray(cards), np.ascontiguousarray(columns, dtype=np.int64),
            dealer_seen, board_seen, self.net, self.fold, self.ties_larger)
        return bets


def exposed_simulator(solution: ExposedSolution, paytable: PayTable,
                      rules: UltimateTexasHoldemRules, run: RunSettings | None = None
                      ) -> ExposedSimulator:
    """The simulator of a finished exposure solve (``rules`` give the settlement)."""
    settle = solver.settlement(paytable.as_dict(), rules.dealer_no_qualify)
    if settle.net != solution.settlement.net:
        raise EdgeError("The exposure's solve was made for other pays.")
    flop_bets = np.zeros(0, dtype=np.uint8)
    if DEALER_SEEN[solution.scenario] == 0 and BOARD_SEEN[solution.scenario]:
        dealt = uth_main.solve_main(paytable, rules, run or RunSettings())
        flop_bets = flop_decisions(dealt)
    pays = settlement(paytable, rules)
    return ExposedSimulator(pays.outcomes, pays.scale, Fraction(1), np.zeros(0, dtype=np.int64),
                            flop_bets,
                            pays.blind, pays.outcome_of, rules.all_push, rules.ties_larger,
                            solution.scenario, StateChoices.of(solution), settle.array(),
                            settle.fold)


def simulate_exposed(paytable: PayTable | None, rules: UltimateTexasHoldemRules,
                     run: RunSettings | None = None) -> ExposedSimulator:
    """The main bet's simulator under an exposure (the ``simulate`` hook with ``seen`` set)."""
    if paytable is None:
        raise EdgeError("The Ultimate Texas Hold'em main simulation needs a pay table.")
    if rules.seen in NOT_SIMULATED:
        raise EdgeError(f"seen={rules.seen} is not simulated (its flop decision is not "
                        "computed on the spot); `edge table` gives its exact return.")
    run = run or RunSettings()
    solution = solve_exposure(paytable, rules, run)
    if not rules.strategy.is_optimal:      # a player's own preflop rule: its choice per state
        solution = replace(solution, choice=rule_choice(rules.strategy, solution))
    return exposed_simulator(solution, paytable, rules, run)
