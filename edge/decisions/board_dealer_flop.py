"""Game protection for a game file with a shared board: one of the dealer's two cards and one
of the flop's cards seen before the decision made with the player's cards (E. Jacobson's "One
Dealer Card, One Flop Card"; Ultimate Texas Hold'em's ``seen=dealer-1,flop-1``)::

    [protection.dealer-1-flop-1]
    dealer = 1        # one of the dealer's two cards, kept in view
    board = 1         # and one of the flop's cards, seen before the decision on two cards

Once the flop is dealt the player knows what he knows with the dealer's card alone seen
(:mod:`.board_dealer`), so the values that solve counts per (holding, dealer's card d, flop)
are the same here. Only the first decision changes: it is taken per (holding, d, seen flop card
f), one class of them under a renaming of suits (:class:`DealerFlopClasses`), its value the sum
of the flop-level values over every flop holding f. Each flop's (holding, d) states are added
to three classes, one for each of its cards as the one seen: each deal is counted once for each
of the dealer's two cards and each of the flop's three as the ones seen, six times the game's
cycle (as edge's own Ultimate Texas Hold'em counts ``dealer-1,flop-1``).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Sequence

import numpy as np

from edge.decisions import board_dealer
from edge.decisions.board import FLOP, HOLDING, LATER, BoardGame, BoardSolution, Counts
from edge.decisions.board_seen import SeenChoices, state_choices
from edge.paytables import PayTable
from edge.protection import Scenario


class DealerFlopClasses:
    """The states of the decision made with the player's cards: (holding, dealer's card seen,
    flop card seen) classes under a renaming of suits, over a deck of whole ranks (positions
    ``rank * 4 + suit``)."""

    ways = FLOP             # each (holding, dealer's card, flop): once for each flop card

    def __init__(self, deck: Sequence[int]) -> None:
        n = len(deck)
        pairs = np.array(list(itertools.combinations(range(n), HOLDING)), dtype=np.int64)
        cards = np.arange(n)
        least = np.full((len(pairs), n, n), np.iinfo(np.int64).max, dtype=np.int64)
        for renaming in itertools.permutations(range(4)):
            rename = (cards & ~3) | np.array(renaming)[cards & 3]
            held = np.sort(rename[pairs], axis=1)
            code = ((held[:, 0] * n + held[:, 1]) * n)[:, None] + rename[None, :]
            np.minimum(least, code[:, :, None] * n + rename[None, None, :], out=least)
        # a state's three cards apart: d and f off the holding, and not one card
        apart = ((pairs[:, :, None] != cards).all(axis=1)[:, :, None]
                 & (pairs[:, :, None] != cards).all(axis=1)[:, None, :]
                 & (cards[:, None] != cards[None, :])[None])
        codes, classes = np.unique(np.where(apart, least, -1), return_inverse=True)
        self.n = n
        self.count = len(codes)             # the states with cards in common: one unused
        self.table = classes.reshape(len(pairs), n, n)

    def with_flop(self, holdings: Counts, seen: Counts, flop: Counts) -> Counts:
        """The states of each (holding, dealer's card) with this flop (deck positions, the
        holdings in increasing order): one column for each of the flop's cards as the one
        seen."""
        low, high = holdings[:, 0], holdings[:, 1]
        index = low * (2 * self.n - low - 1) // 2 + high - low - 1
        return np.asarray(self.table[index[:, None], seen[:, None], np.asarray(flop)[None, :]],
                          dtype=np.int64)


def solve_dealer_flop_seen(game: BoardGame, paytable: PayTable | None = None,
                           larger_on_ties: bool | None = None,
                           ranks: Sequence[int] | None = None,
                           progress: Callable[[int], None] | None = None) -> BoardSolution:
    """The exact optimal play when one of the dealer's two cards (kept in view) and one of the
    flop's cards are seen before the decision made with the player's cards (``ranks``, for
    tests: a deck of those ranks only; ``progress`` as for
    :func:`~.board_dealer.solve_dealer_seen`, whose solve this is with these states)."""
    solve = functools.partial(board_dealer.solve_dealer_seen, seen_states=DealerFlopClasses)
    if ranks is not None:       # else left to solve_dealer_seen (a test's deck given to it)
        solve = functools.partial(solve, ranks=ranks)
    return solve(game, paytable, larger_on_ties, progress=progress)


class DealerLaterClasses(DealerFlopClasses):
    """The states of the decision made with the player's cards when one of the dealer's cards
    and one of the later board place's cards are seen before it: (holding, dealer's card,
    later card) classes, as :class:`DealerFlopClasses`. With a board of four seen at the
    flop's decisions, each (holding, dealer's card, four cards) is counted once for each of
    the four as the later one seen."""

    ways = FLOP + 1


def solve_dealer_later_seen(game: BoardGame, paytable: PayTable | None = None,
                            larger_on_ties: bool | None = None,
                            ranks: Sequence[int] | None = None,
                            progress: Callable[[int], None] | None = None) -> BoardSolution:
    """The exact optimal play when one of the dealer's two cards (kept in view) and one of the
    later board place's cards (the turn and river) are seen before the decision made with the
    player's cards (E. Jacobson's "One Dealer Card, One Turn/River Card"): the dealer-card
    solve with the board's first four cards seen at the flop's decisions, each deal counted
    once for each of the dealer's two cards and each of the two later cards as the ones seen
    (``ranks``, ``progress`` as for :func:`~.board_dealer.solve_dealer_seen`)."""
    solve = functools.partial(board_dealer.solve_dealer_seen, seen_states=DealerLaterClasses,
                              seen_board=FLOP + 1)
    if ranks is not None:
        solve = functools.partial(solve, ranks=ranks)
    return solve(game, paytable, larger_on_ties, progress=progress)


def dealer_flop_choices(exposed: BoardSolution, dealt: BoardSolution, later: bool = False
                        ) -> SeenChoices:
    """The decision made with the player's cards, the dealer's card and a card of the first
    board place seen, by holding class against the game as dealt (``dealt``, the same pays):
    every (holding, dealer's card, board card) state, each as likely, takes the solve's option
    for its class; each holding class's gain is its value seeing less its value as dealt, the
    part of it from this decision kept apart (both seen cards are in view at the later
    decisions: the dealer's kept, the board's dealt); ``later``: the board card is one of the
    later place's (the table of states is the same)."""
    n = len(exposed.deck)
    sights = np.array(list(itertools.permutations(range(n), 2)), dtype=np.int64)
    table = DealerFlopClasses(exposed.deck).table
    place = exposed.game.board[1 if later else 0]
    return state_choices(exposed, dealt, 2, table[:, sights[:, 0], sights[:, 1]],
                         later_seen=True, sights=sights,
                         words=f"(holding, dealer's card, {place} card)", by_first_rank=True)


def dealer_flop_notes(game: BoardGame, solution: BoardSolution, scenario: Scenario,
                      later: bool = False) -> tuple[str, str]:
    """The return table's notes on the deals counted and on what was seen (``later``: the
    board card seen is one of the later place's)."""
    n = len(solution.deck)
    first, place = game.decisions[0].name, game.board[0]
    seen = board_dealer.SEEN
    if later:
        return _dealer_later_notes(game, solution, scenario)
    dealt = (f"Every deal from one deck: the player's {HOLDING} cards, the {FLOP} of {place} "
             f"and the {LATER} of {game.board[1]} as sets, the dealer's card seen and his "
             f"other card, and which card of {place} is seen: C({n}, {HOLDING}) x "
             f"{n - HOLDING} x C({n - HOLDING - seen}, {FLOP}) x "
             f"C({n - HOLDING - seen - FLOP}, {LATER}) x {n - HOLDING - seen - FLOP - LATER} x "
             f"{FLOP} = {solution.cycle:,} deals, each equally likely (each deal of the game "
             f"counted {scenario.ways} times, once for each of the dealer's {HOLDING} cards "
             f"and each of the {FLOP} cards of {place} that may be the ones seen).")
    words = (f"Seen: {scenario.description}; the dealer's card in view at every later "
             f"decision. The decision {first} is taken on the player's cards and the two seen "
             f"cards (each class of them under a renaming of suits, valued over every {place} "
             "holding the seen card and every deal to come), each later one on the player's "
             f"cards, the dealer's seen card and the board cards dealt so far; every decision "
             "takes the option of the highest exact value over the dealer's other card.")
    return dealt, words


def _dealer_later_notes(game: BoardGame, solution: BoardSolution, scenario: Scenario
                        ) -> tuple[str, str]:
    """:func:`dealer_flop_notes` for a card of the later place seen with the dealer's."""
    n = len(solution.deck)
    first, place, later = game.decisions[0].name, game.board[0], game.board[1]
    left = n - HOLDING - board_dealer.SEEN - FLOP - 1
    dealt = (f"Every deal from one deck: the player's {HOLDING} cards, the dealer's card seen, "
             f"the {FLOP} of {place} and the seen card of {later} as a set of four and which "
             f"of the four is the seen one, the last card of {later} and the dealer's other "
             f"card: C({n}, {HOLDING}) x {n - HOLDING} x C({n - HOLDING - 1}, {FLOP + 1}) x "
             f"{FLOP + 1} x {left} x {left - 1} = {solution.cycle:,} deals, each equally likely "
             f"(each deal of the game counted {scenario.ways} times, once for each of the "
             f"dealer's {HOLDING} cards and each of the {LATER} cards of {later} that may be "
             "the ones seen).")
    words = (f"Seen: {scenario.description}; both in view at every later decision. The "
             f"decision {first} is taken on the player's cards and the two seen cards (each "
             "class of them under a renaming of suits, valued over every board holding the "
             f"seen card and every deal to come); the decisions made with the {place} seen on "
             f"the player's cards, the dealer's seen card and the board's first {FLOP + 1} "
             "cards, the river's on the whole board; every decision takes the option of the "
             "highest exact value over the dealer's other card.")
    return dealt, words
