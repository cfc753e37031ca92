"""Tri-Card Poker (Three Card Poker): evaluator, player-vs-dealer counts, strategy, tables.

The counts are checked against a plain count over every dealer hand (numpy, all at once) for a
seeded sample of player hands and for the hands at the strategy border; the figures against
J. Grochowski's published analyses (docs/references.md).
"""

from __future__ import annotations

import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from edge import _core
from edge.cards import parse_cards
from edge.cli import main
from edge.document import Items, Report, Table
from edge.errors import EdgeError, OptionError
from edge.games import RunSettings, analyze, get_game
from edge.games import three_card_poker as tcp
from edge.games.three_card_poker import _kernels as tc_kernels
from edge.games.three_card_poker import analysis, strategy
from edge.games.three_card_poker import hands as tc_hands
from edge.games.three_card_poker import pays as tc_pays
from edge.games.three_card_poker._kernels import HAND_CLASSES
from edge.games.three_card_poker.rules import RaiseRule, Strategy, ThreeCardRules, Ties
from edge.paytables import PayTable, make_paytable

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

DECK = range(52)
STRAIGHTS = {frozenset((r, r + 1, r + 2)): r + 2 for r in range(11)}   # 2-3-4 .. Q-K-A


# --- a plain-Python evaluator, written independently of the kernel ---------------------------
def reference_key(cards: tuple[int, ...], ace_low_straight: bool = True) -> tuple[int, ...]:
    """A tuple that orders 3-card hands by the rules (higher is better)."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    by_count = Counter(ranks).most_common()
    if by_count[0][1] == 3:
        return (4, ranks[0])
    if by_count[0][1] == 2:
        return (1, by_count[0][0], by_count[1][0])
    straights = dict(STRAIGHTS)
    if ace_low_straight:
        straights[frozenset((12, 0, 1))] = 1                 # A-2-3, ranked by its three
    top = straights.get(frozenset(ranks))
    if top is not None:
        return (5 if flush else 3, top)
    return (2 if flush else 0, *ranks)


@cache
def reference_hands(ace_low_straight: bool) -> list[tuple[int, int, tuple[int, ...]]]:
    """(card bit mask, dense rank, cards) of every hand in lexicographic order."""
    hands = list(itertools.combinations(DECK, 3))
    keys = [reference_key(h, ace_low_straight) for h in hands]
    dense = {key: i for i, key in enumerate(sorted(set(keys)))}
    return [(sum(1 << c for c in h), dense[k], h) for h, k in zip(hands, keys, strict=True)]


@cache
def reference_table(ace_low_straight: bool) -> tuple[np.ndarray, np.ndarray, int]:
    """Every hand's card bit mask and dense rank as arrays (lexicographic order), and the
    dense rank of Q-3-2, the least hand that qualifies."""
    hands = reference_hands(ace_low_straight)
    masks = np.array([mask for mask, _, _ in hands], dtype=np.int64)
    ranks = np.array([rank for _, rank, _ in hands], dtype=np.int64)
    queen = next(rank for _, rank, h in hands if h == tuple(sorted(parse_cards("Qc 3d 2h"))))
    return masks, ranks, queen


def reference_counts(player: tuple[int, ...], ace_low_straight: bool) -> tuple[int, ...]:
    """Over all 18,424 dealer hands: (dealer does not qualify, win, tie, loss).

    The dealer hands are every hand sharing no card with the player's; numpy compares the
    player's rank with all of them at once (the same as a loop one dealer hand at a time):
    below Q-3-2 the dealer does not qualify, else the player wins, ties or loses by rank.
    """
    masks, ranks, queen = reference_table(ace_low_straight)
    mine = ranks[np.flatnonzero(masks == sum(1 << c for c in player))[0]]
    dealer = ranks[(masks & sum(1 << c for c in player)) == 0]
    assert len(dealer) == math.comb(49, 3)
    qualified = dealer >= queen
    return (int((~qualified).sum()), int((qualified & (dealer < mine)).sum()),
            int((qualified & (dealer == mine)).sum()), int((qualified & (dealer > mine)).sum()))


@cache
def kernel(ace_low_straight: bool = True) -> tc_hands.HandCounts:
    return tc_hands.hand_counts(ace_low_straight)


def hand_index(cards: Sequence[int]) -> int:
    """Lexicographic index of a sorted 3-card hand among C(52, 3)."""
    first, second, third = cards
    return list(itertools.combinations(DECK, 3)).index((first, second, third))


# --- evaluator --------------------------------------------------------------------------------
@pytest.mark.parametrize("ace_low", [True, False])
def test_strengths_order_hands_like_the_reference(ace_low: bool) -> None:
    hands = kernel(ace_low)
    ranks = np.array([r for _, r, _ in reference_hands(ace_low)])
    assert [tuple(c) for c in hands.cards] == [h for _, _, h in reference_hands(ace_low)]
    order = np.argsort(ranks, kind="stable")
    strengths = hands.strengths[order]
    steps = np.diff(ranks[order])
    # equal reference keys <=> equal strengths; a higher key <=> a higher strength
    assert np.all((np.diff(strengths) > 0) == (steps > 0))
    assert np.all(np.diff(strengths)[steps == 0] == 0)


def test_strength_hook_examples() -> None:
    def strength(text: str, ace_low: bool = True) -> int:
        first, second, third = parse_cards(text)
        return _core.three_card_strength(first, second, third, ace_low)

    assert strength("Ac 2d 3h") < strength("2c 3d 4h") < strength("Qc Kd Ah")
    assert strength("Ac 2d 3h", ace_low=False) < strength("Ac 2d 4h", ace_low=False)
    assert strength("Ac 2d 3h", ace_low=False) < strength("2c 2d 3h")
    assert strength("Kc Kd 2h") > strength("Qc Qd Ah")
    assert strength("2c 3c 5c") > strength("Ac Ad Kh")        # flush over pair
    assert strength("2c 3d 4h") > strength("Ac Kc Jc")        # straight over flush


@pytest.mark.parametrize("ace_low", [True, False])
def test_hand_class_counts(ace_low: bool) -> None:
    classes = np.bincount(kernel(ace_low).classes, minlength=6)
    reference = Counter(reference_key(h, ace_low)[0] for _, _, h in reference_hands(ace_low))
    assert [int(v) for v in classes] == [reference[k] for k in range(6)]
    if ace_low:
        # J. Grochowski, "Three Card Poker and Pair Plus", casinocitytimes.com:
        # straight flush 48, three of a kind 52, straight 720, flush 1,096, pair 3,744,
        # high card 16,440 of C(52, 3) = 22,100.
        assert list(classes) == [16440, 3744, 1096, 720, 52, 48]


# --- player-vs-dealer counts ------------------------------------------------------------------
def test_counts_total() -> None:
    counts = kernel().counts
    assert counts.shape == (22100, 4)
    assert np.all(counts.sum(axis=1) == math.comb(49, 3))
    assert int(counts.sum()) == 22100 * 18424 == 407_170_400
    assert counts.min() >= 0


def border_sample() -> list[int]:
    """Every hand of the strengths on each side of the strategy border, for each help-page table."""
    chosen: set[int] = set()
    for table in tc_pays.PRESETS["ante"].values():
        solution = strategy.solve(strategy.ante_decision(table), ThreeCardRules(), kernel())
        chosen.update(int(h) for h in strategy.border_hands(solution, width=1))
    return sorted(chosen)


@pytest.mark.slow
def test_counts_match_plain_loop_over_dealer_hands() -> None:
    hands = kernel()
    sample = random.Random(20260311).sample(range(22100), 1000)
    border = border_sample()
    assert len(border) >= 120
    for h in sorted(set(sample) | set(border)):
        player = tuple(int(c) for c in hands.cards[h])
        assert reference_counts(player, True) == tuple(int(v) for v in hands.counts[h]), player


@pytest.mark.slow
def test_counts_without_ace_low_straight() -> None:
    hands = kernel(False)
    straights = [h for h in range(22100) if hands.classes[h] in (3, 5)]
    sample = random.Random(7).sample(range(22100), 150) + random.Random(8).sample(straights, 50)
    for h in sample:
        player = tuple(int(c) for c in hands.cards[h])
        assert reference_counts(player, False) == tuple(int(v) for v in hands.counts[h]), player


def test_suit_patterns_share_counts() -> None:
    """The strategy report groups hands by strength and suit pattern: their counts agree."""
    hands = kernel()
    seen: dict[tuple[int, str], tuple[int, ...]] = {}
    for h in range(22100):
        key = (int(hands.strengths[h]), tc_hands.suit_pattern(hands.cards[h]))
        row = tuple(int(v) for v in hands.counts[h])
        assert seen.setdefault(key, row) == row


# --- strategy ---------------------------------------------------------------------------------
def plain_ev_raise(player: tuple[int, ...], bonus: Fraction) -> Fraction:
    """EV of raising (Ante and Raise, per unit Ante) from the plain-Python counts."""
    not_qualified, win, _, loss = reference_counts(player, True)
    return bonus + Fraction(not_qualified + 2 * win - 2 * loss, 18424)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["1", "2", "3"])
def test_strategy_border_from_plain_counts(name: str) -> None:
    table = tc_pays.PRESETS["ante"][name]
    solution = strategy.solve(strategy.ante_decision(table), ThreeCardRules(), kernel())
    assert solution.exceptions.size == 0          # monotone: raise exactly at or above the border
    hands = kernel()
    border = solution.border
    assert border is not None
    below = int(hands.strengths[hands.strengths < border].max())
    for h in np.flatnonzero(np.isin(hands.strengths, (border, below)))[::7]:
        player = tuple(int(c) for c in hands.cards[h])
        ev = plain_ev_raise(player, tc_pays.ante_bonus_pays(table)[int(hands.classes[h])])
        assert ev == solution.ev_raise(int(h))
        assert solution.ev_fold(int(h)) == -1
        assert (ev > -1) == (hands.strengths[h] == border) == bool(solution.optimal[h])


def test_published_strategy_q64() -> None:
    # J. Grochowski, "Three Card Poker dissected", casinocitytimes.com (2021): with Ante Bonus
    # 5-4-1 the optimal strategy is "raise Q-6-4 or better" (Ante alone).
    table = tc_pays.PRESETS["ante"]["3"]
    solution = strategy.solve(strategy.ante_decision(table), ThreeCardRules())
    assert tc_hands.hand_label(solution.hands.cards[solution.weakest_raise]) == "Q-6-4"
    assert strategy.strategy_rule(solution) == "Raise Q-6-4 (high card) or better; fold the rest."


def test_decisions_agree_with_fraction_evs() -> None:
    """Every hand's solved decision against EVs recomputed with Fractions from the counts."""
    hands = kernel()
    for name, table in tc_pays.PRESETS["combined"].items():
        for forfeits in (True, False):
            rules = ThreeCardRules(fold_forfeits_pair_plus=forfeits,
                                   pair_plus_ratio=Fraction(5, 2))
            solution = strategy.solve(strategy.combined_decision(table, rules), rules, hands)
            bonus = tc_pays.ante_bonus_pays(table, tc_pays.ANTE_BONUS_PREFIX)
            pair_plus = tc_pays.pair_plus_pays(table, tc_pays.PAIR_PLUS_PREFIX)
            for h in range(0, 22100, 13):
                k = int(hands.classes[h])
                nq, win, _, loss = (int(v) for v in hands.counts[h])
                side = Fraction(5, 2) * pair_plus[k]
                ev_raise = bonus[k] + Fraction(nq + 2 * win - 2 * loss, 18424) + side
                ev_fold = -1 + (Fraction(-5, 2) if forfeits else side)
                assert solution.ev_raise(h) == ev_raise, (name, h)
                assert solution.ev_fold(h) == ev_fold
                assert bool(solution.optimal[h]) == (ev_raise > ev_fold)


