"""Games with decisions described in a file, solved exactly (docs/games-from-files.md).

A game file is a bet file (docs/bets.md) with a ``[game]`` table (the wagers at the start and
the unit the figures are quoted in) and ``[[decision]]`` tables (what the player may do, and
when). :func:`load_game_file` turns one into a :class:`~edge.games.Game` whose analysis finds
the optimal strategy by backward induction over the cards seen (:mod:`.solve`), every deal
counted. The parts: :mod:`.file` (reading the TOML), :mod:`.solve` (the solve), :mod:`.game`
(the Game, its table and its simulator), :mod:`.rules` (the strategy in words),
:mod:`.strategy` (the strategy document) and :mod:`.strategy_file` (a strategy file, played and
priced).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from edge.decisions.board import read_board_file, shared_board
from edge.decisions.board_protection import board_protected
from edge.decisions.file import read_game_file
from edge.decisions.game import make_game
from edge.games import Game

__all__ = ["has_game_table", "load_game_file"]

_loaded: dict[tuple[str, int, int], Game[Any]] = {}
_MOST_KEPT = 16


def has_game_table(path: str | Path) -> bool:
    """Whether a TOML file has a ``[game]`` table (a game file, not a bet file); False when
    it cannot be read as TOML at all (the bet-file reader then says why)."""
    try:
        with Path(path).expanduser().open("rb") as handle:
            return isinstance(tomllib.load(handle).get("game"), dict)
    except (OSError, tomllib.TOMLDecodeError, RecursionError, UnicodeDecodeError):
        return False


def load_game_file(path: str | Path) -> Game[Any]:
    """The game a game file describes (read once per version of the file)."""
    file = Path(path).expanduser()
    status = file.stat()
    key = (str(file.resolve()), status.st_mtime_ns, status.st_size)
    if key not in _loaded:
        if len(_loaded) >= _MOST_KEPT:
            _loaded.pop(next(iter(_loaded)))
        if shared_board(file):
            board = read_board_file(file)
            _loaded[key] = board_protected(board)
        else:
            _loaded[key] = make_game(read_game_file(file))
    return _loaded[key]
