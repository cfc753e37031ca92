"""Ultimate Texas Hold'em with cards seen, the player following his own flop and river rules
under the exposures other than ``dealer-2`` (issue 34, section 4;
edge/games/ultimate_texas_holdem/exposure/rule_exposed.py and its kernel _rule_one.pyx).

The board sweep is checked against a plain enumeration written here: on a reduced case (every
board of two suit classes) a few states' sums must be the plain sums over those boards of every
split into flop and turn-river and every other dealer card, the rule's choices made by plain
code (the plain five-card ranking of tests/test_uth_rule_two.py on the flop, the shared
evaluator edge._core.evaluate_many, tested on its own, for the 7-card showdowns, as
tests/test_uth_rule_two.py does). The whole sweep takes minutes; with ``EDGE_EXPOSURE_FULL=1``
(or ``EDGE_PUBLISHED_CACHE`` naming a cache of the full solves) the slow tests check that a rule
reading nothing seen gives the game as dealt's return, and that the flop-card path reproduces
the exposure's own solve when the rule says what the optimal strategy does.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem.exposure import _rule_one, rule_exposed, rule_one
from edge.games.ultimate_texas_holdem.exposure.dealer_one import holding_cards
from edge.games.ultimate_texas_holdem.exposure.main_bet import states_total
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen, UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.solve import main_bet as uth
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy, parse_text
from edge.table import ReturnTable, Row
from tests.conftest import CliRunner
from tests.test_uth_rule_two import categories, plain_rank

pytestmark = pytest.mark.kernels

IntArray = npt.NDArray[np.int64]
SETTLE = solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "ante-push")
PERMUTATIONS = list(itertools.permutations(range(4)))
FULL = os.environ.get("EDGE_EXPOSURE_FULL", "") not in ("", "0")
# 2x with two pair or better on the flop, 1x with a pair or better on the river
RULE = """
[preflop]
play = "optimal"

[flop]
otherwise = "check"

[[flop.rules]]
hand_min = "two-pair"
action = "bet"

[river]
otherwise = "fold"

