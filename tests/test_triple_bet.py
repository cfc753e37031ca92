"""Hybrid Triple Bet (docs/rules.md section 1) against a slow, plain-Python reference.

The reference deals physical cards: a shoe of D decks holds 52 * D distinct cards, each a
``(rank, suit, copy)`` tuple with rank 2..14 (ace high). It walks every ordered deal with
``itertools.permutations`` and settles it with the functions below, written from docs/rules.md
without looking at the Cython kernels. The kernels must give the same count for every outcome.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from itertools import permutations
from pathlib import Path

import pytest

from edge import analyze
from edge.cards import parse_card, parse_cards
from edge.errors import EdgeError
from edge.games.triple_bet import GAME, TripleBetRules
from edge.games.triple_bet import _kernels as tb_kernels
from edge.games.triple_bet._kernels import BLOCK_ROWS, FLUSH_ROWS, SANDWICH_ROWS
from edge.games.triple_bet.analysis import wager_counts
from edge.games.triple_bet.pays import OUTCOMES

# drives compiled kernels: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels

Card = tuple[int, str, int]  # (rank 2..14, suit, which copy of the card in the shoe)

WAGERS = ("flush", "sandwich", "block")
ROWS = {"flush": FLUSH_ROWS, "sandwich": SANDWICH_ROWS, "block": BLOCK_ROWS}


# --- the reference: docs/rules.md section 1, one function per wager -----------------------------
def shoe(decks: int) -> list[Card]:
    """Every physical card of a shoe of ``decks`` decks; copies of a card are distinct."""
    return [(rank, suit, copy) for copy in range(decks) for rank in range(2, 15) for suit in "cdhs"]


def card_name(card: Card) -> str:
    """The card's usual two-character name, such as ``'Td'``."""
    return "23456789TJQKA"[card[0] - 2] + card[1]


def identical(a: Card, b: Card) -> bool:
    """Same rank and suit (two physical copies of one card are identical)."""
    return a[:2] == b[:2]


def settle_flush(player: Card, flop: Card) -> str:
    """Flush: the player's card against the first flop card."""
    if player[1] != flop[1]:
        return "lose"
    if player[0] == flop[0]:
        return "flush-pair"
    return "flush-high" if player[0] > flop[0] else "flush-low"


def settle_sandwich(first: Card, second: Card, flop: Card) -> str:
    """Sandwich: ranks only, ace high; the first matching row wins."""
    low, high = sorted((first[0], second[0]))
    middle = flop[0]
    if low == high == middle:
        return "triple-sandwich"
    if low < middle < high:
        return "straight-sandwich" if (low, high) == (middle - 1, middle + 1) else "sandwich"
    if middle in (low, high):
        return "match"
    return "lose"


def blocks(player: Card, dealer: Card) -> bool:
    """A player card blocks when it has the dealer card's suit and a higher rank."""
    return player[1] == dealer[1] and player[0] > dealer[0]


def settle_block(first: Card, second: Card, dealer: Card) -> str:
    """Block: the player's two cards against the dealer card; the first matching row wins."""
    any_blocks = blocks(first, dealer) or blocks(second, dealer)
    same_rank, same_suit = first[0] == second[0], first[1] == second[1]
    if identical(first, second) and blocks(first, dealer):
        return "ultimate"
    if same_rank and not same_suit and any_blocks:
        return "pair-block"
    if same_suit and not same_rank and any_blocks:
        return "flush-block"
    if any_blocks:
        return "block"
    if identical(first, dealer) or identical(second, dealer):
        return "push"
    return "lose"


# --- reference enumerations ---------------------------------------------------------------------
@cache
def reference_flush(decks: int) -> Counter[str]:
    """Every ordered (player card, first flop card) of physical cards."""
    return Counter(settle_flush(p, f) for p, f in permutations(shoe(decks), 2))


