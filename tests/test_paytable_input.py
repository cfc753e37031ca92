"""Pay tables as a user gives them (issue 14, items 1-3): typed on the command line
(``--paytable 35-20-7-4-1``), written by ``edge tune --write`` and read back, and listed by
``edge games``.

Independent checks: the Pair Plus house edges come from a plain enumeration of the 22,100
three-card hands written here, and match the figures John Grochowski published (Casino City
Times, "A rare Pair Plus payout at Three Card Poker",
https://online.casinocity.com/article/a-rare-pair-plus-payout-at-three-card-poker-124535:
40-30-5-4-1 has a 5.57% house edge, 40-30-6-3-1 7.28%, 40-30-6-4-1 2.32%); the Trips house
edges come from the seven-card hand counts published with the rules of poker (4,324 royal
flushes, 37,260 other straight flushes, 224,848 four of a kind, 3,473,184 full houses,
4,047,644 flushes, 6,180,020 straights, 6,461,620 three of a kind in C(52, 7) = 133,784,560).
"""

from __future__ import annotations

import itertools
import json
import os
import shlex
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

from edge import analyze
from edge.cli import build_parser, chosen_paytable, parse_sets
from edge.document import FORMATS
from edge.errors import PayTableError
from edge.games import all_games, get_game, resolve_paytables
from edge.options import describe
from edge.paytables import PayTable, accepted_orders, make_paytable
from edge.report import make_report

# --- independent figures -------------------------------------------------------------------


def three_card_classes() -> Counter[str]:
    """The 22,100 three-card hands by Pair Plus class, by plain enumeration (A-2-3 and
    Q-K-A are straights)."""
    deck = [(rank, suit) for rank in range(2, 15) for suit in range(4)]
    found: Counter[str] = Counter()
    for hand in itertools.combinations(deck, 3):
        ranks = sorted(rank for rank, _ in hand)
        flush = len({suit for _, suit in hand}) == 1
        straight = (len(set(ranks)) == 3 and ranks[2] - ranks[0] == 2) or ranks == [2, 3, 14]
        if straight and flush:
            found["straight-flush"] += 1
        elif len(set(ranks)) == 1:
            found["three-of-a-kind"] += 1
        elif straight:
            found["straight"] += 1
        elif flush:
            found["flush"] += 1
        elif len(set(ranks)) == 2:
            found["pair"] += 1
        else:
            found["lose"] += 1
    return found


PAIR_PLUS_ORDER = ("straight-flush", "three-of-a-kind", "straight", "flush", "pair")
SEVEN_CARD_COUNTS = {"royal-flush": 4324, "straight-flush": 37260, "four-of-a-kind": 224848,
                     "full-house": 3473184, "flush": 4047644, "straight": 6180020,
                     "three-of-a-kind": 6461620}
SEVEN_CARD_HANDS = 133784560


def edge_of(counts: Counter[str] | dict[str, int], pays: dict[str, Fraction],
            total: int) -> Fraction:
    """The house edge of a bet that pays ``pays`` to 1 on these classes and loses otherwise."""
    won = sum((counts[name] * pay for name, pay in pays.items()), Fraction(0))
    lost = total - sum(counts[name] for name in pays)
    return -(won - lost) / total


def typed(label: str, order: tuple[str, ...]) -> dict[str, Fraction]:
    return {name: Fraction(text) for name, text in zip(order, label.split("-"), strict=True)}


def preset_name(bet: str, game: str, label: str) -> str:
    """The name a typed table takes: a preset's with the same label, else the label."""
    presets = get_game(game).bet(bet).presets
    return next((name for name, table in presets.items() if table.label() == label), label)


@pytest.fixture(scope="module")
def three_cards() -> Counter[str]:
    return three_card_classes()


