"""Ultimate Texas Hold'em with both dealer hole cards seen, the player following his own flop
and river rules (issue 34, section 4; edge/games/ultimate_texas_holdem/exposure/rule_two.py and
its kernel _rule_two.pyx).

Checked against plain enumerations written here (a plain five-card poker ranking of its own
for the flop comparison, and the shared evaluator edge._core.evaluate_many, tested on its own,
for the 7-card showdowns, as tests/test_uth_exposure_dealer_two.py does): on a reduced case (the
flops of two suit classes, every flop of their orbits) each sampled state class's row must be
its orbit size times the plain counts of one of its states, the flop decided by E. Jacobson's
rule ("2x if your hand outranks the dealer's on the flop"; E. Jacobson, "Ultimate Texas
Hold'em Hole-Card Play: Two Dealer Cards", 888casino blog, 9 August 2015; docs/references.md).
The whole count takes minutes; with ``EDGE_EXPOSURE_FULL=1`` (or the count in the cache) the
slow test checks it against a seeded simulation of the rule written here.
"""

from __future__ import annotations

import itertools
import os
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem.exposure import _rule_two, dealer_two, rule_two
from edge.games.ultimate_texas_holdem.rules import Seen, UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.solve import main_bet as uth
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy, parse_text
from edge.paytables import PayTable
from edge.table import ReturnTable, Row
from tests.conftest import CliRunner

pytestmark = pytest.mark.kernels

IntArray = npt.NDArray[np.int64]
ROOT = Path(__file__).resolve().parent.parent
SETTLE = solver.settlement(uth.BLIND_PRESETS["standard"].as_dict(), "ante-push")
ROYAL = (8 << 26) | (1 << 25)
PERMUTATIONS = list(itertools.permutations(range(4)))
FULL = os.environ.get("EDGE_EXPOSURE_FULL", "") not in ("", "0")
PLAYED = ROOT / "examples/strategies/uth-jacobson-easiest-river-ties-played.toml"
FOLDED = ROOT / "examples/strategies/uth-jacobson-easiest-river-ties-folded.toml"


# --- plain references ------------------------------------------------------------------------