def test_no_exact_ties_in_the_seed_tables() -> None:
    for bet in ("ante", "combined"):
        for table in tc_pays.PRESETS[bet].values():
            for ties in Ties:
                rules = ThreeCardRules(ties=ties)
                decision = (strategy.ante_decision(table) if bet == "ante"
                            else strategy.combined_decision(table, rules))
                solution = strategy.solve(decision, rules, kernel())
                assert solution.exact_ties == 0
                # Raise Q-6-4 or better (published, above): the folds are the high-card hands
                # below it. Jack-high or less: C(10, 3) = 120 rank sets of 2..J less 8 straights
                # (2-3-4 .. 9-T-J) = 112; queen-high below Q-6-4: Q-3-2, Q-4-2, Q-4-3, Q-5-2,
                # Q-5-3, Q-5-4, Q-6-2, Q-6-3 = 8. Each has 4**3 - 4 = 60 non-flush suitings,
                # so 120 * 60 = 7,200 folds and 22,100 - 7,200 = 14,900 raises.
                assert int(np.count_nonzero(solution.optimal)) == 14900


def test_exact_tie_takes_the_ties_option() -> None:
    # An Ante Bonus on straights chosen so that raising 4-3-2 (one suit pattern) is worth
    # exactly as much as folding. It is negative, so no validated table can hold it: the
    # PayTable is built directly to reach the tie branch of the solve.
    counts = kernel()
    h = hand_index(tuple(sorted(parse_cards("2c 3d 4h"))))
    nq, win, _, loss = (int(v) for v in counts.counts[h])
    bonus = -1 - Fraction(nq + 2 * win - 2 * loss, 18424)
    table = PayTable("tie", (("straight-flush", Fraction(5)), ("three-of-a-kind", Fraction(4)),
                             ("straight", bonus)))
    smaller = strategy.solve(strategy.ante_decision(table), ThreeCardRules(), counts)
    larger = strategy.solve(strategy.ante_decision(table), ThreeCardRules(ties=Ties.LARGER),
                            counts)
    assert smaller.ev_raise(h) == smaller.ev_fold(h) == -1
    assert smaller.exact_ties >= 1
    assert not smaller.optimal[h] and larger.optimal[h]
    tied = smaller.raise_value == smaller.fold_value
    assert np.array_equal(larger.optimal, smaller.optimal | tied)


