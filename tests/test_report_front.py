"""The front of a report (issue 13): submission metadata (--meta), the certification block, the
rules of play every game adds (hand rankings, equipment, worked examples), the glossary and
method, the JSON contract, and no internal names in what a reader reads."""

from __future__ import annotations

import datetime
import json
import math
import re
from collections.abc import Iterator
from fractions import Fraction
from functools import cache
from pathlib import Path

import pytest

from edge.distribution import LOWER, UPPER
from edge.document.document import (
    Block,
    Cell,
    Columns,
    Items,
    Paragraph,
    Preformatted,
    Report,
    Section,
    Table,
)
from edge.games import all_games
from edge.report import figures_digest, make_report
from edge.report.front import hold_bases
from edge.report.metadata import NOT_STATED, Metadata, load_metadata, parse_metadata
from edge.report.volatility import spreads
from tests.conftest import default_report_of

from .conftest import CliRunner

ROOT = Path(__file__).resolve().parent.parent
FAST_GAMES = ("triple-bet", "three-card-poker", "double-hand-poker")
ALL_GAMES = (*FAST_GAMES, pytest.param("ultimate-texas-holdem", marks=pytest.mark.slow))
# a report's JSON and words read whole take seconds a game: Triple Bet's in the plain run
SLOW_BUT_ONE = [game if game == "triple-bet" else pytest.param(game, marks=pytest.mark.slow)
                for game in FAST_GAMES]
FULL = Metadata(game="Tri-Card", rules_version="2.1", applicant="Inventor Ltd",
                analyst="A. Analyst", organisation="Lab", jurisdictions=("Nevada", "Malta"),
                document_id="DOC-7", revision="C", date=datetime.date(2026, 11, 30))


@cache
def report(game: str, meta: Metadata | None = None) -> Report:
    """A game's report at its defaults (made once per test process; without metadata, the
    same report the other test files read)."""
    if meta is None:
        return default_report_of(game)
    return make_report(game, meta=meta, environment=False)


def section(found: Report | Section, title: str) -> Section:
    """The (sub)section called ``title``."""
    children = found.sections if isinstance(found, Report) else found.children
    for child in children:
        if child.title == title:
            return child
    raise AssertionError(f"no section {title!r} in {[c.title for c in children]}")


def blocks(sections: tuple[Section, ...]) -> Iterator[Block]:
    """Every block of these sections and their children, columns opened."""
    for part in sections:
        for block in part.blocks:
            yield from (block.blocks if isinstance(block, Columns) else (block,))
        yield from blocks(part.children)


# --- metadata --------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "named"), [
    ('analyst = "A"\ncolour = "red"\n', "'colour'"),
    ('date = "30/11/2026"\n', "'date'"),
    ('date = "2026-02-30"\n', "'date'"),
    ("revision = 3\n", "'revision'"),
    ('jurisdictions = ["Nevada", 4]\n', "'jurisdictions'"),
    ('analyst = "A\n', "not valid TOML"),
])
def test_bad_metadata_is_one_error_line(tmp_path: Path, edge_cli: CliRunner, text: str,
                                        named: str) -> None:
    meta = tmp_path / "meta.toml"
    meta.write_text(text, encoding="utf-8")
    result = edge_cli("report", "triple-bet", "--meta", str(meta), "--format", "markdown")
    assert result.status == 2
    assert result.out == ""
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("edge: error:"), result.err
    assert named in lines[0]


def test_missing_metadata_file_is_one_error_line(tmp_path: Path, edge_cli: CliRunner) -> None:
    result = edge_cli("report", "triple-bet", "--meta", str(tmp_path / "none.toml"))
    assert result.status == 2
    assert result.err.count("\n") == 1 and "none.toml" in result.err


def test_example_metadata_file_reads_every_field() -> None:
    meta = load_metadata(ROOT / "docs" / "report-meta.example.toml")
    assert all(meta.shown(name) != NOT_STATED for name in Metadata.__dataclass_fields__)


def test_dates_and_jurisdictions_in_either_form() -> None:
    as_text = parse_metadata({"date": "2026-11-30", "jurisdictions": "Nevada"})
    as_date = parse_metadata({"date": datetime.date(2026, 11, 30), "jurisdictions": ["Nevada"]})
    assert as_text == as_date


def test_absent_fields_read_not_stated() -> None:
    made = make_report("triple-bet", options={"decks": 1}, environment=False,
                       meta=Metadata(analyst="A. Analyst"))
    items = dict(item for block in section(made, "Certification").blocks
                 if isinstance(block, Items) for item in block.items
                 if isinstance(item, tuple))
    assert items["analyst"] == "A. Analyst"
    for label in ("game as submitted", "rules version", "applicant or inventor",
                  "analyst's organisation", "jurisdictions", "document ID", "revision",
                  "date of issue"):
        assert items[label] == NOT_STATED
    assert NOT_STATED in made.render("markdown")


