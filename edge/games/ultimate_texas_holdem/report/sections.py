"""Ultimate Texas Hold'em's sections of ``edge report``: the preflop chart as a coloured 13x13
grid, the flop decisions after a check as a heat map, and the progressive's break-even meter."""

from __future__ import annotations

from fractions import Fraction

from edge import holdem
from edge.cards import RANKS
from edge.document import Block, Cell, Items, Paragraph, Section, Table
from edge.document.colours import GRID_NO_RAISE, GRID_RAISE, grid_shade
from edge.games import ReportContext
from edge.games.sweeps import linear_option
from edge.games.ultimate_texas_holdem.report.content import (
    dealer_class_counts,
    dealer_qualifies,
    flop_bet_kinds,
    flop_groups,
    preflop_rules,
    preflop_share,
    progressive_figures,
    river_groups,
    river_rule,
    showdowns,
)
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.solve.main_bet import (
    ClassLine,
    class_grid,
    class_lines,
    main_lines,
    solve_main,
)
from edge.games.ultimate_texas_holdem.solve.side_bets import ProgressiveTable
from edge.games.ultimate_texas_holdem.solve.trips_showdown import DEALS as SHOWDOWN_DEALS
from edge.games.ultimate_texas_holdem.solve.trips_showdown import (
    THREE_OR_BETTER,
    Showdowns,
    trips_showdowns,
)
from edge.table import decimal, exact, percent, probability_text

FOUR_X_COLOUR, CHECK_COLOUR = GRID_RAISE, GRID_NO_RAISE
_shade = grid_shade


def report_sections(context: ReportContext[UltimateTexasHoldemRules]) -> list[Section]:
    """``edge report``: the preflop chart as a coloured 13x13 grid, the flop decisions after a
    check as a heat map, and the progressive's house edge as a function of the meter."""
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
            return Cell("4x", colour=FOUR_X_COLOUR)
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
              "Preflop: 4x (bold) or check, value per Ante",
              legend=((FOUR_X_COLOUR, "4x"), (CHECK_COLOUR, "check"))),
        Table(heads, tuple(tuple(row) for row in class_grid(lines, flop)),
              "After a preflop check: the share of flops bet 2x",
              legend=((FOUR_X_COLOUR, "4x before the flop"), (_shade(0), f"{least:.0%}"),
                      (_shade(0.5), f"{(least + most) / 2:.0%}"), (_shade(1), f"{most:.0%}"))),
    ), page_break=True)
    meter = linear_option(context, ("progressive",), "meter", "Progressive: the break-even meter",
                          "The progressive's return is linear in the meter: each unit on the "
                          "meter adds the meter shares times their probabilities.")
    sections = [chart, strategy_rules_section(context), hand_frequencies_section(context),
                progressive_section(context, meter)]
    return sections


