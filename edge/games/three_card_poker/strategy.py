"""The Tri-Card Poker raise/fold decision solved exactly (docs/rules.md section 2), and the
strategy as a document: the rule, the hands near its border, and the strategies compared.

For each of the 22,100 player hands the expected values of raising and folding over the 18,424
dealer hands are compared as integers.

>>> from edge.games.three_card_poker.pays import PRESETS
>>> solution = solve(ante_decision(PRESETS["ante"]["3"]), ThreeCardRules())
>>> hand_label(solution.hands.cards[solution.weakest_raise])
'Q-6-4'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.document import Items, Paragraph, Report, Section, Table
from edge.games import RunSettings
from edge.games.three_card_poker._kernels import DEALER_RESULTS, HAND_CLASSES
from edge.games.three_card_poker.hands import (
    DEALER_HANDS,
    PLAYER_HANDS,
    HandCounts,
    IntArray,
    hand_counts,
    hand_label,
    hand_name,
    suit_pattern,
)
from edge.games.three_card_poker.pays import (
    ANTE_BONUS_OUTCOMES,
    ANTE_BONUS_PREFIX,
    COMBINED_OUTCOMES,
    PAIR_PLUS_PREFIX,
    PAY_CLASSES,
    ante_bonus_pays,
    checked,
    pair_plus_pays,
)
from edge.games.three_card_poker.rules import (
    RaiseRule,
    Strategy,
    ThreeCardRules,
    Ties,
    rule_summary,
)
from edge.options import options_dict
from edge.paytables import PayTable
from edge.strategies import Departure, StrategyComparison, largest_first
from edge.table import ReturnTable, decimal, exact

GAME_NAME = "three-card-poker"
ExactArray = npt.NDArray[Any]   # int64, or Python ints (dtype object) when int64 could overflow

# Net result of Ante + Raise (per unit Ante) for each dealer result, before the Ante Bonus.
RAISE_RESULT_PAYS = {"dealer-does-not-qualify": 1, "win": 2, "tie": 0, "loss": -2}
RESULT_PAYS = tuple(RAISE_RESULT_PAYS[name] for name in DEALER_RESULTS)


@dataclass(frozen=True)
class DecisionPays:
    """What rides on the raise/fold decision of one wager, per pay class (``PAY_CLASSES``), per
    unit of Ante:
    the pays beyond Ante and Raise on a raise (Ante Bonus, and Pair Plus when it rides too),
    and the whole net result of a fold."""

    bet: str
    on_raise: tuple[Fraction, ...]
    on_fold: tuple[Fraction, ...]
    ev_unit: str


def ante_decision(paytable: PayTable) -> DecisionPays:
    """The Ante alone: a raise wins the Ante Bonus, a fold loses the Ante."""
    paytable = checked(paytable, ANTE_BONUS_OUTCOMES, "ante")
    return DecisionPays("ante", tuple(ante_bonus_pays(paytable)),
                        (Fraction(-1),) * len(PAY_CLASSES), "per unit of Ante, Ante and Raise")


def combined_decision(paytable: PayTable, rules: ThreeCardRules) -> DecisionPays:
    """Ante and Pair Plus: Pair Plus is settled on a raise, and on a fold unless forfeited."""
    paytable = checked(paytable, COMBINED_OUTCOMES, "combined")
    ratio = rules.pair_plus_ratio
    pair_plus = pair_plus_pays(paytable, PAIR_PLUS_PREFIX)
    bonus = ante_bonus_pays(paytable, ANTE_BONUS_PREFIX)
    on_raise = tuple(b + ratio * pay for b, pay in zip(bonus, pair_plus, strict=True))
    on_fold = tuple(-1 - ratio if rules.fold_forfeits_pair_plus else -1 + ratio * pay
                    for pay in pair_plus)
    return DecisionPays("combined", on_raise, on_fold,
                        f"per unit of Ante, all wagers (Pair Plus {exact(ratio)})")


@dataclass(frozen=True)
class StrategySolution:
    """Exact expected values of raising and folding for every player hand, and the decisions.

    Values are per unit of Ante and cover every wager made (Ante and Raise, plus Pair Plus in
    the combined bet): a hand's EV of raising is ``raise_value[h] / scale``, folding
    ``fold_value[h] / scale``, both exact integers over one common positive ``scale``.
    """

    bet: str
    hands: HandCounts
    raise_value: ExactArray
    fold_value: ExactArray
    scale: int
    optimal: npt.NDArray[np.bool_]   # the solved decision (exact ties take the `ties` option)
    raises: npt.NDArray[np.bool_]    # the decision of the chosen strategy
    strategy: RaiseRule
    ev_unit: str = ""

    def ev_raise(self, hand: int) -> Fraction:
        """The exact EV of raising the hand with index ``hand``."""
        return Fraction(int(self.raise_value[hand]), self.scale)

    def ev_fold(self, hand: int) -> Fraction:
        """The exact EV of folding the hand with index ``hand``."""
        return Fraction(int(self.fold_value[hand]), self.scale)

    def class_of(self, hand: int) -> int:
        """The hand class (index into ``HAND_CLASSES``) of the hand with index ``hand``."""
        return int(self.hands.classes[hand])

    @property
    def weakest_raise(self) -> int:
        """Index of a weakest hand the solved strategy raises (-1 if it never raises)."""
        if not self.optimal.any():
            return -1
        strengths = np.where(self.optimal, self.hands.strengths, np.iinfo(np.int64).max)
        return int(np.argmin(strengths))

    @property
    def border(self) -> int | None:
        """The strength of the rule "raise this or better" (``None``: fold every hand).

        Of the two readings of a rule that is not monotone, the one with fewer exceptions
        is taken: the weakest raising hand (exceptions: stronger hands that fold) or the
        weakest hand above which every hand raises (exceptions: weaker hands that raise).
        """
        return self._rule()[0]

    @property
    def exceptions(self) -> npt.NDArray[np.int64]:
        """Indexes of the hands whose solved decision differs from the rule at :attr:`border`."""
        return self._rule()[1]

    def _rule(self) -> tuple[int | None, npt.NDArray[np.int64]]:
        strengths = self.hands.strengths
        if not self.optimal.any():
            return None, np.flatnonzero(self.optimal)
        lowest_raise = int(strengths[self.optimal].min())
        folds_above = np.flatnonzero(~self.optimal & (strengths >= lowest_raise))
        folded = strengths[~self.optimal]
        above = strengths[strengths > folded.max()] if folded.size else strengths
        if above.size == 0:
            return lowest_raise, folds_above
        top_border = int(above.min())
        raises_below = np.flatnonzero(self.optimal & (strengths < top_border))
        if raises_below.size < folds_above.size:
            return top_border, raises_below
        return lowest_raise, folds_above

    @property
    def exact_ties(self) -> int:
        """How many hands have raise and fold worth exactly the same."""
        return int(np.count_nonzero(self.raise_value == self.fold_value))


def _exact_array(per_class: list[int], per_hand: IntArray, factor: int,
                 classes: IntArray) -> ExactArray:
    """``per_class[class] + factor * per_hand`` exactly: int64 when it fits, else Python ints."""
    bound = max(abs(v) for v in per_class) + abs(factor) * int(np.abs(per_hand).max(initial=0))
    if bound < 2 ** 62:
        return np.array(per_class, dtype=np.int64)[classes] + np.int64(factor) * per_hand
    exact_values: ExactArray = (np.array(per_class, dtype=object)[classes]
                                + factor * per_hand.astype(object))
    return exact_values


def solve(pays: DecisionPays, rules: ThreeCardRules,
          hands: HandCounts | None = None) -> StrategySolution:
    """Solve the raise/fold decision of every hand exactly for what rides on it."""
    hands = hands if hands is not None else hand_counts(rules.ace_low_straight)
    raise_class, on_fold = list(pays.on_raise), list(pays.on_fold)
    denominator = math.lcm(*(v.denominator for v in raise_class + on_fold))
    scale = denominator * DEALER_HANDS
    # Ante + Raise over the dealer hands, by the dealer's result.
    ante_raise = sum((pay * hands.counts[:, column] for column, pay in enumerate(RESULT_PAYS)),
                     np.zeros(len(hands.counts), dtype=np.int64)).astype(np.int64)
    raise_value = _exact_array([int(v * scale) for v in raise_class], ante_raise, denominator,
                               hands.pay_classes)
    fold_value = _exact_array([int(v * scale) for v in on_fold],
                              np.zeros_like(ante_raise), 0, hands.pay_classes)
    optimal = (raise_value >= fold_value) if rules.ties is Ties.LARGER \
        else (raise_value > fold_value)
    optimal = np.asarray(optimal, dtype=np.bool_)
    rule = rules.strategy
    raises = optimal if rule.solved else rule_raises(rule, hands)
    return StrategySolution(pays.bet, hands, raise_value, fold_value, scale, optimal,
                            raises, rule, pays.ev_unit)


def deciding_ranks(cards: Sequence[int] | IntArray, hand_class: int) -> tuple[int, ...]:
    """The ranks that decide a hand within its class, high to low, as a raise rule names them:
    a pair's rank then the kicker; a straight's top card (A-2-3: the 3); else all three.

    >>> from edge.cards import parse_cards
    >>> deciding_ranks(parse_cards("6h 6s Qd"), HAND_CLASSES.index("pair"))
    (4, 10)
    """
    ranks = sorted((int(c) >> 2 for c in cards), reverse=True)
    name = HAND_CLASSES[hand_class]
    if name == "pair":
        pair = ranks[1]
        return (pair, ranks[0] if ranks[2] == pair else ranks[2])
    if name in ("straight", "straight-flush"):
        return (1,) if ranks == [12, 1, 0] else (ranks[0],)
    if name == "three-of-a-kind":
        return (ranks[0],)
    return tuple(ranks)


def deciding_rank_codes(hands: HandCounts) -> IntArray:
    """Every hand's deciding ranks (as :func:`deciding_ranks`, padded with deuces to three) as
    one number, base 13, high rank first: hands of one class compare as their codes."""
    return hands.rank_codes


def rule_raises(rule: RaiseRule, hands: HandCounts) -> npt.NDArray[np.bool_]:
    """The analysis's reading of a raise rule: its decision for every player hand (a hand of a
    class raises when its deciding ranks are at least the rule's weakest hand of the class)."""
    codes = deciding_rank_codes(hands)
    raises = np.zeros(len(codes), dtype=np.bool_)
    for k, weakest in enumerate(rule.classes):
        if weakest is None:
            continue
        padded = (*weakest, 0, 0, 0)[:3]
        floor = (padded[0] * 13 + padded[1]) * 13 + padded[2]
        raises |= (hands.classes == k) & (codes >= floor)
    return raises


