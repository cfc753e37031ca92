"""Tri-Card Poker hand frequencies (docs/rules.md section 2): the dealer's hands, how often the
dealer qualifies, and each player hand class against the dealer, from the kernel's exact counts.

The cycle is every player hand (22,100) against every dealer hand of the other 49 cards
(18,424): 407,170,400 deals. Each dealer hand meets C(49,3) player hands, so the dealer's class
counts are the 22,100 hands' class counts times 18,424.

>>> freq = hand_frequencies(True)
>>> sum(freq.dealer.values()) == freq.cycle == 22100 * 18424
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from edge.document import Block, Paragraph, Section, Table
from edge.games.three_card_poker._kernels import DEALER_RESULTS, HAND_CLASSES
from edge.games.three_card_poker.hands import DEALER_HANDS, PLAYER_HANDS, hand_counts
from edge.table import exact, percent, probability_text

RESULT_NAMES = {"dealer-does-not-qualify": "dealer does not qualify", "win": "player wins",
                "tie": "tie", "loss": "dealer wins"}


@dataclass(frozen=True)
class HandFrequencies:
    """Dealer class counts, and per player class the counts of each dealer result."""

    dealer: dict[str, int]
    matrix: dict[str, tuple[int, ...]]
    cycle: int

    @property
    def qualifies(self) -> Fraction:
        """The probability the dealer qualifies (queen-high or better), over the cycle."""
        column = DEALER_RESULTS.index("dealer-does-not-qualify")
        missed = sum(row[column] for row in self.matrix.values())
        return 1 - Fraction(missed, self.cycle)


def hand_frequencies(ace_low_straight: bool) -> HandFrequencies:
    """The counts of :class:`HandFrequencies` from the kernel (every player x dealer hand)."""
    hands = hand_counts(ace_low_straight)
    dealer = {}
    matrix = {}
    for index in range(len(HAND_CLASSES) - 1, -1, -1):
        in_class = hands.classes == index
        dealer[HAND_CLASSES[index]] = int(np.count_nonzero(in_class)) * DEALER_HANDS
        matrix[HAND_CLASSES[index]] = tuple(int(v) for v in hands.counts[in_class].sum(axis=0))
    return HandFrequencies(dealer, matrix, PLAYER_HANDS * DEALER_HANDS)


def frequencies_section(ace_low_straight: bool) -> Section:
    """The report section: dealer hands, qualification, player class against dealer result."""
    freq = hand_frequencies(ace_low_straight)
    cycle = freq.cycle
    dealer_rows = tuple((name.replace("-", " "), f"{count:,}",
                         probability_text(Fraction(count, cycle)))
                        for name, count in freq.dealer.items())
    heads = tuple(RESULT_NAMES[name] for name in DEALER_RESULTS)
    matrix_rows = tuple((name.replace("-", " "), *(f"{v:,}" for v in row), f"{sum(row):,}")
                        for name, row in freq.matrix.items())
    totals = [sum(row[k] for row in freq.matrix.values()) for k in range(len(DEALER_RESULTS))]
    share_rows = tuple((name.replace("-", " "),
                        *(percent(Fraction(v, sum(row))) for v in row))
                       for name, row in freq.matrix.items())
    blocks: list[Block] = [
        Table(("dealer's hand", "deals", "probability"),
              (*dealer_rows, ("total", f"{cycle:,}", "1")),
              "The dealer's hand over the cycle (every player hand against every dealer hand)",
              footer=1),
        Paragraph(f"The dealer qualifies (queen-high or better) with probability "
                  f"{exact(freq.qualifies)} = {percent(freq.qualifies)} over the cycle, card "
                  "removal by the player's hand included."),
        Table(("player's hand", *heads, "deals"),
              (*matrix_rows, ("total", *(f"{v:,}" for v in totals), f"{cycle:,}")),
              "The player's hand against the dealer's result: deals", footer=1),
        Table(("player's hand", *heads), share_rows,
              "The same, as shares of each player hand class"),
        Paragraph(f"Deals: {PLAYER_HANDS:,} player hands x {DEALER_HANDS:,} dealer hands of the "
                  f"other 49 cards = {cycle:,}. \"Player wins\" and \"dealer wins\" are "
                  "against a qualifying dealer, before any decision (every hand shown down).",
                  "note"),
    ]
    return Section("Hand frequencies", tuple(blocks), page_break=True)


__all__ = ["HandFrequencies", "frequencies_section", "hand_frequencies"]