def strategy_rules_section(context: ReportContext[UltimateTexasHoldemRules]) -> Section:
    """The strategy as rules a person can use: the preflop chart by rank, then the flop and
    river decisions with the share of deals each covers."""
    paytable = context.paytables["main"]
    assert paytable is not None
    solution = solve_main(paytable, context.rules, context.run)
    lines = class_lines(solution, context.rules.strategy)
    chosen = main_lines(solution, context.rules.strategy)
    raised = {line.name for line in lines if line.choice == 4}
    hands, classes = preflop_share(lines)
    cycle = solver.CYCLE
    checked_deals = int(chosen.checked.sum()) * solver.DEALS_PER_HOLDING
    flop_bets = int(chosen.counts[2].sum())
    river_plays = int(chosen.counts[1].sum())
    river_spots = checked_deals - flop_bets
    shares = (("4x before the flop", int(chosen.counts[4].sum())),
              ("3x before the flop", int(chosen.counts[3].sum())),
              ("check, then 2x on the flop", flop_bets),
              ("check, check, then 1x on the river", river_plays),
              ("check, check, then fold", chosen.folds))
    rows = tuple((name, f"{count:,}", Cell(exact(Fraction(count, cycle)), "exact"),
                  percent(Fraction(count, cycle))) for name, count in shares)
    strategy = context.rules.strategy
    if strategy.is_always_4x:
        blocks: list[Block] = [Items(("Before the flop: bet 4x with every hand (the \"blind "
                                      "box\" play).",))]
    elif not strategy.is_optimal:       # a strategy of rules: its own rules, in words
        blocks = [Items(tuple(
            ["Before the flop: bet 4x with " + "; ".join(preflop_rules(raised))
             + f"; check everything else ({hands:,} of 1,326 two-card holdings, {classes} of "
             "169 classes, are raised)."]
            + [plan.rule_words(number).capitalize() + "."
               for plan in (strategy.flop, strategy.river) if not plan.optimal
               for number in (*range(1, len(plan.rules) + 1), 0)]))]
    else:
        groups = flop_groups(solution, chosen.checked)
        rivers = river_groups(solution, chosen.checked, context.run.jobs)
        flop_right = sum(max(g.bets, g.spots - g.bets) for g in groups)
        flop_spots = sum(g.spots for g in groups)
        river_right = sum(g.right for g in rivers)
        river_total = sum(g.spots for g in rivers)
        bet_kinds = flop_bet_kinds(groups)
        rules = [
            "Before the flop: bet 4x with " + "; ".join(preflop_rules(raised))
            + f"; check everything else ({hands:,} of 1,326 two-card holdings, {classes} of "
            "169 classes, are raised). This is the optimal play itself.",
            "On the flop, after a check: bet 2x with " + "; ".join(bet_kinds) + "; check "
            f"everything else. This rule is the optimal play in {_share(flop_right, flop_spots)}"
            f" of the {flop_spots:,} (holding, flop) spots the optimal player checks to; the "
            "optimal player bets 2x in "
            f"{percent(Fraction(flop_bets, checked_deals))} of the checked deals.",
            f"On the river, after two checks: {river_rule(rivers)}. This rule is the optimal "
            f"play in {_share(river_right, river_total)} of the river decisions the optimal "
            f"player makes; he bets 1x in {percent(Fraction(river_plays, river_spots))} of "
            f"them and folds in {percent(Fraction(chosen.folds, river_spots))}.",
        ]
        blocks = [
            Items(tuple(rules)),
            Paragraph("The flop and river rules are read from the exact solve, one line per "
                      "kind of hand: each kind takes the action that is optimal more often, and "
                      "the tables give how often that is (a spot where both actions are worth "
                      "exactly the same counts as right). A hidden pair has a hole card in it "
                      "(a pocket pair, or a hole card paired on the flop); \"hidden K high\" is "
                      "four to a flush whose highest hole card of the suit is a king. An unseen "
                      "card beats the player when it makes, with the five board cards alone, a "
                      "better hand than his (45 cards are unseen on the river); a hole card "
                      "lifts his hand above the board's kind when his kind of hand (pair, two "
                      "pair, ...) is above the board's own."),
            Table(("the player's five cards", "spots", "bet 2x", "share bet 2x (exact)",
                   "share bet 2x", "rule", "rule right"),
                  tuple((g.name, f"{g.spots:,}", f"{g.bets:,}",
                         Cell(exact(Fraction(g.bets, g.spots)), "exact"),
                         percent(Fraction(g.bets, g.spots)),
                         "bet 2x" if 2 * g.bets >= g.spots else "check",
                         percent(Fraction(max(g.bets, g.spots - g.bets), g.spots)))
                        for g in groups)
                  + (("total", f"{flop_spots:,}", f"{sum(g.bets for g in groups):,}", "", "",
                      "", percent(Fraction(flop_right, flop_spots))),),
                  "The flop decision after a preflop check, every (holding, flop) spot of the "
                  "checked holdings", footer=1),
            Table(("the player's hand on the river", "spots", "share bet 1x (exact)",
                   "share bet 1x", "rule", "rule right (exact)", "rule right"),
                  tuple((g.name, f"{g.spots:,}",
                         Cell(exact(Fraction(g.optimal_bets, g.spots)), "exact"),
                         percent(Fraction(g.optimal_bets, g.spots)),
                         "bet 1x" if g.bets else "fold",
                         Cell(exact(Fraction(g.right, g.spots)), "exact"),
                         percent(Fraction(g.right, g.spots))) for g in rivers)
                  + (("total", f"{river_total:,}",
                      Cell(exact(Fraction(river_plays, river_spots)), "exact"),
                      percent(Fraction(river_plays, river_spots)), "",
                      Cell(exact(Fraction(river_right, river_total)), "exact"),
                      percent(Fraction(river_right, river_total))),),
                  "The river decision after two checks, every (holding, flop, turn-river) "
                  "spot the optimal player reaches (each stands for 990 dealer holdings)",
                  footer=1),
        ]
    return Section("Strategy in words", (
        *blocks,
        Table(("decision", "deals", "share (exact)", "share"), rows,
              f"How often each line is taken over the {cycle:,} deals of the cycle"),
        Paragraph("The rules are read from the exact solve; the full class-by-class values are "
                  "in the strategy section.", "note"),
    ))


def _share(part: int, whole: int) -> str:
    """``95.99% (exactly 1234/5678)``."""
    return f"{percent(Fraction(part, whole))} (exactly {exact(Fraction(part, whole))})"


