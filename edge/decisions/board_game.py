"""A game file with a shared board as a :class:`~edge.games.Game`: its exact return table
(:mod:`edge.decisions.board`) and the simulator of its solved strategy
(:mod:`edge.decisions.board_simulation`)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from edge.bets.file import LEAST_PAY
from edge.decisions import board
from edge.decisions.board import FLOP, HOLDING, LATER, BoardGame, BoardSolution
from edge.decisions.board_simulation import BoardSimulator
from edge.decisions.dealer import hand_pay_names
from edge.games import EXHAUSTIVE_ENUMERATION, Bet, Game, Rules, Wager
from edge.options import option as rules_option
from edge.options import options_dict
from edge.paytables import PayTable
from edge.table import ReturnTable, Row

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


def make_board_game(game: BoardGame) -> Game[Any]:
    """The :class:`Game` of a game file with a shared board: its exact return table (the
    simulator plays the solved strategy; the strategy report is not made for this shape
    yet)."""
    bet = game.bet
    solved: dict[tuple[object, ...], BoardSolution] = {}
    # one deck, the solved strategy only (no strategy file is played on this shape), ties
    rules = dataclasses.make_dataclass(
        "".join(part.title() for part in bet.name.split("-")) + "Rules",
        [("decks", int, rules_option(1, "decks (one: the game is solved for one deck)",
                                     minimum=1, maximum=1)),
         ("strategy", str, rules_option("optimal", "the player's strategy: the optimal one, "
                                        "solved exactly from the file", choices=("optimal",))),
         ("ties", str, rules_option("larger" if game.larger_on_ties else "smaller",
                                    "which option a tie between options of equal value goes "
                                    "to: the larger or the smaller total wager",
                                    choices=("larger", "smaller")))],
        bases=(Rules,), frozen=True)

    def solve(table: PayTable, larger: bool) -> BoardSolution:
        key = (table.pays, larger)
        if key not in solved:
            solved[key] = board.solve_board_game(game, table, larger)
        return solved[key]

    def analyze(wager: Wager[Rules]) -> ReturnTable:
        table = wager.paytable or bet.presets[bet.default_paytable]
        larger = getattr(wager.rules, "ties", "larger") == "larger"
        solution = solve(table, larger)
        rows = tuple(Row(row, net, deals, total) for row, net, deals, total in solution.rows)
        dealt = (f"Every deal from one deck: the player's {HOLDING} cards, the {FLOP} board "
                 f"cards of {game.board[0]}, the {LATER} of {game.board[1]} and the dealer's "
                 f"{HOLDING}, each as a set: {solution.cycle:,} deals, each equally likely.")
        return ReturnTable(bet.name, bet.name, rows, table, options_dict(wager.rules),
                           decisions=tuple(solution.lines.items()),
                           notes=(dealt,
                                  "The player's strategy is solved exactly: each decision "
                                  "takes the option of the highest expected return given "
                                  "the cards seen (a tie goes to the "
                                  f"{'larger' if larger else 'smaller'} total wager).",
                                  "Each wager in play is paid apart, by the showdown's "
                                  "result and the player's hand as [settle] says; a row's "
                                  "net is their sum. Figures are per "
                                  f"{game.unit} (1 unit)."),
                           title=bet.title, basis=game.unit,
                           initial_stake=sum(game.start, Fraction(0))
                           / game.start[game.wagers.index(game.unit)])

    def simulate(wager: Wager[Rules]) -> Any:
        from edge.sampling import common_scale, scaled
        table = wager.paytable or bet.presets[bet.default_paytable]
        solution = solve(table, getattr(wager.rules, "ties", "larger") == "larger")
        nets = [net for _, net, _, _ in solution.rows]
        scale = common_scale(nets)
        return BoardSimulator(solution, table, tuple(name for name, *_ in solution.rows),
                              scaled(nets, scale), scale)

    source = bet.source or f"the game file {bet.path.name} (no source stated)"
    outcomes = hand_pay_names(game.settles, game.wagers,
                              tuple(outcome.name for outcome in bet.outcomes))
    main = Bet(bet.name, bet.description.rstrip(".") or bet.title, analyze, outcomes,
               bet.presets, bet.default_paytable, least_pay=LEAST_PAY, simulate=simulate)
    return Game(name=bet.name, title=bet.title, rules=rules, bets=(main,), source=source,
                invoked_as=str(bet.path), checks=(BOARD_CHECK,),
                method=(EXHAUSTIVE_ENUMERATION, SOLVED_ON_BOARD))
