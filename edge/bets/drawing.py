"""Cards drawn by rule: a bet file's ``[[draw]]`` rules, enumerated exactly and dealt in play.

After the first cards (``[deal]``), each drawing rule in the order written gives its place one
more card when its condition holds (``when``), or one card at a time while it holds
(``while``); every card is the next card of the shoe, whoever receives it. A deal is counted as
the literature counts a baccarat coup: every ordered sequence of the ``N`` cards the deal can
use at most is equally likely, and a deal that stops after ``k`` cards stands for all the
``(S - k)! / (S - N)!`` orders of the cards it leaves unused (``S`` cards in the shoe). The
weight of an ordered sequence of cards depends only on how many of each kind it holds, so:

* each card (a column: a place's card at a position) is enumerated by the coarsest *classes*
  the words reading it can tell apart (only blackjack values and baccarat points: ten classes,
  A 2 3 4 5 6 7 8 9 and the tens with the faces; its rank: thirteen; its suit, or whether it is
  another card: the 52 faces), each class stood for by one face of it;
* the rows of classes are grown rule by rule: only the rows where a rule holds get a further
  card (one row per class), in a column of its own per place and position (``-1`` where the
  place did not receive that card);
* each final row, with ``m_c`` cards of class ``c`` (a class of ``n_c`` cards in the shoe) and
  ``k`` cards in all, stands for ``prod_c n_c! / (n_c - m_c)!  *  (S - k)! / (S - N)!`` ordered
  sequences of physical cards when every card is of one level; with cards of several levels a
  class's cards are given the finest first (faces, then ranks, then values: see
  :meth:`DrawnDeals.counts`).

Rows of the same outcome and the same class counts are counted together, so the big numbers
(more than 64 bits for a dealer who hits to 17 at 8 decks) are Python integers over a few
thousand groups, never per row.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from edge.bets.compile import Deals
from edge.bets.enumeration import Counts, check_copies
from edge.bets.file import BetFile, BetFileError, DrawRule
from edge.bets.language import Binary, Call, Index, Name, Node, children

IntArray = npt.NDArray[np.int64]
ROWS = npt.NDArray[np.int16]
# more rows of classes than this at once is refused (a rule that draws without end, or a
# file that looks at suits of many cards)
MOST_ROWS = 6_000_000
VALUES, RANKS, FACES = "blackjack values", "ranks", "faces"
# the words that read a card only through its blackjack value or baccarat points (the same
# ten classes), or not at all
VALUE_WORDS = {"points", "total", "hard_total", "soft", "bust", "value", "natural", "cards",
               "drew"}
RANK_WORDS = {"rank", "same_rank", "distinct_ranks", "most_of_a_rank", "high_rank",
              "low_rank", "consecutive"}
SUIT_NAMES = {"clubs", "diamonds", "hearts", "spades", "black", "red"}


def _cards_expression(node: Node, places: set[str]) -> bool:
    if isinstance(node, Name):
        return node.name in places
    if isinstance(node, Index):
        return True
    return (isinstance(node, Binary) and node.op == "+"
            and _cards_expression(node.left, places) and _cards_expression(node.right, places))


def class_level(nodes: Iterable[Node], places: set[str]) -> str:
    """The finest classes of cards any of the conditions reads: blackjack values (ten),
    ranks (thirteen) or faces (52)."""
    level = 0
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, Call):
            level = max(level, LEVELS.index(_word_level(node)))
        if (isinstance(node, Binary) and node.op in ("==", "!=")
                and _cards_expression(node.left, places)
                and _cards_expression(node.right, places)):
            level = 2
        stack.extend(children(node))
    return LEVELS[level]


def column_levels(bet: BetFile) -> tuple[int, ...]:
    """The level each column of the file is dealt at (an index of :data:`LEVELS`): the
    finest that a word reading that card needs (ranks for ``rank()`` of it, faces for its
    suit or for comparing it with another card; blackjack values otherwise)."""
    layout = bet.layout
    places = {place.name for place in layout.places}
    levels = [0] * layout.cards

    def columns_of(node: Node) -> list[int]:
        if isinstance(node, Name) and node.name in places:
            return list(layout.place_columns(node.name))
        if isinstance(node, Index):
            return [layout.card_column(node.place, node.index)]
        if isinstance(node, Binary) and node.op == "+":
            return columns_of(node.left) + columns_of(node.right)
        return []

    def raise_to(level: int, nodes: Iterable[Node]) -> None:
        for node in nodes:
            for column in columns_of(node):
                levels[column] = max(levels[column], level)

    stack = [rule.node for rule in bet.draws] + [outcome.node for outcome in bet.outcomes]
    while stack:
        node = stack.pop()
        if isinstance(node, Call):
            raise_to(LEVELS.index(_word_level(node)), node.args)
        if (isinstance(node, Binary) and node.op in ("==", "!=")
                and _cards_expression(node.left, places)
                and _cards_expression(node.right, places)):
            raise_to(2, (node.left, node.right))
        stack.extend(children(node))
    return tuple(levels)


def _word_level(node: Call) -> str:
    """The level of kind a word reads its cards at."""
    if node.name == "count":
        suited = any(isinstance(arg, Name) and arg.name in SUIT_NAMES for arg in node.args[1:])
        return FACES if suited else RANKS
    if node.name in RANK_WORDS:
        return RANKS
    return VALUES if node.name in VALUE_WORDS else FACES


def face_classes(level: str) -> tuple[IntArray, IntArray]:
    """Each face's class (face = rank * 4 + suit) and each class's representative face."""
    faces = np.arange(52, dtype=np.int64)
    if level == FACES:
        return faces, faces.copy()
    ranks = faces >> 2
    if level == RANKS:
        return ranks, np.arange(13, dtype=np.int64) * 4
    # 2..9 are classes 0..7, ten to king class 8, the ace class 9
    classes = np.where(ranks == 12, 9, np.minimum(ranks, 8))
    return classes, np.array([0, 4, 8, 12, 16, 20, 24, 28, 32, 48], dtype=np.int64)


# the levels of kind, coarsest first: a column is dealt at the level its words need
LEVELS = (VALUES, RANKS, FACES)


def _fold(per_rank: IntArray) -> IntArray:
    """Counts by rank (the last axis: deuce .. ace) summed into the ten blackjack values
    (2 .. 9, the ten-valued cards, the ace)."""
    return np.concatenate([per_rank[..., :8], per_rank[..., 8:12].sum(axis=-1, keepdims=True),
                           per_rank[..., 12:]], axis=-1)


@dataclass(frozen=True)
class DrawnDeals:
    """Every deal the rules can make, by classes: for each group of final rows with the same
    outcome and the same count of each class, the outcome, the counts and how many rows; the
    most cards a deal uses; and a row of faces for each outcome (an example).

    ``held`` has a block of counts for each level some column is dealt at (``levels``, in the
    order of :data:`LEVELS`): 10 values, 13 ranks, 52 faces. A card is counted once, at its
    column's level."""

    level: str
    levels: tuple[int, ...]
    outcome: IntArray
    held: IntArray
    rows: IntArray
    most: int
    examples: tuple[tuple[int, ...] | None, ...]

    def blocks(self) -> dict[int, IntArray]:
        """The counts of each level dealt, by level."""
        found, at = {}, 0
        for level in self.levels:
            size = (10, 13, 52)[level]
            found[level] = self.held[:, at:at + size]
            at += size
        return found

    def counts(self, copies: Iterable[int], outcomes: int) -> Counts:
        """The weighted deals of each outcome from the shoe of ``copies`` (52 counts): each
        group weighs, for each value ``v``, rank ``r`` and face ``f``, the ordered ways to give
        its cards distinct physical cards, the finest first::

            prod_f c_f!/(c_f - a_f)!  prod_r (n_r - A_r)!/(n_r - A_r - b_r)!
                                      prod_v (N_v - B_v)!/(N_v - B_v - e_v)!

        (``a``, ``b``, ``e`` its cards dealt at face, rank and value level; ``A_r`` its face
        cards of rank r; ``B_v`` its face and rank cards of value v; ``c``, ``n``, ``N`` the
        shoe's cards of each face, rank and value), times the orders of the unused cards."""
        supply = check_copies(list(copies))
        shoe = int(supply.sum())
        blocks = self.blocks()
        groups = len(self.held)
        zeros = np.zeros((groups, 13), dtype=np.int64)
        weights = self.rows.astype(object)
        finer = zeros
        by_face = blocks.get(2)
        if by_face is not None:
            weights = weights * _falling(supply, by_face, None, self.most)
            finer = by_face.reshape(groups, 13, 4).sum(axis=2)
        by_rank = blocks.get(1, zeros)
        if by_face is not None or 1 in blocks:
            weights = weights * _falling(supply.reshape(13, 4).sum(axis=1), by_rank, finer,
                                         self.most)
        per_value = _fold(supply.reshape(13, 4).sum(axis=1)[None])[0]
        weights = weights * _falling(per_value, blocks.get(0, np.zeros((groups, 10), np.int64)),
                                     _fold(finer + by_rank), self.most)
        # the most cards a deal of this shoe uses (a smaller shoe may run out sooner)
        dealt = self.held.sum(axis=1)
        most = int(dealt[weights != 0].max())
        unused = np.array([math.perm(shoe - k, most - k) if k <= most else 0
                           for k in range(self.most + 1)], dtype=object)
        weights = weights * unused[dealt]
        counts = [int(weights[self.outcome == outcome].sum()) for outcome in
                  range(outcomes + 1)]
        total = sum(counts)
        cycle = math.perm(shoe, most)
        if total != cycle:
            raise AssertionError(f"the weighted deals sum to {total}, not {cycle}")
        return Counts(tuple(counts), self.examples, cycle)