def test_non_monotone_rule_lists_its_exceptions() -> None:
    # A straight "bonus" of -5 (built directly: no validated table is negative) makes every
    # straight fold, as Ante and Raise win at most 2 units: -5 + 2 < -1. Every other hand keeps
    # its table-3 decision, so the rule is Q-6-4 or better with the 720 straights as exceptions.
    odd = PayTable("odd", (("straight-flush", Fraction(5)), ("three-of-a-kind", Fraction(4)),
                           ("straight", Fraction(-5))))
    counts = kernel()
    solution = strategy.solve(strategy.ante_decision(odd), ThreeCardRules(), counts)
    usual = strategy.solve(strategy.ante_decision(tc_pays.PRESETS["ante"]["3"]), ThreeCardRules(),
                           counts)
    straights = counts.classes == HAND_CLASSES.index("straight")
    assert np.array_equal(solution.optimal, usual.optimal & ~straights)
    assert np.array_equal(solution.exceptions, np.flatnonzero(straights))
    report = strategy.strategy_report(odd, ThreeCardRules(), strategy.ante_decision(odd))
    assert report["monotone"] is False
    assert report["rule"] == ("Raise Q-6-4 (high card) or better; fold the rest. "
                              "Exceptions: fold the 720 hands listed.")
    assert sum(group["hands"] for group in report["exceptions"]) == 720
    document = strategy.strategy_document(odd, ThreeCardRules(), strategy.ante_decision(odd),
                                          analysis.analyze_ante, RunSettings())
    assert "Exceptions to the rule" in document.render("markdown")


