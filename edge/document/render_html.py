"""The HTML renderer: one self-contained page, charts as inline SVG, print styles."""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from edge.document.document import (
    Cell,
    Chart,
    Columns,
    Items,
    Paragraph,
    Preformatted,
    Table,
    edge_version,
)
from edge.document.layout import cell_text, numbered_headings, numeric_columns
from edge.document.render_plain import tabulate_table

if TYPE_CHECKING:
    from edge.document.document import Block, CellLike, Document, Report

SCREEN_CSS = """
:root { --ink: #1b1f24; --muted: #57606a; --rule: #d0d7de; --head: #eef1f5; --accent: #1565c0; }
body { font: 10.5pt/1.45 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: var(--ink);
  max-width: 60rem; margin: 1.5rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.65rem; margin: 0 0 .3rem; }
h2 { font-size: 1.3rem; border-bottom: 2px solid var(--accent); padding-bottom: .15rem;
  margin-top: 2rem; }
h3 { font-size: 1.08rem; margin-top: 1.5rem; }
h4 { font-size: 1rem; margin-top: 1.2rem; }
p.meta, .subtitle { color: var(--muted); }
p.subtitle { margin: .15rem 0; }
p.note { background: #fff8e1; border-left: 3px solid #f9a825; padding: .3rem .6rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: 8.8pt;
  font-variant-numeric: tabular-nums; }
caption { caption-side: top; text-align: left; font-weight: bold; padding-bottom: .25rem; }
caption.short { white-space: nowrap; }
table.wide { font-size: 7.6pt; }
table.wider { font-size: 6.8pt; }
table.wide th, table.wider th { white-space: normal; }
div.columns { display: flex; flex-wrap: wrap; gap: 0 1.5rem; align-items: flex-start; }
th, td { border: 1px solid var(--rule); padding: .15rem .45rem; vertical-align: top; }
th { background: var(--head); text-align: left; }
td.n, th.n { text-align: right; }
td.n { white-space: nowrap; }
td.exact { overflow-wrap: break-word; white-space: normal; max-width: 24rem; }
td.strong { font-weight: bold; }
td.flag span { background: #ffe08a; color: #5c4400; border-radius: 3px; padding: 0 .3rem;
  font-weight: bold; font-size: 8pt; }
table.grid td { text-align: center; min-width: 2.1rem; padding: .1rem .2rem; font-size: 8pt; }
table.grid th { text-align: center; }
tr.total td { font-weight: bold; background: #f6f8fa; border-top: 2px solid var(--rule); }
.legend span.swatch { display: inline-block; width: .9em; height: .9em; margin: 0 .3em 0 .9em;
  vertical-align: -.1em; border: 1px solid #999; }
figure { margin: .6rem 0 1.2rem; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 8.8pt; color: var(--muted); }
pre { background: #f6f8fa; border: 1px solid var(--rule); padding: .5rem .7rem; font-size: 8.3pt;
  overflow-x: auto; }
pre.wrap { white-space: pre-wrap; overflow-wrap: anywhere; }
pre.wrap > span { display: block; padding-left: 2em; text-indent: -2em; }
pre.wrap span.w { white-space: nowrap; }
nav.toc ol { columns: 2; font-size: 9.5pt; list-style: none; padding-left: 1rem; }
nav.toc li { break-inside: avoid; }
a { color: var(--accent); }
""".strip()
PRINT_CSS = """
@page { size: A4; margin: 16mm 12mm 15mm;
  @bottom-right { content: "page " counter(page) " of " counter(pages);
    font: 7.5pt "DejaVu Sans", Arial, sans-serif; color: #57606a; } }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 9.5pt; }
  h2 { margin-top: 1.4rem; }
  h2, h3, h4, h5 { break-after: avoid; page-break-after: avoid; }
  tr, figure, p.note, table.small, table.grid, div.keep, tbody.keep { break-inside: avoid;
    page-break-inside: avoid; }
  pre.wrap, pre.narrow { break-inside: avoid; page-break-inside: avoid; }
  div.room { height: 9rem; margin-bottom: -9rem; }
  thead { display: table-header-group; }
  pre { white-space: pre-wrap; overflow: visible; }
  figure svg { max-height: 150mm; }
  a { color: inherit; text-decoration: none; }
}
""".strip()

CSS = SCREEN_CSS + "\n" + PRINT_CSS


def scoped_css(scope: str = ".edge-report") -> str:
    """The screen styles with every selector inside ``scope``, for a report shown within
    another page (a notebook), so the page's own styles are left alone."""
    def scope_rule(match: re.Match[str]) -> str:
        selectors = [sel.strip() for sel in match.group(1).split(",")]
        scoped = [scope if sel in (":root", "body") else f"{scope} {sel}" for sel in selectors]
        return ", ".join(scoped) + " {"
    return re.sub(r"^([^{}\n][^{}]*?)\s*\{", scope_rule, SCREEN_CSS, flags=re.M)