def _falling(cards: IntArray, taken: IntArray, before: IntArray | None,
             most: int) -> npt.NDArray[np.object_]:
    """For each group, the product over classes of ``(n - t)! / (n - t - m)!``: the ordered
    ways to give ``m`` cards (``taken``) of a class of ``n`` cards (``cards``) of which ``t``
    (``before``, finer cards of the class) are already given. Exact integers."""
    product = np.ones(len(taken), dtype=object)
    for kind, many in enumerate(cards.tolist()):
        table = np.array([[math.perm(many - t, m) if t <= many else 0
                           for m in range(most + 1)] for t in range(most + 1)], dtype=object)
        given = np.zeros(len(taken), np.int64) if before is None else before[:, kind]
        product = product * table[np.minimum(given, most), taken[:, kind]]
    return product


def _columns(bet: BetFile, place: str) -> IntArray:
    return np.asarray(bet.layout.place_columns(place), dtype=np.int64)


def first_columns(bet: BetFile) -> list[int]:
    """The columns of the cards dealt before any rule (by [deal]), in the layout's order."""
    return [bet.layout.card_column(slot.places[0], slot.position)
            for slot in bet.layout.slots
            if slot.position is not None
            and slot.position <= bet.layout.place(slot.places[0]).cards]


def _fail(bet: BetFile, rule: DrawRule, message: str) -> BetFileError:
    where = f", {rule.where}" if rule.where else ""
    return BetFileError(f"{bet.path.name}: {rule.describe()}{where}: {message} (in "
                        f"\"{rule.when}\").")


