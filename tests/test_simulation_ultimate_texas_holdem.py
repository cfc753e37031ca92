"""The Ultimate Texas Hold'em simulation: batch evaluation and the side bets."""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge import _core
from edge.games import RunSettings
from edge.games.ultimate_texas_holdem import GAME
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.simulation import main_bet as sim_main
from edge.games.ultimate_texas_holdem.simulation import side_bets as sim
from edge.games.ultimate_texas_holdem.solve import _kernels as uth_kernels
from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
from edge.games.ultimate_texas_holdem.solve import solver
from edge.holdem import CLASS_NAMES, evaluate, hand_class
from edge.paytables import PayTable
from edge.sampling import deal
from edge.simulation import simulate
from edge.simulation.engine import Simulator

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels


def simulator_of(bet: str, paytable: PayTable | None,
                 rules: UltimateTexasHoldemRules) -> Simulator:
    """The bet's simulator, through its ``simulate`` hook."""
    made = GAME.bet(bet).simulator(GAME.wager(paytable, rules))
    assert made is not None
    return made


def test_batch_evaluation_matches_the_evaluator() -> None:
    cards = deal(np.random.default_rng(8), 20_000, 9)
    for rows in (sim.PLAYER_SEVEN, sim.DEALER_SEVEN, sim.HOLE_AND_FLOP):
        strengths, classes = uth_kernels.simulate_holdem_hands(cards, rows)
        hands = np.ascontiguousarray(cards[rows].T.astype(np.int64))
        assert (strengths == _core.evaluate_many(hands)).all()
        assert classes.tolist() == [hand_class(int(s)) for s in strengths]


def test_batch_evaluation_refuses_bad_input() -> None:
    cards = np.array([[0], [1], [2], [3], [60], [5], [6]], dtype=np.int16)
    with pytest.raises(ValueError, match="outside 0..51"):
        uth_kernels.simulate_holdem_hands(cards, np.arange(7, dtype=np.int64))
    with pytest.raises(ValueError, match="5 to 7"):
        uth_kernels.simulate_holdem_hands(cards, np.arange(4, dtype=np.int64))
    with pytest.raises(ValueError, match="outside the 7 dealt rows"):
        uth_kernels.simulate_holdem_hands(cards, np.array([0, 1, 2, 3, 9], dtype=np.int64))


def _dealt(text: str) -> np.ndarray:
    from edge.cards import parse_cards
    return np.array(parse_cards(text), dtype=np.int16).reshape(9, 1)


@pytest.mark.parametrize(("cards", "row", "net"), [
    ("As Ks  2c 2d  Qs Js Ts 3h 4h", "royal-flush", 50),
    ("7c 7d  Ac Ad  7h 2s 9c Kd 4h", "three-of-a-kind", 3),   # the dealer's hand does not matter
    ("7c 8d  Ac Ad  2h 2s 9c Kd 4h", "lose", -1),             # a pair loses Trips
    ("Ac 2d  Kc Kd  3h 4s 5c Kh Ks", "straight", 4),          # the wheel is a straight
], ids=str)
def test_trips_settlement_examples(cards: str, row: str, net: int) -> None:
    simulator = simulator_of("trips", GAME.bet("trips").paytable(None), GAME.make_rules())
    assert isinstance(simulator, sim.SideBetSimulator)
    outcome, paid = simulator.settle(_dealt(cards))
    assert simulator.outcomes[int(outcome[0])] == row
    assert Fraction(int(paid[0]), simulator.scale) == net
    seven = " ".join(cards.split()[:2] + cards.split()[4:])
    assert row in (CLASS_NAMES[hand_class(evaluate(seven))], "lose")


def test_progressive_pays_fixed_and_meter_shares() -> None:
    table = GAME.bet("progressive").paytable(None)
    pays = sim.progressive_pays(table, Fraction(25_000))   # type: ignore[arg-type]
    assert pays["royal-flush"] == 25_000 and pays["straight-flush"] == 2_500
    assert pays["four-of-a-kind"] == 300 and "pair" not in pays


def test_progressive_on_all_seven_cards_with_a_fractional_wager(tmp_path: Path) -> None:
    """A table file paying on all seven cards, in the money of a 2-unit bet: pays halve."""
    path = tmp_path / "seven.toml"
    path.write_text('cards = "all-seven"\nwager = 2\n[pays]\nfull-house = 25\nflush = 15\n'
                    'straight = 9\n[meter]\nroyal-flush = "100%"\n', encoding="utf-8")
    result = simulate("ultimate-texas-holdem", "progressive", str(path), {"meter": "1000"},
                      hands=1_000_000, seed=77, jobs=1)
    assert {line.outcome: line.pays for line in result.outcomes}["flush"] == Fraction(15, 2)
    assert not result.mismatches and abs(result.z_score) < 4


