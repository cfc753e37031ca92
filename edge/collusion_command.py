"""``edge collusion GAME``: the return of a player whose partners share their cards, by the
number of partners (issue 27, part 5), from the wager's ``collude`` hook.

Exact rows enumerate every situation; simulated ones draw ``--rounds`` situations from
``--seed`` and say so, with a standard error and a 95% interval. ``--workers`` and
``--cluster`` say where the work runs (:func:`edge.parallel.map_tasks`), as for ``edge
counting``. The module imports nothing heavy at the top: the command line adds its arguments
for every command.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from edge.document import Document, Paragraph
from edge.errors import EdgeError, OptionError
from edge.options import options_dict
from edge.protection import Collusion, CollusionRequest

if TYPE_CHECKING:
    from edge.games import AnyGame, Bet, Rules, RunSettings
    from edge.paytables import PayTable

ROUNDS = 100_000          # CollusionRequest's default, repeated for the help text
SEED = 1


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The collusion options: partners, rounds and seed of a simulation, where it runs."""
    from edge.parallel import add_arguments as add_cluster_arguments
    parser.add_argument("--partners", metavar="K[,K...]",
                        help="numbers of partners sharing their cards (default: every number "
                             "the game analyses)")
    parser.add_argument("--rounds", type=int, metavar="N",
                        help=f"situations a simulated row draws (default {ROUNDS:,})")
    parser.add_argument("--seed", type=int,
                        help=f"seed of a simulated row (default {SEED})")
    add_cluster_arguments(parser)


def check_unused(args: argparse.Namespace, collusion: Collusion,
                 partners: tuple[int, ...]) -> None:
    """Refuse ``--rounds``, ``--seed``, ``--workers`` and ``--cluster`` when every number of
    partners asked is enumerated exactly, here, at once: they would change nothing. (A slow
    game's exact rows are the exception: ``--rounds`` below their number of classes samples
    them, on the workers.)"""
    if collusion.slow or any(k not in collusion.exact for k in partners):
        return
    for option in ("rounds", "seed", "workers", "cluster"):
        value = getattr(args, option)
        if value is not None:
            asked = ", ".join(map(str, partners))
            raise OptionError(f"--{option} {value} sets a simulated row, and every row asked "
                              f"(--partners {asked}) is exact: leave --{option} out.")


def colluding_bet(game: AnyGame) -> Bet[Rules]:
    """The wager the game's collusion analysis is of (an error naming the games that have
    one, when it has none)."""
    from edge.report.collusion import collusion_of
    collusion_of(game)
    assert game.protection is not None
    return game.bet(game.protection.bet)


def collusion_document(game: AnyGame, paytable: PayTable | None, rules: Rules,
                       args: argparse.Namespace, run: RunSettings) -> Document:
    """Every number of partners asked, as ``edge collusion`` prints it."""
    from edge.parallel import check_arguments
    from edge.report import collusion as report
    collusion = report.collusion_of(game)
    check_arguments(args)
    rounds = ROUNDS if args.rounds is None else args.rounds
    seed = SEED if args.seed is None else args.seed
    if not 1 <= rounds <= 10 ** 10:
        raise OptionError(f"--rounds {rounds} must be from 1 to 10^10.")
    if game.player(rules).exposed:
        raise EdgeError("Collusion is of the game as dealt: leave out --set seen=....")
    partners = report.parse_partners(args.partners, collusion)
    check_unused(args, collusion, partners)
    bet = colluding_bet(game)
    request = CollusionRequest(partners[0], rounds=rounds, seed=seed,
                               cluster=args.cluster, workers=args.workers,
                               progress=run.progress)
    results = report.collude(bet, game.wager(paytable, rules, run), partners, request)
    intro = Paragraph(
        f"The {bet.name} wager of {game.title}: a player whose partners show him "
        f"{collusion.shared}, each playing the best strategy given what he sees, against the "
        f"lone player."
        + (f" Simulated rows draw {rounds:,} situations from seed {seed}."
           if any(not result.exact for result in results) else ""))
    options = options_dict(rules)
    data = {"game": game.name, "bet": bet.name,
            "paytable": None if paytable is None else paytable.name, "options": options,
            "rounds": rounds, "seed": seed, "results": report.collusion_json(results)}
    context = (("game", game.name), ("bet", bet.name),
               ("options", ", ".join(f"{k}={v}" for k, v in options.items())))
    return Document(f"{game.title}: collusion, {collusion.shared} shared",
                    (intro, *report.collusion_blocks(results)), context,
                    records=report.collusion_records(results), data=data)
