"""Tests of `edge simulate`: statistics, dealing, chunked seeding, and every simulated wager."""

from __future__ import annotations

import itertools
import json
import math
from fractions import Fraction

import numpy as np
import pytest

from edge.cli import main
from edge.games import RunSettings, get_game
from edge.games import triple_bet as tb
from edge.games.triple_bet import _kernels as tb_kernels
from edge.games.triple_bet import simulation as sim_tb
from edge.games.triple_bet._kernels import BLOCK_ROWS, FLUSH_ROWS, SANDWICH_ROWS
from edge.games.triple_bet.pays import PRESETS as TB_PRESETS
from edge.sampling import (
    REJECTION_AT_LEAST,
    all_distinct_probability,
    deal,
    distinct,
    shuffle_deal,
)
from edge.simulation import make_simulator, simulate
from edge.simulation.engine import (
    CHUNK_HANDS,
    Simulator,
    Tally,
    chunk_seed,
    chunk_sizes,
    play_chunk,
    run,
    tally_hands,
)
from edge.simulation.stats import (
    chi_square_p_value,
    chi_square_test,
    normal_quantile,
    regularized_gamma_q,
)
from edge.table import exact

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

# --- statistics --------------------------------------------------------------------------


def _even_df_tail(x: float, df: int) -> float:
    """Closed form of the chi-square tail for even degrees of freedom."""
    half = x / 2
    return math.exp(-half) * sum(half ** k / math.factorial(k) for k in range(df // 2))


@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 3.84, 10.0, 40.0, 150.0])
def test_chi_square_tail_matches_closed_forms(x: float) -> None:
    # one degree of freedom: P(Z^2 >= x) = erfc(sqrt(x / 2))
    assert chi_square_p_value(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10)
    for df in (2, 4, 10, 30):
        assert chi_square_p_value(x, df) == pytest.approx(_even_df_tail(x, df), rel=1e-9)


def test_chi_square_textbook_values() -> None:
    # The 5% critical values of the chi-square table: 3.841 (1 df), 11.070 (5), 18.307 (10).
    for critical, df in ((3.841459, 1), (11.070498, 5), (18.307038, 10)):
        assert chi_square_p_value(critical, df) == pytest.approx(0.05, abs=1e-6)
    assert chi_square_p_value(0.0, 3) == 1.0
    assert chi_square_p_value(math.inf, 3) == 0.0
    assert regularized_gamma_q(2.5, 0.0) == 1.0
    with pytest.raises(ValueError):
        chi_square_p_value(1.0, 0)


def test_normal_quantiles() -> None:
    assert normal_quantile(0.95) == pytest.approx(1.959964, abs=1e-6)
    assert normal_quantile(0.999) == pytest.approx(3.290527, abs=1e-6)
    with pytest.raises(ValueError):
        normal_quantile(1.0)


def test_chi_square_pools_rare_rows_and_flags_impossible_ones() -> None:
    test = chi_square_test(["a", "b", "rare1", "rare2"], [493, 500, 4, 3],
                           [0.493, 0.5, 0.004, 0.003])
    # the two rare rows (expected 4 and 3) pool to 7 >= 5: three bins, two degrees
    assert test.pooled == ("rare1", "rare2")
    assert test.degrees_of_freedom == 2
    assert test.statistic == pytest.approx(0.0)
    tiny = chi_square_test(["a", "b", "rare"], [60, 39, 1], [0.6, 0.39, 0.01])
    # the pool (expected 1) joins the smallest other bin: two bins, one degree
    assert tiny.pooled == ("rare",) and tiny.degrees_of_freedom == 1
    bad = chi_square_test(["a", "never"], [9, 1], [1.0, 0.0])
    assert bad.impossible == ("never",) and bad.p_value == 0.0
    single = chi_square_test(["a"], [10], [1.0])
    assert single.degrees_of_freedom == 0 and single.p_value == 1.0


