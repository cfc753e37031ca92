"""Games with a dealer's hand from a file (issue 36, second landing): a hidden dealer hand, a
qualifying rule, wagers paid apart ([dealer], [settle]), solved exactly.

Each expectation comes from a plain computation written here (every deal of a small two-card
game enumerated, the best option taken hand by hand, never calling the solve), from edge's own
Tri-Card Poker solver (written apart from the game files, over its own compiled kernel), or from
a published figure:
- Three Card Poker, Ante and Play with the Ante Bonus 5-4-1 under the optimal strategy: 3.37%
  per Ante, 2.01% of the total wagered (Wizard of Odds, "Three Card Poker",
  https://wizardofodds.com/games/three-card-poker/; the same figures in J. Grochowski, "The
  Three Card Poker problem", casinocitytimes.com, 28 December 2017);
- Pair Plus 40-30-6-3-1: 7.28%; 40-30-6-4-1: 2.32% (the same two sources).
"""

from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.cli import main
from edge.decisions.file import read_game_file
from edge.decisions.game import make_game
from edge.games.three_card_poker import GAME as TRI_CARD
from edge.games.three_card_poker import ThreeCardRules
from edge.table import ReturnTable

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
THREE_CARD_POKER = EXAMPLES / "three-card-poker.toml"


def _table(path: Path, paytable: str | None = None, **options: object) -> ReturnTable:
    game = make_game(read_game_file(path))
    bet = game.bets[0]
    table = bet.presets[paytable] if paytable else None
    return game.analyze(None, table, game.make_rules(options))


def test_three_card_poker_gives_the_built_in_solvers_exact_returns() -> None:
    """Ante, Play, Ante Bonus and Pair Plus (a fold losing the Pair Plus too, as the built-in
    game's default): the built-in combined bet quotes per 2 units staked, the file per Ante."""
    combined = TRI_CARD.analyze("combined", None, ThreeCardRules())
    table = _table(THREE_CARD_POKER)
    assert table.expected_return == -2 * combined.house_edge
    assert table.cycle == math.comb(52, 3) * math.comb(49, 3) == combined.cycle
    ante = TRI_CARD.analyze("ante", None, ThreeCardRules())
    alone = _table(THREE_CARD_POKER, pair_plus=0)
    assert alone.expected_return == -ante.house_edge
    assert dict(alone.decisions)["play"] == dict(ante.decisions)["raise"]


def test_three_card_poker_reproduces_the_published_figures() -> None:
    alone = _table(THREE_CARD_POKER, pair_plus=0)
    assert round(float(-alone.expected_return) * 100, 2) == 3.37
    assert round(float(alone.element_of_risk) * 100, 2) == 2.01


PAIR_PLUS_ONLY = {"ante = { not-qualified = 1, win = 1, tie = 0, lose = -1, bonus = true }":
                  "ante = { not-qualified = 0, win = 0, tie = 0, lose = 0 }",
                  "play = { not-qualified = 0, win = 1, tie = 0, lose = -1 }":
                  "play = { not-qualified = 0, win = 0, tie = 0, lose = 0 }",
                  "ante = { straight-flush = 5, three-of-a-kind = 4, straight = 1, flush = 0, "
                  "pair = 0, other = 0 }\n": ""}


@pytest.mark.parametrize(("paytable", "edge"), [("standard", "2.32"), ("flush-3", "7.28")])
def test_the_pair_plus_through_the_file_is_the_published_pair_plus(
        tmp_path: Path, paytable: str, edge: str) -> None:
    """With the Ante and Play paying nothing either way, playing every hand is best (a fold
    would lose the Pair Plus) and the round returns the Pair Plus alone."""
    text = THREE_CARD_POKER.read_text(encoding="utf-8")
    for old, new in PAIR_PLUS_ONLY.items():
        assert old in text
        text = text.replace(old, new)
    path = tmp_path / "pair-plus.toml"
    path.write_text(text, encoding="utf-8")
    table = _table(path, paytable)
    assert f"{float(-table.expected_return) * 100:.2f}" == edge
    assert dict(table.decisions).get("fold", 0) == 0


