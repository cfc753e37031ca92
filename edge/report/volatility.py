"""The volatility section: the distribution of the player's net result after so many hands.

Each wager's net result after n hands is computed from its return table by
:mod:`edge.distribution` (exact integer convolution for small n, FFT convolution with a stated
error bound beyond), so every quantile is a result that can occur and every probability is the
distribution's own; the normal approximation is shown only for comparison, clipped to the
possible range, and labelled.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING

from edge.distribution import LOWER, UPPER, Lattice, NetDistribution, lattice, net_distribution
from edge.document.document import Block, Chart, Paragraph, Section, Table
from edge.games import Rules
from edge.report.context import ReportContext
from edge.table import ReturnTable, amount, decimal, exact, plural

if TYPE_CHECKING:
    from matplotlib.figure import Figure

HANDS = (100, 1_000, 10_000, 100_000)
CHART_HANDS = (100, 316, 1_000, 3_162, 10_000, 31_623, 100_000)
Z95 = NormalDist().inv_cdf(0.975)  # two-sided 95%: 1.959964


def table_lattice(table: ReturnTable) -> Lattice:
    """One hand's net result (in the pays' unit) on its integer lattice."""
    return lattice((row.pays, row.combinations) for row in table.rows)


@dataclass(frozen=True)
class Spread:
    """The player's net result after ``hands`` hands, in the pays' unit (per hand: the base
    wager, e.g. one unit on each wager of a combined table, or the Ante).

    ``distribution`` is None where n is beyond every exact or FFT method; then only the normal
    approximation is known.
    """

    hands: int
    mean: Fraction                 # expected net result per hand, in the pays' unit
    standard_deviation: float      # per hand, in the pays' unit
    minimum: Fraction              # least possible net result per hand
    maximum: Fraction              # greatest possible net result per hand
    distribution: NetDistribution | None

    @property
    def _spread(self) -> float:
        return self.standard_deviation * math.sqrt(self.hands)

    @property
    def normal_low(self) -> Fraction | float:
        """The normal approximation's 2.5% point, clipped to the possible range."""
        value = self.hands * float(self.mean) - Z95 * self._spread
        least = self.hands * self.minimum
        return least if least > value else value

    @property
    def normal_high(self) -> Fraction | float:
        """The normal approximation's 97.5% point, clipped to the possible range."""
        value = self.hands * float(self.mean) + Z95 * self._spread
        most = self.hands * self.maximum
        return most if most < value else value

    @property
    def low(self) -> Fraction | float:
        """2.5% quantile of the net result (a possible result; normal approximation if unknown)."""
        if self.distribution is None:
            return self.normal_low
        return self.distribution.quantile(LOWER)

    @property
    def high(self) -> Fraction | float:
        """97.5% quantile of the net result."""
        if self.distribution is None:
            return self.normal_high
        return self.distribution.quantile(UPPER)

    @property
    def player_ahead(self) -> Fraction | float:
        """Probability that the player's net result is positive."""
        if self.distribution is None:
            if self.standard_deviation == 0:
                return 1.0 if self.mean > 0 else 0.0
            return NormalDist().cdf(math.sqrt(self.hands) * float(self.mean)
                                    / self.standard_deviation)
        return self.distribution.ahead

    @property
    def method(self) -> str:
        """How the quantiles and probabilities were computed, with the FFT's error bound."""
        if self.distribution is None:
            return "normal approximation (too large to convolve)"
        if self.distribution.method == "exact":
            return "exact convolution"
        places = -math.ceil(math.log10(max(self.distribution.error, 1e-300)))
        if places <= 0:
            return f"FFT convolution, error < {10 ** -places:,}"
        # the bound as a plain decimal (0.0000000001), never in scientific notation
        return f"FFT convolution, error < {decimal(Fraction(1, 10 ** places), places)}"


def spreads(table: ReturnTable, hands: Sequence[int] = HANDS) -> list[Spread]:
    """The distribution of the net result after each number of hands."""
    lat = table_lattice(table)
    mean = sum((row.pays * row.combinations for row in table.rows), Fraction(0)) / table.cycle
    sd = table.standard_deviation * float(table.initial_wager)
    top = lat.low + lat.step * lat.span
    return [Spread(n, mean, sd, lat.low, top, _distribution(lat, n)) for n in hands]


