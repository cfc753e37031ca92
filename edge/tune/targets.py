"""What the user asks for, and what a candidate is judged by.

The target house edge, bounds on the other figures, ``--vary`` ranges; the exact figures of a
candidate and the filters that admit it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from edge.errors import EdgeError
from edge.options import parse_fraction
from edge.paytables import format_pay
from edge.table import ReturnTable, decimal

# --- parsing ------------------------------------------------------------------------------

def parse_number(text: str, what: str) -> Fraction:
    raw = text.strip()
    if not raw:
        raise EdgeError(f"The {what} is missing a number.")
    try:
        return parse_fraction(raw, what)
    except EdgeError:
        raise EdgeError(f"The {what} {raw!r} is not a number "
                        "(write 7, 1.5, 5/2, 3:2 or 2.5%).") from None


def percent_text(value: Fraction | float, places: int = 4, trim: bool = True) -> str:
    """A fraction as a percentage: ``3.5%`` (``3.5000%`` untrimmed, for columns), ``0.000015%``
    (never a bare 0 for a value that is not zero).

    >>> percent_text(Fraction(7, 200)), percent_text(Fraction(1, 6497400))
    ('3.5%', '0.000015%')
    """
    scaled = Fraction(value) * 100
    if scaled and abs(scaled) < Fraction(1, 10 ** places):
        places = min(12, 1 - math.floor(math.log10(abs(scaled))))   # two significant digits
    text = decimal(scaled, places)
    if trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    return f"{text}%"


@dataclass(frozen=True)
class Target:
    """The house edge wanted: a range ``low..high``, or one value when they are equal."""

    low: Fraction
    high: Fraction

    @property
    def centre(self) -> Fraction:
        """The middle of the range: candidates are sorted by their distance to it."""
        return (self.low + self.high) / 2

    @property
    def is_range(self) -> bool:
        """Whether this is a range (candidates outside it are dropped)."""
        return self.low != self.high

    def admits(self, edge: Fraction) -> bool:
        """Whether a house edge is wanted (a single value admits every edge, nearest first)."""
        return not self.is_range or self.low <= edge <= self.high

    def distance(self, edge: Fraction) -> Fraction:
        """How far a house edge is from the centre of the target."""
        return abs(edge - self.centre)

    def __str__(self) -> str:
        if not self.is_range:
            return percent_text(self.low)
        return f"{percent_text(self.low)}..{percent_text(self.high)}"


def parse_target(text: str) -> Target:
    """``"2%..3.5%"``, ``"3%"``, ``"0.03"`` or ``"1/40"`` as a :class:`Target`.

    >>> str(parse_target("2%..3.5%")), parse_target("0.03").low
    ('2%..3.5%', Fraction(3, 100))
    """
    low_text, dots, high_text = text.partition("..")
    if dots and (not low_text.strip() or not high_text.strip()):
        raise EdgeError(f"The target edge {text!r} needs both ends (write 2%..3.5%).")
    low = _edge_value(low_text, text)
    high = _edge_value(high_text, text) if dots else low
    if low > high:
        raise EdgeError(f"The target edge {text!r} is an empty range: "
                        f"{percent_text(low)} is above {percent_text(high)}.")
    return Target(low, high)


def _edge_value(part: str, whole: str) -> Fraction:
    value = parse_number(part, f"target edge {whole.strip()!r}:")
    if not -1 < value < 1:
        raise EdgeError(f"The target edge {part.strip()!r} is out of range: a house edge lies "
                        "between -100% and 100% (write 3% or 0.03, not 3).")
    return value


@dataclass(frozen=True)
class Bounds:
    """An optional lower and upper bound (inclusive) on a figure."""

    low: Fraction | None = None
    high: Fraction | None = None

    def admits(self, value: Fraction) -> bool:
        """Whether ``value`` lies within the bounds."""
        return ((self.low is None or value >= self.low)
                and (self.high is None or value <= self.high))

    def __str__(self) -> str:
        low = "" if self.low is None else format_pay(self.low)
        high = "" if self.high is None else format_pay(self.high)
        return f"{low}..{high}"


def parse_bounds(text: str, what: str, *, probability: bool = False) -> Bounds:
    """A filter ``LO..HI``, ``LO..`` or ``..HI`` (percentages allowed).

    >>> parse_bounds("20%..", "hit frequency", probability=True)
    Bounds(low=Fraction(1, 5), high=None)
    """
    low_text, dots, high_text = text.partition("..")
    if not dots:
        raise EdgeError(f"The {what} filter {text!r} is not a range: write LO..HI, LO.. or ..HI.")
    low = parse_number(low_text, f"{what} filter") if low_text.strip() else None
    high = parse_number(high_text, f"{what} filter") if high_text.strip() else None
    if low is None and high is None:
        raise EdgeError(f"The {what} filter {text!r} has no bound.")
    for value in (low, high):
        if value is not None and (value < 0 or (probability and value > 1)):
            limit = " and 100% (write 20%, not 20)" if probability else ""
            raise EdgeError(f"The {what} filter {text!r} is out of range: "
                            f"it lies between 0{limit}.")
    if low is not None and high is not None and low > high:
        raise EdgeError(f"The {what} filter {text!r} is an empty range.")
    return Bounds(low, high)


@dataclass(frozen=True)
class Range:
    """A ``--vary NAME=LO..HI`` request (one value when ``low == high``)."""

    name: str
    low: Fraction
    high: Fraction


def parse_vary(text: str) -> Range:
    """``"flush=3..5"`` (or ``"flush=4"``) as a :class:`Range`.

    >>> parse_vary("straight-flush=30..50")
    Range(name='straight-flush', low=Fraction(30, 1), high=Fraction(50, 1))
    """
    name, eq, spec = text.partition("=")
    name = name.strip()
    if not eq or not name or not spec.strip():
        raise EdgeError(f"The range {text!r} is not of the form NAME=LO..HI.")
    low_text, dots, high_text = spec.partition("..")
    if dots and (not low_text.strip() or not high_text.strip()):
        raise EdgeError(f"The range {text!r} needs both ends (write {name}=LO..HI).")
    low = parse_number(low_text, f"low end of {name}")
    high = parse_number(high_text, f"high end of {name}") if dots else low
    if low > high:
        raise EdgeError(f"The range {spec.strip()!r} for {name} is empty: "
                        f"{low_text.strip()} is above {high_text.strip()}.")
    return Range(name, low, high)


# --- figures --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Figures:
    """The exact figures tune prints for one candidate."""

    house_edge: Fraction
    hit_frequency: Fraction
    variance: Fraction
    element_of_risk: Fraction | None = None

    @property
    def standard_deviation(self) -> float:
        """Standard deviation per unit of the initial wager."""
        return math.sqrt(self.variance)

    @classmethod
    def of(cls, table: ReturnTable) -> Figures:
        """The figures of a return table."""
        return cls(table.house_edge, table.hit_frequency, table.variance,
                   table.element_of_risk if table.has_decisions else None)


@dataclass(frozen=True)
class Filters:
    """The target edge and the optional hit-frequency and standard-deviation filters."""

    target: Target
    hit_frequency: Bounds = Bounds()
    standard_deviation: Bounds = Bounds()

    def admits(self, figures: Figures) -> bool:
        """Whether a candidate is wanted, decided exactly."""
        sd = self.standard_deviation
        return (self.target.admits(figures.house_edge)
                and self.hit_frequency.admits(figures.hit_frequency)
                and (sd.low is None or figures.variance >= sd.low ** 2)
                and (sd.high is None or figures.variance <= sd.high ** 2))

    def sort_key(self, figures: Figures) -> tuple[Fraction, Fraction]:
        """Distance to the target (its centre), then the house edge."""
        return self.target.distance(figures.house_edge), figures.house_edge


def number_text(value: Fraction) -> str:
    return format_pay(value) if value >= 0 else f"-{format_pay(-value)}"


