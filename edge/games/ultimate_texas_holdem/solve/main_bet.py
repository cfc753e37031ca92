"""Ultimate Texas Hold'em's main bet (Ante, Blind and Play): the return table and strategy chart.

The numbers come from the exact solve in :mod:`.solve`; this module turns its
per-holding counts into the return table (one row per final Play size and outcome, each with a
single net pay) and into the preflop chart with the flop and river summaries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.document import Items, Paragraph, Report, Section, Table
from edge.document.document import JsonValue
from edge.games import RunSettings
from edge.games.ultimate_texas_holdem.rules import GAME_NAME
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules as MainRules
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.strategy import practical
from edge.games.ultimate_texas_holdem.strategy.language import (
    HOLDING_CLASSES,
    UthStrategy,
)
from edge.paytables import PayTable, format_pay, make_paytable
from edge.table import ReturnTable, Row, decimal, exact, percent

BLIND_OUTCOMES = solver.BLIND_OUTCOMES
T = TypeVar("T")
BLIND_TABLES: dict[str, dict[str, Any]] = {
    # docs/rules.md section 4: royal 500:1, straight flush 50:1, quads 10:1, full house 3:1,
    # flush 3:2, straight 1:1, anything less pushes
    "standard": {"royal-flush": 500, "straight-flush": 50, "four-of-a-kind": 10,
                 "full-house": 3, "flush": "3/2", "straight": 1},
}
BLIND_PRESETS: dict[str, PayTable] = {
    name: make_paytable(name, pays, BLIND_OUTCOMES) for name, pays in BLIND_TABLES.items()
}
BLIND_DEFAULT = "standard"

MAIN_DESCRIPTION = ("Ante and Blind, with a Play bet of 4x or 3x before the flop, 2x on the "
                    "flop or 1x on the river (or fold); the Blind pays on a straight or better")

CYCLE_NOTE = ("Deals are counted with the flop and the turn-river pair apart (the player "
              "decides between them): the cycle is C(52,2) C(50,3) C(47,2) C(45,2) = "
              "27,813,810,024,000 = 10 x C(52,2) C(50,2) C(48,5) = 10 x 2,781,381,002,400.")

PAYS_NOTE = ("Pays are net per Ante, counting Ante, Blind and Play together; the wager column is "
             "the total of the three (Ante = Blind = 1). Figures are per Ante.")

# Practical preflop 4x chart (Wizard of Odds strategy page, docs/references.md): pairs 33+;
# suited A2+, K2+, Q6+, J8+; offsuit A2+, K5+, Q8+, JT. 69 classes, 500 hands.
PRACTICAL_FOUR_X = (
    {f"{r}{r}" for r in "3456789TJQKA"}
    | {f"A{r}s" for r in "23456789TJQK"} | {f"K{r}s" for r in "23456789TJQ"}
    | {f"Q{r}s" for r in "6789TJ"} | {f"J{r}s" for r in "89T"}
    | {f"A{r}o" for r in "23456789TJQK"} | {f"K{r}o" for r in "56789TJQ"}
    | {f"Q{r}o" for r in "89TJ"} | {"JTo"}
)


def solve_main(paytable: PayTable, rules: MainRules, run: RunSettings) -> solver.Solution:
    """The exact solve for a Blind pay table and the game's options (cached on disk)."""
    settle = solver.settlement(paytable.as_dict(), rules.dealer_no_qualify)
    return solver.solve(settle, rules.ties_larger, jobs=run.jobs, use_cache=run.cache,
                        progress=run.progress)


@dataclass(frozen=True)
class MainLines:
    """The solve reduced to one strategy: each holding's preflop choice and every line's counts.

    ``counts[p]`` are the deals of each of the 17 outcome categories that end with a Play bet
    of p units; ``folds`` the deals folded on the river.
    """

    solution: solver.Solution
    choice: npt.NDArray[np.int8]
    counts: Mapping[int, npt.NDArray[np.int64]]
    folds: int

    @property
    def checked(self) -> npt.NDArray[np.bool_]:
        """The holdings the player checks before the flop."""
        mask: npt.NDArray[np.bool_] = self.choice == 0
        return mask