HOLE, BOARD = np.array([0, 1], dtype=np.int64), np.array([4, 5, 6, 7, 8], dtype=np.int64)


def _suited_boards(suited: int, hands: int = 400) -> np.ndarray:
    """Dealt hands whose board holds at least ``suited`` cards of one suit."""
    cards = deal(np.random.default_rng(suited), 400_000, 9)
    counts = np.stack([((cards[4:9] & 3) == s).sum(axis=0) for s in range(4)])
    pick = np.flatnonzero(counts.max(axis=0) >= suited)[:hands]
    return np.ascontiguousarray(cards[:, pick])


@pytest.mark.parametrize("suited", [0, 3, 4, 5])
def test_grouped_river_counts_match_every_holding_evaluated(suited: int) -> None:
    cards = _suited_boards(suited)
    columns = np.arange(cards.shape[1], dtype=np.int64)
    grouped = uth_kernels.simulate_river_counts(cards, HOLE, BOARD, columns)
    plain = uth_kernels.simulate_river_counts(cards, HOLE, BOARD, columns, grouped=False)
    assert (grouped == plain).all()
    assert (grouped.sum(axis=1) == math.comb(45, 2)).all()     # the dealer's hands from 45 cards


def test_river_counts_against_a_plain_python_count() -> None:
    """A few hands counted with the public evaluator, dealer holding by dealer holding."""
    from itertools import combinations
    cards = _suited_boards(3, hands=3)
    counts = uth_kernels.simulate_river_counts(cards, HOLE, BOARD, np.arange(3, dtype=np.int64))
    for column in range(3):
        hole = [int(cards[r, column]) for r in HOLE]
        board = [int(cards[r, column]) for r in BOARD]
        player = evaluate(hole + board)
        unseen = [c for c in range(52) if c not in hole + board]
        tally = [0] * 5
        for pair in combinations(unseen, 2):
            dealer = evaluate(list(pair) + board)
            qualified = hand_class(dealer) >= 1
            if player > dealer:
                tally[0 if qualified else 1] += 1
            elif player == dealer:
                tally[2] += 1
            else:
                tally[3 if qualified else 4] += 1
        assert counts[column].tolist() == tally


def test_river_counts_refuse_bad_input() -> None:
    cards = deal(np.random.default_rng(1), 4, 9)
    with pytest.raises(ValueError, match="two hole cards"):
        uth_kernels.simulate_river_counts(cards, BOARD, HOLE, np.arange(4, dtype=np.int64))
    with pytest.raises(ValueError, match="outside the 4 dealt hands"):
        uth_kernels.simulate_river_counts(cards, HOLE, BOARD, np.array([4], dtype=np.int64))
    bad = cards.copy()
    bad[0, 0] = 52
    with pytest.raises(ValueError, match="outside 0..51"):
        uth_kernels.simulate_river_counts(bad, HOLE, BOARD, np.array([0], dtype=np.int64))


# --- the main bet ----------------------------------------------------------------------------

def _main_simulator() -> sim_main.MainSimulator:
    bet = GAME.bet("main")
    simulator = simulator_of("main", bet.paytable(None), GAME.make_rules())
    assert isinstance(simulator, sim_main.MainSimulator)
    return simulator


def _flop_bit(packed: np.ndarray, flop: int, holding: int) -> bool:
    bit = flop * sim_main.HOLDINGS + holding
    return bool((packed[bit >> 3] >> (7 - (bit & 7))) & 1)


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_flop_decisions_are_the_solve_s_on_every_flop() -> None:
    """The simulator's decisions are the ones the solve recorded: per holding, the flops bet 2x
    add up to the solve's own count (``extra[:, 2]``), and a few flops solved directly by the
    solve's kernel (not through their suit class) give the same decision holding by holding
    as the solve's record of their class, spread to them by a suit permutation."""
    simulator = _main_simulator()
    paytable = GAME.bet("main").paytable(None)
    assert paytable is not None
    solution = uth_main.solve_main(paytable, GAME.make_rules(), RunSettings())
    assert solution.flop_decisions.shape == (1755, sim_main.HOLDINGS)
    bets = np.unpackbits(simulator.flop_bets)[:sim_main.FLOPS * sim_main.HOLDINGS]
    per_holding = bets.reshape(sim_main.FLOPS, sim_main.HOLDINGS).sum(axis=0)
    assert (per_holding == solution.extra[:, 2]).all()
    flops = solver.all_flops()
    net, fold = solution.settlement.array(), solution.settlement.fold
    for flop_id in (5, 4321, 22099):
        decided = np.zeros((1, sim_main.HOLDINGS), dtype=np.uint8)
        extra = uth_kernels.uth_solve_flops(np.ascontiguousarray(flops[flop_id:flop_id + 1]),
                                      np.array([0, 1], dtype=np.int32),
                                      np.arange(4, dtype=np.int8).reshape(1, 4), net, fold,
                                      False, decisions=decided)[3]
        assert np.array_equal(decided[0], extra[:, 2])
        for holding in range(sim_main.HOLDINGS):
            assert _flop_bit(simulator.flop_bets, flop_id, holding) == bool(decided[0, holding])


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_preflop_play_is_the_solve_s_choice() -> None:
    simulator = _main_simulator()
    chart = Counter(simulator.preflop.tolist())
    # the optimal 4x hands: 500 holdings (docs/references.md, Wizard of Odds chart); never 3x
    assert chart == {4: 500, 0: 826}


