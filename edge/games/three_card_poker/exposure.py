"""Tri-Card Poker with the dealer's cards exposed (game protection, docs/protection.md): the
raise decision solved exactly for what the player sees (docs/rules.md section 2).

What the player sees (the ``seen`` option, :class:`~.rules.Seen`) is one, two or three of the
dealer's cards (``dealer-k``), or whether one, two or three of them are high (Q, K, A) or low
(2 to J), as edge sorting tells (``sorted-k``). The player's three cards are dealt, then the
dealer's three from the other 49, then which ``k`` of the dealer's cards the player sees, each of
the C(3, k) choices equally likely: the exposed cycle is the game's 22,100 x 18,424 deals times
C(3, k).

The solve (the kernel :func:`~._kernels.slot_counts`): for each player hand, every dealer
hand of the other 49 cards is counted once for each choice of seen cards, by the dealer's result
against the player (does not qualify, player wins, ties, loses), into the slot of what the player
sees: the seen card (52 bins), the seen pair of cards (1,326), the number of high cards among
those seen (sorted-k), the groups of ranks of the seen cards (split-k); with all three cards
seen the decision depends on the dealer's hand only through that result, so the slot is the bin
and the result. Per player hand and slot the player raises when the exact value of raising over
the slot's deals beats folding (ties by the ``ties`` option); any other rule's exact return is
read from the same counts (:mod:`.exposure_play`).
Only one player hand per class of hands equal up to renaming the suits is solved (1,755 of
22,100); the others take its counts, and its decision for the seen cards renamed the same way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement, permutations

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.errors import EdgeError
from edge.games.three_card_poker import _kernels
from edge.games.three_card_poker._kernels import DEALER_RESULTS, NO_DEAL
from edge.games.three_card_poker.hands import DEALER_HANDS, PLAYER_HANDS, HandCounts, hand_counts
from edge.games.three_card_poker.rules import (
    DEFAULT_SPLIT,
    SEEN_KINDS,
    Seen,
    Ties,
    parse_split,
)
from edge.games.three_card_poker.strategy import RESULT_PAYS
from edge.protection import Scenario

IntArray = npt.NDArray[np.int64]
HIGH_RANK = RANKS.index("Q")        # Q, K, A are high to an edge sorter; 2 to J low
# How many of the dealer's three cards each scenario sees.
SEEN_CARDS = {seen: cards for seen, (_, cards) in SEEN_KINDS.items() if cards}
# The ways the seen cards can be chosen among the dealer's three: C(3, k).
WAYS = {seen: math.comb(3, k) for seen, k in SEEN_CARDS.items()}

DESCRIPTIONS = {
    Seen.DEALER_1: "one of the dealer's three cards",
    Seen.DEALER_2: "two of the dealer's three cards",
    Seen.DEALER_3: "all three of the dealer's cards",
    Seen.SORTED_1: "whether one of the dealer's three cards is high (Q, K, A) or low (2 to J), "
                   "by edge sorting",
    Seen.SORTED_2: "how many of two of the dealer's three cards are high (Q, K, A), by edge "
                   "sorting",
    Seen.SORTED_3: "how many of the dealer's three cards are high (Q, K, A), by edge sorting",
    Seen.SPLIT_1: "which group of ranks (the split option; by default ace, face card J-Q-K or "
                  "low 2 to 10) one of the dealer's three cards is in",
    Seen.SPLIT_2: "which groups of ranks (the split option) two of the dealer's three cards "
                  "are in",
    Seen.SPLIT_3: "which groups of ranks (the split option) the dealer's three cards are in",
}


def _scenario(seen: Seen, published: str = "") -> Scenario:
    return Scenario(str(seen), DESCRIPTIONS[seen], "before the raise decision", WAYS[seen],
                    published)


# The published figures (docs/references.md section 2, Tri-Card Poker with dealer cards exposed).
JACOBSON_DEALER_1 = ("player edge 3.4829%, hit frequency 54.2203% (E. Jacobson, Ante Bonus "
                     "5-4-1; docs/references.md section 2)")
JACOBSON_SORTED_1 = ("player edge 1.837% (E. Jacobson, edge sorting, Ante Bonus 5-4-1; "
                     "docs/references.md section 2)")
WIZARD_SPLIT_1 = ("player advantage 2.41% with the default split A/K-J/2-T (M. Shackleford, "
                  "Wizard of Odds newsletter, 6 September 2003, bonuses 1-4-5; "
                  "docs/references.md section 2)")
PUBLISHED = {Seen.DEALER_1: JACOBSON_DEALER_1, Seen.SORTED_1: JACOBSON_SORTED_1,
             Seen.SPLIT_1: WIZARD_SPLIT_1}
SCENARIOS = tuple(_scenario(seen, PUBLISHED.get(seen, "")) for seen in SEEN_CARDS)


def scenario_of(seen: Seen) -> Scenario:
    """The declared scenario of a ``seen`` value."""
    return next(scenario for scenario in SCENARIOS if scenario.name == seen)


@dataclass(frozen=True)
class Bins:
    """Where each dealer hand falls for what the player sees: ``bin_of[d, w]`` for the w-th
    choice of seen cards (``ways`` of them), ``labels[b]`` what bin b shows the player, and
    ``result_in_bin`` when the dealer's result is part of what is seen (all three cards)."""

    bin_of: npt.NDArray[np.int32]
    labels: tuple[str, ...]
    result_in_bin: bool

    @property
    def ways(self) -> int:
        """How many ways the seen cards are chosen per deal."""
        return int(self.bin_of.shape[1])

    @property
    def slots(self) -> tuple[str, ...]:
        """What the player decides on: a bin, or a bin and the dealer's result."""
        if not self.result_in_bin:
            return self.labels
        return tuple(f"{label}{DEALER_RESULTS[r]}" for label in self.labels
                     for r in range(len(DEALER_RESULTS)))


