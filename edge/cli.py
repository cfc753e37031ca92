"""The ``edge`` command line: argparse subcommands over the game registry.

Bad input (an ``EdgeError`` or an argument argparse refuses) is printed as one ``edge: error:``
line on stderr and the exit status is 2; Ctrl-C ends a command with ``edge: interrupted`` and
exit status 130; an exception edge did not expect (a bug) is one ``edge: internal error:`` line
asking for a bug report, exit status 70 (``EDGE_DEBUG=1`` prints its traceback too).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import os
import shlex
import signal
import sys
import threading
import traceback
import warnings
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from edge import __version__, collusion_command, protection_command
from edge.counting.play import (
    REPORT_ROUNDS,
    add_play_arguments,
    check_play_arguments,
    check_unused,
    play_from_arguments,
)
from edge.document import FORMATS, Report, format_name, render
from edge.document.render import ALIASES, FORMAT_NAMES
from edge.document.returns import return_table_document
from edge.errors import EdgeError, EdgeNote
from edge.games import (
    BUILTINS,
    AnyGame,
    Bet,
    Rules,
    RunSettings,
    all_games,
    fit_bet,
    get_game,
    plugin_games,
    resolve_paytables,
    with_notes,
)
from edge.options import parse_sets as parse_sets
from edge.parallel import check_jobs, end_progress, running
from edge.paytables import PayTable
from edge.player import strategy_field

Handler = Callable[[argparse.Namespace], int]


def game_options(game: AnyGame, args: argparse.Namespace) -> dict[str, str]:
    """The ``--set`` options, with ``--strategy NAME|FILE`` as the ``strategy`` option."""
    values = parse_sets(getattr(args, "sets", None))
    spec = getattr(args, "strategy", None)
    if spec is not None:
        if strategy_field(game.rules) is None:
            raise EdgeError(f"The game {game.name} has no player decisions: --strategy "
                            f"{spec!r} does not apply.")
        if "strategy" in values:
            raise EdgeError(f"The strategy is given twice (--strategy {spec} and --set "
                            f"strategy={values['strategy']}): give it once.")
        values["strategy"] = spec
    return values


def add_strategy_argument(parser: argparse.ArgumentParser) -> None:
    """``--strategy NAME|FILE``: the player's strategy, a named one or a TOML file."""
    parser.add_argument("--strategy", metavar="NAME|FILE",
                        help="the player's strategy: a named one (see `edge games`) or a "
                             ".toml strategy file (docs/strategies.md)")


def run_settings(args: argparse.Namespace) -> RunSettings:
    """Worker count, cache use and progress display from the common flags."""
    jobs = check_jobs(getattr(args, "jobs", None))
    return RunSettings(jobs=jobs, cache=not getattr(args, "no_cache", False),
                       progress=sys.stderr.isatty())


def add_game_arguments(parser: argparse.ArgumentParser, *, bet: bool = True,
                       several: bool = False) -> None:
    """The arguments shared by commands that analyse one game (``several``: ``--paytable``
    repeats as ``[BET=]TABLE``, for a combined wager's parts)."""
    parser.add_argument("game", help="game name (see `edge games`)")
    if bet:
        parser.add_argument("--bet", help="which wager (default: the game's first)")
    if several:
        parser.add_argument("--paytable", action="append", metavar="[BET=]TABLE",
                            help="a named pay table, pays typed in outcome order (35-20-7-4-1) "
                                 "or a .toml file, for the wager or (BET=) one wager; repeat "
                                 "for several (a combined wager follows its parts' tables)")
    else:
        parser.add_argument("--paytable", metavar="[BET=]TABLE",
                            help="a named pay table, pays typed in outcome order (35-20-7-4-1) "
                                 "or a .toml file (see `edge games GAME`)")
    add_run_arguments(parser)


def add_run_arguments(parser: argparse.ArgumentParser,
                      no_cache_help: str = "ignore cached solves") -> None:
    """``--set`` (variant options), ``--jobs`` and ``--no-cache``: every analysing command's."""
    parser.add_argument("--set", action="append", metavar="NAME=VALUE", dest="sets",
                        help="a variant option; repeat for several")
    parser.add_argument("--jobs", type=int,
                        help="workers, at most the cores available (default: all of them)")
    parser.add_argument("--no-cache", action="store_true", help=no_cache_help)


