"""The rules of Tri-Card Poker (docs/rules.md section 2): its variant options, typed."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from edge.errors import OptionError
from edge.games import Rules
from edge.options import option, validate


class Strategy(StrEnum):
    """The player's raise/fold rule."""

    OPTIMAL = "optimal"
    MIMIC = "mimic"
    RAISE_ALL = "raise-all"


class Ties(StrEnum):
    """What the solved strategy does when raising and folding are worth exactly the same."""

    SMALLER = "smaller"
    LARGER = "larger"


@dataclass(frozen=True)
class ThreeCardRules(Rules):
    """Variant options of Tri-Card Poker."""

    ace_low_straight: bool = option(True, "A-2-3 is the lowest straight (else ace high only)")
    fold_forfeits_pair_plus: bool = option(
        True, "a fold also loses the Pair Plus wager (the help page's rule; most casinos: "
        "false)")
    strategy: Strategy = option(Strategy.OPTIMAL, "the player's raise/fold rule: optimal "
                                "(solved exactly), mimic (raise queen-high or better) or "
                                "raise-all")
    pair_plus_ratio: Fraction = option(Fraction(1), "Pair Plus wager per unit of Ante in the "
                                       "combined bet", minimum=Fraction(0))
    ties: Ties = option(Ties.SMALLER, "when raising and folding are worth exactly the same: the "
                        "smaller wager (fold) or the larger (raise)")

    def __post_init__(self) -> None:
        ratio = self.pair_plus_ratio
        if isinstance(ratio, Fraction | int) and not isinstance(ratio, bool) and ratio <= 0:
            raise OptionError(f"The option pair_plus_ratio={ratio} must be more than 0 "
                              "(the Pair Plus wager per unit of Ante).")
        validate(self)


def describe_rules(rules: ThreeCardRules) -> list[str]:
    """The rules as implemented, for reports."""
    straight = ("A-2-3 is the lowest straight" if rules.ace_low_straight
                else "the ace is high only, so A-2-3 is not a straight")
    forfeit = ("a fold also loses a Pair Plus wager on the hand (the help page's rule)"
               if rules.fold_forfeits_pair_plus else "a fold loses the Ante only")
    return [
        "One 52-card deck; the player gets 3 cards, the dealer 3 of the other 49.",
        "Straight flush > three of a kind > straight > flush > pair > high card; within a class "
        f"ranks compare high to low (a pair by its rank, then the kicker); {straight}.",
        f"The player folds or raises an amount equal to the Ante; {forfeit}.",
        "The dealer qualifies with queen-high or better. Not qualified: Ante wins 1:1, Raise "
        "pushes. Qualified: the higher hand wins Ante and Raise 1:1, a tie pushes both.",
        "Ante Bonus: a raised straight or better is paid on the Ante whatever the dealer holds.",
        "Pair Plus: paid on the player's hand by its table; below a pair it loses.",
    ]
