"""edge report: the HTML parses and holds every section and table, markdown and LaTeX build,
``--all`` writes an index, and the figures a report adds (break-even pays, volatility) are right.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import pickle
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, cast

import pytest

import edge
from edge import games
from edge.cli import main
from edge.document.layout import display_name
from edge.errors import EdgeError
from edge.games import Analyze, AnyGame, Bet, Game, Rules, RunSettings, Wager, get_game, registry
from edge.options import option
from edge.paytables import PayTable, make_paytable
from edge.report import (
    Analyses,
    Cell,
    Chart,
    Paragraph,
    Report,
    ReportContext,
    Section,
    Table,
    figures_digest,
    format_name,
    linear_option,
    make_report,
    option_sweep,
    pay_lines,
    resolve_paytables,
    slug,
)
from edge.table import ReturnTable, Row, percent

ROOT = Path(__file__).resolve().parent.parent
VOID = {"meta", "br", "img", "hr", "link", "input", "col", "area", "base", "wbr", "source"}
SVG_LEAVES = {"path", "use", "rect", "circle", "line", "polyline", "polygon", "stop", "ellipse"}


class Page(HTMLParser):
    """Parses a page, checks that every element is closed in order, and collects its parts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.errors: list[str] = []
        self.headings: dict[str, list[str]] = {"h1": [], "h2": [], "h3": [], "h4": []}
        self.captions: list[str] = []
        self.tables = 0
        self.svgs = 0
        self.ids: list[str] = []
        self.links: list[str] = []
        self.tags: set[str] = set()
        self.cells: list[str] = []
        self._text: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        values = dict(attrs)
        if values.get("id"):
            self.ids.append(str(values["id"]))
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        if tag == "table":
            self.tables += 1
        if tag == "svg":
            self.svgs += 1
        if tag in self.headings or tag in ("caption", "td", "th"):
            self._text = []
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
            return
        self.stack.pop()
        if self._text is not None and (tag in self.headings or tag in ("caption", "td", "th")):
            text = "".join(self._text).strip()
            if tag in self.headings:
                self.headings[tag].append(text)
            elif tag == "caption":
                self.captions.append(text)
            else:
                self.cells.append(text)
            self._text = None

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def parse(text: str) -> Page:
    page = Page()
    page.feed(text)
    page.close()
    assert page.errors == []
    assert page.stack == []
    return page


# --- a small game with decisions, a strategy option, an assumption and a report hook -------
@dataclass(frozen=True)
class ToyRules(Rules):
    strategy: str = option("optimal", "how the player plays", choices=("optimal", "always"))
    bonus: int = option(7, "the bonus pay (not in the source)", minimum=0, maximum=50,
                        assumption=True)


SIDE_OUTCOMES = ("hit",)
SIDE_PRESETS = {"usual": make_paytable("usual", {"hit": 5}, SIDE_OUTCOMES),
                "rich": make_paytable("rich", {"hit": 6}, SIDE_OUTCOMES)}
ANTE_OUTCOMES = ("bonus-hand",)
ANTE_PRESETS = {"plain": make_paytable("plain", {"bonus-hand": 1}, ANTE_OUTCOMES)}


def toy_analyze(bet: str, paytable: PayTable | None, rules: ToyRules,
                run: RunSettings) -> ReturnTable:
    assert paytable is not None
    if bet == "side":
        side = (Row("hit", paytable["hit"], 1), Row("lose", Fraction(-1), 5))
        return ReturnTable("toy", bet, side, paytable, {"strategy": rules.strategy})
    raise_count = 3 if rules.strategy == "optimal" else 4
    rows = (Row("raise, win", Fraction(2), 2, Fraction(2)),
            Row("raise, bonus", paytable["bonus-hand"] + 2, 1, Fraction(2)),
            Row("raise, lose", Fraction(-2), raise_count - 3 + 1, Fraction(2)),
            Row("fold", Fraction(-1), 2))
    return ReturnTable("toy", bet, rows, paytable, {"strategy": rules.strategy},
                       decisions=(("raise", raise_count), ("fold", 2)),
                       notes=("A made-up game for tests.",))


