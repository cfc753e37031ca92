# cython: language_level=3
# Ultimate Texas Hold'em with one dealer hole card seen at the river (seen=dealer-1-river;
# docs/protection.md, docs/rules.md section 4): the flop state's lines of every holding on one
# flop.
#
# The player decides preflop and on the flop knowing only his cards (and the flop), then sees
# one of the dealer's two hole cards, d, before the river decision. For a holding P on a flop
# F the kernel deals every turn-river pair (the board) and every seen card d off the board and
# P, and counts P's outcomes against the dealer's 44 hands {d, x}, x off the board, P and d:
#
# - the 4x, 3x and 2x lines take every (board, d, x): twice the unexposed counts (each dealer
#   hand {d, x} once with d seen and once with x seen: the ways factor 2);
# - the checking line plays 1x on (P, board, d) exactly where the 1x value over its 44 dealer
#   hands beats folding (equal values follow ties_larger), else folds its 44 deals.
#
# Per board every holding off it is evaluated once (edge._core's 7-card evaluator); the
# holdings are put in ascending order of strength. For one d the 46 dealer hands {d, x} are
# the holdings {d, x}, so their strengths are read off the same evaluation and sorted; a sweep
# of the holdings in ascending order with two pointers into them counts the dealer hands below
# and at each holding's strength, less those holding one of its own cards (x = a or b). On a
# board where nobody can make a flush (no three cards of a suit) every strength is its ranks',
# so the tallies are made once per hole rank pair and rank of d (_board_ranks). Every count is
# an exact integer tally of distinct deals.
#
# The lines (56 values per holding, the accumulator layout of _one.pyx): 0..16 the 4x/3x line's
# counts, 17..33 the 2x line's (where the flop bets), 34..50 the 1x line's (where it checks),
# 51 (board, d) pairs folded, 52 river decisions of equal value, 53 flop bet 2x, 54 flop
# decision of equal value, 55 unused.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from edge._core cimport (HOLDEM_CLASS_SHIFT, HOLDEM_PAIR, HoldemTables, cy_evaluate7,
                         cy_hand_class, cy_holdem_tables)
from edge.games.ultimate_texas_holdem.holdem cimport (
    UTH_CATEGORIES, UTH_HOLDINGS, UTH_LOSE_QUALIFIED, UTH_LOSE_UNQUALIFIED, UTH_TIE,
    UTH_RANK_PAIRS, UTH_WIN_UNQUALIFIED, UthTables, cy_blind_class, cy_card_mask, cy_check_pays,
    cy_flop_bets, cy_flush_suit, cy_holdings_off, cy_outcome_counts, cy_rank_order,
    cy_sort_small, cy_turn_rivers, cy_uth_init_tables)

cdef const HoldemTables* HT = cy_holdem_tables()
cdef UthTables T
cy_uth_init_tables(&T)

cdef enum:
    R_ROW = 56
    R_PLAY = 0
    R_BET = 17
    R_CHECK = 34
    R_FOLDS = 51
    R_RIVER_TIES = 52
    R_FLOP_BETS = 53
    R_FLOP_TIES = 54
    R_DEALERS = 44            # dealer hands {d, x} left to a holding once d is seen

# The pays' bound: a holding's int64 values are its counts, at most 1,081 boards x 46 seen
# cards x 44 dealer hands = 2,187,944 deals, times a pay: within 2**40 they stay below
# 2.5 x 10**18, 3.8 times below 2**63.
cdef int64_t R_PAY_LIMIT = (<int64_t>1) << 40
# the least strength of a pair: the dealer qualifies at or above it
cdef int32_t PAIR_FLOOR = HOLDEM_PAIR << HOLDEM_CLASS_SHIFT

cdef struct RiverWork:
    int64_t play[1326][17]
    int64_t check[1326][17]
    int64_t folds[1326]
    int64_t rties[1326]
    int32_t strength[1326]    # of each holding on the current board (-1: shares a card)
    int order[1081]           # the holdings off the board, by ascending strength
    # by position in ``order``: strength, cards, Blind class, pair or better, the river
    # value's coefficients (see _board) and the tallies summed over the seen card d
    int32_t os[1081]
    int oa[1081]
    int ob[1081]
    int oblind[1081]
    bint oqual[1081]
    int64_t cw[1081]
    int64_t ct[1081]
    int64_t cu[1081]
    int64_t c0[1081]
    int tally[1081][9]
    # boards that cannot make a flush, by rank pair (see _board_ranks)
    int32_t rank_strength[91]
    uint8_t rank_order[91]
    int64_t rank_tally[91][13][9]   # one holding of the rank pair against one d of a rank
    int64_t rank_sum[91][9]         # the same summed over the d available on the board
    int holdings[1176]        # the holdings off the flop
    int turn[1176]
    int river[1176]


