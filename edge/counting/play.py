"""How the simulated counter plays a shoe, and its win rates as a document (issue 28, item 3).

The counter follows the best linear count (:mod:`edge.counting.count`): it bets the wager only
from a true count (``start``, by default the break-even true count rounded up: below it the
wager loses on average), ``low`` units there and ``step`` more per true count up to ``high``,
and sits the wager out below ``start`` unless told to bet ``low`` on every round. Where the
suits left move the wager, a suit counter (:mod:`edge.counting.suit_counter`) plays the same
rounds: ``high`` units when its estimate of the shoe's return is above zero, nothing otherwise
(``low`` with ``every_round``). The depths are the section's four unless ``cuts`` (from
``--penetration``) or ``continuous`` (``--continuous``, every round from the full shoe) say
otherwise. The shoes are dealt by :mod:`edge.counting.simulation` on this machine's cores (or
a Dask cluster); the win rates are simulated, with their standard errors, and say so.

>>> play = CounterPlay(rounds=10**6, low=1, high=4)
>>> play.text(Fraction(9, 2))
'nothing below true count 5, 1 unit at 5, one more per true count above it up to 4'
>>> import numpy as np
>>> play.spread(Fraction(9, 2)).units(np.arange(3, 10)).tolist()
[0, 0, 1, 2, 3, 4, 4]
"""

from __future__ import annotations

import argparse
import math
import re
import shlex
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from edge.document import Items, Paragraph, Table
from edge.document.document import Block
from edge.errors import EdgeError
from edge.table import percent

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from edge.counting.count import CountFit, LinearCount
    from edge.counting.sampled import CountReturn
    from edge.counting.simulation import Bucket, Spread, WinRate
    from edge.games import Bet, Rules
    from edge.paytables import PayTable

# rounds a report simulates at each penetration unless told otherwise
REPORT_ROUNDS = 1_000_000
# the most rounds a depth simulates: about an hour of one core a depth (21+3 from its bet file
# dealt 4,000,135 rounds in 1.3 CPU seconds, 2026-12-06; with the suit counter too, about
# twice that: 2,000,000 rounds in 1.8 CPU seconds against 0.8); a larger number (10^30 was tried)
# built its task list for ever before the first shoe was dealt, with no word
MAX_ROUNDS = 10 ** 10
SEED = 2026
# the true count the first-order line is compared with the simulation at most this far
MIN_BUCKET_ROUNDS = 2_000
# the check: the flat bet's simulated return agrees with the exact return off the top when it
# is at most this many standard errors from it at every depth (at most about 1 run in 100 of four
# depths of a sound simulation says "disagrees" by chance)
CHECK_Z = 3
# bounds of the counter's options: a true count, cards seen in a round, rounds an hour, a bet
MOST_TRUE_COUNT = 100
MOST_OTHER_CARDS = 52
MOST_HANDS_PER_HOUR = 10_000
MOST_UNITS = 10 ** 9
# the fewest rounds bet at a depth for a verdict on the counter (wins, loses, breaks even):
# below it the standard error from the shoes' totals rests on too few bets to read
MIN_VERDICT_ROUNDS = 100
FACES_IN_DECK = 52
# the most decimal places a simulated win is printed to
MOST_PLACES = 12
# the cut card's place, in cards from the end, where a wager dealt in whole coups (cards drawn
# by rule) is simulated unless --penetration or --cut says otherwise: 14 cards, the usual
# baccarat cut (E. Jacobson's simulations of the Dragon 7 and Panda 8 use it: docs/counting.md)
COUP_CUT = 14


