"""What every renderer shares: section numbers and anchors, which table columns are numeric."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from edge.document.document import Cell, CellLike, Section, Table


def display_name(slug: str) -> str:
    """What a reader sees for an outcome's slug: "three-of-a-kind" is "three of a kind" (a
    hyphen between two letters becomes a space, "A-2-3" keeps its hyphens; a part's prefix,
    "pair-plus.flush", is "pair plus: flush")."""
    return re.sub(r"(?<=[a-z])-(?=[a-z])", " ", re.sub(r"(?<=[a-z])\.(?=[a-z])", ": ", slug))


def slug(text: str) -> str:
    """A GitHub-style anchor of a heading: lower case, punctuation dropped, spaces to dashes."""
    kept = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return kept.replace(" ", "-")


@dataclass(frozen=True)
class _Heading:
    level: int
    number: str
    section: Section

    @property
    def text(self) -> str:
        return f"{self.number} {self.section.title}"

    @property
    def anchor(self) -> str:
        return slug(self.text)


def numbered_headings(sections: Sequence[Section], prefix: str = "",
              level: int = 2) -> Iterator[_Heading]:
    for index, section in enumerate(sections, 1):
        number = f"{prefix}{index}"
        yield _Heading(level, number + ("." if level == 2 else ""), section)
        yield from numbered_headings(section.children, number + ".", level + 1)


_NUMBER = re.compile(r"^[-+]?[\d.,/:%e+\- ]*\d[\d.,/:%e+\- ]*$|^-$")


def numeric_columns(table: Table) -> list[bool]:
    if table.align:
        return [letter == "r" for letter in table.align]
    columns = []
    for index in range(len(table.headers)):
        texts = [cell_text(row[index]) for row in table.rows if index < len(row)]
        texts = [t for t in texts if t]
        columns.append(index > 0 and bool(texts) and all(_NUMBER.match(t) for t in texts))
    return columns


def cell_text(cell: CellLike) -> str:
    return cell.text if isinstance(cell, Cell) else cell




def legend_marks(table: Table) -> dict[str, int]:
    """How formats without colour mark the cells of each legend colour: the mark's number
    (0, 1, ...; the legend's last colour is -1, unmarked). Empty when the legend is a scale the
    cells' shades lie on (their text already gives the number)."""
    last = len(table.legend) - 1
    if last > 4:  # more colours than marks
        return {}
    colours = {colour: -1 if index == last else index
               for index, (colour, _) in enumerate(table.legend)}
    used = {cell.colour for row in table.rows for cell in row
            if isinstance(cell, Cell) and cell.colour}
    return colours if used and used <= set(colours) else {}
