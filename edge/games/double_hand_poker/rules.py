"""The rules of Casino Double-Hand Poker (docs/rules.md section 3) as typed variant options.

>>> DoubleHandRules().strategy is PlayerSetting.OPTIMAL
True
>>> DoubleHandRules(strategy="house-way").strategy is PlayerSetting.HOUSE_WAY
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from edge.games import Rules
from edge.options import format_value, option

GAME_NAME = "double-hand-poker"
TITLE = "Casino Double-Hand Poker"
SOURCE = "The Casino Double-Hand Poker rules and house way (S. Au-Yeung, 2005-2010)"


class PlayerSetting(StrEnum):
    """How the player sets the tiles into two hands."""

    OPTIMAL = "optimal"
    HOUSE_WAY = "house-way"


@dataclass(frozen=True)
class DoubleHandRules(Rules):
    """Variant options of Casino Double-Hand Poker."""

    strategy: PlayerSetting = option(
        PlayerSetting.OPTIMAL, "the player's setting: optimal (best EV against the house way) "
        "or house-way", choices=tuple(PlayerSetting))
    commission: Fraction = option(Fraction(1, 20), "commission on a main-wager win "
                                  "(1/20, 0.05 or 5%)", minimum=Fraction(0), maximum=Fraction(1))
    players: int = option(1, "players at the table, 3 tiles each (Lo-Card, Hi-Card)",
                          minimum=1, maximum=7)
    pays: Fraction = option(Fraction(7), "Lo-Card and Hi-Card pay X to 1 (not in the published "
                            "rules)", minimum=Fraction(0), assumption=True)


def describe_rules(rules: DoubleHandRules) -> list[str]:
    """The rules as implemented, for reports."""
    return [
        "28 tiles, one of each pair of numbers 1..7 (printed with the symbols 8, 9, 10, J, Q, K, "
        "A). Player 3 tiles, dealer 3 of the other 25.",
        "The six numbers are set into a front hand and a back hand of three numbers each; the "
        "back hand must rank at least as high. Three of a kind > straight (no wrap) > pair > "
        "no pair; within a class as in poker.",
        "The dealer sets by the house way: (1) if some setting makes both hands a pair or "
        "better, among those the highest back-hand level, then the strongest front hand; (2) "
        "otherwise the same order among all settings.",
        f"Main wager: each hand must be strictly higher to win. Both win: pays 1 less "
        f"{format_value(rules.commission)} commission; both lose: loses; else push. Player "
        f"setting: {rules.strategy.value}.",
        f"Lo-Card / Hi-Card: {rules.players} player(s); the 1-1 / 7-7 tile in the player's hand "
        f"pays {format_value(rules.pays)} to 1 (assumption); exposed among three unused tiles "
        "pushes; else loses.",
        "Dice-Lo / Dice-Hi: three dice, total 4-10 / 11-17 pays 1 to 1, three of a kind loses.",
    ]
