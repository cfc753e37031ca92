"""The rules of the Hybrid Triple Bet (docs/rules.md section 1): its one variant option."""

from __future__ import annotations

from dataclasses import dataclass

from edge.games import Rules
from edge.options import option


@dataclass(frozen=True)
class TripleBetRules(Rules):
    """Variant options of the Hybrid Triple Bet."""

    decks: int = option(6, "standard 52-card decks in the shoe", minimum=1, maximum=8)


def describe_rules(rules: TripleBetRules) -> list[str]:
    """The rules as implemented, for reports."""
    return [
        f"A shoe of {rules.decks} standard decks; every card is drawn without replacement.",
        "Flush: the player's first card against the first flop card. Different suit loses; "
        "same suit and rank is Flush-Pair; same suit, player higher is Flush-High; "
        "player lower is Flush-Low. Ace is high.",
        "Sandwich: the player's two cards and the second flop card by rank only, ace high. "
        "First matching row: Triple Sandwich (all three the same rank); Straight Sandwich "
        "(flop card strictly between, three consecutive ranks); Sandwich (strictly between, "
        "not consecutive); Match (flop card has the rank of a player card); else lose.",
        "Block: the player's two cards and a dealer card dealt after the flop cards are "
        "discarded. A player card blocks when it has the dealer card's suit and a higher rank. "
        "First matching row: Ultimate (identical pair that blocks); Pair Block (same rank, "
        "different suits, one blocks); Flush Block (same suit, different ranks, one blocks); "
        "Block (a card blocks); Push (a player card identical to the dealer card); else lose.",
    ]
