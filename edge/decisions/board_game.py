"""A game file with a shared board as a :class:`~edge.games.Game`: its exact return table
(:mod:`edge.decisions.board`) and the simulator of its solved strategy
(:mod:`edge.decisions.board_simulation`)."""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction
from typing import Any

from edge.bets.file import LEAST_PAY
from edge.decisions import board
from edge.decisions.analysis import played_strategy
from edge.decisions.board import FLOP, HOLDING, LATER, STAGES, BoardGame, BoardSolution
from edge.decisions.board_simulation import board_simulator
from edge.decisions.board_strategy_file import (
    RANK_LETTERS,
    board_compare,
    board_strategy_kind,
    class_name,
    later_rules,
    preflop_rules,
)
from edge.decisions.board_words import (
    PricedWords,
    later_decisions,
    learn,
    price_words,
    rule_lines,
    spoken,
    word_floors,
)
from edge.decisions.dealer import hand_pay_names
from edge.decisions.holdem_features import HoldemRules
from edge.document.document import Items, Paragraph, Preformatted, Report, Section, Table
from edge.games import EXHAUSTIVE_ENUMERATION, Bet, Game, Rules, Wager
from edge.options import option as rules_option
from edge.options import options_dict
from edge.paytables import PayTable
from edge.strategies import OPTIMAL, StrategyComparison, strategy_option
from edge.table import ReturnTable, Row, decimal

SOLVED_ON_BOARD = (
    "The player's strategy is solved exactly from the game file, from the last decision back. "
    "For each flop (one of each class under a renaming of suits, weighted by the flops it "
    "stands for) the board kernel completes the board with every turn and river and counts, "
    "for every holding of the player, the dealer's hands from the cards left by the player's "
    "final hand and the showdown's result (each holding against every other by inclusion and "
    "exclusion over the cards they share). A decision made with the whole board seen takes, "
    "on each board, the option of the highest value; one made with the flop seen, over the "
    "boards to come; one made with the player's cards alone, over every flop, by holding "
    "class (every holding of a class is worth the same). Every value is an exact integer "
    "sum, and the return table counts every deal under the chosen options "
    "(docs/games-from-files.md).")
BOARD_CHECK = ("the number of deals, computed apart from the solve (the deals counted under "
               "the chosen strategy must sum to it), and the return found from the states' "
               "values equal to the one counted forward")