def test_the_enumeration_is_the_published_one(three_cards: Counter[str]) -> None:
    # Grochowski: 48 straight flushes, 52 three of a kind, 720 straights, 1,096 flushes,
    # 3,744 pairs, 16,440 losing hands
    assert three_cards == {"straight-flush": 48, "three-of-a-kind": 52, "straight": 720,
                           "flush": 1096, "pair": 3744, "lose": 16440}


@pytest.mark.parametrize(("label", "published"), [
    ("40-30-5-4-1", "5.57"), ("40-30-6-3-1", "7.28"), ("40-30-6-4-1", "2.32"),
])
def test_typed_pair_plus_is_exact_and_published(edge_cli, three_cards: Counter[str], label: str,
                                                published: str) -> None:
    result = edge_cli("table", "three-card-poker", "--bet", "pair-plus", "--paytable", label,
                      "--format", "json")
    assert result.status == 0, result.err
    data = json.loads(result.out)
    expected = edge_of(three_cards, typed(label, PAIR_PLUS_ORDER), 22100)
    assert Fraction(data["house_edge"]) == expected
    assert f"{float(expected) * 100:.2f}" == published
    assert data["paytable"]["name"] == preset_name("pair-plus", "three-card-poker", label)
    assert data["paytable"]["pays"] == {k: str(v) for k, v in
                                        typed(label, PAIR_PLUS_ORDER).items()}


def test_typed_trips_is_exact() -> None:
    label = "50-40-30-9-6-5-3"
    table = analyze("uth", "trips", label)
    pays = typed(label, tuple(SEVEN_CARD_COUNTS))
    assert table.house_edge == edge_of(SEVEN_CARD_COUNTS, pays, SEVEN_CARD_HANDS)
    assert table.paytable is not None and table.paytable.label() == label
    assert table.paytable.name == preset_name("trips", "uth", label)


# --- round trips: typed == TOML file == preset ---------------------------------------------

def toml_file(folder: Path, table: PayTable, name: str) -> Path:
    path = folder / f"{name}.toml"
    path.write_text("\n".join(table.toml_lines()) + "\n", encoding="utf-8")
    return path


def other_pays(table: PayTable) -> str:
    """A label that no preset is likely to have: the first pay plus 7/2, the rest as they are."""
    pays = [value for _, value in table.pays]
    pays[0] += Fraction(7, 2)
    return "-".join(str(value) for value in pays)


TYPED_BETS = [(game.name, bet.name) for game in all_games().values() for bet in game.bets
              if bet.outcomes and bet.typed_pays]


@pytest.mark.parametrize(("game", "bet"), TYPED_BETS)
def test_typed_pays_round_trip(tmp_path: Path, game: str, bet: str) -> None:
    found = get_game(game).bet(bet)
    for name, preset in found.presets.items():
        # a preset's label, and the same pays typed otherwise, are the preset itself
        assert found.paytable(preset.label()) is preset
        spelled = "-".join(f"{v.numerator}:{v.denominator}" for _, v in preset.pays)
        assert found.paytable(spelled) is preset, name
    default = found.paytable(None)
    assert default is not None
    label = other_pays(default)
    mine = found.paytable(label)
    assert mine is not None and mine.name == mine.label() == mine.source
    assert [pay for _, pay in mine.pays] == [Fraction(text) for text in label.split("-")]
    assert tuple(mine) in accepted_orders(found.outcomes)
    from_file = found.paytable(str(toml_file(tmp_path, mine, "mine")))
    assert from_file == mine and from_file.source != mine.source
    if game == "ultimate-texas-holdem" and bet == "main":
        return              # a new Blind table is a fresh solve: the tables are equal above
    by_typing = analyze(game, bet, label)
    assert by_typing.to_dict() == analyze(game, bet, from_file).to_dict()
    assert by_typing.to_dict() == analyze(game, bet, make_paytable(
        mine.name, mine.as_dict(), found.outcomes)).to_dict()
    assert f"pay table: {mine.label()} (" in by_typing.render("plain")


