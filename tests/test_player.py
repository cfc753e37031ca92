"""What the player knows and how they play is a typed part of the contract (issue 26, item 2):
a game declares the strategies and exposures it supports, every hook receives one typed
:class:`~edge.games.Wager` with its :class:`~edge.player.Player`, and the one dispatch "is
anything seen? then the exposed hook" is the bet's, not each hook's."""

from __future__ import annotations

import ast
import dataclasses
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from pathlib import Path

import pytest

from edge.cli import main
from edge.games import Bet, Exposed, Game, Rules, Wager, get_game
from edge.options import option, options_dict
from edge.paytables import make_paytable
from edge.player import Player
from edge.protection import Protection, Scenario
from edge.strategies import PlayerStrategy
from edge.table import ReturnTable, Row

ROOT = Path(__file__).resolve().parent.parent


class Seen(StrEnum):
    NONE = "none"
    ONE = "one"


@dataclass(frozen=True)
class SeeingRules(Rules):
    seen: Seen = option(Seen.NONE, "cards seen", quiet_default=True)


OUTCOMES = ("win",)
PRESETS = {"even": make_paytable("even", {"win": 1}, OUTCOMES)}
SCENARIOS = (Scenario("one", "one dealer card", "before the raise", 3),)


def table(bet: str, wins: int, rules: Rules) -> ReturnTable:
    rows = (Row("win", Fraction(1), wins), Row("lose", Fraction(-1), 10 - wins))
    return ReturnTable("seeing", bet, rows, PRESETS["even"], options_dict(rules))


def seeing_game(asked: list[tuple[str, Wager[SeeingRules]]]) -> Game[SeeingRules]:
    """A game whose plain hook wins 4 deals in 10 and whose exposed hook wins 7, each noting
    the wager it was asked about."""
    def plain(wager: Wager[SeeingRules]) -> ReturnTable:
        asked.append(("plain", wager))
        return table("ante", 4, wager.rules)

    def exposed(wager: Wager[SeeingRules]) -> ReturnTable:
        asked.append(("exposed", wager))
        return table("ante", 7, wager.rules)

    return Game("seeing", "Seeing", SeeingRules,
                (Bet("ante", "ante", plain, OUTCOMES, PRESETS, "even",
                     exposed=Exposed(exposed, rules_of_play=lambda wager: ["raise"])),),
                protection=Protection("ante", SCENARIOS))


def test_the_dispatch_goes_to_the_exposed_hook_when_the_player_sees_cards() -> None:
    asked: list[tuple[str, Wager[SeeingRules]]] = []
    game = seeing_game(asked)
    dealt = game.analyze("ante", None, SeeingRules())
    seen = game.analyze("ante", None, SeeingRules(seen=Seen.ONE))
    assert [kind for kind, _ in asked] == ["plain", "exposed"]
    assert (dealt.rows[0].combinations, seen.rows[0].combinations) == (4, 7)
    # the hooks receive the typed player: nothing seen, then the declared scenario
    assert asked[0][1].player == Player() and not asked[0][1].player.exposed
    assert asked[1][1].player.scenario == SCENARIOS[0] and asked[1][1].player.seen == "one"
    bet = game.bet("ante")
    assert bet.rules_of_play(game.wager(None, SeeingRules())) == []
    assert bet.rules_of_play(game.wager(None, SeeingRules(seen=Seen.ONE))) == ["raise"]
    # a hook the exposed ones leave out is the wager's own (no simulator here at all)
    assert bet.simulator(game.wager(None, SeeingRules(seen=Seen.ONE))) is None


def test_a_game_declares_its_exposures_with_their_hooks_and_option() -> None:
    asked: list[tuple[str, Wager[SeeingRules]]] = []
    game = seeing_game(asked)
    with pytest.raises(TypeError, match="declares no protection"):
        dataclasses.replace(game, protection=None)
    plain = dataclasses.replace(game.bets[0], exposed=None)
    with pytest.raises(TypeError, match="needs exposed hooks"):
        dataclasses.replace(game, bets=(plain,))


@pytest.mark.parametrize("name", ["three-card-poker", "double-hand-poker",
                                  "ultimate-texas-holdem"])
def test_every_built_in_exposure_is_a_declared_scenario_with_exposed_hooks(name: str) -> None:
    game = get_game(name)
    assert game.protection is not None
    bet = game.bet(game.protection.bet)
    assert bet.exposed is not None and bet.exposed.rules_of_play is not None
    for scenario in game.protection.scenarios:
        player = game.player(game.make_rules({"seen": scenario.name}))
        assert player.scenario == scenario and player.follows_solve
    assert game.player(game.make_rules()).scenario is None
    assert game.strategy_type is not None
    assert isinstance(game.player(game.make_rules()).strategy, game.strategy_type)


def test_the_player_names_the_strategy_chosen() -> None:
    game = get_game("three-card-poker")
    player = game.player(game.make_rules({"strategy": "mimic"}))
    assert isinstance(player.strategy, PlayerStrategy) and player.choice == "mimic"
    assert player.decides and not player.follows_solve and not player.exposed
    triple = get_game("triple-bet")
    assert triple.player(triple.make_rules()) == Player()        # no decision, nothing seen
    assert triple.strategy_type is None and triple.protection is None


def test_a_game_without_exposures_refuses_seen_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "triple-bet", "--set", "seen=dealer-1"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("edge: error: Unknown option 'seen'")


def test_a_game_without_decisions_refuses_a_strategy_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "triple-bet", "--strategy", "optimal"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "has no player decisions" in err


def test_no_hook_asks_the_rules_what_is_seen_to_choose_its_path() -> None:
    """The games' hooks hold no ``if rules.seen is (not) Seen.NONE`` (nor ``rules.exposed``):
    the bet's dispatch chooses the exposed hooks; a rules class may still refuse a
    combination."""
    found = []
    for path in sorted((ROOT / "edge" / "games").rglob("*.py")):
        if path.name == "rules.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare) and any(
                    isinstance(side, ast.Attribute) and side.attr == "NONE"
                    and isinstance(side.value, ast.Name) and side.value.id == "Seen"
                    for side in node.comparators):
                left = node.left
                if isinstance(left, ast.Attribute) and left.attr == "seen" and isinstance(
                        left.value, ast.Name) and left.value.id == "rules":
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_the_cli_and_the_report_ask_the_player_not_the_rules_by_name() -> None:
    for name in ("edge/cli.py", "edge/report/sections.py", "edge/report/build.py",
                 "edge/simulation/verification.py"):
        text = (ROOT / name).read_text(encoding="utf-8")
        for name_of in ('"strategy"', '"seen"'):
            assert f"getattr(rules, {name_of}" not in text
            assert f"getattr(context.rules, {name_of}" not in text
