"""A strategy file for a game file: the player's options per decision as short rules
(docs/games-from-files.md), played exactly and priced against the optimal strategy.

The file has the shared header of every strategy file (docs/strategies.md), then one table per
decision it plays, named as the game file names the decision::

    [third-street]
    otherwise = "fold"                              # a hand no rule names
    rules = [
        { action = "bet-3x", made = "pair" },
        { action = "bet-1x", high = { count = 1, from = "J" } },
        { action = "bet-1x", lowest = "6" },
    ]

A decision the file leaves out is played as the solve plays it. The conditions of a rule are
those of :mod:`edge.decisions.rules`: ``made``, ``pair`` (``"6-10"``, ``"J"``), ``high``
(``{ count, from }``), ``suited``, ``within``, ``outs``, ``lowest``, ``in_play`` and ``hands`` (hand
classes as ``edge strategy`` prints them: ``"A-K suited, Q"``).

With the dealer's card face up (Caribbean Stud) a rule may also read the whole hand and that
card (:mod:`edge.decisions.upcard_rules`: ``at_least``, ``top``, ``up``, ``matched``,
``up_below``, ``up_suited``, and ``hands`` naming a hand with the dealer's card); its return
and each rule's cost come from every state's value under each option
(:func:`~edge.decisions.upcard.option_values`), exactly.

Its exact return counts every deal forward under its choices
(:func:`~edge.decisions.solve.count_forward`). The cost of its departures is counted the same
way, decision by decision and rule by rule: with the file's play before a decision and the
optimal play from it on, letting one rule's hands depart changes the return by exactly that
rule's departures' cost (the points of a decision are disjoint, and what follows is played
optimally in both counts), so the costs sum to the difference of the two exact returns.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.decisions.rules import (
    MADE,
    POKER,
    RANK_NAMES,
    Condition,
    DecisionRules,
    Rule,
    apply_rules,
    class_name,
    classes,
)
from edge.decisions.solve import Counted, Decision, Solution, count_forward
from edge.decisions.upcard import UpcardValues, count_upcard, option_values, values_return
from edge.decisions.upcard_rules import (
    UP_KEYS,
    apply_up_rules,
    deck_of,
    up_features,
)
from edge.strategies import (
    OPTIMAL,
    Departure,
    PlayerStrategy,
    StrategyCatalog,
    StrategyComparison,
    StrategyFile,
    StrategyInfo,
    largest_first,
)

IntArray = npt.NDArray[np.int64]
RULE_KEYS = ("action", "made", "pair", "high", "suited", "within", "outs", "lowest", "in_play",
             "hands")


@dataclass(frozen=True)
class GameFileStrategy(PlayerStrategy):
    """A strategy for a game file: rules for some decisions (by index); the others, and the
    strategy named ``optimal``, are played as solved."""

    plays: tuple[DecisionRules, ...] = ()

    def choices(self, solution: Solution) -> tuple[npt.NDArray[np.int8], ...]:
        """The option for every (set index, total on arrival) of each decision."""
        found = list(solution.choices)
        for rules in self.plays:
            seen = solution.problem.decisions[rules.decision].seen
            if is_up(solution):
                found[rules.decision] = apply_up_rules(rules, up_features(
                    deck_of(found[rules.decision], solution.problem.cards),
                    solution.problem.cards))[0]
                continue
            features, of_set, _ = classes(seen)
            action, _ = apply_rules(rules, features, solution.totals[rules.decision])
            found[rules.decision] = action[of_set]
        return tuple(found)


def _rank(text: object, file: StrategyFile, where: str) -> int:
    word = str(text).strip().upper()
    word = "T" if word == "10" else word
    if len(word) != 1 or word not in RANK_NAMES:
        raise file.error(where, f"{text!r} is not a rank (2 to 10, J, Q, K, A)")
    return RANK_NAMES.index(word)


def _count(value: object, file: StrategyFile, where: str, most: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise file.error(where, f"{value!r} must be a whole number from 1 to {most}")
    return value


def _one_of(entry: Mapping[str, object], key: str, names: tuple[str, ...],
            values: dict[str, Any], file: StrategyFile, where: str) -> None:
    """A key whose value is one of ``names`` (a hand's name), put in ``values`` if given."""
    if key in entry:
        if entry[key] not in names:
            raise file.error(f"{where} {key}", f"{entry[key]!r} is not one of "
                                               f"{', '.join(names)}")
        values[key] = entry[key]


def _condition(entry: Mapping[str, object], file: StrategyFile, where: str, seen: int,
               names: Mapping[str, Any]) -> Condition:
    values: dict[str, Any] = {}
    _one_of(entry, "made", MADE, values, file, where)
    if "pair" in entry:
        low, _, high = str(entry["pair"]).partition("-")
        values["pair_from"] = _rank(low, file, f"{where} pair")
        values["pair_to"] = _rank(high or low, file, f"{where} pair")
    if "high" in entry:
        given = entry["high"]
        counts = given if isinstance(given, list) else [given]
        found = []
        for count in counts:
            if not isinstance(count, Mapping) or set(count) != {"count", "from"}:
                raise file.error(f"{where} high", "write high = { count = 2, from = \"J\" } "
                                                  "or an array of such tables")
            found.append((_count(count["count"], file, f"{where} high.count", seen),
                          _rank(count["from"], file, f"{where} high.from")))
        values["high"] = tuple(found)
    if "suited" in entry:
        values["suited"] = _count(entry["suited"], file, f"{where} suited", seen)
    if "within" in entry:
        values["within"] = _count(entry["within"], file, f"{where} within", 13)
    if "outs" in entry:
        values["outs"] = _count(entry["outs"], file, f"{where} outs", 13)
    if "lowest" in entry:
        values["lowest"] = _rank(entry["lowest"], file, f"{where} lowest")
    if "in_play" in entry:
        amount = entry["in_play"]
        if isinstance(amount, bool) or not isinstance(amount, int | float):
            raise file.error(f"{where} in_play", f"{amount!r} must be a number of units")
        values["in_play"] = Fraction(str(amount))
    if "hands" in entry:
        hands = entry["hands"]
        if not isinstance(hands, list):
            raise file.error(f"{where} hands", "must be an array of hands such as "
                                               "[\"A-K suited, Q\"]")
        for hand in hands:
            if hand not in names:
                raise file.error(f"{where} hands", f"{hand!r} is not a hand of {seen} cards "
                                                   "as edge strategy names it (\"A-K suited, "
                                                   "Q\", \"9 9\", \"A K Q offsuit\")")
        found_hands = [names[hand] for hand in hands]
        # with the dealer's card face up, a hand may be named with that card (a state)
        # (a class: a tuple of tuples; a state: the class, the up card's rank and suit's place)
        states = [isinstance(h[-1], int) for h in found_hands]
        values["hands"] = frozenset(h for h, s in zip(found_hands, states, strict=True)
                                    if not s)
        values["states"] = frozenset(h for h, s in zip(found_hands, states, strict=True) if s)
    return Condition(**values, **_up_condition(entry, file, where))


def _up_condition(entry: Mapping[str, object], file: StrategyFile, where: str
                  ) -> dict[str, Any]:
    """The conditions on the whole hand and the dealer's card face up."""
    values: dict[str, Any] = {}
    _one_of(entry, "at_least", POKER, values, file, where)
    if "top" in entry:
        ranks = str(entry["top"]).split("-")
        top = tuple(_rank(rank, file, f"{where} top") for rank in ranks)
        if len(top) > 5 or list(top) != sorted(top, reverse=True):
            raise file.error(f"{where} top", f"{entry['top']!r} must be ranks from the "
                                             "highest down, such as \"A-K\"")
        values["top"] = top
    if "up" in entry:
        low, _, high = str(entry["up"]).partition("-")
        values["up_from"] = _rank(low, file, f"{where} up")
        values["up_to"] = _rank(high or low, file, f"{where} up")
        if values["up_from"] > values["up_to"]:
            raise file.error(f"{where} up", f"{entry['up']!r} must run from low to high, "
                                            "such as \"2-Q\"")
    if "matched" in entry:
        if not isinstance(entry["matched"], bool):
            raise file.error(f"{where} matched", f"{entry['matched']!r} must be true or false")
        values["matched"] = entry["matched"]
    if "up_below" in entry:
        values["up_below"] = _count(entry["up_below"], file, f"{where} up_below", 5)
    if "up_suited" in entry:
        given = entry["up_suited"]
        if isinstance(given, bool) or not isinstance(given, int) or not 0 <= given <= 5:
            raise file.error(f"{where} up_suited", f"{given!r} must be a whole number from "
                                                   "0 to 5")
        values["up_suited"] = given
    return values


def decision_rules(file: StrategyFile, table: Mapping[str, object], index: int, name: str,
              decisions: tuple[Decision, ...], up: bool) -> DecisionRules:
    """The rules of one decision's table ``[name]`` (``index``: the decision's)."""
    decision = decisions[index]
    option, otherwise = option_reader(file, table, decision)
    keys = RULE_KEYS if not up else UP_KEYS
    seen = decision.seen if not up else decision.seen - 1
    names = _Names(seen, up)
    rules = []
    for number, entry in enumerate(file.array(table, "rules", f"[{name}]", required=False), 1):
        where = f"[{name}] rule {number}"
        if not isinstance(entry, Mapping):
            raise file.error(where, "must be a table such as { action = \"bet-1x\", "
                                    "made = \"pair\" }")
        file.check_keys(entry, keys, where)
        action = option(entry.get("action"), f"{where} action")
        rules.append(Rule(action, _condition(entry, file, where, seen, names)))
    return DecisionRules(index, tuple(rules), otherwise)


def option_reader(file: StrategyFile, table: Mapping[str, object], decision: Decision
                  ) -> tuple[Callable[[object, str], int], int]:
    """A decision's table checked for its keys (``rules``, ``otherwise``): the reader of an
    option's name (its index; a name that is not an option is an error naming ``where``), and
    the ``otherwise`` option."""
    name = decision.name
    options = [o.name for o in decision.options]
    file.check_keys(table, ("rules", "otherwise"), f"[{name}]")

    def option(value: object, where: str) -> int:
        if value not in options:
            raise file.error(where, f"{value!r} is not an option of {name} "
                                    f"({', '.join(options)})")
        return options.index(str(value))
    return option, option(file.string(table, "otherwise", f"[{name}]"),
                          f"[{name}] otherwise")


class _Names(Mapping[str, Any]):
    """The hand classes of ``seen`` cards by name (made only when a rule names hands)."""

    def __init__(self, seen: int, up: bool) -> None:
        self.seen, self.up = seen, up

    @functools.cached_property
    def _names(self) -> dict[str, Any]:
        keys = up_features(n=self.seen).keys if self.up else classes(self.seen)[0].keys
        return {class_name(key): key for key in keys}

    def __getitem__(self, name: str) -> Any:
        hand, against, card = name.partition(" against a ")
        if not (self.up and against):
            return self._names[name]
        key = self._names[hand]
        rank, _, suit = card.partition(" of ")
        if rank not in RANK_NAMES or len(rank) != 1:
            raise KeyError(name)
        places = [i for i, group in enumerate(key)
                  if f"the suit of the {'-'.join(RANK_NAMES[r] for r in group)}" == suit]
        if suit != "another suit" and not places:
            raise KeyError(name)
        return (key, RANK_NAMES.index(rank), places[0] if places else len(key))

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def is_up(solution: Solution) -> bool:
    """Whether the solve's decision is made with the dealer's card face up (its states are
    the hand and that card: more cards seen than the player's)."""
    return any(d.seen > solution.problem.cards for d in solution.problem.decisions)


def strategy_kind(game: str, decisions: tuple[Decision, ...],
                  up: bool = False, base: type[GameFileStrategy] = GameFileStrategy
                  ) -> type[GameFileStrategy]:
    """The strategy type of one game file (a subclass of ``base``), with its catalog (the
    solved ``optimal`` strategy named; any other a file); ``up``: its decision is made with
    the dealer's card face up."""
    kind = dataclasses.make_dataclass(
        "".join(part.title() for part in game.split("-")) + "Strategy", [],
        bases=(base,), frozen=True)
    names = [d.name for d in decisions]

    def parse(file: StrategyFile) -> GameFileStrategy:
        file.check_keys(file.data, (*file.header_keys, *names))
        info = file.info()
        plays = tuple(decision_rules(file, file.table(file.data, name), i, name, decisions, up)
                      for i, name in enumerate(names) if name in file.data)
        result: GameFileStrategy = kind(info, plays)
        return result
    optimal = kind(StrategyInfo(OPTIMAL, "the optimal strategy, solved exactly from the "
                                         "game file"))
    StrategyCatalog(game, "edge.decisions", parse, (optimal,), kind=kind)
    return kind


def _rule_words(strategy: GameFileStrategy, solution: Solution, d: int, number: int) -> str:
    rules = next(r for r in strategy.plays if r.decision == d)
    decision = solution.problem.decisions[d]
    if number == len(rules.rules):
        return f"otherwise {decision.options[rules.otherwise].name}"
    rule = rules.rules[number]
    seen = decision.seen - 1 if is_up(solution) else decision.seen
    return (f"rule {number + 1}: {decision.options[rule.action].name} with "
            f"{rule.when.words(seen)}")


def compare(strategy: GameFileStrategy, solution: Solution, game: str, bet: str,
            unit: str, states: tuple[IntArray, IntArray, IntArray] | None = None
            ) -> tuple[StrategyComparison, Counted]:
    """The strategy against the optimal one: both exact returns, and each rule's departures
    (how often, and their exact cost per quote unit); and the strategy's own forward count
    (``states``: with the dealer's card face up, :func:`~edge.decisions.upcard.file_states`)."""
    if states is not None:
        return _compare_up(strategy, solution, game, bet, unit, states)
    problem = solution.problem
    played = strategy.choices(solution)
    own = count_forward(problem, played)
    optimal = solution.choices
    departures: list[Departure] = []
    for rules in strategy.plays:
        d = rules.decision
        decision = problem.decisions[d]
        features, of_set, _ = classes(decision.seen)
        _, which = apply_rules(rules, features, solution.totals[d])
        rule_of = which[of_set]
        departing = (played[d] != optimal[d]) & (own.arrivals[d] > 0)
        base = (*played[:d], *optimal[d:])
        base_return = count_forward(problem, base).player_return if d else \
            solution.player_return
        for number in sorted({int(n) for n in rule_of[departing]}):
            here = departing & (rule_of == number)
            mixed = np.where(here, played[d], optimal[d]).astype(np.int8)
            cost = base_return - count_forward(problem, (*base[:d], mixed,
                                                         *base[d + 1:])).player_return
            frequency = Fraction(int(own.arrivals[d][here].sum()), own.cycle)
            picks = sorted({(int(played[d][i, c]), int(optimal[d][i, c]))
                            for i, c in zip(*np.nonzero(here), strict=True)})
            departures.append(Departure(
                _rule_words(strategy, solution, d, number),
                "/".join(sorted({decision.options[p].name for p, _ in picks})),
                "/".join(sorted({decision.options[o].name for _, o in picks})),
                frequency, cost, decision.name))
    return (StrategyComparison(game, bet, strategy, solution.player_return,
                               own.player_return, largest_first(departures),
                               unit=f"per {unit}"), own)


def _compare_up(strategy: GameFileStrategy, solution: Solution, game: str, bet: str,
                unit: str, states: tuple[IntArray, IntArray, IntArray]
                ) -> tuple[StrategyComparison, Counted]:
    """:func:`compare` for one decision made with the dealer's card face up: every state's
    value under each option is known, so a rule's cost is the value its departing states
    lose, times how often each is reached; the costs sum to the difference of the returns."""
    problem = solution.problem
    outcome, sizes, counts = states
    deck = deck_of(solution.choices[0], problem.cards)
    values: UpcardValues = option_values(problem, outcome, counts, deck)
    played = strategy.choices(solution)
    own = count_upcard(problem, outcome, sizes, counts, played[0], values)
    if own.player_return != values_return(values, played[0], sizes):
        raise AssertionError("the strategy's counts and values give different returns")
    departures: list[Departure] = []
    for rules in strategy.plays:
        d = rules.decision
        decision = problem.decisions[d]
        _, which = apply_up_rules(rules, up_features(deck, problem.cards))
        departing = played[d] != solution.choices[d]
        for number in sorted({int(n) for n in which[departing]}):
            here = departing & (which == number)
            cost = (values_return(values, solution.choices[d], sizes, here)
                    - values_return(values, played[d], sizes, here))
            frequency = Fraction(int((here.sum(axis=1) * sizes).sum()) * values.hidden,
                                 values.cycle)
            picks = {(int(p), int(o)) for p, o in
                     zip(played[d][here].tolist(), solution.choices[d][here].tolist(),
                         strict=True)}
            departures.append(Departure(
                _rule_words(strategy, solution, d, number),
                "/".join(sorted({decision.options[p].name for p, _ in picks})),
                "/".join(sorted({decision.options[o].name for _, o in picks})),
                frequency, cost, decision.name))
    if sum((x.cost for x in departures), Fraction(0)) != (solution.player_return
                                                         - own.player_return):
        raise AssertionError("the costs of the rules do not add up to the difference")
    return (StrategyComparison(game, bet, strategy, solution.player_return,
                               own.player_return, largest_first(departures),
                               unit=f"per {unit}"), own)
