"""The river tells of Ultimate Texas Hold'em ``seen=dealer-1`` against ordinary play
(edge/games/ultimate_texas_holdem/exposure/dealer_rivers.py, _dealer_rivers.pyx;
docs/protection.md, "Tells against ordinary play").

The kernel's river counts of a flop state are checked against a plain enumeration of every
turn-river pair of it (the hands ranked by ``edge._core``'s evaluator): the informed decision
over the 44 dealer hands {d, x}, basic strategy's over the 990 dealer holdings, and a made-up
ordinary rule read from a table by board suit class, the class found here from the board's
suit rank masks. The deals the pass counts are checked against a plain loop over every (flop,
seen club, holding) of two flops with made-up decisions and made-up river counts.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.cache import Checkpoint
from edge.games.ultimate_texas_holdem.exposure import dealer_flops, dealer_rivers
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from tests.test_uth_dealer_flops import (
    HOLDING,
    dealer_one_made_up,
    holding_id,
    one_flop_made_up,
    two_flops_made_up,
)
from tests.test_uth_exposure_one import STANDARD, _categories

pytestmark = pytest.mark.kernels
IntArray = npt.NDArray[np.int64]
FLOP = [5, 22, 41]          # 3d 7h Jd: boards with and without a flush suit


@pytest.fixture(scope="module")
def settle() -> solver.Settlement:
    return solver.settlement(STANDARD)


def plays_1x(mine: IntArray, theirs: IntArray, settle: solver.Settlement,
             ties_larger: bool) -> npt.NDArray[np.bool_]:
    """Per row: whether 1x against the dealer hands ``theirs[row]`` is worth more than folding
    them (equal values as ``ties_larger`` says)."""
    value = _categories(mine, theirs) @ settle.array()[1]
    fold = theirs.shape[1] * settle.fold
    found: npt.NDArray[np.bool_] = (value > fold) | ((value == fold) & ties_larger)
    return found


def class_and_image(board: list[int], holding: tuple[int, int],
                    keys: npt.NDArray[np.uint64]) -> tuple[int, int]:
    """The board's suit class (its row in ``keys``) and the holding's image under the suit
    permutation taking the board to the class's representative: suits by rank mask, largest
    first, equal masks in suit order."""
    masks = [sum(1 << (c >> 2) for c in board if c & 3 == s) for s in range(4)]
    order = sorted(range(4), key=lambda s: -masks[s])
    key = sum(masks[s] << (13 * place) for place, s in enumerate(order))
    row = int(np.searchsorted(keys, np.uint64(key)))
    assert keys[row] == key
    to = {s: place for place, s in enumerate(order)}
    image = sorted((c & ~3) | to[c & 3] for c in holding)
    return row, holding_id(*image)


def plain_boards(holding: tuple[int, int], seen: int, flop: list[int],
                 settle: solver.Settlement, made_up: npt.NDArray[np.uint8],
                 keys: npt.NDArray[np.uint64], ties_larger: bool = False
                 ) -> tuple[list[list[int]], npt.NDArray[np.bool_], npt.NDArray[np.bool_],
                            npt.NDArray[np.bool_]]:
    """Every turn-river board of one flop state and, on each, whether the informed player,
    basic strategy and the made-up rule play 1x, every hand dealt."""
    rest = [c for c in range(52) if c not in {*holding, seen, *flop}]
    boards = [flop + list(pair) for pair in combinations(rest, 2)]
    mine = _core.evaluate_many(np.array([board + list(holding) for board in boards]))
    dealer = [[board + [seen, x] for x in rest if x not in board] for board in boards]
    informed = plays_1x(mine, _core.evaluate_many(np.array(dealer).reshape(-1, 7))
                        .reshape(len(boards), 44), settle, ties_larger)
    # basic strategy does not see d: every pair of the 45 cards off the board and the holding
    left = np.array([[c for c in rest + [seen] if c not in board] for board in boards])
    pairs = np.array(list(combinations(range(45), 2)))
    every = np.concatenate([np.repeat(np.array(boards)[:, None, :], 990, axis=1),
                            left[:, pairs]], axis=2)
    basic = plays_1x(mine, _core.evaluate_many(every.reshape(-1, 7)).reshape(len(boards), 990),
                     settle, ties_larger)
    other = []
    for board in boards:
        row, image = class_and_image(board, holding, keys)
        other.append(not (made_up[row, image >> 3] >> (image & 7)) & 1)
    return boards, informed, basic, np.array(other)


def plain_counts(holding: tuple[int, int], seen: int, flop: list[int],
                 settle: solver.Settlement, made_up: npt.NDArray[np.uint8],
                 keys: npt.NDArray[np.uint64], ties_larger: bool = False,
                 ways: npt.NDArray[np.int64] | None = None) -> list[int]:
    """[informed 1x, (1x, basic folds), (fold, basic 1x), (1x, made-up folds), (fold, made-up
    1x), (1x, both fold), (fold, both play 1x)] over the turn-river pairs of one flop state,
    every hand dealt; each pair counted ``ways[board]`` times (default once)."""
    boards, informed, basic, theirs = plain_boards(holding, seen, flop, settle, made_up, keys,
                                                   ties_larger)
    w = np.ones(len(boards), dtype=np.int64) if ways is None else ways
    return [int(w[informed].sum()), int(w[informed & ~basic].sum()),
            int(w[~informed & basic].sum()), int(w[informed & ~theirs].sum()),
            int(w[~informed & theirs].sum()), int(w[informed & ~basic & ~theirs].sum()),
            int(w[~informed & basic & theirs].sum())]


def kernel_counts(states: list[tuple[tuple[int, int], int]], settle: solver.Settlement,
                  ties_larger: bool = False, by_card: npt.NDArray[np.bool_] | None = None
                  ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32],
                             npt.NDArray[np.uint8], npt.NDArray[np.uint64]]:
    """The kernel on FLOP's given states (or the states ``by_card`` marks by turn-river card),
    with basic strategy's river (the flop's board classes only) and a made-up rule folding at
    random; and the made-up rule's packed fold bits."""
    flop = np.array(FLOP, dtype=np.int32)
    classes = dealer_rivers.board_classes_of(flop[None, :])
    keys, folds = dealer_rivers.river_fold_tables(settle, ties_larger, [None], classes=classes)
    # the made-up rule's fold bits, packed as the tables hold them (bit h & 7 of byte h >> 3)
    made_up = np.random.default_rng(5).integers(0, 256, size=folds.shape[1:], dtype=np.uint8)
    tables = (keys, dealer_rivers.every_tables(np.concatenate([folds, made_up[None]])))
    live = np.zeros((13, solver.HOLDINGS), dtype=bool)
    for holding, seen in states:
        live[seen >> 2, holding_id(*holding)] = True
    plays, departures = dealer_rivers.flop_counts(flop, live if by_card is None else by_card,
                                                  settle, ties_larger, tables)
    return plays, departures, made_up, keys