def test_fractions_and_decimals_read_exactly(edge_cli) -> None:
    outs = {spec: edge_cli("table", "triple-bet", "--bet", "flush", "--paytable", spec,
                           "--format", "json") for spec in ("9-3-5/2", "9-3-5:2", "9-3-2.5")}
    assert all(result.status == 0 for result in outs.values())
    assert len({result.out for result in outs.values()}) == 1
    data = json.loads(outs["9-3-2.5"].out)
    assert data["paytable"] == {"name": "9-3-5/2",
                                "pays": {"flush-pair": "9", "flush-high": "3",
                                         "flush-low": "5/2"}}


def test_bet_prefix_names_the_wager(edge_cli) -> None:
    plain = edge_cli("table", "three-card-poker", "--bet", "pair-plus", "--paytable",
                     "35-20-7-4-1")
    prefixed = edge_cli("table", "three-card-poker", "--bet", "pair-plus", "--paytable",
                        "pair-plus=35-20-7-4-1")
    assert plain.status == prefixed.status == 0 and plain.out == prefixed.out


def test_typed_pays_in_strategy_and_simulate(edge_cli) -> None:
    strategy = edge_cli("strategy", "three-card-poker", "--bet", "ante", "--paytable", "4-2-1")
    assert strategy.status == 0, strategy.err
    simulated = edge_cli("simulate", "three-card-poker", "--bet", "combined", "--paytable",
                         "pair-plus=40-30-7-4-1", "--hands", "20000", "--seed", "3")
    assert simulated.status == 0, simulated.err
    assert "40-30-7-4-1" in simulated.out


# --- tune -> --write -> --paytable FILE -> report ------------------------------------------

def test_tune_write_report_loop(edge_cli, tmp_path: Path, three_cards: Counter[str]) -> None:
    folder = tmp_path / "tuned"
    result = edge_cli("tune", "three-card-poker", "--bet", "pair-plus", "--target-edge",
                      "5.57%", "--vary", "straight=4..6", "--vary", "flush=3..4", "--limit", "3",
                      "--format", "json", "--write", str(folder))
    assert result.status == 0, result.err
    candidates = json.loads(result.out)["candidates"]
    files = sorted(folder.iterdir())
    assert [f"wrote {path}" for path in files] == result.err.splitlines()
    assert len(files) == len(candidates) == 3
    for path, candidate in zip(files, candidates, strict=True):
        text = path.read_text(encoding="utf-8")
        assert "# made by: edge tune three-card-poker --bet pair-plus" in text
        assert candidate["house_edge"] in text
        table = analyze("three-card-poker", "pair-plus", str(path))
        assert str(table.house_edge) == candidate["house_edge"]
        assert table.paytable is not None and table.paytable.label() in path.name
    best = files[0]
    assert best.name == "pair-plus-1-40-30-5-4-1.toml"
    # the tuned table's exact figure is the enumeration's, and Grochowski's 5.57%
    expected = edge_of(three_cards, typed("40-30-5-4-1", PAIR_PLUS_ORDER), 22100)
    assert Fraction(candidates[0]["house_edge"]) == expected

    specs = [f"pair-plus={best}", "ante=4-2-1"]
    report = make_report("three-card-poker", specs, environment=False)
    assert report.tables["pair-plus"].house_edge == expected
    text = report.render("plain")
    assert "40-30-5-4-1" in text and "4-2-1" in text
    # every command the report prints gives the report's own tables again
    game = get_game("three-card-poker")
    commands = [shlex.split(line) for line in text.splitlines()
                if line.startswith(("edge report ", "edge simulate "))]
    assert len(commands) == 4
    for argv in commands:
        args = build_parser().parse_args(argv[1:])
        rules = game.make_rules(parse_sets(args.sets))
        if args.command == "report":
            chosen = resolve_paytables(game, args.paytable)
            for bet, table in report.tables.items():
                assert game.analyze(bet, chosen[bet], rules).to_dict() == table.to_dict()
        else:
            paytable = game.bet(args.bet).paytable(
                chosen_paytable(args.game, args.bet, args.paytable))
            again = game.analyze(args.bet, paytable, rules)
            assert again.to_dict() == report.tables[args.bet].to_dict()