[[river.rules]]
hand_min = "pair"
action = "play"
"""
INFORMED = RULE[:RULE.index("[river]")] + '[river]\nplay = "optimal"\n'


# --- plain references ------------------------------------------------------------------------

def orbit(board: list[int]) -> list[list[int]]:
    """Every board a suit permutation makes of ``board``."""
    return [list(b) for b in sorted({tuple(sorted((c & ~3) | p[c & 3] for c in board))
                                     for p in PERMUTATIONS})]


def plain_state(hole: list[int], dealer_card: int, boards: list[list[int]],
                informed: bool) -> dict[str, Counter[int]]:
    """The plain sums of one state (holding, seen dealer card) over ``boards``: the checking
    line's value with nothing more seen (``dealer``), with each board card seen as a flop card
    (``flop``) or a turn-river card (``turn_river``), and the 4x line's (``four``), in the
    settlement's scaled units. The flop bets 2x with two pair or better (P + F); the river
    plays 1x with a pair or better (seven cards), or, ``informed``, when 1x is worth more than a
    fold given the dealer card."""
    net = np.array(SETTLE.net)
    sums: dict[str, Counter[int]] = {name: Counter() for name in
                                     ("dealer", "four", "flop", "turn_river")}
    for board in boards:
        if set(board) & {*hole, dealer_card}:
            continue
        others = [x for x in range(52) if x not in {*hole, dealer_card, *board}]
        player = int(_core.evaluate_many(np.array([hole + board]))[0])
        dealers = _core.evaluate_many(np.array([[dealer_card, x, *board] for x in others]))
        counts = np.bincount(categories(np.full(len(others), player), dealers), minlength=17)
        two, one, four = (int(counts @ net[p]) for p in (2, 1, 4))
        fold = len(others) * SETTLE.fold
        plays = one > fold if informed else (player >> 26) >= 1
        river = one if plays else fold
        sums["four"][0] += 10 * four
        for flop in itertools.combinations(board, 3):
            value = two if plain_rank(hole + list(flop))[0] >= 2 else river
            sums["dealer"][0] += value
            for card in board:
                sums["flop" if card in flop else "turn_river"][card] += value
    return sums


# --- the board sweep against the plain enumeration -------------------------------------------

REDUCED = ([0, 5, 22, 37, 50], [1, 2, 3, 44, 45])    # a rainbow board and one of three clubs


def reduced_sums(text: str, with_cards: bool) -> tuple[dict[str, IntArray], list[list[int]]]:
    boards = np.array(REDUCED, dtype=np.int32)
    weights = np.array([len(orbit(b)) for b in REDUCED], dtype=np.int64)
    sums = rule_one.board_sums(parse_text(text, "reduced"), SETTLE, False,
                                   with_flop=with_cards, with_turn_river=with_cards,
                                   boards=boards, weights=weights, jobs=1)
    return sums, [b for board in REDUCED for b in orbit(board)]


STATES = [([48, 49], 8), ([4, 9], 0), ([12, 40], 16), ([24, 25], 20)]


def holding(cards: list[int]) -> int:
    a, b = sorted(cards)
    return int(solver.HOLDINGS - (52 - a) * (51 - a) // 2 + (b - a - 1))


def test_the_sweep_of_a_flop_and_river_rule_matches_a_plain_enumeration() -> None:
    sums, boards = reduced_sums(RULE, with_cards=False)
    for hole, d in STATES[:2]:
        expected = plain_state(hole, d, boards, informed=False)
        h = holding(hole)
        assert sums["dealer"][d, h] == expected["dealer"][0], (hole, d)
        assert sums["four"][d, h] == expected["four"][0], (hole, d)
    # every (holding, dealer card) off a board: ten splits of 44 dealer hands each
    assert int(sums["four"].astype(bool).sum()) > 0


@pytest.mark.slow      # 8 s: the seen flop and turn-river card's accumulators (2 x 29 MB)
def test_the_seen_flop_and_turn_river_card_match_a_plain_enumeration() -> None:
    sums, boards = reduced_sums(INFORMED, with_cards=True)
    for hole, d in STATES:
        expected = plain_state(hole, d, boards, informed=True)
        h = holding(hole)
        assert sums["dealer"][d, h] == expected["dealer"][0], (hole, d)
        for card in range(52):
            assert sums["flop"][d * 52 + card, h] == expected["flop"][card], (hole, d, card)
            assert sums["turn_river"][d * 52 + card, h] == expected["turn_river"][card]


def test_the_informed_river_matches_a_plain_enumeration() -> None:
    sums, boards = reduced_sums(INFORMED, with_cards=False)
    for hole, d in STATES[2:]:
        expected = plain_state(hole, d, boards, informed=True)
        assert sums["dealer"][d, holding(hole)] == expected["dealer"][0], (hole, d)


def test_holding_numbering_and_flop_index() -> None:
    cards = holding_cards()
    assert all(holding(list(cards[h])) == h for h in (0, 1, 50, 51, 700, 1325))
    flops = list(itertools.combinations(range(52), 3))
    assert sorted(_rule_one.flop_index(*f) for f in flops) == list(range(len(flops)))


@pytest.mark.slow      # 3 s: the 134,459 board classes and their orbits
def test_board_classes_cover_every_board() -> None:
    boards, weights = rule_one.board_classes()
    assert len(boards) == 134_459 and int(weights.sum()) == 2_598_960
    for index in (0, 1000, 134_458):
        assert weights[index] == len(orbit(boards[index].tolist()))


def test_kernel_refuses_bad_arguments() -> None:
    boards = np.array([REDUCED[0]], dtype=np.int32)
    bets = np.zeros((22100, 1326), dtype=np.uint8)
    folds = np.zeros((1, 1326), dtype=np.uint8)
    out = np.zeros((52, 1326), dtype=np.int64)
    net = np.array(SETTLE.net, dtype=np.int64)
    with pytest.raises(ValueError, match="weight 25"):
        _rule_one.rule_boards(boards, np.array([25]), folds, bets, net, SETTLE.fold, False,
                              False, out, out.copy())
    with pytest.raises(ValueError, match="ascending"):
        _rule_one.rule_boards(boards[:, ::-1].copy(), np.array([1]), folds, bets, net,
                              SETTLE.fold, False, False, out, out.copy())
    with pytest.raises(ValueError, match="flop_bets"):
        _rule_one.rule_boards(boards, np.array([1]), folds, bets[:5], net, SETTLE.fold, False,
                              False, out, out.copy())
    with pytest.raises(ValueError, match="a flop is three cards"):
        _rule_one.flop_index(3, 2, 1)


# --- the value and the table, from made-up states ------------------------------------------

def made_up_solution() -> ExposedSolution:
    """A seen=dealer-1 solution of three made-up states (AA, 72 and KQ, the dealer card a 2)
    whose weights stand for every preflop state, with made-up check, 3x and 4x values."""
    cards = np.array([[48, 49, 0], [4, 21, 0], [40, 45, 0]], dtype=np.int8)
    total = states_total(Seen.DEALER_1)
    weight = np.array([1, 2, total - 3], dtype=np.int64)
    values = np.array([[10, 30, 40], [-5, -20, -30], [7, 6, 5]], dtype=np.int64)
    cycle = solver.CYCLE * 2
    counts = {p: np.zeros(17, dtype=np.int64) for p in (4, 3, 2, 1)}
    counts[4][0] = cycle
    deals = cycle // total
    assert deals * total == cycle
    return ExposedSolution(Seen.DEALER_1, SETTLE, False, cycle, counts, 0, (),
                           cards, weight, np.array([4, 0, 0], dtype=np.int8), values, deals)


def test_the_value_of_made_up_states() -> None:
    solution = made_up_solution()
    checking = np.array([35, -1, 9], dtype=np.int64)     # the rule's own checking values
    optimal = rule_exposed.rule_value(parse_text(RULE, "own"), solution, checking)
    # preflop "optimal": the best of 4x, 3x and the rule's checking line, state by state
    assert optimal.choice.tolist() == [4, 0, 0]
    weight = solution.state_weight
    assert optimal.total == int(weight @ np.array([40, -1, 9]))
    assert optimal.optimal_total == int(weight @ np.array([40, -5, 7]))
    charted = rule_exposed.rule_value(parse_text(RULE.replace(
        '[preflop]\nplay = "optimal"', '[preflop]\nraise_4x = ["KQo"]'), "chart"),
        solution, checking)
    assert charted.choice.tolist() == [0, 0, 4]            # the chart, whatever the values
    assert charted.total == int(weight @ np.array([35, -1, 5]))
    dealt = ReturnTable("ultimate-texas-holdem", "main", (Row("made up", Fraction(10), 50),),
                        uth.BLIND_PRESETS["standard"], {}, initial_wager=Fraction(1),
                        basis="Ante")
    table = rule_exposed.rule_table(charted, uth.BLIND_PRESETS["standard"], {}, "uth", dealt)
    assert table.expected_return == charted.expected_return
    assert [row.outcome for row in table.rows] == ["preflop 4x (average net)",
                                                "check, then his own flop and river "
                                                "(average net)"]
    text = " ".join(table.notes)
    assert "rule 1: he bets 2x on the flop when" in text and " gives up " in text


@pytest.mark.parametrize(("seen", "name", "times"), [
    (Seen.DEALER_1_FLOP_1, "flop", 3), (Seen.DEALER_1_TURN_RIVER_1, "turn_river", 2)])
def test_a_seen_board_card_adds_up_to_the_dealer_card(seen: Seen, name: str,
                                                      times: int) -> None:
    """The sweep keeps the 4x line by dealer card and holding only: summed over the seen flop
    (turn-river) card, a state's deals are the dealer card's state's three (two) times, so the
    solve's 4x values must add up to three (two) times the sweep's, and the checking values to
    three (two) times the dealer card's; made-up sums of one holding and dealer card."""
    hole, d = [48, 49], 0
    cards = [c for c in range(52) if c not in (*hole, d)]
    h = holding(hole)
    rng = np.random.default_rng(34)
    checking, four = rng.integers(-10**6, 10**6, (2, len(cards)))
    sums = {"dealer": np.zeros((52, solver.HOLDINGS), dtype=np.int64),
            "four": np.zeros((52, solver.HOLDINGS), dtype=np.int64),
            name: np.zeros((52 * 52, solver.HOLDINGS), dtype=np.int64)}
    sums[name][d * 52 + np.array(cards), h] = times * checking
    sums["dealer"][d, h], sums["four"][d, h] = checking.sum(), four.sum()
    values = np.zeros((len(cards), 3), dtype=np.int64)
    values[:, 2] = times * four
    solution = dataclasses.replace(
        made_up_solution(), scenario=seen, values=values,
        state_cards=np.array([[*hole, d, c] for c in cards], dtype=np.int8),
        state_weight=np.ones(len(cards), dtype=np.int64),
        choice=np.zeros(len(cards), dtype=np.int8))
    assert rule_one.dealer_checking(seen, sums, solution).tolist() == (times * checking).tolist()
    values[0, 2] += 1
    with pytest.raises(RuntimeError, match="4x values: a deal is counted differently"):
        rule_one.dealer_checking(seen, sums, solution)
    values[0, 2] -= 1
    sums[name][d * 52 + cards[0], h] += 1
    with pytest.raises(RuntimeError, match="do not add up to the dealer card's"):
        rule_one.dealer_checking(seen, sums, solution)


