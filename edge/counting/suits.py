"""What moves a suit-matching wager: the mix of suits left in the shoe, not any single card.

A wager paid on suits matching (a flush, a suited pair) gains when the shoe is left rich in one
suit, whichever suit it is: the gain grows with the square of the imbalance, so no linear count
of single cards follows it. Removing one card of each rank of one suit, ``j`` times over (13j
cards), leaves the ranks in the shoe in their full proportions and moves only the suits: its
exact return against the full shoe's shows the mix's own effect. The imbalance is measured by

    Q = sum over suits s of (m_s / M - 1/4)^2,

``m_s`` cards of suit s among the M left. When cards leave the shoe at random its expectation is
exact (each suit's count is hypergeometric): ``E[Q] = 3/4 * (N - M) / (M (N - 1))`` for a shoe
of N cards with M left, and ``Q / E[Q]`` is close to a chi-square with 3 degrees of freedom
divided by 3 (a normal approximation, stated as such where used).

A wager whose outcome looks at ranks only has the same exact return whether the 13 cards gone
are of one suit or of mixed suits (the ranks left are the same): that comparison says, exactly,
whether the suits matter at all.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from edge.counting.removal import Effects, ReturnOf, Shoe


def _remove(copies: Shoe, faces: list[int]) -> Shoe:
    left = list(copies)
    for face in faces:
        left[face] -= 1
    return tuple(left)


def suit_counts(copies: Shoe) -> tuple[int, ...]:
    """Cards of each suit (clubs, diamonds, hearts, spades)."""
    return tuple(sum(copies[4 * r + s] for r in range(13)) for s in range(4))


def imbalance(copies: Shoe) -> Fraction:
    """Q: the sum over suits of (share of the shoe - 1/4) squared."""
    total = sum(copies)
    return sum(((Fraction(m, total) - Fraction(1, 4)) ** 2 for m in suit_counts(copies)),
               Fraction(0))


def expected_imbalance(full: int, left: int) -> Fraction:
    """E[Q] when ``full - left`` cards of a full shoe have gone at random."""
    return Fraction(3, 4) * (full - left) / (left * (full - 1))


def chi3_tail(x: float) -> float:
    """P(chi-square with 3 degrees of freedom > x)."""
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)


@dataclass(frozen=True)
class SuitStep:
    """The shoe with ``sets`` cards of every rank of one suit gone."""

    sets: int
    copies: Shoe
    value: Fraction            # the exact return

    @property
    def removed(self) -> int:
        """Cards gone."""
        return 13 * self.sets

    @property
    def imbalance(self) -> Fraction:
        """Q of the shoe."""
        return imbalance(self.copies)


@dataclass(frozen=True)
class SuitMix:
    """The suit-mix analysis of a wager."""

    wager: str
    copies: Shoe
    full: Fraction
    suit: int                  # the suit removed (the one whose removal helps most)
    one_suit: Fraction         # the return with one card of each rank of that suit gone
    mixed: Fraction            # ... with one card of each rank gone, suits rotating
    steps: tuple[SuitStep, ...]

    no_single_card: bool = False   # every effect of removal is exactly zero

    @property
    def matters(self) -> bool:
        """Whether the mix moves the return: the suits left do (exact comparison), or no
        single card moves it at all."""
        return self.one_suit != self.mixed or self.no_single_card

    @property
    def break_even_imbalance(self) -> Fraction | None:
        """The Q at which the return reaches zero, read off the exact steps (linear between
        the last step below zero and the first at or above it); None when no step gets there."""
        points = [(Fraction(0), self.full)] + [(s.imbalance, s.value) for s in self.steps]
        for (q0, e0), (q1, e1) in zip(points, points[1:], strict=False):
            if e0 < 0 <= e1:
                return q0 + (q1 - q0) * (-e0) / (e1 - e0)
        return Fraction(0) if self.full >= 0 else None

    def share_past(self, penetration: Fraction) -> tuple[Fraction, float] | None:
        """(E[Q] at that penetration, the approximate share of shoes past the break-even Q)."""
        needed = self.break_even_imbalance
        total = sum(self.copies)
        left = round(total * (1 - penetration))
        if needed is None or left < 1:
            return None
        typical = expected_imbalance(total, left)
        return typical, chi3_tail(float(3 * needed / typical))


def suit_mix(effects: Effects, returns: ReturnOf) -> SuitMix:
    """The exact returns with one suit's cards gone, ``j`` of each rank for j = 1 .. the
    fewest copies of a face of that suit (the suit whose first removal helps most)."""
    copies = effects.copies
    mixed = returns(_remove(copies, [4 * r + r % 4 for r in range(13)]))
    first = {s: returns(_remove(copies, [4 * r + s for r in range(13)])) for s in range(4)}
    suit = max(range(4), key=lambda s: (first[s], -s))
    steps = [SuitStep(1, _remove(copies, [4 * r + suit for r in range(13)]), first[suit])]
    most = min(copies[4 * r + suit] for r in range(13))
    for sets in range(2, most + 1):
        shoe = _remove(copies, [4 * r + suit for r in range(13)] * sets)
        steps.append(SuitStep(sets, shoe, returns(shoe)))
    return SuitMix(effects.wager, copies, effects.full, suit, first[suit], mixed, tuple(steps),
                   effects.all_zero)
