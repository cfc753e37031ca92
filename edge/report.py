"""Game-submission math reports: everything a test lab reviews, built from the exact tables.

A report covers every wager of one game: the rules as edge implements them, every variant option
(assumptions flagged), every pay table, the full return tables with exact and decimal figures, a
side-by-side summary, the player's strategy, how the return moves with each pay, the volatility an
operator should expect, and what is needed to reproduce it. It is built once as a small document
(sections of paragraphs, lists, tables, charts) and rendered as one self-contained HTML file
(charts as inline SVG, no scripts, print styles), as GitHub markdown, or as LaTeX.

>>> report = make_report("triple-bet", options={"decks": 1})
>>> [section.title for section in report.sections][:3]
['Summary of wagers', 'Rules as implemented', 'Variant options']
>>> "house edge" in report.render("markdown")
True

A game adds sections of its own (a strategy chart, a comparison of settings) through
``Game.report_sections``: a function of a :class:`ReportContext` returning :class:`Section` s.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import itertools
import json
import math
import platform
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from edge.errors import EdgeError, PayTableError
from edge.games import Game, RunSettings, all_games, get_game
from edge.options import describe, format_value, options_dict
from edge.paytables import PayTable, format_pay
from edge.table import (
    ReturnTable,
    _figure_lines,
    _row_cells,
    decimal,
    exact,
    percent,
    probability_text,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

FORMATS = ("html", "markdown", "tex")
FORMAT_NAMES = {"html": "html", "htm": "html", "markdown": "markdown", "md": "markdown",
                "tex": "tex", "latex": "tex"}
SUFFIXES = {"html": ".html", "markdown": ".md", "tex": ".tex"}
HANDS = (100, 1_000, 10_000, 100_000)
Z95 = NormalDist().inv_cdf(0.975)  # two-sided 95%: 1.959964


# --- the document ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Cell:
    """A table cell with a style: ``flag`` (highlighted), ``exact`` (long fraction), ``strong``;
    ``colour`` fills it (hex, for charts drawn as coloured grids); ``link`` makes it a link."""

    text: str
    kind: str = ""
    colour: str = ""
    link: str = ""


CellLike = str | Cell


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of plain text; ``kind`` is ``""``, ``note`` or ``meta``."""

    text: str
    kind: str = ""


@dataclass(frozen=True)
class Items:
    """A bulleted list; an item is text, or a (label, text) pair shown as "label: text"."""

    items: tuple[str | tuple[str, str], ...]


@dataclass(frozen=True)
class Table:
    """A table of text cells. The last ``footer`` rows are totals; ``legend`` explains colours."""

    headers: tuple[str, ...]
    rows: tuple[tuple[CellLike, ...], ...]
    caption: str = ""
    footer: int = 0
    legend: tuple[tuple[str, str], ...] = ()  # (colour, meaning)
    align: str = ""  # one letter per column, "l" or "r"; empty: numbers right, text left


@dataclass(frozen=True)
class Preformatted:
    """Monospaced text kept as it is (a strategy printout); ``wrap`` lets a long line (a
    command, a digest) break across lines."""

    text: str
    wrap: bool = False


@dataclass(frozen=True)
class Chart:
    """A matplotlib chart, inline SVG in HTML; markdown and LaTeX show ``fallback`` instead."""

    caption: str
    draw: Callable[[], Figure]
    fallback: tuple[Block, ...] = ()


@dataclass(frozen=True)
class Columns:
    """Blocks side by side where the page is wide enough (one after another elsewhere)."""

    blocks: tuple[Block, ...]


Block = Paragraph | Items | Table | Preformatted | Chart | Columns


@dataclass(frozen=True)
class Section:
    """A titled part of a report; ``page_break`` starts it on a new printed page."""

    title: str
    blocks: tuple[Block, ...] = ()
    children: tuple[Section, ...] = ()
    page_break: bool = False


@dataclass(frozen=True)
class Report:
    """A whole report: a title, lines under it, sections, and the tables it was built from."""

    title: str
    subtitle: tuple[str, ...]
    sections: tuple[Section, ...]
    game: str = ""
    tables: Mapping[str, ReturnTable] = field(default_factory=dict)
    game_title: str = ""

    def render(self, fmt: str = "html") -> str:
        """The report as ``html``, ``markdown`` or ``tex`` text."""
        return render(self, fmt)

    def to_html(self) -> str:
        """One self-contained HTML page."""
        return render(self, "html")

    def to_markdown(self) -> str:
        """GitHub markdown (charts are left out; their data is in the tables)."""
        return render(self, "markdown")

    def to_tex(self) -> str:
        """A LaTeX document (article class, standard packages)."""
        return render(self, "tex")

    def _repr_html_(self) -> str:
        return f"<div class=\"edge-report\"><style>{scoped_css()}</style>{_html_body(self)}</div>"


# --- building a report ----------------------------------------------------------------------
class Analyses:
    """The analyses of one game, each run once (reports and tables/ share them)."""

    def __init__(self, game: Game, run: RunSettings | None = None) -> None:
        self.game = game
        self.run = run or RunSettings()
        self._done: dict[tuple[str, PayTable | None, Any], ReturnTable] = {}

    def table(self, bet: str, paytable: PayTable | None, rules: Any) -> ReturnTable:
        """The return table of ``bet`` with this pay table and these rules."""
        key = (bet, paytable, rules)
        if key not in self._done:
            self._done[key] = self.game.analyze(bet, paytable, rules, self.run)
        return self._done[key]


@dataclass
class ReportContext:
    """What a game's ``report_sections`` hook is given: the settings and the finished tables.

    ``tables`` holds every wager's return table by bet name; :meth:`analyze` runs (and caches)
    further analyses, for example the same wager under another strategy option.
    """

    game: Game
    rules: Any
    paytables: dict[str, PayTable | None]
    tables: dict[str, ReturnTable]
    analyses: Analyses

    @property
    def run(self) -> RunSettings:
        """How analyses are run (workers, cache)."""
        return self.analyses.run

    def analyze(self, bet: str, paytable: PayTable | None = None,
                **changes: Any) -> ReturnTable:
        """A wager's table with this report's pay table (or ``paytable``) and changed options."""
        rules = dataclasses.replace(self.rules, **changes) if changes else self.rules
        return self.analyses.table(bet, paytable or self.paytables[bet], rules)


