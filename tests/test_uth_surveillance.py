"""What surveillance should watch for at Ultimate Texas Hold'em (issue 27 part 3): the informed
player's decisions against basic strategy, preflop exactly from the exposure's solve, flop and
river by simulation (edge/games/ultimate_texas_holdem/exposure/surveillance.py).

Made-up solves (tests/uth_exposure_fake.py) stand in for the minutes of a real one. The preflop
shares are recounted here state by state with plain Python; the simulated counts are checked
for what must hold whatever is dealt (with no dealer card seen the flop and river are the game
as dealt's, so nothing departs there; spots reached follow the preflop choice).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from fractions import Fraction

import numpy as np
import pytest

from edge.document import Report, render
from edge.document.document import Cell
from edge.games import RunSettings, get_game
from edge.games.ultimate_texas_holdem.exposure import solvers as exposure
from edge.games.ultimate_texas_holdem.exposure import surveillance as watch
from edge.games.ultimate_texas_holdem.exposure.main_bet import index_names
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen, UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.solve import solver
from edge.paytables import PayTable
from edge.table import percent
from tests.uth_exposure_fake import fake_solution, fake_two_card_solution

GAME = get_game("ultimate-texas-holdem")
_TABLE = GAME.bet("main").paytable(None)
assert _TABLE is not None
STANDARD: PayTable = _TABLE
SETTLE = solver.settlement(STANDARD.as_dict())
RUN = RunSettings(jobs=1)


def made_up_basic() -> np.ndarray:
    """A made-up basic strategy per holding id: 4x with an ace or a pair, else check."""
    pairs = list(itertools.combinations(range(52), 2))
    return np.array([4 if a >> 2 == b >> 2 or max(a, b) >> 2 == 12 else 0 for a, b in pairs],
                    dtype=np.int8)


def test_preflop_shares_state_by_state() -> None:
    solution = fake_solution(SETTLE)
    basic = made_up_basic()
    found = watch.preflop_departures(solution, basic)
    index = {pair: i for i, pair in enumerate(itertools.combinations(range(52), 2))}
    raises = checks = more = fewer = differ = 0
    for (a, b, _), weight, informed in zip(solution.state_cards.tolist(),
                                           solution.state_weight.tolist(),
                                           solution.choice.tolist(), strict=True):
        plain = int(basic[index[(a, b)]])
        raises += weight * (informed == 4)
        checks += weight * (informed == 0)
        more += weight * (informed == 4 and plain == 0)
        fewer += weight * (informed == 0 and plain == 4)
        differ += weight * (informed != plain)
    total = 1326 * 50
    lines = watch.preflop_summary(found)
    assert percent(Fraction(differ, total)) in lines[0]
    assert f"{percent(Fraction(more, raises))} of the informed player's raises" in lines[1]
    assert f"({percent(Fraction(more, total))} of hands)" in lines[1]
    assert f"{percent(Fraction(fewer, checks))} of his checks" in lines[2]


def test_the_grid_marks_departures() -> None:
    assert watch.grid_cell(4, 4, 4).text == "4x" and watch.grid_cell(4, 0, 0).text == "-"
    assert watch.grid_cell(4, 1, 0).text == "25%!"
    assert watch.grid_cell(4, 1, 0).colour == watch.RAISES_MORE
    assert watch.grid_cell(4, 3, 4).colour == watch.CHECKS_MORE
    solution = fake_solution(SETTLE)
    by_class = dict.fromkeys(index_names(), 0)
    grid = watch.preflop_grid(watch.preflop_departures(solution, np.zeros(1326, np.int8)),
                              by_class)
    assert len(grid.rows) == 169 and len(grid.headers) == 2 + 13
    aces = dict(zip(grid.headers, grid.rows[0], strict=True))     # AA: the made-up 4x always
    cell = aces["dealer card A"]
    assert aces["class"] == "AA" and isinstance(cell, Cell) and cell.text == "4x!"


@pytest.fixture(scope="module")
def made_up() -> Iterator[None]:
    def solve(seen: Seen, settle: solver.Settlement, ties: bool, **_: object) -> ExposedSolution:
        return fake_two_card_solution(settle, ties) if seen is Seen.DEALER_2 else \
            fake_solution(settle, seen, ties)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(exposure, "solve_exposed", solve)
        patch.setattr(watch, "HANDS", {0: 400, 1: 60, 2: 400})
        yield


@pytest.mark.usefixtures("made_up")
@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_nothing_departs_after_the_flop_with_no_dealer_card_seen() -> None:
    rules = UltimateTexasHoldemRules(seen=Seen.FLOP_1)
    flop, river = watch.street_counts(fake_solution(SETTLE, Seen.FLOP_1), STANDARD, rules,
                                      RUN, 400)
    assert flop.hands == river.hands == 400 and flop.spots > river.spots > 0
    assert (flop.more, flop.fewer, river.more, river.fewer) == (0, 0, 0, 0)


@pytest.mark.usefixtures("made_up")
@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_the_hook_gives_a_labelled_section() -> None:
    bet = GAME.bet("main")
    rules = UltimateTexasHoldemRules(seen=Seen.DEALER_2)
    sections = bet.surveillance(GAME.wager(STANDARD, rules, RUN))
    text = render(Report("t", (), tuple(sections), game=GAME.name), "plain")
    assert "What to watch for: the player seeing both of the dealer's hole cards" in text
    assert "4x raises on hands basic strategy checks:" in text
    assert "(simulated: 400 hands, seed 27; SE: standard error)" in text
    # with both dealer cards seen the grid and the rules split by whether he is ahead (the
    # made-up solve raises exactly when ahead)
    assert "Ahead (his two cards outrank the dealer's): watch 4x on" in text
    assert "Not ahead: watch 4x on nothing;" in text
    flop, river = watch.street_counts(fake_two_card_solution(SETTLE), STANDARD, rules, RUN, 400)
    assert 0 < flop.spots <= 400 and river.spots <= flop.spots
    for count in (flop, river):
        assert count.more + count.fewer <= count.spots
        share, error = count.rate(count.more, count.spots)
        assert 0 <= share <= 1 and error >= 0


def test_a_scenario_the_simulator_does_not_play_prints_no_simulated_streets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """dealer-1-river: the simulator does not play its flop, so its section says the flop and
    river are not simulated instead of printing basic strategy's own play as the informed
    player's (a table of zero departures)."""
    from types import SimpleNamespace

    from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
    basic = made_up_basic()
    monkeypatch.setattr(uth_main, "solve_main",
                        lambda *_: SimpleNamespace(preflop_choice=lambda: basic))

    def no_simulation(*_: object) -> None:
        raise AssertionError("dealer-1-river must not be simulated")
    monkeypatch.setattr(watch, "street_counts", no_simulation)
    rules = UltimateTexasHoldemRules(seen=Seen.DEALER_1_RIVER)
    sections = watch.surveillance_sections(fake_solution(SETTLE, Seen.DEALER_1_RIVER), STANDARD,
                                           rules, RUN)
    text = " ".join(render(Report("t", (), tuple(sections), game=GAME.name), "plain").split())
    assert watch.NOT_SIMULATED_STREETS in text and "(simulated:" not in text
    assert "flop and river are not simulated for this scenario" in sections[0].method[0]


def test_the_street_tells_note_points_to_a_simulated_table_only_where_there_is_one() -> None:
    """The tells' note compares them with the simulated departures from basic strategy; for
    dealer-1-river, which is not simulated, it does not."""
    assert watch.dealer_one_note(Seen.DEALER_1).endswith(watch.BOTH_REACH)
    assert watch.dealer_one_note(Seen.DEALER_1_FLOP_1).endswith(watch.BOTH_REACH)
    assert "simulated" not in watch.dealer_one_note(Seen.DEALER_1_RIVER)
    assert watch.NOTE_DEALER_2.endswith(watch.BOTH_REACH)
