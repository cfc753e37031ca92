"""The return table of an Ultimate Texas Hold'em strategy that plays every street by its own
rules with both dealer cards seen (``seen=dealer-2``; :mod:`.rule_two` counts it), against
perfect use of the information (the dealer-2 solve) and the game as dealt."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction

from edge.games.ultimate_texas_holdem.exposure.main_bet import (
    check_solution,
    cycle_note,
    preflop_shares,
    scenario_of,
)
from edge.games.ultimate_texas_holdem.exposure.players import evaluate
from edge.games.ultimate_texas_holdem.exposure.rule_two import RuleSolution
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules as MainRules
from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
from edge.games.ultimate_texas_holdem.strategy.language import OPTIMAL, UthStrategy
from edge.paytables import PayTable
from edge.protection import information_note
from edge.table import ReturnTable, exact, percent


def own_rules_table(ruled: RuleSolution, perfect: ExposedSolution, paytable: PayTable,
                    rules: MainRules, options: Mapping[str, str], game: str,
                    unexposed: ReturnTable) -> ReturnTable:
    """The exact return table of a strategy that follows its own flop and river rules with both
    dealer cards seen (:mod:`.rule_two`: every line's outcomes counted), with its cost against
    perfect use of the information (``perfect``, the dealer-2 solve) and its gain against the
    game as dealt."""
    solution = ruled.solution
    check_solution(solution)
    settle = solution.settlement
    scenario = scenario_of(solution.scenario)
    rows = uth_main.outcome_rows(settle, solution.counts, solution.folds, rules.all_push)
    shares = preflop_shares(solution)
    checked = int(solution.counts[2].sum() + solution.counts[1].sum()) + solution.folds
    strategy = ruled.strategy
    optimal = evaluate(OPTIMAL, perfect)
    cost = optimal.optimal_return - ruled.expected_return
    steps = "; ".join(_steps(strategy))
    where = f" (file {strategy.file})" if strategy.file else ""
    notes = [
        cycle_note(solution.scenario, solution.cycle),
        f"Seen: {scenario.description}. The player follows strategy {strategy.name}{where} "
        f"on every street ({steps}); the dealer plays as always. Exact: every deal counted "
        "(docs/protection.md, \"Rules with their own flop and river steps\").",
        uth_main.PAYS_NOTE,
        f"Preflop: 4x on {percent(shares[4])} of the preflop states, 3x on "
        f"{percent(shares[3])}, check on {percent(shares[0])}. "
        + uth_main.street_shares(solution.counts, solution.folds, solution.cycle, checked),
        f"Against perfect use of the information (player edge "
        f"{percent(optimal.optimal_return)}, exactly {exact(optimal.optimal_return)}) the "
        f"strategy costs {percent(cost)} per Ante (exactly {exact(cost)}).",
    ]
    if strategy.description:
        notes.append(f"Strategy {strategy.name}: {strategy.description}"
                     + (f" Source: {strategy.info.source}." if strategy.info.source else ""))
    title = (f"Ultimate Texas Hold'em: Ante, Blind and Play, the player seeing {scenario.seen} "
             f"and playing {strategy.name} on every street, Blind {paytable.label()}")
    table = ReturnTable(game, "main", rows, paytable, dict(options), initial_wager=Fraction(1),
                        decisions=solution.decisions, notes=tuple(notes), title=title,
                        basis="Ante", initial_stake=Fraction(2))
    if table.expected_return != ruled.expected_return:
        raise RuntimeError("The rule's table does not give its own exact return.")
    notes.insert(4, information_note(table, unexposed))
    return replace(table, notes=tuple(notes))


def _steps(strategy: UthStrategy) -> list[str]:
    """Each street of a strategy in a few words: its rules, or optimal play."""
    if strategy.preflop_optimal:
        words = ["preflop optimally given his own flop and river"]
    else:
        plays = {4: "bets 4x", 3: "bets 3x", 0: "checks"}
        words = [f"preflop rule {rule.number}: he {plays[rule.action]} when {rule.words}"
                 for rule in strategy.preflop_rules]
        words.append("preflop otherwise: his chart (4x on " + str(strategy.chart.count(4))
                     + " of the 169 classes, 3x on " + str(strategy.chart.count(3)) + ")")
    for plan in (strategy.flop, strategy.river):
        street = plan.street.name.lower()
        if plan.optimal:
            words.append(f"on the {street} optimally given what he sees")
        else:
            words += [plan.rule_words(rule.number) for rule in plan.rules]
            words.append(plan.rule_words(0))
    return words
