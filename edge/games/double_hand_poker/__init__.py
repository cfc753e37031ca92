"""Casino Double-Hand Poker (RULES.md section 3): the main wager and the four side bets.

The main wager counts every player deal of three tiles (3,276) against every dealer deal of
three of the other 25 tiles (2,300), the dealer set by the house way and the player either
optimally or by the house way. Lo-Card and Hi-Card count where the 1-1 (7-7) tile lands in the
deal of every player's hand, the dealer's and the three exposed tiles; Dice-Lo and Dice-Hi count
all 216 rolls of three dice.

>>> t = analyze_bet("dice-lo", DoubleHandRules())
>>> t.rows[0].combinations, t.cycle, t.house_edge
(105, 216, Fraction(1, 36))
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from math import factorial
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
from tabulate import tabulate

from edge.errors import EdgeError
from edge.games import Analyze, Bet, Game, Rules, RunSettings, TableCase
from edge.games.double_hand_poker import _kernels
from edge.games.double_hand_poker.house_way import HANDS, LEVELS, Setting, hand_level
from edge.games.double_hand_poker.tiles import TILE_COUNT, format_tiles
from edge.options import format_value, option, validate
from edge.paytables import PayTable
from edge.table import ReturnTable, Row, decimal, exact, percent

if TYPE_CHECKING:
    from edge.report import ReportContext, Section

GAME_NAME = "double-hand-poker"
STRATEGIES = ("optimal", "house-way")
PLAYER_DEALS = 3276        # C(28, 3)
DEALER_DEALS = 2300        # C(25, 3)
MAIN_ROWS = ("win-both", "push", "lose-both")
LO_HI_ROWS = ("win", "push", "lose-other-player", "lose-dealer", "lose-unexposed")
DICE_ROWS = ("win", "lose-triple", "lose-total")
TARGET_TILE = {"lo-card": "8-8", "hi-card": "A-A"}
TARGET_NUMBERS = {"lo-card": "1-1", "hi-card": "7-7"}

Int64Array = npt.NDArray[np.int64]


@dataclass(frozen=True)
class DoubleHandRules(Rules):
    """Variant options of Casino Double-Hand Poker."""

    strategy: str = option("optimal", "the player's setting: optimal (best EV against the "
                           "house way) or house-way", choices=STRATEGIES)
    commission: Fraction = option(Fraction(1, 20), "commission on a main-wager win "
                                  "(1/20, 0.05 or 5%)", minimum=Fraction(0), maximum=Fraction(1))
    players: int = option(1, "players at the table, 3 tiles each (Lo-Card, Hi-Card)",
                          minimum=1, maximum=7)
    pays: Fraction = option(Fraction(7), "Lo-Card and Hi-Card pay X to 1 (not in the seed)",
                            minimum=Fraction(0), assumption=True)

    def __post_init__(self) -> None:
        validate(self)


# --- the main wager: the kernel's counts and the player's choice of setting -----------------

@dataclass(frozen=True)
class SettingCounts:
    """Every player deal, its settings, and how each setting fares against the house-way dealer.

    Arrays from ``_kernels.double_hand_counts`` (see there): ``deals[3276, 3]`` tiles,
    ``setting_count[3276]``, ``front``/``back[3276, 10]`` hand strengths (-1 past the last
    setting), ``house_slot[3276]`` and ``counts[3276, 10, 3]`` (win both, push, lose both).
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
    win = counts.counts[:, :, 0]
    lose = counts.counts[:, :, 2]
    if q > 10 ** 12:  # keep int64 exact: |value| <= 2,300 q
        raise EdgeError(f"The commission {commission} has a denominator above 10^12; "
                        "give it with fewer digits.")
    values = win * (q - p) - lose * q
    missing = counts.front < 0
    return np.where(missing, -DEALER_DEALS * q - 1, values)


def chosen_slots(counts: SettingCounts, strategy: str, commission: Fraction) -> Int64Array:
    """The slot each player deal is set in: the house way's, or the best by exact EV (a tie
    keeps the house way's setting, else the first in canonical order)."""
    if strategy == "house-way":
        return counts.house_slot
    if strategy != "optimal":
        raise EdgeError(f"Unknown strategy {strategy!r}: choose one of {', '.join(STRATEGIES)}.")
    values = setting_values(counts, commission)
    deals = np.arange(len(values))
    best = values.max(axis=1)
    house_is_best = values[deals, counts.house_slot] == best
    return np.where(house_is_best, counts.house_slot, values.argmax(axis=1)).astype(np.int64)


