"""What the studio computes for a bet file typed in the page: its exact table, or its error.

Nothing here knows about the web: :func:`analyse` takes the file's text, its name, the options
and the pays typed over the file's, and gives an :class:`Answer` (the game, the table and the
figures, or the one error line with its place in the file). The file is read from a private
folder under its own name, as ``edge table NAME`` would read it, so the same text gives the same
table, and the disk cache keeps its counts under the digest of its bytes.
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from edge.errors import EdgeError
from edge.games import Game, RunSettings
from edge.paytables import PayTable, make_paytable, parse_pay
from edge.table import ReturnTable

# a file name the studio reads and writes: a plain name ending .toml, in the folder only
FILE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,80}\.toml$")
# "line 22, column 49" in edge's messages, or TOML's "(at line 3, column 7)"
PLACE = re.compile(r"line (\d+), column (\d+)")
MOST_TEXT = 200_000


@dataclass(frozen=True)
class Answer:
    """A bet file's analysis for the page: the table and the pays used, or the error."""

    name: str
    error: str = ""
    line: int | None = None
    column: int | None = None
    game: Game[Any] | None = None
    table: ReturnTable | None = None
    pays: tuple[tuple[str, Fraction], ...] = ()
    decks: int | None = None
    rules: tuple[str, ...] = field(default=())

    @property
    def ok(self) -> bool:
        """Whether the file was read and analysed."""
        return self.table is not None


def check_name(name: str) -> str:
    """A file name the studio may read and write (no folder, ends ``.toml``)."""
    if not FILE_NAME.match(name):
        raise EdgeError(f"file name {name!r}: a plain name ending .toml (letters, digits, "
                        "dots, dashes and underscores), in the studio's folder.")
    return name


def _failed(name: str, message: str) -> Answer:
    place = PLACE.search(message)
    return Answer(name, error=message, line=int(place.group(1)) if place else None,
                  column=int(place.group(2)) if place else None)


def read_text(text: str, name: str, folder: Path) -> Game[Any]:
    """The game of a bet file's ``text`` (or a game file's, with decisions), read as
    ``folder/name`` (written there first), as ``edge table NAME`` reads it."""
    from edge.games import get_game
    if len(text) > MOST_TEXT:
        raise EdgeError(f"the file is {len(text):,} characters long; the studio takes "
                        f"{MOST_TEXT:,} at most.")
    path = folder / check_name(name)
    path.write_text(text, encoding="utf-8")
    return get_game(str(path))


def analyse(text: str, name: str, decks: int | None = None,
            pays: Mapping[str, str] | None = None, folder: Path | None = None) -> Answer:
    """The exact return table of the bet file ``text`` (named ``name``) at ``decks`` decks
    (None: the file's), with ``pays`` typed over its default pay table; or its error."""
    try:
        with tempfile.TemporaryDirectory(prefix="edge-studio-") as private:
            game = read_text(text, name, folder or Path(private))
            options = {} if decks is None else {"decks": str(decks)}
            return _answer(name, game, game.bets[0].name, options, pays or {})
    except EdgeError as error:
        return _failed(name, str(error))


def analyse_game(name: str, bet: str, options: str,
                 pays: Mapping[str, str] | None = None) -> Answer:
    """The exact return table of one of edge's games (``name``), its wager ``bet`` with the
    options ``options`` (``decks=6, seen=dealer-1``, as ``--set`` takes them) and ``pays``
    typed over its default pay table; or the error."""
    from edge.games import get_game
    from edge.options import parse_set_list
    try:
        game = get_game(name)
        return _answer(name, game, bet or game.bets[0].name, parse_set_list(options),
                       pays or {})
    except EdgeError as error:
        return _failed(name, str(error))


def _answer(name: str, game: Game[Any], bet_name: str, options: Mapping[str, str],
            pays: Mapping[str, str]) -> Answer:
    bet = game.bet(bet_name)
    rules = game.make_rules(dict(options))
    preset = bet.presets.get(bet.default_paytable or "")
    table = typed_paytable(preset, bet.outcomes, pays)
    found = game.analyze(bet.name, table, rules, RunSettings(progress=False))
    used = table or preset
    lines = tuple(game.describe_rules(rules)) if game.describe_rules else ()
    return Answer(name, game=game, table=found,
                  pays=tuple(used.pays) if used is not None else (),
                  decks=getattr(rules, "decks", None), rules=lines)


def typed_paytable(base: PayTable | None, outcomes: tuple[str, ...],
              pays: Mapping[str, str]) -> PayTable | None:
    """The file's default table with the typed pays over it (None: no pay typed)."""
    if not pays:
        return None
    merged: dict[str, Any] = dict(base.pays) if base is not None else {}
    for outcome, typed in pays.items():
        if outcome not in outcomes:
            raise EdgeError(f"pay of {outcome!r}: the file has no such outcome.")
        merged[outcome] = parse_pay(typed.strip(), outcome, "the pays typed in the studio",
                                    least=Fraction(-1))
    return make_paytable("typed", merged, outcomes, source="the pays typed in the studio",
                         least=Fraction(-1))
