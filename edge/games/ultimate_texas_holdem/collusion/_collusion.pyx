# cython: language_level=3
# Ultimate Texas Hold'em with a partner's two hole cards shared (docs/collusion-uth.md): for one
# player holding P, the exact values of every line of play of P for every partner holding N.
#
# The player knows P and N; the board and the dealer's holding come from the other 48 cards.
# For one flop F (off P) the 47 cards off P and F are numbered j = 0..46; a turn-river pair is
# two of them and the partner holdings N left are the pairs of the 45 others. On each board:
#
# - the player's strength is one evaluation of P and the board;
# - a dealer holding's code says whether it is weaker than P (bit 0), of equal strength
#   (bit 1) and below a pair (bit 2): holdings that cannot make a flush have the code of their
#   rank pair (91 rank-only evaluations a board), those that can are evaluated one by one;
# - per card c, the dealer holdings of the 45 cards that hold c and are weaker, tied, below a
#   pair (w[c], t[c], u[c]) and the totals over all 990 (W, T, U). The dealer holdings that
#   avoid a partner holding N = {n1, n2} are then counted by inclusion-exclusion:
#   W - w[n1] - w[n2] + [N weaker], and alike for ties and non-qualifiers: every board serves
#   every partner holding with a few integer operations each;
# - with those three counts of the 903 dealer holdings left, a Play bet of p is worth
#   cw_p w + ct_p t + cu_p u + c0_p (integer coefficients from the pays, by whether P has a pair
#   or better and by P's Blind class: the outcome categories of ../holdem.pxd).
#
# Per partner holding the flop sums: s1 and s2 (a Play of 1 and of 2 on every turn-river pair)
# and r (the better of 1x and folding on each). A Play of p is worth s1 + (p - 1) (s2 - s1) (the
# pays are linear in p; checked by the driver), so the 4x and 3x lines are the sums of s1 and
# s2 over the flops; after a preflop check the flop is worth max(s2, r) (bet 2x or check).
#
# Suit symmetry: the driver passes flop class representatives under the suit permutations that
# keep P, with the permutations taking each to the flops of its class; a representative's sums
# for partner N are added to partner holding perm(N) for each of them.
#
# Bounds. A board's values are int32 (the inner loop's width): v = c0 w + c1 t + c2 u + c3 with
# w + t <= 903, u <= 903 and pays within P (PAY_LIMIT) has |c0|, |c1|, |c2| <= 2 P, |c3| <=
# 903 P; each product and each partial sum in the order written is within 2 x 903 x P (a player
# with a pair or better: the weaker w include the u below a pair and c0 w + c1 t + c2 u =
# pays x counts of w + t dealers less lq (w + t); without one: every weaker or tied dealer is
# below a pair, the same within 2 P u), and v itself within 903 P. PAY_LIMIT = (2**31 - 1) //
# (4 x 903) keeps twice that margin. The flop sums (int64) add 990 boards, the output 17,296
# flops at most: 17,296 x 990 x 903 x PAY_LIMIT < 10**16, 1,000 times below 2**63. solve_flops
# refuses pays beyond PAY_LIMIT and cards that are not distinct (the 47 cards off P and a flop
# are counted into arrays of 47); the debug build asserts each board value against int64.

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.string cimport memset

from edge._core cimport (HoldemTables, cy_card_lane, cy_evaluate_lanes, cy_hand_class,
                         cy_holdem_tables)
from edge.games.ultimate_texas_holdem.holdem cimport (
    EDGE_DEBUG, UTH_CATEGORIES, UTH_HOLDINGS, UTH_LOSE_QUALIFIED, UTH_LOSE_UNQUALIFIED,
    UTH_RANK_PAIRS, UTH_TIE, UTH_WIN_QUALIFIED, UTH_WIN_UNQUALIFIED, UthTables, cy_assert_bound,
    cy_blind_class, cy_check_cards, cy_check_offsets, cy_check_pays, cy_check_perms,
    cy_flush_suit, cy_makes_flush, cy_permuted_holding, cy_rank_strength, cy_uth_init_tables)

