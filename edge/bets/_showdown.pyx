# cython: language_level=3
"""Showdown kernel: two 2-card holdings against each other over a shared board of 3 to 5 cards
(5 unless told), each hand the best five of its cards, every deal of one deck counted by board.

Cards are ints 0..51 = rank * 4 + suit, as everywhere in edge; a deck is given by its ranks
(``ranks``: rank indexes 0 deuce .. 12 ace, every one in all four suits; all 13 by default, a
smaller deck for tests). No game and no pay table is named here: the output is counts.

Codes used in the outputs:

* a hand's class: 0 high card .. 8 straight flush, 9 royal flush (``edge._core.hand_class``);
* a comparison of the first holding's hand with the second's: 0 lower (the first loses),
  1 equal (a tie), 2 higher (the first wins), by the full strength (kickers too).

:func:`holding_counts` gives, for one board, each holding the first place can hold (two of the
cards left), its class, and how many holdings of the second place (two more of the cards left,
none shared) fall in each (class of the second, comparison): the counts of the other hand's
outcomes for one information state (board and own cards), as a game with decisions needs them.

:func:`showdown_counts` adds those up over every board: ``counts[a, b, k]`` is the number of
deals (a set of s board cards, a set of two cards for each place) where the first place's
class is a, the second's b and the comparison k, C(n, s) C(n - s, 2) C(n - s - 2, 2) in all
for a deck of n cards. Boards are visited one per class of boards equal up to a renaming of suits
(a board whose four suits' rank masks are in non-increasing order), weighted by how many boards
the renamings give; ``examples[a, b, k]`` holds one board and first holding of each (a, b, k)
found (s + 2 cards, the board's first, -1 where there is none), to be completed by the caller
with a second holding.

For each board the C(m, 2) holdings of the m cards left are evaluated once, sorted by strength
(a radix sort), and the pairs of disjoint holdings counted by inclusion and exclusion over the
cards they share: for a first holding {x, y}, the second holdings of a class (or below, or
equal in strength) number those of all holdings, less those holding x, less those holding y,
plus the one holding both ({x, y} itself). Summed over the first holdings of a class, the
pairs of two classes need only each card's count of holdings of each class; the holdings' own
counts of higher and equal hands are needed for the pairs within one class only.
"""

from libc.stdint cimport int64_t, uint64_t

from edge.bets._radix cimport radix_sort

import numpy as np

from edge._core cimport HOLDEM_CLASSES, HoldemTables, cy_evaluate_lanes, cy_hand_class, \
    cy_holdem_tables

# comparisons of the first hand with the second
LOWER = 0
EQUAL = 1
HIGHER = 2
COMPARISONS = 3
CLASSES = HOLDEM_CLASSES
# a board of 3 to 5 cards (each hand the best five of 5 to 7 cards); 5 unless told
FEWEST_BOARD = 3
MOST_BOARD = 5
# a holding's index fits in the low bits of its sort key (at most C(47, 2) = 1081 holdings)
cdef int INDEX_BITS = 11
cdef int64_t INDEX_MASK = (1 << 11) - 1
cdef int MOST_HOLDINGS = 1081
cdef enum:
    SPLIT_RESULTS = 6
    MOST_OPTIONS = 16

include "_holdem_rules.pxi"
# the results of a decided count: (the second qualifies) * 3 + the comparison
DECIDED_RESULTS = SPLIT_RESULTS


cdef struct Work:
    # per holding (by index): its two cards, class, strength rank counts
    int* first
    int* second
    int* klass
    int64_t* keys
    int64_t* spare       # room for the sort
    int* below          # holdings of lower strength
    int* below_x        # of those, holding the first card
    int* below_y        # ... the second card
    int* equal          # holdings of equal strength (itself included)
    int* equal_x
    int* equal_y
    # per card: holdings seen so far holding it; holdings of each class holding it
    int* running
    int* card_class     # [52][CLASSES]
    int* totals         # [CLASSES]


