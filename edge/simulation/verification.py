"""The report's "Verification by simulation" section: every wager played at random and compared.

Each wager of the report is simulated with a fixed seed and number of hands (so the section is
the same on every rebuild with the same numpy), against the exact table the report shows.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING, Any

from edge.cache import Memo
from edge.games import Rules, RunSettings
from edge.options import options_dict
from edge.paytables import PayTable
from edge.player import Player
from edge.simulation import simulate_table, simulates
from edge.simulation.check import CHECK_CONFIDENCE, Simulation
from edge.table import ReturnTable, decimal

if TYPE_CHECKING:
    from edge.document import Section
    from edge.games import ReportContext

REPORT_HANDS = 1_000_000
REPORT_SEED = 8


# One per wager a report simulates (a report is often built twice in a process, and reuses
# them): 16 holds three reports' wagers of the built-in game with the most (5).
_DONE: Memo[tuple[Any, ...], Simulation] = Memo(16)


def _simulated(table: ReturnTable, paytable: PayTable | None, rules: Rules, hands: int,
               seed: int, jobs: int | None) -> Simulation:
    """One wager's simulation, kept for the process (reports are often built twice); the
    hands do not depend on ``jobs``."""
    key = (table.game, table.bet, table.expected_return, paytable, rules, hands, seed)
    return _DONE.get(key, lambda: simulate_table(table, paytable, rules, hands, seed,
                                                 RunSettings(jobs=jobs)))


def paytable_spec(context: ReportContext[Rules], bet: str) -> str | None:
    """How ``--paytable`` names the report's pay table of ``bet``: a preset's name, the path of
    the file it came from, or None for the bet's default or a table derived from its parts."""
    paytable = context.paytables.get(bet)
    found = context.game.bet(bet)
    if paytable is None or paytable == found.paytable(None):
        return None
    for name, preset in found.presets.items():
        if preset == paytable:
            return name
    return paytable.source


def simulate_command(context: ReportContext[Rules], bet: str, hands: int, seed: int) -> str:
    """The ``edge simulate`` command that plays one wager of the report again: its own pay
    table and those of its parts (a combined wager follows them), as ``BET=TABLE``, and the
    options that wager uses (``Bet.applies``: the others are refused for it)."""
    parts = ["edge", "simulate", context.game.command_name, "--bet", bet]
    wager = context.game.bet(bet)
    for name in (bet, *wager.parts.values()):
        spec = paytable_spec(context, name)
        if spec is not None:
            parts += ["--paytable", f"{name}={spec}"]
    for name, value in options_dict(context.rules).items():
        if wager.applies(name, context.rules):
            parts += ["--set", f"{name}={value}"]
    parts += ["--hands", str(hands), "--seed", str(seed)]
    return shlex.join(parts)


def _settlement(context: ReportContext[Rules]) -> str:
    """How the game's simulators settle a hand (its own words, or code of their own)."""
    return context.game.settlement or "by separate code written from the rules"


def _player(player: Player) -> str:
    """Who decides in the simulation: the solved strategy, or the chosen one read by the
    simulation itself (nobody, for a wager without decisions)."""
    if not player.decides:
        return "with no decision for the player to make"
    strategy = player.strategy
    if strategy is not None and not strategy.is_optimal:
        return (f"the player following the strategy {strategy}, read from its rule by the "
                "simulation itself")
    return "the player following the solved strategy"


def _wagers(wagers: list[str], of: int) -> tuple[str, str]:
    """The simulated wagers as the subject of a sentence, and its verb's past tense: "Every
    wager" when all ``of`` have a simulation, else the ones that do, by name."""
    if len(wagers) == of:
        return "Every wager", "was"
    if len(wagers) == 1:
        return f"The {wagers[0]} wager (the only one with a simulation)", "was"
    return (f"The {', '.join(wagers[:-1])} and {wagers[-1]} wagers (the ones with a "
            "simulation)", "were")


def verification_section(context: ReportContext[Rules], hands: int = REPORT_HANDS,
                         seed: int = REPORT_SEED, simulate: bool = True) -> Section | None:
    """Every wager simulated and compared with its exact table (None for a game edge does not
    simulate). ``simulate=False`` (the committed reports) plays nothing and prints the commands
    instead: numpy keeps the stream of a ``Generator`` method (integers, permutation) stable
    only within a version, so simulated figures would change a committed file when numpy does.
    """
    from edge.document import Paragraph, Preformatted, Section, Table

    if not simulates(context.game):
        return None
    wagers = [bet for bet in context.tables if context.game.bet(bet).simulate is not None]
    who = _wagers(wagers, len(context.tables))
    if not simulate:
        return Section("Verification by simulation", (
            Paragraph(f"{who[0]} can also be played at random, apart from the enumeration: "
                      "hands dealt by numpy's random generator, settled "
                      f"{_settlement(context)}, {_player(context.player)}; the "
                      "exact return must lie inside the 99.9% confidence interval of the "
                      "simulated mean return, and a chi-square test compares the outcome "
                      "frequencies with the exact probabilities. The random hands depend on "
                      "the numpy version, so this report does not print their figures: each "
                      "command below plays one wager and prints them."),
            Preformatted("\n".join(simulate_command(context, bet, hands, seed)
                                    for bet in wagers), wrap=True),
        ))
    rows = []
    commands = []
    for bet in wagers:
        table = context.tables[bet]
        result = _simulated(table, context.paytables.get(bet), context.rules, hands, seed,
                            context.run.jobs)
        low, high = result.interval(CHECK_CONFIDENCE)
        rows.append((bet, table.basis, f"{result.hands:,}", f"{float(result.mean):.6f}",
                     f"[{low:.6f}, {high:.6f}]", decimal(result.exact, 6),
                     f"{result.z_score:+.2f}", f"{result.chi_square.p_value:.4f}",
                     "agrees" if result.agrees else "DISAGREES"))
        commands.append(simulate_command(context, bet, hands, seed))
    blocks = (
        Paragraph(f"{who[0]} {who[1]} also played at random, apart from the enumeration (the "
                  "edge simulate command): hands dealt with numpy's PCG64 generator, settled "
                  f"{_settlement(context)}, {_player(context.player)}. "
                  "The exact return must lie inside the 99.9% confidence interval of the "
                  "simulated mean return (per the unit of each wager's figures: the column "
                  "\"per\"), and every hand must "
                  "be settled at its row's pay; the chi-square test compares the outcome "
                  "frequencies with the exact probabilities (outcomes expected fewer than 5 "
                  "times pooled)."),
        Table(("wager", "per", "hands", "simulated return", "99.9% interval", "exact return",
               "z-score", "chi-square p", "result"), tuple(rows),
              f"Simulation against the exact tables (random stream number {seed})"),
        Paragraph("The same stream number plays the same hands whatever the number of "
                  "processes. Each row is played again by the command below; with a larger "
                  "--hands the run starts with these same hands and goes on."),
        Preformatted("\n".join(commands), wrap=True),
    )
    return Section("Verification by simulation", blocks, method=(
        f"The \"Verification by simulation\" section's figures are simulated ({hands:,} "
        f"hands a wager, random stream number {seed}): a check of the exact figures, "
        "with a normal confidence interval and a chi-square test.",))
