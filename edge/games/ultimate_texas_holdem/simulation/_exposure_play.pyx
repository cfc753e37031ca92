# cython: language_level=3
# Ultimate Texas Hold'em with cards exposed (docs/protection.md): the exact decision of one
# dealt situation on the flop or the river, computed on the spot (the "oracle" the exposure
# simulation plays with; it is also an independent check of the exposure solvers).
#
# A situation is one dealt hand (a column of the dealt cards: rows player 2, dealer 2, flop 3,
# turn, river) and what the player knows at that street: his two cards, the first
# ``dealer_seen`` dealer rows (row 2, and row 3 when both are seen) and the first
# ``board_seen`` board rows (the flop, rows 4-6, and row 7 when a turn-river card was seen).
# Everything else is unknown: the missing board cards are every set of that many of the unknown
# cards, and the dealer's missing hole cards every set of the rest, each deal once.
#
# Flop: betting 2x is worth sum(net[2][category]) over every deal; checking is worth, for each
# completed board, the better of playing 1x (sum(net[1][category]) over the dealer's possible
# cards) and folding (fold per dealer possibility), as the river decision then takes it. The
# player bets 2x where that is worth more (equal values: ``ties_larger`` takes the bet).
# River: play 1x against folding over the dealer's possible cards the same way.
#
# Outcome categories are those of every UTH kernel (../holdem.pxd): 0..6 the player wins and
# the dealer qualifies, by the player's Blind class; 7..13 the same with a dealer who does not
# qualify; 14 tie; 15 the dealer wins and qualifies; 16 the dealer wins without qualifying.
# Every sum is an exact int64 (at most 1,081 x 990 deals times a pay below 2**25).

from libc.stdint cimport int16_t, int64_t, uint8_t, uint64_t

import numpy as np

from edge._core cimport (HOLDEM_PAIR, HoldemTables, cy_card_lane, cy_evaluate_lanes,
                         cy_hand_class, cy_holdem_tables)
from edge.games.ultimate_texas_holdem.holdem cimport (UTH_CATEGORIES, UTH_LOSE_QUALIFIED,
                                                      UTH_LOSE_UNQUALIFIED, UTH_TIE,
                                                      UTH_WIN_UNQUALIFIED, cy_blind_class)

cdef const HoldemTables* HT = cy_holdem_tables()

# (the outcome categories: holdem.pxd)
cdef enum:
    PLAYER_ROWS = 2
    DEALER_ROW = 2
    BOARD_ROW = 4

CATEGORY_COUNT = UTH_CATEGORIES
TIE_CATEGORY = UTH_TIE
LOSE_QUALIFIED_CATEGORY = UTH_LOSE_QUALIFIED
LOSE_UNQUALIFIED_CATEGORY = UTH_LOSE_UNQUALIFIED
WIN_UNQUALIFIED_FIRST = UTH_WIN_UNQUALIFIED


cdef inline int _category(int player, int dealer) noexcept nogil:
    """The outcome category of a showdown between two strengths."""
    cdef int blind
    cdef bint qualified = (dealer >> 26) >= HOLDEM_PAIR
    if player > dealer:
        blind = cy_blind_class(cy_hand_class(player))
        return blind if qualified else UTH_WIN_UNQUALIFIED + blind
    if player == dealer:
        return UTH_TIE
    return UTH_LOSE_QUALIFIED if qualified else UTH_LOSE_UNQUALIFIED


cdef int _known(const int16_t[:, :] cards, Py_ssize_t column, int dealer_seen, int board_seen,
                uint64_t* seen, uint64_t* hole, uint64_t* dealer, uint64_t* board) noexcept nogil:
    """Collect the known cards' lanes; 1 for a card outside 0..51, 2 for a card twice."""
    cdef int j, row, card
    seen[0] = 0
    hole[0] = 0
    dealer[0] = 0
    board[0] = 0
    for j in range(PLAYER_ROWS + dealer_seen + board_seen):
        if j < PLAYER_ROWS:
            row = j
        elif j < PLAYER_ROWS + dealer_seen:
            row = DEALER_ROW + j - PLAYER_ROWS
        else:
            row = BOARD_ROW + j - PLAYER_ROWS - dealer_seen
        card = cards[row, column]
        if card < 0 or card >= 52:
            return 1
        if (seen[0] >> card) & 1:
            return 2
        seen[0] |= (<uint64_t>1) << card
        if j < PLAYER_ROWS:
            hole[0] |= cy_card_lane(HT, card)
        elif j < PLAYER_ROWS + dealer_seen:
            dealer[0] |= cy_card_lane(HT, card)
        else:
            board[0] |= cy_card_lane(HT, card)
    return 0


cdef void _river(uint64_t seen, uint64_t hole, uint64_t dealer, uint64_t board, int dealer_seen,
                 const int64_t[:, ::1] net, int play, int64_t* value, int64_t* other,
                 int64_t* ways) noexcept nogil:
    """On a complete board: the total net of a Play bet of ``play`` (into ``value``) and of 1x
    (into ``other``) over the dealer's possible hole cards, and how many there are."""
    cdef int player = cy_evaluate_lanes(HT, board | hole)
    cdef int category, d, e
    cdef uint64_t lanes
    value[0] = 0
    other[0] = 0
    ways[0] = 0
    if dealer_seen == 2:
        category = _category(player, cy_evaluate_lanes(HT, board | dealer))
        value[0] = net[play, category]
        other[0] = net[1, category]
        ways[0] = 1
        return
    for d in range(52):
        if (seen >> d) & 1:
            continue
        if dealer_seen == 1:
            category = _category(player, cy_evaluate_lanes(
                HT, board | dealer | cy_card_lane(HT, d)))
            value[0] += net[play, category]
            other[0] += net[1, category]
            ways[0] += 1
            continue
        lanes = board | cy_card_lane(HT, d)
        for e in range(d + 1, 52):
            if (seen >> e) & 1:
                continue
            category = _category(player, cy_evaluate_lanes(HT, lanes | cy_card_lane(HT, e)))
            value[0] += net[play, category]
            other[0] += net[1, category]
            ways[0] += 1


