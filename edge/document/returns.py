"""A return table as a document: what ``edge table`` prints in every format.

The blocks are the table's header (game, bet, pay table, options), its rows, its figures and
its notes; ``data`` is the table's JSON contract (:meth:`ReturnTable.to_dict`); ``records``, the
rectangle CSV writes, is one line per outcome with exact and decimal values and the table's
figures as further columns (the same on every line).
"""

from __future__ import annotations

from edge.document.document import Block, Document, Items, Paragraph, Table
from edge.table import ReturnTable, decimal, exact, figure_lines, header_lines, row_cells

# decimals in CSV, beside every exact value
CSV_PLACES = 12


def return_table_context(table: ReturnTable) -> tuple[tuple[str, str], ...]:
    """What a table is of, as CSV columns: game, bet, pay table (name and pays), options."""
    paytable = table.paytable
    return (("game", table.game), ("bet", table.bet),
            ("paytable", "" if paytable is None else paytable.name),
            ("paytable_pays", "" if paytable is None
             else ", ".join(f"{k} {exact(v)}" for k, v in paytable.pays)),
            ("options", ", ".join(f"{k}={v}" for k, v in table.options.items())))


def _figure_columns(table: ReturnTable) -> tuple[list[str], list[str]]:
    heads: list[str] = []
    cells: list[str] = []
    for name, value in table.summary():
        if isinstance(value, float):
            heads.append(name)
            cells.append(f"{value:.{CSV_PLACES}f}")
        elif isinstance(value, int):
            heads.append(name)
            cells.append(str(value))
        else:
            heads += [name, f"{name}_decimal"]
            cells += [exact(value), decimal(value, CSV_PLACES)]
    return heads, cells


def return_table_records(table: ReturnTable) -> Table:
    """One line per outcome (exact values, decimals beside them), the figures as columns."""
    figure_heads, figure_cells = _figure_columns(table)
    heads = ("outcome", "pays", "combinations", "probability", "probability_decimal",
             "return", "return_decimal", "wager", *figure_heads)
    rows = []
    for row in table.rows:
        prob = table.probability(row)
        ret = table.row_return(row)
        rows.append((row.outcome, exact(row.pays), str(row.combinations), exact(prob),
                     decimal(prob, CSV_PLACES), exact(ret), decimal(ret, CSV_PLACES),
                     exact(row.wager) if row.wager is not None else "", *figure_cells))
    return Table(heads, tuple(rows))


def return_table_document(table: ReturnTable) -> Document:
    """The document ``edge table`` renders: header, rows, figures, notes."""
    heads, body = row_cells(table)
    rows = Table(tuple(heads), tuple(tuple(row) for row in body), footer=1,
                 align="l" + "r" * (len(heads) - 1))
    figures = Table(("figure", "exact", "decimal"),
                    tuple(tuple(line) for line in figure_lines(table)), align="lrr")
    blocks: tuple[Block, ...] = (Items(tuple(header_lines(table))), rows, figures,
                                 *(Paragraph(note, "note") for note in table.notes))
    return Document(table.title or f"{table.game}: {table.bet}", blocks,
                    context=return_table_context(table), records=return_table_records(table),
                    data=table.to_dict())


