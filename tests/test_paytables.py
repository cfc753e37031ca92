"""Pay tables: presets, TOML files, and validation errors that name the bad value."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from edge import analyze
from edge.errors import EdgeError, PayTableError
from edge.games.triple_bet.pays import FLUSH_OUTCOMES, PRESETS
from edge.paytables import (
    PayTable,
    format_pay,
    load_paytable,
    make_paytable,
    parse_pay,
    resolve_paytable,
)

USUAL_FLUSH = {"flush-pair": 8, "flush-high": 3, "flush-low": 2}


def write(tmp_path: Path, text: str, name: str = "pays.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_usual_presets_are_the_seed_tables() -> None:
    # Seed 000, "Usual odds paid".
    assert PRESETS["flush"]["usual"].label() == "8-3-2"
    assert PRESETS["sandwich"]["usual"].label() == "15-7-1-1"
    assert PRESETS["block"]["usual"].label() == "35-10-5-2"
    assert PRESETS["combined"]["usual"]["block.ultimate"] == 35


@pytest.mark.parametrize(("value", "pay"), [
    (8, Fraction(8)), (Fraction(5, 2), Fraction(5, 2)), (1.5, Fraction(3, 2)),
    ("3/2", Fraction(3, 2)), ("3:2", Fraction(3, 2)),
    ("8 to 1", Fraction(8)), (" 0 ", Fraction(0)), (0.1, Fraction(1, 10)),
])
def test_parse_pay_is_exact(value: object, pay: Fraction) -> None:
    assert parse_pay(value, "flush-pair", "here") == pay


@pytest.mark.parametrize(("value", "named"), [
    (-1, "-1"), ("-3/2", "'-3/2'"), ("eight", "'eight'"), (True, "True"), ([8], "[8]"),
    ("3:0", "'3:0'"), (float("nan"), "nan"), (float("inf"), "inf"), ("", "''"),
])
def test_bad_pays_are_refused(value: object, named: str) -> None:
    with pytest.raises(PayTableError, match="flush-pair") as error:
        parse_pay(value, "flush-pair", "here")
    assert named in str(error.value)


def test_make_paytable_names_unknown_and_missing_outcomes() -> None:
    table = make_paytable("mine", USUAL_FLUSH, FLUSH_OUTCOMES)
    assert table.as_dict() == {k: Fraction(v) for k, v in USUAL_FLUSH.items()}
    with pytest.raises(PayTableError, match="'flush-royal'"):
        make_paytable("mine", {**USUAL_FLUSH, "flush-royal": 50}, FLUSH_OUTCOMES)
    with pytest.raises(PayTableError, match="'flush-low'"):
        make_paytable("mine", {"flush-pair": 8, "flush-high": 3}, FLUSH_OUTCOMES)
    with pytest.raises(PayTableError, match="'flush-high'.*'x'"):
        make_paytable("mine", {**USUAL_FLUSH, "flush-high": "x"}, FLUSH_OUTCOMES)


def test_paytable_lookup_label_and_replace() -> None:
    table = PayTable("t", (("a", Fraction(3, 2)), ("b", Fraction(1))))
    assert list(table) == ["a", "b"]
    assert table.label() == "3/2-1"
    assert table["a"] == Fraction(3, 2)
    with pytest.raises(PayTableError, match="'c'"):
        table["c"]
    assert table.replace("u", a=Fraction(2)).as_dict() == {"a": 2, "b": 1}
    with pytest.raises(PayTableError, match="'c'"):
        table.replace("u", c=Fraction(2))
    assert format_pay(Fraction(7)) == "7" and format_pay(Fraction(6, 5)) == "6/5"


def test_load_toml(tmp_path: Path) -> None:
    path = write(tmp_path, 'name = "generous"\ndescription = "x"\n[pays]\n'
                           'flush-pair = 10\nflush-high = 3.5\nflush-low = "5/2"\n')
    table = load_paytable(path, FLUSH_OUTCOMES)
    assert table.name == "generous"
    assert table.as_dict() == {"flush-pair": 10, "flush-high": Fraction(7, 2),
                               "flush-low": Fraction(5, 2)}
    # the file name is the default name
    text = "[pays]\nflush-pair = 8\nflush-high = 3\nflush-low = 2\n"
    path = write(tmp_path, text, "my_pays.toml")
    assert load_paytable(path, FLUSH_OUTCOMES).name == "my_pays"


def test_load_nested_toml_for_the_combined_bet(tmp_path: Path) -> None:
    path = write(tmp_path, "[pays.flush]\nflush-pair = 8\nflush-high = 3\nflush-low = 2\n"
                           "[pays.sandwich]\ntriple-sandwich = 15\nstraight-sandwich = 7\n"
                           "sandwich = 1\nmatch = 1\n"
                           "[pays.block]\nultimate = 35\npair-block = 10\nflush-block = 5\n"
                           "block = 2\n")
    table = analyze("triple-bet", "combined", str(path), {"decks": 1})
    assert table.expected_return == analyze("triple-bet", "combined",
                                            options={"decks": 1}).expected_return


@pytest.mark.parametrize(("text", "named"), [
    ("[pays\nflush-pair = 8", "not valid TOML"),
    ("flush-pair = 8", "no [pays] table"),
    ('pays = "8-3-2"', "no [pays] table"),
    ("odds = 1\n[pays]\nflush-pair = 8\nflush-high = 3\nflush-low = 2", "'odds'"),
    ("name = 3\n[pays]\nflush-pair = 8\nflush-high = 3\nflush-low = 2", "name"),
    ("[pays]\nflush-pair = 8\nflush-high = 3", "'flush-low'"),
    ("[pays]\nflush-pair = 8\nflush-high = 3\nflush-low = 2\nflush-royal = 9", "'flush-royal'"),
    ("[pays]\nflush-pair = -8\nflush-high = 3\nflush-low = 2", "-8"),
    ("[pays]\nflush-pair = 'lots'\nflush-high = 3\nflush-low = 2", "'lots'"),
    ("[pays]\nflush-pair = true\nflush-high = 3\nflush-low = 2", "True"),
])
def test_bad_toml_files(tmp_path: Path, text: str, named: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(PayTableError) as error:
        load_paytable(path, FLUSH_OUTCOMES)
    assert named in str(error.value)
    assert "pays.toml" in str(error.value)


def test_missing_and_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(PayTableError, match="'nowhere.toml' does not exist"):
        load_paytable("nowhere.toml", FLUSH_OUTCOMES)
    folder = tmp_path / "folder.toml"
    folder.mkdir()
    with pytest.raises(PayTableError, match="cannot be read"):
        load_paytable(folder, FLUSH_OUTCOMES)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(PayTableError, match="binary.toml"):
        load_paytable(binary, FLUSH_OUTCOMES)


def test_resolve_by_name_label_file_or_default(tmp_path: Path) -> None:
    presets = PRESETS["flush"]
    usual = presets["usual"]
    assert resolve_paytable(None, presets, "usual", FLUSH_OUTCOMES) is usual
    assert resolve_paytable("usual", presets, "usual", FLUSH_OUTCOMES) is usual
    assert resolve_paytable("8-3-2", presets, "usual", FLUSH_OUTCOMES) is usual
    path = write(tmp_path, "[pays]\nflush-pair = 9\nflush-high = 3\nflush-low = 2\n")
    assert resolve_paytable(str(path), presets, "usual", FLUSH_OUTCOMES)["flush-pair"] == 9
    same = resolve_paytable(usual, presets, "usual", FLUSH_OUTCOMES)
    assert same == usual
    with pytest.raises(PayTableError, match="'generous'"):
        resolve_paytable("generous", presets, "usual", FLUSH_OUTCOMES)
    with pytest.raises(PayTableError, match="'flush-low'"):
        resolve_paytable(PayTable("short", (("flush-pair", Fraction(8)),)), presets, "usual",
                         FLUSH_OUTCOMES)


def test_errors_are_value_errors() -> None:
    assert issubclass(PayTableError, EdgeError) and issubclass(EdgeError, ValueError)
