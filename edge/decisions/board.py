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
from typing import Any

import numpy as np
import numpy.typing as npt

from edge import _core
from edge.bets.compile import Deals
from edge.bets.file import LEAST_PAY, BetFile, BetFileError, read_bet_file
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
from edge.decisions.solve import Decision
from edge.errors import CardError
from edge.files import TomlErrors, read_toml
from edge.games import EXHAUSTIVE_ENUMERATION, Bet, Game, Rules, Wager
from edge.options import option as rules_option
from edge.options import options_dict
from edge.paytables import PayTable
from edge.table import ReturnTable, Row

HOLDING = 2
FLOP, LATER = 3, 2
CLASSES = 10
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
    decision: Decision
    settles: tuple[Settle, ...]
    weakest: int                       # the strength of the weakest qualifying best five
    outcome_of_class: tuple[int, ...]  # each class's outcome (len(outcomes): none met)

    @property
    def outcomes(self) -> tuple[str, ...]:
        """The outcomes' names, then ``other``."""
        return (*(outcome.name for outcome in self.bet.outcomes), OTHER)


@dataclass(frozen=True)
class BoardSolution:
    """The solve: the return per quote unit, the deals by (option, result, outcome) for the
    options played and by option for a fold, and the states by option chosen."""

    game: BoardGame
    player_return: Fraction
    cycle: int
    # (option, showdown result, outcome) -> deals, for each option played
    played: dict[tuple[str, str, str], int]
    folded: dict[str, int]                   # each fold option -> deals
    states: dict[str, int]                   # each option -> the states that take it
    # the return table's rows: name, net per quote unit, deals, total in play
    rows: tuple[tuple[str, Fraction, int, Fraction], ...] = ()
    completions: int = 1                     # the deals that follow each state


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


def read_board_game(path: Path, data: dict[str, Any]) -> BoardGame:
    """Read and check a game file whose dealer shares a board with the player (``data``: its
    TOML, already read)."""
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
    settles = read_settle(data, "", wagers, path)
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
    decisions = read_decisions(data, wagers, HOLDING + FLOP + LATER, path)
    if len(decisions) != 1 or decisions[0].seen != HOLDING + FLOP:
        raise _fail(path, f"a shared board is solved with one decision, made when the "
                          f"player's {HOLDING} cards and the {FLOP} of {board[0]} are seen "
                          f"(seen = {HOLDING + FLOP}).")
    return BoardGame(bet, wagers, start, unit, larger, decisions[0], settles,
                     int(_core.evaluate_cards(list(weakest_cards))),
                     _outcome_of_class(bet))


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


