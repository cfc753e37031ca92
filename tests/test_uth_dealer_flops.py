"""The informed flop decisions of Ultimate Texas Hold'em ``seen=dealer-1`` on every flop state
and the flop tells counted from them (edge/games/ultimate_texas_holdem/exposure/dealer_flops.py,
street_tells.py; docs/protection.md, "Tells against ordinary play").

The decisions are checked against a plain enumeration (every turn-river pair and dealer card x
of a flop state, the hands ranked by ``edge._core``'s evaluator: ``plain_flop_line`` of
tests/test_uth_exposure_one.py), on holdings the kernel solves and on holdings it leaves to
their orbit; the flops of the pass against a plain orbit count of the 22,100 flops; the tells'
deals against a plain loop over every (flop, seen club, holding) of a reduced case with made-up
decisions.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations, permutations
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge.cache import Checkpoint
from edge.games.ultimate_texas_holdem.exposure import dealer_flops, street_tells
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution, Seen
from edge.games.ultimate_texas_holdem.solve import solver
from tests.test_uth_exposure_one import STANDARD, plain_flop_line
from tests.uth_exposure_fake import fake_solution

pytestmark = pytest.mark.kernels
FLOP = np.array([0, 1, 2], dtype=np.int32)      # 2c 2d 2h: exchanging diamonds and hearts
                                                 # keeps it and every club


@pytest.fixture(scope="module")
def settle() -> solver.Settlement:
    return solver.settlement(STANDARD)


HOLDING = {pair: h for h, pair in enumerate(combinations(range(52), 2))}


def holding_id(a: int, b: int) -> int:
    return HOLDING[(min(a, b), max(a, b))]


def plain_bets(holding: tuple[int, int], seen: int, flop: list[int],
               settle: solver.Settlement) -> bool:
    return bool(plain_flop_line(holding, seen, flop, settle, False)[53])


def test_the_pass_flops_stand_for_every_flop_once() -> None:
    """Each flop's orbit under the six suit permutations keeping the clubs, counted plainly."""
    orbits: dict[tuple[int, ...], set[tuple[int, ...]]] = {}
    for flop in combinations(range(52), 3):
        images = {tuple(sorted(c - (c & 3) + ((0, *perm)[c & 3]) for c in flop))
                  for perm in permutations((1, 2, 3))}
        orbits[min(images)] = images
    flops, sizes = dealer_flops.club_flops()
    assert [tuple(f) for f in flops.tolist()] == sorted(orbits)
    assert sizes.tolist() == [len(orbits[key]) for key in sorted(orbits)]
    # every flop state of the exposed cycle (either dealer card seen): C(52,2) C(50,3) ... x 2
    # per flop: the clubs off it, each with the C(48,2) holdings off the flop and the club
    states = sum(size * (13 - sum(c % 4 == 0 for c in flop)) * 1128
                 for flop, size in zip(flops.tolist(), sizes.tolist(), strict=True))
    assert states * dealer_flops.SUITS * dealer_flops.FLOP_DEALS == 2 * solver.CYCLE


def test_off_cards_plainly() -> None:
    off = dealer_flops.off_cards(FLOP.astype(np.int64))
    for rank in range(13):
        d = 4 * rank
        for h, (a, b) in enumerate(combinations(range(52), 2)):
            assert off[rank, h] == (not {a, b, d} & {0, 1, 2} and d not in (a, b))


@pytest.mark.parametrize("holding, seen", [
    ((13, 22), 48),      # 5d 7h with the ace of clubs
    ((14, 21), 48),      # 5h 7d: the same orbit (diamonds and hearts exchanged)
    ((50, 51), 20),      # Ah As with the 7 of clubs
    ((5, 44), 8)])       # 3d Kc with the 4 of clubs
def test_informed_flop_decision_against_a_plain_enumeration(
        settle: solver.Settlement, holding: tuple[int, int], seen: int) -> None:
    found = dealer_flops.flop_bets_of(FLOP, settle, False)
    assert found[seen >> 2, holding_id(*holding)] == plain_bets(holding, seen, [0, 1, 2],
                                                                settle)


@pytest.mark.slow      # 2 s alone (5 s at a load of 10): 40 states enumerated plainly
def test_informed_flop_decisions_of_two_flops_against_a_plain_enumeration(
        settle: solver.Settlement) -> None:
    rng = np.random.default_rng(34)
    seen_both = set()
    for flop in ([0, 1, 2], [6, 23, 41]):
        found = dealer_flops.flop_bets_of(np.array(flop, dtype=np.int32), settle, False)
        for _ in range(20):
            seen = int(rng.choice([d for d in range(0, 52, 4) if d not in flop]))
            rest = [c for c in range(52) if c not in flop and c != seen]
            a, b = sorted(int(c) for c in rng.choice(rest, 2, replace=False))
            expected = plain_bets((a, b), seen, flop, settle)
            seen_both.add(expected)
            assert found[seen >> 2, holding_id(a, b)] == expected, (flop, seen, a, b)
    assert seen_both == {True, False}


