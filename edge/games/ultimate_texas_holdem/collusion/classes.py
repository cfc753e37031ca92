"""The exact values of one class of the colluding player's two cards, for every partner holding.

The player's 1,326 holdings fall into 169 classes up to suit renaming (13 pairs of 6 holdings,
78 suited of 4, 78 offsuit of 12); a class is valued on one representative holding P. For each
partner holding N off P (1,225), every flop (17,296 off P and N), turn-river pair (990) and
dealer holding (903) is counted: a class's sums (``[1326, 4]`` by partner holding id, in
units of the Ante times the settlement's scale, over all those deals) are ``play1`` and
``play2``, the value of a Play of 1 and of 2 made before every river, ``checked``, the value
after a preflop check with each flop's best decision (bet 2x, or check and then the better of
1x and folding on each river), and ``flops_bet``, the flops bet 2x. The flops are taken up to
the suit renamings that keep P (its stabiliser: 4 for a pair, 6 suited, 2 offsuit), each
representative added through the renamings to the flops of its class (the kernel,
:mod:`._collusion`).

Each class is one task (:func:`solve_class`), cached on disk under the pays, the ties rule,
the class and the code of this module and the kernel.

>>> classes = hole_classes()
>>> len(classes), sum(c.weight for c in classes), classes[0].name, classes[-1].name
(169, 1326, '22', 'AKo')
"""

from __future__ import annotations

import itertools
import sys
from dataclasses import dataclass
from functools import lru_cache

import numpy as np
import numpy.typing as npt

from edge import cache
from edge.cards import RANKS
from edge.games.ultimate_texas_holdem.collusion import _collusion
from edge.games.ultimate_texas_holdem.solve import _kernels

IntArray = npt.NDArray[np.int64]

HOLDINGS = 1326                  # C(52, 2)
PARTNERS = 1225                  # C(50, 2): partner holdings off the player's
FLOPS = 17296                    # C(48, 3): flops off both holdings
TURN_RIVERS = 990                # C(45, 2)
DEALERS = 903                    # C(43, 2)
DEALS = FLOPS * TURN_RIVERS * DEALERS       # deals of one (player, partner) situation
COLUMNS = ("play1", "play2", "checked", "flops_bet")
# the kernel values a board in 32 bits: the pays it holds (its header derives the bound)
PAY_LIMIT: int = _collusion.PAY_LIMIT


@dataclass(frozen=True)
class HoleClass:
    """A class of the player's two cards: its name (``AKs``), representative cards (a < b)
    and how many holdings it stands for."""

    name: str
    first: int
    second: int
    weight: int


@lru_cache(maxsize=1)
def hole_classes() -> tuple[HoleClass, ...]:
    """The 169 classes: pairs 22..AA, then suited and offsuit by (high, low) rank."""
    pairs = [HoleClass(RANKS[r] * 2, 4 * r, 4 * r + 1, 6) for r in range(13)]
    suited, offsuit = [], []
    for high in range(13):
        for low in range(high):
            name = RANKS[high] + RANKS[low]
            suited.append(HoleClass(name + "s", 4 * low, 4 * high, 4))
            offsuit.append(HoleClass(name + "o", 4 * low, 4 * high + 1, 12))
    return tuple(pairs + suited + offsuit)


def stabiliser(first: int, second: int) -> npt.NDArray[np.int8]:
    """The suit permutations (suit s to ``perm[s]``) that map the holding to itself."""
    perms = _kernels.uth_permutations()
    keep = [p for p in perms
            if {(first & ~3) | int(p[first & 3]), (second & ~3) | int(p[second & 3])}
            == {first, second}]
    return np.array(keep, dtype=np.int8)


@dataclass(frozen=True)
class Flops:
    """The flops off a holding up to its stabiliser: a representative of each class and the
    permutations taking it to each flop of its class (``perms[offsets[i]:offsets[i + 1]]``)."""

    flops: npt.NDArray[np.int32]
    offsets: npt.NDArray[np.int32]
    perms: npt.NDArray[np.int8]


