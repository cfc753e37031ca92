"""What the games' collusion hooks share (:class:`edge.protection.Collusion`, docs/collusion.md):
situations drawn in chunks from a seed, each valued exactly, and the mean with its standard
error as Fractions.

A simulated collusion figure draws ``rounds`` situations (the colluding player's cards and his
partners') in tasks of :data:`CHUNK` situations; task ``i`` draws from
:func:`edge.sampling.chunk_seed` ``(seed, i)`` alone, so the figure depends on the seed and the
number of rounds, never on the number of workers or the order tasks finish in. Each situation is
valued exactly as an integer (in units the game chooses), so the tasks' sums add up exactly.

>>> found = tally([0, 2])            # two situations worth 0 and 2
>>> mean_and_error(found, 1)
(Fraction(1, 1), Fraction(1, 1))
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from types import ModuleType
from typing import Any

import numpy as np

from edge import cache
from edge.errors import EdgeError
from edge.intervals import interval95
from edge.parallel import map_tasks
from edge.protection import NONE, Collusion, CollusionRequest, CollusionResult
from edge.sampling import chunk_seed

CHUNK = 10_000            # situations per task
SE_DIGITS = 24            # a standard error is rounded down to 10^-24 (its square root)


@dataclass(frozen=True)
class Tally:
    """Situations valued: how many, the sum of their values and of their squares (integers),
    and counts the game keeps beside them (``extra``: decisions, say)."""

    situations: int
    total: int
    squares: int
    extra: tuple[int, ...] = ()


def add_tallies(tallies: Sequence[Tally]) -> Tally:
    """The tallies of several tasks as one."""
    width = max((len(t.extra) for t in tallies), default=0)
    return Tally(sum(t.situations for t in tallies), sum(t.total for t in tallies),
                 sum(t.squares for t in tallies),
                 tuple(sum(t.extra[i] for t in tallies) for i in range(width)))


def tally(values: Sequence[int], extra: tuple[int, ...] = ()) -> Tally:
    """The tally of some situations' integer values (summed as Python integers)."""
    exact = [int(v) for v in values]
    return Tally(len(exact), sum(exact), sum(v * v for v in exact), extra)


def tasks(rounds: int) -> list[tuple[int, int]]:
    """The tasks of ``rounds`` situations: (index, situations), :data:`CHUNK` each but the
    last."""
    return [(index, min(CHUNK, rounds - start))
            for index, start in enumerate(range(0, rounds, CHUNK))]


def generator(seed: int, index: int) -> np.random.Generator:
    """The random numbers of task ``index``."""
    return np.random.Generator(np.random.PCG64DXSM(chunk_seed(seed, index)))


def run_tasks(function: Callable[[tuple[int, int]], Tally], request: CollusionRequest,
              label: str) -> Tally:
    """``function`` over the tasks of ``request.rounds`` situations
    (:func:`edge.parallel.map_tasks`: this machine's cores, or the request's cluster); the
    tallies added up (the same wherever they ran)."""
    return add_tallies(map_tasks(function, tasks(request.rounds), cluster=request.cluster,
                                 workers=request.workers,
                                 progress=label if request.progress else None))


