# cython: language_level=3
# Ultimate Texas Hold'em with one card seen (docs/protection.md, docs/rules.md section 4): the
# exact solves of seen=dealer-1, dealer-1,flop-1, dealer-1,turn-river-1 and flop-1.
#
# Board groups. For one 5-card board every holding of the 47 other cards gets a strength; the
# distinct strengths are numbered in ascending order ("groups"), so two holdings compare as
# their group numbers do. Holdings that cannot make a flush have the strength of their two ranks
# alone: per flop, the 91 hole rank pairs are evaluated once for each of the 91 turn-river rank
# pairs (suits spread so no flush forms) and put in order; the holdings that can make a flush
# are evaluated one by one and merged in.
#
# One dealer card d seen. The dealer's hand is {d, x} with x one of the 46 cards off the board
# and d; its group is the group of the holding {d, x}, so the groups of one board serve every d.
# With Lt[g] (dealer hands below group g) and Le[g] (at or below g), a holding {a, b} of group
# g beats Lt[g] - [gx(a) < g] - [gx(b) < g] of the 44 dealer hands left to it (gx(c): the group
# of {d, c}), and so on for ties and for dealers below a pair (a threshold group q0).
#
# Boards that cannot make a flush (no three cards of a suit) are counted by hole rank pair: every
# holding of a rank pair off the board and d has the same strength and meets the same dealer
# hands by rank, so one holding stands for its rank pair (_dealer_ranks). A holding's state then
# takes its rank pair's sums over those boards less the records of the boards that hold one of
# its own cards (_share_ranks_flop, _share_ranks_turn_river). Packed words are added and taken
# as integers: a field that passes its width on the way is exact again once the boards a holding
# cannot see are taken out.
#
# No dealer card seen (flop-1). The holdings are sorted by group (counting sort) and swept once
# with per-card counters, the 990 dealer holdings of each player holding counted exactly.
#
# Outcome categories: those of every UTH kernel (../holdem.pxd): 0..6 wins against a
# qualifying dealer by the player's Blind class, 7..13 wins against a dealer below a pair, 14 tie,
# 15 losses to a qualifier, 16 losses to a dealer below a pair.
#
# Flop sums are packed: for one dealer card, a flop state sums at most 1,035 turn-river pairs of
# 44 dealer hands (45,540 < 2**16), four 16-bit fields to a word; without one, 1,081 pairs of 990
# holdings (< 2**21), three 21-bit fields to a word. Word k < 7 holds (wins vs a qualifier, wins
# vs a dealer below a pair, ties) for Blind class k, word 7 the losses; words 8..15 the same for
# the line "check, then the better of 1x and fold" (word 15 also counts the folded turn-river
# pairs and the river decisions of exactly equal value). The flop states that also know a
# turn-river card (dealer-1,turn-river-1) have 8 words of 11-bit fields (see
# _unpack_state): each board adds its counts to the states of both its turn-river cards while
# it is swept; half their sum over that card is the flop state that does not know it.
#
# The accumulators have 56 values per preflop state (int64 for dealer-1 and flop-1, int32 for
# the states that also know a flop or turn-river card): 0..16 the 4x/3x line's counts,
# 17..33 the 2x line's, 34..50 the 1x line's, 51 turn-river pairs (or rivers) folded, 52 river
# decisions of equal value, 53 flops bet 2x, 54 flop decisions of equal value, 55 unused.
#
# Bounds (the X_*_SUM and X_*_CELL constants below; the debug build asserts each where it is
# used, see holdem.pxd's cy_assert_bound). A sweep counts every state 6 times (a unit's weight,
# 6 / the permutations fixing the flop and the seen card, times its holdings' orbits): at most
# X_UNIT_WEIGHT and X_ORBIT each. An int32 cell of dealer-1,flop-1 (rank of d, flop card f,
# holding) sums the flop states of the C(48, 2) = 1,128 flops through f off d and the holding,
# each's values at most X_FLOP_DEALER_SUM: 6 x 1,128 x 45,540 = 308,214,720, 6.97 times below
# 2**31 - 1; a cell of dealer-1,turn-river-1 (card t instead of f) sums the C(48, 3) = 17,296
# flops off d, t and the holding of X_TURN_RIVER_SUM each: 6 x 17,296 x 1,980 = 205,476,480,
# 10.5 times below. The packed fields hold one state's counts: X_FLOP_DEALER_SUM in 16 bits
# (1.44 times below 2**16), X_FLOP_SUM in 21 bits (1.96 times below 2**21), X_TURN_RIVER_SUM
# in 11 bits (3.3% below 2**11 = 2,048: the tightest; a state of more boards would not fit).

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

import numpy as np

from edge._core cimport (HoldemTables, cy_card_lane, cy_evaluate_lanes, cy_hand_class,
                         cy_holdem_tables)
from edge.games.ultimate_texas_holdem.holdem cimport (
    EDGE_DEBUG, UTH_CATEGORIES, UTH_HOLDINGS, UTH_LOSE_QUALIFIED, UTH_LOSE_UNQUALIFIED,
    UTH_RANK_PAIRS, UTH_TIE, UthTables, cy_assert_bound, cy_blind_class, cy_card_mask,
    cy_check_cards, cy_check_offsets, cy_check_pays, cy_check_perms, cy_flop_bets,
    cy_flush_keys, cy_flush_suit, cy_holdings_off, cy_makes_flush, cy_outcome_counts,
    cy_permuted_card, cy_permuted_holding, cy_play_value, cy_rank_order, cy_turn_rivers,
    cy_uth_init_tables, cy_unpack21)

cdef const HoldemTables* HT = cy_holdem_tables()
# the holding, rank-pair and suit-permutation numbering shared by the UTH kernels (holdem.pxd)
cdef UthTables T
cy_uth_init_tables(&T)

# (the outcome categories, holdings and rank pairs: holdem.pxd)
cdef enum:
    X_BOARDS = 1176           # turn-river pairs off a flop
    X_GROUPS = 1184           # room for the groups of one board (at most 91 + 1,081)
    X_CARD_BLOCKS = 10        # blocks of five of the 49 cards off a flop
    X_ROW = 56                # accumulator values per preflop state
    X_PLAY = 0
    X_BET = 17
    X_CHECK = 34
    X_FOLDS = 51
    X_RIVER_TIES = 52
    X_FLOP_BETS = 53
    X_FLOP_TIES = 54
    X_NONE = 0xFFFF
    # the bounds of the header, by the integer type each is for
    X_FLOP_DEALER_SUM = 45540      # C(46, 2) turn-river pairs x 44 dealer hands, 16-bit fields
    X_FLOP_SUM = 1070190           # C(47, 2) turn-river pairs x 990 dealer holdings, 21 bits
    X_TURN_RIVER_SUM = 1980        # 45 boards of one turn-river card x 44 dealer hands, 11 bits
    X_UNIT_WEIGHT = 6              # a unit's weight at most (6 / the permutations fixing it)
    X_ORBIT = 24                   # a flop class's flops at most (flop_one_flops)
    X_DEALER_HANDS = 44            # dealer hands {d, x} off a board and a holding
    X_DEALER_HOLDINGS = 990        # dealer holdings off a board and a holding (flop-1)

# The pays' bound: a state's int64 values are its counts (at most X_FLOP_SUM) times a pay, so
# pays within 2**40 keep them within 1,070,190 x 2**40 < 1.2 x 10**18, 7.8 times below 2**63.
cdef int64_t X_PAY_LIMIT = (<int64_t>1) << 40

cdef uint64_t M16 = 0xFFFF
cdef int64_t INT32_MAX = 2147483647
# whether this build asserts the bounds (the debug build, EDGE_DEBUG=1; for the tests)
DEBUG = bool(EDGE_DEBUG)