PAIR_INDEX = np.full((52, 52), -1, dtype=np.int32)
for _index, (_low, _high) in enumerate(combinations(range(52), 2)):
    PAIR_INDEX[_low, _high] = PAIR_INDEX[_high, _low] = _index
PAIRS = tuple(combinations(range(52), 2))


def card_text(card: int) -> str:
    """A card as ``Qs``."""
    return RANKS[card >> 2] + "cdhs"[card & 3]


def split_bins(cards: IntArray, split: str, seen_cards: int) -> Bins:
    """The bins of ``split-k``: which groups of ranks (``split``) the ``seen_cards`` seen cards
    are in, as a multiset of groups (the order the cards are seen in tells nothing)."""
    parts = [part.strip().upper() for part in split.split("/")]
    groups = parse_split(split)
    group_of = np.zeros(len(RANKS), dtype=np.int64)
    for number, ranks in enumerate(groups):
        group_of[list(ranks)] = number
    size = len(groups)
    keys = list(combinations_with_replacement(range(size), seen_cards))
    lookup = np.full(size ** seen_cards, -1, dtype=np.int32)
    for index, key in enumerate(keys):
        for order in permutations(key):
            lookup[sum(g * size ** p for p, g in enumerate(order))] = index
    held = group_of[cards >> 2]
    bin_of = np.stack([lookup[sum(held[:, c] * size ** p for p, c in enumerate(chosen))]
                       for chosen in combinations(range(3), seen_cards)], axis=1)
    return Bins(np.ascontiguousarray(bin_of, dtype=np.int32),
                tuple(" + ".join(parts[g] for g in key) for key in keys), False)


def bins(seen: Seen, cards: IntArray, split: str = DEFAULT_SPLIT) -> Bins:
    """The bins of every dealer hand (``cards``: every 3-card hand, ascending cards) for
    ``seen`` (``split``: the groups of ranks of ``split-k``)."""
    if seen in (Seen.SPLIT_1, Seen.SPLIT_2, Seen.SPLIT_3):
        return split_bins(cards, split, SEEN_CARDS[seen])
    high = (cards >> 2) >= HIGH_RANK
    pairs = ((0, 1), (0, 2), (1, 2))
    if seen is Seen.NONE:
        return Bins(np.zeros((len(cards), 1), dtype=np.int32), ("",), False)
    if seen is Seen.DEALER_1:
        return Bins(np.ascontiguousarray(cards, dtype=np.int32),
                    tuple(card_text(c) for c in range(52)), False)
    if seen is Seen.DEALER_2:
        bin_of = np.stack([PAIR_INDEX[cards[:, i], cards[:, j]] for i, j in pairs], axis=1)
        return Bins(np.ascontiguousarray(bin_of, dtype=np.int32),
                    tuple(f"{card_text(a)} {card_text(b)}" for a, b in PAIRS), False)
    if seen is Seen.DEALER_3:
        return Bins(np.zeros((len(cards), 1), dtype=np.int32), ("",), True)
    if seen is Seen.SORTED_1:
        return Bins(np.ascontiguousarray(high, dtype=np.int32), ("low", "high"), False)
    if seen is Seen.SORTED_2:
        bin_of = np.stack([high[:, i].astype(np.int32) + high[:, j] for i, j in pairs], axis=1)
        return Bins(np.ascontiguousarray(bin_of, dtype=np.int32),
                    ("both low", "one high", "both high"), False)
    if seen is Seen.SORTED_3:
        return Bins(np.ascontiguousarray(high.sum(axis=1, keepdims=True), dtype=np.int32),
                    ("no high", "one high", "two high", "three high"), False)
    raise EdgeError(f"seen={seen} is not a Tri-Card Poker exposure.")


