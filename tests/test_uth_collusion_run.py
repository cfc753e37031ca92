"""The UTH collusion run (docs/collusion-uth.md): the same exact sums on one and two Dask
workers, a rerun that solves only the classes not cached, and the figures of the driver (exact
and sampled) against plain arithmetic written here."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from edge.errors import EdgeError
from edge.games import get_game
from edge.games.ultimate_texas_holdem.collusion import classes, two_player
from edge.games.ultimate_texas_holdem.solve import solver
from edge.protection import CollusionRequest

STANDARD = {"straight": Fraction(1), "flush": Fraction(3, 2), "full-house": Fraction(3),
            "four-of-a-kind": Fraction(10), "straight-flush": Fraction(50),
            "royal-flush": Fraction(500)}
SETTLE = solver.settlement(STANDARD)
NET = tuple(tuple(int(v) for v in row) for row in SETTLE.array())


def task(index: int) -> classes.ClassTask:
    return classes.ClassTask(index, NET, SETTLE.fold, False)


def test_same_sums_on_one_and_two_workers() -> None:
    from edge.parallel import map_tasks
    reduced = [two_player.ReducedTask(task(i), 2) for i in (0, 20, 168)]
    one = map_tasks(two_player.solve_reduced, reduced, workers=1)
    two = map_tasks(two_player.solve_reduced, reduced, workers=2)
    for a, b, job in zip(one, two, reduced, strict=True):
        assert np.array_equal(a, b)
        assert np.array_equal(a, two_player.solve_reduced(job))
        assert a[:, 3].max() <= 2 * 6             # at most two flop classes of 6 flops bet


def test_rerun_solves_only_the_classes_not_cached(monkeypatch: pytest.MonkeyPatch) -> None:
    from edge import parallel
    stored = np.zeros((classes.HOLDINGS, len(classes.COLUMNS)), dtype=np.int64)
    stored[5] = (1, 2, 3, 4)
    classes.store_class(task(0), stored)
    asked: list[Any] = []

    def fake_map(function: Any, tasks: list[classes.ClassTask], **kwargs: Any
                 ) -> list[np.ndarray]:
        asked.extend(tasks)
        return [stored * (job.index + 1) for job in tasks]

    monkeypatch.setattr(parallel, "map_tasks", fake_map)
    found = two_player.class_sums([task(0), task(1)], CollusionRequest(1, workers=1))
    assert [job.index for job in asked] == [1]
    assert np.array_equal(found[0], stored) and np.array_equal(found[1], 2 * stored)
    cached = classes.cached_class(task(1))
    assert cached is not None and np.array_equal(cached, 2 * stored)   # kept for the next run


def fake_values() -> dict[int, two_player.ClassValue]:
    rng = np.random.default_rng(7)
    return {i: two_player.ClassValue(i, int(rng.integers(-10**15, 10**15)),
                                     {4: 1000, 3: 25, 0: 200}) for i in range(169)}


def test_exact_figure_weights_classes_by_holdings() -> None:
    values = fake_values()
    result = two_player.result(values, list(range(169)), 2, two_player.Lone(Fraction(-1, 50)), 1)
    # every holding of a class has its representative's value: 6 a pair, 4 suited, 12 offsuit
    weight = {0: 6, 13: 4, 14: 12}
    holdings = [6] * 13 + [w for _ in range(78) for w in (4, 12)]
    assert sorted(holdings) == sorted(c.weight for c in classes.hole_classes())
    assert classes.hole_classes()[13].weight == weight[13]
    total = sum(Fraction(c.weight * values[i].best)
                for i, c in enumerate(classes.hole_classes()))
    deals = 1326 * 1225 * 17296 * 990 * 903 * 2
    assert result.exact and result.player_return == total / deals
    assert result.gain == result.player_return + Fraction(1, 50)
    assert dict(result.decisions)["preflop 4x"] == Fraction(1000, 1225)
    assert result.situations == result.classes == two_player.situations()


def test_sampled_figure_and_its_standard_error() -> None:
    values = fake_values()
    drawn = two_player.draw(12, 3)
    result = two_player.result(values, drawn, 2, two_player.Lone(Fraction(0)), 3)
    returns = [values[i].best / (1225 * 17296 * 990 * 903 * 2) for i in drawn]
    assert not result.exact
    assert float(result.player_return) == pytest.approx(np.mean(returns), rel=1e-12)
    assert result.standard_error is not None
    assert float(result.standard_error) == pytest.approx(
        np.std(returns, ddof=1) / math.sqrt(12), rel=1e-9)
    assert "Sampled" in result.method and "seed 3" in result.method


def test_sampled_gain_over_the_lone_player() -> None:
    # with the lone player's return by class known, the estimate is his exact return plus the
    # mean gain of the drawn classes (the same expectation, a smaller spread)
    values = fake_values()
    rng = np.random.default_rng(13)
    by_class = tuple(Fraction(int(rng.integers(-10**6, 10**6)), 10**7) for _ in range(169))
    lone = two_player.Lone(Fraction(-2185, 100000), by_class)
    drawn = two_player.draw(9, 4)
    result = two_player.result(values, drawn, 2, lone, 4)
    deals = 1225 * 17296 * 990 * 903 * 2
    gains = [Fraction(values[i].best, deals) - by_class[i] for i in drawn]
    assert result.player_return == Fraction(-2185, 100000) + sum(gains, Fraction(0)) / 9
    assert result.unexposed_return == Fraction(-2185, 100000)
    assert result.standard_error is not None
    assert float(result.standard_error) == pytest.approx(
        np.std([float(g) for g in gains], ddof=1) / 3, rel=1e-9)
    assert "mean gain" in result.method


def test_lone_player_by_class() -> None:
    rng = np.random.default_rng(17)
    counts = [rng.integers(0, 10**6, size=(1326, 17)) for _ in range(3)]
    extra = rng.integers(0, 10**3, size=(1326, 4))
    solution = solver.Solution(SETTLE, False, counts[0], counts[1], counts[2], extra,
                               np.zeros((1, 1326), dtype=np.uint8))
    lone = two_player.lone_player(solution)
    net = SETTLE.array()
    holdings = list(itertools.combinations(range(52), 2))
    total = Fraction(0)
    for h in range(1326):
        four = int(counts[0][h] @ net[4])
        three = int(counts[0][h] @ net[3])
        checking = int(counts[1][h] @ net[2] + counts[2][h] @ net[1]) + int(
            extra[h, 0]) * 990 * SETTLE.fold
        total += max(four, three, checking)
        for i, hole in enumerate(classes.hole_classes()):
            if holdings[h] == (hole.first, hole.second):
                assert lone.by_class[i] == Fraction(max(four, three, checking),
                                                    19600 * 1081 * 990 * 2)
    assert lone.player_return == total / (1326 * 19600 * 1081 * 990 * 2)


def test_draws_follow_the_weights() -> None:
    drawn = two_player.draw(20000, 5)
    offsuit = sum(classes.hole_classes()[i].weight == 12 for i in drawn) / 20000
    assert offsuit == pytest.approx(78 * 12 / 1326, abs=0.015)     # 0.706, 5 sd about 0.016


@pytest.mark.slow         # seconds and about 1 GB: 1,624,350 pairs of holdings, 24 times
def test_situations_by_canonical_forms() -> None:
    # every (player, partner) pair of holdings renamed by the 24 suit permutations: the least
    # image names its class
    pairs = np.array(list(itertools.combinations(range(52), 2)), dtype=np.int64)
    grid_p, grid_n = np.meshgrid(np.arange(1326), np.arange(1326), indexing="ij")
    a, b = pairs[grid_p.ravel()], pairs[grid_n.ravel()]
    apart = (a[:, :, None] != b[:, None, :]).all(axis=(1, 2))
    a, b = a[apart], b[apart]
    assert len(a) == 1326 * 1225
    best = None
    for perm in itertools.permutations(range(4)):
        table = np.array(perm)
        pa = np.sort((a & ~3) | table[a & 3], axis=1)
        pb = np.sort((b & ~3) | table[b & 3], axis=1)
        code = ((pa[:, 0] * 52 + pa[:, 1]) * 52 + pb[:, 0]) * 52 + pb[:, 1]
        best = code if best is None else np.minimum(best, code)
    assert best is not None
    assert len(np.unique(best)) == two_player.situations()


def test_value_class_takes_each_partners_best_line() -> None:
    rng = np.random.default_rng(11)
    sums = rng.integers(-10**9, 10**9, size=(1326, 4))
    hole = classes.hole_classes()[0]
    value = two_player.value_class(0, sums, ties_larger=False)
    best, counts = 0, {4: 0, 3: 0, 0: 0}
    for h, (a, b) in enumerate(itertools.combinations(range(52), 2)):
        if {a, b} & {hole.first, hole.second}:
            continue
        s1, s2, checked = (int(v) for v in sums[h, :3])
        lines = {0: checked, 3: s1 + 2 * (s2 - s1), 4: s1 + 3 * (s2 - s1)}
        top = max(lines.values())
        choice = min(size for size, v in lines.items() if v == top)   # ties: the smaller
        best += top
        counts[choice] += 1
    assert value.best == best and value.choices == counts


def test_bad_requests_are_one_line_errors() -> None:
    with pytest.raises(EdgeError, match="--partners 2"):
        two_player.collusion(SETTLE, False, CollusionRequest(2), two_player.Lone(Fraction(0)))
    with pytest.raises(EdgeError, match="--rounds 1"):
        two_player.collusion(SETTLE, False, CollusionRequest(1, rounds=1),
                             two_player.Lone(Fraction(0)))


def test_the_game_declares_and_hooks_collusion() -> None:
    game = get_game("ultimate-texas-holdem")
    assert game.protection is not None and game.protection.collusion is not None
    declared = game.protection.collusion
    assert (declared.shared, declared.partners, declared.exact, declared.slow) == (
        "their two hole cards", (1,), (1,), True)
    bet = game.bet("main")
    assert bet.exposed is not None and bet.exposed.collude is not None
    with pytest.raises(EdgeError, match="--partners 3"):
        bet.collusion(game.wager(None, game.make_rules()), CollusionRequest(3))


@pytest.mark.full_solve
@pytest.mark.slow
@pytest.mark.uses_solve("optimal", "collusion")    # the optimal solve, the collusion kernel
def test_a_whole_class_against_the_games_own_solve() -> None:
    # Every deal of the lone player (holding P, a flop, a turn-river pair, a dealer holding)
    # leaves 43 cards, so C(43, 2) = 903 partner holdings: summed over the partners, the
    # colluder's "Play of p on every board" sums are 903 times the game's own solve's for P,
    # and seeing the partner's cards is never worth less than not seeing them.
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
    from edge.games.ultimate_texas_holdem.solve.main_bet import solve_main
    paytable = get_game("ultimate-texas-holdem").bet("main").paytable(None)
    assert paytable is not None
    lone = solve_main(paytable, UltimateTexasHoldemRules(), RunSettings())
    index = next(i for i, c in enumerate(classes.hole_classes()) if c.name == "K5o")
    hole = classes.hole_classes()[index]
    sums = classes.solve_class(task(index))
    holding = list(itertools.combinations(range(52), 2)).index((hole.first, hole.second))
    net = SETTLE.array()
    for column, play in ((0, 1), (1, 2)):
        assert int(sums[:, column].sum()) == 903 * int(lone.play[holding] @ net[play])
    four, three, checking = (line[holding] for line in lone.line_values())
    colluder = two_player.value_class(index, sums, ties_larger=False)
    assert colluder.best >= 903 * max(int(four), int(three), int(checking))
    # S. How (discountgambling.net, "Two-Player Collusion for Ultimate Texas Hold'em", 2009):
    # a borderline raise such as K6o is checked when the partner holds a K or a 6. K5o, a 4x
    # raise alone, is checked against every partner holding with a K or a 5.
    assert lone.preflop_choice()[holding] == 4
    for h, (a, b) in enumerate(itertools.combinations(range(52), 2)):
        if {a, b} & {hole.first, hole.second} or not {a >> 2, b >> 2} & {11, 3}:
            continue
        s1, s2, checked = (int(v) for v in sums[h, :3])
        assert checked > max(s1 + 3 * (s2 - s1), s1 + 2 * (s2 - s1))


def test_a_sample_of_three_classes_prints_a_t_interval() -> None:
    # three classes returning 1%, 2% and 6% of the Ante: mean 3%, sample variance
    # ((-2)^2 + (-1)^2 + 3^2) / 2 = 7 (in squared points), standard error sqrt(7 / 3) points
    from edge.report.collusion import _row
    deals = 1225 * 17296 * 990 * 903
    values = {i: two_player.ClassValue(i, deals * r // 100, {4: 1225, 3: 0, 0: 0})
              for i, r in enumerate((1, 2, 6))}
    result = two_player.result(values, [0, 1, 2], 1, two_player.Lone(Fraction(0)), 5)
    assert result.player_return == Fraction(3, 100)
    assert (result.draws, result.drawn) == (3, "classes")
    cell = _row(result)[4]
    assert cell.endswith("(t, 3 classes drawn)")
    low, high = (float(part.rstrip("%")) for part in cell.split(" (")[0].split(" to "))
    error = math.sqrt(7 / 3)                                  # points of the Ante
    t2 = math.sqrt(2 * 0.95 ** 2 / (1 - 0.95 ** 2))           # 4.3027: P(|T| < t) = 0.95
    assert high - low == pytest.approx(2 * t2 * error, abs=2e-4)
    assert (low + high) / 2 == pytest.approx(3.0, abs=1e-4)
    # the normal interval printed before was less than half as wide
    assert high - low > 2 * (2 * 1.96 * error)


def test_the_method_counts_the_classes_drawn() -> None:
    from edge.protection import CollusionRequest
    from edge.report.collusion import collusion_method
    values = fake_values()
    result = two_player.result(values, two_player.draw(5, 2), 2, two_player.Lone(Fraction(0)), 2)
    text = collusion_method([result], CollusionRequest(1, rounds=5, seed=2))
    assert "each the mean of 5 classes drawn from seed 2" in text