cdef inline void _add(int64_t* row, int weaker, int ties, int unq, int dealers, bint qualifies,
                      int blind) noexcept nogil:
    """Add the outcome counts of ``dealers`` dealer hands (sums of the tallies of several) by
    category to ``row``."""
    cdef int category[5]
    cy_outcome_counts(weaker, ties, unq, qualifies, dealers, category)
    row[blind] += category[0]
    row[UTH_WIN_UNQUALIFIED + blind] += category[1]
    row[UTH_TIE] += category[2]
    row[UTH_LOSE_QUALIFIED] += category[3]
    row[UTH_LOSE_UNQUALIFIED] += category[4]


cdef void _sort_by_strength(RiverWork* w, int n) noexcept nogil:
    """Sort ``w.order[:n]`` by ascending strength (Shell sort, Ciura's gaps)."""
    cdef int gaps[8]
    cdef int g, gap, i, j, h
    gaps[:] = [701, 301, 132, 57, 23, 10, 4, 1]
    for g in range(8):
        gap = gaps[g]
        for i in range(gap, n):
            h = w.order[i]
            j = i
            while j >= gap and w.strength[w.order[j - gap]] > w.strength[h]:
                w.order[j] = w.order[j - gap]
                j -= gap
            w.order[j] = h


cdef void _board(RiverWork* w, const int* board, const int64_t* net1, int64_t fold_value,
                 bint ties_larger) noexcept nogil:
    """Add one board: every seen dealer card d off it, every holding off it and d. The river
    value of a holding is linear in its tallies (dealer hands below it, equal, below a pair):
    value = cw weaker + ct ties + cu unq + c0, the coefficients by its Blind class and whether
    it has a pair; the tallies are summed over d (all, and where it plays) and turned into
    outcome counts once per board."""
    cdef uint64_t mask = cy_card_mask(board, 5)
    cdef int n = 0, i, h, a, b, d, x, k, lt, le, unq_total, weaker, ties, unq, blind, cls
    cdef int32_t s, sa, sb
    cdef int strengths[46]
    cdef int dealer[46]
    cdef int64_t value, win, win_unq, lose_q, lose_u
    cdef int keep
    cdef int* row
    for h in range(UTH_HOLDINGS):
        a = T.pair_a[h]
        b = T.pair_b[h]
        if (mask >> a) & 1 or (mask >> b) & 1:
            w.strength[h] = -1
            continue
        w.strength[h] = cy_evaluate7(HT, board[0], board[1], board[2], board[3], board[4],
                                     a, b)
        w.order[n] = h
        n += 1
    _sort_by_strength(w, n)
    for i in range(n):
        h = w.order[i]
        s = w.strength[h]
        w.os[i] = s
        w.oa[i] = T.pair_a[h]
        w.ob[i] = T.pair_b[h]
        cls = cy_hand_class(s)
        blind = cy_blind_class(cls)
        w.oblind[i] = blind
        w.oqual[i] = cls >= 1
        win, win_unq = net1[blind], net1[UTH_WIN_UNQUALIFIED + blind]
        lose_q, lose_u = net1[UTH_LOSE_QUALIFIED], net1[UTH_LOSE_UNQUALIFIED]
        if cls >= 1:
            w.cw[i] = win - lose_q
            w.cu[i] = win_unq - win
            w.ct[i] = net1[UTH_TIE] - lose_q
        else:
            w.cw[i] = win_unq - lose_u
            w.cu[i] = lose_u - lose_q
            w.ct[i] = net1[UTH_TIE] - lose_u
        w.c0[i] = R_DEALERS * lose_q - fold_value
        for k in range(9):
            w.tally[i][k] = 0
    for d in range(52):
        if (mask >> d) & 1:
            continue
        k = 0
        unq_total = 0
        for x in range(52):
            if x == d or (mask >> x) & 1:
                continue
            strengths[k] = w.strength[T.pair_id[d][x]]
            unq_total += strengths[k] < PAIR_FLOOR
            k += 1
        cy_sort_small(strengths, 46, dealer)
        lt = 0
        le = 0
        for i in range(n):
            a = w.oa[i]
            b = w.ob[i]
            if a == d or b == d:
                continue
            s = w.os[i]
            while lt < 46 and dealer[lt] < s:
                lt += 1
            if le < lt:
                le = lt
            while le < 46 and dealer[le] <= s:
                le += 1
            sa = w.strength[T.pair_id[d][a]]
            sb = w.strength[T.pair_id[d][b]]
            weaker = lt - (sa < s) - (sb < s)
            ties = le - lt - (sa == s) - (sb == s)
            unq = unq_total - (sa < PAIR_FLOOR) - (sb < PAIR_FLOOR)
            value = w.cw[i] * weaker + w.ct[i] * ties + w.cu[i] * unq + w.c0[i]
            row = w.tally[i]
            row[0] += weaker
            row[1] += ties
            row[2] += unq
            row[3] += 1
            # without a branch: keep is all ones where the holding plays 1x, else zero
            keep = -<int>((value > 0) | ((value == 0) & ties_larger))
            row[4] += weaker & keep
            row[5] += ties & keep
            row[6] += unq & keep
            row[7] += 1 & keep
            row[8] += value == 0
    for i in range(n):
        h = w.order[i]
        _add(w.play[h], w.tally[i][0], w.tally[i][1], w.tally[i][2],
             R_DEALERS * w.tally[i][3], w.oqual[i], w.oblind[i])
        _add(w.check[h], w.tally[i][4], w.tally[i][5], w.tally[i][6],
             R_DEALERS * w.tally[i][7], w.oqual[i], w.oblind[i])
        w.folds[h] += w.tally[i][3] - w.tally[i][7]
        w.rties[h] += w.tally[i][8]