def toy_strategy(wager: Wager[ToyRules]) -> Report:
    rule = f"Raise with a <pair> or better & fold the rest ({wager.rules.strategy})."
    return Report("Toy strategy", (), (Section("Rule", (Paragraph(rule),)),))


def toy_sections(context: ReportContext[ToyRules]) -> list[Section]:
    cells = tuple(tuple(Cell("R" if (r + c) % 2 else "F", colour="#a5d6a7" if (r + c) % 2
                             else "#ef9a9a") for c in range(3)) for r in range(3))
    rows: tuple[tuple[str | Cell, ...], ...] = tuple(
        (label, *row) for label, row in zip("ABC", cells, strict=True))
    grid = Table(("", "x", "y", "z"), rows, "Toy chart",
                 legend=(("#a5d6a7", "raise"), ("#ef9a9a", "fold")))
    return [Section("Toy chart", (grid,), page_break=True)]


ToyAnalyze = Callable[[str, PayTable | None, ToyRules, RunSettings], ReturnTable]


def bind(analyze: ToyAnalyze, bet: str) -> Analyze[ToyRules]:
    """One bet's hook from an analysis of every bet."""
    return lambda wager: analyze(bet, wager.paytable, wager.rules, wager.run)


def hooked(game: Game[ToyRules], analyze: ToyAnalyze) -> Game[ToyRules]:
    """``game`` with every bet analysed by ``analyze``."""
    bets = tuple(dataclasses.replace(b, analyze=bind(analyze, b.name)) for b in game.bets)
    return dataclasses.replace(game, bets=bets)


TOY = Game(
    name="toy", title="Toy Game", rules=ToyRules,
    bets=(Bet("ante", "ante and raise", bind(toy_analyze, "ante"), ANTE_OUTCOMES, ANTE_PRESETS,
              "plain", strategy=toy_strategy),
          Bet("side", "a side bet", bind(toy_analyze, "side"), SIDE_OUTCOMES, SIDE_PRESETS,
              "usual")),
    source="a test", describe_rules=lambda r: [
        f"The player raises or folds; strategy {r.strategy}."],
    report_sections=toy_sections,
)


def registered(game: Game[ToyRules]) -> AnyGame:
    """A toy game as the registry holds every game (its rules type widened: edge.games.AnyGame)."""
    return cast(AnyGame, game)


@pytest.fixture(scope="module")
def triple() -> edge.report.Report:
    return make_report("triple-bet", options={"decks": 1})


@pytest.fixture(scope="module")
def triple_html(triple: edge.report.Report) -> str:
    return triple.to_html()


EXPECTED_SECTIONS = ["Certification", "Rules of play", "Glossary", "Method",
                     "Summary of wagers", "Variant options",
                     "Pay tables", "Return tables", "Every pay table and variant",
                     "Maximum payout per round", "Return as a function of each pay",
                     "Volatility", "Verification by simulation", "Reproducibility"]


def test_html_parses_and_holds_every_section_and_table(
        triple: edge.report.Report, triple_html: str) -> None:
    page = parse(triple_html)
    bets = [bet.name for bet in get_game("triple-bet").bets]
    titles = [re.sub(r"^[\d.]+ ", "", h) for h in page.headings["h2"]]
    assert titles == ["Contents", *EXPECTED_SECTIONS]
    # every wager has its return table, its figures, its pay table, its volatility table
    assert page.captions.count("Return table") == len(bets)
    assert page.captions.count("Figures") == len(bets)
    for bet in bets:
        for part in ("Pay tables", "Return tables", "Volatility"):
            assert any(h.endswith(f" {bet}") for h in page.headings["h3"]), (bet, part)
        table = triple.tables[bet]
        for row in table.rows:
            assert display_name(row.outcome) in page.cells
        assert f"{table.cycle:,}" in page.cells
        assert percent(table.house_edge) in page.cells
    # charts: outcomes per wager, pays per side bet (not the combined one), volatility
    side_bets = [bet for bet in bets if pay_lines(triple.tables[bet]) is not None]
    assert side_bets == ["flush", "sandwich", "block"]
    assert page.svgs == len(bets) + len(side_bets) + 1
    # self-contained: no scripts, no external resources, links only to anchors in the page
    assert "script" not in page.tags
    assert not re.search(r"(src|href)=\"(https?:)?//", triple_html)
    assert len(page.ids) == len(set(page.ids))
    for link in page.links:
        assert link.startswith("#") and link[1:] in page.ids
    assert "@media print" in triple_html and "counter(pages)" in triple_html
    assert "break-before: page" not in triple_html  # no forced breaks (issue 13)


