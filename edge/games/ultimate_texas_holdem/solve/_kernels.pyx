# cython: language_level=3
# Ultimate Texas Hold'em kernels (docs/rules.md section 4): the exact solve of Ante, Blind and Play.
#
# Counting unit. A deal is (player holding, flop, turn-river pair, dealer holding), so a full
# cycle has C(52,2) * C(50,3) * C(47,2) * C(45,2) deals: ten times C(52,2) C(50,2) C(48,5),
# because the flop and the turn-river pair are told apart (the player decides between them).
#
# River counts. For one 5-card board every holding of the 47 other cards gets a strength; the
# holdings are put in ascending order and swept once with per-card counters: the dealer holdings
# disjoint from h = {a, b} that are weaker than h are (weaker holdings seen so far) minus (those
# holding a) minus (those holding b); no weaker holding holds both, as that would be h itself.
# Ties follow the same way, and the dealer's qualification (a pair or better) is a threshold on
# strength, so one snapshot of the counters at that threshold splits every count by it. Every
# count is exact: it is a difference of exact tallies of the 1,081 holdings on the board.
#
# Strengths on a fixed board. A holding that cannot make a flush has the strength of its two
# ranks alone, so the 91 rank pairs are evaluated once per board rank multiset (with suits
# spread so no flush can form) and sorted once; holdings that can make a flush are evaluated one
# by one with the full evaluator and merged into that order.
#
# Outcome categories (the index of every count the solve keeps per holding):
#   0..6   player wins, dealer qualifies, by the player's Blind class (see _uth_blind_class)
#   7..13  player wins, dealer does not qualify, by the same class
#   14     tie;  15 dealer wins and qualifies;  16 dealer wins without qualifying
# (exported below as CATEGORIES, WIN_QUALIFIED, WIN_UNQUALIFIED, TIE, LOSE_QUALIFIED,
# LOSE_UNQUALIFIED and BLIND_CLASSES for Python: solve.py and the simulation use these)
# The value of a Play bet of p units is sum(count[k] * net[p][k]) with integer net pays given by
# the caller (scaled so every pay is whole); a fold is worth fold_net per dealer holding.
#
# Board records. Everything the flop sums need from one (holding, board) fits in a 64-bit
# record: the five dealer counts, the hand class, the Blind class and the river decision (1x or
# fold, and whether the two were worth exactly the same). A suit permutation of a deal changes
# no outcome, so records are computed once per suit class of 5-card boards (134,459 classes) and
# looked up through the permutation that takes a board to its class's representative.
#
# Flop sums. For a flop, each holding's records over the 1,081 turn-river pairs are added up in
# packed 64-bit words, three 21-bit fields to a word: no sum exceeds 1,081 * 990 = 1,070,190
# < 2**21, so the fields never carry into each other and one addition adds three counts.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint64_t, uintptr_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

import numpy as np

from edge._core cimport (HOLDEM_CLASS_SHIFT, HOLDEM_PAIR, HoldemTables, cy_card_lane,
                         cy_evaluate_lanes, cy_hand_class, cy_holdem_tables)
from edge.games.ultimate_texas_holdem.holdem cimport (
    UTH_BLIND_CLASSES, UTH_CATEGORIES, UTH_HOLDINGS, UTH_LOSE_QUALIFIED, UTH_LOSE_UNQUALIFIED,
    UTH_PERMUTATIONS, UTH_RANK_PAIRS, UTH_TIE, UTH_TURN_RIVERS, UTH_WIN_QUALIFIED,
    UTH_WIN_UNQUALIFIED, UthTables, cy_blind_class, cy_card_mask, cy_flop_bets, cy_flush_keys,
    cy_flush_suit, cy_holdings_off, cy_makes_flush, cy_outcome_counts, cy_permuted_holding,
    cy_play_value, cy_rank_order, cy_sort_small, cy_turn_rivers, cy_uth_init_tables,
    cy_unpack21)

# the hold'em evaluator's lookup tables (edge._core), passed to its inline functions
cdef const HoldemTables* HT = cy_holdem_tables()
# the holding, rank-pair and suit-permutation numbering shared by the UTH kernels (holdem.pxd)
cdef UthTables T
cy_uth_init_tables(&T)

cdef extern from *:
    """
    #if defined(__GNUC__) || defined(__clang__)
    #define UTH_PREFETCH(address) __builtin_prefetch(address)
    #else
    #define UTH_PREFETCH(address) ((void)0)
    #endif
    """
    void UTH_PREFETCH(const void* address) nogil

# (the outcome categories, holdings and rank pairs: holdem.pxd)
cdef enum:
    UTH_DEALER_HOLDINGS = 990    # C(45,2) dealer holdings for a holding and a board
    UTH_EXTRA = 4                # folds, river ties, flop bets, flop ties
    UTH_FIELD_BITS = 21
    UTH_ROW = 8                  # packed words per holding: 7 win words by Blind class, 1 loss

# Record layout (bit positions). Wins and ties sit where the packed win word wants them, and
# losses 10 bits above where the packed loss word wants them, so each word is one mask away.
cdef enum:
    UTH_REC_LOSS_SHIFT = 10      # losses to a qualifier at bits 10..19, to a non-qualifier 31..40
    UTH_REC_CLASS = 52           # hand class 0..9, 4 bits
    UTH_REC_TIE = 56             # 1x and fold were worth exactly the same
    UTH_REC_FOLD = 57            # the river decision is to fold
    UTH_REC_BLIND = 58           # Blind class 0..6, 3 bits

cdef uint64_t _UTH_WIN_MASK = (<uint64_t>0x3FF) | ((<uint64_t>0x3FF) << 21) \
    | ((<uint64_t>0x3FF) << 42)
cdef uint64_t _UTH_LOSS_MASK = (<uint64_t>0x3FF) | ((<uint64_t>0x3FF) << 21)
cdef uint64_t _UTH_EXTRA_ONE = (<uint64_t>1) << 42

cdef int16_t _UTH_PERM_HOLDING[24][1326]   # holding id -> its image under permutation p


cdef void _uth_init_perm_holdings() noexcept nogil:
    """The image of every holding under every suit permutation (holdem.pxd's numbering)."""
    cdef int p, h
    for p in range(UTH_PERMUTATIONS):
        for h in range(UTH_HOLDINGS):
            _UTH_PERM_HOLDING[p][h] = <int16_t>cy_permuted_holding(&T, h, T.perms[p])


_uth_init_perm_holdings()


# The outcome categories and Blind classes for Python, defined once here (see the header).
CATEGORIES = UTH_CATEGORIES
BLIND_CLASSES = UTH_BLIND_CLASSES
WIN_QUALIFIED = tuple(range(UTH_WIN_QUALIFIED, UTH_WIN_QUALIFIED + UTH_BLIND_CLASSES))
WIN_UNQUALIFIED = tuple(range(UTH_WIN_UNQUALIFIED, UTH_WIN_UNQUALIFIED + UTH_BLIND_CLASSES))
TIE = UTH_TIE
LOSE_QUALIFIED = UTH_LOSE_QUALIFIED
LOSE_UNQUALIFIED = UTH_LOSE_UNQUALIFIED
HOLDINGS = UTH_HOLDINGS
DEALER_HOLDINGS = UTH_DEALER_HOLDINGS


def blind_class(int hand_class):
    """Python hook: the Blind class (0 below a straight .. 6 royal flush) of a hand class."""
    if not 0 <= hand_class <= 9:
        raise ValueError(f"hand class {hand_class} is outside 0..9")
    return cy_blind_class(hand_class)


cdef struct UthRankTable:
    # strength of the board's ranks with hole rank pair h (-1 where impossible)
    int32_t nonflush[91]
    # the possible hole rank pairs, by ascending strength
    uint8_t order[91]
    int length


cdef inline void _uth_rank_table(const int* board_ranks, UthRankTable* table) noexcept nogil:
    """Rank-only strengths of every hole rank pair with five board ranks, and their order."""
    table.length = cy_rank_order(HT, &T, board_ranks, table.nonflush, table.order)


cdef enum:
    UTH_RANK_MULTISETS = 6188    # C(17, 5): multisets of 5 ranks (those with 5 alike unused)


cdef int _uth_rank_multiset_index(const int* board_ranks) noexcept nogil:
    """A distinct index 0..6187 for each multiset of five ranks (combinatorial number system).

    With the ranks sorted r0 <= ... <= r4, the values r_i + i are strictly increasing, and
    sum C(r_i + i, i + 1) numbers those 5-subsets of 0..16 one to one.
    """
    cdef int r[5]
    cdef int i, index = 0, k, binomial
    cy_sort_small(board_ranks, 5, r)
    for i in range(5):
        # C(r_i + i, i + 1)
        binomial = 1
        for k in range(i + 1):
            binomial = binomial * (r[i] + i - k) // (k + 1)
        index += binomial
    return index


cdef struct UthBoardCounts:
    # per holding on the board, in ascending order of strength
    int n
    int card_a[1081]
    int card_b[1081]
    int holding[1081]     # holding id
    int hand_class[1081]
    int weaker[1081]      # disjoint dealer holdings strictly weaker
    int ties[1081]        # disjoint dealer holdings of equal strength
    int unqualified[1081] # disjoint dealer holdings below a pair
    int32_t strength[1081]
    uint64_t flush_keys[1081]
    int counter[52]
    int snapshot[52]


cdef inline int _uth_take_flush(UthBoardCounts* out, int n, uint64_t key) noexcept nogil:
    """Append the flush holding of ``key`` (see cy_flush_keys) at sorted position n."""
    out.card_a[n] = (key >> 8) & 0xFF
    out.card_b[n] = key & 0xFF
    out.strength[n] = <int32_t>(key >> 16)
    return n + 1


cdef int _uth_order_holdings(const int* board, const UthRankTable* table,
                             UthBoardCounts* out) noexcept nogil:
    """Every holding of the 47 cards off ``board`` in ascending order of strength (cards and
    strength in ``out``); their number (1,081). The rank pairs come in their precomputed order
    (``table``, the rank table of the board's ranks), every holding of a pair at its strength;
    the holdings that can make a flush are evaluated one by one and merged in."""
    cdef uint64_t board_mask = cy_card_mask(board, 5)
    cdef int rank_cards[13][4]
    cdef int rank_count[13]
    cdef int i, j, k, c, a, b, r1, r2, pair, flush_suit, need, n = 0, n_flush = 0
    cdef int flush_index = 0
    cdef int32_t strength
    memset(rank_count, 0, sizeof(rank_count))
    for c in range(52):
        if not (board_mask >> c) & 1:
            rank_cards[c >> 2][rank_count[c >> 2]] = c
            rank_count[c >> 2] += 1
    flush_suit = cy_flush_suit(board, &need)
    if flush_suit >= 0:
        n_flush = cy_flush_keys(HT, board, board_mask, flush_suit, need, out.flush_keys)
    for i in range(table.length):
        pair = table.order[i]
        strength = table.nonflush[pair]
        while flush_index < n_flush and <int32_t>(out.flush_keys[flush_index] >> 16) < strength:
            n = _uth_take_flush(out, n, out.flush_keys[flush_index])
            flush_index += 1
        r1 = T.rank_low[pair]
        r2 = T.rank_high[pair]
        for j in range(rank_count[r1]):
            a = rank_cards[r1][j]
            for k in range(j + 1 if r1 == r2 else 0, rank_count[r2]):
                b = rank_cards[r2][k]
                if cy_makes_flush(flush_suit, need, a, b):
                    continue
                out.card_a[n] = a
                out.card_b[n] = b
                out.strength[n] = strength
                n += 1
    while flush_index < n_flush:
        n = _uth_take_flush(out, n, out.flush_keys[flush_index])
        flush_index += 1
    return n


cdef inline void _uth_snapshot(UthBoardCounts* out, int total, int* snapshot_total) noexcept nogil:
    """Keep the per-card counters (and their total) as they stand below the first pair."""
    cdef int c
    snapshot_total[0] = total
    for c in range(52):
        out.snapshot[c] = out.counter[c]