cdef void _tally(Work* w, int holdings, int64_t* tally) noexcept nogil:
    """Add one board's pairs of disjoint holdings to ``tally`` by (first class, second class,
    comparison), summed by class rather than holding by holding: the pairs of classes a and
    b number T_a T_b less the sum over cards of (a-holdings holding it)(b-holdings holding
    it), plus T_a when a = b (each holding, taken away twice with itself); only a pair of one
    class needs the holdings' own counts of higher and equal hands."""
    cdef int h, a, b, card, x, y, mine, start_of
    cdef int64_t pairs
    cdef int[HOLDEM_CLASSES + 1] starts
    cdef int64_t[HOLDEM_CLASSES] higher
    cdef int64_t[HOLDEM_CLASSES] ties
    cdef int[52 * (HOLDEM_CLASSES + 1)] before     # a card's holdings of lower classes
    starts[0] = 0
    for a in range(HOLDEM_CLASSES):
        starts[a + 1] = starts[a] + w.totals[a]
        higher[a] = 0
        ties[a] = 0
    for card in range(52):
        before[card * (HOLDEM_CLASSES + 1)] = 0
        for a in range(HOLDEM_CLASSES):
            before[card * (HOLDEM_CLASSES + 1) + a + 1] = (
                before[card * (HOLDEM_CLASSES + 1) + a]
                + w.card_class[card * HOLDEM_CLASSES + a])
    for h in range(holdings):
        mine = w.klass[h]
        x = w.first[h] * (HOLDEM_CLASSES + 1) + mine
        y = w.second[h] * (HOLDEM_CLASSES + 1) + mine
        start_of = starts[mine]
        higher[mine] += ((w.below[h] - start_of) - (w.below_x[h] - before[x])
                         - (w.below_y[h] - before[y]))
        ties[mine] += w.equal[h] - w.equal_x[h] - w.equal_y[h] + 1
    for a in range(HOLDEM_CLASSES):
        if w.totals[a] == 0:
            continue
        for b in range(HOLDEM_CLASSES):
            if w.totals[b] == 0:
                continue
            pairs = <int64_t>w.totals[a] * w.totals[b]
            for card in range(52):
                pairs -= (<int64_t>w.card_class[card * HOLDEM_CLASSES + a]
                          * w.card_class[card * HOLDEM_CLASSES + b])
            if a > b:
                tally[(a * HOLDEM_CLASSES + b) * 3 + 2] += pairs
            elif a < b:
                tally[(a * HOLDEM_CLASSES + b) * 3] += pairs
            else:
                pairs += w.totals[a]
                tally[(a * HOLDEM_CLASSES + a) * 3 + 2] += higher[a]
                tally[(a * HOLDEM_CLASSES + a) * 3 + 1] += ties[a]
                tally[(a * HOLDEM_CLASSES + a) * 3] += pairs - higher[a] - ties[a]


cdef int _board_pass(const HoldemTables* t, const int* board, int board_cards,
                     const int* left, int size, Work* w, int64_t* out,
                     int64_t* tally) noexcept nogil:
    """Count one board of ``board_cards`` cards: ``left`` holds the ``size`` cards not on the board; ``out`` (unless
    NULL) gets, for each holding (a row of CLASSES * COMPARISONS), the second holdings by
    (class, comparison); ``tally`` (unless NULL) adds them up by (first class, second class,
    comparison). Returns the number of holdings."""
    cdef uint64_t lanes = 0
    cdef int i, j, h, c, q, start, end, x, y, mine
    cdef int holdings = 0
    cdef int64_t strength
    cdef int cum, cum_x, cum_y, disjoint, higher, ties
    for i in range(board_cards):
        lanes |= t.lane[board[i]]
    for c in range(52):
        w.running[c] = 0
    for c in range(52 * HOLDEM_CLASSES):
        w.card_class[c] = 0
    for c in range(HOLDEM_CLASSES):
        w.totals[c] = 0
    for i in range(size):
        for j in range(i + 1, size):
            h = holdings
            w.first[h] = left[i]
            w.second[h] = left[j]
            strength = cy_evaluate_lanes(t, lanes | t.lane[left[i]] | t.lane[left[j]])
            c = cy_hand_class(<int>strength)
            w.klass[h] = c
            w.keys[h] = (strength << INDEX_BITS) | h
            w.totals[c] += 1
            w.card_class[left[i] * HOLDEM_CLASSES + c] += 1
            w.card_class[left[j] * HOLDEM_CLASSES + c] += 1
            holdings += 1
    radix_sort(w.keys, w.spare, holdings, INDEX_BITS)
    start = 0
    while start < holdings:
        strength = w.keys[start] >> INDEX_BITS
        end = start + 1
        while end < holdings and (w.keys[end] >> INDEX_BITS) == strength:
            end += 1
        for q in range(start, end):
            h = <int>(w.keys[q] & INDEX_MASK)
            w.below[h] = start
            w.below_x[h] = w.running[w.first[h]]
            w.below_y[h] = w.running[w.second[h]]
        for q in range(start, end):
            h = <int>(w.keys[q] & INDEX_MASK)
            w.running[w.first[h]] += 1
            w.running[w.second[h]] += 1
        for q in range(start, end):
            h = <int>(w.keys[q] & INDEX_MASK)
            w.equal[h] = end - start
            w.equal_x[h] = w.running[w.first[h]] - w.below_x[h]
            w.equal_y[h] = w.running[w.second[h]] - w.below_y[h]
        start = end
    if tally != NULL:
        _tally(w, holdings, tally)
    if out == NULL:
        return holdings
    for h in range(holdings):
        x = w.first[h] * HOLDEM_CLASSES
        y = w.second[h] * HOLDEM_CLASSES
        mine = w.klass[h]
        cum = 0
        cum_x = 0
        cum_y = 0
        for c in range(HOLDEM_CLASSES):
            q = (h * HOLDEM_CLASSES + c) * 3
            out[q] = 0
            out[q + 1] = 0
            out[q + 2] = 0
            disjoint = w.totals[c] - w.card_class[x + c] - w.card_class[y + c]
            if c < mine:
                out[q + 2] = disjoint
                cum += w.totals[c]
                cum_x += w.card_class[x + c]
                cum_y += w.card_class[y + c]
            elif c > mine:
                out[q] = disjoint
            else:
                disjoint += 1                      # {x, y} itself, taken away twice
                higher = (w.below[h] - cum) - (w.below_x[h] - cum_x) - (w.below_y[h] - cum_y)
                ties = w.equal[h] - w.equal_x[h] - w.equal_y[h] + 1
                out[q + 2] = higher
                out[q + 1] = ties
                out[q] = disjoint - higher - ties
    return holdings


