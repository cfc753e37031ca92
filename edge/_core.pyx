# cython: language_level=3
"""edge's shared evaluators: the hold'em 5-to-7-card evaluator and the 3-card evaluator.

Game kernels live in their own extension modules (``edge/games/<game>/_kernels.pyx``) and
cimport what they need from ``edge/_core.pxd``: the enums, the ``HoldemTables`` lookup tables
(``cy_holdem_tables()``) and the inline evaluators that take them. The Python hooks below are
for tests and for games written in Python. No pay tables, no fractions, no printing.
"""

# Texas hold'em hand evaluator (docs/rules.md section 4): the best five cards of five to seven.
#
# Cards are ints 0..51 = rank * 4 + suit (rank 0 = deuce .. 12 = ace); a set of cards is a
# uint64 mask with bit c for card c. Inside, a hand is held as four 13-bit rank masks, one per
# suit, packed in a uint64 at bits 16 * suit + rank ("suit lanes"): a board's lanes OR-ed with a
# hole card's lane (``cy_card_lane``) is the incremental way to add cards to a fixed board.
#
# Strength layout (int32, higher is better, equal means a tie):
#
#     bits 26..29   class: 0 high card, 1 pair, 2 two pair, 3 three of a kind, 4 straight,
#                   5 flush, 6 full house, 7 four of a kind, 8 straight flush (royal included)
#     bits 13..25   "major" 13-bit rank mask: the ranks that decide first
#                   high card / flush: the five ranks played; pair, trips, quads: the one rank;
#                   two pair: the two pair ranks; full house: the three-of-a-kind rank;
#                   straight / straight flush: the top rank (the five for the wheel A-2-3-4-5)
#     bits 0..12    "minor" 13-bit rank mask: the kickers (pair: 3, two pair: 1, trips: 2,
#                   quads: 1) or, for a full house, the pair rank; 0 where there are none
#
# Within a class the major masks have equally many bits, as do the minor masks, so comparing the
# integers compares the ranks highest first, as poker does. The royal flush is the straight flush
# with major mask 1 << 12, the largest strength; ``cy_hand_class`` reports it as class 9.
#
# The tables (a ``HoldemTables``, declared in _core.pxd) are filled once at import by
# ``_holdem_init``; no call allocates.


# numpy is used from Python only (arrays made, typed memoryviews over them): no numpy C API,
# so the build needs no numpy headers.
from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t

import numpy as np

cdef HoldemTables _tables


cdef uint16_t _holdem_top_bits(unsigned int mask, int count) noexcept nogil:
    """The ``count`` highest set bits of a 13-bit mask (all of them when fewer)."""
    cdef uint16_t kept = 0
    cdef int rank = 12
    while rank >= 0 and count > 0:
        if mask & (1u << rank):
            kept |= <uint16_t>(1u << rank)
            count -= 1
        rank -= 1
    return kept


cdef void _holdem_init() noexcept nogil:
    """Fill every lookup table (runs once, when the module is imported)."""
    cdef unsigned int mask, window
    cdef int rank, top, bit, card, n
    for mask in range(HOLDEM_RANK_MASKS):
        n = 0
        for rank in range(13):
            n += (mask >> rank) & 1
        _tables.nbits[mask] = <uint8_t>n
        _tables.flush5[mask] = <uint16_t>(mask if n >= 5 else 0)
        _tables.top1[mask] = _holdem_top_bits(mask, 1)
        _tables.top2[mask] = _holdem_top_bits(mask, 2)
        _tables.top3[mask] = _holdem_top_bits(mask, 3)
        _tables.top5[mask] = _holdem_top_bits(mask, 5)
        _tables.straight[mask] = 0
        for top in range(12, 3, -1):                 # ace-high down to six-high
            window = 0x1Fu << (top - 4)
            if mask & window == window:
                _tables.straight[mask] = <uint16_t>(1u << top)
                break
        if _tables.straight[mask] == 0 and mask & 0x100Fu == 0x100Fu:
            _tables.straight[mask] = 1u << 3         # the wheel A-2-3-4-5 is five-high
        if _tables.straight[mask]:
            _tables.suited[mask] = ((HOLDEM_STRAIGHT_FLUSH << HOLDEM_CLASS_SHIFT)
                                    | (_tables.straight[mask] << HOLDEM_MAJOR_SHIFT))
            _tables.unpaired[mask] = ((HOLDEM_STRAIGHT << HOLDEM_CLASS_SHIFT)
                                      | (_tables.straight[mask] << HOLDEM_MAJOR_SHIFT))
        else:
            _tables.suited[mask] = ((HOLDEM_FLUSH << HOLDEM_CLASS_SHIFT)
                                    | (_tables.top5[mask] << HOLDEM_MAJOR_SHIFT))
            _tables.unpaired[mask] = ((HOLDEM_HIGH_CARD << HOLDEM_CLASS_SHIFT)
                                      | (_tables.top5[mask] << HOLDEM_MAJOR_SHIFT))
    for mask in range(256):
        _tables.spread[mask] = 0
        for bit in range(8):
            if mask & (1u << bit):
                _tables.spread[mask] |= (<uint64_t>1) << (16 * (bit & 3) + (bit >> 2))
    for card in range(52):
        _tables.lane[card] = (<uint64_t>1) << (16 * (card & 3) + (card >> 2))


