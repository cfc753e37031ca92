"""Hold'em side bets on the player's own cards: Trips and a configurable progressive jackpot.

Both are settled on the class of the player's best five-card hand, whatever happens to the main
game (Trips pays even after a fold, docs/rules.md section 4), so each is a return table built
from the exact class counts of every hand: C(52, 7) = 133,784,560 seven-card hands (two hole
cards and the five community cards) or C(52, 5) = 2,598,960 five-card hands (the hole cards
and the flop).

Progressive pay table files (TOML)::

    name = "my progressive"              # optional; the file name without .toml otherwise
    description = "..."                  # optional
    cards = "hole-and-flop"              # or "all-seven"; default "hole-and-flop"
    wager = 2                            # one progressive bet in the money of the amounts below;
                                         # default 1 (amounts then count progressive bets)
    [pays]                               # fixed amounts won, net (the bet is returned on a win)
    four-of-a-kind = 300
    full-house = 50
    [meter]                              # shares of the meter won ("100%", "1/10", 0.1)
    royal-flush = "100%"
    straight-flush = "10%"

Outcomes are hand classes (``royal-flush``, ``straight-flush``, ``four-of-a-kind``,
``full-house``, ``flush``, ``straight``, ``three-of-a-kind``, ``two-pair``, ``pair``,
``high-card``); a class may have a fixed pay, a meter share or both; a class with neither loses
the bet. The meter itself is the ``meter`` option (``--set meter=25000``), in the same money.

>>> table = analyze_trips(TRIPS_PRESETS["50-40-30-8-7-4-3"])
>>> table.cycle
133784560
>>> round(float(table.house_edge) * 100, 2)
3.5
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, ClassVar

from edge import holdem
from edge.errors import PayTableError
from edge.games import Bet, RulesT, TableRule
from edge.games.ultimate_texas_holdem.rules import TripsRule
from edge.games.ultimate_texas_holdem.solve.trips_showdown import DEALS as SHOWDOWN_DEALS
from edge.games.ultimate_texas_holdem.solve.trips_showdown import THREE_OR_BETTER, Showdowns
from edge.paytables import (
    PayTable,
    format_pay,
    looks_typed,
    make_paytable,
    parse_pay,
    read_toml,
    toml_pay,
    toml_string,
)
from edge.table import ReturnTable, Row, decimal, exact

# --- Trips ---------------------------------------------------------------------------------

TRIPS_OUTCOMES = ("royal-flush", "straight-flush", "four-of-a-kind", "full-house", "flush",
                  "straight", "three-of-a-kind")
TRIPS_TABLES = {
    # royal, straight flush, quads, full house, flush, straight, three of a kind (net, to 1)
    "50-40-30-8-7-4-3": (50, 40, 30, 8, 7, 4, 3),   # docs/rules.md section 4 default; the felt's
    "50-40-30-8-6-5-3": (50, 40, 30, 8, 6, 5, 3),
    "50-40-30-9-7-4-3": (50, 40, 30, 9, 7, 4, 3),
    # the table of the beat-dealer rule at Florida racetracks (Wizard of Odds, "Florida
    # Variant of Trips Bet"; docs/references.md section 4)
    "50-40-30-10-8-6-3": (50, 40, 30, 10, 8, 6, 3),
}
TRIPS_PRESETS: dict[str, PayTable] = {
    name: make_paytable(name, dict(zip(TRIPS_OUTCOMES, pays, strict=True)), TRIPS_OUTCOMES)
    for name, pays in TRIPS_TABLES.items()
}
TRIPS_DEFAULT = "50-40-30-8-7-4-3"
# The rule each named table is meant for: the beat-dealer table with the beat-dealer rules (a
# fold settled against the dealer's hand first, as the published analysis counts it), every
# other table with the standard rule. Under another rule a table is offered by no casino: the
# beat-dealer table paid on the player's hand alone would give the player 13.96%.
TRIPS_TABLE_RULES: dict[str, TableRule] = {
    name: TableRule("trips_rule", (TripsRule.BEAT_DEALER, TripsRule.BEAT_DEALER_FOLD_LOSES)
                    if name == "50-40-30-10-8-6-3" else (TripsRule.STANDARD,))
    for name in TRIPS_TABLES}


def _class_rows(counts: Mapping[str, int], pays: Mapping[str, Fraction]) -> tuple[Row, ...]:
    """A row for each paying class, best first, and one ``lose`` row for every other class."""
    rows = [Row(name, pays[name], count) for name, count in counts.items() if name in pays]
    lost = sum(count for name, count in counts.items() if name not in pays)
    return tuple(rows) + ((Row("lose", Fraction(-1), lost),) if lost else ())


def analyze_trips(paytable: PayTable, options: Mapping[str, str] | None = None,
                  game: str = "ultimate-texas-holdem") -> ReturnTable:
    """The Trips bet: paid on the player's best five of seven cards, three of a kind or better.

    It is settled even when the player folds, so every one of the C(52, 7) hands of two hole
    cards and five community cards counts once, whatever the dealer holds.
    """
    rows = _class_rows(holdem.class_counts(7), paytable.as_dict())
    return ReturnTable(game, "trips", rows, paytable, dict(options or {}),
                       title=f"Ultimate Texas Hold'em: Trips, {paytable.name}",
                       notes=("Pays on the player's best five of the two hole cards and five "
                              "community cards, win or lose and even after a fold.",))


def analyze_trips_beating_dealer(paytable: PayTable, showdowns: Showdowns,
                                 options: Mapping[str, str] | None = None,
                                 game: str = "ultimate-texas-holdem") -> ReturnTable:
    """The Trips bet under the beat-dealer rule (docs/rules.md section 4.6): paid by table only
    when the player's hand beats the dealer's, pushed on a tie, lost otherwise.

    With counts of every deal at the showdown (:func:`.trips_showdown.trips_showdowns`) the
    deals are player holding, dealer holding and board (C(52,2) C(50,2) C(48,5)); with the
    player's folds counted apart (:func:`.trips_showdown.fold_showdowns`) they are the solve's
    cycle and a fold loses the Trips.
    """
    pays = paytable.as_dict()
    paid = [name for name in THREE_OR_BETTER if name in pays]
    rows = [Row(name, pays[name], showdowns.count(name, "win")) for name in paid]
    tied = sum(showdowns.count(name, "tie") for name in paid)
    folded = sum(showdowns.count(name, "fold") for name in paid)
    lost = showdowns.deals - sum(row.combinations for row in rows) - tied - folded
    rows += [Row("tie", Fraction(0), tied)]
    rows += [Row("fold", Fraction(-1), folded)] if folded else []
    rows += [Row("lose", Fraction(-1), lost)]
    if showdowns.deals == SHOWDOWN_DEALS:
        title = f"Ultimate Texas Hold'em: Trips, {paytable.name}, beat-dealer rule"
        notes = ("Beat-dealer rule: pays on the player's best five of the two hole cards and "
                 "five community cards only when that hand beats the dealer's; a tie of three "
                 "of a kind or better pushes; settled against the dealer's hand even after a "
                 "fold.",
                 "Deals are counted as player holding, dealer holding and board: C(52,2) "
                 "C(50,2) C(48,5) = 2,781,381,002,400.")
    else:
        title = (f"Ultimate Texas Hold'em: Trips, {paytable.name}, beat-dealer rule, a fold "
                 "loses")
        notes = ("Beat-dealer rule, a fold loses the Trips: pays on the player's best five of "
                 "the two hole cards and five community cards only when that hand beats the "
                 "dealer's; a tie of three of a kind or better pushes; the row fold counts the "
                 "hands of three of a kind or better that the player folds on the river under "
                 "the strategy (solved with the standard Blind table).",
                 "Deals are counted as the main bet's: C(52,2) C(50,3) C(47,2) C(45,2) = "
                 "27,813,810,024,000 (the flop told from the turn and river).")
    return ReturnTable(game, "trips", tuple(rows), paytable, dict(options or {}), title=title,
                       notes=notes)


# --- progressive ---------------------------------------------------------------------------

PROGRESSIVE_CARDS = {"hole-and-flop": 5, "all-seven": 7}
PROGRESSIVE_CARD_TEXT = {"hole-and-flop": "the two hole cards and the three flop cards",
                         "all-seven": "the two hole cards and the five community cards"}


@dataclass(frozen=True)
class ProgressiveTable(PayTable):
    """A progressive pay table: fixed pays (``pays``), shares of the meter, and its cards.

    ``pays`` holds each fixed pay under its class name and each meter share under
    ``meter.<class>`` (so the JSON and printed pay tables show both); amounts are in the money
    of ``wager``, one progressive bet.
    """

    cards: str = "hole-and-flop"
    wager: Fraction = Fraction(1)

    def fixed(self) -> dict[str, Fraction]:
        """Fixed net amounts by class."""
        return {k: v for k, v in self.pays if not k.startswith("meter.")}

    def shares(self) -> dict[str, Fraction]:
        """Meter shares by class."""
        return {k.removeprefix("meter."): v for k, v in self.pays if k.startswith("meter.")}

    def paid_as(self, outcome: str) -> str:
        """``share of the meter`` for a meter entry, ``pays to 1`` for a fixed pay."""
        return "share of the meter" if outcome.startswith("meter.") else "pays to 1"

    def toml_lines(self, bet: str = "") -> list[str]:
        """The table as a progressive table file's lines (this module's format; the file is
        the progressive bet's only, so it names no bet)."""
        lines = [f"name = {toml_string(self.name)}", f"cards = {toml_string(self.cards)}",
                 f"wager = {toml_pay(self.wager)}"]
        if self.fixed():
            lines += ["", "[pays]", *(f"{k} = {toml_pay(v)}" for k, v in self.fixed().items())]
        if self.shares():
            lines += ["", "[meter]", *(f"{k} = {toml_string(format_pay(v * 100) + '%')}"
                                       for k, v in self.shares().items())]
        return lines

    def label(self) -> str:
        """``meter 100%-10%, 300-50-40-30-9 on hole-and-flop``, the way a sign reads."""
        shares = "-".join(decimal(v * 100, 2).rstrip("0").rstrip(".") + "%"
                          for v in self.shares().values())
        fixed = "-".join(format_pay(v) for v in self.fixed().values())
        parts = ([f"meter {shares}"] if shares else []) + ([fixed] if fixed else [])
        return f"{', '.join(parts)} on {self.cards}"


