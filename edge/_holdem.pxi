# Texas hold'em hand evaluator (RULES.md section 4): the best five cards of five to seven.
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
# Every table below is filled once at import by ``_holdem_init``; no call allocates.

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t
import numpy as np

cdef enum:
    HOLDEM_HIGH_CARD = 0
    HOLDEM_PAIR = 1
    HOLDEM_TWO_PAIR = 2
    HOLDEM_TRIPS = 3
    HOLDEM_STRAIGHT = 4
    HOLDEM_FLUSH = 5
    HOLDEM_FULL_HOUSE = 6
    HOLDEM_QUADS = 7
    HOLDEM_STRAIGHT_FLUSH = 8
    HOLDEM_ROYAL_FLUSH = 9
    HOLDEM_CLASSES = 10
    HOLDEM_CLASS_SHIFT = 26
    HOLDEM_MAJOR_SHIFT = 13
    HOLDEM_RANK_MASKS = 8192          # 13-bit rank masks
    HOLDEM_ROYAL = (8 << 26) | (1 << 25)

# Tables indexed by a 13-bit rank mask.
cdef uint8_t _holdem_nbits[HOLDEM_RANK_MASKS]       # number of ranks in the mask
cdef uint16_t _holdem_flush5[HOLDEM_RANK_MASKS]     # the mask itself if it has 5+ ranks, else 0
cdef uint16_t _holdem_top1[HOLDEM_RANK_MASKS]       # the highest rank only
cdef uint16_t _holdem_top2[HOLDEM_RANK_MASKS]       # the two highest ranks
cdef uint16_t _holdem_top3[HOLDEM_RANK_MASKS]       # the three highest ranks
cdef uint16_t _holdem_top5[HOLDEM_RANK_MASKS]       # the five highest ranks
cdef uint16_t _holdem_straight[HOLDEM_RANK_MASKS]   # 1 << top rank of the best straight, or 0
cdef int _holdem_suited[HOLDEM_RANK_MASKS]          # strength of 5+ ranks of one suit
cdef int _holdem_unpaired[HOLDEM_RANK_MASKS]        # strength of 5+ distinct ranks, no flush
# A byte of the card mask (two ranks x four suits) spread to the suit lanes of its two ranks.
cdef uint64_t _holdem_spread[256]
cdef uint64_t _holdem_lane[52]                      # one card's bit in the suit lanes


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
        _holdem_nbits[mask] = <uint8_t>n
        _holdem_flush5[mask] = <uint16_t>(mask if n >= 5 else 0)
        _holdem_top1[mask] = _holdem_top_bits(mask, 1)
        _holdem_top2[mask] = _holdem_top_bits(mask, 2)
        _holdem_top3[mask] = _holdem_top_bits(mask, 3)
        _holdem_top5[mask] = _holdem_top_bits(mask, 5)
        _holdem_straight[mask] = 0
        for top in range(12, 3, -1):                 # ace-high down to six-high
            window = 0x1Fu << (top - 4)
            if mask & window == window:
                _holdem_straight[mask] = <uint16_t>(1u << top)
                break
        if _holdem_straight[mask] == 0 and mask & 0x100Fu == 0x100Fu:
            _holdem_straight[mask] = 1u << 3         # the wheel A-2-3-4-5 is five-high
        if _holdem_straight[mask]:
            _holdem_suited[mask] = ((HOLDEM_STRAIGHT_FLUSH << HOLDEM_CLASS_SHIFT)
                                    | (_holdem_straight[mask] << HOLDEM_MAJOR_SHIFT))
            _holdem_unpaired[mask] = ((HOLDEM_STRAIGHT << HOLDEM_CLASS_SHIFT)
                                      | (_holdem_straight[mask] << HOLDEM_MAJOR_SHIFT))
        else:
            _holdem_suited[mask] = ((HOLDEM_FLUSH << HOLDEM_CLASS_SHIFT)
                                    | (_holdem_top5[mask] << HOLDEM_MAJOR_SHIFT))
            _holdem_unpaired[mask] = ((HOLDEM_HIGH_CARD << HOLDEM_CLASS_SHIFT)
                                      | (_holdem_top5[mask] << HOLDEM_MAJOR_SHIFT))
    for mask in range(256):
        _holdem_spread[mask] = 0
        for bit in range(8):
            if mask & (1u << bit):
                _holdem_spread[mask] |= (<uint64_t>1) << (16 * (bit & 3) + (bit >> 2))
    for card in range(52):
        _holdem_lane[card] = (<uint64_t>1) << (16 * (card & 3) + (card >> 2))


_holdem_init()