cdef void _uth_sweep_counts(UthBoardCounts* out) noexcept nogil:
    """The exact dealer tallies of every holding in ``out`` (sorted by strength): one sweep of
    the groups of equal strength with per-card counters. The dealer holdings disjoint from
    h = {a, b} below h's strength are (all those below) minus (those holding a) minus (those
    holding b), as none below holds both; ties follow from the counters through h's group, and
    holdings below a pair from one snapshot of the counters at that threshold."""
    cdef int i, n = out.n, start = 0, stop, total = 0, snapshot_total = -1, hand_class
    cdef int32_t strength
    memset(out.counter, 0, sizeof(out.counter))
    while start < n:
        strength = out.strength[start]
        stop = start + 1
        while stop < n and out.strength[stop] == strength:
            stop += 1
        hand_class = cy_hand_class(strength)
        if hand_class >= 1 and snapshot_total < 0:
            _uth_snapshot(out, total, &snapshot_total)
        for i in range(start, stop):
            out.weaker[i] = total - out.counter[out.card_a[i]] - out.counter[out.card_b[i]]
            out.hand_class[i] = hand_class
        for i in range(start, stop):
            out.counter[out.card_a[i]] += 1
            out.counter[out.card_b[i]] += 1
        total += stop - start
        for i in range(start, stop):
            out.ties[i] = (total - out.counter[out.card_a[i]] - out.counter[out.card_b[i]] + 1
                           - out.weaker[i])
        start = stop
    if snapshot_total < 0:
        _uth_snapshot(out, total, &snapshot_total)
    for i in range(n):
        out.unqualified[i] = (snapshot_total - out.snapshot[out.card_a[i]]
                              - out.snapshot[out.card_b[i]] + (out.hand_class[i] == 0))


cdef void _uth_board_counts(const int* board, const UthRankTable* table,
                            UthBoardCounts* out) noexcept nogil:
    """Every holding of the 47 cards off ``board``, with its exact dealer counts.

    ``table`` is the rank table of the board's five ranks.
    """
    cdef int i
    out.n = _uth_order_holdings(board, table, out)
    for i in range(out.n):
        out.holding[i] = T.pair_id[out.card_a[i]][out.card_b[i]]
    _uth_sweep_counts(out)


cdef inline void _uth_categories(const UthBoardCounts* counts, int i, int* category) noexcept nogil:
    """The outcome counts of the holding at sorted position i (cy_outcome_counts) out of its
    990 dealer holdings."""
    cy_outcome_counts(counts.weaker[i], counts.ties[i], counts.unqualified[i],
                      counts.hand_class[i] >= 1, UTH_DEALER_HOLDINGS, category)


cdef void _uth_board_records(const int* board, const UthRankTable* table, const int64_t* net1,
                             int64_t fold_net, bint ties_larger, UthBoardCounts* counts,
                             uint64_t* records, const UthProgram* program=NULL) noexcept nogil:
    """The record of every holding on ``board`` (by holding id); other ids are left alone.

    The river decision compares 1x (``net1``: the pays of a Play bet of 1) with folding.
    With ``program`` (a fixed strategy's river plan) each record also gets the strategy's
    decision and deciding rule (``_uth_strategy_bits``).
    """
    cdef int i, blind, hand_class
    cdef int category[5]
    cdef int64_t play_value, fold_value = fold_net * UTH_DEALER_HOLDINGS
    cdef uint64_t tie, fold, record
    cdef UthBoardContext context
    cdef UthClassPlan classes
    cdef UthRiverOuts outs
    cdef UthRiverOuts* outs_ptr = NULL
    # A strategy reading only the hands (player's, board's, hidden) and the dealer outs decides
    # alike for holdings of equal strength: the outs are the board's six-card hands above the
    # player's seven, and none of them uses a hole card (a sixth card never beats the seven
    # it is part of). Such holdings come together in ``counts``: one decision per strength.
    cdef bint by_strength = False
    cdef int32_t last_strength = -1
    cdef uint64_t strategy_bits = 0
    _uth_board_counts(board, table, counts)
    if program != NULL:
        _uth_river_context(board, &context)
        if not program.optimal:
            _uth_class_plan(program, &context, &classes)
            by_strength = (program.needs & ~(UTH_CLASS_FEATURES | (1 << F_DEALER_OUTS))) == 0
        if program.needs_outs:
            _uth_river_outs(board, &outs)
            outs_ptr = &outs
    for i in range(counts.n):
        _uth_categories(counts, i, category)
        hand_class = counts.hand_class[i]
        blind = cy_blind_class(hand_class)
        play_value = cy_play_value(category, blind, net1)
        tie = play_value == fold_value
        fold = not (play_value > fold_value or (tie and ties_larger))
        record = (
            <uint64_t>category[0] | ((<uint64_t>category[3]) << UTH_REC_LOSS_SHIFT)
            | ((<uint64_t>category[1]) << UTH_FIELD_BITS)
            | ((<uint64_t>category[4]) << (UTH_FIELD_BITS + UTH_REC_LOSS_SHIFT))
            | ((<uint64_t>category[2]) << (2 * UTH_FIELD_BITS))
            | ((<uint64_t>hand_class) << UTH_REC_CLASS) | (tie << UTH_REC_TIE)
            | (fold << UTH_REC_FOLD) | ((<uint64_t>blind) << UTH_REC_BLIND))
        if program != NULL:
            if not by_strength or counts.strength[i] != last_strength:
                strategy_bits = _uth_strategy_bits(program, counts, i, fold, &context, &classes,
                                                   outs_ptr)
                last_strength = counts.strength[i]
            record |= strategy_bits
        records[counts.holding[i]] = record


cdef inline void _uth_board_ranks(const int* board, int* ranks) noexcept nogil:
    cdef int i
    for i in range(5):
        ranks[i] = board[i] >> 2


cdef struct UthFlopWork:
    # per holding id, summed over the flop's turn-river pairs: word k < 7 holds
    # (wins vs qualifier | wins vs non-qualifier << 21 | ties << 42) for Blind class k and
    # word 7 (losses to qualifier | losses to non-qualifier << 21 | extra << 42), where the
    # extra field counts exactly tied river decisions (play) or folds (check)
    # sums[h * 16 + k]: k < 8 the play words, 8 + k the check words (one cache line each:
    # the work is allocated on a cache line, see _uth_aligned_work)
    uint64_t sums[1326 * 16]
    UthRankTable rank_tables[91]    # direct path: one per turn-river rank pair
    UthBoardCounts counts
    uint64_t records[1326]          # direct path: the records of the board in hand
    int holdings[1176]
    int n_holdings
    Py_ssize_t board_class[1176]    # table path: each turn-river pair's board class
    int perm[1176]                  # and the permutation to its representative


cdef inline void* _uth_aligned_work(void* block) noexcept nogil:
    """The first cache line (64 bytes) in a block allocated 64 bytes larger than the work: the
    sums at the start of a work then give each holding's 8 words a line of their own."""
    return <void*>((<uintptr_t>block + 63) & ~(<uintptr_t>63))


cdef inline void _uth_accumulate(const uint64_t* records, const int16_t* holding_map,
                                 const uint64_t* upcoming, UthFlopWork* work) noexcept nogil:
    """Add one board's records to the flop sums of every holding off the flop.

    ``holding_map[h]`` is where holding h's record is (NULL: at h). Records of holdings that
    share a card with the board are zero and add nothing. ``upcoming`` (or NULL) is the next
    board's block of records, fetched into cache a line at a time along the way.
    """
    cdef int i, h, blind, line = 0, countdown = 1
    cdef uint64_t record, win, loss, fold, keep
    cdef uint64_t win_mask = _UTH_WIN_MASK, loss_mask = _UTH_LOSS_MASK
    cdef uint64_t* row
    for i in range(work.n_holdings):
        countdown -= 1
        if countdown == 0:
            countdown = 7                     # 1,176 holdings / 7 > 1,326 / 8 cache lines
            if upcoming != NULL and line < UTH_HOLDINGS:
                UTH_PREFETCH(&upcoming[line])
                line += 8
        h = work.holdings[i]
        record = records[holding_map[h] if holding_map != NULL else h]
        blind = (record >> UTH_REC_BLIND) & 7
        win = record & win_mask
        loss = (record >> UTH_REC_LOSS_SHIFT) & loss_mask
        fold = (record >> UTH_REC_FOLD) & 1
        keep = fold - 1                       # all ones when the river is played, else zero
        row = &work.sums[h * 2 * UTH_ROW]
        row[blind] += win
        row[7] += loss | ((record >> (UTH_REC_TIE - 42)) & _UTH_EXTRA_ONE)
        row[UTH_ROW + blind] += win & keep
        row[UTH_ROW + 7] += (loss & keep) | (fold << 42)


cdef void _uth_start_flop(const int* flop, UthFlopWork* work) noexcept nogil:
    memset(work.sums, 0, sizeof(work.sums))
    work.n_holdings = cy_holdings_off(&T, cy_card_mask(flop, 3), work.holdings)


cdef void _uth_flop_direct(const int* flop, const int64_t* net1, int64_t fold_net,
                           bint ties_larger, UthFlopWork* work) noexcept nogil:
    """Flop sums computing every board's records on the spot (no symmetry used)."""
    cdef int board[5]
    cdef int ranks[5]
    cdef int turn[UTH_TURN_RIVERS]
    cdef int river[UTH_TURN_RIVERS]
    cdef int t, n
    _uth_start_flop(flop, work)
    board[0] = flop[0]
    board[1] = flop[1]
    board[2] = flop[2]
    for t in range(UTH_RANK_PAIRS):
        board[3] = T.rank_low[t] * 4
        board[4] = T.rank_high[t] * 4
        _uth_board_ranks(board, ranks)
        _uth_rank_table(ranks, &work.rank_tables[t])
    n = cy_turn_rivers(cy_card_mask(flop, 3), turn, river)
    for t in range(n):
        board[3] = turn[t]
        board[4] = river[t]
        memset(work.records, 0, sizeof(work.records))
        _uth_board_records(board, &work.rank_tables[T.rank_pair[turn[t] >> 2][river[t] >> 2]],
                           net1, fold_net, ties_larger, &work.counts, work.records)
        _uth_accumulate(work.records, NULL, NULL, work)


cdef inline uint64_t _uth_board_key(const int* board, int* perm_index) noexcept nogil:
    """The suit class key of a board (its four suit rank masks, largest first) and the index
    of a suit permutation taking the board to its class's representative."""
    cdef uint64_t masks[4]
    cdef int suits[4]
    cdef int i, j, s, code = 0
    cdef uint64_t m
    for i in range(4):
        masks[i] = 0
        suits[i] = i
    for i in range(5):
        masks[board[i] & 3] |= (<uint64_t>1) << (board[i] >> 2)
    # order the suits by mask, largest first (insertion sort of four)
    for i in range(1, 4):
        s = suits[i]
        m = masks[s]
        j = i
        while j > 0 and masks[suits[j - 1]] < m:
            suits[j] = suits[j - 1]
            j -= 1
        suits[j] = s
    # suit suits[i] goes to position i
    for i in range(4):
        code |= i << (2 * suits[i])
    perm_index[0] = T.perm_index[code]
    return (masks[suits[0]] | (masks[suits[1]] << 13) | (masks[suits[2]] << 26)
            | (masks[suits[3]] << 39))


cdef inline Py_ssize_t _uth_find_key(const uint64_t* keys, Py_ssize_t n, uint64_t key) noexcept nogil:
    cdef Py_ssize_t low = 0, high = n, middle
    while low < high:
        middle = (low + high) >> 1
        if keys[middle] < key:
            low = middle + 1
        else:
            high = middle
    return low if low < n and keys[low] == key else -1


