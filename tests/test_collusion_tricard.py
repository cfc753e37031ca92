"""Tri-Card Poker collusion (issue 27 part 5, docs/collusion.md): a player who sees his partners'
three cards before he raises or folds the Ante.

The checks are independent of the code under test: every expected value comes from a plain
three-card evaluator written here (poker order, A-2-3 the lowest straight) and a plain loop
over every dealer hand of the cards left, for a random sample of situations; the exact k = 1
figure is checked against the simulation (a different inclusion-exclusion) within 4 standard
errors, and against E. Jacobson's published counts and baseline (docs/references.md).
"""

from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from edge.errors import EdgeError
from edge.games import Wager
from edge.games.three_card_poker import GAME
from edge.games.three_card_poker import collusion as tri
from edge.games.three_card_poker.rules import Seen, ThreeCardRules
from edge.protection import CollusionRequest, CollusionResult

STRAIGHT_FLUSH, TRIPS, STRAIGHT, FLUSH, PAIR, HIGH = 5, 4, 3, 2, 1, 0
BONUS = {STRAIGHT_FLUSH: 5, TRIPS: 4, STRAIGHT: 1}      # Ante Bonus 5-4-1, the default table
QUEEN = 10                                             # rank index: 2 = 0 .. A = 12


def key(hand: tuple[int, ...]) -> tuple[int, ...]:
    """A plain three-card poker key (bigger is better), A-2-3 the lowest straight."""
    ranks = sorted((c // 4 for c in hand), reverse=True)
    flush = len({c % 4 for c in hand}) == 1
    if ranks == [12, 1, 0]:
        top = 1
    elif ranks[0] - ranks[1] == 1 and ranks[1] - ranks[2] == 1:
        top = ranks[0]
    else:
        top = -1
    if top >= 0:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, top)
    if ranks[0] == ranks[2]:
        return (TRIPS, ranks[0])
    if flush:
        return (FLUSH, *ranks)
    if ranks[0] == ranks[1] or ranks[1] == ranks[2]:
        pair = ranks[1]
        kicker = ranks[2] if ranks[0] == ranks[1] else ranks[0]
        return (PAIR, pair, kicker)
    return (HIGH, *ranks)


KEYS: dict[tuple[int, ...], tuple[int, ...]] = {
    hand: key(hand) for hand in combinations(range(52), 3)}


def plain_values(player: tuple[int, ...], seen: set[int]) -> tuple[int, int]:
    """Raise and fold over every dealer hand of the cards not seen, per Ante, summed."""
    mine = KEYS[tuple(sorted(player))]
    bonus = BONUS.get(mine[0], 0)
    left = [c for c in range(52) if c not in seen]
    on_raise = on_fold = 0
    for dealer in combinations(left, 3):
        theirs = KEYS[dealer]
        if theirs[0] == HIGH and theirs[1] < QUEEN:
            result = 1
        elif mine > theirs:
            result = 2
        elif mine == theirs:
            result = 0
        else:
            result = -2
        on_raise += result + bonus
        on_fold -= 1
    return on_raise, on_fold


def wager() -> Wager[ThreeCardRules]:
    """The wager as dealt, default options."""
    return GAME.wager(None, ThreeCardRules())


@pytest.fixture(scope="module")
def exact() -> CollusionResult:
    return GAME.bet("ante").collusion(wager(), CollusionRequest(partners=1))


def test_the_game_declares_collusion() -> None:
    assert GAME.protection is not None
    declared = GAME.protection.collusion
    assert declared is not None
    assert declared.partners == (1, 2, 3, 4, 5, 6) and declared.exact == (1,)
    assert declared.shared == "their three cards"


def test_one_partner_sampled_situations_match_a_plain_enumeration() -> None:
    table = tri.deck(True)
    pays = tri.ante_pays(None)
    rng = random.Random(27)
    for player in rng.sample(range(len(table.cards)), 3):
        partners, on_raise, on_fold = tri.partner_values(table, pays, player)
        assert len(partners) == math.comb(49, 3)
        mine = tuple(int(c) for c in table.cards[player])
        for pick in rng.sample(range(len(partners)), 3):
            theirs = tuple(int(c) for c in table.cards[partners[pick]])
            assert not set(mine) & set(theirs)
            expected = plain_values(mine, set(mine) | set(theirs))
            assert (int(on_raise[pick]), int(on_fold[pick])) == expected


@pytest.mark.slow       # a plain count over every partner hand (seconds)
def test_every_partner_of_one_hand_matches_a_plain_count() -> None:
    # Q-6-4 offsuit, the lone player's weakest raise: all 18,424 partner hands at once, each
    # dealer hand's result by the plain evaluator and its cards as a 52-bit mask
    table = tri.deck(True)
    pays = tri.ante_pays(None)
    mine = (2 * 4 + 2, 4 * 4 + 1, 10 * 4)          # 4h 6d Qc, ascending
    hands = list(KEYS)
    bits = np.array([sum(1 << c for c in hand) for hand in hands], dtype=np.uint64)
    ours = np.uint64(sum(1 << c for c in mine))
    pay = np.array([1 if theirs[0] == HIGH and theirs[1] < QUEEN else
                    2 if KEYS[mine] > theirs else 0 if KEYS[mine] == theirs else -2
                    for theirs in KEYS.values()], dtype=np.int64)
    apart = (bits & ours) == 0
    player = int(table.hand_of[(mine[0] * 52 + mine[1]) * 52 + mine[2]])
    partners, on_raise, on_fold = tri.partner_values(table, pays, player)
    found = {tuple(int(c) for c in table.cards[q]): (int(r), int(f))
             for q, r, f in zip(partners, on_raise, on_fold, strict=True)}
    expected = {}
    others = np.flatnonzero(apart)
    for start in range(0, len(others), 2000):
        chunk = others[start:start + 2000]
        left = apart[None, :] & ((bits[None, :] & bits[chunk][:, None]) == 0)
        assert (left.sum(axis=1) == math.comb(46, 3)).all()
        raised = left.astype(np.int64) @ pay
        for q, value in zip(chunk.tolist(), raised.tolist(), strict=True):
            expected[hands[q]] = (value, -math.comb(46, 3))
    assert found == expected


@pytest.mark.parametrize("partners", [2, 6])
def test_simulated_situations_match_a_plain_enumeration(partners: int) -> None:
    table = tri.deck(True)
    pays = tri.ante_pays(None)
    rng = np.random.default_rng(partners)
    seen = np.stack([rng.permutation(52)[:3 + 3 * partners] for _ in range(4)]).astype(np.int64)
    on_raise, on_fold = tri.situation_values(table, pays, seen)
    for row, raised, folded in zip(seen.tolist(), on_raise.tolist(), on_fold.tolist(),
                                   strict=True):
        assert (raised, folded) == plain_values(tuple(row[:3]), set(row))


@pytest.mark.slow   # the exact one-partner solve they share takes 6 s
def test_one_partner_is_exact_and_counts_its_situations(exact: CollusionResult) -> None:
    assert exact.exact and exact.partners == 1 and exact.basis == "Ante"
    assert exact.classes == math.comb(52, 3) * math.comb(49, 3)
    # 1,755 player hands up to renaming the suits, each against every partner hand
    assert exact.situations == 1755 * math.comb(49, 3)
    assert exact.gain > 0
    assert sum(share for _, share in exact.decisions) == 1


@pytest.mark.slow   # the exact one-partner solve they share takes 6 s
def test_the_decisions_split_the_lone_players_raises(exact: CollusionResult) -> None:
    shares = dict(exact.decisions)
    # the lone optimal player raises Q-6-4 or better (J. Grochowski, docs/references.md), each
    # hand in as many situations as any other: counted here with the plain evaluator
    q64 = key((10 * 4, 4 * 4 + 1, 2 * 4 + 2))
    lone_raises = Fraction(sum(k >= q64 for k in KEYS.values()), len(KEYS))
    assert shares["raise, as the lone player"] + shares["fold where the lone player raises"] \
        == lone_raises
    assert shares["raise where the lone player folds"] > 0
    assert shares["fold where the lone player raises"] > 0


def test_a_hand_and_its_suit_renaming_have_the_same_situations() -> None:
    # the exact figure solves one hand per class up to renaming the suits and weights it: a
    # renamed hand meets the renamed partners, so its situations' values are the same
    table = tri.deck(True)
    pays = tri.ante_pays(None)
    for cards in ((0, 5, 22), (13, 30, 51)):
        renamed = tuple(sorted((c // 4) * 4 + (3 - c % 4) for c in cards))
        values = []
        for hand in (cards, renamed):
            index = int(table.hand_of[(hand[0] * 52 + hand[1]) * 52 + hand[2]])
            _, on_raise, on_fold = tri.partner_values(table, pays, index)
            values.append(sorted(np.maximum(on_raise, on_fold).tolist()))
        assert values[0] == values[1]


@pytest.mark.slow   # the exact one-partner solve they share takes 6 s
def test_the_lone_player_is_jacobsons_baseline(exact: CollusionResult) -> None:
    # E. Jacobson, "Collusion, 101" (and "Three Card Poker Hole-Card Play"): the baseline
    # house edge 3.37% (3.373%), Ante Bonus 5-4-1 (docs/references.md, collusion).
    assert round(-exact.unexposed_return * 100, 3) == Fraction(3373, 1000)


def test_jacobsons_counts_of_dealer_hands() -> None:
    # E. Jacobson, "Collusion, 101": a lone player knows the dealer holds one of
    # combin(49, 3) = 18,424 hands; seven players sharing (six partners) leave combin(31, 3) =
    # 4,495.
    assert tri.dealer_hands_left(0) == 18424
    assert tri.dealer_hands_left(6) == 4495
    result = tri.simulated_result(wager(), CollusionRequest(partners=6, rounds=200))
    assert "4,495 dealer hands of the 31 cards left" in result.method


def test_few_situations_name_students_t_in_the_method() -> None:
    """Under 1,000 situations the interval is Student's t, and the Method says so: with 200
    drawn, t at 199 degrees of freedom is 1.9720 (any table of t quantiles, e.g. NIST/SEMATECH
    e-Handbook of Statistical Methods, table 1.3.6.7.2), not the normal 1.96."""
    result = tri.simulated_result(wager(), CollusionRequest(partners=6, rounds=200))
    assert "+- 1.9720 standard errors (Student's t with 199 degrees of freedom)" in result.method
    assert "1.96" not in result.method
    many = tri.simulated_result(wager(), CollusionRequest(partners=6, rounds=1000))
    assert "+- 1.96 standard errors is a 95% confidence interval" in many.method


@pytest.mark.slow   # the exact one-partner solve they share takes 6 s
def test_one_partner_exact_and_simulated_agree(exact: CollusionResult) -> None:
    simulated = tri.simulated_result(wager(), CollusionRequest(partners=1, rounds=200_000))
    assert simulated.standard_error is not None and simulated.standard_error > 0
    assert abs(simulated.player_return - exact.player_return) <= 4 * simulated.standard_error
    assert simulated.unexposed_return == exact.unexposed_return


def test_more_partners_are_simulated_with_their_error() -> None:
    result = GAME.bet("ante").collusion(wager(), CollusionRequest(partners=3, rounds=20_000))
    assert not result.exact and result.situations == 20_000
    assert result.classes == math.comb(52, 3) * math.comb(49, 9)
    assert result.standard_error is not None and 0 < result.standard_error < Fraction(1, 100)
    assert result.gain >= 0 and "95% confidence interval" in result.method
    again = GAME.bet("ante").collusion(wager(), CollusionRequest(partners=3, rounds=20_000))
    assert again == result                                # the seed decides


def test_the_tasks_add_up_whatever_runs_them() -> None:
    here = tri.simulated_result(wager(), CollusionRequest(partners=2, rounds=25_000, workers=1))
    two = tri.simulated_result(wager(), CollusionRequest(partners=2, rounds=25_000, workers=2))
    assert here == two


@pytest.mark.parametrize(("request_", "named"), [
    (CollusionRequest(partners=7), "not 7"),
    (CollusionRequest(partners=0), "not 0"),
    (CollusionRequest(partners=2, rounds=1), "not 1"),
    (CollusionRequest(partners=2, seed=-3), "not -3"),
])
def test_bad_requests_are_one_line(request_: CollusionRequest, named: str) -> None:
    with pytest.raises(EdgeError, match=named):
        GAME.bet("ante").collusion(wager(), request_)


def test_an_exposure_is_refused() -> None:
    rules = dataclasses.replace(ThreeCardRules(), seen=Seen.DEALER_1)
    with pytest.raises(EdgeError, match="seen=dealer-1"):
        GAME.bet("ante").collusion(GAME.wager(None, rules), CollusionRequest(partners=2))


def test_a_result_is_read_from_the_cache_on_the_next_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Collusion results are cached like the solves (issue 33, item 4): the second run reads
    the first's result (the same), an exact row whatever the rounds and seed asked, a simulated
    row per rounds and seed; ``cache=False`` computes it again."""
    monkeypatch.setenv("EDGE_CACHE_DIR", str(tmp_path))
    computed: list[tuple[str, int]] = []

    def counted(name: str) -> Any:
        real = getattr(tri, name)

        def run(given: Wager[ThreeCardRules], request: CollusionRequest) -> CollusionResult:
            computed.append((name, request.partners))
            if name == "exact_result":       # the real enumeration takes about a minute
                return dataclasses.replace(simulated, partners=1, standard_error=None)
            return real(given, request)       # type: ignore[no-any-return]
        return run

    simulated = tri.simulated_result(wager(), CollusionRequest(partners=2, rounds=20_000))
    for name in ("exact_result", "simulated_result"):
        monkeypatch.setattr(tri, name, counted(name))
    bet = GAME.bet("ante")
    first = bet.collusion(wager(), CollusionRequest(partners=2, rounds=20_000))
    assert first == simulated and computed == [("simulated_result", 2)]
    assert bet.collusion(wager(), CollusionRequest(partners=2, rounds=20_000)) == first
    assert computed == [("simulated_result", 2)]                      # read, not computed
    other = bet.collusion(wager(), CollusionRequest(partners=2, rounds=20_000, seed=2))
    assert other != first and len(computed) == 2                      # another seed: computed
    exact = bet.collusion(wager(), CollusionRequest(partners=1))
    assert bet.collusion(wager(), CollusionRequest(partners=1, rounds=5, seed=9)) == exact
    assert computed[2:] == [("exact_result", 1)]
    uncached = dataclasses.replace(wager(), run=dataclasses.replace(wager().run, cache=False))
    assert bet.collusion(uncached, CollusionRequest(partners=1)) == exact
    assert computed[3:] == [("exact_result", 1)]
    assert len(list(tmp_path.glob("collusion-tri-card-*.json"))) == 3
