"""Reading a bet file: the TOML checked key by key, every condition parsed and compiled.

Every problem is an :class:`~edge.errors.EdgeError` whose message starts with the file's name
and says where (the key, or the line and column of a condition) and what is wrong.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from edge.bets.compile import RESERVED, Condition, Moment, Rules, compile_condition
from edge.bets.language import ConditionError, Index, Name, Node, children, parse
from edge.bets.layout import Layout, Place
from edge.bets.showdown import BOARD_SHOWDOWN_CARDS, board_showdown
from edge.errors import EdgeError, PayTableError
from edge.files import TomlErrors, parse_toml, read_text
from edge.paytables import PayTable, make_paytable

MOST_DECKS = 8
# the lowest pay a bet file may state: -1, the whole stake lost (a tie that loses half: -1/2)
LEAST_PAY = Fraction(-1)
MOST_LOOKED_AT = 7
# the most cards a place can hold when a ``while`` rule draws to it (see docs/bets.md)
MOST_HELD = 24
_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_PLACE = re.compile(r"^[a-z][a-z0-9_]*$")
TOP_KEYS = {"name", "title", "description", "source", "shoe", "deal", "rules", "outcome",
            "paytables", "draw"}


class BetFileError(EdgeError):
    """A bet file that cannot be read, or says something that makes no sense."""


@dataclass(frozen=True)
class Outcome:
    """One outcome: its name, the condition as written, in words, and compiled."""

    name: str
    when: str
    text: str
    node: Node
    condition: Condition


@dataclass(frozen=True)
class DrawRule:
    """One drawing rule: the place it deals to, its condition as written and compiled, and
    whether it repeats (``while``: a card at a time while it holds) or not (``when``)."""

    number: int
    place: str
    when: str
    repeat: bool
    node: Node
    condition: Condition
    where: str = ""                        # its condition's line and column in the file

    def describe(self) -> str:
        """The rule in words for messages: ``drawing rule 2 (banker)``."""
        return f"drawing rule {self.number} ({self.place})"


@dataclass(frozen=True)
class BetFile:
    """A bet file read and checked (see docs/bets.md)."""

    path: Path
    name: str
    title: str
    description: str
    source: str
    decks: int
    layout: Layout
    rules: Rules
    exclusive: bool
    outcomes: tuple[Outcome, ...]
    presets: dict[str, PayTable]
    default_paytable: str
    draws: tuple[DrawRule, ...] = ()

    @property
    def single_deck(self) -> bool:
        """Whether a condition needs distinct cards (``poker5``), or the deck has a joker: one
        deck only."""
        return self.rules.jokers or any(outcome.condition.single_deck
                                        for outcome in self.outcomes)


def _fail(path: Path, message: str) -> BetFileError:
    return BetFileError(f"{path.name}: {message}")


def _text(data: dict[str, Any], key: str, path: Path, *, required: bool = False,
          where: str = "") -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise _fail(path, f"{where}{key} is missing (write {key} = \"...\").")
        return ""
    if not isinstance(value, str) or not value.strip():
        raise _fail(path, f"{where}{key} must be a text in quotes, not {value!r}.")
    return value.strip()


def _table(data: dict[str, Any], key: str, path: Path, required: bool) -> dict[str, Any]:
    value = data.get(key)
    if value is None:
        if required:
            raise _fail(path, f"the [{key}] table is missing.")
        return {}
    if not isinstance(value, dict):
        raise _fail(path, f"{key} must be a table ([{key}]), not {value!r}.")
    return value


def _unknown(data: dict[str, Any], known: set[str], where: str, path: Path) -> None:
    for key in data:
        if key not in known:
            raise _fail(path, f"unknown key {key!r}{where}; the keys are "
                              f"{', '.join(sorted(known))}.")


def _whole(value: object, what: str, low: int, high: int, path: Path) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(path, f"{what} must be a whole number from {low} to {high}, not {value!r}.")
    return value


def _places(deal: dict[str, Any], path: Path) -> tuple[Place, ...]:
    places = []
    for name, cards in deal.items():
        if not _PLACE.match(name):
            raise _fail(path, f"the place name {name!r} must be lower case letters, digits "
                              "and underscores, starting with a letter.")
        if name in RESERVED:
            raise _fail(path, f"the place name {name!r} is a word of the condition language; "
                              "choose another.")
        places.append(Place(name, _whole(cards, f"[deal] {name}", 1, 52, path)))
    if not places:
        raise _fail(path, "[deal] names no place (write, for example, player = 2).")
    if sum(place.cards for place in places) > 52:
        raise _fail(path, "[deal] gives out more than 52 cards.")
    return tuple(places)


def _rules(data: dict[str, Any], path: Path, jokers: bool) -> tuple[Rules, bool]:
    _unknown(data, {"ace", "straights", "outcomes"}, " in [rules]", path)
    choices = {"ace": ("high", "low"), "straights": ("ace-high-or-low", "ace-high"),
               "outcomes": ("first-match", "exclusive")}
    chosen = {}
    for key, allowed in choices.items():
        value = data.get(key, allowed[0])
        if value not in allowed:
            raise _fail(path, f"[rules] {key} = {value!r}: choose "
                              f"{' or '.join(repr(a) for a in allowed)}.")
        chosen[key] = value
    return (Rules(ace_high=chosen["ace"] == "high",
                  ace_low_straights=chosen["straights"] == "ace-high-or-low", jokers=jokers),
            chosen["outcomes"] == "exclusive")


_WHEN = re.compile(r"^[ \t]*(?:when|while)[ \t]*=[ \t]*(\"\"\"|\'\'\'|\"|\')", re.MULTILINE)


@dataclass(frozen=True)
class _Source:
    """A bet file's text, with where each ``when = "..."`` starts and where each line starts:
    found once, so that placing every outcome's condition takes time linear in the file."""

    text: str
    whens: tuple[int, ...]
    lines: tuple[int, ...]
    taken: set[int] = field(default_factory=set)

    @classmethod
    def of(cls, text: str) -> _Source:
        """The text's conditions and lines, found."""
        whens = []
        for found in _WHEN.finditer(text):
            start = found.end()
            if len(found.group(1)) == 3:         # TOML drops a newline just after """
                newline = re.match(r"\r?\n", text[start:start + 2])
                start += newline.end() if newline else 0
            whens.append(start)
        lines = [0] + [found.end() for found in re.finditer("\n", text)]
        return cls(text, tuple(whens), tuple(lines))

    def locate(self, when: str) -> int | None:
        """Where in the text the condition ``when`` starts: the first ``when = "..."`` or
        ``while = "..."`` not yet taken that holds it as written, or ``None`` when none does
        (an escape, a line-ending backslash)."""
        for start in self.whens:
            if start not in self.taken and self.text[start:start + len(when)] == when:
                self.taken.add(start)
                return start
        return None

    def position(self, offset: int) -> tuple[int, int]:
        """The line and column (from 1) of the character at ``offset``."""
        line = bisect_right(self.lines, offset)
        return line, offset - self.lines[line - 1] + 1


