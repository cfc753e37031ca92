"""The Ultimate Texas Hold'em simulation playing a strategy file by its own reading.

The simulation computes each dealt hand's features itself (:mod:`.strategy_simulation`); here
they are checked against a plain reading of their definitions (docs/strategies.md), one hand
at a time with the shared evaluator, and the simulated return of the Wizard of Odds practical
strategy against its exact return.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.cards import parse_cards
from edge.decisions.holdem_features import BUILT_IN_FEATURES
from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem import GAME
from edge.games.ultimate_texas_holdem.simulation import strategy as sim
from edge.games.ultimate_texas_holdem.simulation.main_bet import MainSimulator, make_main_simulator
from edge.games.ultimate_texas_holdem.solve import _kernels as uth_kernels
from edge.games.ultimate_texas_holdem.strategy.features import Feature
from edge.games.ultimate_texas_holdem.strategy.language import (
    load_strategy,
    parse_text,
)
from edge.games.ultimate_texas_holdem.strategy.practical import Evaluation
from edge.holdem import PAIR, STRAIGHT, evaluate, hand_class
from edge.sampling import deal
from edge.simulation.engine import run
from tests.conftest import CliRunner

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

HOLE, FLOP, BOARD = (0, 1), (4, 5, 6), (4, 5, 6, 7, 8)
NO_RANK = 13
STRATEGIES = Path(__file__).resolve().parent.parent / "edge" / "games" \
    / "ultimate_texas_holdem" / "strategies"
# the published preflop chart (Wizard of Odds), which is also the optimal preflop play
PUBLISHED_CHART = ('[preflop]\nraise_4x = ["33+", "A2s+", "K2s+", "Q6s+", "J8s+", "A2o+", '
               '"K5o+", "Q8o+", "JTo"]')


def _dealt(text: str) -> np.ndarray:
    """One hand's nine cards (player 2, dealer 2, flop 3, turn, river) as a dealt column."""
    return np.array(parse_cards(text), dtype=np.int16).reshape(9, 1)


# --- a plain reading of the definitions, one hand at a time ----------------------------------

def _board_hand(board: list[int]) -> int:
    if len(board) == 5:
        return hand_class(evaluate(board))
    distinct = len({card >> 2 for card in board})
    return {3: 0, 2: PAIR, 1: 3}[distinct]


# The ten straights' ranks, A-2-3-4-5 (the ace, 12, also low) to T-J-Q-K-A.
RUNS = [tuple((low + k) % 13 for k in range(5)) for low in range(-1, 9)]


def plain_features(cards: list[int], river: bool) -> dict[str, int]:
    """Every feature of one hand, read from its definition (docs/strategies.md)."""
    hole = cards[:2]
    board = [cards[row] for row in (BOARD if river else FLOP)]
    player = hole + board
    hand = hand_class(evaluate(player))
    board_hand = _board_hand(board)
    hole_ranks = [card >> 2 for card in hole]
    board_ranks = sorted({card >> 2 for card in board}, reverse=True)
    pocket = hole_ranks[0] == hole_ranks[1]
    pair, pair_rank = 0, NO_RANK
    if hand == PAIR:
        if pocket:
            pair, pair_rank = 1, hole_ranks[0]
        elif any(r in board_ranks for r in hole_ranks):
            pair_rank = next(r for r in hole_ranks if r in board_ranks)
            pair = 2 + board_ranks.index(pair_rank)
        else:
            pair = 7
            pair_rank = next(r for r in board_ranks
                             if sum(card >> 2 == r for card in board) == 2)
    suit_counts = [sum(card & 3 == s for card in player) for s in range(4)]
    draw = 4 in suit_counts and max(suit_counts) < 5
    draw_hole = NO_RANK
    if draw:
        suit = suit_counts.index(4)
        in_suit = [card >> 2 for card in hole if card & 3 == suit]
        draw_hole = max(in_suit) if in_suit else NO_RANK
    held = {card >> 2 for card in player}
    runs = RUNS
    outs = {r for r in range(13) if r not in held
            for run in runs if r in run and all(x in held for x in run if x != r)}
    has_straight = hand in (STRAIGHT, 8, 9)
    straight = 0 if has_straight else min(len(outs), 2)
    straight_hole = NO_RANK
    if straight:
        near = [run for run in runs if sum(x in held for x in run) == 4
                and any(x in outs for x in run)]
        found = [r for r in hole_ranks for run in near if r in run]
        straight_hole = max(found) if found else NO_RANK
    features = {
        "hand": hand, "board_hand": board_hand, "hidden": int(hand > board_hand),
        "pocket_pair": int(pocket), "pair": pair, "pair_rank": pair_rank,
        "flush_draw": int(draw), "flush_draw_hole": draw_hole,
        "straight_draw": straight, "straight_draw_hole": straight_hole,
        "high_card": max(hole_ranks), "low_card": min(hole_ranks),
        "suited": int(hole[0] & 3 == hole[1] & 3),
        "hole_paired": int(any(sum(card >> 2 == r for card in player) >= 2
                               for r in hole_ranks)),
    }
    if river:
        mine = evaluate(player)
        unseen = [c for c in range(52) if c not in player]
        dealer = [evaluate(board + [c]) for c in unseen]
        beat = sum(strength > mine for strength in dealer)
        tie = sum(strength == mine for strength in dealer)
        features |= {"dealer_outs": beat, "dealer_outs_with_ties": beat + tie,
                     "dealer_outs_half_ties": 2 * beat + tie}
    return features


