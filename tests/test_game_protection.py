"""Game protection from a game file (issue 36): the ``[protection]`` table.

The expectations: edge's built-in Tri-Card Poker under the same exposure (``seen=dealer-1``,
a solver of its own that shares nothing with the file's), a plain loop written here over every
deal of a small deck (each player's hand, the dealer's seen card, the dealer's other cards; its
own hand ranking, the better of fold and play taken state by state; it never calls a kernel),
and the published figure: one dealer card seen in Three Card Poker, the Ante alone, player edge
3.4829%, hit frequency 54.2203% (E. Jacobson, "Three Card Poker Hole-Card Play: Update #1",
apheat.net, 12 June 2015; docs/references.md).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from edge.cli import main
from edge.decisions import load_game_file
from edge.decisions.analysis import GameAnalysis
from edge.decisions.file import read_game_file
from edge.decisions.game import make_game
from edge.decisions.protection import exposed_file, rank_of_state, read_sights, solve_grouped
from edge.decisions.solve import Problem, all_sets
from edge.decisions.upcard import solve_upcard, suit_classes_of, upcard_showdown
from edge.games.three_card_poker import GAME as TRI_CARD

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
THREE_CARD = EXAMPLES / "three-card-poker.toml"
CARIBBEAN = EXAMPLES / "caribbean-stud.toml"
# a rule the top four ranks (J to A) can fail: a pair or better, or an ace
SMALL_QUALIFIES = "poker3(dealer) >= pair or high_rank(dealer) >= A"
ACE = 12
# the file's pays (docs/rules.md section 2): Ante Bonus and Pair Plus by the plain class below
BONUS = {"straight-flush": 5, "trips": 4, "straight": 1}
PAIR_PLUS = {"straight-flush": 40, "trips": 30, "straight": 6, "flush": 4, "pair": 1}

IntArray = npt.NDArray[np.int64]
Small = tuple[Problem, tuple[IntArray, IntArray, IntArray], IntArray]

pytestmark = pytest.mark.kernels      # the up-card kernel solves the exposed file


def _strength(cards: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    """Three cards of the top four ranks (no A-2-3): their class and strength."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    straight = len(set(ranks)) == 3 and ranks[0] - ranks[2] == 2
    counts = Counter(ranks)
    if straight and flush:
        return "straight-flush", (6, ranks[0])
    if len(counts) == 1:
        return "trips", (5, ranks[0])
    if straight:
        return "straight", (4, ranks[0])
    if flush:
        return "flush", (3, *ranks)
    if len(counts) == 2:
        pair = max(counts, key=lambda rank: counts[rank])
        return "pair", (2, pair, min(counts, key=lambda rank: counts[rank]))
    return "high", (1, *ranks)