cdef int _uth_flop_board_classes(const int* flop, const uint64_t* keys, Py_ssize_t n_classes,
                                 Py_ssize_t* board_class, int* perm) noexcept nogil:
    """Each turn-river pair's board class (and the permutation to its representative), in
    turn-river order; their number (1,081), or -1 if a class is missing."""
    cdef int board[5]
    cdef int turn[UTH_TURN_RIVERS]
    cdef int river[UTH_TURN_RIVERS]
    cdef int t, n
    cdef Py_ssize_t found
    board[0] = flop[0]
    board[1] = flop[1]
    board[2] = flop[2]
    n = cy_turn_rivers(cy_card_mask(flop, 3), turn, river)
    for t in range(n):
        board[3] = turn[t]
        board[4] = river[t]
        found = _uth_find_key(keys, n_classes, _uth_board_key(board, &perm[t]))
        if found < 0:
            return -1
        board_class[t] = found
    return n


cdef int _uth_flop_table(const int* flop, const uint64_t* records, const uint64_t* keys,
                         Py_ssize_t n_classes, UthFlopWork* work) noexcept nogil:
    """Flop sums looking up every board's records by its suit class; -1 if a class is missing.

    The boards' classes are found first, so each board's records (one 10 KB block of a large
    table, read in scattered order) can be prefetched while the board before it is added.
    """
    cdef int n, i
    cdef const uint64_t* upcoming
    _uth_start_flop(flop, work)
    n = _uth_flop_board_classes(flop, keys, n_classes, work.board_class, work.perm)
    if n < 0:
        return -1
    for i in range(n):
        upcoming = &records[work.board_class[i + 1] * UTH_HOLDINGS] if i + 1 < n else NULL
        _uth_accumulate(&records[work.board_class[i] * UTH_HOLDINGS],
                        _UTH_PERM_HOLDING[work.perm[i]], upcoming, work)
    return 0


cdef inline void _uth_unpack(const uint64_t* row, int64_t* counts, int64_t* extra) noexcept nogil:
    """The 17 category sums and the extra field of one holding's packed words."""
    extra[0] = cy_unpack21(row, counts)


def uth_river_counts(board):
    """Python hook for tests: exact dealer counts for every holding on one 5-card board.

    Returns an int64 array ``[1326, 6]`` indexed by holding id (cards a < b in lexicographic
    order): hand class, wins against a qualifying dealer, wins against a dealer below a pair,
    ties, losses to a qualifying dealer, losses to a dealer below a pair (out of 990 dealer
    holdings). Holdings that share a card with the board have hand class -1 and zero counts.
    """
    cdef int cards[5]
    cdef int ranks[5]
    cdef int i, h, k
    cdef int category[5]
    cards_list = _uth_check_cards(board, 5, "board")
    for i in range(5):
        cards[i] = cards_list[i]
    result = np.zeros((UTH_HOLDINGS, 6), dtype=np.int64)
    result[:, 0] = -1
    cdef int64_t[:, ::1] view = result
    cdef UthBoardCounts* counts = <UthBoardCounts*>malloc(sizeof(UthBoardCounts))
    cdef UthRankTable table
    if counts == NULL:
        raise MemoryError()
    try:
        _uth_board_ranks(cards, ranks)
        _uth_rank_table(ranks, &table)
        _uth_board_counts(cards, &table, counts)
        for i in range(counts.n):
            _uth_categories(counts, i, category)
            h = counts.holding[i]
            view[h, 0] = counts.hand_class[i]
            for k in range(5):
                view[h, k + 1] = category[k]
    finally:
        free(counts)
    return result


cdef list _uth_check_cards(cards, int count, str what):
    """The cards as ints, checked: ``count`` distinct cards 0..51 (ValueError naming them)."""
    values = [int(c) for c in cards]
    if len(values) != count or len(set(values)) != count or not all(0 <= c < 52 for c in values):
        raise ValueError(f"A {what} is {count} distinct cards 0..51, not {values!r}.")
    return values


cdef int _uth_check_net(const int64_t[:, ::1] net, int64_t fold_net) except -1:
    """The pays: a [5, 17] array, and every pay and the fold within 2**24 (scaled units)."""
    if net.shape[0] != 5 or net.shape[1] != UTH_CATEGORIES:
        raise ValueError(f"net must be a [5, 17] array of integer pays, not "
                         f"[{net.shape[0]}, {net.shape[1]}].")
    # every flop sum of counts times a pay must stay far inside int64
    biggest = int(np.abs(np.asarray(net)).max())
    if biggest > (1 << 24):
        raise ValueError(f"net pays must stay within 2**24 (scaled whole units), not {biggest}.")
    if not -(1 << 24) <= fold_net <= (1 << 24):
        raise ValueError(f"fold_net must stay within 2**24 (scaled whole units), not "
                         f"{fold_net}.")
    return 0


def uth_permutations():
    """The 24 suit permutations in the kernels' order, as an int8 array ``[24, 4]``."""
    result = np.zeros((UTH_PERMUTATIONS, 4), dtype=np.int8)
    cdef int i, j
    for i in range(UTH_PERMUTATIONS):
        for j in range(4):
            result[i, j] = T.perms[i][j]
    return result


def uth_board_classes():
    """The suit classes of 5-card boards: a representative of each and its key.

    A board's key lists its four suit rank masks (13 bits each), largest first; two boards are
    suit permutations of each other exactly when their keys are equal. The representative is
    the board whose suits 0..3 already have their masks in that order. Returns
    ``(boards int32 [n, 5], keys uint64 [n])`` sorted by key; n = 134,459.
    """
    cdef int a, b, c, d, e, n = 0, perm_index
    cdef int board[5]
    cdef uint64_t masks[4]
    boards = np.zeros((134459, 5), dtype=np.int32)
    keys = np.zeros(134459, dtype=np.uint64)
    cdef int32_t[:, ::1] board_view = boards
    cdef uint64_t[::1] key_view = keys
    with nogil:
        for a in range(52):
            for b in range(a + 1, 52):
                for c in range(b + 1, 52):
                    for d in range(c + 1, 52):
                        for e in range(d + 1, 52):
                            masks[0] = masks[1] = masks[2] = masks[3] = 0
                            masks[a & 3] |= (<uint64_t>1) << (a >> 2)
                            masks[b & 3] |= (<uint64_t>1) << (b >> 2)
                            masks[c & 3] |= (<uint64_t>1) << (c >> 2)
                            masks[d & 3] |= (<uint64_t>1) << (d >> 2)
                            masks[e & 3] |= (<uint64_t>1) << (e >> 2)
                            if masks[0] < masks[1] or masks[1] < masks[2] or masks[2] < masks[3]:
                                continue
                            if n >= 134459:
                                n += 1
                                continue
                            board_view[n, 0] = a
                            board_view[n, 1] = b
                            board_view[n, 2] = c
                            board_view[n, 3] = d
                            board_view[n, 4] = e
                            key_view[n] = (masks[0] | (masks[1] << 13) | (masks[2] << 26)
                                           | (masks[3] << 39))
                            n += 1
    if n != 134459:
        raise RuntimeError(f"expected 134,459 board classes, found {n}")
    order = np.argsort(keys, kind="stable")
    return boards[order], keys[order]


def uth_board_records(const int32_t[:, ::1] boards, const int64_t[:, ::1] net, int64_t fold_net,
                      bint ties_larger, uint64_t[:, ::1] out, program=None):
    """Write the record of every holding on each board into ``out[i, holding id]``.

    Rows of ``out`` are cleared first, so holdings that share a card with the board get 0.
    With ``program`` (a compiled river plan of a fixed strategy, see ``_uth_load_program``)
    each record also gets the strategy's fold bit (``UTH_REC_STRATEGY_FOLD``) and the number
    of its deciding rule.
    """
    _uth_check_net(net, fold_net)
    cdef UthProgram plan
    cdef bint with_plan = program is not None
    if with_plan:
        _uth_load_program(program, &plan)
    cdef Py_ssize_t n = boards.shape[0], i
    cdef int j
    cdef int board[5]
    cdef int ranks[5]
    if boards.shape[1] != 5:
        raise ValueError(f"boards must be [n, 5] (five cards each), not [{n}, {boards.shape[1]}].")
    if out.shape[0] != n or out.shape[1] != UTH_HOLDINGS:
        raise ValueError(f"out must be a [{n}, 1326] uint64 array, not "
                         f"[{out.shape[0]}, {out.shape[1]}].")
    for i in range(n):
        _uth_check_cards(boards[i], 5, "board")
    cdef int index
    cdef UthBoardCounts* counts = <UthBoardCounts*>malloc(sizeof(UthBoardCounts))
    # rank tables by rank multiset, made when first needed (boards share them)
    cdef UthRankTable* tables = <UthRankTable*>malloc(UTH_RANK_MULTISETS * sizeof(UthRankTable))
    cdef uint8_t* made = <uint8_t*>calloc(UTH_RANK_MULTISETS, 1)
    try:
        if counts == NULL or tables == NULL or made == NULL:
            raise MemoryError()
        with nogil:
            for i in range(n):
                for j in range(5):
                    board[j] = boards[i, j]
                memset(&out[i, 0], 0, UTH_HOLDINGS * sizeof(uint64_t))
                _uth_board_ranks(board, ranks)
                index = _uth_rank_multiset_index(ranks)
                if not made[index]:
                    _uth_rank_table(ranks, &tables[index])
                    made[index] = 1
                _uth_board_records(board, &tables[index], &net[1, 0], fold_net, ties_larger,
                                   counts, &out[i, 0], &plan if with_plan else NULL)
    finally:
        free(counts)
        free(tables)
        free(made)


cdef struct UthFlopOutcome:
    # one holding's sums over a flop's turn-river pairs (see uth_solve_flops) and its decision
    int64_t play[17]              # the 2x line's counts (also the 4x and 3x lines')
    int64_t check[17]             # checking, then 1x on the rivers that play
    int64_t river_ties            # river decisions of exactly equal value (playing line)
    int64_t folds                 # turn-river pairs folded after checking
    int64_t bet_value
    int64_t check_value
    bint bets


cdef struct UthSolveSums:
    # the accumulators of uth_solve_flops (C-contiguous, per holding id)
    int64_t* play                 # [1326, 17]
    int64_t* bet                  # [1326, 17]
    int64_t* check                # [1326, 17]
    int64_t* extra                # [1326, 4]


cdef inline void _uth_flop_outcome(const uint64_t* row, const int64_t* net, int64_t fold_net,
                                   bint ties_larger, UthFlopOutcome* x) noexcept nogil:
    """Unpack one holding's packed flop sums (``row``: its 16 words) and decide 2x or check by
    their exact values (``net``: the [5, 17] pays, row p for a Play bet of p)."""
    _uth_unpack(row, x.play, &x.river_ties)
    _uth_unpack(row + UTH_ROW, x.check, &x.folds)
    x.bets = cy_flop_bets(x.play, x.check, x.folds, fold_net * UTH_DEALER_HOLDINGS,
                          &net[UTH_CATEGORIES], &net[2 * UTH_CATEGORIES], ties_larger,
                          &x.bet_value, &x.check_value)


cdef inline void _uth_add_images(const UthFlopOutcome* x, int h, const int8_t* perms,
                                 int n_images, UthSolveSums* out) noexcept nogil:
    """Add one holding's flop sums to the permuted holding of each of the flop's images
    (``perms``: n_images suit permutations, four suits each): the flops it stands for."""
    cdef int g, k, target
    cdef int64_t* row
    for g in range(n_images):
        target = cy_permuted_holding(&T, h, &perms[4 * g])
        row = &out.play[target * UTH_CATEGORIES]
        for k in range(UTH_CATEGORIES):
            row[k] += x.play[k]
        if x.bets:
            row = &out.bet[target * UTH_CATEGORIES]
            for k in range(UTH_CATEGORIES):
                row[k] += x.play[k]
            out.extra[target * UTH_EXTRA + 2] += 1
        else:
            row = &out.check[target * UTH_CATEGORIES]
            for k in range(UTH_CATEGORIES):
                row[k] += x.check[k]
            out.extra[target * UTH_EXTRA + 0] += x.folds
            out.extra[target * UTH_EXTRA + 1] += x.river_ties
        out.extra[target * UTH_EXTRA + 3] += x.bet_value == x.check_value


