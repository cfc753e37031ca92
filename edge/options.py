"""Variant options: frozen dataclasses whose fields carry their help text and allowed values.

A game declares its options as a frozen dataclass whose fields are made with :func:`option`, and
calls :func:`validate` in ``__post_init__``. :func:`make_options` builds one from ``--set``
strings, naming any unknown key or bad value.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Shoe:
...     decks: int = option(6, "decks in the shoe", minimum=1, maximum=8)
...     def __post_init__(self) -> None:
...         validate(self)
>>> make_options(Shoe, {"decks": "8"}).decks
8
>>> make_options(Shoe, {"decks": "9"})
Traceback (most recent call last):
...
edge.errors.OptionError: The option decks=9 is out of range: allowed 1..8.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from enum import StrEnum
from fractions import Fraction
from typing import Any, TypeVar

from edge.errors import EdgeError, OptionError
from edge.paytables import MAX_DENOMINATOR, MAX_PAY
from edge.strategies import PlayerStrategy

T = TypeVar("T")


def option(
    default: T,
    help: str,
    *,
    choices: tuple[str, ...] | None = None,
    minimum: int | Fraction | None = None,
    maximum: int | Fraction | None = None,
    assumption: bool = False,
    quiet_default: bool = False,
) -> T:
    """A dataclass field for a variant option with its help text and allowed values, typed as
    its default (``decks: int = option(6, ...)``; mypy refuses a default of another type).

    ``assumption`` marks a value the source documents do not give (reports flag it).
    ``quiet_default``: tables list the option only when it is not at its default (an option
    added later, such as the exposure ``seen``, so the game as dealt prints as it always did).
    """
    metadata = {
        "help": help,
        "choices": choices,
        "minimum": minimum,
        "maximum": maximum,
        "assumption": assumption,
        "quiet_default": quiet_default,
    }
    made: T = dataclasses.field(default=default, metadata=metadata)
    return made


def parse_fraction(text: str, what: str) -> Fraction:
    """Parse an exact number: ``'7'``, ``'0.05'``, ``'1/20'``, ``'5%'``, ``'3:2'``."""
    raw = text.strip()
    try:
        if "_" in raw:                # Python reads 3_5 as 35: a typo, not a number
            raise ValueError(raw)
        if raw.endswith("%"):
            return Fraction(raw[:-1].strip()) / 100
        if ":" in raw:
            num, den = raw.split(":", 1)
            return Fraction(num.strip()) / Fraction(den.strip())
        return Fraction(raw)
    except (ValueError, ZeroDivisionError):
        raise OptionError(f"The value {what}={text!r} is not a number "
                          "(write 7, 0.05, 1/20, 5% or 3:2).") from None


def _parse(field: dataclasses.Field[Any], value: Any) -> Any:
    name = field.name
    default = field.default
    if not isinstance(value, str):
        if isinstance(default, bool) and not isinstance(value, bool):
            raise OptionError(f"The option {name}={value!r} must be true or false.")
        if isinstance(default, Fraction) and isinstance(value, int | float):
            return Fraction(str(value)) if isinstance(value, float) else Fraction(value)
        return value
    text = value.strip()
    if isinstance(default, PlayerStrategy):
        return type(default).resolve(text)
    if isinstance(default, StrEnum):
        try:
            return type(default)(text)
        except ValueError:
            raise OptionError(f"The option {name}={text!r} is not one of: "
                              f"{', '.join(_choices(field) or ())}.") from None
    if isinstance(default, bool):
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise OptionError(f"The option {name}={text!r} must be true or false.")
    if isinstance(default, int):
        try:
            if "_" in text:           # Python reads 1_0 as 10: a typo, not a number
                raise ValueError(text)
            return int(text)
        except ValueError:
            raise OptionError(f"The option {name}={text!r} must be a whole number.") from None
    if isinstance(default, Fraction):
        return parse_fraction(text, name)
    return text


def validate(instance: Any) -> None:
    """Check every option field of a frozen dataclass against its declared range or choices."""
    for field in dataclasses.fields(instance):
        meta = field.metadata
        if "help" not in meta:
            continue
        value = getattr(instance, field.name)
        default = field.default
        if isinstance(default, bool) and not isinstance(value, bool):
            raise OptionError(f"The option {field.name}={value!r} must be true or false.")
        if isinstance(default, int) and not isinstance(default, bool) and (
            isinstance(value, bool) or not isinstance(value, int)
        ):
            raise OptionError(f"The option {field.name}={value!r} must be a whole number.")
        if isinstance(default, Fraction) and not isinstance(value, Fraction | int):
            raise OptionError(f"The option {field.name}={value!r} must be an exact number.")
        choices = _choices(field)
        if isinstance(default, PlayerStrategy) and not isinstance(value, PlayerStrategy):
            if not isinstance(value, str):
                raise OptionError(f"The option {field.name}={value!r} must be a strategy "
                                  "name or a .toml strategy file.")
            object.__setattr__(instance, field.name, type(default).resolve(value))
            continue
        if isinstance(default, StrEnum) and not isinstance(value, type(default)):
            try:  # a plain string becomes the enum's member (rules always hold members)
                value = type(default)(value)
            except ValueError:
                raise OptionError(f"The option {field.name}={value!r} is not one of: "
                                  f"{', '.join(choices or ())}.") from None
            object.__setattr__(instance, field.name, value)
        if choices is not None and value not in choices:
            raise OptionError(f"The option {field.name}={value!r} is not one of: "
                              f"{', '.join(choices)}.")
        low, high = meta.get("minimum"), meta.get("maximum")
        if isinstance(default, int | Fraction) and not isinstance(default, bool):
            # a number with no maximum of its own is bounded like a pay (edge.paytables)
            high = MAX_PAY if high is None else high
            if Fraction(value).denominator > MAX_DENOMINATOR:
                raise OptionError(f"The option {field.name}={_short(value)} is too fine: "
                                  f"values are in parts of at most 1/{MAX_DENOMINATOR:,}.")
        if (low is not None and value < low) or (high is not None and value > high):
            raise OptionError(f"The option {field.name}={_short(value)} is out of range: "
                              f"allowed {_short(low) if low is not None else ''}.."
                              f"{_short(high) if high is not None else ''}.")


def _short(value: Any) -> str:
    """An option value as typed back, its thousands marked, or its size when it is too long to
    echo (``1e400``)."""
    if isinstance(value, Fraction) and value.denominator == 1:
        value = value.numerator
    text = format_value(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return text if abs(value) < 10 ** 6 else (
            f"{value:,}" if len(text) <= 24 else f"a {len(text.lstrip('-')):,}-digit number")
    return text if len(text) <= 24 else f"a fraction of {len(text):,} characters"


def _choices(field: dataclasses.Field[Any]) -> tuple[str, ...] | None:
    """A field's allowed values: its declared ``choices``, or the values of its StrEnum."""
    if isinstance(field.default, StrEnum):
        return tuple(member.value for member in type(field.default))
    choices: tuple[str, ...] | None = field.metadata.get("choices")
    return choices


