"""The 6-Card Bonus by Monte Carlo: an independent check of the exact counts (``edge simulate``).

Each hand deals six distinct cards from a shuffled 52-card deck (``edge.sampling``) and
settles the bet from the rules with plain rank and suit counts over numpy arrays, sharing no
code with the kernel or edge's evaluator: a flush is five or more cards of one suit, a straight
five consecutive ranks (the ace high or low), and the best hand is the first that holds in the
order of the pay table.

>>> from six_card_bonus import PRESETS, SixCardBonusRules
>>> sim = simulate(PRESETS["1000-200-100-20-15-10-7"], SixCardBonusRules())
>>> outcome, net = sim.play(np.random.default_rng(7), 4)
>>> outcome.shape, sim.outcomes[-1]
((4,), 'lose')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from edge.errors import EdgeError
from edge.games import Wager
from edge.sampling import IntArray, common_scale, deal, scaled

if TYPE_CHECKING:
    from six_card_bonus import SixCardBonusRules

# The paid hands, best first (the pay table's outcomes), then the losing row.
ROWS = ("royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight",
        "three-of-a-kind", "lose")
# Five consecutive ranks as 13-bit masks (bit r for rank r, 0 a deuce .. 12 an ace): the wheel
# A-2-3-4-5, then 2-6 up to T-A.
STRAIGHTS = (0b1_0000_0000_1111,) + tuple(0b11111 << low for low in range(9))
BROADWAY = 0b11111 << 8


def _has_straight(ranks: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """Per hand, whether the rank mask holds five consecutive ranks."""
    found = np.zeros(ranks.shape, dtype=np.bool_)
    for straight in STRAIGHTS:
        found |= (ranks & straight) == straight
    return found


def settle_rows(cards: npt.NDArray[np.int16]) -> IntArray:
    """The row (index into ``ROWS``) of each hand; ``cards`` has shape (6, hands), cards 0..51
    as ``rank * 4 + suit``."""
    hands = cards.shape[1]
    rank, suit = cards.astype(np.int64) >> 2, cards.astype(np.int64) & 3
    columns = np.arange(hands)
    per_rank = np.zeros((hands, 13), dtype=np.int64)
    per_suit = np.zeros((hands, 4), dtype=np.int64)
    suited_ranks = np.zeros((hands, 4), dtype=np.int64)       # a rank mask per suit
    for r, s in zip(rank, suit, strict=True):
        per_rank[columns, r] += 1
        per_suit[columns, s] += 1
        suited_ranks[columns, s] |= 1 << r
    ranks = (per_rank > 0).astype(np.int64) @ (1 << np.arange(13, dtype=np.int64))
    flush_suit = per_suit.argmax(axis=1)
    flush = per_suit[columns, flush_suit] >= 5
    in_suit = np.where(flush, suited_ranks[columns, flush_suit], 0)
    most = np.sort(per_rank, axis=1)[:, ::-1]
    conditions = [
        flush & ((in_suit & BROADWAY) == BROADWAY),
        flush & _has_straight(in_suit),
        most[:, 0] == 4,
        (most[:, 0] == 3) & (most[:, 1] >= 2),
        flush,
        _has_straight(ranks),
        most[:, 0] == 3,
    ]
    return np.select(conditions, list(range(len(conditions))), len(conditions)).astype(np.int64)


@dataclass(frozen=True)
class SixCardBonusSimulator:
    """Deals and settles the bet: one unit wagered a hand, nets in units of ``1 / scale``."""

    scale: int
    pays: IntArray                      # net pay of each row of ROWS, times scale
    outcomes: tuple[str, ...] = ROWS
    initial_wager: Fraction = Fraction(1)

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands of six cards from a fresh deck each and settle them."""
        row = settle_rows(deal(rng, hands, 6, 52))
        return row, self.pays[row]


def simulate(wager: Wager[SixCardBonusRules]) -> SixCardBonusSimulator:
    """The bet's ``simulate`` hook: a simulator for the wager's pay table."""
    paytable = wager.paytable
    if paytable is None:
        raise EdgeError("The 6-Card Bonus simulation needs a pay table.")
    pays = [paytable[name] for name in ROWS[:-1]] + [Fraction(-1)]
    scale = common_scale(pays)
    return SixCardBonusSimulator(scale, scaled(pays, scale))
