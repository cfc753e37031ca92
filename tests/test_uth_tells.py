"""Ultimate Texas Hold'em tells at the flop and river against an ordinary player's own rules
(edge/games/ultimate_texas_holdem/exposure/street_tells.py, docs/protection.md).

The flop and river decisions are checked against a plain enumeration written here (every
turn-river pair and dealer hand of a flop, the hands ranked by ``edge._core``'s evaluator, the
optimal flop and river by their values, the ordinary player's rules read as written); the
informed player's preflop checks on each seen flop card against the solve's own
``choice_of``; the share totals against the deals the solves already count.
"""

from __future__ import annotations

import os
from dataclasses import replace
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import numpy as np
import numpy.typing as npt
import pytest

from edge import _core
from edge.games.ultimate_texas_holdem.exposure import street_tells
from edge.games.ultimate_texas_holdem.exposure.solution import Seen
from edge.games.ultimate_texas_holdem.exposure.street_tells import KINDS, StreetDepartures
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy.language import (
    HOLDING_CARDS,
    HOLDING_CLASSES,
    parse_text,
)
from tests.test_uth_exposure_one import STANDARD, _categories

IntArray = npt.NDArray[np.int64]
# an ordinary player simple enough to read plainly: 4x with aces only, 2x on the flop with two
# pair or better, and the river always played
ORDINARY = parse_text('''
name = "test-ordinary"
[preflop]
raise_4x = ["AA"]
[flop]
otherwise = "check"
[[flop.rules]]
hand_min = "two-pair"
action = "bet"
[river]
otherwise = "play"
''')
CLASSES = (400, 1200)          # two flop classes: a small case of the whole pass


@pytest.fixture(scope="module")
def settle() -> solver.Settlement:
    return solver.settlement(STANDARD)


@pytest.fixture(scope="module")
def reduced(settle: solver.Settlement) -> tuple[solver.FlopClasses, StreetDepartures]:
    subset = solver.flop_classes().subset(list(CLASSES))
    partial = solver.solve(settle, classes=subset, jobs=1)
    return subset, street_tells.street_departures(ORDINARY, partial, classes=subset, jobs=1)


def plain_streets(holding: tuple[int, int], flop: list[int], settle: solver.Settlement
                  ) -> tuple[bool, IntArray]:
    """The optimal flop decision (True: 2x) and, per turn-river pair, whether the optimal river
    plays 1x, by plain enumeration of the 1,081 boards x 990 dealer hands."""
    rest = np.array([c for c in range(52) if c not in set(holding) | set(flop)])
    pairs = np.array(list(combinations(range(len(rest)), 2)))
    boards = np.hstack([np.tile(flop, (len(pairs), 1)), rest[pairs]])
    mine = _core.evaluate_many(np.hstack([boards, np.tile(holding, (len(boards), 1))]))
    first, second = pairs[:, None, :], pairs[None, :, :]
    overlap = ((first[..., 0, None] == second) | (first[..., 1, None] == second)).any(axis=2)
    dealer = np.stack([pairs[~row] for row in overlap])          # [1081, 990, 2]
    hands = np.concatenate([np.repeat(boards[:, None, :], 990, axis=1), rest[dealer]], axis=2)
    theirs = _core.evaluate_many(hands.reshape(-1, 7)).reshape(len(boards), 990)
    counts = _categories(mine, theirs)
    net = settle.array()
    fold_value = 990 * settle.fold
    plays = counts @ net[1] > fold_value
    bet = int(counts.sum(axis=0) @ net[2])
    check = int(counts[plays].sum(axis=0) @ net[1]) + int((~plays).sum()) * fold_value
    return bet > check, plays


def plain_ordinary_flop(holding: tuple[int, int], flop: list[int]) -> bool:
    """The ordinary player's flop rule as written: 2x with two pair or better."""
    return bool(_core.evaluate_cards([*holding, *flop]) >> 26 >= 2)


