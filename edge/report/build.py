"""Assembling a game's report from its sections, and writing reports to files."""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from edge.counting.play import CounterPlay
from edge.document.document import (
    Cell,
    CellLike,
    Items,
    JsonValue,
    Paragraph,
    Preformatted,
    Report,
    Section,
    Table,
    edge_version,
)
from edge.document.render import SUFFIXES, format_name
from edge.errors import EdgeError
from edge.games import (
    AnyGame,
    Game,
    Rules,
    RunSettings,
    all_games,
    fitted_paytables,
    get_game,
)
from edge.options import options_dict
from edge.report.appendix import with_appendix
from edge.report.context import Analyses, ReportContext
from edge.report.data import report_data
from edge.report.front import (
    certification_section,
    edge_counts,
    glossary_section,
    method_section,
    rules_of_play_section,
)
from edge.report.metadata import Metadata
from edge.report.payouts import payouts_section
from edge.report.protection import protection_section, protection_tables, solve_times_section
from edge.report.sections import (
    options_section,
    paytables_section,
    reproducibility_section,
    strategy_sections,
    summary_section,
    wagers_section,
)
from edge.report.sweeps import pay_section
from edge.report.variants import variants_section
from edge.report.volatility import volatility_section
from edge.table import ReturnTable, percent


def report_command(game: AnyGame, specs: Sequence[str], rules: Rules,
                   fmt: str = "html", protection: bool = False, meta: str = "",
                   counting: bool | CounterPlay = False,
                   collusion_rounds: int | None = None) -> str:
    """The ``edge report`` command that rebuilds a report, every option spelled out (and the
    metadata file ``meta`` it was made with, if any)."""
    parts = ["edge", "report", game.command_name]
    parts += [f"--paytable {_quote(spec)}" for spec in specs]
    parts += [f"--set {name}={_quote(value)}" for name, value in options_dict(rules).items()]
    if protection:
        parts.append("--protection")
        if collusion_rounds is not None:
            parts.append(f"--collusion-rounds {collusion_rounds}")
    if counting:
        parts.append("--counting")
        if isinstance(counting, CounterPlay):
            parts += counting.options()
    if meta:
        parts.append(f"--meta {_quote(meta)}")
    parts.append(f"--format {fmt}")
    return " ".join(parts)


def _quote(text: str) -> str:
    return text if re.fullmatch(r"[\w.,:/%+=-]+", text) else "'" + text.replace("'", "'\\''") + "'"


def exposed_sweeps_section(context: ReportContext[Rules]) -> Section:
    """In place of the sweeps over pay tables and variants when the report's rules set an
    exposure: each point would be another exposed solve (minutes for some games)."""
    seen = context.player.seen
    name = context.game.name
    return Section("Every pay table and variant", (Paragraph(
        f"This report is of the game with an exposure (seen={seen}): the sweeps over every "
        "pay table and variant, and the comparison of strategies, are left out, as each point "
        "would be another exact exposed solve and the exposed player plays only the exposed "
        f"solve. `edge report {name}` gives them for the game as dealt; `edge report {name} "
        "--protection` sets every exposure side by side."),))