def plain_rank(cards: list[int]) -> tuple[int, ...]:
    """A five-card poker hand's rank as a tuple (larger is better): the kind of hand, then the
    ranks that break ties (the wheel counts its ace low)."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    order = [rank for rank, _ in groups]
    flush = len({c & 3 for c in cards}) == 1
    straight_top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        straight_top = ranks[0]
    if ranks == [12, 3, 2, 1, 0]:
        straight_top = 3
    shape = sorted(counts.values(), reverse=True)
    if straight_top is not None:
        return (8 if flush else 4, straight_top)
    if flush:
        return (5, *ranks)
    kind = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(
        tuple(shape), 0)
    return (kind, *order)


def categories(player: IntArray, dealer: IntArray) -> IntArray:
    """The outcome category of each showdown (docs/rules.md section 4)."""
    hand_class = np.where(player >= ROYAL, 9, player >> 26)
    blind = np.maximum(hand_class - 3, 0)
    qualifies = (dealer >> 26) >= 1
    return np.select(
        [(player > dealer) & qualifies, player > dealer, player == dealer, qualifies],
        [blind, 7 + blind, np.full_like(blind, 14), np.full_like(blind, 15)], 16)


def flop_counts(hole: list[int], dealer: list[int], flop: list[int]) -> IntArray:
    """The 17 category counts of one (holding, dealer holding, flop) over its 990 turn-rivers."""
    rest = [c for c in range(52) if c not in hole + dealer + flop]
    pairs = np.array(list(itertools.combinations(rest, 2)))
    boards = np.concatenate([np.tile(flop, (len(pairs), 1)), pairs], axis=1)
    player = _core.evaluate_many(np.concatenate([np.tile(hole, (len(pairs), 1)), boards], 1))
    banker = _core.evaluate_many(np.concatenate([np.tile(dealer, (len(pairs), 1)), boards], 1))
    return np.bincount(categories(player, banker), minlength=17).astype(np.int64)


def flop_orbit(flop: list[int]) -> list[list[int]]:
    """Every flop a suit permutation makes of ``flop``."""
    return [list(f) for f in sorted({tuple(sorted((c & ~3) | p[c & 3] for c in flop))
                                     for p in PERMUTATIONS})]


def plain_row(hole: list[int], dealer: list[int], flops: list[list[int]],
              bets: object) -> IntArray:
    """One state's row over some flops (17 counts bet 2x, 17 checked, the flops bet), the
    flop decided by ``bets(hole, dealer, flop, counts)``."""
    row = np.zeros(36, dtype=np.int64)
    for flop in flops:
        if set(flop) & set(hole + dealer):
            continue
        counts = flop_counts(hole, dealer, flop)
        assert callable(bets)
        if bets(hole, dealer, flop, counts):
            row[:17] += counts
            row[34] += 1
        else:
            row[17:34] += counts
    return row


def jacobson_flop(hole: list[int], dealer: list[int], flop: list[int], counts: IntArray
                  ) -> bool:
    """2x when the player's five cards on the flop outrank the dealer's."""
    return plain_rank(hole + flop) > plain_rank(dealer + flop)


# --- the reduced case ------------------------------------------------------------------------

REDUCED_FLOPS = ([0, 1, 2], [0, 4, 8])      # trip deuces, a monotone 2-3-4: 4 flops each


def class_of(flop: list[int]) -> int:
    target = {tuple(f) for f in flop_orbit(flop)}
    for index, representative in enumerate(solver.flop_classes().flops.tolist()):
        if tuple(sorted(representative)) in target:
            return index
    raise AssertionError(f"no class holds {flop}")


def reduced_classes() -> solver.FlopClasses:
    return solver.flop_classes().subset([class_of(flop) for flop in REDUCED_FLOPS])


def sampled_states(count: int, seed: int) -> list[int]:
    table = dealer_two.states()
    rng = np.random.default_rng(seed)
    return sorted({0, 1, len(table.weight) - 1}
                  | {int(i) for i in rng.choice(len(table.weight), count, replace=False)})


def test_plain_rank_orders_the_kinds() -> None:
    # a wheel below a six-high straight, a flush above a straight, a pair above high card
    wheel, six_high = [48, 0, 4, 8, 13], [4, 8, 12, 17, 20]
    assert plain_rank(wheel) < plain_rank(six_high)
    assert plain_rank([0, 8, 16, 24, 44]) > plain_rank(six_high)
    assert plain_rank([0, 1, 8, 12, 20]) > plain_rank([48, 44, 40, 36, 5])


def test_reduced_case_matches_a_plain_enumeration() -> None:
    strategy = UthStrategy.resolve(str(PLAYED))
    rows = rule_two.solve_rows(strategy, SETTLE, False, classes=reduced_classes(), jobs=1)
    table = dealer_two.states()
    flops = [f for flop in REDUCED_FLOPS for f in flop_orbit(flop)]
    for state in sampled_states(8, seed=34):
        hole, dealer = table.cards[state, :2].tolist(), table.cards[state, 2:].tolist()
        expected = plain_row(hole, dealer, flops, jacobson_flop)
        assert (rows[state] == table.weight[state] * expected).all(), (hole, dealer)
    # every (holding, dealer holding) off a flop, 990 deals each, over the 8 flops
    assert int(rows[:, :34].sum()) == 8 * 1176 * 1081 * 990


def test_a_flop_rule_mixing_versus_dealer_with_other_features() -> None:
    """2x with a pair or better when not behind, then with four to a flush when behind: the
    kernels' own flop features and versus_dealer together, in rule order."""
    text = PLAYED.read_text().replace(
        "[[flop.rules]]\nversus_dealer = \"ahead\"\naction = \"bet\"",
        "[[flop.rules]]\nversus_dealer = [\"tied\", \"ahead\"]\nhand_min = \"pair\"\n"
        "action = \"bet\"\n\n[[flop.rules]]\nversus_dealer = \"behind\"\n"
        "flush_draw = true\naction = \"bet\"")
    strategy = parse_text(text, "mixed")
    assert len(strategy.flop.rules) == 2
    classes = solver.flop_classes().subset([class_of([0, 4, 8])])
    rows = rule_two.solve_rows(strategy, SETTLE, False, classes=classes, jobs=1)

    def bets(hole: list[int], dealer: list[int], flop: list[int], counts: IntArray) -> bool:
        mine, his = plain_rank(hole + flop), plain_rank(dealer + flop)
        suits = Counter(c & 3 for c in hole + flop)
        four_flush = max(suits.values()) == 4
        return (mine >= his and mine[0] >= 1) or (mine < his and four_flush)

    table = dealer_two.states()
    for state in sampled_states(6, seed=8):
        hole, dealer = table.cards[state, :2].tolist(), table.cards[state, 2:].tolist()
        expected = plain_row(hole, dealer, flop_orbit([0, 4, 8]), bets)
        assert (rows[state] == table.weight[state] * expected).all(), (hole, dealer)


