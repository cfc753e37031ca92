"""The report's appendix: long reference tables (every preflop class, every border hand) moved
from the strategy section to the end of the report, where they do not interrupt the reading.

A section of the player's strategy whose table has more than :data:`LONG_TABLE` rows goes to
the appendix whole; in its place a short paragraph says where it went.
"""

from __future__ import annotations

import dataclasses

from edge.document.document import Paragraph, Section, Table

LONG_TABLE = 40
STRATEGY_TITLE = "Player strategy"


def _long(section: Section) -> bool:
    return any(isinstance(block, Table) and len(block.rows) > LONG_TABLE
               for block in section.blocks)


def _split(section: Section, path: str, moved: list[Section]) -> Section:
    children = []
    for child in section.children:
        where = f"{path}, {child.title}" if path else child.title
        if _long(child):
            moved.append(dataclasses.replace(child, title=where, page_break=False))
            children.append(dataclasses.replace(child, blocks=(Paragraph(
                f"This table is long: it is in the appendix at the end of the report "
                f"(\"{where}\")."),), children=()))
        else:
            children.append(_split(child, where, moved))
    return dataclasses.replace(section, children=tuple(children))


def with_appendix(sections: list[Section]) -> list[Section]:
    """The sections with the strategy's long tables moved to an appendix at the end."""
    moved: list[Section] = []
    result = [_split(section, "", moved) if section.title == STRATEGY_TITLE else section
              for section in sections]
    if not moved:
        return result
    return result + [Section("Appendix: strategy tables", (Paragraph(
        "The strategy's long reference tables, in full."),), tuple(moved), page_break=True)]