cdef const HoldemTables* HT = cy_holdem_tables()
cdef UthTables T
cy_uth_init_tables(&T)

cdef enum:
    CARDS = 47                   # cards off the player's holding and the flop
    DEALERS = 903                # C(43, 2): dealer holdings off P, N and the board
    WEAKER = 1
    TIED = 2
    UNQUALIFIED = 4

OUT_COLUMNS = 4                  # per partner holding: s1, s2, flop-best, flops bet 2x
HOLDINGS = UTH_HOLDINGS
# the pays a board's int32 values hold (see the header: twice the margin they need)
PAY_LIMIT = (2 ** 31 - 1) // (4 * DEALERS)
cdef int64_t _PAY_LIMIT = PAY_LIMIT


cdef inline uint8_t _code(int32_t strength, int32_t player) noexcept nogil:
    """A dealer strength's code against the player's: weaker, tied, below a pair."""
    return ((WEAKER if strength < player else 0) | (TIED if strength == player else 0)
            | (UNQUALIFIED if cy_hand_class(strength) == 0 else 0))


cdef void _coefficients(const int64_t* net, int blind, bint qualifies,
                        int64_t* c) noexcept nogil:
    """A Play bet's value as c[0] w + c[1] t + c[2] u + c[3] from the dealer holdings weaker
    (w), tied (t) and below a pair (u) of the 903: ``net`` is the Play size's 17 pays."""
    cdef int64_t win_q = net[UTH_WIN_QUALIFIED + blind], win_u = net[UTH_WIN_UNQUALIFIED + blind]
    cdef int64_t tie = net[UTH_TIE], lose_q = net[UTH_LOSE_QUALIFIED]
    cdef int64_t lose_u = net[UTH_LOSE_UNQUALIFIED]
    if qualifies:
        # the weaker include every dealer below a pair; ties and losses are to qualifiers
        c[0] = win_q - lose_q
        c[1] = tie - lose_q
        c[2] = win_u - win_q
    else:
        # wins and ties only against dealers below a pair; every qualifier beats the player
        c[0] = win_u - lose_u
        c[1] = tie - lose_u
        c[2] = lose_u - lose_q
    c[3] = DEALERS * lose_q


cdef void _rank_table(const int* flop, int32_t* table) noexcept nogil:
    """The rank-only strength of the flop's ranks with every turn-river rank pair (rows) and
    hole rank pair (columns), ``table[91 * 91]`` (-1 where a rank would appear five times)."""
    cdef int ranks[7]
    cdef int tr, hp
    ranks[0] = flop[0] >> 2
    ranks[1] = flop[1] >> 2
    ranks[2] = flop[2] >> 2
    for tr in range(UTH_RANK_PAIRS):
        ranks[3] = T.rank_low[tr]
        ranks[4] = T.rank_high[tr]
        for hp in range(UTH_RANK_PAIRS):
            ranks[5] = T.rank_low[hp]
            ranks[6] = T.rank_high[hp]
            table[tr * UTH_RANK_PAIRS + hp] = cy_rank_strength(HT, ranks)


