"""Ultimate Texas Hold'em (RULES.md section 4): Ante, Blind and Play, and the side bets.

The main bet (Ante, Blind and Play, solved exactly) lives in :mod:`.main` and :mod:`.solve`,
the side bets in :mod:`.side_bets`; this module holds the game's options, its bets and dispatch.

>>> table = GAME.analyze("progressive", GAME.bet("progressive").paytable("example"),
...                      GAME.make_rules({"meter": "25000"}), RunSettings())
>>> table.cycle
2598960
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from edge import holdem
from edge.cards import RANKS
from edge.errors import EdgeError
from edge.games import Bet, Game, Rules, RunSettings, TableCase
from edge.games.ultimate_texas_holdem.main import (
    BLIND_DEFAULT,
    BLIND_OUTCOMES,
    BLIND_PRESETS,
    MAIN_DESCRIPTION,
    STRATEGIES,
    TIES,
    main_table,
    strategy_report,
)
from edge.games.ultimate_texas_holdem.side_bets import (
    PROGRESSIVE_DEFAULT,
    PROGRESSIVE_DESCRIPTION,
    PROGRESSIVE_PRESETS,
    TRIPS_DEFAULT,
    TRIPS_DESCRIPTION,
    TRIPS_OUTCOMES,
    TRIPS_PRESETS,
    ProgressiveBet,
    analyze_progressive,
    analyze_trips,
)
from edge.games.ultimate_texas_holdem.solve import DEALER_NO_QUALIFY
from edge.options import option, options_dict, validate
from edge.paytables import PayTable
from edge.table import ReturnTable

if TYPE_CHECKING:
    from edge.report import ReportContext, Section

GAME_NAME = "ultimate-texas-holdem"


@dataclass(frozen=True)
class UltimateTexasHoldemRules(Rules):
    """Variant options of Ultimate Texas Hold'em."""

    strategy: str = option("optimal", "the player's Play decisions: optimal (solved exactly) "
                           "or always-4x (the \"blind box\" play)", choices=STRATEGIES)
    dealer_no_qualify: str = option("ante-push", "when the dealer has less than a pair: "
                                    "ante-push (Play and Blind settled as usual) or all-push "
                                    "(Ante, Play and Blind all returned)",
                                    choices=DEALER_NO_QUALIFY)
    ties: str = option("smaller", "decisions of exactly equal value take the smaller or the "
                       "larger wager", choices=TIES)
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


def _main(paytable: PayTable | None, rules: UltimateTexasHoldemRules,
          run: RunSettings) -> ReturnTable:
    assert paytable is not None
    return main_table(paytable, rules, _main_options(rules), run, GAME_NAME)


def _main_options(rules: UltimateTexasHoldemRules) -> dict[str, str]:
    shown = options_dict(rules)
    return {key: shown[key] for key in ("strategy", "dealer_no_qualify", "ties")}


def _strategy(paytable: PayTable | None, rules: UltimateTexasHoldemRules, fmt: str,
              run: RunSettings) -> str:
    if paytable is None or set(paytable) != set(BLIND_OUTCOMES):
        raise EdgeError("The strategy is that of the main bet: choose --bet main.")
    return strategy_report(paytable, rules, _main_options(rules), fmt, run)


BETS: tuple[Bet[UltimateTexasHoldemRules], ...] = (
    Bet("main", MAIN_DESCRIPTION, _main, BLIND_OUTCOMES, BLIND_PRESETS, BLIND_DEFAULT,
        linear=False),      # the optimal strategy depends on the Blind pays
    Bet("trips", TRIPS_DESCRIPTION, _trips, TRIPS_OUTCOMES, TRIPS_PRESETS, TRIPS_DEFAULT),
    ProgressiveBet("progressive", PROGRESSIVE_DESCRIPTION, _progressive,
                   tuple(holdem.CLASS_NAMES), PROGRESSIVE_PRESETS, PROGRESSIVE_DEFAULT),
)



