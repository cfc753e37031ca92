"""A strategy file read with the dealer's card face up (issue 36): Caribbean Stud Poker.

The expectations come from plain code written here: a plain reading of each rule's conditions
(its own hand features) on every state, and a plain loop over every deal of a small deck (the
top three ranks in all four suits, as tests/test_caribbean_file.py deals it: each player's hand,
each dealer's card face up, each set of the dealer's four hidden cards) for the strategy's
return and the exact cost of each rule; it never calls the solve or its kernel for them. And
from the published figure: the Wizard of Odds' simple Caribbean Stud strategy (raise a pair or
better; fold less than ace-king; raise ace-king when the dealer's card is 2 to queen and matches
one of yours, when it is an ace or king and you hold a queen or jack, or when it matches none of
yours, you hold a queen and it is below your fourth highest card: Wizard of Odds, "Caribbean
Stud Poker", https://wizardofodds.com/games/caribbean-stud-poker/) has a house edge of 5.225%
per Ante, against 5.224% for the optimal strategy (M. Shackleford, Gambling 102, Huntington
Press 2005, table 13 "Caribbean Stud edge vs. different strategies": perfect strategy 5.224%,
basic strategy 5.225%); "three rules of thumb" 5.22% per Ante, element of risk 2.55%
(M. Shackleford, "The Wizard of Odds Analyzes the New Casino Games", Contingencies,
November/December 2000).
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.cli import main
from edge.decisions.file import read_game_file
from edge.decisions.game import make_game
from edge.decisions.rules import Condition
from edge.decisions.solve import Counted, Solution
from edge.decisions.strategy import solved_words
from edge.decisions.strategy_file import GameFileStrategy, compare, strategy_kind
from edge.decisions.upcard import upcard_showdown
from edge.decisions.upcard_rules import apply_up_rules, up_features
from edge.errors import StrategyError
from edge.strategies import StrategyComparison, catalog_of
from tests.test_caribbean_file import (
    ACE,
    CARIBBEAN,
    KING,
    SMALL_QUALIFIES,
    _plain_states,
    _small_file,
    _small_solve,
)
from tests.test_game_strategy import _toml

ROOT = Path(__file__).resolve().parent.parent
BASIC = ROOT / "examples" / "strategies" / "caribbean-stud-basic.toml"
QUEEN, JACK = 10, 9
# a strategy for the small deck (three ranks: every hand two pair or better) that reads every
# feature of a state: five rules and the otherwise, several of them costly
SMALL_STRATEGY = """
name = "small"
[raise-or-fold]
otherwise = "fold"
rules = [
    { action = "raise", at_least = "full-house" },
    { action = "fold", made = "two-pair", matched = false },
    { action = "raise", top = "A-K", up = "Q-K", matched = true },
    { action = "raise", made = "three-of-a-kind", up_below = 3 },
    { action = "raise", high = { count = 2, from = "K" }, up = "A" },
]
"""

# the kernel of the up card (edge/decisions/_upcard.pyx) runs in the solves here
pytestmark = pytest.mark.kernels


def _small_rule(hand: tuple[int, ...], up: int) -> int:
    """The rule of SMALL_STRATEGY (0 to 4; 5: otherwise) that decides, read plainly."""
    ranks = sorted((card // 4 for card in hand), reverse=True)
    shape = sorted(Counter(ranks).values(), reverse=True)
    matched = up // 4 in ranks
    if shape in ([3, 2], [4, 1]):
        return 0
    if shape == [2, 2, 1] and not matched:
        return 1
    if ranks[:2] == [ACE, KING] and up // 4 in (QUEEN, KING) and matched:
        return 2
    if shape == [3, 1, 1] and up // 4 < ranks[2]:
        return 3
    if sum(rank >= KING for rank in ranks) >= 2 and up // 4 == ACE:
        return 4
    return 5


def _plain_strategy(deck: int) -> tuple[Fraction, Fraction, dict[int, Fraction]]:
    """Every deal of the top ``deck`` cards: the optimal return (a tie to the raise), the
    small strategy's, and each rule's cost (what its departing states lose, per deal)."""
    optimal = played = 0
    costs: Counter[int] = Counter()
    deals = 0
    for _, player, up, raised, hidden in _plain_states(deck):
        best = max(raised, -hidden)
        rule = _small_rule(player, up)
        mine_value = raised if rule in (0, 2, 3, 4) else -hidden
        optimal += best
        played += mine_value
        costs[rule] += best - mine_value
        deals += hidden
    return (Fraction(optimal, deals), Fraction(played, deals),
            {rule: Fraction(cost, deals) for rule, cost in costs.items() if cost})


def _plain_class(cards: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The cards up to a renaming of suits, as edge names a class (each suit's ranks high
    first, the suits by how many cards they hold, then by their ranks)."""
    suits: dict[int, list[int]] = {}
    for card in cards:
        suits.setdefault(card % 4, []).append(card // 4)
    groups = [tuple(sorted(ranks, reverse=True)) for ranks in suits.values()]
    return tuple(sorted(groups, key=lambda g: (-len(g), [-r for r in g])))


def _plain_holds(when: Condition, hand: tuple[int, ...], up: int) -> bool:
    """A found rule's condition, read plainly on a hand of the small deck (no straight or
    flush: the category from the ranks alone) and the dealer's card face up."""
    ranks = sorted((card // 4 for card in hand), reverse=True)
    shape = sorted(Counter(ranks).values(), reverse=True)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2}[tuple(shape)]
    made = {(4, 1): "four-of-a-kind", (3, 2): "three-of-a-kind", (3, 1, 1): "three-of-a-kind",
            (2, 2, 1): "two-pair"}[tuple(shape)]
    names = ("high-card", "pair", "two-pair", "three-of-a-kind", "straight", "flush",
             "full-house", "four-of-a-kind")
    key = _plain_class(hand)
    same = [card // 4 for card in hand if card % 4 == up % 4]
    place = key.index(tuple(sorted(same, reverse=True))) if same else len(key)
    tests = [
        when.at_least is None or category >= names.index(when.at_least),
        when.made is None or made == when.made,
        tuple(ranks[:len(when.top)]) == when.top,
        all(sum(r >= rank for r in ranks) >= count for count, rank in when.high),
        when.up_from is None or up // 4 >= when.up_from,
        when.up_to is None or up // 4 <= when.up_to,
        when.matched is None or (up // 4 in ranks) == when.matched,
        when.up_below is None or up // 4 < ranks[when.up_below - 1],
        when.up_suited is None or len(same) == when.up_suited,
        not when.states or (key, up // 4, place) in when.states,
    ]
    assert (when.pair_from, when.pair_to, when.suited, when.lowest, when.hands) == (
        None, None, None, None, frozenset())
    return all(tests)


def test_small_deck_words_against_every_deal(tmp_path: Path) -> None:
    """The rules found from the solve, read plainly, take the better option at every state
    of a plain loop over every deal; played back as a strategy file they cost nothing."""
    path = _small_file(tmp_path)
    solution = _small_solve(path, 12)
    ((rules, arrived),) = solved_words(solution)
    assert arrived.all()
    for _, player, up, raised, hidden in _plain_states(12):
        rule = next((r for r in rules.rules if _plain_holds(r.when, player, up)), None)
        action = rules.otherwise if rule is None else rule.action
        assert action == (1 if raised >= -hidden else 0), (player, up)
    options = [o.name for o in solution.problem.decisions[0].options]
    table = {"otherwise": options[rules.otherwise],
             "rules": [{"action": options[r.action], **r.when.as_file()} for r in rules.rules]}
    text = "name = \"words\"\n[raise-or-fold]\n" + "\n".join(
        f"{k} = {_toml(v)}" for k, v in table.items())
    comparison, _ = _small_compare(path, text, solution)
    assert comparison.strategy_return == comparison.optimal_return
    assert not comparison.departures


def _kind(path: Path) -> type[GameFileStrategy]:
    file = read_game_file(path)
    return strategy_kind(file.bet.name, file.decisions, up=True)


def _small_compare(path: Path, text: str, solution: Solution
                   ) -> tuple[StrategyComparison, Counted]:
    """A strategy file's text played on the 12-card deck's solve, against it."""
    strategy = catalog_of(_kind(path)).read(text, "small.toml", "small.toml")
    assert isinstance(strategy, GameFileStrategy)
    file = read_game_file(path)
    assert file.dealer is not None
    states = upcard_showdown(file.dealer, file.bet.layout.places, file.bet.rules,
                             [o.condition for o in file.bet.outcomes], 12)
    return compare(strategy, solution, "small", "small", "ante", states)


def test_small_deck_strategy_against_every_deal(tmp_path: Path) -> None:
    path = _small_file(tmp_path)
    assert SMALL_QUALIFIES in path.read_text()
    solution = _small_solve(path, 12)
    comparison, counted = _small_compare(path, SMALL_STRATEGY, solution)
    optimal, played, costs = _plain_strategy(12)
    assert comparison.optimal_return == optimal == solution.player_return
    assert comparison.strategy_return == played == counted.player_return
    assert counted.cycle == math.comb(12, 5) * 7 * math.comb(6, 4)
    assert sum(counted.settled.values()) + sum(counted.folded.values()) == counted.cycle
    found = {int(d.situation.split(":")[0].split()[1]) - 1 if d.situation.startswith("rule")
             else 5: d.cost for d in comparison.departures}
    assert found == costs and len(costs) >= 3
    assert comparison.total_cost == optimal - played


def _wizard(hand: tuple[int, ...], up: int) -> bool:
    """The Wizard of Odds' simple strategy, read plainly: whether to raise."""
    ranks = sorted((card // 4 for card in hand), reverse=True)
    suits = {card % 4 for card in hand}
    distinct = len(set(ranks)) == 5
    straight = distinct and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0])
    if not distinct or straight or len(suits) == 1:
        return True                                   # a pair or better
    if ranks[:2] != [ACE, KING]:
        return False                                  # less than ace-king
    rank = up // 4
    if rank <= QUEEN and rank in ranks:
        return True
    if rank >= KING and ranks[2] in (QUEEN, JACK):
        return True
    return rank not in ranks and ranks[2] == QUEEN and rank < ranks[3]


def test_basic_file_reads_as_published() -> None:
    """Every state of a 28-card deck (8 to A: straights, flushes and ace-king hands), the
    file's choice against the published rules read plainly."""
    strategy = _kind(CARIBBEAN).resolve(str(BASIC))
    assert strategy.info.published_house_edge == Fraction("5.225") / 100
    features = up_features(28, 5)
    action, _ = apply_up_rules(strategy.plays[0], features)
    raise_ = 1                                        # the options: fold, raise
    plain = np.array([[_wizard(tuple(hand), int(up)) for up in row]
                      for hand, row in zip(features.hands.tolist(), features.up, strict=True)])
    assert ((action == raise_) == plain).all()
    assert plain.any() and not plain.all()


@pytest.mark.slow
@pytest.mark.pinned_check("upcard-file-published-basic-strategy")
@pytest.mark.longest
def test_published_basic_strategy() -> None:
    """The whole deck (32 s alone, 2 minutes under load: the solve, then the strategy's count
    and its costs)."""
    game = make_game(read_game_file(CARIBBEAN))
    rules = game.make_rules({"strategy": str(BASIC)})
    table = game.analyze(None, None, rules)
    optimal = game.analyze(None, None, game.make_rules({}))
    assert table.cycle == math.comb(52, 5) * 47 * math.comb(46, 4)
    assert round(table.house_edge * 100000) == 5225       # 5.225% per Ante
    assert round(optimal.house_edge * 100000) == 5224     # the optimal: 5.224%
    assert round(table.house_edge * 10000) == 522         # 5.22% (Contingencies)
    assert round(table.element_of_risk * 10000) == 255    # 2.55% of the total wagered
    comparison = game.bets[0].comparison(game.wager(None, rules))
    assert comparison is not None
    assert comparison.total_cost == table.house_edge - optimal.house_edge > 0
    assert any(d.situation.startswith("rule 4: raise with A-K as the highest cards")
               for d in comparison.departures)


def test_up_card_keys_only_with_an_up_card(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[raise-or-fold]\notherwise = "fold"\n'
                   'rules = [{ action = "raise", up = "Q-2" }]\n')
    assert main(["table", str(CARIBBEAN), "--strategy", str(bad)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "up" in err[0] and "'Q-2'" in err[0]
    bad.write_text('[raise-or-fold]\notherwise = "fold"\n'
                   'rules = [{ action = "raise", at_least = "flush-draw" }]\n')
    assert main(["table", str(CARIBBEAN), "--strategy", str(bad)]) == 2
    assert "'flush-draw'" in capsys.readouterr().err
    lir = ROOT / "examples" / "games" / "let-it-ride.toml"
    bad.write_text('[first-bet]\notherwise = "pull-back"\n'
                   'rules = [{ action = "let-it-ride", matched = true }]\n')
    assert main(["table", str(lir), "--strategy", str(bad)]) == 2
    assert "unknown key 'matched'" in capsys.readouterr().err


@pytest.mark.slow      # about 4 s: the names of the 134,459 hand classes, read once
def test_hands_named_with_the_dealers_card() -> None:
    """A hand class named alone holds with every up card; a class named with the dealer's card
    (its rank, and the hand's suit it shares) with exactly those up cards; one list: either
    (every state of a 28-card deck, 8 to A, read plainly)."""
    kind = _kind(CARIBBEAN)
    text = ('[raise-or-fold]\notherwise = "fold"\nrules = [{ action = "raise", hands = '
            '["9-8 suited, A, K, T against a 9 of the suit of the T", "A-K suited, Q, 9, 8"] }]')
    strategy = catalog_of(kind).read(text, "x.toml", "x.toml")
    assert isinstance(strategy, GameFileStrategy)
    features = up_features(28, 5)
    action, _ = apply_up_rules(strategy.plays[0], features)
    nine_eight, ace_king = ((7, 6), (12,), (11,), (8,)), ((12, 11), (10,), (7,), (6,))
    expected = 0
    for hand, ups, row in zip(features.hands.tolist(), features.up.tolist(), action.tolist(),
                              strict=True):
        key = _plain_class(tuple(hand))
        ten = next(card % 4 for card in hand if card // 4 == 8) if key == nine_eight else -1
        for up, taken in zip(ups, row, strict=True):
            wanted = key == ace_king or (key == nine_eight and up // 4 == 7 and up % 4 == ten)
            assert taken == int(wanted), (hand, up)
            expected += wanted
    assert expected == 23 + 1
    bad = text.replace("of the suit of the T", "of the suit of the 7")
    with pytest.raises(StrategyError, match="of the suit of the 7"):
        catalog_of(kind).read(bad, "x.toml", "x.toml")
