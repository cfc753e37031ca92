"""The exposed player's setting in Casino Double-Hand Poker as a document (game protection):
where it departs from the unexposed optimal setting, how often and for how much, with examples,
a chart by what is seen, and the plain rules where the solve has short ones.

Everything is read from the exact solve (:mod:`.exposure`); nothing is typed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from edge.document import Items, Paragraph, Report, Section, Table
from edge.document.document import JsonValue
from edge.games import RunSettings
from edge.games.double_hand_poker._kernels import (
    LEVELS,
    TILE_COUNT,
    double_hand_house_way,
    double_hand_level,
)
from edge.games.double_hand_poker.analysis import (
    PLAYER_DEALS,
    SettingCounts,
    setting_counts,
    slot_levels,
)
from edge.games.double_hand_poker.exposure import (
    ExposedSetting,
    exposed_setting,
    exposed_table,
    seen_ranks,
    seen_tiles,
    unexposed_table,
)
from edge.games.double_hand_poker.informed import informed_rule_line
from edge.games.double_hand_poker.rules import GAME_NAME, TITLE, DoubleHandRules, Seen
from edge.games.double_hand_poker.tiles import format_tile, format_tiles
from edge.options import format_value
from edge.table import decimal, exact, percent

TOP = 20            # the most valuable departures listed one by one
_LEVEL_CODES = len(LEVELS) ** 2


def _levels_text(code: int) -> str:
    return f"{LEVELS[code // len(LEVELS)]} / {LEVELS[code % len(LEVELS)]}"


@dataclass(frozen=True)
class Departure:
    """One situation (player deal and seen tiles) where the exposed setting is not the
    unexposed optimal one, with both settings' exact EVs in that situation."""

    deal: tuple[int, ...]
    seen: tuple[int, ...]
    unexposed: str
    unexposed_value: Fraction
    exposed: str
    exposed_value: Fraction

    @property
    def gain(self) -> Fraction:
        """What seeing the tiles adds to the EV of this situation, per unit wagered."""
        return self.exposed_value - self.unexposed_value


@dataclass(frozen=True)
class LevelChange:
    """The departures that move the hands' levels (front / back) the same way."""

    unexposed: str
    exposed: str
    situations: int
    gain_per_game: Fraction
    example: Departure


@dataclass(frozen=True)
class ChartRow:
    """Departures among the situations where one thing is seen (a tile, a dealer setting)."""

    seen: str
    situations: int
    departures: int
    gain_per_game: Fraction


@dataclass(frozen=True)
class ExposedStrategy:
    """Everything the document prints, from one solve."""

    solution: ExposedSetting
    situations: int
    departures: int
    changes: tuple[LevelChange, ...]
    top: tuple[Departure, ...]
    chart_title: str
    chart: tuple[ChartRow, ...]
    exposed_return: Fraction
    unexposed_return: Fraction


def _value(solution: ExposedSetting, win: int, lose: int) -> Fraction:
    commission = solution.commission
    return (win * (1 - commission) - lose) / solution.deals_per_situation


def departure(solution: ExposedSetting, counts: SettingCounts, deal: int,
              situation: int) -> Departure:
    """One situation's departure, with both settings and EVs."""
    preferred = int(solution.preferred[deal])
    chosen = int(solution.chosen[deal, situation])
    tiles = counts.tiles(deal)
    return Departure(
        tiles, seen_tiles(tiles, solution.seen.tiles, situation),
        str(counts.setting(deal, preferred)),
        _value(solution, int(solution.preferred_win[deal, situation]),
               int(solution.preferred_lose[deal, situation])),
        str(counts.setting(deal, chosen)),
        _value(solution, int(solution.win[deal, situation]), int(solution.lose[deal, situation])))


def _ordered_departures(solution: ExposedSetting) -> tuple[npt.NDArray[np.intp],
                                                           npt.NDArray[np.intp],
                                                           npt.NDArray[np.int64]]:
    """Every departure's (deal, situation, gain), most valuable first (ties by deal, then
    situation)."""
    deals, situations, gains = solution.departures()
    order = np.lexsort((situations, deals, -gains))
    return deals[order], situations[order], gains[order]