def describe_rules(rules: UltimateTexasHoldemRules) -> list[str]:
    """The rules as implemented, for reports."""
    no_qualify = ("the Ante pushes and Play and Blind are settled as usual"
                  if rules.dealer_no_qualify == "ante-push"
                  else "Ante, Play and Blind are all returned")
    return [
        "One 52-card deck, shuffled every hand. The player gets two cards, the dealer two, "
        "and five community cards are dealt (three on the flop, then two).",
        "The player bets equal Ante and Blind, then may Play 4x or 3x the Ante before the flop, "
        "2x after the flop if still unbet, and 1x after the river or fold (losing Ante and "
        "Blind). Best five of seven cards; the dealer qualifies with a pair or better.",
        "Player higher: Play and Ante pay 1:1, the Blind pays by its table on a straight or "
        "better and pushes below. Dealer higher: Ante, Play and Blind lose. Tie: all push. "
        f"Dealer not qualifying: {no_qualify}.",
        f"Strategy: {rules.strategy}; decisions of exactly equal value take the "
        f"{rules.ties} wager.",
        "Trips pays by table on the player's best five of seven cards, three of a kind or "
        "better, even after a fold; it loses otherwise.",
        "The progressive (not in the seeds: configurable) pays fixed amounts and shares of the "
        f"meter on the hole cards and flop (or all seven); the meter is {rules.meter}.",
    ]


FOUR_X_COLOUR, CHECK_COLOUR = "#81c784", "#ef9a9a"


def _shade(mix: float) -> str:
    """White (0) to blue (1)."""
    low, high = (255, 255, 255), (66, 133, 244)
    return "#" + "".join(f"{round(a + (b - a) * mix):02x}"
                         for a, b in zip(low, high, strict=True))


def report_sections(context: ReportContext[UltimateTexasHoldemRules]) -> list[Section]:
    """``edge report``: the preflop chart as a coloured 13x13 grid, the flop decisions after a
    check as a heat map, and the progressive's house edge as a function of the meter."""
    from edge.games.ultimate_texas_holdem.main import ClassLine, class_grid, class_lines, solve_main
    from edge.report import Cell, Paragraph, Section, Table, linear_option

    paytable = context.paytables["main"]
    assert paytable is not None
    lines = class_lines(solve_main(paytable, context.rules, context.run), context.rules.strategy)
    heads = ("", *reversed(RANKS))

    def choice(line: ClassLine) -> Cell:
        if line.choice == 4:
            return Cell(f"{float(line.four):+.2f}", "strong", colour=FOUR_X_COLOUR)
        return Cell(f"{float(line.check):+.2f}", colour=CHECK_COLOUR)

    checked = [float(line.flop_bets) for line in lines if line.choice != 4] or [0.0]
    least, most = min(checked), max(checked)

    def flop(line: ClassLine) -> Cell:
        if line.choice == 4:
            return Cell("4x")
        share = float(line.flop_bets)
        return Cell(f"{share:.0%}", colour=_shade((share - least) / (most - least or 1)))

    four = [line for line in lines if line.choice == 4]
    chart = Section("Preflop chart", (
        Paragraph(f"Strategy {context.rules.strategy}: 4x with "
                  f"{sum(line.hands for line in four):,} of 1,326 holdings ({len(four)} of 169 "
                  "classes), check the rest. Rows and columns are ranks: suited hands above "
                  "the diagonal, offsuit below, pairs on it. Each cell is the exact value of "
                  "the best play per Ante, rounded."),
        Table(heads, tuple(tuple(row) for row in class_grid(lines, choice)),
              "Preflop: 4x (green, bold) or check (red), value per Ante",
              legend=((FOUR_X_COLOUR, "4x"), (CHECK_COLOUR, "check"))),
        Table(heads, tuple(tuple(row) for row in class_grid(lines, flop)),
              "After a preflop check: the share of flops bet 2x",
              legend=((_shade(0), f"{least:.0%}"), (_shade(0.5), f"{(least + most) / 2:.0%}"),
                      (_shade(1), f"{most:.0%}"))),
    ), page_break=True)
    meter = linear_option(context, ("progressive",), "meter", "Progressive: the break-even meter",
                          "The progressive's return is linear in the meter: each unit on the "
                          "meter adds the meter shares times their probabilities.")
    return [chart] + ([meter] if meter is not None else [])


GAME = Game(
    name=GAME_NAME,
    title="Ultimate Texas Hold'em",
    rules=UltimateTexasHoldemRules,
    bets=BETS,
    strategy_printer=_strategy,
    source="seeds 003_2e2794c62d24f082.txt (Italian casino rules) and "
           "004_7b16db8d3094b351.txt (Bulgarian rules)",
    aliases=("uth", "ultimate-texas-hold-em", "ultimate-holdem"),
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
    report_sections=report_sections,
)
