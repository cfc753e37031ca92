"""The linear model of a wager without decisions.

Each row's pay is a fixed amount plus the pays of the outcomes it is paid on, read from one
probe analysis and checked against a second one.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from edge.errors import EdgeError
from edge.paytables import PayTable, format_pay
from edge.table import ReturnTable, Row
from edge.tune.progress import Reporter
from edge.tune.setting import Kind, Setting, numeric_options
from edge.tune.targets import number_text

PROBE_UNIT = 1024              # probe pays are PROBE_UNIT * 2**k; fixed row pays stay below half


@dataclass(frozen=True)
class LinearModel:
    """Each row's net pay as a fixed part plus multiples of the parameters, exactly.

    ``names`` are every pay-table outcome, then each varied numeric option; ``terms[r][k]`` is
    how many times row ``r`` is paid parameter ``k`` (0 or 1 for a pay, a slope for an option);
    ``template`` is an analysis giving the rows' names, counts and wagers.
    """

    template: ReturnTable
    names: tuple[str, ...]
    kinds: tuple[Kind, ...]
    fixed: tuple[Fraction, ...]
    terms: tuple[tuple[Fraction, ...], ...]

    def row_pays(self, values: Sequence[Fraction]) -> list[Fraction]:
        """Every row's net pay for parameter ``values`` (in ``names`` order)."""
        return [fixed + sum((c * v for c, v in zip(terms, values, strict=True) if c),
                            Fraction(0))
                for fixed, terms in zip(self.fixed, self.terms, strict=True)]

    def table(self, values: Sequence[Fraction], paytable: PayTable | None,
              options: Mapping[str, str]) -> ReturnTable:
        """The exact return table the bet would have at these values."""
        rows = tuple(Row(row.outcome, pay, row.combinations, row.wager)
                     for row, pay in zip(self.template.rows, self.row_pays(values), strict=True))
        return dataclasses.replace(self.template, rows=rows, paytable=paytable, options=options,
                                   notes=())

    def mapping(self) -> list[tuple[str, Fraction, list[tuple[str, Fraction]]]]:
        """Each row, its fixed pay and the parameters (with multiples) it is paid on."""
        return [(row.outcome, fixed,
                 [(name, c) for name, c in zip(self.names, terms, strict=True) if c])
                for row, fixed, terms in zip(self.template.rows, self.fixed, self.terms,
                                             strict=True)]

    def describe(self) -> str:
        """The row -> outcome map in one line (``flush-pair -> flush-pair; lose fixed -1``)."""
        parts = []
        for outcome, fixed, paid in self.mapping():
            shown = " + ".join(name if c == 1 else f"{number_text(c)}*{name}"
                               for name, c in paid)
            if not paid:
                shown = f"fixed {number_text(fixed)}"
            elif fixed:
                shown += f" {'+' if fixed > 0 else '-'} {format_pay(abs(fixed))}"
            parts.append(f"{outcome} -> {shown}")
        return "; ".join(parts)


def _shape_difference(a: ReturnTable, b: ReturnTable) -> str | None:
    """How two analyses differ in anything but the pays (None when they agree)."""
    if len(a.rows) != len(b.rows):
        return f"the number of rows changes ({len(a.rows)} to {len(b.rows)})"
    for x, y in zip(a.rows, b.rows, strict=True):
        if (x.outcome, x.combinations, x.wager) != (y.outcome, y.combinations, y.wager):
            return f"the row {x.outcome!r} changes its count or wager"
    if a.decisions != b.decisions or a.initial_wager != b.initial_wager:
        return "the player's decisions change"
    return None


def _probe_values(setting: Setting, key: str, wanted: Sequence[Fraction]) -> list[Fraction]:
    """Distinct valid values of a numeric option to probe it with (the wanted ones first)."""
    base = setting.base_value(Kind.OPTION, key)
    meta = numeric_options(setting.game)[key].metadata
    extra = [base + 1, base - 1, base * 2, base / 2, base + Fraction(1, 7)]
    extra += [Fraction(v) for v in (meta.get("minimum"), meta.get("maximum")) if v is not None]
    found: list[Fraction] = []
    for value in [base, *wanted, *extra]:
        if value in found:
            continue
        try:
            setting.rules({key: value})
        except EdgeError:
            continue
        found.append(value)
    return found


def build_model(setting: Setting, varied: Sequence[tuple[Kind, str]],
                wanted: Mapping[str, Sequence[Fraction]] | None = None) -> LinearModel | str:
    """The linear model of the bet in what is varied, or the reason there is none.

    ``varied`` lists ``(kind, name)`` pairs: pay-table outcomes and numeric options. First one
    analysis at the probe pays (outcome k pays ``1024 * 2**k``) maps every row to the outcomes
    it is paid on, and each varied option costs one more analysis (its slope). Where a row is
    not a plain sum of pays (a pay scaled by a meter, say), each varied quantity is moved in
    turn from the base table instead, an analysis each. Either way a last analysis at other
    values must agree with the model row by row.
    """
    probes = {key: _probe_values(setting, key, (wanted or {}).get(key, ()))
              for kind, key in varied if kind is Kind.OPTION}
    for key, values in probes.items():
        if len(values) < 2:
            return f"the option {key} has only one allowed value"
    outcomes = setting.outcomes
    probe = {name: Fraction(PROBE_UNIT << k) for k, name in enumerate(outcomes)}
    base = {key: values[0] for key, values in probes.items()}
    first = setting.analyze(probe, base)
    if setting.bet.linear is None and first.has_decisions:
        return "its return table records player decisions"
    slopes = _slopes(setting, first, probe, probes)
    if isinstance(slopes, str):
        return slopes
    rest = [row.pays - sum((s * base[key] for s, key in zip(slope, probes, strict=True)),
                           Fraction(0)) for row, slope in zip(first.rows, slopes, strict=True)]
    decoded = _decode(rest, len(outcomes))
    if decoded is not None:
        model = LinearModel(first, outcomes + tuple(probes),
                            (Kind.PAY,) * len(outcomes) + (Kind.OPTION,) * len(probes),
                            decoded[0],
                            tuple(t + tuple(s) for t, s in zip(decoded[1], slopes, strict=True)))
        if not _check_model(setting, model, probes):
            return model
    return _moved_model(setting, [key for kind, key in varied if kind is Kind.PAY], probes)