def test_report_figures_are_the_exact_figures(triple_html: str) -> None:
    flush = edge.analyze("triple-bet", bet="flush", options={"decks": 1})
    exact_edge = f"{flush.house_edge.numerator}/{flush.house_edge.denominator}"
    assert exact_edge in triple_html.replace("<wbr>", "")  # a fraction may break after /
    assert figures_digest({"flush": flush}) == figures_digest(
        {"flush": edge.analyze("triple-bet", bet="flush", options={"decks": 1})})


def test_markdown_and_tex_build(triple: edge.report.Report) -> None:
    markdown = triple.to_markdown()
    headings = re.findall(r"^## (.+)$", markdown, re.M)
    assert [re.sub(r"^[\d.]+ ", "", h) for h in headings] == ["Contents", *EXPECTED_SECTIONS]
    for anchor in re.findall(r"\]\(#([^)]+)\)", markdown):
        assert any(slug(h) == anchor for h in re.findall(r"^#+ (.+)$", markdown, re.M))
    assert markdown.count("**Return table**") == 4
    assert "<svg" not in markdown
    tex = triple.to_tex()
    assert tex.startswith("\\documentclass") and tex.rstrip().endswith("\\end{document}")
    begins = re.findall(r"\\begin\{(\w+)\}", tex)
    ends = re.findall(r"\\end\{(\w+)\}", tex)
    assert sorted(begins) == sorted(ends)
    tables = len(re.findall(r"^\|-", markdown, re.M))
    assert tex.count("\\begin{longtable}") == tables > 10
    assert "\\section*{14. Reproducibility}" in tex


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_tex_compiles(tmp_path: Path) -> None:
    tex = make_report(registered(TOY)).to_tex()
    (tmp_path / "toy.tex").write_text(tex, encoding="utf-8")
    done = subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "toy.tex"],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "toy.pdf").stat().st_size > 0


def test_game_hook_strategy_and_assumptions() -> None:
    report = make_report(registered(TOY), options={"bonus": "9"})
    html_text = report.to_html()
    page = parse(html_text)
    titles = [re.sub(r"^[\d.]+ ", "", h) for h in page.headings["h2"]]
    assert "Player strategy" in titles and "Toy chart" in titles
    # the strategy text is escaped, the grid is coloured, the legend explains the colours
    assert "Raise with a &lt;pair&gt; or better &amp; fold" in html_text
    assert html_text.count("style=\"background:#a5d6a7\"") >= 4
    assert "assumption, changed" in page.cells
    # strategies compared: the other choice analysed too
    assert "always" in page.cells and "optimal (this report)" in page.cells
    # decisions give average wager and element of risk; no pay chart for the ante
    assert "element of risk" in page.cells
    assert pay_lines(report.tables["ante"]) is None
    assert pay_lines(report.tables["side"]) is not None
    assert "Return as a function of each pay" in titles
    markdown = report.to_markdown()
    assert "Key: **bold**: raise; plain: fold." in markdown  # marks, not colours markdown lacks
    assert "bonus=9" in markdown
    tex = report.to_tex()
    assert "\\cellcolor[HTML]{A5D6A7}" in tex and "or better \\& fold" in tex  # escaped


def test_break_even_pay_gives_zero_edge() -> None:
    """The break-even pay from the report, put back into the analysis, makes the edge zero."""
    for bet in ("flush", "sandwich", "block"):
        table = edge.analyze("triple-bet", bet=bet, options={"decks": 1})
        lines = pay_lines(table)
        assert lines is not None
        for line in lines:
            assert table.paytable is not None
            if line.slope == 0:  # an outcome that cannot happen (one deck: no identical pair)
                assert line.break_even is None
                continue
            changed = table.paytable.replace("break-even", **{line.outcome: line.break_even})
            again = edge.analyze("triple-bet", bet=bet, paytable=changed, options={"decks": 1})
            assert again.house_edge == 0
            # and one more unit of pay moves the return by the outcome's probability
            more = table.paytable.replace("more", **{line.outcome: line.pay + 1})
            moved = edge.analyze("triple-bet", bet=bet, paytable=more, options={"decks": 1})
            assert moved.expected_return - table.expected_return == line.slope