def test_an_optimal_flop_before_a_river_rule() -> None:
    """A flop played optimally compares 2x with checking given the rule's river (the folded
    tie of the literal reading), through the dealer-2 kernel."""
    text = PLAYED.read_text().replace("[flop]\n\n[[flop.rules]]\nversus_dealer = \"ahead\"\n"
                                      "action = \"bet\"", "[flop]\nplay = \"optimal\"")
    strategy = parse_text(text.replace('["ahead", "tied"]', '"ahead"'), "optimal-flop")
    assert strategy.flop.optimal and not strategy.river.optimal
    classes = solver.flop_classes().subset([class_of([0, 4, 8])])
    rows = rule_two.solve_rows(strategy, SETTLE, False, classes=classes, jobs=1)
    net = np.array(SETTLE.net)
    # the river of the literal reading: 1x on a win, fold a tie or a loss
    river = np.where(np.arange(17) < 14, net[1], SETTLE.fold)

    def better(hole: list[int], dealer: list[int], flop: list[int], counts: IntArray) -> bool:
        return int(counts @ net[2]) > int(counts @ river)

    table = dealer_two.states()
    for state in sampled_states(6, seed=3):
        hole, dealer = table.cards[state, :2].tolist(), table.cards[state, 2:].tolist()
        expected = plain_row(hole, dealer, flop_orbit([0, 4, 8]), better)
        assert (rows[state, :35] == table.weight[state] * expected[:35]).all(), (hole, dealer)


def test_river_rules_by_outcome() -> None:
    played = UthStrategy.resolve(str(PLAYED))
    folded = UthStrategy.resolve(str(FOLDED))
    plays = rule_two.river_plays(played.river, SETTLE, False)
    assert plays[:15].all() and not plays[15:].any()        # wins and the tie
    plays = rule_two.river_plays(folded.river, SETTLE, False)
    assert plays[:14].all() and not plays[14:].any()        # wins only
    # played ties are the optimal river with both dealer cards seen
    assert (rule_two.river_values(played.river, SETTLE, False)
            == dealer_two.river_values(SETTLE, False)[0]).all()


def test_the_rule_needs_both_dealer_cards() -> None:
    played = UthStrategy.resolve(str(PLAYED))
    UltimateTexasHoldemRules(strategy=played, seen=Seen.DEALER_2)          # accepted
    for seen in (Seen.NONE, Seen.DEALER_1):
        with pytest.raises(EdgeError, match="needs both dealer cards seen"):
            UltimateTexasHoldemRules(strategy=played, seen=seen)
    # a river rule reading the hand and the board is accepted with both cards seen too
    text = PLAYED.read_text().replace("[[preflop.rules]]\nahead = true\naction = \"4x\"", "")
    river = text.replace('versus_dealer = ["ahead", "tied"]', 'hand_min = "pair"')
    UltimateTexasHoldemRules(strategy=parse_text(river, "river"), seen=Seen.DEALER_2)
    UltimateTexasHoldemRules(strategy=UthStrategy.resolve("wizard-practical"),
                             seen=Seen.DEALER_2)


# --- river rules reading the player's hand and the board -------------------------------------

WIZARD = UthStrategy.resolve("wizard-practical")
# the river of a rule file mixing versus_dealer with other features: ahead or tied, play a
# hidden hand; behind, play with fewer than 10 dealer outs; two pair or better always plays
MIXED_RIVER = """[river]
otherwise = "fold"

[[river.rules]]
versus_dealer = ["ahead", "tied"]
hidden = true
action = "play"

[[river.rules]]
versus_dealer = "behind"
dealer_outs_below = 10
action = "play"

[[river.rules]]
hand_min = "two-pair"
action = "play"
"""


def plain_class(strength: IntArray) -> IntArray:
    """The kind of hand of each strength (9 a royal flush)."""
    return np.where(strength >= ROYAL, 9, strength >> 26)


def plain_river(hole: list[int], flop: list[int]) -> dict[tuple[int, int], tuple[int, int, int]]:
    """Per turn-river pair off the holding and the flop: the player's hand's kind, the board's
    own kind and the dealer outs (unseen cards that with the five board cards alone beat the
    player's seven), by the shared evaluator."""
    rest = [c for c in range(52) if c not in hole + flop]
    pairs = list(itertools.combinations(rest, 2))
    boards = np.array([flop + list(pair) for pair in pairs])
    player = _core.evaluate_many(np.concatenate([np.tile(hole, (len(pairs), 1)), boards], 1))
    board = _core.evaluate_many(boards)
    sixes, owners = [], []
    for i, pair in enumerate(pairs):
        for c in rest:
            if c not in pair:
                sixes.append(flop + list(pair) + [c])
                owners.append(i)
    beats = _core.evaluate_many(np.array(sixes)) > player[owners]
    outs = np.bincount(np.array(owners)[beats], minlength=len(pairs))
    kinds, board_kinds = plain_class(player), plain_class(board)
    return {pair: (int(kinds[i]), int(board_kinds[i]), int(outs[i]))
            for i, pair in enumerate(pairs)}


def wizard_river(kind: int, board_kind: int, outs: int, versus: int) -> bool:
    """Wizard of Odds: 1x with a hidden pair or better or fewer than 21 dealer outs."""
    return kind > board_kind or outs < 21


