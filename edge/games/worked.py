"""Worked examples for a report's rules of play: fixed deals settled by the game's own settlement.

A game lists a few deals (:class:`Deal`: the wager, the deal as a reader reads it, and what the
wager's simulator settles, in the order it deals). :func:`examples_table` settles each one with
the wager's ``simulate`` hook (the same settlement the simulation check uses), so no result is
written by hand: the outcome is the return-table row the deal falls in and the net result is
that settlement's, which a test compares with the exact analysis.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from edge.document.document import Section, Table
from edge.games import RulesT
from edge.paytables import format_pay

if TYPE_CHECKING:
    from edge.games import ReportContext


@runtime_checkable
class Settling(Protocol):
    """A simulator that settles given deals (every built-in game's simulators do)."""

    def settle(self, dealt: npt.NDArray[np.int16]) -> tuple[npt.NDArray[np.int64],
                                                            npt.NDArray[np.int64]]:
        """Settle deals (one column each): (outcome index, net result x scale) per deal."""


@dataclass(frozen=True)
class Deal:
    """One worked example: the wager, the deal in words, and what its simulator settles
    (cards, tiles or dice in the order the simulator deals them)."""

    bet: str
    shown: str
    dealt: tuple[int, ...]


@dataclass(frozen=True)
class Settled:
    """A deal settled: its return-table row and net result (in units of the wager's base)."""

    deal: Deal
    outcome: str
    net: Fraction


def settle(context: ReportContext[RulesT], deal: Deal) -> Settled:
    """Settle one deal with the wager's own settlement, at the report's pay table and rules."""
    bet = context.game.bet(deal.bet)
    simulator = bet.simulator(context.game.wager(context.paytables[deal.bet], context.rules,
                                                 context.run))
    if simulator is None:
        raise ValueError(f"The wager {deal.bet!r} has no settlement to work an example with.")
    dealt = np.array(deal.dealt, dtype=np.int16).reshape(len(deal.dealt), 1)
    if not isinstance(simulator, Settling):
        raise ValueError(f"The wager {deal.bet!r} has no settlement of a given deal.")
    outcome, net = simulator.settle(dealt)
    index = int(np.asarray(outcome)[0])
    value = Fraction(int(np.asarray(net)[0]), simulator.scale)
    return Settled(deal, simulator.outcomes[index], value)


def net_text(net: Fraction) -> str:
    """A net result as a reader reads it: ``+2``, ``0``, ``-1``, ``+19/20``."""
    return ("+" if net > 0 else "") + format_pay(net)


def examples_table(context: ReportContext[RulesT], deals: Sequence[Deal],
                   explain: Callable[[Settled], str] | None = None) -> Table:
    """The worked examples as a table: wager, deal, return-table row, net result."""
    rows = []
    for deal in deals:
        done = settle(context, deal)
        row = (deal.bet, deal.shown, done.outcome, net_text(done.net))
        rows.append(row + ((explain(done),) if explain is not None else ()))
    heads = ("wager", "deal", "outcome (return-table row)", "net result")
    return Table(heads + (("settlement",) if explain is not None else ()), tuple(rows),
                 "Worked examples, each settled by the game's own settlement at this report's "
                 "pay tables and options (net result in units of the wager's base, a loss "
                 "negative)", align="lllr" + ("l" if explain is not None else ""))


def examples_section(context: ReportContext[RulesT], deals: Sequence[Deal],
                     explain: Callable[[Settled], str] | None = None) -> Section:
    """A "Worked examples" section of the rules of play."""
    return Section("Worked examples", (examples_table(context, deals, explain),))
