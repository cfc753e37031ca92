"""Card counting (edge.counting) against plain, independent enumerations.

The reference deals the physical cards of a small shoe: every ordered deal of two or three of
the 52 * D cards (card k has face k % 52, face = rank * 4 + suit), settled by the functions
below, written from the rules (docs/rules.md section 1, the bet files' comments) with numpy, never
calling edge's kernels or its bet engine. The shoe less one card of face f is the same deals
without the physical card f. A 6-deck case per family is weighed by faces, also in plain numpy.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

from edge.bets.enumeration import count_outcomes, weigh_rows
from edge.counting.count import LinearCount, best_count, candidates, fit
from edge.counting.removal import Effects, effects_of_removal, shoe_of, uniform_shoe
from edge.counting.suits import expected_imbalance, imbalance, suit_mix
from edge.document import FORMATS
from edge.errors import EdgeError
from edge.games import get_game

IntArray = npt.NDArray[np.int64]
Settle = Callable[[list[IntArray]], IntArray]
BETS = Path(__file__).resolve().parent.parent / "examples" / "bets"


# --- the reference settlement: net pay of each deal, from the rules ---------------------------
def rank(face: IntArray) -> IntArray:
    return face // 4


def suit(face: IntArray) -> IntArray:
    return face % 4


def triple_flush(cards: list[IntArray]) -> IntArray:
    player, flop = cards
    same = suit(player) == suit(flop)
    pay = np.where(rank(player) > rank(flop), 3, 2)
    pay = np.where(player == flop, 8, pay)
    return np.where(same, pay, -1)


def triple_sandwich(cards: list[IntArray]) -> IntArray:
    r1, r2, s = rank(cards[0]), rank(cards[1]), rank(cards[2])
    low, high = np.minimum(r1, r2), np.maximum(r1, r2)
    between = (low < s) & (s < high)
    pay = np.full(len(s), -1)
    pay = np.where((s == r1) | (s == r2), 1, pay)
    pay = np.where(between, 1, pay)
    pay = np.where(between & (s == low + 1) & (s == high - 1), 7, pay)
    return np.where((r1 == r2) & (r2 == s), 15, pay)


def triple_block(cards: list[IntArray]) -> IntArray:
    a, b, d = cards

    def blocks(x: IntArray) -> IntArray:
        return (suit(x) == suit(d)) & (rank(x) > rank(d))

    either = blocks(a) | blocks(b)
    pay = np.where((a == d) | (b == d), 0, -1)
    pay = np.where(either, 2, pay)
    pay = np.where(either & (suit(a) == suit(b)) & (rank(a) != rank(b)), 5, pay)
    pay = np.where(either & (rank(a) == rank(b)) & (a != b), 10, pay)
    return np.where((a == b) & blocks(a), 35, pay)


def poker3(cards: list[IntArray]) -> tuple[IntArray, IntArray, IntArray]:
    """(straight flush, three of a kind, straight, flush) masks of three cards."""
    ranks = np.sort(np.stack([rank(c) for c in cards]), axis=0)
    distinct = (ranks[0] != ranks[1]) & (ranks[1] != ranks[2])
    run = distinct & (((ranks[2] - ranks[0]) == 2) | ((ranks[0] == 0) & (ranks[1] == 1)
                                                      & (ranks[2] == 12)))
    flush = (suit(cards[0]) == suit(cards[1])) & (suit(cards[1]) == suit(cards[2]))
    trips = (ranks[0] == ranks[2])
    return run, trips, flush


def twenty_one_plus_three(cards: list[IntArray]) -> IntArray:
    run, trips, flush = poker3(cards)
    return np.where(run | trips | flush, 9, -1)


def suited_trips(cards: list[IntArray]) -> IntArray:
    run, trips, flush = poker3(cards)
    pay = np.where(flush, 5, -1)
    pay = np.where(run, 10, pay)
    pay = np.where(trips, 33, pay)
    pay = np.where(run & flush, 35, pay)
    return np.where((cards[0] == cards[1]) & (cards[1] == cards[2]), 100, pay)


def perfect_pairs(cards: list[IntArray]) -> IntArray:
    a, b = cards
    red_a, red_b = np.isin(suit(a), (1, 2)), np.isin(suit(b), (1, 2))
    pay = np.where(rank(a) == rank(b), 6, -1)
    pay = np.where((rank(a) == rank(b)) & (red_a == red_b), 12, pay)
    return np.where(a == b, 25, pay)


# (game, bet, cards looked at, settle)
CASES: dict[str, tuple[str, str | None, int, Settle]] = {
    "flush": ("triple-bet", "flush", 2, triple_flush),
    "sandwich": ("triple-bet", "sandwich", 3, triple_sandwich),
    "block": ("triple-bet", "block", 3, triple_block),
    "triple-bet-flush.toml": (str(BETS / "triple-bet-flush.toml"), None, 2, triple_flush),
    "triple-bet-sandwich.toml": (str(BETS / "triple-bet-sandwich.toml"), None, 3,
                                 triple_sandwich),
    "triple-bet-block.toml": (str(BETS / "triple-bet-block.toml"), None, 3, triple_block),
    "21-plus-3.toml": (str(BETS / "21-plus-3.toml"), None, 3, twenty_one_plus_three),
    "21-plus-3-suited-trips.toml": (str(BETS / "21-plus-3-suited-trips.toml"), None, 3,
                                    suited_trips),
    "perfect-pairs.toml": (str(BETS / "perfect-pairs.toml"), None, 2, perfect_pairs),
}


@cache
def physical_deals(decks: int, size: int) -> IntArray:
    """Every ordered deal of ``size`` distinct physical cards of the shoe (rows of card ids)."""
    cards = 52 * decks
    rows = np.indices((cards,) * size).reshape(size, -1).T
    distinct = np.ones(len(rows), dtype=bool)
    for i in range(size):
        for j in range(i):
            distinct &= rows[:, i] != rows[:, j]
    return np.ascontiguousarray(rows[distinct])


def plain_returns(settle: Settle, size: int, decks: int,
                  gone: tuple[int, ...] = ()) -> tuple[Fraction, list[Fraction]]:
    """E(shoe less the physical cards ``gone``) and E(that shoe less one card of each face)."""
    rows = physical_deals(decks, size)
    if gone:
        rows = rows[~np.isin(rows, gone).any(axis=1)]
    pays = settle([rows[:, i] % 52 for i in range(size)]).astype(np.int64)
    full = Fraction(int(pays.sum()), len(rows))
    cards = 52 * decks
    # a deal holds a physical card at most once: the deals with card k, and what they pay
    holding = np.sum([np.bincount(rows[:, i], minlength=cards) for i in range(size)], axis=0)
    paid = np.sum([np.bincount(rows[:, i], weights=pays, minlength=cards) for i in range(size)],
                  axis=0)
    removed = []
    for face in range(52):
        card = next(c for c in range(face, cards, 52) if c not in gone)
        removed.append(Fraction(int(pays.sum()) - round(float(paid[card])),
                                len(rows) - int(holding[card])))
    return full, removed


def effects(case: str, decks: int) -> tuple[Effects, Callable[[tuple[int, ...]], Fraction]]:
    game_name, bet_name, _, _ = CASES[case]
    game = get_game(game_name)
    bet = game.bet(bet_name)
    rules = game.make_rules({"decks": decks})
    assert bet.shoe_return is not None
    hook = bet.shoe_return

    def returns(copies: tuple[int, ...]) -> Fraction:
        return hook(game.wager(None, rules), copies)

    return effects_of_removal(bet.name, returns, shoe_of(rules, bet.name, game.name)), returns


@pytest.mark.parametrize("case", list(CASES))
def test_effects_of_removal_against_the_physical_shoe(case: str) -> None:
    _, _, size, settle = CASES[case]
    found, _ = effects(case, 2)
    full, removed = plain_returns(settle, size, 2)
    assert found.full == full
    assert list(found.removed) == removed
    assert found.zero_sum == 0


def test_the_combined_wager_is_the_mean_of_the_three() -> None:
    combined, _ = effects("flush", 2)[0], None
    parts = [effects(case, 2)[0] for case in ("flush", "sandwich", "block")]
    game = get_game("triple-bet")
    rules = game.make_rules({"decks": 2})
    hook = game.bet("combined").shoe_return
    assert hook is not None
    asked = game.wager(None, rules)
    together = effects_of_removal("combined", lambda c: hook(asked, c), uniform_shoe(2))
    assert together.removed == tuple(sum(p.removed[f] for p in parts) / 3 for f in range(52))
    assert together.full == -game.analyze("combined", None, rules).house_edge
    assert combined.zero_sum == 0


def by_faces(settle: Settle, size: int, copies: tuple[int, ...]) -> Fraction:
    """E from a shoe of any make-up, every ordered tuple of faces weighed by its physical deals."""
    faces = np.indices((52,) * size).reshape(size, -1).T
    supply = np.asarray(copies, dtype=np.int64)
    weights = np.ones(len(faces), dtype=np.int64)
    for j in range(size):
        weights *= np.maximum(supply[faces[:, j]] - (faces[:, :j] == faces[:, j:j + 1]).sum(1), 0)
    pays = settle([faces[:, i] for i in range(size)]).astype(np.int64)
    return Fraction(int((pays * weights).sum()), int(weights.sum()))


@pytest.mark.parametrize("case", ["block", "21-plus-3.toml", "perfect-pairs.toml"])
def test_a_full_shoe_weighed_by_faces(case: str) -> None:
    _, _, size, settle = CASES[case]
    decks = 8 if case == "perfect-pairs.toml" else 6
    found, _ = effects(case, decks)
    shoe = uniform_shoe(decks)
    assert found.full == by_faces(settle, size, shoe)
    for face in (0, 21, 51):
        gone = list(shoe)
        gone[face] -= 1
        assert found.removed[face] == by_faces(settle, size, tuple(gone))


ACE_OF_SPADES = """name = "ace-of-spades"
title = "Ace of spades"
description = "An ace of spades among the player's two cards."
[shoe]
decks = 2
[deal]
player = 2
[[outcome]]
name = "ace"
when = "count(player, A, spades) >= 1"
[paytables]
default = "a"
a = { ace = 10 }
"""


def test_symmetry_is_found_not_assumed(tmp_path: Path) -> None:
    path = tmp_path / "ace-of-spades.toml"
    path.write_text(ACE_OF_SPADES)
    game = get_game(str(path))
    rules = game.make_rules()
    hook = game.bets[0].shoe_return
    assert hook is not None
    found = effects_of_removal("ace", lambda c: hook(game.wager(None, rules), c), uniform_shoe(2))
    assert not found.suit_symmetric and len(found.groups()) == 52
    rows = physical_deals(2, 2)
    ace = (rows % 52 == 51).any(axis=1)
    assert found.full == Fraction(int(np.where(ace, 10, -1).sum()), len(rows))
    assert found.removed[51] < found.full < found.removed[50] == found.removed[0]
    best = best_count(found)
    assert best is not None and best.fit.count.by_rank is None
    assert best.fit.count.tags[51] == -best.fit.count.level
    for case in ("21-plus-3.toml", "block", "perfect-pairs.toml"):
        assert effects(case, 2)[0].suit_symmetric


def test_the_shoe_of_any_make_up_is_the_enumeration_s() -> None:
    game = get_game(str(BETS / "21-plus-3.toml"))
    analysis_hook = game.bets[0].shoe_return
    assert analysis_hook is not None
    analysis = analysis_hook.__self__       # type: ignore[attr-defined]
    slots = analysis.bet.layout.slots
    outcomes = len(analysis.bet.outcomes)
    same = count_outcomes(slots, 3, outcomes, analysis.classify, uniform_shoe(3))
    assert same.counts == count_outcomes(slots, 3, outcomes, analysis.classify).counts
    rng = np.random.default_rng(28)
    copies = tuple(int(c) for c in rng.integers(0, 4, 52))
    direct = count_outcomes(slots, 3, outcomes, analysis.classify, copies)
    assert analysis.shoe_counts(copies) == direct.counts
    rows = np.array([[0, 0, 0], [0, 1, 1]], dtype=np.int64)
    # one set of three cards: C(3, 3) and 3 * C(3, 2)
    assert weigh_rows(rows, slots, (3,) * 52).tolist() == [1, 9]


def test_counts_and_their_betting_correlation() -> None:
    found, _ = effects("21-plus-3.toml", 2)
    _, _, size, settle = CASES["21-plus-3.toml"]
    full, removed = plain_returns(settle, size, 2)
    e = np.array([float(r - full) for r in removed])
    n = np.full(52, 2.0)
    # a hand-made count: +1 for 2, K, A; -1 for 3 to 6 (unbalanced)
    tags = tuple(1 if f // 4 in (0, 11, 12) else -1 if f // 4 in (1, 2, 3, 4) else 0
                 for f in range(52))
    t = np.array(tags, dtype=float)
    t -= (n * t).sum() / n.sum()
    bc = (n * t * e).sum() / math.sqrt((n * t * t).sum() * (n * e * e).sum())
    fitted = fit(LinearCount(tags, "hand-made"), found)
    assert fitted.bc == pytest.approx(bc, abs=1e-12)
    a = Fraction((n * t * e).sum() / (n * t * t).sum())
    assert float(fitted.per_tag) == pytest.approx(float(a), rel=1e-9)
    assert fitted.slope == fitted.per_tag * 103 / 52
    assert fitted.at(fitted.break_even or 0) == 0
    # 21+3's effects take two values, so +1 for 2, K and A follows them exactly
    best = best_count(found)
    assert best is not None and best.fit.bc_squared == 1
    assert best.fit.count.by_rank == (1,) + (0,) * 10 + (1, 1)
    assert LinearCount(tags, "x").running_value([0, 4, 48]) == 1 - 1 + 1


def test_no_linear_count_when_no_card_moves_the_return() -> None:
    found, returns = effects("perfect-pairs.toml", 2)
    assert found.all_zero and candidates(found) == []
    mix = suit_mix(found, returns)
    assert mix.matters


def test_the_suit_mix_against_the_physical_shoe() -> None:
    found, returns = effects("21-plus-3.toml", 2)
    mix = suit_mix(found, returns)
    assert mix.matters and len(mix.steps) == 2
    spades = tuple(4 * r + mix.suit for r in range(13))
    full, _ = plain_returns(twenty_one_plus_three, 3, 2, spades)
    assert mix.steps[0].value == full
    assert imbalance(mix.steps[0].copies) == (Fraction(26 - 13, 91) - Fraction(1, 4)) ** 2 \
        + 3 * (Fraction(26, 91) - Fraction(1, 4)) ** 2
    assert expected_imbalance(104, 104) == 0
    sandwich, returns = effects("sandwich", 2)
    assert not suit_mix(sandwich, returns).matters            # ranks only


def test_a_single_deck_is_refused() -> None:
    game = get_game("triple-bet")
    with pytest.raises(EdgeError, match="more than one deck"):
        shoe_of(game.make_rules({"decks": 1}), "flush", "triple-bet")
    pair_plus = get_game(str(BETS / "pair-plus.toml"))
    with pytest.raises(EdgeError, match="more than one deck"):
        shoe_of(pair_plus.make_rules(), "pair-plus", "pair-plus")
    assert get_game(str(BETS / "six-card-bonus.toml")).bets[0].shoe_return is None


# --- the command ----------------------------------------------------------------------------
@pytest.mark.parametrize("args, says", [
    (("triple-bet", "--set", "decks=1"), "more than one deck"),
    ((str(BETS / "pair-plus.toml"),), "more than one deck"),
    (("three-card-poker",), "not dealt from a shoe"),
    ((str(BETS / "six-card-bonus.toml"),), "not dealt from a shoe"),
    (("triple-bet", "--bet", "nope"), "Unknown bet"),
    (("no-such-game",), "Unknown game"),
])
def test_the_command_s_errors(edge_cli: Any, args: tuple[str, ...], says: str) -> None:
    result = edge_cli("counting", *args)
    assert result.status == 2 and result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("edge: error:") and says in lines[0]


# each is a counting analysis of seconds: plain and JSON in the plain run, the others slow
@pytest.mark.parametrize("fmt", [fmt if fmt in ("plain", "json") else
                                 pytest.param(fmt, marks=pytest.mark.slow) for fmt in FORMATS])
def test_the_command_in_every_format(edge_cli: Any, fmt: str) -> None:
    result = edge_cli("counting", str(BETS / "21-plus-3.toml"), "--set", "decks=2",
                      "--format", fmt)
    assert result.status == 0 and result.err == ""
    if fmt == "json":
        found = json.loads(result.out)
        assert found["suit_symmetric"] is True
        assert found["effects"]["A"] == str(effects("21-plus-3.toml", 2)[0].by_rank[12])
        assert found["best"] is not None and found["suit_mix"]["matters"] is True
    elif fmt == "csv":
        rows = list(csv.DictReader(io.StringIO(result.out)))
        assert len(rows) == 13 and rows[0]["card"] == "2" and rows[0]["copies"] == "8"
    else:
        assert "Effects of removal" in result.out and "betting correlation" in result.out


@pytest.mark.slow       # a report with its counting section: seconds
def test_the_report_s_card_counting_section() -> None:
    from edge.document import Chart
    from edge.report import make_report
    report = make_report(str(BETS / "21-plus-3.toml"), options={"decks": "2"},
                         environment=False, counting=True)
    section = next(s for s in report.sections if s.title == "Card counting")
    assert [child.title for child in section.children] == ["Card counting: the 21-plus-3 wager"]
    assert any(isinstance(block, Chart) for block in section.children[0].blocks)
    html = report.render("html")
    assert "Card counting" in html and "<svg" in html and "--counting" in html


def test_the_report_refuses_counting_one_deck(edge_cli: Any) -> None:
    result = edge_cli("report", str(BETS / "pair-plus.toml"), "--counting")
    assert result.status == 2 and result.out == ""
    assert result.err.startswith("edge: error:") and "more than one deck" in result.err
    assert result.err.count("\n") == 1


def test_jacobson_s_flush_combinations() -> None:
    """E. Jacobson, "Beating the 21+3 blackjack side bet" (docs/references.md): 40 cards, 10 of
    each suit, make 480 three-card flushes; the same 40 in suits 15/10/10/5 make 705."""
    hook = get_game(str(BETS / "21-plus-3.toml")).bets[0].shoe_return
    analysis = hook.__self__                  # type: ignore[union-attr]
    outcomes = [o.name for o in analysis.bet.outcomes]
    suited = (outcomes.index("straight-flush"), outcomes.index("flush"))
    even = tuple(1 if f // 4 < 10 else 0 for f in range(52))          # 2 to J of each suit
    uneven = [0] * 52
    for suit_index, ranks in enumerate((list(range(13)) + [0, 1], range(10), range(10),
                                        range(5))):
        for r in ranks:
            uneven[4 * r + suit_index] += 1
    assert [sum(uneven[4 * r + s] for r in range(13)) for s in range(4)] == [15, 10, 10, 5]
    for shoe, flushes in ((even, 480), (tuple(uneven), 705)):
        counts = analysis.shoe_counts(shoe)
        assert sum(counts[i] for i in suited) == flushes


def test_the_deepest_proportional_shoe_is_one_deck() -> None:
    """52 cards left of 6 decks, in proportion, are one deck: 21+3's one-deck house edge,
    13.30% (Wizard of Odds, docs/references.md)."""
    from edge.counting.suits import depth, shoe_left
    _, returns = effects("21-plus-3.toml", 2)
    assert shoe_left(uniform_shoe(6), 52) == uniform_shoe(1)
    found = depth(uniform_shoe(6), 52, returns, Fraction(0), turning=False)
    assert found.proportional == Fraction(-147, 1105)
    assert round(-found.proportional * 100, 2) == Fraction(1330, 100)


def lucky_ladies_plain(copies: tuple[int, ...]) -> Fraction:
    """Lucky Ladies table A from a shoe of any make-up, by hand: every ordered pair of player
    faces, and for two queens of hearts the dealer's blackjack from the cards left."""
    faces = np.indices((52, 52)).reshape(2, -1).T
    a, b = faces[:, 0], faces[:, 1]
    supply = np.asarray(copies, dtype=np.int64)
    weights = supply[a] * np.maximum(supply[b] - (a == b), 0)
    value = np.where(rank(faces) == 12, 11, np.minimum(rank(faces) + 2, 10))     # ace 11
    twenty = value.sum(axis=1) == 20
    pay = np.where(twenty, 4, -1)
    pay = np.where(twenty & (suit(a) == suit(b)), 9, pay)
    pay = np.where(twenty & (a == b), 19, pay)
    queens = (a == 42) & (b == 42)                      # the queen of hearts, twice
    total = int(supply.sum())
    left = supply.copy()
    left[42] -= 2
    aces, tens = int(left[48:52].sum()), int(left[32:48].sum())
    blackjack = Fraction(2 * aces * tens, (total - 2) * (total - 3))
    plain = int((weights * pay)[~queens].sum())
    top = int(weights[queens].sum()) * (1000 * blackjack + 125 * (1 - blackjack))
    return (plain + top) / (total * (total - 1))


