"""The return table shared by every game: exact rows, exact figures, and their renderers.

Rows hold integer combination counts and exact ``Fraction`` pays; every figure is derived here
from those, exactly, and decimals appear only when a table is rendered.

>>> from fractions import Fraction
>>> t = ReturnTable("demo", "coin", (Row("heads", Fraction(1), 1), Row("tails", Fraction(-1), 1)))
>>> t.cycle, t.expected_return, t.variance
(2, Fraction(0, 1), Fraction(1, 1))
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from edge.errors import EdgeError
from edge.paytables import PayTable, format_pay


@dataclass(frozen=True)
class Row:
    """One outcome: its net pay per unit of the base wager, and how many deals produce it.

    ``wager`` is the total amount wagered in this outcome (games where the player raises);
    ``None`` means the initial wager only.
    """

    outcome: str
    pays: Fraction
    combinations: int
    wager: Fraction | None = None


@dataclass(frozen=True)
class ReturnTable:
    """Every outcome of a wager with its count; all figures are exact and derived on demand.

    ``initial_wager`` is the unit the house edge, variance and standard deviation are quoted
    per (1 for one wager, 3 for three equal wagers together), in units of the pays; ``basis``
    names that unit in the trade's words ("Ante", "unit wagered"): every figure is per one
    ``basis``. ``initial_stake`` is everything staked before any decision, in units of the pays
    (Ultimate Texas Hold'em: Ante + Blind = 2 with figures per Ante; ``None``: the initial
    wager). ``assumptions`` are what the figures rest on that no source gives (an assumed pay).
    ``decisions`` counts how often each player decision is taken, weighted like the rows.
    """

    game: str
    bet: str
    rows: tuple[Row, ...]
    paytable: PayTable | None = None
    options: Mapping[str, str] = field(default_factory=dict)
    initial_wager: Fraction = Fraction(1)
    decisions: tuple[tuple[str, int], ...] = ()
    notes: tuple[str, ...] = ()
    title: str = ""
    basis: str = "unit wagered"
    initial_stake: Fraction | None = None
    assumptions: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.rows:
            raise EdgeError(f"The return table for {self.game} {self.bet} has no rows.")
        for row in self.rows:
            if row.combinations < 0:
                raise EdgeError(f"The row {row.outcome!r} has a negative count.")
        if self.cycle <= 0:
            raise EdgeError(f"The return table for {self.game} {self.bet} has no combinations.")
        if self.stake <= 0:
            raise EdgeError(f"The return table for {self.game} {self.bet} stakes nothing.")

    # --- exact figures -------------------------------------------------------------------
    @property
    def cycle(self) -> int:
        """Total combinations: the number of equally likely deals (weighted where needed)."""
        return sum(row.combinations for row in self.rows)

    def probability(self, row: Row) -> Fraction:
        """The exact probability of one row."""
        return Fraction(row.combinations, self.cycle)

    def row_return(self, row: Row) -> Fraction:
        """A row's contribution to the expected return, per unit of the initial wager."""
        return row.pays * self.probability(row) / self.initial_wager

    @property
    def expected_return(self) -> Fraction:
        """Expected net result per unit of the initial wager."""
        total = sum((row.pays * row.combinations for row in self.rows), Fraction(0))
        return total / self.cycle / self.initial_wager

    @property
    def house_edge(self) -> Fraction:
        """Expected loss per unit of the initial wager (minus the expected return)."""
        return -self.expected_return

    @property
    def stake(self) -> Fraction:
        """Everything staked before any decision, in units of the pays (``initial_stake``, or
        the initial wager when that is not given)."""
        return self.initial_wager if self.initial_stake is None else self.initial_stake

    @property
    def quotes_stake(self) -> bool:
        """Whether the figures are quoted per a unit other than the initial stake (both are
        then given: per Ante, and per unit of Ante + Blind)."""
        return self.stake != self.initial_wager

    @property
    def house_edge_per_stake(self) -> Fraction:
        """Expected loss per unit of everything staked before any decision."""
        return self.house_edge * self.initial_wager / self.stake

    @property
    def hit_frequency(self) -> Fraction:
        """Probability of a net win."""
        return Fraction(sum(r.combinations for r in self.rows if r.pays > 0), self.cycle)

    @property
    def push_probability(self) -> Fraction:
        """Probability of a net result of exactly zero."""
        return Fraction(sum(r.combinations for r in self.rows if r.pays == 0), self.cycle)

    @property
    def variance(self) -> Fraction:
        """Variance of the net result per unit of the initial wager."""
        second = sum((row.pays * row.pays * row.combinations for row in self.rows), Fraction(0))
        second = second / self.cycle / (self.initial_wager * self.initial_wager)
        return second - self.expected_return ** 2

    @property
    def standard_deviation(self) -> float:
        """Standard deviation per unit of the initial wager (the one figure that is a float).

        A variance too large for a float is rooted through the logarithms of its exact numerator
        and denominator; a root beyond float range is an error naming the wager, not a crash.
        """
        variance = self.variance
        try:
            return math.sqrt(variance)
        except OverflowError:
            pass
        half_log10 = (math.log10(variance.numerator) - math.log10(variance.denominator)) / 2
        if half_log10 >= 308:
            raise EdgeError(f"The standard deviation of {self.game} {self.bet} is about "
                            f"10^{half_log10:.0f}, beyond floating point: a pay or option "
                            "value is out of any practical range.")
        return math.exp((math.log(variance.numerator) - math.log(variance.denominator)) / 2)

    @property
    def has_decisions(self) -> bool:
        """Whether the player's wager varies by outcome (raises, folds)."""
        return any(row.wager is not None for row in self.rows) or bool(self.decisions)

    @property
    def average_wager(self) -> Fraction:
        """Average total amount wagered per round (in units of the base wager)."""
        total = sum(((row.wager if row.wager is not None else self.initial_wager)
                     * row.combinations for row in self.rows), Fraction(0))
        return total / self.cycle

    @property
    def element_of_risk(self) -> Fraction:
        """Expected loss per unit of the average total wager."""
        return -self.expected_return * self.initial_wager / self.average_wager

    def decision_frequencies(self) -> list[tuple[str, int, Fraction]]:
        """Each decision with its count and exact frequency."""
        total = sum(count for _, count in self.decisions)
        return [(name, count, Fraction(count, total) if total else Fraction(0))
                for name, count in self.decisions]

    def summary(self) -> list[tuple[str, Fraction | int | float]]:
        """The figures every table carries, in print order."""
        figures: list[tuple[str, Fraction | int | float]] = [
            ("cycle", self.cycle),
            ("expected_return", self.expected_return),
            ("house_edge", self.house_edge),
            ("hit_frequency", self.hit_frequency),
            ("push_probability", self.push_probability),
            ("variance", self.variance),
            ("standard_deviation", self.standard_deviation),
        ]
        if self.has_decisions:
            figures += [("average_wager", self.average_wager),
                        ("element_of_risk", self.element_of_risk)]
        return figures

    # --- conversions ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The JSON contract: exact values as ``"p/q"`` strings, counts as ints."""
        data: dict[str, Any] = {
            "game": self.game,
            "bet": self.bet,
            "paytable": None if self.paytable is None else {
                "name": self.paytable.name,
                "pays": {k: exact(v) for k, v in self.paytable.pays},
            },
            "options": dict(self.options),
            "initial_wager": exact(self.initial_wager),
            "basis": self.basis,
            "initial_stake": exact(self.stake),
            "house_edge_per_initial_stake": exact(self.house_edge_per_stake),
            "assumptions": list(self.assumptions),
            "rows": [
                {
                    "outcome": row.outcome,
                    "pays": exact(row.pays),
                    "combinations": row.combinations,
                    "probability": exact(self.probability(row)),
                    "return": exact(self.row_return(row)),
                    **({"wager": exact(row.wager)} if row.wager is not None else {}),
                }
                for row in self.rows
            ],
        }
        for name, value in self.summary():
            data[name] = exact(value) if isinstance(value, Fraction) else value
        if self.has_decisions:
            data["decisions"] = {name: {"combinations": count, "frequency": exact(freq)}
                                 for name, count, freq in self.decision_frequencies()}
        data["notes"] = list(self.notes)
        return data

    def to_json(self) -> str:
        """The table as indented JSON (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), indent=2)

    def to_markdown(self) -> str:
        """The table as GitHub markdown."""
        return render(self, "markdown")

    def render(self, fmt: str = "plain") -> str:
        """The table in one of :data:`edge.document.FORMATS`."""
        return render(self, fmt)

    def _repr_html_(self) -> str:
        return render(self, "html")

    def __str__(self) -> str:
        return render(self, "plain")


def exact(value: Fraction | int) -> str:
    """An exact value as ``"p/q"`` or an integer string."""
    return format_pay(Fraction(value))


def decimal(value: Fraction | int | float, places: int = 6) -> str:
    """A value rounded (half to even, exactly) to ``places`` decimals, for printing only."""
    if isinstance(value, float):
        return f"{value:.{places}f}"
    rounded = round(Fraction(value), places)
    text = f"{abs(rounded.numerator) * 10 ** places // rounded.denominator:0{places + 1}d}"
    sign = "-" if rounded < 0 else ""
    return f"{sign}{text[:-places]}.{text[-places:]}" if places else f"{sign}{text}"


def percent(value: Fraction, places: int = 4) -> str:
    """A fraction as a percentage, for printing only."""
    return decimal(value * 100, places) + "%"


def probability_text(value: Fraction, plain: bool = False) -> str:
    """A probability with enough digits to be useful for rare outcomes; ``plain`` (reports):
    a rare one as a plain decimal to seven significant digits, never in scientific notation."""
    if value == 0:
        return "0"
    if value < Fraction(1, 10 ** 6):
        if plain:
            return significant(value, 7)
        return f"{float(value):.6e}"
    return decimal(value, 10)


def significant(value: Fraction, digits: int) -> str:
    """A nonzero value as a plain decimal with ``digits`` significant digits (0.0000003536603),
    for printing only: never in scientific notation."""
    places = digits - 1 - math.floor(math.log10(abs(value)))
    return decimal(value, max(places, 0))


# the player's side of a house figure, printed beside it when the player has the edge
PLAYER_SIDE = {"house_edge": "player edge", "element_of_risk": "player edge per unit wagered"}


def figure_lines(table: ReturnTable) -> list[tuple[str, str, str]]:
    """The figures as printed: (label, exact text, decimal text), decisions last."""
    lines: list[tuple[str, str, str]] = []
    for name, value in table.summary():
        label = name.replace("_", " ")
        if isinstance(value, int):
            lines.append((label, f"{value:,}", ""))
        elif isinstance(value, float):
            lines.append((label, "", f"{value:.6f}"))
        elif name in ("house_edge", "element_of_risk", "expected_return", "hit_frequency",
                      "push_probability"):
            lines.append((label, exact(value), percent(value)))
            if name in PLAYER_SIDE and value < 0:    # the player has the edge
                lines.append((PLAYER_SIDE[name], exact(-value), percent(-value)))
            if name == "house_edge" and table.quotes_stake:
                lines.append(("house edge per unit staked initially",
                              exact(table.house_edge_per_stake),
                              percent(table.house_edge_per_stake)))
        else:
            lines.append((label, exact(value), decimal(value, 6)))
    for name, count, freq in table.decision_frequencies():
        lines.append((f"decision: {name}", f"{count:,}", percent(freq)))
    return lines


def header_lines(table: ReturnTable) -> list[tuple[str, str]]:
    """What the table is of, as (label, text): game, bet, pay table, options, unit."""
    header = [("game", table.game), ("bet", table.bet)]
    if table.paytable is not None:
        header.append(("pay table", f"{table.paytable.name} ("
                       + ", ".join(f"{k} {format_pay(v)}" for k, v in table.paytable.pays) + ")"))
    if table.options:
        header.append(("options", ", ".join(f"{k}={v}" for k, v in table.options.items())))
    if table.initial_wager != 1 or table.quotes_stake or table.basis != "unit wagered":
        header.append(("figures per", basis_text(table)))
    if table.assumptions:
        header.append(("assumed", "; ".join(table.assumptions)))
    return header


def basis_text(table: ReturnTable) -> str:
    """What the figures are quoted per, and the initial stake where that is not 1 of it:
    ``1 Ante (initial stake: 2 Antes)``, ``1 unit wagered (initial stake: 3 units wagered)``."""
    text = f"1 {table.basis}"
    if table.stake != 1:
        text += f" (initial stake: {amount(table, table.stake)})"
    return text


def amount(table: ReturnTable, value: Fraction) -> str:
    """``value`` in the unit the table's figures are quoted per: ``2 Antes``, ``1 unit
    wagered``, ``3 units wagered``."""
    return f"1 {table.basis}" if value == 1 else f"{exact(value)} {plural(table.basis)}"


def plural(unit: str) -> str:
    """A unit's plural: ``Antes``, ``units wagered``."""
    first, _, rest = unit.partition(" ")
    return f"{first}s" + (f" {rest}" if rest else "")