# --- the rule and the hands near it -----------------------------------------------------------
@dataclass(frozen=True)
class HandGroup:
    """Player hands of one strength and one suit pattern (equal EVs by suit symmetry)."""

    name: str
    hand_class: str
    suits: str
    hands: int
    ev_raise: Fraction
    ev_fold: Fraction
    optimal: bool
    raises: bool


def hand_groups(solution: StrategySolution, indexes: Sequence[int] | IntArray) -> list[HandGroup]:
    """Group the given hands by strength and suit pattern, strongest first."""
    groups: dict[tuple[int, str], list[int]] = {}
    for hand in indexes:
        cards = solution.hands.cards[int(hand)]
        key = (int(solution.hands.strengths[int(hand)]), suit_pattern(cards))
        groups.setdefault(key, []).append(int(hand))
    result = []
    for (_, pattern), members in sorted(groups.items(), key=lambda item: -item[0][0]):
        first = members[0]
        result.append(HandGroup(
            hand_label(solution.hands.cards[first]), HAND_CLASSES[solution.class_of(first)],
            pattern, len(members), solution.ev_raise(first), solution.ev_fold(first),
            bool(solution.optimal[first]), bool(solution.raises[first])))
    return result


def border_hands(solution: StrategySolution, width: int = 3) -> npt.NDArray[np.int64]:
    """Indexes of the hands of the ``width`` strengths on each side of the strategy border."""
    strengths = solution.hands.strengths
    distinct = np.unique(strengths)
    border = solution.border
    at = int(np.searchsorted(distinct, border)) if border is not None else len(distinct)
    chosen = distinct[max(at - width, 0):at + width]
    return np.flatnonzero(np.isin(strengths, chosen))