def mixed_river(kind: int, board_kind: int, outs: int, versus: int) -> bool:
    """:data:`MIXED_RIVER` in plain words."""
    return ((versus >= 1 and kind > board_kind) or (versus == 0 and outs < 10)
            or kind >= 2)


def plain_river_row(hole: list[int], dealer: list[int], flops: list[list[int]], bets: object,
                    plays: object) -> IntArray:
    """One state's 52 columns over some flops: 17 counts bet 2x, 17 checked then played 1x,
    17 checked then folded, the flops bet; the flop decided by ``bets(hole, dealer, flop,
    played, folded)``, the river by ``plays(kind, board kind, outs, versus)``."""
    row = np.zeros(52, dtype=np.int64)
    assert callable(bets) and callable(plays)
    for flop in flops:
        if set(flop) & set(hole + dealer):
            continue
        seen = plain_river(hole, flop)
        rest = [c for c in range(52) if c not in hole + dealer + flop]
        pairs = list(itertools.combinations(rest, 2))
        boards = np.array([flop + list(pair) for pair in pairs])
        player = _core.evaluate_many(np.concatenate([np.tile(hole, (len(pairs), 1)), boards],
                                                    1))
        banker = _core.evaluate_many(np.concatenate([np.tile(dealer, (len(pairs), 1)), boards],
                                                    1))
        category = categories(player, banker)
        played, folded = np.zeros(17, dtype=np.int64), np.zeros(17, dtype=np.int64)
        for i, pair in enumerate(pairs):
            versus = int(np.sign(player[i] - banker[i])) + 1
            if plays(*seen[pair], versus):
                played[category[i]] += 1
            else:
                folded[category[i]] += 1
        if bets(hole, dealer, flop, played, folded):
            row[:17] += played + folded
            row[51] += 1
        else:
            row[17:34] += played
            row[34:51] += folded
    return row


def wizard_flop(hole: list[int], dealer: list[int], flop: list[int], played: IntArray,
                folded: IntArray) -> bool:
    """Wizard of Odds' flop: 2x with two pair or better, a hidden pair but pocket deuces, or
    four to a flush with a hole card of that suit of ten or better."""
    mine = plain_rank(hole + flop)
    ranks = [c >> 2 for c in flop]
    suits = Counter(c & 3 for c in hole + flop)
    suit, most = suits.most_common(1)[0]
    flush_hole = max([c >> 2 for c in hole if c & 3 == suit], default=-1)
    pocket = hole[0] >> 2 == hole[1] >> 2
    if mine[0] == 1 and pocket and hole[0] >> 2 == 0:
        return False
    hidden_pair = mine[0] == 1 and (pocket or any(c >> 2 in ranks for c in hole))
    return mine[0] >= 2 or hidden_pair or (most == 4 and flush_hole >= 8)


@pytest.mark.parametrize("flop", [[0, 4, 8], pytest.param([0, 1, 12], marks=pytest.mark.slow)])
def test_a_river_rule_reading_the_cards_matches_a_plain_enumeration(flop: list[int]) -> None:
    """The Wizard of Odds' practical strategy (a river reading hidden and dealer_outs) on the
    flops of one suit class: each sampled state's row is its orbit size times the plain
    counts of one of its states."""
    rows = rule_two.solve_rows(WIZARD, SETTLE, False, classes=solver.flop_classes().subset(
        [class_of(flop)]), jobs=1)
    assert rows.shape[1] == _rule_two.RIVER_ROW
    table = dealer_two.states()
    for state in sampled_states(3, seed=flop[2]):
        hole, dealer = table.cards[state, :2].tolist(), table.cards[state, 2:].tolist()
        expected = plain_river_row(hole, dealer, flop_orbit(flop), wizard_flop, wizard_river)
        assert (rows[state] == table.weight[state] * expected).all(), (hole, dealer)
    assert int(rows[:, :51].sum()) == len(flop_orbit(flop)) * 1176 * 1081 * 990


@pytest.mark.slow       # two blanked-table runs on one flop class (2 s; the plain run keeps
                         # the river reading the cards after the rule's own flop)
def test_an_optimal_flop_before_a_river_mixing_versus_dealer() -> None:
    """River rules reading versus_dealer with other features (two masked counts, one for
    ahead or tied, one for behind), after a flop played optimally given that river."""
    text = PLAYED.read_text()
    text = text[:text.index("[flop]")] + '[flop]\nplay = "optimal"\n\n' + MIXED_RIVER
    strategy = parse_text(text, "mixed-river")
    sources, plans = rule_two.river_sources(strategy.river)
    assert sources == [0, 1, 1] and len(plans) == 2
    rows = rule_two.solve_rows(strategy, SETTLE, False, classes=solver.flop_classes().subset(
        [class_of([0, 4, 8])]), jobs=1)
    net = np.array(SETTLE.net)

    def better(hole: list[int], dealer: list[int], flop: list[int], played: IntArray,
               folded: IntArray) -> bool:
        check = int(played @ net[1]) + int(folded.sum()) * SETTLE.fold
        return int((played + folded) @ net[2]) > check

    table = dealer_two.states()
    for state in sampled_states(3, seed=5):
        hole, dealer = table.cards[state, :2].tolist(), table.cards[state, 2:].tolist()
        expected = plain_river_row(hole, dealer, flop_orbit([0, 4, 8]), better, mixed_river)
        assert (rows[state] == table.weight[state] * expected).all(), (hole, dealer)


