"""The output formats every command shares, and the choice between them.

:func:`render` writes a :class:`Document` (one command's output) or a :class:`Report` in one of
:data:`FORMATS`; ``md``, ``tex``, ``htm`` and ``txt`` are accepted for their formats.
"""

from __future__ import annotations

from pathlib import Path

from edge.document.document import Document, Report
from edge.document.render_csv import _render_csv
from edge.document.render_html import _render_html, _render_html_document
from edge.document.render_json import _render_json
from edge.document.render_markdown import _render_markdown, _render_markdown_document
from edge.document.render_plain import _render_plain, _render_plain_document
from edge.document.render_tex import _render_tex, _render_tex_document
from edge.errors import EdgeError

FORMATS = ("plain", "markdown", "html", "latex", "csv", "json")
ALIASES = {"md": "markdown", "tex": "latex", "htm": "html", "txt": "plain", "text": "plain"}
FORMAT_NAMES = {**{name: name for name in FORMATS}, **ALIASES}
SUFFIXES = {"plain": ".txt", "markdown": ".md", "html": ".html", "latex": ".tex",
            "csv": ".csv", "json": ".json"}


def format_name(fmt: str | None = None, path: str | Path | None = None,
                default: str = "markdown") -> str:
    """The format from ``--format`` (an alias allowed) or from the output file's suffix."""
    if fmt:
        key = fmt.lower().lstrip(".")
        if key not in FORMAT_NAMES:
            raise EdgeError(f"Unknown format {fmt!r}: choose one of {', '.join(FORMATS)}.")
        return FORMAT_NAMES[key]
    if path is not None and Path(path).suffix:
        suffix = Path(path).suffix.lower().lstrip(".")
        if suffix not in FORMAT_NAMES:
            raise EdgeError(f"Cannot tell the format from {str(path)!r}: end it in "
                            f"{', '.join(SUFFIXES.values())}, or give --format.")
        return FORMAT_NAMES[suffix]
    return default


def render(document: Document | Report, fmt: str = "plain") -> str:
    """Render a document or a report in one of :data:`FORMATS` (or an alias)."""
    kind = format_name(fmt)
    if kind == "csv":
        return _render_csv(document)
    if kind == "json":
        return _render_json(document)
    if isinstance(document, Document):
        return {"plain": _render_plain_document, "markdown": _render_markdown_document,
                "html": _render_html_document, "latex": _render_tex_document}[kind](document)
    return {"plain": _render_plain, "markdown": _render_markdown, "html": _render_html,
            "latex": _render_tex}[kind](document)
