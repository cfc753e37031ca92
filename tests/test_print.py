"""The reports on paper: the four reports printed to A4 by headless Chromium (HTML) and by
pdflatex (LaTeX), read back with pdftotext.

Every page carries "page x of y" and the document ID; every command a report prints survives
whole (no hyphen turned into a dash, no word cut); no word runs past the right edge of the
paper's printable area. The tests skip only when chromium, pdflatex or poppler's pdftotext is
missing (`.ci/run` installs them).
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from edge.document import Block, Cell, Chart, Columns, Preformatted, Report, Table
from edge.document.layout import numbered_headings
from edge.report.build import write_report

GAMES = ("three-card-poker", "triple-bet", "double-hand-poker", "ultimate-texas-holdem")
# printed whole by Chromium and pdflatex (seconds of each a report): the Triple Bet's in every
# run, the others' in the slow run (.ci/run runs both)
PRINTED = [pytest.param(game, marks=() if game == "triple-bet" else
                        (pytest.mark.slow, pytest.mark.longest) if game == "ultimate-texas-holdem"
                        else pytest.mark.slow)
           for game in GAMES]
# the LaTeX print of every game in the slow run (Triple Bet's HTML print stays in the plain run)
PRINTED_SLOW = [pytest.param(*case.values, marks=(*case.marks, pytest.mark.slow))
                if not any(mark.name == "slow" for mark in case.marks) else case
                for case in PRINTED]
DOCUMENT_ID, REVISION = "EDGE-PRINT-0042", "C"
# what may lie between a word and the paper's right edge: the margins are 12 mm (HTML) and
# 18 mm (LaTeX); a word within 6 mm of the edge has run past the margin
EDGE_ROOM = 6 / 25.4 * 72

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
PDFLATEX = shutil.which("pdflatex")
PDFTOTEXT = shutil.which("pdftotext")
# the most of a page left blank at its foot, unless a top-level section or a chart starts
# the next page
MOST_BLANK = 0.4
needs_poppler = pytest.mark.skipif(PDFTOTEXT is None, reason="pdftotext (poppler-utils) missing")


# the four reports, each read by one test per game: the Ultimate Texas Hold'em report (most of
# a minute of solving) only in the slow run
EVERY_GAME = [pytest.param(game, marks=pytest.mark.slow) if game == "ultimate-texas-holdem"
              else game for game in GAMES]


class Reports(dict[str, Report]):
    """A game's report at its default settings, with a document ID and revision, made when a
    test first asks for it (so a run that leaves out a game's tests never makes its report)."""

    def __init__(self, default_report: Callable[[str], Report]) -> None:
        super().__init__()
        self.default_report = default_report

    def __missing__(self, game: str) -> Report:
        report = dataclasses.replace(self.default_report(game),
                                     document_id=DOCUMENT_ID, revision=REVISION)
        self[game] = report
        return report


@pytest.fixture(scope="module")
def reports(default_report: Callable[[str], Report]) -> Reports:
    """The reports, made as the tests ask for them."""
    return Reports(default_report)


def _pages(pdf: Path) -> list[str]:
    text = subprocess.run([PDFTOTEXT or "pdftotext", "-layout", str(pdf), "-"], check=True,
                          capture_output=True, text=True).stdout
    return text.split("\f")[:-1]


def _words(pdf: Path) -> tuple[float, list[tuple[float, str]]]:
    """The page width and each word's right edge (pdftotext -bbox)."""
    xhtml = subprocess.run([PDFTOTEXT or "pdftotext", "-bbox", str(pdf), "-"], check=True,
                           capture_output=True, text=True).stdout
    width = float(re.search(r'<page width="([\d.]+)"', xhtml).group(1))  # type: ignore[union-attr]
    words = [(float(x), html_unescape(word)) for x, word in
             re.findall(r'<word xMin="[\d.]+" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">'
                        r"([^<]*)</word>", xhtml)]
    return width, words


def html_unescape(text: str) -> str:
    import html
    return html.unescape(text)


def _commands(report: Report) -> list[str]:
    """Every line of every command or digest block of the report."""
    lines = []
    stack = list(report.sections)
    while stack:
        section = stack.pop()
        stack += section.children
        lines += [line for block in section.blocks if isinstance(block, Preformatted)
                  and block.wrap for line in block.text.splitlines() if line.strip()]
    return lines


def _shown_blocks(report: Report) -> Iterator[Block]:
    """Every block the report prints (a chart drawn, not its fallback), side-by-side blocks
    one by one."""
    stack = list(report.sections)
    while stack:
        section = stack.pop()
        stack += section.children
        blocks = list(section.blocks)
        while blocks:
            block = blocks.pop()
            if isinstance(block, Columns):
                blocks += block.blocks
            else:
                yield block


def _exact_figures(report: Report) -> set[str]:
    """Every exact fraction the report prints in a table."""
    return {cell.text for block in _shown_blocks(report) if isinstance(block, Table)
            for row in block.rows for cell in row
            if isinstance(cell, Cell) and cell.kind == "exact" and "/" in cell.text}


def _check_exact_whole(report: Report, pdf: Path) -> None:
    """Every exact figure is printed whole: on one line, or broken after its slash and nowhere
    else (a piece of eight characters or more that holds the slash and is only the start or
    the end of a figure is a figure broken inside its digits)."""
    figures = _exact_figures(report)
    assert figures
    tokens = {token.rstrip(".,;:)") for token in " ".join(_pages(pdf)).split()}
    for figure in figures:
        numerator, denominator = figure.split("/")
        assert figure in tokens or {numerator + "/", denominator} <= tokens, (
            f"{figure} not found whole")
    # (a short fraction may be the start or end of a longer one and still be whole)
    pieces = [token for token in tokens - figures if "/" in token and len(token) >= 8]
    cut = [piece for piece in pieces for figure in figures
           if piece != figure.split("/")[0] + "/"
           and (figure.startswith(piece) or figure.endswith(piece))]
    assert not cut, f"exact figures broken inside their digits: {sorted(set(cut))[:10]}"


def _body_lines(page: str) -> list[str]:
    """A printed page's lines of text, the page number's line left out."""
    lines = [" ".join(line.split()) for line in page.splitlines() if line.strip()]
    return [line for line in lines if not re.fullmatch(r"page \d+ of \d+", line)]


def _check_headings_kept(report: Report, pdf: Path) -> None:
    """No page ends with a heading: every heading is printed on one page with the start of
    what follows it."""
    headings = {" ".join(head.text.split()) for head in numbered_headings(report.sections)}
    for number, page in enumerate(_pages(pdf), 1):
        lines = _body_lines(page)
        assert not lines or lines[-1] not in headings, (
            f"page {number} ends with the heading {lines[-1]!r}")


def _blank_pages(report: Report, pdf: Path, most: float) -> list[tuple[int, float]]:
    """The pages (number, blank share) left more than ``most`` blank at the foot, where the
    next page does not start a new section (the issue: "unless a section ends there"; a
    numbered subsection too) or with a chart (a chart never breaks, and one may take half a
    page)."""
    xhtml = subprocess.run([PDFTOTEXT or "pdftotext", "-bbox", str(pdf), "-"], check=True,
                           capture_output=True, text=True).stdout
    sections = {" ".join(head.text.split()) for head in numbered_headings(report.sections)}
    pages = xhtml.split("<page ")[1:]
    texts = _pages(pdf)
    captions = [" ".join(chart.caption.split())[:60] for chart in _shown_blocks(report)
                if isinstance(chart, Chart)]
    headings = {" ".join(head.text.split()) for head in numbered_headings(report.sections)}
    blank = []
    for number, page in enumerate(pages[:-1], 1):
        height = float(re.search(r'height="([\d.]+)"', page).group(1))  # type: ignore[union-attr]
        bottoms = [float(y) for y in re.findall(r'yMax="([\d.]+)">(?!page\b)', page)]
        # the text's lowest line above the footer (the last 6% of the page)
        lowest = max([y for y in bottoms if y < 0.94 * height] or [0.0])
        share = (0.94 * height - lowest) / (0.94 * height)
        following = _body_lines(texts[number])
        starts_section = any(line in sections for line in following[:4])
        first = " ".join(next((following[:index] for index, line in enumerate(following)
                               if line in headings), following))
        starts_chart = any(caption in first for caption in captions)
        if share > most and not starts_section and not starts_chart:
            blank.append((number, round(share, 2)))
    return blank


def _check_printed(report: Report, pdf: Path) -> None:
    pages = _pages(pdf)
    count = len(pages)
    assert count > 1
    for number, page in enumerate(pages, 1):
        assert f"page {number} of {count}" in page, f"page {number}: no page number"
        assert DOCUMENT_ID in page and f"revision {REVISION}" in page, (
            f"page {number}: no document ID")
    flat = " ".join(" ".join(pages).split())
    assert "\u2013" not in flat and "\u2014-" not in flat
    commands = _commands(report)
    assert any(line.startswith("edge report ") for line in commands)
    if report.game != "double-hand-poker" or "edge simulate" in flat:
        assert any(line.startswith("edge simulate ") for line in commands)
    for line in commands:
        assert " ".join(line.split()) in flat, f"command cut or changed in print: {line}"
    width, words = _words(pdf)
    past = [word for right, word in words if right > width - EDGE_ROOM]
    assert not past, f"words past the right margin: {past[:10]}"


@needs_poppler
@pytest.mark.skipif(CHROMIUM is None, reason="chromium missing")
@pytest.mark.parametrize("game", PRINTED)
def test_html_prints_whole(reports: Reports, game: str, tmp_path: Path) -> None:
    """The HTML report printed to A4 by Chromium: numbered, identified, nothing cut."""
    html_file = write_report(reports[game], tmp_path / f"{game}.html")
    pdf = tmp_path / f"{game}.pdf"
    subprocess.run([CHROMIUM or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                    "--no-pdf-header-footer", f"--print-to-pdf={pdf}",
                    html_file.resolve().as_uri()], check=True, capture_output=True, timeout=120)
    _check_printed(reports[game], pdf)
    _check_exact_whole(reports[game], pdf)
    _check_headings_kept(reports[game], pdf)
    blank = _blank_pages(reports[game], pdf, MOST_BLANK)
    assert not blank, f"pages left blank at the foot (page, share): {blank}"
    text = html_file.read_text(encoding="utf-8")
    assert "<tfoot" not in text  # a printed <tfoot> repeats at the foot of every page


@needs_poppler
@pytest.mark.skipif(PDFLATEX is None, reason="pdflatex missing")
@pytest.mark.parametrize("game", PRINTED_SLOW)
def test_latex_compiles_and_prints_whole(reports: Reports, game: str,
                                         tmp_path: Path) -> None:
    """The LaTeX report compiles with the charts beside it, and two pdflatex runs make it
    whole: the contents' and the page count's ("page x of y") labels are settled by the
    second run; every exact figure is printed whole."""
    tex = write_report(reports[game], tmp_path / f"{game}.tex")
    charts = sorted(tmp_path.glob(f"{game}-chart-*.pdf"))
    assert charts and all(chart.read_bytes().startswith(b"%PDF") for chart in charts)
    assert tex.read_text(encoding="utf-8").count("\\includegraphics") == len(charts)
    for _ in range(2):
        run = subprocess.run([PDFLATEX or "pdflatex", "-interaction=nonstopmode",
                              "-halt-on-error", tex.name], cwd=tmp_path, capture_output=True,
                             text=True, timeout=300)
        assert run.returncode == 0, run.stdout[-3000:]
    assert "Rerun to get" not in run.stdout and "may have changed" not in run.stdout
    assert "undefined" not in run.stdout
    pdf = tmp_path / f"{game}.pdf"
    _check_printed(reports[game], pdf)
    _check_exact_whole(reports[game], pdf)
    _check_headings_kept(reports[game], pdf)
    blank = _blank_pages(reports[game], pdf, MOST_BLANK)
    assert not blank, f"pages left blank at the foot (page, share): {blank}"


# --- what the print tests rest on, checked without a browser or LaTeX -------------------------
def test_latex_keeps_double_hyphens_and_minus_signs() -> None:
    from edge.document.render_tex import tex_command_lines, tex_escape

    assert tex_escape("--set decks=6") == "-{}-set decks=6"
    assert tex_escape("a \u2014 b") == "a --- b"  # a real dash stays a dash
    assert tex_escape("-41.5") == r"\mbox{-}41.5"  # no line break after a minus sign
    lines = tex_command_lines("edge simulate x --bet a\nedge simulate x --bet b")
    assert lines.count("\\texttt{edge simulate x -{}-bet") == 2  # one command a line


def test_markdown_key_names_marks_not_colours() -> None:
    from edge.document import Cell, Table
    from edge.document.render_markdown import _md_table

    table = Table(("", "a", "b"),
                  (("x", Cell("1", colour="#111111"), Cell("2", colour="#222222")),),
                  legend=(("#111111", "raise"), ("#222222", "fold")))
    text = _md_table(table)
    row = [cell.strip() for cell in text.splitlines()[2].split("|")]
    assert row[2:4] == ["**1**", "2"], row
    assert "Key: **bold**: raise; plain: fold." in text and "Colour" not in text
    scale = Table(("", "a"), (("x", Cell("14%", colour="#fafafa")),),
                  legend=(("#ffffff", "0%"), ("#000000", "100%")))
    assert "Key" not in _md_table(scale)  # a shade scale: the cells' numbers say it


def test_display_names() -> None:
    from edge.document.layout import display_name

    assert display_name("three-of-a-kind") == "three of a kind"
    assert display_name("pair-plus.straight-flush") == "pair plus: straight flush"
    assert display_name("A-2-3") == "A-2-3"


def test_outcome_chart_linear_one_format() -> None:
    from edge.document.charts import outcome_chart, percent_format
    from edge.games import RunSettings, analyze

    table = analyze("three-card-poker", "pair-plus", run=RunSettings())
    figure = outcome_chart(table)
    axes = figure.axes[0]
    assert axes.get_xscale() == "linear"
    labels = [text.get_text() for text in axes.texts]
    decimals = {len(label.rstrip("%").split(".")[1]) for label in labels}
    assert len(decimals) == 1, labels
    assert percent_format([0.5, 0.00002])(0.5) == "50.0000%"  # 0.0020%: two digits shown


def test_committed_reports_hold_no_random_draws(repo_root: Path) -> None:
    """The committed reports print the simulation's commands, not its figures (numpy keeps a
    Generator method's stream only within a version)."""
    for path in (repo_root / "tables" / "reports").glob("*.md"):
        text = path.read_text(encoding="utf-8")
        if "Verification by simulation" in text:
            part = text.split("Verification by simulation\n")[-1].split("\n## ")[0]
            assert "edge simulate " in part and "agrees" not in part, path.name


# the room a chart is printed in, in inches (width, height): LaTeX's line and 0.62 of its
# text height (A4, 18 mm margins), HTML's 100% of the body and max-height 150 mm
_CHART_ROOM = {"latex": (174 / 25.4, 0.62 * 261 / 25.4), "html": (186 / 25.4, 150 / 25.4)}
SMALLEST_POINTS = 6.0


@pytest.mark.parametrize("game", EVERY_GAME)
def test_chart_labels_read_on_paper(reports: Reports, game: str) -> None:
    """Every chart's smallest text is 6 pt or more once the chart is scaled to the room it is
    printed in (a chart of too many bars is grouped, not shrunk)."""
    from matplotlib.text import Text

    charts = [block for block in _shown_blocks(reports[game]) if isinstance(block, Chart)]
    assert charts, game
    for chart in charts:
        figure = chart.draw()
        width, height = figure.get_size_inches()
        scale = min(min(1.0, room_w / width, room_h / height)
                    for room_w, room_h in _CHART_ROOM.values())
        sizes = [text.get_fontsize() for text in figure.findobj(Text)
                 if text.get_visible() and text.get_text().strip()]
        assert min(sizes) * scale >= SMALLEST_POINTS, (
            f"{game}: {chart.caption}: text of {min(sizes) * scale:.1f} pt")


COLOUR_WORDS = re.compile(r"\b(blue|orange|green|grey|gray|red|yellow|purple|vermillion|"
                          r"colou?rs?|colou?red|shaded)\b", re.IGNORECASE)


@pytest.mark.parametrize("game", EVERY_GAME)
def test_markdown_names_no_colours(reports: Reports, game: str) -> None:
    """Markdown has no colours, so its text names none: a grid is named by its title, its key
    by the marks (bold, plain) the cells carry."""
    words = COLOUR_WORDS.findall(reports[game].to_markdown())
    assert not words, f"{game}: {sorted(set(words))}"


def test_overlapping_lines_say_so() -> None:
    """A line drawn on (or within 1.5% of the chart's height of) an earlier one names it in
    the legend, so a reader knows where the hidden line is."""
    from edge.document.charts import Series, edge_chart

    figure = edge_chart([Series("a", (0, 1, 2), (0.1, 0.05, 0.0)),
                         Series("b", (0, 1, 2), (0.1, 0.051, 0.0)),
                         Series("c", (0, 1, 2), (0.1, 0.05, 0.0)),
                         Series("d", (0, 1, 2), (0.3, 0.0, -0.3))], "x")
    legend = figure.axes[0].get_legend()
    assert legend is not None
    assert [text.get_text() for text in legend.get_texts()] == [
        "a", "b (on the line of a)", "c (same as a)", "d"]


def test_many_net_results_grouped_into_ranges() -> None:
    """A wager of many net results (Triple Bet's combined wager: 36) is charted by ranges of
    results, each bar's probability the exact sum of its results'."""
    from edge.document.charts import MAX_NET_BARS, outcome_bars
    from edge.games import RunSettings, analyze

    table = analyze("triple-bet", "combined", run=RunSettings())
    bars = outcome_bars(table)
    assert len(bars) <= MAX_NET_BARS < len({row.pays for row in table.rows})
    assert sum(bar.probability for bar in bars) == 1
    labels = [bar.label for bar in bars]
    assert "net +10 to +14" in labels and "net 0" in labels and labels[-1] == "net -3"