def expected_kinds(holding: int, row: int, subset: solver.FlopClasses,
                   settle: solver.Settlement) -> list[int]:
    """The four street tells' deals of one holding on one flop class, plainly."""
    cards = (int(HOLDING_CARDS[holding, 0]), int(HOLDING_CARDS[holding, 1]))
    flop = [int(c) for c in subset.flops[row]]
    if set(cards) & set(flop) or HOLDING_CLASSES[holding] == "AA":
        return [0, 0, 0, 0]
    orbit = subset.orbit_size(row)
    optimal, plays = plain_streets(cards, flop, settle)
    theirs = plain_ordinary_flop(cards, flop)
    flop_deals = orbit * 1081 * 990
    kinds = [flop_deals if optimal and not theirs else 0,
             flop_deals if theirs and not optimal else 0, 0, 0]
    if not optimal and not theirs:           # both check the flop: the river always played
        kinds[3] = int((~plays).sum()) * orbit * 990
    return kinds


def test_street_tells_of_one_holding_against_a_plain_enumeration(
        settle: solver.Settlement, reduced: tuple[solver.FlopClasses, StreetDepartures]) -> None:
    """The fast case: one holding that both check on the flop, its river departures."""
    subset, found = reduced
    holding = int(np.flatnonzero(found.kinds[3, 0])[0])
    assert found.kinds[:, 0, holding].tolist() == expected_kinds(holding, 0, subset, settle)


@pytest.mark.slow           # about 8 s: a plain enumeration per holding
def test_street_tells_against_a_plain_enumeration(
        settle: solver.Settlement, reduced: tuple[solver.FlopClasses, StreetDepartures]) -> None:
    subset, found = reduced
    # on each class, a holding of each kind the pass finds there, and one it finds none on
    picks = set()
    for row in range(len(CLASSES)):
        picks |= {(row, int(np.flatnonzero(found.kinds[k, row])[0])) for k in (0, 1, 3)
                  if found.kinds[k, row].any()}
        picks.add((row, int(np.flatnonzero(found.kinds[:, row].sum(axis=0) == 0)[-1])))
    assert {k for k in (0, 1, 3) if found.kinds[k].any()} == {0, 1, 3}
    for row, holding in sorted(picks):
        assert found.kinds[:, row, holding].tolist() == expected_kinds(holding, row, subset,
                                                                       settle), (row, holding)


def test_the_ordinary_player_raising_preflop_has_no_street_tells(
        reduced: tuple[solver.FlopClasses, StreetDepartures]) -> None:
    _, found = reduced
    aces = np.array([name == "AA" for name in HOLDING_CLASSES])
    assert not found.checks[aces].any() and found.checks[~aces].all()
    assert not found.kinds[:, :, aces].any()
    # the river played always: the informed player never plays one it folds
    assert not found.kinds[2].any()


def test_informed_checks_count_the_seen_cards_as_the_solve_reads_them(
        settle: solver.Settlement, reduced: tuple[solver.FlopClasses, StreetDepartures]) -> None:
    from tests.uth_exposure_fake import fake_solution
    subset, _ = reduced
    solution = fake_solution(settle, Seen.FLOP_1)
    live = np.zeros((len(subset.flops), solver.HOLDINGS), dtype=bool)
    picks = [0, 5, 300, 700, 1000, 1325]
    live[:, picks] = True
    for row in range(len(subset.flops)):
        for h in picks:
            if set(HOLDING_CARDS[h].tolist()) & set(subset.flops[row].tolist()):
                live[row, h] = False
    counted = street_tells.informed_checks(solution, subset.flops, live)
    for row in range(len(subset.flops)):
        flop = [int(c) for c in subset.flops[row]]
        for h in picks:
            holding = [int(c) for c in HOLDING_CARDS[h]]
            plain = 0 if not live[row, h] else sum(
                solution.choice_of(holding, [card]) == 0 for card in flop)
            assert counted[row, h] == plain, (row, h)