def make_report(game: str | AnyGame, paytables: Sequence[str] = (),
                options: Mapping[str, object] | None = None, *, run: RunSettings | None = None,
                analyses: Analyses[Rules] | None = None, environment: bool = True,
                fmt: str = "html", meta: Metadata | None = None,
                protection: bool = False, counting: bool | CounterPlay = False,
                collusion_rounds: int | None = None) -> Report:
    """Analyse every wager of ``game`` and assemble its report.

    ``paytables`` are ``--paytable`` specs (see :func:`resolve_paytables`), ``options`` the
    ``--set`` values. ``environment`` adds the Python and library versions and runs the
    verification by simulation (both left out of the committed reports, so they depend on
    neither the machine nor numpy's random streams: the report prints the commands instead).
    ``fmt`` only goes into the reproducing command. ``meta`` is the submission's metadata
    (``--meta``): the title and certification block show it, and it never enters the figures'
    digest. ``protection`` adds the game-protection section (every exposure the game declares,
    solved exactly, in money, with collusion where quick or ``collusion_rounds`` is given; an
    error for a game that declares none). ``counting`` adds the card
    counting section (:mod:`edge.counting`; an error for a game with no shoe-dealt wager),
    with the counter's win rates simulated as a :class:`~edge.counting.play.CounterPlay`
    says (``True``: its defaults; never without ``environment``, like the verification).
    """
    meta = meta or Metadata()
    found = game if isinstance(game, Game) else get_game(game)
    if protection and found.protection is None:
        raise EdgeError(f"{found.name} has no player decision a seen card could change: "
                        "--protection applies to games with a `seen` option (see `edge games`).")
    # each named table under a rule it is meant for: a table given brings its rule, a rule
    # given its table (or an error naming the rule, when both are given and do not fit)
    fitted = fitted_paytables(found, paytables, options)
    rules, chosen = fitted.rules, fitted.paytables
    analyses = analyses or Analyses(found, run)
    tables = {bet.name: analyses.table(bet.name, chosen[bet.name], rules) for bet in found.bets}
    # --no-cache forces the wagers' solves afresh; the later steps (strategy printout,
    # comparisons, a game's own sections) reuse what was just solved and cached
    analyses.run = dataclasses.replace(analyses.run, cache=True)
    context = ReportContext(found, rules, chosen, tables, analyses, fitted.notes)
    command = report_command(found, paytables, rules, fmt, protection, meta.file, counting,
                             collusion_rounds)
    sections: list[Section] = [
        certification_section(context, meta),
        rules_of_play_section(context, meta),
        glossary_section(context),
        summary_section(context),
        options_section(context),
        paytables_section(context),
        wagers_section(context),
        exposed_sweeps_section(context) if context.player.exposed else variants_section(context),
        payouts_section(context),
    ]
    sections += strategy_sections(context)
    if found.report_sections is not None:
        sections += found.report_sections(context)
    times: list[tuple[str, str]] = []
    guarded_data: dict[str, JsonValue] = {}
    guarded = (protection_section(context, times=times, collusion_rounds=collusion_rounds,
                                  data=guarded_data) if protection else None)
    if guarded is not None:
        sections.append(guarded)
    exposures = protection_tables(context) if guarded is not None else {}
    counted: dict[str, JsonValue] = {}            # the counting section's figures, by wager
    if counting:
        from edge.counting.document import report_section
        play = counting if isinstance(counting, CounterPlay) else CounterPlay()
        sections.append(report_section(context, play if environment else None,
                                       figures=counted))
    pays = None if context.player.exposed else pay_section(context)
    if pays is not None:
        sections.append(pays)
    sections.append(volatility_section(context))
    from edge.simulation.verification import verification_section
    # the simulation's figures depend on numpy's streams: not in the committed reports
    verification = verification_section(context, simulate=environment)
    if verification is not None:
        sections.append(verification)
    sections.append(reproducibility_section(context, command, environment, exposures))
    sections = with_appendix(sections)
    # the glossary, once every section is built, adds the terms of those that are there
    sections = [glossary_section(context, sections) if section.title == "Glossary"
                else section for section in sections]
    if environment and times:        # machine-dependent: an appendix, never the body
        sections.append(solve_times_section(times))
    # the Method, after the glossary, says what the sections built did (what they simulated,
    # approximated or dealt from a shoe) and names only sections that are there
    sections.insert(3, method_section(context, sections))
    subtitle = [f"Mathematical report on every wager, made by edge {edge_version()} from "
                + ("exact enumeration of every deal." if edge_counts(found) else
                   "the exact counts of the game's own analysis.")]
    if meta.rules_source:
        subtitle.append(f"Rules source: {meta.rules_source} (the applicant's rules document).")
    elif found.source:
        subtitle.append(f"Source: {found.source}.")
    subtitle.append("Options: " + ", ".join(f"{k}={v}" for k, v in options_dict(rules).items()))
    context_columns = (("game", found.name),
                       ("options", ", ".join(f"{k}={v}" for k, v in options_dict(rules).items())))
    return Report(f"{found.title}: mathematical report", tuple(subtitle), tuple(sections),
                  found.name, tables, found.title, context=context_columns,
                  data=report_data(context, meta, exposures, guarded_data, counted),
                  document_id=meta.document_id, revision=meta.revision)


# --- writing files ----------------------------------------------------------------------------
def write_report(report: Report, path: str | Path, fmt: str | None = None) -> Path:
    """Write a report to ``path`` in ``fmt`` (or the format its suffix names); LaTeX also
    writes each chart beside it as ``<stem>-chart-<n>.pdf``."""
    target = Path(path)
    kind = format_name(fmt, target)
    files: dict[str, bytes] = {}
    if kind == "latex":  # the charts go beside the .tex file, as <stem>-chart-<n>.pdf
        from edge.document.render_tex import render_tex_with_charts
        text, files = render_tex_with_charts(report, target.stem)
    else:
        text = report.render(kind)
    _make_folder(target.parent)
    try:
        for name, data in files.items():
            _write_whole(target.parent / name, data)
        _write_whole(target, text.encode("utf-8"))
    except OSError as error:
        raise EdgeError(f"Cannot write the report {target}: {error.strerror or error}.") from error
    return target