cdef void _uth_settle_flop(const UthFlopWork* work, const int64_t* net, int64_t fold_net,
                           bint ties_larger, const int8_t* perms, int n_images,
                           uint8_t* decisions, UthSolveSums* out) noexcept nogil:
    """Decide every holding off a solved flop (its sums in ``work``) and add it to the flop's
    images; ``decisions`` (or NULL): the flop's row of decisions by holding id."""
    cdef int i, h
    cdef UthFlopOutcome x
    for i in range(work.n_holdings):
        h = work.holdings[i]
        _uth_flop_outcome(&work.sums[h * 2 * UTH_ROW], net, fold_net, ties_larger, &x)
        if decisions != NULL:
            decisions[h] = x.bets
        _uth_add_images(&x, h, perms, n_images, out)


cdef int _uth_check_flops(const int32_t[:, ::1] flops, const int32_t[::1] image_offsets,
                          const int8_t[:, ::1] image_perms) except -1:
    """The flops: three distinct cards each, with one run of suit permutations (images) each."""
    cdef Py_ssize_t n_flops = flops.shape[0], f
    if flops.shape[1] != 3:
        raise ValueError(f"flops must be [n, 3] (three cards each), not "
                         f"[{n_flops}, {flops.shape[1]}].")
    if image_offsets.shape[0] != n_flops + 1:
        raise ValueError(f"image_offsets needs one entry per flop plus one ({n_flops + 1}), not "
                         f"{image_offsets.shape[0]}.")
    offsets_array = np.asarray(image_offsets)
    if offsets_array[0] != 0 or (np.diff(offsets_array) < 0).any():
        raise ValueError(f"image_offsets must start at 0 and never decrease, not "
                         f"{offsets_array.tolist()[:8]}...")
    if image_perms.shape[1] != 4 or image_offsets[n_flops] > image_perms.shape[0]:
        raise ValueError(f"image_perms must hold a 4-suit permutation for each of the "
                         f"{image_offsets[n_flops]} images, not [{image_perms.shape[0]}, "
                         f"{image_perms.shape[1]}].")
    for f in range(n_flops):
        _uth_check_cards(flops[f], 3, "flop")
    perms_array = np.sort(np.asarray(image_perms[:image_offsets[n_flops]]), axis=1)
    if not (perms_array == np.arange(4)).all():
        raise ValueError("every image must be a suit permutation of 0..3.")
    return 0


cdef int _uth_check_solve_options(records, keys, decisions, Py_ssize_t n_flops) except -1:
    """uth_solve_flops's optional arrays: records with their keys, decisions per flop."""
    cdef const uint64_t[:, ::1] record_view
    cdef const uint64_t[::1] key_view
    cdef uint8_t[:, ::1] decision_view
    if (records is None) != (keys is None):
        raise ValueError("give both records and keys, or neither.")
    if records is not None:
        record_view = records
        key_view = keys
        n_classes = key_view.shape[0]
        if record_view.shape[0] != n_classes or record_view.shape[1] != UTH_HOLDINGS:
            raise ValueError(f"records must be a [{n_classes}, 1326] uint64 array matching "
                             f"keys, not [{record_view.shape[0]}, {record_view.shape[1]}].")
    if decisions is not None:
        decision_view = decisions
        if decision_view.shape[0] != n_flops or decision_view.shape[1] != UTH_HOLDINGS:
            raise ValueError(f"decisions must be a [{n_flops}, 1326] uint8 array, not "
                             f"[{decision_view.shape[0]}, {decision_view.shape[1]}].")
    return 0


cdef inline const int8_t* _uth_images(const int8_t[:, ::1] image_perms,
                                      const int32_t[::1] image_offsets,
                                      Py_ssize_t f) noexcept nogil:
    """The suit permutations of flop f's images (NULL when it has none)."""
    if image_offsets[f + 1] <= image_offsets[f]:
        return NULL
    return &image_perms[image_offsets[f], 0]


def uth_solve_flops(const int32_t[:, ::1] flops, const int32_t[::1] image_offsets,
                    const int8_t[:, ::1] image_perms, const int64_t[:, ::1] net,
                    int64_t fold_net, bint ties_larger, records=None, keys=None,
                    decisions=None):
    """Solve the flop and river for a batch of flops and add them up per holding.

    ``flops[f]`` are three cards; the images of flop f are the suit permutations
    ``image_perms[image_offsets[f]:image_offsets[f + 1]]``: each maps flop f to one flop it
    stands for, and each holding's sums are added to the permuted holding (a suit permutation
    of a deal changes no outcome). ``net[p, k]`` is the integer net pay of category k for a Play
    bet of p units (rows 0..4; row 0 is unused), ``fold_net`` the pay of a fold.

    With ``records`` and ``keys`` (from :func:`uth_board_records` on the boards of
    :func:`uth_board_classes`, computed with the same pays) each board's records are looked up
    by its suit class; without them they are computed for each board on the spot.

    At each flop the player bets 2x where that sum is worth more than checking and then playing
    the river the better way (equal values follow ``ties_larger``). Returns int64 arrays per
    holding id: ``play[1326, 17]`` (every flop with a Play bet made before it: the 4x and 3x
    lines), ``bet[1326, 17]`` (flops where 2x is chosen), ``check[1326, 17]`` (1x on the river
    after checking the flop), and ``extra[1326, 4]`` (turn-river pairs folded, river decisions
    of exactly equal value, flops bet 2x, flop decisions of exactly equal value).

    With ``decisions`` (a uint8 array ``[len(flops), 1326]``) the flop decision at each flop
    itself (not its images) is written there per holding id: 1 to bet 2x, 0 to check (and 0
    for the holdings that share a card with the flop).
    """
    _uth_check_net(net, fold_net)
    _uth_check_flops(flops, image_offsets, image_perms)
    cdef Py_ssize_t n_flops = flops.shape[0], f
    cdef int flop[3]
    cdef const uint64_t[:, ::1] record_view
    cdef const uint64_t[::1] key_view
    cdef const uint64_t* record_ptr = NULL
    cdef const uint64_t* key_ptr = NULL
    cdef Py_ssize_t n_classes = 0
    _uth_check_solve_options(records, keys, decisions, n_flops)
    if records is not None:
        record_view = records
        key_view = keys
        n_classes = key_view.shape[0]
        record_ptr = &record_view[0, 0]
        key_ptr = &key_view[0]
    cdef uint8_t[:, ::1] decision_view
    cdef uint8_t* decision_ptr = NULL
    if decisions is not None:
        decision_view = decisions
        if n_flops:
            decision_ptr = &decision_view[0, 0]
            memset(decision_ptr, 0, n_flops * UTH_HOLDINGS)
    play = np.zeros((UTH_HOLDINGS, UTH_CATEGORIES), dtype=np.int64)
    bet = np.zeros((UTH_HOLDINGS, UTH_CATEGORIES), dtype=np.int64)
    check = np.zeros((UTH_HOLDINGS, UTH_CATEGORIES), dtype=np.int64)
    extra = np.zeros((UTH_HOLDINGS, UTH_EXTRA), dtype=np.int64)
    cdef int64_t[:, ::1] play_view = play
    cdef int64_t[:, ::1] bet_view = bet
    cdef int64_t[:, ::1] check_view = check
    cdef int64_t[:, ::1] extra_view = extra
    cdef UthSolveSums out
    out.play = &play_view[0, 0]
    out.bet = &bet_view[0, 0]
    out.check = &check_view[0, 0]
    out.extra = &extra_view[0, 0]
    cdef int status = 0
    cdef void* block = malloc(sizeof(UthFlopWork) + 64)
    if block == NULL:
        raise MemoryError()
    cdef UthFlopWork* work = <UthFlopWork*>_uth_aligned_work(block)
    try:
        with nogil:
            for f in range(n_flops):
                flop[0] = flops[f, 0]
                flop[1] = flops[f, 1]
                flop[2] = flops[f, 2]
                if record_ptr != NULL:
                    status = _uth_flop_table(flop, record_ptr, key_ptr, n_classes, work)
                    if status < 0:
                        break
                else:
                    _uth_flop_direct(flop, &net[1, 0], fold_net, ties_larger, work)
                _uth_settle_flop(work, &net[0, 0], fold_net, ties_larger,
                                 _uth_images(image_perms, image_offsets, f),
                                 image_offsets[f + 1] - image_offsets[f],
                                 &decision_ptr[f * UTH_HOLDINGS] if decision_ptr != NULL else NULL,
                                 &out)
    finally:
        free(block)
    if status < 0:
        raise ValueError("records and keys do not cover every board (wrong class table).")
    return play, bet, check, extra
# Batch hold'em evaluation for the Monte Carlo check (edge/simulation): the strength and class of
# many dealt hands at once. Hands arrive the way the simulation deals them, one row per dealt
# card and one column per hand; ``rows`` picks the 5 to 7 cards of each hand that play. The
# evaluator is the shared one in edge._core (its own tests cover it); only the loop over hands is here.



def simulate_holdem_hands(const int16_t[:, :] cards, const int64_t[::1] rows):
    """Strengths (int32) and classes (int8, 0 high card .. 9 royal flush) of every column.

    Hand ``i`` is the cards ``cards[rows[j], i]``; they must be distinct (the caller deals them
    so); a card outside 0..51 raises ``ValueError``.
    """
    cdef Py_ssize_t hands = cards.shape[1]
    cdef Py_ssize_t count = rows.shape[0]
    cdef Py_ssize_t i, j
    cdef int card
    cdef Py_ssize_t bad = -1, twice = -1
    cdef uint64_t lanes, seen
    if not 5 <= count <= 7:
        raise ValueError(f"a hold'em hand has 5 to 7 cards, not {count}")
    for j in range(count):
        if not 0 <= rows[j] < cards.shape[0]:
            raise ValueError(f"row {rows[j]} is outside the {cards.shape[0]} dealt rows")
    strengths = np.empty(hands, dtype=np.int32)
    classes = np.empty(hands, dtype=np.int8)
    cdef int32_t[::1] strength = strengths
    cdef int8_t[::1] hand_class = classes
    with nogil:
        for i in range(hands):
            lanes = 0
            seen = 0
            for j in range(count):
                card = cards[rows[j], i]
                if card < 0 or card >= 52:
                    bad = i
                    break
                if (seen >> card) & 1:
                    twice = i
                    break
                seen |= (<uint64_t>1) << card
                lanes |= cy_card_lane(HT, card)
            if bad >= 0 or twice >= 0:
                break
            strength[i] = cy_evaluate_lanes(HT, lanes)
            hand_class[i] = <int8_t>cy_hand_class(strength[i])
    if bad >= 0 or twice >= 0:
        column = bad if bad >= 0 else twice
        dealt = [int(cards[rows[j], column]) for j in range(count)]
        problem = "a card outside 0..51" if bad >= 0 else "a card twice"
        raise ValueError(f"hand {column} has {problem}: {dealt}")
    return strengths, classes


cdef enum:
    SIM_RIVER_WIN_QUALIFIED = 0
    SIM_RIVER_WIN_UNQUALIFIED = 1
    SIM_RIVER_TIE = 2
    SIM_RIVER_LOSS_QUALIFIED = 3
    SIM_RIVER_LOSS_UNQUALIFIED = 4
    SIM_RIVER_RESULTS = 5


cdef inline void _river_tally(int player, int dealer, int32_t weight,
                              int32_t* out) noexcept nogil:
    """Add ``weight`` dealer holdings of strength ``dealer`` against the player's hand."""
    cdef bint qualified = dealer >= (HOLDEM_PAIR << HOLDEM_CLASS_SHIFT)
    if player > dealer:
        out[SIM_RIVER_WIN_UNQUALIFIED - qualified] += weight
    elif player == dealer:
        out[SIM_RIVER_TIE] += weight
    else:
        out[SIM_RIVER_LOSS_UNQUALIFIED - qualified] += weight