def _slopes(setting: Setting, first: ReturnTable, pays: Mapping[str, Fraction],
            probes: Mapping[str, Sequence[Fraction]]) -> list[list[Fraction]] | str:
    """Each row's change per unit of each option (an analysis per option)."""
    base = {key: values[0] for key, values in probes.items()}
    slopes: list[list[Fraction]] = [[] for _ in first.rows]
    for key, values in probes.items():
        moved = setting.analyze(pays, {**base, key: values[1]})
        problem = _shape_difference(first, moved)
        if problem:
            return f"{problem} when {key} changes"
        for r, (a, b) in enumerate(zip(first.rows, moved.rows, strict=True)):
            slopes[r].append((b.pays - a.pays) / (values[1] - values[0]))
    return slopes


def _decode(rest: Sequence[Fraction], outcomes: int) -> Terms | None:
    """Read each probe row pay as a small fixed pay plus a sum of distinct probe pays."""
    fixed: list[Fraction] = []
    terms: list[tuple[Fraction, ...]] = []
    for pay in rest:
        paid = round(pay / PROBE_UNIT)
        if paid < 0 or paid >> outcomes or abs(pay - paid * PROBE_UNIT) >= PROBE_UNIT // 2:
            return None
        fixed.append(pay - paid * PROBE_UNIT)
        terms.append(tuple(Fraction((paid >> k) & 1) for k in range(outcomes)))
    return tuple(fixed), tuple(terms)


Terms = tuple[tuple[Fraction, ...], tuple[tuple[Fraction, ...], ...]]


def _moved_model(setting: Setting, pays: Sequence[str],
                 probes: Mapping[str, Sequence[Fraction]]) -> LinearModel | str:
    """The model in the varied quantities only, each moved in turn from the base table."""
    base = {key: values[0] for key, values in probes.items()}
    first = setting.analyze({}, base)
    slopes = _slopes(setting, first, {}, probes)
    if isinstance(slopes, str):
        return slopes
    columns: list[list[Fraction]] = []
    for name in pays:
        moved = setting.analyze({name: setting.base_value(Kind.PAY, name) + 1}, base)
        problem = _shape_difference(first, moved)
        if problem:
            return f"{problem} when {name} changes"
        columns.append([b.pays - a.pays for a, b in zip(first.rows, moved.rows, strict=True)])
    terms = tuple(tuple(column[r] for column in columns) + tuple(slopes[r])
                  for r in range(len(first.rows)))
    values = [setting.base_value(Kind.PAY, name) for name in pays] + list(base.values())
    fixed = tuple(row.pays - sum((c * v for c, v in zip(t, values, strict=True)), Fraction(0))
                  for row, t in zip(first.rows, terms, strict=True))
    model = LinearModel(first, tuple(pays) + tuple(probes),
                        (Kind.PAY,) * len(pays) + (Kind.OPTION,) * len(probes), fixed, terms)
    return _check_model(setting, model, probes) or model


def _check_model(setting: Setting, model: LinearModel,
                 probes: Mapping[str, Sequence[Fraction]]) -> str | None:
    """Re-analyse at other pays and option values; the model must predict every row exactly."""
    pays = {name: Fraction(2 * k + 3) + Fraction(1, k + 2)
            for k, (name, kind) in enumerate(zip(model.names, model.kinds, strict=True))
            if kind is Kind.PAY}
    options = {key: values[2] if len(values) > 2 else values[1] for key, values in probes.items()}
    check = setting.analyze(pays, options)
    problem = _shape_difference(model.template, check)
    if problem:
        return f"{problem} when the pays change"
    predicted = model.row_pays([*pays.values(), *options.values()])
    for row, pay in zip(check.rows, predicted, strict=True):
        if row.pays != pay:
            return (f"the row {row.outcome!r} pays {number_text(row.pays)} at the check "
                    f"table where the model predicts {number_text(pay)}")
    return None


def linear_model(setting: Setting, varied: Sequence[tuple[Kind, str]],
                 wanted: Mapping[str, Sequence[Fraction]] | None = None,
                 report: Reporter | None = None) -> LinearModel | str:
    """The model when the bet is linear in what is varied, else why it is not (then every
    candidate is analysed afresh)."""
    if setting.bet.linear is False:
        reason = "the game declares that the player's strategy depends on the pays"
    else:
        result = build_model(setting, varied, wanted)
        if isinstance(result, LinearModel):
            return result
        if setting.bet.linear:
            raise EdgeError(f"{setting.game.name} {setting.bet.name} is declared linear in its "
                            f"pays, but {result}.")
        reason = result
    (report or Reporter()).note(f"each candidate is analysed afresh: {reason}")
    return reason