cdef inline void _debug_sums(const int64_t* play, const int64_t* check, int64_t folds,
                             int64_t dealers, int64_t total, const char* what) noexcept nogil:
    """The debug build's check of one state's unpacked sums: the counts of the 4x/3x/2x line
    add up to ``total`` (every board's dealer hands) and the checking line's with its folded
    boards' alike, which a field that overflowed into the next would break."""
    cdef int64_t played = 0, checked = 0
    cdef int k
    for k in range(UTH_CATEGORIES):
        played += play[k]
        checked += check[k]
    cy_assert_bound(played == total and checked + folds * dealers == total, what)


cdef inline void _add_int32(int32_t* cell, int64_t value) noexcept nogil:
    """Add ``value`` to an int32 accumulator cell (the header's X_*_CELL bounds, asserted in
    the debug build)."""
    if EDGE_DEBUG:
        cy_assert_bound(0 <= cell[0] + value <= INT32_MAX, "an int32 accumulator overflows")
    cell[0] += <int32_t>value

cdef struct FlopWork:
    int flop[3]
    int n_boards
    int turn[1176]
    int river[1176]
    int board_of[52][52]          # board index of a turn-river pair, -1 if none
    int sweep[1176]               # the boards in blocks of turn and river cards (see _start_flop)
    # per turn-river rank pair: hole rank pair strengths and their ascending order
    int32_t rank_strength[91][91]
    uint8_t rank_order[91][91]
    int rank_length[91]
    # per board
    uint16_t group[1176][1326]    # group of each holding, X_NONE if it shares a card
    uint16_t order[1176][1081]    # the holdings off the board by ascending group
    uint8_t blind[1176][1184]     # Blind class of each group
    int qualify[1176]             # the first group of a pair or better
    int n_groups[1176]
    int8_t flush_suit[1176]       # the suit of three or more of the board's cards, or -1
    uint64_t mask[1176]           # the board's five cards
    # scratch
    uint64_t flush_keys[1081]
    int rank_group[91]
    int start[1185]
    int holdings[1326]            # holding ids off the flop
    int n_holdings


cdef void _start_flop(const int* flop, FlopWork* w) noexcept nogil:
    """The flop's boards, the rank tables of its turn-river rank pairs, its holdings."""
    cdef uint64_t mask = cy_card_mask(flop, 3)
    cdef int ranks[5]
    cdef int t, h, i, j, n
    cdef int position[52]
    w.flop[0] = flop[0]
    w.flop[1] = flop[1]
    w.flop[2] = flop[2]
    for t in range(UTH_RANK_PAIRS):
        ranks[0] = flop[0] >> 2
        ranks[1] = flop[1] >> 2
        ranks[2] = flop[2] >> 2
        ranks[3] = T.rank_low[t]
        ranks[4] = T.rank_high[t]
        w.rank_length[t] = cy_rank_order(HT, &T, ranks, w.rank_strength[t], w.rank_order[t])
    for i in range(52):
        for j in range(52):
            w.board_of[i][j] = -1
    w.n_boards = cy_turn_rivers(mask, w.turn, w.river)
    for h in range(w.n_boards):
        w.board_of[w.turn[h]][w.river[h]] = h
        w.board_of[w.river[h]][w.turn[h]] = h
    # the turn-river sweep takes the boards in blocks of five turn cards by five river cards,
    # so the states it adds to (one per card) stay in the core's cache while a block is swept
    n = 0
    for i in range(52):
        if not (mask >> i) & 1:
            position[i] = n
            n += 1
    n = 0
    for i in range(X_CARD_BLOCKS):
        for j in range(i, X_CARD_BLOCKS):
            for h in range(w.n_boards):
                if position[w.turn[h]] // 5 == i and position[w.river[h]] // 5 == j:
                    w.sweep[n] = h
                    n += 1
    w.n_holdings = cy_holdings_off(&T, mask, w.holdings)


cdef inline int _group_of(FlopWork* w, int index, int32_t s, int g, int32_t* last) noexcept nogil:
    """The group of strength s, met in ascending order after group g (of strength ``last``):
    g again, or a new group with its Blind class (and the board's first group of a pair)."""
    if s != last[0]:
        g += 1
        last[0] = s
        w.blind[index][g] = <uint8_t>cy_blind_class(cy_hand_class(s))
        if w.qualify[index] < 0 and cy_hand_class(s) >= 1:
            w.qualify[index] = g
    return g


cdef int _number_groups(FlopWork* w, int index, int n_flush) noexcept nogil:
    """Number the distinct strengths of board ``index`` in ascending order: merge its rank
    pairs' order (the board's turn-river rank pair's table) with the flush holdings' keys.
    The flush holdings get their group, the rank pairs theirs in ``w.rank_group``; returns
    the last group."""
    cdef int trp = T.rank_pair[w.turn[index] >> 2][w.river[index] >> 2]
    cdef int i = 0, fi = 0, g = -1, pair
    cdef int32_t last = -1
    cdef uint64_t key
    cdef int length = w.rank_length[trp]
    cdef const int32_t* strength = w.rank_strength[trp]
    cdef const uint8_t* order = w.rank_order[trp]
    w.qualify[index] = -1
    while i < length or fi < n_flush:
        if fi < n_flush and (i >= length or
                             <int32_t>(w.flush_keys[fi] >> 16) < strength[order[i]]):
            key = w.flush_keys[fi]
            g = _group_of(w, index, <int32_t>(key >> 16), g, &last)
            w.group[index][T.pair_id[(key >> 8) & 0xFF][key & 0xFF]] = <uint16_t>g
            fi += 1
        else:
            pair = order[i]
            g = _group_of(w, index, strength[pair], g, &last)
            w.rank_group[pair] = g
            i += 1
    w.n_groups[index] = g + 1
    if w.qualify[index] < 0:
        w.qualify[index] = g + 1
    return g


cdef void _sort_by_group(FlopWork* w, int index, int g) noexcept nogil:
    """``w.order[index]``: the holdings off the board by ascending group (a counting sort of
    groups 0..g)."""
    cdef const uint16_t* group = w.group[index]
    cdef int i, h
    memset(w.start, 0, (g + 2) * sizeof(int))
    for h in range(UTH_HOLDINGS):
        if group[h] != X_NONE:
            w.start[group[h] + 1] += 1
    for i in range(g + 1):
        w.start[i + 1] += w.start[i]
    for h in range(UTH_HOLDINGS):
        if group[h] != X_NONE:
            w.order[index][w.start[group[h]]] = <uint16_t>h
            w.start[group[h]] += 1


cdef void _board_groups(FlopWork* w, int index) noexcept nogil:
    """The group of every holding on board ``index`` of the flop, and its groups' classes."""
    cdef int board[5]
    cdef uint64_t mask
    cdef int h, a, b, flush_suit, need, n_flush = 0, g
    cdef uint16_t* group = w.group[index]
    board[0] = w.flop[0]
    board[1] = w.flop[1]
    board[2] = w.flop[2]
    board[3] = w.turn[index]
    board[4] = w.river[index]
    mask = cy_card_mask(board, 5)
    flush_suit = cy_flush_suit(board, &need)
    w.flush_suit[index] = <int8_t>flush_suit
    w.mask[index] = mask
    if flush_suit >= 0:
        n_flush = cy_flush_keys(HT, board, mask, flush_suit, need, w.flush_keys)
    g = _number_groups(w, index, n_flush)
    for h in range(UTH_HOLDINGS):
        a = T.pair_a[h]
        b = T.pair_b[h]
        if (mask >> a) & 1 or (mask >> b) & 1:
            group[h] = X_NONE
        elif not cy_makes_flush(flush_suit, need, a, b):
            group[h] = <uint16_t>w.rank_group[T.rank_pair[a >> 2][b >> 2]]
    _sort_by_group(w, index, g)


