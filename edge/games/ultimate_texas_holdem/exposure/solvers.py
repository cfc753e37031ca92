"""Which solver solves each exposure scenario, and :func:`solve_exposed`, which calls it.

The solvers' modules import :mod:`.exposure.solution` (the solution they return); this module
sits above both, so naming a solver needs no module name in a string.
"""

from __future__ import annotations

from typing import Protocol

from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen as Seen
from edge.games.ultimate_texas_holdem.solve.solver import Settlement


class Solver(Protocol):
    """The exact solve of one exposure scenario for one set of pays."""

    def __call__(self, settle: Settlement, ties_larger: bool, *, jobs: int | None = ...,
                 use_cache: bool = ..., progress: bool = ...) -> ExposedSolution: ...


# The scenarios that have a solver (the rest of Seen are refused by solve_exposed).
SOLVERS = frozenset({Seen.DEALER_1, Seen.DEALER_1_FLOP_1, Seen.DEALER_1_TURN_RIVER_1,
                     Seen.FLOP_1, Seen.DEALER_2, Seen.FLOP_2, Seen.FLOP_3,
                     Seen.DEALER_1_RIVER})


def solver_of(scenario: Seen) -> Solver:
    """The solver of ``scenario`` (one of :data:`SOLVERS`); the solvers' modules (and their
    kernels) are imported by the first exposed solve, not with the game."""
    from edge.games.ultimate_texas_holdem.exposure import (
        dealer_one,
        dealer_river,
        dealer_two,
        flop_cards,
    )
    solvers: dict[Seen, Solver] = {
        Seen.DEALER_1: dealer_one.solve_dealer_one,
        Seen.DEALER_1_FLOP_1: dealer_one.solve_dealer_one_flop_one,
        Seen.DEALER_1_TURN_RIVER_1: dealer_one.solve_dealer_one_turn_river_one,
        Seen.FLOP_1: dealer_one.solve_flop_one,
        Seen.DEALER_2: dealer_two.solve_dealer_two,
        Seen.FLOP_2: flop_cards.solve_flop_two,
        Seen.FLOP_3: flop_cards.solve_flop_three,
        Seen.DEALER_1_RIVER: dealer_river.solve_dealer_one_river,
    }
    return solvers[scenario]


def solve_exposed(scenario: Seen, settle: Settlement, ties_larger: bool, *,
                  jobs: int | None = None, use_cache: bool = True,
                  progress: bool = False) -> ExposedSolution:
    """The exact solve of one exposure scenario (cached on disk like the unexposed solve)."""
    if scenario not in SOLVERS:
        raise EdgeError(f"The exposure seen={scenario} has no solver.")
    return solver_of(scenario)(settle, ties_larger, jobs=jobs, use_cache=use_cache,
                               progress=progress)
