"""Ultimate Texas Hold'em strategies as data: the TOML language and its parser.

A strategy says what the player does at each of the three decisions (docs/rules.md section 4):
before the flop (4x, 3x or check) by a chart of the 169 starting classes; on the flop (bet 2x or
check) and on the river (play 1x or fold) by an ordered list of rules, each a set of conditions
on the hand's features; the first rule whose conditions all hold decides, else ``otherwise``.
A street may instead be played ``"optimal"``: the best decision given the strategy's later
play (on the river, the exact optimal 1x-or-fold decision).

The features (:mod:`.features`; docs/strategies.md, section "Ultimate Texas Hold'em", defines
each exactly) are read from the player's two hole cards and the board so far (three cards on
the flop, five on the river). Each is a small whole number, so a rule compiles to one set of
allowed values per feature it names, and the exact evaluation tests ``value in allowed`` in
the kernels.

Suit symmetry: every feature is defined from the cards' ranks and from which cards share a suit
(never from which suit it is), so a suit permutation of the hole cards and board leaves every
feature, hence every decision, unchanged. The exact evaluation relies on this: it computes the
features on one representative of each suit class of flops and boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from pathlib import Path
from typing import Final

import numpy as np

from edge.cards import RANKS
from edge.decisions.holdem_features import (
    BUILT_IN_FEATURES,
    COUNT_TIES,
    FEATURES,
    Condition,
    Feature,
    all_of,
    holdem_condition,
    parse_rank,
)
from edge.errors import StrategyError
from edge.files import parse_toml
from edge.games.ultimate_texas_holdem.strategy.seen import (
    PreflopRule,
    fold_into_chart,
    hole_card_files,
    parse_rules,
)
from edge.strategies import (
    STRATEGY_TOML_ERRORS,
    PlayerStrategy,
    StrategyCatalog,
    StrategyFile,
    StrategyInfo,
)

GAME_NAME: Final = "ultimate-texas-holdem"

class Street(IntEnum):
    """The three decisions, in play order."""

    PREFLOP = 0
    FLOP = 1
    RIVER = 2


STREET_ACTIONS: Final = {Street.FLOP: ("check", "bet"), Street.RIVER: ("fold", "play")}
# the actions in words, as a person reads a rule: "he bets 2x when ..."
ACTION_WORDS: Final = {Street.FLOP: ("checks", "bets 2x"), Street.RIVER: ("folds", "bets 1x")}


# --- parsed strategies --------------------------------------------------------------------------

@dataclass(frozen=True)
class Rule:
    """A flop or river rule: when every condition holds, take ``action`` (1 bet/play, 0 not)."""

    conditions: tuple[Condition, ...]
    action: int
    number: int                        # 1-based position in its list
    text: str                          # the conditions as written, joined
    words: str = ""                    # the conditions in words, joined: ``he holds a pair and
                                       # a hole card is in it``; ``always`` for none

    def matches(self, values: Sequence[int]) -> bool:
        """Whether every condition holds for a hand with these feature values."""
        return all(values[c.feature] in c.allowed for c in self.conditions)


@dataclass(frozen=True)
class StreetPlan:
    """A flop or river decision: ordered rules and the action when none matches, or optimal."""

    street: Street
    rules: tuple[Rule, ...] = ()
    otherwise: int = 0
    optimal: bool = False

    def decide(self, values: Sequence[int]) -> int:
        """The action for a hand with these feature values (not for an optimal street)."""
        return self.rule_index(values)[1]

    def rule_words(self, number: int) -> str:
        """Rule ``number`` (0: ``otherwise``) as a person reads it: ``rule 2: he bets 1x on the
        river when fewer than 21 unseen cards beat him``."""
        street = self.street.name.lower()
        if number == 0:
            action = ACTION_WORDS[self.street][self.otherwise]
            return f"no rule applies: he {action} on the {street}"
        rule = self.rules[number - 1]
        action = ACTION_WORDS[self.street][rule.action]
        when = "always" if rule.words == "always" else f"when {rule.words}"
        return f"rule {number}: he {action} on the {street} {when}"

    def rule_index(self, values: Sequence[int]) -> tuple[int, int]:
        """(the 1-based number of the deciding rule, 0 for ``otherwise``; the action)."""
        for rule in self.rules:
            if rule.matches(values):
                return rule.number, rule.action
        return 0, self.otherwise


PREFLOP_ACTIONS: Final = {"4x": 4, "3x": 3, "check": 0}


@dataclass(frozen=True)
class UthStrategy(PlayerStrategy):
    """A parsed Ultimate Texas Hold'em strategy (see the module docstring): the preflop chart
    (``chart[i]`` is 4, 3 or 0 for ``CLASSES[i]``; unused when ``preflop_optimal``), the flop
    plan and the river plan."""

    preflop_optimal: bool = True
    chart: tuple[int, ...] = (0,) * 169
    flop: StreetPlan = StreetPlan(Street.FLOP, optimal=True)
    river: StreetPlan = StreetPlan(Street.RIVER, optimal=True)
    # preflop rules naming the seen dealer card(s), ahead of the chart (:mod:`.seen`)
    preflop_rules: tuple[PreflopRule, ...] = ()

    @property
    def needs_seen(self) -> int:
        """What the preflop rules need seen: 0 nothing, 1 one dealer card, 2 both."""
        return max((rule.needs for rule in self.preflop_rules), default=0)

    @property
    def names_versus_dealer(self) -> bool:
        """Whether a flop or river rule names ``versus_dealer`` (both dealer cards needed)."""
        return any(c.feature == Feature.VERSUS_DEALER for plan in (self.flop, self.river)
                   for rule in plan.rules for c in rule.conditions)

    @property
    def later_streets_optimal(self) -> bool:
        """Whether the flop and river are played optimally (or never reached: no check)."""
        never_checks = (not self.preflop_optimal and 0 not in self.chart
                        and all(rule.action for rule in self.preflop_rules))
        return never_checks or (self.flop.optimal and self.river.optimal)

    @property
    def preflop(self) -> dict[str, int]:
        """The chart by class name (``"AKs"`` -> 4, 3 or 0)."""
        return dict(zip(CLASSES, self.chart, strict=True))

    @property
    def is_optimal(self) -> bool:
        """Whether every street is played optimally (the exact solve)."""
        return self.preflop_optimal and self.flop.optimal and self.river.optimal

    @property
    def is_always_4x(self) -> bool:
        """Whether every holding bets 4x before the flop (nothing later is decided)."""
        return (not self.preflop_optimal and all(size == 4 for size in self.chart)
                and all(rule.action == 4 for rule in self.preflop_rules))

    @classmethod
    def resolve(cls, spec: str) -> UthStrategy:
        """A named strategy or a strategy file."""
        return CATALOG.get(spec)

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The named UTH strategies."""
        return CATALOG.names()


