"""The pay tables of Tri-Card Poker (docs/rules.md section 2.7): outcomes, presets, pays by class.

A table may pay the "mini-royal" (suited A-K-Q) apart from the other straight flushes: it is a
split outcome (:mod:`edge.paytables`), so a table without it pays it as a straight flush.
"""

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
# The suited A-K-Q, which some tables pay above the other straight flushes.
MINI_ROYAL = "mini-royal"
STRAIGHT_FLUSH = "straight-flush"
SPLITS = {MINI_ROYAL: STRAIGHT_FLUSH}
COMBINED_SPLITS = {prefix + MINI_ROYAL: prefix + STRAIGHT_FLUSH
                   for prefix in (PAIR_PLUS_PREFIX, ANTE_BONUS_PREFIX)}
# The classes hands are paid by, weakest first: the evaluator's classes, then the mini-royal
# (index len(HAND_CLASSES)), split out of the straight flushes.
PAY_CLASSES = (*HAND_CLASSES, MINI_ROYAL)

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
# Further tables the trade deals, by name (sources and published house edges: docs/references.md
# section 2). Names say how a table differs from the original Pair Plus 40-30-6-4-1 ("3").
PUBLISHED_PAIR_PLUS: dict[str, dict[str, int]] = {
    "common": {"straight-flush": 40, "three-of-a-kind": 30, "straight": 6, "flush": 3,
               "pair": 1},
    "straight-5": {"straight-flush": 40, "three-of-a-kind": 30, "straight": 5, "flush": 4,
                   "pair": 1},
    "trips-33": {"straight-flush": 35, "three-of-a-kind": 33, "straight": 6, "flush": 4,
                 "pair": 1},
    "mini-royal-50": {"mini-royal": 50, "straight-flush": 40, "three-of-a-kind": 30,
                      "straight": 6, "flush": 3, "pair": 1},
    "mini-royal-50-straight-5": {"mini-royal": 50, "straight-flush": 40,
                                 "three-of-a-kind": 30, "straight": 5, "flush": 4, "pair": 1},
    "mini-royal-100-straight-5": {"mini-royal": 100, "straight-flush": 40,
                                  "three-of-a-kind": 30, "straight": 5, "flush": 4, "pair": 1},
}
PUBLISHED_ANTE_BONUS: dict[str, dict[str, int]] = {
    "trips-3": {"straight-flush": 5, "three-of-a-kind": 3, "straight": 1},
}
PRESETS: dict[str, dict[str, PayTable]] = {
    "pair-plus": {name: make_paytable(name, pays, PAIR_PLUS_OUTCOMES, splits=SPLITS)
                  for name, pays in (HELP_PAGE_PAIR_PLUS | PUBLISHED_PAIR_PLUS).items()},
    "ante": {name: make_paytable(name, pays, ANTE_BONUS_OUTCOMES, splits=SPLITS)
             for name, pays in (HELP_PAGE_ANTE_BONUS | PUBLISHED_ANTE_BONUS).items()},
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
    """A pay for each class of ``PAY_CLASSES`` (``missing`` for classes the table does not
    pay; the mini-royal as a straight flush unless the table lists it)."""
    splits = {prefix + MINI_ROYAL: prefix + STRAIGHT_FLUSH}
    return [paytable.pay_for(prefix + name, splits) if name in outcomes or name in SPLITS
            else missing for name in PAY_CLASSES]


def ante_bonus_pays(paytable: PayTable, prefix: str = "") -> list[Fraction]:
    """The Ante Bonus per pay class (0 below a straight); ``prefix`` in a combined table."""
    return _class_pays(paytable, prefix, ANTE_BONUS_OUTCOMES, Fraction(0))


def pair_plus_pays(paytable: PayTable, prefix: str = "") -> list[Fraction]:
    """The Pair Plus net result per pay class (-1 below a pair); ``prefix`` in a combined
    table."""
    return _class_pays(paytable, prefix, PAIR_PLUS_OUTCOMES, Fraction(-1))


def splits_mini_royal(paytable: PayTable) -> bool:
    """Whether the table pays the mini-royal apart (in either wager of a combined table)."""
    return any(name.endswith(MINI_ROYAL) for name in paytable)


def row_classes(paytable: PayTable) -> list[tuple[str, tuple[int, ...]]]:
    """The rows a return table shows, weakest first: each hand class with the pay classes
    counted in it; the mini-royal is its own row only when the table pays it apart."""
    mini_royal = PAY_CLASSES.index(MINI_ROYAL)
    split = splits_mini_royal(paytable)
    rows: list[tuple[str, tuple[int, ...]]] = [
        (name, (k,) if name != STRAIGHT_FLUSH or split else (k, mini_royal))
        for k, name in enumerate(HAND_CLASSES)]
    return rows + [(MINI_ROYAL, (mini_royal,))] if split else rows


def checked(paytable: PayTable, outcomes: tuple[str, ...], bet: str) -> PayTable:
    """``paytable`` if it pays exactly ``outcomes`` (the wager ``bet``'s; split outcomes
    allowed), else an error."""
    splits = COMBINED_SPLITS if bet == "combined" else SPLITS
    if set(paytable) - set(splits) != set(outcomes):
        raise EdgeError(f"The pay table {paytable.name!r} is not a {bet} pay table.")
    return paytable
