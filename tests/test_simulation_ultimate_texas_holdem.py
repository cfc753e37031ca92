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