def add_format_argument(parser: argparse.ArgumentParser, default: str | None = "plain",
                        help: str = "output format (default: plain)") -> None:
    """``--format``: every command's output formats, the same names everywhere (``md`` and
    ``tex`` accepted for markdown and latex)."""
    parser.add_argument("--format", default=default, choices=FORMATS + tuple(ALIASES),
                        metavar="{" + ",".join(FORMATS) + "}", help=help)


def add_games_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge games [GAME]``: its description and arguments."""
    parser.description = ("Every game (or GAME): each wager's outcomes in the order typed pays "
                          "follow, its named pay tables with their pays, and the game's options "
                          "with their allowed values. --format json gives a stable shape for "
                          "scripts.")
    parser.add_argument("game", nargs="?", help="one game (default: every game)")
    add_format_argument(parser)


def cmd_games(args: argparse.Namespace) -> int:
    """List every game (or one), its bets' outcomes and named pay tables, and its options."""
    from edge.listing import games_document
    games = [get_game(args.game)] if args.game else list(all_games().values())
    sys.stdout.write(render(games_document(games), args.format))
    return 0


def add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge table GAME``: its arguments."""
    add_game_arguments(parser)
    add_strategy_argument(parser)
    add_format_argument(parser)


def cmd_table(args: argparse.Namespace) -> int:
    """Print the exact return table of one wager."""
    game = get_game(args.game)
    bet = game.bet(args.bet)
    # a named table under a rule it is meant for: its own rule (noted), or an error naming it
    fitted = fit_bet(game, bet, own_paytable(game, bet, args.paytable), game_options(game, args))
    table = with_notes(game.analyze(bet.name, fitted.paytables[bet.name], fitted.rules,
                                    run_settings(args)), fitted.notes)
    sys.stdout.write(render(return_table_document(table), args.format))
    return 0


def add_strategy_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge strategy GAME``: its arguments."""
    add_game_arguments(parser)
    add_strategy_argument(parser)
    parser.add_argument("--compare", metavar="NAME|FILE",
                        help="where this strategy departs from the optimal one, how often "
                             "and at what exact cost, largest first")
    add_format_argument(parser)


def cmd_strategy(args: argparse.Namespace) -> int:
    """Print the player's optimal strategy for a game with decisions."""
    from edge.comparison import strategy_document
    game: AnyGame = get_game(args.game)
    bet = game.bet(args.bet)
    if args.compare is not None:
        return _compare(game, bet, args)
    others = [b.name for b in game.bets if b.strategy is not None]
    if bet.strategy is None and others:          # before any work (a game with none: below)
        raise EdgeError(f"The {bet.name} wager of {game.name} has no player decisions to show "
                        f"(the wagers that have: {', '.join(others)}; choose one with --bet).")
    rules = game.make_rules(game_options(game, args), bet.name)
    paytable = bet.paytable(own_paytable(game, bet, args.paytable))
    document = strategy_document(game, bet, paytable, rules, run_settings(args))
    if document is None:
        raise EdgeError(f"The game {game.name} has no player decisions to show.")
    if (isinstance(document, Report) and bet.compare is not None
            and not game.player(rules).follows_solve):
        # a strategy other than the solved one: its rule, exact cost and departures too
        from edge.comparison import comparison_section
        comparison = bet.comparison(game.wager(paytable, rules, run_settings(args)))
        assert comparison is not None
        document = dataclasses.replace(
            document, sections=(*document.sections, comparison_section(comparison)))
    sys.stdout.write(render(document, args.format))
    return 0


def _compare(game: AnyGame, bet: Bet[Rules], args: argparse.Namespace) -> int:
    """``edge strategy GAME --compare NAME|FILE``: where a strategy departs from the optimal
    one, how often, and what each departure costs exactly."""
    from edge.comparison import comparison_document
    if args.strategy is not None:
        raise EdgeError("Give the strategy to compare once: --compare NAME|FILE (without "
                        "--strategy).")
    if bet.compare is None:
        others = [b.name for b in game.bets if b.compare is not None]
        hint = (f" (the wagers that have: {', '.join(others)}; choose one with --bet)"
                if others else "")
        raise EdgeError(f"edge compares no strategies for the {bet.name} wager of "
                        f"{game.name}{hint}.")
    options = game_options(game, args)
    if "strategy" in options:
        raise EdgeError("Give the strategy to compare once: --compare NAME|FILE (without "
                        "--set strategy=...).")
    options["strategy"] = args.compare
    rules = game.make_rules(options, bet.name)
    paytable = bet.paytable(own_paytable(game, bet, args.paytable))
    comparison = bet.comparison(game.wager(paytable, rules, run_settings(args)))
    assert comparison is not None
    sys.stdout.write(render(comparison_document(game, comparison), args.format))
    return 0


