"""The showdown kernel with one of the dealer's two cards seen (edge/bets/_seen_showdown.pyx,
issue 36): its counts for every holding and seen card against a plain count written here (its
own poker evaluator, every card of the dealer's hand looked at, the option taken by comparing
plain sums), on whole boards and on flops completed every way, of small decks."""

from __future__ import annotations

import functools
import itertools
import random

import numpy as np
import numpy.typing as npt
import pytest

from edge.bets import _seen_showdown
from tests.test_uth_strategies import best, hand_category

pytestmark = pytest.mark.kernels
WEAKEST = (0, 1, 4, 5, 12)            # 2c 2d 3c 3d 4c: two pair of deuces and threes


@functools.cache
def ranking(cards: frozenset[int]) -> tuple[int, ...]:
    return best(tuple(sorted(cards)))


def plain_counts(dealt: tuple[int, ...], ranks: list[int], weakest: tuple[int, ...],
                 nets: npt.NDArray[np.int64], order: list[int]) -> npt.NDArray[np.int64]:
    """The kernel's counts, plainly: every completion of the board, holding, seen card and
    dealer's other card."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    rest = [card for card in deck if card not in dealt]
    m = len(rest)
    pairs = {pair: h for h, pair in enumerate(itertools.combinations(range(m), 2))}
    least = best(weakest)
    counts = np.zeros((len(pairs), 10, m, len(nets), 6), dtype=np.int64)
    for more in itertools.combinations(range(m), 5 - len(dealt)):
        board = (*dealt, *(rest[i] for i in more))
        for (a, b), h in pairs.items():
            if a in more or b in more:
                continue
            mine = ranking(frozenset((*board, rest[a], rest[b])))
            klass = hand_category((*board, rest[a], rest[b]))
            for d in range(m):
                if d in (a, b) or d in more:
                    continue
                tally = [0] * 6
                for x in range(m):
                    if x in (a, b, d) or x in more:
                        continue
                    theirs = ranking(frozenset((*board, rest[d], rest[x])))
                    compared = (mine > theirs) - (mine < theirs) + 1
                    tally[(theirs >= least) * 3 + compared] += 1
                values = [sum(t * int(n) for t, n in zip(tally, nets[o, klass], strict=True))
                          for o in range(len(nets))]
                taken = max(order, key=lambda o: (values[o], -order.index(o)))
                counts[h, klass, d, taken] += tally
    return counts


def random_nets(seed: int, options: int) -> npt.NDArray[np.int64]:
    generator = random.Random(seed)
    return np.array([[[generator.randint(-5, 5) for _ in range(6)] for _ in range(10)]
                     for _ in range(options)], dtype=np.int64)


def strength(cards: tuple[int, ...]) -> int:
    from edge import _core
    return int(_core.evaluate_cards(list(cards)))


@pytest.mark.parametrize(("dealt", "ranks"), [
    ((0, 1, 5, 10, 15), [0, 1, 2, 3]),               # a whole board: 2c 2d 3d 4h 5s
    ((0, 4, 9, 13), [0, 1, 2, 3]),                    # four cards, the river to come
    ((8, 9, 14), [2, 3, 4]),                          # a flop of three ranks, two to come
])
def test_the_counts_by_seen_card_and_holding(dealt: tuple[int, ...], ranks: list[int]) -> None:
    nets = random_nets(len(dealt), 3)
    order = [1, 0, 2]
    found = _seen_showdown.seen_counts(dealt, strength(WEAKEST), nets, order, ranks=ranks)
    assert (found == plain_counts(dealt, ranks, WEAKEST, nets, order)).all()


def test_one_option_counts_every_deal_and_the_seen_cards_can_be_chosen() -> None:
    dealt, ranks = (8, 9, 14), [2, 3, 4]
    zero = np.zeros((1, 10, 6), dtype=np.int64)
    found = _seen_showdown.seen_counts(dealt, strength(WEAKEST), zero, [0], ranks=ranks)
    m = 12 - 3
    # each holding and seen card off the flop: C(m - 3, 2) turns and rivers, m - 5 cards more
    per_state = found.sum(axis=(1, 3, 4))
    apart = [[d not in pair for d in range(m)] for pair in itertools.combinations(range(m), 2)]
    assert (per_state == np.where(apart, 15 * 4, 0)).all()
    some = _seen_showdown.seen_counts(dealt, strength(WEAKEST), zero, [0], dealers=[1, 4],
                                      ranks=ranks)
    assert (some[:, :, [1, 4]] == found[:, :, [1, 4]]).all() and not some[:, :, [0, 2, 3]].any()


def test_bad_arguments_are_refused() -> None:
    zero = np.zeros((1, 10, 6), dtype=np.int64)
    with pytest.raises(ValueError, match="dealt must be"):
        _seen_showdown.seen_counts((0, 1), 0, zero, [0])
    with pytest.raises(ValueError, match="nets must"):
        _seen_showdown.seen_counts((0, 1, 2), 0, zero, [1])
    with pytest.raises(ValueError, match="dealers must"):
        _seen_showdown.seen_counts((0, 1, 2), 0, zero, [0], dealers=[49])