cdef void _river_plain(uint64_t seen, uint64_t board_lanes, int player,
                       int32_t* out) noexcept nogil:
    """Every dealer holding of two unseen cards, evaluated one by one."""
    cdef int first, second
    cdef uint64_t first_lanes
    for first in range(52):
        if (seen >> first) & 1:
            continue
        first_lanes = board_lanes | cy_card_lane(HT, first)
        for second in range(first + 1, 52):
            if not (seen >> second) & 1:
                _river_tally(player, cy_evaluate_lanes(HT, first_lanes | cy_card_lane(HT, second)), 1,
                             out)


cdef inline uint64_t _add_rank(uint64_t lanes, int rank) noexcept nogil:
    """Add a card of ``rank`` in the first suit that does not hold that rank yet."""
    cdef int suit
    for suit in range(4):
        if not (lanes >> (16 * suit + rank)) & 1:
            return lanes | ((<uint64_t>1) << (16 * suit + rank))
    return lanes


cdef void _river_grouped(uint64_t seen, const int* board, uint64_t board_lanes, int player,
                         int32_t* out) noexcept nogil:
    """The same counts as :func:`_river_plain`, grouping dealer holdings by their two ranks.

    A holding that cannot make a flush has the strength of its ranks alone (a non-flush hand
    depends only on how many cards of each rank there are), so each rank pair is evaluated once
    on a copy of the board whose suits are dealt round-robin (at most two per suit, so with two
    more cards no suit reaches five) and weighted by how many unseen holdings have those ranks.
    The holdings that can make a flush (enough cards of the suit the board holds three or more
    of) are taken out of their rank pair's weight and evaluated one by one with their suits.
    """
    cdef int suit_count[4]
    cdef int board_ranks[13]
    cdef int unseen[13]
    cdef int32_t weight[13][13]
    cdef int i, r, r1, r2, card, first, second, flush_suit = -1, need = 0, k = 0
    cdef uint64_t canonical = 0, lanes
    for i in range(4):
        suit_count[i] = 0
    for r in range(13):
        board_ranks[r] = 0
        unseen[r] = 4
        for i in range(4):
            unseen[r] -= (seen >> (4 * r + i)) & 1
    for i in range(5):
        suit_count[board[i] & 3] += 1
        board_ranks[board[i] >> 2] += 1
    for i in range(4):
        if suit_count[i] >= 3:
            flush_suit = i
            need = 5 - suit_count[i]
    if flush_suit >= 0 and need == 0:
        _river_plain(seen, board_lanes, player, out)
        return
    for r1 in range(13):
        weight[r1][r1] = unseen[r1] * (unseen[r1] - 1) // 2
        for r2 in range(r1 + 1, 13):
            weight[r1][r2] = unseen[r1] * unseen[r2]
    if flush_suit >= 0:
        # holdings with at least ``need`` cards of the flush suit: one of them is ``first``
        # (the lower flush card when both are), the other any unseen card that keeps it so
        for r1 in range(13):
            first = 4 * r1 + flush_suit
            if (seen >> first) & 1:
                continue
            for second in range(52):
                if second == first or (seen >> second) & 1:
                    continue
                if (second & 3) == flush_suit:
                    if second < first:
                        continue
                elif need == 2:
                    continue
                r2 = second >> 2
                if r2 < r1:
                    weight[r2][r1] -= 1
                else:
                    weight[r1][r2] -= 1
                _river_tally(player, cy_evaluate_lanes(HT, board_lanes | cy_card_lane(HT, first)
                                                       | cy_card_lane(HT, second)), 1, out)
    for r in range(13):
        for i in range(board_ranks[r]):
            canonical |= (<uint64_t>1) << (16 * (k & 3) + r)
            k += 1
    for r1 in range(13):
        for r2 in range(r1, 13):
            if weight[r1][r2] <= 0:
                continue
            lanes = _add_rank(_add_rank(canonical, r1), r2)
            _river_tally(player, cy_evaluate_lanes(HT, lanes), weight[r1][r2], out)


def simulate_river_counts(const int16_t[:, :] cards, const int64_t[::1] hole_rows,
                          const int64_t[::1] board_rows, const int64_t[::1] columns,
                          bint grouped=True):
    """What the player can count at the river: for each hand ``columns[m]``, how the player's
    two cards and the five board cards fare against every one of the 990 dealer holdings the
    player cannot rule out (two of the 45 unseen cards).

    Returns int32 ``[len(columns), 5]``: wins against a dealer who qualifies (a pair or better),
    wins against one who does not, ties, losses to a qualifier, losses to a non-qualifier.
    ``grouped`` evaluates each rank pair once (see ``_river_grouped``); ``grouped=False``
    evaluates every dealer holding, the plain way the tests compare it with.
    """
    cdef Py_ssize_t m = columns.shape[0], i, j
    cdef Py_ssize_t column
    cdef int card, player, bad = 0
    cdef int board[5]
    cdef uint64_t seen, board_lanes, hole_lanes
    if hole_rows.shape[0] != 2 or board_rows.shape[0] != 5:
        raise ValueError("a river has two hole cards and five board cards")
    for j in range(2):
        if not 0 <= hole_rows[j] < cards.shape[0]:
            raise ValueError(f"row {hole_rows[j]} is outside the {cards.shape[0]} dealt rows")
    for j in range(5):
        if not 0 <= board_rows[j] < cards.shape[0]:
            raise ValueError(f"row {board_rows[j]} is outside the {cards.shape[0]} dealt rows")
    for i in range(m):
        if not 0 <= columns[i] < cards.shape[1]:
            raise ValueError(f"hand {columns[i]} is outside the {cards.shape[1]} dealt hands")
    counts = np.zeros((m, SIM_RIVER_RESULTS), dtype=np.int32)
    cdef int32_t[:, ::1] out = counts
    with nogil:
        for i in range(m):
            column = columns[i]
            seen = 0
            board_lanes = 0
            hole_lanes = 0
            for j in range(7):
                card = cards[board_rows[j] if j < 5 else hole_rows[j - 5], column]
                if card < 0 or card >= 52:
                    bad = 1
                    break
                if (seen >> card) & 1:
                    bad = 2
                    break
                seen |= (<uint64_t>1) << card
                if j < 5:
                    board[j] = card
                    board_lanes |= cy_card_lane(HT, card)
                else:
                    hole_lanes |= cy_card_lane(HT, card)
            if bad:
                break
            player = cy_evaluate_lanes(HT, board_lanes | hole_lanes)
            if grouped:
                _river_grouped(seen, board, board_lanes, player, &out[i, 0])
            else:
                _river_plain(seen, board_lanes, player, &out[i, 0])
    if bad:
        dealt = [int(cards[row, column]) for row in
                 [*np.asarray(hole_rows).tolist(), *np.asarray(board_rows).tolist()]]
        problem = "a card outside 0..51" if bad == 1 else "a card twice"
        raise ValueError(f"hand {column} has {problem}: {dealt}")
    return counts


# --- fixed strategies (practical.py, strategy_language.py) -------------------------------------
#
# A strategy in the language decides the flop and the river by ordered rules over hand features
# (strategy_language.Feature: each a small whole number). A rule arrives compiled: per condition
# the feature's index and the set of values it allows as two 64-bit masks; the first rule whose
# conditions all hold decides, else ``otherwise``. Every feature is read from ranks and from
# which cards share a suit, never from which suit, so a suit permutation of a deal changes no
# feature and no decision: the decisions are computed once per suit class (of 5-card boards on
# the river, of flops on the flop) and hold for every member through the same permutation that
# carries the counts (the solve's records and images above).
#
# The river decision of the strategy is kept in each board record beside the optimal one (bit
# UTH_REC_STRATEGY_FOLD), with the number of the deciding rule (0 = otherwise) in four spare
# bits; the flop pass then adds, per flop and holding, the turn-river sums of three lines: bet
# 2x, check then play the river optimally, check then play it the strategy's way.

cdef enum:
    UTH_MAX_RULES = 15           # rule numbers 1..15 and 0 for otherwise fit in 4 bits
    UTH_MAX_CONDITIONS = 32
    UTH_FEATURES = 17
    UTH_NO_RANK = 13
    UTH_REC_STRATEGY_FOLD = 61   # the strategy folds this river
    UTH_RIVER_GROUPS = 16        # river departures are grouped by the deciding rule
    UTH_STRATEGY_ROW = 16        # packed words per holding: bet 2x, check then optimal river

# feature indexes (strategy_language.Feature)
cdef enum:
    F_HAND = 0
    F_BOARD_HAND = 1
    F_HIDDEN = 2
    F_POCKET_PAIR = 3
    F_PAIR = 4
    F_PAIR_RANK = 5
    F_FLUSH_DRAW = 6
    F_FLUSH_DRAW_HOLE = 7
    F_STRAIGHT_DRAW = 8
    F_STRAIGHT_DRAW_HOLE = 9
    F_HIGH_CARD = 10
    F_LOW_CARD = 11
    F_SUITED = 12
    F_DEALER_OUTS = 13
    F_DEALER_OUTS_HALF_TIES = 14
    F_DEALER_OUTS_WITH_TIES = 15
    F_HOLE_PAIRED = 16

cdef struct UthProgram:
    int n_rules
    int n_conditions[15]
    int feature[15][32]
    uint64_t mask_low[15][32]
    uint64_t mask_high[15][32]
    int action[15]
    int otherwise
    bint optimal
    bint needs_outs
    unsigned int needs              # bit f: some condition reads feature f

# Per 13-bit rank mask: whether it holds a straight (ace high or low), how many absent ranks
# would make one, and the ranks present in a 5-rank window that holds exactly four of them.
cdef uint8_t _UTH_STRAIGHT_MADE[8192]
cdef uint8_t _UTH_COMPLETIONS[8192]
cdef uint16_t _UTH_DRAW_RANKS[8192]


cdef bint _uth_straight(int mask) noexcept nogil:
    cdef int extended = (mask << 1) | ((mask >> 12) & 1)     # bit 0: the ace played low
    cdef int w
    for w in range(10):
        if ((extended >> w) & 31) == 31:
            return True
    return False


cdef void _uth_init_straights() noexcept nogil:
    cdef int mask, r, w, extended, window, j, count, present
    for mask in range(8192):
        _UTH_STRAIGHT_MADE[mask] = _uth_straight(mask)
        _UTH_COMPLETIONS[mask] = 0
        _UTH_DRAW_RANKS[mask] = 0
        if _UTH_STRAIGHT_MADE[mask]:
            continue
        for r in range(13):
            if not (mask >> r) & 1 and _uth_straight(mask | (1 << r)):
                _UTH_COMPLETIONS[mask] += 1
        extended = (mask << 1) | ((mask >> 12) & 1)
        for w in range(10):
            window = (extended >> w) & 31
            count = 0
            for j in range(5):
                count += (window >> j) & 1
            if count != 4:
                continue
            for j in range(5):
                if (window >> j) & 1:
                    present = w + j        # extended bit: 0 is the low ace, b >= 1 is rank b - 1
                    _UTH_DRAW_RANKS[mask] |= (1 << 12) if present == 0 else (1 << (present - 1))


_uth_init_straights()


cdef inline int _uth_popcount(unsigned int x) noexcept nogil:
    cdef int n = 0
    while x:
        x &= x - 1
        n += 1
    return n


cdef struct UthBoardContext:
    # what every holding's features need from the board (3 or 5 cards), counted once
    int rank_count[13]
    int suit_count[4]
    unsigned int board_mask         # the board's ranks
    int board_class


cdef void _uth_board_context(const int* board, int n_board, int board_class,
                             UthBoardContext* context) noexcept nogil:
    cdef int i
    memset(context, 0, sizeof(UthBoardContext))
    for i in range(n_board):
        context.rank_count[board[i] >> 2] += 1
        context.suit_count[board[i] & 3] += 1
        context.board_mask |= 1u << (board[i] >> 2)
    context.board_class = board_class


