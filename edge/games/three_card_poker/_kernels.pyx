# cython: language_level=3
# Tri-Card Poker (Three Card Poker) kernels (docs/rules.md section 2).
#
# A 3-card hand gets an integer strength, higher is better: hand class * THREE_CARD_CLASS_BASE plus the
# ranks that order hands within the class. The player-versus-dealer count for one player hand
# P = {a, b, c} needs, for a few strength thresholds t, the number of dealer hands from the other
# 49 cards with strength below t. By inclusion-exclusion over the cards of P that a hand shares:
#     #{D disjoint from P, s(D) < t} = all(t) - sum_x with(x, t) + sum_{x<y} with(x, y, t)
#                                      - [s(P) < t]
# where all(t) counts every one of the 22,100 hands below t, with(x, t) those holding card x
# (52 prefix tables over the sorted strengths) and with(x, y, t) those holding both x and y (50
# hands each, counted directly). Every term is an exact integer count, so the result is too;
# the 407,170,400 (player, dealer) pairs are never visited one by one.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t

import numpy as np

from edge._core import names_in_index_order

from edge._core cimport THREE_CARD_FLUSH
from edge._core cimport THREE_CARD_HANDS as HAND_COUNT
from edge._core cimport THREE_CARD_HIGH_CARD
from edge._core cimport THREE_CARD_PAIR
from edge._core cimport THREE_CARD_STRAIGHT
from edge._core cimport THREE_CARD_STRAIGHT_FLUSH
from edge._core cimport THREE_CARD_STRENGTH_LIMIT as STRENGTH_LIMIT
from edge._core cimport THREE_CARD_THREE_OF_A_KIND

from edge._core import three_card_hands

cdef enum:
    DEALER_HANDS = 18424       # C(49, 3)


# Columns of the player-versus-dealer counts.
cdef enum:
    DEALER_NOT_QUALIFIED = 0
    PLAYER_WINS = 1
    PLAYER_TIES = 2
    PLAYER_LOSES = 3


# The hand classes of the evaluator (``classes`` of :func:`three_card_counts`), weakest first.
HAND_CLASSES = names_in_index_order(
    {THREE_CARD_HIGH_CARD: "high-card", THREE_CARD_PAIR: "pair",
     THREE_CARD_FLUSH: "flush", THREE_CARD_STRAIGHT: "straight",
     THREE_CARD_THREE_OF_A_KIND: "three-of-a-kind",
     THREE_CARD_STRAIGHT_FLUSH: "straight-flush"})
# The columns of ``counts``: the dealer's result against a player hand.
DEALER_RESULTS = names_in_index_order(
    {DEALER_NOT_QUALIFIED: "dealer-does-not-qualify", PLAYER_WINS: "win",
     PLAYER_TIES: "tie", PLAYER_LOSES: "loss"})
# Every strength is below this; a qualifying strength of STRENGTH_LIMIT qualifies no hand.
MAX_STRENGTH = STRENGTH_LIMIT
# The dealer's hands from the 49 cards a player hand leaves.
DEALER_HAND_COUNT = DEALER_HANDS


cdef inline void cy_add_below_with_pair(const short[:, :, ::1] dense, int x, int y,
                                        const int* thresholds, int64_t* below) noexcept nogil:
    """Add, for each of three thresholds, the hands {x, y, z} (z any other card) ranked below it."""
    cdef int z, rank
    for z in range(52):
        if z == x or z == y:
            continue
        rank = dense[x, y, z]
        below[0] += rank < thresholds[0]
        below[1] += rank < thresholds[1]
        below[2] += rank < thresholds[2]


