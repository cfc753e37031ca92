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


def dealer_flop_choices(exposed: BoardSolution, dealt: BoardSolution) -> SeenChoices:
    """The decision made with the player's cards, the dealer's card and a card of the first
    board place seen, by holding class against the game as dealt (``dealt``, the same pays):
    every (holding, dealer's card, board card) state, each as likely, takes the solve's option
    for its class; each holding class's gain is its value seeing less its value as dealt, the
    part of it from this decision kept apart (both seen cards are in view at the later
    decisions: the dealer's kept, the board's dealt)."""
    n = len(exposed.deck)
    sights = np.array(list(itertools.permutations(range(n), 2)), dtype=np.int64)
    table = DealerFlopClasses(exposed.deck).table
    return state_choices(exposed, dealt, 2, table[:, sights[:, 0], sights[:, 1]],
                         later_seen=True, sights=sights,
                         words=f"(holding, dealer's card, {exposed.game.board[0]} card)",
                         by_first_rank=True)


def dealer_flop_notes(game: BoardGame, solution: BoardSolution, scenario: Scenario
                      ) -> tuple[str, str]:
    """The return table's notes on the deals counted and on what was seen."""
    n = len(solution.deck)
    first, place = game.decisions[0].name, game.board[0]
    seen = board_dealer.SEEN
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
