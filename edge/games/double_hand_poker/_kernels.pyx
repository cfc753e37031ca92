# cython: language_level=3
# Casino Double-Hand Poker kernels (docs/rules.md section 3).
#
# 28 tiles (every pair 1 <= a <= b <= 7), tile index 0..27 in the order 1-1, 1-2, .., 7-7.
# A deal is three tiles; deal index 0..3275 runs over the sorted triples t1 < t2 < t3 in
# lexicographic order (itertools.combinations order). A hand is three numbers; its strength is
# its place 0..83 among the 84 possible hands (weakest first), so comparing two hands is
# comparing two ints. The player wins a hand only when strictly stronger (a copy goes to the
# dealer).
#
# The main count: for every player deal P and every setting (front f, back b) of it, count the
# dealer deals D of three of the other 25 tiles, each set by the house way to (F, B), that
#     win both:  F < f and B < b        lose both:  F >= f and B >= b        push: the rest.
# Rather than loop over the 2,300 dealer deals of each of the 3,276 player deals, the kernel
# counts over all 3,276 three-tile deals with 2-D prefix sums over (F, B) and removes the deals
# that share a tile with P by inclusion-exclusion:
#     disjoint(P) = all - sum_t holding(t) + sum_{t<u} holding(t, u) - [D = P]
# for t, u among P's tiles. "holding(t)" is one prefix table per tile; the deals holding two
# given tiles are the 26 triples {t, u, x}, counted directly. Every term is a count of a set of
# deals, so the result is exact; the tests compare it with a plain loop over every deal pair.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
import numpy as np

cdef enum:
    DH_TILES = 28
    DH_DEALS = 3276          # C(28, 3) deals of three tiles
    DH_HANDS = 84            # hands of three numbers 1..7
    DH_DEALER_DEALS = 2300   # C(25, 3) dealer deals of the other 25 tiles
    DH_EDGE = 85             # prefix tables run over 0..84 on each axis
    DH_MAX_SETTINGS = 10     # a split of six numbers and its complement are one setting
    DH_PAIR_LEVEL = 1        # levels: 0 no pair, 1 pair, 2 straight, 3 three of a kind
    DH_WIN = 0               # count columns: win both, push, lose both
    DH_PUSH = 1
    DH_LOSE = 2

cdef struct DhSettings:
    int count
    int front[DH_MAX_SETTINGS]
    int back[DH_MAX_SETTINGS]

cdef int dh_tile_low[DH_TILES]
cdef int dh_tile_high[DH_TILES]
cdef int dh_deal_tiles[DH_DEALS][3]
cdef int dh_deal_of[DH_TILES][DH_TILES][DH_TILES]   # any order of three different tiles
cdef int dh_rank_of_code[512]                        # sorted numbers a*64 + b*8 + c -> strength
cdef int dh_level_of_rank[DH_HANDS]
cdef int dh_split[10][6]   # the ten 3-subsets of six places that hold place 0, then the rest


cdef int dh_strength_key(int low, int middle, int high) noexcept nogil:
    """A number that orders sorted hands by strength: level first, then ranks as in poker."""
    if low == high:
        return 3 * 4096 + high
    if middle == low + 1 and high == middle + 1:
        return 2 * 4096 + high
    if low == middle:
        return 4096 + low * 8 + high
    if middle == high:
        return 4096 + high * 8 + low
    return high * 64 + middle * 8 + low


cdef int dh_level_of_key(int key) noexcept nogil:
    return key // 4096