def _plain_returns(deck: int, high: int, pair_plus: int) -> tuple[Fraction, Fraction]:
    """Every deal of the top ``deck`` cards with one dealer card seen: Ante 1 and ``pair_plus``
    on the Pair Plus, the better of fold (both lost) and play (1 unit more) taken for each
    hand and seen card, and for each hand and group of the seen card (of rank ``high`` or
    more, or below)."""
    cards = range(52 - deck, 52)
    strength: dict[tuple[int, ...], tuple[str, tuple[int, ...]]] = {
        hand: _strength(hand) for hand in itertools.combinations(cards, 3)}
    by_card = by_group = deals = 0
    for player in itertools.combinations(cards, 3):
        name, mine = strength[player]
        side = PAIR_PLUS.get(name, -1) * pair_plus
        played: Counter[object] = Counter()         # by what is seen: the card, or its group
        hidden: Counter[object] = Counter()
        for up in cards:
            if up in player:
                continue
            rest = [c for c in cards if c not in player and c != up]
            for two in itertools.combinations(rest, 2):
                theirs = strength[tuple(sorted((up, *two)))][1]
                qualifies = theirs[0] >= 2 or max(c // 4 for c in (up, *two)) >= ACE
                ante, play = ((1, 0) if not qualifies else (1, 1) if mine > theirs else
                              (-1, -1) if mine < theirs else (0, 0))
                for seen in (up, up // 4 >= high):
                    played[seen] += ante + play + BONUS.get(name, 0) + side
                    hidden[seen] += 1
        best = {seen: max(played[seen], -(1 + pair_plus) * hidden[seen]) for seen in hidden}
        by_card += sum(value for seen, value in best.items() if not isinstance(seen, bool))
        by_group += sum(value for seen, value in best.items() if isinstance(seen, bool))
        deals += sum(n for seen, n in hidden.items() if isinstance(seen, bool))
    return Fraction(by_card, deals), Fraction(by_group, deals)


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Small:
    """The exposed small game's problem, its states on 16 cards (J to A), and the group of
    the seen card of each state (Q-A high, 2-J low: on J to A, a jack or the others)."""
    path = tmp_path_factory.mktemp("small") / "small.toml"
    path.write_text(re.sub(r"(?m)^qualifies = .*$", f'qualifies = "{SMALL_QUALIFIES}"',
                           THREE_CARD.read_text()))
    file = read_game_file(path)
    assert file.dealer is not None and file.dealer.qualifies == SMALL_QUALIFIES
    sights = read_sights(file)
    assert [sight.name for sight in sights] == ["dealer-1", "dealer-3", "sorted-1"]
    seen = exposed_file(file, sights[0])
    assert seen.dealer is not None and seen.dealer.up == 1 and seen.decisions[0].seen == 4
    analysis = GameAnalysis(seen)      # its pays and settlement, as the full solve's
    problem = Problem(3, 4, seen.decisions, seen.start, np.zeros(0, dtype=np.int64),
                      analysis.pays(None), seen.larger_on_ties, analysis.settlement(None))
    conditions = [outcome.condition for outcome in seen.bet.outcomes]
    states = upcard_showdown(seen.dealer, seen.bet.layout.places, seen.bet.rules, conditions,
                             16)
    hands = all_sets(3)[:math.comb(16, 3)]
    group = rank_of_state(hands[suit_classes_of(hands + 36)[0]], 16, sights[2].ranks)
    assert set(group.ravel().tolist()) == {0, 1}
    return problem, states, group


@pytest.mark.slow       # 1.9 s in the plain run (3 min 52 s in CI): the slow run
def test_small_deck_against_every_deal(small: Small) -> None:
    problem, states, group = small
    card, grouped = _plain_returns(16, 10, 1)                  # Q: rank 10 (2 is 0)
    solution = solve_upcard(problem, *states, deck=16)
    assert solution.cycle == math.comb(16, 3) * 13 * math.comb(12, 2)   # 3 x every deal
    assert solution.player_return == card
    assert solve_grouped(problem, *states, group, deck=16).player_return == grouped


@pytest.mark.slow       # 1.9 s in the plain run (3 min 52 s in CI): the slow run
def test_small_deck_ante_alone_against_every_deal(small: Small) -> None:
    """The Ante alone: a small deck's Pair Plus makes nearly every hand worth playing."""
    problem, states, group = small
    ante = dataclasses.replace(problem, start=(Fraction(1), Fraction(0), Fraction(0)))
    card, grouped = _plain_returns(16, 10, 0)
    solution = solve_grouped(ante, *states, group, deck=16)
    assert solution.folded and solution.player_return == grouped < card
    assert solve_upcard(ante, *states, deck=16).player_return == card


def _file_return(seen: str = "dealer-1", **overrides: str) -> tuple[Fraction, Fraction]:
    game = make_game(read_game_file(THREE_CARD))
    table = game.analyze(None, None, game.make_rules({**overrides, "seen": seen}))
    return table.expected_return, table.hit_frequency


@pytest.mark.parametrize("seen", ["dealer-1", "dealer-3", "sorted-1"])
def test_dealer_cards_seen_are_the_built_in_figures(seen: str) -> None:
    """One dealer card seen (the up-card solve), the whole hand (the result known) and one
    card edge-sorted high or low (the best option over the cards of its group)."""
    rules = TRI_CARD.make_rules({"seen": seen})
    ante = TRI_CARD.analyze("ante", None, rules).expected_return
    combined = TRI_CARD.analyze("combined", None, rules).expected_return
    assert _file_return(seen, pair_plus="0")[0] == ante
    # the built-in combined wager is quoted per unit initially wagered (Ante and Pair Plus: 2)
    assert _file_return(seen)[0] == 2 * combined


def test_one_dealer_card_seen_reproduces_jacobson() -> None:
    player_edge, hit = _file_return(pair_plus="0")
    assert round(player_edge * 1_000_000) == 34829          # 3.4829% per Ante
    assert round(hit * 1_000_000) == 542203                 # 54.2203% of hands win


def test_one_card_sorted_reproduces_jacobsons_edge_sorting_figure() -> None:
    """E. Jacobson, "Edge Sorting Three Card Poker", apheat.net (11 January 2013): one dealer
    card known high (Q, K, A) or low, the Ante alone with the Ante Bonus 5-4-1: player edge
    1.837% (three decimals, cut)."""
    player_edge, _ = _file_return("sorted-1", pair_plus="0")
    assert math.floor(player_edge * 100_000) == 1837


def test_the_scenario_is_declared_and_described() -> None:
    game = make_game(read_game_file(THREE_CARD))
    assert game.protection is not None
    scenario = game.protection.scenario("dealer-1")
    assert scenario.ways == 3 and "Jacobson" in scenario.published
    assert scenario.description == ("one of the dealer's three face-down cards, seen before "
                                    "play-or-fold")
    whole = game.protection.scenario("dealer-3")
    assert whole.ways == 1 and whole.seen == "the dealer's whole hand (three cards)"
    stud = make_game(read_game_file(CARIBBEAN))
    assert stud.protection is not None
    assert stud.protection.scenario("hole-4").seen == "the dealer's four face-down cards"
    assert game.player(game.make_rules({})).seen == "none"


def test_edge_protection_runs_on_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protection", str(THREE_CARD), "--set", "pair_plus=0",
                 "--exposure-rate", "50%"]) == 0
    out = capsys.readouterr().out
    assert "dealer-1" in out and "+3.48%" in out


