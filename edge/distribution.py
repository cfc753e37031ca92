"""The distribution of the net result of n independent hands of one wager.

Pure mathematics on a return table's rows (pays and integer counts); no game is named here.

Design
------
One hand's net result takes the values ``pays`` with probabilities ``combinations / cycle``.
Put every pay on the common denominator ``d`` (the lcm of the pays' denominators) and subtract
the smallest: one hand is ``min + (g / d) * j`` with ``j`` a non-negative integer on the lattice
``0 .. span`` (``g`` the gcd of the steps). The sum of n hands is ``n * min + (g / d) * J`` with
``J`` on ``0 .. n * span``, and ``P(J = k)`` is the k-th coefficient of ``f(x) ** n`` where
``f(x) = sum_j P(j) x**j``. Every figure is read off the cumulative sums of that polynomial, so
every quantile is a lattice value and lies in ``[n * min, n * max]`` by construction.

Two ways to compute the coefficients, chosen per n:

* **exact integer convolution** (``method == "exact"``): the integer counts are packed into one
  big integer (Kronecker substitution, a slot of ``n * bits(cycle)`` bits per coefficient, which
  no coefficient of ``counts ** n`` can overflow) and raised to the n-th power by squaring,
  keeping only the first ``t + 1`` slots each time. Coefficient k of the power depends only on
  coefficients ``0 .. k`` of the base (the lattice starts at 0), so the truncation is exact.
  Probabilities are exact ``Fraction`` s. Chosen while the packed number stays small
  (:data:`EXACT_BITS`), typically n = 100 and below.
* **FFT convolution** (``method == "fft"``): the probability vector, zero-padded to length N, is
  transformed once, raised to the n-th power pointwise, and transformed back (float64). The sum
  is computed modulo N, so mass of ``J >= N`` would wrap around; N is chosen from a Chernoff
  bound ``P(J >= a) <= exp(n log M(theta) - theta a)`` so that the wrapped mass is below
  :data:`TAIL` (the bound is reported), or past the whole range ``n * span`` (nothing wraps);
  N is a power of two (a length with large prime factors transforms many times slower).
  Rounding error of a cumulative probability is estimated
  as ``n u sum_k |z_k|^(n-1) + N u max p`` with ``u = 4 eps log2 N`` (each transformed value
  ``z_k`` is off by about ``u``, its n-th power by ``n u |z_k|^(n-1)``; a cumulative
  sum adds at most N entries; the bound is computed from the spectrum, see
  :func:`fft_distribution`); negative rounding noise is clipped to zero. Chosen when the exact
  path would be too large and ``N <= FFT_SIZE``; that covers every wager in edge up to
  n = 100,000 (at most 2**22 points).

Beyond both, :func:`net_distribution` returns ``None`` and the caller shows the normal
approximation, labelled, clipped to ``[n * min, n * max]``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

EXACT_BITS = 1 << 20   # largest packed integer (bits) for the exact path
FFT_SIZE = 1 << 23     # largest FFT length
TAIL = 1e-15           # wrapped-around mass allowed in the FFT path
EPS = float(np.finfo(np.float64).eps)
LOWER, UPPER = Fraction(1, 40), Fraction(39, 40)   # the 2.5% and 97.5% quantiles


@dataclass(frozen=True)
class Lattice:
    """One hand's net result on an integer lattice: value = low + step * j, j = 0 .. span."""

    low: Fraction
    step: Fraction
    counts: tuple[int, ...]   # counts[j]: combinations with value low + step * j

    @property
    def span(self) -> int:
        """The largest lattice index."""
        return len(self.counts) - 1

    @property
    def cycle(self) -> int:
        """Total combinations."""
        return sum(self.counts)