@cache
def reference_three_cards(decks: int) -> tuple[Counter[str], Counter[str]]:
    """Every ordered (player 1, player 2, third card) of physical cards, settled as the
    Sandwich's second flop card and, separately, as the Block's dealer card."""
    sandwich: Counter[str] = Counter()
    block: Counter[str] = Counter()
    for first, second, third in permutations(shoe(decks), 3):
        sandwich[settle_sandwich(first, second, third)] += 1
        block[settle_block(first, second, third)] += 1
    return sandwich, block


def reference(wager: str, decks: int) -> Counter[str]:
    if wager == "flush":
        return reference_flush(decks)
    sandwich, block = reference_three_cards(decks)
    return sandwich if wager == "sandwich" else block


def kernel(wager: str, decks: int) -> Counter[str]:
    """The Cython counts by outcome name (kernel order is the game module's ``*_ROWS``)."""
    counts = wager_counts(TripleBetRules(decks=decks))[wager]
    return Counter({name: int(n) for name, n in zip(ROWS[wager], counts, strict=True) if n})


# --- the kernels against the reference ----------------------------------------------------------
@pytest.mark.parametrize("decks", [1, 2])
@pytest.mark.parametrize("wager", WAGERS)
def test_kernel_counts_every_physical_deal(wager: str, decks: int) -> None:
    expected = reference(wager, decks)
    assert set(expected) <= set(ROWS[wager])
    assert kernel(wager, decks) == expected


def test_reference_sees_every_outcome_at_two_decks() -> None:
    # With one deck Flush-Pair and Ultimate cannot happen (they need two identical cards);
    # with two decks every row occurs, so the comparison above covers every row.
    assert reference_flush(1)["flush-pair"] == 0
    assert reference_three_cards(1)[1]["ultimate"] == 0
    for wager in WAGERS:
        assert set(reference(wager, 2)) == set(ROWS[wager])


@pytest.mark.slow
def test_sandwich_ignores_the_first_flop_card() -> None:
    # Deal in table order, player 1, first flop card, player 2, second flop card, and settle
    # the Sandwich: each count is the kernel's (which leaves the flop card out) times the
    # 52 - 3 = 49 cards the first flop card can be, so every probability is unchanged.
    decks = 1
    counts = Counter(settle_sandwich(p1, p2, second_flop)
                     for p1, _first_flop, p2, second_flop in permutations(shoe(decks), 4))
    without = kernel("sandwich", decks)
    assert counts == Counter({name: 49 * n for name, n in without.items()})
    total, total_without = sum(counts.values()), sum(without.values())
    for name in ROWS["sandwich"]:
        assert Fraction(counts[name], total) == Fraction(without[name], total_without)


def joint_given_players(p1: Card, p2: Card, cards: list[Card]) -> Counter[tuple[str, str, str]]:
    """(Flush, Sandwich, Block) outcomes of every deal of the first flop card, the second flop
    card and the dealer card, physical cards, once the player holds ``p1`` and ``p2``.

    The dealer card is any card left after the two flop cards: its Block outcomes are tallied
    over all the cards the player does not hold, then the two flop cards are taken back out.
    """
    rest = [c for c in cards if c != p1 and c != p2]
    flush = [settle_flush(p1, c) for c in rest]
    sandwich = [settle_sandwich(p1, p2, c) for c in rest]
    block = [settle_block(p1, p2, c) for c in rest]
    dealer = Counter(block)
    flops = Counter((flush[f], sandwich[s], block[f], block[s])
                    for f, s in permutations(range(len(rest)), 2))
    joint: Counter[tuple[str, str, str]] = Counter()
    for (fo, so, block_f, block_s), n in flops.items():
        for bo, m in dealer.items():
            joint[fo, so, bo] += n * (m - (block_f == bo) - (block_s == bo))
    return +joint


