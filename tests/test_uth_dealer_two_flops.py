"""The flop tells of Ultimate Texas Hold'em ``seen=dealer-2`` against ordinary play
(edge/games/ultimate_texas_holdem/exposure/dealer_two_flops.py; docs/protection.md, "Tells
against ordinary play").

The informed flop decisions the pass reads from the solve's kernel are checked against a plain
enumeration of the 990 turn-rivers of each state (the hands ranked by ``edge._core``'s
evaluator, the river played 1x where its category pays more than a fold), on dealer holdings
the kernel counts and dealer holdings it leaves to their orbit; the deals the pass counts
against a plain loop over every (dealer holding, holding) of a flop class with made-up
decisions and players.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.cache import Checkpoint
from edge.games.ultimate_texas_holdem.exposure import dealer_rivers, dealer_two_flops
from edge.games.ultimate_texas_holdem.exposure.dealer_one import holding_ids
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen
from edge.games.ultimate_texas_holdem.solve import solver
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
def tables() -> dealer_two_flops.Tables:
    return dealer_two_flops.Tables.make()


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
        settle: solver.Settlement, tables: dealer_two_flops.Tables, row: int,
        ties_larger: bool) -> None:
    """Forty (holding, dealer holding) states of a flop class: class 0 (three deuces) has suit
    permutations fixing it, so the kernel leaves most dealer holdings to their orbit."""
    flop = [int(c) for c in solver.flop_classes().flops[row]]
    bets = dealer_two_flops.informed_bets(solver.flop_classes().flops[row], settle,
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
    checks = dealer_two_flops.preflop_checks(solution)
    classes = solver.flop_classes()
    row = 300
    flop = [int(c) for c in classes.flops[row]]
    flop_id = list(combinations(range(52), 3)).index((flop[0], flop[1], flop[2]))
    rng = np.random.default_rng(6)
    bets = rng.random((solver.HOLDINGS, solver.HOLDINGS)) < 0.3
    players = players_made_up(rng)
    found = dealer_two_flops.count_class(classes.flops[row], classes.orbit_size(row), checks,
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


def made_up_pass(settle: solver.Settlement, monkeypatch: pytest.MonkeyPatch
                 ) -> tuple[ExposedSolution, list[dealer_rivers.RiverPlayer],
                            solver.FlopClasses]:
    """Three flop classes with made-up informed decisions."""
    def bets(flop: npt.NDArray[np.int32], *_: object) -> npt.NDArray[np.bool_]:
        rng = np.random.default_rng(int(flop.sum()))
        found: npt.NDArray[np.bool_] = rng.random((solver.HOLDINGS, solver.HOLDINGS)) < 0.3
        return found
    monkeypatch.setattr(dealer_two_flops, "informed_bets", bets)
    return (dealer_two_made_up(settle), players_made_up(np.random.default_rng(2)),
            solver.flop_classes().subset([5, 600, 1700]))


def test_the_pass_on_threads_and_from_its_checkpoint(settle: solver.Settlement, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    solution, players, classes = made_up_pass(settle, monkeypatch)
    one = dealer_two_flops.sweep(solution, players, classes=classes, jobs=1)
    two = dealer_two_flops.sweep(solution, players, classes=classes, jobs=2)
    assert np.array_equal(one, two) and one.shape == (3, 5, 2) and one.min() > 0
    checkpoint = Checkpoint(tmp_path / "entry.npz", warn=lambda _: None)
    checkpoint.save({"deals": np.full((3, 5, 2), 7, dtype=np.int64), "net": settle.array(),
                     "ties_larger": np.array(False), "flops": classes.flops,
                     "done": np.array([0, 1, 0], dtype=np.uint8)})
    resumed = dealer_two_flops.sweep(solution, players, classes=classes,
                                     checkpoint=checkpoint)
    assert (resumed[1] == 7).all() and np.array_equal(resumed[[0, 2]], one[[0, 2]])


def test_the_check_against_the_solve(settle: solver.Settlement) -> None:
    solution = dealer_two_made_up(settle)
    bets = int(solution.counts[2].sum())
    with pytest.raises(RuntimeError, match="flop pass bets 2x"):
        dealer_two_flops.check_against_solve(
            dealer_two_flops.FlopTells(((0, 0),), (0, 0), (bets + 1, 0)), solution)
    dealer_two_flops.check_against_solve(
        dealer_two_flops.FlopTells(((0, 0),), (0, 0), (bets, 0)), solution)


def test_the_surveillance_adds_the_flop(settle: solver.Settlement) -> None:
    """with_dealer_two_flop: each player's flop tells and, when every ordinary player is
    counted, those against all of them at once (made-up totals); the note says the river is
    not counted."""
    from edge.games.ultimate_texas_holdem.exposure import surveillance as watch
    from edge.games.ultimate_texas_holdem.exposure.street_tells import KINDS
    from edge.run import RunSettings
    from tests.test_surveillance_ordinary import uth_ordinary_made_up
    solution = fake_solution(settle, Seen.DEALER_2)
    _, ordinary, _, _, found, bets = uth_ordinary_made_up("seen=dealer-2")

    def flop_tells(solved: object, players: list[object],
                   **_: object) -> dealer_two_flops.FlopTells:
        return dealer_two_flops.FlopTells(tuple((1 + k, 2 + k) for k in range(len(players))),
                                          (5, 6), (0, 0))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dealer_two_flops, "flop_tells", flop_tells)
        added = watch.with_dealer_two_flop(found, solution, ordinary, bets, RunSettings())
    cycle = solution.cycle
    assert [p.tells[1:] for p in added.players] == [
        ((KINDS[0], Fraction(1 + k, cycle)), (KINDS[1], Fraction(2 + k, cycle)))
        for k in range(3)]
    assert added.every.tells[1:] == ((watch.EVERY_FLOP[0], Fraction(5, cycle)),
                                     (watch.EVERY_FLOP[1], Fraction(6, cycle)))
    assert added.note == watch.NOTE_DEALER_2 and "not the river" in added.note