cdef inline void _coefficients(int32_t s, const int64_t* net1, int64_t fold_value,
                               int64_t* coefficient) noexcept nogil:
    """The river value of a holding of strength s, less folding's, is coefficient[0] weaker +
    [1] ties + [2] unq + [3] (see _board)."""
    cdef int cls = cy_hand_class(s)
    cdef int blind = cy_blind_class(cls)
    cdef int64_t win = net1[blind], win_unq = net1[UTH_WIN_UNQUALIFIED + blind]
    cdef int64_t lose_q = net1[UTH_LOSE_QUALIFIED], lose_u = net1[UTH_LOSE_UNQUALIFIED]
    if cls >= 1:
        coefficient[0] = win - lose_q
        coefficient[2] = win_unq - win
        coefficient[1] = net1[UTH_TIE] - lose_q
    else:
        coefficient[0] = win_unq - lose_u
        coefficient[2] = lose_u - lose_q
        coefficient[1] = net1[UTH_TIE] - lose_u
    coefficient[3] = R_DEALERS * lose_q - fold_value


cdef void _board_ranks(RiverWork* w, const int* board, const int64_t* net1, int64_t fold_value,
                       bint ties_larger) noexcept nogil:
    """Add a board on which nobody can make a flush. Every strength is its ranks', so one
    holding {a, b} of a rank pair against one seen card d of rank rd meets the same tallies as
    any other of the same ranks: the dealer hands {d, x} are counted by the rank of x
    (``avail[rx]`` cards of it off the board, one less for rx = rd), less x = a and x = b.
    ``rank_tally[rp][rd]`` holds them (and the river decision's), ``rank_sum[rp]`` their sum
    over every d off the board; a holding takes that sum less the d it holds itself (its own
    cards' ranks)."""
    cdef int avail[13]
    cdef int board_ranks[5]
    cdef int i, k, rp, rd, rx, r1, r2, h, a, b, weaker, ties, unq, count, cls, own
    cdef int32_t s, t
    cdef int64_t coefficient[4]
    cdef int64_t value, keep
    cdef int64_t tally[9]
    cdef int64_t* row
    cdef uint64_t mask = cy_card_mask(board, 5)
    for i in range(13):
        avail[i] = 4
    for i in range(5):
        board_ranks[i] = board[i] >> 2
        avail[board[i] >> 2] -= 1
    cy_rank_order(HT, &T, board_ranks, w.rank_strength, w.rank_order)
    for rp in range(UTH_RANK_PAIRS):
        for k in range(9):
            w.rank_sum[rp][k] = 0
        s = w.rank_strength[rp]
        r1 = T.rank_low[rp]
        r2 = T.rank_high[rp]
        if s < 0 or avail[r1] < 1 + (r1 == r2) or avail[r2] < 1:
            continue                     # no holding of these ranks off the board
        _coefficients(s, net1, fold_value, coefficient)
        for rd in range(13):
            row = w.rank_tally[rp][rd]
            for k in range(9):
                row[k] = 0
            if avail[rd] - (rd == r1) - (rd == r2) < 1:
                continue                 # no seen card of this rank beside the holding
            weaker = 0
            ties = 0
            unq = 0
            for rx in range(13):
                count = avail[rx] - (rx == rd)
                if count <= 0:
                    continue
                t = w.rank_strength[T.rank_pair[rd][rx]]
                weaker += count * (t < s)
                ties += count * (t == s)
                unq += count * (t < PAIR_FLOOR)
            for own in range(2):            # the dealer cannot hold the holding's cards
                t = w.rank_strength[T.rank_pair[rd][r1 if own == 0 else r2]]
                weaker -= t < s
                ties -= t == s
                unq -= t < PAIR_FLOOR
            value = (coefficient[0] * weaker + coefficient[1] * ties + coefficient[2] * unq
                     + coefficient[3])
            keep = -<int64_t>((value > 0) | ((value == 0) & ties_larger))
            row[0] = weaker
            row[1] = ties
            row[2] = unq
            row[3] = 1
            row[4] = weaker & keep
            row[5] = ties & keep
            row[6] = unq & keep
            row[7] = 1 & keep
            row[8] = value == 0
            for k in range(9):
                w.rank_sum[rp][k] += avail[rd] * row[k]
    for h in range(UTH_HOLDINGS):
        a = T.pair_a[h]
        b = T.pair_b[h]
        if (mask >> a) & 1 or (mask >> b) & 1:
            continue
        rp = T.rank_pair[a >> 2][b >> 2]
        for k in range(9):
            tally[k] = (w.rank_sum[rp][k] - w.rank_tally[rp][a >> 2][k]
                        - w.rank_tally[rp][b >> 2][k])
        s = w.rank_strength[rp]
        cls = cy_hand_class(s)
        _add(w.play[h], <int>tally[0], <int>tally[1], <int>tally[2], R_DEALERS * <int>tally[3],
             cls >= 1, cy_blind_class(cls))
        _add(w.check[h], <int>tally[4], <int>tally[5], <int>tally[6],
             R_DEALERS * <int>tally[7], cls >= 1, cy_blind_class(cls))
        w.folds[h] += tally[3] - tally[7]
        w.rties[h] += tally[8]


