"""What moves a suit-matching wager: the mix of suits left in the shoe, not any single card.

A wager paid on suits matching (a flush, a suited pair) gains when the shoe is left rich in one
suit, whichever suit it is: the gain grows with the square of the imbalance, so no linear count
of single cards follows it. Removing one card of each rank of one suit, ``j`` times over (13j
cards), leaves the ranks in the shoe in their full proportions and moves only the suits: its
exact return against the full shoe's shows the mix's own effect. The imbalance is measured by

    Q = sum over suits s of (m_s / M - 1/4)^2,

``m_s`` cards of suit s among the M left. When cards leave the shoe at random its expectation is
exact (each suit's count is hypergeometric): ``E[Q] = 3/4 * (N - M) / (M (N - 1))`` for a shoe
of N cards with M left. How often a shoe dealt to a depth is in the player's favour is not
modelled from Q (a chi-square model of it was off by up to 7 times): it is simulated, each
shoe's return exact (:mod:`edge.counting.sampled`).

A wager whose outcome looks at ranks only has the same exact return whether the 13 cards gone
are of one suit or of mixed suits (the ranks left are the same): that comparison says, exactly,
whether the suits matter at all.
"""

from __future__ import annotations

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


def shoe_left(copies: Shoe, left: int, suits: tuple[int, int, int, int] | None = None) -> Shoe:
    """A shoe of ``left`` cards (a multiple of 13) taken from ``copies``: every rank with
    ``left / 13`` cards, the suits holding ``suits`` cards (default: as even as can be),
    each rank's cards given to the suits that need the most. An error if it cannot be."""
    per_rank, rest = divmod(left, 13)
    if rest or left <= 0:
        raise ValueError(f"{left} cards are not a whole number of cards per rank")
    if suits is None:
        even, extra = divmod(left, 4)
        suits = tuple(even + (s < extra) for s in range(4))        # type: ignore[assignment]
    assert suits is not None
    need = list(suits)
    made = [0] * 52
    for rank in range(13):
        for _ in range(per_rank):
            open_suits = [s for s in range(4) if made[4 * rank + s] < copies[4 * rank + s]]
            suit = max(open_suits, key=lambda s: (need[s], -s))
            made[4 * rank + suit] += 1
            need[suit] -= 1
    if any(need):
        raise ValueError(f"no shoe of {left} cards from this one has the suits {suits}")
    return tuple(made)


def rich_suits(left: int, rich: int, suit: int = 0) -> tuple[int, int, int, int]:
    """Suit totals with ``rich`` cards of ``suit`` (clubs) and the rest as even as can be."""
    even, extra = divmod(left - rich, 3)
    others = [even + (s < extra) for s in range(3)]
    return tuple(others[:suit] + [rich] + others[suit:])       # type: ignore[return-value]


@dataclass(frozen=True)
class Depth:
    """A shoe dealt down to ``left`` cards: the exact return of those cards in proportion, and
    the least uneven shoe of that size (one suit richest, the ranks in proportion) at which a
    suit counter's expected return reaches zero (None: none reaches it).

    Every depth averages the full shoe's return E0 over the shoes it can be (an unseen card
    changes no expectation). With the suit effect D(Q) = E(shoe) - E(cards in proportion)
    taken as growing in proportion to Q (D = b Q, b read off each exact shoe), the average of
    D is b E[Q], so a shoe of imbalance Q returns about ``E0 + b (Q - E[Q])``: the turning shoe
    is the first where that reaches zero."""

    left: int
    proportional: Fraction
    mean_imbalance: Fraction
    turning: Shoe | None
    turning_return: Fraction | None          # its exact return (cards left as they are)

    @property
    def imbalance(self) -> Fraction | None:
        """Q of the turning shoe."""
        return imbalance(self.turning) if self.turning is not None else None


def depth(copies: Shoe, left: int, returns: ReturnOf, full: Fraction,
          turning: bool = True, suit: int = 0) -> Depth:
    """The exact return at ``left`` cards in proportion and (``turning``) the least rich one
    suit (``suit``, clubs by default) must be for a suit counter's return to reach zero, by
    bisection over exact returns (see :class:`Depth`)."""
    proportional = returns(shoe_left(copies, left))
    mean = expected_imbalance(sum(copies), left)
    if not turning:
        return Depth(left, proportional, mean, None, None)

    def estimate(rich: int) -> tuple[Shoe, Fraction, bool]:
        shoe = shoe_left(copies, left, rich_suits(left, rich, suit))
        value = returns(shoe)
        q = imbalance(shoe)
        turned = q > 0 and full + (value - proportional) * (1 - mean / q) >= 0
        return shoe, value, turned

    low = -(-left // 4)
    high = min(left, sum(copies[4 * r + suit] for r in range(13)))
    shoe, value, turned = estimate(high)
    if not turned:
        return Depth(left, proportional, mean, None, None)
    while high - low > 1:
        middle = (low + high) // 2
        found = estimate(middle)
        if found[2]:
            high, (shoe, value, turned) = middle, found
        else:
            low = middle
    return Depth(left, proportional, mean, shoe, value)


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
    favoured: int = 0              # the suit whose removal lowers the return most

    @property
    def suits_matter(self) -> bool:
        """Whether the suits' totals move the return: 13 cards of one suit gone against 13 of
        mixed suits, the same ranks (exact comparison)."""
        return self.one_suit != self.mixed

    @property
    def matters(self) -> bool:
        """Whether the mix moves the return: the suits left do (exact comparison), or no
        single card moves it at all."""
        return self.one_suit != self.mixed or self.no_single_card


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
    favoured = min(range(4), key=lambda s: (first[s], s))
    return SuitMix(effects.wager, copies, effects.full, suit, first[suit], mixed, tuple(steps),
                   effects.all_zero, favoured)
