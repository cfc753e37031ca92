# cython: language_level=3
# Ultimate Texas Hold'em, one dealer card seen (seen=dealer-1): the informed river decision on
# every board of a flop state the informed player checks, beside ordinary players' river
# decisions (the river tells against ordinary play: exposure/dealer_rivers.py,
# docs/protection.md).
#
# The informed river decision is the dealer-1 solve's (exposure/_one.pyx, _record): play 1x
# when its value over the 44 dealer hands {d, x} left (the net pays of a Play bet of 1 by
# outcome category, holdem.pxd's cy_play_value) beats folding them (44 folds), equal values
# following ``ties_larger``. Here each hand is ranked by ``edge._core``'s evaluator: a board's
# holdings off it get their strengths once, and for each seen dealer card d the 46 dealer hands
# {d, x} (x off the board and d) are sorted, so a holding {a, b} beats those below its strength
# less the ones holding a or b (never both), and so on for ties and dealers below a pair.
#
# An ordinary player's river decision is read from a table of fold bits by board suit class
# (``solve/_kernels.uth_board_classes``: the class key lists the board's four suit rank masks,
# largest first, and a suit permutation takes the board to the class's representative, whose
# holdings' bits the table holds: ``folds[k, class, h >> 3] >> (h & 7) & 1`` for the image h).
#
# Counts: per state (rank of d, holding) the turn-river pairs (at most C(46, 2) = 1,035, int32)
# the informed player plays 1x, and per ordinary rule k those where he plays and the rule folds
# (``departures[k, 0]``) and where he folds and the rule plays (``departures[k, 1]``). With a
# turn-river card t seen too (seen=dealer-1,turn-river-1) the states reached depend on t: a
# board (turn, river) counts once for each of its two cards with which, seen, the state is
# reached (at most 2 x 1,035).
#
# Both dealer hole cards seen (seen=dealer-2, ``dealer_two_river_flop``): the informed player
# knows the result, so his river decision is the dealer-2 solve's play-or-fold by outcome
# category (exposure/dealer_two.river_values). Per flop class the states are (holding P, dealer
# holding D); the ones the informed player reaches on the river are given as a row of 1,326
# bits over D per P. On each turn-river board the holdings off it are sorted by strength (a
# radix sort), and the prefix sets "strength below level j" kept as bit rows, so a holding's
# dealers below it, level with it and below a pair are AND-ed popcounts of its row
# (_dealer_rivers.h), from which the five outcome counts of cy_outcome_counts follow.

from libc.stdint cimport int8_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from edge._core cimport (HoldemTables, cy_card_lane, cy_evaluate_lanes, cy_hand_class,
                         cy_holdem_tables)
from edge.games.ultimate_texas_holdem.holdem cimport (
    UTH_CATEGORIES, UTH_HOLDINGS, UTH_LOSE_QUALIFIED, UTH_LOSE_UNQUALIFIED, UTH_TIE,
    UTH_WIN_QUALIFIED, UTH_WIN_UNQUALIFIED, UthTables, cy_blind_class, cy_card_mask,
    cy_check_cards, cy_check_pays, cy_outcome_counts, cy_permuted_holding, cy_play_value,
    cy_turn_rivers, cy_uth_init_tables)

cdef extern from "_dealer_rivers.h":
    enum:
        DR_WORDS
    ctypedef void (*dr_counts_fn)(const uint64_t* row, const uint64_t* a, const uint64_t* b,
                                 const uint64_t* c, const uint64_t* d,
                                 int32_t* out) noexcept nogil
    dr_counts_fn dr_pick_counts() noexcept nogil

cdef const HoldemTables* HT = cy_holdem_tables()
cdef UthTables T
cy_uth_init_tables(&T)
cdef dr_counts_fn _and_counts = dr_pick_counts()

cdef enum:
    R_DEALER = 46                 # dealer cards x off a board and d
    R_WIDTH = 166                 # bytes of one board class's packed bits (1,326 holdings)

