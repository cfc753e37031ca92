"""Collusion as a table: players who share their cards, by the number of partners, exact or
simulated (``edge collusion`` and the report's game-protection section).

Generic: what is shared and the partners analysed come from the game's
:class:`~edge.protection.Collusion`, every figure from the wager's ``collude`` hook
(:meth:`edge.games.Bet.collusion`); nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING

from edge.document import Items, Paragraph, Section, Table
from edge.document.document import Block, JsonValue
from edge.errors import EdgeError
from edge.intervals import NORMAL_FROM, Interval, interval95
from edge.protection import Collusion, CollusionRequest, CollusionResult
from edge.table import decimal, exact, percent

if TYPE_CHECKING:
    from edge.games import AnyGame, Bet, ReportContext, Rules, Wager

INTERVAL_RULE = (
    "the 95% interval is the return ± t standard errors, t Student's quantile with n - 1 "
    f"degrees of freedom from n draws, or the normal 1.96 from {NORMAL_FROM:,} draws on "
    "(each interval says which, and how many draws)")

HEADERS = ("partners", "method", "player's return", "standard error", "95% interval",
           "lone player's return", "gain", "situations", "situations in all")


def collusion_of(game: AnyGame) -> Collusion:
    """What the game's colluders share, or an error naming the games that analyse it."""
    protection = game.protection
    if protection is not None and protection.collusion is not None:
        return protection.collusion
    from edge.games import all_games
    having = [name for name, other in all_games().items()
              if other.protection is not None and other.protection.collusion is not None]
    raise EdgeError(f"The game {game.name} has no collusion analysis: `edge collusion` "
                    f"applies to {', '.join(having) or 'no game yet'}.")


def parse_partners(text: str | None, collusion: Collusion) -> tuple[int, ...]:
    """``--partners K[,K...]`` (None: every number the game analyses)."""
    if text is None:
        return collusion.partners
    found = []
    for part in text.split(","):
        try:
            number = int(part.strip())
        except ValueError:
            raise EdgeError(f"--partners {text!r}: {part.strip()!r} is not a whole number of "
                            "partners.") from None
        if number not in collusion.partners:
            raise EdgeError(f"--partners {text!r}: the game analyses "
                            f"{', '.join(map(str, collusion.partners))} partners, not {number}.")
        if number in found:
            raise EdgeError(f"--partners {text!r} names {number} twice: name each number of "
                            "partners once.")
        found.append(number)
    return tuple(found)


def collude(bet: Bet[Rules], wager: Wager[Rules], partners: Sequence[int],
            request: CollusionRequest) -> list[CollusionResult]:
    """The wager's collusion hook for each number of partners (the rest of ``request`` kept)."""
    return [bet.collusion(wager, replace(request, partners=k)) for k in partners]


def interval(result: CollusionResult) -> Interval | None:
    """The 95% interval of a simulated player's return (None: exact): Student's t with
    ``n - 1`` degrees of freedom from ``n`` draws, the normal ±1.96 standard errors from
    :data:`edge.intervals.NORMAL_FROM` draws on."""
    error = result.standard_error
    if error is None:
        return None
    return interval95(result.player_return, error, draws(result))


def draws(result: CollusionResult) -> int:
    """The independent draws a simulated row's mean comes from."""
    return result.situations if result.draws is None else result.draws


def interval_words(bounds: Interval, drawn: str) -> str:
    """How an interval was made, in a few words: "t, 3 classes drawn"."""
    return f"{bounds.distribution}, {bounds.draws:,} {drawn} drawn"


def share_error(share: Fraction, situations: int) -> Fraction:
    """The standard error of a share of ``situations`` drawn situations (each in or out: the
    sample standard deviation of a 0-1 value over the square root of the number drawn)."""
    from edge.games.colluding import square_root
    return square_root(share * (1 - share) / (situations - 1))


def decision_error(result: CollusionResult, share: Fraction) -> Fraction | None:
    """A decision share's standard error: None for an exact row, and for one whose draws are
    not its situations (a sample of classes: each draw holds many situations, the shares of a
    draw are not 0 or 1)."""
    if result.exact or result.draws is not None:
        return None
    return share_error(share, result.situations)


