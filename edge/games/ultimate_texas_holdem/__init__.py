"""Ultimate Texas Hold'em (docs/rules.md section 4): Ante, Blind and Play, and the side bets.

One module per job: :mod:`.rules` (the typed options), :mod:`.solve` (the exact solve) and
:mod:`.main` (the main bet's table and strategy), :mod:`.side_bets` (Trips and the progressive),
:mod:`.simulation`, :mod:`.main_simulation` and :mod:`.strategy_simulation` (the simulators),
:mod:`.report` (report sections), :mod:`.commands` (``edge hands``). This module joins them
into :data:`GAME`.

>>> table = GAME.analyze("progressive", GAME.bet("progressive").paytable("example"),
...                      GAME.make_rules({"meter": "25000"}), RunSettings())
>>> table.cycle
2598960
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from edge import holdem
from edge.document import Report, Section
from edge.errors import EdgeError
from edge.games import (
    PUBLISHED_FIGURES,
    SMALL_CASES,
    Bet,
    Exposed,
    Game,
    ReportSections,
    RulesSections,
    RunSettings,
    Simulator,
    TableCase,
    Wager,
    on_call,
    pays_and_rules,
    uses,
)
from edge.games.ultimate_texas_holdem import sources
from edge.games.ultimate_texas_holdem.commands import COMMANDS
from edge.games.ultimate_texas_holdem.exposure import main_bet as exposure_main
from edge.games.ultimate_texas_holdem.exposure import own_rules, players, rule_two
from edge.games.ultimate_texas_holdem.exposure.solution import ExposedSolution
from edge.games.ultimate_texas_holdem.report.content import progressive_figures
from edge.games.ultimate_texas_holdem.rules import (
    GAME_NAME,
    SOURCE,
    Seen,
    TripsRule,
    UltimateTexasHoldemRules,
    describe_rules,
)
from edge.games.ultimate_texas_holdem.simulation.exposure import simulate_exposed
from edge.games.ultimate_texas_holdem.simulation.side_bets import (
    simulate_progressive,
    simulate_trips,
)
from edge.games.ultimate_texas_holdem.simulation.strategy import simulate_main_bet
from edge.games.ultimate_texas_holdem.solve.main_bet import (
    BLIND_DEFAULT,
    BLIND_OUTCOMES,
    BLIND_PRESETS,
    MAIN_DESCRIPTION,
    main_table,
    solve_main,
    strategy_document,
)
from edge.games.ultimate_texas_holdem.solve.side_bets import (
    PROGRESSIVE_DEFAULT,
    PROGRESSIVE_DESCRIPTION,
    PROGRESSIVE_PRESETS,
    TRIPS_DEFAULT,
    TRIPS_DESCRIPTION,
    TRIPS_OUTCOMES,
    TRIPS_PRESETS,
    TRIPS_TABLE_RULES,
    ProgressiveBet,
    ProgressiveTable,
    analyze_progressive,
    analyze_trips,
    analyze_trips_beating_dealer,
)
from edge.games.ultimate_texas_holdem.solve.solver import settlement
from edge.games.ultimate_texas_holdem.solve.trips_showdown import fold_showdowns, trips_showdowns
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import OPTIMAL
from edge.options import options_dict
from edge.paytables import PayTable
from edge.protection import CollusionRequest, CollusionResult, Pace
from edge.strategies import StrategyComparison

if TYPE_CHECKING:
    from edge.tells import Tells
from edge.table import ReturnTable

__all__ = ["GAME", "GAME_NAME", "UltimateTexasHoldemRules", "describe_rules"]


def _report() -> ReportSections[UltimateTexasHoldemRules]:
    from edge.games.ultimate_texas_holdem.report import sections  # charts: for a report only
    return sections.report_sections


def _rules_document() -> RulesSections[UltimateTexasHoldemRules]:
    from edge.games.ultimate_texas_holdem import rules_document
    return rules_document.rules_sections


def _trips(wager: Wager[UltimateTexasHoldemRules]) -> ReturnTable:
    paytable, rules, run = wager.paytable, wager.rules, wager.run
    assert paytable is not None
    options = {"trips_rule": str(rules.trips_rule)}
    if rules.trips_rule is TripsRule.BEAT_DEALER:
        return analyze_trips_beating_dealer(
            paytable, trips_showdowns(run.jobs, run.cache, run.progress), options, GAME_NAME)
    if rules.trips_rule is TripsRule.BEAT_DEALER_FOLD_LOSES:
        # the folds are those of the strategy with the standard Blind table (the Trips table
        # does not see the main bet's): docs/rules.md section 4.6
        settle = settlement(BLIND_PRESETS[BLIND_DEFAULT].as_dict(), rules.dealer_no_qualify)
        found = fold_showdowns(settle, rules.ties_larger, str(rules.strategy), run.jobs,
                               run.cache, run.progress)
        return analyze_trips_beating_dealer(paytable, found, {**_main_options(rules), **options},
                                            GAME_NAME)
    return analyze_trips(paytable, {}, GAME_NAME)


def _exposed_trips(wager: Wager[UltimateTexasHoldemRules]) -> ReturnTable:
    """The Trips table with cards seen: the game as dealt's, the exposure named (refused when a
    fold loses the Trips: the exposed player's folds are not the ones counted)."""
    rules = wager.rules
    if rules.trips_rule is TripsRule.BEAT_DEALER_FOLD_LOSES:    # the folds would change
        raise EdgeError(f"seen={rules.seen} with trips_rule=beat-dealer-fold-loses is not "
                        "supported: that Trips bet is lost on a fold, and edge counts its "
                        "folds for the game as dealt only (the exposure's own is analysed "
                        "for the main bet: --bet main).")
    return _unchanged(_trips(_dealt(wager)), rules)