# --- published figures ------------------------------------------------------------------------
def percent(value: Fraction) -> float:
    return round(float(value) * 100, 2)


def test_pair_plus_published() -> None:
    # J. Grochowski, "Three Card Poker and Pair Plus" (casinocitytimes.com) and "A rare Pair
    # Plus payout" (online.casinocity.com): Pair Plus alone, one deck.
    published = {"40-30-6-4-1": 2.32, "40-30-6-3-1": 7.28, "40-30-5-4-1": 5.57}
    for label, edge in published.items():
        pays = dict(zip(tc_pays.PAIR_PLUS_OUTCOMES, label.split("-"), strict=True))
        table = make_paytable(label, pays, tc_pays.PAIR_PLUS_OUTCOMES)
        result = analysis.analyze_pair_plus(table, ThreeCardRules())
        assert percent(result.house_edge) == edge
        assert result.cycle == 22100
    # The help page's table 3 is the 40-30-6-4-1 table; tables 1 and 2 pay less.
    assert tc_pays.PRESETS["pair-plus"]["3"].label() == "40-30-6-4-1"


def test_ante_published() -> None:
    # J. Grochowski, "Three Card Poker dissected" (casinocitytimes.com, 19 December 2021), Ante
    # Bonus 5-4-1 (help-page table 3). These figures are for the Ante and Play alone: no Pair Plus
    # wager rides on the decision (so fold_forfeits_pair_plus does not matter).
    optimal = analyze("three-card-poker", "ante", "3")
    assert percent(optimal.house_edge) == 3.37
    assert percent(optimal.element_of_risk) == 2.01
    everything = analyze("three-card-poker", "ante", "3", {"strategy": "raise-all"})
    assert percent(everything.house_edge) == 7.65
    assert percent(everything.element_of_risk) == 3.83          # "half the edge"
    mimic = analyze("three-card-poker", "ante", "3", {"strategy": "mimic"})
    assert percent(mimic.house_edge) == 3.45
    # The same article gives 2.07% as mimic's element of risk, and says mimic bets more hands
    # than Q-6-4 ("your wagering total is higher"). Both cannot hold: an average wager above
    # Q-6-4's 1.6742 gives an element of risk below 3.4491% / 1.6742 = 2.0601%, which does not
    # round to 2.07%. The exact figure is 2.0338%.
    assert mimic.average_wager > optimal.average_wager
    assert mimic.house_edge / optimal.average_wager < Fraction(2065, 100000)
    assert percent(mimic.element_of_risk) == 2.03


