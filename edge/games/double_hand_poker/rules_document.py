"""Casino Double-Hand Poker's part of the report's rules of play (docs/rules.md section 3):
equipment, the 28 tiles, the 3-number hand ranking, and worked examples settled by the game's
own settlement."""

from __future__ import annotations

from collections import Counter

from edge.document.document import Items, Paragraph, Section, Table
from edge.games import ReportContext
from edge.games.double_hand_poker.analysis import HI_CARD, LO_CARD
from edge.games.double_hand_poker.house_way import HANDS, format_hand, hand_level
from edge.games.double_hand_poker.rules import DoubleHandRules
from edge.games.double_hand_poker.tiles import (
    NUMBERS,
    TILE_COUNT,
    format_number,
    format_tile,
    parse_tiles,
    tile,
)
from edge.games.worked import Deal, examples_section

LEVEL_NAMES = ("no pair", "pair", "straight", "three of a kind")


def tiles_table() -> Table:
    """The 28 tiles, one of each pair of numbers 1..7, by their lower and higher number."""
    heads = ("lower \\ higher", *(format_number(n) for n in NUMBERS))
    rows = tuple((format_number(low), *(format_tile(tile(low, high)) if high >= low else ""
                                        for high in NUMBERS))
                 for low in NUMBERS)
    return Table(heads, rows, f"The {TILE_COUNT} tiles (the symbols 8, 9, 10, J, Q, K, A stand "
                 "for the numbers 1 to 7)", align="l" + "l" * len(NUMBERS))


def hand_ranking() -> Table:
    """The classes of 3-number hands, best first, with how many of the 84 hands each holds."""
    counts = Counter(hand_level(hand) for hand in HANDS)
    best = {level: format_hand(max(h for h in HANDS if hand_level(h) == level))
            for level in counts}
    worst = {level: format_hand(min(h for h in HANDS if hand_level(h) == level))
             for level in counts}
    rows = tuple((LEVEL_NAMES[level], best[level], worst[level], f"{counts[level]}")
                 for level in sorted(counts, reverse=True))
    return Table(("hand", "highest", "lowest", "hands"),
                 (*rows, ("total", "", "", f"{len(HANDS)}")),
                 f"Hands of three numbers, best first (the {len(HANDS)} different hands)",
                 footer=1)


def _tile_bet_deal(context: ReportContext[DoubleHandRules], bet: str, target: int,
                   seat_of_target: int, shown: str) -> Deal:
    """A Lo-Card or Hi-Card deal with the bet's tile at position ``seat_of_target`` (the
    player's tiles 0-2, the other seats, the dealer, the three exposed), the rest filled in."""
    count = 3 * (context.rules.players + 2)
    others = [t for t in range(TILE_COUNT) if t != target][:count - 1]
    dealt = others[:seat_of_target] + [target] + others[seat_of_target:]
    return Deal(bet, shown, tuple(dealt))


def rules_sections(context: ReportContext[DoubleHandRules]) -> list[Section]:
    """Equipment, the tiles, the hand ranking and worked examples."""
    main_deals = (("10-10 Q-K K-A", "8-9 9-J 10-A"), ("8-8 J-Q A-A", "9-10 10-J K-K"),
                  ("10-10 J-Q 8-A", "9-9 K-A 8-J"))
    deals = [Deal("main", f"player {player}, dealer {dealer}",
                  parse_tiles(f"{player} {dealer}")) for player, dealer in main_deals]
    players = context.rules.players
    lo, hi = LO_CARD.tile, HI_CARD.tile
    exposed = 3 * (players + 1)
    deals += [
        _tile_bet_deal(context, "lo-card", lo, 1,
                       f"the {format_tile(lo)} tile in the player's hand"),
        _tile_bet_deal(context, "lo-card", lo, exposed,
                       f"the {format_tile(lo)} tile among the three exposed tiles"),
        _tile_bet_deal(context, "hi-card", hi, 3 * players,
                       f"the {format_tile(hi)} tile in the dealer's hand"),
    ]
    deals += [Deal(bet, "dice " + " ".join(str(d) for d in dice), dice)
              for bet, dice in (("dice-lo", (2, 3, 4)), ("dice-lo", (5, 5, 5)),
                                ("dice-hi", (6, 4, 3)), ("dice-hi", (1, 2, 6)))]
    return [
        Section("Equipment and shuffle", (Items((
            f"One set of {TILE_COUNT} tiles, each a pair of numbers 1 to 7 (every pair once, "
            "doubles included), shuffled before every round; the player and the dealer receive "
            "three tiles each.",
            f"Lo-Card and Hi-Card: {players} player{'s' if players != 1 else ''} at the table, "
            "three tiles each, then the dealer's three, then three unused tiles exposed; "
            "every deal of the tiles is equally likely.",
            "Dice-Lo and Dice-Hi: three fair six-sided dice, rolled every round.",
        )),)),
        Section("Tiles and hand ranking", (
            tiles_table(),
            hand_ranking(),
            Paragraph("Straights are three consecutive numbers and do not wrap. Within a class "
                      "hands compare as in poker: three of a kind and straights by the top "
                      "number, a pair by its number then the kicker, no pair from the highest "
                      "number down. Equal hands tie."),
        )),
        examples_section(context, deals),
    ]
