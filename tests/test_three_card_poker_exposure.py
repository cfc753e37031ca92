"""Tri-Card Poker with dealer cards exposed (game protection, docs/protection.md; rules.md
section 2): the exposed solve against a plain enumeration written here (numpy, never the
kernels), the published figures (docs/references.md section 2), the exposed rule, the simulation
and bad input.

Published figures checked here:

- E. Jacobson, "Three Card Poker Hole-Card Play: Update #1", apheat.net (12 June 2015), also the
  888casino blog: one dealer card seen, Ante Bonus 5-4-1: the player's edge 3.4829%, hit
  frequency ("winning 1 or more units") 54.2203%, standard deviation 1.7417; the rule
  always play against a 2 to J, against a Q play Q-9-2 or better, K-9-2 against a K, A-9-2
  against an A ("Three Card Poker Hole-Card Play", 888casino blog).
- M. Shackleford, Wizard of Odds newsletter (6 September 2003): one dealer card seen, bonuses
  1-4-5: player advantage 3.48%, the same rule.
- E. Jacobson, "Edge Sorting Three Card Poker", apheat.net (11 January 2013): one dealer card
  known as high (Q-K-A) or low (2-J): an edge of 1.837% for the player.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pytest

from edge.games import RunSettings
from edge.games.three_card_poker import GAME
from edge.games.three_card_poker.exposure import solve_exposed
from edge.games.three_card_poker.exposure_strategy import plain_rules
from edge.games.three_card_poker.pays import PRESETS
from edge.games.three_card_poker.rules import Seen, ThreeCardRules, Ties
from edge.games.three_card_poker.strategy import ante_decision, combined_decision
from edge.protection import NONE
from edge.table import ReturnTable

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

if TYPE_CHECKING:
    from collections.abc import Callable

    from tests.conftest import CliRunner

IntArray = npt.NDArray[np.int64]
AnyArray = npt.NDArray[Any]
QUEEN = 10
RUN = RunSettings()

# --- a plain enumeration, written here --------------------------------------------------------
HANDS = np.array(list(combinations(range(52), 3)), dtype=np.int64)     # lexicographic
PAIR_OF = {pair: k for k, pair in enumerate(combinations(range(52), 2))}


def plain_strength(cards: IntArray) -> tuple[IntArray, IntArray]:
    """Every hand's class (0 high card .. 5 straight flush) and a strength (higher is better)."""
    ranks = np.sort(cards >> 2, axis=1)[:, ::-1]
    high, middle, low = ranks[:, 0], ranks[:, 1], ranks[:, 2]
    suits = cards & 3
    flush = (suits[:, 0] == suits[:, 1]) & (suits[:, 1] == suits[:, 2])
    trips = high == low
    pair = ~trips & ((high == middle) | (middle == low))
    wheel = (high == 12) & (middle == 1) & (low == 0)
    straight = ((high - low == 2) & (high != middle) & (middle != low)) | wheel
    hand_class = np.select([straight & flush, trips, straight, flush, pair], [5, 4, 3, 2, 1], 0)
    within = np.select([straight, trips, pair],
                       [np.where(wheel, 1, high), high, middle * 13 + np.where(high == middle,
                                                                               low, high)],
                       (high * 13 + middle) * 13 + low)
    return hand_class, hand_class * 13 ** 3 + within


CLASSES, STRENGTHS = plain_strength(HANDS)
STRENGTHS32 = STRENGTHS.astype(np.int32)
QUALIFIES = (CLASSES > 0) | (HANDS.max(axis=1) >> 2 >= QUEEN)
MASKS = (np.int64(1) << HANDS).sum(axis=1)
HIGHS = (HANDS >> 2) >= QUEEN


def suit_classes() -> list[tuple[int, int]]:
    """One hand per class of hands equal up to renaming the suits, with the class's size."""
    best = None
    for order in permutations(range(4)):
        renamed = np.sort((HANDS >> 2) * 4 + np.array(order)[HANDS & 3], axis=1)
        code = (renamed[:, 0] * 52 + renamed[:, 1]) * 52 + renamed[:, 2]
        best = code if best is None else np.minimum(best, code)
    assert best is not None
    _, first, sizes = np.unique(best, return_index=True, return_counts=True)
    return [(int(h), int(n)) for h, n in zip(first, sizes, strict=True)]


SUIT_CLASSES = suit_classes()


PAIR_INDEX = np.zeros((52, 52), dtype=np.int64)     # every pair of cards, numbered
for (_x, _y), _k in PAIR_OF.items():
    PAIR_INDEX[_x, _y] = PAIR_INDEX[_y, _x] = _k
KEYS = {Seen.DEALER_1: 52, Seen.DEALER_2: 1326, Seen.DEALER_3: 4, Seen.SORTED_1: 2,
        Seen.SORTED_2: 3, Seen.SORTED_3: 4}


