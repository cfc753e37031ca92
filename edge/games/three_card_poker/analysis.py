"""Exact return tables of Tri-Card Poker (docs/rules.md section 2): Pair Plus, the Ante, both.

>>> from edge.games.three_card_poker.pays import PRESETS
>>> t = analyze_pair_plus(PRESETS["pair-plus"]["3"], ThreeCardRules())
>>> t.paytable.label(), t.cycle, t.house_edge
('40-30-6-4-1', 22100, Fraction(128, 5525))
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np

from edge import _core
from edge.games import RunSettings
from edge.games.three_card_poker._kernels import DEALER_RESULTS
from edge.games.three_card_poker.exposure import ExposedSolution, scenario_of, solve_exposed
from edge.games.three_card_poker.exposure_play import play
from edge.games.three_card_poker.hands import (
    DEALER_HANDS,
    PLAYER_HANDS,
    IntArray,
    hand_name,
    pay_classes,
)
from edge.games.three_card_poker.pays import (
    ANTE_BONUS_OUTCOMES,
    ANTE_BONUS_PREFIX,
    DEFAULT_PAYTABLE,
    MINI_ROYAL,
    PAIR_PLUS_OUTCOMES,
    PAIR_PLUS_PREFIX,
    PAY_CLASSES,
    PRESETS,
    ante_bonus_pays,
    checked,
    pair_plus_pays,
    row_classes,
)
from edge.games.three_card_poker.rules import (
    OPTIMAL,
    Seen,
    SeenKind,
    Strategy,
    ThreeCardRules,
    rule_summary,
)
from edge.games.three_card_poker.strategy import (
    GAME_NAME,
    RESULT_PAYS,
    DecisionPays,
    StrategySolution,
    ante_decision,
    combined_decision,
    solve,
)
from edge.options import options_dict
from edge.paytables import PayTable
from edge.protection import information_note
from edge.table import ReturnTable, Row, exact

ClassCounts = list[tuple[str, int, int, list[int]]]


def _decision_counts(solution: StrategySolution, paytable: PayTable) -> ClassCounts:
    """Per row class of the table (``row_classes``), weakest first: its name, its index into
    the pay lists (``PAY_CLASSES``), the dealt-hand count of folds, and the dealer results
    summed over raises."""
    hands = solution.hands
    folds = np.where(solution.raises, 0, DEALER_HANDS)
    raised = np.where(solution.raises[:, None], hands.counts, 0)
    return _class_counts(hands.pay_classes, folds, raised, paytable)


def _class_counts(pay_class: IntArray, folds: IntArray, raised: IntArray,
                  paytable: PayTable) -> ClassCounts:
    """Per-hand folded deals and raised deals by dealer result, summed per row class."""
    found = []
    for name, members in row_classes(paytable):
        in_class = np.isin(pay_class, members)
        found.append((name, members[0], int(folds[in_class].sum()),
                      [int(v) for v in raised[in_class].sum(axis=0)]))
    return found


def _exposed_counts(paytable: PayTable, decision: DecisionPays, rules: ThreeCardRules,
                    run: RunSettings | None
                    ) -> tuple[ClassCounts, tuple[tuple[str, int], ...], ExposedSolution]:
    """The row-class counts and decisions of the exposed solve (``rules.seen``); solved afresh
    when ``run.cache`` is false, else kept for the process."""
    solver = solve_exposed if run is None or run.cache else solve_exposed.__wrapped__
    solution = solver(rules.seen, decision.on_raise, decision.on_fold,
                      rules.ace_low_straight, rules.ties, rules.split)
    folds, raised_deals = solution.folds, solution.raised
    if not rules.strategy.is_optimal:            # a rule of the player's own (.exposure_play)
        played = play(solution, rules.strategy, rules.split)
        folds, raised_deals = played.folds, played.raised
    counts = _class_counts(solution.hands.pay_classes, folds, raised_deals, paytable)
    raised = int(raised_deals.sum())
    return counts, (("raise", raised), ("fold", solution.cycle - raised)), solution


def _exposure_notes(table: ReturnTable, solution: ExposedSolution,
                    unexposed: ReturnTable, rules: ThreeCardRules) -> ReturnTable:
    """The exposed table with what is seen and the value of the information first."""
    scenario = scenario_of(solution.seen)
    rule = rules.strategy
    groups = f" (split={rules.split})" if rules.exposure.kind is SeenKind.SPLIT else ""
    ways = f"{scenario.ways} ways" if scenario.ways > 1 else "1 way"
    raised = dict(table.decisions).get("raise", 0)
    plays = ("the exact solve says for what he sees (card removal included; ties as the ties "
             "option says)") if rule.is_optimal else (
        f"the strategy {rule} says ({(rule.description or rule_summary(rule)).rstrip('.')}); "
        f"its cost against the exact exposed solve: `edge strategy {GAME_NAME} --set "
        f"seen={solution.seen} --compare {rule}`")
    seen = (f"Seen: {scenario.description}{groups}. The player raises or folds as {plays}; "
            f"{raised:,} raised deals of {solution.cycle:,}. "
            f"Cycle: {PLAYER_HANDS:,} x {DEALER_HANDS:,} deals x {ways} to choose the seen "
            "cards among the dealer's three.")
    notes = (seen, information_note(table, unexposed), *table.notes[1:])
    return replace(table, notes=notes)


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
    """The Ante and Raise with the Ante Bonus, under the chosen strategy (the game as dealt)."""
    paytable = paytable or PRESETS["ante"][DEFAULT_PAYTABLE]
    solution = solve(ante_decision(paytable), rules)
    return _ante_table(paytable, rules, _decision_counts(solution, paytable),
                       _decisions(solution), _strategy_note(solution))


def exposed_ante(paytable: PayTable | None, rules: ThreeCardRules,
                 run: RunSettings | None = None) -> ReturnTable:
    """The Ante with ``rules.seen`` seen, played by the exposed solve, against the game as
    dealt."""
    paytable = paytable or PRESETS["ante"][DEFAULT_PAYTABLE]
    counts, decisions, exposed = _exposed_counts(paytable, ante_decision(paytable), rules, run)
    table = _ante_table(paytable, rules, counts, decisions, "")
    return _exposure_notes(table, exposed, analyze_ante(paytable, _unexposed(rules), run),
                           rules)


def _unexposed(rules: ThreeCardRules) -> ThreeCardRules:
    """The same rules as dealt (nothing seen), played optimally."""
    return replace(rules, seen=Seen.NONE, strategy=OPTIMAL)


def _ante_table(paytable: PayTable, rules: ThreeCardRules, counts: ClassCounts,
                decisions: tuple[tuple[str, int], ...], strategy_note: str) -> ReturnTable:
    bonus = ante_bonus_pays(paytable)
    bonus_rows = (*reversed(ANTE_BONUS_OUTCOMES), MINI_ROYAL)     # weakest first
    paid = sorted((count for count in counts if count[0] in bonus_rows),
                  key=lambda count: bonus_rows.index(count[0]))
    rows = [Row("fold", Fraction(-1), sum(count[2] for count in counts), Fraction(1))]
    for result, pay in enumerate(RESULT_PAYS):
        plain = sum(count[3][result] for count in counts if count[0] not in bonus_rows)
        rows.append(Row(DEALER_RESULTS[result], Fraction(pay), plain, Fraction(2)))
    for name, k, _, raised in paid:
        for result, pay in enumerate(RESULT_PAYS):
            rows.append(Row(f"{name} / {DEALER_RESULTS[result]}", pay + bonus[k],
                            raised[result], Fraction(2)))
    notes = (
        strategy_note,
        "Pays are net per unit of Ante; a raised hand wagers 2 units (Ante and Raise). The Ante "
        "Bonus is paid on a raised straight or better whatever the dealer holds.",
        "The Ante alone: no Pair Plus wager rides on the decision (see the combined bet).",
        "Rows that cannot occur are left out.",
    )
    return ReturnTable(GAME_NAME, "ante", _nonzero(rows), paytable, options_dict(rules),
                       decisions=decisions, notes=notes, basis="Ante",
                       title=f"Tri-Card Poker: Ante and Raise with Ante Bonus {paytable.label()}")


def analyze_combined(paytable: PayTable | None, rules: ThreeCardRules,
                     run: RunSettings | None = None) -> ReturnTable:
    """Ante and Pair Plus together (``pair_plus_ratio`` units of Pair Plus per Ante)."""
    paytable = paytable or PRESETS["combined"][DEFAULT_PAYTABLE]
    solution = solve(combined_decision(paytable, rules), rules)
    return _combined_table(paytable, rules, _decision_counts(solution, paytable),
                           _decisions(solution), _strategy_note(solution))


def exposed_combined(paytable: PayTable | None, rules: ThreeCardRules,
                     run: RunSettings | None = None) -> ReturnTable:
    """Ante and Pair Plus with ``rules.seen`` seen, against the game as dealt."""
    paytable = paytable or PRESETS["combined"][DEFAULT_PAYTABLE]
    decision = combined_decision(paytable, rules)
    counts, decisions, exposed = _exposed_counts(paytable, decision, rules, run)
    table = _combined_table(paytable, rules, counts, decisions, "")
    return _exposure_notes(table, exposed,
                           analyze_combined(paytable, _unexposed(rules), run), rules)


def _combined_table(paytable: PayTable, rules: ThreeCardRules, counts: ClassCounts,
                    decisions: tuple[tuple[str, int], ...], strategy_note: str
                    ) -> ReturnTable:
    bonus = ante_bonus_pays(paytable, ANTE_BONUS_PREFIX)
    pair_plus = pair_plus_pays(paytable, PAIR_PLUS_PREFIX)
    ratio = rules.pair_plus_ratio
    rows = []
    for name, k, folds, raised in reversed(counts):
        side = ratio * pair_plus[k]
        fold_pay = -1 - ratio if rules.fold_forfeits_pair_plus else -1 + side
        rows.append(Row(f"{name} / fold", fold_pay, folds, 1 + ratio))
        for result, pay in enumerate(RESULT_PAYS):
            rows.append(Row(f"{name} / {DEALER_RESULTS[result]}",
                            pay + bonus[k] + side, raised[result], 2 + ratio))
    forfeits = ("a fold loses both wagers (the help page's rule)"
                if rules.fold_forfeits_pair_plus
                else "a fold loses the Ante only; Pair Plus is still paid")
    notes = (
        strategy_note,
        f"One unit on the Ante and {exact(ratio)} on Pair Plus; pays are the net total of both "
        f"wagers per unit of Ante, figures per unit initially wagered ({exact(1 + ratio)}); "
        f"{forfeits}. The decision weighs both wagers.",
        "Rows that cannot occur are left out.",
    )
    return ReturnTable(GAME_NAME, "combined", _nonzero(rows), paytable, options_dict(rules),
                       initial_wager=1 + ratio, decisions=decisions, notes=notes,
                       title="Tri-Card Poker: Pair Plus and Ante together")


def analyze_pair_plus(paytable: PayTable | None, rules: ThreeCardRules) -> ReturnTable:
    """The Pair Plus wager alone, paid on the player's three cards."""
    paytable = checked(paytable or PRESETS["pair-plus"][DEFAULT_PAYTABLE], PAIR_PLUS_OUTCOMES,
                       "pair-plus")
    cards, _, classes = _core.three_card_hands(rules.ace_low_straight)
    per_class = np.bincount(pay_classes(cards, classes), minlength=len(PAY_CLASSES))
    pays = pair_plus_pays(paytable)
    rows = tuple(Row(name, pays[members[0]], sum(int(per_class[k]) for k in members))
                 for name, members in reversed(row_classes(paytable)))
    notes: tuple[str, ...] = (
        "The Pair Plus wager alone, paid on the player's three cards. With an Ante too and "
        "fold_forfeits_pair_plus=true a fold loses it: see the combined bet.",)
    return ReturnTable(GAME_NAME, "pair-plus", rows, paytable, options_dict(rules), notes=notes,
                       title=f"Tri-Card Poker: Pair Plus {paytable.label()}")


def exposed_pair_plus(paytable: PayTable | None, rules: ThreeCardRules) -> ReturnTable:
    """Pair Plus with cards seen: the same table, with the exposure named (no decision)."""
    table = analyze_pair_plus(paytable, rules)
    return replace(table, notes=(*table.notes, f"seen={rules.seen} changes nothing here: Pair "
                                 "Plus alone has no decision (the exposure is analysed for the "
                                 "ante and combined bets)."))
