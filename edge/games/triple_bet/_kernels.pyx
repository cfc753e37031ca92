# cython: language_level=3
# Hybrid Triple Bet kernels (docs/rules.md section 1).
#
# A shoe of D decks holds D copies of each of the 52 card values (value = rank * 4 + suit).
# Cards are dealt in order without replacement, so an ordered deal of values v1, v2, ... has
# weight D * (D - [v2 == v1]) * (D - #{earlier == v3}) * ...: the number of ways to pick those
# physical cards. Summing these weights over all value sequences counts every physical deal of
# distinguishable cards exactly once, so the counts are exact integers.

from libc.stdint cimport int64_t
import numpy as np

from edge._core import names_in_index_order

# Outcome indexes of each wager; the row names below are the only place they are named.
cdef enum:
    FLUSH_PAIR = 0
    FLUSH_HIGH = 1
    FLUSH_LOW = 2
    FLUSH_LOSE = 3

cdef enum:
    SANDWICH_TRIPLE = 0
    SANDWICH_STRAIGHT = 1
    SANDWICH_PLAIN = 2
    SANDWICH_MATCH = 3
    SANDWICH_LOSE = 4

cdef enum:
    BLOCK_ULTIMATE = 0
    BLOCK_PAIR = 1
    BLOCK_FLUSH = 2
    BLOCK_PLAIN = 3
    BLOCK_PUSH = 4
    BLOCK_LOSE = 5


# The rows of each wager in the kernel's index order (a wager's last row, or last two for Block,
# is not in its pay table: lose, and Block's push).
FLUSH_ROWS = names_in_index_order(
    {FLUSH_PAIR: "flush-pair", FLUSH_HIGH: "flush-high", FLUSH_LOW: "flush-low",
     FLUSH_LOSE: "lose"})
SANDWICH_ROWS = names_in_index_order(
    {SANDWICH_TRIPLE: "triple-sandwich",
     SANDWICH_STRAIGHT: "straight-sandwich", SANDWICH_PLAIN: "sandwich",
     SANDWICH_MATCH: "match", SANDWICH_LOSE: "lose"})
BLOCK_ROWS = names_in_index_order(
    {BLOCK_ULTIMATE: "ultimate", BLOCK_PAIR: "pair-block",
     BLOCK_FLUSH: "flush-block", BLOCK_PLAIN: "block", BLOCK_PUSH: "push",
     BLOCK_LOSE: "lose"})

# The counts are exact int64 integers up to this many decks: the largest count, every ordered
# deal of five cards from 52 * D, is 52D (52D - 1) ... (52D - 4), below 2**63 for D <= 119.
MAX_DECKS = 119


def _check_card(name, value):
    if not 0 <= value < 52:
        raise ValueError(f"{name}={value} is not a card value (0..51: rank * 4 + suit).")


def _check_decks(decks):
    if not 1 <= decks <= MAX_DECKS:
        raise ValueError(f"decks={decks} is out of range: the counts are exact for "
                         f"1..{MAX_DECKS} decks.")


cdef inline int cy_flush_outcome(int player, int flop) noexcept nogil:
    """Flush wager: the player's first card against the first flop card."""
    if player % 4 != flop % 4:
        return FLUSH_LOSE
    if player == flop:
        return FLUSH_PAIR
    if player // 4 > flop // 4:
        return FLUSH_HIGH
    return FLUSH_LOW


cdef inline int cy_sandwich_outcome(int first, int second, int middle) noexcept nogil:
    """Sandwich wager: ranks only, ace high; the first matching row wins."""
    cdef int r1 = first // 4
    cdef int r2 = second // 4
    cdef int s = middle // 4
    cdef int low = r1 if r1 < r2 else r2
    cdef int high = r2 if r1 < r2 else r1
    if r1 == r2 and r2 == s:
        return SANDWICH_TRIPLE
    if low < s < high:
        if s == low + 1 and s == high - 1:
            return SANDWICH_STRAIGHT
        return SANDWICH_PLAIN
    if s == r1 or s == r2:
        return SANDWICH_MATCH
    return SANDWICH_LOSE


cdef inline bint cy_blocks(int player, int dealer) noexcept nogil:
    """A player card blocks when it has the dealer card's suit and a higher rank."""
    return player % 4 == dealer % 4 and player // 4 > dealer // 4


