"""Ultimate Texas Hold'em's main bet played by a practical strategy, in the simulation.

The simulation reads the strategy itself: each dealt hand's features (the preflop class, the
flop's made hand, hidden pair and flush draw, the river's hidden pair and dealer outs) are
computed here, per hand and vectorised over the dealt hands, from the cards and the plain
definitions in docs/strategies.md, independently of the exact evaluation's own feature code
(which works on suit classes of boards). The two check each other: the simulated mean must
fall within its confidence interval of the exact return, and a test compares both readings on
dealt situations. The hands are settled by :class:`.main_simulation.MainSimulator`.

Cards are ``rank * 4 + suit`` (rank 0 = deuce .. 12 = ace); a hand's nine dealt cards are the
rows player 2, dealer 2, flop 3, turn, river (:mod:`.simulation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge import holdem
from edge.errors import EdgeError
from edge.games import RunSettings
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.simulation.main_bet import (
    HOLDINGS,
    PAIR_ID,
    MainSimulator,
    flop_decisions,
    settlement,
    simulate_main,
)
from edge.games.ultimate_texas_holdem.solve import _kernels
from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
from edge.games.ultimate_texas_holdem.strategy.language import StreetPlan, UthStrategy
from edge.paytables import PayTable
from edge.sampling import CardArray, IntArray

BoolArray = npt.NDArray[np.bool_]

HOLE_ROWS = (0, 1)
FLOP_ROWS = (4, 5, 6)
BOARD_ROWS = (4, 5, 6, 7, 8)
PLAYER_SEVEN = np.array([*HOLE_ROWS, *BOARD_ROWS], dtype=np.int64)
BOARD_FIVE = np.array(BOARD_ROWS, dtype=np.int64)
UNSEEN = 45          # cards the player cannot see at the river: 52 - 2 hole - 5 board


def ranks(cards: CardArray) -> IntArray:
    """The rank (0 = deuce .. 12 = ace) of every card."""
    return np.asarray(cards, dtype=np.int64) >> 2


def suits(cards: CardArray) -> IntArray:
    """The suit (0..3) of every card."""
    return np.asarray(cards, dtype=np.int64) & 3


def hand_class(cards: CardArray, rows: IntArray) -> IntArray:
    """The class (0 high card .. 9 royal flush) of the best five of ``cards[rows]``, per hand."""
    _, classes = _kernels.simulate_holdem_hands(cards, rows)
    return classes.astype(np.int64)


def hand_strength(cards: CardArray, rows: IntArray) -> IntArray:
    """The strength (higher is better) of the best five of ``cards[rows]``, per hand."""
    strengths, _ = _kernels.simulate_holdem_hands(cards, rows)
    return strengths.astype(np.int64)


# --- the features of a flop or river decision ---------------------------------------------------

NO_RANK = 13          # a rank feature's value when there is no such card
HIGH_CARD, PAIR, TRIPS = holdem.HIGH_CARD, holdem.PAIR, holdem.THREE_OF_A_KIND
# The pair feature's values: none 0, pocket 1, top 2, second 3 .. fifth 6, board 7.
PAIR_POCKET, PAIR_BOARD = 1, 7
# The ranks of the ten straights, A-2-3-4-5 (the ace low, rank 12) to T-J-Q-K-A.
STRAIGHT_WINDOWS = np.array([[(low + k) % 13 for k in range(5)] for low in range(-1, 9)],
                            dtype=np.int64)


def rank_presence(rank: IntArray) -> BoolArray:
    """``present[r, hand]``: whether some of the cards (rows of ``rank``) has rank ``r``."""
    present = np.zeros((13, rank.shape[1]), dtype=np.bool_)
    columns = np.arange(rank.shape[1])
    for row in rank:
        present[row, columns] = True
    return present


def board_hand(board_rank: IntArray) -> IntArray:
    """The class of three flop cards alone: high card, pair or three of a kind."""
    present = rank_presence(board_rank)
    distinct = present.sum(axis=0)
    return np.where(distinct == 3, HIGH_CARD, np.where(distinct == 2, PAIR, TRIPS))


def straight_outs(present: BoolArray) -> IntArray:
    """How many ranks, none held, would complete five in a row (A-5 .. T-A)."""
    completes = np.zeros_like(present)
    for window in STRAIGHT_WINDOWS:
        held = present[window]
        missing_one = held.sum(axis=0) == 4
        for k, r in enumerate(window):
            completes[r] |= missing_one & ~held[k]
    return np.asarray(completes.sum(axis=0), dtype=np.int64)


def straight_draw_hole(present: BoolArray, hole_rank: IntArray) -> IntArray:
    """The highest hole rank among the held ranks of a straight's window that holds four of its
    five ranks (its fifth rank then completes the straight); ``NO_RANK`` if there is none."""
    best = np.full(present.shape[1], -1, dtype=np.int64)
    for window in STRAIGHT_WINDOWS:
        four = present[window].sum(axis=0) == 4
        for hole in hole_rank:
            inside = (window[:, None] == hole[None, :]).any(axis=0)
            best = np.where(four & inside, np.maximum(best, hole), best)
    return np.where(best < 0, NO_RANK, best)


def street_features(cards: CardArray, river: bool) -> dict[str, IntArray]:
    """Every feature of the flop decision (``river`` False: hole cards and flop) or of the
    river decision (hole cards and all five board cards), per dealt hand, by name."""
    board_rows = list(BOARD_ROWS if river else FLOP_ROWS)
    player_rows = np.array([*HOLE_ROWS, *board_rows], dtype=np.int64)
    hole_rank, hole_suit = ranks(cards[list(HOLE_ROWS)]), suits(cards[list(HOLE_ROWS)])
    rank_b = ranks(cards[board_rows])
    hand = hand_class(cards, player_rows)
    board = hand_class(cards, BOARD_FIVE) if river else board_hand(rank_b)
    pocket = hole_rank[0] == hole_rank[1]
    # one-pair hands: pocket, the board rank a hole card pairs (top = the highest board rank),
    # or the board's own pair
    one_pair = hand == PAIR
    board_present = rank_presence(rank_b)
    paired_rank = np.where(pocket, hole_rank[0], -1)
    for hole in hole_rank:
        pairs_board = board_present[hole, np.arange(hole.size)]
        paired_rank = np.where(pairs_board & (paired_rank < 0), hole, paired_rank)
    above = np.zeros_like(paired_rank)
    for r in range(13):
        above += board_present[r] & (r > paired_rank)
    board_pair_rank = np.full_like(paired_rank, -1)
    counts = np.zeros((13, rank_b.shape[1]), dtype=np.int64)
    for row in rank_b:
        counts[row, np.arange(row.size)] += 1
    for r in range(13):
        board_pair_rank = np.where(counts[r] == 2, r, board_pair_rank)
    position = np.where(pocket, PAIR_POCKET,
                        np.where(paired_rank >= 0, 2 + above, PAIR_BOARD))
    pair = np.where(one_pair, position, 0)
    pair_rank = np.where(one_pair, np.where(paired_rank >= 0, paired_rank, board_pair_rank),
                         NO_RANK)
    # four to a flush and no flush: the highest hole card of that suit
    suit_all = suits(cards[player_rows])
    draw = np.zeros(cards.shape[1], dtype=np.bool_)
    draw_hole = np.full(cards.shape[1], -1, dtype=np.int64)
    flush = np.zeros(cards.shape[1], dtype=np.bool_)
    for s in range(4):
        count = (suit_all == s).sum(axis=0)
        flush |= count >= 5
        four = count == 4
        draw |= four
        in_suit = np.where(hole_suit == s, hole_rank, -1).max(axis=0)
        draw_hole = np.where(four, np.maximum(draw_hole, in_suit), draw_hole)
    draw &= ~flush
    draw_hole = np.where(draw & (draw_hole >= 0), draw_hole, NO_RANK)
    # straight draws, when the hand has no straight
    present = rank_presence(ranks(cards[player_rows]))
    outs = straight_outs(present)
    no_straight = ~np.isin(hand, (holdem.STRAIGHT, holdem.STRAIGHT_FLUSH, holdem.ROYAL_FLUSH))
    straight_kind = np.where(no_straight, np.minimum(outs, 2), 0)
    straight_hole = np.where(straight_kind > 0,
                             straight_draw_hole(present, hole_rank), NO_RANK)
    features = {
        "hand": hand, "board_hand": board, "hidden": (hand > board).astype(np.int64),
        "pocket_pair": pocket.astype(np.int64), "pair": pair, "pair_rank": pair_rank,
        "flush_draw": draw.astype(np.int64), "flush_draw_hole": draw_hole,
        "straight_draw": straight_kind, "straight_draw_hole": straight_hole,
        "high_card": hole_rank.max(axis=0), "low_card": hole_rank.min(axis=0),
        "suited": (hole_suit[0] == hole_suit[1]).astype(np.int64),
        "hole_paired": (pocket | (paired_rank >= 0)).astype(np.int64),
    }
    if river:
        beat, tie = dealer_outs(cards)
        features |= {"dealer_outs": beat, "dealer_outs_with_ties": beat + tie,
                     "dealer_outs_half_ties": 2 * beat + tie}
    return features


# --- the river: dealer outs ---------------------------------------------------------------------

def dealer_outs(cards: CardArray) -> tuple[IntArray, IntArray]:
    """Per hand, of the 45 cards the player cannot see at the river, how many give the dealer
    with the five board cards alone a hand better than the player's, and how many an equal one
    (the dealer then beats, or at least ties, the player whatever the other hole card)."""
    hands = cards.shape[1]
    player = hand_strength(cards, PLAYER_SEVEN)
    seen = np.zeros((hands, 52), dtype=np.bool_)
    columns = np.arange(hands)
    for row in PLAYER_SEVEN:
        seen[columns, cards[row].astype(np.int64)] = True
    unseen = np.nonzero(~seen)[1].reshape(hands, UNSEEN)       # ascending, per hand
    six = np.empty((6, hands * UNSEEN), dtype=np.int16)
    six[:5] = np.repeat(cards[BOARD_FIVE], UNSEEN, axis=1)
    six[5] = unseen.reshape(-1)
    dealer = hand_strength(six, np.arange(6, dtype=np.int64)).reshape(hands, UNSEEN)
    beat = (dealer > player[:, None]).sum(axis=1)
    tie = (dealer == player[:, None]).sum(axis=1)
    return np.asarray(beat, dtype=np.int64), np.asarray(tie, dtype=np.int64)


# --- playing a strategy ----------------------------------------------------------------------

def _holds(values: IntArray, allowed: frozenset[int]) -> BoolArray:
    return np.isin(values, np.array(sorted(allowed), dtype=np.int64))


def street_bets(plan: StreetPlan, features: dict[str, IntArray]) -> BoolArray:
    """Per hand, whether a flop or river plan bets (2x / 1x): the first rule whose conditions
    all hold decides, else ``otherwise``."""
    hands = next(iter(features.values())).size
    decided = np.zeros(hands, dtype=np.bool_)
    bets = np.zeros(hands, dtype=np.bool_)
    for rule in plan.rules:
        match = ~decided
        for condition in rule.conditions:
            match &= _holds(features[condition.feature.name.lower()], condition.allowed)
        bets |= match & bool(rule.action)
        decided |= match
    return np.asarray(bets | (~decided & bool(plan.otherwise)))


def preflop_plays(strategy: UthStrategy) -> IntArray:
    """The chart's Play (4, 3, or 0 to check) of each of the 1,326 holdings, read from the
    hole cards' ranks and suits (``'AKs'``, ``'AKo'``, ``'AA'``)."""
    letters, chart = "23456789TJQKA", strategy.preflop
    plays = np.zeros(HOLDINGS, dtype=np.int64)
    for a in range(52):
        for b in range(a + 1, 52):
            high, low = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
            kind = "" if high == low else ("s" if (a & 3) == (b & 3) else "o")
            plays[PAIR_ID[a * 52 + b]] = chart[letters[high] + letters[low] + kind]
    return plays


