"""Ultimate Texas Hold'em strategies as data (issue 15): the language, its features, the exact
evaluation and the departures from optimal play.

Independent checks: the features against a plain Python reading of their definitions
(docs/strategies.md) on sampled deals, with a plain five-card ranking written here; the
evaluation's optimal play against the solve; the departures' costs against the difference of
the two exact returns; the Wizard of Odds practical strategy against its published house edge
(Wizard of Odds, "Ultimate Texas Hold 'Em", strategy section: 2.43%).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from edge.cache import Memo
from edge.decisions.holdem_features import BUILT_IN_FEATURES
from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem.report.content import (
    FlopGroup,
    flop_bet_kinds,
    river_groups,
    river_rule,
)
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.solve.main_bet import BLIND_PRESETS, main_lines
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.features import FEATURES, Feature
from edge.games.ultimate_texas_holdem.strategy.language import (
    CLASSES,
    HOLDING_CARDS,
    HOLDING_CLASSES,
    UthStrategy,
    expand_range,
    parse_text,
)

# The Wizard of Odds practical strategy as published (the preflop chart of docs/references.md;
# flop: 2x with two pair or better, a hidden pair except pocket deuces, four to a flush with a
# hidden ten or better; river: 1x with a hidden pair or better or fewer than 21 dealer outs).
WIZARD = """
name = "wizard-test"
published_house_edge = "2.43%"

[preflop]
raise_4x = ["33+", "A2+", "K2s+", "K5o+", "Q6s+", "Q8o+", "J8s+", "JTo"]

[flop]
[[flop.rules]]
hand = "pair"
pocket_pair = true
pair_rank = "2"
action = "check"
[[flop.rules]]
hand_min = "two-pair"
action = "bet"
[[flop.rules]]
hand = "pair"
hidden = true
action = "bet"
[[flop.rules]]
flush_draw_hole_min = "T"
action = "bet"

