"""A dealer's card face up (``[dealer] up = 1``): the player decides on his hand and that card.

The player's decision state is his whole hand and the dealer's card face up (not a set of cards
seen: the up card is the dealer's). For each state, each option's value sums, over the
dealer's hidden cards, each wager's pay; the dealer's hidden cards are counted by result with
:func:`edge.decisions._upcard.upcard_counts` (the dealer's hands holding the up card and none of
the player's cards, by inclusion and exclusion over the player's cards), for one player's hand
of each class up to a renaming of suits, with every card face up.

The cycle counts the player's hand as a set, the up card, and the dealer's hidden cards as a
set: C(52, n) (52 - n) C(51 - n, d - 1) deals (Caribbean Stud: 19,933,230,517,200). One
decision is made, with the hand and the up card seen; the forward counts (each state's chosen
option, its hidden hands by result) must sum to the cycle and give back the return of the
values (checked on every solve).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from edge.bets.compile import Condition, Deals, Rules
from edge.bets.layout import Place
from edge.decisions._upcard import upcard_counts
from edge.decisions.dealer import Dealer, word_values
from edge.decisions.solve import (
    DECK,
    MOST_VALUE,
    Counted,
    Problem,
    Solution,
    all_sets,
    set_index,
    tie_rank,
)
from edge.errors import EdgeError

if TYPE_CHECKING:
    from edge.decisions.file import GameFile

IntArray = npt.NDArray[np.int64]
UPCARD_SOLVED = (
    "The player's strategy is solved exactly from the game file, with the dealer's card face "
    "up: each decision state is the player's whole hand and the dealer's up card (one hand of "
    "each class up to a renaming of suits, with each card face up). For every state, every "
    "set of the dealer's hidden cards is counted by the showdown's result (the dealer does not "
    "qualify, the player wins, a tie, the dealer wins): every hand the dealer can hold is given "
    "its strength and whether it qualifies once, and the hands holding the up card and none of "
    "the player's cards are counted by inclusion and exclusion over the player's cards, in "
    "sorted lists of the strengths of the hands holding each set of cards (a compiled kernel). "
    "Each option's value is then an exact integer sum over those hands, each wager paid apart "
    "as the file's [settle] says; the option of the highest value is taken, and the return "
    "table counts every deal under the chosen options (docs/games-from-files.md).")
UPCARD_CHECK = ("the number of deals (the player's hand, the dealer's up card, the dealer's "
                "hidden cards as a set), computed apart from the solve: every state's hidden "
                "hands and the deals counted under the chosen strategy must sum to it; and the "
                "return of the chosen values equal to the one counted from the table's rows")
# the dealer's keys are 16-bit: 0 (does not qualify), then 1 + a dense strength
MOST_STRENGTHS = (1 << 16) - 2


def deck_sets(deck: int, k: int) -> IntArray:
    """Every k-card set of a deck of the cards 0 .. deck - 1, by colex index (a prefix of the
    full deck's sets: a set's colex index is below C(deck, k) when its cards are)."""
    return all_sets(k)[:math.comb(deck, k)]


def suit_classes_of(sets: IntArray) -> tuple[IntArray, IntArray, IntArray]:
    """The sets up to a renaming of suits (a card's suit is its number mod 4, its rank the
    rest): one member of each class (row index), each set's class, each class's size."""
    masks = np.zeros((len(sets), 4), dtype=np.int64)
    for column in range(sets.shape[1]):
        np.add.at(masks, (np.arange(len(sets)), sets[:, column] & 3),
                  np.left_shift(1, sets[:, column] >> 2))
    masks.sort(axis=1)
    key = masks[:, 0] | masks[:, 1] << 13 | masks[:, 2] << 26 | masks[:, 3] << 39
    _, members, classes, sizes = np.unique(key, return_index=True, return_inverse=True,
                                           return_counts=True)
    return (np.asarray(members, dtype=np.int64), np.asarray(classes, dtype=np.int64).ravel(),
            np.asarray(sizes, dtype=np.int64))


def upcard_showdown(dealer: Dealer, places: tuple[Place, ...], rules: Rules,
                    outcome_conditions: list[Condition], deck: int = DECK
                    ) -> tuple[IntArray, IntArray, IntArray]:
    """For one player's hand of each class: its outcome index (``len(outcomes)``: none), its
    class size, and ``counts[i, j, r]``, the dealer's hidden hands by result r (``RESULTS``)
    with the j-th card not in the hand face up. ``deck``: the top ``deck`` cards of the 52
    (a smaller deck, for tests; a whole number of ranks)."""
    mine = tuple(p for p in places if p.name != dealer.place)
    n = sum(p.cards for p in mine)
    d = dealer.cards
    offset = DECK - deck
    if offset % 4 or not n + d <= deck <= DECK:
        raise EdgeError(f"A deck of {deck} cards: the top ranks of the 52, in all four suits, "
                        f"with {n + d} cards or more.")
    players, hands = deck_sets(deck, n), deck_sets(deck, d)
    real_players, real_hands = Deals(players + offset), Deals(hands + offset)
    ours = word_values(dealer.player_side, mine, real_players, rules, False)
    theirs = (Place(dealer.place, d),)
    strength = word_values(dealer.dealer_side, theirs, real_hands, rules, False)
    qualifies = word_values(dealer.qualify_node, theirs, real_hands, rules, True) > 0
    values = np.unique(np.concatenate([ours, strength]))
    if len(values) > MOST_STRENGTHS:
        raise EdgeError(f"The hands have {len(values):,} strengths; a dealer's card face up "
                        f"is counted for at most {MOST_STRENGTHS:,}.")
    player_keys = np.searchsorted(values, ours).astype(np.int64) + 1
    dealer_keys = np.where(qualifies, np.searchsorted(values, strength) + 1, 0)
    tests = [condition.test(real_players) for condition in outcome_conditions]
    outcome = np.asarray(np.select(tests, np.arange(len(tests)), len(tests)), dtype=np.int64)
    members, _, sizes = suit_classes_of(players + offset)
    counts = upcard_counts(deck, d, np.ascontiguousarray(dealer_keys, dtype=np.uint16),
                           np.argsort(dealer_keys, kind="stable").astype(np.int64),
                           np.ascontiguousarray(players[members]),
                           np.ascontiguousarray(player_keys[members]))
    if not (counts.sum(axis=2) == math.comb(deck - n - 1, d - 1)).all():
        raise AssertionError("the dealer's hidden hands do not add up for every state")
    return outcome[members], sizes, np.asarray(counts, dtype=np.int64)


@dataclass(frozen=True)
class UpcardValues:
    """Every state's value under each option, exact integers: the value of option ``i`` at
    state [class, j] is ``values[i][class, j] / (scale * hidden)`` per quote unit; each
    wager's net per result and outcome by option, and the deals of the cycle."""

    values: tuple[IntArray, ...]
    nets: dict[int, list[list[Fraction]]]
    stakes: dict[int, tuple[Fraction, ...]]
    scale: int
    hidden: int
    cycle: int
    total: Fraction


