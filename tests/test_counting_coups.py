"""Counting a wager whose cards are drawn by rule: whole coups dealt from the shoe to a cut card
(issue 35, section 3; edge/counting/simulation.py, docs/counting.md section 5).

The simulation's coups are compared, card by card on seeded shoes, with a plain baccarat dealer
written here (the third-card rule by hand); the flat bet of every coup with the exact house
edge; and the counter's win per shoe with E. Jacobson's published Dragon 7 figure.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import edge
from edge.counting.play import CounterPlay
from edge.counting.simulation import (
    CoupsOf,
    ShoeGame,
    Spread,
    deal_coups,
    wager_win_rates,
    win_rates,
)
from edge.games import RunSettings, Wager
from edge.player import player_of
from edge.sampling import chunk_seed

DECKS = 8
SIZE = 52 * DECKS
# E. Jacobson's Dragon 7 count (Wizard of Odds, "Card Counting the Dragon Side Bet in EZ
# Baccarat", 2011; the tags {0,0,0,-1,-1,-1,-1,2,2,0} for A, 2, ..., 9, ten in his
# "Co-Card Counting the Dragon and Panda Side Bets in EZ Baccarat", 888casino blog): 4 to 7
# count -1, 8 and 9 count +2, the rest 0 (faces: rank 0 the deuce .. 12 the ace)
JACOBSON = tuple({2: -1, 3: -1, 4: -1, 5: -1, 6: 2, 7: 2}.get(face // 4, 0)
                 for face in range(52))
# the counter bets from a true count (the running count per deck left) of +4: S. How's
# unbalanced form of the count ("Unbalanced Dragon 7 Count", discountgambling.net, 2012: start
# at -32 for 8 decks, the ace +1, bet at 0 or more) bets exactly there, up to the aces' noise
# (-32 + cards seen / 13 + RC >= 0 is RC >= 4 x the decks left); Jacobson's posts as stored
# here break off before his threshold
JACOBSON_FROM = 4


def points(face: int) -> int:
    """A card's baccarat points: 2 to 9 their pips, tens and faces 0, the ace 1."""
    rank = face // 4
    return 1 if rank == 12 else 0 if rank >= 8 else rank + 2


def total(cards: Sequence[int]) -> int:
    return sum(points(card) for card in cards) % 10


def plain_coup(shoe: Iterator[int]) -> tuple[list[int], list[int]]:
    """One coup dealt card by card from the shoe, by the third-card rule: the player's two
    cards, the banker's two (the order the bet files' [deal] gives; a table alternating P, B,
    P, B changes no probability, the shoe being shuffled uniformly), then the draws."""
    player = [next(shoe), next(shoe)]
    banker = [next(shoe), next(shoe)]
    if total(player) >= 8 or total(banker) >= 8:
        return player, banker                            # a natural: nobody draws
    third = None
    if total(player) <= 5:
        third = next(shoe)
        player.append(third)
    points_banker = total(banker)
    if third is None:
        draws = points_banker <= 5
    else:
        value = points(third)
        draws = (points_banker <= 2
                 or (points_banker == 3 and value != 8)
                 or (points_banker == 4 and 2 <= value <= 7)
                 or (points_banker == 5 and 4 <= value <= 7)
                 or (points_banker == 6 and 6 <= value <= 7))
    if draws:
        banker.append(next(shoe))
    return player, banker


def plain_net(wager: str, player: list[int], banker: list[int]) -> int:
    """The net of one unit on the wager, written from the EZ Baccarat rules."""
    p, b = total(player), total(banker)
    if wager == "dragon-7":
        return 40 if len(banker) == 3 and b == 7 and b > p else -1
    if wager == "panda-8":
        return 25 if len(player) == 3 and p == 8 and p > b else -1
    raise AssertionError(wager)


def simulator(wager: str) -> Any:
    game = edge.get_game("baccarat")
    bet = game.bet(wager)
    rules = game.make_rules({})
    return bet.simulator(Wager(bet.paytable(None), rules, player_of(rules, None),
                               RunSettings()))


def coup_game(wager: str, tags: Sequence[int], spread: Spread, seed: int,
              other: int = 0) -> ShoeGame:
    found = simulator(wager)
    assert found.drawn and found.cards_dealt == 6
    return ShoeGame(found.settle, found.scale, 6, other, DECKS, tuple(tags), spread, seed, 50,
                    coups=CoupsOf(found))