def test_features_match_a_plain_reading() -> None:
    cards = deal(np.random.default_rng(2024), 400, 9)
    for river in (False, True):
        vectorised = sim.street_features(cards, river)
        for i in range(cards.shape[1]):
            plain = plain_features([int(c) for c in cards[:, i]], river)
            got = {name: int(values[i]) for name, values in vectorised.items()}
            assert got == plain, (river, [int(c) for c in cards[:, i]])


def test_features_of_chosen_hands() -> None:
    # The published dealer-outs example: T-3 on A Q 8 6 4 (player A-Q-T-8-6). The 15 cards
    # pairing the board and the 8 kings and jacks beat the player with the board alone; the
    # three tens only tie (the dealer's other card decides).
    example = sim.street_features(_dealt("Tc 3d 2s 2h As Qh 8d 6c 4h"), True)
    assert int(example["dealer_outs"][0]) == 23
    assert int(example["dealer_outs_with_ties"][0]) == 26
    assert int(example["hidden"][0]) == 0
    # pocket sevens flopping a set; river: a four to a straight 4-5?-6-7-8 (a five makes it)
    sevens = _dealt("7c 7d 2s 2h 7h Qh 8d 6c 4h")
    flop, river = sim.street_features(sevens, False), sim.street_features(sevens, True)
    assert (int(flop["hand"][0]), int(flop["hidden"][0])) == (3, 1)
    assert (int(river["straight_draw"][0]), int(river["straight_draw_hole"][0])) == (1, 5)
    # four hearts on the flop with the king of hearts in the hole; the river makes the flush
    hearts = _dealt("Kh 9h 2s 2h Ah Qh 8d 6c 4h")
    flop, river = sim.street_features(hearts, False), sim.street_features(hearts, True)
    assert (int(flop["flush_draw"][0]), int(flop["flush_draw_hole"][0])) == (1, 11)
    assert (int(river["hand"][0]), int(river["flush_draw"][0]), int(river["hidden"][0])) == \
        (5, 0, 1)
    # a pair on the board and an ace kicker: the pair is the board's, not hidden
    board_pair = sim.street_features(_dealt("Ad 3c 2s 2h 7h 7s Kd 5c 9h"), True)
    assert [int(board_pair[k][0]) for k in ("hand", "hidden", "pair", "pair_rank")] == \
        [PAIR, 0, 7, 5]


