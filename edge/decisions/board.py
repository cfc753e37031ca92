"""A dealer's hand over a board shared with the player, with board cards still to come after
the player's decision (Casino Hold'em's shape), solved exactly from a game file.

::

    [deal]                          # in the order dealt
    player = 2                      # the player's own cards
    flop = 3                        # shared, seen before the decision
    turn_river = 2                  # shared, dealt after it
    dealer = 2                      # the dealer's own cards, hidden

    [dealer]
    hand = "dealer"
    board = ["flop", "turn_river"]  # the shared places: seen before the decision, then after
    weakest = "4c 4d 5h 3s 2c"      # the weakest best five that qualifies
    showdown = "hand5(player + flop + turn_river) > hand5(dealer + flop + turn_river)"

One decision is made when the player's cards and the first board place are seen (fold, or an
option that sets a wager). Each hand is the best five of its two cards and the five of the
board; the outcomes (the player's hand, for the pay tables) read ``poker5`` of the player's
seven cards only. ``[game]`` and ``[settle]`` are the dealer games' (:mod:`.dealer`).

The solve: for each state (the player's two cards and the flop), the counts of (the class of
the player's final hand, the showdown's result) over every turn and river and every dealer's
hand from the cards left, from the board kernel (``edge.bets._showdown.split_counts``: per
flop, every completion of the board, each holding against every other by inclusion and
exclusion); one flop of each class under a renaming of suits is counted, weighted by the
flops of its class (a state and its suits renamed are worth the same). Each state takes its
best option (integers in units of 1 / scale of the quote unit); the return table's counts
follow the choices forward and must give the same return (checked on every solve).
"""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from edge import _core, parallel
from edge.bets.compile import Deals
from edge.bets.file import BetFile, BetFileError, read_bet_file
from edge.bets.language import Binary, Call, ConditionError, Index, Name, Node, children, parse
from edge.cards import parse_cards
from edge.decisions.analysis import units_text
from edge.decisions.dealer import (
    OTHER,
    RESULT_WORDS,
    RESULTS,
    Settle,
    hand_pay_names,
    read_settle,
)
from edge.decisions.dealer import settlement as wager_pays
from edge.decisions.file import GAME_KEYS, read_decisions, read_game_table
from edge.decisions.holdem_features import Feature, HoldemRules, holding_features
from edge.decisions.solve import Decision, Option
from edge.errors import CardError, EdgeError
from edge.files import TomlErrors, read_text, read_toml
from edge.paytables import PayTable

HOLDING = 2
FLOP, LATER = 3, 2
CLASSES = 10
DECIDED_RESULTS = 6          # the board kernel's results: (dealer qualifies) * 3 + comparison
# the cards seen when a decision is made: the player's two; with the first board place; with
# the whole board
STAGES = (HOLDING, HOLDING + FLOP, HOLDING + FLOP + LATER)
# the board kernel's comparisons (the player's hand lower, equal, higher) as results
COMPARED = ("lose", "tie", "win")
Stake = tuple[Fraction, ...]
Line = tuple[tuple[int, int], ...]            # (decision, option) for each decision made
Counts = npt.NDArray[np.int64]
DEALER_KEYS = ("hand", "board", "weakest", "showdown")
# an example seven cards of each class (0 high card .. 9 royal flush), to read the outcomes
CLASS_EXAMPLES = ("2c 4d 6h 8s Tc Qd Ah", "2c 2d 5h 7s 9c Jd Kh", "2c 2d 5h 5s 9c Jd Kh",
                  "2c 2d 2h 5s 9c Jd Kh", "2c 3d 4h 5s 6c Jd Kh", "2c 4c 6c 8c Tc Jd Kh",
                  "2c 2d 2h 5s 5c Jd Kh", "2c 2d 2h 2s 5c Jd Kh", "2c 3c 4c 5c 6c Jd Kh",
                  "Tc Jc Qc Kc Ac 2d 3h")


@dataclass(frozen=True)
class BoardGame:
    """A game file of this shape, read and checked."""

    bet: BetFile
    wagers: tuple[str, ...]
    start: tuple[Fraction, ...]
    unit: str
    larger_on_ties: bool
    decisions: tuple[Decision, ...]
    settles: tuple[Settle, ...]
    weakest: int                       # the strength of the weakest qualifying best five
    outcome_of_class: tuple[int, ...]  # each class's outcome (len(outcomes): none met)
    board: tuple[str, str] = ("flop", "turn_river")    # the shared places, in [deal] order

    @property
    def outcomes(self) -> tuple[str, ...]:
        """The outcomes' names, then ``other``."""
        return (*(outcome.name for outcome in self.bet.outcomes), OTHER)


@dataclass(frozen=True)
class BoardSolution:
    """The solve: the return per quote unit, the deals by (line of play, result, outcome) for
    the lines played to the showdown and by line for a fold, and the deals by line."""

    game: BoardGame
    player_return: Fraction
    cycle: int
    # (line of play, showdown result, outcome) -> deals, for each line played to the end
    played: dict[tuple[str, str, str], int]
    folded: dict[str, int]                   # each line ending in a fold -> deals
    lines: dict[str, int]                    # each line of play (its options) -> deals
    # the return table's rows: name, net per quote unit, deals, total in play
    rows: tuple[tuple[str, Fraction, int, Fraction], ...] = ()
    completions: int = 1                     # the deals that follow each state
    # the strategy: the option before the flop by holding class (:func:`holding_classes`;
    # -1: a class the deck cannot deal; empty: no decision then); for each flop of a class
    # (:func:`flop_class`), decision made with it seen and wagers in play, the option of
    # each holding of the cards left (in the order of ``itertools.combinations``); the
    # river's is taken again on each board dealt (:func:`river_options`, by the simulator);
    # ties to the larger total wager when ``larger``
    preflop: tuple[int, ...] = ()
    flop_choices: dict[tuple[tuple[int, ...], int, Stake], npt.NDArray[np.int8]] = \
        dataclasses.field(default_factory=dict)
    larger: bool = True
    counted_flops: dict[tuple[int, ...], tuple[int, ...]] = \
        dataclasses.field(default_factory=dict)      # each flop class's key -> its flop
    deck: tuple[int, ...] = tuple(range(52))             # the cards dealt from
    # the board cards seen at the decisions made with the flop seen (4: a later card too;
    # the counted flops and their choices are then of four cards)
    seen_board: int = FLOP
    # what the solve sums by holding class, to play another choice before the flop
    preflop_counts: PreflopCounts | None = None
    # with rules for the decisions made with the flop or the whole board seen (a strategy
    # file's): what the solve sums under them, and the rules (the simulator plays them)
    planned: PlannedCounts | None = None
    rules: tuple[HoldemRules, ...] = ()
    # with ``words``: the states of each decision made with the flop or the whole board seen
    # summed by feature cell (:class:`WordCells`), to put the decision in words
    word_cells: dict[int, WordCells] = dataclasses.field(default_factory=dict)


def _fail(path: Path, message: str) -> BetFileError:
    return BetFileError(f"{path.name}: {message}")


