"""The report as a small document: sections of paragraphs, lists, tables, charts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from edge.table import ReturnTable

if TYPE_CHECKING:
    from matplotlib.figure import Figure


@dataclass(frozen=True)
class Cell:
    """A table cell with a style: ``flag`` (highlighted), ``exact`` (long fraction), ``strong``;
    ``colour`` fills it (hex, for charts drawn as coloured grids); ``link`` makes it a link."""

    text: str
    kind: str = ""
    colour: str = ""
    link: str = ""


CellLike = str | Cell


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of plain text; ``kind`` is ``""``, ``note`` or ``meta``."""

    text: str
    kind: str = ""


@dataclass(frozen=True)
class Items:
    """A bulleted list; an item is text, or a (label, text) pair shown as "label: text".

    ``aligned`` lays the pairs out as two columns in plain text (labels padded to one width).
    """

    items: tuple[str | tuple[str, str], ...]
    aligned: bool = False


@dataclass(frozen=True)
class Table:
    """A table of text cells. The last ``footer`` rows are totals; ``legend`` explains colours."""

    headers: tuple[str, ...]
    rows: tuple[tuple[CellLike, ...], ...]
    caption: str = ""
    footer: int = 0
    legend: tuple[tuple[str, str], ...] = ()  # (colour, meaning)
    align: str = ""  # one letter per column, "l" or "r"; empty: numbers right, text left


@dataclass(frozen=True)
class Preformatted:
    """Monospaced text kept as it is (a strategy printout); ``wrap`` lets a long line (a
    command, a digest) break across lines."""

    text: str
    wrap: bool = False


@dataclass(frozen=True)
class Chart:
    """A matplotlib chart, inline SVG in HTML; markdown and LaTeX show ``fallback`` instead."""

    caption: str
    draw: Callable[[], Figure]
    fallback: tuple[Block, ...] = ()


@dataclass(frozen=True)
class Columns:
    """Blocks side by side where the page is wide enough (one after another elsewhere)."""

    blocks: tuple[Block, ...]


Block = Paragraph | Items | Table | Preformatted | Chart | Columns


@dataclass(frozen=True)
class Section:
    """A titled part of a report; ``page_break`` marks a large section. No renderer forces a
    page break (one leaves a page nearly empty): LaTeX starts such a top-level section on a
    new page when less than 40% of the page is left, HTML keeps every heading with what
    follows."""

    title: str
    blocks: tuple[Block, ...] = ()
    children: tuple[Section, ...] = ()
    page_break: bool = False


# A JSON-ready value (what ``json.dumps`` writes): built by whoever builds the document.
JsonValue = object
Context = tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Document:
    """One command's output (a return table, a strategy, a tuning or simulation result).

    ``title`` and ``blocks`` are what every text format shows; ``context`` (game, bet, pay
    table, options) goes into every CSV row; ``records`` is the one rectangle CSV writes
    (default: the document's only table); ``data`` is the JSON contract, built with the
    document from the exact figures (a renderer never recomputes one).
    """

    title: str
    blocks: tuple[Block, ...]
    context: Context = ()
    records: Table | None = None
    data: Mapping[str, JsonValue] | None = None

    def render(self, fmt: str = "plain") -> str:
        """The document in one of :data:`edge.document.FORMATS`."""
        from edge.document.render import render
        return render(self, fmt)


@dataclass(frozen=True)
class Report:
    """A whole report: a title, lines under it, sections, and the tables it was built from.

    ``context`` goes into every CSV row (game, bet, ...); ``data`` is added to its JSON;
    ``document_id`` and ``revision`` go in the header of every printed page.
    """

    title: str
    subtitle: tuple[str, ...]
    sections: tuple[Section, ...]
    game: str = ""
    tables: Mapping[str, ReturnTable] = field(default_factory=dict)
    game_title: str = ""
    context: Context = ()
    data: Mapping[str, JsonValue] | None = None
    document_id: str = ""
    revision: str = ""

    def render(self, fmt: str = "html") -> str:
        """The report in one of :data:`edge.document.FORMATS`."""
        from edge.document.render import render
        return render(self, fmt)

    def to_html(self) -> str:
        """One self-contained HTML page."""
        from edge.document.render import render
        return render(self, "html")

    def to_markdown(self) -> str:
        """GitHub markdown (charts are left out; their data is in the tables)."""
        from edge.document.render import render
        return render(self, "markdown")

    def to_tex(self) -> str:
        """A LaTeX document (article class, standard packages)."""
        from edge.document.render import render
        return render(self, "latex")

    def _repr_html_(self) -> str:
        from edge.document.render_html import _html_body, scoped_css
        return f"<div class=\"edge-report\"><style>{scoped_css()}</style>{_html_body(self)}</div>"


def _version() -> str:
    from edge import __version__
    return __version__

