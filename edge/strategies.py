"""Player strategies as data: the shared part of every game's strategy (issue 15).

A game with player decisions describes a strategy a person can play as a frozen subclass of
:class:`PlayerStrategy` (its own typed fields: a raise rule, a setting rule, a chart), and
keeps its named strategies as TOML files in its package (``edge/games/<game>/strategies/``),
read by a :class:`StrategyCatalog`. The chosen strategy is the value of the game's ``strategy``
option (see :func:`strategy_option`), so it reaches every hook (``analyze``, ``strategy``,
``simulate``, ``compare``) inside the rules, and ``--set strategy=NAME|FILE`` and
``--strategy NAME|FILE`` choose it on the command line.

Every strategy file starts with the same keys, then the game's own::

    name = "mimic-the-dealer"                 # a strategy's name (a file: its stem by default)
    description = "Raise queen-high or better." # the rule in words
    source = "Wizard of Odds, Three Card Poker" # where it is published (a citation)
    published_house_edge = "3.45%"             # its published figure, as published
    published_bet = "ante"                     # optional: the wager that figure is for
    game = "three-card-poker"                  # optional: refused if read for another game

A bad file is refused with one line naming the file and the entry, through
:meth:`StrategyFile.error`.

How far a strategy departs from the optimal one is a :class:`StrategyComparison` (a game's
``compare`` hook): the departures grouped as a reader understands them, how often each is taken
and its exact cost; their total equals the difference of the two exact returns.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Generic, Self, TypeVar, cast

from edge.errors import StrategyError
from edge.files import TomlErrors, parse_toml, read_toml

TomlTable = Mapping[str, object]
HEADER_KEYS = ("name", "description", "source", "published_house_edge", "published_bet", "game")
STRATEGY_DIRECTORY = "strategies"
OPTIMAL = "optimal"   # every game's solved optimal strategy has this name
# what a strategy file's reader says when it cannot read one (edge.files.read_toml)
STRATEGY_TOML_ERRORS = TomlErrors(
    StrategyError, unreadable="strategy file {path!r} cannot be read: {reason}",
    not_utf8="strategy file {path!r} is not UTF-8 text",
    invalid="strategy file {label!r}: not valid TOML: {error}",
    too_deep="strategy file {label!r}: nests its tables or arrays too deeply to read")


@dataclass(frozen=True)
class StrategyInfo:
    """What every strategy says of itself: its name, the rule in words, where it is published
    and its published house edge, and the file it was read from (``None`` for a named one)."""

    name: str
    description: str
    source: str = ""
    published_house_edge: Fraction | None = None
    published_text: str = ""          # the published figure as published ("3.45%")
    file: str | None = None
    published_bet: str = ""           # the wager the published figure is for ("": any)


@dataclass(frozen=True)
class PlayerStrategy:
    """Base of every game's parsed strategy: a frozen dataclass whose subclass adds typed
    fields. ``str(strategy)`` is what a user types back (the name, or the file's path)."""

    info: StrategyInfo

    @property
    def name(self) -> str:
        """The strategy's name."""
        return self.info.name

    @property
    def description(self) -> str:
        """The rule in words."""
        return self.info.description

    @property
    def file(self) -> str | None:
        """The file it was read from, ``None`` for a strategy named by edge."""
        return self.info.file

    @property
    def identity(self) -> str:
        """A stable key for caches: the name and a digest of what the strategy decides."""
        content = repr([(f.name, getattr(self, f.name)) for f in dataclasses.fields(self)
                        if f.name != "info"])
        digest = hashlib.sha256(f"{type(self).__qualname__}:{content}".encode()).hexdigest()
        return f"{self.name}-{digest[:16]}"

    @property
    def is_optimal(self) -> bool:
        """Whether this is the game's solved optimal strategy (by convention the strategy named
        ``optimal``; a game overrides this when a file can ask for the solve too)."""
        return self.info.file is None and self.info.name == OPTIMAL

    def __str__(self) -> str:
        return self.info.file if self.info.file is not None else self.info.name

    @classmethod
    def resolve(cls, spec: str) -> Self:
        """The strategy a name or a ``.toml`` path stands for, from the game's
        :class:`StrategyCatalog` (the one made with ``kind=cls``)."""
        return cast(Self, catalog_of(cls).get(spec))

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The names of the strategies edge ships for this game."""
        return catalog_of(cls).names()


S = TypeVar("S", bound=PlayerStrategy)


def parse_figure(text: object, what: str) -> Fraction:
    """A published figure: ``"3.45%"``, ``"0.0345"``, ``"69/2000"`` or a number."""
    if isinstance(text, bool) or not isinstance(text, str | int | float):
        raise ValueError(f"{what} must be a number or a string like \"3.45%\"")
    raw = str(text).strip()
    try:
        if raw.endswith("%"):
            return Fraction(raw[:-1].strip()) / 100
        return Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{what}={text!r} is not a number (write 3.45% or 0.0345)") from None


class StrategyFile:
    """A strategy file being read: its TOML data, a label for errors, and typed accessors that
    refuse a bad entry with one line naming the file and the entry."""

    header_keys = HEADER_KEYS

    def __init__(self, data: TomlTable, label: str, game: str, file: str | None) -> None:
        self.data = data
        self.label = label
        self.game = game
        self.file = file

    def error(self, where: str, message: str) -> StrategyError:
        """``strategy file 'x.toml', [flop] rule 3: <message>`` (``where`` may be empty)."""
        place = f", {where}" if where else ""
        return StrategyError(f"strategy file {self.label!r}{place}: {message}")

    def check_keys(self, table: TomlTable, allowed: Iterable[str], where: str = "") -> None:
        """Refuse a key that is not one of ``allowed`` (a misspelling, a key of another game)."""
        known = tuple(allowed)
        for key in table:
            if key not in known:
                raise self.error(where, f"unknown key {key!r}; the keys are: "
                                        f"{', '.join(known)}")

    def string(self, table: TomlTable, key: str, where: str = "",
               default: str | None = None) -> str:
        """A string entry (required unless ``default`` is given)."""
        value = table.get(key, default)
        if value is None:
            raise self.error(where, f"the key {key!r} is missing")
        if not isinstance(value, str):
            raise self.error(where, f"{key} must be a string, not {value!r}")
        return value

    def table(self, table: TomlTable, key: str, where: str = "",
              required: bool = True) -> TomlTable:
        """A sub-table (``[key]``); an empty one when absent and not ``required``."""
        value = table.get(key)
        if value is None and not required:
            return {}
        if not isinstance(value, Mapping):
            raise self.error(where, f"[{key}] must be a table" if value is not None
                             else f"the table [{key}] is missing")
        return value

    def array(self, table: TomlTable, key: str, where: str = "",
              required: bool = True) -> Sequence[object]:
        """An array entry (empty when absent and not ``required``)."""
        value = table.get(key)
        if value is None and not required:
            return ()
        if not isinstance(value, list):
            raise self.error(where, f"{key} must be an array" if value is not None
                             else f"the key {key!r} is missing")
        return value

    def info(self) -> StrategyInfo:
        """The shared header: name, description, source, published house edge (and a ``game``
        key, if given, must name this game)."""
        data = self.data
        game = data.get("game")
        if game is not None and game != self.game:
            raise self.error("game", f"this file is for {game!r}, not {self.game!r}")
        default_name = Path(self.file).stem if self.file is not None else None
        name = self.string(data, "name", "", default_name)
        published = data.get("published_house_edge")
        edge: Fraction | None = None
        if published is not None:
            try:
                edge = parse_figure(published, "published_house_edge")
            except ValueError as error:
                raise self.error("published_house_edge", str(error)) from None
        return StrategyInfo(name, self.string(data, "description", "", ""),
                            self.string(data, "source", "", ""), edge,
                            "" if published is None else str(published), self.file,
                            self.string(data, "published_bet", "published_bet", ""))


Parse = Callable[[StrategyFile], S]


class StrategyCatalog(Generic[S]):
    """A game's strategies: the named ones (TOML files in ``<package>/strategies/``, plus any
    built in code) and a reader of strategy files, both through the game's ``parse``. The
    strategy class (``kind``, by default the type of the first built-in strategy) answers
    ``resolve`` and ``names`` from it."""

    def __init__(self, game: str, package: str, parse: Parse[S], builtin: Sequence[S] = (),
                 kind: type[S] | None = None) -> None:
        found = kind if kind is not None else type(builtin[0]) if builtin else None
        if found is not None:   # the kind's resolve() and names() answer from this catalog
            _CATALOGS[found] = cast("StrategyCatalog[PlayerStrategy]", self)
        self.game = game
        self.package = package
        self.parse = parse
        self._builtin = tuple(builtin)
        self._named: dict[str, S] | None = None

    def _load_named(self) -> dict[str, S]:
        if self._named is None:
            named = {strategy.name: strategy for strategy in self._builtin}
            folder = resources.files(self.package).joinpath(STRATEGY_DIRECTORY)
            files = sorted((entry for entry in folder.iterdir() if entry.name.endswith(".toml")),
                           key=lambda entry: entry.name) if folder.is_dir() else []
            for entry in files:
                strategy = self.read(entry.read_text(encoding="utf-8"), entry.name, None)
                if strategy.name in named:
                    raise StrategyError(f"strategy file {entry.name!r}: the name "
                                        f"{strategy.name!r} is taken by another strategy")
                named[strategy.name] = strategy
            self._named = named
        return self._named

    def names(self) -> tuple[str, ...]:
        """The named strategies, in file order (built-in ones first)."""
        return tuple(self._load_named())

    def named(self) -> tuple[S, ...]:
        """Every named strategy."""
        return tuple(self._load_named().values())

    def read(self, text: str, label: str, file: str | None) -> S:
        """A strategy from TOML text (``file``: its path, ``None`` for a named one)."""
        data = parse_toml(text, STRATEGY_TOML_ERRORS, label)
        return self.parse(StrategyFile(data, label, self.game, file))

    def load(self, path: str | Path) -> S:
        """A strategy from a TOML file."""
        data = read_toml(path, STRATEGY_TOML_ERRORS)
        return self.parse(StrategyFile(data, Path(path).name, self.game, str(path)))

    def get(self, spec: str) -> S:
        """The strategy a name or a ``.toml`` file path stands for."""
        text = spec.strip()
        named = self._load_named()
        if text in named:
            return named[text]
        if text.endswith(".toml") or Path(text).is_file():
            return self.load(text)
        raise StrategyError(f"Unknown strategy {text!r} for {self.game}: choose one of "
                            f"{', '.join(named)}, or give a .toml strategy file.")


_CATALOGS: dict[type[PlayerStrategy], StrategyCatalog[PlayerStrategy]] = {}


def catalog_of(kind: type[PlayerStrategy]) -> StrategyCatalog[PlayerStrategy]:
    """The catalog of a game's strategy type (or of the nearest base that has one)."""
    for base in kind.__mro__:
        if base in _CATALOGS:
            return _CATALOGS[base]
    raise StrategyError(f"{kind.__name__} has no catalog of strategies")


