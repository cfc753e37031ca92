"""The contract a game fulfils: its :class:`Rules`, its wagers (:class:`Bet`) and their hooks,
the :class:`Game` that joins them, and what a game adds to tables/, reports and the command line.

A game is a :class:`Game` generic over its rules type (a frozen :class:`Rules` dataclass of
variant options, validated on construction). Each of its wagers is a :class:`Bet` that owns its
hooks: ``analyze`` (exact return table), and optionally ``strategy`` (the player's strategy as a
document), ``simulate`` (an independent Monte Carlo simulator), ``compare`` (the chosen
strategy's departures from the optimal one, see :mod:`edge.strategies`) and ``report_sections``.
Every hook is given one :class:`Wager`: the pay table, the rules, the :class:`~edge.player.Player`
(how they play: the strategy chosen by name or file, a ``strategy`` rules option made with
:func:`edge.strategies.strategy_option`; what they know: one of the game's declared exposures,
:attr:`Game.protection`) and the run settings. A wager whose decisions an exposure changes has
``exposed`` hooks (:class:`Exposed`), and the bet alone chooses between them
(:meth:`Bet.table`, :meth:`Bet.document`, :meth:`Bet.simulator`, :meth:`Bet.comparison`): a
game's own hooks never ask what is seen. Nothing outside a game dispatches on a bet's name: the
command line, reports, tuning and simulation call these methods.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, ClassVar, Generic, ParamSpec, Protocol, TypeVar

from edge.errors import EdgeError, OptionError
from edge.options import format_value, make_options, validate
from edge.paytables import PayTable, resolve_paytable, shorten
from edge.player import SEEN, Player, has_option, player_of, strategy_type
from edge.protection import DEFAULT_PACE, CollusionRequest, CollusionResult, Pace, Protection
from edge.published import Citation, Published
from edge.run import RunSettings
from edge.strategies import PlayerStrategy, StrategyComparison
from edge.table import ReturnTable

if TYPE_CHECKING:
    import argparse

    import numpy as np
    import numpy.typing as npt

    from edge.document import Report, Section
    from edge.tells import Tells


# The independent checks a game can declare in ``Game.checks`` (see the report's Method section).
SMALL_CASES = "a plain enumeration on cases small enough to run both"
PUBLISHED_FIGURES = "published figures where they exist"
# How edge's own analyses count, for a report's Method section (``Game.method``).
EXHAUSTIVE_ENUMERATION = (
    "Exhaustive enumeration: every deal the rules allow is counted once, with its weight where "
    "deals are grouped by symmetry; each outcome's count is an integer, and every probability, "
    "return, variance and hold is an exact fraction of those counts. Decimals appear only when "
    "a figure is printed.")


@dataclass(frozen=True)
class Rules:
    """Base of every game's rules: a frozen dataclass of variant options made with
    :func:`edge.options.option`, checked against their ranges and choices on construction."""

    def __post_init__(self) -> None:
        validate(self)


RulesT = TypeVar("RulesT", bound=Rules)


@dataclass(frozen=True)
class Wager(Generic[RulesT]):
    """What a wager's hook is asked about, in one typed value: the pay table (None: the wager's
    default), the game's rules, the player (what they know and how they play:
    :meth:`Game.player` of the rules) and how to run (workers, cache, progress). Each hook reads
    what it needs; :meth:`Game.wager` makes one."""

    paytable: PayTable | None
    rules: RulesT
    player: Player
    run: RunSettings = RunSettings()


# A bet's hooks, each given a Wager. analyze: the exact return table. strategy: the player's
# strategy as a document (rendered in every --format). simulate: an independent simulator for
# these pays and rules. A game's report_sections: sections it adds to `edge report` (a strategy
# chart, a comparison).
Analyze = Callable[[Wager[RulesT]], ReturnTable]
Strategize = Callable[[Wager[RulesT]], "Report"]
Simulate = Callable[[Wager[RulesT]], "Simulator"]
ReportSections = Callable[["ReportContext[RulesT]"], Sequence["Section"]]
# compare: the player's strategy against the optimal one (same pays and other rules): both exact
# returns and every departure with its frequency and exact cost.
Compare = Callable[[Wager[RulesT]], StrategyComparison]
# rules_of_play: the exposed player's strategy in a few plain lines (the report's game-protection
# section); an empty list when no short rule exists.
RulesOfPlay = Callable[[Wager[RulesT]], list[str]]
# surveillance: what surveillance staff should watch for under the wager's exposure: how the
# exposed player's decisions differ from basic strategy at each decision point (how often, on
# which hands), as report sections of tables and charts (docs/protection.md).
Surveil = Callable[[Wager[RulesT]], Sequence["Section"]]
# tells: the exposed player's tells against the ordinary players the game models (basic strategy
# and the common poor rules), each share exact (edge.tells, docs/protection.md).
TellsOf = Callable[[Wager[RulesT]], "Tells"]
# collude: the return of a player whose partners share their cards (the wager as dealt, no
# exposure set; edge.protection.Collusion declares what is shared and how many partners).
Collude = Callable[[Wager[RulesT], CollusionRequest], CollusionResult]
# A game's rule variants for the report's "every variant" section: (option, values) pairs; None
# lets the report find them from the options (choices, true/false, small whole-number ranges).
ReportVariants = Callable[[RulesT], Sequence[tuple[str, Sequence[object]]]]

# shoe_return: the exact expected return per unit of the initial wager when the wager's cards
# are dealt from a shoe of copies[f] cards of face f (52 counts, face = rank * 4 + suit), for
# any make-up (a shoe with cards gone): what card counting needs (edge.counting).
ShoeReturn = Callable[[Wager[RulesT], tuple[int, ...]], Fraction]

# certify: the holds a report certifies for a wager beyond its table's own figure, as
# (basis, hold, what it rests on): a progressive at its meter's reset value and in the long run.
Certify = Callable[[Wager[RulesT]], Sequence[tuple[str, Fraction, str]]]

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


def pays_and_rules(function: Callable[[PayTable | None, RulesT], HookResult]
                   ) -> Callable[[Wager[RulesT]], HookResult]:
    """A hook from a function of the pay table and the rules alone (a wager whose figures
    depend on neither the player nor how the work is run)."""
    return lambda wager: function(wager.paytable, wager.rules)


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
class Exposed(Generic[RulesT]):
    """A wager's hooks for a player who sees cards (one of the game's
    :class:`~edge.protection.Protection` scenarios, ``wager.player.scenario``): the wager's own
    hooks are those of the game as dealt and never ask what is seen; :class:`Bet` calls these in
    their place when the player sees something. A hook left None is the wager's own (a simulator
    that never looks at the seen cards); ``rules_of_play`` is the report's short rule."""

    analyze: Analyze[RulesT]
    strategy: Strategize[RulesT] | None = None
    simulate: Simulate[RulesT] | None = None
    compare: Compare[RulesT] | None = None
    rules_of_play: RulesOfPlay[RulesT] | None = None
    surveillance: Surveil[RulesT] | None = None
    collude: Collude[RulesT] | None = None
    tells: TellsOf[RulesT] | None = None


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
    # The hooks for a player who sees cards (the game declares the scenarios: Game.protection).
    exposed: Exposed[RulesT] | None = None
    # The lowest pay a table may give an outcome: 0 (a push), or -1 for a wager that may lose
    # part of its stake (a bet file: a tie loses half, -1/2); see edge.paytables.parse_pay.
    least_pay: Fraction = Fraction(0)

    # whether --paytable takes this bet's pays typed in its outcome order (``35-20-7-4-1``)
    typed_pays: ClassVar[bool] = True

    def _seen(self, wager: Wager[RulesT]) -> Exposed[RulesT] | None:
        """The exposed hooks, when the player sees cards and the wager has them."""
        return self.exposed if wager.player.exposed else None

    def table(self, wager: Wager[RulesT]) -> ReturnTable:
        """The exact return table: the ``analyze`` hook, or the exposed one when the player
        sees cards (the one place that asks)."""
        exposed = self._seen(wager)
        return (exposed.analyze if exposed is not None else self.analyze)(wager)

    def document(self, wager: Wager[RulesT]) -> Report | None:
        """The player's strategy as a document (None: the wager has no decisions)."""
        exposed = self._seen(wager)
        hook = exposed.strategy if exposed is not None and exposed.strategy else self.strategy
        return hook(wager) if hook is not None else None

    def simulator(self, wager: Wager[RulesT]) -> Simulator | None:
        """The wager's simulator (None: it has none)."""
        exposed = self._seen(wager)
        hook = exposed.simulate if exposed is not None and exposed.simulate else self.simulate
        return hook(wager) if hook is not None else None

    def comparison(self, wager: Wager[RulesT]) -> StrategyComparison | None:
        """The player's strategy against the optimal one (None: the wager compares none)."""
        exposed = self._seen(wager)
        hook = exposed.compare if exposed is not None and exposed.compare else self.compare
        return hook(wager) if hook is not None else None

    def rules_of_play(self, wager: Wager[RulesT]) -> list[str]:
        """The exposed player's play in plain lines (empty: the game as dealt, or no short
        rule)."""
        exposed = self._seen(wager)
        hook = exposed.rules_of_play if exposed is not None else None
        return hook(wager) if hook is not None else []

    def surveillance(self, wager: Wager[RulesT]) -> list[Section]:
        """What surveillance should watch for under the player's exposure (empty: the game as
        dealt, or the wager has no such analysis)."""
        exposed = self._seen(wager)
        hook = exposed.surveillance if exposed is not None else None
        return list(hook(wager)) if hook is not None else []

    def tells(self, wager: Wager[RulesT]) -> Tells | None:
        """The exposed player's tells against ordinary play (None: the game as dealt, or the
        wager has no such analysis)."""
        exposed = self._seen(wager)
        hook = exposed.tells if exposed is not None else None
        return hook(wager) if hook is not None else None

    def collusion(self, wager: Wager[RulesT], request: CollusionRequest) -> CollusionResult:
        """The return of a player whose partners share their cards (``request``)."""
        hook = self.exposed.collude if self.exposed is not None else None
        if hook is None:
            raise EdgeError(f"The {self.name} wager has no collusion analysis.")
        return hook(wager, request)

    def applies(self, option: str, rules: RulesT) -> bool:
        """Whether this wager's figures depend on ``option`` under ``rules`` (``uses``): an
        option it does not use is refused when given for it, and left out of the commands a
        report prints for it."""
        return self.uses is None or option in self.uses(rules)

    def paytable(self, spec: str | PayTable | None) -> PayTable | None:
        """Resolve a preset name, pays label, typed pays or TOML path to a validated table."""
        if not self.outcomes:
            if spec is not None:
                given = spec.name if isinstance(spec, PayTable) else spec
                raise EdgeError(f"--paytable {shorten(repr(given), 60)}: the {self.name} wager "
                                "has no pay table to choose: leave --paytable out.")
            return None
        assert self.default_paytable is not None
        return resolve_paytable(spec, self.presets, self.default_paytable, self.outcomes,
                                self.name, self.splits, least=self.least_pay)

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
    # how many hands a full table deals an hour, with its source: the default of the win per
    # hour (`edge protection --hands-per-hour`); a game that states none gets edge's default
    pace: Pace = DEFAULT_PACE
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
    # How the game's counts are made, in sentences the report's Method section states. None:
    # edge's own account for its own games (exhaustive enumeration, the strategy solved
    # exactly), and for a game from another package a neutral sentence (the counts come from
    # the game's own analysis; edge checked they add up), since edge cannot know more of it.
    method: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        """A game declares what it supports: exposures (``protection``, its rules' ``seen``
        option and the wager's ``exposed`` hooks) come together or not at all."""
        exposed = [bet.name for bet in self.bets if bet.exposed is not None]
        if self.protection is None:
            if exposed or has_option(self.rules, SEEN):
                raise TypeError(f"The game {self.name} has exposed hooks or a seen option "
                                "but declares no protection (Game.protection).")
        elif not has_option(self.rules, SEEN) or (
                self.protection.bet in {bet.name for bet in self.bets}
                and self.protection.bet not in exposed):
            raise TypeError(f"The game {self.name} declares exposures of the "
                            f"{self.protection.bet} wager: that wager needs exposed hooks "
                            "(Bet.exposed), and the rules a seen option.")

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
        key = spelt(name)
        for bet in self.bets:
            if spelt(bet.name) == key:
                return bet
        raise EdgeError(f"Unknown bet {name!r} for {self.name}: choose one of "
                        f"{', '.join(b.name for b in self.bets)}.")

    @property
    def strategy_type(self) -> type[PlayerStrategy] | None:
        """The game's strategy class, when its ``strategy`` option takes named strategies and
        strategy files (``None``: no such option, or a plain list of choices)."""
        return strategy_type(self.rules)

    def player(self, rules: RulesT) -> Player:
        """What the player knows and how they play under ``rules``: the strategy chosen and the
        exposure seen (one of :attr:`protection`'s scenarios), typed."""
        return player_of(rules, self.protection)

    def wager(self, paytable: PayTable | None, rules: RulesT,
              run: RunSettings | None = None) -> Wager[RulesT]:
        """What a wager's hooks are asked about: these pays and rules, the player the rules
        describe, and how to run."""
        return Wager(paytable, rules, self.player(rules), run or RunSettings())

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
        """The exact return table of one bet (``game.bet(bet).table`` of :meth:`wager`)."""
        return self.bet(bet).table(self.wager(paytable, rules, run))


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

    @property
    def player(self) -> Player:
        """What the player knows and how they play under the report's rules."""
        return self.game.player(self.rules)

    def analyze(self, bet: str, paytable: PayTable | None = None,
                **changes: object) -> ReturnTable:
        """A wager's table with this report's pay table (or ``paytable``) and changed options."""
        rules = dataclasses.replace(self.rules, **changes) if changes else self.rules
        return self.analyses.table(bet, paytable or self.paytables[bet], rules)


def spelt(name: str) -> str:
    """A game's or bet's name as compared: lower case, ``-`` for ``_`` and spaces."""
    return name.strip().lower().replace("_", "-").replace(" ", "-")


# The registry holds every game as Game[Rules]: the rules a caller passes to a game's hooks are
# always ones that game's own make_rules built, so widening its rules type here is sound.
AnyGame = Game[Rules]