@dataclass(frozen=True)
class StrategySimulator(MainSimulator):
    """The main bet played by a practical strategy (see the module docstring): preflop by its
    chart, the flop and the river by its rules read here; a street the file plays
    ``"optimal"`` takes the analysis's decisions (:func:`make_strategy_simulator`), the river's
    as :class:`.main_simulation.MainSimulator` makes them (the exact comparison)."""

    strategy: UthStrategy | None = None

    def decide(self, cards: CardArray) -> IntArray:
        """The Play bet of each hand: 4 or 3 preflop, 2 on the flop, 1 on the river, 0 fold."""
        strategy = self.strategy
        assert strategy is not None
        holding = PAIR_ID[cards[0].astype(np.int64) * 52 + cards[1]]
        play: IntArray = self.preflop[holding].copy()
        checked = np.flatnonzero(play == 0)
        if checked.size == 0:
            return play
        if strategy.flop.optimal:
            bets = self.flop_bets_of(cards[:, checked], holding[checked])
        else:
            bets = street_bets(strategy.flop, street_features(cards[:, checked], False))
        play[checked[bets]] = 2
        river = checked[~bets]
        if strategy.river.optimal:
            plays = self.exact_river_plays(cards, river)
        else:
            plays = street_bets(strategy.river, street_features(cards[:, river], True))
        play[river[plays]] = 1
        return play


