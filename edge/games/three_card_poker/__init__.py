"""Tri-Card Poker, also sold as Three Card Poker (docs/rules.md section 2): Pair Plus, Ante, both.

The package: ``rules`` (typed variant options), ``pays`` (outcomes and preset pay tables),
``hands`` (the kernel's counts of every player hand against every dealer hand, and hand names),
``strategy`` (the exact raise/fold solve and the strategy document), ``analysis`` (return
tables), ``report`` (the raise chart of ``edge report``) and ``simulation``. Each
:class:`~edge.games.Bet` below calls its own functions.

>>> GAME.analyze("pair-plus", None, ThreeCardRules()).cycle
22100
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from types import ModuleType
from typing import TYPE_CHECKING, cast

from edge.document import Report, Section
from edge.games import (
    PUBLISHED_FIGURES,
    SMALL_CASES,
    Bet,
    Compare,
    Exposed,
    Game,
    ReportSections,
    RulesSections,
    Simulate,
    Simulator,
    TableCase,
    Wager,
    on_call,
    pays_and_rules,
    uses,
)
from edge.games.contract import Surveil, TellsOf
from edge.games.three_card_poker import analysis, sources
from edge.games.three_card_poker.collusion import COLLUSION, collude
from edge.games.three_card_poker.exposure import SCENARIOS
from edge.games.three_card_poker.exposure_play import exposed_comparison
from edge.games.three_card_poker.exposure_strategy import (
    exposed_solution,
    exposed_strategy_document,
    plain_rules,
)
from edge.games.three_card_poker.pays import (
    ANTE_BONUS_OUTCOMES,
    ANTE_BONUS_PREFIX,
    COMBINED_OUTCOMES,
    COMBINED_SPLITS,
    DEFAULT_PAYTABLE,
    HELP_PAGE_ANTE_BONUS,
    PAIR_PLUS_OUTCOMES,
    PAIR_PLUS_PREFIX,
    PRESETS,
    SPLITS,
)
from edge.games.three_card_poker.rules import (
    OPTIMAL,
    Seen,
    Strategy,
    ThreeCardRules,
    Ties,
    describe_rules,
)
from edge.games.three_card_poker.strategy import (
    GAME_NAME,
    DecisionPays,
    ante_decision,
    combined_decision,
    compare_strategy,
    strategy_document,
)
from edge.protection import Pace, Protection
from edge.strategies import StrategyComparison

if TYPE_CHECKING:
    from edge.tells import Tells

__all__ = ["GAME", "Seen", "Strategy", "ThreeCardRules", "Ties"]


def _report() -> ReportSections[ThreeCardRules]:
    from edge.games.three_card_poker import report  # charts: imported for a report only
    return report.report_sections


def _rules_document() -> RulesSections[ThreeCardRules]:
    from edge.games.three_card_poker import rules_document
    return rules_document.rules_sections


def _simulation() -> ModuleType:
    from edge.games.three_card_poker import simulation  # imported when a simulation is run
    return simulation


def ante_strategy(wager: Wager[ThreeCardRules]) -> Report:
    """The strategy of the Ante: the raise rule, the border hands, the strategies compared."""
    table = wager.paytable or PRESETS["ante"][DEFAULT_PAYTABLE]
    return strategy_document(table, wager.rules, ante_decision(table), analysis.analyze_ante,
                             wager.run)


def exposed_ante_strategy(wager: Wager[ThreeCardRules]) -> Report:
    """The exposed player's strategy of the Ante: the rule by what is seen."""
    table = wager.paytable or PRESETS["ante"][DEFAULT_PAYTABLE]
    return exposed_strategy_document(table, wager.rules, ante_decision(table),
                                     (analysis.exposed_ante, analysis.analyze_ante), wager.run)


def combined_strategy(wager: Wager[ThreeCardRules]) -> Report:
    """The strategy of Ante and Pair Plus together (the decision weighs both wagers)."""
    table = wager.paytable or PRESETS["combined"][DEFAULT_PAYTABLE]
    return strategy_document(table, wager.rules, combined_decision(table, wager.rules),
                             analysis.analyze_combined, wager.run)


