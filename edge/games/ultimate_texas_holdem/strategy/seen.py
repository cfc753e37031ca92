"""Preflop rules of an Ultimate Texas Hold'em strategy, which may name the seen dealer card(s)
(game protection: an advantage player's simple rule, docs/strategies.md).

A strategy's ``[preflop]`` table may list ``[[preflop.rules]]`` before its chart: each rule is
a set of conditions on the preflop features below and an ``action`` (``"4x"``, ``"3x"`` or
``"check"``); the first rule whose conditions all hold decides, and a hand no rule decides
follows the chart (``raise_4x``, ``raise_3x``; every class not listed checks)::

    [[preflop.rules]]          # 4x with any pair
    pocket_pair = true
    action = "4x"

    [[preflop.rules]]          # 4x when the seen dealer card is below both hole cards
    dealer_card_vs = "below"
    action = "4x"

The features, each a small whole number read from the player's two cards and what is seen:
``pocket_pair``, ``suited`` (true/false), ``high_card``, ``low_card`` (ranks) as in the flop
and river rules; with one dealer card seen, ``dealer_card`` (its rank), ``dealer_card_vs``
(where it falls against the player's two ranks: ``below`` both, ``pairs-low`` (the lower's
rank), ``between``, ``pairs-high`` (the higher's rank, or the pocket pair's), ``above`` both)
and ``dealer_card_suited`` (it shares a suit with a hole card); with both dealer cards seen,
``ahead`` (the player's two cards outrank the dealer's as starting hands: a pair beats no pair,
then the pair's rank, else the higher card, then the lower; equal is not ahead) and
``dealer_pair``. Ranks take ``_min``, ``_max``, ``_below`` and ``_above`` as in the other
rules. Every feature reads ranks and which cards share a suit, never which suit: a rule is
suit-symmetric, so deciding the solve's listed states decides every dealt one.

Rules that name nothing seen are folded into the chart when the file is read (the strategy is
then an ordinary chart); rules that name the seen cards need the matching ``--set seen=...``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Final

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.decisions.holdem_features import show_value, split_suffix
from edge.errors import StrategyError

IntArray = npt.NDArray[np.int64]

BOOLEAN: Final = ("false", "true")
VERSUS: Final = ("below", "pairs-low", "between", "pairs-high", "above")
ACTIONS: Final = {"4x": 4, "3x": 3, "check": 0}
# what each feature needs seen: 0 nothing, 1 one dealer card, 2 both dealer cards
NEEDS: Final = {"pocket_pair": 0, "suited": 0, "high_card": 0, "low_card": 0,
                "dealer_card": 1, "dealer_card_vs": 1, "dealer_card_suited": 1,
                "ahead": 2, "dealer_pair": 2}
RANK_FEATURES: Final = frozenset({"high_card", "low_card", "dealer_card"})
NAMED: Final[Mapping[str, tuple[str, ...]]] = {
    "pocket_pair": BOOLEAN, "suited": BOOLEAN, "dealer_card_suited": BOOLEAN,
    "ahead": BOOLEAN, "dealer_pair": BOOLEAN, "dealer_card_vs": VERSUS}
NEEDS_WORDS: Final = {1: "one dealer card seen (seen=dealer-1, dealer-1,flop-1 or "
                         "dealer-1,turn-river-1)", 2: "both dealer cards seen (seen=dealer-2)"}
_WORDS: Final = {
    "pocket_pair": ("his hole cards are a pair", "his hole cards are not a pair"),
    "suited": ("his hole cards are suited", "his hole cards are offsuit"),
    "dealer_card_suited": ("the seen dealer card shares a suit with a hole card",
                           "the seen dealer card shares no suit with his hole cards"),
    "ahead": ("his two cards outrank the dealer's", "his two cards do not outrank the dealer's"),
    "dealer_pair": ("the dealer's cards are a pair", "the dealer's cards are not a pair"),
}
_VERSUS_WORDS: Final = ("below both his cards", "of his lower card's rank",
                        "between his two cards", "of his higher card's rank",
                        "above both his cards")


@dataclass(frozen=True)
class PreflopCondition:
    """One condition: feature ``name``'s value must be one of ``allowed``."""

    name: str
    allowed: frozenset[int]
    text: str                  # as written: ``dealer_card_vs = "below"``
    words: str                 # in words: ``the seen dealer card is below both his cards``


