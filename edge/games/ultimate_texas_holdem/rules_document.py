"""Ultimate Texas Hold'em's part of the report's rules of play (docs/rules.md section 4):
equipment and shuffle, the 5-card hand ranking with the number of 5-card and 7-card hands of
each class, and worked examples settled by the game's own settlement."""

from __future__ import annotations

import math
from fractions import Fraction

from edge import holdem
from edge.cards import parse_cards
from edge.document.document import Items, Paragraph, Section, Table
from edge.games import ReportContext
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.worked import Deal, Settled, examples_section
from edge.paytables import format_pay
from edge.table import percent

# One hand of each class, best first (the class names are edge.holdem's).
EXAMPLE_HANDS = {
    "royal-flush": "As Ks Qs Js Ts",
    "straight-flush": "9h 8h 7h 6h 5h",
    "four-of-a-kind": "Qc Qd Qh Qs 4d",
    "full-house": "Jc Jd Jh 8s 8c",
    "flush": "Ad Td 7d 5d 3d",
    "straight": "Tc 9d 8h 7s 6c",
    "three-of-a-kind": "7c 7d 7h Ks 2d",
    "two-pair": "Kc Kd 6h 6s 9c",
    "pair": "Ac Ad Jh 8s 4c",
    "high-card": "Ks Jd 9h 6c 3s",
}

# player's two cards, dealer's two cards, flop, turn, river
DEALS = (
    ("main", "As Kd", "7c 7h", "Ks 9d 2c", "5h", "Jd"),
    ("main", "Ac Qc", "Kh Ks", "8d 4s 2h", "9c", "3d"),
    ("main", "7d 2c", "Jh 9s", "Kc 8d 4s", "Qd", "3h"),
    ("main", "9s 8s", "Ah Kc", "Ts 7s 2d", "Jc", "4h"),
    ("trips", "9s 8s", "Ah Kc", "Ts 7s 2d", "Jc", "4h"),
    ("trips", "Qh Qd", "5c 3s", "Qs 8c 2h", "Jd", "6c"),
    ("progressive", "Ah Ad", "5c 3s", "As Kd Kc", "2d", "9h"),
)


def hand_ranking() -> Table:
    """The poker hand classes, best first, with how many 5-card and 7-card hands fall in each
    (a 7-card hand counts in the class of its best five cards)."""
    five, seven = holdem.class_counts(5), holdem.class_counts(7)
    total5, total7 = math.comb(52, 5), math.comb(52, 7)
    rows = tuple((name.replace("-", " "), EXAMPLE_HANDS[name], f"{five[name]:,}",
                  f"{seven[name]:,}", percent(Fraction(seven[name], total7)))
                 for name in seven)
    return Table(("hand", "example", "5-card hands", "7-card hands", "7-card probability"),
                 (*rows, ("total", "", f"{total5:,}", f"{total7:,}", "100.0000%")),
                 "Poker hands, best first: the best five of the player's or dealer's seven "
                 "cards (two own cards and the five community cards)", footer=1)


WHEN = {"4x": "plays 4x the Ante before the flop", "3x": "plays 3x the Ante before the flop",
        "2x": "checks, then plays 2x the Ante after the flop",
        "1x": "checks twice, then plays 1x the Ante after the river"}


def explain(settled: Settled, all_push: bool = False, beat_dealer: bool = False) -> str:
    """How a worked example is settled, in words, from its return-table row (``all_push``:
    everything is returned when the dealer does not qualify; ``beat_dealer``: the Trips pays
    only when the player's hand beats the dealer's)."""
    outcome = settled.outcome
    if settled.deal.bet != "main":
        bet = settled.deal.bet.capitalize()
        if outcome == "tie":
            return f"{bet} pushes: the player's hand ties the dealer's (beat-dealer rule)"
        if outcome == "fold":
            return f"{bet} loses: the player folds (beat-dealer rule, a fold loses)"
        if outcome == "lose" and beat_dealer and settled.deal.bet == "trips":
            return (f"{bet} loses: the player's hand is below three of a kind or does not beat "
                    "the dealer's (beat-dealer rule)")
        if outcome == "lose":
            return f"{bet} loses: the player's hand is not paid"
        return (f"{settled.deal.bet.capitalize()} pays {format_pay(settled.net)} to 1 on "
                f"the player's {outcome.replace('-', ' ')}")
    if outcome == "fold":
        return "the player checks twice, then folds: Ante and Blind lose"
    play, _, result = outcome.partition(" ")
    words = [f"the player {WHEN.get(play, 'plays ' + play)}"]
    unqualified = "dealer does not qualify" in result
    if all_push and unqualified:
        words.append("the dealer does not qualify: Ante, Blind and Play are all returned")
    elif result.startswith("win"):
        words.append("the player's hand is higher: Play wins 1 to 1, the Blind pays by its "
                     "table on a straight or better and pushes below")
        words.append("the dealer does not qualify, so the Ante pushes" if unqualified
                     else "the dealer qualifies, so the Ante wins 1 to 1")
    elif result.startswith("tie"):
        words.append("equal hands: Ante, Blind and Play push")
    else:
        words.append("the dealer's hand is higher: Play and Blind lose, and the Ante "
                     + ("pushes (the dealer does not qualify)" if unqualified else "loses"))
    return "; ".join(words)


def rules_sections(context: ReportContext[UltimateTexasHoldemRules]) -> list[Section]:
    """Equipment and shuffle, the hand ranking, and worked examples."""
    deals = [Deal(bet, f"player {player}, dealer {dealer}, board {flop} {turn} {river}",
                  parse_cards(f"{player} {dealer} {flop} {turn} {river}"))
             for bet, player, dealer, flop, turn, river in DEALS]
    return [
        Section("Equipment and shuffle", (Items((
            "One standard 52-card deck, no jokers, shuffled before every round.",
            "The player and the dealer receive two cards each; five community cards follow "
            "(three on the flop, then the turn and the river). Every deal of the nine cards "
            "is equally likely.",
        )),)),
        Section("Hand ranking", (
            hand_ranking(),
            Paragraph("Suits never rank. Within a class hands compare as in poker by the ranks "
                      "that decide them; the ace plays high, or low in A-2-3-4-5. Equal best "
                      "five-card hands tie. The dealer qualifies with a pair or better."),
        )),
        examples_section(context, deals,
                         lambda settled: explain(settled, context.rules.all_push,
                                                 context.rules.trips_rule != "standard")),
    ]