def add_counting_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge counting GAME``: its description and arguments."""
    parser.description = (
        "The exact effect on a shoe-dealt wager's return of removing each card, the best "
        "linear count (level 1 to 3) with its betting correlation, the return against the "
        "true count and the true count at which the wager turns in the player's favour, and, "
        "where the suits left move the wager, the exact returns of shoes short of one suit "
        "(docs/counting.md).")
    add_game_arguments(parser)
    parser.add_argument("--rounds", type=int, default=0, metavar="N",
                        help="simulate the counter's win rate at four depths of the shoe, "
                             "at least N rounds each, on the best count (default: no "
                             "simulation)")
    add_play_arguments(parser)
    add_format_argument(parser)


def cmd_counting(args: argparse.Namespace) -> int:
    """Print the card-counting analysis of a shoe-dealt wager: effects of removal, the best
    linear count and where the wager turns, and the suit mix where it moves the wager."""
    from edge.counting.document import analyse, counting_document
    from edge.counting.removal import shoe_of
    check_jobs(args.jobs)
    check_play_arguments(args)              # with or without --rounds
    game = get_game(args.game)
    bet = game.bet(args.bet)
    fitted = fit_bet(game, bet, own_paytable(game, bet, args.paytable), game_options(game, args))
    if not args.rounds:
        check_unused(args, "--rounds N")
    play = play_from_arguments(args, args.rounds) if args.rounds else None
    if play is not None and bet.shoe_return is not None:     # a depth past the shoe, first
        play.shares(sum(shoe_of(fitted.rules, bet.name, game.command_name)), [])
    found = analyse(game, bet, fitted.paytables[bet.name], fitted.rules, play)
    if play is not None and found.best is None and not found.mix.suits_matter:
        raise EdgeError(f"--rounds {args.rounds}: the {bet.name} wager has no count to "
                        "simulate (no single card moves its return, so no linear count "
                        "follows it, and neither do its suits); leave --rounds out.")
    sys.stdout.write(render(counting_document(found), args.format))
    return 0


def add_protection_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge protection GAME``: its description and arguments."""
    parser.description = (
        "For every exposure the game declares (seen= scenarios): what is seen, the player edge "
        "when it is seen on every hand, the break-even exposure rate, and the player edge and "
        "expected win per hour at each exposure rate (docs/protection.md).")
    add_game_arguments(parser, bet=False)
    protection_command.add_arguments(parser)
    add_format_argument(parser)


def cmd_protection(args: argparse.Namespace) -> int:
    """Print every exposure of a game in money: break-even rates and win per hour."""
    return _protected(args, protection_command.protected_bet,
                      protection_command.protection_document)