def _dealt(wager: Wager[UltimateTexasHoldemRules]) -> Wager[UltimateTexasHoldemRules]:
    """The same wager in the game as dealt (nothing seen)."""
    return replace(wager, rules=_dealt_rules(wager.rules),
                   player=replace(wager.player, scenario=None))


def _dealt_rules(rules: UltimateTexasHoldemRules) -> UltimateTexasHoldemRules:
    """The rules of the game as dealt (nothing seen): a strategy whose preflop rules name the
    seen cards (or its flop and river rules the dealer's hand) means nothing there, so the
    optimal one takes its place."""
    named = rules.strategy.needs_seen or rules.strategy.names_versus_dealer
    strategy = OPTIMAL if named else rules.strategy
    return replace(rules, seen=Seen.NONE, strategy=strategy)


def _trips_uses(rules: UltimateTexasHoldemRules) -> frozenset[str]:
    """The Trips wager's options: its rule, and the play deciding its folds when a fold loses
    it (the seen cards never: the exposure is analysed for the main bet)."""
    if rules.trips_rule is TripsRule.BEAT_DEALER_FOLD_LOSES:
        return frozenset({"trips_rule", "strategy", "dealer_no_qualify", "ties"})
    return frozenset({"trips_rule"})


def _progressive(paytable: PayTable | None, rules: UltimateTexasHoldemRules) -> ReturnTable:
    assert paytable is not None
    return analyze_progressive(paytable, rules.meter, {"meter": options_dict(rules)["meter"]},
                               GAME_NAME)


def _certify_progressive(wager: Wager[UltimateTexasHoldemRules]
                         ) -> list[tuple[str, Fraction, str]]:
    """The progressive's certified holds: at the report's meter where it is not the reset
    value, at the reset value, and in the long run with the increment paid back."""
    paytable, rules = wager.paytable, wager.rules
    assert isinstance(paytable, ProgressiveTable)
    figures = progressive_figures(paytable, rules.meter, rules.reset, rules.increment)
    values = options_dict(rules, every=True)
    table = ("" if paytable.pays != PROGRESSIVE_PRESETS[PROGRESSIVE_DEFAULT].pays
             else "; the pay table example (assumed, not from a casino)")
    rows = []
    if figures.meter != figures.reset:
        rows.append((f"per unit wagered on the progressive wager, the meter at {values['meter']}",
                     -figures.at_meter, f"the meter at {values['meter']} (assumed){table}"))
    rows += [
        (f"per unit wagered on the progressive wager, the meter at its reset value "
         f"{values['reset']}", -figures.at_reset,
         f"the reset value {values['reset']} (assumed){table}"),
        ("per unit wagered on the progressive wager in the long run, the increment "
         f"{values['increment']} of every bet paid back through the meter", -figures.long_run,
         f"the reset value {values['reset']} and the increment {values['increment']} "
         f"(both assumed){table}"),
    ]
    return rows


