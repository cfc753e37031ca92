"""The pay tables of the Hybrid Triple Bet (docs/rules.md section 1): outcomes and presets.

A wager's pay-table outcomes are its kernel rows except the fixed ones (lose, and Block's push).
"""

from __future__ import annotations

from fractions import Fraction

from edge.games.triple_bet._kernels import BLOCK_ROWS, FLUSH_ROWS, SANDWICH_ROWS
from edge.paytables import PayTable, make_paytable

# Net pay of the rows no pay table names.
FIXED = {"lose": Fraction(-1), "push": Fraction(0)}


def _paid(rows: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(name for name in rows if name not in FIXED)


FLUSH_OUTCOMES = _paid(FLUSH_ROWS)
SANDWICH_OUTCOMES = _paid(SANDWICH_ROWS)
BLOCK_OUTCOMES = _paid(BLOCK_ROWS)
OUTCOMES = {"flush": FLUSH_OUTCOMES, "sandwich": SANDWICH_OUTCOMES, "block": BLOCK_OUTCOMES}
COMBINED_OUTCOMES = tuple(f"{bet}.{name}" for bet, names in OUTCOMES.items() for name in names)

# The "usual odds" of the 2011 Hybrid Triple Bet trial document.
USUAL = {
    "flush": {"flush-pair": 8, "flush-high": 3, "flush-low": 2},
    "sandwich": {"triple-sandwich": 15, "straight-sandwich": 7, "sandwich": 1, "match": 1},
    "block": {"ultimate": 35, "pair-block": 10, "flush-block": 5, "block": 2},
}
PRESETS: dict[str, dict[str, PayTable]] = {
    bet: {"usual": make_paytable("usual", pays, OUTCOMES[bet])} for bet, pays in USUAL.items()
}
PRESETS["combined"] = {"usual": make_paytable(
    "usual", {f"{bet}.{k}": v for bet, pays in USUAL.items() for k, v in pays.items()},
    COMBINED_OUTCOMES)}


def row_pays(paytable: PayTable, rows: tuple[str, ...], prefix: str = "") -> list[Fraction]:
    """The net pay of each row: from the pay table, or -1 to lose and 0 to push."""
    return [FIXED[name] if name in FIXED else paytable[prefix + name] for name in rows]
