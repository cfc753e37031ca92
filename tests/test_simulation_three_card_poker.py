"""The Tri-Card Poker simulation's own evaluator, strategy look-up and settlement."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from edge import _core
from edge.cards import parse_cards
from edge.games import three_card_poker as tcp
from edge.games.three_card_poker import simulation as sim
from edge.games.three_card_poker import strategy as tc_strategy
from edge.games.three_card_poker.pays import PRESETS
from edge.games.three_card_poker.rules import RaiseRule, Strategy, ThreeCardRules

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

HANDS = np.array(list(itertools.combinations(range(52), 3)), dtype=np.int16).T


@pytest.mark.parametrize("ace_low", [True, False])
def test_hand_classes_and_order_match_the_rules(ace_low: bool) -> None:
    strengths = sim.three_card_strength(HANDS[0], HANDS[1], HANDS[2], ace_low)
    classes = Counter(sim.CLASSES[s >> sim.CLASS_SHIFT] for s in strengths.tolist())
    if ace_low:
        # J. Grochowski, "Three Card Poker and Pair Plus" (casinocitytimes.com); docs/references.md
        assert classes == {"straight-flush": 48, "three-of-a-kind": 52, "straight": 720,
                           "flush": 1096, "pair": 3744, "high-card": 16440}
    else:  # A-2-3 is no straight: 4 straight flushes become flushes, 12 straights high cards
        assert classes["straight-flush"] == 44 and classes["straight"] == 660
    # the same order as the analysis's kernel: equal exactly when equal, greater when greater
    theirs = np.array([_core.three_card_strength(a, b, c, ace_low)
                       for a, b, c in HANDS.T.tolist()])
    order = np.lexsort((theirs, strengths))
    mine_steps, their_steps = np.diff(strengths[order]), np.diff(theirs[order])
    assert (their_steps >= 0).all()
    assert ((mine_steps > 0) == (their_steps > 0)).all()


def test_strength_is_the_same_in_every_card_order() -> None:
    table = sim.strength_table(True)
    base = table[sim.triple_key(HANDS[0], HANDS[1], HANDS[2])]
    for a, b, c in itertools.permutations(range(3)):
        assert (table[sim.triple_key(HANDS[a], HANDS[b], HANDS[c])] == base).all()


@pytest.mark.parametrize("strategy", [Strategy.OPTIMAL, Strategy.MIMIC])
def test_the_raise_look_up_is_the_solved_strategy(strategy: Strategy) -> None:
    rules = ThreeCardRules(strategy=RaiseRule.resolve(strategy))
    solution = tc_strategy.solve(tc_strategy.ante_decision(PRESETS["ante"]["3"]), rules)
    table = sim.raise_table(solution)
    cards = solution.hands.cards.T
    for a, b, c in itertools.permutations(range(3)):
        assert (table[sim.triple_key(cards[a], cards[b], cards[c])] == solution.raises).all()
    # the published rule for Ante Bonus 5-4-1: raise Q-6-4 or better (docs/references.md);
    # mimicking the dealer raises every queen-high
    q64, q63 = (table[sim.triple_key(*(np.array([c]) for c in parse_cards(hand)))][0]
                for hand in ("Qs 6h 4d", "Qs 6h 3d"))
    assert q64 and q63 == (strategy == "mimic")


def _settle(bet: str, cards: str, **options: object) -> tuple[str, Fraction]:
    rules = ThreeCardRules(**options)  # type: ignore[arg-type]
    simulator = tcp.GAME.bet(bet).simulator(tcp.GAME.wager(PRESETS[bet]["3"], rules))
    assert isinstance(simulator, sim.PairPlusSimulator | sim.RaiseSimulator)
    dealt = np.array(parse_cards(cards), dtype=np.int16).reshape(6, 1)
    outcome, net = simulator.settle(dealt)
    return simulator.outcomes[int(outcome[0])], Fraction(int(net[0]), simulator.scale)


@pytest.mark.parametrize(("cards", "row", "net"), [
    ("2c 4d 7h  Kc Qd 9h", "fold", -1),                        # below Q-6-4: fold
    ("Kc Qd 9h  2c 4d 7h", "dealer-does-not-qualify", 1),      # Ante 1:1, Raise pushes
    ("Kc Qd 9h  Kd Qh 8s", "win", 2),
    ("Kc Qd 9h  Kd Qh 9s", "tie", 0),
    ("Kc Qd 9h  Kd Qh Js", "loss", -2),
    ("Ac 2d 3h  4c 4d 4s", "straight / loss", -1),             # Ante Bonus 1 paid on a loss
    ("7h 7d 7c  2c 3d 5s", "three-of-a-kind / dealer-does-not-qualify", 5),
    ("Qs Ks As  Jd Jh 9s", "straight-flush / win", 7),
], ids=str)
def test_ante_settlement_examples(cards: str, row: str, net: int) -> None:
    assert _settle("ante", cards) == (row, Fraction(net))


@pytest.mark.parametrize(("cards", "options", "row", "net"), [
    ("2c 4d 7h  Kc Qd 9h", {}, "high-card / fold", -2),           # fold forfeits Pair Plus
    ("2c 4d 7h  Kc Qd 9h", {"fold_forfeits_pair_plus": False}, "high-card / fold", -2),
    ("Qc 4d 2h  Kc Qd 9h", {"strategy": "mimic"}, "high-card / loss", -3),
    ("Jc Jd 7h  Ac Ad 9h", {}, "pair / loss", -1),                # -2 and Pair Plus +1
    ("Jc Jd 7h  Ac Ad 9h", {"pair_plus_ratio": Fraction(1, 2)}, "pair / loss", Fraction(-3, 2)),
], ids=str)
def test_combined_settlement_examples(cards: str, options: dict[str, object], row: str,
                                      net: Fraction) -> None:
    assert _settle("combined", cards, **options) == (row, Fraction(net))
