"""The code key of each full Ultimate Texas Hold'em solve whose results the project pins
(tests/digests/uth_full_solves.toml): the optimal solve at the default rules and Blind table,
and each game-protection scenario (a ``seen`` value), and of the two-player collusion's
holding classes.

A solve's code key is the name of the cache entry its result is stored under
(:func:`edge.cache.entry_path`): a SHA-256 of its inputs (the pays, the ties rule, the arrays
stored) and of the source of the code that computes it. While the key is the one pinned, the
code that made the pinned result has not changed, so neither has the result. Computing a key
reads and hashes source files; nothing is solved or read from the cache.

The entries are named here as each solver names its own, from the same inputs and modules,
without changing the solvers (a change to a solver's code moves its keys):
tests/test_uth_code_keys.py checks that every key is the entry the solver itself reads.
"""

from __future__ import annotations

from pathlib import Path

from edge import cache
from edge.errors import EdgeError
from edge.games.ultimate_texas_holdem.collusion import _collusion, classes
from edge.games.ultimate_texas_holdem.exposure import (
    _river,
    _two,
    dealer_one,
    dealer_river,
    dealer_two,
    flop_cards,
)
from edge.games.ultimate_texas_holdem.rules import Seen
from edge.games.ultimate_texas_holdem.solve import _kernels, solver

OPTIMAL = "optimal"
# the collusion check of one holding class against the optimal solve (K5o: a 4x raise alone,
# checked against every partner holding a K or a 5); its key is that class's entry
COLLUSION = "collusion"
COLLUSION_CLASS = "K5o"


def code_key(name: str) -> str:
    """The code key of the full solve ``name`` (``optimal`` or a ``seen`` value other than
    ``none``) at the default rules and Blind table, or of ``collusion``: its cache entry's
    name, without solving anything."""
    return _entry_path(name).stem


def named() -> tuple[str, ...]:
    """Every name :func:`code_key` knows: the optimal solve, each scenario, the collusion."""
    return (OPTIMAL, *(str(seen) for seen in Seen if seen != Seen.NONE), COLLUSION)


def _entry_path(name: str) -> Path:
    from edge.games.ultimate_texas_holdem import GAME

    if name not in named():
        raise EdgeError(f"No full solve is named {name!r}; known: {', '.join(named())}.")
    paytable = GAME.bet("main").paytable(None)
    assert paytable is not None
    rules = GAME.make_rules({} if name in (OPTIMAL, COLLUSION) else {"seen": name})
    settle = solver.settlement(paytable.as_dict(), rules.dealer_no_qualify)
    ties = rules.ties_larger
    pays = {"net": settle.net, "fold": settle.fold, "ties_larger": ties}
    if name == OPTIMAL:             # solver.solve's entry
        return cache.entry_path("uth-solve", {**pays, "scale": settle.scale,
                                              "arrays": solver.CACHE_ARRAYS}, (solver, _kernels))
    if name == COLLUSION:           # classes.cached_class's entry of one class
        net = tuple(tuple(int(v) for v in row) for row in settle.array())
        return cache.entry_path("uth-collusion", {
            "net": net, "fold": settle.fold, "ties_larger": ties, "class": COLLUSION_CLASS,
            "columns": classes.COLUMNS}, (classes, _collusion))
    seen = Seen(name)
    if seen == Seen.DEALER_2:       # dealer_two.solve_dealer_two's entry of its state rows
        return cache.entry_path("uth-dealer-two", {**pays, "scale": settle.scale,
                                                   "arrays": ("rows",)},
                                (dealer_two, solver, _kernels, _two))
    # the other exposure solvers' entries: dealer_one's scenarios with its own code, the others
    # with the modules each solver adds (flop_cards._solve, dealer_river.solve_dealer_one_river)
    code = {Seen.FLOP_2: (flop_cards,), Seen.FLOP_3: (flop_cards,),
            Seen.DEALER_1_RIVER: (dealer_river, _river, flop_cards)}.get(seen, ())
    return dealer_one.ExposedCache(seen, settle, ties, code).path