def has_shared_board(data: dict[str, Any]) -> bool:
    """Whether a game file's ``[dealer]`` shares a board with the player (``board = [...]``)."""
    dealer = data.get("dealer")
    return isinstance(dealer, dict) and "board" in dealer


def _places_in(node: Node) -> set[str]:
    """The names read in ``node`` (places, alone or by position)."""
    return ({item.name for item in _walk(node) if isinstance(item, Name)}
            | {item.place for item in _walk(node) if isinstance(item, Index)})


def _best_five_of(node: Node, word: str, places: set[str]) -> bool:
    """Whether ``node`` is ``word(...)`` of exactly these places, whole."""
    return (isinstance(node, Call) and node.name == word and len(node.args) == 1
            and not any(isinstance(item, Index) for item in _walk(node))
            and _places_in(node.args[0]) == places)


def _walk(node: Node) -> list[Node]:
    """``node`` and every node inside it."""
    found, stack = [], [node]
    while stack:
        item = stack.pop()
        found.append(item)
        stack.extend(children(item))
    return found


def _reads_only_poker5(node: Node, places: set[str], every: set[str]) -> bool:
    """Whether every place of ``every`` that ``node`` reads is read inside ``poker5`` of
    exactly ``places``."""
    if isinstance(node, Call) and node.name == "poker5":
        return _best_five_of(node, "poker5", places)
    if isinstance(node, Index) or (isinstance(node, Name) and node.name in every):
        return False
    return all(_reads_only_poker5(child, places, every) for child in children(node))


def read_board_game(path: Path, data: dict[str, Any], text: str = "") -> BoardGame:
    """Read and check a game file whose dealer shares a board with the player (``data``: its
    TOML, already read; ``text``: the file's text, to name the line and column of a
    mistake)."""
    deal, table = data.get("deal"), data["dealer"]
    if not isinstance(deal, dict) or "game" not in data:
        raise _fail(path, "a game with a dealer needs [deal] and [game] tables.")
    for key in table:
        if key not in DEALER_KEYS:
            raise _fail(path, f"unknown key {key!r} in [dealer]; with a shared board the keys "
                              f"are {', '.join(sorted(DEALER_KEYS))}.")
    places = list(deal)
    board = table.get("board")
    dealer = table.get("hand")
    if (not isinstance(board, list) or len(board) != 2
            or not all(isinstance(p, str) and p in deal for p in board)):
        raise _fail(path, f"[dealer] board = {board!r} must name two places of [deal]: the "
                          "shared cards seen before the decision, then those dealt after it.")
    if not isinstance(dealer, str) or dealer not in deal or dealer in board:
        raise _fail(path, f"[dealer] hand = {dealer!r} must name the dealer's place of [deal] "
                          f"({', '.join(places)}).")
    others = [p for p in places if p != dealer and p not in board]
    if len(others) != 1:
        raise _fail(path, "[deal] must have four places: the player's, the two of the board "
                          "and the dealer's.")
    player = others[0]
    sizes = (deal[player], deal[board[0]], deal[board[1]], deal[dealer])
    if sizes != (HOLDING, FLOP, LATER, HOLDING):
        raise _fail(path, f"[deal] {player}, {board[0]}, {board[1]}, {dealer} = "
                          f"{', '.join(map(str, sizes))}: a shared board is solved for "
                          f"{HOLDING} cards each to the player and the dealer, {FLOP} board "
                          f"cards seen before the decision and {LATER} after it.")
    weakest_text = table.get("weakest")
    try:
        weakest_cards = parse_cards(str(weakest_text))
    except CardError as error:
        raise _fail(path, f"[dealer] weakest = {weakest_text!r}: {error}") from None
    if not isinstance(weakest_text, str) or len(weakest_cards) != 5:
        raise _fail(path, f"[dealer] weakest = {weakest_text!r} must be five cards, the "
                          "weakest best five that qualifies, such as \"4c 4d 5h 3s 2c\".")
    seen_places = {player, *board}
    showdown = table.get("showdown")
    try:
        node = parse(showdown) if isinstance(showdown, str) else None
    except ConditionError as error:
        raise _fail(path, f"[dealer] showdown: {error.message}.") from None
    if not (isinstance(node, Binary) and node.op == ">"
            and _best_five_of(node.left, "hand5", seen_places)
            and _best_five_of(node.right, "hand5", {dealer, *board})):
        mine, theirs = " + ".join([player, *board]), " + ".join([dealer, *board])
        raise _fail(path, f"[dealer] showdown = {showdown!r} must be \"hand5({mine}) > "
                          f"hand5({theirs})\".")
    wagers, start, unit, larger = read_game_table(data, path)
    settles = read_settle(data, text, wagers, path, shared_board=True)
    bet = read_bet_file(path, GAME_KEYS,
                        lambda outcomes: hand_pay_names(settles, wagers, outcomes))
    if bet.decks != 1 or bet.rules.jokers:
        raise _fail(path, "a shared board is solved for one deck of 52 cards.")
    for outcome in bet.outcomes:
        if outcome.name == OTHER or not _reads_only_poker5(outcome.node, seen_places,
                                                                      set(places)):
            raise _fail(path, f"outcome {outcome.name!r}: with a shared board each outcome "
                              f"reads only poker5({' + '.join([player, *board])}) (and is "
                              f"not called {OTHER!r}).")
    decisions = read_decisions(data, wagers, HOLDING + FLOP + LATER, path,
                               last=STAGES[-1], start=start, text=text)
    for decision in decisions:
        if decision.seen not in STAGES:
            raise _fail(path, f"decision {decision.name!r}: seen = {decision.seen}; with a "
                              f"shared board a decision is made when the player's {HOLDING} "
                              f"cards are seen (seen = {STAGES[0]}), with the {FLOP} of "
                              f"{board[0]} (seen = {STAGES[1]}) or with the {LATER} of "
                              f"{board[1]} too (seen = {STAGES[2]}).")
    return BoardGame(bet, wagers, start, unit, larger, decisions, settles,
                     int(_core.evaluate_cards(list(weakest_cards))),
                     _outcome_of_class(bet), (board[0], board[1]))


def _outcome_of_class(bet: BetFile) -> tuple[int, ...]:
    """Each class's outcome, read from an example hand of it (the outcomes read the class
    alone: checked by the reader)."""
    columns = bet.layout.slot_columns()[0]
    rows = np.zeros((CLASSES, bet.layout.cards), dtype=np.int64)
    for klass, text in enumerate(CLASS_EXAMPLES):
        cards = parse_cards(text)
        if _core.hand_class(int(_core.evaluate_cards(list(cards)))) != klass:
            raise AssertionError(f"the example {text} is not of class {klass}")
        rows[klass, list(columns)] = cards
    found = np.full(CLASSES, len(bet.outcomes), dtype=np.int64)
    for at, outcome in reversed(list(enumerate(bet.outcomes))):     # the first match wins
        found[outcome.condition.test(Deals(rows))] = at
    return tuple(int(x) for x in found)


def _suit_masks(cards: Sequence[int]) -> list[int]:
    masks = [0, 0, 0, 0]
    for card in cards:
        masks[card & 3] |= 1 << (card >> 2)
    return masks


