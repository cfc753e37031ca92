"""The document model every command's output is built as, and its renderers.

A :class:`Document` is one command's output (a title and blocks: paragraphs, lists, tables,
preformatted text, charts); a :class:`Report` is a title and :class:`Section` s of blocks.
:func:`render` writes either in one of :data:`FORMATS`. The model knows no game and no command:
games, reports, tuning and simulation build documents; the renderers lay them out.
"""

from edge.document.document import Block as Block
from edge.document.document import Cell as Cell
from edge.document.document import CellLike as CellLike
from edge.document.document import Chart as Chart
from edge.document.document import Columns as Columns
from edge.document.document import Document as Document
from edge.document.document import Items as Items
from edge.document.document import Paragraph as Paragraph
from edge.document.document import Preformatted as Preformatted
from edge.document.document import Report as Report
from edge.document.document import Section as Section
from edge.document.document import Table as Table
from edge.document.render import FORMATS as FORMATS
from edge.document.render import format_name as format_name
from edge.document.render import render as render
from edge.document.returns import return_table_document as return_table_document
from edge.table import ReturnTable, install_table_renderer


def _render_return_table(table: ReturnTable, fmt: str) -> str:
    return render(return_table_document(table), fmt)


install_table_renderer(_render_return_table)
