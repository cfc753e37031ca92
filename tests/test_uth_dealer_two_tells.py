"""The flop and river tells of Ultimate Texas Hold'em ``seen=dealer-2`` against ordinary play
(edge/games/ultimate_texas_holdem/exposure/dealer_two_tells.py, _dealer_rivers.pyx;
docs/protection.md, "Tells against ordinary play").

The informed flop decisions the pass reads from the solve's kernel are checked against a plain
enumeration of the 990 turn-rivers of each state (the hands ranked by ``edge._core``'s
evaluator, the river played 1x where its category pays more than a fold), on dealer holdings
the kernel counts and dealer holdings it leaves to their orbit; the flop deals the pass counts
against a plain loop over every (dealer holding, holding) of a flop class with made-up
decisions and players. The river kernel's counts of a flop, for holdings with made-up sets of
dealer holdings reaching the river, against a plain enumeration of every turn-river board and
dealer holding: the outcome from the two hands' strengths, basic strategy's river and a
made-up rule read from their tables by board suit class (the class found here from the board's
suit rank masks).
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.cache import Checkpoint
from edge.games.ultimate_texas_holdem.exposure import dealer_rivers, dealer_two, dealer_two_tells
from edge.games.ultimate_texas_holdem.exposure.dealer_one import holding_ids
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen
from edge.games.ultimate_texas_holdem.solve import solver
from tests.test_uth_dealer_rivers import class_and_image
from tests.test_uth_exposure_one import STANDARD, _categories
from tests.test_uth_turn_river_tells import players_made_up
from tests.uth_exposure_fake import fake_solution

pytestmark = pytest.mark.kernels
HOLDINGS = list(combinations(range(52), 2))
IntArray = npt.NDArray[np.int64]


@pytest.fixture(scope="module")
def settle() -> solver.Settlement:
    return solver.settlement(STANDARD)


@pytest.fixture(scope="module")
def tables() -> dealer_two_tells.Tables:
    return dealer_two_tells.Tables.make()


def plain_bet(holding: tuple[int, int], dealer: tuple[int, int], flop: list[int],
              settle: solver.Settlement, ties_larger: bool) -> bool:
    """Whether 2x beats checking with both dealer cards seen: every turn-river dealt, the river
    played 1x where its outcome pays more than folding (equal: ``ties_larger``)."""
    rest = [c for c in range(52) if c not in {*holding, *dealer, *flop}]
    boards = [flop + list(pair) for pair in combinations(rest, 2)]
    mine = _core.evaluate_many(np.array([board + list(holding) for board in boards]))
    theirs = _core.evaluate_many(np.array([board + list(dealer) for board in boards]))
    counts = _categories(mine, theirs[:, None]).sum(axis=0)
    net = settle.array()
    plays = (net[1] > settle.fold) | ((net[1] == settle.fold) & ties_larger)
    bet = int(counts @ net[2])
    check = int(counts @ np.where(plays, net[1], settle.fold))
    return bet > check or (bet == check and ties_larger)


@pytest.mark.parametrize(("row", "ties_larger"), [(0, False), (900, False), (1754, True)])
def test_informed_flop_decisions_against_a_plain_enumeration(
        settle: solver.Settlement, tables: dealer_two_tells.Tables, row: int,
        ties_larger: bool) -> None:
    """Forty (holding, dealer holding) states of a flop class: class 0 (three deuces) has suit
    permutations fixing it, so the kernel leaves most dealer holdings to their orbit."""
    flop = [int(c) for c in solver.flop_classes().flops[row]]
    bets = dealer_two_tells.informed_bets(solver.flop_classes().flops[row], settle,
                                          ties_larger, tables)
    rng = np.random.default_rng(row)
    checked = 0
    while checked < 40:
        a, b, x, y = (int(c) for c in rng.choice(52, 4, replace=False))
        holding, dealer = (min(a, b), max(a, b)), (min(x, y), max(x, y))
        if {a, b, x, y} & set(flop):
            assert not bets[holding_ids()[dealer], holding_ids()[holding]]
            continue
        assert bets[holding_ids()[dealer], holding_ids()[holding]] == plain_bet(
            holding, dealer, flop, settle, ties_larger), (holding, dealer)
        checked += 1


def dealer_two_made_up(settle: solver.Settlement) -> ExposedSolution:
    """A dealer-2 solve with a made-up preflop choice per state class: check where the
    representative's holding ranks below the dealer's highest card, else 4x."""
    from edge.games.ultimate_texas_holdem.exposure import dealer_two
    table = dealer_two.states()
    cards = table.cards.astype(np.int64)
    choice = np.where(cards[:, :2].max(axis=1) >> 2 < cards[:, 2:].max(axis=1) >> 2, 0, 4)
    return replace(fake_solution(settle, Seen.DEALER_2), state_cards=table.cards,
                   state_weight=table.weight, choice=choice.astype(np.int8),
                   values=np.zeros((len(cards), 3), dtype=np.int64))


@pytest.mark.slow       # about 10 s: every (dealer holding, holding) of a flop class, one by one
def test_the_deals_of_a_class_against_a_plain_loop(settle: solver.Settlement) -> None:
    solution = dealer_two_made_up(settle)
    checks = dealer_two_tells.preflop_checks(solution)
    classes = solver.flop_classes()
    row = 300
    flop = [int(c) for c in classes.flops[row]]
    flop_id = list(combinations(range(52), 3)).index((flop[0], flop[1], flop[2]))
    rng = np.random.default_rng(6)
    bets = rng.random((solver.HOLDINGS, solver.HOLDINGS)) < 0.3
    players = players_made_up(rng)
    found = dealer_two_tells.count_class(classes.flops[row], classes.orbit_size(row), checks,
                                         bets, flop_id, players)
    deals = classes.orbit_size(row) * 990
    expected = np.zeros((5, 2), dtype=np.int64)
    for d, dealer in enumerate(HOLDINGS):
        if set(dealer) & set(flop):
            continue
        for p, holding in enumerate(HOLDINGS):
            if set(holding) & {*flop, *dealer}:
                continue
            # the made-up choice, read from the state's own cards (no suit changes it)
            if max(holding) >> 2 >= max(dealer) >> 2:
                continue
            bet = bool(bets[d, p])
            checking = [k for k, player in enumerate(players) if player.checks[p]]
            theirs = {k: bool(players[k].flop_bets[flop_id, p]) for k in checking}
            for k in checking:
                expected[k] += [deals * (bet and not theirs[k]), deals * (not bet and theirs[k])]
            if checking:
                expected[3] += [deals * (bet and not any(theirs.values())),
                                deals * (not bet and all(theirs.values()))]
            expected[4] += [deals * bet, deals * (not bet)]
    assert np.array_equal(found, expected) and expected.min() > 0


def made_up_tables(flops: npt.NDArray[np.int32], settle: solver.Settlement,
                   ties_larger: bool = False
                   ) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]:
    """Basic strategy's river fold table (the flops' board classes only) and a made-up rule
    folding at random, extended by the row of the two at once (every_tables)."""
    classes = dealer_rivers.board_classes_of(flops)
    keys, folds = dealer_rivers.river_fold_tables(settle, ties_larger, [None], classes=classes)
    made_up = np.random.default_rng(5).integers(0, 256, size=folds.shape[1:], dtype=np.uint8)
    return keys, dealer_rivers.every_tables(np.concatenate([folds, made_up[None]]))


def made_up_pass(settle: solver.Settlement, monkeypatch: pytest.MonkeyPatch
                 ) -> tuple[ExposedSolution, list[dealer_rivers.RiverPlayer],
                            solver.FlopClasses]:
    """Three flop classes with made-up informed decisions."""
    def bets(flop: npt.NDArray[np.int32], *_: object) -> npt.NDArray[np.bool_]:
        rng = np.random.default_rng(int(flop.sum()))
        found: npt.NDArray[np.bool_] = rng.random((solver.HOLDINGS, solver.HOLDINGS)) < 0.3
        return found
    monkeypatch.setattr(dealer_two_tells, "informed_bets", bets)
    return (dealer_two_made_up(settle), players_made_up(np.random.default_rng(2)),
            solver.flop_classes().subset([5, 600, 1700]))


@pytest.mark.slow       # about 20 s: three flop classes' river boards, twice and resumed
def test_the_pass_on_threads_and_from_its_checkpoint(settle: solver.Settlement, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    solution, players, classes = made_up_pass(settle, monkeypatch)
    tables = made_up_tables(classes.flops, settle)
    one = dealer_two_tells.sweep(solution, players, tables, classes=classes, jobs=1)
    two = dealer_two_tells.sweep(solution, players, tables, classes=classes, jobs=2)
    assert np.array_equal(one, two) and one.shape == (3, 2, 5, 2) and one.min() > 0
    checkpoint = Checkpoint(tmp_path / "entry.npz", warn=lambda _: None)
    checkpoint.save({"deals": np.full((3, 2, 5, 2), 7, dtype=np.int64), "net": settle.array(),
                     "ties_larger": np.array(False), "flops": classes.flops,
                     "done": np.array([0, 1, 0], dtype=np.uint8)})
    resumed = dealer_two_tells.sweep(solution, players, tables, classes=classes,
                                     checkpoint=checkpoint)
    assert (resumed[1] == 7).all() and np.array_equal(resumed[[0, 2]], one[[0, 2]])


def dealer_holdings_reaching(holding: tuple[int, int], flop: list[int],
                             rng: np.random.Generator) -> list[tuple[int, int]]:
    """A made-up set of the dealer holdings a holding checks to the river against: about a
    third of those apart from it and the flop."""
    apart = [dealer for dealer in HOLDINGS if not set(dealer) & {*holding, *flop}]
    return [dealer for dealer in apart if rng.random() < 0.35]


def plain_river(holding: tuple[int, int], dealers: list[tuple[int, int]], flop: list[int],
                settle: solver.Settlement, ties_larger: bool,
                tables: tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint8]]) -> list[int]:
    """[informed 1x, informed folds, then per rule of ``tables`` (1x where it folds, fold
    where it plays)] over every turn-river board of the flop and every dealer holding of
    ``dealers`` the board leaves: the informed player plays 1x where the outcome's category
    pays more than a fold (equal: ``ties_larger``); each rule's decision read from its fold
    bits by the board's suit class."""
    keys, folds = tables
    net = settle.array()
    category_plays = (net[1] > settle.fold) | ((net[1] == settle.fold) & ties_larger)
    rest = [c for c in range(52) if c not in {*holding, *flop}]
    found = np.zeros(2 + 2 * len(folds), dtype=np.int64)
    dealer_cards = np.array(dealers)
    for turn, river in combinations(rest, 2):
        board = flop + [turn, river]
        left = dealer_cards[~np.isin(dealer_cards, [turn, river]).any(axis=1)]
        mine = _core.evaluate_many(np.array([board + list(holding)]))
        theirs = _core.evaluate_many(np.concatenate(
            [np.repeat(np.array([board]), len(left), axis=0), left], axis=1))
        categories = _categories(np.repeat(mine, len(left)), theirs[:, None])
        plays = int(categories[:, category_plays].sum())
        folds_here = len(left) - plays
        found[:2] += [plays, folds_here]
        row, image = class_and_image(board, holding, keys)
        for k in range(len(folds)):
            if (folds[k, row, image >> 3] >> (image & 7)) & 1:
                found[2 + 2 * k] += plays
            else:
                found[3 + 2 * k] += folds_here
    return [int(v) for v in found]


