"""The report's Method section says what that report did (issue 34, section 1): the sections a
report holds state how their figures were made (simulated, approximated, dealt from a shoe),
the Method gathers them, and it names only sections the report has; a game from another
package is not said to have what edge cannot know of it (a strategy solved exactly)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

import pytest

from edge.counting.play import CounterPlay
from edge.document import Report, Section
from edge.document.document import Items
from edge.games import Bet, Game, Rules, Wager, get_game
from edge.options import options_dict
from edge.paytables import make_paytable
from edge.protection import CollusionRequest
from edge.report.build import make_report
from edge.report.front import PLUG_IN_METHOD, STRATEGY_SOLVED, titles
from edge.table import ReturnTable, Row
from tests.test_bet_files import bet_file, six_card_bonus_package
from tests.test_collusion_command import colluding

DefaultReport = Callable[[str], Report]


def method_items(report: Report) -> list[str]:
    """The Method section's sentences."""
    method = next(part for part in report.sections if part.title == "Method")
    return [text for block in method.blocks if isinstance(block, Items)
            for text in block.items if isinstance(text, str)]


def unresolved(report: Report) -> list[str]:
    """Every section the Method names that the report does not have: a quoted title ('the
    "Volatility" section'), the equipment section, the strategy section."""
    present = titles(report.sections)
    text = " ".join(method_items(report))
    missing = [title for title in re.findall(r"\"([^\"]+)\" (?:section|table)", text)
               if title not in present]
    if "equipment section" in text and not any("Equipment" in title for title in present):
        missing.append("equipment")
    if "strategy section" in text and not any("strategy" in title.lower()
                                              for title in present):
        missing.append("strategy")
    return missing


def test_a_plain_report_names_only_its_own_sections(default_report: DefaultReport) -> None:
    report = default_report("triple-bet")
    items = method_items(report)
    assert unresolved(report) == []
    assert not any("Card counting" in item or "Game protection" in item for item in items)
    assert any(item.startswith("Every other figure in this report is exact") for item in items)


@pytest.mark.slow       # a report with the counting section (the shoe analysed: seconds)
def test_counting_changes_the_method_and_names_what_it_simulated(
        default_report: DefaultReport) -> None:
    plain = method_items(default_report("triple-bet"))
    report = make_report("triple-bet", counting=CounterPlay(rounds=20_000))
    items = method_items(report)
    assert items != plain
    assert unresolved(report) == []
    text = " ".join(items)
    # the shoe dealt down, against the shuffle of every other round
    assert "Outside the \"Card counting\" section, each round is independent" in text
    assert "deals the shoe down (6 decks, 312 cards" in text
    # the approximations, and the counter's simulation with its rounds and seed
    assert "first-order (linear) estimate" in text
    # the shares of shoes past break-even and in the player's favour: simulated shoes, each
    # exact (issue 34, section 2: no normal model)
    assert "break-even true count is simulated" in text
    assert "break-even true count is a normal approximation" not in text
    assert "share of shoes in the player's favour is simulated" in text
    assert "win rates are simulated (20,000 rounds at each depth from seed 2026" in text
    # the simulation of the report's own verification
    assert "\"Verification by simulation\" section's figures are simulated" in text


@pytest.mark.slow       # a report with the counting section (the shoe analysed: seconds)
def test_the_committed_counting_report_claims_no_simulation(
        default_report: DefaultReport) -> None:
    """Without the environment (the committed reports) the counter's shoes are not played:
    the Method says the shoe is dealt down but claims no simulated win rate."""
    report = make_report("triple-bet", counting=True, environment=False)
    text = " ".join(method_items(report))
    assert "deals the shoe down" in text and "win rates are simulated" not in text
    assert "Verification by simulation\" section's figures" not in text
    assert unresolved(report) == []


def test_protection_changes_the_method_and_names_the_simulated_rows() -> None:
    """The toy game of tests/test_protection_report.py, colluding (one partner exact, two
    simulated): the Method names the protection section, which collusion rows are simulated
    and how, and claims no exact solve for a game that is not edge's own."""
    game = cast("Game[Rules]", colluding(slow=False))
    plain = method_items(make_report(game, environment=False))
    report = make_report(game, environment=False, protection=True)
    items = method_items(report)
    assert items != plain
    assert unresolved(report) == []
    text = " ".join(items)
    assert "The \"Game protection\" section: each exposure of the ante wager comes from the " \
           "game's own analysis" in text
    assert "solved exactly" not in text
    # nor do the certification, the subtitle or the protection section say it
    whole = report.render("markdown")
    assert "solved exactly" not in whole and "enumeration of every" not in whole
    assert "the row for 1 partner is exact" in text
    drawn = CollusionRequest(2)
    assert (f"the row for 2 partners is simulated, each the mean of {drawn.rounds:,} "
            f"situations drawn from seed {drawn.seed}") in text
    assert "or the normal 1.96 from 1,000 draws on" in text


