"""The Three Card Poker 6-Card Bonus: the best five of the player's and the dealer's six cards.

A side bet written for edge from outside it, with edge's public pieces only: the contracts
(:class:`edge.games.Game`, :class:`~edge.games.Bet`, :class:`~edge.games.Rules`), a Cython
kernel (``_kernel.pyx``) that cimports edge's hold'em evaluator from the public declarations
``edge/_core.pxd``, a :class:`edge.table.ReturnTable`, and a ``simulate`` hook
(:mod:`six_card_bonus.simulation`) that deals and settles hands by its own code.

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

from edge.games import PUBLISHED_FIGURES, SMALL_CASES, Bet, Game, Rules, Wager
from edge.options import options_dict
from edge.paytables import make_paytable
from edge.table import ReturnTable, Row
from six_card_bonus import _kernel
from six_card_bonus.simulation import simulate

GAME_NAME = "six-card-bonus"
HANDS = math.comb(52, 6)

# Hold'em hand classes by index, as edge._core.hand_class numbers them (0 high card .. 9 royal).
CLASS_NAMES = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
               "full-house", "four-of-a-kind", "straight-flush", "royal-flush")
# The paid outcomes, best first; every other hand loses.
OUTCOMES = ("royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush",
            "straight", "three-of-a-kind")

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


@cache
def class_counts() -> tuple[int, ...]:
    """How many of the C(52, 6) six-card sets have each best five-card class (index 0..9),
    counted by the Cython kernel (about 0.5 s)."""
    return _kernel.class_counts(range(52))


def analyze(wager: Wager[SixCardBonusRules]) -> ReturnTable:
    """The exact return table: one row per paid class, then the losing hands (the bet's
    ``analyze`` hook: it reads the pay table and the rules of the wager it is asked about)."""
    table = wager.paytable or PRESETS[DEFAULT]
    counts = dict(zip(CLASS_NAMES, class_counts(), strict=True))
    rows = [Row(name, table[name], counts[name]) for name in OUTCOMES]
    losing = sum(count for name, count in counts.items() if name not in OUTCOMES)
    rows.append(Row("lose", Fraction(-1), losing))
    return ReturnTable(GAME_NAME, "bonus", tuple(rows), table, options_dict(wager.rules),
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
              OUTCOMES, PRESETS, DEFAULT, simulate=simulate, linear=True),),
    source="edge's worked example of a game from another package (examples/six_card_bonus)",
    aliases=("6-card-bonus",),
    # what the tests check independently (the report's Method section states these, and the
    # simulation because the bet has a simulate hook): a plain count on reduced decks, and
    # Alspach's counts and the published house edges
    checks=(SMALL_CASES, PUBLISHED_FIGURES),
    # how the counts are made, for the report's Method section (edge cannot know it of a game
    # from another package: without it the report says only that the counts add up)
    method=("Exhaustive enumeration by the game's own kernel: each of the C(52, 6) = "
            "20,358,520 sets of six cards is dealt once and its best five-card hand classed by "
            "edge's hold'em evaluator; each outcome's count is an integer, and every "
            "probability, return, variance and hold is an exact fraction of those counts.",),
    describe_rules=describe_rules,
)
