"""Shoes dealt at random to a depth, each shoe's figures exact: how often a shoe is in the
player's favour, how often its true count reaches break-even, its exact return by true count.

The share of shoes of ``left`` cards in the player's favour is a sum over every make-up of the
cards left, far too many to list (52 faces); so it is simulated: shoes of ``left`` cards are
drawn at random from the full shoe (the cards left after the rest are dealt, a multivariate
hypergeometric draw) from a stated seed, and each shoe's return is the wager's exact return
from that shoe (its ``shoe_return`` hook). The share is the fraction of shoes whose exact return
is above zero, with its binomial standard error, ``sqrt(p (1 - p) / n)``.

A linear count's true count is exact for a shoe: the centred running count of the cards gone
(each tag less the shoe's mean tag) per deck left, ``TC = 52 (N RC - R S) / (N M)`` for a shoe
of N cards (tags summing to S) with R gone (running count RC) and M left. The share of shoes
whose true count reaches a break-even true count is simulated the same way (only the cards of
each tag need drawing), and so is the return by true count: for each whole true count (the true
count floored, as the counter bets), the mean exact return of shoes drawn at random whose true
count floors to it, at each depth, the depths weighted by how often each deals that true count
(with the suits' imbalance as a control variate, :func:`returns_by_count`).

Every draw depends on the seed and the depth alone (``SeedSequence([seed, left])``), so a
figure does not change with the order the depths are looked at.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.counting.removal import ReturnOf

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

# the seed of every shoe drawn here, unless told otherwise
SEED = 2026
# shoes drawn at each depth whose exact return is found (the share in the player's favour)
FAVOUR_SHOES = 500
# shoes drawn at each depth whose true count is found (cheap: no return is computed)
COUNT_SHOES = 50_000
# shoes drawn at each depth to find, for each whole true count, shoes of that true count
POOL_SHOES = 20_000
# shoes of one whole true count at one depth whose exact return is found
PER_TRUE_COUNT = 150
# the fewest shoes of a true count (all depths) for its return to be given
FEWEST_AT_COUNT = 30
# a true count is looked at (for the counter's first bet) at a depth where at least this share
# of shoes has it
RARE = 0.005


def generator(seed: int, left: int, purpose: int) -> np.random.Generator:
    """The random numbers of one depth (``left`` cards left) and one purpose."""
    return np.random.default_rng(np.random.SeedSequence([seed, left, purpose]))


def draw_left(copies: Sequence[int], left: int, shoes: int,
              rng: np.random.Generator) -> IntArray:
    """``shoes`` shoes of ``left`` cards dealt at random from ``copies``: the copies of each
    face left, one row per shoe."""
    supply = np.asarray([int(c) for c in copies], dtype=np.int64)
    drawn = rng.multivariate_hypergeometric(supply, left, size=shoes, method="count")
    return np.asarray(drawn, dtype=np.int64)


@dataclass(frozen=True)
class Share:
    """``hits`` of ``shoes`` simulated shoes (of ``left`` cards) have the property."""

    left: int
    hits: int
    shoes: int

    @property
    def share(self) -> float:
        """The fraction of the shoes."""
        return self.hits / self.shoes if self.shoes else 0.0

    @property
    def standard_error(self) -> float:
        """The binomial standard error of the share."""
        p = self.share
        return math.sqrt(p * (1 - p) / self.shoes) if self.shoes else math.inf


def favour_share(copies: Sequence[int], left: int, returns: ReturnOf,
                 shoes: int = FAVOUR_SHOES, seed: int = SEED) -> Share:
    """The share of ``shoes`` shoes of ``left`` cards, dealt at random from ``copies``, whose
    exact return is above zero (simulated; each shoe's return exact)."""
    drawn = draw_left(copies, left, shoes, generator(seed, left, 0))
    hits = sum(returns(tuple(row)) > 0 for row in drawn.tolist())
    return Share(left, hits, shoes)


@dataclass(frozen=True)
class Tagged:
    """A linear count on a shoe: the 52 tags, the full shoe's copies."""

    tags: tuple[int, ...]
    copies: tuple[int, ...]

    @property
    def total(self) -> int:
        """N: cards in the full shoe."""
        return sum(self.copies)

    @property
    def tag_sum(self) -> int:
        """S: the tags of the full shoe, summed."""
        return sum(c * t for c, t in zip(self.copies, self.tags, strict=True))

    def scaled(self, shoes: IntArray) -> tuple[IntArray, IntArray]:
        """For shoes (rows of copies left): ``52 (N RC - R S)`` and ``N M``, whose ratio is the
        true count (exact integers)."""
        tags = np.asarray(self.tags, dtype=np.int64)
        left = shoes.sum(axis=1)
        gone = self.total - left
        running = self.tag_sum - shoes @ tags          # the tags of the cards gone
        return 52 * (self.total * running - gone * self.tag_sum), self.total * left

    def floored(self, shoes: IntArray) -> IntArray:
        """Each shoe's true count, floored (the counter's whole true count)."""
        top, bottom = self.scaled(shoes)
        return np.asarray(np.floor_divide(top, bottom), dtype=np.int64)


def reach_share(count: Tagged, left: int, break_even: Fraction, shoes: int = COUNT_SHOES,
                seed: int = SEED) -> Share:
    """The share of ``shoes`` shoes of ``left`` cards dealt at random whose true count is at
    least ``break_even`` (simulated; each true count exact). Only the cards of each tag are
    drawn: the true count depends on nothing else."""
    values = sorted(set(count.tags))
    groups = [sum(c for c, t in zip(count.copies, count.tags, strict=True) if t == v)
              for v in values]
    rng = generator(seed, left, 1)
    drawn = np.asarray(rng.multivariate_hypergeometric(np.asarray(groups, dtype=np.int64), left,
                                                       size=shoes, method="marginals"),
                       dtype=np.int64)
    running = count.tag_sum - drawn @ np.asarray(values, dtype=np.int64)
    gone = count.total - left
    # the comparison in Python integers: a break-even of large terms (baccarat's run to 14
    # digits) times the scaled count overflows 64 bits (every shoe was counted short)
    scaled = (52 * (count.total * running - gone * count.tag_sum)).astype(object)
    top = scaled * break_even.denominator
    hits = int(np.count_nonzero(top >= break_even.numerator * count.total * left))
    return Share(left, hits, shoes)


@dataclass(frozen=True)
class CountReturn:
    """The exact return of simulated shoes whose true count floors to ``true_count``: their
    mean and its standard error (the depths weighted by how often each deals it)."""

    true_count: int
    shoes: int
    mean: float
    standard_error: float
    mean_true_count: float          # the shoes' true count (unfloored), weighted the same way


def suit_imbalance(shoes: IntArray) -> FloatArray:
    """Q of each shoe (rows of 52 copies): the sum over suits of (share of the shoe - 1/4)^2."""
    suits = shoes.reshape(len(shoes), 13, 4).sum(axis=1)
    share = suits / suits.sum(axis=1)[:, None]
    return np.asarray(((share - 0.25) ** 2).sum(axis=1), dtype=np.float64)


def imbalance_given_ranks(copies: Sequence[int], shoes: IntArray) -> FloatArray:
    """E[Q] over the suits of each shoe's cards, given the cards of each rank it holds: the
    cards of a rank left are a random draw of that rank's cards in the full shoe ``copies``, so
    each suit's count is a sum over ranks of independent hypergeometric counts, of exact mean
    and variance, and E[Q] = sum over suits of (Var m_s + (E m_s)^2) / M^2 - E[m_s] / (2 M)
    + 1/16."""
    full = np.asarray(copies, dtype=np.float64).reshape(13, 4)
    per_rank = full.sum(axis=1)
    held = shoes.reshape(len(shoes), 13, 4).sum(axis=2).astype(np.float64)       # r_k
    suit_share = np.divide(full, per_rank[:, None], out=np.zeros_like(full),
                           where=per_rank[:, None] > 0)
    spread = np.divide(per_rank[None, :] - held, per_rank[None, :] - 1,
                       out=np.zeros_like(held), where=per_rank[None, :] > 1)
    mean = held @ suit_share                                                       # E m_s
    variance = (held * spread) @ (suit_share * (1 - suit_share))                   # Var m_s
    left = held.sum(axis=1)[:, None]
    found = ((variance + mean ** 2) / left ** 2 - mean / (2 * left) + 1 / 16).sum(axis=1)
    return np.asarray(found, dtype=np.float64)


def returns_by_count(count: Tagged, lefts: Sequence[int], returns: ReturnOf,
                     true_counts: Sequence[int], seed: int = SEED) -> tuple[CountReturn, ...]:
    """For each of ``true_counts``, the mean exact return of shoes of that whole true count
    (simulated): at each depth (``lefts``) where at least :data:`RARE` of shoes have it, up to
    :data:`PER_TRUE_COUNT` of :data:`POOL_SHOES` shoes drawn at random, each depth's mean
    weighted by the share of that depth's shoes with that true count.

    For a count that tags ranks only, the true count says nothing of how the suits of each
    rank fell: the suit imbalance Q less its exact mean given the ranks has mean zero at every
    true count, and serves as a control variate (each return less beta times it, beta fitted
    over the depth's shoes), which takes out most of the scatter the suits add."""
    by_rank = all(len(set(count.tags[4 * r:4 * r + 4])) == 1 for r in range(13))
    found: dict[int, list[tuple[float, list[float], float]]] = {t: [] for t in true_counts}
    for left in lefts:
        pool = draw_left(count.copies, left, POOL_SHOES, generator(seed, left, 2))
        top, bottom = count.scaled(pool)
        floored = np.floor_divide(top, bottom)
        chosen: dict[int, IntArray] = {}
        for t in true_counts:
            share = float(np.count_nonzero(floored == t)) / POOL_SHOES
            if share >= RARE:
                chosen[t] = np.flatnonzero(floored == t)[:PER_TRUE_COUNT]
        if not chosen:
            continue
        rows = np.concatenate(list(chosen.values()))
        values = np.asarray([float(returns(tuple(pool[i].tolist()))) for i in rows])
        control = np.zeros(len(rows))
        if by_rank:
            control = suit_imbalance(pool[rows]) - imbalance_given_ranks(count.copies, pool[rows])
        beta = (float(np.cov(control, values)[0, 1] / np.var(control, ddof=1))
                if len(rows) > 2 and np.var(control) > 0 else 0.0)
        adjusted = values - beta * control
        at = 0
        for t, picked in chosen.items():
            part = adjusted[at:at + len(picked)].tolist()
            at += len(picked)
            share = float(np.count_nonzero(floored == t)) / POOL_SHOES
            found[t].append((share, part, float(np.mean(top[picked] / bottom[picked]))))
    out = []
    for t in true_counts:
        parts = found[t]
        shoes = sum(len(values) for _, values, _ in parts)
        if shoes < FEWEST_AT_COUNT:
            continue
        weight = sum(w for w, _, _ in parts)
        mean = sum(w * float(np.mean(values)) for w, values, _ in parts) / weight
        variance = sum(w * w * float(np.var(values, ddof=1)) / len(values)
                       for w, values, _ in parts if len(values) > 1) / weight ** 2
        out.append(CountReturn(t, shoes, mean, math.sqrt(variance),
                               sum(w * tc for w, _, tc in parts) / weight))
    return tuple(out)


def first_positive(found: Sequence[CountReturn]) -> CountReturn | None:
    """The lowest true count whose shoes' mean exact return is above zero, as is every higher
    one of ``found`` (the wager has turned for good), or None."""
    turned = None
    for returned in sorted(found, key=lambda r: r.true_count, reverse=True):
        if returned.mean <= 0:
            break
        turned = returned
    return turned