def flop_classes(deck: Sequence[int], size: int = FLOP) -> list[tuple[tuple[int, ...], int]]:
    """One flop of each class under a renaming of suits, with how many flops it stands for
    (a class: the four suits' rank masks, sorted); ``size`` 4: the flop with one later card."""
    classes: dict[tuple[int, ...], list[Any]] = {}
    for flop in itertools.combinations(deck, size):
        entry = classes.setdefault(tuple(sorted(_suit_masks(flop))), [flop, 0])
        entry[1] += 1
    return [(tuple(flop), weight) for flop, weight in classes.values()]


def flop_class(flop: Sequence[int], solution: BoardSolution) -> tuple[tuple[int, ...],
                                                                      tuple[int, ...]]:
    """The flop of ``flop``'s class the solve counted, and a renaming of suits (``suit ->
    suit``) that takes ``flop`` to it."""
    masks = _suit_masks(flop)
    key = tuple(sorted(masks))
    counted = solution.counted_flops[key]
    theirs = _suit_masks(counted)
    mine_order = sorted(range(4), key=lambda suit: masks[suit])
    their_order = sorted(range(4), key=lambda suit: theirs[suit])
    renaming = [0] * 4
    for mine, their in zip(mine_order, their_order, strict=True):
        renaming[mine] = their
    return counted, tuple(renaming)


def holding_index(holding: Sequence[int], left: Sequence[int]) -> int:
    """The position of a holding among every holding of the cards ``left`` (increasing), in
    the order of ``itertools.combinations``."""
    low, high = sorted(holding)
    i, j, n = left.index(low), left.index(high), len(left)
    return i * (2 * n - i - 1) // 2 + (j - i - 1)


def wagers_after(option: Option, stake: Stake) -> Stake | None:
    """The wagers after an option (None: a fold)."""
    if option.fold:
        return None
    return tuple(option.amount if w == option.wager else amount
                 for w, amount in enumerate(stake))


def decision_made(decision: Decision, stake: Stake) -> bool:
    """Whether the decision is made with these wagers in play (its ``when``)."""
    return all(stake[w] == amount for w, amount in decision.when)


def tie_order(options: Sequence[Option], stake: Stake, larger: bool) -> list[int]:
    """The options in the order a tie between them is broken (the first wins): by the total
    in play after each (a fold: none), the larger first when ``larger``."""
    return sorted(range(len(options)), key=lambda o: (
        sum(wagers_after(options[o], stake) or (), Fraction(0)), o), reverse=larger)


def board_lines(game: BoardGame) -> list[tuple[Line, Stake, Stake | None]]:
    """Every line of play: the decisions made and the options taken, the wagers in play
    before the last option and after the line (None: it ends in a fold)."""
    found: list[tuple[Line, Stake, Stake | None]] = []

    def walk(d: int, stake: Stake, before: Stake, line: Line) -> None:
        if d == len(game.decisions):
            found.append((line, before, stake))
            return
        decision = game.decisions[d]
        if not decision_made(decision, stake):
            walk(d + 1, stake, before, line)
            return
        for o, option in enumerate(decision.options):
            after = wagers_after(option, stake)
            if after is None:
                found.append(((*line, (d, o)), stake, None))
            else:
                walk(d + 1, after, stake, (*line, (d, o)))

    walk(0, game.start, game.start, ())
    return found


@dataclass(frozen=True)
class _Pays:
    """The net of each set of wagers in play by (the player's class, result), and each set's
    total (what a fold loses), as integers in units of 1 / scale of the quote unit (a
    result: ``q * 3 + k`` as the board kernel counts it)."""

    nets: dict[Stake, Counts]
    totals: dict[Stake, int]
    scale: int


def pays_of(game: BoardGame, table: PayTable) -> _Pays:
    """Every set of wagers' nets at these pays."""
    nets = wager_pays(game.settles, game.wagers, game.outcomes[:-1], table,
                      np.zeros(0, np.int64), 1, 0).nets
    unit = game.start[game.wagers.index(game.unit)]
    stakes = {stake for _, before, after in board_lines(game)
              for stake in (before, after) if stake is not None}
    exact: dict[Stake, list[list[Fraction]]] = {}
    for stake in stakes:
        matrix = [[Fraction(0)] * DECIDED_RESULTS for _ in range(CLASSES)]
        for w, amount in enumerate(stake):
            for r in range(DECIDED_RESULTS):
                qualified, comparison = divmod(r, 3)
                result = (RESULTS.index(COMPARED[comparison])
                          if qualified or game.settles[w].showdown else 0)
                for c in range(CLASSES):
                    matrix[c][r] += amount / unit * nets[w][result][game.outcome_of_class[c]]
        exact[stake] = matrix
    totals = {stake: sum(stake, Fraction(0)) / unit for stake in stakes}
    scale = math.lcm(*(x.denominator for m in exact.values() for row in m for x in row),
                     *(x.denominator for x in totals.values()))
    return _Pays({stake: np.array([[int(x * scale) for x in row] for row in m], dtype=np.int64)
                  for stake, m in exact.items()},
                 {stake: int(total * scale) for stake, total in totals.items()}, scale)


