"""Pin (or check) a SHA-256 of every full Ultimate Texas Hold'em solve's exact integer results:
the optimal solve at the default rules and Blind table, and each game-protection scenario.

    python scripts/pin_digests.py --check    # solve (or read the cache), compare with the pins
    python scripts/pin_digests.py --write    # rewrite tests/digests/uth_full_solves.toml

The solves read and write the cache folder ``$EDGE_CACHE_DIR`` (default ``~/.cache/edge``): with
an empty folder every one is solved afresh (about 11 minutes on the quiet 2-core machine, 41
minutes measured with it shared at load 6 to 15), with a filled one this takes seconds.
``--fresh`` solves in a new empty folder of its own (removed at the end). Each line printed
gives the solve's time.

The digest is of the solve's result as the code holds it in memory, whatever the cache file
layout: each named integer array's name, dtype, shape and bytes, in name order (the same
recipe as the cache's own checksum, restated here so a change there cannot move the pins).
For the optimal solve these are its accumulators (``play``, ``bet``, ``check``, ``extra``: the
exact deal counts of every line per holding) and its flop decisions; for an exposure scenario,
the exact total value of check, 3x and 4x of every preflop state (``values``), the choices,
the states and their weights, and the deal counts of every final line (``counts``, ``folds``).
A pin is a regression check (a speed-up must leave every sum identical); the independent check
of the same solves is the published figures (tests/test_uth_full_solves.py).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import os
import sys
import tempfile
import time
import tomllib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parent.parent
PINS = ROOT / "tests" / "digests" / "uth_full_solves.toml"

Arrays = dict[str, npt.NDArray[Any]]

# The protection scenarios, in the order they are made: the quicker first (flop-1 about 1
# minute, flop-2 about 4, whose sweep also caches flop-3, dealer-2 about 3), then
# dealer-1,turn-river-1 (about 7), whose sweep also caches dealer-1 and dealer-1,flop-1, which
# are then read from the cache, and dealer-1-river (about 10 minutes of one core).
SCENARIOS = ("flop-1", "flop-2", "flop-3", "dealer-2", "dealer-1,turn-river-1", "dealer-1",
             "dealer-1,flop-1", "dealer-1-river")
OPTIMAL = "optimal"


def digest(arrays: Mapping[str, npt.NDArray[Any]]) -> str:
    """SHA-256 of named integer arrays: each name, dtype, shape and bytes, in name order."""
    sha = hashlib.sha256()
    for name in sorted(arrays):
        array = np.ascontiguousarray(arrays[name])
        if array.dtype.kind not in "iub":
            raise TypeError(f"{name} is {array.dtype}, not an exact integer array")
        sha.update(f"{name}:{array.dtype.str}:{array.shape};".encode())
        sha.update(array.tobytes())
    return sha.hexdigest()


def optimal_arrays() -> Arrays:
    """The optimal solve at the default rules and Blind table, as the tables make it."""
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem import GAME
    from edge.games.ultimate_texas_holdem.solve import main_bet as uth_main

    rules, paytable = GAME.make_rules(), GAME.bet("main").paytable(None)
    solution = uth_main.solve_main(paytable, rules, RunSettings())
    return {"play": solution.play.astype(np.int64), "bet": solution.bet.astype(np.int64),
            "check": solution.check.astype(np.int64), "extra": solution.extra.astype(np.int64),
            "flop_decisions": solution.flop_decisions.astype(np.uint8)}


def scenario_arrays(seen: str) -> Arrays:
    """One protection scenario's full solve at the default rules and Blind table, as the
    tables make it (exposure_main.solve_exposure, which checks its totals)."""
    from edge.games import RunSettings
    from edge.games.ultimate_texas_holdem import GAME
    from edge.games.ultimate_texas_holdem.exposure import main_bet as exposure_main

    rules, paytable = GAME.make_rules({"seen": seen}), GAME.bet("main").paytable(None)
    solution = exposure_main.solve_exposure(paytable, rules, RunSettings())
    return {"counts": np.stack([solution.counts[p] for p in (4, 3, 2, 1)]).astype(np.int64),
            "folds": np.array(solution.folds, dtype=np.int64),
            "cycle": np.array(solution.cycle, dtype=np.int64),
            "deals_per_state": np.array(solution.deals_per_state, dtype=np.int64),
            "state_cards": solution.state_cards.astype(np.int8),
            "state_weight": solution.state_weight.astype(np.int64),
            "choice": solution.choice.astype(np.int8),
            "values": solution.values.astype(np.int64)}


def solves() -> dict[str, Callable[[], Arrays]]:
    """Every pinned solve by name: the optimal solve (seconds), then the scenarios."""
    made: dict[str, Callable[[], Arrays]] = {OPTIMAL: optimal_arrays}
    made.update({seen: (lambda seen=seen: scenario_arrays(seen)) for seen in SCENARIOS})
    return made


def read_pins(path: Path = PINS) -> dict[str, str]:
    """The pinned digests by solve name."""
    with path.open("rb") as file:
        table = tomllib.load(file)
    return {name: str(entry["sha256"]) for name, entry in table["solve"].items()}


HEADER = """\
# SHA-256 of every full Ultimate Texas Hold'em solve's exact integer results (the optimal solve
# at the default rules and Blind table, and each game-protection scenario), by
# scripts/pin_digests.py: each named array's name, dtype, shape and bytes, in name order, of the
# solve as the code holds it (not of a cache file). A regression check: a speed-up or a refactor
# must leave every sum identical. Checked by `python scripts/pin_digests.py --check` and by
# tests/test_uth_full_solves.py (`pytest -n 0 --full-solves tests/test_uth_full_solves.py`,
# the last step of .ci/run). Refresh, only after a change that is meant to move a result
# (say why in the commit): `python scripts/pin_digests.py --fresh --write`.
"""


def write_pins(found: Mapping[str, tuple[str, Mapping[str, str]]], path: Path = PINS) -> None:
    lines = [HEADER]
    for name, (sha, shapes) in found.items():
        lines.append(f'\n[solve."{name}"]\nsha256 = "{sha}"\n')
        lines.append("arrays = {" + ", ".join(f'{key} = "{value}"'
                                              for key, value in sorted(shapes.items())) + "}\n")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(lines), encoding="utf-8")


@contextlib.contextmanager
def fresh_cache() -> Iterator[Path]:
    """A new, empty ``$EDGE_CACHE_DIR`` for the block (removed at its end)."""
    before = os.environ.get("EDGE_CACHE_DIR")
    with tempfile.TemporaryDirectory(prefix="edge-pin-cache-") as folder:
        os.environ["EDGE_CACHE_DIR"] = folder
        try:
            yield Path(folder)
        finally:
            if before is None:
                os.environ.pop("EDGE_CACHE_DIR", None)
            else:
                os.environ["EDGE_CACHE_DIR"] = before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--check", action="store_true", help="compare with the pinned digests")
    action.add_argument("--write", action="store_true", help="rewrite the pinned digests")
    parser.add_argument("--fresh", action="store_true",
                        help="solve in a new empty cache folder (every solve made afresh)")
    parser.add_argument("--only", action="append", default=[],
                        help="only this solve (repeatable): optimal or a seen= value")
    args = parser.parse_args(argv)
    wanted = solves()
    unknown = [name for name in args.only if name not in wanted]
    if unknown:
        parser.error(f"unknown solve(s) {unknown}; known: {list(wanted)}")
    if args.write and args.only:
        parser.error("--write pins every solve (no --only)")
    pins = read_pins() if args.check else {}
    found: dict[str, tuple[str, dict[str, str]]] = {}
    failed = []
    started = time.monotonic()
    with fresh_cache() if args.fresh else contextlib.nullcontext():
        for name, make in wanted.items():
            if args.only and name not in args.only:
                continue
            began = time.monotonic()
            arrays = make()
            sha = digest(arrays)
            found[name] = (sha, {key: f"{value.dtype.str} {list(value.shape)}"
                                 for key, value in arrays.items()})
            verdict = ""
            if args.check:
                verdict = "ok" if pins.get(name) == sha else f"DIFFERS (pinned {pins.get(name)})"
                if verdict != "ok":
                    failed.append(name)
            print(f"{name:24} {sha}  {time.monotonic() - began:7.1f} s  {verdict}", flush=True)
            if args.write:       # after each solve: an interrupted run keeps what it made
                write_pins(found)
        # the same results read back from the cache (just written, when they were solved):
        # the digest does not depend on whether a solve was made or read
        if found:
            for name, (sha, _) in found.items():
                if digest(wanted[name]()) != sha:
                    failed.append(f"{name} (read back from the cache)")
            print("read back from the cache: " + ("differs" if failed else "identical"))
    print(f"all: {time.monotonic() - started:.1f} s")
    if args.write:
        write_pins(found)
        print(f"wrote {PINS.relative_to(ROOT)}")
    if failed:
        print(f"differ from the pins: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
