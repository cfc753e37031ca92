"""A made-up Ultimate Texas Hold'em exposure solve, for testing the table, strategy and
simulation code without the minutes of a real solve: every preflop state of a scenario with one
seen card, one per suit class, with a simple made-up preflop choice and made-up counts that
add up to the scenario's cycle."""

from __future__ import annotations

import itertools

import numpy as np

from edge.games.ultimate_texas_holdem.exposure.solution import WAYS, ExposedSolution
from edge.games.ultimate_texas_holdem.rules import Seen
from edge.games.ultimate_texas_holdem.solve import solver

SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.int64)


def one_card_states() -> np.ndarray:
    """Every (two hole cards ascending, one more card) state: 1,326 x 50 rows."""
    rows = [(a, b, c) for a, b in itertools.combinations(range(52), 2)
            for c in range(52) if c not in (a, b)]
    return np.array(rows, dtype=np.int64)


def suit_classes(states: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One state per suit class (the least code of its images) and how many states each is."""
    codes = []
    for perm in SUIT_PERMUTATIONS:
        image = (states & ~3) | perm[states & 3]
        hole = np.sort(image[:, :2], axis=1)
        codes.append((hole[:, 0] * 52 + hole[:, 1]) * 52 + image[:, 2])
    least = np.min(np.stack(codes), axis=0)
    representatives, weight = np.unique(least, return_counts=True)
    cards = np.stack([representatives // 2704, representatives // 52 % 52,
                      representatives % 52], axis=1)
    return cards, weight


def made_up_choice(cards: np.ndarray) -> np.ndarray:
    """4x with a pair, with an ace, when the seen card is a 2 to 5, or with a king high when the
    seen card shares a suit with one of the two; else check."""
    high = np.maximum(cards[:, 0] >> 2, cards[:, 1] >> 2)
    pair = (cards[:, 0] >> 2) == (cards[:, 1] >> 2)
    shared = ((cards[:, 2] & 3) == (cards[:, 0] & 3)) | ((cards[:, 2] & 3) == (cards[:, 1] & 3))
    four = pair | (high == 12) | ((cards[:, 2] >> 2) <= 3) | ((high == 11) & shared)
    return np.where(four, 4, 0).astype(np.int8)


def fake_solution(settle: solver.Settlement, seen: Seen = Seen.DEALER_1,
                  ties_larger: bool = False) -> ExposedSolution:
    """The made-up solve of a one-card scenario (dealer-1 or flop-1)."""
    cards, weight = suit_classes(one_card_states())
    choice = made_up_choice(cards)
    cycle = solver.CYCLE * WAYS[seen]
    counts, folds, decisions = made_up_counts(cycle)
    values = np.zeros((len(cards), 3), dtype=np.int64)
    return ExposedSolution(seen, settle, ties_larger, cycle, counts, folds, decisions,
                           cards.astype(np.int8), weight.astype(np.int64), choice, values,
                           solver.DEALS_PER_HOLDING * WAYS[seen] // 50)


def made_up_counts(cycle: int) -> tuple[dict[int, np.ndarray], int,
                                        tuple[tuple[str, int], ...]]:
    """Made-up deals of some lines, adding up to ``cycle``."""
    counts = {p: np.zeros(solver.CATEGORIES, dtype=np.int64) for p in (1, 2, 3, 4)}
    part = cycle // 8
    counts[4][solver.WIN_QUALIFIED[0]] = 2 * part
    counts[4][solver.WIN_QUALIFIED[2]] = part
    counts[4][solver.LOSE_QUALIFIED] = part
    counts[2][solver.TIE] = part
    counts[2][solver.WIN_UNQUALIFIED[1]] = part
    counts[1][solver.LOSE_UNQUALIFIED] = part
    folds = cycle - 7 * part
    decisions = (("preflop 4x", 4 * part), ("check, flop 2x", 2 * part),
                 ("check, check, river 1x", part), ("check, check, river fold", folds))
    return counts, folds, decisions


def ahead(first: np.ndarray, second: np.ndarray, third: np.ndarray,
          fourth: np.ndarray) -> np.ndarray:
    """Whether the first two cards rank above the last two as starting hands (a pair above
    no pair, then the pair's rank, else the high card, then the low card)."""
    def order(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        high, low = np.maximum(a >> 2, b >> 2), np.minimum(a >> 2, b >> 2)
        return np.where(high == low, 1000 + high, high * 13 + low)
    return np.asarray(order(first, second) > order(third, fourth))


def fake_two_card_solution(settle: solver.Settlement,
                           ties_larger: bool = False) -> ExposedSolution:
    """A made-up dealer-2 solve: every (holding, dealer holding) state listed once, 4x exactly
    when the player's two cards rank above the dealer's."""
    pairs = np.array(list(itertools.combinations(range(52), 2)), dtype=np.int64)
    player, dealer = np.repeat(pairs, len(pairs), axis=0), np.tile(pairs, (len(pairs), 1))
    apart = ((player[:, :1] != dealer).all(axis=1) & (player[:, 1:] != dealer).all(axis=1))
    cards = np.concatenate([player[apart], dealer[apart]], axis=1)
    choice = np.where(ahead(*cards.T), 4, 0).astype(np.int8)
    counts, folds, decisions = made_up_counts(solver.CYCLE)
    return ExposedSolution(Seen.DEALER_2, settle, ties_larger, solver.CYCLE, counts, folds,
                           decisions, cards.astype(np.int8),
                           np.ones(len(cards), dtype=np.int64), choice,
                           np.zeros((len(cards), 3), dtype=np.int64), 1)
