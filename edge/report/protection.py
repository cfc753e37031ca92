"""The report's game-protection section (``edge report GAME --protection``): every exposure the
game declares, solved exactly, side by side with the game as dealt, and the exposed player's
strategy in plain rules.

Generic: the scenarios come from the game's :class:`~edge.protection.Protection`, every figure
from the wager's own ``analyze`` hook with the ``seen`` option set; nothing here names a game.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from edge.document import Items, Paragraph, Section, Table
from edge.document.document import Block, JsonValue
from edge.games import Bet, ReportContext, Rules, Wager, is_builtin
from edge.player import seeing
from edge.protection import (
    DEFAULT_RATES,
    DEFAULT_UNIT,
    NONE,
    ExposureMoney,
    Pace,
    Protection,
    Scenario,
    information_value,
    stake_text,
)
from edge.report.collusion import collusion_section
from edge.report.money import money_chart, money_json, money_tables, pace_text
from edge.table import ReturnTable, exact, percent
from edge.tells import (
    DEFAULT_CONFIDENCE,
    TITLE,
    WATCH_RATES,
    Tells,
    look_alike_blocks,
    look_alike_json,
    mixed_moments,
    n_zero_block,
    n_zero_json,
    tells_blocks,
    tells_json,
)

HEADERS = ("seen", "what the player sees", "player edge", "hit frequency",
           "value of the information", "decisions", "published")


def _edge_text(table: ReturnTable) -> str:
    value = table.expected_return
    return percent(value) if value >= 0 else f"{percent(value)} (house {percent(-value)})"


def _decisions_text(table: ReturnTable) -> str:
    return ", ".join(f"{name} {percent(share, 2)}" for name, _, share
                     in table.decision_frequencies() if share)


def _row(scenario: Scenario | None, table: ReturnTable, unexposed: ReturnTable
         ) -> tuple[str, ...]:
    if scenario is None:
        return ("none", "nothing (the game as dealt, optimal strategy)", _edge_text(table),
                percent(table.hit_frequency), "-", _decisions_text(table), "")
    return (scenario.name, scenario.description, _edge_text(table),
            percent(table.hit_frequency), percent(information_value(table, unexposed)),
            _decisions_text(table), scenario.published)


def protection_section(context: ReportContext[Rules], *,
                       times: list[tuple[str, str]] | None = None,
                       collusion_rounds: int | None = None,
                       data: dict[str, JsonValue] | None = None) -> Section | None:
    """Every exposure of the game against the game as dealt (None: the game declares none):
    each in money, what surveillance should watch for under it (the wager's ``surveillance``
    hook), and collusion (the ``collude`` hook: the game's quick analyses, or every one with
    ``collusion_rounds``, the situations a simulated one draws).

    ``times``, where given, receives each scenario's solve time, for the appendix at most (it
    depends on the machine and on what the cache held, so it is never in the body).
    ``data``, where given, receives the money and collusion tables as JSON (``money``,
    ``collusion``: exact values as strings), for the report's ``--format json``.
    """
    protection: Protection | None = context.game.protection
    if protection is None:
        return None
    bet = protection.bet
    paytable = context.paytables.get(bet)
    base = seeing(context.rules, NONE)
    unexposed = context.analyses.table(bet, paytable, base)
    rows = [_row(None, unexposed, unexposed)]
    children: list[Section] = []
    found: list[ExposureMoney] = []
    told: list[Tells] = []
    tells_data: dict[str, JsonValue] = {}
    unit, pace = Fraction(DEFAULT_UNIT), context.game.pace
    for scenario in protection.scenarios:
        rules = seeing(context.rules, scenario.name)
        start = time.perf_counter()
        table = context.analyses.table(bet, paytable, rules)
        if times is not None:
            times.append((f"seen={scenario.name}", f"{time.perf_counter() - start:,.1f} s"))
        rows.append(_row(scenario, table, unexposed))
        found.append(ExposureMoney(scenario.name, scenario.description, table.expected_return,
                                   unexposed.expected_return, table.basis, unit, pace.hands))
        blocks: list[Paragraph | Items] = [Paragraph(
            f"Seen: {scenario.description}. Cycle {table.cycle:,} (every deal, {scenario.ways} "
            f"way{'s' if scenario.ways > 1 else ''} to choose the seen cards). Exact expected "
            f"return {exact(table.expected_return)} per {table.basis} "
            f"({percent(table.expected_return)}), against "
            f"{percent(unexposed.expected_return)} for the unexposed optimal player: the "
            f"information is worth {percent(information_value(table, unexposed))} per "
            f"{table.basis} (exactly {exact(information_value(table, unexposed))}).")]
        wager = context.game.wager(paytable, rules, context.run)
        lines = context.game.bet(bet).rules_of_play(wager)
        if lines:
            blocks.append(Items(tuple(lines)))
        seen = watch_scenario(context.game.bet(bet), wager, table, unexposed,
                              explain=not told)
        blocks.append(seen.n_zero)
        watched = list(context.game.bet(bet).surveillance(wager))
        tells_data[scenario.name] = seen.data
        if seen.tells is not None:
            told.append(seen.tells)
            watched.append(Section(f"{TITLE}: seen={scenario.name}", tuple(seen.blocks)))
        children.append(Section(f"seen={scenario.name}", tuple(blocks), tuple(watched)))
    first = unexposed.basis
    intro = Paragraph(
        "What a player who sees cards he should not, and uses them perfectly, wins. For each "
        + ("exposure the player's decisions are solved exactly given everything seen (the seen "
           "cards are removed from the deck), over every deal and every way the seen cards can "
           "be chosen among the cards they come from." if is_builtin(context.game) else
           "exposure the figures are the game's own analysis of it (its exposed hook).")
        + " Figures are per "
        f"{first} of the {bet} wager; the value of the information is the exposed player's "
        "expected return minus the unexposed optimal player's. A positive player edge means "
        "the exposure beats the house. `edge table GAME --set seen=...` prints each full "
        "return table, `edge strategy GAME --set seen=...` the exposed strategy, and `edge "
        "simulate GAME --set seen=...` deals the exposure and plays that strategy.")
    table_block = Table(HEADERS, tuple(rows), f"Every exposure of the {bet} wager, per {first}",
                        align="llrrrll")
    stakes = stake_text(protection, first, unit)
    money = money_blocks(found, stakes, pace) if found else []
    collusion = collusion_section(context, collusion_rounds, data)
    if data is not None and found:
        data["money"] = {"stakes": stakes, "hands_per_hour": pace.hands,
                         "scenarios": money_json(found, DEFAULT_RATES)}
        data["tells"] = {"scenarios": tells_data, "look_alike": look_alike_json(told)}
    alike = look_alike_blocks(told)
    if alike:
        children.append(Section("Scenarios that look the same at the table", tuple(alike)))
    if collusion is not None:
        children.append(collusion)
    solved = ("is solved exactly, over every deal and every way to choose the seen cards"
              if is_builtin(context.game) else
              "comes from the game's own analysis of it (the wager's exposed hook)")
    said = (f"The \"Game protection\" section: each exposure of the {bet} wager {solved}; "
            "its money (the return at each exposure rate, the break-even rate, the win per "
            "hour) is exact from those returns at the rates, bet and pace it states; N0 "
            "(variance / return^2 per hand) is exact from the returns and variances."
            + (" The tells against ordinary play are exact shares of the exposed cycle; the "
               "hands an officer must watch are exact under the model each states (hands "
               "dealt independently, one tell enough to tell the players apart): the least n "
               "with (1 - q)^n <= 1 - confidence; the scenarios that look the same are found "
               "by comparing the exact decision profiles." if told else ""))
    return Section("Game protection", (intro, table_block, *money), tuple(children),
                   page_break=True, method=(said,))


@dataclass(frozen=True)
class Watched:
    """What an officer watching one scenario acts on: N0 at each exposure rate (a paragraph),
    the tells against ordinary play where the wager has them (``tells``, ``blocks``), and both
    as JSON (``data``)."""

    n_zero: Paragraph
    tells: Tells | None
    blocks: tuple[Block, ...]
    data: dict[str, JsonValue]


def watch_scenario(bet: Bet[Rules], wager: Wager[Rules], table: ReturnTable,
                   unexposed: ReturnTable, rates: Sequence[Fraction] = WATCH_RATES,
                   confidence: Fraction = DEFAULT_CONFIDENCE, explain: bool = True) -> Watched:
    """N0 and the tells against ordinary play of one scenario (``wager``: the wager with the
    scenario seen, ``table`` its exposed return table) at each of ``rates`` (``explain``: with
    the paragraph saying how the tells are found)."""
    moments = [mixed_moments(table, unexposed, rate) for rate in rates]
    tells = bet.tells(wager)
    data: dict[str, JsonValue] = {"n_zero": n_zero_json(moments, rates)}
    if tells is None:
        return Watched(n_zero_block(moments, rates), None, (), data)
    return Watched(n_zero_block(moments, rates), tells,
                   tuple(tells_blocks(tells, rates, confidence, explain)),
                   {**tells_json(tells, rates, confidence), **data})


def money_blocks(found: list[ExposureMoney], stakes: str, pace: Pace) -> list[Block]:
    """Every scenario at the default exposure rates for a hand that starts with ``stakes``
    (``Ante 25 and Blind 25``) at the game's pace: player edge, break-even rate, win per hour,
    and the chart of the player edge against the exposure rate."""
    basis = found[0].basis
    edges, wins = money_tables(found, DEFAULT_RATES, stakes, pace.hands, pace, described=False)
    intro = Paragraph(
        "Money: exposure rates and win per hour. A player rarely sees the card on every "
        "hand. Seen on a share of hands (the exposure rate), the others played by the "
        f"unexposed optimal strategy, the player's return per {basis} is rate x exposed + "
        "(1 - rate) x unexposed; above the break-even exposure rate the player has the edge. "
        f"The win per hour is at {pace_text(pace.hands, pace)}, {stakes} a hand: hands an "
        f"hour x {basis} x return per {basis}. `edge protection GAME "
        "--exposure-rate R --unit U --hands-per-hour N` gives them at other rates, bets and "
        "paces, with the exact fractions.")
    return [intro, edges, wins, money_chart(found)]


def protection_tables(context: ReportContext[Rules]) -> dict[str, ReturnTable]:
    """The return table of every exposure the game declares, by ``seen=`` value (empty: none
    declared); the figures' digest covers them in a report with --protection."""
    protection: Protection | None = context.game.protection
    if protection is None:
        return {}
    bet = protection.bet
    paytable = context.paytables.get(bet)
    return {scenario.name: context.analyses.table(bet, paytable,
                                                  seeing(context.rules, scenario.name))
            for scenario in protection.scenarios}


def solve_times_section(times: list[tuple[str, str]]) -> Section:
    """The appendix of machine-dependent solve times (never in the body of a report)."""
    return Section("Appendix: solve times on this machine", (
        Paragraph("Time to solve each exposure of the game-protection section on the machine "
                  "that made this report (a disk cache or an analysis already made in this "
                  "report takes none). These depend on the machine, not on the figures."),
        Items(tuple(times), aligned=True)), page_break=True)
