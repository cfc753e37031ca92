"""Time each analysis in-process and print a table (performance targets are checked here).

    python scripts/bench.py [--repeat N] [--only NAME] [--tests] [--protection]
    python scripts/bench.py --startup [--repeat N]
    python scripts/bench.py --install [CHECKOUT]

``--tests`` also times one cold run of the test suite (a plain ``pytest``, without the ``slow``
references; a fresh solve cache, in a subprocess), against its 4-minute target.
``--protection`` also times every game-protection scenario of Ultimate Texas Hold'em once,
solved afresh (minutes each, against the 10-minute target; the other games' scenarios take
seconds and are always timed).

``--startup`` times whole ``edge`` processes as a user starts them (``--version``, ``--help``,
the Tri-Card Ante table; with bytecode compiled, as pip installs it) against ``python -c
"import numpy"``, and the table's own analysis inside a process: the targets are 2x numpy's
time, and the analysis time plus 0.3 s. ``--install`` times ``pip install .`` of this checkout
(or another one) into a new, empty virtual environment (an isolated build, as a new user's),
against its 3-minute target. Both print the machine's load beside the times: on a shared
machine they vary with it.

The collusion rows (issue 27) time reduced classes of Ultimate Texas Hold'em collusion on a local
Dask cluster of 1 and 2 workers and project the whole two-player table from the CPU per flop.

The counting rows (issue 28) time the counter's win-rate simulation as a plain loop in this
process and on a local Dask cluster of 1 and of 2 workers (the cluster extra; skipped without
it), with the speed-up of 2 workers over 1 and the rounds per CPU second of each, in one run.

Each game adds its cases to CASES: (name, target seconds or None, callable, units, count)
where count/units give a throughput column (hands per second, candidates per second).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from math import comb, perm
from pathlib import Path
from typing import Any

from tabulate import tabulate

from edge import _core, tune
from edge.bets.file import read_bet_file
from edge.bets.game import make_game
from edge.counting.simulation import (
    SHOES_PER_TASK,
    NetOf,
    ShoeGame,
    Spread,
    Tally,
    play_shoes,
    win_rates,
)
from edge.games import AnyGame, Rules, RunSettings, all_games, analyze, get_game
from edge.games.baccarat import WAGERS as BACCARAT_WAGERS
from edge.games.double_hand_poker import _kernels as dh_kernels
from edge.games.double_hand_poker.analysis import compute_setting_counts, main_table
from edge.games.double_hand_poker.rules import DoubleHandRules, PlayerSetting
from edge.games.three_card_poker import hands as tc_hands
from edge.games.three_card_poker import strategy as tc_strategy
from edge.games.three_card_poker.pays import PRESETS as TC_PRESETS
from edge.games.three_card_poker.rules import ThreeCardRules
from edge.games.triple_bet import _kernels as tb_kernels
from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main
from edge.games.ultimate_texas_holdem.solve import solver as uth_solve
from edge.games.ultimate_texas_holdem.strategy import language as uth_language
from edge.games.ultimate_texas_holdem.strategy import practical as uth_practical
from edge.options import make_options

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "strategies"
BET_FILES = Path(__file__).resolve().parent.parent / "examples" / "bets"
GAME_FILES = BET_FILES.parent / "games"
SIX_CARD_PLUGIN = Path(__file__).resolve().parent.parent / "examples" / "six_card_bonus" / "src"
BACCARAT = Path(__file__).resolve().parent.parent / "edge" / "games" / "baccarat"


@dataclass(frozen=True)
class Case:
    """One timed job: a name, its target in seconds (or None), and what to run."""

    name: str
    target: float | None
    run: Callable[[], object]
    units: str = ""
    count: int = 0
    once: bool = False        # minutes of work: run once, whatever --repeat says
    # untimed: run before the case's runs (a Dask cluster started) and after them (closed)
    prepare: Callable[[], object] | None = None
    cleanup: Callable[[], object] | None = None


CASES: list[Case] = [
    Case("triple-bet: three wagers' counts, 6 decks", None,
         lambda: tb_kernels.triple_bet_counts(6)),
    Case("triple-bet: joint counts (5 cards), 6 decks", None,
         lambda: tb_kernels.triple_bet_joint_counts(6), "weighted deals",
         312 * 311 * 310 * 309 * 308),
    Case("triple-bet: every table at 6 decks", None,
         lambda: [analyze("triple-bet", bet)
                  for bet in ("flush", "sandwich", "block", "combined")]),
    # hand_counts is cached per process: __wrapped__ is the count itself, every time
    Case("three-card-poker: evaluate and count every hand pair", None,
         lambda: tc_hands.hand_counts.__wrapped__(True), "hand pairs",
         22100 * 18424),
    Case("three-card-poker: full Ante analysis, pay table 3 (hand counts cached)", 0.05,
         lambda: analyze("three-card-poker", "ante", "3")),
    Case("three-card-poker: combined bet, pay table 3", 0.05,
         lambda: analyze("three-card-poker", "combined", "3")),
    Case("three-card-poker: strategy report, pay table 3", None,
         lambda: tc_strategy.strategy_report(
             TC_PRESETS["ante"]["3"], ThreeCardRules(),
             tc_strategy.ante_decision(TC_PRESETS["ante"]["3"]))),
    # issue 15: a strategy's exact table, as fast as the optimal solve, and its comparison
    Case("three-card-poker: Ante under the mimic strategy (exact table)", 0.05,
         lambda: analyze("three-card-poker", "ante", "3", {"strategy": "mimic"})),
    Case("three-card-poker: mimic against the optimal strategy (departures, costs)", 0.1,
         lambda: _compare("three-card-poker", "ante", "mimic")),
    Case("double-hand-poker: main wager, house way with exceptions (count cached)", 0.2,
         lambda: analyze("double-hand-poker", "main", None,
                         {"strategy": str(EXAMPLES / "double-hand-house-way-plus.toml")})),
    Case("double-hand-poker: house way against the optimal setting (count cached)", 0.2,
         lambda: _compare("double-hand-poker", "main", "house-way")),
    Case("double-hand-poker: exhaustive count of every setting (kernel)", None,
         dh_kernels.double_hand_counts, "deal pairs", 3276 * 2300),
    Case("double-hand-poker: main wager, both strategies, uncached", 0.2,
         lambda: _double_hand_both_strategies(), "deal pairs", 3276 * 2300),
    Case("double-hand-poker: every table (count cached)", None,
         lambda: [analyze("double-hand-poker", bet)
                  for bet in ("main", "lo-card", "hi-card", "dice-lo", "dice-hi")]),
    Case("holdem: class counts of every 7-card hand", 1.5, lambda: _core.holdem_class_counts(7),
         "hands", comb(52, 7)),
    Case("holdem: class counts of every 5-card hand", None, lambda: _core.holdem_class_counts(5),
         "hands", comb(52, 5)),
    Case("ultimate-texas-holdem: exact Ante/Blind/Play solve, jobs=2, no cache", 20.0,
         lambda: _uth_solve(), "deals", uth_solve.CYCLE),
    # issue 15: a strategy file evaluated exactly must be no slower than the optimal solve
    Case("ultimate-texas-holdem: exact evaluation of a strategy file (Wizard of Odds practical), "
         "jobs=2", 20.0, lambda: _uth_practical(), "deals", uth_solve.CYCLE),
    # edge tune: the whole command (probe, check, scoring, exact figures for the 20 shown)
    Case("tune: 1,000,000 Pair Plus candidates scored", 2.0,
         lambda: tune.tune("three-card-poker", "pair-plus", "2%..3.5%",
                           ["straight-flush=1..100", "three-of-a-kind=1..100", "straight=1..10",
                            "flush=1..10"], ordered=False),
         "candidates", 1_000_000),
]


def _compare(game: str, bet: str, strategy: str) -> object:
    """A strategy against the optimal one (``edge strategy GAME --compare STRATEGY``)."""
    from edge.games import RunSettings, get_game
    found = get_game(game)
    chosen = found.bet(bet)
    return chosen.comparison(found.wager(chosen.paytable(None),
                                         found.make_rules({"strategy": strategy}),
                                         RunSettings()))


def _uth_solve() -> object:
    """The full optimal-strategy solve of the standard game, ignoring the disk cache."""
    settle = uth_solve.settlement(uth_main.BLIND_PRESETS["standard"].as_dict())
    return uth_solve.solve(settle, jobs=2, use_cache=False)


def _uth_practical() -> object:
    """The exact return of the Wizard of Odds practical strategy (the solve it is priced against
    comes from the disk cache)."""
    settle = uth_solve.settlement(uth_main.BLIND_PRESETS["standard"].as_dict())
    strategy = uth_language.UthStrategy.resolve("wizard-practical")
    return uth_practical.evaluate(strategy, uth_solve.solve(settle), jobs=2)


class _CacheRun:
    """Issue 33: the results that cost a minute or more are kept in the disk cache; each
    pair of cases times the same work computed (an empty cache folder) and read back (the
    folder the first left), in one run."""

    def __init__(self) -> None:
        self.folder: str | None = None

    def empty(self) -> None:
        import tempfile
        self.folder = tempfile.mkdtemp(prefix="edge-bench-cache-")

    def collusion(self) -> object:
        """The Tri-Card collusion table (one to four partners), as the command prints it."""
        import contextlib
        import io
        import os

        from edge import cli
        assert self.folder is not None
        before = os.environ.get("EDGE_CACHE_DIR")
        os.environ["EDGE_CACHE_DIR"] = self.folder
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                return cli.main(["collusion", "three-card-poker", "--jobs", "2"])
        finally:
            if before is None:
                del os.environ["EDGE_CACHE_DIR"]
            else:
                os.environ["EDGE_CACHE_DIR"] = before

    def practical(self) -> object:
        """The UTH practical strategy's exact evaluation through its disk cache entry (the
        in-process copy forgotten first, so the entry is read or made)."""
        import os

        assert self.folder is not None
        settle = uth_solve.settlement(uth_main.BLIND_PRESETS["standard"].as_dict())
        solution = uth_solve.solve(settle)          # the solve from the usual cache
        strategy = uth_language.UthStrategy.resolve("wizard-practical")
        before = os.environ.get("EDGE_CACHE_DIR")
        os.environ["EDGE_CACHE_DIR"] = self.folder
        try:
            uth_practical._CACHE.clear()
            return uth_practical.evaluate_cached(strategy, solution, jobs=2)
        finally:
            if before is None:
                del os.environ["EDGE_CACHE_DIR"]
            else:
                os.environ["EDGE_CACHE_DIR"] = before


_CACHE_RUN = _CacheRun()
_CACHE_NAMES = ("cache: Tri-Card collusion table, computed (empty cache), jobs=2",
                "cache: Tri-Card collusion table, read from the cache",
                "cache: UTH practical strategy's evaluation, computed (empty cache), jobs=2",
                "cache: UTH practical strategy's evaluation, read from the cache")
CACHE_CASES = [Case(_CACHE_NAMES[0], None, _CACHE_RUN.collusion, once=True,
                    prepare=_CACHE_RUN.empty),
               Case(_CACHE_NAMES[1], 5.0, _CACHE_RUN.collusion),
               Case(_CACHE_NAMES[2], None, _CACHE_RUN.practical, once=True,
                    prepare=_CACHE_RUN.empty),
               Case(_CACHE_NAMES[3], 5.0, _CACHE_RUN.practical)]


def _cache_rows(rows: list[tuple[str, str, str, str, str]], times: dict[str, float]) -> None:
    """What the cache saves, in one run: the computed time over the read one."""
    for made, read, what in ((0, 1, "Tri-Card collusion"), (2, 3, "UTH practical evaluation")):
        first, again = times.get(_CACHE_NAMES[made]), times.get(_CACHE_NAMES[read])
        if first is not None and again is not None:
            rows.append((f"cache: {what}, computed over read (same run)",
                         f"{first / again:,.0f}x", "", "", ""))


def _double_hand_both_strategies() -> object:
    """The main wager from scratch: the exhaustive count, then the table for each strategy."""
    counts = compute_setting_counts()
    return [main_table(make_options(DoubleHandRules, {"strategy": str(strategy)}), counts)
            for strategy in PlayerSetting]


def _simulation_case(name: str, game: str, bet: str, hands: int,
                     target_rate: float | None = None, jobs: int = 1, **options: str) -> Case:
    """Time ``hands`` simulated hands on one process (no analysis, no report).

    The simulator (with the strategy it looks up) is built on the first run, which the best of
    several runs leaves out.
    """
    from functools import cache

    from edge.games import get_game
    from edge.simulation import make_simulator
    from edge.simulation.engine import Simulator
    from edge.simulation.engine import run as simulate_hands

    @cache
    def simulator() -> Simulator:
        found = get_game(game)
        chosen = found.bet(bet)
        return make_simulator(found.name, chosen.name, chosen.paytable(None),
                              found.make_rules(options))

    target = None if target_rate is None else hands / target_rate
    return Case(name, target, lambda: simulate_hands(simulator(), hands, seed=1, jobs=jobs),
                "hands", hands)


# Simulation throughput per core (issue 8: >= 1,000,000 Three Card Poker and 200,000 UTH hands/s).
CASES += [
    _simulation_case("simulate: triple-bet combined, 10^6 hands, 1 core", "triple-bet",
                     "combined", 10 ** 6),
    _simulation_case("simulate: three-card-poker ante, 10^6 hands, 1 core", "three-card-poker",
                     "ante", 10 ** 6, 1_000_000),
    _simulation_case("simulate: three-card-poker combined, 10^6 hands, 1 core",
                     "three-card-poker", "combined", 10 ** 6, 1_000_000),
    _simulation_case("simulate: ultimate-texas-holdem main, 10^6 hands, 1 core",
                     "ultimate-texas-holdem", "main", 10 ** 6, 200_000),
    _simulation_case("simulate: ultimate-texas-holdem trips, 10^6 hands, 1 core",
                     "ultimate-texas-holdem", "trips", 10 ** 6),
    # the same work on two worker threads (edge.parallel): the ratio to 1 core shows what the
    # threads gain where the kernels and numpy's generator release the GIL
    _simulation_case("simulate: three-card-poker ante, 10^6 hands, 2 threads",
                     "three-card-poker", "ante", 10 ** 6, jobs=2),
    _simulation_case("simulate: ultimate-texas-holdem main, 10^6 hands, 2 threads",
                     "ultimate-texas-holdem", "main", 10 ** 6, jobs=2),
]


def _analysis(game: AnyGame, bet: str, rules: Rules, run: RunSettings) -> Callable[[], object]:
    """One wager's exact table, at its default pay table, as a bench job."""
    chosen = game.bet(bet)
    return lambda: chosen.table(game.wager(chosen.paytable(None), rules, run))