cdef enum:
    UTH_NEEDS_PAIR = (1 << F_PAIR) | (1 << F_PAIR_RANK)
    UTH_NEEDS_FLUSH = (1 << F_FLUSH_DRAW) | (1 << F_FLUSH_DRAW_HOLE)
    UTH_NEEDS_STRAIGHT = (1 << F_STRAIGHT_DRAW) | (1 << F_STRAIGHT_DRAW_HOLE)
    UTH_NEEDS_OUTS = ((1 << F_DEALER_OUTS) | (1 << F_DEALER_OUTS_HALF_TIES)
                      | (1 << F_DEALER_OUTS_WITH_TIES))


cdef struct UthHolding:
    # one holding's features (strategy_language.Feature), each computed when a rule first
    # reads it: the rules that decide early never pay for the features of later ones
    int a
    int b
    int hand_class
    int32_t strength                # river: the player's seven-card strength (dealer outs)
    unsigned int known              # bit f: v[f] is computed
    int v[17]


cdef struct UthRiverOuts:
    # the dealer's six-card hands of a river board (the board plus one unseen card), by card
    # and in ascending order; ``low``/``high`` sweep ``ordered`` as holdings come in
    # ascending strength (the river records' order)
    int32_t six[52]
    int32_t ordered[47]
    int n
    int low
    int high


cdef void _uth_river_outs(const int* board, UthRiverOuts* outs) noexcept nogil:
    cdef uint64_t board_lanes = 0, board_mask = 0
    cdef int i, j, c
    for i in range(5):
        board_lanes |= cy_card_lane(HT, board[i])
        board_mask |= (<uint64_t>1) << board[i]
    outs.n = 0
    outs.low = 0
    outs.high = 0
    for c in range(52):
        if (board_mask >> c) & 1:
            continue
        outs.six[c] = cy_evaluate_lanes(HT, board_lanes | cy_card_lane(HT, c))
        j = outs.n
        while j > 0 and outs.ordered[j - 1] > outs.six[c]:
            outs.ordered[j] = outs.ordered[j - 1]
            j -= 1
        outs.ordered[j] = outs.six[c]
        outs.n += 1


cdef void _uth_feature_group(int f, UthHolding* x,
                             const UthBoardContext* context) noexcept nogil:
    """The pair, flush-draw or straight-draw features of the holding (the group of f), marked
    known."""
    cdef int r, s, a = x.a, b = x.b, ra = x.a >> 2, rb = x.b >> 2, paired = -1, best, suited
    cdef int flush_suit = -1
    cdef unsigned int board_mask = context.board_mask, rank_mask, draw
    cdef int* v = x.v
    if f == F_PAIR or f == F_PAIR_RANK:
        v[F_PAIR] = 0
        v[F_PAIR_RANK] = UTH_NO_RANK
        if x.hand_class == 1:
            if ra == rb:
                v[F_PAIR] = 1
                v[F_PAIR_RANK] = ra
            else:
                if (board_mask >> ra) & 1:
                    paired = ra
                elif (board_mask >> rb) & 1:
                    paired = rb
                if paired >= 0:
                    # top = the highest distinct board rank, then second, third...
                    v[F_PAIR] = 2 + _uth_popcount(board_mask >> (paired + 1))
                    v[F_PAIR_RANK] = paired
                else:
                    v[F_PAIR] = 7
                    for r in range(13):
                        if context.rank_count[r] >= 2:
                            v[F_PAIR_RANK] = r
        x.known |= UTH_NEEDS_PAIR
    elif f == F_FLUSH_DRAW or f == F_FLUSH_DRAW_HOLE:
        # suits: at most one suit can hold four or more of seven cards
        v[F_FLUSH_DRAW] = 0
        v[F_FLUSH_DRAW_HOLE] = UTH_NO_RANK
        for s in range(4):
            suited = context.suit_count[s] + ((a & 3) == s) + ((b & 3) == s)
            if suited >= 4:
                flush_suit = s if suited == 4 else -2
        if flush_suit >= 0:
            v[F_FLUSH_DRAW] = 1
            best = -1
            if (a & 3) == flush_suit:
                best = ra
            if (b & 3) == flush_suit and rb > best:
                best = rb
            v[F_FLUSH_DRAW_HOLE] = best if best >= 0 else UTH_NO_RANK
        x.known |= UTH_NEEDS_FLUSH
    elif f == F_STRAIGHT_DRAW or f == F_STRAIGHT_DRAW_HOLE:
        v[F_STRAIGHT_DRAW] = 0
        v[F_STRAIGHT_DRAW_HOLE] = UTH_NO_RANK
        rank_mask = board_mask | (1u << ra) | (1u << rb)
        if not _UTH_STRAIGHT_MADE[rank_mask]:
            v[F_STRAIGHT_DRAW] = (2 if _UTH_COMPLETIONS[rank_mask] >= 2
                                  else _UTH_COMPLETIONS[rank_mask])
            draw = _UTH_DRAW_RANKS[rank_mask]
            best = -1
            if (draw >> ra) & 1:
                best = ra
            if (draw >> rb) & 1 and rb > best:
                best = rb
            if best >= 0:
                v[F_STRAIGHT_DRAW_HOLE] = best
        x.known |= UTH_NEEDS_STRAIGHT


cdef inline void _uth_dealer_outs(UthHolding* x, UthRiverOuts* outs) noexcept nogil:
    """The three dealer-outs features of the holding (0 without ``outs``), marked known."""
    cdef int a = x.a, b = x.b, out_count, ties
    cdef int* v = x.v
    out_count = 0
    ties = 0
    if outs != NULL:
        while outs.low < outs.n and outs.ordered[outs.low] < x.strength:
            outs.low += 1
        if outs.high < outs.low:
            outs.high = outs.low
        while outs.high < outs.n and outs.ordered[outs.high] <= x.strength:
            outs.high += 1
        # six-card hands above / equal, less the two that use the holding's own cards
        out_count = ((outs.n - outs.high) - (outs.six[a] > x.strength)
                     - (outs.six[b] > x.strength))
        ties = ((outs.high - outs.low) - (outs.six[a] == x.strength)
                - (outs.six[b] == x.strength))
    v[F_DEALER_OUTS] = out_count
    v[F_DEALER_OUTS_HALF_TIES] = 2 * out_count + ties
    v[F_DEALER_OUTS_WITH_TIES] = out_count + ties
    x.known |= UTH_NEEDS_OUTS


cdef inline void _uth_feature(int f, UthHolding* x, const UthBoardContext* context,
                              UthRiverOuts* outs) noexcept nogil:
    """Compute feature f of the holding (and the features computed with it) on a board (its
    context); ``outs`` (NULL off the river: the dealer-outs features are then 0) holds the
    dealer's six-card hands, swept in ascending strength. The one-line features are worked
    out here, the others by ``_uth_feature_group``."""
    cdef int ra = x.a >> 2, rb = x.b >> 2
    if f == F_HIDDEN:
        x.v[F_HIDDEN] = x.hand_class > context.board_class
    elif f == F_HAND:
        x.v[F_HAND] = x.hand_class
    elif f == F_BOARD_HAND:
        x.v[F_BOARD_HAND] = context.board_class
    elif f == F_POCKET_PAIR:
        x.v[F_POCKET_PAIR] = ra == rb
    elif f == F_HIGH_CARD:
        x.v[F_HIGH_CARD] = ra if ra > rb else rb
    elif f == F_LOW_CARD:
        x.v[F_LOW_CARD] = rb if ra > rb else ra
    elif f == F_SUITED:
        x.v[F_SUITED] = (x.a & 3) == (x.b & 3)
    elif f == F_HOLE_PAIRED:
        x.v[F_HOLE_PAIRED] = (context.rank_count[ra] + 1 + (ra == rb) >= 2
                              or context.rank_count[rb] + 1 + (ra == rb) >= 2)
    elif f == F_DEALER_OUTS or f == F_DEALER_OUTS_HALF_TIES or f == F_DEALER_OUTS_WITH_TIES:
        _uth_dealer_outs(x, outs)
    else:
        _uth_feature_group(f, x, context)
    x.known |= 1u << f


cdef inline int _uth_decide(const UthProgram* program, UthHolding* x,
                            const UthBoardContext* context, UthRiverOuts* outs,
                            int* rule, int first=0) noexcept nogil:
    """The action of the first rule whose conditions all hold (its number in ``rule``), else
    ``otherwise`` (rule 0); rules before ``first`` are known not to hold. Features are
    computed as the conditions read them."""
    cdef int r, k, f, value
    cdef bint holds
    for r in range(first, program.n_rules):
        holds = True
        for k in range(program.n_conditions[r]):
            f = program.feature[r][k]
            if not (x.known >> f) & 1:
                _uth_feature(f, x, context, outs)
            value = x.v[f]
            if value < 64:
                holds = (program.mask_low[r][k] >> value) & 1
            else:
                holds = (program.mask_high[r][k] >> (value - 64)) & 1
            if not holds:
                break
        if holds:
            rule[0] = r + 1
            return program.action[r]
    rule[0] = 0
    return program.otherwise


cdef enum:
    UTH_CLASS_FEATURES = (1 << F_HAND) | (1 << F_BOARD_HAND) | (1 << F_HIDDEN)


cdef struct UthClassPlan:
    # per hand class of the player on one board: ``decided`` the action | rule << 1 when the
    # hand class and the board alone decide, else -1; ``first`` the first rule the hand class
    # and the board leave possible (where the holding's own rules start)
    int decided[16]
    int first[16]


cdef void _uth_class_plan(const UthProgram* program, const UthBoardContext* context,
                          UthClassPlan* plan) noexcept nogil:
    """Read the rules once per hand class on a board: the conditions on the hand, the board's
    hand and whether the hand is hidden rule out rules (or decide) for every holding of that
    class at once."""
    cdef int c, r, k, f, value
    cdef bint possible, open_
    cdef UthHolding x
    for c in range(16):
        x.hand_class = c
        x.a = 0
        x.b = 0
        x.known = 0
        plan.first[c] = program.n_rules
        plan.decided[c] = program.otherwise
        for r in range(program.n_rules):
            possible = True
            open_ = False
            for k in range(program.n_conditions[r]):
                f = program.feature[r][k]
                if not (UTH_CLASS_FEATURES >> f) & 1:
                    open_ = True
                    continue
                if not (x.known >> f) & 1:
                    _uth_feature(f, &x, context, NULL)
                value = x.v[f]
                if value < 64:
                    possible = (program.mask_low[r][k] >> value) & 1
                else:
                    possible = (program.mask_high[r][k] >> (value - 64)) & 1
                if not possible:
                    break
            if not possible:
                continue
            plan.first[c] = r
            plan.decided[c] = -1 if open_ else program.action[r] | ((r + 1) << 1)
            break


cdef int _uth_load_program(program, UthProgram* out) except -1:
    """Fill ``out`` from (features int32 [R, C] (-1: none), masks uint64 [R, C, 2], actions
    int32 [R], otherwise, optimal)."""
    features, masks, actions, otherwise, optimal = program
    features = np.asarray(features, dtype=np.int32)
    masks = np.asarray(masks, dtype=np.uint64)
    actions = np.asarray(actions, dtype=np.int32)
    n_rules = int(actions.shape[0])
    if n_rules > UTH_MAX_RULES:
        raise ValueError(f"at most {UTH_MAX_RULES} rules per street, not {n_rules}")
    if features.ndim != 2 or features.shape[0] != n_rules or features.shape[1] > UTH_MAX_CONDITIONS:
        raise ValueError(f"features must be [{n_rules}, <= {UTH_MAX_CONDITIONS}]")
    if masks.shape != (n_rules, features.shape[1], 2):
        raise ValueError("masks must be [rules, conditions, 2]")
    out.n_rules = n_rules
    out.otherwise = int(otherwise)
    out.optimal = bool(optimal)
    out.needs_outs = False
    out.needs = 0
    for r in range(n_rules):
        out.action[r] = int(actions[r])
        n = 0
        for k in range(features.shape[1]):
            f = int(features[r, k])
            if f < 0:
                continue
            if f >= UTH_FEATURES:
                raise ValueError(f"feature index {f} is outside 0..{UTH_FEATURES - 1}")
            out.feature[r][n] = f
            out.mask_low[r][n] = int(masks[r, k, 0])
            out.mask_high[r][n] = int(masks[r, k, 1])
            out.needs |= 1u << f
            if f in (F_DEALER_OUTS, F_DEALER_OUTS_HALF_TIES, F_DEALER_OUTS_WITH_TIES):
                out.needs_outs = True
            n += 1
        out.n_conditions[r] = n
    return 0


