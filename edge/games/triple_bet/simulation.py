"""Hybrid Triple Bet by simulation (docs/rules.md section 1), settled here from the rules.

Each hand deals five cards from a shoe of ``52 * decks`` distinguishable cards, in the order of
the game: the player's first card, the first flop card, the player's second card, the second
flop card and, after the flop is discarded, the dealer's card. A physical card ``p`` has the
card value ``p % 52`` (rank * 4 + suit), so every value has ``decks`` copies. Only the row
names come from the kernel module; the settlement below is written from the rules.

>>> from edge.games.triple_bet.pays import PRESETS
>>> from edge.games.triple_bet.rules import TripleBetRules
>>> sim = simulate_block(PRESETS["block"]["usual"], TripleBetRules())
>>> outcome, net = sim.play(np.random.default_rng(3), 5)
>>> outcome.shape, net.shape
((5,), (5,))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from edge.errors import EdgeError
from edge.games.triple_bet._kernels import BLOCK_ROWS, FLUSH_ROWS, SANDWICH_ROWS
from edge.games.triple_bet.pays import row_pays
from edge.games.triple_bet.rules import TripleBetRules
from edge.paytables import PayTable
from edge.sampling import CardArray, IntArray, common_scale, deal, scaled

CARDS_DEALT = 5   # player 1, flop 1, player 2, flop 2, dealer


def flush_index(player: CardArray, flop: CardArray) -> IntArray:
    """Flush: the player's card against the first flop card (index into ``FLUSH_ROWS``)."""
    same_suit = (player & 3) == (flop & 3)
    return np.select(
        [~same_suit, player == flop, (player >> 2) > (flop >> 2)],
        [FLUSH_ROWS.index("lose"), FLUSH_ROWS.index("flush-pair"),
         FLUSH_ROWS.index("flush-high")],
        FLUSH_ROWS.index("flush-low")).astype(np.int64)


def sandwich_index(first: CardArray, second: CardArray, middle: CardArray) -> IntArray:
    """Sandwich: ranks only, ace high; the first matching row (index into ``SANDWICH_ROWS``)."""
    r1, r2, s = first >> 2, second >> 2, middle >> 2
    low, high = np.minimum(r1, r2), np.maximum(r1, r2)
    between = (low < s) & (s < high)
    return np.select(
        [(r1 == r2) & (r2 == s), between & (high - low == 2), between, (s == r1) | (s == r2)],
        [SANDWICH_ROWS.index(name)
         for name in ("triple-sandwich", "straight-sandwich", "sandwich", "match")],
        SANDWICH_ROWS.index("lose")).astype(np.int64)


def block_index(first: CardArray, second: CardArray, dealer: CardArray) -> IntArray:
    """Block: the player's two cards against the dealer's card (index into ``BLOCK_ROWS``)."""
    dealer_suit, dealer_rank = dealer & 3, dealer >> 2
    block1 = ((first & 3) == dealer_suit) & ((first >> 2) > dealer_rank)
    block2 = ((second & 3) == dealer_suit) & ((second >> 2) > dealer_rank)
    blocks = block1 | block2
    same_rank = (first >> 2) == (second >> 2)
    same_suit = (first & 3) == (second & 3)
    return np.select(
        [(first == second) & block1, same_rank & ~same_suit & blocks,
         same_suit & ~same_rank & blocks, blocks, (first == dealer) | (second == dealer)],
        [BLOCK_ROWS.index(name)
         for name in ("ultimate", "pair-block", "flush-block", "block", "push")],
        BLOCK_ROWS.index("lose")).astype(np.int64)


def flush_of_deal(cards: CardArray) -> IntArray:
    """The Flush row of dealt hands (cards in the order of the deal)."""
    return flush_index(cards[0], cards[1])


def sandwich_of_deal(cards: CardArray) -> IntArray:
    """The Sandwich row of dealt hands: the player's two cards and the second flop card."""
    return sandwich_index(cards[0], cards[2], cards[3])


