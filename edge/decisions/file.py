"""Reading a game file: a bet file (docs/bets.md) with the wagers and the player's decisions.

The deal, the outcomes and the pay tables are a bet file's, read by :mod:`edge.bets.file`;
the ``[game]`` table and the ``[[decision]]`` tables are read here (docs/games-from-files.md)::

    [game]
    wagers = { ante = 1, third = 0 }     # each wager's amount at the start, in units
    unit = "ante"                        # the figures are quoted per this wager
    ties = "larger"                      # a tie between options goes to the larger wager

    [[decision]]
    name = "third-street"
    seen = 2                             # made when the deal's first 2 cards are seen
    options = [{ name = "fold", fold = true }, { name = "1x", set = { third = 1 } }]

Every wager in play is paid the outcome's pay when every card is seen; a fold loses them. A
game with a dealer's hidden hand adds ``[dealer]`` and ``[settle]`` (each wager paid apart),
read by :mod:`edge.decisions.dealer`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

from edge.bets.file import BetFile, BetFileError, read_bet_file
from edge.decisions.dealer import (
    OTHER,
    Dealer,
    Settle,
    check_dealer,
    hand_pay_names,
    read_dealer,
    read_settle,
    where,
)
from edge.decisions.solve import MOST_CARDS, Decision, Option, stakes_by_total
from edge.errors import EdgeError
from edge.files import TomlErrors, read_text, read_toml

_NAME = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
GAME_KEYS = frozenset({"game", "decision", "dealer", "settle", "protection"})
MOST_AMOUNT = 1000


@dataclass(frozen=True)
class GameFile:
    """A game file read and checked: its bet file part, wagers, unit and decisions."""

    bet: BetFile
    wagers: tuple[str, ...]
    start: tuple[Fraction, ...]
    unit: str
    larger_on_ties: bool
    decisions: tuple[Decision, ...]
    # the dealer's hidden hand and how each wager is paid (None, (): every wager is paid the
    # outcome's pay, as in the first landing)
    dealer: Dealer | None = None
    settles: tuple[Settle, ...] = ()

    @property
    def seen_cards(self) -> int:
        """How many cards the player sees in all (every card dealt but the dealer's)."""
        hidden = 0 if self.dealer is None else self.dealer.cards
        return self.bet.layout.dealt - hidden

    @property
    def path(self) -> Path:
        """The file."""
        return self.bet.path

    @property
    def first(self) -> int:
        """How many cards the player sees at once before the first decision."""
        return self.decisions[0].seen

    @property
    def initial_stake(self) -> Fraction:
        """Everything staked at the start, in units of the quote wager."""
        return sum(self.start, Fraction(0)) / self.start[self.wagers.index(self.unit)]


def _fail(path: Path, message: str) -> BetFileError:
    return BetFileError(f"{path.name}: {message}")


def _amount(value: object, what: str, path: Path) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | str):
        raise _fail(path, f"{what} = {value!r} must be a number of units (1, 0.5, \"3:2\").")
    try:
        text = str(value)
        amount = (Fraction(*map(int, text.split(":"))) if ":" in text else Fraction(text))
    except (ValueError, ZeroDivisionError):
        raise _fail(path, f"{what} = {value!r} is not a number of units.") from None
    if not 0 <= amount <= MOST_AMOUNT:
        raise _fail(path, f"{what} = {value!r} must be 0 to {MOST_AMOUNT} units.")
    return amount