def test_lucky_ladies_by_hand() -> None:
    game = get_game(str(BETS / "lucky-ladies.toml"))
    rules = game.make_rules({"decks": 2})
    hook = game.bets[0].shoe_return
    assert hook is not None
    shoe = uniform_shoe(2)
    for gone in ((), (42,), (42, 42), (51,), (32,), (12,)):
        copies = tuple(c - gone.count(f) for f, c in enumerate(shoe))
        assert hook(game.wager(None, rules), copies) == lucky_ladies_plain(copies)


def test_the_level_1_search_finds_the_best_of_every_count() -> None:
    """Every one of the 3^13 level-1 counts by rank, against the search's best (the Block
    wager: 13 distinct effects, no count follows them exactly)."""
    found, _ = effects("block", 2)
    e = np.array([float(x) for x in found.by_rank])
    tags = (np.indices((3,) * 13).reshape(13, -1).T - 1).astype(float)
    centred = tags - tags.mean(axis=1, keepdims=True)            # every rank has 8 cards
    square = (centred * centred).sum(axis=1)
    cov = centred @ e
    with np.errstate(divide="ignore", invalid="ignore"):
        bc = np.where(square > 0, cov / np.sqrt(square * (e * e).sum()), -1.0)
    level_1 = [c for c in candidates(found) if c.level == 1]
    assert max(c.fit.bc for c in level_1) == pytest.approx(float(bc.max()), abs=1e-12)


