"""Bad input ends in one ``edge: error:`` line naming the value, exit status 2, nothing written
(issue 16, items 3 and 4; issue 25, item 4), and never a traceback, a usage block or a silent
surprise; input read in a way the user may not expect gives one ``edge: note:`` line."""

from __future__ import annotations

import errno
import json
import os
import shlex
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from edge.bets.file import read_bet_file
from edge.cli import DEBUG_VARIABLE, INTERNAL_ERROR, main
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


# --- issue 25, item 4: the rest of the bad inputs, one row each ----------------------------------

# TOML nested past what the reader's recursion takes: a RecursionError once
DEEP = 'name = "deep"\nraise = ' + "[" * 3000 + "]" * 3000 + "\n"


def _many_rules(count: int) -> str:
    """A UTH strategy file whose river has ``count`` rules."""
    lines = ['name = "many"', "[preflop]", 'raise_4x = ["AA"]', "[flop]",
             'otherwise = "check"', "[river]", 'otherwise = "fold"']
    for number in range(1, count + 1):
        lines += ["[[river.rules]]", f"dealer_outs_below = {number}", 'action = "play"']
    return "\n".join(lines) + "\n"


def _lucky_ladies(suited_20: str) -> str:
    """The example Lucky Ladies bet file with another condition for its suited 20."""
    text = (Path(__file__).resolve().parent.parent / "examples" / "bets" /
            "lucky-ladies.toml").read_text(encoding="utf-8")
    condition = "total(player) == 20 and same_suit(player)"
    assert condition in text
    return text.replace(condition, suited_20)


# a condition over several lines (a TOML multi-line string): the error names the line and the
# column of the unknown word in the file (it named the condition's first line)
MULTI_LINE = _lucky_ladies('""\ntotal(player) == 20\n    and same_sute(player)""')
MULTI_LINE_AT = (f"line {MULTI_LINE[:MULTI_LINE.index('same_sute')].count(chr(10)) + 1}, "
                 "column 9")


@dataclass(frozen=True)
class Case:
    """A bad input and edge's answer: ``argv`` (split as a shell would, ``{tmp}`` the test's
    folder, holding ``files``), the exit status (2; 0 when the input is read with a note), and
    what the one ``edge: error:`` (or ``edge: note:``) line must say. ``before``: lines edge
    prints first (tune says what the run would take, then refuses it)."""

    argv: str
    says: tuple[str, ...]
    files: Mapping[str, str] = field(default_factory=dict)
    status: int = 2
    before: int = 0


