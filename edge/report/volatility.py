"""The volatility section: the range of the player's net result after so many hands."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING

from edge.document.document import Block, Chart, Paragraph, Section, Table
from edge.games import Rules
from edge.report.context import ReportContext
from edge.report.sections import _units
from edge.table import ReturnTable, decimal

if TYPE_CHECKING:
    from matplotlib.figure import Figure

HANDS = (100, 1_000, 10_000, 100_000)
Z95 = NormalDist().inv_cdf(0.975)  # two-sided 95%: 1.959964


@dataclass(frozen=True)
class Spread:
    """The normal-approximation range of the player's net result after ``hands`` hands."""

    hands: int
    mean: Fraction
    standard_deviation: float

    @property
    def low(self) -> float:
        """2.5% quantile of the net result, in units of the initial wager."""
        return self.hands * float(self.mean) - Z95 * self.standard_deviation * math.sqrt(self.hands)

    @property
    def high(self) -> float:
        """97.5% quantile of the net result."""
        return self.hands * float(self.mean) + Z95 * self.standard_deviation * math.sqrt(self.hands)

    @property
    def player_ahead(self) -> float:
        """Approximate probability that the player's net result is positive."""
        if self.standard_deviation == 0:
            return 1.0 if self.mean > 0 else 0.0
        return NormalDist().cdf(math.sqrt(self.hands) * float(self.mean) / self.standard_deviation)


def _grouped(number: str) -> str:
    sign = "-" if number.startswith("-") else ""
    whole, _, part = number.lstrip("-").partition(".")
    return f"{sign}{int(whole):,}" + (f".{part}" if part else "")


def spreads(table: ReturnTable, hands: Sequence[int] = HANDS) -> list[Spread]:
    """The 95% ranges after each number of hands, from the exact mean and standard deviation."""
    return [Spread(n, table.expected_return, table.standard_deviation) for n in hands]


def volatility_section(context: ReportContext[Rules]) -> Section:
    """The operator's view: where the player's net result lands after many hands."""
    children = []
    for name, table in context.tables.items():
        rows = tuple(
            (f"{s.hands:,}", _grouped(decimal(s.mean * s.hands, 2)),
             f"{s.standard_deviation * math.sqrt(s.hands):,.2f}",
             f"{s.low:,.2f} to {s.high:,.2f}",
             f"{s.low / s.hands:.2%} to {s.high / s.hands:.2%}", f"{s.player_ahead:.2%}")
            for s in spreads(table))
        staked = "" if table.initial_wager == 1 else \
            f" (the {_units(table.initial_wager)} initially wagered each hand count as one)"
        children.append(Section(name, (Table(
            ("hands", "expected net", "standard deviation", "95% range of net",
             "95% range per hand", "player ahead"), rows,
            f"{name}: the player's net result after n hands, per unit initially wagered "
            f"each hand{staked}"),)))
    blocks: tuple[Block, ...] = (
        Paragraph(f"After n hands the player's net result has mean n x (expected return) and "
                  f"standard deviation sqrt(n) x (standard deviation per hand), both from the "
                  f"exact figures. The 95% range is mean +- {Z95:.4f} standard deviations "
                  "(normal approximation, good for these n); the house's result is its "
                  "negative. \"Player ahead\" is the approximate chance the player has won "
                  "money overall."),
        Chart("95% range of the player's average result per hand against hands played "
              "(dashed: the expected return)", _volatility_drawer(context.tables)),
    )
    return Section("Volatility", blocks, tuple(children), page_break=True)


def _volatility_drawer(tables: Mapping[str, ReturnTable]) -> Callable[[], Figure]:
    def draw() -> Figure:
        from edge.document.charts import Band, volatility_chart
        return volatility_chart([Band(name, t.expected_return, t.standard_deviation)
                                 for name, t in tables.items()], Z95)
    return draw


