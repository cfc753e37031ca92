# The hold'em features of a holding on a whole board and a decision taken by rules on them,
# included by _showdown.pyx: the river decision of a strategy file on a game with a shared board
# (edge.decisions.board_strategy_file). The features and their indexes are those of
# edge.decisions.holdem_features (docs/strategies.md defines each); the plain Python version
# there (``holding_features``) is checked against this one in tests/test_board_strategy_file.py.
#
# The first 17 features are computed by the built-in Ultimate Texas Hold'em kernels too
# (edge/games/ultimate_texas_holdem/solve/_kernels.pyx: _uth_feature, _uth_dealer_outs), whose
# source is frozen (hashed into the pinned solves' code keys): this is a second, generic
# version, written for any game file, that reads a board of five cards only, and knows three
# more (overcards, three_flush, board_suited).

cdef enum:
    RULES_MOST = 32               # rules a decision, conditions a rule
    RULE_FEATURES = 20
    NO_RANK = 13
    R_HAND = 0
    R_BOARD_HAND = 1
    R_HIDDEN = 2
    R_POCKET_PAIR = 3
    R_PAIR = 4
    R_PAIR_RANK = 5
    R_FLUSH_DRAW = 6
    R_FLUSH_DRAW_HOLE = 7
    R_STRAIGHT_DRAW = 8
    R_STRAIGHT_DRAW_HOLE = 9
    R_HIGH_CARD = 10
    R_LOW_CARD = 11
    R_SUITED = 12
    R_DEALER_OUTS = 13
    R_DEALER_OUTS_HALF_TIES = 14
    R_DEALER_OUTS_WITH_TIES = 15
    R_HOLE_PAIRED = 16
    R_OVERCARDS = 17
    R_THREE_FLUSH = 18
    R_BOARD_SUITED = 19


cdef struct RuleProgram:
    int rules
    int conditions[32]
    int feature[32][32]
    uint64_t low[32][32]             # the allowed values 0..63
    uint64_t high[32][32]            # ... 64..127
    int action[32]
    int otherwise


cdef struct RiverBoard:
    # what every holding's features need from one whole board, found once
    int rank_count[13]
    int suit_count[4]
    unsigned int ranks               # the board's ranks, as bits
    int board_class
    int six[52]                      # per card not on the board: the board and it, best five
    int sorted_six[52]               # those strengths, ascending
    int unseen


# per 13-bit rank mask: a straight made; how many absent ranks make one; the ranks lying in a
# window of five ranks that holds four of them
cdef unsigned char _STRAIGHT[8192]
cdef unsigned char _COMPLETE[8192]
cdef unsigned short _DRAW[8192]


cdef bint _is_straight(int mask) noexcept nogil:
    cdef int extended = (mask << 1) | ((mask >> 12) & 1)     # bit 0: the ace played low
    cdef int w
    for w in range(10):
        if ((extended >> w) & 31) == 31:
            return True
    return False


cdef void _straight_tables() noexcept nogil:
    cdef int mask, r, w, j, extended, window, count
    for mask in range(8192):
        _STRAIGHT[mask] = _is_straight(mask)
        _COMPLETE[mask] = 0
        _DRAW[mask] = 0
        if _STRAIGHT[mask]:
            continue
        for r in range(13):
            if not (mask >> r) & 1 and _is_straight(mask | (1 << r)):
                _COMPLETE[mask] += 1
        extended = (mask << 1) | ((mask >> 12) & 1)
        for w in range(10):
            window = (extended >> w) & 31
            count = 0
            for j in range(5):
                count += (window >> j) & 1
            if count != 4:
                continue
            for j in range(5):
                if (window >> j) & 1:
                    _DRAW[mask] |= (1 << 12) if w + j == 0 else (1 << (w + j - 1))


_straight_tables()


cdef void _river_board(const HoldemTables* t, const int* board, const int* unseen, int n,
                       RiverBoard* out) noexcept nogil:
    """The board's counts, its own class and each unseen card's six-card strength."""
    cdef uint64_t lanes = 0
    cdef int i, j, c, s
    for i in range(13):
        out.rank_count[i] = 0
    for i in range(4):
        out.suit_count[i] = 0
    out.ranks = 0
    for i in range(5):
        lanes |= t.lane[board[i]]
        out.rank_count[board[i] >> 2] += 1
        out.suit_count[board[i] & 3] += 1
        out.ranks |= 1u << (board[i] >> 2)
    out.board_class = cy_hand_class(cy_evaluate_lanes(t, lanes))
    out.unseen = n
    for i in range(n):
        c = unseen[i]
        s = cy_evaluate_lanes(t, lanes | t.lane[c])
        out.six[c] = s
        j = i
        while j > 0 and out.sorted_six[j - 1] > s:
            out.sorted_six[j] = out.sorted_six[j - 1]
            j -= 1
        out.sorted_six[j] = s