def make_options(cls: type[T], overrides: Mapping[str, Any] | None = None) -> T:
    """Build an options dataclass from defaults plus ``overrides`` (strings or values)."""
    fields = {f.name: f for f in dataclasses.fields(cls)  # type: ignore[arg-type]
              if "help" in f.metadata}
    values: dict[str, Any] = {}
    for key, value in (overrides or {}).items():
        name = key.strip().replace("-", "_")
        if name not in fields:
            known = ", ".join(sorted(fields)) or "none"
            raise OptionError(f"Unknown option {key!r}: this game's options are {known}.")
        values[name] = _parse(fields[name], value)
    return cls(**values)


def format_value(value: Any) -> str:
    """An option value as a user would type it back (``true``, ``1/20``, ``6``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def options_dict(instance: Any, *, every: bool = False) -> dict[str, str]:
    """The options of an options dataclass and their values, as strings: every one with
    ``every``, else those a table lists (an option quiet at its default only away from it)."""
    return {f.name: format_value(getattr(instance, f.name))
            for f in dataclasses.fields(instance) if "help" in f.metadata
            and (every or not (f.metadata.get("quiet_default")
                               and getattr(instance, f.name) == f.default))}


@dataclasses.dataclass(frozen=True)
class OptionInfo:
    """What ``edge games`` shows of one option."""

    name: str
    default: str
    help: str
    allowed: str
    assumption: bool
    choices: tuple[str, ...] = ()   # the allowed values of an option with named choices
    minimum: int | Fraction | None = None   # the declared range of a number (``allowed``: lo..hi)
    maximum: int | Fraction | None = None


def describe(cls: type[Any]) -> list[OptionInfo]:
    """The options of an options dataclass, with defaults and allowed values."""
    infos = []
    for field in dataclasses.fields(cls):
        meta = field.metadata
        if "help" not in meta:
            continue
        choices = _choices(field)
        if isinstance(field.default, PlayerStrategy):   # named strategies, or a file
            choices = type(field.default).names()
            allowed = " | ".join((*choices, "FILE.toml"))
        elif choices is not None:
            allowed = " | ".join(choices)
        elif isinstance(field.default, bool):
            allowed = "true | false"
        elif meta["minimum"] is not None or meta["maximum"] is not None:
            low = format_value(meta["minimum"]) if meta["minimum"] is not None else ""
            high = format_value(meta["maximum"]) if meta["maximum"] is not None else ""
            allowed = f"{low}..{high}"
        else:
            allowed = "any"
        infos.append(OptionInfo(field.name, format_value(field.default), meta["help"],
                                allowed, bool(meta["assumption"]), choices or (),
                                meta["minimum"], meta["maximum"]))
    return infos


def parse_sets(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["decks=8", "ties=larger"]`` -> ``{"decks": "8", "ties": "larger"}``."""
    values: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise EdgeError(f"The option {pair!r} is not of the form name=value.")
        name = key.strip()
        if name in values:
            raise EdgeError(f"The option {name!r} is given twice (--set {name}={values[name]} "
                            f"and --set {name}={value.strip()}): give it once.")
        values[name] = value.strip()
    return values


def parse_set_list(text: str) -> dict[str, str]:
    """Options typed on one line split by commas (``decks=6, seen=dealer-1``), as ``--set``
    takes each."""
    return parse_sets([part.strip() for part in text.split(",") if part.strip()])