def _parse_share(value: Any, outcome: str, source: str) -> Fraction:
    if isinstance(value, str) and value.strip().endswith("%"):
        share = parse_pay(value.strip()[:-1], f"meter.{outcome}", source) / 100
    else:
        share = parse_pay(value, f"meter.{outcome}", source)
    if share > 1:
        raise PayTableError(f"The meter share for {outcome!r} in {source} is {value!r}: "
                            "a share is at most 100%.")
    return share


def make_progressive(name: str, pays: Mapping[str, Any], meter: Mapping[str, Any],
                     cards: str = "hole-and-flop", wager: Any = 1,
                     source: str | None = None) -> ProgressiveTable:
    """Validate a progressive table: class names, amounts, shares, cards and wager."""
    where = source or f"progressive table {name!r}"
    for key in list(pays) + list(meter):
        if key not in holdem.CLASS_NAMES:
            raise PayTableError(f"Unknown outcome {key!r} in {where}; the outcomes are hand "
                                f"classes: {', '.join(reversed(holdem.CLASS_NAMES))}.")
    if cards not in PROGRESSIVE_CARDS:
        raise PayTableError(f"The cards {cards!r} in {where} are not one of: "
                            f"{', '.join(PROGRESSIVE_CARDS)}.")
    bet = parse_pay(wager, "wager", where)
    if bet <= 0:
        raise PayTableError(f"The wager {wager!r} in {where} must be more than 0.")
    if not pays and not meter:
        raise PayTableError(f"The {where} pays nothing: give [pays] or [meter] entries.")
    order = tuple(reversed(holdem.CLASS_NAMES))
    entries = [(k, parse_pay(pays[k], k, where)) for k in order if k in pays]
    entries += [(f"meter.{k}", _parse_share(meter[k], k, where)) for k in order if k in meter]
    return ProgressiveTable(name, tuple(entries), cards=cards, wager=bet)