def test_river_counts_match_the_solve_s_river_kernel() -> None:
    cards = deal(np.random.default_rng(21), 60, 9)
    columns = np.arange(60, dtype=np.int64)
    mine = uth_kernels.simulate_river_counts(cards, HOLE, BOARD, columns)
    for column in range(60):
        board = [int(cards[r, column]) for r in BOARD]
        a, b = sorted(int(cards[r, column]) for r in HOLE)
        theirs = uth_kernels.uth_river_counts(board)[sim_main.PAIR_ID[a * 52 + b]]
        assert mine[column].tolist() == theirs[1:].tolist()


def _one_flop_class_solve(paytable: PayTable, rules: UltimateTexasHoldemRules,
                          run: RunSettings) -> solver.Solution:
    """The solve of one suit class of flops only (``solver.solve``'s ``classes``), in place of
    the full one (about 10 s per rule variant, on every core) where the strategy reads
    nothing from it."""
    settle = solver.settlement(paytable.as_dict(), rules.dealer_no_qualify)
    return solver.solve(settle, rules.ties == "larger", jobs=1,
                        classes=solver.flop_classes().subset([0]))


def _always_4x_simulator(options: dict[str, str],
                         monkeypatch: pytest.MonkeyPatch) -> sim_main.MainSimulator:
    """The main bet's simulator for the blind-box play (every hand 4x before the flop), built
    on a reduced solve: with always-4x the simulator takes no preflop choice, flop decision or
    count from the solve (checked here), so the full solve would add nothing."""
    monkeypatch.setattr(uth_main, "solve_main", _one_flop_class_solve)
    rules = GAME.make_rules({**options, "strategy": "always-4x"})
    simulator = simulator_of("main", GAME.bet("main").paytable(None), rules)
    assert isinstance(simulator, sim_main.MainSimulator)
    assert (simulator.preflop == 4).all() and simulator.flop_bets.size == 0
    return simulator


@pytest.mark.parametrize(("options", "rows"), [
    ({}, {"4x win flush": Fraction(13, 2), "1x lose, dealer does not qualify": -2,
          "2x win below a straight, dealer does not qualify": 2, "fold": -2}),
    ({"dealer_no_qualify": "all-push"}, {"3x dealer does not qualify (all push)": 0,
                                         "4x win royal-flush": 505}),
], ids=str)
def test_main_outcome_names_and_pays(options: dict[str, str], rows: dict[str, Fraction],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    simulator = _always_4x_simulator(options, monkeypatch)
    for name in rows:
        assert name in simulator.outcomes


def test_main_settlement_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand-built deals, every one played 4x (the blind-box play)."""
    simulator = _always_4x_simulator({}, monkeypatch)
    deals = {
        "As Ks  3c 7d  Qs Js Ts 3h 4h": ("4x win royal-flush", 505),      # 4 + 1 + 500
        "Ah Kd  2c 7d  Qs Jc 3s 8h 4h": ("4x win below a straight, dealer does not qualify",
                                         4),                               # Ante pushes
        "2h 3d  Ac Ad  Qs Jc 9s 8h 4h": ("4x lose", -6),
        "2h 3d  Ac 7d  Qs Jc 9s 8h 4h": ("4x lose, dealer does not qualify", -5),
        "Kh 3d  Kc 3s  Qs Jc 9s 8h 4h": ("4x tie", 0),
    }
    from edge.cards import parse_cards
    cards = np.array([parse_cards(text) for text in deals], dtype=np.int16).T.copy()
    outcome, net = simulator.settle(cards)
    for k, (row, pay) in enumerate(deals.values()):
        assert simulator.outcomes[int(outcome[k])] == row
        assert Fraction(int(net[k]), simulator.scale) == pay
