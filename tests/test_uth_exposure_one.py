"""UTH with one card seen (exposure_dealer_one): reduced solves against a plain enumeration.

The plain computation deals every turn-river pair and every unseen dealer card of a state with
the shared evaluator (``_core.evaluate_many``), decides the river and the flop by comparing the
exact integer values, and adds the lines up; it never calls the exposure kernels. The full
scenarios (published figure: E. Jacobson, "Ultimate Texas Hold'em hole-card play", 888casino
blog: one dealer card seen, player edge 13.5922%) run in scripts/make_tables.py and the bench.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.games.ultimate_texas_holdem import exposure_dealer_one as one
from edge.games.ultimate_texas_holdem import solve as solver
from edge.games.ultimate_texas_holdem.exposure import Seen

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
    perms = solver._kernels.uth_permutations().astype(np.int64)  # noqa: SLF001
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


# one flop class per scenario: three of a suit, a pair with two suits, three suits
CASES = {Seen.DEALER_1: 1500, Seen.DEALER_1_FLOP_1: 700, Seen.DEALER_1_TURN_RIVER_1: 3}


@pytest.mark.parametrize("scenario", list(CASES))
def test_reduced_dealer_solve_against_plain_enumeration(scenario: Seen,
                                                        settle: solver.Settlement) -> None:
    classes = solver.flop_classes().subset([CASES[scenario]])
    mode = one.MODES[scenario]
    sums = one.dealer_sums(scenario, settle, False, jobs=1, classes=classes)
    flops = orbit_flops(classes.flops[0])
    rng = np.random.default_rng(17 + mode)
    checked = 0
    for _ in range(2):
        seen = 4 * int(rng.integers(13))                       # a club: the listed frame
        holding = tuple(sorted(int(c) for c in rng.choice(
            [c for c in range(52) if c != seen], 2, replace=False)))
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
        got = one.state_line(sums, scenario, (holding[0], holding[1]), seen,
                             other if mode else None)
        assert got.tolist() == expected.tolist()
    assert checked > 0


def plain_unexposed_line(holding: tuple[int, int], flop: list[int],
                         settle: solver.Settlement) -> IntArray:
    """The 56 line values of one unexposed flop state (990 dealer holdings a board)."""
    rest = [c for c in range(52) if c not in set(holding) | set(flop)]
    pairs = list(combinations(rest, 2))
    boards = np.array([flop + list(pair) for pair in pairs], dtype=np.int64)
    mine = _core.evaluate_many(np.hstack([boards, np.tile(holding, (len(boards), 1))]))
    index = {card: i for i, card in enumerate(rest)}
    dealers = np.array(list(combinations(rest, 2)), dtype=np.int64)
    line = np.zeros(56, dtype=np.int64)
    play = np.zeros(17, dtype=np.int64)
    check = np.zeros(17, dtype=np.int64)
    folds = 0
    net = settle.array()
    fold_value = 990 * settle.fold
    for board, pair, strength in zip(boards, pairs, mine, strict=True):
        off = dealers[[index[pair[0]] not in (index[a], index[b]) and
                       index[pair[1]] not in (index[a], index[b]) for a, b in dealers]]
        theirs = _core.evaluate_many(np.hstack([np.tile(board, (len(off), 1)), off]))
        counts = _categories(np.array([strength]), theirs[None, :])[0]
        play += counts
        if int(counts @ net[1]) > fold_value:
            check += counts
        else:
            folds += 1
    line[one.PLAY] = play
    bet_value, check_value = int(play @ net[2]), int(check @ net[1]) + folds * fold_value
    if bet_value > check_value:
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
    holding, seen = (9, 30), int(classes.flops[1][0])
    flops = [f for index in range(2) for f in orbit_flops(classes.flops[index])
             if seen in f and not set(f) & set(holding)]
    expected = sum(plain_unexposed_line(holding, flop, settle) for flop in flops[:1])
    assert len(flops) == 1
    got = one.state_line(sums, Seen.FLOP_1, holding, seen)
    for name in (one.PLAY, one.BET, one.CHECK):
        assert got[name].tolist() == expected[name].tolist()
    assert got[one.FOLDS] == expected[one.FOLDS]
