"""Ultimate Texas Hold'em with both dealer hole cards seen (seen=dealer-2, issue 17).

The solver (edge/games/ultimate_texas_holdem/exposure/dealer_two.py and its kernel) is checked
against plain enumerations written here, which call only the shared hold'em evaluator
(edge._core.evaluate_many, tested on its own) and numpy:

- a reduced case (three flop classes, every flop of their orbits) on sampled states: each
  state class's row must be its orbit size times the plain counts of one of its states;
- with ``EDGE_EXPOSURE_FULL=1`` (the full solve takes minutes, so never in the cold suite):
  the published figures, player edge 38.5816% and 4x on 34.7368% of hands (E. Jacobson,
  "Ultimate Texas Hold'em Hole-Card Play: Two Dealer Cards", 888casino blog, 9 August 2015;
  docs/references.md), and sampled
  states against a direct computation that knows both dealer cards (all 17,296 flops x 990
  turn-rivers of each).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.games.ultimate_texas_holdem.exposure import dealer_two, solvers
from edge.games.ultimate_texas_holdem.exposure import solution as exposure
from edge.games.ultimate_texas_holdem.solve import main_bet as uth
from edge.games.ultimate_texas_holdem.solve import solver

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

IntArray = npt.NDArray[np.int64]
SETTLE = solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "ante-push")
ROYAL = (8 << 26) | (1 << 25)
SUIT_PERMUTATIONS = list(itertools.permutations(range(4)))
FULL = os.environ.get("EDGE_EXPOSURE_FULL", "") not in ("", "0")


# --- the plain reference ---------------------------------------------------------------------

def categories(player: IntArray, dealer: IntArray) -> IntArray:
    """The outcome category of each showdown (docs/rules.md section 4): wins by the player's
    Blind class against a qualifying dealer (0..6) and one who does not qualify (7..13),
    tie 14, losses to a qualifying (15) and a non-qualifying dealer (16)."""
    hand_class = np.where(player >= ROYAL, 9, player >> 26)
    blind = np.maximum(hand_class - 3, 0)
    qualifies = (dealer >> 26) >= 1
    return np.select(
        [(player > dealer) & qualifies, player > dealer, player == dealer, qualifies],
        [blind, 7 + blind, np.full_like(blind, 14), np.full_like(blind, 15)], 16)


def river_plays(settle: solver.Settlement, ties_larger: bool) -> IntArray:
    """Per category the river's value after two checks (1x or fold, whichever is worth more)."""
    one = np.array(settle.net[1])
    plays = (one > settle.fold) | ((one == settle.fold) & ties_larger)
    return np.where(plays, one, settle.fold)


def flop_counts(hole: list[int], dealer: list[int], flop: list[int]) -> IntArray:
    """The 17 category counts of one (holding, dealer holding, flop) over its 990 turn-rivers."""
    rest = [c for c in range(52) if c not in hole + dealer + flop]
    pairs = np.array(list(itertools.combinations(rest, 2)))
    boards = np.concatenate([np.tile(flop, (len(pairs), 1)), pairs], axis=1)
    player = _core.evaluate_many(np.concatenate([np.tile(hole, (len(pairs), 1)), boards], 1))
    banker = _core.evaluate_many(np.concatenate([np.tile(dealer, (len(pairs), 1)), boards], 1))
    return np.bincount(categories(player, banker), minlength=17).astype(np.int64)


def permuted(cards: list[int], perm: tuple[int, ...]) -> list[int]:
    return sorted((c & ~3) | perm[c & 3] for c in cards)


def flop_orbit(flop: list[int]) -> list[list[int]]:
    """Every flop a suit permutation makes of ``flop``."""
    return [list(f) for f in sorted({tuple(permuted(flop, p)) for p in SUIT_PERMUTATIONS})]


