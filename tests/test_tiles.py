"""Tile encoding and parsing for Casino Double-Hand Poker."""

from __future__ import annotations

import pytest

from edge.errors import CardError, EdgeError
from edge.games.double_hand_poker.tiles import (
    TILE_COUNT,
    TILES,
    format_tile,
    format_tiles,
    parse_tile,
    parse_tiles,
    shorten,
    tile,
    tile_numbers,
)

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels


def test_the_set_has_every_pair_of_numbers_once() -> None:
    assert TILE_COUNT == 28
    assert len(set(TILES)) == 28
    assert all(1 <= a <= b <= 7 for a, b in TILES)
    assert TILES[0] == (1, 1) and TILES[-1] == (7, 7)
    assert [tile_numbers(t) for t in range(28)] == sorted(TILES)


@pytest.mark.parametrize(("text", "numbers"), [
    ("8-8", (1, 1)), ("9-10", (2, 3)), ("10-10", (3, 3)), ("J-Q", (4, 5)), ("K-A", (6, 7)),
    ("A-K", (6, 7)), ("q-k", (5, 6)), ("T-T", (3, 3)), ("1-1", (1, 1)), ("7-3", (3, 7)),
    (" 10-A ", (3, 7)), ("1-A", (1, 7)),
])
def test_symbols_and_digits_parse_to_numbers(text: str, numbers: tuple[int, int]) -> None:
    assert tile_numbers(parse_tile(text)) == numbers


def test_format_uses_the_seed_symbols_lower_first() -> None:
    assert [format_tile(t) for t in range(7)] == ["8-8", "8-9", "8-10", "8-J", "8-Q", "8-K", "8-A"]
    assert format_tile(tile(7, 6)) == "K-A"
    for index in range(TILE_COUNT):
        assert parse_tile(format_tile(index)) == index


def test_parse_tiles_accepts_spaces_and_commas() -> None:
    assert parse_tiles("10-10, Q-K, K-A") == parse_tiles("10-10 Q-K K-A") == (13, 23, 26)
    assert parse_tiles(["3-3", "5-6", "6-7"]) == (13, 23, 26)
    assert format_tiles(parse_tiles("3-3 5-6 6-7")) == "10-10 Q-K K-A"


@pytest.mark.parametrize("bad", ["Q-X", "0-1", "8-8-8", "Q", "11-1", "", "9 10", "-", "1-8-"])
def test_bad_tiles_are_named(bad: str) -> None:
    with pytest.raises(CardError, match="is not a tile"):
        parse_tile(bad)


def test_error_names_the_bad_tile_in_a_list() -> None:
    with pytest.raises(EdgeError, match="'Q-Z'"):
        parse_tiles("10-10 Q-Z K-A")


def test_a_tile_given_twice_is_an_error() -> None:
    with pytest.raises(CardError, match="K-A appears twice"):
        parse_tiles("K-A 8-8 A-K")
    with pytest.raises(CardError, match="'Q-K' is the same tile"):
        parse_tiles("Q-K Q-K 8-8")
    with pytest.raises(CardError, match="appears twice"):
        parse_tiles("3-3 10-10")


def test_count_is_enforced() -> None:
    with pytest.raises(CardError, match="has 2 tiles; give exactly 3"):
        parse_tiles("10-10 Q-K", count=3)


def test_bad_numbers_and_indexes() -> None:
    with pytest.raises(CardError, match="1..7"):
        tile(0, 3)
    with pytest.raises(CardError, match="outside 0..27"):
        tile_numbers(28)


def test_long_input_is_shortened_in_errors() -> None:
    text = " ".join(format_tile(t % TILE_COUNT) for t in range(10_000))
    with pytest.raises(CardError) as raised:
        parse_tiles(text, count=3)
    message = str(raised.value)
    assert len(message) < 200 and f"({len(text):,} characters)" in message
    long_tile = "Q-" + "K" * 5000
    with pytest.raises(CardError, match="5,002 characters") as raised:
        parse_tile(long_tile)
    assert len(str(raised.value)) < 300
    assert shorten("10-10 Q-K") == "'10-10 Q-K'"
    assert shorten("x" * 41) == f"{'x' * 40!r}... (41 characters)"
