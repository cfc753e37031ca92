# What the Ultimate Texas Hold'em kernels share (solve/_kernels.pyx, exposure/_one.pyx,
# exposure/_two.pyx, simulation/_exposure_play.pyx): the numbering of holdings, rank pairs and
# suit permutations, the outcome categories, and the small counting steps every solve repeats
# (a board's flush suit, the 91 rank pairs of a board in order of strength, a holding's
# outcome counts from its sweep tallies, the value of a river or flop decision).
#
# Nothing here needs a module of its own: the tables are a struct that each kernel module
# holds (``cdef UthTables T``) and fills once at import with ``cy_uth_init_tables``, and the
# helpers are inline functions taking a pointer to it (as edge._core's evaluators take
# ``HoldemTables``), so they inline into each kernel's loops. Every count is an exact integer:
# the helpers only add, subtract and multiply counts of distinct deals (int, int64).

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t

from edge._core cimport (HOLDEM_STRAIGHT, HoldemTables, cy_card_lane, cy_evaluate_lanes,
                         cy_hand_class)

# Outcome categories (the index of every count the solves keep per holding):
#   0..6   player wins, dealer qualifies, by the player's Blind class (cy_blind_class)
#   7..13  player wins, dealer does not qualify, by the same class
#   14     tie;  15 dealer wins and qualifies;  16 dealer wins without qualifying
cdef enum:
    UTH_BLIND_CLASSES = 7        # below a straight, straight .. royal flush
    UTH_WIN_QUALIFIED = 0        # first of the 7 win categories by Blind class
    UTH_WIN_UNQUALIFIED = 7
    UTH_CATEGORIES = 17
    UTH_TIE = 14
    UTH_LOSE_QUALIFIED = 15
    UTH_LOSE_UNQUALIFIED = 16
    UTH_HOLDINGS = 1326          # C(52,2) holding ids
    UTH_RANK_PAIRS = 91          # rank pairs r1 <= r2
    UTH_PERMUTATIONS = 24        # suit permutations
    UTH_TURN_RIVERS = 1176       # C(49,2): turn-river pairs (and holdings) off a flop


ctypedef struct UthTables:
    int pair_id[52][52]          # holding id of cards a != b (a < b numbered lexicographically)
    int pair_a[1326]             # its lower card
    int pair_b[1326]             # its higher card
    int rank_pair[13][13]        # rank-pair id of ranks r1, r2 (r1 <= r2 lexicographically)
    int rank_low[91]
    int rank_high[91]
    int8_t perms[24][4]          # suit permutations (suit s to perms[p][s]), lexicographic
    int perm_index[256]          # a permutation's index, keyed p0 | p1 << 2 | p2 << 4 | p3 << 6


cdef inline void cy_uth_init_tables(UthTables* t) noexcept nogil:
    """Fill the tables: holding ids, rank-pair ids and suit permutations in lexicographic order
    (every kernel numbers them alike, so their arrays can be passed between them)."""
    cdef int a, b, c, d, n = 0
    for a in range(52):
        t.pair_id[a][a] = -1
        for b in range(a + 1, 52):
            t.pair_id[a][b] = n
            t.pair_id[b][a] = n
            t.pair_a[n] = a
            t.pair_b[n] = b
            n += 1
    n = 0
    for a in range(13):
        for b in range(a, 13):
            t.rank_pair[a][b] = n
            t.rank_pair[b][a] = n
            t.rank_low[n] = a
            t.rank_high[n] = b
            n += 1
    n = 0
    for a in range(256):
        t.perm_index[a] = -1
    for a in range(4):
        for b in range(4):
            for c in range(4):
                for d in range(4):
                    if a == b or a == c or a == d or b == c or b == d or c == d:
                        continue
                    t.perms[n][0] = a
                    t.perms[n][1] = b
                    t.perms[n][2] = c
                    t.perms[n][3] = d
                    t.perm_index[a | (b << 2) | (c << 4) | (d << 6)] = n
                    n += 1