# pays within 2**40: a value is at most 44 counts times a pay, far below 2**63
cdef int64_t R_PAY_LIMIT = (<int64_t>1) << 40


cdef inline uint64_t _board_key(const int* board, int* perm) noexcept nogil:
    """The suit class key of a board (its four suit rank masks, largest first; equal masks keep
    their suits' order) and the index of the suit permutation taking it to its class's
    representative (suit ``suits[i]`` to suit i)."""
    cdef uint64_t masks[4]
    cdef int suits[4]
    cdef int i, j, s, code = 0
    for i in range(4):
        masks[i] = 0
        suits[i] = i
    for i in range(5):
        masks[board[i] & 3] |= (<uint64_t>1) << (board[i] >> 2)
    for i in range(1, 4):
        s = suits[i]
        j = i
        while j > 0 and masks[suits[j - 1]] < masks[s]:
            suits[j] = suits[j - 1]
            j -= 1
        suits[j] = s
    for i in range(4):
        code |= i << (2 * suits[i])
    perm[0] = T.perm_index[code]
    return (masks[suits[0]] | (masks[suits[1]] << 13) | (masks[suits[2]] << 26)
            | (masks[suits[3]] << 39))


cdef inline Py_ssize_t _find(const uint64_t* keys, Py_ssize_t n, uint64_t key) noexcept nogil:
    cdef Py_ssize_t low = 0, high = n, middle
    while low < high:
        middle = (low + high) >> 1
        if keys[middle] < key:
            low = middle + 1
        else:
            high = middle
    return low if low < n and keys[low] == key else -1


cdef inline Py_ssize_t _board_strengths(const int* board, const uint64_t* keys,
                                        Py_ssize_t n_classes, int* perm,
                                        int32_t* strength) noexcept nogil:
    """The board's suit class (its row in ``keys``, -1 when it is not there; ``perm`` the
    permutation taking the board to the class's representative) and every holding's strength
    on it (``strength[h]``, -1 for a holding with a board card)."""
    cdef int j, h, a, b
    cdef uint64_t mask = cy_card_mask(board, 5), lanes = 0
    cdef Py_ssize_t found = _find(keys, n_classes, _board_key(board, perm))
    if found < 0:
        return -1
    for j in range(5):
        lanes |= cy_card_lane(HT, board[j])
    for h in range(UTH_HOLDINGS):
        a = T.pair_a[h]
        b = T.pair_b[h]
        if (mask >> a) & 1 or (mask >> b) & 1:
            strength[h] = -1
        else:
            strength[h] = cy_evaluate_lanes(HT, lanes | cy_card_lane(HT, a) | cy_card_lane(HT, b))
    return found


cdef inline int _below(const int32_t* ordered, int n, int32_t s) noexcept nogil:
    """How many of the n ascending values are below s."""
    cdef int low = 0, high = n, middle
    while low < high:
        middle = (low + high) >> 1
        if ordered[middle] < s:
            low = middle + 1
        else:
            high = middle
    return low