# --- what is refused --------------------------------------------------------------------------

def test_what_each_exposure_accepts() -> None:
    rule = parse_text(RULE, "own")
    for seen in (Seen.DEALER_1, Seen.DEALER_1_FLOP_1, Seen.DEALER_1_TURN_RIVER_1,
                 Seen.DEALER_1_RIVER, Seen.FLOP_1, Seen.FLOP_2, Seen.FLOP_3):
        UltimateTexasHoldemRules(strategy=rule, seen=seen)      # accepted
    # with both dealer cards seen too (exposure/rule_two.py)
    UltimateTexasHoldemRules(strategy=rule, seen=Seen.DEALER_2)
    optimal_flop = parse_text(RULE.replace('otherwise = "check"\n\n[[flop.rules]]\n'
                                           'hand_min = "two-pair"\naction = "bet"',
                                           'play = "optimal"'), "optimal-flop")
    assert optimal_flop.flop.optimal and not optimal_flop.river.optimal
    # an optimal flop: by the flop sweep (exposure/rule_flop.py) with a dealer card seen,
    # refused with a turn-river card seen before the flop as well
    with pytest.raises(EdgeError, match="strategy=optimal-flop with seen=dealer-1,turn-river-1 "
                                        "is not supported: it plays the flop optimally"):
        UltimateTexasHoldemRules(strategy=optimal_flop, seen=Seen.DEALER_1_TURN_RIVER_1)
    for seen in (Seen.DEALER_1, Seen.DEALER_1_FLOP_1, Seen.DEALER_1_RIVER, Seen.FLOP_1,
                 Seen.FLOP_2, Seen.FLOP_3):
        UltimateTexasHoldemRules(strategy=optimal_flop, seen=seen)


