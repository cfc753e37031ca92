"""What surveillance should watch for in Casino Double-Hand Poker when the player sees some of
the dealer's tiles (issue 27 part 3, docs/protection.md): how the informed player's settings
differ from the house way and from his own play with nothing seen, how often (exact shares of
the exposed cycle), on which hands (by the house way's hand levels and the seen tile), as
tables, a coloured grid and a chart, with the plain rules where they exist.

The informed player is the wager's own player: the exposed optimal solve for ``strategy=
optimal``, else his strategy scored under the exposure (:mod:`.informed`). Every situation (a
player deal and the seen tiles) holds the same number of dealer deals, so a share of situations
is exactly a share of the exposed cycle. Everything is read from the exact solves.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from edge.document import Block, Cell, Chart, Items, Paragraph, Section, Table
from edge.document.colours import PALETTE, grid_shade
from edge.games import RunSettings
from edge.games.double_hand_poker._kernels import (
    LEVELS,
    TILE_COUNT,
    double_hand_house_way,
    double_hand_level,
)
from edge.games.double_hand_poker.analysis import (
    PLAYER_DEALS,
    exception_choices,
    setting_counts,
    slot_levels,
)
from edge.games.double_hand_poker.exposure import SCENARIOS, exposed_setting
from edge.games.double_hand_poker.exposure_strategy import full_view_rules
from edge.games.double_hand_poker.informed import (
    INFORMED_RULE,
    PlayedSetting,
    played_setting,
    rule_choices,
    seen_tile_sets,
)
from edge.games.double_hand_poker.rules import OPTIMAL, DoubleHandRules, Seen, SettingRule
from edge.games.double_hand_poker.tiles import format_tile, format_tiles
from edge.table import percent
from edge.tells import Ordinary, Tells

if TYPE_CHECKING:
    from matplotlib.figure import Figure

IntArray = npt.NDArray[np.int64]
_KINDS = len(LEVELS) ** 2        # hand types: (front level, back level), coded front x 4 + back
TOP = 12                         # the most frequent departures listed


def levels_text(code: int) -> str:
    """``'pair / straight'`` for a levels code front x 4 + back."""
    return f"{LEVELS[code // len(LEVELS)]} / {LEVELS[code % len(LEVELS)]}"


@functools.cache
def dealer_level_codes() -> IntArray:
    """The levels code of the dealer's house-way setting for every deal of three tiles,
    indexed by (t1 x 28 + t2) x 28 + t3 for ascending tiles."""
    codes = np.full(TILE_COUNT ** 3, -1, dtype=np.int64)
    for dealer in combinations(range(TILE_COUNT), 3):
        front, back, _ = double_hand_house_way(*dealer)
        codes[(dealer[0] * TILE_COUNT + dealer[1]) * TILE_COUNT + dealer[2]] = (
            double_hand_level(front) * len(LEVELS) + double_hand_level(back))
    codes.setflags(write=False)
    return codes


@dataclass(frozen=True)
class Watch:
    """The informed player's settings against the house way, every situation classified.

    ``kind[deal]``: the levels code the house way gives the player's deal; ``rows[deal,
    situation, k]``: what each situation counts under (the seen tile, each of two seen tiles,
    or with all three seen the levels code of the dealer's house-way setting); ``informed`` /
    ``unexposed`` / ``house``: the levels code the informed player sets, his own setting with
    nothing seen, and the house way; ``off_house`` and ``off_own``: where the informed setting
    is not the house way's / not his own unexposed one."""

    played: PlayedSetting
    kind: IntArray
    rows: npt.NDArray[np.int8]
    row_names: tuple[str, ...]
    informed: npt.NDArray[np.int8]
    off_house: npt.NDArray[np.bool_]
    off_own: npt.NDArray[np.bool_]
    unexposed_off_house: int

    @property
    def situations(self) -> int:
        """Equally likely situations (player deal and seen tiles)."""
        return int(self.off_house.size)

    def share(self, count: int) -> Fraction:
        """A count of situations as an exact share of the exposed cycle."""
        return Fraction(count, self.situations)


def watch(rules: DoubleHandRules, run: RunSettings | None = None) -> Watch:
    """Classify every situation of the wager's player under ``rules.seen``."""
    played = played_setting(rules, run)
    counts = setting_counts()
    levels = slot_levels(counts)
    code = (levels[:, :, 0] * len(LEVELS) + levels[:, :, 1]).astype(np.int8)
    kind = code[np.arange(PLAYER_DEALS), counts.house_slot].astype(np.int64)
    slots = played.slots
    informed = np.take_along_axis(code, slots.astype(np.intp), axis=1)
    tiles = seen_tile_sets(rules.seen)     # ascending within each situation
    if rules.seen is Seen.DEALER_3:
        key = ((tiles[:, :, 0].astype(np.int32) * TILE_COUNT + tiles[:, :, 1]) * TILE_COUNT
               + tiles[:, :, 2])
        rows = dealer_level_codes().astype(np.int8)[key][:, :, None]
        names = tuple(levels_text(c) for c in range(_KINDS))
    else:
        rows = tiles
        names = tuple(format_tile(t) for t in range(TILE_COUNT))
    off_house = slots != counts.house_slot[:, None]
    unexposed_off = int((played.unexposed != counts.house_slot).sum()) * slots.shape[1]
    return Watch(played, kind, rows, names, informed, off_house, played.departs(),
                 unexposed_off)


@dataclass(frozen=True)
class Cross:
    """Situations and departures from the house way by (row, hand type): ``[rows, 16]``."""

    situations: IntArray
    off_house: IntArray
    off_own: IntArray


def cross(found: Watch) -> Cross:
    """Count every situation under each of its rows (two seen tiles: under both) and its hand
    type."""
    size = len(found.row_names) * _KINDS
    index = (found.rows.astype(np.int16) * _KINDS
             + found.kind.astype(np.int16)[:, None, None]).reshape(-1)
    per = found.rows.shape[2]

    def count(where: npt.NDArray[np.bool_] | None) -> IntArray:
        chosen = index if where is None else index[np.repeat(where.reshape(-1), per)]
        return np.bincount(chosen, minlength=size).astype(np.int64).reshape(
            len(found.row_names), _KINDS)

    return Cross(count(None), count(found.off_house), count(found.off_own))


def _summary(found: Watch) -> list[str | tuple[str, str]]:
    off_house = int(found.off_house.sum())
    off_own = int(found.off_own.sum())
    both = int((found.off_house & found.off_own).sum())
    own = found.played.rule
    who = ("the unexposed optimal player (who knows the game, not the tiles)" if own.is_optimal
           else f"the same player with nothing seen (strategy {own})")
    return [
        ("sets otherwise than the house way", f"{percent(found.share(off_house), 2)} of hands "
         f"({off_house:,} of {found.situations:,} equally likely situations)"),
        ("for comparison, " + who, f"{percent(found.share(found.unexposed_off_house), 2)} of "
         "hands: a departure from the house way alone is no sign of a seen tile"),
        ("sets otherwise than " + ("the unexposed optimal setting" if own.is_optimal
                                   else "with nothing seen"),
         f"{percent(found.share(off_own), 2)} of hands ({off_own:,} situations); on "
         f"{percent(found.share(both), 2)} of hands the setting also differs from the house "
         "way: the settings only the seen tiles explain"),
    ]


def _top_departures(found: Watch, top: int) -> tuple[tuple[str, ...], ...]:
    """The most frequent departures from the house way by hand type, row and the levels set,
    with one example each; only those the unexposed play does not make (the tells)."""
    tells = found.off_house & found.off_own
    deals, situations = np.nonzero(tells)
    per = found.rows.shape[2]
    rows = found.rows[deals, situations].reshape(-1).astype(np.int64)
    kinds = np.repeat(found.kind[deals], per)
    sets = np.repeat(found.informed[deals, situations].astype(np.int64), per)
    key = (rows * _KINDS + kinds) * _KINDS + sets
    values, first, number = np.unique(key, return_index=True, return_counts=True)
    order = np.lexsort((values, -number))[:top]
    counts = setting_counts()
    lines = []
    for place in order:
        value, at = int(values[place]), int(first[place]) // per
        deal, situation = int(deals[at]), int(situations[at])
        seen = format_tiles(int(t) for t in seen_tile_sets(found.played.seen)[deal, situation])
        chosen = int(found.played.slots[deal, situation])
        lines.append((levels_text(value // _KINDS % _KINDS),
                      found.row_names[value // _KINDS // _KINDS], levels_text(value % _KINDS),
                      f"{int(number[place]):,}", percent(found.share(int(number[place])), 3),
                      f"{format_tiles(counts.tiles(deal))}, {seen} seen: "
                      f"{counts.setting(deal, chosen)} (house way "
                      f"{counts.setting(deal, int(counts.house_slot[deal]))})"))
    return tuple(lines)


def _grid(found: Watch, table: Cross) -> Table:
    """The share of situations set otherwise than the house way, by row and hand type, as a
    coloured grid (darker: more often)."""
    kinds = [k for k in range(_KINDS) if table.off_house[:, k].any()]
    shares = np.where(table.situations > 0, table.off_house / np.maximum(table.situations, 1),
                      0.0)
    most = float(shares.max()) or 1.0
    rows = []
    for r, name in enumerate(found.row_names):
        if not table.situations[r].any():
            continue
        cells: list[str | Cell] = [name]
        for k in kinds:
            if table.situations[r, k] == 0:
                cells.append("")
                continue
            share = Fraction(int(table.off_house[r, k]), int(table.situations[r, k]))
            cells.append(Cell(percent(share, 0), colour=grid_shade(float(share) / most)))
        rows.append(tuple(cells))
    return Table(("seen" if found.played.seen is not Seen.DEALER_3 else "dealer sets",
                  *(levels_text(k) for k in kinds)), tuple(rows),
                 "Share of hands set otherwise than the house way, by what is seen (rows) and "
                 "the levels the house way gives the player's hand (columns; hands the "
                 "informed player always sets by the house way are left out)",
                 legend=((grid_shade(0), "never"), (grid_shade(1), f"{most:.0%} of hands")))


def _chart(found: Watch, table: Cross) -> Chart:
    """Bars by row: how often the informed player leaves the house way, and his own play."""
    names = [n for r, n in enumerate(found.row_names) if table.situations[r].any()]
    present = [r for r in range(len(found.row_names)) if table.situations[r].any()]
    house = [float(Fraction(int(table.off_house[r].sum()), int(table.situations[r].sum())))
             for r in present]
    own = [float(Fraction(int(table.off_own[r].sum()), int(table.situations[r].sum())))
           for r in present]
    what = "seen tile" if found.played.seen is not Seen.DEALER_3 else "dealer's setting"
    fallback = Table((what, "otherwise than the house way", "otherwise than unexposed"),
                     tuple((n, f"{h:.2%}", f"{o:.2%}")
                           for n, h, o in zip(names, house, own, strict=True)))
    return Chart(f"How often the informed player sets otherwise, by {what} (blue: than the "
                 "house way; orange: than with nothing seen)",
                 functools.partial(_draw_settings, names, house, own, what), (fallback,))


def _draw_settings(names: Sequence[str], house: Sequence[float], own: Sequence[float],
                   what: str) -> Figure:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter
    figure = Figure(figsize=(6.5, 1.4 + 0.17 * len(names)), layout="constrained")
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    place = np.arange(len(names))
    axes.barh(place - 0.2, house, 0.4, color=PALETTE[0], label="than the house way")
    axes.barh(place + 0.2, own, 0.4, color=PALETTE[1], label="than with nothing seen")
    axes.set_yticks(place, names)
    axes.invert_yaxis()
    axes.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_xlabel("share of hands set otherwise")
    axes.set_ylabel(what)
    axes.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=2, frameon=False)
    return figure


def _plain_rules(found: Watch, rules: DoubleHandRules, run: RunSettings | None) -> list[str]:
    """Short rules where they exist: the whole rule with all three tiles seen; otherwise the
    informed exceptions of a rule a player could follow, with how often each shows."""
    if rules.seen is Seen.DEALER_3 and rules.strategy.is_optimal:
        return full_view_rules(exposed_setting(rules.seen, rules.commission, run))
    rule = rules.strategy if rules.strategy.informed else SettingRule.resolve(INFORMED_RULE)
    played = (found.played if rule is rules.strategy
              else played_setting(dataclasses.replace(rules, strategy=rule), run))
    lines = []
    if rules.strategy.is_optimal:
        lines.append(
            "The exposed optimal setting has no short rule: it departs in small ways against "
            f"every seen tile. A rule a player could follow instead, {rule} (a named strategy), "
            f"returns {percent(played.expected_return())} per unit wagered against the optimal "
            f"{percent(found.played.expected_return())}; it shows as:")
    total = played.slots.size
    for number, count in _exception_moves(played, rule).items():
        lines.append(f"{rule.exceptions[number]}: moves {percent(Fraction(count, total), 2)} "
                     "of hands.")
    return lines


def _exception_moves(played: PlayedSetting, rule: SettingRule) -> dict[int, int]:
    """How many situations each informed exception moves from the rule's setting with nothing
    seen: a ``seen`` exception where it is taken, an ``unless_seen`` one where it would be
    taken with nothing seen and the seen tiles stop it."""
    counts = setting_counts()
    _, taken = rule_choices(counts, rule, played.seen, played.commission)
    _, unseen = exception_choices(counts, rule)
    moved = played.departs()
    found = {}
    for number, exception in enumerate(rule.exceptions):
        if exception.seen:
            found[number] = int((moved & (taken == number)).sum())
        elif exception.unless_seen:
            found[number] = int((moved & (unseen[:, None] == number)).sum())
    return found


def surveillance_sections(rules: DoubleHandRules, run: RunSettings) -> list[Section]:
    """The main wager's ``surveillance`` hook: what the informed player's settings look like
    to surveillance under ``rules.seen``."""
    found = watch(rules, run)
    table = cross(found)
    scenario = SCENARIOS[rules.seen]
    who = ("The informed player sets each hand with the highest exact EV given the seen tiles"
           if rules.strategy.is_optimal else f"The informed player sets by {rules.strategy}")
    by = "seen tile" if rules.seen is not Seen.DEALER_3 else "dealer's house-way setting"
    blocks: list[Block] = [
        Paragraph(f"Seen: {scenario.description}. {who}; the dealer sets by the house way. "
                  "Shares are of hands (every situation, a player deal and the seen tiles, is "
                  "equally likely: exactly a share of the exposed cycle)."),
        Items(tuple(_summary(found))),
        Paragraph(f"The most frequent tells, by the levels (front / back) the house way gives "
                  f"the hand and the {by}: settings that differ from the house way and that "
                  "the player would not make with nothing seen."
                  + (" With two tiles seen a hand counts under each of them." if
                     rules.seen is Seen.DEALER_2 else "")),
        Table(("house way sets", by, "informed player sets", "situations", "share of hands",
               "example"), _top_departures(found, TOP), align="lllrrl"),
        _grid(found, table),
        _chart(found, table),
        Paragraph("Plain rules:"),
        Items(tuple(_plain_rules(found, rules, run))),
    ]
    return [Section(f"What surveillance should watch for: {scenario.seen}", tuple(blocks))]


OBSERVED = ("the player's three tiles and how he sets them (the house way's levels of his hand "
            "and of his setting)")
STRONGEST = 6       # the most frequent tells listed


def tells(rules: DoubleHandRules, run: RunSettings | None = None) -> Tells:
    """The ``tells`` hook: the informed player under ``rules.seen`` against a player who sets
    every hand by the house way and against basic strategy (the unexposed optimal setting),
    every share exact (equally likely situations: shares of the exposed cycle)."""
    found = watch(rules, run)
    counts = setting_counts()
    slots = found.played.slots
    situations = slots.shape[1]
    basic = (found.played.unexposed if rules.strategy.is_optimal else played_setting(
        dataclasses.replace(rules, strategy=OPTIMAL), run).unexposed)
    house = counts.house_slot
    off_basic = slots != basic[:, None]
    off_house = found.off_house
    share = found.share

    def strongest(mark: npt.NDArray[np.bool_]) -> tuple[tuple[str, str, Fraction], ...]:
        deals, _ = np.nonzero(mark)
        key = found.kind[deals] * _KINDS + found.informed[mark].astype(np.int64)
        values, number = np.unique(key, return_counts=True)
        order = np.lexsort((values, -number))[:STRONGEST]
        return tuple((f"house way {levels_text(int(values[k]) // _KINDS)}",
                      f"set otherwise, as {levels_text(int(values[k]) % _KINDS)}",
                      share(int(number[k]))) for k in order)

    what = "sets a hand otherwise"
    players = (
        Ordinary("house way", "sets every hand by the house way (lets the dealer set it)",
                 ((what, share(int(off_house.sum()))),),
                 Fraction(int((basic != house).sum()), len(house)), strongest(off_house)),
        Ordinary("basic strategy", "the optimal setting with nothing seen",
                 ((what, share(int(off_basic.sum()))),), Fraction(0), strongest(off_basic)))
    both = off_house & off_basic
    every = Ordinary("every ordinary player", "the settings neither of those above makes",
                     ((what, share(int(both.sum()))),), Fraction(0), strongest(both))
    profile, fine = [], []
    for kind in range(_KINDS):
        inside = found.kind == kind
        if not (inside.any() and off_basic[inside].any()):
            continue
        profile.append((f"house way {levels_text(kind)}", "set otherwise",
                        Fraction(int(off_house[inside].sum()), int(inside.sum()) * situations)))
        fine.append(tuple(Fraction(int(row.sum()), situations) for row in off_house[inside]))
    return Tells(f"seen={rules.seen}", players, every, tuple(profile), OBSERVED, tuple(fine))
