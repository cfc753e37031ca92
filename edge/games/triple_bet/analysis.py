"""Exact return tables of the Hybrid Triple Bet (docs/rules.md section 1), from the kernel counts.

>>> from edge.games.triple_bet.pays import PRESETS
>>> t = analyze_flush(PRESETS["flush"]["usual"], TripleBetRules(decks=1))
>>> t.cycle == 52 * 51
True
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np

from edge.games.triple_bet import _kernels
from edge.games.triple_bet._kernels import BLOCK_ROWS, FLUSH_ROWS, SANDWICH_ROWS
from edge.games.triple_bet.pays import PRESETS, row_pays
from edge.games.triple_bet.rules import TripleBetRules
from edge.options import options_dict
from edge.paytables import PayTable
from edge.table import ReturnTable, Row

GAME_NAME = "triple-bet"

# The house edge the 2011 trial document states under its usual odds, in percent.
TRIAL_EDGE = Fraction(5478, 1000)


def trial_note(table: ReturnTable) -> str:
    """What the trial document's 5.478% is, said of this Sandwich table only where its own
    house edge, rounded to 3 decimals in percent, is that figure."""
    if round(table.house_edge * 100, 3) == TRIAL_EDGE:
        return ("The 2011 Hybrid Triple Bet trial document states a house edge of 5.478% under "
                "its usual odds; edge finds that this is the Sandwich wager's house edge (this "
                "table).")
    return ("The 2011 Hybrid Triple Bet trial document states a house edge of 5.478% under its "
            "usual odds, which edge finds to be the Sandwich wager's house edge at 6 decks; "
            "with these decks and pays the Sandwich wager's edge is different.")


def wager_counts(rules: TripleBetRules) -> dict[str, np.ndarray]:
    """Integer counts per row for each single wager (kernel order, see ``*_ROWS``)."""
    flush, sandwich, block = _kernels.triple_bet_counts(rules.decks)
    return {"flush": flush, "sandwich": sandwich, "block": block}


def _single(bet: str, rows: tuple[str, ...], counts: np.ndarray, paytable: PayTable | None,
            rules: TripleBetRules, notes: tuple[str, ...] = ()) -> ReturnTable:
    paytable = paytable or PRESETS[bet]["usual"]
    table_rows = tuple(Row(name, pay, int(count)) for name, pay, count
                       in zip(rows, row_pays(paytable, rows), counts, strict=True))
    return ReturnTable(GAME_NAME, bet, table_rows, paytable, options_dict(rules), notes=notes,
                       title=f"Hybrid Triple Bet: {bet} wager, {rules.decks} decks")


def analyze_flush(paytable: PayTable | None, rules: TripleBetRules) -> ReturnTable:
    """The Flush wager's exact return table (``None``: the usual odds)."""
    return _single("flush", FLUSH_ROWS, wager_counts(rules)["flush"], paytable, rules)


def analyze_sandwich(paytable: PayTable | None, rules: TripleBetRules) -> ReturnTable:
    """The Sandwich wager's exact return table (``None``: the usual odds)."""
    table = _single("sandwich", SANDWICH_ROWS, wager_counts(rules)["sandwich"], paytable,
                    rules)
    return dataclasses.replace(table, notes=(trial_note(table),))


def analyze_block(paytable: PayTable | None, rules: TripleBetRules) -> ReturnTable:
    """The Block wager's exact return table (``None``: the usual odds)."""
    return _single("block", BLOCK_ROWS, wager_counts(rules)["block"], paytable, rules)


def analyze_combined(paytable: PayTable | None, rules: TripleBetRules) -> ReturnTable:
    """One unit on each of the three wagers: the exact table of their net total."""
    paytable = paytable or PRESETS["combined"]["usual"]
    joint = _kernels.triple_bet_joint_counts(rules.decks)
    flush_pays = row_pays(paytable, FLUSH_ROWS, "flush.")
    sandwich_pays = row_pays(paytable, SANDWICH_ROWS, "sandwich.")
    block_pays = row_pays(paytable, BLOCK_ROWS, "block.")
    rows = []
    for i, flush_name in enumerate(FLUSH_ROWS):
        for j, sandwich_name in enumerate(SANDWICH_ROWS):
            for k, block_name in enumerate(BLOCK_ROWS):
                count = int(joint[i, j, k])
                if count == 0:
                    continue
                rows.append(Row(f"{flush_name} / {sandwich_name} / {block_name}",
                                flush_pays[i] + sandwich_pays[j] + block_pays[k], count))
    return ReturnTable(GAME_NAME, "combined", tuple(rows), paytable, options_dict(rules),
                       initial_wager=Fraction(3),
                       notes=("One unit on each of Flush, Sandwich and Block; pays are the "
                              "net total of the three, figures are per unit wagered (of 3).",
                              "Rows that cannot occur are left out."),
                       title=f"Hybrid Triple Bet: the three wagers together, {rules.decks} decks")
