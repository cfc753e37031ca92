"""Game protection for a game file with a shared board (issue 36): cards of the flop seen
before the decision made on the player's two cards (``[protection.flop-1] board = 1``).

The independent checks: a plain enumeration in this file (its own best-five ranking, every
flop, turn, river and dealer's hand looped over, the decision before the flop taken for each
holding and seen cards by comparing sums over the flops holding them, no kernel called) on a
deck of three ranks; the classes of (holding, seen cards) against a plain renaming of suits;
and on the full deck edge's own Ultimate Texas Hold'em solver under the same scenarios
(``seen=flop-1``, a separate program in edge/games/ultimate_texas_holdem/exposure/).
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import os
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from edge.cli import main
from edge.decisions import board, board_dealer, board_dealer_flop, board_protection
from edge.decisions.board import read_board_file, solve_board_game
from edge.decisions.board_protection import solve_seen
from edge.decisions.board_seen import SeenBoard, SeenPlay
from edge.decisions.board_simulation import board_simulator
from edge.games import analyze
from edge.simulation import simulate
from tests.test_uth_file import BLIND, card
from tests.test_uth_strategies import best  # a plain best-five ranking

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "games"
GAME = EXAMPLES / "ultimate-texas-holdem.toml"
THREE = [10, 11, 12]
LETTERS = "23456789TJQKA"


@functools.cache
def plain_flop_values(ranks: tuple[int, ...], weakest: str
                      ) -> dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Fraction, ...]]:
    """Every holding and flop of a deck of these ranks: the sums over every turn, river and
    dealer's hand of the net (in Antes) of each option before the flop, in the file's order
    (check, then the best of the flop's and the river's; bet 3x; bet 4x)."""
    deck = [rank * 4 + suit for rank in ranks for suit in range(4)]
    least = best(tuple(card(text) for text in weakest.split()))

    @functools.cache
    def hand(cards: frozenset[int]) -> tuple[int, ...]:
        return best(tuple(cards))

    def net(play: int, blind: Fraction, results: dict[tuple[bool, int], int]) -> Fraction:
        """Ante, Blind and a Play of ``play`` Antes over the dealer's hands, by (the dealer
        qualifies, the player's hand compared: 1 higher, 0 equal, -1 lower)."""
        value = Fraction(0)
        for (qualifies, compared), count in results.items():
            if compared > 0:
                value += count * ((1 if qualifies else 0) + blind + play)
            elif compared < 0:
                value -= count * ((1 if qualifies else 0) + 1 + play)
        return value

    found: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Fraction, ...]] = {}
    for hole in itertools.combinations(deck, 2):
        rest = [c for c in deck if c not in hole]
        for flop in itertools.combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            bets = {4: Fraction(0), 3: Fraction(0), 2: Fraction(0)}
            river = Fraction(0)
            for later in itertools.combinations(after, 2):
                seven = frozenset((*hole, *flop, *later))
                mine = hand(seven)
                blind = BLIND.get(9 if mine[0] == 8 and mine[1] == 12 else mine[0], Fraction(0))
                left = [c for c in after if c not in later]
                results: dict[tuple[bool, int], int] = {}
                for dealer in itertools.combinations(left, 2):
                    theirs = hand(frozenset((*dealer, *flop, *later)))
                    key = (theirs >= least, (mine > theirs) - (mine < theirs))
                    results[key] = results.get(key, 0) + 1
                for play in (4, 3, 2):
                    bets[play] += net(play, blind, results)
                river += max(Fraction(-2 * sum(results.values())), net(1, blind, results))
            found[hole, flop] = (max(bets[2], river), bets[3], bets[4])
    return found