def resolve_paytables(game: Game, specs: Sequence[str] = ()) -> dict[str, PayTable | None]:
    """Each bet's pay table: its default, changed by ``specs``.

    A spec ``BET=TABLE`` sets one bet's table; a plain ``TABLE`` (a preset name, a pays label or
    a TOML file) goes to every bet that has such a table, and is an error if none has.
    """
    chosen = {bet.name: bet.paytable(None) for bet in game.bets}
    names = {bet.name for bet in game.bets}
    for spec in specs:
        target, sep, value = spec.partition("=")
        if sep and target.strip() in names:
            bet = game.bet(target.strip())
            chosen[bet.name] = bet.paytable(value.strip())
            continue
        errors: list[str] = []
        for bet in game.bets:
            if not bet.outcomes:
                continue
            try:
                chosen[bet.name] = bet.paytable(spec)
            except PayTableError as error:
                errors.append(str(error))
        if len(errors) == sum(1 for bet in game.bets if bet.outcomes):
            raise PayTableError(f"No wager of {game.name} takes the pay table {spec!r} "
                                f"(write BET=TABLE for one wager). {errors[0] if errors else ''}"
                                .strip())
    return chosen


def report_command(game: Game, specs: Sequence[str], rules: Any, fmt: str = "html") -> str:
    """The ``edge report`` command that rebuilds a report, every option spelled out."""
    parts = ["edge", "report", game.name]
    parts += [f"--paytable {_quote(spec)}" for spec in specs]
    parts += [f"--set {name}={_quote(value)}" for name, value in options_dict(rules).items()]
    parts.append(f"--format {fmt}")
    return " ".join(parts)


def _quote(text: str) -> str:
    return text if re.fullmatch(r"[\w.,:/%+=-]+", text) else "'" + text.replace("'", "'\\''") + "'"


def make_report(game: str | Game, paytables: Sequence[str] = (),
                options: Mapping[str, Any] | None = None, *, run: RunSettings | None = None,
                analyses: Analyses | None = None, environment: bool = True,
                fmt: str = "html") -> Report:
    """Analyse every wager of ``game`` and assemble its report.

    ``paytables`` are ``--paytable`` specs (see :func:`resolve_paytables`), ``options`` the
    ``--set`` values. ``environment`` adds the Python and library versions (left out of the
    committed reports so they do not depend on the machine). ``fmt`` only goes into the
    reproducing command.
    """
    found = game if isinstance(game, Game) else get_game(game)
    rules = found.make_rules(options)
    chosen = resolve_paytables(found, paytables)
    analyses = analyses or Analyses(found, run)
    tables = {bet.name: analyses.table(bet.name, chosen[bet.name], rules) for bet in found.bets}
    # --no-cache forces the wagers' solves afresh; the later steps (strategy printout,
    # comparisons, a game's own sections) reuse what was just solved and cached
    analyses.run = dataclasses.replace(analyses.run, cache=True)
    context = ReportContext(found, rules, chosen, tables, analyses)
    command = report_command(found, paytables, rules, fmt)
    sections: list[Section] = [
        summary_section(context),
        rules_section(context),
        options_section(context),
        paytables_section(context),
        wagers_section(context),
    ]
    sections += strategy_sections(context)
    if found.report_sections is not None:
        sections += found.report_sections(context)
    pays = pay_section(context)
    if pays is not None:
        sections.append(pays)
    sections.append(volatility_section(context))
    from edge.simulation.verification import verification_section
    verification = verification_section(context)
    if verification is not None:
        sections.append(verification)
    sections.append(reproducibility_section(context, command, environment))
    subtitle = [f"Mathematical report on every wager, made by edge {_version()} from exact "
                "enumeration of every deal."]
    if found.source:
        subtitle.append(f"Source: {found.source}.")
    subtitle.append("Options: " + ", ".join(f"{k}={v}" for k, v in options_dict(rules).items()))
    return Report(f"{found.title}: mathematical report", tuple(subtitle), tuple(sections),
                  found.name, tables, found.title)


def _version() -> str:
    from edge import __version__
    return __version__


def _units(value: Fraction) -> str:
    return f"{exact(value)} unit" + ("" if value == 1 else "s")


def summary_section(context: ReportContext) -> Section:
    """All wagers side by side: house edge, hit frequency, volatility, wager size."""
    tables = context.tables
    names = tuple(tables)
    decisions = any(t.has_decisions for t in tables.values())

    def line(label: str, value: Callable[[ReturnTable], str]) -> tuple[str, ...]:
        return (label, *(value(t) for t in tables.values()))

    rows = [
        line("pay table", lambda t: t.paytable.name if t.paytable else "none"),
        line("figures per", lambda t: _units(t.initial_wager) + " initially wagered"),
        line("combinations (cycle)", lambda t: f"{t.cycle:,}"),
        line("house edge", lambda t: percent(t.house_edge)),
        line("hit frequency", lambda t: percent(t.hit_frequency)),
        line("push probability", lambda t: percent(t.push_probability)),
        line("standard deviation", lambda t: f"{t.standard_deviation:.4f}"),
    ]
    choices = strategy_choices(context.rules)
    if choices:
        played = strategy_bets(context)
        rows.insert(1, line("player strategy", lambda t: context.rules.strategy
                            if t.bet in played else "-"))
    if decisions:
        rows += [
            line("average total wager",
                 lambda t: decimal(t.average_wager, 4) if t.has_decisions else "-"),
            line("element of risk",
                 lambda t: percent(t.element_of_risk) if t.has_decisions else "-"),
        ]
    blocks: list[Block] = [
        Table(("figure", *names), tuple(rows), caption="Every wager of the game",
              align="l" + "r" * len(names)),
        Paragraph("House edge is the player's expected loss per unit of the initial wager; "
                  "exact fractions are in each wager's section. " + (
                      "Element of risk is the expected loss per unit of the average total "
                      "wager, raises included." if decisions else "")),
    ]
    assumptions = [info for info in describe(context.game.rules) if info.assumption]
    if assumptions:
        values = options_dict(context.rules)
        blocks.append(Paragraph(
            "Assumptions (values the source documents do not give): "
            + "; ".join(f"{info.name}={values[info.name]} ({info.help})"
                        for info in assumptions) + ".", "note"))
    return Section("Summary of wagers", tuple(blocks))


