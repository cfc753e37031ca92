"""The 95% interval of a sampled mean: Student's t with ``n - 1`` degrees of freedom for a mean of
few draws, the normal ±1.96 standard errors for a mean of many (docs/collusion.md).

A mean of ``n`` independent draws, its standard error estimated from the same draws, is ``t``
distributed with ``n - 1`` degrees of freedom: from 3 draws the 95% quantile is 4.303, not the
normal 1.96, and a normal interval is half as wide as it should be. From :data:`NORMAL_FROM`
draws on the two differ by under 0.2% and the normal quantile is used (and said).

The t quantile is found by bisection on the closed form of the t distribution for a whole number
of degrees of freedom (Abramowitz and Stegun 26.7.3 and 26.7.4), in floating point, and rounded
up to :data:`QUANTILE_DIGITS` decimals as a Fraction (a slightly wider interval, never a
narrower one).

>>> float(student_t95(2))
4.302653
>>> interval95(Fraction(0), Fraction(1), 1_000_000).quantile
Fraction(49, 25)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from edge.errors import EdgeError

NORMAL_95 = Fraction(196, 100)      # the normal quantile of a two-sided 95% interval
NORMAL_FROM = 1000                  # draws from which the normal quantile is used
QUANTILE_DIGITS = 6                 # a t quantile is rounded up to 10^-6
_BISECTIONS = 200


def t_central(t: float, df: int) -> float:
    """P(|T| < t) for Student's T with ``df`` (a whole number from 1) degrees of freedom, by the
    closed form (a finite series in cos(theta), theta = atan(t / sqrt(df)))."""
    if df < 1:
        raise ValueError(f"degrees of freedom from 1, not {df}")
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    if df % 2 == 1:
        # (2/pi) (theta + sin cos (1 + 2/3 cos^2 + 2*4/(3*5) cos^4 + ... up to cos^(df-3)))
        term, series = 1.0, 0.0
        for k in range(1, (df - 1) // 2 + 1):
            series += term
            term *= cos2 * (2 * k) / (2 * k + 1)
        return 2 / math.pi * (theta + math.sin(theta) * math.cos(theta) * series)
    # sin (1 + 1/2 cos^2 + 1*3/(2*4) cos^4 + ... up to cos^(df-2))
    term, series = 1.0, 0.0
    for k in range(1, df // 2 + 1):
        series += term
        term *= cos2 * (2 * k - 1) / (2 * k)
    return math.sin(theta) * series


@cache
def student_t95(df: int) -> Fraction:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom (the t with
    P(|T| < t) = 0.95), rounded up to 10^-6."""
    low, high = 0.0, 1.0
    while t_central(high, df) < 0.95:
        high *= 2
    for _ in range(_BISECTIONS):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if t_central(middle, df) < 0.95:
            low = middle
        else:
            high = middle
    scale = 10 ** QUANTILE_DIGITS
    return Fraction(math.ceil(high * scale), scale)


@dataclass(frozen=True)
class Interval:
    """A 95% interval: its bounds, the quantile of standard errors either side, and which
    distribution gave it (``"t"`` or ``"normal"``) from how many draws."""

    low: Fraction
    high: Fraction
    quantile: Fraction
    distribution: str
    draws: int


def interval95(mean: Fraction, error: Fraction, draws: int) -> Interval:
    """The 95% interval of a mean of ``draws`` independent draws with standard error ``error``:
    Student's t with ``draws - 1`` degrees of freedom below :data:`NORMAL_FROM` draws, the
    normal 1.96 from there."""
    if draws < 2:
        raise EdgeError(f"A 95% interval needs at least 2 draws, not {draws}.")
    if draws >= NORMAL_FROM:
        quantile, distribution = NORMAL_95, "normal"
    else:
        quantile, distribution = student_t95(draws - 1), "t"
    return Interval(mean - quantile * error, mean + quantile * error, quantile, distribution,
                    draws)
