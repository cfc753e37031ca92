"""A drawing rule that reads another hand, as a table: whether the place draws, by what it holds
(the columns) and by what the other hands hold (the rows), as a casino prints a baccarat
tableau.

The table is found, not written: every hand the rule can be asked about is dealt, card class by
card class (the ten classes of blackjack values and baccarat points), through the rules before
it; each word of the rule is evaluated on it (``points(banker)``, ``drew(player)``,
``points(player[3])``), and the rule's own answer is kept. The words reading the drawing place
make the columns, the words reading the other hands the rows; rows that draw alike are merged.
If the answer is not a function of the words' values alone the table is not printed (the rule
as written is always printed beside it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from edge.bets.compile import BOOL, Deals, compile_value
from edge.bets.compile import Value as CompiledValue
from edge.bets.drawing import VALUES, class_level, face_classes, first_columns
from edge.bets.file import BetFile, DrawRule
from edge.bets.language import Call, Index, Name, Node, children
from edge.document.document import Table

IntArray = npt.NDArray[np.int64]
# more hands than this to tabulate and the table is left out (a rule that draws many cards)
MOST_HANDS = 200_000
# a rule whose own words take more values than this is read as written, not as a table
MOST_COLUMNS = 12
DRAWS, STANDS, NEVER = "D", "S", "."
Value = int | None                    # a word's value on a hand (None: a card it reads not dealt)


@dataclass(frozen=True)
class _Word:
    """A word of the rule applied to cards: its text and whether it reads the drawing place."""

    text: str
    node: Call
    own: bool


def _text(node: Node) -> str | None:
    """A word's call as the file writes it, when its arguments are places or cards."""
    if isinstance(node, Name):
        return node.name
    if isinstance(node, Index):
        return f"{node.place}[{node.index}]"
    if isinstance(node, Call):
        args = [_text(arg) for arg in node.args]
        return None if None in args else f"{node.name}({', '.join(a for a in args if a)})"
    return None


def _places(node: Node) -> set[str]:
    if isinstance(node, Name):
        return {node.name}
    if isinstance(node, Index):
        return {node.place}
    found: set[str] = set()
    for child in children(node):
        found |= _places(child)
    return found


def _words(rule: DrawRule, places: set[str]) -> list[_Word] | None:
    """The rule's words (each once, in the order written); None if one reads no place or
    takes something other than cards."""
    found: dict[str, _Word] = {}
    stack = [rule.node]
    while stack:
        node = stack.pop()
        if isinstance(node, Call):
            text = _text(node)
            read = _places(node) & places
            if text is None or not read:
                return None
            found.setdefault(text, _Word(text, node, read == {rule.place}))
            continue
        stack.extend(reversed(children(node)))
    return list(found.values())


def _hands_asked(bet: BetFile, number: int) -> IntArray | None:
    """Every hand (rows of representative faces, -1 not dealt) the drawing rule ``number``
    is asked about: the first cards by value class, through the rules before it."""
    representatives = face_classes(VALUES)[1]
    first = first_columns(bet)
    grid = np.array(np.meshgrid(*[representatives] * len(first), indexing="ij"))
    dealt = grid.reshape(len(first), -1).T
    if len(dealt) > MOST_HANDS:
        return None
    rows = np.full((len(dealt), bet.layout.cards), -1, dtype=np.int64)
    rows[:, first] = dealt
    asked: list[IntArray] = []
    for rule in bet.draws[:number]:
        columns = bet.layout.place_columns(rule.place)
        settled: list[IntArray] = []
        while len(rows):
            if rule is bet.draws[number - 1]:
                asked.append(rows)
                if not rule.repeat:
                    break
            holds = rule.condition.test(Deals(rows))
            settled.append(rows[~holds])
            drawing = rows[holds]
            position = (drawing[:, columns] >= 0).sum(axis=1)
            if not len(drawing) or int(position.max()) >= len(columns):
                settled.append(drawing)
                break
            grown = np.repeat(drawing, len(representatives), axis=0)
            target = np.asarray(columns)[np.repeat(position, len(representatives))]
            grown[np.arange(len(grown)), target] = np.tile(representatives, len(drawing))
            if len(grown) > MOST_HANDS:
                return None
            rows = grown
            if not rule.repeat:
                settled.append(rows)
                break
        rows = np.concatenate(settled) if settled else rows
    return np.concatenate(asked) if asked else None


def _compiled(bet: BetFile, word: _Word) -> CompiledValue:
    return compile_value(word.node, bet.layout, bet.rules,
                         frozenset(rule.place for rule in bet.draws))


