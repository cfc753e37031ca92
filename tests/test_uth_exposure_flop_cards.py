"""UTH with two or three flop cards seen (exposure.flop_cards): reduced solves against a plain
enumeration, and flop-1 from the same sweep against flop-1's own solver.

The plain computation (``plain_unexposed_line`` of tests/test_uth_exposure_one.py) deals every
turn-river pair and every dealer holding of a (holding, flop) with the shared evaluator
(``_core.evaluate_many``), decides the river and the flop by exact integer comparison and adds
the lines up; the preflop choice is then taken here from those lines by comparing the exact
values of 4x, 3x and checking. It never calls the exposure kernels. The full solves run in
scripts/make_tables.py and tests/test_uth_full_solves.py (``--full-solves``); no published
figure was found for these scenarios (docs/references.md).
"""

from __future__ import annotations

import os
from fractions import Fraction
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest

from edge.games.ultimate_texas_holdem.exposure import dealer_one as one
from edge.games.ultimate_texas_holdem.exposure import flop_cards
from edge.games.ultimate_texas_holdem.exposure.solution import WAYS, ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.solve import solver
from tests.test_uth_exposure_one import STANDARD, orbit_flops, plain_unexposed_line

pytestmark = pytest.mark.kernels

IntArray = npt.NDArray[np.int64]
CLASSES = [5, 1200, 700]       # three flop classes (a reduced sweep)


@pytest.fixture(scope="module")
def settle() -> solver.Settlement:
    return solver.settlement(STANDARD)


@pytest.fixture(scope="module")
def reduced(settle: solver.Settlement
            ) -> tuple[solver.FlopClasses, dict[str, IntArray], npt.NDArray[np.int8], IntArray]:
    classes = solver.flop_classes().subset(CLASSES)
    sums, choice, values = flop_cards.flop_cards_sums(settle, False, jobs=1, classes=classes)
    return classes, sums, choice, values


def plain_choice(line: IntArray, settle: solver.Settlement) -> tuple[int, list[int]]:
    """The preflop choice (4, 3, 0; a tie takes the smaller wager) and the values of check,
    3x and 4x of a state with summed lines ``line``."""
    net = settle.array()
    play = line[one.PLAY]
    four, three = int(play @ net[4]), int(play @ net[3])
    checking = (int(line[one.BET] @ net[2]) + int(line[one.CHECK] @ net[1])
                + int(line[one.FOLDS]) * 990 * settle.fold)
    best = max(four, three, checking)
    choice = 0 if checking == best else (3 if three == best else 4)
    return choice, [checking, three, four]


def test_subset_classes() -> None:
    # suit classes of one card (13: by rank) and of two (169: pairs, suited, offsuit)
    for k, count in ((1, 13), (2, 169)):
        classes = flop_cards.subset_classes(k)
        assert len(classes.listed) == count
        assert sum(classes.size) == len(list(combinations(range(52), k)))


def test_flop_one_from_this_sweep_is_flop_ones(
        settle: solver.Settlement, reduced: tuple[solver.FlopClasses, dict[str, IntArray],
                                                  npt.NDArray[np.int8], IntArray]) -> None:
    """k = 1 through the flop-card sweep gives exactly flop-1's own solver's lines."""
    classes, sums, _, _ = reduced
    theirs, _ = one.flop_sums(settle, False, jobs=1, classes=classes)
    assert (one.symmetrise_flop(theirs)[0::4] == flop_cards.symmetrised(sums["one"])).all()


def test_reduced_flop_two_against_plain_enumeration(
        settle: solver.Settlement, reduced: tuple[solver.FlopClasses, dict[str, IntArray],
                                                  npt.NDArray[np.int8], IntArray]) -> None:
    classes, sums, _, _ = reduced
    flops = [f for index in range(len(CLASSES)) for f in orbit_flops(classes.flops[index])]
    rng = np.random.default_rng(27)
    checked = 0
    for _ in range(2):
        flop = flops[int(rng.integers(len(flops)))]
        seen = sorted(int(c) for c in rng.choice(flop, 2, replace=False))
        low, high = sorted(int(c) for c in rng.choice(
            [c for c in range(52) if c not in flop], 2, replace=False))
        holding = (low, high)
        expected = np.zeros(56, dtype=np.int64)
        for other in flops:             # every flop of the sweep holding the two seen cards
            if set(seen) <= set(other) and not set(other) & set(holding):
                expected += plain_unexposed_line(holding, other, settle)
                checked += 1
        got = flop_cards.state_lines(sums["two"], 2, (holding[0], holding[1]), seen)
        for name in (one.PLAY, one.BET, one.CHECK):
            assert got[name].tolist() == expected[name].tolist()
        assert got[one.FOLDS] == expected[one.FOLDS]
    assert checked >= 2


