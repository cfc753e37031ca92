"""Scoring candidates at once with numpy on a linear model's integer counts.

Floats within a margin of a bound are re-checked with fractions.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from edge.errors import EdgeError
from edge.paytables import PayTable
from edge.tune.grid import BoolArray, FloatArray, Grid, Int64Array
from edge.tune.model import LinearModel
from edge.tune.targets import Bounds, Figures, Filters

MARGIN = 1e-9                  # floats this close to a bound are re-checked with fractions


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

    Every row pay is a whole number below 2**53, so exact in float64, and whether a row
    wins is decided exactly. A count of 2**53 or more (a dealer who draws to 17 from 6
    decks) is rounded to float64's 53 bits, a relative error of 2**-53 like that of the sums
    over rows (mean and second moment), far below :data:`MARGIN`: the candidates near a bound
    are re-checked with fractions, and every figure printed is exact. Rows that no varied
    parameter changes are summed once, up front.
    """

    varying: list[tuple[float, float, list[tuple[int, float]]]]  # count, fixed, (param, term)
    steady_hits: float          # counts of the unchanging rows that win
    steady_square: float        # their sum of counts * pay**2
    total_fixed: float          # sum over all rows of count * fixed
    total_terms: list[float]    # sum over all rows of count * term, per varied parameter
    mean_scale: float           # cycle * initial wager * scale
    cycle: float


def scaled_figures(model: LinearModel, grid: Grid, base: Sequence[Fraction]) -> _Scaled:
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
    if biggest_pay >= 2 ** 53:
        raise EdgeError("The pays are too large to score in floating point; narrow the "
                        "ranges or use a coarser --step.")
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


