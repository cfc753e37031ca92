"""Ultimate Texas Hold'em with cards exposed: the seen option, the exposed table, strategy and
simulation (on a made-up solve, tests/uth_exposure_fake.py), and the simulation's exact flop and
river decisions against a plain enumeration written here.

The plain enumeration settles every unseen deal from docs/rules.md section 4 by its own code
(the 7-card strengths from edge._core's evaluator, tested on its own in test_holdem.py); it
never calls the kernel it checks (_exposure_play.pyx).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from fractions import Fraction

import numpy as np
import pytest

from edge import _core
from edge.document import render
from edge.games import RunSettings, get_game
from edge.games.ultimate_texas_holdem.exposure import main_bet as xm
from edge.games.ultimate_texas_holdem.exposure import solvers as exposure
from edge.games.ultimate_texas_holdem.exposure.solution import WAYS, ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen
from edge.games.ultimate_texas_holdem.simulation import _exposure_play
from edge.games.ultimate_texas_holdem.simulation import exposure as xs
from edge.games.ultimate_texas_holdem.simulation.main_bet import PAIR_ID
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.sampling import deal
from edge.simulation import simulate
from tests.conftest import CliRunner
from tests.uth_exposure_fake import ahead, fake_solution, fake_two_card_solution, made_up_choice

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

GAME = get_game("ultimate-texas-holdem")
STANDARD = GAME.bet("main").paytable(None)
assert STANDARD is not None
SETTLE = solver.settlement(STANDARD.as_dict())
# docs/rules.md section 4: the Blind pays by the player's hand (straight 1:1 .. royal 500:1)
BLIND = {4: Fraction(1), 5: Fraction(3, 2), 6: Fraction(3), 7: Fraction(10), 8: Fraction(50),
         9: Fraction(500)}


# --- a plain settlement and enumeration ------------------------------------------------------

def hand_class(strength: int) -> int:
    return 9 if strength >= (8 << 26 | 1 << 25) else strength >> 26


def net(play: int, player: int, dealer: int) -> Fraction:
    """Ante, Blind and a Play of ``play`` units settled (docs/rules.md section 4, ante-push)."""
    qualified = dealer >> 26 >= 1                       # a pair or better
    if player > dealer:
        return play + (1 if qualified else 0) + BLIND.get(hand_class(player), Fraction(0))
    if player == dealer:
        return Fraction(0)
    return Fraction(-(play + (2 if qualified else 1)))


def strengths(rows: list[list[int]]) -> list[int]:
    return [int(s) for s in _core.evaluate_many(np.array(rows, dtype=np.int64))]


def river_total(hole: list[int], dealer: list[int], board: list[int], unknown: list[int],
                play: int) -> tuple[Fraction, int]:
    """A Play of ``play`` summed over the dealer's possible hole cards, and how many."""
    missing = 2 - len(dealer)
    completions = [list(extra) for extra in itertools.combinations(
        [c for c in unknown if c not in board], missing)]
    player = strengths([hole + board])[0]
    dealers = strengths([dealer + extra + board for extra in completions])
    return sum((net(play, player, d) for d in dealers), Fraction(0)), len(completions)


def plain_values(hole: list[int], dealer: list[int], board: list[int]) -> tuple[Fraction, Fraction]:
    """(bet, other) on the flop (2x against checking, then the better river play) or the river
    (1x against folding), by plain enumeration."""
    known = set(hole) | set(dealer) | set(board)
    unknown = [c for c in range(52) if c not in known]
    if len(board) == 5:
        one, ways = river_total(hole, dealer, board, unknown, 1)
        return one, Fraction(-2 * ways)
    bet, check = Fraction(0), Fraction(0)
    for extra in itertools.combinations(unknown, 5 - len(board)):
        full = board + list(extra)
        two, _ = river_total(hole, dealer, full, unknown, 2)
        one, ways = river_total(hole, dealer, full, unknown, 1)
        bet += two
        check += max(one, Fraction(-2 * ways))
    return bet, check


def oracle_values(hole: list[int], dealer: list[int], board: list[int]) -> tuple[Fraction, ...]:
    rows = hole + (dealer + [0, 0])[:2] + board + [0] * (5 - len(board))
    known = set(hole) | set(dealer) | set(board)
    filler = [c for c in range(52) if c not in known]
    for row in range(9):                        # unseen rows: any unused cards (not read)
        if row in (2, 3) and row - 2 >= len(dealer) or row >= 4 and row - 4 >= len(board):
            rows[row] = filler.pop()
    cards = np.array(rows, dtype=np.int16)[:, None]
    values = _exposure_play.street_values(cards, np.array([0], dtype=np.int64), len(dealer),
                                          len(board), SETTLE.array(), SETTLE.fold, False)
    return tuple(Fraction(int(v), SETTLE.scale) for v in values[0])