def test_reduced_flop_three_against_plain_enumeration(
        settle: solver.Settlement, reduced: tuple[solver.FlopClasses, dict[str, IntArray],
                                                  npt.NDArray[np.int8], IntArray]) -> None:
    classes, _, choice, values = reduced
    ids = one.holding_ids()
    for index, holding in ((0, (9, 30)), (1, (0, 51)), (2, (20, 45))):
        flop = [int(c) for c in classes.flops[index]]
        assert not set(flop) & set(holding)
        want_choice, want_values = plain_choice(plain_unexposed_line(holding, flop, settle),
                                                settle)
        h = ids[holding[0], holding[1]]
        assert int(choice[index, h]) == want_choice
        assert values[index, h].tolist() == want_values


def test_choice_of_any_order_of_the_seen_flop(settle: solver.Settlement) -> None:
    cycle = solver.CYCLE * WAYS[Seen.FLOP_3]
    counts = {p: np.zeros(17, dtype=np.int64) for p in (4, 3, 2, 1)}
    counts[4][0] = cycle
    solution = ExposedSolution(Seen.FLOP_3, settle, False, cycle, counts, 0,
                               (("preflop 4x", cycle),),
                               np.array([[0, 5, 8, 13, 20]], dtype=np.int8), np.array([24]),
                               np.array([4], dtype=np.int8), np.zeros((1, 3), dtype=np.int64),
                               1)
    assert solution.choice_of((5, 0), (20, 8, 13)) == 4
    assert solution.choice_of((3, 6), (23, 11, 14)) == 4        # clubs <-> spades


def test_ways_and_deals() -> None:
    # each deal once per way of choosing the seen flop cards: C(3, k)
    assert [WAYS[s] for s in (Seen.FLOP_1, Seen.FLOP_2, Seen.FLOP_3)] == [3, 3, 1]
    for k, seen in ((1, Seen.FLOP_1), (2, Seen.FLOP_2), (3, Seen.FLOP_3)):
        states = 1326 * len(list(combinations(range(50), k)))
        assert states * flop_cards.deals_per_state(k) == solver.CYCLE * WAYS[seen]


@pytest.mark.parametrize("scenario", [Seen.FLOP_2, Seen.FLOP_3])
def test_full_solve_sees_more_than_flop_one(scenario: Seen, settle: solver.Settlement,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """From a cache of the full solves (``$EDGE_PUBLISHED_CACHE``, as
    tests/test_uth_exposure_one.py): more cards seen is worth more (flop-1 < flop-2 < flop-3),
    every state's lines add up, and 3x is never better than 4x."""
    folder = os.environ.get("EDGE_PUBLISHED_CACHE")
    if not folder:
        pytest.skip("EDGE_PUBLISHED_CACHE names no cache of the full solves")
    monkeypatch.setenv("EDGE_CACHE_DIR", folder)
    code = (flop_cards,)
    solution = one.ExposedCache(scenario, settle, False, code).load_solution()
    fewer = one.ExposedCache(Seen.FLOP_1 if scenario == Seen.FLOP_2 else Seen.FLOP_2, settle,
                             False, () if scenario == Seen.FLOP_2 else code).load_solution()
    if solution is None or fewer is None:
        pytest.skip(f"seen={scenario} is not solved in {folder}")

    def player_edge(one_solution: ExposedSolution) -> Fraction:
        net = settle.array()
        total = sum(int(one_solution.counts[p] @ net[p]) for p in (4, 3, 2, 1))
        return Fraction(total + one_solution.folds * settle.fold,
                        settle.scale * one_solution.cycle)
    assert player_edge(solution) > player_edge(fewer)
    assert not (solution.choice == 3).any()


@pytest.mark.full_solve
@pytest.mark.slow
@pytest.mark.uses_solve("flop-1", "flop-2", "flop-3")
def test_full_sweep_gives_flop_ones_pinned_solve() -> None:
    """The flop-card sweep in full (minutes: only with ``--full-solves``): its k = 1 is exactly
    flop-1's own solve (the SHA-256 pinned for it), its flop-2 and flop-3 are the pinned ones."""
    from tests.test_uth_full_solves import PIN
    settle = solver.settlement(STANDARD, "ante-push")
    solutions = flop_cards.solve_uncached(Seen.FLOP_2, settle, False)
    pins = PIN.read_pins()
    for seen, solution in solutions.items():
        arrays = {"counts": np.stack([solution.counts[p] for p in (4, 3, 2, 1)]),
                  "folds": np.array(solution.folds, dtype=np.int64),
                  "cycle": np.array(solution.cycle, dtype=np.int64),
                  "deals_per_state": np.array(solution.deals_per_state, dtype=np.int64),
                  "state_cards": solution.state_cards, "state_weight": solution.state_weight,
                  "choice": solution.choice, "values": solution.values}
        assert PIN.digest(arrays) == pins[str(seen)], seen
