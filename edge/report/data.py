"""A report's JSON contract: every figure exact, the metadata and the figures' digest."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from edge.games import ReportContext, Rules
from edge.options import options_dict
from edge.report.front import certified_holds, wager_assumptions
from edge.report.metadata import Metadata
from edge.report.sections import figures_digest
from edge.report.volatility import spreads
from edge.table import ReturnTable, decimal, exact


def _figure(value: Fraction | float | None) -> str | None:
    """A figure for JSON: exact ``"p/q"`` where it is a fraction, else a plain decimal (an FFT
    or normal-approximation figure, never in scientific notation)."""
    if value is None:
        return None
    return exact(value) if isinstance(value, Fraction) else decimal(value, 12)


def volatility_rows(table: ReturnTable) -> list[dict[str, object]]:
    """Every row of the report's volatility table of one wager, whatever its method: exact
    figures as ``"p/q"``, FFT and normal-approximation figures as decimals with the method
    (and the FFT's error bound) named."""
    rows: list[dict[str, object]] = []
    for spread in spreads(table):
        known = spread.distribution
        row: dict[str, object] = {
            "hands": spread.hands, "method": spread.method,
            "expected_net": exact(spread.mean * spread.hands),
            "quantile_2.5_percent": _figure(spread.low),
            "quantile_97.5_percent": _figure(spread.high),
            "player_ahead": _figure(spread.player_ahead),
            "player_even": _figure(known.even) if known is not None else None,
            "normal_approximation_2.5_percent": _figure(spread.normal_low),
            "normal_approximation_97.5_percent": _figure(spread.normal_high),
        }
        if known is not None and known.method != "exact":
            row["error_bound"] = decimal(known.error, 18)
        rows.append(row)
    return rows


def report_data(context: ReportContext[Rules], meta: Metadata,
                protection: Mapping[str, ReturnTable] | None = None,
                guarded: Mapping[str, object] | None = None,
                counting: Mapping[str, object] | None = None) -> dict[str, object]:
    """A report's JSON contract: every figure as an exact ``"p/q"`` string, the metadata and the
    figures' digest, so that two submissions can be compared by a diff.

    ``tables`` holds each wager's full return table (:meth:`ReturnTable.to_dict`); ``summary``
    each wager's figures, what they rest on (``assumptions``) and its certified holds;
    ``volatility`` every row of the report's volatility tables (exact where the distribution is
    exact); ``protection`` (a report with --protection) each exposure's figures, which the
    digest then covers too; ``guarded`` (the same report) the protection section's money and
    collusion tables and the tells against ordinary play, under ``protection_money``,
    ``collusion`` and ``protection_tells``; ``counting`` (a report with --counting) each
    shoe-dealt wager's counting figures, simulated win rates included.
    """
    summary: dict[str, object] = {}
    volatility: dict[str, object] = {}
    for name, table in context.tables.items():
        figures: dict[str, object] = {key: exact(value) if isinstance(value, Fraction) else value
                                      for key, value in table.summary()}
        figures["assumptions"] = wager_assumptions(context, name)
        figures["hold"] = [{"basis": basis, "hold": exact(hold), "rests_on": rests or None}
                           for basis, hold, rests in certified_holds(context, name)]
        summary[name] = figures
        volatility[name] = volatility_rows(table)
    data: dict[str, object] = {
        "game": context.game.name,
        "options": options_dict(context.rules),
        "metadata": meta.to_dict(),
        "digest": figures_digest(context.tables, protection),
        "summary": summary,
        "volatility": volatility,
        "tables": {name: table.to_dict() for name, table in context.tables.items()},
    }
    if protection:
        data["protection"] = {name: {key: exact(value) if isinstance(value, Fraction) else value
                                     for key, value in table.summary()}
                              for name, table in protection.items()}
    if guarded:
        if "money" in guarded:
            data["protection_money"] = guarded["money"]
        if "collusion" in guarded:
            data["collusion"] = guarded["collusion"]
        if "tells" in guarded:
            data["protection_tells"] = guarded["tells"]
    if counting:
        data["counting"] = dict(counting)
    return data