cdef inline int cy_blind_class(int hand_class) noexcept nogil:
    """0 below a straight, then 1 straight, 2 flush, 3 full house, 4 quads, 5 SF, 6 royal."""
    return hand_class - HOLDEM_STRAIGHT + 1 if hand_class >= HOLDEM_STRAIGHT else 0


cdef inline int cy_permuted_card(int card, const int8_t* perm) noexcept nogil:
    """The card of the same rank in suit ``perm[suit]``."""
    return (card & ~3) | perm[card & 3]


cdef inline int cy_permuted_holding(const UthTables* t, int h, const int8_t* perm) noexcept nogil:
    """The holding id of holding h with its suits permuted (a suit permutation of a deal
    changes no outcome, so a holding's counts are those of its image)."""
    return t.pair_id[cy_permuted_card(t.pair_a[h], perm)][cy_permuted_card(t.pair_b[h], perm)]


cdef inline uint64_t cy_card_mask(const int* cards, int n) noexcept nogil:
    """The mask (bit c for card c) of n cards."""
    cdef uint64_t mask = 0
    cdef int i
    for i in range(n):
        mask |= (<uint64_t>1) << cards[i]
    return mask


cdef inline int cy_holdings_off(const UthTables* t, uint64_t mask, int* holdings) noexcept nogil:
    """The holding ids that share no card with ``mask``, ascending, written to ``holdings``;
    their number (1,176 off a flop)."""
    cdef int h, n = 0
    for h in range(UTH_HOLDINGS):
        if not (mask >> t.pair_a[h]) & 1 and not (mask >> t.pair_b[h]) & 1:
            holdings[n] = h
            n += 1
    return n


cdef inline int cy_turn_rivers(uint64_t flop_mask, int* turn, int* river) noexcept nogil:
    """Every turn-river pair t1 < t2 off the flop, in lexicographic order (the order every
    kernel takes a flop's boards in); their number (1,176)."""
    cdef int t1, t2, n = 0
    for t1 in range(52):
        if (flop_mask >> t1) & 1:
            continue
        for t2 in range(t1 + 1, 52):
            if (flop_mask >> t2) & 1:
                continue
            turn[n] = t1
            river[n] = t2
            n += 1
    return n


cdef inline int cy_flush_suit(const int* board, int* need) noexcept nogil:
    """The suit of three or more of the five board cards (-1 if none: no holding makes a
    flush), and in ``need`` how many hole cards of it make one (3 without one)."""
    cdef int suit_count[4]
    cdef int i, flush_suit = -1
    suit_count[0] = suit_count[1] = suit_count[2] = suit_count[3] = 0
    need[0] = 3
    for i in range(5):
        suit_count[board[i] & 3] += 1
    for i in range(4):
        if suit_count[i] >= 3:
            flush_suit = i
            need[0] = 5 - suit_count[i]
    return flush_suit


cdef inline bint cy_makes_flush(int flush_suit, int need, int a, int b) noexcept nogil:
    """Whether holding {a, b} can make a flush on a board with this flush suit (-1: none):
    it holds at least ``need`` cards of the suit. The others have the strength of their ranks
    alone (cy_rank_order)."""
    return flush_suit >= 0 and ((a & 3) == flush_suit) + ((b & 3) == flush_suit) >= need


cdef inline void cy_sort_keys(uint64_t* keys, int n) noexcept nogil:
    """Sort n keys ascending: Shell sort with Ciura's gaps, then a final insertion pass."""
    cdef int gaps[6]
    cdef int g, gap, i, j
    cdef uint64_t key
    gaps[0], gaps[1], gaps[2], gaps[3], gaps[4], gaps[5] = 301, 132, 57, 23, 10, 4
    for g in range(6):
        gap = gaps[g]
        for i in range(gap, n):
            key = keys[i]
            j = i
            while j >= gap and keys[j - gap] > key:
                keys[j] = keys[j - gap]
                j -= gap
            keys[j] = key
    for i in range(1, n):
        key = keys[i]
        j = i
        while j > 0 and keys[j - 1] > key:
            keys[j] = keys[j - 1]
            j -= 1
        keys[j] = key


