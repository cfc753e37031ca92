"""The return-table model: exact figures, the JSON contract, and every renderer."""

from __future__ import annotations

import csv
import io
import json
import math
from fractions import Fraction

import pytest

from edge import analyze
from edge.document import FORMATS
from edge.errors import EdgeError
from edge.paytables import PayTable
from edge.table import ReturnTable, Row, decimal, exact, figure_lines, percent, probability_text

# A die: 6 wins 4, 5 pushes, 1..4 lose.
DIE = ReturnTable("demo", "die", (Row("six", Fraction(4), 1), Row("five", Fraction(0), 1),
                                  Row("lose", Fraction(-1), 4)),
                  PayTable("plain", (("six", Fraction(4)),)), {"sides": "6"})


def test_figures_of_a_die() -> None:
    assert DIE.cycle == 6
    assert DIE.expected_return == Fraction(4 - 4, 6)
    assert DIE.house_edge == 0
    assert DIE.hit_frequency == Fraction(1, 6)
    assert DIE.push_probability == Fraction(1, 6)
    # variance straight from the definition: E[(X - mean)^2]
    outcomes = [4, 0, -1, -1, -1, -1]
    mean = Fraction(sum(outcomes), 6)
    assert DIE.variance == sum((Fraction(x) - mean) ** 2 for x in outcomes) / 6
    assert DIE.standard_deviation == pytest.approx(math.sqrt(20 / 6))
    assert not DIE.has_decisions


def test_initial_wager_scales_figures() -> None:
    # Three units on one coin: pays are totals, figures per unit wagered.
    rows = (Row("heads", Fraction(3), 1), Row("tails", Fraction(-3), 2))
    coin = ReturnTable("demo", "coin", rows, initial_wager=Fraction(3))
    assert coin.expected_return == Fraction(-1, 3)
    assert coin.variance == Fraction(1) - Fraction(1, 9)
    assert coin.row_return(coin.rows[0]) == Fraction(1, 3)


def test_decisions_average_wager_and_element_of_risk() -> None:
    # Ante 1; raise 1 more on half the deals (win 2 or lose 2), fold the rest (lose 1).
    table = ReturnTable("demo", "ante", (
        Row("raise, win", Fraction(2), 1, wager=Fraction(2)),
        Row("raise, lose", Fraction(-2), 1, wager=Fraction(2)),
        Row("fold", Fraction(-1), 2, wager=Fraction(1)),
    ), decisions=(("raise", 2), ("fold", 2)))
    assert table.has_decisions
    assert table.expected_return == Fraction(-1, 2)
    assert table.average_wager == Fraction(3, 2)
    assert table.element_of_risk == Fraction(1, 3)
    assert table.decision_frequencies() == [("raise", 2, Fraction(1, 2)),
                                            ("fold", 2, Fraction(1, 2))]
    data = table.to_dict()
    assert data["average_wager"] == "3/2" and data["element_of_risk"] == "1/3"
    assert data["decisions"] == {"raise": {"combinations": 2, "frequency": "1/2"},
                                 "fold": {"combinations": 2, "frequency": "1/2"}}
    assert data["rows"][0]["wager"] == "2"
    for fmt in FORMATS:
        assert "raise" in table.render(fmt)


def test_a_player_edge_is_printed_beside_the_house_figures() -> None:
    # Ante 1; raise 1 more on half the deals and win 2 or 1, fold the rest (lose 1): expected
    # return (2 + 1 - 2) / 4 = 1/4 per Ante, average wager 6/4 = 3/2, so 1/6 per unit wagered.
    table = ReturnTable("demo", "ante", (
        Row("raise, win big", Fraction(2), 1, wager=Fraction(2)),
        Row("raise, win", Fraction(1), 1, wager=Fraction(2)),
        Row("fold", Fraction(-1), 2, wager=Fraction(1)),
    ), decisions=(("raise", 2), ("fold", 2)))
    lines = {label: (exact_text, dec) for label, exact_text, dec in figure_lines(table)}
    assert lines["player edge"] == ("1/4", "25.0000%")
    assert lines["element of risk"] == ("-1/6", "-16.6667%")
    assert lines["player edge per unit wagered"] == ("1/6", "16.6667%")
    house = ReturnTable("demo", "ante", (
        Row("raise, win", Fraction(2), 1, wager=Fraction(2)),
        Row("raise, lose", Fraction(-2), 1, wager=Fraction(2)),
        Row("fold", Fraction(-1), 2, wager=Fraction(1)),
    ), decisions=(("raise", 2), ("fold", 2)))
    assert not any(label.startswith("player edge") for label, _, _ in figure_lines(house))


@pytest.mark.parametrize("rows", [(), (Row("x", Fraction(1), -1), Row("y", Fraction(1), 2)),
                                  (Row("x", Fraction(1), 0),)])
def test_bad_tables_are_refused(rows: tuple[Row, ...]) -> None:
    with pytest.raises(EdgeError):
        ReturnTable("demo", "bad", rows)


def test_exact_and_decimal_text() -> None:
    assert exact(Fraction(3, 2)) == "3/2"
    assert exact(Fraction(-4, 2)) == "-2"
    assert exact(7) == "7"
    assert decimal(Fraction(1, 3), 4) == "0.3333"
    assert decimal(Fraction(-2, 3), 4) == "-0.6667"
    assert decimal(Fraction(1, 8), 2) == "0.12"     # half to even, exactly
    assert decimal(Fraction(3, 8), 2) == "0.38"
    assert decimal(Fraction(-1, 1000), 2) == "0.00"
    assert decimal(Fraction(5, 2), 0) == "2"
    assert percent(Fraction(34329, 626665)) == "5.4780%"
    assert probability_text(Fraction(0)) == "0"
    assert probability_text(Fraction(1, 4)) == "0.2500000000"
    assert probability_text(Fraction(1, 10 ** 9)) == "1.000000e-09"


