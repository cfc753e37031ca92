"""A dealer's card face up from a game file (issue 36): Caribbean Stud Poker.

The expectations come from a plain loop written here over every deal of a small deck (the top
three or four ranks in all four suits: each player's hand, each dealer's card face up, each set
of the dealer's four hidden cards), with its own hand ranking, the best option taken state by
state; it never calls the solve or its kernel. And from the published figure: Caribbean Stud
with the raise paying 100-50-20-7-5-4-3-2-1, the dealer qualifying with ace-king or better,
under the optimal strategy: house edge 5.22% per Ante, element of risk 2.56% (Wizard of Odds,
"Caribbean Stud Poker", https://wizardofodds.com/games/caribbean-stud-poker/; M. Shackleford,
"The Wizard of Odds Analyzes the New Casino Games", Contingencies, November/December 2000,
table "Strategy": optimal, 5.22%, 2.56%).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.decisions.dealer import settlement
from edge.decisions.file import read_game_file
from edge.decisions.game import make_game
from edge.decisions.solve import Problem, Solution, all_sets
from edge.decisions.upcard import (
    UPCARD_CHECK,
    UPCARD_SOLVED,
    _hand_classes,
    solve_upcard,
    upcard_picks,
    upcard_showdown,
)
from edge.errors import EdgeError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
CARIBBEAN = EXAMPLES / "caribbean-stud.toml"
# a rule a small deck can fail: three of a kind or better, or two aces and a king
SMALL_QUALIFIES = ("poker5(dealer) >= three-of-a-kind or (count(dealer, A) >= 2 and "
                   "count(dealer, K) >= 1)")
# the raise's pays by the plain category below (a small deck makes no straight or flush)
RAISE = {"four": 20, "full": 7, "trips": 3, "two-pair": 2, "pair": 1, "high": 1}
ACE, KING = 12, 11

# the up-card kernel (edge/decisions/_upcard.pyx) runs in these tests: the debug build under the
# sanitizers runs them too
pytestmark = pytest.mark.kernels


def _category(cards: tuple[int, ...]) -> tuple[str, tuple[int, ...]]:
    """A five-card hand of at most four ranks (no straight, no flush): its category and its
    strength, (category rank, ranks by count then rank)."""
    counts = Counter(card // 4 for card in cards)
    shape = sorted(counts.values(), reverse=True)
    order = tuple(sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True))
    name, level = {(4, 1): ("four", 6), (3, 2): ("full", 5), (3, 1, 1): ("trips", 4),
                   (2, 2, 1): ("two-pair", 3), (2, 1, 1, 1): ("pair", 2)}.get(
        tuple(shape), ("high", 1))
    return name, (level, *order)


def _plain_states(deck: int) -> Iterator[tuple[str, tuple[int, ...], int, int, int]]:
    """Every state of the top ``deck`` cards: the player's hand (its category's name and the
    hand), the dealer's card face up, the raise's total net over the dealer's hidden sets (in
    Antes), and how many such sets."""
    cards = range(52 - deck, 52)
    strength: dict[tuple[int, ...], tuple[str, tuple[int, ...]]] = {
        hand: _category(hand) for hand in itertools.combinations(cards, 5)}
    for player in itertools.combinations(cards, 5):
        name, mine = strength[player]
        for up in cards:
            if up in player:
                continue
            rest = [c for c in cards if c not in player and c != up]
            raised = 0
            hidden = 0
            for four in itertools.combinations(rest, 4):
                dealer = tuple(sorted((up, *four)))
                theirs = strength[dealer]
                ranks = [c // 4 for c in dealer]
                qualifies = theirs[1][0] >= 4 or (ranks.count(ACE) >= 2
                                                   and ranks.count(KING) >= 1)
                if not qualifies:
                    raised += 1
                elif mine > theirs[1]:
                    raised += 1 + 2 * RAISE[name]
                elif mine < theirs[1]:
                    raised -= 3
                hidden += 1
            yield name, player, up, raised, hidden


def _plain_return(deck: int) -> Fraction:
    """Every deal of the top ``deck`` cards, the better of fold and raise for each state."""
    total = 0
    deals = 0
    for _, _, _, raised, hidden in _plain_states(deck):
        total += max(raised, -hidden)
        deals += hidden
    assert deals == math.comb(deck, 5) * (deck - 5) * math.comb(deck - 6, 4)
    return Fraction(total, deals)


def _small_file(tmp_path: Path) -> Path:
    text = CARIBBEAN.read_text()
    line = next(x for x in text.splitlines() if x.startswith("qualifies = "))
    path = tmp_path / "small-stud.toml"
    path.write_text(text.replace(line, f"qualifies = \"{SMALL_QUALIFIES}\""))
    return path


def _small_solve(path: Path, deck: int) -> Solution:
    file = read_game_file(path)
    assert file.dealer is not None
    table = file.bet.presets[file.bet.default_paytable]
    outcomes = tuple(o.name for o in file.bet.outcomes)
    rules = settlement(file.settles, file.wagers, outcomes, table,
                       np.zeros((0, 4), dtype=np.int64), 0, file.dealer.cards)
    problem = Problem(5, 6, file.decisions, file.start, np.zeros(0, dtype=np.int64),
                      (Fraction(0),) * (len(outcomes) + 1), True, rules)
    states = upcard_showdown(file.dealer, file.bet.layout.places, file.bet.rules,
                             [o.condition for o in file.bet.outcomes], deck)
    return solve_upcard(problem, *states, deck=deck)


def test_small_deck_against_every_deal(tmp_path: Path) -> None:
    solution = _small_solve(_small_file(tmp_path), 12)
    assert solution.cycle == math.comb(12, 5) * 7 * math.comb(6, 4)
    assert solution.player_return == _plain_return(12)


@pytest.mark.slow
def test_four_ranks_against_every_deal(tmp_path: Path) -> None:
    solution = _small_solve(_small_file(tmp_path), 16)
    assert solution.player_return == _plain_return(16)


@pytest.mark.slow
@pytest.mark.pinned_check("caribbean-stud-file-published-figure")
@pytest.mark.longest
def test_published_figure() -> None:
    game = make_game(read_game_file(CARIBBEAN))
    table = game.analyze(None, None, game.make_rules({}))
    assert table.cycle == math.comb(52, 5) * 47 * math.comb(46, 4)
    assert round(table.house_edge * 10000) == 522          # 5.22% per Ante
    assert round(table.element_of_risk * 10000) == 256         # 2.56% of the total wagered


def test_up_card_errors(tmp_path: Path) -> None:
    text = CARIBBEAN.read_text()
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("up = 1 ", "up = 2 "))
    with pytest.raises(EdgeError, match="up = 2"):
        read_game_file(bad)
    bad.write_text(text.replace("seen = 6", "seen = 5"))
    with pytest.raises(EdgeError, match="seen = 6"):
        read_game_file(bad)


@pytest.mark.slow
def test_the_simulators_states_are_suit_renamings() -> None:
    """Each hand and up card is taken to its class's member and a card, by one renaming of
    suits (a state's choice is read there)."""
    members, classes = _hand_classes(5)
    states = np.arange(len(members) * 47, dtype=np.int64).reshape(len(members), 47)
    rng = np.random.default_rng(7)
    for _ in range(300):
        cards = rng.choice(52, 6, replace=False)
        hand, up = np.sort(cards[:5]), int(cards[5])
        state = int(upcard_picks(states, hand[None, :], np.array([up]))[0])
        member = all_sets(5)[members[state // 47]]
        card = [c for c in range(52) if c not in member][state % 47]
        assert any(sorted(4 * (c // 4) + renaming[c % 4] for c in hand) == list(member)
                   and 4 * (up // 4) + renaming[up % 4] == card
                   for renaming in itertools.permutations(range(4)))


def test_the_method_says_what_is_done() -> None:
    game = make_game(read_game_file(CARIBBEAN))
    assert UPCARD_SOLVED in (game.method or ()) and UPCARD_CHECK in game.checks
    three_card = make_game(read_game_file(EXAMPLES / "three-card-poker.toml"))
    assert UPCARD_SOLVED not in (three_card.method or ())
