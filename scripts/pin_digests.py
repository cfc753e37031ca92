"""Pin (or check) a SHA-256 of every full Ultimate Texas Hold'em solve's exact integer results:
the optimal solve at the default rules and Blind table, and each game-protection scenario.

    python scripts/pin_digests.py --check    # solve (or read the cache), compare with the pins
    python scripts/pin_digests.py --check --changed   # only the solves whose code key moved
    python scripts/pin_digests.py --check --refresh-keys   # and, all identical, write the keys
    python scripts/pin_digests.py --write    # rewrite tests/digests/uth_full_solves.toml

Each pin records the solve's code key beside its digest: the name of the cache entry its result
is stored under, which moves whenever the code of the solve changes
(edge.games.ultimate_texas_holdem.full_solves.code_key; computing it solves nothing). With
``--changed`` a solve whose key is the pinned one is not solved ("code unchanged since the
pin": the code that made the pinned result is the code of today); one whose key moved is
solved and must give its pinned digest. A key that moved with an identical result is then
refreshed by ``--refresh-keys`` (``--check`` with every solve checked identical writes the
current keys, digests untouched), or by scripts/full_solves.sh, which re-makes them all. The
pin file also records the key of the collusion check (tests/test_uth_collusion_run.py's whole
class against the optimal solve), which has no digest: ``--refresh-keys`` writes it too, so
run it after that test passed (scripts/full_solves.sh does).

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
# the checks that record a code key and no digest (tests/test_uth_collusion_run.py)
CHECKS = ("collusion",)
UNCHANGED = "code unchanged since the pin"

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


def read_table(path: Path | None = None) -> dict[str, Any]:
    """The pin file (default :data:`PINS`) as a table."""
    with (path or PINS).open("rb") as file:
        return tomllib.load(file)


def read_pins(path: Path | None = None) -> dict[str, str]:
    """The pinned digests by solve name."""
    return {name: str(entry["sha256"]) for name, entry in read_table(path)["solve"].items()}


def read_keys(path: Path | None = None) -> dict[str, str | None]:
    """The pinned code keys by solve (and check) name; None where a pin has none."""
    table = read_table(path)
    pinned = {**table.get("solve", {}), **table.get("check", {})}
    return {name: (str(entry["code_key"]) if "code_key" in entry else None)
            for name, entry in pinned.items()}


def code_key(name: str) -> str:
    """The current code key of a pinned solve or check (hashes source files, solves nothing)."""
    from edge.games.ultimate_texas_holdem.full_solves import code_key as key_of

    return key_of(name)


def moved(pinned: Mapping[str, str | None], current: Callable[[str], str] = code_key
          ) -> dict[str, str]:
    """The pins whose code key moved (or was never recorded): name -> current key."""
    found = {name: current(name) for name in pinned}
    return {name: key for name, key in found.items() if key != pinned[name]}


HEADER = """\
# SHA-256 of every full Ultimate Texas Hold'em solve's exact integer results (the optimal solve
# at the default rules and Blind table, and each game-protection scenario), by
# scripts/pin_digests.py: each named array's name, dtype, shape and bytes, in name order, of the
# solve as the code holds it (not of a cache file). A regression check: a speed-up or a refactor
# must leave every sum identical. Beside each digest, the code key of the code that made it
# (its cache entry's name, edge.games.ultimate_texas_holdem.full_solves.code_key): .ci/run
# re-solves only the solves whose key moved (`pytest --full-solves-changed`); [check.*] records
# the key of a check that has no digest. Checked by `python scripts/pin_digests.py --check`
# (`--changed`: only the moved keys) and by tests/test_uth_full_solves.py. Refresh the keys
# after a check found every result identical: `python scripts/pin_digests.py --check
# --refresh-keys` (scripts/full_solves.sh re-makes all and does); the digests, only after a
# change that is meant to move a result (say why in the commit):
# `python scripts/pin_digests.py --fresh --write`.
"""


def write_pins(found: Mapping[str, tuple[str, Mapping[str, str]]],
               keys: Mapping[str, str | None], path: Path | None = None) -> None:
    """Write the pin file: each solve's digest, code key and arrays, then each check's key."""
    lines = [HEADER]
    for name, (sha, shapes) in found.items():
        lines.append(f'\n[solve."{name}"]\nsha256 = "{sha}"\n')
        if keys.get(name):
            lines.append(f'code_key = "{keys[name]}"\n')
        lines.append("arrays = {" + ", ".join(f'{key} = "{value}"'
                                              for key, value in sorted(shapes.items())) + "}\n")
    for name in CHECKS:
        if keys.get(name):
            lines.append(f'\n[check."{name}"]\ncode_key = "{keys[name]}"\n')
    path = path or PINS
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(lines), encoding="utf-8")


def read_found(path: Path | None = None) -> dict[str, tuple[str, dict[str, str]]]:
    """The pin file's digests and array shapes by solve name, as :func:`write_pins` takes them."""
    return {name: (str(entry["sha256"]), {key: str(value)
                                          for key, value in entry["arrays"].items()})
            for name, entry in read_table(path)["solve"].items()}


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
    action.add_argument("--write", action="store_true",
                        help="rewrite the pinned digests and code keys")
    parser.add_argument("--fresh", action="store_true",
                        help="solve in a new empty cache folder (every solve made afresh)")
    parser.add_argument("--only", action="append", default=[],
                        help="only this solve (repeatable): optimal or a seen= value")
    parser.add_argument("--changed", action="store_true",
                        help="with --check: solve only the pins whose code key moved")
    parser.add_argument("--refresh-keys", action="store_true",
                        help="with --check: when every solve checked gives its pinned digest, "
                        "write the current code keys (and the collusion check's)")
    args = parser.parse_args(argv)
    wanted = solves()
    unknown = [name for name in args.only if name not in wanted]
    if unknown:
        parser.error(f"unknown solve(s) {unknown}; known: {list(wanted)}")
    if args.write and args.only:
        parser.error("--write pins every solve (no --only)")
    if (args.changed or args.refresh_keys) and not args.check:
        parser.error("--changed and --refresh-keys go with --check")
    pins = read_pins() if args.check else {}
    pinned_keys = read_keys() if PINS.exists() else {}
    current = {name: code_key(name) for name in (*wanted, *CHECKS)}
    found: dict[str, tuple[str, dict[str, str]]] = {}
    failed = []
    started = time.monotonic()
    with fresh_cache() if args.fresh else contextlib.nullcontext():
        for name, make in wanted.items():
            if args.only and name not in args.only:
                continue
            same_key = pinned_keys.get(name) == current[name]
            if args.changed and same_key:
                print(f"{name:24} {UNCHANGED} ({current[name]}): not solved", flush=True)
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
                if not same_key:
                    verdict += (f"; its code key moved (pinned {pinned_keys.get(name)}, "
                                f"now {current[name]})")
            print(f"{name:24} {sha}  {time.monotonic() - began:7.1f} s  {verdict}", flush=True)
            if args.write:       # after each solve: an interrupted run keeps what it made
                write_pins(found, current)
        # the same results read back from the cache (just written, when they were solved):
        # the digest does not depend on whether a solve was made or read
        if found:
            for name, (sha, _) in found.items():
                if digest(wanted[name]()) != sha:
                    failed.append(f"{name} (read back from the cache)")
            print("read back from the cache: " + ("differs" if failed else "identical"))
    for name in CHECKS:
        state = UNCHANGED if pinned_keys.get(name) == current[name] else (
            f"code key moved (pinned {pinned_keys.get(name)}, now {current[name]}): "
            "tests/test_uth_collusion_run.py::test_a_whole_class_against_the_games_own_solve "
            "checks it (pytest -n 0 --full-solves)")
        print(f"{name:24} {state}")
    print(f"all: {time.monotonic() - started:.1f} s")
    if failed:
        print(f"differ from the pins: {', '.join(failed)}", file=sys.stderr)
        return 1
    stale = [name for name in (*found, *CHECKS) if pinned_keys.get(name) != current[name]]
    if args.write:
        write_pins(found, current)
        print(f"wrote {os.path.relpath(PINS)}")
    elif args.check and args.refresh_keys:
        write_pins(read_found(), {**pinned_keys, **{name: current[name]
                                                    for name in (*found, *CHECKS)}})
        print(f"wrote the code keys of {', '.join(stale) or 'none'} to "
              f"{os.path.relpath(PINS)}")
    elif stale:
        print(f"the code keys of {', '.join(stale)} moved and every result checked is "
              "identical: refresh them with `python scripts/pin_digests.py --check --changed "
              "--refresh-keys`", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
