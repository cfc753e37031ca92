# cython: language_level=3
"""Showdown kernel with one of the second hand's two cards seen: a first holding of two cards
against a second hand of two cards, one of which (``d``, the card seen) the first holding's
owner knows, over a shared board of five; each hand the best five of its seven cards. No game
and no pay table is named here: the output is counts.

Cards are ints 0..51 = rank * 4 + suit, as everywhere in edge; a deck is given by its ranks
(``ranks``: rank indexes 0 deuce .. 12 ace, every one in all four suits; all 13 by default).
A hand's class is 0 high card .. 9 royal flush (``edge._core.hand_class``); a result is
``q * 3 + k`` as in ``edge.bets._showdown``: ``q`` 1 when the second hand's strength is at
least the threshold (it qualifies), ``k`` the first hand compared with the second (0 lower,
1 equal, 2 higher).

For one board, every pair of two of the cards left is evaluated once, and the pairs are sorted
by strength (a radix sort). The second hands {d, x} of a seen card d are the pairs holding d,
so one sweep of the sorted pairs serves every d: with ``running[c]``, the pairs below the
current strength holding card c, a holding {a, b} of strength s has ``running[d]`` second hands
{d, x} below it, less the pairs {d, a} and {d, b} when they are below s (x is never a or b),
and so for the hands of equal strength and those that do not qualify.
"""

from libc.stdint cimport int64_t, uint16_t, uint64_t
from libc.stdlib cimport free, malloc

from edge.bets._radix cimport radix_sort

import math

import numpy as np

from edge._core cimport HOLDEM_CLASSES, HoldemTables, cy_card_lane, cy_evaluate_lanes, \
    cy_hand_class, cy_holdem_tables

cdef enum:
    RESULTS = 6             # (the second qualifies) * 3 + the comparison
    INDEX_BITS = 11         # a pair's index in the low bits of its sort key (C(47, 2) < 2048)
    MOST_PAIRS = 1128       # C(48, 2): the pairs of the cards off a board of four or more
    MOST_CARDS = 52
BOARD = 5
FEWEST_DEALT = 3            # the board's cards dealt first: 3 to 5
DECIDED_RESULTS = RESULTS


cdef struct Board:
    # per pair of the cards left (by its index in the pass): its two cards' positions, class,
    # strength and sort key
    int first[MOST_PAIRS]
    int second[MOST_PAIRS]
    int klass[MOST_PAIRS]
    int strength[MOST_PAIRS]
    int64_t keys[MOST_PAIRS]
    int64_t spare[MOST_PAIRS]
    # by two positions (position * MOST_CARDS + position): the pair's strength
    int pair_strength[MOST_CARDS * MOST_CARDS]
    int under[MOST_CARDS]       # per position: pairs holding it below the threshold
    int running[MOST_CARDS]     # per position: pairs holding it below the current strength
    int through[MOST_CARDS]     # ... at or below it


