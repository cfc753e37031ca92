"""Game protection in money: each exposure at a share of hands (the exposure rate), its
break-even rate and the expected win per hour, as tables, a chart and JSON (``edge protection``
and the report's game-protection section).

The player sees the card on a share r of hands and plays the others by the unexposed optimal
strategy: his return is r x exposed + (1 - r) x unexposed per unit of the initial wager
(:func:`edge.protection.mixed_return`), every figure exact until printed. Nothing here names a
game: the scenarios come from the game's :class:`~edge.protection.Protection`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from edge.document import Chart, Table
from edge.document.document import JsonValue
from edge.errors import EdgeError
from edge.player import seeing
from edge.protection import ExposureMoney, Pace, Protection, Scenario, break_even_text
from edge.table import ReturnTable, decimal, exact, percent

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from edge.games import Analyses, Rules
    from edge.paytables import PayTable


def chosen_scenarios(protection: Protection, names: str | None) -> tuple[Scenario, ...]:
    """The scenarios ``--seen`` names (None: every one), in the game's order. ``;`` separates
    scenarios; ``,`` joins the parts of one scenario, in any order: ``dealer-1,flop-1`` and
    ``flop-1,dealer-1`` are both the scenario ``seen=dealer-1,flop-1``, ``dealer-1;flop-1`` is
    two. A comma list that is no scenario (``dealer-1,dealer-2``) is refused, naming ``;``."""
    if names is None:
        return protection.scenarios
    by_parts = {frozenset(scenario.name.split(",")): scenario
                for scenario in protection.scenarios}
    picked: list[Scenario] = []
    for group in names.split(";"):
        parts = [part.strip() for part in group.split(",")]
        if not all(parts):
            raise EdgeError(f"--seen {names!r} has an empty scenario or part: separate "
                            "scenarios with ';' (dealer-1;dealer-2), join the parts of one "
                            "with ',' (dealer-1,flop-1).")
        twice = next((part for index, part in enumerate(parts) if part in parts[:index]), None)
        if twice is not None:
            raise EdgeError(f"--seen {names!r} names {twice!r} twice: name each scenario and "
                            "each part of one once.")
        scenario = by_parts.get(frozenset(parts))
        if scenario is None:
            singles = len(parts) > 1 and all(frozenset((part,)) in by_parts for part in parts)
            hint = (f" To ask for each of them, separate them with ';': "
                    f"{';'.join(parts)!r}." if singles else "")
            raise EdgeError(f"--seen {names!r}: {group.strip()!r} is not a scenario of the game "
                            "(a comma joins the parts of one scenario, in any order; ';' "
                            f"separates scenarios).{hint} Its scenarios: "
                            f"{'; '.join(s.name for s in protection.scenarios)}.")
        if scenario in picked:
            raise EdgeError(f"--seen {names!r} names {scenario.name!r} twice: name each "
                            "scenario once.")
        picked.append(scenario)
    return tuple(s for s in protection.scenarios if s in picked)


def exposure_money(analyses: Analyses[Rules], protection: Protection,
                   paytable: PayTable | None, rules: Rules, scenarios: Sequence[Scenario],
                   unit: Fraction, hands: int) -> tuple[ReturnTable, list[ExposureMoney]]:
    """The game as dealt and each scenario in money (each exposure solved exactly once)."""
    bet = protection.bet
    unexposed = analyses.table(bet, paytable, seeing(rules, "none"))
    found = []
    for scenario in scenarios:
        table = analyses.table(bet, paytable, seeing(rules, scenario.name))
        found.append(ExposureMoney(scenario.name, scenario.description, table.expected_return,
                                   unexposed.expected_return, table.basis, unit, hands))
    return unexposed, found


def signed_percent(value: Fraction) -> str:
    """A player edge as printed in the money tables (negative: the house's)."""
    return ("+" if value > 0 else "") + percent(value, 2)


def money(value: Fraction) -> str:
    """An amount of money to the cent (rounded half to even, exactly), signed."""
    cents = round(value * 100)
    whole, part = divmod(abs(cents), 100)
    return f"{'+' if cents > 0 else '-' if cents < 0 else ''}{whole:,}.{part:02d}"


def rate_text(rate: Fraction) -> str:
    """An exposure rate as a column head (``5%``, ``12.5%``)."""
    text = decimal(rate * 100, 2).rstrip("0").rstrip(".")
    return f"{text}%"


def pace_text(hands: int, pace: Pace | None) -> str:
    """The hands an hour and where they come from: the game's pace with its source, or
    ``--hands-per-hour`` (``pace`` None)."""
    return pace.text if pace is not None else f"{hands} hands an hour (--hands-per-hour)"


def money_tables(found: Sequence[ExposureMoney], rates: Sequence[Fraction], stakes: str,
                 hands: int, pace: Pace | None, described: bool = True) -> tuple[Table, Table]:
    """The player edge at each exposure rate with the break-even rate, and the win per hour at
    each rate for a hand that starts with ``stakes`` (``Ante 25 and Blind 25``) at ``hands``
    an hour (``pace``: the game's, printed with its source), one row per scenario
    (``described``: with what the player sees)."""
    if not found:
        raise ValueError("no scenario")
    basis = found[0].basis
    heads = tuple(f"at {rate_text(rate)}" for rate in rates)
    edges = tuple((m.name, *((m.seen,) if described else ()), signed_percent(m.exposed),
                   break_even_text(m.break_even),
                   *(signed_percent(m.player_return(rate)) for rate in rates)) for m in found)
    wins = tuple((m.name, *(money(m.win_per_hour(rate)) for rate in rates)) for m in found)
    seen = ("what the player sees",) if described else ()
    return (Table(("seen", *seen, "player edge seen on every hand",
                   "break-even exposure rate", *heads), edges,
                  f"Player edge per {basis} when the card is seen on a share of hands and the "
                  "others are played by the unexposed optimal strategy (negative: the house's "
                  "edge)", align="l" + "l" * len(seen) + "rr" + "r" * len(rates)),
            Table(("seen", *heads), wins,
                  f"Expected win per hour, in money, at {pace_text(hands, pace)}, {stakes} a "
                  f"hand (hands an hour x {basis} x the return per {basis}), at each exposure "
                  "rate (negative: the house wins)",
                  align="l" + "r" * len(rates)))


def money_records(found: Sequence[ExposureMoney], rates: Sequence[Fraction]) -> Table:
    """One line per scenario and rate, exact values beside the decimals (CSV)."""
    rows = []
    for m in found:
        even = m.break_even
        for rate in rates:
            value, win = m.player_return(rate), m.win_per_hour(rate)
            rows.append((m.name, m.seen, exact(m.exposed), exact(m.unexposed),
                         "" if even is None else exact(even),
                         "" if even is None else decimal(even, 12), exact(rate),
                         exact(value), decimal(value, 12), exact(win), decimal(win, 6),
                         exact(m.unit), str(m.hands)))
    return Table(("seen", "what_the_player_sees", "exposed_return", "unexposed_return",
                  "break_even_rate", "break_even_rate_decimal", "exposure_rate",
                  "player_return", "player_return_decimal", "win_per_hour",
                  "win_per_hour_decimal", "unit", "hands_per_hour"), tuple(rows))


def money_json(found: Sequence[ExposureMoney], rates: Sequence[Fraction]) -> list[JsonValue]:
    """Every scenario in money for ``--format json`` (exact values as strings)."""
    out: list[JsonValue] = []
    for m in found:
        even = m.break_even
        out.append({"seen": m.name, "what": m.seen, "exposed_return": exact(m.exposed),
                    "break_even_rate": None if even is None else exact(even),
                    "rates": [{"exposure_rate": exact(rate),
                               "player_return": exact(m.player_return(rate)),
                               "win_per_hour": exact(m.win_per_hour(rate))}
                              for rate in rates]})
    return out


def money_chart(found: Sequence[ExposureMoney]) -> Chart:
    """The player edge against the exposure rate, one line per scenario, break-evens marked."""
    basis = found[0].basis if found else "unit"
    return Chart(f"Player edge per {basis} against the exposure rate (the share of hands on "
                 "which the card is seen), one line per scenario; dots: the break-even rates, "
                 "where the player takes the edge", functools.partial(exposure_chart, tuple(found)))


def label_levels(points: Sequence[float], gap: float = 0.08) -> list[int]:
    """A row for each label at ``points`` (in increasing order) so that labels closer than
    ``gap`` never share a row: the lowest free row each time."""
    last: list[float] = []
    levels = []
    for x in points:
        level = next((row for row, end in enumerate(last) if x - end >= gap), len(last))
        if level == len(last):
            last.append(x)
        last[level] = x
        levels.append(level)
    return levels


def exposure_chart(found: Sequence[ExposureMoney]) -> Figure:
    """Straight lines from the unexposed return (rate 0) to the exposed one (rate 1); each
    break-even rate a dot on the zero line, dropped to its label below every line."""
    import matplotlib
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure
    from matplotlib.ticker import PercentFormatter

    from edge.document.charts import LINE_STYLES, MARKERS
    from edge.document.colours import PALETTE
    # the reports' chart style (edge.document.charts), which saving the chart applies again
    with matplotlib.rc_context({"font.family": "DejaVu Sans", "font.size": 8.5,
                                "axes.spines.top": False, "axes.spines.right": False}):
        figure = Figure(figsize=(7.0, 4.0), layout="constrained")
        FigureCanvasAgg(figure)
        axes = figure.add_subplot()
        axes.axhline(0.0, color="#424242", linewidth=0.8, linestyle="--")
        values = [0.0] + [float(v) for m in found for v in (m.exposed, m.unexposed)]
        low, span = min(values), (max(values) - min(values)) or 1.0
        marked = sorted((m.break_even, index) for index, m in enumerate(found)
                        if m.break_even is not None and 0 < m.break_even <= 1)
        levels = label_levels([float(even) for even, _ in marked])
        row = span * 0.06
        for index, m in enumerate(found):
            colour = PALETTE[index % len(PALETTE)]
            axes.plot([0.0, 1.0], [float(m.unexposed), float(m.exposed)], color=colour,
                      linewidth=1.4, linestyle=LINE_STYLES[index % len(LINE_STYLES)],
                      marker=MARKERS[index % len(MARKERS)], markersize=3.5,
                      label=f"seen={m.name} ({signed_percent(m.exposed)} on every hand"
                      + ("; the house keeps the edge)" if m.break_even is None else ")"))
        for (even, index), level in zip(marked, levels, strict=True):
            colour = PALETTE[index % len(PALETTE)]
            x, y = float(even), low - row * (level + 1)
            axes.plot([x, x], [0.0, y + row * 0.35], color=colour, linewidth=0.6,
                      linestyle=":")
            axes.plot([x], [0.0], "o", color=colour, markersize=5, markerfacecolor="white",
                      zorder=3)
            options: dict[str, Any] = {"fontsize": 7, "color": colour, "ha": "center",
                                       "va": "center"}
            axes.text(x, y, rate_text(round(even, 4)), **options)
        axes.set_xlim(0.0, 1.0)
        axes.set_ylim(low - row * (max(levels, default=-1) + 1.8), None)
        axes.set_xlabel("exposure rate (share of hands on which the card is seen)")
        axes.set_ylabel(f"player edge per {found[0].basis if found else 'unit'}")
        axes.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
        axes.yaxis.set_major_formatter(PercentFormatter(1.0))
        axes.legend(fontsize=7, loc="upper left", frameon=False)
        return figure
