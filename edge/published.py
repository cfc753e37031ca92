"""Citations of rules sources and the published figures a report prints beside edge's own.

A game names the documents its rules were written from as :class:`Citation` s (``Game.sources``)
and the published figures it reproduces as :class:`Published` entries (``Game.published``),
both kept in the game's package. A citation gives what a test lab files: title, issuer, date or
version, and where the document can be had; a detail nobody recorded reads "not stated".

A published figure holds for one wager under one pay table and one set of rules: the report
prints it only where the wager's pay table has exactly the published pays and every option the
wager depends on has the published value (the game's default unless the entry says otherwise).

>>> cite = Citation("Rules", issuer="Example Ltd", date="2026", version="1.2")
>>> cite.text()
'"Rules"; issued by Example Ltd; dated 2026; version 1.2; where to obtain it not stated'
>>> Published("ante", "house_edge", "3.37%", "J. Grochowski").decimals
2
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction

NOT_STATED = "not stated"

# The figures a published value can stand beside: ReturnTable attributes, as a reader says them.
FIGURES = {
    "house_edge": "house edge",
    "element_of_risk": "element of risk",
    "player_edge": "player's edge",
}


@dataclass(frozen=True)
class Citation:
    """A rules document as a lab files it; an empty field is a detail the document's copy
    does not give (printed "not stated"), ``known`` what is known of it besides."""

    title: str
    issuer: str = ""
    date: str = ""
    version: str = ""
    where: str = ""
    known: str = ""

    def text(self) -> str:
        """The citation in one line: every field, "not stated" where it is not known."""
        parts = [f"\"{self.title}\"",
                 f"issued by {self.issuer}" if self.issuer else f"issuer {NOT_STATED}",
                 f"dated {self.date}" if self.date else f"date {NOT_STATED}",
                 f"version {self.version}" if self.version else f"version {NOT_STATED}",
                 f"available from {self.where}" if self.where
                 else f"where to obtain it {NOT_STATED}"]
        text = "; ".join(parts)
        return f"{text} ({self.known})" if self.known else text


@dataclass(frozen=True)
class Published:
    """A published figure of one wager: ``figure`` (a key of :data:`FIGURES`), the value as
    published (``"3.37%"``, ``"about 0.53%"``), its source, the preset pay table it is for
    (``None``: the wager has no pay table) and the options that differ from the game's
    defaults under which it was published."""

    bet: str
    figure: str
    text: str
    source: str
    paytable: str | None = None
    options: Mapping[str, str] = field(default_factory=dict)

    @property
    def value(self) -> Decimal:
        """The published percentage as a number (``"about 0.53%"`` -> 0.53)."""
        number = self.text.removeprefix("about ").removesuffix("%").strip()
        return Decimal(number)

    @property
    def decimals(self) -> int:
        """The decimal places the figure was published with."""
        exponent = self.value.as_tuple().exponent
        assert isinstance(exponent, int)
        return max(0, -exponent)

    def agrees(self, exact: Fraction) -> bool:
        """Whether ``exact`` (a fraction, not a percentage) rounds to the published figure at
        the precision it was published with."""
        percent = Decimal(exact.numerator * 100) / Decimal(exact.denominator)
        step = Decimal(1).scaleb(-self.decimals)
        return percent.quantize(step, rounding=ROUND_HALF_EVEN) == self.value
