"""Game protection from a game file: the ``[protection]`` table (docs/games-from-files.md).

Each scenario names what a player may see that he should not, before his decision::

    [protection.dealer-1]
    dealer = 1        # one of the dealer's face-down cards, seen before the decision
    published = "player edge 3.4829% (E. Jacobson, Three Card Poker Hole-Card Play)"

A scenario is a value of the game's ``seen`` option (``--set seen=dealer-1``; ``none``: the game
as dealt), so that ``edge protection FILE``, ``edge table FILE --set seen=...`` and ``edge report
FILE --protection`` treat it as they treat edge's own games (:mod:`edge.protection`). One of the
dealer's hidden cards seen before the player's one decision is the game with that card dealt
face up: the file is solved exactly as if it said ``[dealer] up = 1``, by the up-card solve
(:mod:`edge.decisions.upcard`), every deal counted once for each of the dealer's cards that may
be the one seen. Other sights are refused in one error line naming the file, line and column.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from edge.bets.file import BetFileError
from edge.decisions.analysis import GameAnalysis, played_strategy
from edge.decisions.dealer import where
from edge.decisions.file import GameFile
from edge.errors import EdgeError
from edge.files import TomlErrors, read_text, read_toml
from edge.games import Exposed, Game, Rules, Wager
from edge.options import option
from edge.paytables import PayTable
from edge.player import SEEN
from edge.protection import NONE, Protection, Scenario, information_note
from edge.table import ReturnTable

PROTECTION = "protection"
SCENARIO_KEYS = ("dealer", "published")
NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_ERRORS = TomlErrors(BetFileError, unreadable="Cannot read the file {path!r}: {reason}.",
                     invalid="{name}: not valid TOML: {error}.",
                     too_deep="{name}: its tables or arrays nest too deeply to read.")


@dataclass(frozen=True)
class Sight:
    """One scenario of the file: its ``seen=`` name, how many of the dealer's face-down cards
    the player sees before his decision, and the published figure the file cites (or "")."""

    name: str
    dealer: int
    published: str = ""


def _fail(file: GameFile, text: str, name: str, key: str, message: str) -> BetFileError:
    """One error line naming the file, the line and column of ``key`` in the scenario
    ``name`` (of its header when ``key`` is empty) and what is wrong."""
    header = f"{PROTECTION}.{name}" if name else PROTECTION
    if name and not re.search(rf"^[ \t]*\[{re.escape(header)}\]", text, re.MULTILINE):
        at = where(text, name, PROTECTION)            # written as name = { ... } in [protection]
    else:
        at = where(text, key, header)
    return BetFileError(f"{file.path.name}: {at}: [{header}] {message}")


def read_sights(file: GameFile) -> tuple[Sight, ...]:
    """The file's ``[protection]`` scenarios read and checked (empty: it has none)."""
    data = read_toml(file.path, _ERRORS)
    if PROTECTION not in data:
        return ()
    text = read_text(file.path, _ERRORS)
    table = data[PROTECTION]
    if not isinstance(table, dict) or not table:
        raise _fail(file, text, "", "", "must hold one table per scenario, such as "
                    "[protection.dealer-1] with dealer = 1.")
    dealer = file.dealer
    found = []
    for name, entry in table.items():
        if not _NAME.match(name) or name == NONE:
            raise _fail(file, text, name, "", f"the scenario name {name!r} must be lower case "
                        f"letters, digits and hyphens, and not {NONE!r} (the game as dealt).")
        if not isinstance(entry, dict):
            raise _fail(file, text, name, "", f"must be a table, such as "
                        f"[protection.{name}] with dealer = 1.")
        for key in entry:
            if key not in SCENARIO_KEYS:
                raise _fail(file, text, name, key, f"unknown key {key!r}; the keys are "
                            f"{', '.join(SCENARIO_KEYS)}.")
        published = entry.get("published", "")
        if not isinstance(published, str):
            raise _fail(file, text, name, "published", "published must be a string: the "
                        "published figure and its source.")
        seen = entry.get("dealer")
        if seen is None:
            raise _fail(file, text, name, "", "says nothing seen: give dealer = 1 (one of the "
                        "dealer's face-down cards seen before the decision).")
        if dealer is None:
            raise _fail(file, text, name, "dealer", "dealer: the game has no dealer's hand "
                        "([dealer]) whose cards could be seen.")
        hidden = dealer.cards - dealer.up
        if isinstance(seen, bool) or not isinstance(seen, int) or not 1 <= seen <= hidden:
            raise _fail(file, text, name, "dealer", f"dealer = {seen!r} must be the number of "
                        f"the dealer's {hidden} face-down cards seen, 1 to {hidden}.")
        if dealer.up or seen != 1:
            shown = (f"with the dealer's card face up, {seen} more" if dealer.up
                     else f"{seen} of the dealer's cards")
            raise _fail(file, text, name, "dealer", f"dealer = {seen}: {shown} seen is not "
                        "solved from a file yet; one of the dealer's face-down cards seen "
                        "before the decision is (dealer = 1 in a game with no card face up).")
        if len(file.decisions) != 1 or file.decisions[0].seen != file.bet.layout.cards:
            raise _fail(file, text, name, "dealer", "dealer = 1 is solved for one decision, "
                        "made on the player's whole hand.")
        found.append(Sight(name, seen, published))
    return tuple(found)


def exposed_file(file: GameFile, sight: Sight) -> GameFile:
    """The game as the exposed player meets it: the dealer's seen card dealt face up and the
    decision made with it seen."""
    assert file.dealer is not None
    decision = file.decisions[0]
    return dataclasses.replace(
        file, dealer=dataclasses.replace(file.dealer, up=file.dealer.up + sight.dealer),
        decisions=(dataclasses.replace(decision, seen=decision.seen + sight.dealer),))


