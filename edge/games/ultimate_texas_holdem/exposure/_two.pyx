# cython: language_level=3
# Ultimate Texas Hold'em with both dealer hole cards seen before the preflop decision
# (seen=dealer-2; docs/rules.md section 4, docs/protection.md).
#
# A state is (player holding P, dealer holding D); after the flop F the player decides 2x or
# check knowing P, D and F; on the river he knows the result (play 1x or fold by the outcome
# category alone). So everything the solve needs from (P, D, F) is the 17 outcome counts over
# the 990 turn-rivers, and the 2x and check lines are linear in them.
#
# Per flop class representative F (1,755 classes; solve.flop_classes):
# - the dense 7-card rank of every holding off F on every turn-river board off F: both are
#   the 1,176 pairs of the 49 other cards, and the rank of holding p on board b is the rank of
#   the 7 cards F + b + p, so the table is symmetric and half of it is evaluated;
# - per dealer holding D off F, one per orbit of F's suit stabiliser: the boards missing D
#   are split by the dealer's rank there (qualifying below a straight / not qualifying /
#   straight or better), and every holding is counted against them in 16-bit lanes
#   (_exposure_two.h); wins by Blind class come from the flop's per-class totals minus the
#   boards that hold a dealer card, minus those where the dealer does not qualify, minus the
#   straight-or-better hands that do not beat a strong dealer;
# - per holding P the flop decision (2x where worth more than checking; equal values follow
#   ties_larger), and the 17 counts added to the row of P's state (P, D) -- the row of the
#   suit class of (P, D), weighted by the number of (flop, dealer holding) pairs of the orbit
#   of (F, D), so each row gets its class's orbit size times the counts of one of its states.
#
# Dense ranks: the 7,462 distinct hold'em strengths of edge._core's evaluator in ascending
# order, found through a small open-addressing hash table.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

import numpy as np

from edge._core cimport HoldemTables, cy_evaluate_lanes, cy_evaluate_mask, cy_holdem_tables
from edge.games.ultimate_texas_holdem.holdem cimport (UTH_HOLDINGS, UTH_TURN_RIVERS,
                                                      UthTables, cy_check_cards,
                                                      cy_permuted_card, cy_uth_init_tables)

cdef extern from "_two.h":
    enum:
        X2_PAIRS
        X2_W
        X2_BLOCKS
        X2_STRIDE
        X2_BLOCK_SIZE
        X2_CLASSES
        X2_CATEGORIES
        X2_ROW
        X2_RUNOUTS
    ctypedef struct X2Limits:
        int16_t limit[7]
    ctypedef struct X2Boards:
        int n_main, n_unqualified, n_strong, n_touching
    ctypedef struct X2Block:
        pass
    int64_t X2_AT(int b, int p) noexcept nogil
    void x2_dealer_boards(const int16_t* table, const uint64_t* pair_mask, int d,
                          const X2Limits* limits, X2Boards* out) noexcept nogil
    void x2_block(const int16_t* table, const X2Boards* boards, const X2Limits* limits,
                  X2Block* out) noexcept nogil
    void x2_class_totals(const int16_t* table, const X2Limits* limits,
                         int16_t* totals) noexcept nogil
    int x2_finish(const X2Block* block, int first, const int16_t* totals,
                  const uint64_t* pair_mask, int d, const int32_t* state_of,
                  const int64_t* net2, const int64_t* river, int ties_larger, int32_t weight,
                  int32_t* rows) noexcept nogil

cdef const HoldemTables* HT = cy_holdem_tables()
# the holding and suit-permutation numbering shared by the UTH kernels (holdem.pxd)
cdef UthTables T
cy_uth_init_tables(&T)

ROW = X2_ROW                 # per state row: 17 counts after a flop 2x, 17 after a check, ...
RUNOUTS = X2_RUNOUTS

cdef enum:
    HASH_SIZE = 16384
    GROUP = 16                   # dealer holdings counted together against one block

cdef int32_t _hash_key[HASH_SIZE]
cdef int16_t _hash_rank[HASH_SIZE]
cdef X2Limits _limits


cdef inline uint32_t _slot(int32_t strength) noexcept nogil:
    return ((<uint32_t>strength) * <uint32_t>2654435761u) >> 18


