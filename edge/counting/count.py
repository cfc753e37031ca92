"""A linear card count for a wager, chosen from its exact effects of removal.

A :class:`LinearCount` gives every face an integer tag; the running count is the sum of the
tags of the cards seen. Its *betting correlation* with a wager whose effects of removal are
``e_f`` in a shoe of ``n_f`` cards of face f is

    BC = sum n_f t'_f e_f / sqrt(sum n_f t'_f^2 * sum n_f e_f^2),

with ``t'_f = t_f - tbar`` the tags centred on their shoe mean ``tbar = sum n_f t_f / N`` (a
balanced count has tbar = 0; for an unbalanced one the centred tags are its balanced
equivalent). The effects need no centring: ``sum n_f e_f = 0`` exactly.

The effects are fitted by the tags (least squares, weights n_f): ``e_f ~ a t'_f`` with
``a = sum n_f t'_f e_f / sum n_f t'_f^2``. To first order, a shoe of N cards with cards R gone and
M left has the return ``E0 + (N - 1) / M * sum over R of e_f`` (the linear model in the shoe's
make-up that reproduces every single-card effect exactly); with the fit, that is
``E0 + a (N - 1) / M * RC'`` where ``RC'`` is the centred running count of the cards gone. With
the true count per deck left, ``TC = RC' / (M / 52)``:

    E(TC) = E0 + slope * TC,   slope = a * (N - 1) / 52,

exact Fractions from the exact effects and the tags. The wager turns in the player's favour
at ``TC* = -E0 / slope`` (for a positive slope).

The best count is searched for at levels 1 to 3 (tags in -L..L), balanced and unbalanced: tags
rounded from the effects at many scales, then improved by a local search (changing one tag, or
two in opposite directions) while the betting correlation grows. Tags are per rank when the
wager is suit-symmetric, else per face. Where a level has at most :data:`EVERY_COUNT` counts
(``(2L + 1)`` to the power of the tags: level 1 by rank, 1,594,323 counts), every one of them is
scored too and the best kept (the local search's tags when they reach the same betting
correlation): that count is the best of its level, :attr:`Candidate.exhaustive`. Elsewhere the
local search's count is only the best *found*: a better one may exist (the Triple Bet's combined
wager at level 3: 0.98580 found where 0.98837 exists), and the words say so.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.counting.removal import Effects, rank_name

FloatArray = npt.NDArray[np.float64]
LEVELS = (1, 2, 3)
# the most counts of a level scored one by one (every count); above it, only the local search
EVERY_COUNT = 2_000_000
# counts scored at once in the search of every count (a 13-tag block is about 25 MB)
BLOCK = 250_000


@dataclass(frozen=True)
class LinearCount:
    """A linear count: one integer tag per face (face = rank * 4 + suit, rank 0 = deuce)."""

    tags: tuple[int, ...]
    name: str

    def __post_init__(self) -> None:
        if len(self.tags) != 52:
            raise ValueError(f"a linear count has 52 tags, not {len(self.tags)}")

    def running_value(self, faces: Iterable[int]) -> int:
        """The running count of the cards ``faces`` (the sum of their tags)."""
        return sum(self.tags[int(face)] for face in faces)

    @property
    def level(self) -> int:
        """The largest tag, in absolute value."""
        return max(abs(t) for t in self.tags)

    def balanced(self, copies: Sequence[int]) -> bool:
        """Whether the tags of the whole shoe sum to zero."""
        return sum(c * t for c, t in zip(copies, self.tags, strict=True)) == 0

    @property
    def by_rank(self) -> tuple[int, ...] | None:
        """The tag of each rank (deuce first) when the four suits of every rank share it."""
        if any(len(set(self.tags[4 * r:4 * r + 4])) != 1 for r in range(13)):
            return None
        return tuple(self.tags[4 * r] for r in range(13))

    def text(self) -> str:
        """``2:+1 3:+1 ... A:-1`` (per face when the suits differ)."""
        ranks = self.by_rank
        if ranks is not None:
            return " ".join(f"{rank_name(r)}:{t:+d}" for r, t in enumerate(ranks))
        from edge.counting.removal import face_name
        return " ".join(f"{face_name(f)}:{t:+d}" for f, t in enumerate(self.tags))


@dataclass(frozen=True)
class CountFit:
    """A count against a wager's effects: betting correlation, slope and break-even."""

    count: LinearCount
    copies: tuple[int, ...]
    full: Fraction                 # E0, the full shoe's return
    covariance: Fraction           # sum n t' e
    tag_square: Fraction           # sum n t'^2
    effect_square: Fraction        # sum n e^2

    @property
    def bc_squared(self) -> Fraction:
        """BC squared, signed as BC (exact)."""
        if self.tag_square == 0 or self.effect_square == 0:
            return Fraction(0)
        value = self.covariance ** 2 / (self.tag_square * self.effect_square)
        return value if self.covariance >= 0 else -value

    @property
    def bc(self) -> float:
        """The betting correlation (a float: a square root)."""
        return math.copysign(math.sqrt(abs(self.bc_squared)), self.bc_squared)

    @property
    def per_tag(self) -> Fraction:
        """a: the fitted effect of one card per unit of centred tag."""
        return self.covariance / self.tag_square if self.tag_square else Fraction(0)

    @property
    def mean_tag(self) -> Fraction:
        """tbar: the shoe's mean tag (0 for a balanced count)."""
        return Fraction(sum(c * t for c, t in zip(self.copies, self.count.tags, strict=True)),
                        sum(self.copies))

    @property
    def slope(self) -> Fraction:
        """dE/dTC: the change in return per unit of true count (per deck left)."""
        return self.per_tag * (sum(self.copies) - 1) / 52

    @property
    def break_even(self) -> Fraction | None:
        """The true count at which E(TC) = 0, when the slope is positive."""
        return -self.full / self.slope if self.slope > 0 else None

    def at(self, true_count: Fraction | int) -> Fraction:
        """E(TC) = E0 + slope * TC (first order)."""
        return self.full + self.slope * true_count


