"""The solved strategy of a game file as a document (``edge strategy FILE``).

Each decision is shown by the lines of play it is part of (how often each option is taken),
and, where the player has seen at most three cards, hand by hand: the cards seen up to a
renaming of suits (a hand class), with the option the solve chose for every total in play the
player can arrive with. Every member of a class is decided alike (the game treats the suits
alike), so one member speaks for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from edge.decisions.analysis import GameAnalysis, larger_on_ties, starts, units_text
from edge.decisions.solve import Solution, all_sets
from edge.document.document import Items, Paragraph, Report, Section, Table
from edge.games import Rules
from edge.paytables import PayTable
from edge.table import decimal

RANK_NAMES = "23456789TJQKA"
# hands shown one class at a time up to this many cards seen (3 cards: 1,755 classes)
MOST_CARDS_LISTED = 3


def hand_class(cards: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """The cards up to a renaming of suits: each suit's ranks (high first), the suits ordered
    by how many cards they hold, then by their ranks."""
    by_suit: dict[int, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card % 4, []).append(card // 4)
    groups = [tuple(sorted(ranks, reverse=True)) for ranks in by_suit.values()]
    return tuple(sorted(groups, key=lambda g: (-len(g), [-r for r in g])))


def class_name(groups: tuple[tuple[int, ...], ...]) -> str:
    """A hand class in words: ``A-K suited, Q``, ``9 9``, ``A K Q`` (no two of a suit)."""
    if all(len(group) == 1 for group in groups):
        ranks = sorted((group[0] for group in groups), reverse=True)
        return " ".join(RANK_NAMES[r] for r in ranks) + (" offsuit" if len(ranks) > 1 and
                                                         len(set(ranks)) == len(ranks) else "")
    suited = [("-".join(RANK_NAMES[r] for r in group) + " suited") for group in groups
              if len(group) > 1]
    singles = [RANK_NAMES[group[0]] for group in groups if len(group) == 1]
    return ", ".join(suited + singles)


def _classes(k: int) -> dict[tuple[tuple[int, ...], ...], tuple[int, int]]:
    """Each class of k cards: (a member's set index, how many sets it holds)."""
    found: dict[tuple[tuple[int, ...], ...], tuple[int, int]] = {}
    for index, row in enumerate(all_sets(k).tolist()):
        key = hand_class(row)
        first, size = found.get(key, (index, 0))
        found[key] = (first, size + 1)
    return found


def _option_names(solution: Solution, decision: int, choices: Sequence[int]) -> str:
    options = solution.problem.decisions[decision].options
    return ", ".join(options[i].name for i in choices)


def _decision_section(analysis: GameAnalysis, solution: Solution, d: int) -> Section:
    decision = solution.problem.decisions[d]
    arriving = solution.totals[d]
    blocks: list[Paragraph | Items | Table] = []
    options = "; ".join(o.name for o in decision.options)
    blocks.append(Paragraph(f"Made with {decision.seen} cards seen; the options: {options}. "
                            "The option of the highest expected return is taken (a tie goes "
                            f"to the {'larger' if solution.problem.larger_on_ties else 'smaller'}"
                            " total wager)."))
    if decision.seen <= MOST_CARDS_LISTED:
        rows = []
        chosen = solution.choices[d]
        for key, (member, size) in _classes(decision.seen).items():
            picks = [int(chosen[member, column]) for column in range(len(arriving))]
            rows.append((class_name(key), f"{size:,}",
                         *(decision.options[p].name for p in picks)))
        rows.sort(key=lambda row: row[2:])
        headers = ("hand", "hands", *(f"with {units_text(t)} in play" for t in arriving))
        blocks.append(Table(headers, tuple(rows),
                            f"{decision.name}: the option for every hand seen (suits renamed "
                            f"alike), {len(rows):,} classes",
                            align="lr" + "l" * len(arriving)))
    else:
        blocks.append(Paragraph(f"With {decision.seen} cards seen there are too many hands to "
                                "list one by one here; the lines of play (in the first section) "
                                "give how often each option is taken."))
    return Section(f"Decision: {decision.name}", tuple(blocks))


def strategy_report(analysis: GameAnalysis, paytable: PayTable | None, rules: Rules) -> Report:
    """The solved strategy at these pays and ties rule, as a document."""
    file = analysis.file
    solution = analysis.solution(paytable, larger_on_ties(rules), starts(file, rules))
    lines = sorted(solution.lines.items(), key=lambda item: -item[1])
    line_rows = tuple((", ".join(solution.problem.decisions[d].options[i].name
                                 for d, i in enumerate(line)), f"{deals:,}",
                       f"{decimal(Fraction(deals, solution.cycle) * 100, 4)}%")
                      for line, deals in lines)
    facts = Items((
        f"expected return per {file.unit}: {decimal(solution.player_return * 100, 4)}% "
        f"(exactly {solution.player_return})",
        f"every ordered deal counted: {solution.cycle:,}",
        f"pay table: {(paytable or file.bet.presets[file.bet.default_paytable]).name}",
    ))
    sections = [Section("The solved strategy", (
        facts, Table(("line of play (options taken in turn)", "deals", "share"), line_rows,
                     "How often each line of play is taken", align="lrr")))]
    sections += [_decision_section(analysis, solution, d)
                 for d in range(len(solution.problem.decisions))]
    data: dict[str, Any] = {"game": file.bet.name,
                            "player_return": str(solution.player_return),
                            "lines": {row[0]: deals for row, (_, deals)
                                      in zip(line_rows, lines, strict=True)}}
    return Report(f"{file.bet.title}: the optimal strategy", (), tuple(sections),
                  game=file.bet.name, game_title=file.bet.title, data=data)