cdef inline void _unpack16(const uint64_t* row, int64_t* counts, int64_t* extra,
                           int64_t* extra2) noexcept nogil:
    cdef int k
    counts[UTH_TIE] = 0
    for k in range(7):
        counts[k] = row[k] & M16
        counts[7 + k] = (row[k] >> 16) & M16
        counts[UTH_TIE] += (row[k] >> 32) & M16
    counts[UTH_LOSE_QUALIFIED] = row[7] & M16
    counts[UTH_LOSE_UNQUALIFIED] = (row[7] >> 16) & M16
    extra[0] = (row[7] >> 32) & M16
    extra2[0] = (row[7] >> 48) & M16


cdef struct Record:
    uint64_t word[4]              # the words one holding adds to its state on one board
    int blind                     # its Blind class there


cdef struct Dealer:
    int gx[52]                    # group of the dealer hand {d, x}; 0x7FFF if none
    int lt[1185]                  # dealer hands below each group
    int below_pair                # dealer hands below a pair
    int qualify                   # the board's first group of a pair or better
    int d


cdef inline void _dealer_hands(const FlopWork* w, int index, int d, Dealer* dealer) noexcept nogil:
    """The 44 dealer hands {d, x} of board ``index`` counted by group."""
    cdef const uint16_t* group = w.group[index]
    cdef int n_groups = w.n_groups[index]
    cdef int x, g, pair
    memset(dealer.lt, 0, (n_groups + 1) * sizeof(int))
    for x in range(52):
        pair = T.pair_id[d][x] if x != d else -1
        if pair >= 0 and group[pair] != X_NONE:
            dealer.gx[x] = group[pair]
            dealer.lt[dealer.gx[x] + 1] += 1
        else:
            dealer.gx[x] = 0x7FFF
    for g in range(n_groups):
        dealer.lt[g + 1] += dealer.lt[g]
    dealer.qualify = w.qualify[index]
    dealer.below_pair = dealer.lt[dealer.qualify]
    dealer.d = d


cdef inline void _record(const Dealer* dealer, int g, int a, int b, int blind,
                         const int64_t* net1, int64_t fold_value, bint ties_larger,
                         bint turn_river, Record* record) noexcept nogil:
    """What holding {a, b} of group g adds to its state for one board: the 44 dealer hands by
    category and the river decision, packed as a flop state's (16-bit fields) or a turn-river
    state's (11-bit fields) words."""
    cdef int ga = dealer.gx[a], gb = dealer.gx[b], q0 = dealer.qualify
    cdef int weaker = dealer.lt[g] - (ga < g) - (gb < g)
    cdef int le = dealer.lt[g + 1] - (ga <= g) - (gb <= g)
    cdef int unq = dealer.below_pair - (ga < q0) - (gb < q0)
    cdef int category[5]
    cdef int win_q, win_u, tie, lose_q, lose_u
    cdef int64_t value
    cdef uint64_t fold, keep, rtie, counts, wins, win, loss
    cy_outcome_counts(weaker, le - weaker, unq, g >= q0, 44, category)
    win_q = category[0]
    win_u = category[1]
    tie = category[2]
    lose_q = category[3]
    lose_u = category[4]
    value = cy_play_value(category, blind, net1)
    rtie = value == fold_value
    fold = (value < fold_value) | (rtie & (not ties_larger))
    keep = fold - 1
    record.blind = blind
    if turn_river:
        counts = (<uint64_t>win_q | (<uint64_t>win_u << 11) | (<uint64_t>tie << 22)
                  | (<uint64_t>lose_q << 33) | (<uint64_t>lose_u << 44))
        wins = <uint64_t>win_q | (<uint64_t>win_u << 11)
        record.word[0] = counts | (rtie << 55)
        record.word[1] = (counts & keep) | (fold << 55)
        record.word[2] = wins | ((wins & keep) << 22)
        record.word[3] = 0
    else:
        win = <uint64_t>win_q | (<uint64_t>win_u << 16) | (<uint64_t>tie << 32)
        loss = <uint64_t>lose_q | (<uint64_t>lose_u << 16)
        record.word[0] = win
        record.word[1] = loss
        record.word[2] = win & keep
        record.word[3] = (loss & keep) | (fold << 32) | (rtie << 48)


cdef inline void _add_flop(uint64_t* row, const Record* record) noexcept nogil:
    """Add a record to a flop state (16 words, see the header)."""
    row[record.blind] += record.word[0]
    row[7] += record.word[1]
    row[8 + record.blind] += record.word[2]
    row[15] += record.word[3]


cdef inline void _take_flop(uint64_t* row, const Record* record) noexcept nogil:
    """Take a record added by :func:`_add_flop` back out."""
    row[record.blind] -= record.word[0]
    row[7] -= record.word[1]
    row[8 + record.blind] -= record.word[2]
    row[15] -= record.word[3]


cdef inline void _add_turn_river(uint64_t* row, const Record* record) noexcept nogil:
    """Add a record to a turn-river state (8 words, see _unpack_state)."""
    row[0] += record.word[0]
    row[1] += record.word[1]
    if record.blind:
        row[1 + record.blind] += record.word[2]


cdef inline void _take_turn_river(uint64_t* row, const Record* record) noexcept nogil:
    """Take a record added by :func:`_add_turn_river` back out."""
    row[0] -= record.word[0]
    row[1] -= record.word[1]
    if record.blind:
        row[1 + record.blind] -= record.word[2]


cdef inline void _dealer_board(FlopWork* w, int index, int d, const int64_t* net1,
                               int64_t fold_value, bint ties_larger, uint64_t* sums,
                               uint64_t* turn_river, const int* slot, int n_slots,
                               const uint8_t* wanted) noexcept nogil:
    """Add board ``index`` (one that can make a flush) with seen dealer card d to the flop
    sums of the holdings ``wanted`` marks (off the flop and d) that hold a card of the flush
    suit (the others are counted by rank pair, _dealer_ranks). Holdings are taken by ascending
    strength (the branches then rarely turn).

    With ``turn_river`` (``[52, n_slots, 8]``, ``slot[h]`` the holding's place) the board's
    records go instead to the turn-river states of its turn card and of its river card."""
    cdef Dealer dealer
    cdef Record record
    cdef const uint16_t* group = w.group[index]
    cdef const uint16_t* order = w.order[index]
    cdef const uint8_t* blind_of = w.blind[index]
    cdef int i, h, g, suit = w.flush_suit[index]
    cdef uint64_t* turn_row = NULL
    cdef uint64_t* river_row = NULL
    _dealer_hands(w, index, d, &dealer)
    if turn_river != NULL:
        turn_row = &turn_river[w.turn[index] * n_slots * 8]
        river_row = &turn_river[w.river[index] * n_slots * 8]
    for i in range(1081):
        h = order[i]
        if not wanted[h] or ((T.pair_a[h] & 3) != suit and (T.pair_b[h] & 3) != suit):
            continue
        g = group[h]
        _record(&dealer, g, T.pair_a[h], T.pair_b[h], blind_of[g], net1, fold_value,
                ties_larger, turn_river != NULL, &record)
        if turn_river != NULL:
            _add_turn_river(&turn_row[slot[h] * 8], &record)
            _add_turn_river(&river_row[slot[h] * 8], &record)
        else:
            _add_flop(&sums[h * 16], &record)


cdef inline bint _shares(int flush_suit, int a, int b) noexcept nogil:
    """Whether holding {a, b} is counted by rank pair on a board with this flush suit (-1:
    none): it then holds no card of the flush suit."""
    return (a & 3) != flush_suit and (b & 3) != flush_suit