def plain_choices(ranks: list[int], weakest: str, seen: int
                  ) -> dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[int, Fraction]]:
    """For each holding and ``seen`` cards of the flop apart from it, the option the player
    takes before the flop (its index in the file: check, bet-3x, bet-4x; a tie to the smaller
    wager, as the file says) and its value summed over the flops holding the seen cards."""
    sums: dict[tuple[tuple[int, ...], tuple[int, ...]], list[Fraction]] = {}
    for (hole, flop), values in plain_flop_values(tuple(ranks), weakest).items():
        for sight in itertools.combinations(flop, seen):
            entry = sums.setdefault((hole, sight), [Fraction(0)] * 3)
            for i, value in enumerate(values):
                entry[i] += value
    found = {}
    for state, entry in sums.items():
        option = entry.index(max(entry))              # the first of the best: the smallest
        found[state] = (option, entry[option])
    return found


def plain_return(ranks: list[int], weakest: str, seen: int) -> Fraction:
    """Every deal of a deck of these ranks, ``seen`` of the flop's cards seen before the
    decision on the two cards, each deal counted once for each choice of the seen cards; the
    player takes at each decision the option worth the most; per Ante."""
    n = 4 * len(ranks)
    deals = math.comb(n, 2) * math.comb(n - 2, 3) * math.comb(n - 5, 2) * math.comb(n - 7, 2)
    return (sum((value for _, value in plain_choices(ranks, weakest, seen).values()),
                Fraction(0)) / (deals * math.comb(3, seen)))


@pytest.mark.parametrize("seen", [1, 2])
def test_the_seen_states_are_the_classes_under_a_renaming_of_suits(seen: int) -> None:
    deck = tuple(rank * 4 + suit for rank in THREE for suit in range(4))
    states = SeenBoard(deck, seen)
    assert states.ways == math.comb(3, seen)
    found: dict[int, set[tuple[tuple[int, ...], tuple[int, ...]]]] = {}

    @functools.cache
    def least(h: tuple[int, ...], sight: tuple[int, ...]
              ) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The least renaming of suits of (holding, seen cards): its class, plainly."""
        return min((tuple(sorted(c - c % 4 + p[c % 4] for c in h)),
                    tuple(sorted(c - c % 4 + p[c % 4] for c in sight)))
                   for p in itertools.permutations(range(4)))

    for flop in itertools.combinations(deck, 3):
        holdings = [h for h in itertools.combinations(deck, 2) if not set(h) & set(flop)]
        ids = states.of(flop, np.array(holdings, dtype=np.int64))
        assert ids.shape == (len(holdings), math.comb(3, seen))
        for h, row in zip(holdings, ids.tolist(), strict=True):
            for sight, state in zip(itertools.combinations(flop, seen), row, strict=True):
                found.setdefault(state, set()).add(least(h, sight))
    assert all(len(classes) == 1 for classes in found.values())
    assert len({next(iter(c)) for c in found.values()}) == len(found) == states.count - 1


def test_a_card_seen_is_counted_once_for_each_card_that_may_be_it() -> None:
    game = read_board_file(GAME)
    dealt = solve_board_game(game, ranks=THREE)
    for seen in (1, 2, 3):
        solution = solve_seen(game, seen, ranks=THREE)
        assert solution.cycle == math.comb(3, seen) * dealt.cycle == \
            math.comb(3, seen) * 66 * 120 * 21 * 10
        assert sum(solution.lines.values()) == solution.cycle
        # seeing more is never worth less to a player who uses it perfectly
        assert solution.player_return >= dealt.player_return


@pytest.mark.slow
def test_three_ranks_against_a_plain_enumeration() -> None:
    # about 10 s of one core for each number of cards seen: the plain loop
    game = read_board_file(GAME)
    for seen in (1, 2, 3):
        assert solve_seen(game, seen, ranks=THREE).player_return == \
            plain_return(THREE, "2c 2d 5h 4s 3c", seen)


@pytest.fixture
def three_ranks(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The file's solves on a deck of three ranks (Q, K, A), no report simulating them; the
    example read from a copy, so that the game edge keeps for its path (and its solves) is not
    the one a full-deck test of the same process reads."""
    copy = tmp_path / "copy" / GAME.name
    copy.parent.mkdir()
    copy.write_text(GAME.read_text())
    monkeypatch.setattr(sys.modules[__name__], "GAME", copy)
    solve_on_three_ranks(monkeypatch)


