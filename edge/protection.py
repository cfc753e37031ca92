"""Game protection: what exposed cards are worth to a player who uses them perfectly.

A game with player decisions may declare the exposures it analyses (docs/protection.md): each is
a value of its ``seen`` rules option (``--set seen=dealer-1``), with ``seen=none`` the game as
dealt. Under an exposure the game's own analysis solves the player's decisions exactly given
everything seen (card removal included) and returns an ordinary
:class:`~edge.table.ReturnTable`, whose expected return is then usually positive. This module
knows no game: it holds the declaration (:class:`Protection`, :class:`Scenario`) and the figures
every exposure is judged by (:func:`information_value`, :func:`information_note`).

>>> scenario = Scenario("dealer-1", "one of the dealer's three cards", "before the raise", 3)
>>> scenario.description
"one of the dealer's three cards, seen before the raise"
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from edge.errors import OptionError
from edge.table import ReturnTable, exact, percent

NONE = "none"          # the seen= value of the game as dealt


@dataclass(frozen=True)
class Scenario:
    """One exposure: the ``seen=`` value, what the player sees, before which decision, and how
    many ways the seen cards can be chosen among the cards they come from (the factor by which
    the exposed cycle is larger than the game's: one of the dealer's three cards is 3).

    ``published`` is a published figure for the scenario with its source, as the report prints
    it (``"player edge 3.4829% (E. Jacobson; docs/references.md section 2)"``), or ``""``.
    """

    name: str
    seen: str
    when: str
    ways: int
    published: str = ""

    @property
    def description(self) -> str:
        """What is seen and when, in one phrase."""
        return f"{self.seen}, seen {self.when}"


@dataclass(frozen=True)
class Collusion:
    """What players who share their cards share, for a game that analyses collusion (the
    wager's ``collude`` hook, :class:`edge.games.Exposed`).

    ``shared``: what each partner shows, in the game's words (``"their three cards"``);
    ``partners``: the numbers of partners analysed, in the order reports list them;
    ``exact``: the numbers of partners whose situations are enumerated exactly (the others are
    simulated, with a confidence interval); ``slow``: the exact analyses take hours (a report
    does not run them unless asked)."""

    shared: str
    partners: tuple[int, ...]
    exact: tuple[int, ...]
    slow: bool = False


@dataclass(frozen=True)
class CollusionRequest:
    """What a collusion analysis is asked: how many partners share their cards, and for a
    simulated one how many situations to draw (``rounds``) from which seed; ``cluster``: a Dask
    scheduler's address (None: this machine, ``workers`` processes; edge.parallel)."""

    partners: int
    rounds: int = 100_000
    seed: int = 1
    cluster: str | None = None
    workers: int | None = None
    progress: bool = False


@dataclass(frozen=True)
class CollusionResult:
    """A collusion analysis: the colluding player's expected return per unit of the initial
    wager (``basis``), exact (``standard_error`` None) or the mean of ``situations`` sampled
    situations each valued exactly (with its standard error); ``situations`` says how many
    situations were enumerated or drawn (``classes``: how many there are in all, where known),
    ``method`` how, in one sentence; ``unexposed_return``: the same player with nothing shared.
    ``decisions``: (decision, share of hands) of the colluding player, where known.
    ``draws``: the independent draws a sampled mean and its standard error come from, and
    ``drawn`` what one draw is (plural; None: each of the ``situations`` is one draw)."""

    partners: int
    shared: str
    player_return: Fraction
    unexposed_return: Fraction
    basis: str
    situations: int
    method: str
    standard_error: Fraction | None = None
    classes: int | None = None
    decisions: tuple[tuple[str, Fraction], ...] = ()
    draws: int | None = None
    drawn: str = "situations"

    @property
    def exact(self) -> bool:
        """Whether every situation was enumerated (no sampling error)."""
        return self.standard_error is None

    @property
    def gain(self) -> Fraction:
        """What sharing is worth: the colluding player's return minus the lone player's."""
        return self.player_return - self.unexposed_return


@dataclass(frozen=True)
class Protection:
    """A game's exposures: the wager whose decisions they change and the scenarios, in the order
    reports list them (``none`` is not one of them). ``slow``: a scenario takes minutes to
    solve (the test suite checks reduced cases instead of re-solving tables/). The wager's
    hooks for the exposed player are its ``exposed`` hooks (:class:`edge.games.Exposed`).
    ``stakes``: the wagers a hand starts with, each one bet of the money unit, in the game's
    words (Ultimate Texas Hold'em: ``("Ante", "Blind")``; empty: one initial wager)."""

    bet: str
    scenarios: tuple[Scenario, ...]
    slow: bool = False
    collusion: Collusion | None = None
    stakes: tuple[str, ...] = ()

    def scenario(self, name: str) -> Scenario:
        """The scenario called ``name`` (a ``seen=`` value)."""
        for scenario in self.scenarios:
            if scenario.name == name:
                return scenario
        raise KeyError(name)


def information_value(exposed: ReturnTable, unexposed: ReturnTable) -> Fraction:
    """What the exposure is worth: the exposed player's expected return minus the unexposed
    optimal player's, per unit of the initial wager (the tables' basis, per Ante for a game
    with an Ante)."""
    return exposed.expected_return - unexposed.expected_return


def mixed_return(exposed: Fraction, unexposed: Fraction, rate: Fraction) -> Fraction:
    """The player's expected return when the card is seen on a share ``rate`` of hands (the
    exposure rate) and the others are played by basic strategy, per unit of the initial wager."""
    if not 0 <= rate <= 1:
        raise ValueError(f"An exposure rate is a share of hands from 0 to 1, not {rate}.")
    return rate * exposed + (1 - rate) * unexposed


def break_even_rate(exposed: Fraction, unexposed: Fraction) -> Fraction | None:
    """The exposure rate above which the player has the edge: where :func:`mixed_return` is
    zero (0 when the game as dealt already favours the player; None when even seeing the card
    on every hand leaves the house the edge)."""
    if unexposed >= 0:
        return Fraction(0)
    if exposed <= 0:
        return None
    return -unexposed / (exposed - unexposed)


def information_note(exposed: ReturnTable, unexposed: ReturnTable) -> str:
    """The value of the information as a return table's note, with both returns and its
    basis, and the break-even exposure rate (:func:`break_even_note`)."""
    basis = exposed.basis
    value = information_value(exposed, unexposed)
    return (f"Value of the information: the exposed player's expected return is "
            f"{percent(exposed.expected_return)} per {basis}, the unexposed optimal player's "
            f"{percent(unexposed.expected_return)}: the exposure is worth {percent(value)} per "
            f"{basis} (exactly {exact(value)}). "
            + break_even_note(exposed, unexposed) + which_edge_note(exposed))


def which_edge_note(exposed: ReturnTable) -> str:
    """Which of the two player edges a table prints side by side a manager should use (empty
    when it prints one): the edge per initial wager gives the money, the edge per unit wagered
    compares games."""
    if exposed.expected_return <= 0 or exposed.element_of_risk == exposed.house_edge:
        return ""
    basis = exposed.basis
    return (f" Which player edge to use: the player edge per {basis} "
            f"({percent(exposed.expected_return)}) gives the money: the win per hour is hands "
            f"an hour x the {basis} x this edge (`edge protection`). The player edge per unit "
            f"wagered ({percent(-exposed.element_of_risk)}) divides by everything wagered, raises "
            "included: it is for comparing games, not for money.")


# --- money: exposure rates and win per hour -------------------------------------------------
# the exposure rates reports and `edge protection` show unless told others
DEFAULT_RATES = (Fraction(1, 20), Fraction(1, 10), Fraction(1, 4), Fraction(1, 2), Fraction(1))
DEFAULT_UNIT = 25               # the Ante, in money units, of the win per hour
DEFAULT_HANDS_PER_HOUR = 60     # hands an hour when the game states no pace of its own


@dataclass(frozen=True)
class Pace:
    """How many hands a full table deals an hour, for the win per hour, and where that figure
    comes from (a published source, in docs/references.md); ``assumed``: no published figure
    was found, the figure is edge's assumption (the source says why it was chosen)."""

    hands: int
    source: str
    assumed: bool = False

    def __post_init__(self) -> None:
        if not 1 <= self.hands <= 10_000 or not self.source.strip():
            raise ValueError(f"A pace is 1 to 10,000 hands an hour with its source, not "
                             f"{self.hands} ({self.source!r}).")

    @property
    def text(self) -> str:
        """The pace with its source, as the money tables print it."""
        kind = "edge's assumption" if self.assumed else "published"
        return f"{self.hands} hands an hour at a full table ({kind}: {self.source})"


# the pace of a game that states none of its own (Game.pace)
DEFAULT_PACE = Pace(DEFAULT_HANDS_PER_HOUR, "the game states no pace of its own", assumed=True)


def stake_text(protection: Protection, basis: str, unit: Fraction) -> str:
    """What a hand starts with in money: ``Ante 25 and Blind 25`` (each of the game's
    ``stakes`` is one bet of ``unit``), else ``an initial wager (Ante) of 25``."""
    if not protection.stakes:
        named = "" if basis == "unit wagered" else f" ({basis})"
        return f"an initial wager{named} of {exact(unit)}"
    return " and ".join(f"{name} {exact(unit)}" for name in protection.stakes)


def parse_rate(text: str) -> Fraction:
    """An exposure rate as given: ``10%``, ``0.1`` or ``1/10`` (a share of hands, 0 to 1)."""
    given = text.strip()
    body = given[:-1].strip() if given.endswith("%") else given
    try:
        value = Fraction(body)
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"The exposure rate {text!r} is not a share of hands such as 10%, "
                          "0.1 or 1/10.") from None
    if given.endswith("%"):
        value /= 100
    if not 0 <= value <= 1:
        raise OptionError(f"The exposure rate {text!r} is not a share of hands from 0 to 100%.")
    return value


