"""edge studio (edge/studio/): its answers, its guards and its files, through Starlette's test
client; the page itself in a real browser is tests/test_studio_browser.py.

Expected figures are counted here by hand: Perfect Pairs on a player's first two cards from 8
decks (416 cards, C(416, 2) = 86,320 pairs of cards) has 52 faces x C(8, 2) = 1,456 perfect pairs
(the same card), 13 ranks x 2 colours x 8 x 8 = 1,664 coloured pairs (one colour, two suits) and
13 x 4 x 64 = 3,328 mixed pairs; Wizard of Odds, "Perfect Pairs" (docs/references.md): 4.0964%
with pay table A (25, 12, 6).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
# Starlette 1.x asks for its httpx fork in the test client; httpx itself still works
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")

from starlette.testclient import TestClient  # noqa: E402

from edge.studio.app import Settings, make_app  # noqa: E402

ROOT = Path(__file__).parent.parent
PERFECT_PAIRS = ROOT / "examples" / "bets" / "perfect-pairs.toml"
PAIRS = 416 * 415 // 2
COUNTS = {"perfect-pair": 52 * 28, "coloured-pair": 13 * 2 * 64, "mixed-pair": 13 * 4 * 64}


def house_edge(pays: dict[str, Fraction]) -> Fraction:
    """Perfect Pairs' house edge at 8 decks with ``pays``, from the counts above."""
    paid = sum(COUNTS.values())
    total = sum(pays[o] * n for o, n in COUNTS.items()) - (PAIRS - paid)
    return -Fraction(total, PAIRS)


def client(folder: Path, token: str = "", host: str = "127.0.0.1:8000") -> TestClient:
    settings = Settings(folder, "perfect-pairs.toml", (host,), token)
    return TestClient(make_app(settings), base_url=f"http://{host}")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    shutil.copy(PERFECT_PAIRS, tmp_path / "perfect-pairs.toml")
    return tmp_path


def analyse(studio: TestClient, text: str, **form: str) -> dict[str, Any]:
    data = {"text": text, "name": "perfect-pairs.toml", "seq": "7", **form}
    response = studio.post("/analyse", data=data,
                           headers={"origin": str(studio.base_url).rstrip("/")})
    assert response.status_code == 200
    found: dict[str, Any] = response.json()
    return found


def test_the_page_opens_the_file(folder: Path) -> None:
    page = client(folder).get("/")
    assert page.status_code == 200
    assert "same_card(player)" in page.text and "<textarea" in page.text


def test_perfect_pairs_at_8_decks_is_the_published_edge(folder: Path) -> None:
    expected = house_edge({"perfect-pair": Fraction(25), "coloured-pair": Fraction(12),
                           "mixed-pair": Fraction(6)})
    answer = analyse(client(folder), PERFECT_PAIRS.read_text())
    assert answer["ok"] and answer["seq"] == "7"
    assert "4.0964%" in answer["result"]
    assert f"{expected.numerator}/{expected.denominator}" in answer["result"]
    assert answer["outcomes"] == "perfect-pair|coloured-pair|mixed-pair"


def test_a_pay_typed_moves_the_edge_exactly(folder: Path) -> None:
    expected = house_edge({"perfect-pair": Fraction(25), "coloured-pair": Fraction(12),
                           "mixed-pair": Fraction(5)})
    answer = analyse(client(folder), PERFECT_PAIRS.read_text(), **{"pay.mixed-pair": "5"})
    assert f"{expected.numerator}/{expected.denominator}" in answer["result"]


def test_decks_chosen(folder: Path) -> None:
    answer = analyse(client(folder), PERFECT_PAIRS.read_text(), decks="1")
    # one deck: no perfect pair; coloured 13 x 2 x 1 x 1 = 26, mixed 13 x 4 = 52 of 1,326
    expected = -Fraction(26 * 12 + 52 * 6 - (1326 - 78), 1326)
    assert f"{expected.numerator}/{expected.denominator}" in answer["result"]
    assert analyse(client(folder), PERFECT_PAIRS.read_text(), decks="9")["ok"] is False