# --- dealing -----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [52, 312])
def test_deal_gives_distinct_cards(size: int) -> None:
    cards = deal(np.random.default_rng(5), 20_000, 9, size)
    assert cards.shape == (9, 20_000)
    assert cards.min() >= 0 and cards.max() < size
    assert distinct(cards, size).all()
    rows = {tuple(column) for column in cards.T.tolist()}
    assert all(len(set(row)) == 9 for row in rows)


def test_distinct_finds_repeats_both_ways() -> None:
    cards = np.array([[1, 2, 70], [3, 2, 70]], dtype=np.int16)
    assert distinct(cards, 312).tolist() == [True, False, False]
    assert distinct(cards[:, :2], 52).tolist() == [True, False]


@pytest.mark.parametrize("size", [6, 70])
def test_deal_is_uniform_over_ordered_deals(size: int) -> None:
    """Every ordered deal of 2 cards from a small deck (and of 2 positions from a large one,
    folded to their first 6 values) comes up equally often."""
    hands = 60_000
    cards = deal(np.random.default_rng(11), hands, 2, size).astype(np.int64)
    if size == 6:
        keys = cards[0] * 6 + cards[1]
        names = [f"{a}{b}" for a, b in itertools.permutations(range(6), 2)]
        observed = np.bincount(keys, minlength=36)[[a * 6 + b for a, b in
                                                    itertools.permutations(range(6), 2)]]
        test = chi_square_test(names, observed.tolist(), [1 / 30] * 30)
    else:
        observed = np.bincount(cards[0], minlength=size)
        test = chi_square_test([str(i) for i in range(size)], observed.tolist(),
                               [1 / size] * size)
    assert test.p_value > 1e-4
    with pytest.raises(ValueError):
        deal(np.random.default_rng(1), 5, 7, 6)


def test_deal_of_most_of_the_deck_shuffles_uniformly() -> None:
    """Five of six cards: rejection would mostly fail, so the partial shuffle deals; each of
    the 720 ordered deals comes up equally often, and a full deal is a permutation."""
    assert all_distinct_probability(5, 6) < REJECTION_AT_LEAST
    cards = deal(np.random.default_rng(4), 72_000, 5, 6).astype(np.int64)
    assert distinct(cards.astype(np.int16), 6).all()
    keys = (((cards[0] * 6 + cards[1]) * 6 + cards[2]) * 6 + cards[3]) * 6 + cards[4]
    observed = np.unique(keys, return_counts=True)[1]
    assert observed.size == 720
    test = chi_square_test([str(i) for i in range(720)], observed.tolist(), [1 / 720] * 720)
    assert test.p_value > 1e-4
    full = shuffle_deal(np.random.default_rng(4), 100, 28, 28)
    assert (np.sort(full, axis=0) == np.arange(28)[:, None]).all()


# --- chunks, seeds, tallies --------------------------------------------------------------


def test_chunk_seed_is_the_spawned_child() -> None:
    children = np.random.SeedSequence(1234).spawn(3)
    for index, child in enumerate(children):
        mine = chunk_seed(1234, index)
        assert mine.generate_state(4).tolist() == child.generate_state(4).tolist()


def test_chunk_sizes() -> None:
    assert chunk_sizes(CHUNK_HANDS * 2 + 5) == [CHUNK_HANDS, CHUNK_HANDS, 5]
    assert chunk_sizes(CHUNK_HANDS) == [CHUNK_HANDS]
    assert sum(chunk_sizes(10 ** 6 + 1)) == 10 ** 6 + 1


def test_tally_keeps_every_net_result_of_an_uneven_outcome() -> None:
    outcome = np.array([0, 1, 1, 2, 1, 0], dtype=np.int64)
    net = np.array([5, -1, -1, 3, 2, 5], dtype=np.int64)
    tally = tally_hands(outcome, net, 4)
    assert tally.hands == 6
    assert tally.nets == {0: {5: 2}, 1: {-1: 2, 2: 1}, 2: {3: 1}}
    huge = tally_hands(outcome, net * 2 ** 52, 4)
    assert huge.nets[1] == {-(2 ** 52): 2, 2 ** 53: 1}
    total = Tally()
    total.add(tally)
    total.add(tally)
    assert total.hands == 12 and total.nets[1] == {-1: 4, 2: 2} and total.count(3) == 0


