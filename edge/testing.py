"""The contracts every game must meet, checked in one call (after scikit-learn's
``check_estimator``): for a plug-in's tests, the built-in games' and a bet file's alike.

:func:`check_game` takes a :class:`~edge.games.Game`, a registered game's name or a bet file's
path, runs every check in :data:`CHECKS` and raises :class:`AssertionError` naming the first
contract that fails. :func:`game_checks` gives the same checks one by one, for a test file to
parametrize over::

    import pytest
    from edge.testing import game_checks

    @pytest.mark.parametrize("check", game_checks("six-card-bonus"), ids=str)
    def test_contract(check):
        check()

Nothing here needs pytest, and the checks import what they run (the simulation, the report)
only when they run it.

>>> check_game("triple-bet", report=False, rounds=2000)
"""

from __future__ import annotations

import dataclasses
import math
import numbers
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from edge.errors import EdgeError

if TYPE_CHECKING:
    from edge.games import AnyGame, Bet, Game, Rules
    from edge.options import OptionInfo
    from edge.table import ReturnTable

__all__ = ["CHECKS", "Check", "check_game", "game_checks"]

# Every check, in the order they run; each is described in docs/api/plugin.md.
CHECKS = ("declared", "tables_add_up", "paytables_analysable", "options_accepted",
          "bad_options_refused", "simulation_agrees", "report_builds")

ROUNDS = 4096           # rounds the simulation check plays per wager (a fraction of a second)
SEED = 20240607         # its seed: the check is the same on every run
STANDARD_ERRORS = 5.0   # how far the simulated return may lie from the exact one


@dataclass(frozen=True)
class Check:
    """One named check of one game: call it to run it (it raises AssertionError on failure)."""

    name: str
    game: str
    run: Callable[[], None]

    def __call__(self) -> None:
        """Run the check; a failure names the game and the contract."""
        try:
            self.run()
        except AssertionError as failure:
            raise AssertionError(f"{self.game}: the contract {self.name!r} fails: "
                                 f"{failure}") from failure

    def __str__(self) -> str:
        return self.name


def _game(game: Game[Any] | str | Path) -> AnyGame:
    from edge.games import Game, get_game

    if isinstance(game, Game):
        return cast("AnyGame", game)
    if isinstance(game, Path):
        return get_game(str(game))
    if isinstance(game, str):
        return get_game(game)
    raise TypeError(f"check_game takes a Game, a game's name or a bet file's path, not "
                    f"{type(game).__name__}")


def game_checks(game: Game[Any] | str | Path, *, report: bool = True, rounds: int = ROUNDS,
                seed: int = SEED, standard_errors: float = STANDARD_ERRORS) -> list[Check]:
    """Every check of :data:`CHECKS` for ``game``, in order, each a :class:`Check` to call (a
    list, as ``pytest.mark.parametrize`` wants).

    ``report=False`` leaves out the report check (for a game whose report takes long);
    ``rounds``, ``seed`` and ``standard_errors`` set the simulation check.
    """
    found = _game(game)
    runs: dict[str, Callable[[], None]] = {
        "declared": lambda: check_declared(found),
        "tables_add_up": lambda: check_tables_add_up(found),
        "paytables_analysable": lambda: check_paytables_analysable(found),
        "options_accepted": lambda: check_options_accepted(found),
        "bad_options_refused": lambda: check_bad_options_refused(found),
        "simulation_agrees": lambda: check_simulation_agrees(found, rounds, seed,
                                                             standard_errors),
        "report_builds": lambda: check_report_builds(found),
    }
    return [Check(name, found.command_name, runs[name]) for name in CHECKS
            if name != "report_builds" or report]


def check_game(game: Game[Any] | str | Path, *, report: bool = True, rounds: int = ROUNDS,
               seed: int = SEED, standard_errors: float = STANDARD_ERRORS) -> None:
    """Run every check of ``game`` (a Game, a registered name or a bet file's path); raise
    AssertionError naming the first contract that fails (see :func:`game_checks`)."""
    for check in game_checks(game, report=report, rounds=rounds, seed=seed,
                             standard_errors=standard_errors):
        check()


# --- the checks ------------------------------------------------------------------------------

