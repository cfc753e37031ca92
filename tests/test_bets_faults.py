"""Issue 35, section 4: the bet-file faults of that round, each fixed and kept fixed.

- ``edge report`` builds for every shipped example bet file (a ``poker5`` file sweeps one deck
  only: the decks its file allows);
- a bet file's counts are kept in the disk cache, named by the file's bytes: a second run reads
  them, an edit to the file (or a damaged entry) counts afresh;
- a file that looks at the best five of all its cards and, apart, at one to three of them is
  counted through those cards and the class (edge/bets/classes.py, ``count_by_held``), checked
  here against a plain enumeration with a hand evaluator written in this file;
- a long enumeration shows its deals and its progress on a terminal;
- the command ``edge tune --write`` puts in a file ("use it: ...") runs for a bet file.
"""

from __future__ import annotations

import io
import itertools
import math
import shlex
import shutil
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import edge.bets
from edge.bets import _kernels, load_bet_file
from edge.bets.classes import held_only
from edge.bets.compile import Deals
from edge.bets.file import read_bet_file
from edge.bets.game import BetAnalysis
from edge.report.variants import variant_options
from edge.run import RunSettings
from tests.conftest import CliRunner

# drives a compiled kernel: .ci/run also runs it against the debug build under the sanitizers
pytestmark = pytest.mark.kernels
# the kernel called with values its typed stub does not admit (its own checks are tested)
UNTYPED_KERNELS: Any = _kernels

ROOT = Path(__file__).resolve().parent.parent
BETS = ROOT / "examples" / "bets"
SHIPPED = sorted(path.stem for path in BETS.glob("*.toml"))
ACE_OF_HEARTS, KING_OF_HEARTS = 12 * 4 + 2, 11 * 4 + 2

# The 2,598,960 five-card hands by class, high card to royal flush: the standard table of
# poker probabilities (Wikipedia, "Poker probability", 5-card poker hands; docs/references.md).
PUBLISHED_FIVE_CARD_CLASSES = (1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624,
                               36, 4)
# the plain evaluator's classes, as poker5 numbers them (0 high card .. 9 royal flush)
HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL = range(10)