def make_board_game(game: BoardGame,
                    solved: dict[tuple[object, ...], BoardSolution] | None = None) -> Game[Any]:
    """The :class:`Game` of a game file with a shared board: its exact return table, the
    simulator and the strategy report, under the solved strategy or a strategy file
    (:mod:`edge.decisions.board_strategy_file`); ``solved`` keeps its solves by (pays, ties
    to the larger), for the game protection to compare with."""
    bet = game.bet
    solved = {} if solved is None else solved
    compared: dict[tuple[object, ...], tuple[StrategyComparison, BoardSolution]] = {}
    kind = board_strategy_kind(game)
    # one deck, the solved strategy or a strategy file, ties
    rules = dataclasses.make_dataclass(
        "".join(part.title() for part in bet.name.split("-")) + "Rules",
        [("decks", int, rules_option(1, "decks (one: the game is solved for one deck)",
                                     minimum=1, maximum=1)),
         ("strategy", kind, strategy_option(
             kind.resolve(OPTIMAL), "the player's strategy: the optimal one, solved exactly "
             "from the file, or a strategy file with rules for any of its decisions "
             "(docs/games-from-files.md)")),
         ("ties", str, rules_option("larger" if game.larger_on_ties else "smaller",
                                    "which option a tie between options of equal value goes "
                                    "to: the larger or the smaller total wager",
                                    choices=("larger", "smaller")))],
        bases=(Rules,), frozen=True)

    def solve(table: PayTable, larger: bool, shown: bool = False,
              plan: tuple[HoldemRules, ...] = (), words: bool = False) -> BoardSolution:
        key = (table.pays, larger, plan)
        if key not in solved or (words and not solved[key].word_cells
                                 and later_decisions(game)):
            from edge.parallel import Progress
            with Progress("solving", math.comb(52, FLOP), shown, unit="flops") as bar:
                solved[key] = board.solve_board_game(game, table, larger,
                                                     progress=bar.advance, plan=plan,
                                                     words=words)
        return solved[key]

    def comparison(wager: Wager[Rules]) -> tuple[StrategyComparison, BoardSolution]:
        table = wager.paytable or bet.presets[bet.default_paytable]
        larger = getattr(wager.rules, "ties", "larger") == "larger"
        strategy = played_strategy(wager.rules)
        key = (table.pays, larger, strategy.identity)
        if key not in compared:
            compared[key] = board_compare(strategy, solve(table, larger, wager.run.progress,
                                                          later_rules(strategy)), bet.name)
        return compared[key]

    def played(wager: Wager[Rules]) -> BoardSolution:
        """The solution under the rules' strategy (the solve's own for the optimal one)."""
        return comparison(wager)[1]

    def analyze(wager: Wager[Rules]) -> ReturnTable:
        table = wager.paytable or bet.presets[bet.default_paytable]
        strategy = played_strategy(wager.rules)
        return board_table(played(wager), table, wager.rules,
                           "" if strategy.is_optimal else str(strategy))

    def simulate(wager: Wager[Rules]) -> Any:
        return board_simulator(played(wager), wager.paytable or bet.presets[bet.default_paytable])

    source = bet.source or f"the game file {bet.path.name} (no source stated)"
    outcomes = hand_pay_names(game.settles, game.wagers,
                              tuple(outcome.name for outcome in bet.outcomes))
    def strategy(wager: Wager[Rules]) -> Report:
        table = wager.paytable or bet.presets[bet.default_paytable]
        chosen = played_strategy(wager.rules)
        if not chosen.is_optimal:
            return board_strategy(played(wager), table, str(chosen),
                                  preflop_rules(chosen) is not None)
        larger = getattr(wager.rules, "ties", "larger") == "larger"
        solution = solve(table, larger, wager.run.progress, words=True)
        words = tuple(learn(solution.word_cells[d], d, game.decisions[d].seen == STAGES[-1])
                      .rules for d in later_decisions(game) if d in solution.word_cells)
        priced = (dataclasses.replace(price_words(solve(table, larger, wager.run.progress,
                                                        plan=words)),
                                      floors=word_floors(solution))
                  if words else None)
        return board_strategy(solution, table, words=priced)

    main = Bet(bet.name, bet.description.rstrip(".") or bet.title, analyze, outcomes,
               bet.presets, bet.default_paytable, least_pay=LEAST_PAY, simulate=simulate,
               strategy=strategy, compare=lambda wager: comparison(wager)[0])
    return Game(name=bet.name, title=bet.title, rules=rules, bets=(main,), source=source,
                invoked_as=str(bet.path), checks=(BOARD_CHECK,),
                method=(EXHAUSTIVE_ENUMERATION, SOLVED_ON_BOARD))


def board_table(solution: BoardSolution, table: PayTable, rules: Rules, strategy: str = ""
                ) -> ReturnTable:
    """The return table of a solve at these pays and rules (``strategy``: the strategy file
    played, "" for the solved strategy)."""
    game = solution.game
    bet = game.bet
    rows = tuple(Row(row, net, deals, total) for row, net, deals, total in solution.rows)
    dealt = (f"Every deal from one deck: the player's {HOLDING} cards, the {FLOP} board "
             f"cards of {game.board[0]}, the {LATER} of {game.board[1]} and the dealer's "
             f"{HOLDING}, each as a set: {solution.cycle:,} deals, each equally likely.")
    return ReturnTable(bet.name, bet.name, rows, table, options_dict(rules),
                       decisions=tuple(solution.lines.items()),
                       notes=(dealt,
                              "The player's strategy is solved exactly: each decision "
                              "takes the option of the highest expected return given "
                              "the cards seen (a tie goes to the "
                              f"{'larger' if solution.larger else 'smaller'} total wager)."
                              if not strategy else
                              f"The player plays the strategy file {strategy}: its rules "
                              "take the decision made with the player's two cards alone "
                              "and every later decision is played as solved given it; "
                              "every deal is counted under those choices.",
                              "Each wager in play is paid apart, by the showdown's "
                              "result and the player's hand as [settle] says; a row's "
                              "net is their sum. Figures are per "
                              f"{game.unit} (1 unit)."),
                       title=bet.title, basis=game.unit,
                       initial_stake=sum(game.start, Fraction(0))
                       / game.start[game.wagers.index(game.unit)])


