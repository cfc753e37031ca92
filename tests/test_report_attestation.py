"""The submission report as a lab accepts it (issue 23, items 2, 4, 5 and 11): the analyst's
attestation, citable rules sources, published figures only beside the pays and rules they were
published for, and housekeeping (inline code, timings, digest, volatility rows, the rebuild
command, no scientific notation, "figures per", the combined wager's net zero)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from functools import cache, partial
from pathlib import Path

import pytest

from edge.document.document import Items, Paragraph, Report, Section, Table
from edge.document.layout import cell_text
from edge.games import all_games, get_game
from edge.published import Citation, Published
from edge.report import figures_digest, make_report
from edge.report.context import Analyses, ReportContext
from edge.report.front import certified_holds, wager_assumptions
from edge.report.metadata import Metadata, load_metadata
from edge.report.protection import protection_tables
from edge.report.sections import published_applies, published_value
from tests.conftest import default_report_of, shared_report

ROOT = Path(__file__).resolve().parent.parent
FAST_GAMES = ("triple-bet", "three-card-poker", "double-hand-poker")
META = Metadata(analyst="A. Analyst", organisation="Lab", qualifications="PhD in probability",
                independence="I have no interest in the applicant")
SCIENTIFIC = re.compile(r"(?<![0-9a-f])[0-9]+(\.[0-9]+)?e[-+][0-9]+")


@cache
def report(game: str, paytables: tuple[str, ...] = (), meta: Metadata | None = None,
           protection: bool = False) -> Report:
    """A game's report, made once per test process; at the default pay tables and without
    metadata, once per run (the workers share it: a report with protection costs seconds)."""
    if paytables or meta is not None:
        return make_report(game, paytables, meta=meta, environment=False, protection=protection)
    if not protection:
        return default_report_of(game)
    return shared_report(f"{get_game(game).name}-protection", partial(
        make_report, game, environment=False, protection=True))


def section(found: Report | Section, title: str) -> Section:
    children = found.sections if isinstance(found, Report) else found.children
    return next(child for child in children if child.title == title)


def published_table(made: Report) -> Table | None:
    for block in section(made, "Summary of wagers").blocks:
        if isinstance(block, Table) and block.caption.startswith("Published figures"):
            return block
    return None


def published_cells(made: Report) -> list[tuple[str, str, str]]:
    """(wager, figure, published) of each published figure the summary prints."""
    table = published_table(made)
    rows = table.rows if table is not None else ()
    return [(cell_text(row[0]), cell_text(row[1]), cell_text(row[2])) for row in rows]


# --- item 2: the attestation -----------------------------------------------------------------
def test_the_certification_is_the_analysts_first_person_attestation() -> None:
    certification = section(report("triple-bet", meta=META), "Certification")
    kinds = [type(block).__name__ for block in certification.blocks]
    assert kinds[-3:] == ["Table", "Paragraph", "Table"]     # holds, attestation, signature
    attestation = certification.blocks[-2]
    assert isinstance(attestation, Paragraph)
    assert attestation.text.startswith("I, A. Analyst, of Lab, certify that")
    assert "My qualifications: PhD in probability." in attestation.text
    assert "My independence: I have no interest in the applicant." in attestation.text


def test_an_attestation_without_qualifications_says_they_are_not_stated() -> None:
    certification = section(report("triple-bet"), "Certification")
    text = " ".join(block.text for block in certification.blocks if isinstance(block, Paragraph))
    assert text.startswith("I, the analyst named below, certify")
    assert "qualifications: not stated" in text and "applicant: not stated" in text


def test_a_row_that_rests_on_an_assumption_says_so() -> None:
    certification = section(report("double-hand-poker"), "Certification")
    holds = next(block for block in certification.blocks if isinstance(block, Table))
    basis = {cell_text(row[0]): cell_text(row[2]) for row in holds.rows}
    assert basis["lo-card"].endswith("rests on: pays 7 to 1 (assumed)")
    assert basis["hi-card"].endswith("rests on: pays 7 to 1 (assumed)")
    assert "rests on" not in basis["main"] and "rests on" not in basis["dice-lo"]
    data = json.loads(report("double-hand-poker").render("json"))
    assert data["summary"]["lo-card"]["assumptions"] == ["pays 7 to 1"]
    assert data["summary"]["main"]["assumptions"] == []


def test_the_progressive_is_certified_at_its_reset_value_and_in_the_long_run() -> None:
    game = get_game("ultimate-texas-holdem")
    bet = game.bet("progressive")
    assert bet.certify is not None
    rows = bet.certify(game.wager(bet.paytable(None), game.make_rules(None)))
    assert [basis.split(", ")[-1] for basis, _, _ in rows] == [
        "the meter at its reset value 10000",
        "the increment 3/20 of every bet paid back through the meter"]
    assert all("assumed" in rests for _, _, rests in rows)
    at_reset, long_run = (hold for _, hold, _ in rows)
    assert long_run < at_reset                       # the increment comes back to the players
    # a meter away from the reset value is certified as well, and rests on the meter
    moved = bet.certify(game.wager(bet.paytable(None), game.make_rules({"meter": 25000})))
    assert len(moved) == 3 and moved[0][2].startswith("the meter at 25000 (assumed)")


def test_the_progressives_json_assumptions_list_what_it_rests_on() -> None:
    game = get_game("ultimate-texas-holdem")
    rules = game.make_rules(None)
    paytable = game.bet("progressive").paytable(None)
    analyses = Analyses(game)
    tables = {"progressive": analyses.table("progressive", paytable, rules)}
    context = ReportContext(game, rules, {"progressive": paytable}, tables, analyses)
    assumed = wager_assumptions(context, "progressive")
    assert assumed[0] == "meter=10000"
    assert any("reset value 10000" in text and "increment 3/20" in text for text in assumed)
    certify = game.bet("progressive").certify
    assert certify is not None
    assert certified_holds(context, "progressive") == list(certify(game.wager(paytable, rules)))


# --- item 4: citable sources -----------------------------------------------------------------
@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_rules_source_is_cited_as_a_lab_files_it(game: str) -> None:
    found = get_game(game)
    assert found.sources
    for cite in found.sources:
        text = cite.text()
        assert all(word in text for word in ("issue", "date", "version")), text
        assert "obtain it" in text or "available from" in text, text
        assert "not stated" in text and cite.known    # what is known, and what is not


def test_a_citation_names_what_is_not_stated() -> None:
    assert Citation("Rules").text() == ("\"Rules\"; issuer not stated; date not stated; "
                                        "version not stated; where to obtain it not stated")


def test_the_applicants_rules_document_is_the_one_cited(tmp_path: Path) -> None:
    meta = tmp_path / "meta.toml"
    meta.write_text('rules_source = "Inventor Ltd, Tri-Card rules, version 3, 2026"\n'
                    'qualifications = "FIA"\nindependence = "none"\n', encoding="utf-8")
    made = make_report("three-card-poker", meta=load_metadata(meta), environment=False)
    text = made.render("markdown")
    assert "Source document: Inventor Ltd, Tri-Card rules, version 3, 2026" in text
    assert "issued by an online casino" not in text           # edge's own source not cited
    command = next(line for line in text.splitlines() if line.startswith("edge report"))
    assert f"--meta {meta.as_posix()}" in command             # the rebuild names the file
    without = report("three-card-poker").render("markdown")
    assert "Source document: \"Tri-Card Poker\"; issued by an online casino" in without


# --- item 5: published figures ---------------------------------------------------------------
def test_published_figures_beside_the_headline_at_the_published_tables() -> None:
    assert published_cells(report("three-card-poker")) == [
        ("ante", "house edge per Ante", "3.37%"),
        ("ante", "element of risk per unit of the average total wager", "2.01%"),
        ("pair-plus", "house edge per unit wagered", "2.32%")]
    assert published_cells(report("triple-bet")) == [
        ("sandwich", "house edge per unit wagered", "5.478%")]
    assert published_cells(report("double-hand-poker")) == [
        ("dice-lo", "house edge per unit wagered", "2.78%"),
        ("dice-hi", "house edge per unit wagered", "2.78%")]


def test_no_published_figure_beside_a_table_it_was_not_published_for() -> None:
    # table 1: Ante Bonus 3-2-1 (nothing published), Pair Plus 35-25-6-4-1 (Wizard of Odds)
    made = report("three-card-poker", ("1",))
    assert published_cells(made) == [("pair-plus", "house edge per unit wagered", "4.58%")]
    assert "published house edge" not in made.render("markdown")   # not Grochowski's 3.45%
    typed = report("three-card-poker", ("pair-plus=35-20-7-4-1", "ante=4-3-1"))
    assert published_table(typed) is None
    # the same pays typed are the published table
    assert published_cells(report("three-card-poker", ("pair-plus=40-30-6-4-1",))) == \
        published_cells(report("three-card-poker"))


def test_no_published_figure_under_other_rules() -> None:
    made = make_report("three-card-poker", options={"ace_low_straight": False},
                       environment=False)
    assert published_table(made) is None


@pytest.mark.parametrize("game", FAST_GAMES)
def test_every_published_figure_agrees_under_its_own_pays_and_rules(game: str) -> None:
    found = get_game(game)
    analyses = Analyses(found)
    for entry in found.published:
        if "seen" in entry.options:
            continue                    # the exposures: checked in the exposure tests
        rules = found.make_rules(dict(entry.options))
        paytables = {bet.name: bet.paytable(entry.paytable if bet.name == entry.bet else None)
                     for bet in found.bets}
        tables = {bet: analyses.table(bet, paytables[bet], rules) for bet in paytables}
        context = ReportContext(found, rules, paytables, tables, analyses)
        assert published_applies(context, entry), entry
        value = published_value(tables[entry.bet], entry)
        assert value is not None and entry.agrees(value), (entry, value)


def test_a_published_figure_agrees_at_its_own_precision() -> None:
    entry = Published("main", "element_of_risk", "about 0.53%", "Wizard of Odds")
    assert entry.decimals == 2 and entry.agrees(Fraction(5262, 1000000))
    assert not entry.agrees(Fraction(5362, 1000000))


# --- item 11: housekeeping -------------------------------------------------------------------
@pytest.mark.slow       # reads the Tri-Card report with protection (collusion simulated: seconds)
def test_inline_code_is_set_as_code_in_html() -> None:
    html = report("three-card-poker", protection=True).render("html")
    body = html.split("<body", 1)[1]
    prose = re.sub(r"<pre.*?</pre>", "", body, flags=re.S)
    assert "`" not in prose
    assert "<code>edge table GAME --set seen=...</code>" in body


@pytest.mark.slow       # reads the Tri-Card report with protection (collusion simulated: seconds)
def test_the_digest_covers_the_protection_figures() -> None:
    plain = report("three-card-poker")
    guarded = report("three-card-poker", protection=True)
    data = json.loads(guarded.render("json"))
    assert json.loads(plain.render("json"))["digest"] == figures_digest(plain.tables)
    assert set(data["protection"]) == {"dealer-1", "dealer-2", "dealer-3", "sorted-1",
                                       "sorted-2", "sorted-3", "split-1", "split-2",
                                       "split-3"}
    assert data["digest"] != figures_digest(guarded.tables)
    found = get_game("three-card-poker")
    analyses = Analyses(found)
    rules = found.make_rules(None)
    paytables = {bet.name: bet.paytable(None) for bet in found.bets}
    context = ReportContext(found, rules, paytables, dict(guarded.tables), analyses)
    assert data["digest"] == figures_digest(guarded.tables, protection_tables(context))
    assert data["digest"] in guarded.render("markdown")


@pytest.mark.slow       # reads the Tri-Card report with protection (collusion simulated: seconds)
def test_no_timing_in_the_body_of_a_report() -> None:
    text = report("three-card-poker", protection=True).render("markdown")
    assert not re.search(r"[0-9] s\b", text)
    assert "Time to solve" not in text


# the reports with protection (seconds of collusion and surveillance each): in the slow run
@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.slow)
                                  if game != "triple-bet" else game for game in FAST_GAMES])
def test_no_scientific_notation_in_a_report(game: str) -> None:
    made = report(game, protection=game != "triple-bet")
    for fmt in ("markdown", "html", "json"):
        text = made.render(fmt)
        text = re.sub(r"[0-9a-f]{64}", "", text)          # the digest is hexadecimal
        text = re.sub(r"data:[^\"')]+", "", text)          # embedded images
        assert not SCIENTIFIC.search(text), (fmt, SCIENTIFIC.search(text))


def test_figures_per_and_the_combined_wagers_net_zero_are_defined() -> None:
    made = report("triple-bet")
    glossary = dict(item for block in section(made, "Glossary").blocks
                    if isinstance(block, Items) for item in block.items
                    if isinstance(item, tuple))
    assert "figures per" in glossary and "net zero (of a combined wager)" in glossary
    summary = next(block for block in section(made, "Summary of wagers").blocks
                   if isinstance(block, Table))
    labels = [cell_text(row[0]) for row in summary.rows]
    assert "push probability (combined: net zero)" in labels
    figures = section(section(made, "Return tables"), "combined")
    assert "net zero probability" in figures.blocks[1].__repr__()
    # a game without a combined wager has no net zero
    dhp = section(report("double-hand-poker"), "Glossary")
    assert "net zero" not in repr(dhp)