HEADER = "[protection.dealer-1]"
# (the line as written, the line written instead, the line the error points at, what it says)
BAD = [
    ("dealer = 1", "dealer = 2", "dealer = 2", "2 of the dealer's cards seen is not solved"),
    ("dealer = 1", "dealer = 4", "dealer = 4", "dealer = 4 must be the number of the dealer's"),
    ("dealer = 1", "dealer = true", "dealer = true", "dealer = True must be"),
    ("dealer = 1", "dealers = 1", "dealers = 1", "unknown key 'dealers'"),
    ("dealer = 1", "", HEADER, "says nothing seen"),
    (HEADER, "[protection.None]", "[protection.None]", "the scenario name 'None'"),
    (HEADER, "[protection.none]", "[protection.none]", "and not 'none'"),
    (HEADER, "[protection]\ndealer-1 = 1", "dealer-1 = 1", "must be a table"),
    ('ranks = "Q-A/2-J"', 'ranks = "Q-A/2-T"', 'ranks = "Q-A/2-T"', "must put every rank"),
    ('ranks = "Q-A/2-J"', 'ranks = "2-A"', 'ranks = "2-A"', "two or more groups"),
    ('ranks = "Q-A/2-J"', "ranks = 3", "ranks = 3", "ranks = 3 must put"),
    ("[protection.dealer-3]\ndealer = 3", '[protection.dealer-3]\ndealer = 3\nranks = "Q-A/2-J"',
     'ranks = "Q-A/2-J"',
     "ranks is solved for one of the dealer's face-down cards seen (dealer = 1)"),
]