def _write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: to a temporary file beside it, then
    renamed over it (an interrupt or a full disk leaves the old file, or none)."""
    part = path.with_name(f".{path.name}.{os.getpid()}.part")
    try:
        part.write_bytes(data)
        part.replace(path)
    finally:
        part.unlink(missing_ok=True)


def check_writable(path: str | Path) -> None:
    """Fail at once, before minutes of building, when a report cannot be written at ``path``:
    its folder cannot be made, or a file cannot be created in it, or ``path`` is a folder."""
    target = Path(path)
    if target.is_dir():
        raise EdgeError(f"Cannot write the report {target}: it is a folder.")
    _make_folder(target.parent)
    try:
        _write_whole(target.parent / f".{target.name}.check", b"")
        (target.parent / f".{target.name}.check").unlink()
    except OSError as error:
        raise EdgeError(f"Cannot write the report {target}: {error.strerror or error}.") from error


def _make_folder(folder: Path) -> None:
    """Create ``folder`` (and its parents) for reports, or say in one line why it cannot be."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise EdgeError(f"Cannot create the folder {folder} for reports: "
                        f"{error.strerror or error}.") from error


def index_report(reports: Sequence[Report], fmt: str, command: str) -> Report:
    """The index page of ``edge report --all``: every game and wager with a link to its report."""
    rows: list[tuple[CellLike, ...]] = []
    for report in reports:
        link = f"{report.game}{SUFFIXES[fmt]}"
        for index, (bet, table) in enumerate(report.tables.items()):
            title = report.game_title or report.game
            rows.append((Cell(title if index == 0 else "", "strong", link=link if index == 0
                              else ""), bet, paytable_text(table),
                         f"{percent(table.house_edge)} per {table.basis}",
                         percent(table.house_edge_per_stake), percent(table.hit_frequency),
                         f"{table.standard_deviation:.4f}",
                         percent(table.element_of_risk) if table.has_decisions else "-"))
    sections = (
        Section("Games", (Table(("game", "wager", "pay table", "house edge",
                                 "house edge per unit staked initially", "hit frequency",
                                 "standard deviation", "element of risk"), tuple(rows),
                                "Every game at its default settings"),
                          Paragraph("The house edge is per the unit named beside it (the Ante "
                                    "where the trade quotes it so) and, in the next column, per "
                                    "unit of everything staked before any decision (Ante and "
                                    "Blind together, say); standard deviation is per the first "
                                    "unit. \"assumed\" marks a pay no source gives."))),
        Section("Reproducibility", (Items((("edge version", edge_version()),)),
                                    Paragraph("Command that rebuilds these reports:"),
                                    Preformatted(command, wrap=True))),
    )
    return Report("edge: mathematical reports", (
        f"One report per game, made by edge {edge_version()} from exact enumeration.",), sections)


def paytable_text(table: ReturnTable) -> str:
    """A wager's pay table as the index names it, with what the figures assume."""
    text = table.paytable.name if table.paytable else "none"
    if table.assumptions:
        assumed = "assumed: " + "; ".join(table.assumptions)
        text = assumed if table.paytable is None else f"{text} ({assumed})"
    return text


def write_all(directory: str | Path, fmt: str = "html", run: RunSettings | None = None,
              environment: bool = True, meta: Metadata | None = None) -> list[Path]:
    """Write one report per registered game and an ``index`` page into ``directory``
    (``meta``: the submission metadata every report shows)."""
    kind = format_name(fmt)
    folder = Path(directory)
    _make_folder(folder)              # before the analyses, so a bad path fails at once
    reports = [make_report(game, run=run, environment=environment, fmt=kind, meta=meta)
               for game in all_games().values()]
    written = [write_report(report, folder / f"{report.game}{SUFFIXES[kind]}", kind)
               for report in reports]
    command = f"edge report --all -o {folder.as_posix()}/ --format {kind}"
    index = index_report(reports, kind, command)
    written.append(write_report(index, folder / f"index{SUFFIXES[kind]}", kind))
    return written