@pytest.mark.parametrize(("players", "decks"), [
    ("Kh 7h", 1), ("Kh Kd", 1), ("2c Ac", 1), ("9s 3d", 1),
    pytest.param("Kh Kh", 2, marks=pytest.mark.slow),  # two copies of one card
])
def test_joint_reference_shortcut_is_the_plain_enumeration(players: str, decks: int) -> None:
    # The shortcut in joint_given_players against dealing all three remaining cards.
    cards = shoe(decks)
    first, second = players.split()
    p1 = next(c for c in cards if card_name(c) == first)
    p2 = next(c for c in cards if card_name(c) == second and c != p1)
    rest = [c for c in cards if c != p1 and c != p2]
    plain = Counter((settle_flush(p1, f), settle_sandwich(p1, p2, s), settle_block(p1, p2, b))
                    for f, s, b in permutations(rest, 3))
    assert joint_given_players(p1, p2, cards) == plain


def reference_joint(decks: int, first_cards: list[Card]) -> Counter[tuple[str, str, str]]:
    """Every ordered deal of physical cards in table order (player 1, first flop card,
    player 2, second flop card, dealer card) whose player 1 is one of ``first_cards``."""
    cards = shoe(decks)
    joint: Counter[tuple[str, str, str]] = Counter()
    for p1 in first_cards:
        for p2 in cards:
            if p2 != p1:
                joint += joint_given_players(p1, p2, cards)
    return joint


def kernel_joint(decks: int) -> Counter[tuple[str, str, str]]:
    """The Cython joint counts by (Flush, Sandwich, Block) outcome names."""
    counts = tb_kernels.triple_bet_joint_counts(decks)
    return Counter({(f, s, b): int(counts[i, j, k])
                    for i, f in enumerate(FLUSH_ROWS) for j, s in enumerate(SANDWICH_ROWS)
                    for k, b in enumerate(BLOCK_ROWS) if counts[i, j, k]})


def times(factor: int, counts: Counter[tuple[str, str, str]]) -> Counter[tuple[str, str, str]]:
    return Counter({key: factor * n for key, n in counts.items()})


@pytest.mark.slow
def test_joint_counts_one_deck() -> None:
    full = reference_joint(1, shoe(1))
    assert kernel_joint(1) == full
    # Relabelling the suits maps deals to deals with the same outcomes, so the deals whose
    # first card is a club are a quarter of all deals, outcome by outcome (used just below).
    clubs = [c for c in shoe(1) if c[1] == "c"]
    assert times(4, reference_joint(1, clubs)) == full


@pytest.mark.slow
def test_joint_counts_two_decks() -> None:
    # Two decks: 104 * 103 * 102 * 101 * 100 deals is too many to walk here, so player 1 is
    # taken among the first copy's clubs only. Relabelling suits (4 ways, shown above on one
    # deck) and swapping the two copies of a card (2 ways) map every deal to one of those
    # with the same outcomes, so each count is 8 times theirs. Unlike one deck, this covers
    # deals with two identical cards (Flush-Pair, Ultimate, identical flop cards).
    clubs = [c for c in shoe(2) if c[1] == "c" and c[2] == 0]
    assert kernel_joint(2) == times(8, reference_joint(2, clubs))


@pytest.mark.parametrize("decks", range(1, 9))
def test_joint_counts_agree_with_each_wager(decks: int) -> None:
    # Summing the joint table over the other two wagers gives each wager's own counts times the
    # number of ways to deal the two cards it does not look at.
    joint = tb_kernels.triple_bet_joint_counts(decks)
    single = wager_counts(TripleBetRules(decks=decks))
    n = 52 * decks
    assert (joint.sum(axis=(1, 2)) == single["flush"] * (n - 2) * (n - 3) * (n - 4)).all()
    assert (joint.sum(axis=(0, 2)) == single["sandwich"] * (n - 3) * (n - 4)).all()
    assert (joint.sum(axis=(0, 1)) == single["block"] * (n - 3) * (n - 4)).all()