def test_the_command_line_refuses_an_optimal_flop_in_one_line(edge_cli: CliRunner,
                                                              tmp_path: Path) -> None:
    path = tmp_path / "optimal-flop.toml"
    path.write_text(RULE.replace('otherwise = "check"\n\n[[flop.rules]]\nhand_min = '
                                 '"two-pair"\naction = "bet"', 'play = "optimal"'))
    result = edge_cli("table", "uth", "--set", "seen=dealer-1,turn-river-1", "--strategy",
                      str(path))
    assert result.status == 2
    assert result.err.startswith(f"edge: error: strategy={path} with seen=dealer-1,turn-river-1 "
                                 "is not supported") and result.err.count("\n") == 1


# --- the full counts (minutes; from the cache or with EDGE_EXPOSURE_FULL=1) -----------------

def full_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    """Run on the full solves: from the cache ``EDGE_PUBLISHED_CACHE`` names (as
    tests/test_uth_players.py does), or afresh with ``EDGE_EXPOSURE_FULL=1`` (minutes each);
    skipped otherwise."""
    folder = os.environ.get("EDGE_PUBLISHED_CACHE")
    if folder:
        monkeypatch.setenv("EDGE_CACHE_DIR", folder)
    elif not FULL:
        pytest.skip("the full solves take minutes: EDGE_PUBLISHED_CACHE or EDGE_EXPOSURE_FULL=1")


