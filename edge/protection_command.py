"""``edge protection GAME``: every exposure the game declares in money (issue 27, part 1).

For each scenario: what is seen, the player edge when it is seen on every hand, the break-even
exposure rate, and the player edge and expected win per hour at each exposure rate asked
(``--exposure-rate``, default 5%, 10%, 25%, 50%, 100%) for a bet of ``--unit`` (default 25) at
``--hands-per-hour`` (default: the pace the game states, :attr:`edge.games.Game.pace`). Every
figure is exact until printed (:mod:`edge.report.money`). The module imports nothing heavy at
the top: the command line adds its arguments for every command.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from edge.document import Document, Items, Paragraph
from edge.errors import EdgeError, OptionError
from edge.protection import DEFAULT_RATES, DEFAULT_UNIT, Pace, Protection, parse_rate, stake_text
from edge.table import exact

if TYPE_CHECKING:
    from edge.document.document import Block, JsonValue
    from edge.games import Analyses, AnyGame, Bet, Rules, RunSettings
    from edge.paytables import PayTable
    from edge.protection import Scenario
    from edge.tells import Tells


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The money options: rates, bet size, pace, and which scenarios."""
    rates = ", ".join(f"{float(rate * 100):g}%%" for rate in DEFAULT_RATES)
    parser.add_argument("--exposure-rate", action="append", metavar="R", dest="rates",
                        help="a share of hands on which the card is seen: 10%%, 0.1 or 1/10; "
                             f"repeat or give several as 10%%,25%% (default {rates})")
    parser.add_argument("--unit", default=str(DEFAULT_UNIT), metavar="U",
                        help=f"the initial wager (Ante) in money (default {DEFAULT_UNIT})")
    parser.add_argument("--hands-per-hour", type=int, metavar="N",
                        help="hands dealt an hour (default: the usual pace of a full table "
                             "the game states, with its source)")
    parser.add_argument("--seen", metavar="'A;B'",
                        help="only these scenarios (seen= values; default: every one): ';' "
                             "separates scenarios, ',' joins the parts of one in any order "
                             "(dealer-1,flop-1 = flop-1,dealer-1)")
    parser.add_argument("--confidence", default="95%", metavar="C",
                        help="the confidence at which the hands an officer must watch to see "
                             "a tell are stated: 95%%, 0.95 or 19/20 (default 95%%)")


def protection_of(game: AnyGame) -> Protection:
    """The game's exposures, or an error naming the games that declare some."""
    if game.protection is not None:
        return game.protection
    from edge.games import all_games
    having = [name for name, other in all_games().items() if other.protection is not None]
    raise EdgeError(f"The game {game.name} declares no exposures (no seen= scenarios): "
                    f"`edge protection` applies to {', '.join(having) or 'no game'}.")


def protected_bet(game: AnyGame) -> Bet[Rules]:
    """The wager whose decisions the game's exposures change."""
    return game.bet(protection_of(game).bet)


def parse_unit(text: str) -> Fraction:
    """``--unit``: a positive amount of money (``25``, ``12.50``, ``5/2``)."""
    try:
        unit = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"--unit {text!r} is not an amount of money such as 25 or "
                          "12.50.") from None
    if not 0 < unit <= 10 ** 9:
        raise OptionError(f"--unit {text!r} must be above 0 and at most 10^9.")
    return unit


def parse_rates(given: Sequence[str]) -> list[Fraction]:
    """``--exposure-rate``, each given (``10%``) or several in one (``10%,25%``), in the
    order given; the same rate twice (``10%`` and ``0.1``) is refused."""
    rates: dict[Fraction, str] = {}
    for text in given:
        parts = text.split(",")
        if len(parts) > 1 and not all(part.strip() for part in parts):
            raise OptionError(f"--exposure-rate {text!r} has an empty rate: write the rates "
                              "as 10%,25% or repeat --exposure-rate.")
        for part in parts:
            rate = parse_rate(part)
            if rate in rates:
                raise OptionError(f"--exposure-rate gives the rate {exact(rate)} twice "
                                  f"({rates[rate].strip()} and {part.strip()}): give each "
                                  "rate once.")
            rates[rate] = part
    return list(rates)


def parse_confidence(text: str) -> Fraction:
    """``--confidence``: a share strictly between 0 and 1 (``95%``, ``0.95``, ``19/20``)."""
    given = text.strip()
    body = given[:-1].strip() if given.endswith("%") else given
    try:
        value = Fraction(body) / (100 if given.endswith("%") else 1)
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"--confidence {text!r} is not a share such as 95%, 0.95 or "
                          "19/20.") from None
    if not 0 < value < 1:
        raise OptionError(f"--confidence {text!r} must be above 0% and below 100%.")
    return value