@functools.lru_cache(maxsize=64)
def _distribution(lat: Lattice, hands: int) -> NetDistribution | None:
    """:func:`net_distribution`, kept for the report's other readers of the same wager (its
    section, its JSON and its chart each want it; the largest takes seconds to compute)."""
    return net_distribution(lat, hands)


def _grouped(number: str) -> str:
    sign = "-" if number.startswith("-") else ""
    whole, _, part = number.lstrip("-").partition(".")
    return f"{sign}{int(whole):,}" + (f".{part}" if part else "")


def _net(value: Fraction | float) -> str:
    return _grouped(decimal(value, 2))


def _probability(value: Fraction | float, error: float) -> str:
    """A probability in percent; '< 0.01%' where it is positive (or within the error of 0) but
    rounds to 0, '0' where it is exactly 0."""
    if value == 0 and error == 0:
        return "0"
    if float(value) < 0.00005:
        return "< 0.01%"
    if float(value) > 0.99995:
        return "> 99.99%"
    return f"{float(value):.2%}"


def _units(value: Fraction) -> str:
    return f"{exact(value)} unit" + ("" if value == 1 else "s")


def _per_hand(spread: Spread, low: Fraction | float, high: Fraction | float,
              per: Fraction) -> str:
    scale = spread.hands * per
    return f"{float(low / scale):.2%} to {float(high / scale):.2%}"


def wager_table(name: str, table: ReturnTable, rows: Sequence[Spread]) -> Table:
    """One wager's table: quantiles and probabilities from the distribution, the normal
    approximation beside them."""
    stake = table.stake if table.quotes_stake else None
    heads = ["hands", "expected net", "standard deviation", "95% range of net",
             f"range per hand, per {table.basis}"]
    if stake is not None:
        heads.append("range per hand, per unit staked initially")
    heads += ["player ahead", "even", "player behind", "method",
              "normal approximation of the range (clipped)"]
    body = []
    for s in rows:
        d = s.distribution
        error = 0.0 if d is None else d.error
        cells = [f"{s.hands:,}", _net(s.mean * s.hands),
                 _net(s.standard_deviation * math.sqrt(s.hands)),
                 f"{_net(s.low)} to {_net(s.high)}",
                 _per_hand(s, s.low, s.high, table.initial_wager)]
        if stake is not None:
            cells.append(_per_hand(s, s.low, s.high, stake))
        if d is None:
            cells += [_probability(s.player_ahead, 1.0) + " (normal)", "", "", s.method]
        else:
            cells += [_probability(d.ahead, error), _probability(d.even, error),
                      _probability(d.behind, error), s.method]
        cells.append(f"{_net(s.normal_low)} to {_net(s.normal_high)}")
        body.append(tuple(cells))
    if stake is not None:
        basis = (f"in {plural(table.basis)}, the unit this wager's figures are "
                 f"quoted per (every hand stakes {amount(table, stake)} before any decision, "
                 "raises aside)")
    elif table.initial_wager == 1 and table.basis == "unit wagered":
        basis = "in units wagered (1 unit a hand)"
    elif table.initial_wager == 1:
        basis = f"in {plural(table.basis)} (1 {table.basis} staked initially each hand)"
    else:
        basis = (f"in units of the pays (the {_units(table.initial_wager)} initially wagered "
                 "each hand, on all its parts together)")
    return Table(tuple(heads), tuple(body),
                 f"{name}: the player's net result after n hands, {basis}")


def volatility_section(context: ReportContext[Rules]) -> Section:
    """The operator's view: where the player's net result lands after many hands."""
    children = []
    computed: dict[str, list[Spread]] = {}
    for name, table in context.tables.items():
        computed[name] = spreads(table)
        children.append(Section(name, (wager_table(name, table, computed[name]),)))
    blocks: tuple[Block, ...] = (
        Paragraph("The player's net result after n hands is the sum of n independent hands "
                  "of the wager's return table; its distribution is computed from the table "
                  "itself, not approximated. Where the numbers are small it is the exact "
                  "integer convolution of the table's combination counts (\"exact "
                  "convolution\": every probability an exact fraction); beyond that the same "
                  "convolution is done by fast Fourier transform in floating point (\"FFT "
                  "convolution\"), with a bound on the error of every probability shown "
                  "(rounding, and a Chernoff bound on the far tail left out). The 95% range "
                  "runs from the 2.5% to the 97.5% quantile of that distribution, so both ends "
                  "are results that can occur; \"player ahead\", \"even\" and \"player behind\" "
                  "are the chances that the net result is positive, zero and negative. The "
                  "expected net and standard deviation are exact from the table. The last "
                  "column is the normal approximation (mean +- "
                  f"{Z95:.4f} standard deviations), for comparison only, cut to the range of "
                  "results that can occur; for skewed wagers (rare large pays) it is far off. "
                  "The house's result is the player's negated. Amounts are in units of the "
                  "pays; the range per hand divides by the hands and by the amount wagered."),
        Chart("95% range (2.5% to 97.5% quantile) of the player's average result per hand "
              "against hands played, per unit each wager's figures are quoted per (as in its "
              "table; dashed: the expected return)",
              functools.partial(_draw_quantiles, context.tables)),
    )
    return Section("Volatility", blocks, tuple(children), page_break=True,
                   method=(volatility_method([s for found in computed.values() for s in found]),))


