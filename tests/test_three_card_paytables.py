"""Tri-Card Poker's named pay tables, the mini-royal split outcome and published house edges
(docs/rules.md section 2.7, docs/references.md section 2).

Every count here is checked against a plain enumeration of the 22,100 three-card hands written
in this file (it never calls the kernels), and every named table's house edge against its
published figure, to the precision it was published with.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.errors import EdgeError, PayTableError
from edge.games import get_game, resolve_paytables
from edge.games.three_card_poker.rules import ThreeCardRules
from edge.games.three_card_poker.simulation import simulate_ante, simulate_pair_plus
from edge.paytables import PayTable, accepted_orders, make_paytable, resolve_paytable
from edge.report import figures_digest

GAME = get_game("three-card-poker")
RULES = ThreeCardRules()                  # the game's defaults, as GAME.make_rules() gives them
HANDS = 22100
DEALER_HANDS = 18424

# --- a plain enumeration of the 22,100 hands (card = rank * 4 + suit, rank 0 = deuce) ---------


def plain_class(cards: tuple[int, int, int]) -> str:
    """The hand's pay class, read from its ranks and suits alone (A-2-3 a straight)."""
    ranks = sorted(card // 4 for card in cards)
    flush = len({card % 4 for card in cards}) == 1
    straight = (len(set(ranks)) == 3 and ranks[2] - ranks[0] == 2) or ranks == [0, 1, 12]
    if straight and flush:
        return "mini-royal" if ranks == [10, 11, 12] else "straight-flush"
    if len(set(ranks)) == 1:
        return "three-of-a-kind"
    if straight:
        return "straight"
    if flush:
        return "flush"
    return "pair" if len(set(ranks)) == 2 else "high-card"


PLAIN = Counter(plain_class(hand) for hand in itertools.combinations(range(52), 3))


def plain_pair_plus_edge(pays: dict[str, int]) -> Fraction:
    """The Pair Plus house edge from the plain counts; a table without the mini-royal pays it
    as a straight flush."""
    paid = {**pays, "mini-royal": pays.get("mini-royal", pays["straight-flush"])}
    total = sum(paid.get(name, -1) * count for name, count in PLAIN.items())
    return -Fraction(total, HANDS)


def rounds_to(value: Fraction, published: str) -> bool:
    """Whether ``value`` (a share) in percent rounds half up to ``published`` ("7.10")."""
    places = len(published.partition(".")[2])
    scaled = value * 100 * 10 ** places
    return int(scaled + Fraction(1, 2)) == int(published.replace(".", ""))


def test_plain_enumeration_splits_four_mini_royals_from_the_48_straight_flushes() -> None:
    assert PLAIN == {"mini-royal": 4, "straight-flush": 44, "three-of-a-kind": 52,
                     "straight": 720, "flush": 1096, "pair": 3744, "high-card": 16440}


# (preset, pays label, published house edge or None, source)
PAIR_PLUS = [
    ("3", "40-30-6-4-1", "2.32", "J. Grochowski, 'Three Card Poker and Pair Plus', "
     "casinocitytimes.com"),
    ("common", "40-30-6-3-1", "7.28", "the same article"),
    ("straight-5", "40-30-5-4-1", "5.57", "J. Grochowski, 'A rare Pair Plus payout at Three "
     "Card Poker', online.casinocity.com"),
    ("2", "40-25-6-4-1", "3.49", "Wizard of Odds, 'Three Card Poker', Pairplus section"),
    ("1", "35-25-6-4-1", "4.58", "Wizard of Odds, 'Three Card Poker', Pairplus section"),
    ("trips-33", "35-33-6-4-1", None, "no published figure found (rules.md section 2.9)"),
    ("mini-royal-50", "50-40-30-6-3-1", "7.10", "J. Grochowski, 'Mini royal payoffs in Three "
     "Card Poker', tunicatravel.com"),
    ("mini-royal-50-straight-5", "50-40-30-5-4-1", "5.39", "J. Grochowski, 'A rare Pair Plus "
     "payout at Three Card Poker', online.casinocity.com"),
    ("mini-royal-100-straight-5", "100-40-30-5-4-1", "4.49", "the same article"),
]


@pytest.mark.parametrize(("name", "label", "published", "source"), PAIR_PLUS)
def test_pair_plus_named_tables(name: str, label: str, published: str | None,
                                source: str) -> None:
    bet = GAME.bet("pair-plus")
    table = bet.paytable(name)
    assert table is not None and table.label() == label
    assert bet.paytable(label) == table            # the trade's label names it too
    result = GAME.analyze("pair-plus", table, RULES)
    assert result.house_edge == plain_pair_plus_edge(
        {key: int(value) for key, value in table.pays})
    rows = {row.outcome: row.combinations for row in result.rows}
    splits = "mini-royal" in table
    assert rows.get("mini-royal", 0) == (4 if splits else 0)
    assert rows["straight-flush"] == (44 if splits else 48)
    if published is not None:
        assert rounds_to(result.house_edge, published), (source, float(result.house_edge))


@pytest.mark.parametrize(("name", "published"), [("3", "2.3"), ("2", "3.5"), ("1", "4.6")])
def test_pair_plus_help_page_tables_published_to_one_decimal(name: str, published: str) -> None:
    """J. Grochowski, "By Any Other Name", online.casinocity.com: 40-30-6-4-1 2.3%, 25-1 on
    three of a kind (40-25-6-4-1) 3.5%, and 35-25-6-4-1 4.6%."""
    table = GAME.analyze("pair-plus", GAME.bet("pair-plus").paytable(name), RULES)
    assert rounds_to(table.house_edge, published)


# Ante Bonus tables: (preset, pays label, published figure kind, published value). 5-4-1: J.
# Grochowski, "Three Card Poker dissected", casinocitytimes.com; 5-3-1: "Three Card Poker is
# easy, fun and a good bet", poker-corner.com (its "house edge on the ante/play bet" is per
# unit wagered, the element of risk); 4-3-1 and 3-2-1: no published figure found.
ANTE = [("3", "5-4-1", "house edge", "3.37"), ("trips-3", "5-3-1", "element of risk", "2.16"),
        ("2", "4-3-1", None, None), ("1", "3-2-1", None, None)]


@pytest.mark.parametrize(("name", "label", "kind", "published"), ANTE)
def test_ante_named_tables(name: str, label: str, kind: str | None,
                           published: str | None) -> None:
    """Each Ante Bonus table under the optimal strategy. The strategy stays "raise Q-6-4 or
    better", which raises every straight or better, so a table's house edge differs from the
    published 5-4-1 figure by exactly the changed bonuses times the plain class counts."""
    base = GAME.analyze("ante", GAME.bet("ante").paytable("3"), RULES)
    assert base.paytable is not None
    table = GAME.bet("ante").paytable(name)
    assert table is not None and table.label() == label
    result = GAME.analyze("ante", table, RULES)
    assert dict(result.decisions) == dict(base.decisions)
    changed = sum((table[k] - base.paytable[k]) * PLAIN[k] for k in table)
    changed += (table["straight-flush"] - base.paytable["straight-flush"]) * PLAIN["mini-royal"]
    assert result.house_edge == base.house_edge - changed / HANDS
    if kind == "house edge":
        assert published is not None and rounds_to(result.house_edge, published)
    elif kind == "element of risk":
        assert published is not None and rounds_to(result.element_of_risk, published)


# --- split outcomes ---------------------------------------------------------------------------


def test_accepted_orders_put_the_split_before_its_parent() -> None:
    outcomes = GAME.bet("pair-plus").outcomes
    splits = GAME.bet("pair-plus").splits
    assert accepted_orders(outcomes) == (outcomes,)
    assert accepted_orders(outcomes, splits) == (outcomes, ("mini-royal", *outcomes))
    combined = GAME.bet("combined")
    orders = accepted_orders(combined.outcomes, combined.splits)
    assert len(orders) == 4 and orders[0] == combined.outcomes
    assert all(order.index(f"{part}.mini-royal") + 1
               == order.index(f"{part}.straight-flush")
               for order in orders for part in ("pair-plus", "ante-bonus")
               if f"{part}.mini-royal" in order)


def test_a_table_without_the_split_pays_it_as_the_parent() -> None:
    bet = GAME.bet("pair-plus")
    plain = make_paytable("x", {"straight-flush": 40, "three-of-a-kind": 30, "straight": 6,
                                "flush": 3, "pair": 1}, bet.outcomes, splits=bet.splits)
    assert plain.pay_for("mini-royal", bet.splits) == 40
    listed = make_paytable("y", {"pair": 1, "flush": 3, "straight": 6, "three-of-a-kind": 30,
                                 "straight-flush": 40, "mini-royal": 40},
                           bet.outcomes, splits=bet.splits)
    assert list(listed)[0] == "mini-royal"      # read back in the accepted order
    one, two = (GAME.analyze("pair-plus", t, RULES) for t in (plain, listed))
    assert one.expected_return == two.expected_return
    with pytest.raises(PayTableError, match="split out: mini-royal"):
        make_paytable("z", {"royal": 1}, bet.outcomes, splits=bet.splits)
    with pytest.raises(PayTableError, match="mini-royal"):
        make_paytable("z", dict(listed.pays), bet.outcomes)   # a bet without the split


def test_a_toml_table_with_the_mini_royal(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text("[pays]\nmini-royal = 100\nstraight-flush = 40\nthree-of-a-kind = 30\n"
                    "straight = 5\nflush = 4\npair = 1\n", encoding="utf-8")
    table = GAME.bet("pair-plus").paytable(str(path))
    assert table is not None and table.label() == "100-40-30-5-4-1"
    assert table.pays == GAME.bet("pair-plus").presets["mini-royal-100-straight-5"].pays


def test_the_combined_bet_follows_a_part_with_the_mini_royal() -> None:
    chosen = resolve_paytables(GAME, ["pair-plus=mini-royal-50"])
    combined = chosen["combined"]
    assert combined is not None
    assert combined["pair-plus.mini-royal"] == 50 and combined["pair-plus.flush"] == 3
    assert "ante-bonus.mini-royal" not in combined
    table = GAME.analyze("combined", combined, RULES)
    ante = GAME.analyze("ante", chosen["ante"], RULES)
    pair_plus = GAME.analyze("pair-plus", chosen["pair-plus"], RULES)
    # Only high-card hands fold, and they lose the Pair Plus anyway: the two wagers add up.
    assert table.expected_return * 2 == ante.expected_return + pair_plus.expected_return
    rows = {row.outcome: row.combinations for row in table.rows}
    assert sum(v for k, v in rows.items() if k.startswith("mini-royal")) == 4 * DEALER_HANDS
    # A part without the mini-royal takes it out again.
    back = resolve_paytables(GAME, ["pair-plus=common"])
    assert back["combined"] is not None and "pair-plus.mini-royal" not in back["combined"]
    with pytest.raises(PayTableError, match="given two pay tables"):
        resolve_paytables(GAME, ["pair-plus=mini-royal-50", "pair-plus=common"])
    with pytest.raises(PayTableError, match="disagree"):
        resolve_paytables(GAME, ["combined=3", "pair-plus=mini-royal-50"])


def test_a_combined_table_and_a_part_disagreeing_on_the_mini_royal(tmp_path: Path) -> None:
    path = tmp_path / "original-with-royal.toml"
    path.write_text("[pays]\nmini-royal = 50\nstraight-flush = 40\nthree-of-a-kind = 30\n"
                    "straight = 6\nflush = 4\npair = 1\n", encoding="utf-8")
    with pytest.raises(PayTableError, match="pays pair-plus.mini-royal 40 but .* mini-royal 50"):
        resolve_paytables(GAME, ["combined=3", f"pair-plus={path}"])
    same = resolve_paytables(GAME, ["combined=3", "pair-plus=3"])["combined"]
    assert same == GAME.bet("combined").presets["3"]


def test_the_ante_bonus_may_split_the_mini_royal_too() -> None:
    bet = GAME.bet("ante")
    table = resolve_paytable(PayTable("mr", (("mini-royal", Fraction(50)),
                                             ("straight-flush", Fraction(5)),
                                             ("three-of-a-kind", Fraction(4)),
                                             ("straight", Fraction(1)))),
                             bet.presets, "3", bet.outcomes, splits=bet.splits)
    result = GAME.analyze("ante", table, RULES)
    base = GAME.analyze("ante", bet.paytable("3"), RULES)
    rows = {row.outcome: row.combinations for row in result.rows}
    assert sum(v for k, v in rows.items() if k.startswith("mini-royal /")) == 4 * DEALER_HANDS
    assert sum(v for k, v in rows.items() if k.startswith("straight-flush /")) \
        == 44 * DEALER_HANDS
    assert result.expected_return - base.expected_return == Fraction(45 * 4, HANDS)


def test_the_simulation_pays_the_mini_royal_by_its_own_evaluator() -> None:
    def cards(*names: str) -> np.ndarray:
        ranks, suits = "23456789TJQKA", "cdhs"
        return np.array([[ranks.index(n[0]) * 4 + suits.index(n[1])] for n in names],
                        dtype=np.int16)

    mini_royal = cards("Ah", "Kh", "Qh", "2c", "7d", "9s")
    straight_flush = cards("Kh", "Qh", "Jh", "2c", "7d", "9s")
    split = simulate_pair_plus(GAME.bet("pair-plus").paytable("mini-royal-50"), RULES)
    plain = simulate_pair_plus(GAME.bet("pair-plus").paytable("common"), RULES)
    for simulator, hand, row, pay in ((split, mini_royal, "mini-royal", 50),
                                      (split, straight_flush, "straight-flush", 40),
                                      (plain, mini_royal, "straight-flush", 40)):
        outcome, net = simulator.settle(hand)
        assert simulator.outcomes[int(outcome[0])] == row
        assert Fraction(int(net[0]), simulator.scale) == pay
    ante = simulate_ante(make_paytable("mr", {"mini-royal": 50, "straight-flush": 5,
                                              "three-of-a-kind": 4, "straight": 1},
                                       GAME.bet("ante").outcomes, splits={
                                           "mini-royal": "straight-flush"}), RULES)
    outcome, net = ante.settle(mini_royal)        # the dealer's 9-7-2 does not qualify
    assert ante.outcomes[int(outcome[0])] == "mini-royal / dealer-does-not-qualify"
    assert Fraction(int(net[0]), ante.scale) == 1 + 50


def test_unknown_split_outcome_in_a_combined_part_is_one_error() -> None:
    with pytest.raises(EdgeError, match="Unknown outcome 'royal'"):
        make_paytable("x", {"royal": 1}, GAME.bet("combined").outcomes,
                      splits=GAME.bet("combined").splits)


def test_tune_splits_the_mini_royal_out_of_a_table_without_it(edge_cli) -> None:
    """Varying the mini-royal from table 3 (which pays it as a straight flush) starts from the
    straight flush's pay and lists six-pay tables that --paytable reads back."""
    result = edge_cli("tune", "three-card-poker", "--bet", "pair-plus", "--target-edge", "2%",
                      "--vary", "mini-royal=40..60", "--limit", "3")
    assert result.status == 0, result.err
    labels = [word for line in result.out.splitlines() for word in line.split()
              if word.count("-") == 5]
    assert labels and all(label.endswith("-40-30-6-4-1") for label in labels)
    for label in labels:
        mini_royal = int(label.split("-")[0])
        expected = plain_pair_plus_edge({"mini-royal": mini_royal, "straight-flush": 40,
                                         "three-of-a-kind": 30, "straight": 6, "flush": 4,
                                         "pair": 1})
        table = GAME.analyze("pair-plus", GAME.bet("pair-plus").paytable(label), RULES)
        assert table.house_edge == expected


# --- one report, one set of tables (issue 23 item 10) --------------------------------------------

def _digest(specs: list[str]) -> tuple[dict[str, str], str]:
    chosen = resolve_paytables(GAME, specs)
    tables = {bet.name: GAME.analyze(bet.name, chosen[bet.name], RULES) for bet in GAME.bets}
    names = {name: table.name for name, table in chosen.items() if table is not None}
    return names, figures_digest(tables)


def test_a_combined_table_sets_its_parts_tables() -> None:
    chosen = resolve_paytables(GAME, ["combined=35-20-7-4-1-5-4-1"])
    pair_plus, ante, combined = chosen["pair-plus"], chosen["ante"], chosen["combined"]
    assert pair_plus is not None and ante is not None and combined is not None
    assert pair_plus.label() == "35-20-7-4-1" and pair_plus.name == "35-20-7-4-1"
    assert ante == GAME.bet("ante").presets["3"]
    for key, pay in combined.pays:
        part, _, outcome = key.partition(".")
        assert (pair_plus if part == "pair-plus" else ante)[outcome] == pay
    # a split outcome of the combined table reaches its part, which then names its preset
    royal = resolve_paytables(GAME, ["combined=50-40-30-6-3-1-5-5-4-1"])   # 9 pays: ambiguous
    assert royal["pair-plus"] == GAME.bet("pair-plus").presets["mini-royal-50"]
    # a part given a table of its own that disagrees is an error naming both
    with pytest.raises(PayTableError, match="combined=35-20-7-4-1-5-4-1.*pair-plus=3"):
        resolve_paytables(GAME, ["combined=35-20-7-4-1-5-4-1", "pair-plus=3"])


def test_the_same_pays_however_given_have_one_name_and_digest(tmp_path: Path) -> None:
    # the way `edge tune --write` writes a table: its name is the label
    path = tmp_path / "pair-plus-1-35-20-7-4-1.toml"
    table = GAME.bet("pair-plus").paytable("35-20-7-4-1")
    assert table is not None
    path.write_text("\n".join(table.toml_lines("pair-plus")) + "\n", encoding="utf-8")
    ways = [["combined=35-20-7-4-1-5-4-1"], ["pair-plus=35-20-7-4-1"],
            [f"pair-plus={path}"], ["pair-plus=35-20-7-4-1", "ante=3"],
            ["35-20-7-4-1-5-4-1"], ["pair-plus=35:1-20-7-4-1", "combined=35-20-7-4-1-5-4-1"]]
    found = [_digest(specs) for specs in ways]
    assert all(one == found[0] for one in found), found
    assert found[0][0] == {"ante": "3", "pair-plus": "35-20-7-4-1",
                           "combined": "35-20-7-4-1-5-4-1"}
    # a file with a preset's pays is that preset, as its name or label typed is
    preset = GAME.bet("pair-plus").presets["straight-5"]
    path.write_text("\n".join(replace(preset, name="40-30-5-4-1").toml_lines("pair-plus"))
                    + "\n", encoding="utf-8")
    named = [_digest([f"pair-plus={spec}"]) for spec in ("straight-5", "40-30-5-4-1", path)]
    assert all(one == named[0] for one in named)
    assert named[0][0]["pair-plus"] == "straight-5"
