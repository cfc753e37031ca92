# cython: language_level=3
# Ultimate Texas Hold'em with both dealer hole cards seen (seen=dealer-2), the player's flop
# decision taken by his own rule (docs/protection.md, "rules with their own flop and river
# steps").
#
# The same counting as _two.pyx (whose header _two.h holds the inner loops, included here
# unchanged): per flop class representative F the dense 7-card rank of every holding on every
# turn-river board, per dealer holding D (one per orbit of F's suit stabiliser) the 17 outcome
# counts of every holding P over the 990 turn-rivers. Only the flop decision differs: not the
# better of 2x and check but the rule's, read from ``plan[F, v, P]`` where v says how P's five
# cards on the flop (P + F) stand against the dealer's (D + F): 0 behind, 1 tied, 2 ahead. The
# rule's features other than that comparison read only P and F (suit-symmetric, as every
# feature of a strategy file), so the plan is made per flop class representative and holding.
# The river needs nothing here: with both dealer cards seen the river's outcome category is
# known, and a river rule that reads only it (win, tie, loss) is a value per category applied
# to the checked counts afterwards.
#
# Each (P, D, F) result is added to the row of the suit class of (P, D), weighted by the
# (flop, dealer holding) pairs of the orbit of (F, D), as _two.pyx does.

from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from edge._core cimport HoldemTables, cy_evaluate_lanes, cy_holdem_tables
from edge.games.ultimate_texas_holdem.holdem cimport (UTH_HOLDINGS, UTH_LOSE_QUALIFIED,
                                                      UTH_TIE, UTH_TURN_RIVERS,
                                                      UthTables, cy_check_cards,
                                                      cy_permuted_card, cy_uth_init_tables)

from edge.games.ultimate_texas_holdem.exposure import _two as _exposure_two

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
    void x2_categories(const X2Block* block, int j, const int16_t* totals, int p,
                       int32_t* count) noexcept nogil

cdef const HoldemTables* HT = cy_holdem_tables()
cdef UthTables T
cy_uth_init_tables(&T)

ROW = X2_ROW                 # per state row: 17 counts after a flop 2x, 17 after a check, ...
VERSUS = 3                   # behind, tied, ahead on the flop

cdef enum:
    HASH_SIZE = 16384
    GROUP = 16

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


def _init_ranks():
    """The dense ranks and the class limits of _two (its strengths, in the same order)."""
    cdef int i
    cdef uint32_t at
    cdef int32_t[::1] values = _exposure_two.STRENGTHS
    for i in range(HASH_SIZE):
        _hash_key[i] = -1
    for i in range(values.shape[0]):
        at = _slot(values[i])
        while _hash_key[at] != -1:
            at = (at + 1) & (HASH_SIZE - 1)
        _hash_key[at] = values[i]
        _hash_rank[at] = <int16_t>i
    for i, limit in enumerate(_exposure_two.limits()):
        _limits.limit[i] = <int16_t>limit


_init_ranks()


cdef struct FlopPairs:
    int off[49]
    int local[52]
    int pair_a[1176]
    int pair_b[1176]
    int gid[1176]
    uint64_t mask[1176]
    uint64_t lanes[1176]
    int32_t five[1176]            # the strength of the pair's two cards with the flop


cdef void _flop_pairs(const int32_t* flop, FlopPairs* x) noexcept nogil:
    """Number the cards off the flop and their pairs (lexicographic, as _two.pyx does), with
    each pair's five-card strength on the flop."""
    cdef uint64_t flop_lanes = HT.lane[flop[0]] | HT.lane[flop[1]] | HT.lane[flop[2]]
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
            x.five[n] = cy_evaluate_lanes(HT, flop_lanes | x.lanes[n])
            n += 1


