"""The suit counter, the depth of the shoe and the continuous shuffler (issue 34, section 3).

Checked, each against a plain computation written here (never the kernels):

* for a wager that looks at suits alone (two cards of one suit pay 3 to 1, its return counted
  here over every ordered pair of faces), the suit counter's estimate is the exact return of
  every shoe, whatever its ranks; and in a simulation of that wager every round the counter bets
  is worth, on average, the exact return of the shoe left before it (that return counted here
  from the cards dealt);
* for 21+3 (its bet file's exact return from any shoe): the estimate averages the exact return
  off the top over every suit mix of a shoe dealt down (hypergeometric weights, exact); a shoe
  whose four suits are even is never bet, at any depth, on paper and in a simulation; the
  floating-point decision is the exact one;
* a continuous shuffler deals every round from the full shoe: both counters bet nothing;
* ``--penetration`` reads shares and cards; the command's JSON carries the suit counter's
  figures, and the Method names the estimate and the depths.

The suit counter's win at 21+3 (6 decks, 5/6 of the shoe dealt, flat 1 unit) is checked in the
slow run only for its sign and order of magnitude.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from edge.counting.play import CounterPlay, Cut, parse_penetration, simulated_method
from edge.counting.simulation import (
    CardArray,
    IntArray,
    ShoeGame,
    Spread,
    deal_rounds,
    wager_win_rates,
    win_rates,
)
from edge.counting.suit_counter import SuitCounter, suit_counter, suits_of
from edge.errors import EdgeError
from edge.games import get_game

TWENTY_ONE_PLUS_THREE = "examples/bets/21-plus-3.toml"
Shoe = tuple[int, ...]


def suited_pair_return(copies: Shoe) -> Fraction:
    """Two cards, paid 3 to 1 when they are of one suit: every ordered pair of faces, weighed
    by the ways the shoe deals it."""
    won = total = 0
    for first, second in itertools.product(range(52), repeat=2):
        ways = copies[first] * (copies[second] - (first == second))
        total += ways
        won += ways * (3 if first % 4 == second % 4 else -1)
    return Fraction(won, total)


def suited_pair_settle(cards: CardArray) -> IntArray:
    """Each round's net for one unit: +3 when its two cards are of one suit, else -1."""
    return np.where(cards[0] % 4 == cards[1] % 4, 3, -1).astype(np.int64)


def hook(game: str, bet: str | None = None) -> Callable[[Shoe], Fraction]:
    """A game's wager's exact return from any shoe (its shoe_return hook)."""
    found = get_game(game)
    chosen = found.bet(bet)
    asked = found.wager(chosen.paytable(None), found.make_rules({}, chosen.name))
    shoe_return = chosen.shoe_return
    assert shoe_return is not None

    def returns(copies: Shoe) -> Fraction:
        return shoe_return(asked, copies)
    return returns


@pytest.fixture(scope="module")
def twenty_one() -> SuitCounter:
    return suit_counter(hook(TWENTY_ONE_PLUS_THREE), (6,) * 52, 3)


def test_a_wager_of_suits_alone_is_estimated_exactly() -> None:
    counter = suit_counter(suited_pair_return, (2,) * 52, 2)
    assert counter.degree == 2 and counter.full == suited_pair_return((2,) * 52)
    rng = np.random.default_rng(5)
    for left in (100, 60, 31, 8, 2):
        for _ in range(3):
            shoe = [2] * 52                       # a 2-deck shoe with random cards gone
            for face in rng.permutation(np.repeat(np.arange(52), 2))[:104 - left].tolist():
                shoe[face] -= 1
            assert counter.estimate(suits_of(shoe)) == suited_pair_return(tuple(shoe))


def test_the_estimate_averages_the_return_off_the_top(twenty_one: SuitCounter) -> None:
    """Over every suit mix of the 12 cards left of 312 (78 of each suit), weighted by its exact
    hypergeometric chance, the estimate averages E0: an unseen card changes no expectation."""
    left = 12
    mean = Fraction(0)
    chances = Fraction(0)
    for first, second, third in itertools.product(range(left + 1), repeat=3):
        fourth = left - first - second - third
        if fourth < 0:
            continue
        chance = Fraction(math.prod(math.comb(78, m) for m in (first, second, third, fourth)),
                          math.comb(312, left))
        chances += chance
        mean += chance * twenty_one.estimate((first, second, third, fourth))
    assert chances == 1 and mean == twenty_one.full


@pytest.mark.parametrize(("game", "bet", "cards"), [
    (TWENTY_ONE_PLUS_THREE, None, 3), ("triple-bet", "flush", 5),
    pytest.param("triple-bet", "combined", 5, marks=pytest.mark.slow)])
def test_even_suits_are_never_bet(game: str, bet: str | None, cards: int) -> None:
    counter = suit_counter(hook(game, bet), (6,) * 52, cards)
    even = [(m, m, m, m) for m in range(1, 79)]
    assert all(counter.estimate(suits) < 0 for suits in even)
    assert not counter.bets(np.array(even, dtype=np.int64)).any()


