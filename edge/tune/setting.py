"""What is varied: the wager and its base pay table or options, the parameters and their steps."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any

from edge.errors import EdgeError
from edge.games import AnyGame, Bet, Game, Rules, RunSettings, fit_bet, get_game
from edge.paytables import PayTable, format_pay
from edge.table import ReturnTable
from edge.tune.targets import parse_number


class Kind(StrEnum):
    """What a tuned quantity is: a pay of the pay table or a numeric option."""

    PAY = "pay"
    OPTION = "option"


def numeric_options(game: AnyGame) -> dict[str, dataclasses.Field[Any]]:
    """The game's options that take a number (tune can vary or solve them)."""
    fields: dict[str, dataclasses.Field[Any]] = {}
    for item in dataclasses.fields(game.rules):
        default = item.default
        if "help" not in item.metadata or item.metadata.get("choices") is not None:
            continue
        if isinstance(default, int | Fraction) and not isinstance(default, bool):
            fields[item.name] = item
    return fields


@dataclass(frozen=True)
class Setting:
    """A game, one of its bets, the base pay table and options: what candidates change."""

    game: AnyGame
    bet: Bet[Rules]
    paytable: PayTable | None
    overrides: Mapping[str, object]
    run: RunSettings
    analyses: list[int] = dataclasses.field(default_factory=lambda: [0])   # a running count

    @property
    def outcomes(self) -> tuple[str, ...]:
        """The pay-table outcomes of the bet (none when it has no pay table)."""
        return () if self.paytable is None else tuple(self.paytable)

    def resolve(self, name: str) -> tuple[Kind, str]:
        """``(Kind.PAY, outcome)`` or ``(Kind.OPTION, field)`` for a name the user typed."""
        text = name.strip().lower()
        if text.replace("_", "-") in self.outcomes:
            return Kind.PAY, text.replace("_", "-")
        base = self.rules({})
        numeric = [option for option in numeric_options(self.game)
                   if self.bet.applies(option, base)]
        key = text.replace("-", "_")
        if key in numeric:
            return Kind.OPTION, key
        if key in numeric_options(self.game):            # another wager's option
            raise self.game.unused(self.bet, key, base)
        known = {f.name for f in dataclasses.fields(self.game.rules) if "help" in f.metadata}
        if key in known:
            raise EdgeError(f"The option {name!r} of {self.game.name} is not a number, so it "
                            "cannot be tuned; set it with --set.")
        pays = ", ".join(self.outcomes) or "none (this bet has no pay table)"
        options = ", ".join(numeric) or "none"
        raise EdgeError(f"Unknown pay {name!r} for {self.game.name} {self.bet.name}: the pays "
                        f"are {pays}; numeric options: {options}.")

    def option_value(self, key: str, value: Fraction) -> int | Fraction:
        """A number as the option's own type (whole numbers for integer options)."""
        if isinstance(numeric_options(self.game)[key].default, int):
            if value.denominator != 1:
                raise EdgeError(f"The option {key} takes whole numbers, not {format_pay(value)}.")
            return int(value)
        return value

    def rules(self, options: Mapping[str, Fraction]) -> Any:
        """The options dataclass: the base overrides with some numeric options replaced."""
        values = {k.strip().replace("-", "_"): v for k, v in self.overrides.items()}
        values.update({key: self.option_value(key, value) for key, value in options.items()})
        return self.game.make_rules(values, self.bet.name)

    def base_value(self, kind: Kind, key: str) -> Fraction:
        """The pay or option value before tuning."""
        if kind is Kind.PAY:
            assert self.paytable is not None
            return self.paytable[key]
        return Fraction(getattr(self.rules({}), key))

    def paytable_with(self, pays: Mapping[str, Fraction]) -> PayTable | None:
        """The base pay table with some pays replaced, named by its label (a game's own kind
        of pay table keeps its kind and its other fields)."""
        if self.paytable is None:
            return None
        table = dataclasses.replace(self.paytable, pays=tuple(
            (name, pays.get(name, pay)) for name, pay in self.paytable.pays))
        return dataclasses.replace(table, name=table.label())

    def analyze(self, pays: Mapping[str, Fraction],
                options: Mapping[str, Fraction]) -> ReturnTable:
        """A fresh analysis of the bet with some pays and numeric options replaced."""
        self.analyses[0] += 1
        return self.game.analyze(self.bet.name, self.paytable_with(pays), self.rules(options),
                                 self.run)

    def split(self, names: Sequence[str], values: Sequence[Fraction],
              kinds: Sequence[Kind]) -> tuple[dict[str, Fraction], dict[str, Fraction]]:
        """Pays and options from parallel name/value/kind lists."""
        pays = {n: v for n, v, k in zip(names, values, kinds, strict=True) if k is Kind.PAY}
        options = {n: v for n, v, k in zip(names, values, kinds, strict=True)
                   if k is Kind.OPTION}
        return pays, options


