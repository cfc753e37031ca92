# cython: language_level=3
# Ultimate Texas Hold'em with one dealer hole card seen, the player checking before the flop,
# then playing the flop optimally given that card and his own river rule, then following the
# river rule (docs/protection.md, "Rules with their own flop and river steps"): for one flop (a
# suit class representative, weighted by its orbit) the exact value of that checking line for
# every (seen dealer card, holding).
#
# The flop decision compares, per (holding P, dealer card d, flop F), two sums over the 1,035
# turn-rivers off F, P and d and the 44 dealer hands {d, x} of each: the value of a 2x Play and
# the value of checking and then playing the rule's river (1x, or a fold where ``river_fold``
# says so for P on that board). So the sweep goes flop by flop: for each of the 1,176
# turn-rivers (t, r) off F (t < r, in order), board B = F + {t, r}; every holding off B gets its
# 7-card strength once, and for each d off B the 44 dealer hands {d, x} are counted against P by
# outcome category from the sorted strengths of {d, x} (two pointers over the holdings in order
# of strength), less the two x that are P's own cards (as in _rule_one.pyx). Once every
# turn-river is in, each (d, P) takes the better of the two sums (the 2x on equal values when
# ties go to the larger wager) into the accumulators.
#
# Outcome categories as in every UTH kernel (../holdem.pxd): 0..6 wins against a qualifying
# dealer by the player's Blind class, 7..13 wins against a dealer below a pair, 14 tie, 15 losses
# to a qualifier, 16 losses to a dealer below a pair.
#
# Accumulators (int64, the flop's values times its weight, in the representative's cards):
#   dealer[d, P]          the checking line's value (the better flop decision);
#   four[d, P]            the same deals' value of a 4x Play (a check against the exposure solve);
#   flop_cards[d * 52 + f, P]  the checking line's value again, by each flop card f (or None);
#   bets[d, P]            the flop's weight where the 2x is taken (the share of flop bets).
# Bounds: per (d, P, F) 1,035 x 44 = 45,540 deals, the pays at most 2**24 (checked) and the
# weights at most 24: below 2**45 per flop class, below 2**54 summed over the classes (22,100
# flops), below 2**59 over the 24 suit permutations that spread the sums (rule_one.py).

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free

from edge._core cimport HoldemTables, cy_card_lane, cy_evaluate_lanes, cy_hand_class, cy_holdem_tables
from edge.games.ultimate_texas_holdem.holdem cimport (
    UTH_HOLDINGS, UthTables, cy_blind_class, cy_check_cards, cy_sort_keys, cy_sort_small,
    cy_uth_init_tables)

cdef const HoldemTables* HT = cy_holdem_tables()
cdef UthTables T
cy_uth_init_tables(&T)

cdef enum:
    F_TURN_RIVERS = 1176     # C(49, 2) turn-river pairs off a flop
    F_DEALERS = 44           # dealer cards x left to a holding, a board and d
    F_CATEGORIES = 17

cdef int64_t F_PAY_LIMIT = (<int64_t>1) << 24


cdef inline int64_t _value(const int64_t* net, int blind, int64_t win_q, int64_t win_u,
                           int64_t tie, int64_t lose_q, int64_t lose_u) noexcept nogil:
    return (win_q * net[blind] + win_u * net[7 + blind] + tie * net[14] + lose_q * net[15]
            + lose_u * net[16])


cdef void _turn_river(const int* board, const uint8_t* river_fold, const int64_t* net,
                      int64_t fold_net, int64_t* two, int64_t* check, int64_t* four,
                      int32_t* strength, uint64_t* keys) noexcept nogil:
    """Add board B's deals (every d off B, every holding off B and d) to the flop's sums."""
    cdef uint64_t mask = 0, lanes = 0
    cdef int i, j, k, h, a, b, n = 0, d, x, m, lt, eq, blind, unq
    cdef int raw[46]
    cdef int sd[46]
    cdef int32_t v, own
    cdef int64_t win_q, win_u, tie, lose_q, lose_u, fold_value = fold_net * F_DEALERS
    cdef Py_ssize_t at
    for i in range(5):
        mask |= (<uint64_t>1) << board[i]
        lanes |= cy_card_lane(HT, board[i])
    for h in range(UTH_HOLDINGS):
        a = T.pair_a[h]
        b = T.pair_b[h]
        if (mask >> a) & 1 or (mask >> b) & 1:
            strength[h] = -1
            continue
        strength[h] = cy_evaluate_lanes(HT, lanes | cy_card_lane(HT, a) | cy_card_lane(HT, b))
        keys[n] = ((<uint64_t>strength[h]) << 16) | <uint64_t>h
        n += 1
    cy_sort_keys(keys, n)
    for d in range(52):
        if (mask >> d) & 1:
            continue
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
                lose_q = F_DEALERS - win_q - win_u - tie
            else:                             # no qualifying dealer hand is below his
                win_q = 0
                lose_u = k - win_u - tie
                lose_q = F_DEALERS - k
            at = d * UTH_HOLDINGS + h
            two[at] += _value(&net[2 * F_CATEGORIES], blind, win_q, win_u, tie, lose_q, lose_u)
            four[at] += _value(&net[4 * F_CATEGORIES], blind, win_q, win_u, tie, lose_q, lose_u)
            if river_fold[h]:
                check[at] += fold_value
            else:
                check[at] += _value(&net[F_CATEGORIES], blind, win_q, win_u, tie, lose_q, lose_u)