def _row(result: CollusionResult) -> tuple[str, ...]:
    bounds = interval(result)
    error = result.standard_error
    returned = percent(result.player_return)
    if error is None:
        returned += f" = {exact(result.player_return)}"
    return (str(result.partners), "exact" if result.exact else "simulated",
            returned, "-" if error is None else percent(error),
            "-" if bounds is None else f"{percent(bounds.low)} to {percent(bounds.high)} "
            f"({interval_words(bounds, result.drawn)})",
            percent(result.unexposed_return),
            percent(result.gain) if error is None
            else f"{percent(result.gain)} ± {percent(error)}",
            f"{result.situations:,} {'enumerated' if result.exact else 'drawn'}",
            "-" if result.classes is None else f"{result.classes:,}")


def _share_text(result: CollusionResult, share: Fraction) -> str:
    error = decision_error(result, share)
    return percent(share, 2) + ("" if error is None else f" ± {percent(error, 2)}")


def _decisions_table(results: Sequence[CollusionResult]) -> Table | None:
    """The colluding player's decisions, one column each, one row per number of partners."""
    names: list[str] = []
    for result in results:
        names.extend(name for name, _ in result.decisions if name not in names)
    if not names:
        return None
    rows = []
    for result in results:
        shares = dict(result.decisions)
        rows.append((str(result.partners), *(
            "-" if name not in shares else _share_text(result, shares[name]) for name in names)))
    simulated = any(decision_error(result, Fraction(0)) is not None for result in results)
    return Table(("partners", *names), tuple(rows),
                 "The colluding player's decisions, as shares of his hands"
                 + (" (a simulated row: the share ± its standard error)" if simulated else ""),
                 align="r" * (len(names) + 1))


def collusion_blocks(results: Sequence[CollusionResult]) -> list[Block]:
    """The table of every number of partners, the decisions, then each row's method."""
    basis = results[0].basis if results else "unit"
    shared = results[0].shared if results else "their cards"
    simulated = any(not result.exact for result in results)
    blocks: list[Block] = [Table(
        HEADERS, tuple(_row(result) for result in results),
        f"A player whose partners show him {shared}, per {basis} of the initial wager "
        "(returns: negative is the house's edge; an exact row gives its exact fraction; gain: "
        "the player's return minus the lone player's, ± its standard error where simulated; "
        "situations in all: the distinct situations there are, of which a row enumerates or "
        "draws those in the situations column)", align="rlrrrrrrr")]
    decisions = _decisions_table(results)
    if decisions is not None:
        blocks.append(decisions)
    blocks.append(Items(tuple((f"{result.partners} partner{'s' if result.partners != 1 else ''}",
                               result.method) for result in results), aligned=True))
    if simulated:
        blocks.append(Paragraph(
            "A simulated row is the mean of the situations drawn, each valued exactly: it "
            f"carries sampling error (standard error; {INTERVAL_RULE}) and depends on the "
            "seed; an exact row enumerates every situation.", "note"))
    return blocks


def collusion_json(results: Sequence[CollusionResult]) -> list[JsonValue]:
    """Every result for ``--format json`` (exact values as strings)."""
    out: list[JsonValue] = []
    for result in results:
        bounds = interval(result)
        out.append({
            "partners": result.partners, "shared": result.shared, "exact": result.exact,
            "basis": result.basis, "player_return": exact(result.player_return),
            "standard_error": None if result.standard_error is None
            else exact(result.standard_error),
            "interval_95": None if bounds is None else [exact(bounds.low), exact(bounds.high)],
            "interval_95_distribution": None if bounds is None else bounds.distribution,
            "draws": None if bounds is None else bounds.draws, "drawn": result.drawn,
            "gain_standard_error": None if result.standard_error is None
            else exact(result.standard_error),
            "unexposed_return": exact(result.unexposed_return), "gain": exact(result.gain),
            "situations": result.situations,
            "method": result.method,
            "situations_in_all": result.classes,
            "decisions": [{"decision": name, "share": exact(share),
                           "standard_error": None if decision_error(result, share) is None
                           else exact(share_error(share, result.situations))}
                          for name, share in result.decisions]})
    return out