def _sim(bet: str, decks: int = 6) -> Simulator:
    made = tb.GAME.bet(bet).simulator(tb.GAME.wager(TB_PRESETS[bet]["usual"],
                                                    tb.TripleBetRules(decks=decks)))
    assert made is not None
    return made


def test_same_seed_same_tally_whatever_the_jobs() -> None:
    simulator = _sim("combined")
    hands = 2 * CHUNK_HANDS + 1000
    one = run(simulator, hands, seed=99, jobs=1)
    two = run(simulator, hands, seed=99, jobs=2)
    assert one == two
    # a chunk's hands depend on its index only: a longer run starts with the shorter one
    first = play_chunk(simulator, 99, 0, CHUNK_HANDS)
    assert run(simulator, CHUNK_HANDS, seed=99, jobs=1) == first
    assert run(simulator, hands, seed=100, jobs=1) != one


def test_report_is_identical_whatever_the_jobs() -> None:
    one = simulate("triple-bet", "sandwich", hands=3 * CHUNK_HANDS, seed=5, jobs=1).to_dict()
    two = simulate("triple-bet", "sandwich", hands=3 * CHUNK_HANDS, seed=5, jobs=2).to_dict()
    for data in (one, two):
        del data["seconds"], data["jobs"]
    assert one == two


def test_report_names_the_processes_used() -> None:
    """One chunk of hands is played in this process, however many --jobs were asked for."""
    assert len(chunk_sizes(1000)) == 1
    assert simulate("triple-bet", "flush", hands=1000, seed=5, jobs=8).jobs == 1


# --- Hybrid Triple Bet settlement --------------------------------------------------------

CARDS = np.arange(52, dtype=np.int16)


def _all(count: int) -> list[np.ndarray]:
    grid = np.array(list(itertools.product(range(52), repeat=count)), dtype=np.int16).T
    return list(grid)


def test_triple_bet_settlement_matches_the_rules_on_every_card_combination() -> None:
    """The simulation's vectorised settlement against the kernel's scalar one, by row name,
    on all 52^2 and 52^3 card value combinations (equal values included: shoes repeat them)."""
    player, flop = _all(2)
    mine = sim_tb.flush_index(player, flop)
    theirs = [tb_kernels.flush_outcome(int(a), int(b)) for a, b in zip(player, flop, strict=True)]
    assert [FLUSH_ROWS[i] for i in mine] == [FLUSH_ROWS[i] for i in theirs]
    first, second, third = _all(3)
    sandwich = sim_tb.sandwich_index(first, second, third)
    block = sim_tb.block_index(first, second, third)
    for k in range(0, first.size, 7):  # every 7th keeps the scalar loop short
        a, b, c = int(first[k]), int(second[k]), int(third[k])
        expected = tb_kernels.sandwich_outcome(a, b, c)
        assert SANDWICH_ROWS[sandwich[k]] == SANDWICH_ROWS[expected]
        assert BLOCK_ROWS[block[k]] == BLOCK_ROWS[tb_kernels.block_outcome(a, b, c)]


@pytest.mark.parametrize(("cards", "row"), [
    ("Qh 9h", "flush-high"), ("9h Qh", "flush-low"), ("9h 9h", "flush-pair"), ("9h 9s", "lose"),
])
def test_flush_examples(cards: str, row: str) -> None:
    from edge.cards import parse_cards
    a, b = (np.array([c], dtype=np.int16) for c in parse_cards(cards, distinct=False))
    assert FLUSH_ROWS[int(sim_tb.flush_index(a, b)[0])] == row