def lattice(outcomes: Iterable[tuple[Fraction, int]]) -> Lattice:
    """The lattice of one hand's net result from (pay, combinations) pairs (zero counts dropped)."""
    by_pay: dict[Fraction, int] = {}
    for pay, count in outcomes:
        if count:
            by_pay[Fraction(pay)] = by_pay.get(Fraction(pay), 0) + count
    if not by_pay:
        raise ValueError("no outcome has a positive count")
    low = min(by_pay)
    d = math.lcm(*(pay.denominator for pay in by_pay))
    steps = [int((pay - low) * d) for pay in by_pay]
    g = math.gcd(*steps) or 1
    step = Fraction(g, d)
    counts = [0] * (max(steps) // g + 1)
    for pay, count in by_pay.items():
        counts[int((pay - low) / step)] += count
    return Lattice(low, step, tuple(counts))


@dataclass(frozen=True)
class NetDistribution:
    """What is known of the net result after ``hands`` hands: its cumulative distribution on
    lattice indices ``0 .. len(cdf) - 1`` and how it was computed.

    Exact: ``cdf`` holds integer cumulative counts out of ``total`` (``cycle ** hands``); FFT:
    float probabilities and ``total == 1``. ``error`` bounds the absolute error of any
    cumulative probability (0 when exact).
    """

    hands: int
    lattice: Lattice
    method: str                        # "exact" or "fft"
    cdf: Sequence[int] | npt.NDArray[np.float64]
    total: int
    error: float

    @property
    def minimum(self) -> Fraction:
        """The least possible net result."""
        return self.hands * self.lattice.low

    @property
    def maximum(self) -> Fraction:
        """The greatest possible net result."""
        return self.minimum + self.lattice.step * self.hands * self.lattice.span

    def value(self, index: int) -> Fraction:
        """The net result at a lattice index."""
        return self.minimum + self.lattice.step * index

    def _at_most(self, index: int) -> Fraction | float:
        """P(index of the sum <= index)."""
        if index < 0:
            return Fraction(0)
        if index >= len(self.cdf):
            if index >= self.hands * self.lattice.span:
                return Fraction(1)
            raise ValueError("the distribution was not computed that far")
        if isinstance(self.cdf, np.ndarray):
            return min(1.0, float(self.cdf[index]))
        return Fraction(self.cdf[index], self.total)

    def at_most(self, net: Fraction) -> Fraction | float:
        """P(net result <= net)."""
        return self._at_most(math.floor((net - self.minimum) / self.lattice.step))

    def below(self, net: Fraction) -> Fraction | float:
        """P(net result < net)."""
        return self._at_most(math.ceil((net - self.minimum) / self.lattice.step) - 1)

    @property
    def behind(self) -> Fraction | float:
        """P(net result < 0)."""
        return self.below(Fraction(0))

    @property
    def even(self) -> Fraction | float:
        """P(net result == 0)."""
        return self.at_most(Fraction(0)) - self.below(Fraction(0))

    @property
    def ahead(self) -> Fraction | float:
        """P(net result > 0)."""
        return 1 - self.at_most(Fraction(0))

    def quantile(self, level: Fraction) -> Fraction:
        """The least lattice value x with P(net <= x) >= level (a possible result)."""
        if isinstance(self.cdf, np.ndarray):
            index = int(np.searchsorted(self.cdf, float(level), side="left"))
        else:
            need = level * self.total
            index = next((i for i, c in enumerate(self.cdf) if c >= need), len(self.cdf))
        if index >= len(self.cdf):
            if len(self.cdf) > self.hands * self.lattice.span:
                index = self.hands * self.lattice.span  # float noise short of 1 at the top
            else:
                raise ValueError("the distribution was not computed that far")
        return self.value(index)


def _zero_index(lat: Lattice, hands: int) -> int:
    """The lattice index of net 0 (rounded down), at least 0."""
    return max(0, math.floor(-hands * lat.low / lat.step))


def _moments(lat: Lattice) -> tuple[float, float]:
    cycle = lat.cycle
    mean = Fraction(sum(j * c for j, c in enumerate(lat.counts)), cycle)
    square = Fraction(sum(j * j * c for j, c in enumerate(lat.counts)), cycle)
    return float(mean), math.sqrt(float(square - mean * mean))


def _needed(lat: Lattice, hands: int) -> int:
    """A first guess of how many lattice indices to compute: past net 0 and the 97.5% quantile
    of the normal approximation (doubled later if that is short)."""
    mean, sd = _moments(lat)
    guess = math.ceil(hands * mean + 3 * sd * math.sqrt(hands)) + 1
    return min(hands * lat.span, max(_zero_index(lat, hands) + 1, guess))


def exact_bits(lat: Lattice, hands: int) -> int:
    """The size in bits of the packed integer the exact path needs (first guess of length)."""
    return (_needed(lat, hands) + 1) * (hands * lat.cycle.bit_length() + 1)


def _exact(lat: Lattice, hands: int, length: int) -> list[int]:
    """Coefficients 0 .. length - 1 of counts(x) ** hands, exactly (Kronecker substitution)."""
    width = (lat.cycle ** hands).bit_length()  # no coefficient exceeds cycle ** hands
    mask = (1 << (width * length)) - 1
    base = 0
    for j in reversed(range(min(length, len(lat.counts)))):
        base = (base << width) | lat.counts[j]
    result, power, n = 1, base, hands
    while n:
        if n & 1:
            result = (result * power) & mask
        n >>= 1
        if n:
            power = (power * power) & mask
    slot = (1 << width) - 1
    return [(result >> (width * k)) & slot for k in range(length)]


def exact_distribution(lat: Lattice, hands: int, *, full: bool = False) -> NetDistribution:
    """The distribution after ``hands`` hands by exact integer convolution (``full``: over the
    whole range, not only up to net 0 and the 97.5% quantile)."""
    total = lat.cycle ** hands
    length = hands * lat.span + 1 if full else _needed(lat, hands) + 1
    while True:
        cdf = list(itertools.accumulate(_exact(lat, hands, length)))
        if cdf[-1] >= UPPER * total or length > hands * lat.span:
            return NetDistribution(hands, lat, "exact", cdf, total, 0.0)
        length = min(2 * length, hands * lat.span + 1)


THETAS = np.geomspace(1e-7, 50.0, 400)


def _log_mgf(lat: Lattice) -> npt.NDArray[np.float64]:
    """log E[e^(theta j)] of one hand's lattice index, at each theta of THETAS."""
    p = np.array(lat.counts, dtype=np.float64) / lat.cycle
    keep = p > 0
    logp, js = np.log(p[keep]), np.arange(len(p), dtype=np.float64)[keep]
    terms = logp[None, :] + THETAS[:, None] * js[None, :]
    top = terms.max(axis=1)
    return np.asarray(top + np.log(np.exp(terms - top[:, None]).sum(axis=1)), dtype=np.float64)


def tail_bound(lat: Lattice, hands: int, a: int,
               log_mgf: npt.NDArray[np.float64] | None = None) -> float:
    """A Chernoff bound on P(index of the sum >= a): min over theta of M(theta)^n e^(-theta a)."""
    values = hands * (_log_mgf(lat) if log_mgf is None else log_mgf) - THETAS * a
    return math.exp(min(0.0, float(values.min())))


def _fft_length(lat: Lattice, hands: int) -> tuple[int, float]:
    """An FFT length past net 0 whose wrapped-around mass is below TAIL, and that mass's bound."""
    full = hands * lat.span + 1
    mean, sd = _moments(lat)
    a = max(_zero_index(lat, hands) + 1, math.ceil(hands * mean + 8 * sd * math.sqrt(hands)))
    log_mgf = _log_mgf(lat)
    while a < full and tail_bound(lat, hands, a, log_mgf) > TAIL:
        a = math.ceil(a * 1.25)
    if a >= full:
        return full, 0.0
    size = 1 << (a - 1).bit_length()
    if size >= full:
        return full, 0.0
    return size, tail_bound(lat, hands, size, log_mgf)


def fft_size(lat: Lattice, hands: int) -> int:
    """The length of the transform the FFT path would use (a power of two)."""
    return 1 << (_fft_length(lat, hands)[0] - 1).bit_length()


def fft_distribution(lat: Lattice, hands: int, *, full: bool = False) -> NetDistribution:
    """The distribution after ``hands`` hands by FFT convolution (float64, error bounded;
    ``full``: over the whole range, nothing wrapped around)."""
    kept, wrapped = (hands * lat.span + 1, 0.0) if full else _fft_length(lat, hands)
    # the transform's length is a power of two (a length with large prime factors, such as the
    # whole range 39 * 100,000 + 1, takes many times longer); past the whole range it wraps
    # nothing, and only the first ``kept`` entries are kept
    size = 1 << (kept - 1).bit_length()
    p = np.zeros(size, dtype=np.float64)
    p[:len(lat.counts)] = np.array(lat.counts, dtype=np.float64) / lat.cycle
    spectrum = np.fft.rfft(p)
    magnitude = np.abs(spectrum)
    density = np.fft.irfft(spectrum ** hands, n=size)[:kept]
    # Rounding: each transformed value is off by at most about u = eps log2(N) (|p|_1 = 1), so
    # its n-th power by about n u |z|^(n-1); the inverse transform spreads the sum of those over
    # the entries, and a cumulative probability adds at most N of them (see the module text).
    u = 4 * EPS * max(1, int(math.log2(size)))
    weights = magnitude ** (hands - 1)
    spread = float(2 * weights.sum() - weights[0])
    error = wrapped + hands * u * spread + size * u * float(np.abs(density).max())
    np.clip(density, 0.0, None, out=density)
    cdf = np.cumsum(density)
    return NetDistribution(hands, lat, "fft", cdf, 1, error)


def net_distribution(lat: Lattice, hands: int) -> NetDistribution | None:
    """The distribution after ``hands`` hands by the cheapest sound method (None: too large)."""
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    if exact_bits(lat, hands) <= EXACT_BITS:
        return exact_distribution(lat, hands)
    if fft_size(lat, hands) <= FFT_SIZE:
        return fft_distribution(lat, hands)
    return None