@dataclass(frozen=True)
class Departure:
    """Where a strategy leaves the optimal one, grouped as a reader understands it.

    ``frequency``: the probability per round that play reaches such a point and the strategy
    takes ``played`` there; ``cost``: the exact expected loss this causes, per unit initially
    wagered: the sum over those points of P(point) x (V*(point) - Q*(point, played)), with V*
    and Q* the optimal values. ``stage`` names the decision (``"raise/fold"``, ``"flop"``...).
    """

    situation: str
    played: str
    optimal: str
    frequency: Fraction
    cost: Fraction
    stage: str = ""
    example: str = ""


@dataclass(frozen=True)
class CostPart:
    """One part of a strategy's cost against the optimal one (``name``, e.g. ``"preflop"``;
    ``words``: what it is), exact, in the comparison's unit."""

    name: str
    words: str
    cost: Fraction


@dataclass(frozen=True)
class StrategyComparison:
    """A strategy against the optimal one: both exact returns per unit initially wagered and
    every departure, largest cost first. :attr:`total_cost` equals :attr:`difference`. With
    ``parts`` the cost is split into parts that add up to it exactly, and the departures list
    the first part only."""

    game: str
    bet: str
    strategy: PlayerStrategy
    optimal_return: Fraction
    strategy_return: Fraction
    departures: tuple[Departure, ...]
    unit: str = "per unit initially wagered"
    notes: tuple[str, ...] = field(default=())
    parts: tuple[CostPart, ...] = field(default=())

    @property
    def departures_cost(self) -> Fraction:
        """The sum of the departures' costs."""
        return sum((d.cost for d in self.departures), Fraction(0))

    @property
    def total_cost(self) -> Fraction:
        """The sum of the parts' costs, or without parts of the departures'."""
        if self.parts:
            return sum((part.cost for part in self.parts), Fraction(0))
        return self.departures_cost

    @property
    def difference(self) -> Fraction:
        """Optimal return minus the strategy's return (the house edge it adds)."""
        return self.optimal_return - self.strategy_return

    @property
    def departure_frequency(self) -> Fraction:
        """How often, per round, the strategy departs from the optimal one at all."""
        return sum((d.frequency for d in self.departures), Fraction(0))