def _outcome_nodes(entries: list[Any], source: _Source,
                   path: Path) -> list[tuple[str, str, str, Node, int | None]]:
    read = []
    seen: set[str] = set()
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, dict):
            raise _fail(path, f"outcome {number} must be a table ([[outcome]]).")
        _unknown(entry, {"name", "when", "text"}, f" in outcome {number}", path)
        name = _text(entry, "name", path, required=True, where=f"outcome {number}: ")
        if not _NAME.match(name):
            raise _fail(path, f"the outcome name {name!r} must be lower case letters, digits "
                              "and hyphens.")
        if name == "lose":
            raise _fail(path, "no outcome may be called 'lose': a deal that meets no "
                              "condition loses the wager (the row 'lose').")
        _text(entry, "when", path, required=True, where=f"outcome {name!r}: ")
        raw_when = entry["when"]
        if name in seen:
            raise _fail(path, f"the outcome {name!r} is named twice.")
        seen.add(name)
        where = source.locate(raw_when)
        try:
            node = parse(raw_when)
        except ConditionError as error:
            raise _condition_error(path, f"outcome {name!r}", raw_when, source, where,
                                   error) from None
        read.append((name, raw_when, _text(entry, "text", path), node, where))
    return read


_RawDraw = tuple[int, str, str, bool, Node, "int | None"]