def load_progressive(path: str | Path) -> ProgressiveTable:
    """Read a progressive table from a TOML file (format in this module's docstring)."""
    where = f"progressive table file {str(path)!r}"
    data = read_toml(path, "progressive table file")
    extra = sorted(set(data) - {"name", "description", "cards", "wager", "pays", "meter"})
    if extra:
        raise PayTableError(f"Unknown key {extra[0]!r} in {where}; allowed: name, description, "
                            "cards, wager, pays, meter.")
    pays, meter = data.get("pays", {}), data.get("meter", {})
    if not isinstance(pays, Mapping) or not isinstance(meter, Mapping):
        raise PayTableError(f"In the {where}, [pays] and [meter] must be tables of "
                            "class = amount lines.")
    name = data.get("name", Path(path).stem)
    cards = data.get("cards", "hole-and-flop")
    if not isinstance(name, str) or not isinstance(cards, str):
        raise PayTableError(f"The name and cards in the {where} must be strings.")
    table = make_progressive(name, pays, meter, cards, data.get("wager", 1), source=where)
    return dataclasses.replace(table, source=str(path))


# An example only: no progressive table is in the rules' sources (docs/rules.md section 4). Its
# amounts are an assumption, not a casino's; the file also shows the TOML format.
EXAMPLE_FILE = Path(__file__).resolve().parent.parent / "data" / "progressive_example.toml"
PROGRESSIVE_PRESETS: dict[str, PayTable] = {"example": load_progressive(EXAMPLE_FILE)}
PROGRESSIVE_DEFAULT = "example"