def dealer_river_flop(const int32_t[::1] flop, const uint8_t[:, :, ::1] live,
                      const int64_t[:, ::1] net, int64_t fold_net, bint ties_larger,
                      const uint64_t[::1] keys, const uint8_t[:, :, ::1] folds,
                      int32_t[:, ::1] plays, int32_t[:, :, :, ::1] departures):
    """Add one flop's river counts: for each state (rank r of the seen club d = 4 r, holding
    h) that ``live[r, 0, h]`` marks (off the flop and d, the informed player checking the
    flop), over every turn-river pair off the flop, d and h, ``plays[r, h]`` the pairs where
    the informed player plays 1x and ``departures[k, 0, r, h]`` (``[k, 1, r, h]``) those where
    he plays 1x and ordinary rule k folds (he folds and rule k plays). With ``live`` of shape
    ``[13, 52, 1326]`` the state also knows a turn-river card t (``live[r, t, h]``): each pair
    counts as many times (0 to 2) as its turn and its river, seen, mark the state live.
    ``folds[k, c]``: rule k's
    packed fold bits of board class c (``keys[c]``, ascending); ``net[p, k]`` the integer net
    pays of category k with a Play bet of p, ``fold_net`` a fold's."""
    cdef Py_ssize_t n_rules = folds.shape[0], n_classes = keys.shape[0]
    if flop.shape[0] != 3:
        raise ValueError(f"flop must be three cards, not {flop.shape[0]}")
    cy_check_cards(&flop[0], 3, 0, "flop")
    if live.shape[0] != 13 or live.shape[1] not in (1, 52) or live.shape[2] != UTH_HOLDINGS:
        raise ValueError("live must be [13, 1, 1326] or [13, 52, 1326]")
    if net.shape[0] != 5 or net.shape[1] != UTH_CATEGORIES:
        raise ValueError("net must be [5, 17]")
    cy_check_pays(&net[0, 0], 5 * UTH_CATEGORIES, fold_net, R_PAY_LIMIT, "net")
    if folds.shape[1] != n_classes or folds.shape[2] != R_WIDTH:
        raise ValueError(f"folds must be [rules, {n_classes}, {R_WIDTH}]")
    if plays.shape[0] != 13 or plays.shape[1] != UTH_HOLDINGS:
        raise ValueError("plays must be [13, 1326]")
    if departures.shape[0] != n_rules or departures.shape[1] != 2 \
            or departures.shape[2] != 13 or departures.shape[3] != UTH_HOLDINGS:
        raise ValueError(f"departures must be [{n_rules}, 2, 13, 1326]")
    cdef int flop_cards[3]
    flop_cards[0], flop_cards[1], flop_cards[2] = flop[0], flop[1], flop[2]
    cdef uint64_t flop_mask = cy_card_mask(flop_cards, 3)
    cdef int r, h, a, b, i, j, k, x, d, n_boards, perm, n_dealer, hand_class, blind, weaker, le
    cdef int t, ways, by_card = live.shape[1] == 52
    cdef int unq, below_pair, image, missing = -1
    cdef int board[5]
    cdef int turn[1176]
    cdef int river[1176]
    cdef int listed[13][1326]
    cdef int n_listed[13]
    cdef int32_t strength[1326]
    cdef int32_t dealer_of[52]
    cdef int32_t ordered[R_DEALER]
    cdef uint8_t low_of[52]
    cdef int category[5]
    cdef int32_t s, v
    cdef int64_t value, fold_value = fold_net * 44
    cdef uint64_t mask
    cdef Py_ssize_t found
    cdef bint play, rule_folds
    cdef const int64_t* net1 = &net[1, 0]
    for r in range(13):
        n_listed[r] = 0
        d = 4 * r
        if (flop_mask >> d) & 1:
            continue
        for h in range(UTH_HOLDINGS):
            a = T.pair_a[h]
            b = T.pair_b[h]
            if (flop_mask >> a) & 1 or (flop_mask >> b) & 1 or a == d or b == d:
                continue
            ways = 0
            for t in range(live.shape[1]):
                ways += live[r, t, h]
            if ways:
                listed[r][n_listed[r]] = h
                n_listed[r] += 1
    n_boards = cy_turn_rivers(flop_mask, turn, river)
    board[0] = flop[0]
    board[1] = flop[1]
    board[2] = flop[2]
    with nogil:
        for i in range(n_boards):
            board[3] = turn[i]
            board[4] = river[i]
            mask = cy_card_mask(board, 5)
            found = _board_strengths(board, &keys[0], n_classes, &perm, strength)
            if found < 0:
                missing = i
                break
            for r in range(13):
                d = 4 * r
                if n_listed[r] == 0 or (mask >> d) & 1:
                    continue
                # the 46 dealer hands {d, x}, ascending (insertion sort), and those below a pair
                n_dealer = 0
                below_pair = 0
                for x in range(52):
                    if x == d or (mask >> x) & 1:
                        continue
                    v = strength[T.pair_id[d][x]]
                    dealer_of[x] = v
                    low_of[x] = cy_hand_class(v) == 0
                    below_pair += low_of[x]
                    j = n_dealer
                    while j > 0 and ordered[j - 1] > v:
                        ordered[j] = ordered[j - 1]
                        j -= 1
                    ordered[j] = v
                    n_dealer += 1
                for j in range(n_listed[r]):
                    h = listed[r][j]
                    a = T.pair_a[h]
                    b = T.pair_b[h]
                    s = strength[h]
                    if s < 0:
                        continue
                    if by_card:
                        ways = (live[r, board[3], h] != 0) + (live[r, board[4], h] != 0)
                        if ways == 0:
                            continue
                    else:
                        ways = 1
                    weaker = _below(ordered, n_dealer, s)
                    le = weaker
                    while le < n_dealer and ordered[le] == s:
                        le += 1
                    weaker -= (dealer_of[a] < s) + (dealer_of[b] < s)
                    le -= (dealer_of[a] <= s) + (dealer_of[b] <= s)
                    unq = below_pair - low_of[a] - low_of[b]
                    hand_class = cy_hand_class(s)
                    blind = cy_blind_class(hand_class)
                    cy_outcome_counts(weaker, le - weaker, unq, hand_class >= 1, 44, category)
                    value = cy_play_value(category, blind, net1)
                    play = value > fold_value or (value == fold_value and ties_larger)
                    plays[r, h] += play * ways
                    image = cy_permuted_holding(&T, h, T.perms[perm])
                    for k in range(n_rules):
                        rule_folds = (folds[k, found, image >> 3] >> (image & 7)) & 1
                        if play and rule_folds:
                            departures[k, 0, r, h] += ways
                        elif not play and not rule_folds:
                            departures[k, 1, r, h] += ways
    if missing >= 0:
        raise ValueError(f"board {[flop[0], flop[1], flop[2], turn[missing], river[missing]]}: "
                         "its suit class is not in keys")


