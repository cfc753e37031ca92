"""Every named pay table and every offered rule variant of a game, one summary row each.

Issue 13: a submission analyses every pay table it lists and every rule variant that changes
the math, not only the one in use. The variants are found from the rules' options (those with
choices, true/false, or a small whole-number range, see :func:`variant_options`); a game limits
or extends the list with ``Game.report_variants``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from edge.document.document import Block, Cell, CellLike, Paragraph, Section, Table
from edge.games import Bet, Rules
from edge.options import describe, format_value, options_dict
from edge.report.context import ReportContext
from edge.strategies import PlayerStrategy, compared_strategies
from edge.table import ReturnTable, exact, percent

# A whole-number option with at most this many values is swept (Triple Bet decks 1..8).
SMALL_RANGE = 10
SUMMARY_HEADS = ("house edge", "house edge (exact)", "hit frequency", "standard deviation",
                 "element of risk", "figures per")


def basis(table: ReturnTable) -> str:
    """What a table's figures are per: its own words if it names them (a ``basis`` text), else
    the units of its initial wager on the wager (``1 unit``, ``3 units``)."""
    named = getattr(table, "basis", None)
    if isinstance(named, str) and named:
        return named
    return f"{exact(table.initial_wager)} unit" + ("" if table.initial_wager == 1 else "s")


def summary_cells(table: ReturnTable, strong: bool = False) -> tuple[CellLike, ...]:
    """House edge, exact house edge, hit frequency, standard deviation, element of risk, basis."""
    kind = "strong" if strong else ""
    return (Cell(percent(table.house_edge), kind), Cell(exact(table.house_edge), "exact"),
            percent(table.hit_frequency), f"{table.standard_deviation:.4f}",
            percent(table.element_of_risk) if table.has_decisions else "-", basis(table))


def variant_options(rules: type[Rules]) -> list[tuple[str, tuple[Any, ...]]]:
    """The options a sweep covers and their values: choices, true/false, small integer ranges.

    Fractions (pays, commissions, a meter) are continuous and left out: the pay-section
    sweeps cover them; so is an option quiet at its default (the exposure ``seen``, which the
    game-protection section covers).
    """
    found: list[tuple[str, tuple[Any, ...]]] = []
    fields = {f.name: f for f in dataclasses.fields(rules)}
    for info in describe(rules):
        if fields[info.name].metadata.get("quiet_default"):   # the exposure: its own section
            continue
        default = fields[info.name].default
        if isinstance(default, PlayerStrategy):   # the named strategies the report compares
            found.append((info.name, compared_strategies(rules)))
        elif isinstance(default, bool):
            found.append((info.name, (True, False)))
        elif len(info.choices) > 1:
            found.append((info.name, tuple(type(default)(v) if isinstance(default, str) else v
                                           for v in info.choices)))
        elif (isinstance(default, int) and not info.choices and info.minimum is not None
              and info.maximum is not None
              and 0 < info.maximum - info.minimum + 1 <= SMALL_RANGE):
            found.append((info.name, tuple(range(int(info.minimum), int(info.maximum) + 1))))
    return found


def paytables_summary(context: ReportContext[Rules]) -> Section:
    """One summary row per named pay table of every wager, the one in use marked."""
    rows: list[tuple[CellLike, ...]] = []
    for bet in context.game.bets:
        used = context.paytables[bet.name]
        if used is None:
            rows.append((bet.name, "none (no pay table)",
                         *summary_cells(context.tables[bet.name], True)))
            continue
        named = list(bet.presets.items())
        if all(table != used for _, table in named):
            named.append((used.name, used))
        for name, paytable in named:
            in_use = paytable == used
            rule = bet.rule_of(paytable)
            if in_use or rule is None or rule.fits(context.rules):
                table = (context.tables[bet.name] if in_use
                         else context.analyze(bet.name, paytable))
                rows.append((bet.name, Cell(name + (" (in use)" if in_use else ""),
                                            "strong" if in_use else ""),
                             *summary_cells(table, in_use)))
                continue
            # a table meant for another rule: under each rule it is meant for, named
            for value in rule.values:
                table = context.analyze(bet.name, paytable, **{rule.option: value})
                rows.append((bet.name, f"{name} ({rule.option}={format_value(value)})",
                             *summary_cells(table)))
    return Section("Every pay table", (
        Table(("wager", "pay table", *SUMMARY_HEADS), tuple(rows),
              "Every named pay table of every wager, the other options as in this report"),
        Paragraph("Each row is a full exact analysis of that pay table (the player's strategy "
                  "solved again where it depends on the pays); \"figures per\" names the "
                  "unit each figure of the row is quoted per, as in the summary of wagers (an "
                  "Ante for a wager whose rounds stake an Ante and a Blind)." + (
                      " A table meant for another rule than this report's is analysed under "
                      "the rule it is meant for, named beside it, and never under this "
                      "report's." if any(not bet.fits(table, context.rules)
                                         for bet in context.game.bets
                                         for table in bet.presets.values()) else ""), "note"),
    ))


def variants_summary(context: ReportContext[Rules],
                     options: Sequence[tuple[str, Sequence[Any]]]) -> Section | None:
    """One summary row per value of each option, for every wager whose figures it changes."""
    if not options:
        return None
    current = options_dict(context.rules)
    rows: list[tuple[CellLike, ...]] = []
    unchanged: list[str] = []
    for option, values in options:
        tables: dict[str, list[tuple[Any, ReturnTable, str]]] = {}
        for value in values:
            for bet in context.game.bets:
                found = _variant_table(context, bet, option, value,
                                       format_value(value) == current[option])
                if found is not None:
                    tables.setdefault(bet.name, []).append((value, *found))
        changed = [name for name, found in tables.items()
                   if len({_figures(table) for _, table, _ in found}) > 1]
        if not changed:
            unchanged.append(f"{option} ({', '.join(format_value(v) for v in values)})")
            continue
        for name in changed:
            for value, table, own in tables[name]:
                in_use = format_value(value) == current[option]
                shown = format_value(value) + (" (in use)" if in_use else "")
                wager = f"{name} ({own})" if own else name
                rows.append((option, Cell(shown, "strong" if in_use else ""), wager,
                             *summary_cells(table, in_use)))
    blocks: list[Block] = []
    if rows:
        blocks.append(Table(("option", "value", "wager", *SUMMARY_HEADS), tuple(rows),
                            "Every rule variant that changes a wager's figures, one option "
                            "changed at a time"))
    blocks.append(Paragraph(
        "Each option with a set of choices or a small range is analysed at every value, the "
        "other options and the pay tables as in this report" + (
            " (where this report's table of a wager is not meant for a value, the first named "
            "table meant for it, named after the wager; a value no named table is meant for "
            "is left out)" if any(bet.table_rules for bet in context.game.bets) else "")
        + "; only the wagers whose figures change are listed."
        + (" These options change no wager's figures: " + "; ".join(unchanged) + "."
           if unchanged else ""), "note"))
    return Section("Every rule variant", tuple(blocks))


def _variant_table(context: ReportContext[Rules], bet: Bet[Rules], option: str, value: Any,
                   in_use: bool) -> tuple[ReturnTable, str] | None:
    """A wager's table with ``option`` at ``value``, and the name of the table it pays by when
    that is not this report's (the report's is not meant for the value: the first named table
    that is); None when no named table is meant for it."""
    if in_use:
        return context.tables[bet.name], ""
    rules = dataclasses.replace(context.rules, **{option: value})
    if bet.fits(context.paytables[bet.name], rules):
        return context.analyze(bet.name, **{option: value}), ""
    fitting = bet.meant_for(rules)
    if not fitting:
        return None
    return context.analyze(bet.name, bet.presets[fitting[0]], **{option: value}), fitting[0]


def _figures(table: ReturnTable) -> tuple[Any, ...]:
    return (table.expected_return, table.variance, table.hit_frequency, table.average_wager)


def variants_section(context: ReportContext[Rules]) -> Section:
    """Every pay table and every rule variant that changes the math, with summary rows."""
    game = context.game
    options = (game.report_variants(context.rules) if game.report_variants is not None
               else variant_options(game.rules))
    children = [paytables_summary(context)]
    variants = variants_summary(context, options)
    if variants is not None:
        children.append(variants)
    return Section("Every pay table and variant", (Paragraph(
        "House edge, hit frequency, standard deviation and element of risk (where the player "
        "decides) of every named pay table and every offered rule variant; the one in use in "
        "this report is in bold."),), tuple(children), page_break=True)
