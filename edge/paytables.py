"""Pay tables: named presets, typed pays and user TOML files, validated against a bet's outcomes.

A pay table maps outcome names (``flush-pair``) to the net win per unit wagered, as an exact
``Fraction``. Typed on the command line, the pays are joined by dashes in the order of the
bet's outcomes (``8-3-5/2``: flush-pair, flush-high, flush-low); a TOML file gives the same
fields::

    name = "my pays"          # optional
    bet = "flush"             # optional; when given, the file is refused for another wager
    [pays]
    flush-pair = 8
    flush-high = 3
    flush-low = "5/2"         # strings allow exact fractions ("5/2", "5:2"); floats read exactly

Nested tables flatten with a dot, so ``[pays.pair-plus] flush = 4`` is outcome ``pair-plus.flush``.

**Split outcomes.** Some published tables pay part of an outcome apart: Pair Plus tables with a
"mini-royal" (suited A-K-Q) pay it above the other straight flushes. A bet declares such splits
as ``{split: parent}`` (``{"mini-royal": "straight-flush"}``); a table may then list the split
outcome, placed just before its parent, and pays it by that line; a table that does not list it
pays it as the parent (:meth:`PayTable.pay_for`), so tables written before the split stay valid
and pay the same. :func:`accepted_orders` gives every outcome order a bet's table may have.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from edge import files
from edge.errors import PayTableError, note
from edge.files import TomlErrors


@dataclass(frozen=True)
class PayTable:
    """A named pay table: outcome name -> net pay per unit wagered (exact).

    ``source`` is what ``--paytable`` names to load it again: the path of the file it was read
    from, or the typed pays (``35-20-7-4-1``); None for a preset or a table made in code. It
    is not part of the table's identity (two tables with the same name and pays are equal).
    """

    name: str
    pays: tuple[tuple[str, Fraction], ...]
    source: str | None = field(default=None, compare=False)

    def __getitem__(self, outcome: str) -> Fraction:
        for key, value in self.pays:
            if key == outcome:
                return value
        raise PayTableError(f"The pay table {self.name!r} has no outcome {outcome!r}.")

    def __iter__(self) -> Iterator[str]:
        return (key for key, _ in self.pays)

    def as_dict(self) -> dict[str, Fraction]:
        """The pays as a plain dict, in table order."""
        return dict(self.pays)

    def paid_as(self, outcome: str) -> str:
        """What an outcome's number is: ``pays to 1`` (a net win per unit wagered); a table
        with other kinds of entries (a share of a meter) says so for those."""
        return "pays to 1"

    def pay_for(self, outcome: str, splits: Mapping[str, str] | None = None) -> Fraction:
        """The pay of ``outcome``; a split outcome the table does not list is paid as the
        outcome it is split from (``splits``: split -> parent)."""
        splits = splits or {}
        listed = self.as_dict()
        while outcome not in listed and outcome in splits:
            outcome = splits[outcome]
        return self[outcome]

    def label(self) -> str:
        """The pays joined by dashes, the way the trade names a table (``40-30-6-4-1``); a
        loss of part of the stake in parentheses (``1-(-1/2)``), so no dash is doubled."""
        return "-".join(format_pay(value) if value >= 0 else f"({format_pay(value)})"
                        for _, value in self.pays)

    def toml_lines(self, bet: str = "") -> list[str]:
        """The table as the lines of a TOML pay table file (``name``, ``bet``, ``[pays]``)
        that ``--paytable FILE`` reads back for ``bet``; a game's own kind of table writes
        its own format."""
        return [f"name = {toml_string(self.name)}",
                *([f"bet = {toml_string(bet)}"] if bet else []), "", "[pays]",
                *(f"{toml_key(key)} = {toml_pay(value)}" for key, value in self.pays)]

    def replace(self, name: str, **changes: Fraction) -> PayTable:
        """A copy with some pays changed (outcome names with ``_`` for ``-``)."""
        wanted = {key.replace("_", "-"): Fraction(value) for key, value in changes.items()}
        for key in wanted:
            if key not in self.as_dict():
                raise PayTableError(f"The pay table {self.name!r} has no outcome {key!r}.")
        return PayTable(name, tuple((k, wanted.get(k, v)) for k, v in self.pays))


# Bounds on a pay: a pay of at most 10^9 in parts of at most 10^-6 scales to a whole number of
# at most 10^15 parts, below 2^53, so scaled pays are exact in float64 as in int64 and their
# products with a chunk of simulated hands (2^16) stay inside int64; games whose kernels need
# less (the UTH solve: 2^24 scaled) check their own limit.
MAX_PAY = 10 ** 9
MAX_DENOMINATOR = 10 ** 6


def format_pay(value: Fraction) -> str:
    """A pay as the trade writes it: ``8``, ``3/2``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