def test_paytable_specs(tmp_path: Path) -> None:
    chosen = resolve_paytables(TOY, ["rich"])
    assert chosen["side"] == SIDE_PRESETS["rich"] and chosen["ante"] == ANTE_PRESETS["plain"]
    assert resolve_paytables(TOY, ["side=rich"])["side"] == SIDE_PRESETS["rich"]
    toml = tmp_path / "mine.toml"
    toml.write_text("[pays]\nhit = \"11/2\"\n", encoding="utf-8")
    typed = resolve_paytables(TOY, [str(toml)])["side"]
    assert typed is not None and typed["hit"] == Fraction(11, 2)
    with pytest.raises(EdgeError, match="No wager of toy takes the pay table 'poor'"):
        resolve_paytables(TOY, ["poor"])
    report = make_report(registered(TOY), ["side=rich"])
    assert "--paytable side=rich" in report.to_markdown()


def test_format_from_suffix_or_flag() -> None:
    assert format_name(None, "r.html") == "html"
    assert format_name(None, "r.md") == "markdown"
    assert format_name(None, "r.tex") == "latex"
    assert format_name("latex", "r.html") == "latex"
    assert format_name("tex", "r.html") == "latex"
    assert format_name(None, "r.csv") == "csv" and format_name(None, "r.json") == "json"
    assert format_name(None, None) == "markdown"
    with pytest.raises(EdgeError, match="x.pdf"):
        format_name(None, "x.pdf")


