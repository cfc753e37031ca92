"""The strategy of a game file as a document (``edge strategy FILE``).

The lines of play (how often each sequence of options is taken), then each decision as short
rules in words (:mod:`edge.decisions.rules`), found from the solve: read in order, the first
that holds decides, each with the hand classes (the cards seen up to a renaming of suits) and
hands it settles. The rules take the solve's option on every class and total in play the
optimal play arrives at; classes no short rule settles are listed by name. A decision made
with the dealer's card face up is put in words on its states, the hand and that card
(:mod:`edge.decisions.upcard_rules`). With a strategy file
(``--strategy``), the rules shown are the solve's, and the comparison with the file follows.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.decisions.analysis import GameAnalysis, played_strategy
from edge.decisions.rules import (
    Condition,
    DecisionRules,
    apply_rules,
    class_name,
    classes,
    find_rules,
    state_name,
)
from edge.decisions.solve import Solution, count_forward
from edge.decisions.strategy_file import is_up
from edge.decisions.upcard_rules import apply_up_rules, deck_of, find_up_rules, up_features
from edge.document.document import Items, Paragraph, Report, Section, Table
from edge.games import Rules
from edge.paytables import PayTable
from edge.table import decimal

BoolArray = npt.NDArray[np.bool_]
# decisions put in words up to this many cards seen (five cards: 134,459 classes, and made hands
# the features do not name); a decision made with the dealer's card face up is put in words on
# its states, the hand and that card (edge.decisions.upcard_rules)
MOST_CARDS_IN_WORDS = 4
# hands an exception rule names in the document (the JSON output names them all)
MOST_HANDS_NAMED = 12
RULES_FOUND = ("The strategy in words is found from the solve and checked against it: the "
               "rules, applied to every hand class (the cards seen up to a renaming of suits) "
               "and total in play the optimal play arrives at, take the solved option on each")
LISTED = "; the classes no short rule settles are listed by name"


def solved_words(solution: Solution) -> tuple[tuple[DecisionRules, BoolArray], ...]:
    """Each decision's rules in words (made with at most four cards seen, or with the dealer's
    card face up), found from the solve and checked to take its option on every class and
    total the optimal play arrives at (every state: [class, up card]); with where it arrives
    ([class, total])."""
    if is_up(solution):
        states = up_features(deck_of(solution.choices[0], solution.problem.cards),
                             solution.problem.cards)
        rules = find_up_rules(solution, states)
        if (apply_up_rules(rules, states)[0] != solution.choices[0]).any():
            raise AssertionError(f"the rules of {solution.problem.decisions[0].name} depart "
                                 "from the solve")
        return ((rules, np.ones(solution.choices[0].shape, dtype=bool)),)
    counted = count_forward(solution.problem, solution.choices)
    found = []
    for d in range(len(solution.problem.decisions)):
        seen = solution.problem.decisions[d].seen
        if seen > MOST_CARDS_IN_WORDS:
            continue
        rules = find_rules(solution, d, counted.arrivals[d])
        features, of_set, _ = classes(seen)
        action, _ = apply_rules(rules, features, solution.totals[d])
        reached = counted.arrivals[d] > 0
        if (action[of_set] != solution.choices[d])[reached].any():
            raise AssertionError(f"the rules of {solution.problem.decisions[d].name} depart "
                                 "from the solve")
        arrived = np.zeros(action.shape, dtype=bool)
        np.logical_or.at(arrived, of_set, reached)
        found.append((rules, arrived))
    return tuple(found)


def solved_rules(solution: Solution) -> tuple[DecisionRules, ...]:
    """Each decision's rules in words (:func:`solved_words`)."""
    return tuple(rules for rules, _ in solved_words(solution))


def _hand_names(when: Condition) -> list[str]:
    """The hands a condition lists by name (with the dealer's card face up: or states)."""
    return sorted([*(class_name(key) for key in when.hands),
                   *(state_name(state) for state in when.states)])


def _condition_text(rules: DecisionRules, number: int, seen: int) -> str:
    when = rules.rules[number].when
    if len(when.hands) + len(when.states) <= MOST_HANDS_NAMED:
        return when.words(seen)
    names = _hand_names(when)
    listed = when.words(seen).split("the hands ")[0]
    return (f"{listed}the hands {'; '.join(names[:MOST_HANDS_NAMED])}; and "
            f"{len(names) - MOST_HANDS_NAMED:,} more (all in --format json)")


def _decision_section(solution: Solution, rules: DecisionRules, arrived: BoolArray) -> Section:
    d = rules.decision
    decision = solution.problem.decisions[d]
    options = "; ".join(o.name for o in decision.options)
    if is_up(solution):
        return _up_section(solution, rules)
    features, of_set, sizes = classes(decision.seen)
    _, which = apply_rules(rules, features, solution.totals[d])
    rows = []
    for number in range(len(rules.rules) + 1):
        hit = (which == number) & arrived
        settled = int(hit.any(axis=1).sum())
        hands = int(np.array(sizes)[hit.any(axis=1)].sum())
        if number < len(rules.rules):
            rule = rules.rules[number]
            rows.append((str(number + 1), decision.options[rule.action].name,
                         _condition_text(rules, number, decision.seen), f"{settled:,}",
                         f"{hands:,}"))
        else:
            rows.append(("", decision.options[rules.otherwise].name, "otherwise",
                         f"{settled:,}", f"{hands:,}"))
    ties = "larger" if solution.problem.larger_on_ties else "smaller"
    blocks = (Paragraph(f"Made with {decision.seen} cards seen; the options: {options}. The "
                        "option of the highest expected return is taken (a tie goes to the "
                        f"{ties} total wager). In words, the first rule that holds decides:"),
              Table(("rule", "option", "when the cards seen hold", "classes", "hands"),
                    tuple(rows), f"{decision.name}: the optimal strategy in words "
                    f"({len(features.keys):,} hand classes)", align="lllrr"))
    return Section(f"Decision: {decision.name}", blocks)


