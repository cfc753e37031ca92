"""Ultimate Texas Hold'em's main bet by simulation: Ante, Blind and Play, settled here.

The player's decisions come from the analysis: the preflop Play (4x, 3x or check) per holding
from the solve (:func:`.main.main_lines`), and the flop decision (2x or check) per
holding and flop as the solve recorded it for each suit class of flops
(``Solution.flop_decisions``, spread to every flop by :func:`flop_decisions`). The river
decision is the exact comparison docs/rules.md section 4 defines, Play 1x against folding over
the 990 dealer holdings the player cannot rule out; the simulation counts those itself
(``_kernels.simulate_river_counts``) and prices them with its own settlement. Every hand is then
settled here from the rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from edge import holdem
from edge.errors import EdgeError
from edge.games import RunSettings
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.solve import _kernels, solver
from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
from edge.paytables import PayTable
from edge.sampling import CardArray, IntArray, common_scale, deal

HOLE = np.array([0, 1], dtype=np.int64)
BOARD = np.array([4, 5, 6, 7, 8], dtype=np.int64)
PLAYER_SEVEN = np.array([0, 1, 4, 5, 6, 7, 8], dtype=np.int64)
DEALER_SEVEN = np.array([2, 3, 4, 5, 6, 7, 8], dtype=np.int64)
HOLDINGS, FLOPS, DEALER_HOLDINGS = solver.HOLDINGS, solver.FLOPS, solver.DEALER_HOLDINGS
# The Blind's class is 0 below a straight, then straight .. royal flush (the kernels' numbering).
BLIND_CLASSES = solver.BLIND_CLASSES
# The outcome categories (per Play size), numbered as the kernels number them: win by Blind
# class against a qualifying dealer or one who does not qualify, tie, loss to a qualifier, to a
# non-qualifier.
WIN_QUALIFIED, WIN_UNQUALIFIED = _kernels.WIN_QUALIFIED[0], _kernels.WIN_UNQUALIFIED[0]
TIE, LOSS_QUALIFIED, LOSS_UNQUALIFIED = (_kernels.TIE, _kernels.LOSE_QUALIFIED,
                                         _kernels.LOSE_UNQUALIFIED)
CATEGORIES = _kernels.CATEGORIES

BoolArray = npt.NDArray[np.bool_]


def _pair_table() -> IntArray:
    """Holding id (cards a < b, lexicographic, as the solve numbers them) by ``a * 52 + b``."""
    table = np.full(52 * 52, -1, dtype=np.int64)
    first, second = np.triu_indices(52, k=1)
    table[first * 52 + second] = np.arange(HOLDINGS)
    table[second * 52 + first] = np.arange(HOLDINGS)
    return table


def _flop_table() -> IntArray:
    """Flop id (three cards ascending, lexicographic) by ``(a * 52 + b) * 52 + c``, a < b < c."""
    flops = solver.all_flops().astype(np.int64)
    table = np.full(52 ** 3, -1, dtype=np.int64)
    table[(flops[:, 0] * 52 + flops[:, 1]) * 52 + flops[:, 2]] = np.arange(FLOPS)
    return table


PAIR_ID = _pair_table()
FLOP_ID = _flop_table()


def outcome_name(play: int, category: int, all_push: bool) -> str:
    """The analysis row a hand ends in: ``'4x win flush'``, ``'2x lose'``, ``'1x tie'``..."""
    if category == TIE:
        return f"{play}x tie"
    if category == LOSS_QUALIFIED:
        return f"{play}x lose"
    won_unqualified = category in _kernels.WIN_UNQUALIFIED
    unqualified = won_unqualified or category == LOSS_UNQUALIFIED
    if all_push and unqualified:
        return f"{play}x dealer does not qualify (all push)"
    if category == LOSS_UNQUALIFIED:
        return f"{play}x lose, dealer does not qualify"
    blind = category - (WIN_UNQUALIFIED if won_unqualified else WIN_QUALIFIED)
    hand = f" {BLIND_CLASSES[blind]}" if blind else " below a straight"
    dealer = ", dealer does not qualify" if unqualified else ""
    return f"{play}x win{hand}{dealer}"


# --- the flop decisions of the solve ---------------------------------------------------------

def flop_decisions(solution: solver.Solution) -> npt.NDArray[np.uint8]:
    """Whether the solve bets 2x, for every flop id and holding id, as packed bits.

    Bit ``flop * 1326 + holding`` (``np.packbits`` order), from the decisions the solve
    recorded per suit class of flops (:func:`.solve.flop_decisions_by_flop`).
    """
    packed: npt.NDArray[np.uint8] = np.packbits(solver.flop_decisions_by_flop(solution))
    return packed


# --- the simulator ---------------------------------------------------------------------------

@dataclass(frozen=True)
class MainSimulator:
    """Deals and settles the main bet with the solved decisions (see the module docstring).

    ``preflop`` is each holding's Play before the flop (4, 3, or 0 to check); ``flop_bets`` the
    packed 2x decisions (empty when the player always bets preflop); ``blind`` the scaled Blind
    pay of each hand class; ``outcome_of[play, category]`` the outcome index (play 0 = fold).
    """

    outcomes: tuple[str, ...]
    scale: int
    initial_wager: Fraction
    preflop: IntArray
    flop_bets: npt.NDArray[np.uint8]
    blind: IntArray
    outcome_of: IntArray
    all_push: bool
    ties_larger: bool

    def play(self, rng: np.random.Generator, hands: int) -> tuple[IntArray, IntArray]:
        """Deal ``hands`` hands from a fresh deck each and play and settle them."""
        return self.settle(deal(rng, hands, 9))

    def decide(self, cards: CardArray) -> IntArray:
        """The Play bet of each hand: 4 or 3 preflop, 2 on the flop, 1 on the river, 0 fold."""
        holding = PAIR_ID[cards[0].astype(np.int64) * 52 + cards[1]]
        play: IntArray = self.preflop[holding].copy()
        checked = np.flatnonzero(play == 0)
        if checked.size == 0:
            return play
        bets = self.flop_bets_of(cards[:, checked], holding[checked])
        play[checked[bets]] = 2
        river = checked[~bets]
        play[river[self.exact_river_plays(cards, river)]] = 1
        return play

    def flop_bets_of(self, cards: CardArray, holding: IntArray) -> BoolArray:
        """Whether the solve bets 2x on each hand's flop (``holding``: the hole cards' ids)."""
        flop = np.sort(cards[4:7].astype(np.int64), axis=0)
        bit = FLOP_ID[(flop[0] * 52 + flop[1]) * 52 + flop[2]] * HOLDINGS + holding
        bets: BoolArray = ((self.flop_bets[bit >> 3] >> (7 - (bit & 7))) & 1).astype(np.bool_)
        return bets

    def exact_river_plays(self, cards: CardArray, columns: IntArray) -> BoolArray:
        """Whether Play 1x beats folding on the river for the hands ``columns`` of ``cards``
        (the exact comparison over the 990 dealer holdings, :meth:`river_plays`)."""
        counts = _kernels.simulate_river_counts(cards, HOLE, BOARD, columns).astype(np.int64)
        _, hand_class = _kernels.simulate_holdem_hands(cards[:, columns], PLAYER_SEVEN)
        return self.river_plays(counts, hand_class.astype(np.int64))

    def river_plays(self, counts: IntArray, hand_class: IntArray) -> BoolArray:
        """Play 1x where its exact value over the 990 dealer holdings beats folding (ties by
        the ``ties`` rule). ``counts`` columns: wins against a qualifier, against a
        non-qualifier, ties, losses to a qualifier, to a non-qualifier."""
        s, blind = self.scale, self.blind[hand_class]
        win_unqualified = 0 if self.all_push else s + blind
        loss_unqualified = 0 if self.all_push else -2 * s
        play = (counts[:, 0] * (2 * s + blind) + counts[:, 1] * win_unqualified
                - counts[:, 3] * 3 * s + counts[:, 4] * loss_unqualified)
        fold = DEALER_HOLDINGS * -2 * s
        return np.asarray((play > fold) | ((play == fold) & self.ties_larger))

    def settle(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Play and settle dealt hands (rows: player 2, dealer 2, flop 3, turn, river)."""
        play = self.decide(cards)
        player, player_class = _kernels.simulate_holdem_hands(cards, PLAYER_SEVEN)
        dealer, dealer_class = _kernels.simulate_holdem_hands(cards, DEALER_SEVEN)
        hand_class = player_class.astype(np.int64)
        qualified = dealer_class >= holdem.PAIR
        win, tie = player > dealer, player == dealer
        blind_class = np.maximum(hand_class - holdem.STRAIGHT + 1, 0)
        category = np.where(win, np.where(qualified, WIN_QUALIFIED + blind_class,
                                          WIN_UNQUALIFIED + blind_class),
                            np.where(tie, TIE, np.where(qualified, LOSS_QUALIFIED,
                                                        LOSS_UNQUALIFIED)))
        s, blind = self.scale, self.blind[hand_class]
        stake = play * s
        won = np.where(qualified, stake + s + blind, 0 if self.all_push else stake + blind)
        lost = np.where(qualified, -stake - 2 * s, 0 if self.all_push else -stake - s)
        net = np.where(win, won, np.where(tie, 0, lost))
        net = np.where(play == 0, -2 * s, net)
        return self.outcome_of[play, category], net


