"""The Three Card Poker 6-Card Bonus: the best five of the player's and the dealer's six cards.

A side bet written for edge from outside it, with edge's public pieces only: the contracts
(:class:`edge.games.Game`, :class:`~edge.games.Bet`, :class:`~edge.games.Rules`), the deal
helper :func:`edge.deal.combinations`, the hold'em evaluator ``edge._core.evaluate_many`` and a
:class:`edge.table.ReturnTable`.

Rules (a single 52-card deck): the player's three cards and the dealer's three cards together
make six cards; the bet pays on the best five-card poker hand among them, three of a kind or
better, and loses otherwise. The player makes no decision, and only the six cards together
matter (not which three are whose), so every one of the C(52, 6) = 20,358,520 sets of six cards
is equally likely and counts once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

import numpy as np
import numpy.typing as npt

from edge import _core
from edge.deal import combinations
from edge.games import Bet, Game, Rules, RunSettings
from edge.options import options_dict
from edge.paytables import PayTable, make_paytable
from edge.table import ReturnTable, Row

GAME_NAME = "six-card-bonus"
HANDS = math.comb(52, 6)

# Hold'em hand classes by index, as edge._core.hand_class numbers them (0 high card .. 9 royal).
CLASS_NAMES = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
               "full-house", "four-of-a-kind", "straight-flush", "royal-flush")
# The paid outcomes, best first; every other hand loses.
OUTCOMES = ("royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush",
            "straight", "three-of-a-kind")

# Strength layout (docs/writing-a-game.md): the class is strength >> 26, and a royal flush is the
# one straight flush at the top, whose strength is the largest of all.
CLASS_SHIFT = 26
ROYAL = _core.evaluate_cards([48, 44, 40, 36, 32])       # A K Q J T of one suit

PAYS = {
    # "Version 1"-style table quoted by mypokercoaching.com (see README.md): house edge "just
    # over 8.5%", hit frequency "slightly over 7.2%".
    "1000-200-100-20-15-10-7": (1000, 200, 100, 20, 15, 10, 7),
    # table-games-online.com, "3 Card Poker rules": stated house edge 10.23%.
    "1000-200-50-25-20-10-5": (1000, 200, 50, 25, 20, 10, 5),
}
PRESETS = {name: make_paytable(name, dict(zip(OUTCOMES, pays, strict=True)), OUTCOMES)
           for name, pays in PAYS.items()}
DEFAULT = "1000-200-100-20-15-10-7"


@dataclass(frozen=True)
class SixCardBonusRules(Rules):
    """The 6-Card Bonus has no variant options: one deck, six cards."""


def classes_of(strengths: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The class index of each strength (a vectorised ``edge._core.hand_class``)."""
    return np.where(strengths >= ROYAL, 9, strengths >> CLASS_SHIFT)


@cache
def class_counts() -> tuple[int, ...]:
    """How many of the C(52, 6) six-card sets have each best five-card class (index 0..9).

    Every set is dealt once by ``edge.deal.combinations`` in chunks of rows; each chunk is
    evaluated at once (a 6-card row gives the strength of its best five) and its classes counted.
    """
    counts = np.zeros(len(CLASS_NAMES), dtype=np.int64)
    for chunk in combinations(52, 6):
        counts += np.bincount(classes_of(_core.evaluate_many(chunk)), minlength=len(counts))
    return tuple(int(count) for count in counts)


def analyze(paytable: PayTable | None, rules: SixCardBonusRules,
            run: RunSettings) -> ReturnTable:
    """The exact return table: one row per paid class, then the losing hands."""
    table = paytable or PRESETS[DEFAULT]
    counts = dict(zip(CLASS_NAMES, class_counts(), strict=True))
    rows = [Row(name, table[name], counts[name]) for name in OUTCOMES]
    losing = sum(count for name, count in counts.items() if name not in OUTCOMES)
    rows.append(Row("lose", Fraction(-1), losing))
    return ReturnTable(GAME_NAME, "bonus", tuple(rows), table, options_dict(rules),
                       title="Three Card Poker 6-Card Bonus: best five of six cards",
                       notes=("All C(52, 6) = 20,358,520 sets of the player's and the dealer's "
                              "six cards, each once.",))


def describe_rules(rules: SixCardBonusRules) -> list[str]:
    """The rules as implemented, for reports."""
    return ["One 52-card deck. The player and the dealer get three cards each.",
            "The bet pays on the best five-card poker hand of those six cards (three of a kind "
            "or better; the ace plays high or low in a straight); every other hand loses."]


GAME = Game(
    name=GAME_NAME,
    title="Three Card Poker 6-Card Bonus",
    rules=SixCardBonusRules,
    bets=(Bet("bonus", "the best five of the player's and the dealer's six cards", analyze,
              OUTCOMES, PRESETS, DEFAULT, linear=True),),
    source="edge's worked example of a game from another package (examples/six_card_bonus)",
    aliases=("6-card-bonus",),
    describe_rules=describe_rules,
)