cdef inline uint64_t cy_card_lane(int card) noexcept nogil:
    """One card (0..51) as a bit in the suit lanes; OR lanes of distinct cards to make a hand."""
    return _holdem_lane[card]


cdef inline uint64_t cy_suit_lanes(uint64_t cards) noexcept nogil:
    """A card mask converted to suit lanes (bits ``16 * suit + rank``), one byte at a time."""
    return (_holdem_spread[cards & 0xFF]
            | (_holdem_spread[(cards >> 8) & 0xFF] << 2)
            | (_holdem_spread[(cards >> 16) & 0xFF] << 4)
            | (_holdem_spread[(cards >> 24) & 0xFF] << 6)
            | (_holdem_spread[(cards >> 32) & 0xFF] << 8)
            | (_holdem_spread[(cards >> 40) & 0xFF] << 10)
            | (_holdem_spread[(cards >> 48) & 0x0F] << 12))


cdef inline int cy_evaluate_lanes(uint64_t lanes) noexcept nogil:
    """Strength of 5 to 7 distinct cards given as suit lanes (see the layout above).

    With at most seven cards a flush rules out four of a kind and a full house (each needs three
    cards outside the flush suit), so a suit with five or more ranks decides at once. Otherwise
    the rank masks of "in at least two / three / four suits" give every made hand.
    """
    cdef unsigned int s0 = <unsigned int>(lanes & 0x1FFF)
    cdef unsigned int s1 = <unsigned int>((lanes >> 16) & 0x1FFF)
    cdef unsigned int s2 = <unsigned int>((lanes >> 32) & 0x1FFF)
    cdef unsigned int s3 = <unsigned int>((lanes >> 48) & 0x1FFF)
    cdef unsigned int ranks, two, three, four, top, rest
    # at most one suit holds five of seven cards: OR-ing the four lookups finds it
    cdef unsigned int suited = (_holdem_flush5[s0] | _holdem_flush5[s1] | _holdem_flush5[s2]
                                | _holdem_flush5[s3])
    if suited:
        return _holdem_suited[suited]
    ranks = s0 | s1 | s2 | s3
    two = (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3))
    if two == 0:
        return _holdem_unpaired[ranks]
    four = s0 & s1 & s2 & s3
    if four:
        return ((HOLDEM_QUADS << HOLDEM_CLASS_SHIFT) | (four << HOLDEM_MAJOR_SHIFT)
                | _holdem_top1[ranks ^ four])
    three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if three:
        top = _holdem_top1[three]
        rest = two ^ top                      # another pair, or a second three of a kind
        if rest:
            return ((HOLDEM_FULL_HOUSE << HOLDEM_CLASS_SHIFT) | (top << HOLDEM_MAJOR_SHIFT)
                    | _holdem_top1[rest])
        if _holdem_straight[ranks]:
            return _holdem_unpaired[ranks]
        return ((HOLDEM_TRIPS << HOLDEM_CLASS_SHIFT) | (top << HOLDEM_MAJOR_SHIFT)
                | _holdem_top2[ranks ^ top])
    if _holdem_straight[ranks]:
        return _holdem_unpaired[ranks]
    if _holdem_nbits[two] >= 2:
        top = _holdem_top2[two]               # a third pair's rank can still be the kicker
        return ((HOLDEM_TWO_PAIR << HOLDEM_CLASS_SHIFT) | (top << HOLDEM_MAJOR_SHIFT)
                | _holdem_top1[ranks ^ top])
    return ((HOLDEM_PAIR << HOLDEM_CLASS_SHIFT) | (two << HOLDEM_MAJOR_SHIFT)
            | _holdem_top3[ranks ^ two])


cdef inline int cy_evaluate_mask(uint64_t cards) noexcept nogil:
    """Strength of a card mask holding 5 to 7 cards."""
    return cy_evaluate_lanes(cy_suit_lanes(cards))


cdef inline int cy_evaluate7(int c0, int c1, int c2, int c3, int c4, int c5,
                             int c6) noexcept nogil:
    """Strength of seven distinct cards (0..51)."""
    return cy_evaluate_lanes(_holdem_lane[c0] | _holdem_lane[c1] | _holdem_lane[c2]
                             | _holdem_lane[c3] | _holdem_lane[c4] | _holdem_lane[c5]
                             | _holdem_lane[c6])


cdef inline int cy_hand_class(int strength) noexcept nogil:
    """The class of a strength: 0 high card .. 8 straight flush, 9 royal flush."""
    if strength >= HOLDEM_ROYAL:
        return HOLDEM_ROYAL_FLUSH
    return strength >> HOLDEM_CLASS_SHIFT


