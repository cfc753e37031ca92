"""Tri-Card Poker with partial information about dealer cards (issue 27 part 4;
docs/protection.md): ``seen=split-k``, the player tells which group of ranks (the ``split``
option) each of k dealer cards is in.

Checked against the test's own enumeration of every deal (numpy, never the kernels; the helpers
of tests/test_three_card_poker_exposure.py), and the published figure (docs/references.md
section 2):

- M. Shackleford, Wizard of Odds newsletter, 6 September 2003 (wizardofodds.com/newsletter/
  2003/09/06/): bonuses 1-4-5; "The player advantage if you can only tell ace/paint/non-paint is
  2.41%", and when the player can tell only that the dealer has a face card, "raise on
  queen/jack/5 or better".
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np
import pytest

from edge.games import RunSettings
from edge.games.three_card_poker import GAME
from edge.games.three_card_poker.exposure_strategy import exposed_solution, plain_rules
from edge.games.three_card_poker.pays import PRESETS
from edge.games.three_card_poker.rules import Seen
from edge.games.three_card_poker.strategy import ante_decision
from tests.test_three_card_poker_exposure import (
    COLUMNS,
    MASKS,
    QUALIFIES,
    SAMPLE,
    STRENGTHS32,
    IntArray,
    ante_extra,
    plain_ante,
    plain_decisions,
)

if TYPE_CHECKING:
    from tests.conftest import CliRunner

pytestmark = pytest.mark.kernels
RUN = RunSettings()
# ace / face card (J, Q, K) / 2 to 10, by rank index (0 = deuce .. 12 = ace)
ACE_FACE_LOW = [[12], [9, 10, 11], list(range(9))]


def plain_split_counts(hands: list[int], groups: list[list[int]], seen: int) -> IntArray:
    """``counts[i, key, result]`` for player hand ``hands[i]``: every dealer hand of the 49
    cards left, once per choice of ``seen`` of its cards, keyed by how many seen cards fall in
    each group (key = sum of 4 ** group over the seen cards), by the dealer's result."""
    group_of = np.zeros(13, dtype=np.int64)
    for number, ranks in enumerate(groups):
        group_of[ranks] = number
    rows = np.array(hands)
    player, dealer = np.nonzero((MASKS[None, :] & MASKS[rows][:, None]) == 0)
    mine, theirs = STRENGTHS32[rows][player], STRENGTHS32[dealer]
    result = np.where(QUALIFIES[dealer], 1 + (mine <= theirs) + (mine < theirs), 0)
    keys = 4 ** len(groups)
    counts = np.zeros(len(rows) * keys * 4, dtype=np.int64)
    powers = [4 ** group_of[COLUMNS[k][dealer] >> 2] for k in range(3)]
    for chosen in combinations(range(3), seen):
        key = sum(powers[k] for k in chosen)
        counts += np.bincount((player * keys + key) * 4 + result, minlength=counts.size)
    return counts.reshape(len(rows), keys, 4)


def ante(seen: str, **more: str) -> Fraction:
    """The exposed Ante's exact return per Ante (Ante Bonus 5-4-1)."""
    return GAME.analyze("ante", None, GAME.make_rules({"seen": seen, **more}),
                        RUN).expected_return


def test_ace_face_or_low_reproduces_the_wizard_of_odds() -> None:
    """One dealer card known as ace, face card or low: edge's exact return and hit frequency
    are the plain enumeration's, and round to the Wizard of Odds' 2.41%."""
    table = GAME.analyze("ante", PRESETS["ante"]["3"], GAME.make_rules({"seen": "split-1"}),
                         RUN)
    edge, hit = plain_ante(Seen.SPLIT_1,
                           lambda hands: plain_split_counts(hands, ACE_FACE_LOW, 1))
    assert table.expected_return == edge and table.hit_frequency == hit
    assert abs(edge - Fraction(241, 10_000)) < Fraction(5, 100_000)     # 2.41%, rounded


