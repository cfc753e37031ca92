"""A shared-board game's flop and river decisions in words (edge/decisions/board_words.py):
the solve's states summed by feature cell, and the words' exact return, each against a plain
enumeration written here (every deal of a deck of three ranks, hands ranked plainly, the
features read by their definitions in docs/strategies.md; no kernel called), on a copy of
examples/games/flop-and-river.toml; the words pasted into a strategy file play the same."""

from __future__ import annotations

import functools
import itertools
import json
import os
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from edge.bets import _showdown
from edge.cli import main
from edge.decisions import board
from edge.decisions.board import (
    FLOP_CELL,
    RIVER_CELL,
    BoardGame,
    BoardSolution,
    read_board_file,
    river_options,
    solve_board_game,
)
from edge.decisions.board_strategy_file import board_compare, board_strategy_kind, later_rules
from edge.decisions.board_words import (
    _polished,
    candidates,
    learn,
    price_words,
    rule_lines,
    word_floors,
)
from edge.decisions.holdem_features import Feature, HoldemRule, HoldemRules, holdem_condition
from edge.decisions.strategy_file import GameFileStrategy
from edge.strategies import catalog_of
from tests.test_flop_and_river import ANTE, GAME, card
from tests.test_uth_strategies import best, plain_features

# queens to aces; queens full of kings or better qualify (nothing weaker can be dealt)
RANKS = (10, 11, 12)
WEAKEST = "Qc Qd Qh Kc Kd"


def game_copy(tmp_path: Path) -> Path:
    """A copy of the example with the three ranks' qualifier (a copy: the game edge keeps
    for a path keeps its solves)."""
    path = tmp_path / "flop-and-river.toml"
    path.write_text(GAME.read_text().replace('weakest = "4c 4d 5h 3s 2c"',
                                             f'weakest = "{WEAKEST}"'))
    return path


@functools.cache
def solved(path: Path) -> tuple[BoardGame, BoardSolution]:
    game = read_board_file(path)
    return game, solve_board_game(game, ranks=list(RANKS), words=True)


@functools.cache
def hand(cards: frozenset[int]) -> tuple[int, ...]:
    return best(tuple(sorted(cards)))


def category(ranking: tuple[int, ...]) -> int:
    """0 high card .. 9 royal flush."""
    return 9 if ranking[0] == 8 and ranking[1] == 12 else ranking[0]


def features(hole: tuple[int, int], board_cards: tuple[int, ...],
             deck: tuple[int, ...]) -> list[int]:
    """The features read plainly (docs/strategies.md): on the flop every one, on the river
    those of its cells (the hand, hidden, the kind of one pair, the dealer outs among the
    unseen cards of this deck)."""
    if len(board_cards) == 3:
        return plain_features(hole, board_cards)
    values = [0] * len(Feature)
    mine = hand(frozenset((*hole, *board_cards)))
    values[Feature.HAND] = category(mine)
    values[Feature.HIDDEN] = int(category(mine) > category(hand(frozenset(board_cards))))
    if category(mine) == 1:
        ranks = [c >> 2 for c in hole]
        on_board = sorted({c >> 2 for c in board_cards}, reverse=True)
        paired = [r for r in ranks if r in on_board]
        values[Feature.PAIR] = (1 if ranks[0] == ranks[1] else
                                2 + on_board.index(paired[0]) if paired else 7)
    unseen = [c for c in deck if c not in (*hole, *board_cards)]
    values[Feature.DEALER_OUTS] = sum(1 for c in unseen
                                      if hand(frozenset((*board_cards, c))) > mine)
    return values


def holds(words: HoldemRules, values: list[int]) -> int:
    """The option the words take, read plainly: the first rule whose conditions all hold."""
    for rule in words.rules:
        if all(values[c.feature] in c.allowed for c in rule.conditions):
            return rule.action
    return words.otherwise


Cells = dict[tuple[int, ...], list[int]]