cdef void _seen_pass(const HoldemTables* t, uint64_t lanes, const int* rest, int m,
                     const int* off, int offs, const int* dealers, int seen_count,
                     int64_t threshold, const int* pair_index, int pairs_of_rest,
                     int options, const int64_t* nets, const int* order,
                     const int64_t* gain, Board* b, uint16_t* out) noexcept nogil:
    """One whole board: ``lanes`` its five cards, ``rest`` the ``m`` cards off the part dealt
    first, of which the positions ``off`` (``offs`` of them) are on the board too. For each
    holding {a, b} of the cards left and each seen card d of ``dealers`` (positions in
    ``rest``) not in it, the second hands {d, x} by result, given to the option of the
    highest value (the first in ``order`` among equals) at ``out[holding, class, d, option,
    result]`` (holding: its index ``pair_index[a * m + b]`` among the pairs of positions);
    with two options, ``gain``: the second's nets (in ``order``) less the first's."""
    cdef int i, j, p, q, h, count, start, end, a, c, d, e, mine, best, o, r, lower, through
    cdef int unqualified, s, sa, sb, total
    cdef int[MOST_CARDS] left
    cdef int64_t[RESULTS] tally
    cdef int64_t value, top
    cdef const int64_t* net
    cdef uint16_t* row
    cdef int on_board
    cdef int[MOST_CARDS] seen_here   # the seen cards counted that are off this board
    cdef int seen_left = 0
    count = 0
    for i in range(m):
        on_board = 0
        for j in range(offs):
            if off[j] == i:
                on_board = 1
        if not on_board:
            left[count] = i
            count += 1
    total = count - 3           # the second hand's other card: not d, a or b
    for e in range(seen_count):
        on_board = 0
        for j in range(offs):
            if off[j] == dealers[e]:
                on_board = 1
        if not on_board:
            seen_here[seen_left] = dealers[e]
            seen_left += 1
    for i in range(count):
        b.under[left[i]] = 0
        b.running[left[i]] = 0
        b.through[left[i]] = 0
    h = 0
    for i in range(count):
        for j in range(i + 1, count):
            a = left[i]
            c = left[j]
            s = cy_evaluate_lanes(t, lanes | cy_card_lane(t, rest[a]) | cy_card_lane(t, rest[c]))
            b.first[h] = a
            b.second[h] = c
            b.strength[h] = s
            b.klass[h] = cy_hand_class(s)
            b.keys[h] = ((<int64_t>s) << INDEX_BITS) | h
            b.pair_strength[a * MOST_CARDS + c] = s
            b.pair_strength[c * MOST_CARDS + a] = s
            if s < threshold:
                b.under[a] += 1
                b.under[c] += 1
            h += 1
    radix_sort(b.keys, b.spare, h, INDEX_BITS)
    start = 0
    while start < h:
        end = start
        while end < h and (b.keys[end] >> INDEX_BITS) == (b.keys[start] >> INDEX_BITS):
            p = <int>(b.keys[end] & ((1 << INDEX_BITS) - 1))
            b.through[b.first[p]] += 1
            b.through[b.second[p]] += 1
            end += 1
        for q in range(start, end):
            p = <int>(b.keys[q] & ((1 << INDEX_BITS) - 1))
            a = b.first[p]
            c = b.second[p]
            s = b.strength[p]
            mine = b.klass[p]
            for e in range(seen_left):
                d = seen_here[e]
                if d == a or d == c:
                    continue
                sa = b.pair_strength[a * MOST_CARDS + d]
                sb = b.pair_strength[c * MOST_CARDS + d]
                lower = b.running[d] - (sa < s) - (sb < s)
                through = b.through[d] - (sa <= s) - (sb <= s)
                unqualified = b.under[d] - (sa < threshold) - (sb < threshold)
                if s < threshold:       # every second hand below it is below the threshold
                    tally[2] = lower
                    tally[1] = through - lower
                    tally[0] = unqualified - through
                    tally[3] = total - unqualified
                    tally[4] = 0
                    tally[5] = 0
                else:                   # it beats every second hand below the threshold
                    tally[0] = 0
                    tally[1] = 0
                    tally[2] = unqualified
                    tally[5] = lower - unqualified
                    tally[4] = through - lower
                    tally[3] = total - through
                best = order[0]
                top = 0
                if options == 2:
                    net = gain + mine * RESULTS
                    value = 0
                    for r in range(RESULTS):
                        value += tally[r] * net[r]
                    if value > 0:
                        best = order[1]
                elif options > 2:
                    for o in range(options):
                        net = nets + (order[o] * HOLDEM_CLASSES + mine) * RESULTS
                        value = 0
                        for r in range(RESULTS):
                            value += tally[r] * net[r]
                        if o == 0 or value > top:
                            top = value
                            best = order[o]
                row = out + (((<int64_t>pair_index[a * m + c] * HOLDEM_CLASSES + mine) * m
                              + d) * options + best) * RESULTS
                for r in range(RESULTS):
                    row[r] += <uint16_t>tally[r]
        for q in range(start, end):
            p = <int>(b.keys[q] & ((1 << INDEX_BITS) - 1))
            b.running[b.first[p]] = b.through[b.first[p]]
            b.running[b.second[p]] = b.through[b.second[p]]
        start = end


cdef void _sweep(const HoldemTables* t, uint64_t base, int more, const int* rest, int m,
                 const int* dealers, int seen_count, int64_t limit, const int* pair_index,
                 int pairs_of_rest, int options, const int64_t* nets, const int* order,
                 const int64_t* gain, Board* b, uint16_t* out) noexcept nogil:
    """Every completion of the board (``more`` cards to come, 0 to 2, from ``rest``), each
    counted by ``_seen_pass``."""
    cdef uint64_t lanes
    cdef int[2] off
    cdef int i0, i1
    if more == 0:
        _seen_pass(t, base, rest, m, off, 0, dealers, seen_count, limit, pair_index,
                   pairs_of_rest, options, nets, order, gain, b, out)
    elif more == 1:
        for i0 in range(m):
            off[0] = i0
            lanes = base | cy_card_lane(t, rest[i0])
            _seen_pass(t, lanes, rest, m, off, 1, dealers, seen_count, limit, pair_index,
                       pairs_of_rest, options, nets, order, gain, b, out)
    else:
        for i0 in range(m):
            for i1 in range(i0 + 1, m):
                off[0] = i0
                off[1] = i1
                lanes = base | cy_card_lane(t, rest[i0]) | cy_card_lane(t, rest[i1])
                _seen_pass(t, lanes, rest, m, off, 2, dealers, seen_count,
                           limit, pair_index, pairs_of_rest, options, nets,
                           order, gain, b, out)