def test_against_a_face_card_the_rule_is_the_wizards_q_j_5() -> None:
    """Wizard of Odds: when the player can only tell a face card, raise Q-J-5 or better."""
    rules = GAME.make_rules({"seen": "split-1"})
    lines = plain_rules(exposed_solution(ante_decision(PRESETS["ante"]["3"]), rules))
    assert "Seen K-J: raise Q-J-5 (high card) or better, fold the rest." in lines


@pytest.mark.parametrize("seen", [1, 2, 3])
def test_sorted_k_is_split_k_with_the_split_q_a_2_j(seen: int) -> None:
    """Edge sorting is a split of the ranks into high Q-A and low 2-J: the same table."""
    split = GAME.analyze("ante", None, GAME.make_rules(
        {"seen": f"split-{seen}", "split": "Q-A/2-J"}), RUN)
    sorted_ = GAME.analyze("ante", None, GAME.make_rules({"seen": f"sorted-{seen}"}), RUN)
    assert split.rows == sorted_.rows and split.decisions == sorted_.decisions


def test_every_rank_its_own_group_is_one_card_seen() -> None:
    singles = "/".join("23456789TJQKA")
    assert ante("split-1", split=singles) == ante("dealer-1")


@pytest.mark.parametrize(("seen", "split"), [(2, "A/K-J/2-T"), (3, "A/K-J/2-T"),
                                             (2, "A-K/Q-9/8-2")])
def test_each_hand_against_a_plain_enumeration(seen: int, split: str) -> None:
    """Per player hand of a sample of suit classes: the solve's folds and raised deals by
    result are those of the plain enumeration, deciding per multiset of groups seen."""
    groups = {"A/K-J/2-T": ACE_FACE_LOW,
              "A-K/Q-9/8-2": [[11, 12], [7, 8, 9, 10], list(range(7))]}[split]
    rules = GAME.make_rules({"seen": f"split-{seen}", "split": split})
    solution = exposed_solution(ante_decision(PRESETS["ante"]["3"]), rules)
    hands = [hand for hand, _ in SAMPLE]
    counts = plain_split_counts(hands, groups, seen)
    _, raised = plain_decisions(counts, [ante_extra(hand) for hand in hands])
    for i, hand in enumerate(hands):
        assert int(solution.folds[hand]) == int(counts[i][~raised[i]].sum())
        assert solution.raised[hand].tolist() == counts[i][raised[i]].sum(axis=0).tolist()


def test_more_information_is_worth_more() -> None:
    """Telling more groups apart never lowers the return; more cards seen neither."""
    assert ante("split-1", split="Q-A/2-J") <= ante("split-1") <= ante("dealer-1")
    assert ante("split-1") <= ante("split-2") <= ante("split-3")


@pytest.mark.parametrize(("split", "named"), [("A/K-J", "missing: 2, 3"),
                                               ("A/K-J/2-T/T", "given twice: T"),
                                               ("A/K-W/2-T", "'K-W'"),
                                               ("2-A", "two or more groups")])
def test_a_bad_split_is_one_error_line(edge_cli: CliRunner, split: str, named: str) -> None:
    result = edge_cli("table", "three-card-poker", "--bet", "ante", "--set", "seen=split-1",
                      "--set", f"split={split}")
    assert result.status == 2 and result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("edge: error:") and named in lines[0]


def test_the_published_exposure_figures_agree_at_their_precision() -> None:
    """The game's published figures with cards seen (sources.py; the report prints them beside
    edge's own) agree with the exact returns to their published precision."""
    from edge.report.sections import published_value
    checked = 0
    for entry in GAME.published:
        if "seen" not in entry.options:
            continue
        table = GAME.analyze(entry.bet, GAME.bet(entry.bet).paytable(entry.paytable),
                             GAME.make_rules(dict(entry.options)), RUN)
        value = published_value(table, entry)
        assert value is not None and entry.agrees(value), (entry, value)
        checked += 1
    assert checked == 3