cdef void dh_init() noexcept nogil:
    """Fill the lookup tables (tiles, deals, hand strengths, splits) once at import."""
    cdef int a, b, c, a2, b2, c2, t, d, key, rank, n
    cdef int[84] codes
    cdef int[84] keys
    t = 0
    for a in range(1, 8):
        for b in range(a, 8):
            dh_tile_low[t] = a
            dh_tile_high[t] = b
            t += 1
    d = 0
    for a in range(DH_TILES):
        for b in range(a + 1, DH_TILES):
            for c in range(b + 1, DH_TILES):
                dh_deal_tiles[d][0] = a
                dh_deal_tiles[d][1] = b
                dh_deal_tiles[d][2] = c
                dh_deal_of[a][b][c] = d
                dh_deal_of[a][c][b] = d
                dh_deal_of[b][a][c] = d
                dh_deal_of[b][c][a] = d
                dh_deal_of[c][a][b] = d
                dh_deal_of[c][b][a] = d
                d += 1
    n = 0
    for a in range(1, 8):
        for b in range(a, 8):
            for c in range(b, 8):
                codes[n] = a * 64 + b * 8 + c
                keys[n] = dh_strength_key(a, b, c)
                n += 1
    for a in range(512):
        dh_rank_of_code[a] = -1
    for a in range(DH_HANDS):
        rank = 0
        for b in range(DH_HANDS):
            if keys[b] < keys[a]:
                rank += 1
        dh_rank_of_code[codes[a]] = rank
        dh_level_of_rank[rank] = dh_level_of_key(keys[a])
    n = 0
    for a in range(1, 6):
        for b in range(a + 1, 6):
            dh_split[n][0] = 0
            dh_split[n][1] = a
            dh_split[n][2] = b
            t = 3
            for c in range(1, 6):
                if c != a and c != b:
                    dh_split[n][t] = c
                    t += 1
            n += 1


dh_init()

# The index orders the kernels use, exported once for Python (declared in _kernels.pyi).
TILE_COUNT = DH_TILES
DEAL_COUNT = DH_DEALS
DEALER_DEALS = DH_DEALER_DEALS
HAND_COUNT = DH_HANDS
MAX_SETTINGS = DH_MAX_SETTINGS
# tile index -> its two numbers, lower first: 1-1, 1-2, .., 1-7, 2-2, .., 7-7
TILES = tuple((dh_tile_low[t], dh_tile_high[t]) for t in range(DH_TILES))
# hand levels, weakest first (dh_level_of_rank)
NO_PAIR, PAIR, STRAIGHT, THREE_OF_A_KIND = 0, DH_PAIR_LEVEL, 2, 3
LEVELS = ("no pair", "pair", "straight", "three of a kind")
# the main wager's count columns (counts[deal, setting, column]) and the rows of every wager
MAIN_ROWS = tuple(name for _, name in sorted(
    {DH_WIN: "win-both", DH_PUSH: "push", DH_LOSE: "lose-both"}.items()))
LO_HI_ROWS = ("win", "push", "lose-other-player", "lose-dealer", "lose-unexposed")
DICE_ROWS = ("win", "lose-triple", "lose-total")


cdef inline int dh_rank(int x, int y, int z) noexcept nogil:
    """The strength 0..83 of the hand of three numbers, in any order."""
    cdef int swap
    if x > y:
        swap = x; x = y; y = swap
    if y > z:
        swap = y; y = z; z = swap
    if x > y:
        swap = x; x = y; y = swap
    return dh_rank_of_code[x * 64 + y * 8 + z]


cdef void dh_settings(int t1, int t2, int t3, DhSettings* out) noexcept nogil:
    """Every distinct valid setting of a deal, strongest back first, then strongest front."""
    cdef int[6] numbers
    cdef int s, k, first, second, front, back, place
    cdef bint seen
    numbers[0] = dh_tile_low[t1]
    numbers[1] = dh_tile_high[t1]
    numbers[2] = dh_tile_low[t2]
    numbers[3] = dh_tile_high[t2]
    numbers[4] = dh_tile_low[t3]
    numbers[5] = dh_tile_high[t3]
    out.count = 0
    for s in range(10):
        first = dh_rank(numbers[dh_split[s][0]], numbers[dh_split[s][1]], numbers[dh_split[s][2]])
        second = dh_rank(numbers[dh_split[s][3]], numbers[dh_split[s][4]], numbers[dh_split[s][5]])
        front = first if first < second else second
        back = second if first < second else first
        seen = False
        for k in range(out.count):
            if out.front[k] == front and out.back[k] == back:
                seen = True
                break
        if seen:
            continue
        # insertion in canonical order: back descending, then front descending
        place = out.count
        while place > 0 and (out.back[place - 1] < back
                             or (out.back[place - 1] == back and out.front[place - 1] < front)):
            out.front[place] = out.front[place - 1]
            out.back[place] = out.back[place - 1]
            place -= 1
        out.front[place] = front
        out.back[place] = back
        out.count += 1