def make_strategy_simulator(paytable: PayTable, rules: UltimateTexasHoldemRules,
                            strategy: UthStrategy,
                            run: RunSettings | None = None) -> StrategySimulator:
    """The main bet's simulator playing ``strategy``.

    A street the file plays ``"optimal"`` takes the analysis's decisions there: the flop, the
    solve's (optimal only before an optimal river, so a flop "optimal" before a river played by
    rules is refused); the preflop, the solve's when every later street is optimal, else the
    exact evaluation's best preflop Play against the file's own later play. The streets played
    by rules are read here.
    """
    if strategy.flop.optimal and not strategy.river.optimal:
        raise EdgeError(f"The simulation of the strategy {strategy.name!r} cannot play the flop "
                        "\"optimal\" before a river played by rules (the solve's flop decisions "
                        "assume the optimal river).")
    run = run or RunSettings()
    flop_bets = np.zeros(0, dtype=np.uint8)
    choice = preflop_plays(strategy) if not strategy.preflop_optimal else None
    if strategy.preflop_optimal or strategy.flop.optimal:
        solution = uth_main.solve_main(paytable, rules, run)
        if strategy.flop.optimal:
            flop_bets = flop_decisions(solution)
        if choice is None:
            later_optimal = strategy.flop.optimal and strategy.river.optimal
            lines = uth_main.main_lines(solution, "optimal" if later_optimal else strategy, run)
            choice = lines.choice.astype(np.int64)
    assert choice is not None
    pays = settlement(paytable, rules)
    return StrategySimulator(pays.outcomes, pays.scale, Fraction(1), choice, flop_bets,
                             pays.blind, pays.outcome_of, rules.all_push, rules.ties_larger,
                             strategy)


def simulate_main_bet(paytable: PayTable | None, rules: UltimateTexasHoldemRules,
                      run: RunSettings | None = None) -> MainSimulator:
    """The main bet's ``simulate`` hook: the solved strategies (optimal, always 4x) are played
    by :func:`.main_simulation.simulate_main`, any other strategy by this module's reading of
    it."""
    if paytable is None:
        raise EdgeError("The Ultimate Texas Hold'em main simulation needs a pay table.")
    strategy = rules.strategy
    if strategy.is_optimal or strategy.is_always_4x:
        return simulate_main(paytable, rules, run)
    return make_strategy_simulator(paytable, rules, strategy, run)
