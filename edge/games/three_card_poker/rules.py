"""The rules of Tri-Card Poker (docs/rules.md section 2): its variant options, typed, and the
player's raise/fold rule as a strategy (docs/strategies.md, Tri-Card Poker).

A raise rule names, for each hand class, the weakest hand the player raises, by the ranks that
decide the hand (high to low; a pair by its rank then the kicker; a straight by its top card):
``Q-6-4`` raises Q-6-4 and every better high-card hand; a shorter rule compares only its ranks
(``Q-6`` is Q-6-x: Q-6-2 and better; ``Q`` is any queen-high).

>>> rule = RaiseRule.resolve("mimic")
>>> rule.raises("high-card", (10, 1, 0)), rule.raises("high-card", (9, 8, 7))
(True, False)
>>> RaiseRule.resolve("raise-all").raises("high-card", (5, 1, 0))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from edge.cards import RANKS
from edge.errors import OptionError
from edge.games import Rules
from edge.games.three_card_poker._kernels import HAND_CLASSES
from edge.options import option, validate
from edge.strategies import (
    PlayerStrategy,
    StrategyCatalog,
    StrategyFile,
    StrategyInfo,
    TomlTable,
    strategy_option,
)

GAME = "three-card-poker"


class Strategy(StrEnum):
    """The names of the strategies the game always had (``--set strategy=...``)."""

    OPTIMAL = "optimal"
    MIMIC = "mimic"
    RAISE_ALL = "raise-all"


# A class's rule: the weakest deciding ranks raised (a prefix, compared over its own length),
# () raises every hand of the class, None folds every one.
ClassRule = tuple[int, ...] | None
ALL: ClassRule = ()
RULE_KEYS = ("play", "raise_from", "raise")
# How many deciding ranks each class has (high to low; a pair: its rank, then the kicker).
DECIDING_RANKS = {"high-card": 3, "pair": 2, "flush": 3, "straight": 1, "three-of-a-kind": 1,
                  "straight-flush": 1}


@dataclass(frozen=True)
class RaiseRule(PlayerStrategy):
    """Tri-Card Poker's raise/fold strategy: the exact solve (``solved``), or per hand class
    (``HAND_CLASSES`` order, weakest first) the weakest hand raised."""

    solved: bool = False
    classes: tuple[ClassRule, ...] = (ALL,) * len(HAND_CLASSES)

    def raises(self, hand_class: str, ranks: tuple[int, ...]) -> bool:
        """Whether the rule raises a hand of ``hand_class`` with these deciding ranks (high to
        low, rank indexes 0 = deuce .. 12 = ace; a straight's top card, A-2-3 tops at 1)."""
        if self.solved:
            raise ValueError("the optimal strategy is decided by the exact solve")
        rule = self.classes[HAND_CLASSES.index(hand_class)]
        return rule is not None and ranks[:len(rule)] >= rule

    @property
    def is_optimal(self) -> bool:
        """Whether the rule is the exact solve's (a file may ask for it: ``play = "optimal"``)."""
        return self.solved


def rule_summary(rule: RaiseRule) -> str:
    """A raise rule in one line: ``'Raise: high-card from Q-6-4, pair all, flush none, ...'``."""
    if rule.solved:
        return "Raise or fold as the exact solve says."
    parts = [f"{name} {'from ' if weakest else ''}{rule_text(weakest, name)}"
             for name, weakest in zip(HAND_CLASSES, rule.classes, strict=True)]
    return "Raise: " + ", ".join(parts) + "."


def rule_text(rule: ClassRule, hand_class: str) -> str:
    """A class's rule as a strategy file writes it: ``all``, ``none`` or the weakest hand."""
    if rule is None:
        return "none"
    if not rule:
        return "all"
    if hand_class == "pair":
        ranks = [rule[0], rule[0], *rule[1:]]
        return "-".join(RANKS[r] for r in ranks)
    if hand_class == "three-of-a-kind":
        return "-".join(RANKS[rule[0]] for _ in range(3))
    if hand_class in ("straight", "straight-flush"):
        top = rule[0]
        return "-".join(RANKS[(top - k) % 13] for k in range(3))
    return "-".join(RANKS[r] for r in rule) + "-x" * (3 - len(rule))


def parse_hand(text: str, hand_class: str | None, where: str,
               reader: StrategyFile) -> tuple[str, tuple[int, ...]]:
    """A hand as a rule names it (``Q-6-4``, ``Q-6-x``, ``Q``, ``6-6``, ``6-6-Q``, ``7-7-7``,
    ``5-4-3``): its class (``hand_class`` when given: a flush's or a straight's ranks) and
    deciding ranks."""
    parts = [p.strip().upper() for p in text.split("-")]
    while parts and parts[-1] == "X":
        parts.pop()
    ranks: list[int] = []
    for part in parts:
        if part not in RANKS or len(part) != 1:
            raise reader.error(where, f"{text!r} is not a hand: {part!r} is not a rank "
                                      f"(write ranks high to low from {', '.join(RANKS)}, "
                                      "e.g. Q-6-4 or Q-6-x)")
        ranks.append(RANKS.index(part))
    if not ranks or len(ranks) > 3:
        raise reader.error(where, f"{text!r} is not a hand: give one to three ranks")
    found = hand_class
    if found is None:
        if len(ranks) == 3 and ranks[0] == ranks[1] == ranks[2]:
            found = "three-of-a-kind"
        elif len(ranks) >= 2 and ranks[0] == ranks[1]:
            found = "pair"
        else:
            found = "high-card"
    if found == "pair":
        key = ranks[1:] if len(ranks) >= 2 and ranks[0] == ranks[1] else ranks
        if len(key) > 1 and key[1] == key[0]:
            raise reader.error(where, f"{text!r} is not a pair: write the pair, then the kicker")
        return found, tuple(key)
    if found == "three-of-a-kind":
        if len(set(ranks)) != 1:
            raise reader.error(where, f"{text!r} is not three of a kind")
        return found, (ranks[0],)
    if found in ("straight", "straight-flush"):
        return found, (ranks[0],)
    if any(a <= b for a, b in zip(ranks, ranks[1:], strict=False)):
        raise reader.error(where, f"{text!r}: write the ranks high to low, all different "
                                  "(e.g. Q-6-4)")
    return found, tuple(ranks)


def _class_rule(value: object, hand_class: str, where: str, reader: StrategyFile) -> ClassRule:
    if not isinstance(value, str):
        raise reader.error(where, f"{value!r} must be a string: all, none or a hand "
                                  "(e.g. \"Q-6-4\")")
    text = value.strip().lower()
    if text == "all":
        return ALL
    if text == "none":
        return None
    _, ranks = parse_hand(value, hand_class, where, reader)
    return ranks


def _raise_from(value: object, reader: StrategyFile) -> tuple[ClassRule, ...]:
    """``raise_from``: "any", a class name (that class and better), or the weakest hand."""
    where = "raise_from"
    if not isinstance(value, str):
        raise reader.error(where, f"{value!r} must be a string: any, a hand class or a hand")
    text = value.strip().lower()
    if text in ("any", "all"):
        return (ALL,) * len(HAND_CLASSES)
    if text in HAND_CLASSES:
        start = HAND_CLASSES.index(text)
        return tuple(None if k < start else ALL for k in range(len(HAND_CLASSES)))
    hand_class, ranks = parse_hand(value, None, where, reader)
    start = HAND_CLASSES.index(hand_class)
    return tuple(None if k < start else ranks if k == start else ALL
                 for k in range(len(HAND_CLASSES)))


def _per_class(table: TomlTable, reader: StrategyFile) -> tuple[ClassRule, ...]:
    reader.check_keys(table, HAND_CLASSES, "[raise]")
    return tuple(_class_rule(table[name], name, f"[raise] {name}", reader)
                 if name in table else ALL for name in HAND_CLASSES)


def parse_raise_rule(reader: StrategyFile) -> RaiseRule:
    """A Tri-Card strategy file: the shared keys, then exactly one of ``play = "optimal"``,
    ``raise_from = "Q-6-4"`` or a ``[raise]`` table by hand class."""
    data = reader.data
    reader.check_keys(data, (*reader.header_keys, *RULE_KEYS))
    info = reader.info()
    given = [key for key in RULE_KEYS if key in data]
    if len(given) != 1:
        raise reader.error("", "give exactly one of play = \"optimal\", raise_from = "
                               "\"Q-6-4\" or a [raise] table by hand class"
                           + (f" (found {', '.join(given)})" if given else ""))
    if "play" in data:
        play = reader.string(data, "play", "play")
        if play != "optimal":
            raise reader.error("play", f"{play!r}: the only play is \"optimal\" (the exact "
                                       "solve); write a rule with raise_from or [raise]")
        return RaiseRule(info, solved=True)
    if "raise_from" in data:
        return RaiseRule(info, classes=_raise_from(data["raise_from"], reader))
    return RaiseRule(info, classes=_per_class(reader.table(data, "raise", "[raise]"), reader))


OPTIMAL = RaiseRule(StrategyInfo(
    "optimal", "Raise or fold each hand as the exact solve says for the pays and rules at hand "
    "(with the standard pays: raise Q-6-4 or better)."), solved=True)
CATALOG = StrategyCatalog(GAME, "edge.games.three_card_poker", parse_raise_rule,
                          (OPTIMAL,))
# The strategies the report's "Strategies compared" table shows (those the game always had).
COMPARED = tuple(Strategy)


class Seen(StrEnum):
    """What the player sees of the dealer's hand before the raise decision (game protection,
    docs/protection.md): nothing, one to three of the dealer's cards, or only whether one to
    three of them are high (Q, K, A) or low (2 to J), as edge sorting tells."""

    NONE = "none"
    DEALER_1 = "dealer-1"
    DEALER_2 = "dealer-2"
    DEALER_3 = "dealer-3"
    SORTED_1 = "sorted-1"
    SORTED_2 = "sorted-2"
    SORTED_3 = "sorted-3"


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
    strategy: RaiseRule = strategy_option(
        OPTIMAL, "the player's raise/fold rule: optimal (solved exactly), mimic (raise "
        "queen-high or better), raise-all, another named rule or a strategy file", COMPARED,
        practical="mimic")
    pair_plus_ratio: Fraction = option(Fraction(1), "Pair Plus wager per unit of Ante in the "
                                       "combined bet", minimum=Fraction(0))
    ties: Ties = option(Ties.SMALLER, "when raising and folding are worth exactly the same: the "
                        "smaller wager (fold) or the larger (raise)")
    seen: Seen = option(Seen.NONE, "game protection: dealer cards seen before the raise "
                        "(dealer-k), or known only as high Q-K-A or low 2-J (sorted-k)",
                        quiet_default=True)

    def __post_init__(self) -> None:
        ratio = self.pair_plus_ratio
        if isinstance(ratio, Fraction | int) and not isinstance(ratio, bool) and ratio <= 0:
            raise OptionError(f"The option pair_plus_ratio={ratio} must be more than 0 "
                              "(the Pair Plus wager per unit of Ante).")
        validate(self)
        if self.seen is not Seen.NONE and not self.strategy.is_optimal:
            raise OptionError(f"The option seen={self.seen} is analysed for the optimal "
                              f"strategy only, not strategy={self.strategy}: the exposed "
                              "player plays the exact solve of what he sees (`edge report "
                              "GAME --protection` reports every exposure).")


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