@pytest.mark.parametrize(("cards", "row"), [
    ("7c 7d 7h", "triple-sandwich"), ("6c 8d 7h", "straight-sandwich"),
    ("Qc Ad Kh", "straight-sandwich"), ("2c 9d 5h", "sandwich"), ("2c 9d 9h", "match"),
    ("2c 3d 4h", "lose"), ("Ac 3d 2h", "lose"),
], ids=str)
def test_sandwich_examples(cards: str, row: str) -> None:
    from edge.cards import parse_cards
    a, b, c = (np.array([x], dtype=np.int16) for x in parse_cards(cards, distinct=False))
    assert SANDWICH_ROWS[int(sim_tb.sandwich_index(a, b, c)[0])] == row


@pytest.mark.parametrize(("cards", "row"), [
    ("Kh Kh 9h", "ultimate"), ("Kh Ks 9h", "pair-block"), ("Kh 2h 9h", "flush-block"),
    ("Kh 2c 9h", "block"), ("9h 2c 9h", "push"), ("8h 2c 9h", "lose"), ("Kh Kh Kh", "push"),
], ids=str)
def test_block_examples(cards: str, row: str) -> None:
    from edge.cards import parse_cards
    a, b, c = (np.array([x], dtype=np.int16) for x in parse_cards(cards, distinct=False))
    assert BLOCK_ROWS[int(sim_tb.block_index(a, b, c)[0])] == row


# --- every simulated wager against its exact value ---------------------------------------

# (game, bet, pay table, options, hands): about a second each.
WAGERS = [
    ("triple-bet", "flush", None, {}, 2_000_000),
    ("triple-bet", "sandwich", None, {}, 2_000_000),
    ("triple-bet", "block", None, {}, 2_000_000),
    ("triple-bet", "combined", None, {}, 1_000_000),
    ("triple-bet", "block", None, {"decks": "1"}, 1_000_000),
    ("three-card-poker", "pair-plus", "1", {}, 2_000_000),
    ("three-card-poker", "ante", "3", {}, 2_000_000),
    ("three-card-poker", "ante", "2", {"strategy": "mimic"}, 1_000_000),
    ("three-card-poker", "ante", "1", {"strategy": "raise-all", "ace_low_straight": "false"},
     1_000_000),
    ("three-card-poker", "combined", "3", {}, 1_000_000),
    ("three-card-poker", "combined", "2",
     {"fold_forfeits_pair_plus": "false", "pair_plus_ratio": "1/2", "ties": "larger"}, 1_000_000),
    ("double-hand-poker", "main", None, {}, 2_000_000),
    ("double-hand-poker", "main", None, {"strategy": "house-way", "commission": "1/10"},
     1_000_000),
    ("double-hand-poker", "lo-card", None, {}, 1_000_000),
    ("double-hand-poker", "lo-card", None, {"players": "7", "pays": "15/2"}, 500_000),
    ("double-hand-poker", "hi-card", None, {"players": "3"}, 1_000_000),
    ("double-hand-poker", "dice-lo", None, {}, 2_000_000),
    ("double-hand-poker", "dice-hi", None, {}, 2_000_000),
    ("ultimate-texas-holdem", "trips", None, {}, 2_000_000),
    ("ultimate-texas-holdem", "trips", "50-40-30-9-7-4-3", {}, 1_000_000),
    ("ultimate-texas-holdem", "progressive", None, {"meter": "25000"}, 2_000_000),
    # the main bet's million hands take 15 s: the slow run
    pytest.param("ultimate-texas-holdem", "main", None, {}, 1_000_000, marks=pytest.mark.slow),
    # always-4x's million hands: 11.4 s, the slow run (the plain run at 3 min 47 s)
    pytest.param("ultimate-texas-holdem", "main", None, {"strategy": "always-4x"}, 1_000_000,
                 marks=pytest.mark.slow),
    # baccarat: whole coups dealt card by card and settled by the wagers' bet files
    *[("baccarat", bet, None, {}, 200_000)
      for bet in ("banker", "player", "tie", "player-pair", "banker-pair", "dragon-bonus-player",
                  "dragon-bonus-banker", "ez-banker", "dragon-7", "panda-8", "lucky-6")],
    ("baccarat", "tie", "9-to-1", {"decks": "1"}, 200_000),
]