cdef inline void _partners(int first, int last, int32_t w1, int32_t t1, int32_t u1,
                           const uint8_t* code, const int* index, const int32_t* w,
                           const int32_t* t,
                           const int32_t* u, const int32_t* c1, const int32_t* c2,
                           int32_t folded, int64_t* s1, int64_t* s2,
                           int64_t* r) noexcept nogil:
    """The partner holdings {j1, j2} for j2 in first..last - 1 (one row's stretch without a
    board card): the code of {j1, j2} is ``code[index[j2]]`` (by rank or by card);
    ``s1``, ``s2`` and ``r`` start at the row's j2 = 0."""
    cdef int j2
    cdef int32_t ww, tt, uu, v1, v2
    cdef uint8_t k
    for j2 in range(first, last):
        k = code[index[j2]]
        ww = w1 - w[j2] + (k & 1)
        tt = t1 - t[j2] + ((k >> 1) & 1)
        uu = u1 - u[j2] + ((k >> 2) & 1)
        v1 = c1[0] * ww + c1[1] * tt + c1[2] * uu + c1[3]
        v2 = c2[0] * ww + c2[1] * tt + c2[2] * uu + c2[3]
        if EDGE_DEBUG:
            cy_assert_bound(0 <= ww and 0 <= tt and ww + tt <= DEALERS and 0 <= uu <= DEALERS,
                            "a partner's dealer counts are not within the 903 dealer holdings")
            cy_assert_bound(v1 == <int64_t>c1[0] * ww + <int64_t>c1[1] * tt
                            + <int64_t>c1[2] * uu + c1[3]
                            and v2 == <int64_t>c2[0] * ww + <int64_t>c2[1] * tt
                            + <int64_t>c2[2] * uu + c2[3], "a board's int32 value overflows")
        s1[j2] += v1
        s2[j2] += v2
        r[j2] += v1 if v1 > folded else folded


cdef void _board(const int* hole, const int* board, const int* cards, const int* rank_of,
                 int jt, int jr, const int32_t* ranks, const int64_t* net1,
                 const int64_t* net2, int64_t fold, uint8_t* code, int32_t* w, int32_t* t,
                 int32_t* u, int64_t* s1, int64_t* s2, int64_t* r) noexcept nogil:
    """Add one board's values for every partner holding {j1, j2} to the flop sums (s1, s2, r
    and ``code`` are [47 * 47], at j1 * 47 + j2); ``ranks``: the flop's row of the rank table
    for this turn-river rank pair."""
    cdef uint64_t lanes = 0
    cdef int i, j1, j2, a, b, need, flush_suit, player_class
    cdef int32_t player, s
    cdef uint8_t rank_code[13][13]
    cdef uint8_t k
    cdef int64_t c64[4]
    cdef int32_t c1[4]
    cdef int32_t c2[4]
    cdef int32_t folded = <int32_t>(fold * DEALERS)
    cdef int32_t W = 0, Tt = 0, U = 0, ww, tt, uu
    cdef int stops[3]
    cdef int first
    cdef int avail[13]
    cdef int32_t wr[13]
    cdef int32_t tr[13]
    cdef int32_t ur[13]
    cdef int identity[CARDS]
    cdef const uint8_t* row
    cdef const int* index
    for i in range(5):
        lanes |= cy_card_lane(HT, board[i])
    player = cy_evaluate_lanes(HT, lanes | cy_card_lane(HT, hole[0]) | cy_card_lane(HT, hole[1]))
    player_class = cy_hand_class(player)
    _coefficients(net1, cy_blind_class(player_class), player_class >= 1, c64)
    for i in range(4):
        c1[i] = <int32_t>c64[i]
    _coefficients(net2, cy_blind_class(player_class), player_class >= 1, c64)
    for i in range(4):
        c2[i] = <int32_t>c64[i]
    for a in range(13):
        for b in range(a, 13):
            s = ranks[T.rank_pair[a][b]]
            k = _code(s, player) if s >= 0 else 0
            rank_code[a][b] = k
            rank_code[b][a] = k
    flush_suit = cy_flush_suit(board, &need)
    if flush_suit < 0:
        # no flush: a dealer holding's code is its rank pair's, so the tallies go by rank
        # (cards of rank a meet avail[b] cards of rank b, one fewer of their own rank)
        for a in range(13):
            avail[a] = 0
        for j1 in range(CARDS):
            if j1 != jt and j1 != jr:
                avail[rank_of[j1]] += 1
        for a in range(13):
            wr[a] = -(rank_code[a][a] & 1)
            tr[a] = -((rank_code[a][a] >> 1) & 1)
            ur[a] = -((rank_code[a][a] >> 2) & 1)
            for b in range(13):
                k = rank_code[a][b]
                wr[a] += avail[b] * (k & 1)
                tr[a] += avail[b] * ((k >> 1) & 1)
                ur[a] += avail[b] * ((k >> 2) & 1)
            W += avail[a] * wr[a]
            Tt += avail[a] * tr[a]
            U += avail[a] * ur[a]
        W //= 2             # each dealer holding was counted at both its cards
        Tt //= 2
        U //= 2
        for j1 in range(CARDS):
            w[j1] = wr[rank_of[j1]]
            t[j1] = tr[rank_of[j1]]
            u[j1] = ur[rank_of[j1]]
    else:
        for j1 in range(CARDS):
            w[j1] = 0
            t[j1] = 0
            u[j1] = 0
            identity[j1] = j1
        # every dealer holding of the 45 cards off the board: its code and the tallies
        for j1 in range(CARDS):
            if j1 == jt or j1 == jr:
                continue
            a = cards[j1]
            for j2 in range(j1 + 1, CARDS):
                if j2 == jt or j2 == jr:
                    continue
                b = cards[j2]
                if cy_makes_flush(flush_suit, need, a, b):
                    k = _code(cy_evaluate_lanes(HT, lanes | cy_card_lane(HT, a)
                                                | cy_card_lane(HT, b)), player)
                else:
                    k = rank_code[rank_of[j1]][rank_of[j2]]
                code[j1 * CARDS + j2] = k
                ww = k & 1
                tt = (k >> 1) & 1
                uu = (k >> 2) & 1
                w[j1] += ww
                w[j2] += ww
                t[j1] += tt
                t[j2] += tt
                u[j1] += uu
                u[j2] += uu
                W += ww
                Tt += tt
                U += uu
    # every partner holding N of the 45: the dealer holdings that avoid it, in stretches of
    # each row between the board's two cards (no test in the inner loop)
    stops[0] = jt
    stops[1] = jr
    stops[2] = CARDS
    for j1 in range(CARDS):
        if j1 == jt or j1 == jr:
            continue
        if flush_suit < 0:
            row = &rank_code[rank_of[j1]][0]
            index = rank_of
        else:
            row = &code[j1 * CARDS]
            index = identity
        first = j1 + 1
        for i in range(3):
            if stops[i] > first:
                _partners(first, stops[i], W - w[j1], Tt - t[j1], U - u[j1], row, index,
                          w, t, u, c1, c2, folded, &s1[j1 * CARDS], &s2[j1 * CARDS],
                          &r[j1 * CARDS])
            if stops[i] + 1 > first:
                first = stops[i] + 1


