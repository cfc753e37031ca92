# Batch hold'em evaluation for the Monte Carlo check (edge/simulation): the strength and class of
# many dealt hands at once. Hands arrive the way the simulation deals them, one row per dealt
# card and one column per hand; ``rows`` picks the 5 to 7 cards of each hand that play. The
# evaluator is the one in _holdem.pxi (its own tests cover it); only the loop over hands is here.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t


def simulate_holdem_hands(const int16_t[:, :] cards, const int64_t[::1] rows):
    """Strengths (int32) and classes (int8, 0 high card .. 9 royal flush) of every column.

    Hand ``i`` is the cards ``cards[rows[j], i]``; they must be distinct (the caller deals them
    so); a card outside 0..51 raises ``ValueError``.
    """
    cdef Py_ssize_t hands = cards.shape[1]
    cdef Py_ssize_t count = rows.shape[0]
    cdef Py_ssize_t i, j
    cdef int card
    cdef bint bad = False
    cdef uint64_t lanes
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
            for j in range(count):
                card = cards[rows[j], i]
                if card < 0 or card >= 52:
                    bad = True
                    card = 0
                lanes |= cy_card_lane(card)
            strength[i] = cy_evaluate_lanes(lanes)
            hand_class[i] = <int8_t>cy_hand_class(strength[i])
    if bad:
        raise ValueError("a dealt card is outside 0..51")
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
        first_lanes = board_lanes | cy_card_lane(first)
        for second in range(first + 1, 52):
            if not (seen >> second) & 1:
                _river_tally(player, cy_evaluate_lanes(first_lanes | cy_card_lane(second)), 1,
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
                _river_tally(player, cy_evaluate_lanes(board_lanes | cy_card_lane(first)
                                                       | cy_card_lane(second)), 1, out)
    for r in range(13):
        for i in range(board_ranks[r]):
            canonical |= (<uint64_t>1) << (16 * (k & 3) + r)
            k += 1
    for r1 in range(13):
        for r2 in range(r1, 13):
            if weight[r1][r2] <= 0:
                continue
            lanes = _add_rank(_add_rank(canonical, r1), r2)
            _river_tally(player, cy_evaluate_lanes(lanes), weight[r1][r2], out)


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
                seen |= (<uint64_t>1) << card
                if j < 5:
                    board[j] = card
                    board_lanes |= cy_card_lane(card)
                else:
                    hole_lanes |= cy_card_lane(card)
            if bad:
                break
            player = cy_evaluate_lanes(board_lanes | hole_lanes)
            if grouped:
                _river_grouped(seen, board, board_lanes, player, &out[i, 0])
            else:
                _river_plain(seen, board_lanes, player, &out[i, 0])
    if bad:
        raise ValueError("a dealt card is outside 0..51")
    return counts
