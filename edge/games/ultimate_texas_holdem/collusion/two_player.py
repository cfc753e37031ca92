"""Two colluding players at Ultimate Texas Hold'em: the return of a player who sees one
partner's two hole cards and plays every street optimally knowing them (docs/collusion-uth.md).

The work is one task per class of the player's two cards (169, :mod:`.classes`), run on this
machine's cores or a Dask cluster (:func:`edge.parallel.map_tasks`) and cached per class on disk:
a run that stops resumes with the classes not yet cached. With every class the figure is
exact; asked for fewer draws than there are classes (``CollusionRequest.rounds``), classes are
drawn at random with probability proportional to their number of holdings (with replacement,
from ``seed``), each valued exactly, and the figure (sampled) is the lone optimal player's
exact return plus the mean gain of the drawn classes over him, with its standard error.

Per (player holding P, partner holding N) the three preflop lines are worth, over every deal
(the columns ``play1``, ``play2``, ``checked`` of a class's sums, :mod:`.classes`): 4x
``s1 + 3 (s2 - s1)``, 3x ``s1 + 2 (s2 - s1)``, check ``checked``; the best is kept (equal
values follow the ``ties`` rule).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

import numpy as np

from edge import parallel
from edge.errors import EdgeError
from edge.games import RunSettings
from edge.games.ultimate_texas_holdem.collusion import classes
from edge.games.ultimate_texas_holdem.collusion.classes import ClassTask, IntArray
from edge.games.ultimate_texas_holdem.rules import UltimateTexasHoldemRules
from edge.games.ultimate_texas_holdem.solve import solver
from edge.games.ultimate_texas_holdem.solve.main_bet import solve_main
from edge.paytables import PayTable
from edge.protection import CollusionRequest, CollusionResult

SHARED = "their two hole cards"
BASIS = "Ante"
CLASSES = 169
PREFLOP = ((4, "preflop 4x"), (3, "preflop 3x"), (0, "check preflop"))


@dataclass(frozen=True)
class ClassValue:
    """One class of the player's cards valued: the best preflop line's value summed over its
    representative's 1,225 partner holdings and every deal (scaled units), and how many of
    those partner holdings raise 4x, 3x or check."""

    index: int
    best: int
    choices: dict[int, int]

    def player_return(self, scale: int) -> Fraction:
        """The class's expected return per Ante (over every partner holding and deal)."""
        return Fraction(self.best, classes.PARTNERS * classes.DEALS * scale)


def check_pays(settle: solver.Settlement) -> None:
    """Refuse pays the collusion kernel cannot take: a Play's pays must be linear in its size
    (as the game's settlement makes them) and within the kernel's 32-bit range."""
    net = settle.array()
    for play in (3, 4):
        if not np.array_equal(net[play], net[1] + (play - 1) * (net[2] - net[1])):
            raise EdgeError("The collusion analysis needs Play pays linear in the Play's size.")
    biggest = max(int(np.abs(net[1:]).max()), abs(settle.fold))
    if biggest > classes.PAY_LIMIT:
        raise EdgeError(f"The Blind pays reach {biggest} parts of the Ante: too large for the "
                        f"collusion analysis (limit {classes.PAY_LIMIT:,}).")


def check_request(request: CollusionRequest) -> None:
    """Refuse a number of partners other than one, and a sample of fewer than two classes."""
    if request.partners != 1:
        raise EdgeError(f"--partners {request.partners}: the Ultimate Texas Hold'em collusion "
                        "analysis is of one partner (--partners 1).")
    if request.rounds < 2:
        raise EdgeError(f"--rounds {request.rounds}: a sample needs at least 2 classes drawn "
                        f"(or {CLASSES} for the exact figure).")


def value_class(index: int, sums: IntArray, ties_larger: bool) -> ClassValue:
    """A class's value from its sums (:func:`.classes.solve_class`)."""
    hole = classes.hole_classes()[index]
    partners = [h for h in range(classes.HOLDINGS) if not _shares(h, hole)]
    rows = sums[partners]
    four = rows[:, 0] + 3 * (rows[:, 1] - rows[:, 0])
    three = rows[:, 0] + 2 * (rows[:, 1] - rows[:, 0])
    checking = rows[:, 2]
    choice = solver.best_preflop(four, three, checking, ties_larger)
    best = np.where(choice == 4, four, np.where(choice == 3, three, checking))
    return ClassValue(index, int(best.sum()),
                      {size: int((choice == size).sum()) for size, _ in PREFLOP})


