"""``edge.testing``: every built-in game and three bet files keep every contract a game must
meet, and a game that breaks one fails with the contract's name.

The built-in games' reports are the session's default reports (tests/conftest.py makes each
once per test process: Ultimate Texas Hold'em's costs most of a minute), so their report check
reads those rather than making them again; the other checks add about a second of CPU to the
suite (the solves they read are made by other tests too).
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.document import Report
from edge.errors import OptionError
from edge.games import BUILTINS, Bet, Game, Rules, Wager, get_game
from edge.options import option, options_dict
from edge.paytables import make_paytable
from edge.sampling import IntArray
from edge.table import ReturnTable, Row
from edge.testing import CHECKS, Check, check_game, game_checks

ROOT = Path(__file__).resolve().parent.parent
BUILT_IN = [entry.name for entry in BUILTINS]
# a single deck, a shoe, and poker5() (whose report once swept decks it cannot deal)
BET_FILES = [ROOT / "examples" / "bets" / name
             for name in ("pair-plus.toml", "21-plus-3.toml", "six-card-bonus.toml")]


# Ultimate Texas Hold'em's contracts that solve again (each named Blind table, each option
# choice) or simulate take seconds each: in the slow run
SOLVES_AGAIN = ("paytables_analysable", "options_accepted", "simulation_agrees",
               "tables_add_up")     # every named Blind table solved again (25 s)


@pytest.mark.parametrize("check", [
    pytest.param(check, marks=pytest.mark.slow)
    if name == "ultimate-texas-holdem" and check.name in SOLVES_AGAIN else check
    for name in BUILT_IN for check in game_checks(name, report=False)],
    ids=lambda check: f"{check.game}-{check.name}")
def test_the_built_in_games_keep_every_contract(check: Check) -> None:
    check()


# Ultimate Texas Hold'em's report is left to the tests that read it (test_report_content,
# test_print): on another pytest-xdist worker than theirs it would cost most of a minute again.
# Baccarat's report analyses its eleven wagers at 1 to 8 decks (half a minute), the others take
# seconds: Triple Bet's in the plain run, the others in the slow run
@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.slow) if name != "triple-bet" else name
    for name in BUILT_IN if name != "ultimate-texas-holdem"])
def test_the_built_in_games_reports_build(name: str,
                                          default_report: Callable[[str], Report]) -> None:
    # check_report_builds's contract, on the report the session makes once for several tests
    report = default_report(name)
    assert report.sections and set(report.tables) >= {bet.name for bet in
                                                      get_game(name).bets}


@pytest.mark.parametrize("path", [BET_FILES[0], str(BET_FILES[1]), BET_FILES[2]],
                         ids=lambda path: Path(path).name)
def test_bet_files_keep_every_contract(path: Path | str) -> None:
    check_game(path)                        # a Path or a str, as a command line gives it


def test_the_checks_are_named_and_in_order() -> None:
    names = [check.name for check in game_checks("triple-bet")]
    assert names == list(CHECKS)
    assert [str(check) for check in game_checks("triple-bet", report=False)] == \
        [name for name in CHECKS if name != "report_builds"]


def test_edge_testing_is_light() -> None:
    # importable without pytest, and without the simulation, the report or numpy until a check
    # runs
    code = ("import sys, edge.testing; print(sorted(m for m in ('pytest', 'numpy', "
            "'edge.report', 'edge.simulation', 'edge.bets') if m in sys.modules))")
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True, cwd=ROOT)
    assert found.stdout.strip() == "[]"


# --- games that break one contract each ------------------------------------------------------

@dataclass(frozen=True)
class CoinRules(Rules):
    """A coin toss with one option."""

    coins: int = option(1, "coins tossed together", minimum=1, maximum=4)


EVEN = make_paytable("even", {"heads": Fraction(1)}, ("heads",))
DOUBLE = make_paytable("double", {"heads": Fraction(2)}, ("heads",))


def toss(wager: Wager[CoinRules]) -> ReturnTable:
    """One coin: heads wins the pay, tails loses."""
    table = wager.paytable or EVEN
    rows = (Row("heads", table["heads"], 1), Row("tails", Fraction(-1), 1))
    return ReturnTable("coin", "toss", rows, table, options_dict(wager.rules))


@dataclass(frozen=True)
class CoinSimulator:
    """Heads with probability ``heads``, settled at ``pays`` (times ``scale``)."""

    heads: float = 0.5
    pays: int = 1
    outcomes: tuple[str, ...] = ("heads", "tails")
    scale: int = 1
    initial_wager: Fraction = Fraction(1)

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        row = (rng.random(hands) >= self.heads).astype(np.int64)
        return row, np.where(row == 0, self.pays, -1).astype(np.int64)


def coin(analyze: Callable[[Wager[CoinRules]], ReturnTable] = toss,
         simulator: CoinSimulator | None = None,
         rules: type[CoinRules] = CoinRules) -> Game[CoinRules]:
    simulate = None if simulator is None else (lambda wager: simulator)
    bet = Bet("toss", "heads wins", analyze, ("heads",), {"even": EVEN, "double": DOUBLE},
              "even", simulate=simulate)
    return Game("coin", "A coin toss", rules, (bet,))


def test_a_game_that_keeps_every_contract_passes() -> None:
    check_game(coin(simulator=CoinSimulator()))
    check_game(coin())                   # no simulate hook: the simulation check is skipped


def counted_as(count: object) -> Callable[[Wager[CoinRules]], ReturnTable]:
    def analyze(wager: Wager[CoinRules]) -> ReturnTable:
        table = toss(wager)
        rows = (dataclasses.replace(table.rows[0], combinations=count),  # type: ignore[arg-type]
                *table.rows[1:])
        return dataclasses.replace(table, rows=rows)
    return analyze


def named(game: str) -> Callable[[Wager[CoinRules]], ReturnTable]:
    def analyze(wager: Wager[CoinRules]) -> ReturnTable:
        return dataclasses.replace(toss(wager), game=game)
    return analyze


def more_deals_when_doubled(wager: Wager[CoinRules]) -> ReturnTable:
    table = toss(wager)
    if wager.paytable != DOUBLE:
        return table
    return dataclasses.replace(table, rows=tuple(dataclasses.replace(row, combinations=2)
                                                 for row in table.rows))


@dataclass(frozen=True)
class NoValidation(CoinRules):
    """Rules that skip the check of their options' ranges."""

    def __post_init__(self) -> None:
        pass


