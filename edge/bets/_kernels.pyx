# cython: language_level=3
"""Bet-file kernels: the best-five classes of every 5-, 6- or 7-card set, counted by the few
cards of it a bet file also looks at apart (:mod:`edge.bets.classes`).

Cards are ints 0..51 = rank * 4 + suit, as everywhere in edge. No pay tables, no fractions.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy

import numpy as np

from edge._core cimport HOLDEM_CLASSES, HOLDEM_FLUSH, HOLDEM_ROYAL_FLUSH, HOLDEM_STRAIGHT, \
    HOLDEM_STRAIGHT_FLUSH, HoldemTables, cy_evaluate_lanes, cy_hand_class, \
    cy_holdem_tables

# the largest subset counted by (C(52, 3) = 22,100 subsets of ten classes)
MOST_HELD = 3


cdef void _keep(uint64_t* examples, int64_t index, const int* hand, int size) noexcept nogil:
    """Keep the set ``hand`` as the first example of ``index``."""
    cdef uint64_t mask = 0
    cdef int j
    for j in range(size):
        mask |= (<uint64_t>1) << hand[j]
    examples[index] = mask


cdef inline void _add(int64_t* counts, uint64_t* examples, const int* hand, int size,
                      const int* positions, int subsets, int held, const int64_t* binom,
                      int klass) noexcept nogil:
    """Count one set of ``size`` cards (``hand``, increasing) of class ``klass`` under each of
    its subsets of ``held`` cards (colex index), keeping the first set seen of each."""
    cdef int s, i, j
    cdef int64_t index
    if held == 2:        # the usual case (a player's two cards), without the position table
        for j in range(1, size):
            for i in range(j):
                index = (binom[hand[j] * 4 + 2] + hand[i]) * HOLDEM_CLASSES + klass
                counts[index] += 1
                if counts[index] == 1:
                    _keep(examples, index, hand, size)
        return
    for s in range(subsets):
        index = 0
        for j in range(held):
            index += binom[hand[positions[s * held + j]] * 4 + j + 1]
        index = index * HOLDEM_CLASSES + klass
        counts[index] += 1
        if counts[index] == 1:
            _keep(examples, index, hand, size)


def class_counts_by_held(cards, held, start=0, stop=52, into=None):
    """For each set of ``held`` cards (1 to 3, by colex index: cards a < b < c have the index
    C(a, 1) + C(b, 2) + C(c, 3)), how many of the C(52, ``cards``) sets of 5 to 7 cards that
    hold it fall in each best-five class (0 high card .. 9 royal flush), and the first such
    set found of each (a 52-bit mask of its cards; 0 where there is none).

    Every set is visited once, in increasing card order, its class found once, and counted
    under each of its C(cards, held) subsets: the counts are exact, and each row sums to
    C(52 - held, cards - held). ``start`` and ``stop`` limit the sets to those whose lowest
    card is in that range, added to the arrays ``into`` (a pair this function returned): the
    ranges 0..52 taken in order, in parts, give what one call gives (for a progress bar).
    """
    for name, value, least, most in (("cards", cards, 5, 7), ("held", held, 1, MOST_HELD)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) \
                or not least <= value <= most:
            raise ValueError(f"{name} must be a whole number from {least} to {most}, not "
                             f"{value!r}")
    cdef int size = <int>cards
    cdef int keep = <int>held
    cdef int a, b, c, d, e, f, g, j
    binomials = np.zeros((52, 4), dtype=np.int64)
    for a in range(52):
        for j in range(4):
            binomials[a, j] = _choose(a, j)
    cdef const int64_t[:, ::1] binom_view = binomials
    chosen = [[p for p in range(size) if bits >> p & 1] for bits in range(1 << size)
              if bin(bits).count("1") == keep]
    positions = np.array([p for subset_positions in chosen for p in subset_positions],
                         dtype=np.intc)
    cdef const int[::1] positions_view = positions
    cdef int subsets = len(chosen)
    rows = _choose(52, keep)
    if into is None:
        counts = np.zeros((rows, HOLDEM_CLASSES), dtype=np.int64)
        examples = np.zeros((rows, HOLDEM_CLASSES), dtype=np.uint64)
    else:
        counts, examples = into
        if (not isinstance(counts, np.ndarray) or not isinstance(examples, np.ndarray)
                or counts.shape != (rows, HOLDEM_CLASSES) or examples.shape != counts.shape):
            raise ValueError(f"into must be two arrays of {rows} rows of {HOLDEM_CLASSES} "
                             "classes, as this function returns them")
    if any(isinstance(end, bool) or not isinstance(end, (int, np.integer))
           for end in (start, stop)) or not 0 <= start <= stop <= 52:
        raise ValueError(f"start and stop must be 0 <= start <= stop <= 52, not {start!r} "
                         f"and {stop!r}")
    cdef int low = <int>start
    cdef int high = <int>stop
    cdef int64_t[:, ::1] counts_view = counts
    cdef uint64_t[:, ::1] examples_view = examples
    cdef int64_t* out = &counts_view[0, 0]
    cdef uint64_t* first = &examples_view[0, 0]
    cdef const int64_t* binom = &binom_view[0, 0]
    cdef const int* at = &positions_view[0]
    cdef const HoldemTables* t = cy_holdem_tables()
    cdef int[7] hand
    cdef uint64_t la, lb, lc, ld, le, lf, lanes
    with nogil:
        for a in range(low, high):
            hand[0] = a
            la = t.lane[a]
            for b in range(a + 1, 52):
                hand[1] = b
                lb = la | t.lane[b]
                for c in range(b + 1, 52):
                    hand[2] = c
                    lc = lb | t.lane[c]
                    for d in range(c + 1, 52):
                        hand[3] = d
                        ld = lc | t.lane[d]
                        for e in range(d + 1, 52):
                            hand[4] = e
                            le = ld | t.lane[e]
                            if size == 5:
                                _add(out, first, hand, 5, at, subsets, keep, binom,
                                     cy_hand_class(cy_evaluate_lanes(t, le)))
                                continue
                            for f in range(e + 1, 52):
                                hand[5] = f
                                lf = le | t.lane[f]
                                if size == 6:
                                    _add(out, first, hand, 6, at, subsets, keep, binom,
                                         cy_hand_class(cy_evaluate_lanes(t, lf)))
                                    continue
                                for g in range(f + 1, 52):
                                    hand[6] = g
                                    lanes = lf | t.lane[g]
                                    _add(out, first, hand, 7, at, subsets, keep, binom,
                                         cy_hand_class(cy_evaluate_lanes(t, lanes)))
    return counts, examples


cdef int64_t _choose(int n, int k):
    cdef int64_t result = 1
    cdef int i
    if k < 0 or k > n:
        return 0
    for i in range(k):
        result = result * (n - i) // (i + 1)
    return result


# --- the joker (Pai Gow Poker's "bug") --------------------------------------------------------
# a 53-card deck: cards 0..51 as everywhere, 52 the joker. It completes a straight, a flush or a
# straight flush; otherwise it is an ace. Five aces (four aces and the joker) is class 10.
cdef enum:
    _JOKER = 52
    _FIVE_ACES = 10
    _JOKER_CLASSES = 11
    _MOST_OF_A_RANK = 6             # the most cards of a rank, 1 to 5 (0 unused)
JOKER = _JOKER
FIVE_ACES = _FIVE_ACES
JOKER_CLASSES = _JOKER_CLASSES
MOST_OF_A_RANK = _MOST_OF_A_RANK


cdef inline int _bits14(const HoldemTables* t, unsigned int mask) noexcept nogil:
    """How many bits of a 14-bit mask are set."""
    return t.nbits[mask & 0x1FFF] + <int>((mask >> 13) & 1)


cdef inline unsigned int _with_low_ace(unsigned int ranks) noexcept nogil:
    """A 13-bit rank mask as 14 bits: bit 0 the ace played low, bits 1..13 deuce .. ace."""
    return (ranks << 1) | ((ranks >> 12) & 1)


cdef inline int _completed(const HoldemTables* t, unsigned int ranks) noexcept nogil:
    """For the ranks of some cards and the joker: 2 when the joker completes a run of five
    ending at the ace (T-J-Q-K-A), 1 when it completes another run of five, else 0."""
    cdef unsigned int wide = _with_low_ace(ranks)
    cdef int top
    for top in range(13, 3, -1):             # the run's top bit: ace (13) down to five (4)
        if _bits14(t, wide & (<unsigned int>0x1F << (top - 4))) >= 4:
            return 2 if top == 13 else 1
    return 0


cdef int _joker_class(const HoldemTables* t, uint64_t lanes) noexcept nogil:
    """The best-five class of 4 to 6 distinct cards (suit lanes) and the joker."""
    cdef unsigned int suits[4]
    cdef int s, best, run
    cdef int aces = 0
    cdef int ace_suit = -1
    for s in range(4):
        suits[s] = <unsigned int>((lanes >> (16 * s)) & 0x1FFF)
        if suits[s] >> 12 & 1:
            aces += 1
        elif ace_suit < 0:
            ace_suit = s
    if aces == 4:
        return _FIVE_ACES
    # the joker as an ace (of a suit missing one: a fifth card of one suit may make a flush,
    # which the joker may complete anyway)
    best = cy_hand_class(cy_evaluate_lanes(t, lanes | ((<uint64_t>1) << (16 * ace_suit + 12))))
    if best < HOLDEM_STRAIGHT and _completed(t, suits[0] | suits[1] | suits[2] | suits[3]):
        best = HOLDEM_STRAIGHT
    for s in range(4):
        if t.nbits[suits[s]] >= 4 and best < HOLDEM_FLUSH:
            best = HOLDEM_FLUSH
        run = _completed(t, suits[s])
        if run == 2:
            return HOLDEM_ROYAL_FLUSH
        if run == 1 and best < HOLDEM_STRAIGHT_FLUSH:
            best = HOLDEM_STRAIGHT_FLUSH
    return best


cdef struct _Rows:
    int8_t* cards          # the wanted sets, ``size`` cards a row (grown as needed)
    int64_t rows           # rows written
    int64_t room           # rows allocated
    bint failed            # an allocation failed


cdef inline int _most_of_a_rank(uint64_t lanes, int joker) noexcept nogil:
    """The most cards sharing a rank (1 to 5) among cards in suit lanes and, when ``joker``,
    the joker counted as an ace."""
    cdef unsigned int s0 = <unsigned int>(lanes & 0x1FFF)
    cdef unsigned int s1 = <unsigned int>((lanes >> 16) & 0x1FFF)
    cdef unsigned int s2 = <unsigned int>((lanes >> 32) & 0x1FFF)
    cdef unsigned int s3 = <unsigned int>((lanes >> 48) & 0x1FFF)
    cdef int aces = joker + <int>((s0 >> 12) & 1) + <int>((s1 >> 12) & 1) \
        + <int>((s2 >> 12) & 1) + <int>((s3 >> 12) & 1)
    cdef int most = 1
    if (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3)):
        most = 2
    if (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1)):
        most = 3
    if s0 & s1 & s2 & s3:
        most = 4
    return aces if aces > most else most


cdef inline void _joker_tally(const HoldemTables* t, const int* hand, int size, uint64_t lanes,
                              int64_t* counts, uint64_t* first, const uint8_t* wanted,
                              _Rows* out) noexcept nogil:
    """Count one set (``hand``, increasing; ``lanes``, its cards but the joker) in its cell
    (joker, class, most of a rank), keep it when it is the cell's first, write it when its
    cell is wanted."""
    cdef int joker = hand[size - 1] == _JOKER
    cdef int klass = (_joker_class(t, lanes) if joker
                      else cy_hand_class(cy_evaluate_lanes(t, lanes)))
    cdef int cell = ((joker * _JOKER_CLASSES + klass) * _MOST_OF_A_RANK
                     + _most_of_a_rank(lanes, joker))
    cdef int j
    cdef uint64_t mask = 0
    cdef int8_t* grown
    counts[cell] += 1
    if counts[cell] == 1:
        for j in range(size):
            mask |= (<uint64_t>1) << hand[j]
        first[cell] = mask
    if not wanted[cell] or out.failed:
        return
    if out.rows == out.room:
        grown = <int8_t*>realloc(out.cards, <size_t>(2 * out.room + 1024) * size)
        if grown == NULL:
            out.failed = True
            return
        out.cards = grown
        out.room = 2 * out.room + 1024
    for j in range(size):
        out.cards[out.rows * size + j] = <int8_t>hand[j]
    out.rows += 1


cdef void _joker_visit(const HoldemTables* t, int size, int low, int high, int64_t* counts,
                       uint64_t* first, const uint8_t* wanted, _Rows* out) noexcept nogil:
    """Every set of ``size`` cards of the 53 whose lowest card is in ``low..high-1``, tallied
    (:func:`_joker_tally`); the joker (card 52) adds nothing to the suit lanes."""
    cdef int hand[7]
    cdef int a, b, c, d, e, f, g
    cdef uint64_t la, lb, lc, ld, le, lf
    for a in range(low, high):
        hand[0] = a
        la = t.lane[a] if a < _JOKER else 0
        for b in range(a + 1, 53):
            hand[1] = b
            lb = la | (t.lane[b] if b < _JOKER else 0)
            for c in range(b + 1, 53):
                hand[2] = c
                lc = lb | (t.lane[c] if c < _JOKER else 0)
                for d in range(c + 1, 53):
                    hand[3] = d
                    ld = lc | (t.lane[d] if d < _JOKER else 0)
                    for e in range(d + 1, 53):
                        hand[4] = e
                        le = ld | (t.lane[e] if e < _JOKER else 0)
                        if size == 5:
                            _joker_tally(t, hand, 5, le, counts, first, wanted, out)
                            continue
                        for f in range(e + 1, 53):
                            hand[5] = f
                            lf = le | (t.lane[f] if f < _JOKER else 0)
                            if size == 6:
                                _joker_tally(t, hand, 6, lf, counts, first, wanted, out)
                                continue
                            for g in range(f + 1, 53):
                                hand[6] = g
                                _joker_tally(t, hand, 7, lf | (t.lane[g] if g < _JOKER else 0),
                                             counts, first, wanted, out)


def joker_classes(cards, start=0, stop=53, wanted=None):
    """Every set of ``cards`` (5 to 7) of the 53 cards (52 and the joker, card 52) whose lowest
    card is in ``start..stop-1``, counted in its cell (joker, class, most): joker 1 when it
    holds the joker; its best-five class with the joker's Pai Gow rule (0 high card .. 9 royal
    flush, 10 five aces); the most of its cards sharing a rank, the joker an ace (1 to 5).
    Returns the counts (2 x 11 x 6), the first set found of each cell (a 53-bit mask; 0 where
    none), and the sets of the cells marked in ``wanted`` (booleans of that shape), one row of
    cards each (int8, increasing), in the order visited. Every set is visited once."""
    if isinstance(cards, bool) or not isinstance(cards, (int, np.integer)) \
            or not 5 <= cards <= 7:
        raise ValueError(f"cards must be a whole number from 5 to 7, not {cards!r}")
    if any(isinstance(end, bool) or not isinstance(end, (int, np.integer))
           for end in (start, stop)) or not 0 <= start <= stop <= 53:
        raise ValueError(f"start and stop must be 0 <= start <= stop <= 53, not {start!r} "
                         f"and {stop!r}")
    shape = (2, JOKER_CLASSES, MOST_OF_A_RANK)
    marks = np.zeros(shape, dtype=np.uint8)
    if wanted is not None:
        marks[...] = np.asarray(wanted, dtype=bool).reshape(shape)
    counts = np.zeros(shape, dtype=np.int64)
    firsts = np.zeros(shape, dtype=np.uint64)
    cdef int size = <int>cards
    cdef int low = <int>start
    cdef int high = <int>stop
    cdef int64_t[:, :, ::1] counts_view = counts
    cdef uint64_t[:, :, ::1] firsts_view = firsts
    cdef const uint8_t[:, :, ::1] marks_view = marks
    cdef const HoldemTables* t = cy_holdem_tables()
    cdef _Rows out
    out.cards = NULL
    out.rows = 0
    out.room = 0
    out.failed = False
    cdef int8_t[:, ::1] hands_view
    try:
        with nogil:
            _joker_visit(t, size, low, high, &counts_view[0, 0, 0], &firsts_view[0, 0, 0],
                         &marks_view[0, 0, 0], &out)
        if out.failed:
            raise MemoryError("no memory for the wanted sets of cards")
        hands = np.zeros((out.rows, size), dtype=np.int8)
        if out.rows:
            hands_view = hands
            memcpy(&hands_view[0, 0], out.cards, <size_t>(out.rows * size))
    finally:
        free(out.cards)
    return counts, firsts, hands