def _main(wager: Wager[UltimateTexasHoldemRules]) -> ReturnTable:
    paytable, rules = wager.paytable, wager.rules
    assert paytable is not None
    return main_table(paytable, rules, _main_options(rules), wager.run, GAME_NAME)


def _exposed_main(wager: Wager[UltimateTexasHoldemRules]) -> ReturnTable:
    paytable, rules, run = wager.paytable, wager.rules, wager.run
    assert paytable is not None
    if not rules.strategy.is_optimal:       # a player's own preflop rule (part 2, issue 27)
        return _exposed_rule(wager)
    return _exposed_table(paytable, rules, run)(
        exposure_main.solve_exposure(paytable, rules, run))


def _exposed_rule(wager: Wager[UltimateTexasHoldemRules]) -> ReturnTable:
    """The exact return of a player's preflop rule under the exposure (the flop and river
    played optimally given what is seen, or, with both dealer cards seen, by the strategy's own
    flop and river rules) and its cost against perfect use of it."""
    paytable, rules, run = wager.paytable, wager.rules, wager.run
    assert paytable is not None
    solution = exposure_main.solve_exposure(paytable, rules, run)
    dealt = replace(rules, seen=Seen.NONE, strategy=OPTIMAL)
    unexposed = main_table(paytable, dealt, _main_options(dealt), run, GAME_NAME)
    if not rules.strategy.later_streets_optimal and rules.seen is not Seen.DEALER_2:
        return _exposed_own_rules(wager, solution, unexposed)
    if not rules.strategy.later_streets_optimal:      # its own flop and river (seen=dealer-2)
        settle = settlement(paytable.as_dict(), rules.dealer_no_qualify)
        ruled = rule_two.solve_rule(rules.strategy, settle, rules.ties_larger, jobs=run.jobs,
                                    use_cache=run.cache, progress=run.progress)
        return own_rules.own_rules_table(ruled, solution, paytable, rules, _main_options(rules),
                                       GAME_NAME, unexposed)
    return players.rule_table(players.evaluate(rules.strategy, solution), paytable,
                              _main_options(rules), GAME_NAME, unexposed)


def _exposed_own_rules(wager: Wager[UltimateTexasHoldemRules], solution: ExposedSolution,
                       unexposed: ReturnTable) -> ReturnTable:
    """The exact return of a strategy with its own flop and river rules under an exposure other
    than ``dealer-2`` (:mod:`.exposure.rule_exposed`)."""
    from edge.games.ultimate_texas_holdem.exposure import rule_exposed
    paytable, rules, run = wager.paytable, wager.rules, wager.run
    assert paytable is not None
    reaching = replace(rules.strategy, preflop_optimal=True, preflop_rules=())

    def evaluation() -> practical.Evaluation:      # every holding reaches the flop
        dealt = replace(rules, seen=Seen.NONE, strategy=OPTIMAL)
        return practical.evaluate_cached(reaching, solve_main(paytable, dealt, run),
                                         jobs=run.jobs, progress=run.progress,
                                         use_cache=run.cache)

    checking = rule_exposed.checking_values(rules.strategy, solution, evaluation=evaluation,
                                            jobs=run.jobs, use_cache=run.cache,
                                            progress=run.progress)
    return rule_exposed.rule_table(rule_exposed.rule_value(rules.strategy, solution, checking),
                                   paytable, _main_options(rules), GAME_NAME, unexposed)


def _exposed_simulate(wager: Wager[UltimateTexasHoldemRules]) -> Simulator:
    """The exposure's simulator; refused for a player's own rule, whose exact table has no
    outcomes to compare with (only its return: tests/test_uth_players.py simulates it)."""
    if not wager.rules.strategy.is_optimal:
        raise EdgeError(f"edge simulate compares every outcome with the exact table, and "
                        f"strategy={wager.rules.strategy} with seen={wager.rules.seen} has an "
                        "exact return but no table of outcomes; simulate the exposure with "
                        "strategy=optimal.")
    return simulate_exposed(wager.paytable, wager.rules, wager.run)