cdef inline bint dh_house_way_prefers(DhSettings* found, int k, int best) noexcept nogil:
    """Whether the house way prefers setting k to setting best."""
    cdef int level_k = dh_level_of_rank[found.back[k]]
    cdef int level_best = dh_level_of_rank[found.back[best]]
    if level_k != level_best:
        return level_k > level_best
    if found.front[k] != found.front[best]:
        return found.front[k] > found.front[best]
    return found.back[k] > found.back[best]


cdef int dh_house_way_slot(DhSettings* found, int* rule) noexcept nogil:
    """The slot of the house-way setting among a deal's settings; ``rule`` gets 1 or 2.

    Rule 1 keeps the settings whose front hand (so both hands) is a pair or better, if any;
    rule 2 keeps them all. Then: highest back-hand level, strongest front, strongest back.
    """
    cdef int k, best = -1
    cdef bint both_paired = False
    for k in range(found.count):
        if dh_level_of_rank[found.front[k]] >= DH_PAIR_LEVEL:
            both_paired = True
    rule[0] = 1 if both_paired else 2
    for k in range(found.count):
        if both_paired and dh_level_of_rank[found.front[k]] < DH_PAIR_LEVEL:
            continue
        if best < 0 or dh_house_way_prefers(found, k, best):
            best = k
    return best


cdef void dh_prefix_sums(int64_t[:, ::1] table) noexcept nogil:
    """Turn a histogram (shifted by one on each axis) into G[i][j] = #{F < i, B < j}."""
    cdef int i, j
    for i in range(DH_EDGE):
        for j in range(1, DH_EDGE):
            table[i, j] += table[i, j - 1]
    for i in range(1, DH_EDGE):
        for j in range(DH_EDGE):
            table[i, j] += table[i - 1, j]


cdef inline int64_t dh_below(int64_t[:, ::1] g, int f, int b) noexcept nogil:
    """Deals of a prefix table that the setting (f, b) beats in both hands."""
    return g[f, b]


cdef inline int64_t dh_at_or_above(int64_t[:, ::1] g, int f, int b) noexcept nogil:
    """Deals of a prefix table at least as strong as (f, b) in both hands."""
    return g[DH_HANDS, DH_HANDS] - g[f, DH_HANDS] - g[DH_HANDS, b] + g[f, b]


def double_hand_rank(int x, int y, int z):
    """Python hook for tests: the strength 0..83 of the hand of three numbers 1..7."""
    for number in (x, y, z):
        if not 1 <= number <= 7:
            raise ValueError(f"the number {number} is outside 1..7 (hand {x}, {y}, {z})")
    return dh_rank(x, y, z)


def double_hand_level(int rank):
    """Python hook for tests: the level 0..3 of a hand strength 0..83."""
    if not 0 <= rank < DH_HANDS:
        raise ValueError(f"the hand strength {rank} is outside 0..{DH_HANDS - 1}")
    return dh_level_of_rank[rank]