def test_river_sources() -> None:
    """Per versus value: a constant play (-1) or fold (-2), else the plan read."""
    assert rule_two.river_sources(WIZARD.river)[0] == [0, 0, 0]
    assert not rule_two.reads_only_versus(WIZARD.river)
    assert rule_two.reads_only_versus(UthStrategy.resolve(str(PLAYED)).river)
    text = PLAYED.read_text().replace('versus_dealer = ["ahead", "tied"]',
                                      'versus_dealer = "ahead"\nhidden = true')
    sources, plans = rule_two.river_sources(parse_text(text, "x").river)
    assert sources == [-2, -2, 0] and len(plans) == 1


def test_lines_of_the_wider_rows() -> None:
    """Rows of 52 columns give the same lines as rows of 36 with the same river: the Jacobson
    river (wins and ties played) written both ways."""
    strategy = UthStrategy.resolve(str(PLAYED))
    narrow = made_up_rows()
    wide = np.zeros((len(narrow), 52), dtype=np.int64)
    wide[:, :17] = narrow[:, :17]
    plays = rule_two.river_plays(strategy.river, SETTLE, False)
    wide[:, 17:34] = np.where(plays, narrow[:, 17:34], 0)
    wide[:, 34:51] = np.where(plays, 0, narrow[:, 17:34])
    wide[:, 51] = narrow[:, 34]
    one = rule_two.rule_solution(strategy, narrow, SETTLE, False)
    other = rule_two.rule_solution(strategy, wide, SETTLE, False)
    assert one.expected_return == other.expected_return and one.flop_bets == other.flop_bets
    assert (one.solution.values == other.solution.values).all()


def test_kernel_refuses_bad_arguments() -> None:
    index = dealer_two.states().index
    rows = np.zeros((len(dealer_two.states().weight), _rule_two.ROW), dtype=np.int32)
    plan = np.zeros((1, 3, 1326), dtype=np.uint8)
    with pytest.raises(ValueError, match="bad flop"):
        _rule_two.solve_flops(np.array([[0, 0, 1]], dtype=np.int32), index, plan, rows)
    with pytest.raises(ValueError, match="plan must be"):
        _rule_two.solve_flops(np.array([[0, 1, 2]], dtype=np.int32), index, plan[:, :2], rows)
    plan[0, 1, 7] = 2
    with pytest.raises(ValueError, match=r"plan\[0, 1, 7\] = 2"):
        _rule_two.solve_flops(np.array([[0, 1, 2]], dtype=np.int32), index, plan, rows)
    with pytest.raises(ValueError, match="state_index"):
        _rule_two.solve_flops(np.array([[0, 1, 2]], dtype=np.int32),
                              np.zeros((1326, 1326), dtype=np.int32) - 1,
                              np.zeros((1, 3, 1326), dtype=np.uint8), rows)


def test_river_kernel_refuses_bad_arguments() -> None:
    index = dealer_two.states().index
    rows = np.zeros((len(dealer_two.states().weight), _rule_two.RIVER_ROW), dtype=np.int32)
    flops = np.array([[0, 1, 2]], dtype=np.int32)
    plays = np.zeros((3, 1326), dtype=np.uint8)
    classes = np.zeros((1, 1176), dtype=np.int32)
    perms = np.zeros((1, 1176), dtype=np.uint8)
    net = np.ascontiguousarray(SETTLE.array())

    def run(**changed: Any) -> None:
        given: dict[str, Any] = {"plays": plays, "classes": classes, "perms": perms,
                                 "sources": (0, 0, 0), **changed}
        _rule_two.solve_river_flops(flops, index, None, given["plays"], given["classes"],
                                    given["perms"], given["sources"], net, SETTLE.fold, False,
                                    rows)

    with pytest.raises(ValueError, match="sources must be three of -2..2"):
        run(sources=(0, 3, 0))
    bad = classes.copy()
    bad[0, 5] = 3
    with pytest.raises(ValueError, match="board 5 of flop 0: class 3"):
        run(classes=bad)
    with pytest.raises(ValueError, match=r"board_class and board_perm must be \[1, 1176\]"):
        run(perms=perms[:, :5])


# --- the whole count, against a simulation ----------------------------------------------------

