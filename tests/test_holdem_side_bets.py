"""Ultimate Texas Hold'em's Trips and progressive side bets, and the ``edge hands`` command."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from edge import analyze
from edge.cli import main
from edge.errors import EdgeError, PayTableError
from edge.games import get_game
from edge.games.ultimate_texas_holdem.solve.side_bets import (
    PROGRESSIVE_PRESETS,
    ProgressiveTable,
    break_even_meter,
    load_progressive,
    make_progressive,
)

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

# Published class counts (Wikipedia "Poker probability", docs/references.md), best first.
SEVEN_CARD_COUNTS = {
    "royal-flush": 4_324, "straight-flush": 37_260, "four-of-a-kind": 224_848,
    "full-house": 3_473_184, "flush": 4_047_644, "straight": 6_180_020,
    "three-of-a-kind": 6_461_620, "two-pair": 31_433_400, "pair": 58_627_800,
    "high-card": 23_294_460,
}
FIVE_CARD_COUNTS = {
    "royal-flush": 4, "straight-flush": 36, "four-of-a-kind": 624, "full-house": 3_744,
    "flush": 5_108, "straight": 10_200, "three-of-a-kind": 54_912, "two-pair": 123_552,
    "pair": 1_098_240, "high-card": 1_302_540,
}
TRIPS_CLASSES = ("royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush",
                 "straight", "three-of-a-kind")


def expected_from_published(pays: dict[str, Fraction], counts: dict[str, int]) -> Fraction:
    """Expected net result per unit from published counts: paying classes win, others lose."""
    total = sum(counts.values())
    return sum((pays.get(name, Fraction(-1)) * count for name, count in counts.items()),
               Fraction(0)) / total


@pytest.mark.parametrize("label", ["50-40-30-8-7-4-3", "50-40-30-8-6-5-3", "50-40-30-9-7-4-3"])
def test_trips_against_published_counts(label: str) -> None:
    table = analyze("uth", "trips", label)
    pays = dict(zip(TRIPS_CLASSES, (Fraction(int(p)) for p in label.split("-")), strict=True))
    assert table.cycle == comb(52, 7)
    assert table.expected_return == expected_from_published(pays, SEVEN_CARD_COUNTS)


def test_trips_default_house_edge_published() -> None:
    # Wizard of Odds, Ultimate Texas Hold'em, Trips 50-40-30-8-7-4-3: house edge 3.50%
    table = analyze("ultimate-texas-holdem", "trips")
    assert table.paytable is not None and table.paytable.name == "50-40-30-8-7-4-3"
    assert round(float(table.house_edge) * 100, 2) == 3.50
    assert [row.outcome for row in table.rows] == list(TRIPS_CLASSES) + ["lose"]


def test_trips_toml_file(tmp_path: Path) -> None:
    file = tmp_path / "trips.toml"
    file.write_text('name = "house"\n[pays]\nroyal-flush = 100\nstraight-flush = 40\n'
                    "four-of-a-kind = 30\nfull-house = 8\nflush = 7\nstraight = 4\n"
                    "three-of-a-kind = 3\n", encoding="utf-8")
    table = analyze("uth", "trips", str(file))
    default = analyze("uth", "trips")
    assert table.expected_return - default.expected_return == Fraction(50 * 4_324, comb(52, 7))
    file.write_text("[pays]\nroyal-flush = 100\n", encoding="utf-8")
    with pytest.raises(PayTableError, match="no pay for"):
        analyze("uth", "trips", str(file))


def test_progressive_example_at_meter() -> None:
    table = analyze("uth", "progressive", options={"meter": "25000"})
    example = PROGRESSIVE_PRESETS["example"]
    assert isinstance(example, ProgressiveTable)
    assert example.cards == "hole-and-flop"
    assert table.cycle == comb(52, 5)
    pays = {"royal-flush": Fraction(25_000), "straight-flush": Fraction(2_500),
            "four-of-a-kind": Fraction(300), "full-house": Fraction(50), "flush": Fraction(40),
            "straight": Fraction(30), "three-of-a-kind": Fraction(9)}
    assert table.expected_return == expected_from_published(pays, FIVE_CARD_COUNTS)
    assert any("EXAMPLE" in note for note in table.notes)


def test_break_even_meter() -> None:
    example = PROGRESSIVE_PRESETS["example"]
    assert isinstance(example, ProgressiveTable)
    even = break_even_meter(example)
    assert even is not None
    # independently: E(meter) is linear; solve from the published 5-card counts
    fixed = {"four-of-a-kind": 300, "full-house": 50, "flush": 40, "straight": 30,
             "three-of-a-kind": 9, "royal-flush": 0, "straight-flush": 0}
    base = sum(fixed.get(name, -1) * count for name, count in FIVE_CARD_COUNTS.items())
    slope = FIVE_CARD_COUNTS["royal-flush"] + Fraction(1, 10) * FIVE_CARD_COUNTS["straight-flush"]
    assert even == Fraction(-base) / slope
    assert analyze("uth", "progressive", options={"meter": str(even)}).expected_return == 0
    text = analyze("uth", "progressive").notes[1]
    assert f"exactly {even.numerator}/{even.denominator}" in text


def test_progressive_all_seven_and_wager(tmp_path: Path) -> None:
    file = tmp_path / "seven.toml"
    file.write_text('cards = "all-seven"\nwager = 2\n[pays]\nfull-house = 20\n'
                    '[meter]\nroyal-flush = "50%"\n', encoding="utf-8")
    table = analyze("uth", "progressive", str(file), {"meter": "100000"})
    assert table.cycle == comb(52, 7)
    pays = {"royal-flush": Fraction(25_000), "full-house": Fraction(10)}
    assert table.expected_return == expected_from_published(pays, SEVEN_CARD_COUNTS)
    assert table.options["cards"] == "all-seven"


@pytest.mark.parametrize(("text", "message"), [
    ("[pays]\nroyal = 5\n", "Unknown outcome 'royal'"),
    ('cards = "six"\n[pays]\nflush = 5\n', "cards 'six'"),
    ('[meter]\nroyal-flush = "120%"\n', "at most 100%"),
    ("colour = 1\n[pays]\nflush = 5\n", "Unknown key 'colour'"),
    ("[pays]\nflush = -5\n", "cannot be negative"),
    ("wager = 0\n[pays]\nflush = 5\n", "more than 0"),
    ("name = 'x'\n", "pays nothing"),
    ("[pays\n", "not valid TOML"),
])
def test_bad_progressive_files(tmp_path: Path, text: str, message: str) -> None:
    file = tmp_path / "bad.toml"
    file.write_text(text, encoding="utf-8")
    with pytest.raises(PayTableError, match=message):
        load_progressive(file)


def test_progressive_table_by_label_and_bad_names() -> None:
    bet = get_game("uth").bet("progressive")
    example = PROGRESSIVE_PRESETS["example"]
    assert bet.paytable(example.label()) is example
    with pytest.raises(PayTableError, match="Unknown progressive table"):
        bet.paytable("nonesuch")
    with pytest.raises(PayTableError, match="does not exist"):
        bet.paytable("missing.toml")
    with pytest.raises(EdgeError, match="meter"):
        analyze("uth", "progressive", options={"meter": "-1"})
    shares_only = make_progressive("shares", {}, {"royal-flush": 1})
    assert shares_only.label() == "meter 100% on hole-and-flop"


def run_game_command(name: str, argv: list[str]) -> int:
    """Run one of Ultimate Texas Hold'em's own commands (``edge NAME ARGV``)."""
    command = next(c for c in get_game("uth").commands if c.name == name)
    parser = argparse.ArgumentParser(prog=f"edge {name}")
    command.arguments(parser)
    return command.run(parser.parse_args(argv))


def test_hands_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_game_command("hands", ["holdem"]) == 0
    out = capsys.readouterr().out
    for count in ("4,324", "37,260", "133,784,560", "2,598,960", "1,302,540"):
        assert count in out
    assert run_game_command("hands", ["holdem", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["royal-flush"]["seven_cards"] == 4324
    assert sum(row["five_cards"] for row in data.values()) == 2598960
    assert run_game_command("hands", ["holdem", "--format", "markdown"]) == 0
    assert "\n| class " in capsys.readouterr().out
    for fmt in ("html", "latex", "csv"):          # the formats every command takes
        assert run_game_command("hands", ["holdem", "--format", fmt]) == 0
        assert "4,324" in capsys.readouterr().out


def test_cli_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "uth", "--bet", "progressive", "--set", "meter=25000"]) == 0
    assert "Break-even meter" in capsys.readouterr().out
    assert main(["table", "uth", "--bet", "trips", "--paytable", "50-40-30-8-6-5-3"]) == 0
    assert main(["table", "uth", "--bet", "trips", "--paytable", "1-2-3"]) == 2
    assert "The trips wager has 7 outcomes" in capsys.readouterr().err
