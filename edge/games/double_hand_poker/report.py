"""What Casino Double-Hand Poker adds to ``edge report``: Lo-Card and Hi-Card by the number of
players, and their break-even pay."""

from __future__ import annotations

from typing import TYPE_CHECKING

from edge.games import ReportContext
from edge.games.double_hand_poker.analysis import HI_CARD, LO_CARD
from edge.games.double_hand_poker.frequencies import frequencies_section
from edge.games.double_hand_poker.rules import DoubleHandRules
from edge.games.sweeps import linear_option, option_sweep

if TYPE_CHECKING:
    from edge.document import Section

PLAYERS = range(1, 8)


def report_sections(context: ReportContext[DoubleHandRules]) -> list[Section]:
    """``edge report``: the Lo/Hi-Card break-even pay, and the two bets by number of players."""

    side = (LO_CARD.name, HI_CARD.name)
    sections = [option_sweep(
        context, side, "players", PLAYERS, "Lo-Card and Hi-Card by players at the table",
        "Every deal of the 28 tiles for each number of players, enumerated: the odds of the "
        "bet do not depend on how many players sit at the table.")]
    pays = linear_option(context, side, "pays", "Lo-Card and Hi-Card: the break-even pay",
                         "The published rules give no pay for Lo-Card and Hi-Card; the report's "
                         "pay is an assumption. The return is linear in the pay:")
    return ([pays] if pays is not None else []) + sections + [
        frequencies_section(context.rules.strategy, context.rules.commission)]
