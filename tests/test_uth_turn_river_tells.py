"""The flop and river tells of Ultimate Texas Hold'em ``seen=dealer-1,turn-river-1`` against
ordinary play (edge/games/ultimate_texas_holdem/exposure/turn_river_tells.py;
docs/protection.md, "Tells against ordinary play").

The informed flop decisions the pass reads from the solve's kernel are checked against a plain
enumeration of every other turn-river card and dealer card (``plain_flop_line`` of
tests/test_uth_exposure_one.py), on holdings the kernel solves and holdings it leaves to their
orbit; the river kernel's counts by turn-river card are checked in
tests/test_uth_dealer_rivers.py. The deals the pass counts are checked against a plain loop
over every (seen club, turn-river card, holding) of a flop, with a made-up solve listing every
state, made-up informed decisions, ordinary players and river counts.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from types import ModuleType

import numpy as np
import numpy.typing as npt
import pytest

from edge.cache import Checkpoint
from edge.games.ultimate_texas_holdem.exposure import (
    dealer_flops,
    dealer_rivers,
    dealer_two_tells,
    street_tells,
    turn_river_tells,
)
from edge.games.ultimate_texas_holdem.exposure.dealer_one import FLOP_BETS, holding_ids
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen
from edge.games.ultimate_texas_holdem.solve import solver
from tests.test_uth_exposure_one import STANDARD, plain_flop_line
from tests.uth_exposure_fake import fake_solution

pytestmark = pytest.mark.kernels
HOLDINGS = list(combinations(range(52), 2))
IntArray = npt.NDArray[np.int64]


@pytest.fixture(scope="module")
def settle() -> solver.Settlement:
    return solver.settlement(STANDARD)


@pytest.mark.parametrize("row", [0, 2000, -1])
def test_informed_flop_decisions_against_a_plain_enumeration(settle: solver.Settlement,
                                                             row: int) -> None:
    """Thirty flop states (holding, club d, turn-river card t) of a flop of the pass: the
    decision against 2x and "check, then the informed river" summed plainly over the other
    turn-river card and dealer card. Flop 0 (three deuces) and the three-club flop (-1) have
    suit permutations fixing them and the clubs, so the kernel leaves many of those holdings
    to their orbit."""
    flops, _ = dealer_flops.club_flops()
    if row < 0:
        row = next(k for k, flop in enumerate(flops.tolist()) if all(c & 3 == 0 for c in flop))
    flop = [int(c) for c in flops[row]]
    bets = turn_river_tells.informed_bets(flops[row], settle, False)
    rng = np.random.default_rng(row)
    checked = 0
    while checked < 30:
        d, t, a, b = (int(c) for c in rng.choice(52, 4, replace=False))
        d &= ~3
        if len({d, t, a, b} | set(flop)) != 7:
            assert not bets[d >> 2, t, holding_ids()[a, b]]
            continue
        expected = plain_flop_line((min(a, b), max(a, b)), d, flop, settle, False, t)
        assert bets[d >> 2, t, holding_ids()[a, b]] == bool(expected[FLOP_BETS]), (d, t, a, b)
        checked += 1
    assert 0 < bets.sum() < turn_river_tells.states_of(flops[row].astype(np.int64)).sum()


def test_the_states_of_a_flop() -> None:
    flop = np.array([0, 21, 50], dtype=np.int64)
    valid = turn_river_tells.states_of(flop)
    for r, t, h in [(0, 5, 100), (3, 12, 700), (7, 28, 1000), (5, 20, 1325), (1, 4, 900)]:
        a, b = HOLDINGS[h]
        assert valid[r, t, h] == (len({4 * r, t, a, b, 0, 21, 50}) == 7)
    assert valid.sum() == 12 * 48 * 1081       # d off the flop, t off it and d, h off all


# --- the deals the pass counts, with made-up decisions and river counts ----------------------

def made_up_choice(a: int, b: int, d: int, t: int) -> int:
    return 4 if max(a, b) >> 2 >= d >> 2 or t >> 2 == 12 else 0


def turn_river_made_up(settle: solver.Settlement) -> ExposedSolution:
    """A dealer-1,turn-river-1 solve listing every (holding, club d, card t) state, with the
    made-up preflop choice of :func:`made_up_choice`."""
    cards = np.array(HOLDINGS, dtype=np.int64)
    rows = []
    for d in range(0, 52, 4):
        for t in range(52):
            if t == d:
                continue
            off = cards[(cards != d).all(axis=1) & (cards != t).all(axis=1)]
            rows.append(np.column_stack([off, np.full(len(off), d), np.full(len(off), t)]))
    states = np.concatenate(rows)
    choice = np.where((states[:, :2].max(axis=1) >> 2 >= states[:, 2] >> 2)
                      | (states[:, 3] >> 2 == 12), 4, 0)
    return replace(fake_solution(settle, Seen.DEALER_1_TURN_RIVER_1),
                   state_cards=states.astype(np.int8),
                   state_weight=np.ones(len(states), dtype=np.int64),
                   choice=choice.astype(np.int8),
                   values=np.zeros((len(states), 3), dtype=np.int64))


def made_up_play(r: int, t: int, h: int) -> int:
    return (r + t + h) % 7 + 10


def made_up_departure(r: int, t: int, h: int, table: int, kind: int) -> int:
    return (3 * r + 5 * h + t + table + kind) % 11


def made_up_counts(flop: npt.NDArray[np.int32], live: npt.NDArray[np.bool_],
                   settle: solver.Settlement, ties_larger: bool,
                   tables: object) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Stands for the river kernel: each live (r, t, h) state's made-up counts, summed over t."""
    r = np.arange(13)[:, None, None]
    t = np.arange(52)[None, :, None]
    h = np.arange(solver.HOLDINGS)[None, None, :]
    plays = np.where(live, (r + t + h) % 7 + 10, 0).sum(axis=1).astype(np.int32)
    departures = np.stack([np.stack([np.where(live, (3 * r + 5 * h + t + k + j) % 11, 0)
                                     .sum(axis=1) for j in range(2)])
                           for k in range(4)]).astype(np.int32)
    return plays, departures


