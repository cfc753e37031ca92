"""Exact effects of removal: how a wager's expected return moves when one card leaves the shoe.

A shoe is 52 copy counts, ``copies[f]`` cards of face ``f = rank * 4 + suit`` (rank 0 is the
deuce, 12 the ace). For a wager with a ``shoe_return`` hook the expected return per unit
wagered is found exactly (a :class:`~fractions.Fraction`) for the full shoe, E(shoe), and for the
shoe less one card of each face, E(shoe - f); the effect of removal of face f is

    EOR_f = E(shoe - f) - E(shoe).

Burning an unseen card from the top changes no expectation, so E(shoe) is the average of
E(shoe - f) weighted by the copies of f, which is the exact identity every analysis checks:

    sum over f of copies_f * EOR_f = 0.

A wager is *suit-symmetric* when, for every rank, removing that rank's card of any suit gives
the same return: found by comparing the 52 exact returns, never assumed. Its effects are then
given per rank (13), else per face (52).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from edge.errors import EdgeError

Shoe = tuple[int, ...]
# the exact expected return per unit wagered from a shoe (a wager's shoe_return, bound)
ReturnOf = Callable[[Shoe], Fraction]

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def rank_name(rank: int) -> str:
    """``2`` .. ``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
    return RANKS[rank]


def face_name(face: int) -> str:
    """A face as rank and suit letter: ``Ts``, ``2c``."""
    return RANKS[face // 4] + SUITS[face % 4]


def uniform_shoe(decks: int) -> Shoe:
    """A shoe of ``decks`` full decks."""
    return (decks,) * 52


def without(copies: Sequence[int], *faces: int) -> Shoe:
    """The shoe less one card of each of ``faces`` (an error for a face it no longer holds)."""
    left = list(copies)
    for face in faces:
        if left[face] <= 0:
            raise EdgeError(f"The shoe holds no {face_name(face)} to remove.")
        left[face] -= 1
    return tuple(left)


def shoe_of(rules: Any, wager: str, game: str) -> Shoe:
    """The full shoe a game's rules deal from (its ``decks`` option): an error naming the wager
    when it is not dealt from a shoe of more than one deck."""
    decks = getattr(rules, "decks", None)
    if not isinstance(decks, int):
        raise EdgeError(f"The {wager} wager of {game} is not dealt from a shoe (the game has no "
                        "decks option): card counting needs a shoe of more than one deck.")
    if decks < 2:
        raise EdgeError(f"The {wager} wager of {game} is dealt from {decks} deck here: card "
                        "counting needs a shoe of more than one deck (--set decks=N, N >= 2).")
    return uniform_shoe(decks)


@dataclass(frozen=True)
class Effects:
    """The exact returns of a wager from a shoe and from that shoe less each single face."""

    wager: str
    copies: Shoe
    full: Fraction
    # E(shoe - f) for each face f (the full return for a face the shoe does not hold)
    removed: tuple[Fraction, ...]

    @property
    def cards(self) -> int:
        """Cards in the shoe."""
        return sum(self.copies)

    @property
    def effects(self) -> tuple[Fraction, ...]:
        """EOR_f = E(shoe - f) - E(shoe), per face (0 for a face the shoe does not hold)."""
        return tuple(r - self.full for r in self.removed)

    @property
    def suit_symmetric(self) -> bool:
        """Whether every rank's four faces have the same effect (compared exactly)."""
        return all(len({self.removed[4 * rank + suit] for suit in range(4)}) == 1
                   and len({self.copies[4 * rank + suit] for suit in range(4)}) == 1
                   for rank in range(13))

    @property
    def by_rank(self) -> tuple[Fraction, ...]:
        """The effect of each rank (deuce first), for a suit-symmetric wager."""
        assert self.suit_symmetric, "the effects depend on the suit"
        effects = self.effects
        return tuple(effects[4 * rank] for rank in range(13))

    @property
    def zero_sum(self) -> Fraction:
        """sum over f of copies_f * EOR_f: exactly zero for every wager dealt from the shoe."""
        return sum((c * e for c, e in zip(self.copies, self.effects, strict=True)), Fraction(0))

    @property
    def all_zero(self) -> bool:
        """Whether no single card moves the return at all (a symmetric wager: pairs)."""
        return not any(self.effects)

    def groups(self) -> list[tuple[str, tuple[int, ...], Fraction]]:
        """(label, faces, effect) per rank when suit-symmetric, else per face."""
        effects = self.effects
        if self.suit_symmetric:
            return [(rank_name(r), tuple(range(4 * r, 4 * r + 4)), effects[4 * r])
                    for r in range(13)]
        return [(face_name(f), (f,), effects[f]) for f in range(52)]


def effects_of_removal(wager: str, returns: ReturnOf, copies: Sequence[int]) -> Effects:
    """The exact effects of removal of each face from the shoe of ``copies``, checked: the
    copy-weighted effects sum to exactly zero (else an AssertionError)."""
    shoe = tuple(int(c) for c in copies)
    full = returns(shoe)
    removed = tuple(returns(without(shoe, face)) if shoe[face] > 0 else full
                    for face in range(52))
    found = Effects(wager, shoe, full, removed)
    if found.zero_sum != 0:
        raise AssertionError(f"the effects of removal of the {wager} wager, weighted by the "
                             f"shoe, sum to {found.zero_sum}, not 0")
    return found
