"""What Tri-Card Poker adds to ``edge report`` (docs/rules.md section 2): the raise chart."""

from __future__ import annotations

from collections.abc import Callable

from edge.cards import RANKS, rank_of, suit_of
from edge.document import Cell, Paragraph, Section, Table
from edge.document.colours import GRID_DEPENDS, GRID_NO_RAISE, GRID_RAISE
from edge.games import ReportContext
from edge.games.three_card_poker._kernels import HAND_CLASSES
from edge.games.three_card_poker.frequencies import frequencies_section
from edge.games.three_card_poker.rules import ThreeCardRules
from edge.games.three_card_poker.strategy import (
    DecisionPays,
    StrategySolution,
    ante_decision,
    chosen_rule,
    combined_decision,
    solve,
)
from edge.paytables import PayTable

HIGH_CARD = HAND_CLASSES.index("high-card")
# The wagers with a raise/fold decision, and what rides on it.
DECISIONS: dict[str, Callable[[PayTable, ThreeCardRules], DecisionPays]] = {
    "ante": lambda paytable, rules: ante_decision(paytable),
    "combined": combined_decision,
}


RAISE_COLOURS = {"all": GRID_RAISE, "some": GRID_DEPENDS, "none": GRID_NO_RAISE}


def raise_chart_cell(decisions: dict[tuple[int, int], list[bool]]) -> Cell:
    """One cell of the raise chart: all raise, none, or "X+" (raise when the third card is X
    or higher); ``decisions`` maps (third rank, suit pattern index) to the decision of each hand.
    """
    if not decisions:
        return Cell("")
    raised = [third for (third, _), calls in decisions.items() if all(calls)]
    folded = [third for (third, _), calls in decisions.items() if not any(calls)]
    if not folded:
        return Cell("all", colour=RAISE_COLOURS["all"])
    if not raised:
        return Cell("-", colour=RAISE_COLOURS["none"])
    if len(raised) + len(folded) == len(decisions) and min(raised) > max(folded):
        return Cell(f"{RANKS[min(raised)]}+", colour=RAISE_COLOURS["some"])
    return Cell("mixed", colour=RAISE_COLOURS["some"])


def report_sections(context: ReportContext[ThreeCardRules]) -> list[Section]:
    """``edge report``: the raise rule as a chart of every high-card hand, by its two top cards."""
    charts: dict[bytes, list[str]] = {}
    solutions: dict[bytes, StrategySolution] = {}
    for bet, decision in DECISIONS.items():
        paytable = context.paytables[bet]
        if paytable is None:
            continue
        solution = solve(decision(paytable, context.rules), context.rules)
        key = solution.raises.tobytes()
        charts.setdefault(key, []).append(bet)
        solutions[key] = solution
    children = []
    for key, bets in charts.items():
        solution = solutions[key]
        cells: dict[tuple[int, int], dict[tuple[int, int], list[bool]]] = {}
        for hand, cards in enumerate(solution.hands.cards):
            if int(solution.hands.classes[hand]) != HIGH_CARD:
                continue
            top, second, third = sorted((rank_of(int(c)) for c in cards), reverse=True)
            pattern = len({suit_of(int(c)) for c in cards})
            cells.setdefault((top, second), {}).setdefault((third, pattern), []).append(
                bool(solution.raises[hand]))
        made = [h for h in range(len(solution.raises))
                if int(solution.hands.classes[h]) != HIGH_CARD]
        raised_made = sum(bool(solution.raises[h]) for h in made)
        tops = range(12, 2, -1)
        rows: tuple[tuple[str | Cell, ...], ...] = tuple(
            (RANKS[top], *(raise_chart_cell(cells.get((top, second), {}))
                           for second in range(11, 0, -1)))
            for top in tops)
        rule = chosen_rule(solution).rstrip(".")
        children.append(Section(", ".join(bets), (
            Paragraph(f"Strategy {solution.strategy}: {rule}. "
                      "Pairs and "
                      f"better: {raised_made:,} of {len(made):,} hands raised."),
            Table(("high card", *(RANKS[second] for second in range(11, 0, -1))), rows,
                  "High-card hands by their highest card (rows) and second card (columns)",
                  legend=((RAISE_COLOURS["all"], "raise whatever the third card"),
                          (RAISE_COLOURS["some"], "raise when the third card is this or higher"),
                          (RAISE_COLOURS["none"], "fold"))),
        )))
    return [raise_chart(children), frequencies_section(context.rules.ace_low_straight)]


def raise_chart(children: list[Section]) -> Section:
    """The raise chart section around each distinct chart."""
    return Section("Raise chart", (Paragraph(
        "The player's raise/fold decision for every high-card hand, from the exact solve; "
        "suits never change it unless the cell says mixed."),), tuple(children))