def add_collusion_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge collusion GAME``: its description and arguments."""
    parser.description = ("The return of a player whose partners show him their cards, by the "
                          "number of partners, exact or simulated (docs/protection.md).")
    add_game_arguments(parser, bet=False)
    collusion_command.add_arguments(parser)
    add_format_argument(parser)


def cmd_collusion(args: argparse.Namespace) -> int:
    """Print the return of a player whose partners share their cards."""
    return _protected(args, collusion_command.colluding_bet,
                      collusion_command.collusion_document)


def _protected(args: argparse.Namespace, bet_of: Callable[[AnyGame], Bet[Rules]],
               document: Callable[..., Any]) -> int:
    """A game-protection command on the wager ``bet_of`` the game: its document printed."""
    game = get_game(args.game)
    bet = bet_of(game)
    fitted = fit_bet(game, bet, own_paytable(game, bet, args.paytable), game_options(game, args))
    sys.stdout.write(render(document(game, fitted.paytables[bet.name], fitted.rules, args,
                                     run_settings(args)), args.format))
    return 0


def add_report_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge report [GAME]``: its description and arguments."""
    parser.description = ("Every wager of a game: rules, options, pay tables, exact return "
                          "tables, summary, strategy, volatility, charts and reproducibility "
                          "data.")
    parser.add_argument("game", nargs="?", help="game name (see `edge games`)")
    parser.add_argument("--all", action="store_true",
                        help="every game at its default settings, plus an index page, into -o "
                             "DIR")
    parser.add_argument("--paytable", action="append", metavar="[BET=]TABLE",
                        help="a named pay table, pays typed in outcome order (35-20-7-4-1) or "
                             "a .toml file, for every bet that has it or (BET=) for one bet; "
                             "repeat for several")
    add_run_arguments(parser, "solve afresh (the report's later steps reuse that solve)")
    add_strategy_argument(parser)
    parser.add_argument("-o", "--output", help="output file (format from its suffix: .txt, "
                        ".md, .html, .tex, .csv, .json) "
                        "or, with --all, a directory; default: standard output")
    add_format_argument(parser, None, "output format (default: from -o, else markdown; html "
                        "for --all)")
    parser.add_argument("--meta", metavar="FILE.toml",
                        help="submission metadata for the title and certification block (game "
                        "as submitted, rules version, applicant, analyst, organisation, "
                        "jurisdictions, document_id, revision, date; see the README)")
    parser.add_argument("--protection", action="store_true",
                        help="add the game-protection section: every exposure the game "
                             "analyses (seen= scenarios) solved exactly, side by side")
    parser.add_argument("--counting", action="store_true",
                        help="add the card-counting section: each shoe-dealt wager's effects "
                             "of removal, best count and suit mix (docs/counting.md), and the "
                             "counter's simulated win rates")
    parser.add_argument("--counting-rounds", type=int, default=REPORT_ROUNDS, metavar="N",
                        help=f"rounds the counting section simulates at each depth (default "
                             f"{REPORT_ROUNDS:,}; 0: no simulation)")
    parser.add_argument("--collusion-rounds", type=int, metavar="N",
                        help="with --protection, add the collusion analyses of a game whose "
                             "exact ones take hours, N situations a simulated one (default: "
                             "only a game's quick ones)")
    add_play_arguments(parser)


def cmd_report(args: argparse.Namespace) -> int:
    """Write a game's mathematical report (or every game's, with an index, for --all)."""
    from edge import report
    from edge.report.metadata import load_metadata
    for flag, value in (("-o", args.output), ("--meta", args.meta)):
        if value is not None and not value.strip():
            raise EdgeError(f"{flag} '' names no file: give one, or leave {flag} out.")
    meta = load_metadata(args.meta) if args.meta else None
    if args.all:
        if (args.game or args.paytable or args.sets or args.strategy or args.protection
                or args.counting or args.collusion_rounds is not None):
            raise EdgeError("--all reports every game at its default settings: "
                            "give no game, --paytable or --set with it.")
        if not args.output:
            raise EdgeError("--all needs -o DIRECTORY for the reports and their index.")
        suffix = os.path.splitext(args.output)[1].lower().lstrip(".")     # none after a /
        if suffix in FORMAT_NAMES and not os.path.isdir(args.output):
            raise EdgeError(f"--all writes a folder of reports, and -o {args.output} names a "
                            f".{suffix} file: name a folder (the format is --format, default "
                            "html).")
        fmt = format_name(args.format, default="html")
        for path in report.write_all(args.output, fmt, run_settings(args), meta=meta):
            print(f"wrote {path}", file=sys.stderr)
        return 0
    if not args.game:
        raise EdgeError("Name a game (see `edge games`) or give --all.")
    if not args.counting:
        check_unused(args, "--counting")
    if args.collusion_rounds is not None and (not args.protection or args.collusion_rounds < 1):
        raise EdgeError(f"--collusion-rounds {args.collusion_rounds}: give 1 or more, with "
                        "--protection (the collusion analyses are part of its section).")
    if args.output and args.output.endswith(("/", os.sep)):
        raise EdgeError(f"-o {args.output} names a folder: a report is one file, such as "
                        "-o report.html (--all writes a folder of reports).")
    fmt = format_name(args.format, args.output)
    play = (play_from_arguments(args, args.counting_rounds, "--counting-rounds")
            if args.counting else None)
    options = game_options(get_game(args.game), args)
    if play is not None and play.rounds and play.cuts:      # a depth past the shoe, first
        from edge.counting.removal import shoe_of
        game = get_game(args.game)
        dealt = [bet for bet in game.bets if bet.shoe_return is not None]
        if dealt:
            play.shares(sum(shoe_of(game.make_rules(options), dealt[0].name,
                                    game.command_name)), [])
    if args.output:
        report.check_writable(args.output)
    made = report.make_report(args.game, args.paytable or (), options,
                              run=run_settings(args), fmt=fmt, meta=meta,
                              protection=args.protection,
                              collusion_rounds=args.collusion_rounds,
                              counting=play if play is not None else False)
    if args.output:
        print(f"wrote {report.write_report(made, args.output, fmt)}", file=sys.stderr)
    else:
        sys.stdout.write(made.render(fmt))
    return 0


