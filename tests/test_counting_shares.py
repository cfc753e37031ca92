"""The simulated shares of shoes (edge.counting.sampled) against exact enumerations on a tiny shoe.

The reference lists every make-up of the cards left at a depth of a small shoe (two ranks, four
suits, two copies of each face: 16 cards) with its exact probability, the product of the
binomials of the copies left over the binomial of the shoe, and takes each shoe's return, true
count and suit imbalance from the definitions, in plain Python with Fractions, never calling
edge's kernels. The simulated shares must fall within four standard errors of the exact ones.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from edge.counting.sampled import (
    FAVOUR_SHOES,
    CountReturn,
    Share,
    Tagged,
    favour_share,
    first_positive,
    imbalance_given_ranks,
    reach_share,
    returns_by_count,
    suit_imbalance,
)

# deuces and aces, two of each face (face = rank * 4 + suit)
FACES = (0, 1, 2, 3, 48, 49, 50, 51)
COPIES = tuple(2 if face in FACES else 0 for face in range(52))
LEFT = 6
# a balanced count: +1 a deuce, -1 an ace
TAGS = tuple(1 if face < 4 else -1 if face >= 48 else 0 for face in range(52))


def suited_pair(copies: tuple[int, ...]) -> Fraction:
    """A made-up wager on the first two cards of the shoe: 3 to 1 when they share a suit,
    else the unit lost (the exact return, from the suits' counts)."""
    left = sum(copies)
    suits = [sum(copies[4 * r + s] for r in range(13)) for s in range(4)]
    suited = Fraction(sum(m * (m - 1) for m in suits), left * (left - 1))
    return 4 * suited - 1


def make_ups() -> Iterator[tuple[tuple[int, ...], Fraction]]:
    """Every shoe of LEFT cards the tiny shoe can leave, with its exact probability."""
    whole = math.comb(sum(COPIES), LEFT)
    for kept in itertools.product(range(3), repeat=len(FACES)):
        if sum(kept) != LEFT:
            continue
        shoe = [0] * 52
        for face, k in zip(FACES, kept, strict=True):
            shoe[face] = k
        ways = math.prod(math.comb(2, k) for k in kept)
        yield tuple(shoe), Fraction(ways, whole)


def true_count(shoe: tuple[int, ...]) -> Fraction:
    """The centred running count of the cards gone per deck left, from the definition."""
    total = sum(COPIES)
    mean_tag = Fraction(sum(c * t for c, t in zip(COPIES, TAGS, strict=True)), total)
    gone = [c - s for c, s in zip(COPIES, shoe, strict=True)]
    running = sum(g * (t - mean_tag) for g, t in zip(gone, TAGS, strict=True))
    return running / Fraction(sum(shoe), 52)


def within(found: float, error: float, exact: Fraction) -> bool:
    return abs(found - float(exact)) <= 4 * error


def test_the_enumeration_is_whole() -> None:
    assert sum(p for _, p in make_ups()) == 1


def test_the_share_in_the_player_s_favour_matches_every_make_up() -> None:
    exact = sum((p for shoe, p in make_ups() if suited_pair(shoe) > 0), Fraction(0))
    assert 0.1 < exact < 0.9                       # a share worth testing
    found = favour_share(COPIES, LEFT, suited_pair, shoes=4000, seed=11)
    assert found.shoes == 4000 and found.left == LEFT
    assert within(found.share, found.standard_error, exact)
    # the same seed and depth draw the same shoes
    assert favour_share(COPIES, LEFT, suited_pair, shoes=4000, seed=11) == found


@pytest.mark.parametrize("break_even", [Fraction(0), Fraction(13, 2), Fraction(20)])
def test_the_share_past_break_even_matches_every_make_up(break_even: Fraction) -> None:
    exact = sum((p for shoe, p in make_ups() if true_count(shoe) >= break_even), Fraction(0))
    found = reach_share(Tagged(TAGS, COPIES), LEFT, break_even, shoes=40_000, seed=5)
    assert within(found.share, found.standard_error, exact)


def test_the_true_count_of_a_shoe_is_the_definition_s() -> None:
    count = Tagged(TAGS, COPIES)
    shoes = [shoe for shoe, _ in make_ups()]
    floored = count.floored(np.asarray(shoes, dtype=np.int64)).tolist()
    assert floored == [math.floor(true_count(shoe)) for shoe in shoes]


def imbalance(shoe: tuple[int, ...]) -> Fraction:
    suits = [sum(shoe[4 * r + s] for r in range(13)) for s in range(4)]
    return sum(((Fraction(m, sum(shoe)) - Fraction(1, 4)) ** 2 for m in suits), Fraction(0))


def test_the_suits_given_the_ranks() -> None:
    """E[Q] given the cards of each rank left: the mean of Q over every shoe of those ranks,
    weighted by its probability, against the closed form."""
    groups: dict[tuple[int, int], list[tuple[tuple[int, ...], Fraction]]] = {}
    for shoe, p in make_ups():
        ranks = (sum(shoe[0:4]), sum(shoe[48:52]))
        groups.setdefault(ranks, []).append((shoe, p))
    for members in groups.values():
        weight = sum(p for _, p in members)
        exact = sum((p * imbalance(shoe) for shoe, p in members), Fraction(0)) / weight
        shoes = np.asarray([shoe for shoe, _ in members], dtype=np.int64)
        found = imbalance_given_ranks(COPIES, shoes)
        assert np.allclose(found, float(exact), rtol=0, atol=1e-12)
        assert np.allclose(suit_imbalance(shoes), [float(imbalance(s)) for s, _ in members])


def test_the_return_by_true_count_matches_every_make_up() -> None:
    """The mean exact return of the shoes of each whole true count, simulated, against its
    exact conditional mean."""
    by_count: dict[int, list[Fraction]] = {}
    for shoe, p in make_ups():
        t = math.floor(true_count(shoe))
        by_count.setdefault(t, [Fraction(0), Fraction(0)])
        by_count[t][0] += p
        by_count[t][1] += p * suited_pair(shoe)
    looked = [t for t, (p, _) in by_count.items() if p > Fraction(1, 20)]
    found = returns_by_count(Tagged(TAGS, COPIES), [LEFT], suited_pair, looked, seed=3)
    assert sorted(r.true_count for r in found) == sorted(looked)
    for returned in found:
        p, total = by_count[returned.true_count]
        assert within(returned.mean, returned.standard_error, total / p)


def test_the_first_true_count_turned_for_good() -> None:
    def at(t: int, mean: float) -> CountReturn:
        return CountReturn(t, 100, mean, 0.001, float(t))
    assert first_positive([at(1, -0.1), at(2, 0.01), at(3, 0.02)]) == at(2, 0.01)
    assert first_positive([at(1, 0.1), at(2, -0.01), at(3, 0.02)]) == at(3, 0.02)
    assert first_positive([at(1, 0.1), at(2, 0.01), at(3, 0.0)]) is None
    assert first_positive([]) is None


def test_a_share_prints_with_its_error_or_says_none() -> None:
    from edge.counting.document import share_text
    assert share_text(Share(52, 0, 500)) == "none of 500 shoes"
    assert share_text(Share(52, 500, 500)) == "all 500 shoes"
    assert share_text(Share(52, 144, 500)) == "28.8 ± 2.0%"
    assert share_text(Share(52, 4, 500)) == "0.80 ± 0.40%"


def test_the_command_prints_the_simulated_share(edge_cli: Any) -> None:
    """``edge counting triple-bet --bet flush``: each depth's share of shoes in the player's
    favour, simulated, in the table, the words and the JSON (each with its shoes)."""
    result = edge_cli("counting", "triple-bet", "--bet", "flush")
    assert result.status == 0, result.err
    assert "shoes in the player's favour (simulated)" in result.out
    assert f"{FAVOUR_SHOES:,} shoes dealt at random to each depth (seed 2026)" in result.out
    assert "chi-square" not in result.out and "normal" not in result.out
    data = json.loads(edge_cli("counting", "triple-bet", "--bet", "flush",
                               "--format", "json").out)
    shares = [d["favour"] for d in data["suit_mix"]["depths"]]
    assert [s["shoes"] for s in shares] == [FAVOUR_SHOES] * 4
    assert all(s["hits"] / s["shoes"] == s["share"] for s in shares)
    assert data["reach"] == [] and data["by_true_count"] == []


# the shares a test lab's reviewer measured by simulating exact returns (issue 34, section 2):
# Triple Bet Flush at 3/4 dealt 5.4%, 21+3 at 5/6 dealt 28%, Block at 5/6 dealt 11.6%
MEASURED = [("triple-bet", "flush", 2, 0.054), ("triple-bet", "block", 3, 0.116),
            ("examples/bets/21-plus-3.toml", None, 3, 0.28)]


@pytest.mark.slow
@pytest.mark.parametrize("game, bet, at, share", MEASURED)
def test_the_shares_agree_with_a_reviewer_s_measurement(game: str, bet: str | None, at: int,
                                                        share: float) -> None:
    from pathlib import Path

    from edge.counting.document import analyse
    from edge.games import get_game
    from edge.games.fitting import fit_bet
    name = str(Path(__file__).resolve().parent.parent / game) if game.endswith(".toml") else game
    found_game = get_game(name)
    wager = found_game.bet(bet)
    fitted = fit_bet(found_game, wager, None, {})
    c = analyse(found_game, wager, fitted.paytables[wager.name], fitted.rules)
    found = c.favour[at]
    assert abs(found.share - share) <= 3 * found.standard_error


def test_the_method_names_what_is_simulated() -> None:
    """The Method sentence of a counting section names the simulated shares, their shoes and
    the seed; the chi-square and normal models are gone."""
    from edge.counting.document import analyse, counting_method
    from edge.counting.sampled import SEED
    from edge.games import get_game
    game = get_game("triple-bet")
    c = analyse(game, game.bet("flush"), None, game.make_rules({}, "flush"))
    (said,) = counting_method(c, "Card counting: the flush wager")
    assert (f"the share of shoes in the player's favour is simulated ({FAVOUR_SHOES} shoes "
            f"dealt at random to each depth from seed {SEED}, each shoe's return exact)") in said
    assert "chi-square" not in said and "normal" not in said
