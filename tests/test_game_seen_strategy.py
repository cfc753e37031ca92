"""The exposed player's strategy in words from a game file (issue 36, ``edge strategy FILE
--set seen=NAME``: :mod:`edge.decisions.seen_strategy`).

The expectations: a plain loop written here over every deal of a small deck (the top three
ranks, Q to A: the player's hand, the dealer's seen card and his other cards, its own hand
ranking, the better of fold and play taken state by state; it never calls a kernel), edge's
built-in Tri-Card Poker under the same exposure (a solver of its own that shares nothing with the
file's), compared on every (hand, seen card) state, and the published rule for one dealer card
seen with the Ante Bonus 5-4-1 (E. Jacobson, "Three Card Poker Hole-Card Play: Update #1",
apheat.net, 12 June 2015; docs/references.md): raise every hand against a 2 to J; against a Q
Q-9-2 or better, against a K K-9-2, against an A A-9-2.
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import re
from collections import Counter
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pytest

from edge.cli import main
from edge.decisions.analysis import GameAnalysis
from edge.decisions.file import read_game_file
from edge.decisions.game import make_game
from edge.decisions.protection import (
    GroupSeen,
    KnownDealer,
    exposed_file,
    rank_of_state,
    read_sights,
    solve_grouped,
)
from edge.decisions.rules import option_order
from edge.decisions.seen_strategy import (
    SeenRule,
    class_strengths,
    rules_choices,
    seen_rules,
)
from edge.decisions.solve import Problem, Solution, set_index
from edge.decisions.upcard import (
    solve_upcard,
    up_cards,
    upcard_hands,
    upcard_picks,
    upcard_showdown,
)
from edge.games.three_card_poker import GAME as TRI_CARD
from edge.games.three_card_poker._kernels import NO_DEAL
from edge.games.three_card_poker.exposure_strategy import exposed_solution
from edge.games.three_card_poker.pays import DEFAULT_PAYTABLE, PRESETS
from edge.games.three_card_poker.strategy import ante_decision, combined_decision
from tests.test_game_protection import (  # the plain hand ranking and the file's pays
    ACE,
    BONUS,
    PAIR_PLUS,
    SMALL_QUALIFIES,
    THREE_CARD,
    _strength,
)

DECK = 12                                   # Q, K, A in four suits
LOW = 52 - DECK

IntArray = npt.NDArray[np.int64]
Small = tuple[Problem, tuple[IntArray, IntArray, IntArray], IntArray]

pytestmark = pytest.mark.kernels      # the up-card kernel solves the exposed file


def _plain_values(pair_plus: int) -> dict[tuple[tuple[int, ...], int], tuple[int, int]]:
    """For every hand and seen card of the small deck, playing's value (1 unit more) summed
    over the dealer's other two cards, and folding's (Ante and ``pair_plus`` lost)."""
    cards = range(LOW, 52)
    values: dict[tuple[tuple[int, ...], int], tuple[int, int]] = {}
    for player in itertools.combinations(cards, 3):
        name, mine = _strength(player)
        side = PAIR_PLUS.get(name, -1) * pair_plus
        for up in cards:
            if up in player:
                continue
            played = hidden = 0
            for two in itertools.combinations([c for c in cards if c not in player
                                               and c != up], 2):
                theirs = _strength(tuple(sorted((up, *two))))[1]
                qualifies = theirs[0] >= 2 or max(c // 4 for c in (up, *two)) >= ACE
                net = (1 if not qualifies else 2 if mine > theirs else -2 if mine < theirs
                       else 0)
                played += net + BONUS.get(name, 0) + side
                hidden += 1
            values[(player, up)] = (played, -(1 + pair_plus) * hidden)
    return values


def _plain_plays(pair_plus: int, aces_apart: bool = False
                 ) -> dict[tuple[tuple[int, ...], int], bool]:
    """Whether the player plays each hand against each seen card (ties: fold); ``aces_apart``:
    the seen card known only as an ace or not, the values summed over the cards of its group."""
    values = _plain_values(pair_plus)
    if not aces_apart:
        return {state: play > fold for state, (play, fold) in values.items()}
    group: Counter[tuple[tuple[int, ...], bool]] = Counter()
    for (player, up), (play, fold) in values.items():
        group[(player, up // 4 == ACE)] += play - fold
    return {(player, up): group[(player, up // 4 == ACE)] > 0 for player, up in values}


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Small:
    """The small exposed game (one dealer card seen, Q to A): its problem, its states and the
    player's strength of each hand class, from the file's own showdown."""
    path = tmp_path_factory.mktemp("small") / "small.toml"
    path.write_text(re.sub(r"(?m)^qualifies = .*$", f'qualifies = "{SMALL_QUALIFIES}"',
                           THREE_CARD.read_text()))
    file = read_game_file(path)
    seen = exposed_file(file, read_sights(file)[0])
    assert seen.dealer is not None
    analysis = GameAnalysis(seen)
    problem = Problem(3, 4, seen.decisions, seen.start, np.zeros(0, dtype=np.int64),
                      analysis.pays(None), seen.larger_on_ties, analysis.settlement(None))
    states = upcard_showdown(seen.dealer, seen.bet.layout.places, seen.bet.rules,
                             [outcome.condition for outcome in seen.bet.outcomes], DECK)
    return problem, states, class_strengths(seen, upcard_hands(DECK, 3)[0])


@pytest.mark.parametrize("pair_plus", [0, 1])
def test_the_rules_by_seen_rank_decide_every_state_as_the_plain_loop(
        small: Small, pair_plus: int) -> None:
    problem, states, strength = small
    problem = _pair_plus(problem, pair_plus)
    chosen = solve_upcard(problem, *states, deck=DECK).choices[0]
    hands, _ = upcard_hands(DECK, 3)
    up = up_cards(hands, DECK)
    plain = _plain_plays(pair_plus)
    play = problem.decisions[0].options.index(
        next(o for o in problem.decisions[0].options if not o.fold))
    expected = np.array([[plain[(tuple(hands[c].tolist()), int(up[c, j]))]
                          for j in range(up.shape[1])] for c in range(len(hands))])
    assert ((chosen == play) == expected).all()           # the solve: the plain loop's
    ranks = sorted(set((up >> 2).ravel().tolist()))
    rules = seen_rules(strength, chosen, np.searchsorted(ranks, up >> 2),
                       [str(r) for r in ranks], option_order_of(problem, chosen))
    # every state in exactly one rule's states; the rules with their exceptions: the loop's
    held = np.concatenate([rule.states for rule in rules])
    assert sorted(held.tolist()) == list(range(chosen.size))
    taken = rules_choices(rules, strength, chosen.shape, chosen)
    assert ((taken == play) == expected).all()
    for rule in rules:                 # an exception is a state the borders decide otherwise
        assert len(set(rule.exceptions.tolist())) == len(rule.exceptions)
        assert set(rule.exceptions.tolist()) <= set(rule.states.tolist())


def test_the_rules_by_group_seen_decide_every_state_as_the_plain_loop(small: Small) -> None:
    """The seen card known only as an ace or not (A/2-K): one rule per group, the same states."""
    problem, states, strength = small
    hands, _ = upcard_hands(DECK, 3)
    up = up_cards(hands, DECK)
    group = rank_of_state(hands - LOW, DECK, ((12,), tuple(range(12))))
    assert ((group == 0) == (up >> 2 == ACE)).all()
    problem = _pair_plus(problem, 0)       # the Pair Plus makes every hand worth playing here
    chosen = solve_grouped(problem, *states, group, deck=DECK).choices[0]
    plain = _plain_plays(0, aces_apart=True)
    play = 1 - [o.fold for o in problem.decisions[0].options].index(True)
    expected = np.array([[plain[(tuple(hands[c].tolist()), int(up[c, j]))]
                          for j in range(up.shape[1])] for c in range(len(hands))])
    assert ((chosen == play) == expected).all()
    rules = seen_rules(strength, chosen, group, ["A", "2-K"], option_order_of(problem, chosen))
    assert sorted(np.concatenate([r.states for r in rules]).tolist()) == list(range(chosen.size))
    assert ((rules_choices(rules, strength, chosen.shape, chosen) == play) == expected).all()


def _pair_plus(problem: Problem, amount: int) -> Problem:
    """The problem with the Ante 1 and the Pair Plus ``amount`` at the start."""
    return dataclasses.replace(problem, start=(Fraction(1), Fraction(0), Fraction(amount)))


def option_order_of(problem: Problem, chosen: npt.NDArray[np.int8]) -> list[int]:
    """The options the rules read in turn (the fold last)."""
    return option_order(Solution(problem, Fraction(0), 1, {}, {}, (chosen,),
                                 ((sum(problem.start, Fraction(0)),),), {}), 0)


def test_a_border_is_the_weakest_hand_taking_the_option() -> None:
    """Plain made-up states: strengths 0 to 4 over two seen cards; the solve plays 2 and up
    against the first, every hand but one against the second (an exception)."""
    strength = np.arange(5, dtype=np.int64)
    chosen = np.array([[0, 1], [0, 1], [1, 0], [1, 1], [1, 1]], dtype=np.int8)
    group = np.array([[0, 1]] * 5, dtype=np.int64)
    first, second = seen_rules(strength, chosen, group, ["x", "y"], [1, 0])
    assert first.borders == ((1, 2),) and not len(first.exceptions)
    assert second.borders == ((1, 0),) and second.exceptions.tolist() == [5]     # [2, 1]
    assert (rules_choices((first, second), strength, chosen.shape, chosen) == chosen).all()
    with pytest.raises(AssertionError, match="held by two rules"):
        rules_choices((first, first), strength, chosen.shape, chosen)
    with pytest.raises(AssertionError, match="no rule"):
        rules_choices((first,), strength, chosen.shape, chosen)
    assert isinstance(first, SeenRule)


def test_three_options_take_a_border_each_from_the_largest() -> None:
    """Raise 3x (option 2) from strength 4, 1x (option 1) from 2, fold below; one 1x at
    strength 6 is an exception (a border departing as often as none is left out)."""
    strength = np.arange(7, dtype=np.int64)
    chosen = np.array([[0], [0], [1], [1], [2], [2], [1]], dtype=np.int8)
    rule, = seen_rules(strength, chosen, np.zeros((7, 1), dtype=np.int64), ["x"], [2, 1, 0])
    assert rule.borders == ((2, 4), (1, 2)) and rule.exceptions.tolist() == [6]
    alone, = seen_rules(strength[:5], chosen[:5], np.zeros((5, 1), dtype=np.int64), ["x"],
                        [2, 1, 0])
    assert alone.borders == ((2, 4), (1, 2)) and not len(alone.exceptions)
    assert (rules_choices((rule,), strength, chosen.shape, chosen) == chosen).all()


@pytest.mark.slow       # the full deck: the file's exposed solve and the built-in's (3 s)
@pytest.mark.parametrize(("seen", "pair_plus"), [("dealer-1", "0"), ("dealer-1", "1"),
                                                 ("sorted-1", "0"), ("sorted-1", "1"),
                                                 ("dealer-3", "0"), ("dealer-3", "1")])
def test_the_files_informed_decision_is_the_built_ins_on_every_state(seen: str,
                                                                    pair_plus: str) -> None:
    """Every (hand, seen card) state of Three Card Poker (the seen card's group, or the dealer's
    result with his whole hand seen): the file's option is the built-in Tri-Card's."""
    file = read_game_file(THREE_CARD)
    game = make_game(file)
    rules = game.make_rules({"seen": seen, "pair_plus": pair_plus})
    sight = next(s for s in read_sights(file) if s.name == seen)
    exposures_file = exposed_file(file, sight)
    tri = TRI_CARD.make_rules({"seen": seen})
    table = PRESETS["ante" if pair_plus == "0" else "combined"][DEFAULT_PAYTABLE]
    pays = ante_decision(table) if pair_plus == "0" else combined_decision(table, tri)
    built_in = exposed_solution(pays, tri)
    hands = np.asarray(built_in.hands.cards, dtype=np.int64)
    decisions = np.asarray(built_in.decisions, dtype=np.int64)
    analysis = (KnownDealer(exposures_file) if seen == "dealer-3" else
                GroupSeen(exposures_file, groups=sight.ranks) if sight.ranks else
                GameAnalysis(exposures_file))
    chosen = analysis.played(None, rules).choices[0]
    options = [o.name for o in exposures_file.decisions[0].options]
    raise_ = options.index("play")
    if seen == "dealer-3":     # by the dealer's result (the built-in's slot r) and the outcome
        outcome = analysis.outcomes()
        of_hand = outcome[set_index(np.sort(hands, axis=1))]
        for r in range(4):
            dealt = decisions[:, r] != NO_DEAL
            assert ((chosen[r, of_hand] == raise_) == (decisions[:, r] == 1))[dealt].all()
        return
    checked = 0
    for card in range(52):
        free = ~(hands == card).any(axis=1)
        picks = upcard_picks(chosen, np.sort(hands[free], axis=1), np.full(free.sum(), card))
        slot = card if seen == "dealer-1" else int(card >> 2 >= 10)      # sorted: Q-A high
        assert (decisions[free, slot] != NO_DEAL).all()
        assert ((picks == raise_) == (decisions[free, slot] == 1)).all()
        checked += int(free.sum())
    assert checked == math.comb(52, 3) * 49


@pytest.mark.slow       # the full deck's exposed solve and its rules in words (2 s)
def test_the_strategy_in_words_is_jacobsons_rule(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strategy", str(THREE_CARD), "--set", "seen=dealer-1", "--set",
                 "pair_plus=0"]) == 0
    out = capsys.readouterr().out
    assert "Seen 2 to J: play every hand." in out
    for rank in "QKA":
        assert f"Seen {rank}: play {rank}-9-2 or better, fold the rest." in out


def test_the_dealers_whole_hand_seen_is_put_in_words(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    """Knowing the result, the play's net against the fold's (the Ante lost), per result and
    hand, from the file's pays written here: Ante and Play 1 each, the Ante Bonus 5-4-1 on a
    hand played; a tie between them goes to the fold (the file's ties = "smaller")."""
    assert main(["strategy", str(THREE_CARD), "--set", "seen=dealer-3", "--set",
                 "pair_plus=0", "--format", "json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    found = data.get("data", data)
    bonus = {"straight-flush": 5, "three-of-a-kind": 4, "straight": 1}
    result = {"dealer does not qualify": 1, "player wins": 2, "tie": 0, "dealer wins": -2}
    rows = found["chart"]
    assert len({(row["result"], row["hand"]) for row in rows}) == len(rows)
    tied = 0
    for row in rows:
        play = result[row["result"]] + bonus.get(row["hand"], 0)
        assert Fraction(row["nets"]["play"]) == play
        assert row["option"] == ("play" if play > -1 else "fold"), row
        tied += row["deals"] if play == -1 else 0
    assert found["ties"] == tied > 0
    assert sum(row["deals"] for row in rows) == math.comb(52, 3) * math.comb(49, 3)
    assert sum(Fraction(row["worth"]) for row in rows) == Fraction(found["value_of_information"])


def test_the_report_lists_the_plain_rules() -> None:
    """The report's game-protection section asks the wager for its plain rules: one line per
    result, the same as the strategy's (none in the game as dealt)."""
    game = make_game(read_game_file(THREE_CARD))
    bet = game.bets[0]
    rules = game.make_rules({"seen": "dealer-3", "pair_plus": "0"})
    lines = bet.rules_of_play(game.wager(None, rules))
    assert len(lines) == 4 and all(line.startswith("When the dealer") for line in lines)
    assert bet.rules_of_play(game.wager(None, game.make_rules({"pair_plus": "0"}))) == []
