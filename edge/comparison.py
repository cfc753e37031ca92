"""A wager's strategy as a document (``edge strategy``), and a strategy against the optimal one
as a document (``edge strategy GAME --compare``) and as the report's section on the chosen
strategy: its rule, its exact cost and its departures. Outside :mod:`edge.report`, so that
``edge strategy`` loads no report code; the report uses both.

Generic: every figure comes from the game's ``compare`` hook (a
:class:`~edge.strategies.StrategyComparison`); nothing here names a game.
"""

from __future__ import annotations

import dataclasses

from edge.document import Document, Items, Paragraph, Report, Section, Table
from edge.document.document import Block, JsonValue
from edge.games import AnyGame, Bet, Rules, RunSettings
from edge.options import options_dict
from edge.paytables import PayTable
from edge.strategies import Departure, StrategyComparison
from edge.table import exact, percent

TOP = 15   # departures the report lists one by one
HEADERS = ("stage", "situation", "strategy", "optimal", "frequency", "cost", "exact cost",
           "example")


def _row(departure: Departure) -> tuple[str, ...]:
    return (departure.stage, departure.situation, departure.played, departure.optimal,
            percent(departure.frequency), percent(departure.cost, 6), exact(departure.cost),
            departure.example)


def _facts(comparison: StrategyComparison) -> tuple[tuple[str, str], ...]:
    strategy = comparison.strategy
    info = strategy.info
    facts = [("strategy", str(strategy)), ("rule", strategy.description or "-")]
    if info.source:
        facts.append(("source", info.source))
    if info.published_house_edge is not None and info.published_bet in ("", comparison.bet):
        facts.append(("published house edge", info.published_text))
    facts += [
        ("house edge, optimal strategy", f"{percent(-comparison.optimal_return)} "
                                         f"({exact(-comparison.optimal_return)})"),
        ("house edge, this strategy", f"{percent(-comparison.strategy_return)} "
                                      f"({exact(-comparison.strategy_return)})"),
        ("cost of the strategy", f"{percent(comparison.difference, 6)} "
                                 f"({exact(comparison.difference)}) {comparison.unit}"),
        ("departures taken", f"{percent(comparison.departure_frequency)} of rounds"),
    ]
    return tuple(facts)


def comparison_blocks(comparison: StrategyComparison, top: int | None = None) -> list[Block]:
    """The strategy, its exact cost, and its departures (the ``top`` largest, or all)."""
    shown = comparison.departures if top is None else comparison.departures[:top]
    blocks: list[Block] = [Items(_facts(comparison), aligned=True)]
    if comparison.parts:
        blocks += _parts_blocks(comparison)
    elif not comparison.departures:
        blocks.append(Paragraph("The strategy takes the optimal decision everywhere: it "
                                "costs nothing."))
        return blocks
    if not comparison.departures:
        blocks += [Paragraph(note, "note") for note in comparison.notes]
        return blocks
    rows = [_row(d) for d in shown]
    rows.append(("total", f"{len(comparison.departures):,} departures", "", "",
                 percent(comparison.departure_frequency),
                 percent(comparison.departures_cost, 6), exact(comparison.departures_cost), ""))
    more = len(comparison.departures) - len(shown)
    where = (f" at its {comparison.parts[0].name} decisions (the {comparison.parts[0].name} part "
             "above)" if comparison.parts else "")
    caption = ("Where the strategy departs from the optimal one" + where + ", largest cost first"
               + (f" (the {len(shown)} largest; {more:,} more in "
                  "`edge strategy --compare`)" if more else ""))
    headers: tuple[str, ...] = HEADERS
    align = "llllrrrl"
    if not any(d.example for d in comparison.departures):       # no game example to show
        headers, align, rows = headers[:-1], align[:-1], [row[:-1] for row in rows]
    blocks.append(Table(headers, tuple(rows), caption, footer=1, align=align))
    blocks.append(Paragraph(
        "Frequency: how often per round play reaches such a point and the strategy departs "
        "there; cost: the expected loss it causes " + comparison.unit + ", exactly the "
        "probability of each such point times what the optimal decision is worth more than "
        "the strategy's there. The costs add up to "
        + (f"the {comparison.parts[0].name} part above." if comparison.parts
           else "the difference of the two exact house edges."), "note"))
    blocks += [Paragraph(note, "note") for note in comparison.notes]
    return blocks


def _parts_blocks(comparison: StrategyComparison) -> list[Block]:
    """The cost split into its parts, with their total (checked: the cost of the strategy)."""
    if comparison.total_cost != comparison.difference:
        raise AssertionError("The parts of the strategy's cost do not add up to its cost.")
    rows = [(part.name, part.words, percent(part.cost, 6), exact(part.cost))
            for part in comparison.parts]
    rows.append(("total", "the cost of the strategy", percent(comparison.difference, 6),
                 exact(comparison.difference)))
    caption = (f"The cost of the strategy {comparison.unit}, in parts that add up to it "
               "exactly (checked on every run)")
    return [Table(("part", "what it is", "cost", "exact cost"), tuple(rows), caption,
                  footer=1, align="llrr")]


def comparison_data(comparison: StrategyComparison) -> dict[str, JsonValue]:
    """The comparison as ``--format json`` prints it (exact values as strings)."""
    info = comparison.strategy.info
    data: dict[str, JsonValue] = {
        "game": comparison.game, "bet": comparison.bet, "strategy": str(comparison.strategy),
        "name": info.name, "description": info.description, "source": info.source,
        "published_house_edge": info.published_text or None,
        "optimal_return": exact(comparison.optimal_return),
        "strategy_return": exact(comparison.strategy_return),
        "total_cost": exact(comparison.total_cost), "unit": comparison.unit,
        "departures": [{"stage": d.stage, "situation": d.situation, "played": d.played,
                        "optimal": d.optimal, "frequency": exact(d.frequency),
                        "cost": exact(d.cost), "example": d.example}
                       for d in comparison.departures],
    }
    if comparison.parts:        # the cost in parts adding up to it (the departures: the first)
        data["parts"] = [{"part": part.name, "what": part.words, "cost": exact(part.cost)}
                         for part in comparison.parts]
    return data


def comparison_document(game: AnyGame, comparison: StrategyComparison) -> Document:
    """``edge strategy GAME --compare NAME|FILE``: every departure, largest cost first."""
    title = (f"{game.title}: the strategy {str(comparison.strategy)!r} against the optimal "
             f"one ({comparison.bet})")
    return Document(title, tuple(comparison_blocks(comparison)),
                    context=(("game", game.name), ("bet", comparison.bet),
                             ("strategy", str(comparison.strategy))),
                    data=comparison_data(comparison))


def comparison_section(comparison: StrategyComparison) -> Section:
    """The report's section on a practical strategy: its rule, cost and largest departures."""
    return Section(f"The strategy {comparison.strategy.name} against the optimal one",
                   tuple(comparison_blocks(comparison, TOP)))


def strategy_document(game: AnyGame, bet: Bet[Rules], paytable: PayTable | None, rules: Rules,
                      run: RunSettings) -> Document | Report | None:
    """The player's strategy for one wager as a document (None: the game has no decisions),
    with the game, bet, pay table and options as its context."""
    context = (("game", game.name), ("bet", bet.name),
               ("paytable", "" if paytable is None else paytable.name),
               ("options", ", ".join(f"{k}={v}" for k, v in options_dict(rules).items())))
    report = bet.document(game.wager(paytable, rules, run))
    if report is None:
        return None
    return report if report.context else dataclasses.replace(report, context=context)
