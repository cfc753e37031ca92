"""Ultimate Texas Hold'em (RULES.md section 4): the Trips and progressive side bets.

The side bets live in :mod:`edge.games.holdem_side_bets`; this module holds the game's options,
its bets (the main Ante/Blind/Play bet goes first in ``BETS`` when it is added) and dispatch.

>>> table = GAME.analyze("progressive", GAME.bet("progressive").paytable("example"),
...                      GAME.make_rules({"meter": "25000"}), RunSettings())
>>> table.cycle
2598960
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from edge.errors import EdgeError
from edge.games import Bet, Game, RunSettings, TableCase
from edge.games.holdem_side_bets import (
    PROGRESSIVE_BET,
    TRIPS_BET,
    analyze_progressive,
    analyze_trips,
)
from edge.options import option, options_dict, validate
from edge.paytables import PayTable
from edge.table import ReturnTable

if TYPE_CHECKING:
    from edge.report import ReportContext, Section

GAME_NAME = "ultimate-texas-holdem"


@dataclass(frozen=True)
class UltimateTexasHoldemRules:
    """Variant options of Ultimate Texas Hold'em."""

    meter: Fraction = option(Fraction(10_000), "progressive meter, in the money of the "
                             "progressive table (one bet = 1 unless its file says otherwise)",
                             minimum=0, assumption=True)

    def __post_init__(self) -> None:
        validate(self)


def _trips(paytable: PayTable | None, rules: UltimateTexasHoldemRules,
           run: RunSettings) -> ReturnTable:
    assert paytable is not None
    return analyze_trips(paytable, {}, GAME_NAME)


def _progressive(paytable: PayTable | None, rules: UltimateTexasHoldemRules,
                 run: RunSettings) -> ReturnTable:
    assert paytable is not None
    return analyze_progressive(paytable, rules.meter, {"meter": options_dict(rules)["meter"]},
                               GAME_NAME)


Analyzer = Callable[[PayTable | None, UltimateTexasHoldemRules, RunSettings], ReturnTable]
ANALYZERS: dict[str, Analyzer] = {"trips": _trips, "progressive": _progressive}
BETS: tuple[Bet, ...] = (TRIPS_BET, PROGRESSIVE_BET)


def _analyze(bet: str, paytable: PayTable | None, rules: UltimateTexasHoldemRules,
             run: RunSettings) -> ReturnTable:
    if bet not in ANALYZERS:
        raise EdgeError(f"Unknown bet {bet!r} for {GAME_NAME}.")
    return ANALYZERS[bet](paytable, rules, run)


def describe_rules(rules: UltimateTexasHoldemRules) -> list[str]:
    """The rules as implemented, for reports."""
    return [
        "One 52-card deck, shuffled every hand. The player gets two cards, the dealer two, "
        "and five community cards are dealt (three on the flop, then two).",
        "Trips pays by table on the player's best five of seven cards, three of a kind or "
        "better, even after a fold; it loses otherwise.",
        "The progressive (not in the seeds: configurable) pays fixed amounts and shares of the "
        f"meter on the hole cards and flop (or all seven); the meter is {rules.meter}.",
    ]


def report_sections(context: ReportContext) -> list[Section]:
    """``edge report``: the progressive's house edge as a function of the meter."""
    from edge.report import linear_option

    meter = linear_option(context, ("progressive",), "meter", "Progressive: the break-even meter",
                          "The progressive's return is linear in the meter: each unit on the "
                          "meter adds the meter shares times their probabilities.")
    return [meter] if meter is not None else []


GAME = Game(
    name=GAME_NAME,
    title="Ultimate Texas Hold'em",
    rules=UltimateTexasHoldemRules,
    bets=BETS,
    analyze=_analyze,
    source="seeds 003_2e2794c62d24f082.txt (Italian casino rules) and "
           "004_7b16db8d3094b351.txt (Bulgarian rules)",
    aliases=("uth", "ultimate-texas-hold-em", "ultimate-holdem"),
    describe_rules=describe_rules,
    extra_tables=(TableCase("progressive", "example", {"meter": "25000"},
                            "progressive-example-meter-25000"),),
    report_sections=report_sections,
)