def rules_section(context: ReportContext) -> Section:
    """The rules generated from the game's rule model with the chosen options."""
    game = context.game
    blocks: list[Block] = []
    if game.describe_rules is not None:
        blocks.append(Items(tuple(game.describe_rules(context.rules))))
    else:
        blocks.append(Paragraph("The game module gives no description of its rules.", "note"))
    blocks.append(Items(tuple(
        (bet.name, bet.description) for bet in game.bets)))
    if game.source:
        blocks.append(Paragraph(f"Source document: {game.source}.", "meta"))
    blocks.append(Paragraph(
        "Pays are net wins per unit wagered (a push is 0, a loss -1). Probabilities are integer "
        "counts of equally likely deals over the cycle; every figure is an exact fraction, shown "
        "as a decimal only when printed."))
    return Section("Rules as implemented", tuple(blocks))


def options_section(context: ReportContext) -> Section:
    """Every variant option with its value, default, allowed values, and flags."""
    values = options_dict(context.rules)
    rows = []
    for info in describe(context.game.rules):
        value = values[info.name]
        flags = []
        if info.assumption:
            flags.append("assumption")
        if value != info.default:
            flags.append("changed")
        rows.append((info.name, Cell(value, "strong"), info.default, info.allowed, info.help,
                     Cell(", ".join(flags), "flag") if flags else ""))
    blocks: list[Block] = []
    if rows:
        blocks.append(Table(("option", "value", "default", "allowed", "meaning", "flag"),
                            tuple(rows)))
        blocks.append(Paragraph("\"assumption\" marks a value that is not in the source "
                                "documents; \"changed\" one that differs from edge's default.",
                                "note"))
    else:
        blocks.append(Paragraph("This game has no variant options."))
    return Section("Variant options", tuple(blocks))


def paytables_section(context: ReportContext) -> Section:
    """Every named pay table of every bet, with the one in use marked."""
    children = []
    for bet in context.game.bets:
        used = context.paytables[bet.name]
        if used is None:
            continue
        columns = list(bet.presets.items())
        if all(table != used for _, table in columns):
            columns.append((used.name, used))
        heads = tuple(f"{name} (in use)" if table == used else name for name, table in columns)
        outcomes = list(dict.fromkeys(key for _, table in columns for key in table))
        rows: tuple[tuple[CellLike, ...], ...] = tuple(
            (outcome, *(Cell(format_pay(table.as_dict()[outcome]) if outcome in
                             table.as_dict() else "-", "strong" if table == used else "")
                        for _, table in columns))
            for outcome in outcomes)
        caption = "pays to 1 of every named table"
        children.append(Section(bet.name, (Table(("outcome", *heads), rows, caption),)))
    blocks: tuple[Block, ...] = () if children else (
        Paragraph("No wager of this game has a pay table."),)
    return Section("Pay tables", blocks, tuple(children), page_break=True)


def wager_section(table: ReturnTable, description: str) -> Section:
    """One wager: its return table, exact figures, decisions, notes and outcome chart."""
    heads, body = _row_cells(table)
    figures = tuple((label, Cell(exact_text, "exact") if exact_text else "", dec)
                    for label, exact_text, dec in _figure_lines(table))
    about = [f"{table.title}." if table.title else ""]
    if description:
        about.append(description[:1].upper() + description[1:] + ".")
    if table.paytable is not None:
        label = table.paytable.label()
        about.append(f"Pay table {table.paytable.name}" + (
            f" ({label})." if label != table.paytable.name else "."))
    if table.initial_wager != 1:
        about.append(f"Figures are per unit of the {_units(table.initial_wager)} initially "
                     "wagered.")
    if table.has_decisions:
        about.append("The player's decisions follow the strategy in the strategy section; "
                     "the wager column is the total amount wagered in that outcome.")
    blocks: list[Block] = [Paragraph(" ".join(a for a in about if a))]
    blocks.append(Columns((
        Table(tuple(heads), tuple(tuple(row) for row in body), "Return table", footer=1),
        Table(("figure", "exact", "decimal"), figures, "Figures"),
    )))
    blocks += [Paragraph(note, "note") for note in table.notes]
    blocks.append(Chart(f"Probability of each outcome of the {table.bet} wager "
                        "(green wins, grey pushes, red losses)", _outcome_drawer(table)))
    return Section(table.bet, tuple(blocks), page_break=True)


def _outcome_drawer(table: ReturnTable) -> Callable[[], Figure]:
    def draw() -> Figure:
        from edge.charts import outcome_chart
        return outcome_chart(table)
    return draw


def wagers_section(context: ReportContext) -> Section:
    """The full return table of every wager."""
    children = [wager_section(context.tables[bet.name], bet.description)
                for bet in context.game.bets]
    children[0] = dataclasses.replace(children[0], page_break=False)
    return Section("Return tables", (Paragraph(
        "Every outcome of every wager with its net pay, combinations, probability and "
        "contribution to the return; then the exact figures."),), tuple(children),
        page_break=True)


def strategy_sections(context: ReportContext) -> list[Section]:
    """The player's strategy: the game's own printout for each wager with decisions (each
    distinct text once), and the wagers under every choice of a ``strategy`` option."""
    game = context.game
    children: list[Section] = []
    if game.strategy is not None:
        printed: dict[str, list[str]] = {}
        for bet in strategy_bets(context):
            text = game.strategy(context.paytables[bet], context.rules, "plain", context.run)
            printed.setdefault(text.rstrip(), []).append(bet)
        for text, bets in printed.items():
            children.append(Section(", ".join(bets), (Preformatted(text),)))
    compared = strategies_compared(context)
    if compared is not None:
        children.append(compared)
    if not children:
        return []
    return [Section("Player strategy", (Paragraph(
        "How the player decides, as the game module prints it, and what each strategy the "
        "game offers is worth."),), tuple(children), page_break=True)]


def strategy_bets(context: ReportContext) -> list[str]:
    """The wagers a player strategy belongs to: those with decisions, else the first (a game
    like Double-Hand Poker decides how to set the hand, not how much to wager)."""
    bets = [name for name, table in context.tables.items() if table.has_decisions]
    return bets or [context.game.bets[0].name]


def strategy_choices(rules: Any) -> tuple[str, ...]:
    """The choices of the options' ``strategy`` field, if the game has one."""
    for info in describe(type(rules)):
        if info.name == "strategy" and " | " in info.allowed:
            return tuple(info.allowed.split(" | "))
    return ()


