"""Pay-table tuning: the pay tables (or numeric options) that give a target house edge.

A wager without player decisions is linear in its pays: each row of its return table pays a
fixed amount (a loss, a push) plus the pays of the pay-table outcomes it is paid on. ``tune``
analyses such a wager once, at a *probe* table whose pays spell out which outcomes each row is
paid on (outcome k pays ``1024 * 2**k``), writes that down as a :class:`LinearModel`, checks
the model against a second analysis at other pays, and then scores every candidate table at
once with numpy on the integer counts. Exact fractions are computed only for the tables it
prints. A wager whose optimal strategy depends on the pays is re-solved for each candidate.

>>> result = tune("triple-bet", "block", "4%..5%", ["ultimate=30..40", "pair-block=8..12"])
>>> result.method, result.scored
('linear', 55)
>>> all(Fraction(4, 100) <= c.figures.house_edge <= Fraction(5, 100) for c in result.candidates)
True
"""

from __future__ import annotations

import dataclasses
import json
import math
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TextIO

import numpy as np
import numpy.typing as npt
from tabulate import tabulate

from edge.errors import EdgeError
from edge.games import Bet, Game, RunSettings, get_game
from edge.options import options_dict, parse_fraction
from edge.paytables import PayTable, format_pay
from edge.table import ReturnTable, Row, decimal, exact

Int64Array = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

TUNE_FORMATS = ("plain", "markdown", "json")
PROBE_UNIT = 1024              # probe pays are PROBE_UNIT * 2**k; fixed row pays stay below half
DEFAULT_LIMIT = 20
DEFAULT_MAX_CANDIDATES = 20_000_000
CHUNK = 1 << 17                # candidates scored per numpy pass
MARGIN = 1e-9                  # floats this close to a bound are re-checked with fractions
MAX_EXACT_SORT = 10_000        # candidates re-sorted exactly at most (float order beyond)
SOLVE_ANALYSES = 60            # analyses allowed when a re-solved --solve searches its pay
PROGRESS_AFTER = 2.0           # seconds: shorter re-solving runs show no progress


# --- parsing ------------------------------------------------------------------------------

def _number(text: str, what: str) -> Fraction:
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
    value = _number(part, f"target edge {whole.strip()!r}:")
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
    low = _number(low_text, f"{what} filter") if low_text.strip() else None
    high = _number(high_text, f"{what} filter") if high_text.strip() else None
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
    low = _number(low_text, f"low end of {name}")
    high = _number(high_text, f"high end of {name}") if dots else low
    if low > high:
        raise EdgeError(f"The range {spec.strip()!r} for {name} is empty: "
                        f"{format_pay(low)} is above {format_pay(high)}.")
    return Range(name, low, high)


# --- what is varied -----------------------------------------------------------------------

def numeric_options(game: Game) -> dict[str, dataclasses.Field[Any]]:
    """The game's options that take a number (tune can vary or solve them)."""
    fields: dict[str, dataclasses.Field[Any]] = {}
    for item in dataclasses.fields(game.rules):
        default = item.default
        if "help" not in item.metadata or item.metadata.get("choices") is not None:
            continue
        if isinstance(default, int | Fraction) and not isinstance(default, bool):
            fields[item.name] = item
    return fields


@dataclass(frozen=True)
class Setting:
    """A game, one of its bets, the base pay table and options: what candidates change."""

    game: Game
    bet: Bet
    paytable: PayTable | None
    overrides: Mapping[str, Any]
    run: RunSettings
    analyses: list[int] = dataclasses.field(default_factory=lambda: [0])   # a running count

    @property
    def outcomes(self) -> tuple[str, ...]:
        """The pay-table outcomes of the bet (none when it has no pay table)."""
        return () if self.paytable is None else tuple(self.paytable)

    def resolve(self, name: str) -> tuple[str, str]:
        """``("pay", outcome)`` or ``("option", field)`` for a name the user typed."""
        text = name.strip().lower()
        if text.replace("_", "-") in self.outcomes:
            return "pay", text.replace("_", "-")
        numeric = numeric_options(self.game)
        key = text.replace("-", "_")
        if key in numeric:
            return "option", key
        known = {f.name for f in dataclasses.fields(self.game.rules) if "help" in f.metadata}
        if key in known:
            raise EdgeError(f"The option {name!r} of {self.game.name} is not a number, so it "
                            "cannot be tuned; set it with --set.")
        pays = ", ".join(self.outcomes) or "none (this bet has no pay table)"
        options = ", ".join(numeric) or "none"
        raise EdgeError(f"Unknown pay {name!r} for {self.game.name} {self.bet.name}: the pays "
                        f"are {pays}; numeric options: {options}.")

    def option_value(self, key: str, value: Fraction) -> int | Fraction:
        """A number as the option's own type (whole numbers for integer options)."""
        if isinstance(numeric_options(self.game)[key].default, int):
            if value.denominator != 1:
                raise EdgeError(f"The option {key} takes whole numbers, not {format_pay(value)}.")
            return int(value)
        return value

    def rules(self, options: Mapping[str, Fraction]) -> Any:
        """The options dataclass: the base overrides with some numeric options replaced."""
        values = {k.strip().replace("-", "_"): v for k, v in self.overrides.items()}
        values.update({key: self.option_value(key, value) for key, value in options.items()})
        return self.game.make_rules(values)

    def base_value(self, kind: str, key: str) -> Fraction:
        """The pay or option value before tuning."""
        if kind == "pay":
            assert self.paytable is not None
            return self.paytable[key]
        return Fraction(getattr(self.rules({}), key))

    def paytable_with(self, pays: Mapping[str, Fraction]) -> PayTable | None:
        """The base pay table with some pays replaced, named by its label (a game's own kind
        of pay table keeps its kind and its other fields)."""
        if self.paytable is None:
            return None
        table = dataclasses.replace(self.paytable, pays=tuple(
            (name, pays.get(name, pay)) for name, pay in self.paytable.pays))
        return dataclasses.replace(table, name=table.label())

    def analyze(self, pays: Mapping[str, Fraction],
                options: Mapping[str, Fraction]) -> ReturnTable:
        """A fresh analysis of the bet with some pays and numeric options replaced."""
        self.analyses[0] += 1
        return self.game.analyze(self.bet.name, self.paytable_with(pays), self.rules(options),
                                 self.run)

    def split(self, names: Sequence[str], values: Sequence[Fraction],
              kinds: Sequence[str]) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
        """Pays and options from parallel name/value/kind lists."""
        pays = {n: v for n, v, k in zip(names, values, kinds, strict=True) if k == "pay"}
        options = {n: v for n, v, k in zip(names, values, kinds, strict=True) if k == "option"}
        return pays, options


def make_setting(game: str | Game, bet: str | None, paytable: str | PayTable | None,
                 options: Mapping[str, Any] | None, run: RunSettings | None) -> Setting:
    """Resolve a game, bet, base pay table and options for tuning."""
    found = game if isinstance(game, Game) else get_game(game)
    chosen = found.bet(bet)
    table = paytable if isinstance(paytable, PayTable) else chosen.paytable(paytable)
    setting = Setting(found, chosen, table, dict(options or {}), run or RunSettings())
    setting.rules({})  # validate the --set options now
    return setting


