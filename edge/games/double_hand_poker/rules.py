"""The rules of Casino Double-Hand Poker (docs/rules.md section 3) as typed variant options.

The player's setting is a strategy (docs/strategies.md, Casino Double-Hand Poker): the optimal
setting, the house way, or the house way with listed exceptions, each a change of the hands'
levels (front / back) the house way would make, and each may hang on the dealer's tiles the
player sees (``seen`` / ``unless_seen``: game protection, docs/protection.md).

>>> DoubleHandRules().strategy.base is PlayerSetting.OPTIMAL
True
>>> DoubleHandRules(strategy="house-way").strategy.base is PlayerSetting.HOUSE_WAY
True
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from edge.errors import CardError
from edge.games import Rules
from edge.games.double_hand_poker._kernels import LEVELS, TILES
from edge.games.double_hand_poker.tiles import format_number, format_tile, parse_tile
from edge.options import format_value, option
from edge.strategies import (
    PlayerStrategy,
    StrategyCatalog,
    StrategyFile,
    StrategyInfo,
    TomlTable,
    strategy_option,
)

GAME_NAME = "double-hand-poker"
TITLE = "Casino Double-Hand Poker"
SOURCE = "The Casino Double-Hand Poker rules and house way (S. Au-Yeung, 2005-2010)"


class PlayerSetting(StrEnum):
    """How the player sets the tiles into two hands (before any exception)."""

    OPTIMAL = "optimal"
    HOUSE_WAY = "house-way"


class Seen(StrEnum):
    """Which of the dealer's three tiles the player sees before he sets his six numbers (game
    protection, docs/protection.md): none (the game as dealt), one, two or all three."""

    NONE = "none"
    DEALER_1 = "dealer-1"
    DEALER_2 = "dealer-2"
    DEALER_3 = "dealer-3"

    @property
    def tiles(self) -> int:
        """How many of the dealer's tiles are seen (0..3)."""
        return 0 if self is Seen.NONE else int(self.value.rsplit("-", 1)[1])


class Prefer(StrEnum):
    """Among the settings an exception allows, which one: the strongest back hand (then the
    strongest front), or the strongest front hand (then back), as the house way orders them."""

    BACK = "back"
    FRONT = "front"


Levels = tuple[int, int]   # (front level, back level), indexes into LEVELS


DOUBLES = "doubles"     # every tile of two equal numbers (a seen double: the dealer has a pair)
WITH = "with "         # "with A": every tile that shows the number


def _parse_entry(entry: str) -> tuple[str, frozenset[int]]:
    """An entry of ``seen`` / ``unless_seen`` as edge prints it, and the tiles it stands for."""
    text = " ".join(entry.strip().lower().split())
    if text == DOUBLES:
        return DOUBLES, frozenset(t for t, (low, high) in enumerate(TILES) if low == high)
    if text.startswith(WITH):
        symbol = text[len(WITH):]
        try:
            number = TILES[parse_tile(f"{symbol}-{symbol}")][0]
        except CardError:
            raise CardError(f"{symbol.upper()!r} is not a number: write 1-7 or one of the "
                            "symbols 8, 9, 10, J, Q, K, A") from None
        return (WITH + format_number(number),
                frozenset(t for t, numbers in enumerate(TILES) if number in numbers))
    found = parse_tile(text)
    return format_tile(found), frozenset((found,))


def seen_group(entry: str) -> frozenset[int]:
    """The tiles an entry of ``seen`` / ``unless_seen`` stands for: a tile (``"K-K"``),
    ``"doubles"`` or ``"with X"`` (every tile showing the number X, a symbol or 1..7).

    >>> sorted(format_tile(t) for t in seen_group("with A"))[:2]
    ['10-A', '8-A']
    """
    return _parse_entry(entry)[1]


def seen_entry(entry: str) -> str:
    """An entry of ``seen`` as edge prints it: ``"K-K"``, ``"doubles"``, ``"with A"``."""
    return _parse_entry(entry)[0]