def collusion_records(results: Sequence[CollusionResult]) -> Table:
    """One line per number of partners, exact values beside the decimals (CSV)."""
    rows = []
    for result in results:
        bounds = interval(result)
        error = result.standard_error
        rows.append((str(result.partners), result.shared,
                     "exact" if result.exact else "simulated", exact(result.player_return),
                     decimal(result.player_return, 12), "" if error is None else exact(error),
                     "" if bounds is None else decimal(bounds.low, 12),
                     "" if bounds is None else decimal(bounds.high, 12),
                     "" if bounds is None else bounds.distribution,
                     "" if bounds is None else f"{bounds.draws} {result.drawn}",
                     exact(result.unexposed_return), exact(result.gain),
                     decimal(result.gain, 12), str(result.situations),
                     "" if result.classes is None else str(result.classes), result.method,
                     "; ".join(f"{name} {exact(share)}" for name, share in result.decisions)))
    return Table(("partners", "shared", "method", "player_return", "player_return_decimal",
                  "standard_error", "interval_95_low", "interval_95_high",
                  "interval_95_distribution", "draws", "unexposed_return", "gain",
                  "gain_decimal", "situations", "situations_in_all", "how", "decisions"),
                 tuple(rows))


def collusion_section(context: ReportContext[Rules], rounds: int | None,
                      data: dict[str, JsonValue] | None = None) -> Section | None:
    """The report's "Collusion" subsection: every number of partners the game analyses, for a
    game whose analyses are quick, or for any when ``rounds`` (``--collusion-rounds``) is
    given (it sets the situations a simulated row draws); None: no collusion analysis.
    ``data``, where given, receives the rows as JSON under ``collusion``."""
    protection = context.game.protection
    collusion = None if protection is None else protection.collusion
    if protection is None or collusion is None:
        return None
    if collusion.slow and rounds is None:
        return Section("Collusion", (Paragraph(
            f"Players who share {collusion.shared}: the exact analyses take hours, so this "
            "report leaves them out; `edge collusion "
            f"{context.game.command_name}` prints them, and `edge report ... --protection "
            "--collusion-rounds N` adds them here."),))
    bet = context.game.bet(protection.bet)
    paytable = context.paytables.get(protection.bet)
    wager = context.game.wager(paytable, context.rules, context.run)
    request = CollusionRequest(collusion.partners[0])
    if rounds is not None:
        request = replace(request, rounds=rounds)
    results = collude(bet, wager, collusion.partners, request)
    if data is not None:
        data["collusion"] = {"rounds": request.rounds, "seed": request.seed,
                             "results": collusion_json(results)}
    intro = Paragraph(
        f"A player whose partners at the table show him {collusion.shared}, against the lone "
        "player, each playing the best strategy given what he sees. Exact rows enumerate every "
        f"situation; simulated rows draw {request.rounds:,} situations from seed "
        f"{request.seed}, each valued exactly (`edge collusion {context.game.command_name}` "
        "prints the same table).")
    return Section("Collusion", (intro, *collusion_blocks(results)),
                   method=(collusion_method(results, request),))


def _rows(results: Sequence[CollusionResult]) -> str:
    return "the row for" if len(results) == 1 else "the rows for"


def _partners(results: Sequence[CollusionResult]) -> str:
    numbers = [str(result.partners) for result in results]
    said = numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + " and " + numbers[-1]
    return f"{said} partner{'s' if numbers != ['1'] else ''}"


def collusion_method(results: Sequence[CollusionResult], request: CollusionRequest) -> str:
    """The Method section's sentence on the collusion table: which rows are exact, which
    simulated (situations drawn, seed) and the normal approximation of their intervals."""
    exact_rows = [result for result in results if result.exact]
    drawn = [result for result in results if not result.exact]
    parts = []
    if exact_rows:
        parts.append(f"{_rows(exact_rows)} {_partners(exact_rows)} "
                     f"{'is' if len(exact_rows) == 1 else 'are'} exact (every situation "
                     "enumerated)")
    if drawn:
        sizes = sorted({(draws(result), result.drawn) for result in drawn})
        many = (f"{sizes[0][0]:,} {sizes[0][1]}" if len(sizes) == 1
                else "the situations it says")
        parts.append(f"{_rows(drawn)} {_partners(drawn)} "
                     f"{'is' if len(drawn) == 1 else 'are'} simulated, each the mean of "
                     f"{many} drawn from seed {request.seed}, each valued exactly, with its "
                     f"standard error ({INTERVAL_RULE}), and its decision shares are "
                     "those of the situations drawn")
    return "The \"Collusion\" table: " + "; ".join(parts) + "."
