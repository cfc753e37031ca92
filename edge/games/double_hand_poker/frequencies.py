"""Casino Double-Hand Poker hand frequencies (docs/rules.md section 3): how the dealer's hands
are set by the house way, and the main wager's results by the levels of the player's setting.

From the kernel's exact counts: every player deal of 3 tiles (3,276) against every dealer deal
of 3 of the other 25 (2,300). Each dealer deal meets C(25,3) = 2,300 player deals, so the
dealer's setting levels over the cycle are those of the 3,276 deals, each weighted 2,300.

>>> freq = setting_frequencies("optimal", Fraction(1, 20))
>>> sum(freq.dealer.values()) == sum(sum(v) for v in freq.player.values()) == 3276 * 2300
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from edge.document import Block, Paragraph, Section, Table
from edge.games.double_hand_poker._kernels import DEALER_DEALS, LEVELS, MAIN_ROWS
from edge.games.double_hand_poker.analysis import chosen_slots, setting_counts
from edge.games.double_hand_poker.house_way import HANDS, hand_level, house_way
from edge.games.double_hand_poker.rules import PlayerSetting, SettingRule
from edge.games.double_hand_poker.strategy import HOUSE_WAY_HEADERS, HOUSE_WAY_ROWS
from edge.table import percent, probability_text

Levels = tuple[int, int]          # (back level, front level)


@dataclass(frozen=True)
class SettingFrequencies:
    """Deals by the dealer's (back, front) levels; main-wager results by the player's levels;
    dealer deals by the house-way rule that sets them."""

    dealer: dict[Levels, int]
    player: dict[Levels, tuple[int, ...]]
    rules: dict[int, int]


def _levels(front: np.ndarray, back: np.ndarray) -> list[Levels]:
    level_of = [hand_level(hand) for hand in HANDS]
    return [(level_of[int(b)], level_of[int(f)]) for f, b in zip(front, back, strict=True)]


def setting_frequencies(strategy: SettingRule | PlayerSetting | str, commission: Fraction
                        ) -> SettingFrequencies:
    """The counts of :class:`SettingFrequencies` for a player strategy."""
    counts = setting_counts()
    deals = np.arange(len(counts.deals))
    house = counts.house_slot
    dealer: Counter[Levels] = Counter()
    for levels in _levels(counts.front[deals, house], counts.back[deals, house]):
        dealer[levels] += DEALER_DEALS
    slots = chosen_slots(counts, strategy, commission)
    results = counts.counts[deals, slots]
    player: dict[Levels, list[int]] = {}
    for levels, row in zip(_levels(counts.front[deals, slots], counts.back[deals, slots]),
                           results, strict=True):
        total = player.setdefault(levels, [0] * len(MAIN_ROWS))
        for k, value in enumerate(row):
            total[k] += int(value)
    rules = Counter(house_way(counts.tiles(deal)).rule for deal in range(len(deals)))
    order = sorted(set(dealer) | set(player), reverse=True)
    return SettingFrequencies({k: dealer[k] for k in order if k in dealer},
                              {k: tuple(player[k]) for k in order if k in player},
                              {rule: rules[rule] * DEALER_DEALS for rule in sorted(rules)})


def _name(levels: Levels) -> tuple[str, str]:
    return LEVELS[levels[0]], LEVELS[levels[1]]


def frequencies_section(strategy: SettingRule | PlayerSetting, commission: Fraction) -> Section:
    """The report section: the house way as a table with how often each rule sets the dealer's
    hand, the dealer's setting levels, and win both / push / lose both by the player's levels."""
    freq = setting_frequencies(strategy, commission)
    cycle = sum(freq.dealer.values())
    rule_rows = tuple((*row, probability_text(Fraction(freq.rules[int(row[0])], cycle)))
                      for row in HOUSE_WAY_ROWS)
    dealer_rows = tuple((*_name(levels), f"{count:,}", probability_text(Fraction(count, cycle)))
                        for levels, count in freq.dealer.items())
    heads = tuple(name.replace("-", " ") for name in MAIN_ROWS)
    player_rows = tuple((*_name(levels), *(percent(Fraction(v, sum(row))) for v in row),
                         probability_text(Fraction(sum(row), cycle)))
                        for levels, row in freq.player.items())
    blocks: list[Block] = [
        Table((*HOUSE_WAY_HEADERS, "share of dealer deals"), rule_rows,
              "The house way, and how often each rule sets the dealer's tiles"),
        Table(("back hand", "front hand", "deals", "probability"),
              (*dealer_rows, ("total", "", f"{cycle:,}", "1")),
              "The dealer's hands by level, set by the house way, over the cycle", footer=1),
        Table(("player's back", "player's front", *heads, "probability of the setting"),
              player_rows,
              f"The main wager by the levels of the player's setting ({strategy}): the share "
              "of each result"),
        Paragraph(f"Deals: 3,276 player deals x {DEALER_DEALS:,} dealer deals of the other 25 "
                  f"tiles = {cycle:,}. A level is the class of a hand: three of a kind, "
                  "straight, pair or no pair.", "note"),
    ]
    return Section("Hand frequencies", tuple(blocks), page_break=True)
