"""A game file's analysis: each final card set's outcome, the solves by pays and ties rule, and
the return table under the optimal strategy (:mod:`edge.decisions.solve`)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from edge.bets.compile import Deals
from edge.decisions.file import GameFile
from edge.decisions.solve import Counted, Problem, Solution, all_sets, count_forward, solve
from edge.decisions.strategy_file import GameFileStrategy, compare
from edge.games import Rules
from edge.options import options_dict
from edge.paytables import PayTable, format_pay
from edge.player import STRATEGY
from edge.strategies import StrategyComparison
from edge.table import ReturnTable, Row

IntArray = npt.NDArray[np.int64]
LOSE = "lose"


def units_text(amount: Fraction) -> str:
    """An amount of units in words: ``1 unit``, ``3 units``."""
    return f"{format_pay(amount)} unit{'s' if amount != 1 else ''}"


@dataclass
class GameAnalysis:
    """The file, each final card set's outcome (made once), and the solves by pays and ties."""

    file: GameFile
    solved: dict[tuple[tuple[Fraction, ...], bool], Solution] = field(default_factory=dict)
    outcome_index: IntArray | None = None
    compared: dict[tuple[tuple[Fraction, ...], bool, str],
                   tuple[StrategyComparison, Counted]] = field(default_factory=dict)

    def outcomes(self) -> IntArray:
        """The outcome index of every final set of cards, by colex index (last: lose)."""
        if self.outcome_index is None:
            rows = all_sets(self.file.bet.layout.cards)
            deals = Deals(rows)
            tests = [outcome.condition.test(deals) for outcome in self.file.bet.outcomes]
            self.outcome_index = np.asarray(
                np.select(tests, np.arange(len(tests)), len(tests)), dtype=np.int64)
        return self.outcome_index

    def pays(self, paytable: PayTable | None) -> tuple[Fraction, ...]:
        """The pays of the outcomes at this table, then the loss."""
        table = paytable or self.file.bet.presets[self.file.bet.default_paytable]
        return (*(table[o.name] for o in self.file.bet.outcomes), Fraction(-1))

    def solution(self, paytable: PayTable | None, larger_on_ties: bool) -> Solution:
        """The exact solve at these pays (made once)."""
        pays = self.pays(paytable)
        key = (pays, larger_on_ties)
        if key not in self.solved:
            unit = self.file.start[self.file.wagers.index(self.file.unit)]
            decisions = tuple(dataclasses.replace(d, options=tuple(
                dataclasses.replace(o, amount=o.amount / unit) for o in d.options))
                for d in self.file.decisions)
            problem = Problem(self.file.bet.layout.cards, self.file.first, decisions,
                              tuple(s / unit for s in self.file.start), self.outcomes(), pays,
                              larger_on_ties)
            self.solved[key] = solve(problem)
        return self.solved[key]

    def comparison(self, paytable: PayTable | None, rules: Rules
                   ) -> tuple[StrategyComparison, Counted]:
        """The rules' strategy against the optimal one, and its forward count (made once)."""
        strategy = played_strategy(rules)
        key = (self.pays(paytable), larger_on_ties(rules), strategy.identity)
        if key not in self.compared:
            solution = self.solution(paytable, larger_on_ties(rules))
            self.compared[key] = compare(strategy, solution, self.file.bet.name,
                                         self.file.bet.name, self.file.unit)
        return self.compared[key]

    def counted(self, paytable: PayTable | None, rules: Rules) -> Solution | Counted:
        """The counts of the rules' strategy: the solve's for the optimal one, else the
        strategy's own forward count."""
        strategy = played_strategy(rules)
        if strategy.is_optimal:
            return self.solution(paytable, larger_on_ties(rules))
        key = (self.pays(paytable), larger_on_ties(rules), strategy.identity)
        if key in self.compared:
            return self.compared[key][1]
        solution = self.solution(paytable, larger_on_ties(rules))
        return count_forward(solution.problem, strategy.choices(solution))

    def rows(self, solution: Solution | Counted) -> list[tuple[str, Fraction, int, Fraction,
                                                     tuple[str, int, Fraction]]]:
        """The table's rows: name, net, deals, total in play, and the key the simulator
        settles to (``("o", outcome, total)`` or ``("f", decision, total)``)."""
        names = [o.name for o in self.file.bet.outcomes] + [LOSE]
        pays = solution.problem.pays
        found = []
        for (o, total), deals in sorted(solution.settled.items(),
                                        key=lambda item: (item[0][0], -item[0][1])):
            found.append((f"{names[o]}, {units_text(total)}", pays[o] * total, deals, total,
                          ("o", o, total)))
        for (d, total), deals in sorted(solution.folded.items()):
            found.append((f"fold at {self.file.decisions[d].name}, {units_text(total)} lost",
                          -total, deals, total, ("f", d, total)))
        return found

    def analyze(self, paytable: PayTable | None, rules: Rules) -> ReturnTable:
        """The exact return table under the rules' strategy (the optimal one by default)."""
        solution = self.counted(paytable, rules)
        strategy = played_strategy(rules)
        file = self.file
        rows = tuple(Row(name, net, deals, wager)
                     for name, net, deals, wager, _ in self.rows(solution))
        decisions = tuple((", ".join(file.decisions[d].options[i].name
                                     for d, i in enumerate(line)), deals)
                          for line, deals in sorted(solution.lines.items()) if deals)
        cards = file.bet.layout.cards
        notes = (f"Every ordered deal of the {cards} cards from one deck: {solution.cycle:,} "
                 f"deals, each equally likely; the player sees the first {file.first} at once "
                 "and the others one by one.",
                 ("The player's strategy is solved exactly: each decision takes the option of "
                  "the highest expected return given the cards seen (a tie goes to the "
                  f"{'larger' if larger_on_ties(rules) else 'smaller'} total wager)."
                  if strategy.is_optimal else
                  f"The player plays the strategy file {strategy}: every ordered deal is "
                  "counted forward under its rules (a decision it leaves out is played as "
                  "solved)."),
                 f"Every wager in play is paid the outcome's pay; a fold loses them. Figures "
                 f"are per {file.unit} (1 unit).")
        return ReturnTable(file.bet.name, file.bet.name, rows,
                           paytable or file.bet.presets[file.bet.default_paytable],
                           options_dict(rules), decisions=decisions, notes=notes,
                           title=file.bet.title, basis=file.unit,
                           initial_stake=file.initial_stake)


def played_strategy(rules: Rules) -> GameFileStrategy:
    """The rules' strategy (a game file's rules always have one)."""
    strategy = getattr(rules, STRATEGY)
    assert isinstance(strategy, GameFileStrategy)
    return strategy


def larger_on_ties(rules: Rules) -> bool:
    """Whether the rules give a tie between options to the larger total wager."""
    ties = getattr(rules, "ties", "larger")
    return bool(ties == "larger")
