"""The informed flop decision of ``seen=dealer-1-river`` on every (holding, flop), exact (for
the flop and river tells against ordinary play: :mod:`.street_tells`, :mod:`.dealer_rivers`,
docs/protection.md).

The ``dealer-1-river`` solve keeps its preflop states' lines, not its flop decisions. The
player decides the flop on (holding, flop) alone (the dealer card is seen at the river), so
this pass runs the solve's own kernel (``_river.river_dealer_lines``, through
:func:`.dealer_river.river_lines`) once more on each flop class representative and reads its
flop-bets column: 2x against "check, then the informed river decision", over every turn-river
pair, seen card d and other dealer card x. A suit permutation of a deal changes no outcome, so
a class's decisions hold on each of its flops for the permuted holdings
(:func:`solver.flop_decisions_by_flop`). They are then laid out as the ``dealer-1`` flop pass
lays out its own (:class:`.dealer_flops.InformedFlops`: the flops of
:func:`.dealer_flops.club_flops`, per rank of the seen club, here the same for every rank), so
that the flop tells and the river pass read them unchanged.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import cache
from edge.cache import Checkpoint
from edge.games.ultimate_texas_holdem.exposure import _river, dealer_flops, dealer_river
from edge.games.ultimate_texas_holdem.exposure.dealer_one import FLOP_BETS, holding_cards
from edge.games.ultimate_texas_holdem.solve import solver

SCENARIO = "dealer-1-river"
STORED = ("bets",)


def flop_bets(flop: npt.NDArray[np.int32], settle: solver.Settlement, ties_larger: bool
              ) -> npt.NDArray[np.bool_]:
    """``[1326]``: whether the informed ``dealer-1-river`` player bets 2x on this flop with
    each holding (False for the holdings sharing a card with it)."""
    found: npt.NDArray[np.bool_] = dealer_river.river_lines(flop, settle, ties_larger)[
        :, FLOP_BETS] > 0
    return found


def sweep(settle: solver.Settlement, ties_larger: bool, classes: solver.FlopClasses, *,
          checkpoint: Checkpoint | None = None, progress: bool = False,
          jobs: int | None = None) -> npt.NDArray[np.uint8]:
    """``[classes, 1326]`` the flop decisions (1: bet 2x) of :func:`flop_bets` on each class
    representative, counted on ``jobs`` worker threads (default every core: the kernel
    releases the GIL; each flop's decisions are its own, the same on any number) and stored in
    the classes' order; with a ``checkpoint`` it resumes from it and writes it at least once a
    minute of work."""
    flops = classes.flops
    found: npt.NDArray[np.uint8] = dealer_flops.row_pass(
        f"ultimate-texas-holdem seen={SCENARIO} flop decisions", len(flops),
        {"net": settle.array(), "ties_larger": np.array(ties_larger), "flops": flops},
        {"bets": np.zeros((len(flops), solver.HOLDINGS), dtype=np.uint8)},
        lambda index: flop_bets(flops[index], settle, ties_larger),
        checkpoint=checkpoint, progress=progress, jobs=jobs)
    return found


def by_club_flops(unexposed: solver.Solution, class_bets: npt.NDArray[np.uint8]
                  ) -> dealer_flops.InformedFlops:
    """The class decisions ``class_bets`` (``[classes, 1326]``, the unexposed solve's flop
    classes) laid out as the ``dealer-1`` flop pass's: per flop of
    :func:`.dealer_flops.club_flops` and rank r of the seen club, the holding's decision where
    it and the club are off the flop (False elsewhere)."""
    by_flop = solver.flop_decisions_by_flop(replace(unexposed, flop_decisions=class_bets))
    flops, sizes = dealer_flops.club_flops()
    ids = dealer_flops.flop_ids(flops)
    # dealer_flops.off_cards of every flop at once, by card masks
    bit = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
    flop_mask = np.bitwise_or.reduce(bit[flops.astype(np.int64)], axis=1)         # [flops]
    holding_mask = np.bitwise_or.reduce(bit[holding_cards()], axis=1)             # [1326]
    club_mask = bit[dealer_flops.CLUBS]                                           # [13]
    clear = (flop_mask[:, None] & holding_mask[None, :]) == 0                     # [flops, 1326]
    club_off = (flop_mask[:, None] & club_mask[None, :]) == 0                     # [flops, 13]
    club_apart = (club_mask[:, None] & holding_mask[None, :]) == 0                # [13, 1326]
    mine = by_flop[ids].astype(bool) & clear
    bets = mine[:, None, :] & club_off[:, :, None] & club_apart[None, :, :]
    return dealer_flops.InformedFlops(flops, sizes, bets)


def informed_flops(unexposed: solver.Solution, *, use_cache: bool = True,
                   progress: bool = False, jobs: int | None = None
                   ) -> dealer_flops.InformedFlops:
    """:func:`sweep` over every flop class (the unexposed solve's pays and ties rule) on
    ``jobs`` threads, kept in the disk cache (minutes of one core to make: docs/protection.md),
    named by the pays, the ties rule and the code; laid out by :func:`by_club_flops`."""
    settle = unexposed.settlement
    classes = solver.flop_classes()
    path = cache.entry_path("uth-river-flop-bets", {
        "net": settle.net, "fold": settle.fold, "scale": settle.scale,
        "ties_larger": unexposed.ties_larger, "arrays": STORED},
        (sys.modules[__name__], dealer_river, _river, solver))
    entry = cache.Entry(path, f"ultimate-texas-holdem seen={SCENARIO} flop decisions")

    def load() -> npt.NDArray[np.uint8] | None:
        def accept(arrays: dict[str, npt.NDArray[Any]]) -> npt.NDArray[np.uint8]:
            if arrays["bets"].shape != (len(classes.flops), solver.HOLDINGS):
                raise ValueError("the arrays have the wrong shape")
            return arrays["bets"].astype(np.uint8)
        return entry.load(STORED, accept)

    class_bets = cache.read_or_solve(
        entry, load, lambda checkpoint: sweep(settle, unexposed.ties_larger, classes,
                                              checkpoint=checkpoint, progress=progress,
                                              jobs=jobs),
        lambda found: entry.store({"bets": found}), use_cache)
    return by_club_flops(unexposed, class_bets)
