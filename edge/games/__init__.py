"""The contracts a game fulfils, and the registry of games.

One module per job, every name importable from here as before:
:mod:`edge.games.contract` (:class:`Rules`, :class:`Bet` and its hooks, :class:`Game`, the
:class:`ReportContext` a report hook is given), :mod:`edge.games.fitting` (each wager's pay
table and the rules of a command, every named table under a rule it is meant for) and
:mod:`edge.games.registry` (the built-in games and the ``edge.games`` entry points, found by
name: :func:`get_game`).
"""

from __future__ import annotations

from edge.games.contract import (
    EXHAUSTIVE_ENUMERATION,
    PUBLISHED_FIGURES,
    SMALL_CASES,
    Analyses,
    Analyze,
    AnyGame,
    Bet,
    Certify,
    Command,
    Compare,
    Exposed,
    Game,
    ReportContext,
    ReportSections,
    ReportVariants,
    Rules,
    RulesOfPlay,
    RulesSections,
    RulesT,
    ShoeReturn,
    Simulate,
    Simulator,
    Strategize,
    TableCase,
    TableRule,
    Wager,
    on_call,
    pays_and_rules,
    uses,
)
from edge.games.fitting import (
    Fitted,
    fit_bet,
    fit_rules,
    fitted_paytables,
    resolve_paytables,
    with_notes,
)
from edge.games.registry import (
    BUILTIN_GAMES,
    BUILTINS,
    ENTRY_POINT_GROUP,
    BuiltinGame,
    all_games,
    analyze,
    builtin_games,
    game_names,
    get_game,
    is_builtin,
    plugin_games,
)
from edge.run import RunSettings as RunSettings  # re-exported: every game names it from here

__all__ = [
    "BUILTINS", "BUILTIN_GAMES", "ENTRY_POINT_GROUP", "EXHAUSTIVE_ENUMERATION",
    "PUBLISHED_FIGURES", "SMALL_CASES",
    "Analyses", "Analyze", "AnyGame", "Bet", "BuiltinGame", "Certify", "Command", "Compare",
    "Exposed", "Fitted", "Game", "ReportContext", "ReportSections", "ReportVariants", "Rules",
    "RulesOfPlay", "RulesSections", "RulesT", "RunSettings", "ShoeReturn", "Simulate", "Simulator",
    "Strategize", "TableCase", "TableRule", "Wager", "all_games", "analyze", "builtin_games",
    "fit_bet", "fit_rules", "fitted_paytables", "game_names", "get_game", "is_builtin",
    "on_call", "pays_and_rules", "plugin_games", "resolve_paytables", "uses", "with_notes",
]