cdef inline void _dealer_ranks(FlopWork* w, int index, int d, const int64_t* net1,
                               int64_t fold_value, bint ties_larger, Record* records,
                               uint64_t* rank_sums, uint64_t* rank_turn_river) noexcept nogil:
    """Board ``index`` with seen dealer card d, by hole rank pair, for the holdings with no card
    of the board's flush suit (all holdings if it has none): those of one rank pair off the
    board and d have the same strength and meet the same dealer hands by rank and flush suit,
    so one of them stands for all. ``records[rp]`` gets the record of rank pair rp (zero if no
    such holding is left), added to the sums of the board's class c (its flush suit, 4 if
    none): ``rank_sums[c, rp]`` (``[5, 91, 16]``) or, in ``rank_turn_river`` (``[5, 52, 91,
    8]``), the rows of the board's turn and river cards."""
    cdef Dealer dealer
    cdef const uint16_t* group = w.group[index]
    cdef const uint8_t* blind_of = w.blind[index]
    cdef int suit = w.flush_suit[index]
    cdef int c = suit if suit >= 0 else 4
    cdef uint64_t blocked = w.mask[index] | (<uint64_t>1 << d)
    cdef int rp, low, high, s1, s2, a, b, g
    cdef Record* record
    if suit >= 0:                 # no card of the flush suit may stand for a rank pair
        for s1 in range(13):
            blocked |= <uint64_t>1 << (4 * s1 + suit)
    _dealer_hands(w, index, d, &dealer)
    for rp in range(UTH_RANK_PAIRS):
        record = &records[rp]
        low = T.rank_low[rp] * 4
        high = T.rank_high[rp] * 4
        a = -1
        b = -1
        for s1 in range(4):
            if (blocked >> (low + s1)) & 1:
                continue
            for s2 in range(4):
                if high + s2 != low + s1 and not (blocked >> (high + s2)) & 1:
                    a = low + s1
                    b = high + s2
                    break
            if b >= 0:
                break
        if b < 0:
            memset(record, 0, sizeof(Record))
            continue
        g = group[T.pair_id[a][b]]
        _record(&dealer, g, a, b, blind_of[g], net1, fold_value, ties_larger,
                rank_turn_river != NULL, record)
        if rank_turn_river != NULL:
            _add_turn_river(&rank_turn_river[((c * 52 + w.turn[index]) * UTH_RANK_PAIRS + rp) * 8],
                            record)
            _add_turn_river(&rank_turn_river[((c * 52 + w.river[index]) * UTH_RANK_PAIRS + rp) * 8],
                            record)
        else:
            _add_flop(&rank_sums[(c * UTH_RANK_PAIRS + rp) * 16], record)


# A turn-river state (dealer-1,turn-river-1) sums at most 45 boards of 44 dealer hands (1,980 <
# 2,048) in 11-bit fields: word 0 the 4x/3x/2x line's counts (wins vs a qualifier, wins vs a
# dealer below a pair, ties, losses to a qualifier, losses to a dealer below a pair, at bits 0,
# 11, 22, 33, 44) and the equal rivers at 55, word 1 the checking line's counts and the folds at
# 55, word k (k = 2..7) the wins of Blind class k - 1 of both lines (the 2x line's at bits 0 and
# 11, the checking line's at 22 and 33); class 0's wins are the rest.
cdef uint64_t M11 = 0x7FF


cdef inline void _unpack_state(const uint64_t* row, int64_t* play, int64_t* check,
                               int64_t* folds, int64_t* rties) noexcept nogil:
    """A turn-river state's sums by the 17 categories, its folds and equal rivers."""
    cdef int k, f
    cdef uint64_t word
    for k in range(UTH_CATEGORIES):
        play[k] = 0
        check[k] = 0
    play[0] = row[0] & M11
    play[7] = (row[0] >> 11) & M11
    play[UTH_TIE] = (row[0] >> 22) & M11
    play[UTH_LOSE_QUALIFIED] = (row[0] >> 33) & M11
    play[UTH_LOSE_UNQUALIFIED] = (row[0] >> 44) & M11
    rties[0] = (row[0] >> 55) & 0x1FF
    check[0] = row[1] & M11
    check[7] = (row[1] >> 11) & M11
    check[UTH_TIE] = (row[1] >> 22) & M11
    check[UTH_LOSE_QUALIFIED] = (row[1] >> 33) & M11
    check[UTH_LOSE_UNQUALIFIED] = (row[1] >> 44) & M11
    folds[0] = (row[1] >> 55) & 0x1FF
    for k in range(1, 7):
        word = row[1 + k]
        play[k] = word & M11
        play[7 + k] = (word >> 11) & M11
        check[k] = (word >> 22) & M11
        check[7 + k] = (word >> 33) & M11
        play[0] -= play[k]
        play[7] -= play[7 + k]
        check[0] -= check[k]
        check[7] -= check[7 + k]


cdef void _decide_counts(const int64_t* play, const int64_t* check, int64_t folds,
                         int64_t rties, const int64_t* net, int64_t fold_value,
                         bint ties_larger, int64_t* line) noexcept nogil:
    """Decide one flop state (2x or check) from its sums and write its 56 line values."""
    cdef int64_t bet_value, check_value
    cdef int k
    cdef bint bets = cy_flop_bets(play, check, folds, fold_value, &net[UTH_CATEGORIES],
                                  &net[2 * UTH_CATEGORIES], ties_larger, &bet_value,
                                  &check_value)
    memset(line, 0, X_ROW * sizeof(int64_t))
    for k in range(UTH_CATEGORIES):
        line[X_PLAY + k] = play[k]
    if bets:
        for k in range(UTH_CATEGORIES):
            line[X_BET + k] = play[k]
        line[X_FLOP_BETS] = 1
    else:
        for k in range(UTH_CATEGORIES):
            line[X_CHECK + k] = check[k]
        line[X_FOLDS] = folds
        line[X_RIVER_TIES] = rties
    line[X_FLOP_TIES] = bet_value == check_value


cdef inline void _decide_add32(const int64_t* play, const int64_t* check, int64_t folds,
                               int64_t rties, const int64_t* net, int64_t fold_value,
                               bint ties_larger, int64_t weight, int32_t* out) noexcept nogil:
    """Decide one flop state as :func:`_decide_counts` does and add its line values, times
    ``weight``, to ``out`` directly (the values left 0 are not touched)."""
    cdef int64_t bet_value, check_value
    cdef int k
    cdef bint bets = cy_flop_bets(play, check, folds, fold_value, &net[UTH_CATEGORIES],
                                  &net[2 * UTH_CATEGORIES], ties_larger, &bet_value,
                                  &check_value)
    for k in range(UTH_CATEGORIES):
        _add_int32(&out[X_PLAY + k], weight * play[k])
    if bets:
        for k in range(UTH_CATEGORIES):
            _add_int32(&out[X_BET + k], weight * play[k])
        _add_int32(&out[X_FLOP_BETS], weight)
    else:
        for k in range(UTH_CATEGORIES):
            _add_int32(&out[X_CHECK + k], weight * check[k])
        _add_int32(&out[X_FOLDS], weight * folds)
        _add_int32(&out[X_RIVER_TIES], weight * rties)
    if bet_value == check_value:
        _add_int32(&out[X_FLOP_TIES], weight)


cdef inline void _add64(const int64_t* line, int64_t weight, int64_t* out) noexcept nogil:
    cdef int k
    for k in range(X_ROW):
        out[k] += weight * line[k]


cdef inline void _add32(const int64_t* line, int64_t weight, int32_t* out) noexcept nogil:
    cdef int k
    for k in range(X_ROW):
        _add_int32(&out[k], weight * line[k])