[river]
[[river.rules]]
hidden = true
action = "play"
[[river.rules]]
dealer_outs_below = 21
action = "play"
"""

ALL_OPTIMAL = """
[preflop]
play = "optimal"
[flop]
play = "optimal"
[river]
play = "optimal"
"""


# --- the language ---------------------------------------------------------------------------

def test_chart_ranges_expand_to_the_published_chart() -> None:
    strategy = parse_text(WIZARD)
    four = [name for name, size in strategy.preflop.items() if size == 4]
    assert len(CLASSES) == 169 and len(four) == 69
    assert sum(1 for name in HOLDING_CLASSES if strategy.preflop[name] == 4) == 500
    assert expand_range("A2s-A5s") == ["A2s", "A3s", "A4s", "A5s"]
    assert expand_range("22-44") == ["22", "33", "44"]
    assert expand_range("JT") == ["JTs", "JTo"]
    assert expand_range("QJo+") == ["QJo"]


@pytest.mark.parametrize(("text", "message"), [
    ("[flop]\n[[flop.rules]]\nflush_drawx = true\naction = \"bet\"",
     "strategy file 'x.toml', [flop] rule 1: unknown feature 'flush_drawx'; the features are: "),
    ("[preflop]\nraise_4x = [\"A2x\"]", "[preflop] raise_4x entry 'A2x'"),
    ("[preflop]\nraise_4x = [\"AK\"]\nraise_3x = [\"AKs\"]", "AKs is in both"),
    ("[river]\n[[river.rules]]\nhidden = true\naction = \"bet\"",
     "[river] rule 1: action is fold or play, not 'bet'"),
    ("[flop]\n[[flop.rules]]\ndealer_outs_below = 3\naction = \"bet\"",
     "[flop] rule 1: 'dealer_outs_below' is a river feature"),
    ("[flop]\n[[flop.rules]]\nhand = \"trips\"\naction = \"bet\"",
     "[flop] rule 1: 'hand' cannot be 'trips'; choose from high-card, pair"),
    ("[flop]\n[[flop.rules]]\npair_rank_min = \"1\"\naction = \"bet\"", "is not a rank"),
    ("[flop]\n[[flop.rules]]\nhidden = true", "[flop] rule 1: no action"),
    ("[turn]\nx = 1", "unknown key 'turn'"),
    ("[river]\nplay = \"optimal\"\notherwise = \"play\"", "takes no rules or otherwise"),
    ("[flop]\n[[flop.rules]]\novercards_min = 1\naction = \"bet\"",
     "[flop] rule 1: 'overcards_min' is a feature of game files with a shared board"),
    ("[river]\n[[river.rules]]\nboard_suited = 3\naction = \"play\"",
     "[river] rule 1: 'board_suited' is a feature of game files with a shared board"),
])
def test_bad_files_are_refused_in_one_line_naming_the_entry(text: str, message: str) -> None:
    with pytest.raises(EdgeError) as caught:
        parse_text(text, "x.toml")
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_dealer_outs_conditions_count_ties_as_written() -> None:
    strict = parse_text("[river]\n[[river.rules]]\ndealer_outs_below = 21\naction = \"play\"")
    half = parse_text("[river]\n[[river.rules]]\ndealer_outs_below = 21\ncount_ties = \"half\""
                      "\naction = \"play\"")
    whole = parse_text("[river]\n[[river.rules]]\ndealer_outs_below = 21\ncount_ties = \"yes\""
                       "\naction = \"play\"")
    values = [0] * len(Feature)
    # 20 outs and 2 ties: 20 < 21, 21 < 21 fails, 22 fails
    values[Feature.DEALER_OUTS], values[Feature.DEALER_OUTS_HALF_TIES] = 20, 42
    values[Feature.DEALER_OUTS_WITH_TIES] = 22
    assert [s.river.decide(values) for s in (strict, half, whole)] == [1, 0, 0]
    values[Feature.DEALER_OUTS_HALF_TIES] = 41           # 20 outs, 1 tie: 20.5 < 21
    assert half.river.decide(values) == 1


# --- the features, against a plain reading of their definitions ------------------------------

def plain_rank(cards: tuple[int, ...]) -> tuple[int, ...]:
    """A plain ranking of five cards: (category 0..8, then the deciding ranks)."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    counts = Counter(ranks)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({c & 3 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        top = 3
    if top is not None:
        return (8 if flush else 4, top)
    if flush:
        return (5, *ranks)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(
        tuple(shape), 0)
    return (category, *order)