@pytest.mark.slow     # from the cache a second each; afresh a board sweep of minutes each
@pytest.mark.parametrize("seen", [Seen.DEALER_1, Seen.DEALER_1_FLOP_1,
                                  Seen.DEALER_1_TURN_RIVER_1])
def test_a_rule_reading_nothing_seen_gives_the_game_as_dealt(
        seen: Seen, monkeypatch: pytest.MonkeyPatch) -> None:
    """wizard-practical reads nothing seen (a chart, flop and river rules): with a dealer card
    (and a flop or turn-river card) seen it plays every deal as dealt, so its exact return is
    the unexposed evaluation's."""
    full_solves(monkeypatch)
    from edge.games.ultimate_texas_holdem.exposure import dealer_one
    from edge.games.ultimate_texas_holdem.strategy import practical
    strategy = UthStrategy.resolve("wizard-practical")
    solution = {Seen.DEALER_1: dealer_one.solve_dealer_one,
                Seen.DEALER_1_FLOP_1: dealer_one.solve_dealer_one_flop_one,
                Seen.DEALER_1_TURN_RIVER_1: dealer_one.solve_dealer_one_turn_river_one,
                }[seen](SETTLE, False)
    unexposed = practical.evaluate_cached(strategy, solver.solve(SETTLE, False))
    checking = rule_exposed.checking_values(strategy, solution,
                                            evaluation=lambda: unexposed)
    value = rule_exposed.rule_value(strategy, solution, checking)
    assert value.expected_return == unexposed.expected_return()
    assert isinstance(value.expected_return, Fraction)


@pytest.mark.slow
def test_flop_cards_with_the_optimal_rule_reproduce_the_solve(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Played as the optimal strategy does (flop and river optimal, which is what the game as
    dealt's flop and river are once the flop is seen), the flop-card path gives every flop-1
    state the solve's own checking value, and so the solve's return."""
    full_solves(monkeypatch)
    from edge.games.ultimate_texas_holdem.exposure import dealer_one
    from edge.games.ultimate_texas_holdem.strategy import practical
    from edge.games.ultimate_texas_holdem.strategy.language import OPTIMAL
    solution = dealer_one.solve_flop_one(SETTLE, False)
    evaluation = practical.evaluate_cached(OPTIMAL, solver.solve(SETTLE, False))
    checking = rule_exposed.checking_values(OPTIMAL, solution, evaluation=lambda: evaluation)
    assert np.array_equal(checking, solution.values[:, 0])
    value = rule_exposed.rule_value(OPTIMAL, solution, checking)
    assert value.expected_return == value.optimal_return
