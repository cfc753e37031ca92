"""The Hybrid Triple Bet's part of the report's rules of play (docs/rules.md section 1):
equipment and shuffle, each wager's outcomes defined, and worked examples settled by the
game's own settlement."""

from __future__ import annotations

from edge.cards import parse_cards
from edge.document.document import Items, Section, Table
from edge.games import ReportContext
from edge.games.triple_bet.rules import TripleBetRules
from edge.games.worked import Deal, examples_section
from edge.paytables import format_pay

# Each wager's outcomes in the order they are tested (the first that matches), as the rules
# define them (docs/rules.md section 1).
DEFINITIONS = (
    ("flush", "flush-pair", "the first flop card is the player's first card exactly (same rank "
     "and suit, possible from a shoe of two or more decks)"),
    ("flush", "flush-high", "same suit, the player's card of higher rank"),
    ("flush", "flush-low", "same suit, the player's card of lower rank"),
    ("flush", "lose", "different suits"),
    ("sandwich", "triple-sandwich", "the second flop card and the player's two cards all of "
     "one rank"),
    ("sandwich", "straight-sandwich", "the second flop card strictly between the player's "
     "cards, the three ranks consecutive"),
    ("sandwich", "sandwich", "the second flop card strictly between the player's cards, not "
     "consecutive"),
    ("sandwich", "match", "the second flop card has the rank of a player card"),
    ("sandwich", "lose", "any other deal"),
    ("block", "ultimate", "the player's two cards identical (rank and suit) and blocking"),
    ("block", "pair-block", "the player's cards of one rank, different suits, one blocking"),
    ("block", "flush-block", "the player's cards of one suit, different ranks, one blocking"),
    ("block", "block", "a player card blocks: the dealer card's suit and a higher rank"),
    ("block", "push", "a player card identical to the dealer card"),
    ("block", "lose", "any other deal"),
)

# player first card, first flop card, player second card, second flop card, dealer card
DEALS = (
    ("flush", "Kh 7h 2c 9d 4s"),
    ("flush", "5s Js 8c 3d Qh"),
    ("sandwich", "4c 9d Qh 7s 2d"),
    ("sandwich", "8c 2d 6h 7s Jc"),
    ("sandwich", "Ac 3d 2h 2s Kd"),
    ("block", "Kh 2c Qh 5d 9h"),
    ("block", "Ts 4c Td 8s 6s"),
    ("block", "3c 9d 5d Jh Kc"),
    ("combined", "Kh 7h 2c 9d 4s"),
)


def outcome_table(context: ReportContext[TripleBetRules]) -> Table:
    """Every outcome of every wager with its definition and the pay in use."""
    rows = []
    for bet, outcome, meaning in DEFINITIONS:
        table = context.paytables.get(bet)
        if outcome in ("lose", "push"):
            pays = "loses the wager" if outcome == "lose" else "wager returned"
        else:
            pays = f"{format_pay(table.as_dict()[outcome])} to 1" if table is not None else ""
        rows.append((bet, outcome, meaning, pays))
    return Table(("wager", "outcome", "definition", "pays"), tuple(rows),
                 "Each wager's outcomes, tested in this order (the first that matches); ranks "
                 "2 low to ace high, suits never rank", align="llll")


def rules_sections(context: ReportContext[TripleBetRules]) -> list[Section]:
    """Equipment and shuffle, the outcomes defined, and worked examples."""
    decks = context.rules.decks
    deals = [Deal(bet, "player " + " ".join(cards.split()[i] for i in (0, 2))
                  + ", flop " + " ".join(cards.split()[i] for i in (1, 3))
                  + ", dealer " + cards.split()[4], parse_cards(cards, distinct=False))
             for bet, cards in DEALS]
    return [
        Section("Equipment and shuffle", (Items((
            f"A shoe of {decks} standard 52-card deck{'s' if decks != 1 else ''}, no jokers; "
            "a fresh, completely shuffled shoe for every round (this is what the enumeration "
            "assumes: no card of an earlier round is missing from the shoe).",
            "Five cards are dealt in this order: the player's first card, the first flop card, "
            "the player's second card, the second flop card, and (the flop discarded) the "
            "dealer's card. Every ordered deal of five cards of the shoe is equally likely.",
        )),)),
        Section("Outcomes", (outcome_table(context),)),
        examples_section(context, deals),
    ]