@dataclass(frozen=True)
class ExposedSolution:
    """The exact exposed solve of one wager: per player hand, the deals folded and the raised
    deals by dealer result (each deal once per choice of seen cards), and the decision per
    slot of what is seen (``decisions[h, s]``: 0 fold, 1 raise, ``NO_DEAL``).

    The counts it is read from, kept for any other strategy's exact return: per class of hands
    equal up to renaming the suits (``representatives``, hand ``h`` in class ``row[h]``),
    ``counts[i, s, r]`` dealer hands by slot and result, and ``values[i, s]`` what raising is
    worth over folding over the slot's deals, in units of ``1 / denominator`` of the Ante."""

    seen: Seen
    hands: HandCounts
    bins: Bins
    folds: IntArray
    raised: IntArray
    decisions: npt.NDArray[np.uint8]
    ties: IntArray
    representatives: IntArray
    row: IntArray
    counts: npt.NDArray[np.int32]
    values: IntArray
    denominator: int

    @property
    def cycle(self) -> int:
        """The exposed cycle: every deal once per choice of the seen cards."""
        return PLAYER_HANDS * DEALER_HANDS * self.bins.ways

    @property
    def raise_count(self) -> int:
        """Deals (of :attr:`cycle`) the player raises."""
        return int(self.raised.sum())

    @property
    def exact_ties(self) -> int:
        """(player hand, seen slot) pairs where raising and folding are worth the same."""
        return int(self.ties.sum())

    @property
    def class_sizes(self) -> IntArray:
        """How many hands each representative stands for."""
        sizes: IntArray = np.bincount(self.row, minlength=len(self.representatives))
        return sizes


def decision_extra(on_raise: Sequence[Fraction], on_fold: Sequence[Fraction]
                   ) -> tuple[list[int], int]:
    """What a raise adds beyond Ante and Raise, less what a fold nets, per pay class, as
    integers over one common denominator (returned second)."""
    extra = [r - f for r, f in zip(on_raise, on_fold, strict=True)]
    denominator = math.lcm(*(v.denominator for v in extra))
    return [int(v * denominator) for v in extra], denominator


def played_totals(counts: npt.NDArray[np.int32], raises: npt.NDArray[np.bool_]
                  ) -> tuple[IntArray, IntArray]:
    """Per hand, the deals folded and the raised deals by dealer result, when the player
    raises the slots ``raises`` marks (``counts``: per hand, slot and result)."""
    deals = counts.sum(axis=2, dtype=np.int64)
    folds: IntArray = np.where(raises, 0, deals).sum(axis=1)
    raised: IntArray = np.einsum("hsr,hs->hr", counts.astype(np.int64), raises)
    return folds, raised


