"""Tri-Card Poker's part of the report's rules of play (docs/rules.md section 2): equipment and
shuffle, the 3-card hand ranking with the number of hands of each class among the 22,100, and
worked examples settled by the game's own settlement."""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

import numpy as np

from edge.cards import parse_cards
from edge.document.document import Items, Paragraph, Section, Table
from edge.games import ReportContext
from edge.games.three_card_poker._kernels import HAND_CLASSES
from edge.games.three_card_poker.hands import hand_counts
from edge.games.three_card_poker.pays import ANTE_BONUS_PREFIX, PAIR_PLUS_PREFIX
from edge.games.three_card_poker.rules import ThreeCardRules
from edge.games.three_card_poker.simulation import CLASS_SHIFT, three_card_strength
from edge.games.worked import Deal, Settled, examples_section
from edge.paytables import format_pay
from edge.table import percent

# One hand of each class, best first (the class names are the kernel's).
EXAMPLE_HANDS = {
    "straight-flush": "Qh Jh Th",
    "three-of-a-kind": "8c 8d 8s",
    "straight": "9c Td Js",
    "flush": "Ks 9s 4s",
    "pair": "7d 7h Ac",
    "high-card": "Qs 6h 4d",
}


def hand_ranking(rules: ThreeCardRules) -> Table:
    """The 3-card hand classes, best first, with how many of the C(52, 3) hands fall in each."""
    counts = np.bincount(hand_counts(rules.ace_low_straight).classes,
                         minlength=len(HAND_CLASSES))
    total = math.comb(52, 3)
    rows = tuple((name.replace("-", " "), EXAMPLE_HANDS[name], f"{int(counts[k]):,}",
                  percent(Fraction(int(counts[k]), total)))
                 for k, name in reversed(list(enumerate(HAND_CLASSES))))
    return Table(("hand", "example", "hands", "probability"),
                 (*rows, ("total", "", f"{total:,}", "100.0000%")),
                 f"3-card poker hands, best first, among the {total:,} hands of three cards",
                 footer=1)


DEALS = (
    ("ante", "Qs 6h 4d", "Kc 8d 2s"),
    ("ante", "9h 9c 5s", "Jd 7c 3h"),
    ("ante", "7c 5d 2h", "Ac Kd 3s"),
    ("ante", "8h 9c Td", "Ah Kd Qc"),
    ("ante", "8h 9c Td", "Ah Kd 5c"),
    ("pair-plus", "Ks Kd 4c", "Ah 7d 2c"),
    ("pair-plus", "2h 7h Jh", "As Ad 3c"),
    ("combined", "Qs 6h 4d", "Kc 8d 2s"),
    ("combined", "7c 5d 2h", "Ac Kd 3s"),
)


RESULT_WORDS = {
    "dealer-does-not-qualify": "the player raises; the dealer does not qualify: the Ante wins "
                               "1 to 1 and the Raise pushes",
    "win": "the player raises; the dealer qualifies and the player's hand is higher: Ante and "
           "Raise win 1 to 1",
    "tie": "the player raises; the dealer qualifies and the hands are equal: Ante and Raise push",
    "loss": "the player raises; the dealer qualifies and the dealer's hand is higher: Ante and "
            "Raise lose",
    "fold": "the player folds and loses the Ante",
}


def _player_class(settled: Settled, ace_low_straight: bool) -> str:
    """The class of the player's three cards, by the game's own evaluator."""
    cards = [np.array([card], dtype=np.int16) for card in settled.deal.dealt[:3]]
    strength = int(three_card_strength(cards[0], cards[1], cards[2], ace_low_straight)[0])
    return HAND_CLASSES[strength >> CLASS_SHIFT]


def explainer(context: ReportContext[ThreeCardRules]) -> Callable[[Settled], str]:
    """How each worked example is settled, in words (the pays from this report's tables)."""
    rules = context.rules

    def pays(bet: str, name: str) -> Fraction | None:
        table = context.paytables.get(bet)
        return None if table is None else table.as_dict().get(name)

    def explain(settled: Settled) -> str:
        bet = settled.deal.bet
        hand = _player_class(settled, rules.ace_low_straight)
        result = settled.outcome.split(" / ")[-1]
        words = []
        prefix = PAIR_PLUS_PREFIX if bet == "combined" else ""
        if bet in ("ante", "combined"):
            words.append(RESULT_WORDS[result])
            bonus = pays(bet, (ANTE_BONUS_PREFIX if bet == "combined" else "") + hand)
            if result != "fold":
                words.append(f"Ante Bonus pays {format_pay(bonus)} to 1" if bonus
                             else "Ante Bonus pays nothing")
        if bet in ("pair-plus", "combined"):
            pair_plus = pays(bet, prefix + hand)
            if bet == "combined" and result == "fold" and rules.fold_forfeits_pair_plus:
                words.append("the fold also loses the Pair Plus")
            elif pair_plus is not None:
                words.append(f"Pair Plus pays {format_pay(pair_plus)} to 1 on a "
                             f"{hand.replace('-', ' ')}")
            else:
                words.append(f"Pair Plus loses on a {hand.replace('-', ' ')}")
        return "; ".join(words)
    return explain


def rules_sections(context: ReportContext[ThreeCardRules]) -> list[Section]:
    """Equipment and shuffle, the hand ranking, and worked examples."""
    rules = context.rules
    deals = [Deal(bet, f"player {player}, dealer {dealer}",
                  parse_cards(f"{player} {dealer}"))
             for bet, player, dealer in DEALS]
    return [
        Section("Equipment and shuffle", (Items((
            "One standard 52-card deck, no jokers, shuffled before every round.",
            "The player and the dealer each receive three cards; the analysis counts every "
            "one of the 22,100 player hands against every one of the 18,424 dealer hands from "
            "the other 49 cards, all equally likely.",
        )),)),
        Section("Hand ranking", (
            hand_ranking(rules),
            Paragraph("Suits never rank. Within a class hands compare by their ranks, high to "
                      "low (a pair by its rank, then the kicker); "
                      + ("A-2-3 is the lowest straight." if rules.ace_low_straight
                         else "the ace is high only, so A-2-3 is not a straight.")),
        )),
        examples_section(context, deals, explainer(context)),
    ]
