# cython: language_level=3
# Ultimate Texas Hold'em with one dealer hole card seen, the player checking before the flop and
# then following his own flop rule and his own (or the informed optimal) river (docs/protection.md,
# "Rules with their own flop and river steps"): the exact value of that checking line for every
# preflop state of seen=dealer-1, dealer-1,flop-1 and dealer-1,turn-river-1.
#
# A flop rule reads the holding and the flop, a river rule the holding and the five board cards,
# neither the seen dealer card. So the sweep goes by five-card board (one per suit class, weighted
# by its orbit) rather than by flop: on board B every holding P has its 7-card strength once, and
# of the ten ways to split B into a flop and a turn-river pair the rule bets 2x on those whose
# flop it bets (``flop_bets``, the rule per flop and holding); the others take the river: 1x or a
# fold (``river_fold`` per holding, or the better of the two given the seen card d when
# ``river_informed``). For each seen card d off B the 44 dealer hands {d, x} are counted against
# P by outcome category from the sorted strengths of {d, x} (two pointers over the holdings in
# order of strength), less the two x that are P's own cards.
#
# Outcome categories as in every UTH kernel (../holdem.pxd): 0..6 wins against a qualifying
# dealer by the player's Blind class, 7..13 wins against a dealer below a pair, 14 tie, 15 losses
# to a qualifier, 16 losses to a dealer below a pair.
#
# Accumulators (int64, each board's values times its weight, in the representative's cards):
#   dealer[d, P]          sum over the ten splits of the checking line's value;
#   four[d, P]            the same deals' value of a 4x Play (a check against the exposure solve);
#   flop[d * 52 + f, P]   the splits whose flop holds the board card f (six of ten);
#   turn_river[d * 52 + t, P]  the splits whose turn-river pair holds t (four of ten).
# Bounds: a state's deals are at most C(49, 3) x C(46, 2) x 44 = 838,988,640 < 2**30 and the
# weights at most 24, the pays at most 2**24 (checked), so every sum stays below 2**59.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from edge._core cimport HoldemTables, cy_card_lane, cy_evaluate_lanes, cy_hand_class, cy_holdem_tables
from edge.games.ultimate_texas_holdem.holdem cimport (
    UTH_HOLDINGS, UthTables, cy_blind_class, cy_check_cards, cy_sort_keys, cy_sort_small,
    cy_uth_init_tables)

cdef const HoldemTables* HT = cy_holdem_tables()
cdef UthTables T
cy_uth_init_tables(&T)

cdef enum:
    R_FLOPS = 22100          # C(52, 3) flops, numbered by flop_index
    R_SPLITS = 10            # flops of five board cards
    R_DEALERS = 44           # dealer cards x left to a holding, a board and d
    R_CATEGORIES = 17

cdef int64_t R_PAY_LIMIT = (<int64_t>1) << 24
cdef int CHOOSE[53][4]


cdef void _init_choose() noexcept nogil:
    cdef int n, k
    for n in range(53):
        CHOOSE[n][0] = 1
        for k in range(1, 4):
            CHOOSE[n][k] = 0 if n == 0 else CHOOSE[n - 1][k - 1] + CHOOSE[n - 1][k]

_init_choose()


cdef inline int _flop_index(int a, int b, int c) noexcept nogil:
    """The number of the flop a < b < c (the combinatorial number system)."""
    return CHOOSE[a][1] + CHOOSE[b][2] + CHOOSE[c][3]


def flop_index(int a, int b, int c):
    """Python hook: the number of flop a < b < c in ``flop_bets`` (0 .. 22,099)."""
    if not 0 <= a < b < c < 52:
        raise ValueError(f"a flop is three cards 0 <= a < b < c < 52, not {a}, {b}, {c}")
    return _flop_index(a, b, c)


cdef inline int64_t _value(const int64_t* net, int blind, int64_t win_q, int64_t win_u,
                           int64_t tie, int64_t lose_q, int64_t lose_u) noexcept nogil:
    return (win_q * net[blind] + win_u * net[7 + blind] + tie * net[14] + lose_q * net[15]
            + lose_u * net[16])


