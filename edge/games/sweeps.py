"""What a game's ``report_sections`` hook draws its sweeps with: some wagers' figures at each
value of one option (:func:`option_sweep`), and the exact break-even of an option the return is
linear in (:func:`linear_option`). Below the reports (they know no game); above the contracts
whose :class:`~edge.games.ReportContext` they read."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from edge.document.document import Block, Cell, CellLike, Chart, Paragraph, Section, Table
from edge.games.contract import ReportContext, RulesT
from edge.options import format_value
from edge.table import decimal, exact, fine_percent, percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure


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
        marked = float(current) if isinstance(current, int | Fraction) else None
        blocks.append(Chart(f"House edge against {option}",
                            functools.partial(_draw_edges, series, option, marked)))
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
        rows.append((bet, format_value(current), percent(-now), fine_percent(-step),
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
              functools.partial(_draw_edges, series, option, float(current))),
    ]
    return Section(title or f"Break-even {option}", tuple(blocks))


def _draw_edges(series: Sequence[Any], xlabel: str, current: float | None) -> Figure:
    from edge.document.charts import edge_chart
    return edge_chart(series, xlabel, current=current)
