"""Casino Double-Hand Poker with dealer tiles seen (game protection, docs/protection.md).

The player sees one, two or all three of the dealer's tiles (``--set seen=dealer-1|2|3``)
before he sets his six numbers (docs/rules.md section 3). For every player deal and every set
of seen tiles (a *situation*) he takes the setting of highest exact expected value over the
dealer deals that hold the seen tiles, dealt from the 25 tiles he does not hold (card removal);
the dealer sets by the house way as always. The kernel
(:func:`~edge.games.double_hand_poker._kernels.double_hand_exposed`) counts every setting of
every player deal against every dealer deal, as the unexposed count does, and splits the
dealer deals into the situations by their seen tiles.

The cycle counts every (player deal, dealer deal) pair once for each way the seen tiles can be
chosen among the dealer's three: 3 for one or two seen, 1 for all three. Every situation holds
the same number of dealer deals, so situations are equally likely.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from edge.games import RunSettings
from edge.games.double_hand_poker import _kernels
from edge.games.double_hand_poker._kernels import DEALER_DEALS, MAIN_ROWS, TILE_COUNT
from edge.games.double_hand_poker.analysis import (
    PLAYER_DEALS,
    SettingCounts,
    chosen_slots,
    main_table,
    setting_counts,
)
from edge.games.double_hand_poker.rules import (
    GAME_NAME,
    OPTIMAL,
    DoubleHandRules,
    PlayerSetting,
    Seen,
)
from edge.options import format_value
from edge.protection import Scenario, information_note
from edge.table import ReturnTable, Row, exact, percent

Int64Array = npt.NDArray[np.int64]

OTHER_TILES = TILE_COUNT - 3   # the tiles the player does not hold (25)
WHEN = "before the player sets his tiles"
SCENARIOS = {
    Seen.DEALER_1: Scenario("dealer-1", "one of the dealer's three tiles", WHEN, 3),
    Seen.DEALER_2: Scenario("dealer-2", "two of the dealer's three tiles", WHEN, 3),
    Seen.DEALER_3: Scenario("dealer-3", "all three of the dealer's tiles", WHEN, 1),
}
SAME, OTHERWISE = "set as without the exposure", "set otherwise"

_WIN, _PUSH, _LOSE = (MAIN_ROWS.index(name) for name in ("win-both", "push", "lose-both"))


@functools.cache
def seen_ranks(tiles_seen: int) -> tuple[tuple[int, ...], ...]:
    """The seen sets of a situation in the kernel's order: ranks 0..24 of the seen tiles among
    the 25 the player does not hold, ascending, the sets in colex order (by the highest rank,
    then the next)."""
    return tuple(sorted(combinations(range(OTHER_TILES), tiles_seen), key=lambda s: s[::-1]))


def seen_tiles(deal: tuple[int, ...], tiles_seen: int, situation: int) -> tuple[int, ...]:
    """The tiles seen in one situation of a player deal (``situation`` indexes
    :func:`seen_ranks`)."""
    others = [t for t in range(TILE_COUNT) if t not in deal]
    return tuple(others[rank] for rank in seen_ranks(tiles_seen)[situation])


@dataclass(frozen=True)
class ExposedSetting:
    """The exact solve of one exposure: arrays ``[3,276 player deals, situations]``.

    ``chosen`` is the slot the player sets (of :class:`SettingCounts`' canonical order);
    ``win`` / ``lose`` count the situation's dealer deals the chosen setting wins both / loses
    both; ``preferred_win`` / ``preferred_lose`` the same for ``preferred``, each deal's
    unexposed optimal slot (a tie keeps it).
    """

    seen: Seen
    commission: Fraction
    preferred: Int64Array
    chosen: npt.NDArray[np.int8]
    win: npt.NDArray[np.int16]
    lose: npt.NDArray[np.int16]
    preferred_win: npt.NDArray[np.int16]
    preferred_lose: npt.NDArray[np.int16]

    @property
    def scenario(self) -> Scenario:
        """The scenario solved."""
        return SCENARIOS[self.seen]

    @property
    def situations(self) -> int:
        """Situations per player deal: the ways of seeing ``seen.tiles`` of the other 25."""
        return comb(OTHER_TILES, self.seen.tiles)

    @property
    def deals_per_situation(self) -> int:
        """Dealer deals holding the seen tiles, from the 25 tiles the player does not hold."""
        return comb(OTHER_TILES - self.seen.tiles, 3 - self.seen.tiles)

    @property
    def cycle(self) -> int:
        """Player deals x dealer deals x ways of choosing the seen tiles among the dealer's."""
        return PLAYER_DEALS * DEALER_DEALS * self.scenario.ways

    def totals(self) -> tuple[int, int, int]:
        """Win both, push and lose both over the cycle."""
        win = int(self.win.sum(dtype=np.int64))
        lose = int(self.lose.sum(dtype=np.int64))
        return win, self.cycle - win - lose, lose

    def departs(self) -> npt.NDArray[np.bool_]:
        """Where the exposed setting is not the unexposed optimal one."""
        return np.asarray(self.chosen != self.preferred[:, None])

    def departures(self) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp], Int64Array]:
        """Every departure's (player deal, situation) and its gain over the unexposed optimal
        setting, in units of ``1 / q`` for a commission p/q, summed over the situation's
        dealer deals (the situations that do not depart gain nothing)."""
        deals, situations = np.nonzero(self.departs())
        p, q = self.commission.numerator, self.commission.denominator
        win = (self.win[deals, situations].astype(np.int64)
               - self.preferred_win[deals, situations])
        lose = (self.lose[deals, situations].astype(np.int64)
                - self.preferred_lose[deals, situations])
        return deals, situations, np.asarray(win * (q - p) - lose * q, dtype=np.int64)

    def total_gain(self) -> int:
        """The sum of every situation's gain (units of :meth:`departures`)."""
        p, q = self.commission.numerator, self.commission.denominator
        win = int(self.win.sum(dtype=np.int64)) - int(self.preferred_win.sum(dtype=np.int64))
        lose = int(self.lose.sum(dtype=np.int64)) - int(self.preferred_lose.sum(dtype=np.int64))
        return win * (q - p) - lose * q

    def gain_per_game(self, gains: int) -> Fraction:
        """A sum of gains (:meth:`departures`) as expected return per unit wagered."""
        return Fraction(gains, self.commission.denominator * self.cycle)