def _exposed_compare(wager: Wager[UltimateTexasHoldemRules]) -> StrategyComparison:
    """The player's strategy against perfect use of what he sees: its preflop departures, and
    with its own flop or river rules their parts of the cost (:mod:`.exposure.rule_compare`)."""
    rules = wager.rules
    paytable = _main_paytable(wager.paytable)
    solution = exposure_main.solve_exposure(paytable, rules, wager.run)
    if rules.strategy.later_streets_optimal:
        return players.comparison(players.evaluate(rules.strategy, solution), GAME_NAME)
    from edge.games.ultimate_texas_holdem.exposure import rule_compare
    return rule_compare.compare(rules.strategy, solution,
                                rule_compare.checking_of(paytable, rules, solution, wager.run),
                                GAME_NAME)


def _exposed_table(paytable: PayTable, rules: UltimateTexasHoldemRules, run: RunSettings
                   ) -> Callable[[ExposedSolution], ReturnTable]:
    """The return table of an exposure's solve, against the game as dealt (optimal play)."""
    dealt = replace(rules, seen=Seen.NONE, strategy=OPTIMAL)
    unexposed = main_table(paytable, dealt, _main_options(dealt), run, GAME_NAME)
    return lambda solution: exposure_main.exposed_table(solution, paytable, rules,
                                                        _main_options(rules), GAME_NAME,
                                                        unexposed)


def _main_options(rules: UltimateTexasHoldemRules) -> dict[str, str]:
    shown = options_dict(rules)     # seen only when set (quiet at none)
    return {key: shown[key] for key in ("strategy", "dealer_no_qualify", "ties", "seen")
            if key in shown}


def _unchanged(table: ReturnTable, rules: UltimateTexasHoldemRules) -> ReturnTable:
    """A side bet's table under an exposure: the same, with the exposure named and a note that
    it changes nothing there (the bet is settled on the cards whatever the player decides)."""
    note = (f"seen={rules.seen} changes nothing here: the {table.bet} bet is settled on the "
            "cards whatever the player decides (the exposure is analysed for the main bet).")
    return replace(table, options={**table.options, "seen": str(rules.seen)},
                   notes=(*table.notes, note))


def _main_paytable(paytable: PayTable | None) -> PayTable:
    if paytable is None or set(paytable) != set(BLIND_OUTCOMES):
        raise EdgeError("The strategy is that of the main bet: choose --bet main.")
    return paytable


def _compare(wager: Wager[UltimateTexasHoldemRules]) -> StrategyComparison:
    rules, run = wager.rules, wager.run
    solution = solve_main(_main_paytable(wager.paytable), rules, run)
    evaluation = practical.evaluate_cached(rules.strategy, solution, jobs=run.jobs,
                                           progress=run.progress, use_cache=run.cache)
    return practical.comparison(evaluation, GAME_NAME, "main", rules.strategy)


def _strategy(wager: Wager[UltimateTexasHoldemRules]) -> Report:
    rules = wager.rules
    return strategy_document(_main_paytable(wager.paytable), rules, _main_options(rules),
                             wager.run)


def _exposed_strategy(wager: Wager[UltimateTexasHoldemRules]) -> Report:
    rules, run = wager.rules, wager.run
    main_paytable = _main_paytable(wager.paytable)
    return exposure_main.exposed_strategy(main_paytable, rules, _main_options(rules), run,
                                          _exposed_table(main_paytable, rules, run))


def _rules_of_play(wager: Wager[UltimateTexasHoldemRules]) -> list[str]:
    """The exposed player's preflop play in plain lines (the report's game-protection
    section)."""
    paytable = wager.paytable
    blind = _main_paytable(paytable if paytable is not None else BLIND_PRESETS[BLIND_DEFAULT])
    return exposure_main.rules_lines(exposure_main.solve_exposure(blind, wager.rules, wager.run))


def _surveillance(wager: Wager[UltimateTexasHoldemRules]) -> list[Section]:
    """What surveillance should watch for under the exposure: the informed player's decisions
    against basic strategy, preflop exactly, flop and river simulated (docs/protection.md)."""
    from edge.games.ultimate_texas_holdem.exposure import surveillance
    paytable = wager.paytable
    blind = _main_paytable(paytable if paytable is not None else BLIND_PRESETS[BLIND_DEFAULT])
    rules = replace(wager.rules, strategy=OPTIMAL)       # the informed player plays perfectly
    solution = exposure_main.solve_exposure(blind, rules, wager.run)
    return surveillance.surveillance_sections(solution, blind, rules, wager.run)