cdef inline int16_t _dense(int32_t strength) noexcept nogil:
    cdef uint32_t at = _slot(strength)
    while _hash_key[at] != strength:
        if _hash_key[at] == -1:
            return -32768
        at = (at + 1) & (HASH_SIZE - 1)
    return _hash_rank[at]


def _strengths():
    """Every distinct hold'em strength, ascending (from every 5-card hand)."""
    out = np.empty(2598960, dtype=np.int32)
    cdef int32_t[::1] view = out
    cdef int a, b, c, d, e
    cdef Py_ssize_t n = 0
    with nogil:
        for a in range(52):
            for b in range(a + 1, 52):
                for c in range(b + 1, 52):
                    for d in range(c + 1, 52):
                        for e in range(d + 1, 52):
                            view[n] = cy_evaluate_mask(
                                HT, ((<uint64_t>1) << a) | ((<uint64_t>1) << b)
                                | ((<uint64_t>1) << c) | ((<uint64_t>1) << d)
                                | ((<uint64_t>1) << e))
                            n += 1
    return np.unique(out)


STRENGTHS = _strengths()


def _init_ranks():
    cdef int i
    cdef uint32_t at
    cdef int32_t[::1] values = STRENGTHS
    for i in range(HASH_SIZE):
        _hash_key[i] = -1
    for i in range(values.shape[0]):
        at = _slot(values[i])
        while _hash_key[at] != -1:
            at = (at + 1) & (HASH_SIZE - 1)
        _hash_key[at] = values[i]
        _hash_rank[at] = <int16_t>i
    # the least strength of a pair, a straight, a flush, a full house, quads, a straight
    # flush, a royal flush (hand class in bits 26..29; the royal is the top strength)
    firsts = [1 << 26, 4 << 26, 5 << 26, 6 << 26, 7 << 26, 8 << 26, int(STRENGTHS[len(STRENGTHS) - 1])]
    for i, first in enumerate(firsts):
        _limits.limit[i] = <int16_t>int(np.searchsorted(STRENGTHS, first))


_init_ranks()


def dense_rank(int strength):
    """The dense rank (0 = weakest) of a hold'em strength of edge._core's evaluator."""
    return _dense(strength)


def limits():
    """The dense ranks where a pair, then Blind classes 1..6 (straight .. royal) begin."""
    return tuple(_limits.limit[i] for i in range(7))


cdef inline int _permute(int card, int g) noexcept nogil:
    return cy_permuted_card(card, T.perms[g])


cdef struct FlopPairs:
    # the 49 cards off a flop and the 1,176 pairs of them (holdings, and turn-river boards)
    int off[49]                   # the cards off the flop, ascending
    int local[52]                 # a card's place among them, -1 for a flop card
    int pair_a[1176]
    int pair_b[1176]
    int gid[1176]                 # the pair's holding id
    uint64_t mask[1176]           # its two places among the 49 cards
    uint64_t lanes[1176]          # its two cards as suit lanes


cdef void _flop_pairs(const int32_t* flop, FlopPairs* x) noexcept nogil:
    """Number the cards off the flop and their pairs (in lexicographic order)."""
    cdef int i, j, n = 0
    for i in range(52):
        x.local[i] = -1
        if i != flop[0] and i != flop[1] and i != flop[2]:
            x.local[i] = n
            x.off[n] = i
            n += 1
    n = 0
    for i in range(49):
        for j in range(i + 1, 49):
            x.pair_a[n] = x.off[i]
            x.pair_b[n] = x.off[j]
            x.gid[n] = T.pair_id[x.off[i]][x.off[j]]
            x.mask[n] = ((<uint64_t>1) << i) | ((<uint64_t>1) << j)
            x.lanes[n] = HT.lane[x.off[i]] | HT.lane[x.off[j]]
            n += 1