def strategy_rule(solution: StrategySolution) -> str:
    """The solved rule in one line: ``'Raise Q-6-4 (high card) or better; fold the rest.'``."""
    border = solution.border
    if border is None:
        return "Fold every hand."
    if border == int(solution.hands.strengths.min()):
        rule = "Raise every hand."
    else:
        hand = int(np.flatnonzero(solution.hands.strengths == border)[0])
        rule = (f"Raise {hand_name(solution.hands.cards[hand], solution.class_of(hand))} "
                "or better; fold the rest.")
    exceptions = solution.exceptions
    if exceptions.size:
        verb = "raise" if solution.optimal[exceptions[0]] else "fold"
        rule += f" Exceptions: {verb} the {exceptions.size} hands listed."
    return rule


CHOSEN_RULES: dict[str, str] = {
    Strategy.MIMIC: "Raise queen-high or better (mimic the dealer); fold the rest.",
    Strategy.RAISE_ALL: "Raise every hand."}


def chosen_rule(solution: StrategySolution) -> str:
    """The rule of the chosen strategy in one line."""
    rule = solution.strategy
    if rule.solved:
        return strategy_rule(solution)
    return CHOSEN_RULES.get(rule.name, rule.description) if rule.file is None \
        else rule.description or rule_summary(rule)


