"""Casino Double-Hand Poker's own command: ``edge house-way TILES`` shows how the dealer sets
three tiles by the house way, and why."""

from __future__ import annotations

import argparse
import sys

from edge.games import Command
from edge.games.double_hand_poker.house_way import explain_house_way
from edge.games.double_hand_poker.tiles import parse_tiles


def house_way_arguments(parser: argparse.ArgumentParser) -> None:
    """The tiles, as one argument or several."""
    parser.add_argument("tiles", nargs="+", help="three tiles, such as 10-10 Q-K K-A")


def run_house_way(args: argparse.Namespace) -> int:
    """Print the house way of the three tiles given (an ``EdgeError`` names a bad tile)."""
    tiles = parse_tiles(" ".join(args.tiles), count=3)
    sys.stdout.write("\n".join(explain_house_way(tiles)))
    return 0


HOUSE_WAY = Command(
    name="house-way",
    help="how the dealer sets three Double-Hand Poker tiles, and why",
    arguments=house_way_arguments,
    run=run_house_way,
    description="Show the house way for three tiles, e.g. edge house-way \"10-10 Q-K K-A\" "
                "(symbols 8, 9, 10, J, Q, K, A or digits 1-7).",
)
