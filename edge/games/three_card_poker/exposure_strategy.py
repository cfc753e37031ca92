"""The exposed Tri-Card Poker player's strategy (game protection, docs/protection.md): per thing
seen, the weakest hand raised and the exceptions, read off the exact exposed solve
(:mod:`.exposure`); the short rules where they exist; the strategy as a document.

With one dealer card seen and the Ante Bonus 5-4-1 the solve's rule is E. Jacobson's published
one (docs/references.md section 2): raise every hand against a 2 to J; against a Q raise Q-9-2 or
better, against a K K-9-2, against an A A-9-2.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.cards import RANKS, rank_of, suit_of
from edge.document import Items, Paragraph, Report, Section, Table
from edge.games import RunSettings
from edge.games.three_card_poker._kernels import DEALER_RESULTS
from edge.games.three_card_poker.exposure import (
    PAIRS,
    ExposedSolution,
    dealt_slots,
    scenario_of,
    solve_exposed,
)
from edge.games.three_card_poker.hands import HandCounts, hand_name
from edge.games.three_card_poker.rules import OPTIMAL, Seen, ThreeCardRules, rule_summary
from edge.games.three_card_poker.strategy import GAME_NAME, Analysis, DecisionPays
from edge.options import options_dict
from edge.paytables import PayTable
from edge.protection import information_value
from edge.table import exact, percent

RAISE, FOLD = 1, 0
# The dealer's result against the player's hand, as a rule reads it (all three cards seen).
RESULT_WORDS = {"dealer-does-not-qualify": "the dealer does not qualify",
                "win": "the dealer qualifies and the player's hand beats it",
                "tie": "the dealer qualifies and ties the player's hand",
                "loss": "the dealer qualifies and beats the player's hand"}


@dataclass(frozen=True)
class SeenRule:
    """The exposed rule for one thing seen (a group of slots): the weakest hand raised
    (``border``: a hand index, ``None`` when every dealt hand raises or none does), and the
    (player hand, seen slot) situations it gets wrong, as the solve decides them."""

    seen: str
    situations: int
    raised: int
    border: int | None
    exceptions: tuple[tuple[int, int], ...]
    solution: ExposedSolution

    @property
    def text(self) -> str:
        """The rule in words: ``'raise Q-9-2 (high card) or better'``; where the solve folds
        some suit patterns of the weakest hand raised, that hand by the patterns raised
        (``'raise K-J-8 (high card) or better, and K-J-7 (high card) of three suits'``)."""
        if self.raised == self.situations:
            return "raise every hand"
        if self.raised == 0:
            return "fold every hand"
        assert self.border is not None
        border = self._name(self.border)
        folded = self._excepted().get(("fold", border, ""))
        if folded is None:
            return f"raise {border} or better"
        strengths = self.solution.hands.strengths
        stronger = strengths[strengths > strengths[self.border]]
        raised = " or ".join(sorted(self.patterns(border) - folded))
        if not stronger.size:
            return f"raise {border} {raised}"
        above = int(np.flatnonzero(strengths == stronger.min())[0])
        return f"raise {self._name(above)} or better, and {border} {raised}"

    @property
    def exception_text(self) -> str:
        """The exceptions the rule's text does not already say, in words: each hand by its
        ranks and class and, where only some of its suit patterns are excepted, by those
        (``'none'`` or ``'fold K-K-Q (pair)'``), with what is seen where it is narrower than
        the rule's (no count, no index: a hand and a seen card a reader can check)."""
        border = None if self.border is None else self._name(self.border)
        phrases = []
        for (verb, name, against), patterns in self._excepted().items():
            if (verb, name, against) == ("fold", border, ""):
                continue                                # said by the rule's text
            every = self.patterns(name)
            named = "" if patterns == every else " " + " or ".join(sorted(patterns))
            phrases.append(f"{verb} {name}{named}{against}")
        return "; ".join(phrases) or "none"

    def _name(self, hand: int) -> str:
        hands = self.solution.hands
        return hand_name(hands.cards[hand], int(hands.classes[hand]))

    def _excepted(self) -> dict[tuple[str, str, str], set[str]]:
        """The exceptions by (decision, hand name, what is seen where narrower than the
        rule's): the suit patterns excepted."""
        decisions, slots = self.solution.decisions, self.solution.bins.slots
        excepted: dict[tuple[str, str, str], set[str]] = {}
        for hand, slot in self.exceptions:
            verb = "raise" if decisions[hand, slot] == RAISE else "fold"
            against = "" if slots[slot] == self.seen else f" against {slots[slot]} seen"
            key = (verb, self._name(hand), against)
            excepted.setdefault(key, set()).add(suit_pattern(self.solution.hands.cards[hand]))
        return excepted

    def patterns(self, name: str) -> set[str]:
        """Every suit pattern of the player hands named ``name`` (ranks and class)."""
        return set(_patterns_by_name(self.solution.hands).get(name, ()))