def test_write_is_whole_or_nothing(edge_cli, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    replace = os.replace

    def failing(source: str, target: Path) -> None:
        calls.append(target)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        replace(source, target)

    monkeypatch.setattr(os, "replace", failing)
    result = edge_cli("tune", "triple-bet", "--bet", "flush", "--target-edge", "3%",
                      "--vary", "flush-pair=7..9", "--limit", "3", "--write", str(tmp_path))
    assert result.status == 2
    assert result.err.startswith("edge: error: Cannot write the pay tables into")
    assert "No space left on device" in result.err
    left = sorted(tmp_path.iterdir())
    assert left == calls[:1]                       # the one renamed file, whole; no temporary
    assert analyze("triple-bet", "flush", str(left[0])).paytable is not None


# --- every error: one line, exit 2, naming what is wrong -----------------------------------

ERRORS = [
    (("table", "three-card-poker", "--bet", "pair-plus", "--paytable", "40-30-6-4"),
     "The pair-plus wager has 5 outcomes: straight-flush, three-of-a-kind, straight, flush, "
     "pair or 6 outcomes: mini-royal, straight-flush, three-of-a-kind, straight, flush, pair; "
     "4 pays given (40-30-6-4)."),
    (("table", "three-card-poker", "--bet", "pair-plus", "--paytable", "40-30-six-4-1"),
     "The pay for 'straight' in the typed pays '40-30-six-4-1' is 'six', not a number"),
    (("table", "three-card-poker", "--bet", "pair-plus", "--paytable", "40-30-6/0-4-1"),
     "is '6/0', not a number"),
    (("table", "three-card-poker", "--bet", "pair-plus", "--paytable", "40-30-6-4-2000000000"),
     "The pay for 'pair' in the typed pays '40-30-6-4-2000000000' is '2000000000': pays are "
     "at most"),
    (("table", "three-card-poker", "--bet", "pair-plus", "--paytable", "nonesuch"),
     "Unknown pay table 'nonesuch' for the pair-plus wager: name one of"),
    (("strategy", "three-card-poker", "--bet", "ante", "--paytable", "5-4"),
     "The ante wager has 3 outcomes: straight-flush, three-of-a-kind, straight or 4 outcomes: "
     "mini-royal, straight-flush, three-of-a-kind, straight; 2 pays given"),
    (("simulate", "three-card-poker", "--bet", "pair-plus", "--paytable", "1-1"),
     "The pair-plus wager has 5 outcomes"),
    (("tune", "three-card-poker", "--bet", "pair-plus", "--paytable", "40-30-6-4-1-1-1",
      "--target-edge", "3%", "--vary", "flush=3..4"),
     "The pair-plus wager has 5 outcomes"),
    (("table", "three-card-poker", "--bet", "pair-plus", "--paytable", "ante=5-4-1"),
     "--paytable 'ante=5-4-1' is for the ante wager, but this command is on the pair-plus "
     "wager"),
    (("report", "triple-bet", "--paytable", "15-7-2-1"),
     "The typed pays '15-7-2-1' fit several wagers of triple-bet (sandwich, block): write "
     "BET=15-7-2-1 for one of them."),
    (("report", "triple-bet", "--paytable", "1-2-3-4-5"),
     "No wager of triple-bet takes 5 typed pays (1-2-3-4-5): the wagers take flush 3, "
     "sandwich 4, block 4, combined 11"),
    (("report", "triple-bet", "--paytable", "block=35-10-x-2"),
     "The pay for 'flush-block' in the typed pays '35-10-x-2' is 'x'"),
    (("table", "uth", "--bet", "progressive", "--paytable", "300-50-40-30-9"),
     "The progressive bet takes no typed pays ('300-50-40-30-9'): its table pays fixed "
     "amounts and shares of the meter by hand class, so write it in a TOML file"),
    (("tune", "double-hand-poker", "--target-edge", "3%", "--vary", "commission=0..1",
      "--write", "out"),
     "--write writes pay tables, and the main wager of double-hand-poker has none."),
    (("tune", "triple-bet", "--target-edge", "3%", "--solve", "flush-pair", "--write", "out"),
     "--write writes the tables a --vary search lists, not a --solve."),
]


@pytest.mark.parametrize(("argv", "message"), ERRORS)
def test_errors_are_one_line(edge_cli, argv: tuple[str, ...], message: str) -> None:
    result = edge_cli(*argv)
    assert result.status == 2 and result.out == ""
    assert result.err.startswith("edge: error: ") and result.err.count("\n") == 1
    assert message in result.err


def test_file_errors(edge_cli, tmp_path: Path) -> None:
    path = tmp_path / "pays.toml"
    path.write_text('bet = "pair-plus"\n[pays]\nstraight-flush = 5\nthree-of-a-kind = 4\n'
                    'straight = 1\n', encoding="utf-8")
    result = edge_cli("table", "three-card-poker", "--bet", "ante", "--paytable", str(path))
    assert result.status == 2
    assert result.err == (f"edge: error: The pay table file {str(path)!r} is for the "
                          "pair-plus wager, not ante.\n")
    result = edge_cli("tune", "triple-bet", "--target-edge", "3%", "--vary", "flush-pair=7..9",
                      "--write", str(path))
    assert result.status == 2 and result.out == ""
    assert result.err == f"edge: error: --write {str(path)!r} is a file, not a folder.\n"
    with pytest.raises(PayTableError, match="is for the pair-plus wager, not ante"):
        resolve_paytables(get_game("three-card-poker"), [f"ante={path}"])


# --- edge games ----------------------------------------------------------------------------

def test_games_json_lists_every_bet(edge_cli) -> None:
    result = edge_cli("games", "--format", "json")
    assert result.status == 0, result.err
    listed = {game["name"]: game for game in json.loads(result.out)["games"]}
    assert list(listed) == list(all_games())
    for name, game in all_games().items():
        entry = listed[name]
        assert {"name", "title", "aliases", "source", "bets", "options"} <= set(entry)
        assert [bet["name"] for bet in entry["bets"]] == [bet.name for bet in game.bets]
        for bet, shown in zip(game.bets, entry["bets"], strict=True):
            assert shown["outcomes"] == list(bet.outcomes)
            assert shown["default_paytable"] == (bet.default_paytable if bet.outcomes
                                                 else None)
            assert [t["name"] for t in shown["paytables"]] == list(bet.presets)
            for table, preset in zip(shown["paytables"], bet.presets.values(), strict=True):
                assert table["label"] == preset.label() and table["title"] == preset.name
                assert {k: Fraction(v) for k, v in table["pays"].items()} == preset.as_dict()
                # every label listed is a valid --paytable value for its wager
                assert bet.paytable(table["label"]) == preset
        assert [(o["name"], o["default"], o["allowed"]) for o in entry["options"]] == [
            (o.name, o.default, o.allowed) for o in describe(game.rules)]
    one = edge_cli("games", "tcp", "--format", "json")
    assert [game["name"] for game in json.loads(one.out)["games"]] == ["three-card-poker"]


@pytest.mark.parametrize("fmt", FORMATS)
def test_games_every_format(edge_cli, fmt: str) -> None:
    result = edge_cli("games", "triple-bet", "--format", fmt)
    assert result.status == 0 and result.err == ""
    assert "35-10-5-2" in result.out and "flush-pair" in result.out