def found_of(plays: npt.NDArray[np.int32], departures: npt.NDArray[np.int32],
             holding: tuple[int, int], seen: int) -> list[int]:
    h = holding_id(*holding)
    r = seen >> 2
    # the two rules' set: its rows after the rules (every_rows)
    return [int(plays[r, h]), *(int(departures[k, j, r, h]) for k in range(2) for j in range(2)),
            int(departures[2, 0, r, h]), int(departures[3, 1, r, h])]


def test_river_counts_of_a_flop_state_against_a_plain_enumeration(
        settle: solver.Settlement) -> None:
    states = [((13, 50), 32)]                       # 5d Ac with the 10 of clubs seen
    plays, departures, made_up, keys = kernel_counts(states, settle)
    for holding, seen in states:
        assert found_of(plays, departures, holding, seen) == plain_counts(
            holding, seen, FLOP, settle, made_up, keys)
    # the states not marked live are left alone
    live = np.zeros((13, solver.HOLDINGS), dtype=bool)
    live[32 >> 2, holding_id(13, 50)] = True
    assert not plays[~live].any() and not departures[:, :, ~live].any()


def test_river_counts_by_turn_river_card_against_a_plain_enumeration(
        settle: solver.Settlement) -> None:
    """dealer-1,turn-river-1: a state marked for some turn-river cards t only; each board
    counts once for each of its two cards among them."""
    holding, seen = (13, 50), 32
    marked = [2, 9, 14, 27, 33, 51]
    by_card = np.zeros((13, 52, solver.HOLDINGS), dtype=bool)
    by_card[seen >> 2, marked, holding_id(*holding)] = True
    plays, departures, made_up, keys = kernel_counts([], settle, by_card=by_card)
    boards, *_ = plain_boards(holding, seen, FLOP, settle, made_up, keys)
    ways = np.array([(board[3] in marked) + (board[4] in marked) for board in boards])
    assert found_of(plays, departures, holding, seen) == plain_counts(
        holding, seen, FLOP, settle, made_up, keys, ways=ways)
    assert ways.max() == 2 and plays.sum() == plays[seen >> 2, holding_id(*holding)]