def strategies_compared(context: ReportContext) -> Section | None:
    """The strategy wagers (see :func:`strategy_bets`) under each choice of the ``strategy``
    option, side by side; wager size and element of risk only where the player raises."""
    choices = strategy_choices(context.rules)
    if not choices:
        return None
    bets = strategy_bets(context)
    current = context.rules.strategy
    sizes = any(context.tables[bet].has_decisions for bet in bets)
    rows: list[tuple[CellLike, ...]] = []
    for bet in bets:
        for choice in choices:
            table = context.tables[bet] if choice == current else \
                context.analyze(bet, strategy=choice)
            name = Cell(choice + (" (this report)" if choice == current else ""),
                        "strong" if choice == current else "")
            wager = (percent(table.element_of_risk), decimal(table.average_wager, 4)) \
                if sizes else ()
            rows.append((bet, name, percent(table.house_edge), *wager,
                         percent(table.hit_frequency), f"{table.standard_deviation:.4f}"))
    heads = ("wager", "strategy", "house edge",
             *(("element of risk", "average total wager") if sizes else ()),
             "hit frequency", "standard deviation")
    return Section("Strategies compared", (Table(
        heads, tuple(rows), "The game's wagers under every strategy it offers"),))


def pay_lines(table: ReturnTable) -> list[Any] | None:
    """How the house edge moves with each pay of a wager without decisions, or ``None``.

    The return is linear in each pay when no decision depends on the pays and each pay-table
    outcome is one row of the table: one more unit of pay adds that row's probability.
    """
    from edge.charts import PayLine
    paytable = table.paytable
    if paytable is None or table.has_decisions:
        return None
    by_name = {row.outcome: row for row in table.rows}
    lines = []
    for outcome, pay in paytable.pays:
        row = by_name.get(outcome)
        if row is None or row.pays != pay:
            return None
        slope = table.probability(row) / table.initial_wager
        break_even = pay + table.house_edge / slope if slope else None
        lines.append(PayLine(outcome, pay, slope,
                             break_even if break_even is not None and break_even >= 0 else None))
    return lines


def pay_section(context: ReportContext) -> Section | None:
    """For each side bet: the house edge per unit of each pay, and each pay's break-even value."""
    children = []
    for name, table in context.tables.items():
        lines = pay_lines(table)
        if not lines:
            continue
        rows = tuple(
            (line.outcome, format_pay(line.pay), probability_text(line.slope * table.initial_wager),
             _fine_percent(-line.slope),
             Cell(exact(line.break_even), "exact") if line.break_even is not None else "none",
             decimal(line.break_even, 4) if line.break_even is not None else "-")
            for line in lines)
        table_block = Table(("outcome", "pays", "probability", "edge change per +1 of pay",
                             "break-even pay (exact)", "break-even pay"), rows,
                            f"{name}: one pay changed, the others as in the table")
        children.append(Section(name, (
            table_block,
            Chart(f"House edge of the {name} wager as each pay moves from 0 to twice its value "
                  "(dots: break-even pays)", _pay_drawer(table.house_edge, lines)),
        )))
    if not children:
        return None
    return Section("Return as a function of each pay", (Paragraph(
        "For a wager without player decisions the return is linear in each pay: raising one "
        "pay by one unit adds that outcome's probability to the return. The break-even pay "
        "is the value of that one pay at which the house edge is zero, the others unchanged."),),
        tuple(children), page_break=True)


def _pay_drawer(edge: Fraction, lines: list[Any]) -> Callable[[], Figure]:
    def draw() -> Figure:
        from edge.charts import pay_chart
        return pay_chart(edge, lines)
    return draw


# --- helpers for a game's report_sections hook ------------------------------------------------
def option_sweep(context: ReportContext, bets: Sequence[str], option: str,
                 values: Sequence[Any], title: str = "", note: str = "") -> Section:
    """Some wagers' figures at each value of one option, the others as in the report.

    For a game hook, for example Lo-Card and Hi-Card by the number of players at the table.
    """
    current = getattr(context.rules, option)
    rows: list[tuple[CellLike, ...]] = []
    points: dict[str, list[tuple[float, float]]] = {bet: [] for bet in bets}
    for value in values:
        for bet in bets:
            table = context.tables[bet] if value == current else \
                context.analyze(bet, **{option: value})
            shown = format_value(value) + (" (this report)" if value == current else "")
            rows.append((Cell(shown, "strong" if value == current else ""), bet,
                         percent(table.house_edge), Cell(exact(table.house_edge), "exact"),
                         percent(table.hit_frequency), f"{table.standard_deviation:.4f}"))
            if isinstance(value, int | Fraction) and not isinstance(value, bool):
                points[bet].append((float(value), float(table.house_edge)))
    blocks: list[Block] = [Paragraph(note)] if note else []
    blocks.append(Table((option, "wager", "house edge", "house edge (exact)", "hit frequency",
                         "standard deviation"), tuple(rows),
                        f"{', '.join(bets)} at each value of {option}"))
    if all(len(p) == len(values) for p in points.values()):
        from edge.charts import Series
        series = [Series(bet, tuple(x for x, _ in p), tuple(y for _, y in p))
                  for bet, p in points.items()]
        blocks.append(Chart(f"House edge against {option}", _edge_drawer(
            series, option, float(current) if isinstance(current, int | Fraction) else None)))
    return Section(title or f"By {option}", tuple(blocks))


def linear_option(context: ReportContext, bets: Sequence[str], option: str,
                  title: str = "", note: str = "") -> Section | None:
    """The exact break-even value of an option the return is linear in (a pay set as an option,
    a progressive meter), with the house edge per unit of it and a chart.

    Linearity is checked, not assumed: the return at value + 1 and + 2 must step by the same
    exact amount; wagers where it does not are left out (``None`` if none is left).
    """
    from edge.charts import Series
    current = getattr(context.rules, option)
    rows: list[tuple[CellLike, ...]] = []
    series = []
    for bet in bets:
        now = context.tables[bet].expected_return
        step = context.analyze(bet, **{option: current + 1}).expected_return - now
        if context.analyze(bet, **{option: current + 2}).expected_return - now != 2 * step:
            continue
        even = current - now / step if step else None
        even = even if even is not None and even >= 0 else None
        rows.append((bet, format_value(current), percent(-now), _fine_percent(-step),
                     Cell(exact(even), "exact") if even is not None else "none",
                     decimal(even, 4) if even is not None else "-"))
        top = max(2 * Fraction(current), Fraction(5, 4) * even if even else 0) or Fraction(1)
        xs = [top * k / 40 for k in range(41)]
        series.append(Series(bet, tuple(float(x) for x in xs),
                             tuple(float(-(now + step * (x - current))) for x in xs),
                             (float(even),) if even is not None else ()))
    if not rows:
        return None
    blocks: list[Block] = [Paragraph(note)] if note else []
    blocks += [
        Table(("wager", option, "house edge", f"edge change per +1 of {option}",
               "break-even (exact)", "break-even"), tuple(rows),
              f"The return is linear in {option}"),
        Chart(f"House edge against {option} (open dots: break-even)",
              _edge_drawer(series, option, float(current))),
    ]
    return Section(title or f"Break-even {option}", tuple(blocks))


