"""What every renderer shares: section numbers and anchors, which table columns are numeric."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from edge.document.document import Cell, CellLike, Section, Table


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


def _headings(sections: Sequence[Section], prefix: str = "",
              level: int = 2) -> Iterator[_Heading]:
    for index, section in enumerate(sections, 1):
        number = f"{prefix}{index}"
        yield _Heading(level, number + ("." if level == 2 else ""), section)
        yield from _headings(section.children, number + ".", level + 1)


_NUMBER = re.compile(r"^[-+]?[\d.,/:%e+\- ]*\d[\d.,/:%e+\- ]*$|^-$")


def _numeric_columns(table: Table) -> list[bool]:
    if table.align:
        return [letter == "r" for letter in table.align]
    columns = []
    for index in range(len(table.headers)):
        texts = [_text(row[index]) for row in table.rows if index < len(row)]
        texts = [t for t in texts if t]
        columns.append(index > 0 and bool(texts) and all(_NUMBER.match(t) for t in texts))
    return columns


def _text(cell: CellLike) -> str:
    return cell.text if isinstance(cell, Cell) else cell