def _bet_file(name: str, decks: int | None = None,
              folder: Path = BET_FILES) -> Callable[[], object]:
    """A bet file read afresh and analysed (no counts kept from an earlier run)."""
    def run() -> object:
        game = make_game(read_bet_file(folder / name))
        rules = game.make_rules({} if decks is None else {"decks": decks})
        return game.analyze(None, None, rules)
    return run


def _game_file(name: str) -> Callable[[], object]:
    """A game file with decisions read afresh and solved (nothing kept from an earlier run)."""
    def run() -> object:
        from edge.decisions.board import read_board_file, shared_board
        from edge.decisions.board_game import make_board_game
        from edge.decisions.file import read_game_file
        from edge.decisions.game import make_game as make_decision_game
        path = GAME_FILES / name
        game = (make_board_game(read_board_file(path)) if shared_board(path)
                else make_decision_game(read_game_file(path)))
        return game.analyze(None, None, game.make_rules({}))
    return run


def _dealer_seen_file(name: str, solve: str = "board_dealer.solve_dealer_seen"
                      ) -> Callable[[], object]:
    """A shared-board game file solved with one of the dealer's two cards seen before the
    first decision (``[protection.NAME] dealer = 1``; ``solve``: the module and function of
    edge.decisions that solves it, another for a board card seen too), read afresh."""
    def run() -> object:
        import importlib

        from edge.decisions.board import read_board_file
        module, function = solve.rsplit(".", 1)
        solver = getattr(importlib.import_module(f"edge.decisions.{module}"), function)
        return solver(read_board_file(GAME_FILES / name))
    return run