cdef int _rank_table(const int32_t* flop, const FlopPairs* x, int16_t* table) noexcept nogil:
    """The dense 7-card rank of every holding on every board off the flop (see _two.pyx)."""
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
    """One dealer holding per orbit of the flop's suit stabiliser (see _two.pyx)."""
    cdef int stab[24]
    cdef int canonical[UTH_TURN_RIVERS]
    cdef int i, j, b, d, g, image, n = 0
    n_stab[0] = 0
    for g in range(24):
        if (x.local[cy_permuted_card(flop[0], T.perms[g])] < 0
                and x.local[cy_permuted_card(flop[1], T.perms[g])] < 0
                and x.local[cy_permuted_card(flop[2], T.perms[g])] < 0):
            stab[n_stab[0]] = g
            n_stab[0] += 1
    for d in range(X2_PAIRS):
        canonical[d] = d
        orbit[d] = 0
    for d in range(X2_PAIRS):
        for i in range(n_stab[0]):
            j = x.local[cy_permuted_card(x.pair_a[d], T.perms[stab[i]])]
            b = x.local[cy_permuted_card(x.pair_b[d], T.perms[stab[i]])]
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


cdef inline bint _counted(const X2Block* block, int j, const int16_t* totals, int p,
                          int32_t* count) noexcept nogil:
    """The 17 outcome counts of lane j (holding p) of a block; whether they add up to the
    990 turn-rivers, none negative (always, unless a bug)."""
    cdef int k, total = 0
    cdef bint negative = False
    x2_categories(block, j, totals, p, count)
    for k in range(X2_CATEGORIES):
        negative = negative or count[k] < 0
        total += count[k]
    return total == X2_RUNOUTS and not negative


cdef int _finish(const X2Block* block, int first, const int16_t* totals, const FlopPairs* x,
                 int d, const int32_t* state_of, const uint8_t* plan, int32_t weight,
                 int32_t* rows) noexcept nogil:
    """One block of holdings against dealer holding d: each holding's counts, to the 2x or
    the checked half of its state's row by the rule's flop decision; the number of holdings
    whose counts did not add up (0 unless a bug)."""
    cdef int j, k, p, versus, bad = 0
    cdef int32_t count[X2_CATEGORIES]
    cdef int32_t* row
    for j in range(X2_W):
        p = first + j
        if p >= X2_PAIRS or (x.mask[p] & x.mask[d]):
            continue
        if not _counted(block, j, totals, p, count):
            bad += 1
            continue
        versus = 2 if x.five[p] > x.five[d] else (1 if x.five[p] == x.five[d] else 0)
        row = rows + <int64_t>state_of[p] * X2_ROW
        if plan[versus * UTH_HOLDINGS + x.gid[p]]:
            for k in range(X2_CATEGORIES):
                row[k] += weight * count[k]
            row[34] += weight
        else:
            for k in range(X2_CATEGORIES):
                row[X2_CATEGORIES + k] += weight * count[k]
    return bad


# --- river rules reading the player's hand and the board ------------------------------------
#
# A river rule reading other features than versus_dealer (hidden, hand, dealer_outs ... as the
# game-as-dealt kernels compute them, from the player's two cards and the five-card board)
# decides per (holding, board) and, when it also reads versus_dealer, per outcome: bit v of
# ``plays[c, h]`` says whether holding h plays 1x on the representative of 5-card board class
# c when his seven cards stand v (0 behind, 1 tied, 2 ahead) against the dealer's. A board of
# a flop takes its class's row through the suit permutation to the representative (both
# found in Python, exposure/rule_two.py).
#
# Per versus value the checked line's counts split into the deals played 1x and those
# folded. The played counts of category k (versus v of k) are the counts over the boards on
# which the rule plays: the same counting (_two.h) on a copy of the rank table with -1 (as a
# board sharing a card) wherever it folds. Every category then comes out right but the loss
# to a qualifying dealer, which _two.h takes as the rest of the 990 boards: that rest also
# holds the boards folded, whose number (boards off both holdings where the rule folds) is
# counted per flop by card (inclusion-exclusion over the dealer holding's two cards).

cdef enum:
    MASKS = 3                # at most one masked table per versus value
    RULE_ROW = 52            # per state: 17 counts bet 2x, 17 checked then 1x, 17 checked then
                             # folded, the flops bet 2x

RIVER_ROW = RULE_ROW


cdef int16_t _PERM_HOLDING[24][1326]


cdef void _init_perm_holdings() noexcept nogil:
    cdef int g, h
    for g in range(24):
        for h in range(UTH_HOLDINGS):
            _PERM_HOLDING[g][h] = <int16_t>T.pair_id[cy_permuted_card(T.pair_a[h], T.perms[g])][
                cy_permuted_card(T.pair_b[h], T.perms[g])]