def main_lines(solution: solver.Solution, strategy: UthStrategy | str,
               run: RunSettings | None = None) -> MainLines:
    """Each holding's preflop decision under ``strategy`` and the counts of every final line:
    the solve's for the optimal strategy and always-4x, else the exact evaluation of the
    strategy (:mod:`.practical`)."""
    chosen = strategy if isinstance(strategy, UthStrategy) else UthStrategy.resolve(strategy)
    if not chosen.is_optimal and not chosen.is_always_4x:
        settings = run or RunSettings()
        evaluation = practical.evaluate_cached(chosen, solution, jobs=settings.jobs,
                                               progress=settings.progress,
                                               use_cache=settings.cache)
        return MainLines(solution, evaluation.choice, evaluation.counts(), evaluation.folds())
    if chosen.is_always_4x:
        choice = np.full(solver.HOLDINGS, 4, dtype=np.int8)
    else:
        choice = solution.preflop_choice()
    checked = choice == 0
    counts = {
        4: solution.play[choice == 4].sum(axis=0),
        3: solution.play[choice == 3].sum(axis=0),
        2: solution.bet[checked].sum(axis=0),
        1: solution.check[checked].sum(axis=0),
    }
    folds = int(solution.extra[checked, 0].sum()) * solver.DEALER_HOLDINGS
    return MainLines(solution, choice, counts, folds)


# --- the return table -----------------------------------------------------------------------

def _category_name(play: int, category: int, all_push: bool) -> str:
    if category == solver.TIE:
        return f"{play}x tie"
    if category == solver.LOSE_QUALIFIED:
        return f"{play}x lose"
    unqualified = category in solver.WIN_UNQUALIFIED or category == solver.LOSE_UNQUALIFIED
    if all_push and unqualified:
        return f"{play}x dealer does not qualify (all push)"
    if category == solver.LOSE_UNQUALIFIED:
        return f"{play}x lose, dealer does not qualify"
    wins = solver.WIN_UNQUALIFIED if category in solver.WIN_UNQUALIFIED else solver.WIN_QUALIFIED
    blind = wins.index(category)                  # the player's Blind class
    hand = "" if blind == 0 else f" {solver.BLIND_CLASSES[blind]}"
    below = " below a straight" if blind == 0 else ""
    dealer = ", dealer does not qualify" if unqualified else ""
    return f"{play}x win{hand}{below}{dealer}"


def outcome_rows(settle: solver.Settlement, counts: Mapping[int, npt.NDArray[np.int64]],
                 folds: int, all_push: bool) -> tuple[Row, ...]:
    """The return table's rows from the deals of every final line: ``counts[p]`` the deals of
    each outcome category ending with a Play bet of p units, ``folds`` the deals folded (the
    unexposed and the exposed tables both)."""
    order = ([*reversed(solver.WIN_QUALIFIED[1:]), solver.WIN_QUALIFIED[0],
              *reversed(solver.WIN_UNQUALIFIED[1:]), solver.WIN_UNQUALIFIED[0],
              solver.TIE, solver.LOSE_UNQUALIFIED, solver.LOSE_QUALIFIED])
    rows: list[Row] = []
    for play in (4, 3, 2, 1):
        merged: dict[str, tuple[Fraction, int]] = {}
        for category in order:
            count = int(counts[play][category])
            if count == 0:
                continue
            name = _category_name(play, category, all_push)
            pay = settle.pay(play, category)
            previous = merged.get(name, (pay, 0))
            if previous[0] != pay:
                raise RuntimeError(f"two pays in one row: {name}")
            merged[name] = (pay, previous[1] + count)
        rows += [Row(name, pay, count, Fraction(2 + play)) for name, (pay, count) in merged.items()]
    if folds:
        rows.append(Row("fold", Fraction(settle.fold, settle.scale), folds, Fraction(2)))
    return tuple(rows)