def row_cells(table: ReturnTable) -> tuple[list[str], list[list[str]]]:
    """The printed headers and rows of the return table, the total row last."""
    per = (f"return per {table.basis}" if table.initial_wager == 1
           else f"return per {table.basis} (pays x probability / {exact(table.initial_wager)})")
    plain = table.initial_wager == 1 and table.basis == "unit wagered"
    heads = ["outcome", "pays", "combinations", "probability", "return" if plain else per]
    with_wager = any(row.wager is not None for row in table.rows)
    if with_wager:
        heads.insert(2, "wager")
    body = []
    for row in table.rows:
        cells = [row.outcome, exact(row.pays),
                 f"{row.combinations:,}", probability_text(table.probability(row)),
                 decimal(table.row_return(row), 8)]
        if with_wager:
            cells.insert(2, format_pay(row.wager if row.wager is not None else table.initial_wager))
        body.append(cells)
    total = ["total", "", f"{table.cycle:,}", decimal(Fraction(1), 10),
             decimal(table.expected_return, 8)]
    if with_wager:
        total.insert(2, "")
    body.append(total)
    return heads, body


TableRenderer = Callable[[ReturnTable, str], str]
_table_renderers: list[TableRenderer] = []


def install_table_renderer(renderer: TableRenderer) -> None:
    """Make ``renderer`` the one :func:`render` (and ``ReturnTable.render``) calls: the
    document layer, above this one, installs it when ``edge.document`` is imported."""
    _table_renderers[:] = [renderer]


def render(table: ReturnTable, fmt: str = "plain") -> str:
    """Render a return table in one of :data:`edge.document.FORMATS` (through its document)."""
    if not _table_renderers:   # edge/__init__.py imports edge.document, which installs it
        raise RuntimeError("no table renderer installed: import edge.document")
    return _table_renderers[0](table, fmt)


def fine_percent(value: Fraction) -> str:
    """A percentage with four places, or four significant digits when it is smaller (a plain
    decimal, never in scientific notation)."""
    if value == 0 or abs(value) >= Fraction(1, 10 ** 5):
        return percent(value, 4)
    return significant(value * 100, 4) + "%"