COLUMNS = [np.ascontiguousarray(HANDS[:, k], dtype=np.int32) for k in range(3)]
HIGH_COLUMNS = [(column >> 2 >= QUEEN).astype(np.int32) for column in COLUMNS]


def bins_of(seen: Seen, dealer: IntArray, result: AnyArray) -> list[AnyArray]:
    """What the player sees of each dealer hand (``dealer``: indexes into ``HANDS``; ``result``
    its result against the player), one array per choice of the seen cards."""
    if seen is Seen.DEALER_3:
        return [result]
    if seen is Seen.SORTED_3:
        return [HIGH_COLUMNS[0][dealer] + HIGH_COLUMNS[1][dealer] + HIGH_COLUMNS[2][dealer]]
    columns = HIGH_COLUMNS if seen in (Seen.SORTED_1, Seen.SORTED_2) else COLUMNS
    a, b, c = (column[dealer] for column in columns)
    if seen is Seen.DEALER_2:
        return [PAIR_INDEX[a, b], PAIR_INDEX[a, c], PAIR_INDEX[b, c]]
    if seen is Seen.SORTED_2:
        return [a + b, a + c, b + c]
    return [a, b, c]


RESULT_PAY = np.array([1, 2, 0, -2])        # Ante and Raise: not qualified, win, tie, loss


def plain_counts(hands: list[int], seen: Seen) -> IntArray:
    """``counts[i, key, result]``: the dealer hands of the 49 cards left by player hand
    ``hands[i]``, counted once per choice of the seen cards, by what is seen and the dealer's
    result (0 does not qualify, 1 player wins, 2 ties, 3 loses)."""
    rows = np.array(hands)
    player, dealer = np.nonzero((MASKS[None, :] & MASKS[rows][:, None]) == 0)
    player, dealer = player.astype(np.int32), dealer.astype(np.int32)
    mine, theirs = STRENGTHS32[rows][player], STRENGTHS32[dealer]
    result = (2 - (mine > theirs) - (mine >= theirs)).astype(np.int32)   # 1 win, 2 tie, 3 loss
    result += 1
    result[~QUALIFIES[dealer]] = 0
    keys = KEYS[seen]
    counts = np.zeros(len(rows) * keys * 4, dtype=np.int64)
    base = player * (keys * 4) + result
    for seen_bins in bins_of(seen, dealer, result):
        counts += np.bincount(base + seen_bins * 4, minlength=counts.size)
    return counts.reshape(len(rows), keys, 4)


def plain_decisions(counts: IntArray, extra: list[int]
                    ) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """Which things seen can be seen, and the decision: raise when worth more than a fold
    (which is worth ``extra[i]`` units a deal less than a raise before Ante and Raise are
    settled)."""
    deals = counts.sum(axis=2)
    worth = counts @ RESULT_PAY + deals * np.array(extra)[:, None]
    return deals > 0, (deals > 0) & (worth > 0)


ANTE_BONUS = {3: 1, 4: 4, 5: 5}                        # 5-4-1: straight, trips, straight flush
PAIR_PLUS = {0: -1, 1: 1, 2: 4, 3: 6, 4: 30, 5: 40}    # 40-30-6-4-1


def ante_extra(hand: int) -> int:
    """A raise's Ante Bonus less the fold's loss of the Ante."""
    return ANTE_BONUS.get(int(CLASSES[hand]), 0) + 1


def combined_extra(hand: int) -> int:
    """The same with one unit of Pair Plus, lost on a fold, paid on a raise."""
    return ante_extra(hand) + PAIR_PLUS[int(CLASSES[hand])] + 1


def plain_ante(seen: Seen, count: Callable[[list[int]], IntArray] | None = None
               ) -> tuple[Fraction, Fraction]:
    """The exposed Ante's exact return and hit frequency (net win), every deal enumerated
    once per suit class of the player's hand (``count``: the counts by what is seen, when not
    :func:`plain_counts`'s)."""
    total, wins, deals = 0, 0, 0
    for start in range(0, len(SUIT_CLASSES), 150):
        batch = SUIT_CLASSES[start:start + 150]
        hands = [hand for hand, _ in batch]
        counts = plain_counts(hands, seen) if count is None else count(hands)
        _, raised = plain_decisions(counts, [ante_extra(hand) for hand in hands])
        for i, (hand, size) in enumerate(batch):
            pay = RESULT_PAY + ANTE_BONUS.get(int(CLASSES[hand]), 0)
            mine, up = counts[i], raised[i]
            deals += size * int(mine.sum())
            total += size * (int((mine[up] @ pay).sum()) - int(mine[~up].sum()))
            wins += size * int(mine[up][:, pay > 0].sum())
    assert deals == 22100 * 18424 * math.comb(3, int(seen[-1]))
    return Fraction(total, deals), Fraction(wins, deals)