@lru_cache(maxsize=8)
def solve_exposed(seen: Seen, on_raise: tuple[Fraction, ...], on_fold: tuple[Fraction, ...],
                  ace_low_straight: bool, ties: Ties, split: str = DEFAULT_SPLIT
                  ) -> ExposedSolution:
    """Solve the raise decision of every player hand for each thing ``seen`` shows, for a
    wager whose raise adds ``on_raise`` and whose fold nets ``on_fold`` per pay class (per unit
    of Ante, as :class:`~.strategy.DecisionPays`; ``split``: the groups of ``split-k``)."""
    hands = hand_counts(ace_low_straight)
    extra, denominator = decision_extra(on_raise, on_fold)
    bound = (2 * denominator + max(abs(v) for v in extra)) * DEALER_HANDS * 3
    if bound >= 2 ** 62:
        raise EdgeError("The pays are too far apart for the exposed solve's 64-bit counts "
                        "(a pay or pair_plus_ratio with a huge denominator).")
    found = bins(seen, hands.cards, split)
    symmetry = suit_symmetry(hands.cards)
    representatives = np.unique(symmetry.representative)
    counts = _kernels.slot_counts(hands.cards, hands.strengths, hands.qualifying_strength,
                                  found.bin_of, len(found.labels), found.result_in_bin,
                                  representatives)
    per_hand = np.array(extra, dtype=np.int64)[hands.pay_classes[representatives]]
    deals = counts.sum(axis=2, dtype=np.int64)
    results = np.array(RESULT_PAYS, dtype=np.int64) * denominator
    values = counts.astype(np.int64) @ results + deals * per_hand[:, None]
    dealt = deals > 0
    raises = dealt & ((values > 0) | ((values == 0) & (ties is Ties.LARGER)))
    decisions = np.where(dealt, raises.astype(np.uint8), np.uint8(NO_DEAL)).astype(np.uint8)
    folds, raised = played_totals(counts, raises)
    tied = (dealt & (values == 0)).sum(axis=1)
    # every hand as its representative: the same counts; its slots seen through the suits
    row = np.searchsorted(representatives, symmetry.representative)
    seen_decisions = np.empty((len(row), decisions.shape[1]), dtype=np.uint8)
    for renaming, suits in enumerate(RENAMINGS):
        members = np.flatnonzero(symmetry.renaming == renaming)
        seen_decisions[members] = decisions[row[members]][:, _slot_map(seen, suits,
                                                                       decisions.shape[1])]
    arrays = (folds[row], raised[row], seen_decisions, tied[row], representatives, row,
              counts, values)
    for array in arrays:
        array.flags.writeable = False
    return ExposedSolution(seen, hands, found, *arrays, denominator)


# The 24 renamings of the suits: RENAMINGS[k][suit] is the new suit.
RENAMINGS = np.array(list(permutations(range(4))), dtype=np.int64)


@dataclass(frozen=True)
class SuitSymmetry:
    """Every hand's representative under the 24 renamings of the suits (the renamed hand with
    the smallest cards) and the renaming that takes it there (an index into ``RENAMINGS``)."""

    representative: IntArray
    renaming: IntArray


@lru_cache(maxsize=1)
def _suit_symmetry(cards_bytes: bytes) -> SuitSymmetry:
    cards = np.frombuffer(cards_bytes, dtype=np.int64).reshape(-1, 3)
    renamed = (cards[None, :, :] >> 2) * 4 + RENAMINGS[:, cards & 3]         # (24, n, 3)
    renamed.sort(axis=2)
    codes = (renamed[..., 0] * 52 + renamed[..., 1]) * 52 + renamed[..., 2]
    best = codes.argmin(axis=0)
    columns = np.arange(len(cards))
    chosen = renamed[best, columns]
    index = np.full(52 ** 3, -1, dtype=np.int64)
    index[(cards[:, 0] * 52 + cards[:, 1]) * 52 + cards[:, 2]] = columns
    representative = index[(chosen[:, 0] * 52 + chosen[:, 1]) * 52 + chosen[:, 2]]
    return SuitSymmetry(representative, best.astype(np.int64))


def suit_symmetry(cards: IntArray) -> SuitSymmetry:
    """The representative of every hand (``cards``: every 3-card hand, ascending cards, in
    lexicographic order) and the suit renaming that takes the hand to it (worked out once)."""
    return _suit_symmetry(np.ascontiguousarray(cards, dtype=np.int64).tobytes())


def _slot_map(seen: Seen, suits: IntArray, slots: int) -> IntArray:
    """What a hand's representative sees where the hand, renamed by ``suits``, sees each slot
    (the seen cards renamed; the other slots know no suit)."""
    if seen is Seen.DEALER_1:
        card = np.arange(52)
        renamed: IntArray = (card >> 2) * 4 + suits[card & 3]
        return renamed
    if seen is Seen.DEALER_2:
        low, high = (np.array(side) for side in zip(*PAIRS, strict=True))
        mapped: IntArray = PAIR_INDEX[(low >> 2) * 4 + suits[low & 3],
                                      (high >> 2) * 4 + suits[high & 3]].astype(np.int64)
        return mapped
    return np.arange(slots)


def dealt_slots(decisions: npt.NDArray[np.uint8]) -> npt.NDArray[np.bool_]:
    """Which (player hand, slot) pairs can be dealt."""
    dealt: npt.NDArray[np.bool_] = decisions != NO_DEAL
    return dealt