TUNE = "tune three-card-poker --bet pair-plus --target-edge 3%"
BET_FILES = Path(__file__).resolve().parent.parent / "examples" / "bets"
COUNTING = f"counting {BET_FILES}/21-plus-3.toml"
CASES = {
    # deeply nested TOML: one line naming the file, not a RecursionError
    "nested strategy file": Case("table three-card-poker --strategy {tmp}/deep.toml",
                                 ("strategy file", "deep.toml", "too deeply"),
                                 {"deep.toml": DEEP}),
    "nested --meta file": Case("report triple-bet --meta {tmp}/deep.toml -o {tmp}/r.md",
                               ("metadata file", "deep.toml", "too deeply"), {"deep.toml": DEEP}),
    "nested bet file": Case("table {tmp}/deep.toml", ("deep.toml", "too deeply"),
                            {"deep.toml": DEEP}),
    # a bet file's condition nested past what its readers take (a RecursionError once)
    "nested bet condition": Case("table {tmp}/deep.toml",
                                 ("outcome 'suited-20'", "nests too deeply", "at most 100"),
                                 {"deep.toml": _lucky_ladies("(" * 2000 + "1 == 1" + ")" * 2000)}),
    "a long sum in a condition": Case("table {tmp}/long.toml",
                                      ("nests too deeply", "(50,002 here)", "characters)"),
                                      {"long.toml": _lucky_ladies("1" + " + 1" * 50_000
                                                                  + " == 3")}),
    "not, 5000 times": Case("table {tmp}/not.toml", ("nests too deeply",),
                            {"not.toml": _lucky_ladies("not " * 5000 + "same_suit(player)")}),
    "a multi-line condition": Case("table {tmp}/lines.toml",
                                   (f"outcome 'suited-20', {MULTI_LINE_AT}: unknown function "
                                    "'same_sute'", '(in "total(player) == 20     and same_sute'),
                                   {"lines.toml": MULTI_LINE}),
    # a function comparing cards, given one: it held on every deal (+500% player edge)
    "same_rank of one card": Case("table {tmp}/one.toml",
                                  ("same_rank() compares two or more cards", "player[1] is one "
                                   "card", "would hold on every deal"),
                                  {"one.toml": _lucky_ladies("same_rank(player[1])")}),
    "same_suit of a one-card place": Case("table {tmp}/one.toml",
                                          ("same_suit() compares", "dealer is one card"),
                                          {"one.toml": _lucky_ladies("same_suit(dealer)")
                                           .replace("dealer = 2", "dealer = 1")}),
    # a Double-Hand exception given twice (the second never taken)
    "an exception twice": Case("table double-hand-poker --strategy {tmp}/twice.toml",
                               ("[[exception]] 2: the same exception as [[exception]] 1",),
                               {"twice.toml": 'name = "twice"\nsetting = "house-way"\n'
                                + '[[exception]]\nhouse_way = "pair / pair"\n'
                                  'take = "no pair / three of a kind"\n' * 2}),
    # a street of a UTH strategy file holds at most 15 rules (a Cython ValueError once)
    "16 UTH rules": Case("table ultimate-texas-holdem --strategy {tmp}/many.toml",
                         ("many.toml", "[river]: 16 rules", "at most 15"),
                         {"many.toml": _many_rules(16)}),
    # nine pays for Tri-Card's combined wager fit two orders (the mini-royal of either part)
    "nine combined pays": Case("table three-card-poker --bet combined --paytable "
                               "40-30-6-4-1-5-4-1-2",
                               ("can be read two ways", "pair-plus.mini-royal 40",
                                "ante-bonus.mini-royal 5", "Type all 10 pays")),
    # one pay table for one wager, given once (the last won silently)
    "--paytable twice": Case("table three-card-poker --bet pair-plus --paytable 3 --paytable 2",
                             ("--paytable", "given twice (3 and 2)")),
    "two tables for a wager": Case("simulate three-card-poker --bet pair-plus --paytable "
                                   "pair-plus=3 --paytable pair-plus=2 --hands 1000",
                                   ("pair-plus wager is given two pay tables",)),
    "a wager's table and a plain one": Case("report three-card-poker --paytable pair-plus=3 "
                                            "--paytable 2 -o {tmp}/r.md",
                                            ("pair-plus wager is given two pay tables",
                                             "'pair-plus=3'", "'2'")),
    "--strategy twice": Case("table three-card-poker --strategy mimic --strategy raise-all",
                             ("--strategy", "given twice (mimic and raise-all)")),
    # typos in typed pays: 3_5 is no number (Python read it as 35)
    "3_5 in typed pays": Case("table three-card-poker --bet pair-plus --paytable 40-3_5-6-4-1",
                              ("'three-of-a-kind'", "'3_5', not a number")),
    "an empty typed pay": Case("table three-card-poker --bet pair-plus --paytable "
                               "40--30-6-4-1", ("'40--30-6-4-1' have an empty pay",)),
    "a trailing dash": Case("table three-card-poker --paytable 40-30-6-4-",
                            ("'40-30-6-4-' have an empty pay",)),
    "1_5 as an option": Case("table three-card-poker --bet combined --set pair_plus_ratio=1_5",
                             ("pair_plus_ratio='1_5' is not a number",)),
    # read, with a note: one pay too many (the mini-royal order), pays out of rank order
    "one pay too many": Case("table three-card-poker --bet pair-plus --paytable 40-30-6-4-1-1",
                             ("mini-royal paid apart", "mini-royal 40",
                              "5 pays would pay mini-royal as straight-flush"), status=0),
    "pays out of rank order": Case("table three-card-poker --bet pair-plus --paytable "
                                   "40-30-4-6-1",
                                   ("out of rank order", "flush pays 6, more than straight (4)"),
                                   status=0),
    # an option the wager does not use: one rule for every wager
    "--strategy on Pair Plus": Case("table three-card-poker --bet pair-plus --strategy mimic",
                                    ("strategy=mimic does not apply to the pair-plus wager",
                                     "the ante and combined wagers", "--bet")),
    "seen on Lo-Card": Case("table double-hand-poker --bet lo-card --set seen=dealer-1",
                            ("seen=dealer-1 does not apply to the lo-card wager",
                             "the main wager")),
    "seen on Trips": Case("simulate ultimate-texas-holdem --bet trips --set seen=dealer-1 "
                          "--hands 1000", ("seen=dealer-1 does not apply to the trips wager",)),
    "a strategy for Trips": Case("table ultimate-texas-holdem --bet trips --strategy "
                                 "wizard-practical",
                                 ("strategy=wizard-practical does not apply to the trips wager",
                                  "the main wager", "and to the trips wager with "
                                  "trips_rule=beat-dealer-fold-loses")),
    "the ratio on Pair Plus": Case("table three-card-poker --bet pair-plus --set "
                                   "pair_plus_ratio=2",
                                   ("pair_plus_ratio=2 does not apply", "the combined wager")),
    "tuning another wager's option": Case(f"{TUNE} --vary pair_plus_ratio=1..3",
                                          ("option pair_plus_ratio does not apply to the "
                                           "pair-plus wager", "the combined wager")),
    "the strategy of Pair Plus": Case("strategy three-card-poker --bet pair-plus",
                                      ("pair-plus wager of three-card-poker has no player "
                                       "decisions", "ante, combined; choose one with --bet")),
    # out-of-range numbers, named
    "pair_plus_ratio=1e30": Case("table three-card-poker --bet combined --set "
                                 "pair_plus_ratio=1e30",
                                 ("pair_plus_ratio=", "out of range", f"{MAX_PAY:,}")),
    "pays=1e400": Case("table double-hand-poker --bet lo-card --set pays=1e400",
                       ("pays=a 401-digit number", "out of range")),
    # a re-solving tune past a minute: how many candidates, and the --max-seconds to run them
    "tune past a minute": Case("tune three-card-poker --bet ante --target-edge 3% --vary "
                               "straight-flush=1..400 --vary three-of-a-kind=1..300 --step 0.5",
                               ("Re-solving 299,500 candidates", "more than --max-seconds 60",
                                "give --max-seconds"), before=2),
    # options of the new commands that did nothing, or read a typo as something else
    "counting --jobs 0": Case("counting triple-bet --jobs 0", ("--jobs 0 must be at least 1",)),
    "--spread 1-": Case("counting triple-bet --spread 1-",
                        ("--spread '1-' is not LOW-HIGH units",)),
    "--spread 5-2": Case("counting triple-bet --spread 5-2",
                         ("--spread '5-2'", "1 <= LOW <= HIGH")),
    "a spread past the bound": Case("counting triple-bet --spread 1-1000000001",
                                    ("--spread '1-1000000001'", "at most 1,000,000,000 units")),
    "a pay table for a wager of none": Case("protection double-hand-poker --paytable 99-99",
                                            ("--paytable '99-99'", "main wager has no pay "
                                             "table to choose")),
    "--other-cards -1": Case("counting triple-bet --other-cards -1",
                             ("--other-cards -1 must be from 0 to 52",)),
    "--hands-per-hour 0": Case("counting triple-bet --hands-per-hour 0",
                               ("--hands-per-hour 0 must be from 1 to",)),
    "one exposure rate twice": Case("protection three-card-poker --exposure-rate 10% "
                                    "--exposure-rate 0.1",
                                    ("--exposure-rate gives the rate 1/10 twice (10% and 0.1)",)),
    "an empty exposure rate": Case("protection three-card-poker --exposure-rate 10%,",
                                   ("--exposure-rate '10%,' has an empty rate",)),
    "--seen twice": Case("protection three-card-poker --seen dealer-1 --seen dealer-2",
                         ("--seen", "given twice (dealer-1 and dealer-2)")),
    "one scenario twice": Case("protection three-card-poker --seen dealer-1,dealer-1",
                               ("--seen 'dealer-1,dealer-1' names 'dealer-1' twice",)),
    # --seen: ',' joins the parts of ONE scenario (any order), ';' separates scenarios
    "a comma list of scenarios": Case("protection three-card-poker --seen dealer-1,dealer-2",
                                      ("--seen 'dealer-1,dealer-2'", "is not a scenario",
                                       "separate them with ';': 'dealer-1;dealer-2'")),
    "one scenario twice, two ways": Case("protection ultimate-texas-holdem --seen "
                                         "'dealer-1,flop-1;flop-1,dealer-1'",
                                         ("names 'dealer-1,flop-1' twice",)),
    "an empty scenario": Case("protection three-card-poker --seen 'dealer-1;'",
                              ("--seen 'dealer-1;' has an empty scenario or part",)),
    "one number of partners twice": Case("collusion three-card-poker --partners 1,1",
                                         ("--partners '1,1' names 1 twice",)),
    # files: a name that names nothing, a suffix edge cannot write
    "--write ''": Case(f"{TUNE} --vary flush=1..5 --write ''", ("--write '' names no folder",)),
    "-o ''": Case("report triple-bet -o ''", ("-o '' names no file",)),
    "--meta ''": Case("report triple-bet --meta '' -o {tmp}/r.md", ("--meta '' names no file",)),
    "-o without a suffix": Case("report triple-bet -o {tmp}/report",
                                ("Cannot tell the format", "report'", ".md")),
    "-o a folder/": Case("report triple-bet -o {tmp}/r.md/", ("r.md/ names a folder",)),
    "--all into a file": Case("report --all -o {tmp}/all.md",
                              ("--all writes a folder", "names a .md file")),
    "-o r.pdf": Case("report triple-bet -o {tmp}/r.pdf", ("Cannot tell the format", "r.pdf")),
    # issue 33, item 9: the simulated counter and the collusion runs (where they run, how long)
    "--workers 1000": Case(f"{COUNTING} --rounds 10 --workers 1000",
                           ("--workers 1000 is more than the", "cores available")),
    "collusion --workers 1000": Case("collusion three-card-poker --partners 2 --workers 1000",
                                     ("--workers 1000 is more than the",)),
    "--workers with --cluster": Case(f"{COUNTING} --rounds 10 --workers 1 --cluster "
                                     "tcp://127.0.0.1:1", ("--workers 1", "leave --workers out")),
    "counting --rounds 10^30": Case(f"{COUNTING} --rounds {10 ** 30}",
                                    (f"--rounds {10 ** 30} must be from 0 (no simulation) to "
                                     "10,000,000,000",)),
    "report --counting-rounds 10^30": Case(f"report {BET_FILES}/21-plus-3.toml --counting "
                                           f"--counting-rounds {10 ** 30}",
                                           (f"--counting-rounds {10 ** 30} must be from 0",)),
    "counting --rounds on a wager with no count": Case(
        f"counting {BET_FILES}/perfect-pairs.toml --rounds 1000",
        ("--rounds 1000: the perfect-pairs wager has no count to simulate",
         "neither do its suits", "leave --rounds out")),
    "counting --penetration 0": Case(f"{COUNTING} --rounds 10 --penetration 0",
                                     ("--penetration '0': the shoe must be dealt to a depth "
                                      "above 0", "give --continuous")),
    "counting --penetration 0 cards": Case(f"{COUNTING} --rounds 10 --penetration '0 cards'",
                                           ("--penetration '0 cards'", "above 0")),
    "counting --penetration above 1": Case(f"{COUNTING} --rounds 10 --penetration 7/6",
                                           ("--penetration '7/6': a share of the shoe is at "
                                            "most 1",)),
    "counting --penetration 120%": Case(f"{COUNTING} --rounds 10 --penetration 120%",
                                        ("--penetration '120%'", "at most 1")),
    "counting --penetration past the shoe": Case(f"{COUNTING} --rounds 10 --penetration "
                                                 "'400 cards'",
                                                 ("--penetration 400 cards: the shoe holds "
                                                  "312 cards",)),
    "report --penetration past the shoe": Case(f"report {BET_FILES}/21-plus-3.toml --counting "
                                               "--penetration '313 cards'",
                                               ("--penetration 313 cards: the shoe holds 312 "
                                                "cards",)),
    "counting --penetration a bare number": Case(f"{COUNTING} --rounds 10 --penetration 260",
                                                 ("--penetration '260': write '260 cards'",)),
    "counting --penetration not a depth": Case(f"{COUNTING} --rounds 10 --penetration deep",
                                               ("--penetration 'deep' is not a share of the "
                                                "shoe",)),
    "counting --penetration twice": Case(f"{COUNTING} --rounds 10 --penetration 5/6 "
                                         "--penetration 5/6", ("--penetration 5/6 is given "
                                                               "twice",)),
    "counting --penetration with --continuous": Case(
        f"{COUNTING} --rounds 10 --penetration 5/6 --continuous",
        ("--continuous deals every round from the full shoe", "give no --penetration 5/6")),
    "counting --continuous without --rounds": Case(f"{COUNTING} --continuous",
                                                   ("--continuous sets the simulated counter",
                                                    "give --rounds N too")),
    "report --penetration without --counting": Case(
        f"report {BET_FILES}/21-plus-3.toml --penetration 5/6",
        ("--penetration 5/6 sets the simulated counter", "give --counting too")),
    "counting --seed -1": Case(f"{COUNTING} --rounds 10 --seed -1",
                               ("--seed -1", "a whole number from 0")),
    "counting --workers without --rounds": Case(f"{COUNTING} --workers 1",
                                                ("--workers 1 sets the simulated counter",
                                                 "give --rounds N too")),
    "counting --every-round without --rounds": Case(f"{COUNTING} --every-round",
                                                    ("--every-round sets the simulated counter",
                                                     "give --rounds N too")),
    "report --spread without --counting": Case(f"report {BET_FILES}/21-plus-3.toml --spread 1-4",
                                               ("--spread 1-4 sets the simulated counter",
                                                "give --counting too")),
    "collusion --rounds on an exact row": Case("collusion three-card-poker --partners 1 "
                                               "--rounds 5",
                                               ("--rounds 5 sets a simulated row",
                                                "(--partners 1) is exact")),
    "collusion --seed on an exact row": Case("collusion double-hand-poker --partners 1 --seed 3",
                                             ("--seed 3 sets a simulated row",)),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path, case: Case) -> None:
    for name, text in case.files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    argv = shlex.split(case.argv.replace("{tmp}", str(tmp_path)))
    status, out, err = _run(capsys, *argv)
    assert status == case.status, err
    lines = err.splitlines()
    assert len(lines) == case.before + 1, err
    said = lines[-1]
    if case.status == 0:                    # read as typed, and said how
        assert said.startswith("edge: note: ") and out, err
    else:                                   # refused: nothing printed, nothing written
        assert said.startswith("edge: error: ") and out == "", err
        assert sorted(path.name for path in tmp_path.iterdir()) == sorted(case.files)
    for words in case.says:
        assert words in said, said


