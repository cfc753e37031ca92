"""Tile encoding for Casino Double-Hand Poker: 28 tiles, each an unordered pair of numbers 1..7.

A tile is an int 0..27, in the order 1-1, 1-2, .., 1-7, 2-2, .., 7-7. The symbols 8, 9, 10, J,
Q, K, A stand for the numbers 1..7 and are how tiles and hands are printed; the digits 1..7 are
accepted too.

>>> parse_tile("10-10")
13
>>> format_tile(parse_tile("3-3"))
'10-10'
>>> parse_tiles("10-10 Q-K K-A")
(13, 23, 26)
>>> [tile_numbers(t) for t in parse_tiles("8-8, A-K")]
[(1, 1), (6, 7)]
"""

from __future__ import annotations

from collections.abc import Iterable

from edge.errors import CardError
from edge.games.double_hand_poker._kernels import TILE_COUNT, TILES

__all__ = ["HIGHEST", "LOWEST", "NUMBERS", "SYMBOLS", "TILES", "TILE_COUNT", "format_number",
           "format_tile", "format_tiles", "parse_tile", "parse_tiles", "shorten", "tile",
           "tile_numbers"]

LOWEST, HIGHEST = 1, 7
NUMBERS = tuple(range(LOWEST, HIGHEST + 1))
SYMBOLS = ("8", "9", "10", "J", "Q", "K", "A")

_TILE_INDEX = {pair: index for index, pair in enumerate(TILES)}
_NUMBER_OF_TEXT = {symbol: number for number, symbol in zip(NUMBERS, SYMBOLS, strict=True)}
_NUMBER_OF_TEXT.update({str(number): number for number in NUMBERS})
_NUMBER_OF_TEXT["T"] = 3
SHOWN_AT_MOST = 40  # characters of a user's input an error message repeats
_HOW_TO_WRITE = ("write two numbers 1-7 or two of the symbols 8, 9, 10, J, Q, K, A joined by a "
                 "dash, for example '10-10', 'Q-K' or '3-6'")


def shorten(text: str, limit: int = SHOWN_AT_MOST) -> str:
    """``text`` quoted for an error message: whole when short, else its start and its length.

    >>> shorten("10-10 Q-K")
    "'10-10 Q-K'"
    >>> shorten("8-8 " * 30)
    "'8-8 8-8 8-8 8-8 8-8 8-8 8-8 8-8 8-8 8-8 '... (120 characters)"
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text):,} characters)"


def tile(low: int, high: int) -> int:
    """The tile index of two numbers 1..7 (in either order)."""
    pair = (min(low, high), max(low, high))
    if pair not in _TILE_INDEX:
        raise CardError(f"The numbers {low} and {high} do not make a tile: numbers run 1..7.")
    return _TILE_INDEX[pair]


def tile_numbers(tile_index: int) -> tuple[int, int]:
    """The two numbers of a tile, the lower first."""
    if not 0 <= tile_index < TILE_COUNT:
        raise CardError(f"The tile index {tile_index} is outside 0..{TILE_COUNT - 1}.")
    return TILES[tile_index]


def format_number(number: int) -> str:
    """The symbol a number is printed with: 1 -> ``'8'`` .. 7 -> ``'A'``."""
    if number not in NUMBERS:
        raise CardError(f"The number {number} is outside 1..7.")
    return SYMBOLS[number - LOWEST]


def format_tile(tile_index: int) -> str:
    """A tile as the rules write it, lower symbol first: ``'Q-K'``."""
    low, high = tile_numbers(tile_index)
    return f"{format_number(low)}-{format_number(high)}"


def format_tiles(tiles: Iterable[int]) -> str:
    """Tiles separated by spaces."""
    return " ".join(format_tile(t) for t in tiles)


def parse_tile(text: str) -> int:
    """Parse one tile such as ``"10-10"``, ``"q-k"``, ``"A-K"`` or ``"3-6"`` into its index."""
    parts = text.strip().split("-")
    numbers = [_NUMBER_OF_TEXT.get(part.strip().upper()) for part in parts]
    if len(numbers) != 2 or numbers[0] is None or numbers[1] is None:
        raise CardError(f"The tile {shorten(text.strip())} is not a tile: {_HOW_TO_WRITE}.")
    return tile(numbers[0], numbers[1])


def parse_tiles(text: str | Iterable[str], *, count: int | None = None) -> tuple[int, ...]:
    """Parse tiles separated by spaces or commas (or an iterable of tile strings).

    The set holds one of each tile, so a tile given twice is an error; ``count`` asks for
    exactly that many tiles.
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else [p.strip() for p in text]
    shown = shorten(" ".join(parts))
    tiles = tuple(parse_tile(part) for part in parts)
    seen: dict[int, str] = {}
    for part, value in zip(parts, tiles, strict=True):
        if value in seen:
            again = f"{seen[value]!r} and {part!r} are" if seen[value] != part else f"{part!r} is"
            raise CardError(f"The tile {format_tile(value)} appears twice in {shown} "
                            f"({again} the same tile; the set has one of each).")
        seen[value] = part
    if count is not None and len(tiles) != count:
        raise CardError(f"{shown} has {len(tiles)} tiles; give exactly {count}, "
                        "for example '10-10 Q-K K-A'.")
    return tiles