cdef void _board(const int* board, int64_t weight, const uint8_t* river_fold,
                 const uint8_t* flop_bets, const int64_t* net, int64_t fold_net,
                 bint ties_larger, bint river_informed, int64_t* dealer, int64_t* four,
                 int64_t* flop, int64_t* turn_river, int32_t* strength, uint64_t* keys,
                 int* ids, uint8_t* bets, int64_t* played, int64_t* river) noexcept nogil:
    """Add one board (and its weight) to the accumulators (see the header)."""
    cdef uint64_t mask = 0, lanes = 0
    cdef int i, j, k, s, h, a, b, n = 0, d, x, m, lt, eq, unq, blind, play
    cdef int fidx[10]
    cdef int in_flop[10][5]
    cdef int n2
    cdef int raw[46]
    cdef int sd[46]
    cdef int32_t v
    cdef int32_t own
    cdef int64_t win_q, win_u, tie, lose_q, lose_u, v2, v1, v4, vr, fold_value = fold_net * R_DEALERS
    cdef int64_t* row
    for i in range(5):
        mask |= (<uint64_t>1) << board[i]
        lanes |= cy_card_lane(HT, board[i])
    # the ten splits: flop = three of the five (ascending), the rest the turn and river
    for i in range(5):
        for j in range(i + 1, 5):
            for k in range(j + 1, 5):
                fidx[n] = _flop_index(board[i], board[j], board[k])
                for m in range(5):
                    in_flop[n][m] = (m == i or m == j or m == k)
                n += 1
    # every holding off the board: its strength, and in ``keys`` by ascending strength
    n = 0
    for h in range(UTH_HOLDINGS):
        a = T.pair_a[h]
        b = T.pair_b[h]
        if (mask >> a) & 1 or (mask >> b) & 1:
            strength[h] = -1
            continue
        strength[h] = cy_evaluate_lanes(HT, lanes | cy_card_lane(HT, a) | cy_card_lane(HT, b))
        keys[n] = ((<uint64_t>strength[h]) << 16) | <uint64_t>h
        ids[n] = h
        n += 1
        # the splits it bets 2x: in all (bets[h * 8]) and with board card j in the flop
        for j in range(6):
            bets[h * 8 + j] = 0
        for s in range(R_SPLITS):
            if flop_bets[fidx[s] * UTH_HOLDINGS + h] == 1:
                bets[h * 8] += 1
                for j in range(5):
                    bets[h * 8 + 1 + j] += in_flop[s][j]
    cy_sort_keys(keys, n)
    for d in range(52):
        if (mask >> d) & 1:
            continue
        # the dealer hands {d, x}, ascending
        m = 0
        unq = 0
        for x in range(52):
            if (mask >> x) & 1 or x == d:
                continue
            raw[m] = strength[T.pair_id[d][x]]
            unq += cy_hand_class(raw[m]) == 0
            m += 1
        cy_sort_small(raw, m, sd)
        lt = 0
        eq = 0
        for i in range(n):
            h = <int>(keys[i] & 0xFFFF)
            a = T.pair_a[h]
            b = T.pair_b[h]
            if a == d or b == d:
                continue
            own = strength[h]
            while lt < m and sd[lt] < own:
                lt += 1
            eq = lt
            while eq < m and sd[eq] == own:
                eq += 1
            # below: lt hands, tied: eq - lt, less the player's own two cards as x
            win_u = lt
            tie = eq - lt
            k = unq
            for j in range(2):
                v = strength[T.pair_id[d][a if j == 0 else b]]
                if v < own:
                    win_u -= 1
                elif v == own:
                    tie -= 1
                if cy_hand_class(v) == 0:
                    k -= 1
            blind = cy_blind_class(cy_hand_class(own))
            if cy_hand_class(own) >= 1:       # every dealer hand below a pair is below his
                win_q = win_u - k
                win_u = k
                lose_u = 0
                lose_q = R_DEALERS - win_q - win_u - tie
            else:                             # no qualifying dealer hand is below his
                win_q = 0
                lose_u = k - win_u - tie
                lose_q = R_DEALERS - k
            v2 = _value(&net[2 * R_CATEGORIES], blind, win_q, win_u, tie, lose_q, lose_u)
            v1 = _value(&net[R_CATEGORIES], blind, win_q, win_u, tie, lose_q, lose_u)
            v4 = _value(&net[4 * R_CATEGORIES], blind, win_q, win_u, tie, lose_q, lose_u)
            if river_informed:
                play = v1 > fold_value or (v1 == fold_value and ties_larger)
            else:
                play = not river_fold[h]
            vr = v1 if play else fold_value
            n2 = bets[h * 8]
            row = &dealer[d * UTH_HOLDINGS + h]
            row[0] += weight * (n2 * v2 + (R_SPLITS - n2) * vr)
            four[d * UTH_HOLDINGS + h] += weight * R_SPLITS * v4
            played[h] = v2
            river[h] = vr
        # the seen flop or turn-river card's states, row by row in holding order
        for j in range(5):
            if flop != NULL:
                row = &flop[(d * 52 + board[j]) * UTH_HOLDINGS]
                for i in range(n):
                    h = ids[i]
                    if T.pair_a[h] != d and T.pair_b[h] != d:
                        s = bets[h * 8 + 1 + j]
                        row[h] += weight * (s * played[h] + (6 - s) * river[h])
            if turn_river != NULL:
                row = &turn_river[(d * 52 + board[j]) * UTH_HOLDINGS]
                for i in range(n):
                    h = ids[i]
                    if T.pair_a[h] != d and T.pair_b[h] != d:
                        s = bets[h * 8] - bets[h * 8 + 1 + j]
                        row[h] += weight * (s * played[h] + (4 - s) * river[h])