class _Grower:
    """Rows of representative faces (``-1``: a card not received) with each row's count of
    each class, grown by the drawing rules; each column dealt at its own level."""

    def __init__(self, bet: BetFile, levels: Sequence[int], supply: IntArray) -> None:
        self.bet = bet
        self.levels = np.asarray(levels, dtype=np.int64)
        self.present = sorted(set(levels))
        self.level = " and ".join(LEVELS[level] for level in reversed(self.present))
        by_rank = supply.reshape(13, 4).sum(axis=1)
        self.copies = {2: supply, 1: by_rank, 0: _fold(by_rank[None])[0]}
        self.offset, at = {}, 0
        for level in self.present:
            self.offset[level] = at
            at += (10, 13, 52)[level]
        self.representatives = {level: face_classes(LEVELS[level])[1] for level in self.present}
        # the fewest cards of a class the shoe holds, at the levels dealt: a row of no more
        # cards than that cannot hold more of a class than the shoe
        self.fewest = min(int(np.where(self.copies[level] > 0, self.copies[level],
                                       2 ** 31).min()) for level in self.present)
        self.rows: ROWS = np.full((1, bet.layout.cards), -1, dtype=np.int16)
        self.held: ROWS = np.zeros((1, at), dtype=np.int16)
        for column in first_columns(bet):
            self.rows, self.held = self.grow(self.rows, self.held, np.zeros(1, np.int64)
                                             + column, None)

    def grow(self, rows: ROWS, held: ROWS, columns: IntArray,
             rule: DrawRule | None) -> tuple[ROWS, ROWS]:
        """Each row given one more card of each class in its column of ``columns`` (one
        column, or one per row), at the column's level; rows the shoe cannot deal are left
        out."""
        if len(columns) == 1:
            columns = np.repeat(columns, len(rows))
        if len(self.present) == 1:
            return self._grow_at(self.present[0], rows, held, columns, rule)
        parts_rows, parts_held = [], []
        for level in self.present:
            mine = self.levels[columns] == level
            if mine.any():
                grown = self._grow_at(level, rows[mine], held[mine], columns[mine], rule)
                parts_rows.append(grown[0])
                parts_held.append(grown[1])
        if not parts_rows:
            return rows[:0], held[:0]
        return np.concatenate(parts_rows), np.concatenate(parts_held)

    def _grow_at(self, level: int, rows: ROWS, held: ROWS, columns: IntArray,
                 rule: DrawRule | None) -> tuple[ROWS, ROWS]:
        alive = np.flatnonzero(self.copies[level])
        kinds = len(alive)
        if len(rows) * kinds > MOST_ROWS:
            held_most = int(held.sum(axis=1).max()) + 1
            message = (f"too many deals to enumerate (over {MOST_ROWS:,} rows of cards by "
                       f"{self.level}, at {held_most} cards dealt)")
            fewer = ("look at fewer cards, or read fewer of them by suit or rank (each card "
                     "is dealt at the finest level a word reads it)")
            if rule is None:
                raise BetFileError(f"{self.bet.path.name}: {message}: {fewer}.")
            if not rule.repeat:
                raise _fail(self.bet, rule, f"{message}: {fewer}")
            raise _fail(self.bet, rule, f"{message}: does the rule ever stop drawing? (a "
                                        "while rule draws a card at a time while it holds)")
        count = len(rows) * kinds
        every = np.arange(count)
        classes = np.tile(alive, len(rows))
        grown = np.repeat(rows, kinds, axis=0)
        grown[every, np.repeat(columns, kinds)] = self.representatives[level][classes]
        grown_held = np.repeat(held, kinds, axis=0)
        grown_held[every, self.offset[level] + classes] += 1
        if int(grown_held.sum(axis=1).max(initial=0)) <= self.fewest:
            return grown, grown_held          # no class can run out yet
        keep = self._dealable(grown_held)
        return grown[keep], grown_held[keep]

    def _dealable(self, held: ROWS) -> npt.NDArray[np.bool_]:
        """Whether the shoe holds the cards of each row: of each face, rank and value, counting
        the finer levels' cards within the coarser."""
        finer = np.zeros((len(held), 13), dtype=np.int64)
        ok = np.ones(len(held), dtype=bool)
        if 2 in self.offset:
            faces = held[:, self.offset[2]:self.offset[2] + 52]
            ok &= (faces <= self.copies[2]).all(axis=1)
            finer = faces.reshape(len(held), 13, 4).sum(axis=2)
        if 1 in self.offset:
            finer = finer + held[:, self.offset[1]:self.offset[1] + 13]
        ok &= (finer <= self.copies[1]).all(axis=1)
        values = _fold(finer)
        if 0 in self.offset:
            values = values + held[:, self.offset[0]:self.offset[0] + 10]
        return np.asarray(ok & (values <= self.copies[0]).all(axis=1))

    def give(self, rule: DrawRule, rows: ROWS, held: ROWS) -> tuple[ROWS, ROWS]:
        """Every row given one more card of each class at the rule's place (rows a shoe
        cannot deal left out)."""
        columns = _columns(self.bet, rule.place)
        position = (rows[:, columns] >= 0).sum(axis=1)
        if int(position.max(initial=0)) >= len(columns):
            raise _fail(self.bet, rule, f"it would give {rule.place} more than "
                                        f"{len(columns)} cards, the most a place can hold "
                                        "(a while rule draws a card at a time while its "
                                        "condition holds: does it ever stop?)")
        if int(held.sum(axis=1).max(initial=0)) >= int(self.copies[2].sum()):
            raise _fail(self.bet, rule, "it draws more cards than the shoe holds")
        return self.grow(rows, held, columns[position], rule)

    def apply(self, rule: DrawRule) -> None:
        """Apply one drawing rule to every row."""
        if not rule.repeat:
            holds = rule.condition.test(Deals(self.rows))
            grown, grown_held = self.give(rule, self.rows[holds], self.held[holds])
            self.rows = np.concatenate([self.rows[~holds], grown])
            self.held = np.concatenate([self.held[~holds], grown_held])
            return
        done_rows, done_held = [], []
        rows, held = self.rows, self.held
        while len(rows):
            holds = rule.condition.test(Deals(rows))
            done_rows.append(rows[~holds])
            done_held.append(held[~holds])
            rows, held = self.give(rule, rows[holds], held[holds])
        self.rows, self.held = np.concatenate(done_rows), np.concatenate(done_held)