cdef void dh_check_deal(int t1, int t2, int t3) except *:
    for t in (t1, t2, t3):
        if not 0 <= t < DH_TILES:
            raise ValueError(f"the tile {t} is outside 0..{DH_TILES - 1} (deal {t1}, {t2}, {t3})")
    if t1 == t2 or t1 == t3:
        raise ValueError(f"the tile {t1} is dealt twice (deal {t1}, {t2}, {t3}): "
                         "a deal is three different tiles")
    if t2 == t3:
        raise ValueError(f"the tile {t2} is dealt twice (deal {t1}, {t2}, {t3}): "
                         "a deal is three different tiles")


def double_hand_settings(int t1, int t2, int t3):
    """Python hook for tests: the (front, back) strengths of every setting, canonical order."""
    cdef DhSettings found
    dh_check_deal(t1, t2, t3)
    dh_settings(t1, t2, t3, &found)
    return [(found.front[k], found.back[k]) for k in range(found.count)]


def double_hand_house_way(int t1, int t2, int t3):
    """Python hook for tests: ``(front, back, rule)`` of the dealer's house-way setting."""
    cdef DhSettings found
    cdef int rule, slot
    dh_check_deal(t1, t2, t3)
    dh_settings(t1, t2, t3, &found)
    slot = dh_house_way_slot(&found, &rule)
    return found.front[slot], found.back[slot], rule


cdef void dh_dealer_settings(int64_t[:, ::1] dealer_set) noexcept nogil:
    """The dealer's house-way (front, back) strengths of every deal of three tiles."""
    cdef DhSettings found
    cdef int d, slot, rule
    for d in range(DH_DEALS):
        dh_settings(dh_deal_tiles[d][0], dh_deal_tiles[d][1], dh_deal_tiles[d][2], &found)
        slot = dh_house_way_slot(&found, &rule)
        dealer_set[d, 0] = found.front[slot]
        dealer_set[d, 1] = found.back[slot]