def add_tune_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge tune GAME``: its description and arguments."""
    parser.description = ("Score candidate pay tables against a target house edge, or solve "
                          "one pay exactly (--solve). Pays and numeric options are named as in "
                          "`edge games`.")
    add_game_arguments(parser)
    parser.add_argument("--target-edge", required=True, metavar="EDGE",
                        help="a range (2%%..3.5%%) or one value (3%%, 0.03)")
    parser.add_argument("--vary", action="append", metavar="NAME=LO..HI",
                        help="a pay (or numeric option) and its range; repeat for several")
    parser.add_argument("--solve", metavar="NAME",
                        help="the exact pay (or numeric option) giving the target edge")
    parser.add_argument("--step", action="append", metavar="STEP",
                        help="step between values: 0.5 for halves (default whole units), or "
                             "NAME=STEP for one quantity; repeat for several")
    parser.add_argument("--unordered", action="store_true",
                        help="allow a lesser hand to pay more than a better one")
    parser.add_argument("--hit-frequency", metavar="LO..HI",
                        help="keep tables whose hit frequency is in range (20%%.., ..35%%)")
    parser.add_argument("--std-dev", metavar="LO..HI",
                        help="keep tables whose standard deviation is in range (..3)")
    parser.add_argument("--limit", type=int, default=20, help="tables shown (default 20)")
    parser.add_argument("--write", metavar="DIR",
                        help="write each listed table into DIR as a TOML pay table file that "
                             "--paytable reads (DIR is made if missing)")
    add_format_argument(parser)
    parser.add_argument("--max-candidates", type=int, default=20_000_000,
                        help="refuse larger grids (default 20,000,000)")
    parser.add_argument("--max-seconds", type=float, default=60,
                        help="refuse re-solving runs estimated to take longer (default 60: a "
                             "minute)")


def cmd_tune(args: argparse.Namespace) -> int:
    """Find the pay tables that hit a target house edge, or solve one pay exactly."""
    from edge import tune

    step = tune.parse_steps(args.step or [])
    report = tune.StderrReporter()
    found = get_game(args.game)
    paytable = own_paytable(found, found.bet(args.bet), args.paytable)
    common: dict[str, Any] = dict(paytable=paytable, options=parse_sets(args.sets),
                                  step=step, run=run_settings(args), report=report,
                                  max_seconds=args.max_seconds)
    if args.solve is not None:
        if len(args.vary or ()) > 1:
            raise EdgeError("With --solve, give at most one --vary (the search range of the "
                            "solved pay).")
        if args.hit_frequency or args.std_dev:
            raise EdgeError("The --hit-frequency and --std-dev filters apply to --vary "
                            "searches, not to --solve.")
        if args.write is not None:
            raise EdgeError("--write writes the tables a --vary search lists, not a --solve.")
        solved = tune.solve(args.game, args.bet, args.solve, args.target_edge,
                            search=(args.vary or [None])[0], ordered=not args.unordered,
                            **common)
        sys.stdout.write(render(tune.solve_document(solved), args.format))
        return 0
    if args.write is not None:
        tune.check_folder(args.write, found, found.bet(args.bet))
    result = tune.tune(
        args.game, args.bet, args.target_edge, args.vary or [], ordered=not args.unordered,
        hit_frequency=None if args.hit_frequency is None else tune.parse_bounds(
            args.hit_frequency, "hit frequency", probability=True),
        standard_deviation=None if args.std_dev is None else tune.parse_bounds(
            args.std_dev, "standard deviation"),
        limit=args.limit, max_candidates=args.max_candidates, **common)
    sys.stdout.write(render(tune.tune_document(result), args.format))
    if args.write is not None:
        written = tune.write_candidates(result, args.write, args.command_line)
        for path in written:
            print(f"wrote {path}", file=sys.stderr)
        if not written:
            print(f"edge tune: no candidate to write into {args.write}", file=sys.stderr)
    return 0


def own_paytable(game: AnyGame, bet: Bet[Rules], spec: str | None) -> str | None:
    """The pay table of ``--paytable [BET=]TABLE`` for a command on one wager: ``BET=`` may
    name that wager (as in ``edge report``), never another."""
    if spec is None:
        return None
    target, sep, value = spec.partition("=")
    if not sep or target.strip() not in {b.name for b in game.bets}:
        return spec
    if target.strip() != bet.name:
        raise EdgeError(f"--paytable {spec!r} is for the {target.strip()} wager, but this "
                        f"command is on the {bet.name} wager (--bet {target.strip()}?).")
    return value.strip()


def chosen_paytable(game: str, bet: str | None,
                    specs: Sequence[str] | None) -> str | PayTable | None:
    """The pay table of ``bet`` from repeated ``--paytable [BET=]TABLE`` specs: one plain spec
    is that wager's table; otherwise each goes where ``edge report`` sends it."""
    if not specs:
        return None
    found = get_game(game)
    names = {b.name for b in found.bets}
    if len(specs) == 1 and specs[0].partition("=")[0].strip() not in names:
        return specs[0]
    return resolve_paytables(found, specs)[found.bet(bet).name]


