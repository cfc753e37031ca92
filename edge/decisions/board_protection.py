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
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from edge.decisions import board_dealer
from edge.decisions.board import FLOP, HOLDING, BoardGame, BoardSolution, solve_board_game
from edge.decisions.board_dealer import SEEN
from edge.decisions.board_game import board_table
from edge.decisions.protection import fail_at, scenario_entries, seen_rules
from edge.errors import EdgeError
from edge.games import Exposed, Game, Rules, Wager
from edge.paytables import PayTable
from edge.player import seeing
from edge.protection import NONE, Protection, Scenario, information_note
from edge.table import ReturnTable

Counts = npt.NDArray[np.int64]
BOARD_KEYS = ("board", "published")
SEEN_WORDS = ("", "one of the three cards", "two of the three cards", "the three cards")


def _colex(cards: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each row's index among the sets of its size (rows of positions, increasing)."""
    found = np.zeros(len(cards), dtype=np.int64)
    for i in range(cards.shape[1]):
        found += np.array([math.comb(int(c), i + 1) for c in range(int(cards.max(initial=0)) + 1)],
                          dtype=np.int64)[cards[:, i]]
    return found


@dataclass
class SeenBoard:
    """The states of the decision before the flop when ``seen`` of the flop's cards are seen
    with the player's holding: the classes of (holding, seen cards) under a renaming of suits
    (:class:`~edge.decisions.board.FirstStates`)."""

    deck: tuple[int, ...]
    seen: int
    count: int = 0
    ways: int = 1
    table: Counts = dataclasses.field(default_factory=lambda: np.zeros((0, 0), np.int64))
    position: Counts = dataclasses.field(default_factory=lambda: np.zeros(0, np.int64))

    def __post_init__(self) -> None:
        n = len(self.deck)
        self.ways = math.comb(FLOP, self.seen)
        self.position = np.full(52, -1, dtype=np.int64)
        self.position[list(self.deck)] = np.arange(n)
        pairs = np.array(list(itertools.combinations(range(n), HOLDING)), dtype=np.int64)
        sights = np.array(list(itertools.combinations(range(n), self.seen)), dtype=np.int64)
        rows, columns = _colex(pairs), _colex(sights)
        # positions are rank * 4 + suit (the deck's ranks in order, four suits each)
        least = np.full((len(pairs), len(sights)), np.iinfo(np.int64).max, dtype=np.int64)
        for renaming in itertools.permutations(range(4)):
            rename = (np.arange(n) & ~3) | np.array(renaming)[np.arange(n) & 3]
            mine = _colex(np.sort(rename[pairs], axis=1))
            theirs = _colex(np.sort(rename[sights], axis=1))
            np.minimum(least, mine[:, None] * len(sights) + theirs[None, :], out=least)
        apart = ~(pairs[:, :, None, None] == sights[None, None, :, :]).any(axis=(1, 3))
        codes, classes = np.unique(np.where(apart, least, -1), return_inverse=True)
        self.count = len(codes)             # the overlapping states are one unused class
        self.table = np.zeros((len(pairs), len(sights)), dtype=np.int64)
        self.table[rows[:, None], columns[None, :]] = classes.reshape(len(pairs), len(sights))

    def of(self, flop: tuple[int, ...], holdings: Counts) -> Counts:
        """Each holding's states with this flop: one for each choice of the seen cards."""
        mine = _colex(np.sort(self.position[holdings], axis=1))
        shown = np.array(list(itertools.combinations(sorted(self.position[list(flop)]),
                                                     self.seen)), dtype=np.int64)
        return self.table[mine[:, None], _colex(shown)[None, :]]


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
    deck = tuple(rank * 4 + suit for rank in (range(13) if ranks is None else sorted(ranks))
                 for suit in range(4))
    return solve_board_game(game, paytable, larger_on_ties, ranks,
                            states=SeenBoard(deck, seen))


@dataclass(frozen=True)
class BoardSight:
    """One scenario of a shared-board file: its ``seen=`` name, how many of the first board
    place's cards are seen before the first decision (or 0), and the published figure (or
    ""); ``dealer`` 1: one of the dealer's cards seen instead, from the first decision on
    (:mod:`.board_dealer`)."""

    name: str
    board: int
    published: str = ""
    dealer: int = 0


def read_board_sights(path: Path, game: BoardGame) -> tuple[BoardSight, ...]:
    """The file's ``[protection]`` scenarios read and checked (empty: it has none): cards of
    the first board place seen (``board = 1`` to 3) or one of the dealer's (``dealer = 1``),
    before the first decision."""
    text, entries = scenario_entries(path, BOARD_KEYS + ("dealer",), "board = 1")
    place = game.board[0]
    found = []
    for name, entry, published in entries:
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


def _dealer_sight(path: Path, text: str, game: BoardGame, name: str, entry: dict[str, Any],
                  published: str) -> BoardSight:
    """A scenario with ``dealer = ...``: one of the dealer's cards seen before the first
    decision (whichever cards it is made with), checked."""
    seen = entry["dealer"]
    if "board" in entry:
        raise fail_at(path, text, name, "board", f"board = {entry['board']!r} with dealer = "
                      f"{seen!r}: cards of {game.board[0]} and the dealer's seen together are "
                      "not solved; give each scenario one of them.")
    if isinstance(seen, bool) or seen != SEEN:
        raise fail_at(path, text, name, "dealer", f"dealer = {seen!r}: with a shared board "
                      f"{SEEN} of the dealer's {HOLDING} cards seen before the first decision "
                      f"is solved (dealer = {SEEN}).")
    return BoardSight(name, 0, published, SEEN)


def scenario_of(game: BoardGame, sight: BoardSight) -> Scenario:
    """The scenario as reports and ``edge protection`` describe it."""
    if sight.dealer:
        return Scenario(sight.name, f"one of the dealer's {HOLDING} cards",
                        f"before {game.decisions[0].name}", HOLDING, sight.published)
    return Scenario(sight.name, f"{SEEN_WORDS[sight.board]} of the {game.board[0]}",
                    f"before {game.decisions[0].name}", math.comb(FLOP, sight.board),
                    sight.published)


def board_protected(made: Game[Any], game: BoardGame) -> Game[Any]:
    """The game of a shared-board file with its ``[protection]`` scenarios (the game itself
    when it has none)."""
    sights = {sight.name: sight for sight in read_board_sights(game.bet.path, game)}
    if not sights:
        return made
    solved: dict[tuple[object, ...], BoardSolution] = {}
    bet = game.bet

    def sight_of(wager: Wager[Rules]) -> tuple[Scenario, BoardSight]:
        scenario = wager.player.scenario
        assert scenario is not None
        return scenario, sights[scenario.name]

    def analyze(wager: Wager[Rules]) -> ReturnTable:
        scenario, sight = sight_of(wager)
        table = wager.paytable or bet.presets[bet.default_paytable]
        larger = getattr(wager.rules, "ties", "larger") == "larger"
        key = (sight.board, sight.dealer, table.pays, larger)
        if key not in solved:
            solved[key] = (board_dealer.solve_dealer_seen(game, table, larger) if sight.dealer else
                           solve_seen(game, sight.board, table, larger))
        exposed = board_table(solved[key], table, wager.rules)
        unexposed = made.bets[0].analyze(dataclasses.replace(
            wager, rules=seeing(wager.rules, NONE)))
        first, place = game.decisions[0].name, game.board[0]
        if sight.dealer:
            dealt, seen = board_dealer.dealer_notes(game, solved[key], scenario)
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
            seen, information_note(exposed, unexposed), dealt, *exposed.notes[1:]))

    def refused(wager: Wager[Rules]) -> Any:
        scenario, _ = sight_of(wager)
        raise EdgeError(f"seen={scenario.name}: the exposed player's strategy is not put in "
                        f"words or simulated from a game file with a shared board yet; `edge "
                        f"table {bet.path.name} --set seen={scenario.name}` gives its exact "
                        "figures and how often each line of play is taken.")

    main = dataclasses.replace(made.bets[0], exposed=Exposed(analyze, strategy=refused,
                                                             simulate=refused))
    return dataclasses.replace(
        made, rules=seen_rules(made.rules, tuple(sights)), bets=(main, *made.bets[1:]),
        protection=Protection(main.name, tuple(scenario_of(game, s) for s in sights.values()),
                              slow=True, stakes=tuple(w.title() for w in game.wagers
                                                      if game.start[game.wagers.index(w)])))
