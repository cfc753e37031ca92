"""The counter's win rate at a shoe game, by simulation (issue 28, item 3).

A shoe of ``decks`` decks is shuffled and dealt round after round until the cut card: each
round deals the wager's ``cards`` (settled by the wager's own settlement) and then
``other_cards`` more that the counter sees but that do not settle the wager (the other players'
and the dealer's cards at a blackjack table, say; default none). The counter keeps a linear
count (one integer tag per card face) and, before each round, sizes the bet by the true count.

**The shoe.** ``52 * decks`` cards, shuffled uniformly (numpy's ``Generator.permuted``, an exact
Fisher-Yates shuffle per shoe); the cut card is placed after ``round(penetration * 52 * decks)``
cards, and a round is dealt while fewer cards than that have come out (the round that reaches
the cut card is finished, then the shoe is shuffled). So every shoe deals the same number of
rounds: ``ceil(cut / per_round)``, at most as many as the shoe holds. No card is burnt.

**The depth.** A penetration is a share of the shoe; 0 is a continuous shuffler: every round
is dealt from the full shoe, freshly shuffled (one round a shoe), so the counters see nothing.

**The suit counter** (:mod:`edge.counting.suit_counter`, given as ``suits``) plays the same
rounds: before each it takes the cards of each suit left (the wager's and the other cards
dealt so far) and bets ``suit_bet[0]`` units when its estimate of the shoe's return is above
zero, ``suit_bet[1]`` (default 0) otherwise. Its results are a :class:`WinRate` of their own
(``WinRate.suit``): the same rounds, shoes and flat bet, its own bets and net.

**The true count** before a round is the running count of the cards dealt from the shoe so
far (wager's and others', from 0 at the shuffle) per deck left, counted exactly (``cards left /
52``, no rounding to half decks), the running count taken on the count's balanced equivalent:
each tag less the shoe's mean tag, as :mod:`edge.counting.count` centres it for its ``E(TC)``
(a balanced count is its own equivalent). With ``S`` the sum of the 52 tags (the shoe's mean
tag is ``S / 52``), ``g`` cards gone and ``m`` left::

    TC = (52 * running - S * g) / m        (= running * 52 / m for a balanced count)

The bet uses it **floored** (rounded towards minus infinity: -0.3 is -1, 2.9 is 2), an
integer. Rounds are also kept by the true count **rounded to the nearest integer** (halves
up), for the return at each true count: bucket 0 holds the rounds whose true count is from
-1/2 (included) to 1/2, where the shoe left is (to first order) as good as a full one, so the
wager's return there is about its return off the top, the exact house edge.

**The spread** (:class:`Spread`) sizes the bet in units from the floored true count: ``low``
units below the ramp, ``low + step * (tc - start + 1)`` from true count ``start`` up, at most
``high`` units; and, with ``wong`` set, no bet at all below true count ``wong`` (the counter
watches those rounds without playing: Wonging). ``spread=(1, 8)`` is ``Spread(1, 8)``: 1 unit
below true count 1, then 2, 3, ... up to 8 units at true count 7 and above.

**Hands per hour** counts the rounds dealt at the table, bet or not (a Wonging counter watches
the others): the win per hour is the win per round dealt times that rate. The default, 100, is
a middle figure: a blackjack table deals from about 60 rounds an hour when full to about 200
heads-up; give the figure of the game studied.

**Random numbers and workers.** The shoes are dealt in tasks of ``shoes_per_task`` shoes, task
``i`` from its own stream ``SeedSequence(seed, spawn_key=(i,))`` (the ``i``-th child of
``SeedSequence(seed).spawn(...)``) and numpy's PCG64DXSM generator, all its shoes shuffled at
once and all their rounds settled in one call. A result depends only on the seed, the shoes per
task and the parameters: never on the number of workers or the order they finish in. Every
penetration deals from the same streams (task ``i`` shuffles the same shoes whatever the
penetration), so the comparison between penetrations is sharper than with independent runs.
The tasks run on this machine's cores by default, or on a Dask cluster given
``cluster="tcp://host:8786"`` (:func:`edge.parallel.map_tasks`).

**Results** are exact integers: rounds, rounds bet, units wagered, the net won in units of
``1 / scale``, and the sum of the squares of each shoe's net (shoes are independent, so the
standard error comes from the spread of the per-shoe totals); the same two for a flat bet of
one unit on every round dealt, the check of the simulation (below); per true count (nearest),
the rounds, the units wagered and net won by the counter, and the net and squared net of one
unit bet on every round (the wager's return at that true count, rounds taken as independent for
its standard error).

**The check.** Every round is dealt from a uniformly shuffled shoe, so its cards, whatever came
before them, are a random draw of the full shoe: the expectation of every round is the wager's
exact return off the top. The flat bet's average over all rounds is therefore an unbiased
estimate of that exact return, with a standard error from the per-shoe totals:
:meth:`WinRate.flat_z` is how many standard errors apart the two are, and a broken deal or
settlement moves it. (The rounds at true count 0 are not such a check: they are chosen by the
cards already seen, and their return is only to first order the return off the top.)

**Per unit wagered.** A bet of one unit of a wager may put more than one unit at risk: the
Hybrid Triple Bet's combined wager is one unit on each of its three parts (``stake`` 3, the
simulator's ``initial_wager``). The counter's bets and wins are in units of the wager's bet (one
unit on each part); the returns and house edges (by true count and the flat bet's) are per unit
wagered, the basis of the exact house edge.

The settlement is a parameter, so nothing here knows a game: a callable taking the dealt
faces, an int16 array of shape ``(cards, rounds)`` (card ``face = rank * 4 + suit``, rank 0 the
deuce to 12 the ace, in the order dealt), and returning each round's net result for one unit,
times ``scale``, as int64. :class:`NetOf` makes one from a simulator with a ``settle`` method
(a bet file's, the Hybrid Triple Bet's wagers), and :func:`settlement` gives it with the
simulator's scale and cards a round.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt

from edge.counting.suit_counter import SuitCounter, suit_counter
from edge.errors import EdgeError
from edge.games import Bet, Rules, RunSettings, Wager
from edge.parallel import map_tasks
from edge.paytables import PayTable
from edge.player import player_of
from edge.sampling import chunk_seed

__all__ = ["Bucket", "Coups", "CoupsOf", "NetOf", "Rounds", "SHOES_PER_TASK", "Settle",
           "SettleCoups", "Spread", "WinRate", "centred_running", "count_tags", "deal_coups",
           "deal_rounds", "mean_error", "nearest_true_count", "play_coups", "play_shoes",
           "ratio_error", "settlement", "true_count", "wager_win_rates", "win_rates"]

CardArray = npt.NDArray[np.int16]
IntArray = npt.NDArray[np.int64]
# A wager's settlement: dealt faces (cards, rounds) -> net result x scale per round (int64).
Settle = Callable[[CardArray], IntArray]

# A wager dealt in coups: the next cards of the shoe (most cards a coup uses, coups) -> each
# coup's net result x scale and the cards it used (int64 each).
SettleCoups = Callable[[CardArray], tuple[IntArray, IntArray]]

# Part of a result's definition, as the seed is (see the docstring). 2,000 shoes of 6 decks
# are about 150,000 rounds, a fifth of a second's work: Dask's own cost, some milliseconds a
# task, is then a few per cent.
SHOES_PER_TASK = 2000
HANDS_PER_HOUR = 100.0
FACES = 52


class Counted(Protocol):
    """A linear count: one integer tag per card face 0..51 (face = rank * 4 + suit)."""

    @property
    def tags(self) -> Sequence[int]:
        """The tag of each face."""


class Settler(Protocol):
    """A simulator that settles dealt cards: (outcome index, net x scale) per round."""

    def settle(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Settle dealt faces, one row per card."""