def test_combined_without_forfeit_is_the_sum_of_both_wagers() -> None:
    for name in ("1", "2", "3"):
        ratio = Fraction(3, 2)
        options = {"fold_forfeits_pair_plus": "false", "pair_plus_ratio": "3/2"}
        combined = analyze("three-card-poker", "combined", name, options)
        ante = analyze("three-card-poker", "ante", name)
        pair_plus = analyze("three-card-poker", "pair-plus", name)
        assert combined.cycle == ante.cycle
        assert (combined.expected_return * (1 + ratio)
                == ante.expected_return + ratio * pair_plus.expected_return)
        assert combined.average_wager == ante.average_wager + ratio


def test_combined_with_forfeit_loses_the_pair_plus_on_folds() -> None:
    # A folded hand is high card under every help-page table (pairs always raise), and a high card
    # loses Pair Plus anyway: so the forfeit changes no figure here.
    kept = analyze("three-card-poker", "combined", "3", {"fold_forfeits_pair_plus": "false"})
    lost = analyze("three-card-poker", "combined", "3")
    assert kept.house_edge == lost.house_edge
    assert {r.outcome for r in lost.rows if r.outcome.endswith("/ fold")} == {"high-card / fold"}


# --- tables, options, CLI ---------------------------------------------------------------------
def test_ante_table_shape() -> None:
    table = analyze("tri-card-poker", "ante", "3")
    assert table.cycle == 407_170_400
    assert dict(table.decisions)["raise"] + dict(table.decisions)["fold"] == table.cycle
    assert all(row.wager == (1 if row.outcome == "fold" else 2) for row in table.rows)
    assert table.average_wager == 1 + Fraction(dict(table.decisions)["raise"], table.cycle)