@dataclass(frozen=True)
class CounterPlay:
    """The simulated counter's game: rounds per penetration, the bet spread in units (from
    ``start``, None: the break-even true count rounded up), whether it sits out below
    ``start`` (``every_round`` False), other cards it sees each round, the pace, the seed, and
    where the shoes are dealt (``cluster`` None: this machine, ``workers`` processes)."""

    rounds: int = REPORT_ROUNDS
    low: int = 1
    high: int = 1
    start: int | None = None
    every_round: bool = False
    other_cards: int = 0
    hands_per_hour: int = 100
    seed: int = SEED
    cluster: str | None = None
    workers: int | None = None
    # the depths to deal the shoe to (none given: the section's four), or a continuous shuffler
    cuts: tuple[Cut, ...] = ()
    continuous: bool = False
    # the exact return of simulated shoes by whole true count, found by the analysis
    # (edge.counting.sampled): the default first bet is the lowest that is above zero
    by_count: tuple[CountReturn, ...] = ()

    def __post_init__(self) -> None:
        if self.continuous and self.cuts:
            raise EdgeError("--continuous deals every round from the full shoe (no depth): "
                            "give no --penetration with it.")
        if not 0 <= self.rounds <= MAX_ROUNDS:
            raise EdgeError(f"The rounds to simulate must be from 0 to {MAX_ROUNDS:,}, not "
                            f"{self.rounds}.")
        if self.seed < 0:
            raise EdgeError(f"A seed is a whole number from 0, not {self.seed}.")
        if not 1 <= self.low <= self.high:
            raise EdgeError(f"The bet spread {self.low}-{self.high} must be LOW-HIGH units "
                            "with 1 <= LOW <= HIGH.")
        if self.other_cards < 0:
            raise EdgeError(f"The other cards seen each round must be 0 or more, not "
                            f"{self.other_cards}.")
        if self.hands_per_hour < 1:
            raise EdgeError(f"The rounds an hour must be at least 1, not "
                            f"{self.hands_per_hour}.")

    def first_bet(self, break_even: Fraction | None) -> int:
        """The true count the counter starts betting (or raising) at: ``start`` (--from), else
        the lowest whole true count from which the simulated shoes' mean exact return is above
        zero (:attr:`by_count`, :func:`~edge.counting.sampled.first_positive`), else the
        first-order line's ``break_even`` rounded up (1 when the line never turns)."""
        if self.start is not None:
            return self.start
        from edge.counting.sampled import first_positive
        turned = first_positive(self.by_count)
        if turned is not None:
            return turned.true_count
        return line_first_bet(break_even)

    def spread(self, break_even: Fraction | None) -> Spread:
        """The bet spread for a count whose wager turns at ``break_even``."""
        from edge.counting.simulation import Spread
        start = self.first_bet(break_even)
        # Spread bets low below its start: start one above, so the first bet is low
        return Spread(self.low, self.high, start=start + 1, step=1,
                      wong=None if self.every_round else start)

    def text(self, break_even: Fraction | None) -> str:
        """The bets in words."""
        start = self.first_bet(break_even)
        units = f"{self.low} unit{'s' if self.low != 1 else ''}"
        first = (f"{units} on every round up to true count {start}" if self.every_round
                 else f"nothing below true count {start}, {units} at {start}")
        if self.high == self.low:
            return first + (" and above" if not self.every_round else " and beyond")
        return first + f", one more per true count above it up to {self.high}"

    def shares(self, size: int, penetrations: Sequence[Fraction]) -> list[Fraction]:
        """The shares of a shoe of ``size`` cards dealt before the shuffle: ``--penetration``,
        else ``penetrations``; ``[0]`` for a continuous shuffler. An error for a depth past
        the shoe."""
        if self.continuous:
            return [Fraction(0)]
        return [cut.share(size) for cut in self.cuts] if self.cuts else list(penetrations)

    def suit_bets(self) -> tuple[int, int]:
        """The suit counter's units: when its estimate is above zero, and otherwise."""
        return self.high, self.low if self.every_round else 0

    def suit_text(self) -> str:
        """The suit counter's bets in words."""
        high, other = self.suit_bets()
        words = f"{high} unit{'s' if high != 1 else ''} when its estimate is above zero"
        return words + (f", {other} otherwise" if other else ", nothing otherwise")

    def win_rates(self, bet: Bet[Rules], paytable: PayTable | None, rules: Rules,
                  count: LinearCount | None, break_even: Fraction | None,
                  penetrations: Sequence[Fraction], size: int,
                  returns: Callable[[tuple[int, ...]], Fraction] | None = None
                  ) -> list[WinRate]:
        """The counters' win rates at each penetration (simulated): the rank counter on
        ``count`` (None: none), the suit counter from ``returns`` (the wager's exact return
        from a shoe of any make-up; None: none), on a shoe of ``size`` cards."""
        from edge.counting.simulation import wager_win_rates
        coup_cut = (None if self.cuts or self.continuous
                    else [Cut(behind=COUP_CUT).share(size)])
        return wager_win_rates(bet, paytable, rules, count,
                               penetrations=self.shares(size, penetrations),
                               coup_penetrations=coup_cut,
                               spread=self.spread(break_even), rounds=self.rounds,
                               seed=self.seed, other_cards=self.other_cards,
                               hands_per_hour=self.hands_per_hour, cluster=self.cluster,
                               workers=self.workers, progress=f"counting {bet.name}",
                               suit_returns=returns, suit_bet=self.suit_bets())

    def options(self) -> list[str]:
        """The command-line options that set this play, those away from a report's defaults
        (where the shoes ran, ``--cluster`` and ``--workers``, changes no figure)."""
        default = CounterPlay()
        parts = []
        if self.rounds != default.rounds:
            parts.append(f"--counting-rounds {self.rounds}")
        if (self.low, self.high) != (default.low, default.high):
            parts.append(f"--spread {self.low}-{self.high}")
        if self.start is not None:
            parts.append(f"--from {self.start}")
        if self.every_round:
            parts.append("--every-round")
        if self.other_cards != default.other_cards:
            parts.append(f"--other-cards {self.other_cards}")
        if self.hands_per_hour != default.hands_per_hour:
            parts.append(f"--hands-per-hour {self.hands_per_hour}")
        if self.seed != default.seed:
            parts.append(f"--seed {self.seed}")
        parts.extend(cut.option() for cut in self.cuts)
        if self.continuous:
            parts.append("--continuous")
        return parts


_SHARE = re.compile(r"\s*(?:([0-9]{1,20})\s*/\s*([0-9]{1,20})|([0-9]{0,20}\.[0-9]{1,20})"
                    r"|([0-9]{1,20}(?:\.[0-9]{1,20})?)\s*%|([0-9]{1,20})\s*(cards?)?)\s*")


