"""The registry of games: the built-in games below, plus every entry point of the ``edge.games``
group that other packages declare (each loads to a :class:`~edge.games.Game`)::

    [project.entry-points."edge.games"]
    my-game = "my_package.game:GAME"

A plug-in that fails to load, is not a :class:`~edge.games.Game`, or whose name or an alias is
already a registered game's name or alias is left out with one ``edge: warning:`` line on stderr
naming it and why; every other game still works.

Games load when named: the built-in games' names, aliases and own commands are written in
:data:`BUILTINS` (checked against the games themselves by tests/test_startup.py), so naming one
imports that game's package alone, and the entry points are read (and their plug-ins loaded)
only when a name is none of the built-in games' or every game is asked for.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from edge.errors import EdgeError
from edge.games.contract import AnyGame, Game, spelt
from edge.games.fitting import fit_bet, with_notes
from edge.paytables import PayTable
from edge.run import RunSettings
from edge.table import ReturnTable

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint


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
    BuiltinGame("baccarat", "edge.games.baccarat", ("punto-banco", "mini-baccarat")),
)
BUILTIN_GAMES = tuple(game.module for game in BUILTINS)
ENTRY_POINT_GROUP = "edge.games"


# every game by name, once all_games() has read them all
_registry: dict[str, AnyGame] | None = None
# the built-in games imported so far, and the plug-ins' games once the entry points are read
_builtins: dict[str, AnyGame] = {}
_plugins: dict[str, AnyGame] | None = None
# the games of bet files read in this process, by name (a table names its game by name)
_file_games: dict[str, AnyGame] = {}


# What reads a bet file into its game: edge.bets's load_bet_file, set by the package's facade
# (edge/__init__.py, which runs before any module of edge). edge.bets imports edge.games, so
# the registry reaches it through this seam, not by importing it.
_bet_file_reader: Callable[[str], AnyGame] | None = None


def read_bet_files_with(reader: Callable[[str], AnyGame]) -> None:
    """Set what :func:`get_game` calls to read a bet file's path into its game (the facade
    ``edge/__init__.py`` sets :func:`edge.bets.load_bet_file`, imported at the first bet
    file)."""
    global _bet_file_reader
    _bet_file_reader = reader


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


def get_game(name: str) -> AnyGame:
    """The game called ``name`` (or one of its aliases), or the game a bet file describes
    when ``name`` is a path ending in ``.toml`` (:mod:`edge.bets`, docs/bets.md).

    Only that game is loaded: a built-in game's package, or the plug-ins when ``name`` is
    none of the built-in games' names."""
    if name.strip().lower().endswith(".toml"):
        if _bet_file_reader is None:
            raise EdgeError(f"Cannot read the bet file {name.strip()!r}: no bet-file reader is "
                            "set (import edge, which sets edge.bets's).")
        loaded = _bet_file_reader(name.strip())
        plugins = plugin_games().values()
        if _builtin_named(loaded.name) is not None or any(
                loaded.name in _names(game) for game in plugins):
            raise EdgeError(f"The bet file {name.strip()!r} is named {loaded.name!r}, "
                            "which is the name of a game edge has: choose another name.")
        _file_games[loaded.name] = loaded
        return loaded
    key = spelt(name)
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
    return with_notes(found.analyze(chosen.name, fitted.paytables[chosen.name], fitted.rules,
                                    run), fitted.notes)