SMALL = """name = "two-card-showdown"
title = "Two-card showdown"

[shoe]
decks = 1

[deal]
player = 2
dealer = 2

[game]
wagers = { ante = 1, raise = 0, bonus = 1 }
ties = "{ties}"

[[decision]]
name = "raise-or-fold"
seen = 2
options = [
    { name = "fold", fold = true },
    { name = "raise-1x", set = { raise = 1 } },
    { name = "raise-2x", set = { raise = 2 } },
]

[dealer]
hand = "dealer"
qualifies = "same_rank(dealer) or high_rank(dealer) >= 9"
showdown = "high_rank(player) > high_rank(dealer)"

[settle]
ante = { not-qualified = 1, win = 1, tie = 0, lose = -1, bonus = true }
raise = { not-qualified = 0, win = "hand", tie = 0, lose = -1 }
bonus = "hand"

[[outcome]]
name = "pair"
when = "same_rank(player)"

[[outcome]]
name = "suited"
when = "same_suit(player)"

[paytables.standard]
ante = { pair = 1, suited = 0, other = 0 }
raise = { pair = 2, suited = "3:2", other = 1 }
bonus = { pair = 5, suited = 2, other = -1 }
"""


@functools.cache
def _small_game_counts() -> list[tuple[int, int, tuple[int, int, int, int]]]:
    """For every player hand of the small game: its kind (0 pair, 1 suited, 2 other), the
    dealer hands of the cards left, and how many of them do not qualify, lose to the
    player's, tie it, beat it; a plain loop over the player hands, counting the dealer's."""
    rank = np.arange(52) // 4
    dealer = np.array(list(itertools.combinations(range(52), 2)))
    high = rank[dealer].max(axis=1)
    qualifies = (rank[dealer[:, 0]] == rank[dealer[:, 1]]) | (high >= 7)   # 9: rank index 7
    found = []
    for a, b in itertools.combinations(range(52), 2):
        kind = 0 if rank[a] == rank[b] else 1 if a % 4 == b % 4 else 2
        mine = max(rank[a], rank[b])
        free = ~np.isin(dealer, (a, b)).any(axis=1)
        q, h = qualifies[free], high[free]
        found.append((kind, int(free.sum()), (int((~q).sum()), int((q & (h < mine)).sum()),
                                             int((q & (h == mine)).sum()),
                                             int((q & (h > mine)).sum()))))
    return found


def _small_game_by_hand(larger: bool) -> tuple[Fraction, int, dict[str, int]]:
    """The small game's exact return per Ante, its cycle and how often each option is taken:
    each player hand takes its best option, valued over every dealer hand of the cards left."""
    ante_bonus, raise_pays, bonus = (1, 0, 0), (2, Fraction(3, 2), 1), (5, 2, -1)
    total, taken = Fraction(0), {"fold": 0, "raise-1x": 0, "raise-2x": 0}
    for kind, hands, (unqualified, wins, _tied, losses) in _small_game_counts():
        options = [("fold", Fraction(-2 * hands))]
        for amount in (1, 2):
            # the Ante: 1 when the dealer does not qualify or loses, 0 on a tie, -1 on a loss,
            # with its bonus on every hand played; the raise: the hand's pay on a win, 0 on a
            # tie or when the dealer does not qualify
            value = (unqualified + wins * (1 + amount * raise_pays[kind])
                     - losses * (1 + amount) + hands * (ante_bonus[kind] + bonus[kind]))
            options.append((f"raise-{amount}x", Fraction(value)))
        best = max(v for _, v in options)
        chosen = [name for name, v in options if v == best]
        taken[chosen[-1] if larger else chosen[0]] += hands
        total += best
    cycle = math.comb(52, 2) * math.comb(50, 2)
    return total / cycle, cycle, taken


