"""The markdown renderer: GitHub markdown, charts left out (their data is in the tables)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabulate import tabulate

from edge.document.document import Cell, Columns, Items, Paragraph, Preformatted, Table
from edge.document.layout import cell_text, legend_marks, numbered_headings, numeric_columns

if TYPE_CHECKING:
    from edge.document.document import Block, CellLike, Document, Report


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


# how markdown marks the cells of a legend's first, second, third ... colour
_MARKS = (("**", "**", "**bold**"), ("_", "_", "_italic_"),
          ("", " \u2020", "marked \u2020"), ("", " \u2021", "marked \u2021"))


def _md_cell(cell: CellLike, marks: dict[str, int] | None = None) -> str:
    text = _md_escape(cell_text(cell))
    if isinstance(cell, Cell) and text:
        mark = (marks or {}).get(cell.colour)
        if mark is not None and 0 <= mark < len(_MARKS):
            before, after, _ = _MARKS[mark]
            text = f"{before}{text}{after}"
        elif cell.kind in ("flag", "strong") and mark is None:
            text = f"**{text}**"
        if cell.link:
            text = f"[{text}]({cell.link})"
    return text


def _md_table(table: Table) -> str:
    numeric = numeric_columns(table)
    align = ["right" if n else "left" for n in numeric]
    marks = legend_marks(table)
    body = [[_md_cell(c, marks) for c in row] for row in table.rows]
    text = tabulate(body, headers=[_md_escape(h) for h in table.headers], tablefmt="github",
                    colalign=align, disable_numparse=True)
    parts = [f"**{_md_escape(table.caption)}**", "", text] if table.caption else [text]
    if marks:  # the key names the marks markdown shows, not colours it does not have
        names = [_MARKS[marks[colour]][2] if marks[colour] >= 0 else "plain"
                 for colour, _ in table.legend]
        parts += ["", "Key: " + "; ".join(
            f"{name}: {meaning}" for name, (_, meaning) in zip(names, table.legend,
                                                                strict=True)) + "."]
    return "\n".join(parts)


def _md_block(block: Block) -> str:
    if isinstance(block, Paragraph):
        return f"> {block.text}" if block.kind == "note" else (
            f"_{block.text}_" if block.kind == "meta" else block.text)
    if isinstance(block, Items):
        return "\n".join(f"- **{item[0]}**: {item[1]}" if isinstance(item, tuple)
                         else f"- {item}" for item in block.items)
    if isinstance(block, Table):
        return _md_table(block)
    if isinstance(block, Preformatted):
        return f"```\n{block.text.rstrip()}\n```"
    if isinstance(block, Columns):
        return "\n\n".join(_md_block(inner) for inner in block.blocks)
    return "\n\n".join(_md_block(inner) for inner in block.fallback)


def markdown_report(report: Report) -> str:
    heads = list(numbered_headings(report.sections))
    out = [f"# {report.title}", ""] + [line + "  " for line in report.subtitle]
    out += ["", "## Contents", ""]
    out += [f"- [{h.text}](#{h.anchor})" for h in heads if h.level == 2]
    for head in heads:
        out += ["", "#" * head.level + " " + head.text]
        for block in head.section.blocks:
            text = _md_block(block)
            if text:
                out += ["", text]
    return "\n".join(out).rstrip() + "\n"




def markdown_document(document: Document) -> str:
    out = [f"### {document.title}"] if document.title else []
    for block in document.blocks:
        text = _md_block(block)
        if text:
            out += ["", text] if out else [text]
    return "\n".join(out) + "\n"
