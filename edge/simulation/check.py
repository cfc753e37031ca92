"""The comparison of a simulation with the exact analysis, and the document it prints as.

The simulated mean return comes from the simulation's own settlement (its net results), never
from the analysis's pays; the analysis gives the exact value, the row probabilities for the
chi-square test, and the pay of each row, against which every simulated net result is checked.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from edge.document import Document, Items, Table, render
from edge.errors import EdgeError
from edge.simulation.engine import Tally
from edge.simulation.stats import ChiSquare, chi_square_test, normal_quantile
from edge.table import ReturnTable, decimal, exact, probability_text

CONFIDENCE_LEVELS = (0.95, 0.999)
# The level whose interval must hold the exact value for the check to pass.
CHECK_CONFIDENCE = 0.999


@dataclass(frozen=True)
class OutcomeCheck:
    """One outcome: the analysis row (pay, exact probability) against the simulated hands.

    ``pays`` is ``None`` for an outcome the analysis does not list (it cannot happen);
    ``simulated_pays`` holds every distinct net result the simulation settled it at.
    """

    outcome: str
    pays: Fraction | None
    probability: Fraction
    observed: int
    simulated_pays: tuple[Fraction, ...]

    @property
    def settled_alike(self) -> bool:
        """Whether every simulated hand of this outcome was settled at the analysis's pay."""
        return all(pay == self.pays for pay in self.simulated_pays)


@dataclass(frozen=True)
class Simulation:
    """A finished simulation of one wager with its exact value and every check."""

    game: str
    bet: str
    paytable: str | None
    options: dict[str, str]
    hands: int
    seed: int
    jobs: int
    seconds: float
    initial_wager: Fraction
    total: Fraction
    total_squares: Fraction
    exact: Fraction
    outcomes: tuple[OutcomeCheck, ...]
    chi_square: ChiSquare

    @property
    def mean(self) -> Fraction:
        """The simulated mean return per unit of the initial wager (exact for these hands)."""
        return self.total / self.hands / self.initial_wager

    @property
    def variance(self) -> Fraction:
        """The sample variance of one hand's return per unit of the initial wager."""
        if self.hands < 2:
            return Fraction(0)
        squares = self.total_squares / (self.initial_wager * self.initial_wager)
        return (squares - self.hands * self.mean ** 2) / (self.hands - 1)

    @property
    def standard_error(self) -> float:
        """The standard error of the mean return."""
        return math.sqrt(self.variance / self.hands)

    def interval(self, confidence: float) -> tuple[float, float]:
        """The normal confidence interval of the mean return at ``confidence``."""
        half = normal_quantile(confidence) * self.standard_error
        return float(self.mean) - half, float(self.mean) + half

    @property
    def z_score(self) -> float:
        """(simulated mean - exact value) / standard error."""
        difference = float(self.mean - self.exact)
        if self.standard_error == 0:
            return 0.0 if difference == 0 else math.copysign(math.inf, difference)
        return difference / self.standard_error

    @property
    def within_interval(self) -> bool:
        """Whether the exact value lies inside the 99.9% interval of the simulated mean."""
        return abs(self.z_score) <= normal_quantile(CHECK_CONFIDENCE)

    @property
    def mismatches(self) -> tuple[OutcomeCheck, ...]:
        """Outcomes settled at a pay other than the analysis row's (or not in the analysis)."""
        return tuple(line for line in self.outcomes if line.observed and not line.settled_alike)

    @property
    def agrees(self) -> bool:
        """The verdict: the exact value is inside the 99.9% interval and every hand settled
        at its row's pay."""
        return self.within_interval and not self.mismatches

    @property
    def hands_per_second(self) -> float:
        """Throughput of the run (wall clock, all workers)."""
        return self.hands / self.seconds if self.seconds > 0 else math.inf

    def verdict(self) -> str:
        """One line saying whether the simulation agrees with the analysis, and if not why."""
        if self.agrees:
            return "agrees: the exact value lies inside the 99.9% interval"
        reasons = []
        if not self.within_interval:
            reasons.append(f"the exact value lies outside the 99.9% interval (z = "
                           f"{self.z_score:.2f})")
        if self.mismatches:
            reasons.append("outcomes settled unlike the analysis: "
                           + ", ".join(line.outcome for line in self.mismatches))
        return "DISAGREES: " + "; ".join(reasons)

    # --- output ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything as JSON-ready values: exact values as ``"p/q"`` strings, floats beside."""
        intervals = {f"{level:g}": list(self.interval(level)) for level in CONFIDENCE_LEVELS}
        chi = self.chi_square
        return {
            "game": self.game,
            "bet": self.bet,
            "paytable": self.paytable,
            "options": self.options,
            "hands": self.hands,
            "seed": self.seed,
            "jobs": self.jobs,
            "seconds": self.seconds,
            "initial_wager": exact(self.initial_wager),
            "mean_return": exact(self.mean),
            "mean_return_decimal": float(self.mean),
            "standard_deviation": math.sqrt(self.variance),
            "standard_error": self.standard_error,
            "intervals": intervals,
            "exact_return": exact(self.exact),
            "exact_return_decimal": float(self.exact),
            "z_score": self.z_score,
            "outcomes": [
                {
                    "outcome": line.outcome,
                    "pays": None if line.pays is None else exact(line.pays),
                    "observed": line.observed,
                    "observed_frequency": line.observed / self.hands,
                    "probability": exact(line.probability),
                    "expected": float(line.probability * self.hands),
                    "simulated_pays": [exact(pay) for pay in line.simulated_pays],
                }
                for line in self.outcomes
            ],
            "chi_square": {
                "statistic": chi.statistic if math.isfinite(chi.statistic) else None,
                "degrees_of_freedom": chi.degrees_of_freedom,
                "p_value": chi.p_value,
                "pooled": list(chi.pooled),
                "impossible": list(chi.impossible),
            },
            "agrees": self.agrees,
            "verdict": self.verdict(),
        }

    def document(self) -> Document:
        """The comparison as a document (its JSON is :meth:`to_dict`)."""
        return simulation_document(self)

    def render(self, fmt: str = "plain") -> str:
        """The comparison in one of :data:`edge.document.FORMATS`."""
        return render(simulation_document(self), fmt)

    def __str__(self) -> str:
        return self.render("plain")