cdef inline int cy_flush_keys(const HoldemTables* ht, const int* board, uint64_t board_mask,
                              int flush_suit, int need, uint64_t* keys) noexcept nogil:
    """The holdings {a, b} (a < b) off the five-card ``board`` that can make a flush
    (cy_makes_flush), each evaluated with its suits, as sorted keys strength << 16 | a << 8 |
    b (so equal strengths come in holding-id order); their number."""
    cdef uint64_t board_lanes = 0
    cdef int i, a, b, n = 0
    cdef int32_t strength
    for i in range(5):
        board_lanes |= cy_card_lane(ht, board[i])
    for a in range(52):
        if (board_mask >> a) & 1 or ((a & 3) != flush_suit and need == 2):
            continue
        for b in range(a + 1, 52):
            if (board_mask >> b) & 1 or not cy_makes_flush(flush_suit, need, a, b):
                continue
            strength = cy_evaluate_lanes(ht, board_lanes | cy_card_lane(ht, a)
                                         | cy_card_lane(ht, b))
            keys[n] = ((<uint64_t>strength) << 16) | (a << 8) | b
            n += 1
    cy_sort_keys(keys, n)
    return n


cdef inline void cy_sort_small(const int* values, int n, int* ordered) noexcept nogil:
    """``ordered``: the n values in ascending order (insertion sort, for a few ranks)."""
    cdef int i, j, v
    for i in range(n):
        v = values[i]
        j = i
        while j > 0 and ordered[j - 1] > v:
            ordered[j] = ordered[j - 1]
            j -= 1
        ordered[j] = v


cdef inline int cy_rank_strength(const HoldemTables* ht, const int* ranks) noexcept nogil:
    """Strength of seven ranks with no flush possible, or -1 if a rank appears over 4 times.

    In ascending order the i-th rank gets suit i % 4, so equal ranks get different suits and no
    suit holds more than two of the seven cards: the strength is that of the ranks alone.
    """
    cdef int ordered[7]
    cdef int i
    cdef uint64_t lanes = 0
    cy_sort_small(ranks, 7, ordered)
    for i in range(7):
        if i >= 4 and ordered[i - 4] == ordered[i]:
            return -1
        lanes |= cy_card_lane(ht, ordered[i] * 4 + i % 4)
    return cy_evaluate_lanes(ht, lanes)


cdef inline int cy_rank_order(const HoldemTables* ht, const UthTables* t, const int* board_ranks,
                              int32_t* strength, uint8_t* order) noexcept nogil:
    """The rank-only strength of every hole rank pair with five board ranks (``strength[rp]``,
    -1 where impossible) and the possible rank pairs by ascending strength (``order``, stable
    by rank-pair id); their number. Each is one evaluation of exact ranks, so two holdings
    without a flush compare exactly as their rank pairs do here."""
    cdef int ranks[7]
    cdef int h, j, n = 0
    cdef int32_t s
    for j in range(5):
        ranks[j] = board_ranks[j]
    for h in range(UTH_RANK_PAIRS):
        ranks[5] = t.rank_low[h]
        ranks[6] = t.rank_high[h]
        s = cy_rank_strength(ht, ranks)
        strength[h] = s
        if s < 0:
            continue
        j = n
        while j > 0 and strength[order[j - 1]] > s:
            order[j] = order[j - 1]
            j -= 1
        order[j] = <uint8_t>h
        n += 1
    return n