def double_hand_counts():
    """Every player deal and setting scored against every house-way dealer deal.

    Returns int64 arrays ``(deals[3276, 3], setting_count[3276], front[3276, 10],
    back[3276, 10], house_slot[3276], counts[3276, 10, 3])``: the tiles of each player deal,
    how many distinct settings it has, their front and back strengths (canonical order,
    -1 past the last), the slot of the deal's own house-way setting, and for each setting the
    number of the 2,300 dealer deals it wins both hands against, pushes, and loses both.
    """
    deals = np.zeros((DH_DEALS, 3), dtype=np.int64)
    setting_count = np.zeros(DH_DEALS, dtype=np.int64)
    front = np.full((DH_DEALS, DH_MAX_SETTINGS), -1, dtype=np.int64)
    back = np.full((DH_DEALS, DH_MAX_SETTINGS), -1, dtype=np.int64)
    house_slot = np.zeros(DH_DEALS, dtype=np.int64)
    counts = np.zeros((DH_DEALS, DH_MAX_SETTINGS, 3), dtype=np.int64)
    every_deal = np.zeros((DH_EDGE, DH_EDGE), dtype=np.int64)
    holding = np.zeros((DH_TILES, DH_EDGE, DH_EDGE), dtype=np.int64)
    dealer = np.zeros((DH_DEALS, 2), dtype=np.int64)
    cdef int64_t[:, ::1] dl = deals
    cdef int64_t[::1] sc = setting_count
    cdef int64_t[:, ::1] fr = front
    cdef int64_t[:, ::1] bk = back
    cdef int64_t[::1] hs = house_slot
    cdef int64_t[:, :, ::1] ct = counts
    cdef int64_t[:, ::1] all_g = every_deal
    cdef int64_t[:, :, ::1] tile_g = holding
    cdef int64_t[:, ::1] dealer_set = dealer
    cdef DhSettings found
    cdef int d, p, k, slot, rule, f, b, i, pair, x, y, z, other
    cdef int[3] tiles
    cdef int64_t win, lose, dealer_front, dealer_back
    with nogil:
        # The dealer's house-way setting of every deal, and the histograms of (F, B) over all
        # deals and over the deals holding each tile, shifted by one for the prefix sums.
        dh_dealer_settings(dealer_set)
        for d in range(DH_DEALS):
            all_g[dealer_set[d, 0] + 1, dealer_set[d, 1] + 1] += 1
            for i in range(3):
                tile_g[dh_deal_tiles[d][i], dealer_set[d, 0] + 1, dealer_set[d, 1] + 1] += 1
        dh_prefix_sums(all_g)
        for i in range(DH_TILES):
            dh_prefix_sums(tile_g[i])
        for p in range(DH_DEALS):
            for i in range(3):
                tiles[i] = dh_deal_tiles[p][i]
                dl[p, i] = tiles[i]
            dh_settings(tiles[0], tiles[1], tiles[2], &found)
            sc[p] = found.count
            hs[p] = dh_house_way_slot(&found, &rule)
            for k in range(found.count):
                f = found.front[k]
                b = found.back[k]
                fr[p, k] = f
                bk[p, k] = b
                win = dh_below(all_g, f, b)
                lose = dh_at_or_above(all_g, f, b)
                for i in range(3):
                    win -= dh_below(tile_g[tiles[i]], f, b)
                    lose -= dh_at_or_above(tile_g[tiles[i]], f, b)
                # deals holding two of the player's tiles are added back; the player's own
                # deal is among them three times and is taken out once more below
                for pair in range(3):
                    x = tiles[0] if pair < 2 else tiles[1]
                    y = tiles[1] if pair == 0 else tiles[2]
                    for z in range(DH_TILES):
                        if z == x or z == y:
                            continue
                        other = dh_deal_of[x][y][z]
                        dealer_front = dealer_set[other, 0]
                        dealer_back = dealer_set[other, 1]
                        win += dealer_front < f and dealer_back < b
                        lose += dealer_front >= f and dealer_back >= b
                dealer_front = dealer_set[p, 0]
                dealer_back = dealer_set[p, 1]
                win -= dealer_front < f and dealer_back < b
                lose -= dealer_front >= f and dealer_back >= b
                ct[p, k, DH_WIN] = win
                ct[p, k, DH_LOSE] = lose
                ct[p, k, DH_PUSH] = DH_DEALER_DEALS - win - lose
    return deals, setting_count, front, back, house_slot, counts


# --- game protection: some of the dealer's tiles seen before the player sets -----------------
#
# The player sees `seen` (1, 2 or 3) of the dealer's three tiles. For a player deal P, the other
# 25 tiles are ranked 0..24 in tile order; a seen set {a < b < c} of those ranks is the bin
# colex(a, b, c) = C(c, 3) + C(b, 2) + C(a, 1) (fewer terms for fewer tiles), so bins run
# 0..C(25, seen) - 1. Each dealer deal D of three of the 25 is counted in the C(3, seen) bins of
# its seen subsets, and every bin holds C(25 - seen, 3 - seen) dealer deals. In each bin the
# player takes the setting of highest value win x win_value - lose x lose_value; a tie keeps the
# deal's `preferred` slot (the unexposed optimal one) if it is among the best, else the first
# best in canonical order.

cdef inline int dh_choose2(int n) noexcept nogil:
    return n * (n - 1) // 2


cdef inline int dh_choose3(int n) noexcept nogil:
    return n * (n - 1) * (n - 2) // 6


cdef int dh_bins(int seen) except -1:
    if not 1 <= seen <= 3:
        raise ValueError(f"seen={seen}: the player sees 1, 2 or 3 of the dealer's tiles")
    return (25, 300, 2300)[seen - 1]


cdef int32_t* dh_bin_buffer(int bins) except NULL:
    """Room for one player deal's counts: ``bins`` x 10 settings (freed by the caller)."""
    cdef int32_t* buffer = <int32_t*> malloc(bins * DH_MAX_SETTINGS * sizeof(int32_t))
    if buffer == NULL:
        raise MemoryError()
    return buffer