def _check(game: str, bet: str, paytable: str | None, options: dict[str, str], hands: int,
           seed: int) -> None:
    # The UTH main bet needs the solve (and its flop decisions) first, cached on disk after the
    # first run: let those use every core. The hands do not depend on the number of jobs.
    jobs = None if (game, bet) == ("ultimate-texas-holdem", "main") else 1
    sim = simulate(game, bet, paytable, options, hands=hands, seed=seed, jobs=jobs)
    assert sim.hands == hands
    assert not sim.mismatches, [line.outcome for line in sim.mismatches]
    assert abs(sim.z_score) < 4, sim.render()
    assert sim.chi_square.p_value > 1e-6, sim.render()


@pytest.mark.parametrize(("game", "bet", "paytable", "options", "hands"), WAGERS, ids=str)
def test_short_simulation_agrees(game: str, bet: str, paytable: str | None,
                                 options: dict[str, str], hands: int) -> None:
    _check(game, bet, paytable, options, hands, seed=2024)


# The main wagers at 10^7 hands (a minute or so in all).
MAIN_WAGERS: list[tuple[str, str, str | None, dict[str, str]]] = [
    ("triple-bet", "combined", None, {}),
    ("three-card-poker", "ante", "3", {}),
    ("three-card-poker", "pair-plus", "3", {}),
    ("double-hand-poker", "main", None, {}),
    ("ultimate-texas-holdem", "trips", None, {}),
    ("ultimate-texas-holdem", "main", None, {}),
    ("baccarat", "dragon-bonus-player", None, {}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("game", "bet", "paytable", "options"), MAIN_WAGERS, ids=str)
def test_ten_million_hands_agree(game: str, bet: str, paytable: str | None,
                                 options: dict[str, str]) -> None:
    _check(game, bet, paytable, options, 10 ** 7, seed=31337)


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_every_bet_of_a_simulated_game_is_tested() -> None:
    """Every wager of every game edge ships (an installed plug-in's are its own package's to
    test) has a simulation case here."""
    from edge.games import builtin_games
    for game in builtin_games().values():
        for bet in game.bets:
            rules = game.make_rules()
            simulator = make_simulator(game.name, bet.name, bet.paytable(None), rules)
            assert simulator.outcomes
            # a case of the slow run is a pytest.param: its values are the case
            cases = [getattr(case, "values", case) for case in WAGERS]
            assert any(case[0] == game.name and case[1] == bet.name for case in cases)


# --- disagreement, output, command line --------------------------------------------------


def test_a_wrong_settlement_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pay Flush-Pair 9 to 1 in the simulation while the analysis says 8: the row shows it
    and the command exits 1."""
    wrong = TB_PRESETS["flush"]["usual"].replace("wrong", flush_pair=Fraction(9))

    def wrong_simulator(game: str, bet: str, paytable: object, rules: tb.TripleBetRules,
                        run: object = None) -> Simulator:
        return sim_tb.simulate_flush(wrong, rules)

    monkeypatch.setattr("edge.simulation.make_simulator", wrong_simulator)
    sim = simulate("triple-bet", "flush", hands=100_000, seed=1, jobs=1)
    assert [line.outcome for line in sim.mismatches] == ["flush-pair"]
    assert sim.mismatches[0].simulated_pays == (Fraction(9),)
    assert not sim.agrees and "flush-pair" in sim.verdict()
    assert main(["simulate", "triple-bet", "--bet", "flush", "--hands", "100000",
                 "--seed", "1", "--jobs", "1"]) == 1


def test_command_line_plain_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "triple", "--bet", "block", "--hands", "50000", "--seed", "3",
                 "--jobs", "1", "--set", "decks=2"]) == 0
    text = capsys.readouterr().out
    for needle in ("hands played    50,000", "99.9% interval", "exact return", "z-score",
                   "chi-square", "ultimate", "options         decks=2", "agrees"):
        assert needle in text
    assert main(["simulate", "triple-bet", "--bet", "combined", "--hands", "50000",
                 "--seed", "3", "--jobs", "1", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["hands"] == 50000 and data["seed"] == 3 and data["agrees"] is True
    exact_return = get_game("triple-bet").analyze(
        "combined", None, tb.TripleBetRules(), RunSettings()).expected_return
    assert data["exact_return"] == exact(exact_return)
    assert sum(row["observed"] for row in data["outcomes"]) == 50000
    assert set(data["intervals"]) == {"0.95", "0.999"}
    low, high = data["intervals"]["0.999"]
    assert low <= data["mean_return_decimal"] <= high


@pytest.mark.parametrize("argv", [
    ["--hands", "1"], ["--seed", "-4"], ["--jobs", "0"], ["--bet", "nope"],
    ["--set", "decks=9"],
])
def test_command_line_errors(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "triple-bet", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("edge: error:") and len(err.strip().splitlines()) == 1


def test_bad_hands_and_seed_are_refused_before_the_analysis(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def analysed(name: str) -> None:
        pytest.fail(f"{name} was looked up (and analysed) before the run was checked")
    monkeypatch.setattr("edge.simulation.get_game", analysed)
    with pytest.raises(ValueError, match="--hands 1 is too few"):
        simulate("triple-bet", hands=1)
    with pytest.raises(ValueError, match="--seed -4 must not"):
        simulate("triple-bet", hands=10, seed=-4)


def test_unsimulated_game_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    game = get_game("triple-bet")
    unsimulated = dataclasses.replace(
        game, bets=tuple(dataclasses.replace(bet, simulate=None) for bet in game.bets))
    monkeypatch.setattr("edge.simulation.get_game", lambda name: unsimulated)
    with pytest.raises(ValueError, match="no simulation of triple-bet"):
        simulate("triple-bet", hands=10)


def test_fresh_seed() -> None:
    sim = simulate("triple-bet", "flush", hands=1000, jobs=1)
    assert sim.seed >= 0
    again = simulate("triple-bet", "flush", hands=1000, seed=sim.seed, jobs=1)
    assert again.outcomes == sim.outcomes


# --- the report's verification section ---------------------------------------------------


def test_report_verifies_every_wager_and_says_how_to_replay(
        capsys: pytest.CaptureFixture[str]) -> None:
    import shlex

    from edge.report import Preformatted, Table, make_report
    report = make_report("triple-bet", options={"decks": "1"})
    [section] = [s for s in report.sections if s.title == "Verification by simulation"]
    [table] = [b for b in section.blocks if isinstance(b, Table)]
    assert [row[0] for row in table.rows] == ["flush", "sandwich", "block", "combined"]
    assert all(row[-1] == "agrees" for row in table.rows)
    [commands] = [b for b in section.blocks if isinstance(b, Preformatted)]
    first = shlex.split(commands.text.splitlines()[0])
    assert first[:5] == ["edge", "simulate", "triple-bet", "--bet", "flush"]
    assert main([*first[1:], "--format", "json", "--jobs", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    column = table.headers.index("simulated return")
    assert f"{data['mean_return_decimal']:.6f}" == table.rows[0][column]


def test_report_of_a_game_without_simulation_has_no_verification(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from edge.report import make_report
    monkeypatch.setattr("edge.simulation.verification.simulates", lambda game: False)
    report = make_report("triple-bet", options={"decks": "2"})
    assert "Verification by simulation" not in [s.title for s in report.sections]