def plain_row(hole: list[int], dealer: list[int], flops: list[list[int]],
              settle: solver.Settlement, ties_larger: bool) -> IntArray:
    """One state's row over some flops: 17 counts on flops bet 2x, 17 on flops checked, the
    flops bet, the flops where 2x and check are worth exactly the same."""
    net2 = np.array(settle.net[2])
    river = river_plays(settle, ties_larger)
    row = np.zeros(36, dtype=np.int64)
    for flop in flops:
        if set(flop) & set(hole + dealer):
            continue
        counts = flop_counts(hole, dealer, flop)
        bet, check = int(counts @ net2), int(counts @ river)
        if bet > check or (bet == check and ties_larger):
            row[:17] += counts
            row[34] += 1
        else:
            row[17:34] += counts
        row[35] += bet == check
    return row


# --- the reduced case --------------------------------------------------------------------------

# trip deuces and a monotone flop (suit stabilisers of order 6: 4 flops each), and a rainbow
# flop (no stabiliser: 24 flops)
REDUCED_FLOPS = ([0, 1, 2], [0, 4, 8], [4, 13, 50])


def class_of(flop: list[int]) -> int:
    classes = solver.flop_classes()
    target = {tuple(f) for f in flop_orbit(flop)}
    for index, representative in enumerate(classes.flops.tolist()):
        if tuple(sorted(representative)) in target:
            return index
    raise AssertionError(f"no class holds {flop}")


@pytest.fixture(scope="module")
def reduced_rows() -> IntArray:
    classes = solver.flop_classes().subset([class_of(flop) for flop in REDUCED_FLOPS])
    return dealer_two.solve_rows(SETTLE, False, classes=classes)


def sampled_states(count: int, seed: int) -> list[int]:
    """Some state classes: the first few (dealer holding 2c 2d against everything) and a
    seeded sample."""
    table = dealer_two.states()
    rng = np.random.default_rng(seed)
    return sorted({0, 1, 2, len(table.weight) - 1}
                  | {int(i) for i in rng.choice(len(table.weight), count, replace=False)})


def test_states_cover_every_holding_and_dealer_holding() -> None:
    table = dealer_two.states()
    assert int(table.weight.sum()) == 1326 * 1225
    assert (table.weight > 0).all() and (24 % table.weight == 0).all()
    # the index maps every disjoint (holding, dealer holding) to its class, -1 elsewhere
    assert int((table.index >= 0).sum()) == 1326 * 1225
    counts = np.bincount(table.index[table.index >= 0], minlength=len(table.weight))
    assert (counts == table.weight).all()
    for cards in table.cards[:50].tolist():
        assert len(set(cards)) == 4 and cards[0] < cards[1] and cards[2] < cards[3]


def test_reduced_case_matches_a_plain_enumeration(reduced_rows: IntArray) -> None:
    table = dealer_two.states()
    flops = [f for flop in REDUCED_FLOPS for f in flop_orbit(flop)]
    assert len(flops) == 4 + 4 + 24
    for state in sampled_states(24, seed=17):
        hole, dealer = table.cards[state, :2].tolist(), table.cards[state, 2:].tolist()
        expected = plain_row(hole, dealer, flops, SETTLE, False)
        assert (reduced_rows[state] == table.weight[state] * expected).all(), (hole, dealer)


def test_reduced_case_other_rules() -> None:
    """All-push with ties to the larger wager (more decisions of equal value), one flop."""
    settle = solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "all-push")
    classes = solver.flop_classes().subset([class_of([0, 4, 8])])
    rows = dealer_two.solve_rows(settle, True, classes=classes)
    table = dealer_two.states()
    flops = flop_orbit([0, 4, 8])
    for state in sampled_states(12, seed=5):
        hole, dealer = table.cards[state, :2].tolist(), table.cards[state, 2:].tolist()
        expected = plain_row(hole, dealer, flops, settle, True)
        assert (rows[state] == table.weight[state] * expected).all(), (hole, dealer)