# cards are rank * 4 + suit: 0 = 2c .. 51 = As
SITUATIONS = [
    ([51, 50], [0], [12, 25, 38, 3, 44]),           # river, one dealer card seen
    ([20, 21], [47, 46], [22, 9, 33]),              # flop, both dealer cards seen
    ([8, 40], [45], [41, 17, 2, 30]),               # flop and a turn-river card, one dealer card
    ([32, 36], [13], [34, 39, 6]),                  # flop, one dealer card seen (45,540 deals)
]


@pytest.mark.parametrize(("hole", "dealer", "board"), SITUATIONS)
def test_the_oracle_matches_a_plain_enumeration(hole: list[int], dealer: list[int],
                                                board: list[int]) -> None:
    assert oracle_values(hole, dealer, board) == plain_values(hole, dealer, board)


def test_the_oracle_numbers_outcomes_as_the_solve_does() -> None:
    assert (
        _kernels.CATEGORIES, _kernels.TIE, _kernels.LOSE_QUALIFIED, _kernels.LOSE_UNQUALIFIED,
        _kernels.WIN_UNQUALIFIED[0]) == (_exposure_play.CATEGORY_COUNT, _exposure_play.TIE_CATEGORY,
            _exposure_play.LOSE_QUALIFIED_CATEGORY, _exposure_play.LOSE_UNQUALIFIED_CATEGORY,
            _exposure_play.WIN_UNQUALIFIED_FIRST)


def test_the_oracle_refuses_bad_cards() -> None:
    cards = np.array([[5], [5], [1], [2], [3], [4], [6], [7], [8]], dtype=np.int16)
    with pytest.raises(ValueError, match="a card twice"):
        _exposure_play.street_values(cards, np.array([0], dtype=np.int64), 1, 3,
                                     SETTLE.array(), SETTLE.fold, False)


# --- the made-up solve in place of the solvers -----------------------------------------------

REAL_SOLVE = exposure.solve_exposed

def made_up_solve(seen: Seen, settle: solver.Settlement, ties: bool,
                  **_: object) -> ExposedSolution:
    if seen is Seen.DEALER_2:
        return fake_two_card_solution(settle, ties)
    return fake_solution(settle, seen, ties)


@pytest.fixture(scope="module")
def fake() -> Iterator[ExposedSolution]:
    solution = fake_solution(SETTLE)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(exposure, "solve_exposed", made_up_solve)
        yield solution


def test_the_fake_has_the_published_number_of_suit_classes(fake: ExposedSolution) -> None:
    # E. Jacobson counts 5,083 classes of (holding, one dealer card) (docs/references.md)
    assert len(fake.choice) == 5083 and int(fake.state_weight.sum()) == 1326 * 50


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_exposed_table(fake: ExposedSolution) -> None:
    rules = GAME.make_rules({"seen": "dealer-1"})
    table = GAME.analyze("main", STANDARD, rules, RunSettings())
    assert table.cycle == solver.CYCLE * 2 == fake.cycle
    assert dict(table.options)["seen"] == "dealer-1"
    text = "\n".join(table.notes)
    assert "one of the dealer's two hole cards" in text and "13.5922%" in text
    assert "Value of the information" in text
    # the 4x share of preflop states, counted plainly: the made-up rule on every state
    states = [(a, b, c) for a, b in itertools.combinations(range(52), 2)
              for c in range(52) if c not in (a, b)]
    share = Fraction(int((made_up_choice(np.array(states)) == 4).sum()), len(states))
    assert f"4x on {float(share * 100):.4f}%" in text
    dealt = GAME.analyze("main", STANDARD, GAME.make_rules(), RunSettings())
    assert "seen" not in dealt.options


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_exposed_strategy_chart(fake: ExposedSolution) -> None:
    rules = GAME.make_rules({"seen": "dealer-1"})
    document = GAME.bet("main").document(GAME.wager(STANDARD, rules))
    assert document is not None
    data = document.data
    assert data is not None
    classes = data["classes"]
    assert isinstance(classes, list)
    by_class = {entry["class"]: entry for entry in classes}
    # KQo against a jack: 4x when the jack shares a suit with the K or the Q, 2 suits of 4
    assert by_class["KQo"]["four_x_share_by_seen_rank"]["J"] == "1/2"
    assert by_class["KQs"]["four_x_share_by_seen_rank"]["J"] == "1/4"
    assert by_class["72o"]["four_x_share_by_seen_rank"]["5"] == "1"
    assert by_class["72o"]["four_x_share_by_seen_rank"]["6"] == "0"
    text = render(document, "plain")
    assert "Dealer card A: 4x pairs 22+; suited A2+; offsuit A2+; depending on suits" in text
    assert "KQo" in text and "50%" in text


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_two_dealer_cards_chart_and_rule_of_thumb(fake: ExposedSolution) -> None:
    rules = GAME.make_rules({"seen": "dealer-2"})
    document = GAME.bet("main").document(GAME.wager(STANDARD, rules))
    assert document is not None
    data = document.data
    assert data is not None
    classes = data["classes"]
    assert isinstance(classes, list)
    by_class = {entry["class"]: entry for entry in classes}
    # AA is behind nothing; it ties only the dealer's other two aces, 1 of C(50,2) holdings
    assert by_class["AA"]["four_x_share"] == "1224/1225"
    # 32o is ahead of no unpaired dealer hand and of no pair: counted plainly
    hole = np.array([[4, 1]] * 1225)
    others = [c for c in range(52) if c not in (4, 1)]
    dealer = np.array(list(itertools.combinations(others, 2)))
    plain = Fraction(int(ahead(hole[:, 0], hole[:, 1], dealer[:, 0], dealer[:, 1]).sum()), 1225)
    assert by_class["32o"]["four_x_share"] == str(plain)
    text = render(document, "plain")
    assert "takes the exact choice on 100.0000% of the states" in text


