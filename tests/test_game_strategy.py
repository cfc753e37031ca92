"""A game file's strategy in words, and a strategy file played and priced (issue 36).

Each expectation comes from plain code written here: the rules are applied by a plain reading of
their conditions on every hand (its own hand features, its own colex index), and compared with
the solve's choices or with the optimal play found here directly; a strategy file's return and
the cost of each of its rules come from a plain loop over every deal. Published figure: Let It
Ride's basic strategy, 3.51% per unit (Wizard of Odds, "Let It Ride",
https://wizardofodds.com/games/let-it-ride/; the same lists at webcasinoguide.com/letitride.asp).
The same basic strategy leaves 1.23 bets in action on average, an element of risk of 2.85%
(J. Grochowski, "Let It Ride Redux", Casino City Times, 10 December 2020).
Tri-Card Poker from its game file: raise Q-6-4 or better (Wizard of Odds, "Three Card Poker",
https://wizardofodds.com/games/three-card-poker/).
Mississippi Stud's third-street rule as published (Wizard of Odds, quoted by J. Grochowski,
"Mississippi Stud strategy", Casino City Times, 10 January 2012) is the optimal one.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path

import pytest

from edge import analyze
from edge.cli import main
from edge.decisions.analysis import GameAnalysis
from edge.decisions.file import read_game_file
from edge.decisions.rules import Condition, DecisionRules
from edge.decisions.solve import Solution
from edge.decisions.strategy import solved_rules

ROOT = Path(__file__).resolve().parent.parent
LET_IT_RIDE = ROOT / "examples" / "games" / "let-it-ride.toml"
MISSISSIPPI_STUD = ROOT / "examples" / "games" / "mississippi-stud.toml"
LIR_BASIC = ROOT / "examples" / "strategies" / "let-it-ride-basic.toml"
MS_THIRD = ROOT / "examples" / "strategies" / "mississippi-stud-third-street.toml"
MS_SIMPLE = ROOT / "examples" / "strategies" / "mississippi-stud-simple.toml"
MADE = ("high-card", "pair", "two-pair", "three-of-a-kind", "four-of-a-kind")

SMALL_GAME = """
name = "two-and-one"
title = "Two and One"
source = "a small game made for the tests"

[shoe]
decks = 1

[deal]
player = 2
board = 1

[game]
wagers = { ante = 1, raise = 0 }
unit = "ante"

[[decision]]
name = "bet"
seen = 2
options = [
    { name = "fold", fold = true },
    { name = "check" },
    { name = "raise-2x", set = { raise = 2 } },
]

[[outcome]]
name = "trips"
when = "poker3(player + board) == three-of-a-kind"

[[outcome]]
name = "flush"
when = "poker3(player + board) == flush or poker3(player + board) == straight-flush"

[[outcome]]
name = "pair"
when = "poker3(player + board) == pair"

[paytables]
default = "A"
A = { trips = 30, flush = 3, pair = "1:2" }
"""

SMALL_STRATEGY = """
name = "simple"
description = "Raise with a pair; check with a queen or higher; fold the rest."
game = "two-and-one"