def dealer_one_made_up(settle: solver.Settlement) -> ExposedSolution:
    """A dealer-1 solve listing every (holding, club) state, with a made-up preflop choice:
    4x when the player holds a card of the club's rank or above it, else check."""
    rows = [(a, b, d) for d in range(0, 52, 4) for a, b in combinations(range(52), 2)
            if d not in (a, b)]
    cards = np.array(rows, dtype=np.int64)
    choice = np.where(np.maximum(cards[:, 0], cards[:, 1]) >> 2 >= cards[:, 2] >> 2, 4, 0)
    return replace(fake_solution(settle, Seen.DEALER_1), state_cards=cards.astype(np.int8),
                   state_weight=np.full(len(cards), 4, dtype=np.int64),
                   choice=choice.astype(np.int8),
                   values=np.zeros((len(cards), 3), dtype=np.int64))


def two_flops_made_up(settle: solver.Settlement, seed: int
                      ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int64], list[int],
                                 np.random.Generator, dealer_flops.InformedFlops, ExposedSolution]:
    """Two flops of the pass (rows 0 and 2000) with made-up informed flop decisions (a 2x bet
    on 30% of the states) and the made-up dealer-1 solve: the pass's flops and sizes, the rows,
    the random generator (seeded) and both."""
    flops, sizes = dealer_flops.club_flops()
    rows = [0, 2000]
    rng = np.random.default_rng(seed)
    bets = rng.random((len(rows), 13, solver.HOLDINGS)) < 0.3
    return (flops, sizes, rows, rng, dealer_flops.InformedFlops(flops[rows], sizes[rows], bets),
            dealer_one_made_up(settle))


def test_dealer_flop_tells_against_a_plain_loop(settle: solver.Settlement) -> None:
    """Two flops of the pass with made-up informed and ordinary decisions, every (flop, seen
    club, holding) counted one by one."""
    flops, sizes, rows, rng, informed, solution = two_flops_made_up(settle, 7)
    bets = informed.bets
    checks = rng.random(solver.HOLDINGS) < 0.8
    theirs = (rng.random((solver.FLOPS, solver.HOLDINGS)) < 0.4).astype(np.uint8)
    every_flop = list(combinations(range(52), 3))
    expected = [0, 0]
    for row, index in enumerate(rows):
        a_, b_, c_ = (int(c) for c in flops[index])
        flop = [a_, b_, c_]
        flop_id = every_flop.index((a_, b_, c_))
        deals = int(sizes[index]) * 4 * 1035 * 44
        for rank in range(13):
            d = 4 * rank
            if d in flop:
                continue
            for h, (a, b) in enumerate(combinations(range(52), 2)):
                if {a, b} & set(flop) or d in (a, b) or not checks[h] \
                        or solution.choice_of((a, b), [d]) != 0:
                    continue
                mine, other = bool(bets[row, rank, h]), bool(theirs[flop_id, h])
                expected[0] += deals * (mine and not other)
                expected[1] += deals * (other and not mine)
    found = street_tells.dealer_flop_tells(informed, solution, checks, theirs)
    assert list(found) == expected and min(expected) > 0



def test_the_flop_tells_against_every_ordinary_player_at_once(settle: solver.Settlement
                                                              ) -> None:
    """Three made-up ordinary players: a flop decision of the informed player counts when
    every one of them who checks the holding preflop decides that flop the other way, one of
    them at least having checked it; one player alone is dealer_flop_tells."""
    flops, sizes, rows, rng, informed, solution = two_flops_made_up(settle, 11)
    bets = informed.bets
    checks = [rng.random(solver.HOLDINGS) < share for share in (0.3, 0.5, 0.7)]
    theirs = [(rng.random((solver.FLOPS, solver.HOLDINGS)) < share).astype(np.uint8)
              for share in (0.2, 0.3, 0.5)]
    every_flop = list(combinations(range(52), 3))
    expected = [0, 0]
    for row, index in enumerate(rows):
        a_, b_, c_ = (int(c) for c in flops[index])
        flop_id = every_flop.index((a_, b_, c_))
        deals = int(sizes[index]) * 4 * 1035 * 44
        for rank in range(13):
            d = 4 * rank
            if d in (a_, b_, c_):
                continue
            for h, (a, b) in enumerate(combinations(range(52), 2)):
                if {a, b} & {a_, b_, c_} or d in (a, b) \
                        or solution.choice_of((a, b), [d]) != 0:
                    continue
                there = [bool(bet[flop_id, h]) for check, bet in zip(checks, theirs, strict=True)
                         if check[h]]
                if not there:
                    continue
                mine = bool(bets[row, rank, h])
                expected[0] += deals * (mine and not any(there))
                expected[1] += deals * (not mine and all(there))
    found = street_tells.dealer_flop_tells_of_all(informed, solution, checks, theirs)
    assert list(found) == expected and min(expected) > 0
    assert street_tells.dealer_flop_tells_of_all(informed, solution, checks[:1], theirs[:1]) \
        == street_tells.dealer_flop_tells(informed, solution, checks[0], theirs[0])

