"""The sections every report has.

Summary of wagers, rules, variant options, pay tables, the wagers' tables, strategy, and
reproducibility.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import math
import platform
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from edge.comparison import comparison_section, strategy_document
from edge.document.document import (
    Block,
    Cell,
    CellLike,
    Chart,
    Columns,
    Document,
    Items,
    Paragraph,
    Preformatted,
    Report,
    Section,
    Table,
    edge_version,
)
from edge.document.layout import display_name
from edge.games import Bet, Rules
from edge.options import describe, options_dict
from edge.paytables import PayTable, format_pay
from edge.player import STRATEGY
from edge.published import FIGURES, Published
from edge.report.context import ReportContext
from edge.strategies import PlayerStrategy, compared_strategies, practical_strategy
from edge.table import (
    ReturnTable,
    basis_text,
    decimal,
    exact,
    figure_lines,
    percent,
    row_cells,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def summary_section(context: ReportContext[Rules]) -> Section:
    """All wagers side by side: house edge, hit frequency, volatility, wager size."""
    tables = context.tables
    names = tuple(tables)
    decisions = any(t.has_decisions for t in tables.values())
    staked = any(t.quotes_stake for t in tables.values())
    assumed = {info.name for info in describe(context.game.rules) if info.assumption}

    def line(label: str, value: Callable[[ReturnTable], str]) -> tuple[str, ...]:
        return (label, *(value(t) for t in tables.values()))

    rows = [
        line("pay table", lambda t: t.paytable.name if t.paytable else "none"),
        line("figures per", basis_text),
        line("assumed values", lambda t: ", ".join(
            f"{k}={v.removesuffix(' (assumption)')}" for k, v in t.options.items()
            if k in assumed) or "-"),
        line("combinations (cycle)", lambda t: f"{t.cycle:,}"),
        line("house edge", lambda t: percent(t.house_edge) + f" per {t.basis}"),
        *([line("house edge per unit staked initially",
                lambda t: percent(t.house_edge_per_stake))] if staked else []),
        line("hit frequency", lambda t: percent(t.hit_frequency)),
        line(push_label(context), lambda t: percent(t.push_probability)),
        line("standard deviation", lambda t: f"{t.standard_deviation:.4f}"),
    ]
    if any(t.assumptions for t in tables.values()):
        rows.insert(1, line("assumed", lambda t: "; ".join(t.assumptions) or "-"))
    choices = strategy_choices(context.rules)
    if choices:
        played = strategy_bets(context)
        rows.insert(1, line("player strategy", lambda t: str(getattr(
            context.rules, "strategy", "")) if t.bet in played else "-"))
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
        Paragraph("\"Figures per\" names the unit every figure of the wager is quoted per "
                  "(house edge, variance, standard deviation, each row's return), and in "
                  "brackets what a round stakes before any decision where that is more than "
                  "one such unit. House edge is the player's expected loss per that unit" + (
                      " and, in the row below it, per unit of everything staked before any "
                      "decision" if staked else "") + "; "
                  "exact fractions are in each wager's section. " + (
                      "Element of risk is the expected loss per unit of the average total "
                      "wager, raises included." if decisions else "")),
    ]
    blocks += published_section(context)
    assumptions = [info for info in describe(context.game.rules) if info.assumption]
    if assumptions:
        values = options_dict(context.rules, every=True)
        blocks.append(Paragraph(
            "Assumptions (values the source documents do not give): "
            + "; ".join(f"{info.name}={values[info.name]} ({info.help})"
                        for info in assumptions) + ".", "note"))
    return Section("Summary of wagers", tuple(blocks))


def published_applies(context: ReportContext[Rules], entry: Published,
                      ignore: Sequence[str] = ()) -> bool:
    """Whether a published figure holds for the report's wager: the wager's pay table has
    exactly the published pays, and every option the wager depends on (and ``seen``) has the
    published value, the options in ``ignore`` aside."""
    table = context.tables.get(entry.bet)
    if table is None:
        return False
    if entry.paytable is None:
        if table.paytable is not None:
            return False
    else:
        preset = context.game.bet(entry.bet).presets.get(entry.paytable)
        if preset is None or table.paytable is None or table.paytable.pays != preset.pays:
            return False
    required = options_dict(context.game.make_rules(None), every=True) | dict(entry.options)
    actual = options_dict(context.rules, every=True)
    relevant = (set(table.options) | set(entry.options) | {"seen"}) - set(ignore)
    return all(actual.get(name) == required[name] for name in relevant if name in required)


def published_value(table: ReturnTable, entry: Published) -> Fraction | None:
    """edge's exact value of the figure a published one stands beside (``None``: the table
    has no such figure)."""
    if entry.figure == "element_of_risk":
        return table.element_of_risk if table.has_decisions else None
    if entry.figure == "player_edge":
        return -table.house_edge
    return table.house_edge


def published_rows(context: ReportContext[Rules]) -> list[tuple[CellLike, ...]]:
    """Each published figure that holds for the report's pay tables and rules, beside edge's
    exact value: wager, figure, published, edge (decimal, exact), whether it rounds to the
    published one, source."""
    rows: list[tuple[CellLike, ...]] = []
    for entry in context.game.published:
        if not published_applies(context, entry):
            continue
        table = context.tables[entry.bet]
        value = published_value(table, entry)
        if value is None:
            continue
        per = (" per unit of the average total wager" if entry.figure == "element_of_risk"
               else f" per {table.basis}")
        rows.append((entry.bet, FIGURES[entry.figure] + per, entry.text,
                     Cell(percent(value), "strong"), Cell(exact(value), "exact"),
                     "yes" if entry.agrees(value) else "no", entry.source))
    return rows


def published_section(context: ReportContext[Rules]) -> list[Block]:
    """The published figures beside edge's (nothing where no published figure holds for
    these pay tables and rules)."""
    rows = published_rows(context)
    if not rows:
        return []
    return [
        Table(("wager", "figure", "published", "edge", "edge (exact)", "agrees", "source"),
              tuple(rows), "Published figures beside edge's exact values", align="lllrrll"),
        Paragraph("A published figure is printed only where the wager's pay table and rules "
                  "are those it was published for. \"agrees\": edge's exact value rounds to "
                  "the published figure at the precision it was published with.", "note"),
    ]


def combined_bets(context: ReportContext[Rules]) -> list[str]:
    """The wagers that combine others (a round stakes each of its parts)."""
    return [bet.name for bet in context.game.bets if bet.parts]


def push_label(context: ReportContext[Rules]) -> str:
    """The summary's push row: for a combined wager it is the probability that the parts'
    results add to exactly 0, which the label says."""
    combined = combined_bets(context)
    if not combined:
        return "push probability"
    return f"push probability ({', '.join(combined)}: net zero)"


def rules_section(context: ReportContext[Rules], sources: Sequence[str] | None = None) -> Section:
    """The rules generated from the game's rule model with the chosen options; ``sources``
    cites the rules documents (by default the game's source line)."""
    game = context.game
    blocks: list[Block] = []
    if game.describe_rules is not None:
        blocks.append(Items(tuple(game.describe_rules(context.rules))))
    else:
        blocks.append(Paragraph("The game module gives no description of its rules.", "note"))
    blocks.append(Items(tuple(
        (bet.name, bet.description) for bet in game.bets)))
    cited = list(sources) if sources is not None else [game.source] if game.source else []
    if cited:
        blocks.append(Paragraph(("Source document: " if len(cited) == 1 else
                                 "Source documents: ") + " / ".join(cited) + ".", "meta"))
    blocks.append(Paragraph(pays_meaning(context.tables) + " Probabilities are integer "
        "counts of equally likely deals over the cycle; every figure is an exact fraction, shown "
        "as a decimal only when printed."))
    return Section("Rules as implemented", tuple(blocks))


def pays_meaning(tables: Mapping[str, ReturnTable]) -> str:
    """What a row's pay means: a net win per unit wagered, and where rows lose more than one
    unit (raises, several wagers together), the net result of everything staked in the round."""
    text = "A row's pay is its net result: a push is 0, losing a one-unit wager -1."
    for table in tables.values():
        worst = min(row.pays for row in table.rows)
        if worst >= -1:
            continue
        unit = (f"per {table.basis}" if table.initial_wager == 1 else
                f"in units of the base wager (the figures divide by the "
                f"{exact(table.initial_wager)} units initially wagered)")
        staked = ("the losses of raises count too (the wager column is the total staked)"
                  if any(row.wager is not None for row in table.rows)
                  else "the losses of every wager of the combination count together")
        text += (f" In {table.bet}, a row's pay is the net result of everything staked in "
                 f"that outcome, {unit}: {staked}, so a row can pay as low as {exact(worst)}.")
    return text


def options_section(context: ReportContext[Rules]) -> Section:
    """Every variant option with its value, default, allowed values, and flags."""
    values = options_dict(context.rules, every=True)
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


def paytables_section(context: ReportContext[Rules]) -> Section:
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
        for split, parent in bet.splits.items():     # a split outcome just above its parent
            if split in outcomes and parent in outcomes:
                outcomes.remove(split)
                outcomes.insert(outcomes.index(parent), split)
        kinds = {outcome: next(table.paid_as(outcome) for _, table in columns
                               if outcome in table) for outcome in outcomes}
        mixed = len(set(kinds.values())) > 1
        rows: tuple[tuple[CellLike, ...], ...] = tuple(
            (display_name(outcome), *((kinds[outcome],) if mixed else ()),
             *(Cell(_listed_pay(table, outcome, bet), "strong" if table == used else "")
               for _, table in columns))
            for outcome in outcomes)
        if mixed:
            caption = ("every named table; each row's number is what its \"paid as\" column "
                       "says (" + ", ".join(dict.fromkeys(kinds.values())) + ")")
        else:
            caption = f"{next(iter(kinds.values()), 'pays to 1')} of every named table"
        children.append(Section(bet.name, (Table(
            ("outcome", *(("paid as",) if mixed else ()), *heads), rows, caption),
            *table_rules_note(bet))))
    blocks: tuple[Block, ...] = () if children else (
        Paragraph("No wager of this game has a pay table."),)
    blocks += tuple(Paragraph(note, "note") for note in context.notes)
    return Section("Pay tables", blocks, tuple(children), page_break=True)


def table_rules_note(bet: Bet[Rules]) -> tuple[Paragraph, ...]:
    """The rule each named table of a wager is meant for, when its tables are not all offered
    under every rule (none otherwise)."""
    if not bet.table_rules:
        return ()
    meant: dict[str, list[str]] = {}
    for name in bet.presets:
        rule = bet.table_rules.get(name)
        meant.setdefault(rule.text() if rule is not None else "every rule", []).append(name)
    said = "; ".join(f"{', '.join(names)} under {rule}" for rule, names in meant.items())
    return (Paragraph(f"Each named table is offered under its own rule: {said}. A table is "
                      "analysed only under a rule it is meant for.", "note"),)


def _listed_pay(table: PayTable, outcome: str, bet: Bet[Rules]) -> str:
    """A table's pay for one outcome; a split outcome it does not list is paid as its parent."""
    if outcome in table:
        return format_pay(table[outcome])
    if outcome in bet.splits:
        return f"as {display_name(bet.splits[outcome])}"
    return "-"


NET_ZERO = "net zero probability (the parts' results add to exactly 0)"


def wager_section(table: ReturnTable, description: str, combined: bool = False) -> Section:
    """One wager: its return table, exact figures, decisions, notes and outcome chart;
    ``combined``: a wager made of others, whose "push" is a net result of zero over its parts
    (each part returned, or wins and losses cancelling), and is named so."""
    heads, body = row_cells(table)
    # what a reader sees: display names, and one decimal format for the probability column
    column = heads.index("probability")
    smallest = min((table.probability(row) for row in table.rows
                    if row.combinations), default=Fraction(1))
    places = max(10, 3 - math.floor(math.log10(smallest)))
    for cells, row in zip(body, table.rows, strict=False):
        cells[0] = display_name(cells[0])
        cells[column] = decimal(table.probability(row), places)
    body[-1][column] = decimal(Fraction(1), places)
    figures = tuple((NET_ZERO if combined and label == "push probability" else label,
                     Cell(exact_text, "exact") if exact_text else "", dec)
                    for label, exact_text, dec in figure_lines(table))
    about = [f"{table.title}." if table.title else ""]
    if description:
        about.append(description[:1].upper() + description[1:] + ".")
    if table.paytable is not None:
        label = table.paytable.label()
        about.append(f"Pay table {table.paytable.name}" + (
            f" ({label})." if label != table.paytable.name else "."))
    if table.initial_wager != 1 or table.quotes_stake or table.basis != "unit wagered":
        about.append(f"Figures are per {basis_text(table)}" + (
            f"; per unit staked initially the house edge is {percent(table.house_edge_per_stake)}"
            if table.quotes_stake else "") + ".")
    if table.assumptions:
        about.append("Assumed (no source gives it): " + "; ".join(table.assumptions) + ".")
    if table.has_decisions:
        about.append("The player's decisions follow the strategy in the strategy section; "
                     "the wager column is the total amount wagered in that outcome.")
    blocks: list[Block] = [Paragraph(" ".join(a for a in about if a))]
    blocks.append(Columns((
        Table(tuple(heads), tuple(tuple(row) for row in body), "Return table", footer=1),
        Table((f"figure (per 1 {table.basis})", "exact", "decimal"), figures, "Figures"),
    )))
    blocks += [Paragraph(note, "note") for note in table.notes]
    blocks.append(Chart(f"Probability of each outcome of the {table.bet} wager "
                        "(blue wins, grey pushes, orange losses)",
                        functools.partial(_draw_outcomes, table)))
    return Section(table.bet, tuple(blocks), page_break=True)


def _draw_outcomes(table: ReturnTable) -> Figure:
    from edge.document.charts import outcome_chart
    return outcome_chart(table)


def wagers_section(context: ReportContext[Rules]) -> Section:
    """The full return table of every wager."""
    children = [wager_section(context.tables[bet.name], bet.description, bool(bet.parts))
                for bet in context.game.bets]
    children[0] = dataclasses.replace(children[0], page_break=False)
    return Section("Return tables", (Paragraph(
        "Every outcome of every wager with its net pay, combinations, probability and "
        "contribution to the return; then the exact figures."),), tuple(children),
        page_break=True)


def _strategy_blocks(document: Document | Report) -> tuple[tuple[Block, ...],
                                                          tuple[Section, ...]]:
    if isinstance(document, Document):
        return document.blocks, ()
    return (), document.sections


def strategy_sections(context: ReportContext[Rules]) -> list[Section]:
    """The player's strategy: each wager's strategy document (each distinct one once, under
    the wagers it belongs to), and the wagers under every choice of a ``strategy`` option."""
    game = context.game
    children: list[Section] = []
    shown: dict[tuple[tuple[Block, ...], tuple[Section, ...]], list[str]] = {}
    for name in strategy_bets(context):
        document = strategy_document(game, game.bet(name), context.paytables[name],
                                     _as_published(context, name, context.rules), context.run)
        if document is not None:
            shown.setdefault(_strategy_blocks(document), []).append(name)
    for (blocks, sections), bets in shown.items():
        children.append(Section(", ".join(bets), blocks, sections))
    children += chosen_strategy_sections(context)
    compared = strategies_compared(context)
    if compared is not None:
        children.append(compared)
    if not children:
        return []
    return [Section("Player strategy", (Paragraph(
        f"How the player decides, as `edge strategy {context.game.command_name}`"
        " gives it, and what each strategy the game offers is worth."),), tuple(children),
        page_break=True)]


def chosen_strategy_sections(context: ReportContext[Rules]) -> list[Section]:
    """Each wager's comparison with the optimal strategy (rule, exact cost, largest departures,
    from the ``compare`` hook): of the report's strategy when it is not the optimal one, else
    of the game's practical strategy if it names one."""
    player = context.player
    chosen = player.strategy
    if chosen is None or player.exposed:
        return []      # an exposed player plays the exposed solve: no other strategy applies
    rules = context.rules
    title = "The strategy {name} against the optimal one ({bet})"
    if chosen.is_optimal:
        practical = practical_strategy(rules)
        if practical is None:
            return []
        changes: dict[str, object] = {STRATEGY: practical}
        rules = dataclasses.replace(rules, **changes)
        title = "The practical strategy {name} against the optimal one ({bet})"
    sections = []
    for name in strategy_bets(context):
        bet = context.game.bet(name)
        if bet.compare is not None:
            comparison = bet.comparison(context.game.wager(
                context.paytables[name], _as_published(context, name, rules), context.run))
            assert comparison is not None
            section = comparison_section(comparison)
            sections.append(dataclasses.replace(section, title=title.format(
                name=comparison.strategy.name, bet=name)))
    return sections


def _as_published(context: ReportContext[Rules], bet: str, rules: Rules) -> Rules:
    """The rules a wager's strategy is printed under: a strategy's published figure holds only
    under the published pays and rules, so elsewhere it is left out (printed neither in the
    comparison's facts nor in any note)."""
    if any(published_applies(context, entry, ("strategy",))
           for entry in context.game.published if entry.bet == bet):
        return rules
    return _unpublished(rules, context.game.player(rules).strategy)


def _unpublished(rules: Rules, strategy: PlayerStrategy | None) -> Rules:
    """The rules with their strategy's published figure left out (its decisions unchanged)."""
    if strategy is None or strategy.info.published_house_edge is None:
        return rules
    info = dataclasses.replace(strategy.info, published_house_edge=None, published_text="")
    changes: dict[str, object] = {STRATEGY: dataclasses.replace(strategy, info=info)}
    return dataclasses.replace(rules, **changes)


def strategy_bets(context: ReportContext[Rules]) -> list[str]:
    """The wagers a player strategy belongs to: those with decisions, else the first (a game
    like Double-Hand Poker decides how to set the hand, not how much to wager)."""
    bets = [name for name, table in context.tables.items() if table.has_decisions]
    return bets or [context.game.bets[0].name]


def strategy_choices(rules: Rules) -> tuple[str, ...]:
    """The choices of the options' ``strategy`` field, if the game has one (for a strategy
    option that takes files: its named strategies the report compares)."""
    named = compared_strategies(rules)
    if named:
        return named
    for info in describe(type(rules)):
        if info.name == "strategy" and len(info.choices) > 1:
            return info.choices
    return ()


def strategies_compared(context: ReportContext[Rules]) -> Section | None:
    """The strategy wagers (see :func:`strategy_bets`) under each choice of the ``strategy``
    option, side by side; wager size and element of risk only where the player raises."""
    choices = strategy_choices(context.rules)
    player = context.player
    if not choices or player.exposed:
        return None
    bets = strategy_bets(context)
    current = player.choice
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
            rows.append((bet, name, f"{percent(table.house_edge)} per {table.basis}", *wager,
                         percent(table.hit_frequency), f"{table.standard_deviation:.4f}"))
    heads = ("wager", "strategy", "house edge",
             *(("element of risk", "average total wager") if sizes else ()),
             "hit frequency", "standard deviation")
    return Section("Strategies compared", (Table(
        heads, tuple(rows), "The game's wagers under every strategy it offers"),))


def figures_digest(tables: Mapping[str, ReturnTable],
                   protection: Mapping[str, ReturnTable] | None = None) -> str:
    """SHA-256 of every table's JSON: equal digests mean equal exact figures. ``protection``:
    the return table of each exposure (a report with --protection), covered too; without it
    the digest is that of the wagers' tables alone."""
    items: list[object] = [t.to_dict() for t in tables.values()]
    if protection:
        items.append({"protection": {name: t.to_dict() for name, t in protection.items()}})
    text = json.dumps(items, sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def reproducibility_section(context: ReportContext[Rules], command: str,
                            environment: bool,
                            protection: Mapping[str, ReturnTable] | None = None) -> Section:
    """What a reviewer needs to rebuild the report and check it is the same (``protection``:
    the exposures' tables, which the digest then covers)."""
    tables = context.tables
    items: list[str | tuple[str, str]] = [
        ("edge version", edge_version()),
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
    blocks: tuple[Block, ...] = (
        Paragraph("Command that rebuilds this report:"),
        Preformatted(command, wrap=True),
        Items(tuple(items)),
        Table(("wager", "combinations (cycle)"), rows,
              "Combinations enumerated for each wager: each wager's cycle is its own "
              "experiment, so they are not added"),
        Paragraph("SHA-256 of the exact figures of every table (their JSON, keys sorted" + (
            ", and the return table of every exposure of the game-protection section"
            if protection else "") + "); a rebuild with the same settings gives the same "
            "digest:"),
        Preformatted(figures_digest(tables, protection), wrap=True),
    )
    return Section("Reproducibility", blocks)