@pytest.mark.parametrize("ties_larger", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_river_counts_of_a_flop_against_a_plain_enumeration(settle: solver.Settlement,
                                                            ties_larger: bool) -> None:
    """Four holdings of one flop (one with a flush draw, one paired with the board), each with
    a made-up set of dealer holdings reaching the river; the holdings with none are left
    alone."""
    flop = [5, 22, 41]                                     # 3d 7h Jd
    tables = made_up_tables(np.array([flop], dtype=np.int32), settle, ties_larger)
    rng = np.random.default_rng(11 + ties_larger)
    chosen = [(1, 9), (20, 21), (48, 51), (13, 45)]        # 2d 4d, 7c 7d, Ac As, 5d Qd
    reached = np.zeros((solver.HOLDINGS, solver.HOLDINGS), dtype=bool)      # [D, P]
    dealers = {}
    for holding in chosen:
        dealers[holding] = dealer_holdings_reaching(holding, flop, rng)
        for dealer in dealers[holding]:
            reached[holding_ids()[dealer], holding_ids()[holding]] = True
    everything = np.ones_like(reached)
    reach = dealer_two_tells.river_reach(np.array(flop, dtype=np.int32), reached, ~everything)
    _, category_plays = dealer_two.river_values(settle, ties_larger)
    plays, folds, departures = dealer_two_tells.river_counts(
        np.array(flop, dtype=np.int32), reach, category_plays, tables)
    for holding in chosen:
        p = holding_ids()[holding]
        found = [int(plays[p]), int(folds[p]),
                 *(int(departures[k, j, p]) for k in range(len(tables[1])) for j in range(2))]
        assert found == plain_river(holding, dealers[holding], flop, settle, ties_larger,
                                    tables), holding
    others = np.ones(solver.HOLDINGS, dtype=bool)
    others[[holding_ids()[holding] for holding in chosen]] = False
    assert not plays[others].any() and not folds[others].any() \
        and not departures[:, :, others].any()


def test_the_river_kernel_refuses_states_that_share_a_card(settle: solver.Settlement) -> None:
    flop = np.array([5, 22, 41], dtype=np.int32)
    tables = made_up_tables(flop[None, :], settle)
    _, category_plays = dealer_two.river_values(settle, False)
    for holding, dealer in (((1, 9), (9, 30)), ((1, 9), (5, 30)), ((5, 9), (10, 30))):
        reach = np.zeros((solver.HOLDINGS, dealer_two_tells.RIVER_WORDS), dtype=np.uint64)
        d = holding_ids()[dealer]
        reach[holding_ids()[holding], d >> 6] = np.uint64(1) << np.uint64(d & 63)
        with pytest.raises(ValueError, match="shares a card|touches the flop"):
            dealer_two_tells.river_counts(flop, reach, category_plays, tables)


def test_the_river_deals_of_a_class_by_player(settle: solver.Settlement,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """count_river: each player's tells on the holdings he checks to the river (preflop and on
    the flop) under his rule, and the informed 1x and folds, with made-up kernel counts."""
    rng = np.random.default_rng(8)
    plays = rng.integers(0, 1000, solver.HOLDINGS).astype(np.int32)
    folds = rng.integers(0, 1000, solver.HOLDINGS).astype(np.int32)
    departures = rng.integers(0, 500, (4, 2, solver.HOLDINGS)).astype(np.int32)   # 2 rules, both
    monkeypatch.setattr(dealer_two_tells, "river_counts",
                        lambda *_: (plays, folds, departures))
    players = players_made_up(rng)
    flop_id = 4321
    found = dealer_two_tells.count_river(np.array([0, 1, 2], dtype=np.int32), 6,
                                         np.zeros((1, 1), dtype=np.uint64), flop_id, players,
                                         np.zeros(17, dtype=bool), None)  # type: ignore[arg-type]
    for k, player in enumerate(players):
        there = [p for p in range(solver.HOLDINGS)
                 if player.checks[p] and not player.flop_bets[flop_id, p]]
        assert found[k].tolist() == [6 * sum(int(departures[player.rule, j, p]) for p in there)
                                     for j in range(2)]
    assert found[-1].tolist() == [6 * int(plays.sum()), 6 * int(folds.sum())]