def test_an_error_is_shown_at_its_line(folder: Path) -> None:
    text = PERFECT_PAIRS.read_text()
    broken = text.replace('when = "same_rank(player)"', 'when = "same_rank(player"')
    line = text.splitlines().index('when = "same_rank(player)"') + 1
    answer = analyse(client(folder), broken)
    assert answer["ok"] is False and answer["error_line"] == line
    assert f"line {line}, column" in answer["result"]
    toml = analyse(client(folder), text.replace("[deal]", "[deal"))
    assert toml["ok"] is False and toml["error_line"] is not None


def test_a_bad_pay_is_an_error_not_a_table(folder: Path) -> None:
    answer = analyse(client(folder), PERFECT_PAIRS.read_text(), **{"pay.mixed-pair": "x"})
    assert answer["ok"] is False and "mixed-pair" in answer["result"]


def test_requests_for_another_host_or_from_another_site_are_refused(folder: Path) -> None:
    studio = client(folder)
    assert studio.get("/", headers={"host": "evil.example:8000"}).status_code == 400
    posted = studio.post("/save", data={"text": "x", "name": "perfect-pairs.toml"},
                         headers={"origin": "http://evil.example"})
    assert posted.status_code == 403
    assert (folder / "perfect-pairs.toml").read_text() == PERFECT_PAIRS.read_text()


def test_beyond_this_machine_every_request_needs_the_token(folder: Path) -> None:
    studio = client(folder, token="s3cret", host="10.0.0.5:8000")
    assert studio.get("/").status_code == 403
    page = studio.get("/?token=s3cret")
    assert page.status_code == 200
    assert studio.get("/").status_code == 200          # the cookie the page set
    stranger = client(folder, token="s3cret", host="10.0.0.5:8000")
    assert stranger.get("/", headers={"x-edge-token": "wrong"}).status_code == 403
    assert stranger.get("/", headers={"x-edge-token": "s3cret"}).status_code == 200


def test_save_writes_only_the_named_file_in_the_folder(folder: Path) -> None:
    studio = client(folder)
    origin = {"origin": "http://127.0.0.1:8000"}
    saved = studio.post("/save", data={"text": "# mine\n", "name": "mine.toml"}, headers=origin)
    assert saved.status_code == 200 and (folder / "mine.toml").read_text() == "# mine\n"
    for bad in ("../escape.toml", "sub/x.toml", "x.txt", ".hidden.toml"):
        refused = studio.post("/save", data={"text": "x", "name": bad}, headers=origin)
        assert refused.status_code == 400, bad
    assert sorted(p.name for p in folder.iterdir()) == ["mine.toml", "perfect-pairs.toml"]
    assert not (folder.parent / "escape.toml").exists()


def test_tune_finds_the_pays_of_a_target(folder: Path) -> None:
    studio = client(folder)
    found = studio.post("/tune", data={"text": PERFECT_PAIRS.read_text(),
                                       "name": "perfect-pairs.toml", "target": "3%..5%",
                                       "vary": "mixed-pair=4..8"},
                        headers={"origin": "http://127.0.0.1:8000"})
    assert found.status_code == 200
    for pay in range(4, 9):
        edge = house_edge({"perfect-pair": Fraction(25), "coloured-pair": Fraction(12),
                           "mixed-pair": Fraction(pay)})
        assert (f"{edge.numerator}/{edge.denominator}" in found.text) == (
            Fraction(3, 100) <= edge <= Fraction(5, 100)), pay


def test_the_command_refuses_a_file_outside_its_folder(edge_cli: Any) -> None:
    result = edge_cli("studio", "../elsewhere.toml", "--no-browser")
    assert result.status == 2 and "edge: error:" in result.err and "folder" in result.err


def test_the_command_without_its_extra_says_how_to_install_it(
        edge_cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "uvicorn" else real(name, *a))
    result = edge_cli("studio", "--no-browser")
    assert result.status == 2
    assert 'pip install "edge-casino-math[studio]"' in result.err and "uvicorn" in result.err


@pytest.mark.slow   # two reports of the file (about 10 s)
def test_the_report_downloaded_is_the_command_line_s(folder: Path, tmp_path: Path) -> None:
    studio = client(folder)
    made = studio.post("/report", data={"text": PERFECT_PAIRS.read_text(),
                                        "name": "perfect-pairs.toml", "format": "markdown"},
                       headers={"origin": "http://127.0.0.1:8000"})
    assert made.status_code == 200
    assert 'filename="perfect-pairs-report.md"' in made.headers["content-disposition"]
    elsewhere = tmp_path / "cli"
    elsewhere.mkdir()
    shutil.copy(PERFECT_PAIRS, elsewhere / "perfect-pairs.toml")
    subprocess.run([sys.executable, "-m", "edge", "report", "perfect-pairs.toml", "--format",
                    "markdown", "-o", "out.md"], cwd=elsewhere, check=True)
    assert made.content == (elsewhere / "out.md").read_bytes()