def _entries_text(entries: tuple[str, ...]) -> str:
    """``("doubles", "with A", "Q-K")`` -> ``'a double, a tile with A or Q-K'``."""
    words = ["a double" if entry == DOUBLES else f"a tile {entry}" if entry.startswith(WITH)
             else entry for entry in entries]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


@dataclass(frozen=True)
class SettingException:
    """Where the house way would set the hands at ``house_way`` levels (front, back) and a
    setting at ``take`` levels exists, set that one instead (the ``prefer`` order picks).

    ``seen``: the exception applies only when one of the dealer's tiles the player sees is
    among these entries (tiles, ``doubles``, ``with X``); ``unless_seen``: only when none is
    (with nothing seen, always). Empty: whatever is seen."""

    house_way: Levels
    take: Levels
    prefer: Prefer = Prefer.BACK
    seen: tuple[str, ...] = ()
    unless_seen: tuple[str, ...] = ()

    def __str__(self) -> str:
        text = (f"{levels_text(self.house_way)} -> {levels_text(self.take)}"
                + (f" (strongest {self.prefer})"))
        if self.seen:
            text += " when " + _entries_text(self.seen) + " is seen"
        if self.unless_seen:
            text += " unless " + _entries_text(self.unless_seen) + " is seen"
        return text

    @property
    def informed(self) -> bool:
        """Whether the exception hangs on the dealer's tiles seen."""
        return bool(self.seen or self.unless_seen)

    @property
    def applies_unseen(self) -> bool:
        """Whether it applies when nothing is seen (the game as dealt)."""
        return not self.seen

    def listed(self) -> tuple[frozenset[int], bool]:
        """The tiles its condition lists, and whether a seen one of them makes it apply
        (``seen``) or keeps it from applying (``unless_seen``)."""
        entries = self.seen or self.unless_seen
        tiles = frozenset().union(*(seen_group(entry) for entry in entries))
        return tiles, bool(self.seen)


def levels_text(levels: Levels) -> str:
    """``'pair / three of a kind'``."""
    return f"{LEVELS[levels[0]]} / {LEVELS[levels[1]]}"


@dataclass(frozen=True)
class SettingRule(PlayerStrategy):
    """The player's setting: ``base`` (optimal or the house way), with ``exceptions`` to the
    house way taken in order (the first that applies)."""

    base: PlayerSetting = PlayerSetting.OPTIMAL
    exceptions: tuple[SettingException, ...] = ()

    @property
    def is_optimal(self) -> bool:
        """The optimal setting (best exact EV against the house-way dealer)."""
        return self.base is PlayerSetting.OPTIMAL

    @property
    def informed(self) -> bool:
        """Whether some exception hangs on the dealer's tiles seen."""
        return any(exception.informed for exception in self.exceptions)


SETTING_KEYS = ("setting", "exception")
EXCEPTION_KEYS = ("house_way", "take", "prefer", "seen", "unless_seen")


def _levels(value: object, where: str, reader: StrategyFile) -> Levels:
    names = " / ".join(LEVELS)
    if not isinstance(value, str) or value.count("/") != 1:
        raise reader.error(where, f"{value!r} is not two hand levels \"front / back\" "
                                  f"(levels: {', '.join(LEVELS)})")
    found = []
    for part in value.split("/"):
        name = " ".join(part.strip().lower().replace("-", " ").split())
        if name not in LEVELS:
            raise reader.error(where, f"unknown hand level {part.strip()!r}; the levels are: "
                                      f"{names.replace(' / ', ', ')}")
        found.append(LEVELS.index(name))
    if found[0] > found[1]:
        raise reader.error(where, f"{value!r}: the back hand must rank at least as high as the "
                                  "front")
    return found[0], found[1]


def _exception(table: object, number: int, reader: StrategyFile) -> SettingException:
    where = f"[[exception]] {number}"
    if not isinstance(table, dict):
        raise reader.error(where, "each exception must be a table")
    reader.check_keys(table, EXCEPTION_KEYS, where)
    prefer = reader.string(table, "prefer", f"{where} prefer", Prefer.BACK.value)
    if prefer not in tuple(Prefer):
        raise reader.error(f"{where} prefer", f"{prefer!r}: choose back or front")
    seen = _seen_entries(table, "seen", where, reader)
    unless_seen = _seen_entries(table, "unless_seen", where, reader)
    if seen and unless_seen:
        raise reader.error(where, "give seen or unless_seen, not both")
    return SettingException(_levels(table.get("house_way"), f"{where} house_way", reader),
                            _levels(table.get("take"), f"{where} take", reader),
                            Prefer(prefer), seen, unless_seen)


