"""The condition language of bet files: tokens and a parser to a small syntax tree.

A condition is an expression over the dealt cards (docs/bets.md lists every word). It is parsed
here by a hand-written recursive-descent parser, never by Python's ``eval``; the tree is then
type-checked and compiled to vectorised numpy work by :mod:`edge.bets.compile`.

Grammar, loosest first::

    condition  := or
    or         := and ("or" and)*
    and        := not ("and" not)*
    not        := "not" not | comparison
    comparison := sum (OP sum | "between" sum "and" sum)?      OP: == != < <= > >=
    sum        := atom (("+" | "-") atom)*
    atom       := NUMBER | "true" | "false" | NAME | NAME "[" NUMBER "]"
                | NAME "(" condition ("," condition)* ")" | "(" condition ")"

A NAME may hold hyphens between letters (``straight-flush``); subtraction is written with spaces.

>>> parse("rank(player[1]) between 2 and K")
Between(value=Call(name='rank', args=(Index(place='player', index=1, at=5),), at=0), \
low=Number(value=2, at=24), high=Name(name='K', at=30), at=16)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from edge.errors import EdgeError


class ConditionError(EdgeError):
    """A condition that cannot be read or makes no sense; ``at`` is its character offset."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.message = message
        self.at = at


@dataclass(frozen=True)
class Number:
    """A whole number (a rank written as a number, a count, a total)."""

    value: int
    at: int


@dataclass(frozen=True)
class Boolean:
    """``true`` or ``false``."""

    value: bool
    at: int


@dataclass(frozen=True)
class Name:
    """A place, a rank letter, a suit, a colour or a hand class."""

    name: str
    at: int


@dataclass(frozen=True)
class Index:
    """One card of a place by its position in the order dealt, from 1: ``player[2]``."""

    place: str
    index: int
    at: int


@dataclass(frozen=True)
class Call:
    """A function of cards: ``same_rank(player)``, ``count(player, Q, hearts)``."""

    name: str
    args: tuple[Node, ...]
    at: int


@dataclass(frozen=True)
class Binary:
    """``+``, ``-`` or a comparison between two values."""

    op: str
    left: Node
    right: Node
    at: int


@dataclass(frozen=True)
class Between:
    """``value between low and high``: strictly between, either way round."""

    value: Node
    low: Node
    high: Node
    at: int


@dataclass(frozen=True)
class Logic:
    """``and`` / ``or`` of two or more conditions."""

    op: str
    items: tuple[Node, ...]
    at: int


@dataclass(frozen=True)
class Not:
    """``not`` a condition."""

    item: Node
    at: int


Node = Number | Boolean | Name | Index | Call | Binary | Between | Logic | Not

COMPARISONS = ("==", "!=", "<=", ">=", "<", ">")
KEYWORDS = ("and", "or", "not", "between", "true", "false")
_TOKEN = re.compile(r"""
    (?P<space>\s+)
  | (?P<number>\d+)
  | (?P<name>[A-Za-z_][A-Za-z0-9_]*(?:-[A-Za-z][A-Za-z0-9_]*)*)
  | (?P<op>==|!=|<=|>=|<|>|\+|-|\(|\)|\[|\]|,)
""", re.VERBOSE)


@dataclass(frozen=True)
class Token:
    """One token: its kind (number, name, op, end), its text and offset."""

    kind: str
    text: str
    at: int