def _draw_nodes(entries: object, places: set[str], source: _Source,
                path: Path) -> list[_RawDraw]:
    """The ``[[draw]]`` tables read and their conditions parsed (in the order written)."""
    if entries is None:
        return []
    if not isinstance(entries, list) or not entries:
        raise _fail(path, "draw must be one or more [[draw]] tables, each with a place and a "
                          "condition (when = \"...\" or while = \"...\").")
    read: list[_RawDraw] = []
    for number, entry in enumerate(entries, 1):
        what = f"drawing rule {number}"
        if not isinstance(entry, dict):
            raise _fail(path, f"{what} must be a table ([[draw]]).")
        _unknown(entry, {"place", "when", "while"}, f" in {what}", path)
        place = _text(entry, "place", path, required=True, where=f"{what}: ")
        if place not in places:
            raise _fail(path, f"{what}: place = {place!r} is not a place of [deal] (the places "
                              f"are {', '.join(sorted(places))}).")
        if ("when" in entry) == ("while" in entry):
            raise _fail(path, f"{what} ({place}): write when = \"...\" (one card when it "
                              "holds) or while = \"...\" (a card at a time while it holds), "
                              "one of the two.")
        key = "when" if "when" in entry else "while"
        _text(entry, key, path, required=True, where=f"{what} ({place}): ")
        raw = entry[key]
        where = source.locate(raw)
        try:
            node = parse(raw)
        except ConditionError as error:
            raise _condition_error(path, f"{what} ({place})", raw, source, where,
                                   error) from None
        read.append((number, place, raw, key == "while", node, where))
    return read


def _with_draws(places: tuple[Place, ...], draws: list[_RawDraw]) -> tuple[Place, ...]:
    """The places with the most cards their drawing rules can give each: one per ``when``
    rule; up to :data:`MOST_HELD` cards held when a ``while`` rule deals to the place."""
    changed = []
    for place in places:
        mine = [repeat for _, name, _, repeat, *_ in draws if name == place.name]
        drawn = max(MOST_HELD - place.cards, len(mine)) if any(mine) else len(mine)
        changed.append(Place(place.name, place.cards, drawn))
    return tuple(changed)


def _places_read(node: Node, places: tuple[Place, ...]) -> set[str]:
    """The places a condition names (alone, by position, or in a function)."""
    names = {place.name for place in places}
    found: set[str] = set()
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, Name) and item.name in names:
            found.add(item.name)
        elif isinstance(item, Index) and item.place in names:
            found.add(item.place)
        stack.extend(children(item))
    return found


def _compile_draws(draws: list[_RawDraw], layout: Layout, rules: Rules, source: _Source,
                   path: Path) -> tuple[DrawRule, ...]:
    """Each drawing rule's condition compiled at its moment (it reads only what was dealt
    before it: see :class:`~edge.bets.compile.Moment`)."""
    drawing = frozenset(place for _, place, *_ in draws)
    compiled = []
    for index, (number, place, raw, repeat, node, where) in enumerate(draws):
        moment = Moment(place, frozenset(p for _, p, *_ in draws[:index]),
                        frozenset(p for _, p, *_ in draws[index:]), drawing)
        try:
            condition = compile_condition(node, layout, rules, moment)
        except ConditionError as error:
            raise _condition_error(path, f"drawing rule {number} ({place})", raw, source,
                                   where, error) from None
        at = ""
        if where is not None:
            line, column = source.position(where)
            at = f"line {line}, column {column}"
        compiled.append(DrawRule(number, place, " ".join(raw.split()), repeat, node,
                                 condition, at))
    return tuple(compiled)