def street_shares(counts: Mapping[int, npt.NDArray[np.int64]], folds: int, cycle: int,
                  checked_deals: int) -> str:
    """How often the flop is bet 2x and the river played 1x or folded, as shares of the cycle
    (``checked_deals``: the deals checked before the flop)."""
    flop_bets = int(counts[2].sum())
    river_plays = int(counts[1].sum())
    return (f"Flop (after a check): 2x {percent(Fraction(flop_bets, cycle))} of all deals, check "
            f"{percent(Fraction(checked_deals - flop_bets, cycle))}. "
            f"River (after two checks): 1x {percent(Fraction(river_plays, cycle))}, fold "
            f"{percent(Fraction(folds, cycle))}.")


def _ties_note(lines: MainLines, rules: MainRules) -> str:
    solution = lines.solution
    checked = lines.checked
    four, three, checking = solution.line_values()
    river_spots = int(solution.extra[checked, 1].sum())
    flop_spots = int(solution.extra[checked, 3].sum())
    values = np.stack([checking, three, four])
    best = values.max(axis=0)
    preflop_ties = int(((values == best).sum(axis=0) > 1).sum())
    taken = "the larger wager" if rules.ties_larger else "the smaller wager"
    return (
        f"Decisions of exactly equal value (ties={rules.ties}: {taken} is taken): "
        f"{river_spots:,} river spots (holding, flop, turn-river after two checks; "
        f"{river_spots * solver.DEALER_HOLDINGS:,} deals), {flop_spots:,} flop spots, "
        f"{preflop_ties:,} preflop holdings.")


def _decisions_note(lines: MainLines) -> str:
    per_flop = solver.TURN_RIVERS * solver.DEALER_HOLDINGS
    checked_deals = int(lines.checked.sum()) * solver.DEALS_PER_HOLDING
    flop_bets = int(lines.counts[2].sum())
    cycle = solver.CYCLE
    return (
        f"Preflop: 4x {percent(Fraction(int((lines.choice == 4).sum()), solver.HOLDINGS))} "
        f"of holdings, 3x {percent(Fraction(int((lines.choice == 3).sum()), solver.HOLDINGS))}, "
        f"check {percent(Fraction(checked_deals, cycle))}. "
        + street_shares(lines.counts, lines.folds, cycle, checked_deals) +
        f" ({flop_bets // per_flop:,} of {checked_deals // per_flop:,} checked (holding, flop) "
        "spots bet 2x.)")


def practical_notes(strategy: UthStrategy, lines: MainLines) -> list[str]:
    """The notes of a return table under a strategy other than the optimal one."""
    where = f" (file {strategy.file})" if strategy.file else ""
    notes = [f"Strategy {strategy.name}{where}: {strategy.description or 'a strategy file'}"
             + (f" Source: {strategy.info.source}." if strategy.info.source else ""),
             "Every decision is taken as the strategy says, evaluated exactly over the whole "
             "cycle (docs/strategies.md); `edge strategy ultimate-texas-holdem --compare "
             f"{strategy}` prices its departures from the optimal strategy.",
             _decisions_note(lines)]
    if strategy.info.published_house_edge is not None:
        notes.append(f"Published house edge: {strategy.info.published_text}.")
    return notes


@dataclass(frozen=True)
class OptimalFacts:
    """What the optimal strategy's table notes say beyond the rows, one sentence each: how 3x
    compares with 4x and check, how often each decision is taken, and the exactly equal
    decisions. The strategy summary shows the same sentences."""

    three_x: str
    decisions: str
    ties: str


def optimal_facts(lines: MainLines, rules: MainRules) -> OptimalFacts:
    """The facts of a solved strategy (see :class:`OptimalFacts`)."""
    return OptimalFacts(_three_x_note(lines), _decisions_note(lines), _ties_note(lines, rules))