# --- the 169 preflop classes ------------------------------------------------------------------

def all_classes() -> tuple[str, ...]:
    """The 169 preflop classes: pairs ``"AA"``, suited ``"AKs"``, offsuit ``"AKo"``."""
    names = []
    for high in reversed(range(13)):
        names.append(RANKS[high] * 2)
        for low in reversed(range(high)):
            names += [f"{RANKS[high]}{RANKS[low]}s", f"{RANKS[high]}{RANKS[low]}o"]
    return tuple(names)


CLASSES: Final = all_classes()


def holding_class(a: int, b: int) -> str:
    """The preflop class of two cards: ``'AA'``, ``'AKs'`` or ``'AKo'`` (higher rank first)."""
    high, low = max(a >> 2, b >> 2), min(a >> 2, b >> 2)
    if high == low:
        return RANKS[high] * 2
    return f"{RANKS[high]}{RANKS[low]}{'s' if (a & 3) == (b & 3) else 'o'}"


# Holding ids: the two cards a < b, in lexicographic order (the kernels' numbering).
HOLDING_CARDS: Final = np.array([(a, b) for a in range(52) for b in range(a + 1, 52)],
                                dtype=np.int64)
HOLDING_CLASSES: Final = tuple(holding_class(int(a), int(b)) for a, b in HOLDING_CARDS)


_rank = parse_rank


