"""Flop and River Hold'em (examples/games/flop-and-river.toml), the invented game worked
through in docs/games-from-files.md: a fold-or-call (two Antes) decision on the flop and a
check-or-raise (one Ante) decision on the river, over a board shared with the dealer; every
wager pushes when the dealer does not qualify.

The independent check: a plain enumeration in this file (its own best-five ranking, every
flop, turn, river and dealer's hand looped over, both decisions taken by comparing sums, no
kernel called) on a deck of three ranks, with the dealer's qualifying hand moved so that some
hands do not qualify.
"""

from __future__ import annotations

import functools
import itertools
from fractions import Fraction
from pathlib import Path

import pytest

from edge.decisions.board import solve_board_file
from tests.test_uth_strategies import best  # a plain best-five ranking

GAME = Path(__file__).resolve().parent.parent / "examples" / "games" / "flop-and-river.toml"
RANKS = "23456789TJQKA"
SUITS = "cdhs"
# the Ante's pay by class (9 royal flush .. 5 flush) when the player wins; 1 below a flush
ANTE = {9: 50, 8: 20, 7: 10, 6: 3, 5: 3}


def card(text: str) -> int:
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])


def plain_return(ranks: list[int], weakest: str) -> Fraction:
    """Every deal of a deck of these ranks, the player taking at each decision the option
    worth the most; per Ante."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    least = best(tuple(card(text) for text in weakest.split()))

    @functools.cache
    def hand(cards: frozenset[int]) -> tuple[int, ...]:
        return best(tuple(cards))

    total = 0
    deals = 0
    for hole in itertools.combinations(deck, 2):
        rest = [c for c in deck if c not in hole]
        for flop in itertools.combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            called = 0
            ways = 0
            for later in itertools.combinations(after, 2):
                mine = hand(frozenset((*hole, *flop, *later)))
                pay = ANTE.get(9 if mine[0] == 8 and mine[1] == 12 else mine[0], 1)
                checked = raised = 0
                for dealer in itertools.combinations([c for c in after if c not in later], 2):
                    theirs = hand(frozenset((*dealer, *flop, *later)))
                    ways += 1
                    if theirs < least:          # the dealer does not qualify: all push
                        continue
                    if mine > theirs:                   # the Ante by the hand, the call 2
                        checked += pay + 2
                        raised += pay + 3
                    elif mine < theirs:
                        checked -= 3
                        raised -= 4
                called += max(checked, raised)
            total += max(-ways, called)
            deals += ways
    return Fraction(total, deals)


@pytest.mark.slow
def test_three_ranks_against_a_plain_enumeration(tmp_path: Path) -> None:
    # 4 s: queens full of kings or better qualify (a deck of three ranks holds nothing weaker
    # than a full house)
    ranks, weakest = [10, 11, 12], "Qc Qd Qh Kc Kd"
    path = tmp_path / "flop-and-river.toml"
    path.write_text(GAME.read_text().replace('weakest = "4c 4d 5h 3s 2c"',
                                             f'weakest = "{weakest}"'))
    solution = solve_board_file(path, ranks=ranks)
    assert solution.cycle == 66 * 120 * 21 * 10
    assert solution.player_return == plain_return(ranks, weakest)
    # every line of play is taken
    assert set(solution.lines) == {"fold", "call, check", "call, raise"}
