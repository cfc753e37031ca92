"""Ultimate Texas Hold'em's side bets by simulation (docs/rules.md section 4): dealt and settled
here. Each bet's ``simulate`` hook is here (the main bet's in :mod:`.main_simulation`).

Each hand deals nine cards from one deck: the player's two, the dealer's two, then the flop,
turn and river. Hands are ranked by the shared 7-card evaluator (:mod:`edge._core`, batch loop
in this game's kernels); the side bets are settled here from their pay tables.

>>> from edge.games import RunSettings
>>> from edge.games.ultimate_texas_holdem import GAME
>>> bet = GAME.bet("trips")
>>> sim = simulate_trips(bet.paytable(None), GAME.make_rules(), RunSettings())
>>> outcome, net = sim.play(np.random.default_rng(3), 5)
>>> outcome.shape, net.shape
((5,), (5,))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from edge.errors import EdgeError
from edge.games import RunSettings
from edge.games.ultimate_texas_holdem.rules import TripsRule, UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.simulation.main_bet import MainSimulator, make_main_simulator
from edge.games.ultimate_texas_holdem.solve import _kernels
from edge.games.ultimate_texas_holdem.solve.main_bet import BLIND_DEFAULT, BLIND_PRESETS
from edge.games.ultimate_texas_holdem.solve.side_bets import ProgressiveTable
from edge.holdem import CLASS_NAMES
from edge.paytables import PayTable
from edge.sampling import CardArray, IntArray, common_scale, deal, scaled

# Rows of the nine dealt cards.
PLAYER, DEALER = (0, 1), (2, 3)
FLOP, TURN, RIVER = (4, 5, 6), 7, 8
PLAYER_SEVEN = np.array([*PLAYER, *FLOP, TURN, RIVER], dtype=np.int64)
DEALER_SEVEN = np.array([*DEALER, *FLOP, TURN, RIVER], dtype=np.int64)
HOLE_AND_FLOP = np.array([*PLAYER, *FLOP], dtype=np.int64)
LOSE = len(CLASS_NAMES)   # outcome index of every class a side bet does not pay


def hand_classes(cards: CardArray, rows: IntArray) -> IntArray:
    """The class (0 high card .. 9 royal flush) of the best five of ``cards[rows]``, per hand."""
    _, classes = _kernels.simulate_holdem_hands(cards, rows)
    return classes.astype(np.int64)


@dataclass(frozen=True)
class SideBetSimulator:
    """Deals and settles a bet paid by the class of the player's hand (Trips, progressive).

    ``pays`` holds the scaled net result of each class (and -1 x scale for ``lose``);
    ``paid`` which classes have their own row.
    """

    bet: str
    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    rows: IntArray
    pays: IntArray
    paid: IntArray

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands from a fresh deck each and settle the bet."""
        return self.settle(deal(rng, hands, 9))

    def settle(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt hands (rows: player 2, dealer 2, flop 3, turn, river)."""
        hand_class = hand_classes(cards, self.rows)
        outcome = self.paid[hand_class]
        return outcome, self.pays[outcome]


@dataclass(frozen=True)
class BeatDealerSimulator(SideBetSimulator):
    """Trips under the beat-dealer rule (docs/rules.md section 4.6): a paying class wins only
    when the player's seven cards beat the dealer's and pushes when they tie (outcome ``tie``).
    Without ``main`` the dealer's hand is compared whatever the player does with the Play;
    with it (``beat-dealer-fold-loses``) a hand the main bet's simulator folds loses the Trips
    (outcome ``fold``)."""

    main: MainSimulator | None = None

    def settle(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt hands (rows: player 2, dealer 2, flop 3, turn, river)."""
        lose = len(self.outcomes) - 1
        player, hand_class = _kernels.simulate_holdem_hands(cards, PLAYER_SEVEN)
        dealer, _ = _kernels.simulate_holdem_hands(cards, DEALER_SEVEN)
        outcome = self.paid[hand_class.astype(np.int64)]
        paying = outcome != lose
        outcome = np.where(paying & (player < dealer), lose,
                           np.where(paying & (player == dealer),
                                    self.outcomes.index("tie"), outcome))
        if self.main is not None:
            folded = self.main.decide(cards) == 0
            outcome = np.where(paying & folded, self.outcomes.index("fold"), outcome)
        return outcome, self.pays[outcome]


def _beat_dealer_trips(pays: dict[str, Fraction],
                       main: MainSimulator | None = None) -> BeatDealerSimulator:
    """The Trips under the beat-dealer rule: each paying class its own row, then ``tie``,
    ``fold`` (with ``main``, whose decisions fold) and ``lose``."""
    extra = ("tie", "fold", "lose") if main is not None else ("tie", "lose")
    outcomes = (*CLASS_NAMES, *extra)
    lose = len(outcomes) - 1
    net = ([pays.get(name, Fraction(-1)) for name in CLASS_NAMES]
           + [Fraction(0)] + [Fraction(-1)] * (len(extra) - 1))
    paid = np.array([k if name in pays else lose for k, name in enumerate(CLASS_NAMES)],
                    dtype=np.int64)
    scale = common_scale(net)
    return BeatDealerSimulator("trips", outcomes, scale, Fraction(1), PLAYER_SEVEN,
                               scaled(net, scale), paid, main)


def _side_bet(bet: str, pays: dict[str, Fraction], rows: IntArray) -> SideBetSimulator:
    """A class-paid bet: each paying class its own row, every other class ``lose``."""
    outcomes = (*CLASS_NAMES, "lose")
    net = [pays.get(name, Fraction(-1)) for name in CLASS_NAMES] + [Fraction(-1)]
    paid = np.array([k if name in pays else LOSE for k, name in enumerate(CLASS_NAMES)],
                    dtype=np.int64)
    scale = common_scale(net)
    return SideBetSimulator(bet, outcomes, scale, Fraction(1), rows, scaled(net, scale), paid)


def progressive_pays(table: ProgressiveTable, meter: Fraction) -> dict[str, Fraction]:
    """Net pay per progressive bet of each class it pays: (fixed + share x meter) / wager."""
    fixed, shares = table.fixed(), table.shares()
    return {name: (fixed.get(name, Fraction(0)) + shares.get(name, Fraction(0)) * meter)
            / table.wager for name in CLASS_NAMES if name in fixed or name in shares}


def simulate_trips(paytable: PayTable | None, rules: UltimateTexasHoldemRules,
                   run: RunSettings | None = None) -> SideBetSimulator:
    """The Trips bet's simulator: paid by the class of the player's seven cards (under the
    beat-dealer rule, only when they beat the dealer's)."""
    if paytable is None:
        raise EdgeError("The Ultimate Texas Hold'em trips simulation needs a pay table.")
    if rules.trips_rule is TripsRule.BEAT_DEALER:
        return _beat_dealer_trips(paytable.as_dict())
    if rules.trips_rule is TripsRule.BEAT_DEALER_FOLD_LOSES:
        # the folds of the strategy with the standard Blind table, as the analysis counts them
        standard = BLIND_PRESETS[BLIND_DEFAULT]
        return _beat_dealer_trips(paytable.as_dict(),
                                  make_main_simulator(standard, rules, run or RunSettings()))
    return _side_bet("trips", paytable.as_dict(), PLAYER_SEVEN)


def simulate_progressive(paytable: PayTable | None,
                         rules: UltimateTexasHoldemRules) -> SideBetSimulator:
    """The progressive's simulator: paid by the class of the hole cards and flop (or all
    seven), at the meter of ``rules``."""
    if not isinstance(paytable, ProgressiveTable):
        name = "none" if paytable is None else repr(paytable.name)
        raise EdgeError(f"The pay table {name} is not a progressive table.")
    rows = HOLE_AND_FLOP if paytable.cards == "hole-and-flop" else PLAYER_SEVEN
    return _side_bet("progressive", progressive_pays(paytable, Fraction(rules.meter)), rows)