def simulate(hands: int, seed: int) -> dict[bool, tuple[Fraction, float]]:
    """E. Jacobson's rule played on ``hands`` seeded deals (nine cards from a shuffled deck:
    player, dealer, flop, turn, river), settled from the pays; for a river tie played (True)
    and folded (False), the mean net per Ante and its standard error. The flop comparison and
    the showdown use the shared evaluator, the 4x test :func:`plain_start_order`."""
    rng = np.random.default_rng(seed)
    # nine cards of a shuffled deck per deal, 100,000 deals at a time (a deck of floats each)
    cards = np.concatenate([np.argsort(rng.random((min(100_000, hands - start), 52)),
                                       axis=1)[:, :9] for start in range(0, hands, 100_000)])
    hole, dealer, board = cards[:, :2], cards[:, 2:4], cards[:, 4:]
    player = _core.evaluate_many(np.concatenate([hole, board], axis=1))
    banker = _core.evaluate_many(np.concatenate([dealer, board], axis=1))
    flop_player = _core.evaluate_many(np.concatenate([hole, board[:, :3]], axis=1))
    flop_banker = _core.evaluate_many(np.concatenate([dealer, board[:, :3]], axis=1))
    category = categories(player, banker)
    net = np.array(SETTLE.net)
    four = plain_start_order(hole) > plain_start_order(dealer)
    two = ~four & (flop_player > flop_banker)
    out = {}
    for ties_played in (True, False):
        plays = (player > banker) | (ties_played & (player == banker))
        results = np.select([four, two, plays], [net[4][category], net[2][category],
                                                  net[1][category]], SETTLE.fold)
        mean = Fraction(int(results.sum()), hands * SETTLE.scale)
        out[ties_played] = (mean, float(results.std(ddof=1)) / SETTLE.scale / hands ** 0.5)
    return out


def plain_start(cards: list[int]) -> tuple[int, int, int]:
    """Two cards' order as starting hands: a pair above no pair, then the ranks."""
    high, low = max(c >> 2 for c in cards), min(c >> 2 for c in cards)
    return (int(high == low), high, low)


@pytest.mark.slow
@pytest.mark.skipif(not FULL, reason="the whole count takes minutes: EDGE_EXPOSURE_FULL=1")
def test_whole_count_against_a_simulation() -> None:
    simulated = simulate(2_000_000, seed=34)
    for path, ties_played in ((PLAYED, True), (FOLDED, False)):
        exact = rule_two.solve_rule(UthStrategy.resolve(str(path)), SETTLE).expected_return
        mean, error = simulated[ties_played]
        assert abs(float(mean - exact)) < 4 * error, (float(exact), float(mean), error)


def wizard_chart(hole: IntArray) -> npt.NDArray[np.bool_]:
    """The Wizard of Odds' 4x chart (33+, A2+, K2s+, K5o+, Q6s+, Q8o+, J8s+, JTo) per row of
    two hole cards."""
    high, low = np.maximum(hole[:, 0] >> 2, hole[:, 1] >> 2), np.minimum(hole[:, 0] >> 2,
                                                                          hole[:, 1] >> 2)
    suited = (hole[:, 0] & 3) == (hole[:, 1] & 3)
    chart: npt.NDArray[np.bool_] = (
        ((high == low) & (low >= 1)) | (high == 12) | ((high == 11) & (suited | (low >= 3)))
        | ((high == 10) & ((suited & (low >= 4)) | (low >= 6)))
        | ((high == 9) & ((suited & (low >= 6)) | (low == 8))))
    return chart


def simulate_wizard(hands: int, seed: int) -> tuple[Fraction, float]:
    """The Wizard of Odds' practical strategy with both dealer cards seen (which it never
    reads) on ``hands`` seeded deals: the mean net per Ante and its standard error. The flop
    and river rules are read from the cards here (:func:`wizard_flop`, :func:`wizard_river`
    and the dealer outs counted with the shared evaluator)."""
    rng = np.random.default_rng(seed)
    net = np.array(SETTLE.net)
    results = []
    for start in range(0, hands, 20_000):
        cards = np.argsort(rng.random((min(20_000, hands - start), 52)), axis=1)[:, :9]
        hole, dealer, board = cards[:, :2], cards[:, 2:4], cards[:, 4:]
        player = _core.evaluate_many(np.concatenate([hole, board], axis=1))
        banker = _core.evaluate_many(np.concatenate([dealer, board], axis=1))
        category = categories(player, banker)
        four = wizard_chart(hole)
        two = np.array([not four[i] and wizard_flop(hole[i].tolist(), [], board[i, :3].tolist(),
                                                    category[:0], category[:0])
                        for i in range(len(cards))], dtype=bool)
        # dealer outs: the cards off the player's seven that with the board beat him
        others = np.array([[c for c in range(52) if c not in row] for row in
                           np.concatenate([hole, board], axis=1).tolist()])
        sixes = np.concatenate([np.repeat(board, 45, axis=0), others.reshape(-1, 1)], axis=1)
        outs = (_core.evaluate_many(sixes).reshape(-1, 45) > player[:, None]).sum(axis=1)
        hidden = plain_class(player) > plain_class(_core.evaluate_many(board))
        plays = hidden | (outs < 21)
        results.append(np.select([four, two, plays], [net[4][category], net[2][category],
                                                       net[1][category]], SETTLE.fold))
    every = np.concatenate(results)
    return (Fraction(int(every.sum()), hands * SETTLE.scale),
            float(every.std(ddof=1)) / SETTLE.scale / hands ** 0.5)