def _later_seen_file(name: str) -> Callable[[], object]:
    """A shared-board game file solved with one of the turn and river cards seen with the
    flop (``[protection.NAME] later = 1``), read afresh."""
    def run() -> object:
        from edge.decisions.board import read_board_file
        from edge.decisions.board_protection import solve_later_seen
        return solve_later_seen(read_board_file(GAME_FILES / name))
    return run


def _later_first_file(name: str) -> Callable[[], object]:
    """A shared-board game file solved with one of the turn and river cards seen before the
    decision made with the player's cards (``later = 1`` with ``first = true``), read
    afresh."""
    def run() -> object:
        from edge.decisions.board import read_board_file
        from edge.decisions.board_protection import solve_later_seen
        return solve_later_seen(read_board_file(GAME_FILES / name), first=True)
    return run


def _edge_command(*argv: str) -> Callable[[], object]:
    """An edge command run in this process (its output discarded): what a user runs, solves
    and all, from a game file read afresh by the command."""
    def run() -> object:
        import contextlib
        import io

        from edge.cli import main
        with contextlib.redirect_stdout(io.StringIO()):
            status = main(list(argv))
        if status != 0:
            raise RuntimeError(f"edge {' '.join(argv)} exited {status}")
        return status
    return run


# issue 35: a best-five-of-seven bet that also looks at the player's two cards (2.8 billion deals)
POCKET_PAIR_TRIPS = """name = "pocket-pair-trips"
title = "Trips with a pocket pair"
[shoe]
decks = 1
[deal]
player = 2
board = 5
[[outcome]]
name = "flush-or-better"
when = "poker5(player + board) >= flush and same_rank(player)"
[[outcome]]
name = "trips"
when = "poker5(player + board) >= three-of-a-kind and same_rank(player)"
[paytables]
default = "usual"
usual = { flush-or-better = 20, trips = 5 }
"""


def _bet_text(text: str) -> Callable[[], object]:
    """A bet file written from ``text`` into a temporary folder, read and analysed afresh."""
    def run() -> object:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "bet.toml"
            path.write_text(text, encoding="utf-8")
            game = make_game(read_bet_file(path))
            return game.analyze(None, None, game.make_rules({}))
    return run


def _six_card_plugin_kernel() -> object:
    """The example plug-in's own count of the C(52, 6) six-card sets (its kernel, uncached)."""
    if str(SIX_CARD_PLUGIN) not in sys.path:
        sys.path.insert(0, str(SIX_CARD_PLUGIN))
    plugin = importlib.import_module("six_card_bonus")
    return plugin.class_counts.__wrapped__()


