"""The suit counter: the four suits left in the shoe, and the return it estimates from them.

A counter who keeps the four suits apart knows ``m = (m_c, m_d, m_h, m_s)``, the cards of each
suit left (``M`` in all), and nothing of their ranks. It estimates the wager's return as

    estimate(m) = E0 + P(m) - E[P | M]

* ``P(m)``: the exact return of a shoe holding those suit totals with every suit's cards spread
  evenly over the 13 ranks (``m_s / 13`` of each face of suit ``s``). A wager looking at ``k``
  cards deals ``c1 (c2 - [f2 = f1]) ...`` ways from copies ``c``, a polynomial of degree ``k`` in
  the copies, over ``M (M - 1) ... (M - k + 1)``: so ``P(m) = Num(m) / ff(M, k)`` with ``Num`` a
  polynomial of degree ``k`` in the four suit totals. ``Num`` is found exactly (Fractions) by
  interpolation from the wager's own exact returns (its ``shoe_return`` hook) at the shoes with
  ``a_s`` cards of every face of suit ``s``, ``a = 1 + b`` for every ``b`` of four whole
  numbers summing to at most ``k`` (a principal lattice of the simplex, on which a polynomial of
  degree ``k`` is determined); written in the falling factorials ``ff(m_s, j_s)``. The degree
  is the least ``k`` whose polynomial also gives the exact return at every shoe of the next
  lattice (``k + 1``), at most the cards the wager deals.
* ``E[P | M]``: its mean over the shoes of ``M`` cards left by cards dealt at random from the
  full one, exact: the suit totals left are multivariate hypergeometric, so
  ``E[prod ff(m_s, j_s)] = ff(M, J) prod ff(K_s, j_s) / ff(N, J)`` (``K_s`` cards of suit ``s``
  in the full shoe of ``N``, ``J = sum j_s``).
* ``E0``: the exact return off the top. Every depth averages it (an unseen card changes no
  expectation), so the part of the return the suits do not tell (the ranks left) is taken at
  its average: over the shoes at any depth the estimate averages ``E0``, as the linear count's
  ``E(TC)`` does.

For a wager that looks at suits alone the return of a shoe depends on its suit totals only:
``P`` is then the exact return of every shoe, its mean is ``E0``, and the estimate is exact.
Otherwise it is an estimate, and says so. The counter bets when the estimate is above zero;
on a shoe whose suits are as even as the full shoe's (``m`` in proportion to ``K``) it does
not bet where the suit mix only helps the wager (``P`` least at the even mix), because the
estimate there is below ``E0``.

The decision is taken for every round of a simulation at once (:meth:`SuitCounter.bets`):
the polynomial is evaluated in floating point, and every round within a relative ``10^-9`` of
the threshold is decided again exactly, in Fractions.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

__all__ = ["SuitCounter", "falling", "suit_counter", "suits_of"]

SUITS = 4
RANKS = 13
# a round is decided exactly when its float value is this close (relative) to the threshold
TIE = 1e-9

Exponent = tuple[int, int, int, int]
Shoe = tuple[int, ...]


def falling(x: int, j: int) -> int:
    """``x (x - 1) ... (x - j + 1)``, 1 for ``j = 0``.

    >>> falling(5, 3), falling(2, 3), falling(7, 0)
    (60, 0, 1)
    """
    out = 1
    for i in range(j):
        out *= x - i
    return out


def suits_of(copies: Sequence[int]) -> tuple[int, int, int, int]:
    """The cards of each suit (clubs, diamonds, hearts, spades) of 52 face counts."""
    found = [sum(copies[4 * r + s] for r in range(RANKS)) for s in range(SUITS)]
    return found[0], found[1], found[2], found[3]


def exponents(degree: int) -> list[Exponent]:
    """Every four whole numbers summing to at most ``degree``, in a fixed order."""
    return [(a, b, c, d) for a, b, c, d in itertools.product(range(degree + 1), repeat=SUITS)
            if a + b + c + d <= degree]


def _basis(suits: Sequence[int], powers: Sequence[Exponent]) -> list[int]:
    return [math.prod(falling(m, j) for m, j in zip(suits, power, strict=True))
            for power in powers]


def _solve(matrix: list[list[int]], values: list[Fraction]) -> list[Fraction]:
    """The exact solution of a square, regular linear system (Gauss-Jordan in Fractions)."""
    size = len(values)
    rows = [[Fraction(v) for v in row] + [value] for row, value in zip(matrix, values,
                                                                        strict=True)]
    for col in range(size):
        pivot = next(r for r in range(col, size) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [v / head for v in rows[col]]
        for r in range(size):
            factor = rows[r][col]
            if r != col and factor:
                rows[r] = [v - factor * p for v, p in zip(rows[r], rows[col], strict=True)]
    return [row[-1] for row in rows]


@dataclass(frozen=True)
class SuitCounter:
    """The suit counter's estimate of a wager (see the module's docstring): ``full`` suit
    totals ``K``, the return off the top ``E0``, and ``Num`` as coefficients of the falling
    factorials ``prod ff(m_s, j_s)`` (one per exponent ``j``)."""

    full_suits: tuple[int, int, int, int]
    full: Fraction
    degree: int
    powers: tuple[Exponent, ...]
    coefficients: tuple[Fraction, ...]

    @property
    def size(self) -> int:
        """Cards in the full shoe."""
        return sum(self.full_suits)

    def numerator(self, suits: Sequence[int]) -> Fraction:
        """``Num(m)``, exactly."""
        return sum((c * b for c, b in zip(self.coefficients, _basis(suits, self.powers),
                                          strict=True)), Fraction(0))

    def mean_numerator(self, left: int) -> Fraction:
        """``E[Num(m)]`` over the shoes of ``left`` cards dealt at random from the full one."""
        return _mean_numerator(self, left)

    def threshold(self, left: int) -> Fraction:
        """The counter bets when ``Num(m)`` is above this (``left`` cards left)."""
        return self.mean_numerator(left) - self.full * falling(left, self.degree)

    def estimate(self, suits: Sequence[int]) -> Fraction:
        """The estimated return per unit wagered of a shoe with these suits left."""
        left = sum(suits)
        return self.full + ((self.numerator(suits) - self.mean_numerator(left))
                            / falling(left, self.degree))

    def bets(self, suits: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
        """Whether the counter bets each round, from the suits left before it (shape
        ``(..., 4)``): the estimate above zero, decided exactly (see the module)."""
        flat = suits.reshape(-1, SUITS)
        left = flat.sum(axis=1)
        depths, where = np.unique(left, return_inverse=True)
        cut = np.array([float(self.threshold(int(m))) for m in depths])[where.reshape(-1)]
        powers = {(s, j): falling_array(flat[:, s], j)
                  for s in range(SUITS) for j in range(self.degree + 1)}
        value = np.zeros(len(flat))
        size = np.zeros(len(flat))
        for coefficient, power in zip(self.coefficients, self.powers, strict=True):
            term = float(coefficient) * math.prod(
                (powers[s, j] for s, j in enumerate(power)), start=np.ones(len(flat)))
            value += term
            size += np.abs(term)
        out = value > cut
        close = np.flatnonzero(np.abs(value - cut) <= TIE * (size + np.abs(cut) + 1))
        for i in close.tolist():
            row = [int(v) for v in flat[i]]
            out[i] = self.numerator(row) > self.threshold(sum(row))
        return out.reshape(suits.shape[:-1])


@functools.lru_cache(maxsize=4096)
def _mean_numerator(counter: SuitCounter, left: int) -> Fraction:
    total = Fraction(0)
    for coefficient, power in zip(counter.coefficients, counter.powers, strict=True):
        drawn = sum(power)
        total += (coefficient * falling(left, drawn)
                  * math.prod(falling(k, j) for k, j in zip(counter.full_suits, power,
                                                            strict=True))
                  / falling(counter.size, drawn))
    return total


def falling_array(x: npt.NDArray[np.int64], j: int) -> npt.NDArray[np.float64]:
    """``falling`` of every entry, as floats."""
    out = np.ones(x.shape)
    for i in range(j):
        out *= x - i
    return out


def _shift(power: Exponent) -> Exponent:
    """A lattice point: one more card of every face of each suit than ``power`` says."""
    return power[0] + 1, power[1] + 1, power[2] + 1, power[3] + 1


def suit_counter(returns: Callable[[Shoe], Fraction], copies: Shoe,
                 most: int) -> SuitCounter:
    """The suit counter of a wager whose exact return from any shoe is ``returns`` (52 face
    counts), dealt from the shoe ``copies``, looking at ``most`` cards a round at most."""
    full = returns(tuple(copies))
    found: dict[Exponent, Fraction] = {}

    def value(point: Exponent) -> Fraction:
        if point not in found:
            shoe = tuple(point[face % SUITS] for face in range(52))
            found[point] = returns(shoe)
        return found[point]

    for degree in range(1, most + 1):
        powers = exponents(degree)

        def numerator(point: Exponent, degree: int = degree) -> Fraction:
            return value(point) * falling(RANKS * sum(point), degree)

        points = [_shift(p) for p in powers]
        matrix = [_basis([RANKS * a for a in point], powers) for point in points]
        coefficients = _solve(matrix, [numerator(point) for point in points])
        counter = SuitCounter(suits_of(copies), full, degree, tuple(powers),
                              tuple(coefficients))
        if degree == most:
            return counter
        above = [_shift(p) for p in exponents(degree + 1) if sum(p) == degree + 1]
        if all(counter.numerator([RANKS * a for a in point]) == numerator(point)
               for point in above):
            return counter
    raise ValueError(f"a wager looks at 1 card or more, not {most}")
