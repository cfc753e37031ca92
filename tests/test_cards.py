"""Card encoding (rank * 4 + suit) and parsing with clear errors."""

from __future__ import annotations

import pytest

from edge.cards import (
    RANKS,
    SUITS,
    card,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from edge.errors import CardError, EdgeError


def test_every_card_round_trips() -> None:
    names = [rank + suit for rank in RANKS for suit in SUITS]
    assert [parse_card(name) for name in names] == list(range(52))
    for index, name in enumerate(names):
        assert format_card(index) == name
        assert card(rank_of(index), suit_of(index)) == index


@pytest.mark.parametrize(("text", "index"), [
    ("2c", 0), ("2s", 3), ("As", 51), ("ah", 50), ("td", 33), ("10h", 34), ("TD", 33),
    (" Qs ", 43), ("K♥", 46), ("3♣", 4), ("4♦", 9), ("J♠", 39),
])
def test_spellings(text: str, index: int) -> None:
    assert parse_card(text) == index


@pytest.mark.parametrize("text", ["", "A", "1s", "Ax", "AAs", "11h", "s", "10", "♠A"])
def test_bad_cards_are_named(text: str) -> None:
    with pytest.raises(CardError) as error:
        parse_card(text)
    assert repr(text) in str(error.value)
    assert isinstance(error.value, EdgeError)


def test_parse_cards() -> None:
    assert parse_cards("As Kh, 10c") == (51, 46, 32)
    assert parse_cards(["2c", "2d"]) == (0, 1)
    assert parse_cards("") == ()
    assert parse_cards("As As", distinct=False) == (51, 51)
    with pytest.raises(CardError, match="'as' appears twice"):
        parse_cards("As Kh as")


def test_format() -> None:
    assert format_cards([51, 0]) == "As 2c"
    for bad in (-1, 52):
        with pytest.raises(CardError, match=str(bad)):
            format_card(bad)