# --- the published figures --------------------------------------------------------------------
def ante_table(seen: str) -> ReturnTable:
    return GAME.analyze("ante", None, GAME.make_rules({"seen": seen}), RUN)


@pytest.mark.slow          # every deal, enumerated plainly
def test_one_dealer_card_seen_reproduces_jacobson() -> None:
    table = GAME.analyze("ante", PRESETS["ante"]["3"], GAME.make_rules({"seen": "dealer-1"}),
                         RUN)
    assert PRESETS["ante"]["3"].label() == "5-4-1"
    edge, hit = plain_ante(Seen.DEALER_1)
    assert table.expected_return == edge and table.hit_frequency == hit
    assert table.cycle == 22100 * 18424 * 3
    # E. Jacobson: the AP's edge 3.4829%, hit frequency (winning 1 or more units) 54.2203%,
    # standard deviation 1.7417; Wizard of Odds (2003): 3.48%.
    assert round(float(edge) * 100, 4) == 3.4829
    assert round(float(hit) * 100, 4) == 54.2203
    assert round(table.standard_deviation, 4) == 1.7417
    assert round(float(edge) * 100, 2) == 3.48


def test_one_card_sorted_reproduces_jacobsons_edge_sorting_figure() -> None:
    # checked against the plain enumeration hand by hand below (sorted-1)
    edge = ante_table("sorted-1").expected_return
    # E. Jacobson, "Edge Sorting Three Card Poker": 1.837% (the exact edge is 1.83781...%:
    # the published figure is its first three decimals, cut, not rounded)
    assert math.floor(edge * 100_000) == 1837


def test_jacobsons_rule_is_the_solved_rule_for_every_hand_and_seen_card() -> None:
    pays = ante_decision(PRESETS["ante"]["3"])
    solution = solve_exposed(Seen.DEALER_1, pays.on_raise, pays.on_fold, True, Ties.SMALLER)
    # the published rule: always play against a 2 to J; against a Q, K or A play that rank
    # with 9-2 or better (a pair or better always)
    top = HANDS.max(axis=1) >> 2
    ranks = np.sort(HANDS >> 2, axis=1)[:, ::-1]
    code = (ranks[:, 0] * 13 + ranks[:, 1]) * 13 + ranks[:, 2]
    for card in range(52):
        rank = card >> 2
        dealt = (MASKS & (np.int64(1) << card)) == 0
        if rank < QUEEN:
            published = np.ones(len(HANDS), dtype=bool)
        else:
            published = (CLASSES > 0) | (top > rank) | (
                (top == rank) & (code >= (rank * 13 + 7) * 13 + 0))
        assert np.array_equal(solution.decisions[dealt, card] == 1, published[dealt]), card
    assert plain_rules(solution) == [
        "Dealer's card seen 2 to J: raise every hand.",
        "Dealer's card seen Q: raise Q-9-2 (high card) or better, fold the rest.",
        "Dealer's card seen K: raise K-9-2 (high card) or better, fold the rest.",
        "Dealer's card seen A: raise A-9-2 (high card) or better, fold the rest.",
    ]


# --- every scenario against the plain enumeration ---------------------------------------------
SAMPLE = SUIT_CLASSES[::15]       # 117 of the 1,755 suit classes, every hand class among them


@pytest.mark.parametrize(("bet", "seen"), [
    *(("ante", seen) for seen in Seen           # split-k: tests/test_tricard_split.py
      if seen is not Seen.NONE and not seen.startswith("split")),
    ("combined", Seen.DEALER_1), ("combined", Seen.SORTED_3)], ids=str)
def test_each_hand_and_thing_seen_against_a_plain_enumeration(seen: Seen, bet: str) -> None:
    rules = ThreeCardRules()
    pays = ante_decision(PRESETS["ante"]["3"]) if bet == "ante" \
        else combined_decision(PRESETS["combined"]["3"], rules)
    extra = ante_extra if bet == "ante" else combined_extra
    solution = solve_exposed(seen, pays.on_raise, pays.on_fold, True, Ties.SMALLER)
    hands = [hand for hand, _ in SAMPLE]
    counts = plain_counts(hands, seen)
    dealt, raised = plain_decisions(counts, [extra(hand) for hand in hands])
    for i, hand in enumerate(hands):
        assert int(solution.folds[hand]) == int(counts[i][~raised[i]].sum())
        assert solution.raised[hand].tolist() == counts[i][raised[i]].sum(axis=0).tolist()
        # the decision per thing seen (all three cards seen: per dealer result)
        assert np.array_equal(solution.decisions[hand][dealt[i]] == 1, raised[i][dealt[i]])


