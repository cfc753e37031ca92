"""UTH with one card seen (exposure_dealer_one): reduced solves against a plain enumeration.

The plain computation deals every turn-river pair and every unseen dealer card of a state with
the shared evaluator (``_core.evaluate_many``), decides the river and the flop by comparing the
exact integer values, and adds the lines up; it never calls the exposure kernels. The full
scenarios (published figure: E. Jacobson, "Ultimate Texas Hold'em hole-card play", 888casino
blog: one dealer card seen, player edge 13.5922%) run in scripts/make_tables.py and the bench.
"""

from __future__ import annotations

import os
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.games.ultimate_texas_holdem.exposure import dealer_one as one
from edge.games.ultimate_texas_holdem.exposure.solution import WAYS, ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.solve import _kernels as uth_kernels
from edge.games.ultimate_texas_holdem.solve import solver

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

IntArray = npt.NDArray[np.int64]
STANDARD = {"royal-flush": Fraction(500), "straight-flush": Fraction(50),
            "four-of-a-kind": Fraction(10), "full-house": Fraction(3),
            "flush": Fraction(3, 2), "straight": Fraction(1)}


ROYAL = _core.evaluate_cards([48, 44, 40, 36, 32])


def _hand_class(strengths: IntArray) -> IntArray:
    """Hand classes of strengths (0 high card .. 9 royal flush), as ``_core.hand_class``."""
    classes: IntArray = np.where(strengths >= ROYAL, 9, strengths >> 26)
    return classes


def _categories(mine: IntArray, theirs: IntArray) -> IntArray:
    """[rows, 17] category counts of player strengths ``mine[rows]`` against dealer strengths
    ``theirs[rows, n]``."""
    qualifies = _hand_class(theirs) >= 1
    blind = np.maximum(_hand_class(mine) - 3, 0)
    counts = np.zeros((len(mine), 17), dtype=np.int64)
    rows = np.arange(len(mine))
    m = mine[:, None]
    counts[rows, blind] = ((m > theirs) & qualifies).sum(axis=1)
    counts[rows, 7 + blind] = ((m > theirs) & ~qualifies).sum(axis=1)
    counts[:, solver.TIE] = (m == theirs).sum(axis=1)
    counts[:, solver.LOSE_QUALIFIED] = ((m < theirs) & qualifies).sum(axis=1)
    counts[:, solver.LOSE_UNQUALIFIED] = ((m < theirs) & ~qualifies).sum(axis=1)
    return counts


def plain_flop_line(holding: tuple[int, int], seen: int, flop: list[int],
                    settle: solver.Settlement, ties_larger: bool,
                    turn_river: int | None = None) -> IntArray:
    """The 56 line values of one flop state with dealer card ``seen`` (and one turn-river card
    known), by plain enumeration of every turn-river pair and dealer card."""
    used = set(holding) | {seen} | set(flop)
    rest = [c for c in range(52) if c not in used]
    if turn_river is None:
        pairs = list(combinations(rest, 2))
    else:
        pairs = [(turn_river, r) for r in rest if r != turn_river]
    boards = np.array([flop + list(pair) for pair in pairs], dtype=np.int64)
    mine = _core.evaluate_many(np.hstack([boards, np.tile(holding, (len(boards), 1))]))
    unseen = np.array([[c for c in rest if c not in pair] for pair in pairs], dtype=np.int64)
    dealer = np.concatenate([np.repeat(boards[:, None, :], unseen.shape[1], axis=1),
                             np.full((len(boards), unseen.shape[1], 1), seen),
                             unseen[:, :, None]], axis=2)
    theirs = _core.evaluate_many(dealer.reshape(-1, 7)).reshape(len(boards), -1)
    counts = _categories(mine, theirs)
    net = settle.array()
    river = counts @ net[1]
    fold_value = unseen.shape[1] * settle.fold
    plays = (river > fold_value) | ((river == fold_value) & ties_larger)
    line = np.zeros(56, dtype=np.int64)
    play = counts.sum(axis=0)
    check = counts[plays].sum(axis=0)
    folds = int((~plays).sum())
    bet_value = int(play @ net[2])
    check_value = int(check @ net[1]) + folds * fold_value
    line[one.PLAY] = play
    if bet_value > check_value or (bet_value == check_value and ties_larger):
        line[one.BET] = play
        line[one.FLOP_BETS] = 1
    else:
        line[one.CHECK] = check
        line[one.FOLDS] = folds
        line[one.RIVER_TIES] = int((river == fold_value).sum())
    line[one.FLOP_TIES] = bet_value == check_value
    return line