cdef void _uth_river_context(const int* board, UthBoardContext* context) noexcept nogil:
    """The feature context of a river board (with its own hand class)."""
    cdef uint64_t board_lanes = 0
    cdef int i
    for i in range(5):
        board_lanes |= cy_card_lane(HT, board[i])
    _uth_board_context(board, 5, cy_hand_class(cy_evaluate_lanes(HT, board_lanes)), context)


cdef inline uint64_t _uth_strategy_bits(const UthProgram* program, const UthBoardCounts* counts,
                                        int i, uint64_t fold, const UthBoardContext* context,
                                        const UthClassPlan* classes,
                                        UthRiverOuts* outs) noexcept nogil:
    """The strategy's river decision (``UTH_REC_STRATEGY_FOLD``) and deciding rule (bits 62,
    63, 20 and 41) for the holding at sorted position i, whose optimal decision is ``fold``
    (``classes``: the board's class plan)."""
    cdef int action, rule, hand_class = counts.hand_class[i]
    cdef UthHolding holding
    if program.optimal:
        action = 1 - <int>fold
        rule = 0
    elif classes.decided[hand_class] >= 0:
        action = classes.decided[hand_class] & 1
        rule = classes.decided[hand_class] >> 1
    else:
        holding.a = counts.card_a[i]
        holding.b = counts.card_b[i]
        holding.hand_class = hand_class
        holding.strength = counts.strength[i]
        holding.known = 0
        action = _uth_decide(program, &holding, context, outs, &rule, classes.first[hand_class])
    return (((<uint64_t>(1 - action)) << UTH_REC_STRATEGY_FOLD)
            | ((<uint64_t>(rule & 3)) << 62) | ((<uint64_t>((rule >> 2) & 1)) << 20)
            | ((<uint64_t>((rule >> 3) & 1)) << 41))


cdef inline int _uth_record_rule(uint64_t record) noexcept nogil:
    return <int>(((record >> 62) & 3) | (((record >> 20) & 1) << 2) | (((record >> 41) & 1) << 3))


def uth_flop_plan(const int32_t[:, ::1] flops, program, uint8_t[:, ::1] plan,
                  uint8_t[:, ::1] rules):
    """A strategy's flop decision for every flop and holding id: ``plan`` 1 bet 2x, 0 check,
    2 the better of the two given the strategy's river (an optimal flop); ``rules`` the number
    of the deciding rule (0 = otherwise). Holdings sharing a card with the flop get 0, 0."""
    cdef UthProgram program_c
    _uth_load_program(program, &program_c)
    cdef Py_ssize_t n = flops.shape[0], f
    if flops.shape[1] != 3 or plan.shape[0] != n or plan.shape[1] != UTH_HOLDINGS \
            or rules.shape[0] != n or rules.shape[1] != UTH_HOLDINGS:
        raise ValueError("flops must be [n, 3] and plan, rules [n, 1326]")
    for f in range(n):
        _uth_check_cards(flops[f], 3, "flop")
    cdef int board[3]
    cdef int h, a, b, i, rule, board_class, action
    cdef uint64_t flop_mask, flop_lanes
    cdef UthBoardContext context
    cdef UthHolding holding
    with nogil:
        for f in range(n):
            flop_mask = 0
            flop_lanes = 0
            for i in range(3):
                board[i] = flops[f, i]
                flop_mask |= (<uint64_t>1) << board[i]
                flop_lanes |= cy_card_lane(HT, board[i])
            # three cards alone: three of a kind, a pair or high card
            if (board[0] >> 2) == (board[1] >> 2) and (board[1] >> 2) == (board[2] >> 2):
                board_class = 3
            elif ((board[0] >> 2) == (board[1] >> 2) or (board[1] >> 2) == (board[2] >> 2)
                    or (board[0] >> 2) == (board[2] >> 2)):
                board_class = 1
            else:
                board_class = 0
            _uth_board_context(board, 3, board_class, &context)
            for h in range(UTH_HOLDINGS):
                a = T.pair_a[h]
                b = T.pair_b[h]
                plan[f, h] = 0
                rules[f, h] = 0
                if (flop_mask >> a) & 1 or (flop_mask >> b) & 1:
                    continue
                if program_c.optimal:
                    plan[f, h] = 2
                    continue
                holding.a = a
                holding.b = b
                holding.hand_class = cy_hand_class(cy_evaluate_lanes(
                    HT, flop_lanes | cy_card_lane(HT, a) | cy_card_lane(HT, b)))
                holding.known = 0
                action = _uth_decide(&program_c, &holding, &context, NULL, &rule)
                plan[f, h] = action
                rules[f, h] = rule


def uth_features(const int32_t[::1] hole, const int32_t[::1] board, int dealer_outs=-1,
                 int tie_outs=-1):
    """Python hook for tests: the 17 feature values of two hole cards on a board of 3 or 5
    cards (the dealer-outs features are computed on a 5-card board)."""
    cdef int cards[5]
    cdef int i, f, c, n = board.shape[0], board_class
    cdef uint64_t lanes = 0
    if hole.shape[0] != 2 or n not in (3, 5):
        raise ValueError("two hole cards and a board of 3 or 5 cards")
    values = _uth_check_cards(list(hole) + list(board), 2 + n, "deal")
    for i in range(n):
        cards[i] = board[i]
        lanes |= cy_card_lane(HT, board[i])
    if n == 5:
        board_class = cy_hand_class(cy_evaluate_lanes(HT, lanes))
    else:
        ranks = sorted(c >> 2 for c in values[2:])
        board_class = 3 if ranks[0] == ranks[2] else (1 if ranks[0] == ranks[1] or ranks[1] == ranks[2] else 0)
    cdef UthHolding holding
    holding.a = hole[0]
    holding.b = hole[1]
    holding.strength = cy_evaluate_lanes(HT, lanes | cy_card_lane(HT, hole[0])
                                         | cy_card_lane(HT, hole[1]))
    holding.hand_class = cy_hand_class(holding.strength)
    holding.known = 0
    cdef UthBoardContext context
    _uth_board_context(cards, n, board_class, &context)
    cdef UthRiverOuts outs
    if n == 5:
        _uth_river_outs(cards, &outs)
    for f in range(UTH_FEATURES):
        if not (holding.known >> f) & 1:
            _uth_feature(f, &holding, &context, &outs if n == 5 else NULL)
    return [holding.v[f] for f in range(UTH_FEATURES)]


cdef struct UthStrategyWork:
    # per holding id: words 0..7 bet 2x, 8..15 check then the optimal river (the layout of
    # UthFlopWork.sums; the extra field counts folds)
    uint64_t sums[1326 * 16]
    # per holding id and deciding rule (``groups`` of them), the packed counts of the river
    # records where the strategy departs from optimal play (the extra field counts them):
    # changed[(h * groups + rule) * 8 + k]. The strategy's checking line is the optimal one
    # plus the departures of rules that play, less those of rules that fold (departures are
    # few, so the main loop stays the solve's)
    uint64_t changed[1326 * 16 * 8]
    int groups
    uint8_t departs[1326]               # the holding has a departure on this flop (its rows
                                        # above are zeroed again after they are read)
    int holdings[1176]
    int n_holdings
    Py_ssize_t board_class[1176]
    int perm[1176]


cdef inline void _uth_strategy_depart(uint64_t record, int h,
                                      UthStrategyWork* work) noexcept nogil:
    """One river record where the strategy departs from optimal play: its counts, under the
    deciding rule (their value and cost are worked out once per flop)."""
    cdef uint64_t* row = &work.changed[(h * work.groups + _uth_record_rule(record)) * UTH_ROW]
    row[(record >> UTH_REC_BLIND) & 7] += record & _UTH_WIN_MASK
    row[7] += ((record >> UTH_REC_LOSS_SHIFT) & _UTH_LOSS_MASK) | _UTH_EXTRA_ONE
    work.departs[h] = 1


cdef inline void _uth_strategy_accumulate(const uint64_t* records, const int16_t* holding_map,
                                          const uint64_t* upcoming,
                                          UthStrategyWork* work) noexcept nogil:
    """Add one board's records to the bet and optimal-check lines of every holding off the
    flop (as ``_uth_accumulate`` does), and hand each river departure of the strategy to
    ``_uth_strategy_depart`` (``upcoming``: the next board's records, fetched into cache along
    the way, or NULL)."""
    cdef int i, h, blind, line = 0, countdown = 1
    cdef uint64_t record, win, loss, fold, keep
    cdef uint64_t win_mask = _UTH_WIN_MASK, loss_mask = _UTH_LOSS_MASK
    cdef uint64_t* row
    for i in range(work.n_holdings):
        countdown -= 1
        if countdown == 0:
            countdown = 7                     # as in _uth_accumulate
            if upcoming != NULL and line < UTH_HOLDINGS:
                UTH_PREFETCH(&upcoming[line])
                line += 8
        h = work.holdings[i]
        record = records[holding_map[h]]
        blind = (record >> UTH_REC_BLIND) & 7
        win = record & win_mask
        loss = (record >> UTH_REC_LOSS_SHIFT) & loss_mask
        fold = (record >> UTH_REC_FOLD) & 1
        keep = fold - 1
        row = &work.sums[h * UTH_STRATEGY_ROW]
        row[blind] += win
        row[7] += loss
        row[UTH_ROW + blind] += win & keep
        row[UTH_ROW + 7] += (loss & keep) | (fold << 42)
        if ((record >> UTH_REC_STRATEGY_FOLD) & 1) != fold:
            _uth_strategy_depart(record, h, work)


cdef int _uth_strategy_flop(const int* flop, const uint64_t* records, const uint64_t* keys,
                            Py_ssize_t n_classes, const uint8_t* reached,
                            UthStrategyWork* work) noexcept nogil:
    """The strategy's flop sums of one flop (see _uth_flop_table) for the holdings off the flop
    that ``reached`` (NULL: all) lists; -1 if a class is missing."""
    cdef int n, i
    cdef const uint64_t* upcoming
    memset(work.sums, 0, sizeof(work.sums))
    work.n_holdings = cy_holdings_off(&T, cy_card_mask(flop, 3), work.holdings)
    if reached != NULL:
        n = 0
        for i in range(work.n_holdings):
            if reached[work.holdings[i]]:
                work.holdings[n] = work.holdings[i]
                n += 1
        work.n_holdings = n
    n = _uth_flop_board_classes(flop, keys, n_classes, work.board_class, work.perm)
    if n < 0:
        return -1
    for i in range(n):
        upcoming = &records[work.board_class[i + 1] * UTH_HOLDINGS] if i + 1 < n else NULL
        _uth_strategy_accumulate(&records[work.board_class[i] * UTH_HOLDINGS],
                                 _UTH_PERM_HOLDING[work.perm[i]], upcoming, work)
    return 0


cdef struct UthStrategyOutcome:
    # one holding's lines on one flop (see uth_strategy_flops)
    int64_t play[17]              # bet 2x
    int64_t optimal[17]           # check, then the optimal river
    int64_t strategy[17]          # check, then the strategy's river
    int64_t optimal_folds
    int64_t strategy_folds
    int64_t rule_cost[16]         # per deciding rule: the cost of its river departures
    int64_t rule_points[16]       # and their number
    int64_t bet_value
    int64_t optimal_value
    int64_t strategy_value
    bint bets


