"""Exact return tables of Casino Double-Hand Poker's wagers (docs/rules.md section 3).

The main wager counts every player deal of three tiles (3,276) against every dealer deal of
three of the other 25 tiles (2,300), the dealer set by the house way and the player either
optimally or by the house way. Lo-Card and Hi-Card count where the 1-1 (7-7) tile lands in the
deal of every player's hand, the dealer's and the three exposed tiles; Dice-Lo and Dice-Hi count
all 216 rolls of three dice.

>>> t = analyze_dice(DICE_LO)
>>> t.rows[0].combinations, t.cycle, t.house_edge
(105, 216, Fraction(1, 36))
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import factorial

import numpy as np
import numpy.typing as npt

from edge.errors import EdgeError
from edge.games.double_hand_poker import _kernels
from edge.games.double_hand_poker._kernels import (
    DEAL_COUNT,
    DEALER_DEALS,
    DICE_ROWS,
    LEVELS,
    LO_HI_ROWS,
    MAIN_ROWS,
)
from edge.games.double_hand_poker.house_way import HANDS, Setting, hand_level
from edge.games.double_hand_poker.rules import (
    GAME_NAME,
    DoubleHandRules,
    PlayerSetting,
    Prefer,
    SettingException,
    SettingRule,
)
from edge.games.double_hand_poker.tiles import TILE_COUNT, TILES, format_tile
from edge.options import format_value
from edge.table import ReturnTable, Row, decimal, exact, percent

PLAYER_DEALS = DEAL_COUNT  # C(28, 3)

Int64Array = npt.NDArray[np.int64]

_WIN, _PUSH, _LOSE = (MAIN_ROWS.index(name) for name in ("win-both", "push", "lose-both"))


# --- the main wager: the kernel's counts and the player's choice of setting -----------------

@dataclass(frozen=True)
class SettingCounts:
    """Every player deal, its settings, and how each setting fares against the house-way dealer.

    Arrays from ``_kernels.double_hand_counts`` (see there): ``deals[3276, 3]`` tiles,
    ``setting_count[3276]``, ``front``/``back[3276, 10]`` hand strengths (-1 past the last
    setting), ``house_slot[3276]`` and ``counts[3276, 10, 3]`` (columns in ``MAIN_ROWS`` order).
    """

    deals: Int64Array
    setting_count: Int64Array
    front: Int64Array
    back: Int64Array
    house_slot: Int64Array
    counts: Int64Array

    def setting(self, deal: int, slot: int) -> Setting:
        """The setting in one slot of a player deal, as hands."""
        return Setting(HANDS[int(self.front[deal, slot])], HANDS[int(self.back[deal, slot])])

    def tiles(self, deal: int) -> tuple[int, ...]:
        """The three tiles of a player deal."""
        return tuple(int(t) for t in self.deals[deal])


def compute_setting_counts() -> SettingCounts:
    """Run the exhaustive count (no cache)."""
    arrays = _kernels.double_hand_counts()
    for array in arrays:
        array.setflags(write=False)
    return SettingCounts(*arrays)


@functools.cache
def setting_counts() -> SettingCounts:
    """The exhaustive count, computed once per process (it does not depend on any option)."""
    return compute_setting_counts()


def setting_values(counts: SettingCounts, commission: Fraction) -> npt.NDArray[np.int64]:
    """Each setting's expected value as an exact integer: win x (q - p) - lose x q for a
    commission p/q, so EV = value / (q x 2,300). Slots past a deal's last setting get a value
    below every real one."""
    p, q = commission.numerator, commission.denominator
    win = counts.counts[:, :, _WIN]
    lose = counts.counts[:, :, _LOSE]
    if q > 10 ** 12:  # keep int64 exact: |value| <= 2,300 q
        raise EdgeError(f"The commission {commission} has a denominator above 10^12; "
                        "give it with fewer digits.")
    values = win * (q - p) - lose * q
    missing = counts.front < 0
    return np.where(missing, -DEALER_DEALS * q - 1, values)


def slot_levels(counts: SettingCounts) -> Int64Array:
    """The (front, back) levels of every slot of every deal: ``[3276, 10, 2]`` (-1 past the
    deal's last setting)."""
    level_of = np.array([hand_level(hand) for hand in HANDS] + [-1], dtype=np.int64)
    return np.stack([level_of[counts.front], level_of[counts.back]], axis=-1)


def exception_targets(counts: SettingCounts, exception: SettingException) -> Int64Array:
    """Each deal's slot under one exception: where the house way sets the deal at the
    exception's ``house_way`` levels and the deal has a setting at the levels it takes, the
    strongest such by its ``prefer`` order; -1 where it does not apply (whatever is seen)."""
    levels = slot_levels(counts)
    house_levels = levels[np.arange(len(counts.house_slot)), counts.house_slot]
    # hand strength order: HANDS is sorted weakest first, so an index compares strengths
    front, back = counts.front, counts.back
    applies = (house_levels[:, 0] == exception.house_way[0]) \
        & (house_levels[:, 1] == exception.house_way[1])
    allowed = (levels[:, :, 0] == exception.take[0]) & (levels[:, :, 1] == exception.take[1])
    first, second = (back, front) if exception.prefer == Prefer.BACK else (front, back)
    order = np.where(allowed, first * (len(HANDS) + 1) + second, -1)
    found = applies & allowed.any(axis=1)
    return np.where(found, order.argmax(axis=1), -1).astype(np.int64)


def exception_choices(counts: SettingCounts, rule: SettingRule) -> tuple[Int64Array, Int64Array]:
    """The analysis's reading of a house way with exceptions: each deal's house-way slot,
    unless an exception applies to its levels and the deal has a setting at the levels it
    takes (then the strongest such by the exception's order; the first exception that
    applies wins). Returns the slots and, per deal, the exception taken (-1: none). Nothing
    is seen here: an exception that needs a seen tile (``seen``) never applies."""
    slots = counts.house_slot.copy()
    taken = np.full(len(slots), -1, dtype=np.int64)
    for number, exception in enumerate(rule.exceptions):
        if not exception.applies_unseen:
            continue
        target = exception_targets(counts, exception)
        found = (taken < 0) & (target >= 0)
        slots = np.where(found, target, slots)
        taken = np.where(found, number, taken)
    return slots.astype(np.int64), taken


def exception_slots(counts: SettingCounts, rule: SettingRule) -> Int64Array:
    """The slot of each deal under a house way with exceptions (see :func:`exception_choices`)."""
    return exception_choices(counts, rule)[0]


def chosen_slots(counts: SettingCounts, strategy: SettingRule | PlayerSetting | str,
                 commission: Fraction) -> Int64Array:
    """The slot each player deal is set in: the house way's (with any exceptions), or the best
    by exact EV (a tie keeps the house way's setting, else the first in canonical order)."""
    if isinstance(strategy, SettingRule):
        if strategy.exceptions:
            return exception_slots(counts, strategy)
        strategy = strategy.base
    if strategy == PlayerSetting.HOUSE_WAY:
        return counts.house_slot
    if strategy != PlayerSetting.OPTIMAL:
        raise EdgeError(f"Unknown strategy {strategy!r}: choose one of "
                        f"{', '.join(PlayerSetting)}.")
    values = setting_values(counts, commission)
    deals = np.arange(len(values))
    best = values.max(axis=1)
    house_is_best = values[deals, counts.house_slot] == best
    return np.where(house_is_best, counts.house_slot, values.argmax(axis=1)).astype(np.int64)


def main_wager_counts(counts: SettingCounts, slots: Int64Array) -> tuple[int, int, int]:
    """Deal pairs that win both, push, lose both with each player deal set in ``slots``."""
    chosen = counts.counts[np.arange(len(slots)), slots]
    totals = chosen.sum(axis=0)
    return int(totals[_WIN]), int(totals[_PUSH]), int(totals[_LOSE])


def main_return(win: int, lose: int, commission: Fraction) -> Fraction:
    """The main wager's exact return per unit from its win-both and lose-both deal pairs."""
    return (win * (1 - commission) - lose) / (PLAYER_DEALS * DEALER_DEALS)


def _level_shares(levels: Int64Array) -> str:
    total = len(levels)
    parts = [f"{LEVELS[level]} {percent(Fraction(int((levels == level).sum()), total), 2)}"
             for level in range(len(LEVELS) - 1, -1, -1)]
    return ", ".join(parts)


def _setting_notes(counts: SettingCounts, slots: Int64Array, strategy: SettingRule,
                   commission: Fraction) -> list[str]:
    deals = np.arange(len(slots))
    level_of = np.array([hand_level(hand) for hand in HANDS], dtype=np.int64)
    front_levels = level_of[counts.front[deals, slots]]
    back_levels = level_of[counts.back[deals, slots]]
    differ = int((slots != counts.house_slot).sum())
    choices = Fraction(int(counts.setting_count.sum()), len(slots))
    notes = [
        f"Setting statistics over the {len(slots):,} equally likely player deals: "
        f"{decimal(choices, 2)} distinct settings per deal on average; back hand "
        f"{_level_shares(back_levels)}; front hand {_level_shares(front_levels)}.",
    ]
    if strategy.is_optimal:
        values = setting_values(counts, commission)
        best = values.max(axis=1)
        tied = int(((values == best[:, None]).sum(axis=1) > 1).sum())
        notes.append(
            f"The optimal setting differs from the house way on {differ:,} of {len(slots):,} "
            f"player deals ({percent(Fraction(differ, len(slots)), 2)}); {tied:,} deals have "
            "two or more settings of the same best value, where the house way's setting is "
            "kept if it is one of them, else the first with the strongest back hand. "
            "`edge strategy double-hand-poker` lists the differences.")
        other = "the house way"
        other_slots = counts.house_slot
    else:
        other = "the optimal setting"
        other_slots = chosen_slots(counts, PlayerSetting.OPTIMAL, commission)
    if strategy.exceptions:
        chosen, taken = exception_choices(counts, strategy)
        moved = chosen != counts.house_slot
        parts = [f"{exception} on {int((moved & (taken == k)).sum()):,}"
                 for k, exception in enumerate(strategy.exceptions)]
        notes.append(f"The exceptions set {int(moved.sum()):,} of {len(slots):,} player deals "
                     f"({percent(Fraction(int(moved.sum()), len(slots)), 2)}) otherwise than "
                     f"the house way: {'; '.join(parts)}.")
    win, _, lose = main_wager_counts(counts, other_slots)
    other_edge = -main_return(win, lose, commission)
    notes.append(f"Beside it, the player setting by {other}: house edge "
                 f"{exact(other_edge)} = {percent(other_edge)}.")
    return notes


def main_table(rules: DoubleHandRules, counts: SettingCounts | None = None) -> ReturnTable:
    """The main wager's exact return table for the chosen player strategy."""
    counts = counts if counts is not None else setting_counts()
    slots = chosen_slots(counts, rules.strategy, rules.commission)
    win, push, lose = main_wager_counts(counts, slots)
    pays = {"win-both": 1 - rules.commission, "push": Fraction(0), "lose-both": Fraction(-1)}
    found = {"win-both": win, "push": push, "lose-both": lose}
    rows = tuple(Row(name, pays[name], found[name]) for name in MAIN_ROWS)
    how = ("set optimally (highest exact EV against the house-way dealer)"
           if rules.strategy.is_optimal else "set by the house way, like the dealer")
    if rules.strategy.exceptions:
        how += (" except where the strategy " + str(rules.strategy) + " lists otherwise ("
                + "; ".join(str(e) for e in rules.strategy.exceptions) + ")")
    notes = [
        f"Every player deal of 3 of the 28 tiles ({PLAYER_DEALS:,}) against every dealer deal "
        f"of 3 of the other 25 ({DEALER_DEALS:,}); the dealer sets his tiles by the house way, "
        f"the player's are {how}. Each hand wins only when strictly stronger (a copy goes to "
        "the dealer); other players' unseen tiles do not change these odds.",
        f"Win both pays 1 less the commission of {format_value(rules.commission)}: "
        f"{exact(1 - rules.commission)}.",
        *_setting_notes(counts, slots, rules.strategy, rules.commission),
    ]
    options = {"strategy": str(rules.strategy), "commission": format_value(rules.commission)}
    return ReturnTable(GAME_NAME, "main", rows, None, options, notes=tuple(notes),
                       title=f"Casino Double-Hand Poker: main wager, player setting "
                             f"{rules.strategy}")


# --- Lo-Card and Hi-Card ---------------------------------------------------------------------

@dataclass(frozen=True)
class TileBet:
    """A side bet on where one tile lands: Lo-Card (the 1-1 tile) or Hi-Card (the 7-7 tile)."""

    name: str
    label: str
    number: int  # the bet's tile holds this number twice

    @property
    def tile(self) -> int:
        """The index of the bet's tile."""
        return TILES.index((self.number, self.number))

    @property
    def symbols(self) -> str:
        """The bet's tile in the printed symbols (``8-8``)."""
        return format_tile(self.tile)

    @property
    def numbers(self) -> str:
        """The bet's tile in numbers (``1-1``)."""
        return f"{self.number}-{self.number}"


LO_CARD = TileBet("lo-card", "Lo-Card", 1)
HI_CARD = TileBet("hi-card", "Hi-Card", 7)


def lo_hi_groups(players: int, tiles: int = TILE_COUNT) -> list[tuple[str, int]]:
    """The groups a deal puts the tiles in, with their sizes, each labelled by the outcome of
    the bet when the 1-1 (or 7-7) tile lands there."""
    rest = tiles - 3 * (players + 1) - 3
    if players < 1 or rest < 0:
        raise EdgeError(f"{players} players and the dealer, 3 tiles each, and 3 exposed tiles "
                        f"need more than {tiles} tiles.")
    groups = [("win", 3)] + [("lose-other-player", 3)] * (players - 1)
    return groups + [("lose-dealer", 3), ("push", 3), ("lose-unexposed", rest)]


def lo_hi_counts(players: int, tiles: int = TILE_COUNT) -> dict[str, int]:
    """Deals of every hand, the dealer's and the three exposed tiles, by where the bet's tile
    (1-1 for Lo-Card, 7-7 for Hi-Card) lands.

    A deal puts the tiles in labelled groups: the player's hand, the other players' hands, the
    dealer's, the three tiles that would be exposed, and the rest; there are
    tiles! / (3!^(players + 2) rest!) of them. The bet looks only at the group of its one tile,
    so for each group the deals with that tile in it are counted by placing it there and
    dealing the other tiles freely (a multinomial). The tests check this against a plain
    enumeration of every deal for players 1 and 2.

    >>> lo_hi_counts(1)["win"] * 28 == sum(lo_hi_counts(1).values()) * 3
    True
    """
    groups = lo_hi_groups(players, tiles)
    counts = dict.fromkeys(LO_HI_ROWS, 0)
    for index, (outcome, size) in enumerate(groups):
        if size == 0:
            continue
        sizes = [s - (i == index) for i, (_, s) in enumerate(groups)]
        ways = factorial(tiles - 1)
        for s in sizes:
            ways //= factorial(s)
        counts[outcome] += ways
    return counts


def analyze_tile_bet(bet: TileBet, rules: DoubleHandRules) -> ReturnTable:
    """The Lo-Card or Hi-Card return table for ``rules.players`` players."""
    counts = lo_hi_counts(rules.players)
    pays = {"win": rules.pays, "push": Fraction(0)}
    # a row no deal reaches (another player's hand, with one player) is left out
    rows = tuple(Row(name, pays.get(name, Fraction(-1)), counts[name]) for name in LO_HI_ROWS
                 if counts[name])
    lose = sum(count for name, count in counts.items() if name.startswith("lose"))
    break_even = Fraction(lose, counts["win"])
    seats = "1 player" if rules.players == 1 else f"{rules.players} players"
    notes = (
        f"Wins when the player's three tiles hold the {bet.symbols} tile ({bet.numbers}); if "
        "no player holds it, three tiles nobody was dealt are exposed and the bet pushes when "
        f"it is among them; otherwise it loses. {seats} and the dealer get 3 tiles each "
        "(--set players=1..7; the default 1 is one player against the dealer).",
        f"The cycle is every deal of the {TILE_COUNT} tiles to the players' hands, the dealer's "
        "and the three tiles to expose. Only where the bet's tile lands decides it, so the "
        "deals of each place are counted by putting the tile there and dealing the rest "
        "freely; the tests check this against a deal-by-deal enumeration on smaller sets.",
        f"The published rules give no pay: pays={format_value(rules.pays)} to 1 is an "
        f"assumption (--set pays=X). Break-even pay: {exact(break_even)} to 1 = "
        f"{decimal(break_even, 4)}.",
    )
    options = {"players": str(rules.players), "pays": format_value(rules.pays) + " (assumption)"}
    return ReturnTable(GAME_NAME, bet.name, rows, None, options, notes=notes,
                       title=f"Casino Double-Hand Poker: {bet.label} side bet on the {bet.symbols} "
                             f"tile, {seats}",
                       assumptions=(f"pays {format_value(rules.pays)} to 1",))


# --- Dice-Lo and Dice-Hi ---------------------------------------------------------------------

@dataclass(frozen=True)
class DiceBet:
    """A side bet on three dice: wins 1 to 1 on a total in ``low..high``, not three of a kind."""

    name: str
    label: str
    low: int
    high: int


DICE_LO = DiceBet("dice-lo", "Dice-Lo", 4, 10)
DICE_HI = DiceBet("dice-hi", "Dice-Hi", 11, 17)


def dice_counts(bet: DiceBet) -> dict[str, int]:
    """All 216 rolls of three dice by outcome: Dice-Lo wins on 4-10, Dice-Hi on 11-17, and
    both lose on three of a kind."""
    counts = dict.fromkeys(DICE_ROWS, 0)
    for roll in product(range(1, 7), repeat=3):
        if roll[0] == roll[1] == roll[2]:
            counts["lose-triple"] += 1
        elif bet.low <= sum(roll) <= bet.high:
            counts["win"] += 1
        else:
            counts["lose-total"] += 1
    return counts


def analyze_dice(bet: DiceBet) -> ReturnTable:
    """The Dice-Lo or Dice-Hi return table over all 216 rolls."""
    counts = dice_counts(bet)
    rows = tuple(Row(name, Fraction(1) if name == "win" else Fraction(-1), counts[name])
                 for name in DICE_ROWS)
    notes = (f"Three fair dice, all 216 rolls: wins 1 to 1 on a total of {bet.low}-{bet.high} "
             "unless all three dice show the same number (as Sic Bo's Small and Big).",)
    return ReturnTable(GAME_NAME, bet.name, rows, None, {}, notes=notes,
                       title=f"Casino Double-Hand Poker: {bet.label} side bet")
