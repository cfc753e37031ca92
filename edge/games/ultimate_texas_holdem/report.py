"""Ultimate Texas Hold'em's sections of ``edge report``: the preflop chart as a coloured 13x13
grid, the flop decisions after a check as a heat map, and the progressive's break-even meter."""

from __future__ import annotations

from edge.cards import RANKS
from edge.document import Cell, Paragraph, Section, Table
from edge.document.charts import GRID_NO_RAISE, GRID_RAISE, grid_shade
from edge.games import ReportContext
from edge.games.ultimate_texas_holdem.main import ClassLine, class_grid, class_lines, solve_main
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules

FOUR_X_COLOUR, CHECK_COLOUR = GRID_RAISE, GRID_NO_RAISE
_shade = grid_shade


def report_sections(context: ReportContext[UltimateTexasHoldemRules]) -> list[Section]:
    """``edge report``: the preflop chart as a coloured 13x13 grid, the flop decisions after a
    check as a heat map, and the progressive's house edge as a function of the meter."""
    # the meter sweep is the report builder's (edge.report sits above the games: imported late)
    from edge.report import linear_option

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
              "Preflop: 4x (blue, bold) or check (orange), value per Ante",
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