@dataclass(frozen=True)
class Cut:
    """Where the cut card goes: a share of the shoe dealt (``share``), a number of cards
    from the top (``cards``; :func:`parse_penetration` reads both), or a number of cards from
    the end (``behind``, ``--cut N``), one of the three."""

    fraction: Fraction | None = None
    cards: int | None = None
    behind: int | None = None

    def share(self, size: int) -> Fraction:
        """The share of a shoe of ``size`` cards dealt; an error past the shoe."""
        if self.behind is not None:
            if not 0 <= self.behind < size:
                raise EdgeError(f"--cut {self.behind}: the shoe holds {size:,} cards, and the "
                                f"cut card goes from 0 to {size - 1:,} cards from its end.")
            return Fraction(size - self.behind, size)
        if self.cards is None:
            assert self.fraction is not None
            if round(self.fraction * size) < 1:
                raise EdgeError(f"--penetration {self.text()}: the cut card must come after "
                                f"one card of the {size:,} or more.")
            return self.fraction
        if self.cards > size:
            raise EdgeError(f"--penetration {self.text()}: the shoe holds {size:,} cards, "
                            "and the cut card goes at most after the last of them.")
        return Fraction(self.cards, size)

    def option(self) -> str:
        """The command-line option that sets it: ``--penetration '260 cards'``, ``--cut 14``."""
        if self.behind is not None:
            return f"--cut {self.behind}"
        return f"--penetration {shlex.quote(self.text())}"

    def text(self) -> str:
        """As ``--penetration`` takes it: ``5/6``, ``260 cards`` (``--cut``: its number)."""
        if self.behind is not None:
            return str(self.behind)
        if self.cards is not None:
            return f"{self.cards} card{'s' if self.cards != 1 else ''}"
        assert self.fraction is not None
        return str(self.fraction)


def parse_penetration(text: str) -> Cut:
    """``--penetration``: a share of the shoe dealt before the shuffle (``5/6``, ``0.75``,
    ``75%``, ``1`` the whole shoe) or a number of cards (``260 cards``), above 0.

    >>> parse_penetration("5/6")
    Cut(fraction=Fraction(5, 6), cards=None, behind=None)
    >>> parse_penetration("75%").fraction, parse_penetration("260 cards").cards
    (Fraction(3, 4), 260)
    """
    found = _SHARE.fullmatch(text)
    if found is None:
        raise EdgeError(f"--penetration {text!r} is not a share of the shoe (5/6, 0.75, 75%) "
                        "or a number of cards (260 cards).")
    top, bottom, point, percentage, whole, cards = found.groups()
    if whole is not None and cards is None and int(whole) not in (0, 1):
        raise EdgeError(f"--penetration {text!r}: write '{int(whole)} cards' for a number of "
                        "cards, or a share of the shoe (5/6, 0.75, 75%).")
    if cards is not None:
        cut = Cut(cards=int(whole))
        value = Fraction(cut.cards or 0)
    else:
        if bottom is not None and int(bottom) == 0:
            raise EdgeError(f"--penetration {text!r}: a share's denominator is not 0.")
        value = (Fraction(int(top), int(bottom)) if top is not None
                 else Fraction(point) if point is not None
                 else Fraction(percentage) / 100 if percentage is not None
                 else Fraction(int(whole)))
        cut = Cut(fraction=value)
    if value <= 0:
        raise EdgeError(f"--penetration {text!r}: the shoe must be dealt to a depth above 0 "
                        "(for every round from the full shoe, give --continuous).")
    if cut.fraction is not None and value > 1:
        raise EdgeError(f"--penetration {text!r}: a share of the shoe is at most 1 (the "
                        "whole shoe).")
    return cut


def line_first_bet(break_even: Fraction | None) -> int:
    """The first-order line's first bet: its break-even true count rounded up, at least 1."""
    return max(1, math.ceil(break_even)) if break_even is not None else 1


def with_error(value: float, error: float, signed: bool = True) -> str:
    """``value ± error`` to as many places as the error's second significant figure needs (at
    least three): a small win is not printed as 0.000.

    >>> with_error(-0.000041, 0.0000123)
    '-0.000041 ± 0.000012'
    >>> with_error(0.0904, 0.0891)
    '+0.090 ± 0.089'
    """
    places = 3
    if math.isfinite(error) and error > 0:
        places = min(MOST_PLACES, max(places, 1 - math.floor(math.log10(error))))
    shown = f"{value:+.{places}f}" if signed else f"{value:.{places}f}"
    return f"{shown} ± {error:.{places}f}" if math.isfinite(error) else f"{shown} ± (no error)"


def verdict(rate: WinRate) -> str:
    """Whether the counter wins at this penetration, in words, with the basis: no verdict when
    it bet no round, or fewer than :data:`MIN_VERDICT_ROUNDS` (too few to judge its error)."""
    if rate.rounds_bet == 0:
        return "bet no round"
    if rate.rounds_bet < MIN_VERDICT_ROUNDS:
        return f"bet too few rounds to tell ({rate.rounds_bet:,})"
    win, error = rate.win_per_hour, rate.standard_error_per_hour
    if win - 2 * error > 0:
        return "wins"
    if win + 2 * error < 0:
        return "loses"
    return "breaks even within its error"


