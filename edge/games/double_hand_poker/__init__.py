"""Casino Double-Hand Poker (docs/rules.md section 3): the main wager and the four side bets.

The game is put together here from its parts: :mod:`.rules` (the options), :mod:`.tiles` and
:mod:`.house_way` (tiles, hands, the dealer's setting), :mod:`.analysis` (each wager's exact
return table), :mod:`.strategy` (where the optimal setting leaves the house way),
:mod:`.exposure` and :mod:`.informed` (dealer tiles seen: the exposed optimal solve, and any
strategy played with the seen tiles), :mod:`.surveillance` (what surveillance should watch
for), :mod:`.simulation`, :mod:`.report` (report sections) and :mod:`.commands` (``edge
house-way``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from edge.games import (
    PUBLISHED_FIGURES,
    SMALL_CASES,
    Bet,
    Exposed,
    Game,
    ReportSections,
    RulesSections,
    TableCase,
    Wager,
    on_call,
    uses,
)
from edge.games.contract import Surveil
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
from edge.games.double_hand_poker.collusion import COLLUSION, collude
from edge.games.double_hand_poker.commands import HOUSE_WAY
from edge.games.double_hand_poker.exposure import SCENARIOS
from edge.games.double_hand_poker.exposure_strategy import (
    exposed_strategy_document,
    rules_of_play,
)
from edge.games.double_hand_poker.informed import exposed_compare, exposed_main_table
from edge.games.double_hand_poker.rules import (
    GAME_NAME,
    SOURCE,
    TITLE,
    DoubleHandRules,
    PlayerSetting,
    SettingRule,
    describe_rules,
)
from edge.games.double_hand_poker.simulation import (
    simulate_dice,
    simulate_exposed_main,
    simulate_main,
    simulate_tile_bet,
)
from edge.games.double_hand_poker.strategy import compare_setting, strategy
from edge.protection import Pace, Protection

if TYPE_CHECKING:
    from edge.tells import Tells

__all__ = ["GAME", "DoubleHandRules", "PlayerSetting", "SettingRule"]


def _report() -> ReportSections[DoubleHandRules]:
    from edge.games.double_hand_poker import report  # charts: imported for a report only
    return report.report_sections


def _surveillance() -> Surveil[DoubleHandRules]:
    from edge.games.double_hand_poker import surveillance  # charts: imported when asked
    return lambda wager: surveillance.surveillance_sections(wager.rules, wager.run)


def _tells(wager: Wager[DoubleHandRules]) -> Tells:
    from edge.games.double_hand_poker import surveillance  # charts: imported when asked
    return surveillance.tells(wager.rules, wager.run)


def _rules_document() -> RulesSections[DoubleHandRules]:
    from edge.games.double_hand_poker import rules_document
    return rules_document.rules_sections


def _tile_bet(bet: TileBet) -> Bet[DoubleHandRules]:
    return Bet(bet.name, f"the {bet.numbers} tile ({bet.symbols}) in the player's hand",
               lambda wager: analyze_tile_bet(bet, wager.rules),
               simulate=lambda wager: simulate_tile_bet(bet, wager.rules),
               uses=uses("players", "pays"))


def _dice_bet(bet: DiceBet) -> Bet[DoubleHandRules]:
    return Bet(bet.name, f"three dice total {bet.low}-{bet.high}, not three of a kind",
               lambda wager: analyze_dice(bet), simulate=lambda wager: simulate_dice(bet),
               uses=uses())    # no option


GAME: Game[DoubleHandRules] = Game(
    name=GAME_NAME,
    title=TITLE,
    rules=DoubleHandRules,
    bets=(
        Bet("main", "both hands against the dealer's house way; win both pays 1 less commission",
            lambda wager: main_table(wager.rules),
            strategy=lambda wager: strategy(wager.rules),
            simulate=lambda wager: simulate_main(wager.rules),
            compare=lambda wager: compare_setting(wager.rules),
            uses=uses("strategy", "commission", "seen"),
            exposed=Exposed(
                lambda wager: exposed_main_table(wager.rules, wager.run),
                strategy=lambda wager: exposed_strategy_document(wager.rules, wager.run),
                simulate=lambda wager: simulate_exposed_main(wager.rules, wager.run),
                compare=lambda wager: exposed_compare(wager.rules, wager.run),
                rules_of_play=lambda wager: rules_of_play(wager.rules, wager.run),
                surveillance=on_call(_surveillance), collude=collude,
                tells=_tells)),
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
        TableCase("main", None, {"strategy": "house-way-seen", "seen": "dealer-1"},
                  "main-house-way-seen-dealer-1"),
    ),
    report_sections=on_call(_report),
    commands=(HOUSE_WAY,),
    rules_sections=on_call(_rules_document),
    protection=Protection("main", tuple(SCENARIOS.values()), collusion=COLLUSION),
    pace=Pace(30, "no published figure found, Pai Gow Poker is put at 25 to 40; "
              "docs/references.md", assumed=True),
)