def read_game_table(data: dict[str, Any], path: Path) -> tuple[tuple[str, ...],
                                                               tuple[Fraction, ...], str, bool]:
    """The ``[game]`` table read and checked: the wagers, their starting amounts, the unit
    and whether ties go to the larger option."""
    game = data["game"]
    for key in game:
        if key not in ("wagers", "unit", "ties"):
            raise _fail(path, f"unknown key {key!r} in [game]; the keys are ties, unit, "
                              "wagers.")
    wagers = game.get("wagers")
    if not isinstance(wagers, dict) or not wagers:
        raise _fail(path, "[game] wagers is missing: the wagers and their amounts at the "
                          "start, such as wagers = { ante = 1, play = 0 }.")
    names = tuple(str(name) for name in wagers)
    for name in names:
        if not _NAME.match(name):
            raise _fail(path, f"the wager name {name!r} must be lower case letters, digits and "
                              "hyphens.")
    start = tuple(_amount(wagers[name], f"[game] wagers.{name}", path) for name in names)
    unit = game.get("unit", names[0])
    if unit not in names:
        raise _fail(path, f"[game] unit = {unit!r} is not one of the wagers "
                          f"({', '.join(names)}).")
    if start[names.index(unit)] == 0:
        raise _fail(path, f"[game] unit = {unit!r} starts at 0 units: the figures are quoted "
                          "per a wager made at the start.")
    ties = game.get("ties", "larger")
    if ties not in ("larger", "smaller"):
        raise _fail(path, f"[game] ties = {ties!r} must be \"larger\" or \"smaller\" (which "
                          "option a tie between options of equal value goes to).")
    return names, start, str(unit), ties == "larger"


def _option(entry: object, number: int, decision: str, wagers: tuple[str, ...],
            path: Path) -> Option:
    where = f"decision {decision!r}, option {number}"
    if not isinstance(entry, dict):
        raise _fail(path, f"{where} must be a table such as {{ name = \"fold\", fold = true }}.")
    for key in entry:
        if key not in ("name", "fold", "set"):
            raise _fail(path, f"unknown key {key!r} in {where}; the keys are fold, name, set.")
    name = entry.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise _fail(path, f"{where} needs a name of lower case letters, digits and hyphens.")
    fold = entry.get("fold", False)
    if not isinstance(fold, bool):
        raise _fail(path, f"{where}: fold = {fold!r} must be true or false.")
    sets = entry.get("set", {})
    if not isinstance(sets, dict) or len(sets) > 1:
        raise _fail(path, f"{where}: set = {sets!r} must name one wager and its amount, such "
                          "as set = { play = 2 }.")
    if fold and sets:
        raise _fail(path, f"{where} both folds and sets a wager: a fold ends the round.")
    if not sets:
        return Option(name, fold=fold)
    (wager, value), = sets.items()
    if wager not in wagers:
        raise _fail(path, f"{where} sets {wager!r}, which is not one of the wagers "
                          f"({', '.join(wagers)}).")
    return Option(name, wager=wagers.index(wager),
                  amount=_amount(value, f"{where}: set.{wager}", path))


def _when(value: object, decision: str, wagers: tuple[str, ...],
          path: Path) -> tuple[tuple[int, Fraction], ...]:
    """A decision's ``when = { WAGER = AMOUNT }``: made only while those wagers stand so."""
    if not isinstance(value, dict):
        raise _fail(path, f"decision {decision!r}: when = {value!r} must be a table such as "
                          "when = { play = 0 } (made only while play is 0).")
    found = []
    for wager, amount in value.items():
        if wager not in wagers:
            raise _fail(path, f"decision {decision!r}: when names {wager!r}, which is not one "
                              f"of the wagers ({', '.join(wagers)}).")
        found.append((wagers.index(wager),
                      _amount(amount, f"decision {decision!r}: when.{wager}", path)))
    return tuple(found)


def decision_where(text: str, number: int, key: str) -> str:
    """``line L, column C`` of ``key = ...`` in the ``number``-th ``[[decision]]`` table of the
    file's text (1 first), or of its header; empty when the text is not at hand."""
    headers = list(re.finditer(r"^[ \t]*\[\[decision\]\][ \t]*(#.*)?$", text, re.MULTILINE))
    if not 1 <= number <= len(headers):
        return ""
    start = headers[number - 1].start()
    following = re.compile(r"^[ \t]*\[", re.MULTILINE).search(text, headers[number - 1].end())
    end = following.start() if following else len(text)
    found = re.compile(rf"^[ \t]*{re.escape(key)}[ \t]*=", re.MULTILINE).search(text, start, end)
    offset = found.start() + len(found.group(0)) - len(found.group(0).lstrip()) if found \
        else start
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def read_decisions(data: dict[str, Any], wagers: tuple[str, ...], cards: int,
                   path: Path, last: int | None = None,
                   start: tuple[Fraction, ...] | None = None,
                   text: str = "") -> tuple[Decision, ...]:
    """The ``[[decision]]`` tables read and checked, for a deal of ``cards`` cards (the last
    decision made with at most ``last`` seen, when given). ``start``: the wagers' amounts at
    the start, given where a decision may say ``when`` (a shared board); a wager may then be
    set by a later decision too when that one is made only while it stands at its start.
    ``text``: the file's text, to name the line and column of a mistake."""
    try:
        return _read_decisions(data, wagers, cards, path, last, start)
    except _DecisionError as error:
        place = decision_where(text, error.number, error.key)
        raise _fail(path, f"{place}: {error.message}" if place else error.message) from None


