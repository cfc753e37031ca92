"""Bets described in a file: a side bet's deal, outcomes and pays in TOML, analysed exactly.

``edge table my-bet.toml`` (and every other command) takes a bet file's path where it takes a
game's name; :func:`load_bet_file` turns the file into a :class:`~edge.games.Game`. The format
and every word of the condition language are in docs/bets.md. The parts: :mod:`.language`
(parsing conditions), :mod:`.layout` (which cards are looked at), :mod:`.compile` (conditions
to vectorised numpy work), :mod:`.enumeration` (every deal with its exact weight),
:mod:`.classes` and :mod:`.showdown` (the fast counts of a best-five bet and of a showdown of two
hands), :mod:`.drawing` (cards drawn by rule: ``[[draw]]``), :mod:`.file` (reading and checking
the TOML) and :mod:`.game` (the Game, its analysis and simulator).
"""

from __future__ import annotations

import hashlib
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
        _loaded[key] = _read(file)
    return _loaded[key]


def _read(file: Path) -> Game[Any]:
    """The file's game, with the digest of the bytes it was read from (read again after: an
    edit while it was read is read again, so the digest is always of what was read)."""
    for _ in range(3):
        before = _digest(file)
        bet = read_bet_file(file)
        if _digest(file) == before:
            return make_game(bet, before)
    return make_game(read_bet_file(file))       # being edited: counted, not cached


def _digest(file: Path) -> str:
    try:
        return hashlib.sha256(file.read_bytes()).hexdigest()
    except OSError:
        return ""