def suit_game(counter: SuitCounter, settle: Callable[[CardArray], IntArray], cards: int,
              decks: int, other_cards: int = 0) -> ShoeGame:
    return ShoeGame(settle, 1, cards, other_cards, decks, (0,) * 52, Spread(), 11, 50,
                    Fraction(1), counter)


@pytest.mark.parametrize("other_cards", [0, 3])
def test_a_bet_round_is_worth_the_exact_return_of_the_shoe_it_saw(other_cards: int) -> None:
    """Every card dealt before a round (the wager's and the others seen) is gone from the shoe
    the round is dealt from and counted by the suit counter."""
    counter = suit_counter(suited_pair_return, (2,) * 52, 2)
    game = suit_game(counter, suited_pair_settle, 2, 2, other_cards)
    dealt = deal_rounds(game, Fraction(9, 10), 0, 300)
    faces = dealt.dealt.reshape(300, -1)
    bet = np.argwhere(dealt.suit_units > 0)
    assert len(bet) > 500
    gaps = []
    for n, (shoe, round_) in enumerate(bet.tolist()):
        copies = [2] * 52
        for face in faces[shoe, :(2 + other_cards) * round_].tolist():
            copies[face] -= 1
        if n < 100:             # the estimate is the exact return, counted pair by pair
            assert counter.estimate(suits_of(copies)) == suited_pair_return(tuple(copies))
        assert suits_of(copies) == tuple(dealt.suits_left[shoe, round_].tolist())
        suits = suits_of(copies)
        left = sum(suits)
        exact = Fraction(4 * sum(m * (m - 1) for m in suits), left * (left - 1)) - 1
        assert exact > 0
        gaps.append(int(dealt.unit_net[shoe, round_]) - float(exact))
    mean = sum(gaps) / len(gaps)
    error = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (len(gaps) - 1) / len(gaps))
    assert abs(mean) <= 4 * error


def test_the_decision_in_floats_is_the_exact_one(twenty_one: SuitCounter) -> None:
    game = suit_game(twenty_one, lambda cards: np.zeros(cards.shape[1], dtype=np.int64), 3, 6)
    dealt = deal_rounds(game, Fraction(5, 6), 3, 12)
    suits = dealt.suits_left.reshape(-1, 4)
    exact = [twenty_one.estimate(row) > 0 for row in suits.tolist()]
    assert (dealt.suit_units.reshape(-1) > 0).tolist() == exact
    assert any(exact)
    even = (suits == suits[:, :1]).all(axis=1)
    assert even.any() and not (dealt.suit_units.reshape(-1)[even]).any()


def test_the_same_seed_gives_the_same_suit_counter_on_any_number_of_workers() -> None:
    counter = suit_counter(suited_pair_return, (2,) * 52, 2)
    options: dict[str, Any] = dict(cards=2, penetrations=[Fraction(3, 4), Fraction(1, 2)],
                                   spread=(1, 1), rounds=6000, seed=8, suits=counter,
                                   shoes_per_task=40)
    one = win_rates(suited_pair_settle, 1, 2, None, workers=1, **options)
    two = win_rates(suited_pair_settle, 1, 2, None, workers=2, **options)
    assert one == two and one[0].suit is not None and one[0].suit.rounds_bet > 0
    assert one != win_rates(suited_pair_settle, 1, 2, None, workers=1,
                            **{**options, "seed": 9})