def _up_section(solution: Solution, rules: DecisionRules) -> Section:
    """An up-card decision's rules: each with the states (the hand's class and the dealer's
    card, up to suits) and the hands (a hand and the dealer's card) it settles."""
    decision = solution.problem.decisions[rules.decision]
    cards = solution.problem.cards
    features = up_features(deck_of(solution.choices[0], cards), cards)
    _, which = apply_up_rules(rules, features)
    assert features.sizes is not None
    rows = []
    for number in range(len(rules.rules) + 1):
        hit = which == number
        states = f"{int(hit.sum()):,}"
        hands = f"{int((hit.sum(axis=1) * features.sizes).sum()):,}"
        if number < len(rules.rules):
            rule = rules.rules[number]
            rows.append((str(number + 1), decision.options[rule.action].name,
                         _condition_text(rules, number, cards), states, hands))
        else:
            rows.append(("", decision.options[rules.otherwise].name, "otherwise", states,
                         hands))
    ties = "larger" if solution.problem.larger_on_ties else "smaller"
    blocks = (Paragraph(f"Made with the player's {cards} cards and the dealer's card face up "
                        f"seen; the options: {'; '.join(o.name for o in decision.options)}. "
                        "The option of the highest expected return is taken (a tie goes to "
                        f"the {ties} total wager). In words, the first rule that holds decides; "
                        "a state is the player's hand and the dealer's card, up to a renaming "
                        "of suits:"),
              Table(("rule", "option", "when the hand and the dealer's card hold", "states",
                     "hands"), tuple(rows), f"{decision.name}: the optimal strategy in words "
                    f"({which.size:,} states)", align="lllrr"))
    return Section(f"Decision: {decision.name}", blocks)


def _rules_data(solution: Solution, rules: DecisionRules) -> dict[str, Any]:
    decision = solution.problem.decisions[rules.decision]
    seen = decision.seen - 1 if is_up(solution) else decision.seen
    return {"decision": decision.name,
            "rules": [{"action": decision.options[rule.action].name,
                       "when": rule.when.words(seen),
                       "hands": _hand_names(rule.when)}
                      for rule in rules.rules],
            "otherwise": decision.options[rules.otherwise].name,
            # the same rules as a strategy file's table for the decision
            "file": {"otherwise": decision.options[rules.otherwise].name,
                     "rules": [{"action": decision.options[rule.action].name,
                                **rule.when.as_file()} for rule in rules.rules]}}


def strategy_report(analysis: GameAnalysis, paytable: PayTable | None, rules: Rules) -> Report:
    """The solved strategy at these pays and ties rule, as a document (with a strategy file:
    the method of its count too)."""
    file = analysis.file
    solution = analysis.played(paytable, rules)
    lines = sorted(solution.lines.items(), key=lambda item: -item[1])
    line_rows = tuple((", ".join(solution.problem.decisions[d].options[i].name
                                 for d, i in enumerate(line)), f"{deals:,}",
                       f"{decimal(Fraction(deals, solution.cycle) * 100, 4)}%")
                      for line, deals in lines)
    facts = Items((
        f"expected return per {file.unit}: {decimal(solution.player_return * 100, 4)}% "
        f"(exactly {solution.player_return})",
        f"every ordered deal counted: {solution.cycle:,}",
        f"pay table: {(paytable or file.bet.presets[file.bet.default_paytable]).name}",
    ))
    words = solved_words(solution)
    found = [rules for rules, _ in words]
    strategy = played_strategy(rules)
    listed = any(rule.when.hands or rule.when.states for rules in found for rule in rules.rules)
    method = [RULES_FOUND + (LISTED if listed else "") + "."]
    if not strategy.is_optimal:
        method.append(f"The return tables play the strategy file {strategy}, not the optimal "
                      "strategy: every ordered deal is counted forward under its rules (a "
                      "decision it leaves out as solved). The cost of each of its rules is the "
                      "change in that exact return when the rule's hands take the optimal "
                      "option instead, the play before the decision the file's and after it "
                      "the optimal in both counts; the costs add up to the difference of the "
                      "two returns.")
    sections = [Section("The solved strategy", (
        facts, Table(("line of play (options taken in turn)", "deals", "share"), line_rows,
                     "How often each line of play is taken", align="lrr")),
        method=tuple(method))]
    sections += [_decision_section(solution, r, arrived) for r, arrived in words]
    put = {r.decision for r in found}
    sections += [Section(f"Decision: {decision.name}", (Paragraph(
        f"Made with {decision.seen} cards seen: too many hands to put in words here; the lines "
        "of play (in the first section) give how often each option is taken."),))
        for d, decision in enumerate(solution.problem.decisions) if d not in put]
    data: dict[str, Any] = {"game": file.bet.name,
                            "player_return": str(solution.player_return),
                            "lines": {row[0]: deals for row, (_, deals)
                                      in zip(line_rows, lines, strict=True)},
                            "rules": [_rules_data(solution, r) for r in found]}
    return Report(f"{file.bet.title}: the optimal strategy", (), tuple(sections),
                  game=file.bet.name, game_title=file.bet.title, data=data)