def one_flop_made_up(settle: solver.Settlement) -> tuple[
        npt.NDArray[np.int32], npt.NDArray[np.int64], int, list[int], npt.NDArray[np.int64],
        ExposedSolution]:
    """dealer-1,flop-1's made-up solve listing the states of one club flop (index 1500 of the
    pass's flops): the flops and their sizes, the index, the flop, the states' cards and the
    solve (a check where the cards' sum is not a multiple of 3)."""
    flops, sizes = dealer_flops.club_flops()
    index = 1500
    flop = [int(c) for c in flops[index]]
    rows = [(a, b, d, f) for d in range(0, 52, 4) for f in flop
            for a, b in combinations(range(52), 2)
            if d not in flop and not {a, b} & {d, *flop}]
    cards = np.array(rows, dtype=np.int64)
    made_up = replace(fake_solution(settle, Seen.DEALER_1), scenario=Seen.DEALER_1_FLOP_1,
                      state_cards=cards.astype(np.int8),
                      state_weight=np.full(len(cards), 4, dtype=np.int64),
                      choice=np.where(cards.sum(axis=1) % 3 == 0, 4, 0).astype(np.int8),
                      values=np.zeros((len(cards), 3), dtype=np.int64))
    return flops, sizes, index, flop, cards, made_up


def test_dealer_flop_tells_with_a_flop_card_seen_against_a_plain_loop(
        settle: solver.Settlement) -> None:
    """dealer-1,flop-1: each flop state is reached on as many of its flop's cards as the
    informed player checks with, seen; a made-up solve listing the states of one flop."""
    flops, sizes, index, flop, cards, made_up = one_flop_made_up(settle)
    rng = np.random.default_rng(8)
    bets = rng.random((1, 13, solver.HOLDINGS)) < 0.3
    informed = dealer_flops.InformedFlops(flops[[index]], sizes[[index]], bets)
    checks = rng.random(solver.HOLDINGS) < 0.8
    theirs = (rng.random((solver.FLOPS, solver.HOLDINGS)) < 0.4).astype(np.uint8)
    flop_id = list(combinations(range(52), 3)).index((flop[0], flop[1], flop[2]))
    deals = int(sizes[index]) * 4 * 1035 * 44
    expected = [0, 0]
    for a, b, d, f in cards.tolist():
        h = HOLDING[(a, b)]
        if not checks[h] or made_up.choice_of((a, b), [d, f]) != 0:
            continue
        mine, other = bool(bets[0, d >> 2, h]), bool(theirs[flop_id, h])
        expected[0] += deals * (mine and not other)
        expected[1] += deals * (other and not mine)
    found = street_tells.dealer_flop_tells(informed, made_up, checks, theirs)
    assert list(found) == expected and min(expected) > 0


def test_the_pass_must_agree_with_the_solve(settle: solver.Settlement) -> None:
    flops, sizes = dealer_flops.club_flops()
    informed = dealer_flops.InformedFlops(flops[:1], sizes[:1],
                                          np.ones((1, 13, solver.HOLDINGS), dtype=bool))
    with pytest.raises(RuntimeError, match="flop pass bets 2x"):
        street_tells.check_against_solve(informed, dealer_one_made_up(settle))


def test_a_scenario_other_than_dealer_1_is_refused(settle: solver.Settlement) -> None:
    with pytest.raises(ValueError, match="dealer-1's"):
        street_tells.dealer_checks(fake_solution(settle, Seen.FLOP_1))


def test_the_pass_resumes_from_its_checkpoint(settle: solver.Settlement,
                                              tmp_path: Path) -> None:
    """A checkpoint holding the first of three flops done (its bits marked): the pass keeps
    them and decides the other two."""
    chosen = np.ascontiguousarray(dealer_flops.club_flops()[0][:3])
    checkpoint = Checkpoint(tmp_path / "entry.npz", warn=lambda _: None)
    marked = np.zeros((3, dealer_flops.WIDTH), dtype=np.uint8)
    marked[0] = 255
    checkpoint.save({"bets": marked, "net": settle.array(), "ties_larger": np.array(False),
                     "flops": chosen, "done": np.array([1, 0, 0], dtype=np.uint8)})
    resumed = dealer_flops.sweep(settle, False, chosen, checkpoint=checkpoint)
    assert (resumed[0] == 255).all()
    assert np.array_equal(resumed[1:], dealer_flops.sweep(settle, False, chosen[1:]))


def test_the_pass_is_the_same_on_any_number_of_threads(settle: solver.Settlement) -> None:
    """The flops counted on worker threads are stored in their order, each its own."""
    chosen = np.ascontiguousarray(dealer_flops.club_flops()[0][:3])
    one = dealer_flops.sweep(settle, False, chosen, jobs=1)
    assert np.array_equal(dealer_flops.sweep(settle, False, chosen, jobs=3), one)
    assert one.any()