def _three_x_note(lines: MainLines) -> str:
    four, three, checking = lines.solution.line_values()
    margin = three - np.maximum(four, checking)
    worst = int(np.argmax(margin))
    scale = lines.solution.settlement.scale * solver.DEALS_PER_HOLDING
    closest = Fraction(int(margin[worst]), scale)
    if closest < 0:
        return (f"3x is never best: for every holding, 3x is worth less than the better of 4x "
                f"and check; the closest is {HOLDING_CLASSES[worst]}, by "
                f"{decimal(-closest, 6)} per Ante.")
    holdings = int((margin >= 0).sum())
    return (f"3x is worth at least as much as both 4x and check for {holdings:,} of 1,326 "
            f"holdings; the clearest is {HOLDING_CLASSES[worst]}, by {decimal(closest, 6)} per "
            "Ante.")


def main_table(paytable: PayTable, rules: MainRules, options: Mapping[str, str],
               run: RunSettings, game: str) -> ReturnTable:
    """The exact return table of Ante, Blind and Play under ``rules.strategy``."""
    return table_from_solution(solve_main(paytable, rules, run), paytable, rules, options, game,
                               run)


def table_from_solution(solution: solver.Solution, paytable: PayTable, rules: MainRules,
                        options: Mapping[str, str], game: str,
                        run: RunSettings | None = None) -> ReturnTable:
    """The return table of a finished solve under ``rules.strategy``."""
    lines = main_lines(solution, rules.strategy, run)
    rows = outcome_rows(solution.settlement, lines.counts, lines.folds, rules.all_push)
    decisions = solver.line_decisions(lines.counts, lines.folds)
    notes = [CYCLE_NOTE, PAYS_NOTE]
    if rules.strategy.is_optimal:
        n_four = int((lines.choice == 4).sum())
        classes = {HOLDING_CLASSES[h] for h in np.flatnonzero(lines.choice == 4)}
        notes.append(f"Exact optimal strategy: 4x with {n_four:,} of 1,326 holdings "
                     f"({len(classes)} of 169 classes; see `edge strategy "
                     f"ultimate-texas-holdem`), otherwise check; 2x on the flop and 1x on the "
                     "river where that is worth more, by exact integer comparison.")
        facts = optimal_facts(lines, rules)
        notes += [facts.three_x, facts.decisions, facts.ties]
    elif rules.strategy.is_always_4x:
        notes.append("Strategy: always 4x before the flop (the \"blind box\" play).")
    else:
        notes += practical_notes(rules.strategy, lines)
    title = (f"Ultimate Texas Hold'em: Ante, Blind and Play, {rules.strategy} strategy, "
             f"Blind {paytable.label()}")
    return ReturnTable(game, "main", rows, paytable, dict(options), initial_wager=Fraction(1),
                       decisions=decisions, notes=tuple(notes), title=title, basis="Ante",
                       initial_stake=Fraction(2))   # Ante + Blind


# --- the strategy chart ---------------------------------------------------------------------

@dataclass(frozen=True)
class ClassLine:
    """One of the 169 preflop classes: its choice and exact values per Ante."""

    name: str
    hands: int
    choice: int
    four: Fraction
    check: Fraction
    flop_bets: Fraction        # share of its flops bet 2x after a check
    river_plays: Fraction | None   # share of its river spots played 1x after two checks


def class_lines(solution: solver.Solution, strategy: UthStrategy | str,
                run: RunSettings | None = None) -> list[ClassLine]:
    """The 169 classes, highest value first (the suits of a class change none of its values)."""
    lines = main_lines(solution, strategy, run)
    four, _, checking = solution.line_values()
    scale = solution.settlement.scale * solver.DEALS_PER_HOLDING
    hands = Counter(HOLDING_CLASSES)
    result: dict[str, ClassLine] = {}
    for h, name in enumerate(HOLDING_CLASSES):
        if name in result:
            continue
        spots = (solver.FLOPS_PER_HOLDING - int(solution.extra[h, 2])) * solver.TURN_RIVERS
        result[name] = ClassLine(
            name, hands[name], int(lines.choice[h]), Fraction(int(four[h]), scale),
            Fraction(int(checking[h]), scale),
            Fraction(int(solution.extra[h, 2]), solver.FLOPS_PER_HOLDING),
            Fraction(spots - int(solution.extra[h, 0]), spots) if spots else None)
    return sorted(result.values(), key=lambda line: -max(line.four, line.check))