def three_card_counts(bint ace_low_straight, int64_t qualifying_strength):
    """Player-versus-dealer counts for every player hand, over the 18,424 dealer hands left.

    A dealer hand qualifies when its strength is at least ``qualifying_strength``. Returns
    ``(cards, strengths, classes, counts)``: the first three as :func:`three_card_hands`, and
    ``counts[22100, 4]`` int64 with columns dealer does not qualify, player wins, ties, loses
    (the last three against a qualifying dealer). Each row sums to 18,424.
    ``qualifying_strength`` is 0..MAX_STRENGTH.
    """
    if not 0 <= qualifying_strength <= STRENGTH_LIMIT:
        raise ValueError(f"qualifying_strength={qualifying_strength} is out of range: a "
                         f"strength is 0..{STRENGTH_LIMIT}.")
    cards, strengths, classes = three_card_hands(ace_low_straight)
    counts = np.zeros((HAND_COUNT, 4), dtype=np.int64)
    # dense strength ranks, the number of hands below each, and per card
    present = np.zeros(STRENGTH_LIMIT + 1, dtype=np.int64)
    present[strengths] = 1
    rank_of_strength = np.cumsum(present) - present       # dense rank of each used strength
    ranks_used = int(present.sum())
    qualifying_rank = int(rank_of_strength[qualifying_strength])
    dense_ranks = rank_of_strength[strengths]
    below_all = np.zeros(ranks_used + 1, dtype=np.int64)
    below_card = np.zeros((52, ranks_used + 1), dtype=np.int64)
    dense = np.full((52, 52, 52), 32767, dtype=np.int16)
    cdef const int64_t[:, ::1] cv = cards
    cdef const int64_t[::1] rv = dense_ranks
    cdef int64_t[::1] all_v = below_all
    cdef int64_t[:, ::1] card_v = below_card
    cdef short[:, :, ::1] dense_v = dense
    cdef int64_t[:, ::1] out = counts
    cdef int h, k, a, b, c, r, q = qualifying_rank
    cdef int rank_count = ranks_used
    cdef int64_t below[3]
    cdef int thresholds[3]
    cdef int i
    with nogil:
        # histograms shifted by one, then prefix sums: below_*[k] = hands of rank < k
        for h in range(HAND_COUNT):
            a = cv[h, 0]
            b = cv[h, 1]
            c = cv[h, 2]
            r = rv[h]
            all_v[r + 1] += 1
            card_v[a, r + 1] += 1
            card_v[b, r + 1] += 1
            card_v[c, r + 1] += 1
            dense_v[a, b, c] = r
            dense_v[a, c, b] = r
            dense_v[b, a, c] = r
            dense_v[b, c, a] = r
            dense_v[c, a, b] = r
            dense_v[c, b, a] = r
        for k in range(rank_count):
            all_v[k + 1] += all_v[k]
            for a in range(52):
                card_v[a, k + 1] += card_v[a, k]
        for h in range(HAND_COUNT):
            a = cv[h, 0]
            b = cv[h, 1]
            c = cv[h, 2]
            r = rv[h]
            thresholds[0] = q
            thresholds[1] = r
            thresholds[2] = r + 1
            for i in range(3):
                k = thresholds[i]
                below[i] = (all_v[k] - card_v[a, k] - card_v[b, k] - card_v[c, k]
                            - (r < k))
            cy_add_below_with_pair(dense_v, a, b, thresholds, below)
            cy_add_below_with_pair(dense_v, a, c, thresholds, below)
            cy_add_below_with_pair(dense_v, b, c, thresholds, below)
            out[h, DEALER_NOT_QUALIFIED] = below[0]
            if r >= q:
                out[h, PLAYER_WINS] = below[1] - below[0]
                out[h, PLAYER_TIES] = below[2] - below[1]
                out[h, PLAYER_LOSES] = DEALER_HANDS - below[2]
            else:
                out[h, PLAYER_LOSES] = DEALER_HANDS - below[0]
    return cards, strengths, classes, counts


# --- exposed dealer cards (game protection, docs/protection.md) -------------------------------
# The player sees something of the dealer's hand before the raise decision: one, two or three of
# its cards, or only whether they are high or low (edge sorting). What he sees is a "bin": each
# dealer hand falls, for each of the ``ways`` choices of which of its cards are seen, in one bin
# (``bin_of[d, w]``), and the player decides once per bin. A bin may also carry the dealer's
# result (``result_in_bin``): with all three dealer cards seen the decision depends on the
# dealer's hand only through the result against the player's.

cdef enum:
    NO_DEAL_SLOT = 2

# The decision of a slot no dealer hand falls in (the seen cards are the player's own).
NO_DEAL = NO_DEAL_SLOT

def slot_counts(const int64_t[:, ::1] cards, const int64_t[::1] strengths,
                int64_t qualifying_strength, const int32_t[:, ::1] bin_of, int bins,
                bint result_in_bin, const int64_t[::1] players):
    """Count, for each player hand ``players[i]``, the dealer hands of the 49 cards it leaves by
    slot and by the dealer's result against it: ``counts[i, slot, result]`` (int32), each dealer
    hand once per choice of the seen cards (``bin_of[d, w]``; a slot is a bin, or with
    ``result_in_bin`` a bin and result: ``bin * 4 + result``). Any strategy's exact return over
    the exposed cycle is a sum of these counts: the optimal raise/fold decision and a player's
    rule are both read from them (:mod:`.exposure`)."""
    cdef Py_ssize_t hands = cards.shape[0]
    cdef int ways = bin_of.shape[1]
    cdef int slots = bins * 4 if result_in_bin else bins
    if bin_of.shape[0] != hands or strengths.shape[0] != hands:
        raise ValueError("cards, strengths and bin_of must have one row per hand.")
    cdef Py_ssize_t solved = players.shape[0]
    cdef Py_ssize_t i
    for i in range(solved):
        if not 0 <= players[i] < hands:
            raise ValueError(f"players[{i}] = {players[i]} is not a hand index.")
    counts = np.zeros((solved, slots, 4), dtype=np.int32)
    masks = np.zeros(hands, dtype=np.uint64)
    cdef int32_t[:, :, ::1] cv = counts
    cdef uint64_t[::1] mv = masks
    cdef Py_ssize_t h, d
    cdef int w, r, b
    cdef uint64_t mask
    cdef int64_t ps, ds
    with nogil:
        for h in range(hands):
            mv[h] = ((<uint64_t>1) << cards[h, 0]) | ((<uint64_t>1) << cards[h, 1]) \
                | ((<uint64_t>1) << cards[h, 2])
        for i in range(solved):
            h = players[i]
            mask = mv[h]
            ps = strengths[h]
            for d in range(hands):
                if mv[d] & mask:
                    continue
                ds = strengths[d]
                if ds < qualifying_strength:
                    r = DEALER_NOT_QUALIFIED
                elif ps > ds:
                    r = PLAYER_WINS
                elif ps == ds:
                    r = PLAYER_TIES
                else:
                    r = PLAYER_LOSES
                for w in range(ways):
                    b = bin_of[d, w]
                    if result_in_bin:
                        b = b * 4 + r
                    cv[i, b, r] += 1
    return counts