def check_declared(game: AnyGame) -> None:
    """The game declares itself whole: a name, bets with distinct names, each bet's default
    pay table among its presets, and default rules that build."""
    assert game.name and game.name == game.name.strip().lower(), \
        f"the name {game.name!r} must be lower case, without spaces around it"
    assert game.bets, "the game has no bets"
    names = [bet.name for bet in game.bets]
    assert len(set(names)) == len(names), f"two bets share a name: {names}"
    for bet in game.bets:
        if bet.outcomes:
            assert bet.default_paytable in bet.presets, \
                f"the {bet.name} bet's default pay table {bet.default_paytable!r} is not " \
                f"one of its presets {sorted(bet.presets)}"
        assert game.bet(bet.name) is bet
    game.make_rules()


def _whole(count: object) -> bool:
    return isinstance(count, numbers.Integral) and not isinstance(count, bool)


def check_table(game: AnyGame, bet: Bet[Rules], table: ReturnTable, where: str) -> None:
    """One return table keeps the contract: it is the game's and the bet's, its counts are
    whole numbers that add up to its cycle, its pays exact, its outcomes named once, and its
    JSON gives back the exact figures."""
    assert (table.game, table.bet) == (game.name, bet.name), \
        f"{where}: the table says it is {table.game} {table.bet}"
    outcomes = [row.outcome for row in table.rows]
    assert len(set(outcomes)) == len(outcomes), f"{where}: an outcome is listed twice"
    for row in table.rows:
        assert _whole(row.combinations), \
            f"{where}: the count of {row.outcome!r} is {row.combinations!r}, not a whole number"
        assert row.combinations >= 0, f"{where}: the count of {row.outcome!r} is negative"
        assert isinstance(row.pays, Fraction | int) and not isinstance(row.pays, bool), \
            f"{where}: the pay of {row.outcome!r} is {row.pays!r}, not exact"
    total = sum(int(row.combinations) for row in table.rows)
    assert total > 0 and total == table.cycle, \
        f"{where}: the counts add up to {total}, the cycle is {table.cycle}"
    expected = sum((Fraction(row.pays) * int(row.combinations) for row in table.rows),
                   Fraction(0)) / total / table.initial_wager
    assert table.expected_return == expected, \
        f"{where}: the expected return is not the rows' pays times their counts"
    data = table.to_dict()
    assert Fraction(data["house_edge"]) == table.house_edge, \
        f"{where}: the JSON house edge {data['house_edge']!r} is not the exact one"


def _default_table(game: AnyGame, bet: Bet[Rules]) -> ReturnTable:
    return bet.table(game.wager(bet.paytable(None), game.make_rules()))


def check_tables_add_up(game: AnyGame) -> None:
    """Every bet's table at the default options and pay table keeps :func:`check_table`."""
    for bet in game.bets:
        check_table(game, bet, _default_table(game, bet), f"the {bet.name} bet")


def check_paytables_analysable(game: AnyGame) -> None:
    """Every named pay table of every bet resolves by its name and is analysed (under a rule
    it is meant for) to a table that keeps the contract and counts the same deals as the
    default table under the same rules."""
    from edge.games import fit_bet

    defaults = game.make_rules()
    for bet in game.bets:
        cycle = _default_table(game, bet).cycle
        for name, preset in bet.presets.items():
            where = f"the {bet.name} bet's pay table {name!r}"
            assert bet.paytable(name) == preset, f"{where} does not resolve to itself"
            fitted = fit_bet(game, bet, name, None)
            table = bet.table(game.wager(fitted.paytables[bet.name], fitted.rules))
            check_table(game, bet, table, where)
            if fitted.rules == defaults:
                assert table.cycle == cycle, \
                    f"{where} counts {table.cycle} deals, the default table {cycle}"


def _options(game: AnyGame) -> list[OptionInfo]:
    from edge.options import describe

    return describe(game.rules)


def _refused(what: str, build: Callable[..., object], *args: object) -> None:
    try:
        build(*args)
    except EdgeError:
        return
    raise AssertionError(f"{what} is accepted; it must be refused with an EdgeError")


def _accepted(what: str, build: Callable[..., object], *args: object) -> None:
    try:
        build(*args)
    except EdgeError as error:
        raise AssertionError(f"{what} is refused: {error}") from error


def _limits(game: AnyGame, name: str) -> tuple[int | Fraction | None, int | Fraction | None]:
    """An option's least and greatest values (None: no limit declared)."""
    found = {field.name: field for field in dataclasses.fields(game.rules)}[name]
    low: int | Fraction | None = found.metadata.get("minimum")
    high: int | Fraction | None = found.metadata.get("maximum")
    return low, high