def river_values(hole: tuple[int, int], board_cards: tuple[int, ...], left: list[int],
                 least: tuple[int, ...]) -> tuple[int, int, int]:
    """A holding's river state: what checking and raising are worth (in Antes, summed over
    the dealer's hands from the cards ``left`` less the board's), and the dealer's hands."""
    mine = hand(frozenset((*hole, *board_cards)))
    pay = ANTE.get(category(mine), 1)
    checked = raised = dealers = 0
    for dealer in itertools.combinations([c for c in left if c not in board_cards], 2):
        theirs = hand(frozenset((*dealer, *board_cards)))
        dealers += 1
        if theirs < least:                  # the dealer does not qualify: every wager pushes
            continue
        if mine > theirs:                   # the Ante by the hand, the call 2, the raise 1
            checked += pay + 2
            raised += pay + 3
        elif mine < theirs:
            checked -= 3
            raised -= 4
    return checked, raised, dealers


def holding_class(hole: tuple[int, int]) -> int:
    """The class of edge.decisions.board.holding_classes: low * 13 + high suited, high * 13
    + low otherwise."""
    high, low = max(hole) >> 2, min(hole) >> 2
    return low * 13 + high if hole[0] & 3 == hole[1] & 3 else high * 13 + low


@pytest.mark.kernels
def test_one_flops_river_cells_against_a_plain_enumeration(tmp_path: Path) -> None:
    # the board kernel's cells for one flop of three ranks, every holding and board: each
    # option's value times the flop's weight, the deals where it is the best
    game = read_board_file(game_copy(tmp_path))
    deck = tuple(rank * 4 + suit for rank in RANKS for suit in range(4))
    flop = (card("Qc"), card("Kd"), card("Ah"))
    stake = (Fraction(1), Fraction(2), Fraction(0))
    nets, order = river_options(game, game.bet.presets["standard"], True, game.decisions[1],
                                stake)
    cells = np.zeros((*_showdown.RIVER_CELL_SHAPE, 2, 2), dtype=np.int64)
    _showdown.decided_counts(list(flop), game.weakest, nets, order, list(RANKS), cells=cells,
                             cell_weight=3)
    least = best(tuple(card(text) for text in WEAKEST.split()))
    rest = [c for c in deck if c not in flop]
    plain: Cells = {}
    for hole in itertools.combinations(rest, 2):
        after = [c for c in rest if c not in hole]
        for later in itertools.combinations(after, 2):
            board_cards = (*flop, *later)
            checked, raised, dealers = river_values(hole, board_cards, after, least)
            values = features(hole, board_cards, deck)
            cell = plain.setdefault((holding_class(hole), *(values[f] for f in RIVER_CELL)),
                                    [0] * 4)
            cell[0] += 3 * checked
            cell[1] += 3 * raised
            cell[2 if checked > raised else 3] += 3 * dealers
    found = {tuple(int(v) for v in key): [int(v) for v in cells[key].reshape(-1)]
             for key in zip(*np.nonzero(cells.reshape(*cells.shape[:-2], -1).any(axis=-1)),
                            strict=True)}
    reordered = {key: [entry[0], entry[2], entry[1], entry[3]] for key, entry in found.items()}
    assert reordered == plain


