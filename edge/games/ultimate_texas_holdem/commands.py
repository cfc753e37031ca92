"""Ultimate Texas Hold'em's own command: ``edge hands holdem``, the hold'em hand-class counts.

The counts are those the Trips and progressive bets are paid on (every 7-card and 5-card hand).
"""

from __future__ import annotations

import argparse

from edge import holdem
from edge.document import Document, Table, render
from edge.document.document import JsonValue
from edge.document.render import ALIASES, FORMATS
from edge.games import Command
from edge.table import exact, probability_text


def add_hands_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge hands FAMILY [--format ...]`` (the formats every command takes)."""
    parser.add_argument("family", choices=("holdem",), help="which hands")
    parser.add_argument("--format", default="plain", choices=FORMATS + tuple(ALIASES),
                        metavar="{" + ",".join(FORMATS) + "}", help="output format")


def hands_document() -> Document:
    """The exact hand-class counts of every hold'em hand (7 cards, and 5 cards) as a document;
    its JSON contract maps each class to its counts and exact probabilities."""
    rows = holdem.class_table()
    data: dict[str, JsonValue] = {
        name: {"seven_cards": n7, "seven_card_probability": exact(p7),
               "five_cards": n5, "five_card_probability": exact(p5)}
        for name, n7, p7, n5, p5 in rows}
    body: list[tuple[str, ...]] = [
        (name, f"{n7:,}", probability_text(p7), f"{n5:,}", probability_text(p5))
        for name, n7, p7, n5, p5 in rows]
    body.append(("total", f"{sum(r[1] for r in rows):,}", "1", f"{sum(r[3] for r in rows):,}",
                 "1"))
    table = Table(("class", "7-card hands", "probability", "5-card hands", "probability"),
                  tuple(body), footer=1, align="lrrrr")
    return Document("Hold'em hand classes: every 7-card and 5-card hand", (table,),
                    context=(("hands", "holdem"),), data=data)


def run_hands(args: argparse.Namespace) -> int:
    """Print the hand-class counts; exit status 0."""
    print(render(hands_document(), args.format), end="")
    return 0


HANDS = Command("hands", "exact hand-class counts (holdem: every 7-card hand)",
                add_hands_arguments, run_hands)
COMMANDS = (HANDS,)
