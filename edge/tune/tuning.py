"""``tune``: the candidate tables (or options) nearest a target house edge.

By the linear model, or by analysis for a wager re-solved at each pay.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from edge.errors import EdgeError
from edge.games import AnyGame, Bet, Rules, RunSettings
from edge.options import options_dict
from edge.paytables import PayTable
from edge.tune.grid import DEFAULT_MAX_CANDIDATES, Grid, make_grid
from edge.tune.model import LinearModel, linear_model
from edge.tune.progress import Reporter, check_max_seconds, check_time
from edge.tune.scoring import MARGIN, Candidate, scaled_figures, scan
from edge.tune.setting import Kind, Parameter, Setting, Steps, make_setting
from edge.tune.targets import Bounds, Figures, Filters, Range, Target, parse_target, parse_vary

DEFAULT_LIMIT = 20
MAX_EXACT_SORT = 10_000        # candidates re-sorted exactly at most (float order beyond)


@dataclass(frozen=True)
class TuneResult:
    """The candidates that match, nearest the target first, and how they were found."""

    game: AnyGame
    bet: Bet[Rules]
    filters: Filters
    params: tuple[Parameter, ...]
    ordered: bool
    method: str                          # "linear" (scored from one analysis) or "re-solved"
    scored: int                          # candidates in rank order that were scored
    matching: int                        # candidates the target and filters admit
    candidates: tuple[Candidate, ...]    # the best ``limit`` of them
    edge_span: tuple[float, float] | None
    analyses: int
    seconds: float
    mapping: LinearModel | None = None
    reason: str = ""                     # why candidates were re-solved


def tune(game: str | AnyGame, bet: str | None, target: Target | str,
         vary: Sequence[Range | str], *, paytable: str | PayTable | None = None,
         options: Mapping[str, object] | None = None, step: Steps = None,
         ordered: bool = True, hit_frequency: Bounds | None = None,
         standard_deviation: Bounds | None = None, limit: int = DEFAULT_LIMIT,
         run: RunSettings | None = None, report: Reporter | None = None,
         max_candidates: int = DEFAULT_MAX_CANDIDATES,
         max_seconds: float | None = None) -> TuneResult:
    """The candidate pay tables whose house edge is in (or nearest) ``target``.

    ``vary`` ranges name pay-table outcomes or numeric options; values step by ``step`` (one
    for all, or by name; whole units by default); with ``ordered`` the pays stay in rank order
    (never a lesser hand paying more). A single-value target lists the nearest tables; a
    range keeps those in it.
    """
    started = time.perf_counter()
    report = report or Reporter()
    if limit < 1:
        raise EdgeError(f"--limit {limit} must be at least 1.")
    if max_candidates < 1:
        raise EdgeError(f"--max-candidates {max_candidates} must be at least 1.")
    check_max_seconds(max_seconds)
    ranges = [parse_vary(v) if isinstance(v, str) else v for v in vary]
    setting = make_setting(game, bet, paytable, options, run, [r.name for r in ranges])
    filters = Filters(parse_target(target) if isinstance(target, str) else target,
                      hit_frequency or Bounds(), standard_deviation or Bounds())
    grid = make_grid(setting, ranges, step, ordered, max_candidates, report)
    wanted = {p.name: [p.low, p.high] for p in grid.params if p.kind is Kind.OPTION}
    model = linear_model(setting, [(p.kind, p.name) for p in grid.params], wanted, report)
    if isinstance(model, LinearModel):
        found = _tune_linear(setting, model, grid, filters, limit)
    else:
        found = _tune_by_analysis(setting, grid, filters, limit, report, max_seconds)
    mapping = model if isinstance(model, LinearModel) else None
    return TuneResult(setting.game, setting.bet, filters, grid.params, ordered,
                      "linear" if mapping else "re-solved", found.scored, found.matching,
                      tuple(found.best), found.span, setting.analyses[0],
                      time.perf_counter() - started, mapping, "" if mapping else str(model))


def base_values(setting: Setting, model: LinearModel) -> list[Fraction]:
    return [setting.base_value(kind, name) for name, kind in zip(model.names, model.kinds,
                                                                   strict=True)]


def _model_candidate(setting: Setting, model: LinearModel, grid: Grid,
                     values: tuple[Fraction, ...]) -> Candidate:
    full = base_values(setting, model)
    for param, value in zip(grid.params, values, strict=True):
        full[model.names.index(param.name)] = value
    pays, opts = setting.split(model.names, full, model.kinds)
    table = setting.paytable_with(pays)
    shown = options_dict(setting.rules(opts))
    return Candidate(values, table, shown, Figures.of(model.table(full, table, shown)))


@dataclass(frozen=True)
class _Found:
    scored: int
    matching: int
    best: list[Candidate]
    span: tuple[float, float] | None


def _tune_linear(setting: Setting, model: LinearModel, grid: Grid, filters: Filters,
                 limit: int) -> _Found:
    scaled = scaled_figures(model, grid, base_values(setting, model))
    scores = scan(scaled, grid, filters)
    if not scores.index:
        return _Found(0, 0, [], None)
    index = np.concatenate(scores.index)
    edge = np.concatenate(scores.edge)
    recheck = np.concatenate(scores.recheck)
    exact_cache: dict[int, Candidate] = {}

    def candidate(i: int) -> Candidate:
        if i not in exact_cache:
            exact_cache[i] = _model_candidate(setting, model, grid, grid.values_at(i))
        return exact_cache[i]

    if recheck.any():
        keep = np.array([not flag or filters.admits(candidate(int(i)).figures)
                         for i, flag in zip(index, recheck, strict=True)], dtype=np.bool_)
        index, edge = index[keep], edge[keep]
    span = (scores.low, scores.high)
    if not len(index):
        return _Found(scores.scored, 0, [], span)
    # the nearest by float distance, with every candidate that might tie with the last one;
    # then sorted exactly (distance, house edge, grid order)
    distance = np.abs(edge - float(filters.target.centre))
    cut = min(len(index), limit)
    threshold = np.partition(distance, cut - 1)[cut - 1] + MARGIN
    near = np.flatnonzero(distance <= threshold)
    near = near[np.lexsort((index[near], distance[near]))][:max(MAX_EXACT_SORT, limit)]
    chosen = sorted((int(index[k]) for k in near),
                    key=lambda i: (*filters.sort_key(candidate(i).figures), i))
    return _Found(scores.scored, len(index), [candidate(i) for i in chosen[:limit]], span)


def _tune_by_analysis(setting: Setting, grid: Grid, filters: Filters, limit: int,
                      report: Reporter, max_seconds: float | None) -> _Found:
    indices = [int(i) for index, _ in grid.chunks() for i in index]
    names = [p.name for p in grid.params]
    kinds = [p.kind for p in grid.params]
    kept: list[tuple[tuple[Fraction, Fraction], int, Candidate]] = []
    low, high = math.inf, -math.inf
    show = False
    for done, i in enumerate(indices, start=1):
        values = grid.values_at(i)
        pays, opts = setting.split(names, values, kinds)
        began = time.perf_counter()
        table = setting.analyze(pays, opts)
        if done == 1:
            show = check_time(time.perf_counter() - began, len(indices), max_seconds,
                               "re-solving every candidate", report)
        figures = Figures.of(table)
        low, high = min(low, float(figures.house_edge)), max(high, float(figures.house_edge))
        if filters.admits(figures):
            shown = options_dict(setting.rules(opts))
            kept.append((filters.sort_key(figures), i,
                         Candidate(values, setting.paytable_with(pays), shown, figures)))
        if show:
            report.progress(done, len(indices))
    kept.sort(key=lambda item: (item[0], item[1]))
    span = (low, high) if indices else None
    return _Found(len(indices), len(kept), [c for _, _, c in kept[:limit]], span)