def scenario_of(file: GameFile, sight: Sight) -> Scenario:
    """The scenario as reports and ``edge protection`` describe it."""
    assert file.dealer is not None
    hidden = file.dealer.cards - file.dealer.up
    seen = (f"one of the dealer's {_words(hidden)} face-down cards" if sight.dealer == 1 else
            f"{_words(sight.dealer)} of the dealer's {_words(hidden)} face-down cards")
    return Scenario(sight.name, seen, f"before {file.decisions[0].name}",
                    math.comb(hidden, sight.dealer), sight.published)


def _words(n: int) -> str:
    """A small number in words (``three``), a larger one in digits."""
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def seen_rules(rules: type[Rules], names: tuple[str, ...]) -> type[Rules]:
    """The file's rules with the ``seen`` option: ``none`` or one of the scenarios."""
    return dataclasses.make_dataclass(
        rules.__name__, [(SEEN, str, option(
            NONE, "game protection: what the player sees before his decision, one of the "
            "file's [protection] scenarios (none: the game as dealt)",
            choices=(NONE, *names), quiet_default=True))],
        bases=(rules,), frozen=True)


@dataclass
class Exposures:
    """The file's scenarios and their analyses (each exposed file solved once per pays)."""

    file: GameFile
    analysis: GameAnalysis
    sights: dict[str, Sight]
    # the simulator of a solved file (edge.decisions.game.simulator)
    simulator: Callable[[GameAnalysis, PayTable | None, Rules], Any]
    exposed: dict[str, GameAnalysis] = dataclasses.field(default_factory=dict)

    def of(self, wager: Wager[Rules]) -> tuple[Scenario, GameAnalysis]:
        """The wager's scenario and the analysis of the game as the player sees it; a
        strategy file is refused (the exposed player's strategy is solved)."""
        scenario = wager.player.scenario
        assert scenario is not None
        strategy = played_strategy(wager.rules)
        if not strategy.is_optimal:
            raise EdgeError(f"seen={scenario.name}: the exposed player's strategy is solved "
                            f"exactly (strategy=optimal); the strategy file {strategy} is "
                            "played in the game as dealt (seen=none).")
        if scenario.name not in self.exposed:
            self.exposed[scenario.name] = GameAnalysis(
                exposed_file(self.file, self.sights[scenario.name]))
        return scenario, self.exposed[scenario.name]

    def analyze(self, wager: Wager[Rules]) -> ReturnTable:
        """The exposed return table, with what is seen and the value of the information."""
        scenario, analysis = self.of(wager)
        table = analysis.analyze(wager.paytable, wager.rules)
        dealer = self.file.dealer
        assert dealer is not None
        unexposed = self.analysis.analyze(wager.paytable, dataclasses.replace(
            wager.rules, **{SEEN: NONE}))  # type: ignore[arg-type]
        cards = self.file.bet.layout.cards
        rest = dealer.cards - dealer.up - 1
        dealt = (f"Every deal from one deck: the player's {cards} cards as a set, the "
                 f"dealer's card seen, and the dealer's {rest} other cards as a set: "
                 f"C(52, {cards}) x {52 - cards} x C({51 - cards}, {rest}) = {table.cycle:,} "
                 f"deals, each equally likely (each deal of the game counted {scenario.ways} "
                 "times, once for each of the dealer's cards that may be the one seen).")
        seen = (f"Seen: {scenario.description}. The game is solved exactly as if that card "
                "were dealt face up: the player decides on his cards and the seen card.")
        return dataclasses.replace(table, notes=(
            seen, information_note(table, unexposed), dealt, *table.notes[1:]))

    def strategy(self, wager: Wager[Rules]) -> Any:
        """The exposed player's strategy: not put in words from a file yet (an error)."""
        scenario, _ = self.of(wager)
        raise EdgeError(f"seen={scenario.name}: the exposed player's strategy is not put in "
                        "words from a game file yet (it is solved as a card face up); `edge "
                        f"table {self.file.path.name} --set seen={scenario.name}` gives its "
                        "figures and how often each option is taken.")

    def simulate(self, wager: Wager[Rules]) -> Any:
        """Deals hands with the dealer's seen card and plays the exposed solve."""
        _, analysis = self.of(wager)
        return self.simulator(analysis, wager.paytable, wager.rules)


def protected(file: GameFile, analysis: GameAnalysis, game: Game[Any],
              simulator: Callable[[GameAnalysis, PayTable | None, Rules], Any]) -> Game[Any]:
    """The game with the file's ``[protection]`` scenarios (the game itself when none);
    ``simulator``: the simulator of a solved file."""
    sights = read_sights(file)
    if not sights:
        return game
    exposures = Exposures(file, analysis, {sight.name: sight for sight in sights}, simulator)
    main = dataclasses.replace(game.bets[0], exposed=Exposed(
        exposures.analyze, strategy=exposures.strategy, simulate=exposures.simulate))
    return dataclasses.replace(
        game, rules=seen_rules(game.rules, tuple(sight.name for sight in sights)),
        bets=(main, *game.bets[1:]), protection=Protection(
            main.name, tuple(scenario_of(file, sight) for sight in sights),
            stakes=(file.unit.title(),)))


def refuse_protection(path: Path) -> None:
    """A game file whose decisions follow a shared board has no [protection] solve yet."""
    if PROTECTION in read_toml(path, _ERRORS):
        text = read_text(path, _ERRORS)
        raise BetFileError(f"{path.name}: {where(text, '', PROTECTION)}: [protection] is "
                           "solved for a game with a dealer's hand and no shared board only.")

