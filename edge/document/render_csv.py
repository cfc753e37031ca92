"""The CSV renderer: one rectangle per output, every row carrying the document's context.

A document with one table (or with ``records``) is written as that table, with the context
columns (game, bet, pay table, options) first. Anything else (a report, a document of several
tables or of text only) is written long: one row per table cell or text block, naming its
section, block, row and column.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import TYPE_CHECKING

from edge.document.document import Chart, Columns, Document, Items, Paragraph, Table
from edge.document.layout import cell_text, numbered_headings

if TYPE_CHECKING:
    from edge.document.document import Block, Report

LONG_COLUMNS = ("section", "block", "row", "column", "value")


def _tables(blocks: tuple[Block, ...]) -> Iterator[Table]:
    for block in blocks:
        if isinstance(block, Table):
            yield block
        elif isinstance(block, Columns):
            yield from _tables(block.blocks)
        elif isinstance(block, Chart):
            yield from _tables(block.fallback)


def _long_rows(section: str, blocks: tuple[Block, ...]) -> Iterator[list[str]]:
    for number, block in enumerate(blocks, 1):
        if isinstance(block, Table):
            name = block.caption or f"table {number}"
            for index, row in enumerate(block.rows, 1):
                for head, cell in zip(block.headers, row, strict=False):
                    yield [section, name, str(index), head, cell_text(cell)]
        elif isinstance(block, Columns):
            yield from _long_rows(section, block.blocks)
        elif isinstance(block, Chart):
            yield from _long_rows(section, block.fallback)
        elif isinstance(block, Items):
            for index, item in enumerate(block.items, 1):
                label, text = item if isinstance(item, tuple) else ("text", item)
                yield [section, "items", str(index), label, text]
        elif isinstance(block, Paragraph):
            yield [section, "paragraph", "1", "text", block.text]
        else:
            yield [section, "preformatted", "1", "text", block.text]


def csv_text(document: Document | Report) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    names = [name for name, _ in document.context]
    values = [value for _, value in document.context]
    if isinstance(document, Document):
        tables = list(_tables(document.blocks))
        table = document.records or (tables[0] if len(tables) == 1 else None)
        if table is not None:
            writer.writerow(names + list(table.headers))
            for row in table.rows:
                writer.writerow(values + [cell_text(cell) for cell in row])
            return out.getvalue()
        rows = list(_long_rows(document.title, document.blocks))
    else:
        rows = [line for head in numbered_headings(document.sections)
                for line in _long_rows(head.text, head.section.blocks)]
    writer.writerow(names + list(LONG_COLUMNS))
    writer.writerows(values + line for line in rows)
    return out.getvalue()
