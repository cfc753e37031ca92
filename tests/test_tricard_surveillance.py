"""What surveillance should watch for at Tri-Card Poker (issue 27 part 3; docs/protection.md):
the informed player's raise/fold decisions against basic strategy (Q-6-4), as exact shares of
the exposed cycle, by seen card and by player hand.

The independent check is a plain enumeration of every deal written in the tests (numpy, never the
kernels: tests/test_three_card_poker_exposure.py's helpers) with one dealer card seen, basic
strategy read from its published words ("raise Q-6-4 or better": J. Grochowski, "Three Card
Poker Dissected", casinocitytimes.com, 19 December 2021).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from edge.cards import RANKS
from edge.document import Report, render
from edge.games import RunSettings
from edge.games.three_card_poker import GAME
from edge.games.three_card_poker.exposure_strategy import exposed_solution
from edge.games.three_card_poker.pays import PRESETS
from edge.games.three_card_poker.rules import OPTIMAL, Seen
from edge.games.three_card_poker.strategy import ante_decision, solve
from edge.games.three_card_poker.surveillance import Watch, watch
from edge.table import percent
from tests.test_three_card_poker_exposure import (
    CLASSES,
    HANDS,
    SUIT_CLASSES,
    ante_extra,
    plain_counts,
    plain_decisions,
)

pytestmark = pytest.mark.kernels
RUN = RunSettings()
QUEEN = 10
MADE = {1: "pair", 2: "flush", 3: "straight", 4: "three of a kind", 5: "straight flush"}


def plain_basic(hand: int) -> bool:
    """Basic strategy in its published words: raise Q-6-4 or better."""
    ranks = tuple(sorted((int(c) >> 2 for c in HANDS[hand]), reverse=True))
    return bool(CLASSES[hand] > 0) or ranks >= (QUEEN, 4, 2)


def plain_row(hand: int) -> str:
    """The surveillance grid's row, as docs/protection.md names it."""
    if CLASSES[hand] > 0:
        return MADE[int(CLASSES[hand])]
    top, second = sorted((int(c) >> 2 for c in HANDS[hand]), reverse=True)[:2]
    return f"{RANKS[top]}-{RANKS[second]}-x" if top >= QUEEN else "J-x-x or lower"


def plain_watch() -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """Every deal with one dealer card seen: per seen rank and per player-hand row, the deals,
    the informed player's raises, the raises basic strategy folds and the folds it raises."""
    by_rank: dict[str, list[int]] = {rank: [0, 0, 0, 0] for rank in RANKS}
    by_row: dict[str, list[int]] = {}
    for start in range(0, len(SUIT_CLASSES), 150):
        batch = SUIT_CLASSES[start:start + 150]
        hands = [hand for hand, _ in batch]
        counts = plain_counts(hands, Seen.DEALER_1)
        _, raised = plain_decisions(counts, [ante_extra(hand) for hand in hands])
        for i, (hand, size) in enumerate(batch):
            deals = counts[i].sum(axis=1) * size          # per seen card
            basic = plain_basic(hand)
            row = by_row.setdefault(plain_row(hand), [0, 0, 0, 0])
            for card in range(52):
                up = int(deals[card]) if raised[i][card] and not basic else 0
                down = int(deals[card]) if basic and not raised[i][card] else 0
                add = (int(deals[card]), int(deals[card]) * bool(raised[i][card]), up, down)
                for totals in (by_rank[RANKS[card >> 2]], row):
                    for k in range(4):
                        totals[k] += add[k]
    return by_rank, by_row


@pytest.fixture(scope="module")
def plain() -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    return plain_watch()


@pytest.fixture(scope="module")
def found() -> Watch:
    rules = GAME.make_rules({"seen": "dealer-1"})
    pays = ante_decision(PRESETS["ante"]["3"])
    basic = solve(pays, GAME.make_rules({"strategy": OPTIMAL.name}))
    return watch(exposed_solution(pays, rules), basic.optimal)


def test_shares_by_seen_card_match_a_plain_enumeration(found: Watch, plain: tuple[
        dict[str, list[int]], dict[str, list[int]]]) -> None:
    by_rank, _ = plain
    assert found.columns == tuple(RANKS)
    for k, rank in enumerate(RANKS):
        mine = [int(getattr(found, name)[:, k].sum()) for name in ("deals", "raised", "up",
                                                                    "down")]
        assert mine == by_rank[rank], rank
    assert found.cycle == 22100 * 18424 * 3


def test_shares_by_player_hand_match_a_plain_enumeration(found: Watch, plain: tuple[
        dict[str, list[int]], dict[str, list[int]]]) -> None:
    _, by_row = plain
    assert set(found.rows) == set(by_row)
    for r, row in enumerate(found.rows):
        mine = [int(getattr(found, name)[r].sum()) for name in ("deals", "raised", "up",
                                                                 "down")]
        assert mine == by_row[row], row


def test_the_report_sections_say_it_in_plain_rules(plain: tuple[
        dict[str, list[int]], dict[str, list[int]]]) -> None:
    """The hook's plain rule for a 2 to J seen: the informed player raises every hand, and the
    share of those raises basic strategy folds is the plain enumeration's; the surveillance
    tables and the coloured grid render in every format."""
    by_rank, _ = plain
    low = [by_rank[rank] for rank in RANKS[:RANKS.index("Q")]]
    raised, up = sum(r[1] for r in low), sum(r[2] for r in low)
    assert raised == sum(r[0] for r in low)
    wager = GAME.wager(None, GAME.make_rules({"seen": "dealer-1"}), RUN)
    sections = GAME.bet("ante").surveillance(wager)
    report = Report("surveillance", (), tuple(sections))
    text = render(report, "text")
    assert (f"Seen 2 to J: raises every hand: {percent(Fraction(up, raised))} of its raises "
            "there are hands basic strategy folds.") in text
    assert "Seen A: raise A-9-2 (high card) or better" in text
    for fmt in ("markdown", "html", "json"):
        assert "K-8-x" in render(report, fmt)
    # no exposure: nothing to watch for
    assert GAME.bet("ante").surveillance(GAME.wager(None, GAME.make_rules({}), RUN)) == []


# seconds each: one in the plain run, the others slow
@pytest.mark.parametrize("seen", [seen if seen == "split-1" else
                                  pytest.param(seen, marks=pytest.mark.slow)
                                  for seen in ("dealer-2", "dealer-3", "sorted-2", "split-1")])
def test_every_scenario_has_its_surveillance_section(seen: str) -> None:
    """Counts of every scenario cover the exposed cycle once; departures both ways are counted
    within it."""
    rules = GAME.make_rules({"seen": seen})
    pays = ante_decision(PRESETS["ante"]["3"])
    basic = solve(pays, GAME.make_rules({}))
    found = watch(exposed_solution(pays, rules), basic.optimal)
    assert int(found.deals.sum()) == found.cycle
    assert (found.up <= found.raised).all() and (found.down <= found.deals - found.raised).all()
    assert np.array_equal(found.raised - found.up + found.down, found.basic)
    sections = GAME.bet("combined").surveillance(GAME.wager(None, rules, RUN))
    assert sections and "combined" in sections[0].title