# --- cycles, probabilities, published figure ----------------------------------------------------
@pytest.mark.parametrize("decks", range(1, 9))
def test_cycles_and_probabilities(decks: int) -> None:
    n = 52 * decks
    cycles = {"flush": n * (n - 1), "sandwich": n * (n - 1) * (n - 2),
              "block": n * (n - 1) * (n - 2),
              "combined": n * (n - 1) * (n - 2) * (n - 3) * (n - 4)}
    for bet, cycle in cycles.items():
        table = analyze("triple-bet", bet, options={"decks": decks})
        assert table.cycle == cycle
        assert sum(table.probability(row) for row in table.rows) == 1


def test_combined_rows_add_the_three_pays() -> None:
    usual = {"flush-pair": 8, "flush-high": 3, "flush-low": 2,
             "triple-sandwich": 15, "straight-sandwich": 7, "sandwich": 1, "match": 1,
             "ultimate": 35, "pair-block": 10, "flush-block": 5, "block": 2, "push": 0}
    table = analyze("triple-bet", "combined", options={"decks": 2})
    assert table.initial_wager == 3
    joint = kernel_joint(2)
    for row in table.rows:
        flush, sandwich, block = row.outcome.split(" / ")
        names = (flush, sandwich, block)
        assert row.pays == sum(usual.get(name, -1) for name in names)
        assert row.combinations == joint[names]
    assert len(table.rows) == len(joint)


@pytest.mark.parametrize("decks", [1, 6, 8])
def test_combined_is_the_mean_of_the_three(decks: int) -> None:
    tables = {bet: analyze("triple-bet", bet, options={"decks": decks})
              for bet in (*WAGERS, "combined")}
    combined = tables.pop("combined")
    assert combined.expected_return == sum(t.expected_return for t in tables.values()) / 3


def test_published_house_edge_is_the_sandwich_wager() -> None:
    # The 2011 Hybrid Triple Bet trial document (docs/references.md, "Sources of the rules")
    # states a house edge of 5.478% under its usual odds, six decks. Only the Sandwich wager
    # rounds to it; Flush (4.5016%), Block (5.3210%) and the three together (5.1002%) do not.
    published = Fraction("5.478")
    edges = {bet: round(analyze("triple-bet", bet).house_edge * 100, 3)
             for bet in (*WAGERS, "combined")}
    assert edges["sandwich"] == published
    assert [bet for bet, edge in edges.items() if edge == published] == ["sandwich"]
    assert any("this is the Sandwich wager's house edge (this table)" in note
               for note in analyze("triple-bet", "sandwich").notes)


@pytest.mark.parametrize(("options", "paytable"), [
    ({"decks": 1}, None), ({"decks": 8}, None), ({}, "other")])
def test_trial_figure_is_claimed_only_where_it_is_the_edge(options: dict[str, int],
                                                           paytable: str | None,
                                                           tmp_path: Path) -> None:
    # The trial document's 5.478% is this table's edge only at 6 decks with the usual pays; at
    # 1 or 8 decks, or with other pays, the note must not call it this table's house edge.
    spec = None
    if paytable is not None:
        spec = str(tmp_path / "sandwich.toml")
        Path(spec).write_text("[pays]\ntriple-sandwich = 20\nstraight-sandwich = 7\n"
                              "sandwich = 1\nmatch = 1\n", encoding="utf-8")
    table = analyze("triple-bet", "sandwich", spec, options)
    assert round(table.house_edge * 100, 3) != Fraction("5.478")
    assert not any("(this table)" in note for note in table.notes)
    assert any("at 6 decks" in note for note in table.notes)


# --- one hand-built example per outcome row, through the kernel hooks ---------------------------
def flush_row(player: str, flop: str) -> str:
    return FLUSH_ROWS[tb_kernels.flush_outcome(parse_card(player), parse_card(flop))]


def sandwich_row(cards: str) -> str:
    first, second, flop = (parse_card(c) for c in cards.split())
    return SANDWICH_ROWS[tb_kernels.sandwich_outcome(first, second, flop)]


def block_row(cards: str) -> str:
    first, second, dealer = (parse_card(c) for c in cards.split())
    return BLOCK_ROWS[tb_kernels.block_outcome(first, second, dealer)]


