"""The flop and river tells of Ultimate Texas Hold'em ``seen=dealer-1-river`` against ordinary
play (edge/games/ultimate_texas_holdem/exposure/river_flops.py, street_tells.py,
dealer_rivers.py; docs/protection.md, "Tells against ordinary play").

The informed flop decisions come from the solve's kernel, whose flop-bets column is checked
against a plain enumeration in tests/test_uth_exposure_dealer_river.py (and once more here, on
a state of the pass, slow); here the pass over the flop classes, their layout by the flops of
the dealer-1 passes (against a plain loop that decides every (flop, seen club, holding) by a
made-up rule that no suit permutation changes) and the flop tells of a made-up
``dealer-1-river`` solve, where the preflop state is the holding alone (a plain loop over
every state of two flops).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest

from edge.games.ultimate_texas_holdem.exposure import (
    dealer_flops,
    dealer_river,
    river_flops,
    street_tells,
)
from edge.games.ultimate_texas_holdem.exposure.dealer_one import FLOP_BETS, holding_ids
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen
from edge.games.ultimate_texas_holdem.solve import solver
from tests.test_uth_exposure_one import STANDARD
from tests.uth_exposure_fake import fake_solution

pytestmark = pytest.mark.kernels
HOLDINGS = list(combinations(range(52), 2))


@pytest.fixture(scope="module")
def settle() -> solver.Settlement:
    return solver.settlement(STANDARD)


def symmetric_bet(flop: list[int], a: int, b: int) -> bool:
    """A made-up flop decision that no suit permutation changes (it reads ranks and which
    cards share a suit only) and that is the same for (a, b) and (b, a)."""
    suited = sum(((f & 3) == (a & 3)) + ((f & 3) == (b & 3)) for f in flop)
    ranks = (a >> 2) + (b >> 2) + (a >> 2) * (b >> 2) + sum(f >> 2 for f in flop)
    return (ranks + 2 * suited + ((a & 3) == (b & 3))) % 3 == 0


def unexposed_with(decisions: npt.NDArray[np.uint8]) -> solver.Solution:
    """A stand-in for the unexposed solve: the layout reads its flop decisions only."""
    return solver.Solution(None, False, None, None, None, None,  # type: ignore[arg-type]
                           decisions)


def test_class_decisions_are_laid_out_by_the_club_flops() -> None:
    """Each class representative's made-up decisions, moved to the flops of the dealer-1
    passes: every (flop, seen club, holding) of eight flops against the rule itself."""
    classes = solver.flop_classes()
    # the rule on every class representative at once (the loop below checks it card by card)
    boards = classes.flops.astype(np.int64)[:, None, :]                  # [classes, 1, 3]
    low, high = (np.array(HOLDINGS, dtype=np.int64)[None, :, k] for k in range(2))
    suited = (((boards & 3) == (low & 3)[..., None]).sum(axis=2)
              + ((boards & 3) == (high & 3)[..., None]).sum(axis=2))
    ranks = (low >> 2) + (high >> 2) + (low >> 2) * (high >> 2) + (boards >> 2).sum(axis=2)
    apart = ~((boards == low[..., None]) | (boards == high[..., None])).any(axis=2)
    made_up = (apart & ((ranks + 2 * suited + ((low & 3) == (high & 3))) % 3 == 0)
               ).astype(np.uint8)
    found = river_flops.by_club_flops(unexposed_with(made_up), made_up)
    flops, sizes = dealer_flops.club_flops()
    assert np.array_equal(found.flops, flops) and np.array_equal(found.sizes, sizes)
    for row in (0, 1, 700, 1500, 2600, 3333, 4500, len(flops) - 1):
        flop = [int(c) for c in flops[row]]
        for rank in range(13):
            d = 4 * rank
            for h, (a, b) in enumerate(HOLDINGS):
                off = not ({a, b, d} & set(flop)) and d not in (a, b)
                assert found.bets[row, rank, h] == (off and symmetric_bet(flop, a, b)), \
                    (flop, d, a, b)


def dealer_river_made_up(settle: solver.Settlement) -> ExposedSolution:
    """A dealer-1-river solve listing the 1,326 holdings, with a made-up preflop choice: 4x
    with a card of rank 9 or above, else check."""
    cards = np.array(HOLDINGS, dtype=np.int64)
    choice = np.where(np.maximum(cards[:, 0], cards[:, 1]) >> 2 >= 7, 4, 0)
    return replace(fake_solution(settle, Seen.DEALER_1_RIVER),
                   state_cards=cards.astype(np.int8),
                   state_weight=np.ones(len(cards), dtype=np.int64),
                   choice=choice.astype(np.int8),
                   values=np.zeros((len(cards), 3), dtype=np.int64))


def test_the_flop_tells_with_the_card_seen_at_the_river(settle: solver.Settlement) -> None:
    """Two flops, made-up informed decisions on (holding, flop) alone, a made-up ordinary
    player: every (flop, seen club, holding) counted one by one, the informed preflop check
    the holding's whatever the card."""
    solution = dealer_river_made_up(settle)
    checks_of = street_tells.dealer_checks(solution)
    assert checks_of.shape == (13, 1, solver.HOLDINGS) and (checks_of == checks_of[0]).all()
    flops, sizes = dealer_flops.club_flops()
    rows = [5, 2500]
    rng = np.random.default_rng(17)
    mine = rng.random((len(rows), solver.HOLDINGS)) < 0.3
    bets = np.stack([mine[k][None, :] & dealer_flops.off_cards(flops[row].astype(np.int64))
                     for k, row in enumerate(rows)])
    informed = dealer_flops.InformedFlops(flops[rows], sizes[rows], bets)
    checks = rng.random(solver.HOLDINGS) < 0.8
    theirs = (rng.random((solver.FLOPS, solver.HOLDINGS)) < 0.4).astype(np.uint8)
    every_flop = list(combinations(range(52), 3))
    expected = [0, 0]
    for k, row in enumerate(rows):
        first, second, third = (int(c) for c in flops[row])
        flop = [first, second, third]
        flop_id = every_flop.index((first, second, third))
        deals = int(sizes[row]) * 4 * 1035 * 44
        for rank in range(13):
            d = 4 * rank
            if d in flop:
                continue
            for h, (a, b) in enumerate(HOLDINGS):
                if {a, b} & set(flop) or d in (a, b) or not checks[h] \
                        or max(a, b) >> 2 >= 7:
                    continue
                bet, other = bool(mine[k, h]), bool(theirs[flop_id, h])
                expected[0] += deals * (bet and not other)
                expected[1] += deals * (other and not bet)
    found = street_tells.dealer_flop_tells(informed, solution, checks, theirs)
    assert list(found) == expected and min(expected) > 0


def test_the_pass_over_the_classes(settle: solver.Settlement) -> None:
    """Two flop classes: the kernel's flop-bets column of each, the same on one thread and
    two."""
    classes = solver.flop_classes().subset([3, 900])
    one = river_flops.sweep(settle, False, classes, jobs=1)
    two = river_flops.sweep(settle, False, classes, jobs=2)
    assert np.array_equal(one, two) and one.shape == (2, solver.HOLDINGS)
    for row, flop in enumerate(classes.flops):
        lines = dealer_river.river_lines(flop, settle, False)
        assert np.array_equal(one[row].astype(bool), lines[:, FLOP_BETS] > 0)
    assert 0 < one.sum() < one.size


@pytest.mark.slow       # a plain enumeration of two flop states (8 s)
def test_a_flop_decision_of_the_pass_against_a_plain_enumeration(
        settle: solver.Settlement) -> None:
    from tests.test_uth_exposure_dealer_river import plain_river_line
    flop = [17, 22, 50]
    found = river_flops.flop_bets(np.array(flop, dtype=np.int32), settle, False)
    for holding in ((16, 21), (0, 4)):
        line = plain_river_line(holding, flop, settle)
        assert found[holding_ids()[holding]] == bool(line[FLOP_BETS])