_holdem_init()


cdef const HoldemTables* cy_holdem_tables() noexcept nogil:
    """The evaluator's lookup tables (filled at import) for game kernels that cimport them."""
    return &_tables


cdef int _card_value(object card, str where) except -1:
    """One card index 0..51 from an int (numpy ints too; not a bool, float or string)."""
    if isinstance(card, bool) or not isinstance(card, (int, np.integer)):
        raise ValueError(f"card {card!r}{where} is not an int 0..51")
    if not 0 <= card < 52:
        raise ValueError(f"card {card!r}{where} is outside 0..51")
    return <int>card


cdef bint _flag(object value, str name) except -1:
    """A yes/no argument: a bool (or numpy bool), never a string or a number that means one."""
    if not isinstance(value, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False, not {value!r}")
    return bool(value)


cdef int _holdem_check_cards(object cards, int low, int high, int64_t* out) except -1:
    """Copy a sequence of distinct cards into ``out``; the count must be in low..high."""
    if isinstance(cards, (str, bytes)) or not hasattr(cards, "__len__"):
        raise ValueError(f"expected a sequence of {low}..{high} cards, got {cards!r}")
    cdef int n = len(cards)
    cdef int i, card
    cdef uint64_t seen = 0
    if n < low or n > high:
        raise ValueError(f"expected {low}..{high} cards, got {n}")
    for i in range(n):
        card = _card_value(cards[i], "")
        if seen & ((<uint64_t>1) << card):
            raise ValueError(f"card {card!r} appears twice")
        seen |= (<uint64_t>1) << card
        out[i] = card
    return n


def evaluate7(cards):
    """Python hook: the strength of seven distinct cards (ints 0..51)."""
    cdef int64_t[7] buffer
    _holdem_check_cards(cards, 7, 7, buffer)
    return cy_evaluate7(&_tables, buffer[0], buffer[1], buffer[2], buffer[3], buffer[4], buffer[5],
                        buffer[6])


def evaluate_cards(cards):
    """Python hook: the strength of five to seven distinct cards (ints 0..51)."""
    cdef int64_t[7] buffer
    cdef int n = _holdem_check_cards(cards, 5, 7, buffer)
    cdef uint64_t mask = 0
    cdef int i
    for i in range(n):
        mask |= (<uint64_t>1) << buffer[i]
    return cy_evaluate_mask(&_tables, mask)


def evaluate_many(hands):
    """Strengths of rows of 5 to 7 cards, as an int64 array (one strength per row).

    ``hands`` is a 2-D array-like of integer card indexes (any integer dtype; copied to int64
    when it is not C-contiguous int64 already). Every row must hold distinct cards 0..51
    (checked). A 6- or 7-card row gives the strength of its best five cards.
    """
    array = np.asarray(hands)
    if array.ndim != 2:
        raise ValueError(f"hands must be a 2-D array of cards (one hand a row), not "
                         f"{array.ndim}-D")
    if array.dtype.kind not in "iu":
        raise ValueError(f"hands must hold integer card indexes, not {array.dtype}")
    cdef const int64_t[:, ::1] rows_view = np.ascontiguousarray(array, dtype=np.int64)
    cdef Py_ssize_t rows = rows_view.shape[0]
    cdef Py_ssize_t width = rows_view.shape[1]
    cdef Py_ssize_t i, j
    cdef uint64_t mask, bit
    if width < 5 or width > 7:
        raise ValueError(f"rows must hold 5..7 cards, not {width}")
    result = np.zeros(rows, dtype=np.int64)
    cdef int64_t[::1] out = result
    for i in range(rows):
        mask = 0
        for j in range(width):
            if not 0 <= rows_view[i, j] < 52:
                raise ValueError(f"card {rows_view[i, j]} in row {i} is outside 0..51")
            bit = (<uint64_t>1) << rows_view[i, j]
            if mask & bit:
                raise ValueError(f"card {rows_view[i, j]} appears twice in row {i}")
            mask |= bit
        out[i] = cy_evaluate_mask(&_tables, mask)
    return result


# The hold'em hand classes for Python (edge.holdem names them): defined once, in _core.pxd.
HAND_HIGH_CARD = HOLDEM_HIGH_CARD
HAND_PAIR = HOLDEM_PAIR
HAND_TWO_PAIR = HOLDEM_TWO_PAIR
HAND_THREE_OF_A_KIND = HOLDEM_TRIPS
HAND_STRAIGHT = HOLDEM_STRAIGHT
HAND_FLUSH = HOLDEM_FLUSH
HAND_FULL_HOUSE = HOLDEM_FULL_HOUSE
HAND_FOUR_OF_A_KIND = HOLDEM_QUADS
HAND_STRAIGHT_FLUSH = HOLDEM_STRAIGHT_FLUSH
HAND_ROYAL_FLUSH = HOLDEM_ROYAL_FLUSH
HAND_CLASSES = HOLDEM_CLASSES


def hand_class(strength):
    """The class of a strength, 0 high card .. 8 straight flush, 9 royal flush."""
    if isinstance(strength, bool) or not isinstance(strength, (int, np.integer)):
        raise ValueError(f"strength {strength!r} is not an int")
    if strength < 0 or strength > HOLDEM_ROYAL or (strength >> HOLDEM_CLASS_SHIFT) > 8:
        raise ValueError(f"strength {strength} is not a hold'em strength")
    return cy_hand_class(<int>strength)


def holdem_class_counts(cards=7):
    """How many of the C(52, cards) hands fall in each class (index 0 high card .. 9 royal).

    ``cards`` is 7 (every 7-card hand, 133,784,560) or 5 or 6. Every hand is visited once, in
    increasing card order, adding one card's suit lane per loop level, so the counts are exact.
    """
    if isinstance(cards, bool) or not isinstance(cards, (int, np.integer)) or not 5 <= cards <= 7:
        raise ValueError(f"cards must be 5, 6 or 7, not {cards!r}")
    counts = np.zeros(HOLDEM_CLASSES, dtype=np.int64)
    cdef int64_t[::1] out = counts
    cdef int64_t[HOLDEM_CLASSES] local
    cdef int a, b, c, d, e, f, g, k
    cdef uint64_t la, lb, lc, ld, le, lf
    cdef int skip = 7 - <int>cards             # loop levels left out for 5 or 6 cards
    for k in range(HOLDEM_CLASSES):
        local[k] = 0
    with nogil:
        for a in range(52):
            la = _tables.lane[a]
            for b in range(a + 1, 52):
                lb = la | _tables.lane[b]
                for c in range(b + 1, 52):
                    lc = lb | _tables.lane[c]
                    for d in range(c + 1, 52):
                        ld = lc | _tables.lane[d]
                        for e in range(d + 1, 52):
                            le = ld | _tables.lane[e]
                            if skip == 2:
                                local[cy_hand_class(cy_evaluate_lanes(&_tables, le))] += 1
                                continue
                            for f in range(e + 1, 52):
                                lf = le | _tables.lane[f]
                                if skip == 1:
                                    local[cy_hand_class(cy_evaluate_lanes(&_tables, lf))] += 1
                                    continue
                                for g in range(f + 1, 52):
                                    local[cy_hand_class(cy_evaluate_lanes(&_tables,
                                        lf | _tables.lane[g]))] += 1
    for k in range(HOLDEM_CLASSES):
        out[k] = local[k]
    return counts


# --- 3-card hands (Tri-Card Poker; docs/rules.md section 2) ---------------------------------

cdef int cy_three_card_strength(int a, int b, int c, bint ace_low_straight) noexcept nogil:
    """Strength of the three cards a, b, c (card = rank * 4 + suit); higher is better."""
    cdef int high = a >> 2
    cdef int middle = b >> 2
    cdef int low = c >> 2
    cdef int swap
    cdef bint flush = (a & 3) == (b & 3) and (b & 3) == (c & 3)
    # sort the ranks high to low
    if middle > high:
        swap = high; high = middle; middle = swap
    if low > middle:
        swap = middle; middle = low; low = swap
    if middle > high:
        swap = high; high = middle; middle = swap
    if high == low:
        return THREE_CARD_THREE_OF_A_KIND * THREE_CARD_CLASS_BASE + high
    if high == middle:
        return THREE_CARD_PAIR * THREE_CARD_CLASS_BASE + high * 13 + low
    if middle == low:
        return THREE_CARD_PAIR * THREE_CARD_CLASS_BASE + middle * 13 + high
    if high - low == 2:
        return (THREE_CARD_STRAIGHT_FLUSH if flush else THREE_CARD_STRAIGHT) * THREE_CARD_CLASS_BASE + high
    if ace_low_straight and high == 12 and middle == 1 and low == 0:
        # A-2-3: the lowest straight, ranked by its three
        return (THREE_CARD_STRAIGHT_FLUSH if flush else THREE_CARD_STRAIGHT) * THREE_CARD_CLASS_BASE + 1
    return (THREE_CARD_FLUSH if flush else THREE_CARD_HIGH_CARD) * THREE_CARD_CLASS_BASE + high * 169 + middle * 13 + low


def three_card_strength(a, b, c, ace_low_straight=True):
    """The strength of three distinct cards (ints 0..51): higher is better, equal ties.

    ``strength // 2197`` is the class (0 high card, 1 pair, 2 flush, 3 straight, 4 three of a
    kind, 5 straight flush); below it the ranks, highest first, in base 13.
    """
    cdef int x = _card_value(a, " (first)")
    cdef int y = _card_value(b, " (second)")
    cdef int z = _card_value(c, " (third)")
    if x == y or y == z or x == z:
        raise ValueError(f"the cards {a!r}, {b!r}, {c!r} are not distinct")
    return cy_three_card_strength(x, y, z, _flag(ace_low_straight, "ace_low_straight"))


def three_card_hands(ace_low_straight=True):
    """Every 3-card hand in lexicographic order of its cards, with strength and hand class.

    Returns ``(cards[22100, 3], strengths[22100], classes[22100])`` as int64 arrays; the class
    index is 0 high card, 1 pair, 2 flush, 3 straight, 4 three of a kind, 5 straight flush.
    """
    cards = np.zeros((THREE_CARD_HANDS, 3), dtype=np.int64)
    strengths = np.zeros(THREE_CARD_HANDS, dtype=np.int64)
    classes = np.zeros(THREE_CARD_HANDS, dtype=np.int64)
    cdef int64_t[:, ::1] cv = cards
    cdef int64_t[::1] sv = strengths
    cdef int64_t[::1] kv = classes
    cdef bint ace_low = _flag(ace_low_straight, "ace_low_straight")
    cdef int a, b, c, s
    cdef int h = 0
    with nogil:
        for a in range(52):
            for b in range(a + 1, 52):
                for c in range(b + 1, 52):
                    s = cy_three_card_strength(a, b, c, ace_low)
                    cv[h, 0] = a
                    cv[h, 1] = b
                    cv[h, 2] = c
                    sv[h] = s
                    kv[h] = s // THREE_CARD_CLASS_BASE
                    h += 1
    return cards, strengths, classes


def names_in_index_order(by_index):
    """Names keyed by a kernel's index constants, as a tuple in index order; the indexes must
    be exactly 0, 1, 2, ... (so a kernel's order is written once, beside its constants)."""
    if sorted(by_index) != list(range(len(by_index))):
        raise AssertionError(f"indexes are not 0..{len(by_index) - 1}: {sorted(by_index)}")
    return tuple(by_index[index] for index in range(len(by_index)))