@pytest.mark.parametrize("ties", ["larger", "smaller"])
def test_a_small_dealer_game_against_a_plain_enumeration(tmp_path: Path, ties: str) -> None:
    path = tmp_path / "two-card-showdown.toml"
    path.write_text(SMALL.replace("{ties}", ties), encoding="utf-8")
    table = _table(path)
    expected, cycle, taken = _small_game_by_hand(ties == "larger")
    assert table.expected_return == expected
    assert table.cycle == cycle == sum(row.combinations for row in table.rows)
    assert {name: count for name, count in table.decisions} == {
        name: count for name, count in taken.items() if count}


@pytest.mark.slow
def test_the_small_game_simulates_and_keeps_every_contract(tmp_path: Path) -> None:
    """edge.testing.check_game's battery: the table adds up, the simulation (dealing the
    dealer's hand and settling it by the file) agrees, the report builds (about 10 s)."""
    from edge.testing import check_game
    path = tmp_path / "two-card-showdown.toml"
    path.write_text(SMALL.replace("{ties}", "larger"), encoding="utf-8")
    check_game(str(path))


def test_the_commands_on_three_card_poker(capsys: pytest.CaptureFixture[str]) -> None:
    """The table with a wager left out (--set pair-plus=0), the strategy and a simulation."""
    assert main(["table", str(THREE_CARD_POKER), "--set", "pair-plus=0",
                 "--format", "json"]) == 0
    assert "-686689/20358520" in capsys.readouterr().out
    assert main(["strategy", str(THREE_CARD_POKER)]) == 0
    out = capsys.readouterr().out
    assert "1,755 hand classes" in out and "play-or-fold" in out
    assert main(["simulate", str(THREE_CARD_POKER), "--hands", "20000", "--seed", "2"]) in (0, 1)
    assert "the exact value lies" in capsys.readouterr().out


BAD = [
    ("pair-plus = \"hand\"\n", "", "line 33, column 1: the wager 'pair-plus' is never settled"),
    ("qualifies = \"poker3(dealer) >= pair or high_rank(dealer) >= Q\"",
     "qualifies = \"poker3(dealer) >= pair or high_rank(player) >= Q\"",
     "line 28, column 50: the qualifying rule reads cards other than the dealer's"),
    ("dealer = 3\n", "dealer = 50\n",
     "line 11, column 1: the dealer is dealt 50 cards; with the player's 3 there are 49 left"),
    ("hand = \"dealer\"\n", "hand = \"dealer\"\nup = 2\n",
     "line 28, column 1: [dealer] up = 2: the dealer deals 0 or 1 card face up"),
    ("hand = \"dealer\"\n", "hand = \"dealer\"\nup = 1\n",
     "line 28, column 1: [dealer] up = 1: with a dealer's card face up, the player makes one"),
    ("showdown = \"hand3(player) > hand3(dealer)\"",
     "showdown = \"hand3(player) == hand3(dealer)\"",
     "line 29, column 27: [dealer] showdown = 'hand3(player) == hand3(dealer)' must say"),
    ("showdown = \"hand3(player) > hand3(dealer)\"",
     "showdown = \"hand3(player) > poker3(dealer)\"", "line 29, column 27: [dealer] showdown:"),
    ("play = { not-qualified = 0, win = 1, tie = 0, lose = -1 }",
     "play = { not-qualified = 0, win = 1, tie = 0 }",
     "line 35, column 1: [settle] play has no pay for lose"),
    ("qualifies = \"poker3(dealer) >= pair or high_rank(dealer) >= Q\"",
     "qualifies = \"rank(dealer[1]) >= Q\"",
     "line 28, column 19: [dealer] qualifies must read each hand whole"),
    ("showdown = \"hand3(player) > hand3(dealer)\"",
     "showdown = \"hand3(dealer) > hand3(player)\"",
     "line 29, column 19: [dealer] showdown: the left side is the player's hand"),
    ("play = { not-qualified = 0, win = 1, tie = 0, lose = -1 }",
     "play = { not-qualified = 0, win = 1, tie = 0, lose = -1, push = 0 }",
     "line 35, column 1: unknown key 'push' in [settle] play"),
    ("play = { not-qualified = 0, win = 1, tie = 0, lose = -1 }",
     "play = { not-qualified = 0, win = 1, tie = 0, lose = -2 }",
     "line 35, column 1: The pay for 'lose' in [settle] play is -2"),
    ("hand = \"dealer\"", "hand = \"banker\"",
     "line 27, column 1: [dealer] hand = 'banker' must name a place of [deal]"),
]