@dataclass(frozen=True)
class PreflopRule:
    """A preflop rule: when every condition holds, Play ``action`` (4, 3, or 0 to check)."""

    conditions: tuple[PreflopCondition, ...]
    action: int
    number: int
    text: str
    words: str

    @property
    def needs(self) -> int:
        """What the rule needs seen: 0 nothing, 1 one dealer card, 2 both."""
        return max((NEEDS[c.name] for c in self.conditions), default=0)


def _rank(item: object, where: str) -> int:
    if isinstance(item, int) and not isinstance(item, bool) and 2 <= item <= 10:
        item = str(item)
    text = "T" if item == "10" else str(item).upper() if isinstance(item, str) else ""
    if len(text) != 1 or text not in RANKS:
        raise StrategyError(f"{where}: {item!r} is not a rank (2-9, T, J, Q, K, A)")
    return RANKS.index(text)


def _code(name: str, item: object, where: str) -> int:
    if name in RANK_FEATURES:
        return _rank(item, f"{where}: '{name}'")
    values = NAMED[name]
    if values is BOOLEAN:
        if not isinstance(item, bool):
            raise StrategyError(f"{where}: '{name}' is true or false, not {item!r}")
        return int(item)
    if not isinstance(item, str) or item not in values:
        raise StrategyError(f"{where}: '{name}' cannot be {item!r}; choose from "
                            f"{', '.join(values)}")
    return values.index(item)


def _words(name: str, codes: Sequence[int], suffix: str) -> str:
    if name in _WORDS:
        return _WORDS[name][0 if list(codes) == [1] else 1]
    if name == "dealer_card_vs":
        return "the seen dealer card is " + " or ".join(_VERSUS_WORDS[c] for c in codes)
    what = {"high_card": "his higher card", "low_card": "his lower card",
            "dealer_card": "the seen dealer card"}[name]
    if suffix:
        bound = {"_min": "{} or higher", "_max": "{} or lower", "_below": "below {}",
                 "_above": "above {}"}[suffix]
        return f"{what} is " + bound.format(RANKS[codes[0]])
    return f"{what} is " + " or ".join(RANKS[c] for c in codes)


def _within(value: int, suffix: str, bound: int) -> bool:
    """Whether ``value`` meets the bound of ``suffix`` (``_min``, ``_max``, ``_below``,
    ``_above``)."""
    if suffix == "_min":
        return value >= bound
    if suffix == "_max":
        return value <= bound
    return value < bound if suffix == "_below" else value > bound


def _condition(key: str, raw: object, where: str) -> PreflopCondition:
    base, suffix = split_suffix(key, RANK_FEATURES)
    if base not in NEEDS:
        raise StrategyError(f"{where}: unknown preflop feature '{key}'; the features are: "
                            f"{', '.join(NEEDS)} (ranks with _min, _max, _below, _above), "
                            "and action")
    text = f"{key} = {show_value(raw)}"
    if suffix:
        if isinstance(raw, list):
            raise StrategyError(f"{where}: '{key}' takes one rank, not a list")
        bound = _code(base, raw, where)
        allowed = frozenset(v for v in range(13) if _within(v, suffix, bound))
        return PreflopCondition(base, allowed, text, _words(base, [bound], suffix))
    items = raw if isinstance(raw, list) else [raw]
    if not items:
        raise StrategyError(f"{where}: '{key}' has an empty list")
    codes = sorted({_code(base, item, where) for item in items})
    return PreflopCondition(base, frozenset(codes), text, _words(base, codes, ""))


def parse_rules(raw_rules: object, label: str) -> tuple[PreflopRule, ...]:
    """The ``[[preflop.rules]]`` list of a strategy file (``label``: where, for errors)."""
    if not isinstance(raw_rules, list):
        raise StrategyError(f"{label}: rules must be a list of tables ([[preflop.rules]])")
    rules = []
    for number, raw in enumerate(raw_rules, start=1):
        where = f"{label} rule {number}"
        if not isinstance(raw, dict):
            raise StrategyError(f"{where}: must be a table of conditions and an action")
        action = raw.get("action")
        if action not in ACTIONS:
            raise StrategyError(f"{where}: action is 4x, 3x or check, not {action!r}")
        conditions = tuple(_condition(key, value, where) for key, value in raw.items()
                           if key != "action")
        text = ", ".join(c.text for c in conditions) or "always"
        words = " and ".join(c.words for c in conditions) or "always"
        rules.append(PreflopRule(conditions, ACTIONS[str(action)], number, text, words))
    return tuple(rules)