def option_values(problem: Problem, outcome: IntArray, counts: IntArray,
                  deck: int = DECK) -> UpcardValues:
    """Each option's value at every state (the player's hand class and the up card), from
    the dealer's hidden hands by result (:func:`upcard_showdown`)."""
    settlement = problem.settlement
    if settlement is None or len(problem.decisions) != 1:
        raise EdgeError("A dealer's card face up is solved for one decision, made on the "
                        "player's whole hand and that card.")
    decision = problem.decisions[0]
    outcomes = len(problem.pays)
    results = settlement.results
    start = problem.start
    total = sum(start, Fraction(0))
    n = problem.cards
    hidden = math.comb(deck - n - 1, settlement.hidden - 1)
    cycle = math.comb(deck, n) * (deck - n) * hidden
    stakes_of: dict[int, tuple[Fraction, ...]] = {}
    for i, option in enumerate(decision.options):
        if not option.fold:
            stakes_of[i] = tuple(option.amount if option.wager == w else amount
                                 for w, amount in enumerate(start))
    nets = {i: [[settlement.net(r * outcomes + p, stakes) for p in range(outcomes)]
                for r in range(results)] for i, stakes in stakes_of.items()}
    scale = math.lcm(*(x.denominator for rows in nets.values() for row in rows for x in row),
                     total.denominator)
    most = max([abs(x) for rows in nets.values() for row in rows for x in row] + [total])
    # a state's value is at most most * scale * hidden; a class's sum over the up cards
    # (deck - n of them) is kept in 64 bits, the sum over the classes in Python's integers
    if most * scale * hidden * (deck - n) >= MOST_VALUE:
        raise EdgeError("The pays and wagers are too large for an exact solve in 64-bit "
                        "integers.")
    values = []
    for i, option in enumerate(decision.options):
        if option.fold:
            value = np.full(counts.shape[:2], -int(total * scale) * hidden, dtype=np.int64)
        else:
            value = np.zeros(counts.shape[:2], dtype=np.int64)
            for r in range(results):
                pay = np.array([int(net * scale) for net in nets[i][r]], dtype=np.int64)
                value += counts[:, :, r] * pay[outcome][:, None]
        values.append(value)
    return UpcardValues(tuple(values), nets, stakes_of, scale, hidden, cycle, total)


