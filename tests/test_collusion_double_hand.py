"""Casino Double-Hand Poker collusion (issue 27 part 5, docs/collusion.md): a player who sees
other players' tiles before he sets his own.

The expected values come from a plain loop written here over every dealer deal of the tiles
left, the dealer set by the game's plain-Python house way (``house_way.py``, itself checked
against the source's worked examples in tests/test_double_hand.py; not the kernels nor the code
under test), the player's settings listed by ``house_way.settings``; a random sample of
situations is checked so, for one partner (the exact enumeration's values) and for several
(the simulation's), and the exact one-partner figure against the simulation within 4 standard
errors.
"""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np
import pytest

from edge.errors import EdgeError
from edge.games import Wager
from edge.games.double_hand_poker import GAME
from edge.games.double_hand_poker import collusion as dh
from edge.games.double_hand_poker.analysis import chosen_slots, setting_counts
from edge.games.double_hand_poker.house_way import house_way, settings
from edge.games.double_hand_poker.rules import DoubleHandRules, PlayerSetting, Seen
from edge.protection import CollusionRequest, CollusionResult

COMMISSION = Fraction(1, 20)


@cache
def dealer_hands(deal: tuple[int, ...]) -> tuple[int, int]:
    """The dealer's front and back hand strengths, set by the house way."""
    setting = house_way(deal).setting
    return setting.front_rank, setting.back_rank


def plain_best(player: tuple[int, ...], seen: set[int]) -> Fraction:
    """The best setting's expected value per unit wagered over every dealer deal of the tiles
    not seen (win both pays 19/20, lose both -1)."""
    left = [t for t in range(28) if t not in seen]
    dealers = [dealer_hands(deal) for deal in combinations(left, 3)]
    best = None
    for setting in settings(player):
        front, back = setting.front_rank, setting.back_rank
        total = Fraction(0)
        for their_front, their_back in dealers:
            if front > their_front and back > their_back:
                total += 1 - COMMISSION
            elif front <= their_front and back <= their_back:
                total -= 1
        value = total / len(dealers)
        best = value if best is None else max(best, value)
    assert best is not None
    return best


def wager() -> Wager[DoubleHandRules]:
    """The wager as dealt, default options."""
    return GAME.wager(None, DoubleHandRules())


@pytest.fixture(scope="module")
def exact() -> CollusionResult:
    return GAME.bet("main").collusion(wager(), CollusionRequest(partners=1))


def test_the_game_declares_collusion() -> None:
    assert GAME.protection is not None
    declared = GAME.protection.collusion
    assert declared is not None
    assert declared.partners == (1, 2, 3, 4, 5, 6) and declared.exact == (1,)
    assert declared.shared == "their three tiles"


def test_one_partner_sampled_situations_match_a_plain_enumeration() -> None:
    found = dh.table()
    rng = random.Random(27)
    for player in rng.sample(range(len(found.tiles)), 3):
        partners, left = dh.partner_values(found, player, 19, 20)
        assert len(partners) == math.comb(25, 3)
        mine = tuple(int(t) for t in found.tiles[player])
        for pick in rng.sample(range(len(partners)), 2):
            theirs = tuple(int(t) for t in found.tiles[partners[pick]])
            assert not set(mine) & set(theirs)
            best = Fraction(int(left[pick].max()), 20 * math.comb(22, 3))
            assert best == plain_best(mine, set(mine) | set(theirs))


def test_every_partner_of_one_deal_matches_a_plain_count() -> None:
    # 10-10 Q-K K-A (the source's first worked example): all 2,300 partner deals at once, the
    # dealer deals as 28-bit masks, each setting's value against each of them by the plain
    # house way
    found = dh.table()
    mine = (13, 23, 26)
    deals = list(combinations(range(28), 3))
    bits = np.array([sum(1 << t for t in deal) for deal in deals], dtype=np.int64)
    ours = sum(1 << t for t in mine)
    dealers = [dealer_hands(deal) for deal in deals]
    values = np.array([[19 if front > f and back > b else -20 if front <= f and back <= b else 0
                        for f, b in dealers]
                       for front, back in ((s.front_rank, s.back_rank) for s in settings(mine))],
                      dtype=np.int64).T
    apart = (bits & ours) == 0
    partners, left = dh.partner_values(found, deals.index(mine), 19, 20)
    expected = (apart[None, :] & ((bits[None, :] & bits[partners][:, None]) == 0)
                ).astype(np.int64) @ values
    assert len(partners) == math.comb(25, 3)
    assert (np.sort(left, axis=1) == np.sort(expected, axis=1)).all()


@pytest.mark.parametrize("partners", [2, 5])
def test_simulated_situations_match_a_plain_enumeration(partners: int) -> None:
    found = dh.table()
    preferred = chosen_slots(setting_counts(), PlayerSetting.OPTIMAL, COMMISSION)
    rng = np.random.default_rng(partners)
    seen = np.stack([rng.permutation(28)[:3 + 3 * partners] for _ in range(3)]).astype(np.int64)
    best, _ = dh.situation_gains(found, preferred, seen, 19, 20)
    left = math.comb(25 - 3 * partners, 3)
    for row, value in zip(seen.tolist(), best.tolist(), strict=True):
        assert Fraction(value, 20 * left) == plain_best(tuple(row[:3]), set(row))


@pytest.mark.slow   # the exact one-partner solve they share takes 7 s
def test_one_partner_is_exact_and_counts_its_situations(exact: CollusionResult) -> None:
    assert exact.exact and exact.partners == 1
    # every player deal (C(28, 3)) against every partner deal of the other 25 tiles (C(25, 3))
    assert exact.situations == exact.classes == math.comb(28, 3) * math.comb(25, 3)
    assert exact.gain > 0
    assert sum(share for _, share in exact.decisions) == 1


@pytest.mark.slow   # the exact one-partner solve they share takes 7 s
def test_one_partner_exact_and_simulated_agree(exact: CollusionResult) -> None:
    assert GAME.bet("main").collusion(wager(), CollusionRequest(partners=1, rounds=1)).exact
    simulated = dh.simulated_result(wager(), CollusionRequest(partners=1, rounds=5_000))
    assert simulated.standard_error is not None and simulated.standard_error > 0
    assert abs(simulated.player_return - exact.player_return) <= 4 * simulated.standard_error
    assert simulated.unexposed_return == exact.unexposed_return


def test_more_partners_are_simulated_with_their_error() -> None:
    result = GAME.bet("main").collusion(wager(), CollusionRequest(partners=6, rounds=20_000))
    assert not result.exact and result.situations == 20_000
    assert result.classes == math.comb(28, 3) * math.comb(25, 18)
    assert result.standard_error is not None and 0 < result.standard_error < Fraction(1, 100)
    assert result.gain >= 0 and "35 dealer deals of the 7 tiles left" in result.method
    assert result == GAME.bet("main").collusion(wager(), CollusionRequest(partners=6,
                                                                          rounds=20_000))


@pytest.mark.parametrize(("request_", "named"), [
    (CollusionRequest(partners=7), "not 7"),
    (CollusionRequest(partners=3, rounds=0), "not 0"),
])
def test_bad_requests_are_one_line(request_: CollusionRequest, named: str) -> None:
    with pytest.raises(EdgeError, match=named):
        GAME.bet("main").collusion(wager(), request_)


def test_an_exposure_is_refused() -> None:
    rules = dataclasses.replace(DoubleHandRules(), seen=Seen.DEALER_1)
    with pytest.raises(EdgeError, match="seen=dealer-1"):
        GAME.bet("main").collusion(GAME.wager(None, rules), CollusionRequest(partners=2))
