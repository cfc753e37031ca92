"""The informed player's tells against ordinary play (issue 34 section 4; edge/tells.py, the
Tri-Card ``tells`` hook, the protection report and `edge protection`; docs/protection.md).

Every expectation is derived here, never from edge's output:

- the hands an officer must watch are the least n with (1 - q)^n <= 1 - confidence, found by
  multiplying fractions one hand at a time;
- N0 is variance / return^2, checked against E. Jacobson's published standard deviation 1.7417
  and player edge 3.4829% for one Tri-Card dealer card seen ("Three Card Poker Hole-Card Play:
  Update #1", apheat.net, 12 June 2015; docs/references.md), and the mixed moments against a
  plain mixture of the two tables' rows;
- the tells with one dealer card seen come from a plain enumeration of every player hand and seen
  card written here, the informed player playing E. Jacobson's published rule (raise every hand
  against a 2 to J; Q-9-2 or better against a Q, K-9-2 against a K, A-9-2 against an A: the
  exact solve's rule, docs/protection.md), basic strategy "raise Q-6-4 or better", mimic "raise
  queen-high or better" and raise-all "raise every hand" (J. Grochowski, "Three Card Poker
  Dissected", casinocitytimes.com, 19 December 2021). With one card seen, each player hand and
  each of the 49 cards it leaves is equally likely (1,128 dealer hands hold the seen card), so a
  share of the exposed cycle is a count of (hand, seen card) pairs over 22,100 x 49.
"""

from __future__ import annotations

import dataclasses
import json
import math
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import cast

import numpy as np
import numpy.typing as npt
import pytest

from edge.cli import main
from edge.document import Paragraph, Report, Table, render
from edge.games import Game, Rules, RunSettings, Wager, get_game
from edge.games.three_card_poker.pays import PRESETS
from edge.games.three_card_poker.rules import Seen, ThreeCardRules
from edge.games.three_card_poker.strategy import ante_decision
from edge.games.three_card_poker.surveillance import tells
from edge.player import seeing
from edge.report import make_report
from edge.tells import (
    TITLE,
    Ordinary,
    Tells,
    hands_to_watch,
    look_alike,
    mixed_moments,
    n_zero,
    tell_share,
    tells_blocks,
)
from tests.test_protection_report import TOY, ToyRules, ToySeen

pytestmark = pytest.mark.kernels
TCP = "three-card-poker"
QUEEN, KING, ACE, JACK = 10, 11, 12, 9
PAYS = ante_decision(PRESETS["ante"]["3"])
MADE = ("pair", "flush", "straight", "three of a kind", "straight flush")
RANK_NAMES = "23456789TJQKA"


# --- the hands to watch and N0 --------------------------------------------------------------
def plain_watch(share: Fraction, confidence: Fraction) -> int:
    """The least n with (1 - share)^n <= 1 - confidence, one hand at a time."""
    missed, hands = Fraction(1), 0
    while missed > 1 - confidence:
        missed *= 1 - share
        hands += 1
    return hands


@pytest.mark.parametrize("share", [Fraction(1, 10), Fraction(1, 3), Fraction(3, 4),
                                   Fraction(37, 1000), Fraction(1, 2), Fraction(1, 997)])
@pytest.mark.parametrize("confidence", [Fraction(95, 100), Fraction(99, 100), Fraction(1, 2),
                                        Fraction(3, 4)])
def test_hands_to_watch_is_the_least_n_a_plain_product_reaches(share: Fraction,
                                                               confidence: Fraction) -> None:
    assert hands_to_watch(share, confidence) == plain_watch(share, confidence)


def test_hands_to_watch_on_the_edge_of_a_whole_number() -> None:
    # (1/2)^2 = 1/4 exactly: two hands reach 75% confidence, not three
    assert hands_to_watch(Fraction(1, 2), Fraction(3, 4)) == 2
    # (9/10)^1 = 1 - 1/10 exactly: one hand reaches 10% confidence
    assert hands_to_watch(Fraction(1, 10), Fraction(1, 10)) == 1
    assert hands_to_watch(Fraction(1, 10), Fraction(19, 100)) == 2