def orbit_flops(flop: npt.NDArray[np.int32]) -> list[list[int]]:
    """Every flop of a flop's suit class."""
    perms = uth_kernels.uth_permutations().astype(np.int64)
    cards = flop.astype(np.int64)
    images = {tuple(sorted(((cards & ~3) | perm[cards & 3]).tolist())) for perm in perms}
    return [list(image) for image in sorted(images)]


@pytest.fixture(scope="module")
def settle() -> solver.Settlement:
    return solver.settlement(STANDARD)


def test_hand_class_shortcut() -> None:
    strengths = _core.evaluate_many(np.array([[48, 44, 40, 36, 32], [0, 4, 8, 12, 48],
                                              [0, 1, 2, 3, 4], [0, 5, 10, 15, 22]]))
    assert _hand_class(strengths).tolist() == [_core.hand_class(int(s)) for s in strengths]


# one flop class: a pair with two suits and a card of one of them, 12 flops
CLASS = 3


@pytest.fixture(scope="module")
def dealer_accumulators(settle: solver.Settlement) -> dict[Seen, IntArray]:
    """One sweep of the three dealer scenarios over one flop class."""
    classes = solver.flop_classes().subset([CLASS])
    return one.dealer_sums(tuple(one.MODES), settle, False, jobs=1, classes=classes)


@pytest.mark.parametrize("scenario", list(one.MODES))
def test_reduced_dealer_solve_against_plain_enumeration(
        scenario: Seen, settle: solver.Settlement,
        dealer_accumulators: dict[Seen, IntArray]) -> None:
    mode = one.MODES[scenario]
    flops = orbit_flops(solver.flop_classes().flops[CLASS])
    rng = np.random.default_rng(17 + mode)
    checked = 0
    for _ in range(2):
        seen = 4 * int(rng.integers(13))                       # a club: the listed frame
        low, high = sorted(int(c) for c in rng.choice(
            [c for c in range(52) if c != seen], 2, replace=False))
        holding = (low, high)
        # the other seen card: on one of the flops (flop-1) or off one (turn-river-1)
        usable = [f for f in flops if not set(f) & (set(holding) | {seen})]
        pool = sorted({c for f in usable for c in f}) if mode == 1 else sorted(
            set(range(52)) - set(holding) - {seen} - set(usable[0]))
        other = int(rng.choice(pool))
        expected = np.zeros(56, dtype=np.int64)
        for flop in usable:
            if (mode == 1 and other not in flop) or (mode == 2 and other in flop):
                continue
            expected += plain_flop_line(holding, seen, flop, settle, False,
                                        other if mode == 2 else None)
            checked += 1
        got = one.state_line(dealer_accumulators[scenario], scenario,
                             (holding[0], holding[1]), seen, other if mode else None)
        assert got.tolist() == expected.tolist()
    assert checked > 0


def test_one_dealer_scenario_alone_is_the_sweep_of_all(
        settle: solver.Settlement, dealer_accumulators: dict[Seen, IntArray]) -> None:
    """dealer-1 swept alone (its own flop sums) equals dealer-1 from the three-scenario sweep
    (half the turn-river states' sums)."""
    classes = solver.flop_classes().subset([CLASS])
    alone = one.dealer_sums(Seen.DEALER_1, settle, False, jobs=1, classes=classes)
    assert (alone[Seen.DEALER_1] == dealer_accumulators[Seen.DEALER_1]).all()