# the suit patterns of each hand name, by table of player hands (the solutions of one report
# share one table: named once, not once a rule and a name)
_PATTERNS: dict[int, tuple[object, dict[str, frozenset[str]]]] = {}


def _patterns_by_name(hands: HandCounts) -> dict[str, frozenset[str]]:
    """Every suit pattern of the player hands of each name (ranks and class) in ``hands``."""
    found = _PATTERNS.get(id(hands))
    if found is None or found[0] is not hands:
        table: dict[str, set[str]] = {}
        for h in range(len(hands.cards)):
            name = hand_name(hands.cards[h], int(hands.classes[h]))
            table.setdefault(name, set()).add(suit_pattern(hands.cards[h]))
        if len(_PATTERNS) >= 8:
            _PATTERNS.clear()
        found = _PATTERNS[id(hands)] = (hands, {k: frozenset(v) for k, v in table.items()})
    return found[1]


def suit_pattern(cards: Sequence[int] | npt.NDArray[np.int64]) -> str:
    """How a hand's suits fall, in words: ``'of three suits'``, ``'with its K and J of one
    suit'``, ``'of one suit'``."""
    ordered = sorted((int(c) for c in cards), key=rank_of, reverse=True)
    suits = [suit_of(c) for c in ordered]
    if len(set(suits)) == 1:
        return "of one suit"
    if len(set(suits)) == len(suits):
        return "of three suits"
    first, second = next((i, j) for i in range(3) for j in range(i + 1, 3)
                         if suits[i] == suits[j])
    return (f"with its {RANKS[rank_of(ordered[first])]} and {RANKS[rank_of(ordered[second])]} "
            "of one suit")


def seen_group(seen: Seen, slot: int, slots: tuple[str, ...]) -> tuple[int, str]:
    """What a rule groups a slot under, with its sort order."""
    if seen is Seen.DEALER_1:
        return slot >> 2, RANKS[slot >> 2]
    if seen is Seen.DEALER_2:
        low, high = (card >> 2 for card in PAIRS[slot])
        return -(high * 13 + low), f"{RANKS[high]}-{RANKS[low]}"
    if seen is Seen.DEALER_3:
        return slot % 4, RESULT_WORDS[DEALER_RESULTS[slot % 4]]
    return slot, slots[slot]


def seen_rules(solution: ExposedSolution) -> list[SeenRule]:
    """The exposed rule for each thing seen (seen rank, seen ranks, the dealer's result, or
    how many high cards), in the order a chart lists them."""
    groups: dict[tuple[int, str], list[int]] = {}
    slots = solution.bins.slots
    for slot in range(len(slots)):
        groups.setdefault(seen_group(solution.seen, slot, slots), []).append(slot)
    strengths = solution.hands.strengths
    rules = []
    for (_, label), members in sorted(groups.items()):
        decisions = solution.decisions[:, members]
        dealt = dealt_slots(decisions)
        raised = decisions == RAISE
        strength = np.broadcast_to(strengths[:, None], decisions.shape)
        border: int | None = None
        wrong: npt.NDArray[np.bool_] = np.zeros(decisions.shape, dtype=np.bool_)
        if raised.any() and (raised != dealt).any():
            lowest = int(strength[raised].min())
            folds_above = dealt & ~raised & (strength >= lowest)
            top = int(strength[dealt & ~raised].max())
            above = strength[dealt & (strength > top)]
            if above.size:
                raises_below = raised & (strength < int(above.min()))
                if raises_below.sum() < folds_above.sum():
                    lowest, folds_above = int(above.min()), raises_below
            border = int(np.flatnonzero(strengths == lowest)[0])
            wrong = folds_above
        hands, columns = np.nonzero(wrong)
        exceptions = tuple((int(h), members[int(c)]) for h, c in zip(hands, columns,
                                                                      strict=True))
        rules.append(SeenRule(label, int(dealt.sum()), int(raised.sum()), border, exceptions,
                              solution))
    return rules


def _merged_ranks(rules: list[SeenRule]) -> list[tuple[str, SeenRule]]:
    """Consecutive seen ranks with the same rule and no exceptions, merged: ``('2 to J', r)``."""
    merged: list[tuple[list[str], SeenRule]] = []
    for rule in rules:
        if (merged and not rule.exceptions and not merged[-1][1].exceptions
                and merged[-1][1].text == rule.text and "every" in rule.text):
            merged[-1][0].append(rule.seen)
        else:
            merged.append(([rule.seen], rule))
    return [(names[0] if len(names) == 1 else f"{names[0]} to {names[-1]}", rule)
            for names, rule in merged]


def rule_line(rule: SeenRule) -> str:
    """A rule as a plain line's end: the rule, then its exceptions if any."""
    text = rule.text
    if rule.border is not None:
        text += ", fold the rest"
    if rule.exception_text != "none":
        text += f"; but {rule.exception_text}"
    return text


