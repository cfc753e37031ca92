"""The glossary defines the terms of the sections a report has (edge/report/front.py): the
game-protection terms with --protection, none of them without."""

from __future__ import annotations

from typing import cast

from edge.document.document import Items, Report, Section
from edge.games import Game, Rules
from edge.report import make_report
from edge.report.front import COLLUSION_GLOSSARY, COUNTING_GLOSSARY, PROTECTION_GLOSSARY
from tests.test_protection_report import TOY


def glossary(report: Report) -> dict[str, str]:
    section = next(s for s in report.sections if s.title == "Glossary")
    items = next(b for b in section.blocks if isinstance(b, Items))
    return dict(item for item in items.items if isinstance(item, tuple))


def words(sections: tuple[Section, ...]) -> str:
    return " ".join(str(block) for section in sections
                    for block in (*section.blocks, *(b for c in section.children
                                                     for b in c.blocks)))


def test_a_protection_report_defines_the_terms_its_section_uses() -> None:
    report = make_report(cast("Game[Rules]", TOY), environment=False, protection=True)
    terms = glossary(report)
    for term, _ in PROTECTION_GLOSSARY:
        assert term in terms
    protection = next(s for s in report.sections if s.title == "Game protection")
    used = words((protection,)).lower()
    for term in ("exposure rate", "break-even exposure rate", "win per hour", "player edge",
                 "value of the information"):
        assert term in used and term in terms
    assert "element of risk" in terms and "true count" not in terms


def test_a_plain_report_leaves_them_out() -> None:
    terms = glossary(make_report(cast("Game[Rules]", TOY), environment=False))
    for term, _ in (*PROTECTION_GLOSSARY, *COLLUSION_GLOSSARY, *COUNTING_GLOSSARY):
        assert term not in terms
    assert "house edge" in terms


def test_the_counting_terms_are_there() -> None:
    names = [term for term, _ in COUNTING_GLOSSARY]
    for term in ("true count", "running count", "effect of removal", "penetration",
                 "betting correlation", "break-even count", "standard error"):
        assert term in names