def _level_changes(solution: ExposedSetting, counts: SettingCounts, deals: npt.NDArray[np.intp],
                   situations: npt.NDArray[np.intp], gains: npt.NDArray[np.int64]
                   ) -> tuple[LevelChange, ...]:
    levels = slot_levels(counts)
    code = levels[:, :, 0] * len(LEVELS) + levels[:, :, 1]
    before = code[deals, solution.preferred[deals]]
    after = code[deals, solution.chosen[deals, situations]]
    key = before * _LEVEL_CODES + after
    changes = []
    for value in np.unique(key):
        members = np.flatnonzero(key == value)
        first = int(members[0])     # the departures are most valuable first
        changes.append(LevelChange(
            _levels_text(int(value) // _LEVEL_CODES), _levels_text(int(value) % _LEVEL_CODES),
            len(members), solution.gain_per_game(int(gains[members].sum())),
            departure(solution, counts, int(deals[first]), int(situations[first]))))
    return tuple(sorted(changes, key=lambda c: (-c.gain_per_game, c.unexposed, c.exposed)))


def _seen_of(solution: ExposedSetting, counts: SettingCounts, deals: npt.NDArray[np.intp],
             situations: npt.NDArray[np.intp]) -> npt.NDArray[np.int64]:
    """The seen tiles of the given situations: ``[situations, tiles seen]``."""
    others = np.array([[t for t in range(TILE_COUNT) if t not in counts.tiles(deal)]
                       for deal in range(PLAYER_DEALS)], dtype=np.int64)
    ranks = np.array(seen_ranks(solution.seen.tiles), dtype=np.int64)
    return np.asarray(np.take_along_axis(others[deals], ranks[situations], axis=1),
                      dtype=np.int64)


def _chart(names: Sequence[str], situations: Sequence[int], groups: npt.NDArray[np.int64],
           gains: npt.NDArray[np.int64], solution: ExposedSetting) -> tuple[ChartRow, ...]:
    """Departures and their gains by group (``groups[departure, k]``: a departure counts
    under each of its k groups), beside each group's ``situations``."""
    size = len(names)
    departures = np.bincount(groups.reshape(-1), minlength=size)
    gained = np.zeros(size, dtype=np.int64)
    np.add.at(gained, groups.reshape(-1), np.repeat(gains, groups.shape[1]))
    return tuple(ChartRow(names[g], situations[g], int(departures[g]),
                          solution.gain_per_game(int(gained[g])))
                 for g in range(size) if situations[g])


def _tile_chart(solution: ExposedSetting, counts: SettingCounts,
                departures: tuple[npt.NDArray[np.intp], npt.NDArray[np.intp],
                                  npt.NDArray[np.int64]]) -> tuple[ChartRow, ...]:
    """Departures by each seen tile (a situation with two seen tiles counts under both).
    Every tile is among the 25 a player deal leaves out in 2,925 of the 3,276 deals, and
    seen in C(24, seen - 1) of the situations of each: the same for every tile."""
    deals, situations, gains = departures
    each = (PLAYER_DEALS * (TILE_COUNT - 3) // TILE_COUNT) * comb(
        TILE_COUNT - 4, solution.seen.tiles - 1)
    names = [format_tile(t) for t in range(TILE_COUNT)]
    return _chart(names, [each] * TILE_COUNT, _seen_of(solution, counts, deals, situations),
                  gains, solution)


def _dealer_chart(solution: ExposedSetting, counts: SettingCounts,
                  departures: tuple[npt.NDArray[np.intp], npt.NDArray[np.intp],
                                    npt.NDArray[np.int64]]) -> tuple[ChartRow, ...]:
    """All three tiles seen: departures by the levels of the dealer's house-way setting.
    Each dealer deal is a situation of the 2,300 player deals it leaves out."""
    deals, situations, gains = departures
    level_code = np.zeros(TILE_COUNT ** 3, dtype=np.int64)
    dealers = np.zeros(_LEVEL_CODES, dtype=np.int64)
    for dealer in combinations(range(TILE_COUNT), 3):
        front, back, _ = double_hand_house_way(*dealer)
        code = double_hand_level(front) * len(LEVELS) + double_hand_level(back)
        level_code[(dealer[0] * TILE_COUNT + dealer[1]) * TILE_COUNT + dealer[2]] = code
        dealers[code] += 1
    seen = _seen_of(solution, counts, deals, situations)
    codes = level_code[(seen[:, 0] * TILE_COUNT + seen[:, 1]) * TILE_COUNT + seen[:, 2]]
    names = [_levels_text(code) for code in range(_LEVEL_CODES)]
    rows = _chart(names, [int(n) * solution.situations for n in dealers], codes[:, None],
                  gains, solution)
    return tuple(sorted(rows, key=lambda row: -row.situations))


def _one_per_deal(deals: npt.NDArray[np.intp], situations: npt.NDArray[np.intp], top: int
                  ) -> list[tuple[int, int]]:
    """The first ``top`` departures (most valuable first), at most one per player deal."""
    _, first = np.unique(deals, return_index=True)
    first = np.sort(first)[:top]
    return [(int(deals[i]), int(situations[i])) for i in first]


def exposed_strategy(rules: DoubleHandRules, run: RunSettings, top: int = TOP
                     ) -> ExposedStrategy:
    """The exposed setting against the unexposed optimal one, from the solve."""
    counts = setting_counts()
    solution = exposed_setting(rules.seen, rules.commission, run)
    deals, situations, gains = departures = _ordered_departures(solution)
    if rules.seen is Seen.DEALER_3:
        chart_title = "the dealer's house-way setting (levels front / back)"
        chart = _dealer_chart(solution, counts, departures)
    else:
        chart_title = "the seen tile"
        chart = _tile_chart(solution, counts, departures)
    exposed = exposed_table(rules, run)
    return ExposedStrategy(
        solution, PLAYER_DEALS * solution.situations, len(deals),
        _level_changes(solution, counts, deals, situations, gains),
        tuple(departure(solution, counts, int(d), int(s))
              for d, s in _one_per_deal(deals, situations, top)),
        chart_title, chart, exposed.expected_return,
        unexposed_table(rules).expected_return)


def rules_of_play(rules: DoubleHandRules, run: RunSettings) -> list[str]:
    """The exposed player's setting in a few plain lines (the report's game-protection
    section), read from the solve: the full rule with all three tiles seen, the shape of the
    departures otherwise, with the named rule a real player could follow and its exact
    return."""
    if rules.seen is Seen.DEALER_3:
        return full_view_rules(exposed_setting(rules.seen, rules.commission, run))
    return [*plain_rules(exposed_strategy(rules, run, top=0), rules),
            informed_rule_line(rules, run)]


def full_view_rules(solution: ExposedSetting) -> list[str]:
    """All three dealer tiles seen: the whole rule, with how often each line applies."""
    win, push, lose = solution.totals()
    departs = int(solution.departs().sum())
    share = percent(Fraction(departs, PLAYER_DEALS * solution.situations), 2)
    first = ("If some setting beats both of the dealer's hands as he will set them by the "
             "house way, set it" if solution.commission < 1 else
             "With the commission at 1 a win pays nothing: if some setting beats at least "
             "one of the dealer's hands, set it")
    return [
        f"{first}: it wins both on {percent(Fraction(win, solution.cycle), 2)} of deals.",
        f"Otherwise, if some setting beats one of his hands, set it for a push: "
        f"{percent(Fraction(push, solution.cycle), 2)} of deals.",
        f"Otherwise every setting loses both ({percent(Fraction(lose, solution.cycle), 2)}"
        f" of deals). Where the unexposed optimal setting already does as well, it is kept: "
        f"the setting changes on {share} of deals.",
    ]


def plain_rules(found: ExposedStrategy, rules: DoubleHandRules) -> list[str]:
    """The plain rules of :func:`rules_of_play` from an :class:`ExposedStrategy`: the whole
    rule with all three tiles seen, else the shape of the departures (no short rule)."""
    solution = found.solution
    if rules.seen is Seen.DEALER_3:
        return full_view_rules(solution)
    share = percent(Fraction(found.departures, found.situations), 2)
    rates = sorted((Fraction(row.departures, row.situations), row.seen) for row in found.chart)
    same = sum(c.situations for c in found.changes if c.unexposed == c.exposed)
    lines = [
        f"No short rule: the exposed player sets otherwise than the unexposed optimal setting "
        f"on {share} of situations, against every seen tile (from "
        f"{percent(rates[0][0], 1)} of situations with {rates[0][1]} seen to "
        f"{percent(rates[-1][0], 1)} with {rates[-1][1]}); "
        f"{percent(Fraction(same, max(found.departures, 1)), 0)} of the changes are another "
        f"split at the same hand levels.",
    ]
    for change in found.changes[:3]:
        example = change.example
        lines.append(
            f"{change.unexposed} -> {change.exposed}: {change.situations:,} situations, worth "
            f"{percent(change.gain_per_game)} of the wager; e.g. {format_tiles(example.deal)} "
            f"with {format_tiles(example.seen)} seen: {example.exposed} instead of "
            f"{example.unexposed}.")
    return lines


# The words of the document, shared with its JSON data.
CHANGE_HEADERS = ("unexposed optimal", "exposed", "situations", "EV gained per game",
                  "example tiles", "seen", "unexposed", "exposed", "gain")
DEPARTURE_HEADERS = ("tiles", "seen", "unexposed optimal", "EV", "exposed", "EV", "gain")
CHART_HEADERS = ("seen", "situations", "set otherwise", "share", "EV gained per game")


def _change_rows(changes: Sequence[LevelChange]) -> tuple[tuple[str, ...], ...]:
    return tuple((c.unexposed, c.exposed, f"{c.situations:,}", decimal(c.gain_per_game, 6),
                  format_tiles(c.example.deal), format_tiles(c.example.seen),
                  c.example.unexposed, c.example.exposed, decimal(c.example.gain, 4))
                 for c in changes)


def _departure_rows(top: Sequence[Departure]) -> tuple[tuple[str, ...], ...]:
    return tuple((format_tiles(d.deal), format_tiles(d.seen), d.unexposed,
                  decimal(d.unexposed_value, 4), d.exposed, decimal(d.exposed_value, 4),
                  decimal(d.gain, 4)) for d in top)


def _chart_rows(chart: Sequence[ChartRow]) -> tuple[tuple[str, ...], ...]:
    return tuple((row.seen, f"{row.situations:,}", f"{row.departures:,}",
                  percent(Fraction(row.departures, row.situations), 2),
                  decimal(row.gain_per_game, 6)) for row in chart)


def strategy_data(found: ExposedStrategy, rules: DoubleHandRules) -> dict[str, JsonValue]:
    """The exposed strategy as ``edge strategy --format json`` prints it."""
    solution = found.solution
    return {
        "game": GAME_NAME, "bet": "main",
        "options": {"commission": format_value(rules.commission), "seen": str(rules.seen)},
        "situations": found.situations, "set_otherwise": found.departures,
        "expected_return": exact(found.exposed_return),
        "unexposed_expected_return": exact(found.unexposed_return),
        "value_of_the_information": exact(found.exposed_return - found.unexposed_return),
        "cycle": solution.cycle,
        "level_changes": [{"unexposed": c.unexposed, "exposed": c.exposed,
                           "situations": c.situations,
                           "ev_gained_per_game": exact(c.gain_per_game),
                           "example": format_tiles(c.example.deal),
                           "example_seen": format_tiles(c.example.seen)}
                          for c in found.changes],
        "by_seen": [{"seen": row.seen, "situations": row.situations,
                     "set_otherwise": row.departures,
                     "ev_gained_per_game": exact(row.gain_per_game)} for row in found.chart],
        "departures": [{"tiles": format_tiles(d.deal), "seen": format_tiles(d.seen),
                        "unexposed": d.unexposed, "unexposed_ev": exact(d.unexposed_value),
                        "exposed": d.exposed, "exposed_ev": exact(d.exposed_value),
                        "gain": exact(d.gain)} for d in found.top],
    }


def exposed_strategy_document(rules: DoubleHandRules, run: RunSettings,
                              top: int = TOP) -> Report:
    """The main wager's strategy hook under an exposure."""
    found = exposed_strategy(rules, run, top)
    solution = found.solution
    scenario = solution.scenario
    value = found.exposed_return - found.unexposed_return
    share = percent(Fraction(found.departures, found.situations), 2)
    worth = (f"Seen: {scenario.description}. The exposed player's exact expected return is "
             f"{percent(found.exposed_return)} per unit wagered "
             f"({exact(found.exposed_return)}), the unexposed optimal player's "
             f"{percent(found.unexposed_return)}: the information is worth {percent(value)} "
             f"of the wager ({exact(value)}).")
    stands_for = ("one dealer deal" if solution.deals_per_situation == 1 else
                  f"{solution.deals_per_situation:,} dealer deals")
    summary = (f"Of the {found.situations:,} equally likely situations (a player deal and the "
               f"tiles seen, each standing for {stands_for}), the exposed setting differs from "
               "the unexposed optimal one in "
               f"{found.departures:,} ({share}). Where both settings are worth the same, the "
               "unexposed optimal one is kept.")
    by_levels = ("Where they differ, by hand levels (front / back) of the unexposed optimal "
                 "setting and of the exposed one, with the most valuable example (EVs per unit "
                 "wagered in that situation):")
    return Report(
        f"{TITLE}: the player's setting with {scenario.seen} seen",
        (f"commission: {format_value(rules.commission)} (win both pays "
         f"{exact(1 - rules.commission)}); the dealer sets by the house way; EVs per unit "
         "wagered over the dealer deals holding the seen tiles",),
        (Section("What the exposure is worth", (Paragraph(worth),)),
         Section("Where the exposed setting departs", (
             Paragraph(summary), Paragraph(by_levels),
             Table(CHANGE_HEADERS, _change_rows(found.changes), align="llrrllllr"),
             Paragraph(f"The {len(found.top)} most valuable departures (one per player "
                       "deal):"),
             Table(DEPARTURE_HEADERS, _departure_rows(found.top), align="lllrlrr"))),
         Section(f"By {found.chart_title}", (
             Table(CHART_HEADERS, _chart_rows(found.chart), align="lrrrr"),)),
         Section("Plain rules", (Items(tuple(plain_rules(found, rules))),))),
        game=GAME_NAME, game_title=TITLE, data=strategy_data(found, rules))