@pytest.mark.parametrize("setting, value", [
    ("strategy", "sometimes"), ("ace_low_straight", "maybe"), ("pair_plus_ratio", "0"),
    ("pair_plus_ratio", "-1/2"), ("pair_plus_ratio", "lots"), ("ties", "coin"),
    ("fold_forfeits_pair_plus", "2"),
])
def test_bad_options_name_the_value(setting: str, value: str) -> None:
    with pytest.raises(OptionError, match=value.replace("/", ".")):
        get_game("three-card-poker").make_rules({setting: value})


def test_wrong_paytable_and_bet() -> None:
    ante = tcp.GAME.bet("ante")
    with pytest.raises(EdgeError, match="not a ante pay table"):
        ante.document(tcp.GAME.wager(tc_pays.PRESETS["pair-plus"]["1"], ThreeCardRules()))
    assert tcp.GAME.bet("pair-plus").strategy is None
    with pytest.raises(EdgeError, match="not a ante pay table"):
        analysis.analyze_ante(tc_pays.PRESETS["pair-plus"]["1"], ThreeCardRules())
    with pytest.raises(EdgeError, match="not a ante pay table"):
        strategy.ante_decision(tc_pays.PRESETS["pair-plus"]["1"])
    with pytest.raises(EdgeError, match="not a combined pay table"):
        strategy.combined_decision(tc_pays.PRESETS["ante"]["1"], ThreeCardRules())


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "three-card-poker", "--bet", "pair-plus", "--paytable", "1"]) == 0
    assert main(["table", "three-card-poker", "--bet", "combined", "--paytable", "3",
                 "--set", "pair_plus_ratio=1", "--format", "json"]) == 0
    capsys.readouterr()
    assert main(["strategy", "three-card-poker", "--paytable", "3", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["weakest_raise"] == {"hand": "Q-6-4", "class": "high-card"}
    assert report["monotone"] is True
    assert any(g["hand"] == "Q-6-3" and g["optimal"] == "fold" for g in report["border"])
    assert main(["strategy", "tri-card-poker", "--format", "markdown",
                 "--set", "strategy=mimic"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("# Tri-Card Poker strategy: Raise queen-high or better")
    assert main(["strategy", "three-card-poker", "--bet", "pair-plus"]) == 2
    assert main(["table", "three-card-poker", "--set", "strategy=sometimes"]) == 2
    assert "sometimes" in capsys.readouterr().err



# --- the bets' hooks, the typed options and the kernel's arguments ----------------------------
def _tables(report: Report) -> list[Table]:
    return [block for section in report.sections for block in section.blocks
            if isinstance(block, Table)]


def test_ante_strategy_hook_returns_the_raise_rule_as_a_document() -> None:
    report = tcp.GAME.bet("ante").document(tcp.GAME.wager(None, ThreeCardRules()))
    assert isinstance(report, Report)
    assert report.title == ("Tri-Card Poker strategy: Raise Q-6-4 (high card) or better; "
                            "fold the rest.")
    border, compared = _tables(report)
    hands_shown = {(row[0], row[7]) for row in border.rows}
    assert ("Q-6-4", "raise") in hands_shown and ("Q-6-3", "fold") in hands_shown
    assert [row[0] for row in compared.rows] == [str(s) for s in Strategy]
    # each strategy's row holds that strategy's house edge, the optimal one the lowest
    edges = {row[0]: Fraction(str(row[2])) for row in compared.rows}
    for choice in Strategy:
        table = analysis.analyze_ante(None, ThreeCardRules(strategy=RaiseRule.resolve(choice)))
        assert edges[str(choice)] == table.house_edge
    assert min(edges.values()) == edges["optimal"]
    assert report.render("markdown").count("| Q-6-4 ") >= 1


def test_combined_strategy_hook_weighs_both_wagers() -> None:
    rules = ThreeCardRules(fold_forfeits_pair_plus=False)
    bet = tcp.GAME.bet("combined")
    report = bet.document(tcp.GAME.wager(bet.paytable("1"), rules))
    assert report is not None
    items = [block for section in report.sections for block in section.blocks
             if isinstance(block, Items)][0]
    facts = dict(item for item in items.items if isinstance(item, tuple))
    assert facts["bet"] == "combined"
    assert facts["EVs"] == "per unit of Ante, all wagers (Pair Plus 1)"
    assert tcp.GAME.bet("pair-plus").strategy is None


def test_options_are_typed() -> None:
    rules = get_game("tcp").make_rules({"strategy": "raise-all", "ties": "larger"})
    assert isinstance(rules, ThreeCardRules)
    assert rules.strategy == RaiseRule.resolve(Strategy.RAISE_ALL) and rules.ties is Ties.LARGER
    # a plain string becomes the named strategy; the printed value is the same string
    assert ThreeCardRules(strategy="mimic").strategy.name == "mimic"  # type: ignore[arg-type]
    assert str(rules.strategy) == "raise-all"
    with pytest.raises(OptionError, match="choose one of optimal, mimic, q-6-4, raise-all"):
        ThreeCardRules(strategy="sometimes")  # type: ignore[arg-type]


def test_kernel_constants_name_the_kernel_indexes() -> None:
    counts = kernel()
    for hand, name in (("2c 4d 7h", "high-card"), ("2c 2d 7h", "pair"), ("2c 4c 7c", "flush"),
                       ("2c 3d 4h", "straight"), ("7c 7d 7h", "three-of-a-kind"),
                       ("2c 3c 4c", "straight-flush")):
        assert HAND_CLASSES[int(counts.classes[hand_index(tuple(sorted(parse_cards(hand))))])] \
            == name
    assert tc_kernels.DEALER_RESULTS == ("dealer-does-not-qualify", "win", "tie", "loss")
    # a hand that beats every qualifying dealer hand never ties or loses
    top = hand_index(tuple(sorted(parse_cards("As Ks Qs"))))
    assert int(counts.counts[top, tc_kernels.DEALER_RESULTS.index("loss")]) == 0
    assert int(counts.counts[top].sum()) == tc_kernels.DEALER_HAND_COUNT == math.comb(49, 3)


@pytest.mark.parametrize("strength", [-1, tc_kernels.MAX_STRENGTH + 1, 10 ** 6])
def test_kernel_refuses_a_qualifying_strength_out_of_range(strength: int) -> None:
    with pytest.raises(ValueError, match=f"qualifying_strength={strength} "):
        tc_kernels.three_card_counts(True, strength)


def test_kernel_qualifying_strength_bounds() -> None:
    """0 qualifies every dealer hand; MAX_STRENGTH none (all 18,424 do not qualify)."""
    _, _, _, every = tc_kernels.three_card_counts(True, 0)
    assert int(every[:, 0].sum()) == 0
    _, _, _, none = tc_kernels.three_card_counts(True, tc_kernels.MAX_STRENGTH)
    assert (none[:, 0] == tc_kernels.DEALER_HAND_COUNT).all()