cdef int _check_arguments(int first, int second, const int32_t[:, ::1] flops,
                          const int32_t[::1] offsets, const int8_t[:, ::1] perms,
                          const int64_t[:, ::1] net, int64_t fold,
                          int64_t[:, ::1] out) except -1:
    """What solve_flops needs (ValueError naming the first that is wrong), once per call."""
    cdef int32_t hole[2]
    cdef Py_ssize_t f, p, n_flops = flops.shape[0]
    cdef int player
    if net.shape[0] < 3 or net.shape[1] != UTH_CATEGORIES:
        raise ValueError("net must hold the pays of Play sizes 0..2 by 17 categories")
    cy_check_pays(&net[1, 0], 2 * UTH_CATEGORIES, fold, _PAY_LIMIT, "net")
    if out.shape[0] != UTH_HOLDINGS or out.shape[1] != OUT_COLUMNS:
        raise ValueError("out must be [1326, 4]")
    hole[0] = first
    hole[1] = second
    cy_check_cards(hole, 2, 0, "the player's holding")
    cdef uint64_t player_mask = ((<uint64_t>1) << first) | ((<uint64_t>1) << second)
    if flops.shape[1] != 3 or offsets.shape[0] != n_flops + 1:
        raise ValueError("flops must be [n, 3] with n + 1 offsets")
    if perms.shape[1] != 4:
        raise ValueError(f"perms must be [n, 4], not [{perms.shape[0]}, {perms.shape[1]}]")
    cy_check_offsets(&offsets[0], n_flops, perms.shape[0], "offsets")
    if perms.shape[0]:
        cy_check_perms(&perms[0, 0], perms.shape[0], "perms")
    player = T.pair_id[first][second]
    for p in range(perms.shape[0]):
        if cy_permuted_holding(&T, player, &perms[p, 0]) != player:
            raise ValueError(f"perms[{p}] moves the player's holding {first}, {second}")
    for f in range(n_flops):
        cy_check_cards(&flops[f, 0], 3, player_mask, "flop", f, "the player's")
    return 0