cdef int _holdem_check_cards(object cards, int low, int high, int64_t* out) except -1:
    """Copy a sequence of distinct cards into ``out``; the count must be in low..high."""
    cdef int n = len(cards)
    cdef int i
    cdef uint64_t seen = 0
    if n < low or n > high:
        raise ValueError(f"expected {low}..{high} cards, got {n}")
    for i in range(n):
        card = cards[i]
        if not 0 <= card < 52:
            raise ValueError(f"card {card!r} is outside 0..51")
        if seen & ((<uint64_t>1) << <int>card):
            raise ValueError(f"card {card!r} appears twice")
        seen |= (<uint64_t>1) << <int>card
        out[i] = card
    return n


def evaluate7(cards):
    """Python hook: the strength of seven distinct cards (ints 0..51)."""
    cdef int64_t[7] buffer
    _holdem_check_cards(cards, 7, 7, buffer)
    return cy_evaluate7(buffer[0], buffer[1], buffer[2], buffer[3], buffer[4], buffer[5],
                        buffer[6])


def evaluate_cards(cards):
    """Python hook: the strength of five to seven distinct cards (ints 0..51)."""
    cdef int64_t[7] buffer
    cdef int n = _holdem_check_cards(cards, 5, 7, buffer)
    cdef uint64_t mask = 0
    cdef int i
    for i in range(n):
        mask |= (<uint64_t>1) << buffer[i]
    return cy_evaluate_mask(mask)


def evaluate_many(const int64_t[:, ::1] hands):
    """Python hook for batch tests: strengths of rows of 5 to 7 cards, as an int64 array.

    Every row must hold distinct cards 0..51 (checked); the result has one strength per row.
    """
    cdef Py_ssize_t rows = hands.shape[0]
    cdef Py_ssize_t width = hands.shape[1]
    cdef Py_ssize_t i, j
    cdef uint64_t mask, bit
    if width < 5 or width > 7:
        raise ValueError(f"rows must hold 5..7 cards, not {width}")
    result = np.zeros(rows, dtype=np.int64)
    cdef int64_t[::1] out = result
    for i in range(rows):
        mask = 0
        for j in range(width):
            if not 0 <= hands[i, j] < 52:
                raise ValueError(f"card {hands[i, j]} in row {i} is outside 0..51")
            bit = (<uint64_t>1) << hands[i, j]
            if mask & bit:
                raise ValueError(f"card {hands[i, j]} appears twice in row {i}")
            mask |= bit
        out[i] = cy_evaluate_mask(mask)
    return result


def hand_class(int strength):
    """Python hook: the class of a strength, 0 high card .. 9 royal flush."""
    if strength < 0 or strength > HOLDEM_ROYAL:
        raise ValueError(f"strength {strength} is not a hold'em strength")
    return cy_hand_class(strength)


def holdem_class_counts(int cards=7):
    """How many of the C(52, cards) hands fall in each class (index 0 high card .. 9 royal).

    ``cards`` is 7 (every 7-card hand, 133,784,560) or 5 or 6. Every hand is visited once, in
    increasing card order, adding one card's suit lane per loop level, so the counts are exact.
    """
    if cards < 5 or cards > 7:
        raise ValueError(f"cards must be 5, 6 or 7, not {cards}")
    counts = np.zeros(HOLDEM_CLASSES, dtype=np.int64)
    cdef int64_t[::1] out = counts
    cdef int64_t[HOLDEM_CLASSES] local
    cdef int a, b, c, d, e, f, g, k
    cdef uint64_t la, lb, lc, ld, le, lf
    cdef int skip = 7 - cards                  # loop levels left out for 5 or 6 cards
    for k in range(HOLDEM_CLASSES):
        local[k] = 0
    with nogil:
        for a in range(52):
            la = _holdem_lane[a]
            for b in range(a + 1, 52):
                lb = la | _holdem_lane[b]
                for c in range(b + 1, 52):
                    lc = lb | _holdem_lane[c]
                    for d in range(c + 1, 52):
                        ld = lc | _holdem_lane[d]
                        for e in range(d + 1, 52):
                            le = ld | _holdem_lane[e]
                            if skip == 2:
                                local[cy_hand_class(cy_evaluate_lanes(le))] += 1
                                continue
                            for f in range(e + 1, 52):
                                lf = le | _holdem_lane[f]
                                if skip == 1:
                                    local[cy_hand_class(cy_evaluate_lanes(lf))] += 1
                                    continue
                                for g in range(f + 1, 52):
                                    local[cy_hand_class(cy_evaluate_lanes(
                                        lf | _holdem_lane[g]))] += 1
    for k in range(HOLDEM_CLASSES):
        out[k] = local[k]
    return counts