# --- the counter's win rate, simulated (edge counting --rounds, report --counting) -----------
def test_the_command_simulates_the_counter_on_one_local_worker(edge_cli: Any) -> None:
    """--rounds plays the best count's shoes at the four depths (one worker, in this
    process): the JSON carries each depth's exact tallies, and the check the table prints:
    one unit on every round against the exact house edge, in words that follow the z."""
    result = edge_cli("counting", str(BETS / "21-plus-3.toml"), "--rounds", "20000",
                      "--workers", "1", "--spread", "1-4", "--format", "json")
    assert result.status == 0, result.err
    whole = json.loads(result.out)
    found = whole["simulated"]
    # the first bet: the lowest true count from which every simulated true count's exact
    # return is above zero (edge.counting.sampled; the first-order line would say 5)
    above = [r["true_count"] for r in whole["by_true_count"] if r["mean"] > 0]
    first = min(t for t in above if all(r["mean"] > 0 for r in whole["by_true_count"]
                                        if r["true_count"] >= t))
    assert found["bets"].startswith(f"nothing below true count {first}, 1 unit at {first}")
    rates = found["rates"]
    assert [rate["penetration"] for rate in rates] == [0.5, 2 / 3, 0.75, 5 / 6]
    assert all(rate["rounds"] >= 20000 and rate["rounds_bet"] <= rate["rounds"]
               for rate in rates)
    zs = [rate["flat_z"] for rate in rates]
    says = "agrees" if all(abs(z) <= 3 for z in zs) else "disagrees"
    assert f"The simulation {says}" in found["check"]
    assert all(f"(z = {z:+.2f})" in found["check"] and rate["stake"] == "1"
               for rate, z in zip(rates, zs, strict=True))