def plain_class(cards: tuple[int, ...]) -> int:
    """The class of five distinct cards (rank = card // 4, 0 a two .. 12 an ace; suit = card
    % 4), written from the rules of poker, not edge's evaluator."""
    ranks = sorted((card // 4 for card in cards), reverse=True)
    flush = len({card % 4 for card in cards}) == 1
    shape = sorted(Counter(ranks).values(), reverse=True)
    top = (shape[0], shape[1]) if len(shape) > 1 else (shape[0], 0)
    straight = shape == [1] * 5 and (ranks[0] - ranks[4] == 4 or ranks == [12, 3, 2, 1, 0])
    if straight and flush:
        return ROYAL if ranks[4] == 8 else STRAIGHT_FLUSH
    found = {(4, 1): QUADS, (3, 2): FULL_HOUSE, (3, 1): TRIPS, (2, 2): TWO_PAIR, (2, 1): PAIR}
    if found.get(top, HIGH) >= FULL_HOUSE:
        return found[top]
    if flush:
        return FLUSH
    if straight:
        return STRAIGHT
    return found.get(top, HIGH)


def colex(cards: tuple[int, ...]) -> int:
    """The kernel's index of a set of cards: C(a, 1) + C(b, 2) + ... in increasing order."""
    return sum(math.comb(card, j + 1) for j, card in enumerate(sorted(cards)))


def plain_row(held: tuple[int, ...]) -> list[int]:
    """How many 5-card hands holding ``held`` fall in each class, by the plain evaluator."""
    row = [0] * 10
    rest = [card for card in range(52) if card not in held]
    for others in itertools.combinations(rest, 5 - len(held)):
        row[plain_class(held + others)] += 1
    return row


def write(folder: Path, name: str, deal: str, outcomes: dict[str, str]) -> Path:
    """A bet file of one deck with these places and outcomes (each paying 1 to 1)."""
    text = [f'name = "{name}"', f'title = "{name}"', "[shoe]", "decks = 1", "[deal]", deal]
    for outcome, when in outcomes.items():
        text += ["[[outcome]]", f'name = "{outcome}"', f'when = "{when}"']
    pays = ", ".join(f"{outcome} = 1" for outcome in outcomes)
    text += ["[paytables]", 'default = "even"', f"even = {{ {pays} }}"]
    path = folder / f"{name}.toml"
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    return path


# --- edge report on every shipped file ----------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_report_builds_for_every_shipped_bet_file(name: str, edge_cli: CliRunner,
                                                  tmp_path: Path) -> None:
    """``edge report`` on every example bet file is written (exit status 0)."""
    output = tmp_path / f"{name}.md"
    result = edge_cli("report", str(BETS / f"{name}.toml"), "-o", str(output))
    assert result.status == 0, result.err
    assert output.stat().st_size > 0


@pytest.mark.parametrize("name", SHIPPED)
def test_every_sweep_covers_only_the_decks_the_file_allows(name: str,
                                                           edge_cli: CliRunner) -> None:
    """The decks a report sweeps, ``edge games`` lists and tune may vary are those the file
    allows: one deck for a poker5 file (trips.toml, six-card-bonus.toml: their reports once
    failed at decks=2), 1 to 8 for the others; a deck outside is one error line."""
    path = BETS / f"{name}.toml"
    game = load_bet_file(path)
    single = read_bet_file(path).single_deck
    assert dict(variant_options(game.rules))["decks"] == ((1,) if single else tuple(range(1, 9)))
    listed = edge_cli("games", str(path))
    assert listed.status == 0, listed.err
    decks = next(line for line in listed.out.splitlines() if line.startswith("decks"))
    assert ("1..1" if single else "1..8") in decks.split()
    if single:
        refused = edge_cli("table", str(path), "--set", "decks=2")
        assert refused.status == 2 and refused.err.startswith("edge: error: ")
        assert "decks=2" in refused.err and len(refused.err.splitlines()) == 1


def test_a_file_too_large_for_a_shoe_sweeps_one_deck(edge_cli: CliRunner,
                                                     tmp_path: Path) -> None:
    """A file of one deck whose cards at two decks or more would be too many rows to
    enumerate (the player's two cards and five board cards looked at apart, without poker5)
    allows one deck: the report's sweep, ``edge games`` and ``--set decks=2`` say so, before
    any counting."""
    path = write(tmp_path, "apart", "player = 2\nboard = 5",
                 {"hearts": "count(board, hearts) >= 4 and same_rank(player)"})
    assert dict(variant_options(load_bet_file(path).rules))["decks"] == (1,)
    refused = edge_cli("table", str(path), "--set", "decks=2")
    assert refused.status == 2 and len(refused.err.splitlines()) == 1
    assert "too many deals to enumerate" in refused.err and "decks=2" in refused.err


# --- the disk cache of a file's counts ------------------------------------------------------

def _fresh_tables(edge_cli: CliRunner, path: Path, *options: str) -> str:
    """``edge table FILE`` with nothing kept in the process (only the disk cache)."""
    edge.bets._loaded.clear()
    result = edge_cli("table", str(path), *options)
    assert result.status == 0, result.err
    return result.out


def test_a_second_table_reads_the_cache_and_an_edit_misses(
        edge_cli: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counts are stored on the first run and read on the second (identical table, nothing
    counted); an edit to the file's condition counts afresh, and so does ``--no-cache``."""
    monkeypatch.setenv("EDGE_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "perfect-pairs.toml"
    shutil.copy(BETS / "perfect-pairs.toml", path)
    counted: list[int] = []
    count = BetAnalysis._count

    def counting(self: BetAnalysis, *args: object) -> object:
        counted.append(1)
        return count(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(BetAnalysis, "_count", counting)
    first = _fresh_tables(edge_cli, path)
    assert counted == [1] and list((tmp_path / "cache").glob("bet-counts-*.json"))
    assert _fresh_tables(edge_cli, path) == first and counted == [1]
    # the same file at another number of decks is another entry
    assert _fresh_tables(edge_cli, path, "--set", "decks=2") != first and counted == [1, 1]
    # an edit that changes what an outcome means (and not the file's size) misses
    head, tail = path.read_text(encoding="utf-8").rsplit('when = "same_rank(player)"', 1)
    path.write_text(head + 'when = "same_suit(player)"' + tail, encoding="utf-8")
    edited = _fresh_tables(edge_cli, path)
    assert len(counted) == 3 and edited != first
    assert _fresh_tables(edge_cli, path, "--no-cache") == edited and len(counted) == 4


def test_a_damaged_entry_is_counted_again(edge_cli: CliRunner, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """An entry that is not whole (or whose counts do not add up) is counted again, with the
    same table."""
    monkeypatch.setenv("EDGE_CACHE_DIR", str(tmp_path / "cache"))
    path = tmp_path / "pair-plus.toml"
    shutil.copy(BETS / "pair-plus.toml", path)
    first = _fresh_tables(edge_cli, path)
    (entry,) = (tmp_path / "cache").glob("bet-counts-*.json")
    for damage in ('{"counts": [1, 2]', '{"counts": [1], "examples": [null], "cycle": 1}'):
        entry.write_text(damage, encoding="utf-8")
        assert _fresh_tables(edge_cli, path) == first


# --- the held cards and the class -----------------------------------------------------------

@pytest.mark.parametrize("held", [(51, 47), (0, 4), (20, 33), (48, 44, 40), (1, 2, 3)])
def test_the_kernel_counts_each_held_set_by_class(held: tuple[int, ...]) -> None:
    """Every 5-card hand holding two or three given cards, by class: the kernel's row against
    the plain evaluator of this file (aces, deuces, mixed, part of a royal flush)."""
    counts, first = _kernels.class_counts_by_held(5, len(held))
    assert list(counts[colex(held)]) == plain_row(held)
    for klass in range(10):
        mask = int(first[colex(held), klass])
        if counts[colex(held), klass]:
            hand = tuple(card for card in range(52) if mask >> card & 1)
            assert set(held) <= set(hand) and plain_class(hand) == klass
        else:
            assert mask == 0


def test_the_kernel_rows_add_up() -> None:
    """Each held card's row sums to the hands holding it, and each class, over every held
    card, counts each hand of that class once per card it holds (five times)."""
    counts, _ = _kernels.class_counts_by_held(5, 1)
    assert (counts.sum(axis=1) == math.comb(51, 4)).all()
    assert list(counts.sum(axis=0)) == [5 * n for n in PUBLISHED_FIVE_CARD_CLASSES]
    with pytest.raises(ValueError, match="held must be"):
        _kernels.class_counts_by_held(7, 4)


def test_the_kernel_in_parts_gives_the_whole() -> None:
    """The sets taken by their lowest card, in parts and in order (as the progress bar takes
    them), give the counts and the first sets of one call; arrays of another shape are
    refused."""
    whole = _kernels.class_counts_by_held(5, 2)
    parts = None
    for start in range(0, 52, 7):
        parts = _kernels.class_counts_by_held(5, 2, start, min(start + 7, 52), parts)
    assert parts is not None
    assert (parts[0] == whole[0]).all() and (parts[1] == whole[1]).all()
    with pytest.raises(ValueError, match="into must be"):
        _kernels.class_counts_by_held(5, 1, 0, 52, whole)


@pytest.mark.parametrize("arguments, message", [
    ((4, 1), "cards must be a whole number from 5 to 7, not 4"),
    ((8, 1), "cards must be a whole number from 5 to 7"),
    ((5.0, 1), "cards must be"), ((True, 1), "cards must be"),
    ((5, 0), "held must be a whole number from 1 to 3, not 0"), ((5, "2"), "held must be"),
    ((5, 1, -1, 52), "start and stop"), ((5, 1, 10, 9), "start and stop"),
    ((5, 1, 0, 53), "start and stop"), ((5, 1, 1.5, 52), "start and stop"),
    ((5, 1, False, 52), "start and stop"), ((5, 1, 0, 52, (1, 2)), "into must be"),
])
def test_the_kernel_refuses_bad_arguments(arguments: tuple[object, ...], message: str) -> None:
    """Every bad argument is a ValueError naming it, never a plausible count."""
    with pytest.raises(ValueError, match=message):
        UNTYPED_KERNELS.class_counts_by_held(*arguments)


@pytest.mark.slow
def test_the_held_route_equals_the_row_route(tmp_path: Path) -> None:
    """Every outcome count of the held route equals the plain row enumeration's (13 million
    rows of cards)."""
    path = write(tmp_path, "held", "player = 1\nboard = 4\ndealer = 2", {
        "heart-flush": "poker5(player + board) == flush and suit(player[1]) == hearts",
        "royal-ace": "poker5(board + player) == royal-flush and rank(player[1]) == A",
        "high-pair": "poker5(player + board) >= pair and rank(player[1]) >= J",
    })
    analysis = BetAnalysis(read_bet_file(path))
    assert held_only(analysis.bet.layout, [o.node for o in analysis.bet.outcomes]) is not None
    assert analysis.counts(1, by_class=True).counts == analysis.counts(1, by_class=False).counts


def test_the_held_route_counts_as_a_plain_enumeration(tmp_path: Path) -> None:
    """The held route on the player's two cards in order and three board cards: the counts
    for the deals where they are the ace then the king of hearts (a file asking for those:
    every outcome can happen) against the plain evaluator over every board; the whole file's
    royal flushes with an ace first; and a real deal of each outcome, settled by the file's
    own conditions."""
    outcomes = {"heart-flush": "poker5(player + board) == flush and suit(player[1]) == hearts",
                "royal-ace": "poker5(board + player) == royal-flush and rank(player[1]) == A",
                "high-pair": "poker5(player + board) >= pair and rank(player[2]) >= J"}
    analysis = BetAnalysis(read_bet_file(write(tmp_path, "two", "player = 2\nboard = 3",
                                               outcomes)))
    assert held_only(analysis.bet.layout, [o.node for o in analysis.bet.outcomes]) is not None
    found = analysis.counts(1)
    assert found.cycle == 52 * 51 * math.comb(50, 3) == sum(found.counts)
    assert found.counts[1] == 4 * 4         # a royal flush, the ace first of the player's two
    for outcome, faces in enumerate(found.examples):
        assert faces is not None
        assert int(analysis.classify(Deals(np.array([faces])))[0]) == outcome
    held = ("rank(player[1]) == A and suit(player[1]) == hearts and rank(player[2]) == K and "
            "suit(player[2]) == hearts")
    asked = BetAnalysis(read_bet_file(write(tmp_path, "asked", "player = 2\nboard = 3", {
        name: f"{when} and {held}" for name, when in outcomes.items()}))).counts(1)
    row = plain_row((ACE_OF_HEARTS, KING_OF_HEARTS))
    assert asked.counts[:3] == (row[FLUSH], row[ROYAL],
                                sum(row[PAIR:]) - row[FLUSH] - row[ROYAL])


# --- progress -------------------------------------------------------------------------------

class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_long_enumeration_says_its_deals_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    """On a terminal, an enumeration of many rows draws a bar naming the file and its deals
    from the start; elsewhere (or for a short one) nothing is written."""
    from edge.bets import game
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    analysis = BetAnalysis(read_bet_file(BETS / "perfect-pairs.toml"))
    analysis.counts(2, by_class=False, run=RunSettings(progress=True))
    assert terminal.getvalue() == ""            # 1,378 rows: too short to show
    monkeypatch.setattr(game, "SHOWN_ROWS", 1)
    analysis.counts(2, by_class=False, run=RunSettings(progress=True))
    shown = terminal.getvalue()
    assert "counting perfect-pairs.toml" in shown and f"{math.comb(104, 2):,} deals" in shown
    # the held cards and the class: the kernel's sets as it visits them, the deals named
    monkeypatch.setattr(game, "SHOWN_WORK", 1)
    held = write(tmp_path, "held", "player = 2\nboard = 3",
                 {"pair-full": "poker5(player + board) == full-house and same_rank(player)",
                  "suited": "poker5(player + board) >= pair and same_suit(player)"})
    BetAnalysis(read_bet_file(held)).counts(1, run=RunSettings(progress=True))
    shown = terminal.getvalue()
    assert f"counting held.toml ({52 * 51 // 2 * math.comb(50, 3):,} deals)" in shown
    assert f"{math.comb(52, 5):,}/{math.comb(52, 5):,} 5-card sets" in shown


# --- tune --write ---------------------------------------------------------------------------

def test_the_command_tune_writes_runs_for_a_bet_file(edge_cli: CliRunner,
                                                     tmp_path: Path) -> None:
    """The "use it" command of each file ``edge tune --write`` writes for a bet file runs and
    gives the table with the file's pays."""
    path = str(BETS / "perfect-pairs.toml")
    result = edge_cli("tune", path, "--target-edge", "2%..6%", "--vary", "mixed-pair=4..8",
                      "--write", str(tmp_path / "tables"))
    assert result.status == 0, result.err
    written = sorted((tmp_path / "tables").glob("*.toml"))
    assert written
    for table in written:
        line = next(line for line in table.read_text().splitlines()
                    if line.startswith("# use it: "))
        words = shlex.split(line.removeprefix("# use it: "))
        assert words[0] == "edge"
        used = edge_cli(*[str(table) if word == "FILE" else word for word in words[1:]])
        assert used.status == 0, used.err
        pays = load_bet_file(path).bet("perfect-pairs").paytable(str(table))
        assert pays is not None and f"pay table: {pays.name}" in used.out