@pytest.mark.slow   # two reports through the command (5 s)
def test_cli_report_file_and_stdout(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "tb.md"
    assert main(["report", "triple-bet", "--set", "decks=1", "-o", str(target)]) == 0
    text = target.read_text(encoding="utf-8")
    assert text.startswith("# Hybrid Triple Bet: mathematical report")
    assert "edge report triple-bet --set decks=1 --format markdown" in text
    assert main(["report", "triple-bet", "--set", "decks=1", "--format", "tex"]) == 0
    assert capsys.readouterr().out.startswith("\\documentclass")
    assert main(["report", "triple-bet", "-o", str(tmp_path / "x.pdf")]) == 2
    assert main(["report"]) == 2
    assert main(["report", "--all"]) == 2
    assert main(["report", "--all", "triple-bet", "-o", str(tmp_path)]) == 2
    assert "edge: error:" in capsys.readouterr().err


@pytest.mark.slow   # every game's report written through the command (6 s)
def test_cli_all_writes_index(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(registry, "_registry", {"triple-bet": games.get_game("triple-bet")})
    out = tmp_path / "reports"
    assert main(["report", "--all", "-o", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["index.html", "triple-bet.html"]
    page = parse((out / "index.html").read_text(encoding="utf-8"))
    assert "triple-bet.html" in page.links
    assert "Hybrid Triple Bet" in page.cells
    assert main(["report", "--all", "-o", str(out), "--format", "markdown"]) == 0
    assert "(triple-bet.md)" in (out / "index.md").read_text(encoding="utf-8")


def test_cli_unwritable_output_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """An output that cannot be written is refused before the report is built (a report with
    protection or counting takes minutes), in one line naming it."""
    from edge.report import build

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("the report was built before its output was checked")

    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    shut = tmp_path / "shut"
    shut.mkdir()
    shut.chmod(0o555)
    cases = [(["triple-bet", "-o", str(blocker / "x.html")], blocker),
             (["--all", "-o", str(blocker)], blocker),
             (["triple-bet", "--format", "md", "-o", str(tmp_path)], tmp_path)]
    if os.geteuid() != 0:                    # root writes into a folder of mode 555
        cases.append((["triple-bet", "-o", str(shut / "x.html")], shut / "x.html"))
    with monkeypatch.context() as patch:
        patch.setattr(build, "make_report", never)
        for args, named in cases:
            assert main(["report", *args]) == 2
            err = capsys.readouterr().err
            assert err.startswith("edge: error: Cannot") and err.count("\n") == 1
            assert str(named) in err
    assert not list(tmp_path.glob("**/.*"))     # no temporary file left behind


def test_a_report_is_written_whole_or_not_at_all(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An interrupt while a report is written leaves the file as it was, and no part file."""
    from edge.document import Report
    from edge.report import build

    target = tmp_path / "r.md"
    target.write_text("the old report", encoding="utf-8")
    report = Report("A title", (), ())

    def interrupted(self: Path, data: bytes) -> int:
        Path.write_text(self, data.decode()[:10], encoding="utf-8")
        raise KeyboardInterrupt

    monkeypatch.setattr(Path, "write_bytes", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build.write_report(report, target)
    monkeypatch.undo()
    assert target.read_text(encoding="utf-8") == "the old report"
    assert [path.name for path in tmp_path.iterdir()] == ["r.md"]


def test_return_table_conveniences() -> None:
    table = edge.analyze("triple-bet", bet="sandwich", options={"decks": 1})
    page = parse(table._repr_html_())
    assert page.tables == 2 and "triple-sandwich" in page.cells
    data = table.to_dict()
    assert json.loads(json.dumps(data)) == data
    for key in ("game", "bet", "paytable", "options", "rows", "cycle", "expected_return",
                "house_edge", "hit_frequency", "push_probability", "variance",
                "standard_deviation"):
        assert key in data
    assert Fraction(data["house_edge"]) == table.house_edge
    assert sum(row["combinations"] for row in data["rows"]) == data["cycle"]
    markdown = table.to_markdown()
    assert "| triple-sandwich" in markdown and "house edge" in markdown
    assert table.standard_deviation == pytest.approx(math.sqrt(table.variance))


def test_report_in_a_notebook() -> None:
    report = make_report(registered(TOY))
    fragment = report._repr_html_()
    assert fragment.startswith("<div class=\"edge-report\"><style>")
    parse(fragment)
    # the styles stay inside the report: every rule's selectors start with the scope
    style = fragment.split("<style>")[1].split("</style>")[0]
    for selectors in re.findall(r"^([^{}\n][^{}]*?)\s*\{", style, re.M):
        assert all(sel.strip().startswith(".edge-report") for sel in selectors.split(","))
    assert "@page" not in style and "body" not in style


def test_context_analyze_caches_and_changes_options() -> None:
    calls: list[tuple[str, Any]] = []

    def counting(bet: str, paytable: PayTable | None, rules: ToyRules,
                 run: RunSettings) -> ReturnTable:
        calls.append((bet, rules))
        return toy_analyze(bet, paytable, rules, run)

    game = registered(hooked(TOY, counting))
    analyses = Analyses(game)
    make_report(game, analyses=analyses)
    first = len(calls)
    make_report(game, analyses=analyses)
    assert len(calls) == first  # every analysis ran once
    assert ("ante", ToyRules(strategy="always")) in calls


def test_strategy_without_raises_uses_the_first_wager() -> None:
    """A game whose strategy sets the hand (Double-Hand Poker) rather than the wager size."""

    def flat(bet: str, paytable: PayTable | None, rules: ToyRules,
             run: RunSettings) -> ReturnTable:
        wins = 3 if rules.strategy == "optimal" else 2
        return ReturnTable("toy", bet, (Row("win", Fraction(1), wins), Row("lose", Fraction(-1),
                                                                            4)), paytable)

    game = dataclasses.replace(hooked(TOY, flat), report_sections=None)
    report = make_report(registered(game))
    parse(report.to_html())
    markdown = report.to_markdown()
    assert "Raise with a <pair> or better & fold the rest (optimal)." in markdown
    compared = markdown.split("Strategies compared")[-1].split("## ")[0]
    assert "| ante " in compared and "| side " not in compared
    assert "element of risk" not in compared and "house edge" in compared


def test_hook_helpers_option_sweep_and_linear_option() -> None:
    """A bet whose pay is an option (as Lo-Card's ``pays``): break-even found exactly."""

    def with_bonus(bet: str, paytable: PayTable | None, rules: ToyRules,
                   run: RunSettings) -> ReturnTable:
        if bet != "bonus":
            return toy_analyze(bet, paytable, rules, run)
        # wins 1 deal in 6 at `bonus` to 1: return (bonus - 5) / 6, break-even bonus = 5
        return ReturnTable("toy", bet, (Row("hit", Fraction(rules.bonus), 1),
                                        Row("lose", Fraction(-1), 5)))

    def hook(context: ReportContext[ToyRules]) -> list[Section]:
        linear = linear_option(context, ["bonus"], "bonus", "Break-even bonus")
        assert linear is not None
        return [linear, option_sweep(context, ["bonus"], "bonus", [5, 7, 9], "By bonus")]

    bonus = Bet("bonus", "pays the bonus option", bind(with_bonus, "bonus"))
    game = dataclasses.replace(hooked(dataclasses.replace(TOY, bets=(*TOY.bets, bonus)),
                                      with_bonus), report_sections=hook)
    report = make_report(registered(game))
    page = parse(report.to_html())
    titles = [re.sub(r"^[\d.]+ ", "", h) for h in page.headings["h2"]]
    assert "Break-even bonus" in titles and "By bonus" in titles
    markdown = report.to_markdown()
    linear_part = markdown.split("Break-even bonus")[-1].split("## ")[0]
    assert re.search(r"\| bonus +\| +7 \| +-33\.3333% \| +-16\.6667% \| +5 \| +5\.0000 \|",
                     linear_part)
    sweep = markdown.split("By bonus")[-1].split("## ")[0]
    assert re.search(r"\| 5 +\| bonus +\| +0\.0000% \| +0 \|", sweep)
    assert re.search(r"\| 9 +\| bonus +\| +-66\.6667% \| +-2/3 \|", sweep)
    assert "**7 (this report)**" in sweep


def test_three_card_poker_raise_chart() -> None:
    """The raise chart shows the published rule for Ante Bonus 5-4-1: raise Q-6-4 or better
    (J. Grochowski, "Three Card Poker dissected", casinocitytimes.com; docs/references.md)."""
    report = make_report("three-card-poker", ["3"])
    markdown = report.to_markdown()
    chart = markdown.split("Raise chart")[-1].split("\n## ")[0]
    row = re.search(r"^\| Q +\|(.*)$", chart, re.M)
    assert row is not None
    cells = [c.strip() for c in row.group(1).split("|")[:-1]]
    # columns K..3: Q-K is not a queen-high hand; Q-J..Q-7 always raise; Q-6 with 4 or higher
    # (markdown marks the chart's colours: bold raise all, italic raise on the third card)
    assert cells == ["", "", "**all**", "**all**", "**all**", "**all**", "**all**", "_4+_",
                     "-", "-", "-"]
    assert re.search(r"^\| K +\| +\| \*\*all\*\*", chart, re.M)
    assert re.search(r"^\| J +(\| +)+\| -", chart, re.M)
    page = parse(report.to_html())
    assert "Raise chart" in [re.sub(r"^[\d.]+ ", "", h) for h in page.headings["h2"]]


@pytest.mark.slow       # reads the Ultimate Texas Hold'em report (most of a minute of solving)
def test_progressive_break_even_meter_agrees(default_report: Callable[[str], Report]) -> None:
    """linear_option's break-even meter (from re-analysing the bet at three meters) is the one
    the progressive bet computes from its class counts."""
    from edge.games.ultimate_texas_holdem.solve.side_bets import break_even_meter

    report = default_report("ultimate-texas-holdem")
    table = report.tables["progressive"]
    assert table.paytable is not None
    even = break_even_meter(table.paytable)  # type: ignore[arg-type]
    assert even is not None
    markdown = report.to_markdown()
    part = markdown.split("break-even meter")[-1].split("\n## ")[0]
    assert re.search(rf"\| +{even.numerator}/{even.denominator} \|", part)


@pytest.mark.parametrize("game", ["triple-bet", "three-card-poker", "double-hand-poker"])
def test_a_report_pickles(default_report: Callable[[str], Report], game: str) -> None:
    """A report goes through pickle whole (the test workers share the default reports so):
    its charts are data and a module-level function, which draw again from the copy."""
    report = default_report(game)
    again = pickle.loads(pickle.dumps(report))
    assert again.render("json") == report.render("json")
    sections, charts = list(again.sections), []
    while sections:
        section = sections.pop()
        sections += section.children
        charts += [block for block in section.blocks if isinstance(block, Chart)]
    assert charts and all(chart.draw().axes for chart in charts[:2])


def test_no_cache_solves_once() -> None:
    """--no-cache forces the wagers' analyses afresh; the later steps reuse those solves."""
    seen: list[tuple[str, bool]] = []

    def analyze(bet: str, paytable: PayTable | None, rules: ToyRules,
                run: RunSettings) -> ReturnTable:
        seen.append((f"analyze {bet} {rules.strategy}", run.cache))
        return toy_analyze(bet, paytable, rules, run)

    def strategy(wager: Wager[ToyRules]) -> Report:
        seen.append(("strategy", wager.run.cache))
        return Report("Toy strategy", (), (Section("Rule", (Paragraph("raise"),)),))

    game = hooked(TOY, analyze)
    game = dataclasses.replace(game, bets=(dataclasses.replace(game.bets[0], strategy=strategy),
                                           *game.bets[1:]))
    make_report(registered(game), run=RunSettings(cache=False))
    assert seen[:2] == [("analyze ante optimal", False), ("analyze side optimal", False)]
    assert all(cache for _, cache in seen[2:]) and ("strategy", True) in seen
    assert ("analyze ante always", True) in seen


@pytest.mark.slow
def test_ultimate_texas_holdem_preflop_chart(default_report: Callable[[str], Report]) -> None:
    """The coloured preflop grid shows the exact 4x classes: the 69 classes of the practical
    chart (Wizard of Odds UTH strategy page; docs/references.md: pairs 33+, suited A2+ K2+ Q6+ J8+,
    offsuit A2+ K5+ Q8+ JT). The solve is cached on disk after its first run."""
    report = default_report("ultimate-texas-holdem")
    markdown = report.to_markdown()
    chart = markdown.split("**Preflop: 4x (bold)")[1].split("Key: ")[0]
    rows = [line for line in chart.splitlines() if re.match(r"^\| [AKQJT2-9] ", line)]
    assert len(rows) == 13
    ranks = "AKQJT98765432"
    four = set()
    for row_rank, line in zip(ranks, rows, strict=True):
        cells = [c.strip() for c in line.split("|")[2:-1]]
        for col_rank, cell in zip(ranks, cells, strict=True):
            if cell.startswith("**"):
                i, j = ranks.index(row_rank), ranks.index(col_rank)
                four.add(row_rank * 2 if i == j else f"{row_rank}{col_rank}s" if i < j
                         else f"{col_rank}{row_rank}o")
    practical = ({f"{r}{r}" for r in "3456789TJQKA"}
                 | {f"A{r}s" for r in "23456789TJQK"} | {f"K{r}s" for r in "23456789TJQ"}
                 | {f"Q{r}s" for r in "6789TJ"} | {f"J{r}s" for r in "89T"}
                 | {f"A{r}o" for r in "23456789TJQK"} | {f"K{r}o" for r in "56789TJQ"}
                 | {f"Q{r}o" for r in "89TJ"} | {"JTo"})
    assert four == practical and len(four) == 69
    page = parse(report.to_html())
    assert page.tables >= 2


def test_strategy_document_prefers_the_bets_own_strategy() -> None:
    import dataclasses

    from edge.document import Paragraph, Report, Section, render
    from edge.games import RunSettings, get_game
    from edge.report import strategy_document

    game = get_game("three-card-poker")
    own = Report("Ante strategy", (), (Section("Rule", (Paragraph("Raise Q-6-4 or better."),)),))
    bet = dataclasses.replace(game.bet("ante"), strategy=lambda wager: own)
    rules = game.make_rules({})
    document = strategy_document(game, bet, bet.paytable(None), rules, RunSettings())
    assert isinstance(document, Report) and document.sections == own.sections
    assert dict(document.context)["bet"] == "ante"
    assert "Raise Q-6-4 or better." in render(document, "plain")
    # a bet without decisions has no strategy document
    side = game.bet("pair-plus")
    assert strategy_document(game, side, side.paytable(None), rules, RunSettings()) is None