def values_return(values: UpcardValues, chosen: npt.NDArray[np.integer[Any]],
                  sizes: IntArray, where: npt.NDArray[np.bool_] | None = None) -> Fraction:
    """The return per quote unit of playing ``chosen`` (the states ``where`` only, if given:
    their share of the whole return)."""
    picked = np.choose(chosen.astype(np.int64), values.values)
    if where is not None:
        picked = np.where(where, picked, 0)
    return Fraction(sum(value * size for value, size in zip(
        picked.sum(axis=1).tolist(), sizes.tolist(), strict=True)),
        values.cycle * values.scale)


def solve_upcard(problem: Problem, outcome: IntArray, sizes: IntArray, counts: IntArray,
                 deck: int = DECK) -> Solution:
    """The exact optimal strategy of one decision made on the player's hand and the dealer's
    card face up, its return per quote unit and the counts of every result (see the module).
    ``problem.settlement`` gives the nets; ``outcome``, ``sizes``, ``counts``:
    :func:`upcard_showdown`."""
    values = option_values(problem, outcome, counts, deck)
    decision = problem.decisions[0]
    order = sorted(range(len(decision.options)), key=lambda i: tie_rank(problem,
                                                                      decision.options[i]))
    best: IntArray | None = None
    chosen = np.zeros(counts.shape[:2], dtype=np.int8)
    for i in order:
        value = values.values[i]
        if best is None:
            best, chosen[:] = value.copy(), i
            continue
        better = value >= best if problem.larger_on_ties else value > best
        best[better] = value[better]
        chosen[better] = i
    assert best is not None
    player_return = Fraction(sum(value * size for value, size in zip(
        best.sum(axis=1).tolist(), sizes.tolist(), strict=True)),
        values.cycle * values.scale)
    counted = count_upcard(problem, outcome, sizes, counts, chosen, values)
    solution = Solution(problem, player_return, counted.cycle, counted.settled,
                        counted.folded, (chosen,), ((values.total,),), counted.lines,
                        counted.nets)
    _check(solution, values.total)
    return solution


def count_upcard(problem: Problem, outcome: IntArray, sizes: IntArray, counts: IntArray,
                 chosen: npt.NDArray[np.integer[Any]], values: UpcardValues) -> Counted:
    """Every deal counted forward under ``chosen`` (the option at every state): the deals of
    each result and fold by total in play, of each line of play, and arriving at each
    state (any strategy's exact table)."""
    decision = problem.decisions[0]
    outcomes = len(problem.pays)
    assert problem.settlement is not None
    results = problem.settlement.results
    total, hidden = values.total, values.hidden
    settled: dict[tuple[int, Fraction], int] = {}
    folded: dict[tuple[int, Fraction], int] = {}
    lines: dict[tuple[int, ...], int] = {}
    row_nets: dict[tuple[int, Fraction], Fraction] = {}
    for i, option in enumerate(decision.options):
        taken = chosen == i
        if option.fold:
            deals = int((taken.sum(axis=1) * sizes).sum()) * hidden
            if deals:
                folded[(0, total)] = deals
                lines[(i,)] = deals
            continue
        in_play = sum(values.stakes[i], Fraction(0))
        ways = np.where(taken[:, :, None], counts, 0).sum(axis=1) * sizes[:, None]
        line = 0
        for p in range(outcomes):
            of = ways[outcome == p].sum(axis=0)
            for r in range(results):
                if of[r]:
                    settled[(r * outcomes + p, in_play)] = int(of[r])
                    row_nets[(r * outcomes + p, in_play)] = values.nets[i][r][p]
                    line += int(of[r])
        if line:
            lines[(i,)] = line
    arrivals = np.broadcast_to(sizes[:, None] * hidden, chosen.shape)
    return Counted(problem, values.cycle, settled, folded, lines, (arrivals,), row_nets)


def _check(solution: Solution, total: Fraction) -> None:
    """The forward counts hold every deal once and give back the values' return."""
    deals = sum(solution.settled.values()) + sum(solution.folded.values())
    if deals != solution.cycle:
        raise AssertionError(f"the counted deals sum to {deals}, not {solution.cycle}")
    found = (sum((solution.nets[key] * d for key, d in solution.settled.items()), Fraction(0))
             - sum((total * d for d in solution.folded.values()), Fraction(0)))
    if found != solution.player_return * solution.cycle:
        raise AssertionError("the counts and the values give different returns")