def main_wager_counts(counts: SettingCounts, slots: Int64Array) -> tuple[int, int, int]:
    """Deal pairs that win both, push, lose both with each player deal set in ``slots``."""
    chosen = counts.counts[np.arange(len(slots)), slots]
    win, push, lose = (int(total) for total in chosen.sum(axis=0))
    return win, push, lose


def _main_return(win: int, lose: int, commission: Fraction) -> Fraction:
    return (win * (1 - commission) - lose) / (PLAYER_DEALS * DEALER_DEALS)


def _level_shares(levels: Int64Array) -> str:
    total = len(levels)
    parts = [f"{LEVELS[level]} {percent(Fraction(int((levels == level).sum()), total), 2)}"
             for level in range(3, -1, -1)]
    return ", ".join(parts)


def _setting_notes(counts: SettingCounts, slots: Int64Array, strategy: str,
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
    if strategy == "optimal":
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
        other_slots = chosen_slots(counts, "optimal", commission)
    win, _, lose = main_wager_counts(counts, other_slots)
    other_edge = -_main_return(win, lose, commission)
    notes.append(f"Beside it, the player setting by {other}: house edge "
                 f"{exact(other_edge)} = {percent(other_edge)}.")
    return notes


def main_table(rules: DoubleHandRules, counts: SettingCounts | None = None) -> ReturnTable:
    """The main wager's exact return table for the chosen player strategy."""
    counts = counts if counts is not None else setting_counts()
    slots = chosen_slots(counts, rules.strategy, rules.commission)
    win, push, lose = main_wager_counts(counts, slots)
    rows = (Row("win-both", 1 - rules.commission, win), Row("push", Fraction(0), push),
            Row("lose-both", Fraction(-1), lose))
    how = ("set optimally (highest exact EV against the house-way dealer)"
           if rules.strategy == "optimal" else "set by the house way, like the dealer")
    notes = [
        f"Every player deal of 3 of the 28 tiles ({PLAYER_DEALS:,}) against every dealer deal "
        f"of 3 of the other 25 ({DEALER_DEALS:,}); the dealer sets his tiles by the house way, "
        f"the player's are {how}. Each hand wins only when strictly stronger (a copy goes to "
        "the dealer); other players' unseen tiles do not change these odds.",
        f"Win both pays 1 less the commission of {format_value(rules.commission)}: "
        f"{exact(1 - rules.commission)}.",
        *_setting_notes(counts, slots, rules.strategy, rules.commission),
    ]
    options = {"strategy": rules.strategy, "commission": format_value(rules.commission)}
    return ReturnTable(GAME_NAME, "main", rows, None, options, notes=tuple(notes),
                       title=f"Casino Double-Hand Poker: main wager, player setting "
                             f"{rules.strategy}")


# --- Lo-Card and Hi-Card ---------------------------------------------------------------------

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


def lo_hi_table(bet: str, rules: DoubleHandRules) -> ReturnTable:
    """The Lo-Card or Hi-Card return table for ``rules.players`` players."""
    counts = lo_hi_counts(rules.players)
    pays = {"win": rules.pays, "push": Fraction(0)}
    rows = tuple(Row(name, pays.get(name, Fraction(-1)), counts[name]) for name in LO_HI_ROWS)
    lose = sum(count for name, count in counts.items() if name.startswith("lose"))
    break_even = Fraction(lose, counts["win"])
    tile = TARGET_TILE[bet]
    seats = "1 player" if rules.players == 1 else f"{rules.players} players"
    notes = (
        f"Wins when the player's three tiles hold the {tile} tile ({TARGET_NUMBERS[bet]}); if "
        "no player holds it, three tiles nobody was dealt are exposed and the bet pushes when "
        f"it is among them; otherwise it loses. {seats} and the dealer get 3 tiles each "
        "(--set players=1..7; the default 1 is one player against the dealer).",
        f"The cycle is every deal of the {TILE_COUNT} tiles to the players' hands, the dealer's "
        "and the three tiles to expose. Only where the bet's tile lands decides it, so the "
        "deals of each place are counted by putting the tile there and dealing the rest "
        "freely; the tests check this against a deal-by-deal enumeration on smaller sets.",
        f"The seed gives no pay: pays={format_value(rules.pays)} to 1 is an assumption "
        f"(--set pays=X). Break-even pay: {exact(break_even)} to 1 = {decimal(break_even, 4)}.",
    )
    options = {"players": str(rules.players), "pays": format_value(rules.pays) + " (assumption)"}
    name = "Lo-Card" if bet == "lo-card" else "Hi-Card"
    return ReturnTable(GAME_NAME, bet, rows, None, options, notes=notes,
                       title=f"Casino Double-Hand Poker: {name} side bet on the {tile} tile, "
                             f"{seats}")


# --- Dice-Lo and Dice-Hi ---------------------------------------------------------------------

def dice_counts(bet: str) -> dict[str, int]:
    """All 216 rolls of three dice by outcome: Dice-Lo wins on 4-10, Dice-Hi on 11-17, and
    both lose on three of a kind."""
    low, high = (4, 10) if bet == "dice-lo" else (11, 17)
    counts = dict.fromkeys(DICE_ROWS, 0)
    for roll in product(range(1, 7), repeat=3):
        if roll[0] == roll[1] == roll[2]:
            counts["lose-triple"] += 1
        elif low <= sum(roll) <= high:
            counts["win"] += 1
        else:
            counts["lose-total"] += 1
    return counts


def dice_table(bet: str) -> ReturnTable:
    """The Dice-Lo or Dice-Hi return table over all 216 rolls."""
    counts = dice_counts(bet)
    rows = tuple(Row(name, Fraction(1) if name == "win" else Fraction(-1), counts[name])
                 for name in DICE_ROWS)
    span = "4-10" if bet == "dice-lo" else "11-17"
    name = "Dice-Lo" if bet == "dice-lo" else "Dice-Hi"
    notes = (f"Three fair dice, all 216 rolls: wins 1 to 1 on a total of {span} unless all "
             "three dice show the same number (as Sic Bo's Small and Big).",)
    return ReturnTable(GAME_NAME, bet, rows, None, {}, notes=notes,
                       title=f"Casino Double-Hand Poker: {name} side bet")


# --- the game ---------------------------------------------------------------------------------

def analyze_bet(bet: str, rules: DoubleHandRules) -> ReturnTable:
    """The exact return table of one wager."""
    if bet == "main":
        return main_table(rules)
    if bet in ("lo-card", "hi-card"):
        return lo_hi_table(bet, rules)
    if bet in ("dice-lo", "dice-hi"):
        return dice_table(bet)
    raise EdgeError(f"Unknown bet {bet!r} for {GAME_NAME}.")


def _hook(bet: str) -> Analyze[DoubleHandRules]:
    def analyze(paytable: PayTable | None, rules: DoubleHandRules,
                run: RunSettings) -> ReturnTable:
        return analyze_bet(bet, rules)
    return analyze


def describe_rules(rules: DoubleHandRules) -> list[str]:
    """The rules as implemented, for reports."""
    return [
        "28 tiles, one of each pair of numbers 1..7 (printed with the symbols 8, 9, 10, J, Q, K, "
        "A). Player 3 tiles, dealer 3 of the other 25.",
        "The six numbers are set into a front hand and a back hand of three numbers each; the "
        "back hand must rank at least as high. Three of a kind > straight (no wrap) > pair > "
        "no pair; within a class as in poker.",
        "The dealer sets by the house way: (1) if some setting makes both hands a pair or "
        "better, among those the highest back-hand level, then the strongest front hand; (2) "
        "otherwise the same order among all settings.",
        f"Main wager: each hand must be strictly higher to win. Both win: pays 1 less "
        f"{format_value(rules.commission)} commission; both lose: loses; else push. Player "
        f"setting: {rules.strategy}.",
        f"Lo-Card / Hi-Card: {rules.players} player(s); the 1-1 / 7-7 tile in the player's hand "
        f"pays {format_value(rules.pays)} to 1 (assumption); exposed among three unused tiles "
        "pushes; else loses.",
        "Dice-Lo / Dice-Hi: three dice, total 4-10 / 11-17 pays 1 to 1, three of a kind loses.",
    ]


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
    slots = chosen_slots(counts, "optimal", commission)
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


def _transitions(found: list[Difference]) -> Iterator[Transition]:
    groups: dict[tuple[str, str], list[Difference]] = {}
    for item in found:  # most valuable first, so each group's first item is its best example
        groups.setdefault((_level_pair(item.house_way), _level_pair(item.optimal)), []).append(item)
    totals = [Transition(house, best, len(items), sum((d.gain for d in items), Fraction(0)),
                         items[0]) for (house, best), items in groups.items()]
    yield from sorted(totals, key=lambda t: -t.gain)


def strategy_report(paytable: PayTable | None, rules: DoubleHandRules, fmt: str,
                    run: RunSettings, top: int = 20) -> str:
    """How often and where the optimal setting differs from the house way, with exact EVs."""
    counts = setting_counts()
    found = differences(rules.commission, counts)
    win, _, lose = main_wager_counts(counts, counts.house_slot)
    house_edge = -_main_return(win, lose, rules.commission)
    win, _, lose = main_wager_counts(counts, chosen_slots(counts, "optimal", rules.commission))
    optimal_edge = -_main_return(win, lose, rules.commission)
    transitions = list(_transitions(found))
    if fmt == "json":
        data = {
            "game": GAME_NAME, "bet": "main",
            "options": {"commission": format_value(rules.commission)},
            "player_deals": PLAYER_DEALS, "differing_deals": len(found),
            "house_edge_house_way": exact(house_edge), "house_edge_optimal": exact(optimal_edge),
            "transitions": [{"house_way": t.house_way, "optimal": t.optimal, "deals": t.deals,
                             "ev_gained_per_game": exact(t.gain / PLAYER_DEALS),
                             "example": format_tiles(t.example.tiles)} for t in transitions],
            "differences": [{"tiles": format_tiles(d.tiles), "house_way": str(d.house_way),
                             "house_way_ev": exact(d.house_way_value), "optimal": str(d.optimal),
                             "optimal_ev": exact(d.optimal_value), "gain": exact(d.gain)}
                            for d in found],
        }
        return json.dumps(data, indent=2)
    tablefmt = "github" if fmt == "markdown" else "simple"
    share = percent(Fraction(len(found), PLAYER_DEALS), 2)
    lines = [
        "Casino Double-Hand Poker: the player's optimal setting against the house way",
        f"commission: {format_value(rules.commission)} (win both pays "
        f"{exact(1 - rules.commission)}); EVs per unit wagered over the {DEALER_DEALS:,} "
        "dealer deals, the dealer set by the house way",
        "",
        f"The optimal setting differs from the house way on {len(found):,} of "
        f"{PLAYER_DEALS:,} player deals ({share}).",
        f"House edge, player setting by the house way: {percent(house_edge)}; optimal: "
        f"{percent(optimal_edge)}; difference {percent(house_edge - optimal_edge)} "
        "of the wager.",
        "",
        "Where they differ, by hand levels (front / back), with the most valuable example:",
        "",
        tabulate([(t.house_way, t.optimal, f"{t.deals:,}", decimal(t.gain / PLAYER_DEALS, 6),
                   format_tiles(t.example.tiles), str(t.example.house_way),
                   str(t.example.optimal), decimal(t.example.gain, 4)) for t in transitions],
                 headers=["house way", "optimal", "deals", "EV gained per game", "best example",
                          "house way", "optimal", "gain"],
                 tablefmt=tablefmt, disable_numparse=True),
        "",
        f"The {min(top, len(found))} most valuable differences:",
        "",
        tabulate([(format_tiles(d.tiles), str(d.house_way), decimal(d.house_way_value, 4),
                   str(d.optimal), decimal(d.optimal_value, 4), decimal(d.gain, 4))
                  for d in found[:top]],
                 headers=["tiles", "house way", "EV", "optimal", "EV", "gain"],
                 tablefmt=tablefmt, disable_numparse=True),
    ]
    return "\n".join(lines) + "\n"


def report_sections(context: ReportContext[DoubleHandRules]) -> list[Section]:
    """``edge report``: the Lo/Hi-Card break-even pay, and the two bets by number of players."""
    from edge.report import linear_option, option_sweep

    side = ("lo-card", "hi-card")
    sections = [option_sweep(
        context, side, "players", range(1, 8), "Lo-Card and Hi-Card by players at the table",
        "Every deal of the 28 tiles for each number of players, enumerated: the odds of the "
        "bet do not depend on how many players sit at the table.")]
    pays = linear_option(context, side, "pays", "Lo-Card and Hi-Card: the break-even pay",
                         "The seed gives no pay for Lo-Card and Hi-Card; the report's pay is "
                         "an assumption. The return is linear in the pay:")
    return ([pays] if pays is not None else []) + sections


GAME = Game(
    name=GAME_NAME,
    title="Casino Double-Hand Poker",
    rules=DoubleHandRules,
    bets=(
        Bet("main", "both hands against the dealer's house way; win both pays 1 less commission",
            _hook("main")),
        Bet("lo-card", "the 1-1 tile (8-8) in the player's hand",
            _hook("lo-card")),
        Bet("hi-card", "the 7-7 tile (A-A) in the player's hand",
            _hook("hi-card")),
        Bet("dice-lo", "three dice total 4-10, not three of a kind",
            _hook("dice-lo")),
        Bet("dice-hi", "three dice total 11-17, not three of a kind",
            _hook("dice-hi")),
    ),
    strategy_printer=strategy_report,
    source="seed 002_cf9e374cad1ec817.txt (rules and house way, S. Au-Yeung, 2005-2010)",
    aliases=("double-hand", "casino-double-hand-poker"),
    describe_rules=describe_rules,
    extra_tables=(
        TableCase("main", None, {"strategy": "house-way"}, "main-house-way"),
        TableCase("lo-card", None, {"players": "7"}, "lo-card-7-players"),
    ),
    report_sections=report_sections,
)