def _fine_percent(value: Fraction) -> str:
    """A percentage with four places, or three significant digits when it is smaller."""
    if value == 0 or abs(value) >= Fraction(1, 10 ** 5):
        return percent(value, 4)
    return f"{float(value) * 100:.3e}%"


def _edge_drawer(series: Sequence[Any], xlabel: str,
                 current: float | None) -> Callable[[], Figure]:
    def draw() -> Figure:
        from edge.charts import edge_chart
        return edge_chart(series, xlabel, current=current)
    return draw


@dataclass(frozen=True)
class Spread:
    """The normal-approximation range of the player's net result after ``hands`` hands."""

    hands: int
    mean: Fraction
    standard_deviation: float

    @property
    def low(self) -> float:
        """2.5% quantile of the net result, in units of the initial wager."""
        return self.hands * float(self.mean) - Z95 * self.standard_deviation * math.sqrt(self.hands)

    @property
    def high(self) -> float:
        """97.5% quantile of the net result."""
        return self.hands * float(self.mean) + Z95 * self.standard_deviation * math.sqrt(self.hands)

    @property
    def player_ahead(self) -> float:
        """Approximate probability that the player's net result is positive."""
        if self.standard_deviation == 0:
            return 1.0 if self.mean > 0 else 0.0
        return NormalDist().cdf(math.sqrt(self.hands) * float(self.mean) / self.standard_deviation)


def _grouped(number: str) -> str:
    sign = "-" if number.startswith("-") else ""
    whole, _, part = number.lstrip("-").partition(".")
    return f"{sign}{int(whole):,}" + (f".{part}" if part else "")


def spreads(table: ReturnTable, hands: Sequence[int] = HANDS) -> list[Spread]:
    """The 95% ranges after each number of hands, from the exact mean and standard deviation."""
    return [Spread(n, table.expected_return, table.standard_deviation) for n in hands]


def volatility_section(context: ReportContext) -> Section:
    """The operator's view: where the player's net result lands after many hands."""
    children = []
    for name, table in context.tables.items():
        rows = tuple(
            (f"{s.hands:,}", _grouped(decimal(s.mean * s.hands, 2)),
             f"{s.standard_deviation * math.sqrt(s.hands):,.2f}",
             f"{s.low:,.2f} to {s.high:,.2f}",
             f"{s.low / s.hands:.2%} to {s.high / s.hands:.2%}", f"{s.player_ahead:.2%}")
            for s in spreads(table))
        staked = "" if table.initial_wager == 1 else \
            f" (the {_units(table.initial_wager)} initially wagered each hand count as one)"
        children.append(Section(name, (Table(
            ("hands", "expected net", "standard deviation", "95% range of net",
             "95% range per hand", "player ahead"), rows,
            f"{name}: the player's net result after n hands, per unit initially wagered "
            f"each hand{staked}"),)))
    blocks: tuple[Block, ...] = (
        Paragraph(f"After n hands the player's net result has mean n x (expected return) and "
                  f"standard deviation sqrt(n) x (standard deviation per hand), both from the "
                  f"exact figures. The 95% range is mean +- {Z95:.4f} standard deviations "
                  "(normal approximation, good for these n); the house's result is its "
                  "negative. \"Player ahead\" is the approximate chance the player has won "
                  "money overall."),
        Chart("95% range of the player's average result per hand against hands played "
              "(dashed: the expected return)", _volatility_drawer(context.tables)),
    )
    return Section("Volatility", blocks, tuple(children), page_break=True)


def _volatility_drawer(tables: Mapping[str, ReturnTable]) -> Callable[[], Figure]:
    def draw() -> Figure:
        from edge.charts import Band, volatility_chart
        return volatility_chart([Band(name, t.expected_return, t.standard_deviation)
                                 for name, t in tables.items()], Z95)
    return draw