def test_rules_of_play(fake: ExposedSolution) -> None:
    main = GAME.bet("main")
    lines = main.rules_of_play(GAME.wager(STANDARD, GAME.make_rules({"seen": "dealer-1"})))
    assert len(lines) == 14 and lines[1].startswith("Dealer card A: 4x pairs 22+")
    assert main.rules_of_play(GAME.wager(STANDARD, GAME.make_rules())) == []


def test_states_total() -> None:
    # C(52,2) times the seen cards: one of 50, two of 50, one of 50 then one of 49
    assert xm.states_total(Seen.DEALER_1) == xm.states_total(Seen.FLOP_1) == 66_300
    assert xm.states_total(Seen.DEALER_2) == 1326 * 1225
    assert xm.states_total(Seen.DEALER_1_FLOP_1) == 3_248_700       # E. Jacobson's count
    assert xm.states_total(Seen.DEALER_1_TURN_RIVER_1) == 3_248_700


# --- the simulation --------------------------------------------------------------------------

def test_the_exposure_is_dealt_uniformly() -> None:
    rng = np.random.default_rng(7)
    cards = np.tile(np.arange(9, dtype=np.int16)[:, None], (1, 4000))
    xs.expose(Seen.DEALER_1_FLOP_1, cards, rng)
    assert (np.sort(cards, axis=0) == np.arange(9)[:, None]).all()    # the same cards
    assert abs(int((cards[2] == 3).sum()) - 2000) < 4 * 32            # the other card half the time
    for row in (4, 5, 6):
        assert abs(int((cards[4] == row).sum()) - 4000 / 3) < 4 * 30
    assert (cards[7] == 7).all()


def test_the_simulation_plays_the_solved_preflop_choice(fake: ExposedSolution) -> None:
    rules = GAME.make_rules({"seen": "dealer-1"})
    simulator = GAME.bet("main").simulator(GAME.wager(STANDARD, rules))
    assert isinstance(simulator, xs.ExposedSimulator)
    rng = np.random.default_rng(11)
    cards = xs.expose(Seen.DEALER_1, deal(
        rng, 300, 9), rng)
    state = cards[[0, 1, 2]].astype(np.int64).T
    state[:, :2] = np.sort(state[:, :2], axis=1)
    expected = made_up_choice(state)
    assert (simulator.preflop_plays(cards) == expected).all()
    play = simulator.decide(cards)
    assert ((play >= 3) == (expected == 4)).all() and set(play.tolist()) <= {0, 1, 2, 4}
    first = simulator.play(np.random.default_rng(3), 200)
    again = simulator.play(np.random.default_rng(3), 200)
    assert all((a == b).all() for a, b in zip(first, again, strict=True))


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_flop_one_uses_the_dealt_games_flop(fake: ExposedSolution) -> None:
    # with no dealer card seen, the flop is the game as dealt's: the oracle's exact flop
    # decision (over 1,081 turn-rivers x 990 dealer holdings) is the unexposed solve's
    rules = GAME.make_rules({"seen": "flop-1"})
    simulator = GAME.bet("main").simulator(GAME.wager(STANDARD, rules))
    assert isinstance(simulator, xs.ExposedSimulator)
    cards = deal(
        np.random.default_rng(5), 3, 9)
    columns = np.arange(3, dtype=np.int64)
    holding = PAIR_ID[cards[0].astype(np.int64) * 52 + cards[1]]
    solved = simulator.flop_bets_of(cards, holding)
    exact = _exposure_play.street_bets(cards, columns, 0, 3, SETTLE.array(), SETTLE.fold, False)
    assert (solved == exact).all()