@pytest.mark.parametrize(("old", "new", "said"), BAD)
def test_bad_dealer_files_are_one_line_naming_the_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str,
        said: str) -> None:
    text = THREE_CARD_POKER.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("edge: error: bad.toml: ") and err.count("\n") == 1, err
    assert said in err, err


def test_the_showdown_counts_add_up_for_every_hand() -> None:
    """Every player hand meets each of the C(49, 3) dealer hands once, in one result; and the
    dealer's hands that do not qualify number the same for hands of the same ranks."""
    from edge.decisions.analysis import GameAnalysis
    file = read_game_file(THREE_CARD_POKER)
    analysis = GameAnalysis(file)
    analysis.settlement(None)
    counts = analysis.showdown
    assert counts is not None
    assert (counts.sum(axis=1) == math.comb(49, 3)).all()
    assert int(counts.sum()) == math.comb(52, 3) * math.comb(49, 3)
    assert np.all(counts >= 0)


def test_both_ways_of_counting_the_dealers_hands_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    """The running counts per shared cards and strength, and the sorted hands used when that
    table would be large, give the same counts."""
    from edge.decisions import dealer
    file = read_game_file(THREE_CARD_POKER)
    assert file.dealer is not None
    places, rules = file.bet.layout.places, file.bet.rules
    found = dealer.showdown_counts(file.dealer, places, rules)
    for cells in (0, 1 << 30):               # every term sorted; every term by a table
        monkeypatch.setattr(dealer, "MOST_CELLS", cells)
        assert (dealer.showdown_counts(file.dealer, places, rules) == found).all()


BOARD = """name = "board-showdown"
title = "One card, a board card, a showdown"

[shoe]
decks = 1

[deal]
player = 1
board = 1
dealer = 2

[game]
wagers = { ante = 1, first = 0, second = 0 }
ties = "larger"

[[decision]]
name = "first"
seen = 1
options = [{ name = "fold", fold = true }, { name = "bet", set = { first = 1 } }]

[[decision]]
name = "second"
seen = 2
options = [{ name = "fold", fold = true }, { name = "check" },
           { name = "bet-2x", set = { second = 2 } }]

[dealer]
hand = "dealer"
qualifies = "same_rank(dealer) or high_rank(dealer) >= J"
showdown = "high_rank(player + board) > high_rank(dealer)"

[settle]
ante = { not-qualified = 1, win = 1, tie = 0, lose = -1 }
first = { not-qualified = 0, win = "hand", tie = 0, lose = -1 }
second = { not-qualified = 0, win = 1, tie = "-1:2", lose = -1, bonus = true }

[[outcome]]
name = "pair"
when = "same_rank(player + board)"

[[outcome]]
name = "suited"
when = "same_suit(player + board)"

[paytables.standard]
first = { pair = 3, suited = 2, other = 1 }
second = { pair = 1, suited = 0, other = 0 }
"""


def _board_game_by_hand() -> Fraction:
    """The board game's return per Ante: for each player card, bet or fold; for each board
    card after it, fold, check or bet twice, each valued over every dealer hand left."""
    rank = np.arange(52) // 4
    dealer = np.array(list(itertools.combinations(range(52), 2)))
    high = rank[dealer].max(axis=1)
    qualifies = (rank[dealer[:, 0]] == rank[dealer[:, 1]]) | (high >= 9)    # J: rank index 9
    first_pays, second_bonus = (3, 2, 1), (1, 0, 0)

    @functools.cache
    def wagers(a: int, b: int) -> tuple[int, int, Fraction]:
        """What the Ante, a unit of the first bet and one of the second return, summed."""
        kind = 0 if rank[a] == rank[b] else 1 if a % 4 == b % 4 else 2
        mine = max(rank[a], rank[b])
        free = ~np.isin(dealer, (a, b)).any(axis=1)
        q, h = qualifies[free], high[free]
        unqualified, wins = int((~q).sum()), int((q & (h < mine)).sum())
        ties, losses = int((q & (h == mine)).sum()), int((q & (h > mine)).sum())
        return (unqualified + wins - losses, wins * first_pays[kind] - losses,
                wins - ties * Fraction(1, 2) - losses + int(free.sum()) * second_bonus[kind])

    def value(a: int, b: int, first: int, second: int) -> Fraction:
        ante, bet, raised = wagers(min(a, b), max(a, b))
        return Fraction(ante + first * bet) + second * raised

    hands = math.comb(50, 2)
    total = Fraction(0)
    for a in range(52):
        bet = Fraction(0)
        for b in range(52):
            if b != a:
                bet += max(Fraction(-2 * hands), value(a, b, 1, 0), value(a, b, 1, 2))
        total += max(Fraction(-51 * hands), bet)
    return total / (52 * 51 * hands)


