"""Tune's and solve's results as documents, rendered in every format by the shared renderers."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from edge.document import Block, Document, Items, Table, render
from edge.paytables import format_pay
from edge.table import decimal, exact
from edge.tune.scoring import Candidate
from edge.tune.setting import Kind
from edge.tune.solve import SolveResult
from edge.tune.targets import Bounds, Figures, number_text, percent_text
from edge.tune.tuning import TuneResult


def _column_percent(value: Fraction) -> str:
    return percent_text(value, trim=False)


def _candidate_cells(result: TuneResult, rank: int, cand: Candidate) -> list[str]:
    cells = [str(rank)] + [number_text(v) for v in cand.values]
    if result.bet.outcomes and cand.paytable is not None:
        cells.append(cand.paytable.label())
    figures = cand.figures
    cells += [_column_percent(figures.house_edge), exact(figures.house_edge),
              _column_percent(figures.hit_frequency), f"{figures.standard_deviation:.4f}"]
    if any(c.figures.element_of_risk is not None for c in result.candidates):
        risk = figures.element_of_risk
        cells.append("" if risk is None else _column_percent(risk))
    return cells


def _tune_headers(result: TuneResult) -> list[str]:
    heads = ["#"] + [p.name for p in result.params]
    if result.bet.outcomes:
        heads.append("pay table")
    heads += ["house edge", "exact", "hit frequency", "std dev"]
    if any(c.figures.element_of_risk is not None for c in result.candidates):
        heads.append("element of risk")
    return heads


def _tune_lines(result: TuneResult) -> list[str]:
    filters = result.filters
    target = filters.target
    wanted = (f"house edge in {target}, nearest {percent_text(target.centre)} first"
              if target.is_range else f"house edge nearest {target}")
    extra = [f"hit frequency {_bounds_text(filters.hit_frequency, True)}"
             if filters.hit_frequency != Bounds() else "",
             f"standard deviation {filters.standard_deviation}"
             if filters.standard_deviation != Bounds() else ""]
    lines = [f"{result.game.title}, {result.bet.name}: {wanted}"
             + "".join(f"; {e}" for e in extra if e)]
    pays = any(p.kind is Kind.PAY for p in result.params)
    lines.append(f"varied: {', '.join(str(p) for p in result.params)}"
                 f"{' (pays kept in rank order)' if result.ordered and pays else ''}")
    how = (f"scored at once from a linear model of the bet ({result.analyses} analyses made "
           "and checked it)" if result.method == "linear"
           else f"each analysed afresh ({result.reason})")
    lines.append(f"{result.scored:,} candidates {how}, in {result.seconds:.2f} s; "
                 f"{result.matching:,} match")
    if result.mapping is not None:
        rows = len(result.mapping.template.rows)
        lines.append(f"rows: {result.mapping.describe()}" if rows <= 16
                     else f"rows: {rows}, each mapped to its pays (shown with --format json)")
    if not result.candidates and result.edge_span is not None:
        low, high = result.edge_span
        lines.append(f"no candidate matches; the house edges of the candidates run from "
                     f"{percent_text(low)} to {percent_text(high)}")
    return lines


def _bounds_text(bounds: Bounds, as_percent: bool) -> str:
    if not as_percent:
        return str(bounds)
    low = "" if bounds.low is None else percent_text(bounds.low)
    high = "" if bounds.high is None else percent_text(bounds.high)
    return f"{low}..{high}"


def _fig_dict(figures: Figures) -> dict[str, Any]:
    data: dict[str, Any] = {
        "house_edge": exact(figures.house_edge),
        "house_edge_decimal": decimal(figures.house_edge, 10),
        "hit_frequency": exact(figures.hit_frequency),
        "hit_frequency_decimal": decimal(figures.hit_frequency, 10),
        "variance": exact(figures.variance),
        "standard_deviation": figures.standard_deviation,
    }
    if figures.element_of_risk is not None:
        data["element_of_risk"] = exact(figures.element_of_risk)
    return data


def tune_dict(result: TuneResult) -> dict[str, Any]:
    """The JSON form of a tuning result (exact values as ``"p/q"`` strings)."""
    filters = result.filters
    data: dict[str, Any] = {
        "game": result.game.name,
        "bet": result.bet.name,
        "target": {"low": exact(filters.target.low), "high": exact(filters.target.high)},
        "filters": {name: {"low": None if b.low is None else exact(b.low),
                           "high": None if b.high is None else exact(b.high)}
                    for name, b in (("hit_frequency", filters.hit_frequency),
                                    ("standard_deviation", filters.standard_deviation))},
        "varied": [{"name": p.name, "kind": p.kind, "low": exact(p.low), "high": exact(p.high),
                    "step": exact(p.step)} for p in result.params],
        "ordered": result.ordered,
        "method": result.method,
        "reason": result.reason or None,
        "scored": result.scored,
        "matching": result.matching,
        "analyses": result.analyses,
        "seconds": round(result.seconds, 3),
        "candidates": [
            {"values": {p.name: exact(v) for p, v in zip(result.params, c.values, strict=True)},
             "pays": None if c.paytable is None
             else {name: exact(pay) for name, pay in c.paytable.pays},
             "options": dict(c.options), **_fig_dict(c.figures)}
            for c in result.candidates],
    }
    if result.mapping is not None:
        data["rows"] = [{"outcome": outcome, "fixed": exact(fixed),
                         "paid": {name: exact(c) for name, c in paid}}
                        for outcome, fixed, paid in result.mapping.mapping()]
    if result.edge_span is not None:
        data["edge_span"] = list(result.edge_span)
    return data


def _context(result: TuneResult | SolveResult) -> tuple[tuple[str, str], ...]:
    return (("game", result.game.name), ("bet", result.bet.name))


def _records(dicts: list[dict[str, Any]]) -> Table:
    """JSON-ready rows (flat: text, numbers, booleans) as one CSV rectangle."""
    heads = tuple(dict.fromkeys(key for row in dicts for key in row))
    return Table(heads, tuple(tuple(_csv_text(row.get(key)) for key in heads) for row in dicts))


def _csv_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, float):
        return f"{value:.12f}"
    return str(value)


def tune_document(result: TuneResult) -> Document:
    """A tuning result as a document: what was searched, then the matching tables ranked."""
    lines = _tune_lines(result)
    body = tuple(tuple(_candidate_cells(result, n, c))
                 for n, c in enumerate(result.candidates, start=1))
    heads = tuple(_tune_headers(result))
    blocks: list[Block] = [Items(tuple(lines[1:]))]
    if body:
        blocks.append(Table(heads, body, align="r" * len(heads)))
    data = tune_dict(result)
    records = _records([{"rank": rank, **candidate["values"],
                         "pays": "" if candidate["pays"] is None else ", ".join(
                             f"{k} {v}" for k, v in candidate["pays"].items()),
                         "options": ", ".join(f"{k}={v}" for k, v in candidate["options"].items()),
                         **{k: v for k, v in candidate.items()
                            if k not in ("values", "pays", "options")}}
                        for rank, candidate in enumerate(data["candidates"], start=1)])
    return Document(lines[0], tuple(blocks), context=_context(result), records=records,
                    data=data)


def render_tune(result: TuneResult, fmt: str = "plain") -> str:
    """A tuning result in one of :data:`edge.document.FORMATS`."""
    return render(tune_document(result), fmt)


def solve_dict(result: SolveResult) -> dict[str, Any]:
    """The JSON form of a solved pay (exact values as ``"p/q"`` strings)."""
    return {
        "game": result.game.name, "bet": result.bet.name, "solve": result.name,
        "kind": result.kind, "target": exact(result.target), "value": exact(result.value),
        "value_decimal": decimal(result.value, 10), "step": exact(result.step),
        "method": result.method, "analyses": result.analyses,
        "values": [{"value": exact(v), "exact": v == result.value, **_fig_dict(f)}
                   for v, f in result.rows]}


def solve_document(result: SolveResult) -> Document:
    """A solved pay as a document: the exact value, then the practical values either side."""
    what = str(result.kind)
    title = (f"{result.game.title}, {result.bet.name}: the {result.name} {what} that gives a "
             f"house edge of exactly {percent_text(result.target)}")
    how = ("solved from the linear model and confirmed by a fresh analysis"
           if result.method == "linear" else "found by exact re-solved analyses")
    lines = (f"{result.name} = {number_text(result.value)} (about {float(result.value):.6g})",
             f"{how} ({result.analyses} analyses, {result.seconds:.2f} s); the practical "
             f"{'pays' if result.kind is Kind.PAY else 'values'} either side step by "
             f"{format_pay(result.step)}")
    body = []
    for value, figures in result.rows:
        label = (f"{number_text(value)} (exact)" if value == result.value
                 else number_text(value))
        body.append((label, _column_percent(figures.house_edge), exact(figures.house_edge),
                     _column_percent(figures.hit_frequency), f"{figures.standard_deviation:.4f}"))
    heads = (result.name, "house edge", "exact", "hit frequency", "std dev")
    table = Table(heads, tuple(body), align="r" * len(heads))
    data = solve_dict(result)
    return Document(title, (Items(lines), table), context=_context(result),
                    records=_records([{result.name: row["value"],
                                       **{k: v for k, v in row.items() if k != "value"}}
                                      for row in data["values"]]), data=data)


def render_solve(result: SolveResult, fmt: str = "plain") -> str:
    """A solved pay in one of :data:`edge.document.FORMATS`."""
    return render(solve_document(result), fmt)