cdef inline void cy_outcome_counts(int weaker, int ties, int unqualified, bint qualifies,
                                   int dealers, int* category) noexcept nogil:
    """A holding's five outcome counts out of ``dealers`` dealer hands, from the dealer hands
    strictly weaker, of equal strength and below a pair (exact tallies of distinct hands):
    ``category`` gets [wins vs a qualifier, wins vs a non-qualifier, ties, losses to a
    qualifier, losses to a non-qualifier]. ``qualifies``: the player has a pair or better."""
    category[2] = ties
    if qualifies:
        # every dealer hand below a pair is beaten; every tie or loss is a qualifier
        category[0] = weaker - unqualified
        category[1] = unqualified
        category[3] = dealers - weaker - ties
        category[4] = 0
    else:
        # a high-card player beats and ties only dealers without a pair
        category[0] = 0
        category[1] = weaker
        category[3] = dealers - unqualified
        category[4] = unqualified - weaker - ties


cdef inline int64_t cy_play_value(const int* category, int blind,
                                  const int64_t* net1) noexcept nogil:
    """The value of playing 1x against the dealer hands counted in ``category`` (see
    cy_outcome_counts) for a player of Blind class ``blind``: counts times the integer pays of
    a Play bet of 1 (``net1``, by outcome category), added in category order."""
    return (category[0] * net1[blind] + category[1] * net1[UTH_WIN_UNQUALIFIED + blind]
            + category[2] * net1[UTH_TIE] + category[3] * net1[UTH_LOSE_QUALIFIED]
            + category[4] * net1[UTH_LOSE_UNQUALIFIED])


cdef inline uint64_t cy_unpack21(const uint64_t* row, int64_t* counts) noexcept nogil:
    """The 17 category sums of one holding's eight packed words of 21-bit fields (word k < 7:
    wins vs a qualifier, wins vs a non-qualifier, ties of Blind class k; word 7: losses to a
    qualifier and to a non-qualifier); returns word 7's bits from 42 up (the caller's extra
    fields). Sums below 2**21 never carry into the next field, so each is exact."""
    cdef int k
    counts[UTH_TIE] = 0
    for k in range(7):
        counts[k] = row[k] & 0x1FFFFF
        counts[UTH_WIN_UNQUALIFIED + k] = (row[k] >> 21) & 0x1FFFFF
        counts[UTH_TIE] += row[k] >> 42
    counts[UTH_LOSE_QUALIFIED] = row[7] & 0x1FFFFF
    counts[UTH_LOSE_UNQUALIFIED] = (row[7] >> 21) & 0x1FFFFF
    return row[7] >> 42


cdef inline bint cy_flop_bets(const int64_t* play, const int64_t* check, int64_t folds,
                              int64_t fold_value, const int64_t* net1, const int64_t* net2,
                              bint ties_larger, int64_t* bet_value,
                              int64_t* check_value) noexcept nogil:
    """The flop decision of one holding from its sums over the turn-river pairs: betting 2x is
    worth the 2x line's counts times ``net2``, checking the checking line's counts times
    ``net1`` plus ``folds`` folds of ``fold_value`` each (exact int64 sums, added in category
    order). Whether it bets (equal values follow ``ties_larger``); the values in the pointers."""
    cdef int k
    cdef int64_t bet = 0, checked = folds * fold_value
    for k in range(UTH_CATEGORIES):
        bet += play[k] * net2[k]
        checked += check[k] * net1[k]
    bet_value[0] = bet
    check_value[0] = checked
    return bet > checked or (bet == checked and ties_larger)