def exposed_combined_strategy(wager: Wager[ThreeCardRules]) -> Report:
    """The exposed player's strategy of Ante and Pair Plus together."""
    table = wager.paytable or PRESETS["combined"][DEFAULT_PAYTABLE]
    return exposed_strategy_document(table, wager.rules, combined_decision(table, wager.rules),
                                     (analysis.exposed_combined, analysis.analyze_combined),
                                     wager.run)


def ante_rules_of_play(wager: Wager[ThreeCardRules]) -> list[str]:
    """The exposed player's strategy of the Ante in plain lines, for the report's
    game-protection section."""
    table = wager.paytable or PRESETS["ante"][DEFAULT_PAYTABLE]
    lines = plain_rules(exposed_solution(ante_decision(table), wager.rules))
    return lines or ["No short rule: the weakest hand raised depends on both seen cards "
                     f"(`edge strategy {GAME_NAME} --set seen={wager.player.seen}`)."]


def ante_compare(wager: Wager[ThreeCardRules]) -> StrategyComparison:
    """The Ante: the chosen strategy against the optimal one, departure by departure."""
    table = wager.paytable or PRESETS["ante"][DEFAULT_PAYTABLE]
    return compare_strategy(ante_decision(table), wager.rules, Fraction(1))


def combined_compare(wager: Wager[ThreeCardRules]) -> StrategyComparison:
    """Ante and Pair Plus: the chosen strategy against the optimal one."""
    rules = wager.rules
    table = wager.paytable or PRESETS["combined"][DEFAULT_PAYTABLE]
    return compare_strategy(combined_decision(table, rules), rules, 1 + rules.pair_plus_ratio)


def _exposed_compare(bet: str) -> Compare[ThreeCardRules]:
    """The exposed wager's compare hook: the player's rule against the exact exposed solve."""
    exposed = analysis.exposed_ante if bet == "ante" else analysis.exposed_combined

    def compare(wager: Wager[ThreeCardRules]) -> StrategyComparison:
        rules = wager.rules
        table = wager.paytable or PRESETS[bet][DEFAULT_PAYTABLE]
        pays = ante_decision(table) if bet == "ante" else combined_decision(table, rules)
        returns = (exposed(wager.paytable, replace(rules, strategy=OPTIMAL), wager.run),
                   exposed(wager.paytable, rules, wager.run))
        return exposed_comparison(exposed_solution(pays, rules), rules.strategy, rules.split,
                                  bet, returns[0].initial_wager,
                                  (returns[0].expected_return, returns[1].expected_return))
    return compare


def _surveillance(bet: str) -> Surveil[ThreeCardRules]:
    """The exposed wager's surveillance hook (:mod:`.surveillance`: tables imported when used)."""
    def watch(wager: Wager[ThreeCardRules]) -> list[Section]:
        from edge.games.three_card_poker.surveillance import surveillance
        return surveillance(_decision_pays(bet, wager), wager.rules)
    return watch


def _tells(bet: str) -> TellsOf[ThreeCardRules]:
    """The exposed wager's tells against ordinary play (:mod:`.surveillance`)."""
    def tells(wager: Wager[ThreeCardRules]) -> Tells:
        from edge.games.three_card_poker.surveillance import tells
        return tells(_decision_pays(bet, wager), wager.rules)
    return tells


def _decision_pays(bet: str, wager: Wager[ThreeCardRules]) -> DecisionPays:
    """What rides on the wager's raise/fold decision under its pay table."""
    table = wager.paytable or PRESETS[bet][DEFAULT_PAYTABLE]
    return ante_decision(table) if bet == "ante" else combined_decision(table, wager.rules)