def _key_at(text: str, key: str) -> str:
    """Where ``key = ...`` is first written in a file's text: ``, line 5, column 1``."""
    found = re.search(rf"^[ \t]*{key}[ \t]*=", text, re.MULTILINE)
    if found is None:
        return ""
    at = found.start() + len(found.group(0)) - len(found.group(0).lstrip())
    line, column = _Source.of(text).position(at)
    return f" (line {line}, column {column})"


def _condition_error(path: Path, what: str, when: str, source: _Source, where: int | None,
                     error: ConditionError) -> BetFileError:
    at = min(error.at, len(when))
    if where is not None:
        line, column = source.position(where + at)
        place = f"line {line}, column {column}"
    else:
        place = f"character {at + 1} of its condition"
    return _fail(path, f"{what}, {place}: {error.message} (in {_excerpt(when, at)}).")


_ONE_LINE = str.maketrans("\n\r\t", "   ")


def _excerpt(when: str, at: int, keep: int = 50) -> str:
    """A condition quoted in an error, on one line: whole, or when long the part around
    ``at``."""
    when = when.translate(_ONE_LINE)
    if len(when) <= 2 * keep:
        return f'"{when}"'
    start = max(0, min(at - keep // 2, len(when) - keep))
    return (f'"{"..." if start else ""}{when[start:start + keep]}'
            f'{"..." if start + keep < len(when) else ""}", {len(when):,} characters')


def _nested_pays(table: object) -> object:
    """A pay table of pays by wager, ``{ ante = { flush = 1 } }``, with its pays named
    ``ante.flush`` (anything else as it is: the checks then say what is wrong)."""
    if not isinstance(table, dict):
        return table
    flat: dict[str, object] = {}
    for part, inner in table.items():
        if isinstance(inner, dict):
            flat.update({f"{part}.{name}": pay for name, pay in inner.items()})
        else:
            flat[part] = inner
    return flat


def _paytables(data: dict[str, Any], outcomes: tuple[str, ...], path: Path,
               nested: bool = False) -> tuple[dict[str, PayTable], str]:
    default = data.get("default")
    tables = {key: value for key, value in data.items() if key != "default"}
    if nested:                  # { wager = { outcome = pay } } -> "wager.outcome" (a game file)
        tables = {key: _nested_pays(value) for key, value in tables.items()}
    if not tables:
        raise _fail(path, "[paytables] has no pay table (write, for example, "
                          f"A = {{ {outcomes[0]} = 10 }}).")
    presets: dict[str, PayTable] = {}
    for name, pays in tables.items():
        if not isinstance(pays, dict):
            raise _fail(path, f"the pay table {name!r} must be a table of pays, not {pays!r}.")
        try:
            presets[name] = make_paytable(name, pays, outcomes, source=f"pay table {name!r}",
                                          least=LEAST_PAY)
        except PayTableError as error:
            raise _fail(path, str(error)) from None
    if default is None:
        if len(presets) > 1:
            raise _fail(path, "[paytables] default is missing: name the table used when none "
                              f"is chosen ({', '.join(presets)}).")
        default = next(iter(presets))
    if default not in presets:
        raise _fail(path, f"[paytables] default = {default!r} is not one of its tables "
                          f"({', '.join(presets)}).")
    return presets, str(default)


_TOML_ERRORS = TomlErrors(
    BetFileError, unreadable="Cannot read the bet file {path!r}: {reason}.",
    invalid="{name}: not valid TOML: {error}.",
    too_deep="{name}: its tables or arrays nest too deeply to read.")


def read_bet_file(path: Path, more_keys: frozenset[str] = frozenset(),
                  pay_names: Callable[[tuple[str, ...]], tuple[str, ...]] | None = None
                  ) -> BetFile:
    """Read and check a bet file (every condition compiled; nothing enumerated yet).
    ``more_keys``: top-level keys a reader of a larger format reads itself (a game file's
    ``game`` and ``decision``, :mod:`edge.decisions`); ``pay_names``: from the outcomes, the
    names every pay table must pay when they are not the outcomes themselves (a game file's
    wagers paid apart: each table then gives ``{ wager = { outcome = pay } }``)."""
    source = read_text(path, _TOML_ERRORS)
    data = parse_toml(source, _TOML_ERRORS, path.name)
    _unknown(data, TOP_KEYS | more_keys, "", path)
    name = _text(data, "name", path, required=True)
    if not _NAME.match(name):
        raise _fail(path, f"name = {name!r} must be lower case letters, digits and hyphens.")
    shoe = _table(data, "shoe", path, True)
    _unknown(shoe, {"decks", "jokers"}, " in [shoe]", path)
    if "decks" not in shoe:
        raise _fail(path, "[shoe] decks is missing (the default number of decks, 1 to 8).")
    decks = _whole(shoe["decks"], "[shoe] decks", 1, MOST_DECKS, path)
    jokers = _whole(shoe.get("jokers", 0), "[shoe] jokers", 0, 1, path)
    if jokers and decks > 1:
        raise _fail(path, f"[shoe] jokers = 1{_key_at(source, 'jokers')}: the joker is Pai "
                          "Gow Poker's 53rd card, in a single deck, but [shoe] decks = "
                          f"{decks} (write decks = 1).")
    places = _places(_table(data, "deal", path, True), path)
    rules, exclusive = _rules(_table(data, "rules", path, False), path, bool(jokers))
    entries = data.get("outcome")
    if not isinstance(entries, list) or not entries:
        raise _fail(path, "no outcome: add one or more [[outcome]] tables, each with a name "
                          "and a condition (when = \"...\").")
    source_text = _Source.of(source)
    raw_draws = _draw_nodes(data.get("draw"), {place.name for place in places}, source_text,
                            path)
    if raw_draws and jokers:
        raise _fail(path, f"[shoe] jokers = 1{_key_at(source, 'jokers')}: a deck with the "
                          "joker cannot have drawing rules ([[draw]]).")
    read = _outcome_nodes(entries, source_text, path)
    nodes = [node for *_, node, _ in read]
    if raw_draws:
        places = _with_draws(places, raw_draws)
        looked_at = {place for *_, node, _ in raw_draws for place in _places_read(node, places)}
        looked_at |= {place for _, place, *_ in raw_draws}
        looked_at |= {place for node in nodes for place in _places_read(node, places)}
        layout = Layout.dealing(places, looked_at)
    else:
        layout = Layout.of(places, nodes)
    draws = _compile_draws(raw_draws, layout, rules, source_text, path)
    drawing = frozenset(rule.place for rule in draws)
    outcomes = []
    for outcome_name, when, text, node, where in read:
        try:
            condition = compile_condition(node, layout, rules, drawing=drawing)
        except ConditionError as error:
            raise _condition_error(path, f"outcome {outcome_name!r}", when, source_text,
                                   where, error) from None
        outcomes.append(Outcome(outcome_name, " ".join(when.split()), text, node, condition))
    if layout.cards == 0:
        raise _fail(path, "no condition looks at any card.")
    if (layout.cards > MOST_LOOKED_AT and not draws
            and board_showdown(layout, nodes, rules) is None):
        raise _fail(path, f"the conditions look at {layout.cards} cards "
                          f"({', '.join(slot.describe() for slot in layout.slots)}); at most "
                          f"{MOST_LOOKED_AT} can be enumerated, or {BOARD_SHOWDOWN_CARDS} in a "
                          "showdown over a board (every word hand5 or poker5 of a 2-card "
                          "holding with a 5-card board, each holding read so).")
    names = tuple(o.name for o in outcomes)
    presets, default = _paytables(_table(data, "paytables", path, True),
                                  names if pay_names is None else pay_names(names), path,
                                  pay_names is not None)
    bet = BetFile(path, name, _text(data, "title", path, required=True),
                  _text(data, "description", path), _text(data, "source", path), decks,
                  layout, rules, exclusive, tuple(outcomes), presets, default, draws)
    if bet.single_deck and decks > 1:
        raise _fail(path, f"poker5() needs a single deck (the best five of distinct cards), "
                          f"but [shoe] decks = {decks}.")
    return bet