def board_strategy(solution: BoardSolution, table: PayTable, file: str = "",
                   preflop_ruled: bool = True, words: PricedWords | None = None) -> Report:
    """The solved strategy of a game file with a shared board: the lines of play, the first
    decision (made with the player's cards alone) by holding class, and what the later ones
    are (``file``: the strategy file whose rules took decisions, if any: the later decisions'
    rules are listed; ``preflop_ruled``: whether its rules took the first; ``words``: the
    later decisions of the optimal strategy in words, priced exactly)."""
    game = solution.game
    shares = sorted(solution.lines.items(), key=lambda item: -item[1])
    facts = Items((
        f"expected return per {game.unit}: {decimal(solution.player_return * 100, 4)}% "
        f"(exactly {solution.player_return})",
        f"every deal counted: {solution.cycle:,}",
        f"pay table: {table.name}",
        f"a tie between options of equal value goes to the "
        f"{'larger' if solution.larger else 'smaller'} total wager",
    ))
    sections = [Section("The strategy played" if file else "The solved strategy", (facts, Table(
        ("line of play (options taken in turn)", "deals", "share"),
        tuple((line, f"{deals:,}", f"{decimal(Fraction(deals, solution.cycle) * 100, 4)}%")
              for line, deals in shares),
        "How often each line of play is taken", align="lrr")),
        method=(BOARD_FILE_STRATEGY if file else BOARD_STRATEGY,))]
    data: dict[str, Any] = {"game": game.bet.name, "player_return": str(solution.player_return),
                            "lines": dict(shares)}
    for d, decision in enumerate(game.decisions):
        if d == 0 and solution.preflop:
            grouped: dict[tuple[int, str], list[int]] = {}
            for klass in sorted(range(169), key=strength_order):
                first, second = divmod(klass, 13)
                group = ("pairs" if first == second
                         else f"{RANK_LETTERS[max(first, second)]} high")
                if solution.preflop[klass] >= 0:            # -1: not dealt from this deck
                    grouped.setdefault((solution.preflop[klass], group), []).append(klass)
            rows = tuple((decision.options[o].name, group, str(len(classes)),
                          " ".join(class_name(k) for k in classes))
                         for (o, group), classes in sorted(grouped.items(),
                                                           key=lambda item: item[0][0]))
            sections.append(Section(f"Decision: {decision.name}", (
                Paragraph(f"Made with the player's {HOLDING} cards alone: each of the 169 "
                          "holding classes (the two ranks, suited or not) takes one option, "
                          + (f"as the strategy file {file}'s rules take it."
                             if file and preflop_ruled else
                             "solved exactly over every flop, turn, river and dealer's hand.")),
                Table(("option", "hands", "classes", "the holding classes that take it"), rows,
                      f"{decision.name}: the option of each holding class", align="llrl"))))
            data[decision.name] = {class_name(k): decision.options[o].name
                                   for k, o in enumerate(solution.preflop) if o >= 0}
            continue
        seen = "the flop" if decision.seen == HOLDING + FLOP else "the whole board"
        ruled = next((rules for rules in solution.rules if rules.decision == d), None)
        if ruled is not None:
            said = (*(f"{decision.options[rule.action].name} when {rule.words}"
                      for rule in ruled.rules),
                    f"otherwise {decision.options[ruled.otherwise].name}")
            sections.append(Section(f"Decision: {decision.name}", (Paragraph(
                f"Made with {decision.seen} cards seen (the player's {HOLDING} and {seen}): "
                f"taken by the strategy file {file}'s rules, the first that holds deciding "
                "(the hold'em features of docs/strategies.md):"), Items(said))))
            data[decision.name] = list(said)
            continue
        worded = (None if words is None else
                  next((rules for rules in words.words if rules.decision == d), None))
        if words is not None and worded is not None:
            sections.append(words_section(game, d, seen, words, worded, solution.cycle))
            data[decision.name] = {"words": spoken(game, worded),
                                   "strategy_file": rule_lines(game, worded),
                                   **words_data(words, d, solution.cycle, decision.name)}
            continue
        sections.append(Section(f"Decision: {decision.name}", (Paragraph(
            f"Made with {decision.seen} cards seen (the player's {HOLDING} and {seen}): solved "
            "exactly for every holding and board, too many to put in words here; the lines of "
            "play (in the first section) give how often each option is taken."),)))
    if words is not None:
        data["words"] = {"player_return": str(words.played), "cost": str(words.cost)}
        facts = Items((*facts.items,
                       f"the later decisions in words (below), with the decision made with the "
                       f"player's cards alone as solved: expected return per {game.unit} "
                       f"{decimal(words.played * 100, 4)}% (exactly {words.played}), "
                       f"{decimal(words.cost * 100, 4)}% per {game.unit} below the optimal "
                       f"(exactly {words.cost})"))
        sections[0] = dataclasses.replace(sections[0], blocks=(facts, *sections[0].blocks[1:]))
    return Report(f"{game.bet.title}: "
                  + (f"the strategy file {file}" if file else "the optimal strategy"), (),
                  tuple(sections),
                  game=game.bet.name, game_title=game.bet.title, data=data)


