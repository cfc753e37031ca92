"""Ultimate Texas Hold'em's rules (docs/rules.md section 4): the variant options, typed.

>>> rules = UltimateTexasHoldemRules()
>>> rules.strategy.is_optimal, str(rules.strategy), str(rules.ties)
(True, 'optimal', 'smaller')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from edge.errors import EdgeError
from edge.games import Rules
from edge.games.ultimate_texas_holdem.strategy.language import GAME_NAME as GAME_NAME
from edge.games.ultimate_texas_holdem.strategy.language import OPTIMAL, UthStrategy
from edge.options import option
from edge.strategies import strategy_option


class Strategy(StrEnum):
    """The names of the strategies the game always had (``--set strategy=...``)."""

    OPTIMAL = "optimal"              # solved exactly
    ALWAYS_4X = "always-4x"          # the "blind box" play: 4x before the flop, always



class DealerNoQualify(StrEnum):
    """What happens when the dealer has less than a pair (docs/rules.md section 4)."""

    ANTE_PUSH = "ante-push"          # the Ante pushes; Play and Blind are settled as usual
    ALL_PUSH = "all-push"            # Ante, Play and Blind are all returned


class TripsRule(StrEnum):
    """When the Trips pays (docs/rules.md section 4.6)."""

    STANDARD = "standard"            # on the player's hand alone, whatever the dealer holds
    BEAT_DEALER = "beat-dealer"      # only when the player's hand beats the dealer's; tie pushes
    BEAT_DEALER_FOLD_LOSES = "beat-dealer-fold-loses"   # the same, and a fold loses the Trips


class Seen(StrEnum):
    """What the player sees before the preflop decision (``--set seen=...``; game protection,
    docs/protection.md), or, for ``dealer-1-river``, only before the river decision: ``none``
    is the game as dealt."""

    NONE = "none"
    DEALER_1 = "dealer-1"
    DEALER_2 = "dealer-2"
    DEALER_1_FLOP_1 = "dealer-1,flop-1"
    DEALER_1_TURN_RIVER_1 = "dealer-1,turn-river-1"
    FLOP_1 = "flop-1"
    FLOP_2 = "flop-2"
    FLOP_3 = "flop-3"
    DEALER_1_RIVER = "dealer-1-river"    # seen only before the river decision

    @classmethod
    def _missing_(cls, value: object) -> Seen | None:
        """Two cards named in either order, with or without spaces (``flop-1,dealer-1`` is
        ``dealer-1,flop-1``): one reading of a combined scenario, as ``--seen`` has."""
        if not isinstance(value, str):
            return None
        parts = sorted(part.strip() for part in value.split(","))
        for member in cls:
            if sorted(member.value.split(",")) == parts:
                return member
        return None


class Ties(StrEnum):
    """Which wager a decision of exactly equal value takes."""

    SMALLER = "smaller"
    LARGER = "larger"


@dataclass(frozen=True)
class UltimateTexasHoldemRules(Rules):
    """Variant options of Ultimate Texas Hold'em."""

    strategy: UthStrategy = strategy_option(
        OPTIMAL, "the player's Play decisions: optimal (solved exactly), always-4x (the "
        "\"blind box\" play), another named strategy or a strategy file", tuple(Strategy),
        practical="wizard-practical")
    dealer_no_qualify: DealerNoQualify = option(
        DealerNoQualify.ANTE_PUSH, "when the dealer has less than a pair: ante-push (Play and "
        "Blind settled as usual) or all-push (Ante, Play and Blind all returned)",
        choices=tuple(DealerNoQualify))
    ties: Ties = option(Ties.SMALLER, "decisions of exactly equal value take the smaller or the "
                        "larger wager", choices=tuple(Ties))
    trips_rule: TripsRule = option(
        TripsRule.STANDARD, "when Trips pays: standard (on the player's hand, whatever the "
        "dealer holds), beat-dealer (only when the player's hand also beats the dealer's; a "
        "tie pushes; settled even after a fold, as the published analysis counts it) or "
        "beat-dealer-fold-loses (the same, but a fold loses the Trips)",
        choices=tuple(TripsRule))
    meter: Fraction = option(Fraction(10_000), "progressive meter, in the money of the "
                             "progressive table (one bet = 1 unless its file says otherwise)",
                             minimum=0, assumption=True)
    reset: Fraction = option(Fraction(10_000), "the progressive meter's reset value after it is "
                             "won in full, same money as meter (no source gives it)",
                             minimum=0, assumption=True)
    increment: Fraction = option(Fraction(15, 100), "share of each progressive bet added to the "
                                 "meter (no source gives it)", minimum=0, maximum=1,
                                 assumption=True)
    seen: Seen = option(
        Seen.NONE, "cards the player sees before the preflop decision (game protection): none "
        "(the game as dealt), dealer-1, dealer-2 (the dealer's hole cards), dealer-1,flop-1, "
        "dealer-1,turn-river-1 (one dealer card and one flop, or turn or river, card), "
        "flop-1, flop-2 or flop-3 (one, two or all three of the flop cards), or "
        "dealer-1-river (one dealer card, seen only before the river decision); the player "
        "then plays optimally given all he has seen",
        choices=tuple(Seen), quiet_default=True)

    def __post_init__(self) -> None:
        super().__post_init__()
        refusal = strategy_refusal(self.strategy, self.seen)
        if refusal:
            raise EdgeError(refusal)

    @property
    def all_push(self) -> bool:
        """Whether nothing is settled when the dealer does not qualify."""
        return self.dealer_no_qualify is DealerNoQualify.ALL_PUSH

    @property
    def ties_larger(self) -> bool:
        """Whether decisions of exactly equal value take the larger wager."""
        return self.ties is Ties.LARGER


