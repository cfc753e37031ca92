"""Exact return tables of Tri-Card Poker (docs/rules.md section 2): Pair Plus, the Ante, both.

>>> from edge.games.three_card_poker.pays import PRESETS
>>> t = analyze_pair_plus(PRESETS["pair-plus"]["3"], ThreeCardRules())
>>> t.paytable.label(), t.cycle, t.house_edge
('40-30-6-4-1', 22100, Fraction(128, 5525))
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from edge import _core
from edge.games import RunSettings
from edge.games.three_card_poker._kernels import DEALER_RESULTS, HAND_CLASSES
from edge.games.three_card_poker.hands import DEALER_HANDS, PLAYER_HANDS, hand_name
from edge.games.three_card_poker.pays import (
    ANTE_BONUS_OUTCOMES,
    ANTE_BONUS_PREFIX,
    DEFAULT_PAYTABLE,
    PAIR_PLUS_OUTCOMES,
    PAIR_PLUS_PREFIX,
    PRESETS,
    ante_bonus_pays,
    checked,
    pair_plus_pays,
)
from edge.games.three_card_poker.rules import Strategy, ThreeCardRules, rule_summary
from edge.games.three_card_poker.strategy import (
    GAME_NAME,
    RESULT_PAYS,
    StrategySolution,
    ante_decision,
    combined_decision,
    solve,
)
from edge.options import options_dict
from edge.paytables import PayTable
from edge.table import ReturnTable, Row, exact


def _decision_counts(solution: StrategySolution) -> tuple[list[int], list[list[int]]]:
    """Per hand class: dealt-hand count of folds, and the dealer results summed over raises."""
    hands = solution.hands
    folds, raised = [], []
    for index in range(len(HAND_CLASSES)):
        in_class = hands.classes == index
        folds.append(int(np.count_nonzero(in_class & ~solution.raises)) * DEALER_HANDS)
        raised.append([int(v) for v in hands.counts[in_class & solution.raises].sum(axis=0)])
    return folds, raised


CHOSEN: dict[str, str] = {Strategy.OPTIMAL: "optimal",
          Strategy.MIMIC: "mimic the dealer (raise queen-high or better)",
          Strategy.RAISE_ALL: "raise every hand"}


def _strategy_note(solution: StrategySolution) -> str:
    weakest = solution.weakest_raise
    if weakest < 0:
        solved = "the solved strategy folds every hand"
    else:
        name = hand_name(solution.hands.cards[weakest], solution.class_of(weakest))
        solved = f"the solved optimal strategy raises {name} or better"
        if solution.exceptions.size:
            solved += (f", not monotone: {solution.exceptions.size} hands are exceptions "
                       f"(see `edge strategy {GAME_NAME}`)")
    rule = solution.strategy
    named = CHOSEN.get(rule.name, f"{rule} ({rule.description})") if rule.file is None \
        else f"the strategy file {rule.file} ({rule.description or rule_summary(rule)})"
    return f"Strategy: {named}; {solved}."


def _decisions(solution: StrategySolution) -> tuple[tuple[str, int], ...]:
    raised = int(np.count_nonzero(solution.raises)) * DEALER_HANDS
    return (("raise", raised), ("fold", PLAYER_HANDS * DEALER_HANDS - raised))


def _nonzero(rows: list[Row]) -> tuple[Row, ...]:
    return tuple(row for row in rows if row.combinations)


def analyze_ante(paytable: PayTable | None, rules: ThreeCardRules,
                 run: RunSettings | None = None) -> ReturnTable:
    """The Ante and Raise with the Ante Bonus, under the chosen strategy."""
    paytable = paytable or PRESETS["ante"][DEFAULT_PAYTABLE]
    solution = solve(ante_decision(paytable), rules)
    bonus = ante_bonus_pays(paytable)
    folds, raised = _decision_counts(solution)
    bonus_classes = [HAND_CLASSES.index(name) for name in reversed(ANTE_BONUS_OUTCOMES)]
    rows = [Row("fold", Fraction(-1), sum(folds), Fraction(1))]
    for result, pay in enumerate(RESULT_PAYS):
        plain = sum(raised[k][result] for k in range(len(HAND_CLASSES)) if k not in bonus_classes)
        rows.append(Row(DEALER_RESULTS[result], Fraction(pay), plain, Fraction(2)))
    for k in bonus_classes:
        for result, pay in enumerate(RESULT_PAYS):
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
                       decisions=_decisions(solution), notes=notes, basis="Ante",
                       title=f"Tri-Card Poker: Ante and Raise with Ante Bonus {paytable.label()}")


def analyze_combined(paytable: PayTable | None, rules: ThreeCardRules,
                     run: RunSettings | None = None) -> ReturnTable:
    """Ante and Pair Plus together (``pair_plus_ratio`` units of Pair Plus per Ante)."""
    paytable = paytable or PRESETS["combined"][DEFAULT_PAYTABLE]
    solution = solve(combined_decision(paytable, rules), rules)
    bonus = ante_bonus_pays(paytable, ANTE_BONUS_PREFIX)
    pair_plus = pair_plus_pays(paytable, PAIR_PLUS_PREFIX)
    ratio = rules.pair_plus_ratio
    folds, raised = _decision_counts(solution)
    rows = []
    for k in reversed(range(len(HAND_CLASSES))):
        side = ratio * pair_plus[k]
        fold_pay = -1 - ratio if rules.fold_forfeits_pair_plus else -1 + side
        rows.append(Row(f"{HAND_CLASSES[k]} / fold", fold_pay, folds[k], 1 + ratio))
        for result, pay in enumerate(RESULT_PAYS):
            rows.append(Row(f"{HAND_CLASSES[k]} / {DEALER_RESULTS[result]}",
                            pay + bonus[k] + side, raised[k][result], 2 + ratio))
    forfeits = ("a fold loses both wagers (the help page's rule)"
                if rules.fold_forfeits_pair_plus
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


def analyze_pair_plus(paytable: PayTable | None, rules: ThreeCardRules,
                      run: RunSettings | None = None) -> ReturnTable:
    """The Pair Plus wager alone, paid on the player's three cards."""
    paytable = checked(paytable or PRESETS["pair-plus"][DEFAULT_PAYTABLE], PAIR_PLUS_OUTCOMES,
                       "pair-plus")
    _, _, classes = _core.three_card_hands(rules.ace_low_straight)
    per_class = np.bincount(classes, minlength=len(HAND_CLASSES))
    pays = pair_plus_pays(paytable)
    rows = tuple(Row(HAND_CLASSES[k], pays[k], int(per_class[k]))
                 for k in reversed(range(len(HAND_CLASSES))))
    notes = ("The Pair Plus wager alone, paid on the player's three cards. With an Ante too and "
             "fold_forfeits_pair_plus=true a fold loses it: see the combined bet.",)
    return ReturnTable(GAME_NAME, "pair-plus", rows, paytable, options_dict(rules), notes=notes,
                       title=f"Tri-Card Poker: Pair Plus {paytable.label()}")