def toml_string(text: str) -> str:
    """``text`` as a TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def toml_key(key: str) -> str:
    """An outcome name as a TOML key: bare (dotted for a combined wager's ``part.outcome``,
    which reads back nested and flattens to the same name), else quoted."""
    parts = key.split(".")
    if all(re.fullmatch(r"[A-Za-z0-9_-]+", part) for part in parts):
        return key
    return toml_string(key)


def toml_pay(value: Fraction) -> str:
    """A pay as a TOML value: an integer, or an exact fraction as a string (``"5/2"``)."""
    return str(value.numerator) if value.denominator == 1 else toml_string(format_pay(value))


def parse_pay(value: Any, outcome: str, source: str, least: Fraction = Fraction(0)) -> Fraction:
    """One pay from a TOML value or a command-line string, exactly; a pay below ``least`` is
    refused (0: pays are net wins or pushes; -1: a wager may also lose part of its stake, as a
    bet file's tie that loses half, -1/2)."""
    shown = str(value) if isinstance(value, Fraction) else repr(value)
    if isinstance(value, bool) or not isinstance(value, Fraction | int | float | str):
        raise PayTableError(f"The pay for {outcome!r} in {source} is {shown}, not a number.")
    try:
        if isinstance(value, str):
            text = value.strip().replace(" ", "")
            if "_" in text:          # Python reads 3_5 as 35: a typo, not a number
                raise ValueError(text)
            if ":" in text:
                num, den = text.split(":", 1)
                pay = Fraction(num) / Fraction(den)
            elif text.lower().endswith("to1"):
                pay = Fraction(text[:-3])
            else:
                pay = Fraction(text)
        elif isinstance(value, float):
            pay = Fraction(str(value))
        else:
            pay = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise PayTableError(f"The pay for {outcome!r} in {source} is {shown}, "
                            "not a number (write 8, 1.5, \"3/2\" or \"3:2\").") from None
    if pay < least:
        raise PayTableError(_below_least(outcome, source, shown, least))
    if pay > MAX_PAY or pay.denominator > MAX_DENOMINATOR:
        raise PayTableError(f"The pay for {outcome!r} in {source} is {shorten(shown)}: pays "
                            f"are at most {MAX_PAY:,} to 1, in parts of at most "
                            f"1/{MAX_DENOMINATOR:,} of a unit.")
    return pay


def _below_least(outcome: str, source: str, shown: str, least: Fraction) -> str:
    if least == 0:
        return (f"The pay for {outcome!r} in {source} is {shown}: pays are net wins and "
                "cannot be negative.")
    return (f"The pay for {outcome!r} in {source} is {shown}: a pay is at least "
            f"{format_pay(least)}, the whole stake lost (-1/2 loses half of it, 0 is a push).")


def shorten(text: str, keep: int = 40) -> str:
    """``text``, cut in the middle when longer than ``keep`` characters."""
    if len(text) <= keep:
        return text
    return f"{text[:keep // 2]}...{text[-keep // 2:]} ({len(text):,} characters)"


def _flatten(mapping: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in mapping.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = value
    return flat


def accepted_orders(outcomes: tuple[str, ...],
                    splits: Mapping[str, str] | None = None) -> tuple[tuple[str, ...], ...]:
    """Every order of outcomes a bet's pay table may have, best outcome first: ``outcomes``
    itself first, then with each combination of the split outcomes (``split -> parent``, see
    the module note) inserted just before its parent. Typed pays (``50-40-30-6-3-1``) are read
    in the order whose length they match.

    >>> accepted_orders(("straight-flush", "pair"), {"mini-royal": "straight-flush"})
    (('straight-flush', 'pair'), ('mini-royal', 'straight-flush', 'pair'))
    """
    orders = [outcomes]
    for split, parent in (splits or {}).items():
        orders += [_insert_before(order, split, parent) for order in orders if parent in order]
    return tuple(orders)


def _insert_before(order: tuple[str, ...], split: str, parent: str) -> tuple[str, ...]:
    at = order.index(parent)
    return order[:at] + (split,) + order[at:]


def make_paytable(name: str, pays: Mapping[str, Any], outcomes: tuple[str, ...],
                  source: str | None = None,
                  splits: Mapping[str, str] | None = None,
                  least: Fraction = Fraction(0)) -> PayTable:
    """Validate ``pays`` against the bet's ``outcomes`` (every one, no others; ``splits`` may
    be listed too, see :func:`accepted_orders`; none below ``least``, see :func:`parse_pay`)
    and build a table in that order."""
    where = source or f"pay table {name!r}"
    splits = splits or {}
    known = set(outcomes)                   # a set: a bet file may have thousands
    optional = [split for split in splits if split not in known]
    unknown = [key for key in pays if key not in known and key not in optional]
    if unknown:
        also = f" (and, split out: {', '.join(optional)})" if optional else ""
        raise PayTableError(f"Unknown outcome {shorten(repr(unknown[0]), 60)} in {where}; "
                            f"the outcomes are: {', '.join(outcomes)}{also}.")
    missing = [key for key in outcomes if key not in pays]
    if missing:
        raise PayTableError(f"The {where} has no pay for {', '.join(repr(m) for m in missing)}.")
    order = next(order for order in accepted_orders(outcomes, splits)
                 if set(order) == set(pays))
    return PayTable(name, tuple((key, parse_pay(pays[key], key, where, least))
                                for key in order))


def read_toml(path: str | Path, what: str = "pay table file") -> dict[str, Any]:
    """The contents of a TOML file; a missing, unreadable or invalid file is a PayTableError."""
    return files.read_toml(path, TomlErrors(
        PayTableError, missing=f"The {what} {{path!r}} does not exist.",
        unreadable=f"The {what} {{path!r}} cannot be read: {{error}}.",
        invalid=f"The {what} {{path!r}} is not valid TOML: {{error}}.",
        too_deep=f"The {what} {{path!r}} nests its tables too deeply to read."))


def load_paytable(path: str | Path, outcomes: tuple[str, ...], bet: str = "",
                  splits: Mapping[str, str] | None = None,
                  least: Fraction = Fraction(0)) -> PayTable:
    """Read a pay table from a TOML file and validate it against ``outcomes`` (and
    ``splits``, see :func:`accepted_orders`; and, when the file names its wager with
    ``bet = "..."``, against ``bet``)."""
    file = Path(path)
    data = read_toml(path)
    pays = data.get("pays")
    if not isinstance(pays, Mapping):
        raise PayTableError(f"The pay table file {str(path)!r} has no [pays] table; write "
                            f"[pays] then one line per outcome: {', '.join(outcomes)}.")
    extra = sorted(set(data) - {"name", "bet", "pays", "description"})
    if extra:
        raise PayTableError(f"Unknown key {extra[0]!r} in pay table file {str(path)!r}; "
                            "allowed: name, bet, description, pays.")
    name = data.get("name", file.stem)
    if not isinstance(name, str):
        raise PayTableError(f"The name in pay table file {str(path)!r} must be a string.")
    written_for = data.get("bet", bet)
    if not isinstance(written_for, str):
        raise PayTableError(f"The bet in pay table file {str(path)!r} must be a string.")
    if bet and written_for != bet:
        raise PayTableError(f"The pay table file {str(path)!r} is for the "
                            f"{shorten(written_for)} wager, not {bet}.")
    table = make_paytable(name, _flatten(pays), outcomes, source=f"pay table file {str(path)!r}",
                          splits=splits, least=least)
    return replace(table, source=str(path))


_NUMBER = re.compile(r"\s*\d+(\.\d*)?(\s*[/:]\s*\d+(\.\d*)?)?\s*|\s*\.\d+\s*")


def looks_typed(spec: str) -> bool | None:
    """Whether ``spec`` reads as typed pays: True when every dash-separated part is a number
    (``35-20-7-4-1``, ``8-3-5/2``), None when only some are (typed, with a bad pay:
    ``40-x-6``), False when none is (a name or a path)."""
    parts = spec.split("-")
    numbers = sum(1 for part in parts if _NUMBER.fullmatch(part))
    if numbers == len(parts):
        return True
    return None if numbers else False


def typed_paytable(spec: str, outcomes: tuple[str, ...], bet: str = "",
                   splits: Mapping[str, str] | None = None) -> PayTable:
    """The pay table typed as ``spec``: pays joined by dashes, in one of the bet's accepted
    outcome orders; named (and reloaded, ``source``) by its label."""
    if "(" in spec:                                  # 1-(-1/2): a label with a negative pay
        raise PayTableError(f"The typed pays {shorten(spec, 60)!r} hold a negative pay: typed "
                            "pays are 0 or more; give a pay below 0 in a .toml pay table file.")
    given = spec.split("-")
    if not all(part.strip() for part in given):      # 40--30, 40-30-6-4-, -40-30 (negative)
        raise PayTableError(f"The typed pays {shorten(spec, 60)!r} have an empty pay (a dash "
                            "at an end, or two together): type pays of at least 0 joined by "
                            "single dashes (40-30-6-4-1).")
    orders = accepted_orders(outcomes, splits)
    fitting = [order for order in orders if len(order) == len(given)]
    what = f"The {bet} wager" if bet else "This wager"
    if not fitting:
        takes = " or ".join(f"{len(order)} outcomes: {', '.join(order)}" for order in orders)
        raise PayTableError(f"{what} has {takes}; {len(given)} "
                            f"pay{'' if len(given) == 1 else 's'} given ({shorten(spec, 60)}).")
    if len(fitting) > 1:
        readings = " or as ".join(", ".join(f"{outcome} {pay.strip()}" for outcome, pay
                                            in zip(order, given, strict=True))
                                  for order in fitting[:2])
        raise PayTableError(f"The {len(given)} typed pays {shorten(spec, 60)!r} can be read two "
                            f"ways: as {readings}. Type all {max(map(len, orders))} pays (each "
                            "split outcome too) or give a .toml pay table file.")
    order = fitting[0]
    where = f"the typed pays {shorten(spec, 60)!r}"
    pays = {outcome: parse_pay(text, outcome, where)
            for outcome, text in zip(order, given, strict=True)}
    table = make_paytable("typed", pays, outcomes, source=where, splits=splits)
    return replace(table, name=table.label(), source=table.label())


def _group(outcome: str) -> str:
    """The part of a combined wager an outcome belongs to (``pair-plus.flush``: pair-plus)."""
    return outcome.rsplit(".", 1)[0] if "." in outcome else ""


def _note_reading(spec: str, table: PayTable, outcomes: tuple[str, ...],
                  splits: Mapping[str, str]) -> None:
    """Notes on typed pays that may not say what was meant: read with a split outcome paid
    apart (one pay too many?), or out of rank order (outcomes are listed best first)."""
    typed = f"the typed pays {shorten(spec, 60)!r}"
    apart = [outcome for outcome in table if outcome not in outcomes]
    if apart:
        paid_as = ", ".join(f"{split} as {splits[split]}" for split in apart)
        note(f"{typed} are read with {' and '.join(apart)} paid apart ({len(table.pays)} pays: "
             f"{', '.join(f'{o} {format_pay(p)}' for o, p in table.pays)}); "
             f"{len(outcomes)} pays would pay {paid_as}.")
    for (better, high), (worse, low) in zip(table.pays, table.pays[1:], strict=False):
        if _group(better) == _group(worse) and low > high:
            note(f"{typed} are out of rank order: {worse} pays {format_pay(low)}, more than "
                 f"{better} ({format_pay(high)}), the better outcome typed before it; pays are "
                 "typed best outcome first, in the order `edge games` shows.")
            break


def resolve_paytable(spec: str | PayTable | None, presets: Mapping[str, PayTable],
                     default: str, outcomes: tuple[str, ...], bet: str = "",
                     splits: Mapping[str, str] | None = None,
                     least: Fraction = Fraction(0)) -> PayTable:
    """A preset by name (or its pays label, ``40-30-6-4-1``), typed pays in the order of the
    outcomes (``35-20-7-4-1``), a TOML file path, or the default."""
    if isinstance(spec, PayTable):
        return make_paytable(spec.name, spec.as_dict(), outcomes, splits=splits, least=least)
    if spec is None:
        return presets[default]
    if spec in presets:
        return presets[spec]
    for table in presets.values():
        if table.label() == spec:
            return table
    typed = looks_typed(spec)
    if spec.endswith(".toml") or (typed is not True and Path(spec).is_file()):
        return same_pays_preset(load_paytable(spec, outcomes, bet, splits, least), presets)
    if typed is not False:
        # typed pays equal to a preset's (``3:2`` for ``3/2``, ``1.5``) are that preset
        table = typed_paytable(spec, outcomes, bet, splits)
        preset = same_pays_preset(table, presets)
        if preset is table:
            _note_reading(spec, table, outcomes, splits or {})
        return preset
    raise PayTableError(f"Unknown pay table {shorten(spec, 60)!r}"
                        f"{f' for the {bet} wager' if bet else ''}: name one of "
                        f"{', '.join(presets)}, type its {len(outcomes)} pays joined by "
                        f"dashes in the order {', '.join(outcomes)}, or give a .toml file.")


def same_pays_preset(table: PayTable, presets: Mapping[str, PayTable]) -> PayTable:
    """The preset that pays as ``table`` does, if there is one, else ``table``: the same pays
    carry the same name however they are given (a preset's name, typed pays, a file such as
    ``edge tune --write`` writes), so a report of them has the same figures' digest."""
    return next((preset for preset in presets.values() if preset.pays == table.pays), table)
