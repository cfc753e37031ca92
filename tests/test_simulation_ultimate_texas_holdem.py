"""The Ultimate Texas Hold'em simulation: batch evaluation and the side bets."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge import _core
from edge.games.ultimate_texas_holdem import GAME
from edge.holdem import CLASS_NAMES, evaluate, hand_class
from edge.simulation import simulate
from edge.simulation import ultimate_texas_holdem as sim
from edge.simulation.deal import deal


def test_batch_evaluation_matches_the_evaluator() -> None:
    cards = deal(np.random.default_rng(8), 20_000, 9)
    for rows in (sim.PLAYER_SEVEN, sim.DEALER_SEVEN, sim.HOLE_AND_FLOP):
        strengths, classes = _core.simulate_holdem_hands(cards, rows)
        hands = np.ascontiguousarray(cards[rows].T.astype(np.int64))
        assert (strengths == _core.evaluate_many(hands)).all()
        assert classes.tolist() == [hand_class(int(s)) for s in strengths]


def test_batch_evaluation_refuses_bad_input() -> None:
    cards = np.array([[0], [1], [2], [3], [60], [5], [6]], dtype=np.int16)
    with pytest.raises(ValueError, match="outside 0..51"):
        _core.simulate_holdem_hands(cards, np.arange(7, dtype=np.int64))
    with pytest.raises(ValueError, match="5 to 7"):
        _core.simulate_holdem_hands(cards, np.arange(4, dtype=np.int64))
    with pytest.raises(ValueError, match="outside the 7 dealt rows"):
        _core.simulate_holdem_hands(cards, np.array([0, 1, 2, 3, 9], dtype=np.int64))


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
    simulator = sim.make_simulator("trips", GAME.bet("trips").paytable(None), GAME.make_rules())
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
    grouped = _core.simulate_river_counts(cards, HOLE, BOARD, columns)
    plain = _core.simulate_river_counts(cards, HOLE, BOARD, columns, grouped=False)
    assert (grouped == plain).all()
    assert (grouped.sum(axis=1) == 990).all()


def test_river_counts_against_a_plain_python_count() -> None:
    """A few hands counted with the public evaluator, dealer holding by dealer holding."""
    from itertools import combinations
    cards = _suited_boards(3, hands=3)
    counts = _core.simulate_river_counts(cards, HOLE, BOARD, np.arange(3, dtype=np.int64))
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
        _core.simulate_river_counts(cards, BOARD, HOLE, np.arange(4, dtype=np.int64))
    with pytest.raises(ValueError, match="outside the 4 dealt hands"):
        _core.simulate_river_counts(cards, HOLE, BOARD, np.array([4], dtype=np.int64))
    bad = cards.copy()
    bad[0, 0] = 52
    with pytest.raises(ValueError, match="outside 0..51"):
        _core.simulate_river_counts(bad, HOLE, BOARD, np.array([0], dtype=np.int64))
