"""Tri-Card Poker hands (docs/rules.md section 2): every player hand counted against every
dealer hand by the kernel, and hands named the way a strategy rule names them."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
import numpy.typing as npt

from edge import _core
from edge.cards import RANKS, parse_cards, rank_of, suit_of
from edge.games.three_card_poker import _kernels
from edge.games.three_card_poker._kernels import HAND_CLASSES
from edge.games.three_card_poker.pays import MINI_ROYAL, PAY_CLASSES, STRAIGHT_FLUSH

IntArray = npt.NDArray[np.int64]

DEALER_HANDS = _kernels.DEALER_HAND_COUNT
PLAYER_HANDS = math.comb(52, 3)
# The weakest qualifying dealer hand: queen-high (Q-3-2 of mixed suits).
QUALIFYING_CARDS = parse_cards("Qc 3d 2h")


@dataclass(frozen=True)
class HandCounts:
    """Every player hand with its strength, class and counts against the 18,424 dealer hands.

    ``counts`` columns follow ``_kernels.DEALER_RESULTS``; ``classes`` index ``HAND_CLASSES``,
    ``pay_classes`` index ``pays.PAY_CLASSES`` (the mini-royals split from the straight flushes).
    """

    cards: IntArray
    strengths: IntArray
    classes: IntArray
    counts: IntArray
    qualifying_strength: int
    pay_classes: IntArray

    @cached_property
    def rank_codes(self) -> IntArray:
        """Every hand's deciding ranks as one number (see :func:`deciding_rank_codes`),
        worked out once per table of hands."""
        codes = deciding_rank_codes(self.cards, self.classes)
        codes.flags.writeable = False
        return codes


def deciding_rank_codes(cards: IntArray, classes: IntArray) -> IntArray:
    """Every hand's deciding ranks (pair first, then the kicker; A-2-3 as 3-2-A; padded with
    deuces to three) as one number, base 13, high rank first: hands of one class compare as
    their codes."""
    ranks = np.sort(cards, axis=1) >> 2
    low, middle, high = ranks[:, 0], ranks[:, 1], ranks[:, 2]
    pair = classes == HAND_CLASSES.index("pair")
    ranked = np.isin(classes, [HAND_CLASSES.index("high-card"), HAND_CLASSES.index("flush")])
    wheel = (np.isin(classes, [HAND_CLASSES.index("straight"),
                               HAND_CLASSES.index("straight-flush")])
             & (high == 12) & (middle == 1) & (low == 0))
    first = np.select([pair, wheel], [middle, 1], high)
    second = np.select([pair, ranked], [np.where(low == middle, high, low), middle], 0)
    third = np.where(ranked, low, 0)
    codes: IntArray = ((first * 13 + second) * 13 + third).astype(np.int64)
    return codes


def qualifying_strength(ace_low_straight: bool) -> int:
    """The strength of the weakest qualifying dealer hand (queen-high)."""
    first, second, third = QUALIFYING_CARDS
    return _core.three_card_strength(first, second, third, ace_low_straight)


@lru_cache(maxsize=2)
def hand_counts(ace_low_straight: bool) -> HandCounts:
    """Evaluate every hand and count it against every dealer hand (the Cython kernel), once
    per process for each straight rule (the arrays are read-only)."""
    qualifying = qualifying_strength(ace_low_straight)
    cards, strengths, classes, counts = _kernels.three_card_counts(ace_low_straight, qualifying)
    arrays = (cards, strengths, classes, counts, pay_classes(cards, classes))
    for array in arrays:
        array.flags.writeable = False
    cards, strengths, classes, counts, paid = arrays
    return HandCounts(cards, strengths, classes, counts, qualifying, paid)


def pay_classes(cards: IntArray, classes: IntArray) -> IntArray:
    """Each hand's class in ``PAY_CLASSES``: its hand class, or the mini-royal for a straight
    flush of ace, king and queen (the 4 suited A-K-Q)."""
    ranks = np.sort(cards // 4, axis=1)
    mini_royal = ((classes == HAND_CLASSES.index(STRAIGHT_FLUSH))
                  & (ranks[:, 0] == RANKS.index("Q")) & (ranks[:, 2] == RANKS.index("A")))
    return np.where(mini_royal, PAY_CLASSES.index(MINI_ROYAL), classes).astype(np.int64)


def hand_label(cards: Sequence[int] | IntArray) -> str:
    """Ranks in the order that decides the hand: ``'Q-6-4'``, ``'6-6-Q'``, ``'3-2-A'``.

    >>> hand_label(parse_cards("4h Qs 6s"))
    'Q-6-4'
    >>> hand_label(parse_cards("Ad 2c 3c"))
    '3-2-A'
    """
    ranks = sorted((rank_of(int(c)) for c in cards), reverse=True)
    if ranks[1] == ranks[2] and ranks[0] != ranks[1]:
        ranks = [ranks[1], ranks[2], ranks[0]]          # pair first, then the kicker
    if ranks == [12, 1, 0]:
        ranks = [1, 0, 12]                              # A-2-3 reads 3-2-A (A low)
    return "-".join(RANKS[r] for r in ranks)


def suit_pattern(cards: Sequence[int] | IntArray) -> str:
    """Which cards share a suit: ``'offsuit'``, ``'suited'`` or e.g. ``'Q6 suited'``.

    >>> suit_pattern(parse_cards("Qs 6s 4h"))
    'Q6 suited'
    """
    ordered = sorted((int(c) for c in cards), reverse=True)
    suits = [suit_of(c) for c in ordered]
    if len(set(suits)) == 1:
        return "suited"
    if len(set(suits)) == 3:
        return "offsuit"
    for i in range(3):
        for j in range(i + 1, 3):
            if suits[i] == suits[j]:
                return f"{RANKS[rank_of(ordered[i])]}{RANKS[rank_of(ordered[j])]} suited"
    raise AssertionError("unreachable")


def hand_name(cards: Sequence[int] | IntArray, hand_class: int) -> str:
    """A hand for a strategy rule: ``'Q-6-4 (high card)'``."""
    return f"{hand_label(cards)} ({HAND_CLASSES[hand_class].replace('-', ' ')})"
