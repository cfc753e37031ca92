"""What ``edge games`` prints: every game's wagers, their outcomes in order, their named pay
tables with their pays, and the game's options with their allowed values.

The JSON form (``edge games --format json``) is a stable contract for scripts::

    {"games": [{"name", "title", "aliases": [...], "source",
                "bets": [{"name", "description",
                          "outcomes": [...],            # in the order typed pays follow
                          "typed_pays": true,           # whether --paytable takes typed pays
                          "splits": {split: parent},    # outcomes a table may pay apart
                          "orders": [[...]],            # every outcome order typed pays may use
                          "default_paytable",           # a name, or null (no pay table)
                          "paytables": [{"name", "title", "label", "default": bool,
                                         "pays": {outcome: "p/q"},
                                         "paid_as": {outcome: "share of the meter"}}],
                          "table_rules": {name: "option=value or value"}}],   # {}: any rule
                "options": [{"name", "default", "allowed", "choices": [...], "meaning",
                             "assumption": bool}]}]}

A pay table's ``name`` is what ``--paytable`` takes (so is its ``label``), ``title`` the name it
prints. Pays are exact strings (``"5/2"``), net per unit wagered; ``paid_as`` lists only the
entries that are not paid "to 1" (a progressive's meter shares). ``table_rules`` names the rule
each named table is meant for where a wager's tables are not all offered under every rule (the
UTH Trips table 50-40-30-10-8-6-3: ``trips_rule=beat-dealer or beat-dealer-fold-loses``); edge
analyses a named table only under a rule it is meant for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from edge.document import Block, Document, Items, Paragraph, Table
from edge.games import AnyGame, Bet, Rules
from edge.options import describe
from edge.paytables import PayTable, accepted_orders, format_pay
from edge.table import exact

PAID_TO_ONE = "pays to 1"


def _pay_cell(table: PayTable, outcome: str) -> str:
    pays = table.as_dict()
    if outcome not in pays:
        return ""
    if table.paid_as(outcome) == PAID_TO_ONE:
        return format_pay(pays[outcome])
    return f"{format_pay(pays[outcome] * 100)}% ({table.paid_as(outcome)})"


def _rows_of(bet: Bet[Rules]) -> list[str]:
    """The outcomes a bet's tables pay: its outcomes in order (a split outcome, such as the
    mini-royal, just above the outcome it is split from), then any other entry of its presets
    (a progressive's ``meter.`` shares)."""
    rows = list(accepted_orders(bet.outcomes, bet.splits)[-1])
    for table in bet.presets.values():
        rows += [key for key in table if key not in rows]
    return rows


def _bet_blocks(game: AnyGame, bet: Bet[Rules]) -> list[Block]:
    caption = f"{game.name} --bet {bet.name}: {bet.description}"
    if not bet.outcomes:
        return [Paragraph(f"{caption}. No pay table (its pays are options, if any).")]
    names = [f"{name} (default)" if name == bet.default_paytable else name
             for name in bet.presets]
    body: list[tuple[str, ...]] = [
        (outcome, *(_pay_cell(table, outcome) for table in bet.presets.values()))
        for outcome in _rows_of(bet)]
    body.append(("label", *(table.label() for table in bet.presets.values())))
    if bet.table_rules:        # the rule each table is offered under: analysed only under it
        body.append(("meant for", *(_meant_for(bet, name) for name in bet.presets)))
    blocks: list[Block] = [Table(("outcome", *names), tuple(body), caption)]
    orders = accepted_orders(bet.outcomes, bet.splits)
    if not bet.typed_pays:
        note = "--paytable takes a name or label above, or a .toml file (no typed pays)."
    elif len(orders) == 1:
        note = (f"--paytable takes a name or label above, a .toml file, or the {len(orders[0])} "
                "pays typed in the order of the rows, joined by dashes like a label.")
    else:
        note = ("--paytable takes a name or label above, a .toml file, or pays typed joined "
                "by dashes in one of these orders: " + "; ".join(
                    f"{len(order)} pays: {', '.join(order)}" for order in orders) + "."
                + "".join(f" A table without {split} pays it as {parent}."
                          for split, parent in bet.splits.items()))
    blocks.append(Paragraph(note, "note"))
    return blocks


def _game_blocks(game: AnyGame) -> list[Block]:
    about: list[str | tuple[str, str]] = []
    if game.source:
        about.append(("source", game.source))
    if game.aliases:
        about.append(("aliases", ", ".join(game.aliases)))
    blocks: list[Block] = [Paragraph(f"{game.name}: {game.title}")]
    if about:
        blocks.append(Items(tuple(about)))
    for bet in game.bets:
        blocks += _bet_blocks(game, bet)
    rows = tuple((o.name, o.default, o.allowed, o.help + (" (assumption)" if o.assumption
                                                           else ""))
                 for o in describe(game.rules))
    if rows:
        blocks.append(Table(("option", "default", "allowed", "meaning"), rows,
                            f"{game.name} options (--set NAME=VALUE)", align="llll"))
    return blocks


def _paytable_data(name: str, table: PayTable, default: bool) -> dict[str, Any]:
    return {"name": name, "title": table.name, "label": table.label(), "default": default,
            "pays": {key: exact(value) for key, value in table.pays},
            "paid_as": {key: table.paid_as(key) for key in table
                        if table.paid_as(key) != PAID_TO_ONE}}


def _meant_for(bet: Bet[Rules], name: str) -> str:
    """The rule a named table is meant for (``trips_rule=beat-dealer or ...``), or ``any
    rule``."""
    rule = bet.table_rules.get(name)
    return rule.text() if rule is not None else "any rule"


def _bet_data(bet: Bet[Rules]) -> dict[str, Any]:
    return {"name": bet.name, "description": bet.description,
            "outcomes": list(bet.outcomes), "typed_pays": bool(bet.outcomes) and bet.typed_pays,
            "splits": dict(bet.splits),
            "orders": [list(order) for order in accepted_orders(bet.outcomes, bet.splits)]
            if bet.outcomes and bet.typed_pays else [],
            "default_paytable": bet.default_paytable if bet.outcomes else None,
            "paytables": [_paytable_data(name, table, name == bet.default_paytable)
                          for name, table in bet.presets.items()],
            # the rule each named table is meant for, where not every table fits every rule
            "table_rules": {name: _meant_for(bet, name) for name in bet.presets}
            if bet.table_rules else {}}


def games_data(games: Sequence[AnyGame]) -> dict[str, Any]:
    """The JSON form of ``edge games`` (the shape in this module's docstring)."""
    return {"games": [
        {"name": game.name, "title": game.title, "aliases": list(game.aliases),
         "source": game.source, "bets": [_bet_data(bet) for bet in game.bets],
         "options": [{"name": o.name, "default": o.default, "allowed": o.allowed,
                      "choices": list(o.choices), "meaning": o.help,
                      "assumption": o.assumption} for o in describe(game.rules)]}
        for game in games]}


def _records(games: Sequence[AnyGame]) -> Table:
    """One row per outcome pay of every named table, and per option: the CSV rectangle."""
    rows: list[tuple[str, ...]] = []
    for game in games:
        for bet in game.bets:
            for name, table in bet.presets.items():
                rows += [(game.name, bet.name, "pay", name, outcome, _pay_cell(table, outcome))
                         for outcome in table]
                rows.append((game.name, bet.name, "label", name, "", table.label()))
        rows += [(game.name, "", "option", o.name, o.allowed, o.default)
                 for o in describe(game.rules)]
    return Table(("game", "bet", "kind", "table or option", "outcome or allowed",
                  "pay or default"), tuple(rows))


def games_document(games: Sequence[AnyGame]) -> Document:
    """``edge games`` as a document: each game, its wagers' outcomes and named pay tables
    (one column per table), and its options."""
    blocks: list[Block] = []
    for game in games:
        blocks += _game_blocks(game)
    title = (f"{games[0].name}: its wagers, pay tables and options" if len(games) == 1
             else "edge games: every game, its wagers, pay tables and options")
    return Document(title, tuple(blocks), records=_records(games), data=games_data(games))