_init_perm_holdings()


cdef struct RiverWork:
    const uint8_t* plays            # [board class, holding]: bit v plays with versus v
    const int32_t* board_class      # the flop's turn-river boards: class
    const uint8_t* board_perm       # and the suit permutation to its representative
    const int64_t* net              # the scaled pays [5][17]
    int64_t fold
    bint ties_larger
    int n_masks
    int bit[MASKS]                  # the bit of ``plays`` each masked table reads
    int16_t* masked[MASKS]          # the rank table, -1 where the rule folds
    int16_t* totals[MASKS]
    int32_t* inside[MASKS]          # per holding: boards where the rule plays
    int32_t* by_card[MASKS]         # [49 local cards][X2_STRIDE]: those holding the card
    int source[3]                   # per versus value: -2 folds, -1 plays, else its table


cdef void _mask_tables(const FlopPairs* x, const int16_t* table, RiverWork* w) noexcept nogil:
    """The masked rank tables of one flop, their class totals and the boards played."""
    cdef int b, p, m, i, j
    cdef const uint8_t* row
    cdef const int16_t* image
    cdef int16_t r
    for m in range(w.n_masks):
        memset(w.inside[m], 0, sizeof(int32_t) * X2_STRIDE)
        memset(w.by_card[m], 0, sizeof(int32_t) * 49 * X2_STRIDE)
    for b in range(X2_PAIRS):
        row = w.plays + <int64_t>w.board_class[b] * UTH_HOLDINGS
        image = _PERM_HOLDING[w.board_perm[b]]
        i = x.local[x.pair_a[b]]
        j = x.local[x.pair_b[b]]
        for p in range(X2_STRIDE):
            r = table[X2_AT(b, p)]
            for m in range(w.n_masks):
                if r >= 0 and (row[image[x.gid[p]]] >> w.bit[m]) & 1:
                    w.masked[m][X2_AT(b, p)] = r
                    w.inside[m][p] += 1
                    w.by_card[m][i * X2_STRIDE + p] += 1
                    w.by_card[m][j * X2_STRIDE + p] += 1
                else:
                    w.masked[m][X2_AT(b, p)] = -1
    for m in range(w.n_masks):
        x2_class_totals(w.masked[m], &_limits, w.totals[m])


cdef int _river_finish(const X2Block* block, const X2Block* masked, int first,
                       const int16_t* totals, const FlopPairs* x, int d,
                       const int32_t* state_of, const uint8_t* plan, const RiverWork* w,
                       int32_t weight, int32_t* rows) noexcept nogil:
    """One block of holdings against dealer holding d (``masked``: the block counted on each
    masked table): each holding's counts, bet 2x or checked then played 1x or folded by the
    rules, to its state's row; the number of holdings whose counts did not add up."""
    cdef int j, k, m, p, v, versus, bad = 0, inside
    cdef int32_t count[X2_CATEGORIES]
    cdef int32_t kept[MASKS][X2_CATEGORIES]
    cdef int32_t played[X2_CATEGORIES]
    cdef int di = x.local[x.pair_a[d]], dj = x.local[x.pair_b[d]]
    cdef int64_t bet, check
    cdef bint bets, wrong
    cdef int32_t* row
    for j in range(X2_W):
        p = first + j
        if p >= X2_PAIRS or (x.mask[p] & x.mask[d]):
            continue
        wrong = not _counted(block, j, totals, p, count)
        for m in range(w.n_masks):
            x2_categories(&masked[m], j, w.totals[m], p, kept[m])
            # the loss to a qualifying dealer is the rest of the 990 boards: less those off
            # both holdings where the rule folds
            inside = (w.inside[m][p] - w.by_card[m][di * X2_STRIDE + p]
                      - w.by_card[m][dj * X2_STRIDE + p] + (w.masked[m][X2_AT(d, p)] >= 0))
            kept[m][UTH_LOSE_QUALIFIED] -= X2_RUNOUTS - inside
        bet = 0
        check = 0
        for k in range(X2_CATEGORIES):
            v = 2 if k < UTH_TIE else (1 if k == UTH_TIE else 0)
            if w.source[v] == -2:
                played[k] = 0
            elif w.source[v] == -1:
                played[k] = count[k]
            else:
                played[k] = kept[w.source[v]][k]
            wrong = wrong or played[k] < 0 or played[k] > count[k]
            bet += count[k] * w.net[2 * X2_CATEGORIES + k]
            check += played[k] * w.net[X2_CATEGORIES + k] + (count[k] - played[k]) * w.fold
        if wrong:
            bad += 1
            continue
        if plan == NULL:
            bets = bet > check or (bet == check and w.ties_larger)
        else:
            versus = 2 if x.five[p] > x.five[d] else (1 if x.five[p] == x.five[d] else 0)
            bets = plan[versus * UTH_HOLDINGS + x.gid[p]]
        row = rows + <int64_t>state_of[p] * RULE_ROW
        if bets:
            for k in range(X2_CATEGORIES):
                row[k] += weight * count[k]
            row[3 * X2_CATEGORIES] += weight
        else:
            for k in range(X2_CATEGORIES):
                row[X2_CATEGORIES + k] += weight * played[k]
                row[2 * X2_CATEGORIES + k] += weight * (count[k] - played[k])
    return bad