def _deck(ranks):
    """The cards of a deck of ``ranks`` (each in four suits), checked."""
    given = list(range(13) if ranks is None else ranks)
    chosen = sorted({int(r) for r in given})
    if len(chosen) != len(given) or not all(0 <= r <= 12 for r in chosen):
        raise ValueError(f"ranks must be distinct rank indexes 0..12, not {given!r}")
    return [r * 4 + s for r in chosen for s in range(4)]


def seen_counts(dealt, threshold, nets, order, dealers=None, ranks=None):
    """For the part of a board dealt first (``dealt``, 3 to 5 distinct cards of the deck of
    ``ranks``) and every completion of it to five from the cards left: each first holding
    {a, b} and seen card d of the second hand (none of them on the board), the second hands
    {d, x} (x any other card left) counted by result (see the module), and the option ``o``
    of the highest value ``sum over r of count[r] * nets[o, c, r]`` (``c`` the first hand's
    class; of equal values the first in ``order``) taking them, on each completed board.

    Positions: the cards off ``dealt`` in increasing order (``m`` of them). ``counts[h, c, d,
    o, r]``, a uint16 array of shape (C(m, 2), 10, m, options, 6): ``h`` the holding's index
    among the pairs of positions in the order of ``itertools.combinations``, ``d`` the seen
    card's position (for one holding and board the class is one: the counts a board adds to
    a holding are close together);
    rows where d is in the holding stay 0. ``dealers``: the positions of the seen cards
    counted (all of them by default; others' rows stay 0). Each count is at most C(m - 3,
    more) (m - 5) for ``more`` cards to come, 45,540 for a flop of the whole deck."""
    deck = _deck(ranks)
    chosen = [int(card) for card in dealt]
    if (not FEWEST_DEALT <= len(chosen) <= BOARD or len(set(chosen)) != len(chosen)
            or not set(chosen) <= set(deck)):
        raise ValueError(f"dealt must be {FEWEST_DEALT} to {BOARD} distinct cards of the "
                         f"deck, not {chosen!r}")
    rest_cards = [card for card in deck if card not in chosen]
    cdef int m = len(rest_cards)
    cdef int more = BOARD - len(chosen)
    if m - more < 5:
        raise ValueError(f"a deck of {len(deck)} cards cannot deal the board and both hands")
    table = np.ascontiguousarray(nets, dtype=np.int64)
    ranking = np.ascontiguousarray(order, dtype=np.intc)
    if (table.ndim != 3 or table.shape[1:] != (HOLDEM_CLASSES, RESULTS)
            or table.shape[0] < 1 or sorted(ranking.tolist()) != list(range(table.shape[0]))):
        raise ValueError("nets must have the shape (options, CLASSES, RESULTS) and order every "
                         "option once")
    seen = list(range(m)) if dealers is None else sorted({int(d) for d in dealers})
    if not all(0 <= d < m for d in seen):
        raise ValueError(f"dealers must be positions 0..{m - 1}, not {dealers!r}")
    cdef int options = table.shape[0]
    cdef int pairs_of_rest = m * (m - 1) // 2
    if math.comb(m - 3, more) * (m - 5) > 65535:
        raise ValueError("the counts would not fit in 16 bits")       # never with 52 cards
    counts = np.zeros((pairs_of_rest, HOLDEM_CLASSES, m, options, RESULTS), dtype=np.uint16)
    index = np.zeros((m, m), dtype=np.intc)
    h = 0
    for i in range(m):
        for j in range(i + 1, m):
            index[i, j] = index[j, i] = h
            h += 1
    cdef int[::1] rest = np.array(rest_cards, dtype=np.intc)
    cdef int[::1] pair_index = index.reshape(-1)
    cdef int[::1] dealer_view = np.array(seen + [0], dtype=np.intc)
    cdef int seen_count = len(seen)
    cdef uint16_t[::1] out = counts.reshape(-1)
    cdef int64_t[::1] net_view = table.reshape(-1)
    cdef int64_t[::1] gain = (table[ranking[1]] - table[ranking[0]] if options == 2 else
                              table[0]).reshape(-1).copy()
    cdef int[::1] order_view = ranking
    cdef int64_t limit = <int64_t>threshold
    cdef const HoldemTables* t = cy_holdem_tables()
    cdef uint64_t base = 0
    for card in chosen:
        base |= cy_card_lane(t, card)
    cdef Board* b = <Board*>malloc(sizeof(Board))
    if b == NULL:
        raise MemoryError()
    try:
        with nogil:
            _sweep(t, base, more, &rest[0], m, &dealer_view[0], seen_count, limit,
                   &pair_index[0], pairs_of_rest, options, &net_view[0], &order_view[0],
                   &gain[0], b, &out[0])
    finally:
        free(b)
    return counts