def hand_frequencies_section(context: ReportContext[UltimateTexasHoldemRules]) -> Section:
    """The dealer's hand distribution and qualification, and the player against the dealer."""
    paytable = context.paytables["main"]
    assert paytable is not None
    counts = dealer_class_counts()
    total = sum(counts.values())
    names = list(reversed(holdem.CLASS_NAMES))
    dealer_rows = tuple((name.replace("-", " "), f"{counts[name]:,}",
                         probability_text(Fraction(counts[name], total), plain=True))
                        for name in names)
    qualifies = dealer_qualifies(counts)
    found = showdowns(solve_main(paytable, context.rules, context.run))
    cycle = found.total
    matrix = []
    for k in range(len(solver.BLIND_CLASSES) - 1, -1, -1):
        won_q, won_u = found.win_qualified[k], found.win_unqualified[k]
        matrix.append((solver.BLIND_CLASSES[k].replace("-", " "), f"{won_q:,}", f"{won_u:,}",
                       probability_text(Fraction(won_q + won_u, cycle), plain=True)))
    outcome_rows = (
        ("player wins, dealer qualifies", sum(found.win_qualified)),
        ("player wins, dealer does not qualify", sum(found.win_unqualified)),
        ("tie", found.tie),
        ("dealer wins, dealer qualifies", found.lose_qualified),
        ("dealer wins, dealer does not qualify", found.lose_unqualified),
    )
    blocks: list[Block] = [
        Table(("dealer's hand", "seven-card sets", "probability"),
              (*dealer_rows, ("total", f"{total:,}", "1")),
              "The dealer's best five of seven cards over the cycle", footer=1),
        Paragraph(f"The dealer qualifies (a pair or better) with probability "
                  f"{exact(qualifies)} = {percent(qualifies)}. Each set of seven cards is the "
                  "dealer's two cards and the board equally often over the cycle, so these are "
                  f"the shares of the C(52,7) = {total:,} seven-card hands."),
        Table(("result", "deals", "probability (exact)", "probability"),
              tuple((name, f"{count:,}", Cell(exact(Fraction(count, cycle)), "exact"),
                     percent(Fraction(count, cycle))) for name, count in outcome_rows)
              + (("total", f"{cycle:,}", "1", percent(Fraction(1))),),
              "The player's hand against the dealer's at the showdown, every deal", footer=1),
        Table(("player's hand (Blind class)", "wins, dealer qualifies",
               "wins, dealer does not qualify", "probability of the win"), tuple(matrix),
              "The player's wins by the class the Blind pays on"),
        Paragraph("From the counts of the exact solve over all 27,813,810,024,000 deals, every "
                  "deal played to the showdown (the counts do not depend on the strategy). "
                  "The solve records a win by the player's Blind class (below a straight is "
                  "one class) and dealer qualification; ties and losses by qualification "
                  "only. The next table gives the player's full class against the dealer's "
                  "hand for three of a kind and better.",
                  "note"),
        showdown_table(trips_showdowns(context.run.jobs, context.run.cache,
                                       context.run.progress)),
    ]
    return Section("Hand frequencies", tuple(blocks), page_break=True)


def showdown_table(found: Showdowns) -> Table:
    """The player's hands of three of a kind or better against the dealer's, every deal of
    player, dealer and board (what the Trips beat-dealer rule is settled on)."""
    rows = []
    for name in THREE_OR_BETTER:
        won, tied, lost = (found.count(name, result) for result in ("win", "tie", "lose"))
        rows.append((name.replace("-", " "), f"{won:,}", f"{tied:,}", f"{lost:,}",
                     probability_text(Fraction(won, SHOWDOWN_DEALS), plain=True)))
    return Table(("player's hand", "beats the dealer's", "ties", "loses to it",
                  "probability of the win"), tuple(rows),
                 "The player's hands of three of a kind or better against the dealer's over "
                 f"the {SHOWDOWN_DEALS:,} deals of player, dealer and board (a separate pass, "
                 "method.md section 4.4): the Trips beat-dealer rule is settled on it")


def progressive_section(context: ReportContext[UltimateTexasHoldemRules],
                        meter: Section | None) -> Section:
    """The progressive's reset value, increment, returns and break-even meter."""
    paytable = context.paytables["progressive"]
    assert isinstance(paytable, ProgressiveTable)
    rules = context.rules
    figures = progressive_figures(paytable, rules.meter, rules.reset, rules.increment)
    even = figures.break_even

    def line(label: str, value: Fraction | None, text: str = "") -> tuple[str, Cell, str]:
        if value is None:
            return (label, Cell("none", "exact"), text or "-")
        return (label, Cell(exact(value), "exact"), text or percent(value))

    rows = (
        line("reset value of the meter (assumption)", figures.reset, decimal(figures.reset, 2)),
        line("increment: share of each bet added to the meter (assumption)", figures.increment),
        line(f"return at the report's meter ({decimal(figures.meter, 2)})", figures.at_meter),
        line("return at the reset value", figures.at_reset),
        line("return including the increment (long run)", figures.long_run),
        line("break-even meter", even, decimal(even, 2) if even is not None else "-"),
        line("probability of winning the whole meter", figures.full_meter_probability,
             probability_text(figures.full_meter_probability, plain=True)),
    )
    blocks: list[Block] = [
        Table(("figure", "exact", "decimal"), rows,
              "The progressive per progressive bet (returns are net: -100% loses everything)"),
        Paragraph("Return including the increment counts every unit put on the meter as paid "
                  "back to the players in the long run: the meter pays out what flows in, the "
                  "increment on every bet and the reset value each time the whole meter is "
                  "won, so it equals the return with the meter at 0, plus the increment, plus "
                  "the reset value times the probability of winning the whole meter. The "
                  "reset value and the increment are assumptions (the sources give neither); "
                  "set them with --set reset=N --set increment=X.", "note"),
    ]
    return Section("Progressive", tuple(blocks), (meter,) if meter is not None else (),
                   page_break=True)