cdef int _rank_table(const int32_t* flop, const FlopPairs* x, int16_t* table) noexcept nogil:
    """The dense rank of every holding p on every board b off the flop (the 7 cards flop + b
    + p, so the table is symmetric and half of it is evaluated; -1 where they share a card);
    X2_PAIRS when a strength has no dense rank, else 0."""
    cdef uint64_t flop_lanes = HT.lane[flop[0]] | HT.lane[flop[1]] | HT.lane[flop[2]]
    cdef uint64_t row_lanes
    cdef int b, p
    cdef int16_t r
    for b in range(X2_PAIRS):
        table[X2_AT(b, b)] = -1
        for p in range(X2_PAIRS, X2_STRIDE):
            table[X2_AT(b, p)] = -1
        row_lanes = flop_lanes | x.lanes[b]
        for p in range(b + 1, X2_PAIRS):
            if x.mask[p] & x.mask[b]:
                r = -1
            else:
                r = _dense(cy_evaluate_lanes(HT, row_lanes | x.lanes[p]))
                if r < 0:
                    return X2_PAIRS
            table[X2_AT(b, p)] = r
            table[X2_AT(p, b)] = r
    return 0


cdef int _dealer_orbits(const int32_t* flop, const FlopPairs* x, int* dealers,
                        int* orbit, int* n_stab) noexcept nogil:
    """The flop's suit stabiliser (its size in ``n_stab``) and one dealer holding per orbit
    of it (``dealers``, the least pair of each orbit; ``orbit[d]`` its size); their number."""
    cdef int stab[24]
    cdef int canonical[UTH_TURN_RIVERS]
    cdef int pf[3]
    cdef int i, j, b, d, g, image, n = 0
    n_stab[0] = 0
    for g in range(24):
        for i in range(3):
            pf[i] = _permute(flop[i], g)
        if x.local[pf[0]] < 0 and x.local[pf[1]] < 0 and x.local[pf[2]] < 0:
            stab[n_stab[0]] = g
            n_stab[0] += 1
    for d in range(X2_PAIRS):
        canonical[d] = d
        orbit[d] = 0
    for d in range(X2_PAIRS):
        for i in range(n_stab[0]):
            j = x.local[_permute(x.pair_a[d], stab[i])]
            b = x.local[_permute(x.pair_b[d], stab[i])]
            if j > b:
                j, b = b, j
            image = j * (97 - j) // 2 + b - j - 1
            if image < canonical[d]:
                canonical[d] = image
    for d in range(X2_PAIRS):
        orbit[canonical[d]] += 1
    for d in range(X2_PAIRS):
        if canonical[d] == d:
            dealers[n] = d
            n += 1
    return n


