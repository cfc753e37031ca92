# Declarations of edge's shared evaluators (edge/_core.pyx) for the game kernels to cimport.
#
# This file is public: it is installed with edge, and a game in a package of its own cimports
# from it (``from edge._core cimport HoldemTables, cy_holdem_tables, cy_evaluate_mask``) with
# ``edge.get_include()`` on its include path; docs/writing-a-game.md, section 4, has the recipe
# and examples/six_card_bonus a kernel that does it.
#
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

# The lookup tables live in one ``HoldemTables`` struct that edge._core fills once at import;
# a game kernel takes a pointer to it with ``cy_holdem_tables()`` (once, at its own import) and
# passes it to the inline evaluators below, which therefore inline into the game's loops.
#
# Tri-Card Poker's 3-card evaluator is here too (``cy_three_card_strength``).

from libc.stdint cimport int64_t, uint8_t, uint16_t, uint64_t

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

# 3-card hands: strength = class * THREE_CARD_CLASS_BASE + ranks (see cy_three_card_strength).
cdef enum:
    THREE_CARD_CLASS_BASE = 2197      # 13 ** 3: room for three ranks below each hand class
    THREE_CARD_STRENGTH_LIMIT = 13182 # 6 * THREE_CARD_CLASS_BASE: every strength is below this
    THREE_CARD_HANDS = 22100          # C(52, 3)

# 3-card hand classes, weakest first (a hand's strength // THREE_CARD_CLASS_BASE).
cdef enum:
    THREE_CARD_HIGH_CARD = 0
    THREE_CARD_PAIR = 1
    THREE_CARD_FLUSH = 2
    THREE_CARD_STRAIGHT = 3
    THREE_CARD_THREE_OF_A_KIND = 4
    THREE_CARD_STRAIGHT_FLUSH = 5

ctypedef struct HoldemTables:
    # indexed by a 13-bit rank mask
    uint8_t nbits[HOLDEM_RANK_MASKS]       # number of ranks in the mask
    uint16_t flush5[HOLDEM_RANK_MASKS]     # the mask itself if it has 5+ ranks, else 0
    uint16_t top1[HOLDEM_RANK_MASKS]       # the highest rank only
    uint16_t top2[HOLDEM_RANK_MASKS]       # the two highest ranks
    uint16_t top3[HOLDEM_RANK_MASKS]       # the three highest ranks
    uint16_t top5[HOLDEM_RANK_MASKS]       # the five highest ranks
    uint16_t straight[HOLDEM_RANK_MASKS]   # 1 << top rank of the best straight, or 0
    int suited[HOLDEM_RANK_MASKS]          # strength of 5+ ranks of one suit
    int unpaired[HOLDEM_RANK_MASKS]        # strength of 5+ distinct ranks, no flush
    # a byte of the card mask (two ranks x four suits) spread to the suit lanes of its two ranks
    uint64_t spread[256]
    uint64_t lane[52]                      # one card's bit in the suit lanes


cdef const HoldemTables* cy_holdem_tables() noexcept nogil
cdef int cy_three_card_strength(int a, int b, int c, bint ace_low_straight) noexcept nogil


cdef inline uint64_t cy_card_lane(const HoldemTables* t, int card) noexcept nogil:
    """One card (0..51) as a bit in the suit lanes; OR lanes of distinct cards to make a hand."""
    return t.lane[card]


cdef inline uint64_t cy_suit_lanes(const HoldemTables* t, uint64_t cards) noexcept nogil:
    """A card mask converted to suit lanes (bits ``16 * suit + rank``), one byte at a time."""
    return (t.spread[cards & 0xFF]
            | (t.spread[(cards >> 8) & 0xFF] << 2)
            | (t.spread[(cards >> 16) & 0xFF] << 4)
            | (t.spread[(cards >> 24) & 0xFF] << 6)
            | (t.spread[(cards >> 32) & 0xFF] << 8)
            | (t.spread[(cards >> 40) & 0xFF] << 10)
            | (t.spread[(cards >> 48) & 0x0F] << 12))


cdef inline int cy_evaluate_lanes(const HoldemTables* t, uint64_t lanes) noexcept nogil:
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
    cdef unsigned int suited = (t.flush5[s0] | t.flush5[s1] | t.flush5[s2]
                                | t.flush5[s3])
    if suited:
        return t.suited[suited]
    ranks = s0 | s1 | s2 | s3
    two = (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3))
    if two == 0:
        return t.unpaired[ranks]
    four = s0 & s1 & s2 & s3
    if four:
        return ((HOLDEM_QUADS << HOLDEM_CLASS_SHIFT) | (four << HOLDEM_MAJOR_SHIFT)
                | t.top1[ranks ^ four])
    three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1))
    if three:
        top = t.top1[three]
        rest = two ^ top                      # another pair, or a second three of a kind
        if rest:
            return ((HOLDEM_FULL_HOUSE << HOLDEM_CLASS_SHIFT) | (top << HOLDEM_MAJOR_SHIFT)
                    | t.top1[rest])
        if t.straight[ranks]:
            return t.unpaired[ranks]
        return ((HOLDEM_TRIPS << HOLDEM_CLASS_SHIFT) | (top << HOLDEM_MAJOR_SHIFT)
                | t.top2[ranks ^ top])
    if t.straight[ranks]:
        return t.unpaired[ranks]
    if t.nbits[two] >= 2:
        top = t.top2[two]               # a third pair's rank can still be the kicker
        return ((HOLDEM_TWO_PAIR << HOLDEM_CLASS_SHIFT) | (top << HOLDEM_MAJOR_SHIFT)
                | t.top1[ranks ^ top])
    return ((HOLDEM_PAIR << HOLDEM_CLASS_SHIFT) | (two << HOLDEM_MAJOR_SHIFT)
            | t.top3[ranks ^ two])


cdef inline int cy_evaluate_mask(const HoldemTables* t, uint64_t cards) noexcept nogil:
    """Strength of a card mask holding 5 to 7 cards."""
    return cy_evaluate_lanes(t, cy_suit_lanes(t, cards))


cdef inline int cy_evaluate7(const HoldemTables* t, int c0, int c1, int c2, int c3, int c4, int c5,
                             int c6) noexcept nogil:
    """Strength of seven distinct cards (0..51)."""
    return cy_evaluate_lanes(t, t.lane[c0] | t.lane[c1] | t.lane[c2]
                             | t.lane[c3] | t.lane[c4] | t.lane[c5]
                             | t.lane[c6])


cdef inline int cy_hand_class(int strength) noexcept nogil:
    """The class of a strength: 0 high card .. 8 straight flush, 9 royal flush."""
    if strength >= HOLDEM_ROYAL:
        return HOLDEM_ROYAL_FLUSH
    return strength >> HOLDEM_CLASS_SHIFT