[bet]
otherwise = "fold"
rules = [
    { action = "raise-2x", made = "pair" },
    { action = "check", high = { count = 1, from = "Q" } },
]
"""


# --- plain hand features, written apart from edge ---------------------------------------------

def _class_key(cards: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    suits: dict[int, list[int]] = {}
    for card in cards:
        suits.setdefault(card % 4, []).append(card // 4)
    groups = [tuple(sorted(r, reverse=True)) for r in suits.values()]
    return tuple(sorted(groups, key=lambda g: (-len(g), [-r for r in g])))


def _holds(when: Condition, cards: Sequence[int], total: Fraction) -> bool:
    """The condition read plainly on the cards seen and the total in play."""
    ranks = [card // 4 for card in cards]
    counts = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    made = ("four-of-a-kind" if counts[0] == 4 else "three-of-a-kind" if counts[0] == 3 else
            "two-pair" if counts[:2] == [2, 2] else "pair" if counts[0] == 2 else "high-card")
    paired = [r for r in ranks if ranks.count(r) > 1]
    if when.made is not None and made != when.made:
        return False
    if (when.pair_from is not None or when.pair_to is not None) and (
            not paired or not ((when.pair_from or 0) <= max(paired)
                               <= (12 if when.pair_to is None else when.pair_to))):
        return False
    if any(sum(r >= rank for r in ranks) < count for count, rank in when.high):
        return False
    suits = [card % 4 for card in cards]
    if when.suited is not None and max(suits.count(s) for s in range(4)) < when.suited:
        return False
    if when.within is not None:
        if len(set(ranks)) < len(ranks):
            return False
        low_ace = [-1 if r == 12 else r for r in ranks]
        if min(max(ranks) - min(ranks), max(low_ace) - min(low_ace)) + 1 > when.within:
            return False
    if when.outs is not None:
        def fits(held: list[int]) -> bool:
            return len(set(held)) == len(held) and any(
                all(r in window or (r == 12 and -1 in window) for r in held)
                for window in (range(low, low + 5) for low in range(-1, 9)))
        if not fits(ranks) or sum(fits([*ranks, r]) for r in range(13)) < when.outs:
            return False
    if when.lowest is not None and min(ranks) < when.lowest:
        return False
    if when.in_play is not None and total != when.in_play:
        return False
    return not when.hands or _class_key(cards) in when.hands


def _decide(rules: DecisionRules, cards: Sequence[int], total: Fraction) -> int:
    for rule in rules.rules:
        if _holds(rule.when, cards, total):
            return rule.action
    return rules.otherwise


def _colex(cards: Sequence[int]) -> int:
    return sum(math.comb(card, i + 1) for i, card in enumerate(sorted(cards)))


def _arrivals(solution: Solution, d: int, cards: tuple[int, ...]) -> set[Fraction]:
    """The totals play arrives at decision d with, holding ``cards``, found plainly: every
    way the cards could have come (which of them each earlier decision saw: a decision sees
    its cards as a set, so their order within it does not matter), each earlier decision
    taken as the solve takes it."""
    problem = solution.problem
    found: set[Fraction] = set()

    def follow(e: int, before: tuple[int, ...], total: Fraction) -> None:
        if e == d:
            found.add(total)
            return
        rest = [card for card in cards if card not in before]
        for more in itertools.combinations(rest, problem.decisions[e].seen - len(before)):
            seen = tuple(sorted((*before, *more)))
            column = solution.totals[e].index(total)
            option = problem.decisions[e].options[
                int(solution.choices[e][_colex(seen), column])]
            if option.fold:
                continue
            after = total if option.wager is None else \
                total + option.amount - problem.start[option.wager]
            follow(e + 1, seen, after)

    follow(0, (), sum(problem.start, Fraction(0)))
    return found


def _check_words(solution: Solution, rules: Sequence[DecisionRules], d: int) -> int:
    """The rules, read plainly, take the solve's option on every hand and total arrived at;
    returns how many (hand, total) pairs were checked."""
    seen = solution.problem.decisions[d].seen
    checked = 0
    for cards in itertools.combinations(range(52), seen):
        for total in _arrivals(solution, d, cards):
            column = solution.totals[d].index(total)
            assert _decide(rules[d], cards, total) == \
                solution.choices[d][_colex(cards), column], (cards, total)
            checked += 1
    return checked


def _solution(path: Path) -> Solution:
    return GameAnalysis(read_game_file(path)).solution(None, True)


# --- the small game: words, a strategy file, its exact cost by a plain loop -------------------

def _small_pay(cards: Sequence[int]) -> Fraction:
    ranks = sorted(card // 4 for card in cards)
    if ranks[0] == ranks[2]:
        return Fraction(30)
    if len({card % 4 for card in cards}) == 1:
        return Fraction(3)
    return Fraction(1, 2) if len(set(ranks)) == 2 else Fraction(-1)


def _small_values(hand: tuple[int, int]) -> list[Fraction]:
    """Fold, check, raise: each option's exact value for a two-card hand (per Ante)."""
    mean = sum((_small_pay((*hand, c)) for c in range(52) if c not in hand), Fraction(0)) / 50
    return [Fraction(-1), mean, 3 * mean]