def make_setting(game: str | AnyGame, bet: str | None, paytable: str | PayTable | None,
                 options: Mapping[str, object] | None, run: RunSettings | None,
                 varied: Sequence[str] = ()) -> Setting:
    """Resolve a game, bet, base pay table and options for tuning. A ``varied`` outcome that
    the base table pays as another (a split outcome such as the mini-royal, paid as a
    straight flush when left out) is split out of it first, at the same pay."""
    found = game if isinstance(game, Game) else get_game(game)
    chosen = found.bet(bet)
    overrides = dict(options or {})
    if isinstance(paytable, PayTable):
        table: PayTable | None = paytable
    else:       # a named table under a rule it is meant for (edge.games.fit_rules)
        fitted = fit_bet(found, chosen, paytable, overrides)
        table = fitted.paytables[chosen.name]
        base = found.make_rules(overrides)
        overrides.update({field.name: getattr(fitted.rules, field.name)
                          for field in dataclasses.fields(base)
                          if getattr(fitted.rules, field.name) != getattr(base, field.name)})
    if table is not None:
        table = with_splits(table, chosen.splits, varied)
    setting = Setting(found, chosen, table, overrides, run or RunSettings())
    setting.rules({})  # validate the --set options now
    return setting


def with_splits(table: PayTable, splits: Mapping[str, str], varied: Sequence[str]) -> PayTable:
    """``table`` with each split outcome named in ``varied`` that it leaves out listed just
    above its parent, at the parent's pay (the same table, with that outcome now apart)."""
    wanted = {name.strip().lower().replace("_", "-") for name in varied}
    pays = table.pays
    for split, parent in splits.items():
        names = [name for name, _ in pays]
        if split in wanted and split not in names and parent in names:
            at = names.index(parent)
            pays = (*pays[:at], (split, pays[at][1]), *pays[at:])
    return table if pays == table.pays else dataclasses.replace(table, pays=pays)


@dataclass(frozen=True)
class Parameter:
    """One varied quantity: values ``low, low + step, ...`` (``count`` of them)."""

    name: str
    kind: Kind                # a pay-table outcome or a numeric option
    low: Fraction
    step: Fraction
    count: int

    def value(self, index: int) -> Fraction:
        """The ``index``-th value."""
        return self.low + index * self.step

    @property
    def high(self) -> Fraction:
        """The largest value."""
        return self.value(self.count - 1)

    def __str__(self) -> str:
        if self.count == 1:
            return f"{self.name} {format_pay(self.low)}"
        step = "" if self.step == 1 else f" by {format_pay(self.step)}"
        return f"{self.name} {format_pay(self.low)}..{format_pay(self.high)}{step}"


def default_step(setting: Setting, kind: Kind, key: str) -> Fraction:
    """Whole units for pays and integer options; a fraction's own scale (1% for 5%)."""
    if kind is Kind.PAY or isinstance(numeric_options(setting.game)[key].default, int):
        return Fraction(1)
    base = abs(setting.base_value(kind, key))
    if base == 0:
        return Fraction(1)
    step = Fraction(1)
    while base < step:                # exact: the largest power of ten not above the base
        step /= 10
    return step


Steps = Fraction | Mapping[str, Fraction] | None


def parse_steps(texts: Sequence[str]) -> dict[str, Fraction]:
    """``--step`` values: ``"0.5"`` for every varied quantity, ``"meter=5000"`` for one.

    >>> parse_steps(["1/2", "meter=5000"])
    {'': Fraction(1, 2), 'meter': Fraction(5000, 1)}
    """
    steps: dict[str, Fraction] = {}
    for text in texts:
        name, eq, value = text.rpartition("=")
        key = name.strip() if eq else ""
        if eq and not key:
            raise EdgeError(f"The step {text!r} is not of the form STEP or NAME=STEP.")
        if key in steps:
            raise EdgeError(f"The step for {key or 'every quantity'} is given twice.")
        steps[key] = parse_number(value, f"step {text.strip()!r}:")
    return steps


def step_for(setting: Setting, steps: Steps, kind: Kind, key: str) -> Fraction:
    """The step of one varied quantity: its own ``--step NAME=S``, the common one, or default."""
    table = steps if isinstance(steps, Mapping) else {"": steps} if steps is not None else {}
    mine = [v for name, v in table.items() if name and setting.resolve(name) == (kind, key)]
    step = mine[0] if mine else table.get("")
    step = default_step(setting, kind, key) if step is None else step
    if step <= 0:
        raise EdgeError(f"The step {format_pay(step)} for {key} must be positive.")
    if kind is Kind.OPTION:
        setting.option_value(key, step)
    return step


def check_steps(setting: Setting, steps: Steps, varied: Sequence[tuple[Kind, str]]) -> None:
    if isinstance(steps, Mapping):
        for name in steps:
            if name and setting.resolve(name) not in varied:
                raise EdgeError(f"--step {name}=... names a quantity that is not varied.")