def _won(rate: WinRate) -> tuple[str, ...]:
    """The share of rounds bet, units a bet and the win per 100 rounds and per hour (dealt in
    coups: per shoe, per 100 coups and per hour)."""
    share = (f"{rate.share_bet * 100:.2g}%" if 0 < rate.share_bet < 0.0001
             else f"{rate.share_bet:.2%}")
    if not rate.rounds_bet:
        return (share, "", *(("no coups bet",) * 3 if rate.coups
                             else ("no rounds bet",) * 2))
    shoe = (with_error(rate.win_per_shoe, rate.standard_error_per_shoe),) if rate.coups else ()
    return (share, f"{rate.average_bet:.2f}", *shoe,
            with_error(rate.win_per_100, rate.standard_error_per_100),
            with_error(rate.win_per_hour, rate.standard_error_per_hour))


def _won_headers(rates: Sequence[WinRate]) -> tuple[str, ...]:
    """The headers of :func:`_won`'s columns."""
    if any(rate.coups for rate in rates):
        return ("share of coups bet", "units a bet", "units won per shoe",
                "units won per 100 coups", "units won per hour")
    return ("share of rounds bet", "units a bet", "units won per 100 rounds",
            "units won per hour")


def coups_words(rates: Sequence[WinRate]) -> str:
    """How a wager dealt in whole coups is dealt, in words (empty for rounds of fixed size)."""
    found = [rate for rate in rates if rate.coups]
    if not found:
        return ""
    cuts = ", ".join(f"{FACES_IN_DECK * rate.decks - rate.cut:,}" for rate in found
                     if not rate.continuous)
    return ("coups are dealt whole from the shoe, each taking exactly the cards its drawing "
            "rules give it (a varying number), settled by the wager's own rules on those "
            "cards; the counts are updated by every card dealt and the bet is sized by the "
            "count before the coup; "
            + (f"the shoe is shuffled when the cut card comes out, {cuts} cards from the end "
               "(the coup that reaches it is finished; no card is burnt)" if cuts else
               "with a continuous shuffler each coup is dealt from the full shoe")
            + "; a shoe's coups vary in number, so the win per coup is a ratio of the shoes' "
            "totals and its standard error a ratio's")


def _answer(rates: Sequence[WinRate], who: str) -> str:
    """The best depth's verdict on a counter, first: ``who`` is "the counter" or "the suit
    counter"."""
    judged = [r for r in rates if r.rounds_bet >= MIN_VERDICT_ROUNDS]
    if judged:
        best = max(judged, key=lambda r: r.win_per_hour)
        where = ("with a continuous shuffler" if best.continuous
                 else f"{best.penetration:.0%} of the shoe dealt")
        if best.coups:
            return (f"At best ({where}) {who} {verdict(best)}: "
                    f"{with_error(best.win_per_shoe, best.standard_error_per_shoe)} units a "
                    f"shoe ({with_error(best.win_per_100, best.standard_error_per_100)} per "
                    f"100 coups dealt, "
                    f"{with_error(best.win_per_hour, best.standard_error_per_hour)} an hour), "
                    f"betting {best.share_bet:.2%} of coups.")
        return (f"At best ({where}) {who} {verdict(best)}: "
                f"{with_error(best.win_per_hour, best.standard_error_per_hour)} units an hour "
                f"({with_error(best.win_per_100, best.standard_error_per_100)} per 100 rounds "
                f"dealt), betting {best.share_bet:.2%} of rounds.")
    bet_at_all = sum(r.rounds_bet for r in rates)
    if not bet_at_all and all(r.continuous for r in rates):
        return (f"{who.capitalize()} bet no round: with a continuous shuffler it sees nothing "
                "to bet on.")
    if not bet_at_all:
        return (f"{who.capitalize()} bet no round at any depth: the simulation says nothing "
                "of its win rate"
                + (" (a lower --from, a deeper cut card or more --rounds would)."
                   if who == "the counter" else " (a deeper cut card or more --rounds would)."))
    return (f"{who.capitalize()} bet too few rounds at every depth to tell whether it wins "
            f"({bet_at_all:,} in all, fewer than {MIN_VERDICT_ROUNDS} at each): more "
            "--rounds would tell.")


def simulated_blocks(rates: Sequence[WinRate], play: CounterPlay, fit: CountFit | None,
                     full: Fraction, bet: str) -> list[Block]:
    """The simulated win rates as tables (the rank counter's on ``fit``'s count, when there
    is one; the suit counter's, when it played), with what they rest on and the answer
    first."""
    suits = [rate.suit for rate in rates if rate.suit is not None]
    blocks: list[Block] = []
    if fit is not None:
        blocks.extend(_rank_blocks(rates, play, fit, full, bet))
    else:
        blocks.append(Items((flat_check(rates, full),)))
    if suits:
        blocks.extend(suit_blocks(rates, play, bet))
    blocks.append(Paragraph("A simulation, not an enumeration: these figures depend on the "
                            "seed and carry sampling error; every other figure of this "
                            "section is exact.", "note"))
    return blocks


