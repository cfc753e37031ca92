"""The report as a small document: sections of paragraphs, lists, tables, charts."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from edge.table import ReturnTable
from edge.version import __version__

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

    def __post_init__(self) -> None:
        if self.align and len(self.align) != len(self.headers):
            raise ValueError(f"table {self.caption!r}: {len(self.align)} alignments for "
                             f"{len(self.headers)} columns")
        for row in self.rows:
            if len(row) != len(self.headers):
                raise ValueError(f"table {self.caption!r}: a row of {len(row)} cells under "
                                 f"{len(self.headers)} columns")


@dataclass(frozen=True)
class Preformatted:
    """Monospaced text kept as it is (a strategy printout); ``wrap`` lets a long line (a
    command, a digest) break across lines."""

    text: str
    wrap: bool = False


@dataclass(frozen=True)
class Chart:
    """A matplotlib chart, inline SVG in HTML; markdown and LaTeX show ``fallback`` instead.

    ``draw`` is a module-level function with its data bound (``functools.partial``), never a
    closure or a lambda: a report then pickles (the tests share one between processes)."""

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
    follows. ``keep_last`` keeps the section's last blocks together on one page (the
    certified holds with the signature under them)."""

    title: str
    blocks: tuple[Block, ...] = ()
    children: tuple[Section, ...] = ()
    page_break: bool = False
    keep_last: int = 0  # the last this many blocks are printed on one page (HTML, LaTeX)
    # how the section's figures were made where not by exact enumeration (what is simulated,
    # approximated or dealt), in sentences the report's Method section states; never printed
    # in the section itself
    method: tuple[str, ...] = ()


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
        return _installed().render(self, fmt)


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
        return _installed().render(self, fmt)

    def to_html(self) -> str:
        """One self-contained HTML page."""
        return self.render("html")

    def to_markdown(self) -> str:
        """GitHub markdown (charts are left out; their data is in the tables)."""
        return self.render("markdown")

    def to_tex(self) -> str:
        """A LaTeX document (article class, standard packages)."""
        return self.render("latex")

    def _repr_html_(self) -> str:
        return _installed().notebook_html(self)


def edge_version() -> str:
    """The version of edge that made a document."""
    return __version__


class Renderers(Protocol):
    """What the renderers (edge.document.render, a layer above this model) provide to the
    model's convenience methods; installed when edge.document is imported."""

    def render(self, document: Document | Report, fmt: str) -> str:
        """The document in a format."""

    def notebook_html(self, report: Report) -> str:
        """The report as an HTML fragment for a notebook."""


_renderers: list[Renderers] = []


def install_renderers(renderers: Renderers) -> None:
    """Make ``renderers`` the ones the model's ``render``/``to_html``... methods call."""
    _renderers[:] = [renderers]


def _installed() -> Renderers:
    # edge/document/__init__.py installs them, and it runs before this module can be imported
    if not _renderers:
        raise RuntimeError("no renderers installed: import edge.document")
    return _renderers[0]