@lru_cache(maxsize=1)
def _holding_cards() -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for a in range(52) for b in range(a + 1, 52))


def _shares(holding: int, hole: classes.HoleClass) -> bool:
    return bool(set(_holding_cards()[holding]) & {hole.first, hole.second})


@lru_cache(maxsize=1)
def situations() -> int:
    """The (player holding, partner holding) situations up to suit renaming."""
    return sum(classes.partner_orbits(c.first, c.second) for c in classes.hole_classes())


def draw(rounds: int, seed: int) -> list[int]:
    """``rounds`` class indexes drawn with replacement, each with probability its number of
    holdings over 1,326 (numpy's PCG64 from ``seed``)."""
    weights = np.array([c.weight for c in classes.hole_classes()], dtype=np.float64)
    rng = np.random.default_rng(seed)
    return [int(i) for i in rng.choice(CLASSES, size=rounds, p=weights / weights.sum())]


def class_sums(tasks: Sequence[ClassTask], request: CollusionRequest) -> list[IntArray]:
    """Every task's sums: the cached ones read here, the others solved by the workers (each
    stored as it finishes, on the worker's disk, and again here)."""
    found = {task.index: classes.cached_class(task) for task in tasks if task.use_cache}
    missing = [task for task in tasks if found.get(task.index) is None]
    if missing:
        solved = parallel.map_tasks(classes.solve_class, missing, cluster=request.cluster,
                           workers=request.workers,
                           progress="collusion classes" if request.progress else None)
        for task, sums in zip(missing, solved, strict=True):
            classes.store_class(task, sums)
            found[task.index] = sums
    return [found_sums for task in tasks if (found_sums := found[task.index]) is not None]


@dataclass(frozen=True)
class Lone:
    """The lone optimal player (the game as dealt): his return per Ante and, where known, each
    class's (its holdings' return per Ante, by class index; empty when not known)."""

    player_return: Fraction
    by_class: tuple[Fraction, ...] = ()


def lone_player(solution: solver.Solution) -> Lone:
    """The lone optimal player's returns per Ante, from the game's own solve."""
    four, three, checking = solution.line_values()
    choice = solution.preflop_choice()
    best = np.where(choice == 4, four, np.where(choice == 3, three, checking))
    scale = solution.settlement.scale
    ids = {cards: h for h, cards in enumerate(_holding_cards())}
    by_class = tuple(Fraction(int(best[ids[c.first, c.second]]),
                              solver.DEALS_PER_HOLDING * scale)
                     for c in classes.hole_classes())
    return Lone(Fraction(int(best.sum()), solver.CYCLE * scale), by_class)


def collusion(settle: solver.Settlement, ties_larger: bool, request: CollusionRequest,
              lone: Lone, *, use_cache: bool = True) -> CollusionResult:
    """The colluding player's return per Ante with one partner's hole cards seen: exact over
    all 169 classes when ``request.rounds`` reaches them, else sampled."""
    check_request(request)
    check_pays(settle)
    exact = request.rounds >= CLASSES
    drawn = list(range(CLASSES)) if exact else draw(request.rounds, request.seed)
    distinct = sorted(set(drawn))
    net = tuple(tuple(int(v) for v in row) for row in settle.array())
    tasks = [ClassTask(i, net, settle.fold, ties_larger, use_cache) for i in distinct]
    values = {task.index: value_class(task.index, sums, ties_larger)
              for task, sums in zip(tasks, class_sums(tasks, request), strict=True)}
    return result(values, drawn, settle.scale, lone, request.seed)