cdef inline int cy_block_outcome(int first, int second, int dealer) noexcept nogil:
    """Block wager: the player's two cards against the dealer's card; the first matching row wins."""
    cdef bint block1 = cy_blocks(first, dealer)
    cdef bint block2 = cy_blocks(second, dealer)
    if first == second and block1:
        return BLOCK_ULTIMATE
    if first // 4 == second // 4 and first != second and (block1 or block2):
        return BLOCK_PAIR
    if first % 4 == second % 4 and first // 4 != second // 4 and (block1 or block2):
        return BLOCK_FLUSH
    if block1 or block2:
        return BLOCK_PLAIN
    if first == dealer or second == dealer:
        return BLOCK_PUSH
    return BLOCK_LOSE


def flush_outcome(int player, int flop):
    """Python hook for tests: the Flush outcome index of two card values."""
    _check_card("player", player)
    _check_card("flop", flop)
    return cy_flush_outcome(player, flop)


def sandwich_outcome(int first, int second, int middle):
    """Python hook for tests: the Sandwich outcome index of three card values."""
    _check_card("first", first)
    _check_card("second", second)
    _check_card("middle", middle)
    return cy_sandwich_outcome(first, second, middle)


def block_outcome(int first, int second, int dealer):
    """Python hook for tests: the Block outcome index of three card values."""
    _check_card("first", first)
    _check_card("second", second)
    _check_card("dealer", dealer)
    return cy_block_outcome(first, second, dealer)


def triple_bet_counts(int decks):
    """Weighted counts of every ordered deal for each wager of the Hybrid Triple Bet.

    Returns ``(flush[4], sandwich[5], block[6])`` int64 arrays. Flush counts ordered pairs
    (player card, first flop card); Sandwich (player 1, player 2, second flop card); Block
    (player 1, player 2, dealer card). Cards a wager does not look at are left out: dealt from
    the same shoe they would multiply every count by the same factor. ``decks`` is 1..MAX_DECKS.
    """
    _check_decks(decks)
    flush = np.zeros(4, dtype=np.int64)
    sandwich = np.zeros(5, dtype=np.int64)
    block = np.zeros(6, dtype=np.int64)
    cdef int64_t[::1] f = flush
    cdef int64_t[::1] s = sandwich
    cdef int64_t[::1] b = block
    cdef int a, c, d
    cdef int64_t w1, w2, w3
    with nogil:
        for a in range(52):
            w1 = decks
            for c in range(52):
                w2 = w1 * (decks - (c == a))
                if w2 == 0:
                    continue
                f[cy_flush_outcome(a, c)] += w2
                for d in range(52):
                    w3 = w2 * (decks - (d == a) - (d == c))
                    if w3 <= 0:
                        continue
                    s[cy_sandwich_outcome(a, c, d)] += w3
                    b[cy_block_outcome(a, c, d)] += w3
    return flush, sandwich, block


def triple_bet_joint_counts(int decks):
    """Weighted counts of the three wagers together, indexed ``[flush, sandwich, block]``.

    Every ordered deal of player card 1, first flop card, player card 2, second flop card and
    dealer card (the order they leave the shoe; the order of removal does not change the
    product of weights) is counted with its weight. The dealer card's weight
    ``D - #{earlier cards equal to it}`` is linear in the earlier cards, so the block counts for
    a given pair of player cards are summed once and corrected for the two flop cards: the
    correction never drives a weight below zero because a deal with a card used more than D
    times already has weight zero earlier in the product. ``decks`` is 1..MAX_DECKS.
    """
    _check_decks(decks)
    joint = np.zeros((4, 5, 6), dtype=np.int64)
    cdef int64_t[:, :, ::1] j = joint
    cdef int p1, fl, p2, sm, dl, flush_index, sandwich_index, k
    cdef int64_t w2, w3, w4
    cdef int64_t[6] base
    cdef int64_t[6] weights
    cdef int[52] block_of
    with nogil:
        for p1 in range(52):
            for p2 in range(52):
                w2 = <int64_t>decks * (decks - (p2 == p1))
                if w2 == 0:
                    continue
                for k in range(6):
                    base[k] = 0
                for dl in range(52):
                    block_of[dl] = cy_block_outcome(p1, p2, dl)
                    base[block_of[dl]] += decks - (dl == p1) - (dl == p2)
                for fl in range(52):
                    w3 = w2 * (decks - (fl == p1) - (fl == p2))
                    if w3 <= 0:
                        continue
                    flush_index = cy_flush_outcome(p1, fl)
                    for sm in range(52):
                        w4 = w3 * (decks - (sm == p1) - (sm == p2) - (sm == fl))
                        if w4 <= 0:
                            continue
                        sandwich_index = cy_sandwich_outcome(p1, p2, sm)
                        for k in range(6):
                            weights[k] = base[k]
                        weights[block_of[fl]] -= 1
                        weights[block_of[sm]] -= 1
                        for k in range(6):
                            j[flush_index, sandwich_index, k] += w4 * weights[k]
    return joint
