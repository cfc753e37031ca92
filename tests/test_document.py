"""The document model's renderers: every format of a document and of a report, one entry."""

from __future__ import annotations

import csv
import io
import json
import math

import pytest

from edge.document import (
    FORMATS,
    Cell,
    Columns,
    Document,
    Items,
    Paragraph,
    Preformatted,
    Report,
    Section,
    Table,
    format_name,
    render,
)
from edge.errors import EdgeError

TABLE = Table(("outcome", "pays", "count"), (("win", "3", "1"), ("lose", "-1", "5"),
                                             (Cell("total", "strong"), "", "6")),
              footer=1, align="lrr")
DOCUMENT = Document("A coin: heads", (Items((("game", "coin"), ("bet", "heads"))), TABLE,
                                      Paragraph("A note, with a comma.", "note")),
                    context=(("game", "coin"), ("bet", "heads")))
REPORT = Report("Coin: report", ("made by hand",), (
    Section("Summary", (Paragraph("Two outcomes."), Columns((TABLE, TABLE))), (
        Section("Detail", (Items(("one", ("two", "2"))), Preformatted("a  b\n  c"))),)),
    Section("Other", (TABLE,))), game="coin", context=(("game", "coin"),))


def test_formats_and_aliases() -> None:
    assert FORMATS == ("plain", "markdown", "html", "latex", "csv", "json")
    assert [format_name(f) for f in FORMATS] == list(FORMATS)
    assert format_name("md") == "markdown" and format_name("tex") == "latex"
    assert format_name("TEX") == "latex" and format_name(None, "out.tex") == "latex"
    assert format_name(None, None, default="html") == "html"
    with pytest.raises(EdgeError, match="'pdf'"):
        render(DOCUMENT, "pdf")


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("document", [DOCUMENT, REPORT], ids=["document", "report"])
def test_every_format_renders(document: Document | Report, fmt: str) -> None:
    text = render(document, fmt)
    assert text.endswith("\n") and "win" in text
    assert document.render(fmt) == text


def test_plain_is_the_simple_layout() -> None:
    lines = render(DOCUMENT, "plain").splitlines()
    assert lines[:3] == ["A coin: heads", "game: coin", "bet: heads"]
    assert lines[3] == ""
    assert lines[4].split() == ["outcome", "pays", "count"]
    assert set(lines[5].replace(" ", "")) == {"-"}
    assert lines[6].split() == ["win", "3", "1"] and lines[6].endswith(" 1")
    assert lines[-1] == "A note, with a comma."


def test_markdown_document_is_a_fragment() -> None:
    text = render(DOCUMENT, "markdown")
    assert text.startswith("### A coin: heads\n\n- **game**: coin\n- **bet**: heads\n\n| outcome")
    assert "| **total** |" in text and text.endswith("\n\n> A note, with a comma.\n")


def test_csv_one_table_is_the_rectangle_with_context() -> None:
    rows = list(csv.reader(io.StringIO(render(DOCUMENT, "csv"))))
    assert rows == [["game", "bet", "outcome", "pays", "count"],
                    ["coin", "heads", "win", "3", "1"], ["coin", "heads", "lose", "-1", "5"],
                    ["coin", "heads", "total", "", "6"]]


def test_csv_records_win_over_the_shown_table() -> None:
    records = Table(("outcome", "probability"), (("win", "1/6"), ("lose", "5/6")))
    rows = list(csv.reader(io.StringIO(render(
        Document("t", (TABLE,), (("game", "coin"),), records=records), "csv"))))
    assert rows == [["game", "outcome", "probability"], ["coin", "win", "1/6"],
                    ["coin", "lose", "5/6"]]


def test_csv_of_a_report_is_long_and_rectangular() -> None:
    rows = list(csv.reader(io.StringIO(render(REPORT, "csv"))))
    assert rows[0] == ["game", "section", "block", "row", "column", "value"]
    assert {len(row) for row in rows} == {6}
    assert {row[0] for row in rows[1:]} == {"coin"}
    cells = [row for row in rows if row[1] == "2. Other"]
    assert len(cells) == 3 * 3  # every cell of the one table
    assert ["coin", "1.1 Detail", "items", "2", "two", "2"] in rows


def test_json_is_the_data_when_given() -> None:
    data = {"game": "coin", "house_edge": "1/6"}
    given = Document("t", (TABLE,), data=data)
    assert json.loads(render(given, "json")) == data
    shown = json.loads(render(DOCUMENT, "json"))
    assert shown["title"] == "A coin: heads" and shown["context"] == {"game": "coin",
                                                                       "bet": "heads"}
    assert shown["blocks"][1]["rows"][2] == ["total", "", "6"]
    report = json.loads(render(REPORT, "json"))
    assert [s["title"] for s in report["sections"]] == ["Summary", "Other"]
    assert report["sections"][0]["sections"][0]["blocks"][1]["text"] == "a  b\n  c"


def test_html_and_latex_fragments() -> None:
    html = render(DOCUMENT, "html")
    assert html.startswith("<div class=\"edge-table\">\n<h3>A coin: heads</h3>\n<ul>\n")
    assert "<p><i>A note, with a comma.</i></p>" in html and html.endswith("</div>\n")
    latex = render(Document("t", (TABLE, TABLE, Preformatted("x\\end{verbatim}"))), "latex")
    assert latex.startswith("% t\n\\begin{tabular}")
    assert "\\end{tabular}\n\n\\begin{tabular}" in latex
    assert "\\begin{verbatim}\nx\\end {verbatim}\n\\end{verbatim}" in latex