def _simulate(bet: str, exposed: bool = False) -> Simulate[ThreeCardRules]:
    """The Ante's or the combined wager's simulate hook, the player seeing ``rules.seen`` when
    ``exposed`` (:mod:`.simulation` is imported when a simulation is run)."""
    def simulate(wager: Wager[ThreeCardRules]) -> Simulator:
        module = _simulation()
        made = module.simulate_ante if bet == "ante" else module.simulate_combined
        return cast(Simulator, made(wager.paytable, wager.rules, exposed))
    return simulate


def _extra_tables() -> tuple[TableCase, ...]:
    cases = [TableCase(bet, name, {"strategy": "mimic"}, f"{bet}-{name}-mimic")
             for bet in ("ante", "combined") for name in HELP_PAGE_ANTE_BONUS]
    cases.append(TableCase("ante", "3", {"strategy": "raise-all"}, "ante-3-raise-all"))
    cases.append(TableCase("combined", "3", {"fold_forfeits_pair_plus": "false"},
                           "combined-3-pair-plus-kept"))
    return tuple(cases)


GAME = Game(
    name=GAME_NAME,
    title="Tri-Card Poker (Three Card Poker)",
    rules=ThreeCardRules,
    bets=(
        Bet("ante", "Ante and Raise against the dealer, with the Ante Bonus",
            lambda wager: analysis.analyze_ante(wager.paytable, wager.rules, wager.run),
            ANTE_BONUS_OUTCOMES, PRESETS["ante"], DEFAULT_PAYTABLE,
            strategy=ante_strategy, simulate=_simulate("ante"),
            compare=ante_compare, splits=SPLITS,
            uses=uses("ace_low_straight", "strategy", "ties", "seen", "split"),
            exposed=Exposed(
                lambda wager: analysis.exposed_ante(wager.paytable, wager.rules, wager.run),
                strategy=exposed_ante_strategy, simulate=_simulate("ante", True),
                compare=_exposed_compare("ante"), surveillance=_surveillance("ante"),
                rules_of_play=ante_rules_of_play, collude=collude, tells=_tells("ante"))),
        Bet("pair-plus", "paid on the player's pair or better",
            pays_and_rules(analysis.analyze_pair_plus),
            PAIR_PLUS_OUTCOMES, PRESETS["pair-plus"], DEFAULT_PAYTABLE,
            simulate=lambda wager: _simulation().simulate_pair_plus(wager.paytable, wager.rules),
            splits=SPLITS,
            uses=uses("ace_low_straight"),       # no decision: paid on the cards alone
            exposed=Exposed(pays_and_rules(analysis.exposed_pair_plus))),
        Bet("combined", "Ante and Pair Plus together (the Pair Plus wager per unit of Ante "
            "is an option)",
            lambda wager: analysis.analyze_combined(wager.paytable, wager.rules, wager.run),
            COMBINED_OUTCOMES, PRESETS["combined"], DEFAULT_PAYTABLE,
            strategy=combined_strategy, simulate=_simulate("combined"),
            compare=combined_compare,
            parts={PAIR_PLUS_PREFIX: "pair-plus", ANTE_BONUS_PREFIX: "ante"},
            splits=COMBINED_SPLITS,
            exposed=Exposed(
                lambda wager: analysis.exposed_combined(wager.paytable, wager.rules, wager.run),
                strategy=exposed_combined_strategy,
                simulate=_simulate("combined", True), compare=_exposed_compare("combined"),
                surveillance=_surveillance("combined"), tells=_tells("combined"))),
    ),
    source="An online casino's Tri-Card Poker help page",
    sources=sources.SOURCES,
    published=sources.PUBLISHED,
    aliases=("tri-card-poker", "three-card", "tcp"),
    checks=(SMALL_CASES, PUBLISHED_FIGURES),   # the tests' plain counts, docs/references.md
    describe_rules=describe_rules,
    extra_tables=_extra_tables(),
    report_sections=on_call(_report),
    rules_sections=on_call(_rules_document),
    protection=Protection("ante", SCENARIOS, collusion=COLLUSION, stakes=("Ante",)),
    pace=Pace(60, "no published figure found; docs/references.md", assumed=True),
)