@pytest.mark.slow
def test_wizard_practical_whole_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """wizard-practical reads neither dealer card: its exact return with both seen is its
    return in the game as dealt (a count of its own, strategy/practical.py), to the last
    unit, and a seeded simulation of 400,000 deals written here agrees. From the cache
    ``EDGE_PUBLISHED_CACHE`` names, or afresh with ``EDGE_EXPOSURE_FULL=1`` (minutes)."""
    folder = os.environ.get("EDGE_PUBLISHED_CACHE")
    if folder:
        monkeypatch.setenv("EDGE_CACHE_DIR", folder)
    elif not FULL:
        pytest.skip("the whole count takes minutes: EDGE_PUBLISHED_CACHE or EDGE_EXPOSURE_FULL=1")
    from edge.games.ultimate_texas_holdem.strategy import practical
    exact = rule_two.solve_rule(WIZARD, SETTLE).expected_return
    dealt = practical.evaluate_cached(WIZARD, solver.solve(SETTLE, False)).expected_return()
    assert exact == dealt
    mean, error = simulate_wizard(400_000, seed=34)
    assert abs(float(mean - exact)) < 4 * error, (float(exact), float(mean), error)


def test_a_small_wizard_simulation_runs() -> None:
    """The simulation itself on a few hands: the chart raises about half of them."""
    mean, error = simulate_wizard(2_000, seed=2)
    assert error > 0 and -1 < mean < 1
    # A2o, K2o, K2s, 33, 22, Q6o, Q8o, JTo, J9o, J9s (card = 4 x rank + suit, deuce 0)
    hole = np.array([[48, 1], [44, 1], [44, 0], [4, 5], [0, 1], [40, 17], [40, 25], [36, 33],
                     [36, 29], [36, 28]])
    assert wizard_chart(hole).tolist() == [True, False, True, True, False, False, True, True,
                                           False, True]


def test_a_small_simulation_runs() -> None:
    """The simulation itself on a few hands: the tie reading changes only ties."""
    simulated = simulate(2_000, seed=1)
    assert simulated[True][0] >= simulated[False][0]


# --- the lines and the table, from made-up rows ---------------------------------------------

def made_up_rows() -> IntArray:
    """Rows of a whole count, made up: every state's deals half bet 2x on the flop and won
    against a qualifying dealer below a straight, half checked and tied."""
    table = dealer_two.states()
    rows = np.zeros((len(table.weight), 36), dtype=np.int64)
    half = dealer_two.DEALS_PER_STATE // 2
    rows[:, solver.WIN_QUALIFIED[0]] = table.weight * half
    rows[:, 17 + solver.TIE] = table.weight * half
    rows[:, 34] = table.weight * 17296 // 2
    return rows


def made_up_dealt(paytable: PayTable) -> ReturnTable:
    """The game as dealt, made up: a return of -2% per Ante over a cycle of 50 deals."""
    return ReturnTable("ultimate-texas-holdem", "main", (Row("made up", Fraction(-1, 50), 50),),
                       paytable, {}, initial_wager=Fraction(1), basis="Ante")