def test_the_simulation_and_the_exact_evaluation_read_the_features_alike() -> None:
    # the simulation's features (vectorised, per dealt hand) against the exact evaluation's
    # own (its kernel, on the same cards): every feature of 2,000 flops and 2,000 rivers
    cards = deal(np.random.default_rng(15), 2_000, 9)
    for rows in (FLOP, BOARD):
        mine = sim.street_features(cards, len(rows) == 5)
        for i in range(cards.shape[1]):
            hole = np.array(cards[list(HOLE), i], dtype=np.int32)
            board = np.array(cards[list(rows), i], dtype=np.int32)
            theirs = uth_kernels.uth_features(hole, board)
            for feature in Feature:
                name = feature.name.lower()
                if name in mine:
                    assert int(mine[name][i]) == theirs[feature], (name, cards[:, i].tolist())
        # the river reads every feature of the kernels' (versus_dealer is not one: it needs
        # both dealer cards seen); the flop all but the dealer outs
        assert len(mine) == BUILT_IN_FEATURES - (3 if len(rows) == 3 else 0)


@pytest.mark.slow       # 400,000 hands and the strategy's exact evaluation: seconds
def test_simulated_practical_strategy_agrees_with_its_exact_return(
        uth_strategy_evaluation: Callable[[str], Evaluation]) -> None:
    # 400,000 hands (seed 2026) of the Wizard of Odds practical strategy, played by the
    # simulation's own reading of the file: the exact return lies in the 99.9% interval
    rules, paytable = GAME.make_rules(), GAME.bet("main").paytable(None)
    assert paytable is not None
    strategy = load_strategy(STRATEGIES / "wizard-practical.toml")
    simulator = sim.make_strategy_simulator(paytable, rules, strategy)
    tally = run(simulator, 400_000, 2026, jobs=1)
    results = [(net, count) for nets in tally.nets.values() for net, count in nets.items()]
    total = sum(net * count for net, count in results)
    squares = sum(net * net * count for net, count in results)
    hands, scale = tally.hands, simulator.scale
    mean = Fraction(total, hands * scale)
    variance = Fraction(squares, hands * scale * scale) - mean * mean
    exact = uth_strategy_evaluation("wizard-practical").expected_return()
    z = float(mean - exact) / math.sqrt(variance / hands)
    assert abs(z) < 3.29


@pytest.mark.slow   # a UTH strategy evaluated and simulated through the command (20 s)
def test_the_simulate_command_plays_a_named_strategy(
        edge_cli: CliRunner, uth_strategy_evaluation: Callable[[str], Evaluation]) -> None:
    # through the command line and the main bet's simulate hook (the exact table reuses the
    # session's evaluation); the solved strategies keep their own simulator
    uth_strategy_evaluation("wizard-practical")
    result = edge_cli("simulate", "ultimate-texas-holdem", "--bet", "main", "--strategy",
                      "wizard-practical", "--hands", "50000", "--seed", "5", "--jobs", "1")
    assert result.status == 0, result.err
    assert "strategy=wizard-practical" in result.out and "agrees" in result.out
    main = GAME.bet("main")
    paytable = main.paytable(None)
    practical = main.simulator(GAME.wager(paytable,
                                          GAME.make_rules({"strategy": "wizard-practical"})))
    assert isinstance(practical, sim.StrategySimulator)
    solved = main.simulator(GAME.wager(paytable, GAME.make_rules({"strategy": "always-4x"})))
    assert type(solved) is MainSimulator


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_a_file_of_optimal_play_simulates_like_the_solve() -> None:
    # the published chart is the optimal preflop play; with the flop and river "optimal" the
    # file's simulator decides every dealt hand as the solved strategy's simulator does
    rules, paytable = GAME.make_rules(), GAME.bet("main").paytable(None)
    assert paytable is not None
    text = (PUBLISHED_CHART + '\n[flop]\nplay = "optimal"\n[river]\nplay = "optimal"\n')
    strategy = parse_text(text)
    cards = deal(np.random.default_rng(31), 50_000, 9)
    solved = make_main_simulator(paytable, rules).settle(cards)
    played = sim.make_strategy_simulator(paytable, rules, strategy).settle(cards)
    assert (solved[0] == played[0]).all() and (solved[1] == played[1]).all()


def test_an_optimal_flop_needs_an_optimal_river() -> None:
    rules, paytable = GAME.make_rules(), GAME.bet("main").paytable(None)
    assert paytable is not None
    flop_only = parse_text('[flop]\nplay = "optimal"\n')
    with pytest.raises(EdgeError, match="cannot play the flop \"optimal\""):
        sim.make_strategy_simulator(paytable, rules, flop_only)
