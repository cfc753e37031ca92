"""Charts for reports, drawn with matplotlib on an Agg canvas and returned as inline SVG text.

No pyplot and no global backend switch: each chart is a ``Figure`` on its own Agg canvas, so a
notebook's own matplotlib settings are left alone. The SVG keeps text as text, carries no date
and uses fixed element ids, so the same figures give the same SVG.

Every number drawn comes from the exact figures of a :class:`~edge.table.ReturnTable`; a chart
converts them to floats only to place them on the page.
"""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from edge.document.colours import LOSS, PALETTE, PUSH, WIN
from edge.document.layout import display_name
from edge.paytables import format_pay
from edge.table import ReturnTable

# a series' line styles and markers, beside its colour (edge.document.colours)
LINE_STYLES = ("-", "--", "-.", ":")
MARKERS = ("o", "s", "^", "D", "v", "P", "X")


def _style() -> AbstractContextManager[None]:
    """The report style, applied while a chart is drawn and saved."""
    return matplotlib.rc_context({
        "svg.fonttype": "none",      # text stays text: small, searchable, printable
        "svg.hashsalt": "edge",      # fixed element ids
        "font.family": "DejaVu Sans",
        "font.size": 8.5,
        "axes.spines.top": False,
        "axes.spines.right": False,
    })


MAX_BARS = 24  # above this many rows, the bar chart shows the distribution of the net result


@dataclass(frozen=True)
class Bar:
    """One bar of an outcome chart: a label, its exact probability and the net pay it stands for."""

    label: str
    probability: Fraction
    pays: Fraction


def _new_figure(width: float, height: float) -> Figure:
    figure = Figure(figsize=(width, height), layout="constrained")
    FigureCanvasAgg(figure)
    return figure


def to_svg(figure: Figure, id_prefix: str = "") -> str:
    """The figure as an ``<svg>`` element to paste into HTML (no XML prolog, no date).

    ``id_prefix`` goes before every element id (and every reference to one), so that several
    charts in one page never share an id.
    """
    out = io.StringIO()
    with _style():
        figure.savefig(out, format="svg", metadata={"Date": None})
    text = out.getvalue()
    text = text[text.find("<svg"):].rstrip() + "\n"
    if id_prefix:
        text = re.sub(r'(\bid="|url\(#|href="#)', lambda m: m.group(1) + id_prefix, text)
    return text


def to_pdf(figure: Figure) -> bytes:
    """The figure as a PDF file (for LaTeX's ``\\includegraphics``), with no date in it, so
    the same figures give the same bytes."""
    out = io.BytesIO()
    with _style():
        figure.savefig(out, format="pdf", metadata={"CreationDate": None, "ModDate": None})
    return out.getvalue()


# above this many net results, the results are grouped into ranges (every label then prints
# at 6 pt or more: the chart is at most about 6 inches high on the page)
MAX_NET_BARS = 18
# where the ranges of net results start (in units of the wager, either sign)
_RANGE_STARTS = (1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 50, 100, 200, 500, 1000, 2000, 5000,
                 10000, 100000)


def outcome_bars(table: ReturnTable) -> list[Bar]:
    """The bars of a wager's outcome chart: a bar per row, or per net result when rows are
    many, or per range of net results ("net +10 to +15") when even those are many."""
    if len(table.rows) <= MAX_BARS:
        return [Bar(row.outcome, table.probability(row), row.pays) for row in table.rows]
    by_pay: dict[Fraction, int] = {}
    for row in table.rows:
        by_pay[row.pays] = by_pay.get(row.pays, 0) + row.combinations
    if len(by_pay) > MAX_NET_BARS:
        return _ranges(by_pay, table.cycle)
    return [Bar(f"net {_signed(pay)}", Fraction(count, table.cycle), pay)
            for pay, count in sorted(by_pay.items(), reverse=True)]


def _ranges(by_pay: dict[Fraction, int], cycle: int) -> list[Bar]:
    """Net results grouped into ranges that start at 1, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30,
    50, ... units (a push stays alone); each bar is named by the least and greatest result
    in it, and its pay (for its colour) is its largest result."""
    groups: dict[tuple[int, int], list[Fraction]] = {}
    for pay in by_pay:
        start = sum(1 for edge in _RANGE_STARTS if abs(pay) >= edge)
        groups.setdefault((1 if pay > 0 else -1 if pay < 0 else 0, start), []).append(pay)
    bars = []
    # the wins from the largest down, the push, the losses from the smallest up
    for (sign, _), pays in sorted(groups.items(), key=lambda item: -item[0][0] * (
            item[0][1] + 1)):
        low, high = min(pays), max(pays)
        name = f"net {_signed(high)}" if low == high else (
            f"net {_signed(low)} to {_signed(high)}")
        bars.append(Bar(name, Fraction(sum(by_pay[pay] for pay in pays), cycle),
                        high if sign > 0 else low))
    return bars


def _signed(pay: Fraction) -> str:
    return ("+" if pay > 0 else "-" if pay < 0 else "") + format_pay(abs(pay))