def flops_of(first: int, second: int) -> Flops:
    """Every flop off the holding (19,600), in classes under its stabiliser."""
    group = stabiliser(first, second).astype(np.int64)
    rest = [card for card in range(52) if card not in (first, second)]
    flops = np.array(list(itertools.combinations(rest, 3)), dtype=np.int64)
    images = (flops & ~3)[None, :, :] | group[:, flops & 3]               # [G, F, 3]
    ordered = np.sort(images, axis=-1)
    codes = (ordered[..., 0] * 52 + ordered[..., 1]) * 52 + ordered[..., 2]
    best = codes.argmin(axis=0)
    canonical = codes[best, np.arange(len(flops))]
    representatives, class_of = np.unique(canonical, return_inverse=True)
    order = np.argsort(class_of, kind="stable")
    counts = np.bincount(class_of, minlength=len(representatives))
    offsets = np.concatenate(([0], np.cumsum(counts))).astype(np.int32)
    inverse = np.argsort(group, axis=1)          # the representative back to each flop
    cards = np.stack([representatives // 2704, representatives // 52 % 52,
                      representatives % 52], axis=1).astype(np.int32)
    return Flops(cards, offsets, inverse[best[order]].astype(np.int8))


def partner_orbits(first: int, second: int) -> int:
    """The partner holdings off the holding up to its stabiliser (Burnside's count)."""
    fixed = 0
    group = stabiliser(first, second)
    for perm in group:
        for a, b in itertools.combinations(range(52), 2):
            if {a, b} & {first, second}:
                continue
            image = {(a & ~3) | int(perm[a & 3]), (b & ~3) | int(perm[b & 3])}
            fixed += image == {a, b}
    return fixed // len(group)


def sweep(first: int, second: int, flops: Flops, net: IntArray, fold: int,
          ties_larger: bool) -> IntArray:
    """The kernel over the given flops: ``[1326, 4]`` sums by partner holding id (pays of
    Play sizes 1 and 2 and the fold within :data:`PAY_LIMIT` scaled units)."""
    if max(int(np.abs(net[1:3]).max()), abs(fold)) > PAY_LIMIT:
        raise ValueError(f"pays above {PAY_LIMIT} units do not fit the collusion kernel")
    out = np.zeros((HOLDINGS, len(COLUMNS)), dtype=np.int64)
    _collusion.solve_flops(first, second, np.ascontiguousarray(flops.flops),
                           np.ascontiguousarray(flops.offsets), np.ascontiguousarray(flops.perms),
                           np.ascontiguousarray(net, dtype=np.int64), fold, ties_larger, out)
    return out


@dataclass(frozen=True)
class ClassTask:
    """One task: a hole class (by index) under some pays; picklable for a Dask worker."""

    index: int
    net: tuple[tuple[int, ...], ...]
    fold: int
    ties_larger: bool
    use_cache: bool = True


def _entry(task: ClassTask) -> cache.Entry:
    path = cache.entry_path("uth-collusion", {
        "net": task.net, "fold": task.fold, "ties_larger": task.ties_larger,
        "class": hole_classes()[task.index].name, "columns": COLUMNS},
        (sys.modules[__name__], _collusion))
    return cache.Entry(path, "ultimate-texas-holdem collusion")


def cached_class(task: ClassTask) -> IntArray | None:
    """A class's sums from the disk cache, or None."""
    return _entry(task).load(["sums"], lambda arrays: _checked(arrays["sums"]))


def solve_class(task: ClassTask) -> IntArray:
    """One class's sums ``[1326, 4]`` (by partner holding id; zero rows for holdings that
    share a card with the representative): read from the cache, or solved and stored."""
    if task.use_cache and (found := cached_class(task)) is not None:
        return found
    hole = hole_classes()[task.index]
    sums = sweep(hole.first, hole.second, flops_of(hole.first, hole.second),
                 np.array(task.net, dtype=np.int64), task.fold, task.ties_larger)
    store_class(task, sums)
    return _checked(sums)


def store_class(task: ClassTask, sums: IntArray) -> None:
    """Write a class's sums to the cache (atomically; a cache that cannot be written only
    costs time)."""
    _entry(task).store({"sums": sums})


def _checked(sums: IntArray) -> IntArray:
    """A class's sums, checked for shape and flop counts (a cheap self-check)."""
    if sums.shape != (HOLDINGS, len(COLUMNS)):
        raise ValueError(f"collusion sums of shape {sums.shape}")
    partners = np.flatnonzero(sums[:, 3] > 0)
    if len(partners) > PARTNERS or sums[:, 3].max(initial=0) > FLOPS:
        raise ValueError("collusion sums count more flops than exist")
    return sums.astype(np.int64)