# --- the features of preflop states ---------------------------------------------------------

def _order(first: IntArray, second: IntArray) -> IntArray:
    """A starting hand's rank order: a pair above no pair, then the pair's rank, else the
    higher card, then the lower."""
    high, low = np.maximum(first >> 2, second >> 2), np.minimum(first >> 2, second >> 2)
    order: IntArray = np.where(high == low, 1000 + high, high * 13 + low)
    return order


def features(cards: IntArray, dealer_seen: int) -> dict[str, IntArray]:
    """Each feature's value for preflop states (rows of ``cards``: the two hole cards, then
    the ``dealer_seen`` seen dealer cards); the features needing more than is seen are
    left out."""
    first, second = cards[:, 0], cards[:, 1]
    high, low = np.maximum(first >> 2, second >> 2), np.minimum(first >> 2, second >> 2)
    values = {"pocket_pair": (high == low).astype(np.int64),
              "suited": ((first & 3) == (second & 3)).astype(np.int64),
              "high_card": high, "low_card": low}
    if dealer_seen == 1:
        dealer = cards[:, 2]
        rank = dealer >> 2
        values["dealer_card"] = rank
        values["dealer_card_vs"] = np.select(
            [rank < low, (rank == low) & (low != high), rank < high, rank == high],
            [0, 1, 2, 3], 4).astype(np.int64)
        values["dealer_card_suited"] = (((dealer & 3) == (first & 3))
                                        | ((dealer & 3) == (second & 3))).astype(np.int64)
    if dealer_seen == 2:
        values["ahead"] = (_order(first, second) > _order(cards[:, 2], cards[:, 3])
                           ).astype(np.int64)
        values["dealer_pair"] = ((cards[:, 2] >> 2) == (cards[:, 3] >> 2)).astype(np.int64)
    return values


def decide(rules: Sequence[PreflopRule], otherwise: IntArray,
           values: Mapping[str, IntArray]) -> npt.NDArray[np.int8]:
    """The preflop Play (4, 3 or 0) of each state: the first rule that holds, else
    ``otherwise`` (the chart's choice for the state's class)."""
    choice = np.asarray(otherwise, dtype=np.int8).copy()
    open_ = np.ones(len(choice), dtype=bool)
    for rule in rules:
        holds = open_.copy()
        for condition in rule.conditions:
            if condition.name not in values:
                raise StrategyError(f"preflop rule {rule.number} names '{condition.name}', "
                                    f"which needs {NEEDS_WORDS[NEEDS[condition.name]]}")
            holds &= np.isin(values[condition.name], sorted(condition.allowed))
        choice[holds] = rule.action
        open_ &= ~holds
    return choice


def fold_into_chart(rules: Sequence[PreflopRule], classes: Sequence[str],
                    chart: Mapping[str, int]) -> dict[str, int]:
    """Rules naming nothing seen, applied to one hand of each class ahead of ``chart``."""
    rows = np.array([_example(name) for name in classes], dtype=np.int64)
    choice = decide(rules, np.array([chart[name] for name in classes], dtype=np.int64),
                    features(rows, 0))
    return {name: int(c) for name, c in zip(classes, choice, strict=True)}


def _example(name: str) -> tuple[int, int]:
    """Two cards of a class (``"AKs"``): the higher in suit 0, the lower in suit 0 or 1."""
    high, low = RANKS.index(name[0]), RANKS.index(name[1])
    return high * 4, low * 4 + (0 if name.endswith("s") else 1)


def hole_card_files() -> list[tuple[str, str]]:
    """The named hole-card strategies' files (``data/hole-card-*.toml``) as (file name, TOML
    text): rules naming the seen dealer card(s), valued only with that exposure."""
    folder = resources.files("edge.games.ultimate_texas_holdem").joinpath("data")
    return [(entry.name, entry.read_text(encoding="utf-8"))
            for entry in sorted(folder.iterdir(), key=lambda entry: entry.name)
            if entry.name.startswith("hole-card-") and entry.name.endswith(".toml")]