@dataclass(frozen=True)
class Parameter:
    """One varied quantity: values ``low, low + step, ...`` (``count`` of them)."""

    name: str
    kind: str                 # "pay" (a pay-table outcome) or "option" (a numeric option)
    low: Fraction
    step: Fraction
    count: int

    def value(self, index: int) -> Fraction:
        """The ``index``-th value."""
        return self.low + index * self.step

    @property
    def high(self) -> Fraction:
        """The largest value."""
        return self.value(self.count - 1)

    def __str__(self) -> str:
        if self.count == 1:
            return f"{self.name} {format_pay(self.low)}"
        step = "" if self.step == 1 else f" by {format_pay(self.step)}"
        return f"{self.name} {format_pay(self.low)}..{format_pay(self.high)}{step}"


def default_step(setting: Setting, kind: str, key: str) -> Fraction:
    """Whole units for pays and integer options; a fraction's own scale (1% for 5%)."""
    if kind == "pay" or isinstance(numeric_options(setting.game)[key].default, int):
        return Fraction(1)
    base = abs(setting.base_value(kind, key))
    if base == 0 or base >= 1:
        return Fraction(1)
    return Fraction(1, 10 ** math.ceil(-math.log10(base) - 1e-12))


Steps = Fraction | Mapping[str, Fraction] | None


def parse_steps(texts: Sequence[str]) -> dict[str, Fraction]:
    """``--step`` values: ``"0.5"`` for every varied quantity, ``"meter=5000"`` for one.

    >>> parse_steps(["1/2", "meter=5000"])
    {'': Fraction(1, 2), 'meter': Fraction(5000, 1)}
    """
    steps: dict[str, Fraction] = {}
    for text in texts:
        name, eq, value = text.rpartition("=")
        key = name.strip() if eq else ""
        if eq and not key:
            raise EdgeError(f"The step {text!r} is not of the form STEP or NAME=STEP.")
        if key in steps:
            raise EdgeError(f"The step for {key or 'every quantity'} is given twice.")
        steps[key] = _number(value, f"step {text.strip()!r}:")
    return steps


def step_for(setting: Setting, steps: Steps, kind: str, key: str) -> Fraction:
    """The step of one varied quantity: its own ``--step NAME=S``, the common one, or default."""
    table = steps if isinstance(steps, Mapping) else {"": steps} if steps is not None else {}
    mine = [v for name, v in table.items() if name and setting.resolve(name) == (kind, key)]
    step = mine[0] if mine else table.get("")
    step = default_step(setting, kind, key) if step is None else step
    if step <= 0:
        raise EdgeError(f"The step {format_pay(step)} for {key} must be positive.")
    if kind == "option":
        setting.option_value(key, step)
    return step


def _check_steps(setting: Setting, steps: Steps, varied: Sequence[tuple[str, str]]) -> None:
    if isinstance(steps, Mapping):
        for name in steps:
            if name and setting.resolve(name) not in varied:
                raise EdgeError(f"--step {name}=... names a quantity that is not varied.")


def _group(outcome: str) -> str:
    return outcome.rsplit(".", 1)[0] if "." in outcome else ""


def _fraction_gcd(values: Sequence[Fraction]) -> Fraction:
    denominator = math.lcm(*(v.denominator for v in values))
    divisor = math.gcd(*(int(v * denominator) for v in values))
    return Fraction(divisor, denominator) if divisor else Fraction(1)