def drawn_deals(bet: BetFile, classify: Callable[[Deals], IntArray],
                copies: Iterable[int], level: str | None = None) -> DrawnDeals:
    """Every deal of the file's first cards and drawing rules from a shoe of at most
    ``copies`` (52 counts), grouped by outcome and class counts (see the module); by the
    coarsest classes the file's conditions tell apart unless ``level`` is given."""
    levels = (column_levels(bet) if level is None
              else (LEVELS.index(level),) * bet.layout.cards)
    supply = check_copies(list(copies))
    grower = _Grower(bet, levels, supply)
    for rule in bet.draws:
        grower.apply(rule)
    rows, held = grower.rows, grower.held
    index = classify(Deals(rows))
    most = int(held.sum(axis=1).max())
    outcomes = len(bet.outcomes) + 1
    unique, found = _groups(index, held)
    examples = []
    for outcome in range(outcomes):
        at = np.flatnonzero(index == outcome)
        examples.append(tuple(int(face) for face in rows[at[0]]) if len(at) else None)
    return DrawnDeals(grower.level, tuple(grower.present), unique[:, 0].copy(),
                      unique[:, 1:].copy(),
                      found.astype(np.int64), most, tuple(examples))


def _groups(index: IntArray, held: ROWS) -> tuple[IntArray, IntArray]:
    """The distinct rows of ``index`` beside ``held`` and how often each occurs: each row read
    as one integer, column by column (renumbered densely whenever the next column would not
    fit in 62 bits)."""
    key = index.astype(np.int64)
    for column in range(held.shape[1]):
        base = int(held[:, column].max(initial=0)) + 1
        if base == 1:
            continue
        if int(key.max(initial=0)) >= 2 ** 62 // base:
            key = np.unique(key, return_inverse=True)[1].astype(np.int64)
        key = key * base + held[:, column]
    _, first, found = np.unique(key, return_index=True, return_counts=True)
    return np.column_stack([index[first], held[first].astype(np.int64)]), found


def deal_by_rules(bet: BetFile, faces: npt.NDArray[np.int64]) -> IntArray:
    """Play the rules on physical cards: ``faces`` holds each hand's cards in the order the
    shoe gives them (one row per hand, at least as many as a deal can use); the rows of faces
    returned put each card where the enumeration's rows do (``-1``: not received)."""
    hands = len(faces)
    first = first_columns(bet)
    rows = np.full((hands, bet.layout.cards), -1, dtype=np.int64)
    rows[:, first] = faces[:, :len(first)]
    used = np.full(hands, len(first), dtype=np.int64)
    for rule in bet.draws:
        columns = _columns(bet, rule.place)
        active = np.arange(hands)
        while len(active):
            holds = rule.condition.test(Deals(rows[active]))
            active = active[holds]
            if not len(active):
                break
            position = (rows[active][:, columns] >= 0).sum(axis=1)
            if int(position.max()) >= len(columns) or int(used.max()) >= faces.shape[1]:
                raise _fail(bet, rule, "it draws more cards than a deal can use")
            rows[active, columns[position]] = faces[active, used[active]]
            used[active] += 1
            if not rule.repeat:
                break
    return rows