def river_dealer_lines(const int32_t[::1] flop, const int64_t[:, ::1] net, int64_t fold_net,
                       bint ties_larger, int64_t[:, ::1] out):
    """The lines (``out[h]``, 56 values, see the module comment) of every holding h off the
    ``flop`` with one dealer card seen at the river. ``out`` is overwritten (zero off the
    flop)."""
    if flop.shape[0] != 3 or len({int(flop[0]), int(flop[1]), int(flop[2])}) != 3 \
            or not all(0 <= int(flop[j]) < 52 for j in range(3)):
        raise ValueError("flop must be three distinct cards 0..51")
    if net.shape[0] != 5 or net.shape[1] != UTH_CATEGORIES:
        raise ValueError("net must be [5, 17]")
    cy_check_pays(&net[0, 0], 5 * UTH_CATEGORIES, fold_net, R_PAY_LIMIT, "net")
    if out.shape[0] != UTH_HOLDINGS or out.shape[1] != R_ROW:
        raise ValueError("out must be [1326, 56]")
    cdef RiverWork* w = <RiverWork*>malloc(sizeof(RiverWork))
    cdef int cards[3]
    cdef int board[5]
    cdef int n_boards, n_holdings, i, j, h, need
    cdef int64_t fold_value = fold_net * R_DEALERS
    cdef int64_t bet_value, check_value
    cdef bint bets
    if w == NULL:
        raise MemoryError()
    try:
        with nogil:
            memset(w.play, 0, sizeof(w.play))
            memset(w.check, 0, sizeof(w.check))
            memset(w.folds, 0, sizeof(w.folds))
            memset(w.rties, 0, sizeof(w.rties))
            for i in range(3):
                cards[i] = flop[i]
                board[i] = flop[i]
            n_boards = cy_turn_rivers(cy_card_mask(cards, 3), w.turn, w.river)
            for i in range(n_boards):
                board[3] = w.turn[i]
                board[4] = w.river[i]
                if cy_flush_suit(board, &need) < 0:
                    _board_ranks(w, board, &net[1, 0], fold_value, ties_larger)
                else:
                    _board(w, board, &net[1, 0], fold_value, ties_larger)
            n_holdings = cy_holdings_off(&T, cy_card_mask(cards, 3), w.holdings)
            for i in range(UTH_HOLDINGS):
                for j in range(R_ROW):
                    out[i, j] = 0
            for i in range(n_holdings):
                h = w.holdings[i]
                bets = cy_flop_bets(w.play[h], w.check[h], w.folds[h], fold_value, &net[1, 0],
                                    &net[2, 0], ties_larger, &bet_value, &check_value)
                for j in range(UTH_CATEGORIES):
                    out[h, R_PLAY + j] = w.play[h][j]
                    if bets:
                        out[h, R_BET + j] = w.play[h][j]
                    else:
                        out[h, R_CHECK + j] = w.check[h][j]
                if bets:
                    out[h, R_FLOP_BETS] = 1
                else:
                    out[h, R_FOLDS] = w.folds[h]
                    out[h, R_RIVER_TIES] = w.rties[h]
                out[h, R_FLOP_TIES] = bet_value == check_value
    finally:
        free(w)