def _deck(ranks, board_cards):
    """The cards of a deck of ``ranks`` (each in four suits), checked, and the board's size."""
    if isinstance(board_cards, bool) or not isinstance(board_cards, (int, np.integer)) \
            or not FEWEST_BOARD <= board_cards <= MOST_BOARD:
        raise ValueError(f"a board is {FEWEST_BOARD} to {MOST_BOARD} cards, not "
                         f"{board_cards!r}")
    given = list(range(13) if ranks is None else ranks)
    chosen = sorted({int(r) for r in given})
    if len(chosen) != len(given) or not all(0 <= r <= 12 for r in chosen):
        raise ValueError(f"ranks must be distinct rank indexes 0..12, not {given!r}")
    cards = np.array([r * 4 + s for r in chosen for s in range(4)], dtype=np.intc)
    if len(cards) < board_cards + 4:
        raise ValueError(f"a deck of {len(cards)} cards cannot deal a board and two holdings")
    return cards


cdef Work _work(dict keep, int holdings):
    """Scratch arrays for one board (kept alive by ``keep``)."""
    cdef Work w
    cdef int[::1] view
    cdef int64_t[::1] keys
    for name, length in (("first", holdings), ("second", holdings), ("klass", holdings),
                         ("below", holdings), ("below_x", holdings), ("below_y", holdings),
                         ("equal", holdings), ("equal_x", holdings), ("equal_y", holdings),
                         ("running", 52), ("card_class", 52 * HOLDEM_CLASSES),
                         ("totals", HOLDEM_CLASSES)):
        keep[name] = np.zeros(max(length, 1), dtype=np.intc)
    keep["keys"] = np.zeros(max(holdings, 1), dtype=np.int64)
    keep["spare"] = np.zeros(max(holdings, 1), dtype=np.int64)
    view = keep["first"]; w.first = &view[0]
    view = keep["second"]; w.second = &view[0]
    view = keep["klass"]; w.klass = &view[0]
    view = keep["below"]; w.below = &view[0]
    view = keep["below_x"]; w.below_x = &view[0]
    view = keep["below_y"]; w.below_y = &view[0]
    view = keep["equal"]; w.equal = &view[0]
    view = keep["equal_x"]; w.equal_x = &view[0]
    view = keep["equal_y"]; w.equal_y = &view[0]
    view = keep["running"]; w.running = &view[0]
    view = keep["card_class"]; w.card_class = &view[0]
    view = keep["totals"]; w.totals = &view[0]
    keys = keep["keys"]; w.keys = &keys[0]
    keys = keep["spare"]; w.spare = &keys[0]
    return w


