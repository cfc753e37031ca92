# Tri-Card Poker (Three Card Poker) kernels (RULES.md section 2).
#
# A 3-card hand gets an integer strength, higher is better: hand class * CLASS_BASE plus the
# ranks that order hands within the class. The player-versus-dealer count for one player hand
# P = {a, b, c} needs, for a few strength thresholds t, the number of dealer hands from the other
# 49 cards with strength below t. By inclusion-exclusion over the cards of P that a hand shares:
#     #{D disjoint from P, s(D) < t} = all(t) - sum_x with(x, t) + sum_{x<y} with(x, y, t)
#                                      - [s(P) < t]
# where all(t) counts every one of the 22,100 hands below t, with(x, t) those holding card x
# (52 prefix tables over the sorted strengths) and with(x, y, t) those holding both x and y (50
# hands each, counted directly). Every term is an exact integer count, so the result is too;
# the 407,170,400 (player, dealer) pairs are never visited one by one.

from libc.stdint cimport int64_t
import numpy as np

cdef enum:
    CLASS_BASE = 2197          # 13 ** 3: room for three ranks below each hand class
    STRENGTH_LIMIT = 13182     # 6 * CLASS_BASE: every strength is below this
    HAND_COUNT = 22100         # C(52, 3)
    DEALER_HANDS = 18424       # C(49, 3)

# Hand classes, weakest first (a hand's strength // CLASS_BASE).
cdef enum:
    HIGH_CARD = 0
    PAIR = 1
    FLUSH = 2
    STRAIGHT = 3
    THREE_OF_A_KIND = 4
    STRAIGHT_FLUSH = 5

# Columns of the player-versus-dealer counts.
cdef enum:
    DEALER_NOT_QUALIFIED = 0
    PLAYER_WINS = 1
    PLAYER_TIES = 2
    PLAYER_LOSES = 3


cdef int cy_three_card_strength(int a, int b, int c, bint ace_low_straight) noexcept nogil:
    """Strength of the three cards a, b, c (card = rank * 4 + suit); higher is better."""
    cdef int high = a >> 2
    cdef int middle = b >> 2
    cdef int low = c >> 2
    cdef int swap
    cdef bint flush = (a & 3) == (b & 3) and (b & 3) == (c & 3)
    # sort the ranks high to low
    if middle > high:
        swap = high; high = middle; middle = swap
    if low > middle:
        swap = middle; middle = low; low = swap
    if middle > high:
        swap = high; high = middle; middle = swap
    if high == low:
        return THREE_OF_A_KIND * CLASS_BASE + high
    if high == middle:
        return PAIR * CLASS_BASE + high * 13 + low
    if middle == low:
        return PAIR * CLASS_BASE + middle * 13 + high
    if high - low == 2:
        return (STRAIGHT_FLUSH if flush else STRAIGHT) * CLASS_BASE + high
    if ace_low_straight and high == 12 and middle == 1 and low == 0:
        # A-2-3: the lowest straight, ranked by its three
        return (STRAIGHT_FLUSH if flush else STRAIGHT) * CLASS_BASE + 1
    return (FLUSH if flush else HIGH_CARD) * CLASS_BASE + high * 169 + middle * 13 + low


def three_card_strength(int a, int b, int c, bint ace_low_straight=True):
    """Python hook for tests: the strength of three card indexes (higher is better)."""
    return cy_three_card_strength(a, b, c, ace_low_straight)


def three_card_hands(bint ace_low_straight=True):
    """Every 3-card hand in lexicographic order of its cards, with strength and hand class.

    Returns ``(cards[22100, 3], strengths[22100], classes[22100])`` as int64 arrays; the class
    index is 0 high card, 1 pair, 2 flush, 3 straight, 4 three of a kind, 5 straight flush.
    """
    cards = np.zeros((HAND_COUNT, 3), dtype=np.int64)
    strengths = np.zeros(HAND_COUNT, dtype=np.int64)
    classes = np.zeros(HAND_COUNT, dtype=np.int64)
    cdef int64_t[:, ::1] cv = cards
    cdef int64_t[::1] sv = strengths
    cdef int64_t[::1] kv = classes
    cdef int a, b, c, s
    cdef int h = 0
    with nogil:
        for a in range(52):
            for b in range(a + 1, 52):
                for c in range(b + 1, 52):
                    s = cy_three_card_strength(a, b, c, ace_low_straight)
                    cv[h, 0] = a
                    cv[h, 1] = b
                    cv[h, 2] = c
                    sv[h] = s
                    kv[h] = s // CLASS_BASE
                    h += 1
    return cards, strengths, classes


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
    """
    cards, strengths, classes = three_card_hands(ace_low_straight)
    counts = np.zeros((HAND_COUNT, 4), dtype=np.int64)
    # dense strength ranks, the number of hands below each, and per card
    present = np.zeros(STRENGTH_LIMIT + 1, dtype=np.int64)
    present[strengths] = 1
    rank_of_strength = np.cumsum(present) - present       # dense rank of each used strength
    ranks_used = int(present.sum())
    qualifying_rank = int(rank_of_strength[min(max(qualifying_strength, 0), STRENGTH_LIMIT)])
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
