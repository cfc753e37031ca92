"""The 95% interval of a sampled mean (edge.intervals): Student's t quantiles against a numeric
integration of the t density written here, and the switch to the normal 1.96 for many draws."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from edge.errors import EdgeError
from edge.intervals import NORMAL_95, NORMAL_FROM, interval95, student_t95


def density(x: float, df: int) -> float:
    """Student's t density with ``df`` degrees of freedom."""
    log_scale = (math.lgamma((df + 1) / 2) - math.lgamma(df / 2)
                 - 0.5 * math.log(df * math.pi))
    return math.exp(log_scale - (df + 1) / 2 * math.log1p(x * x / df))


def central(t: float, df: int, steps: int = 20_000) -> float:
    """P(|T| < t) by Simpson's rule on [0, t], doubled."""
    h = t / steps
    odd = sum(density((2 * k - 1) * h, df) for k in range(1, steps // 2 + 1))
    even = sum(density(2 * k * h, df) for k in range(1, steps // 2))
    return 2 * h / 3 * (density(0.0, df) + 4 * odd + 2 * even + density(t, df))


@pytest.mark.parametrize("df", [*range(1, 31), 60, 120, 999])
def test_t_quantile_against_the_integrated_density(df: int) -> None:
    quantile = float(student_t95(df))
    # rounded up to 10^-6: at the quantile the central mass reaches 95%, a step below it not
    assert central(quantile, df) >= 0.95 - 1e-9
    assert central(quantile - 1e-6, df) < 0.95 + 1e-9
    assert abs(central(quantile, df) - 0.95) < 1e-5


def test_two_degrees_of_freedom_by_hand() -> None:
    # with 2 degrees of freedom P(|T| < t) = t / sqrt(2 + t^2): t^2 = 2 p^2 / (1 - p^2)
    by_hand = math.sqrt(2 * 0.95 ** 2 / (1 - 0.95 ** 2))
    assert float(student_t95(2)) == pytest.approx(by_hand, abs=1e-6)
    assert student_t95(2) >= Fraction(by_hand)


def test_few_draws_t_many_draws_normal() -> None:
    few = interval95(Fraction(1, 10), Fraction(1, 100), 3)
    assert few.distribution == "t" and few.draws == 3
    assert few.high - few.low == 2 * student_t95(2) * Fraction(1, 100)
    # from 3 draws the normal interval is about half as wide as it should be
    assert 2.1 < few.quantile / NORMAL_95 < 2.3
    below = interval95(Fraction(0), Fraction(1), NORMAL_FROM - 1)
    assert below.distribution == "t" and NORMAL_95 < below.quantile < NORMAL_95 + Fraction(1, 200)
    many = interval95(Fraction(0), Fraction(1), NORMAL_FROM)
    assert many.distribution == "normal" and many.quantile == NORMAL_95
    with pytest.raises(EdgeError, match="at least 2 draws, not 1"):
        interval95(Fraction(0), Fraction(1), 1)
