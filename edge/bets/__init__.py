"""Bets described in a file: a side bet's deal, outcomes and pays in TOML, analysed exactly.

``edge table my-bet.toml`` (and every other command) takes a bet file's path where it takes a
game's name; :func:`load_bet_file` turns the file into a :class:`~edge.games.Game`. The format
and every word of the condition language are in docs/bets.md. The parts: :mod:`.language`
(parsing conditions), :mod:`.layout` (which cards are looked at), :mod:`.compile` (conditions
to vectorised numpy work), :mod:`.enumeration` (every deal with its exact weight),
:mod:`.drawing` (cards drawn by rule: ``[[draw]]``), :mod:`.file` (reading and checking the TOML)
and :mod:`.game` (the Game, its analysis and simulator).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from edge.bets.file import BetFileError, read_bet_file
from edge.bets.game import make_game
from edge.games import Game

__all__ = ["BetFileError", "is_bet_file", "load_bet_file"]

# loaded files by (resolved path, modification time, size): a command names its game several
# times, and each file's counts are made once
_loaded: dict[tuple[str, int, int], Game[Any]] = {}
_MOST_KEPT = 16


def is_bet_file(name: str) -> bool:
    """Whether a game name is a bet file's path (it ends in ``.toml``)."""
    return name.strip().lower().endswith(".toml")


def load_bet_file(path: str | Path) -> Game[Any]:
    """The game a bet file describes (read once per version of the file)."""
    file = Path(path).expanduser()
    try:
        status = file.stat()
    except OSError:
        raise BetFileError(f"No bet file {str(path)!r}: the file does not exist.") from None
    if not file.is_file():
        raise BetFileError(f"The bet file {str(path)!r} is not a file.")
    key = (str(file.resolve()), status.st_mtime_ns, status.st_size)
    if key not in _loaded:
        if len(_loaded) >= _MOST_KEPT:
            _loaded.pop(next(iter(_loaded)))
        _loaded[key] = make_game(read_bet_file(file))
    return _loaded[key]