class Dealer(Settler, Protocol):
    """A simulator that also says its scale and how many cards a hand deals."""

    @property
    def scale(self) -> int:
        """Nets are integers in units of ``1 / scale``."""

    @property
    def cards_dealt(self) -> int:
        """Cards dealt a hand: the rows :meth:`settle` takes."""


@dataclass(frozen=True)
class NetOf:
    """A settlement (:data:`Settle`) from a simulator's ``settle``: its net results alone.

    A module-level class, so it is pickled to the workers of a cluster with the simulator."""

    simulator: Settler

    def __call__(self, cards: CardArray) -> IntArray:
        return self.simulator.settle(cards)[1]


class CoupDealer(Dealer, Protocol):
    """A simulator whose hands use a varying number of cards (drawn by rule)."""

    @property
    def drawn(self) -> bool:
        """Whether its hands draw cards by rule."""

    def settle_coups(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        """Settle hands from the next cards of the shoe: nets x scale and cards used."""


@dataclass(frozen=True)
class CoupsOf:
    """A coup settlement (:data:`SettleCoups`) from a simulator's ``settle_coups``; pickled to
    the workers with the simulator."""

    simulator: CoupDealer

    def __call__(self, cards: CardArray) -> tuple[IntArray, IntArray]:
        return self.simulator.settle_coups(cards)


def settlement(simulator: Dealer) -> tuple[NetOf, int, int]:
    """A wager's settlement, scale and cards a round, from its simulator (a bet's ``simulate``
    hook's, where it has ``cards_dealt``: a bet file's, the Hybrid Triple Bet's wagers):
    ``settle, scale, cards = settlement(simulator)`` for :func:`win_rates`."""
    return NetOf(simulator), simulator.scale, simulator.cards_dealt


@dataclass(frozen=True)
class Spread:
    """The counter's bet in units by the floored true count ``tc``: 0 below ``wong`` (when
    set), ``low`` below ``start``, else ``low + step * (tc - start + 1)``, at most ``high``."""

    low: int = 1
    high: int = 8
    start: int = 1
    step: int = 1
    wong: int | None = None

    def __post_init__(self) -> None:
        if not 1 <= self.low <= self.high:
            raise EdgeError(f"A bet spread of {self.low} to {self.high} units must have "
                            "1 <= low <= high (to sit out rounds, set wong).")
        if self.step < 0:
            raise EdgeError(f"A bet spread's step of {self.step} units must be at least 0.")

    def units(self, true_count: IntArray) -> IntArray:
        """The bet in units at each floored true count.

        >>> Spread(1, 8).units(np.arange(-2, 10)).tolist()
        [1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
        >>> Spread(2, 12, start=2, step=2, wong=-1).units(np.arange(-2, 8)).tolist()
        [0, 2, 2, 2, 4, 6, 8, 10, 12, 12]
        """
        ramp = self.low + self.step * (true_count - self.start + 1)
        bet = np.where(true_count < self.start, self.low, np.minimum(ramp, self.high))
        if self.wong is not None:
            bet = np.where(true_count < self.wong, 0, bet)
        return bet.astype(np.int64)

    def text(self) -> str:
        """The spread in words."""
        wong = f", no bet below true count {self.wong}" if self.wong is not None else ""
        return (f"{self.low} unit{'s' if self.low != 1 else ''} below true count {self.start}, "
                f"then {self.step} more per true count up to {self.high}{wong}")


def mean_error(total: int, squares: int, draws: int) -> float:
    """The standard error of the mean of ``draws`` independent draws whose sum is ``total``
    and sum of squares ``squares`` (infinite below two draws).

    >>> mean_error(4, 10, 2)     # draws 1 and 3
    1.0
    """
    if draws < 2:
        return math.inf
    variance = (squares - total ** 2 / draws) / (draws - 1)
    return math.sqrt(max(variance, 0.0) / draws)


def ratio_error(total: int, squares: int, cross: int, rounds: int, rounds_squares: int,
                draws: int) -> float:
    """The standard error of ``total / rounds``, a ratio of sums over ``draws`` independent
    draws (shoes) each of a net ``x`` and a number of rounds ``n`` (``squares``, ``cross`` and
    ``rounds_squares`` the sums of ``x^2``, ``x n`` and ``n^2``): with ``R = total / rounds``,
    ``sqrt(sum (x - R n)^2 / (draws (draws - 1))) / (rounds / draws)``. With every ``n`` the
    same it is :func:`mean_error` divided by ``n``.

    >>> ratio_error(4, 10, 8, 4, 8, 2), mean_error(4, 10, 2) / 2     # nets 1, 3; 2 rounds each
    (0.5, 0.5)
    """
    if draws < 2 or rounds < 1:
        return math.inf
    ratio = total / rounds
    spread = squares - 2 * ratio * cross + ratio * ratio * rounds_squares
    return math.sqrt(max(spread, 0.0) / (draws * (draws - 1))) / (rounds / draws)


@dataclass(frozen=True)
class Bucket:
    """The rounds dealt at one true count (rounded to the nearest integer)."""

    true_count: int
    rounds: int
    wagered: int        # units the counter bet on them
    net: int            # the counter's net on them, x scale
    unit_net: int       # the net of one unit bet on every one of them, x scale
    unit_squares: int   # the sum of its squares, x scale**2
    scale: int
    stake: Fraction = Fraction(1)     # units wagered by a bet of one unit of the wager

    @property
    def player_return(self) -> float:
        """The wager's return per unit wagered at this true count (one unit on every round)."""
        return float(Fraction(self.unit_net, self.rounds * self.scale) / self.stake)

    @property
    def edge(self) -> float:
        """The house edge at this true count (minus the return)."""
        return -self.player_return

    @property
    def standard_error(self) -> float:
        """The standard error of the return (rounds taken as independent)."""
        return (mean_error(self.unit_net, self.unit_squares, self.rounds)
                / (self.scale * float(self.stake)))


@dataclass(frozen=True)
class WinRate:
    """The counter's results at one penetration (exact tallies and the figures from them)."""

    penetration: float
    decks: int
    cards_per_round: int       # the wager's cards plus the other cards seen
    rounds_per_shoe: int
    spread: Spread
    hands_per_hour: float
    scale: int
    shoes: int
    rounds: int
    rounds_bet: int
    wagered: int               # units
    net: int                   # x scale
    squares: int               # the sum over shoes of (the shoe's net x scale) squared
    buckets: tuple[Bucket, ...] = field(default=())
    flat_net: int = 0          # one unit bet on every round: the net, x scale
    flat_squares: int = 0      # the sum over shoes of (the shoe's flat net x scale) squared
    stake: Fraction = Fraction(1)   # units wagered by a bet of one unit of the wager
    cut: int = 0               # the cut card's place in cards (0: a continuous shuffler)
    suit: WinRate | None = None     # the suit counter's results on the same rounds, if played
    # dealt in whole coups of a varying number of cards (the rounds per shoe vary; then
    # rounds_per_shoe is their mean, rounded): the sums over shoes of the shoe's rounds
    # squared and of its rounds times its net and its flat net, for the ratios' errors
    coups: bool = False
    rounds_squares: int = 0
    net_cross: int = 0
    flat_cross: int = 0

    @property
    def continuous(self) -> bool:
        """Whether every round was dealt from the full shoe (a continuous shuffler)."""
        return self.penetration == 0

    @property
    def depth(self) -> str:
        """The depth dealt in words: ``83% (260 cards)``, or ``continuous shuffler``."""
        if self.continuous:
            return "continuous shuffler"
        if self.coups:
            return (f"{self.penetration:.0%} ({self.cut:,} cards, "
                    f"{FACES * self.decks - self.cut:,} from the end)")
        return f"{self.penetration:.0%} ({self.cut:,} cards)"

    @property
    def share_bet(self) -> float:
        """The share of rounds the counter bets on."""
        return self.rounds_bet / self.rounds

    @property
    def average_bet(self) -> float:
        """Units per round bet."""
        return self.wagered / self.rounds_bet if self.rounds_bet else 0.0

    @property
    def win_per_round(self) -> float:
        """Units won per round dealt."""
        return self.net / (self.rounds * self.scale)

    @property
    def standard_error_per_round(self) -> float:
        """The standard error of :attr:`win_per_round`, from the per-shoe totals (a ratio's,
        when the rounds per shoe vary)."""
        if self.coups:
            return ratio_error(self.net, self.squares, self.net_cross, self.rounds,
                               self.rounds_squares, self.shoes) / self.scale
        return mean_error(self.net, self.squares, self.shoes) / (self.rounds_per_shoe * self.scale)

    @property
    def win_per_shoe(self) -> float:
        """Units won per shoe dealt (to the cut card)."""
        return self.net / (self.shoes * self.scale)

    @property
    def standard_error_per_shoe(self) -> float:
        """The standard error of :attr:`win_per_shoe`."""
        return mean_error(self.net, self.squares, self.shoes) / self.scale

    @property
    def win_per_100(self) -> float:
        """Units won per 100 rounds dealt."""
        return 100 * self.win_per_round

    @property
    def standard_error_per_100(self) -> float:
        """The standard error of :attr:`win_per_100`."""
        return 100 * self.standard_error_per_round

    @property
    def win_per_hour(self) -> float:
        """Units won per hour at :attr:`hands_per_hour` rounds an hour."""
        return self.hands_per_hour * self.win_per_round

    @property
    def standard_error_per_hour(self) -> float:
        """The standard error of :attr:`win_per_hour`."""
        return self.hands_per_hour * self.standard_error_per_round

    @property
    def flat_return(self) -> float:
        """The return per unit wagered of one unit bet on every round dealt (the check)."""
        return float(Fraction(self.flat_net, self.rounds * self.scale) / self.stake)

    @property
    def flat_standard_error(self) -> float:
        """The standard error of :attr:`flat_return`, from the per-shoe totals."""
        if self.coups:
            return (ratio_error(self.flat_net, self.flat_squares, self.flat_cross, self.rounds,
                                self.rounds_squares, self.shoes)
                    / (self.scale * float(self.stake)))
        return (mean_error(self.flat_net, self.flat_squares, self.shoes)
                / (self.rounds_per_shoe * self.scale * float(self.stake)))

    def flat_z(self, exact_return: Fraction) -> float:
        """The flat bet's simulated house edge less the wager's exact house edge off the top
        (``-exact_return``, per unit wagered), in standard errors: positive when the simulated
        edge is the higher; infinite when they differ and no error can be read.

        >>> rate = WinRate(0.5, 6, 3, 2, Spread(), 100.0, 10, 2, 4, 4, 4, 0, 0, (), -4, 10, 1)
        >>> rate.flat_return, rate.flat_standard_error, rate.flat_z(Fraction(-1, 5))
        (-0.1, 0.05, -2.0)
        """
        error = self.flat_standard_error
        gap = float(exact_return) - self.flat_return
        if gap == 0:
            return 0.0
        if not 0 < error < math.inf:
            return math.copysign(math.inf, gap)
        return gap / error

    def bucket(self, true_count: int) -> Bucket | None:
        """The rounds at one true count (nearest), if any were dealt."""
        return next((b for b in self.buckets if b.true_count == true_count), None)

    @property
    def edge_at_zero(self) -> float:
        """The house edge per unit wagered at true count 0 (nearest): to first order the
        wager's edge off the top (not exactly: see the module's docstring)."""
        found = self.bucket(0)
        return math.nan if found is None else found.edge


# --- dealing ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class ShoeGame:
    """What one task needs besides its seed: the game, the count and the bets."""

    settle: Settle
    scale: int
    cards: int
    other_cards: int
    decks: int
    tags: tuple[int, ...]
    spread: Spread
    seed: int
    shoes_per_task: int
    stake: Fraction = Fraction(1)
    suits: SuitCounter | None = None
    suit_bet: tuple[int, int] = (1, 0)    # the suit counter's units: estimate above 0, not
    # a wager dealt in whole coups of a varying number of cards (``cards`` the most a coup
    # uses), settled by this; None: every round deals ``cards`` cards, settled by ``settle``
    coups: SettleCoups | None = None

    @property
    def size(self) -> int:
        """Cards in the shoe."""
        return FACES * self.decks

    @property
    def per_round(self) -> int:
        """Cards dealt a round."""
        return self.cards + self.other_cards

    def cut(self, penetration: Fraction | float) -> int:
        """The cut card's place, in cards from the top (0: a continuous shuffler)."""
        return round(penetration * self.size)

    def rounds_per_shoe(self, penetration: Fraction | float) -> int:
        """Rounds dealt from a shoe: while fewer cards than the cut card's place came out
        (one, from the full shoe, with a continuous shuffler: penetration 0)."""
        cut = self.cut(penetration)
        return max(1, min(-(-cut // self.per_round), self.size // self.per_round))


@dataclass
class Tally:
    """One task's exact tallies (added up in task order)."""

    shoes: int = 0
    rounds: int = 0
    rounds_bet: int = 0
    wagered: int = 0
    net: int = 0
    squares: int = 0
    flat_net: int = 0
    flat_squares: int = 0
    # true count -> [rounds, wagered, net, unit net, unit squares]
    buckets: dict[int, list[int]] = field(default_factory=dict)
    # the suit counter's rounds bet, units wagered, net and squared net per shoe
    suit_bet: int = 0
    suit_wagered: int = 0
    suit_net: int = 0
    suit_squares: int = 0
    # with coups of a varying number of cards (rounds per shoe vary): the sums over shoes of
    # the shoe's rounds squared, and of its rounds times its net (the counter's, the flat
    # bet's, the suit counter's), for the ratio's standard error
    rounds_squares: int = 0
    net_cross: int = 0
    flat_cross: int = 0
    suit_cross: int = 0

    def add(self, other: Tally) -> None:
        """Add another task's tallies."""
        self.rounds_squares += other.rounds_squares
        self.net_cross += other.net_cross
        self.flat_cross += other.flat_cross
        self.suit_cross += other.suit_cross
        self.suit_bet += other.suit_bet
        self.suit_wagered += other.suit_wagered
        self.suit_net += other.suit_net
        self.suit_squares += other.suit_squares
        self.shoes += other.shoes
        self.rounds += other.rounds
        self.rounds_bet += other.rounds_bet
        self.wagered += other.wagered
        self.net += other.net
        self.squares += other.squares
        self.flat_net += other.flat_net
        self.flat_squares += other.flat_squares
        for count, values in other.buckets.items():
            mine = self.buckets.setdefault(count, [0] * len(values))
            for i, value in enumerate(values):
                mine[i] += value


def centred_running(running: IntArray, gone: IntArray, tag_sum: int) -> IntArray:
    """52 times the running count of the count's balanced equivalent: ``52 * running - S *
    gone``, with ``S`` the sum of the 52 tags (an exact integer).

    >>> centred_running(np.array([3, 3]), np.array([10, 10]), 0).tolist()    # balanced
    [156, 156]
    >>> centred_running(np.array([3, 3]), np.array([10, 0]), 4).tolist()
    [116, 156]
    """
    return np.asarray(FACES * running - tag_sum * gone, dtype=np.int64)


def true_count(centred: IntArray, left: IntArray) -> IntArray:
    """The true count the counter bets by, floored: ``centred / left`` (``centred`` from
    :func:`centred_running`, ``left`` the cards left).

    >>> true_count(np.array([7, -7, 0, 3]) * 52, np.array([104, 104, 52, 52])).tolist()
    [3, -4, 0, 3]
    """
    return np.asarray(np.floor_divide(centred, left), dtype=np.int64)


def nearest_true_count(centred: IntArray, left: IntArray) -> IntArray:
    """The true count ``centred / left`` rounded to the nearest integer, halves up.

    >>> left = np.array([104, 104, 104, 104, 52])
    >>> nearest_true_count(np.array([7, -7, 1, -1, 0]) * 52, left).tolist()
    [4, -3, 1, 0, 0]
    """
    return np.asarray(np.floor_divide(2 * centred + left, 2 * left), dtype=np.int64)


def shuffled_shoes(rng: np.random.Generator, shoes: int, decks: int) -> CardArray:
    """``shoes`` shoes of ``decks`` decks, each shuffled: faces, shape ``(shoes, 52 * decks)``."""
    faces = np.tile(np.arange(FACES * decks, dtype=np.int16) % FACES, (shoes, 1))
    return rng.permuted(faces, axis=1, out=faces)


@dataclass(frozen=True)
class Rounds:
    """Every round of a task's shoes, one row a shoe (shape ``(shoes, rounds)`` unless said):
    the faces dealt (``(shoes, rounds, cards a round)``), one unit's net x scale, the rank
    counter's bet and true count (nearest), the suits left before the round (``(shoes,
    rounds, 4)``, clubs to spades; zeros without a suit counter) and the suit counter's bet."""

    dealt: CardArray
    unit_net: IntArray
    units: IntArray
    nearest: IntArray
    suits_left: IntArray
    suit_units: IntArray


def deal_rounds(game: ShoeGame, penetration: Fraction | float, task: int,
                shoes: int) -> Rounds:
    """Deal ``shoes`` shoes of task ``task`` to the cut card: each round, its net and both
    counters' bets."""
    rng = np.random.Generator(np.random.PCG64DXSM(chunk_seed(game.seed, task)))
    rounds = game.rounds_per_shoe(penetration)
    per_round = game.per_round
    dealt = shuffled_shoes(rng, shoes, game.decks)[:, :rounds * per_round]
    dealt = dealt.reshape(shoes, rounds, per_round)
    wager = np.ascontiguousarray(dealt[:, :, :game.cards].transpose(2, 0, 1)).reshape(
        game.cards, shoes * rounds)
    unit_net = np.asarray(game.settle(wager), dtype=np.int64).reshape(shoes, rounds)

    tags = np.asarray(game.tags, dtype=np.int64)
    seen = tags[dealt].sum(axis=2)                          # each round's cards, counted
    running = np.cumsum(seen, axis=1) - seen                # before each round
    gone = per_round * np.arange(rounds, dtype=np.int64)
    left = game.size - gone
    centred = centred_running(running, gone, sum(game.tags))
    units = game.spread.units(true_count(centred, left))
    suits_left = np.zeros((shoes, rounds, 4), dtype=np.int64)
    suit_units = np.zeros((shoes, rounds), dtype=np.int64)
    if game.suits is not None:
        suit = dealt % 4
        each = np.stack([(suit == s).sum(axis=2) for s in range(4)], axis=-1).astype(np.int64)
        suits_left = (np.asarray(game.suits.full_suits, dtype=np.int64)
                      - (np.cumsum(each, axis=1) - each))
        bet, otherwise = game.suit_bet
        suit_units = np.where(game.suits.bets(suits_left), bet, otherwise).astype(np.int64)
    return Rounds(dealt, unit_net, units, nearest_true_count(centred, left), suits_left,
                  suit_units)


def _shoe_sums(won: IntArray) -> tuple[int, int]:
    """The total of a (shoes, rounds) array of nets and the sum of its shoes' squared nets."""
    shoe = won.sum(axis=1)
    return int(shoe.sum()), sum(total * total for total in shoe.tolist())


def play_shoes(game: ShoeGame, penetration: Fraction | float, task: int,
               shoes: int) -> Tally:
    """Deal ``shoes`` shoes of task ``task`` to the cut card and tally the counters' results."""
    dealt = deal_rounds(game, penetration, task, shoes)
    unit_net, units = dealt.unit_net, dealt.units
    won = units * unit_net
    net, squares = _shoe_sums(won)
    flat_net, flat_squares = _shoe_sums(unit_net)
    suit_net, suit_squares = _shoe_sums(dealt.suit_units * unit_net)
    tally = Tally(shoes=shoes, rounds=unit_net.size, rounds_bet=int(np.count_nonzero(units)),
                  wagered=int(units.sum()), net=net, squares=squares, flat_net=flat_net,
                  flat_squares=flat_squares,
                  suit_bet=int(np.count_nonzero(dealt.suit_units)),
                  suit_wagered=int(dealt.suit_units.sum()), suit_net=suit_net,
                  suit_squares=suit_squares)
    _add_buckets(tally, dealt.nearest, units, won, unit_net)
    return tally


@dataclass(frozen=True)
class Coups:
    """Every coup of a task's shoes, one row a shoe and one column a coup of it (shape
    ``(shoes, most coups of a shoe)``; a shoe's row is padded past its last coup, ``live``
    False there): one unit's net x scale, the cards each coup used, the rank counter's bet and
    true count (nearest), the suits left before the coup (``(shoes, coups, 4)``) and the suit
    counter's bet."""

    live: npt.NDArray[np.bool_]
    unit_net: IntArray
    used: IntArray
    units: IntArray
    nearest: IntArray
    suits_left: IntArray
    suit_units: IntArray


def deal_coups(game: ShoeGame, penetration: Fraction | float, task: int,
               shoes: int) -> Coups:
    """Deal ``shoes`` shoes of task ``task`` in whole coups to the cut card: a coup is dealt
    while fewer cards than the cut card's place have come out (and the shoe still holds the
    most a coup uses), each coup takes exactly the cards its drawing rules give it, then
    ``other_cards`` more are seen; the counts before each coup size its bets. A continuous
    shuffler (penetration 0) deals one coup a shoe."""
    assert game.coups is not None
    rng = np.random.Generator(np.random.PCG64DXSM(chunk_seed(game.seed, task)))
    shoe = shuffled_shoes(rng, shoes, game.decks)
    cut, size, most = game.cut(penetration), game.size, game.per_round
    tags = np.asarray(game.tags, dtype=np.int64)
    tag_sum = sum(game.tags)
    reach = np.arange(most, dtype=np.int64)
    position = np.zeros(shoes, dtype=np.int64)
    running = np.zeros(shoes, dtype=np.int64)
    suits_seen = np.zeros((shoes, 4), dtype=np.int64)
    full_suits = (np.asarray(game.suits.full_suits, dtype=np.int64) if game.suits is not None
                  else np.zeros(4, dtype=np.int64))
    columns: list[tuple[IntArray, ...]] = []
    lives: list[npt.NDArray[np.bool_]] = []
    while True:
        live = position + most <= size
        live &= position < cut if cut else position == 0
        if not live.any():
            break
        at = np.flatnonzero(live)
        cards = shoe[at[:, None], position[at, None] + reach]          # (coups, most)
        net, used = game.coups(np.ascontiguousarray(cards[:, :game.cards].T))
        gone, left = position[at], size - position[at]
        centred = centred_running(running[at], gone, tag_sum)
        seen = reach[None, :] < (used + game.other_cards)[:, None]
        values = [np.zeros(shoes, dtype=np.int64) for _ in range(5)]
        values[0][at] = net
        values[1][at] = used
        values[2][at] = game.spread.units(true_count(centred, left))
        values[3][at] = nearest_true_count(centred, left)
        suit_left = np.zeros((shoes, 4), dtype=np.int64)
        if game.suits is not None:
            suit_left[at] = full_suits - suits_seen[at]
            bet, otherwise = game.suit_bet
            values[4][at] = np.where(game.suits.bets(suit_left[at]), bet, otherwise)
            suit = cards % 4
            suits_seen[at] += np.stack([((suit == s) & seen).sum(axis=1) for s in range(4)],
                                       axis=-1)
        running[at] += (tags[cards] * seen).sum(axis=1)
        position[at] += used + game.other_cards
        lives.append(live)
        columns.append((*values, suit_left))
    net_all, used_all, units, nearest, suit_units, suits_left = (
        np.stack(parts, axis=1) for parts in zip(*columns, strict=True))
    return Coups(np.stack(lives, axis=1), net_all, used_all, units, nearest, suits_left,
                 suit_units)


def _cross(won: IntArray, rounds: IntArray) -> int:
    """The sum over shoes of the shoe's net times its rounds."""
    return sum(a * b for a, b in zip(won.sum(axis=1).tolist(), rounds.tolist(), strict=True))


def play_coups(game: ShoeGame, penetration: Fraction | float, task: int,
               shoes: int) -> Tally:
    """Deal ``shoes`` shoes of task ``task`` in whole coups and tally the counters' results."""
    dealt = deal_coups(game, penetration, task, shoes)
    live, unit_net, units = dealt.live, dealt.unit_net, dealt.units
    won = units * unit_net
    suit_won = dealt.suit_units * unit_net
    per_shoe = live.sum(axis=1).astype(np.int64)
    net, squares = _shoe_sums(won)
    flat_net, flat_squares = _shoe_sums(unit_net)
    suit_net, suit_squares = _shoe_sums(suit_won)
    tally = Tally(shoes=shoes, rounds=int(per_shoe.sum()),
                  rounds_bet=int(np.count_nonzero(units)), wagered=int(units.sum()), net=net,
                  squares=squares, flat_net=flat_net, flat_squares=flat_squares,
                  suit_bet=int(np.count_nonzero(dealt.suit_units)),
                  suit_wagered=int(dealt.suit_units.sum()), suit_net=suit_net,
                  suit_squares=suit_squares,
                  rounds_squares=sum(n * n for n in per_shoe.tolist()),
                  net_cross=_cross(won, per_shoe), flat_cross=_cross(unit_net, per_shoe),
                  suit_cross=_cross(suit_won, per_shoe))
    _add_buckets(tally, dealt.nearest[live], units[live], won[live], unit_net[live])
    return tally


def _add_buckets(tally: Tally, nearest: IntArray, units: IntArray, won: IntArray,
                 unit_net: IntArray) -> None:
    """Tally the rounds by true count (nearest): rounds, units wagered, the counter's net, one
    unit's net and its square."""
    keys, index = np.unique(nearest, return_inverse=True)
    index = index.reshape(-1)
    columns = (np.ones(index.size, dtype=np.int64), units.reshape(-1), won.reshape(-1),
               unit_net.reshape(-1), unit_net.reshape(-1) ** 2)
    sums = np.zeros((len(columns), keys.size), dtype=np.int64)
    for row, values in enumerate(columns):
        np.add.at(sums[row], index, values)
    for k, count in enumerate(keys.tolist()):
        tally.buckets[count] = [int(v) for v in sums[:, k].tolist()]


def _run(game: ShoeGame, task: tuple[Fraction, int, int]) -> Tally:
    """One task of :func:`win_rates`: (penetration, task index, shoes)."""
    penetration, index, shoes = task
    if game.coups is not None:
        return play_coups(game, penetration, index, shoes)
    return play_shoes(game, penetration, index, shoes)


# --- the entry point --------------------------------------------------------------------------

def count_tags(tags: Counted | Sequence[int]) -> tuple[int, ...]:
    """The 52 tags of a count: an object with ``tags`` (a linear count), or the tags."""
    found = tags.tags if hasattr(tags, "tags") else tags
    values = tuple(int(tag) for tag in found)
    if len(values) != FACES:
        raise EdgeError(f"A count needs one tag per card face ({FACES}), not {len(values)}.")
    return values


def _spread(spread: Spread | tuple[int, int]) -> Spread:
    return spread if isinstance(spread, Spread) else Spread(*spread)


def win_rates(settle: Settle, scale: int, decks: int, tags: Counted | Sequence[int] | None,
              *, cards: int, penetrations: Iterable[float | Fraction],
              spread: Spread | tuple[int, int], rounds: int, seed: int, other_cards: int = 0,
              hands_per_hour: float = HANDS_PER_HOUR, cluster: str | None = None,
              workers: int | None = None, shoes_per_task: int = SHOES_PER_TASK,
              progress: str | None = None, stake: Fraction | int = 1,
              suits: SuitCounter | None = None,
              suit_bet: tuple[int, int] = (1, 0),
              coups: SettleCoups | None = None) -> list[WinRate]:
    """The counter's win rate at each penetration, simulated (see the module's docstring).

    ``settle``: the wager's settlement of ``cards`` dealt cards (:data:`Settle`), its nets in
    units of ``1 / scale``; ``tags``: the count (an object with ``tags``, or the 52 tags; None:
    no rank counter, every tag 0); ``penetrations``: shares of the shoe dealt before the
    shuffle, 0 for a continuous shuffler (every round from the full shoe); ``suits``: the suit
    counter (None: none), betting ``suit_bet[0]`` units when its estimate is above zero and
    ``suit_bet[1]`` otherwise;
    ``rounds``: at least this many rounds per penetration (whole shoes); ``spread``: a
    :class:`Spread` or ``(low, high)`` units; ``stake``: the units wagered by a bet of one
    unit of the wager (3 for one unit on each of three parts), the returns being per unit
    wagered. The shoes run in tasks on ``cluster`` (None: this
    machine, ``workers`` processes), the same results whatever the workers. ``coups``: the
    wager is dealt in whole coups of a varying number of cards, at most ``cards``, settled by
    it (:data:`SettleCoups`; ``settle`` is then unused), each shoe dealing at least the
    coups of ``cards`` cards each it would hold.
    """
    pens = [Fraction(p) for p in penetrations]
    if decks < 1:
        raise EdgeError(f"A shoe needs at least one deck, not {decks}.")
    if cards < 1 or other_cards < 0:
        raise EdgeError(f"A round deals the wager's {cards} cards (at least 1) and "
                        f"{other_cards} others (at least 0).")
    if rounds < 1 or shoes_per_task < 1 or scale < 1:
        raise EdgeError("The rounds, the shoes per task and the scale must be at least 1.")
    if stake <= 0:
        raise EdgeError(f"A bet of one unit wagers a positive number of units, not {stake}.")
    if min(suit_bet) < 0 or max(suit_bet) < 1:
        raise EdgeError(f"The suit counter's bets {suit_bet} must be whole units from 0, one "
                        "of them at least 1.")
    game = ShoeGame(settle, scale, cards, other_cards, decks,
                    count_tags(tags) if tags is not None else (0,) * FACES, _spread(spread),
                    seed, shoes_per_task, Fraction(stake), suits, suit_bet, coups)
    if game.per_round > game.size:
        raise EdgeError(f"A round of {game.per_round} cards does not fit a shoe of "
                        f"{game.size} cards.")
    if suits is not None and suits.size != game.size:
        raise EdgeError(f"The suit counter counts a shoe of {suits.size} cards, not "
                        f"{game.size}.")
    for pen in pens:
        if not 0 <= pen <= 1 or (pen and game.cut(pen) < 1):
            raise EdgeError(f"The penetration {float(pen):g} must be a share of the shoe "
                            "from 0 (a continuous shuffler) to 1, at least one card.")
    plans: list[tuple[Fraction, int]] = []        # (penetration, shoes)
    tasks: list[tuple[Fraction, int, int]] = []
    for pen in pens:
        shoes = -(-rounds // game.rounds_per_shoe(pen))
        plans.append((pen, shoes))
        for index in range(-(-shoes // shoes_per_task)):
            tasks.append((pen, index, min(shoes_per_task, shoes - index * shoes_per_task)))
    results = map_tasks(partial(_run, game), tasks, cluster=cluster, workers=workers,
                        progress=progress)
    totals: dict[Fraction, Tally] = {}
    for (pen, _, _), result in zip(tasks, results, strict=True):
        totals.setdefault(pen, Tally()).add(result)
    return [_win_rate(game, pen, totals[pen], hands_per_hour) for pen, _ in plans]


def wager_win_rates(bet: Bet[Any], paytable: PayTable | None, rules: Rules,
                    tags: Counted | Sequence[int] | None, *,
                    penetrations: Iterable[float | Fraction],
                    spread: Spread | tuple[int, int], rounds: int, seed: int,
                    other_cards: int = 0, hands_per_hour: float = HANDS_PER_HOUR,
                    cluster: str | None = None, workers: int | None = None,
                    progress: str | None = None,
                    suit_returns: Callable[[tuple[int, ...]], Fraction] | None = None,
                    suit_bet: tuple[int, int] = (1, 0),
                    coup_penetrations: Iterable[float | Fraction] | None = None
                    ) -> list[WinRate]:
    """:func:`win_rates` of a game's wager, settled by its own ``simulate`` hook (its
    simulator's ``settle``, ``scale``, ``cards_dealt``, ``decks`` and ``initial_wager``, the
    units a bet of one unit wagers): for the report's and
    ``edge counting``'s simulated win rates, on the count ``c.best.fit.count``. ``paytable``:
    None for the wager's default table. ``suit_returns``: the wager's exact return from a shoe
    of any make-up (52 face counts), for a suit counter (:mod:`edge.counting.suit_counter`);
    None: no suit counter. A wager whose simulator draws cards by rule (``drawn``, with
    ``settle_coups``: a bet file's ``[[draw]]`` rules) is dealt in whole coups, at
    ``coup_penetrations`` when given (else ``penetrations``)."""
    simulator = bet.simulator(Wager(paytable or bet.paytable(None), rules,
                                    player_of(rules, None), RunSettings()))
    if simulator is None:
        raise EdgeError(f"The {bet.name} wager has no simulator to deal a shoe game with.")
    decks = getattr(simulator, "decks", None)
    if not isinstance(decks, int) or not hasattr(simulator, "cards_dealt"):
        raise EdgeError(f"The {bet.name} wager's simulator does not say its shoe's decks and "
                        "cards a hand: it cannot deal a shoe game.")
    settle, scale, cards = settlement(cast(Dealer, simulator))
    coups = CoupsOf(cast(CoupDealer, simulator)) if getattr(simulator, "drawn", False) else None
    if coups is not None and coup_penetrations is not None:
        penetrations = coup_penetrations
    stake = Fraction(getattr(simulator, "initial_wager", 1))
    suits = (suit_counter(suit_returns, (decks,) * FACES, cards)
             if suit_returns is not None else None)
    return win_rates(settle, scale, decks, tags, cards=cards, penetrations=penetrations,
                     spread=spread, rounds=rounds, seed=seed, other_cards=other_cards,
                     hands_per_hour=hands_per_hour, cluster=cluster, workers=workers,
                     progress=progress, stake=stake, suits=suits, suit_bet=suit_bet,
                     coups=coups)


def _win_rate(game: ShoeGame, penetration: Fraction, tally: Tally,
              hands_per_hour: float) -> WinRate:
    buckets = tuple(Bucket(count, rounds, wagered, net, unit_net, unit_squares, game.scale,
                           game.stake)
                    for count, (rounds, wagered, net, unit_net, unit_squares)
                    in sorted(tally.buckets.items()))
    coups = game.coups is not None
    per_shoe = (round(Fraction(tally.rounds, tally.shoes)) if coups
                else game.rounds_per_shoe(penetration))
    made = partial(WinRate, float(penetration), game.decks, game.per_round, per_shoe,
                   game.spread, hands_per_hour, game.scale, tally.shoes, tally.rounds)
    suit = (made(tally.suit_bet, tally.suit_wagered, tally.suit_net, tally.suit_squares, (),
                 tally.flat_net, tally.flat_squares, game.stake, game.cut(penetration),
                 coups=coups, rounds_squares=tally.rounds_squares,
                 net_cross=tally.suit_cross, flat_cross=tally.flat_cross)
            if game.suits is not None else None)
    return made(tally.rounds_bet, tally.wagered, tally.net, tally.squares, buckets,
                tally.flat_net, tally.flat_squares, game.stake, game.cut(penetration), suit,
                coups=coups, rounds_squares=tally.rounds_squares, net_cross=tally.net_cross,
                flat_cross=tally.flat_cross)
