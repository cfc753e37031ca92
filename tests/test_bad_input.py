"""Bad input ends in one ``edge: error:`` line naming the value, exit status 2, nothing written
(issue 16, items 3 and 4), and never a traceback, a usage block or a silent surprise."""

from __future__ import annotations

from pathlib import Path

import pytest

from edge.cli import main
from edge.paytables import MAX_DENOMINATOR, MAX_PAY
from edge.simulation import MAX_HANDS

PAIR_PLUS = ('[pays]\nstraight-flush = 40\nthree-of-a-kind = 30\nstraight = 6\nflush = 4\n'
             'pair = {pair}\n')


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    try:
        status = main(list(argv))
    except SystemExit as stop:             # argparse ends the process itself
        status = int(stop.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _one_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run ``edge ARGV``: it must print one ``edge: error:`` line and nothing else, exit 2."""
    status, out, err = _run(capsys, *argv)
    assert status == 2, err
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("edge: error: "), err
    return lines[0]


def test_deeply_nested_toml_names_the_file(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text("pays = " + "{a = " * 5000 + "1" + "}" * 5000 + "\n", encoding="utf-8")
    line = _one_error(capsys, "table", "three-card-poker", "--bet", "pair-plus",
                      "--paytable", str(path))
    assert str(path) in line and "too deeply" in line


def test_too_many_hands_is_refused_before_any_work(capsys: pytest.CaptureFixture[str]) -> None:
    line = _one_error(capsys, "simulate", "triple-bet", "--hands", str(10 ** 20))
    assert f"--hands {10 ** 20} is too many" in line and f"{MAX_HANDS:,}" in line


@pytest.mark.parametrize(("argv", "named"), [
    (("table", "triple-bet", "--format", "pdf"), "'pdf'"),
    (("table", "triple-bet", "--jobs"), "--jobs"),
    (("table", "triple-bet", "--frobnicate"), "--frobnicate"),
    (("table", "triple-bet", "--jobs", "two"), "'two'"),
    (("nonsense",), "'nonsense'"),
    ((), "command"),
])
def test_argparse_errors_are_one_line(capsys: pytest.CaptureFixture[str],
                                      argv: tuple[str, ...], named: str) -> None:
    assert named in _one_error(capsys, *argv)


@pytest.mark.parametrize("jobs", ["1000", "0", "-3"])
def test_jobs_beyond_the_cores_or_below_one(capsys: pytest.CaptureFixture[str],
                                            jobs: str) -> None:
    line = _one_error(capsys, "simulate", "triple-bet", "--hands", "1000", "--jobs", jobs)
    assert f"--jobs {jobs}" in line


def test_a_repeated_option_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    line = _one_error(capsys, "table", "triple-bet", "--set", "decks=2", "--set", "decks=3")
    assert "'decks' is given twice" in line and "decks=2" in line and "decks=3" in line


@pytest.mark.parametrize(("pair", "why"), [
    ("1" * 84, f"at most {MAX_PAY:,} to 1"),
    (f'"1/{MAX_DENOMINATOR + 1}"', f"1/{MAX_DENOMINATOR:,}"),
])
def test_pays_are_bounded(capsys: pytest.CaptureFixture[str], tmp_path: Path, pair: str,
                          why: str) -> None:
    path = tmp_path / "big.toml"
    path.write_text(PAIR_PLUS.format(pair=pair), encoding="utf-8")
    line = _one_error(capsys, "table", "three-card-poker", "--bet", "pair-plus",
                      "--paytable", str(path))
    assert why in line and "'pair'" in line and "1" * 84 not in line


@pytest.mark.parametrize("pair", [str(MAX_PAY),
                                  f'"{MAX_PAY * MAX_DENOMINATOR - 1}/{MAX_DENOMINATOR}"'])
def test_the_largest_pays_are_accepted(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                       pair: str) -> None:
    path = tmp_path / "edge.toml"
    path.write_text(PAIR_PLUS.format(pair=pair), encoding="utf-8")
    status, _, err = _run(capsys, "table", "three-card-poker", "--bet", "pair-plus",
                          "--paytable", str(path))
    assert status == 0, err


def test_a_pay_range_beyond_the_bound_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    line = _one_error(capsys, "tune", "three-card-poker", "--bet", "pair-plus",
                      "--target-edge", "3%", "--vary", "flush=1..1e400")
    assert "flush" in line and "a 401-digit number" in line and f"{MAX_PAY:,}" in line


def test_a_range_cut_by_rank_order_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = _run(capsys, "tune", "three-card-poker", "--bet", "pair-plus",
                          "--target-edge", "3%", "--vary", "flush=1..20")
    assert status == 0, err
    assert "flush varies over 1..6 only, not 1..20" in err
    assert "at most 6 (straight)" in err and "--unordered" in err


def test_a_solve_that_breaks_the_rank_order_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("tune", "three-card-poker", "--bet", "pair-plus", "--paytable", "3",
            "--target-edge=-50%", "--solve", "pair")
    line = _one_error(capsys, *argv)
    assert "pair = " in line and "above the flush pay of 4" in line
    assert "rank order" in line and "--unordered" in line
    status, out, err = _run(capsys, *argv, "--unordered")
    assert status == 0, err


def test_a_long_outcome_name_is_shortened(capsys: pytest.CaptureFixture[str],
                                          tmp_path: Path) -> None:
    path = tmp_path / "long.toml"
    path.write_text("[pays]\npair = " + "{a = " * 150 + "1" + "}" * 150 + "\n", encoding="utf-8")
    line = _one_error(capsys, "table", "three-card-poker", "--bet", "pair-plus",
                      "--paytable", str(path))
    assert "Unknown outcome 'pair.a.a." in line and "characters)" in line and len(line) < 400


def test_running_out_of_memory_is_one_line(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    def exhausted(*args: object, **kwargs: object) -> None:
        raise MemoryError
    monkeypatch.setattr("edge.simulation.simulate", exhausted)
    line = _one_error(capsys, "simulate", "triple-bet", "--hands", "1000")
    assert "out of memory" in line