class _DecisionError(Exception):
    """A mistake in the ``number``-th decision, at its key ``key``."""

    def __init__(self, number: int, key: str, message: str) -> None:
        super().__init__(message)
        self.number, self.key, self.message = number, key, message


def _read_decisions(data: dict[str, Any], wagers: tuple[str, ...], cards: int, path: Path,
                    last: int | None, start: tuple[Fraction, ...] | None
                    ) -> tuple[Decision, ...]:
    entries = data.get("decision")
    if not isinstance(entries, list) or not entries:
        raise _fail(path, "no decision: add one or more [[decision]] tables (name, seen, "
                          "options).")
    found: list[Decision] = []
    for number, entry in enumerate(entries, 1):
        try:
            found.append(_decision(entry, number, found, wagers, cards, path, last, start))
        except BetFileError as error:
            key = next((k for k in ("options", "seen", "when", "name")
                        if isinstance(entry, dict) and k in entry
                        and (k in str(error) or (k == "options" and "option" in str(error)))),
                       "name")
            raise _DecisionError(number, key, str(error).removeprefix(f"{path.name}: ")) \
                from None
    return _check_decisions(found, wagers, path, start)


def _decision(entry: object, number: int, found: list[Decision], wagers: tuple[str, ...],
              cards: int, path: Path, last: int | None,
              start: tuple[Fraction, ...] | None) -> Decision:
    """One ``[[decision]]`` table read and checked (``found``: the decisions before it)."""
    if not isinstance(entry, dict):
        raise _fail(path, f"decision {number} must be a table ([[decision]]).")
    keys = ("name", "options", "seen", *(("when",) if start is not None else ()))
    for key in entry:
        if key not in keys:
            raise _fail(path, f"unknown key {key!r} in decision {number}; the keys are "
                              f"{', '.join(keys)}.")
    name = entry.get("name")
    if not isinstance(name, str) or not _NAME.match(name):
        raise _fail(path, f"decision {number} needs a name of lower case letters, digits "
                          "and hyphens.")
    seen = entry.get("seen")
    most = cards - 1 if last is None else last
    if isinstance(seen, bool) or not isinstance(seen, int) or not 1 <= seen <= most:
        raise _fail(path, f"decision {name!r}: seen = {seen!r} must be the number of "
                          f"cards seen when it is made, 1 to {most} (the player is dealt "
                          f"{cards}).")
    if found and seen <= found[-1].seen:
        raise _fail(path, f"decision {name!r} is made with {seen} cards seen, not after "
                          f"the decision before it ({found[-1].seen}): list them in the "
                          "order they are made, one per card seen at most.")
    options = entry.get("options")
    if not isinstance(options, list) or len(options) < 2:
        raise _fail(path, f"decision {name!r} needs two or more options.")
    read = tuple(_option(o, i, name, wagers, path) for i, o in enumerate(options, 1))
    names = [o.name for o in read]
    if len(set(names)) != len(names):
        raise _fail(path, f"decision {name!r} names an option twice.")
    return Decision(name, seen, read, _when(entry.get("when", {}), name, wagers, path))


