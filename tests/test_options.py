"""Variant options: parsing ``--set`` values, ranges, choices, and errors naming the value."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import pytest

from edge.errors import EdgeError, OptionError
from edge.games import get_game
from edge.games.triple_bet import TripleBetRules
from edge.options import (
    describe,
    format_value,
    make_options,
    option,
    options_dict,
    parse_fraction,
    validate,
)


@dataclass(frozen=True)
class Table:
    """Every kind of option an options dataclass can have."""

    decks: int = option(6, "decks in the shoe", minimum=1, maximum=8)
    ties: str = option("smaller", "equal-value decisions", choices=("smaller", "larger"))
    forfeit: bool = option(True, "fold forfeits the side bet")
    commission: Fraction = option(Fraction(1, 20), "commission on wins",
                                  minimum=Fraction(0), maximum=Fraction(1))
    pays: Fraction = option(Fraction(7), "side bet pays", assumption=True)

    def __post_init__(self) -> None:
        validate(self)


def test_defaults_and_overrides() -> None:
    assert make_options(Table) == Table()
    made = make_options(Table, {"decks": " 8 ", "ties": "larger", "forfeit": "no",
                                "commission": "5%", "pays": "15:2"})
    assert made == Table(8, "larger", False, Fraction(1, 20), Fraction(15, 2))
    assert make_options(Table, {"commission": 0.1}).commission == Fraction(1, 10)
    assert make_options(Table, {"commission": 0}).commission == 0
    assert make_options(Table, {"decks": 2}).decks == 2


@pytest.mark.parametrize("text", ["true", "Yes", "on", "1"])
def test_true_words(text: str) -> None:
    assert make_options(Table, {"forfeit": text}).forfeit is True


@pytest.mark.parametrize("text", ["false", "No", "off", "0"])
def test_false_words(text: str) -> None:
    assert make_options(Table, {"forfeit": text}).forfeit is False


@pytest.mark.parametrize(("overrides", "named"), [
    ({"decks": "0"}, "decks=0"),
    ({"decks": "9"}, "decks=9"),
    ({"decks": "six"}, "decks='six'"),
    ({"decks": "6.5"}, "decks='6.5'"),
    ({"decks": 6.5}, "decks=6.5"),
    ({"decks": True}, "decks=True"),
    ({"ties": "middle"}, "ties='middle'"),
    ({"forfeit": "maybe"}, "forfeit='maybe'"),
    ({"forfeit": 1}, "forfeit=1"),
    ({"commission": "2"}, "commission=2"),
    ({"commission": "-1%"}, "commission=-1/100"),
    ({"commission": "lots"}, "commission='lots'"),
    ({"commission": "1/0"}, "commission='1/0'"),
    ({"colour": "red"}, "'colour'"),
])
def test_bad_values_are_named(overrides: dict[str, object], named: str) -> None:
    with pytest.raises(OptionError) as error:
        make_options(Table, overrides)
    assert named in str(error.value)


def test_dashes_in_keys() -> None:
    @dataclass(frozen=True)
    class Dashed:
        fold_forfeits: bool = option(True, "x")

    assert make_options(Dashed, {"fold-forfeits": "false"}).fold_forfeits is False


def test_validate_in_post_init() -> None:
    with pytest.raises(OptionError, match="decks=0"):
        Table(decks=0)
    with pytest.raises(OptionError, match="must be an exact number"):
        Table(commission=0.05)  # type: ignore[arg-type]


def test_triple_bet_decks() -> None:
    game = get_game("triple-bet")
    rules = game.make_rules()
    assert isinstance(rules, TripleBetRules) and rules.decks == 6
    assert game.make_rules({"decks": "1"}) == TripleBetRules(decks=1)
    for bad in ("0", "9", "-1"):
        with pytest.raises(EdgeError, match=f"decks={bad}"):
            game.make_rules({"decks": bad})
    with pytest.raises(EdgeError, match="'shoes'.*decks"):
        game.make_rules({"shoes": "2"})


def test_parse_fraction() -> None:
    assert parse_fraction("0.05", "x") == Fraction(1, 20)
    assert parse_fraction("1/20", "x") == Fraction(1, 20)
    assert parse_fraction("5 %", "x") == Fraction(1, 20)
    assert parse_fraction("3:2", "x") == Fraction(3, 2)
    with pytest.raises(OptionError, match="x='3:'"):
        parse_fraction("3:", "x")


def test_describe_and_dict() -> None:
    infos = {info.name: info for info in describe(Table)}
    assert infos["decks"].allowed == "1..8" and infos["decks"].default == "6"
    assert infos["ties"].allowed == "smaller | larger"
    assert infos["forfeit"].allowed == "true | false" and infos["forfeit"].default == "true"
    assert infos["commission"].allowed == "0..1" and infos["commission"].default == "1/20"
    assert infos["pays"].allowed == "any" and infos["pays"].assumption
    assert options_dict(Table()) == {"decks": "6", "ties": "smaller", "forfeit": "true",
                                     "commission": "1/20", "pays": "7"}
    assert format_value(False) == "false"