def _seen_entries(table: TomlTable, key: str, where: str, reader: StrategyFile
                  ) -> tuple[str, ...]:
    values = reader.array(table, key, f"{where} {key}", False)
    if key in table and not values:
        raise reader.error(f"{where} {key}", "give at least one tile, \"doubles\" or "
                                             "\"with X\"")
    entries = []
    for value in values:
        if not isinstance(value, str):
            raise reader.error(f"{where} {key}", f"{value!r} is not a tile, \"doubles\" or "
                                                 "\"with X\"")
        try:
            entries.append(seen_entry(value))
        except CardError as error:
            raise reader.error(f"{where} {key}", f"{value!r}: {error}") from None
    return tuple(entries)


def parse_setting_rule(reader: StrategyFile) -> SettingRule:
    """A Double-Hand strategy file: the shared keys, ``setting = "optimal" | "house-way"`` and,
    for the house way, any ``[[exception]]`` tables (``house_way``, ``take``, ``prefer``)."""
    data: TomlTable = reader.data
    reader.check_keys(data, (*reader.header_keys, *SETTING_KEYS))
    info = reader.info()
    base = reader.string(data, "setting", "setting")
    if base not in tuple(PlayerSetting):
        raise reader.error("setting", f"{base!r}: choose optimal or house-way")
    exceptions = tuple(_exception(item, number, reader) for number, item in
                       enumerate(reader.array(data, "exception", "[[exception]]", False), 1))
    if exceptions and base != PlayerSetting.HOUSE_WAY:
        raise reader.error("[[exception]] 1", "exceptions change the house way: give "
                                              "setting = \"house-way\"")
    for number, exception in enumerate(exceptions, 1):
        if exception in exceptions[:number - 1]:       # never taken: the first one is
            raise reader.error(f"[[exception]] {number}", "the same exception as [[exception]] "
                               f"{exceptions.index(exception) + 1}: give each once")
    return SettingRule(info, PlayerSetting(base), exceptions)


OPTIMAL = SettingRule(StrategyInfo(
    "optimal", "Set each deal the way of highest exact EV against the house-way dealer."),
    PlayerSetting.OPTIMAL)
HOUSE_WAY = SettingRule(StrategyInfo(
    "house-way", "Set the tiles by the house way, as the dealer does.",
    "The Casino Double-Hand Poker rules and house way (S. Au-Yeung, 2005-2010)"),
    PlayerSetting.HOUSE_WAY)
CATALOG = StrategyCatalog(GAME_NAME, "edge.games.double_hand_poker",
                          parse_setting_rule, (OPTIMAL, HOUSE_WAY))


@dataclass(frozen=True)
class DoubleHandRules(Rules):
    """Variant options of Casino Double-Hand Poker."""

    strategy: SettingRule = strategy_option(
        OPTIMAL, "the player's setting: optimal (best EV against the house way, or given the "
        "seen tiles), house-way, another named one, or a strategy file (the house way with "
        "exceptions, which may hang on the seen tiles)", tuple(PlayerSetting),
        practical="house-way")
    commission: Fraction = option(Fraction(1, 20), "commission on a main-wager win "
                                  "(1/20, 0.05 or 5%)", minimum=Fraction(0), maximum=Fraction(1))
    players: int = option(1, "players at the table, 3 tiles each (Lo-Card, Hi-Card)",
                          minimum=1, maximum=7)
    pays: Fraction = option(Fraction(7), "Lo-Card and Hi-Card pay X to 1 (not in the published "
                            "rules)", minimum=Fraction(0), assumption=True)
    seen: Seen = option(Seen.NONE, "game protection: the dealer's tiles the player sees before "
                        "he sets (main wager)",
                        quiet_default=True)


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