@pytest.mark.parametrize(("old", "new", "at", "said"), BAD)
def test_bad_protection_tables_are_one_line(tmp_path: Path, old: str, new: str, at: str,
                                            said: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    text = THREE_CARD.read_text()
    assert f"\n{old}\n" in text          # the first (dealer-1's, sorted-1's ranks) replaced
    path = tmp_path / "bad.toml"
    bad = text.replace(f"\n{old}\n", f"\n{new}\n", 1)
    path.write_text(bad, encoding="utf-8")
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    line = 1 + bad.splitlines().index(at)
    assert err.startswith(f"edge: error: bad.toml: line {line}, column 1: ") and \
        err.count("\n") == 1, err
    assert said in err, err


def test_a_card_more_than_the_up_card_is_refused(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "stud.toml"
    path.write_text(CARIBBEAN.read_text() + "\n[protection.hole-1]\ndealer = 1\n")
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    assert "[protection.hole-1] dealer = 1: with the dealer's card face up, 1 more seen is " \
        "not solved" in err and err.count("\n") == 1, err


def test_a_game_without_a_dealer_refuses_protection(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "ride.toml"
    path.write_text((EXAMPLES / "let-it-ride.toml").read_text()
                    + "\n[protection.dealer-1]\ndealer = 1\n")
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    assert "[protection.dealer-1] dealer: the game has no dealer's hand" in err and \
        err.count("\n") == 1, err


def test_an_unknown_scenario_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", str(THREE_CARD), "--set", "seen=dealer-2"]) == 2
    err = capsys.readouterr().err
    assert "dealer-1" in err and err.count("\n") == 1, err



@pytest.mark.parametrize("seen", ["dealer-1", "dealer-3", "sorted-1"])
def test_the_simulation_deals_the_seen_cards_and_agrees(
        seen: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(THREE_CARD), "--set", f"seen={seen}", "--hands", "20000",
                 "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "fold at play-or-fold" in out and "agrees:" in out


def test_the_exposed_strategy_is_put_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    """The words themselves: tests/test_game_seen_strategy.py."""
    assert main(["strategy", str(THREE_CARD), "--set", "seen=dealer-3"]) == 0
    out = capsys.readouterr().out
    assert "dealer-3: the informed strategy" in out and "value of the information" in out


def test_a_strategy_file_with_an_exposure_is_refused_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "fold.toml"
    path.write_text('[play-or-fold]\notherwise = "fold"\n')
    assert main(["strategy", str(THREE_CARD), "--set", "seen=dealer-3", "--strategy",
                 str(path)]) == 2
    err = capsys.readouterr().err
    assert "seen=dealer-3: the exposed player's strategy is solved exactly" in err
    assert err.count("\n") == 1, err


def known_result_chart_checks(data: dict[str, Any]) -> None:
    """The chart of ``edge strategy caribbean-stud.toml --set seen=hole-4 --format json``: each
    row takes the highest net (a tie to the larger wager, the file's), every deal of the game
    is counted once (the game as dealt decides with the dealer's card face up: its deals by
    result are read from the up-card states), and the rows' worths add up to the value of the
    information."""
    rows = data["chart"]
    for row in rows:
        nets = {name: Fraction(net) for name, net in row["nets"].items()}
        best = max(nets.values())
        assert row["option"] == ("raise" if nets["raise"] == best else "fold"), row
    assert sum(row["deals"] for row in rows) == math.comb(52, 5) * math.comb(47, 5)
    assert sum(Fraction(row["worth"]) for row in rows) == Fraction(data["value_of_information"])


@pytest.mark.slow
@pytest.mark.pinned_check("caribbean-stud-file-hand-seen-grosjean")
@pytest.mark.longest
def test_caribbean_stud_with_the_dealers_hand_seen_is_grosjeans_figure(
        capsys: pytest.CaptureFixture[str]) -> None:
    """J. Grosjean (Beyond Counting, as quoted by E. Jacobson, "Edge Sorting Caribbean Stud",
    apheat.net, 31 January 2013): knowing all five dealer cards, player edge 64.27%. edge's exact
    figure is within 0.02% of it, as Grosjean's 5.23% with the up card alone is of the Wizard
    of Odds' 5.22% (docs/references.md)."""
    game = load_game_file(CARIBBEAN)       # the command's game: its solves kept for the next
    rules = game.make_rules({"seen": "hole-4"})
    table = game.analyze(None, None, rules)
    assert table.cycle == math.comb(52, 5) * math.comb(47, 5)
    assert abs(table.expected_return - Fraction(6427, 10000)) < Fraction(2, 10000)
    # the same solves put in words (tests/test_game_seen_strategy.py's checks of the chart)
    assert main(["strategy", str(CARIBBEAN), "--set", "seen=hole-4", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    known_result_chart_checks(data)