def figures_digest(tables: Mapping[str, ReturnTable]) -> str:
    """SHA-256 of every table's JSON: equal digests mean equal exact figures."""
    text = json.dumps([t.to_dict() for t in tables.values()], sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def reproducibility_section(context: ReportContext, command: str,
                            environment: bool) -> Section:
    """What a reviewer needs to rebuild the report and check it is the same."""
    tables = context.tables
    items: list[str | tuple[str, str]] = [
        ("edge version", _version()),
        ("options", ", ".join(f"{k}={v}" for k, v in options_dict(context.rules).items())
         or "none"),
    ]
    for name, paytable in context.paytables.items():
        if paytable is not None:
            items.append((f"pay table of {name}", f"{paytable.name} ({paytable.label()})"))
    if environment:
        import numpy
        items.append(("environment", f"Python {platform.python_version()}, numpy "
                      f"{numpy.__version__}, {platform.system()} {platform.machine()}"))
    rows = tuple((name, f"{t.cycle:,}") for name, t in tables.items())
    total = sum(t.cycle for t in tables.values())
    blocks: tuple[Block, ...] = (
        Paragraph("Command that rebuilds this report:"),
        Preformatted(command, wrap=True),
        Items(tuple(items)),
        Table(("wager", "combinations"), (*rows, ("total", f"{total:,}")),
              "Total combinations enumerated for each wager", footer=1),
        Paragraph("SHA-256 of the exact figures of every table (their JSON, keys sorted); "
                  "a rebuild with the same settings gives the same digest:"),
        Preformatted(figures_digest(tables), wrap=True),
    )
    return Section("Reproducibility", blocks)


# --- rendering --------------------------------------------------------------------------------
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


def slug(text: str) -> str:
    """A GitHub-style anchor of a heading: lower case, punctuation dropped, spaces to dashes."""
    kept = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return kept.replace(" ", "-")


@dataclass(frozen=True)
class _Heading:
    level: int
    number: str
    section: Section

    @property
    def text(self) -> str:
        return f"{self.number} {self.section.title}"

    @property
    def anchor(self) -> str:
        return slug(self.text)


def _headings(sections: Sequence[Section], prefix: str = "",
              level: int = 2) -> Iterator[_Heading]:
    for index, section in enumerate(sections, 1):
        number = f"{prefix}{index}"
        yield _Heading(level, number + ("." if level == 2 else ""), section)
        yield from _headings(section.children, number + ".", level + 1)


_NUMBER = re.compile(r"^[-+]?[\d.,/:%e+\- ]*\d[\d.,/:%e+\- ]*$|^-$")


def _numeric_columns(table: Table) -> list[bool]:
    if table.align:
        return [letter == "r" for letter in table.align]
    columns = []
    for index in range(len(table.headers)):
        texts = [_text(row[index]) for row in table.rows if index < len(row)]
        texts = [t for t in texts if t]
        columns.append(index > 0 and bool(texts) and all(_NUMBER.match(t) for t in texts))
    return columns


def _text(cell: CellLike) -> str:
    return cell.text if isinstance(cell, Cell) else cell


# HTML
SCREEN_CSS = """
:root { --ink: #1b1f24; --muted: #57606a; --rule: #d0d7de; --head: #eef1f5; --accent: #1565c0; }
body { font: 10.5pt/1.45 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; color: var(--ink);
  max-width: 60rem; margin: 1.5rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.65rem; margin: 0 0 .3rem; }
h2 { font-size: 1.3rem; border-bottom: 2px solid var(--accent); padding-bottom: .15rem;
  margin-top: 2rem; }
h3 { font-size: 1.08rem; margin-top: 1.5rem; }
h4 { font-size: 1rem; margin-top: 1.2rem; }
p.meta, .subtitle { color: var(--muted); }
p.subtitle { margin: .15rem 0; }
p.note { background: #fff8e1; border-left: 3px solid #f9a825; padding: .3rem .6rem; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: 8.8pt;
  font-variant-numeric: tabular-nums; }
caption { caption-side: top; text-align: left; font-weight: bold; padding-bottom: .25rem;
  white-space: nowrap; }
div.columns { display: flex; flex-wrap: wrap; gap: 0 1.5rem; align-items: flex-start; }
th, td { border: 1px solid var(--rule); padding: .15rem .45rem; vertical-align: top; }
th { background: var(--head); text-align: left; }
td.n, th.n { text-align: right; white-space: nowrap; }
td.exact { word-break: break-all; white-space: normal; max-width: 24rem; }
td.strong { font-weight: bold; }
td.flag span { background: #ffe08a; color: #5c4400; border-radius: 3px; padding: 0 .3rem;
  font-weight: bold; font-size: 8pt; }
table.grid td { text-align: center; min-width: 2.1rem; padding: .1rem .2rem; font-size: 8pt; }
table.grid th { text-align: center; }
tfoot td { font-weight: bold; background: #f6f8fa; }
.legend span.swatch { display: inline-block; width: .9em; height: .9em; margin: 0 .3em 0 .9em;
  vertical-align: -.1em; border: 1px solid #999; }
figure { margin: .6rem 0 1.2rem; }
figure svg { max-width: 100%; height: auto; }
figcaption { font-size: 8.8pt; color: var(--muted); }
pre { background: #f6f8fa; border: 1px solid var(--rule); padding: .5rem .7rem; font-size: 8.3pt;
  overflow-x: auto; }
pre.wrap { white-space: pre-wrap; word-break: break-all; }
nav.toc ol { columns: 2; font-size: 9.5pt; list-style: none; padding-left: 1rem; }
nav.toc li { break-inside: avoid; }
a { color: var(--accent); }
""".strip()
PRINT_CSS = """
@page { size: A4; margin: 14mm 12mm; }
@media print {
  body { max-width: none; margin: 0; padding: 0; font-size: 9.5pt; }
  .page-break { break-before: page; page-break-before: always; }
  h2, h3, h4, caption { break-after: avoid; page-break-after: avoid; }
  tr, figure, pre, p.note, table.grid { break-inside: avoid; page-break-inside: avoid; }
  thead { display: table-header-group; }
  pre { white-space: pre-wrap; overflow: visible; }
  a { color: inherit; text-decoration: none; }
}
""".strip()
CSS = SCREEN_CSS + "\n" + PRINT_CSS


def scoped_css(scope: str = ".edge-report") -> str:
    """The screen styles with every selector inside ``scope``, for a report shown within
    another page (a notebook), so the page's own styles are left alone."""
    def scope_rule(match: re.Match[str]) -> str:
        selectors = [sel.strip() for sel in match.group(1).split(",")]
        scoped = [scope if sel in (":root", "body") else f"{scope} {sel}" for sel in selectors]
        return ", ".join(scoped) + " {"
    return re.sub(r"^([^{}\n][^{}]*?)\s*\{", scope_rule, SCREEN_CSS, flags=re.M)


def _html_cell(cell: CellLike, numeric: bool, tag: str = "td") -> str:
    text = html.escape(_text(cell))
    classes = ["n"] if numeric else []
    style = ""
    if isinstance(cell, Cell):
        if cell.kind:
            classes.append(cell.kind)
        if cell.kind == "flag" and text:
            text = f"<span>{text}</span>"
        if cell.link:
            text = f"<a href=\"{html.escape(cell.link)}\">{text}</a>"
        if cell.colour:
            style = f" style=\"background:{html.escape(cell.colour)}\""
    attrs = f" class=\"{' '.join(classes)}\"" if classes else ""
    return f"<{tag}{attrs}{style}>{text}</{tag}>"


def _html_table(table: Table) -> str:
    numeric = _numeric_columns(table)
    grid = any(isinstance(c, Cell) and c.colour for row in table.rows for c in row)
    out = ["<table class=\"grid\">" if grid else "<table>"]
    if table.caption:
        out.append(f"<caption>{html.escape(table.caption)}</caption>")
    out.append("<thead><tr>" + "".join(
        _html_cell(h, n, "th") for h, n in zip(table.headers, numeric, strict=True))
        + "</tr></thead>")
    split = len(table.rows) - table.footer
    for part, rows in (("tbody", table.rows[:split]), ("tfoot", table.rows[split:])):
        if not rows:
            continue
        out.append(f"<{part}>")
        for row in rows:
            cells = [_html_cell(c, n, "th" if grid and i == 0 else "td")
                     for i, (c, n) in enumerate(zip(row, numeric, strict=False))]
            out.append("<tr>" + "".join(cells) + "</tr>")
        out.append(f"</{part}>")
    out.append("</table>")
    if table.legend:
        out.append("<p class=\"legend\">" + "".join(
            f"<span class=\"swatch\" style=\"background:{html.escape(colour)}\"></span>"
            f"{html.escape(meaning)}" for colour, meaning in table.legend) + "</p>")
    return "\n".join(out)


def _html_block(block: Block, charts: Iterator[int]) -> str:
    if isinstance(block, Paragraph):
        kind = f" class=\"{block.kind}\"" if block.kind else ""
        return f"<p{kind}>{html.escape(block.text)}</p>"
    if isinstance(block, Items):
        items = []
        for item in block.items:
            if isinstance(item, tuple):
                items.append(f"<li><b>{html.escape(item[0])}</b>: {html.escape(item[1])}</li>")
            else:
                items.append(f"<li>{html.escape(item)}</li>")
        return "<ul>" + "".join(items) + "</ul>"
    if isinstance(block, Table):
        return _html_table(block)
    if isinstance(block, Preformatted):
        kind = " class=\"wrap\"" if block.wrap else ""
        return f"<pre{kind}>{html.escape(block.text)}</pre>"
    if isinstance(block, Columns):
        return ("<div class=\"columns\">" + "".join(
            f"<div>{_html_block(inner, charts)}</div>" for inner in block.blocks) + "</div>")
    from edge.charts import to_svg
    svg = to_svg(block.draw(), f"chart{next(charts)}-")
    return (f"<figure>{svg}<figcaption>{html.escape(block.caption)}"
            "</figcaption></figure>")


def _html_body(report: Report) -> str:
    heads = list(_headings(report.sections))
    charts = itertools.count(1)
    out = [f"<header><h1>{html.escape(report.title)}</h1>"]
    out += [f"<p class=\"subtitle\">{html.escape(line)}</p>" for line in report.subtitle]
    out.append("</header>")
    toc = "".join(f"<li><a href=\"#{h.anchor}\">{html.escape(h.text)}</a></li>"
                  for h in heads if h.level == 2)
    out.append(f"<nav class=\"toc\"><h2>Contents</h2><ol>{toc}</ol></nav>")
    for head in heads:
        section = head.section
        cls = " class=\"page-break\"" if section.page_break else ""
        out.append(f"<section id=\"{head.anchor}\"{cls}>")
        out.append(f"<h{head.level}>{html.escape(head.text)}</h{head.level}>")
        out += [_html_block(block, charts) for block in section.blocks]
        out.append("</section>")
    return "\n".join(out)


def _render_html(report: Report) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
            f"<meta name=\"generator\" content=\"edge {html.escape(_version())}\">\n"
            f"<title>{html.escape(report.title)}</title>\n<style>\n{CSS}\n</style>\n"
            f"</head>\n<body>\n{_html_body(report)}\n</body>\n</html>\n")