def test_a_bet_files_report_certifies_no_strategy() -> None:
    report = make_report(get_game(str(bet_file("perfect-pairs"))), environment=False)
    text = " ".join(method_items(report))
    assert "solved exactly" not in text
    assert "Exhaustive enumeration" in text        # a bet file is counted by edge itself
    assert "by exhaustive enumeration of every equally likely deal" in report.render("markdown")
    assert unresolved(report) == []


# --- a made-up game from another package -----------------------------------------------------
@dataclass(frozen=True)
class DoubleRules(Rules):
    """A coin toss the player may double on: no options."""


PAYTABLE = make_paytable("even", {"heads": Fraction(1)}, ("heads",))


def analyze(wager: Wager[DoubleRules]) -> ReturnTable:
    """The player doubles on half the tosses (a decision edge knows nothing of)."""
    pays = (wager.paytable or PAYTABLE)["heads"]
    rows = (Row("heads", pays, 1), Row("tails", Fraction(-1), 1),
            Row("heads, doubled", 2 * pays, 1, Fraction(2)),
            Row("tails, doubled", Fraction(-2), 1, Fraction(2)))
    return ReturnTable("double-toss", "toss", rows, wager.paytable or PAYTABLE,
                       options_dict(wager.rules), title="A coin toss, doubled at will")


def double_toss(method: tuple[str, ...] | None = None) -> Game[DoubleRules]:
    return Game("double-toss", "Double toss", DoubleRules,
                (Bet("toss", "heads wins", analyze, ("heads",), {"even": PAYTABLE}, "even"),),
                source="a made-up game", method=method)


def test_a_plug_in_states_only_what_edge_can_know() -> None:
    report = make_report(double_toss(), environment=False)          # type: ignore[arg-type]
    assert report.tables["toss"].has_decisions
    items = method_items(report)
    text = " ".join(items)
    assert items[0] == PLUG_IN_METHOD
    assert STRATEGY_SOLVED not in items and "solved exactly" not in text
    assert "Exhaustive enumeration" not in text
    # no equipment section in this game's rules of play: the Method points to none
    assert not any("Equipment" in title for title in titles(report.sections))
    assert "equipment section" not in text
    assert unresolved(report) == []
    whole = report.render("markdown")
    assert "solved exactly" not in whole and "enumeration of every" not in whole
    assert "from the counts of the game's own analysis, as the Method section states" in whole


def test_a_plug_in_states_its_own_method() -> None:
    own = ("Every toss is counted once by the game's own table of two outcomes.",)
    report = make_report(double_toss(own), environment=False)       # type: ignore[arg-type]
    items = method_items(report)
    assert items[0] == own[0]
    assert PLUG_IN_METHOD not in items and STRATEGY_SOLVED not in items


@pytest.mark.parametrize("game", ["triple-bet"])
def test_every_built_in_method_sentence_is_backed(default_report: DefaultReport,
                                                  game: str) -> None:
    """A built-in game with decisions keeps its claim of a strategy solved exactly only where
    its tables have decisions (the Hybrid Triple Bet has none)."""
    report = default_report(game)
    decisions = any(table.has_decisions for table in report.tables.values())
    assert (STRATEGY_SOLVED in method_items(report)) == decisions


def test_section_methods_are_gathered_in_order_once() -> None:
    from edge.report.front import section_methods
    inner = Section("b", method=("two", "one"))
    sections: Sequence[Section] = (Section("a", method=("one",), children=(inner,)),
                                   Section("c", method=("three",)))
    assert section_methods(sections) == ["one", "two", "three"]


def test_the_example_plug_in_states_its_own_method() -> None:
    """examples/six_card_bonus declares how its kernel counts: the Method says that, in place
    of edge's own account, and points to no section its report lacks."""
    game = six_card_bonus_package().GAME
    report = make_report(game, environment=False)
    items = method_items(report)
    assert game.method is not None and items[0] == game.method[0]
    assert PLUG_IN_METHOD not in items and "solved exactly" not in " ".join(items)
    assert unresolved(report) == []