def test_plain_report_numbers_its_sections() -> None:
    text = render(REPORT, "plain")
    assert text.startswith("Coin: report\n============\nmade by hand\n\n1. Summary\n")
    assert "\n1.1 Detail\n----------\n" in text and "\n2. Other\n" in text
    assert "a  b\n  c" in text


def test_aligned_pairs_in_plain() -> None:
    text = render(Document("t", (Items((("a", "1"), ("long label", "2"), "free line"),
                                       aligned=True),)), "plain")
    assert text == "t\na           1\nlong label  2\nfree line\n"


def test_latex_prints_a_real_plus_minus_and_no_backticks() -> None:
    """± (and its ASCII spelling " +- ") is the math sign; `code` is typewriter type."""
    from edge.document.render_tex import tex_escape
    text = tex_escape("0.16% ± 0.004% (the mean +- 1.96 errors; `edge collusion --rounds 5`)")
    assert text.count(r"\ensuremath{\pm}") == 2 and "+-" not in text
    assert r"\texttt{edge collusion -{}-rounds 5}" in text and "`" not in text
    latex = render(Report("R", (), (Section("S", (Paragraph("a ` b ± c"),)),)), "latex")
    assert "`" not in latex and "\u00b1" not in latex


def test_latex_keeps_a_heading_with_the_heading_under_it() -> None:
    """A section with no text of its own: its first subsection's heading follows it with no
    page break between (the room asked before the first is for both)."""
    report = Report("R", (), (Section("Parent", (), (Section("Child", (Paragraph("x"),)),)),))
    latex = render(report, "latex")
    parent = latex.index(r"\section*{1. Parent}")
    between = latex[parent:latex.index(r"\subsection*{1.1 Child}")]
    assert r"\nopagebreak" in between and "edgeneedspace" not in between
    assert r"\edgeneedspace{0.37\textheight}" in latex[:parent]
    # a heading over a table asks room for the table's caption and first rows too
    latex = render(Report("R", (), (Section("S", (TABLE,)),)), "latex")
    assert r"\edgeroom{10\baselineskip}" in latex


def test_a_long_hyphenated_header_breaks_and_leaves_its_neighbours_room() -> None:
    """The Tri-Card Pair Plus pay tables: headers such as mini-royal-100-straight-5 break
    after their hyphens, so the narrow columns beside them keep the width of their own
    headers (outcome, common)."""
    import re
    names = ("outcome", "1", "2", "3 (in use)", "common", "straight-5", "trips-33",
             "mini-royal-50", "mini-royal-50-straight-5", "mini-royal-100-straight-5")
    rows = tuple(("three of a kind", *("as straight flush" if k < 6 else "30"
                                       for k in range(len(names) - 1))) for _ in range(3))
    latex = render(Report("R", (), (Section("S", (Table(names, rows),)),)), "latex")
    widths = [float(w) for w in re.findall(r"p\{([0-9.]+)\\linewidth\}", latex)]
    assert len(widths) == len(names)
    # "outcome" and "common" in bold scriptsize need about 0.07 of the line
    assert widths[0] >= 0.07 and widths[4] >= 0.07


def test_json_has_no_infinity_or_nan() -> None:
    """JSON has no Infinity or NaN (a reader in another language refuses them): an infinite
    standard error (fewer than two draws) or an undefined figure is written null."""
    data = {"error": math.inf, "rates": [1.5, -math.inf, math.nan, {"z": math.inf}], "n": 2}
    text = render(Document("t", (TABLE,), data=data), "json")
    assert "Infinity" not in text and "NaN" not in text
    assert json.loads(text) == {"error": None, "rates": [1.5, None, None, {"z": None}], "n": 2}


@pytest.mark.parametrize(("align", "rows", "said"), [
    ("lr", (("win", "3", "1"),), "2 alignments for 3 columns"),
    ("lrr", (("win", "3"),), "a row of 2 cells under 3 columns"),
    ("", (("win", "3", "1", "x"),), "a row of 4 cells under 3 columns"),
])
def test_a_table_whose_cells_or_alignments_miss_a_column_is_refused(
        align: str, rows: tuple[tuple[str, ...], ...], said: str) -> None:
    # a plain-text renderer pads what HTML's cannot: found where a strategy's class table gave
    # five columns' alignments for six (its HTML an internal error)
    with pytest.raises(ValueError, match=said):
        Table(("outcome", "pays", "count"), rows, "odd", align=align)


def test_a_table_of_long_rows_keeps_only_what_fits_with_its_head() -> None:
    """A table's first and last rows are kept on one page in row groups; rows of long text
    (UTH's scenarios that look the same: eleven printed lines each) are kept one at a time,
    so the first fits below the heading and the head is never left alone at a page's foot;
    short rows are kept three at a time."""
    import re
    long = ", ".join(["AA", "KK", "QQ", "JJ"] * 30)
    for rows, kept in ((tuple((f"seen={k}", "22: raise 4%", long) for k in range(4)), 1),
                       (tuple((f"row {k}", "1", "2") for k in range(40)), 3)):
        html = render(Report("R", (), (Section("S", (Table(("a", "b", "c"), rows),)),)), "html")
        groups = re.findall(r"<tbody( class=\"keep\")?>(.*?)</tbody>", html, re.S)
        sizes = [(bool(keep), body.count("<tr")) for keep, body in groups]
        assert sizes[0] == (True, kept) and sizes[-1] == (True, kept)
        assert sum(size for _, size in sizes) == len(rows)