def _check_decisions(found: list[Decision], wagers: tuple[str, ...], path: Path,
                     start: tuple[Fraction, ...] | None) -> tuple[Decision, ...]:
    """The decisions together: names once each, each wager set by one decision (or waited
    for with ``when``)."""
    named = [d.name for d in found]
    for number, decision in enumerate(found, 1):
        if decision.name in named[:number - 1]:
            raise _DecisionError(number, "name", f"two decisions are named {decision.name!r}.")
    set_by: dict[int, str] = {}
    for number, decision in enumerate(found, 1):
        pinned = dict(decision.when)
        for wager, amount in decision.when:
            if start is not None and amount != start[wager]:
                raise _DecisionError(number, "when", f"decision {decision.name!r}: "
                                     f"when.{wagers[wager]} = {amount} must be the wager's "
                                     f"amount at the start ({start[wager]}): a decision is "
                                     "made while a wager is not yet set.")
        for option in decision.options:
            if (option.wager is not None and option.wager not in pinned
                    and set_by.setdefault(option.wager, decision.name) != decision.name):
                raise _DecisionError(number, "options", f"the wager "
                                     f"{wagers[option.wager]!r} is set by the decisions "
                                     f"{set_by[option.wager]!r} and {decision.name!r}: each "
                                     "wager by one decision only.")
    return tuple(found)


def read_game_file(path: Path) -> GameFile:
    """Read and check a game file (nothing solved yet)."""
    errors = TomlErrors(BetFileError, unreadable="Cannot read the file {path!r}: {reason}.",
                        invalid="{name}: not valid TOML: {error}.",
                        too_deep="{name}: its tables or arrays nest too deeply to read.")
    data = read_toml(path, errors)
    dealer: Dealer | None = None
    settles: tuple[Settle, ...] = ()
    text = ""
    if "dealer" in data or "settle" in data:
        text = read_text(path, errors)
        if "dealer" not in data:
            raise _fail(path, "[settle] pays wagers against a dealer's hand: add a [dealer] "
                              "table (hand, qualifies, showdown).")
        deal = data.get("deal")
        if not isinstance(deal, dict) or "game" not in data:
            raise _fail(path, "a game with a dealer needs [deal] and [game] tables.")
        dealer = read_dealer(data, text, deal, path)
        wagers = read_game_table(data, path)[0]
        settles = read_settle(data, text, wagers, path)
    bet = read_bet_file(path, GAME_KEYS, None if dealer is None else
                        (lambda outcomes: hand_pay_names(settles, wagers, outcomes)))
    layout = bet.layout
    seen = layout.dealt - (0 if dealer is None else dealer.cards)
    if len(layout.slots) != 1 or not layout.slots[0].is_set or layout.cards != seen:
        if dealer is not None:
            raise _fail(path, "the outcomes must look at every card the player sees as one "
                              "hand (such as poker3(player)), and only at those: the dealer's "
                              "hand is settled by [dealer] and [settle].")
        raise _fail(path, "the outcomes must look at every card dealt as one hand (such as "
                          "poker5(player + board)): games that settle on parts of the deal "
                          "(a dealer's hand, a single card) are not solved from a file yet.")
    if bet.decks != 1:
        raise _fail(path, f"[shoe] decks = {bet.decks}: a game with decisions is solved for "
                          "one deck.")
    if layout.cards > MOST_CARDS:
        raise _fail(path, f"the deal has {layout.cards} cards; a game with decisions deals "
                          f"at most {MOST_CARDS} here.")
    if dealer is not None:
        if any(outcome.name == OTHER for outcome in bet.outcomes):
            raise _fail(path, f"no outcome may be called {OTHER!r} in a game with a dealer: "
                              "a pay table's 'other' pays a hand that meets no outcome.")
        check_dealer(dealer, layout.places, bet.rules, text, path)
    wagers, start, unit, larger = read_game_table(data, path)
    decisions = read_decisions(data, wagers, layout.cards, path,
                               None if dealer is None else layout.cards + dealer.up,
                               text=text or read_text(path, errors))
    if dealer is not None and dealer.up and (len(decisions) != 1
                                             or decisions[0].seen != layout.cards + dealer.up):
        raise _fail(path, f"{where(text, 'up', 'dealer')}: [dealer] up = {dealer.up}: with a "
                          f"dealer's card face up, the player makes one decision, with his "
                          f"{layout.cards} cards and that card seen (seen = "
                          f"{layout.cards + dealer.up}).")
    if dealer is not None:
        try:
            stakes_by_total(start, decisions, True)
        except EdgeError as error:
            raise _fail(path, str(error)) from None
    return GameFile(bet, wagers, start, unit, larger, decisions, dealer, settles)