def use_full_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    """A full-deck test's gate: the built-in's full solves read from ``EDGE_PUBLISHED_CACHE``,
    or made with ``EDGE_EXPOSURE_FULL=1``; skipped otherwise."""
    folder = os.environ.get("EDGE_PUBLISHED_CACHE")
    if folder:
        monkeypatch.setenv("EDGE_CACHE_DIR", folder)
    elif os.environ.get("EDGE_EXPOSURE_FULL") != "1":
        pytest.skip("EDGE_PUBLISHED_CACHE names no cache of the full solves "
                    "(EDGE_EXPOSURE_FULL=1 makes them)")


def solve_on_three_ranks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared-board file's solves (the game as dealt, flop cards seen, a dealer's card
    seen) on a deck of three ranks (Q, K, A), no report simulating them."""
    monkeypatch.setattr("edge.simulation.verification.simulates", lambda game: False)
    monkeypatch.setattr(board, "solve_board_game",
                        functools.partial(board.solve_board_game, ranks=THREE))
    monkeypatch.setattr(board_dealer, "solve_dealer_seen",
                        functools.partial(board_dealer.solve_dealer_seen, ranks=THREE))
    monkeypatch.setattr(board_protection, "solve_seen",
                        functools.partial(board_protection.solve_seen, ranks=THREE))
    monkeypatch.setattr(board_protection, "solve_later_seen",
                        functools.partial(board_protection.solve_later_seen, ranks=THREE))
    monkeypatch.setattr(board_dealer_flop, "solve_dealer_later_seen", functools.partial(
        board_dealer_flop.solve_dealer_later_seen, ranks=THREE))


def with_protection(tmp_path: Path, extra: str, name: str = "ultimate-texas-holdem.toml"
                    ) -> tuple[Path, int]:
    """The example file with ``extra`` added, and the line ``extra`` starts on."""
    text = (EXAMPLES / name).read_text()
    path = tmp_path / name
    path.write_text(text + "\n" + extra)
    return path, len(text.splitlines()) + 2


@pytest.mark.usefixtures("three_ranks")
def test_the_table_and_protection_commands(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    game = read_board_file(GAME)
    table = analyze(str(GAME), options={"seen": "flop-1"})
    assert table.expected_return == solve_seen(game, 1, ranks=THREE).player_return
    assert table.cycle == 3 * 66 * 120 * 21 * 10
    assert main(["table", str(GAME), "--set", "seen=flop-1"]) == 0
    out = capsys.readouterr().out
    assert "Seen: one of the three cards of the flop, seen before preflop." in out
    assert "Value of the information" in out
    assert main(["protection", str(GAME)]) == 0
    out = capsys.readouterr().out
    assert "flop-1" in out and "flop-2" in out


@pytest.mark.slow
@pytest.mark.usefixtures("three_ranks")
def test_the_report_with_its_protection(tmp_path: Path) -> None:
    # about 3 s: the report's sections, each solve on three ranks
    report = tmp_path / "report.md"
    assert main(["report", str(GAME), "--protection", "--output", str(report)]) == 0
    assert "flop-2" in report.read_text()


def plain_class(hole: tuple[int, ...]) -> str:
    """A holding's class as a player names it (``QQ``, ``AKs``, ``AQo``), plainly."""
    high, low = sorted(hole, key=lambda c: (c // 4, c % 4), reverse=True)
    if high // 4 == low // 4:
        return LETTERS[high // 4] * 2
    return LETTERS[high // 4] + LETTERS[low // 4] + ("s" if high % 4 == low % 4 else "o")


def plain_relation(hole: tuple[int, ...], sight: tuple[int, ...]) -> tuple[int, bool]:
    """How many seen cards have the rank of a card of the holding, and whether two seen cards
    have one rank."""
    return (sum(1 for c in sight if c // 4 in {h // 4 for h in hole}),
            len({c // 4 for c in sight}) < len(sight))


def strategy_json(seen: int, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """``edge strategy FILE --set seen=flop-SEEN --format json``, read."""
    assert main(["strategy", str(GAME), "--set", f"seen=flop-{seen}", "--format", "json"]) == 0
    found: dict[str, Any] = json.loads(capsys.readouterr().out)
    return found


@pytest.mark.usefixtures("three_ranks")
@pytest.mark.parametrize("seen", [1, 2, 3])
def test_the_exposed_strategy_counts_every_state(seen: int,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    # the counts the strategy gives add up as plain counting says they must: a holding
    # class's states are its holdings times the choices of the seen cards from the cards left
    # (with one card seen, by the rank: the holdings times the cards of that rank left)
    data = strategy_json(seen, capsys)
    deck = [rank * 4 + suit for rank in THREE for suit in range(4)]
    holdings: dict[str, list[tuple[int, ...]]] = {}
    for hole in itertools.combinations(deck, 2):
        holdings.setdefault(plain_class(hole), []).append(hole)
    classes = data["preflop"]
    assert set(classes) == set(holdings)
    for name, entry in classes.items():
        assert entry["states"] == len(holdings[name]) * math.comb(len(deck) - 2, seen)
        assert entry["check"] + entry["bet-3x"] + entry["bet-4x"] == entry["states"]
    if seen == 3:
        assert all("gain" not in entry for entry in classes.values())
    else:
        # the gains are each class's share of the value of the information
        assert sum(Fraction(entry["gain"]) for entry in classes.values()) == \
            Fraction(data["information"]) == \
            Fraction(data["player_return"]) - Fraction(data["as_dealt_return"])
    if seen == 1:
        for name, by_rank in data["by_seen_rank"].items():
            for letter, counts in by_rank.items():
                first = holdings[name][0]            # every holding of a class: its ranks
                left = sum(1 for c in deck if LETTERS[c // 4] == letter and c not in first)
                assert sum(counts.values()) == len(holdings[name]) * left
    # the states by what the seen cards do for the holding, counted plainly
    relations: dict[tuple[int, bool], int] = {}
    for hole in itertools.combinations(deck, 2):
        for sight in itertools.combinations([c for c in deck if c not in hole], seen):
            key = plain_relation(hole, sight)
            relations[key] = relations.get(key, 0) + 1
    assert {(entry["pair_the_holding"], entry["two_of_one_rank"]):
            sum(entry[option] for option in ("check", "bet-3x", "bet-4x"))
            for entry in data["by_seen_cards"]} == relations
    assert main(["strategy", str(GAME), "--set", f"seen=flop-{seen}"]) == 0
    out = capsys.readouterr().out
    assert "value of the information" in out and "Decision: preflop" in out
    assert "the option differs from the one taken as dealt on" in out
    # the plain rules: the classes that take one option whatever is seen
    always = [name for name, entry in classes.items() if entry["bet-4x"] == entry["states"]]
    assert (f"bet-4x whatever is seen ({len(always)} class" in out) == bool(always)


@pytest.mark.slow
@pytest.mark.usefixtures("three_ranks")
@pytest.mark.parametrize("seen", [1, 2, 3])
def test_the_exposed_strategy_against_a_plain_enumeration(
        seen: int, capsys: pytest.CaptureFixture[str]) -> None:
    # the plain loop's decision for every holding and seen cards (about 10 s once, shared by
    # the three cases and the return's test): the strategy's counts by class and (for one and
    # two cards seen) each class's gain against its option as dealt; the option the simulator
    # plays for every holding and seen cards
    weakest = "2c 2d 5h 4s 3c"
    choices = plain_choices(THREE, weakest, seen)
    as_dealt = plain_choices(THREE, weakest, 0)
    names = ("check", "bet-3x", "bet-4x")
    dealt_option = {plain_class(hole): option for (hole, _), (option, _) in as_dealt.items()}
    deck = [rank * 4 + suit for rank in THREE for suit in range(4)]
    counts: dict[str, dict[str, int]] = {}
    gains: dict[str, Fraction] = {}
    values = plain_flop_values(tuple(THREE), weakest)
    n = len(deck)
    deals = math.comb(n, 2) * math.comb(n - 2, 3) * math.comb(n - 5, 2) * math.comb(n - 7, 2) \
        * math.comb(3, seen)
    for (hole, sight), (option, value) in choices.items():
        name = plain_class(hole)
        entry = counts.setdefault(name, dict.fromkeys(names, 0))
        entry[names[option]] += 1
        dealt_value = sum(values[hole, flop][dealt_option[name]]
                          for flop in itertools.combinations(
                              [c for c in deck if c not in hole], 3)
                          if set(sight) <= set(flop))
        gains[name] = gains.get(name, Fraction(0)) + (value - dealt_value) / deals
    relations: dict[tuple[int, bool], list[int]] = {}
    for (hole, sight), (option, _) in choices.items():
        entry_counts = relations.setdefault(plain_relation(hole, sight), [0, 0, 0, 0])
        entry_counts[option] += 1
        entry_counts[3] += option != dealt_option[plain_class(hole)]
    data = strategy_json(seen, capsys)
    assert {(entry["pair_the_holding"], entry["two_of_one_rank"]):
            [*(entry[option] for option in names), entry["changed"]]
            for entry in data["by_seen_cards"]} == relations
    for name, entry in data["preflop"].items():
        assert {option: entry[option] for option in names} == counts[name]
        assert entry["as_dealt"] == names[dealt_option[name]]
        if seen < 3:
            assert Fraction(entry["gain"]) == gains[name]
    # the simulator's option for every holding and seen cards
    game = read_board_file(GAME)
    solution = solve_seen(game, seen, ranks=THREE)
    if seen < 3:
        play = SeenPlay(SeenBoard(solution.deck, seen), solution.preflop)
        for (hole, sight), (option, _) in choices.items():
            rest = [c for c in deck if c not in hole and c not in sight][:3 - seen]
            assert play(hole, (*sight, *rest)) == option
    else:
        simulator = board_simulator(solution, game.bet.presets["standard"])
        for (hole, flop), (option, _) in choices.items():
            assert simulator._flop_choice(0, game.start, hole, flop) == option


@pytest.mark.usefixtures("three_ranks")
@pytest.mark.parametrize("seen", [1, 3])
def test_the_exposed_strategy_simulated(seen: int) -> None:
    # random deals playing the exposed strategy (the seen cards: the first of the flop as
    # dealt), each settled by the file, against the exact exposed table outcome by outcome
    played = simulate(str(GAME), options={"seen": f"flop-{seen}"}, hands=3000, seed=5, jobs=1)
    assert played.agrees
    assert played.exact == solve_seen(read_board_file(GAME), seen, ranks=THREE).player_return


@pytest.mark.usefixtures("three_ranks")
def test_a_strategy_file_seeing_is_refused_before_any_solve(
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    rules = EXAMPLES.parent / "strategies" / "uth-file-pairs-and-aces.toml"
    def no_solve(*args: object, **kwargs: object) -> None:
        raise AssertionError("solved")

    monkeypatch.setattr(board_protection, "solve_seen", no_solve)
    monkeypatch.setattr(board, "solve_board_game", no_solve)
    for command in ("table", "strategy", "simulate"):
        assert main([command, str(GAME), "--set", "seen=flop-1", "--set",
                     f"strategy={rules}"]) == 2
        err = capsys.readouterr().err
        assert err.startswith("edge: error: seen=flop-1: the exposed player's strategy is "
                              "solved exactly") and err.count("\n") == 1, err


@pytest.mark.parametrize(("extra", "key", "said"), [
    ("[protection.dealer-2]\ndealer = 2\n", 1, "dealer = 2: with a shared board 1 of the "
     "dealer's 2 cards seen before the first decision is solved"),
    ("[protection.flop-4]\nboard = 4\n", 1, "board = 4 must be the number of the 3 cards of "
     "flop seen before the first decision, 1 to 3."),
    ("[protection.flop-0]\nboard = 0\n", 1, "board = 0 must be"),
    ("[protection.flop-1]\nseen = 1\n", 1, "unknown key 'seen'"),
    ("[protection.flop-1]\nboard = 1\n", 1, "board = 1: the cards of flop are seen before a "
     "decision made with the player's cards alone; the first decision here, 'call-or-fold', is "
     "made with 5 cards seen."),
])
def test_a_sight_not_solved_is_refused_in_one_line(tmp_path: Path, extra: str, key: int,
                                                   said: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    path, line = with_protection(tmp_path, extra, "casino-holdem.toml")
    assert main(["table", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"edge: error: casino-holdem.toml: line {line + key}, column 1: ") \
        and err.count("\n") == 1, err
    assert said in err, err


@pytest.mark.slow
@pytest.mark.parametrize("seen", [1, 2, 3])
def test_the_built_in_solver_with_flop_cards_seen(seen: int, monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    # a full solve of the file (about 2.5 minutes of one core each, and one more of the game
    # as dealt for the strategy) against edge's own Ultimate Texas Hold'em under seen=flop-1,
    # flop-2, flop-3 (a separate program), whose exposure solves take minutes each: run with
    # EDGE_PUBLISHED_CACHE naming a cache of the full solves (as tests/test_uth_players.py),
    # or EDGE_EXPOSURE_FULL=1 to make them
    use_full_solves(monkeypatch)
    built_in = analyze("ultimate-texas-holdem", "main", options={"seen": f"flop-{seen}"})
    solution = solve_seen(read_board_file(GAME), seen)
    assert solution.player_return == built_in.expected_return
    assert solution.cycle == built_in.cycle
    # the same deals on each line of play
    theirs = dict(built_in.decisions)
    lines = solution.lines
    assert lines["bet-4x"] == theirs["preflop 4x"]
    assert lines.get("check, bet-2x", 0) == theirs["check, flop 2x"]
    assert lines["check, check, bet-1x"] == theirs["check, check, river 1x"]
    assert lines["check, check, fold"] == theirs["check, check, river fold"]
    assert "bet-3x" not in lines and theirs["preflop 3x"] == 0
    # the exposed strategy against the built-in's: the share of the states raised 4x, in all
    # and by class (one card seen: by class and the seen card's rank), the command's figures
    # with the solve above reused
    monkeypatch.setattr(board_protection, "solve_seen", lambda *args, **kwargs: solution)
    copy = tmp_path / GAME.name             # a path no other test's game is kept under
    copy.write_text(GAME.read_text())
    found = []
    for game in (str(copy), "ultimate-texas-holdem"):
        assert main(["strategy", game, "--set", f"seen=flop-{seen}", "--format", "json"]) == 0
        found.append(json.loads(capsys.readouterr().out))
    ours, built_in_strategy = found
    chosen = ours["preflop"]
    assert Fraction(sum(entry["bet-4x"] for entry in chosen.values()),
                    sum(entry["states"] for entry in chosen.values())) == \
        Fraction(built_in_strategy["preflop_shares"]["4x"])
    for entry in built_in_strategy["classes"]:
        if seen == 1:
            for rank, share in entry["four_x_share_by_seen_rank"].items():
                counts = ours["by_seen_rank"][entry["class"]][rank]
                assert Fraction(counts["bet-4x"], sum(counts.values())) == Fraction(share)
        else:
            counts = chosen[entry["class"]]
            assert counts["states"] == entry["states"]
            assert Fraction(counts["bet-4x"], counts["states"]) == Fraction(entry["four_x_share"])