@pytest.mark.parametrize("args, says", [
    (("--spread", "4-1"), "1 <= LOW <= HIGH"),
    (("--spread", "one"), "--spread 'one'"),
    (("--workers", "0"), "workers"),
    (("--other-cards", "-1"), "--other-cards -1"),
])
def test_the_simulation_s_errors(edge_cli: Any, args: tuple[str, ...], says: str) -> None:
    result = edge_cli("counting", str(BETS / "21-plus-3.toml"), "--rounds", "10", *args)
    assert result.status == 2 and result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("edge: error:") and says in lines[0]


def test_the_report_command_names_the_simulated_rounds() -> None:
    from edge.counting.play import REPORT_ROUNDS, CounterPlay
    from edge.report.build import report_command
    game = get_game(str(BETS / "21-plus-3.toml"))
    rules = game.make_rules()
    assert report_command(game, (), rules, counting=True).count("--counting") == 1
    assert "--counting-rounds 5000" in report_command(game, (), rules,
                                                      counting=CounterPlay(rounds=5000))
    assert "--counting-rounds" not in report_command(
        game, (), rules, counting=CounterPlay(rounds=REPORT_ROUNDS))
    # every setting that changes a figure is spelled out, so the command rebuilds the report
    played = CounterPlay(low=2, high=8, start=3, every_round=True, other_cards=5,
                         hands_per_hour=80, seed=7, workers=1)
    command = report_command(game, (), rules, counting=played)
    assert ("--counting --spread 2-8 --from 3 --every-round --other-cards 5 "
            "--hands-per-hour 80 --seed 7") in command and "--workers" not in command