def volatility_method(found: Sequence[Spread]) -> str:
    """The Method section's sentence on the volatility section: how its distributions were
    computed (exact convolution, FFT with an error bound, or only the normal approximation)."""
    ways = {"exact" if s.distribution.method == "exact" else "FFT"
            for s in found if s.distribution is not None}
    exact_text = "the exact integer convolution of the counts"
    fft_text = ("an FFT convolution in floating point, with a bound on the error of every "
                "probability")
    done = (f"{exact_text} for the smaller n and {fft_text} for the larger"
            if ways == {"exact", "FFT"} else exact_text if "exact" in ways
            else fft_text if ways else "not computed")
    unknown = any(s.distribution is None for s in found)
    return ("The \"Volatility\" section: the distribution of the net result after n hands is "
            f"{done}; its last column is the normal approximation, for comparison only"
            + ("; where n is too large to convolve, the range and the chance of being ahead "
               "are that normal approximation" if unknown else "") + ".")


@dataclass(frozen=True)
class QuantileBand:
    """A wager's quantiles of the average result per hand (per unit of its initial wager)."""

    name: str
    mean: float
    hands: tuple[int, ...]
    low: tuple[float, ...]
    high: tuple[float, ...]


def quantile_bands(tables: Mapping[str, ReturnTable],
                   hands: Sequence[int] = CHART_HANDS) -> list[QuantileBand]:
    """The 2.5% and 97.5% quantiles per hand of each wager at each number of hands."""
    bands = []
    for name, table in tables.items():
        known = spreads(table, hands)
        per = table.initial_wager
        bands.append(QuantileBand(
            name, float(table.expected_return), tuple(s.hands for s in known),
            tuple(float(s.low / (s.hands * per)) for s in known),
            tuple(float(s.high / (s.hands * per)) for s in known)))
    return bands


def quantile_chart(bands: Sequence[QuantileBand], title: str = "") -> Figure:
    """The 95% range of the average result per hand against hands played (log axis)."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    from edge.document.charts import LINE_STYLES, MARKERS
    from edge.document.colours import PALETTE

    with matplotlib.rc_context({"font.family": "DejaVu Sans", "font.size": 8.5,
                                "axes.spines.top": False, "axes.spines.right": False}):
        figure = Figure(figsize=(7.0, 3.4), layout="constrained")
        FigureCanvasAgg(figure)
        axes = figure.add_subplot()
        for index, band in enumerate(bands):
            colour = PALETTE[index % len(PALETTE)]
            # where the bands overlap, each still reads by its line style and marker
            line, marker = LINE_STYLES[index % len(LINE_STYLES)], MARKERS[index % len(MARKERS)]
            axes.fill_between(band.hands, band.low, band.high, color=colour, alpha=0.07,
                              linewidth=0)
            for edge, label in ((band.high, band.name), (band.low, None)):
                axes.plot(band.hands, edge, color=colour, linewidth=1.1, linestyle=line,
                          marker=marker, markersize=3.5, label=label)
            axes.axhline(band.mean, color=colour, linewidth=0.8, linestyle="--")
        axes.axhline(0.0, color="#424242", linewidth=0.6)
        axes.set_xscale("log")
        axes.set_xlabel("hands played")
        axes.set_ylabel("average result per hand")
        axes.yaxis.set_major_formatter(PercentFormatter(1.0))
        axes.legend(fontsize=7, loc="upper right", frameon=False)
        if title:
            axes.set_title(title, loc="left", fontsize=9.5)
        return figure


def _draw_quantiles(tables: Mapping[str, ReturnTable]) -> Figure:
    return quantile_chart(quantile_bands(tables))
