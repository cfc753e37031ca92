"""What surveillance should watch for when a Tri-Card Poker player sees dealer cards (game
protection, docs/protection.md): how the informed player's raise/fold decisions differ from
basic strategy (the optimal play of the game as dealt: raise Q-6-4 or better with the standard
pays), how often and on which hands, by what is seen and by the player's hand.

Every share is exact: deals of the exposed cycle (each deal once per choice of the seen cards)
counted from the exposed solve's own counts (:class:`~.exposure.ExposedSolution`), each class of
player hands equal up to renaming the suits weighted by its size.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS
from edge.document import Cell, Items, Paragraph, Section, Table
from edge.document.colours import GRID_DEPENDS, GRID_NO_RAISE, GRID_RAISE
from edge.games.three_card_poker._kernels import HAND_CLASSES
from edge.games.three_card_poker.exposure import PAIRS, ExposedSolution, IntArray, scenario_of
from edge.games.three_card_poker.exposure_strategy import (
    RAISE,
    exposed_solution,
    rule_line,
    seen_group,
    seen_rules,
)
from edge.games.three_card_poker.rules import OPTIMAL, RaiseRule, Seen, ThreeCardRules
from edge.games.three_card_poker.strategy import DecisionPays, rule_raises, solve, strategy_rule
from edge.table import exact, percent
from edge.tells import Ordinary, Tells

QUEEN = RANKS.index("Q")
MADE_HANDS = tuple(name.replace("-", " ") for name in reversed(HAND_CLASSES[1:]))
# The rows of the grid, strongest first: made hands by class, high cards from a queen by their
# two top cards (where the seen card changes the decision), the rest of the high cards together.
ROWS = (*MADE_HANDS,
        *(f"{RANKS[top]}-{RANKS[second]}-x" for top in range(12, QUEEN - 1, -1)
          for second in range(top - 1, 0, -1)),
        "J-x-x or lower")


def hand_row(cards: IntArray, hand_class: int) -> str:
    """The grid row of a player hand: its class, or a high card by its top two cards."""
    if hand_class > 0:
        return HAND_CLASSES[hand_class].replace("-", " ")
    top, second = sorted((int(card) >> 2 for card in cards), reverse=True)[:2]
    return f"{RANKS[top]}-{RANKS[second]}-x" if top >= QUEEN else ROWS[-1]


def seen_column(seen: Seen, slot: int, slots: tuple[str, ...]) -> tuple[int, str]:
    """The grid column of a slot, with its order: what is seen as a rule names it (two cards
    seen: by the higher seen card)."""
    if seen is Seen.DEALER_2:
        high = PAIRS[slot][1] >> 2
        return high, f"{RANKS[high]}-x"
    return seen_group(seen, slot, slots)


@dataclass(frozen=True)
class Watch:
    """Deals of the exposed cycle per (player hand row, seen column): all of them, those the
    informed player raises, those basic strategy raises, those the informed player raises and
    basic strategy folds (``up``), and the reverse (``down``)."""

    rows: tuple[str, ...]
    columns: tuple[str, ...]
    deals: IntArray
    raised: IntArray
    basic: IntArray
    up: IntArray
    down: IntArray
    cycle: int


def watch(solution: ExposedSolution, basic: npt.NDArray[np.bool_]) -> Watch:
    """The exposed solve's decisions against ``basic`` (basic strategy's decision per hand),
    counted per grid cell."""
    reps = solution.representatives
    cards, classes = solution.hands.cards, solution.hands.classes
    row_names = [hand_row(cards[h], int(classes[h])) for h in reps]
    rows = tuple(name for name in ROWS if name in set(row_names))
    row = np.array([rows.index(name) for name in row_names])
    slots = solution.bins.slots
    keys = [seen_column(solution.seen, slot, slots) for slot in range(len(slots))]
    columns = tuple(name for _, name in sorted(set(keys)))
    column = np.array([columns.index(name) for _, name in keys])
    deals = solution.counts.sum(axis=2, dtype=np.int64) * solution.class_sizes[:, None]
    informed = solution.decisions[reps] == RAISE
    basic_raises = np.broadcast_to(basic[reps][:, None], informed.shape)
    cell = (row[:, None] * len(columns) + column[None, :]).ravel()

    def total(mask: npt.NDArray[np.bool_]) -> IntArray:
        out = np.zeros(len(rows) * len(columns), dtype=np.int64)
        np.add.at(out, cell, np.where(mask, deals, 0).ravel())
        return out.reshape(len(rows), len(columns))
    return Watch(rows, columns, total(np.ones_like(informed)), total(informed),
                 total(basic_raises), total(informed & ~basic_raises),
                 total(~informed & basic_raises), solution.cycle)


def share(part: int, whole: int) -> str:
    """``part`` of ``whole`` as a percentage (``-`` when there is none)."""
    return percent(Fraction(part, whole)) if whole else "-"


def _shares(found: Watch, where: int | tuple[slice, int], parts: tuple[str, ...]
            ) -> list[str]:
    """A row or column of the grid (``where`` indexes it): its share of the cycle, then each
    of ``parts`` as a share of its deals."""
    deals = int(found.deals[where].sum())
    return [share(deals, found.cycle),
            *(share(int(getattr(found, part)[where].sum()), deals) for part in parts)]


def _cell(deals: int, raised: int, up: int, down: int) -> Cell:
    if not deals:
        return Cell("")
    mark = "!" if up or down else ""
    if raised == deals:
        return Cell(f"raise{mark}", colour=GRID_RAISE)
    if not raised:
        return Cell(f"fold{mark}", colour=GRID_NO_RAISE)
    return Cell(f"{round(100 * raised / deals)}%{mark}", colour=GRID_DEPENDS)


def watch_rules(found: Watch, rules: dict[str, str]) -> list[str]:
    """Plain rules a surveillance officer can apply, one per thing seen (consecutive ones
    where the informed player raises every hand merged): the informed player's rule and how
    its raises and folds differ from basic strategy's."""
    deals, raised = found.deals.sum(axis=0), found.raised.sum(axis=0)
    up, down = found.up.sum(axis=0), found.down.sum(axis=0)
    merged: list[list[int]] = []
    for k in range(len(found.columns)):
        every = raised[k] == deals[k]
        if merged and every and raised[merged[-1][-1]] == deals[merged[-1][-1]]:
            merged[-1].append(k)
        else:
            merged.append([k])
    lines = []
    for group in merged:
        names = [found.columns[k] for k in group]
        seen = names[0] if len(names) == 1 else f"{names[0]} to {names[-1]}"
        total, ups = int(raised[group].sum()), int(up[group].sum())
        dealt, downs = int(deals[group].sum()), int(down[group].sum())
        every = total == dealt
        rule = "raises every hand" if every else rules.get(
            names[0], f"raises {share(total, dealt)} of the hands")
        folds = "" if every else (f"; it folds {share(downs, dealt)} of the hands there that "
                                  "basic strategy raises")
        lines.append(f"Seen {seen}: {rule}: {share(ups, total)} of its raises there are hands "
                     f"basic strategy folds{folds}.")
    return lines