def turn_rivers(int a, int b, int c):
    """The 1,176 turn-river pairs (t < r, in order) off the flop a < b < c, as the kernel takes
    them: ``[1176, 2]`` int32."""
    import numpy as np
    if not 0 <= a < b < c < 52:
        raise ValueError(f"a flop is three cards 0 <= a < b < c < 52, not {a}, {b}, {c}")
    rest = [card for card in range(52) if card not in (a, b, c)]
    return np.array([(t, r) for i, t in enumerate(rest) for r in rest[i + 1:]], dtype=np.int32)


def optimal_flop(const int32_t[::1] flop, int64_t weight, const uint8_t[:, ::1] river_fold,
                 const int64_t[:, ::1] net, int64_t fold_net, bint ties_larger,
                 int64_t[:, ::1] dealer, int64_t[:, ::1] four, int64_t[:, ::1] bets,
                 flop_cards=None):
    """Add one flop (three ascending cards, standing for ``weight`` flops) to the accumulators
    (see the header): ``dealer``, ``four`` and ``bets`` ``[52, 1326]``, ``flop_cards`` (or None)
    ``[52 * 52, 1326]``. ``river_fold[k, h]``: 1 where the rule folds holding h on the board of
    the flop and turn-river k (:func:`turn_rivers`); ``net[p, k]``: the net pay of category k
    with a Play bet of p."""
    if flop.shape[0] != 3:
        raise ValueError("a flop is three cards")
    cy_check_cards(&flop[0], 3, 0, "flop")
    if not flop[0] < flop[1] < flop[2]:
        raise ValueError("the flop's cards are not ascending")
    if not 1 <= weight <= 24:
        raise ValueError(f"weight {weight} of the flop is not 1..24")
    if river_fold.shape[0] != F_TURN_RIVERS or river_fold.shape[1] != UTH_HOLDINGS:
        raise ValueError("river_fold must be [1176, 1326]")
    if net.shape[0] != 5 or net.shape[1] != F_CATEGORIES:
        raise ValueError("net must be [5, 17]")
    cdef Py_ssize_t i, at
    for i in range(5 * F_CATEGORIES):
        if not -F_PAY_LIMIT <= net[i // F_CATEGORIES, i % F_CATEGORIES] <= F_PAY_LIMIT:
            raise ValueError("a pay is beyond the kernel's bound (2**24 in scaled units)")
    if not -F_PAY_LIMIT <= fold_net <= F_PAY_LIMIT:
        raise ValueError("the fold's pay is beyond the kernel's bound")
    if dealer.shape[0] != 52 or dealer.shape[1] != UTH_HOLDINGS or four.shape[0] != 52 \
            or four.shape[1] != UTH_HOLDINGS or bets.shape[0] != 52 \
            or bets.shape[1] != UTH_HOLDINGS:
        raise ValueError("dealer, four and bets must be [52, 1326]")
    cdef int64_t[:, ::1] cards_view
    cdef int64_t* cards_ptr = NULL
    if flop_cards is not None:
        cards_view = flop_cards
        if cards_view.shape[0] != 52 * 52 or cards_view.shape[1] != UTH_HOLDINGS:
            raise ValueError("flop_cards must be [2704, 1326]")
        cards_ptr = &cards_view[0, 0]
    cdef int32_t[:, ::1] pairs = turn_rivers(flop[0], flop[1], flop[2])
    cdef int64_t* two = <int64_t*>calloc(52 * UTH_HOLDINGS, sizeof(int64_t))
    cdef int64_t* check = <int64_t*>calloc(52 * UTH_HOLDINGS, sizeof(int64_t))
    cdef int64_t* seen4 = <int64_t*>calloc(52 * UTH_HOLDINGS, sizeof(int64_t))
    if two == NULL or check == NULL or seen4 == NULL:
        free(two)
        free(check)
        free(seen4)
        raise MemoryError()
    cdef int32_t strength[1326]
    cdef uint64_t keys[1326]
    cdef int board[5]
    cdef int j, k, d, h, f
    cdef int64_t best
    cdef bint bet
    cdef uint64_t taken
    try:
        with nogil:
            for k in range(F_TURN_RIVERS):
                board[0] = flop[0]
                board[1] = flop[1]
                board[2] = flop[2]
                board[3] = pairs[k, 0]
                board[4] = pairs[k, 1]
                _turn_river(board, &river_fold[k, 0], &net[0, 0], fold_net, two, check, seen4,
                            strength, keys)
            taken = ((<uint64_t>1) << flop[0]) | ((<uint64_t>1) << flop[1]) \
                | ((<uint64_t>1) << flop[2])
            for d in range(52):
                if (taken >> d) & 1:
                    continue
                for h in range(UTH_HOLDINGS):
                    if (taken >> T.pair_a[h]) & 1 or (taken >> T.pair_b[h]) & 1 \
                            or T.pair_a[h] == d or T.pair_b[h] == d:
                        continue
                    at = d * UTH_HOLDINGS + h
                    bet = two[at] > check[at] or (two[at] == check[at] and ties_larger)
                    best = two[at] if bet else check[at]
                    dealer[d, h] += weight * best
                    four[d, h] += weight * seen4[at]
                    if bet:
                        bets[d, h] += weight
                    if cards_ptr != NULL:
                        for j in range(3):
                            f = flop[j]
                            cards_ptr[(d * 52 + f) * UTH_HOLDINGS + h] += weight * best
    finally:
        free(two)
        free(check)
        free(seen4)