def _rank_blocks(rates: Sequence[WinRate], play: CounterPlay, fit: CountFit,
                 full: Fraction, bet: str) -> list[Block]:
    rows = []
    for rate in rates:
        rows.append((rate.depth, f"{rate.rounds:,}", *_won(rate),
                     f"{-rate.flat_return:.3%} ± {rate.flat_standard_error:.3%}",
                     f"{rate.flat_z(full):+.2f}", verdict(rate)))
    coups = any(rate.coups for rate in rates)
    headers = _won_headers(rates)
    table = Table(("cut card at (share of the shoe)", "coups dealt" if coups else "rounds dealt",
                   *headers, "house edge, every coup" if coups else "house edge, every round",
                   "z", "counter"), tuple(rows),
                  f"The counter's win rate on the {bet} wager, simulated "
                  f"({play.hands_per_hour} {'coups' if coups else 'rounds'} an hour)",
                  align="rr" + "r" * len(headers) + "rrl")
    start = play.first_bet(fit.break_even)
    words = [
        _answer(rates, "the counter"),
        f"Simulated: the counter keeps {fit.count.name} over every card dealt"
        + (f" and {play.other_cards} other cards a round" if play.other_cards else "")
        + f", and bets {play.text(fit.break_even)} ({entry_basis(play, fit)}). Each "
        "penetration deals whole shoes from seed "
        f"{play.seed} until at least {play.rounds:,} {'coups' if coups else 'rounds'} are "
        f"dealt; the win is in units of the wager per {'coup' if coups else 'round'} dealt "
        "(bet or not), ± one standard error from the shoes' "
        "totals; 'counter' says whether the win per hour is two standard errors from zero "
        f"(no verdict below {MIN_VERDICT_ROUNDS} rounds bet)."
        + _stake_text(rates)
        + (f" Dealt in whole coups: {coups_words(rates)}; the win per shoe is the mean of "
           "the shoes' nets, ± one standard error." if coups else ""),
        flat_check(rates, full),
    ]
    turned = simulated_turn(rates)
    if turned is not None and play.start is None:
        rate, bucket = turned
        words.append(
            f"Simulated return by true count: {_where(rate, 'at ')} the rounds at "
            f"true count {bucket.true_count} (rounded to the nearest) return "
            f"{bucket.player_return:+.3%} ± {bucket.standard_error:.3%} per unit wagered "
            f"({bucket.rounds:,} rounds), above zero by more than two standard errors"
            + (f", below the first bet's true count {start}: a counter starting there "
               f"(--from {bucket.true_count}) may win more than this one"
               if bucket.true_count < start else "")
            + ". A simulated figure, not the exact return at that true count.")
    if fit.break_even is not None and not play.every_round:
        words.insert(2, (
            "The share of rounds bet is of every round dealt before the cut card, from the "
            "shuffle on, and simulated: it is smaller than the share of rounds past break-even "
            "at a depth (the table above, simulated), which counts only the rounds dealt "
            "at that depth, where the true count strays furthest; and the counter bets only "
            f"from true count {start} (the true count floored, --from), not from the "
            f"break-even true count {float(fit.break_even):.2f} itself."))
    words.extend(_continuous_words(rates, "counter"))
    return [Items(tuple(words)), table]


SUIT_BASIS = (
    "its estimate of the wager's return from the four suits left (the exact return of a shoe "
    "of those suits with each suit's cards spread evenly over the ranks, less its exact mean "
    "over the shoes of that depth, plus the exact return off the top: what the suits do not "
    "tell, the ranks, taken at their average; exact for a wager that looks at suits alone, "
    "an estimate otherwise)")


def suit_blocks(rates: Sequence[WinRate], play: CounterPlay, bet: str) -> list[Block]:
    """The suit counter's win rate at each depth, with its answer first."""
    found = [(rate, rate.suit) for rate in rates if rate.suit is not None]
    rows = tuple((rate.depth, f"{suit.rounds:,}", *_won(suit), verdict(suit))
                 for rate, suit in found)
    headers = _won_headers(rates)
    table = Table(("cut card at (share of the shoe)", "rounds dealt", *headers,
                   "suit counter"), rows,
                  f"The suit counter's win rate on the {bet} wager, simulated "
                  f"({play.hands_per_hour} rounds an hour)",
                  align="rr" + "r" * len(headers) + "l")
    suits = [suit for _, suit in found]
    words = [
        _answer(suits, "the suit counter"),
        "Simulated on the same rounds: the suit counter keeps the four suits of every card "
        "dealt apart"
        + (f" (and of {play.other_cards} other cards a round)" if play.other_cards else "")
        + f" and bets {play.suit_text()}, by {SUIT_BASIS}. The win is in units of the wager "
        "per round dealt, ± one standard error from the shoes' totals.",
    ]
    both = [(rate, suit) for rate, suit in found
            if rate.rounds_bet >= MIN_VERDICT_ROUNDS and suit.rounds_bet >= MIN_VERDICT_ROUNDS]
    if both:
        rate, suit = max(both, key=lambda pair: pair[1].win_per_100)
        words.append(
            f"Side by side at {rate.depth} dealt: the suit counter "
            f"{with_error(suit.win_per_100, suit.standard_error_per_100)} units per 100 "
            f"rounds, the rank counter {with_error(rate.win_per_100, rate.standard_error_per_100)}"
            " (each with its own bets, above).")
    words.extend(_continuous_words(suits, "suit counter"))
    return [Items(tuple(words)), table]