@pytest.mark.parametrize(("wager", "other"), [("dragon-7", 0), ("panda-8", 0),
                                              ("dragon-7", 3)])
def test_coups_are_the_plain_dealers_card_by_card(wager: str, other: int) -> None:
    # other: cards the counter also sees after each coup (--other-cards), counted and gone
    seed, task, shoes, behind = 35, 2, 40, 14
    spread = Spread(1, 1, start=JACOBSON_FROM + 1, wong=JACOBSON_FROM)
    game = coup_game(wager, JACOBSON, spread, seed, other)
    cut = SIZE - behind
    dealt = deal_coups(game, Fraction(cut, SIZE), task, shoes)
    # the same shoes, shuffled here as the simulation's docstring defines them
    rng = np.random.Generator(np.random.PCG64DXSM(chunk_seed(seed, task)))
    faces = np.tile(np.arange(SIZE, dtype=np.int16) % 52, (shoes, 1))
    order = rng.permuted(faces, axis=1, out=faces)
    sizes: set[int] = set()
    for s in range(shoes):
        cards = [int(face) for face in order[s]]
        position, running, coups = 0, 0, []
        while position < cut and position + 6 + other <= SIZE:
            shoe = iter(cards[position:])
            player, banker = plain_coup(shoe)
            used = len(player) + len(banker)
            left = SIZE - position
            bet = 1 if 52 * running >= JACOBSON_FROM * left else 0   # TC = 52 RC / left >= 4
            coups.append((used, plain_net(wager, player, banker), bet))
            seen = used + other
            running += sum(JACOBSON[card] for card in cards[position:position + seen])
            position += seen
        live = dealt.live[s]
        assert int(live.sum()) == len(coups)
        assert not live[len(coups):].any()
        found = list(zip(dealt.used[s][live].tolist(), dealt.unit_net[s][live].tolist(),
                         dealt.units[s][live].tolist(), strict=True))
        assert found == coups
        sizes.update(used for used, _, _ in coups)
    assert sizes == {4, 5, 6}


def test_flat_bet_of_every_coup_is_the_exact_house_edge() -> None:
    # one unit on every coup averages the wager's exact house edge off the top (to within the
    # cut card's small effect), checked within three standard errors of the ratio estimate
    game = edge.get_game("baccarat")
    rules = game.make_rules({})
    for wager, rounds in (("player", 100_000), ("dragon-7", 100_000)):
        bet = game.bet(wager)
        rates = wager_win_rates(bet, None, rules, JACOBSON,
                                penetrations=[Fraction(SIZE - 14, SIZE)], spread=(1, 1),
                                rounds=rounds, seed=7, workers=1)
        rate = rates[0]
        assert rate.coups and rate.rounds >= rounds and rate.cut == SIZE - 14
        assert bet.shoe_return is not None
        full = bet.shoe_return(game.wager(None, rules), (DECKS,) * 52)    # exact, a Fraction
        assert abs(rate.flat_z(full)) <= 3, (wager, rate.flat_return, float(full))
        # a shoe of 402 cards to the cut deals between 402 / 6 and 402 / 4 coups
        assert 402 / 6 <= rate.rounds / rate.shoes <= 402 / 4 + 1