def square_root(value: Fraction, digits: int = SE_DIGITS) -> Fraction:
    """The square root of a non-negative Fraction, rounded down to ``10^-digits``."""
    scale = 10 ** digits
    return Fraction(math.isqrt(value.numerator * scale * scale // value.denominator), scale)


def mean_and_error(found: Tally, unit: int) -> tuple[Fraction, Fraction]:
    """The mean of the situations' values in units of ``1 / unit``, and its standard error
    (the sample standard deviation over the square root of the number of situations; its square
    root rounded down to 10^-24)."""
    n = found.situations
    if n < 2:
        raise EdgeError(f"A simulated figure needs at least 2 situations, not {n}.")
    mean = Fraction(found.total, n * unit)
    variance = Fraction(found.squares * n - found.total * found.total, n * (n - 1) * unit * unit)
    return mean, square_root(variance / n)


def check_request(request: CollusionRequest, declared: Collusion, game: str, seen: str) -> None:
    """Refuse a number of partners the game does not analyse, fewer than 2 rounds to draw, a
    negative seed, or an exposure (``seen`` other than none: collusion is analysed for the
    game as dealt)."""
    if request.partners not in declared.partners:
        allowed = ", ".join(str(k) for k in declared.partners)
        raise EdgeError(f"{game} analyses collusion with {allowed} partners, not "
                        f"{request.partners}.")
    if request.partners not in declared.exact and request.rounds < 2:
        raise EdgeError(f"A simulated collusion figure needs at least 2 rounds, not "
                        f"{request.rounds}.")
    if request.seed < 0:
        raise EdgeError(f"A seed is a whole number from 0, not {request.seed}.")
    if seen != NONE:
        raise EdgeError(f"Collusion is analysed for the game as dealt, not with seen={seen}: "
                        "leave the seen option out.")


@dataclass(frozen=True)
class Lone:
    """The lone player a simulated colluder is measured against: his exact return per
    ``basis``, and how one situation's values (integers) become that basis (``unit``)."""

    unexposed: Fraction
    basis: str
    unit: int


def simulated(declared: Collusion, request: CollusionRequest,
              task: Callable[[tuple[int, int]], Tally], lone: Lone, valued: str,
              in_all: int,
              decisions: Callable[[tuple[int, ...], int], tuple[tuple[str, Fraction], ...]],
              label: str) -> CollusionResult:
    """Run the tasks of a simulated figure (each situation's value its gain over the lone
    player, ``extra`` the counts ``decisions`` reads) and make the result: the lone player's
    exact return plus the mean gain, with its standard error."""
    found = run_tasks(task, request, label)
    gain, error = mean_and_error(found, lone.unit)
    bounds = interval95(gain, error, found.situations)
    spread = (f"+- {float(bounds.quantile):.4f} standard errors (Student's t with "
              f"{found.situations - 1:,} degrees of freedom)" if bounds.distribution == "t"
              else "+- 1.96 standard errors")
    method = (f"simulated: {found.situations:,} situations drawn (seed {request.seed}), each "
              f"valued exactly {valued}, as its gain over the lone optimal player (whose mean "
              f"is the exact unexposed return); the mean {spread} is a 95% confidence "
              "interval")
    return CollusionResult(request.partners, declared.shared, lone.unexposed + gain,
                           lone.unexposed, lone.basis, found.situations, method,
                           standard_error=error, classes=in_all,
                           decisions=decisions(found.extra, found.situations))


def result_json(result: CollusionResult) -> dict[str, Any]:
    """A result as JSON (Fractions as strings), as the cache keeps it."""
    return {"partners": result.partners, "shared": result.shared,
            "player_return": str(result.player_return),
            "unexposed_return": str(result.unexposed_return), "basis": result.basis,
            "situations": result.situations, "method": result.method,
            "standard_error": None if result.standard_error is None
            else str(result.standard_error),
            "classes": result.classes,
            "decisions": [[name, str(share)] for name, share in result.decisions]}


def result_from_json(data: dict[str, Any]) -> CollusionResult:
    """A result read back from :func:`result_json`'s JSON."""
    error = data["standard_error"]
    return CollusionResult(
        int(data["partners"]), str(data["shared"]), Fraction(data["player_return"]),
        Fraction(data["unexposed_return"]), str(data["basis"]), int(data["situations"]),
        str(data["method"]), None if error is None else Fraction(error),
        None if data["classes"] is None else int(data["classes"]),
        tuple((str(name), Fraction(share)) for name, share in data["decisions"]))


def cached_result(game: str, wager: Any, request: CollusionRequest, declared: Collusion,
                  code: Sequence[ModuleType], compute: Callable[[], CollusionResult]
                  ) -> CollusionResult:
    """The result of ``compute()`` for ``wager`` (its pay table and rules) and ``request``,
    read from the disk cache when a run has computed it before (:mod:`edge.cache`: the entry is
    keyed by the pay table, the rules, the partners, the rounds and seed of a simulated row,
    and the code of ``code`` and of this module), else computed and stored. ``wager.run.cache``
    False: computed, neither read nor stored."""
    exact = request.partners in declared.exact
    inputs = {"paytable": repr(wager.paytable), "rules": repr(wager.rules),
              "partners": request.partners,
              "sample": None if exact else [request.rounds, request.seed]}
    path = cache.entry_path(f"collusion-{game}", inputs, (sys.modules[__name__], *code),
                            suffix=".json")
    use_cache = bool(getattr(getattr(wager, "run", None), "cache", True))
    if use_cache:
        try:
            return result_from_json(cache.read_json(path))
        except Exception:  # noqa: BLE001, S110 - none yet, or not whole: computed again
            pass
    result = compute()
    if use_cache:
        cache.write_json(path, result_json(result))
    return result