def _continuous_words(rates: Sequence[WinRate], who: str) -> list[str]:
    """What a continuous shuffler left the counter, from its numbers."""
    found = [rate for rate in rates if rate.continuous]
    if not found:
        return []
    rate = found[0]
    if rate.rounds_bet == 0:
        return [f"With a continuous shuffler every round is dealt from the full shoe, so the "
                f"{who} sees nothing before it: it bet none of the {rate.rounds:,} rounds. "
                "Counting is useless against it."]
    return [f"With a continuous shuffler every round is dealt from the full shoe, so the {who} "
            f"sees nothing before it: it bet {rate.rounds_bet:,} of {rate.rounds:,} rounds "
            f"(as told, whatever the count), winning "
            f"{with_error(rate.win_per_100, rate.standard_error_per_100)} units per 100 "
            "rounds: every round's expectation is the return off the top, whatever was counted, "
            "so counting is useless against it."]


def simulated_turn(rates: Sequence[WinRate]) -> tuple[WinRate, Bucket] | None:
    """The lowest true count (from 0) whose simulated return, at some depth, is more than two
    standard errors above zero on at least :data:`MIN_BUCKET_ROUNDS` rounds, with its depth
    (the deepest of the lowest), or None."""
    found = [(bucket.true_count, -rate.penetration, rate, bucket)
             for rate in rates for bucket in rate.buckets
             if bucket.true_count >= 0 and bucket.rounds >= MIN_BUCKET_ROUNDS
             and bucket.player_return - 2 * bucket.standard_error > 0]
    if not found:
        return None
    _, _, rate, bucket = min(found, key=lambda item: (item[0], item[1]))
    return rate, bucket


def entry_basis(play: CounterPlay, fit: CountFit) -> str:
    """Where the counter's first bet comes from, in words: ``--from``, the exact returns of
    simulated shoes by true count (:attr:`CounterPlay.by_count`), or, where those name none,
    the first-order line's break-even rounded up."""
    from edge.counting.sampled import first_positive
    if play.start is not None:
        return f"true count {play.start} as --from sets it"
    if fit.break_even is None:
        return "the count never turns the wager, so from true count 1"
    line = (f"the break-even true count of the first-order line E(TC), "
            f"{float(fit.break_even):.2f}, rounded up")
    turned = first_positive(play.by_count)
    if turned is not None:
        return (f"true count {turned.true_count} is the lowest whole true count from which "
                f"the shoes' exact return is above zero at every true count looked at: "
                f"{with_error(turned.mean * 100, turned.standard_error * 100)}% per unit "
                f"wagered at {turned.true_count}, the mean exact return of {turned.shoes:,} "
                f"shoes of that true count dealt at random (simulated, seed {play.seed}); "
                f"{line}, would be {line_first_bet(fit.break_even)}; --from sets another")
    looked = sorted(r.true_count for r in play.by_count)
    found = (f"the simulated shoes' mean exact return is not above zero at true count "
             f"{looked[-1]}, the highest looked at" if looked else
             "too few simulated shoes reach the true counts near it to read their exact return")
    return (f"true count {play.first_bet(fit.break_even)} is {line}: {found}, so edge takes "
            "the line's; --from sets another")


def _stake_text(rates: Sequence[WinRate]) -> str:
    stake = rates[0].stake if rates else Fraction(1)
    if stake == 1:
        return ""
    return (f" A bet of one unit of this wager puts {stake} units at risk (one on each part): "
            "the units bet and won are such bets, the house edges are per unit wagered.")


def flat_check(rates: Sequence[WinRate], full: Fraction) -> str:
    """The check of the simulation in words that follow its numbers: one unit bet on every
    round dealt returns on average exactly ``full``, the wager's return off the top per unit
    wagered, whatever the count; "agrees" when the simulated return is at most
    :data:`CHECK_Z` standard errors from it at every depth, else "disagrees" with the z."""
    zs = [rate.flat_z(full) for rate in rates]
    found = "; ".join(f"{_where(rate)} {-rate.flat_return:.3%} ± "
                      f"{rate.flat_standard_error:.3%} (z = {z:+.2f})"
                      for rate, z in zip(rates, zs, strict=True))
    far = [(rate, z) for rate, z in zip(rates, zs, strict=True) if not abs(z) <= CHECK_Z]
    if far:
        words = "disagrees: " + ", ".join(f"z = {z:+.2f} {_where(rate, 'at ')}"
                                          for rate, z in far) + f" (|z| above {CHECK_Z})"
    else:
        words = f"agrees: |z| <= {CHECK_Z} at every depth"
    return (f"Check: one unit bet on every round dealt, whatever the count, has an expected "
            f"house edge of exactly the wager's house edge off the top, {percent(-full)} per "
            f"unit wagered (every round is a random draw of the full shuffled shoe"
            + ("; dealt in whole coups to a cut card, the number of coups a shoe deals depends "
               "on its cards, so the average over coups may stray from it by a cut-card "
               "effect, small beside these errors" if any(rate.coups for rate in rates) else "")
            + "). Simulated "
            f"(house edge per unit wagered ± one standard error from the shoes' totals, z = "
            f"the simulated less the exact house edge, in standard errors): {found}. "
            f"The simulation {words}.")


