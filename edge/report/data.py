"""A report's JSON contract: every figure exact, the metadata and the figures' digest."""

from __future__ import annotations

from fractions import Fraction

from edge.distribution import LOWER, UPPER
from edge.games import ReportContext, Rules
from edge.options import options_dict
from edge.report.front import hold_bases
from edge.report.metadata import Metadata
from edge.report.sections import figures_digest
from edge.report.volatility import spreads
from edge.table import exact


def report_data(context: ReportContext[Rules], meta: Metadata) -> dict[str, object]:
    """A report's JSON contract: every figure as an exact ``"p/q"`` string, the metadata and the
    figures' digest, so that two submissions can be compared by a diff.

    ``tables`` holds each wager's full return table (:meth:`ReturnTable.to_dict`); ``summary``
    each wager's figures and its hold on every basis; ``volatility`` the net result after n
    hands where the distribution is exact (its quantiles and probabilities as fractions).
    """
    summary: dict[str, object] = {}
    volatility: dict[str, object] = {}
    for name, table in context.tables.items():
        figures: dict[str, object] = {key: exact(value) if isinstance(value, Fraction) else value
                                      for key, value in table.summary()}
        figures["hold"] = [{"basis": basis, "hold": exact(hold)}
                           for basis, hold in hold_bases(name, table)]
        summary[name] = figures
        rows = []
        for spread in spreads(table):
            known = spread.distribution
            if known is None or known.method != "exact":
                continue
            ahead, even = known.ahead, known.even
            rows.append({"hands": spread.hands, "method": "exact convolution",
                         "quantile_2.5_percent": exact(known.quantile(LOWER)),
                         "quantile_97.5_percent": exact(known.quantile(UPPER)),
                         "player_ahead": exact(ahead) if isinstance(ahead, Fraction) else None,
                         "player_even": exact(even) if isinstance(even, Fraction) else None})
        volatility[name] = rows
    return {
        "game": context.game.name,
        "options": options_dict(context.rules),
        "metadata": meta.to_dict(),
        "digest": figures_digest(context.tables),
        "summary": summary,
        "volatility": volatility,
        "tables": {name: table.to_dict() for name, table in context.tables.items()},
    }