def percent_format(values: Sequence[float]) -> Callable[[float], str]:
    """One percent format for all of ``values``: enough decimals that the smallest non-zero
    value shows two significant digits (at most 6)."""
    smallest = min((v for v in values if v > 0), default=1.0)
    places = min(6, max(1, 1 - math.floor(math.log10(smallest * 100))))
    return lambda value: f"{value * 100:.{places}f}%"


def outcome_chart(table: ReturnTable, title: str = "") -> Figure:
    """Horizontal bars of each outcome's probability on a linear axis, each labelled with its
    probability in one format: blue wins, grey pushes, vermillion losses."""
    with _style():
        bars = [bar for bar in outcome_bars(table) if bar.probability > 0]
        figure = _new_figure(7.0, 0.9 + 0.24 * len(bars))
        axes = figure.add_subplot()
        values = [float(bar.probability) for bar in bars]
        colours = [WIN if bar.pays > 0 else LOSS if bar.pays < 0 else PUSH for bar in bars]
        positions = list(range(len(bars)))
        axes.barh(positions, values, color=colours, height=0.7)
        axes.set_yticks(positions, [display_name(bar.label) for bar in bars])
        axes.invert_yaxis()
        largest = max(values)
        axes.set_xlim(0.0, largest * 1.22)
        label = percent_format(values)
        for position, value in zip(positions, values, strict=True):
            axes.text(value + largest * 0.01, position, label(value), va="center",
                      fontsize=7.5)
        axes.set_xlabel("probability")
        axes.xaxis.set_major_formatter(PercentFormatter(1.0))
        if title:
            axes.set_title(title, loc="left", fontsize=9.5)
        return figure


def _finish(axes: Axes, title: str, legend: Literal["best", "upper right"]) -> None:
    """Percent on the y axis, a legend without a frame, and the title on the left."""
    axes.yaxis.set_major_formatter(PercentFormatter(1.0))
    axes.legend(fontsize=7, loc=legend, frameon=False)
    if title:
        axes.set_title(title, loc="left", fontsize=9.5)


@dataclass(frozen=True)
class PayLine:
    """How the house edge moves with one pay: edge = edge_now - slope * (pay - pay_now)."""

    outcome: str
    pay: Fraction
    slope: Fraction  # return added by one more unit of this pay, per unit of the initial wager
    break_even: Fraction | None


@dataclass(frozen=True)
class Series:
    """One line of an edge chart: the house edge at each x, and x values to mark on zero."""

    label: str
    xs: tuple[float, ...]
    edges: tuple[float, ...]
    marks: tuple[float, ...] = ()


def edge_chart(series: Sequence[Series], xlabel: str, *, current: float | None = None,
               x_percent: bool = False, title: str = "") -> Figure:
    """House edge lines against one setting, the zero line dashed, the current value dotted."""
    with _style():
        figure = _new_figure(7.0, 3.4)
        axes = figure.add_subplot()
        values = [edge for line in series for edge in line.edges] or [0.0]
        close = (max(values) - min(values)) * 0.015
        for index, line in enumerate(series):
            colour = PALETTE[index % len(PALETTE)]
            # a line drawn exactly over an earlier one, or so close that it hides it, says
            # so in the legend
            same = next((other.label for other in series[:index]
                         if (other.xs, other.edges) == (line.xs, line.edges)), None)
            near = next((other.label for other in series[:index] if other.xs == line.xs
                         and max((abs(a - b) for a, b in zip(other.edges, line.edges,
                                                             strict=True)),
                                 default=math.inf) <= close), None)
            label = (line.label if same is None and near is None
                     else f"{line.label} (same as {same})" if same is not None
                     else f"{line.label} (on the line of {near})")
            axes.plot(line.xs, line.edges, color=colour, linewidth=1.4, label=label,
                      linestyle=LINE_STYLES[index % len(LINE_STYLES)],
                      marker=MARKERS[index % len(MARKERS)], markersize=3.5,
                      markevery=max(1, len(line.xs) // 8))
            if line.marks:
                axes.plot(line.marks, [0.0] * len(line.marks), "o", color=colour,
                          markersize=4.5, markerfacecolor="white")
        axes.axhline(0.0, color="#424242", linewidth=0.8, linestyle="--")
        if current is not None:
            axes.axvline(current, color="#9e9e9e", linewidth=0.8, linestyle=":")
        axes.set_xlabel(xlabel)
        axes.set_ylabel("house edge")
        if x_percent:
            axes.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        _finish(axes, title, "best")
        return figure


def pay_chart(edge_now: Fraction, lines: Sequence[PayLine], title: str = "") -> Figure:
    """House edge against each pay as a share of its current value (0% to 200%), others fixed."""
    shares = [Fraction(step, 20) for step in range(41)]
    series = []
    for line in lines:
        edges = tuple(float(edge_now - line.slope * line.pay * (share - 1)) for share in shares)
        marks: tuple[float, ...] = ()
        if line.break_even is not None and line.pay > 0 and line.break_even <= 2 * line.pay:
            marks = (float(line.break_even / line.pay),)
        series.append(Series(f"{display_name(line.outcome)} (now {format_pay(line.pay)})",
                             tuple(float(s) for s in shares), edges, marks))
    return edge_chart(series, "pay as a share of the current pay (others unchanged)",
                      current=1.0, x_percent=True, title=title)