def test_a_counter_who_bets_nothing_gets_no_verdict(edge_cli: Any) -> None:
    """A counter who never reaches its first bet (--from 40) bet no round: the table says so
    where a win would be, no "breaks even within its error", no "+0.000 ± 0.000"; the tables of
    the true count and of the simulation name what their shares are."""
    result = edge_cli("counting", str(BETS / "21-plus-3.toml"), "--rounds", "3000",
                      "--workers", "1", "--from", "40", "--seed", "3")
    assert result.status == 0, result.err
    out = result.out
    assert "0.000 ± 0.000" not in out
    # the rank counter's part ends with its table (the suit counter's follows, and bets)
    rank = out[:out.index("\n\n", out.index("The counter's win rate on the"))]
    assert "breaks even within its error" not in rank
    assert rank.count("no rounds bet") == 8 and rank.count("bet no round") >= 4
    assert "The counter bet no round at any depth" in out
    assert "rounds at that depth at or past break-even (simulated)" in out
    assert "share of rounds bet" in out and "cut card at (share of the shoe)" in out
    assert "not from the break-even true count 4.98 itself" in out


@pytest.mark.slow   # a counter simulated through the command (4 s)
def test_a_counter_who_bets_gets_a_verdict_with_its_digits(edge_cli: Any) -> None:
    """From true count 1 the counter bets hundreds of rounds at each depth: a verdict for each,
    its win printed to the error's second significant figure (the JSON's figures, printed)."""
    from edge.counting.play import MIN_VERDICT_ROUNDS, with_error
    args = ("counting", str(BETS / "21-plus-3.toml"), "--rounds", "3000", "--workers", "1",
            "--from", "1", "--seed", "3")
    found = json.loads(edge_cli(*args, "--format", "json").out)["simulated"]["rates"]
    out = edge_cli(*args).out
    for rate in found:
        assert rate["rounds_bet"] >= MIN_VERDICT_ROUNDS
        assert rate["counter"] in ("wins", "loses", "breaks even within its error")
        shown = with_error(rate["win_per_100"], rate["standard_error_per_100"])
        assert shown in out
        error = shown.split(" ± ")[1]
        assert len(error.lstrip("0.")) >= 2            # two significant figures at least


