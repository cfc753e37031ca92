"""``--solve``: the exact pay (or option) that gives a target house edge."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from edge.errors import EdgeError
from edge.games import AnyGame, Bet, Rules, RunSettings
from edge.paytables import PayTable, format_pay
from edge.table import ReturnTable, exact
from edge.tune.grid import rank_neighbours
from edge.tune.model import LinearModel, linear_model
from edge.tune.progress import Reporter, check_max_seconds, check_time
from edge.tune.setting import (
    Kind,
    Setting,
    Steps,
    check_steps,
    make_setting,
    numeric_options,
    step_for,
)
from edge.tune.targets import (
    Figures,
    Range,
    Target,
    number_text,
    parse_target,
    parse_vary,
    percent_text,
)
from edge.tune.tuning import base_values

SOLVE_ANALYSES = 60            # analyses allowed when a re-solved --solve searches its pay


@dataclass(frozen=True)
class SolveResult:
    """The exact value of one pay (or option) giving the target edge, and practical neighbours."""

    game: AnyGame
    bet: Bet[Rules]
    name: str
    kind: Kind
    target: Fraction
    value: Fraction
    rows: tuple[tuple[Fraction, Figures], ...]   # ascending values; one of them is ``value``
    step: Fraction
    method: str
    analyses: int
    seconds: float
    notes: tuple[str, ...] = ()


def solve(game: str | AnyGame, bet: str | None, name: str, target: Target | str, *,
          search: Range | str | None = None, paytable: str | PayTable | None = None,
          options: Mapping[str, object] | None = None, step: Steps = None,
          run: RunSettings | None = None, report: Reporter | None = None,
          max_seconds: float | None = None, ordered: bool = True) -> SolveResult:
    """The exact rational pay (or numeric option) ``name`` at which the house edge is ``target``.

    Also the nearest practical values either side (multiples of ``step``) with their edges.
    ``search`` bounds the search for a bet that is re-solved (default: the option's range,
    or from 0 up for a pay). With ``ordered`` a solved pay must keep the pays in rank order
    (a lesser hand never paying more than a better one); the practical neighbours shown do too.

    >>> result = solve("triple-bet", "block", "ultimate", "5%")
    >>> [(format_pay(v), f.house_edge == Fraction(1, 20)) for v, f in result.rows]
    [('36', False), ('13219/360', True), ('37', False)]
    """
    started = time.perf_counter()
    report = report or Reporter()
    check_max_seconds(max_seconds)
    setting = make_setting(game, bet, paytable, options, run, [name])
    wanted = parse_target(target) if isinstance(target, str) else target
    if wanted.is_range:
        raise EdgeError(f"--solve needs a single target edge, not the range {wanted}.")
    kind, key = setting.resolve(name)
    bracket = parse_vary(search) if isinstance(search, str) else search
    if bracket is not None and setting.resolve(bracket.name) != (kind, key):
        raise EdgeError(f"With --solve {key}, --vary may only bound {key} itself.")
    check_steps(setting, step, [(kind, key)])
    gap = step_for(setting, step, kind, key)
    probes = {key: [bracket.low, bracket.high]} if bracket and kind is Kind.OPTION else {}
    model = linear_model(setting, [(kind, key)], probes, report)
    solver = _AnalysisSolver(setting, kind, key)
    value = None
    if isinstance(model, LinearModel):
        linear = _LinearSolver(setting, kind, key, model)
        value = linear.solve(wanted.low)
        if value is None:
            report.note(f"a fresh analysis at the solved {key} disagrees with the linear model "
                        "(the strategy changes on the way); searching by re-solving instead")
        else:
            solver = linear
    if value is None:
        low, high = _bracket(setting, kind, key, bracket)
        value = _search(solver.figures, wanted.low, low, high, report, max_seconds, key)
    in_order = _check_order(setting, kind, key, value, wanted.low) if ordered else _anything
    below = math.floor(value / gap) * gap
    above = math.ceil(value / gap) * gap
    rows = tuple((v, solver.figures(v)) for v in sorted({below, value, above})
                 if solver.allowed(v) and in_order(v))
    method = "linear" if isinstance(solver, _LinearSolver) else "re-solved"
    return SolveResult(setting.game, setting.bet, key, kind, wanted.low, value, rows, gap,
                       method, setting.analyses[0], time.perf_counter() - started)


def _anything(value: Fraction) -> bool:
    return True


def _check_order(setting: Setting, kind: Kind, key: str, value: Fraction,
                 target: Fraction) -> Callable[[Fraction], bool]:
    """Refuse a solved pay that breaks the rank order of the pays; else the test of order."""
    if kind is not Kind.PAY:
        return _anything
    above, below = rank_neighbours(setting, key)
    for bound, name in ((above, "above"), (below, "below")):
        if bound is not None and (value > bound[0] if name == "above" else value < bound[0]):
            raise EdgeError(
                f"A house edge of {percent_text(target)} needs {key} = {number_text(value)} "
                f"(about {float(value):.6g}), {name} the {bound[1]} pay of "
                f"{format_pay(bound[0])}: that breaks the rank order of the pays (give "
                "--unordered to accept it).")

    def in_order(candidate: Fraction) -> bool:
        return ((above is None or candidate <= above[0])
                and (below is None or candidate >= below[0]))
    return in_order


class _AnalysisSolver:
    """The figures at one value of the solved pay or option, by a fresh analysis."""

    def __init__(self, setting: Setting, kind: Kind, key: str) -> None:
        self.setting, self.kind, self.key = setting, kind, key

    def allowed(self, value: Fraction) -> bool:
        """Whether the game accepts this value (pays not below the bet's least, 0 or -1;
        options in range)."""
        if self.kind is Kind.PAY:
            return value >= self.setting.bet.least_pay
        try:
            self.setting.rules({self.key: value})
        except EdgeError:
            return False
        return True

    def analyze(self, value: Fraction) -> ReturnTable:
        """A fresh analysis at ``value``."""
        pays = {self.key: value} if self.kind is Kind.PAY else {}
        options = {self.key: value} if self.kind is Kind.OPTION else {}
        return self.setting.analyze(pays, options)

    def figures(self, value: Fraction) -> Figures:
        """The figures at ``value``."""
        return Figures.of(self.analyze(value))


class _LinearSolver(_AnalysisSolver):
    """Figures from the linear model; the solution itself confirmed by a fresh analysis."""

    def __init__(self, setting: Setting, kind: Kind, key: str, model: LinearModel) -> None:
        super().__init__(setting, kind, key)
        self.model = model
        self.base = base_values(setting, model)
        self.column = model.names.index(key)

    def figures(self, value: Fraction) -> Figures:
        values = list(self.base)
        values[self.column] = value
        return Figures.of(self.model.table(values, None, {}))

    def solve(self, target: Fraction) -> Fraction | None:
        """The value whose edge is ``target`` (the edge is linear in it), confirmed by a fresh
        analysis; None when that analysis disagrees (an option moved the strategy after all)."""
        edge0 = self.figures(Fraction(0)).house_edge
        slope = self.figures(Fraction(1)).house_edge - edge0
        game = self.setting.game.name
        if slope == 0:
            raise EdgeError(f"The {self.key} {self.kind} does not change the house edge of "
                            f"{game} {self.setting.bet.name}.")
        value = (target - edge0) / slope
        if not self.allowed(value):
            raise EdgeError(f"A house edge of {percent_text(target)} needs {self.key} = "
                            f"{number_text(value)} (about {float(value):.6g}), which is not an "
                            "allowed value.")
        check = Figures.of(self.analyze(value)).house_edge
        if check == target:
            return value
        if self.setting.bet.linear:
            raise EdgeError(f"{game} {self.setting.bet.name} is declared linear in its pays, but "
                            f"{self.key} = {format_pay(value)} gives {exact(check)} on a fresh "
                            f"analysis, not {exact(target)}.")
        return None


def _bracket(setting: Setting, kind: Kind, key: str,
             bracket: Range | None) -> tuple[Fraction, Fraction]:
    """Where a re-solved --solve searches: the --vary range, the option's range, or 0 up."""
    if bracket is not None:
        return bracket.low, bracket.high
    if kind is Kind.OPTION:
        meta = numeric_options(setting.game)[key].metadata
        if meta.get("minimum") is not None and meta.get("maximum") is not None:
            return Fraction(meta["minimum"]), Fraction(meta["maximum"])
    base = setting.base_value(kind, key)
    return Fraction(0), max(Fraction(1), 4 * abs(base))


