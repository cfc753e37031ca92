"""The output formats every command shares, and the choice between them.

:func:`render` writes a :class:`Document` (one command's output) or a :class:`Report` in one of
:data:`FORMATS`; ``md``, ``tex``, ``htm`` and ``txt`` are accepted for their formats.
"""

from __future__ import annotations

from pathlib import Path

from edge.document.document import Document, Report, install_renderers
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
    """Render a document or a report in one of :data:`FORMATS` (or an alias); the format's
    renderer is imported when it is first used."""
    kind = format_name(fmt)
    if kind == "csv":
        from edge.document.render_csv import csv_text
        return csv_text(document)
    if kind == "json":
        from edge.document.render_json import json_text
        return json_text(document)
    if kind == "plain":
        from edge.document.render_plain import plain_document, plain_report
        return plain_document(document) if isinstance(document, Document) \
            else plain_report(document)
    if kind == "markdown":
        from edge.document.render_markdown import markdown_document, markdown_report
        return markdown_document(document) if isinstance(document, Document) \
            else markdown_report(document)
    if kind == "html":
        from edge.document.render_html import html_document, html_report
        return html_document(document) if isinstance(document, Document) \
            else html_report(document)
    from edge.document.render_tex import latex_document, latex_report
    return latex_document(document) if isinstance(document, Document) \
        else latex_report(document)


class _Renderers:
    """The renderers the document model's convenience methods call (see
    :func:`edge.document.document.install_renderers`)."""

    def render(self, document: Document | Report, fmt: str) -> str:
        return render(document, fmt)

    def notebook_html(self, report: Report) -> str:
        from edge.document.render_html import html_body, scoped_css
        return (f"<div class=\"edge-report\"><style>{scoped_css()}</style>"
                f"{html_body(report)}</div>")


install_renderers(_Renderers())