def test_reduced_case_totals(reduced_rows: IntArray) -> None:
    # a flop misses C(49,2) C(47,2) of the (holding, dealer holding) pairs, each 990 deals
    assert int(reduced_rows[:, :34].sum()) == 32 * 1176 * 1081 * 990


def test_river_follows_ties(reduced_rows: IntArray) -> None:
    # a loss to a dealer who does not qualify is worth -2 Antes whether played 1x or folded
    values, plays = dealer_two.river_values(SETTLE, False)
    assert not plays[solver.LOSE_UNQUALIFIED] and not plays[solver.LOSE_QUALIFIED]
    assert plays[solver.TIE] and plays[:14].all()
    _, plays_larger = dealer_two.river_values(SETTLE, True)
    assert plays_larger[solver.LOSE_UNQUALIFIED] and not plays_larger[solver.LOSE_QUALIFIED]
    assert (values == river_plays(SETTLE, False)).all()


def test_registered() -> None:
    assert solvers.solver_of(exposure.Seen.DEALER_2) is dealer_two.solve_dealer_two


def test_kernel_refuses_bad_flops() -> None:
    from edge.games.ultimate_texas_holdem.exposure import _two as _exposure_two
    rows = np.zeros((len(dealer_two.states().weight), dealer_two.ROW), dtype=np.int32)
    with pytest.raises(ValueError, match="bad flop"):
        _exposure_two.solve_flops(np.array([[0, 0, 1]], dtype=np.int32),
                                  dealer_two.states().index, np.zeros(17, dtype=np.int64),
                                  np.zeros(17, dtype=np.int64), False, rows)


def test_cache_round_trip_and_damage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    """The cache is read back whole; a damaged file costs one warning and a solve."""
    monkeypatch.setenv("EDGE_CACHE_DIR", str(tmp_path))
    weight = dealer_two.states().weight
    solves: list[int] = []

    def fake(settle: solver.Settlement, ties_larger: bool, **_: object) -> IntArray:
        solves.append(1)
        rows = np.zeros((len(weight), dealer_two.ROW), dtype=np.int64)
        rows[:, 17 + solver.TIE] = weight * dealer_two.DEALS_PER_STATE   # every deal ties
        return rows

    monkeypatch.setattr(dealer_two, "solve_rows", fake)
    first = dealer_two.solve_dealer_two(SETTLE, False)
    again = dealer_two.solve_dealer_two(SETTLE, False)
    assert len(solves) == 1 and first.decisions == again.decisions
    assert first.folds == 0 and int(first.counts[1][solver.TIE]) == solver.CYCLE
    (entry,) = tmp_path.glob("uth-dealer-two-*.npz")
    entry.write_bytes(entry.read_bytes()[:1000])
    dealer_two.solve_dealer_two(SETTLE, False)
    assert len(solves) == 2
    assert capsys.readouterr().err.count("edge: warning:") == 1


# --- the full solve (EDGE_EXPOSURE_FULL=1) ----------------------------------------------------

PUBLISHED_CACHE = os.environ.get("EDGE_PUBLISHED_CACHE", "")


@pytest.fixture(scope="module")
def full() -> Iterator[exposure.ExposedSolution]:
    """The full solve: made (EDGE_EXPOSURE_FULL=1) or read from the cache folder named by
    EDGE_PUBLISHED_CACHE (where scripts/make_tables.py cached it)."""
    with pytest.MonkeyPatch.context() as patch:
        if PUBLISHED_CACHE:
            patch.setenv("EDGE_CACHE_DIR", PUBLISHED_CACHE)
        yield solvers.solve_exposed(exposure.Seen.DEALER_2, SETTLE, False)


@pytest.mark.slow
@pytest.mark.uses_solve("dealer-2")
@pytest.mark.skipif(not FULL and not PUBLISHED_CACHE, reason="the full dealer-2 solve takes "
                    "minutes: EDGE_EXPOSURE_FULL=1 runs it, EDGE_PUBLISHED_CACHE=DIR reads it")
