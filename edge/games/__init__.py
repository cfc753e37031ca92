"""The contracts a game fulfils, and the registry of games.

A game is a :class:`Game` generic over its rules type (a frozen :class:`Rules` dataclass of
variant options, validated on construction). Each of its wagers is a :class:`Bet` that owns its
hooks: ``analyze`` (exact return table), and optionally ``strategy`` (the player's strategy as a
document), ``simulate`` (an independent Monte Carlo simulator), ``compare`` (the chosen
strategy's departures from the optimal one, see :mod:`edge.strategies`) and ``report_sections``.
A game with player decisions has a ``strategy`` rules option made with
:func:`edge.strategies.strategy_option`: the strategy chosen by name or file reaches every hook
as ``rules.strategy`` (its own :class:`~edge.strategies.PlayerStrategy` subclass). Nothing
outside a game dispatches on a bet's name: the command line, reports, tuning and simulation call
these hooks.

Games are found in one registry: the built-in games below, plus every entry point of the
``edge.games`` group that other packages declare (each loads to a :class:`Game`)::

    [project.entry-points."edge.games"]
    my-game = "my_package.game:GAME"

A plug-in that fails to load, is not a :class:`Game`, or whose name or an alias is already a
registered game's name or alias is left out with one ``edge: warning:`` line on stderr naming it
and why; every other game still works.

Games load when named: the built-in games' names, aliases and own commands are written in
:data:`BUILTINS` (checked against the games themselves by tests/test_startup.py), so naming one
imports that game's package alone, and the entry points are read (and their plug-ins loaded)
only when a name is none of the built-in games' or every game is asked for.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Generic, ParamSpec, Protocol, TypeVar, cast

from edge.errors import EdgeError, OptionError, PayTableError
from edge.options import format_value, make_options, validate
from edge.paytables import (
    PayTable,
    accepted_orders,
    format_pay,
    looks_typed,
    resolve_paytable,
    same_pays_preset,
    shorten,
)
from edge.protection import Protection
from edge.published import Citation, Published
from edge.run import RunSettings as RunSettings  # re-exported: every game names it from here
from edge.strategies import PlayerStrategy, StrategyComparison
from edge.table import ReturnTable

if TYPE_CHECKING:
    import argparse
    from importlib.metadata import EntryPoint

    import numpy as np
    import numpy.typing as npt

    from edge.document import Report, Section



@dataclass(frozen=True)
class BuiltinGame:
    """A game edge ships, as known before its package is imported: its name, its package, the
    aliases it answers to and its own commands (name, one line of help)."""

    name: str
    module: str
    aliases: tuple[str, ...] = ()
    commands: tuple[tuple[str, str], ...] = ()


BUILTINS = (
    BuiltinGame("triple-bet", "edge.games.triple_bet", ("hybrid-triple-bet", "triple")),
    BuiltinGame("three-card-poker", "edge.games.three_card_poker",
                ("tri-card-poker", "three-card", "tcp")),
    BuiltinGame("double-hand-poker", "edge.games.double_hand_poker",
                ("double-hand", "casino-double-hand-poker"),
                (("house-way", "how the dealer sets three Double-Hand Poker tiles, and why"),)),
    BuiltinGame("ultimate-texas-holdem", "edge.games.ultimate_texas_holdem",
                ("uth", "ultimate-texas-hold-em", "ultimate-holdem"),
                (("hands", "exact hand-class counts (holdem: every 7-card hand)"),)),
)
BUILTIN_GAMES = tuple(game.module for game in BUILTINS)
ENTRY_POINT_GROUP = "edge.games"


# The independent checks a game can declare in ``Game.checks`` (see the report's Method section).
SMALL_CASES = "a plain enumeration on cases small enough to run both"
PUBLISHED_FIGURES = "published figures where they exist"


@dataclass(frozen=True)
class Rules:
    """Base of every game's rules: a frozen dataclass of variant options made with
    :func:`edge.options.option`, checked against their ranges and choices on construction."""

    def __post_init__(self) -> None:
        validate(self)


RulesT = TypeVar("RulesT", bound=Rules)
# A bet's hooks. analyze: the exact return table for a pay table (None: the bet's default),
# rules and run settings. strategy: the player's strategy as a document (rendered in every
# --format). simulate: an independent simulator for these pays and rules. A game's
# report_sections: sections it adds to `edge report` (a strategy chart, a comparison).
Analyze = Callable[[PayTable | None, RulesT, RunSettings], ReturnTable]
Strategize = Callable[[PayTable | None, RulesT, RunSettings], "Report"]
Simulate = Callable[[PayTable | None, RulesT, RunSettings], "Simulator"]
ReportSections = Callable[["ReportContext[RulesT]"], Sequence["Section"]]
# compare: the strategy in rules.strategy against the optimal one (same pays and other rules):
# both exact returns and every departure with its frequency and exact cost.
Compare = Callable[[PayTable | None, RulesT, RunSettings], StrategyComparison]
# A game's rule variants for the report's "every variant" section: (option, values) pairs; None
# lets the report find them from the options (choices, true/false, small whole-number ranges).
ReportVariants = Callable[[RulesT], Sequence[tuple[str, Sequence[object]]]]

# shoe_return: the exact expected return per unit of the initial wager when the wager's cards
# are dealt from a shoe of copies[f] cards of face f (52 counts, face = rank * 4 + suit), for
# any make-up (a shoe with cards gone): what card counting needs (edge.counting).
ShoeReturn = Callable[[PayTable | None, RulesT, tuple[int, ...]], Fraction]

# certify: the holds a report certifies for a wager beyond its table's own figure, as
# (basis, hold, what it rests on): a progressive at its meter's reset value and in the long run.
Certify = Callable[[PayTable | None, RulesT], Sequence[tuple[str, Fraction, str]]]

# A game's rules_sections: what the report's rules of play add for this game (hand rankings,
# equipment and shuffle, worked examples settled by the game's own settlement).
RulesSections = Callable[["ReportContext[RulesT]"], Sequence["Section"]]

HookParams = ParamSpec("HookParams")
HookResult = TypeVar("HookResult")


def on_call(load: Callable[[], Callable[HookParams, HookResult]]
            ) -> Callable[HookParams, HookResult]:
    """A hook that runs the function ``load`` returns, ``load`` called at each use: a game's
    hook whose module (a report's charts, a simulator) is imported only when it is used."""
    def hook(*args: HookParams.args, **kwargs: HookParams.kwargs) -> HookResult:
        return load()(*args, **kwargs)
    return hook


class Simulator(Protocol):
    """What a bet's ``simulate`` hook returns: it deals and settles hands independently of the
    enumeration (see :mod:`edge.simulation.engine` for how results are kept)."""

    @property
    def outcomes(self) -> tuple[str, ...]:
        """Outcome names, matching the rows of the exact analysis."""

    @property
    def scale(self) -> int:
        """Net results are integers in units of ``1 / scale`` of the base wager."""

    @property
    def initial_wager(self) -> Fraction:
        """Base wagers put up per hand before any decision (figures are quoted per this)."""

    def play(self, rng: np.random.Generator,
             hands: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """Deal and settle ``hands`` hands: (outcome index, net result x scale) per hand."""


@dataclass(frozen=True)
class TableRule:
    """The rule a named pay table is meant for: a rules option and the values the table is
    offered under, its own first (the Trips table 50-40-30-10-8-6-3 is the beat-dealer rule's:
    ``TableRule("trips_rule", (TripsRule.BEAT_DEALER, TripsRule.BEAT_DEALER_FOLD_LOSES))``).
    Under another value the table and the rule make no sense together: no casino offers them so.
    """

    option: str
    values: tuple[object, ...]

    def fits(self, rules: Rules) -> bool:
        """Whether ``rules`` are a rule the table is meant for."""
        return getattr(rules, self.option) in self.values

    def own(self, rules: RulesT) -> RulesT:
        """``rules`` as they are if the table is meant for them, else with the table's own
        rule."""
        if self.fits(rules):
            return rules
        return dataclasses.replace(rules, **{self.option: self.values[0]})

    def text(self) -> str:
        """``trips_rule=beat-dealer or beat-dealer-fold-loses``."""
        return f"{self.option}=" + " or ".join(format_value(value) for value in self.values)


@dataclass(frozen=True)
class Bet(Generic[RulesT]):
    """One wager of a game: its pay-table outcomes, named preset tables, and its hooks."""

    name: str
    description: str
    analyze: Analyze[RulesT]
    outcomes: tuple[str, ...] = ()
    presets: Mapping[str, PayTable] = field(default_factory=dict)
    default_paytable: str | None = None
    strategy: Strategize[RulesT] | None = None
    simulate: Simulate[RulesT] | None = None
    compare: Compare[RulesT] | None = None
    # For `edge tune`: True when the rows' pays follow the pay table (and numeric options) and
    # nothing else changes with them, so one analysis scores every candidate; False when the
    # player's strategy depends on the pays, so each candidate is re-solved; None (default):
    # decided from the analysis (linear unless its table records player decisions), then checked.
    linear: bool | None = None
    # A combined wager's parts: outcome prefix in its pay table -> the bet paid by those
    # outcomes (Tri-Card's combined: {"pair-plus.": "pair-plus", "ante-bonus.": "ante"}). A
    # pay table given for a part changes those outcomes of the combined wager too.
    parts: Mapping[str, str] = field(default_factory=dict)
    # Outcomes a published table may pay apart from the outcome they belong to: split ->
    # parent (Pair Plus: {"mini-royal": "straight-flush"}). A table that lists the split pays
    # it; one that does not pays it as the parent (edge.paytables.accepted_orders).
    splits: Mapping[str, str] = field(default_factory=dict)
    # The rule each named table is meant for, by preset name (a preset not listed, and a table
    # of the user's own, is offered under every rule): see TableRule and fit_rules.
    table_rules: Mapping[str, TableRule] = field(default_factory=dict)
    certify: Certify[RulesT] | None = None
    # the wager dealt from a shoe of any make-up (ShoeReturn): None when it is not shoe-dealt
    shoe_return: ShoeReturn[RulesT] | None = None

    # The options this wager's figures depend on under given rules (made with uses(...) for a
    # fixed set); None: every option. An option given for a wager that does not use it is an
    # error naming the wagers that do (Game.make_rules with the bet).
    uses: Callable[[RulesT], Collection[str]] | None = None

    # whether --paytable takes this bet's pays typed in its outcome order (``35-20-7-4-1``)
    typed_pays: ClassVar[bool] = True

    def applies(self, option: str, rules: RulesT) -> bool:
        """Whether this wager's figures depend on ``option`` under ``rules`` (``uses``): an
        option it does not use is refused when given for it, and left out of the commands a
        report prints for it."""
        return self.uses is None or option in self.uses(rules)

    def paytable(self, spec: str | PayTable | None) -> PayTable | None:
        """Resolve a preset name, pays label, typed pays or TOML path to a validated table."""
        if not self.outcomes:
            if spec is not None:
                raise EdgeError(f"The bet {self.name!r} has no pay table to choose.")
            return None
        assert self.default_paytable is not None
        return resolve_paytable(spec, self.presets, self.default_paytable, self.outcomes,
                                self.name, self.splits)

    def rule_of(self, paytable: PayTable | None) -> TableRule | None:
        """The rule a table is meant for: a named table's (None for a table offered under every
        rule, or one of the user's own)."""
        for name, preset in self.presets.items():
            if preset == paytable:
                return self.table_rules.get(name)
        return None

    def fits(self, paytable: PayTable | None, rules: Rules) -> bool:
        """Whether the table is meant for these rules (a table/rule pair that makes sense)."""
        rule = self.rule_of(paytable)
        return rule is None or rule.fits(rules)

    def meant_for(self, rules: Rules) -> list[str]:
        """The named tables meant for these rules."""
        return [name for name, table in self.presets.items() if self.fits(table, rules)]


def uses(*names: str) -> Callable[[object], frozenset[str]]:
    """A wager's ``uses`` when it depends on the same options under every rules: ``names``."""
    used = frozenset(names)
    return lambda rules: used


@dataclass(frozen=True)
class TableCase:
    """One generated table: a bet, a preset pay table (or None), option overrides, a file stem."""

    bet: str
    paytable: str | None
    options: Mapping[str, str]
    stem: str


@dataclass(frozen=True)
class Command:
    """A command of a game's own (``edge house-way``, ``edge hands``): its name, one line of
    help, a function that adds its arguments, and the handler that runs it (exit status)."""

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]
    description: str = ""


@dataclass(frozen=True)
class Game(Generic[RulesT]):
    """A game: its name, rules type, bets and what it adds to tables/, reports and the CLI."""

    name: str
    title: str
    rules: type[RulesT]
    bets: tuple[Bet[RulesT], ...]
    source: str = ""
    aliases: tuple[str, ...] = ()
    describe_rules: Callable[[RulesT], list[str]] | None = None
    # extra (bet, preset, options, file stem) cases for tables/ beyond every bet x preset
    extra_tables: tuple[TableCase, ...] = ()
    # strategy documents (bet, preset, options, file stem) that tables/ keeps, as markdown
    strategy_tables: tuple[TableCase, ...] = ()
    report_sections: ReportSections[RulesT] | None = None
    report_variants: ReportVariants[RulesT] | None = None
    commands: tuple[Command, ...] = ()
    rules_sections: RulesSections[RulesT] | None = None
    # the exposures game protection analyses (edge.protection; rules option ``seen``)
    protection: Protection | None = None
    # The independent checks the game's counts have, each a phrase the report's Method section
    # states as "every count is compared with ..." (SMALL_CASES, PUBLISHED_FIGURES or a phrase
    # of the game's own). Only what the game declares is claimed; the simulation is claimed when
    # its bets have ``simulate`` hooks.
    checks: tuple[str, ...] = ()
    # How the game's simulators settle a hand, when not by code of their own written from the
    # rules (a bet file's simulator settles by the file's own conditions): the report says so.
    settlement: str = ""
    # what a command line names the game by, when not its name (a bet file: its path)
    invoked_as: str = ""

    @property
    def command_name(self) -> str:
        """The game as a command line names it: its name, or a bet file's path."""
        return self.invoked_as or self.name
    # the rules' source documents as a lab cites them, and the published figures the report
    # prints beside edge's own (edge.published)
    sources: tuple[Citation, ...] = ()
    published: tuple[Published, ...] = ()

    def table_cases(self) -> list[TableCase]:
        """Every table ``scripts/make_tables.py`` writes: each bet with each preset (a preset
        meant for another rule than the default, :class:`TableRule`, under each rule it is
        meant for), then extras."""
        defaults = self.make_rules()
        cases: list[TableCase] = []
        for bet in self.bets:
            for preset, table in bet.presets.items():
                rule = bet.rule_of(table)
                if rule is None or rule.fits(defaults):
                    cases.append(TableCase(bet.name, preset, {}, f"{bet.name}-{preset}"))
                    continue
                cases += [TableCase(bet.name, preset, {rule.option: format_value(value)},
                                    f"{bet.name}-{preset}-{format_value(value)}")
                          for value in rule.values]
        cases += [TableCase(bet.name, None, {}, bet.name) for bet in self.bets if not bet.presets]
        return cases + list(self.extra_tables)

    def bet(self, name: str | None) -> Bet[RulesT]:
        """The bet called ``name`` (the first bet when ``None``), read as game names are:
        ``Pair_Plus`` and ``pair plus`` are ``pair-plus``."""
        if name is None:
            return self.bets[0]
        for bet in self.bets:
            if bet.name == name:
                return bet
        key = _spelt(name)
        for bet in self.bets:
            if _spelt(bet.name) == key:
                return bet
        raise EdgeError(f"Unknown bet {name!r} for {self.name}: choose one of "
                        f"{', '.join(b.name for b in self.bets)}.")

    @property
    def strategy_type(self) -> type[PlayerStrategy] | None:
        """The game's strategy class, when its ``strategy`` option takes named strategies and
        strategy files (``None``: no such option, or a plain list of choices)."""
        for option in dataclasses.fields(self.rules):
            if option.name == "strategy" and isinstance(option.default, PlayerStrategy):
                return type(option.default)
        return None

    def make_rules(self, overrides: Mapping[str, object] | None = None,
                   bet: str | None = None) -> RulesT:
        """The game's rules from defaults plus ``--set`` style overrides; with ``bet``, each
        override must be one that wager uses (an error names the wagers that do)."""
        rules = make_options(self.rules, overrides)
        if bet is not None:
            self._check_used(self.bet(bet), overrides or {}, rules)
        return rules

    def _check_used(self, wager: Bet[RulesT], overrides: Mapping[str, object],
                    rules: RulesT) -> None:
        for key, value in overrides.items():
            name = key.strip().replace("-", "_")
            if not wager.applies(name, rules):
                raise self.unused(wager, name, rules, f"{name}={shorten(format_value(value), 60)}")

    def unused(self, wager: Bet[RulesT], name: str, rules: RulesT,
               shown: str | None = None) -> OptionError:
        """The error for the option ``name`` (``shown`` as given) given for ``wager``, which
        does not use it under ``rules``: it names the wagers that do."""
        others = [bet.name for bet in self.bets if bet.applies(name, rules)]
        if len(others) > 1:
            where = (f"it applies to the {', '.join(others[:-1])} and {others[-1]} wagers "
                     "(choose one with --bet)")
        else:
            where = (f"it applies to the {others[0]} wager (--bet {others[0]})" if others
                     else "no wager uses it with these options")
        switch = self._used_with(wager, name, rules)
        if switch is not None:
            where += f"{',' if others else ';'} and to the {wager.name} wager with {switch}"
        return OptionError(f"The option {shown or name} does not apply to the {wager.name} "
                           f"wager of {self.command_name}: {where}.")

    def _used_with(self, wager: Bet[RulesT], name: str, rules: RulesT) -> str | None:
        """The other value of one choice option under which ``wager`` would use ``name``
        (``trips_rule=beat-dealer-fold-loses`` for the Trips wager's strategy), if any."""
        for option in dataclasses.fields(rules):
            current = getattr(rules, option.name)
            if option.name == name or not isinstance(current, StrEnum):
                continue
            for value in type(current):
                try:
                    other = dataclasses.replace(rules, **{option.name: value})
                except EdgeError:                   # a combination the rules refuse
                    continue
                if value != current and wager.applies(name, other):
                    return f"{option.name}={value}"
        return None

    def analyze(self, bet: str | None, paytable: PayTable | None, rules: RulesT,
                run: RunSettings | None = None) -> ReturnTable:
        """The exact return table of one bet (a shortcut for ``game.bet(bet).analyze``)."""
        return self.bet(bet).analyze(paytable, rules, run or RunSettings())


class Analyses(Generic[RulesT]):
    """The analyses of one game, each run once (reports and tables/ share them)."""

    def __init__(self, game: Game[RulesT], run: RunSettings | None = None) -> None:
        self.game = game
        self.run = run or RunSettings()
        self._done: dict[tuple[str, PayTable | None, RulesT], ReturnTable] = {}

    def table(self, bet: str, paytable: PayTable | None, rules: RulesT) -> ReturnTable:
        """The return table of ``bet`` with this pay table and these rules."""
        key = (bet, paytable, rules)
        if key not in self._done:
            self._done[key] = self.game.analyze(bet, paytable, rules, self.run)
        return self._done[key]


@dataclass
class ReportContext(Generic[RulesT]):
    """What a game's ``report_sections`` hook is given: the settings and the finished tables.

    ``tables`` holds every wager's return table by bet name; :meth:`analyze` runs (and caches)
    further analyses, for example the same wager under another strategy option.
    """

    game: Game[RulesT]
    rules: RulesT
    paytables: dict[str, PayTable | None]
    tables: dict[str, ReturnTable]
    analyses: Analyses[RulesT]
    # what was set to put each named table under a rule it is meant for (fit_rules)
    notes: tuple[str, ...] = ()

    @property
    def run(self) -> RunSettings:
        """How analyses are run (workers, cache)."""
        return self.analyses.run

    def analyze(self, bet: str, paytable: PayTable | None = None,
                **changes: object) -> ReturnTable:
        """A wager's table with this report's pay table (or ``paytable``) and changed options."""
        rules = dataclasses.replace(self.rules, **changes) if changes else self.rules
        return self.analyses.table(bet, paytable or self.paytables[bet], rules)


@dataclass(frozen=True)
class Fitted(Generic[RulesT]):
    """The rules and each wager's table of a command, every named table under a rule it is
    meant for; ``notes`` say what was set to make them fit (:func:`fit_rules`)."""

    rules: RulesT
    paytables: dict[str, PayTable | None]
    notes: tuple[str, ...] = ()


def fit_rules(game: Game[RulesT], rules: RulesT, paytables: Mapping[str, PayTable | None],
              tables_given: Collection[str], options_given: Collection[str]) -> Fitted[RulesT]:
    """Each named table under a rule it is meant for (:class:`TableRule`): what was given
    decides and the default follows. A table given for a rule left at its default brings its
    own rule (``--paytable trips=50-40-30-10-8-6-3`` analyses the beat-dealer rule); a rule
    given with a table left at its default brings the first named table meant for it
    (``--set trips_rule=beat-dealer`` pays by 50-40-30-10-8-6-3); a table and a rule both given
    that make no sense together are an error naming the rule the table is meant for."""
    chosen = dict(paytables)
    notes: list[str] = []
    brought: dict[str, str] = {}             # option -> the wager whose table set it
    for bet in game.bets:
        table = chosen.get(bet.name)
        rule = bet.rule_of(table)
        if table is None or rule is None or rule.fits(rules):
            continue
        now = f"{rule.option}={format_value(getattr(rules, rule.option))}"
        if bet.name not in tables_given:
            fitting = bet.meant_for(rules)
            if fitting:
                chosen[bet.name] = bet.presets[fitting[0]]
                notes.append(f"The {bet.name} wager pays by {fitting[0]}, the first named table "
                             f"meant for {now} (its default table {table.name} is meant for "
                             f"{rule.text()}).")
                continue
        if rule.option in options_given or rule.option in brought:
            by = (f"--set {now}" if rule.option in options_given
                  else f"the {brought[rule.option]} wager's table")
            others = ", ".join(bet.meant_for(rules)) or "none"
            raise EdgeError(f"The {bet.name} pay table {table.name} is meant for "
                            f"{rule.text()}, not {now} (set by {by}): set --set "
                            f"{rule.option}={format_value(rule.values[0])}, or choose a "
                            f"table meant for {now} (named: {others}).")
        rules = rule.own(rules)
        brought[rule.option] = bet.name
        notes.append(f"The {bet.name} pay table {table.name} is meant for {rule.text()}: "
                     f"analysed under {rule.option}={format_value(rule.values[0])} (in "
                     f"place of the default {now}).")
    return Fitted(rules, chosen, tuple(notes))


def fitted_paytables(game: Game[RulesT], specs: Sequence[str] = (),
                     options: Mapping[str, object] | None = None) -> Fitted[RulesT]:
    """The rules of ``options`` and the tables of ``specs`` (:func:`resolve_paytables`), each
    named table under a rule it is meant for (:func:`fit_rules`)."""
    chosen, given = _resolve(game, specs)
    return fit_rules(game, game.make_rules(options), chosen, given, set(options or {}))


def resolve_paytables(game: Game[RulesT],
                      specs: Sequence[str] = ()) -> dict[str, PayTable | None]:
    """Each bet's pay table: its default, changed by ``specs``.

    A spec ``BET=TABLE`` sets one bet's table; a plain ``TABLE`` (a preset name, a pays label,
    typed pays or a TOML file) goes to every bet that has such a table, and is an error if none
    has (typed pays that several bets could take must name one: ``BET=PAYS``). A
    combined wager (one with ``parts``) follows the tables given for its parts, and a part
    given no table follows the table given for the combined wager, so one report never pays the
    same hands by two tables; where tables are given for both and they disagree on a part's
    pays, that is an error naming both. Whichever way pays are given, the same pays are the
    same table: a preset's when a preset has them, else named by their label.
    """
    return _resolve(game, specs)[0]


def _resolve(game: Game[RulesT], specs: Sequence[str]
             ) -> tuple[dict[str, PayTable | None], set[str]]:
    """:func:`resolve_paytables`, and the wagers whose tables were given (not the default)."""
    chosen = {bet.name: bet.paytable(None) for bet in game.bets}
    given: dict[str, tuple[str, PayTable | None]] = {}
    named: set[str] = set()
    names = {bet.name for bet in game.bets}
    for spec in specs:
        target, sep, value = spec.partition("=")
        if sep and _spelt(target) in {_spelt(name) for name in names}:   # Pair-Plus=2 too
            bet = game.bet(target.strip())
            taken = {bet.name: bet.paytable(value.strip())}
        else:
            taken = _plain_spec(game, spec)
        for name, table in taken.items():
            if name in given:
                raise PayTableError(f"The {name} wager is given two pay tables: --paytable "
                                    f"{given[name][0]!r} and --paytable {spec!r}; give it one.")
            chosen[name] = table
            given[name] = (spec, table)
    for bet in game.bets:
        if bet.parts:
            chosen[bet.name] = _combined_paytable(game, bet, chosen, given)
            parts = _parts_paytables(game, bet, chosen, given)
            chosen.update(parts)
            named.update(parts)
            if any(part in given for part in bet.parts.values()):
                named.add(bet.name)
    return chosen, named | set(given)


def _typed_counts(bet: Bet[RulesT]) -> set[int]:
    """How many pays a bet takes typed (one count per accepted outcome order)."""
    return ({len(order) for order in accepted_orders(bet.outcomes, bet.splits)}
            if bet.typed_pays else set())


def _plain_spec(game: Game[RulesT], spec: str) -> dict[str, PayTable | None]:
    """The wagers a plain ``--paytable TABLE`` goes to, with their tables: every wager with a
    preset of that name or label; else every wager that reads it (a file, typed pays), and
    typed pays that several wagers could take must name one."""
    typed = looks_typed(spec)
    count = len(spec.split("-"))
    taken: dict[str, PayTable | None] = {}
    errors: list[tuple[bool, str]] = []      # (not of the typed count, message): fitting first
    for bet in game.bets:
        if not bet.outcomes:
            continue
        try:
            taken[bet.name] = bet.paytable(spec)
        except PayTableError as error:
            errors.append((typed is False or count not in _typed_counts(bet), str(error)))
    if not taken:
        counts = [(bet.name, sorted(_typed_counts(bet))) for bet in game.bets if bet.outcomes]
        if typed is True and all(count not in found for _, found in counts):
            takes = ", ".join(f"{name} {' or '.join(map(str, found))}"
                              for name, found in counts if found)
            raise PayTableError(f"No wager of {game.name} takes {count} typed pays ({spec}): "
                                f"the wagers take {takes} (see `edge games {game.name}` for "
                                "their outcomes).")
        first = next((text for far, text in errors if not far), errors[0][1] if errors else "")
        raise PayTableError(f"No wager of {game.name} takes the pay table {spec!r} (write "
                            f"BET=TABLE for one wager). {first}".strip())
    named = {name: table for name, table in taken.items()
             if table in game.bet(name).presets.values()}
    if named:
        return named
    if len(taken) > 1 and typed is True:
        raise PayTableError(f"The typed pays {spec!r} fit several wagers of {game.name} "
                            f"({', '.join(taken)}): write BET={spec} for one of them.")
    return taken


def _combined_paytable(game: Game[RulesT], bet: Bet[RulesT],
                       chosen: Mapping[str, PayTable | None],
                       given: Mapping[str, tuple[str, PayTable | None]]) -> PayTable | None:
    """A combined wager's table with the pays of every part given a table of its own."""
    table = chosen[bet.name]
    changed = [(prefix, part) for prefix, part in bet.parts.items() if part in given]
    if table is None or not changed:
        return table
    pays = table.as_dict()
    for prefix, part in changed:
        part_table = chosen[part]
        assert part_table is not None
        part_splits = {split.removeprefix(prefix): parent.removeprefix(prefix)
                       for split, parent in bet.splits.items() if split.startswith(prefix)}
        keys = [key for key in pays if key.startswith(prefix)]
        keys += [prefix + outcome for outcome in part_table if prefix + outcome not in pays]
        for key in keys:
            outcome = key.removeprefix(prefix)
            if outcome not in part_table and outcome not in part_splits:
                continue
            if key not in pays and key not in bet.splits:
                raise EdgeError(f"The {part} pay table {part_table.name!r} pays {outcome!r}, "
                                f"which the {bet.name} wager of {game.name} does not have.")
            pay = part_table.pay_for(outcome, part_splits)
            if bet.name in given and table.pay_for(key, bet.splits) != pay:
                raise PayTableError(
                    f"The pay tables disagree: --paytable {given[bet.name][0]!r} pays {key} "
                    f"{format_pay(table.pay_for(key, bet.splits))} but --paytable "
                    f"{given[part][0]!r} pays {outcome} {format_pay(pay)}; give the "
                    f"{bet.name} wager's table or its parts' tables, not both.")
            if outcome in part_table:
                pays[key] = pay
            else:
                del pays[key]          # the part pays this split outcome as its parent
    if bet.name in given:
        return table
    return _by_pays(bet, tuple(pays.items()))


def _by_pays(bet: Bet[RulesT], pays: tuple[tuple[str, Fraction], ...]) -> PayTable:
    """The wager's table with these pays, named as typed pays would name it: the preset with
    them, else their label (reloaded by it, ``source``)."""
    made = bet.paytable(PayTable("pays", pays))
    assert made is not None
    named = dataclasses.replace(made, name=made.label(), source=made.label())
    return same_pays_preset(named, bet.presets)


def _parts_paytables(game: Game[RulesT], bet: Bet[RulesT],
                     chosen: Mapping[str, PayTable | None],
                     given: Mapping[str, tuple[str, PayTable | None]]
                     ) -> dict[str, PayTable | None]:
    """The tables of a combined wager's parts given no table of their own, when the combined
    wager is given one: its pays for each part, so that one report never holds two tables for
    the same pays (``combined=35-20-7-4-1-5-4-1`` sets Pair Plus 35-20-7-4-1 and Ante 5-4-1)."""
    table = chosen[bet.name]
    if table is None or bet.name not in given:
        return {}
    found: dict[str, PayTable | None] = {}
    for prefix, part in bet.parts.items():
        if part not in given:
            found[part] = _by_pays(game.bet(part), tuple(
                (key.removeprefix(prefix), pay) for key, pay in table.pays
                if key.startswith(prefix)))
    return found


# The registry holds every game as Game[Rules]: the rules a caller passes to a game's hooks are
# always ones that game's own make_rules built, so widening its rules type here is sound.
AnyGame = Game[Rules]

# every game by name, once all_games() has read them all
_registry: dict[str, AnyGame] | None = None
# the built-in games imported so far, and the plug-ins' games once the entry points are read
_builtins: dict[str, AnyGame] = {}
_plugins: dict[str, AnyGame] | None = None
# the games of bet files read in this process, by name (a table names its game by name)
_file_games: dict[str, AnyGame] = {}


def entry_points(*, group: str) -> tuple[EntryPoint, ...]:
    """The entry points installed packages declare in ``group`` (the package metadata is read
    only here, when a plug-in may be needed)."""
    from importlib.metadata import entry_points as installed
    return tuple(installed(group=group))


def _load(target: object, where: str) -> AnyGame:
    if not isinstance(target, Game):
        raise EdgeError(f"The game {where} is not an edge.games.Game (it is a "
                        f"{type(target).__name__}).")
    return cast(AnyGame, target)


def _warn(message: str) -> None:
    """One ``edge: warning:`` line on stderr (a plug-in left out; the command goes on)."""
    print(f"edge: warning: {message}", file=sys.stderr)


def _names(game: AnyGame | BuiltinGame) -> tuple[str, ...]:
    """The names a game answers to: its name, then its aliases."""
    return (game.name, *game.aliases)


def _plugin(point: EntryPoint, taken: Mapping[str, str]) -> AnyGame | None:
    """The game an entry point loads to, or None (with a warning naming it) when it fails to
    load, is not a Game, or a name or alias of it is already one of ``taken`` (name -> game)."""
    where = f"{point.name!r} ({point.value})"
    try:
        game = _load(point.load(), where)
    except Exception as error:  # a broken plug-in names itself, never a traceback
        _warn(f"the game plug-in {where} is left out: it could not be loaded: "
              f"{str(error) or type(error).__name__}")
        return None
    for name in _names(game):
        if name in taken:
            kind = "name" if name == game.name else "alias"
            _warn(f"the game plug-in {where} is left out: its {kind} {name!r} is already "
                  f"the game {taken[name]!r}'s; rename it in its package")
            return None
    return game


def _builtin(entry: BuiltinGame) -> AnyGame:
    """A built-in game, its package imported the first time it is named."""
    if entry.name not in _builtins:
        _builtins[entry.name] = _load(importlib.import_module(entry.module).GAME, entry.module)
    return _builtins[entry.name]


def _builtin_named(key: str) -> BuiltinGame | None:
    """The built-in game whose name or alias ``key`` is, if any (no package imported)."""
    return next((entry for entry in BUILTINS if key in _names(entry)), None)


def plugin_games() -> dict[str, AnyGame]:
    """The games of the ``edge.games`` entry points, by name, read once per process (a plug-in
    that cannot take part is left out with a warning: see the module's docstring)."""
    global _plugins
    if _plugins is None:
        games: dict[str, AnyGame] = {}
        taken = {name: entry.name for entry in BUILTINS for name in _names(entry)}
        for point in entry_points(group=ENTRY_POINT_GROUP):
            plugin = _plugin(point, taken)
            if plugin is not None:
                games[plugin.name] = plugin
                taken.update((name, plugin.name) for name in _names(plugin))
        _plugins = games
    return dict(_plugins)


def all_games() -> dict[str, AnyGame]:
    """Every registered game by name: the built-in games, then the ``edge.games`` entry points
    (a plug-in that cannot take part is left out with a warning: see the module's docstring)."""
    global _registry
    if _registry is None:
        _registry = {**builtin_games(), **plugin_games()}
    return dict(_registry)


def builtin_games() -> dict[str, AnyGame]:
    """The games edge itself ships (those ``tables/`` and the committed reports cover)."""
    return {entry.name: _builtin(entry) for entry in BUILTINS}


def is_builtin(game: AnyGame) -> bool:
    """Whether ``game`` is one of the games edge ships (not a plug-in's, not a bet file's)."""
    entry = _builtin_named(game.name)
    return entry is not None and _builtin(entry) is game


def game_names() -> tuple[str, ...]:
    """Every registered game's name, importing no built-in game's package."""
    return (*(entry.name for entry in BUILTINS), *plugin_games())


def _spelt(name: str) -> str:
    """A game's or bet's name as compared: lower case, ``-`` for ``_`` and spaces."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


def get_game(name: str) -> AnyGame:
    """The game called ``name`` (or one of its aliases), or the game a bet file describes
    when ``name`` is a path ending in ``.toml`` (:mod:`edge.bets`, docs/bets.md).

    Only that game is loaded: a built-in game's package, or the plug-ins when ``name`` is
    none of the built-in games' names."""
    if name.strip().lower().endswith(".toml"):
        bets = importlib.import_module("edge.bets")     # loaded only for a bet file
        loaded = cast(AnyGame, bets.load_bet_file(name.strip()))
        plugins = plugin_games().values()
        if _builtin_named(loaded.name) is not None or any(
                loaded.name in _names(game) for game in plugins):
            raise EdgeError(f"The bet file {name.strip()!r} is named {loaded.name!r}, "
                            "which is the name of a game edge has: choose another name.")
        _file_games[loaded.name] = loaded
        return loaded
    key = _spelt(name)
    if _registry is not None:            # every game is read: look there (tests may set it)
        found = next((game for game in _registry.values() if key in _names(game)), None)
        if found is not None:
            return found
    entry = _builtin_named(key)
    if entry is not None:
        return _builtin(entry)
    for game in plugin_games().values():
        if key in _names(game):
            return game
    if key in _file_games:               # a bet file this process has read, by its name
        return _file_games[key]
    raise EdgeError(f"Unknown game {name!r}: choose one of {', '.join(game_names())}.")


def analyze(game: str, bet: str | None = None, paytable: str | PayTable | None = None,
            options: Mapping[str, object] | None = None,
            run: RunSettings | None = None) -> ReturnTable:
    """Analyse one wager of a game exactly and return its :class:`~edge.table.ReturnTable`
    (a named table under a rule it is meant for, :func:`fit_bet`)."""
    found = get_game(game)
    chosen = found.bet(bet)
    fitted = fit_bet(found, chosen, paytable, options)
    return with_notes(chosen.analyze(fitted.paytables[chosen.name], fitted.rules,
                                     run or RunSettings()), fitted.notes)


def fit_bet(game: Game[RulesT], bet: Bet[RulesT], paytable: str | PayTable | None,
            options: Mapping[str, object] | None) -> Fitted[RulesT]:
    """One wager's table (``paytable``, its default when None) and the rules of ``options``,
    the table under a rule it is meant for (:func:`fit_rules`)."""
    return fit_rules(game, game.make_rules(options, bet.name), {bet.name: bet.paytable(paytable)},
                     {bet.name} if paytable is not None else set(), set(options or {}))


def with_notes(table: ReturnTable, notes: Sequence[str]) -> ReturnTable:
    """``table`` with ``notes`` (what :func:`fit_rules` set) after its own."""
    return dataclasses.replace(table, notes=(*table.notes, *notes)) if notes else table
