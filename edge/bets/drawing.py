"""Cards drawn by rule: a bet file's ``[[draw]]`` rules, enumerated exactly and dealt in play.

After the first cards (``[deal]``), each drawing rule in the order written gives its place one
more card when its condition holds (``when``), or one card at a time while it holds
(``while``); every card is the next card of the shoe, whoever receives it. A deal is counted as
the literature counts a baccarat coup: every ordered sequence of the ``N`` cards the deal can
use at most is equally likely, and a deal that stops after ``k`` cards stands for all the
``(S - k)! / (S - N)!`` orders of the cards it leaves unused (``S`` cards in the shoe). The
weight of an ordered sequence of cards depends only on how many of each kind it holds, so:

* the cards are enumerated by the coarsest *classes* the file's conditions can tell apart (only
  blackjack values and baccarat points: ten classes, A 2 3 4 5 6 7 8 9 and the tens with the
  faces; ranks: thirteen; anything about suits or one card being another: the 52 faces), each
  class stood for by one face of it, and each class ``c`` with its ``n_c`` cards in the shoe;
* the rows of classes are grown rule by rule: only the rows where a rule holds get a further
  card (one row per class), in a column of its own per place and position (``-1`` where the
  place did not receive that card);
* each final row, with ``m_c`` cards of class ``c`` and ``k`` cards in all, stands for
  ``prod_c n_c! / (n_c - m_c)!  *  (S - k)! / (S - N)!`` ordered sequences of physical cards.

Rows of the same outcome and the same class counts are counted together, so the big numbers
(more than 64 bits for a dealer who hits to 17 at 8 decks) are Python integers over a few
thousand groups, never per row.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
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
    """The coarsest classes of cards the conditions can tell apart: blackjack values (ten),
    ranks (thirteen) or faces (52)."""
    level = VALUES
    stack = list(nodes)
    while stack:
        node = stack.pop()
        if isinstance(node, Call):
            if node.name == "count":
                suited = any(isinstance(arg, Name) and arg.name in SUIT_NAMES
                             for arg in node.args[1:])
                if suited:
                    return FACES
                level = RANKS
            elif node.name in RANK_WORDS:
                level = RANKS
            elif node.name not in VALUE_WORDS:
                return FACES
        if (isinstance(node, Binary) and node.op in ("==", "!=")
                and _cards_expression(node.left, places)
                and _cards_expression(node.right, places)):
            return FACES
        stack.extend(children(node))
    return level


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


@dataclass(frozen=True)
class DrawnDeals:
    """Every deal the rules can make, by classes: for each group of final rows with the same
    outcome and the same count of each class, the outcome, the counts and how many rows; the
    most cards a deal uses; and a row of faces for each outcome (an example)."""

    level: str
    face_class: IntArray
    outcome: IntArray
    held: IntArray
    rows: IntArray
    most: int
    examples: tuple[tuple[int, ...] | None, ...]

    def counts(self, copies: Iterable[int], outcomes: int) -> Counts:
        """The weighted deals of each outcome from the shoe of ``copies`` (52 counts)."""
        supply = check_copies(list(copies))
        known = self.face_class >= 0
        if int(supply[~known].sum()):
            raise AssertionError("the shoe holds cards of a class the enumeration left out")
        per_class = np.bincount(self.face_class[known], weights=supply[known],
                                minlength=self.held.shape[1]).astype(np.int64)
        shoe = int(supply.sum())
        # the falling factorials n_c! / (n_c - m) ! of each class, as exact integers
        falling = np.empty((len(per_class), self.most + 1), dtype=object)
        for kind, many in enumerate(per_class.tolist()):
            falling[kind] = [math.perm(many, m) for m in range(self.most + 1)]
        weights = self.rows.astype(object)
        for kind in range(len(per_class)):
            weights = weights * falling[kind, self.held[:, kind]]
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
    each class, grown by the drawing rules."""

    def __init__(self, bet: BetFile, level: str, supply: IntArray) -> None:
        self.bet = bet
        self.level = level
        face_class, representatives = face_classes(level)
        class_copies = np.bincount(face_class, weights=supply,
                                   minlength=len(representatives)).astype(np.int64)
        # only the classes the shoe holds: the others would make rows of weight 0
        held = np.flatnonzero(class_copies)
        renumber = np.full(len(representatives), -1, dtype=np.int64)
        renumber[held] = np.arange(len(held))
        self.face_class = renumber[face_class]
        self.representatives = representatives[held]
        self.copies = class_copies[held]
        self.kinds = len(held)
        self.rows: ROWS = np.full((1, bet.layout.cards), -1, dtype=np.int16)
        self.held: ROWS = np.zeros((1, self.kinds), dtype=np.int16)
        for column in first_columns(bet):
            self.rows, self.held = self.grow(self.rows, self.held, np.zeros(1, np.int64)
                                             + column, None)

    def grow(self, rows: ROWS, held: ROWS, columns: IntArray,
             rule: DrawRule | None) -> tuple[ROWS, ROWS]:
        """Each row given one more card of each class in its column of ``columns`` (one
        column, or one per row); rows the shoe cannot deal are left out."""
        if len(rows) * self.kinds > MOST_ROWS:
            held_most = int(held.sum(axis=1).max()) + 1
            message = (f"too many deals to enumerate (over {MOST_ROWS:,} rows of cards by "
                       f"{self.level}, at {held_most} cards dealt)")
            if rule is None:
                raise BetFileError(f"{self.bet.path.name}: {message}: look at fewer cards.")
            raise _fail(self.bet, rule, f"{message}: does the rule ever stop drawing? (a "
                                        "while rule draws a card at a time while it holds)")
        count = len(rows) * self.kinds
        every = np.arange(count)
        kinds = np.tile(np.arange(self.kinds), len(rows))
        grown = np.repeat(rows, self.kinds, axis=0)
        where = columns if len(columns) == 1 else np.repeat(columns, self.kinds)
        grown[every, where] = self.representatives[kinds]
        grown_held = np.repeat(held, self.kinds, axis=0)
        grown_held[every, kinds] += 1
        keep = grown_held[every, kinds] <= self.copies[kinds]
        return grown[keep], grown_held[keep]

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
        if int(held.sum(axis=1).max(initial=0)) >= int(self.copies.sum()):
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
    if level is None:
        level = bet.card_classes
    supply = check_copies(list(copies))
    grower = _Grower(bet, level, supply)
    for rule in bet.draws:
        grower.apply(rule)
    rows, held = grower.rows, grower.held
    index = classify(Deals(rows))
    most = int(held.sum(axis=1).max())
    outcomes = len(bet.outcomes) + 1
    unique, found = _groups(index, held, max(most, outcomes) + 1)
    examples = []
    for outcome in range(outcomes):
        at = np.flatnonzero(index == outcome)
        examples.append(tuple(int(face) for face in rows[at[0]]) if len(at) else None)
    return DrawnDeals(level, grower.face_class, unique[:, 0].copy(), unique[:, 1:].copy(),
                      found.astype(np.int64), most, tuple(examples))


def _groups(index: IntArray, held: ROWS, base: int) -> tuple[IntArray, IntArray]:
    """The distinct rows of ``index`` beside ``held`` (each entry below ``base``) and how often
    each occurs: sorted as one integer each when they fit in 62 bits (fast), else row by
    row."""
    width = held.shape[1] + 1
    if base ** width >= 2 ** 62:
        keys = np.column_stack([index, held.astype(np.int64)])
        return np.unique(keys, axis=0, return_counts=True)
    key = index.astype(np.int64)
    for column in range(held.shape[1]):
        key = key * base + held[:, column]
    unique, found = np.unique(key, return_counts=True)
    powers = base ** np.arange(width - 1, -1, -1, dtype=np.int64)
    return (unique[:, None] // powers) % base, found


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