# --- checks at a kernel's entry and bounds asserted in the debug build -----------------------
#
# A kernel's ``def`` entry point checks what it is given once per call (cy_check_cards,
# cy_check_perms, cy_check_offsets, cy_check_pays: a ValueError naming the bad value), before
# its loops: past that point cards index tables of 52, permutations index suits and offsets
# index arrays, with no check. Inside the loops, the bounds
# each integer type was chosen for are asserted with cy_assert_bound, which the debug build
# (EDGE_DEBUG=1, setup.py) compiles in and the release build compiles out (EDGE_DEBUG is 0 and
# the C compiler drops the test): a broken bound there prints what broke and aborts.
cdef extern from *:
    """
    #ifndef EDGE_DEBUG
    #define EDGE_DEBUG 0
    #endif
    #include <stdio.h>
    #include <stdlib.h>
    static inline void edge_bound_broken(const char *what, const char *file, int line) {
        fprintf(stderr, "edge: kernel bound broken: %s (%s:%d)\\n", what, file, line);
        abort();
    }
    #define cy_assert_bound(ok, what) \\
        do { if (EDGE_DEBUG && !(ok)) edge_bound_broken((what), __FILE__, __LINE__); } while (0)
    """
    # 1 in the debug build, 0 in the release build (a C constant: ``if EDGE_DEBUG:`` blocks
    # are compiled out of the release build)
    const bint EDGE_DEBUG
    void cy_assert_bound(bint ok, const char* what) noexcept nogil


cdef inline int cy_check_cards(const int32_t* cards, Py_ssize_t n, uint64_t taken, str what,
                               Py_ssize_t index=-1, str off="taken") except -1:
    """ValueError unless the n ``cards`` are distinct cards 0..51 none of which is in the mask
    ``taken``; the message names ``what`` (followed by ``index`` unless it is -1) and, for a
    taken card, ``off`` (no string is made unless a card is bad)."""
    cdef Py_ssize_t i
    cdef uint64_t used = 0
    for i in range(n):
        if cards[i] < 0 or cards[i] > 51 or (used >> cards[i]) & 1 or (taken >> cards[i]) & 1:
            label = what if index < 0 else f"{what} {index}"
            if cards[i] < 0 or cards[i] > 51:
                raise ValueError(f"{label}: card {cards[i]} is not a card 0..51")
            if (used >> cards[i]) & 1:
                raise ValueError(f"{label}: card {cards[i]} appears twice")
            raise ValueError(f"{label}: card {cards[i]} is {off}")
        used |= (<uint64_t>1) << cards[i]
    return 0


cdef inline int cy_check_perms(const int8_t* perms, Py_ssize_t n, str what) except -1:
    """ValueError unless each of the n rows of 4 values (``perms[4 i + s]``: the suit that suit
    s becomes) is a permutation of the suits 0..3."""
    cdef Py_ssize_t i
    cdef int s, seen
    for i in range(n):
        seen = 0
        for s in range(4):
            if 0 <= perms[4 * i + s] <= 3:
                seen |= 1 << perms[4 * i + s]
        if seen != 15:
            raise ValueError(f"{what}[{i}] = {[perms[4 * i + s] for s in range(4)]} is not a "
                             "permutation of the suits 0..3")
    return 0


cdef inline int cy_check_offsets(const int32_t* offsets, Py_ssize_t n, Py_ssize_t length,
                                 str what) except -1:
    """ValueError unless the n + 1 ``offsets`` rise from 0 or more and end within ``length``
    (the array they cut into pieces)."""
    cdef Py_ssize_t i
    if offsets[0] < 0:
        raise ValueError(f"{what} start at {offsets[0]}, below 0")
    for i in range(n):
        if offsets[i + 1] < offsets[i]:
            raise ValueError(f"{what} fall from {offsets[i]} to {offsets[i + 1]} at {i + 1}")
    if offsets[n] > length:
        raise ValueError(f"{what} end at {offsets[n]}, past the {length} rows they index")
    return 0


cdef inline int cy_check_pays(const int64_t* net, Py_ssize_t n, int64_t fold, int64_t limit,
                              str what) except -1:
    """ValueError unless the n integer pays ``net`` and the fold's are within +-``limit`` (the
    bound a kernel's int64 or int32 values were sized for)."""
    cdef Py_ssize_t i
    for i in range(n):
        if not -limit <= net[i] <= limit:
            raise ValueError(f"{what}: pay {net[i]} is beyond the kernel's limit of {limit:,} "
                             "units")
    if not -limit <= fold <= limit:
        raise ValueError(f"{what}: fold pay {fold} is beyond the kernel's limit of {limit:,} "
                         "units")
    return 0