BET_CASES: list[Case] = [
    # issue 24: a 2- or 3-card bet from 8 decks under 1 s
    Case("bet file: Perfect Pairs (2 cards), 8 decks", 1.0, _bet_file("perfect-pairs.toml", 8),
         "deals", comb(416, 2)),
    Case("bet file: 21+3 (3 cards), 8 decks", 1.0, _bet_file("21-plus-3.toml", 8),
         "deals", comb(416, 2) * 414),
    Case("bet file: 6-Card Bonus (best five of six), 1 deck", None,
         _bet_file("six-card-bonus.toml"), "deals", comb(52, 6)),
    Case("example plug-in's own 6-Card Bonus kernel", None, _six_card_plugin_kernel,
         "deals", comb(52, 6)),
    # issue 24: a best-5-of-7 bet under 30 s on the 2-core machine
    Case("bet file: UTH Trips (best five of seven), 1 deck", 30.0, _bet_file("trips.toml"),
         "deals", comb(52, 7), once=True),
    # issue 36: games with decisions from a file, solved exactly, each under 10 s
    Case("game file: Let It Ride, optimal strategy solved", 10.0, _game_file("let-it-ride.toml"),
         "deals", comb(52, 3) * 49 * 48),
    Case("game file: Mississippi Stud, optimal strategy solved", 10.0,
         _game_file("mississippi-stud.toml"), "deals", comb(52, 2) * 50 * 49 * 48),
    # issue 36, second landing: a dealer's hidden hand, within 3x of the built-in combined bet
    # (its row above, 0.05 s): read, the dealer's hands counted, solved
    Case("game file: Three Card Poker (Ante, Play, Pair Plus), optimal strategy solved", 0.15,
         _game_file("three-card-poker.toml"), "deals", comb(52, 3) * comb(49, 3)),
    # issue 36: a dealer's hand over a shared board, the turn and river after the decision,
    # under 10 minutes (the board kernel per flop class of suits)
    Case("game file: Casino Hold'em (shared board), optimal strategy solved", 600.0,
         _game_file("casino-holdem.toml"), "deals",
         comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2), once=True),
    # issue 36, third landing: decisions before the flop, on it and on the river over a
    # shared board, under 30 minutes (the board kernel per flop class, the river decided on
    # each board)
    Case("game file: Ultimate Texas Hold'em (three decisions), optimal strategy solved",
         1800.0, _game_file("ultimate-texas-holdem.toml"), "deals",
         comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2), once=True),
    # issue 36: the same file with one of the dealer's two cards seen from the first decision
    # on (the seen-card kernel per flop class and seen card), each deal counted twice; the
    # built-in's seen=dealer-1 takes minutes (630 s on the clock, the flops and their sums on
    # both cores, 2026-12-07)
    Case("game file: Ultimate Texas Hold'em, one dealer card seen (dealer = 1), exact",
         1800.0, _dealer_seen_file("ultimate-texas-holdem.toml"), "deals",
         comb(52, 2) * 50 * comb(49, 3) * comb(46, 2) * 44, once=True),
    # issue 36: the same with one flop card seen too (E. Jacobson's dealer-1,flop-1), each deal
    # counted six times: the dealer-1 pass with three classes per row (2,017 s of one core
    # measured once on the loaded machine, over the target; 843 s on the clock with the flops
    # on both cores, 686 s with the sums in the workers, 2026-12-07)
    Case("game file: Ultimate Texas Hold'em, a dealer card and a flop card seen, exact",
         1800.0, _dealer_seen_file("ultimate-texas-holdem.toml",
                                   "board_dealer_flop.solve_dealer_flop_seen"), "deals",
         comb(52, 2) * 50 * comb(49, 3) * comb(46, 2) * 44 * 3, once=True),
    # issue 36: one dealer card and one turn-river card seen (E. Jacobson's
    # dealer-1,turn-river-1), each deal counted four times: the dealer-1 pass on boards of
    # four, each state added to four first-decision states (its gated test, the solve and the
    # table: 1,699 s on the clock on both cores of the quiet machine, 2026-12-07)
    Case("game file: Ultimate Texas Hold'em, a dealer card and a turn-river card seen, exact",
         1800.0, _dealer_seen_file("ultimate-texas-holdem.toml",
                                   "board_dealer_flop.solve_dealer_later_seen"), "deals",
         comb(52, 2) * 50 * comb(49, 4) * 4 * 45 * 44, once=True),
    # issue 36: a strategy file with rules for the preflop, the flop and the river on the
    # same file (the Wizard of Odds' practical strategy), priced exactly: the solve again with
    # the river's rules decided by the board kernel on every board (215 to 239 s of one core
    # measured once, on the loaded machine)
    Case("game file: Ultimate Texas Hold'em, a strategy file with flop and river rules priced",
         1800.0, _edge_command("table", str(GAME_FILES / "ultimate-texas-holdem.toml"),
                               "--strategy", str(EXAMPLES / "uth-file-wizard-practical.toml")),
         "deals", comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2), once=True),
    # issue 36: the optimal flop and river decisions in words, learned from the solve and
    # priced by a second solve (447 s of CPU measured once, on the loaded machine; 458 s with
    # the three flop features and the polishing, 2026-12-07)
    Case("game file: Flop and River Hold'em, the strategy in words, priced exactly", 1800.0,
         _edge_command("strategy", str(GAME_FILES / "flop-and-river.toml")), "deals",
         comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2), once=True),
    # issue 36: the same for Casino Hold'em, its call-or-fold in words with the features
    # overcards, three_flush and board_suited, the lists polished (179 s measured on the quiet
    # machine, 2026-12-07; its solve's target, 10 minutes)
    Case("game file: Casino Hold'em, the strategy in words, priced exactly", 600.0,
         _edge_command("strategy", str(GAME_FILES / "casino-holdem.toml")), "deals",
         comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2), once=True),
    # issue 36: one of the turn and river cards seen with the flop (later = 1): the board's
    # first four cards by class, the kernel completing one card, each deal counted twice (59 s
    # measured on the quiet machine, 2026-12-07)
    Case("game file: Casino Hold'em, one turn-river card seen with the flop, exact", 600.0,
         _later_seen_file("casino-holdem.toml"), "deals",
         2 * comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2), once=True),
    # issue 36: the same card seen before the decision on two cards (first = true) in the
    # Ultimate Texas Hold'em file: the 4-card board solve with (holding, seen card) states
    # before the flop (331 s on the clock on both cores, 2026-12-07)
    Case("game file: Ultimate Texas Hold'em, a turn-river card seen before preflop, exact",
         1800.0, _later_first_file("ultimate-texas-holdem.toml"), "deals",
         2 * comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2), once=True),
    # issue 36: the exposed player's play with that card seen, against the game as dealt:
    # both solves, then every (holding, flop, seen card) state's option seeing and as dealt
    # counted by hand and by holding class (165 s on the clock, 233 s of CPU, 2026-12-07)
    Case("game file: Casino Hold'em, the exposed strategy with a turn-river card seen", 600.0,
         _edge_command("strategy", str(GAME_FILES / "casino-holdem.toml"), "--set",
                       "seen=turn-river-1"), "deals",
         2 * comb(52, 2) * comb(50, 3) * comb(47, 2) * comb(45, 2), once=True),
    # issue 36: a dealer's card face up, under 10 minutes: the player's hand as a set, the up
    # card, the dealer's four hidden cards as a set (states counted by a compiled kernel)
    Case("game file: Caribbean Stud, optimal strategy solved", 600.0,
         _game_file("caribbean-stud.toml"), "deals", comb(52, 5) * 47 * comb(46, 4),
         once=True),
    # issue 35: drawing rules, by classes of cards (ten values)
    # (baccarat's wagers, each from its own file of the game: the rows below)
    Case("bet file: Dealer Bust (dealer draws to 17), 8 decks", 10.0,
         _bet_file("dealer-bust.toml", 8), "sequences", perm(416, 13)),
    # issue 35: the same seven cards and the player's two apart, by the held cards and the
    # class (edge/bets/classes.py); every row of cards took about 20 minutes (57 extrapolated
    # on the loaded 2-core machine) before
    Case("bet file: best five of seven and a pocket pair (2.8e9 deals), 1 deck", 30.0,
         _bet_text(POCKET_PAIR_TRIPS), "deals", comb(52, 2) * comb(50, 5), once=True),
    # issue 35: the joker (53 cards), Fortune Pai Gow's bonus: the best five of seven with the
    # bug rule, the seven-card straight flushes and the royal match, by cells of the kernel
    Case("bet file: Fortune Pai Gow bonus (7 of 53 cards, the joker), 1 deck", 30.0,
         _bet_file("fortune-pai-gow.toml"), "deals", comb(53, 7), once=True),
    # issue 35: a showdown with kickers, three cards against three, by the hands' signatures
    Case("bet file: Three Card Poker play every hand (hand3 showdown), 1 deck", None,
         _bet_file("three-card-poker-play-every-hand.toml"), "deals", comb(52, 3) * comb(49, 3)),
    Case("bet file: Dragon Tiger (a tie loses half), 8 decks", 1.0,
         _bet_file("dragon-tiger.toml"), "deals", 416 * 415),
    # issue 35: nine cards, two holdings over a shared board (edge/bets/_showdown.pyx: one
    # board per renaming of suits, the holdings' pairs by inclusion and exclusion), 2 threads
    Case("bet file: UTH Florida Trips (player 2, dealer 2, board 5), 1 deck", 30.0,
         _bet_file("florida-trips.toml"), "deals", comb(52, 5) * comb(47, 2) * comb(45, 2),
         once=True),
    Case("bet file: UTH Bad Beat Bonus (the losing hand), 1 deck", 30.0,
         _bet_file("bad-beat.toml"), "deals", comb(52, 5) * comb(47, 2) * comb(45, 2),
         once=True),
]
# issue 35: every baccarat wager (a bet file with drawing rules) at 8 decks under 1 s, its
# file read afresh; the throughput counts the ordered sequences of six cards
BET_CASES += [Case(f"baccarat: {wager}, 8 decks", 1.0,
                   _bet_file(f"{wager}.toml", 8, BACCARAT), "coups", perm(416, 6))
              for wager in BACCARAT_WAGERS]