# --- the strategy as data and as a document ---------------------------------------------------
def _group_data(group: HandGroup) -> dict[str, Any]:
    return {"hand": group.name, "class": group.hand_class, "suits": group.suits,
            "hands": group.hands, "ev_raise": exact(group.ev_raise),
            "ev_fold": exact(group.ev_fold),
            "raise_minus_fold": exact(group.ev_raise - group.ev_fold),
            "optimal": "raise" if group.optimal else "fold",
            "decision": "raise" if group.raises else "fold"}


def strategy_data(paytable: PayTable, rules: ThreeCardRules, solution: StrategySolution,
                  border: Sequence[HandGroup], exceptions: Sequence[HandGroup]
                  ) -> dict[str, Any]:
    """Everything the strategy shows, as plain data (exact values as strings)."""
    weakest = solution.weakest_raise
    raised = int(np.count_nonzero(solution.raises))
    return {
        "game": GAME_NAME,
        "bet": solution.bet,
        "paytable": {"name": paytable.name, "pays": {k: exact(v) for k, v in paytable.pays}},
        "options": options_dict(rules),
        "strategy": str(rules.strategy),
        "rule": chosen_rule(solution),
        "optimal_rule": strategy_rule(solution),
        "weakest_raise": None if weakest < 0 else {
            "hand": hand_label(solution.hands.cards[weakest]),
            "class": HAND_CLASSES[solution.class_of(weakest)]},
        "monotone": solution.exceptions.size == 0,
        "exceptions": [_group_data(g) for g in exceptions],
        "exact_ties": solution.exact_ties,
        "raise_hands": raised,
        "raise_frequency": exact(Fraction(raised, PLAYER_HANDS)),
        "ev_unit": solution.ev_unit,
        "border": [_group_data(g) for g in border],
    }


def strategy_report(paytable: PayTable, rules: ThreeCardRules,
                    pays: DecisionPays) -> dict[str, Any]:
    """Everything the strategy of one wager shows, as plain data (:func:`strategy_data`)."""
    solution = solve(pays, rules)
    return strategy_data(paytable, rules, solution, hand_groups(solution, border_hands(solution)),
                         hand_groups(solution, solution.exceptions))


HAND_HEADERS = ("hand", "class", "suits", "hands", "EV raise", "EV fold", "raise - fold",
                "optimal", "decision")


def _cells(group: HandGroup) -> tuple[str, ...]:
    return (group.name, group.hand_class, group.suits, str(group.hands),
            f"{exact(group.ev_raise)} ({decimal(group.ev_raise, 6)})",
            f"{exact(group.ev_fold)} ({decimal(group.ev_fold, 6)})",
            decimal(group.ev_raise - group.ev_fold, 6), "raise" if group.optimal else "fold",
            "raise" if group.raises else "fold")


def _facts(paytable: PayTable, rules: ThreeCardRules, solution: StrategySolution,
           exception_groups: int) -> list[tuple[str, str]]:
    pays = ", ".join(f"{k} {exact(v)}" for k, v in paytable.pays)
    options = ", ".join(f"{k}={v}" for k, v in options_dict(rules).items())
    weakest = solution.weakest_raise
    raised = int(np.count_nonzero(solution.raises))
    return [
        ("bet", solution.bet),
        ("pay table", f"{paytable.name} ({pays})"),
        ("options", options),
        ("optimal rule", strategy_rule(solution)),
        ("weakest raising hand", "none" if weakest < 0
         else f"{hand_label(solution.hands.cards[weakest])} "
              f"({HAND_CLASSES[solution.class_of(weakest)].replace('-', ' ')})"),
        ("monotone", "yes" if solution.exceptions.size == 0 else
         f"no: {exception_groups} exception groups"),
        ("hands with raise = fold exactly", str(solution.exact_ties)),
        ("hands raised (chosen strategy)",
         f"{raised:,} of {PLAYER_HANDS:,} "
         f"({decimal(Fraction(raised, PLAYER_HANDS) * 100, 4)}%)"),
        ("EVs", solution.ev_unit),
    ]


Analysis = Callable[[PayTable | None, ThreeCardRules, RunSettings], ReturnTable]