def holding_classes(holdings: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Each holding's class up to a renaming of suits (0..168: the two ranks, and suited)."""
    high = np.maximum(holdings[:, 0], holdings[:, 1]) >> 2
    low = np.minimum(holdings[:, 0], holdings[:, 1]) >> 2
    suited = (holdings[:, 0] & 3) == (holdings[:, 1] & 3)
    return np.asarray(np.where(suited, low * 13 + high, high * 13 + low), dtype=np.int64)


@dataclass
class FlopCounts:
    """One flop's counts: every holding of the cards left (rows), the deals that follow by
    (class, result) (``total``), and for each set of wagers the river decision is made with,
    the deals by the option it takes (``river``); with rules for the river, the deals by the
    option they take and what they lose against it (``ruled``, ``lost``: (holdings, rule,
    (value, deals departing)))."""

    total: Counts                                      # (holdings, classes, results)
    river: dict[Stake, Counts]                         # (holdings, options, classes, results)
    ruled: dict[Stake, Counts] = dataclasses.field(default_factory=dict)
    lost: dict[Stake, Counts] = dataclasses.field(default_factory=dict)


# a rule's departures at one decision: (decision, rule, 0 value lost | 1 deals departing)
LostKey = tuple[int, int, int]


# the flops the kernel may count past the one being summed (each a few MB at most)
FLOPS_AHEAD = 4


@dataclass(frozen=True)
class FlopKernelCounts:
    """The board kernel's counts of one flop class (``weight``: the flops it stands for): the
    holdings of the cards left (rows, in the order of ``itertools.combinations``), the deals
    that follow each by (class, result), and by river decision's wagers the deals by option
    taken (with rules: also by the rules' option and what they lose)."""

    flop: tuple[int, ...]
    weight: int
    holdings: Counts
    total: Counts
    rivers: dict[Stake, Counts]
    ruled: dict[Stake, Counts]
    lost: dict[Stake, Counts]


class StateSolver:
    """The backward values and forward counts of one flop's states, from the decisions made
    with the flop seen on."""

    def __init__(self, game: BoardGame, pays: _Pays, larger: bool, completions: int,
                 plan: Sequence[HoldemRules] = ()) -> None:
        self.game, self.pays, self.larger, self.completions = game, pays, larger, completions
        # the option taken by each holding of the flop being solved, by decision made with
        # the flop seen and the wagers in play then
        self.chosen: dict[tuple[int, Stake], npt.NDArray[np.int8]] = {}
        # with rules (by decision): each option's value there (later decisions as solved),
        # the option the rules (or the solve, where there are none) take, the holdings'
        # features on the flop being solved
        self.plan = {rules.decision: rules for rules in plan}
        self.worth: dict[tuple[int, Stake], Counts] = {}
        self.played: dict[tuple[int, Stake], npt.NDArray[np.int8]] = {}
        self.features: Counts | None = None
        self.words = False

    def river_options(self, decision: Decision, stake: Stake) -> tuple[Counts, list[int]]:
        """The nets of a river decision's options with these wagers in play (a fold: every
        wager lost, whatever the cards), and their tie order."""
        nets = np.stack([
            np.full((CLASSES, DECIDED_RESULTS), -self.pays.totals[stake], dtype=np.int64)
            if after is None else self.pays.nets[after]
            for after in (wagers_after(option, stake) for option in decision.options)])
        return nets, tie_order(decision.options, stake, self.larger)

    def value(self, flop: FlopCounts, d: int, stake: Stake, line: Line
              ) -> tuple[Counts, dict[Line, Counts]]:
        """The value of each holding's state at decision ``d`` with these wagers in play
        (scaled integers summed over the deals to come), and the deals by line taken."""
        game = self.game
        if d == len(game.decisions):
            value = np.einsum("hcr,cr->h", flop.total, self.pays.nets[stake])
            return value, {line: flop.total}
        decision = game.decisions[d]
        if not decision_made(decision, stake):
            return self.value(flop, d + 1, stake, line)
        if decision.seen == STAGES[-1]:
            counts = flop.river[stake]
            nets, _ = self.river_options(decision, stake)
            value = np.einsum("hocr,ocr->h", counts, nets)
            return value, {(*line, (d, o)): counts[:, o] for o in range(len(decision.options))}
        values, details = [], []
        for o, option in enumerate(decision.options):
            after = wagers_after(option, stake)
            if after is None:
                values.append(np.full(len(flop.total), -self.pays.totals[stake]
                                      * self.completions, dtype=np.int64))
                details.append({(*line, (d, o)): flop.total})
            else:
                value, detail = self.value(flop, d + 1, after, (*line, (d, o)))
                values.append(value)
                details.append(detail)
        stacked = np.stack(values)
        best = stacked.max(axis=0)
        choice = np.full(len(best), -1, dtype=np.int64)
        for o in reversed(tie_order(decision.options, stake, self.larger)):
            choice[stacked[o] == best] = o
        self.chosen[d, stake] = choice.astype(np.int8)
        if d in self.plan or self.words:
            self.worth[d, stake] = stacked
        found: dict[Line, Counts] = {}
        for o, detail in enumerate(details):
            taken = (choice == o)[:, np.newaxis, np.newaxis]
            for key, counts in detail.items():
                found[key] = counts * taken
        return best, found

    def ruled_value(self, flop: FlopCounts, d: int, stake: Stake, line: Line
                    ) -> tuple[Counts, dict[Line, Counts], dict[LostKey, Counts]]:
        """As :meth:`value` (after it, on the same flop), with the decisions that have rules
        taken by them (the others as solved): each holding's value and deals by line, and
        what each rule's departures from the solved option lose there and how many deals
        they are, the later decisions played as solved (0 where play does not come)."""
        game = self.game
        if d == len(game.decisions):
            return self.value(flop, d, stake, line) + ({},)
        decision = game.decisions[d]
        if not decision_made(decision, stake):
            return self.ruled_value(flop, d + 1, stake, line)
        if decision.seen == STAGES[-1]:
            if d not in self.plan:
                return self.value(flop, d, stake, line) + ({},)
            counts, lost = flop.ruled[stake], flop.lost[stake]
            nets, _ = self.river_options(decision, stake)
            value = np.einsum("hocr,ocr->h", counts, nets)
            return (value, {(*line, (d, o)): counts[:, o] for o in range(len(decision.options))},
                    {(d, r, k): lost[:, r, k] for r in range(lost.shape[1]) for k in (0, 1)})
        n = len(flop.total)
        values: list[Counts] = []
        details: list[dict[Line, Counts]] = []
        losts: list[dict[LostKey, Counts]] = []
        for o, option in enumerate(decision.options):
            after = wagers_after(option, stake)
            if after is None:
                values.append(np.full(n, -self.pays.totals[stake] * self.completions,
                                      dtype=np.int64))
                details.append({(*line, (d, o)): flop.total})
                losts.append({})
            else:
                value, detail, lost_after = self.ruled_value(flop, d + 1, after,
                                                             (*line, (d, o)))
                values.append(value)
                details.append(detail)
                losts.append(lost_after)
        rows = np.arange(n)
        solved = self.chosen[d, stake].astype(np.int64)
        found_lost: dict[LostKey, Counts] = {}
        if d in self.plan:
            assert self.features is not None
            choice, which = self.plan[d].decide(self.features)
            worth = self.worth[d, stake]
            gap = worth[solved, rows] - worth[choice, rows]
            for r in range(len(self.plan[d].rules) + 1):
                here = which == r
                found_lost[d, r, 0] = np.where(here, gap, 0)
                found_lost[d, r, 1] = np.where(here & (choice != solved), self.completions, 0)
        else:
            choice = solved
        self.played[d, stake] = choice.astype(np.int8)
        found: dict[Line, Counts] = {}
        for o, (detail, lost_after) in enumerate(zip(details, losts, strict=True)):
            taken = choice == o
            for key, counts in detail.items():
                found[key] = counts * taken[:, np.newaxis, np.newaxis]
            for lost_key, amounts in lost_after.items():
                found_lost[lost_key] = found_lost.get(lost_key, 0) + amounts * taken
        return np.stack(values)[choice, rows], found, found_lost


class FirstStates(Protocol):
    """The states the decision made with the player's cards is taken in (by default the 169
    holding classes; :mod:`.board_protection`: a holding and board cards seen with it)."""

    @property
    def count(self) -> int:
        """How many states (classes under a renaming of suits)."""

    @property
    def ways(self) -> int:
        """How many states each deal is counted in."""

    def of(self, flop: tuple[int, ...], holdings: Counts) -> Counts:
        """The ``ways`` states of each holding (rows) with this flop to come."""


@dataclass(frozen=True)
class HoldingStates:
    """The decision before the flop taken by holding class (:func:`holding_classes`)."""

    count: int = 169
    ways: int = 1

    def of(self, flop: tuple[int, ...], holdings: Counts) -> Counts:
        """Each holding's class, as a column."""
        return holding_classes(holdings)[:, np.newaxis]


def first_choices(game: BoardGame, pays: _Pays,
                  arrivals: Sequence[tuple[Line, Stake | None]], values: Sequence[Counts],
                  deals_of_class: Counts, first: Decision | None, larger: bool
                  ) -> tuple[npt.NDArray[np.object_], Counts]:
    """Each option's value by state of the decision made first (a fold before it: the wagers
    lost on every deal; exact Python ints) and the option each state takes: the highest, a
    tie to the option ``tie_order`` prefers (every state 0 when no decision is made first)."""
    options = np.stack([np.asarray(-pays.totals[game.start] * deals_of_class, dtype=object)
                        if arrival is None else np.asarray(values[a], dtype=object)
                        for a, (_, arrival) in enumerate(arrivals)])
    choice = np.zeros(len(deals_of_class), dtype=np.int64)
    if first is not None:
        best = options.max(axis=0)
        for o in reversed(tie_order(first.options, game.start, larger)):
            choice[options[o] == best] = o
    return options, choice


def solve_board_game(game: BoardGame, paytable: PayTable | None = None,
                     larger_on_ties: bool | None = None, ranks: Sequence[int] | None = None,
                     progress: Callable[[int], None] | None = None,
                     states: FirstStates = HoldingStates(),
                     plan: Sequence[HoldemRules] = (), words: bool = False,
                     jobs: int | None = None, seen_board: int = FLOP) -> BoardSolution:
    """The exact optimal strategy and return (a tie between options to the larger total
    wager unless ``larger_on_ties`` is False; the file's rule when None. ``ranks``, for
    tests: a deck of those ranks only, in four suits; ``progress`` is told of each flop class
    counted, by the flops it stands for; ``states``: what the decision before the flop is
    taken on, each deal counted once in each of its ``ways`` states). ``plan``: rules for
    decisions made with the flop or the whole board seen (a strategy file's): the solution
    then also holds what each option before the flop is worth with those decisions taken by
    the rules and the others as solved (:class:`PlannedCounts`; the river's rules decided by
    the board kernel on every board). ``words``: also sum the states of the decisions made
    with the flop or the whole board seen by feature cell (``word_cells``). ``jobs``: the
    worker threads the board kernel counts the flops on (default every core; the result is
    the same on any number: the flops' sums are added in their order). ``seen_board``: the
    board cards seen at the decisions made with the flop seen, the flop's 3, or 4 with one of
    the later cards seen too (:func:`.board_protection.solve_later_seen`; each deal then
    counted once for each of the later cards seen; no plan, no words)."""
    from edge.bets import _showdown

    if seen_board not in (FLOP, FLOP + 1) or (seen_board != FLOP and plan):
        raise ValueError(f"seen_board {seen_board}: 3, or 4 without a plan")

    table = paytable or game.bet.presets[game.bet.default_paytable]
    larger = game.larger_on_ties if larger_on_ties is None else larger_on_ties
    pays = pays_of(game, table)
    deck = [rank * 4 + suit for rank in (range(13) if ranks is None else sorted(ranks))
            for suit in range(4)]
    n = len(deck)
    completions = (math.comb(n - HOLDING - seen_board, FLOP + LATER - seen_board)
                   * math.comb(n - HOLDING - FLOP - LATER, HOLDING))
    flops_per_holding = math.comb(n - HOLDING, seen_board)
    # each (flop, later card seen) is one of the seen_board choose FLOP splits of the board's
    # first seen_board cards: the weight that counts each deal once per later card seen, or
    # the states when they are one per split (a holding and the later card, seen before the
    # decision made with the player's cards: :class:`.board_protection.LaterCard`)
    split = math.comb(seen_board, FLOP)
    if seen_board != FLOP and states.ways == split:
        split = 1
    cycle = math.comb(n, HOLDING) * flops_per_holding * completions * states.ways * split
    solver = StateSolver(game, pays, larger, completions, plan)
    decisions = game.decisions
    first = (decisions[0] if decisions[0].seen == HOLDING
             and decision_made(decisions[0], game.start) else None)
    later = 1 if decisions[0].seen == HOLDING else 0
    # the wagers in play after the decision before the flop (one entry if there is none)
    arrivals: list[tuple[Line, Stake | None]] = (
        [((), game.start)] if first is None else
        [(((0, o),), wagers_after(option, game.start)) for o, option in enumerate(first.options)])
    river = next((d for d, decision in enumerate(decisions) if decision.seen == STAGES[-1]),
                 None)
    river_stakes = sorted({before for line, before, _ in board_lines(game)
                           if river is not None and line and line[-1][0] == river})
    # by holding class (0..168), summed over the flops: each arrival's values, and the deals
    # of each line (64-bit: checked against the largest sum first)
    largest = max(int(np.abs(net).max()) for net in pays.nets.values())
    most = 12 if isinstance(states, HoldingStates) else 24       # the states of a class
    if max(largest, *pays.totals.values()) * most * flops_per_holding * completions * split \
            >= 2 ** 62:
        raise EdgeError("The pays and wagers are too large for an exact solve in 64-bit "
                        "integers here.")
    values = [np.zeros(states.count, dtype=np.int64) for _ in arrivals]
    deals_of_class = np.zeros(states.count, dtype=np.int64)
    lines: list[dict[Line, Counts]] = [{} for _ in arrivals]
    zero = np.zeros((1, CLASSES, DECIDED_RESULTS), dtype=np.int64)
    flop_choices: dict[tuple[tuple[int, ...], int, Stake], npt.NDArray[np.int8]] = {}
    # under the plan's rules: by option before the flop, the values and lines by class, what
    # each rule's departures lose (and their deals) by class; the options taken on each flop
    ruled_values = [np.zeros(states.count, dtype=np.int64) for _ in arrivals]
    ruled_lines: list[dict[Line, Counts]] = [{} for _ in arrivals]
    ruled_lost: list[dict[LostKey, Counts]] = [{} for _ in arrivals]
    ruled_choices: dict[tuple[tuple[int, ...], int, Stake], npt.NDArray[np.int8]] = {}
    on_flop = any(decisions[d].seen == STAGES[1] for d in solver.plan)
    words = words and isinstance(states, HoldingStates) and seen_board == FLOP
    solver.words = words
    flop_sums: dict[tuple[int, int], list[tuple[Counts, Counts, Counts, Counts]]] = {}
    river_sums: dict[Stake, Counts] = {}
    # the river decisions' nets and tie order by wagers in play, found once
    river_nets = {stake: solver.river_options(decisions[river], stake)
                  for stake in river_stakes if river is not None}
    river_program = (solver.plan[river].program()
                     if river is not None and river in solver.plan else None)

    def count_flop(flop: tuple[int, ...], weight: int) -> FlopKernelCounts:
        """The board kernel's counts of one flop (run on a worker thread: the kernel releases
        the GIL; the word cells, added into one array, are counted with one worker only)."""
        left = [card for card in deck if card not in flop]
        holdings = np.array(list(itertools.combinations(left, HOLDING)), dtype=np.int64)
        xs, ys = holdings[:, 0], holdings[:, 1]
        rivers: dict[Stake, Counts] = {}
        ruled: dict[Stake, Counts] = {}
        lost: dict[Stake, Counts] = {}
        for stake, (nets, order) in river_nets.items():
            if river_program is not None:
                counts, by_rules, lost_all = _showdown.decided_counts(
                    list(flop), game.weakest, nets, order, ranks, river_program)
                rivers[stake], ruled[stake], lost[stake] = (
                    counts[xs, ys], by_rules[xs, ys], lost_all[xs, ys])
                continue
            if words:
                sums = river_sums[stake]
                rivers[stake] = _showdown.decided_counts(list(flop), game.weakest, nets, order,
                                                         ranks, cells=sums,
                                                         cell_weight=weight)[xs, ys]
                continue
            rivers[stake] = _showdown.decided_counts(list(flop), game.weakest, nets, order,
                                                     ranks)[xs, ys]
        total = (next(iter(rivers.values())).sum(axis=1) if rivers else
                 _showdown.decided_counts(list(flop), game.weakest, zero, [0], ranks)[xs, ys, 0])
        return FlopKernelCounts(flop, weight, holdings, total, rivers, ruled, lost)

    if words:
        river_sums.update({stake: np.zeros((*_showdown.RIVER_CELL_SHAPE, len(nets), 2),
                                           dtype=np.int64)
                           for stake, (nets, _) in river_nets.items()
                           if river_program is None})
    boards = [(flop, weight * split) for flop, weight in flop_classes(deck, seen_board)]
    for kernel in parallel.map(lambda item: count_flop(*item), boards,
                               1 if words else jobs, ahead=FLOPS_AHEAD):
        flop, weight, holdings = kernel.flop, kernel.weight, kernel.holdings
        total, rivers, ruled, lost = kernel.total, kernel.rivers, kernel.ruled, kernel.lost
        solver.chosen, solver.worth, solver.played = {}, {}, {}
        if not (total.sum(axis=(1, 2)) == completions).all():
            raise AssertionError(f"the board kernel's counts for the flop {flop} do not add "
                                 "up for every holding")
        counted = FlopCounts(total, rivers, ruled, lost)
        if on_flop or words:
            solver.features = holding_features(holdings, flop)
        classes = states.of(flop, holdings)
        np.add.at(deals_of_class, classes, weight * completions)
        for a, (line, arrival) in enumerate(arrivals):
            if arrival is None:
                continue
            value, detail = solver.value(counted, later, arrival, line)
            if words:
                _sum_flop_cells(solver, later, arrival, flop_sums, a, classes[:, 0], weight)
            np.add.at(values[a], classes, weight * value[:, np.newaxis])
            for key, counts in detail.items():
                found = lines[a].setdefault(key, np.zeros(
                    (states.count, CLASSES * DECIDED_RESULTS), dtype=np.int64))
                np.add.at(found, classes, weight * counts.reshape(len(holdings), 1, -1))
        for (d, stake), chosen in solver.chosen.items():
            flop_choices[flop, d, stake] = chosen
        for a, (line, arrival) in enumerate(arrivals):
            if arrival is None or not plan:
                continue
            value, detail, lost_here = solver.ruled_value(counted, later, arrival, line)
            np.add.at(ruled_values[a], classes, weight * value[:, np.newaxis])
            for key, counts in detail.items():
                found = ruled_lines[a].setdefault(key, np.zeros(
                    (states.count, CLASSES * DECIDED_RESULTS), dtype=np.int64))
                np.add.at(found, classes, weight * counts.reshape(len(holdings), 1, -1))
            for lost_key, amounts in lost_here.items():
                np.add.at(ruled_lost[a].setdefault(lost_key, np.zeros(states.count,
                                                                      dtype=np.int64)),
                          classes, weight * amounts[:, np.newaxis])
        for (d, stake), chosen in solver.played.items():
            ruled_choices[flop, d, stake] = chosen
        if progress is not None:
            progress(weight // split)
    # the holdings of each holding class; with other states, whether any deal comes there
    sizes = (np.bincount(holding_classes(np.array(list(itertools.combinations(deck, HOLDING)),
                                                   dtype=np.int64)), minlength=169)
             if isinstance(states, HoldingStates) else np.minimum(deals_of_class, 1))
    # each arrival's value by class (a fold before the flop: the wagers lost on every deal)
    options, choice = first_choices(game, pays, arrivals, values, deals_of_class, first, larger)
    by_class = PreflopCounts(pays, tuple(arrivals), options, tuple(lines), sizes,
                             deals_of_class, first is not None)
    planned = None
    if plan:
        ruled_options = np.stack([
            options[a] if arrival is None else np.asarray(ruled_values[a], dtype=object)
            for a, (_, arrival) in enumerate(arrivals)])
        planned = PlannedCounts(
            dataclasses.replace(by_class, values=ruled_options, lines=tuple(ruled_lines)),
            tuple(ruled_lost), ruled_choices)
    word_cells = (_word_cells(game, arrivals, choice, flop_sums, river_sums, river)
                  if words else {})
    return dataclasses.replace(
        count_forward(game, by_class, choice, cycle, completions), word_cells=word_cells,
        flop_choices=flop_choices, larger=larger, deck=tuple(deck),
        counted_flops={tuple(sorted(_suit_masks(flop))): flop for flop, _ in boards},
        seen_board=seen_board,
        preflop_counts=by_class, planned=planned, rules=tuple(plan))


# the features a flop state's cell reads, with how many values each takes on the flop (a cell's
# code: the holding class, then each feature's value in that mixed radix), and the river's (the
# board kernel's RIVER_CELL_SHAPE after the holding class)
FLOP_CELL = (Feature.HAND, Feature.HIDDEN, Feature.PAIR, Feature.PAIR_RANK,
             Feature.FLUSH_DRAW_HOLE, Feature.STRAIGHT_DRAW, Feature.HIGH_CARD, Feature.LOW_CARD,
             Feature.OVERCARDS, Feature.THREE_FLUSH, Feature.BOARD_SUITED)
FLOP_CELL_SIZES = (10, 2, 8, 14, 14, 3, 13, 13, 3, 3, 4)
RIVER_CELL = (Feature.HAND, Feature.HIDDEN, Feature.PAIR, Feature.DEALER_OUTS)


@dataclass(frozen=True)
class WordCells:
    """A decision's states summed by feature cell, where play comes under the solve's choice
    before the flop (the river's: every holding and board with wagers in play that the
    choice before the flop can reach, whatever the flop's choice): each cell's feature values
    (``features``, columns as ``keys``), each option's value summed over its deals (integers
    in units of 1 / scale of the quote unit) and the deals where each option is the solve's
    (of equal values the one ties go to)."""

    features: tuple[Feature, ...]
    keys: Counts                      # (cells, features)
    values: Counts                    # (cells, options)
    best: Counts                      # (cells, options)
    # (cells,): the solve's own option's value summed over each cell's deals (the flop's;
    # None on the river, whose cells the kernel sums without it)
    solved: Counts | None = None


def _flop_reach(solver: StateSolver, d: int, stake: Stake, reach: npt.NDArray[np.bool_]
                ) -> list[tuple[int, Stake, npt.NDArray[np.bool_]]]:
    """The decisions made with the flop seen from decision ``d`` on, with the wagers then
    and the holdings that come there (``reach``) under the solve's choices."""
    decisions = solver.game.decisions
    if d == len(decisions):
        return []
    decision = decisions[d]
    if not decision_made(decision, stake):
        return _flop_reach(solver, d + 1, stake, reach)
    if decision.seen != STAGES[1]:
        return []
    found = [(d, stake, reach)]
    chosen = solver.chosen[d, stake]
    for o, option in enumerate(decision.options):
        after = wagers_after(option, stake)
        if after is not None:
            found += _flop_reach(solver, d + 1, after, reach & (chosen == o))
    return found


def _sum_flop_cells(solver: StateSolver, d: int, stake: Stake,
                    sums: dict[tuple[int, int], list[tuple[Counts, Counts, Counts, Counts]]],
                    arrival: int, classes: Counts, weight: int) -> None:
    """One flop's states of each decision made with it seen, by (holding class, cell): the
    options' values, the deals of the solve's option and its value, times the flop's
    ``weight``."""
    features = solver.features
    assert features is not None
    code = classes.astype(np.int64)
    for feature, size in zip(FLOP_CELL, FLOP_CELL_SIZES, strict=True):
        code = code * size + features[:, feature]
    for decision, at, reach in _flop_reach(solver, d, stake, np.ones(len(code), dtype=bool)):
        worth = solver.worth[decision, at]
        chosen = solver.chosen[decision, at].astype(np.int64)
        keys, inverse = np.unique(code[reach], return_inverse=True)
        values = np.zeros((len(keys), len(worth)), dtype=np.int64)
        np.add.at(values, inverse, weight * worth[:, reach].T)
        best = np.zeros_like(values)
        np.add.at(best, (inverse, chosen[reach]), weight * solver.completions)
        solved = np.zeros(len(keys), dtype=np.int64)
        np.add.at(solved, inverse, weight * worth[chosen[reach], np.flatnonzero(reach)])
        sums.setdefault((arrival, decision), []).append((keys, values, best, solved))


def _word_cells(game: BoardGame, arrivals: Sequence[tuple[Line, Stake | None]],
                choice: Counts,
                flop_sums: dict[tuple[int, int], list[tuple[Counts, Counts, Counts, Counts]]],
                river_sums: dict[Stake, Counts], river: int | None) -> dict[int, WordCells]:
    """Each decision's cells where play comes under the solve's ``choice`` before the flop
    (by holding class): the flop's summed over its classes that take the arrival counted,
    the river's over the classes whose arrival can reach its wagers."""
    found: dict[int, WordCells] = {}
    cells = math.prod(FLOP_CELL_SIZES)
    gathered: dict[int, list[tuple[Counts, Counts, Counts, Counts]]] = {}
    for (a, d), parts in flop_sums.items():
        keys, values, best, solved = (np.concatenate([part[i] for part in parts])
                                      for i in range(4))
        taken = choice[keys // cells] == a
        gathered.setdefault(d, []).append((keys[taken] % cells, values[taken], best[taken],
                                           solved[taken]))
    for d, parts in gathered.items():
        keys, inverse = np.unique(np.concatenate([part[0] for part in parts]),
                                  return_inverse=True)
        options = len(game.decisions[d].options)
        values = np.zeros((len(keys), options), dtype=np.int64)
        best = np.zeros_like(values)
        solved = np.zeros(len(keys), dtype=np.int64)
        np.add.at(values, inverse, np.concatenate([part[1] for part in parts]))
        np.add.at(best, inverse, np.concatenate([part[2] for part in parts]))
        np.add.at(solved, inverse, np.concatenate([part[3] for part in parts]))
        found[d] = WordCells(FLOP_CELL, np.stack(np.unravel_index(keys, FLOP_CELL_SIZES),
                                                 axis=1), values, best, solved)
    if river is not None and river_sums:
        total = 0
        for stake, sums in river_sums.items():
            reaching = sorted({a for a, (line, _) in enumerate(arrivals)
                               for ended, before, _ in board_lines(game)
                               if ended[:len(line)] == line and ended[-1][0] == river
                               and before == stake})
            total = total + sums[np.isin(choice, reaching)].sum(axis=0)
        assert isinstance(total, np.ndarray)
        flat = total.reshape(-1, *total.shape[-2:])
        kept = np.flatnonzero(flat[:, :, 1].sum(axis=1) > 0)
        found[river] = WordCells(RIVER_CELL, np.stack(np.unravel_index(kept, total.shape[:-2]),
                                                      axis=1), flat[kept, :, 0], flat[kept, :, 1])
    return found


@dataclass(frozen=True)
class PlannedCounts:
    """What the solve sums by holding class with the decisions made with the flop or the
    whole board seen taken by a plan's rules (the others as solved), for each option before
    the flop: the values and lines (``counts``), and what each rule's departures from the
    solved option lose (value) and how many deals they are, by (decision, rule, 0 value | 1
    deals) and class (``lost``: the departures at a decision priced with the later decisions
    as solved); the option each holding takes on each flop counted (``flop_choices``)."""

    counts: PreflopCounts
    lost: tuple[dict[LostKey, Counts], ...]
    flop_choices: dict[tuple[tuple[int, ...], int, Stake], npt.NDArray[np.int8]]


def play_planned(solution: BoardSolution, choice: Sequence[int] | npt.NDArray[np.int64]
                 ) -> BoardSolution:
    """The solution with the decision before the flop taken by holding class as ``choice``
    says and the later ones as the plan the solve was given takes them: its exact return,
    forward counts and choices (for the simulator)."""
    planned = solution.planned
    if planned is None:
        raise ValueError("the solve was given no rules for the flop or the river")
    found = count_forward(solution.game, planned.counts, np.asarray(choice, dtype=np.int64),
                     solution.cycle, solution.completions)
    return dataclasses.replace(solution, player_return=found.player_return,
                               played=found.played, folded=found.folded, lines=found.lines,
                               rows=found.rows, preflop=found.preflop,
                               flop_choices=planned.flop_choices)


@dataclass(frozen=True)
class PreflopCounts:
    """What the solve sums by holding class for each option of the decision made with the
    player's cards alone (one entry, ``decided`` False, when there is none): the value of
    the class's deals (integers in units of 1 / the scale of ``pays``; the later decisions
    taken optimally after that option) and the deals of each line of play."""

    pays: _Pays
    arrivals: tuple[tuple[Line, Stake | None], ...]      # each option's line and wagers after
    values: npt.NDArray[Any]                             # (option, class), Python integers
    lines: tuple[dict[Line, Counts], ...]                # by option: line -> (class, counts)
    sizes: npt.NDArray[np.int64]                         # the holdings of each class
    deals_of_class: npt.NDArray[np.int64]
    decided: bool


def count_forward(game: BoardGame, counted: PreflopCounts, choice: npt.NDArray[np.int64],
             cycle: int, completions: int) -> BoardSolution:
    """The solution when each holding class takes the option ``choice`` says before the
    flop: the return from the values, checked against every deal counted forward."""
    backward = 0
    deals_by_line: dict[Line, npt.NDArray[Any]] = {}
    for a, (line, arrival) in enumerate(counted.arrivals):
        taken = (choice == a) & (counted.sizes > 0)
        backward += sum(int(value) for value in counted.values[a][taken])
        if arrival is None:
            deals_by_line[line] = np.where(taken, counted.deals_of_class, 0)
            continue
        for key, counts in counted.lines[a].items():
            deals_by_line[key] = deals_by_line.get(key, 0) + counts[taken].sum(axis=0)
    return dataclasses.replace(
        _board_solution(game, counted.pays, deals_by_line, backward, cycle, completions),
        preflop=(tuple(int(o) if counted.sizes[k] else -1 for k, o in enumerate(choice))
                 if counted.decided else ()))


def play_preflop(solution: BoardSolution, choice: Sequence[int] | npt.NDArray[np.int64]
                 ) -> BoardSolution:
    """The solution with the decision made with the player's cards alone taken by holding
    class as ``choice`` says (169 options; a class not dealt is ignored), every later
    decision as solved given it: its exact return and forward counts."""
    counted = solution.preflop_counts
    if counted is None or not counted.decided:
        raise ValueError("the solve has no decision made with the player's cards alone")
    found = count_forward(solution.game, counted, np.asarray(choice, dtype=np.int64),
                     solution.cycle, solution.completions)
    return dataclasses.replace(solution, player_return=found.player_return,
                               played=found.played, folded=found.folded, lines=found.lines,
                               rows=found.rows, preflop=found.preflop)


def preflop_values(solution: BoardSolution) -> tuple[tuple[Fraction, ...], ...]:
    """For each option of the decision made with the player's cards alone, each holding
    class's share of the return per quote unit when the class takes it (the later
    decisions as solved): a strategy's return is the sum of its options' shares."""
    counted = solution.preflop_counts
    if counted is None:
        raise ValueError("the solve has no values by holding class")
    whole = solution.cycle * counted.pays.scale
    return tuple(tuple(Fraction(int(value), whole) for value in row)
                 for row in counted.values)


def line_text(game: BoardGame, line: Line) -> str:
    """A line of play in words: the options taken, in order."""
    return ", ".join(game.decisions[d].options[o].name for d, o in line) or "play"


def result_word(game: BoardGame, result: int) -> str:
    """A board kernel's result (``q * 3 + k``) in words; when the dealer does not qualify,
    the comparison is named only if a wager is settled by it then."""
    qualified, comparison = divmod(result, 3)
    word = RESULT_WORDS[RESULTS.index(COMPARED[comparison])]
    if qualified:
        return word
    return (f"{RESULT_WORDS[0]}, {word}" if any(settle.showdown for settle in game.settles)
            else RESULT_WORDS[0])


def row_name(game: BoardGame, line: Line, before: Stake, result: int = -1,
             outcome: str = "") -> str:
    """The return table's row of a line played to the showdown (its result and the player's
    outcome), or of a line ending in a fold (``result`` -1: the wagers in play lost)."""
    if result >= 0:
        return f"{line_text(game, line)}: {result_word(game, result)}, {outcome}"
    unit = game.start[game.wagers.index(game.unit)]
    return (f"{line_text(game, line)} at {game.decisions[line[-1][0]].name}, "
            f"{units_text(sum(before, Fraction(0)) / unit)} lost")


def river_options(game: BoardGame, paytable: PayTable, larger: bool, decision: Decision,
                  stake: Stake) -> tuple[Counts, list[int]]:
    """A decision made with the whole board seen: each option's nets by (class, result) with
    these wagers in play, as the board kernel takes them, and their tie order."""
    return StateSolver(game, pays_of(game, paytable), larger, 1).river_options(decision, stake)


def _board_solution(game: BoardGame, pays: _Pays, deals_by_line: dict[Line, npt.NDArray[Any]],
                    backward: int, cycle: int, completions: int) -> BoardSolution:
    """The forward count's rows, checked against the backward values and the cycle."""
    ended = {line: (before, after) for line, before, after in board_lines(game)}
    unit = game.start[game.wagers.index(game.unit)]
    names = (*(o.name for o in game.bet.outcomes), "no outcome")
    forward = deals = 0
    rows: dict[str, list[Any]] = {}
    folded: dict[str, int] = {}
    played: dict[tuple[str, str, str], int] = {}
    by_line: dict[str, int] = {}
    for line, counted in deals_by_line.items():
        before, after = ended[line]
        text = line_text(game, line)
        if after is None:
            total = int(np.sum(counted))
            entry = rows.setdefault(row_name(game, line, before), [
                Fraction(-pays.totals[before], pays.scale), 0, sum(before, Fraction(0)) / unit])
            entry[1] += total
            folded[text] = folded.get(text, 0) + total
            forward -= total * pays.totals[before]
            deals += total
            by_line[text] = by_line.get(text, 0) + total
            continue
        counts = np.asarray(counted, dtype=object).reshape(CLASSES, DECIDED_RESULTS)
        net = pays.nets[after]
        for c in range(CLASSES):
            for r in range(DECIDED_RESULTS):
                count = int(counts[c, r])
                if not count:
                    continue
                outcome = names[game.outcome_of_class[c]]
                entry = rows.setdefault(row_name(game, line, before, r, outcome), [
                    Fraction(int(net[c, r]), pays.scale), 0, sum(after, Fraction(0)) / unit])
                if entry[0] != Fraction(int(net[c, r]), pays.scale):
                    raise AssertionError(f"two nets in one row: {line}, {r}, {outcome}")
                entry[1] += count
                key = (text, result_word(game, r), outcome)
                played[key] = played.get(key, 0) + count
                forward += count * int(net[c, r])
                deals += count
                by_line[text] = by_line.get(text, 0) + count
    if deals != cycle or forward != backward:
        raise AssertionError(f"the forward count ({deals} deals, {forward}) does not match the "
                             f"solve ({cycle} deals, {backward})")
    folds = {row_name(game, line, before) for line, before, after in board_lines(game)
             if after is None}
    ordered = sorted(rows.items(), key=lambda item: item[0] in folds)       # folds last
    return BoardSolution(game, Fraction(backward, cycle * pays.scale), cycle, played, folded,
                         by_line, tuple((name, net, count, total)
                                        for name, (net, count, total) in ordered), completions)


_ERRORS = TomlErrors(BetFileError, unreadable="Cannot read the file {path!r}: {reason}.",
                     invalid="{name}: not valid TOML: {error}.",
                     too_deep="{name}: its tables or arrays nest too deeply to read.")


def _toml(path: Path) -> dict[str, Any]:
    return read_toml(path, _ERRORS)


def shared_board(path: Path) -> bool:
    """Whether a game file's ``[dealer]`` shares a board with the player (``board = [...]``);
    False when it cannot be read (the game-file reader then says why)."""
    try:
        return has_shared_board(_toml(path))
    except BetFileError:
        return False


def read_board_file(path: Path) -> BoardGame:
    """Read and check a game file with a shared board."""
    data = _toml(path)
    if not has_shared_board(data):
        raise _fail(path, "[dealer] has no board = [...]: not a game with a shared board.")
    return read_board_game(path, data, read_text(path, _ERRORS))


def solve_board_file(path: str | Path, ranks: Sequence[int] | None = None) -> BoardSolution:
    """Read a game file with a shared board and solve it at its default pay table."""
    return solve_board_game(read_board_file(Path(path).expanduser()), ranks=ranks)
