"""Which cards a bet file's conditions look at, and how they are enumerated (its slots).

Only the cards some condition looks at are dealt in the enumeration: every card of a shoe is
equally likely to be at any position of the deal, so the cards of a place no condition names, or
the positions of a place that no condition names, leave every probability as it is. What is
looked at becomes *slots*:

* a place looked at only as a whole is one unordered set of its cards (``player`` of 2: every
  2-card set once);
* places that are only ever looked at together (``player + board`` and never apart) are one set
  of all their cards (the best five of seven cards: every 7-card set once);
* a place looked at by position (``player[1]``) is dealt in order: one single-card slot per
  position looked at, and one per position when it is also looked at as a whole.

>>> from edge.bets.language import parse
>>> layout = Layout.of((Place("player", 2), Place("board", 5), Place("dealer", 2)),
...                    [parse("poker5(player + board) >= flush")])
>>> [(slot.places, slot.size) for slot in layout.slots]
[(('player', 'board'), 7)]
>>> layout.cards, layout.merged("player")
(7, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from edge.bets.language import Binary, Index, Name, Node, children


@dataclass(frozen=True)
class Place:
    """A place cards are dealt to, with how many it gets in the deal, and the most further
    cards its drawing rules can give it (see :mod:`edge.bets.drawing`)."""

    name: str
    cards: int
    drawn: int = 0

    @property
    def most(self) -> int:
        """The most cards the place can hold: dealt and drawn."""
        return self.cards + self.drawn


@dataclass(frozen=True)
class Slot:
    """What the enumeration deals: a set of ``size`` cards of ``places`` (in any order), or one
    card, the ``position``-th (from 1) of a place dealt in order."""

    places: tuple[str, ...]
    size: int
    position: int | None = None

    @property
    def is_set(self) -> bool:
        """Whether the slot is an unordered set of cards (else one card at a position)."""
        return self.position is None

    def describe(self) -> str:
        """The slot in words: ``player[1]``, ``player + board (7 cards)``."""
        if self.position is not None:
            return f"{self.places[0]}[{self.position}]"
        return f"{' + '.join(self.places)} ({self.size} card{'s' if self.size != 1 else ''})"


def _atoms(node: Node) -> list[tuple[str, int | None]] | None:
    """The places and positions of a card expression (``player + dealer[1]``), else None."""
    if isinstance(node, Name):
        return [(node.name, None)]
    if isinstance(node, Index):
        return [(node.place, node.index)]
    if isinstance(node, Binary) and node.op == "+":
        left, right = _atoms(node.left), _atoms(node.right)
        if left is not None and right is not None:
            return left + right
    return None


def _occurrences(node: Node, places: set[str],
                 found: list[frozenset[tuple[str, int | None]]]) -> None:
    """Collect each maximal card expression of ``node`` as a set of (place, position)."""
    atoms = _atoms(node)
    if atoms is not None and all(name in places for name, _ in atoms):
        found.append(frozenset(atoms))
        return
    for child in children(node):
        _occurrences(child, places, found)


@dataclass(frozen=True)
class Layout:
    """The places, the slots enumerated (largest set first) and where each lies."""

    places: tuple[Place, ...]
    slots: tuple[Slot, ...]

    @classmethod
    def of(cls, places: Sequence[Place], conditions: Sequence[Node]) -> Layout:
        """The slots the conditions need (see the module's description)."""
        names = {place.name for place in places}
        found: list[frozenset[tuple[str, int | None]]] = []
        for condition in conditions:
            _occurrences(condition, names, found)
        whole = {name for occurrence in found for name, position in occurrence
                 if position is None}
        indexed: dict[str, set[int]] = {}
        for occurrence in found:
            for name, position in occurrence:
                if position is not None:
                    indexed.setdefault(name, set()).add(position)
        slots: list[Slot] = []
        merged: dict[tuple[bool, ...], list[Place]] = {}
        for place in places:
            if place.name in indexed:
                positions = (range(1, place.cards + 1) if place.name in whole
                             else sorted(indexed[place.name]))
                slots += [Slot((place.name,), 1, position) for position in positions]
            elif place.name in whole:
                signature = tuple((place.name, None) in occurrence for occurrence in found)
                merged.setdefault(signature, []).append(place)
        slots += [Slot(tuple(p.name for p in group), sum(p.cards for p in group))
                  for group in merged.values()]
        slots.sort(key=lambda slot: -slot.size if slot.is_set else 0)
        return cls(tuple(places), tuple(slots))

    @classmethod
    def dealing(cls, places: Sequence[Place], looked_at: set[str]) -> Layout:
        """The slots of a file with drawing rules: one single-card slot for every card each
        place in ``looked_at`` can hold, dealt or drawn, in the order of the places."""
        slots = tuple(Slot((place.name,), 1, position) for place in places
                      if place.name in looked_at for position in range(1, place.most + 1))
        return cls(tuple(places), slots)

    def optional_columns(self) -> frozenset[int]:
        """The columns of cards a place may or may not receive (its drawn cards)."""
        return frozenset(column for slot, columns in zip(self.slots, self.slot_columns(),
                                                         strict=True)
                         if slot.position is not None
                         and slot.position > self.place(slot.places[0]).cards
                         for column in columns)

    @property
    def cards(self) -> int:
        """How many cards the enumeration deals (the cards looked at)."""
        return sum(slot.size for slot in self.slots)

    def merged(self, name: str) -> bool:
        """Whether the place is looked at only together with others, in one set with them."""
        return any(slot.is_set and name in slot.places and len(slot.places) > 1
                   for slot in self.slots)

    @property
    def dealt(self) -> int:
        """How many cards the deal gives out in all, looked at or not."""
        return sum(place.cards for place in self.places)

    def offset(self, name: str) -> int:
        """The position (from 0) in the whole deal of the place's first card."""
        at = 0
        for place in self.places:
            if place.name == name:
                return at
            at += place.cards
        raise KeyError(name)

    def place(self, name: str) -> Place:
        """The place called ``name``."""
        return next(place for place in self.places if place.name == name)

    def slot_columns(self) -> list[range]:
        """Each slot's columns in an enumerated row of cards."""
        columns, at = [], 0
        for slot in self.slots:
            columns.append(range(at, at + slot.size))
            at += slot.size
        return columns

    def card_column(self, name: str, position: int) -> int:
        """The column of one card of a place dealt in order."""
        for slot, columns in zip(self.slots, self.slot_columns(), strict=True):
            if slot.position == position and slot.places == (name,):
                return columns[0]
        raise KeyError((name, position))

    def place_columns(self, name: str) -> tuple[int, ...]:
        """The columns of a place looked at as a whole (with the places merged with it)."""
        for slot, columns in zip(self.slots, self.slot_columns(), strict=True):
            if slot.is_set and name in slot.places:
                return tuple(columns)
        place = self.place(name)
        return tuple(self.card_column(name, position)
                     for position in range(1, place.most + 1))

    def deal_positions(self) -> list[int]:
        """For each column, the position (from 0) in the whole deal of the card it holds."""
        positions: list[int] = []
        for slot in self.slots:
            if slot.position is not None:
                positions.append(self.offset(slot.places[0]) + slot.position - 1)
                continue
            for name in slot.places:
                start = self.offset(name)
                positions += range(start, start + self.place(name).cards)
        return positions