def _where(rate: WinRate, at: str = "") -> str:
    """``83% dealt`` (``at 83% dealt``), or ``with a continuous shuffler``."""
    return "with a continuous shuffler" if rate.continuous else f"{at}{rate.penetration:.0%} dealt"


def _rate_json(rate: WinRate) -> dict[str, Any]:
    return {"rounds_bet": rate.rounds_bet, "wagered": rate.wagered,
            "net": str(Fraction(rate.net, rate.scale)),
            "win_per_shoe": rate.win_per_shoe,
            "standard_error_per_shoe": rate.standard_error_per_shoe,
            "win_per_100": rate.win_per_100,
            "standard_error_per_100": rate.standard_error_per_100,
            "win_per_hour": rate.win_per_hour,
            "standard_error_per_hour": rate.standard_error_per_hour,
            "counter": verdict(rate)}


def simulated_json(rates: Sequence[WinRate], play: CounterPlay, fit: CountFit | None,
                   full: Fraction) -> dict[str, Any]:
    """The simulated win rates for ``--format json`` (``full``: the exact return off the top
    per unit wagered, for the check): the rank counter's (none without ``fit``), the suit
    counter's (``suit_counter``, where it played) and the flat bet's, at each depth
    (``penetration`` 0 and ``continuous``: a continuous shuffler)."""
    suits = any(rate.suit is not None for rate in rates)
    return {
        "bets": play.text(fit.break_even) if fit is not None else None, "seed": play.seed,
        "suit_bets": play.suit_text() if suits else None,
        "suit_estimate": SUIT_BASIS if suits else None,
        "hands_per_hour": play.hands_per_hour, "other_cards": play.other_cards,
        "rates": [{"penetration": rate.penetration, "cut_cards": rate.cut,
                   "continuous": rate.continuous, "rounds": rate.rounds,
                   "rounds_per_shoe": rate.rounds_per_shoe, "coups": rate.coups,
                   **(_rate_json(rate) if fit is not None else {}),
                   "stake": str(rate.stake),
                   "flat_net": str(Fraction(rate.flat_net, rate.scale)),
                   "flat_house_edge": -rate.flat_return,
                   "flat_standard_error": rate.flat_standard_error,
                   "flat_z": rate.flat_z(full),
                   "suit_counter": _rate_json(rate.suit) if rate.suit is not None else None}
                  for rate in rates],
        "check": flat_check(rates, full),
    }


def simulated_method(rates: Sequence[WinRate], play: CounterPlay) -> str:
    """The Method's words on the depths dealt and the suit counter (empty without either
    news)."""
    said = [coups_words(rates)] if coups_words(rates) else []
    if any(rate.continuous for rate in rates):
        said.append("with a continuous shuffler (every round dealt from the full shoe)")
    elif play.cuts:
        said.append("the shoe dealt to " + ", ".join(rate.depth for rate in rates)
                    + " before each shuffle")
    if any(rate.suit is not None for rate in rates):
        said.append(f"a suit counter plays the same rounds, betting {play.suit_text()}, by "
                    + SUIT_BASIS)
    return "; ".join(said)


# --- the command line: edge counting --rounds, edge report --counting ------------------------
def play_from_arguments(args: argparse.Namespace, rounds: int,
                        option: str = "--rounds") -> CounterPlay:
    """The simulated counter's game from ``--spread``, ``--from``, ``--every-round``,
    ``--other-cards``, ``--hands-per-hour``, ``--seed``, ``--workers`` and ``--cluster``;
    ``rounds`` as given by ``option``."""
    from edge.parallel import check_arguments
    check_arguments(args)
    if not 0 <= rounds <= MAX_ROUNDS:
        raise EdgeError(f"{option} {rounds} must be from 0 (no simulation) to {MAX_ROUNDS:,} "
                        "(10^10) rounds a depth.")
    if args.seed < 0:
        raise EdgeError(f"--seed {args.seed}: a seed is a whole number from 0.")
    low, high = check_play_arguments(args)
    return CounterPlay(rounds=rounds, low=low, high=high, start=args.start,
                       every_round=args.every_round, other_cards=args.other_cards,
                       hands_per_hour=args.hands_per_hour, seed=args.seed,
                       cluster=args.cluster, workers=args.workers,
                       cuts=cuts_of(args), continuous=args.continuous)