cdef void _flop(uint64_t seen, uint64_t hole, uint64_t dealer, uint64_t board, int dealer_seen,
                int board_seen, const int64_t[:, ::1] net, int64_t fold, bint ties_larger,
                int64_t* bet, int64_t* check) noexcept nogil:
    """The totals of betting 2x and of checking (then the better river play) on the flop."""
    cdef int t, r
    cdef int64_t two, one, ways
    cdef int64_t river_fold
    bet[0] = 0
    check[0] = 0
    for t in range(52):
        if (seen >> t) & 1:
            continue
        if board_seen == 4:
            _river(seen | ((<uint64_t>1) << t), hole, dealer, board | cy_card_lane(HT, t),
                   dealer_seen, net, 2, &two, &one, &ways)
            river_fold = fold * ways
            bet[0] += two
            check[0] += one if (one > river_fold or (one == river_fold and ties_larger)) \
                else river_fold
            continue
        for r in range(t + 1, 52):
            if (seen >> r) & 1:
                continue
            _river(seen | ((<uint64_t>1) << t) | ((<uint64_t>1) << r), hole, dealer,
                   board | cy_card_lane(HT, t) | cy_card_lane(HT, r), dealer_seen, net, 2,
                   &two, &one, &ways)
            river_fold = fold * ways
            bet[0] += two
            check[0] += one if (one > river_fold or (one == river_fold and ties_larger)) \
                else river_fold


def _check_arguments(cards, columns, int dealer_seen, int board_seen, net):
    if cards.shape[0] < 9:
        raise ValueError(f"{cards.shape[0]} dealt rows: a hand has nine")
    if not 0 <= dealer_seen <= 2:
        raise ValueError(f"dealer_seen={dealer_seen}: the dealer has two cards")
    if board_seen not in (3, 4, 5):
        raise ValueError(f"board_seen={board_seen}: the flop (3), a turn-river card (4), all (5)")
    if tuple(net.shape) != (5, UTH_CATEGORIES):
        raise ValueError(f"net pays of shape {tuple(net.shape)}: expected (5, {UTH_CATEGORIES})")
    for i in range(columns.shape[0]):
        if not 0 <= columns[i] < cards.shape[1]:
            raise ValueError(f"hand {columns[i]} is outside the {cards.shape[1]} dealt hands")


def _bad_cards(int code, Py_ssize_t column):
    problem = "a card outside 0..51" if code == 1 else "a card twice"
    raise ValueError(f"hand {column} has {problem}")


def street_values(const int16_t[:, :] cards, const int64_t[::1] columns, int dealer_seen,
                  int board_seen, const int64_t[:, ::1] net, int64_t fold, bint ties_larger):
    """For each hand ``columns[m]``, the exact total values (scaled units, over every unseen
    deal) of its decision: on the flop (``board_seen`` 3 or 4) of betting 2x and of checking
    (then the better of 1x and fold on the river); on the river (``board_seen`` 5) of playing
    1x and of folding. Returns int64 ``[len(columns), 2]``: the bet, then the other choice."""
    _check_arguments(cards, columns, dealer_seen, board_seen, net)
    cdef Py_ssize_t m = columns.shape[0], i, column = 0
    cdef uint64_t seen, hole, dealer, board
    cdef int64_t one, other, ways
    cdef int bad = 0
    values = np.zeros((m, 2), dtype=np.int64)
    cdef int64_t[:, ::1] out = values
    with nogil:
        for i in range(m):
            column = columns[i]
            bad = _known(cards, column, dealer_seen, board_seen, &seen, &hole, &dealer, &board)
            if bad:
                break
            if board_seen == 5:
                _river(seen, hole, dealer, board, dealer_seen, net, 1, &one, &other, &ways)
                out[i, 0] = one
                out[i, 1] = fold * ways
            else:
                _flop(seen, hole, dealer, board, dealer_seen, board_seen, net, fold, ties_larger,
                      &out[i, 0], &out[i, 1])
    if bad:
        _bad_cards(bad, column)
    return values


def street_bets(const int16_t[:, :] cards, const int64_t[::1] columns, int dealer_seen,
                int board_seen, const int64_t[:, ::1] net, int64_t fold, bint ties_larger):
    """For each hand ``columns[m]``, whether the player bets (2x on the flop, 1x on the river):
    the bet's exact value beats the other choice's (:func:`street_values`; equal values bet
    only with ``ties_larger``). Returns bool ``[len(columns)]``."""
    values = np.asarray(street_values(cards, columns, dealer_seen, board_seen, net, fold,
                                      ties_larger))
    bets = values[:, 0] > values[:, 1]
    if ties_larger:
        bets |= values[:, 0] == values[:, 1]
    return bets


def showdown_category(int player, int dealer):
    """Python hook: the outcome category of a showdown between two strengths."""
    return _category(player, dealer)
