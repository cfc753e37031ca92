"""The plain-text renderer: what a terminal shows (tables in tabulate's "simple" layout)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

from tabulate import tabulate

from edge.document.document import Cell, Columns, Items, Paragraph, Preformatted, Table
from edge.document.layout import cell_text, legend_marks, numbered_headings, numeric_columns

if TYPE_CHECKING:
    from edge.document.document import Block, CellLike, Document, Report

WIDTH = 100


def wrap(text: str, indent: str = "", width: int = WIDTH) -> str:
    """Lines no wider than ``width`` (later lines indented by ``indent``), words kept whole."""
    return textwrap.fill(text, width, subsequent_indent=indent, break_on_hyphens=False,
                         break_long_words=False)


# how plain text marks the cells of a legend's first, second, third ... colour
_MARKS = ("*", "+", "#", "^")


def _marked(cell: CellLike, marks: dict[str, int]) -> str:
    text = cell_text(cell)
    mark = marks.get(cell.colour) if isinstance(cell, Cell) and text else None
    return text + _MARKS[mark] if mark is not None and 0 <= mark < len(_MARKS) else text


def tabulate_table(table: Table, tablefmt: str, marked: bool = False) -> str:
    """A table's text cells laid out by tabulate in ``tablefmt``, aligned as the table says;
    ``marked`` marks the cells of each legend colour with a symbol."""
    align = ["right" if numeric else "left" for numeric in numeric_columns(table)]
    marks = legend_marks(table) if marked else {}
    body = [[_marked(cell, marks) for cell in row] for row in table.rows]
    text: str = tabulate(body, headers=list(table.headers), tablefmt=tablefmt, colalign=align,
                         disable_numparse=True)
    return text


def _plain_block(block: Block) -> str:
    if isinstance(block, Paragraph):
        return wrap(block.text)
    if isinstance(block, Items) and block.aligned:
        width = max((len(item[0]) for item in block.items if isinstance(item, tuple)), default=0)
        return "\n".join(f"{item[0]:<{width}}  {item[1]}" if isinstance(item, tuple) else item
                         for item in block.items)
    if isinstance(block, Items):
        # a (label, text) pair wraps under itself; a line of text stays as it is
        return "\n".join(wrap(f"{item[0]}: {item[1]}", "  ") if isinstance(item, tuple)
                         else item for item in block.items)
    if isinstance(block, Table):
        parts = [block.caption] if block.caption else []
        parts.append(tabulate_table(block, "simple", marked=True))
        marks = legend_marks(block)
        if marks:
            parts.append("Key: " + "; ".join(
                f"{_MARKS[marks[colour]] if marks[colour] >= 0 else 'unmarked'}: {meaning}"
                for colour, meaning in block.legend) + ".")
        return "\n".join(parts)
    if isinstance(block, Preformatted):
        return block.text.rstrip("\n")
    if isinstance(block, Columns):
        return "\n\n".join(_plain_block(inner) for inner in block.blocks)
    return "\n\n".join(_plain_block(inner) for inner in block.fallback)


def plain_document(document: Document) -> str:
    blocks = [text for text in map(_plain_block, document.blocks) if text]
    head = [document.title] if document.title else []
    return "\n".join(head + ["\n\n".join(blocks)] if blocks else head) + "\n"


def plain_report(report: Report) -> str:
    out = [report.title, "=" * len(report.title), *report.subtitle]
    for head in numbered_headings(report.sections):
        out += ["", head.text, ("=" if head.level == 2 else "-") * len(head.text)]
        for block in head.section.blocks:
            text = _plain_block(block)
            if text:
                out += ["", text]
    return "\n".join(out) + "\n"