def surveillance(pays: DecisionPays, rules: ThreeCardRules) -> list[Section]:
    """The ``surveillance`` hook's sections for the wager whose decision ``pays`` describe,
    under ``rules.seen``."""
    solution = exposed_solution(pays, rules)
    basic = solve(pays, replace(rules, seen=Seen.NONE, strategy=OPTIMAL))
    found = watch(solution, basic.optimal)
    scenario = scenario_of(rules.seen)
    cycle = found.cycle
    deals = found.deals.sum()
    raised, basic_raised = int(found.raised.sum()), int(found.basic.sum())
    up, down = int(found.up.sum()), int(found.down.sum())
    basic_rule = strategy_rule(basic).split(";")[0]
    facts = [
        ("seen", scenario.description),
        ("basic strategy", f"{basic_rule} (the optimal play of the game as dealt)"),
        ("decisions that differ",
         f"{share(up + down, cycle)} of deals ({exact(Fraction(up + down, cycle))})"),
        ("raises basic strategy folds", f"{share(up, cycle)} of deals; {share(up, raised)} of "
                                        "the informed player's raises"),
        ("folds basic strategy raises", f"{share(down, cycle)} of deals; "
                                        f"{share(down, cycle - raised)} of its folds"),
        ("hands raised", f"{share(raised, cycle)} (basic strategy: "
                         f"{share(basic_raised, cycle)})"),
        ("cycle", f"{cycle:,} deals ({deals:,} counted; each deal once per choice of the "
                  "seen cards)"),
    ]
    rule_text = {rule.seen: rule_line(rule) for rule in seen_rules(solution)}
    by_seen = tuple((name, *_shares(found, (slice(None), k), ("raised", "up", "down")))
                    for k, name in enumerate(found.columns))
    by_hand = tuple((name, *_shares(found, k, ("raised", "basic", "up", "down")))
                    for k, name in enumerate(found.rows))
    grid: tuple[tuple[str | Cell, ...], ...] = tuple(
        (name, *(_cell(*(int(getattr(found, part)[r, c])
                         for part in ("deals", "raised", "up", "down")))
                 for c in range(len(found.columns))))
        for r, name in enumerate(found.rows))
    headers = ("seen", "share of deals", "informed raises", "raises basic folds",
               "folds basic raises")
    return [Section(f"What surveillance should watch for: the {pays.bet} wager, {rules.seen}", (
        Paragraph(f"How the informed player (who sees {scenario.description}, and plays "
                  "the exact solve) departs from basic strategy. Shares are exact: deals of "
                  "the exposed cycle."
                  + (" The two cards seen are grouped by the higher of them: Q-x is a seen Q "
                     "with a seen card no higher." if rules.seen is Seen.DEALER_2 else "")),
        Items(tuple(facts)),
        Items(tuple(watch_rules(found, rule_text))),
        Table(headers, by_seen, "By what is seen (shares of the deals where it is seen)"),
        Table(("player hand", "share of deals", "informed raises", "basic raises",
               "raises basic folds", "folds basic raises"), by_hand,
              "By the player's hand (shares of the deals of that hand)"),
        Table(("player hand", *found.columns), grid,
              "The informed player's decision by player hand (rows) and what is seen "
              "(columns): raise, fold, or the share raised; ! marks a departure from basic "
              "strategy (a raise where it folds, a fold where it raises)",
              legend=((GRID_RAISE, "raises every such hand"),
                      (GRID_DEPENDS, "raises some (share raised)"),
                      (GRID_NO_RAISE, "folds every such hand"))),
    ))]