CONTRACT = {
    "game": str, "bet": str, "paytable": dict, "options": dict, "rows": list, "cycle": int,
    "expected_return": str, "house_edge": str, "hit_frequency": str, "push_probability": str,
    "variance": str, "standard_deviation": float,
}
ROW_CONTRACT = {"outcome": str, "pays": str, "combinations": int, "probability": str,
                "return": str}


@pytest.mark.parametrize("bet", ["flush", "sandwich", "block", "combined"])
def test_json_contract(bet: str) -> None:
    table = analyze("triple-bet", bet, options={"decks": 2})
    data = json.loads(table.render("json"))
    for key, kind in CONTRACT.items():
        assert isinstance(data[key], kind), key
    assert data["game"] == "triple-bet" and data["bet"] == bet
    assert data["options"] == {"decks": "2"}
    assert set(data["paytable"]) >= {"name", "pays"}
    assert data["paytable"]["name"] == "usual"
    assert all(isinstance(v, str) for v in data["paytable"]["pays"].values())
    for row in data["rows"]:
        for key, kind in ROW_CONTRACT.items():
            assert isinstance(row[key], kind), key
    # exact strings read back to the exact figures
    assert Fraction(data["house_edge"]) == table.house_edge
    assert Fraction(data["variance"]) == table.variance
    assert sum(Fraction(row["probability"]) for row in data["rows"]) == 1
    assert sum(row["combinations"] for row in data["rows"]) == data["cycle"]
    assert sum(Fraction(row["return"]) for row in data["rows"]) == Fraction(data["expected_return"])
    assert data["standard_deviation"] == pytest.approx(math.sqrt(table.variance))
    assert "average_wager" not in data and "decisions" not in data


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_renders(fmt: str) -> None:
    table = analyze("triple-bet", "sandwich", options={"decks": 1})
    text = table.render(fmt)
    assert text.endswith("\n")
    for outcome in ("triple-sandwich", "straight-sandwich", "match", "lose"):
        assert outcome in text
    if fmt != "json":
        assert "house" in text and "edge" in text


def test_plain_text_shows_the_figures() -> None:
    table = analyze("triple-bet", "sandwich")
    text = str(table)
    assert text.splitlines()[0] == "Hybrid Triple Bet: sandwich wager, 6 decks"
    assert "options: decks=6" in text
    assert "5.4780%" in text
    assert exact(table.house_edge) in text
    assert "1.0000000000" in text        # the total row's probability
    assert max(len(line) for line in text.splitlines()) <= 100


def test_markdown_is_a_github_table() -> None:
    text = analyze("triple-bet", "combined", options={"decks": 1}).to_markdown()
    assert text.startswith("### Hybrid Triple Bet")
    assert "| outcome" in text and "|---" in text
    # each note is its own quoted paragraph
    assert "\n\n> One unit on each" in text and "\n\n> Rows that cannot occur" in text


def test_html_escapes_and_latex_stacks() -> None:
    table = ReturnTable("demo", "a<b", (Row("x & y", Fraction(1), 1), Row("z", Fraction(-1), 1)),
                        notes=("50% & more",))
    html = table.render("html")
    assert "a&lt;b" in html and "x &amp; y" in html and "<script" not in html
    latex = table.render("latex")
    assert "x \\& y" in latex
    assert latex.count("\\begin{tabular}") == 2
    assert "\\end{tabular}\n\n\\begin{tabular}" in latex
    assert "% 50% & more" in latex


def test_csv_is_one_rectangle() -> None:
    table = analyze("triple-bet", "block", options={"decks": 2})
    lines = list(csv.reader(io.StringIO(table.render("csv"))))
    header = lines[0]
    assert len(set(header)) == len(header)
    assert {len(line) for line in lines} == {len(header)}
    assert len(lines) == len(table.rows) + 1
    rows = [dict(zip(header, line, strict=True)) for line in lines[1:]]
    assert {(r["game"], r["bet"], r["options"]) for r in rows} == {
        ("triple-bet", "block", "decks=2")}
    assert [r["outcome"] for r in rows] == [row.outcome for row in table.rows]
    assert [int(r["combinations"]) for r in rows] == [row.combinations for row in table.rows]
    assert sum(Fraction(r["probability"]) for r in rows) == 1
    # the figures are columns, the same on every row, and agree with the rows they sum
    assert {r["cycle"] for r in rows} == {str(sum(int(r["combinations"]) for r in rows))}
    assert {Fraction(r["expected_return"]) for r in rows} == {
        sum(Fraction(r["return"]) for r in rows)}
    assert Fraction(rows[0]["house_edge"]) == table.house_edge


def test_unknown_format() -> None:
    with pytest.raises(EdgeError, match="'pdf'"):
        DIE.render("pdf")


def test_standard_deviation_of_huge_pays_is_an_error_not_a_crash() -> None:
    # a variance of 10^800 has a root of 10^400, beyond the range of a float
    huge = ReturnTable("demo", "huge", (Row("win", Fraction(10) ** 400, 1),
                                        Row("lose", Fraction(-1), 1)))
    with pytest.raises(EdgeError, match="beyond floating point"):
        _ = huge.standard_deviation
    # a variance beyond float range whose root is not: 10^400 -> 10^200
    big = ReturnTable("demo", "big", (Row("win", Fraction(10) ** 200, 1),
                                      Row("lose", Fraction(-1), 1)))
    assert math.isclose(big.standard_deviation, (10 ** 200 + 1) / 2, rel_tol=1e-12)
