"""Ultimate Texas Hold'em with one dealer card seen before the flop, the player playing the flop
optimally given that card and his own river rule (issue 34, section 4;
edge/games/ultimate_texas_holdem/exposure/rule_flop.py and its kernel _rule_flop.pyx).

The flop sweep is checked against a plain enumeration written here, on a reduced case (the
flops of one or two suit classes, every turn-river of each): for a few states (holding, seen
dealer card) the plain sums over each flop's 1,035 turn-rivers and 44 dealer hands of the value of
2x and of checking then the river rule (1x with a pair or better, by the shared evaluator
edge._core.evaluate_many, tested on its own, as tests/test_uth_rule_exposed.py does), the better
of the two per flop, added over the class's flops. The whole sweep (1,755 flop classes) takes
about half an hour of processor time: docs/protection.md gives its measured run.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.games.ultimate_texas_holdem.exposure import _rule_flop, rule_exposed, rule_flop
from edge.games.ultimate_texas_holdem.rules import Seen
from edge.games.ultimate_texas_holdem.solve import main_bet as uth
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy.language import load_strategy, parse_text
from tests.conftest import CliRunner
from tests.test_uth_rule_two import categories

pytestmark = pytest.mark.kernels

IntArray = npt.NDArray[np.int64]
SETTLE = solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "ante-push")
PERMUTATIONS = list(itertools.permutations(range(4)))
# the flop played optimally, 1x on the river with a pair or better
RULE = """
[preflop]
play = "optimal"

[flop]
play = "optimal"

[river]
otherwise = "fold"