def holding_counts(board, ranks=None):
    """For one board (three to five distinct cards of the deck of ``ranks``): every holding of
    two of the cards left (rows of two cards, increasing), its class, and ``counts[h, b, k]``,
    the second holdings (two more cards, none shared) of class b whose hand compares k with it
    (see the module for the codes)."""
    chosen = [int(card) for card in board]
    cards = _deck(ranks, len(chosen) if FEWEST_BOARD <= len(chosen) <= MOST_BOARD else
                  MOST_BOARD)
    if (not FEWEST_BOARD <= len(chosen) <= MOST_BOARD or len(set(chosen)) != len(chosen)
            or not set(chosen) <= set(cards.tolist())):
        raise ValueError(f"board must be {FEWEST_BOARD} to {MOST_BOARD} distinct cards of the "
                         f"deck, not {chosen!r}")
    left_cards = np.array([card for card in cards.tolist() if card not in chosen], dtype=np.intc)
    cdef int size = len(left_cards)
    cdef int holdings = size * (size - 1) // 2
    cdef int board_cards = len(chosen)
    keep = {}
    cdef Work w = _work(keep, holdings)
    counts = np.zeros((holdings, HOLDEM_CLASSES, 3), dtype=np.int64)
    cdef int64_t[:, :, ::1] out = counts
    cdef int[::1] board_view = np.array(chosen, dtype=np.intc)
    cdef int[::1] left_view = left_cards
    cdef const HoldemTables* t = cy_holdem_tables()
    with nogil:
        _board_pass(t, &board_view[0], board_cards, &left_view[0], size, &w, &out[0, 0, 0],
                    NULL)
    pairs = np.stack([keep["first"][:holdings], keep["second"][:holdings]], axis=1)
    return pairs.astype(np.int64), keep["klass"][:holdings].astype(np.int64), counts


