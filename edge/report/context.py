"""What section builders work from: the game's analyses, run once, and the report's settings."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from edge.errors import PayTableError
from edge.games import Game, RunSettings
from edge.paytables import PayTable
from edge.table import ReturnTable


class Analyses:
    """The analyses of one game, each run once (reports and tables/ share them)."""

    def __init__(self, game: Game, run: RunSettings | None = None) -> None:
        self.game = game
        self.run = run or RunSettings()
        self._done: dict[tuple[str, PayTable | None, Any], ReturnTable] = {}

    def table(self, bet: str, paytable: PayTable | None, rules: Any) -> ReturnTable:
        """The return table of ``bet`` with this pay table and these rules."""
        key = (bet, paytable, rules)
        if key not in self._done:
            self._done[key] = self.game.analyze(bet, paytable, rules, self.run)
        return self._done[key]


@dataclass
class ReportContext:
    """What a game's ``report_sections`` hook is given: the settings and the finished tables.

    ``tables`` holds every wager's return table by bet name; :meth:`analyze` runs (and caches)
    further analyses, for example the same wager under another strategy option.
    """

    game: Game
    rules: Any
    paytables: dict[str, PayTable | None]
    tables: dict[str, ReturnTable]
    analyses: Analyses

    @property
    def run(self) -> RunSettings:
        """How analyses are run (workers, cache)."""
        return self.analyses.run

    def analyze(self, bet: str, paytable: PayTable | None = None,
                **changes: Any) -> ReturnTable:
        """A wager's table with this report's pay table (or ``paytable``) and changed options."""
        rules = dataclasses.replace(self.rules, **changes) if changes else self.rules
        return self.analyses.table(bet, paytable or self.paytables[bet], rules)


def resolve_paytables(game: Game, specs: Sequence[str] = ()) -> dict[str, PayTable | None]:
    """Each bet's pay table: its default, changed by ``specs``.

    A spec ``BET=TABLE`` sets one bet's table; a plain ``TABLE`` (a preset name, a pays label or
    a TOML file) goes to every bet that has such a table, and is an error if none has.
    """
    chosen = {bet.name: bet.paytable(None) for bet in game.bets}
    names = {bet.name for bet in game.bets}
    for spec in specs:
        target, sep, value = spec.partition("=")
        if sep and target.strip() in names:
            bet = game.bet(target.strip())
            chosen[bet.name] = bet.paytable(value.strip())
            continue
        errors: list[str] = []
        for bet in game.bets:
            if not bet.outcomes:
                continue
            try:
                chosen[bet.name] = bet.paytable(spec)
            except PayTableError as error:
                errors.append(str(error))
        if len(errors) == sum(1 for bet in game.bets if bet.outcomes):
            raise PayTableError(f"No wager of {game.name} takes the pay table {spec!r} "
                                f"(write BET=TABLE for one wager). {errors[0] if errors else ''}"
                                .strip())
    return chosen