def _ratio_row(rows: list[tuple[str, str, str, str, str]], times: dict[str, float]) -> None:
    """Issue 24: the 6-Card Bonus bet file within 3x the example plug-in's own kernel."""
    mine, theirs = (times.get(name) for name in (BET_CASES[2].name, BET_CASES[3].name))
    if mine is not None and theirs is None and BET_CASES[3].name not in times:
        rows.append(("bet file 6-Card Bonus / plug-in kernel", "", "3x", "",
                     "the example plug-in is not built: pip install examples/six_card_bonus, "
                     "or build_ext --inplace in it"))
    if mine is not None and theirs is not None:
        ratio = mine / theirs
        rows.append(("bet file 6-Card Bonus / plug-in kernel (same run)", f"{ratio:.2f}x",
                     "3x", "ok" if ratio <= 3 else "SLOW", ""))


class _CountingRun:
    """Issue 28: the counter's win-rate simulation (21+3 from its bet file, 6 decks, 75%
    penetration, a Hi-Lo-like count, spread 1-8), the same shoes three ways: a plain loop over
    the tasks in this process (rounds per second per core), and on a local Dask cluster of 1
    and of 2 worker processes, started before the timing (their start-up is not timed)."""

    SHOES = 51_200               # 78 rounds a shoe: 3,993,600 rounds, 26 tasks of 2,000 shoes

    def __init__(self) -> None:
        self.address: str | None = None
        self.local: Any = None          # distributed.LocalCluster (Dask imported on use)
        self.client: Any = None         # distributed.Client
        # CPU seconds of the work (this process's for the loop, the workers' on a cluster),
        # the least of the runs, by case: on a shared machine the CPU a run gets varies with
        # the others' load (and Linux's autogroup shares it by session, not by process), so
        # rounds per CPU second is the rate per core the load leaves unchanged
        self.cpu: dict[int, float] = {}
        self.caller: dict[int, float] = {}      # this process's CPU (client and scheduler)

    def game(self) -> ShoeGame:
        found = get_game(str(BET_FILES / "21-plus-3.toml"))
        bet = found.bet(None)
        simulator = bet.simulator(found.wager(bet.paytable(None), found.make_rules({})))
        assert simulator is not None
        tags = tuple(1 if face // 4 <= 4 else (0 if face // 4 <= 7 else -1)
                     for face in range(52))
        return ShoeGame(NetOf(simulator), simulator.scale, 3, 0, 6, tags, Spread(1, 8), 1,
                        SHOES_PER_TASK)

    def rounds(self) -> int:
        return self.SHOES * self.game().rounds_per_shoe(0.75)

    def loop(self) -> object:
        game = self.game()
        tally = Tally()
        start = time.process_time()
        size = game.shoes_per_task
        for index in range(-(-self.SHOES // size)):
            tally.add(play_shoes(game, 0.75, index, min(size, self.SHOES - size * index)))
        self._spent(0, time.process_time() - start)
        return tally

    def _spent(self, workers: int, cpu: float) -> None:
        self.cpu[workers] = min(cpu, self.cpu.get(workers, float("inf")))

    def start(self, workers: int) -> None:
        import distributed

        from edge.cluster import start_local_cluster
        self.local = start_local_cluster(workers)
        self.address = self.local.scheduler_address
        self.client = distributed.Client(self.address)

    def stop(self) -> None:
        for part in (self.client, self.local):
            if part is not None:
                part.close()
        self.local = self.address = self.client = None

    def workers_cpu(self) -> float:
        """The CPU seconds the cluster's worker processes have used so far, together."""
        import psutil  # a dependency of Dask distributed
        found: dict[str, float] = self.client.run(
            lambda: sum(psutil.Process().cpu_times()[:2]))
        return sum(found.values())

    def on_processes(self) -> object:
        """The same shoes on this machine's own process pool (2 workers): what a plain
        install runs, no Dask."""
        game = self.game()
        return win_rates(game.settle, game.scale, game.decks, game.tags, cards=game.cards,
                         penetrations=[0.75], spread=game.spread, rounds=self.rounds(), seed=1,
                         workers=2, shoes_per_task=game.shoes_per_task)

    def on_cluster(self) -> object:
        game = self.game()
        before, mine = self.workers_cpu(), time.process_time()
        rates = win_rates(game.settle, game.scale, game.decks, game.tags, cards=game.cards,
                          penetrations=[0.75], spread=game.spread, rounds=self.rounds(), seed=1,
                          cluster=self.address, shoes_per_task=game.shoes_per_task)
        workers = len(self.client.scheduler_info()["workers"])
        self._spent(workers, self.workers_cpu() - before)
        self.caller[workers] = min(time.process_time() - mine,
                                   self.caller.get(workers, float("inf")))
        return rates


_COUNTING = _CountingRun()
_COUNTING_NAMES = ("counting: 21+3 counter's win rate, 6 decks, 4*10^6 rounds, 1 core "
                   "(plain loop, no Dask)",
                   "counting: the same on a local Dask cluster, 1 worker",
                   "counting: the same on a local Dask cluster, 2 workers",
                   "counting: the same on this machine's process pool, 2 workers (no Dask)")


def _counting_cases() -> list[Case]:
    rounds = 3_993_600
    return [Case(_COUNTING_NAMES[0], None, _COUNTING.loop, "rounds", rounds),
            Case(_COUNTING_NAMES[1], None, _COUNTING.on_cluster, "rounds", rounds,
                 prepare=lambda: _COUNTING.start(1), cleanup=_COUNTING.stop),
            Case(_COUNTING_NAMES[2], None, _COUNTING.on_cluster, "rounds", rounds,
                 prepare=lambda: _COUNTING.start(2), cleanup=_COUNTING.stop),
            Case(_COUNTING_NAMES[3], None, _COUNTING.on_processes, "rounds", rounds)]


def _counting_ratio_rows(rows: list[tuple[str, str, str, str, str]],
                         times: dict[str, float]) -> None:
    """Issue 28: the scaling over 1 and 2 Dask workers, and Dask's cost on one, measured in
    the same run (on a shared machine the ratios say more than the times)."""
    loop, one, two, pool = (times.get(name) for name in _COUNTING_NAMES)
    if pool is not None and two is not None:
        # issue 33: one seam, two executors; the default must not be the slower one
        rows.append(("counting: this machine's process pool against 2 Dask workers (same run, "
                     "wall time)", f"{two / pool:.2f}x", "", "",
                     "Dask's time over the pool's: above 1, the pool is faster"))
    if one is not None and two is not None:
        rows.append(("counting: speed-up of 2 Dask workers over 1 (same run, wall time)",
                     f"{one / two:.2f}x", "", "", f"{one / two / 2:.0%} parallel efficiency"))
    if loop is not None and one is not None:
        rows.append(("counting: 1 Dask worker against the plain loop (same run, wall time)",
                     f"{loop / one:.2f}x", "", "", "the plain loop's speed = 1"))
    rounds = _COUNTING.rounds() if _COUNTING.cpu else 0
    for workers, cpu in sorted(_COUNTING.cpu.items()):
        where = f"{workers} Dask worker{'s' if workers != 1 else ''}" if workers else "plain loop"
        caller = (f"; client and scheduler {_COUNTING.caller[workers] * 1000:,.0f} ms CPU"
                  if workers else "")
        # the cores the work had, on average: the CPU it got over the best wall time (on a
        # shared machine, what the others' load left; 2 workers on 2 free cores have ~2)
        wall = times.get(_COUNTING_NAMES[min(workers, 2)])
        busy = f"; {cpu / wall:.2f} cores busy" if wall else ""
        rows.append((f"counting: rounds per CPU second ({where}; the workers' CPU)",
                     f"{cpu * 1000:,.1f} ms CPU", "", "",
                     f"{rounds / cpu:,.0f} rounds/s/core{busy}{caller}"))
    print(f"counting rows measured at {_load()}")


class _CollusionRun(_CountingRun):
    """Issue 27: UTH collusion (one partner's hole cards seen), the same reduced classes (the
    first flop classes of 8 classes of the player's cards) on a local Dask cluster of 1 and
    of 2 workers; the rows project the whole table (169 classes) from the CPU per flop."""

    CLASSES = (0, 12, 13, 90, 91, 120, 167, 168)       # 22, AA, 32s, T9s, 32o, ... AKo
    FLOPS = 20                                          # flop classes of each

    def tasks(self) -> list[Any]:
        from edge.games.ultimate_texas_holdem.collusion import classes, two_player
        from edge.games.ultimate_texas_holdem.solve import solver
        settle = solver.settlement(get_game("ultimate-texas-holdem").bet("main").presets[
            "standard"].as_dict())
        net = tuple(tuple(int(v) for v in row) for row in settle.array())
        return [two_player.ReducedTask(classes.ClassTask(i, net, settle.fold, False),
                                       self.FLOPS) for i in self.CLASSES]

    def on_cluster(self) -> object:
        from edge.games.ultimate_texas_holdem.collusion import two_player
        from edge.parallel import map_tasks
        before = self.workers_cpu()
        found = map_tasks(two_player.solve_reduced, self.tasks(), cluster=self.address)
        workers = len(self.client.scheduler_info()["workers"])
        self._spent(workers, self.workers_cpu() - before)
        return found


_COLLUSION = _CollusionRun()
_COLLUSION_NAMES = tuple(f"uth collusion: 8 classes x 20 flops, local Dask cluster, {n} "
                         f"worker{'s' if n > 1 else ''}" for n in (1, 2))


def _collusion_cases() -> list[Case]:
    flops = len(_CollusionRun.CLASSES) * _CollusionRun.FLOPS
    return [Case(_COLLUSION_NAMES[0], None, _COLLUSION.on_cluster, "flops", flops,
                 prepare=lambda: _COLLUSION.start(1), cleanup=_COLLUSION.stop),
            Case(_COLLUSION_NAMES[1], None, _COLLUSION.on_cluster, "flops", flops,
                 prepare=lambda: _COLLUSION.start(2), cleanup=_COLLUSION.stop)]


def _collusion_rows(rows: list[tuple[str, str, str, str, str]], times: dict[str, float]) -> None:
    """The speed-up of 2 workers over 1, the CPU per flop and per class, and the whole
    table's time projected on machines of many cores (from the least CPU per flop)."""
    one, two = (times.get(name) for name in _COLLUSION_NAMES)
    if one is not None and two is not None:
        # the cores the work had: the workers' CPU over the wall time (what the load left)
        busy = ", ".join(f"{_COLLUSION.cpu[n] / wall:.2f} cores busy on {n}"
                         for n, wall in ((1, one), (2, two)) if n in _COLLUSION.cpu)
        rows.append(("uth collusion: speed-up of 2 Dask workers over 1 (wall time)",
                     f"{one / two:.2f}x", "", "",
                     f"{one / two / 2:.0%} parallel efficiency; {busy}"))
    if not _COLLUSION.cpu:
        return
    from edge.games.ultimate_texas_holdem.collusion import classes
    per_flop = min(_COLLUSION.cpu.values()) / (len(_CollusionRun.CLASSES) * _CollusionRun.FLOPS)
    flops = [len(classes.flops_of(c.first, c.second).flops) for c in classes.hole_classes()]
    table = per_flop * sum(flops)
    rows.append(("uth collusion: CPU per flop class (workers' CPU, least of 1 and 2)",
                 f"{per_flop * 1000:,.1f} ms CPU", "", "",
                 f"a class {min(flops) * per_flop / 60:.0f}-{max(flops) * per_flop / 60:.0f} "
                 f"min CPU ({sum(flops):,} flop classes in all)"))
    for machines, cores in ((1, 2), (1, 16), (4, 16), (8, 32)):
        # tasks are whole classes: the longest one bounds the time however many cores
        wall = max(table / (machines * cores), max(flops) * per_flop)
        where = f"{machines} machine{'s' if machines > 1 else ''} of {cores} cores"
        rows.append((f"uth collusion: whole table (169 classes) projected, {where}",
                     f"{wall / 60:,.0f} min", "60 min" if machines > 1 else "", "",
                     f"{table / 3600:,.1f} CPU hours"))
    print(f"uth collusion rows measured at {_load()} (a shared machine: see its load)")


def _protection_cases(slow: bool) -> list[Case]:
    """Every game's exposure scenarios (issue 17): the exposed wager's exact table, solved
    afresh (no disk cache, two worker threads). Seconds for the card games with three-card
    hands (target 10 s); Ultimate Texas Hold'em's only with ``slow`` (target 10 minutes)."""
    run = RunSettings(jobs=2, cache=False)
    cases = []
    for game in all_games().values():
        if game.protection is None:
            continue
        heavy = game.name == "ultimate-texas-holdem"
        if heavy and not slow:
            continue
        bet = game.protection.bet
        for scenario in game.protection.scenarios:
            rules = game.make_rules({"seen": scenario.name})
            cases.append(Case(f"{game.name}: {bet} with seen={scenario.name} (exact, no cache)",
                              600.0 if heavy else 10.0, _analysis(game, bet, rules, run),
                              once=heavy))
    if slow:
        # issue 34: a strategy with its own flop and river rules against perfect use of a
        # flop card seen, its cost in parts that add up to it (each part a count of its own),
        # from an empty cache folder: the scenario's solve, the rule's counts and the split
        cases.append(Case("ultimate-texas-holdem: --compare wizard-practical with seen=flop-1, "
                          "the cost in parts (empty cache)", 600.0,
                          _in_a_new_cache(_edge_command(
                              "strategy", "ultimate-texas-holdem", "--set", "seen=flop-1",
                              "--compare", "wizard-practical")), once=True))
        # issue 34: the surveillance tables of dealer-1 with the flop's and the river's tells
        # against every ordinary player, from an empty cache: the scenario's solve, the flop
        # pass and the river pass (each minutes of one core: docs/protection.md)
        cases.append(Case("ultimate-texas-holdem: edge protection --seen dealer-1, the tells "
                          "with the flop and river passes (empty cache)", 1800.0,
                          _in_a_new_cache(_edge_command(
                              "protection", "ultimate-texas-holdem", "--seen", "dealer-1")),
                          once=True))
        # the same for the other dealer-card scenarios' passes
        for seen in ("dealer-1-river", "dealer-1,turn-river-1", "dealer-2"):
            cases.append(Case(f"ultimate-texas-holdem: edge protection --seen {seen}, the "
                              "tells with the street passes (empty cache)", 1800.0,
                              _in_a_new_cache(_edge_command(
                                  "protection", "ultimate-texas-holdem", "--seen", seen)),
                              once=True))
    return cases


def _in_a_new_cache(run: Callable[[], object]) -> Callable[[], object]:
    """``run`` with ``$EDGE_CACHE_DIR`` a new, empty folder (removed after)."""
    def fresh() -> object:
        import os
        import shutil
        import tempfile
        folder = tempfile.mkdtemp(prefix="edge-bench-cache-")
        before = os.environ.get("EDGE_CACHE_DIR")
        os.environ["EDGE_CACHE_DIR"] = folder
        try:
            return run()
        finally:
            if before is None:
                os.environ.pop("EDGE_CACHE_DIR", None)
            else:
                os.environ["EDGE_CACHE_DIR"] = before
            shutil.rmtree(folder, ignore_errors=True)
    return fresh


class _StudioRun:
    """``edge studio`` on Perfect Pairs in a folder of its own, and Chromium (Debian's) driven
    by Playwright: the page loaded, and a pay typed until the table shows its edge (issue 37:
    a page load under a second, a 2-card bet's table within half a second of the keystroke)."""

    def __init__(self) -> None:
        self.stack: list[Callable[[], object]] = []
        self.page: Any = None
        self.address = ""
        self.pay = 6

    def start(self) -> None:
        import re
        import shutil
        import subprocess
        import sys
        import tempfile
        from pathlib import Path

        from playwright.sync_api import sync_playwright
        folder = Path(tempfile.mkdtemp(prefix="edge-bench-studio-"))
        root = Path(__file__).resolve().parent.parent
        shutil.copy(root / "examples" / "bets" / "perfect-pairs.toml", folder)
        process = subprocess.Popen([sys.executable, "-m", "edge", "studio",
                                    "perfect-pairs.toml", "--no-browser"], cwd=folder,
                                   stdout=subprocess.PIPE, text=True)
        def end() -> None:
            process.terminate()
            process.wait()
            shutil.rmtree(folder, ignore_errors=True)
        self.stack.append(end)
        assert process.stdout is not None
        found = re.search(r"(http://\S+/)", process.stdout.readline())
        assert found is not None
        self.address = found.group(1)
        playwright = sync_playwright().start()
        self.stack.append(playwright.stop)
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"),
                                             args=["--no-sandbox"])
        self.stack.append(browser.close)
        self.page = browser.new_page()
        self.load()

    def load(self) -> None:
        """The page loaded (its HTML and script, not yet its first answer)."""
        self.page.goto(self.address, wait_until="load")

    def pay_typed(self) -> None:
        """A pay typed, until the newest table is shown."""
        self.page.wait_for_selector("#state.ok")
        self.pay = 5 if self.pay == 6 else 6
        self.page.fill('input[data-outcome="mixed-pair"]', str(self.pay))
        self.page.wait_for_function(
            "document.querySelector('#state').className == 'ok' && !document.getElementById("
            "'result').classList.contains('stale') && document.querySelector('tbody tr:nth-"
            f"child(3) td:nth-child(2)').textContent == '{self.pay}'")

    def stop(self) -> None:
        while self.stack:
            self.stack.pop()()


_STUDIO = _StudioRun()
STUDIO_CASES = [
    Case("studio: the page loaded in Chromium", 1.0, _STUDIO.load, prepare=_STUDIO.start,
         cleanup=_STUDIO.stop),
    Case("studio: a pay typed until Perfect Pairs' table shows it (incl. 0.12 s pause)", 0.5,
         _STUDIO.pay_typed, prepare=_STUDIO.start, cleanup=_STUDIO.stop),
]


def _test_suite() -> Case:
    """One cold run of the test suite as a plain ``pytest`` runs it (without the ``slow``
    references, which ``.ci/run`` adds), from a fresh, empty solve cache."""
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent

    def run() -> None:
        with tempfile.TemporaryDirectory() as cache:
            subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                           cwd=root, env={**os.environ, "EDGE_CACHE_DIR": cache}, check=True,
                           stdout=subprocess.DEVNULL)
    return Case("tests: the whole pytest suite, cold cache", 240.0, run, once=True)