[[river.rules]]
hand_min = "pair"
action = "play"
"""


def holding(cards: list[int]) -> int:
    a, b = sorted(cards)
    return int(solver.HOLDINGS - (52 - a) * (51 - a) // 2 + (b - a - 1))


def class_of(flop: list[int]) -> int:
    """The index of the suit class of ``flop``."""
    reps = [sorted(rep) for rep in solver.flop_classes().flops.tolist()]
    return next(reps.index(image) for image in flops_of(flop) if image in reps)


def flops_of(flop: list[int]) -> list[list[int]]:
    """Every flop a suit permutation makes of ``flop``."""
    return [list(f) for f in sorted({tuple(sorted((c & ~3) | p[c & 3] for c in flop))
                                     for p in PERMUTATIONS})]


def plain_flop(hole: list[int], dealer_card: int, flop: list[int]) -> tuple[int, int, int]:
    """The plain sums of one (holding, dealer card, flop) over its 1,035 turn-rivers and 44 dealer
    hands each: a 2x Play, checking then 1x with a pair or better (else a fold), a 4x Play."""
    rest = [c for c in range(52) if c not in {*hole, dealer_card, *flop}]
    pairs = list(itertools.combinations(rest, 2))
    boards = [[*flop, t, r] for t, r in pairs]
    players = _core.evaluate_many(np.array([hole + board for board in boards]))
    hands, owners = [], []
    for i, board in enumerate(boards):
        for x in rest:
            if x not in board:
                hands.append([dealer_card, x, *board])
                owners.append(i)
    dealers = _core.evaluate_many(np.array(hands))
    player_of = players[np.array(owners)]
    net = np.array(SETTLE.net)
    pays = net[:, categories(player_of, dealers)]                     # [5, deals]
    plays = (player_of >> 26) >= 1                                    # a pair or better
    two, four = int(pays[2].sum()), int(pays[4].sum())
    check = int(np.where(plays, pays[1], SETTLE.fold).sum())
    assert len(hands) == 1035 * 44
    return two, check, four


def plain_state(hole: list[int], dealer_card: int, flops: list[list[int]]
                ) -> dict[str, dict[int, int]]:
    """The plain sums of a state over ``flops``: the better of 2x and checking per flop
    (``dealer``, and by each flop card ``flop``), the 4x line (``four``) and how many flops
    are bet (``bets``)."""
    sums: dict[str, dict[int, int]] = {name: {} for name in ("dealer", "four", "bets", "flop")}
    for flop in flops:
        if set(flop) & {*hole, dealer_card}:
            continue
        two, check, four = plain_flop(hole, dealer_card, flop)
        best = max(two, check)
        for name, value in (("dealer", best), ("four", four), ("bets", int(two > check))):
            sums[name][0] = sums[name].get(0, 0) + value
        for card in flop:
            sums["flop"][card] = sums["flop"].get(card, 0) + best
    return sums


def reduced_sums(flops: list[list[int]], with_flop: bool) -> dict[str, IntArray]:
    classes = solver.flop_classes().subset([class_of(flop) for flop in flops])
    return rule_flop.flop_sums(parse_text(RULE, "reduced"), SETTLE, False,
                               with_flop=with_flop, classes=classes, jobs=1)


def check_states(sums: dict[str, IntArray], flops: list[list[int]],
                 states: list[tuple[list[int], int]], with_flop: bool) -> None:
    every = [image for flop in flops for image in flops_of(flop)]
    for hole, d in states:
        expected = plain_state(hole, d, every)
        h = holding(hole)
        for name in ("dealer", "four", "bets"):
            assert sums[name][d, h] == expected[name].get(0, 0), (name, hole, d)
        if with_flop:
            for card in range(52):
                assert sums["flop"][d * 52 + card, h] == expected["flop"].get(card, 0), \
                    (hole, d, card)


# a monotone flop (4 flops) and a rainbow one (24)
MONOTONE, RAINBOW = [1, 13, 45], [0, 21, 42]


def test_the_flop_sweep_matches_a_plain_enumeration() -> None:
    sums = reduced_sums([MONOTONE], with_flop=False)
    # pocket aces, the dealer card a four; a hand holding a card of one of the class's flops
    # (that flop skipped), the dealer card the ace of spades
    check_states(sums, [MONOTONE], [([48, 49], 8), ([1, 30], 51)], with_flop=False)
    assert int(sums["bets"].sum()) > 0


@pytest.mark.slow      # 7 s of processor time: 28 flops and the seen flop card's sums
def test_the_seen_flop_card_matches_a_plain_enumeration() -> None:
    flops = [MONOTONE, RAINBOW]
    check_states(reduced_sums(flops, with_flop=True), flops,
                 [([48, 49], 8), ([4, 25], 0), ([26, 39], 51)], with_flop=True)


def test_turn_rivers_and_boards() -> None:
    pairs = _rule_flop.turn_rivers(*MONOTONE)
    assert pairs.tolist() == [list(p) for p in itertools.combinations(
        [c for c in range(52) if c not in MONOTONE], 2)]
    boards = rule_flop.boards_of(np.array(MONOTONE, dtype=np.int32))
    assert boards.shape == (1176, 5) and (np.diff(boards, axis=1) > 0).all()
    assert [sorted(set(b) - set(MONOTONE)) for b in boards.tolist()[:3]] == pairs[:3].tolist()


def test_kernel_refuses_bad_arguments() -> None:
    flop = np.array(MONOTONE, dtype=np.int32)
    folds = np.zeros((1176, 1326), dtype=np.uint8)
    out = np.zeros((52, 1326), dtype=np.int64)
    net = np.array(SETTLE.net, dtype=np.int64)
    with pytest.raises(ValueError, match="weight 25"):
        _rule_flop.optimal_flop(flop, 25, folds, net, SETTLE.fold, False, out, out, out)
    with pytest.raises(ValueError, match="ascending"):
        _rule_flop.optimal_flop(flop[::-1].copy(), 1, folds, net, SETTLE.fold, False, out, out,
                                out)
    with pytest.raises(ValueError, match="appears twice"):
        _rule_flop.optimal_flop(np.array([1, 1, 5], dtype=np.int32), 1, folds, net,
                                SETTLE.fold, False, out, out, out)
    with pytest.raises(ValueError, match="river_fold"):
        _rule_flop.optimal_flop(flop, 1, folds[:5], net, SETTLE.fold, False, out, out, out)
    with pytest.raises(ValueError, match="2704"):
        _rule_flop.optimal_flop(flop, 1, folds, net, SETTLE.fold, False, out, out, out, out)
    with pytest.raises(ValueError, match="a flop is three cards"):
        _rule_flop.turn_rivers(3, 2, 1)


def test_which_scenarios_the_flop_sweep_counts() -> None:
    optimal_flop = parse_text(RULE, "optimal-flop")
    assert rule_flop.counted(optimal_flop, Seen.DEALER_1)
    assert rule_flop.counted(optimal_flop, Seen.DEALER_1_FLOP_1)
    for seen in (Seen.DEALER_1_TURN_RIVER_1, Seen.DEALER_1_RIVER, Seen.FLOP_1):
        assert not rule_flop.counted(optimal_flop, seen)
    ruled = parse_text(RULE.replace('[flop]\nplay = "optimal"',
                                    '[flop]\notherwise = "check"'), "ruled")
    assert not rule_flop.counted(ruled, Seen.DEALER_1)
    informed = parse_text(RULE[:RULE.index("[river]")] + '[river]\nplay = "optimal"\n', "both")
    assert not rule_flop.counted(informed, Seen.DEALER_1)
    assert rule_exposed.checking_values.__module__ == rule_exposed.__name__


def test_the_shipped_example_is_an_optimal_flop_with_the_wizards_river() -> None:
    root = Path(__file__).resolve().parent.parent
    ours = load_strategy(root / "examples/strategies/uth-wizard-optimal-flop.toml")
    wizard = load_strategy(root / "edge/games/ultimate_texas_holdem/strategies/"
                                  "wizard-practical.toml")
    assert ours.flop.optimal and rule_flop.counted(ours, Seen.DEALER_1)
    assert ours.river == wizard.river and ours.chart == wizard.chart


def test_a_turn_river_card_seen_is_refused_in_one_line(edge_cli: CliRunner) -> None:
    root = Path(__file__).resolve().parent.parent
    path = root / "examples/strategies/uth-wizard-optimal-flop.toml"
    result = edge_cli("table", "uth", "--set", "seen=dealer-1,turn-river-1", "--strategy",
                      str(path))
    assert result.status == 2 and result.err.count("\n") == 1
    assert "a decision edge does not count with a turn-river card seen" in result.err
