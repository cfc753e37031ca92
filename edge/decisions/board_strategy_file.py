"""A strategy file played on a game file with a shared board (Ultimate Texas Hold'em's
shape, :mod:`edge.decisions.board`), priced exactly against the optimal strategy.

The file's rules may decide any of the three decisions: the one made with the player's two
cards alone (``seen = 2``, read with the features of :mod:`edge.decisions.rules`: ``made``,
``pair``, ``high``, ``suited``, ``within``, ``lowest``, ``hands`` such as ``"A-K suited"``),
and those made with the flop (``seen = 5``) or the whole board seen (``seen = 7``), read with
the hold'em features of :mod:`edge.decisions.holdem_features` (``hand``, ``hidden``,
``pocket_pair``, ``pair``, ``pair_rank``, ``flush_draw_hole``, ``dealer_outs`` on the river
...: the same words, and the same meaning, as the built-in Ultimate Texas Hold'em strategies).
A decision the file leaves out is played as solved.

The solve already sums, for each holding class and each option of that first decision, the
value of every deal of the class with the later decisions taken optimally after it
(:func:`~edge.decisions.board.preflop_values`). The file's return is the sum of the values of
the options its rules take, and it is counted forward again deal by deal under those choices
(:func:`~edge.decisions.board.play_preflop`, which checks the two agree). A rule's cost is
what its departing classes lose against the solve's option, exactly; the classes are disjoint
and what follows is optimal in both, so the costs sum to the difference of the two returns.

With rules for the flop or the river the game is solved again with them
(:func:`~edge.decisions.board.solve_board_game`'s ``plan``: the flop's rules per holding on
each flop counted, the river's by the board kernel on every board), which sums for each
holding class and option before the flop the value under the rules, and what each rule's
departures from the solved option lose where play comes under the file's earlier choices,
the later decisions played as solved: the costs of the decisions in order telescope (the file
up to a decision, the solve from it on), so every rule's cost is exact and they sum to the
difference of the returns.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.decisions.board import (
    HOLDING,
    STAGES,
    BoardGame,
    BoardSolution,
    play_planned,
    play_preflop,
    preflop_values,
)
from edge.decisions.holdem_features import (
    COUNT_TIES,
    FEATURES,
    HoldemRule,
    HoldemRules,
    holdem_condition,
)
from edge.decisions.rules import DecisionRules, apply_rules, classes
from edge.decisions.strategy_file import (
    GameFileStrategy,
    decision_rules,
    option_reader,
    strategy_kind,
)
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
# the most rules of a decision on the flop or the river (the board kernel's limit)
MOST_RULES = 32
HOLDEM_KEYS = ("action", "count_ties")


@dataclass(frozen=True)
class BoardFileStrategy(GameFileStrategy):
    """A strategy file on a game with a shared board: rules for the decision made with the
    player's cards alone (``plays``) and for those made with the flop or the whole board seen
    (``later``)."""

    later: tuple[HoldemRules, ...] = ()


def board_strategy_kind(game: BoardGame) -> type[GameFileStrategy]:
    """The strategy type of a game file with a shared board: the solved ``optimal`` strategy,
    or a strategy file with rules for any of its decisions (the one made with the player's
    cards alone in the words of :mod:`edge.decisions.rules`, those made with the flop or the
    whole board seen in the hold'em features')."""
    kind = strategy_kind(game.bet.name, game.decisions, base=BoardFileStrategy)
    catalog = catalog_of(kind)
    names = [decision.name for decision in game.decisions]

    def parse(file: StrategyFile) -> GameFileStrategy:
        file.check_keys(file.data, (*file.header_keys, *names))
        info = file.info()
        plays, later = [], []
        for d, decision in enumerate(game.decisions):
            if decision.name not in file.data:
                continue
            table = file.table(file.data, decision.name)
            if decided_first(game, d):
                plays.append(decision_rules(file, table, d, decision.name, game.decisions,
                                            False))
            elif decision.seen in STAGES[1:]:
                later.append(holdem_rules(file, table, game, d))
            else:
                raise file.error(f"[{decision.name}]", f"rules for {decision.name} (made with "
                                 f"the player's {HOLDING} cards and other wagers in play than "
                                 "at the start) are not supported; leave it out to play it as "
                                 "solved")
        strategy = kind(info, tuple(plays), tuple(later))     # type: ignore[call-arg]
        assert isinstance(strategy, GameFileStrategy)
        return strategy

    catalog.parse = parse
    return kind


def holdem_rules(file: StrategyFile, table: Mapping[str, object], game: BoardGame,
                 d: int) -> HoldemRules:
    """The rules of a decision made with the flop (or the whole board) seen, from its table:
    ``otherwise`` and ``rules``, each an ``action`` and conditions on the hold'em features
    (``hand_min = "two-pair"``, ``hidden = true``, ``dealer_outs_below = 21`` on the river,
    ``count_ties`` with it); a bad one is one error naming the file and the entry."""
    decision = game.decisions[d]
    name = decision.name
    river = decision.seen == STAGES[-1]
    option, otherwise = option_reader(file, table, decision)
    entries = file.array(table, "rules", f"[{name}]", required=False)
    if len(entries) > MOST_RULES:
        raise file.error(f"[{name}]", f"{len(entries)} rules; a decision takes at most "
                                      f"{MOST_RULES}")
    rules = []
    for number, entry in enumerate(entries, 1):
        where = f"[{name}] rule {number}"
        if not isinstance(entry, Mapping):
            raise file.error(where, "must be a table such as { action = \"bet-2x\", "
                                    "hand_min = \"two-pair\" }")
        action = option(entry.get("action"), f"{where} action")
        count_ties = entry.get("count_ties", "no")
        keys = [key for key in entry if key not in HOLDEM_KEYS]
        if count_ties not in COUNT_TIES or ("count_ties" in entry and not any(
                key.startswith("dealer_outs") for key in keys)):
            raise file.error(f"{where} count_ties", f"{count_ties!r}: count_ties is one of "
                             f"{', '.join(COUNT_TIES)}, with a dealer_outs condition")
        conditions = tuple(holdem_condition(key, entry[key], str(count_ties), river,
                                            f"strategy file {file.label!r}, {where}")
                           for key in keys)
        for condition, key in zip(conditions, keys, strict=True):
            if condition.feature >= FEATURES:
                raise file.error(f"{where} {key}", "a feature of the dealer's cards, which "
                                                   "are not seen here")
        rules.append(HoldemRule(action, conditions))
    return HoldemRules(d, tuple(rules), otherwise)


def later_rules(strategy: GameFileStrategy) -> tuple[HoldemRules, ...]:
    """The file's rules for the decisions made with the flop or the whole board seen."""
    return strategy.later if isinstance(strategy, BoardFileStrategy) else ()


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
    strategy (its return table's counts, its choices for the simulator). With rules for the
    flop or the river, ``solution`` is the solve given them as its ``plan``."""
    game = solution.game
    rules = preflop_rules(strategy)
    later = later_rules(strategy)
    unit = f"per {game.unit}"
    if rules is None and not later:
        return (StrategyComparison(game.bet.name, bet, strategy, solution.player_return,
                                   solution.player_return, (), unit=unit), solution)
    counted = solution.preflop_counts
    assert counted is not None
    optimal = np.asarray(solution.preflop, dtype=np.int64)
    if rules is None:
        choice = np.where(counted.sizes > 0, optimal, 0) if counted.decided else \
            np.zeros(len(counted.sizes), dtype=np.int64)
        departures = []
    else:
        choice, rule = rule_choices(game, rules)
        departures = _preflop_departures(game, rules, solution, choice, rule)
    if later:
        if solution.planned is None or solution.rules != later:
            raise ValueError("the solve was not given the strategy's rules for the flop and "
                             "the river")
        played = play_planned(solution, choice)
        for ruled in later:
            departures += later_departures(game, ruled, solution, choice)
    else:
        played = play_preflop(solution, choice)
    if sum((d.cost for d in departures), Fraction(0)) != (solution.player_return
                                                         - played.player_return):
        raise AssertionError("the costs of the rules do not add up to the difference of the "
                             "returns")
    return (StrategyComparison(game.bet.name, bet, strategy, solution.player_return,
                               played.player_return, largest_first(departures), unit=unit),
            dataclasses.replace(played, rules=later))


def _preflop_departures(game: BoardGame, rules: DecisionRules, solution: BoardSolution,
                        choice: npt.NDArray[np.int64], rule: npt.NDArray[np.int64]
                        ) -> list[Departure]:
    """Each preflop rule's departures: what its departing classes lose against the solve's
    option (the later decisions as solved), and how often."""
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
    return departures


def later_departures(game: BoardGame, ruled: HoldemRules, solution: BoardSolution,
                      choice: npt.NDArray[np.int64]) -> list[Departure]:
    """Each flop or river rule's departures where play comes under the file's earlier
    choices (``choice``: the option before the flop by holding class): what they lose
    against the solve's option, the later decisions as solved, and how often."""
    planned = solution.planned
    counted = solution.preflop_counts
    assert planned is not None and counted is not None
    decision = game.decisions[ruled.decision]
    dealt = np.flatnonzero(counted.sizes > 0)
    departures = []
    for number in range(len(ruled.rules) + 1):
        amounts = [0, 0]
        for k in dealt:
            lost = planned.lost[int(choice[k])]
            for part in (0, 1):
                found = lost.get((ruled.decision, number, part))
                amounts[part] += 0 if found is None else int(found[k])
        if not amounts[1] and not amounts[0]:
            continue
        action = ruled.otherwise if number == len(ruled.rules) else ruled.rules[number].action
        words = (f"otherwise {decision.options[action].name}" if number == len(ruled.rules)
                 else f"rule {number + 1}: {decision.options[action].name} when "
                      f"{ruled.rules[number].words}")
        departures.append(Departure(
            words, decision.options[action].name,
            "/".join(option.name for o, option in enumerate(decision.options) if o != action),
            Fraction(amounts[1], solution.cycle),
            Fraction(amounts[0], solution.cycle * counted.pays.scale), decision.name))
    return departures
