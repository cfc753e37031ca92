"""Submission metadata: who submits the game, who analysed it, where, and which document this is.

Read from a TOML file (``edge report GAME --meta FILE.toml``) with these fields, all optional;
a field left out is printed as "not stated"::

    game = "Tri-Card Poker"              # the game's name as submitted
    rules_version = "1.2"                # version of the rules of play submitted
    applicant = "Example Games Ltd"      # the applicant or inventor
    analyst = "A. Analyst"               # who prepared the report
    organisation = "Example Maths Lab"   # the analyst's organisation
    qualifications = "PhD in probability"  # printed in the analyst's attestation
    independence = "I have no financial interest in the applicant"  # printed there too
    rules_source = "Example Games Ltd, Tri-Card Poker rules of play, version 1.2, 2026"
                                         # the applicant's rules document, then the one cited
    jurisdictions = ["Nevada", "Malta"]  # one text, or a list of texts
    document_id = "EX-2026-014"
    revision = "B"
    date = 2026-11-30                    # date of issue: a TOML date or "YYYY-MM-DD"

An unknown field, a value of the wrong type or a bad date is an :class:`EdgeError` naming it.
The rebuild command in the report names the file (``--meta FILE``). The metadata never enters
the figures' digest: the same analysis issued on another date, or under another document
number, has the same digest.

>>> meta = parse_metadata({"analyst": "A. Analyst", "date": "2026-11-30"}, "meta.toml")
>>> meta.analyst, meta.date
('A. Analyst', datetime.date(2026, 11, 30))
>>> meta.shown("applicant")
'not stated'
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from edge.errors import EdgeError
from edge.files import TomlErrors, read_toml

NOT_STATED = "not stated"


@dataclass(frozen=True)
class Metadata:
    """The submission's metadata; an empty text (or no date) is a field not stated."""

    game: str = ""
    rules_version: str = ""
    applicant: str = ""
    analyst: str = ""
    organisation: str = ""
    qualifications: str = ""
    independence: str = ""
    rules_source: str = ""
    jurisdictions: tuple[str, ...] = ()
    document_id: str = ""
    revision: str = ""
    date: datetime.date | None = None
    file: str = field(default="", compare=False)   # the file it was read from ("" if none)

    def shown(self, name: str) -> str:
        """One field as a reader sees it: its text, or "not stated"."""
        value = getattr(self, name)
        if isinstance(value, tuple):
            return ", ".join(value) or NOT_STATED
        if isinstance(value, datetime.date):
            return value.isoformat()
        return str(value) if value else NOT_STATED

    def to_dict(self) -> dict[str, object]:
        """The metadata for JSON: every field, ``None`` where it is not stated."""
        data: dict[str, object] = {}
        for item in fields(self):
            if item.name == "file":
                continue
            value = getattr(self, item.name)
            if isinstance(value, tuple):
                data[item.name] = list(value)
            elif isinstance(value, datetime.date):
                data[item.name] = value.isoformat()
            else:
                data[item.name] = value or None
        return data


# What each field means, in the words the report and its help use.
FIELDS = {
    "game": "the game's name as submitted",
    "rules_version": "version of the rules of play submitted",
    "applicant": "the applicant or inventor",
    "analyst": "who prepared the report",
    "organisation": "the analyst's organisation",
    "qualifications": "the analyst's qualifications (printed in the attestation)",
    "independence": "the analyst's statement of independence from the applicant (printed in "
                    "the attestation)",
    "rules_source": "the applicant's own rules document: title, issuer, version or date, and "
                    "where it can be had (cited as the rules source in place of edge's)",
    "jurisdictions": "jurisdictions the submission is for (a text or a list of texts)",
    "document_id": "the document's identifier",
    "revision": "the document's revision",
    "date": "date of issue (a TOML date or \"YYYY-MM-DD\")",
}
TEXT_FIELDS = ("game", "rules_version", "applicant", "analyst", "organisation", "qualifications",
               "independence", "rules_source", "document_id", "revision")


def _text(value: object, name: str, where: str) -> str:
    if not isinstance(value, str):
        raise EdgeError(f"The metadata field {name!r} in {where} must be a text in quotes, "
                        f"not {type(value).__name__} {value!r}.")
    return value.strip()


def _date(value: object, where: str) -> datetime.date:
    if isinstance(value, datetime.datetime):
        return value.date()
    if isinstance(value, datetime.date):
        return value
    if isinstance(value, str):
        try:
            return datetime.date.fromisoformat(value.strip())
        except ValueError:
            pass
    raise EdgeError(f"The metadata field 'date' in {where} is not a date: {value!r} "
                    "(write 2026-11-30 or \"2026-11-30\").")


def parse_metadata(data: Mapping[str, object], where: str = "the metadata") -> Metadata:
    """Metadata from a parsed TOML table; ``where`` names the file in error messages."""
    unknown = [name for name in data if name not in FIELDS]
    if unknown:
        raise EdgeError(f"Unknown metadata field {unknown[0]!r} in {where}: the fields are "
                        f"{', '.join(FIELDS)}.")
    texts = {name: _text(data[name], name, where) for name in TEXT_FIELDS if name in data}
    given = data.get("jurisdictions", [])
    items = given if isinstance(given, list) else [given]
    return Metadata(
        game=texts.get("game", ""), rules_version=texts.get("rules_version", ""),
        applicant=texts.get("applicant", ""), analyst=texts.get("analyst", ""),
        organisation=texts.get("organisation", ""),
        qualifications=texts.get("qualifications", ""),
        independence=texts.get("independence", ""), rules_source=texts.get("rules_source", ""),
        jurisdictions=tuple(_text(item, "jurisdictions", where) for item in items),
        document_id=texts.get("document_id", ""), revision=texts.get("revision", ""),
        date=_date(data["date"], where) if "date" in data else None)


_TOML_ERRORS = TomlErrors(
    EdgeError, unreadable="Cannot read the metadata file {path}: {reason}.",
    not_utf8="The metadata file {path} is not UTF-8 text.",
    invalid="The metadata file {path} is not valid TOML: {error}.",
    too_deep="The metadata file {path} nests its tables or arrays too deeply to read.")


def load_metadata(path: str | Path) -> Metadata:
    """Read a metadata file (see the module docstring for its fields)."""
    target = Path(path)
    data = read_toml(target, _TOML_ERRORS)
    return replace(parse_metadata(data, str(target)), file=target.as_posix())