def plain_rules(solution: ExposedSolution) -> list[str]:
    """The exposed strategy in plain lines, derived from the solve; empty when it has no
    short form (two dealer cards seen: one rule per pair of ranks, see the chart)."""
    rules = seen_rules(solution)
    seen = solution.seen
    if seen is Seen.DEALER_1:
        return [f"Dealer's card seen {names}: {rule_line(rule)}."
                for names, rule in _merged_ranks(rules)]
    if seen is Seen.DEALER_2:
        return []
    if seen is Seen.DEALER_3:
        return [f"When {rule.seen}: {rule_line(rule)}." for rule in rules]
    return [f"Seen {rule.seen}: {rule_line(rule)}." for rule in rules]


def exposed_solution(pays: DecisionPays, rules: ThreeCardRules) -> ExposedSolution:
    """The exposed solve for a wager's decision pays and the rules' ``seen``."""
    return solve_exposed(rules.seen, pays.on_raise, pays.on_fold, rules.ace_low_straight,
                         rules.ties, rules.split)


def exposed_strategy_document(paytable: PayTable, rules: ThreeCardRules, pays: DecisionPays,
                              analyses: tuple[Analysis, Analysis], run: RunSettings) -> Report:
    """The exposed player's strategy as a document: the plain rules, the chart of the rule by
    what is seen, and the wager exposed against the game as dealt (``analyses``: the wager's
    exposed analysis and its analysis as dealt)."""
    solution = exposed_solution(pays, rules)
    scenario = scenario_of(rules.seen)
    exposed = analyses[0](paytable, rules, run)
    unexposed = analyses[1](paytable, replace(rules, seen=Seen.NONE, strategy=OPTIMAL), run)
    rules_by_seen = seen_rules(solution)
    lines = plain_rules(solution)
    raised = dict(exposed.decisions).get("raise", 0)
    unexposed_raised = dict(unexposed.decisions).get("raise", 0)
    facts = [
        ("bet", pays.bet),
        ("pay table", f"{paytable.name} ({paytable.label()})"),
        ("options", ", ".join(f"{k}={v}" for k, v in options_dict(rules, every=True).items())),
        ("seen", scenario.description),
        ("cycle", f"{exposed.cycle:,} (each deal once per way to choose the seen cards: "
                  f"{scenario.ways})"),
        ("deals raised", f"{raised:,} ({percent(Fraction(raised, exposed.cycle))}), against "
                         f"{percent(Fraction(unexposed_raised, unexposed.cycle))} unexposed"),
        ("hand and seen pairs with raise = fold exactly", f"{solution.exact_ties:,}"),
        ("expected return", f"{exact(exposed.expected_return)} "
                            f"({percent(exposed.expected_return)} per {exposed.basis})"),
        ("value of the information",
         f"{percent(information_value(exposed, unexposed))} per {exposed.basis} against the "
         f"unexposed optimal player's {percent(unexposed.expected_return)}"),
        ("EVs", pays.ev_unit),
    ]
    chart = Table(("seen", "rule", "exceptions", "raised"),
                  tuple((rule.seen, rule.text, rule.exception_text,
                         f"{rule.raised:,} of {rule.situations:,}")
                        for rule in rules_by_seen),
                  "The exposed rule by what is seen (raised: player hand and seen card "
                  "situations raised, of those that can be dealt)")
    rule = rules.strategy
    plays = ("raises or folds each hand as the exact solve says for what he sees (card removal "
             "included)") if rule.is_optimal else (
        f"follows the strategy {rule} ({(rule.description or rule_summary(rule)).rstrip('.')}): "
        "the figures are its own; the rules and the chart below are the exact exposed solve's "
        f"(`--compare {rule}` for its cost against them)")
    head = (Paragraph(f"Seen: {scenario.description}. The player {plays}."),)
    plain = (Items(tuple(lines)),) if lines else (Paragraph(
        "No short rule: the weakest hand raised depends on both seen cards (see the chart)."),)
    title = f"Tri-Card Poker strategy with seen={rules.seen}"
    return Report(title, (), (
        Section(f"The {pays.bet} wager, {scenario.name}", (*head, Items(tuple(facts)), *plain)),
        Section("The rule by what is seen", (chart,)),
    ), game=GAME_NAME, game_title="Tri-Card Poker (Three Card Poker)",
        data={"game": GAME_NAME, "bet": pays.bet, "seen": str(rules.seen),
              "rules": lines,
              "chart": [{"seen": rule.seen, "rule": rule.text,
                         "exceptions": len(rule.exceptions), "raised": rule.raised,
                         "situations": rule.situations} for rule in rules_by_seen],
              "expected_return": exact(exposed.expected_return),
              "value_of_information": exact(information_value(exposed, unexposed))})


__all__ = ["SeenRule", "exposed_strategy_document", "plain_rules", "rule_line",
           "seen_rules"]