def simulate_main(paytable: PayTable | None, rules: UltimateTexasHoldemRules,
                  run: RunSettings | None = None) -> MainSimulator:
    """The main bet's simulator (the ``simulate`` hook of the main bet)."""
    if paytable is None:
        raise EdgeError("The Ultimate Texas Hold'em main simulation needs a pay table.")
    return make_main_simulator(paytable, rules, run)


def make_main_simulator(paytable: PayTable, rules: UltimateTexasHoldemRules,
                        run: RunSettings | None = None) -> MainSimulator:
    """The main bet's simulator: the solve (cached) for the decisions, the pays for settling."""
    solution = uth_main.solve_main(paytable, rules, run or RunSettings())
    choice = uth_main.main_lines(solution, rules.strategy).choice.astype(np.int64)
    flop_bets = (np.zeros(0, dtype=np.uint8) if not (choice == 0).any()
                 else flop_decisions(solution))
    pays = settlement(paytable, rules)
    return MainSimulator(pays.outcomes, pays.scale, Fraction(1), choice, flop_bets, pays.blind,
                         pays.outcome_of, rules.all_push, rules.ties_larger)


class Settlement(NamedTuple):
    """What settles a hand of the main bet: the outcome names, the outcome index per Play size
    (0 = fold) and category, the scale of net results and each hand class's scaled Blind pay."""

    outcomes: tuple[str, ...]
    outcome_of: IntArray
    scale: int
    blind: IntArray


def settlement(paytable: PayTable, rules: UltimateTexasHoldemRules) -> Settlement:
    """The settlement of the main bet under a Blind pay table and the rules."""
    pays = paytable.as_dict()
    # per hand class: nothing below a straight, then the Blind's pays
    blind_pays = [Fraction(0)] * holdem.STRAIGHT + [pays[name] for name in BLIND_CLASSES[1:]]
    scale = common_scale(blind_pays)
    names: list[str] = []
    outcome_of = np.zeros((5, CATEGORIES), dtype=np.int64)
    for play in range(5):
        for category in range(CATEGORIES):
            name = outcome_name(play, category, rules.all_push) if play else "fold"
            if name not in names:
                names.append(name)
            outcome_of[play, category] = names.index(name)
    blind = np.array([int(pay * scale) for pay in blind_pays], dtype=np.int64)
    return Settlement(tuple(names), outcome_of, scale, blind)