def test_the_hook_adds_the_streets_to_a_flop_scenario_and_to_the_game_as_dealt(
        settle: solver.Settlement, reduced: tuple[solver.FlopClasses, StreetDepartures]) -> None:
    from edge.games.ultimate_texas_holdem.exposure import surveillance
    from tests.test_uth_surveillance import made_up_basic
    from tests.uth_exposure_fake import fake_solution
    _, found = reduced
    basic = made_up_basic()
    for seen in (Seen.FLOP_1, Seen.DEALER_1):
        solution = fake_solution(settle, seen)
        ordinary = surveillance.ordinary_players(basic)
        preflop = surveillance.preflop_tells(solution, ordinary)
        both = surveillance.with_streets(preflop, solution, {"wizard-practical": found}, basic)
        before = {p.name: p for p in preflop.players}
        for player in both.players:
            old = before[player.name]
            if player.name != "wizard-practical":
                assert player == old
                continue
            dealt = street_tells.as_dealt_deals(found, basic)
            assert player.as_dealt == old.as_dealt + Fraction(int(dealt.sum()), solver.CYCLE)
            added = player.tells[len(old.tells):]
            if seen is Seen.FLOP_1:
                deals = street_tells.exposed_deals(found, solution)
                assert added == tuple((kind, Fraction(int(d), solution.cycle))
                                      for kind, d in zip(KINDS, deals.tolist(), strict=True))
                assert player.share == old.share + Fraction(int(deals.sum()), solution.cycle)
            else:
                assert added == ()
        assert both.every == preflop.every
        assert both.note.startswith("Counted: every street, exactly") == (seen is Seen.FLOP_1)
        assert both.note.startswith("Counted with the cards seen: the preflop decision only") == (
            seen is Seen.DEALER_1)


def test_a_street_tell_needs_both_preflop_checks(
        settle: solver.Settlement, reduced: tuple[solver.FlopClasses, StreetDepartures]) -> None:
    """The tells are counted only on hands both check preflop: at most the deals both do."""
    from tests.uth_exposure_fake import fake_solution
    _, found = reduced
    solution = fake_solution(settle, Seen.FLOP_1)
    deals = street_tells.exposed_deals(found, solution)
    assert 0 < int(deals.sum()) <= street_tells.both_check_deals(found, solution)
    chopped = replace(found, kinds=found.kinds * 0)
    assert not street_tells.exposed_deals(chopped, solution).any()


# --- the full solves, read from a cache of them ($EDGE_PUBLISHED_CACHE, as
# tests/test_uth_exposure_flop_cards.py): minutes each to make -----------------------------

@pytest.fixture
def published(monkeypatch: pytest.MonkeyPatch) -> None:
    """The full solves' cache folder, or the test is skipped."""
    folder = os.environ.get("EDGE_PUBLISHED_CACHE")
    if not folder:
        pytest.skip("EDGE_PUBLISHED_CACHE names no cache of the full solves")
    monkeypatch.setenv("EDGE_CACHE_DIR", folder)


@pytest.mark.slow
@pytest.mark.parametrize("seen", [pytest.param(seen, marks=pytest.mark.uses_solve(
    "optimal", seen.value)) for seen in (Seen.FLOP_1, Seen.FLOP_2, Seen.FLOP_3)])