def win_per_hour(player_return: Fraction, unit: Fraction, hands: int) -> Fraction:
    """The player's expected win an hour: hands an hour x the initial wager (``unit``) x the
    expected return per unit of it (negative: the house wins)."""
    return hands * unit * player_return


@dataclass(frozen=True)
class ExposureMoney:
    """One scenario in money: the exposed and unexposed optimal players' expected returns per
    unit of the initial wager (``basis``), a bet of ``unit`` and ``hands`` hands an hour.

    >>> money = ExposureMoney("one", "a card", Fraction(1, 5), Fraction(-1, 20), "Ante", 25, 60)
    >>> money.break_even, money.player_return(Fraction(1, 2)), money.win_per_hour(1)
    (Fraction(1, 5), Fraction(3, 40), Fraction(300, 1))
    """

    name: str
    seen: str
    exposed: Fraction
    unexposed: Fraction
    basis: str
    unit: Fraction
    hands: int

    @property
    def break_even(self) -> Fraction | None:
        """The exposure rate above which the player has the edge (:func:`break_even_rate`)."""
        return break_even_rate(self.exposed, self.unexposed)

    def player_return(self, rate: Fraction) -> Fraction:
        """The expected return per unit of the initial wager at exposure rate ``rate``."""
        return mixed_return(self.exposed, self.unexposed, Fraction(rate))

    def win_per_hour(self, rate: Fraction) -> Fraction:
        """The expected win an hour at exposure rate ``rate``."""
        return win_per_hour(self.player_return(Fraction(rate)), self.unit, self.hands)


def break_even_text(rate: Fraction | None) -> str:
    """A break-even exposure rate for a table or note (``none``: never, even on every hand)."""
    if rate is None:
        return "none (the house keeps the edge)"
    if rate == 0:
        return "0% (the game as dealt favours the player)"
    return percent(rate, 2)


def break_even_note(exposed: ReturnTable, unexposed: ReturnTable) -> str:
    """The break-even exposure rate as a return table's note, with what it means."""
    rate = break_even_rate(exposed.expected_return, unexposed.expected_return)
    if rate is None or rate == 0:
        return f"Break-even exposure rate: {break_even_text(rate)}."
    return (f"Break-even exposure rate: {percent(rate, 2)} (exactly {exact(rate)}): a player "
            "who sees this on more than that share of hands, and plays the others by the "
            "unexposed optimal strategy, has the edge (`edge protection` gives the win per "
            "hour).")