@dataclass(frozen=True)
class ProgressiveBet(Bet[RulesT]):
    """The progressive bet: its pay table is a :class:`ProgressiveTable` (preset or TOML)."""

    typed_pays: ClassVar[bool] = False

    def paytable(self, spec: str | PayTable | None) -> PayTable | None:
        """A preset by name or label, a progressive TOML file, or the default example."""
        if isinstance(spec, ProgressiveTable):
            return spec
        if spec is None:
            return self.presets[PROGRESSIVE_DEFAULT]
        if isinstance(spec, PayTable):
            raise PayTableError(f"The pay table {spec.name!r} is not a progressive table.")
        if spec in self.presets:
            return self.presets[spec]
        for table in self.presets.values():
            if table.label() == spec:
                return table
        if spec.endswith(".toml") or Path(spec).is_file():
            return load_progressive(spec)
        if looks_typed(spec) is not False:
            raise PayTableError(f"The progressive bet takes no typed pays ({spec!r}): its "
                                "table pays fixed amounts and shares of the meter by hand "
                                "class, so write it in a TOML file (the example: "
                                f"{EXAMPLE_FILE}) and give the file's path.")
        raise PayTableError(f"Unknown progressive table {spec!r}: name one of "
                            f"{', '.join(self.presets)} or give a .toml file.")


def break_even_meter(table: ProgressiveTable) -> Fraction | None:
    """The meter at which the progressive's expected return is zero (None if none pays on it).

    The expected net result is linear in the meter: fixed part + meter x (sum of share x
    probability) / wager, so the break-even meter is exact.
    """
    counts = holdem.class_counts(PROGRESSIVE_CARDS[table.cards])
    fixed, shares = table.fixed(), table.shares()
    fixed_part = sum((fixed.get(name, Fraction(0)) / table.wager * count
                      if name in fixed or name in shares else -count
                      for name, count in counts.items()), Fraction(0))
    meter_part = sum((shares[name] / table.wager * count
                      for name, count in counts.items() if name in shares), Fraction(0))
    if meter_part == 0:
        return None
    return max(Fraction(0), -fixed_part / meter_part)


def analyze_progressive(paytable: PayTable, meter: Fraction,
                        options: Mapping[str, str] | None = None,
                        game: str = "ultimate-texas-holdem") -> ReturnTable:
    """The progressive bet at a given meter: pays per class = fixed + share x meter.

    Figures are per progressive bet. One winner takes each share (no two players hit the meter
    on the same hand), and the meter is taken as it stands when the hand is dealt.
    """
    if not isinstance(paytable, ProgressiveTable):
        raise PayTableError(f"The pay table {paytable.name!r} is not a progressive table.")
    fixed, shares = paytable.fixed(), paytable.shares()
    pays = {name: (fixed.get(name, Fraction(0)) + shares.get(name, Fraction(0)) * meter)
            / paytable.wager for name in set(fixed) | set(shares)}
    rows = _class_rows(holdem.class_counts(PROGRESSIVE_CARDS[paytable.cards]), pays)
    even = break_even_meter(paytable)
    money = "" if paytable.wager == 1 else f" (one bet = {format_pay(paytable.wager)})"
    notes = [f"Pays on {PROGRESSIVE_CARD_TEXT[paytable.cards]}; pays are net, per bet{money}, "
             f"with the meter at {format_pay(meter)}.",
             "Break-even meter: " + ("none (no meter share)" if even is None else
                                     f"{decimal(even, 2)} (exactly {exact(even)})") + "."]
    if paytable.name.startswith("example"):
        notes.append("EXAMPLE TABLE: an assumption for illustration, not a casino's table "
                     "(the sources of the rules give no progressive pay table).")
    return ReturnTable(game, "progressive", rows, paytable,
                       {**(options or {}), "cards": paytable.cards},
                       title=f"Ultimate Texas Hold'em: progressive, {paytable.name}, "
                             f"meter {format_pay(meter)}",
                       notes=tuple(notes))


TRIPS_DESCRIPTION = ("three of a kind or better on the player's seven cards, even after a "
                     "fold")
PROGRESSIVE_DESCRIPTION = ("jackpot bet: fixed pays and meter shares on the hole cards and flop "
                           "(or all seven); --set meter=N")
