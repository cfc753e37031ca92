"""What the studio's templates are given: an analysis and a tuning as plain values to print."""

from __future__ import annotations

import tempfile
from fractions import Fraction
from pathlib import Path
from typing import Any

from edge.errors import EdgeError
from edge.games import AnyGame
from edge.studio.work import Answer, analyse, analyse_game, read_text, typed_paytable
from edge.table import exact, figure_lines, percent


def result_context(answer: Answer) -> dict[str, Any]:
    """The values ``result.html`` and ``pays.html`` print for ``answer``."""
    if not answer.ok or answer.table is None or answer.game is None:
        return {"ok": False, "error": answer.error, "line": answer.line,
                "column": answer.column, "outcomes_key": "", "pays": []}
    table = answer.table
    rows = [{"outcome": row.outcome, "pays": exact(row.pays),
             "combinations": f"{row.combinations:,}",
             "probability": percent(table.probability(row)),
             "return": percent(table.row_return(row))}
            for row in table.rows]
    pays = [{"outcome": outcome, "pay": exact(pay)} for outcome, pay in answer.pays]
    title = table.title or f"{answer.game.title}: {table.bet}"
    options = ", ".join(f"{key}={value}" for key, value in table.options.items())
    return {"ok": True, "title": title, "options": options, "basis": table.basis,
            "house_edge": percent(table.house_edge), "house_edge_exact": exact(table.house_edge),
            "hit_frequency": percent(table.hit_frequency),
            "standard_deviation": f"{table.standard_deviation:.4f}",
            "figures": figure_lines(table), "rows": rows, "rules": answer.rules,
            "pays": pays, "outcomes_key": "|".join(p["outcome"] for p in pays)}


def analysed(text: str, name: str, decks: int | None,
             pays: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The values the templates print for the file ``text`` (run in a worker process)."""
    return result_context(analyse(text, name, decks, dict(pays)))


def analysed_game(game: str, bet: str, options: str,
                  pays: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The values the templates print for one of edge's games (run in a worker process)."""
    return result_context(analyse_game(game, bet, options, dict(pays)))


def tune_context(text: str, name: str, target: str, vary: str, decks: str,
                 pays: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The pay tables reaching ``target`` with the pays of ``vary`` (``NAME=LO..HI`` on each
    line or split by commas) and the others as typed (``pays``), as ``edge tune`` finds them,
    for the bet file ``text``."""
    try:
        with tempfile.TemporaryDirectory(prefix="edge-studio-tune-") as private:
            game = read_text(text, name, Path(private))
            options = {"decks": decks.strip()} if decks.strip() else {}
            return _tuned(game, game.bets[0].name, target, vary, options, dict(pays))
    except EdgeError as error:
        return {"error": str(error), "candidates": []}


def tune_game_context(name: str, bet: str, target: str, vary: str, options: str,
                      pays: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """:func:`tune_context` for one of edge's games, its wager ``bet`` with ``options``."""
    from edge.games import get_game
    from edge.options import parse_set_list
    try:
        game = get_game(name)
        return _tuned(game, bet or game.bets[0].name, target, vary, parse_set_list(options),
                      dict(pays))
    except EdgeError as error:
        return {"error": str(error), "candidates": []}


def _tuned(game: AnyGame, bet_name: str, target: str, vary: str, options: dict[str, str],
           pays: dict[str, str]) -> dict[str, Any]:
    from edge.tune import tune
    ranges = [part.strip() for part in vary.replace("\n", ",").split(",") if part.strip()]
    if not ranges:
        raise EdgeError("name a pay to vary: outcome=LOW..HIGH, say pair=5..12.")
    bet = game.bet(bet_name)
    typed = typed_paytable(bet.presets.get(bet.default_paytable or ""), bet.outcomes, pays)
    found = tune(game, bet.name, target, ranges, paytable=typed, options=options, limit=10)
    candidates = []
    for candidate in found.candidates:
        table: dict[str, Fraction] = (dict(candidate.paytable.pays)
                                      if candidate.paytable is not None else {})
        candidates.append({"varied": ", ".join(f"{p.name} {exact(v)}" for p, v in
                                              zip(found.params, candidate.values, strict=True)),
                           "pays": {outcome: exact(pay) for outcome, pay in table.items()},
                           "house_edge": percent(candidate.figures.house_edge),
                           "exact": exact(candidate.figures.house_edge)})
    return {"error": "", "candidates": candidates, "scored": found.scored,
            "matching": found.matching}
