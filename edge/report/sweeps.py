"""How the return moves with each pay and option.

The pay section, and the sweeps a game's ``report_sections`` hook uses (:func:`option_sweep`,
:func:`linear_option`).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from edge.document.document import Cell, Chart, Paragraph, Section, Table
from edge.games import RulesT
from edge.paytables import format_pay
from edge.report.context import ReportContext
from edge.table import ReturnTable, decimal, exact, fine_percent, probability_text

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def pay_lines(table: ReturnTable) -> list[Any] | None:
    """How the house edge moves with each pay of a wager without decisions, or ``None``.

    The return is linear in each pay when no decision depends on the pays and each pay-table
    outcome is one row of the table: one more unit of pay adds that row's probability.
    """
    from edge.document.charts import PayLine
    paytable = table.paytable
    if paytable is None or table.has_decisions:
        return None
    by_name = {row.outcome: row for row in table.rows}
    lines = []
    for outcome, pay in paytable.pays:
        row = by_name.get(outcome)
        if row is None or row.pays != pay:
            return None
        slope = table.probability(row) / table.initial_wager
        break_even = pay + table.house_edge / slope if slope else None
        lines.append(PayLine(outcome, pay, slope,
                             break_even if break_even is not None and break_even >= 0 else None))
    return lines


def pay_section(context: ReportContext[RulesT]) -> Section | None:
    """For each side bet: the house edge per unit of each pay, and each pay's break-even value."""
    children = []
    for name, table in context.tables.items():
        lines = pay_lines(table)
        if not lines:
            continue
        rows = tuple(
            (line.outcome, format_pay(line.pay),
             probability_text(line.slope * table.initial_wager, plain=True),
             fine_percent(-line.slope),
             Cell(exact(line.break_even), "exact") if line.break_even is not None else "none",
             decimal(line.break_even, 4) if line.break_even is not None else "-")
            for line in lines)
        table_block = Table(("outcome", "pays", "probability", "edge change per +1 of pay",
                             "break-even pay (exact)", "break-even pay"), rows,
                            f"{name}: one pay changed, the others as in the table")
        children.append(Section(name, (
            table_block,
            Chart(f"House edge of the {name} wager as each pay moves from 0 to twice its value "
                  "(dots: break-even pays)",
                  functools.partial(_draw_pays, table.house_edge, lines)),
        )))
    if not children:
        return None
    return Section("Return as a function of each pay", (Paragraph(
        "For a wager without player decisions the return is linear in each pay: raising one "
        "pay by one unit adds that outcome's probability to the return. The break-even pay "
        "is the value of that one pay at which the house edge is zero, the others unchanged."),),
        tuple(children), page_break=True)


def _draw_pays(edge: Fraction, lines: list[Any]) -> Figure:
    from edge.document.charts import pay_chart
    return pay_chart(edge, lines)