# how many dealer cards each exposure shows before the preflop decision
DEALER_CARDS_SEEN = {Seen.NONE: 0, Seen.DEALER_1: 1, Seen.DEALER_2: 2, Seen.DEALER_1_FLOP_1: 1,
                     Seen.DEALER_1_TURN_RIVER_1: 1, Seen.FLOP_1: 0}


def strategy_refusal(strategy: UthStrategy, seen: Seen) -> str:
    """Why ``strategy`` cannot be played with ``seen`` ("" when it can). With cards seen edge
    values a preflop chart or rule with the flop and river played optimally given what is seen
    (exact from the exposure's solve), and a strategy's own flop and river rules: with both
    dealer cards seen (``dealer-2``, :mod:`.exposure.rule_two`) flop and river rules on any
    feature, ``versus_dealer`` among them; under the other exposures
    (:mod:`.exposure.rule_exposed`) rules on the player's cards and the board, with an
    ``"optimal"`` flop (:mod:`.exposure.rule_flop`) except with a turn-river card seen. Rules
    naming the seen dealer cards need those cards seen."""
    needs = strategy.needs_seen
    shown = DEALER_CARDS_SEEN.get(seen, 0)
    if needs and shown != needs:
        what = "one dealer card" if needs == 1 else "both dealer cards"
        return (f"strategy={strategy} names the seen dealer card{'s' if needs == 2 else ''} in "
                f"its preflop rules: it needs {what} seen ("
                + ("seen=dealer-1, dealer-1,flop-1 or dealer-1,turn-river-1" if needs == 1
                   else "seen=dealer-2") + f"), not seen={seen}.")
    if strategy.names_versus_dealer and seen is not Seen.DEALER_2:
        return (f"strategy={strategy} names versus_dealer in its flop or river rules: it needs "
                f"both dealer cards seen (seen=dealer-2), not seen={seen}.")
    if seen is Seen.DEALER_1_TURN_RIVER_1 and not strategy.later_streets_optimal \
            and strategy.flop.optimal:
        return (f"strategy={strategy} with seen={seen} is not supported: it plays the flop "
                "optimally (given the dealer card and the turn or river card it sees, and its "
                "own river rules), a decision edge does not count with a turn-river card seen; "
                "write [flop] rules (its river may be rules or optimal), play both the flop "
                "and the river optimally, or choose seen=dealer-1 or dealer-1,flop-1.")
    return ""


TRIPS_RULE_TEXT = {
    TripsRule.STANDARD: "Trips pays by table on the player's best five of seven cards, three of "
                        "a kind or better, even after a fold; it loses otherwise.",
    TripsRule.BEAT_DEALER: "Trips (beat-dealer rule) pays by table on the player's best five of "
                           "seven cards, three of a kind or better, only when that hand beats "
                           "the dealer's; it pushes when the hands tie and loses otherwise. It "
                           "is settled against the dealer's hand even when the player folds.",
    TripsRule.BEAT_DEALER_FOLD_LOSES: "Trips (beat-dealer rule, a fold loses it) pays by table "
                                      "on the player's best five of seven cards, three of a "
                                      "kind or better, only when that hand beats the dealer's; "
                                      "it pushes when the hands tie and loses otherwise, and "
                                      "when the player folds (the folds of the strategy with "
                                      "the standard Blind table).",
}


def describe_rules(rules: UltimateTexasHoldemRules) -> list[str]:
    """The rules as implemented, for reports."""
    no_qualify = ("the Ante pushes and Play and Blind are settled as usual"
                  if rules.dealer_no_qualify is DealerNoQualify.ANTE_PUSH
                  else "Ante, Play and Blind are all returned")
    return [
        "One 52-card deck, shuffled every hand. The player gets two cards, the dealer two, "
        "and five community cards are dealt (three on the flop, then two).",
        "The player bets equal Ante and Blind, then may Play 4x or 3x the Ante before the flop, "
        "2x after the flop if still unbet, and 1x after the river or fold (losing Ante and "
        "Blind). Best five of seven cards; the dealer qualifies with a pair or better.",
        "Player higher: Play and Ante pay 1:1, the Blind pays by its table on a straight or "
        "better and pushes below. Dealer higher: Ante, Play and Blind lose. Tie: all push. "
        f"Dealer not qualifying: {no_qualify}.",
        f"Strategy: {rules.strategy}; decisions of exactly equal value take the "
        f"{rules.ties} wager.",
        TRIPS_RULE_TEXT[rules.trips_rule],
        "The progressive (no pay table in the sources of the rules: configurable) pays fixed "
        "amounts and shares of the meter on the hole cards and flop (or all seven); the meter "
        f"is {rules.meter}.",
    ]


SOURCE = ("a casino's Italian-language Ultimate Texas Hold'em table rules (stakes in Swiss "
          "francs) and a casino's Bulgarian-language Ultimate Texas Hold'em house rules")
