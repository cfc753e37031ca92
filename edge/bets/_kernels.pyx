# cython: language_level=3
"""Bet-file kernels: the best-five classes of every 5-, 6- or 7-card set, counted by the few
cards of it a bet file also looks at apart (:mod:`edge.bets.classes`).

Cards are ints 0..51 = rank * 4 + suit, as everywhere in edge. No pay tables, no fractions.
"""

from libc.stdint cimport int64_t, uint64_t

import numpy as np

from edge._core cimport HOLDEM_CLASSES, HoldemTables, cy_evaluate_lanes, cy_hand_class, \
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
