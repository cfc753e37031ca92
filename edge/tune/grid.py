"""The candidate grid: every combination of the varied pays, in steps, pruned to what is wanted."""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.errors import EdgeError
from edge.paytables import MAX_DENOMINATOR, MAX_PAY, format_pay
from edge.tune.progress import Reporter
from edge.tune.setting import Kind, Parameter, Setting, Steps, check_steps, step_for
from edge.tune.targets import Range

Int64Array = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

DEFAULT_MAX_CANDIDATES = 20_000_000
CHUNK = 1 << 17                # candidates scored per numpy pass


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


def number_text(value: Fraction) -> str:
    """A value as written (``7``, ``3/2``), or its size when it is too long to echo."""
    text = format_pay(abs(value))
    text = text if value >= 0 else f"-{text}"
    return text if len(text) <= 24 else f"a {len(str(abs(value.numerator))):,}-digit number"


def check_pay_range(name: str, low: Fraction, high: Fraction,
                    least: Fraction = Fraction(0)) -> None:
    """Refuse a range of pays beyond the bound every pay table keeps (edge.paytables); a pay
    is at least ``least``, the bet's lowest pay (0, or -1 for a bet file)."""
    if low < least:
        if least == 0:
            raise EdgeError(f"The range for {name} starts at {number_text(low)}: pays are net "
                            "wins and cannot be negative.")
        raise EdgeError(f"The range for {name} starts at {number_text(low)}: a pay is at "
                        f"least {number_text(least)}, the whole stake lost.")
    if high > MAX_PAY:
        raise EdgeError(f"The range for {name} reaches {number_text(high)}: pays are at most "
                        f"{MAX_PAY:,}.")
    for end in (low, high):
        if end.denominator > MAX_DENOMINATOR:
            raise EdgeError(f"The range for {name} has the end {number_text(end)}: pays are in "
                            f"parts of at most 1/{MAX_DENOMINATOR:,} of a unit.")


def rank_neighbours(setting: Setting, name: str, varied: Sequence[str] = ()
                    ) -> tuple[tuple[Fraction, str] | None, tuple[Fraction, str] | None]:
    """The least fixed pay ranked above the pay ``name`` and the greatest ranked below it
    (pays not in ``varied``), with their outcomes: the bounds rank order puts on ``name``."""
    outcomes = [o for o in setting.outcomes if _group(o) == _group(name)]
    position = outcomes.index(name)
    above = [(setting.base_value(Kind.PAY, o), o) for o in outcomes[:position] if o not in varied]
    below = [(setting.base_value(Kind.PAY, o), o) for o in outcomes[position + 1:]
             if o not in varied]
    return (min(above) if above else None), (max(below) if below else None)


def make_grid(setting: Setting, ranges: Sequence[Range], step: Steps,
              ordered: bool, max_candidates: int = DEFAULT_MAX_CANDIDATES,
              report: Reporter | None = None) -> Grid:
    """The candidate grid for ``--vary`` ranges, checked against the bet and its options.

    ``step`` is one step for every quantity, or steps by name (``""`` for the rest). With
    ``ordered``, a pay's range is cut to the values rank order allows, said to ``report``.
    """
    if not ranges:
        raise EdgeError("Nothing to tune: give --vary NAME=LO..HI (or --solve NAME).")
    params: list[Parameter] = []
    for item in ranges:
        kind, key = setting.resolve(item.name)
        if any(p.name == key for p in params):
            raise EdgeError(f"The pay {key!r} is varied twice.")
        gap = step_for(setting, step, kind, key)
        if kind is Kind.PAY:
            check_pay_range(key, item.low, item.high, setting.bet.least_pay)
        if kind is Kind.OPTION:
            for end in (item.low, item.high):
                setting.rules({key: end})   # raises on a value out of the option's range
        params.append(Parameter(key, kind, item.low, gap, int((item.high - item.low) // gap) + 1))
    check_steps(setting, step, [(p.kind, p.name) for p in params])
    if ordered:
        params = [_prune(setting, p, params, report or Reporter()) if p.kind is Kind.PAY else p
                  for p in params]
    grid = Grid(tuple(params), _rank_pairs(setting, params) if ordered else ())
    if max(abs(p.low) + (p.count - 1) * p.step for p in params) / grid.unit >= 2 ** 53:
        raise EdgeError("The values are too fine-grained to score: use a coarser --step.")
    if grid.size > max_candidates:
        raise EdgeError(f"The ranges give {grid.size:,} candidate tables, more than the limit of "
                        f"{max_candidates:,}: narrow them, use a coarser --step or raise "
                        "--max-candidates.")
    return grid


def _prune(setting: Setting, param: Parameter, params: Sequence[Parameter],
           report: Reporter) -> Parameter:
    """Keep the values that sit between the fixed pays ranked above and below (rank order),
    and say so when that cuts the range."""
    above, below = rank_neighbours(setting, param.name, [p.name for p in params])
    first, last, where = 0, param.count - 1, []
    if above:
        pay, name = above
        last = min(last, math.floor((pay - param.low) / param.step))
        where.append(f"at most {format_pay(pay)} ({name})")
    if below:
        pay, name = below
        first = max(first, math.ceil((pay - param.low) / param.step))
        where.append(f"at least {format_pay(pay)} ({name})")
    if first > last:
        raise EdgeError(f"No {param.name} pay in {format_pay(param.low)}.."
                        f"{format_pay(param.high)} keeps the pays in rank order: it must be "
                        f"{' and '.join(where)}; widen the range, vary those pays too, "
                        "or use --unordered.")
    kept = dataclasses.replace(param, low=param.value(first), count=last - first + 1)
    if (first, last) != (0, param.count - 1):
        report.note(f"{param.name} varies over {format_pay(kept.low)}..{format_pay(kept.high)} "
                    f"only, not {format_pay(param.low)}..{format_pay(param.high)}: in rank order "
                    f"it must be {' and '.join(where)} (--unordered allows any)")
    return kept


def _rank_pairs(setting: Setting, params: Sequence[Parameter]) -> tuple[tuple[int, int], ...]:
    """Consecutive varied pays of one group, better outcome first: (i, j) means i >= j."""
    order = {name: n for n, name in enumerate(setting.outcomes)}
    pays = sorted((order[p.name], k) for k, p in enumerate(params) if p.kind is Kind.PAY)
    pairs = []
    for (_, i), (_, j) in zip(pays, pays[1:], strict=False):
        if _group(params[i].name) == _group(params[j].name):
            pairs.append((i, j))
    return tuple(pairs)