def expand_range(text: str, where: str = "preflop") -> list[str]:
    """The classes of one chart entry: ``"AKs"``, ``"T9o"``, ``"77"``, ``"AK"`` (both),
    ``"33+"`` (33 up to AA), ``"A2s+"`` (A2s up to AKs), ``"K5o+"``, ``"22-66"``,
    ``"A2s-A5s"``, ``"any"``."""
    entry = text.strip()
    if entry == "any":
        return list(CLASSES)
    if "-" in entry:
        first, _, last = entry.partition("-")
        a, b = expand_range(first, where), expand_range(last, where)
        if len(a) != len(b) or len(a) > 2 or _shape(first) != _shape(last):
            raise StrategyError(f"{where}: {text!r} is not a range of one shape (e.g. '22-66', "
                            "'A2s-A5s')")
        return _between(first, last, where)
    plus = entry.endswith("+")
    body = entry[:-1] if plus else entry
    if len(body) not in (2, 3) or (len(body) == 3 and body[2] not in "so"):
        raise StrategyError(f"{where}: {text!r} is not a class or range (e.g. 'AKs', 'T9o', '77', "
                        "'33+', 'A2s+', 'K5o+', '22-66', 'any')")
    high, low = _rank(body[0], where), _rank(body[1], where)
    if high == low:
        if len(body) == 3:
            raise StrategyError(f"{where}: {text!r}: a pair is neither suited nor offsuit")
        return [RANKS[r] * 2 for r in range(high, 13)] if plus else [RANKS[high] * 2]
    if high < low:
        raise StrategyError(f"{where}: {text!r}: write the higher rank first")
    suits = body[2] if len(body) == 3 else "so"
    lows = range(low, high) if plus else [low]
    return [f"{RANKS[high]}{RANKS[r]}{s}" for r in lows for s in suits]


def _shape(text: str) -> str:
    body = text.strip()
    return "pair" if body[0] == body[1] else f"{body[0]}{body[2:] or 'so'}"


def _between(first: str, last: str, where: str) -> list[str]:
    a, b = first.strip(), last.strip()
    if a[0] == a[1]:
        lo, hi = sorted((_rank(a[0], where), _rank(b[0], where)))
        return [RANKS[r] * 2 for r in range(lo, hi + 1)]
    lo, hi = sorted((_rank(a[1], where), _rank(b[1], where)))
    suits = a[2] if len(a) == 3 else "so"
    if hi >= _rank(a[0], where):
        raise StrategyError(f"{where}: {first}-{last}: the second rank must stay below the first")
    return [f"{a[0].upper()}{RANKS[r]}{s}" for r in range(lo, hi + 1) for s in suits]


# --- the parser ---------------------------------------------------------------------------------

def _optimal(data: object, label: str, keys: tuple[str, ...], usual: str) -> bool:
    """Check a street's table (its ``keys`` and ``play``); whether it is played optimally."""
    if not isinstance(data, dict):
        raise StrategyError(f"{label}: must be a table")
    unknown = set(data) - {*keys, "play"}
    if unknown:
        raise StrategyError(f"{label}: unknown key '{sorted(unknown)[0]}'; the keys are "
                            f"{', '.join(keys)}, play")
    play = data.get("play", usual)
    if play not in (usual, "optimal"):
        raise StrategyError(f"{label}: play is \"{usual}\" or \"optimal\", not {play!r}")
    if play == "optimal" and any(key in data for key in keys):
        raise StrategyError(f"{label}: play = \"optimal\" takes no {' or '.join(keys)}")
    return bool(play == "optimal")


# the rules a street may have: the kernels number them in 4 bits, 0 for otherwise
MOST_RULES: Final = 15


def _street(data: object, street: Street, where: str) -> StreetPlan:
    label = f"{where}[{street.name.lower()}]"
    actions = STREET_ACTIONS[street]
    if data is None:
        return StreetPlan(street, (), 0)
    if _optimal(data, label, ("rules", "otherwise"), "rules"):
        return StreetPlan(street, (), 0, optimal=True)
    assert isinstance(data, dict)
    otherwise = data.get("otherwise", actions[0])
    if otherwise not in actions:
        raise StrategyError(f"{label}: otherwise is {' or '.join(actions)}, not {otherwise!r}")
    raw_rules = data.get("rules", [])
    if not isinstance(raw_rules, list):
        raise StrategyError(f"{label}: rules must be a list of tables ([[{street.name.lower()}"
                        ".rules]])")
    if len(raw_rules) > MOST_RULES:
        raise StrategyError(f"{label}: {len(raw_rules)} rules; a street takes at most "
                            f"{MOST_RULES} (join rules with the same action, or let otherwise "
                            "decide the rest)")
    rules = []
    for number, raw in enumerate(raw_rules, start=1):
        rule_where = f"{label} rule {number}"
        if not isinstance(raw, dict):
            raise StrategyError(f"{rule_where}: must be a table of conditions and an action")
        if "action" not in raw:
            raise StrategyError(f"{rule_where}: no action (one of {', '.join(actions)})")
        action = raw["action"]
        if action not in actions:
            raise StrategyError(f"{rule_where}: action is {' or '.join(actions)}, not {action!r}")
        count_ties = raw.get("count_ties", "no")
        if count_ties not in COUNT_TIES:
            raise StrategyError(f"{rule_where}: count_ties is {', '.join(COUNT_TIES)}, not "
                            f"{count_ties!r}")
        keys = [key for key in raw if key not in ("action", "count_ties")]
        if "count_ties" in raw and not any(k.startswith("dealer_outs") for k in keys):
            raise StrategyError(f"{rule_where}: count_ties goes with a dealer_outs condition")
        conditions = tuple(holdem_condition(key, raw[key], count_ties,
                                            street == Street.RIVER, rule_where)
                           for key in keys)
        for key, condition in zip(keys, conditions, strict=True):
            if BUILT_IN_FEATURES <= condition.feature < FEATURES:
                raise StrategyError(f"{rule_where}: '{key}' is a feature of game files with a "
                                    "shared board (docs/games-from-files.md); the built-in "
                                    "game's rules read the others")
        text = ", ".join(c.text for c in conditions) or "always"
        words = all_of([c.words for c in conditions]) or "always"
        rules.append(Rule(conditions, actions.index(action), number, text, words))
    return StreetPlan(street, tuple(rules), actions.index(otherwise))