def test_hands_to_watch_when_no_hand_or_every_hand_shows_a_tell() -> None:
    assert hands_to_watch(Fraction(0)) is None
    assert hands_to_watch(Fraction(1)) == 1
    with pytest.raises(ValueError, match="confidence"):
        hands_to_watch(Fraction(1, 2), Fraction(1))
    with pytest.raises(ValueError, match="share"):
        hands_to_watch(Fraction(3, 2))


def test_the_share_at_an_exposure_rate_mixes_seen_and_unseen_hands() -> None:
    assert tell_share(Fraction(1, 4), Fraction(1, 2), Fraction(1, 10)) == (
        Fraction(1, 40) + Fraction(9, 20))
    with pytest.raises(ValueError, match="exposure rate"):
        tell_share(Fraction(1, 4), Fraction(0), Fraction(2))


def test_n_zero_of_one_dealer_card_is_jacobsons_figures() -> None:
    game = get_game(TCP)
    rules = game.make_rules({})
    exposed = game.analyze("ante", None, seeing(rules, "dealer-1"), RunSettings())
    unexposed = game.analyze("ante", None, seeing(rules, "none"), RunSettings())
    mean, variance = mixed_moments(exposed, unexposed, Fraction(1))
    value = n_zero(mean, variance)
    assert value is not None
    published = (1.7417 / 0.034829) ** 2          # about 2,500.7 hands
    assert abs(float(value) - published) < 1
    # no player edge at a 10% exposure rate (the break-even rate is about 49%): no N0
    assert n_zero(*mixed_moments(exposed, unexposed, Fraction(1, 10))) is None


def test_mixed_moments_are_those_of_the_two_tables_rows_mixed() -> None:
    game = get_game(TCP)
    rules = game.make_rules({})
    exposed = game.analyze("ante", None, seeing(rules, "sorted-1"), RunSettings())
    unexposed = game.analyze("ante", None, seeing(rules, "none"), RunSettings())
    rate = Fraction(1, 3)
    results: dict[Fraction, Fraction] = {}
    for table, weight in ((exposed, rate), (unexposed, 1 - rate)):
        for row in table.rows:
            value = Fraction(row.pays) / table.initial_wager
            results[value] = results.get(value, Fraction(0)) + (
                weight * Fraction(row.combinations, table.cycle))
    mean = sum(value * p for value, p in results.items())
    variance = sum((value - mean) ** 2 * p for value, p in results.items())
    assert mixed_moments(exposed, unexposed, rate) == (mean, variance)
    assert n_zero(Fraction(-1, 10), Fraction(1)) is None


