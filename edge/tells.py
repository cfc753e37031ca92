"""Game protection: the informed player's tells against the players a floor actually sees
(docs/protection.md, "Tells against ordinary play").

A game's ``tells`` hook (:class:`edge.games.Exposed`) compares the informed player (who sees the
exposed cards and plays the exact solve) with each *ordinary player* it models: basic strategy
and the common poor rules (raise everything, mimic the dealer). A *tell* against an ordinary
player is a decision the informed player makes on a hand where that player, following his rule,
never makes it; every share is exact (a count of deals of the exposed cycle over the cycle).

This module knows no game. It holds what the hook returns (:class:`Tells`), and the figures an
officer acts on, all exact:

- :func:`hands_to_watch`: the hands to watch until at least one tell has been seen with a stated
  confidence. The ordinary player never makes a tell, so one tell tells the two apart (a one-sided
  test with no false alarm against that rule); with a share ``q`` of hands showing a tell and
  hands dealt independently, the chance of none in ``n`` hands is ``(1 - q)^n``, and the hands
  to watch are the least ``n`` with ``(1 - q)^n <= 1 - confidence``, that is
  ``ceil(ln(1 - confidence) / ln(1 - q))``.
- :func:`tell_share`: ``q`` at an exposure rate ``r`` (the informed player sees the card on a share
  ``r`` of hands and plays basic strategy on the others): ``r x q_seen + (1 - r) x q_dealt``, with
  ``q_dealt`` the share of hands of the game as dealt on which basic strategy differs from the
  ordinary player.
- :func:`n_zero`: N0, the hands after which the informed player's expected win equals one
  standard deviation of his total result (variance / return^2 per hand): watching the money
  alone, the advantage shows only after a few N0.
- :func:`look_alike`: where two scenarios' decision profiles are the same (an officer cannot tell
  them apart on those hands) and where they differ.

>>> hands_to_watch(Fraction(1, 10), Fraction(95, 100))
29
>>> n_zero(Fraction(1, 10), Fraction(1))
Fraction(100, 1)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction

from edge.document import Items, Paragraph, Table
from edge.document.document import Block, JsonValue
from edge.table import ReturnTable, exact, percent

DEFAULT_CONFIDENCE = Fraction(95, 100)     # the confidence the hands to watch are stated at
WATCH_RATES = (Fraction(1), Fraction(1, 10))   # the exposure rates the tables state them at
TITLE = "Tells against ordinary play"


@dataclass(frozen=True)
class Ordinary:
    """The informed player against one ordinary player (or against every one at once).

    ``tells``: (what the tell is, exact share of the exposed cycle), such as ("raises a hand it
    folds", 1/8); ``as_dealt``: the share of hands of the game as dealt on which basic strategy
    decides otherwise than this player (the informed player's unexposed hands); ``strongest``:
    the most frequent tells as (player hand, decision, share of the cycle), largest first."""

    name: str
    description: str
    tells: tuple[tuple[str, Fraction], ...]
    as_dealt: Fraction
    strongest: tuple[tuple[str, str, Fraction], ...] = ()

    @property
    def share(self) -> Fraction:
        """The share of hands (exposed cycle) on which the informed player makes a tell."""
        return sum((share for _, share in self.tells), Fraction(0))


@dataclass(frozen=True)
class Tells:
    """A scenario's tells against ordinary play (the ``tells`` hook's answer).

    ``players``: each ordinary player; ``every``: the tells against all of them at once (the
    decisions none of them makes: what points to the exposure, not to a poor rule); ``profile``:
    the informed player's decisions on the hands where he departs from basic strategy, as
    (player hand, decision, exact share of that hand's deals taking it), for :func:`look_alike`;
    ``observed``: what the officer is assumed to see of a hand; ``fine``: for each profile
    entry, the same share for each finer hand it holds (in a fixed order), so that two profiles
    agree on a hand only when they agree on every finer hand of it too; ``note``: what this
    scenario's shares count where scenarios differ in it (printed with each scenario)."""

    scenario: str
    players: tuple[Ordinary, ...]
    every: Ordinary
    profile: tuple[tuple[str, str, Fraction], ...]
    observed: str
    fine: tuple[tuple[Fraction, ...], ...] = ()
    note: str = ""


def tell_share(seen: Fraction, as_dealt: Fraction, rate: Fraction) -> Fraction:
    """The share of hands showing a tell when the card is seen on a share ``rate`` of hands
    (basic strategy on the others): rate x seen + (1 - rate) x as dealt."""
    if not 0 <= rate <= 1:
        raise ValueError(f"An exposure rate is a share of hands from 0 to 1, not {rate}.")
    return rate * seen + (1 - rate) * as_dealt


def _none_seen_by(share: Fraction, confidence: Fraction, hands: int) -> bool:
    """Whether ``(1 - share)^hands <= 1 - confidence``, exactly, in integers."""
    miss = 1 - share
    return bool(miss.numerator ** hands * confidence.denominator
            <= (confidence.denominator - confidence.numerator) * miss.denominator ** hands)


def hands_to_watch(share: Fraction, confidence: Fraction = DEFAULT_CONFIDENCE) -> int | None:
    """The least number of hands after which at least one tell has been seen with probability
    ``confidence``, when a share ``share`` of independent hands shows one (None: none ever
    does): ``ceil(ln(1 - confidence) / ln(1 - share))``, settled exactly where the logarithms
    (to 60 digits) are within 10^-30 of a whole number."""
    if not 0 < confidence < 1:
        raise ValueError(f"A confidence is a share strictly between 0 and 1, not {confidence}.")
    if not 0 <= share <= 1:
        raise ValueError(f"A share of hands is from 0 to 1, not {share}.")
    if share == 0:
        return None
    if share == 1:
        return 1
    with localcontext() as context:
        context.prec = 60
        miss = Decimal(share.denominator - share.numerator) / Decimal(share.denominator)
        goal = (Decimal(confidence.denominator - confidence.numerator)
                / Decimal(confidence.denominator))
        ratio = goal.ln() / miss.ln()
        hands = max(1, math.ceil(ratio))
        if abs(ratio - round(ratio)) < Decimal(10) ** -30:
            hands = max(1, round(ratio))      # on the edge: the integer test decides
            while not _none_seen_by(share, confidence, hands):
                hands += 1
            while hands > 1 and _none_seen_by(share, confidence, hands - 1):
                hands -= 1
    return hands


def mixed_moments(exposed: ReturnTable, unexposed: ReturnTable, rate: Fraction
                  ) -> tuple[Fraction, Fraction]:
    """The informed player's return and variance per hand (per unit of the tables' basis) when
    the card is seen on a share ``rate`` of hands and basic strategy plays the others."""
    mean = rate * exposed.expected_return + (1 - rate) * unexposed.expected_return
    second = (rate * (exposed.variance + exposed.expected_return ** 2)
              + (1 - rate) * (unexposed.variance + unexposed.expected_return ** 2))
    return mean, second - mean ** 2


def n_zero(mean: Fraction, variance: Fraction) -> Fraction | None:
    """N0: the hands after which the expected win equals one standard deviation of the total
    result, variance / mean^2 (None: no player edge, the player never gets ahead on average)."""
    return variance / mean ** 2 if mean > 0 else None


def watch_text(hands: int | None) -> str:
    """Hands to watch as a table prints them (``never``: no tell ever shows)."""
    return "never" if hands is None else f"{hands:,}"


def n_zero_text(value: Fraction | None) -> str:
    """N0 as a table prints it, in whole hands rounded up (``-``: no player edge)."""
    return "-" if value is None else f"{math.ceil(value):,}"


def confidence_text(confidence: Fraction) -> str:
    """``95%``."""
    return f"{float(confidence * 100):g}%"


def _rates_text(rates: Sequence[Fraction]) -> list[str]:
    return [f"{float(rate * 100):g}%" for rate in rates]


def tells_blocks(tells: Tells, rates: Sequence[Fraction] = WATCH_RATES,
                 confidence: Fraction = DEFAULT_CONFIDENCE, explain: bool = True
                 ) -> list[Block]:
    """The tells as report blocks: a paragraph saying how the figures are made (unless not
    ``explain``), the table of ordinary players with the hands to watch at each of ``rates``,
    and the strongest tells against every ordinary player."""
    heads = _rates_text(rates)
    conf = confidence_text(confidence)
    players = (*tells.players, tells.every)
    # three short tables rather than one with the rules and the kinds of tell in its cells (on
    # paper those cells ran down a page each): the hands to watch, what each player plays, and
    # each player's tells by kind
    rows = [(player.name, percent(player.share),
             *(watch_text(hands_to_watch(tell_share(player.share, player.as_dealt, rate),
                                         confidence)) for rate in rates))
            for player in players]
    table = Table(("ordinary player", "tells (share of hands)",
                   *(f"hands to watch, {head} exposed" for head in heads)), tuple(rows),
                  f"The informed player's tells against each ordinary player, and the hands "
                  f"an officer must watch to see one with {conf} confidence",
                  align="lr" + "r" * len(rates))
    kinds = tuple(row for player in players for row in (
        [(player.name, what, percent(share)) for what, share in player.tells if share]
        or [(player.name, "none", percent(Fraction(0)))]))
    by_kind = Table(("ordinary player", "tell", "share of hands"), kinds,
                    "The tells against each ordinary player by kind (shares of hands, as above)",
                    align="llr")
    plays = Items(tuple(f"{player.name}: {player.description}" for player in players))
    strongest = tuple(f"{hand}: {decision}, {percent(share)} of hands"
                      for hand, decision, share in tells.every.strongest)
    blocks: list[Block] = [
        Paragraph(
            "The informed player against the players a floor actually sees. A tell against "
            "an ordinary player is a decision the informed player makes on a hand where that "
            "player, following his rule, never makes it; shares are exact (deals of the exposed "
            f"cycle). The officer is assumed to see {tells.observed}. One tell tells the two "
            f"apart (the ordinary player never makes it), so the hands to watch are the least "
            f"n with (1 - q)^n <= 1 - {conf}, that is ceil(ln(1 - {conf}) / ln(1 - q)), for a "
            "share q of hands showing a tell; at an exposure rate r, q = r x (tells with the "
            "card seen) + (1 - r) x (hands on which basic strategy, which the informed player "
            "follows when he sees nothing, differs from that player), so at a low exposure "
            "rate he is told from a poor player sooner than from basic strategy, by the hands "
            "he plays well. The last row, the decisions none of the ordinary players makes, is "
            "what points to the exposure itself. A poor player who also slips from his own "
            "rule needs more hands than this." + (f" {tells.note}" if tells.note else ""))
    ] if explain else [Paragraph(
        "Tells and hands to watch as defined for the first scenario above: a tell is a "
        "decision the ordinary player never makes; the hands to watch are ceil(ln(1 - "
        f"{conf}) / ln(1 - q)) for a share q of hands showing one."
        + (f" {tells.note}" if tells.note else ""))]
    blocks += [table, Paragraph("What each ordinary player plays:"), plays, by_kind]
    if strongest:
        blocks += [Paragraph(f"The strongest tells, the decisions no ordinary player above "
                             f"makes ({tells.every.name}), most frequent first:"),
                   Items(strongest)]
    return blocks


def n_zero_block(moments: Sequence[tuple[Fraction, Fraction]],
                 rates: Sequence[Fraction] = WATCH_RATES) -> Paragraph:
    """N0 at each of ``rates`` (``moments``: the informed player's (return, variance) per hand
    at each, :func:`mixed_moments`), as a paragraph saying what it means."""
    n0 = [n_zero(mean, variance) for mean, variance in moments]
    line = ", ".join(f"{n_zero_text(value)} hands at {head} exposed" if value is not None
                     else f"none at {head} exposed (the house keeps the edge there)"
                     for value, head in zip(n0, _rates_text(rates), strict=True))
    return Paragraph(
        "Watching the money instead of the decisions: N0, the hands after which the informed "
        "player's expected win equals one standard deviation of his total result (variance / "
        f"return^2 per hand, exact, rounded up), is {line}. An officer who judges by wins and "
        "losses alone needs several N0 hands.")


def n_zero_json(moments: Sequence[tuple[Fraction, Fraction]],
                rates: Sequence[Fraction] = WATCH_RATES) -> dict[str, JsonValue]:
    """N0 at each rate as JSON (exact fractions; None: no player edge)."""
    found: dict[str, JsonValue] = {}
    for rate, (mean, variance) in zip(rates, moments, strict=True):
        value = n_zero(mean, variance)
        found[exact(rate)] = None if value is None else exact(value)
    return found


def tells_json(tells: Tells, rates: Sequence[Fraction] = WATCH_RATES,
               confidence: Fraction = DEFAULT_CONFIDENCE) -> dict[str, JsonValue]:
    """The tells as JSON: exact shares as fractions, and the hands to watch at each rate."""
    def player_json(player: Ordinary) -> dict[str, JsonValue]:
        return {"name": player.name, "plays": player.description,
                "tells": exact(player.share), "as_dealt": exact(player.as_dealt),
                "kinds": {what: exact(share) for what, share in player.tells},
                "strongest": [{"hand": hand, "decision": decision, "share": exact(share)}
                              for hand, decision, share in player.strongest],
                "hands_to_watch": {exact(rate): hands_to_watch(
                    tell_share(player.share, player.as_dealt, rate), confidence)
                    for rate in rates}}
    return {"scenario": tells.scenario, "confidence": exact(confidence),
            "observed": tells.observed, "note": tells.note,
            "players": [player_json(player) for player in tells.players],
            "every": player_json(tells.every),
            "profile": [{"hand": hand, "decision": decision, "share": exact(share)}
                        for hand, decision, share in tells.profile]}


@dataclass(frozen=True)
class LookAlike:
    """Two scenarios side by side: the player hands on which the informed player decides alike
    in both (hand, decision, share of that hand's deals), and those on which he does not."""

    first: str
    second: str
    same: tuple[tuple[str, str, Fraction], ...]
    apart: tuple[str, ...]


def look_alike(first: Tells, second: Tells) -> LookAlike:
    """Where two scenarios look the same at the table: the hands on which both depart from basic
    strategy with the same decisions in the same shares (an officer who sees the hand and the
    decision cannot tell which exposure it is), and the hands on which their profiles differ
    (one departs there and the other not, or both in different shares)."""
    def by_hand(tells: Tells) -> dict[str, dict[str, tuple[Fraction, tuple[Fraction, ...]]]]:
        found: dict[str, dict[str, tuple[Fraction, tuple[Fraction, ...]]]] = {}
        fine = tells.fine or ((),) * len(tells.profile)
        for (hand, decision, share), finer in zip(tells.profile, fine, strict=True):
            found.setdefault(hand, {})[decision] = (share, finer)
        return found
    one, two = by_hand(first), by_hand(second)
    order = [hand for hand, _, _ in first.profile]
    order += [hand for hand, _, _ in second.profile if hand not in one]
    hands = list(dict.fromkeys(order))
    same = tuple((hand, decision, share) for hand in hands if one.get(hand) == two.get(hand)
                 for decision, (share, _) in one[hand].items())
    apart = tuple(hand for hand in hands if one.get(hand) != two.get(hand))
    return LookAlike(first.scenario, second.scenario, same, apart)


def look_alike_blocks(found: Sequence[Tells]) -> list[Block]:
    """Every pair of scenarios that look the same on some hands, as a paragraph and a table
    (empty: no two scenarios share a decision profile anywhere)."""
    pairs = [look_alike(a, b) for k, a in enumerate(found) for b in found[k + 1:]]
    pairs = [pair for pair in pairs if pair.same]
    if not pairs:
        return []
    rows = tuple((f"{pair.first} and {pair.second}",
                  "; ".join(f"{hand}: {decision} {percent(share)}"
                            for hand, decision, share in pair.same),
                  ", ".join(pair.apart) or "nowhere") for pair in pairs)
    return [Paragraph(
        "Scenarios that look the same at the table, found by comparing the informed player's "
        "decision profiles (on each player hand where he departs from basic strategy, the share "
        "of its deals he raises or folds, exact): on the hands listed as the same, the two "
        "exposures make the same decisions in exactly the same shares, so an officer who sees "
        "the hand and the decision cannot tell which of them it is; on the hands listed apart "
        "he can."),
        Table(("scenarios", "look the same on (hand: decision, share of its deals)",
               "tell them apart on"), rows, "Scenarios that look the same at the table")]


def look_alike_json(found: Sequence[Tells]) -> list[JsonValue]:
    """Every pair of scenarios with hands they look the same on, as JSON."""
    pairs = [look_alike(a, b) for k, a in enumerate(found) for b in found[k + 1:]]
    return [{"scenarios": [pair.first, pair.second],
             "same": [{"hand": hand, "decision": decision, "share": exact(share)}
                      for hand, decision, share in pair.same],
             "apart": list(pair.apart)} for pair in pairs if pair.same]


__all__ = ["DEFAULT_CONFIDENCE", "TITLE", "WATCH_RATES", "LookAlike", "Ordinary", "Tells",
           "hands_to_watch", "look_alike", "look_alike_blocks", "look_alike_json",
           "mixed_moments", "n_zero", "n_zero_block", "n_zero_json", "tell_share",
           "tells_blocks", "tells_json"]