def test_newer_input_ends_the_older_analysis() -> None:
    """A page's analysis still working when newer input comes is ended (its process
    terminated), the newer answered; an input answered before is answered at once."""
    import asyncio
    import time

    from edge.studio.jobs import Jobs, Superseded
    jobs = Jobs()

    async def both() -> tuple[int, float]:
        first = asyncio.create_task(jobs.run("page", "slow", time.sleep, 60))
        await asyncio.sleep(0.5)
        slow = jobs.running["page"]
        started = time.monotonic()
        second = await jobs.run("page", "quick", pow, 2, 10)
        with pytest.raises(Superseded):
            await first
        assert not slow.is_alive()
        return second, time.monotonic() - started

    answer, took = asyncio.run(both())
    assert answer == 1024 and took < 30
    again = asyncio.run(jobs.run("other", "quick", pow, 3, 3))
    assert again == 1024                              # kept by its input, not recomputed
    jobs.close()


@pytest.mark.slow   # Let It Ride's solve (a few seconds)
def test_a_game_file_with_decisions_opens_too(folder: Path) -> None:
    """Let It Ride from examples/games: 3.51% per unit (Wizard of Odds, docs/references.md)."""
    text = (ROOT / "examples" / "games" / "let-it-ride.toml").read_text()
    answer = analyse(client(folder), text, name="let-it-ride.toml")
    assert answer["ok"], answer["result"]
    import re
    shown = re.search(r'id="house-edge">([0-9.]+)%', answer["result"])
    assert shown is not None and round(float(shown.group(1)), 2) == 3.51


def test_one_of_edge_s_games_opens_with_its_wagers_and_options(tmp_path: Path) -> None:
    """Three Card Poker's Pair Plus from the studio: the 1-4-6-30-40 table counted by hand
    (22,100 hands: 48 straight flushes, 52 trips, 720 straights, 1,096 flushes, 3,744 pairs)."""
    host = "127.0.0.1:8000"
    studio = TestClient(make_app(Settings(tmp_path, "", (host,), "", "three-card-poker")),
                        base_url=f"http://{host}")
    page = studio.get("/")
    assert page.status_code == 200 and 'name="bet"' in page.text and "<textarea" not in page.text
    pays = {"straight-flush": 40, "three-of-a-kind": 30, "straight": 6, "flush": 4, "pair": 1}
    counts = {"straight-flush": 48, "three-of-a-kind": 52, "straight": 720, "flush": 1096,
              "pair": 3744}
    won = sum(pays[o] * n for o, n in counts.items())
    expected = -Fraction(won - (22100 - sum(counts.values())), 22100)
    answer = studio.post("/analyse", data={"bet": "pair-plus", "options": "", "seq": "1",
                                           "page": "p"}).json()
    assert answer["ok"], answer["result"]
    assert f"{expected.numerator}/{expected.denominator}" in answer["result"]
    bad = studio.post("/analyse", data={"bet": "pair-plus", "options": "nope=1", "seq": "2",
                                        "page": "p"}).json()
    assert bad["ok"] is False and "nope" in bad["result"]


@pytest.mark.slow   # a report of the file (about 5 s)
def test_the_report_takes_the_pays_typed(folder: Path) -> None:
    studio = client(folder)
    typed = {"pay.perfect-pair": "25", "pay.coloured-pair": "12", "pay.mixed-pair": "5"}
    made = studio.post("/report", data={"text": PERFECT_PAIRS.read_text(),
                                        "name": "perfect-pairs.toml", "format": "markdown",
                                        "changed": "1", **typed},
                       headers={"origin": "http://127.0.0.1:8000"})
    assert made.status_code == 200
    edge = house_edge({"perfect-pair": Fraction(25), "coloured-pair": Fraction(12),
                       "mixed-pair": Fraction(5)})
    assert f"{edge.numerator}/{edge.denominator}" in made.text