# --- a plain enumeration of one dealer card seen ------------------------------------------------
def plain_row(cards: tuple[int, ...]) -> tuple[str, tuple[int, ...], bool]:
    """The hand's grid row, its ranks high to low, and whether it is a pair or better."""
    ranks = tuple(sorted((card // 4 for card in cards), reverse=True))
    suits = {card % 4 for card in cards}
    straight = (ranks[0] - ranks[2] == 2 and len(set(ranks)) == 3) or ranks == (ACE, 1, 0)
    if len(set(ranks)) < 3 or len(suits) == 1 or straight:
        kind = ("three of a kind" if len(set(ranks)) == 1 else "pair" if len(set(ranks)) == 2
                else "straight flush" if straight and len(suits) == 1
                else "straight" if straight else "flush")
        return kind, ranks, True
    if ranks[0] < QUEEN:
        return "J-x-x or lower", ranks, False
    return f"{RANK_NAMES[ranks[0]]}-{RANK_NAMES[ranks[1]]}-x", ranks, False


def jacobson_raises(ranks: tuple[int, ...], made: bool, seen: int) -> bool:
    """E. Jacobson's published rule for one dealer card seen."""
    if made or seen <= JACK:
        return True
    return ranks >= (seen, 7, 0)          # Q-9-2, K-9-2, A-9-2 or better


ORDINARY = {
    "basic strategy": lambda ranks, made: made or ranks >= (QUEEN, 4, 2),   # Q-6-4
    "mimic": lambda ranks, made: made or ranks[0] >= QUEEN,
    "raise-all": lambda ranks, made: True,
}


def plain_dealer_one() -> dict[str, object]:
    """Per ordinary player: (hand, seen card) pairs where the informed player raises what it
    folds / folds what it raises, the hands of the game as dealt where basic strategy differs
    from it, and the tells against every one of them by (row, decision)."""
    up: Counter[str] = Counter()
    down: Counter[str] = Counter()
    dealt: Counter[str] = Counter()
    every: Counter[tuple[str, str]] = Counter()
    junk = [0, 0]
    # a hand's decisions depend only on its row, ranks and being made: count those once
    kinds = Counter(plain_row(cards) for cards in combinations(range(52), 3))
    for (row, ranks, made), hands in kinds.items():
        theirs = {name: rule(ranks, made) for name, rule in ORDINARY.items()}
        for name, raises in theirs.items():
            dealt[name] += hands * (raises != theirs["basic strategy"])
        for seen in range(13):
            cards_left = hands * (4 - ranks.count(seen))
            informed = jacobson_raises(ranks, made, seen)
            for name, raises in theirs.items():
                up[name] += cards_left * (informed and not raises)
                down[name] += cards_left * (raises and not informed)
            if informed and not any(theirs.values()):
                every[(row, "raise")] += cards_left
            if not informed and all(theirs.values()):
                every[(row, "fold")] += cards_left
            if row == "J-x-x or lower":
                junk[0] += cards_left * informed
                junk[1] += cards_left
    return {"up": up, "down": down, "dealt": dealt, "every": every, "junk": junk}


@pytest.fixture(scope="module")
def plain() -> dict[str, object]:
    return plain_dealer_one()


@pytest.fixture(scope="module")
def found() -> Tells:
    return tells(PAYS, ThreeCardRules(seen=Seen.DEALER_1))


PAIRS = 22100 * 49       # (player hand, seen card) pairs, each equally likely


def test_tells_against_each_ordinary_player_match_a_plain_enumeration(
        found: Tells, plain: dict[str, Counter[str]]) -> None:
    assert [player.name for player in found.players] == list(ORDINARY)
    for player in found.players:
        assert dict(player.tells) == {
            "raises a hand it folds": Fraction(plain["up"][player.name], PAIRS),
            "folds a hand it raises": Fraction(plain["down"][player.name], PAIRS)}
        assert player.as_dealt == Fraction(plain["dealt"][player.name], 22100)
    # a raise-all player never folds: every tell against him is a fold
    assert found.players[2].tells[0][1] == 0


def test_tells_against_every_ordinary_player_are_the_folds_none_makes(
        found: Tells, plain: dict[str, Counter[tuple[str, str]]]) -> None:
    every = plain["every"]
    assert found.every.share == Fraction(sum(every.values()), PAIRS)
    assert all(decision == "fold" for _, decision in every)
    ranked = sorted(every.items(), key=lambda item: (-item[1], item[0]))[:6]
    assert found.every.strongest == tuple((row, decision, Fraction(count, PAIRS))
                                          for (row, decision), count in ranked)
    assert found.every.as_dealt == 0


def test_hands_to_watch_from_the_plain_shares(
        found: Tells, plain: dict[str, Counter[str]]) -> None:
    confidence = Fraction(95, 100)
    for player in found.players:
        share = Fraction(plain["up"][player.name] + plain["down"][player.name], PAIRS)
        as_dealt = Fraction(plain["dealt"][player.name], 22100)
        for rate in (Fraction(1), Fraction(1, 10)):
            q = rate * share + (1 - rate) * as_dealt
            assert hands_to_watch(tell_share(player.share, player.as_dealt, rate),
                                  confidence) == plain_watch(q, confidence)


# --- scenarios that look the same -------------------------------------------------------------
def toy(name: str, profile: tuple[tuple[str, str, Fraction], ...],
        fine: tuple[tuple[Fraction, ...], ...] = ()) -> Tells:
    nobody = Ordinary("every ordinary player", "-", (), Fraction(0))
    return Tells(name, (), nobody, profile, "the hand", fine)


def test_look_alike_compares_the_profiles_hand_by_hand() -> None:
    half, third = Fraction(1, 2), Fraction(1, 3)
    one = toy("a", (("junk", "raise", half), ("Q-J-x", "raise", third)))
    two = toy("b", (("junk", "raise", half), ("K-Q-x", "raise", third)))
    pair = look_alike(one, two)
    assert pair.same == (("junk", "raise", half),)
    assert pair.apart == ("Q-J-x", "K-Q-x")
    # the same share over a hand, made of different finer hands, is no look-alike
    three = toy("c", (("junk", "raise", half),), ((Fraction(1), Fraction(0)),))
    four = toy("d", (("junk", "raise", half),), ((Fraction(0), Fraction(1)),))
    assert look_alike(three, four).same == ()


def test_hole_carding_and_edge_sorting_raise_junk_identically(
        found: Tells, plain: dict[str, list[int]]) -> None:
    sorting = tells(PAYS, ThreeCardRules(seen=Seen.SORTED_1))
    pair = look_alike(found, sorting)
    junk = Fraction(*plain["junk"])
    assert junk == Fraction(37, 49)       # the 2 to J among the 49 cards a junk hand leaves
    assert ("J-x-x or lower", "raise", junk) in pair.same
    # the one-card hole-carder folds A-8-x against an ace; edge sorting cannot see an ace
    assert "A-8-x" in pair.apart


# --- the command and the report -----------------------------------------------------------------
def test_the_command_gives_the_tells_and_n_zero_in_json(
        capsys: pytest.CaptureFixture[str], plain: dict[str, Counter[str]]) -> None:
    assert main(["protection", TCP, "--seen", "dealer-1", "--exposure-rate", "1/10,100%",
                 "--confidence", "99%", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)["tells"]
    assert data["confidence"] == "99/100"
    scenario = data["scenarios"]["dealer-1"]
    for player in scenario["players"]:
        share = Fraction(plain["up"][player["name"]] + plain["down"][player["name"]], PAIRS)
        as_dealt = Fraction(plain["dealt"][player["name"]], 22100)
        assert Fraction(player["tells"]) == share
        assert player["hands_to_watch"] == {
            "1/10": plain_watch(share / 10 + as_dealt * 9 / 10, Fraction(99, 100)),
            "1": plain_watch(share, Fraction(99, 100))}
    assert scenario["n_zero"]["1/10"] is None
    assert math.ceil(Fraction(scenario["n_zero"]["1"])) == 2501


@pytest.mark.parametrize("text", ["100%", "0", "abc", "1/0"])
def test_a_bad_confidence_is_one_error_line(text: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protection", TCP, "--seen", "dealer-1", "--confidence", text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("edge: error: --confidence")


def test_the_command_prints_the_tells_in_markdown(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["protection", TCP, "--seen", "dealer-1;sorted-1", "--format",
                 "markdown"]) == 0
    text = capsys.readouterr().out
    assert "hands to watch" in text and "every ordinary player" in text
    assert "look the same" in text and "J-x-x or lower: raise 75.5102%" in text
    assert text.count("(1 - q)^n <= 1 - 95%") == 1          # the model is stated once


def _toy_tells(wager: Wager[ToyRules]) -> Tells:
    """A toy scenario's tells: the same junk raises under both scenarios, a fold only one
    makes."""
    one = wager.rules.seen is ToySeen.ONE
    nobody = Ordinary("every ordinary player", "the decisions none makes",
                      (("folds a hand it raises", Fraction(1, 8 if one else 5)),), Fraction(0),
                      (("Q-x-x", "fold", Fraction(1, 8 if one else 5)),))
    poor = Ordinary("raise-all", "Raise every hand.",
                    (("folds a hand it raises", Fraction(1, 4)),), Fraction(1, 3))
    profile = (("junk", "raise", Fraction(1, 2)), ("Q-x-x", "raise", Fraction(2, 3 if one else 5)))
    return Tells(f"seen={wager.rules.seen}", (poor,), nobody, profile, "the hand")


_EXPOSED = TOY.bets[0].exposed
assert _EXPOSED is not None
TOLD = dataclasses.replace(TOY, bets=(dataclasses.replace(
    TOY.bets[0], exposed=dataclasses.replace(_EXPOSED, tells=_toy_tells)),))


@pytest.fixture(scope="module")
def toy_report() -> Report:
    return make_report(cast("Game[Rules]", TOLD), environment=False, protection=True)


def test_the_report_gives_each_scenario_its_tells_and_n_zero(toy_report: Report) -> None:
    section = next(s for s in toy_report.sections if s.title == "Game protection")
    one = next(child for child in section.children if child.title == "seen=one")
    assert any("N0" in block.text for block in one.blocks if isinstance(block, Paragraph))
    told = next(child for child in one.children if child.title.startswith(TITLE))
    table = next(block for block in told.blocks if isinstance(block, Table))
    # raise-all: a quarter of hands seen, a third of the others (basic strategy) as dealt
    row = table.rows[0]
    assert row[0] == "raise-all"
    assert row[-2:] == (str(plain_watch(Fraction(1, 4), Fraction(95, 100))),
                        str(plain_watch(Fraction(1, 40) + Fraction(3, 10), Fraction(95, 100))))
    alike = next(child for child in section.children
                 if child.title == "Scenarios that look the same at the table")
    rows = next(block for block in alike.blocks if isinstance(block, Table)).rows
    assert rows == (("seen=one and seen=all", "junk: raise 50.0000%", "Q-x-x"),)


@pytest.mark.parametrize("fmt", ["html", "latex", "markdown"])
def test_the_report_prints_the_tells_in_every_format(toy_report: Report, fmt: str) -> None:
    text = render(toy_report, fmt)
    assert "Tells against ordinary play" in text and "look the same at the table" in text
    assert "hands to watch" in text and "N0" in text


def test_the_report_json_has_the_tells(toy_report: Report) -> None:
    data = json.loads(render(toy_report, "json"))["protection_tells"]
    assert data["look_alike"] == [{"scenarios": ["seen=one", "seen=all"],
                                   "same": [{"hand": "junk", "decision": "raise",
                                             "share": "1/2"}],
                                   "apart": ["Q-x-x"]}]
    one = data["scenarios"]["one"]
    assert one["every"]["tells"] == "1/8" and one["players"][0]["as_dealt"] == "1/3"
    # toy returns: 2/5 seen, -2/5 dealt; N0 at 100% is the seen table's variance / (2/5)^2
    assert set(one["n_zero"]) == {"1", "1/10"} and one["n_zero"]["1/10"] is None


@pytest.mark.slow
def test_the_tri_card_protection_report_has_the_tells(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    assert main(["report", TCP, "--protection", "-o", str(out)]) == 0
    data = json.loads(out.read_text())["protection_tells"]
    pairs = [pair["scenarios"] for pair in data["look_alike"]]
    assert ["seen=dealer-1", "seen=sorted-1"] in pairs
    assert set(data["scenarios"]) == {"dealer-1", "dealer-2", "dealer-3", "sorted-1",
                                      "sorted-2", "sorted-3", "split-1", "split-2", "split-3"}


# --- Casino Double-Hand Poker: the same tells, for a setting -----------------------------------
@pytest.mark.slow       # a plain enumeration of every situation (seconds)
def test_double_hand_tells_against_the_house_way_match_a_plain_enumeration() -> None:
    """The rule player house-way-seen with one tile seen: his tells against a player who sets
    by the house way are his settings off the house way (tests/test_double_hand_surveillance.py's
    plain enumeration of every situation)."""
    from edge.games.double_hand_poker.rules import DoubleHandRules
    from edge.games.double_hand_poker.surveillance import tells as double_tells
    from edge.options import make_options
    from tests.test_double_hand_surveillance import plain_rule_watch
    _, off_house, _, total = plain_rule_watch(1)
    rules = make_options(DoubleHandRules, {"seen": "dealer-1", "strategy": "house-way-seen"})
    found = double_tells(rules)
    house = found.players[0]
    assert house.name == "house way"
    assert house.share == Fraction(int(off_house.sum()), total)


@pytest.mark.slow       # a plain enumeration of every deal with all three tiles seen (seconds)
def test_double_hand_tells_with_every_tile_seen_match_a_plain_enumeration() -> None:
    from edge.games.double_hand_poker.rules import DoubleHandRules
    from edge.games.double_hand_poker.surveillance import tells as double_tells
    from edge.options import make_options
    from tests.test_double_hand_surveillance import plain_full_view
    situations, off_house, off_own = plain_full_view()
    found = double_tells(make_options(DoubleHandRules, {"seen": "dealer-3"}))
    cycle = int(situations.sum())
    assert [player.share for player in found.players] == [
        Fraction(int(off_house.sum()), cycle), Fraction(int(off_own.sum()), cycle)]
    assert found.every.share <= min(player.share for player in found.players)


# --- Ultimate Texas Hold'em: the preflop tells, on a made-up solve -----------------------------
def test_uth_preflop_tells_state_by_state() -> None:
    """The preflop tells of a made-up solve (tests/uth_exposure_fake.py) recounted state by
    state with plain Python: a made-up basic strategy (4x with an ace or a pair) and a player
    who never raises preflop."""
    from edge.games.ultimate_texas_holdem.exposure.surveillance import preflop_tells
    from tests.test_uth_surveillance import SETTLE, made_up_basic
    from tests.uth_exposure_fake import fake_solution
    solution = fake_solution(SETTLE)
    basic = made_up_basic()
    never = basic * 0
    found = preflop_tells(solution, [("basic strategy", "-", basic), ("never", "-", never)])
    index = {pair: i for i, pair in enumerate(combinations(range(52), 2))}
    counted: dict[str, Counter[str]] = {"basic strategy": Counter(), "never": Counter()}
    alone: Counter[str] = Counter()
    total = 0
    for (a, b, _), weight, informed in zip(solution.state_cards.tolist(),
                                           solution.state_weight.tolist(),
                                           solution.choice.tolist(), strict=True):
        total += weight
        theirs = {"basic strategy": int(basic[index[(a, b)]]), "never": 0}
        for name, choice in theirs.items():
            if informed > 0 and choice == 0:
                counted[name]["raises a hand it checks"] += weight
            elif informed == 0 and choice > 0:
                counted[name]["checks a hand it raises"] += weight
            elif informed != choice:
                counted[name]["raises another amount"] += weight
        if all(choice != informed for choice in theirs.values()):
            alone["every"] += weight
    assert total == 1326 * 50
    for player in found.players:
        assert {what: share for what, share in player.tells if share} == {
            what: Fraction(count, total) for what, count in counted[player.name].items()}
    assert found.players[1].as_dealt == Fraction(int((basic > 0).sum()), 1326)
    assert found.every.share == Fraction(alone["every"], total)
    # nobody checks what a never-raising player raises: every tell against both is a raise
    assert dict(found.every.tells)["checks a hand each of them raises"] == 0


def test_uth_ordinary_players_read_the_published_charts() -> None:
    """wizard-practical as its source words it (M. Shackleford, Wizard of Odds: 4x with 33 and
    up, suited A2+, K2+, Q6+, J8+, offsuit A2+, K5+, Q8+, JT), and a player who never raises."""
    import numpy as np

    from edge.games.ultimate_texas_holdem.exposure.surveillance import ordinary_players
    basic = np.full(1326, 4, dtype=np.int8)
    found = {name: choice for name, _, choice in ordinary_players(basic)}
    assert list(found) == ["basic strategy", "wizard-practical", "never raises preflop"]
    for holding, (a, b) in enumerate(combinations(range(52), 2)):
        high, low = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
        if a >> 2 == b >> 2:
            raises = high >= 1
        elif a & 3 == b & 3:
            raises = high >= 11 or (high == 10 and low >= 4) or (high == 9 and low >= 6)
        else:
            raises = (high == 12 or (high == 11 and low >= 3) or (high == 10 and low >= 6)
                      or (high == 9 and low == 8))
        assert found["wizard-practical"][holding] == (4 if raises else 0)
        assert found["never raises preflop"][holding] == 0


@pytest.mark.slow       # basic strategy is the game as dealt's full solve (cached on disk)
def test_uth_tells_hook_on_a_made_up_solve() -> None:
    from edge.games.ultimate_texas_holdem.exposure import solvers as exposure
    from edge.games.ultimate_texas_holdem.rules import Seen as UthSeen
    from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
    from tests.test_uth_surveillance import SETTLE, STANDARD
    from tests.uth_exposure_fake import fake_solution
    game = get_game("ultimate-texas-holdem")
    from edge.games.ultimate_texas_holdem.exposure import surveillance as watch
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(exposure, "solve_exposed",
                      lambda seen, settle, ties, **_: fake_solution(settle, seen, ties))
        # a made-up solve has no flop pass to agree with (its deals are not a real game's):
        # the flop of dealer-1 is counted by tests/test_uth_dealer_flops.py
        patch.setattr(watch, "DEALER_RIVER", frozenset())
        found = game.bet("main").tells(game.wager(
            STANDARD, UltimateTexasHoldemRules(seen=UthSeen.DEALER_1), RunSettings(jobs=1)))
    assert found is not None and SETTLE is not None
    assert [p.name for p in found.players] == ["basic strategy", "wizard-practical",
                                               "never raises preflop"]
    assert found.every.share <= min(p.share for p in found.players)


def test_the_tells_are_three_short_tables_not_one_with_long_cells() -> None:
    """On paper a rule or a list of tells in a table cell ran down a page: the hands to watch,
    what each player plays and the tells by kind are apart, every kind of tell a row."""
    from edge.document import Items
    poor = Ordinary("raise-all", "Raise every hand, whatever the cards, without a look.",
                    (("folds a hand it raises", Fraction(1, 4)),
                     ("raises a hand it folds", Fraction(1, 8))), Fraction(1, 3))
    nobody = Ordinary("every ordinary player", "the decisions none makes", (), Fraction(0))
    blocks = tells_blocks(Tells("seen=one", (poor,), nobody, (), "the hand"))
    tables = [block for block in blocks if isinstance(block, Table)]
    watch, by_kind = tables
    assert watch.headers[:2] == ("ordinary player", "tells (share of hands)")
    assert [row[:2] for row in watch.rows] == [("raise-all", "37.5000%"),
                                               ("every ordinary player", "0.0000%")]
    assert by_kind.rows == (("raise-all", "folds a hand it raises", "25.0000%"),
                            ("raise-all", "raises a hand it folds", "12.5000%"),
                            ("every ordinary player", "none", "0.0000%"))
    plays = next(block for block in blocks if isinstance(block, Items))
    assert plays.items[0] == "raise-all: Raise every hand, whatever the cards, without a look."


def uth_ordinary_made_up(scenario: str) -> tuple[
        tuple[str, ...], list[tuple[str, str, npt.NDArray[np.int8]]], tuple[Ordinary, ...],
        Ordinary, Tells, dict[str, npt.NDArray[np.uint8]]]:
    """The three Ultimate Texas Hold'em ordinary players with made-up preflop tells: their
    names, (name, rule, choice) rows, rows of the tells table, the row of decisions none makes,
    the tells and made-up flop decisions."""
    names = ("basic strategy", "wizard-practical", "never raises preflop")
    ordinary = [(name, "-", np.zeros(1326, dtype=np.int8)) for name in names]
    players = tuple(Ordinary(name, "-", (("raises", Fraction(1, 8)),), Fraction(0))
                    for name in names)
    nobody = Ordinary("every ordinary player", "-", (("raises", Fraction(1, 16)),),
                      Fraction(0))
    found = Tells(scenario, players, nobody, (), "the hand")
    bets = {name: np.zeros((1, 1), dtype=np.uint8) for name in names}
    return names, ordinary, players, nobody, found, bets


def test_uth_dealer_flop_adds_the_flop_to_every_ordinary_players_row() -> None:
    """with_dealer_flop: each player's flop tells and, when every ordinary player's flop is
    known, the flop's tells against all of them at once on the row of decisions none makes
    (the counts made up here; tests/test_uth_dealer_flops.py counts them)."""
    from edge.games.ultimate_texas_holdem.exposure import surveillance as watch
    from edge.games.ultimate_texas_holdem.exposure.solution import Seen as ExposedSeen
    from edge.games.ultimate_texas_holdem.exposure.street_tells import KINDS
    from tests.test_uth_surveillance import SETTLE
    from tests.uth_exposure_fake import fake_solution
    solution = fake_solution(SETTLE, ExposedSeen.DEALER_1)
    names, ordinary, players, nobody, found, bets = uth_ordinary_made_up("seen=dealer-1")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(watch, "check_against_solve", lambda *_: None)
        patch.setattr(watch, "dealer_flop_tells", lambda *_: (3, 5))
        patch.setattr(watch, "dealer_flop_tells_of_all", lambda *_: (1, 2))
        added = watch.with_dealer_flop(found, solution, ordinary, bets, None)  # type: ignore[arg-type]
        partial = watch.with_dealer_flop(found, solution, ordinary,
                                         {names[0]: bets[names[0]]}, None)  # type: ignore[arg-type]
    cycle = solution.cycle
    assert added.every.tells == (("raises", Fraction(1, 16)),
                                 (watch.EVERY_FLOP[0], Fraction(1, cycle)),
                                 (watch.EVERY_FLOP[1], Fraction(2, cycle)))
    assert all(p.tells[1:] == ((KINDS[0], Fraction(3, cycle)),
                               (KINDS[1], Fraction(5, cycle))) for p in added.players)
    # a player whose flop is not known: the row of decisions none makes keeps the preflop
    assert partial.every == nobody and partial.players[1] == players[1]
    assert "every ordinary player who reaches that street" in added.note


def test_uth_dealer_river_adds_the_river_to_every_ordinary_players_row() -> None:
    """with_dealer_river: each player's river tells and, when every ordinary player is counted,
    the river's tells against all of them at once on the row of decisions none makes (the
    counts made up here; tests/test_uth_dealer_rivers.py counts them)."""
    from edge.games.ultimate_texas_holdem.exposure import dealer_rivers
    from edge.games.ultimate_texas_holdem.exposure import surveillance as watch
    from edge.games.ultimate_texas_holdem.exposure.solution import Seen as ExposedSeen
    from edge.games.ultimate_texas_holdem.exposure.street_tells import KINDS
    from edge.run import RunSettings
    from tests.test_uth_surveillance import SETTLE
    from tests.uth_exposure_fake import fake_solution
    solution = fake_solution(SETTLE, ExposedSeen.DEALER_1)
    names, ordinary, players, nobody, found, bets = uth_ordinary_made_up("seen=dealer-1")
    asked = []

    def river_tells(informed: object, solved: object, players: list[object],
                    plans: list[object], **_: object) -> dealer_rivers.RiverTells:
        asked.append((len(players), len(plans)))
        return dealer_rivers.RiverTells(tuple((3 + k, 5 + k) for k in range(len(players))),
                                        (1, 2), 0, 0)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(dealer_rivers, "river_tells", river_tells)
        added = watch.with_dealer_river(found, solution, ordinary, bets, None,  # type: ignore[arg-type]
                                        RunSettings())
        partial = watch.with_dealer_river(found, solution, ordinary,
                                          {names[1]: bets[names[1]]}, None,  # type: ignore[arg-type]
                                          RunSettings())
    cycle = solution.cycle
    # basic strategy's river and the chart's own: two rules for three players, then one
    assert asked == [(3, 2), (1, 2)]
    assert added.every.tells == (("raises", Fraction(1, 16)),
                                 (watch.EVERY_RIVER[0], Fraction(1, cycle)),
                                 (watch.EVERY_RIVER[1], Fraction(2, cycle)))
    assert [p.tells[1:] for p in added.players] == [
        ((KINDS[2], Fraction(3 + k, cycle)), (KINDS[3], Fraction(5 + k, cycle)))
        for k in range(3)]
    assert partial.every == nobody and partial.players[0] == players[0]