def fit(count: LinearCount, effects: Effects) -> CountFit:
    """The count's betting correlation, slope and break-even against the effects (exact)."""
    n, e, t = effects.copies, effects.effects, count.tags
    total = sum(n)
    mean = Fraction(sum(c * x for c, x in zip(n, t, strict=True)), total)
    centred = [x - mean for x in t]
    covariance = sum((c * x * y for c, x, y in zip(n, centred, e, strict=True)), Fraction(0))
    tag_square = sum((c * x * x for c, x in zip(n, centred, strict=True)), Fraction(0))
    effect_square = sum((c * y * y for c, y in zip(n, e, strict=True)), Fraction(0))
    return CountFit(count, n, effects.full, covariance, tag_square, effect_square)


def _scores(tags: FloatArray, n: FloatArray, e: FloatArray) -> FloatArray:
    """BC squared (signed) of each row of tags, in floats, for the search (the final figures
    are exact)."""
    centred = tags - (tags @ n)[:, None] / n.sum()
    square = (centred * centred) @ n
    cov = (centred * e) @ n
    with np.errstate(divide="ignore", invalid="ignore"):
        found = np.where(square > 0, np.sign(cov) * cov * cov / square, -np.inf)
    return np.asarray(found, dtype=np.float64)


def _moves(n: FloatArray, balanced: bool) -> FloatArray:
    """One tag up or down (unbalanced counts), or one up and another down (keeping the balance
    when both weigh the same)."""
    size = len(n)
    eye = np.eye(size)
    pairs = (eye[:, None, :] - eye[None, :, :]).reshape(-1, size)
    pairs = pairs[np.abs(pairs).sum(axis=1) > 0]
    found = pairs[np.abs(pairs @ n) < 1e-9] if balanced else np.concatenate([eye, -eye, pairs])
    return np.asarray(found, dtype=np.float64)


def _climb(tags: FloatArray, n: FloatArray, e: FloatArray, level: int,
           moves: FloatArray) -> FloatArray:
    """Take the best move while the betting correlation grows."""
    best = float(_scores(tags[None, :], n, e)[0])
    while True:
        trials = tags + moves
        trials = trials[np.abs(trials).max(axis=1) <= level]
        if len(trials) == 0:
            return tags
        scores = _scores(trials, n, e)
        top = int(np.argmax(scores))
        if not scores[top] > best + 1e-15:
            return tags
        tags, best = trials[top], float(scores[top])