def _preflop(data: object, where: str) -> tuple[dict[str, int], bool, tuple[PreflopRule, ...]]:
    label = f"{where}[preflop]"
    if data is None:
        return dict.fromkeys(CLASSES, 0), False, ()
    if _optimal(data, label, ("raise_4x", "raise_3x", "rules"), "chart"):
        return {}, True, ()
    assert isinstance(data, dict)
    rules = parse_rules(data.get("rules", []), label)
    chart = dict.fromkeys(CLASSES, 0)
    seen: dict[str, str] = {}
    for key, size in (("raise_4x", 4), ("raise_3x", 3)):
        entries = data.get(key, [])
        if isinstance(entries, str):
            entries = [entries]
        if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
            raise StrategyError(f"{label}: {key} is a list of classes and ranges, e.g. "
                            "[\"33+\", \"A2s+\"]")
        for entry in entries:
            for name in expand_range(entry, f"{label} {key} entry {entry!r}"):
                if name in seen and seen[name] != key:
                    raise StrategyError(f"{label}: {name} is in both raise_4x and raise_3x")
                seen[name] = key
                chart[name] = size
    if not any(rule.needs for rule in rules):     # nothing seen: an ordinary chart
        return fold_into_chart(rules, CLASSES, chart), False, ()
    return chart, False, rules


TABLES: Final = ("preflop", "flop", "river")


def parse_uth_strategy(reader: StrategyFile) -> UthStrategy:
    """A strategy file: the shared keys (``edge.strategies``), then ``[preflop]``, ``[flop]``
    and ``[river]``; ``StrategyError`` naming the file and the bad entry."""
    data = reader.data
    reader.check_keys(data, (*reader.header_keys, *TABLES))
    info = reader.info()
    prefix = f"strategy file {reader.label!r}, "
    chart, preflop_optimal, preflop_rules = _preflop(data.get("preflop"), prefix)
    flop = _street(data.get("flop"), Street.FLOP, prefix)
    river = _street(data.get("river"), Street.RIVER, prefix)
    return UthStrategy(info, preflop_optimal, tuple(chart.get(name, 0) for name in CLASSES),
                       flop, river, preflop_rules)


def parse_text(text: str, label: str = "strategy", game: str = GAME_NAME) -> UthStrategy:
    """A strategy from TOML text (tests, inline strategies)."""
    data = parse_toml(text, STRATEGY_TOML_ERRORS, label)
    named = {"name": Path(label).stem, **data}
    return parse_uth_strategy(StrategyFile(named, label, game, None))


def load_strategy(path: str | Path) -> UthStrategy:
    """A strategy file or a named strategy (``"wizard-practical"``)."""
    return UthStrategy.resolve(str(path))


OPTIMAL = UthStrategy(StrategyInfo(
    "optimal", "Every decision as the exact solve says for the pays and rules at hand."))
ALWAYS_4X = UthStrategy(StrategyInfo(
    "always-4x", "Play 4x before the flop with every hand (the \"blind box\" play)."),
    preflop_optimal=False, chart=(4,) * 169, flop=StreetPlan(Street.FLOP),
    river=StreetPlan(Street.RIVER))


# The named strategies: the two built in code, the hole-card ones, then strategies/*.toml
# (docs/strategies.md).
CATALOG: Final = StrategyCatalog(GAME_NAME, "edge.games.ultimate_texas_holdem",
                                 parse_uth_strategy,
                                 (OPTIMAL, ALWAYS_4X, *(parse_text(text, name)
                                                        for name, text in hole_card_files())))
