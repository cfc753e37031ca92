"""The maximum payout per round: the largest net win one round of each wager can pay.

A wager's largest net win is its highest-paying row (for a combined wager, the largest
combined row), given in the units its pays are written in and per unit of its initial wager,
with the outcome and its probability.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from edge.document.document import Cell, CellLike, Paragraph, Section, Table
from edge.games import Rules
from edge.report.context import ReportContext
from edge.table import ReturnTable, Row, decimal, exact, probability_text


@dataclass(frozen=True)
class MaximumPayout:
    """A wager's largest net win: the row, its pay and the pay per unit of the initial wager."""

    bet: str
    row: Row
    probability: Fraction

    @property
    def pays(self) -> Fraction:
        """The net win in the units of the table's pays."""
        return self.row.pays


def maximum_payout(table: ReturnTable) -> MaximumPayout:
    """The row with the largest net pay (the first such row, in the table's order)."""
    top = max(table.rows, key=lambda row: row.pays)
    return MaximumPayout(table.bet, top, table.probability(top))


def per_initial(table: ReturnTable, pays: Fraction) -> Fraction:
    """A net pay per unit staked before any decision (UTH main: Ante and Blind, 2 Antes)."""
    return pays / table.stake


def payouts_section(context: ReportContext[Rules]) -> Section:
    """Each wager's maximum payout per round, and the game's largest."""
    rows: list[tuple[CellLike, ...]] = []
    best: tuple[Fraction, str, str] | None = None
    for name, table in context.tables.items():
        top = maximum_payout(table)
        ratio = per_initial(table, top.pays)
        rows.append((name, top.row.outcome, Cell(exact(top.pays), "exact"),
                     decimal(top.pays, 2), table.basis, exact(table.stake),
                     Cell(exact(ratio), "exact"), probability_text(top.probability, plain=True)))
        if best is None or ratio > best[0]:
            best = (ratio, name, top.row.outcome)
    assert best is not None
    return Section("Maximum payout per round", (
        Table(("wager", "outcome", "net win (exact)", "net win", "pays in units of",
               "units initially wagered", "net win per unit initially wagered", "probability"),
              tuple(rows),
              "The largest net win one round of each wager can pay, in the units its pays "
              "are written in"),
        Paragraph(f"The largest net win of the game per unit initially wagered is "
                  f"{exact(best[0])} ({decimal(best[0], 2)}), on the {best[1]} wager "
                  f"({best[2]}). A net win is what the player receives beyond the amounts "
                  "wagered; a combined wager's largest row already adds its parts. Wagers "
                  "placed side by side pay at most the sum of their maxima.", "note"),
    ))