def check_options_accepted(game: AnyGame) -> None:
    """Every option takes each of its choices (true and false for a switch), with the
    other options at their defaults or, where a choice needs it, one of them changed."""
    for option in _options(game):
        values: list[object] = [*option.choices]
        if option.allowed == "true | false":
            values += ["true", "false"]
        for value in values:
            _accepted(f"the option {option.name}={value}", _with_some_choice, game,
                      option.name, value)


def _with_some_choice(game: AnyGame, name: str, value: object) -> Rules:
    """The rules with ``name=value``, alone or beside one choice of another option (a
    strategy that reads a seen card needs a ``seen`` option that shows one): the error of the
    value alone when no such pair is accepted."""
    try:
        return game.make_rules({name: value})
    except EdgeError as alone:
        for other in _options(game):
            for choice in other.choices if other.name != name else ():
                try:
                    return game.make_rules({name: value, other.name: choice})
                except EdgeError:
                    continue
        raise alone


def check_bad_options_refused(game: AnyGame) -> None:
    """An unknown option, a value outside an option's choices or range, an unknown bet and an
    unknown pay table are each refused with an EdgeError (one line, never a traceback)."""
    _refused("the option no_such_option=1", game.make_rules, {"no_such_option": "1"})
    _refused("the bet no-such-bet", game.bet, "no-such-bet")
    for bet in game.bets:
        if bet.outcomes:
            _refused(f"the {bet.name} bet's pay table no-such-table", bet.paytable,
                     "no-such-table")
    for option in _options(game):
        bad: list[object] = []
        if option.choices:
            bad.append("no-such-choice")
        elif option.allowed == "true | false":
            bad.append("maybe")
        low, high = _limits(game, option.name)
        if low is not None or high is not None:
            bad.append("not-a-number")
        if low is not None:
            bad.append(low - 1)
        if high is not None:
            bad.append(high + 1)
        for value in bad:
            _refused(f"the option {option.name}={value}", game.make_rules,
                     {option.name: value})


def check_simulation_agrees(game: AnyGame, rounds: int = ROUNDS, seed: int = SEED,
                            standard_errors: float = STANDARD_ERRORS) -> None:
    """Every bet with a ``simulate`` hook, at the default options: ``rounds`` seeded rounds
    settle every hand at its row's pay, each row comes up about as often as its probability
    says, and the mean return lies within ``standard_errors`` standard errors of the exact one
    (a bet without the hook is skipped)."""
    from edge.simulation.check import Simulation, compare
    from edge.simulation.engine import run

    for bet in game.bets:
        rules = game.make_rules()
        paytable = bet.paytable(None)
        simulator = bet.simulator(game.wager(paytable, rules))
        if simulator is None:
            continue
        where = f"the {bet.name} bet's simulation"
        table = bet.table(game.wager(paytable, rules))
        assert simulator.initial_wager == table.initial_wager, \
            f"{where} quotes figures per {simulator.initial_wager}, the table per " \
            f"{table.initial_wager}"
        tally = run(simulator, rounds, seed, jobs=1)
        assert tally.hands == rounds, f"{where} played {tally.hands} of {rounds} rounds"
        try:
            checks, chi, total, squares = compare(table, simulator.outcomes, tally,
                                                  simulator.scale, simulator.initial_wager)
        except EdgeError as error:
            raise AssertionError(f"{where}: {error}") from error
        found = Simulation(game.name, bet.name, None, {}, rounds, seed, 1, 0.0,
                           simulator.initial_wager, total, squares, table.expected_return,
                           checks, chi)
        assert not found.mismatches, \
            f"{where} settles {', '.join(c.outcome for c in found.mismatches)} unlike the table"
        for line in checks:
            p = float(line.probability)
            spread = standard_errors * math.sqrt(rounds * p * (1 - p))
            assert abs(line.observed - rounds * p) <= max(spread, standard_errors), \
                f"{where}: {line.outcome!r} came up {line.observed} times in {rounds} " \
                f"rounds, {rounds * p:.1f} expected"
        assert abs(found.z_score) <= standard_errors, \
            f"{where}: the mean return {float(found.mean):.6f} is {abs(found.z_score):.1f} " \
            f"standard errors from the exact {float(table.expected_return):.6f} ({rounds} " \
            f"rounds, seed {seed})"


def check_report_builds(game: AnyGame) -> None:
    """The report at the default options builds (without the environment and the simulated
    figures) and has sections."""
    from edge.report import make_report

    try:
        report = make_report(game, environment=False)
    except EdgeError as error:
        raise AssertionError(f"the report is refused: {error}") from error
    assert report.sections, "the report has no sections"