def test_a_dealer_game_with_a_board_card_against_a_plain_enumeration(tmp_path: Path) -> None:
    """Two decisions, the second after a board card, then the dealer's hidden hand: a tie
    that loses half the second bet, a bonus on it and a first bet paid by the hand."""
    path = tmp_path / "board-showdown.toml"
    path.write_text(BOARD, encoding="utf-8")
    table = _table(path)
    assert table.expected_return == _board_game_by_hand()
    assert table.cycle == 52 * 51 * math.comb(50, 2)


@pytest.mark.parametrize("name", ["1", "2", "3"])
def test_every_help_page_table_through_a_pay_table_file_gives_the_built_in_figures(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str) -> None:
    """The help page's three tables (Pair Plus 35-25-6-4-1 to 40-30-6-4-1, Ante Bonus 3-2-1
    to 5-4-1) from a pay table file ({ wager = { outcome = pay } }, a side bet's other = -1):
    the built-in combined bet's figure, and with --set pair-plus=0 its Ante bet's (each table
    re-solves the strategy)."""
    from edge.games.three_card_poker.pays import (
        HELP_PAGE_ANTE_BONUS,
        HELP_PAGE_PAIR_PLUS,
        PRESETS,
    )
    bonus = {"flush": 0, "pair": 0, "other": 0} | HELP_PAGE_ANTE_BONUS[name]
    side = HELP_PAGE_PAIR_PLUS[name] | {"other": -1}
    path = tmp_path / f"table-{name}.toml"
    path.write_text(f'name = "table-{name}"\n[pays]\n'
                    + "ante = { " + ", ".join(f"{k} = {v}" for k, v in bonus.items()) + " }\n"
                    + "pair-plus = { " + ", ".join(f"{k} = {v}" for k, v in side.items())
                    + " }\n", encoding="utf-8")
    combined = TRI_CARD.analyze("combined", PRESETS["combined"][name], ThreeCardRules())
    ante = TRI_CARD.analyze("ante", PRESETS["ante"][name], ThreeCardRules())
    for options, expected in (([], -2 * combined.house_edge),
                              (["--set", "pair-plus=0"], -ante.house_edge)):
        assert main(["table", str(THREE_CARD_POKER), "--paytable", str(path), *options,
                     "--format", "json"]) == 0
        assert f'"{expected}"' in capsys.readouterr().out


def test_two_lines_ending_on_one_total_with_different_wagers_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The solve keys a state by its total in play; with wagers paid apart, two options that
    make the same total on different wagers cannot be told apart, so the file is refused."""
    text = THREE_CARD_POKER.read_text(encoding="utf-8")
    for old, new in (("pair-plus = 1 }", "pair-plus = 1, extra = 0 }"),
                     ('{ name = "play", set = { play = 1 } },',
                      '{ name = "play", set = { play = 1 } },\n'
                      '    { name = "extra", set = { extra = 1 } },'),
                     ('pair-plus = "hand"', 'pair-plus = "hand"\n'
                      "extra = { not-qualified = 0, win = 2, tie = 0, lose = -1 }")):
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == ("edge: error: bad.toml: Two lines of play end with 3 units in play on "
                   "different wagers, which are paid apart: not solved from a file yet.\n")