# markdown
def _md_escape(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _md_cell(cell: CellLike) -> str:
    text = _md_escape(_text(cell))
    if isinstance(cell, Cell) and text:
        if cell.kind in ("flag", "strong"):
            text = f"**{text}**"
        if cell.link:
            text = f"[{text}]({cell.link})"
    return text


def _md_table(table: Table) -> str:
    numeric = _numeric_columns(table)
    align = ["right" if n else "left" for n in numeric]
    body = [[_md_cell(c) for c in row] for row in table.rows]
    text = tabulate(body, headers=[_md_escape(h) for h in table.headers], tablefmt="github",
                    colalign=align, disable_numparse=True)
    parts = [f"**{_md_escape(table.caption)}**", "", text] if table.caption else [text]
    if table.legend:
        parts += ["", "Colour key (in the HTML and LaTeX reports): "
                  + "; ".join(meaning for _, meaning in table.legend) + "."]
    return "\n".join(parts)


def _md_block(block: Block) -> str:
    if isinstance(block, Paragraph):
        return f"> {block.text}" if block.kind == "note" else (
            f"_{block.text}_" if block.kind == "meta" else block.text)
    if isinstance(block, Items):
        return "\n".join(f"- **{item[0]}**: {item[1]}" if isinstance(item, tuple)
                         else f"- {item}" for item in block.items)
    if isinstance(block, Table):
        return _md_table(block)
    if isinstance(block, Preformatted):
        return f"```\n{block.text.rstrip()}\n```"
    if isinstance(block, Columns):
        return "\n\n".join(_md_block(inner) for inner in block.blocks)
    return "\n\n".join(_md_block(inner) for inner in block.fallback)


def _render_markdown(report: Report) -> str:
    heads = list(_headings(report.sections))
    out = [f"# {report.title}", ""] + [line + "  " for line in report.subtitle]
    out += ["", "## Contents", ""]
    out += [f"- [{h.text}](#{h.anchor})" for h in heads if h.level == 2]
    for head in heads:
        out += ["", "#" * head.level + " " + head.text]
        for block in head.section.blocks:
            text = _md_block(block)
            if text:
                out += ["", text]
    return "\n".join(out).rstrip() + "\n"


# LaTeX
_TEX_CHARS = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
              "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
              "^": r"\textasciicircum{}", "<": r"\textless{}", ">": r"\textgreater{}"}
_ASCII = {"\u00d7": "x", "\u2264": "<=", "\u2265": ">=", "\u2014": "--", "\u2013": "-",
          "\u2026": "...", "\u00b1": "+-", "\u2212": "-", "\u2660": "s", "\u2665": "h",
          "\u2666": "d", "\u2663": "c", "\u2192": "->", "\u2605": "*", "\u00a0": " "}


def _ascii(text: str) -> str:
    return "".join(_ASCII.get(char, char) for char in text)


def tex_escape(text: str) -> str:
    """Text made safe for LaTeX (special characters escaped, a few symbols spelled out)."""
    return "".join(_TEX_CHARS.get(char, char) for char in _ascii(text))


def _tex_cell(cell: CellLike) -> str:
    text = tex_escape(_text(cell))
    if isinstance(cell, Cell):
        if cell.kind == "exact":
            text = re.sub(r"(/|\d{12})", r"\1\\allowbreak{}", text)
        if cell.kind in ("flag", "strong") and text:
            text = f"\\textbf{{{text}}}"
        if cell.colour:
            text = f"\\cellcolor[HTML]{{{cell.colour.lstrip('#').upper()}}}{text}"
    return text


