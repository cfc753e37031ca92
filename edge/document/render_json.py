"""The JSON renderer: a document's own ``data`` (its stable contract), else its structure."""

from __future__ import annotations

import json
import math
from typing import TYPE_CHECKING

from edge.document.document import Cell, Chart, Columns, Document, Items, Paragraph, Table

if TYPE_CHECKING:
    from edge.document.document import Block, JsonValue, Report, Section


def _block_data(block: Block) -> dict[str, JsonValue]:
    if isinstance(block, Paragraph):
        return {"type": "paragraph", "kind": block.kind, "text": block.text}
    if isinstance(block, Items):
        return {"type": "items", "items": [list(item) if isinstance(item, tuple) else item
                                           for item in block.items]}
    if isinstance(block, Table):
        return {"type": "table", "caption": block.caption, "headers": list(block.headers),
                "rows": [[cell.text if isinstance(cell, Cell) else cell for cell in row]
                         for row in block.rows], "footer": block.footer}
    if isinstance(block, Columns):
        return {"type": "columns", "blocks": [_block_data(inner) for inner in block.blocks]}
    if isinstance(block, Chart):
        return {"type": "chart", "caption": block.caption,
                "fallback": [_block_data(inner) for inner in block.fallback]}
    return {"type": "preformatted", "text": block.text}


def _section_data(section: Section) -> dict[str, JsonValue]:
    return {"title": section.title, "blocks": [_block_data(b) for b in section.blocks],
            "sections": [_section_data(child) for child in section.children]}


def finite(data: JsonValue) -> JsonValue:
    """``data`` with every infinite or undefined number made ``None`` (JSON ``null``): JSON has
    no ``Infinity`` or ``NaN``, and a reader in another language would refuse the file (a
    standard error from fewer than two draws is infinite)."""
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {key: finite(value) for key, value in data.items()}
    if isinstance(data, list):
        return [finite(value) for value in data]
    return data


def _dump(data: JsonValue) -> str:
    return json.dumps(finite(data), indent=2, allow_nan=False) + "\n"


def json_text(document: Document | Report) -> str:
    if isinstance(document, Document):
        if document.data is not None:
            return _dump(document.data)
        return _dump({"title": document.title, "context": dict(document.context),
                      "blocks": [_block_data(b) for b in document.blocks]})
    data: dict[str, JsonValue] = {"title": document.title, "subtitle": list(document.subtitle),
                                  "context": dict(document.context)}
    if document.data is not None:
        data.update(document.data)
    data["sections"] = [_section_data(s) for s in document.sections]
    return _dump(data)