def plain_unexposed_line(holding: tuple[int, int], flop: list[int],
                         settle: solver.Settlement) -> IntArray:
    """The 56 line values of one unexposed flop state (990 dealer holdings a board)."""
    rest = np.array([c for c in range(52) if c not in set(holding) | set(flop)])
    pairs = np.array(list(combinations(range(len(rest)), 2)))
    boards = np.hstack([np.tile(flop, (len(pairs), 1)), rest[pairs]])
    mine = _core.evaluate_many(np.hstack([boards, np.tile(holding, (len(boards), 1))]))
    # dealer holdings: the pairs of the 45 cards off each turn-river pair
    first, second = pairs[:, None, :], pairs[None, :, :]
    overlap = ((first[..., 0] == second[..., 0]) | (first[..., 0] == second[..., 1])
               | (first[..., 1] == second[..., 0]) | (first[..., 1] == second[..., 1]))
    dealer_rows = np.stack([pairs[~row] for row in overlap])         # [1081, 990, 2]
    hands = np.concatenate([np.repeat(boards[:, None, :], 990, axis=1), rest[dealer_rows]],
                           axis=2)
    theirs = _core.evaluate_many(hands.reshape(-1, 7)).reshape(len(boards), 990)
    counts = _categories(mine, theirs)
    net = settle.array()
    fold_value = 990 * settle.fold
    plays = counts @ net[1] > fold_value
    line = np.zeros(56, dtype=np.int64)
    play, check, folds = counts.sum(axis=0), counts[plays].sum(axis=0), int((~plays).sum())
    line[one.PLAY] = play
    if int(play @ net[2]) > int(check @ net[1]) + folds * fold_value:
        line[one.BET] = play
        line[one.FLOP_BETS] = 1
    else:
        line[one.CHECK] = check
        line[one.FOLDS] = folds
    return line


def test_reduced_flop_one_solve(settle: solver.Settlement) -> None:
    """flop-1 on two flop classes: the flop decisions and summed lines are the unexposed
    solve's, and one state's lines are a plain enumeration's."""
    classes = solver.flop_classes().subset([5, 1200])
    sums, decisions = one.flop_sums(settle, False, jobs=1, classes=classes)
    unexposed = solver.solve_uncached(settle, False, jobs=1, classes=classes)
    assert (decisions == unexposed.flop_decisions).all()
    lines = one.symmetrise_flop(sums)
    for name, theirs in ((one.PLAY, unexposed.play), (one.BET, unexposed.bet),
                         (one.CHECK, unexposed.check)):
        assert (lines[:, :, name].sum(axis=0) == 3 * theirs).all()
    holding, seen = (9, 30), int(classes.flops[1][0])
    flops = [f for index in range(2) for f in orbit_flops(classes.flops[index])
             if seen in f and not set(f) & set(holding)]
    assert len(flops) == 1
    expected = plain_unexposed_line(holding, flops[0], settle)
    got = one.state_line(sums, Seen.FLOP_1, holding, seen)
    for name in (one.PLAY, one.BET, one.CHECK):
        assert got[name].tolist() == expected[name].tolist()
    assert got[one.FOLDS] == expected[one.FOLDS]


def _tiny_solution(scenario: Seen, settle: solver.Settlement) -> ExposedSolution:
    """A made-up solution listing two states (for choice_of and the cache)."""
    cycle = solver.CYCLE * WAYS[scenario]
    counts = {p: np.zeros(17, dtype=np.int64) for p in (4, 3, 2, 1)}
    counts[4][0] = cycle
    width = 3 if scenario in (Seen.DEALER_1, Seen.FLOP_1) else 4
    cards = np.array([[0, 5, 8, 13][:width], [1, 2, 4, 9][:width]], dtype=np.int8)
    return ExposedSolution(scenario, settle, False, cycle, counts, 0, (("preflop 4x", cycle),),
                           cards, np.array([4, 4]), np.array([4, 0], dtype=np.int8),
                           np.zeros((2, 3), dtype=np.int64), 1)