def class_grid(lines: list[ClassLine], cell: Callable[[ClassLine], T]) -> list[list[str | T]]:
    """The 169 classes as a 13 x 13 chart: ``cell(line)`` for each class, a rank label first.

    Rows and columns are ranks from ace down; suited classes sit above the diagonal, offsuit
    ones below it and pairs on it (the usual preflop chart), each row starting with its rank.
    ``lines`` must hold every class (as :func:`class_lines` gives them).
    """
    by_name = {line.name: line for line in lines}
    order = list(reversed(RANKS))
    grid: list[list[str | T]] = []
    for i, row_rank in enumerate(order):
        cells: list[str | T] = [row_rank]
        for j, col_rank in enumerate(order):
            if i == j:
                name = row_rank * 2
            elif i < j:
                name = f"{row_rank}{col_rank}s"      # above the diagonal: suited
            else:
                name = f"{col_rank}{row_rank}o"      # below: offsuit
            cells.append(cell(by_name[name]))
        grid.append(cells)
    return grid


def _value(line: ClassLine) -> Fraction:
    return line.four if line.choice == 4 else line.check


@dataclass(frozen=True)
class StrategyChart:
    """Everything the strategy shows: the 169 classes, the return table and a summary."""

    paytable: PayTable
    options: Mapping[str, str]
    lines: list[ClassLine]
    table: ReturnTable
    summary: list[str]
    optimal: bool = True          # the strategy shown is the solved one

    @property
    def intro(self) -> list[str]:
        """The options and the Blind pay table, one line each."""
        blind = ", ".join(f"{k} {format_pay(v)}" for k, v in self.paytable.pays)
        return [f"options: {', '.join(f'{k}={v}' for k, v in self.options.items())}",
                f"Blind pay table: {self.paytable.name} ({blind})"]

    def choice_grid(self) -> list[list[str]]:
        """The 13 x 13 chart of 4x (``4x``) or check (``-``)."""
        return class_grid(self.lines, lambda line: "4x" if line.choice == 4 else "-")

    def value_grid(self) -> list[list[str]]:
        """The 13 x 13 chart of the best play's value per Ante (the optimal play's when the
        strategy shown is another)."""
        def value(line: ClassLine) -> Fraction:
            return _value(line) if self.optimal else max(line.four, line.check)
        return class_grid(self.lines, lambda line: f"{float(value(line)):+.3f}")

    def class_rows(self) -> list[tuple[str, ...]]:
        """One row per class: hands, choice, values of 4x and check, flop 2x and river 1x."""
        return [(line.name, str(line.hands), "4x" if line.choice == 4 else "check",
                 decimal(line.four, 5), decimal(line.check, 5), percent(line.flop_bets, 2),
                 "-" if line.river_plays is None else percent(line.river_plays, 2))
                for line in self.lines]


STRATEGY_TITLE = "Ultimate Texas Hold'em strategy (Ante, Blind and Play)"
RANK_HEADS = ("", *reversed(RANKS))
CLASS_HEADS = ("class", "hands", "preflop", "4x value", "check value", "flop 2x", "river 1x")
CHOICE_CAPTION = ("Preflop: 4x or check (rows and columns are ranks; suited above the diagonal, "
                  "offsuit below, pairs on it)")
VALUE_CAPTION = "Value of the best play, per Ante"
NOT_OPTIMAL_NOTE = ("The preflop chart below is this strategy's; the values and the flop "
                    "and river shares are those of optimal play, for comparison.")