cdef int _above(const RiverBoard* board, int strength, bint equal) noexcept nogil:
    """How many unseen cards' six-card strengths are above ``strength`` (at or above it
    when ``equal``)."""
    cdef int low = 0, high = board.unseen, middle
    while low < high:
        middle = (low + high) >> 1
        if board.sorted_six[middle] > strength or (equal and board.sorted_six[middle] == strength):
            high = middle
        else:
            low = middle + 1
    return board.unseen - low


cdef void _rule_feature(int f, int a, int b, int klass, int strength, const RiverBoard* board,
                        int* v) noexcept nogil:
    """Feature ``f`` (and those found with it) of the holding {a, b} of hand class ``klass``
    and seven-card ``strength`` on the board, into ``v``."""
    cdef int ra = a >> 2, rb = b >> 2, s, suited, best, paired, flush_suit, beat, tie, r
    cdef unsigned int mask, draw
    if f == R_HAND:
        v[R_HAND] = klass
    elif f == R_BOARD_HAND:
        v[R_BOARD_HAND] = board.board_class
    elif f == R_HIDDEN:
        v[R_HIDDEN] = klass > board.board_class
    elif f == R_POCKET_PAIR:
        v[R_POCKET_PAIR] = ra == rb
    elif f == R_HIGH_CARD:
        v[R_HIGH_CARD] = ra if ra > rb else rb
    elif f == R_LOW_CARD:
        v[R_LOW_CARD] = rb if ra > rb else ra
    elif f == R_SUITED:
        v[R_SUITED] = (a & 3) == (b & 3)
    elif f == R_HOLE_PAIRED:
        v[R_HOLE_PAIRED] = (board.rank_count[ra] + 1 + (ra == rb) >= 2
                            or board.rank_count[rb] + 1 + (ra == rb) >= 2)
    elif f == R_PAIR or f == R_PAIR_RANK:
        v[R_PAIR] = 0
        v[R_PAIR_RANK] = NO_RANK
        if klass == 1:
            if ra == rb:
                v[R_PAIR] = 1
                v[R_PAIR_RANK] = ra
            else:
                paired = ra if (board.ranks >> ra) & 1 else (rb if (board.ranks >> rb) & 1
                                                             else -1)
                if paired >= 0:
                    v[R_PAIR] = 2
                    mask = board.ranks >> (paired + 1)
                    while mask:
                        mask &= mask - 1
                        v[R_PAIR] += 1
                    v[R_PAIR_RANK] = paired
                else:
                    v[R_PAIR] = 7
                    for r in range(13):
                        if board.rank_count[r] >= 2:
                            v[R_PAIR_RANK] = r
    elif f == R_FLUSH_DRAW or f == R_FLUSH_DRAW_HOLE:
        flush_suit = -1
        for s in range(4):
            suited = board.suit_count[s] + ((a & 3) == s) + ((b & 3) == s)
            if suited >= 4:
                flush_suit = s if suited == 4 else -2
        v[R_FLUSH_DRAW] = flush_suit >= 0
        v[R_FLUSH_DRAW_HOLE] = NO_RANK
        best = -1
        if flush_suit >= 0 and (a & 3) == flush_suit:
            best = ra
        if flush_suit >= 0 and (b & 3) == flush_suit and rb > best:
            best = rb
        if best >= 0:
            v[R_FLUSH_DRAW_HOLE] = best
    elif f == R_STRAIGHT_DRAW or f == R_STRAIGHT_DRAW_HOLE:
        v[R_STRAIGHT_DRAW] = 0
        v[R_STRAIGHT_DRAW_HOLE] = NO_RANK
        mask = board.ranks | (1u << ra) | (1u << rb)
        if not _STRAIGHT[mask]:
            v[R_STRAIGHT_DRAW] = 2 if _COMPLETE[mask] >= 2 else _COMPLETE[mask]
            draw = _DRAW[mask]
            best = -1
            if (draw >> ra) & 1:
                best = ra
            if (draw >> rb) & 1 and rb > best:
                best = rb
            if best >= 0:
                v[R_STRAIGHT_DRAW_HOLE] = best
    elif f == R_OVERCARDS:
        # hole cards ranking above every board card (the highest board rank)
        best = 12
        while not (board.ranks >> best) & 1:
            best -= 1
        v[R_OVERCARDS] = (ra > best) + (rb > best)
    elif f == R_THREE_FLUSH:
        # the most hole cards in a suit held exactly three times, none held four times
        best = 0
        for s in range(4):
            suited = board.suit_count[s] + ((a & 3) == s) + ((b & 3) == s)
            if suited >= 4:
                best = -1
                break
            if suited == 3 and best < suited - board.suit_count[s]:
                best = suited - board.suit_count[s]
        v[R_THREE_FLUSH] = best if best > 0 else 0
    elif f == R_BOARD_SUITED:
        best = 0
        for s in range(4):
            if board.suit_count[s] > best:
                best = board.suit_count[s]
        v[R_BOARD_SUITED] = best
    else:
        # the dealer outs: unseen cards (none of the holding's) that with the board beat him
        beat = _above(board, strength, False) - (board.six[a] > strength) - (board.six[b] > strength)
        tie = (_above(board, strength, True) - _above(board, strength, False)
               - (board.six[a] == strength) - (board.six[b] == strength))
        v[R_DEALER_OUTS] = beat
        v[R_DEALER_OUTS_HALF_TIES] = 2 * beat + tie
        v[R_DEALER_OUTS_WITH_TIES] = beat + tie


