"""Tri-Card Poker: realistic players with dealer cards seen (issue 27 part 2; docs/protection.md,
docs/strategies.md): a named or file rule played with an exposure, its exact return and its cost
against the exact exposed solve.

The rules are read here plainly, from their published words, and played against the test's own
enumeration of every dealer hand (tests/test_three_card_poker_exposure.py: numpy, never the
kernels). Published figures (docs/references.md section 2):

- E. Jacobson, "Three Card Poker Hole-Card Play", 888casino blog, and "Three Card Poker
  Hole-Card Play: Update #1", apheat.net (12 June 2015): one dealer card seen, Ante Bonus 5-4-1,
  always play against a 2 to J, against a Q play Q-9-2 or better, K-9-2 against a K, A-9-2
  against an A: the player's edge 3.4829%.
- E. Jacobson, "Edge Sorting Three Card Poker", apheat.net (11 January 2013): one dealer card
  known high (Q-K-A) or low (2-J): an edge of 1.837% (his rule is in an image not available).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pytest

from edge.games import RunSettings
from edge.games.three_card_poker import GAME
from edge.games.three_card_poker.rules import Seen
from tests.test_three_card_poker_exposure import (
    CLASSES,
    HANDS,
    RESULT_PAY,
    SAMPLE,
    ante_extra,
    plain_counts,
)

if TYPE_CHECKING:
    from tests.conftest import CliRunner

pytestmark = pytest.mark.kernels
RUN = RunSettings()
JACOBSON = "seen-dealer-1-jacobson"
QUEEN, NINE, DEUCE = 10, 7, 0


def ante(seen: str, strategy: str = "optimal", **more: str) -> Fraction:
    """The exposed Ante's exact return per Ante (Ante Bonus 5-4-1)."""
    rules = GAME.make_rules({"seen": seen, "strategy": strategy, **more})
    return GAME.analyze("ante", None, rules, RUN).expected_return


def plain_jacobson(hand: int, seen_rank: int) -> bool:
    """Jacobson's words: against a 2 to J always play; against a Q, K or A play that card-9-2
    or better (a pair or better always beats a high-card hand)."""
    if seen_rank < QUEEN or CLASSES[hand] > 0:
        return True
    ranks = tuple(sorted((int(c) >> 2 for c in HANDS[hand]), reverse=True))
    return ranks >= (seen_rank, NINE, DEUCE)


def test_jacobsons_rule_played_hand_by_hand_against_a_plain_enumeration() -> None:
    """The rule's folds and raised deals by result, per player hand, are those of the test's
    own enumeration with the rule read plainly."""
    rules = GAME.make_rules({"seen": "dealer-1", "strategy": JACOBSON})
    from edge.games.three_card_poker.exposure_play import play
    from edge.games.three_card_poker.exposure_strategy import exposed_solution
    from edge.games.three_card_poker.pays import PRESETS
    from edge.games.three_card_poker.strategy import ante_decision
    solution = exposed_solution(ante_decision(PRESETS["ante"]["3"]), rules)
    played = play(solution, rules.strategy, rules.split)
    hands = [hand for hand, _ in SAMPLE]
    counts = plain_counts(hands, Seen.DEALER_1)
    for i, hand in enumerate(hands):
        up = np.array([plain_jacobson(hand, card >> 2) for card in range(52)])
        assert int(played.folds[hand]) == int(counts[i][~up].sum())
        assert played.raised[hand].tolist() == counts[i][up].sum(axis=0).tolist()


def test_the_optimal_strategy_compared_with_itself_departs_nowhere() -> None:
    rules = GAME.make_rules({"seen": "dealer-2"})
    comparison = GAME.bet("ante").comparison(GAME.wager(None, rules, RUN))
    assert comparison is not None and comparison.departures == ()


def test_jacobsons_rule_returns_exactly_the_optimal_exposed_return() -> None:
    """Jacobson's rule is the solve's decision everywhere: the same exact return, which is his
    published 3.4829% to the published precision, and no departure in the comparison."""
    played, optimal = ante("dealer-1", JACOBSON), ante("dealer-1")
    assert played == optimal
    assert abs(played - Fraction(34829, 1_000_000)) < Fraction(1, 2_000_000)
    comparison = GAME.bet("ante").comparison(GAME.wager(
        None, GAME.make_rules({"seen": "dealer-1", "strategy": JACOBSON}), RUN))
    assert comparison is not None
    assert comparison.departures == () and comparison.difference == 0


def test_the_edge_sorting_rule_returns_the_optimal_sorted_return() -> None:
    """The sorted-1 rule (raise all against a low card, K-8-5 or better against a high one):
    the exact sorted-1 return, Jacobson's published 1.837% cut to three decimals."""
    played = ante("sorted-1", "seen-sorted-1")
    assert played == ante("sorted-1")
    assert Fraction(1837, 100_000) <= played < Fraction(1838, 100_000)


@pytest.mark.parametrize("seen", ["dealer-1", "dealer-2", "dealer-3", "sorted-1", "split-1"])
def test_a_rule_that_ignores_the_seen_cards_returns_the_unexposed_return(seen: str) -> None:
    """Q-6-4 (the basic rule) takes nothing from what is seen: exactly the game as dealt."""
    assert ante(seen, "q-6-4") == ante("none", "q-6-4") == ante("none")
    assert ante(seen, "mimic") == ante("none", "mimic")


