"""Card encoding: a card is an int 0..51 = rank * 4 + suit, rank 0 = deuce .. 12 = ace.

>>> parse_card("As")
51
>>> format_card(parse_card("Td"))
'Td'
>>> parse_cards("As Kh 10c")
(51, 46, 32)
"""

from __future__ import annotations

from collections.abc import Iterable

from edge.errors import CardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def card(rank: int, suit: int) -> int:
    """The card index of a rank (0 = deuce .. 12 = ace) and a suit (0..3 = c, d, h, s)."""
    return rank * 4 + suit


def rank_of(card_index: int) -> int:
    """The rank of a card index, 0 = deuce .. 12 = ace."""
    return card_index // 4


def suit_of(card_index: int) -> int:
    """The suit of a card index, 0..3 = clubs, diamonds, hearts, spades."""
    return card_index % 4


def parse_card(text: str) -> int:
    """Parse one card such as ``"As"``, ``"td"``, ``"10h"`` or ``"Q♠"`` into its index."""
    raw = text.strip()
    if len(raw) < 2:
        raise CardError(f"The card {text!r} is not a card: write a rank (2-9, T, J, Q, K, A) "
                        "then a suit (c, d, h, s), for example 'As' or 'Td'.")
    rank_text, suit_text = raw[:-1].upper(), raw[-1]
    suit_text = SUIT_SYMBOLS.get(suit_text, suit_text.lower())
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS or suit_text not in SUITS:
        raise CardError(f"The card {text!r} is not a card: write a rank (2-9, T, J, Q, K, A) "
                        "then a suit (c, d, h, s), for example 'As' or 'Td'.")
    return card(RANKS.index(rank_text), SUITS.index(suit_text))


def parse_cards(text: str | Iterable[str], *, distinct: bool = True) -> tuple[int, ...]:
    """Parse cards separated by spaces or commas (or an iterable of card strings).

    With ``distinct`` (the default) a card given twice is an error, as in a single deck.
    """
    parts = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(parse_card(part) for part in parts)
    if distinct and len(set(cards)) != len(cards):
        seen: set[int] = set()
        for part, value in zip(parts, cards, strict=True):
            if value in seen:
                raise CardError(f"The card {part!r} appears twice in {' '.join(parts)!r}.")
            seen.add(value)
    return cards


def format_card(card_index: int) -> str:
    """The two-character name of a card index, such as ``'As'``."""
    if not 0 <= card_index < 52:
        raise CardError(f"The card index {card_index} is outside 0..51.")
    return RANKS[rank_of(card_index)] + SUITS[suit_of(card_index)]


def format_cards(cards: Iterable[int]) -> str:
    """Card names separated by spaces."""
    return " ".join(format_card(c) for c in cards)
