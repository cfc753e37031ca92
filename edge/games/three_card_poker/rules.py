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
from functools import cached_property

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
RULE_KEYS = ("play", "raise_from", "raise", "against")
# Names a strategy's [against] table may give a group of seen ranks (edge sorting's groups).
RANK_GROUP_NAMES = {"low": "2-J", "high": "Q-A"}


@dataclass(frozen=True)
class RaiseRule(PlayerStrategy):
    """Tri-Card Poker's raise/fold strategy: the exact solve (``solved``), or per hand class
    (``HAND_CLASSES`` order, weakest first) the weakest hand raised."""

    solved: bool = False
    classes: tuple[ClassRule, ...] = (ALL,) * len(HAND_CLASSES)
    # by the rank of the one dealer card seen (13, deuce first): the rule against it; () when
    # the rule reads no seen card (``classes`` alone decides)
    against: tuple[tuple[ClassRule, ...], ...] = ()

    @property
    def reads_seen(self) -> bool:
        """Whether the rule depends on a seen dealer card (an ``[against]`` table)."""
        return bool(self.against)

    def against_rank(self, rank: int) -> RaiseRule:
        """The rule a player follows once the seen dealer card's rank is ``rank``."""
        return RaiseRule(self.info, classes=self.against[rank]) if self.against else self

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
    if rule.against:
        runs: list[list[int]] = []          # consecutive seen ranks with the same rule
        for rank in range(len(RANKS)):
            if runs and rule.against[runs[-1][0]] == rule.against[rank]:
                runs[-1].append(rank)
            else:
                runs.append([rank])
        parts = [f"against a {RANKS[run[0]]}" + (f" to {RANKS[run[-1]]}" if len(run) > 1 else "")
                 + f": {rule_summary(rule.against_rank(run[0]))[7:-1]}" for run in runs]
        return "Raise, by the seen dealer card: " + "; ".join(parts) + "."
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


def _raise_from(value: object, reader: StrategyFile,
                where: str = "raise_from") -> tuple[ClassRule, ...]:
    """``raise_from``: "any", a class name (that class and better), or the weakest hand."""
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


def rank_group(text: str) -> tuple[int, ...] | None:
    """The ranks a group names (``Q``, ``2-J``, ``K-J``: one rank or a range, either way
    round), or None when ``text`` names none."""
    ends = [part.strip().upper() for part in text.split("-")]
    if not 1 <= len(ends) <= 2 or any(len(end) != 1 or end not in RANKS for end in ends):
        return None
    ranks = sorted(RANKS.index(end) for end in ends)
    return tuple(range(ranks[0], ranks[-1] + 1))


def _against(table: TomlTable, reader: StrategyFile) -> tuple[tuple[ClassRule, ...], ...]:
    """``[against]``: by the seen dealer card, a group of ranks (``"2-J"``, ``Q``, ``low``,
    ``high``) and the rule against it, as ``raise_from`` writes it (or ``none``)."""
    found: dict[int, tuple[ClassRule, ...]] = {}
    for key, value in table.items():
        where = f"[against] {key}"
        ranks = rank_group(RANK_GROUP_NAMES.get(key.strip().lower(), key))
        if ranks is None:
            raise reader.error(where, f"{key!r} is not a seen card: give a rank (Q), a range "
                                      "of ranks (2-J) or low (2-J) / high (Q-A)")
        if isinstance(value, str) and value.strip().lower() == "none":
            rule: tuple[ClassRule, ...] = (None,) * len(HAND_CLASSES)
        else:
            rule = _raise_from(value, reader, where)
        for rank in ranks:
            if rank in found:
                raise reader.error(where, f"the rank {RANKS[rank]} is given twice")
            found[rank] = rule
    missing = [RANKS[rank] for rank in range(len(RANKS)) if rank not in found]
    if missing:
        raise reader.error("[against]", f"no rule against a seen {', '.join(missing)}: give "
                                        "one for every rank")
    return tuple(found[rank] for rank in range(len(RANKS)))


def _per_class(table: TomlTable, reader: StrategyFile) -> tuple[ClassRule, ...]:
    reader.check_keys(table, HAND_CLASSES, "[raise]")
    return tuple(_class_rule(table[name], name, f"[raise] {name}", reader)
                 if name in table else ALL for name in HAND_CLASSES)


