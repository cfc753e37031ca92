"""A condition in words, for the report's rules of play: the syntax tree read out in English.

>>> from edge.bets.language import parse
>>> condition_in_words(parse("same_rank(player) and same_colour(player)"), {"player": 2})
"the player's cards are all of one rank and the player's cards are all of one colour"
>>> condition_in_words(parse("poker3(player + dealer) >= flush"), {"player": 2, "dealer": 1})
"the player's cards and the dealer's card, as a 3-card poker hand, are a flush or better"
"""

from __future__ import annotations

from collections.abc import Mapping

from edge.bets.language import (
    Between,
    Binary,
    Boolean,
    Call,
    Index,
    Logic,
    Name,
    Node,
    Not,
    Number,
)

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh")
RANK_WORDS = {"T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
NUMBER_WORDS = {"==": "equals", "!=": "differs from", "<": "is below", "<=": "is at most",
                ">": "is above", ">=": "is at least"}
CLASS_WORDS = {"==": "are a {0}", "!=": "are not a {0}", ">=": "are a {0} or better",
               ">": "are better than a {0}", "<=": "are a {0} or worse",
               "<": "are worse than a {0}"}
GROUP_WORDS = {
    "same_rank": "{0} are all of one rank",
    "same_suit": "{0} are all of one suit",
    "same_colour": "{0} are all of one colour",
    "same_card": "{0} are identical (same rank and suit)",
    "consecutive": "{0} are of consecutive ranks",
    "soft": "{0} make a soft total",
    "distinct_ranks": "the number of different ranks among {0}",
    "distinct_suits": "the number of different suits among {0}",
    "most_of_a_rank": "the most of {0} sharing a rank",
    "most_of_a_suit": "the most of {0} sharing a suit",
    "high_rank": "the highest rank of {0}",
    "low_rank": "the lowest rank of {0}",
    "total": "the blackjack total of {0}",
    "hard_total": "the hard total of {0} (aces 1)",
    "rank": "the rank of {0}",
    "suit": "the suit of {0}",
    "colour": "the colour of {0}",
    "value": "the blackjack value of {0}",
    "points": "the baccarat points of {0}",
    "bust": "{0} bust (a blackjack total over 21)",
    "cards": "the number of cards {0} received",
    "drew": "{0} drew a card",
    "natural": "{0} has a natural (8 or 9 points in its first two cards)",
    "jokers": "the number of jokers among {0}",
}
# the words of a place named alone: "the player", not "the player's cards"
PLACE_WORDS = ("cards", "drew", "natural")

# showdowns: a hand in full, and one hand's full strength against another's
SHOWDOWN_WORDS = {"hand3": "{0} as a 3-card poker hand in full (kickers too)",
                  "hand5": "the best five of {0} in full (kickers too)"}
SHOWDOWN_VERBS = {"==": "ties", "!=": "does not tie", ">": "beats", ">=": "beats or ties",
                  "<": "loses to", "<=": "loses to or ties"}


def _showdown(node: Binary, places: Mapping[str, int]) -> str | None:
    """``hand3(a) > hand3(b)`` in words: ``... beats ...``."""
    if isinstance(node.left, Call) and node.left.name in SHOWDOWN_WORDS:
        return (f"{_value(node.left, places)} {SHOWDOWN_VERBS[node.op]} "
                f"{_value(node.right, places)}")
    return None


def _possessive(place: str) -> str:
    return f"the {place.replace('_', ' ')}'s"


def _cards(node: Node, places: Mapping[str, int]) -> str | None:
    if isinstance(node, Name) and node.name in places:
        plural = places[node.name] != 1
        return f"{_possessive(node.name)} card{'s' if plural else ''}"
    if isinstance(node, Index):
        ordinal = ORDINALS[node.index - 1] if node.index <= len(ORDINALS) else f"#{node.index}"
        return f"{_possessive(node.place)} {ordinal} card"
    if isinstance(node, Binary) and node.op == "+":
        left, right = _cards(node.left, places), _cards(node.right, places)
        if left is not None and right is not None:
            return f"{left} and {right}"
    return None


def _value(node: Node, places: Mapping[str, int]) -> str:
    cards = _cards(node, places)
    if cards is not None:
        return cards
    if isinstance(node, Number):
        return str(node.value)
    if isinstance(node, Boolean):
        return "true" if node.value else "false"
    if isinstance(node, Name):
        return RANK_WORDS.get(node.name, node.name.replace("-", " "))
    if isinstance(node, Call):
        target = _value(node.args[0], places) if node.args else ""
        if node.name == "count":
            what = " ".join(_value(arg, places) for arg in node.args[1:])
            return f"the number of {what} cards among {target}"
        if node.name in ("poker3", "poker5"):
            return (f"{target}, as a 3-card poker hand," if node.name == "poker3"
                    else f"the best five of {target}")
        if node.name in SHOWDOWN_WORDS:
            return SHOWDOWN_WORDS[node.name].format(target)
        if node.name in PLACE_WORDS and isinstance(node.args[0], Name):
            target = f"the {node.args[0].name.replace('_', ' ')}"
        return GROUP_WORDS[node.name].format(target)
    if isinstance(node, Binary) and node.op in ("+", "-"):
        return f"{_value(node.left, places)} {node.op} {_value(node.right, places)}"
    return condition_in_words(node, places)


def condition_in_words(node: Node, places: Mapping[str, int]) -> str:
    """The condition as a sentence (``places``: each place's number of cards)."""
    if isinstance(node, Logic):
        return f" {node.op} ".join(condition_in_words(item, places) for item in node.items)
    if isinstance(node, Not):
        return f"not ({condition_in_words(node.item, places)})"
    if isinstance(node, Between):
        return (f"{_value(node.value, places)} is strictly between "
                f"{_value(node.low, places)} and {_value(node.high, places)}")
    if isinstance(node, Binary) and node.op in NUMBER_WORDS:
        showdown = _showdown(node, places)
        if showdown is not None:
            return showdown
        left = node.left
        if isinstance(left, Call) and left.name in ("poker3", "poker5") and isinstance(
                node.right, Name):
            subject = _value(left, places)
            verb = "make" if left.name == "poker5" else ""
            phrase = CLASS_WORDS[node.op].format(node.right.name.replace("-", " "))
            if verb:
                phrase = phrase.replace("are", "make", 1)
            return f"{subject} {phrase}"
        if _cards(left, places) is not None and _cards(node.right, places) is not None:
            same = "is the same card as" if node.op == "==" else "is not the same card as"
            return f"{_value(left, places)} {same} {_value(node.right, places)}"
        return (f"{_value(left, places)} {NUMBER_WORDS[node.op]} "
                f"{_value(node.right, places)}")
    return _value(node, places)
