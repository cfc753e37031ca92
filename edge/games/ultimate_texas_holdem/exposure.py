"""Ultimate Texas Hold'em with cards exposed (game protection, docs/protection.md).

Each scenario is a value of the ``seen`` option. The player sees the named cards before the
preflop decision and decides every street exactly given all he has seen; the dealer's unseen
cards and the board are dealt from what is left. Every scenario's exact solve returns an
:class:`ExposedSolution`, the same outcome categories and Play lines as the unexposed solve
(:mod:`.solve`), so the return table is built the same way.

The cycle of a scenario counts the deals of the unexposed cycle once for each way the seen
cards can be chosen among the cards they come from: one of the dealer's two hole cards (2 ways),
one of the three flop cards (3), one of the turn and river (2), so ``dealer-1,flop-1`` counts
each deal 6 times and ``dealer-2`` once.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem.rules import Seen as Seen
from edge.games.ultimate_texas_holdem.solve import Settlement

IntArray = npt.NDArray[np.int64]


# How many ways the seen cards can be chosen per deal of the unexposed cycle.
WAYS = {Seen.DEALER_1: 2, Seen.DEALER_2: 1, Seen.DEALER_1_FLOP_1: 6,
        Seen.DEALER_1_TURN_RIVER_1: 4, Seen.FLOP_1: 3}


@dataclass(frozen=True)
class ExposedSolution:
    """The exact solve of one exposure scenario.

    ``counts[p]``: deals (of ``cycle``) ending with a Play bet of p units (4, 3, 2, 1), by the
    17 outcome categories of :mod:`.solve`; ``folds``: deals folded on the river.
    ``decisions``: (decision, deals) pairs in the order the return table lists them.

    The preflop states are the player's two cards with the seen cards (``state_cards[i]``: the
    holding's two cards ascending, then the seen dealer card(s) ascending, then the seen flop or
    turn-river card); ``state_weight[i]`` how many dealt states the row stands for (1 when every
    state is listed, the suit-orbit size when only one per suit class is); ``choice[i]`` the
    preflop decision (4, 3 or 0 for check) and ``values[i]`` the exact total value of check, 3x
    and 4x over the deals of one such state, in the settlement's scaled units.
    """

    scenario: Seen
    settlement: Settlement
    ties_larger: bool
    cycle: int
    counts: Mapping[int, IntArray]
    folds: int
    decisions: tuple[tuple[str, int], ...]
    state_cards: npt.NDArray[np.int8]
    state_weight: IntArray
    choice: npt.NDArray[np.int8]
    values: IntArray
    deals_per_state: int


# scenario -> (module, function) of its solver: solve(settle, ties_larger, *, jobs, use_cache,
# progress) -> ExposedSolution.
SOLVERS: Mapping[Seen, tuple[str, str]] = {
    Seen.DEALER_2: ("exposure_dealer_two", "solve_dealer_two"),
}


def solve_exposed(scenario: Seen, settle: Settlement, ties_larger: bool, *,
                  jobs: int | None = None, use_cache: bool = True,
                  progress: bool = False) -> ExposedSolution:
    """The exact solve of one exposure scenario (cached on disk like the unexposed solve)."""
    if scenario not in SOLVERS:
        raise EdgeError(f"The exposure seen={scenario} has no solver.")
    module, name = SOLVERS[scenario]
    solver: Callable[..., ExposedSolution] = getattr(
        importlib.import_module(f"edge.games.ultimate_texas_holdem.{module}"), name)
    return solver(settle, ties_larger, jobs=jobs, use_cache=use_cache, progress=progress)
