"""Game protection for a game file with a shared board: cards of the first board place seen
before the decision made with the player's cards (docs/games-from-files.md)::

    [protection.flop-1]
    board = 1         # one of the flop's cards, seen before the decision on two cards

With ``k`` of the flop's cards seen, the decision before the flop is made per (holding, seen
cards) instead of per holding. Once the flop is dealt the player knows what he knows in the
game as dealt, so the board solve (:func:`~edge.decisions.board.solve_board_game`) values every
(flop, holding) as usual; the decision before the flop is taken on the classes of (holding,
seen cards) under a renaming of suits (:class:`SeenBoard`), each class's value the sum of the
flop-level values of every flop holding its seen cards. Each deal is counted once for each
choice of the ``k`` cards seen among the flop's three: C(3, k) times the game's cycle. The whole
flop seen, the decision is one more made with the flop seen, counted by the solve's own states.
The exposed player's strategy (against the game as dealt) and its simulator:
:mod:`.board_seen`.

One of the later place's cards (the turn and river) seen with the flop::

    [protection.turn-river-1]
    later = 1         # seen from the decisions made with the flop seen on

is the game with a board of four cards seen at those decisions and one to come
(:func:`solve_later_seen`): the decisions there depend on the four cards alone, whichever of
them is the later one, so the board solve counts each set of four once, weighted by the four
ways to split it into a flop and a seen card: each deal counted twice, once for each later card
seen. Its exact return table, its simulation (the flop's decisions looked up on the flop and
the turn) and the exposed player's strategy against the game as dealt (:mod:`.board_later`).
With ``first = true`` the card is seen from the decision made with the player's cards on: that
decision is taken per class of (holding, seen card) (:class:`LaterCard`).
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.decisions import board_dealer, board_dealer_flop
from edge.decisions.analysis import played_strategy
from edge.decisions.board import (
    FLOP,
    HOLDING,
    LATER,
    STAGES,
    BoardGame,
    BoardSolution,
    solve_board_game,
)
from edge.decisions.board_dealer import SEEN
from edge.decisions.board_dealer_strategy import dealer_choices, dealer_simulator
from edge.decisions.board_game import board_table, make_board_game
from edge.decisions.board_later import LaterChoices, later_choices, later_lines, later_strategy
from edge.decisions.board_seen import (
    SeenBoard,
    SeenChoices,
    SeenPlay,
    lines_table,
    seen_choices,
    seen_lines,
    seen_strategy,
)
from edge.decisions.board_simulation import board_simulator
from edge.decisions.protection import fail_at, scenario_entries, seen_rules
from edge.document.document import Report
from edge.errors import EdgeError
from edge.games import Exposed, Game, Rules, Wager
from edge.paytables import PayTable
from edge.player import seeing
from edge.protection import NONE, Protection, Scenario, information_note
from edge.table import ReturnTable

Counts = npt.NDArray[np.int64]
BOARD_KEYS = ("board", "later", "first", "published")
SEEN_WORDS = ("", "one of the three cards", "two of the three cards", "the three cards")
NUMBERS = ("no", "one", "two", "three")


def solve_seen(game: BoardGame, seen: int, paytable: PayTable | None = None,
               larger_on_ties: bool | None = None, ranks: Sequence[int] | None = None
               ) -> BoardSolution:
    """The exact optimal play when ``seen`` of the flop's cards are seen before the decision
    made with the player's cards (``ranks``, for tests: a deck of those ranks only). The whole
    flop seen, that decision is one more made with the flop seen (the solve's own states)."""
    if seen == FLOP:
        first, *others = game.decisions
        return solve_board_game(dataclasses.replace(game, decisions=(
            dataclasses.replace(first, seen=HOLDING + FLOP), *others)), paytable,
            larger_on_ties, ranks)
    return solve_board_game(game, paytable, larger_on_ties, ranks,
                            states=SeenBoard(_deck(ranks), seen))


@dataclass
class LaterCard(SeenBoard):
    """The states of the decision made with the player's cards when one of the later board
    place's cards is seen with them: the classes of (holding, seen card) under a renaming of
    suits. With a board of four seen at the flop's decisions, each (holding, four cards) has
    four states, one for each card as the later one seen: the states count the board's splits
    themselves (:func:`~edge.decisions.board.solve_board_game`)."""

    seen: int = 1

    def __post_init__(self) -> None:
        super().__post_init__()
        self.ways = FLOP + 1


def solve_later_seen(game: BoardGame, paytable: PayTable | None = None,
                     larger_on_ties: bool | None = None, ranks: Sequence[int] | None = None,
                     first: bool = False) -> BoardSolution:
    """The exact optimal play when one of the later board place's cards (the turn and river)
    is seen from the decisions made with the flop seen on (``first``: from the decision made
    with the player's cards on): the board's first four cards are then known at the flop's
    decisions, so the game is solved with a board of four seen and one to come, each deal
    counted once for each of the later cards seen (``ranks``, for tests: a deck of those ranks
    only); with ``first`` the decision before the flop is taken per (holding, seen card)."""
    if not first:
        return solve_board_game(game, paytable, larger_on_ties, ranks, seen_board=FLOP + 1)
    return solve_board_game(game, paytable, larger_on_ties, ranks, seen_board=FLOP + 1,
                            states=LaterCard(_deck(ranks)))


def _deck(ranks: Sequence[int] | None) -> tuple[int, ...]:
    """The cards dealt from: every card, or the four of each of ``ranks``."""
    return tuple(rank * 4 + suit for rank in (range(13) if ranks is None else sorted(ranks))
                 for suit in range(4))


@dataclass(frozen=True)
class BoardSight:
    """One scenario of a shared-board file: its ``seen=`` name, how many of the first board
    place's cards are seen before the first decision (or 0), and the published figure (or
    ""); ``dealer`` 1: one of the dealer's cards seen too, from the first decision on
    (:mod:`.board_dealer`; with ``board`` 1, :mod:`.board_dealer_flop`); ``later`` 1: one of
    the later board place's cards seen from the decisions made with the flop seen on
    (:func:`solve_later_seen`), or with ``first`` from the decision made with the player's
    cards on."""

    name: str
    board: int
    published: str = ""
    dealer: int = 0
    later: int = 0
    first: bool = False                 # the later card seen before the first decision


def read_board_sights(path: Path, game: BoardGame) -> tuple[BoardSight, ...]:
    """The file's ``[protection]`` scenarios read and checked (empty: it has none): cards of
    the first board place seen (``board = 1`` to 3), one of the dealer's (``dealer = 1``) or
    both (``dealer = 1`` with ``board = 1``), before the first decision."""
    text, entries = scenario_entries(path, BOARD_KEYS + ("dealer",), "board = 1")
    place = game.board[0]
    found = []
    for name, entry, published in entries:
        if "later" in entry:
            found.append(_later_sight(path, text, game, name, entry, published))
            continue
        if "dealer" in entry:
            found.append(_dealer_sight(path, text, game, name, entry, published))
            continue
        seen = entry.get("board")
        if isinstance(seen, bool) or not isinstance(seen, int) or not 1 <= seen <= FLOP:
            raise fail_at(path, text, name, "board" if "board" in entry else "",
                          f"board = {seen!r} must be the number of the {FLOP} cards of "
                          f"{place} seen before the first decision, 1 to {FLOP}.")
        first = game.decisions[0]
        if first.seen != HOLDING:
            raise fail_at(path, text, name, "board", f"board = {seen}: the cards of {place} "
                          "are seen before a decision made with the player's cards alone; "
                          f"the first decision here, {first.name!r}, is made with "
                          f"{first.seen} cards seen.")
        found.append(BoardSight(name, seen, published))
    return tuple(found)


def _later_sight(path: Path, text: str, game: BoardGame, name: str, entry: dict[str, Any],
                 published: str) -> BoardSight:
    """A scenario with ``later = ...``: one of the later board place's cards seen from the
    decisions made with the flop seen on, checked."""
    seen, place = entry["later"], game.board[1]
    if isinstance(seen, bool) or seen != 1:
        raise fail_at(path, text, name, "later", f"later = {seen!r}: one of the {LATER} cards "
                      f"of {place} seen with {game.board[0]} is solved (later = 1).")
    if "board" in entry:
        raise fail_at(path, text, name, "board", f"board with later = 1: a card of {place} "
                      f"seen is solved alone or with one of the dealer's (dealer = {SEEN}); "
                      "give the flop's card its own scenario.")
    if "dealer" in entry:
        return _dealer_later_sight(path, text, game, name, entry, published)
    if not any(decision.seen == STAGES[1] for decision in game.decisions):
        raise fail_at(path, text, name, "later", f"later = 1: the card of {place} is seen "
                      f"with {game.board[0]}, before the decisions made with it seen; this "
                      "game makes none.")
    first = entry.get("first", False)
    if not isinstance(first, bool):
        raise fail_at(path, text, name, "first", f"first = {first!r} must be true (the card "
                      "seen before the first decision) or false (seen with "
                      f"{game.board[0]}).")
    if first and game.decisions[0].seen != HOLDING:
        raise fail_at(path, text, name, "first", f"first = true: the card of {place} is seen "
                      "before a decision made with the player's cards alone; the first "
                      f"decision here, {game.decisions[0].name!r}, is made with "
                      f"{game.decisions[0].seen} cards seen (later = 1 alone sees the card "
                      "there).")
    return BoardSight(name, 0, published, later=1, first=first)


def _dealer_later_sight(path: Path, text: str, game: BoardGame, name: str,
                        entry: dict[str, Any], published: str) -> BoardSight:
    """A scenario with ``dealer = 1`` and ``later = 1``: one of the dealer's cards and one of
    the later board place's cards seen before the first decision, checked."""
    seen, first = entry["dealer"], game.decisions[0]
    if isinstance(seen, bool) or seen != SEEN:
        raise fail_at(path, text, name, "dealer", f"dealer = {seen!r} with later = 1: "
                      f"{SEEN} of the dealer's {HOLDING} cards is solved (dealer = {SEEN}).")
    if entry.get("first", True) is not True:
        given = "false" if entry["first"] is False else repr(entry["first"])
        raise fail_at(path, text, name, "first", f"first = {given} with dealer = "
                      f"{SEEN}: the dealer's card and the card of {game.board[1]} are seen "
                      "together before the first decision (first = true, or leave it out).")
    if first.seen != HOLDING:
        raise fail_at(path, text, name, "later", f"later = 1 with dealer = {SEEN}: the cards "
                      "are seen before a decision made with the player's cards alone; the "
                      f"first decision here, {first.name!r}, is made with {first.seen} cards "
                      "seen.")
    return BoardSight(name, 0, published, SEEN, later=1, first=True)


def _flop_decision(game: BoardGame) -> str:
    """The name of the first decision made with the flop seen."""
    return next(d.name for d in game.decisions if d.seen == STAGES[1])


def _dealer_sight(path: Path, text: str, game: BoardGame, name: str, entry: dict[str, Any],
                  published: str) -> BoardSight:
    """A scenario with ``dealer = ...``: one of the dealer's cards seen before the first
    decision (whichever cards it is made with), checked."""
    seen = entry["dealer"]
    if isinstance(seen, bool) or seen != SEEN:
        raise fail_at(path, text, name, "dealer", f"dealer = {seen!r}: with a shared board "
                      f"{SEEN} of the dealer's {HOLDING} cards seen before the first decision "
                      f"is solved (dealer = {SEEN}).")
    if "board" not in entry:
        return BoardSight(name, 0, published, SEEN)
    cards, first = entry["board"], game.decisions[0]
    if isinstance(cards, bool) or cards != 1:
        raise fail_at(path, text, name, "board", f"board = {cards!r} with dealer = {seen}: "
                      f"with one of the dealer's cards seen, one card of {game.board[0]} seen "
                      "with it before the first decision is solved (board = 1).")
    if first.seen != HOLDING:
        raise fail_at(path, text, name, "board", f"board = 1 with dealer = {seen}: the card "
                      f"of {game.board[0]} is seen before a decision made with the player's "
                      f"cards alone; the first decision here, {first.name!r}, is made with "
                      f"{first.seen} cards seen.")
    return BoardSight(name, 1, published, SEEN)


def scenario_of(game: BoardGame, sight: BoardSight) -> Scenario:
    """The scenario as reports and ``edge protection`` describe it."""
    if sight.later and sight.dealer:
        return Scenario(sight.name, f"one of the dealer's {HOLDING} cards and one of the "
                        f"{NUMBERS[LATER]} cards of the {game.board[1]}",
                        f"before {game.decisions[0].name}", HOLDING * LATER, sight.published)
    if sight.later:
        return Scenario(sight.name, f"one of the {NUMBERS[LATER]} cards of the "
                        f"{game.board[1]}", f"before {game.decisions[0].name}" if sight.first
                        else f"before {_flop_decision(game)}", LATER, sight.published)
    if sight.dealer and sight.board:
        return Scenario(sight.name, f"one of the dealer's {HOLDING} cards and one of the "
                        f"{FLOP} cards of the {game.board[0]}",
                        f"before {game.decisions[0].name}", HOLDING * FLOP, sight.published)
    if sight.dealer:
        return Scenario(sight.name, f"one of the dealer's {HOLDING} cards",
                        f"before {game.decisions[0].name}", HOLDING, sight.published)
    return Scenario(sight.name, f"{SEEN_WORDS[sight.board]} of the {game.board[0]}",
                    f"before {game.decisions[0].name}", math.comb(FLOP, sight.board),
                    sight.published)


def board_protected(game: BoardGame) -> Game[Any]:
    """The game of a shared-board file with its ``[protection]`` scenarios (the game as
    dealt when it has none): the exposed return table, the exposed player's strategy against
    the game as dealt (:mod:`.board_seen`) and the simulator that plays it."""

    dealt_solves: dict[tuple[object, ...], BoardSolution] = {}
    made = make_board_game(game, dealt_solves)
    sights = {sight.name: sight for sight in read_board_sights(game.bet.path, game)}
    if not sights:
        return made
    solved: dict[tuple[object, ...], BoardSolution] = {}
    bet = game.bet

    def sight_of(wager: Wager[Rules]) -> tuple[Scenario, BoardSight]:
        """The scenario; a strategy file is refused here, before any solve."""
        scenario = wager.player.scenario
        assert scenario is not None
        strategy = played_strategy(wager.rules)
        if not strategy.is_optimal:
            raise EdgeError(f"seen={scenario.name}: the exposed player's strategy is solved "
                            f"exactly (strategy=optimal); the strategy file {strategy} is "
                            "played in the game as dealt (seen=none).")
        return scenario, sights[scenario.name]

    def solve(wager: Wager[Rules]) -> tuple[PayTable, BoardSolution]:
        """The pay table and the exposed solve (once per pays and ties)."""
        _, sight = sight_of(wager)
        table = wager.paytable or bet.presets[bet.default_paytable]
        larger = getattr(wager.rules, "ties", "larger") == "larger"
        key = (sight.board, sight.dealer, sight.later, sight.first, table.pays, larger)
        if key not in solved:
            solved[key] = (
                board_dealer_flop.solve_dealer_later_seen(game, table, larger)
                if sight.later and sight.dealer else
                solve_later_seen(game, table, larger, first=sight.first) if sight.later else
                board_dealer_flop.solve_dealer_flop_seen(game, table, larger)
                if sight.dealer and sight.board else
                board_dealer.solve_dealer_seen(game, table, larger) if sight.dealer
                else solve_seen(game, sight.board, table, larger))
        return table, solved[key]

    def unexposed(wager: Wager[Rules]) -> ReturnTable:
        return made.bets[0].analyze(dataclasses.replace(wager,
                                                        rules=seeing(wager.rules, NONE)))

    def analyze(wager: Wager[Rules]) -> ReturnTable:
        scenario, sight = sight_of(wager)
        table, solution = solve(wager)
        exposed = board_table(solution, table, wager.rules)
        first, place = game.decisions[0].name, game.board[0]
        if sight.later and sight.dealer:
            dealt, seen = board_dealer_flop.dealer_flop_notes(game, solution, scenario,
                                                              later=True)
        elif sight.later:
            dealt = (f"{exposed.notes[0][:-1]}; each deal counted {scenario.ways} times, once "
                     f"for each of the {LATER} cards of {game.board[1]} seen.")
            before = (f" The decision {first}, made before it, is solved knowing the card "
                      "will be seen." if game.decisions[0].seen == HOLDING else "")
            seen = (f"Seen: {scenario.description}, with the {place}. The decisions made with "
                    f"the {place} seen ({_flop_decision(game)} first) are solved exactly with "
                    f"that card seen too: the board's first {FLOP + 1} cards known, the last "
                    f"to come.{before}")
            if sight.first:
                seen = (f"Seen: {scenario.description}. The decision {first} is taken on the "
                        f"player's {HOLDING} cards and the seen card (each class of them under "
                        "a renaming of suits); the decisions made with the "
                        f"{place} seen are solved exactly with the card seen too: the board's "
                        f"first {FLOP + 1} cards known, the last to come.")
        elif sight.dealer and sight.board:
            dealt, seen = board_dealer_flop.dealer_flop_notes(game, solution, scenario)
        elif sight.dealer:
            dealt, seen = board_dealer.dealer_notes(game, solution, scenario)
        elif sight.board == FLOP:
            dealt = exposed.notes[0]
            seen = (f"Seen: {scenario.description}. The decision {first} is made with the "
                    f"{place} seen, as the later decisions are, and solved with them.")
        else:
            dealt = (f"{exposed.notes[0][:-1]}; each deal counted {scenario.ways} times, once "
                     f"for each choice of the {sight.board} of the {FLOP} cards of {place} "
                     "seen.")
            seen = (f"Seen: {scenario.description}. The decision {first} is taken on the "
                    "player's cards and the seen cards (each class of them under a renaming "
                    f"of suits, valued over every {place} holding the seen cards); the later "
                    "decisions are solved as in the game as dealt.")
        return dataclasses.replace(exposed, notes=(
            seen, information_note(exposed, unexposed(wager)), dealt, *exposed.notes[1:]))

    def dealt(wager: Wager[Rules]) -> BoardSolution:
        """The solve of the game as dealt at the wager's pays (made for its table)."""
        unexposed(wager)
        table = wager.paytable or bet.presets[bet.default_paytable]
        # make_board_game's key: the pays, the ties, the rules of a plan (none: optimal play)
        return dealt_solves[table.pays, getattr(wager.rules, "ties", "larger") == "larger", ()]

    def choices(wager: Wager[Rules], sight: BoardSight, solution: BoardSolution
                ) -> SeenChoices:
        """The first decision's choices against the game as dealt."""
        if sight.dealer and (sight.board or sight.later):
            return board_dealer_flop.dealer_flop_choices(solution, dealt(wager),
                                                         later=bool(sight.later))
        if sight.dealer:
            return dealer_choices(solution, dealt(wager))
        return seen_choices(solution, dealt(wager), sight.board)

    later_found: dict[tuple[object, ...], LaterChoices] = {}

    def later(wager: Wager[Rules]) -> LaterChoices:
        """The exposed decisions seeing a later card against the game as dealt (once per
        pays and ties)."""
        _, sight = sight_of(wager)
        table, solution = solve(wager)
        key = (table.pays, solution.larger, sight.first)
        if key not in later_found:
            later_found[key] = later_choices(solution, dealt(wager), LaterCard(solution.deck)
                                             if sight.first else None)
        return later_found[key]

    def strategy(wager: Wager[Rules]) -> Report:
        scenario, sight = sight_of(wager)
        table, solution = solve(wager)
        if sight.later and not sight.dealer:
            return later_strategy(solution, dealt(wager), table, scenario, analyze(wager),
                                  later(wager), lines_table(solution, dealt(wager)))
        return seen_strategy(solution, dealt(wager), table, scenario, sight.board or SEEN,
                             analyze(wager), choices(wager, sight, solution)
                             if sight.dealer else None, later=bool(sight.later))

    def rules_of_play(wager: Wager[Rules]) -> list[str]:
        _, sight = sight_of(wager)
        if sight.later and not sight.dealer:
            return later_lines(solve(wager)[1], later(wager), game.unit)
        _, solution = solve(wager)
        return seen_lines(choices(wager, sight, solution), game.decisions[0].name, game.unit)

    def simulate(wager: Wager[Rules]) -> Any:
        _, sight = sight_of(wager)
        table, solution = solve(wager)
        if sight.dealer:
            return dealer_simulator(solution, table, board_card=bool(sight.board or sight.later),
                                    start=FLOP if sight.later else 0)
        first = (SeenPlay(LaterCard(solution.deck), solution.preflop, FLOP) if sight.first
                 else None if sight.board in (0, FLOP) else
                 SeenPlay(SeenBoard(solution.deck, sight.board), solution.preflop))
        return board_simulator(solution, table, first)

    main = dataclasses.replace(made.bets[0], exposed=Exposed(
        analyze, strategy=strategy, simulate=simulate, rules_of_play=rules_of_play))
    return dataclasses.replace(
        made, rules=seen_rules(made.rules, tuple(sights)), bets=(main, *made.bets[1:]),
        protection=Protection(main.name, tuple(scenario_of(game, s) for s in sights.values()),
                              slow=True, stakes=tuple(w.title() for w in game.wagers
                                                      if game.start[game.wagers.index(w)])))