def _load() -> str:
    """The machine's load averages (1, 5, 15 minutes) and its cores, for beside a time."""
    import os
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _process_time(command: list[str], env: dict[str, str]) -> float:
    """The wall time of ``command`` run as a new process (output discarded)."""
    import subprocess
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def _analysis_time(env: dict[str, str]) -> float:
    """The Tri-Card Ante table's analysis alone, cold (no hand counts made yet), timed inside a
    new process after its imports."""
    import subprocess
    code = ("import time; from edge.games import analyze, get_game; "
            "get_game('three-card-poker'); start = time.perf_counter(); "
            "analyze('three-card-poker', 'ante', '3'); print(time.perf_counter() - start)")
    return float(subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                text=True, env=env).stdout)


def startup(repeat: int) -> None:
    """Print the start-up times of edge's commands beside ``import numpy``'s (see the
    module's docstring); each case is run ``repeat`` times, interleaved so that the load
    weighs on every case alike, the best kept."""
    table = ["table", "three-card-poker", "--bet", "ante", "--paytable", "3"]
    edge = [sys.executable, "-m", "edge"]
    numpy_case, table_case = "python -c 'import numpy'", "edge " + " ".join(table)
    commands = {numpy_case: [sys.executable, "-c", "import numpy"],
                "edge --version": [*edge, "--version"], "edge --help": [*edge, "--help"],
                table_case: [*edge, *table]}
    # as installed: with compiled bytecode (written to a folder of its own, not the checkout,
    # even where PYTHONDONTWRITEBYTECODE is set), made by one run before the timed ones
    import os
    import tempfile
    cache = tempfile.mkdtemp(prefix="edge-pycache-")
    env = {key: value for key, value in os.environ.items()
           if key != "PYTHONDONTWRITEBYTECODE"} | {"PYTHONPYCACHEPREFIX": cache}
    for command in commands.values():
        _process_time(command, env)
    print(f"before: {_load()}")
    best = dict.fromkeys(commands, float("inf"))
    analysis = float("inf")
    for _ in range(max(1, repeat)):
        for name, command in commands.items():
            best[name] = min(best[name], _process_time(command, env))
        analysis = min(analysis, _analysis_time(env))
    rows = [(name, f"{seconds:.3f} s", f"{seconds / best[numpy_case]:.2f}")
            for name, seconds in best.items()]
    rows.append(("the table's analysis alone (cold, in a process)", f"{analysis:.3f} s", ""))
    print(tabulate(rows, headers=["process", "best time", "x numpy"], disable_numparse=True))
    print(f"table start-up beyond its analysis: {best[table_case] - analysis:.3f} s (target "
          "0.3 s); --version and --help: target 2x numpy")
    print(f"after: {_load()}")
    import shutil
    shutil.rmtree(cache, ignore_errors=True)