def plain_play(words: tuple[HoldemRules, ...] = ()
               ) -> tuple[Cells, Cells, Fraction]:
    """Every deal of the three ranks, one holding of each class counted and weighted by the
    holdings of its class (a renaming of suits deals them alike): the flop's and the river's
    states by cell (each option's value in Antes summed over its deals, then the deals where
    it is the best, a tie to the larger wager), and the return per Ante with the words (if
    given) taking the flop's (call-or-fold) and the river's (river-raise) decisions."""
    deck = tuple(rank * 4 + suit for rank in RANKS for suit in range(4))
    least = best(tuple(card(text) for text in WEAKEST.split()))
    representatives: dict[tuple[int, int, bool], list[tuple[int, int]]] = {}
    for hole in itertools.combinations(deck, 2):
        key = (max(hole) >> 2, min(hole) >> 2, hole[0] & 3 == hole[1] & 3)
        representatives.setdefault(key, []).append(hole)
    flop_cells: Cells = {}
    river_cells: Cells = {}
    total = deals = 0
    for holes in representatives.values():
        hole, weight = holes[0], len(holes)
        rest = [c for c in deck if c not in hole]
        for flop in itertools.combinations(rest, 3):
            after = [c for c in rest if c not in flop]
            called = ruled = ways = 0
            for later in itertools.combinations(after, 2):
                board_cards = (*flop, *later)
                checked, raised, dealers = river_values(hole, board_cards, after, least)
                ways += dealers
                values = features(hole, board_cards, deck)
                cell = river_cells.setdefault(tuple(values[f] for f in RIVER_CELL), [0] * 4)
                cell[0] += weight * checked
                cell[1] += weight * raised
                cell[2 if checked > raised else 3] += weight * dealers
                called += max(checked, raised)
                if words:
                    ruled += raised if holds(words[1], values) else checked
            values = features(hole, flop, deck)
            cell = flop_cells.setdefault(tuple(values[f] for f in FLOP_CELL), [0] * 5)
            cell[0] -= weight * ways
            cell[1] += weight * called
            cell[2 if -ways > called else 3] += weight * ways
            cell[4] += weight * max(-ways, called)      # the solve's own option's value
            if words:
                total += weight * (ruled if holds(words[0], values) else -ways)
            deals += weight * ways
    return flop_cells, river_cells, Fraction(total, deals)


def found_cells(solution: BoardSolution, d: int) -> Cells:
    cells = solution.word_cells[d]
    counts = solution.preflop_counts
    assert counts is not None and counts.pays.scale == 1
    solved = [] if cells.solved is None else [[int(v)] for v in cells.solved]
    return {tuple(int(v) for v in key): [*(int(v) for v in values), *(int(v) for v in best),
                                         *(solved[n] if solved else [])]
            for n, (key, values, best) in enumerate(zip(cells.keys, cells.values, cells.best,
                                                        strict=True))}


@pytest.mark.slow          # about 2 s
@pytest.mark.kernels
def test_cells_and_the_words_return_against_a_plain_enumeration(tmp_path: Path) -> None:
    game, solution = solved(game_copy(tmp_path))
    words = tuple(learn(solution.word_cells[d], d, d == 1).rules for d in (0, 1))
    flop_cells, river_cells, played = plain_play(words)
    assert found_cells(solution, 0) == flop_cells
    assert found_cells(solution, 1) == river_cells
    # the flop's floor: the best option of each cell against the solve's own, over the deals
    lost = sum(cell[4] - max(cell[0], cell[1]) for cell in flop_cells.values())
    assert word_floors(solution) == {0: (Fraction(lost, solution.cycle), len(flop_cells))}
    assert lost > 0
    priced = price_words(solve_board_game(game, ranks=list(RANKS), plan=words))
    assert priced.played == played
    assert priced.cost == solution.player_return - played > 0
    assert sum(d.cost for d in priced.departures) == priced.cost
    # every deal comes to the flop's decision; the words depart on some of them
    assert priced.reached[0] == solution.cycle
    assert 0 < priced.departing[0] < solution.cycle


@pytest.mark.kernels
def test_the_words_pasted_into_a_strategy_file_play_the_same(tmp_path: Path) -> None:
    game, solution = solved(game_copy(tmp_path))
    words = tuple(learn(solution.word_cells[d], d, d == 1).rules for d in (0, 1))
    text = "\n".join(['name = "words"', *rule_lines(game, words[0]), "",
                      *rule_lines(game, words[1])])
    strategy = catalog_of(board_strategy_kind(game)).read(text, "words.toml", None)
    assert isinstance(strategy, GameFileStrategy)
    assert later_rules(strategy) == words
    planned = solve_board_game(game, ranks=list(RANKS), plan=later_rules(strategy))
    comparison, _ = board_compare(strategy, planned, "main")
    assert comparison.strategy_return == price_words(planned).played