def _search(evaluate: Callable[[Fraction], Figures], target: Fraction, low: Fraction,
            high: Fraction, report: Reporter, max_seconds: float | None, key: str) -> Fraction:
    """The exact root of edge(x) = target on [low, high] by exact analyses.

    The edge under optimal play is the least of the strategies' edges, each linear in the pay,
    so it is concave and piecewise linear. On the side of the root where the edge is below the
    target (the near side), a secant through two points lands on the near side again, never
    past the root, and at the root itself once both points lie on the root's piece: so the
    search walks piece by piece and ends exactly. A first small step from the near end gives the
    second point; a bisection guards against a function that is not concave.
    """
    began = time.perf_counter()
    e_low = evaluate(low).house_edge
    show = check_time(time.perf_counter() - began, SOLVE_ANALYSES, max_seconds,
                       f"searching for the exact {key} (at most)", report)
    e_high = evaluate(high).house_edge
    for value, edge in ((low, e_low), (high, e_high)):
        if edge == target:
            return value
    if not min(e_low, e_high) < target < max(e_low, e_high):
        raise EdgeError(f"No {key} in {format_pay(low)}..{format_pay(high)} gives a house edge "
                        f"of {percent_text(target)}: the edges there run from "
                        f"{percent_text(e_low)} to {percent_text(e_high)}; widen it with "
                        f"--vary {key}=LO..HI.")
    near = [(low, e_low)] if e_low < target else [(high, e_high)]
    far = high if e_low < target else low
    for attempt in range(3, SOLVE_ANALYSES + 1):
        x0, e0 = near[-1]
        if len(near) < 2:
            guess = x0 + (far - x0) / 1024
        else:
            xa, ea = near[-2]
            guess = x0 + (target - e0) * (x0 - xa) / (e0 - ea) if e0 != ea else far
            if not min(x0, far) < guess < max(x0, far):
                guess = (x0 + far) / 2
        try:
            edge = evaluate(guess).house_edge
        except EdgeError:
            # a game may refuse a value this fine (an integer kernel, say): a simpler value
            # nearby serves as well on the way; the root itself must be taken as it is
            simpler = guess.limit_denominator(10 ** 6)
            if not min(x0, far) < simpler < max(x0, far) or simpler == guess:
                raise
            guess = simpler
            edge = evaluate(guess).house_edge
        if show:
            report.note(f"analysis {attempt}: {key} = {float(guess):.8g} gives a house edge "
                        f"of {percent_text(edge)}")
        if edge == target:
            return guess
        if edge < target:
            near.append((guess, edge))
        else:
            far = guess
    raise EdgeError(f"No exact {key} found within {SOLVE_ANALYSES} analyses; it lies between "
                    f"{format_pay(near[-1][0])} and {format_pay(far)} (about "
                    f"{float(near[-1][0]):.10g}).")


