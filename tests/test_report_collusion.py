"""The collusion table says what each figure is (edge/report/collusion.py): the exact row's
fraction, situations named as situations, the simulated gains and decision shares with their
standard errors, and the report's JSON holds the money and collusion tables."""

from __future__ import annotations

from fractions import Fraction
from functools import partial

import pytest

from edge.document.document import Cell, Table
from edge.protection import CollusionResult
from edge.report import make_report
from edge.report.collusion import HEADERS, collusion_blocks, collusion_json, share_error
from edge.table import exact, percent
from tests.conftest import shared_report

EXACT = CollusionResult(1, "their cards", Fraction(-7, 300), Fraction(-1, 40), "Ante", 1_000,
                        "exact: made up", classes=5_000,
                        decisions=(("raise", Fraction(2, 3)), ("fold", Fraction(1, 3))))
SIMULATED = CollusionResult(2, "their cards", Fraction(-1, 50), Fraction(-1, 40), "Ante", 400,
                            "simulated: made up", standard_error=Fraction(3, 10_000),
                            classes=90_000,
                            decisions=(("raise", Fraction(1, 4)), ("fold", Fraction(3, 4))))


def text(cell: str | Cell) -> str:
    return cell if isinstance(cell, str) else cell.text


def tables() -> list[Table]:
    return [b for b in collusion_blocks([EXACT, SIMULATED]) if isinstance(b, Table)]


def test_the_exact_row_prints_its_fraction_beside_the_decimal() -> None:
    main = tables()[0]
    column = HEADERS.index("player's return")
    exact_cell, simulated_cell = (text(row[column]) for row in main.rows)
    assert exact_cell == f"{percent(EXACT.player_return)} = {exact(EXACT.player_return)}"
    assert "/" not in simulated_cell


def test_the_column_of_all_situations_is_named_for_them() -> None:
    assert "situations in all" in HEADERS
    assert not any("classes" in header for header in HEADERS)
    main = tables()[0]
    column = HEADERS.index("situations in all")
    assert [text(row[column]) for row in main.rows] == ["5,000", "90,000"]
    assert [row["situations_in_all"] for row in collusion_json([EXACT, SIMULATED])
            if isinstance(row, dict)] == [5_000, 90_000]


def test_a_simulated_gain_and_its_decision_shares_carry_their_standard_error() -> None:
    main, decisions = tables()
    gain = HEADERS.index("gain")
    assert text(main.rows[0][gain]) == percent(EXACT.gain)
    assert text(main.rows[1][gain]) == (f"{percent(SIMULATED.gain)} ± "
                                        f"{percent(Fraction(3, 10_000))}")
    assert "±" not in " ".join(text(cell) for cell in decisions.rows[0])
    error = share_error(Fraction(1, 4), 400)
    assert text(decisions.rows[1][1]) == f"25.00% ± {percent(error, 2)}"
    # the standard error of a share: sqrt(p (1 - p) / (n - 1)), rounded down
    assert error ** 2 <= Fraction(3, 16) / 399 < (error + Fraction(1, 10 ** 20)) ** 2
    shares = [row["decisions"] for row in collusion_json([SIMULATED]) if isinstance(row, dict)]
    assert shares[0][0]["standard_error"] == exact(error)


@pytest.mark.slow       # the Tri-Card report with protection (collusion simulated: seconds)
def test_the_reports_json_holds_the_money_and_collusion_tables() -> None:
    # the Tri-Card report with protection that test_report_attestation also reads (made once a
    # run, shared between the test workers)
    report = shared_report("three-card-poker-protection", partial(
        make_report, "three-card-poker", environment=False, protection=True))
    data = report.data
    assert isinstance(data, dict)
    money = data["protection_money"]
    seen = [row["seen"] for row in money["scenarios"]]
    assert seen == [name for name in data["protection"]]
    assert money["hands_per_hour"] > 0 and money["stakes"]
    collusion = data["collusion"]
    first = collusion["results"][0]
    assert first["partners"] == 1 and first["exact"] and first["standard_error"] is None
    assert all(row["gain_standard_error"] for row in collusion["results"][1:])
    assert set(collusion) == {"rounds", "seed", "results"}


def test_a_sample_of_classes_gives_its_decision_shares_no_binomial_error() -> None:
    """Drawn by classes (each draw many situations), a share is not a 0-1 mean: no ± is made
    up for it."""
    from dataclasses import replace
    classes = replace(SIMULATED, draws=3, drawn="classes")
    decisions = [b for b in collusion_blocks([classes]) if isinstance(b, Table)][1]
    assert "±" not in " ".join(text(cell) for cell in decisions.rows[0])
    assert "±" not in (decisions.caption or "")