cdef int _solve_flop(const int32_t* flop, const int32_t* state_index, const int64_t* net2,
                     const int64_t* river, bint ties_larger, int16_t* table, int16_t* totals,
                     X2Boards* boards, X2Block* block, int32_t* state_of, int32_t* rows,
                     int64_t* work) noexcept nogil:
    """Add one flop class's counts to the state rows; returns the number of bad holdings.
    Each (holding, dealer holding, flop) state gets its 17 outcome counts over the 990
    turn-rivers exactly: counted lanes of 16-bit tallies of distinct boards (_two.h)."""
    cdef FlopPairs x
    cdef int dealers[UTH_TURN_RIVERS]
    cdef int orbit[UTH_TURN_RIVERS]
    cdef int n, first, size, i, p, d, n_stab, blk, bad = 0
    cdef int32_t weight
    _flop_pairs(flop, &x)
    if _rank_table(flop, &x, table):
        return X2_PAIRS
    x2_class_totals(table, &_limits, totals)
    n = _dealer_orbits(flop, &x, dealers, orbit, &n_stab)
    # the dealer holdings in groups, counted block by block against each group
    first = 0
    while first < n:
        size = GROUP if n - first > GROUP else n - first
        for i in range(size):
            d = dealers[first + i]
            x2_dealer_boards(table, x.mask, d, &_limits, &boards[i])
            for p in range(X2_PAIRS):
                state_of[i * X2_PAIRS + p] = state_index[<int64_t>x.gid[d] * 1326 + x.gid[p]]
        for blk in range(X2_BLOCKS):
            for i in range(size):
                d = dealers[first + i]
                # (24 / |stabiliser|) flops times the dealer holdings of d's orbit under it
                weight = (24 // n_stab) * orbit[d]
                x2_block(table + blk * X2_BLOCK_SIZE, &boards[i], &_limits, block)
                bad += x2_finish(block, blk * X2_W, totals, x.mask, d, &state_of[i * X2_PAIRS],
                                 net2, river, ties_larger, weight, rows)
        work[0] += size
        first += size
    return bad


cdef int _check_state_index(const int32_t[:, ::1] state_index, Py_ssize_t n_rows) except -1:
    """ValueError unless ``state_index[D, P]`` is a row 0..n_rows - 1 wherever holdings D and P
    share no card (the kernel adds to the row it names, unchecked; the others are not read).

    The rows are int32: a row sums its class's states (at most 24, the suit permutations)
    over the C(48, 3) = 17,296 flops off both holdings, 990 turn-rivers each: at most 24 x
    17,296 x 990 = 410,952,960 per count, 5.2 times below 2**31 - 1."""
    cdef Py_ssize_t d, p
    cdef int32_t row
    for d in range(UTH_HOLDINGS):
        for p in range(UTH_HOLDINGS):
            row = state_index[d, p]
            if not 0 <= row < n_rows and T.pair_a[d] != T.pair_a[p] \
                    and T.pair_a[d] != T.pair_b[p] and T.pair_b[d] != T.pair_a[p] \
                    and T.pair_b[d] != T.pair_b[p]:
                raise ValueError(f"state_index[{d}, {p}] = {row} is not a row 0..{n_rows - 1}")
    return 0


def solve_flops(const int32_t[:, ::1] flops, const int32_t[:, ::1] state_index,
                const int64_t[::1] net2, const int64_t[::1] river, bint ties_larger,
                int32_t[:, ::1] rows):
    """Add the flop classes ``flops`` (representatives) to the state rows.

    ``state_index[D, P]``: the row of state (player holding P, dealer holding D) by holding
    ids, -1 where they share a card; ``net2`` and ``river`` the scaled value of each outcome
    category for a 2x Play and for the river's better of 1x and fold. ``rows[s]`` gets, per
    state class s, weighted by orbit: 17 counts on flops bet 2x, 17 on flops checked, the
    flops bet and the flops of equal value. Returns the (flop, dealer holding) pairs done.
    """
    if state_index.shape[0] != 1326 or state_index.shape[1] != 1326:
        raise ValueError("state_index must be [1326, 1326].")
    if net2.shape[0] != X2_CATEGORIES or river.shape[0] != X2_CATEGORIES:
        raise ValueError("net2 and river need one value per outcome category (17).")
    if rows.shape[1] != X2_ROW:
        raise ValueError(f"rows must be [n, {X2_ROW}].")
    cdef Py_ssize_t f, n_flops = flops.shape[0]
    if flops.shape[1] != 3:
        raise ValueError("flops must be [n, 3].")
    for f in range(n_flops):
        cy_check_cards(&flops[f, 0], 3, 0, "bad flop", f)
    _check_state_index(state_index, rows.shape[0])
    cdef int16_t* table = <int16_t*>malloc(sizeof(int16_t) * X2_PAIRS * X2_STRIDE)
    cdef int16_t* totals = <int16_t*>malloc(sizeof(int16_t) * X2_CLASSES * X2_STRIDE)
    cdef X2Boards* boards = <X2Boards*>malloc(GROUP * sizeof(X2Boards))
    cdef int32_t* state_of = <int32_t*>malloc(GROUP * X2_PAIRS * sizeof(int32_t))
    cdef X2Block* block = <X2Block*>malloc(sizeof(X2Block))
    cdef int bad = 0
    cdef int64_t work = 0
    try:
        if (table == NULL or totals == NULL or boards == NULL or block == NULL
                or state_of == NULL):
            raise MemoryError()
        with nogil:
            for f in range(n_flops):
                bad += _solve_flop(&flops[f, 0], &state_index[0, 0], &net2[0], &river[0],
                                   ties_larger, table, totals, boards, block, state_of,
                                   &rows[0, 0],
                                   &work)
    finally:
        free(table)
        free(totals)
        free(boards)
        free(block)
        free(state_of)
    if bad:
        raise RuntimeError(f"The dealer-2 solve lost deals: {bad} holdings' counts do not "
                           "add up.")
    return work
