"""Hybrid Triple Bet by simulation (RULES.md section 1), settled here from the rules.

Each hand deals five cards from a shoe of ``52 * decks`` distinguishable cards, in the order of
the game: the player's first card, the first flop card, the player's second card, the second
flop card and, after the flop is discarded, the dealer's card. A physical card ``p`` has the
card value ``p % 52`` (rank * 4 + suit), so every value has ``decks`` copies.

>>> from edge.games.triple_bet import PRESETS, TripleBetRules
>>> sim = make_simulator("block", PRESETS["block"]["usual"], TripleBetRules())
>>> outcome, net = sim.play(np.random.default_rng(3), 5)
>>> outcome.shape, net.shape
((5,), (5,))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from edge.errors import EdgeError
from edge.games import RunSettings
from edge.games.triple_bet import BLOCK_ROWS, FLUSH_ROWS, SANDWICH_ROWS
from edge.paytables import PayTable
from edge.simulation.deal import CardArray, deal
from edge.simulation.engine import IntArray, common_scale, scaled

ROWS = {"flush": FLUSH_ROWS, "sandwich": SANDWICH_ROWS, "block": BLOCK_ROWS}
# Net pay of the rows no pay table names.
FIXED = {"lose": Fraction(-1), "push": Fraction(0)}


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


def row_pays(paytable: PayTable, rows: tuple[str, ...], prefix: str = "") -> list[Fraction]:
    """The net pay of each row: from the pay table, or -1 to lose and 0 to push."""
    return [FIXED[name] if name in FIXED else paytable[prefix + name] for name in rows]


@dataclass(frozen=True)
class TripleBetSimulator:
    """Deals and settles one wager, or the three together (``combined``)."""

    bet: str
    decks: int
    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    flush_pays: IntArray
    sandwich_pays: IntArray
    block_pays: IntArray

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands from a fresh shoe each and settle the chosen wager."""
        return self.settle(deal(rng, hands, 5, 52 * self.decks) % 52)

    def settle(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt card values: player 1, flop 1, player 2, flop 2, dealer (rows)."""
        player1, flop1, player2, flop2, dealer = cards
        if self.bet == "flush":
            index = flush_index(player1, flop1)
            return index, self.flush_pays[index]
        if self.bet == "sandwich":
            index = sandwich_index(player1, player2, flop2)
            return index, self.sandwich_pays[index]
        if self.bet == "block":
            index = block_index(player1, player2, dealer)
            return index, self.block_pays[index]
        flush = flush_index(player1, flop1)
        sandwich = sandwich_index(player1, player2, flop2)
        block = block_index(player1, player2, dealer)
        net = self.flush_pays[flush] + self.sandwich_pays[sandwich] + self.block_pays[block]
        index = (flush * len(SANDWICH_ROWS) + sandwich) * len(BLOCK_ROWS) + block
        return index, net


def make_simulator(bet: str, paytable: PayTable | None, rules: Any,
                   run: RunSettings | None = None) -> TripleBetSimulator:
    """The simulator of one Hybrid Triple Bet wager under a pay table and shoe size."""
    if paytable is None:
        raise EdgeError("The Hybrid Triple Bet simulation needs a pay table.")
    if bet == "combined":
        pays = [row_pays(paytable, ROWS[name], f"{name}.") for name in ROWS]
        outcomes = tuple(f"{f} / {s} / {b}"
                         for f in FLUSH_ROWS for s in SANDWICH_ROWS for b in BLOCK_ROWS)
        wager = Fraction(3)
    elif bet in ROWS:
        pays = [row_pays(paytable, ROWS[name]) if name == bet else [Fraction(0)] * len(ROWS[name])
                for name in ROWS]
        outcomes = ROWS[bet]
        wager = Fraction(1)
    else:
        raise EdgeError(f"Unknown bet {bet!r} for the Hybrid Triple Bet simulation.")
    scale = common_scale(pay for table in pays for pay in table)
    flush, sandwich, block = (scaled(table, scale) for table in pays)
    return TripleBetSimulator(bet, rules.decks, outcomes, scale, wager, flush, sandwich, block)
