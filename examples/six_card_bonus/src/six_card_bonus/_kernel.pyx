# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The 6-Card Bonus kernel: every six-card set of a deck, counted by best five-card class.

Written against edge's public evaluator declarations (edge/_core.pxd, found through
``edge.get_include()``, see setup.py): ``cy_evaluate_mask`` gives the strength of the best five
of the six cards and ``cy_hand_class`` its class, with the lookup tables edge._core filled at
its import (``cy_holdem_tables``).
"""

from libc.stdint cimport int64_t, uint64_t

from edge._core cimport (
    HOLDEM_CLASSES,
    HoldemTables,
    cy_evaluate_mask,
    cy_hand_class,
    cy_holdem_tables,
)

cdef const HoldemTables* TABLES = cy_holdem_tables()


def class_counts(cards):
    """How many six-card subsets of ``cards`` (distinct cards 0..51) have each best five-card
    class, by index 0 high card .. 8 straight flush, 9 royal flush (a tuple of 10 ints)."""
    cdef uint64_t bit[52]
    cdef int64_t counts[HOLDEM_CLASSES]
    cdef int n = 0, a, b, c, d, e, f, i
    cdef uint64_t ma, mb, mc, md, me
    seen = set()
    for card in cards:
        if not 0 <= card < 52 or card in seen:
            raise ValueError(f"cards must be distinct ints 0..51; got {card!r}")
        seen.add(card)
        bit[n] = (<uint64_t>1) << <int>card
        n += 1
    for i in range(HOLDEM_CLASSES):
        counts[i] = 0
    with nogil:
        for a in range(n - 5):
            ma = bit[a]
            for b in range(a + 1, n - 4):
                mb = ma | bit[b]
                for c in range(b + 1, n - 3):
                    mc = mb | bit[c]
                    for d in range(c + 1, n - 2):
                        md = mc | bit[d]
                        for e in range(d + 1, n - 1):
                            me = md | bit[e]
                            for f in range(e + 1, n):
                                counts[cy_hand_class(cy_evaluate_mask(TABLES, me | bit[f]))] += 1
    return tuple(int(counts[i]) for i in range(HOLDEM_CLASSES))
