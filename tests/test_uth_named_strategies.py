"""The Ultimate Texas Hold'em strategies edge ships by name: each says what its source says and
reproduces its published house edge (docs/references.md section 4).

The Wizard of Odds practical strategy (M. Shackleford, Wizard of Odds, "Ultimate Texas Hold 'Em",
strategy section; E. Jacobson, 888casino blog, "Ultimate Texas Hold'em basic strategy and house
edge", plays its flop and river rules): the preflop chart (33 and up; suited A2+, K2+, Q6+, J8+;
offsuit A2+, K5+, Q8+, JT), then 2x on the flop with two pair or better, a hidden pair except
pocket deuces, or four to a flush with a hidden ten or better, then 1x on the river with a hidden
pair or better or fewer than 21 dealer outs. Published house edge: 2.43%.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.cards import parse_cards
from edge.games.ultimate_texas_holdem.solve import _kernels as uth_kernels
from edge.games.ultimate_texas_holdem.solve.main_bet import PRACTICAL_FOUR_X
from edge.games.ultimate_texas_holdem.strategy.language import (
    CLASSES,
    StreetPlan,
    UthStrategy,
    load_strategy,
)
from edge.games.ultimate_texas_holdem.strategy.practical import Evaluation
from tests.conftest import CliRunner

FOLDER = Path(__file__).resolve().parent.parent / "edge" / "games" / "ultimate_texas_holdem" \
    / "strategies"
NAMED = sorted(path.stem for path in FOLDER.glob("*.toml"))


def named(name: str) -> UthStrategy:
    """The named strategy's file, read as a file."""
    return load_strategy(FOLDER / f"{name}.toml")


def test_every_named_strategy_says_what_it_is() -> None:
    assert "wizard-practical" in NAMED
    for name in NAMED:
        strategy = named(name)
        assert strategy.name == name
        assert strategy.description and strategy.info.source
        published = strategy.info.published_text
        assert published.endswith("%")
        assert strategy.info.published_house_edge == Fraction(published[:-1]) / 100
        assert UthStrategy.resolve(name).identity == strategy.identity   # shipped by name


def _rounded(value: Fraction, places: int) -> Decimal:
    """``value`` in percent, rounded to ``places`` decimals (half to even)."""
    percent = Decimal(value.numerator * 100) / Decimal(value.denominator)
    return percent.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_EVEN)


@pytest.mark.slow   # each named strategy evaluated over every deal (10 s each)
@pytest.mark.parametrize("name", NAMED)
def test_named_strategy_reproduces_its_published_house_edge(
        name: str, uth_strategy_evaluation: Callable[[str], Evaluation]) -> None:
    figure = Decimal(named(name).info.published_text[:-1])
    exponent = figure.as_tuple().exponent
    assert isinstance(exponent, int)              # a finite number
    places = -exponent
    house_edge = -uth_strategy_evaluation(name).expected_return()
    assert _rounded(house_edge, places) == figure


def test_the_practical_chart_is_the_published_one() -> None:
    chart = named("wizard-practical").preflop
    assert set(chart) == set(CLASSES)
    assert {name for name, play in chart.items() if play == 4} == PRACTICAL_FOUR_X
    assert set(chart.values()) == {0, 4}        # never 3x
    holdings = sum(6 if len(name) == 2 else 4 if name[2] == "s" else 12
                   for name, play in chart.items() if play == 4)
    assert (sum(play == 4 for play in chart.values()), holdings) == (69, 500)


def _decide(plan: StreetPlan, hole: str, board: str) -> int:
    """The plan's decision for these cards, the features read by the exact evaluation's
    kernel."""
    values = uth_kernels.uth_features(np.array(parse_cards(hole), dtype=np.int32),
                                      np.array(parse_cards(board), dtype=np.int32))
    return plan.decide(values)


