"""Tri-Card Poker, also sold as Three Card Poker (RULES.md section 2): Pair Plus, Ante and both.

The player's raise/fold strategy is solved exactly: for each of the 22,100 player hands the
expected values of raising and folding over the 18,424 dealer hands are compared as integers.

>>> t = analyze_bet("pair-plus", PRESETS["pair-plus"]["3"], ThreeCardRules())
>>> t.paytable.label(), t.cycle, t.house_edge
('40-30-6-4-1', 22100, Fraction(128, 5525))
>>> solution = solve(PRESETS["ante"]["3"], ThreeCardRules())
>>> hand_label(solution.hands.cards[solution.weakest_raise])
'Q-6-4'
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
from tabulate import tabulate

from edge import _core
from edge.cards import RANKS, parse_cards, rank_of, suit_of
from edge.errors import EdgeError, OptionError
from edge.games import Analyze, Bet, Game, Rules, RunSettings, TableCase
from edge.games.three_card_poker import _kernels
from edge.options import option, options_dict, validate
from edge.paytables import PayTable, make_paytable
from edge.table import ReturnTable, Row, decimal, exact

if TYPE_CHECKING:
    from edge.report import Cell, ReportContext, Section

GAME_NAME = "three-card-poker"

# Hand classes in the kernel's index order (weakest first).
HAND_CLASSES = ("high-card", "pair", "flush", "straight", "three-of-a-kind", "straight-flush")
CLASS_INDEX = {name: index for index, name in enumerate(HAND_CLASSES)}

PAIR_PLUS_OUTCOMES = ("straight-flush", "three-of-a-kind", "straight", "flush", "pair")
ANTE_BONUS_OUTCOMES = ("straight-flush", "three-of-a-kind", "straight")
COMBINED_OUTCOMES = (tuple(f"pair-plus.{name}" for name in PAIR_PLUS_OUTCOMES)
                     + tuple(f"ante-bonus.{name}" for name in ANTE_BONUS_OUTCOMES))

# The dealer's four results against a raised hand, in the kernel's column order.
DEALER_RESULTS = ("dealer-does-not-qualify", "win", "tie", "loss")
# Net result of Ante + Raise (per unit Ante) for each dealer result, before the Ante Bonus.
RAISE_RESULT_PAYS = (1, 2, 0, -2)

DEALER_HANDS = math.comb(49, 3)
PLAYER_HANDS = math.comb(52, 3)
# The weakest qualifying dealer hand: queen-high (Q-3-2 of mixed suits).
QUALIFYING_CARDS = parse_cards("Qc 3d 2h")

# The seed's three tables of each kind (seed 001).
SEED_PAIR_PLUS = {
    "1": {"straight-flush": 35, "three-of-a-kind": 25, "straight": 6, "flush": 4, "pair": 1},
    "2": {"straight-flush": 40, "three-of-a-kind": 25, "straight": 6, "flush": 4, "pair": 1},
    "3": {"straight-flush": 40, "three-of-a-kind": 30, "straight": 6, "flush": 4, "pair": 1},
}
SEED_ANTE_BONUS = {
    "1": {"straight-flush": 3, "three-of-a-kind": 2, "straight": 1},
    "2": {"straight-flush": 4, "three-of-a-kind": 3, "straight": 1},
    "3": {"straight-flush": 5, "three-of-a-kind": 4, "straight": 1},
}
PRESETS: dict[str, dict[str, PayTable]] = {
    "pair-plus": {name: make_paytable(name, pays, PAIR_PLUS_OUTCOMES)
                  for name, pays in SEED_PAIR_PLUS.items()},
    "ante": {name: make_paytable(name, pays, ANTE_BONUS_OUTCOMES)
             for name, pays in SEED_ANTE_BONUS.items()},
    "combined": {
        name: make_paytable(
            name,
            {**{f"pair-plus.{k}": v for k, v in SEED_PAIR_PLUS[name].items()},
             **{f"ante-bonus.{k}": v for k, v in SEED_ANTE_BONUS[name].items()}},
            COMBINED_OUTCOMES)
        for name in SEED_PAIR_PLUS
    },
}
DEFAULT_PAYTABLE = "3"

STRATEGIES = ("optimal", "mimic", "raise-all")


@dataclass(frozen=True)
class ThreeCardRules(Rules):
    """Variant options of Tri-Card Poker."""

    ace_low_straight: bool = option(True, "A-2-3 is the lowest straight (else ace high only)")
    fold_forfeits_pair_plus: bool = option(
        True, "a fold also loses the Pair Plus wager (the seed's rule; most casinos: false)")
    strategy: str = option("optimal", "the player's raise/fold rule: optimal (solved exactly), "
                           "mimic (raise queen-high or better) or raise-all", choices=STRATEGIES)
    pair_plus_ratio: Fraction = option(Fraction(1), "Pair Plus wager per unit of Ante in the "
                                       "combined bet", minimum=Fraction(0))
    ties: str = option("smaller", "when raising and folding are worth exactly the same: the "
                       "smaller wager (fold) or the larger (raise)", choices=("smaller", "larger"))

    def __post_init__(self) -> None:
        ratio = self.pair_plus_ratio
        if isinstance(ratio, Fraction | int) and not isinstance(ratio, bool) and ratio <= 0:
            raise OptionError(f"The option pair_plus_ratio={ratio} must be more than 0 "
                              "(the Pair Plus wager per unit of Ante).")
        validate(self)


IntArray = npt.NDArray[np.int64]
ExactArray = npt.NDArray[Any]   # int64, or Python ints (dtype object) when int64 could overflow


@dataclass(frozen=True)
class HandCounts:
    """Every player hand with its strength, class and counts against the 18,424 dealer hands.

    ``counts`` columns follow :data:`DEALER_RESULTS`.
    """

    cards: IntArray
    strengths: IntArray
    classes: IntArray
    counts: IntArray
    qualifying_strength: int


def hand_counts(rules: ThreeCardRules) -> HandCounts:
    """Evaluate every hand and count it against every dealer hand (the Cython kernel)."""
    first, second, third = QUALIFYING_CARDS
    qualifying = _core.three_card_strength(first, second, third, rules.ace_low_straight)
    cards, strengths, classes, counts = _kernels.three_card_counts(rules.ace_low_straight,
                                                                qualifying)
    return HandCounts(cards, strengths, classes, counts, qualifying)


# --- pays per hand class ---------------------------------------------------------------------
def _class_pays(paytable: PayTable, prefix: str, outcomes: tuple[str, ...],
                missing: Fraction) -> list[Fraction]:
    """A pay for each hand class (``missing`` for classes the table does not pay)."""
    table = paytable.as_dict()
    return [table[prefix + name] if name in outcomes else missing for name in HAND_CLASSES]


def ante_bonus_pays(paytable: PayTable) -> list[Fraction]:
    """The Ante Bonus per hand class (0 below a straight), from an ante or combined table."""
    prefix = "ante-bonus." if _bet_of(paytable) == "combined" else ""
    return _class_pays(paytable, prefix, ANTE_BONUS_OUTCOMES, Fraction(0))


def pair_plus_pays(paytable: PayTable) -> list[Fraction]:
    """The Pair Plus net result per hand class (-1 below a pair)."""
    prefix = "pair-plus." if _bet_of(paytable) == "combined" else ""
    return _class_pays(paytable, prefix, PAIR_PLUS_OUTCOMES, Fraction(-1))


def _bet_of(paytable: PayTable) -> str:
    """Which bet a validated pay table belongs to, from its outcome names."""
    names = set(paytable)
    if names == set(COMBINED_OUTCOMES):
        return "combined"
    if names == set(ANTE_BONUS_OUTCOMES):
        return "ante"
    if names == set(PAIR_PLUS_OUTCOMES):
        return "pair-plus"
    raise EdgeError(f"The pay table {paytable.name!r} is not a {GAME_NAME} pay table.")


# --- the strategy solve ----------------------------------------------------------------------
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
    optimal: npt.NDArray[np.bool_]   # the solved decision (RULES: ties take the `ties` option)
    raises: npt.NDArray[np.bool_]    # the decision of the chosen strategy
    strategy: str

    def ev_raise(self, hand: int) -> Fraction:
        """The exact EV of raising the hand with index ``hand``."""
        return Fraction(int(self.raise_value[hand]), self.scale)

    def ev_fold(self, hand: int) -> Fraction:
        """The exact EV of folding the hand with index ``hand``."""
        return Fraction(int(self.fold_value[hand]), self.scale)

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


def solve(paytable: PayTable, rules: ThreeCardRules,
          hands: HandCounts | None = None) -> StrategySolution:
    """Solve the raise/fold decision of every hand exactly for an ante or combined pay table."""
    bet = _bet_of(paytable)
    if bet == "pair-plus":
        raise EdgeError("The Pair Plus wager alone has no player decision: choose --bet ante "
                        "or --bet combined.")
    hands = hands if hands is not None else hand_counts(rules)
    bonus = ante_bonus_pays(paytable)
    # Pair Plus terms (combined bet only): settled on a raise, and on a fold unless forfeited.
    ratio = rules.pair_plus_ratio
    on_raise = [Fraction(0)] * len(HAND_CLASSES)
    on_fold = [Fraction(-1)] * len(HAND_CLASSES)
    if bet == "combined":
        pair_plus = pair_plus_pays(paytable)
        on_raise = [ratio * pay for pay in pair_plus]
        on_fold = [-1 - ratio if rules.fold_forfeits_pair_plus else -1 + ratio * pay
                   for pay in pair_plus]
    raise_class = [b + p for b, p in zip(bonus, on_raise, strict=True)]
    denominator = math.lcm(*(v.denominator for v in raise_class + on_fold))
    scale = denominator * DEALER_HANDS
    # Ante + Raise over the dealer hands: +1 not qualified, +2 win, 0 tie, -2 loss.
    counts = hands.counts
    ante_raise = (counts[:, 0] + 2 * counts[:, 1] - 2 * counts[:, 3]).astype(np.int64)
    raise_value = _exact_array([int(v * scale) for v in raise_class], ante_raise, denominator,
                               hands.classes)
    fold_value = _exact_array([int(v * scale) for v in on_fold],
                              np.zeros_like(ante_raise), 0, hands.classes)
    optimal = (raise_value >= fold_value) if rules.ties == "larger" else (raise_value > fold_value)
    optimal = np.asarray(optimal, dtype=np.bool_)
    if rules.strategy == "optimal":
        raises = optimal
    elif rules.strategy == "mimic":
        raises = hands.strengths >= hands.qualifying_strength
    else:
        raises = np.ones(len(hands.strengths), dtype=np.bool_)
    return StrategySolution(bet, hands, raise_value, fold_value, scale, optimal, raises,
                            rules.strategy)


# --- naming hands -----------------------------------------------------------------------------
def hand_label(cards: Sequence[int] | IntArray) -> str:
    """Ranks in the order that decides the hand: ``'Q-6-4'``, ``'6-6-Q'``, ``'3-2-A'``.

    >>> hand_label(parse_cards("4h Qs 6s"))
    'Q-6-4'
    >>> hand_label(parse_cards("Ad 2c 3c"))
    '3-2-A'
    """
    ranks = sorted((rank_of(int(c)) for c in cards), reverse=True)
    if ranks[1] == ranks[2] and ranks[0] != ranks[1]:
        ranks = [ranks[1], ranks[2], ranks[0]]          # pair first, then the kicker
    if ranks == [12, 1, 0]:
        ranks = [1, 0, 12]                              # A-2-3 reads 3-2-A (A low)
    return "-".join(RANKS[r] for r in ranks)


def suit_pattern(cards: Sequence[int] | IntArray) -> str:
    """Which cards share a suit: ``'offsuit'``, ``'suited'`` or e.g. ``'Q6 suited'``.

    >>> suit_pattern(parse_cards("Qs 6s 4h"))
    'Q6 suited'
    """
    ordered = sorted((int(c) for c in cards), reverse=True)
    suits = [suit_of(c) for c in ordered]
    if len(set(suits)) == 1:
        return "suited"
    if len(set(suits)) == 3:
        return "offsuit"
    for i in range(3):
        for j in range(i + 1, 3):
            if suits[i] == suits[j]:
                return f"{RANKS[rank_of(ordered[i])]}{RANKS[rank_of(ordered[j])]} suited"
    raise AssertionError("unreachable")


def hand_name(cards: Sequence[int] | IntArray, hand_class: int) -> str:
    """A hand for a strategy rule: ``'Q-6-4 (high card)'``."""
    return f"{hand_label(cards)} ({HAND_CLASSES[hand_class].replace('-', ' ')})"


# --- return tables ----------------------------------------------------------------------------
def _decision_counts(solution: StrategySolution) -> tuple[list[int], list[list[int]]]:
    """Per hand class: dealt-hand count of folds, and the dealer results summed over raises."""
    hands = solution.hands
    folds, raised = [], []
    for index in range(len(HAND_CLASSES)):
        in_class = hands.classes == index
        folds.append(int(np.count_nonzero(in_class & ~solution.raises)) * DEALER_HANDS)
        raised.append([int(v) for v in hands.counts[in_class & solution.raises].sum(axis=0)])
    return folds, raised


def _strategy_note(solution: StrategySolution) -> str:
    weakest = solution.weakest_raise
    if weakest < 0:
        solved = "the solved strategy folds every hand"
    else:
        name = hand_name(solution.hands.cards[weakest], _class_of(solution, weakest))
        solved = f"the solved optimal strategy raises {name} or better"
        if solution.exceptions.size:
            solved += (f", not monotone: {solution.exceptions.size} hands are exceptions "
                       "(see `edge strategy`)")
    chosen = {"optimal": "optimal", "mimic": "mimic the dealer (raise queen-high or better)",
              "raise-all": "raise every hand"}[solution.strategy]
    return f"Strategy: {chosen}; {solved}."


def _class_of(solution: StrategySolution, hand: int) -> int:
    return int(solution.hands.classes[hand])


def _decisions(solution: StrategySolution) -> tuple[tuple[str, int], ...]:
    raised = int(np.count_nonzero(solution.raises)) * DEALER_HANDS
    return (("raise", raised), ("fold", PLAYER_HANDS * DEALER_HANDS - raised))


def _ante_table(paytable: PayTable, rules: ThreeCardRules,
                solution: StrategySolution) -> ReturnTable:
    bonus = ante_bonus_pays(paytable)
    folds, raised = _decision_counts(solution)
    bonus_classes = [CLASS_INDEX[name] for name in reversed(ANTE_BONUS_OUTCOMES)]
    rows = [Row("fold", Fraction(-1), sum(folds), Fraction(1))]
    for result, pay in enumerate(RAISE_RESULT_PAYS):
        plain = sum(raised[k][result] for k in range(len(HAND_CLASSES)) if k not in bonus_classes)
        rows.append(Row(DEALER_RESULTS[result], Fraction(pay), plain, Fraction(2)))
    for k in bonus_classes:
        for result, pay in enumerate(RAISE_RESULT_PAYS):
            rows.append(Row(f"{HAND_CLASSES[k]} / {DEALER_RESULTS[result]}", pay + bonus[k],
                            raised[k][result], Fraction(2)))
    notes = (
        _strategy_note(solution),
        "Pays are net per unit of Ante; a raised hand wagers 2 units (Ante and Raise). The Ante "
        "Bonus is paid on a raised straight or better whatever the dealer holds.",
        "The Ante alone: no Pair Plus wager rides on the decision (see the combined bet).",
        "Rows that cannot occur are left out.",
    )
    return ReturnTable(GAME_NAME, "ante", _nonzero(rows), paytable, options_dict(rules),
                       decisions=_decisions(solution), notes=notes,
                       title=f"Tri-Card Poker: Ante and Raise with Ante Bonus {paytable.label()}")


def _combined_table(paytable: PayTable, rules: ThreeCardRules,
                    solution: StrategySolution) -> ReturnTable:
    bonus = ante_bonus_pays(paytable)
    pair_plus = pair_plus_pays(paytable)
    ratio = rules.pair_plus_ratio
    folds, raised = _decision_counts(solution)
    rows = []
    for k in reversed(range(len(HAND_CLASSES))):
        side = ratio * pair_plus[k]
        fold_pay = -1 - ratio if rules.fold_forfeits_pair_plus else -1 + side
        rows.append(Row(f"{HAND_CLASSES[k]} / fold", fold_pay, folds[k], 1 + ratio))
        for result, pay in enumerate(RAISE_RESULT_PAYS):
            rows.append(Row(f"{HAND_CLASSES[k]} / {DEALER_RESULTS[result]}",
                            pay + bonus[k] + side, raised[k][result], 2 + ratio))
    forfeits = ("a fold loses both wagers (seed rule)" if rules.fold_forfeits_pair_plus
                else "a fold loses the Ante only; Pair Plus is still paid")
    notes = (
        _strategy_note(solution),
        f"One unit on the Ante and {exact(ratio)} on Pair Plus; pays are the net total of both "
        f"wagers per unit of Ante, figures per unit initially wagered ({exact(1 + ratio)}); "
        f"{forfeits}. The decision weighs both wagers.",
        "Rows that cannot occur are left out.",
    )
    return ReturnTable(GAME_NAME, "combined", _nonzero(rows), paytable, options_dict(rules),
                       initial_wager=1 + ratio, decisions=_decisions(solution), notes=notes,
                       title="Tri-Card Poker: Pair Plus and Ante together")


def _nonzero(rows: list[Row]) -> tuple[Row, ...]:
    return tuple(row for row in rows if row.combinations)


def _pair_plus_table(paytable: PayTable, rules: ThreeCardRules) -> ReturnTable:
    _, _, classes = _core.three_card_hands(rules.ace_low_straight)
    per_class = np.bincount(classes, minlength=len(HAND_CLASSES))
    pays = pair_plus_pays(paytable)
    rows = tuple(Row(HAND_CLASSES[k], pays[k], int(per_class[k]))
                 for k in reversed(range(len(HAND_CLASSES))))
    notes = ("The Pair Plus wager alone, paid on the player's three cards. With an Ante too and "
             "fold_forfeits_pair_plus=true a fold loses it: see the combined bet.",)
    return ReturnTable(GAME_NAME, "pair-plus", rows, paytable, options_dict(rules), notes=notes,
                       title=f"Tri-Card Poker: Pair Plus {paytable.label()}")


def analyze_bet(bet: str, paytable: PayTable | None, rules: ThreeCardRules,
                run: RunSettings | None = None) -> ReturnTable:
    """The exact return table of ``pair-plus``, ``ante`` or ``combined``."""
    if bet not in PRESETS:
        raise EdgeError(f"Unknown bet {bet!r} for {GAME_NAME}: choose one of "
                        f"{', '.join(PRESETS)}.")
    if paytable is None:
        paytable = PRESETS[bet][DEFAULT_PAYTABLE]
    if _bet_of(paytable) != bet:
        raise EdgeError(f"The pay table {paytable.name!r} is not a {bet} pay table.")
    if bet == "pair-plus":
        return _pair_plus_table(paytable, rules)
    solution = solve(paytable, rules)
    if bet == "ante":
        return _ante_table(paytable, rules, solution)
    return _combined_table(paytable, rules, solution)


# --- the strategy report ----------------------------------------------------------------------
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
            hand_label(solution.hands.cards[first]), HAND_CLASSES[_class_of(solution, first)],
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
        rule = (f"Raise {hand_name(solution.hands.cards[hand], _class_of(solution, hand))} "
                "or better; fold the rest.")
    exceptions = solution.exceptions
    if exceptions.size:
        verb = "raise" if solution.optimal[exceptions[0]] else "fold"
        rule += f" Exceptions: {verb} the {exceptions.size} hands listed."
    return rule


CHOSEN_RULES = {"mimic": "Raise queen-high or better (mimic the dealer); fold the rest.",
                "raise-all": "Raise every hand."}


def strategy_report(paytable: PayTable, rules: ThreeCardRules) -> dict[str, Any]:
    """Everything ``edge strategy`` prints, as plain data (exact values as strings)."""
    solution = solve(paytable, rules)
    weakest = solution.weakest_raise

    def group_dict(group: HandGroup) -> dict[str, Any]:
        return {"hand": group.name, "class": group.hand_class, "suits": group.suits,
                "hands": group.hands, "ev_raise": exact(group.ev_raise),
                "ev_fold": exact(group.ev_fold),
                "raise_minus_fold": exact(group.ev_raise - group.ev_fold),
                "optimal": "raise" if group.optimal else "fold",
                "decision": "raise" if group.raises else "fold"}

    raised = int(np.count_nonzero(solution.raises))
    return {
        "game": GAME_NAME,
        "bet": solution.bet,
        "paytable": {"name": paytable.name, "pays": {k: exact(v) for k, v in paytable.pays}},
        "options": options_dict(rules),
        "strategy": rules.strategy,
        "rule": CHOSEN_RULES.get(rules.strategy, strategy_rule(solution)),
        "optimal_rule": strategy_rule(solution),
        "weakest_raise": None if weakest < 0 else {
            "hand": hand_label(solution.hands.cards[weakest]),
            "class": HAND_CLASSES[_class_of(solution, weakest)]},
        "monotone": solution.exceptions.size == 0,
        "exceptions": [group_dict(g) for g in hand_groups(solution, solution.exceptions)],
        "exact_ties": solution.exact_ties,
        "raise_hands": raised,
        "raise_frequency": exact(Fraction(raised, PLAYER_HANDS)),
        "ev_unit": ("per unit of Ante, Ante and Raise" if solution.bet == "ante" else
                    f"per unit of Ante, all wagers (Pair Plus {exact(rules.pair_plus_ratio)})"),
        "border": [group_dict(g) for g in hand_groups(solution, border_hands(solution))],
    }


def render_strategy(report: dict[str, Any], fmt: str = "plain") -> str:
    """Render :func:`strategy_report` as plain text, markdown or json."""
    if fmt == "json":
        return json.dumps(report, indent=2) + "\n"
    if fmt not in ("plain", "markdown"):
        raise EdgeError(f"Unknown format {fmt!r}: choose one of plain, markdown, json.")
    heads = ["hand", "class", "suits", "hands", "EV raise", "EV fold", "raise - fold",
             "optimal", "decision"]

    def cells(group: dict[str, Any]) -> list[str]:
        diff = Fraction(group["raise_minus_fold"])
        return [group["hand"], group["class"], group["suits"], str(group["hands"]),
                f"{group['ev_raise']} ({decimal(Fraction(group['ev_raise']), 6)})",
                f"{group['ev_fold']} ({decimal(Fraction(group['ev_fold']), 6)})",
                decimal(diff, 6), group["optimal"], group["decision"]]

    tablefmt = "github" if fmt == "markdown" else "simple"
    paytable = ", ".join(f"{k} {v}" for k, v in report["paytable"]["pays"].items())
    options = ", ".join(f"{k}={v}" for k, v in report["options"].items())
    weakest = report["weakest_raise"]
    facts = [
        ("bet", report["bet"]),
        ("pay table", f"{report['paytable']['name']} ({paytable})"),
        ("options", options),
        ("optimal rule", report["optimal_rule"]),
        ("weakest raising hand", "none" if weakest is None
         else f"{weakest['hand']} ({weakest['class'].replace('-', ' ')})"),
        ("monotone", "yes" if report["monotone"] else
         f"no: {len(report['exceptions'])} exception groups"),
        ("hands with raise = fold exactly", str(report["exact_ties"])),
        ("hands raised (chosen strategy)",
         f"{report['raise_hands']:,} of {PLAYER_HANDS:,} "
         f"({decimal(Fraction(report['raise_frequency']) * 100, 4)}%)"),
        ("EVs", report["ev_unit"]),
    ]
    border = tabulate([cells(g) for g in report["border"]], headers=heads, tablefmt=tablefmt,
                      disable_numparse=True)
    lines: list[str]
    if fmt == "markdown":
        lines = [f"### Tri-Card Poker strategy: {report['rule']}", ""]
        lines += [f"- **{k}**: {v}" for k, v in facts]
        lines += ["", "Hands near the border:", "", border]
    else:
        lines = [f"Tri-Card Poker strategy: {report['rule']}"]
        lines += [f"{k}: {v}" for k, v in facts]
        lines += ["", "Hands near the border:", border]
    if report["exceptions"]:
        exceptions = tabulate([cells(g) for g in report["exceptions"]], headers=heads,
                              tablefmt=tablefmt, disable_numparse=True)
        lines += ["", "Exceptions to the rule (not monotone):", ""] + [exceptions]
    return "\n".join(lines) + "\n"


def print_strategy(paytable: PayTable | None, rules: ThreeCardRules, fmt: str,
                   run: RunSettings) -> str:
    """``edge strategy three-card-poker``: the rule and the hands near its border."""
    return render_strategy(strategy_report(paytable or PRESETS["ante"][DEFAULT_PAYTABLE], rules),
                           fmt)


def describe_rules(rules: ThreeCardRules) -> list[str]:
    """The rules as implemented, for reports."""
    straight = ("A-2-3 is the lowest straight" if rules.ace_low_straight
                else "the ace is high only, so A-2-3 is not a straight")
    forfeit = ("a fold also loses a Pair Plus wager on the hand (the seed's rule)"
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


def _extra_tables() -> tuple[TableCase, ...]:
    cases = [TableCase(bet, name, {"strategy": "mimic"}, f"{bet}-{name}-mimic")
             for bet in ("ante", "combined") for name in SEED_ANTE_BONUS]
    cases.append(TableCase("ante", "3", {"strategy": "raise-all"}, "ante-3-raise-all"))
    cases.append(TableCase("combined", "3", {"fold_forfeits_pair_plus": "false"},
                           "combined-3-pair-plus-kept"))
    return tuple(cases)


RAISE_COLOURS = {"all": "#a5d6a7", "some": "#ffe082", "none": "#ef9a9a"}


def raise_chart_cell(decisions: dict[tuple[int, int], list[bool]]) -> Cell:
    """One cell of the raise chart: all raise, none, or "X+" (raise when the third card is X
    or higher); ``decisions`` maps (third rank, suit pattern index) to the decision of each hand.
    """
    from edge.report import Cell
    if not decisions:
        return Cell("")
    raised = [third for (third, _), calls in decisions.items() if all(calls)]
    folded = [third for (third, _), calls in decisions.items() if not any(calls)]
    if not folded:
        return Cell("all", colour=RAISE_COLOURS["all"])
    if not raised:
        return Cell("-", colour=RAISE_COLOURS["none"])
    if len(raised) + len(folded) == len(decisions) and min(raised) > max(folded):
        return Cell(f"{RANKS[min(raised)]}+", colour=RAISE_COLOURS["some"])
    return Cell("mixed", colour=RAISE_COLOURS["some"])


def report_sections(context: ReportContext[ThreeCardRules]) -> list[Section]:
    """``edge report``: the raise rule as a chart of every high-card hand, by its two top cards."""
    from edge.report import Paragraph, Section, Table

    charts: dict[bytes, list[str]] = {}
    solutions: dict[bytes, StrategySolution] = {}
    for bet in ("ante", "combined"):
        paytable = context.paytables[bet]
        if paytable is None:
            continue
        solution = solve(paytable, context.rules)
        key = solution.raises.tobytes()
        charts.setdefault(key, []).append(bet)
        solutions[key] = solution
    children = []
    for key, bets in charts.items():
        solution = solutions[key]
        cells: dict[tuple[int, int], dict[tuple[int, int], list[bool]]] = {}
        for hand, cards in enumerate(solution.hands.cards):
            if int(solution.hands.classes[hand]) != CLASS_INDEX["high-card"]:
                continue
            top, second, third = sorted((rank_of(int(c)) for c in cards), reverse=True)
            pattern = len({suit_of(int(c)) for c in cards})
            cells.setdefault((top, second), {}).setdefault((third, pattern), []).append(
                bool(solution.raises[hand]))
        made = [h for h in range(len(solution.raises))
                if int(solution.hands.classes[h]) != CLASS_INDEX["high-card"]]
        raised_made = sum(bool(solution.raises[h]) for h in made)
        tops = range(12, 2, -1)
        rows: tuple[tuple[str | Cell, ...], ...] = tuple(
            (RANKS[top], *(raise_chart_cell(cells.get((top, second), {}))
                           for second in range(11, 0, -1)))
            for top in tops)
        rule = CHOSEN_RULES.get(solution.strategy, strategy_rule(solution)).rstrip(".")
        children.append(Section(", ".join(bets), (
            Paragraph(f"Strategy {solution.strategy}: {rule}. "
                      "Pairs and "
                      f"better: {raised_made:,} of {len(made):,} hands raised."),
            Table(("high card", *(RANKS[second] for second in range(11, 0, -1))), rows,
                  "High-card hands by their highest card (rows) and second card (columns)",
                  legend=((RAISE_COLOURS["all"], "raise whatever the third card"),
                          (RAISE_COLOURS["some"], "raise when the third card is this or higher"),
                          (RAISE_COLOURS["none"], "fold"))),
        )))
    return [Section("Raise chart", (Paragraph(
        "The player's raise/fold decision for every high-card hand, from the exact solve; "
        "suits never change it unless the cell says mixed."),), tuple(children))]


def _hook(bet: str) -> Analyze[ThreeCardRules]:
    def analyze(paytable: PayTable | None, rules: ThreeCardRules,
                run: RunSettings) -> ReturnTable:
        return analyze_bet(bet, paytable, rules, run)
    return analyze


GAME = Game(
    name=GAME_NAME,
    title="Tri-Card Poker (Three Card Poker)",
    rules=ThreeCardRules,
    bets=(
        Bet("ante", "Ante and Raise against the dealer, with the Ante Bonus", _hook("ante"),
            ANTE_BONUS_OUTCOMES, PRESETS["ante"], DEFAULT_PAYTABLE),
        Bet("pair-plus", "paid on the player's pair or better", _hook("pair-plus"),
            PAIR_PLUS_OUTCOMES,
            PRESETS["pair-plus"], DEFAULT_PAYTABLE),
        Bet("combined", "Ante and Pair Plus together (pair_plus_ratio units of Pair Plus)",
            _hook("combined"), COMBINED_OUTCOMES, PRESETS["combined"], DEFAULT_PAYTABLE),
    ),
    strategy_printer=print_strategy,
    source="seed 001_b6c8688ca18a5bfb.txt (online casino help page)",
    aliases=("tri-card-poker", "three-card", "tcp"),
    describe_rules=describe_rules,
    extra_tables=_extra_tables(),
    report_sections=report_sections,
)