cdef void _representatives(const int* flop, int d, uint8_t* wanted) noexcept nogil:
    """Mark the holdings off the flop and d that are the least of their orbit under the suit
    permutations fixing the flop and d: ``wanted[h]`` is then the orbit's size (others 0)."""
    cdef int fixing[24]
    cdef int n = 0, p, i, h, a, b, image, smallest, size, k
    cdef int8_t* q
    cdef int img[24]
    cdef uint64_t mask = cy_card_mask(flop, 3)
    cdef uint64_t moved
    for p in range(24):
        q = T.perms[p]
        moved = ((<uint64_t>1 << cy_permuted_card(flop[0], q))
                 | (<uint64_t>1 << cy_permuted_card(flop[1], q))
                 | (<uint64_t>1 << cy_permuted_card(flop[2], q)))
        if moved == mask and cy_permuted_card(d, q) == d:
            fixing[n] = p
            n += 1
    for h in range(UTH_HOLDINGS):
        a = T.pair_a[h]
        b = T.pair_b[h]
        if (mask >> a) & 1 or (mask >> b) & 1 or a == d or b == d:
            wanted[h] = 0
            continue
        smallest = h
        size = 0
        for i in range(n):
            q = T.perms[fixing[i]]
            image = T.pair_id[cy_permuted_card(a, q)][cy_permuted_card(b, q)]
            if image < smallest:
                smallest = image
            for k in range(size):
                if img[k] == image:
                    break
            else:
                img[size] = image
                size += 1
        wanted[h] = <uint8_t>size if smallest == h else 0


cdef inline void _share_ranks_flop(const FlopWork* w, int h, int d, const Record* records,
                                   const uint64_t* rank_sums, uint64_t* row) noexcept nogil:
    """Add to holding h's flop state the boards that count it by rank pair (no card of their
    flush suit): its rank pair's sums over those boards less the records of the ones that hold
    one of its cards (d's are not in them)."""
    cdef int a = T.pair_a[h], b = T.pair_b[h], rp = T.rank_pair[T.pair_a[h] >> 2][T.pair_b[h] >> 2]
    cdef int c, k, r, index
    for c in range(5):
        if c == 4 or _shares(c, a, b):
            for k in range(16):
                row[k] += rank_sums[(c * UTH_RANK_PAIRS + rp) * 16 + k]
    for r in range(52):
        if r == d:
            continue
        index = w.board_of[a][r]
        if index >= 0 and _shares(w.flush_suit[index], a, b):
            _take_flop(row, &records[index * UTH_RANK_PAIRS + rp])
        index = w.board_of[b][r]
        if index >= 0 and r != a and _shares(w.flush_suit[index], a, b):
            _take_flop(row, &records[index * UTH_RANK_PAIRS + rp])


cdef inline void _share_ranks_turn_river(const FlopWork* w, int h, int t, const Record* records,
                                         const uint64_t* rank_turn_river, const uint64_t* row,
                                         uint64_t* state) noexcept nogil:
    """Holding h's turn-river state for card t: ``row`` (the boards that count it one by one)
    plus its rank pair's sums for t over the boards that count it by rank pair, less the
    boards {t, a} and {t, b} of its cards."""
    cdef int a = T.pair_a[h], b = T.pair_b[h], rp = T.rank_pair[T.pair_a[h] >> 2][T.pair_b[h] >> 2]
    cdef int c, k, index
    for k in range(8):
        state[k] = row[k]
    for c in range(5):
        if c == 4 or _shares(c, a, b):
            for k in range(8):
                state[k] += rank_turn_river[((c * 52 + t) * UTH_RANK_PAIRS + rp) * 8 + k]
    index = w.board_of[t][a]
    if _shares(w.flush_suit[index], a, b):
        _take_turn_river(state, &records[index * UTH_RANK_PAIRS + rp])
    index = w.board_of[t][b]
    if _shares(w.flush_suit[index], a, b):
        _take_turn_river(state, &records[index * UTH_RANK_PAIRS + rp])


cdef struct DealerOneWork:
    # what dealer_one_flops works in (see there)
    FlopWork* w
    uint64_t* sums                # [1326, 16] flop states (modes 0, 1)
    uint8_t* wanted               # [1326] orbit sizes of the unit's representative holdings
    int64_t* totals               # [1326, 36] flop states summed over t (mode 3)
    uint64_t* turn_river          # [52, n_slots, 8] turn-river states (modes 2, 3)
    int* listed                   # the unit's holdings by slot
    int* slot                     # and the slot of each
    int n_slots
    Record* records               # [1176, 91] the rank pairs' records by board
    uint64_t* rank_sums           # [5, 91, 16] (modes 0, 1)
    uint64_t* rank_turn_river     # [5, 52, 91, 8] (modes 2, 3)


cdef struct DealerOneOut:
    # the accumulators (NULL when not filled) and the pays of dealer_one_flops
    int64_t* dealer               # [13, 1326, 56]
    int32_t* flop                 # [676, 1326, 56]
    int32_t* turn_river           # [676, 1326, 56]
    const int64_t* net            # [5, 17]
    int64_t fold_value
    bint ties_larger
    int mode


cdef int _dealer_one_alloc(DealerOneWork* x, int mode) noexcept nogil:
    """Allocate the work (its pointers NULL first); -1 when out of memory."""
    memset(x, 0, sizeof(DealerOneWork))
    x.w = <FlopWork*>malloc(sizeof(FlopWork))
    x.sums = <uint64_t*>calloc(UTH_HOLDINGS * 16, sizeof(uint64_t))
    x.wanted = <uint8_t*>malloc(UTH_HOLDINGS)
    x.totals = <int64_t*>calloc(UTH_HOLDINGS * 36, sizeof(int64_t))
    x.listed = <int*>malloc(UTH_HOLDINGS * sizeof(int))
    x.slot = <int*>malloc(UTH_HOLDINGS * sizeof(int))
    x.records = <Record*>malloc(X_BOARDS * UTH_RANK_PAIRS * sizeof(Record))
    x.rank_sums = <uint64_t*>malloc(5 * UTH_RANK_PAIRS * 16 * sizeof(uint64_t))
    if mode >= 2:
        x.turn_river = <uint64_t*>malloc(52 * UTH_HOLDINGS * 8 * sizeof(uint64_t))
        x.rank_turn_river = <uint64_t*>malloc(5 * 52 * UTH_RANK_PAIRS * 8 * sizeof(uint64_t))
    if x.w == NULL or x.sums == NULL or x.wanted == NULL or x.totals == NULL \
            or x.listed == NULL or x.slot == NULL or x.records == NULL or x.rank_sums == NULL \
            or (mode >= 2 and (x.turn_river == NULL or x.rank_turn_river == NULL)):
        return -1
    return 0


cdef void _dealer_one_free(DealerOneWork* x) noexcept nogil:
    free(x.w)
    free(x.sums)
    free(x.wanted)
    free(x.totals)
    free(x.turn_river)
    free(x.records)
    free(x.rank_sums)
    free(x.rank_turn_river)
    free(x.listed)
    free(x.slot)


cdef void _dealer_flop_sums(DealerOneWork* x, int d, const DealerOneOut* out) noexcept nogil:
    """The flop states of the unit's holdings with dealer card d (modes 0, 1): every board
    off d, flush holdings one by one and the rest by rank pair (see _share_ranks_flop)."""
    cdef FlopWork* w = x.w
    cdef int index, h
    memset(x.sums, 0, UTH_HOLDINGS * 16 * sizeof(uint64_t))
    memset(x.rank_sums, 0, 5 * UTH_RANK_PAIRS * 16 * sizeof(uint64_t))
    for index in range(w.n_boards):
        if w.turn[index] == d or w.river[index] == d:
            continue
        if w.flush_suit[index] >= 0:
            _dealer_board(w, index, d, &out.net[UTH_CATEGORIES], out.fold_value,
                          out.ties_larger, x.sums, NULL, NULL, 0, x.wanted)
        _dealer_ranks(w, index, d, &out.net[UTH_CATEGORIES], out.fold_value, out.ties_larger,
                      &x.records[index * UTH_RANK_PAIRS], x.rank_sums, NULL)
    for h in range(UTH_HOLDINGS):
        if x.wanted[h]:
            _share_ranks_flop(w, h, d, x.records, x.rank_sums, &x.sums[h * 16])