def add_simulate_arguments(parser: argparse.ArgumentParser) -> None:
    """``edge simulate GAME``: its description and arguments."""
    parser.description = (
        "Deal and settle random hands independently of the enumeration and compare them with "
        "the exact analysis: mean return with 95% and 99.9% intervals, z-score, outcome "
        "frequencies with a chi-square test. Exit status 1 when the exact value lies outside "
        "the 99.9% interval (or a hand settles unlike its row), 0 when they agree.")
    add_game_arguments(parser, several=True)
    add_strategy_argument(parser)
    parser.add_argument("--hands", type=int, default=1_000_000,
                        help="hands to play (default: 1,000,000; at most 10^10)")
    parser.add_argument("--seed", type=int,
                        help="seed for a reproducible run (default: a fresh one, printed)")
    add_format_argument(parser)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Simulate one wager and compare it with the exact analysis; 1 when they disagree."""
    from edge.simulation import simulate

    settings = run_settings(args)
    result = simulate(args.game, args.bet, chosen_paytable(args.game, args.bet, args.paytable),
                      game_options(get_game(args.game), args),
                      hands=args.hands, seed=args.seed, jobs=settings.jobs,
                      progress=settings.progress, run_settings=settings)
    sys.stdout.write(render(result.document(), args.format))
    return 0 if result.agrees else 1


def _studio() -> Any:
    """The studio's module, imported only for its command (it needs an optional extra)."""
    import edge.studio
    return edge.studio


@dataclasses.dataclass(frozen=True)
class Command:
    """One of edge's own commands: its name, its line in ``edge --help``, the function that
    adds its description and arguments to its parser, and its handler."""

    name: str
    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    handler: Handler


#: edge's own commands in the order ``edge --help`` lists them; the built-in games' own
#: commands come after these and before :data:`CHECK_COMMANDS`.
COMMANDS = (
    Command("games", "list games, bets, pay tables and options", add_games_arguments,
            cmd_games),
    Command("table", "print a wager's exact return table", add_table_arguments, cmd_table),
    Command("strategy", "print the optimal player strategy, or compare a strategy with it",
            add_strategy_arguments, cmd_strategy),
    Command("counting", "card counting of a shoe-dealt wager: effects of removal, a count",
            add_counting_arguments, cmd_counting),
    Command("report", "write a game's mathematical report (html, markdown, latex, ...)",
            add_report_arguments, cmd_report),
    Command("protection", "every exposure in money: break-even rates, win per hour",
            add_protection_arguments, cmd_protection),
    Command("collusion", "the return of players who share their cards",
            add_collusion_arguments, cmd_collusion),
    Command("tune", "find the pay tables that hit a target house edge", add_tune_arguments,
            cmd_tune),
    Command("studio", "write a bet in the browser and see its exact table as you type",
            lambda parser: _studio().add_studio_arguments(parser),
            lambda args: _studio().cmd_studio(args)),
)
#: edge's commands listed after the built-in games' own.
CHECK_COMMANDS = (
    Command("simulate", "check a wager's exact analysis by simulation",
            add_simulate_arguments, cmd_simulate),
)