def players_made_up(rng: np.random.Generator) -> list[dealer_rivers.RiverPlayer]:
    return [dealer_rivers.RiverPlayer(rng.random(solver.HOLDINGS) < share,
                                      (rng.random((solver.FLOPS, solver.HOLDINGS)) < 0.4)
                                      .astype(np.uint8), rule)
            for share, rule in ((0.5, 0), (0.7, 1), (0.9, 0))]


@pytest.mark.slow       # about 10 s: every (d, t, holding) of a flop, one by one
def test_the_deals_of_a_flop_against_a_plain_loop(settle: solver.Settlement,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dealer_rivers, "flop_counts", made_up_counts)
    solution = turn_river_made_up(settle)
    flops, sizes = dealer_flops.club_flops()
    row = 1200
    flop = [int(c) for c in flops[row]]
    flop_id = list(combinations(range(52), 3)).index((flop[0], flop[1], flop[2]))
    rng = np.random.default_rng(4)
    bets = rng.random((13, 52, solver.HOLDINGS)) < 0.35
    players = players_made_up(rng)
    found = turn_river_tells.count_flop(flops[row], int(sizes[row]),
                                        street_tells.dealer_checks(solution), bets, flop_id,
                                        players, settle, False, None)  # type: ignore[arg-type]
    deals = int(sizes[row]) * 4 * 45 * 44
    river_deals = int(sizes[row]) * 4 * 44
    expected = np.zeros((2, 5, 2), dtype=np.int64)
    for r in range(13):
        d = 4 * r
        if d in flop:
            continue
        for t in range(52):
            if t in flop or t == d:
                continue
            for h, (a, b) in enumerate(HOLDINGS):
                if {a, b} & {*flop, d, t} or made_up_choice(a, b, d, t) != 0:
                    continue
                bet = bool(bets[r, t, h])
                checking = [p for p, player in enumerate(players) if player.checks[h]]
                theirs = {p: bool(players[p].flop_bets[flop_id, h]) for p in checking}
                for p in checking:
                    expected[0, p] += [deals * (bet and not theirs[p]),
                                       deals * (not bet and theirs[p])]
                if checking:
                    expected[0, 3] += [deals * (bet and not any(theirs.values())),
                                       deals * (not bet and all(theirs.values()))]
                expected[0, 4] += [deals * bet, deals * (not bet)]
                if bet:
                    continue
                reaching = [p for p in checking if not theirs[p]]
                for p in reaching:
                    expected[1, p] += [river_deals * made_up_departure(r, t, h, players[p].rule,
                                                                       kind)
                                       for kind in range(2)]
                rules = {players[p].rule for p in reaching}
                if rules:
                    tables = [min(rules)] * 2 if len(rules) == 1 else [2, 3]
                    expected[1, 3] += [river_deals * made_up_departure(r, t, h, tables[kind],
                                                                       kind)
                                       for kind in range(2)]
                played = made_up_play(r, t, h)
                expected[1, 4] += [river_deals * played, river_deals * (45 - played)]
    assert np.array_equal(found, expected) and expected.min() > 0


def made_up_pass(settle: solver.Settlement, monkeypatch: pytest.MonkeyPatch
                 ) -> tuple[ExposedSolution, list[dealer_rivers.RiverPlayer],
                            npt.NDArray[np.int32], IntArray]:
    """Four flops of the pass with made-up informed decisions and river counts."""
    monkeypatch.setattr(dealer_rivers, "flop_counts", made_up_counts)

    def bets(flop: npt.NDArray[np.int32], *_: object) -> npt.NDArray[np.bool_]:
        rng = np.random.default_rng(int(flop.sum()))
        found: npt.NDArray[np.bool_] = rng.random((13, 52, solver.HOLDINGS)) < 0.3
        return found
    monkeypatch.setattr(turn_river_tells, "informed_bets", bets)
    flops, sizes = dealer_flops.club_flops()
    rows = [3, 800, 2400, 5000]
    return (turn_river_made_up(settle), players_made_up(np.random.default_rng(8)),
            flops[rows], sizes[rows])


