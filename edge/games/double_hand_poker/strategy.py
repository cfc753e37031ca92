"""Where the player's optimal setting leaves the house way (docs/rules.md section 3), with the
exact EV of each setting against the house-way dealer, as a document and (for now) as text."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from edge.document import Paragraph, Report, Section, Table
from edge.document.document import JsonValue
from edge.games.double_hand_poker._kernels import DEALER_DEALS, LEVELS
from edge.games.double_hand_poker.analysis import (
    PLAYER_DEALS,
    SettingCounts,
    chosen_slots,
    main_return,
    main_wager_counts,
    setting_counts,
    setting_values,
)
from edge.games.double_hand_poker.house_way import Setting
from edge.games.double_hand_poker.rules import (
    GAME_NAME,
    TITLE,
    DoubleHandRules,
    PlayerSetting,
)
from edge.games.double_hand_poker.tiles import format_tiles
from edge.options import format_value
from edge.strategies import Departure, StrategyComparison, largest_first
from edge.table import decimal, exact, percent

TOP = 20  # the most valuable differences listed one by one


def _level_pair(setting: Setting) -> str:
    return f"{LEVELS[setting.front_level]} / {LEVELS[setting.back_level]}"


@dataclass(frozen=True)
class Difference:
    """A player deal whose optimal setting is not the house way's, with both exact EVs."""

    deal: int
    tiles: tuple[int, ...]
    house_way: Setting
    house_way_value: Fraction
    optimal: Setting
    optimal_value: Fraction

    @property
    def gain(self) -> Fraction:
        """What the optimal setting adds to the EV of this deal, per unit wagered."""
        return self.optimal_value - self.house_way_value


def differences(commission: Fraction, counts: SettingCounts | None = None) -> list[Difference]:
    """Every player deal where the optimal setting beats the house way, most valuable first."""
    counts = counts if counts is not None else setting_counts()
    values = setting_values(counts, commission)
    slots = chosen_slots(counts, PlayerSetting.OPTIMAL, commission)
    scale = commission.denominator * DEALER_DEALS
    found = []
    for index in np.flatnonzero(slots != counts.house_slot):
        deal = int(index)
        house, best = int(counts.house_slot[deal]), int(slots[deal])
        found.append(Difference(
            deal, counts.tiles(deal),
            counts.setting(deal, house), Fraction(int(values[deal, house]), scale),
            counts.setting(deal, best), Fraction(int(values[deal, best]), scale)))
    return sorted(found, key=lambda d: (-d.gain, d.deal))


@dataclass(frozen=True)
class Transition:
    """The differences that change the hands' levels the same way, with their total gain."""

    house_way: str
    optimal: str
    deals: int
    gain: Fraction
    example: Difference


def transitions(found: list[Difference]) -> Iterator[Transition]:
    """The differences grouped by the levels (front / back) they move between, largest gain
    first, each with its most valuable example."""
    groups: dict[tuple[str, str], list[Difference]] = {}
    for item in found:  # most valuable first, so each group's first item is its best example
        groups.setdefault((_level_pair(item.house_way), _level_pair(item.optimal)), []).append(item)
    totals = [Transition(house, best, len(items), sum((d.gain for d in items), Fraction(0)),
                         items[0]) for (house, best), items in groups.items()]
    yield from sorted(totals, key=lambda t: -t.gain)


@dataclass(frozen=True)
class Comparison:
    """The optimal setting against the house way for one commission."""

    commission: Fraction
    found: list[Difference]
    transitions: list[Transition]
    house_edge_house_way: Fraction
    house_edge_optimal: Fraction


def compare(commission: Fraction) -> Comparison:
    """Every difference and both house edges for a commission."""
    counts = setting_counts()
    found = differences(commission, counts)
    win, _, lose = main_wager_counts(counts, counts.house_slot)
    house_edge = -main_return(win, lose, commission)
    win, _, lose = main_wager_counts(
        counts, chosen_slots(counts, PlayerSetting.OPTIMAL, commission))
    optimal_edge = -main_return(win, lose, commission)
    return Comparison(commission, found, list(transitions(found)), house_edge, optimal_edge)


# The words of the document and of the text printout, so both say the same.
TRANSITION_HEADERS = ("house way", "optimal", "deals", "EV gained per game", "best example",
                      "house way", "optimal", "gain")
DIFFERENCE_HEADERS = ("tiles", "house way", "EV", "optimal", "EV", "gain")
HOUSE_WAY_HEADERS = ("rule", "when", "the dealer takes")
HOUSE_WAY_ROWS = (
    ("1", "some setting makes both hands a pair or better",
     "among those, the highest back-hand level, then the strongest front hand, then the "
     "strongest back hand"),
    ("2", "no setting makes both hands a pair or better",
     "the same order among all settings"),
)


def _title() -> str:
    return f"{TITLE}: the player's optimal setting against the house way"


def _subtitle(commission: Fraction) -> str:
    return (f"commission: {format_value(commission)} (win both pays {exact(1 - commission)}); "
            f"EVs per unit wagered over the {DEALER_DEALS:,} dealer deals, the dealer set by "
            "the house way")


def _summary(c: Comparison) -> tuple[str, str]:
    share = percent(Fraction(len(c.found), PLAYER_DEALS), 2)
    return (f"The optimal setting differs from the house way on {len(c.found):,} of "
            f"{PLAYER_DEALS:,} player deals ({share}).",
            f"House edge, player setting by the house way: {percent(c.house_edge_house_way)}; "
            f"optimal: {percent(c.house_edge_optimal)}; difference "
            f"{percent(c.house_edge_house_way - c.house_edge_optimal)} of the wager.")


