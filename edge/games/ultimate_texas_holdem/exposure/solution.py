"""Ultimate Texas Hold'em with cards exposed (game protection, docs/protection.md).

Each scenario is a value of the ``seen`` option. The player sees the named cards before the
preflop decision and decides every street exactly given all he has seen; the dealer's unseen
cards and the board are dealt from what is left. Every scenario's exact solve returns an
:class:`ExposedSolution`, the same outcome categories and Play lines as the unexposed solve
(:mod:`.solve`), so the return table is built the same way.

The cycle of a scenario counts the deals of the unexposed cycle once for each way the seen
cards can be chosen among the cards they come from: one of the dealer's two hole cards (2 ways,
also for ``dealer-1-river``, where it is seen only before the river decision),
one of the three flop cards (3), two of them (3), one of the turn and river (2), so
``dealer-1,flop-1`` counts each deal 6 times and ``dealer-2`` and ``flop-3`` once.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from edge.games.ultimate_texas_holdem.rules import Seen as Seen
from edge.games.ultimate_texas_holdem.solve.solver import Settlement

IntArray = npt.NDArray[np.int64]


# How many ways the seen cards can be chosen per deal of the unexposed cycle.
WAYS = {Seen.DEALER_1: 2, Seen.DEALER_2: 1, Seen.DEALER_1_FLOP_1: 6,
        Seen.DEALER_1_TURN_RIVER_1: 4, Seen.FLOP_1: 3, Seen.FLOP_2: 3, Seen.FLOP_3: 1,
        Seen.DEALER_1_RIVER: 2}
# The scenarios whose preflop state holds no dealer card (``dealer-1-river``'s is seen later).
NO_DEALER_CARD = (Seen.FLOP_1, Seen.FLOP_2, Seen.FLOP_3, Seen.DEALER_1_RIVER)


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

    def choice_of(self, holding: Sequence[int], seen_cards: Sequence[int]) -> int:
        """The preflop choice (4, 3 or 0) of any dealt state: the player's two cards and the
        seen cards in ``state_cards``' order (dealer card(s), then the flop or turn-river
        card(s), in any order). A state not listed is found through the suit permutation
        taking it to a listed one."""
        cards = [int(c) for c in holding] + [int(c) for c in seen_cards]
        width = self.state_cards.shape[1]
        if len(cards) != width or len(set(cards)) != width or not all(0 <= c < 52 for c in cards):
            raise ValueError(f"A seen={self.scenario} state is {width} distinct cards 0..51, "
                             f"not {cards!r}.")
        dealer = 2 if self.scenario == Seen.DEALER_2 else (
            0 if self.scenario in NO_DEALER_CARD else 1)
        index = self._state_index()
        for perm in itertools.permutations(range(4)):
            moved = [(c & ~3) | perm[c & 3] for c in cards]
            key = (tuple(sorted(moved[:2])) + tuple(sorted(moved[2:2 + dealer]))
                   + tuple(sorted(moved[2 + dealer:])))
            if key in index:
                return int(self.choice[index[key]])
        raise ValueError(f"No listed seen={self.scenario} state matches {cards!r}.")

    def _state_index(self) -> dict[tuple[int, ...], int]:
        cached: dict[tuple[int, ...], int] | None = self.__dict__.get("_index")
        if cached is None:
            cached = {tuple(int(c) for c in row): i
                      for i, row in enumerate(self.state_cards.tolist())}
            object.__setattr__(self, "_index", cached)
        return cached
