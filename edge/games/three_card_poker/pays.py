"""The pay tables of Tri-Card Poker (docs/rules.md section 2): outcomes, presets, pays by class."""

from __future__ import annotations

from fractions import Fraction

from edge.errors import EdgeError
from edge.games.three_card_poker._kernels import HAND_CLASSES
from edge.paytables import PayTable, make_paytable

PAIR_PLUS_OUTCOMES = ("straight-flush", "three-of-a-kind", "straight", "flush", "pair")
ANTE_BONUS_OUTCOMES = ("straight-flush", "three-of-a-kind", "straight")
COMBINED_OUTCOMES = (tuple(f"pair-plus.{name}" for name in PAIR_PLUS_OUTCOMES)
                     + tuple(f"ante-bonus.{name}" for name in ANTE_BONUS_OUTCOMES))
# Prefixes of each wager's outcomes in a combined pay table.
PAIR_PLUS_PREFIX = "pair-plus."
ANTE_BONUS_PREFIX = "ante-bonus."

# The three tables of each kind on the online casino's Tri-Card Poker help page.
HELP_PAGE_PAIR_PLUS = {
    "1": {"straight-flush": 35, "three-of-a-kind": 25, "straight": 6, "flush": 4, "pair": 1},
    "2": {"straight-flush": 40, "three-of-a-kind": 25, "straight": 6, "flush": 4, "pair": 1},
    "3": {"straight-flush": 40, "three-of-a-kind": 30, "straight": 6, "flush": 4, "pair": 1},
}
HELP_PAGE_ANTE_BONUS = {
    "1": {"straight-flush": 3, "three-of-a-kind": 2, "straight": 1},
    "2": {"straight-flush": 4, "three-of-a-kind": 3, "straight": 1},
    "3": {"straight-flush": 5, "three-of-a-kind": 4, "straight": 1},
}
PRESETS: dict[str, dict[str, PayTable]] = {
    "pair-plus": {name: make_paytable(name, pays, PAIR_PLUS_OUTCOMES)
                  for name, pays in HELP_PAGE_PAIR_PLUS.items()},
    "ante": {name: make_paytable(name, pays, ANTE_BONUS_OUTCOMES)
             for name, pays in HELP_PAGE_ANTE_BONUS.items()},
    "combined": {
        name: make_paytable(
            name,
            {**{PAIR_PLUS_PREFIX + k: v for k, v in HELP_PAGE_PAIR_PLUS[name].items()},
             **{ANTE_BONUS_PREFIX + k: v for k, v in HELP_PAGE_ANTE_BONUS[name].items()}},
            COMBINED_OUTCOMES)
        for name in HELP_PAGE_PAIR_PLUS
    },
}
DEFAULT_PAYTABLE = "3"


def _class_pays(paytable: PayTable, prefix: str, outcomes: tuple[str, ...],
                missing: Fraction) -> list[Fraction]:
    """A pay for each hand class (``missing`` for classes the table does not pay)."""
    table = paytable.as_dict()
    return [table[prefix + name] if name in outcomes else missing for name in HAND_CLASSES]


def ante_bonus_pays(paytable: PayTable, prefix: str = "") -> list[Fraction]:
    """The Ante Bonus per hand class (0 below a straight); ``prefix`` in a combined table."""
    return _class_pays(paytable, prefix, ANTE_BONUS_OUTCOMES, Fraction(0))


def pair_plus_pays(paytable: PayTable, prefix: str = "") -> list[Fraction]:
    """The Pair Plus net result per hand class (-1 below a pair); ``prefix`` in a combined
    table."""
    return _class_pays(paytable, prefix, PAIR_PLUS_OUTCOMES, Fraction(-1))


def checked(paytable: PayTable, outcomes: tuple[str, ...], bet: str) -> PayTable:
    """``paytable`` if it pays exactly ``outcomes`` (the wager ``bet``'s), else an error."""
    if set(paytable) != set(outcomes):
        raise EdgeError(f"The pay table {paytable.name!r} is not a {bet} pay table.")
    return paytable