def test_a_continuous_shuffler_leaves_nothing_to_count(twenty_one: SuitCounter) -> None:
    game = suit_game(twenty_one, suited_pair_settle, 3, 6)
    assert game.rounds_per_shoe(0) == 1 and game.cut(Fraction(0)) == 0
    dealt = deal_rounds(game, 0, 0, 200)
    assert dealt.unit_net.shape == (200, 1)
    assert (dealt.suits_left == 78).all() and not dealt.suit_units.any()
    hi_lo = tuple(1 if face // 4 <= 4 else (0 if face // 4 <= 7 else -1) for face in range(52))
    for spread, bets in ((Spread(1, 8, start=2, wong=1), 0), (Spread(1, 8), 3000)):
        rate, = win_rates(suited_pair_settle, 1, 6, hi_lo, cards=3, penetrations=[0],
                          spread=spread, rounds=3000, seed=4, suits=twenty_one,
                          workers=1)
        assert rate.continuous and rate.depth == "continuous shuffler"
        assert rate.rounds == rate.shoes == 3000 and rate.rounds_per_shoe == 1
        assert rate.rounds_bet == bets and [b.true_count for b in rate.buckets] == [0]
        assert rate.suit is not None and rate.suit.rounds_bet == 0


@pytest.mark.parametrize(("text", "share"), [
    ("5/6", Fraction(5, 6)), (" 0.75 ", Fraction(3, 4)), ("75%", Fraction(3, 4)),
    ("1", Fraction(1)), ("260 cards", Fraction(5, 6)), ("312cards", Fraction(1)),
    ("1 card", Fraction(1, 312)), ("12.5%", Fraction(1, 8))])
def test_a_penetration_is_a_share_or_cards(text: str, share: Fraction) -> None:
    assert parse_penetration(text).share(312) == share


@pytest.mark.parametrize(("text", "says"), [
    ("0", "above 0"), ("0 cards", "above 0"), ("0/5", "above 0"), ("7/6", "at most 1"),
    ("101%", "at most 1"), ("3/0", "denominator"), ("260", "write '260 cards'"),
    ("five sixths", "not a share"), ("-1/2", "not a share")])
def test_a_penetration_out_of_range_is_refused(text: str, says: str) -> None:
    with pytest.raises(EdgeError, match=says):
        parse_penetration(text)


def test_a_depth_past_the_shoe_is_refused() -> None:
    with pytest.raises(EdgeError, match="the shoe holds 312 cards"):
        Cut(cards=313).share(312)
    with pytest.raises(EdgeError, match="after one card"):
        Cut(fraction=Fraction(1, 1000)).share(312)
    assert CounterPlay(cuts=(Cut(cards=100),)).options() == ["--penetration '100 cards'"]
    assert CounterPlay(continuous=True).shares(312, [Fraction(1, 2)]) == [0]
    with pytest.raises(EdgeError, match="--continuous"):
        CounterPlay(cuts=(Cut(cards=100),), continuous=True)


def test_the_command_plays_the_suit_counter_where_no_count_follows(edge_cli: Any) -> None:
    """The Triple Bet's Flush has no linear count: --rounds plays the suit counter alone, at
    the depths asked, and the JSON carries its figures."""
    args = ("counting", "triple-bet", "--bet", "flush", "--rounds", "3000", "--workers", "1",
            "--penetration", "5/6", "--penetration", "150 cards")
    found = json.loads(edge_cli(*args, "--format", "json").out)["simulated"]
    assert found["bets"] is None and "suits left" in found["suit_estimate"]
    assert [rate["cut_cards"] for rate in found["rates"]] == [260, 150]
    for rate in found["rates"]:
        assert "rounds_bet" not in rate and rate["suit_counter"]["counter"]
    assert found["rates"][0]["suit_counter"]["rounds_bet"] > 0
    out = edge_cli(*args).out
    assert "The suit counter's win rate on the flush wager" in out
    assert "83% (260 cards)" in out and "48% (150 cards)" in out
    assert "The counter's win rate" not in out and "The simulation agrees" in out


def test_the_method_names_the_suit_counter_and_the_shuffler() -> None:
    counter = suit_counter(suited_pair_return, (2,) * 52, 2)
    rates = win_rates(suited_pair_settle, 1, 2, None, cards=2, penetrations=[0],
                      spread=(1, 1), rounds=100, seed=1, suits=counter, workers=1)
    said = simulated_method(rates, CounterPlay(continuous=True))
    assert "continuous shuffler" in said and "a suit counter plays the same rounds" in said
    assert "an estimate otherwise" in said


@pytest.mark.slow
def test_the_suit_counter_beats_21_plus_3_deep_in_the_shoe() -> None:
    """Flat 1 unit when the estimate is above zero, 5/6 of 6 decks dealt, 3,000,000 rounds:
    a win of the order of a tenth of a unit per 100 rounds, more than two standard errors
    above zero (about 8 s of one core)."""
    game = get_game(TWENTY_ONE_PLUS_THREE)
    bet = game.bet(None)
    rules = game.make_rules({}, bet.name)
    rate, = wager_win_rates(bet, None, rules, None, penetrations=[Fraction(5, 6)],
                            spread=(1, 1), rounds=3_000_000, seed=34,
                            suit_returns=hook(TWENTY_ONE_PLUS_THREE), workers=1)
    suit = rate.suit
    assert suit is not None
    assert 0.02 < suit.win_per_100 < 0.5
    assert suit.win_per_100 > 2 * suit.standard_error_per_100


def test_the_command_with_a_continuous_shuffler_says_counting_is_useless(
        edge_cli: Any) -> None:
    args = ("counting", "triple-bet", "--bet", "flush", "--rounds", "2000", "--workers", "1",
            "--continuous")
    rate, = json.loads(edge_cli(*args, "--format", "json").out)["simulated"]["rates"]
    assert rate["continuous"] and rate["cut_cards"] == 0 and rate["rounds_per_shoe"] == 1
    assert rate["suit_counter"]["rounds_bet"] == 0
    out = edge_cli(*args).out
    assert out.count("Counting is useless against it.") == 1
    assert "continuous shuffler" in out and "breaks even" not in out


@pytest.mark.slow           # a whole report: half a minute
def test_the_report_s_json_carries_the_counting_figures() -> None:
    """``counting`` in a report's JSON: each shoe-dealt wager's figures, the suit counter's
    simulated win rate at the depth asked among them."""
    from edge.report import make_report
    report = make_report("triple-bet", counting=CounterPlay(
        rounds=500, cuts=(Cut(fraction=Fraction(5, 6)),), workers=1))
    found: Any = json.loads(json.dumps(report.data))["counting"]
    assert set(found) >= {"flush", "combined"}
    rate, = found["flush"]["simulated"]["rates"]
    assert rate["cut_cards"] == 260 and rate["suit_counter"]["rounds_bet"] >= 0