cdef void dh_bin_counts(int p, int seen, int bins, int64_t[:, ::1] dealer_set,
                        DhSettings* found, int32_t* bin_win, int32_t* bin_lose) noexcept nogil:
    """Player deal p's settings (``found``) against every dealer deal of the 25 tiles p leaves,
    added into the bins of the dealer deal's seen subsets: ``bin_win[bin * 10 + slot]`` and
    ``bin_lose`` count the deals the setting in ``slot`` wins both / loses both."""
    cdef int i, j, l, d, t, n, k, m, touched
    cdef int[25] others
    cdef int[3] touched_bins
    cdef int64_t dealer_front, dealer_back
    n = 0
    for t in range(DH_TILES):
        if (t != dh_deal_tiles[p][0] and t != dh_deal_tiles[p][1]
                and t != dh_deal_tiles[p][2]):
            others[n] = t
            n += 1
    dh_settings(dh_deal_tiles[p][0], dh_deal_tiles[p][1], dh_deal_tiles[p][2], found)
    memset(bin_win, 0, bins * DH_MAX_SETTINGS * sizeof(int32_t))
    memset(bin_lose, 0, bins * DH_MAX_SETTINGS * sizeof(int32_t))
    for l in range(2, 25):
        for j in range(1, l):
            for i in range(j):
                d = dh_deal_of[others[i]][others[j]][others[l]]
                dealer_front = dealer_set[d, 0]
                dealer_back = dealer_set[d, 1]
                if seen == 1:
                    touched = 3
                    touched_bins[0] = i
                    touched_bins[1] = j
                    touched_bins[2] = l
                elif seen == 2:
                    touched = 3
                    touched_bins[0] = dh_choose2(j) + i
                    touched_bins[1] = dh_choose2(l) + i
                    touched_bins[2] = dh_choose2(l) + j
                else:
                    touched = 1
                    touched_bins[0] = dh_choose3(l) + dh_choose2(j) + i
                for k in range(found.count):
                    if dealer_front < found.front[k] and dealer_back < found.back[k]:
                        for m in range(touched):
                            bin_win[touched_bins[m] * DH_MAX_SETTINGS + k] += 1
                    elif (dealer_front >= found.front[k]
                          and dealer_back >= found.back[k]):
                        for m in range(touched):
                            bin_lose[touched_bins[m] * DH_MAX_SETTINGS + k] += 1


