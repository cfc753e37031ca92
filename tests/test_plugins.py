"""Games from other packages: the registry keeps working around a broken or clashing plug-in,
``edge.get_include()`` finds the public evaluator declarations, and the report's Method section
states only the independent checks a game has.

The plug-ins are simulated: ``edge.games.registry.entry_points`` is replaced by one returning
hand-made entry points, whose targets live in a module made here (``sys.modules``), and the
registry is emptied around each test.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from importlib.metadata import EntryPoint
from pathlib import Path

import numpy as np
import pytest

import edge
from edge import games
from edge.cli import main
from edge.document.document import Items, Paragraph, Preformatted, Table
from edge.games import (
    PUBLISHED_FIGURES,
    SMALL_CASES,
    Bet,
    Game,
    Rules,
    Wager,
    registry,
)
from edge.options import options_dict
from edge.paytables import make_paytable
from edge.report.build import make_report
from edge.report.front import checks_statement, sources_statement
from edge.sampling import IntArray
from edge.table import ReturnTable, Row

MODULE = "edge_test_plugins"


@dataclass(frozen=True)
class CoinRules(Rules):
    """A coin toss: no options."""


PAYTABLE = make_paytable("even", {"heads": Fraction(1)}, ("heads",))


def analyze(wager: Wager[CoinRules], bet: str = "toss") -> ReturnTable:
    table = wager.paytable or PAYTABLE
    rows = (Row("heads", table["heads"], 1), Row("tails", Fraction(-1), 1))
    return ReturnTable("coin", bet, rows, table, options_dict(wager.rules), title="A coin toss")


def analyze_again(wager: Wager[CoinRules]) -> ReturnTable:
    return analyze(wager, "toss-again")


def coin(name: str, aliases: tuple[str, ...] = (), checks: tuple[str, ...] = ()) -> Game[CoinRules]:
    """A one-wager game with no simulate hook."""
    return Game(name, f"Coin toss {name}", CoinRules,
                (Bet("toss", "heads wins", analyze, ("heads",), {"even": PAYTABLE}, "even"),),
                aliases=aliases, checks=checks)


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[EntryPoint]]:
    """The entry points the registry will find (append to the list), on an empty registry."""
    module = types.ModuleType(MODULE)
    module.COIN = coin("coin", ("heads-or-tails",))                     # type: ignore[attr-defined]
    module.NOT_A_GAME = 42                                               # type: ignore[attr-defined]
    module.TAKES_TCP = coin("coin-two", ("tcp",))                        # type: ignore[attr-defined]
    module.TAKES_A_NAME = coin("triple-bet")                             # type: ignore[attr-defined]
    module.TAKES_COINS_ALIAS = coin("coin-three", ("heads-or-tails",))   # type: ignore[attr-defined]
    module.ITS_NAME_IS_AN_ALIAS = coin("uth")                            # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, MODULE, module)
    points: list[EntryPoint] = []

    def found(*, group: str) -> list[EntryPoint]:
        assert group == games.ENTRY_POINT_GROUP
        return list(points)

    monkeypatch.setattr(registry, "entry_points", found)
    monkeypatch.setattr(registry, "_registry", None)
    monkeypatch.setattr(registry, "_plugins", None)
    yield points
    # the next test reads the real entry points again
    registry._registry = registry._plugins = None


def point(name: str, attribute: str, module: str = MODULE) -> EntryPoint:
    return EntryPoint(name, f"{module}:{attribute}", games.ENTRY_POINT_GROUP)


def warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("edge: warning:")]


BUILT_IN = {"triple-bet", "three-card-poker", "double-hand-poker", "ultimate-texas-holdem",
            "baccarat"}


def test_a_plugin_is_registered_with_its_aliases(plugins: list[EntryPoint],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    plugins.append(point("coin", "COIN"))
    assert set(games.all_games()) == BUILT_IN | {"coin"}
    assert games.get_game("heads-or-tails").name == "coin"
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("target, said", [
    (("no_such_module_for_edge_tests", "GAME"), "could not be loaded: No module named "
     "'no_such_module_for_edge_tests'"),
    ((MODULE, "NO_SUCH_ATTRIBUTE"), "could not be loaded"),
    ((MODULE, "NOT_A_GAME"), "is not an edge.games.Game (it is a int)"),
])
def test_a_plugin_that_fails_to_load_is_one_warning(plugins: list[EntryPoint],
                                                     capsys: pytest.CaptureFixture[str],
                                                     target: tuple[str, str],
                                                     said: str) -> None:
    module, attribute = target
    plugins += [point("broken", attribute, module), point("coin", "COIN")]
    registered = games.all_games()
    assert set(registered) == BUILT_IN | {"coin"}          # every other game is still there
    lines = warnings(capsys.readouterr().err)
    assert len(lines) == 1
    assert f"'broken' ({module}:{attribute})" in lines[0] and said in lines[0]
    assert "left out" in lines[0]
    # warned once per process, not on every lookup
    games.get_game("coin")
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("attribute, clash", [
    ("TAKES_TCP", "its alias 'tcp' is already the game 'three-card-poker''s"),
    ("TAKES_A_NAME", "its name 'triple-bet' is already the game 'triple-bet''s"),
    ("ITS_NAME_IS_AN_ALIAS", "its name 'uth' is already the game 'ultimate-texas-holdem''s"),
    ("TAKES_COINS_ALIAS", "its alias 'heads-or-tails' is already the game 'coin''s"),
])
def test_a_clashing_name_or_alias_is_refused(plugins: list[EntryPoint],
                                             capsys: pytest.CaptureFixture[str],
                                             attribute: str, clash: str) -> None:
    plugins += [point("coin", "COIN"), point("clash", attribute)]
    registered = games.all_games()
    assert set(registered) == BUILT_IN | {"coin"}
    # the names keep meaning what they meant
    assert games.get_game("tcp").name == "three-card-poker"
    assert games.get_game("triple-bet").title == "Hybrid Triple Bet"
    assert games.get_game("heads-or-tails").name == "coin"
    lines = warnings(capsys.readouterr().err)
    assert len(lines) == 1 and clash in lines[0] and f"({MODULE}:{attribute})" in lines[0]


def test_the_command_line_works_past_a_broken_plugin(plugins: list[EntryPoint],
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    plugins += [point("broken", "GAME", "no_such_module_for_edge_tests"), point("coin", "COIN")]
    assert main(["games"]) == 0
    out, err = capsys.readouterr()
    assert "coin" in out and "triple-bet" in out
    assert len(warnings(err)) == 1 and "edge: error" not in err
    assert main(["table", "coin"]) == 0
    assert main(["table", "triple-bet", "--bet", "flush", "--set", "decks=1"]) == 0


def test_get_include_holds_the_public_declarations() -> None:
    folder = Path(edge.get_include())
    declarations = folder / "edge" / "_core.pxd"
    assert declarations.is_file()
    text = declarations.read_text(encoding="utf-8")
    for name in ("cy_holdem_tables", "cy_evaluate_mask", "cy_hand_class", "HoldemTables"):
        assert name in text
    assert (folder / "edge" / "__init__.py").is_file()     # a package Cython can cimport from


# --- the report's Method section -------------------------------------------------------------
def method_items(game: Game[CoinRules]) -> list[str]:
    report = make_report(game, environment=False)          # type: ignore[arg-type]
    method = next(part for part in report.sections if part.title == "Method")
    return [text for block in method.blocks if isinstance(block, Items)
            for text in block.items if isinstance(text, str)]


def test_the_method_claims_no_check_a_game_lacks() -> None:
    items = method_items(coin("coin"))
    text = " ".join(items)
    assert "simulation" not in text
    assert "compared with" not in text
    assert "plain enumeration" not in text and "published figures where" not in text
    assert ("Independent checks: none is stated for this game; its figures rest on the "
            "enumeration alone.") in items
    # edge's documents of rules and published figures cover its own games, not this one
    assert "not one of edge's own" in items[-1] and "Rules of the games" not in items[-1]


def test_the_method_states_the_checks_a_game_declares() -> None:
    items = method_items(coin("coin", checks=(PUBLISHED_FIGURES,)))
    assert "Independent checks: every count is compared with published figures where they " \
           "exist." in items
    assert "simulation" not in " ".join(items)


def test_the_simulation_is_claimed_for_the_wagers_that_have_one() -> None:
    def simulate(wager: Wager[CoinRules]) -> object:
        raise AssertionError("the statement does not run the simulation")

    game = coin("coin", checks=(SMALL_CASES,))
    simulated = Bet("toss-again", "heads wins", analyze, ("heads",), {"even": PAYTABLE},
                    "even", simulate=simulate)                  # type: ignore[arg-type]
    both = Game(game.name, game.title, game.rules, (*game.bets, simulated),
                checks=game.checks)
    assert checks_statement(both) == (                           # type: ignore[arg-type]
        "Independent checks: every count is compared with a plain enumeration on cases small "
        "enough to run both and with a simulation that deals and settles rounds by its own "
        "code (the toss-again wager).")
    every = Game(game.name, game.title, game.rules, (simulated,), checks=game.checks)
    assert checks_statement(every).endswith(                     # type: ignore[arg-type]
        "and with a simulation that deals and settles rounds by its own code.")


@dataclass(frozen=True)
class CoinSimulator:
    """A fair coin tossed by numpy: row 0 heads (+1), row 1 tails (-1)."""

    outcomes: tuple[str, ...] = ("heads", "tails")
    scale: int = 1
    initial_wager: Fraction = Fraction(1)

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        row = rng.integers(0, 2, size=hands, dtype=np.int64)
        return row, 1 - 2 * row


def simulate_coin(wager: Wager[CoinRules]) -> CoinSimulator:
    return CoinSimulator()


@pytest.mark.parametrize("environment", [False, True])
def test_only_the_wagers_with_a_simulation_are_verified_by_one(plugins: list[EntryPoint],
                                                               environment: bool) -> None:
    game = coin("coin")
    simulated = Bet("toss-again", "heads wins", analyze_again, ("heads",), {"even": PAYTABLE},
                    "even", simulate=simulate_coin)
    both = Game(game.name, game.title, game.rules, (*game.bets, simulated))
    vars(sys.modules[MODULE])["BOTH"] = both      # the simulation finds the game by its name
    plugins.append(point("coin", "BOTH"))
    report = make_report(both, environment=environment)          # type: ignore[arg-type]
    method = next(part for part in report.sections if part.title == "Method")
    items = [text for block in method.blocks if isinstance(block, Items) for text in block.items]
    assert any(isinstance(text, str) and "(the toss-again wager)" in text for text in items)
    verification = next(part for part in report.sections
                        if part.title == "Verification by simulation")
    commands = [block for block in verification.blocks if isinstance(block, Preformatted)]
    assert len(commands) == 1
    assert "--bet toss-again" in commands[0].text and "--bet toss " not in commands[0].text
    said = next(block for block in verification.blocks if isinstance(block, Paragraph))
    assert said.text.startswith("The toss-again wager (the only one with a simulation)")
    if environment:
        table = next(block for block in verification.blocks if isinstance(block, Table))
        assert [row[0] for row in table.rows] == ["toss-again"]
        assert table.rows[0][-1] == "agrees"


def test_the_built_in_games_state_all_three_checks() -> None:
    # a game written as bet files (baccarat) states the check of every bet file's analysis
    # too, and that its simulation settles by the files' own conditions
    for game in games.builtin_games().values():
        assert "Rules of the games" in sources_statement(game)
        said = checks_statement(game)
        assert ("a plain enumeration on cases small enough to run both, with published "
                "figures where they exist") in said
        if game.settlement:
            assert said.endswith("and settles them by the bet file's own conditions, the same "
                                 "as the enumeration's (it checks the dealing, the shoe's "
                                 "weights and the counting, not the conditions themselves).")
        else:
            assert said == (
                "Independent checks: every count is compared with a plain enumeration on cases "
                "small enough to run both, with published figures where they exist, and with a "
                "simulation that deals and settles rounds by its own code.")