cdef enum:
    R_SORT_BITS = 10              # bits of a strength (30 in all) sorted per radix pass
    R_SORT_BINS = 1024


cdef inline void _sort_by_strength(int32_t* strength_of, int32_t* holding, int n,
                                   int32_t* spare_strength, int32_t* spare_holding) noexcept nogil:
    """Sort the n (strength, holding) pairs by strength, ascending (a stable LSD radix sort of
    three passes, ending in the first two arrays)."""
    cdef int count[R_SORT_BINS]
    cdef int i, b, pass_, shift, total, c
    cdef int32_t* from_s = strength_of
    cdef int32_t* from_h = holding
    cdef int32_t* to_s = spare_strength
    cdef int32_t* to_h = spare_holding
    cdef int32_t* swap
    for pass_ in range(3):
        shift = pass_ * R_SORT_BITS
        memset(count, 0, sizeof(count))
        for i in range(n):
            count[(from_s[i] >> shift) & (R_SORT_BINS - 1)] += 1
        total = 0
        for b in range(R_SORT_BINS):
            c = count[b]
            count[b] = total
            total += c
        for i in range(n):
            b = (from_s[i] >> shift) & (R_SORT_BINS - 1)
            to_s[count[b]] = from_s[i]
            to_h[count[b]] = from_h[i]
            count[b] += 1
        swap = from_s
        from_s = to_s
        to_s = swap
        swap = from_h
        from_h = to_h
        to_h = swap
    # three passes: the sorted pairs are in the spare arrays; copy them back
    memcpy(strength_of, from_s, n * sizeof(int32_t))
    memcpy(holding, from_h, n * sizeof(int32_t))