# The poor players a floor sees, as the named strategies edge ships (beside basic strategy)
ORDINARY = ("mimic", "raise-all")
OBSERVED = ("the player's three cards and whether he raises or folds (an overhead camera; "
            "folded hands included)")
STRONGEST = 6       # the most frequent tells listed


def _strongest(rows: list[str], deals: IntArray, marks: tuple[tuple[str, npt.NDArray[np.bool_]],
                                                              ...], cycle: int
               ) -> tuple[tuple[str, str, Fraction], ...]:
    """The most frequent tells by player hand row and decision, largest first."""
    names = sorted(set(rows))
    index = np.array([names.index(name) for name in rows])
    found: dict[tuple[str, str], int] = {}
    for decision, mark in marks:
        per_row = np.zeros(len(names), dtype=np.int64)
        np.add.at(per_row, index, np.where(mark, deals, 0).sum(axis=1))
        found.update({(names[k], decision): int(per_row[k]) for k in np.nonzero(per_row)[0]})
    ranked = sorted(found.items(), key=lambda item: (-item[1], item[0]))[:STRONGEST]
    return tuple((hand, decision, Fraction(count, cycle)) for (hand, decision), count in ranked)


def tells(pays: DecisionPays, rules: ThreeCardRules) -> Tells:
    """The ``tells`` hook: the informed player under ``rules.seen`` against basic strategy and
    the poor players of :data:`ORDINARY`, every share exact over the exposed cycle."""
    solution = exposed_solution(pays, rules)
    basic = solve(pays, replace(rules, seen=Seen.NONE, strategy=OPTIMAL))
    reps, cycle = solution.representatives, solution.cycle
    cards, classes = solution.hands.cards, solution.hands.classes
    rows = [hand_row(cards[h], int(classes[h])) for h in reps]
    deals = solution.counts.sum(axis=2, dtype=np.int64) * solution.class_sizes[:, None]
    informed = solution.decisions[reps] == RAISE
    named = [RaiseRule.resolve(name) for name in ORDINARY]
    players = [("basic strategy", strategy_rule(basic).split(";")[0]
                + " (the optimal play with nothing seen)", basic.optimal),
               *((rule.name, rule.description, rule_raises(rule, solution.hands))
                 for rule in named)]

    def share(mark: npt.NDArray[np.bool_]) -> Fraction:
        return Fraction(int(np.where(mark, deals, 0).sum()), cycle)

    def against(name: str, description: str, up: npt.NDArray[np.bool_],
                down: npt.NDArray[np.bool_], as_dealt: Fraction) -> Ordinary:
        marks = (("raise", up), ("fold", down))
        return Ordinary(name, description, (("raises a hand it folds", share(up)),
                                            ("folds a hand it raises", share(down))),
                        as_dealt, _strongest(rows, deals, marks, cycle))

    found = []
    for name, description, raises in players:
        theirs = raises[reps][:, None]
        found.append(against(name, description, informed & ~theirs, ~informed & theirs,
                             Fraction(int((raises != basic.optimal).sum()), len(raises))))
    every_raise = np.all([raises[reps] for _, _, raises in players], axis=0)[:, None]
    every_fold = ~np.any([raises[reps] for _, _, raises in players], axis=0)[:, None]
    every = against("every ordinary player", "the decisions none of those above makes",
                    informed & every_fold, ~informed & every_raise, Fraction(0))
    basic_raises = basic.optimal[reps][:, None]
    departs = (informed != basic_raises) & (deals > 0)
    profile, fine = [], []
    raised_deals = np.where(informed, deals, 0).sum(axis=1)
    all_deals = deals.sum(axis=1)
    for row in ROWS:
        inside = np.array([name == row for name in rows])
        if (departs & inside[:, None]).any():
            profile.append((row, "raise", Fraction(int(raised_deals[inside].sum()),
                                                   int(all_deals[inside].sum()))))
            fine.append(tuple(Fraction(int(raised_deals[k]), int(all_deals[k]))
                              for k in np.nonzero(inside)[0]))
    return Tells(f"seen={rules.seen}", tuple(found), every, tuple(profile), OBSERVED,
                 tuple(fine))


__all__ = ["ORDINARY", "Watch", "hand_row", "surveillance", "tells", "watch", "watch_rules"]