@pytest.mark.parametrize(("path", "ties_played"), [(PLAYED, True), (FOLDED, False)])
def test_lines_from_made_up_rows(path: Path, ties_played: bool) -> None:
    strategy = UthStrategy.resolve(str(path))
    ruled = rule_two.rule_solution(strategy, made_up_rows(), SETTLE, False)
    table = dealer_two.states()
    cards = table.cards.astype(np.int64)
    ahead = plain_start_order(cards[:, :2]) > plain_start_order(cards[:, 2:])
    net = np.array(SETTLE.net)
    tie = 0 if ties_played else SETTLE.fold
    # per deal of a state: half a win, half a tie; 4x when ahead, else 2x on the won half
    per_deal = np.where(ahead, net[4][0] + net[4][solver.TIE], net[2][0] + tie)
    total = int((table.weight * per_deal).sum()) * (dealer_two.DEALS_PER_STATE // 2)
    assert ruled.expected_return == Fraction(total, solver.CYCLE * SETTLE.scale)
    assert (ruled.solution.choice == np.where(ahead, 4, 0)).all()
    assert ruled.solution.folds == (0 if ties_played else int(
        table.weight[~ahead].sum()) * (dealer_two.DEALS_PER_STATE // 2))


def plain_start_order(cards: IntArray) -> IntArray:
    """Two cards' order as starting hands, one number per row (see :func:`plain_start`)."""
    return np.array([1000 * a + 13 * b + c for a, b, c in
                     (plain_start(row) for row in cards.tolist())], dtype=np.int64)


def test_the_table_of_own_rules() -> None:
    from edge.games.ultimate_texas_holdem import GAME
    from edge.games.ultimate_texas_holdem.exposure import own_rules
    from tests.uth_exposure_fake import fake_two_card_solution

    strategy = UthStrategy.resolve(str(PLAYED))
    ruled = rule_two.rule_solution(strategy, made_up_rows(), SETTLE, False)
    paytable = GAME.bet("main").paytable(None)
    assert paytable is not None
    rules = UltimateTexasHoldemRules(strategy=strategy, seen=Seen.DEALER_2)
    unexposed = made_up_dealt(paytable)
    table = own_rules.own_rules_table(ruled, fake_two_card_solution(SETTLE), paytable, rules,
                                      {"seen": "dealer-2"}, "ultimate-texas-holdem", unexposed)
    assert table.expected_return == ruled.expected_return
    text = " ".join(table.notes)
    assert "rule 1: he bets 2x on the flop when his hand outranks the dealer's" in text
    assert "no rule applies: he folds on the river" in text
    assert "Jacobson" in text


def test_the_command_line_prints_the_own_rules_table(monkeypatch: pytest.MonkeyPatch,
                                                     edge_cli: CliRunner) -> None:
    """``edge table`` with such a strategy and seen=dealer-2 goes through the count (here the
    made-up rows, and made-up solves for perfect play and the game as dealt)."""
    import edge.games.ultimate_texas_holdem as package
    from edge.games.ultimate_texas_holdem.exposure import main_bet as exposure_main
    from tests.uth_exposure_fake import fake_two_card_solution

    def made_up(strategy: UthStrategy, settle: solver.Settlement, ties_larger: bool,
                **_: object) -> rule_two.RuleSolution:
        return rule_two.rule_solution(strategy, made_up_rows(), settle, ties_larger)

    def dealt(paytable: object, *_: object) -> ReturnTable:
        assert isinstance(paytable, PayTable)
        return made_up_dealt(paytable)

    monkeypatch.setattr(rule_two, "solve_rule", made_up)
    monkeypatch.setattr(exposure_main, "solve_exposure",
                        lambda *_: fake_two_card_solution(SETTLE))
    monkeypatch.setattr(package, "main_table", dealt)
    result = edge_cli("table", "ultimate-texas-holdem", "--set", "seen=dealer-2",
                      "--strategy", str(PLAYED))
    assert result.status == 0, result.err
    words = " ".join(result.out.split())       # wrapped at widths that follow the path's
    assert "playing jacobson-easiest-ties-played on every street" in words
    assert "preflop rule 1: he bets 4x when his two cards outrank the dealer's" in words
    # `edge strategy --compare` of such a strategy: tests/test_uth_rule_compare.py


def test_the_game_as_dealt_of_such_a_strategy(tmp_path: Path) -> None:
    """The side bets' game as dealt (nothing seen) takes the optimal strategy in place of one
    whose flop rule reads versus_dealer, which means nothing there (nothing seen preflop)."""
    from edge.games.ultimate_texas_holdem import _dealt_rules

    text = PLAYED.read_text().replace("[[preflop.rules]]\nahead = true\naction = \"4x\"", "")
    path = tmp_path / "flop-only.toml"
    path.write_text(text)
    strategy = UthStrategy.resolve(str(path))
    assert strategy.needs_seen == 0 and strategy.names_versus_dealer
    dealt = _dealt_rules(UltimateTexasHoldemRules(strategy=strategy, seen=Seen.DEALER_2))
    assert dealt.seen is Seen.NONE and dealt.strategy.is_optimal


def test_the_preflop_only_rule_says_what_it_is() -> None:
    """jacobson-ahead is his preflop step alone, then perfect play: its table says so."""
    from edge.games.ultimate_texas_holdem import GAME
    from edge.games.ultimate_texas_holdem.exposure import players
    from tests.uth_exposure_fake import fake_two_card_solution

    rule = UthStrategy.resolve("jacobson-ahead")
    assert "preflop step alone, then perfect informed play" in rule.description
    paytable = GAME.bet("main").paytable(None)
    assert paytable is not None
    unexposed = made_up_dealt(paytable)
    table = players.rule_table(players.evaluate(rule, fake_two_card_solution(SETTLE)),
                               paytable, {"seen": "dealer-2"}, "ultimate-texas-holdem",
                               unexposed)
    text = " ".join(" ".join(table.notes).split())
    assert "whatever the strategy says there" in text
    assert "Not his whole \"world's easiest strategy\"" in text
