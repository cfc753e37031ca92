# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""Counting kernel: a player's hand against a dealer's hand with one card face up.

Cards are 0 .. deck - 1; a set of cards is named by its colex index (sum of C(c_i, i + 1)
over its cards in increasing order). No game and no pay table is named here: the output is
counts.

The dealer's hands (every ``d``-card set of the deck) come with a key each: 0 for a hand that
does not qualify, else 1 + its strength (dense, so that keys compare as the hands do). The
player's hand comes with a key on the same scale (1 + its strength). For each player's hand
P and each card u not in P (the dealer's card face up), :func:`upcard_counts` counts the
dealer's hands holding u and no card of P by result: 0 the dealer does not qualify, 1 the
player's key is higher (he wins), 2 equal (a tie), 3 lower (the dealer wins).

The hands are counted by inclusion and exclusion over the player's cards: the hands holding u
and none of P number, summed over the subsets T of P with sign (-1)^|T|, those holding T and u.
For each set S of 1 to d - 1 cards, the keys of the hands holding S are kept sorted (each such
set is held by C(deck - |S|, d - |S|) hands, so the lists sit end to end at S's index times
that length); the hands of S by result are then three binary searches. A set of d cards is
one hand, its own key.
"""

from libc.stdint cimport int64_t, uint16_t

import math

import numpy as np

cdef enum:
    MOST = 8


cdef inline int64_t _search(const uint16_t* keys, int64_t start, int64_t length,
                            int64_t value) noexcept nogil:
    """The first place in keys[start:start + length] (sorted) holding value or more."""
    cdef int64_t low = 0, high = length, middle
    while low < high:
        middle = (low + high) >> 1
        if keys[start + middle] < value:
            low = middle + 1
        else:
            high = middle
    return low


def upcard_counts(int deck, int d, const uint16_t[::1] dealer_keys, const int64_t[::1] order,
                  const int64_t[:, ::1] players, const int64_t[::1] player_keys):
    """``counts[i, j, r]``: for player's hand i (a row of ``players``, cards increasing) and
    the j-th card not in it (increasing) face up, the dealer's hands holding that card and no
    card of the player's by result r (see the module). ``dealer_keys``: every d-card set's key
    by colex index; ``order``: those indexes by increasing key."""
    cdef int n = players.shape[1]
    cdef int64_t hands = dealer_keys.shape[0]
    if d < 1 or d > MOST or n < 1 or n > MOST or n + d > deck or hands != math.comb(deck, d):
        raise ValueError("upcard_counts: bad sizes")
    cdef int64_t[:, ::1] binomial = np.zeros((deck + 1, MOST + 2), dtype=np.int64)
    cdef int a, b
    for a in range(deck + 1):
        for b in range(MOST + 2):
            binomial[a, b] = math.comb(a, b)
    # the sorted keys of the hands holding each set of k cards, k = 1 .. d - 1
    lists = [np.zeros(0, dtype=np.uint16)]
    fills = [np.zeros(0, dtype=np.int64)]
    cdef int k
    for k in range(1, d):
        lists.append(np.zeros(binomial[deck, k] * binomial[deck - k, d - k], dtype=np.uint16))
        fills.append(np.zeros(binomial[deck, k], dtype=np.int64))
    cdef uint16_t* lists_at[MOST]
    cdef int64_t* fills_at[MOST]
    cdef int64_t length[MOST]
    # typed views of each list (held alive by the Python lists above)
    cdef uint16_t[::1] view
    cdef int64_t[::1] fview
    for k in range(1, d):
        view = lists[k]
        fview = fills[k]
        lists_at[k] = &view[0] if view.shape[0] else NULL
        fills_at[k] = &fview[0]
        length[k] = binomial[deck - k, d - k]
    cdef int64_t cards[MOST]
    cdef int64_t h, index, rest, mask, sub, top, count_k, at
    cdef int i, c, size
    with nogil:
        for h in range(hands):
            index = order[h]
            # the cards of the hand of this colex index, highest first
            rest = index
            top = deck
            for c in range(d - 1, -1, -1):
                top -= 1
                while binomial[top, c + 1] > rest:
                    top -= 1
                cards[c] = top
                rest -= binomial[top, c + 1]
            for mask in range(1, (1 << d) - 1):
                sub = 0
                size = 0
                for c in range(d):
                    if mask >> c & 1:
                        size += 1
                        sub += binomial[cards[c], size]
                at = sub * length[size] + fills_at[size][sub]
                lists_at[size][at] = dealer_keys[index]
                fills_at[size][sub] += 1
    cdef int64_t players_count = players.shape[0]
    counts_array = np.zeros((players_count, deck - n, 4), dtype=np.int64)
    cdef int64_t[:, :, ::1] counts = counts_array
    cdef int64_t mine[MOST]
    cdef int64_t chosen[MOST + 1]
    cdef int64_t p, up, key, first, lower, upper, whole, sign, j, set_index
    cdef int picked, place, placed
    with nogil:
        for p in range(players_count):
            key = player_keys[p]
            for c in range(n):
                mine[c] = players[p, c]
            j = 0
            for up in range(deck):
                place = 0
                while place < n and mine[place] != up:
                    place += 1
                if place < n:
                    continue
                for mask in range(0, 1 << n):
                    size = 0
                    for c in range(n):
                        if mask >> c & 1:
                            size += 1
                    if size + 1 > d:
                        continue
                    # the set T + {up}, cards increasing
                    picked = 0
                    placed = 0
                    for c in range(n):
                        if mask >> c & 1:
                            if not placed and up < mine[c]:
                                chosen[picked] = up
                                picked += 1
                                placed = 1
                            chosen[picked] = mine[c]
                            picked += 1
                    if not placed:
                        chosen[picked] = up
                        picked += 1
                    set_index = 0
                    for c in range(picked):
                        set_index += binomial[chosen[c], c + 1]
                    sign = -1 if size & 1 else 1
                    if picked == d:
                        whole = dealer_keys[set_index]
                        if whole == 0:
                            counts[p, j, 0] += sign
                        elif whole < key:
                            counts[p, j, 1] += sign
                        elif whole == key:
                            counts[p, j, 2] += sign
                        else:
                            counts[p, j, 3] += sign
                        continue
                    whole = length[picked]
                    first = set_index * whole
                    lower = _search(lists_at[picked], first, whole, 1)
                    upper = _search(lists_at[picked], first, whole, key)
                    counts[p, j, 0] += sign * lower
                    counts[p, j, 1] += sign * (upper - lower)
                    lower = _search(lists_at[picked], first, whole, key + 1)
                    counts[p, j, 2] += sign * (lower - upper)
                    counts[p, j, 3] += sign * (whole - lower)
                j += 1
    return counts_array