@pytest.mark.parametrize(("player", "flop", "row"), [
    ("7h", "7h", "flush-pair"),    # the same card from another deck
    ("Kh", "7h", "flush-high"),
    ("Ah", "Kh", "flush-high"),    # ace high
    ("2h", "7h", "flush-low"),
    ("2h", "Ah", "flush-low"),
    ("7s", "7h", "lose"),          # same rank, other suit
    ("As", "2h", "lose"),
])
def test_flush_rows(player: str, flop: str, row: str) -> None:
    assert flush_row(player, flop) == row


@pytest.mark.parametrize(("cards", "row"), [
    ("7c 7d 7h", "triple-sandwich"),
    ("7c 7c 7c", "triple-sandwich"),
    ("6c 8d 7s", "straight-sandwich"),
    ("8d 6c 7s", "straight-sandwich"),   # either order of the player's cards
    ("Qh Ad Ks", "straight-sandwich"),   # Q-K-A
    ("2c 4d 3h", "straight-sandwich"),
    ("2c 9d 5h", "sandwich"),
    ("5c 8d 7h", "sandwich"),            # between but not consecutive
    ("2c Ad Kh", "sandwich"),            # ace high: K is between 2 and A
    ("7c 9d 7h", "match"),
    ("7c 9d 9h", "match"),
    ("7c 8d 7h", "match"),               # neighbours: nothing is strictly between
    ("Ac 3d 2h", "lose"),                # the ace never counts as 1: A-2-3 is no sandwich
    ("7c 7d 9h", "lose"),                # a pair with a different flop card
    ("7c 9d Kh", "lose"),
    ("Kc Ad Qh", "lose"),
])
def test_sandwich_rows(cards: str, row: str) -> None:
    assert sandwich_row(cards) == row


@pytest.mark.parametrize(("cards", "row"), [
    # player 1, player 2, dealer card
    ("Kh Kh 7h", "ultimate"),
    ("Kh Ks 7h", "pair-block"),
    ("Ks Kh 7h", "pair-block"),
    ("Kh 2h 7h", "flush-block"),     # one blocks
    ("Kh Qh 7h", "flush-block"),     # both block
    ("Kh 2c 7h", "block"),
    ("2c Kh 7h", "block"),
    ("7h 2c 7h", "push"),
    ("2c 7h 7h", "push"),
    ("Ks 2c 7h", "lose"),
    ("2h 3h 7h", "lose"),            # right suit, lower
    # precedence
    ("7h Kh 7h", "flush-block"),     # an identical card while the other blocks: a win, not a push
    ("7h Kc 7h", "push"),            # the other card is higher but of another suit
    ("7h 7h 7h", "push"),            # an identical pair that does not block
    ("7h 7s 7h", "push"),            # a pair, one identical to the dealer card
    ("Kh Kh Ah", "lose"),            # identical pair below the dealer card
    ("Kh Kh Kh", "push"),            # identical to the dealer card, not higher
    ("Ks Kc 7h", "lose"),            # a pair, neither of the dealer card's suit
])
def test_block_rows(cards: str, row: str) -> None:
    assert block_row(cards) == row


def test_reference_agrees_with_the_hooks_on_every_card_value() -> None:
    # The reference settlement functions and the kernel hooks on all 52**3 value triples.
    cards = shoe(1)
    index = {card: parse_card(card_name(card)) for card in cards}
    for a in cards:
        for b in cards:
            assert FLUSH_ROWS[tb_kernels.flush_outcome(index[a], index[b])] == settle_flush(a, b)
            for c in cards:
                i, j, k = index[a], index[b], index[c]
                sandwich = tb_kernels.sandwich_outcome(i, j, k)
                assert SANDWICH_ROWS[sandwich] == settle_sandwich(a, b, c)
                assert BLOCK_ROWS[tb_kernels.block_outcome(i, j, k)] == settle_block(a, b, c)


def test_unknown_bet_is_named_without_a_pay_table() -> None:
    with pytest.raises(EdgeError, match="'nope'"):
        GAME.bet("nope")