def _best(values: list[Fraction]) -> int:
    """The best option, a tie to the larger wager (the later option)."""
    return max(range(len(values)), key=lambda i: (values[i], i))


def _play_small(decide: Callable[[tuple[int, int]], int]) -> Fraction:
    return sum((_small_values(hand)[decide(hand)]
                for hand in itertools.combinations(range(52), 2)), Fraction(0)) / 1326


@pytest.fixture(name="small")
def small_files(tmp_path: Path) -> tuple[Path, Path]:
    game = tmp_path / "two-and-one.toml"
    game.write_text(SMALL_GAME, encoding="utf-8")
    strategy = tmp_path / "simple.toml"
    strategy.write_text(SMALL_STRATEGY, encoding="utf-8")
    return game, strategy


@pytest.mark.slow   # a game file solved and its strategy found (1.5 s each)
def test_the_words_take_the_optimal_option_on_every_hand(small: tuple[Path, Path]) -> None:
    """Against the optimal play found here (the best of the three values, ties to the larger
    wager), not the solve's choices."""
    solution = _solution(small[0])
    rules = solved_rules(solution)
    for hand in itertools.combinations(range(52), 2):
        assert _decide(rules[0], hand, Fraction(1)) == _best(_small_values(hand)), hand
    assert len(rules[0].rules) <= 4