def showdown_counts(ranks=None, start=0, stop=None, into=None, board_cards=5):
    """Every deal of a board of ``board_cards`` cards (3 to 5) and two holdings from the deck
    of ``ranks`` counted by (first class, second class, comparison), with one board and first
    holding of each (see the module): ``(counts, examples)``, arrays of shape (10, 10, 3) and
    (10, 10, 3, board_cards + 2).

    ``start`` and ``stop`` limit the boards to those whose lowest card is at those positions
    of the deck (0 to its size), added to ``into`` (a pair this function returned): the
    ranges taken in order, in parts, give what one call gives (for a progress bar)."""
    cards = _deck(ranks, board_cards)
    cdef int n = len(cards)
    cdef int k = <int>board_cards
    if stop is None:
        stop = n
    if any(isinstance(end, bool) or not isinstance(end, (int, np.integer))
           for end in (start, stop)) or not 0 <= start <= stop <= n:
        raise ValueError(f"start and stop must be 0 <= start <= stop <= {n}, not {start!r} "
                         f"and {stop!r}")
    shape = (HOLDEM_CLASSES, HOLDEM_CLASSES, 3)
    if into is None:
        counts = np.zeros(shape, dtype=np.int64)
        examples = np.full((*shape, k + 2), -1, dtype=np.intc)
    else:
        counts, examples = into
        if (not isinstance(counts, np.ndarray) or counts.shape != shape
                or counts.dtype != np.int64 or not isinstance(examples, np.ndarray)
                or examples.shape != (*shape, k + 2) or examples.dtype != np.intc):
            raise ValueError("into must be the two arrays this function returns, for a board "
                             f"of {k} cards")
    cdef int size = n - k
    cdef int holdings = size * (size - 1) // 2
    keep = {}
    cdef Work w = _work(keep, holdings)
    per_holding = np.zeros((holdings, HOLDEM_CLASSES, 3), dtype=np.int64)
    cdef int64_t[:, :, ::1] one = per_holding
    cdef int64_t[:, :, ::1] total = counts
    cdef int[:, :, :, ::1] first = examples
    cdef int[::1] deck = cards
    left_cards = np.zeros(size, dtype=np.intc)
    cdef int[::1] left = left_cards
    cdef int[5] board
    cdef int[5] at
    cdef int[4] masks
    cdef int low = <int>start
    cdef int high = <int>min(stop, n - k + 1)
    cdef int i, j, m, h, mine, copies, weight, missing, cell
    cdef int64_t[300] local
    cdef const HoldemTables* t = cy_holdem_tables()
    if low >= high:
        return counts, examples
    for i in range(k):
        at[i] = low + i
    with nogil:
        while True:
            masks[0] = 0; masks[1] = 0; masks[2] = 0; masks[3] = 0
            for i in range(k):
                board[i] = deck[at[i]]
                masks[board[i] & 3] |= 1 << (board[i] >> 2)
            # one board for each renaming of suits: its suits' rank masks in order
            if masks[0] >= masks[1] >= masks[2] >= masks[3]:
                # the boards it stands for: 4! over the orders of equal masks
                weight = 24
                i = 0
                while i < 4:
                    j = i
                    while j < 4 and masks[j] == masks[i]:
                        j += 1
                    copies = j - i
                    weight //= 1 if copies == 1 else 2 if copies == 2 else \
                        6 if copies == 3 else 24
                    i = j
                m = 0
                j = 0
                for i in range(n):
                    if j < k and at[j] == i:
                        j += 1
                    else:
                        left[m] = deck[i]
                        m += 1
                for cell in range(HOLDEM_CLASSES * HOLDEM_CLASSES * 3):
                    local[cell] = 0
                _board_pass(t, board, k, &left[0], size, &w, NULL, &local[0])
                missing = 0
                for cell in range(HOLDEM_CLASSES * HOLDEM_CLASSES * 3):
                    total[cell // 30, (cell // 3) % 10, cell % 3] += local[cell] * weight
                    if local[cell] and first[cell // 30, (cell // 3) % 10, cell % 3, 0] < 0:
                        missing = 1
                if missing:        # a first example of some cell: which holding
                    _board_pass(t, board, k, &left[0], size, &w, &one[0, 0, 0], NULL)
                    for h in range(holdings):
                        mine = w.klass[h]
                        for cell in range(HOLDEM_CLASSES * 3):
                            if one[h, cell // 3, cell % 3] and first[
                                    mine, cell // 3, cell % 3, 0] < 0:
                                for i in range(k):
                                    first[mine, cell // 3, cell % 3, i] = board[i]
                                first[mine, cell // 3, cell % 3, k] = w.first[h]
                                first[mine, cell // 3, cell % 3, k + 1] = w.second[h]
            # the next board in increasing order, while its lowest card is below ``high``
            i = k - 1
            while i >= 0 and at[i] == n - k + i:
                i -= 1
            if i < 0:
                break
            at[i] += 1
            for j in range(i + 1, k):
                at[j] = at[j - 1] + 1
            if at[0] >= high:
                break
    return counts, examples


cdef void _decided_pass(Work* w, int holdings, int64_t threshold, int total, int options,
                        const int64_t* nets, const int* order, int64_t* out,
                        signed char* taken, const RuleProgram* program=NULL,
                        const RiverBoard* river=NULL, int64_t* rule_out=NULL,
                        int64_t* lost=NULL, int64_t* cells=NULL,
                        int64_t cell_weight=0) noexcept nogil:
    """After ``_board_pass`` on one board: each holding's second holdings (none shared) by
    result ``q * 3 + k`` (``q`` 1 when the second's strength is at least ``threshold``, ``k``
    the comparison of the first's hand with the second's), then the option of the highest
    value ``sum(count[r] * nets[o, class, r])`` (the first in ``order`` among equals) gets
    them, added to ``out`` (a row of options * CLASSES * SPLIT_RESULTS per pair of cards,
    indexed ``first * 52 + second``) unless it is NULL; ``taken`` (unless NULL) gets the
    option, at ``first * 52 + second``.

    With a rule ``program`` (and the ``river`` board's features), the option the rules take
    gets them too, added to ``rule_out`` (laid out as ``out``); ``lost`` (rules + 1
    pairs per pair of cards) gets, by the deciding rule (program.rules: none), the value of
    the highest option less that of the rules' one, and the second holdings where the two
    options differ; ``taken`` then gets the rules' option.

    With ``cells`` (and the ``river`` board's features), each state is summed by its cell
    (:func:`_river_cell`): ``cell_weight`` times each option's value, and times the second
    holdings at the option of the highest value."""
    cdef int h, q, x, y, o, r, best, mine, unq, lower, ties, chosen, rule, cell
    cdef int[RULE_FEATURES] v
    cdef int64_t[MOST_OPTIONS] worth
    cdef int strength[1081]
    cdef int unqualified = 0
    cdef int[52] under        # per card: holdings below the threshold holding it
    cdef int64_t[SPLIT_RESULTS] count
    cdef int64_t value, top
    cdef const int64_t* net
    cdef int64_t* row
    for x in range(52):
        under[x] = 0
    if program != NULL or cells != NULL:
        for q in range(holdings):
            strength[w.keys[q] & INDEX_MASK] = <int>(w.keys[q] >> INDEX_BITS)
    for q in range(holdings):
        h = <int>(w.keys[q] & INDEX_MASK)
        if (w.keys[q] >> INDEX_BITS) >= threshold:
            break
        unqualified += 1
        under[w.first[h]] += 1
        under[w.second[h]] += 1
    for h in range(holdings):
        x = w.first[h]
        y = w.second[h]
        mine = w.klass[h]
        unq = unqualified - under[x] - under[y]
        lower = w.below[h] - w.below_x[h] - w.below_y[h]
        ties = w.equal[h] - w.equal_x[h] - w.equal_y[h] + 1
        for r in range(SPLIT_RESULTS):
            count[r] = 0
        if w.below[h] < unqualified:       # the holding itself is below the threshold
            unq += 1
            count[2] = lower                       # every second holding below it is too
            count[1] = ties
            count[0] = unq - lower - ties
            count[3] = total - unq                 # every qualifying hand is above it
        else:
            count[2] = unq                         # it beats every unqualified hand
            count[5] = lower - unq
            count[4] = ties
            count[3] = total - lower - ties
        best = order[0]
        top = 0
        for o in range(options):
            net = nets + (order[o] * HOLDEM_CLASSES + mine) * SPLIT_RESULTS
            value = 0
            for r in range(SPLIT_RESULTS):
                value += count[r] * net[r]
            worth[order[o]] = value
            if o == 0 or value > top:
                top = value
                best = order[o]
        if cells != NULL:
            cell = _river_cell(x, y, mine, strength[h], river, v)
            row = cells + cell * options * 2
            for o in range(options):
                row[o * 2] += cell_weight * worth[o]
            row[best * 2 + 1] += cell_weight * total
        if program != NULL:
            chosen = _rule_decide(program, x, y, mine, strength[h], river, &rule)
            if rule_out != NULL:
                row = rule_out + (((x * 52 + y) * options + chosen) * HOLDEM_CLASSES
                                  + mine) * SPLIT_RESULTS
                for r in range(SPLIT_RESULTS):
                    row[r] += count[r]
            if lost != NULL:
                lost[((x * 52 + y) * (program.rules + 1) + rule) * 2] += top - worth[chosen]
                if chosen != best:
                    lost[((x * 52 + y) * (program.rules + 1) + rule) * 2 + 1] += total
            if taken != NULL:
                taken[x * 52 + y] = <signed char>chosen
        elif taken != NULL:
            taken[x * 52 + y] = <signed char>best
        if out == NULL:
            continue
        row = out + (((x * 52 + y) * options + best) * HOLDEM_CLASSES + mine) * SPLIT_RESULTS
        for r in range(SPLIT_RESULTS):
            row[r] += count[r]


cdef void _completions(const HoldemTables* t, int* board, int k, int more, const int* rest, int n,
                       int* left, Work* w, int holdings, int64_t threshold, int total,
                       int options, const int64_t* nets, const int* order,
                       int64_t* out, const RuleProgram* program=NULL, int64_t* rule_out=NULL,
                       int64_t* lost=NULL, int64_t* cells=NULL,
                       int64_t cell_weight=0) noexcept nogil:
    """Every completion of the board's first ``k`` cards to five from the ``n`` cards of
    ``rest``: ``_board_pass`` on each, then ``_decided_pass`` into ``out`` (``more``: the
    cards to come, 0 to 2; with a rule ``program``, its decision too, into ``rule_out`` and
    ``lost``)."""
    cdef int size = n - more
    cdef int[2] at
    cdef int i, m
    cdef RiverBoard river
    at[0] = 0
    at[1] = 1 if more == 2 else n
    while True:
        m = 0
        for i in range(n):
            if (more >= 1 and i == at[0]) or (more == 2 and i == at[1]):
                continue
            left[m] = rest[i]
            m += 1
        if more >= 1:
            board[k] = rest[at[0]]
        if more == 2:
            board[k + 1] = rest[at[1]]
        _board_pass(t, board, 5, left, size, w, NULL, NULL)
        if program != NULL or cells != NULL:
            _river_board(t, board, left, size, &river)
        _decided_pass(w, holdings, threshold, total, options, nets, order, out, NULL,
                      program, &river, rule_out, lost, cells, cell_weight)
        if more == 0:
            break
        if more == 1:
            at[0] += 1
            if at[0] >= n:
                break
            continue
        at[1] += 1
        if at[1] >= n:
            at[0] += 1
            at[1] = at[0] + 1
            if at[1] >= n:
                break


def _decision_table(nets, order):
    """The options' nets and their tie order, checked, as the kernels read them."""
    table = np.ascontiguousarray(nets, dtype=np.int64)
    ranking = np.ascontiguousarray(order, dtype=np.intc)
    if (table.ndim != 3 or table.shape[1:] != (HOLDEM_CLASSES, SPLIT_RESULTS)
            or not 1 <= table.shape[0] <= MOST_OPTIONS
            or sorted(ranking.tolist()) != list(range(table.shape[0]))):
        raise ValueError("nets must have the shape (options, CLASSES, SPLIT_RESULTS) and "
                         "order every option once")
    return table, ranking


def decided_counts(flop, threshold, nets, order, ranks=None, program=None, cells=None,
                   cell_weight=1):
    """For one part of a board dealt first (``flop``, 3 to 5 distinct cards of the deck of
    ``ranks``), the cards to come that complete a board of five (every set of 5 - len(flop)
    of the cards left), and a first and second holding (two cards each, none shared), with a
    decision made on each completed board: for each first holding and board, the second
    holdings are counted by result ``q * 3 + k`` (``q`` 1 when the second's strength is at
    least ``threshold``, an ``edge._core`` strength; ``k`` the comparison of the first's hand
    with it: 0 lower, 1 equal, 2 higher), and the option ``o`` of the highest value ``sum
    over r of count[r] * nets[o, c, r]`` (``c`` the first's class; an exact integer; of equal
    values the first in ``order``) takes them. ``counts[x, y, o, c, r]``: the deals of the
    first holding {x, y} (x < y, cards 0..51) where option ``o`` was taken, by class and
    result; an array of shape (52, 52, options, 10, 6). One option with every net 0: every
    deal by result, nothing decided.

    With a rule ``program`` (``edge.decisions.holdem_features.HoldemRules.program``: rules on
    the hold'em features of the holding and the whole board), also the counts by the option
    the rules take (the same shape), and ``lost[x, y, rule]``: the value of the highest
    option less that of the rules' one, and the deals where the rules' option is not the
    highest (the first in ``order`` among equals), summed by the deciding rule (the last:
    none) over the boards; returned as (counts, rule_counts, lost).

    With ``cells`` (an int64 array of RIVER_CELLS * options * 2, C-ordered, added into): for
    each state (first holding and completed board) its cell (the holding's class, its hand
    class, hidden, pair kind and dealer outs: ``RIVER_CELL_SHAPE``) gets ``cell_weight``
    times each option's value at ``[cell, o, 0]`` and times the second holdings at ``[cell,
    best, 1]`` (``best`` the option taken as above)."""
    chosen = [int(card) for card in flop]
    cards = _deck(ranks, MOST_BOARD)
    if (not FEWEST_BOARD <= len(chosen) <= MOST_BOARD or len(set(chosen)) != len(chosen)
            or not set(chosen) <= set(cards.tolist())):
        raise ValueError(f"flop must be {FEWEST_BOARD} to {MOST_BOARD} distinct cards of the "
                         f"deck, not {chosen!r}")
    table, ranking = _decision_table(nets, order)
    cdef int options = table.shape[0]
    counts = np.zeros((52, 52, options, HOLDEM_CLASSES, SPLIT_RESULTS), dtype=np.int64)
    cdef RuleProgram rules
    cdef RuleProgram* using = NULL
    cdef int64_t[::1] rule_view = counts.reshape(-1)
    cdef int64_t[::1] lost_view = counts.reshape(-1)
    if program is not None:
        _load_program(program, options, &rules)
        using = &rules
        rule_counts = np.zeros_like(counts)
        lost = np.zeros((52, 52, rules.rules + 1, 2), dtype=np.int64)
        rule_view = rule_counts.reshape(-1)
        lost_view = lost.reshape(-1)
    cdef int64_t[::1] cell_view = counts.reshape(-1)
    cdef int64_t* cell_out = NULL
    if cells is not None:
        if (not isinstance(cells, np.ndarray) or cells.dtype != np.int64
                or not cells.flags.c_contiguous or cells.size != RIVER_CELLS * options * 2):
            raise ValueError(f"cells must be a C-ordered int64 array of {RIVER_CELLS} * "
                             f"{options} * 2")
        cell_view = cells.reshape(-1)
        cell_out = &cell_view[0]
    cdef int64_t weight_of_cell = <int64_t>cell_weight
    left_all = [card for card in cards.tolist() if card not in chosen]
    cdef int64_t[::1] out = counts.reshape(-1)
    cdef int64_t[::1] net_view = table.reshape(-1)
    cdef int[::1] order_view = ranking
    cdef int k = len(chosen)
    cdef int more = MOST_BOARD - k
    cdef int n = len(left_all)
    cdef int size = n - more
    cdef int holdings = size * (size - 1) // 2
    cdef int total = (size - 2) * (size - 3) // 2
    cdef int64_t limit = <int64_t>threshold
    keep = {}
    cdef Work w = _work(keep, holdings)
    cdef int[::1] rest = np.array(left_all, dtype=np.intc)
    left_cards = np.zeros(max(size, 1), dtype=np.intc)
    cdef int[::1] left = left_cards
    cdef int[5] board
    cdef int i
    cdef const HoldemTables* t = cy_holdem_tables()
    for i in range(k):
        board[i] = chosen[i]
    with nogil:
        _completions(t, board, k, more, &rest[0], n, &left[0], &w, holdings, limit, total, options,
                     &net_view[0], &order_view[0], &out[0], using,
                     &rule_view[0] if using != NULL else NULL,
                     &lost_view[0] if using != NULL else NULL, cell_out, weight_of_cell)
    if program is not None:
        return counts, rule_counts, lost
    return counts


def split_counts(flop, threshold, ranks=None):
    """As :func:`decided_counts` with nothing decided, the results of a second holding below
    ``threshold`` taken together: ``counts[x, y, c, r]``, for the first holding {x, y}, the
    deals where its best five with the board is of class ``c`` and the result is ``r``: 0
    the second's best five is of strength below ``threshold``, else 1 lower than the
    first's, 2 equal, 3 higher. An array of shape (52, 52, 10, 4)."""
    decided = decided_counts(flop, threshold, np.zeros((1, HOLDEM_CLASSES, SPLIT_RESULTS),
                                                       dtype=np.int64), [0], ranks)[:, :, 0]
    return np.stack([decided[..., 0:3].sum(axis=-1), decided[..., 5], decided[..., 4],
                     decided[..., 3]], axis=-1)


def decided_options(board, threshold, nets, order, ranks=None, program=None):
    """For one whole board (five distinct cards of the deck of ``ranks``), the option each
    first holding takes, as :func:`decided_counts` decides it (with a rule ``program``: as
    its rules decide it): ``taken[x, y]`` (x < y) for the holding {x, y} of the cards left,
    -1 elsewhere; an array of shape (52, 52)."""
    chosen = [int(card) for card in board]
    cards = _deck(ranks, MOST_BOARD)
    if (len(chosen) != MOST_BOARD or len(set(chosen)) != len(chosen)
            or not set(chosen) <= set(cards.tolist())):
        raise ValueError(f"board must be {MOST_BOARD} distinct cards of the deck, not "
                         f"{chosen!r}")
    table, ranking = _decision_table(nets, order)
    cdef int options = table.shape[0]
    cdef RuleProgram rules
    cdef RuleProgram* using = NULL
    cdef RiverBoard river
    if program is not None:
        _load_program(program, options, &rules)
        using = &rules
    taken = np.full((52, 52), -1, dtype=np.int8)
    left_cards = np.array([card for card in cards.tolist() if card not in chosen],
                          dtype=np.intc)
    cdef signed char[::1] taken_view = taken.reshape(-1)
    cdef int64_t[::1] net_view = table.reshape(-1)
    cdef int[::1] order_view = ranking
    cdef int[::1] left = left_cards
    cdef int size = len(left_cards)
    cdef int holdings = size * (size - 1) // 2
    cdef int total = (size - 2) * (size - 3) // 2
    cdef int64_t limit = <int64_t>threshold
    keep = {}
    cdef Work w = _work(keep, holdings)
    cdef int[5] on_board
    cdef int i
    cdef const HoldemTables* t = cy_holdem_tables()
    for i in range(MOST_BOARD):
        on_board[i] = chosen[i]
    with nogil:
        _board_pass(t, on_board, 5, &left[0], size, &w, NULL, NULL)
        if using != NULL:
            _river_board(t, on_board, &left[0], size, &river)
        _decided_pass(&w, holdings, limit, total, options, &net_view[0], &order_view[0], NULL,
                      &taken_view[0], using, &river)
    return taken


def river_features(hole, board, ranks=None):
    """The hold'em features (``edge.decisions.holdem_features.Feature``, all but versus_dealer)
    of two cards on a whole board of five, as the rules of :func:`decided_counts`
    read them (the unseen cards: the deck of ``ranks`` less the board), for tests."""
    chosen = [int(card) for card in board]
    mine = [int(card) for card in hole]
    cards = _deck(ranks, MOST_BOARD)
    if (len(chosen) != MOST_BOARD or len(mine) != 2
            or len(set(chosen + mine)) != MOST_BOARD + 2
            or not set(chosen + mine) <= set(cards.tolist())):
        raise ValueError("two cards and a board of five, distinct cards of the deck")
    unseen = np.array([card for card in cards.tolist() if card not in chosen], dtype=np.intc)
    cdef int[::1] unseen_view = unseen
    cdef int[5] on_board
    cdef int i
    cdef RiverBoard river
    cdef int[RULE_FEATURES] v
    cdef const HoldemTables* t = cy_holdem_tables()
    cdef uint64_t lanes = 0
    for i in range(MOST_BOARD):
        on_board[i] = chosen[i]
        lanes |= t.lane[chosen[i]]
    cdef int strength = cy_evaluate_lanes(t, lanes | t.lane[mine[0]] | t.lane[mine[1]])
    _river_board(t, on_board, &unseen_view[0], len(unseen), &river)
    for i in range(RULE_FEATURES):
        _rule_feature(i, mine[0], mine[1], cy_hand_class(strength), strength, &river, v)
    return [v[i] for i in range(RULE_FEATURES)]
