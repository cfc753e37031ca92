"""The game registry: every game module exposes ``GAME``, a :class:`Game` description.

Adding a game is one line in ``GAME_MODULES``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from edge.errors import EdgeError
from edge.options import make_options
from edge.paytables import PayTable, resolve_paytable
from edge.table import ReturnTable

if TYPE_CHECKING:
    from edge.report import ReportContext, Section

GAME_MODULES = (
    "edge.games.triple_bet",
    "edge.games.three_card_poker",
    "edge.games.double_hand_poker",
    "edge.games.ultimate_texas_holdem",
)


@dataclass(frozen=True)
class RunSettings:
    """How to run an analysis (never what it computes): worker processes, caching, progress."""

    jobs: int | None = None
    cache: bool = True
    progress: bool = False


@dataclass(frozen=True)
class Bet:
    """One wager of a game: its pay-table outcomes and named preset tables."""

    name: str
    description: str
    outcomes: tuple[str, ...] = ()
    presets: Mapping[str, PayTable] = field(default_factory=dict)
    default_paytable: str | None = None
    # For `edge tune`: True when the rows' pays follow the pay table (and numeric options) and
    # nothing else changes with them, so one analysis scores every candidate; False when the
    # player's strategy depends on the pays, so each candidate is re-solved; None (default):
    # decided from the analysis (linear unless its table records player decisions), then checked.
    linear: bool | None = None

    def paytable(self, spec: str | PayTable | None) -> PayTable | None:
        """Resolve a preset name, pays label or TOML path to a validated table."""
        if not self.outcomes:
            if spec is not None:
                raise EdgeError(f"The bet {self.name!r} has no pay table to choose.")
            return None
        assert self.default_paytable is not None
        return resolve_paytable(spec, self.presets, self.default_paytable, self.outcomes)


@dataclass(frozen=True)
class TableCase:
    """One generated table: a bet, a preset pay table (or None), option overrides, a file stem."""

    bet: str
    paytable: str | None
    options: Mapping[str, str]
    stem: str


Analyzer = Callable[[str, PayTable | None, Any, RunSettings], ReturnTable]
StrategyPrinter = Callable[[PayTable | None, Any, str, RunSettings], str]


@dataclass(frozen=True)
class Game:
    """A game: its name, options dataclass, bets, and the functions that analyse it."""

    name: str
    title: str
    rules: type[Any]
    bets: tuple[Bet, ...]
    analyze: Analyzer
    strategy: StrategyPrinter | None = None
    source: str = ""
    aliases: tuple[str, ...] = ()
    describe_rules: Callable[[Any], list[str]] | None = None
    # extra (bet, preset, options, file stem) cases for tables/ beyond every bet x preset
    extra_tables: tuple[TableCase, ...] = ()
    # strategy reports (bet, preset, options, file stem) that tables/ keeps, as markdown
    strategy_tables: tuple[TableCase, ...] = ()
    # extra sections for `edge report` (a strategy chart, a comparison): see edge.report
    report_sections: Callable[[ReportContext], Sequence[Section]] | None = None

    def table_cases(self) -> list[TableCase]:
        """Every table ``scripts/make_tables.py`` writes: each bet with each preset, then extras."""
        cases = [TableCase(bet.name, preset, {}, f"{bet.name}-{preset}")
                 for bet in self.bets for preset in bet.presets]
        cases += [TableCase(bet.name, None, {}, bet.name) for bet in self.bets if not bet.presets]
        return cases + list(self.extra_tables)

    def bet(self, name: str | None) -> Bet:
        """The bet called ``name`` (the first bet when ``None``)."""
        if name is None:
            return self.bets[0]
        for bet in self.bets:
            if bet.name == name:
                return bet
        raise EdgeError(f"Unknown bet {name!r} for {self.name}: choose one of "
                        f"{', '.join(b.name for b in self.bets)}.")

    def make_rules(self, overrides: Mapping[str, Any] | None = None) -> Any:
        """The game's options dataclass from defaults plus ``--set`` style overrides."""
        return make_options(self.rules, overrides)


def all_games() -> dict[str, Game]:
    """Every registered game by name."""
    games: dict[str, Game] = {}
    for module_name in GAME_MODULES:
        game: Game = importlib.import_module(module_name).GAME
        games[game.name] = game
    return games


def get_game(name: str) -> Game:
    """The game called ``name`` (or one of its aliases)."""
    games = all_games()
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    for game in games.values():
        if key == game.name or key in game.aliases:
            return game
    raise EdgeError(f"Unknown game {name!r}: choose one of {', '.join(games)}.")


def analyze(game: str, bet: str | None = None, paytable: str | PayTable | None = None,
            options: Mapping[str, Any] | None = None,
            run: RunSettings | None = None) -> ReturnTable:
    """Analyse one wager of a game exactly and return its :class:`~edge.table.ReturnTable`."""
    found = get_game(game)
    chosen = found.bet(bet)
    rules = found.make_rules(options)
    return found.analyze(chosen.name, chosen.paytable(paytable), rules, run or RunSettings())