def block_of_deal(cards: CardArray) -> IntArray:
    """The Block row of dealt hands: the player's two cards and the dealer's card."""
    return block_index(cards[0], cards[2], cards[4])


def _deal(rng: np.random.Generator, hands: int, decks: int) -> CardArray:
    return deal(rng, hands, CARDS_DEALT, 52 * decks) % 52


@dataclass(frozen=True)
class WagerSimulator:
    """Deals and settles one wager: ``row_of`` finds each hand's row, ``pays`` its net pay."""

    outcomes: tuple[str, ...]
    scale: int
    decks: int
    pays: IntArray
    row_of: Callable[[CardArray], IntArray]
    initial_wager: Fraction = Fraction(1)
    cards_dealt: int = CARDS_DEALT      # the rows of settle()

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands from a fresh shoe each and settle the wager."""
        return self.settle(_deal(rng, hands, self.decks))

    def settle(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt card values: player 1, flop 1, player 2, flop 2, dealer (rows)."""
        index = self.row_of(cards)
        return index, self.pays[index]


@dataclass(frozen=True)
class CombinedSimulator:
    """Deals and settles the three wagers together, one unit on each."""

    outcomes: tuple[str, ...]
    scale: int
    decks: int
    flush_pays: IntArray
    sandwich_pays: IntArray
    block_pays: IntArray
    initial_wager: Fraction = Fraction(3)
    cards_dealt: int = CARDS_DEALT      # the rows of settle()

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands from a fresh shoe each and settle the three wagers."""
        return self.settle(_deal(rng, hands, self.decks))

    def settle(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt card values: the row ``flush / sandwich / block`` and the net total."""
        flush, sandwich, block = flush_of_deal(cards), sandwich_of_deal(cards), block_of_deal(cards)
        net = self.flush_pays[flush] + self.sandwich_pays[sandwich] + self.block_pays[block]
        index = (flush * len(SANDWICH_ROWS) + sandwich) * len(BLOCK_ROWS) + block
        return index, net


def _needs(paytable: PayTable | None) -> PayTable:
    if paytable is None:
        raise EdgeError("The Hybrid Triple Bet simulation needs a pay table.")
    return paytable


def _wager(rows: tuple[str, ...], row_of: Callable[[CardArray], IntArray],
           paytable: PayTable | None, rules: TripleBetRules) -> WagerSimulator:
    pays = row_pays(_needs(paytable), rows)
    scale = common_scale(pays)
    return WagerSimulator(rows, scale, rules.decks, scaled(pays, scale), row_of)


def simulate_flush(paytable: PayTable | None, rules: TripleBetRules) -> WagerSimulator:
    """The simulator of the Flush wager."""
    return _wager(FLUSH_ROWS, flush_of_deal, paytable, rules)


def simulate_sandwich(paytable: PayTable | None, rules: TripleBetRules) -> WagerSimulator:
    """The simulator of the Sandwich wager."""
    return _wager(SANDWICH_ROWS, sandwich_of_deal, paytable, rules)


def simulate_block(paytable: PayTable | None, rules: TripleBetRules) -> WagerSimulator:
    """The simulator of the Block wager."""
    return _wager(BLOCK_ROWS, block_of_deal, paytable, rules)


def simulate_combined(paytable: PayTable | None, rules: TripleBetRules) -> CombinedSimulator:
    """The simulator of the three wagers together."""
    table = _needs(paytable)
    pays = [row_pays(table, FLUSH_ROWS, "flush."), row_pays(table, SANDWICH_ROWS, "sandwich."),
            row_pays(table, BLOCK_ROWS, "block.")]
    scale = common_scale(pay for wager in pays for pay in wager)
    flush, sandwich, block = (scaled(wager, scale) for wager in pays)
    outcomes = tuple(f"{f} / {s} / {b}"
                     for f in FLUSH_ROWS for s in SANDWICH_ROWS for b in BLOCK_ROWS)
    return CombinedSimulator(outcomes, scale, rules.decks, flush, sandwich, block)