cdef void _dealer_turn_river_sums(DealerOneWork* x, int d, const DealerOneOut* out) noexcept nogil:
    """The turn-river states with dealer card d (modes 2, 3): every board adds its counts to
    the states t = its turn card and t = its river card; a holding's slot is its place among
    the unit's holdings."""
    cdef FlopWork* w = x.w
    cdef int h, k, index
    x.n_slots = 0
    for h in range(UTH_HOLDINGS):
        if x.wanted[h]:
            x.slot[h] = x.n_slots
            x.listed[x.n_slots] = h
            x.n_slots += 1
    memset(x.turn_river, 0, 52 * x.n_slots * 8 * sizeof(uint64_t))
    memset(x.rank_turn_river, 0, 5 * 52 * UTH_RANK_PAIRS * 8 * sizeof(uint64_t))
    for k in range(w.n_boards):
        index = w.sweep[k]
        if w.turn[index] == d or w.river[index] == d:
            continue
        if w.flush_suit[index] >= 0:
            _dealer_board(w, index, d, &out.net[UTH_CATEGORIES], out.fold_value,
                          out.ties_larger, NULL, x.turn_river, x.slot, x.n_slots, x.wanted)
        _dealer_ranks(w, index, d, &out.net[UTH_CATEGORIES], out.fold_value, out.ties_larger,
                      &x.records[index * UTH_RANK_PAIRS], NULL, x.rank_turn_river)


cdef void _dealer_turn_river_states(DealerOneWork* x, const int* flop, int d,
                                    const int8_t* perm, int64_t weight,
                                    const DealerOneOut* out) noexcept nogil:
    """Decide every turn-river state (holding, t) of the unit and add its lines, times the
    unit's weight and the holding's orbit, to ``out.turn_river``; in mode 3 also sum the
    states over t (each flop state is counted twice there: once per turn-river card)."""
    cdef int t, i, k, h, fc, target, rank = d >> 2
    cdef uint64_t state[8]
    cdef int64_t play[17]
    cdef int64_t check[17]
    cdef int64_t folds, rties
    cdef int64_t* tot
    cdef uint64_t* row
    if out.mode == 3:
        memset(x.totals, 0, UTH_HOLDINGS * 36 * sizeof(int64_t))
    for t in range(52):
        if t == d or t == flop[0] or t == flop[1] or t == flop[2]:
            continue
        row = &x.turn_river[t * x.n_slots * 8]
        fc = cy_permuted_card(t, perm)
        for i in range(x.n_slots):
            h = x.listed[i]
            if T.pair_a[h] == t or T.pair_b[h] == t:
                continue
            _share_ranks_turn_river(x.w, h, t, x.records, x.rank_turn_river, &row[i * 8], state)
            _unpack_state(state, play, check, &folds, &rties)
            if EDGE_DEBUG:
                _debug_sums(play, check, folds, X_DEALER_HANDS, X_TURN_RIVER_SUM,
                            "a turn-river state's 11-bit fields overflow")
            target = cy_permuted_holding(&T, h, perm)
            _decide_add32(play, check, folds, rties, out.net, out.fold_value, out.ties_larger,
                          weight * x.wanted[h],
                          &out.turn_river[((rank * 52 + fc) * UTH_HOLDINGS + target) * X_ROW])
            if out.mode == 3:
                tot = &x.totals[h * 36]
                for k in range(UTH_CATEGORIES):
                    tot[k] += play[k]
                    tot[17 + k] += check[k]
                tot[34] += folds
                tot[35] += rties


cdef void _dealer_flop_states(DealerOneWork* x, const int* flop, int d, const int8_t* perm,
                              int64_t weight, const DealerOneOut* out) noexcept nogil:
    """Decide every flop state (holding, d, flop) of the unit and add its lines, times the
    unit's weight and the holding's orbit, to dealer-1's and dealer-1,flop-1's accumulators."""
    cdef int h, j, k, fc, target, rank = d >> 2
    cdef int64_t play[17]
    cdef int64_t check[17]
    cdef int64_t line[56]
    cdef int64_t folds, rties
    cdef int64_t* tot
    for h in range(UTH_HOLDINGS):
        if not x.wanted[h]:
            continue
        if out.mode < 2:
            _unpack16(&x.sums[h * 16], play, &folds, &rties)
            _unpack16(&x.sums[h * 16 + 8], check, &folds, &rties)
        else:
            tot = &x.totals[h * 36]
            for k in range(UTH_CATEGORIES):
                play[k] = tot[k] >> 1
                check[k] = tot[17 + k] >> 1
            folds = tot[34] >> 1
            rties = tot[35] >> 1
        if EDGE_DEBUG:
            _debug_sums(play, check, folds, X_DEALER_HANDS, X_FLOP_DEALER_SUM,
                        "a dealer-1 flop state's 16-bit fields overflow")
        _decide_counts(play, check, folds, rties, out.net, out.fold_value, out.ties_larger,
                       line)
        target = cy_permuted_holding(&T, h, perm)
        if out.dealer != NULL:
            _add64(line, weight * x.wanted[h],
                   &out.dealer[(rank * UTH_HOLDINGS + target) * X_ROW])
        if out.flop != NULL:
            for j in range(3):
                fc = cy_permuted_card(flop[j], perm)
                _add32(line, weight * x.wanted[h],
                       &out.flop[((rank * 52 + fc) * UTH_HOLDINGS + target) * X_ROW])


cdef void _dealer_unit(DealerOneWork* x, const int* flop, int d, const int8_t* perm,
                       int64_t weight, const DealerOneOut* out) noexcept nogil:
    """One unit of a flop (seen dealer card d, its permutation and weight): only the holdings
    least in their orbit under the suit permutations fixing the flop and d are solved, each
    standing for its orbit (a suit permutation of a deal changes no outcome)."""
    _representatives(flop, d, x.wanted)
    if out.mode < 2:
        _dealer_flop_sums(x, d, out)
    else:
        _dealer_turn_river_sums(x, d, out)
        _dealer_turn_river_states(x, flop, d, perm, weight, out)
        if out.mode == 2:
            return
    _dealer_flop_states(x, flop, d, perm, weight, out)