def test_share_totals_against_the_solves_own_counts(seen: Seen, published: None) -> None:
    """Through the flops, the deals on which the informed flop-k player and wizard-practical
    both check preflop are exactly those the solve's preflop states give; every street tell
    lies among them."""
    from edge.games.ultimate_texas_holdem.exposure import solvers as exposure
    from edge.games.ultimate_texas_holdem.exposure.dealer_one import holding_ids
    from edge.games.ultimate_texas_holdem.exposure.surveillance import chart_departures
    settle = solver.settlement(STANDARD)
    unexposed = solver.solve(settle)
    found = chart_departures("wizard-practical", unexposed)
    solution = exposure.solve_exposed(seen, settle, False)
    cards = solution.state_cards.astype(np.int64)
    ids = holding_ids()[cards[:, 0], cards[:, 1]]
    both = (solution.choice == 0) & found.checks[ids]
    from_states = int(solution.state_weight[both].sum()) * solution.deals_per_state
    assert street_tells.both_check_deals(found, solution) == from_states
    tells = street_tells.exposed_deals(found, solution)
    assert int(tells.sum()) <= from_states
    if seen is Seen.FLOP_3:
        # the whole flop seen preflop: a flop worth 2x is worth 4x before it, so the informed
        # player never checks a hand he would bet 2x on the flop
        assert tells[0] == 0 and tells[1] > 0
    # the game as dealt: basic strategy's checks, every deal of a checked holding
    dealt = street_tells.as_dealt_deals(found, unexposed.preflop_choice())
    checked = int(((unexposed.preflop_choice() == 0) & found.checks).sum())
    assert int(dealt.sum()) <= checked * solver.DEALS_PER_HOLDING


def plain_flop_three_values(holding: tuple[int, int], flop: list[int],
                            settle: solver.Settlement) -> tuple[int, int, int]:
    """A flop-3 state's exact values (check, 3x, 4x) over its 1,081 x 990 deals, plainly: the
    flop is known before the preflop decision, so checking is worth the better of 2x and
    checking to the optimal river (basic strategy's flop and river)."""
    net = settle.array()
    rest = np.array([c for c in range(52) if c not in set(holding) | set(flop)])
    pairs = np.array(list(combinations(range(len(rest)), 2)))
    boards = np.hstack([np.tile(flop, (len(pairs), 1)), rest[pairs]])
    mine = _core.evaluate_many(np.hstack([boards, np.tile(holding, (len(boards), 1))]))
    first, second = pairs[:, None, :], pairs[None, :, :]
    overlap = ((first[..., 0, None] == second) | (first[..., 1, None] == second)).any(axis=2)
    dealer = np.stack([pairs[~row] for row in overlap])
    hands = np.concatenate([np.repeat(boards[:, None, :], 990, axis=1), rest[dealer]], axis=2)
    theirs = _core.evaluate_many(hands.reshape(-1, 7)).reshape(len(boards), 990)
    counts = _categories(mine, theirs)
    river = np.maximum(counts @ net[1], 990 * settle.fold)
    every = counts.sum(axis=0)
    return (max(int(every @ net[2]), int(river.sum())), int(every @ net[3]),
            int(every @ net[4]))


@pytest.mark.slow
@pytest.mark.uses_solve("flop-3")
def test_flop_three_states_of_the_full_solve_against_a_plain_enumeration(published: None
                                                                         ) -> None:
    """The informed flop-3 choice the tells read, on a few states of the full solve: its values
    (check, 3x, 4x) equal a plain enumeration's, whose checking line is basic strategy's flop
    and river (what the street tells assume), and so does the choice."""
    from edge.games.ultimate_texas_holdem.exposure import solvers as exposure
    settle = solver.settlement(STANDARD)
    solution = exposure.solve_exposed(Seen.FLOP_3, settle, False)
    picks = [int(np.flatnonzero(solution.choice == play)[k]) for play in (4, 0) for k in (0, 7)]
    for i in picks:
        cards = [int(c) for c in solution.state_cards[i]]
        values = plain_flop_three_values((cards[0], cards[1]), cards[2:], settle)
        assert tuple(int(v) for v in solution.values[i]) == values, cards
        check, three, four = (np.array([v]) for v in values)
        assert solver.best_preflop(four, three, check, False)[0] == solution.choice[i]


