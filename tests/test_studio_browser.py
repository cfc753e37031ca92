"""edge studio in a real browser: Playwright drives the Chromium that .ci/run installs from
Debian's packages (nothing is downloaded at test time), against ``edge studio`` started as the
user starts it. Expected figures are counted by hand in tests/test_studio.py."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.test_studio import PERFECT_PAIRS, house_edge

sync_api = pytest.importorskip("playwright.sync_api")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(CHROMIUM is None, reason="no Chromium (Debian's chromium)")]
SHOTS = Path(__file__).parent.parent / "docs" / "images"


def fraction_text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


@pytest.fixture
def studio(tmp_path: Path) -> Iterator[str]:
    """``edge studio perfect-pairs.toml`` in a folder of its own; its address."""
    shutil.copy(PERFECT_PAIRS, tmp_path / "perfect-pairs.toml")
    process = subprocess.Popen([sys.executable, "-m", "edge", "studio", "perfect-pairs.toml",
                                "--no-browser"], cwd=tmp_path, stdout=subprocess.PIPE,
                               text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"(http://\S+/)", line)
    assert found, line
    yield found.group(1)
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield launched
        launched.close()


def edge_shown(page: Any) -> str:
    """The exact house edge the page shows once it is up to date."""
    page.wait_for_selector("#state.ok")
    page.wait_for_function("!document.getElementById('result').classList.contains('stale')")
    return str(page.text_content("#house-edge-exact"))


def test_type_a_file_and_see_its_edge(studio: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(studio)
    page.fill("#name", "typed.toml")
    page.fill("#text", "")
    page.type("#text", PERFECT_PAIRS.read_text()[:200])      # typing, a key at a time
    page.fill("#text", PERFECT_PAIRS.read_text())
    expected = house_edge({"perfect-pair": Fraction(25), "coloured-pair": Fraction(12),
                           "mixed-pair": Fraction(6)})
    assert edge_shown(page) == fraction_text(expected)
    assert page.text_content("#house-edge") == "4.0964%"
    page.screenshot(path=str(SHOTS / "studio-table.png"))


def test_an_error_is_marked_at_its_line(studio: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(studio)
    edge_shown(page)
    text = PERFECT_PAIRS.read_text()
    line = text.splitlines().index('when = "same_rank(player)"') + 1
    page.fill("#text", text.replace('when = "same_rank(player)"', 'when = "same_rank(player"'))
    page.wait_for_selector("#error")
    assert page.text_content("#lines b") == str(line)
    assert f"line {line}, column" in str(page.text_content("#error"))
    page.screenshot(path=str(SHOTS / "studio-error.png"))


def test_a_pay_moved_and_a_tuned_table_picked(studio: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(studio)
    edge_shown(page)
    page.fill('input[data-outcome="mixed-pair"]', "5")
    moved = house_edge({"perfect-pair": Fraction(25), "coloured-pair": Fraction(12),
                        "mixed-pair": Fraction(5)})
    page.wait_for_function("document.getElementById('house-edge').textContent != '4.0964%'")
    assert edge_shown(page) == fraction_text(moved)
    page.click("#tune-box summary")
    page.fill("#target", "3%..5%")
    page.fill("#vary", "coloured-pair=8..14")
    page.click("#tune button[type=submit]")
    page.wait_for_selector("button.use")
    picked = page.locator("button.use").first
    pays = {k: Fraction(v) for k, v in json.loads(str(picked.get_attribute("data-pays"))).items()}
    picked.click()
    page.wait_for_function(
        "document.querySelector('input[data-outcome=\"coloured-pair\"]').value == "
        f"'{pays['coloured-pair']}'")
    target = house_edge(pays)
    page.wait_for_function(f"document.getElementById('house-edge-exact').textContent == "
                           f"'{fraction_text(target)}'")
    assert Fraction(3, 100) <= target <= Fraction(5, 100)
    page.screenshot(path=str(SHOTS / "studio-tune.png"))


def test_the_report_downloaded_has_the_command_line_s_digest(studio: str, browser: Any,
                                                             tmp_path: Path) -> None:
    page = browser.new_page(accept_downloads=True)
    page.goto(studio)
    edge_shown(page)
    with page.expect_download(timeout=120_000) as download:
        page.click("button.report[data-format=json]")
    saved = tmp_path / "studio.json"
    download.value.save_as(saved)
    cli = tmp_path / "cli"
    cli.mkdir()
    shutil.copy(PERFECT_PAIRS, cli / "perfect-pairs.toml")
    subprocess.run([sys.executable, "-m", "edge", "report", "perfect-pairs.toml", "--format",
                    "json", "-o", "out.json"], cwd=cli, check=True)
    ours, theirs = json.loads(saved.read_text()), json.loads((cli / "out.json").read_text())
    assert ours["digest"] == theirs["digest"] and ours == theirs


def test_two_tabs_each_keep_their_own(studio: str, browser: Any) -> None:
    context = browser.new_context()
    first, second = context.new_page(), context.new_page()
    for page in (first, second):
        page.goto(studio)
        edge_shown(page)
    first.fill('input[data-outcome="perfect-pair"]', "30")
    second.fill('input[data-outcome="perfect-pair"]', "20")
    base = {"coloured-pair": Fraction(12), "mixed-pair": Fraction(6)}
    for page, pay in ((first, 30), (second, 20)):
        expected = fraction_text(house_edge({"perfect-pair": Fraction(pay), **base}))
        page.wait_for_function(
            f"document.getElementById('house-edge-exact').textContent == '{expected}'")
        assert edge_shown(page) == expected


def test_the_report_is_previewed_with_its_charts(studio: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    page.goto(studio)
    edge_shown(page)
    page.click("#preview")
    page.wait_for_selector("#report-preview:not([hidden])", timeout=120_000)
    frame = page.frame_locator("#report-preview")
    assert "mathematical report" in str(frame.locator("h1").first.text_content())
    assert frame.locator("svg").count() >= 1
    page.screenshot(path=str(SHOTS / "studio-preview.png"), full_page=False)


def test_two_pay_tables_side_by_side(studio: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1600, "height": 900})
    page.goto(studio)
    first = edge_shown(page)
    page.click("#pin")
    page.fill('input[data-outcome="coloured-pair"]', "10")
    expected = fraction_text(house_edge({"perfect-pair": Fraction(25),
                                         "coloured-pair": Fraction(10),
                                         "mixed-pair": Fraction(6)}))
    page.wait_for_function(
        f"document.getElementById('house-edge-exact').textContent == '{expected}'")
    pinned = page.locator("#pinned code.fraction").text_content()
    assert pinned == first != expected
    left, right = page.locator("#result").bounding_box(), page.locator("#pinned").bounding_box()
    assert left is not None and right is not None and right["x"] > left["x"] + left["width"] - 1
    page.screenshot(path=str(SHOTS / "studio-compare.png"))


def test_the_charts_follow_the_table(studio: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    page.goto(studio)
    edge_shown(page)
    page.click("#charts-box summary")
    page.wait_for_selector("#charts figure svg")
    assert page.locator("#charts figure").count() == 2      # outcomes, and the pays moved
    page.fill('input[data-outcome="mixed-pair"]', "5")
    # at once, before any answer can come (the page waits 0.12 s after the last key): the
    # table and the charts of the old input are faded, never shown beside the new input
    assert page.evaluate("['result', 'charts'].every(id => "
                         "document.getElementById(id).classList.contains('stale'))")
    edge_shown(page)
    page.wait_for_function("document.getElementById('charts').textContent.includes('now 5') "
                           "&& !document.getElementById('charts').classList.contains('stale')")
    page.locator("#charts-box").screenshot(path=str(SHOTS / "studio-charts.png"))