def best(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The best plain ranking of five of the cards."""
    return max(plain_rank(five) for five in itertools.combinations(cards, 5))


def hand_category(cards: tuple[int, ...]) -> int:
    """0 high card .. 9 royal flush (the kernels' numbering)."""
    ranking = best(cards)
    return 9 if ranking[0] == 8 and ranking[1] == 12 else ranking[0]


def straight_in(ranks: set[int]) -> bool:
    return any({(top - k) % 13 if top - k >= 0 else 12 for k in range(5)} <= ranks
               for top in range(3, 13))


def window_ranks(top: int) -> set[int]:
    """The five ranks of the straight with ``top`` (3 = the wheel A-2-3-4-5)."""
    return {12 if top - k < 0 else top - k for k in range(5)} if top > 3 else {12, 0, 1, 2, 3}


def plain_features(hole: tuple[int, int], board: tuple[int, ...]) -> list[int]:
    """Every feature by its definition in docs/strategies.md, read plainly."""
    cards = hole + board
    a, b = hole
    ra, rb = a >> 2, b >> 2
    hand = hand_category(cards)
    board_ranks = Counter(c >> 2 for c in board)
    if len(board) == 3:
        board_hand = {3: 3, 2: 1}.get(max(board_ranks.values()), 0)
    else:
        board_hand = hand_category(board)
    values = [0] * FEATURES            # every feature but versus_dealer
    values[Feature.HAND], values[Feature.BOARD_HAND] = hand, board_hand
    values[Feature.HIDDEN] = int(hand > board_hand)
    values[Feature.POCKET_PAIR] = int(ra == rb)
    values[Feature.PAIR], values[Feature.PAIR_RANK] = 0, 13
    if hand == 1:
        rank_counts = Counter(c >> 2 for c in cards)
        paired = next(r for r, n in rank_counts.items() if n == 2)
        values[Feature.PAIR_RANK] = paired
        if ra == rb:
            values[Feature.PAIR] = 1
        elif paired in (ra, rb):
            distinct = sorted(board_ranks, reverse=True)
            values[Feature.PAIR] = 2 + distinct.index(paired)
        else:
            values[Feature.PAIR] = 7
    suits = Counter(c & 3 for c in cards)
    four = [s for s, n in suits.items() if n == 4]
    if four and max(suits.values()) < 5:
        values[Feature.FLUSH_DRAW] = 1
        in_suit = [c >> 2 for c in hole if c & 3 == four[0]]
        values[Feature.FLUSH_DRAW_HOLE] = max(in_suit) if in_suit else 13
    else:
        values[Feature.FLUSH_DRAW_HOLE] = 13
    ranks = {c >> 2 for c in cards}
    values[Feature.STRAIGHT_DRAW_HOLE] = 13
    if not straight_in(ranks):
        makers = sum(1 for r in range(13) if r not in ranks and straight_in(ranks | {r}))
        values[Feature.STRAIGHT_DRAW] = min(makers, 2)
        drawing: set[int] = set()
        for top in range(3, 13):
            window = window_ranks(top)
            if len(window & ranks) == 4:
                drawing |= window & ranks
        used = [r for r in (ra, rb) if r in drawing]
        values[Feature.STRAIGHT_DRAW_HOLE] = max(used) if used else 13
    values[Feature.HIGH_CARD], values[Feature.LOW_CARD] = max(ra, rb), min(ra, rb)
    values[Feature.SUITED] = int(a & 3 == b & 3)
    every = Counter(c >> 2 for c in cards)
    values[Feature.HOLE_PAIRED] = int(every[ra] >= 2 or every[rb] >= 2)
    # the features of game files only: hole cards above the highest board card; the hole
    # cards in a suit held exactly three times when none is held four times; the board's
    # most cards of one suit
    values[Feature.OVERCARDS] = sum(1 for r in (ra, rb) if r > max(board_ranks))
    held = [[c for c in cards if c & 3 == s] for s in range(4)]
    values[Feature.THREE_FLUSH] = 0 if max(len(h) for h in held) >= 4 else max(
        (sum(1 for c in hole if c in h) for h in held if len(h) == 3), default=0)
    values[Feature.BOARD_SUITED] = max(Counter(c & 3 for c in board).values())
    if len(board) == 5:
        player = best(cards)
        unseen = [c for c in range(52) if c not in cards]
        sixes = [best(board + (c,)) for c in unseen]
        outs = sum(1 for six in sixes if six > player)
        ties = sum(1 for six in sixes if six == player)
        values[Feature.DEALER_OUTS] = outs
        values[Feature.DEALER_OUTS_HALF_TIES] = 2 * outs + ties
        values[Feature.DEALER_OUTS_WITH_TIES] = outs + ties
    return values


def kernel_features(hole: tuple[int, int], board: tuple[int, ...]) -> list[int]:
    """The built-in game's kernels' features: the first BUILT_IN_FEATURES."""
    return _kernels.uth_features(np.array(hole, dtype=np.int32), np.array(board, dtype=np.int32))


def built_in_features(hole: tuple[int, int], board: tuple[int, ...]) -> list[int]:
    """The features the built-in game's kernels know, by their plain definitions."""
    return plain_features(hole, board)[:BUILT_IN_FEATURES]


def test_published_outs_example() -> None:
    # mypokercoaching.com, "How to count outs in Ultimate Texas Hold'em" (the Wizard of Odds
    # rule): player T-3, board A Q 8 6 4: 15 cards pair the board, 8 kings and jacks beat the
    # player, 3 tens tie: 26 "outs" counting the ties, 23 beating him outright.
    hole = (8 * 4, 1 * 4 + 1)
    board = (12 * 4 + 2, 10 * 4 + 3, 6 * 4, 4 * 4 + 1, 2 * 4 + 2)
    values = kernel_features(hole, board)
    assert values[Feature.DEALER_OUTS] == 23 and values[Feature.DEALER_OUTS_WITH_TIES] == 26
    assert values == built_in_features(hole, board)


def test_features_match_their_plain_definitions_on_sampled_deals() -> None:
    rng = random.Random(15)
    deals: list[tuple[tuple[int, int], tuple[int, ...]]] = []
    for n in range(800):
        cards = rng.sample(range(52), 7)
        deals.append(((cards[0], cards[1]), tuple(cards[2:5] if n % 4 else cards[2:7])))
    # deals that reach the rarer values
    deals += [((0, 1), (20, 33, 45)), ((48, 44, 40)[:2], (36, 32, 5)),   # pocket 2s; draws
              ((48, 49), (44, 40, 36, 3, 7)), ((4, 9), (12, 16, 50, 51, 30))]
    for hole, board in deals:
        assert kernel_features(hole, board) == built_in_features(hole, board), (hole, board)


def test_kernels_decide_as_the_rules_read_on_every_holding() -> None:
    """The river sweep (outs counted by one pass over sorted hands) and the flop plan decide
    as the rules read on the per-deal features, for every holding of sampled boards."""
    strategy = parse_text(WIZARD)
    settle = solver.settlement(BLIND_PRESETS["standard"].as_dict())
    rng = random.Random(7)
    boards = np.array([sorted(rng.sample(range(52), 5)) for _ in range(6)], dtype=np.int32)
    records = np.zeros((len(boards), solver.HOLDINGS), dtype=np.uint64)
    _kernels.uth_board_records(boards, settle.array(), settle.fold, False, records,
                               practical.compile_plan(strategy.river))
    flops = np.ascontiguousarray(boards[:, :3])
    plan = np.zeros((len(flops), solver.HOLDINGS), dtype=np.uint8)
    rules = np.zeros_like(plan)
    _kernels.uth_flop_plan(flops, practical.compile_plan(strategy.flop), plan, rules)
    for i, board in enumerate(boards.tolist()):
        for h, (a, b) in enumerate(HOLDING_CARDS.tolist()):
            if a in board[:3] or b in board[:3]:
                assert records[i, h] == 0 and plan[i, h] == 0
                continue
            if a not in board and b not in board:
                river = kernel_features((a, b), tuple(board))
                number, action = strategy.river.rule_index(river)
                assert int(records[i, h]) >> 61 & 1 == 1 - action
            flop = kernel_features((a, b), tuple(board[:3]))
            number, action = strategy.flop.rule_index(flop)
            assert (plan[i, h], rules[i, h]) == (action, number)


# --- the exact evaluation ----------------------------------------------------------------------

def test_optimal_play_reproduces_the_solve_exactly_on_some_flops() -> None:
    """Every street played "optimal" gives the solve's own per-holding counts (a few flop
    classes: the same partial sums to the integer)."""
    settle = solver.settlement(BLIND_PRESETS["standard"].as_dict())
    subset = solver.flop_classes().subset([0, 400, 1754])
    partial = solver.solve(settle, classes=subset)
    evaluation = practical.evaluate(parse_text(ALL_OPTIMAL), partial, classes=subset)
    assert np.array_equal(evaluation.bet, partial.bet)
    assert np.array_equal(evaluation.check, partial.check)
    assert np.array_equal(evaluation.extra[:, [0, 2]], partial.extra[:, [0, 2]])


def test_a_fixed_chart_plays_the_flop_only_for_the_holdings_it_checks() -> None:
    """The holdings a fixed chart bets 4x never reach the flop and are left out of the flop
    pass; every holding it checks gets exactly what it gets when all are played (the same
    flop and river rules behind an optimal preflop, which needs every checking line)."""
    settle = solver.settlement(BLIND_PRESETS["standard"].as_dict())
    subset = solver.flop_classes().subset([0, 1754])
    partial = solver.solve(settle, classes=subset)
    chart = practical.evaluate(parse_text(WIZARD), partial, classes=subset)
    every = practical.evaluate(parse_text(WIZARD.replace(
        'raise_4x = ["33+", "A2+", "K2s+", "K5o+", "Q6s+", "Q8o+", "J8s+", "JTo"]',
        'play = "optimal"')), partial, classes=subset)
    checked = chart.choice == 0
    assert 0 < checked.sum() < len(checked)
    for name in ("bet", "check", "extra", "river_cost", "river_points"):
        mine, full = getattr(chart, name), getattr(every, name)
        assert np.array_equal(mine[checked], full[checked]), name
        assert not mine[~checked].any(), name
    for name in ("flop_values", "flop_decisions"):
        mine, full = getattr(chart, name), getattr(every, name)
        assert np.array_equal(mine[:, checked], full[:, checked]), name
        assert not mine[:, ~checked].any(), name


def test_an_evaluation_is_cached_on_disk_and_read_back_the_same(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The second evaluation of a strategy (in a new process: nothing kept in memory) reads
    the first one's disk cache entry and gives the identical arrays (a few flop classes)."""
    monkeypatch.setenv("EDGE_CACHE_DIR", str(tmp_path))
    settle = solver.settlement(BLIND_PRESETS["standard"].as_dict())
    subset = solver.flop_classes().subset([0, 1754])
    partial = solver.solve(settle, classes=subset)
    made: list[UthStrategy] = []
    real = practical.evaluate

    def counted(strategy: UthStrategy, solution: solver.Solution,
                **options: Any) -> practical.Evaluation:
        made.append(strategy)
        return real(strategy, solution, classes=subset, **options)

    monkeypatch.setattr(practical, "evaluate", counted)
    strategy = parse_text(WIZARD)
    evaluations = []
    for _ in range(2):
        monkeypatch.setattr(practical, "_CACHE", Memo(1))     # a new process: nothing kept
        evaluations.append(practical.evaluate_cached(strategy, partial))
    first, second = evaluations
    assert made == [strategy] and second is not first
    assert practical.evaluation_entry(strategy, partial).path.is_file()
    for name in practical.STORED:
        mine, read = getattr(first, name), getattr(second, name)
        assert read.dtype == mine.dtype and np.array_equal(read, mine), name
    assert second.strategy is strategy and second.total() == first.total()
    # asked not to use the cache: evaluated afresh, the same again
    again = practical.evaluate_cached(strategy, partial, use_cache=False)
    assert len(made) == 2 and np.array_equal(again.flop_values, first.flop_values)


@pytest.fixture(scope="module")
def wizard() -> practical.Evaluation:
    """The Wizard of Odds practical strategy, evaluated exactly (one full evaluation, shared
    with any other test of a strategy deciding alike through the process's cache)."""
    settle = solver.settlement(BLIND_PRESETS["standard"].as_dict())
    return practical.evaluate_cached(parse_text(WIZARD), solver.solve(settle))


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_wizard_practical_strategy_reproduces_its_published_house_edge(
        wizard: practical.Evaluation) -> None:
    edge = -wizard.expected_return()
    assert round(edge * 100, 2) == Fraction(243, 100)      # published: 2.43%
    assert edge > -practical.optimal_return(wizard.solution)
    # every deal ends in exactly one line
    counts = wizard.counts()
    assert sum(int(c.sum()) for c in counts.values()) + wizard.folds() == solver.CYCLE


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_departures_add_up_to_exactly_the_difference_of_returns(
        wizard: practical.Evaluation) -> None:
    compared = practical.comparison(wizard, "ultimate-texas-holdem", "main")
    assert compared.total_cost == compared.difference > 0
    assert all(d.cost >= 0 and 0 < d.frequency < 1 for d in compared.departures)
    stages = {d.stage for d in compared.departures}
    assert stages == {"flop", "river"}        # the chart is the optimal one (docs/references.md)
    # every departure says its rule in words, never in the strategy file's syntax
    situations = {d.situation for d in compared.departures}
    assert "rule 2: he bets 1x on the river when fewer than 21 unseen cards beat him" \
        in situations
    assert "no rule applies: he checks on the flop" in situations
    assert not any("=" in text or "_" in text for text in situations), situations


@pytest.mark.parametrize(("condition", "words"), [
    ('hand_min = "two-pair"', "he holds two pair or better"),
    ('hand = ["pair", "flush"]', "he holds a pair or a flush"),
    ("hidden = false", "his hand is of the board's kind (the hole cards add kickers at most)"),
    ('pair = "top"', "his one pair is made by a hole card and the highest board card"),
    ('pair_rank_below = "T"', "his one pair is of lower than tens"),
    ('flush_draw_hole_min = "T"',
     "he holds four to a flush whose highest hole card of its suit is a ten or higher"),
    ('straight_draw = "open"', "he holds an open-ended straight draw (two ranks make it)"),
    ('high_card = ["A", "8"]', "his higher hole card is an eight or an ace"),
    ("suited = true", "his hole cards are suited"),
    ("dealer_outs_below = 21", "fewer than 21 unseen cards beat him"),
    ("dealer_outs_max = 1", "at most 1 unseen card beats him"),
    ('dealer_outs_above = 20\ncount_ties = "half"',
     "more than 20 unseen cards beat him, an unseen card that would tie him counting half"),
])
def test_every_condition_reads_in_words(condition: str, words: str) -> None:
    street = "river" if "dealer_outs" in condition else "flop"
    action = "play" if street == "river" else "bet"
    plan = getattr(parse_text(f"[{street}]\n[[{street}.rules]]\n{condition}\n"
                              f'action = "{action}"\n'), street)
    assert plan.rules[0].words == words
    bets = "bets 1x on the river" if street == "river" else "bets 2x on the flop"
    assert plan.rule_words(1) == f"rule 1: he {bets} when {words}"


@pytest.mark.slow       # every river decision of the optimal solve, grouped: seconds
def test_the_optimal_river_play_as_rules_holds_every_river_decision() -> None:
    solution = solver.solve(solver.settlement(BLIND_PRESETS["standard"].as_dict()))
    lines = main_lines(solution, "optimal")
    groups = river_groups(solution, lines.checked)
    # every river decision of the optimal player, each standing for 990 dealer holdings, and
    # every 1x he bets there: the solve's own totals
    assert sum(g.spots for g in groups) * solver.DEALER_HOLDINGS \
        == int(lines.counts[1].sum()) + lines.folds
    assert sum(g.optimal_bets for g in groups) * solver.DEALER_HOLDINGS \
        == int(lines.counts[1].sum())
    for group in groups:
        assert group.optimal_bets <= group.right_betting <= group.spots
        assert group.right_betting + group.right_folding >= group.spots
    # few unseen cards beating him: always 1x; many: mostly fold
    assert all(g.optimal_bets == g.spots for g in groups if g.low >= 0 and g.high <= 19)
    assert not groups[-1].bets
    rule = river_rule(groups)
    assert rule.startswith("bet 1x when a hole card lifts his hand above the board's kind")
    assert rule.endswith("; fold otherwise") and "fewer than" in rule


def test_the_flop_rule_names_runs_of_ranks_once() -> None:
    def group(name: str, bets: int) -> FlopGroup:
        return FlopGroup(name, 10, bets)

    groups = [group("two pair or better, a hole card in it", 9),
              group("three of a kind on the board, no help", 1),
              *(group(f"hidden pair of {rank}s", 9 if rank in "KQJ" else 5) for rank in "KQJT2"),
              group("pair on the board only", 0),
              *(group(f"no pair, four to a flush, hidden {rank} high", 9 if rank in "KT" else 1)
                for rank in "KQJT9")]
    assert flop_bet_kinds(groups) == [
        "two pair or better, a hole card in it", "any hidden pair",
        "no pair, four to a flush, hidden K high", "no pair, four to a flush, hidden T high"]
    groups[6] = group("hidden pair of 2s", 4)        # the run stops at the tens
    assert flop_bet_kinds(groups)[1] == "a hidden pair of Ts or higher"
    groups[5] = group("hidden pair of Ts", 4)
    groups[6] = group("hidden pair of 2s", 6)        # no run: each said
    assert flop_bet_kinds(groups)[1:5] == [f"hidden pair of {rank}s" for rank in "KQJ2"]