@pytest.mark.slow       # about 8 s: every dealer holding of eight states' boards dealt plainly
@pytest.mark.parametrize("ties_larger", [False, True])
def test_river_counts_of_several_states_against_a_plain_enumeration(
        settle: solver.Settlement, ties_larger: bool) -> None:
    rng = np.random.default_rng(34)
    states = []
    for _ in range(4):
        seen = int(rng.choice([d for d in range(0, 52, 4) if d not in FLOP]))
        rest = [c for c in range(52) if c not in FLOP and c != seen]
        a, b = sorted(int(c) for c in rng.choice(rest, 2, replace=False))
        states.append(((a, b), seen))
    plays, departures, made_up, keys = kernel_counts(states, settle, ties_larger)
    for holding, seen in states:
        expected = plain_counts(holding, seen, FLOP, settle, made_up, keys, ties_larger)
        assert found_of(plays, departures, holding, seen) == expected, (holding, seen)


# --- the deals the pass counts, with made-up river counts ---------------------------------------

def made_up_counts(flop: npt.NDArray[np.int32], live: npt.NDArray[np.bool_],
                   settle: solver.Settlement, ties_larger: bool,
                   tables: object) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Stands for the kernel: made-up counts of each live state, from its rank and holding."""
    r = np.arange(13)[:, None]
    h = np.arange(solver.HOLDINGS)[None, :]
    plays = np.where(live, (r + h) % 7 + 100, 0).astype(np.int32)
    departures = np.stack([np.stack([np.where(live, (3 * r + 5 * h + k + j) % 11, 0)
                                     for j in range(2)]) for k in range(4)]).astype(np.int32)
    return plays, departures


def plain_made_up(rank: int, h: int, rule: int, kind: int) -> int:
    return (3 * rank + 5 * h + rule + kind) % 11


@pytest.mark.slow       # 2 to 3 s: every state of a made-up solve, one by one
def test_river_deals_against_a_plain_loop(settle: solver.Settlement,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Two flops of the pass, made-up informed flop decisions, ordinary players and river
    counts: every (flop, seen club, holding) counted one by one."""
    monkeypatch.setattr(dealer_rivers, "flop_counts", made_up_counts)
    flops, sizes, rows, rng, informed, solution = two_flops_made_up(settle, 9)
    bets = informed.bets
    players = [dealer_rivers.RiverPlayer(rng.random(solver.HOLDINGS) < 0.8,
                                         (rng.random((solver.FLOPS, solver.HOLDINGS)) < 0.4)
                                         .astype(np.uint8), rule) for rule in (0, 1, 0)]
    every_flop = list(combinations(range(52), 3))
    expected = np.zeros((len(players) + 2, 2), dtype=np.int64)
    for row, index in enumerate(rows):
        flop = [int(c) for c in flops[index]]
        flop_id = every_flop.index((flop[0], flop[1], flop[2]))
        deals = int(sizes[index]) * 4 * 44
        for rank in range(13):
            d = 4 * rank
            if d in flop:
                continue
            for h, (a, b) in enumerate(combinations(range(52), 2)):
                if {a, b} & set(flop) or d in (a, b) or bets[row, rank, h] \
                        or solution.choice_of((a, b), [d]) != 0:
                    continue
                played = (rank + h) % 7 + 100
                expected[-1] += [deals * played, deals * (1035 - played)]
                rules = set()
                for p, player in enumerate(players):
                    if player.checks[h] and not player.flop_bets[flop_id, h]:
                        rules.add(player.rule)
                        expected[p] += [deals * plain_made_up(rank, h, player.rule, kind)
                                        for kind in range(2)]
                # every player at once: a lone rule's own counts, both rules' rows 2 and 3
                if rules:
                    tables = [min(rules)] * 2 if len(rules) == 1 else [2, 3]
                    expected[-2] += [deals * plain_made_up(rank, h, tables[kind], kind)
                                     for kind in range(2)]
    found = dealer_rivers.sweep(informed, solution, players, None)  # type: ignore[arg-type]
    assert np.array_equal(found.sum(axis=0), expected) and expected.min() > 0