def solve(seen: Seen, commission: Fraction, counts: SettingCounts | None = None
          ) -> ExposedSetting:
    """Solve one exposure afresh (a fraction of a second)."""
    if seen is Seen.NONE:
        raise ValueError("seen=none is the game as dealt: analysis.main_table solves it")
    counts = counts if counts is not None else setting_counts()
    preferred = chosen_slots(counts, PlayerSetting.OPTIMAL, commission)
    p, q = commission.numerator, commission.denominator
    arrays = _kernels.double_hand_exposed(seen.tiles, q - p, q, preferred)
    for array in arrays:
        array.setflags(write=False)
    return ExposedSetting(seen, commission, preferred, *arrays)


@functools.lru_cache(maxsize=3)
def _solved(seen: Seen, commission: Fraction) -> ExposedSetting:
    return solve(seen, commission)


def exposed_setting(seen: Seen, commission: Fraction, run: RunSettings | None = None
                    ) -> ExposedSetting:
    """The solve of one exposure, kept for the process (the last three) unless
    ``run.cache`` is off."""
    if run is not None and not run.cache:
        return solve(seen, commission)
    return _solved(seen, commission)


def unexposed_table(rules: DoubleHandRules) -> ReturnTable:
    """The game as dealt with the unexposed optimal setting (the exposure's baseline), whatever
    the rules' strategy."""
    return main_table(dataclasses.replace(rules, seen=Seen.NONE, strategy=OPTIMAL))


def exposed_table(rules: DoubleHandRules, run: RunSettings) -> ReturnTable:
    """The main wager's exact return table with ``rules.seen`` of the dealer's tiles seen."""
    solution = exposed_setting(rules.seen, rules.commission, run)
    scenario = solution.scenario
    win, push, lose = solution.totals()
    pays = {"win-both": 1 - rules.commission, "push": Fraction(0), "lose-both": Fraction(-1)}
    found = {"win-both": win, "push": push, "lose-both": lose}
    rows = tuple(Row(name, pays[name], found[name]) for name in MAIN_ROWS)
    departs = int(solution.departs().sum())
    situations = PLAYER_DEALS * solution.situations
    decisions = ((SAME, (situations - departs) * solution.deals_per_situation),
                 (OTHERWISE, departs * solution.deals_per_situation))
    gained = solution.gain_per_game(solution.total_gain())
    holding = ("the one dealer deal of the seen tiles" if solution.deals_per_situation == 1
               else f"the {solution.deals_per_situation:,} dealer deals holding the seen tiles")
    notes = [
        f"Seen: {scenario.description}. Every player deal of 3 of the 28 tiles "
        f"({PLAYER_DEALS:,}) against every dealer deal of 3 of the other 25 ({DEALER_DEALS:,}), "
        f"once for each way of choosing the seen tiles among the dealer's three "
        f"({scenario.ways}): {PLAYER_DEALS:,} x {DEALER_DEALS:,} x {scenario.ways} = "
        f"{solution.cycle:,}. The dealer sets his tiles by the house way; the player sets each "
        f"deal with the highest exact EV over {holding} (card removal: his own tiles and the "
        f"seen ones are out of the rest of the dealer's deal).",
        f"Win both pays 1 less the commission of {format_value(rules.commission)}: "
        f"{exact(1 - rules.commission)}.",
        f"The exposed setting differs from the unexposed optimal one in {departs:,} of the "
        f"{situations:,} equally likely situations (player deal and seen tiles), "
        f"{percent(Fraction(departs, situations), 2)}, and gains {percent(gained)} of the "
        f"wager; a tie keeps the unexposed optimal setting. `edge strategy double-hand-poker "
        f"--set seen={rules.seen}` shows where.",
    ]
    options = {"strategy": str(rules.strategy), "commission": format_value(rules.commission),
               "seen": str(rules.seen)}
    table = ReturnTable(GAME_NAME, "main", rows, None, options,
                        decisions=decisions, notes=tuple(notes),
                        title=f"Casino Double-Hand Poker: main wager, {scenario.seen} seen "
                              f"{WHEN}")
    note = information_note(table, unexposed_table(rules))
    return dataclasses.replace(table, notes=(*table.notes, note))