def parse_hands(hands: int | None, pace: Pace) -> tuple[int, Pace | None]:
    """``--hands-per-hour`` (None: the game's pace) and the pace it is, where it is the
    game's (None: given on the command line)."""
    if hands is None:
        return pace.hands, pace
    if not 1 <= hands <= 10_000:
        raise OptionError(f"--hands-per-hour {hands} must be from 1 to 10,000.")
    return hands, None


def protection_document(game: AnyGame, paytable: PayTable | None, rules: Rules,
                        args: argparse.Namespace, run: RunSettings) -> Document:
    """Every scenario (or those of ``--seen``) in money, as ``edge protection`` prints it."""
    from edge.games import Analyses
    from edge.report import money
    protection = protection_of(game)
    if game.player(rules).exposed:
        raise EdgeError("`edge protection` shows every scenario beside the game as dealt: "
                        "leave out --set seen=... (choose scenarios with --seen 'A;B').")
    rates = parse_rates(args.rates or ()) or list(DEFAULT_RATES)
    unit = parse_unit(args.unit)
    hands, pace = parse_hands(args.hands_per_hour, game.pace)
    confidence = parse_confidence(args.confidence)
    scenarios = money.chosen_scenarios(protection, args.seen)
    analyses = Analyses(game, run)
    unexposed, found = money.exposure_money(analyses, protection, paytable, rules,
                                            scenarios, unit, hands)
    watch_blocks, watch_data = watching(game, analyses, paytable, rules, scenarios, rates,
                                        confidence, run)
    basis = unexposed.basis
    stakes = stake_text(protection, basis, unit)
    edges, wins = money.money_tables(found, rates, stakes, hands, pace)
    intro = Paragraph(
        f"The {protection.bet} wager of {game.title} per {basis}: a player who sees the card "
        "on a share of hands (the exposure rate) and plays the others by the unexposed optimal "
        f"strategy returns rate x exposed + (1 - rate) x unexposed. The game as dealt returns "
        f"{money.signed_percent(unexposed.expected_return)} per {basis}. The break-even exposure "
        "rate is the share of hands above which the player has the edge. The win per hour is "
        f"hands an hour x {basis} x return: {money.pace_text(hands, pace)}, {stakes}. Every "
        "figure is exact until printed (`--format json` and `csv` give the exact fractions).")
    lines = tuple(f"seen={m.name}: break-even exposure rate "
                  + (exact(m.break_even) if m.break_even is not None else "none")
                  for m in found)
    data = {"game": game.name, "bet": protection.bet,
            "paytable": None if paytable is None else paytable.name,
            "options": dict(unexposed.options), "basis": basis,
            "unexposed_return": exact(unexposed.expected_return), "unit": exact(unit),
            "stakes": stakes,
            "hands_per_hour": hands, "hands_per_hour_declared": pace is not None,
            "hands_per_hour_source": None if pace is None else pace.source,
            "hands_per_hour_assumed": None if pace is None else pace.assumed,
            "exposure_rates": [exact(rate) for rate in rates],
            "scenarios": money.money_json(found, rates), **watch_data}
    context = (("game", game.name), ("bet", protection.bet),
               ("options", ", ".join(f"{k}={v}" for k, v in unexposed.options.items())))
    return Document(
        f"{game.title}: exposures in money, at "
        + ", ".join(money.rate_text(rate) for rate in rates) + " of hands seen",
        (intro, edges, wins, Items(lines), *watch_blocks), context,
        records=money.money_records(found, rates),
        data=data)


def watching(game: AnyGame, analyses: Analyses[Rules], paytable: PayTable | None, rules: Rules,
             scenarios: Sequence[Scenario], rates: Sequence[Fraction], confidence: Fraction,
             run: RunSettings) -> tuple[list[Block], dict[str, JsonValue]]:
    """What an officer acts on, per scenario at each of ``rates``: N0 and the tells against
    ordinary play (where the wager has them), and the scenarios that look the same, as blocks
    and as JSON (``tells``)."""
    from edge.player import seeing
    from edge.report.protection import watch_scenario
    from edge.tells import look_alike_blocks, look_alike_json
    protection = protection_of(game)
    bet = game.bet(protection.bet)
    unexposed = analyses.table(protection.bet, paytable, seeing(rules, "none"))
    blocks: list[Block] = []
    data: dict[str, JsonValue] = {}
    told: list[Tells] = []
    for scenario in scenarios:
        exposed = seeing(rules, scenario.name)
        table = analyses.table(protection.bet, paytable, exposed)
        seen = watch_scenario(bet, game.wager(paytable, exposed, run), table, unexposed, rates,
                              confidence, explain=not told)
        blocks += [Paragraph(f"seen={scenario.name}: what an officer watching for it acts on."),
                   seen.n_zero, *seen.blocks]
        data[scenario.name] = seen.data
        if seen.tells is not None:
            told.append(seen.tells)
    blocks += look_alike_blocks(told)
    return blocks, {"tells": {"confidence": exact(confidence), "scenarios": data,
                              "look_alike": look_alike_json(told)}}