# the states of the last file solved (the file itself kept, so that its id is never reused)
_STATES: dict[int, tuple[GameFile, tuple[IntArray, IntArray, IntArray]]] = {}


def file_states(file: GameFile) -> tuple[IntArray, IntArray, IntArray]:
    """The states of a game file with a dealer's card face up (:func:`upcard_showdown`),
    counted once per file."""
    assert file.dealer is not None
    if id(file) not in _STATES or _STATES[id(file)][0] is not file:
        _STATES.clear()
        _STATES[id(file)] = (file, upcard_showdown(
            file.dealer, file.bet.layout.places, file.bet.rules,
            [outcome.condition for outcome in file.bet.outcomes]))
    return _STATES[id(file)][1]


def solve_file_upcard(file: GameFile, problem: Problem) -> Solution:
    """The solve of a game file with a dealer's card face up (the states counted once per
    file, then solved for each pay table)."""
    return solve_upcard(problem, *file_states(file))


@functools.lru_cache(maxsize=2)
def upcard_hands(deck: int, n: int) -> tuple[IntArray, IntArray]:
    """The player's hand of each class, cards increasing (numbered as in the whole deck), in
    the order of the states of :func:`upcard_showdown` (the top ``deck`` cards); and each
    class's size."""
    offset = DECK - deck
    players = deck_sets(deck, n) + offset
    members, _, sizes = suit_classes_of(players)
    return np.ascontiguousarray(players[members]), sizes


def up_cards(hands: IntArray, deck: int = DECK) -> IntArray:
    """The dealer's card face up at every state: ``[class, j]``, the j-th card of the top
    ``deck`` not in the class's hand."""
    offset = DECK - deck
    cards = np.arange(offset, DECK, dtype=np.int64)
    free = ~(cards[None, :, None] == hands[:, None, :]).any(axis=2)
    return np.asarray(np.broadcast_to(cards, free.shape)[free].reshape(
        len(hands), deck - hands.shape[1]), dtype=np.int64)


def upcard_deals(file: GameFile, cycle: int) -> str:
    """The deals counted, in words (a note of the return table)."""
    assert file.dealer is not None
    cards, hidden = file.bet.layout.cards, file.dealer.cards - 1
    return (f"Every deal from one deck: the player's {cards} cards as a set, the dealer's card "
            f"face up, and the dealer's {hidden} hidden cards as a set: C(52, {cards}) x "
            f"{DECK - cards} x C({DECK - cards - 1}, {hidden}) = {cycle:,} deals, each equally "
            "likely. The player decides on his cards and the dealer's card face up.")


@functools.lru_cache(maxsize=1)
def _hand_classes(n: int) -> tuple[IntArray, IntArray]:
    """The n-card sets of the whole deck up to suits: members (colex) and each set's class."""
    members, classes, _ = suit_classes_of(all_sets(n))
    return members, classes


def _suit_order(sets: IntArray) -> npt.NDArray[np.intp]:
    """Each set's four suits ordered by their rank masks (equal masks in suit order)."""
    masks = np.zeros((len(sets), 4), dtype=np.int64)
    for column in range(sets.shape[1]):
        np.add.at(masks, (np.arange(len(sets)), sets[:, column] & 3),
                  np.left_shift(1, sets[:, column] >> 2))
    return np.argsort(masks, axis=1, kind="stable")


def upcard_picks(chosen: npt.NDArray[np.integer[Any]], players: IntArray,
                 up: IntArray) -> IntArray:
    """The option chosen for each player's hand (rows of cards increasing, whole deck) with
    the dealer's card ``up`` face up: the hand's class, and the up card renamed by the suits
    that take the hand to its class's member (equal masks: either renaming gives a state
    alike)."""
    members, classes = _hand_classes(players.shape[1])
    member = all_sets(players.shape[1])[members[classes[set_index(players)]]]
    rows = np.arange(len(players))
    renamed = np.zeros((len(players), 4), dtype=np.int64)
    mine, theirs = _suit_order(players), _suit_order(member)
    for i in range(4):
        renamed[rows, mine[:, i]] = theirs[:, i]
    card = (up >> 2) * 4 + renamed[rows, up & 3]
    j = card - (member < card[:, None]).sum(axis=1)
    return np.asarray(chosen[classes[set_index(players)], j], dtype=np.int64)