@pytest.mark.kernels
def test_the_strategy_command_prints_the_words(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(board, "solve_board_game",
                        functools.partial(board.solve_board_game, ranks=list(RANKS)))
    path = game_copy(tmp_path)
    assert main(["strategy", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for name in ("call-or-fold", "river-raise"):
        assert data[name]["words"][-1].startswith("otherwise ")
        assert data[name]["strategy_file"][0] == f"[{name}]"
    assert Fraction(data["words"]["player_return"]) + Fraction(data["words"]["cost"]) == \
        Fraction(data["player_return"])
    # the floor of words on the flop's features is given where the cells know the solve's own
    # values (the flop's), and no words cost less
    flop = data["call-or-fold"]
    assert 0 < Fraction(flop["floor"]) <= Fraction(flop["cost"]) and flop["cells"] > 0
    assert "floor" not in data["river-raise"]
    assert main(["strategy", str(path)]) == 0
    printed = capsys.readouterr().out
    assert "a summary found from the solve" in printed and "rules = [" in printed
    assert "No words on these features can cost less here" in printed


@pytest.mark.skipif(not os.environ.get("EDGE_FILE_FULL"), reason="full deck: EDGE_FILE_FULL=1")
def test_full_deck_words_of_flop_and_river() -> None:
    # two solves of the full deck (about 7 minutes of one core): the words are short, better
    # on their cells than the best single option, and priced exactly (their rules' costs add
    # up to the difference of the returns, checked by price_words)
    game = read_board_file(GAME)
    solution = solve_board_game(game, words=True)
    learned = [learn(solution.word_cells[d], d, d == 1) for d in (0, 1)]
    assert all(w.single < w.value <= w.optimal and len(w.rules.rules) <= 6 for w in learned)
    priced = price_words(solve_board_game(game, plan=tuple(w.rules for w in learned)))
    assert priced.optimal == solution.player_return
    assert 0 < priced.cost < 1


@pytest.mark.parametrize(("key", "raw", "words"), [
    ("overcards_min", 1, "at least one hole card ranks above every board card"),
    ("overcards", 2, "both hole cards rank above every board card"),
    ("overcards_below", 1, "no hole card ranks above every board card"),
    ("three_flush_min", 1, "he holds three to a flush with a hole card in it"),
    ("three_flush", 2, "he holds three to a flush with both hole cards in it"),
    ("three_flush_max", 1, "he holds no three to a flush with both hole cards in it"),
    ("board_suited_max", 2, "the most board cards of one suit is at most 2"),
    ("board_suited", 3, "the most board cards of one suit is exactly 3"),
    ("board_suited_min", 3, "the most board cards of one suit is at least 3"),
    ("board_suited", [1, 3], "the most board cards of one suit is 1 or 3"),
])
def test_the_features_of_game_files_read_in_words(key: str, raw: object, words: str) -> None:
    condition = holdem_condition(key, raw, "no", False, "test")
    assert condition.words == words


def test_polishing_moves_a_rule_to_the_best_bound_and_never_loses() -> None:
    # thirteen made-up cells by the higher hole card: calling wins 1 from a nine up and loses
    # 1 below it, folding is worth 0; words that fold below a seven only are moved to fold
    # below a nine (every cell then takes its better option)
    values = np.array([[0, 1 if rank >= 7 else -1] for rank in range(13)], dtype=np.int64)
    keys = np.arange(13)
    conditions = candidates(Feature.HIGH_CARD, set(range(13)), False)
    masks = [np.isin(keys, sorted(condition.allowed)) for condition in conditions]
    start = next(c for c in conditions if c.text == 'high_card_max = "6"')
    rules, otherwise = _polished(values, conditions, masks, (HoldemRule(0, (start,)),), 1)
    assert [c.text for rule in rules for c in rule.conditions] in (
        ['high_card_max = "8"'], ['high_card_min = "9"'])
    chosen = HoldemRules(0, rules, otherwise).decide(keys[:, np.newaxis].repeat(
        max(Feature) + 1, axis=1))[0]
    assert sum(int(values[cell, option]) for cell, option in enumerate(chosen)) == 6