def double_hand_exposed(int seen, int64_t win_value, int64_t lose_value, preferred):
    """Every player deal set knowing ``seen`` (1..3) of the dealer's tiles, bin by bin.

    ``preferred[3276]``: the slot a tie keeps (the unexposed optimal setting). Returns arrays
    ``[3276, C(25, seen)]`` (bins as above): ``chosen`` (int8, the slot set), ``win`` and
    ``lose`` (int16, dealer deals of the bin the chosen setting wins both / loses both), and
    ``preferred_win`` and ``preferred_lose`` (the same for the preferred slot).
    """
    cdef int bins = dh_bins(seen)
    pref = np.ascontiguousarray(preferred, dtype=np.int64)
    if pref.shape[0] != DH_DEALS:
        raise ValueError(f"preferred has {pref.shape[0]} slots; give one per player deal")
    chosen = np.zeros((DH_DEALS, bins), dtype=np.int8)
    win = np.zeros((DH_DEALS, bins), dtype=np.int16)
    lose = np.zeros((DH_DEALS, bins), dtype=np.int16)
    pref_win = np.zeros((DH_DEALS, bins), dtype=np.int16)
    pref_lose = np.zeros((DH_DEALS, bins), dtype=np.int16)
    dealer = np.zeros((DH_DEALS, 2), dtype=np.int64)
    cdef int64_t[::1] pf = pref
    cdef int8_t[:, ::1] ch = chosen
    cdef int16_t[:, ::1] wn = win
    cdef int16_t[:, ::1] ls = lose
    cdef int16_t[:, ::1] pw = pref_win
    cdef int16_t[:, ::1] pl = pref_lose
    cdef int64_t[:, ::1] dealer_set = dealer
    cdef DhSettings found
    cdef int p, k, best, bin, keep, bad = -1
    cdef int64_t value, best_value
    cdef int32_t* bin_win = dh_bin_buffer(bins)
    cdef int32_t* bin_lose = NULL
    try:
        bin_lose = dh_bin_buffer(bins)
        with nogil:
            dh_dealer_settings(dealer_set)
            for p in range(DH_DEALS):
                dh_bin_counts(p, seen, bins, dealer_set, &found, bin_win, bin_lose)
                keep = <int> pf[p]
                if keep < 0 or keep >= found.count:
                    bad = p
                    break
                for bin in range(bins):
                    best = keep
                    best_value = (bin_win[bin * DH_MAX_SETTINGS + keep] * win_value
                                  - bin_lose[bin * DH_MAX_SETTINGS + keep] * lose_value)
                    for k in range(found.count):
                        value = (bin_win[bin * DH_MAX_SETTINGS + k] * win_value
                                 - bin_lose[bin * DH_MAX_SETTINGS + k] * lose_value)
                        if value > best_value:   # a tie keeps the preferred, else the first
                            best = k
                            best_value = value
                    ch[p, bin] = best
                    wn[p, bin] = bin_win[bin * DH_MAX_SETTINGS + best]
                    ls[p, bin] = bin_lose[bin * DH_MAX_SETTINGS + best]
                    pw[p, bin] = bin_win[bin * DH_MAX_SETTINGS + keep]
                    pl[p, bin] = bin_lose[bin * DH_MAX_SETTINGS + keep]
    finally:
        free(bin_win)
        free(bin_lose)
    if bad >= 0:
        raise ValueError(f"preferred[{bad}] = {pref[bad]} is not a slot of that deal's settings")
    return chosen, win, lose, pref_win, pref_lose


def double_hand_exposed_slots(int seen, int first, int last):
    """Every setting of the player deals ``first..last - 1`` against the dealer deals of each
    bin (``seen`` of the dealer's tiles seen, bins as above): int16 arrays ``win`` and
    ``lose`` ``[last - first, C(25, seen), 10]`` (slots past a deal's last setting: 0), the
    bin's dealer deals each setting wins both / loses both. A player who sets by a rule of
    what he sees is scored from them (the rule's slot of each bin)."""
    cdef int bins = dh_bins(seen)
    if not 0 <= first <= last <= DH_DEALS:
        raise ValueError(f"deals {first}..{last}: give 0 <= first <= last <= {DH_DEALS}")
    win = np.zeros((last - first, bins, DH_MAX_SETTINGS), dtype=np.int16)
    lose = np.zeros((last - first, bins, DH_MAX_SETTINGS), dtype=np.int16)
    dealer = np.zeros((DH_DEALS, 2), dtype=np.int64)
    cdef int16_t[:, :, ::1] wn = win
    cdef int16_t[:, :, ::1] ls = lose
    cdef int64_t[:, ::1] dealer_set = dealer
    cdef DhSettings found
    cdef int p, k, bin
    cdef int32_t* bin_win = dh_bin_buffer(bins)
    cdef int32_t* bin_lose = NULL
    try:
        bin_lose = dh_bin_buffer(bins)
        with nogil:
            dh_dealer_settings(dealer_set)
            for p in range(first, last):
                dh_bin_counts(p, seen, bins, dealer_set, &found, bin_win, bin_lose)
                for bin in range(bins):
                    for k in range(found.count):
                        wn[p - first, bin, k] = bin_win[bin * DH_MAX_SETTINGS + k]
                        ls[p - first, bin, k] = bin_lose[bin * DH_MAX_SETTINGS + k]
    finally:
        free(bin_win)
        free(bin_lose)
    return win, lose