def cuts_of(args: argparse.Namespace) -> tuple[Cut, ...]:
    """The depths ``--penetration`` and ``--cut`` give (none: the defaults), each once;
    refused with ``--continuous``."""
    texts = [f"--penetration {text}" for text in args.penetration or []]
    cuts = [parse_penetration(text) for text in args.penetration or []]
    for behind in getattr(args, "cut", None) or []:
        if behind < 0:
            raise EdgeError(f"--cut {behind}: the cut card goes 0 or more cards from the end "
                            "of the shoe.")
        texts.append(f"--cut {behind}")
        cuts.append(Cut(behind=behind))
    for i, cut in enumerate(cuts):
        if cut in cuts[:i]:
            raise EdgeError(f"{texts[i]} is given twice: give each depth once.")
    if cuts and args.continuous:
        raise EdgeError(f"--continuous deals every round from the full shoe (no depth): "
                        f"give no {texts[0]} with it.")
    return tuple(cuts)


def check_play_arguments(args: argparse.Namespace) -> tuple[int, int]:
    """Refuse a malformed ``--spread``, ``--from``, ``--other-cards`` or ``--hands-per-hour``
    (with or without ``--rounds``), naming it; the spread read."""
    for flag, value, low, high in (("--from", args.start, -MOST_TRUE_COUNT, MOST_TRUE_COUNT),
                                   ("--other-cards", args.other_cards, 0, MOST_OTHER_CARDS),
                                   ("--hands-per-hour", args.hands_per_hour, 1,
                                    MOST_HANDS_PER_HOUR)):
        if value is not None and not low <= value <= high:
            raise EdgeError(f"{flag} {value} must be from {low} to {high:,}.")
    cuts_of(args)
    return parse_spread(args.spread)


def check_unused(args: argparse.Namespace, needs: str) -> None:
    """Refuse an option of the simulated counter given without ``needs`` (``--rounds N`` or
    ``--counting``), the option that runs the simulation: it would change nothing."""
    defaults = {"spread": "1", "start": None, "every_round": False, "other_cards": 0,
                "hands_per_hour": 100, "seed": SEED, "workers": None, "cluster": None,
                "penetration": None, "cut": None, "continuous": False}
    for name, default in defaults.items():
        value = getattr(args, name)
        if isinstance(value, list):
            value = value[0]
        if value != default:
            option = "--from" if name == "start" else "--" + name.replace("_", "-")
            given = option if value is True else f"{option} {value}"
            raise EdgeError(f"{given} sets the simulated counter, which runs only with "
                            f"{needs}: give {needs} too, or leave {option} out.")


_SPREAD = re.compile(r"\s*([0-9]{1,40})\s*(?:-\s*([0-9]{1,40})\s*)?")


def parse_spread(text: str) -> tuple[int, int]:
    """``--spread 1-8`` (or ``4``): the bet in units, lowest and highest, 1 <= LOW <= HIGH."""
    found = _SPREAD.fullmatch(text)
    if found is None:
        raise EdgeError(f"--spread {text!r} is not LOW-HIGH units (1-8) or one number.")
    low = int(found.group(1))
    high = int(found.group(2) or low)
    if not 1 <= low <= high:
        raise EdgeError(f"--spread {text!r}: the bet is LOW-HIGH units with 1 <= LOW <= HIGH "
                        "(1-8), or one number.")
    if high > MOST_UNITS:
        raise EdgeError(f"--spread {text!r}: the bet is at most {MOST_UNITS:,} units.")
    return low, high


def add_play_arguments(parser: argparse.ArgumentParser) -> None:
    """The simulated counter's options (``edge counting``, ``edge report --counting``)."""
    from edge.parallel import add_arguments
    parser.add_argument("--spread", default="1", metavar="LOW-HIGH",
                        help="the counter's bet in units: LOW at the first true count bet, one "
                             "more per true count above up to HIGH (default 1)")
    parser.add_argument("--from", dest="start", type=int, metavar="TC",
                        help="the true count the counter bets from (default: the count's "
                             "break-even true count rounded up)")
    parser.add_argument("--every-round", action="store_true",
                        help="bet LOW below that true count too, instead of sitting the "
                             "wager out")
    parser.add_argument("--other-cards", type=int, default=0, metavar="N",
                        help="other cards the counter sees each round (other players', the "
                             "dealer's; default 0)")
    parser.add_argument("--hands-per-hour", type=int, default=100, metavar="N",
                        help="rounds dealt an hour (default 100)")
    parser.add_argument("--seed", type=int, default=SEED,
                        help=f"seed of the simulated shoes (default {SEED})")
    parser.add_argument("--penetration", action="append", metavar="DEPTH",
                        help="how deep the shoe is dealt before the shuffle: a share of the "
                             "shoe (5/6, 0.75, 75%%) or a number of cards ('260 cards'); "
                             "repeat for several (default: 1/2, 2/3, 3/4 and 5/6; for a "
                             f"wager dealt in coups, --cut {COUP_CUT})")
    parser.add_argument("--cut", action="append", type=int, metavar="N",
                        help="the cut card N cards from the end of the shoe: the same depth "
                             "as --penetration 'S-N cards' for a shoe of S cards; repeat for "
                             "several. A wager whose cards are drawn by rule (baccarat) is "
                             "dealt in whole coups, and its default is --cut "
                             f"{COUP_CUT}, the usual baccarat cut")
    parser.add_argument("--continuous", action="store_true",
                        help="a continuous shuffler: every round dealt from the full shoe "
                             "(no depth; the counters then see nothing)")
    add_arguments(parser)