def test_a_win_is_printed_to_its_error_s_digits() -> None:
    from edge.counting.play import with_error
    assert with_error(-0.0000412, 0.0000123) == "-0.000041 ± 0.000012"
    assert with_error(0.0904, 0.0891) == "+0.090 ± 0.089"
    assert with_error(1.23456, 0.5) == "+1.235 ± 0.500"
    assert with_error(0.5, math.inf).endswith("(no error)")


def test_no_verdict_on_too_few_rounds_bet() -> None:
    """Fewer than MIN_VERDICT_ROUNDS rounds bet: "too few to tell", whatever the win."""
    from edge.counting.play import MIN_VERDICT_ROUNDS, verdict
    from edge.counting.simulation import Spread, WinRate

    def rate(bet: int, net: int) -> WinRate:
        return WinRate(0.75, 6, 3, 100, Spread(), 100.0, 1, 100, 10_000, bet, bet, net,
                       net * net // 100 + 1)
    assert verdict(rate(0, 0)) == "bet no round"
    assert verdict(rate(MIN_VERDICT_ROUNDS - 1, 90)).startswith("bet too few rounds to tell")
    assert verdict(rate(MIN_VERDICT_ROUNDS, 0)) == "breaks even within its error"


@pytest.mark.slow       # every level-1 count by brute force, and the combined wager analysed
def test_every_count_of_level_1_is_scored_and_the_rest_say_best_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Level 1 by rank (3^13 counts) is searched count by count: with the local search
    crippled (one start, no climb) the level-1 count is still the best of all 3^13, and it is
    marked exhaustive; levels 2 and 3 (5^13, 7^13 counts) are only the best found, and the
    words say so."""
    import edge.counting.count as count
    from edge.counting.document import _count_blocks, analyse
    found, _ = effects("block", 2)
    e = np.array([float(x) for x in found.by_rank])
    tags = (np.indices((3,) * 13).reshape(13, -1).T - 1).astype(float)
    centred = tags - tags.mean(axis=1, keepdims=True)
    with np.errstate(divide="ignore", invalid="ignore"):
        bc = np.where((centred * centred).sum(axis=1) > 0,
                      centred @ e / np.sqrt((centred * centred).sum(axis=1) * (e * e).sum()),
                      -1.0)
    monkeypatch.setattr(count, "_starts", lambda e, n, level, balanced: [np.zeros(len(e))])
    monkeypatch.setattr(count, "_climb", lambda tags, n, e, level, moves: tags)
    level_1 = [c for c in candidates(found) if c.level == 1]
    assert level_1 and all(c.exhaustive for c in level_1)
    assert max(c.fit.bc for c in level_1) == pytest.approx(float(bc.max()), abs=1e-12)
    monkeypatch.undo()
    game = get_game("triple-bet")
    bet = game.bet("combined")
    c = analyse(game, bet, None, game.make_rules({}, "combined"))
    assert {cand.level for cand in c.candidates if not cand.exhaustive} == {2, 3}
    assert c.best is not None and not c.best.exhaustive
    text = " ".join(str(block) for block in _count_blocks(c))
    assert "the best found by a local search (not every count of its level)" in text
    assert "every count" in text and "the best found" in text


def test_the_first_bet_says_where_it_comes_from() -> None:
    """The first bet is the lowest true count from which the simulated shoes' exact returns
    are all above zero, and the words say so; the first-order line's break-even rounded up
    where they name none (and the words say so), or --from; a simulated true count whose
    return is two standard errors above zero on enough rounds is named, below the first bet."""
    from edge.counting.play import CounterPlay, entry_basis, simulated_turn
    from edge.counting.sampled import CountReturn
    from edge.counting.simulation import Bucket, Spread, WinRate
    found, _ = effects("21-plus-3.toml", 2)
    best = best_count(found)
    assert best is not None and best.fit.break_even is not None
    words = entry_basis(CounterPlay(), best.fit)
    rounded = math.ceil(best.fit.break_even)
    assert words.startswith(f"true count {rounded} is the break-even true count of the "
                            "first-order line") and "too few simulated shoes" in words
    assert entry_basis(CounterPlay(start=2), best.fit) == "true count 2 as --from sets it"
    # made-up returns by true count: from 2 on every one is above zero (1 is not)
    made = (CountReturn(1, 300, -0.01, 0.001, 1.2), CountReturn(2, 300, 0.001, 0.002, 2.1),
            CountReturn(3, 300, 0.004, 0.002, 3.1), CountReturn(4, 100, 0.02, 0.004, 4.0))
    assert CounterPlay(by_count=made).first_bet(best.fit.break_even) == 2
    words = entry_basis(CounterPlay(by_count=made), best.fit)
    assert words.startswith("true count 2 is the lowest whole true count from which")
    assert f"would be {rounded}" in words and "+0.100 ± 0.200% per unit wagered at 2" in words
    # a return at or below zero above them all: none has turned for good, the line's is used
    fallen = (*made, CountReturn(5, 100, -0.001, 0.004, 5.0))
    assert CounterPlay(by_count=fallen).first_bet(best.fit.break_even) == rounded
    assert "not above zero at true count 5, the highest looked at" in entry_basis(
        CounterPlay(by_count=fallen), best.fit)
    assert CounterPlay(start=7, by_count=made).first_bet(best.fit.break_even) == 7

    def rate(pen: float, *buckets: Bucket) -> WinRate:
        return WinRate(pen, 2, 3, 30, Spread(), 100.0, 1, 10, 300, 0, 0, 0, 0, buckets)
    # 3,000 rounds at true count 3 returning +0.2 each with a spread of about 0.98
    strong = Bucket(3, 3000, 0, 600, 600, 3000, 1)
    weak = Bucket(2, 3000, 0, 30, 30, 3000, 1)          # +0.01 ± 0.018: not two errors above
    few = Bucket(1, 100, 0, 100, 100, 100, 1)           # too few rounds
    assert simulated_turn([rate(0.5, weak, few)]) is None
    turned = simulated_turn([rate(0.5, weak, strong), rate(0.75, few, strong)])
    assert turned is not None and turned[0].penetration == 0.75 and turned[1] is strong
    from edge.counting.play import simulated_blocks
    text = " ".join(str(block) for block in simulated_blocks(
        [rate(0.75, few, strong)], CounterPlay(), best.fit, found.full, "21-plus-3"))
    assert "Simulated return by true count: at 75% dealt the rounds at true count 3" in text
    assert ("(--from 3) may win more" in text) == (rounded > 3)


def test_the_report_names_the_wagers_its_counting_section_leaves_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose wagers are not all shoe-dealt: the section says which it leaves out."""
    import dataclasses

    from edge.counting import document
    from edge.document.document import Paragraph, Section
    from edge.games import ReportContext
    from edge.games.registry import all_games
    game = all_games()["triple-bet"]
    uncounted = dataclasses.replace(game.bet("combined"), shoe_return=None)
    game = dataclasses.replace(game, bets=(*game.bets[:3], uncounted))
    monkeypatch.setattr(document, "analyse", lambda *args: None)
    monkeypatch.setattr(document, "counting_section", lambda found: Section("x", ()))
    monkeypatch.setattr(document, "shoe_method", lambda found: "")
    paytables = dict.fromkeys(("flush", "sandwich", "block"))
    context = ReportContext(game, game.make_rules({}), paytables, {}, None)  # type: ignore
    section = document.report_section(context)
    intro = section.blocks[0]
    assert isinstance(intro, Paragraph)
    assert "Not in this section: combined (not dealt from a shoe" in intro.text