@pytest.mark.slow   # a game file solved and its strategy found (1.5 s each)
def test_a_strategy_file_is_played_and_priced_exactly(small: tuple[Path, Path]) -> None:
    game, strategy = small
    rules_played = (("raise-2x", lambda h: h[0] // 4 == h[1] // 4),
                    ("check", lambda h: max(h) // 4 >= 10))

    def decide(hand: tuple[int, int]) -> int:
        for name, test in rules_played:
            if test(hand):
                return ["fold", "check", "raise-2x"].index(name)
        return 0
    table = analyze(str(game), options={"strategy": str(strategy)})
    assert table.expected_return == _play_small(decide)
    # the cost of each rule: the value lost on each hand it departs on, times how often
    optimal = _solution(game)
    best = [_best(_small_values(h)) for h in itertools.combinations(range(52), 2)]
    lost: dict[str, Fraction] = {}
    for hand, chosen_best in zip(itertools.combinations(range(52), 2), best, strict=True):
        played = decide(hand)
        if played != chosen_best:
            which = next((f"rule {i + 1}" for i, (_, t) in enumerate(rules_played) if t(hand)),
                         "otherwise")
            values = _small_values(hand)
            lost[which] = lost.get(which, Fraction(0)) + (values[chosen_best]
                                                          - values[played]) / 1326
    from edge.decisions.strategy_file import compare, strategy_kind
    kind = strategy_kind("two-and-one", optimal.problem.decisions)
    comparison, _ = compare(kind.resolve(str(strategy)), optimal, "two-and-one", "two-and-one",
                            "ante")
    found = {d.situation.split(":")[0].replace("otherwise fold", "otherwise"): d.cost
             for d in comparison.departures}
    assert found == {k: v for k, v in lost.items() if v}
    assert comparison.total_cost == comparison.difference == \
        optimal.player_return - table.expected_return


@pytest.mark.slow   # a game file solved and its strategy found (1.5 s each)
def test_the_commands_take_a_strategy_file(small: tuple[Path, Path],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    game, strategy = small
    assert main(["strategy", str(game), "--strategy", str(strategy)]) == 0
    out = capsys.readouterr().out
    assert "in words" in out and "against the optimal one" in out and "rule 2" in out
    assert main(["strategy", str(game), "--compare", str(strategy)]) == 0
    assert "cost of the strategy" in capsys.readouterr().out
    assert main(["simulate", str(game), "--strategy", str(strategy), "--hands", "20000",
                 "--seed", "5"]) in (0, 1)
    # the simulation plays the file: it is checked against the file's exact return
    played = _play_small(lambda h: 2 if h[0] // 4 == h[1] // 4 else
                         1 if max(h) // 4 >= 10 else 0)
    assert f"({played})" in capsys.readouterr().out


@pytest.mark.parametrize(("entry", "said"), [
    ('{ action = "raise-3x", made = "pair" }', "'raise-3x' is not an option of bet"),
    ('{ action = "check", colour = "red" }', "unknown key 'colour'"),
    ('{ action = "check", high = { count = 1, from = "Z" } }', "'Z' is not a rank"),
    ('{ action = "check", hands = ["A-K suited, Q"] }', "is not a hand of 2 cards"),
    ('{ action = "check", made = "flush" }', "'flush' is not one of"),
])
def test_a_bad_strategy_file_is_one_line(small: tuple[Path, Path], entry: str, said: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    game, strategy = small
    strategy.write_text(SMALL_STRATEGY.replace('{ action = "raise-2x", made = "pair" }', entry),
                        encoding="utf-8")
    assert main(["table", str(game), "--strategy", str(strategy)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("edge: error: strategy file 'simple.toml'") and err.count("\n") == 1
    assert said in err, err


# --- Let It Ride and Mississippi Stud ---------------------------------------------------------

@pytest.mark.slow       # a solve, then every three- and four-card hand read plainly
@pytest.mark.pinned_check("let-it-ride-file-in-words")
@pytest.mark.longest
def test_let_it_ride_in_words() -> None:
    solution = _solution(LET_IT_RIDE)
    rules = solved_rules(solution)
    assert _check_words(solution, rules, 0) == math.comb(52, 3)
    assert _check_words(solution, rules, 1) >= math.comb(52, 4)
    assert all(not rule.when.hands for r in rules for rule in r.rules)   # no exception listed
    assert len(rules[0].rules) <= 6


@pytest.mark.slow       # a solve, then every two- and three-card hand read plainly
def test_mississippi_stud_in_words() -> None:
    solution = _solution(MISSISSIPPI_STUD)
    rules = solved_rules(solution)
    assert _check_words(solution, rules, 0) == math.comb(52, 2)
    assert _check_words(solution, rules, 1) >= math.comb(52, 3)
    assert len(rules[0].rules) <= 4
    assert all(not rule.when.hands for rule in rules[1].rules)     # no exception listed


@pytest.mark.slow       # the solve and several forward counts
def test_let_it_ride_basic_strategy_file() -> None:
    table = analyze(str(LET_IT_RIDE), options={"strategy": str(LIR_BASIC)})
    assert round(float(table.house_edge) * 100, 2) == 3.51            # Wizard of Odds
    assert round(float(table.average_wager), 2) == 1.23               # J. Grochowski
    assert round(float(table.element_of_risk) * 100, 2) == 2.85
    game_rules = GameAnalysis(read_game_file(LET_IT_RIDE))
    from edge.decisions.strategy_file import compare, strategy_kind
    solution = game_rules.solution(None, True)
    kind = strategy_kind("let-it-ride", solution.problem.decisions)
    comparison, counted = compare(kind.resolve(str(LIR_BASIC)), solution, "let-it-ride",
                                  "let-it-ride", "bet-3")
    assert comparison.total_cost == comparison.difference
    assert counted.player_return == table.expected_return


@pytest.mark.slow       # the solve and forward counts
def test_the_published_third_street_rule_is_optimal() -> None:
    optimal = analyze(str(MISSISSIPPI_STUD))
    table = analyze(str(MISSISSIPPI_STUD), options={"strategy": str(MS_THIRD)})
    assert table.expected_return == optimal.expected_return


@pytest.mark.slow       # the solve and a forward count per rule that departs
def test_a_simple_mississippi_stud_strategy_is_priced_rule_by_rule() -> None:
    from edge.decisions.strategy_file import compare, strategy_kind
    solution = _solution(MISSISSIPPI_STUD)
    kind = strategy_kind("mississippi-stud", solution.problem.decisions)
    comparison, counted = compare(kind.resolve(str(MS_SIMPLE)), solution, "mississippi-stud",
                                  "mississippi-stud", "ante")
    assert comparison.total_cost == comparison.difference > 0
    assert all(d.cost > 0 and d.frequency > 0 for d in comparison.departures)
    assert sum(counted.settled.values()) + sum(counted.folded.values()) == counted.cycle


@pytest.mark.slow   # a game file solved and its strategy found (1.5 s each)
def test_the_method_says_what_was_done(small: tuple[Path, Path]) -> None:
    """The strategy section's Method sentences: the words checked against the solve, and with
    a strategy file, that the tables play it, counted forward."""
    from edge.decisions import load_game_file
    game_file, strategy = small
    game = load_game_file(game_file)
    bet = game.bets[0]
    for spec, played in ((None, False), (str(strategy), True)):
        rules = game.make_rules({} if spec is None else {"strategy": spec}, bet.name)
        document = bet.document(game.wager(None, rules))
        assert document is not None
        method = " ".join(document.sections[0].method)
        assert "checked against it" in method and "listed by name" not in method
        assert ("play the strategy file" in method) == played
    assert "solved exactly from the game file" in " ".join(game.method or ())
    assert "module" not in " ".join(game.method or ())


def _toml(value: object) -> str:
    """A value as TOML, written plainly (strings, numbers, arrays, inline tables)."""
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{ " + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + " }"


def test_the_words_read_back_as_a_strategy_file(small: tuple[Path, Path],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    """`edge strategy --format json` gives each decision's rules as a strategy file's table;
    written out and played, they cost nothing and return exactly the optimal return."""
    import json
    game, strategy = small
    assert main(["strategy", str(game), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    lines = ['name = "words"', 'game = "two-and-one"']
    for decision in data["rules"]:
        lines.append(f"[{decision['decision']}]")
        lines.append(f"otherwise = {_toml(decision['file']['otherwise'])}")
        lines.append(f"rules = {_toml(decision['file']['rules'])}")
    strategy.write_text("\n".join(lines) + "\n", encoding="utf-8")
    table = analyze(str(game), options={"strategy": str(strategy)})
    assert table.expected_return == analyze(str(game)).expected_return
    assert main(["strategy", str(game), "--compare", str(strategy)]) == 0
    assert "costs nothing" in capsys.readouterr().out


@pytest.mark.slow       # the dealer's hands counted, the solve, then 22,100 hands read plainly
def test_three_card_poker_in_words_is_q_6_4() -> None:
    """Tri-Card from its game file: the words, read plainly, take the solve's option on every
    three-card hand, and play exactly the hands the published rule plays (raise Q-6-4 or
    better: Wizard of Odds, "Three Card Poker"; the dealer qualifies with a queen high)."""
    solution = _solution(ROOT / "examples" / "games" / "three-card-poker.toml")
    rules = solved_rules(solution)
    assert _check_words(solution, rules, 0) == math.comb(52, 3)
    play = [o.name for o in solution.problem.decisions[0].options].index("play")
    for cards in itertools.combinations(range(52), 3):
        ranks = sorted((c // 4 for c in cards), reverse=True)
        suits = {c % 4 for c in cards}
        straight = ranks[0] - ranks[2] == 2 and len(set(ranks)) == 3 or ranks == [12, 1, 0]
        better = (len(set(ranks)) < 3 or len(suits) == 1 or straight
                  or tuple(ranks) >= (10, 4, 2))                     # Q-6-4 and up
        assert (_decide(rules[0], cards, Fraction(2)) == play) == better, cards


@pytest.mark.slow       # the dealer's hands counted, the solve and a forward count
def test_a_strategy_file_on_tri_card_from_its_file_matches_the_built_in() -> None:
    """Tri-Card's game file played as "mimic the dealer" by a strategy file gives the built-in
    game's own `mimic` table exactly, and rounds to J. Grochowski's published 3.45%."""
    table = analyze(str(ROOT / "examples" / "games" / "three-card-poker.toml"),
                    options={"pair-plus": "0",
                             "strategy": str(ROOT / "examples" / "strategies"
                                             / "three-card-poker-mimic.toml")})
    built_in = analyze("three-card-poker", bet="ante", options={"strategy": "mimic"})
    assert table.expected_return == built_in.expected_return
    assert table.average_wager == built_in.average_wager
    assert round(float(table.house_edge) * 100, 2) == 3.45               # J. Grochowski