def dealer_two_river_flop(const int32_t[::1] flop, const uint64_t[:, ::1] reach,
                          const uint8_t[::1] category_plays, const uint64_t[::1] keys,
                          const uint8_t[:, :, ::1] folds, int32_t[::1] plays,
                          int32_t[::1] informed_folds, int32_t[:, :, ::1] departures):
    """Add one flop's river counts with both dealer hole cards seen: for each holding P, over
    every turn-river pair off the flop and every dealer holding D that ``reach[P]`` marks (bit
    ``D & 63`` of word ``D >> 6``: the informed player checks to the river with P against D)
    and the board leaves, ``plays[P]`` the (board, D) he plays 1x (``category_plays[k]``: he
    plays on outcome category k), ``informed_folds[P]`` those he folds, and ``departures[k,
    0, P]`` (``[k, 1, P]``) those where he plays 1x and ordinary rule k folds P on the board (he
    folds and rule k plays). ``folds[k, c]``: rule k's packed fold bits of board class c
    (``keys[c]``, ascending)."""
    cdef Py_ssize_t n_rules = folds.shape[0], n_classes = keys.shape[0]
    if flop.shape[0] != 3:
        raise ValueError(f"flop must be three cards, not {flop.shape[0]}")
    cy_check_cards(&flop[0], 3, 0, "flop")
    if reach.shape[0] != UTH_HOLDINGS or reach.shape[1] != DR_WORDS:
        raise ValueError(f"reach must be [{UTH_HOLDINGS}, {DR_WORDS}]")
    if category_plays.shape[0] != UTH_CATEGORIES:
        raise ValueError(f"category_plays must hold {UTH_CATEGORIES} flags")
    if folds.shape[1] != n_classes or folds.shape[2] != R_WIDTH:
        raise ValueError(f"folds must be [rules, {n_classes}, {R_WIDTH}]")
    if plays.shape[0] != UTH_HOLDINGS or informed_folds.shape[0] != UTH_HOLDINGS:
        raise ValueError("plays and informed_folds must be [1326]")
    if departures.shape[0] != n_rules or departures.shape[1] != 2 \
            or departures.shape[2] != UTH_HOLDINGS:
        raise ValueError(f"departures must be [{n_rules}, 2, 1326]")
    cdef int flop_cards[3]
    flop_cards[0], flop_cards[1], flop_cards[2] = flop[0], flop[1], flop[2]
    cdef uint64_t flop_mask = cy_card_mask(flop_cards, 3)
    cdef int i, j, k, h, a, b, w, n_boards, n_listed = 0, n_off, n_levels, unqualified, perm
    cdef int hand_class, blind, image, play_count, missing = -1
    cdef int board[5]
    cdef int turn[1176]
    cdef int river[1176]
    cdef int listed[1326]
    cdef int32_t strength[1326]
    cdef int32_t level_of[1326]
    cdef int32_t sorted_strength[1326]
    cdef int32_t sorted_holding[1326]
    cdef int32_t spare_strength[1326]
    cdef int32_t spare_holding[1326]
    cdef int32_t counts[4]
    cdef int category[5]
    cdef uint8_t plays_of[UTH_CATEGORIES]
    cdef uint64_t anything
    cdef uint64_t running[DR_WORDS]
    cdef Py_ssize_t found
    cdef bint rule_folds
    cdef int32_t previous
    cdef uint64_t touching[52][DR_WORDS]     # the holdings holding card c
    cdef uint64_t flop_touching[DR_WORDS]
    for k in range(UTH_CATEGORIES):
        plays_of[k] = category_plays[k] != 0
    memset(touching, 0, sizeof(touching))
    for h in range(UTH_HOLDINGS):
        touching[T.pair_a[h]][h >> 6] |= (<uint64_t>1) << (h & 63)
        touching[T.pair_b[h]][h >> 6] |= (<uint64_t>1) << (h & 63)
    for w in range(DR_WORDS):
        flop_touching[w] = touching[flop[0]][w] | touching[flop[1]][w] | touching[flop[2]][w]
    for h in range(UTH_HOLDINGS):
        a = T.pair_a[h]
        b = T.pair_b[h]
        anything = 0
        for w in range(DR_WORDS):
            anything |= reach[h, w]
        if not anything:
            continue
        if (flop_mask >> a) & 1 or (flop_mask >> b) & 1:
            raise ValueError(f"reach marks dealer holdings for holding {h}, which touches the "
                             "flop")
        for w in range(DR_WORDS):
            if reach[h, w] & (flop_touching[w] | touching[a][w] | touching[b][w]):
                raise ValueError(f"reach of holding {h} marks a dealer holding that shares a "
                                 "card with it or the flop")
        if reach[h, DR_WORDS - 1] >> (UTH_HOLDINGS - 64 * (DR_WORDS - 1)):
            raise ValueError(f"reach of holding {h} marks bits past holding {UTH_HOLDINGS - 1}")
        listed[n_listed] = h
        n_listed += 1
    if n_listed == 0:
        return
    # prefix[j]: the holdings off the board below strength level j (j = 0 .. levels)
    cdef uint64_t* prefix = <uint64_t*>malloc((UTH_HOLDINGS + 1) * DR_WORDS * sizeof(uint64_t))
    if prefix == NULL:
        raise MemoryError()
    n_boards = cy_turn_rivers(flop_mask, turn, river)
    board[0] = flop[0]
    board[1] = flop[1]
    board[2] = flop[2]
    try:
        with nogil:
            for i in range(n_boards):
                board[3] = turn[i]
                board[4] = river[i]
                found = _board_strengths(board, &keys[0], n_classes, &perm, strength)
                if found < 0:
                    missing = i
                    break
                n_off = 0
                for h in range(UTH_HOLDINGS):
                    if strength[h] >= 0:
                        sorted_strength[n_off] = strength[h]
                        sorted_holding[n_off] = h
                        n_off += 1
                _sort_by_strength(sorted_strength, sorted_holding, n_off, spare_strength,
                                  spare_holding)
                memset(running, 0, sizeof(running))
                n_levels = 0
                unqualified = -1
                previous = -1
                for j in range(n_off):
                    if sorted_strength[j] != previous:
                        memcpy(&prefix[n_levels * DR_WORDS], running, sizeof(running))
                        if unqualified < 0 and cy_hand_class(sorted_strength[j]) >= 1:
                            unqualified = n_levels
                        n_levels += 1
                        previous = sorted_strength[j]
                    h = sorted_holding[j]
                    level_of[h] = n_levels - 1
                    running[h >> 6] |= (<uint64_t>1) << (h & 63)
                memcpy(&prefix[n_levels * DR_WORDS], running, sizeof(running))
                if unqualified < 0:
                    unqualified = n_levels
                for j in range(n_listed):
                    h = listed[j]
                    if strength[h] < 0:
                        continue
                    # dealers below P, at most level with P, below a pair, all of them
                    _and_counts(&reach[h, 0], &prefix[level_of[h] * DR_WORDS],
                                &prefix[(level_of[h] + 1) * DR_WORDS],
                                &prefix[unqualified * DR_WORDS],
                                &prefix[n_levels * DR_WORDS], counts)
                    if counts[3] == 0:
                        continue
                    hand_class = cy_hand_class(strength[h])
                    blind = cy_blind_class(hand_class)
                    cy_outcome_counts(counts[0], counts[1] - counts[0], counts[2],
                                      hand_class >= 1, counts[3], category)
                    play_count = (plays_of[UTH_WIN_QUALIFIED + blind] * category[0]
                                  + plays_of[UTH_WIN_UNQUALIFIED + blind] * category[1]
                                  + plays_of[UTH_TIE] * category[2]
                                  + plays_of[UTH_LOSE_QUALIFIED] * category[3]
                                  + plays_of[UTH_LOSE_UNQUALIFIED] * category[4])
                    plays[h] += play_count
                    informed_folds[h] += counts[3] - play_count
                    image = cy_permuted_holding(&T, h, T.perms[perm])
                    for k in range(n_rules):
                        rule_folds = (folds[k, found, image >> 3] >> (image & 7)) & 1
                        if rule_folds:
                            departures[k, 0, h] += play_count
                        else:
                            departures[k, 1, h] += counts[3] - play_count
    finally:
        free(prefix)
    if missing >= 0:
        raise ValueError(f"board {[flop[0], flop[1], flop[2], turn[missing], river[missing]]}: "
                         "its suit class is not in keys")