def _starts(e: FloatArray, n: FloatArray, level: int, balanced: bool) -> list[FloatArray]:
    """Tags rounded from the effects at many scales (for balanced counts, those that are)."""
    top = float(np.abs(e).max())
    found: list[FloatArray] = [np.zeros(len(e))]
    for scale in np.linspace(0.5, level + 0.49, 60):
        for shift in ((0.0,) if balanced else (-0.5, -0.25, 0.0, 0.25, 0.5)):
            tags = np.clip(np.round(e / top * scale + shift), -level, level)
            if not balanced or (n * tags).sum() == 0:
                found.append(tags)
    unique = {tuple(t.tolist()): t for t in found}
    return list(unique.values())


def _every_count(n: FloatArray, e: FloatArray, level: int,
                 balanced: bool) -> tuple[FloatArray, float]:
    """The tags of the highest betting correlation among every count of ``level`` (balanced
    ones only when ``balanced``) and its score, scored in blocks of :data:`BLOCK`."""
    size = len(n)
    width = 2 * level + 1
    best = np.zeros(size)
    best_score = -math.inf
    total = width ** size
    powers = width ** np.arange(size - 1, -1, -1, dtype=np.int64)
    for first in range(0, total, BLOCK):
        index = np.arange(first, min(first + BLOCK, total), dtype=np.int64)
        tags = ((index[:, None] // powers[None, :]) % width - level).astype(np.float64)
        if balanced:
            tags = tags[np.abs(tags @ n) < 1e-9]
            if len(tags) == 0:
                continue
        scores = _scores(tags, n, e)
        top = int(np.argmax(scores))
        if scores[top] > best_score:
            best, best_score = tags[top], float(scores[top])
    return best, best_score


@dataclass(frozen=True)
class Candidate:
    """The best count found at one level, balanced or not; ``exhaustive`` when every count of
    that level was scored (it is the best of its level), else the best a local search found."""

    level: int
    balanced: bool
    fit: CountFit
    exhaustive: bool = False

    @property
    def search(self) -> str:
        """How it was found, in words."""
        return ("the best of every count of its level" if self.exhaustive else
                "the best found by a local search (not every count of its level)")


def candidates(effects: Effects) -> list[Candidate]:
    """The best count at each level 1 to 3, balanced and unbalanced (none when no single card
    moves the return)."""
    if effects.all_zero:
        return []
    groups = effects.groups()
    n = np.array([float(sum(effects.copies[f] for f in faces)) for _, faces, _ in groups])
    e = np.array([float(effect) for _, _, effect in groups])
    found: list[Candidate] = []
    for level in LEVELS:
        for balanced in (True, False):
            best: FloatArray | None = None
            best_score = -math.inf
            moves = _moves(n, balanced)
            for start in _starts(e, n, level, balanced):
                tags = _climb(start, n, e, level, moves)
                score = float(_scores(tags[None, :], n, e)[0])
                if score > best_score + 1e-15:
                    best, best_score = tags, score
            exhaustive = (2 * level + 1) ** len(groups) <= EVERY_COUNT
            if exhaustive:
                every, every_score = _every_count(n, e, level, balanced)
                if every_score > best_score + 1e-12 * abs(every_score):
                    best, best_score = every, every_score
            if best is None or best_score == -math.inf:
                continue
            faces = [0] * 52
            for (_, members, _), tag in zip(groups, best.tolist(), strict=True):
                for face in members:
                    faces[face] = int(tag)
            even = sum(c * t for c, t in zip(effects.copies, faces, strict=True)) == 0
            if any(c.fit.count.tags == tuple(faces) for c in found):
                continue                     # the unbalanced search found a balanced count
            kind = "balanced" if even else "unbalanced"
            count = LinearCount(tuple(faces), f"level-{level} {kind} count")
            found.append(Candidate(level, even, fit(count, effects), exhaustive))
    return found


def best_count(effects: Effects) -> Candidate | None:
    """The count of the highest betting correlation (exact comparison; a lower level, then a
    balanced count, first among equals)."""
    return best_of(candidates(effects))


def best_of(found: Sequence[Candidate]) -> Candidate | None:
    """The candidate of the highest betting correlation (as :func:`best_count`)."""
    if not found:
        return None
    top = max(c.fit.bc_squared for c in found)
    return next(c for c in found if c.fit.bc_squared == top)