cdef struct UthStrategySums:
    # the accumulators of uth_strategy_flops (C-contiguous, per holding id)
    int64_t* bet                  # [1326, 17]
    int64_t* check                # [1326, 17]
    int64_t* extra                # [1326, 4]
    int64_t* river_cost           # [1326, 16]
    int64_t* river_points         # [1326, 16]


cdef inline void _uth_strategy_departures(UthStrategyWork* work, int h, const int64_t* net1,
                                          int64_t fold_value, const uint8_t* river_actions,
                                          UthStrategyOutcome* x) noexcept nogil:
    """Turn the optimal checking line into the strategy's by each rule's river departures:
    the strategy plays what optimal play folds (the rule's action is play) or folds what it
    plays; each rule's cost and count are kept (exact: differences of exact counts)."""
    cdef int g, k
    cdef int64_t changed, rule_value
    cdef int64_t changed_counts[17]
    for g in range(work.groups):
        _uth_unpack(&work.changed[(h * work.groups + g) * UTH_ROW], changed_counts, &changed)
        rule_value = changed * fold_value
        for k in range(UTH_CATEGORIES):
            x.strategy[k] += changed_counts[k] if river_actions[g] else -changed_counts[k]
            rule_value -= changed_counts[k] * net1[k]
        x.strategy_folds += -changed if river_actions[g] else changed
        x.rule_cost[g] = rule_value if river_actions[g] else -rule_value
        x.rule_points[g] = changed


cdef inline void _uth_strategy_outcome(UthStrategyWork* work, int h, const int64_t* net,
                                       int64_t fold_value, const uint8_t* river_actions,
                                       UthStrategyOutcome* x) noexcept nogil:
    """One holding's three lines on the flop (its sums in ``work``) and their exact values."""
    cdef int k
    cdef int64_t unused
    cdef const int64_t* net1 = &net[UTH_CATEGORIES]
    cdef const int64_t* net2 = &net[2 * UTH_CATEGORIES]
    _uth_unpack(&work.sums[h * UTH_STRATEGY_ROW], x.play, &unused)
    _uth_unpack(&work.sums[h * UTH_STRATEGY_ROW + UTH_ROW], x.optimal, &x.optimal_folds)
    x.strategy_folds = x.optimal_folds
    for k in range(UTH_CATEGORIES):
        x.strategy[k] = x.optimal[k]
    if work.departs[h]:
        _uth_strategy_departures(work, h, net1, fold_value, river_actions, x)
    x.bet_value = 0
    x.optimal_value = x.optimal_folds * fold_value
    x.strategy_value = x.strategy_folds * fold_value
    for k in range(UTH_CATEGORIES):
        x.bet_value += x.play[k] * net2[k]
        x.optimal_value += x.optimal[k] * net1[k]
        x.strategy_value += x.strategy[k] * net1[k]


cdef inline void _uth_strategy_images(const UthStrategyOutcome* x, int h, const int8_t* perms,
                                      int n_images, UthStrategySums* out) noexcept nogil:
    """Add the line the strategy takes at the flop to the permuted holding of each image."""
    cdef int g, k, target
    cdef int64_t* row
    for g in range(n_images):
        target = cy_permuted_holding(&T, h, &perms[4 * g])
        if x.bets:
            row = &out.bet[target * UTH_CATEGORIES]
            for k in range(UTH_CATEGORIES):
                row[k] += x.play[k]
            out.extra[target * UTH_EXTRA + 2] += 1
        else:
            row = &out.check[target * UTH_CATEGORIES]
            for k in range(UTH_CATEGORIES):
                row[k] += x.strategy[k]
            out.extra[target * UTH_EXTRA + 0] += x.strategy_folds


cdef void _uth_strategy_settle(UthStrategyWork* work, const int64_t* net, int64_t fold_value,
                               bint ties_larger, const uint8_t* river_actions,
                               const uint8_t* plan, int64_t* values, uint8_t* decisions,
                               const int8_t* perms, int n_images,
                               UthStrategySums* out) noexcept nogil:
    """Every holding of a played flop (its sums in ``work``): its three values, the strategy's
    flop decision (``plan``: 1 bet, 0 check, 2 the better), the cost of its river departures
    on checked flops, and its line added to the flop's images (``plan``, ``values``,
    ``decisions``: the flop's rows by holding id)."""
    cdef int i, g, h
    cdef UthStrategyOutcome x
    for i in range(work.n_holdings):
        h = work.holdings[i]
        _uth_strategy_outcome(work, h, net, fold_value, river_actions, &x)
        values[h * 3 + 0] = x.bet_value
        values[h * 3 + 1] = x.optimal_value
        values[h * 3 + 2] = x.strategy_value
        if plan[h] == 2:
            x.bets = x.bet_value > x.strategy_value or (x.bet_value == x.strategy_value
                                                        and ties_larger)
        else:
            x.bets = plan[h] == 1
        decisions[h] = x.bets
        if work.departs[h]:
            if not x.bets:
                for g in range(work.groups):
                    out.river_cost[h * UTH_RIVER_GROUPS + g] += x.rule_cost[g] * n_images
                    out.river_points[h * UTH_RIVER_GROUPS + g] += x.rule_points[g] * n_images
            memset(&work.changed[h * work.groups * UTH_ROW], 0,
                   work.groups * UTH_ROW * sizeof(uint64_t))
            work.departs[h] = 0
        _uth_strategy_images(&x, h, perms, n_images, out)


cdef int _uth_check_strategy(const int32_t[:, ::1] flops, const int32_t[::1] image_offsets,
                             const int8_t[:, ::1] image_perms, const uint64_t[:, ::1] records,
                             const uint64_t[::1] keys, const uint8_t[:, ::1] plan,
                             int64_t[:, :, ::1] values, uint8_t[:, ::1] decisions,
                             int64_t[:, ::1] river_cost, int64_t[:, ::1] river_points,
                             const uint8_t[::1] river_actions) except -1:
    """The shapes uth_strategy_flops needs (ValueError naming the first that is wrong)."""
    cdef Py_ssize_t n_flops = flops.shape[0], n_classes = keys.shape[0]
    if flops.shape[1] != 3 or image_offsets.shape[0] != n_flops + 1:
        raise ValueError("flops must be [n, 3] with n + 1 image offsets")
    if records.shape[0] != n_classes or records.shape[1] != UTH_HOLDINGS:
        raise ValueError("records must be [len(keys), 1326]")
    if plan.shape[0] != n_flops or plan.shape[1] != UTH_HOLDINGS \
            or decisions.shape[0] != n_flops or decisions.shape[1] != UTH_HOLDINGS:
        raise ValueError("plan and decisions must be [len(flops), 1326]")
    if values.shape[0] != n_flops or values.shape[1] != UTH_HOLDINGS or values.shape[2] != 3:
        raise ValueError("values must be [len(flops), 1326, 3]")
    if river_cost.shape[0] != UTH_HOLDINGS or river_cost.shape[1] != UTH_RIVER_GROUPS \
            or river_points.shape[0] != UTH_HOLDINGS or river_points.shape[1] != UTH_RIVER_GROUPS:
        raise ValueError("river_cost and river_points must be [1326, 16]")
    if not 1 <= river_actions.shape[0] <= UTH_RIVER_GROUPS:
        raise ValueError("river_actions: one action per river rule and one for otherwise")
    if image_perms.shape[1] != 4 or image_offsets[n_flops] > image_perms.shape[0]:
        raise ValueError("image_perms must hold a 4-suit permutation for every image")
    for row_index in range(n_flops):
        _uth_check_cards(flops[row_index], 3, "flop")
    return 0


def uth_strategy_flops(const int32_t[:, ::1] flops, const int32_t[::1] image_offsets,
                       const int8_t[:, ::1] image_perms, const int64_t[:, ::1] net,
                       int64_t fold_net, bint ties_larger, const uint64_t[:, ::1] records,
                       const uint64_t[::1] keys, const uint8_t[:, ::1] plan,
                       int64_t[:, :, ::1] values, uint8_t[:, ::1] decisions,
                       int64_t[:, ::1] river_cost, int64_t[:, ::1] river_points,
                       const uint8_t[::1] river_actions, reached=None):
    """A fixed strategy's flop and river for a batch of flops, added up per holding.

    ``records`` come from :func:`uth_board_records` with a river plan (boards of
    :func:`uth_board_classes`);
    ``plan[f, h]`` is the strategy's flop decision (see :func:`uth_flop_plan`). Writes, per flop
    and holding id: ``values[f, h]`` = (bet 2x, check then the optimal river, check then the
    strategy's river) in scaled units over the flop's 1,081 turn-river pairs x 990 dealer
    holdings; ``decisions[f, h]`` the decision taken (1 bet). Adds, for the flops the strategy
    checks, the river departures' cost and count per deciding rule into ``river_cost`` and
    ``river_points`` ``[1326, 16]`` (``river_actions[g]``: the strategy's river action, 1 play,
    under rule g, 0 for otherwise), by the holding as it stands on the flop given, times the
    flop's number of images. Returns per holding id over all images (as :func:`uth_solve_flops`
    does): ``bet[1326, 17]``, ``check[1326, 17]`` (the strategy's 1x), ``extra[1326, 4]``
    (turn-river pairs folded, 0, flops bet 2x, 0).

    ``reached`` (uint8 ``[1326]`` by holding id, the same for every suit permutation of a
    holding; None: all): only the holdings it marks are played; the others' values,
    decisions and sums stay 0 (a strategy that bets 4x or 3x before the flop never reaches it).
    """
    _uth_check_net(net, fold_net)
    _uth_check_strategy(flops, image_offsets, image_perms, records, keys, plan, values,
                        decisions, river_cost, river_points, river_actions)
    cdef Py_ssize_t n_flops = flops.shape[0], n_classes = keys.shape[0], f
    bet = np.zeros((UTH_HOLDINGS, UTH_CATEGORIES), dtype=np.int64)
    check = np.zeros((UTH_HOLDINGS, UTH_CATEGORIES), dtype=np.int64)
    extra = np.zeros((UTH_HOLDINGS, UTH_EXTRA), dtype=np.int64)
    cdef int64_t[:, ::1] bet_view = bet
    cdef int64_t[:, ::1] check_view = check
    cdef int64_t[:, ::1] extra_view = extra
    cdef UthStrategySums out
    out.bet = &bet_view[0, 0]
    out.check = &check_view[0, 0]
    out.extra = &extra_view[0, 0]
    out.river_cost = &river_cost[0, 0]
    out.river_points = &river_points[0, 0]
    cdef int status = 0
    cdef int board[3]
    cdef const uint8_t[::1] reached_view
    cdef const uint8_t* reached_ptr = NULL
    if reached is not None:
        reached_view = reached
        if reached_view.shape[0] != UTH_HOLDINGS:
            raise ValueError("reached must be [1326]")
        reached_ptr = &reached_view[0]
    cdef void* block = calloc(1, sizeof(UthStrategyWork) + 64)
    if block == NULL:
        raise MemoryError()
    cdef UthStrategyWork* work = <UthStrategyWork*>_uth_aligned_work(block)
    work.groups = river_actions.shape[0]
    try:
        with nogil:
            for f in range(n_flops):
                board[0] = flops[f, 0]
                board[1] = flops[f, 1]
                board[2] = flops[f, 2]
                status = _uth_strategy_flop(board, &records[0, 0], &keys[0], n_classes,
                                            reached_ptr, work)
                if status < 0:
                    break
                _uth_strategy_settle(work, &net[0, 0], fold_net * UTH_DEALER_HOLDINGS,
                                     ties_larger, &river_actions[0], &plan[f, 0],
                                     &values[f, 0, 0], &decisions[f, 0],
                                     _uth_images(image_perms, image_offsets, f),
                                     image_offsets[f + 1] - image_offsets[f], &out)
    finally:
        free(block)
    if status < 0:
        raise ValueError("records and keys do not cover every board (wrong class table).")
    return bet, check, extra