cdef int _solve_flop(const int32_t* flop, const int32_t* state_index, const uint8_t* plan,
                     int16_t* table, int16_t* totals, X2Boards* boards, X2Block* block,
                     int32_t* state_of, int32_t* rows, RiverWork* river=NULL,
                     X2Block* masked=NULL) noexcept nogil:
    """Add one flop class's counts to the state rows (``river``: the rules' river decisions
    read from the cards, see :func:`solve_river_flops`; NULL a river read per outcome); the
    number of bad holdings."""
    cdef FlopPairs x
    cdef int dealers[UTH_TURN_RIVERS]
    cdef int orbit[UTH_TURN_RIVERS]
    cdef int n, first, size, i, m, p, d, n_stab, blk, bad = 0
    cdef int32_t weight
    _flop_pairs(flop, &x)
    if _rank_table(flop, &x, table):
        return X2_PAIRS
    if river != NULL:
        _mask_tables(&x, table, river)
    x2_class_totals(table, &_limits, totals)
    n = _dealer_orbits(flop, &x, dealers, orbit, &n_stab)
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
                weight = (24 // n_stab) * orbit[d]
                x2_block(table + blk * X2_BLOCK_SIZE, &boards[i], &_limits, block)
                if river == NULL:
                    bad += _finish(block, blk * X2_W, totals, &x, d, &state_of[i * X2_PAIRS],
                                   plan, weight, rows)
                    continue
                for m in range(river.n_masks):
                    x2_block(river.masked[m] + blk * X2_BLOCK_SIZE, &boards[i], &_limits,
                             &masked[m])
                bad += _river_finish(block, masked, blk * X2_W, totals, &x, d,
                                     &state_of[i * X2_PAIRS], plan, river, weight, rows)
        first += size
    return bad


def solve_flops(const int32_t[:, ::1] flops, const int32_t[:, ::1] state_index,
                const uint8_t[:, :, ::1] plan, int32_t[:, ::1] rows):
    """Add the flop classes ``flops`` (representatives) to the state rows, the flop decided by
    ``plan[f, v, P]`` (1 bet 2x, 0 check) for flop ``f``, holding id P and v how P's five
    cards on the flop stand against the dealer's (0 behind, 1 tied, 2 ahead).

    ``state_index[D, P]``: the row of state (player holding P, dealer holding D), -1 where
    they share a card. ``rows[s]`` gets, per state class s, weighted by orbit: 17 counts on
    flops bet 2x, 17 on flops checked, the flops bet (the last column is left alone).
    """
    cdef Py_ssize_t f, n_flops = flops.shape[0], v, h
    if flops.shape[1] != 3:
        raise ValueError("flops must be [n, 3].")
    if state_index.shape[0] != UTH_HOLDINGS or state_index.shape[1] != UTH_HOLDINGS:
        raise ValueError("state_index must be [1326, 1326].")
    if plan.shape[0] != n_flops or plan.shape[1] != VERSUS or plan.shape[2] != UTH_HOLDINGS:
        raise ValueError(f"plan must be [{n_flops}, 3, 1326] (one per flop, versus, holding).")
    if rows.shape[1] != X2_ROW:
        raise ValueError(f"rows must be [n, {X2_ROW}].")
    for f in range(n_flops):
        cy_check_cards(&flops[f, 0], 3, 0, "bad flop", f)
        for v in range(VERSUS):
            for h in range(UTH_HOLDINGS):
                if plan[f, v, h] > 1:
                    raise ValueError(f"plan[{f}, {v}, {h}] = {plan[f, v, h]} is not 0 or 1.")
    _check_state_index(state_index, rows.shape[0])
    cdef int16_t* table = <int16_t*>malloc(sizeof(int16_t) * X2_PAIRS * X2_STRIDE)
    cdef int16_t* totals = <int16_t*>malloc(sizeof(int16_t) * X2_CLASSES * X2_STRIDE)
    cdef X2Boards* boards = <X2Boards*>malloc(GROUP * sizeof(X2Boards))
    cdef int32_t* state_of = <int32_t*>malloc(GROUP * X2_PAIRS * sizeof(int32_t))
    cdef X2Block* block = <X2Block*>malloc(sizeof(X2Block))
    cdef int bad = 0
    try:
        if (table == NULL or totals == NULL or boards == NULL or block == NULL
                or state_of == NULL):
            raise MemoryError()
        with nogil:
            for f in range(n_flops):
                bad += _solve_flop(&flops[f, 0], &state_index[0, 0], &plan[f, 0, 0], table,
                                   totals, boards, block, state_of, &rows[0, 0])
    finally:
        free(table)
        free(totals)
        free(boards)
        free(block)
        free(state_of)
    if bad:
        raise RuntimeError(f"The dealer-2 rule's count lost deals: {bad} holdings' counts do "
                           "not add up.")
    return n_flops


cdef int _check_state_index(const int32_t[:, ::1] state_index, Py_ssize_t n_rows) except -1:
    """ValueError unless ``state_index[D, P]`` is a row 0..n_rows - 1 wherever holdings D and P
    share no card (the rows are int32: at most 24 x 17,296 x 990 per count, see _two.pyx)."""
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


def solve_river_flops(const int32_t[:, ::1] flops, const int32_t[:, ::1] state_index,
                      plan, const uint8_t[:, ::1] plays, const int32_t[:, ::1] board_class,
                      const uint8_t[:, ::1] board_perm, sources, const int64_t[:, ::1] net,
                      int64_t fold, bint ties_larger, int32_t[:, ::1] rows):
    """Add the flop classes ``flops`` (representatives) to the state rows, the river decided
    per holding and board by ``plays`` and the flop by ``plan`` (as :func:`solve_flops`; None:
    the better of 2x and checking, equal values by ``ties_larger``).

    ``plays[c, h]``: bit v set when holding h plays 1x on the representative of board class
    c with his hand behind (v = 0), tied with (1) or ahead of (2) the dealer's;
    ``board_class[f, b]`` and ``board_perm[f, b]`` the class of flop f's b-th turn-river board
    (pairs of the 49 cards off the flop, lexicographic) and the suit permutation taking it to
    the representative; ``sources[v]``: -2 the rule folds whatever the cards, -1 it plays,
    else the bit of ``plays`` it reads. ``net``: the scaled pays [5, 17] (rows 1 and 2 read),
    ``fold`` a fold's. ``rows[s]`` gets per state class s, weighted by orbit: 17 counts bet
    2x, 17 checked then played 1x, 17 checked then folded, the flops bet.
    """
    cdef Py_ssize_t f, n_flops = flops.shape[0], b
    cdef const uint8_t[:, :, ::1] flop_plan
    if flops.shape[1] != 3:
        raise ValueError("flops must be [n, 3].")
    if state_index.shape[0] != UTH_HOLDINGS or state_index.shape[1] != UTH_HOLDINGS:
        raise ValueError("state_index must be [1326, 1326].")
    if plays.shape[1] != UTH_HOLDINGS:
        raise ValueError("plays must be [board classes, 1326].")
    if (board_class.shape[0] != n_flops or board_class.shape[1] != X2_PAIRS
            or board_perm.shape[0] != n_flops or board_perm.shape[1] != X2_PAIRS):
        raise ValueError(f"board_class and board_perm must be [{n_flops}, {X2_PAIRS}].")
    for f in range(n_flops):
        for b in range(X2_PAIRS):
            if not 0 <= board_class[f, b] < plays.shape[0] or board_perm[f, b] >= 24:
                raise ValueError(f"board {b} of flop {f}: class {board_class[f, b]} or "
                                 f"permutation {board_perm[f, b]} out of range.")
    if net.shape[0] != 5 or net.shape[1] != X2_CATEGORIES:
        raise ValueError("net must be [5, 17].")
    if rows.shape[1] != RULE_ROW:
        raise ValueError(f"rows must be [n, {RULE_ROW}].")
    source = [int(s) for s in sources]
    if len(source) != 3 or any(not -2 <= s <= 2 for s in source):
        raise ValueError(f"sources must be three of -2..2, not {source}.")
    for f in range(n_flops):
        cy_check_cards(&flops[f, 0], 3, 0, "bad flop", f)
    if plan is not None:
        flop_plan = plan
        if (flop_plan.shape[0] != n_flops or flop_plan.shape[1] != VERSUS
                or flop_plan.shape[2] != UTH_HOLDINGS):
            raise ValueError(f"plan must be [{n_flops}, 3, 1326] (one per flop, versus, "
                             "holding).")
    _check_state_index(state_index, rows.shape[0])
    cdef RiverWork w
    cdef int m, v
    bits = sorted({s for s in source if s >= 0})
    w.plays = &plays[0, 0]
    w.net = &net[0, 0]
    w.fold = fold
    w.ties_larger = ties_larger
    w.n_masks = len(bits)
    for v in range(3):
        w.source[v] = bits.index(source[v]) if source[v] >= 0 else source[v]
    for m in range(MASKS):
        w.masked[m] = NULL
        w.totals[m] = NULL
        w.inside[m] = NULL
        w.by_card[m] = NULL
    cdef int16_t* table = <int16_t*>malloc(sizeof(int16_t) * X2_PAIRS * X2_STRIDE)
    cdef int16_t* totals = <int16_t*>malloc(sizeof(int16_t) * X2_CLASSES * X2_STRIDE)
    cdef X2Boards* boards = <X2Boards*>malloc(GROUP * sizeof(X2Boards))
    cdef int32_t* state_of = <int32_t*>malloc(GROUP * X2_PAIRS * sizeof(int32_t))
    cdef X2Block* block = <X2Block*>malloc(sizeof(X2Block))
    cdef X2Block* masked = <X2Block*>malloc(MASKS * sizeof(X2Block))
    cdef int bad = 0
    cdef bint has_plan = plan is not None
    cdef const uint8_t* plan_at = NULL
    try:
        for m in range(w.n_masks):
            w.bit[m] = bits[m]
            w.masked[m] = <int16_t*>malloc(sizeof(int16_t) * X2_PAIRS * X2_STRIDE)
            w.totals[m] = <int16_t*>malloc(sizeof(int16_t) * X2_CLASSES * X2_STRIDE)
            w.inside[m] = <int32_t*>malloc(sizeof(int32_t) * X2_STRIDE)
            w.by_card[m] = <int32_t*>malloc(sizeof(int32_t) * 49 * X2_STRIDE)
            if (w.masked[m] == NULL or w.totals[m] == NULL or w.inside[m] == NULL
                    or w.by_card[m] == NULL):
                raise MemoryError()
        if (table == NULL or totals == NULL or boards == NULL or block == NULL
                or state_of == NULL or masked == NULL):
            raise MemoryError()
        with nogil:
            for f in range(n_flops):
                if has_plan:
                    plan_at = &flop_plan[f, 0, 0]
                w.board_class = &board_class[f, 0]
                w.board_perm = &board_perm[f, 0]
                bad += _solve_flop(&flops[f, 0], &state_index[0, 0], plan_at, table, totals,
                                   boards, block, state_of, &rows[0, 0], &w, masked)
    finally:
        free(table)
        free(totals)
        free(boards)
        free(block)
        free(masked)
        free(state_of)
        for m in range(MASKS):
            free(w.masked[m])
            free(w.totals[m])
            free(w.inside[m])
            free(w.by_card[m])
    if bad:
        raise RuntimeError(f"The dealer-2 rule's count lost deals: {bad} holdings' counts do "
                           "not add up.")
    return n_flops
