"""A strategy file played on a game file with a shared board (Ultimate Texas Hold'em's
shape, :mod:`edge.decisions.board`), priced exactly against the optimal strategy.

A first landing: the file's rules decide the decision made with the player's two cards alone
(``seen = 2``, read with the features of :mod:`edge.decisions.rules`: ``made``, ``pair``,
``high``, ``suited``, ``within``, ``lowest``, ``hands`` such as ``"A-K suited"``); every
later decision is played as solved, given the option the rules took. A file with rules for a
later decision is refused.

The solve already sums, for each holding class and each option of that first decision, the
value of every deal of the class with the later decisions taken optimally after it
(:func:`~edge.decisions.board.preflop_values`). The file's return is the sum of the values of
the options its rules take, and it is counted forward again deal by deal under those choices
(:func:`~edge.decisions.board.play_preflop`, which checks the two agree). A rule's cost is
what its departing classes lose against the solve's option, exactly; the classes are disjoint
and what follows is optimal in both, so the costs sum to the difference of the two returns.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.decisions.board import HOLDING, BoardGame, BoardSolution, play_preflop, preflop_values
from edge.decisions.rules import DecisionRules, apply_rules, classes
from edge.decisions.strategy_file import GameFileStrategy, strategy_kind
from edge.strategies import (
    Departure,
    StrategyComparison,
    StrategyFile,
    catalog_of,
    largest_first,
)

RANK_LETTERS = "23456789TJQKA"
# the most holding classes a departure names as its example
EXAMPLE_CLASSES = 8


def board_strategy_kind(game: BoardGame) -> type[GameFileStrategy]:
    """The strategy type of a game file with a shared board: the solved ``optimal`` strategy,
    or a strategy file whose rules decide only the decision made with the player's cards
    alone (a file with rules for a later decision is refused, naming it)."""
    kind = strategy_kind(game.bet.name, game.decisions)
    catalog = catalog_of(kind)
    read = catalog.parse

    def parse(file: StrategyFile) -> GameFileStrategy:
        strategy = read(file)
        assert isinstance(strategy, GameFileStrategy)
        for rules in strategy.plays:
            decision = game.decisions[rules.decision]
            if not decided_first(game, rules.decision):
                raise file.error(
                    f"[{decision.name}]",
                    f"rules for {decision.name} (made with {decision.seen} cards seen) are "
                    "not supported yet on a game with a shared board: a strategy file may "
                    f"give rules only for the decision made with the player's {HOLDING} cards "
                    f"alone; leave [{decision.name}] out to play it as solved")
        return strategy

    catalog.parse = parse
    return kind


def decided_first(game: BoardGame, d: int) -> bool:
    """Whether decision ``d`` is the one the solve takes by holding class: the first, made
    with the player's cards alone and the wagers at the start."""
    decision = game.decisions[d]
    return (d == 0 and decision.seen == HOLDING
            and all(game.start[w] == amount for w, amount in decision.when))


def board_class(key: tuple[tuple[int, ...], ...]) -> int:
    """A two-card hand class of :mod:`edge.decisions.rules` (the suits' ranks) as a holding
    class of :func:`~edge.decisions.board.holding_classes`."""
    ranks = [rank for group in key for rank in group]
    high, low = max(ranks), min(ranks)
    return low * 13 + high if len(key) == 1 else high * 13 + low


def preflop_rules(strategy: GameFileStrategy) -> DecisionRules | None:
    """The file's rules for the first decision (None: it is played as solved)."""
    return next((rules for rules in strategy.plays if rules.decision == 0), None)


def rule_choices(game: BoardGame, rules: DecisionRules
                 ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The option the rules take for each of the 169 holding classes, and the rule that
    decided it (``len(rules.rules)``: none, the ``otherwise`` option)."""
    features, _, _ = classes(HOLDING)
    unit = game.start[game.wagers.index(game.unit)]
    action, which = apply_rules(rules, features, [sum(game.start, Fraction(0)) / unit])
    choice = np.full(169, rules.otherwise, dtype=np.int64)
    rule = np.full(169, len(rules.rules), dtype=np.int64)
    for i, key in enumerate(features.keys):
        choice[board_class(key)] = action[i, 0]
        rule[board_class(key)] = which[i, 0]
    return choice, rule


def class_name(klass: int) -> str:
    """A holding class (:func:`~edge.decisions.board.holding_classes`) as a player names
    it: ``"77"``, ``"AKs"`` (suited), ``"T9o"`` (offsuit)."""
    first, second = divmod(klass, 13)
    if first == second:
        return RANK_LETTERS[first] * 2
    if first < second:                                  # suited: low * 13 + high
        return f"{RANK_LETTERS[second]}{RANK_LETTERS[first]}s"
    return f"{RANK_LETTERS[first]}{RANK_LETTERS[second]}o"


def _rule_words(game: BoardGame, rules: DecisionRules, number: int) -> str:
    decision = game.decisions[rules.decision]
    if number == len(rules.rules):
        return f"otherwise {decision.options[rules.otherwise].name}"
    rule = rules.rules[number]
    return (f"rule {number + 1}: {decision.options[rule.action].name} with "
            f"{rule.when.words(HOLDING)}")


def board_compare(strategy: GameFileStrategy, solution: BoardSolution, bet: str
                  ) -> tuple[StrategyComparison, BoardSolution]:
    """The strategy against the optimal one: both exact returns per quote unit and each
    rule's departures (how often, their exact cost); and the solution played under the
    strategy (its return table's counts, its choices for the simulator)."""
    game = solution.game
    rules = preflop_rules(strategy)
    unit = f"per {game.unit}"
    if rules is None:
        return (StrategyComparison(game.bet.name, bet, strategy, solution.player_return,
                                   solution.player_return, (), unit=unit), solution)
    choice, rule = rule_choices(game, rules)
    played = play_preflop(solution, choice)
    values = preflop_values(solution)
    counted = solution.preflop_counts
    assert counted is not None
    optimal = np.asarray(solution.preflop, dtype=np.int64)
    departing = (optimal >= 0) & (choice != optimal)
    decision = game.decisions[0]
    departures = []
    for number in sorted({int(n) for n in rule[departing]}):
        here = [int(k) for k in np.flatnonzero(departing & (rule == number))]
        cost = sum((values[optimal[k]][k] - values[choice[k]][k] for k in here), Fraction(0))
        deals = sum(int(counted.deals_of_class[k]) for k in here)
        names = [class_name(k) for k in here]
        departures.append(Departure(
            _rule_words(game, rules, number),
            "/".join(sorted({decision.options[choice[k]].name for k in here})),
            "/".join(sorted({decision.options[optimal[k]].name for k in here})),
            Fraction(deals, solution.cycle), cost, decision.name,
            " ".join(names[:EXAMPLE_CLASSES]) + (" ..." if len(names) > EXAMPLE_CLASSES
                                                 else "")))
    if sum((d.cost for d in departures), Fraction(0)) != (solution.player_return
                                                         - played.player_return):
        raise AssertionError("the costs of the rules do not add up to the difference of the "
                             "returns")
    return (StrategyComparison(game.bet.name, bet, strategy, solution.player_return,
                               played.player_return, largest_first(departures), unit=unit),
            played)