def test_choice_of_any_dealt_state(settle: solver.Settlement) -> None:
    solution = _tiny_solution(Seen.DEALER_1_FLOP_1, settle)
    # listed, then through suit permutations (spades for clubs, hearts for diamonds)
    assert solution.choice_of((0, 5), (8, 13)) == 4
    assert solution.choice_of((3, 6), (11, 14)) == 4          # clubs <-> spades
    assert solution.choice_of((2, 1), (4, 9)) == 0
    with pytest.raises(ValueError, match="4 distinct cards"):
        solution.choice_of((0, 0), (8, 13))
    with pytest.raises(ValueError, match="No listed"):
        solution.choice_of((20, 21), (22, 23))


def test_cache_round_trip_and_damage(settle: solver.Settlement, tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("EDGE_CACHE_DIR", str(tmp_path))
    solution = _tiny_solution(Seen.DEALER_1, settle)
    cache = one.ExposedCache(Seen.DEALER_1, settle, False)
    assert cache.load_solution() is None
    cache.store_solution(solution)
    loaded = cache.load_solution()
    assert loaded is not None and loaded.folds == 0 and loaded.counts[4][0] == solution.cycle
    assert loaded.state_cards.tolist() == solution.state_cards.tolist()
    cache.path.write_bytes(b"not a cache")
    assert one.ExposedCache(Seen.DEALER_1, settle, False).load_solution() is None
    assert "is damaged" in capsys.readouterr().err


# E. Jacobson, 888casino blog "Ultimate Texas Hold'em Hole-Card Play": One Dealer Card
# (player edge 13.5922%), One Dealer Card, One Flop Card (22.3286%), One Dealer Card, One
# Turn/River Card (26.1867%, 4x on 36.1368% of hands). Pay table: docs/rules.md section 4.
PUBLISHED = {Seen.DEALER_1: ("13.5922", None), Seen.DEALER_1_FLOP_1: ("22.3286", None),
             Seen.DEALER_1_TURN_RIVER_1: ("26.1867", "36.1368")}


@pytest.mark.parametrize("scenario", [pytest.param(s, marks=pytest.mark.uses_solve(str(s)))
                                      for s in PUBLISHED])
def test_published_player_edges(scenario: Seen, settle: solver.Settlement,
                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The full solves against the published figures. They take minutes each and are never
    made here: the test reads the cache folder named by ``$EDGE_PUBLISHED_CACHE`` (a cache
    the full solves were written to, e.g. by scripts/make_tables.py) and is skipped without
    it: ``EDGE_PUBLISHED_CACHE=~/.cache/edge pytest tests/test_uth_exposure_one.py -k
    published``."""
    folder = os.environ.get("EDGE_PUBLISHED_CACHE")
    if not folder:
        pytest.skip("EDGE_PUBLISHED_CACHE names no cache of the full solves")
    monkeypatch.setenv("EDGE_CACHE_DIR", folder)
    solution = one.ExposedCache(scenario, settle, False).load_solution()
    if solution is None:
        pytest.skip(f"seen={scenario} is not solved in {folder}")
    net = settle.array()
    total = sum(int(solution.counts[p] @ net[p]) for p in (4, 3, 2, 1)) \
        + solution.folds * settle.fold
    edge = Fraction(total, settle.scale * solution.cycle)
    edge_text, four_text = PUBLISHED[scenario]
    assert f"{float(edge) * 100:.4f}" == edge_text
    if four_text is not None:
        four = Fraction(int((solution.state_weight * (solution.choice == 4)).sum()),
                        int(solution.state_weight.sum()))
        assert f"{float(four) * 100:.4f}" == four_text


def test_every_scenario_names_a_solver_that_exists() -> None:
    """solve_exposed finds each scenario's solver (they moved once)."""
    from edge.games.ultimate_texas_holdem.exposure.solvers import SOLVERS, solver_of
    for scenario in SOLVERS:
        assert callable(solver_of(scenario)), scenario