def _transition_rows(c: Comparison) -> list[tuple[str, ...]]:
    return [(t.house_way, t.optimal, f"{t.deals:,}", decimal(t.gain / PLAYER_DEALS, 6),
             format_tiles(t.example.tiles), str(t.example.house_way), str(t.example.optimal),
             decimal(t.example.gain, 4)) for t in c.transitions]


def _difference_rows(c: Comparison, top: int) -> list[tuple[str, ...]]:
    return [(format_tiles(d.tiles), str(d.house_way), decimal(d.house_way_value, 4),
             str(d.optimal), decimal(d.optimal_value, 4), decimal(d.gain, 4))
            for d in c.found[:top]]


_BY_LEVELS = "Where they differ, by hand levels (front / back), with the most valuable example:"


def _most_valuable(c: Comparison, top: int) -> str:
    return f"The {min(top, len(c.found))} most valuable differences:"


def strategy_data(c: Comparison, rules: DoubleHandRules) -> dict[str, JsonValue]:
    """The comparison as ``edge strategy --format json`` prints it (a stable contract)."""
    return {
        "game": GAME_NAME, "bet": "main",
        "options": {"commission": format_value(rules.commission)},
        "player_deals": PLAYER_DEALS, "differing_deals": len(c.found),
        "house_edge_house_way": exact(c.house_edge_house_way),
        "house_edge_optimal": exact(c.house_edge_optimal),
        "transitions": [{"house_way": t.house_way, "optimal": t.optimal, "deals": t.deals,
                         "ev_gained_per_game": exact(t.gain / PLAYER_DEALS),
                         "example": format_tiles(t.example.tiles)} for t in c.transitions],
        "differences": [{"tiles": format_tiles(d.tiles), "house_way": str(d.house_way),
                         "house_way_ev": exact(d.house_way_value), "optimal": str(d.optimal),
                         "optimal_ev": exact(d.optimal_value), "gain": exact(d.gain)}
                        for d in c.found],
    }


def strategy(rules: DoubleHandRules, top: int = TOP) -> Report:
    """The main wager's strategy hook: the house way, and where and by how much the optimal
    setting departs from it, as a document (with an exposure, :mod:`.exposure_strategy`)."""
    c = compare(rules.commission)
    first, second = _summary(c)
    return Report(
        _title(), (_subtitle(rules.commission),),
        (Section("The house way", (
            Paragraph("The dealer, and a player who follows the house way, set the tiles so:"),
            Table(HOUSE_WAY_HEADERS, HOUSE_WAY_ROWS, align="lll"))),
         Section("The optimal setting", (
             Paragraph(first), Paragraph(second), Paragraph(_BY_LEVELS),
             Table(TRANSITION_HEADERS, tuple(_transition_rows(c)), align="llrrllll"),
             Paragraph(_most_valuable(c, top)),
             Table(DIFFERENCE_HEADERS, tuple(_difference_rows(c, top)), align="llrlrr")))),
        game=GAME_NAME, game_title=TITLE, data=strategy_data(c, rules))




def compare_setting(rules: DoubleHandRules) -> StrategyComparison:
    """The main wager's ``compare`` hook: the player's setting strategy against the optimal
    setting, deal by deal, grouped by the levels (front / back) the house way gives the deal
    and the levels each of the two settings makes. Each player deal has probability 1/3,276;
    its cost is the EV of the optimal setting less that of the strategy's, per unit wagered."""
    counts = setting_counts()
    commission = rules.commission
    values = setting_values(counts, commission)
    played = chosen_slots(counts, rules.strategy, commission)
    best = chosen_slots(counts, PlayerSetting.OPTIMAL, commission)
    deals = np.arange(len(played))
    unit = commission.denominator * DEALER_DEALS * PLAYER_DEALS
    groups: dict[tuple[str, str, str], list[int]] = {}
    for index in np.flatnonzero(values[deals, played] != values[deals, best]):
        deal = int(index)
        house = counts.setting(deal, int(counts.house_slot[deal]))
        key = (f"house way sets {_level_pair(house)}",
               _level_pair(counts.setting(deal, int(played[deal]))),
               _level_pair(counts.setting(deal, int(best[deal]))))
        groups.setdefault(key, []).append(deal)
    departures = []
    for (situation, mine, optimal), members in groups.items():
        gains = [int(values[d, best[d]]) - int(values[d, played[d]]) for d in members]
        example = members[max(range(len(members)), key=lambda k: gains[k])]
        departures.append(Departure(
            situation, mine, optimal, Fraction(len(members), PLAYER_DEALS),
            Fraction(sum(gains), unit), "setting",
            f"{len(members):,} deals, e.g. {format_tiles(counts.tiles(example))}: "
            f"{counts.setting(example, int(played[example]))} instead of "
            f"{counts.setting(example, int(best[example]))}"))
    return StrategyComparison(
        GAME_NAME, "main", rules.strategy,
        Fraction(int(values[deals, best].sum()), unit),
        Fraction(int(values[deals, played].sum()), unit), largest_first(departures),
        notes=(f"Levels are front / back; commission {format_value(commission)}; the dealer "
               "sets by the house way.",))