cdef int _check_dealer_one(const int32_t[:, ::1] flops, const int32_t[::1] unit_offsets,
                           const int32_t[::1] seen, const int8_t[:, ::1] perms,
                           const int64_t[::1] weights, const int64_t[:, ::1] net,
                           int64_t fold_net, int mode, out_dealer, out_flop,
                           out_turn_river) except -1:
    """What dealer_one_flops needs (ValueError naming the first that is wrong): the shapes,
    each flop three distinct cards, units that rise through their arrays, each seen card off
    its flop with a suit permutation taking it to suit 0 and a weight 1..X_UNIT_WEIGHT (the
    int32 bounds of the header count on it). Once per call, before the loops."""
    cdef Py_ssize_t n_flops = flops.shape[0], f, u
    cdef uint64_t flop_mask
    if flops.shape[1] != 3 or unit_offsets.shape[0] != n_flops + 1:
        raise ValueError("flops must be [n, 3] with n + 1 unit offsets")
    if perms.shape[1] != 4:
        raise ValueError(f"perms must be [n, 4], not [{perms.shape[0]}, {perms.shape[1]}]")
    cy_check_offsets(&unit_offsets[0], n_flops, min(seen.shape[0], perms.shape[0],
                                                    weights.shape[0]), "unit offsets")
    cdef Py_ssize_t n_units = unit_offsets[n_flops]
    if n_units:
        cy_check_perms(&perms[0, 0], n_units, "perms")
    if net.shape[0] != 5 or net.shape[1] != UTH_CATEGORIES:
        raise ValueError("net must be [5, 17]")
    cy_check_pays(&net[0, 0], 5 * UTH_CATEGORIES, fold_net, X_PAY_LIMIT, "net")
    if mode not in (0, 1, 2, 3):
        raise ValueError(f"mode {mode} is not 0, 1, 2 or 3")
    cdef int64_t[:, :, ::1] dealer_view
    cdef int32_t[:, :, ::1] flop_view
    cdef int32_t[:, :, ::1] turn_view
    if (mode in (0, 3) and out_dealer is None) or (mode in (1, 3) and out_flop is None) \
            or (mode in (2, 3) and out_turn_river is None):
        raise ValueError(f"mode {mode} needs its accumulators")
    if out_dealer is not None and mode != 2:
        dealer_view = out_dealer
        if dealer_view.shape[0] != 13 or dealer_view.shape[1] != UTH_HOLDINGS \
                or dealer_view.shape[2] != X_ROW:
            raise ValueError("out_dealer must be [13, 1326, 56]")
    if out_flop is not None and mode != 2:
        flop_view = out_flop
        if flop_view.shape[0] != 676 or flop_view.shape[1] != UTH_HOLDINGS \
                or flop_view.shape[2] != X_ROW:
            raise ValueError("out_flop must be [676, 1326, 56]")
    if out_turn_river is not None and mode >= 2:
        turn_view = out_turn_river
        if turn_view.shape[0] != 676 or turn_view.shape[1] != UTH_HOLDINGS \
                or turn_view.shape[2] != X_ROW:
            raise ValueError("out_turn_river must be [676, 1326, 56]")
    for f in range(n_flops):
        cy_check_cards(&flops[f, 0], 3, 0, "flop", f)
        flop_mask = (((<uint64_t>1) << flops[f, 0]) | ((<uint64_t>1) << flops[f, 1])
                     | ((<uint64_t>1) << flops[f, 2]))
        for u in range(unit_offsets[f], unit_offsets[f + 1]):
            cy_check_cards(&seen[u], 1, flop_mask, "seen card of unit", u, "on its flop")
            if perms[u, seen[u] & 3] != 0:
                raise ValueError(f"perms[{u}] takes the seen card {seen[u]} to suit "
                                 f"{perms[u, seen[u] & 3]}, not 0")
            if not 1 <= weights[u] <= X_UNIT_WEIGHT:
                raise ValueError(f"weight {weights[u]} of unit {u} is not 1..{X_UNIT_WEIGHT}")
    return 0


def dealer_one_flops(const int32_t[:, ::1] flops, const int32_t[::1] unit_offsets,
                     const int32_t[::1] seen, const int8_t[:, ::1] perms,
                     const int64_t[::1] weights, const int64_t[:, ::1] net, int64_t fold_net,
                     bint ties_larger, int mode, out_dealer=None, out_flop=None,
                     out_turn_river=None):
    """The flop and river of one seen dealer card, for a batch of flops, added up.

    Flop f has the units ``unit_offsets[f]:unit_offsets[f + 1]``: unit u sees dealer card
    ``seen[u]`` (off the flop); ``perms[u]`` is a suit permutation (suit s to ``perms[u, s]``)
    taking that card to suit 0 and ``weights[u]`` the unit's multiplicity. Each state's lines
    (56 values, see the header) are added, times the weight, to the permuted state:

    - ``out_dealer`` (int64 ``[13, 1326, 56]``, dealer-1): ``[rank of d, holding]``;
    - ``out_flop`` (int32 ``[13 * 52, 1326, 56]``, dealer-1,flop-1): ``[rank * 52 + f,
      holding]`` for each flop card f (the flop state is dealer-1's);
    - ``out_turn_river`` (int32, the same shape, dealer-1,turn-river-1): the flop state also
      knows one turn-river card t: ``[rank * 52 + t, holding]``.

    ``mode`` 0 fills ``out_dealer``, 1 ``out_flop`` (and ``out_dealer`` when given: the same
    flop states), 2 ``out_turn_river``, 3 all three in one sweep (dealer-1's flop sums are then
    half the sums of the turn-river states over t).
    ``net[p, k]``: integer net pays of category k with a Play bet of p (rows 0..4);
    ``fold_net`` a fold's.
    """
    _check_dealer_one(flops, unit_offsets, seen, perms, weights, net, fold_net, mode,
                      out_dealer, out_flop, out_turn_river)
    cdef Py_ssize_t n_flops = flops.shape[0], ff
    cdef int64_t[:, :, ::1] dealer_view
    cdef int32_t[:, :, ::1] flop_view
    cdef int32_t[:, :, ::1] turn_view
    cdef DealerOneOut out
    memset(&out, 0, sizeof(DealerOneOut))
    if out_dealer is not None and mode != 2:
        dealer_view = out_dealer
        out.dealer = &dealer_view[0, 0, 0]
    if out_flop is not None and mode != 2:
        flop_view = out_flop
        out.flop = &flop_view[0, 0, 0]
    if out_turn_river is not None and mode >= 2:
        turn_view = out_turn_river
        out.turn_river = &turn_view[0, 0, 0]
    out.net = &net[0, 0]
    out.fold_value = fold_net * 44
    out.ties_larger = ties_larger
    out.mode = mode
    cdef int u, index
    cdef int flop[3]
    cdef DealerOneWork x
    try:
        if _dealer_one_alloc(&x, mode) < 0:
            raise MemoryError()
        with nogil:
            for ff in range(n_flops):
                flop[0] = flops[ff, 0]
                flop[1] = flops[ff, 1]
                flop[2] = flops[ff, 2]
                _start_flop(flop, x.w)
                for index in range(x.w.n_boards):
                    _board_groups(x.w, index)
                for u in range(unit_offsets[ff], unit_offsets[ff + 1]):
                    _dealer_unit(&x, flop, seen[u], &perms[u, 0], weights[u], &out)
    finally:
        _dealer_one_free(&x)


# --- flop-1: no dealer card seen ----------------------------------------------------------------

cdef inline void _unpack21(const uint64_t* row, int64_t* counts, int64_t* extra,
                           int64_t* extra2) noexcept nogil:
    """A flop state's sums (21-bit fields) and its two extra fields: word 7's bits 42..52 and
    53 up."""
    cdef uint64_t top = cy_unpack21(row, counts)
    extra[0] = top & 0x7FF
    extra2[0] = top >> 11


cdef inline int _group_end(const uint16_t* group, const uint16_t* order, int start) noexcept nogil:
    """The end of the run of holdings in ``order`` from ``start`` with the same group."""
    cdef int g = group[order[start]], stop = start + 1
    while stop < 1081 and group[order[stop]] == g:
        stop += 1
    return stop