def words_section(game: BoardGame, d: int, seen: str, words: PricedWords, worded: HoldemRules,
                  cycle: int) -> Section:
    """A decision of the optimal strategy in words: the rules a dealer can say, as a strategy
    file writes them, and what they cost against the solve, exactly."""
    decision = game.decisions[d]
    reached, departing = words.reached.get(d, 0), words.departing.get(d, 0)
    agree = Fraction(reached - departing, reached) if reached else Fraction(1)
    cost = sum((dep.cost for dep in words.departures if dep.stage == decision.name),
               Fraction(0))
    rows = tuple((dep.situation, f"{decimal(dep.frequency * 100, 4)}%",
                  f"{decimal(dep.cost * 100, 4)}%")
                 for dep in words.departures if dep.stage == decision.name)
    return Section(f"Decision: {decision.name}", (
        Paragraph(f"Made with {decision.seen} cards seen (the player's {HOLDING} and {seen}): "
                  "solved exactly for every holding and board; the optimal play is the "
                  "solve's. In words, a summary found from the solve (the first rule that "
                  "holds decides, in the hold'em features of docs/strategies.md):"),
        Items(tuple(spoken(game, worded))),
        Paragraph(f"Played with the solve's other choices, these words cost exactly "
                  f"{decimal(cost * 100, 4)}% per {game.unit} ({cost}) against the optimal "
                  f"strategy and take the solve's option on {decimal(agree * 100, 2)}% of the "
                  f"{reached:,} deals where play comes to this decision; each rule's cost "
                  "(where it departs from the solve, the later decisions as solved):"),
        Table(("rule", "deals departing (share of all)", f"cost per {game.unit}"), rows,
              f"{decision.name}: what each rule of the words costs", align="lrr"),
        *(() if d not in words.floors else (Paragraph(
            "No words on these features can cost less here than taking the best option in "
            f"each of the {words.floors[d][1]:,} cells of feature values the solve's deals "
            f"fall in: exactly {decimal(words.floors[d][0] * 100, 4)}% per {game.unit} "
            f"({words.floors[d][0]}) against the optimal, the other decisions as solved "
            "(the features do not tell apart the states within a cell); these words cost "
            f"{decimal((cost - words.floors[d][0]) * 100, 4)}% more."),)),
        Paragraph("The words as a strategy file writes them (paste them into one, with "
                  "game = \"" + game.bet.name + "\", to play or price them):"),
        Preformatted("\n".join(rule_lines(game, worded)))))


def words_data(words: PricedWords, d: int, cycle: int, name: str) -> dict[str, Any]:
    """A decision's words' exact figures for ``--format json``."""
    reached, departing = words.reached.get(d, 0), words.departing.get(d, 0)
    return {"cost": str(sum((dep.cost for dep in words.departures if dep.stage == name),
                            Fraction(0))),
            **({} if d not in words.floors else {"floor": str(words.floors[d][0]),
                                                 "cells": words.floors[d][1]}),
            "deals_reaching": reached, "deals_departing": departing,
            "rule_costs": {dep.situation: str(dep.cost) for dep in words.departures
                           if dep.stage == name}}


def strength_order(klass: int) -> tuple[int, int, int]:
    """Pairs first, then by high card, second card and suited first."""
    first, second = divmod(klass, 13)
    high, low = max(first, second), min(first, second)
    return (0 if first == second else 1, -high, -low - (13 if first < second else 0))


BOARD_STRATEGY = (
    "The strategy is the solve's own: the decision made with the player's cards alone is "
    "listed by holding class as the solve took it (every holding of a class is worth the "
    "same); the later decisions are taken state by state by exact integer comparison. Each "
    "is also put in words: a short ordered list of rules in the hold'em features, found "
    "greedily from the solve's states summed by feature cell (each option's exact value and "
    "deals per cell; the river's cells count every board where the choice before the flop "
    "can bring play, whatever the flop's choice) and improved one change at a time while "
    "its value on the cells rises, then played through the strategy file "
    "machinery (the game solved again with them as its rules): the words' return, their cost "
    "against the optimal and each rule's are exact; the words are a summary, the optimal "
    "play is the solve's (docs/games-from-files.md).")
BOARD_FILE_STRATEGY = (
    "The decisions the strategy file gives rules for are taken by them (the one made with "
    "the player's cards alone by holding class, the flop's on every holding and flop, the "
    "river's by the board kernel on every board); the others are the solve's own, taken "
    "state by state by exact integer comparison and not put in words.")