def test_the_cost_of_basic_strategy_with_a_seen_card_is_the_value_of_the_information() -> None:
    """Every departure's exact cost sums to the difference of the two exact returns; for Q-6-4
    with one card seen, that is the exposed edge plus the unexposed house edge."""
    rules = GAME.make_rules({"seen": "dealer-1", "strategy": "q-6-4"})
    comparison = GAME.bet("ante").comparison(GAME.wager(None, rules, RUN))
    assert comparison is not None
    assert comparison.total_cost == comparison.difference == ante("dealer-1") - ante("none")
    # the largest departures: raising high cards against a seen A (Jacobson folds below A-9-2)
    top = comparison.departures[0]
    assert top.situation.startswith("seen A:") and top.played == "raise"
    combined = GAME.bet("combined").comparison(GAME.wager(None, rules, RUN))
    assert combined is not None and combined.departures
    assert combined.total_cost == combined.difference > 0


def test_a_plain_rule_file_with_seen_card_conditions(tmp_path: Path) -> None:
    """A file's [against] table, read plainly: every hand against a low card, nothing against
    a high card (a poor rule): its return against the test's enumeration of all deals of a
    sample of hands, and the one-card split it needs."""
    path = tmp_path / "low-only.toml"
    path.write_text('description = "raise against a low card only"\n'
                    '[against]\nlow = "any"\nhigh = "none"\n')
    rules = GAME.make_rules({"seen": "sorted-1", "strategy": str(path)})
    table = GAME.analyze("ante", None, rules, RUN)
    assert "raise against a low card only" in " ".join(table.notes)
    unnamed = tmp_path / "unnamed.toml"
    unnamed.write_text('[against]\nlow = "any"\nhigh = "K"\n')
    note = GAME.analyze("ante", None, GAME.make_rules(
        {"seen": "sorted-1", "strategy": str(unnamed)}), RUN).notes[0]
    assert "against a 2 to J: high-card all" in note and "against a Q to A: high-card from K" \
        in note
    from edge.games.three_card_poker.exposure_play import play
    from edge.games.three_card_poker.exposure_strategy import exposed_solution
    from edge.games.three_card_poker.pays import PRESETS
    from edge.games.three_card_poker.strategy import ante_decision
    solution = exposed_solution(ante_decision(PRESETS["ante"]["3"]), rules)
    played = play(solution, rules.strategy, rules.split)
    hands = [hand for hand, _ in SAMPLE]
    counts = plain_counts(hands, Seen.SORTED_1)        # bin 0: low card seen, 1: high
    for i, hand in enumerate(hands):
        assert int(played.folds[hand]) == int(counts[i][1].sum())
        assert played.raised[hand].tolist() == counts[i][0].tolist()
        assert ante_extra(hand) >= 1 and len(RESULT_PAY) == 4


@pytest.mark.parametrize(("text", "named"), [
    ('[against]\n"2-J" = "any"\nQ = "Q-9-2"\n', "K, A"),                   # ranks missing
    ('[against]\n"2-Q" = "any"\nQ-A = "Q-9-2"\n', "given twice"),
    ('[against]\n"2-Z" = "any"\n', "'2-Z' is not a seen card"),
    ('[against]\nlow = "Q-9-9"\nhigh = "any"\n', "Q-9-9"),
])
def test_bad_seen_card_conditions_are_one_error_line(edge_cli: CliRunner, tmp_path: Path,
                                                     text: str, named: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    result = edge_cli("table", "three-card-poker", "--bet", "ante", "--set", "seen=dealer-1",
                      "--strategy", str(path))
    assert result.status == 2 and result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("edge: error:") and named in lines[0]


def test_a_rule_the_split_cannot_follow_is_refused(edge_cli: CliRunner) -> None:
    """Jacobson's rule plays J and Q apart: seen=split-1 with the face cards as one group
    cannot follow it (one error line), a split keeping them apart can."""
    result = edge_cli("table", "three-card-poker", "--bet", "ante", "--set", "seen=split-1",
                      "--strategy", JACOBSON)
    assert result.status == 2 and "J-Q-K" in result.err
    assert ante("split-1", JACOBSON, split="A/K/Q/2-J") == ante("dealer-1")


@pytest.mark.parametrize(("seen", "strategy"), [("dealer-1", "mimic"),
                                                ("split-1", "q-6-4"),
                                                ("sorted-1", "seen-sorted-1"),
                                                ("split-2", "optimal"),
                                                ("split-3", "optimal")])
def test_the_simulation_plays_the_rule_and_agrees(seen: str, strategy: str) -> None:
    """The simulator deals the exposure and plays the rule (not the solve): its mean is
    within four standard errors of the exact return."""
    rules = GAME.make_rules({"seen": seen, "strategy": strategy})
    wager = GAME.wager(GAME.bet("ante").paytable(None), rules, RUN)
    simulator = GAME.bet("ante").simulator(wager)
    assert simulator is not None
    _, net = simulator.play(np.random.default_rng(5), 60_000)
    per_ante = net / simulator.scale
    error = per_ante.std() / np.sqrt(len(per_ante))
    assert abs(per_ante.mean() - float(ante(seen, strategy))) < 4 * error