cdef int _rule_decide(const RuleProgram* program, int a, int b, int klass, int strength,
                      const RiverBoard* board, int* rule) noexcept nogil:
    """The option of the first rule whose conditions all hold (its number in ``rule``), else
    ``otherwise`` (``rule`` the number of rules); each feature is found when first read."""
    cdef int r, k, f, value
    cdef unsigned int known = 0
    cdef int[RULE_FEATURES] v
    cdef bint holds
    for r in range(program.rules):
        holds = True
        for k in range(program.conditions[r]):
            f = program.feature[r][k]
            if not (known >> f) & 1:
                _rule_feature(f, a, b, klass, strength, board, v)
                known |= 1u << f
                if f == R_PAIR or f == R_PAIR_RANK:
                    known |= (1u << R_PAIR) | (1u << R_PAIR_RANK)
                elif f == R_FLUSH_DRAW or f == R_FLUSH_DRAW_HOLE:
                    known |= (1u << R_FLUSH_DRAW) | (1u << R_FLUSH_DRAW_HOLE)
                elif f == R_STRAIGHT_DRAW or f == R_STRAIGHT_DRAW_HOLE:
                    known |= (1u << R_STRAIGHT_DRAW) | (1u << R_STRAIGHT_DRAW_HOLE)
                elif f >= R_DEALER_OUTS and f <= R_DEALER_OUTS_WITH_TIES:
                    known |= ((1u << R_DEALER_OUTS) | (1u << R_DEALER_OUTS_HALF_TIES)
                              | (1u << R_DEALER_OUTS_WITH_TIES))
            value = v[f]
            if value < 64:
                holds = (program.low[r][k] >> value) & 1
            else:
                holds = (program.high[r][k] >> (value - 64)) & 1
            if not holds:
                break
        if holds:
            rule[0] = r
            return program.action[r]
    rule[0] = program.rules
    return program.otherwise


cdef int _load_program(program, int options, RuleProgram* out) except -1:
    """Fill ``out`` from (features int32 [R, C] (-1: none), masks uint64 [R, C, 2], actions
    int32 [R], otherwise), checked."""
    features, masks, actions, otherwise = program
    features = np.asarray(features, dtype=np.int32)
    masks = np.asarray(masks, dtype=np.uint64)
    actions = np.asarray(actions, dtype=np.int32).reshape(-1)
    cdef int rules = actions.shape[0]
    if rules > RULES_MOST or features.ndim != 2 or features.shape[0] != rules \
            or features.shape[1] > RULES_MOST or masks.shape != (rules, features.shape[1], 2):
        raise ValueError(f"a program is at most {RULES_MOST} rules of {RULES_MOST} conditions: "
                         "features [R, C], masks [R, C, 2], actions [R]")
    if not 0 <= int(otherwise) < options or any(not 0 <= int(x) < options for x in actions):
        raise ValueError(f"a rule's option is outside 0..{options - 1}")
    out.rules = rules
    out.otherwise = int(otherwise)
    for r in range(rules):
        out.action[r] = int(actions[r])
        n = 0
        for k in range(features.shape[1]):
            f = int(features[r, k])
            if f < 0:
                continue
            if f >= RULE_FEATURES:
                raise ValueError(f"feature index {f} is outside 0..{RULE_FEATURES - 1}")
            out.feature[r][n] = f
            out.low[r][n] = int(masks[r, k, 0])
            out.high[r][n] = int(masks[r, k, 1])
            n += 1
        out.conditions[r] = n
    return 0


# The cells the river's states are summed by (edge.decisions.board_words): the holding's class
# (0..168, edge.decisions.board.holding_classes), its hand class, hidden, the kind of one pair
# and the dealer outs (ties not counted).
RIVER_CELL_SHAPE = (169, 10, 2, 8, 46)
cdef int RIVER_CELLS = 169 * 10 * 2 * 8 * 46


cdef int _river_cell(int a, int b, int klass, int strength, const RiverBoard* board,
                     int* v) noexcept nogil:
    """The cell of the holding {a, b} (a < b) of hand class ``klass`` and seven-card
    ``strength`` on the board (``RIVER_CELL_SHAPE``, C order)."""
    cdef int ra = a >> 2, rb = b >> 2
    cdef int high = ra if ra > rb else rb
    cdef int low = rb if ra > rb else ra
    cdef int holding = low * 13 + high if (a & 3) == (b & 3) else high * 13 + low
    _rule_feature(R_PAIR, a, b, klass, strength, board, v)
    _rule_feature(R_DEALER_OUTS, a, b, klass, strength, board, v)
    return ((((holding * 10 + klass) * 2 + (klass > board.board_class)) * 8 + v[R_PAIR]) * 46
            + v[R_DEALER_OUTS])