def test_fixed_rounds_keep_their_path() -> None:
    # a wager dealing a fixed number of cards is dealt round by round as before (no coups)
    def settle(cards: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        return np.where(cards[0] // 4 == 12, 10, -1).astype(np.int64)

    rate = win_rates(settle, 1, 2, None, cards=1, penetrations=[Fraction(1, 2)],
                     spread=(1, 1), rounds=520, seed=1, workers=1)[0]
    assert not rate.coups and rate.rounds == 520 and rate.rounds_per_shoe == 52


@pytest.mark.parametrize("args, says", [
    (("--rounds", "10", "--cut", "416"), "--cut 416"),
    (("--rounds", "10", "--cut", "-1"), "--cut -1"),
    (("--rounds", "10", "--cut", "14", "--cut", "14"), "given twice"),
    (("--rounds", "10", "--cut", "14", "--continuous"), "--continuous"),
    (("--cut", "14"), "--rounds"),
])
def test_the_cut_option_s_errors(edge_cli: Any, args: tuple[str, ...], says: str) -> None:
    result = edge_cli("counting", "baccarat", "--bet", "dragon-7", *args)
    assert result.status == 2 and result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("edge: error:") and says in lines[0]


def test_coups_default_to_the_14_card_cut_and_say_so() -> None:
    from edge.counting.play import Cut, simulated_method
    game = edge.get_game("baccarat")
    play = CounterPlay(rounds=2000, start=JACOBSON_FROM, workers=1)
    penetrations = [Fraction(1, 2), Fraction(5, 6)]       # a fixed-size wager's defaults
    (rate,) = play.win_rates(game.bet("dragon-7"), None, game.make_rules({}), None, None,
                             penetrations, SIZE)
    assert rate.coups and rate.cut == SIZE - 14 and rate.rounds >= 2000
    assert rate.depth == "97% (402 cards, 14 from the end)"
    method = simulated_method([rate], play)
    assert "coups are dealt whole" in method and "14 cards from the end" in method
    assert rate.win_per_shoe == pytest.approx(rate.net / (rate.shoes * rate.scale))
    # --cut 20 and --penetration '300 cards' deal there instead
    other = CounterPlay(rounds=500, workers=1, cuts=(Cut(behind=20), Cut(cards=300)))
    assert other.options()[-2:] == ["--cut 20", "--penetration '300 cards'"]
    rates = other.win_rates(game.bet("dragon-7"), None, game.make_rules({}), None, None,
                            penetrations, SIZE)
    assert [r.cut for r in rates] == [SIZE - 20, 300]


@pytest.mark.slow       # the whole analysis with its simulated returns by true count: seconds
def test_the_counting_section_prints_the_win_per_shoe() -> None:
    from edge.counting.document import analyse, counting_document
    from edge.document import render
    game = edge.get_game("baccarat")
    play = CounterPlay(rounds=3000, start=JACOBSON_FROM, workers=1)
    found = analyse(game, game.bet("dragon-7"), None, game.make_rules({}), play)
    (rate,) = found.simulated
    assert rate.coups and rate.cut == SIZE - 14
    text = render(counting_document(found), "text")
    assert "units won per shoe" in text and "units won per 100 coups" in text
    assert "14 cards from the end" in text


@pytest.mark.slow       # 60,000 shoes of 8 decks, about 5 million coups: about 10 s
def test_jacobson_s_dragon_7_win_per_shoe() -> None:
    # E. Jacobson, "Co-Card Counting the Dragon and Panda Side Bets in EZ Baccarat" (888casino
    # blog; 100 million 8-deck shoes, the cut card 14 cards from the end, the count above):
    # the Dragon 7 counter wins 0.597 units per shoe (flat bets from true count +4, above)
    jacobson_per_shoe = 0.597
    game = edge.get_game("baccarat")
    bet = game.bet("dragon-7")
    rates = wager_win_rates(bet, None, game.make_rules({}), JACOBSON,
                            penetrations=[Fraction(SIZE - 14, SIZE)],
                            spread=Spread(1, 1, start=JACOBSON_FROM + 1, wong=JACOBSON_FROM),
                            rounds=5_000_000, seed=2026, workers=1)
    rate = rates[0]
    assert abs(rate.win_per_shoe - jacobson_per_shoe) <= 3 * rate.standard_error_per_shoe, \
        (rate.win_per_shoe, rate.standard_error_per_shoe)
    assert rate.win_per_shoe > 3 * rate.standard_error_per_shoe       # the counter wins


def test_share_past_break_even_with_a_break_even_of_large_terms() -> None:
    # baccarat's break-even true counts are fractions of 14-digit terms: the share of shoes at
    # or past one lies between the shares past two short fractions either side of it, on the
    # same simulated shoes (it read "none of 50,000 shoes" when 64 bits overflowed)
    from edge.counting.sampled import Tagged, reach_share
    tags = tuple({0: -1, 1: -1, 2: -2, 3: -2, 4: -3, 5: -3, 6: 3, 7: 3}.get(face // 4, 0)
                 for face in range(52))
    counted = Tagged(tags, (DECKS,) * 52)
    long = Fraction(417597624588901, 64387260265440)            # 6.4857...
    for left in (208, 65):
        below = reach_share(counted, left, Fraction(6485, 1000), shoes=5000)
        found = reach_share(counted, left, long, shoes=5000)
        above = reach_share(counted, left, Fraction(6486, 1000), shoes=5000)
        assert below.hits >= found.hits >= above.hits > 0