def _values(bet: BetFile, word: _Word, rows: IntArray) -> list[Value]:
    found = _compiled(bet, word)
    values = np.broadcast_to(np.asarray(found.run(Deals(rows))), (len(rows),)).astype(np.int64)
    missing: list[bool] = (np.asarray((rows[:, list(found.needs)] < 0).any(axis=1)).tolist()
                           if found.needs else [False] * len(rows))
    return [None if gone else int(v) for v, gone in zip(values.tolist(), missing, strict=True)]


def _is_bool(bet: BetFile, word: _Word) -> bool:
    return _compiled(bet, word).kind == BOOL


def _say(word: _Word, value: Value, boolean: bool) -> str:
    if value is None:
        return f"{word.text} not dealt"
    if boolean:
        return word.text if value else f"not {word.text}"
    return f"{word.text} = {value}"


def _situation(words: Sequence[_Word], keys: Sequence[tuple[Value, ...]],
               booleans: Sequence[bool]) -> str:
    """Several situations of the other hands in the file's words: what they share, and the
    values of the one word they differ in (or each in full)."""
    differ = [i for i in range(len(words)) if len({key[i] for key in keys}) > 1]
    if len(differ) > 1:
        return " or ".join(_situation(words, [key], booleans) for key in keys)
    parts = []
    for i, word in enumerate(words):
        if i in differ:
            values = sorted({key[i] for key in keys}, key=lambda v: (v is None, v or 0))
            shown = [str(v) if v is not None else "not dealt" for v in values]
            parts.append(f"{word.text} = " + (", ".join(shown[:-1]) + " or " + shown[-1]))
        else:
            parts.append(_say(word, keys[0][i], booleans[i]))
    return ", ".join(parts)


def drawing_table(bet: BetFile, number: int) -> Table | None:
    """The drawing rule ``number`` (from 1) as a table, when it reads another hand and the
    file reads cards by value only; None otherwise (see the module)."""
    rule = bet.draws[number - 1]
    places = {place.name for place in bet.layout.places}
    words = _words(rule, places)
    if (words is None or all(word.own for word in words) or not any(w.own for w in words)
            or class_level([r.node for r in bet.draws[:number]], places) != VALUES):
        return None
    rows = _hands_asked(bet, number)
    if rows is None:
        return None
    own = [w for w in words if w.own]
    others = [w for w in words if not w.own]
    own_values = list(zip(*(_values(bet, w, rows) for w in own), strict=True))
    other_values = list(zip(*(_values(bet, w, rows) for w in others), strict=True))
    draws = rule.condition.test(Deals(rows))
    answer: dict[tuple[tuple[Value, ...], tuple[Value, ...]], bool] = {}
    for mine, theirs, holds in zip(own_values, other_values, draws.tolist(), strict=True):
        if answer.setdefault((mine, theirs), holds) != holds:
            return None
    # the columns: what the drawing place holds, told apart by its numbers where they suffice
    columns = sorted(set(own_values), key=lambda key: [(v is None, v or 0) for v in key])
    numbers = [i for i, w in enumerate(own) if not _is_bool(bet, w)]
    shown = numbers if len({tuple(c[i] for i in numbers) for c in columns}) == len(columns) \
        else list(range(len(own)))
    if not shown or len(columns) > MOST_COLUMNS:
        return None
    booleans = [_is_bool(bet, w) for w in others]
    situations = sorted(set(other_values), key=lambda key: [(v is None, v or 0) for v in key])
    merged: dict[tuple[str, ...], list[tuple[Value, ...]]] = {}
    for situation in situations:
        cells = tuple((DRAWS if answer[(column, situation)] else STANDS)
                      if (column, situation) in answer else NEVER for column in columns)
        merged.setdefault(cells, []).append(situation)
    header_words = " and ".join(own[i].text for i in shown)
    table_rows = tuple((_situation(others, keys, booleans), *cells)
                       for cells, keys in merged.items())
    header = (f"the other hands \\ {header_words}",
              *(" ".join("-" if column[i] is None else str(column[i]) for i in shown)
                for column in columns))
    return Table(header, table_rows,
                 f"When {rule.place} draws (drawing rule {rule.number}), found from the rule "
                 f"on every hand it can be asked about: {DRAWS} draws, {STANDS} stands, {NEVER} no "
                 f"such hand; the columns are {header_words}",
                 align="l" + "c" * len(columns))


def drawing_tables(bet: BetFile) -> list[Table]:
    """Every drawing rule of the file that reads another hand, as a table."""
    found = (drawing_table(bet, number) for number in range(1, len(bet.draws) + 1))
    return [table for table in found if table is not None]