def test_the_whole_pass_is_kept_in_the_disk_cache(settle: solver.Settlement,
                                                  tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """A made-up pass of every flop class is stored and read back exactly, and not made again."""
    monkeypatch.setenv("EDGE_CACHE_DIR", str(tmp_path))
    classes = solver.flop_classes()
    sizes = np.diff(classes.image_offsets).astype(np.int64)[:, None]
    rng = np.random.default_rng(34)
    shape = (len(classes.flops), solver.HOLDINGS)
    flags = rng.random((2, *shape)) < 0.01
    points = rng.integers(0, 24 * 1081, size=(2, *shape)) * (rng.random((2, *shape)) < 0.01)
    made = StreetDepartures(classes, np.concatenate(
        [flags * sizes[None] * 1081 * 990, points * 990]).astype(np.int64),
        rng.random(solver.HOLDINGS) < 0.5)
    calls = []

    def fake(strategy: object, unexposed: object, **_: object) -> StreetDepartures:
        calls.append(strategy)
        return made
    monkeypatch.setattr(street_tells, "street_departures", fake)
    unexposed = cast(solver.Solution, SimpleNamespace(settlement=settle, ties_larger=False))
    first = street_tells.cached_departures(ORDINARY, unexposed)
    again = street_tells.cached_departures(ORDINARY, unexposed)
    assert len(calls) == 1 and first is made
    assert np.array_equal(again.kinds, made.kinds) and np.array_equal(again.checks, made.checks)


@pytest.mark.slow
@pytest.mark.uses_solve("optimal")
def test_the_game_as_dealt_agrees_with_the_strategy_comparisons_departures(published: None
                                                                           ) -> None:
    """In the game as dealt, the flop tells against wizard-practical are exactly the flop
    departures its exact comparison (practical.departures) prices, both at the flops of the
    hands its chart checks;
    the river tells are its river departures less those on flops basic strategy bets."""
    from edge.games.ultimate_texas_holdem.exposure.surveillance import chart_departures
    from edge.games.ultimate_texas_holdem.strategy import practical
    from edge.games.ultimate_texas_holdem.strategy.language import UthStrategy
    settle = solver.settlement(STANDARD)
    unexposed = solver.solve(settle)
    chart = UthStrategy.resolve("wizard-practical")
    found = chart_departures("wizard-practical", unexposed)
    dealt = street_tells.as_dealt_deals(found, unexposed.preflop_choice())
    departures = practical.departures(practical.evaluate_cached(chart, unexposed))

    def priced(stage: str, played: str) -> Fraction:
        return sum((d.frequency for d in departures if d.stage == stage and d.played == played),
                   Fraction(0))
    # with these pays the chart checks exactly the holdings basic strategy checks, so both
    # count the same hands reaching the flop
    assert np.array_equal(found.checks, unexposed.preflop_choice() == 0)
    share = [Fraction(int(d), solver.CYCLE) for d in dealt.tolist()]
    assert share[0] == priced("flop", "check") and share[1] == priced("flop", "bet 2x")
    assert 0 < share[2] <= priced("river", "fold") and 0 < share[3] <= priced("river", "play 1x")


def test_a_scenarios_note_is_printed_with_its_tells() -> None:
    from edge.document import Paragraph
    from edge.tells import Ordinary, Tells, tells_blocks, tells_json
    nobody = Ordinary("every ordinary player", "none", (("raises", Fraction(1, 8)),),
                      Fraction(0))
    found = Tells("seen=flop-1", (nobody,), nobody, (), "the hand", note="Counted: the flop.")
    for explain in (True, False):
        first = tells_blocks(found, explain=explain)[0]
        assert isinstance(first, Paragraph) and first.text.endswith(" Counted: the flop.")
    assert tells_json(found)["note"] == "Counted: the flop."
    plain = tells_blocks(replace(found, note=""))[0]
    assert isinstance(plain, Paragraph) and plain.text.endswith("needs more hands than this.")