def test_the_pass_is_the_same_on_any_number_of_threads(settle: solver.Settlement,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    solution, players, flops, sizes = made_up_pass(settle, monkeypatch)
    one = turn_river_tells.sweep(solution, players, None,  # type: ignore[arg-type]
                                 flops=flops, sizes=sizes, jobs=1)
    two = turn_river_tells.sweep(solution, players, None,  # type: ignore[arg-type]
                                 flops=flops, sizes=sizes, jobs=2)
    assert np.array_equal(one, two) and one.shape == (4, 2, 5, 2) and one.min() > 0


def test_the_pass_resumes_from_its_checkpoint(settle: solver.Settlement, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    solution, players, flops, sizes = made_up_pass(settle, monkeypatch)
    checkpoint = Checkpoint(tmp_path / "entry.npz", warn=lambda _: None)
    marked = np.full((4, 2, 5, 2), 7, dtype=np.int64)
    checkpoint.save({"deals": marked, "net": settle.array(), "ties_larger": np.array(False),
                     "flops": flops, "done": np.array([1, 0, 1, 0], dtype=np.uint8)})
    resumed = turn_river_tells.sweep(solution, players, None,  # type: ignore[arg-type]
                                     flops=flops, sizes=sizes, checkpoint=checkpoint)
    fresh = turn_river_tells.sweep(solution, players, None,  # type: ignore[arg-type]
                                   flops=flops, sizes=sizes)
    assert (resumed[[0, 2]] == 7).all() and np.array_equal(resumed[[1, 3]], fresh[[1, 3]])


def test_the_totals_and_the_check_against_the_solve(settle: solver.Settlement) -> None:
    deals = np.arange(2 * 2 * 5 * 2, dtype=np.int64).reshape(2, 2, 5, 2)
    found = turn_river_tells.totals(deals)
    summed = deals.sum(axis=0)
    assert found.flop == tuple(tuple(int(v) for v in pair) for pair in summed[0, :3])
    assert found.every_flop == tuple(int(v) for v in summed[0, 3])
    assert found.river == tuple(tuple(int(v) for v in pair) for pair in summed[1, :3])
    assert found.every_river == tuple(int(v) for v in summed[1, 3])
    assert found.informed_flop == tuple(int(v) for v in summed[0, 4])
    assert found.informed_river == tuple(int(v) for v in summed[1, 4])
    solution = turn_river_made_up(settle)
    with pytest.raises(RuntimeError, match="pass bets 2x"):
        turn_river_tells.check_against_solve(found, solution)
    right = replace(found, informed_flop=(int(solution.counts[2].sum()), 0),
                    informed_river=(int(solution.counts[1].sum()), solution.folds))
    turn_river_tells.check_against_solve(right, solution)


@pytest.mark.parametrize(("scenario", "seen", "module", "adding", "note"), [
    (Seen.DEALER_1_TURN_RIVER_1, "seen=dealer-1,turn-river-1", turn_river_tells,
     "with_turn_river", "NOTE_DEALER_1"),
    (Seen.DEALER_2, "seen=dealer-2", dealer_two_tells, "with_dealer_two", "NOTE_DEALER_2")])
def test_the_surveillance_adds_both_streets(settle: solver.Settlement, scenario: Seen, seen: str,
                                            module: ModuleType, adding: str, note: str) -> None:
    """with_turn_river and with_dealer_two: each player's flop and river tells and, when every
    ordinary player is counted, those against all of them at once (made-up totals)."""
    from edge.games.ultimate_texas_holdem.exposure import surveillance as watch
    from edge.games.ultimate_texas_holdem.exposure.street_tells import KINDS
    from edge.run import RunSettings
    solution = fake_solution(settle, scenario)
    from tests.test_surveillance_ordinary import uth_ordinary_made_up
    _, ordinary, _, _, found, bets = uth_ordinary_made_up(seen)

    def street_tells_of(solved: object, players: list[object], plans: list[object],
                        **_: object) -> turn_river_tells.StreetTells:
        return turn_river_tells.StreetTells(
            tuple((1 + k, 2 + k) for k in range(len(players))), (5, 6),
            tuple((3 + k, 4 + k) for k in range(len(players))), (7, 8), (0, 0), (0, 0))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "street_tells_of", street_tells_of)
        added = getattr(watch, adding)(found, solution, ordinary, bets, RunSettings())
    cycle = solution.cycle
    assert [p.tells[1:] for p in added.players] == [tuple(
        (kind, Fraction(deals, cycle)) for kind, deals in zip(KINDS, (1 + k, 2 + k, 3 + k, 4 + k),
                                                              strict=True))
        for k in range(3)]
    assert added.every.tells[1:] == tuple(
        (kind, Fraction(deals, cycle)) for kind, deals in zip(
            (*watch.EVERY_FLOP, *watch.EVERY_RIVER), (5, 6, 7, 8), strict=True))
    assert added.note == getattr(watch, note)