cdef int _weaker_pass(const uint16_t* group, const uint16_t* order, int q0, int* weaker,
                      int* snapshot) noexcept nogil:
    """First sweep of a board's holdings by ascending group with per-card counters: the dealer
    holdings below each (``weaker``, by sorted position: those below less those holding one of
    its cards, as none below holds both), and the counters below the first group of a pair
    (``snapshot``); returns their total."""
    cdef int counter[52]
    cdef int i, j, start = 0, stop, g, h, total = 0, unq_total = -1
    memset(counter, 0, sizeof(counter))
    while start < 1081:
        g = group[order[start]]
        stop = _group_end(group, order, start)
        if g >= q0 and unq_total < 0:
            unq_total = total
            for j in range(52):
                snapshot[j] = counter[j]
        for i in range(start, stop):
            h = order[i]
            weaker[i] = total - counter[T.pair_a[h]] - counter[T.pair_b[h]]
        for i in range(start, stop):
            h = order[i]
            counter[T.pair_a[h]] += 1
            counter[T.pair_b[h]] += 1
        total += stop - start
        start = stop
    if unq_total < 0:
        unq_total = total
        for j in range(52):
            snapshot[j] = counter[j]
    return unq_total


cdef inline void _settle_full(uint64_t* row, int weaker, int tie, int unq, bint qualifies,
                              int blind, const int64_t* net1, int64_t fold_value,
                              bint ties_larger) noexcept nogil:
    """Add one holding's 990 dealer holdings on a board (by category, cy_outcome_counts) and
    its river decision to its flop state ``row`` (16 words of 21-bit fields)."""
    cdef int category[5]
    cdef int64_t value
    cdef uint64_t win, loss, fold, keep, rtie
    cy_outcome_counts(weaker, tie, unq, qualifies, 990, category)
    value = cy_play_value(category, blind, net1)
    rtie = value == fold_value
    fold = (value < fold_value) | (rtie & (not ties_larger))
    keep = fold - 1
    win = (<uint64_t>category[0] | (<uint64_t>category[1] << 21)
           | (<uint64_t>category[2] << 42))
    loss = <uint64_t>category[3] | (<uint64_t>category[4] << 21)
    row[blind] += win
    row[7] += loss
    row[8 + blind] += win & keep
    row[15] += (loss & keep) | (fold << 42) | (rtie << 53)


cdef void _full_board(FlopWork* w, int index, const int64_t* net1, int64_t fold_value,
                      bint ties_larger, uint64_t* sums) noexcept nogil:
    """Add board ``index`` to the flop sums of every holding off it: the 990 dealer holdings
    of the other cards by category (a sweep by ascending group with per-card counters: the
    dealer holdings below h = {a, b} are those below less those holding a or b), and the river
    decision."""
    cdef const uint16_t* group = w.group[index]
    cdef const uint16_t* order = w.order[index]
    cdef int q0 = w.qualify[index]
    cdef int counter[52]
    cdef int snapshot[52]
    cdef int weaker[1081]
    cdef int i, start = 0, stop, g, h, a, b, total = 0, unq_total, tie, unq
    unq_total = _weaker_pass(group, order, q0, weaker, snapshot)
    # second pass: ties need the counters through each holding's group; recount by group
    memset(counter, 0, sizeof(counter))
    while start < 1081:
        g = group[order[start]]
        stop = _group_end(group, order, start)
        for i in range(start, stop):
            h = order[i]
            counter[T.pair_a[h]] += 1
            counter[T.pair_b[h]] += 1
        total += stop - start
        for i in range(start, stop):
            h = order[i]
            a = T.pair_a[h]
            b = T.pair_b[h]
            tie = total - counter[a] - counter[b] + 1 - weaker[i]
            unq = unq_total - snapshot[a] - snapshot[b] + (g < q0)
            _settle_full(&sums[h * 16], weaker[i], tie, unq, g >= q0, w.blind[index][g], net1,
                         fold_value, ties_larger)
        start = stop


def flop_one_flops(const int32_t[:, ::1] flops, const int64_t[::1] orbit_sizes,
                   const int64_t[:, ::1] net, int64_t fold_net, bint ties_larger,
                   int64_t[:, :, ::1] out, uint8_t[:, ::1] decisions):
    """The unexposed game's flop and river for a batch of flop classes, with the lines of each
    (holding, flop) added, times the class's orbit size, to ``out[f, holding]`` (``[52, 1326,
    56]``) for each flop card f. ``decisions[i, h]``: the flop decision (1 bet 2x) of holding h
    on flop i (0 where they share a card), to compare with the unexposed solve's."""
    cdef Py_ssize_t n_flops = flops.shape[0]
    if flops.shape[1] != 3 or orbit_sizes.shape[0] != n_flops:
        raise ValueError("flops must be [n, 3] with n orbit sizes")
    if net.shape[0] != 5 or net.shape[1] != UTH_CATEGORIES:
        raise ValueError("net must be [5, 17]")
    cy_check_pays(&net[0, 0], 5 * UTH_CATEGORIES, fold_net, X_PAY_LIMIT, "net")
    if out.shape[0] != 52 or out.shape[1] != UTH_HOLDINGS or out.shape[2] != X_ROW:
        raise ValueError("out must be [52, 1326, 56]")
    if decisions.shape[0] != n_flops or decisions.shape[1] != UTH_HOLDINGS:
        raise ValueError("decisions must be [len(flops), 1326]")
    cdef Py_ssize_t f
    for f in range(n_flops):
        cy_check_cards(&flops[f, 0], 3, 0, "flop", f)
        if not 1 <= orbit_sizes[f] <= X_ORBIT:
            raise ValueError(f"orbit size {orbit_sizes[f]} of flop {f} is not 1..{X_ORBIT}")
    cdef int64_t fold_value = fold_net * 990
    cdef FlopWork* w = <FlopWork*>malloc(sizeof(FlopWork))
    cdef uint64_t* sums = <uint64_t*>calloc(UTH_HOLDINGS * 16, sizeof(uint64_t))
    cdef int i, j, k, h, index, ff
    cdef int flop[3]
    cdef int64_t play[17]
    cdef int64_t check[17]
    cdef int64_t unused, unused2, folds, rties, bet_value, check_value, weight
    cdef bint bets
    cdef int64_t* orow
    try:
        if w == NULL or sums == NULL:
            raise MemoryError()
        with nogil:
            for ff in range(n_flops):
                flop[0] = flops[ff, 0]
                flop[1] = flops[ff, 1]
                flop[2] = flops[ff, 2]
                weight = orbit_sizes[ff]
                _start_flop(flop, w)
                memset(sums, 0, UTH_HOLDINGS * 16 * sizeof(uint64_t))
                for index in range(w.n_boards):
                    _board_groups(w, index)
                    _full_board(w, index, &net[1, 0], fold_value, ties_larger, sums)
                for i in range(w.n_holdings):
                    h = w.holdings[i]
                    _unpack21(&sums[h * 16], play, &unused, &unused2)
                    _unpack21(&sums[h * 16 + 8], check, &folds, &rties)
                    if EDGE_DEBUG:
                        _debug_sums(play, check, folds, X_DEALER_HOLDINGS, X_FLOP_SUM,
                                    "a flop-1 flop state's 21-bit fields overflow")
                    bets = cy_flop_bets(play, check, folds, fold_value, &net[1, 0], &net[2, 0],
                                        ties_larger, &bet_value, &check_value)
                    decisions[ff, h] = bets
                    for j in range(3):
                        orow = &out[flop[j], h, 0]
                        for k in range(UTH_CATEGORIES):
                            orow[X_PLAY + k] += weight * play[k]
                        if bets:
                            for k in range(UTH_CATEGORIES):
                                orow[X_BET + k] += weight * play[k]
                            orow[X_FLOP_BETS] += weight
                        else:
                            for k in range(UTH_CATEGORIES):
                                orow[X_CHECK + k] += weight * check[k]
                            orow[X_FOLDS] += weight * folds
                            orow[X_RIVER_TIES] += weight * rties
                        orow[X_FLOP_TIES] += weight * (bet_value == check_value)
    finally:
        free(w)
        free(sums)
