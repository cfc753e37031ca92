"""The statistics of a simulation check: normal quantiles and Pearson's chi-square test.

Only the standard library: ``statistics.NormalDist`` for the normal quantiles, and the
chi-square p-value as the regularized upper incomplete gamma function, computed here.

>>> round(normal_quantile(0.95), 6)
1.959964
>>> round(chi_square_p_value(5.991464547, 2), 6)
0.05
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist

# Expected counts below this are pooled before the chi-square test (the usual rule of thumb:
# the chi-square approximation of Pearson's statistic needs about five expected per bin).
MIN_EXPECTED = 5.0

_EPSILON = 1e-15
_TINY = 1e-300
_MAX_TERMS = 100_000


def normal_quantile(confidence: float) -> float:
    """The two-sided normal quantile z with P(|Z| <= z) = ``confidence``."""
    if not 0 < confidence < 1:
        raise ValueError(f"The confidence {confidence} is not strictly between 0 and 1.")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def _gamma_prefactor(a: float, x: float) -> float:
    """x^a e^-x / Gamma(a), in logs to stay finite."""
    return math.exp(a * math.log(x) - x - math.lgamma(a))


def regularized_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Gamma(a, x) / Gamma(a), the regularized upper incomplete gamma function.

    Below ``x = a + 1`` the power series of P = 1 - Q converges fast; above it the continued
    fraction of Q (evaluated by the modified Lentz method) does, and keeps tiny tails accurate.

    >>> round(regularized_gamma_q(1.0, 2.0), 12) == round(math.exp(-2.0), 12)
    True
    """
    if a <= 0:
        raise ValueError(f"The gamma shape {a} must be positive.")
    if x <= 0:
        return 1.0
    if x < a + 1:
        term = 1.0 / a
        total = term
        for n in range(1, _MAX_TERMS):
            term *= x / (a + n)
            total += term
            if abs(term) < abs(total) * _EPSILON:
                break
        return max(0.0, 1.0 - total * _gamma_prefactor(a, x))
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    fraction = d
    for i in range(1, _MAX_TERMS):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = d if abs(d) > _TINY else _TINY
        c = b + an / c
        c = c if abs(c) > _TINY else _TINY
        d = 1 / d
        delta = d * c
        fraction *= delta
        if abs(delta - 1) < _EPSILON:
            break
    return fraction * _gamma_prefactor(a, x)


def chi_square_p_value(statistic: float, degrees_of_freedom: int) -> float:
    """P(X >= statistic) for a chi-square variable with the given degrees of freedom."""
    if degrees_of_freedom < 1:
        raise ValueError(f"The degrees of freedom {degrees_of_freedom} must be at least 1.")
    if math.isinf(statistic):
        return 0.0
    return regularized_gamma_q(degrees_of_freedom / 2, statistic / 2)


@dataclass(frozen=True)
class ChiSquare:
    """Pearson's goodness-of-fit test of observed counts against exact probabilities.

    ``pooled`` names the outcomes whose expected counts were too small to test alone and were
    added together into one bin; ``impossible`` those observed although their probability is 0
    (any of them makes the statistic infinite and the p-value 0).
    """

    statistic: float
    degrees_of_freedom: int
    p_value: float
    pooled: tuple[str, ...]
    impossible: tuple[str, ...]


def chi_square_test(names: Sequence[str], observed: Sequence[int],
                    probabilities: Sequence[float]) -> ChiSquare:
    """Test observed counts per outcome against exact probabilities (which sum to 1).

    Bins whose expected count is under :data:`MIN_EXPECTED` are pooled; if the pool is still
    under it, it joins the smallest remaining bin. With a single bin left there is nothing to
    test: the statistic is 0 and the p-value 1.

    >>> t = chi_square_test(["heads", "tails"], [5, 15], [0.5, 0.5])
    >>> t.statistic, t.degrees_of_freedom, round(t.p_value, 6)
    (5.0, 1, 0.025347)
    """
    total = sum(observed)
    impossible = tuple(name for name, count, p in zip(names, observed, probabilities, strict=True)
                       if p == 0 and count > 0)
    bins: list[tuple[float, int]] = []
    pooled: list[str] = []
    pool_expected, pool_observed = 0.0, 0
    for name, count, p in zip(names, observed, probabilities, strict=True):
        if p == 0:
            continue
        expected = total * p
        if expected < MIN_EXPECTED:
            pooled.append(name)
            pool_expected += expected
            pool_observed += count
        else:
            bins.append((expected, count))
    if pooled:
        if pool_expected < MIN_EXPECTED and bins:
            smallest = min(range(len(bins)), key=lambda i: bins[i][0])
            expected, count = bins.pop(smallest)
            pool_expected += expected
            pool_observed += count
        bins.append((pool_expected, pool_observed))
    degrees = len(bins) - 1
    if impossible:
        return ChiSquare(math.inf, max(degrees, 1), 0.0, tuple(pooled), impossible)
    if degrees < 1 or total == 0:
        return ChiSquare(0.0, 0, 1.0, tuple(pooled), impossible)
    statistic = sum((count - expected) ** 2 / expected for expected, count in bins)
    return ChiSquare(statistic, degrees, chi_square_p_value(statistic, degrees),
                     tuple(pooled), impossible)