OPTIMAL_VALUE_CAPTION = "Value of the optimal play, per Ante (for comparison)"
CLASS_CAPTION = ("Every class: values per Ante of 4x and of checking (then playing on optimally), "
                 "and after a check how often the flop is bet 2x and the river played 1x")


def strategy_chart(paytable: PayTable, rules: MainRules, options: Mapping[str, str],
                   run: RunSettings) -> StrategyChart:
    """The solved strategy's classes, return table and summary for a Blind pay table."""
    solution = solve_main(paytable, rules, run)
    lines = class_lines(solution, rules.strategy, run)
    table = table_from_solution(solution, paytable, rules, options, GAME_NAME, run)
    four = [line for line in lines if line.choice == 4]
    raised = {line.name for line in four}
    extra = sorted(raised - PRACTICAL_FOUR_X)
    missing = sorted(PRACTICAL_FOUR_X - raised)
    hands = sum(line.hands for line in four)
    optimal = rules.strategy.is_optimal
    who = "the exact strategy" if optimal else f"the strategy {rules.strategy}"
    summary = [
        f"4x with {hands} of 1,326 holdings ({len(four)} of 169 classes), check the rest.",
        f"Against the practical chart (Wizard of Odds: 69 classes, 500 holdings): {who} "
        f"also raises {', '.join(extra) or 'nothing else'}; it checks "
        f"{', '.join(missing) or 'none of it'}.",
        f"House edge {percent(table.house_edge)} per Ante, element of risk "
        f"{percent(table.element_of_risk)}.",
    ]
    if optimal:
        facts = optimal_facts(main_lines(solution, rules.strategy), rules)
        summary += [facts.three_x, facts.decisions, facts.ties]
    else:
        summary += [
            f"The strategy {rules.strategy}: {rules.strategy.description}",
            NOT_OPTIMAL_NOTE + f" `edge strategy {GAME_NAME} --bet main --compare "
            f"{rules.strategy}` gives where this strategy departs from optimal play and what "
            "each departure costs, exactly."]
    return StrategyChart(paytable, options, lines, table, summary, optimal)


def strategy_document(paytable: PayTable, rules: MainRules, options: Mapping[str, str],
                      run: RunSettings) -> Report:
    """The strategy as a document: the summary, the 13 x 13 charts and every class."""
    chart = strategy_chart(paytable, rules, options, run)
    return Report(STRATEGY_TITLE, tuple(chart.intro), (
        Section("Summary", (Items(tuple(chart.summary)),)),
        Section("Preflop chart", (
            Table(RANK_HEADS, tuple(tuple(row) for row in chart.choice_grid()), CHOICE_CAPTION),
            Table(RANK_HEADS, tuple(tuple(row) for row in chart.value_grid()),
                  VALUE_CAPTION if chart.optimal else OPTIMAL_VALUE_CAPTION),
        )),
        Section("Every class", (
            Paragraph(CLASS_CAPTION),
            Table(CLASS_HEADS, tuple(chart.class_rows()), align="lrlrrrr"),
        )),
    ), game=GAME_NAME, tables={"main": chart.table}, game_title="Ultimate Texas Hold'em",
        data=strategy_data(chart))


def strategy_data(chart: StrategyChart) -> dict[str, JsonValue]:
    """The strategy as ``edge strategy --format json`` gives it (a stable contract)."""
    table = chart.table
    return {
        "game": GAME_NAME,
        "options": dict(chart.options),
        "paytable": {k: exact(v) for k, v in chart.paytable.pays},
        "house_edge": exact(table.house_edge),
        "element_of_risk": exact(table.element_of_risk),
        "classes": [{"class": line.name, "hands": line.hands,
                     "preflop": "4x" if line.choice == 4 else
                     ("3x" if line.choice == 3 else "check"),
                     "value_4x": exact(line.four), "value_check": exact(line.check),
                     "flop_2x_share": exact(line.flop_bets),
                     "river_1x_share": (None if line.river_plays is None
                                        else exact(line.river_plays))} for line in chart.lines],
        "summary": list(chart.summary),
    }