class _StoreOnce(argparse._StoreAction):
    """An option that takes one value: given twice, it is refused (the last would win)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        given: dict[str, Any] = namespace.__dict__.setdefault("_given", {})
        if option_string is not None and self.dest in given:
            raise argparse.ArgumentError(self, f"given twice ({given[self.dest]} and {values}): "
                                               "give it once")
        given[self.dest] = values
        super().__call__(parser, namespace, values, option_string)


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, reporting a bad argument as one ``edge: error:`` line, exit 2, and
    refusing an option of one value given twice."""

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """``add_argument``, an option of one value (the default action) taken once."""
        if "action" not in kwargs:
            kwargs["action"] = _StoreOnce
        return super().add_argument(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line (no usage block) and exit with status 2."""
        self.exit(2, f"edge: error: {' '.join(message.split())}\n")


def command_word(argv: Sequence[str]) -> str | None:
    """The command an ``edge`` argument list names: its first argument that is not an option
    (the ``edge`` command's own options, ``--help`` and ``--version``, take no value)."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def asks_for_help(argv: Sequence[str]) -> bool:
    """Whether ``edge`` itself is asked for its help (``-h``, ``--help`` or an abbreviation)."""
    return any(arg == "-h" or (arg.startswith("--h") and "--help".startswith(arg))
               for arg in argv)


def build_parser(command: str | None = None, plugins: bool = False) -> argparse.ArgumentParser:
    """The argument parser of the ``edge`` command.

    The built-in games' own commands are listed from :data:`edge.games.BUILTINS` without
    importing the games; the game of ``command`` alone is imported, to add that command's
    arguments. The plug-ins' commands are added (the plug-ins loaded) when ``plugins`` is true
    or ``command`` is none of edge's and the built-in games' commands."""
    parser = ArgumentParser(
        prog="edge", description="Exact combinatorial analysis of casino table games.")
    parser.add_argument("--version", action="version", version=f"edge {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    for own in COMMANDS:
        add_command(sub.add_parser(own.name, help=own.help), own)
    for entry in BUILTINS:
        for name, help_line in entry.commands:
            game_parser = sub.add_parser(name, help=help_line)
            if name == command:
                add_game_command(game_parser, get_game(entry.name), name)
    for own in CHECK_COMMANDS:
        add_command(sub.add_parser(own.name, help=own.help), own)
    if plugins or (command is not None and command not in sub.choices):
        for game in plugin_games().values():
            for own_command in game.commands:
                add_game_command(sub.add_parser(own_command.name, help=own_command.help),
                                 game, own_command.name)
    return parser


def add_command(parser: argparse.ArgumentParser, command: Command) -> None:
    """One of edge's own commands: its description, arguments and handler."""
    command.add_arguments(parser)
    parser.set_defaults(handler=command.handler)


def add_game_command(parser: argparse.ArgumentParser, game: AnyGame, name: str) -> None:
    """A game's own command ``name``: its description, arguments and handler."""
    command = next(own for own in game.commands if own.name == name)
    parser.description = command.description or None
    command.arguments(parser)
    parser.set_defaults(handler=command.run)


# The exit status of an internal error (an exception edge did not expect: a bug), apart from 1
# (a simulation disagreed) and 2 (bad input); 70 is EX_SOFTWARE of sysexits.h.
INTERNAL_ERROR = 70
DEBUG_VARIABLE = "EDGE_DEBUG"


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``edge`` command; returns the exit status. A note on input read in
    a way the user may not expect (:class:`~edge.errors.EdgeNote`) is one ``edge: note:``
    line on stderr."""
    with warnings.catch_warnings():
        warnings.simplefilter("default", EdgeNote)      # each note once
        python_way = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                 file: TextIO | None = None, line: str | None = None) -> None:
            if issubclass(category, EdgeNote):
                print(f"edge: note: {message}", file=sys.stderr)
            else:
                python_way(message, category, filename, lineno, file, line)

        warnings.showwarning = show
        return _main(argv)


def _main(argv: Sequence[str] | None) -> int:
    try:
        given = sys.argv[1:] if argv is None else list(argv)
        command = command_word(given)
        parser = build_parser(command, plugins=command is None and asks_for_help(given))
        args = parser.parse_args(given)
        args.command_line = shlex.join(["edge", *given])
        handler: Handler = args.handler
        status = handler(args)
        sys.stdout.flush()            # output that cannot be written fails here, not at exit
        return status
    except EdgeError as error:
        end_progress()
        print(f"edge: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return _report_interrupt()
    except BrokenPipeError:
        return 0
    except Exception as error:
        # a Ctrl-C that a library turned into another error is still an interrupt (_CTRL_C)
        return _report_interrupt() if _CTRL_C.is_set() else _report_failure(error)


def _report_failure(error: Exception) -> int:
    """Say what went wrong (memory, the machine's files, or a bug: one line each, a bug's
    traceback only when asked); the exit status."""
    end_progress()
    if isinstance(error, MemoryError):
        # the values edge can check are bounded before any work; this is the last guard
        print("edge: error: out of memory: this run needs more memory than the machine "
              "has (a smaller --hands, range or grid?).", file=sys.stderr)
        return 2
    if isinstance(error, OSError):    # a full disk, a device gone: the machine's, not a bug
        _drop_output()
        what = (f"read or write {error.filename}" if error.filename is not None
                else "write the output")
        print(f"edge: error: could not {what}: {error.strerror or error}.", file=sys.stderr)
        return 2
    debug = bool(os.environ.get(DEBUG_VARIABLE))
    if debug:
        traceback.print_exc()
    what = " ".join(f"{type(error).__name__}: {error}".split())
    print(f"edge: internal error: {what[:300]}. This is a bug in edge: please report it "
          "with the command that gave it"
          + ("" if debug else f" and the traceback it prints with {DEBUG_VARIABLE}=1 set "
                              f"({DEBUG_VARIABLE}=1 edge ...)") + ".",
          file=sys.stderr)
    return INTERNAL_ERROR


def _drop_output() -> None:
    """Send what is left of standard output nowhere, so that writing it at exit does not fail
    again (not when it is no file: a test's capture)."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


# Set by the ``edge`` command's Ctrl-C (:func:`entry`): a Ctrl-C that a library turned into
# another error on its way up (numpy's extension modules, interrupted while they are imported,
# raise ImportError) is still reported as an interrupt, not as a bug.
_CTRL_C = threading.Event()


def _report_interrupt() -> int:
    """Say the run was interrupted; its exit status. A second Ctrl-C meanwhile changes
    nothing. The handler found is given back after (a program that calls :func:`main` keeps
    its own Ctrl-C), but for the ``edge`` command's own (:func:`entry`): its process ends now,
    and a later Ctrl-C stays ignored. (Signal handlers belong to the main thread: in another,
    nothing changes.)"""
    main_thread = threading.current_thread() is threading.main_thread()
    found = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
    try:
        end_progress()
        print("edge: interrupted", file=sys.stderr, flush=True)
    finally:
        if found is not None and found is not _interrupt:
            signal.signal(signal.SIGINT, found)
    return 130


def _interrupt(signum: int, frame: object) -> None:
    """The ``edge`` command's Ctrl-C: stop the run (again, should the last one have been lost
    on its way)."""
    _CTRL_C.set()
    raise KeyboardInterrupt


def _unraisable(report: sys.UnraisableHookArgs) -> None:
    """A Ctrl-C raised where Python can only print it and go on (in a weakref callback, as
    when it lands in importlib's cleanup, or a ``__del__``) is delivered again a moment later,
    once this hook has returned, to stop the run where it can; anything else Python prints as
    usual."""
    if isinstance(report.exc_value, KeyboardInterrupt):
        again = threading.Timer(0.05, os.kill, (os.getpid(), signal.SIGINT))
        again.daemon = True
        again.start()
        return
    sys.__unraisablehook__(report)


def entry(argv: Sequence[str] | None = None) -> NoReturn:
    """The ``edge`` command (its console script and ``python -m edge``): :func:`main`, then
    the process ends with its exit status. The exit owns Ctrl-C: once an interrupt is
    reported, later ones change nothing (where the process was started with Ctrl-C ignored,
    it stays ignored)."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt)
        sys.unraisablehook = _unraisable
    try:
        status = main(argv)
    except KeyboardInterrupt:     # before main's try, or a second one as main reported one
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print("edge: interrupted", file=sys.stderr, flush=True)
        status = 130
    if status == 130 or running():
        signal.signal(signal.SIGINT, signal.SIG_IGN)      # nothing is left to interrupt
        # end now: worker threads still inside a kernel are not waited for (nothing they
        # compute is written anywhere), and nothing else is left to run
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(OSError):
                stream.flush()
        os._exit(status)
    sys.exit(status)


if __name__ == "__main__":
    entry()
