"""The exposed Tri-Card rules say plainly what the solve does (issue 34): each names the hands it
raises and folds by their ranks, class and suits, no rule both raises and folds the same hand
against the same thing seen, no bare count or index stands in for a hand or a card, and what a
line says is, hand by hand, what the exact exposed solve decides."""

from __future__ import annotations

import re

import numpy as np
import pytest

from edge.games import RunSettings
from edge.games.three_card_poker import GAME
from edge.games.three_card_poker.exposure import dealt_slots
from edge.games.three_card_poker.exposure_strategy import (
    RAISE,
    SeenRule,
    exposed_solution,
    rule_line,
    seen_group,
    seen_rules,
    suit_pattern,
)
from edge.games.three_card_poker.hands import hand_name
from edge.games.three_card_poker.pays import PRESETS
from edge.games.three_card_poker.strategy import ante_decision

pytestmark = pytest.mark.kernels
# the scenarios whose rules have exceptions (with the Ante Bonus of pay table 3)
SCENARIOS = ("sorted-3", "split-2", "split-3", "dealer-1")
HAND = r"(\S+ \([a-z ]+\))"


def rules_of(seen: str) -> list[SeenRule]:
    pays = ante_decision(PRESETS["ante"]["3"])
    return seen_rules(exposed_solution(pays, GAME.make_rules({"seen": seen})))


def named(text: str, verb: str) -> dict[str, set[str] | None]:
    """The hands a line names after ``verb`` (raise, and, fold): hand name -> the suit
    patterns named (None: every one)."""
    found: dict[str, set[str] | None] = {}
    for match in re.finditer(rf"\b{verb} {HAND}( (?:of|with) [^,;.]*)?", text):
        patterns = match.group(2)
        found[match.group(1)] = (None if patterns is None or patterns.startswith(" or better")
                                 else set(patterns.strip().split(" or ")))
    return found


@pytest.mark.parametrize("seen", SCENARIOS)
def test_no_rule_raises_and_folds_the_same_hand(seen: str) -> None:
    for rule in rules_of(seen):
        line = rule_line(rule)
        raised = {**named(line, "raise"), **named(line, "and")}
        for hand, patterns in named(line, "fold").items():
            if hand in raised:
                shown, other = raised[hand], patterns
                assert shown is not None and other is not None and not shown & other, line


@pytest.mark.parametrize("seen", SCENARIOS)
def test_no_bare_count_or_index_stands_for_a_hand_or_a_card(seen: str) -> None:
    for rule in rules_of(seen):
        line = rule_line(rule)
        assert "exceptions:" not in line
        assert not re.search(r"\(\d[\d,]*\)|(?:^|[;:(]) ?\d[\d,]*:", line), line
        assert not re.search(r"\b1[0-2]\b", line), line     # a rank by its index


def said(rule: SeenRule, line: str) -> dict[tuple[str, str], bool]:
    """What a line decides for a hand name and suit pattern above and at its border."""
    cards, classes = rule.solution.hands.cards, rule.solution.hands.classes
    decided: dict[tuple[str, str], bool] = {}
    for verb, raise_ in (("and", True), ("fold", False), ("raise", True)):
        for hand, patterns in named(line, verb).items():
            for index in range(len(cards)):
                if hand_name(cards[index], int(classes[index])) != hand:
                    continue
                pattern = suit_pattern(cards[index])
                if patterns is None or pattern in patterns:
                    decided.setdefault((hand, pattern), raise_)
    return decided


@pytest.mark.slow       # every hand of three exposures against its solve (seconds each)
@pytest.mark.parametrize("seen", ["sorted-3", "split-2", "split-3"])
def test_each_line_decides_every_hand_as_the_solve_does(seen: str) -> None:
    """Hand by hand: raised at or above the border (and the patterns named at it), folded
    below, but for the hands the line folds by name."""
    for rule in rules_of(seen):
        if rule.border is None:
            continue
        line = rule_line(rule)
        solution = rule.solution
        hands = solution.hands
        by_name = said(rule, line)
        border = re.match(rf"raise {HAND} or better", line)
        assert border is not None, line
        first = next(i for i in range(len(hands.cards))
                     if hand_name(hands.cards[i], int(hands.classes[i])) == border.group(1))
        slots = [slot for slot in range(len(solution.bins.slots))
                 if seen_group(solution.seen, slot, solution.bins.slots)[1] == rule.seen]
        decisions = solution.decisions[:, slots]
        dealt = dealt_slots(decisions)
        for hand in np.flatnonzero(dealt.any(axis=1)):
            key = (hand_name(hands.cards[hand], int(hands.classes[hand])),
                   suit_pattern(hands.cards[hand]))
            wanted = by_name.get(key,
                                 bool(hands.strengths[hand] >= hands.strengths[first]))
            got = decisions[hand][dealt[hand]] == RAISE
            assert got.all() == wanted and got.any() == wanted, (line, key)


def test_the_surveillance_lines_carry_the_exceptions_in_words() -> None:
    wager = GAME.wager(None, GAME.make_rules({"seen": "split-2"}), RunSettings())
    sections = GAME.bet("ante").surveillance(wager)
    text = " ".join(str(block) for block in sections[0].blocks)
    assert "K-J-7 (high card) of three suits" in text
    assert "exceptions:" not in text
