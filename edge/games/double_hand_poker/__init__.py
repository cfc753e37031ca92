"""Casino Double-Hand Poker (docs/rules.md section 3): the main wager and the four side bets.

The game is put together here from its parts: :mod:`.rules` (the options), :mod:`.tiles` and
:mod:`.house_way` (tiles, hands, the dealer's setting), :mod:`.analysis` (each wager's exact
return table), :mod:`.strategy` (where the optimal setting leaves the house way),
:mod:`.simulation`, :mod:`.report` (report sections) and :mod:`.commands` (``edge house-way``).
"""

from __future__ import annotations

from functools import partial

from edge.games import (
    PUBLISHED_FIGURES,
    SMALL_CASES,
    Bet,
    Game,
    ReportSections,
    RulesSections,
    RunSettings,
    TableCase,
    on_call,
    uses,
)
from edge.games.double_hand_poker import sources
from edge.games.double_hand_poker.analysis import (
    DICE_HI,
    DICE_LO,
    HI_CARD,
    LO_CARD,
    DiceBet,
    TileBet,
    analyze_dice,
    analyze_tile_bet,
    main_table,
)
from edge.games.double_hand_poker.commands import HOUSE_WAY
from edge.games.double_hand_poker.exposure import SCENARIOS, exposed_table
from edge.games.double_hand_poker.exposure_strategy import rules_of_play
from edge.games.double_hand_poker.rules import (
    GAME_NAME,
    SOURCE,
    TITLE,
    DoubleHandRules,
    PlayerSetting,
    Seen,
    SettingRule,
    describe_rules,
)
from edge.games.double_hand_poker.simulation import simulate_dice, simulate_main, simulate_tile_bet
from edge.games.double_hand_poker.strategy import compare_setting, strategy
from edge.paytables import PayTable
from edge.protection import Protection
from edge.table import ReturnTable

__all__ = ["GAME", "DoubleHandRules", "PlayerSetting", "SettingRule"]


def _report() -> ReportSections[DoubleHandRules]:
    from edge.games.double_hand_poker import report  # charts: imported for a report only
    return report.report_sections


def _rules_document() -> RulesSections[DoubleHandRules]:
    from edge.games.double_hand_poker import rules_document
    return rules_document.rules_sections


def analyze_main(paytable: PayTable | None, rules: DoubleHandRules,
                 run: RunSettings) -> ReturnTable:
    """The main wager's ``analyze`` hook (with an exposure, :mod:`.exposure` solves it)."""
    if rules.seen is not Seen.NONE:
        return exposed_table(paytable, rules, run)
    return main_table(rules)


def _tile_bet(bet: TileBet) -> Bet[DoubleHandRules]:
    def analyze(paytable: PayTable | None, rules: DoubleHandRules,
                run: RunSettings) -> ReturnTable:
        return analyze_tile_bet(bet, rules)
    return Bet(bet.name, f"the {bet.numbers} tile ({bet.symbols}) in the player's hand",
               analyze, simulate=partial(simulate_tile_bet, bet), uses=uses("players", "pays"))


def _dice_bet(bet: DiceBet) -> Bet[DoubleHandRules]:
    def analyze(paytable: PayTable | None, rules: DoubleHandRules,
                run: RunSettings) -> ReturnTable:
        return analyze_dice(bet)
    return Bet(bet.name, f"three dice total {bet.low}-{bet.high}, not three of a kind",
               analyze, simulate=partial(simulate_dice, bet), uses=uses())    # no option


GAME: Game[DoubleHandRules] = Game(
    name=GAME_NAME,
    title=TITLE,
    rules=DoubleHandRules,
    bets=(
        Bet("main", "both hands against the dealer's house way; win both pays 1 less commission",
            analyze_main, strategy=strategy, simulate=simulate_main, compare=compare_setting,
            uses=uses("strategy", "commission", "seen")),
        _tile_bet(LO_CARD),
        _tile_bet(HI_CARD),
        _dice_bet(DICE_LO),
        _dice_bet(DICE_HI),
    ),
    source=SOURCE,
    sources=sources.SOURCES,
    published=sources.PUBLISHED,
    aliases=("double-hand", "casino-double-hand-poker"),
    checks=(SMALL_CASES, PUBLISHED_FIGURES),   # the tests' plain counts, docs/references.md
    describe_rules=describe_rules,
    extra_tables=(
        TableCase("main", None, {"strategy": PlayerSetting.HOUSE_WAY.value}, "main-house-way"),
        TableCase("lo-card", None, {"players": "7"}, "lo-card-7-players"),
    ),
    report_sections=on_call(_report),
    commands=(HOUSE_WAY,),
    rules_sections=on_call(_rules_document),
    protection=Protection("main", tuple(SCENARIOS.values()), rules_of_play),
)