def _tex_table(table: Table) -> str:
    numeric = _numeric_columns(table)
    spec = ""
    for index, num in enumerate(numeric):
        cells = [row[index] for row in table.rows if index < len(row)]
        if any(isinstance(c, Cell) and c.kind == "exact" for c in cells):
            spec += r">{\raggedleft\arraybackslash}p{4.2cm}"
        elif not num and max((len(_text(c)) for c in cells), default=0) > 40:
            spec += r">{\raggedright\arraybackslash}p{5.5cm}"
        else:
            spec += "r" if num else "l"
    lines = [r"\begingroup\footnotesize"]
    if table.caption:
        lines.append(f"\\par\\textbf{{{tex_escape(table.caption)}}}\\par\\nopagebreak")
    lines.append(f"\\begin{{longtable}}{{{spec}}}")
    head = " & ".join(f"\\textbf{{{tex_escape(h)}}}" for h in table.headers) + r" \\"
    lines += [r"\toprule", head, r"\midrule", r"\endhead"]
    split = len(table.rows) - table.footer
    for index, row in enumerate(table.rows):
        if index == split:
            lines.append(r"\midrule")
        lines.append(" & ".join(_tex_cell(c) for c in row) + r" \\")
    lines += [r"\bottomrule", r"\end{longtable}", r"\endgroup"]
    if table.legend:
        lines.append("Colours: " + "; ".join(
            f"\\colorbox[HTML]{{{colour.lstrip('#').upper()}}}{{\\strut}} {tex_escape(meaning)}"
            for colour, meaning in table.legend) + ".\n")
    return "\n".join(lines)


def _tex_block(block: Block) -> str:
    if isinstance(block, Paragraph):
        text = tex_escape(block.text)
        return f"\\emph{{{text}}}" if block.kind in ("note", "meta") else text
    if isinstance(block, Items):
        items = [f"\\item \\textbf{{{tex_escape(item[0])}}}: {tex_escape(item[1])}"
                 if isinstance(item, tuple) else f"\\item {tex_escape(item)}"
                 for item in block.items]
        return "\\begin{itemize}\n" + "\n".join(items) + "\n\\end{itemize}"
    if isinstance(block, Table):
        return _tex_table(block)
    if isinstance(block, Preformatted) and block.wrap:
        return f"\\texttt{{{tex_escape(block.text)}}}"
    if isinstance(block, Preformatted):
        text = _ascii(block.text).replace("\\end{verbatim}", "\\end {verbatim}")
        return f"{{\\scriptsize\n\\begin{{verbatim}}\n{text.rstrip()}\n\\end{{verbatim}}\n}}"
    if isinstance(block, Columns):
        return "\n\n".join(_tex_block(inner) for inner in block.blocks)
    return "\n\n".join(_tex_block(inner) for inner in block.fallback)


_TEX_LEVELS = {2: "section", 3: "subsection", 4: "subsubsection", 5: "paragraph"}
TEX_PREAMBLE = r"""\documentclass[10pt,a4paper]{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{lmodern}
\usepackage[margin=18mm]{geometry}
\usepackage{array,longtable,booktabs}
\usepackage[table]{xcolor}
\usepackage[hidelinks]{hyperref}
\setlength{\LTleft}{0pt}
\setlength{\parindent}{0pt}
\setlength{\parskip}{0.5em}
"""


def _render_tex(report: Report) -> str:
    out = [TEX_PREAMBLE.rstrip(), r"\begin{document}", r"\raggedright", r"\begin{center}",
           f"{{\\LARGE {tex_escape(report.title)}}}\\par\\medskip",
           *(f"{{\\small {tex_escape(line)}}}\\par" for line in report.subtitle),
           r"\end{center}", r"\tableofcontents"]
    for head in _headings(report.sections):
        section = head.section
        if section.page_break and head.level <= 3:
            out.append(r"\clearpage")
        command = _TEX_LEVELS.get(head.level, "paragraph")
        out.append(f"\\{command}*{{{tex_escape(head.text)}}}")
        out.append(f"\\addcontentsline{{toc}}{{{command}}}{{{tex_escape(head.text)}}}")
        for block in section.blocks:
            text = _tex_block(block)
            if text:
                out += [text, ""]
    out.append(r"\end{document}")
    return "\n".join(out) + "\n"


# --- writing files ----------------------------------------------------------------------------
def write_report(report: Report, path: str | Path, fmt: str | None = None) -> Path:
    """Write a report to ``path`` in ``fmt`` (or the format its suffix names)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(report.render(format_name(fmt, target)), encoding="utf-8")
    return target


def index_report(reports: Sequence[Report], fmt: str, command: str) -> Report:
    """The index page of ``edge report --all``: every game and wager with a link to its report."""
    rows: list[tuple[CellLike, ...]] = []
    for report in reports:
        link = f"{report.game}{SUFFIXES[fmt]}"
        for index, (bet, table) in enumerate(report.tables.items()):
            title = report.game_title or report.game
            rows.append((Cell(title if index == 0 else "", "strong", link=link if index == 0
                              else ""), bet, table.paytable.name if table.paytable else "none",
                         percent(table.house_edge), percent(table.hit_frequency),
                         f"{table.standard_deviation:.4f}",
                         percent(table.element_of_risk) if table.has_decisions else "-"))
    sections = (
        Section("Games", (Table(("game", "wager", "pay table", "house edge", "hit frequency",
                                 "standard deviation", "element of risk"), tuple(rows),
                                "Every game at its default settings"),)),
        Section("Reproducibility", (Items((("edge version", _version()),)),
                                    Paragraph("Command that rebuilds these reports:"),
                                    Preformatted(command, wrap=True))),
    )
    return Report("edge: mathematical reports", (
        f"One report per game, made by edge {_version()} from exact enumeration.",), sections)


def write_all(directory: str | Path, fmt: str = "html", run: RunSettings | None = None,
              environment: bool = True) -> list[Path]:
    """Write one report per registered game and an ``index`` page into ``directory``."""
    kind = format_name(fmt)
    folder = Path(directory)
    reports = [make_report(game, run=run, environment=environment, fmt=kind)
               for game in all_games().values()]
    written = [write_report(report, folder / f"{report.game}{SUFFIXES[kind]}", kind)
               for report in reports]
    command = f"edge report --all -o {folder.as_posix()}/ --format {kind}"
    index = index_report(reports, kind, command)
    written.append(write_report(index, folder / f"index{SUFFIXES[kind]}", kind))
    return written