def _flop_classes(deck: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
    """One flop of each class under a renaming of suits, with how many flops it stands for
    (a class: the four suits' rank masks, sorted)."""
    classes: dict[tuple[int, ...], list[Any]] = {}
    for flop in itertools.combinations(deck, FLOP):
        masks = [0, 0, 0, 0]
        for card in flop:
            masks[card & 3] |= 1 << (card >> 2)
        key = tuple(sorted(masks))
        entry = classes.setdefault(key, [flop, 0])
        entry[1] += 1
    return [(tuple(flop), weight) for flop, weight in classes.values()]


def solve_board_game(game: BoardGame, paytable: PayTable | None = None,
                     larger_on_ties: bool | None = None, ranks: Sequence[int] | None = None,
                     progress: Callable[[int], None] | None = None) -> BoardSolution:
    """The exact optimal strategy and return (a tie between options to the larger total
    wager unless ``larger_on_ties`` is False; the file's rule when None. ``ranks``, for
    tests: a deck of those ranks only, in four suits; ``progress`` is told of each flop class
    counted, by the flops it stands for)."""
    from edge.bets import _showdown

    table = paytable or game.bet.presets[game.bet.default_paytable]
    outcomes = game.outcomes
    nets = wager_pays(game.settles, game.wagers, outcomes[:-1], table, np.zeros(0, np.int64),
                      1, 0).nets
    unit = game.start[game.wagers.index(game.unit)]
    options = game.decision.options
    stakes = []
    for option in options:
        stakes.append(None if option.fold else tuple(
            option.amount if option.wager == w else amount
            for w, amount in enumerate(game.start)))
    # each option's net per (class, result), in quote units; fold: the stakes at the start
    scale = math.lcm(*(Fraction(x).denominator for wager in nets for row in wager for x in row),
                     *(Fraction(x / unit).denominator for s in stakes if s for x in s),
                     Fraction(sum(game.start) / unit).denominator)
    matrices: list[npt.NDArray[np.int64] | None] = []
    for stake in stakes:
        if stake is None:
            matrices.append(None)
            continue
        matrix = np.zeros((CLASSES, len(RESULTS)), dtype=np.int64)
        for c in range(CLASSES):
            for r in range(len(RESULTS)):
                net = sum((amount / unit * nets[w][r][game.outcome_of_class[c]]
                           for w, amount in enumerate(stake)), Fraction(0))
                matrix[c, r] = int(net * scale)
        matrices.append(matrix)
    fold_net = -int(sum(game.start) / unit * scale)
    order = sorted(range(len(options)), key=lambda o: (
        Fraction(0) if stakes[o] is None else sum(stakes[o] or ()), o),
        # a tie goes to the first in this order
        reverse=game.larger_on_ties if larger_on_ties is None else larger_on_ties)

    deck = [rank * 4 + suit for rank in (range(13) if ranks is None else sorted(ranks))
            for suit in range(4)]
    n = len(deck)
    completions = math.comb(n - HOLDING - FLOP, LATER) * math.comb(n - HOLDING - FLOP - LATER,
                                                                   HOLDING)
    cycle = math.comb(n, FLOP) * math.comb(n - FLOP, HOLDING) * completions
    played = np.zeros((len(options), CLASSES, len(RESULTS)), dtype=object)
    folded = [0] * len(options)
    chosen_states = [0] * len(options)
    backward = 0
    upper = np.triu(np.ones((52, 52), dtype=np.bool_), 1)
    for flop, weight in _flop_classes(deck):
        counts = _showdown.split_counts(list(flop), game.weakest, ranks)
        left = [card for card in deck if card not in flop]
        mask = np.zeros((52, 52), dtype=np.bool_)
        mask[np.ix_(left, left)] = True
        cells = counts[mask & upper]                         # (holdings, classes, results)
        if not (cells.sum(axis=(1, 2)) == completions).all():
            raise AssertionError(f"the board kernel's counts for the flop {flop} do not add "
                                 "up for every holding")
        values = np.stack([np.full(len(cells), fold_net * completions, dtype=np.int64)
                           if matrix is None else (cells * matrix).sum(axis=(1, 2))
                           for matrix in matrices])
        best = values.max(axis=0)
        choice = np.full(len(cells), -1, dtype=np.int64)
        for o in reversed(order):               # the first in ``order`` among the best wins
            choice[values[o] == best] = o
        backward += weight * int(best.sum(dtype=object))
        for o in range(len(options)):
            taken = choice == o
            chosen_states[o] += weight * int(taken.sum())
            if matrices[o] is None:
                folded[o] += weight * int(taken.sum()) * completions
            else:
                played[o] += weight * cells[taken].sum(axis=0).astype(object)
        if progress is not None:
            progress(weight)
    forward = sum(folded) * fold_net + sum(
        int((played[o] * matrices[o]).sum()) for o in range(len(options))
        if matrices[o] is not None)
    deals = sum(folded) + sum(int(played[o].sum()) for o in range(len(options)))
    if deals != cycle or forward != backward:
        raise AssertionError(f"the forward count ({deals} deals, {forward}) does not match the "
                             f"solve ({cycle} deals, {backward})")
    names = (*(o.name for o in game.bet.outcomes), "no outcome")
    played_by: dict[tuple[str, str, str], int] = {}
    row_of: dict[tuple[str, str, str], tuple[Fraction, Fraction]] = {}
    rows: list[tuple[str, Fraction, int, Fraction]] = []
    for o, option in enumerate(options):
        stake, made = stakes[o], matrices[o]
        if stake is None or made is None:
            rows.append((f"{option.name} at {game.decision.name}, "
                         f"{units_text(sum(game.start) / unit)} lost",
                         Fraction(fold_net, scale), folded[o], sum(game.start) / unit))
            continue
        for r in range(len(RESULTS)):
            for c in range(CLASSES):
                if played[o][c, r]:
                    key = (option.name, RESULT_WORDS[r], names[game.outcome_of_class[c]])
                    row_of[key] = (Fraction(int(made[c, r]), scale), sum(stake) / unit)
                    played_by[key] = played_by.get(key, 0) + int(played[o][c, r])
    rows[:0] = [(f"{key[0]}: {key[1]}, {key[2]}", net, played_by[key], total)
                for key, (net, total) in row_of.items()]
    return BoardSolution(game, Fraction(backward, cycle * scale), cycle, played_by,
                         {option.name: folded[o] for o, option in enumerate(options)
                          if matrices[o] is None},
                         {option.name: chosen_states[o] for o, option in enumerate(options)},
                         tuple(rows), completions)


def _toml(path: Path) -> dict[str, Any]:
    errors = TomlErrors(BetFileError, unreadable="Cannot read the file {path!r}: {reason}.",
                        invalid="{name}: not valid TOML: {error}.",
                        too_deep="{name}: its tables or arrays nest too deeply to read.")
    return read_toml(path, errors)


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
    return read_board_game(path, data)


def solve_board_file(path: str | Path, ranks: Sequence[int] | None = None) -> BoardSolution:
    """Read a game file with a shared board and solve it at its default pay table."""
    return solve_board_game(read_board_file(Path(path).expanduser()), ranks=ranks)


SOLVED_ON_BOARD = (
    "The player's strategy is solved exactly from the game file: for each state (the "
    "player's cards and the board seen) the board kernel counts every completion of the "
    "board and every dealer's hand from the cards left by the player's final hand and the "
    "showdown's result (each holding against every other by inclusion and exclusion over the "
    "cards they share), one flop of each class under a renaming of suits weighted by the "
    "flops it stands for; the decision takes the option of the highest value as an exact "
    "integer sum, and the return table counts every deal under the chosen options "
    "(docs/games-from-files.md).")
BOARD_CHECK = ("the number of deals, computed apart from the solve (the deals counted under "
               "the chosen strategy must sum to it), and the return found from the states' "
               "values equal to the one counted forward")


def make_board_game(game: BoardGame) -> Game[Any]:
    """The :class:`Game` of a game file with a shared board: its exact return table (the
    strategy report and the simulator are not made for this shape yet)."""
    bet = game.bet
    solved: dict[tuple[object, ...], BoardSolution] = {}
    # one deck, the solved strategy only (no strategy file is played on this shape), ties
    rules = dataclasses.make_dataclass(
        "".join(part.title() for part in bet.name.split("-")) + "Rules",
        [("decks", int, rules_option(1, "decks (one: the game is solved for one deck)",
                                     minimum=1, maximum=1)),
         ("strategy", str, rules_option("optimal", "the player's strategy: the optimal one, "
                                        "solved exactly from the file", choices=("optimal",))),
         ("ties", str, rules_option("larger" if game.larger_on_ties else "smaller",
                                    "which option a tie between options of equal value goes "
                                    "to: the larger or the smaller total wager",
                                    choices=("larger", "smaller")))],
        bases=(Rules,), frozen=True)

    def analyze(wager: Wager[Rules]) -> ReturnTable:
        table = wager.paytable or bet.presets[bet.default_paytable]
        larger = getattr(wager.rules, "ties", "larger") == "larger"
        key = (table.pays, larger)
        if key not in solved:
            solved[key] = solve_board_game(game, table, larger)
        solution = solved[key]
        rows = tuple(Row(row, net, deals, total) for row, net, deals, total in solution.rows)
        dealt = (f"Every deal from one deck: the player's {HOLDING} cards and the {FLOP} "
                 f"board cards seen before the decision as sets, the {LATER} board cards "
                 f"after it and the dealer's {HOLDING} as sets: {solution.cycle:,} deals, "
                 "each equally likely.")
        return ReturnTable(bet.name, bet.name, rows, table, options_dict(wager.rules),
                           decisions=tuple((choice, states * solution.completions)
                                           for choice, states in solution.states.items()),
                           notes=(dealt,
                                  "The player's strategy is solved exactly: the decision "
                                  "takes the option of the highest expected return given "
                                  "the cards seen (a tie goes to the "
                                  f"{'larger' if larger else 'smaller'} total wager).",
                                  "Each wager in play is paid apart, by the showdown's "
                                  "result and the player's hand as [settle] says; a row's "
                                  "net is their sum. Figures are per "
                                  f"{game.unit} (1 unit)."),
                           title=bet.title, basis=game.unit,
                           initial_stake=sum(game.start, Fraction(0))
                           / game.start[game.wagers.index(game.unit)])

    source = bet.source or f"the game file {bet.path.name} (no source stated)"
    outcomes = hand_pay_names(game.settles, game.wagers,
                              tuple(outcome.name for outcome in bet.outcomes))
    main = Bet(bet.name, bet.description.rstrip(".") or bet.title, analyze, outcomes,
               bet.presets, bet.default_paytable, least_pay=LEAST_PAY)
    return Game(name=bet.name, title=bet.title, rules=rules, bets=(main,), source=source,
                invoked_as=str(bet.path), checks=(BOARD_CHECK,),
                method=(EXHAUSTIVE_ENUMERATION, SOLVED_ON_BOARD))