@pytest.mark.parametrize(("hole", "flop", "bets"), [
    ("2c 2d", "Ks 9h 5c", 0),      # pocket deuces: check
    ("3c 3d", "Ks 9h 5c", 1),      # any other hidden pair: 2x
    ("2c 8d", "Ks 9h 2h", 1),      # a hole deuce pairing the board is a hidden pair
    ("Ac Qd", "Ks 9h 9c", 0),      # a pair on the board only: check
    ("Kc 4d", "Ks 9h 9c", 1),      # two pair: 2x
    ("2c 2d", "2s 9h 5c", 1),      # pocket deuces that made three of a kind: 2x
    ("Th 4c", "Kh 8h 3h", 1),      # four to a flush with the hidden ten
    ("9h 4c", "Kh 8h 3h", 0),      # ... with a hidden nine: check
    ("Jd Tc", "9s 8h 2c", 0),      # an open straight draw is not in the rules: check
])
def test_the_practical_flop_rules_say_the_published_words(hole: str, flop: str,
                                                          bets: int) -> None:
    assert _decide(named("wizard-practical").flop, hole, flop) == bets


@pytest.mark.parametrize(("hole", "board", "plays"), [
    ("Tc 3d", "As Qh 8d 6c 4h", 0),   # the published example: 23 cards beat the player: fold
    ("Kc 3d", "As Qh 8d 6c 4h", 1),   # king high: only the 15 cards pairing the board beat it
    ("3c 2d", "As Qh 8d 6c 3h", 1),   # a hidden pair of threes: play
    ("Kc Jd", "As Ah 8d 8c 4h", 1),   # the board's two pair, king kicker: 4 outs (A, 8): play
    ("5c 2d", "As Ah 8d 8c 4h", 0),   # the board plays: 32 cards beat it: fold
])
def test_the_practical_river_rules_say_the_published_words(hole: str, board: str,
                                                           plays: int) -> None:
    assert _decide(named("wizard-practical").river, hole, board) == plays


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_docs_example_is_real_output(repo_root: Path, edge_cli: CliRunner,
                                     uth_strategy_evaluation: Callable[[str], Evaluation]
                                     ) -> None:
    """The UTH comparison excerpt of docs/strategies.md is the command's own output, line for
    line."""
    uth_strategy_evaluation("wizard-practical")      # the session's evaluation, reused
    readme = (repo_root / "docs" / "strategies.md").read_text(encoding="utf-8")
    command = ("edge simulate ultimate-texas-holdem --bet main --strategy wizard-practical "
               "--seed 7\n```\n\n```\n")
    start = readme.index(command) + len(command)
    excerpt = readme[start:readme.index("```", start)].strip().splitlines()
    result = edge_cli("strategy", "ultimate-texas-holdem", "--bet", "main", "--compare",
                      "wizard-practical")
    lines = result.out.splitlines()
    assert result.status == 0 and excerpt
    assert all(line in lines for line in excerpt if line), [
        line for line in excerpt if line and line not in lines]


@pytest.mark.slow   # needs the full optimal solve (or an evaluation on it): seconds of both cores
def test_the_strategy_document_of_a_named_strategy_says_whose_play_it_shows(
        edge_cli: CliRunner, uth_strategy_evaluation: Callable[[str], Evaluation]) -> None:
    """``edge strategy uth --strategy wizard-practical`` shows that strategy's chart and says
    that the values beside it are optimal play's (it never calls it "the exact strategy")."""
    uth_strategy_evaluation("wizard-practical")      # the session's evaluation, reused
    result = edge_cli("strategy", "ultimate-texas-holdem", "--strategy", "wizard-practical")
    assert result.status == 0, result.err
    assert "the exact strategy" not in result.out
    assert "the strategy wizard-practical also raises nothing else" in result.out
    assert "Value of the optimal play, per Ante (for comparison)" in result.out
    assert "--compare wizard-practical" in result.out
    assert "House edge 2.43" in result.out       # the published 2.43% (Wizard of Odds)