def test_seen_none_is_the_game_as_dealt() -> None:
    pays = ante_decision(PRESETS["ante"]["3"])
    solution = solve_exposed(Seen.NONE, pays.on_raise, pays.on_fold, True, Ties.SMALLER)
    dealt = GAME.analyze("ante", None, ThreeCardRules(), RUN)
    assert solution.raise_count == dict(dealt.decisions)["raise"]
    assert "seen" not in dealt.options


def test_an_exposed_table_says_what_is_seen_and_what_it_is_worth() -> None:
    table = ante_table("dealer-2")
    plain = GAME.analyze("ante", None, ThreeCardRules(), RUN)
    assert table.options["seen"] == "dealer-2" and table.cycle == 3 * plain.cycle
    assert table.notes[0].startswith("Seen: two of the dealer's three cards, seen before")
    value = table.expected_return - plain.expected_return
    assert table.notes[1].startswith("Value of the information") and str(value) in table.notes[1]
    assert sum(count for _, count in table.decisions) == table.cycle
    pair_plus = GAME.analyze("pair-plus", None, GAME.make_rules({"seen": "dealer-2"}), RUN)
    dealt_pair_plus = GAME.analyze("pair-plus", None, ThreeCardRules(), RUN)
    assert pair_plus.rows == dealt_pair_plus.rows and "changes nothing" in pair_plus.notes[-1]
    assert GAME.protection is not None and GAME.protection.bet == "ante"
    assert [s.name for s in GAME.protection.scenarios] == [s for s in Seen if s != NONE]


# --- the simulation ---------------------------------------------------------------------------
@pytest.mark.parametrize(("bet", "seen"), [("ante", "dealer-1"), ("ante", "dealer-2"),
                                           ("ante", "dealer-3"), ("ante", "sorted-2"),
                                           ("combined", "sorted-3")])
def test_the_simulation_deals_the_exposure_and_agrees(bet: str, seen: str) -> None:
    rules = GAME.make_rules({"seen": seen})
    wager = GAME.wager(PRESETS[bet]["3"], rules, RUN)
    simulator = GAME.bet(bet).simulator(wager)
    assert simulator is not None
    _, net = simulator.play(np.random.default_rng(17), 60_000)
    again = GAME.bet(bet).simulator(wager)
    assert again is not None
    same = again.play(np.random.default_rng(17), 60_000)[1]
    assert np.array_equal(net, same)                           # same seed, same result
    per_wager = net / simulator.scale / float(simulator.initial_wager)
    exact = float(GAME.analyze(bet, PRESETS[bet]["3"], rules, RUN).expected_return)
    error = per_wager.std() / math.sqrt(len(per_wager))
    assert abs(per_wager.mean() - exact) < 4 * error


# --- bad input --------------------------------------------------------------------------------
@pytest.mark.parametrize(("argv", "named"), [
    (("--set", "seen=dealer-4"), "dealer-4"),
    (("--strategy", "seen-dealer-1-jacobson"), "seen=none"),        # it reads a seen card
    (("--set", "seen=dealer-2", "--strategy", "seen-dealer-1-jacobson"), "seen=dealer-2"),
    (("--set", "seen=split-1", "--set", "split=A/K-J/2-9"), "split=A/K-J/2-9"),
])
def test_bad_exposures_are_one_error_line(edge_cli: CliRunner, argv: tuple[str, ...],
                                          named: str) -> None:
    result = edge_cli("table", "three-card-poker", "--bet", "ante", *argv)
    assert result.status == 2 and result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("edge: error:") and named in lines[0]


def test_the_strategy_command_prints_the_exposed_rule(edge_cli: CliRunner) -> None:
    result = edge_cli("strategy", "three-card-poker", "--set", "seen=dealer-1")
    assert result.status == 0
    assert "Dealer's card seen 2 to J: raise every hand." in result.out
    assert "Dealer's card seen A: raise A-9-2 (high card) or better, fold the rest." \
        in result.out


def test_exact_ties_follow_the_ties_option_and_cost_nothing() -> None:
    # all three cards seen, a straight against a better qualifying hand: the Ante Bonus of 1
    # exactly pays for the lost Raise, so raising and folding are worth the same (720 straights)
    smaller = ante_table("dealer-3")
    larger = GAME.analyze("ante", None, GAME.make_rules({"seen": "dealer-3", "ties": "larger"}),
                          RUN)
    assert smaller.expected_return == larger.expected_return
    straight_losses = dict((row.outcome, row.combinations) for row in larger.rows)
    assert "straight / loss" not in {row.outcome for row in smaller.rows}
    assert straight_losses["straight / loss"] > 0
    assert dict(larger.decisions)["raise"] - dict(smaller.decisions)["raise"] \
        == straight_losses["straight / loss"]
