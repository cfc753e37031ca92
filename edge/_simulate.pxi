# Batch hold'em evaluation for the Monte Carlo check (edge/simulation): the strength and class of
# many dealt hands at once. Hands arrive the way the simulation deals them, one row per dealt
# card and one column per hand; ``rows`` picks the 5 to 7 cards of each hand that play. The
# evaluator is the one in _holdem.pxi (its own tests cover it); only the loop over hands is here.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint64_t


def simulate_holdem_hands(const int16_t[:, ::1] cards, const int64_t[::1] rows):
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