def test_metadata_is_shown_and_carried_to_the_page_headers() -> None:
    made = make_report("triple-bet", options={"decks": 1}, environment=False, meta=FULL)
    text = made.render("markdown")
    for shown in ("Tri-Card", "2.1", "Inventor Ltd", "A. Analyst", "Lab", "Nevada, Malta",
                  "DOC-7", "2026-11-30"):
        assert shown in text
    assert (made.document_id, made.revision) == ("DOC-7", "C")


def test_the_date_and_document_never_change_the_digest() -> None:
    other = Metadata(document_id="DOC-8", revision="D", date=datetime.date(2027, 1, 2))
    first = make_report("triple-bet", options={"decks": 1}, environment=False, meta=FULL)
    second = make_report("triple-bet", options={"decks": 1}, environment=False, meta=other)
    one, two = json.loads(first.render("json")), json.loads(second.render("json"))
    assert one["metadata"]["date"] == "2026-11-30" and two["metadata"]["date"] == "2027-01-02"
    assert one["digest"] == two["digest"] == figures_digest(first.tables)
    for key in ("summary", "tables", "volatility"):
        assert one[key] == two[key]
    printed = [block.text for block in blocks(first.sections)
               if isinstance(block, Preformatted)]
    assert figures_digest(first.tables) in printed


# --- certification ---------------------------------------------------------------------------
def test_certification_states_every_wagers_hold_with_its_basis() -> None:
    made = report("three-card-poker")
    holds = next(block for block in section(made, "Certification").blocks
                 if isinstance(block, Table) and block.caption.startswith("Theoretical hold"))
    by_bet = {str(row[0]): [cell.text if isinstance(cell, Cell) else cell for cell in row]
              for row in holds.rows}
    assert set(by_bet) == set(made.tables)
    for bet, table in made.tables.items():
        row = by_bet[bet]
        assert Fraction(row[4]) == table.house_edge
    assert "per unit wagered on the pair-plus wager" in by_bet["pair-plus"][2]
    assert "per Ante" in by_bet["ante"][2]
    assert "2 units initially wagered" in by_bet["combined"][2]


@pytest.mark.slow
def test_uth_main_hold_per_ante_and_per_total_initial_wager() -> None:
    table = report("ultimate-texas-holdem").tables["main"]
    (ante, per_ante), (total, per_total) = hold_bases("main", table)
    assert "Ante" in ante and "2 Antes" in total
    assert per_ante == table.house_edge and per_total == table.house_edge / 2


# --- rules of play ---------------------------------------------------------------------------
def test_every_game_adds_its_rules_of_play() -> None:
    games = all_games()
    assert set(games) >= {"triple-bet", "three-card-poker", "double-hand-poker",
                          "ultimate-texas-holdem"}
    assert all(game.rules_sections is not None for game in games.values())


@pytest.mark.parametrize("game", ALL_GAMES)
def test_rules_of_play_come_first_with_every_part(game: str) -> None:
    made = report(game)
    titles = [part.title for part in made.sections]
    assert titles[:4] == ["Certification", "Rules of play", "Glossary", "Method"]
    rules = section(made, "Rules of play")
    parts = [child.title for child in rules.children]
    assert "Equipment and shuffle" in parts and "Worked examples" in parts
    assert any(title in parts for title in ("Hand ranking", "Tiles and hand ranking",
                                            "Outcomes"))
    glossary = section(made, "Glossary").blocks[0]
    assert isinstance(glossary, Items)
    terms = {item[0] for item in glossary.items if isinstance(item, tuple)}
    assert {"house edge", "hold", "hit frequency", "element of risk", "cycle", "push",
            "standard deviation", "return", "variance", "average wager",
            "break-even"} <= terms


@pytest.mark.parametrize("game", ALL_GAMES)
def test_worked_examples_settle_as_the_analysis_does(game: str) -> None:
    made = report(game)
    examples = section(section(made, "Rules of play"), "Worked examples").blocks[0]
    assert isinstance(examples, Table) and len(examples.rows) >= 3
    for row in examples.rows:
        bet, _, outcome, net = (str(cell) for cell in row[:4])
        rows = {r.outcome: r.pays for r in made.tables[bet].rows}
        assert outcome in rows, (bet, outcome)
        assert Fraction(net) == rows[outcome], row


def test_three_card_hand_ranking_counts() -> None:
    ranking = section(section(report("three-card-poker"), "Rules of play"), "Hand ranking")
    table = ranking.blocks[0]
    assert isinstance(table, Table)
    counts = {str(row[0]): int(str(row[2]).replace(",", "")) for row in table.rows}
    # independent counts: 12 straights of each suit, ranks x suits for the rest
    straight_flush = 12 * 4
    straight = 12 * 4 ** 3 - straight_flush
    flush = 4 * math.comb(13, 3) - straight_flush
    assert counts == {"straight flush": straight_flush, "three of a kind": 13 * 4,
                      "straight": straight, "flush": flush,
                      "pair": 13 * math.comb(4, 2) * 48,
                      "high card": math.comb(52, 3) - straight_flush - 52 - straight - flush
                      - 13 * 6 * 48, "total": 22_100}