def test_published_figures(full: exposure.ExposedSolution) -> None:
    """E. Jacobson, "Ultimate Texas Hold'em Hole-Card Play: Two Dealer Cards" (888casino
    blog, 9 August 2015): with both dealer hole cards seen, player edge 38.5816%, 4x on
    34.7368% of hands, check on 65.2632% (3x never)."""
    net = SETTLE.array()
    total = sum(int(full.counts[p] @ net[p]) for p in (1, 2, 3, 4)) + full.folds * SETTLE.fold
    edge = Fraction(total, SETTLE.scale * full.cycle)
    assert round(edge * 100, 4) == Fraction(385816, 10000)
    four = Fraction(int(full.state_weight[full.choice == 4].sum()),
                    int(full.state_weight.sum()))
    assert round(four * 100, 4) == Fraction(347368, 10000)
    check = Fraction(int(full.state_weight[full.choice == 0].sum()),
                     int(full.state_weight.sum()))
    assert round(check * 100, 4) == Fraction(652632, 10000) and 3 not in full.choice
    assert full.cycle == solver.CYCLE and sum(n for _, n in full.decisions) == full.cycle


def direct_values(hole: list[int], dealer: list[int], settle: solver.Settlement,
                  ties_larger: bool) -> tuple[int, int, int]:
    """The exact check, 3x and 4x values of one state, knowing both dealer cards: every
    5-card board of the 48 other cards is one showdown, counted for each of the 10 flops in it
    (the other two cards being its turn-river)."""
    rest = np.array([c for c in range(52) if c not in hole + dealer])
    boards = np.array(list(itertools.combinations(range(48), 5)), dtype=np.int64)
    cards = rest[boards]
    player = _core.evaluate_many(np.concatenate([np.tile(hole, (len(cards), 1)), cards], 1))
    banker = _core.evaluate_many(np.concatenate([np.tile(dealer, (len(cards), 1)), cards], 1))
    category = categories(player, banker)
    # flops by the combinatorial number system on the 48 local cards
    counts = np.zeros(17296 * 17, dtype=np.int64)
    for a, b, c in itertools.combinations(range(5), 3):
        x, y, z = boards[:, a], boards[:, b], boards[:, c]
        flop = x + y * (y - 1) // 2 + z * (z - 1) * (z - 2) // 6
        counts += np.bincount(flop * 17 + category, minlength=17296 * 17)
    per_flop = counts.reshape(17296, 17)
    assert (per_flop.sum(axis=1) == 990).all()
    net = np.array(settle.net)
    bet, check = per_flop @ net[2], per_flop @ river_plays(settle, ties_larger)
    best = np.where((bet > check) | ((bet == check) & ties_larger), bet, check)
    total = per_flop.sum(axis=0)
    return int(best.sum()), int(total @ net[3]), int(total @ net[4])


@pytest.mark.slow
@pytest.mark.uses_solve("dealer-2")
@pytest.mark.skipif(not FULL and not PUBLISHED_CACHE, reason="the full dealer-2 solve takes "
                    "minutes: EDGE_EXPOSURE_FULL=1 runs it, EDGE_PUBLISHED_CACHE=DIR reads it")
def test_sampled_states_against_a_direct_computation(full: exposure.ExposedSolution) -> None:
    for state in sampled_states(4, seed=2):
        hole, dealer = full.state_cards[state, :2].tolist(), full.state_cards[state, 2:].tolist()
        values = direct_values(hole, dealer, SETTLE, False)
        assert tuple(int(v) for v in full.values[state]) == values, (hole, dealer)
        check, three, four = (np.array([v], dtype=np.int64) for v in values)
        best = solver.best_preflop(four, three, check, False)
        assert int(full.choice[state]) == int(best[0])