def largest_first(departures: Iterable[Departure]) -> tuple[Departure, ...]:
    """Departures by cost, largest first (then by frequency, then by name, for a stable order)."""
    return tuple(sorted(departures, key=lambda d: (-d.cost, -d.frequency, d.stage, d.situation)))


def strategy_option(default: S, help: str, compared: tuple[str, ...] = (),
                    practical: str | None = None) -> S:
    """A rules field holding the player's strategy: set by name or file with
    ``--set strategy=...`` or ``--strategy ...``; shown as its name (or path). ``compared``:
    the named strategies the report's "Strategies compared" table shows (default: all);
    ``practical``: a named strategy the report on the optimal strategy compares with it
    (its cost and largest departures; None: none)."""
    result: S = dataclasses.field(  # the options module reads this metadata
        default=default, metadata={"help": help, "choices": None, "minimum": None,
                                   "maximum": None, "assumption": False,
                                   "compared": compared, "practical": practical})
    return result


def _strategy_field(rules: object) -> dataclasses.Field[object] | None:
    if not dataclasses.is_dataclass(rules):
        return None
    for option in dataclasses.fields(rules):
        if option.name == "strategy" and isinstance(option.default, PlayerStrategy):
            return option
    return None


def practical_strategy(rules: object) -> str | None:
    """The named practical strategy a report on the optimal strategy compares (or None)."""
    option = _strategy_field(rules)
    practical: str | None = option.metadata.get("practical") if option is not None else None
    return practical


def compared_strategies(rules: object) -> tuple[str, ...]:
    """The named strategies a report compares for these rules (none: no strategy option)."""
    option = _strategy_field(rules)
    if option is None:
        return ()
    compared: tuple[str, ...] = option.metadata.get("compared") or ()
    default = option.default
    assert isinstance(default, PlayerStrategy)
    return compared or type(default).names()