def _interval_text(bounds: tuple[float, float]) -> str:
    return f"[{bounds[0]:.6f}, {bounds[1]:.6f}]"


def _residual(sim: Simulation, line: OutcomeCheck) -> float:
    expected = float(line.probability * sim.hands)
    return ((line.observed - expected) / math.sqrt(expected) if expected > 0
            else (math.inf if line.observed else 0.0))


def _records(sim: Simulation) -> Table:
    """One line per outcome, the run's figures as further columns (for CSV)."""
    figures = {"hands": str(sim.hands), "seed": str(sim.seed),
               "mean_return": exact(sim.mean), "mean_return_decimal": f"{float(sim.mean):.12f}",
               "standard_error": f"{sim.standard_error:.12f}",
               "exact_return": exact(sim.exact), "exact_return_decimal": decimal(sim.exact, 12),
               "z_score": f"{sim.z_score:.6f}", "agrees": str(sim.agrees).lower()}
    rows = tuple((line.outcome, "" if line.pays is None else exact(line.pays),
                  str(line.observed), exact(Fraction(line.observed, sim.hands)),
                  exact(line.probability), exact(line.probability * sim.hands),
                  f"{_residual(sim, line):.6f}", *figures.values())
                 for line in sim.outcomes)
    return Table(("outcome", "pays", "observed", "observed_frequency", "probability",
                  "expected", "residual", *figures), rows)