@dataclass(frozen=True)
class Grid:
    """Every candidate: the product of the parameters' values, minus those out of rank order.

    Values are whole multiples of ``unit``; ``pairs`` ``(i, j)`` require value i >= value j.
    """

    params: tuple[Parameter, ...]
    pairs: tuple[tuple[int, int], ...]

    @property
    def shape(self) -> tuple[int, ...]:
        """The number of values of each parameter."""
        return tuple(p.count for p in self.params)

    @property
    def size(self) -> int:
        """Candidates before the rank-order test."""
        return math.prod(self.shape)

    @property
    def unit(self) -> Fraction:
        """The largest number every value is a whole multiple of."""
        return _fraction_gcd([p.low for p in self.params] + [p.step for p in self.params])

    def values_at(self, index: int) -> tuple[Fraction, ...]:
        """The values of candidate ``index`` (row-major over the parameters)."""
        digits = np.unravel_index(index, self.shape)
        return tuple(p.value(int(d)) for p, d in zip(self.params, digits, strict=True))

    def units(self, index: Int64Array) -> FloatArray:
        """Candidates' values in units, a row per parameter (whole numbers, exact in float64)."""
        unit = self.unit
        units = np.empty((len(self.params), len(index)), dtype=np.float64)
        stride = self.size
        for k, param in enumerate(self.params):
            stride //= param.count
            digits = (index // stride) % param.count
            np.multiply(digits, float(param.step / unit), out=units[k])
            units[k] += float(param.low / unit)
        return units

    def chunks(self) -> Iterator[tuple[Int64Array, FloatArray]]:
        """Indices and unit values of the candidates in rank order, a chunk at a time."""
        for start in range(0, self.size, CHUNK):
            index = np.arange(start, min(start + CHUNK, self.size), dtype=np.int64)
            units = self.units(index)
            keep = np.ones(len(index), dtype=np.bool_)
            for i, j in self.pairs:
                keep &= units[i] >= units[j]
            yield index[keep], units[:, keep]


def make_grid(setting: Setting, ranges: Sequence[Range], step: Steps,
              ordered: bool, max_candidates: int = DEFAULT_MAX_CANDIDATES) -> Grid:
    """The candidate grid for ``--vary`` ranges, checked against the bet and its options.

    ``step`` is one step for every quantity, or steps by name (``""`` for the rest).
    """
    if not ranges:
        raise EdgeError("Nothing to tune: give --vary NAME=LO..HI (or --solve NAME).")
    params: list[Parameter] = []
    for item in ranges:
        kind, key = setting.resolve(item.name)
        if any(p.name == key for p in params):
            raise EdgeError(f"The pay {key!r} is varied twice.")
        gap = step_for(setting, step, kind, key)
        if kind == "pay" and item.low < 0:
            raise EdgeError(f"The range for {key} starts at {format_pay(item.low)}: pays are net "
                            "wins and cannot be negative.")
        if kind == "option":
            for end in (item.low, item.high):
                setting.rules({key: end})   # raises on a value out of the option's range
        params.append(Parameter(key, kind, item.low, gap, int((item.high - item.low) // gap) + 1))
    _check_steps(setting, step, [(p.kind, p.name) for p in params])
    if ordered:
        params = [_prune(setting, p, params) if p.kind == "pay" else p for p in params]
    grid = Grid(tuple(params), _rank_pairs(setting, params) if ordered else ())
    if max(abs(p.low) + (p.count - 1) * p.step for p in params) / grid.unit >= 2 ** 53:
        raise EdgeError("The values are too fine-grained to score: use a coarser --step.")
    if grid.size > max_candidates:
        raise EdgeError(f"The ranges give {grid.size:,} candidate tables, more than the limit of "
                        f"{max_candidates:,}: narrow them, use a coarser --step or raise "
                        "--max-candidates.")
    return grid


def _prune(setting: Setting, param: Parameter, params: Sequence[Parameter]) -> Parameter:
    """Keep the values that sit between the fixed pays ranked above and below (rank order)."""
    varied = {p.name for p in params}
    outcomes = [o for o in setting.outcomes if _group(o) == _group(param.name)]
    position = outcomes.index(param.name)
    above = [(setting.base_value("pay", o), o) for o in outcomes[:position] if o not in varied]
    below = [(setting.base_value("pay", o), o) for o in outcomes[position + 1:] if o not in varied]
    first, last, where = 0, param.count - 1, []
    if above:
        pay, name = min(above)
        last = min(last, math.floor((pay - param.low) / param.step))
        where.append(f"at most {format_pay(pay)} ({name})")
    if below:
        pay, name = max(below)
        first = max(first, math.ceil((pay - param.low) / param.step))
        where.append(f"at least {format_pay(pay)} ({name})")
    if first > last:
        raise EdgeError(f"No {param.name} pay in {format_pay(param.low)}.."
                        f"{format_pay(param.high)} keeps the pays in rank order: it must be "
                        f"{' and '.join(where)}; widen the range, vary those pays too, "
                        "or use --unordered.")
    return dataclasses.replace(param, low=param.value(first), count=last - first + 1)


def _rank_pairs(setting: Setting, params: Sequence[Parameter]) -> tuple[tuple[int, int], ...]:
    """Consecutive varied pays of one group, better outcome first: (i, j) means i >= j."""
    order = {name: n for n, name in enumerate(setting.outcomes)}
    pays = sorted((order[p.name], k) for k, p in enumerate(params) if p.kind == "pay")
    pairs = []
    for (_, i), (_, j) in zip(pays, pays[1:], strict=False):
        if _group(params[i].name) == _group(params[j].name):
            pairs.append((i, j))
    return tuple(pairs)


# --- the linear model ---------------------------------------------------------------------

@dataclass(frozen=True)
class LinearModel:
    """Each row's net pay as a fixed part plus multiples of the parameters, exactly.

    ``names`` are every pay-table outcome, then each varied numeric option; ``terms[r][k]`` is
    how many times row ``r`` is paid parameter ``k`` (0 or 1 for a pay, a slope for an option);
    ``template`` is an analysis giving the rows' names, counts and wagers.
    """

    template: ReturnTable
    names: tuple[str, ...]
    kinds: tuple[str, ...]
    fixed: tuple[Fraction, ...]
    terms: tuple[tuple[Fraction, ...], ...]

    def row_pays(self, values: Sequence[Fraction]) -> list[Fraction]:
        """Every row's net pay for parameter ``values`` (in ``names`` order)."""
        return [fixed + sum((c * v for c, v in zip(terms, values, strict=True) if c),
                            Fraction(0))
                for fixed, terms in zip(self.fixed, self.terms, strict=True)]

    def table(self, values: Sequence[Fraction], paytable: PayTable | None,
              options: Mapping[str, str]) -> ReturnTable:
        """The exact return table the bet would have at these values."""
        rows = tuple(Row(row.outcome, pay, row.combinations, row.wager)
                     for row, pay in zip(self.template.rows, self.row_pays(values), strict=True))
        return dataclasses.replace(self.template, rows=rows, paytable=paytable, options=options,
                                   notes=())

    def mapping(self) -> list[tuple[str, Fraction, list[tuple[str, Fraction]]]]:
        """Each row, its fixed pay and the parameters (with multiples) it is paid on."""
        return [(row.outcome, fixed,
                 [(name, c) for name, c in zip(self.names, terms, strict=True) if c])
                for row, fixed, terms in zip(self.template.rows, self.fixed, self.terms,
                                             strict=True)]

    def describe(self) -> str:
        """The row -> outcome map in one line (``flush-pair -> flush-pair; lose fixed -1``)."""
        parts = []
        for outcome, fixed, paid in self.mapping():
            shown = " + ".join(name if c == 1 else f"{_number_text(c)}*{name}"
                               for name, c in paid)
            if not paid:
                shown = f"fixed {_number_text(fixed)}"
            elif fixed:
                shown += f" {'+' if fixed > 0 else '-'} {format_pay(abs(fixed))}"
            parts.append(f"{outcome} -> {shown}")
        return "; ".join(parts)


def _shape_difference(a: ReturnTable, b: ReturnTable) -> str | None:
    """How two analyses differ in anything but the pays (None when they agree)."""
    if len(a.rows) != len(b.rows):
        return f"the number of rows changes ({len(a.rows)} to {len(b.rows)})"
    for x, y in zip(a.rows, b.rows, strict=True):
        if (x.outcome, x.combinations, x.wager) != (y.outcome, y.combinations, y.wager):
            return f"the row {x.outcome!r} changes its count or wager"
    if a.decisions != b.decisions or a.initial_wager != b.initial_wager:
        return "the player's decisions change"
    return None


def _probe_values(setting: Setting, key: str, wanted: Sequence[Fraction]) -> list[Fraction]:
    """Distinct valid values of a numeric option to probe it with (the wanted ones first)."""
    base = setting.base_value("option", key)
    meta = numeric_options(setting.game)[key].metadata
    extra = [base + 1, base - 1, base * 2, base / 2, base + Fraction(1, 7)]
    extra += [Fraction(v) for v in (meta.get("minimum"), meta.get("maximum")) if v is not None]
    found: list[Fraction] = []
    for value in [base, *wanted, *extra]:
        if value in found:
            continue
        try:
            setting.rules({key: value})
        except EdgeError:
            continue
        found.append(value)
    return found


def build_model(setting: Setting, varied: Sequence[tuple[str, str]],
                wanted: Mapping[str, Sequence[Fraction]] | None = None) -> LinearModel | str:
    """The linear model of the bet in what is varied, or the reason there is none.

    ``varied`` lists ``(kind, name)`` pairs: pay-table outcomes and numeric options. First one
    analysis at the probe pays (outcome k pays ``1024 * 2**k``) maps every row to the outcomes
    it is paid on, and each varied option costs one more analysis (its slope). Where a row is
    not a plain sum of pays (a pay scaled by a meter, say), each varied quantity is moved in
    turn from the base table instead, an analysis each. Either way a last analysis at other
    values must agree with the model row by row.
    """
    probes = {key: _probe_values(setting, key, (wanted or {}).get(key, ()))
              for kind, key in varied if kind == "option"}
    for key, values in probes.items():
        if len(values) < 2:
            return f"the option {key} has only one allowed value"
    outcomes = setting.outcomes
    probe = {name: Fraction(PROBE_UNIT << k) for k, name in enumerate(outcomes)}
    base = {key: values[0] for key, values in probes.items()}
    first = setting.analyze(probe, base)
    if setting.bet.linear is None and first.has_decisions:
        return "its return table records player decisions"
    slopes = _slopes(setting, first, probe, probes)
    if isinstance(slopes, str):
        return slopes
    rest = [row.pays - sum((s * base[key] for s, key in zip(slope, probes, strict=True)),
                           Fraction(0)) for row, slope in zip(first.rows, slopes, strict=True)]
    decoded = _decode(rest, len(outcomes))
    if decoded is not None:
        model = LinearModel(first, outcomes + tuple(probes),
                            ("pay",) * len(outcomes) + ("option",) * len(probes), decoded[0],
                            tuple(t + tuple(s) for t, s in zip(decoded[1], slopes, strict=True)))
        if not _check_model(setting, model, probes):
            return model
    return _moved_model(setting, [key for kind, key in varied if kind == "pay"], probes)


def _slopes(setting: Setting, first: ReturnTable, pays: Mapping[str, Fraction],
            probes: Mapping[str, Sequence[Fraction]]) -> list[list[Fraction]] | str:
    """Each row's change per unit of each option (an analysis per option)."""
    base = {key: values[0] for key, values in probes.items()}
    slopes: list[list[Fraction]] = [[] for _ in first.rows]
    for key, values in probes.items():
        moved = setting.analyze(pays, {**base, key: values[1]})
        problem = _shape_difference(first, moved)
        if problem:
            return f"{problem} when {key} changes"
        for r, (a, b) in enumerate(zip(first.rows, moved.rows, strict=True)):
            slopes[r].append((b.pays - a.pays) / (values[1] - values[0]))
    return slopes


def _decode(rest: Sequence[Fraction], outcomes: int) -> Terms | None:
    """Read each probe row pay as a small fixed pay plus a sum of distinct probe pays."""
    fixed: list[Fraction] = []
    terms: list[tuple[Fraction, ...]] = []
    for pay in rest:
        paid = round(pay / PROBE_UNIT)
        if paid < 0 or paid >> outcomes or abs(pay - paid * PROBE_UNIT) >= PROBE_UNIT // 2:
            return None
        fixed.append(pay - paid * PROBE_UNIT)
        terms.append(tuple(Fraction((paid >> k) & 1) for k in range(outcomes)))
    return tuple(fixed), tuple(terms)


Terms = tuple[tuple[Fraction, ...], tuple[tuple[Fraction, ...], ...]]


def _moved_model(setting: Setting, pays: Sequence[str],
                 probes: Mapping[str, Sequence[Fraction]]) -> LinearModel | str:
    """The model in the varied quantities only, each moved in turn from the base table."""
    base = {key: values[0] for key, values in probes.items()}
    first = setting.analyze({}, base)
    slopes = _slopes(setting, first, {}, probes)
    if isinstance(slopes, str):
        return slopes
    columns: list[list[Fraction]] = []
    for name in pays:
        moved = setting.analyze({name: setting.base_value("pay", name) + 1}, base)
        problem = _shape_difference(first, moved)
        if problem:
            return f"{problem} when {name} changes"
        columns.append([b.pays - a.pays for a, b in zip(first.rows, moved.rows, strict=True)])
    terms = tuple(tuple(column[r] for column in columns) + tuple(slopes[r])
                  for r in range(len(first.rows)))
    values = [setting.base_value("pay", name) for name in pays] + list(base.values())
    fixed = tuple(row.pays - sum((c * v for c, v in zip(t, values, strict=True)), Fraction(0))
                  for row, t in zip(first.rows, terms, strict=True))
    model = LinearModel(first, tuple(pays) + tuple(probes),
                        ("pay",) * len(pays) + ("option",) * len(probes), fixed, terms)
    return _check_model(setting, model, probes) or model


def _check_model(setting: Setting, model: LinearModel,
                 probes: Mapping[str, Sequence[Fraction]]) -> str | None:
    """Re-analyse at other pays and option values; the model must predict every row exactly."""
    pays = {name: Fraction(2 * k + 3) + Fraction(1, k + 2)
            for k, (name, kind) in enumerate(zip(model.names, model.kinds, strict=True))
            if kind == "pay"}
    options = {key: values[2] if len(values) > 2 else values[1] for key, values in probes.items()}
    check = setting.analyze(pays, options)
    problem = _shape_difference(model.template, check)
    if problem:
        return f"{problem} when the pays change"
    predicted = model.row_pays([*pays.values(), *options.values()])
    for row, pay in zip(check.rows, predicted, strict=True):
        if row.pays != pay:
            return (f"the row {row.outcome!r} pays {_number_text(row.pays)} at the check "
                    f"table where the model predicts {_number_text(pay)}")
    return None


def linear_model(setting: Setting, varied: Sequence[tuple[str, str]],
                 wanted: Mapping[str, Sequence[Fraction]] | None = None,
                 report: Reporter | None = None) -> LinearModel | str:
    """The model when the bet is linear in what is varied, else why it is not (then every
    candidate is analysed afresh)."""
    if setting.bet.linear is False:
        reason = "the game declares that the player's strategy depends on the pays"
    else:
        result = build_model(setting, varied, wanted)
        if isinstance(result, LinearModel):
            return result
        if setting.bet.linear:
            raise EdgeError(f"{setting.game.name} {setting.bet.name} is declared linear in its "
                            f"pays, but {result}.")
        reason = result
    (report or Reporter()).note(f"each candidate is analysed afresh: {reason}")
    return reason


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


# --- reporting ----------------------------------------------------------------------------

class Reporter:
    """Where tune tells what it is doing (silent by default)."""

    def note(self, text: str) -> None:
        """A line for the user: a time estimate, the method chosen."""

    def progress(self, done: int, total: int) -> None:
        """``done`` of ``total`` analyses finished."""


class StderrReporter(Reporter):
    """Notes and progress on stderr (a progress line that updates in place on a terminal)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.shown = -1

    def note(self, text: str) -> None:
        print(f"edge tune: {text}", file=self.stream, flush=True)

    def progress(self, done: int, total: int) -> None:
        tenth = done * 10 // total
        if self.tty:
            end = "\n" if done == total else ""
            print(f"\redge tune: {done:,}/{total:,} analysed", end=end, file=self.stream,
                  flush=True)
        elif tenth != self.shown:
            self.shown = tenth
            print(f"edge tune: {done:,}/{total:,} analysed", file=self.stream, flush=True)


def duration(seconds: float) -> str:
    """A rough duration: ``"40 s"``, ``"3 min"``, ``"2.5 h"``."""
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def _check_time(first: float, count: int, max_seconds: float | None, what: str,
                report: Reporter) -> bool:
    """Say how long ``count`` analyses will take; refuse when over ``max_seconds``.

    Returns whether the run is long enough to show progress.
    """
    estimate = first * count
    if count > 1 and estimate > PROGRESS_AFTER:
        report.note(f"{what}: {count:,} analyses at about {duration(first)} each, "
                    f"about {duration(estimate)} in all")
    if max_seconds is not None and estimate > max_seconds:
        raise EdgeError(f"Re-solving {count:,} candidates would take about {duration(estimate)}, "
                        f"more than --max-seconds {max_seconds:g}: narrow the ranges.")
    return estimate > PROGRESS_AFTER


# --- scoring --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Candidate:
    """One tuned pay table: the varied values, the full table and options, exact figures."""

    values: tuple[Fraction, ...]
    paytable: PayTable | None
    options: Mapping[str, str]
    figures: Figures


@dataclass
class _Scaled:
    """The model over a grid in whole numbers: row pay * scale = fixed + terms . units.

    Every row pay, count and hit count is a whole number below 2**53, so exact in float64;
    only the sums over rows (mean and second moment) round. Rows that no varied parameter
    changes are summed once, up front.
    """

    varying: list[tuple[float, float, list[tuple[int, float]]]]  # count, fixed, (param, term)
    steady_hits: float          # counts of the unchanging rows that win
    steady_square: float        # their sum of counts * pay**2
    total_fixed: float          # sum over all rows of count * fixed
    total_terms: list[float]    # sum over all rows of count * term, per varied parameter
    mean_scale: float           # cycle * initial wager * scale
    cycle: float


def _scale(model: LinearModel, grid: Grid, base: Sequence[Fraction]) -> _Scaled:
    columns = [model.names.index(p.name) for p in grid.params]
    unit = grid.unit
    fixed = []
    for row_fixed, terms in zip(model.fixed, model.terms, strict=True):
        fixed.append(row_fixed + sum((terms[k] * base[k] for k in range(len(base))
                                      if k not in columns and terms[k]), Fraction(0)))
    varied = [[row[c] * unit for c in columns] for row in model.terms]
    scale = math.lcm(*(v.denominator for v in fixed), *(t.denominator for r in varied for t in r))
    fixed_int = [int(v * scale) for v in fixed]
    terms_int = [[int(t * scale) for t in row] for row in varied]
    counts = [row.combinations for row in model.template.rows]
    largest = max((abs(int(p.low / unit)) + (p.count - 1) * int(p.step / unit))
                  for p in grid.params)
    biggest_pay = max(abs(f) + sum(abs(t) for t in row) * largest
                      for f, row in zip(fixed_int, terms_int, strict=True))
    cycle = sum(counts)
    if biggest_pay >= 2 ** 53 or cycle >= 2 ** 53:
        raise EdgeError("The pays or counts are too large to score in floating point; "
                        "narrow the ranges or use a coarser --step.")
    varying = []
    steady_hits = steady_square = 0
    for n, f, row in zip(counts, fixed_int, terms_int, strict=True):
        if any(row):
            varying.append((float(n), float(f), [(k, float(t)) for k, t in enumerate(row) if t]))
        else:
            steady_hits += n if f > 0 else 0
            steady_square += n * f * f
    return _Scaled(
        varying=varying,
        steady_hits=float(steady_hits),
        steady_square=float(steady_square),
        total_fixed=float(sum(n * f for n, f in zip(counts, fixed_int, strict=True))),
        total_terms=[float(sum(n * row[k] for n, row in zip(counts, terms_int, strict=True)))
                     for k in range(len(columns))],
        mean_scale=float(cycle * model.template.initial_wager * scale),
        cycle=float(cycle))


def score_units(scaled: _Scaled, units: FloatArray) -> tuple[FloatArray, FloatArray, FloatArray]:
    """House edge, hit frequency and standard deviation of each candidate (floats).

    ``units`` has a row per varied parameter and a column per candidate. Row pays and hit
    counts are exact; the edge and deviation round only in their sums (callers re-check
    candidates near a bound with fractions). Plain vector arithmetic, no BLAS threads.
    """
    size = units.shape[1]
    total = np.full(size, scaled.total_fixed)
    for k, term in enumerate(scaled.total_terms):
        if term:
            total += term * units[k]
    hits = np.full(size, scaled.steady_hits)
    square = np.full(size, scaled.steady_square)
    pay = np.empty(size)
    for count, fixed, terms in scaled.varying:
        np.multiply(units[terms[0][0]], terms[0][1], out=pay)
        for k, term in terms[1:]:
            pay += term * units[k]
        pay += fixed
        np.add(hits, count, out=hits, where=pay > 0)
        pay *= pay
        pay *= count
        square += pay
    mean = total / scaled.mean_scale
    wager = scaled.mean_scale / scaled.cycle
    variance = square / (scaled.cycle * wager * wager) - mean * mean
    return -mean, hits / scaled.cycle, np.sqrt(np.maximum(variance, 0.0))


def _float_test(values: FloatArray, bounds: Bounds, tolerance: float,
                out: BoolArray, near: BoolArray) -> None:
    """Mark candidates surely outside ``bounds``, and those too close to a bound to tell."""
    if bounds.low is not None:
        out |= values < float(bounds.low) - tolerance
        near |= np.abs(values - float(bounds.low)) <= tolerance
    if bounds.high is not None:
        out |= values > float(bounds.high) + tolerance
        near |= np.abs(values - float(bounds.high)) <= tolerance


@dataclass
class _Scores:
    """What the linear scan keeps: candidates that pass the filters (some to re-check)."""

    index: list[Int64Array]
    edge: list[FloatArray]
    recheck: list[BoolArray]
    scored: int = 0
    low: float = math.inf
    high: float = -math.inf


def scan(scaled: _Scaled, grid: Grid, filters: Filters) -> _Scores:
    """Score every candidate of the grid; keep those the filters may admit."""
    scores = _Scores([], [], [])
    target = filters.target
    target_bounds = Bounds(target.low, target.high) if target.is_range else Bounds()
    for index, units in grid.chunks():
        if not len(index):
            continue
        edge, hit, sd = score_units(scaled, units)
        scores.scored += len(index)
        scores.low = min(scores.low, float(edge.min()))
        scores.high = max(scores.high, float(edge.max()))
        out = np.zeros(len(index), dtype=np.bool_)
        near = np.zeros(len(index), dtype=np.bool_)
        _float_test(edge, target_bounds, MARGIN, out, near)
        _float_test(hit, filters.hit_frequency, MARGIN, out, near)
        _float_test(sd, filters.standard_deviation, MARGIN * max(1.0, float(sd.max())), out, near)
        keep = ~out | near
        scores.index.append(index[keep])
        scores.edge.append(edge[keep])
        scores.recheck.append(near[keep])
    return scores


# --- tuning ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class TuneResult:
    """The candidates that match, nearest the target first, and how they were found."""

    game: Game
    bet: Bet
    filters: Filters
    params: tuple[Parameter, ...]
    ordered: bool
    method: str                          # "linear" (scored from one analysis) or "re-solved"
    scored: int                          # candidates in rank order that were scored
    matching: int                        # candidates the target and filters admit
    candidates: tuple[Candidate, ...]    # the best ``limit`` of them
    edge_span: tuple[float, float] | None
    analyses: int
    seconds: float
    mapping: LinearModel | None = None
    reason: str = ""                     # why candidates were re-solved


def tune(game: str | Game, bet: str | None, target: Target | str,
         vary: Sequence[Range | str], *, paytable: str | PayTable | None = None,
         options: Mapping[str, Any] | None = None, step: Steps = None,
         ordered: bool = True, hit_frequency: Bounds | None = None,
         standard_deviation: Bounds | None = None, limit: int = DEFAULT_LIMIT,
         run: RunSettings | None = None, report: Reporter | None = None,
         max_candidates: int = DEFAULT_MAX_CANDIDATES,
         max_seconds: float | None = None) -> TuneResult:
    """The candidate pay tables whose house edge is in (or nearest) ``target``.

    ``vary`` ranges name pay-table outcomes or numeric options; values step by ``step`` (one
    for all, or by name; whole units by default); with ``ordered`` the pays stay in rank order
    (never a lesser hand paying more). A single-value target lists the nearest tables; a
    range keeps those in it.
    """
    started = time.perf_counter()
    report = report or Reporter()
    if limit < 1:
        raise EdgeError(f"--limit {limit} must be at least 1.")
    setting = make_setting(game, bet, paytable, options, run)
    filters = Filters(parse_target(target) if isinstance(target, str) else target,
                      hit_frequency or Bounds(), standard_deviation or Bounds())
    ranges = [parse_vary(v) if isinstance(v, str) else v for v in vary]
    grid = make_grid(setting, ranges, step, ordered, max_candidates)
    wanted = {p.name: [p.low, p.high] for p in grid.params if p.kind == "option"}
    model = linear_model(setting, [(p.kind, p.name) for p in grid.params], wanted, report)
    if isinstance(model, LinearModel):
        found = _tune_linear(setting, model, grid, filters, limit)
    else:
        found = _tune_by_analysis(setting, grid, filters, limit, report, max_seconds)
    mapping = model if isinstance(model, LinearModel) else None
    return TuneResult(setting.game, setting.bet, filters, grid.params, ordered,
                      "linear" if mapping else "re-solved", found.scored, found.matching,
                      tuple(found.best), found.span, setting.analyses[0],
                      time.perf_counter() - started, mapping, "" if mapping else str(model))


def _base_values(setting: Setting, model: LinearModel) -> list[Fraction]:
    return [setting.base_value(kind, name) for name, kind in zip(model.names, model.kinds,
                                                                   strict=True)]


def _model_candidate(setting: Setting, model: LinearModel, grid: Grid,
                     values: tuple[Fraction, ...]) -> Candidate:
    full = _base_values(setting, model)
    for param, value in zip(grid.params, values, strict=True):
        full[model.names.index(param.name)] = value
    pays, opts = setting.split(model.names, full, model.kinds)
    table = setting.paytable_with(pays)
    shown = options_dict(setting.rules(opts))
    return Candidate(values, table, shown, Figures.of(model.table(full, table, shown)))


@dataclass(frozen=True)
class _Found:
    scored: int
    matching: int
    best: list[Candidate]
    span: tuple[float, float] | None


def _tune_linear(setting: Setting, model: LinearModel, grid: Grid, filters: Filters,
                 limit: int) -> _Found:
    scaled = _scale(model, grid, _base_values(setting, model))
    scores = scan(scaled, grid, filters)
    if not scores.index:
        return _Found(0, 0, [], None)
    index = np.concatenate(scores.index)
    edge = np.concatenate(scores.edge)
    recheck = np.concatenate(scores.recheck)
    exact_cache: dict[int, Candidate] = {}

    def candidate(i: int) -> Candidate:
        if i not in exact_cache:
            exact_cache[i] = _model_candidate(setting, model, grid, grid.values_at(i))
        return exact_cache[i]

    if recheck.any():
        keep = np.array([not flag or filters.admits(candidate(int(i)).figures)
                         for i, flag in zip(index, recheck, strict=True)], dtype=np.bool_)
        index, edge = index[keep], edge[keep]
    span = (scores.low, scores.high)
    if not len(index):
        return _Found(scores.scored, 0, [], span)
    # the nearest by float distance, with every candidate that might tie with the last one;
    # then sorted exactly (distance, house edge, grid order)
    distance = np.abs(edge - float(filters.target.centre))
    cut = min(len(index), limit)
    threshold = np.partition(distance, cut - 1)[cut - 1] + MARGIN
    near = np.flatnonzero(distance <= threshold)
    near = near[np.lexsort((index[near], distance[near]))][:max(MAX_EXACT_SORT, limit)]
    chosen = sorted((int(index[k]) for k in near),
                    key=lambda i: (*filters.sort_key(candidate(i).figures), i))
    return _Found(scores.scored, len(index), [candidate(i) for i in chosen[:limit]], span)


def _tune_by_analysis(setting: Setting, grid: Grid, filters: Filters, limit: int,
                      report: Reporter, max_seconds: float | None) -> _Found:
    indices = [int(i) for index, _ in grid.chunks() for i in index]
    names = [p.name for p in grid.params]
    kinds = [p.kind for p in grid.params]
    kept: list[tuple[tuple[Fraction, Fraction], int, Candidate]] = []
    low, high = math.inf, -math.inf
    show = False
    for done, i in enumerate(indices, start=1):
        values = grid.values_at(i)
        pays, opts = setting.split(names, values, kinds)
        began = time.perf_counter()
        table = setting.analyze(pays, opts)
        if done == 1:
            show = _check_time(time.perf_counter() - began, len(indices), max_seconds,
                               "re-solving every candidate", report)
        figures = Figures.of(table)
        low, high = min(low, float(figures.house_edge)), max(high, float(figures.house_edge))
        if filters.admits(figures):
            shown = options_dict(setting.rules(opts))
            kept.append((filters.sort_key(figures), i,
                         Candidate(values, setting.paytable_with(pays), shown, figures)))
        if show:
            report.progress(done, len(indices))
    kept.sort(key=lambda item: (item[0], item[1]))
    span = (low, high) if indices else None
    return _Found(len(indices), len(kept), [c for _, _, c in kept[:limit]], span)


# --- solving one pay ------------------------------------------------------------------------

@dataclass(frozen=True)
class SolveResult:
    """The exact value of one pay (or option) giving the target edge, and practical neighbours."""

    game: Game
    bet: Bet
    name: str
    kind: str
    target: Fraction
    value: Fraction
    rows: tuple[tuple[Fraction, Figures], ...]   # ascending values; one of them is ``value``
    step: Fraction
    method: str
    analyses: int
    seconds: float
    notes: tuple[str, ...] = ()


def solve(game: str | Game, bet: str | None, name: str, target: Target | str, *,
          search: Range | str | None = None, paytable: str | PayTable | None = None,
          options: Mapping[str, Any] | None = None, step: Steps = None,
          run: RunSettings | None = None, report: Reporter | None = None,
          max_seconds: float | None = None) -> SolveResult:
    """The exact rational pay (or numeric option) ``name`` at which the house edge is ``target``.

    Also the nearest practical values either side (multiples of ``step``) with their edges.
    ``search`` bounds the search for a bet that is re-solved (default: the option's range,
    or from 0 up for a pay).

    >>> result = solve("triple-bet", "block", "ultimate", "5%")
    >>> [(format_pay(v), f.house_edge == Fraction(1, 20)) for v, f in result.rows]
    [('36', False), ('13219/360', True), ('37', False)]
    """
    started = time.perf_counter()
    report = report or Reporter()
    setting = make_setting(game, bet, paytable, options, run)
    wanted = parse_target(target) if isinstance(target, str) else target
    if wanted.is_range:
        raise EdgeError(f"--solve needs a single target edge, not the range {wanted}.")
    kind, key = setting.resolve(name)
    bracket = parse_vary(search) if isinstance(search, str) else search
    if bracket is not None and setting.resolve(bracket.name) != (kind, key):
        raise EdgeError(f"With --solve {key}, --vary may only bound {key} itself.")
    _check_steps(setting, step, [(kind, key)])
    gap = step_for(setting, step, kind, key)
    probes = {key: [bracket.low, bracket.high]} if bracket and kind == "option" else {}
    model = linear_model(setting, [(kind, key)], probes, report)
    solver = _AnalysisSolver(setting, kind, key)
    value = None
    if isinstance(model, LinearModel):
        linear = _LinearSolver(setting, kind, key, model)
        value = linear.solve(wanted.low)
        if value is None:
            report.note(f"a fresh analysis at the solved {key} disagrees with the linear model "
                        "(the strategy changes on the way); searching by re-solving instead")
        else:
            solver = linear
    if value is None:
        low, high = _bracket(setting, kind, key, bracket)
        value = _search(solver.figures, wanted.low, low, high, report, max_seconds, key)
    below = math.floor(value / gap) * gap
    above = math.ceil(value / gap) * gap
    rows = tuple((v, solver.figures(v)) for v in sorted({below, value, above})
                 if solver.allowed(v))
    method = "linear" if isinstance(solver, _LinearSolver) else "re-solved"
    return SolveResult(setting.game, setting.bet, key, kind, wanted.low, value, rows, gap,
                       method, setting.analyses[0], time.perf_counter() - started)


class _AnalysisSolver:
    """The figures at one value of the solved pay or option, by a fresh analysis."""

    def __init__(self, setting: Setting, kind: str, key: str) -> None:
        self.setting, self.kind, self.key = setting, kind, key

    def allowed(self, value: Fraction) -> bool:
        """Whether the game accepts this value (pays are not negative; options in range)."""
        if self.kind == "pay":
            return value >= 0
        try:
            self.setting.rules({self.key: value})
        except EdgeError:
            return False
        return True

    def analyze(self, value: Fraction) -> ReturnTable:
        """A fresh analysis at ``value``."""
        pays = {self.key: value} if self.kind == "pay" else {}
        options = {self.key: value} if self.kind == "option" else {}
        return self.setting.analyze(pays, options)

    def figures(self, value: Fraction) -> Figures:
        """The figures at ``value``."""
        return Figures.of(self.analyze(value))


class _LinearSolver(_AnalysisSolver):
    """Figures from the linear model; the solution itself confirmed by a fresh analysis."""

    def __init__(self, setting: Setting, kind: str, key: str, model: LinearModel) -> None:
        super().__init__(setting, kind, key)
        self.model = model
        self.base = _base_values(setting, model)
        self.column = model.names.index(key)

    def figures(self, value: Fraction) -> Figures:
        values = list(self.base)
        values[self.column] = value
        return Figures.of(self.model.table(values, None, {}))

    def solve(self, target: Fraction) -> Fraction | None:
        """The value whose edge is ``target`` (the edge is linear in it), confirmed by a fresh
        analysis; None when that analysis disagrees (an option moved the strategy after all)."""
        edge0 = self.figures(Fraction(0)).house_edge
        slope = self.figures(Fraction(1)).house_edge - edge0
        game = self.setting.game.name
        if slope == 0:
            raise EdgeError(f"The {self.key} {self.kind} does not change the house edge of "
                            f"{game} {self.setting.bet.name}.")
        value = (target - edge0) / slope
        if not self.allowed(value):
            raise EdgeError(f"A house edge of {percent_text(target)} needs {self.key} = "
                            f"{_number_text(value)} (about {float(value):.6g}), which is not an "
                            "allowed value.")
        check = Figures.of(self.analyze(value)).house_edge
        if check == target:
            return value
        if self.setting.bet.linear:
            raise EdgeError(f"{game} {self.setting.bet.name} is declared linear in its pays, but "
                            f"{self.key} = {format_pay(value)} gives {exact(check)} on a fresh "
                            f"analysis, not {exact(target)}.")
        return None


def _bracket(setting: Setting, kind: str, key: str,
             bracket: Range | None) -> tuple[Fraction, Fraction]:
    """Where a re-solved --solve searches: the --vary range, the option's range, or 0 up."""
    if bracket is not None:
        return bracket.low, bracket.high
    if kind == "option":
        meta = numeric_options(setting.game)[key].metadata
        if meta.get("minimum") is not None and meta.get("maximum") is not None:
            return Fraction(meta["minimum"]), Fraction(meta["maximum"])
    base = setting.base_value(kind, key)
    return Fraction(0), max(Fraction(1), 4 * abs(base))


def _search(evaluate: Callable[[Fraction], Figures], target: Fraction, low: Fraction,
            high: Fraction, report: Reporter, max_seconds: float | None, key: str) -> Fraction:
    """The exact root of edge(x) = target on [low, high] by exact analyses.

    The edge under optimal play is the least of the strategies' edges, each linear in the pay,
    so it is concave and piecewise linear. On the side of the root where the edge is below the
    target (the near side), a secant through two points lands on the near side again, never
    past the root, and at the root itself once both points lie on the root's piece: so the
    search walks piece by piece and ends exactly. A first small step from the near end gives the
    second point; a bisection guards against a function that is not concave.
    """
    began = time.perf_counter()
    e_low = evaluate(low).house_edge
    show = _check_time(time.perf_counter() - began, SOLVE_ANALYSES, max_seconds,
                       f"searching for the exact {key} (at most)", report)
    e_high = evaluate(high).house_edge
    for value, edge in ((low, e_low), (high, e_high)):
        if edge == target:
            return value
    if not min(e_low, e_high) < target < max(e_low, e_high):
        raise EdgeError(f"No {key} in {format_pay(low)}..{format_pay(high)} gives a house edge "
                        f"of {percent_text(target)}: the edges there run from "
                        f"{percent_text(e_low)} to {percent_text(e_high)}; widen it with "
                        f"--vary {key}=LO..HI.")
    near = [(low, e_low)] if e_low < target else [(high, e_high)]
    far = high if e_low < target else low
    for attempt in range(3, SOLVE_ANALYSES + 1):
        x0, e0 = near[-1]
        if len(near) < 2:
            guess = x0 + (far - x0) / 1024
        else:
            xa, ea = near[-2]
            guess = x0 + (target - e0) * (x0 - xa) / (e0 - ea) if e0 != ea else far
            if not min(x0, far) < guess < max(x0, far):
                guess = (x0 + far) / 2
        try:
            edge = evaluate(guess).house_edge
        except EdgeError:
            # a game may refuse a value this fine (an integer kernel, say): a simpler value
            # nearby serves as well on the way; the root itself must be taken as it is
            simpler = guess.limit_denominator(10 ** 6)
            if not min(x0, far) < simpler < max(x0, far) or simpler == guess:
                raise
            guess = simpler
            edge = evaluate(guess).house_edge
        if show:
            report.note(f"analysis {attempt}: {key} = {float(guess):.8g} gives a house edge "
                        f"of {percent_text(edge)}")
        if edge == target:
            return guess
        if edge < target:
            near.append((guess, edge))
        else:
            far = guess
    raise EdgeError(f"No exact {key} found within {SOLVE_ANALYSES} analyses; it lies between "
                    f"{format_pay(near[-1][0])} and {format_pay(far)} (about "
                    f"{float(near[-1][0]):.10g}).")


# --- rendering ------------------------------------------------------------------------------

def _column_percent(value: Fraction) -> str:
    return percent_text(value, trim=False)


def _number_text(value: Fraction) -> str:
    return format_pay(value) if value >= 0 else f"-{format_pay(-value)}"


def _candidate_cells(result: TuneResult, rank: int, cand: Candidate) -> list[str]:
    cells = [str(rank)] + [_number_text(v) for v in cand.values]
    if result.bet.outcomes and cand.paytable is not None:
        cells.append(cand.paytable.label())
    figures = cand.figures
    cells += [_column_percent(figures.house_edge), exact(figures.house_edge),
              _column_percent(figures.hit_frequency), f"{figures.standard_deviation:.4f}"]
    if any(c.figures.element_of_risk is not None for c in result.candidates):
        risk = figures.element_of_risk
        cells.append("" if risk is None else _column_percent(risk))
    return cells


def _tune_headers(result: TuneResult) -> list[str]:
    heads = ["#"] + [p.name for p in result.params]
    if result.bet.outcomes:
        heads.append("pay table")
    heads += ["house edge", "exact", "hit frequency", "std dev"]
    if any(c.figures.element_of_risk is not None for c in result.candidates):
        heads.append("element of risk")
    return heads


def _tune_lines(result: TuneResult) -> list[str]:
    filters = result.filters
    target = filters.target
    wanted = (f"house edge in {target}, nearest {percent_text(target.centre)} first"
              if target.is_range else f"house edge nearest {target}")
    extra = [f"hit frequency {_bounds_text(filters.hit_frequency, True)}"
             if filters.hit_frequency != Bounds() else "",
             f"standard deviation {filters.standard_deviation}"
             if filters.standard_deviation != Bounds() else ""]
    lines = [f"{result.game.title}, {result.bet.name}: {wanted}"
             + "".join(f"; {e}" for e in extra if e)]
    pays = any(p.kind == "pay" for p in result.params)
    lines.append(f"varied: {', '.join(str(p) for p in result.params)}"
                 f"{' (pays kept in rank order)' if result.ordered and pays else ''}")
    how = (f"scored at once from a linear model of the bet ({result.analyses} analyses made "
           "and checked it)" if result.method == "linear"
           else f"each analysed afresh ({result.reason})")
    lines.append(f"{result.scored:,} candidates {how}, in {result.seconds:.2f} s; "
                 f"{result.matching:,} match")
    if result.mapping is not None:
        rows = len(result.mapping.template.rows)
        lines.append(f"rows: {result.mapping.describe()}" if rows <= 16
                     else f"rows: {rows}, each mapped to its pays (shown with --format json)")
    if not result.candidates and result.edge_span is not None:
        low, high = result.edge_span
        lines.append(f"no candidate matches; the house edges of the candidates run from "
                     f"{percent_text(low)} to {percent_text(high)}")
    return lines


def _bounds_text(bounds: Bounds, as_percent: bool) -> str:
    if not as_percent:
        return str(bounds)
    low = "" if bounds.low is None else percent_text(bounds.low)
    high = "" if bounds.high is None else percent_text(bounds.high)
    return f"{low}..{high}"


def _fig_dict(figures: Figures) -> dict[str, Any]:
    data: dict[str, Any] = {
        "house_edge": exact(figures.house_edge),
        "house_edge_decimal": decimal(figures.house_edge, 10),
        "hit_frequency": exact(figures.hit_frequency),
        "hit_frequency_decimal": decimal(figures.hit_frequency, 10),
        "variance": exact(figures.variance),
        "standard_deviation": figures.standard_deviation,
    }
    if figures.element_of_risk is not None:
        data["element_of_risk"] = exact(figures.element_of_risk)
    return data


def tune_dict(result: TuneResult) -> dict[str, Any]:
    """The JSON form of a tuning result (exact values as ``"p/q"`` strings)."""
    filters = result.filters
    data: dict[str, Any] = {
        "game": result.game.name,
        "bet": result.bet.name,
        "target": {"low": exact(filters.target.low), "high": exact(filters.target.high)},
        "filters": {name: {"low": None if b.low is None else exact(b.low),
                           "high": None if b.high is None else exact(b.high)}
                    for name, b in (("hit_frequency", filters.hit_frequency),
                                    ("standard_deviation", filters.standard_deviation))},
        "varied": [{"name": p.name, "kind": p.kind, "low": exact(p.low), "high": exact(p.high),
                    "step": exact(p.step)} for p in result.params],
        "ordered": result.ordered,
        "method": result.method,
        "reason": result.reason or None,
        "scored": result.scored,
        "matching": result.matching,
        "analyses": result.analyses,
        "seconds": round(result.seconds, 3),
        "candidates": [
            {"values": {p.name: exact(v) for p, v in zip(result.params, c.values, strict=True)},
             "pays": None if c.paytable is None
             else {name: exact(pay) for name, pay in c.paytable.pays},
             "options": dict(c.options), **_fig_dict(c.figures)}
            for c in result.candidates],
    }
    if result.mapping is not None:
        data["rows"] = [{"outcome": outcome, "fixed": exact(fixed),
                         "paid": {name: exact(c) for name, c in paid}}
                        for outcome, fixed, paid in result.mapping.mapping()]
    if result.edge_span is not None:
        data["edge_span"] = list(result.edge_span)
    return data


def render_tune(result: TuneResult, fmt: str = "plain") -> str:
    """A tuning result as plain text, markdown or json."""
    if fmt not in TUNE_FORMATS:
        raise EdgeError(f"Unknown format {fmt!r}: choose one of {', '.join(TUNE_FORMATS)}.")
    if fmt == "json":
        return json.dumps(tune_dict(result), indent=2) + "\n"
    lines = _tune_lines(result)
    body = [_candidate_cells(result, n, c) for n, c in enumerate(result.candidates, start=1)]
    heads = _tune_headers(result)
    table = tabulate(body, headers=heads, tablefmt="github" if fmt == "markdown" else "simple",
                     colalign=["right"] * len(heads), disable_numparse=True) if body else ""
    if fmt == "markdown":
        text = [f"### {lines[0]}", ""] + [f"- {line}" for line in lines[1:]]
        return "\n".join(text + ([""] + [table] if table else [])) + "\n"
    return "\n".join(lines + ([""] + [table] if table else [])) + "\n"


def render_solve(result: SolveResult, fmt: str = "plain") -> str:
    """A solved pay as plain text, markdown or json."""
    if fmt not in TUNE_FORMATS:
        raise EdgeError(f"Unknown format {fmt!r}: choose one of {', '.join(TUNE_FORMATS)}.")
    what = "pay" if result.kind == "pay" else "option"
    if fmt == "json":
        return json.dumps({
            "game": result.game.name, "bet": result.bet.name, "solve": result.name,
            "kind": result.kind, "target": exact(result.target), "value": exact(result.value),
            "value_decimal": decimal(result.value, 10), "step": exact(result.step),
            "method": result.method, "analyses": result.analyses,
            "values": [{"value": exact(v), "exact": v == result.value, **_fig_dict(f)}
                       for v, f in result.rows]}, indent=2) + "\n"
    title = (f"{result.game.title}, {result.bet.name}: the {result.name} {what} that gives a "
             f"house edge of exactly {percent_text(result.target)}")
    how = ("solved from the linear model and confirmed by a fresh analysis"
           if result.method == "linear" else "found by exact re-solved analyses")
    lines = [f"{result.name} = {_number_text(result.value)} (about {float(result.value):.6g})",
             f"{how} ({result.analyses} analyses, {result.seconds:.2f} s); the practical "
             f"{'pays' if result.kind == 'pay' else 'values'} either side step by "
             f"{format_pay(result.step)}"]
    body = []
    for value, figures in result.rows:
        label = (f"{_number_text(value)} (exact)" if value == result.value
                 else _number_text(value))
        body.append([label, _column_percent(figures.house_edge), exact(figures.house_edge),
                     _column_percent(figures.hit_frequency), f"{figures.standard_deviation:.4f}"])
    heads = [result.name, "house edge", "exact", "hit frequency", "std dev"]
    table = tabulate(body, headers=heads, tablefmt="github" if fmt == "markdown" else "simple",
                     colalign=["right"] * len(heads), disable_numparse=True)
    if fmt == "markdown":
        return "\n".join([f"### {title}", ""] + [f"- {line}" for line in lines]
                         + ["", table]) + "\n"
    return "\n".join([title] + lines + ["", table]) + "\n"
