"""Ultimate Texas Hold'em with a partner's two hole cards shared (docs/collusion-uth.md): the
collusion kernel against a plain enumeration written here, the suit classes against direct
sweeps, and the driver's figures."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from edge.cards import parse_cards
from edge.games.ultimate_texas_holdem.collusion import classes
from edge.games.ultimate_texas_holdem.solve import solver
from tests.test_uth import reference_strength

pytestmark = pytest.mark.kernels

# Blind pays of the standard table (docs/rules.md section 4), by reference class 4..9
BLIND = {4: Fraction(1), 5: Fraction(3, 2), 6: Fraction(3), 7: Fraction(10), 8: Fraction(50),
         9: Fraction(500)}
STANDARD = {"straight": Fraction(1), "flush": Fraction(3, 2), "full-house": Fraction(3),
            "four-of-a-kind": Fraction(10), "straight-flush": Fraction(50),
            "royal-flush": Fraction(500)}
SETTLE = solver.settlement(STANDARD)
NET = SETTLE.array()


@cache
def _by_key(key: tuple[int, ...]) -> tuple[int, ...]:
    return reference_strength(list(key))


def _strength(cards: frozenset[int]) -> tuple[int, ...]:
    """The reference strength of seven cards, remembered by their ranks alone when no suit
    holds five of them (suits then change nothing)."""
    suits = [card & 3 for card in cards]
    if max(suits.count(suit) for suit in range(4)) >= 5:
        return reference_strength(sorted(cards))
    ranks = sorted(card >> 2 for card in cards)
    # ranks spread over suits so that no suit holds five
    return _by_key(tuple(rank * 4 + i % 4 for i, rank in enumerate(ranks)))


def pay(play: int, player: tuple[int, ...], outcome: int, qualifies: bool) -> Fraction:
    """The net result of a Play bet of ``play`` with Ante and Blind of 1 (``outcome``: 1 the
    player wins, 0 a tie, -1 the dealer wins), by the rules: Play 1:1; Ante 1:1 when the
    dealer has a pair or better, else it pushes; Blind by the table on a straight or better
    when the player wins, else a push; a tie pushes; a loss loses all but the Ante when the
    dealer does not qualify."""
    if outcome > 0:
        return play + (1 if qualifies else 0) + BLIND.get(player[0], Fraction(0))
    if outcome == 0:
        return Fraction(0)
    return Fraction(-(play + 1 + (1 if qualifies else 0)))


def brute_force_flop(hole: list[int], partner: list[int], flop: list[int]
                     ) -> dict[str, Fraction | int]:
    """Every turn-river pair and dealer holding off the seven known cards, one by one."""
    known = set(hole) | set(partner) | set(flop)
    rest = [card for card in range(52) if card not in known]
    totals = dict.fromkeys((1, 2, 3, 4), Fraction(0))
    river_best = Fraction(0)
    for turn_river in itertools.combinations(rest, 2):
        board = frozenset(flop) | set(turn_river)
        player = _strength(board | set(hole))
        left = [card for card in rest if card not in turn_river]
        outcomes: Counter[tuple[int, bool]] = Counter()
        for dealer_cards in itertools.combinations(left, 2):
            dealer = _strength(board | set(dealer_cards))
            outcome = (player > dealer) - (player < dealer)
            outcomes[outcome, dealer[0] >= 1] += 1
        values = {size: sum(count * pay(size, player, *key) for key, count in outcomes.items())
                  for size in totals}
        for size, value in values.items():
            totals[size] += value
        folded = Fraction(-2 * sum(outcomes.values()))          # Ante and Blind lost
        river_best += max(values[1], folded)
    return {"play1": totals[1], "play2": totals[2], "play3": totals[3], "play4": totals[4],
            "checked": max(totals[2], river_best), "bet": int(totals[2] > river_best)}


def holding_id(cards: list[int]) -> int:
    a, b = sorted(cards)
    return int(sum(51 - i for i in range(a)) + (b - a - 1))


def one_flop(flop: list[int]) -> classes.Flops:
    return classes.Flops(np.array([flop], dtype=np.int32), np.array([0, 1], dtype=np.int32),
                         np.array([[0, 1, 2, 3]], dtype=np.int8))


# about 5 s each: the first is the kernel tests' case (.ci/run's debug build
# under the sanitizers)
@pytest.mark.parametrize(("hole", "partner", "flop"), [
    pytest.param("Ah Kh", "Qh 2c", "Jh Th 3d",      # flush and royal draws, the partner holds
                 marks=pytest.mark.slow),          # one out (5 s; the slow run)
    pytest.param("7c 7d", "7s 2h", "Kc 8d 8h",      # a pair against the partner's trip card
                 marks=pytest.mark.slow),
    pytest.param("5s 3d", "Ad Ac", "9c 6h 2s",      # a weak hand that folds on most rivers
                 marks=pytest.mark.slow),
])
def test_one_flop_against_brute_force(hole: str, partner: str, flop: str) -> None:
    p, n, f = (list(parse_cards(text)) for text in (hole, partner, flop))
    expected = brute_force_flop(p, n, f)
    sums = classes.sweep(min(p), max(p), one_flop(sorted(f)), NET, SETTLE.fold, False)
    row = sums[holding_id(n)]
    scale = SETTLE.scale
    assert row[0] == expected["play1"] * scale
    assert row[1] == expected["play2"] * scale
    assert row[2] == expected["checked"] * scale
    assert row[3] == expected["bet"]
    # the Play lines are linear in the Play's size, as the driver takes them
    assert row[0] + 2 * (row[1] - row[0]) == expected["play3"] * scale
    assert row[0] + 3 * (row[1] - row[0]) == expected["play4"] * scale
    # every partner holding off the seven known cards has a row, the others none
    off = [card for card in range(52) if card not in p + f]
    partners = {holding_id(list(pair)) for pair in itertools.combinations(off, 2)}
    assert set(np.flatnonzero(sums[:, 0] != 0)) <= partners


def test_flop_classes_partition_every_flop() -> None:
    for hole in (classes.hole_classes()[12], classes.hole_classes()[13],
                 classes.hole_classes()[-1]):
        flops = classes.flops_of(hole.first, hole.second)
        images = set()
        for index, flop in enumerate(flops.flops.tolist()):
            for perm in flops.perms[flops.offsets[index]:flops.offsets[index + 1]].tolist():
                image = frozenset((card & ~3) | perm[card & 3] for card in flop)
                assert not image & {hole.first, hole.second}
                images.add(image)
        assert len(images) == int(flops.offsets[-1]) == 19600
        group = len(classes.stabiliser(hole.first, hole.second))
        assert group == {6: 4, 4: 6, 12: 2}[hole.weight]


def test_suit_classes_match_direct_sweeps() -> None:
    # a few flop classes of AKs added through their permutations equal each flop swept alone
    hole = next(c for c in classes.hole_classes() if c.name == "AKs")
    flops = classes.flops_of(hole.first, hole.second)
    chosen = [i for i in range(len(flops.flops)) if flops.offsets[i + 1] - flops.offsets[i] > 1][:2]
    offsets = np.concatenate(([0], np.cumsum([flops.offsets[i + 1] - flops.offsets[i]
                                              for i in chosen]))).astype(np.int32)
    perms = np.concatenate([flops.perms[flops.offsets[i]:flops.offsets[i + 1]] for i in chosen])
    symmetric = classes.sweep(hole.first, hole.second,
                              classes.Flops(flops.flops[chosen], offsets, perms),
                              NET, SETTLE.fold, False)
    direct = np.zeros_like(symmetric)
    for i in chosen:
        for perm in flops.perms[flops.offsets[i]:flops.offsets[i + 1]].tolist():
            image = sorted((card & ~3) | perm[card & 3] for card in flops.flops[i].tolist())
            direct += classes.sweep(hole.first, hole.second, one_flop(image), NET,
                                    SETTLE.fold, False)
    assert np.array_equal(symmetric, direct)


def test_situations_up_to_suits() -> None:
    # Burnside's count per class against orbits found by canonical forms, for two classes
    perms = [tuple(p) for p in itertools.permutations(range(4))]
    for hole in (classes.hole_classes()[0], classes.hole_classes()[-1]):
        seen = set()
        group = [p for p in perms
                 if {(c & ~3) | p[c & 3] for c in (hole.first, hole.second)}
                 == {hole.first, hole.second}]
        for pair in itertools.combinations(range(52), 2):
            if set(pair) & {hole.first, hole.second}:
                continue
            seen.add(min(tuple(sorted((c & ~3) | p[c & 3] for c in pair)) for p in group))
        assert classes.partner_orbits(hole.first, hole.second) == len(seen)
