"""How the return moves with each pay and option.

The pay section, and the sweeps a game's ``report_sections`` hook uses (:func:`option_sweep`,
:func:`linear_option`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from edge.document.document import Block, Cell, CellLike, Chart, Paragraph, Section, Table
from edge.games import RulesT
from edge.options import format_value
from edge.paytables import format_pay
from edge.report.context import ReportContext
from edge.table import ReturnTable, decimal, exact, percent, probability_text, significant

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
             _fine_percent(-line.slope),
             Cell(exact(line.break_even), "exact") if line.break_even is not None else "none",
             decimal(line.break_even, 4) if line.break_even is not None else "-")
            for line in lines)
        table_block = Table(("outcome", "pays", "probability", "edge change per +1 of pay",
                             "break-even pay (exact)", "break-even pay"), rows,
                            f"{name}: one pay changed, the others as in the table")
        children.append(Section(name, (
            table_block,
            Chart(f"House edge of the {name} wager as each pay moves from 0 to twice its value "
                  "(dots: break-even pays)", _pay_drawer(table.house_edge, lines)),
        )))
    if not children:
        return None
    return Section("Return as a function of each pay", (Paragraph(
        "For a wager without player decisions the return is linear in each pay: raising one "
        "pay by one unit adds that outcome's probability to the return. The break-even pay "
        "is the value of that one pay at which the house edge is zero, the others unchanged."),),
        tuple(children), page_break=True)


def _pay_drawer(edge: Fraction, lines: list[Any]) -> Callable[[], Figure]:
    def draw() -> Figure:
        from edge.document.charts import pay_chart
        return pay_chart(edge, lines)
    return draw


# --- helpers for a game's report_sections hook ------------------------------------------------
def option_sweep(context: ReportContext[RulesT], bets: Sequence[str], option: str,
                 values: Sequence[Any], title: str = "", note: str = "") -> Section:
    """Some wagers' figures at each value of one option, the others as in the report.

    For a game hook, for example Lo-Card and Hi-Card by the number of players at the table.
    """
    current = getattr(context.rules, option)
    rows: list[tuple[CellLike, ...]] = []
    points: dict[str, list[tuple[float, float]]] = {bet: [] for bet in bets}
    for value in values:
        for bet in bets:
            table = context.tables[bet] if value == current else \
                context.analyze(bet, **{option: value})
            shown = format_value(value) + (" (this report)" if value == current else "")
            rows.append((Cell(shown, "strong" if value == current else ""), bet,
                         percent(table.house_edge), Cell(exact(table.house_edge), "exact"),
                         percent(table.hit_frequency), f"{table.standard_deviation:.4f}"))
            if isinstance(value, int | Fraction) and not isinstance(value, bool):
                points[bet].append((float(value), float(table.house_edge)))
    blocks: list[Block] = [Paragraph(note)] if note else []
    blocks.append(Table((option, "wager", "house edge", "house edge (exact)", "hit frequency",
                         "standard deviation"), tuple(rows),
                        f"{', '.join(bets)} at each value of {option}"))
    if all(len(p) == len(values) for p in points.values()):
        from edge.document.charts import Series
        series = [Series(bet, tuple(x for x, _ in p), tuple(y for _, y in p))
                  for bet, p in points.items()]
        blocks.append(Chart(f"House edge against {option}", _edge_drawer(
            series, option, float(current) if isinstance(current, int | Fraction) else None)))
    return Section(title or f"By {option}", tuple(blocks))


def linear_option(context: ReportContext[RulesT], bets: Sequence[str], option: str,
                  title: str = "", note: str = "") -> Section | None:
    """The exact break-even value of an option the return is linear in (a pay set as an option,
    a progressive meter), with the house edge per unit of it and a chart.

    Linearity is checked, not assumed: the return at value + 1 and + 2 must step by the same
    exact amount; wagers where it does not are left out (``None`` if none is left).
    """
    from edge.document.charts import Series
    current = getattr(context.rules, option)
    rows: list[tuple[CellLike, ...]] = []
    series = []
    for bet in bets:
        now = context.tables[bet].expected_return
        step = context.analyze(bet, **{option: current + 1}).expected_return - now
        if context.analyze(bet, **{option: current + 2}).expected_return - now != 2 * step:
            continue
        even = current - now / step if step else None
        even = even if even is not None and even >= 0 else None
        rows.append((bet, format_value(current), percent(-now), _fine_percent(-step),
                     Cell(exact(even), "exact") if even is not None else "none",
                     decimal(even, 4) if even is not None else "-"))
        top = max(2 * Fraction(current), Fraction(5, 4) * even if even else 0) or Fraction(1)
        xs = [top * k / 40 for k in range(41)]
        series.append(Series(bet, tuple(float(x) for x in xs),
                             tuple(float(-(now + step * (x - current))) for x in xs),
                             (float(even),) if even is not None else ()))
    if not rows:
        return None
    blocks: list[Block] = [Paragraph(note)] if note else []
    blocks += [
        Table(("wager", option, "house edge", f"edge change per +1 of {option}",
               "break-even (exact)", "break-even"), tuple(rows),
              f"The return is linear in {option}"),
        Chart(f"House edge against {option} (open dots: break-even)",
              _edge_drawer(series, option, float(current))),
    ]
    return Section(title or f"Break-even {option}", tuple(blocks))


def _fine_percent(value: Fraction) -> str:
    """A percentage with four places, or four significant digits when it is smaller (a plain
    decimal, never in scientific notation)."""
    if value == 0 or abs(value) >= Fraction(1, 10 ** 5):
        return percent(value, 4)
    return significant(value * 100, 4) + "%"


def _edge_drawer(series: Sequence[Any], xlabel: str,
                 current: float | None) -> Callable[[], Figure]:
    def draw() -> Figure:
        from edge.document.charts import edge_chart
        return edge_chart(series, xlabel, current=current)
    return draw