# --- bad input -------------------------------------------------------------------------------

def test_bad_seen_values_are_one_error_line(edge_cli: CliRunner) -> None:
    result = edge_cli("table", "uth", "--set", "seen=dealer-3")
    assert result.status == 2 and result.err.count("\n") == 1
    assert "dealer-3" in result.err and "dealer-1,turn-river-1" in result.err
    # a strategy naming cards that are not seen (its own flop and river rules are valued with
    # cards seen: tests/test_uth_rule_exposed.py)
    result = edge_cli("table", "uth", "--set", "seen=dealer-1", "--set",
                      "strategy=jacobson-ahead")
    assert result.status == 2 and result.err.count("\n") == 1 and "not seen=dealer-1" in result.err
    result = edge_cli("table", "uth", "--bet", "trips", "--set", "seen=dealer-1",
                      "--set", "trips_rule=beat-dealer-fold-loses")
    assert result.status == 2 and result.err.count("\n") == 1 and "--bet main" in result.err


def test_a_side_bet_is_unchanged_by_an_exposure(edge_cli: CliRunner) -> None:
    # Trips and the progressive are settled on the cards alone. Asked for one of them, seen= is
    # refused as every option a wager does not use is (issue 25: one rule for all wagers); a
    # report, which sets it for the whole game, shows their tables unchanged, with a note
    for bet in ("trips", "progressive"):
        refused = edge_cli("table", "uth", "--bet", bet, "--set", "seen=dealer-2")
        assert refused.status == 2 and refused.err.count("\n") == 1
        assert "seen=dealer-2 does not apply" in refused.err and "--bet main" in refused.err
        paytable = GAME.bet(bet).paytable(None)
        dealt = GAME.analyze(bet, paytable, GAME.make_rules(), RunSettings())
        seen = GAME.analyze(bet, paytable, GAME.make_rules({"seen": "dealer-2"}), RunSettings())
        assert seen.rows == dealt.rows and seen.options["seen"] == "dealer-2"
        assert any("seen=dealer-2 changes nothing here" in note for note in seen.notes)


def test_ways_are_the_contracts() -> None:
    assert {s.name: s.ways for s in xm.SCENARIOS} == {str(k): v for k, v in WAYS.items()}


# --- the real solves (minutes each: EDGE_EXPOSURE_FULL=1 makes them, EDGE_PUBLISHED_CACHE=DIR
# reads them from a cache folder they were written to, e.g. by scripts/make_tables.py) --------

FULL = os.environ.get("EDGE_EXPOSURE_FULL", "") not in ("", "0")
PUBLISHED_CACHE = os.environ.get("EDGE_PUBLISHED_CACHE", "")


@pytest.mark.skipif(not FULL and not PUBLISHED_CACHE,
                    reason="the full exposure solves take minutes: EDGE_EXPOSURE_FULL=1 makes "
                    "them, EDGE_PUBLISHED_CACHE=DIR reads them")
@pytest.mark.parametrize("seen", [pytest.param(seen, marks=pytest.mark.uses_solve(seen))
                                  for seen in sorted(str(seen) for seen in exposure.SOLVERS
                                                     if seen not in xm.NOT_SIMULATED)])
def test_the_simulation_agrees_with_the_exact_solve(seen: str,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # the simulation's flop and river decisions are the oracle's, not the solver's: agreement
    # within 4 standard errors checks the solve's counts and decisions independently
    if PUBLISHED_CACHE:
        monkeypatch.setenv("EDGE_CACHE_DIR", PUBLISHED_CACHE)
    # the real solver, even while this module's made-up one is patched in (module fixture)
    monkeypatch.setattr(exposure, "solve_exposed", REAL_SOLVE)
    result = simulate("ultimate-texas-holdem", "main", None, {"seen": seen}, hands=4000,
                      seed=20261130)
    assert abs(float(result.mean - result.exact)) < 4 * result.standard_error