def tokenize(text: str) -> list[Token]:
    """The tokens of a condition, ending with an ``end`` token."""
    tokens: list[Token] = []
    at = 0
    while at < len(text):
        match = _TOKEN.match(text, at)
        if match is None:
            hint = " (write == to compare)" if text[at] == "=" else ""
            raise ConditionError(f"unexpected character {text[at]!r}{hint}", at)
        kind = match.lastgroup
        assert kind is not None
        if kind != "space":
            tokens.append(Token(kind, match.group(), at))
        at = match.end()
    tokens.append(Token("end", "", len(text)))
    return tokens


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = tokenize(text)
        self.position = 0

    @property
    def token(self) -> Token:
        return self.tokens[self.position]

    def take(self) -> Token:
        token = self.token
        self.position += 1
        return token

    def accept(self, text: str) -> bool:
        if self.token.text == text and self.token.kind in ("op", "name"):
            self.position += 1
            return True
        return False

    def expect(self, text: str, where: str) -> Token:
        token = self.token
        if token.text != text or token.kind not in ("op", "name"):
            found = "the end" if token.kind == "end" else repr(token.text)
            raise ConditionError(f"expected {text!r} {where}, found {found}", token.at)
        return self.take()

    def condition(self) -> Node:
        return self.logic("or", self.conjunction)

    def conjunction(self) -> Node:
        return self.logic("and", self.negation)

    def logic(self, op: str, item: object) -> Node:
        assert callable(item)
        start = self.token.at
        items: list[Node] = [item()]
        while self.accept(op):
            items.append(item())
        return items[0] if len(items) == 1 else Logic(op, tuple(items), start)

    def negation(self) -> Node:
        start = self.token.at
        if self.accept("not"):
            return Not(self.negation(), start)
        return self.comparison()

    def comparison(self) -> Node:
        left = self.sum()
        token = self.token
        if token.kind == "op" and token.text in COMPARISONS:
            self.take()
            return Binary(token.text, left, self.sum(), token.at)
        if token.kind == "name" and token.text == "between":
            self.take()
            low = self.sum()
            self.expect("and", "after 'between A'")
            return Between(left, low, self.sum(), token.at)
        return left

    def sum(self) -> Node:
        left = self.atom()
        while self.token.kind == "op" and self.token.text in ("+", "-"):
            token = self.take()
            left = Binary(token.text, left, self.atom(), token.at)
        return left

    def atom(self) -> Node:
        token = self.take()
        if token.kind == "number":
            return Number(int(token.text), token.at)
        if token.kind == "op" and token.text == "(":
            inner = self.condition()
            self.expect(")", "to close '('")
            return inner
        if token.kind == "name" and token.text in ("true", "false"):
            return Boolean(token.text == "true", token.at)
        if token.kind == "name" and token.text not in KEYWORDS:
            if self.accept("("):
                args = [self.condition()]
                while self.accept(","):
                    args.append(self.condition())
                self.expect(")", f"to close {token.text}(")
                return Call(token.text, tuple(args), token.at)
            if self.accept("["):
                number = self.take()
                if number.kind != "number":
                    raise ConditionError(f"expected a card position (1, 2, ...) in "
                                         f"{token.text}[ ]", number.at)
                self.expect("]", f"to close {token.text}[")
                return Index(token.text, int(number.text), token.at)
            return Name(token.text, token.at)
        found = "the end of the condition" if token.kind == "end" else repr(token.text)
        raise ConditionError(f"expected a value, found {found}", token.at)


# The deepest tree a condition may make: parentheses, calls, ``not`` and each ``+`` or ``-`` of
# a sum are a level each. The code that checks, compiles and words a condition walks its tree
# recursively; real conditions are a few levels deep.
MAX_DEPTH = 100


def children(node: Node) -> tuple[Node, ...]:
    """The nodes directly under ``node`` (none under a value)."""
    if isinstance(node, Call):
        return node.args
    if isinstance(node, Binary):
        return (node.left, node.right)
    if isinstance(node, Between):
        return (node.value, node.low, node.high)
    if isinstance(node, Logic):
        return node.items
    if isinstance(node, Not):
        return (node.item,)
    return ()


def depth(node: Node) -> int:
    """The levels of the tree under ``node``, itself included (counted without recursion)."""
    deepest, stack = 0, [(node, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in children(item))
    return deepest


def parse(text: str) -> Node:
    """The syntax tree of a condition (a :class:`ConditionError` names what is wrong, where)."""
    parser = _Parser(text)
    if parser.token.kind == "end":
        raise ConditionError("the condition is empty", 0)
    too_deep = (f"the condition nests too deeply: at most {MAX_DEPTH} levels of parentheses, "
                "calls, not and terms of a sum")
    try:
        node = parser.condition()
    except RecursionError:
        raise ConditionError(too_deep, parser.token.at) from None
    if parser.token.kind != "end":
        raise ConditionError(f"unexpected {parser.token.text!r} after a complete condition",
                             parser.token.at)
    levels = depth(node)
    if levels > MAX_DEPTH:
        raise ConditionError(f"{too_deep} ({levels:,} here)", 0)
    return node