@pytest.mark.slow       # 2 to 3 s: every state of a made-up solve, one by one
def test_river_deals_with_a_flop_card_seen(settle: solver.Settlement,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """dealer-1,flop-1: each flop state counts once for each of its flop's cards with which,
    seen, the informed player checks preflop (a made-up solve listing one flop's states)."""
    monkeypatch.setattr(dealer_rivers, "flop_counts", made_up_counts)
    flops, sizes, index, flop, cards, made_up = one_flop_made_up(settle)
    rng = np.random.default_rng(10)
    bets = rng.random((1, 13, solver.HOLDINGS)) < 0.3
    informed = dealer_flops.InformedFlops(flops[[index]], sizes[[index]], bets)
    player = dealer_rivers.RiverPlayer(rng.random(solver.HOLDINGS) < 0.8,
                                       (rng.random((solver.FLOPS, solver.HOLDINGS)) < 0.4)
                                       .astype(np.uint8), 1)
    flop_id = list(combinations(range(52), 3)).index((flop[0], flop[1], flop[2]))
    deals = int(sizes[index]) * 4 * 44
    expected = np.zeros((3, 2), dtype=np.int64)
    for a, b, d, f in cards.tolist():
        h = HOLDING[(a, b)]
        if bets[0, d >> 2, h] or made_up.choice_of((a, b), [d, f]) != 0:
            continue
        played = (d // 4 + h) % 7 + 100
        expected[-1] += [deals * played, deals * (1035 - played)]
        if player.checks[h] and not player.flop_bets[flop_id, h]:
            expected[0] += [deals * plain_made_up(d // 4, h, 1, kind) for kind in range(2)]
    expected[1] = expected[0]           # one player: the row of every player is his
    found = dealer_rivers.sweep(informed, made_up, [player], None)  # type: ignore[arg-type]
    assert np.array_equal(found.sum(axis=0), expected) and expected.min() > 0


def test_the_pass_must_agree_with_the_solve(settle: solver.Settlement) -> None:
    solution: ExposedSolution = dealer_one_made_up(settle)
    wrong = dealer_rivers.RiverTells(((0, 0),), (0, 0), int(solution.counts[1].sum()) + 1,
                                     solution.folds)
    with pytest.raises(RuntimeError, match="river pass plays 1x"):
        dealer_rivers.check_against_solve(wrong, solution)
    right = replace(wrong, plays=int(solution.counts[1].sum()))
    dealer_rivers.check_against_solve(right, solution)


def made_up_pass(settle: solver.Settlement, monkeypatch: pytest.MonkeyPatch, flops: int
                 ) -> tuple[dealer_flops.InformedFlops, ExposedSolution,
                            dealer_rivers.RiverPlayer]:
    """The first ``flops`` flops of the pass with made-up kernel counts, no flop bet, a
    made-up dealer-1 solve and a player who checks everything."""
    monkeypatch.setattr(dealer_rivers, "flop_counts", made_up_counts)
    every, sizes = dealer_flops.club_flops()
    informed = dealer_flops.InformedFlops(every[:flops], sizes[:flops],
                                          np.zeros((flops, 13, solver.HOLDINGS), dtype=bool))
    player = dealer_rivers.RiverPlayer(np.ones(solver.HOLDINGS, dtype=bool),
                                       np.zeros((solver.FLOPS, solver.HOLDINGS), dtype=np.uint8),
                                       0)
    return informed, dealer_one_made_up(settle), player

def test_the_pass_resumes_from_its_checkpoint(settle: solver.Settlement, tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A checkpoint holding the first of two flops done (made-up sums): the pass keeps them and
    counts the other."""
    informed, solution, player = made_up_pass(settle, monkeypatch, 2)
    checkpoint = Checkpoint(tmp_path / "entry.npz", warn=lambda _: None)
    marked = np.full((2, 3, 2), 7, dtype=np.int64)
    checkpoint.save({"deals": marked, "net": settle.array(), "ties_larger": np.array(False),
                     "flops": informed.flops, "done": np.array([1, 0], dtype=np.uint8)})
    resumed = dealer_rivers.sweep(informed, solution, [player], None,  # type: ignore[arg-type]
                                  checkpoint=checkpoint)
    fresh = dealer_rivers.sweep(informed, solution, [player], None)  # type: ignore[arg-type]
    assert (resumed[0] == 7).all() and np.array_equal(resumed[1], fresh[1])



def test_the_pass_is_the_same_on_any_number_of_threads(settle: solver.Settlement,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """The flops counted on worker threads are added in their order (made-up counts)."""
    informed, solution, player = made_up_pass(settle, monkeypatch, 5)
    one = dealer_rivers.sweep(informed, solution, [player], None,  # type: ignore[arg-type]
                              jobs=1)
    three = dealer_rivers.sweep(informed, solution, [player], None,  # type: ignore[arg-type]
                                jobs=3)
    assert np.array_equal(one, three) and one.min() > 0

def test_the_tables_of_every_player_at_once() -> None:
    """Each set of two or more rules gets a table where all its rules fold and one where one of
    them does, bit by bit, after the rules' own tables."""
    rng = np.random.default_rng(3)
    folds = rng.integers(0, 256, size=(3, 5, dealer_rivers.WIDTH), dtype=np.uint8)
    rows = dealer_rivers.every_rows(3)
    assert rows[1] == (0, 0) and rows[2] == (1, 1) and rows[4] == (2, 2)
    assert sorted(row for mask in (3, 5, 6, 7) for row in rows[mask]) == list(range(3, 11))
    tables = dealer_rivers.every_tables(folds)
    assert tables.shape == (11, 5, dealer_rivers.WIDTH)
    bits = np.unpackbits(tables, axis=2, bitorder="little")
    own = np.unpackbits(folds, axis=2, bitorder="little")
    for mask, (all_fold, one_folds) in rows.items():
        members = [k for k in range(3) if mask >> k & 1]
        for c in range(5):
            for h in range(0, 1326, 7):
                said = [int(own[k, c, h]) for k in members]
                assert bits[all_fold, c, h] == all(said)
                assert bits[one_folds, c, h] == any(said)


def test_the_kernel_refuses_bad_input(settle: solver.Settlement) -> None:
    keys = np.zeros(1, dtype=np.uint64)
    folds = np.zeros((1, 1, dealer_rivers.WIDTH), dtype=np.uint8)
    live = np.ones((13, solver.HOLDINGS), dtype=bool)
    with pytest.raises(ValueError, match="live must be"):
        dealer_rivers.flop_counts(np.array(FLOP, dtype=np.int32),
                                  np.ones((13, 51, solver.HOLDINGS), dtype=bool), settle, False,
                                  (keys, folds))
    with pytest.raises(ValueError, match="appears twice"):
        dealer_rivers.flop_counts(np.array([3, 3, 7], dtype=np.int32), live, settle, False,
                                  (keys, folds))
    with pytest.raises(ValueError, match="suit class is not in keys"):
        dealer_rivers.flop_counts(np.array(FLOP, dtype=np.int32), live, settle, False,
                                  (keys, folds))


def test_the_board_classes_of_a_flop_are_its_boards() -> None:
    """Every board of the flop has its class among those found, and no other class is."""
    _, keys = _kernels.uth_board_classes()
    found = dealer_rivers.board_classes_of(np.array([FLOP], dtype=np.int32))
    rest = [c for c in range(52) if c not in FLOP]
    wanted = {class_and_image(FLOP + list(pair), (0, 1), keys)[0]
              for pair in combinations(rest, 2)}
    assert sorted(wanted) == found.tolist()