def strategy_document(paytable: PayTable, rules: ThreeCardRules, pays: DecisionPays,
                      analysis: Analysis, run: RunSettings) -> Report:
    """The strategy of one wager as a document: the rule and its facts, the hands near the
    border (and any exceptions), and the wager under each strategy the game offers."""
    solution = solve(pays, rules)
    rule = chosen_rule(solution)
    border = hand_groups(solution, border_hands(solution))
    exceptions = hand_groups(solution, solution.exceptions)
    blocks: list[Paragraph | Items | Table] = [
        Paragraph(f"Strategy {rules.strategy}: {rule}"),
        Items(tuple(_facts(paytable, rules, solution, len(exceptions)))),
        Table(HAND_HEADERS, tuple(_cells(g) for g in border), "Hands near the border"),
    ]
    if exceptions:
        blocks.append(Table(HAND_HEADERS, tuple(_cells(g) for g in exceptions),
                            "Exceptions to the rule (not monotone)"))
    compared = []
    for strategy in Strategy:
        table = analysis(paytable, replace(rules, strategy=RaiseRule.resolve(strategy)), run)
        raised = dict(table.decisions).get("raise", 0)
        compared.append((str(strategy), f"{decimal(table.house_edge * 100, 4)}%",
                         exact(table.house_edge),
                         f"{decimal(Fraction(raised, table.cycle) * 100, 4)}%"))
    comparison = Table(("strategy", "house edge", "exact", "hands raised"), tuple(compared),
                       "The wager under each strategy")
    return Report(
        f"Tri-Card Poker strategy: {rule}", (), (
            Section(f"The {solution.bet} wager", tuple(blocks)),
            Section("Strategies compared", (comparison,)),
        ), game=GAME_NAME, game_title="Tri-Card Poker (Three Card Poker)",
        data=strategy_data(paytable, rules, solution, border, exceptions))


# --- a strategy against the optimal one -------------------------------------------------------
def departure_group(cards: Sequence[int] | IntArray, hand_class: int) -> str:
    """The group a departure is listed under: a high-card hand by its top two ranks
    (``'Q-5-x high card'``), a pair by its rank (``'pair of 6s'``), else the hand class."""
    name = HAND_CLASSES[hand_class]
    ranks = deciding_ranks(cards, hand_class)
    if name == "high-card":
        return f"{RANKS[ranks[0]]}-{RANKS[ranks[1]]}-x high card"
    if name == "pair":
        return f"pair of {RANKS[ranks[0]]}s"
    return name.replace("-", " ")


def compare_strategy(pays: DecisionPays, rules: ThreeCardRules,
                     initial_wager: Fraction) -> StrategyComparison:
    """The strategy in ``rules`` against the optimal one, hand by hand: where it raises a hand
    the solve folds (or the reverse), the exact cost is the hand's probability times the
    difference of the two EVs, per unit initially wagered; grouped as a reader names hands
    (a hand whose raise and fold are worth exactly the same is not a departure)."""
    solution = solve(pays, rules)
    hands = solution.hands
    raise_value, fold_value = solution.raise_value, solution.fold_value
    best = np.where(solution.optimal, raise_value, fold_value)
    played = np.where(solution.raises, raise_value, fold_value)
    unit = solution.scale * PLAYER_HANDS * initial_wager
    groups: dict[tuple[str, bool], list[int]] = {}
    for hand in np.flatnonzero(played != best):   # an exact tie is no departure
        index = int(hand)
        key = (departure_group(hands.cards[index], solution.class_of(index)),
               bool(solution.raises[index]))
        groups.setdefault(key, []).append(index)
    departures = []
    for (situation, raised), members in groups.items():
        cost = sum((int(best[h]) - int(played[h]) for h in members), 0)
        costliest = max(members, key=lambda h: (int(best[h]) - int(played[h]), -h))
        departures.append(Departure(
            situation, "raise" if raised else "fold", "fold" if raised else "raise",
            Fraction(len(members), PLAYER_HANDS), Fraction(cost) / unit, "raise/fold",
            f"{len(members):,} hands, costliest {hand_label(hands.cards[costliest])}"))
    total_best = sum((int(v) for v in best), 0)
    total_played = sum((int(v) for v in played), 0)
    return StrategyComparison(
        GAME_NAME, pays.bet, rules.strategy, Fraction(total_best) / unit,
        Fraction(total_played) / unit, largest_first(departures),
        notes=(f"EVs {pays.ev_unit}; figures per unit initially wagered "
               f"({exact(initial_wager)}).",))