def install(root: Path) -> None:
    """Time ``pip install .`` of the checkout ``root`` in a new virtual environment and print
    it (another checkout, such as an older commit's ``git worktree``, compares builds).

    The checkout's files are copied without what a build leaves (generated C, compiled
    modules, build folders), so everything is cythonized and compiled afresh; pip builds in
    its isolated environment, fetching the build requirements as for a new user (pip's
    download cache, if any, is used). Making the environment is not timed."""
    import os
    import shutil
    import subprocess
    import tempfile
    import venv

    leave_out = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__",
                                       "*.so", "*.c", ".*_cache", ".edge-cache", ".venv")
    with tempfile.TemporaryDirectory(prefix="edge-install-") as folder:
        source = Path(folder) / "edge"
        shutil.copytree(root, source, ignore=leave_out)
        venv.create(Path(folder) / "venv", with_pip=True)
        python = Path(folder) / "venv" / ("Scripts" if os.name == "nt" else "bin") / "python"
        # as a new user's shell: no PYTHONPATH leading to another edge
        env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        print(f"before: {_load()}")
        start = time.perf_counter()
        subprocess.run([str(python), "-m", "pip", "install", "--quiet", str(source)],
                       check=True, env=env)
        elapsed = time.perf_counter() - start
        print(f"after: {_load()}")
        # the build works: every compiled module imports, the command runs (not timed; run
        # from the environment's folder, where no copy of the sources is found first)
        elsewhere = Path(folder) / "venv"
        modules = sorted(".".join(path.relative_to(root).with_suffix("").parts)
                         for path in root.glob("edge/**/*.pyx"))
        subprocess.run([str(python), "-c", f"import {', '.join(modules)}"], check=True,
                       cwd=elsewhere, env=env)
        subprocess.run([str(python), "-m", "edge", "table", "triple-bet", "--bet", "flush"],
                       check=True, cwd=elsewhere, env=env, stdout=subprocess.DEVNULL)
    verdict = "ok" if elapsed <= 180 else "SLOW"
    print(f"pip install . into a new virtual environment: {elapsed:.0f} s "
          f"({elapsed / 60:.1f} min; target 3 min: {verdict})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="runs per case; the best is kept")
    parser.add_argument("--only", help="run only cases whose name contains this text")
    parser.add_argument("--tests", action="store_true",
                        help="also time one cold run of the test suite (minutes)")
    parser.add_argument("--protection", action="store_true",
                        help="also time each Ultimate Texas Hold'em exposure scenario once "
                             "(minutes each)")
    parser.add_argument("--startup", action="store_true",
                        help="time edge's start-up as whole processes against numpy's, only")
    parser.add_argument("--install", nargs="?", const=Path(__file__).resolve().parent.parent,
                        type=Path, metavar="CHECKOUT",
                        help="time pip install . of this checkout (or CHECKOUT) into a new "
                             "virtual environment, only")
    args = parser.parse_args()
    if args.install:
        install(args.install)
        return
    if args.startup:
        startup(args.repeat)
        return
    rows: list[tuple[str, str, str, str, str]] = []
    times: dict[str, float] = {}
    cases = (CASES + BET_CASES + CACHE_CASES + STUDIO_CASES + _counting_cases()
             + _collusion_cases()
             + _protection_cases(args.protection)
             + ([_test_suite()] if args.tests else []))
    for case in cases:
        if args.only and args.only not in case.name:
            continue
        best = float("inf")
        try:
            if case.prepare is not None:
                case.prepare()
            for _ in range(1 if case.once else max(1, args.repeat)):
                start = time.perf_counter()
                case.run()
                best = min(best, time.perf_counter() - start)
        except ImportError as error:        # an optional part (the example plug-in, Dask)
            rows.append((case.name, "", "", "skipped", str(error)[:60]))
            continue
        finally:
            if case.cleanup is not None:
                case.cleanup()
        rate = f"{case.count / best:,.0f} {case.units}/s" if case.count else ""
        verdict = "" if case.target is None else ("ok" if best <= case.target else "SLOW")
        target = "" if case.target is None else f"{case.target:g} s"
        rows.append((case.name, f"{best * 1000:,.1f} ms", target, verdict, rate))
        times[case.name] = best
    _ratio_row(rows, times)
    _counting_ratio_rows(rows, times)
    _collusion_rows(rows, times)
    _cache_rows(rows, times)
    print(tabulate(rows, headers=["case", "best time", "target", "", "throughput"],
                   disable_numparse=True))


if __name__ == "__main__":
    main()
