"""The output formats every command shares, and the choice between them.

:func:`render` writes a :class:`Document` (one command's output) or a :class:`Report` in one of
:data:`FORMATS`; ``md``, ``tex``, ``htm`` and ``txt`` are accepted for their formats.
"""

from __future__ import annotations

from pathlib import Path

from edge.document.document import Document, Report, install_renderers
from edge.document.render_csv import csv_text
from edge.document.render_html import html_body, html_document, html_report, scoped_css
from edge.document.render_json import json_text
from edge.document.render_markdown import markdown_document, markdown_report
from edge.document.render_plain import plain_document, plain_report
from edge.document.render_tex import latex_document, latex_report
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
    if path is not None:
        suffix = Path(path).suffix.lower().lstrip(".")
        if suffix not in FORMAT_NAMES:          # no suffix, or one edge does not write
            raise EdgeError(f"Cannot tell the format from {str(path)!r}: end it in "
                            f"{', '.join(SUFFIXES.values())}, or give --format.")
        return FORMAT_NAMES[suffix]
    return default


def render(document: Document | Report, fmt: str = "plain") -> str:
    """Render a document or a report in one of :data:`FORMATS` (or an alias)."""
    kind = format_name(fmt)
    if kind == "csv":
        return csv_text(document)
    if kind == "json":
        return json_text(document)
    if isinstance(document, Document):
        return {"plain": plain_document, "markdown": markdown_document,
                "html": html_document, "latex": latex_document}[kind](document)
    return {"plain": plain_report, "markdown": markdown_report, "html": html_report,
            "latex": latex_report}[kind](document)


class _Renderers:
    """The renderers the document model's convenience methods call (see
    :func:`edge.document.document.install_renderers`)."""

    def render(self, document: Document | Report, fmt: str) -> str:
        return render(document, fmt)

    def notebook_html(self, report: Report) -> str:
        return (f"<div class=\"edge-report\"><style>{scoped_css()}</style>"
                f"{html_body(report)}</div>")


install_renderers(_Renderers())
