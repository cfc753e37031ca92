"""Report formats and the choice between them: ``render`` a report as HTML, markdown or LaTeX."""

from __future__ import annotations

from pathlib import Path

from edge.document.document import Report
from edge.document.render_html import _render_html
from edge.document.render_markdown import _render_markdown
from edge.document.render_tex import _render_tex
from edge.errors import EdgeError

FORMATS = ("html", "markdown", "tex")
FORMAT_NAMES = {"html": "html", "htm": "html", "markdown": "markdown", "md": "markdown",
                "tex": "tex", "latex": "tex"}
SUFFIXES = {"html": ".html", "markdown": ".md", "tex": ".tex"}


def format_name(fmt: str | None = None, path: str | Path | None = None) -> str:
    """The report format from ``--format`` or the output file's suffix (default markdown)."""
    if fmt:
        key = fmt.lower().lstrip(".")
        if key not in FORMAT_NAMES:
            raise EdgeError(f"Unknown report format {fmt!r}: choose html, markdown or tex.")
        return FORMAT_NAMES[key]
    if path is not None and Path(path).suffix:
        suffix = Path(path).suffix.lower().lstrip(".")
        if suffix not in FORMAT_NAMES:
            raise EdgeError(f"Cannot tell the report format from {str(path)!r}: end it in "
                            ".html, .md or .tex, or give --format.")
        return FORMAT_NAMES[suffix]
    return "markdown"


def render(report: Report, fmt: str = "html") -> str:
    """Render a report as ``html``, ``markdown`` or ``tex``."""
    kind = format_name(fmt)
    if kind == "html":
        return _render_html(report)
    if kind == "markdown":
        return _render_markdown(report)
    return _render_tex(report)


