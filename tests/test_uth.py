"""Ultimate Texas Hold'em's Ante/Blind/Play solve against plain loops and published figures.

Reference checks: the river counts of a few hundred (holding, board) states against a loop over
all 990 dealer holdings with a plain-Python evaluator written here; the flop sums of a few
(holding, flop) states against a loop over every turn-river pair and dealer holding; the suit
symmetry of flops and of boards against solving directly; determinism across worker counts.
Published figures (docs/references.md): Wizard of Odds, house edge 2.185% per Ante, element of risk
about 0.53%, practical 4x chart of 69 classes / 500 hands; the cycle C(52,2) C(50,2) C(48,5).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.cli import main
from edge.errors import EdgeError
from edge.games import RunSettings, get_game
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.solve import _kernels as uth_kernels
from edge.games.ultimate_texas_holdem.solve import main_bet as uth
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy.language import HOLDING_CLASSES
from edge.paytables import load_paytable

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

STANDARD = uth.BLIND_PRESETS["standard"]
SETTLE = solver.settlement(STANDARD.as_dict(), "ante-push")
HOLDING_ID = {pair: index for index, pair in enumerate(combinations(range(52), 2))}


# --- a plain-Python reference evaluator (clear, slow) ----------------------------------------

def straight_top(ranks: set[int]) -> int | None:
    """The top rank of the best straight in a set of ranks (the wheel is five-high), or None."""
    for top in range(12, 3, -1):
        if all(top - i in ranks for i in range(5)):
            return top
    if {12, 0, 1, 2, 3} <= ranks:
        return 3
    return None


def reference_strength(cards: list[int]) -> tuple[int, ...]:
    """(class, tie-breaks) of the best five of seven cards; class 9 royal .. 0 high card."""
    ranks = [card // 4 for card in cards]
    counts = Counter(ranks)
    distinct = sorted(counts, reverse=True)
    suited = [sorted((c // 4 for c in cards if c % 4 == suit), reverse=True) for suit in range(4)]
    flush = next((s for s in suited if len(s) >= 5), None)
    if flush is not None:
        top = straight_top(set(flush))
        if top is not None:
            return (9,) if top == 12 else (8, top)
    quads = [r for r in distinct if counts[r] == 4]
    trips = [r for r in distinct if counts[r] == 3]
    pairs = [r for r in distinct if counts[r] == 2]
    if quads:
        return (7, quads[0], max(r for r in distinct if r != quads[0]))
    if trips and len(trips) + len(pairs) >= 2:
        return (6, trips[0], max(r for r in trips[1:] + pairs))
    if flush is not None:
        return (5, *flush[:5])
    top = straight_top(set(ranks))
    if top is not None:
        return (4, top)
    if trips:
        return (3, trips[0], *[r for r in distinct if r != trips[0]][:2])
    if len(pairs) >= 2:
        return (2, pairs[0], pairs[1], max(r for r in distinct if r not in pairs[:2]))
    if pairs:
        return (1, pairs[0], *[r for r in distinct if r != pairs[0]][:3])
    return (0, *distinct[:5])


def test_reference_evaluator_cases() -> None:
    def cards(text: str) -> list[int]:
        from edge.cards import parse_cards
        return list(parse_cards(text))

    assert reference_strength(cards("As Ks Qs Js Ts 2c 3d")) == (9,)
    assert reference_strength(cards("Ah 2h 3h 4h 5h Kc Kd"))[0] == 8
    assert reference_strength(cards("Ac 2d 3h 4s 5c Kd Kh")) == (4, 3)
    assert reference_strength(cards("Ac Ad Ah Kc Kd Kh 2s")) == (6, 12, 11)
    assert reference_strength(cards("Ac Ad Kc Kd Qc Qd 2s")) == (2, 12, 11, 10)
    assert reference_strength(cards("9c 9d 9h 9s Kc Kd Kh")) == (7, 7, 11)


# --- settlement -------------------------------------------------------------------------------

def test_settlement_in_half_units() -> None:
    # docs/rules.md section 4: Play and Ante 1:1, Blind by table on a straight or better
    s = SETTLE
    assert s.scale == 2 and s.fold == -4
    assert s.pay(4, solver.WIN_QUALIFIED[0]) == 5               # Play 4 + Ante 1, Blind pushes
    assert s.pay(4, solver.WIN_QUALIFIED[2]) == Fraction(13, 2)  # + flush 3:2
    assert s.pay(1, solver.WIN_QUALIFIED[6]) == 502              # royal 500:1
    assert s.pay(2, solver.WIN_UNQUALIFIED[0]) == 2              # the Ante pushes
    assert s.pay(3, solver.TIE) == 0
    assert s.pay(3, solver.LOSE_QUALIFIED) == -5
    assert s.pay(3, solver.LOSE_UNQUALIFIED) == -4               # Ante pushes, Play and Blind lose
    push = solver.settlement(STANDARD.as_dict(), "all-push")
    assert push.pay(4, solver.WIN_UNQUALIFIED[6]) == 0
    assert push.pay(4, solver.LOSE_UNQUALIFIED) == 0
    assert push.pay(4, solver.WIN_QUALIFIED[6]) == 505
    sevenths = solver.settlement({**STANDARD.as_dict(), "flush": Fraction(7, 5),
                                  "straight": Fraction(1, 3)})
    assert sevenths.scale == 15 and sevenths.net[1][solver.WIN_QUALIFIED[1]] == 35
    with pytest.raises(EdgeError, match="dealer_no_qualify"):
        solver.settlement(STANDARD.as_dict(), "never")


# --- river counts -----------------------------------------------------------------------------

def direct_river_counts(board: list[int], holding: tuple[int, int],
                        strengths: dict[tuple[int, int], tuple[int, ...]]) -> list[int]:
    """[class, wins vs qualifier, wins vs non-qualifier, ties, losses (q), losses (non-q)]."""
    mine = strengths[holding]
    result = [mine[0], 0, 0, 0, 0, 0]
    for dealer, theirs in strengths.items():
        if set(dealer) & set(holding):
            continue
        qualifies = theirs[0] >= 1
        if mine > theirs:
            result[1 if qualifies else 2] += 1
        elif mine == theirs:
            result[3] += 1
        else:
            result[4 if qualifies else 5] += 1
    assert sum(result[1:]) == 990
    return result


@pytest.mark.slow
def test_river_counts_against_direct_loop() -> None:
    rng = random.Random(20240611)
    boards = [rng.sample(range(52), 5) for _ in range(22)]
    # boards that make flush and straight holdings common, and a paired board
    boards += [[0, 4, 8, 16, 44], [48, 44, 40, 36, 1], [5, 9, 13, 6, 21]]
    checked = 0
    for board in boards:
        rest = [c for c in range(52) if c not in board]
        strengths = {pair: reference_strength(board + list(pair)) for pair in combinations(rest, 2)}
        counts = uth_kernels.uth_river_counts(board)
        for holding in rng.sample(sorted(strengths), 12):
            assert list(counts[HOLDING_ID[holding]]) == direct_river_counts(board, holding,
                                                                             strengths)
            checked += 1
        on_board = [HOLDING_ID[p] for p in combinations(range(52), 2) if set(p) & set(board)]
        assert (counts[on_board, 0] == -1).all()
    assert checked == 300


# --- flop sums --------------------------------------------------------------------------------

def direct_flop_sums(flop: list[int], holding: tuple[int, int], net: npt.NDArray[np.int64],
                     fold: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64], int, int]:
    """Play and check-branch category sums, folds and river ties of one holding on one flop,
    by a plain loop over every turn-river pair and dealer holding (compiled evaluator)."""
    play = np.zeros(17, dtype=np.int64)
    check = np.zeros(17, dtype=np.int64)
    folds = ties = 0
    rest = [c for c in range(52) if c not in flop and c not in holding]
    for turn_river in combinations(rest, 2):
        board = flop + list(turn_river)
        dealers = np.array(list(combinations([c for c in rest if c not in turn_river], 2)))
        hands = np.hstack([np.tile(board, (len(dealers), 1)), dealers]).astype(np.int64)
        theirs = _core.evaluate_many(hands)
        classes = {int(s): _core.hand_class(int(s)) for s in np.unique(theirs)}
        qualifies = np.array([classes[int(s)] >= 1 for s in theirs])
        mine = _core.evaluate7(board + list(holding))
        blind = max(_core.hand_class(mine) - 3, 0)
        counts = np.zeros(17, dtype=np.int64)
        counts[blind] = np.sum((mine > theirs) & qualifies)
        counts[7 + blind] = np.sum((mine > theirs) & ~qualifies)
        counts[solver.TIE] = np.sum(mine == theirs)
        counts[solver.LOSE_QUALIFIED] = np.sum((mine < theirs) & qualifies)
        counts[solver.LOSE_UNQUALIFIED] = np.sum((mine < theirs) & ~qualifies)
        assert counts.sum() == 990
        play += counts
        value = int(counts @ net[1])
        ties += value == 990 * fold
        if value > 990 * fold:
            check += counts
        else:
            folds += 1
    return play, check, folds, ties


def one_flop(flop: list[int], perm: list[int] | None = None,
             tables: Mapping[str, npt.NDArray[np.uint64]] | None = None
             ) -> tuple[npt.NDArray[np.int64], ...]:
    """Solve one flop (mapped by one suit permutation) with the standard pays."""
    return tuple(uth_kernels.uth_solve_flops(
        np.array([flop], dtype=np.int32), np.array([0, 1], dtype=np.int32),
        np.array([perm or [0, 1, 2, 3]], dtype=np.int8), SETTLE.array(), SETTLE.fold, False,
        (tables or {}).get("records"), (tables or {}).get("keys")))


def board_key(board: list[int]) -> int:
    """The suit class key of a board, computed plainly: suit rank masks, largest first."""
    masks = sorted((sum(1 << (c // 4) for c in board if c % 4 == suit) for suit in range(4)),
                   reverse=True)
    return masks[0] | masks[1] << 13 | masks[2] << 26 | masks[3] << 39


def records_for(flops: list[list[int]]) -> dict[str, npt.NDArray[np.uint64]]:
    """Board-class records for just the boards of some flops (a reduced class table)."""
    boards, keys = uth_kernels.uth_board_classes()
    wanted = {board_key(flop + list(tr)) for flop in flops
              for tr in combinations([c for c in range(52) if c not in flop], 2)}
    rows = np.flatnonzero(np.isin(keys, np.array(sorted(wanted), dtype=np.uint64)))
    assert len(rows) == len(wanted)
    records = np.zeros((len(rows), 1326), dtype=np.uint64)
    uth_kernels.uth_board_records(np.ascontiguousarray(boards[rows]), SETTLE.array(), SETTLE.fold,
                            False, records)
    return {"records": records, "keys": np.ascontiguousarray(keys[rows])}


@pytest.mark.slow
def test_flop_sums_against_direct_loop() -> None:
    flop = [49, 30, 8]                                      # As 9h 4c
    holdings = [(50, 51), (16, 33), (0, 5)]                 # Ah As, 6c Td, 2c 3d
    net = SETTLE.array()
    direct = one_flop(sorted(flop))
    via_classes = one_flop(sorted(flop), tables=records_for([sorted(flop)]))
    for got in (direct, via_classes):
        for ours, theirs in zip(got, direct, strict=True):
            assert np.array_equal(ours, theirs)
    play, bet, check, extra = direct
    for holding in holdings:
        h = HOLDING_ID[holding]
        ref_play, ref_check, ref_folds, ref_ties = direct_flop_sums(flop, holding, net,
                                                                     SETTLE.fold)
        assert np.array_equal(play[h], ref_play)
        bet_value = int(ref_play @ net[2])
        check_value = int(ref_check @ net[1]) + ref_folds * 990 * SETTLE.fold
        if bet_value > check_value:
            assert np.array_equal(bet[h], ref_play) and not check[h].any()
            assert list(extra[h]) == [0, 0, 1, 0]
        else:
            assert np.array_equal(check[h], ref_check) and not bet[h].any()
            assert list(extra[h]) == [ref_folds, ref_ties, 0, int(bet_value == check_value)]
    assert play.sum() == 1176 * 1081 * 990


# --- suit symmetry ------------------------------------------------------------------------------

def test_flop_classes() -> None:
    classes = solver.flop_classes()
    assert len(classes.flops) == 1755
    stabilisers = Counter(24 // classes.orbit_size(i) for i in range(1755))
    assert sum(classes.orbit_size(i) for i in range(1755)) == 22100 == comb(52, 3)
    assert all(24 % size == 0 for size in stabilisers)
    seen = set()
    for index in range(1755):
        representative = classes.flops[index].tolist()
        for perm in classes.images(index).tolist():
            image = tuple(sorted((c & ~3) | perm[c & 3] for c in representative))
            seen.add(image)
    assert len(seen) == 22100


@pytest.mark.slow
def test_flop_symmetry_holding_by_holding() -> None:
    classes = solver.flop_classes()
    rng = random.Random(7)
    index_of = {}
    for index in range(1755):
        representative = classes.flops[index].tolist()
        for perm in classes.images(index).tolist():
            image = tuple(sorted((c & ~3) | perm[c & 3] for c in representative))
            index_of[image] = (index, perm)
    samples = [tuple(sorted(rng.sample(range(52), 3))) for _ in range(5)]
    samples += [(1, 5, 9), (12, 13, 14), (20, 22, 41)]      # monotone, trips, paired two-tone
    for flop in samples:
        index, perm = index_of[flop]
        representative = classes.flops[index].tolist()
        mapped = one_flop(representative, perm)
        direct = one_flop(list(flop))
        for ours, theirs in zip(mapped, direct, strict=True):
            assert np.array_equal(ours, theirs), flop


def _board_orbits(size: int = 5) -> int:
    """Suit classes of ``size``-card boards by Burnside's lemma: the mean, over the 24 suit
    permutations, of the boards each one fixes (boards made of whole cycles of cards)."""
    total = 0
    for perm in itertools.permutations(range(4)):
        cycles, seen = [], set()
        for suit in range(4):
            length, current = 0, suit
            while current not in seen:
                seen.add(current)
                current, length = perm[current], length + 1
            if length:
                cycles.append(length)
        # every rank contributes the same card cycles; count ways to pick whole cycles
        ways = [1] + [0] * size
        for _rank in range(13):
            for length in cycles:
                for filled in range(size, length - 1, -1):
                    ways[filled] += ways[filled - length]
        total += ways[size]
    assert total % 24 == 0
    return total // 24


def test_board_orbit_count_is_a_known_figure() -> None:
    # 1,755 flop classes is the well-known figure (docs/references.md, issue 9); the same count
    # gives the board classes the solve uses
    assert _board_orbits(3) == 1755


@pytest.mark.slow
def test_board_classes_against_direct() -> None:
    boards, keys = uth_kernels.uth_board_classes()
    assert len(keys) == _board_orbits() and (np.diff(keys.astype(np.int64)) > 0).all()
    rng = random.Random(11)
    for _ in range(300):
        board = rng.sample(range(52), 5)
        key = board_key(board)
        found = int(np.searchsorted(keys, np.uint64(key)))
        assert int(keys[found]) == key == board_key(boards[found].tolist())
    flops = [[2, 27, 40], [3, 7, 11], [20, 21, 22]]
    tables = records_for(flops)
    for flop in flops:
        for ours, theirs in zip(one_flop(flop, tables=tables), one_flop(flop), strict=True):
            assert np.array_equal(ours, theirs)


# --- the full solve -----------------------------------------------------------------------------

@pytest.mark.slow
def test_reduced_solve_is_the_same_whatever_the_jobs() -> None:
    subset = solver.flop_classes().subset(range(0, 1755, 150))
    one = solver.solve(SETTLE, jobs=1, use_cache=False, classes=subset)
    two = solver.solve(SETTLE, jobs=2, use_cache=False, classes=subset)
    for name in ("play", "bet", "check", "extra", "flop_decisions"):
        assert np.array_equal(getattr(one, name), getattr(two, name))
    flops = sum(subset.orbit_size(i) for i in range(len(subset.flops)))
    assert one.play.sum() == flops * 1176 * 1081 * 990
    # the recorded flop decisions: one row per class, as the kernel decides each flop alone
    assert one.flop_decisions.shape == (len(subset.flops), 1326)
    for index in (0, len(subset.flops) - 1):
        flop = subset.flops[index].tolist()
        decided = np.full((1, 1326), 7, dtype=np.uint8)
        extra = uth_kernels.uth_solve_flops(
            np.array([flop], dtype=np.int32), np.array([0, 1], dtype=np.int32),
            np.array([[0, 1, 2, 3]], dtype=np.int8), SETTLE.array(), SETTLE.fold, False,
            decisions=decided)[3]
        assert np.array_equal(decided[0], extra[:, 2])          # 1 where bet 2x, else 0
        assert np.array_equal(one.flop_decisions[index], decided[0])


def uth_rules(options: Mapping[str, str] | None = None) -> UltimateTexasHoldemRules:
    """The game's rules from ``--set`` options, typed as the game's own."""
    rules = get_game("uth").make_rules(options or {})
    assert isinstance(rules, UltimateTexasHoldemRules)
    return rules


@pytest.fixture(scope="module")
def standard() -> solver.Solution:
    """The full standard solve (from the disk cache when it is there)."""
    return uth.solve_main(STANDARD, uth_rules(), RunSettings())


@pytest.mark.slow
def test_published_figures(standard: solver.Solution) -> None:
    table = get_game("uth").analyze("main", STANDARD, get_game("uth").make_rules(),
                                    RunSettings())
    # cycle: ten times C(52,2) C(50,2) C(48,5) = 2,781,381,002,400 (S. How, discountgambling.net)
    assert table.cycle == 10 * comb(52, 2) * comb(50, 2) * comb(48, 5) == solver.CYCLE
    assert 10 * comb(52, 2) * comb(50, 2) * comb(48, 5) == 27_813_810_024_000
    # Wizard of Odds, UTH: house edge 2.185% per Ante, element of risk about 0.53%
    assert round(float(table.house_edge) * 100, 3) == 2.185
    assert round(float(table.element_of_risk) * 100, 2) == 0.53
    # 3x is never best: worth strictly less than the better of 4x and check, every holding
    four, three, checking = standard.line_values()
    assert (three < np.maximum(four, checking)).all()
    assert not (standard.preflop_choice() == 3).any()
    # Wizard of Odds practical 4x chart: 69 classes, 500 hands
    assert len(uth.PRACTICAL_FOUR_X) == 69
    assert sum(Counter(HOLDING_CLASSES)[name] for name in uth.PRACTICAL_FOUR_X) == 500
    optimal = {HOLDING_CLASSES[h] for h in np.flatnonzero(standard.preflop_choice() == 4)}
    assert optimal == uth.PRACTICAL_FOUR_X
    # every holding of a class has the same values (suit symmetry of the whole solve)
    for values in (four, checking):
        by_class: dict[str, set[int]] = {}
        for h, name in enumerate(HOLDING_CLASSES):
            by_class.setdefault(name, set()).add(int(values[h]))
        assert all(len(found) == 1 for found in by_class.values())


@pytest.mark.slow
def test_table_rows_and_decisions(standard: solver.Solution) -> None:
    rules = uth_rules()
    table = uth.table_from_solution(standard, STANDARD, rules, {}, "ultimate-texas-holdem")
    decisions = dict(table.decisions)
    assert sum(decisions.values()) == table.cycle
    assert decisions["preflop 3x"] == 0
    assert decisions["preflop 4x"] == 500 * solver.DEALS_PER_HOLDING
    wagers = {row.outcome: row.wager for row in table.rows}
    assert wagers["fold"] == 2 and wagers["4x lose"] == 6 and wagers["1x tie"] == 3
    assert len({row.outcome for row in table.rows}) == len(table.rows)
    boxed = uth.table_from_solution(standard, STANDARD,
                                    uth_rules({"strategy": "always-4x"}), {},
                                    "ultimate-texas-holdem")
    assert boxed.cycle == table.cycle and boxed.house_edge > table.house_edge
    assert {row.wager for row in boxed.rows} == {6}


def test_options_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    game = get_game("ultimate-texas-holdem")
    assert game.bets[0].name == "main"
    assert uth_rules({"dealer_no_qualify": "all-push"}).dealer_no_qualify == "all-push"
    assert main(["table", "uth", "--bet", "main", "--set", "strategy=sometimes"]) == 2
    assert "sometimes" in capsys.readouterr().err
    assert main(["table", "uth", "--bet", "main", "--set", "ties=equal"]) == 2
    assert main(["table", "uth", "--bet", "main", "--jobs", "0"]) == 2


def test_blind_pay_table_file(tmp_path: Path) -> None:
    path = tmp_path / "blind.toml"
    path.write_text('name = "house"\n[pays]\nroyal-flush = 500\nstraight-flush = 50\n'
                    'four-of-a-kind = 10\nfull-house = 3\nflush = "3:2"\nstraight = 1\n')
    table = load_paytable(path, uth.BLIND_OUTCOMES)
    assert table["flush"] == Fraction(3, 2)
    assert solver.settlement(table.as_dict()) == SETTLE
    path.write_text('[pays]\nroyal-flush = 500\nflush = "3:2"\n')
    with pytest.raises(EdgeError, match="straight-flush"):
        load_paytable(path, uth.BLIND_OUTCOMES)


@pytest.mark.slow
def test_strategy_command(standard: solver.Solution, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", "ultimate-texas-holdem", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["classes"]) == 169
    chosen = {line["class"] for line in report["classes"] if line["preflop"] == "4x"}
    assert chosen == uth.PRACTICAL_FOUR_X
    assert main(["strategy", "uth"]) == 0
    text = capsys.readouterr().out
    assert "4x with 500 of 1,326 holdings (69 of 169 classes)" in text


@pytest.mark.slow
def test_table_command_with_a_blind_file(standard: solver.Solution, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "blind.toml"
    path.write_text('[pays]\nroyal-flush = 500\nstraight-flush = 50\nfour-of-a-kind = 10\n'
                    'full-house = 3\nflush = "3:2"\nstraight = "1 to 1"\n')
    assert main(["table", "uth", "--paytable", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["bet"] == "main" and data["paytable"]["pays"]["flush"] == "3/2"
    assert round(float(Fraction(data["house_edge"])) * 100, 3) == 2.185
    assert data["decisions"]["preflop 3x"]["combinations"] == 0


def test_three_x_note_when_3x_is_not_worse() -> None:
    # Every deal of every line ties (net 0), so 3x equals 4x and check for all 1,326 holdings:
    # the note must not claim that 3x is never best.
    rows = np.zeros((1326, 17), dtype=np.int64)
    rows[:, solver.TIE] = solver.DEALS_PER_HOLDING
    tied = solver.Solution(SETTLE, False, rows, rows, rows * 0, np.zeros((1326, 4), np.int64),
                           np.zeros((1755, 1326), dtype=np.uint8))
    note = uth._three_x_note(uth.main_lines(tied, "always-4x"))
    assert "never best" not in note
    assert "for 1,326 of 1,326 holdings" in note and "by 0.000000 per Ante" in note


# --- kernel entry points refuse bad arguments, naming them -----------------------------------

NET = SETTLE.array()


def test_river_counts_refuse_bad_boards() -> None:
    for board, shown in (([0, 1, 2, 3], "[0, 1, 2, 3]"), ([0, 1, 2, 3, 3], "3, 3"),
                         ([0, 1, 2, 3, 52], "52"), ([-1, 1, 2, 3, 4], "-1")):
        with pytest.raises(ValueError, match=shown.replace("[", r"\[").replace("]", r"\]")):
            uth_kernels.uth_river_counts(board)


def test_board_records_refuse_bad_arguments() -> None:
    boards = np.array([[0, 1, 2, 3, 4]], dtype=np.int32)
    out = np.zeros((1, 1326), dtype=np.uint64)
    with pytest.raises(ValueError, match=r"\[5, 16\]"):
        uth_kernels.uth_board_records(boards, np.zeros((5, 16), dtype=np.int64), -4, False, out)
    with pytest.raises(ValueError, match="99999999"):
        uth_kernels.uth_board_records(boards, NET * 0 + 99_999_999, -4, False, out)
    with pytest.raises(ValueError, match="fold_net.*-99999999"):
        uth_kernels.uth_board_records(boards, NET, -99_999_999, False, out)
    with pytest.raises(ValueError, match=r"\[1, 4\]"):
        uth_kernels.uth_board_records(boards[:, :4].copy(), NET, -4, False, out)
    with pytest.raises(ValueError, match="0, 1, 1"):
        uth_kernels.uth_board_records(np.array([[0, 1, 1, 3, 4]], dtype=np.int32), NET, -4,
                                      False, out)
    with pytest.raises(ValueError, match="60"):
        uth_kernels.uth_board_records(np.array([[0, 1, 2, 3, 60]], dtype=np.int32), NET, -4,
                                      False, out)
    with pytest.raises(ValueError, match=r"\[2, 1326\]"):
        uth_kernels.uth_board_records(boards, NET, -4, False,
                                      np.zeros((2, 1326), dtype=np.uint64))


def test_solve_flops_refuses_bad_arguments() -> None:
    flops = np.array([[0, 1, 2]], dtype=np.int32)
    offsets = np.array([0, 1], dtype=np.int32)
    perms = np.array([[0, 1, 2, 3]], dtype=np.int8)

    def run(**changed: object) -> object:
        arguments: dict[str, object] = dict(flops=flops, image_offsets=offsets,
                                            image_perms=perms, net=NET, fold_net=-4,
                                            ties_larger=False)
        arguments.update(changed)
        return uth_kernels.uth_solve_flops(**arguments)  # type: ignore[arg-type]

    with pytest.raises(ValueError, match="0, 1, 1"):
        run(flops=np.array([[0, 1, 1]], dtype=np.int32))
    with pytest.raises(ValueError, match="52"):
        run(flops=np.array([[0, 1, 52]], dtype=np.int32))
    with pytest.raises(ValueError, match=r"\[1, 4\]"):
        run(flops=np.array([[0, 1, 2, 3]], dtype=np.int32))
    with pytest.raises(ValueError, match="plus one"):
        run(image_offsets=np.array([0, 1, 1], dtype=np.int32))
    with pytest.raises(ValueError, match="never decrease"):
        run(image_offsets=np.array([-5, 1], dtype=np.int32))
    with pytest.raises(ValueError, match="images"):
        run(image_offsets=np.array([0, 2], dtype=np.int32))
    with pytest.raises(ValueError, match="suit permutation"):
        run(image_perms=np.array([[0, 0, 2, 3]], dtype=np.int8))
    with pytest.raises(ValueError, match="fold_net"):
        run(fold_net=1 << 30)
    with pytest.raises(ValueError, match="both records and keys"):
        run(records=np.zeros((1, 1326), dtype=np.uint64))
    with pytest.raises(ValueError, match=r"\[1, 1326\] uint8"):
        run(decisions=np.zeros((2, 1326), dtype=np.uint8))


def test_simulation_kernels_refuse_bad_hands() -> None:
    rows = np.arange(7, dtype=np.int64)
    cards = np.array([[0], [1], [2], [3], [4], [5], [6]], dtype=np.int16)
    strengths, classes = uth_kernels.simulate_holdem_hands(cards, rows)
    assert classes.tolist() == [_core.hand_class(_core.evaluate_cards(list(range(7))))]
    twice = cards.copy()
    twice[6, 0] = 0
    with pytest.raises(ValueError, match=r"hand 0 has a card twice: \[0, 1, 2, 3, 4, 5, 0\]"):
        uth_kernels.simulate_holdem_hands(twice, rows)
    outside = cards.copy()
    outside[3, 0] = 77
    with pytest.raises(ValueError, match="outside 0..51.*77"):
        uth_kernels.simulate_holdem_hands(outside, rows)
    with pytest.raises(ValueError, match="not 4"):
        uth_kernels.simulate_holdem_hands(cards, rows[:4])
    with pytest.raises(ValueError, match="row 9"):
        uth_kernels.simulate_holdem_hands(cards, np.array([0, 1, 2, 3, 9], dtype=np.int64))
    with pytest.raises(ValueError, match="a card twice"):
        uth_kernels.simulate_river_counts(twice, np.array([0, 1], dtype=np.int64),
                                          np.arange(2, 7, dtype=np.int64),
                                          np.array([0], dtype=np.int64))


def test_blind_class_hook() -> None:
    assert [uth_kernels.blind_class(k) for k in range(10)] == [0, 0, 0, 0, 1, 2, 3, 4, 5, 6]
    with pytest.raises(ValueError, match="10"):
        uth_kernels.blind_class(10)


def test_kernel_constants_are_the_pythons() -> None:
    """The categories and classes come from the kernel modules, not copies."""
    assert solver.TIE == uth_kernels.TIE and solver.CATEGORIES == uth_kernels.CATEGORIES
    assert len(solver.WIN_QUALIFIED) == len(solver.BLIND_CLASSES) == uth_kernels.BLIND_CLASSES
    every = (*solver.WIN_QUALIFIED, *solver.WIN_UNQUALIFIED, solver.TIE,
             solver.LOSE_QUALIFIED, solver.LOSE_UNQUALIFIED)
    assert sorted(every) == list(range(solver.CATEGORIES))
    royal = _core.evaluate_cards([48, 44, 40, 36, 32])
    assert _core.hand_class(royal) == _core.HAND_ROYAL_FLUSH == _core.HAND_CLASSES - 1
    assert uth_kernels.blind_class(_core.HAND_STRAIGHT) == 1


# --- typed rules -----------------------------------------------------------------------------

def test_rules_options_are_str_enums() -> None:
    from edge.games.ultimate_texas_holdem.rules import DealerNoQualify, Ties
    from edge.games.ultimate_texas_holdem.strategy.language import ALWAYS_4X, UthStrategy
    from edge.options import describe, options_dict

    game = get_game("uth")
    rules = uth_rules({"strategy": "always-4x", "dealer_no_qualify": "all-push",
                       "ties": "larger"})
    assert rules.strategy is ALWAYS_4X and rules.all_push and rules.ties_larger
    assert rules.dealer_no_qualify is DealerNoQualify.ALL_PUSH and rules.ties is Ties.LARGER
    assert options_dict(rules)["strategy"] == "always-4x"            # printed as before
    optimal = UltimateTexasHoldemRules(strategy="optimal").strategy  # type: ignore[arg-type]
    assert type(optimal) is UthStrategy and optimal.is_optimal
    allowed = {info.name: info.allowed for info in describe(game.rules)}
    assert allowed["strategy"] == ("optimal | always-4x | dealer-card-below-high | "
                                   "dealer-card-simple | jacobson-ahead | wizard-practical | "
                                   "FILE.toml")
    with pytest.raises(EdgeError, match="Unknown strategy 'best' for ultimate-texas-holdem"):
        game.make_rules({"strategy": "best"})


def test_main_bet_owns_its_hooks() -> None:
    game = get_game("uth")
    assert all(bet.simulate is not None for bet in game.bets)
    assert game.bet("main").strategy is not None
    assert [command.name for command in game.commands] == ["hands"]
    assert "seed" not in game.source.lower() and ".txt" not in game.source
    assert game.describe_rules is not None
    assert not any("seed" in line.lower() for line in game.describe_rules(game.make_rules()))


@pytest.mark.slow
def test_strategy_document_has_the_text_strategy(standard: solver.Solution) -> None:
    from edge.document import Items, Table, render

    game = get_game("uth")
    bet = game.bet("main")
    rules = game.make_rules()
    document = bet.document(game.wager(bet.paytable(None), rules))
    assert document is not None
    blocks = [block for section in document.sections for block in section.blocks]
    summary = next(block for block in blocks if isinstance(block, Items))
    tables = [block for block in blocks if isinstance(block, Table)]
    assert [len(table.rows) for table in tables] == [13, 13, 169]
    # the summary states what the class table shows: the published chart's 69 classes and 500
    # holdings raise 4x (Wizard of Odds, docs/references.md)
    raised = [row for row in tables[2].rows if row[2] == "4x"]
    assert len(raised) == 69 and sum(int(str(row[1])) for row in raised) == 500
    assert str(summary.items[0]).startswith("4x with 500 of 1,326 holdings (69 of 169 classes)")
    assert tables[0].rows[0][:3] == ("A", "4x", "4x")            # AA, AKs
    assert "AKs" in render(document, "markdown")