def _tells(wager: Wager[UltimateTexasHoldemRules]) -> Tells:
    """The informed player's preflop tells against ordinary play (docs/protection.md)."""
    from edge.games.ultimate_texas_holdem.exposure import surveillance
    paytable = wager.paytable
    blind = _main_paytable(paytable if paytable is not None else BLIND_PRESETS[BLIND_DEFAULT])
    rules = replace(wager.rules, strategy=OPTIMAL)       # the informed player plays perfectly
    solution = exposure_main.solve_exposure(blind, rules, wager.run)
    return surveillance.tells(solution, blind, rules, wager.run)


def _collude(wager: Wager[UltimateTexasHoldemRules], request: CollusionRequest
             ) -> CollusionResult:
    """The return of a player who sees a partner's hole cards (collusion/two_player.py)."""
    from edge.games.ultimate_texas_holdem.collusion.two_player import collude
    if wager.player.exposed:
        raise EdgeError(f"seen={wager.player.seen}: collusion is analysed for the game as "
                        "dealt; leave out seen=.")
    paytable = wager.paytable
    blind = _main_paytable(paytable if paytable is not None else BLIND_PRESETS[BLIND_DEFAULT])
    return collude(blind, wager.rules, wager.run, request)


BETS: tuple[Bet[UltimateTexasHoldemRules], ...] = (
    Bet("main", MAIN_DESCRIPTION, _main, BLIND_OUTCOMES, BLIND_PRESETS, BLIND_DEFAULT,
        strategy=_strategy,
        simulate=lambda wager: simulate_main_bet(wager.paytable, wager.rules, wager.run),
        compare=_compare,
        linear=False,       # the optimal strategy depends on the Blind pays
        uses=uses("strategy", "dealer_no_qualify", "ties", "seen"),
        exposed=Exposed(
            _exposed_main, strategy=_exposed_strategy,
            simulate=_exposed_simulate, compare=_exposed_compare, rules_of_play=_rules_of_play,
            surveillance=_surveillance, collude=_collude, tells=_tells)),
    Bet("trips", TRIPS_DESCRIPTION, _trips, TRIPS_OUTCOMES, TRIPS_PRESETS, TRIPS_DEFAULT,
        simulate=lambda wager: simulate_trips(wager.paytable, wager.rules, wager.run),
        table_rules=TRIPS_TABLE_RULES, uses=_trips_uses, exposed=Exposed(_exposed_trips)),
    ProgressiveBet("progressive", PROGRESSIVE_DESCRIPTION, pays_and_rules(_progressive),
                   tuple(holdem.CLASS_NAMES), PROGRESSIVE_PRESETS, PROGRESSIVE_DEFAULT,
                   simulate=pays_and_rules(simulate_progressive), certify=_certify_progressive,
                   uses=uses("meter", "reset", "increment"),
                   exposed=Exposed(lambda wager: _unchanged(
                       _progressive(wager.paytable, _dealt_rules(wager.rules)),
                       wager.rules))),
)

GAME = Game(
    name=GAME_NAME,
    title="Ultimate Texas Hold'em",
    rules=UltimateTexasHoldemRules,
    bets=BETS,
    source=SOURCE,
    sources=sources.SOURCES,
    published=sources.PUBLISHED,
    aliases=("uth", "ultimate-texas-hold-em", "ultimate-holdem"),
    checks=(SMALL_CASES, PUBLISHED_FIGURES),   # the tests' plain counts, docs/references.md
    describe_rules=describe_rules,
    extra_tables=(TableCase("progressive", "example", {"meter": "25000"},
                            "progressive-example-meter-25000"),
                  TableCase("main", "standard", {"strategy": "always-4x"},
                            "main-standard-always-4x"),
                  TableCase("main", "standard", {"dealer_no_qualify": "all-push"},
                            "main-standard-all-push"),
                  TableCase("main", "standard", {"ties": "larger"},
                            "main-standard-ties-larger")),
    strategy_tables=(TableCase("main", "standard", {}, "strategy-main-standard"),),
    report_sections=on_call(_report),
    commands=COMMANDS,
    rules_sections=on_call(_rules_document),
    protection=exposure_main.protection(),
    pace=Pace(30, 'E. Frome, "Speed of play counts in all gambling", Gaming Today; '
              "docs/references.md"),
)