def test_double_hand_tiles_and_hands() -> None:
    part = section(section(report("double-hand-poker"), "Rules of play"),
                   "Tiles and hand ranking")
    tiles, hands = part.blocks[0], part.blocks[1]
    assert isinstance(tiles, Table) and isinstance(hands, Table)
    shown = [str(cell) for row in tiles.rows for cell in row[1:] if str(cell)]
    assert len(shown) == len(set(shown)) == 28
    counts = {str(row[0]): int(str(row[3])) for row in hands.rows}
    # 7 numbers: 7 triples, 5 runs of three, 7 x 6 pairs with a kicker, the other 3-sets
    assert counts == {"three of a kind": 7, "straight": 5, "pair": 42,
                      "no pair": math.comb(7, 3) - 5, "total": 84}


# --- JSON ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", SLOW_BUT_ONE)
def test_json_has_every_figure_exact(game: str) -> None:
    made = report(game, FULL)
    data = json.loads(made.render("json"))
    assert data["metadata"]["document_id"] == "DOC-7"
    assert data["digest"] == figures_digest(made.tables)
    for bet, table in made.tables.items():
        assert data["tables"][bet] == json.loads(json.dumps(table.to_dict()))
        for row, shown in zip(table.rows, data["tables"][bet]["rows"], strict=True):
            assert Fraction(shown["pays"]) == row.pays
            assert Fraction(shown["probability"]) == table.probability(row)
            assert Fraction(shown["return"]) == table.row_return(row)
        summary = data["summary"][bet]
        for name, value in table.summary():
            if isinstance(value, Fraction):
                assert Fraction(summary[name]) == value, name
        assert [Fraction(h["hold"]) for h in summary["hold"]] == \
            [hold for _, hold in hold_bases(bet, table)]
        every = spreads(table)      # every row of the report's volatility table is in the JSON
        assert [figure["hands"] for figure in data["volatility"][bet]] == \
            [spread.hands for spread in every]
        assert [figure["method"] for figure in data["volatility"][bet]] == \
            [spread.method for spread in every]
        exact_spreads = {spread.hands: spread.distribution for spread in every
                         if spread.distribution is not None
                         and spread.distribution.method == "exact"}
        for figure in data["volatility"][bet]:
            if figure["hands"] not in exact_spreads:
                continue
            known = exact_spreads[figure["hands"]]
            low = Fraction(figure["quantile_2.5_percent"])
            assert low == known.quantile(LOWER)
            assert Fraction(figure["quantile_97.5_percent"]) == known.quantile(UPPER)
            assert Fraction(figure["player_ahead"]) == known.ahead
            assert figure["hands"] * min(r.pays for r in table.rows) <= low


# --- no internal names -----------------------------------------------------------------------
INTERNAL = re.compile(r"\bseed\b|\.txt\b|RULES\.md|docs/|\b[a-z]+_[a-z_]+\b", re.IGNORECASE)


def _prose(made: Report) -> Iterator[str]:
    """What a reader reads as prose: titles, paragraphs, lists, table captions and cells
    (commands and option listings, which must run as printed, are left out)."""
    def walk(parts: tuple[Section, ...]) -> Iterator[str]:
        for part in parts:
            yield part.title
            for block in part.blocks:
                for inner in (block.blocks if isinstance(block, Columns) else (block,)):
                    if isinstance(inner, Paragraph):
                        yield inner.text
                    elif isinstance(inner, Items):
                        yield from (item if isinstance(item, str) else item[1]
                                    for item in inner.items
                                    if isinstance(item, str) or item[0] != "options")
                    elif isinstance(inner, Table):
                        yield inner.caption
            yield from walk(part.children)
    yield made.title
    yield from made.subtitle
    yield from walk(made.sections)


@pytest.mark.parametrize("game", (*SLOW_BUT_ONE, ALL_GAMES[-1]))
def test_no_internal_names_in_what_a_reader_reads(game: str) -> None:
    made = report(game)
    for fmt in ("markdown", "html", "latex", "plain"):
        text = made.render(fmt)
        # the simulation commands keep their --seed option (they must run as printed)
        assert not re.search(r"\bseed\b", text.replace("--seed", "").replace("-{}-seed", ""),
                             re.IGNORECASE)
        assert ".txt" not in text and "RULES.md" not in text and "docs/" not in text
    front = [section(made, title) for title in ("Certification", "Rules of play", "Glossary",
                                                 "Method")]
    for text in _prose(Report(made.title, (), tuple(front))):
        found = INTERNAL.search(text)
        assert found is None, (found.group(0) if found else "", text)
    for text in _prose(made):
        assert not re.search(r"\bseed\b|RULES\.md|docs/", text, re.IGNORECASE), text
