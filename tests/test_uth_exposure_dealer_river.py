"""UTH with one dealer hole card seen at the river (exposure.dealer_river, kernel _river): the
flop state's lines against a plain enumeration, and a reduced sweep's symmetry.

The plain computation deals every turn-river pair, every seen dealer card d and every other
dealer card x of a (holding, flop) with the shared evaluator (``_core.evaluate_many``), decides
the river on (holding, board, d) and the flop by exact integer comparison, and adds the lines
up; it never calls the exposure kernels. The full solve runs in scripts/make_tables.py and
tests/test_uth_full_solves.py (``--full-solves``); no published figure was found for this
scenario (docs/references.md).
"""

from __future__ import annotations

from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem.exposure import dealer_one as one
from edge.games.ultimate_texas_holdem.exposure import dealer_river, flop_cards
from edge.games.ultimate_texas_holdem.exposure.solution import WAYS, Seen
from edge.games.ultimate_texas_holdem.solve import solver
from tests.test_uth_exposure_one import STANDARD, _categories, orbit_flops

pytestmark = pytest.mark.kernels

IntArray = npt.NDArray[np.int64]


@pytest.fixture(scope="module")
def settle() -> solver.Settlement:
    return solver.settlement(STANDARD)


def plain_river_line(holding: tuple[int, int], flop: list[int], settle: solver.Settlement,
                     ties_larger: bool = False) -> IntArray:
    """The 56 line values of one (holding, flop) state with a dealer card seen at the river."""
    rest = [c for c in range(52) if c not in set(holding) | set(flop)]
    net = settle.array()
    fold_value = 44 * settle.fold
    play = np.zeros(17, dtype=np.int64)
    check = np.zeros(17, dtype=np.int64)
    folds = ties = 0
    for turn, river in combinations(rest, 2):
        board = flop + [turn, river]
        mine = int(_core.evaluate_many(np.array([board + list(holding)]))[0])
        left = [c for c in rest if c not in (turn, river)]               # 45 cards
        pairs = np.array(list(combinations(range(45), 2)))
        strengths = _core.evaluate_many(np.array([board + [left[i], left[j]]
                                                  for i, j in pairs]))
        table = np.zeros((45, 45), dtype=np.int64)
        table[pairs[:, 0], pairs[:, 1]] = strengths
        table[pairs[:, 1], pairs[:, 0]] = strengths
        # row d: the dealer's 44 hands {d, x}
        theirs = np.array([np.delete(table[d], d) for d in range(45)])
        counts = _categories(np.full(45, mine), theirs)                   # [45, 17]
        values = counts @ net[1]
        plays = (values > fold_value) | ((values == fold_value) & ties_larger)
        play += counts.sum(axis=0)
        check += counts[plays].sum(axis=0)
        folds += int((~plays).sum())
        ties += int((values == fold_value).sum())
    line = np.zeros(56, dtype=np.int64)
    line[one.PLAY] = play
    bet_value = int(play @ net[2])
    check_value = int(check @ net[1]) + folds * fold_value
    if bet_value > check_value or (bet_value == check_value and ties_larger):
        line[one.BET] = play
        line[one.FLOP_BETS] = 1
    else:
        line[one.CHECK] = check
        line[one.FOLDS] = folds
        line[one.RIVER_TIES] = ties
    line[one.FLOP_TIES] = bet_value == check_value
    return line


# a few seconds each: the first is the kernel tests' case (.ci/run's debug build
# under the sanitizers)
@pytest.mark.parametrize(("flop", "holding"), [
    # a plain enumeration of one flop state each (4 s): the slow run
    pytest.param([0, 1, 12], (30, 45), marks=pytest.mark.slow),
    pytest.param([17, 22, 50], (16, 21), marks=pytest.mark.slow),
])
def test_flop_state_against_plain_enumeration(settle: solver.Settlement, flop: list[int],
                                              holding: tuple[int, int]) -> None:
    got = dealer_river.river_lines(np.array(flop, dtype=np.int32), settle, False)
    expected = plain_river_line(holding, flop, settle)
    assert got[one.holding_ids()[holding]].tolist() == expected.tolist()


def test_play_line_is_twice_the_game_as_dealts(settle: solver.Settlement) -> None:
    """Every (board, d, x) on the 4x line: twice the unexposed counts (the ways factor 2)."""
    flop = solver.flop_classes().flops[700]
    mine = dealer_river.river_lines(flop, settle, False)
    dealt = flop_cards.flop_lines(flop, settle, False)
    assert (mine[:, one.PLAY] == 2 * dealt[:, one.PLAY]).all()


@pytest.mark.slow   # a reduced sweep of every flop of a class (10 s)
def test_reduced_sweep_sums_every_flop_of_the_class(settle: solver.Settlement) -> None:
    """One flop class (three deuces: 4 flops): a holding's symmetrised lines are the sum of
    the plain lines of the class's flops it does not touch."""
    classes = solver.flop_classes()
    index = next(i for i, flop in enumerate(classes.flops.tolist()) if flop == [0, 1, 2])
    reduced = classes.subset([index])
    sums = dealer_river.river_sums(settle, False, jobs=1, classes=reduced)
    lines = flop_cards.symmetrised(sums[None])[0]
    holding = (3, 40)
    expected = sum(plain_river_line(holding, flop, settle)
                   for flop in orbit_flops(reduced.flops[0]) if 3 not in flop)
    assert lines[one.holding_ids()[holding]].tolist() == np.asarray(expected).tolist()


def test_ways_and_deals() -> None:
    assert WAYS[Seen.DEALER_1_RIVER] == 2
    assert solver.HOLDINGS * dealer_river.DEALS == 2 * solver.CYCLE


def test_the_simulation_refuses_it() -> None:
    # its flop decision (checking worth the river played with a dealer card) is not computed
    # on the spot, so the simulator does not play it: an EdgeError (one error line), raised
    # before any solve
    from edge.games.ultimate_texas_holdem import GAME
    from edge.games.ultimate_texas_holdem.simulation.exposure import simulate_exposed
    rules = GAME.make_rules({"seen": "dealer-1-river"})
    with pytest.raises(EdgeError, match="seen=dealer-1-river is not simulated"):
        simulate_exposed(GAME.bet("main").paytable(None), rules)