@dataclass(frozen=True)
class RefusesFour(CoinRules):
    """Rules that refuse a value their option declares."""

    side: str = option("left", "the side tossed from", choices=("left", "right"))

    def __post_init__(self) -> None:
        super().__post_init__()
        if self.side == "right":
            raise OptionError("The option side=right is not played.")


@pytest.mark.parametrize("game, contract, said", [
    (coin(counted_as(1.0)), "tables_add_up", "the count of 'heads' is 1.0, not a whole number"),
    (coin(named("dice")), "tables_add_up", "the table says it is dice toss"),
    (coin(more_deals_when_doubled), "paytables_analysable",
     "the toss bet's pay table 'double' counts 4 deals, the default table 2"),
    (coin(rules=RefusesFour), "options_accepted", "the option side=right is refused"),
    (coin(rules=NoValidation), "bad_options_refused", "the option coins=0 is accepted"),
    (coin(simulator=CoinSimulator(heads=0.6)), "simulation_agrees",
     "'heads' came up"),
    (coin(simulator=CoinSimulator(pays=2)), "simulation_agrees", "settles heads unlike the table"),
], ids=["float-count", "wrong-game", "cycle-changes", "choice-refused", "range-unchecked",
        "biased", "wrong-pay"])
def test_a_broken_contract_is_named(game: Game[CoinRules], contract: str, said: str) -> None:
    with pytest.raises(AssertionError, match=f"coin: the contract '{contract}' fails") as failed:
        check_game(game, report=False)
    assert said in str(failed.value)


def test_a_game_is_given_by_object_name_or_path() -> None:
    with pytest.raises(TypeError, match="a Game, a game's name or a bet file's path"):
        check_game(42, report=False)                                  # type: ignore[arg-type]
    assert [check.game for check in game_checks("tcp", report=False)][0] == "three-card-poker"
    assert game_checks(BET_FILES[0])[0].game == str(BET_FILES[0])