def _html_cell(cell: CellLike, numeric: bool, tag: str = "td") -> str:
    text = html.escape(cell_text(cell))
    classes = ["n"] if numeric else []
    style = ""
    if isinstance(cell, Cell):
        if cell.kind:
            classes.append(cell.kind)
        if cell.kind == "exact":
            # a fraction breaks after its slash, never inside its numerator or denominator
            text = text.replace("/", "/<wbr>")
        if cell.kind == "flag" and text:
            text = f"<span>{text}</span>"
        if cell.link:
            text = f"<a href=\"{html.escape(cell.link)}\">{text}</a>"
        if cell.colour:
            style = f" style=\"background:{html.escape(cell.colour)}\""
    attrs = f" class=\"{' '.join(classes)}\"" if classes else ""
    return f"<{tag}{attrs}{style}>{text}</{tag}>"


# a table of more rows may break across pages (a longer one kept whole could leave much of
# a page blank); its first and last rows this many are kept together
_SMALL_ROWS, _KEPT_ROWS, _KEPT_LINES = 16, 3, 8


def _row_lines(table: Table) -> list[int]:
    """About how many printed lines each of a table's rows takes: a row of long text wraps (a
    column holds some 40 characters when others share the line, the line some 100)."""
    lengths = [[len(cell_text(cell)) for cell in row] or [0] for row in table.rows]
    return [1 + max(max(row) // 40, sum(row) // 100) for row in lengths]


def _table_lines(table: Table) -> int:
    """About how many printed lines a table's rows take (:func:`_row_lines`)."""
    return sum(_row_lines(table))


def _kept_rows(lines: list[int]) -> int:
    """How many rows at one end of a table (their printed lines, from that end) are kept on
    one page with it: up to ``_KEPT_ROWS`` within ``_KEPT_LINES`` lines, one at least (rows of
    long text kept together could not fit below a heading and would leave it alone)."""
    kept = total = 0
    for count in lines[:_KEPT_ROWS]:
        if kept and total + count > _KEPT_LINES:
            break
        kept += 1
        total += count
    return kept


def _table_classes(table: Table, grid: bool) -> list[str]:
    """``grid`` (a coloured chart), ``small`` (kept on one printed page), ``wide``/``wider``
    (many columns: a smaller type so the table fits the page's width)."""
    classes = ["grid"] if grid else []
    if _table_lines(table) <= _SMALL_ROWS:
        classes.append("small")
    # a column of long text wraps: it counts as 30 characters
    width = sum(min(30, max([len(cell_text(c)) for c in column] or [0])) + 2 for column in
                zip(table.headers, *table.rows, strict=False))
    if not grid and (len(table.headers) >= 10 or width > 150):
        classes.append("wider")
    elif not grid and (len(table.headers) >= 7 or width > 110):
        classes.append("wide")
    return classes


def _html_table(table: Table) -> str:
    numeric = numeric_columns(table)
    grid = any(isinstance(c, Cell) and c.colour for row in table.rows for c in row)
    classes = _table_classes(table, grid)
    out = [f"<table class=\"{' '.join(classes)}\">" if classes else "<table>"]
    if table.caption:
        short = " class=\"short\"" if len(table.caption) <= 80 else ""
        out.append(f"<caption{short}>{_prose(table.caption)}</caption>")
    out.append("<thead><tr>" + "".join(
        _html_cell(h, n, "th") for h, n in zip(table.headers, numeric, strict=True))
        + "</tr></thead>")
    # totals are the last body rows, not a <tfoot>: a printed <tfoot> repeats on every page
    split = len(table.rows) - table.footer
    # a table that may break across pages keeps its first and last rows (with the totals)
    # in row groups that do not break: no page holds a lone row or a lone total
    breaks = "small" not in classes and not grid
    lines = _row_lines(table)[:split]
    first = _kept_rows(lines) if breaks else 0
    last = _kept_rows(lines[::-1]) if breaks else 0
    groups = [(0, first), (first, max(first, split - last)), (max(first, split - last),
                                                              len(table.rows))]
    for start, stop in groups:
        if start == stop:
            continue
        kept = " class=\"keep\"" if breaks and (start, stop) != groups[1] else ""
        out.append(f"<tbody{kept}>")
        for index in range(start, stop):
            cells = [_html_cell(c, n, "th" if grid and i == 0 else "td")
                     for i, (c, n) in enumerate(zip(table.rows[index], numeric, strict=False))]
            total = " class=\"total\"" if index >= split else ""
            out.append(f"<tr{total}>" + "".join(cells) + "</tr>")
        out.append("</tbody>")
    out.append("</table>")
    if table.legend:
        out.append("<p class=\"legend\">" + "".join(
            f"<span class=\"swatch\" style=\"background:{html.escape(colour)}\"></span>"
            f"{html.escape(meaning)}" for colour, meaning in table.legend) + "</p>")
    return "\n".join(out)


def _prose(text: str) -> str:
    """Running text as HTML: escaped, and inline code (a command written between backticks)
    set as code, without the backticks."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def _unbroken(line: str) -> str:
    """A command's line with each word kept whole (a browser would break ``--set`` after its
    hyphens); only a word too long for any line may still break."""
    def keep(word: re.Match[str]) -> str:
        text = word.group(0)
        return f"<span class=\"w\">{text}</span>" if len(text) <= 90 else text
    return re.sub(r"\S{2,}", keep, html.escape(line))


# A4 less the margins is about 186 mm: 105 characters of 8 pt DejaVu Sans Mono
_PRE_COLUMNS, _PRE_POINTS, _PRE_SMALLEST = 105, 8.0, 5.5


def _html_pre(block: Preformatted) -> str:
    """Commands and digests (``wrap``): one line each, a long one wrapped at spaces under a
    hanging indent; a printout: the type made smaller until its widest line fits the page."""
    if block.wrap:
        lines = "".join(f"<span>{_unbroken(line)}\n</span>"
                        for line in block.text.rstrip("\n").split("\n"))
        return f"<pre class=\"wrap\">{lines}</pre>"
    widest = max((len(line) for line in block.text.split("\n")), default=0)
    style = ""
    if widest > _PRE_COLUMNS:
        points = max(_PRE_SMALLEST, _PRE_POINTS * _PRE_COLUMNS / widest)
        style = f" style=\"font-size:{points:.1f}pt\""
    narrow = " class=\"narrow\"" if block.text.count("\n") < 60 else ""
    return f"<pre{narrow}{style}>{html.escape(block.text)}</pre>"


def _html_block(block: Block, charts: Iterator[int]) -> str:
    if isinstance(block, Paragraph):
        kind = f" class=\"{block.kind}\"" if block.kind else ""
        return f"<p{kind}>{_prose(block.text)}</p>"
    if isinstance(block, Items):
        items = []
        for item in block.items:
            if isinstance(item, tuple):
                items.append(f"<li><b>{_prose(item[0])}</b>: {_prose(item[1])}</li>")
            else:
                items.append(f"<li>{_prose(item)}</li>")
        return "<ul>" + "".join(items) + "</ul>"
    if isinstance(block, Table):
        return _html_table(block)
    if isinstance(block, Preformatted):
        return _html_pre(block)
    if isinstance(block, Columns):
        return ("<div class=\"columns\">" + "".join(
            f"<div>{_html_block(inner, charts)}</div>" for inner in block.blocks) + "</div>")
    from edge.document.charts import to_svg
    svg = to_svg(block.draw(), f"chart{next(charts)}-")
    return (f"<figure>{svg}<figcaption>{html.escape(block.caption)}"
            "</figcaption></figure>")


def html_body(report: Report) -> str:
    heads = list(numbered_headings(report.sections))
    charts = itertools.count(1)
    out = [f"<header><h1>{html.escape(report.title)}</h1>"]
    out += [f"<p class=\"subtitle\">{html.escape(line)}</p>" for line in report.subtitle]
    out.append("</header>")
    toc = "".join(f"<li><a href=\"#{h.anchor}\">{html.escape(h.text)}</a></li>"
                  for h in heads if h.level == 2)
    out.append(f"<nav class=\"toc\"><h2>Contents</h2><ol>{toc}</ol></nav>")
    # a heading is kept on one page with the headings straight under it and the first block
    # that follows (Chromium does not always honour break-after: avoid on a heading)
    kept: list[str] = []
    for head in heads:
        section = head.section
        kept.append(f"<h{head.level} id=\"{head.anchor}\">{html.escape(head.text)}"
                    f"</h{head.level}>")
        if not section.blocks:
            continue
        cut = len(section.blocks) - min(section.keep_last, len(section.blocks))
        blocks = _kept_together(section.blocks[:cut], charts)
        if cut < len(section.blocks):
            blocks.append("<div class=\"keep\">" + "\n".join(
                _html_block(block, charts) for block in section.blocks[cut:]) + "</div>")
        # the first block, and after a first paragraph the block it introduces if short
        first, *others = section.blocks
        introduces = isinstance(first, Paragraph) and first.text.rstrip().endswith(":")
        count = 2 if (others and isinstance(first, Paragraph) and not introduces
                      and _keepable(others[0], 12)) else 1
        if (section.children and len(section.blocks) <= 2
                and all(isinstance(block, Paragraph) for block in section.blocks)):
            # a short introduction to subsections stays with the first of them
            kept += blocks
            continue
        if _keepable(first) and not (introduces and others and not _keepable(others[0])):
            # before a long block, room for its first lines too (else the heading is left
            # at the page's foot): a spacer that takes no room on the page itself
            room = ("<div class=\"room\"></div>" if len(section.blocks) > count
                    and not _keepable(section.blocks[count]) else "")
            out.append("<div class=\"keep\">" + "\n".join(kept + blocks[:count]) + room
                       + "</div>")
            out += blocks[count:]
        else:
            # a long table or printout breaks across pages: the heading needs room below it
            # for the block's first lines
            out.append("<div class=\"keep\">" + "\n".join(kept)
                       + "<div class=\"room\"></div></div>")
            out += blocks
        kept = []
    out += kept
    return "\n".join(out)


def _kept_together(blocks: tuple[Block, ...], charts: Iterator[int]) -> list[str]:
    """The blocks in HTML, a paragraph that ends in a colon kept on one page with the short
    block it introduces."""
    out: list[str] = []
    held = ""
    for block in blocks:
        text = _html_block(block, charts)
        if held:
            out.append(f"<div class=\"keep\">{held}\n{text}</div>" if _keepable(block)
                       else f"{held}\n{text}")
            held = ""
        elif isinstance(block, Paragraph) and block.text.rstrip().endswith(":"):
            held = text
        else:
            out.append(text)
    return out + ([held] if held else [])


def _keepable(block: Block, lines: int = _SMALL_ROWS) -> bool:
    """Whether a block is short enough (``lines`` rows or lines) to keep on one page with
    its heading."""
    if isinstance(block, Table):
        return _table_lines(block) <= lines
    if isinstance(block, Preformatted):
        return block.text.count("\n") < lines
    if isinstance(block, Columns):
        return all(_keepable(inner, lines) for inner in block.blocks)
    # a chart never breaks: its heading goes with it
    return isinstance(block, Paragraph | Items | Chart)


def _css_string(text: str) -> str:
    """``text`` as a CSS string literal (quotes, backslashes and ``<`` escaped)."""
    escaped = text.replace("\\", "\\\\").replace("\"", "\\\"").replace("<", "\\3c ")
    return "\"" + " ".join(escaped.split()) + "\""


def page_css(report: Report) -> str:
    """The printed page's header: the report's title on the left, its document ID and
    revision on the right (the footer's "page x of y" is in :data:`PRINT_CSS`)."""
    ident = ", ".join(part for part in (
        f"document {report.document_id}" if report.document_id else "",
        f"revision {report.revision}" if report.revision else "") if part)
    boxes = [f"@top-left {{ content: {_css_string(report.title)}; }}"]
    if ident:
        boxes.append(f"@top-right {{ content: {_css_string(ident)}; }}")
    font = "font: 7.5pt \"DejaVu Sans\", Arial, sans-serif; color: #57606a;"
    return "@page { " + " ".join(box.replace("; }", f"; {font} }}") for box in boxes) + " }"


def html_report(report: Report) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<meta name=\"generator\" content=\"edge {html.escape(edge_version())}\">\n"
            f"<title>{html.escape(report.title)}</title>\n<style>\n{CSS}\n{page_css(report)}\n"
            "</style>\n"
            f"</head>\n<body>\n{html_body(report)}\n</body>\n</html>\n")




def _html_fragment_block(block: Block) -> str:
    if isinstance(block, Paragraph):
        text = _prose(block.text)
        return f"<p><i>{text}</i></p>\n" if block.kind in ("note", "meta") else f"<p>{text}</p>\n"
    if isinstance(block, Items):
        items = "".join(f"<li><b>{_prose(item[0])}</b>: {_prose(item[1])}</li>\n"
                        if isinstance(item, tuple) else f"<li>{_prose(item)}</li>\n"
                        for item in block.items)
        return f"<ul>\n{items}</ul>\n"
    if isinstance(block, Table):
        caption = f"<p><b>{html.escape(block.caption)}</b></p>\n" if block.caption else ""
        return caption + tabulate_table(block, "html") + "\n"
    if isinstance(block, Preformatted):
        return f"<pre>{html.escape(block.text)}</pre>\n"
    if isinstance(block, Columns):
        return "".join(_html_fragment_block(inner) for inner in block.blocks)
    return "".join(_html_fragment_block(inner) for inner in block.fallback)


def html_document(document: Document) -> str:
    """A command's output as an HTML fragment (one ``div``) to paste into a page."""
    title = f"<h3>{html.escape(document.title)}</h3>\n" if document.title else ""
    body = "".join(_html_fragment_block(block) for block in document.blocks)
    return f"<div class=\"edge-table\">\n{title}{body}</div>\n"