def rule_boards(const int32_t[:, ::1] boards, const int64_t[::1] weights,
                const uint8_t[:, ::1] river_fold, const uint8_t[:, ::1] flop_bets,
                const int64_t[:, ::1] net, int64_t fold_net, bint ties_larger,
                bint river_informed, int64_t[:, ::1] dealer, int64_t[:, ::1] four,
                flop=None, turn_river=None):
    """Add the boards (five ascending cards each, ``weights[i]`` the deals each stands for) to
    the accumulators (see the header): ``dealer`` and ``four`` ``[52, 1326]``, ``flop`` and
    ``turn_river`` (or None) ``[52 * 52, 1326]``. ``river_fold[i, h]``: 1 where the rule folds
    holding h on board i (unread when ``river_informed``); ``flop_bets[flop_index, h]``: 1
    where the rule bets 2x. ``net[p, k]``: the net pay of category k with a Play bet of p."""
    cdef Py_ssize_t n = boards.shape[0], i
    if boards.shape[1] != 5 or weights.shape[0] != n or river_fold.shape[0] != n \
            or river_fold.shape[1] != UTH_HOLDINGS:
        raise ValueError("boards must be [n, 5] with n weights and river_fold [n, 1326]")
    if flop_bets.shape[0] != R_FLOPS or flop_bets.shape[1] != UTH_HOLDINGS:
        raise ValueError("flop_bets must be [22100, 1326]")
    if net.shape[0] != 5 or net.shape[1] != R_CATEGORIES:
        raise ValueError("net must be [5, 17]")
    for i in range(5 * R_CATEGORIES):
        if not -R_PAY_LIMIT <= net[i // R_CATEGORIES, i % R_CATEGORIES] <= R_PAY_LIMIT:
            raise ValueError("a pay is beyond the kernel's bound (2**24 in scaled units)")
    if not -R_PAY_LIMIT <= fold_net <= R_PAY_LIMIT:
        raise ValueError("the fold's pay is beyond the kernel's bound")
    if dealer.shape[0] != 52 or dealer.shape[1] != UTH_HOLDINGS or four.shape[0] != 52 \
            or four.shape[1] != UTH_HOLDINGS:
        raise ValueError("dealer and four must be [52, 1326]")
    cdef int64_t[:, ::1] flop_view
    cdef int64_t[:, ::1] turn_view
    cdef int64_t* flop_ptr = NULL
    cdef int64_t* turn_ptr = NULL
    if flop is not None:
        flop_view = flop
        if flop_view.shape[0] != 52 * 52 or flop_view.shape[1] != UTH_HOLDINGS:
            raise ValueError("flop must be [2704, 1326]")
        flop_ptr = &flop_view[0, 0]
    if turn_river is not None:
        turn_view = turn_river
        if turn_view.shape[0] != 52 * 52 or turn_view.shape[1] != UTH_HOLDINGS:
            raise ValueError("turn_river must be [2704, 1326]")
        turn_ptr = &turn_view[0, 0]
    cdef int card[5]
    cdef int j
    for i in range(n):
        cy_check_cards(&boards[i, 0], 5, 0, "board", i)
        for j in range(4):
            if boards[i, j] >= boards[i, j + 1]:
                raise ValueError(f"board {i}'s cards are not ascending")
        if not 1 <= weights[i] <= 24:
            raise ValueError(f"weight {weights[i]} of board {i} is not 1..24")
    cdef int32_t strength[1326]
    cdef uint64_t keys[1326]
    cdef uint8_t bets[1326 * 8]
    cdef int ids[1326]
    cdef int64_t played[1326]
    cdef int64_t river[1326]
    with nogil:
        for i in range(n):
            for j in range(5):
                card[j] = boards[i, j]
            _board(card, weights[i], &river_fold[i, 0], &flop_bets[0, 0], &net[0, 0], fold_net,
                   ties_larger, river_informed, &dealer[0, 0], &four[0, 0], flop_ptr, turn_ptr,
                   strength, keys, ids, bets, played, river)
