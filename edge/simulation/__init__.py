"""Independent Monte Carlo checks of the exact analyses: ``edge simulate``.

A separate code path from the enumeration: hands are dealt with numpy's ``Generator``
(vectorised over many hands, see :mod:`edge.sampling`), each wager is settled by the
game's simulation module from docs/rules.md, and the player follows the strategy the analysis solved
(looked up, not searched). The simulated mean return is compared with the exact value, and the
outcome frequencies with the exact row probabilities.

>>> sim = simulate("triple-bet", bet="flush", hands=20_000, seed=7, jobs=1)
>>> sim.hands, sim.agrees
(20000, True)
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Mapping

from edge.errors import EdgeError
from edge.games import AnyGame, Rules, RunSettings, fit_bet, get_game, with_notes
from edge.options import options_dict
from edge.parallel import Progress
from edge.paytables import PayTable
from edge.simulation.check import Simulation, compare
from edge.simulation.engine import Simulator, chunk_sizes, default_jobs, run
from edge.table import ReturnTable

DEFAULT_HANDS = 1_000_000
# The most hands one run may play (hours at a million hands a second): its 152,588 chunks are
# listed up front, and every count stays far inside int64.
MAX_HANDS = 10 ** 10

__all__ = ["DEFAULT_HANDS", "MAX_HANDS", "Simulation", "make_simulator",
           "simulate", "simulate_table", "simulates"]


def make_simulator(game: str, bet: str, paytable: PayTable | None, rules: Rules,
                   run: RunSettings | None = None) -> Simulator:
    """The simulator of one wager of a registered game: its bet's ``simulate`` hook.

    ``run`` (workers, cache, progress) is for games whose simulator needs work from the
    analysis first, such as the Ultimate Texas Hold'em solve behind its decisions.
    """
    found = get_game(game)
    chosen = found.bet(bet)
    simulator = chosen.simulator(found.wager(paytable, rules, run))
    if simulator is None:
        raise EdgeError(f"There is no simulation of {found.name} {chosen.name} yet.")
    return simulator


def simulates(game: str | AnyGame) -> bool:
    """Whether edge can simulate some wager of ``game`` (a game or a registered game's name)."""
    found = get_game(game) if isinstance(game, str) else game
    return any(bet.simulate is not None for bet in found.bets)


def _check_run(hands: int, seed: int | None) -> None:
    """Refuse a number of hands or a seed the simulation cannot use, naming it."""
    if hands < 2:
        raise EdgeError(f"--hands {hands} is too few: simulate at least 2 hands.")
    if hands > MAX_HANDS:
        raise EdgeError(f"--hands {hands} is too many: simulate at most {MAX_HANDS:,} hands.")
    if seed is not None and seed < 0:
        raise EdgeError(f"--seed {seed} must not be negative.")


def simulate(game: str, bet: str | None = None, paytable: str | PayTable | None = None,
             options: Mapping[str, object] | None = None, hands: int = DEFAULT_HANDS,
             seed: int | None = None, jobs: int | None = None, progress: bool = False,
             run_settings: RunSettings | None = None) -> Simulation:
    """Simulate ``hands`` hands of one wager and compare them with the exact analysis.

    ``seed`` makes the run reproducible whatever ``jobs`` (a fresh one is drawn and reported
    when it is ``None``); ``progress`` draws a bar on stderr.
    """
    if jobs is not None and jobs < 1:
        raise EdgeError(f"--jobs {jobs} must be at least 1.")
    _check_run(hands, seed)           # before the analysis, which can take a while
    found = get_game(game)
    chosen = found.bet(bet)
    fitted = fit_bet(found, chosen, paytable, options)   # a named table under its own rule
    rules, table_pays = fitted.rules, fitted.paytables[chosen.name]
    settings = run_settings or RunSettings(jobs=jobs, progress=progress)
    exact_table = with_notes(found.analyze(chosen.name, table_pays, rules, settings),
                             fitted.notes)
    return simulate_table(exact_table, table_pays, rules, hands, seed, settings)


def simulate_table(table: ReturnTable, paytable: PayTable | None, rules: Rules,
                   hands: int = DEFAULT_HANDS, seed: int | None = None,
                   run_settings: RunSettings | None = None) -> Simulation:
    """Simulate the wager of an exact ``table`` (made with ``paytable`` and ``rules``) and
    compare the two; ``run_settings`` gives the workers and the progress bar."""
    _check_run(hands, seed)
    settings = run_settings or RunSettings()
    simulator = make_simulator(table.game, table.bet, paytable, rules, settings)
    if table.initial_wager != simulator.initial_wager:
        raise EdgeError(f"The simulation of {table.game} {table.bet} quotes figures per "
                        f"{simulator.initial_wager} units, the analysis per "
                        f"{table.initial_wager}.")
    seed = secrets.randbits(64) if seed is None else seed
    # no more workers than chunks of hands: the report names the workers really used
    workers = min(settings.jobs or default_jobs(), len(chunk_sizes(hands)))
    start = time.perf_counter()
    with Progress("simulating", hands, settings.progress, unit="hands") as bar:
        tally = run(simulator, hands, seed, workers, lambda done, _: bar.update(done))
    seconds = time.perf_counter() - start
    checks, chi, total, squares = compare(table, simulator.outcomes, tally,
                                          simulator.scale, simulator.initial_wager)
    return Simulation(
        game=table.game, bet=table.bet, paytable=None if paytable is None else paytable.name,
        options=options_dict(rules), hands=tally.hands, seed=seed, jobs=workers,
        seconds=seconds, initial_wager=simulator.initial_wager, total=total,
        total_squares=squares, exact=table.expected_return, outcomes=checks, chi_square=chi)