def solve_flops(int first, int second, const int32_t[:, ::1] flops,
                const int32_t[::1] offsets, const int8_t[:, ::1] perms,
                const int64_t[:, ::1] net, int64_t fold, bint ties_larger,
                int64_t[:, ::1] out):
    """Add, for player holding {first, second}, each flop's sums for every partner holding to
    ``out[1326, 4]`` (by partner holding id): s1, s2 (a Play of 1 and 2 on every turn-river
    pair, summed over the flops), the flop's best after a preflop check, max(s2, r), summed,
    and the number of flops bet 2x (equal values follow ``ties_larger``). Flop f is added
    through the suit permutations ``perms[offsets[f]:offsets[f + 1]]``, each taking the partner
    holding to its image (the permutations must keep the player's holding). A board's value
    is computed in 32 bits: the pays of Play sizes 1 and 2 and ``fold`` must be within
    PAY_LIMIT (ValueError otherwise, as for cards that are not distinct or permutations that
    move the player's holding)."""
    _check_arguments(first, second, flops, offsets, perms, net, fold, out)
    cdef int hole[2]
    cdef int board[5]
    cdef int cards[CARDS]
    cdef uint8_t code[CARDS * CARDS]
    cdef int32_t w[CARDS]
    cdef int32_t t[CARDS]
    cdef int32_t u[CARDS]
    cdef int64_t s1[CARDS * CARDS]
    cdef int64_t s2[CARDS * CARDS]
    cdef int64_t r[CARDS * CARDS]
    cdef int32_t ranks[UTH_RANK_PAIRS * UTH_RANK_PAIRS]
    cdef int rank_of[CARDS]
    cdef int f, c, n, jt, jr, j1, j2, idx, p, h, image
    cdef uint64_t used
    cdef int64_t best
    cdef bint bet
    hole[0] = first
    hole[1] = second
    with nogil:
        for f in range(flops.shape[0]):
            used = ((<uint64_t>1) << first) | ((<uint64_t>1) << second)
            for c in range(3):
                board[c] = flops[f, c]
                used |= (<uint64_t>1) << flops[f, c]
            n = 0
            for c in range(52):
                if not (used >> c) & 1:
                    cards[n] = c
                    n += 1
            for c in range(CARDS):
                rank_of[c] = cards[c] >> 2
            memset(s1, 0, sizeof(s1))
            memset(s2, 0, sizeof(s2))
            memset(r, 0, sizeof(r))
            _rank_table(&board[0], ranks)
            for jt in range(CARDS):
                board[3] = cards[jt]
                for jr in range(jt + 1, CARDS):
                    board[4] = cards[jr]
                    _board(hole, board, cards, rank_of, jt, jr,
                           &ranks[T.rank_pair[rank_of[jt]][rank_of[jr]] * UTH_RANK_PAIRS],
                           &net[1, 0], &net[2, 0], fold, code, w, t, u, s1, s2, r)
            for j1 in range(CARDS):
                for j2 in range(j1 + 1, CARDS):
                    idx = j1 * CARDS + j2
                    h = T.pair_id[cards[j1]][cards[j2]]
                    bet = s2[idx] > r[idx] or (s2[idx] == r[idx] and ties_larger)
                    best = s2[idx] if s2[idx] > r[idx] else r[idx]
                    for p in range(offsets[f], offsets[f + 1]):
                        image = cy_permuted_holding(&T, h, &perms[p, 0])
                        out[image, 0] += s1[idx]
                        out[image, 1] += s2[idx]
                        out[image, 2] += best
                        out[image, 3] += bet