def simulation_document(sim: Simulation) -> Document:
    """The comparison as a document: the run and its figures, each outcome observed against
    its exact probability, the chi-square test and the verdict."""
    header = [("game", sim.game), ("bet", sim.bet)]
    if sim.paytable is not None:
        header.append(("pay table", sim.paytable))
    if sim.options:
        header.append(("options", ", ".join(f"{k}={v}" for k, v in sim.options.items())))
    if sim.initial_wager != 1:
        header.append(("figures per", f"{exact(sim.initial_wager)} units initially wagered"))
    header += [
        ("hands played", f"{sim.hands:,}"),
        ("seed", str(sim.seed)),
        ("time", f"{sim.seconds:.2f} s on {sim.jobs} process{'es' if sim.jobs > 1 else ''} "
                 f"({sim.hands_per_second:,.0f} hands/s)"),
        ("mean return", f"{float(sim.mean):.6f}"),
        ("standard error", f"{sim.standard_error:.6f}"),
    ]
    header += [(f"{level:.1%} interval".replace(".0%", "%"), _interval_text(sim.interval(level)))
               for level in CONFIDENCE_LEVELS]
    header += [("exact return", f"{decimal(sim.exact, 6)}  ({exact(sim.exact)})"),
               ("z-score", f"{sim.z_score:+.3f}")]
    rows = []
    for line in sim.outcomes:
        expected = float(line.probability * sim.hands)
        mark = "" if line.settled_alike else " *"
        rows.append((line.outcome + mark, "-" if line.pays is None else exact(line.pays),
                     f"{line.observed:,}",
                     probability_text(Fraction(line.observed, sim.hands), plain=True),
                     probability_text(line.probability, plain=True), f"{expected:,.1f}",
                     f"{_residual(sim, line):+.2f}"))
    outcomes = Table(("outcome", "pays", "observed", "observed freq", "expected freq",
                      "expected", "(O-E)/sqrt(E)"), tuple(rows), align="lrrrrrr")
    chi = sim.chi_square
    lines = []
    if chi.impossible:
        lines.append("chi-square: outcomes the analysis says cannot happen were observed: "
                     + ", ".join(chi.impossible))
    elif chi.degrees_of_freedom == 0:
        lines.append("chi-square: a single bin, nothing to test")
    else:
        lines.append(f"chi-square: {chi.statistic:.3f} on {chi.degrees_of_freedom} degrees of "
                     f"freedom, p = {chi.p_value:.4f}")
    if chi.pooled:
        lines.append(f"  pooled (expected under 5 each): {', '.join(chi.pooled)}")
    for line in sim.mismatches:
        paid = ", ".join(exact(pay) for pay in line.simulated_pays)
        lines.append(f"* {line.outcome}: the simulation paid {paid}; the analysis says "
                     + ("it cannot happen" if line.pays is None else exact(line.pays)))
    lines.append(sim.verdict())
    context = (("game", sim.game), ("bet", sim.bet), ("paytable", sim.paytable or ""),
               ("options", ", ".join(f"{k}={v}" for k, v in sim.options.items())))
    return Document(f"Simulation of {sim.game}, {sim.bet} wager",
                    (Items(tuple(header), aligned=True), outcomes, Items(tuple(lines))),
                    context=context, records=_records(sim), data=sim.to_dict())


def compare(table: ReturnTable, outcomes: tuple[str, ...], tally: Tally, scale: int,
            initial_wager: Fraction) -> tuple[tuple[OutcomeCheck, ...], ChiSquare,
                                              Fraction, Fraction]:
    """Match simulated outcomes to the analysis rows by name.

    Returns the per-outcome checks (analysis rows in order, then observed outcomes the analysis
    lacks), the chi-square test, and the exact sum and sum of squares of the net results.
    """
    index = {name: i for i, name in enumerate(outcomes)}
    unknown = [row.outcome for row in table.rows if row.outcome not in index]
    if unknown:
        raise EdgeError(f"The simulation of {table.game} {table.bet} has no outcome "
                        f"{unknown[0]!r} of the analysis.")
    checks = []
    seen = set()
    for row in table.rows:
        i = index[row.outcome]
        seen.add(i)
        checks.append(_check(row.outcome, row.pays, table.probability(row), tally, i, scale))
    for i, name in enumerate(outcomes):
        if i not in seen and tally.count(i):
            checks.append(_check(name, None, Fraction(0), tally, i, scale))
    total = Fraction(sum(net * count for results in tally.nets.values()
                         for net, count in results.items()), scale)
    squares = Fraction(sum(net * net * count for results in tally.nets.values()
                           for net, count in results.items()), scale * scale)
    chi = chi_square_test([c.outcome for c in checks], [c.observed for c in checks],
                          [float(c.probability) for c in checks])
    return tuple(checks), chi, total, squares


def _check(name: str, pays: Fraction | None, probability: Fraction, tally: Tally, i: int,
           scale: int) -> OutcomeCheck:
    results = tally.nets.get(i, {})
    return OutcomeCheck(name, pays, probability, sum(results.values()),
                        tuple(Fraction(net, scale) for net in sorted(results)))