def result(values: dict[int, ClassValue], drawn: Sequence[int], scale: int, lone: Lone,
           seed: int) -> CollusionResult:
    """The CollusionResult of the classes valued: exact when every class was (weighted by
    holdings); else sampled: the lone player's exact return plus the mean over the draws of
    each class's gain over the lone player, with its standard error (the mean of the drawn
    classes' returns when the lone player's by class are not known)."""
    holes = classes.hole_classes()
    total = situations()
    chosen = Fraction(1, len(drawn))
    if len(values) == CLASSES and len(drawn) == CLASSES:
        player = Fraction(sum(holes[i].weight * v.best for i, v in values.items()),
                          classes.HOLDINGS * classes.PARTNERS * classes.DEALS * scale)
        shares = {size: Fraction(sum(holes[i].weight * v.choices[size]
                                     for i, v in values.items()),
                                 classes.HOLDINGS * classes.PARTNERS) for size, _ in PREFLOP}
        error, draws = None, None
        method = (f"Exact: every one of the {total:,} situations (the player's two cards "
                  f"and the partner's, up to suit renaming; {CLASSES} classes of the player's "
                  f"cards by 1,225 partner holdings) enumerated over 17,296 flops, 990 "
                  f"turn-river pairs and 903 dealer holdings, every street played optimally "
                  f"knowing both holdings.")
        counted = total
    else:
        # the gain over the lone player varies far less from class to class than the return
        # does (a pair of aces against K5o): its mean is the sharper estimate of the same sum
        base = lone.by_class or (Fraction(0),) * CLASSES
        gains = [values[i].player_return(scale) - base[i] for i in drawn]
        mean = sum(gains, Fraction(0)) * chosen
        player = mean + (lone.player_return if lone.by_class else 0)
        spread = sum(((g - mean) ** 2 for g in gains), Fraction(0)) / (len(drawn) - 1)
        error = Fraction(math.sqrt(spread * chosen))
        draws = len(drawn)
        shares = {size: chosen * sum((Fraction(values[i].choices[size], classes.PARTNERS)
                                      for i in drawn), Fraction(0)) for size, _ in PREFLOP}
        counted = sum(classes.partner_orbits(holes[i].first, holes[i].second) for i in values)
        what = ("the lone optimal player's exact return plus the mean gain of the drawn "
                "classes over it" if lone.by_class else "the mean of their returns")
        method = (f"Sampled: {len(drawn)} draws (seed {seed}; {len(values)} distinct) of the "
                  f"{CLASSES} classes of the player's two cards, each drawn by its number of "
                  f"holdings and valued exactly over every partner holding, flop, turn-river "
                  f"pair and dealer holding; {what}, with its standard error (its 95% "
                  f"interval Student's t with {len(drawn) - 1} degrees of freedom). The whole "
                  f"table has {total:,} situations up to suit renaming.")
    return CollusionResult(
        partners=1, shared=SHARED, player_return=player,
        basis=BASIS, situations=counted, method=method, standard_error=error, classes=total,
        unexposed_return=lone.player_return,
        decisions=tuple((name, shares[size]) for size, name in PREFLOP),
        draws=draws, drawn="classes")


def collude(paytable: PayTable, rules: UltimateTexasHoldemRules, run: RunSettings,
            request: CollusionRequest) -> CollusionResult:
    """The main bet's collusion analysis (the ``collude`` hook): the game as dealt, these
    pays and rules, one partner's hole cards seen."""
    check_request(request)
    settle = solver.settlement(paytable.as_dict(), rules.dealer_no_qualify)
    check_pays(settle)
    lone = lone_player(solve_main(paytable, rules, run))
    return collusion(settle, rules.ties_larger, request, lone, use_cache=run.cache)


@dataclass(frozen=True)
class ReducedTask:
    """A class cut down to its first ``flops`` flop classes: a partial sum, never cached (for
    tests and timings)."""

    task: ClassTask
    flops: int


def solve_reduced(reduced: ReducedTask) -> IntArray:
    """The sums of a reduced class (:class:`ReducedTask`)."""
    hole = classes.hole_classes()[reduced.task.index]
    every = classes.flops_of(hole.first, hole.second)
    stop = int(every.offsets[reduced.flops])
    part = classes.Flops(every.flops[:reduced.flops], every.offsets[:reduced.flops + 1],
                         every.perms[:stop])
    return classes.sweep(hole.first, hole.second, part, np.array(reduced.task.net),
                         reduced.task.fold, reduced.task.ties_larger)