def parse_raise_rule(reader: StrategyFile) -> RaiseRule:
    """A Tri-Card strategy file: the shared keys, then exactly one of ``play = "optimal"``,
    ``raise_from = "Q-6-4"``, a ``[raise]`` table by hand class, or an ``[against]`` table by
    the one dealer card seen (game protection)."""
    data = reader.data
    reader.check_keys(data, (*reader.header_keys, *RULE_KEYS))
    info = reader.info()
    given = [key for key in RULE_KEYS if key in data]
    if len(given) != 1:
        raise reader.error("", "give exactly one of play = \"optimal\", raise_from = "
                               "\"Q-6-4\", a [raise] table by hand class or an [against] "
                               "table by seen dealer card"
                           + (f" (found {', '.join(given)})" if given else ""))
    if "play" in data:
        play = reader.string(data, "play", "play")
        if play != "optimal":
            raise reader.error("play", f"{play!r}: the only play is \"optimal\" (the exact "
                                       "solve); write a rule with raise_from or [raise]")
        return RaiseRule(info, solved=True)
    if "raise_from" in data:
        return RaiseRule(info, classes=_raise_from(data["raise_from"], reader))
    if "against" in data:
        return RaiseRule(info, against=_against(reader.table(data, "against", "[against]"),
                                                reader))
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
    docs/protection.md): nothing, one to three of the dealer's cards, only whether one to
    three of them are high (Q, K, A) or low (2 to J), as edge sorting tells, or which group of
    ranks (the ``split`` option) each of one to three of them is in."""

    NONE = "none"
    DEALER_1 = "dealer-1"
    DEALER_2 = "dealer-2"
    DEALER_3 = "dealer-3"
    SORTED_1 = "sorted-1"
    SORTED_2 = "sorted-2"
    SORTED_3 = "sorted-3"
    SPLIT_1 = "split-1"
    SPLIT_2 = "split-2"
    SPLIT_3 = "split-3"


# The scenarios a rule with an [against] table reads: one dealer card, or its group of ranks.
ONE_CARD_SEEN = (Seen.DEALER_1, Seen.SORTED_1, Seen.SPLIT_1)
# Edge sorting's groups, as a split: high Q-A, low 2-J (sorted-k is split-k with this split).
SORTED_SPLIT = "Q-A/2-J"
DEFAULT_SPLIT = "A/K-J/2-T"       # ace / face card (J, Q, K) / low (2 to 10)


def parse_split(text: str) -> tuple[tuple[int, ...], ...]:
    """The groups of ranks a ``split`` names (``A/K-J/2-T``): each a rank or a range, every
    rank in exactly one group; an :class:`OptionError` naming the bad value otherwise."""
    groups: list[tuple[int, ...]] = []
    for part in text.split("/"):
        ranks = rank_group(part)
        if ranks is None:
            raise OptionError(f"The option split={text}: {part.strip()!r} is not a rank or a "
                              "range of ranks (write groups like A/K-J/2-T).")
        groups.append(ranks)
    given = [rank for group in groups for rank in group]
    if len(groups) < 2 or sorted(given) != list(range(len(RANKS))):
        twice = sorted({RANKS[r] for r in given if given.count(r) > 1})
        missing = [RANKS[r] for r in range(len(RANKS)) if r not in given]
        raise OptionError(f"The option split={text} must put every rank in exactly one of "
                          "two or more groups separated by / (e.g. A/K-J/2-T)"
                          + (f"; given twice: {', '.join(twice)}" if twice else "")
                          + (f"; missing: {', '.join(missing)}" if missing else "") + ".")
    return tuple(groups)


class SeenKind(StrEnum):
    """What each seen dealer card tells the player: nothing is seen, the card itself, whether
    it is high or low (edge sorting), or its group of ranks (the ``split`` option)."""

    NONE = "none"
    DEALER = "dealer"
    SORTED = "sorted"
    SPLIT = "split"


# Each seen= value's kind and number of the dealer's three cards seen.
SEEN_KINDS = {Seen.NONE: (SeenKind.NONE, 0),
              Seen.DEALER_1: (SeenKind.DEALER, 1), Seen.DEALER_2: (SeenKind.DEALER, 2),
              Seen.DEALER_3: (SeenKind.DEALER, 3),
              Seen.SORTED_1: (SeenKind.SORTED, 1), Seen.SORTED_2: (SeenKind.SORTED, 2),
              Seen.SORTED_3: (SeenKind.SORTED, 3),
              Seen.SPLIT_1: (SeenKind.SPLIT, 1), Seen.SPLIT_2: (SeenKind.SPLIT, 2),
              Seen.SPLIT_3: (SeenKind.SPLIT, 3)}


@dataclass(frozen=True)
class Exposure:
    """What the player sees of the dealer's hand, read once from the ``seen`` and ``split``
    options: the kind of sight, how many of the dealer's three cards are seen (0 to 3), and the
    groups of ranks the player tells apart (edge sorting: low and high; split-k: the ``split``
    option's; otherwise every rank alone)."""

    kind: SeenKind
    cards: int
    groups: tuple[tuple[int, ...], ...]


def exposure_of(seen: Seen, split: str = DEFAULT_SPLIT) -> Exposure:
    """The :class:`Exposure` of ``seen`` (``split``: the groups of ranks of split-k)."""
    kind, cards = SEEN_KINDS[seen]
    if kind is SeenKind.SORTED:
        groups = parse_split(SORTED_SPLIT)
    elif kind is SeenKind.SPLIT:
        groups = parse_split(split)
    else:
        groups = tuple((rank,) for rank in range(len(RANKS)))
    return Exposure(kind, cards, groups)


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
                        "(dealer-k), known only as high Q-K-A or low 2-J (sorted-k), or only "
                        "by their group of ranks in the split option (split-k)",
                        quiet_default=True)
    split: str = option(DEFAULT_SPLIT, "with seen=split-k: the groups of ranks the player "
                        "tells apart, separated by / (A/K-J/2-T: ace, face card, low)",
                        quiet_default=True)

    def __post_init__(self) -> None:
        ratio = self.pair_plus_ratio
        if isinstance(ratio, Fraction | int) and not isinstance(ratio, bool) and ratio <= 0:
            raise OptionError(f"The option pair_plus_ratio={ratio} must be more than 0 "
                              "(the Pair Plus wager per unit of Ante).")
        validate(self)
        parse_split(self.split)
        rule = self.strategy
        if not rule.reads_seen:
            return
        if self.seen not in ONE_CARD_SEEN:
            raise OptionError(f"The strategy {rule} reads one seen dealer card: use it with "
                              f"seen={', '.join(ONE_CARD_SEEN)}, not seen={self.seen}.")
        for group in self.exposure.groups:
            if len({rule.against[rank] for rank in group}) > 1:
                raise OptionError(
                    f"The strategy {rule} plays differently against the ranks "
                    f"{'-'.join(RANKS[r] for r in group)}, which seen={self.seen} tells apart "
                    "only as one group: give one rule per group.")

    @cached_property
    def exposure(self) -> Exposure:
        """What the player sees, read from the ``seen`` and ``split`` options once."""
        return exposure_of(self.seen, self.split)


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