def test_each_bet_owns_its_hooks() -> None:
    """Every wager analyses and simulates through its own hooks, with its own rows."""
    rules = TripleBetRules(decks=2)
    for bet in GAME.bets:
        table = bet.table(GAME.wager(None, rules))
        assert table.bet == bet.name
        assert bet.strategy is None
        simulator = bet.simulator(GAME.wager(bet.paytable(None), rules))
        assert simulator is not None
        if bet.name == "combined":
            assert len(simulator.outcomes) == len(FLUSH_ROWS) * len(SANDWICH_ROWS) * len(BLOCK_ROWS)
        else:
            assert {row.outcome for row in table.rows} == set(simulator.outcomes)
            assert set(OUTCOMES[bet.name]) < set(simulator.outcomes)


def test_kernel_row_orders_follow_the_kernel_outcomes() -> None:
    """The exported row names index the kernel's outcome numbers: one example of each row."""
    def flush(cards: str) -> str:
        a, b = parse_cards(cards, distinct=False)
        return FLUSH_ROWS[tb_kernels.flush_outcome(a, b)]

    assert [flush(c) for c in ("9h 9h", "Qh 9h", "9h Qh", "9h 9s")] == list(FLUSH_ROWS)
    sandwich = [SANDWICH_ROWS[tb_kernels.sandwich_outcome(*parse_cards(c, distinct=False))]
                for c in ("7c 7d 7h", "6c 8d 7h", "2c 9d 5h", "2c 9d 9h", "2c 3d 4h")]
    assert sandwich == list(SANDWICH_ROWS)
    block = [BLOCK_ROWS[tb_kernels.block_outcome(*parse_cards(c, distinct=False))]
             for c in ("Kh Kh 9h", "Kh Ks 9h", "Kh 2h 9h", "Kh 2c 9h", "9h 2c 9h", "8h 2c 9h")]
    assert block == list(BLOCK_ROWS)
    assert tb_kernels.MAX_DECKS >= 8


@pytest.mark.parametrize("decks", [0, -1, tb_kernels.MAX_DECKS + 1])
def test_kernels_refuse_a_bad_number_of_decks(decks: int) -> None:
    with pytest.raises(ValueError, match=f"decks={decks} "):
        tb_kernels.triple_bet_counts(decks)
    with pytest.raises(ValueError, match=f"decks={decks} "):
        tb_kernels.triple_bet_joint_counts(decks)


def test_kernel_counts_are_exact_at_the_deck_bound() -> None:
    """At MAX_DECKS every count still fits int64: the totals are the exact numbers of deals."""
    cards = 52 * tb_kernels.MAX_DECKS
    flush, sandwich, block = tb_kernels.triple_bet_counts(tb_kernels.MAX_DECKS)
    assert int(flush.sum()) == cards * (cards - 1)
    assert int(sandwich.sum()) == int(block.sum()) == cards * (cards - 1) * (cards - 2)
    joint = tb_kernels.triple_bet_joint_counts(tb_kernels.MAX_DECKS)
    assert int(joint.min()) >= 0
    assert int(joint.sum()) == cards * (cards - 1) * (cards - 2) * (cards - 3) * (cards - 4)


@pytest.mark.parametrize(("call", "bad"), [
    (lambda: tb_kernels.flush_outcome(52, 0), "player=52"),
    (lambda: tb_kernels.flush_outcome(0, -1), "flop=-1"),
    (lambda: tb_kernels.sandwich_outcome(0, 60, 1), "second=60"),
    (lambda: tb_kernels.sandwich_outcome(0, 1, -3), "middle=-3"),
    (lambda: tb_kernels.block_outcome(-1, 0, 1), "first=-1"),
    (lambda: tb_kernels.block_outcome(0, 1, 99), "dealer=99"),
], ids=lambda value: value if isinstance(value, str) else "")
def test_kernel_outcomes_refuse_a_card_out_of_range(call: Callable[[], int], bad: str) -> None:
    with pytest.raises(ValueError, match=bad):
        call()
