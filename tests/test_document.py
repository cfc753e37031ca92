"""The document model's renderers: every format of a document and of a report, one entry."""

from __future__ import annotations

import csv
import io
import json

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