def test_an_internal_error_asks_for_a_bug_report(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception edge did not expect is a bug: one line, exit 70 (1 is a simulation that
    disagreed, 2 bad input), and the traceback only with EDGE_DEBUG=1."""
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("no such\nthing")
    monkeypatch.setattr("edge.listing.games_document", broken)
    monkeypatch.delenv(DEBUG_VARIABLE, raising=False)
    status, out, err = _run(capsys, "games")
    assert status == INTERNAL_ERROR == 70 and out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith("edge: internal error: RuntimeError: no such thing. This is a bug")
    assert "report it" in err and f"{DEBUG_VARIABLE}=1" in err
    monkeypatch.setenv(DEBUG_VARIABLE, "1")
    status, out, err = _run(capsys, "games")
    assert status == INTERNAL_ERROR
    assert err.startswith("Traceback") and "in broken" in err
    assert err.splitlines()[-1].startswith("edge: internal error: RuntimeError")


def test_output_that_cannot_be_written_is_one_error(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk (edge games > /dev/full) is the machine's trouble, not a bug: one line, 2."""
    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr("edge.cli.render", full)
    line = _one_error(capsys, "games")
    assert line == f"edge: error: could not write the output: {os.strerror(errno.ENOSPC)}."


def test_tune_writes_files_with_the_users_permissions(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    """The pay table files tune --write makes are as a plain write makes them (0644 under the
    usual umask 022), not mkstemp's 0600."""
    mask = os.umask(0o022)
    try:
        status, _, err = _run(capsys, *shlex.split(TUNE), "--vary", "flush=3..5", "--limit",
                              "2", "--write", str(tmp_path / "tables"))
    finally:
        os.umask(mask)
    assert status == 0, err
    written = list((tmp_path / "tables").iterdir())
    assert written and all(stat.S_IMODE(path.stat().st_mode) == 0o644 for path in written)


@pytest.mark.parametrize("spelt", ["Pair-Plus", "pair_plus", "pair plus"])
def test_a_bet_is_read_as_a_game_name_is(capsys: pytest.CaptureFixture[str], spelt: str) -> None:
    """``Three Card Poker`` names the game: ``Pair_Plus`` names its wager the same way."""
    status, out, err = _run(capsys, "table", "Three Card Poker", "--bet", spelt)
    assert status == 0 and err == "" and "pair-plus" in out


@pytest.mark.parametrize("spelt", ["Pair-Plus", "pair_plus", "pair plus"])
def test_a_bet_in_a_paytable_spec_is_read_as_a_game_name_is(
        capsys: pytest.CaptureFixture[str], spelt: str) -> None:
    """``--paytable Pair-Plus=2`` gives the pair-plus wager table 2, as ``--bet Pair-Plus``
    names that wager (it was read as an unknown pay table)."""
    status, out, err = _run(capsys, "report", "three-card-poker", "--paytable", f"{spelt}=2",
                            "--format", "json")
    assert status == 0, err
    assert json.loads(out)["tables"]["pair-plus"]["paytable"]["name"] == "2"


# --- issue 33, item 9: bad input on the new surfaces ---------------------------------------------

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
BOM = "\ufeff"


@pytest.mark.parametrize("argv", [
    "table {tmp}/bet.toml",
    "table three-card-poker --bet pair-plus --paytable {tmp}/pays.toml",
    "table three-card-poker --strategy {tmp}/strategy.toml",
    "report triple-bet --meta {tmp}/meta.toml -o {tmp}/r.md",
])
def test_a_byte_order_mark_is_read_as_nothing(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path, argv: str) -> None:
    """A file saved with a UTF-8 byte-order mark (Windows' Notepad) is read as without it:
    bet files, pay tables, strategies and --meta (it was "Invalid statement" at line 1)."""
    texts = {"bet.toml": (EXAMPLES / "bets" / "lucky-ladies.toml").read_text(encoding="utf-8"),
             "pays.toml": PAIR_PLUS.format(pair=2),
             "strategy.toml": (EXAMPLES / "strategies" / "tri-card-king-nine.toml")
             .read_text(encoding="utf-8"),
             "meta.toml": 'applicant = "A. Inventor"\n'}
    for name, text in texts.items():
        (tmp_path / name).write_text(BOM + text, encoding="utf-8")
    status, out, err = _run(capsys, *shlex.split(argv.replace("{tmp}", str(tmp_path))))
    assert status == 0 and "error" not in err, err
    if "-o" in argv:
        assert "A. Inventor" in (tmp_path / "r.md").read_text(encoding="utf-8")
    else:
        assert out


def _many_outcomes(count: int) -> str:
    """A bet file with ``count`` outcomes (most never happen: it is read, not analysed)."""
    lines = ['name = "many"', 'title = "Many"', "[shoe]", "decks = 1", "[deal]", "player = 3"]
    for number in range(count):
        lines += ["[[outcome]]", f'name = "total-{number}"',
                  f'when = "total(player) == {number}"']
    pays = ", ".join(f"total-{number} = 1" for number in range(count))
    return "\n".join([*lines, "[paytables]", f"A = {{ {pays} }}"]) + "\n"


def test_exposure_rates_repeated_or_listed_are_all_taken(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--exposure-rate`` repeated, or several in one (``10%,1/3``): every rate, in order."""
    status, out, err = _run(capsys, "protection", "three-card-poker", "--seen", "dealer-1",
                            "--exposure-rate", "10%,1/3", "--exposure-rate", "0.5",
                            "--format", "json")
    assert status == 0, err
    assert json.loads(out)["exposure_rates"] == ["1/10", "1/3", "1/2"]


def test_a_bet_file_of_thousands_of_outcomes_is_read(tmp_path: Path) -> None:
    """Reading a bet file takes time in proportion to its outcomes: 5,000 are read at once
    (3,000 took a minute, 10,000 never ended, when each condition's place in the file was
    found by searching the file from its start)."""
    path = tmp_path / "many.toml"
    path.write_text(_many_outcomes(5000), encoding="utf-8")
    bet = read_bet_file(path)
    assert len(bet.outcomes) == 5000 and bet.outcomes[-1].name == "total-4999"
    assert len(bet.presets["A"].pays) == 5000


ROOT = Path(__file__).resolve().parent.parent
# the child starts with Ctrl-C as a terminal gives it, says when edge is imported, runs main()
CHILD = ("import signal; signal.signal(signal.SIGINT, signal.default_int_handler)\n"
         "{prepare}\n"
         "import sys; from edge.cli import main; print('ready', file=sys.stderr, flush=True)\n"
         "sys.exit(main({argv!r}))\n")
# Ctrl-C while the worker processes start: the child sends it itself as the start begins (it
# was lost while a local Dask cluster started: the run went on to its end)
IN_THE_START = ("import os, edge.processes\n"
                "started = edge.processes.ProcessExecutor.__init__\n"
                "def starting(self, count):\n"
                "    os.kill(os.getpid(), signal.SIGINT)\n"
                "    started(self, count)\n"
                "edge.processes.ProcessExecutor.__init__ = starting")


def _interrupted(argv: tuple[str, ...], prepare: str = "", wait: float = 1.0) -> tuple[int, str]:
    """Run ``edge ARGV`` in a child, Ctrl-C it ``wait`` seconds after edge is imported (unless
    ``prepare`` sends it): its exit status and standard error."""
    # a cache folder of its own: another test solving the same entry at the same time would
    # hold its lock, and the child would say it waits before it says it was interrupted
    cache = tempfile.mkdtemp(prefix="edge-interrupted-")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))), "EDGE_CACHE_DIR": cache}
    process = subprocess.Popen([sys.executable, "-c", CHILD.format(prepare=prepare, argv=argv)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=env, start_new_session=True)
    try:
        assert process.stderr is not None
        assert process.stderr.readline() == "ready\n", process.communicate()
        if not prepare:
            time.sleep(wait)
            assert process.poll() is None, process.communicate()
            process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        shutil.rmtree(cache, ignore_errors=True)
    return process.returncode, err


@pytest.mark.parametrize("argv", [
    ("protection", "ultimate-texas-holdem", "--no-cache", "--seen", "dealer-1"),
    ("collusion", "ultimate-texas-holdem", "--no-cache", "--partners", "1"),
])
def test_ctrl_c_ends_a_new_command(argv: tuple[str, ...]) -> None:
    """Ctrl-C ends ``edge protection`` and ``edge collusion`` with one line, status 130."""
    status, err = _interrupted(argv)
    assert (status, err) == (130, "edge: interrupted\n")


@pytest.mark.parametrize("argv", [
    ("counting", "triple-bet", "--bet", "block", "--rounds", "20000"),
    ("collusion", "three-card-poker", "--no-cache", "--partners", "6", "--rounds", "20000",
     "--workers", "2"),
])
def test_ctrl_c_while_the_worker_processes_start(argv: tuple[str, ...]) -> None:
    """A Ctrl-C while the worker processes start ends the run with one line (2 of 17 Ctrl-Cs
    were lost while a local Dask cluster started, before the commands ran on this machine's
    own processes), and no worker prints a traceback."""
    status, err = _interrupted(argv, prepare=IN_THE_START)
    assert (status, err) == (130, "edge: interrupted\n")
