"""What the player knows and how they play, as one typed value: :class:`Player`.

A game's rules hold both as options (a command line sets them: ``--strategy NAME|FILE`` or
``--set strategy=...``, and ``--set seen=SCENARIO``), and a game declares which it supports: its
strategy type (a ``strategy`` option made with :func:`edge.strategies.strategy_option`, or one
of plain choices) and its exposures (:class:`~edge.protection.Protection`, with ``seen=`` values
its :class:`~edge.protection.Scenario` names). :func:`player_of` reads them, here alone, so that
the command line, the report and the simulation ask a typed :class:`Player`, never the rules by
an option's name.

>>> Player().exposed, Player().seen
(False, 'none')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar, cast

from edge.protection import NONE, Protection, Scenario
from edge.strategies import PlayerStrategy

if TYPE_CHECKING:
    from collections.abc import Callable

STRATEGY = "strategy"      # the option a game's player strategy is (--strategy sets it)
SEEN = "seen"              # the option a game's exposure is (--set seen=SCENARIO)

RulesT = TypeVar("RulesT")


@dataclass(frozen=True)
class Player:
    """How the player plays and what they know.

    ``strategy``: the parsed strategy, for a game whose strategy option takes named strategies
    and strategy files (None otherwise); ``choice``: the strategy as a command line names it
    (a name or a file's path; a game with a plain list of strategies: the one chosen; ``""``
    for a game without decisions); ``scenario``: the exposure the player sees (None: the game
    as dealt)."""

    strategy: PlayerStrategy | None = None
    choice: str = ""
    scenario: Scenario | None = None

    @property
    def decides(self) -> bool:
        """Whether the game has a strategy for the player to choose."""
        return bool(self.choice)

    @property
    def exposed(self) -> bool:
        """Whether the player sees cards he should not (an exposure is set)."""
        return self.scenario is not None

    @property
    def seen(self) -> str:
        """The ``seen=`` value: the scenario's name, ``none`` for the game as dealt."""
        return self.scenario.name if self.scenario is not None else NONE

    @property
    def follows_solve(self) -> bool:
        """Whether the player follows the solved optimal strategy (or has no decision)."""
        return self.strategy is None or self.strategy.is_optimal


def option_field(rules_type: type, name: str) -> dataclasses.Field[object] | None:
    """The rules' option ``name`` (a field made with :func:`edge.options.option`), if any."""
    if not dataclasses.is_dataclass(rules_type):
        return None
    return next((option for option in dataclasses.fields(rules_type)
                 if option.name == name and "help" in option.metadata), None)


def has_option(rules_type: type, name: str) -> bool:
    """Whether the rules have the option ``name``."""
    return option_field(rules_type, name) is not None


def strategy_field(rules_type: type) -> dataclasses.Field[object] | None:
    """The rules' strategy option, if the game has one."""
    return option_field(rules_type, STRATEGY)


def strategy_type(rules_type: type) -> type[PlayerStrategy] | None:
    """The game's strategy class, when its strategy option takes named strategies and strategy
    files (None: no such option, or a plain list of choices)."""
    option = strategy_field(rules_type)
    if option is not None and isinstance(option.default, PlayerStrategy):
        return type(option.default)
    return None


def seeing(rules: RulesT, name: str) -> RulesT:
    """The same rules with the exposure ``name`` set (``none``: the game as dealt), as a value
    of the rules' own ``seen`` type."""
    option = option_field(type(rules), SEEN)
    if option is None:
        raise TypeError(f"{type(rules).__name__} has no {SEEN} option")
    kind = cast("Callable[[str], object]", type(option.default))    # the option's StrEnum
    changes: dict[str, object] = {SEEN: kind(name)}
    return dataclasses.replace(rules, **changes)  # type: ignore[type-var]


def player_of(rules: object, protection: Protection | None) -> Player:
    """The player the rules describe: their strategy option and, for a game with exposures
    (``protection``), the scenario of their ``seen`` option."""
    choice = ""
    strategy: PlayerStrategy | None = None
    if strategy_field(type(rules)) is not None:
        value = getattr(rules, STRATEGY)
        choice = str(value)
        strategy = value if isinstance(value, PlayerStrategy) else None
    scenario = None
    if protection is not None:
        seen = str(getattr(rules, SEEN))
        scenario = None if seen == NONE else protection.scenario(seen)
    return Player(strategy, choice, scenario)
