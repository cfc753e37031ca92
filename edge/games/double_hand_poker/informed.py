"""A realistic player under an exposure (game protection, docs/protection.md): a setting
strategy other than the optimal one, played with some of the dealer's tiles seen.

The player sets by his strategy (docs/strategies.md, Casino Double-Hand Poker): the house way
with exceptions, some of which may hang on the tiles he sees (``seen`` / ``unless_seen``). In
each situation of the exposure (a player deal and the seen tiles, :mod:`.exposure`) the rule
gives one setting; the kernel
(:func:`~edge.games.double_hand_poker._kernels.double_hand_exposed_slots`) counts every
setting against the dealer deals of every situation, and the rule's setting is read from it.
A strategy that looks at nothing seen sets every situation of a deal alike, so its return is
exactly its return in the game as dealt (the tests check it).
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt

from edge.games import RunSettings
from edge.games.double_hand_poker import _kernels
from edge.games.double_hand_poker._kernels import DEALER_DEALS, LEVELS, MAIN_ROWS, TILE_COUNT
from edge.games.double_hand_poker.analysis import (
    PLAYER_DEALS,
    SettingCounts,
    chosen_slots,
    exception_targets,
    main_table,
    setting_counts,
    slot_levels,
)
from edge.games.double_hand_poker.exposure import (
    OTHER_TILES,
    OTHERWISE,
    SAME,
    SCENARIOS,
    WHEN,
    exposed_setting,
    exposed_table,
    seen_ranks,
)
from edge.games.double_hand_poker.rules import GAME_NAME, DoubleHandRules, Seen, SettingRule
from edge.games.double_hand_poker.tiles import format_tiles
from edge.options import format_value
from edge.strategies import Departure, StrategyComparison, largest_first
from edge.table import ReturnTable, Row, exact, percent

Int64Array = npt.NDArray[np.int64]
_CODES = len(LEVELS) ** 2     # (front level, back level) pairs, coded front x 4 + back


def _levels_text(code: int) -> str:
    return f"{LEVELS[code // len(LEVELS)]} / {LEVELS[code % len(LEVELS)]}"

CHUNK = 256   # player deals per kernel call (dealer-3: 256 x 2,300 x 10 counts, 12 MB each)
INFORMED_RULE = "house-way-seen"  # the named strategy a real player who sees a tile could follow


@functools.cache
def seen_tile_sets(seen: Seen) -> npt.NDArray[np.int8]:
    """The seen tiles of every situation: ``[3,276 player deals, situations, tiles seen]``
    (tile indices; situations in the exposure kernel's order)."""
    counts = setting_counts()
    others = np.array([[t for t in range(TILE_COUNT) if t not in counts.tiles(deal)]
                       for deal in range(PLAYER_DEALS)], dtype=np.int8)
    ranks = np.array(seen_ranks(seen.tiles), dtype=np.int64)
    found = np.asarray(others[:, ranks], dtype=np.int8)
    found.setflags(write=False)
    return found


def rule_choices(counts: SettingCounts, rule: SettingRule, seen: Seen, commission: Fraction
                 ) -> tuple[npt.NDArray[np.int8], Int64Array]:
    """The slot the rule sets in every situation (``[3,276, situations]``), and the exception
    taken there (-1: none). The house way's slot, unless an exception applies to the deal's
    levels and to what is seen (the first that applies wins); the optimal base sets each
    deal's unexposed optimal slot."""
    situations = comb(OTHER_TILES, seen.tiles)
    base = chosen_slots(counts, rule.base, commission)
    slots = np.repeat(base[:, None], situations, axis=1).astype(np.int8)
    taken = np.full(slots.shape, -1, dtype=np.int64)
    tiles = seen_tile_sets(seen)
    for number, exception in enumerate(rule.exceptions):
        target = exception_targets(counts, exception)
        active = (target >= 0)[:, None] & (taken < 0)
        if exception.informed:
            listed, when = exception.listed()
            mask = np.zeros(TILE_COUNT, dtype=np.bool_)
            mask[sorted(listed)] = True
            hit = mask[tiles].any(axis=2)
            active &= hit if when else ~hit
        slots = np.where(active, target[:, None], slots).astype(np.int8)
        taken[active] = number
    return slots, taken


def rule_slots(counts: SettingCounts, rule: SettingRule, seen: Seen,
               commission: Fraction) -> npt.NDArray[np.int8]:
    """The slot the rule sets in every situation (:func:`rule_choices`)."""
    return rule_choices(counts, rule, seen, commission)[0]


def slot_counts(seen: Seen, slots: npt.NDArray[np.int8]
                ) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
    """The dealer deals of each situation that the slot set there wins both / loses both."""
    win = np.zeros(slots.shape, dtype=np.int16)
    lose = np.zeros(slots.shape, dtype=np.int16)
    for first in range(0, PLAYER_DEALS, CHUNK):
        last = min(first + CHUNK, PLAYER_DEALS)
        every_win, every_lose = _kernels.double_hand_exposed_slots(seen.tiles, first, last)
        chosen = slots[first:last, :, None].astype(np.int64)
        win[first:last] = np.take_along_axis(every_win, chosen, axis=2)[:, :, 0]
        lose[first:last] = np.take_along_axis(every_lose, chosen, axis=2)[:, :, 0]
    return win, lose


@dataclass(frozen=True)
class PlayedSetting:
    """A strategy played under one exposure: its slot, win-both and lose-both counts in every
    situation (``[3,276, situations]``), and the slot it sets with nothing seen."""

    seen: Seen
    commission: Fraction
    rule: SettingRule
    slots: npt.NDArray[np.int8]
    unexposed: npt.NDArray[np.int64]
    win: npt.NDArray[np.int16]
    lose: npt.NDArray[np.int16]

    @property
    def cycle(self) -> int:
        """Player deals x dealer deals x ways of choosing the seen tiles among the dealer's."""
        return PLAYER_DEALS * DEALER_DEALS * SCENARIOS[self.seen].ways

    @property
    def deals_per_situation(self) -> int:
        """Dealer deals holding the seen tiles."""
        return comb(OTHER_TILES - self.seen.tiles, 3 - self.seen.tiles)

    def totals(self) -> tuple[int, int, int]:
        """Win both, push and lose both over the cycle."""
        win = int(self.win.sum(dtype=np.int64))
        lose = int(self.lose.sum(dtype=np.int64))
        return win, self.cycle - win - lose, lose

    def expected_return(self) -> Fraction:
        """The exact expected return per unit wagered."""
        win, _, lose = self.totals()
        return (win * (1 - self.commission) - lose) / self.cycle

    def departs(self) -> npt.NDArray[np.bool_]:
        """Where what is seen changes the rule's setting (situations)."""
        return np.asarray(self.slots != self.unexposed[:, None])


def play(rule: SettingRule, seen: Seen, commission: Fraction) -> PlayedSetting:
    """Score ``rule`` under the exposure ``seen`` (about a second)."""
    if seen is Seen.NONE:
        raise ValueError("seen=none is the game as dealt: analysis.main_table scores it")
    counts = setting_counts()
    if rule.is_optimal:
        solution = exposed_setting(seen, commission)
        slots, win, lose = solution.chosen, solution.win, solution.lose
    else:
        slots = rule_slots(counts, rule, seen, commission)
        win, lose = slot_counts(seen, slots)
    unexposed = chosen_slots(counts, rule, commission)
    return PlayedSetting(seen, commission, rule, slots, unexposed, win, lose)


@functools.lru_cache(maxsize=4)
def _played(rule: SettingRule, seen: Seen, commission: Fraction) -> PlayedSetting:
    return play(rule, seen, commission)


def played_setting(rules: DoubleHandRules, run: RunSettings | None = None) -> PlayedSetting:
    """``rules.strategy`` under ``rules.seen``, kept for the process unless ``run.cache`` is
    off."""
    if run is not None and not run.cache:
        return play(rules.strategy, rules.seen, rules.commission)
    return _played(rules.strategy, rules.seen, rules.commission)


def exposed_returns(rules: DoubleHandRules, run: RunSettings | None = None
                    ) -> tuple[Fraction, Fraction, Fraction]:
    """The strategy's exact return under the exposure, the same strategy's with nothing seen,
    and the exposed optimal player's (perfect use of what is seen), per unit wagered."""
    played = played_setting(rules, run).expected_return()
    unexposed = main_table(dataclasses.replace(rules, seen=Seen.NONE)).expected_return
    solution = exposed_setting(rules.seen, rules.commission, run)
    win, _, lose = solution.totals()
    best = (win * (1 - rules.commission) - lose) / solution.cycle
    return played, unexposed, best


def played_table(rules: DoubleHandRules, run: RunSettings) -> ReturnTable:
    """The main wager's exact return table of ``rules.strategy`` with ``rules.seen`` seen,
    with what the tiles are worth to this player and what he leaves against perfect use."""
    found = played_setting(rules, run)
    scenario = SCENARIOS[rules.seen]
    win, push, lose = found.totals()
    pays = {"win-both": 1 - rules.commission, "push": Fraction(0), "lose-both": Fraction(-1)}
    counted = {"win-both": win, "push": push, "lose-both": lose}
    rows = tuple(Row(name, pays[name], counted[name]) for name in MAIN_ROWS)
    situations = found.slots.size
    departs = int(found.departs().sum())
    decisions = ((SAME, (situations - departs) * found.deals_per_situation),
                 (OTHERWISE, departs * found.deals_per_situation))
    played, unexposed, best = exposed_returns(rules, run)
    looks = ("Its exceptions that hang on the seen tiles: "
             + "; ".join(str(e) for e in rules.strategy.exceptions if e.informed) + "."
             if rules.strategy.informed else
             "The strategy looks at nothing seen: it sets every deal as in the game as dealt, "
             "so its return is exactly its return without the exposure.")
    notes = (
        f"Seen: {scenario.description}. The player sets by the strategy {rules.strategy}, "
        f"the dealer by the house way; every player deal ({PLAYER_DEALS:,}) against every "
        f"dealer deal of 3 of the other 25 ({DEALER_DEALS:,}), once for each way of choosing "
        f"the seen tiles among the dealer's ({scenario.ways}): cycle {found.cycle:,}.",
        f"Win both pays 1 less the commission of {format_value(rules.commission)}: "
        f"{exact(1 - rules.commission)}.",
        looks + f" What is seen changes the setting in {departs:,} of the {situations:,} "
        f"equally likely situations ({percent(Fraction(departs, situations), 2)}).",
        f"Value of the information to this player: {percent(played)} per unit wagered with "
        f"the tiles seen, {percent(unexposed)} with nothing seen: {percent(played - unexposed)}"
        f" (exactly {exact(played - unexposed)}).",
        f"Cost against perfect use of the information: the exposed optimal player's return is "
        f"{percent(best)} per unit wagered; this strategy leaves {percent(best - played)} "
        f"(exactly {exact(best - played)}).",
    )
    options = {"strategy": str(rules.strategy), "commission": format_value(rules.commission),
               "seen": str(rules.seen)}
    return ReturnTable(GAME_NAME, "main", rows, None, options, decisions=decisions,
                       notes=notes,
                       title=f"Casino Double-Hand Poker: main wager, player setting "
                             f"{rules.strategy}, {scenario.seen} seen {WHEN}")


def exposed_main_table(rules: DoubleHandRules, run: RunSettings) -> ReturnTable:
    """The exposed main wager's ``analyze`` hook: the exposed optimal solve, or the player's
    own strategy scored under the exposure."""
    if rules.strategy.is_optimal:
        return exposed_table(rules, run)
    return played_table(rules, run)


def exposed_compare(rules: DoubleHandRules, run: RunSettings) -> StrategyComparison:
    """The exposed main wager's ``compare`` hook: the strategy under the exposure against the
    exposed optimal player (perfect use of the seen tiles), situation by situation, grouped by
    the levels (front / back) the house way gives the deal and the levels of the strategy's
    and the exposed optimal setting. Each situation has probability 1 / (3,276 x situations
    per deal); its cost is the exposed optimal EV less the strategy's, per unit wagered."""
    counts = setting_counts()
    found = played_setting(rules, run)
    best = exposed_setting(rules.seen, rules.commission, run)
    p, q = rules.commission.numerator, rules.commission.denominator

    def value(win: npt.NDArray[np.int16], lose: npt.NDArray[np.int16]) -> Int64Array:
        return np.asarray(win.astype(np.int64) * (q - p) - lose.astype(np.int64) * q)

    cost = value(best.win, best.lose) - value(found.win, found.lose)
    levels = slot_levels(counts)
    code = levels[:, :, 0] * len(LEVELS) + levels[:, :, 1]
    deals, situations = np.nonzero(cost)
    house = code[deals, counts.house_slot[deals]]
    mine = code[deals, found.slots[deals, situations]]
    optimal = code[deals, best.chosen[deals, situations]]
    key = (house * _CODES + mine) * _CODES + optimal
    unit = q * found.cycle
    total = found.slots.size
    departures = []
    for group in np.unique(key):
        members = np.flatnonzero(key == group)
        costs = cost[deals[members], situations[members]]
        first = int(members[int(np.argmax(costs))])
        deal, situation = int(deals[first]), int(situations[first])
        seen = format_tiles(int(t) for t in seen_tile_sets(rules.seen)[deal, situation])
        departures.append(Departure(
            f"house way sets {_levels_text(int(group) // _CODES // _CODES)}",
            _levels_text(int(group) // _CODES % _CODES), _levels_text(int(group) % _CODES),
            Fraction(len(members), total), Fraction(int(costs.sum()), unit), "setting",
            f"{len(members):,} situations, e.g. {format_tiles(counts.tiles(deal))} with "
            f"{seen} seen: {counts.setting(deal, int(found.slots[deal, situation]))} instead "
            f"of {counts.setting(deal, int(best.chosen[deal, situation]))}"))
    win, _, lose = best.totals()
    return StrategyComparison(
        GAME_NAME, "main", rules.strategy,
        (win * (1 - rules.commission) - lose) / best.cycle, found.expected_return(),
        largest_first(departures),
        notes=(f"Seen: {SCENARIOS[rules.seen].description}. The optimal player here sets "
               "each situation with the highest exact EV given the seen tiles. Levels are "
               f"front / back; commission {format_value(rules.commission)}; the dealer sets by "
               "the house way.",))


def informed_rule_line(rules: DoubleHandRules, run: RunSettings | None = None) -> str:
    """The named rule a real player could follow under ``rules.seen``, with its exact return,
    what the tiles are worth to it and what it leaves against perfect use (one line)."""
    rule = SettingRule.resolve(INFORMED_RULE)
    played, unexposed, best = exposed_returns(dataclasses.replace(rules, strategy=rule), run)
    return (f"A rule a player could follow: {rule} (a named strategy: the house way with "
            f"exceptions, some hanging on the seen tile) returns {percent(played)} per unit "
            f"wagered ({exact(played)}), {percent(played - unexposed)} more than with nothing "
            f"seen and {percent(best - played)} less than the exposed optimal player.")
