"""A game made of several bet files dealt alike: one wager for each file, one set of rules.

A game edge ships as bet files (baccarat: edge/games/baccarat/, one ``.toml`` file a wager)
is read here into one :class:`~edge.games.Game`. Every file must deal the same way (the same
shoe, places and drawing rules), so the wagers are bets on one deal, as at the table; each
keeps its own outcomes, pay tables, analysis and simulator. Nothing here knows a game by name.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from edge.bets.file import BetFile, BetFileError, read_bet_file
from edge.bets.game import (
    SETTLEMENT,
    TOTAL_CHECK,
    BetAnalysis,
    deal_in_words,
    equipment,
    file_bet,
    outcome_words,
    outcomes_table,
    rules_type,
    worked_deals,
)
from edge.bets.tableau import drawing_tables
from edge.document.document import Section
from edge.games import EXHAUSTIVE_ENUMERATION, Game, ReportContext, Rules
from edge.games.worked import examples_section
from edge.published import Citation, Published


def dealing(bet: BetFile) -> tuple[object, ...]:
    """What a file deals and how: its default shoe, its places and rules (two files with the
    same are bets on one deal)."""
    draws = tuple((rule.place, " ".join(rule.when.split()), rule.repeat) for rule in bet.draws)
    return (bet.decks, bet.layout.places, bet.rules, draws)


def read_alike(folder: Path, names: Sequence[str]) -> tuple[BetFile, ...]:
    """The files ``folder/<name>.toml``, read and checked to deal alike (and named as their
    files)."""
    files = tuple(read_bet_file(folder / f"{name}.toml") for name in names)
    for name, bet in zip(names, files, strict=True):
        if bet.name != name:
            raise BetFileError(f"{bet.path.name}: name = {bet.name!r}, not {name!r} (a wager "
                               "is named as its file).")
        if dealing(bet) != dealing(files[0]):
            raise BetFileError(f"{bet.path.name}: it does not deal as {files[0].path.name} "
                               "does (the shoe, the places and the drawing rules must be the "
                               "same in every file of one game).")
    return files


def game_of_files(name: str, title: str, folder: Path, wagers: Sequence[str], *,
                  source: str, aliases: tuple[str, ...] = (), checks: tuple[str, ...] = (),
                  sources: tuple[Citation, ...] = (),
                  published: tuple[Published, ...] = ()) -> Game[Any]:
    """The game of the bet files ``folder/<wager>.toml``, one wager each, in that order.

    ``checks`` are the independent checks the game's tests make (the report's Method section
    states them beside the check every analysis makes); ``sources`` and ``published`` are the
    rules' documents and the published figures the report cites (:mod:`edge.published`)."""
    files = read_alike(folder, wagers)
    # each file's counts kept in the disk cache under the digest of its bytes, as a bet file's
    analyses = tuple(BetAnalysis(bet, hashlib.sha256(bet.path.read_bytes()).hexdigest(),
                                 game=name) for bet in files)

    def describe(rules: Rules) -> list[str]:
        lines = deal_in_words(files[0], rules)
        lines.append("Each wager's outcomes are checked in the order listed; a deal is the "
                     "first whose condition holds, and a deal that meets none loses the wager.")
        for bet in files:
            outcomes = "; ".join(f"{outcome.name}, {outcome_words(bet, outcome)}"
                                 for outcome in bet.outcomes)
            lines.append(f"{bet.title} (--bet {bet.name}): {outcomes}.")
        return lines

    def sections(context: ReportContext[Any]) -> list[Section]:
        deals = [deal for analysis in analyses for deal in worked_deals(analysis, context)]
        outcomes = tuple(Section(analysis.bet.title, (outcomes_table(analysis, context),))
                         for analysis in analyses)
        return [Section("Equipment and shuffle",
                        (equipment(analyses[0], context), *drawing_tables(files[0]))),
                Section("Outcomes", children=outcomes),
                examples_section(context, deals)]

    return Game(name=name, title=title, rules=rules_type(files[0], name),
                bets=tuple(file_bet(analysis) for analysis in analyses), source=source,
                aliases=aliases, describe_rules=describe,
                checks=(TOTAL_CHECK, *checks), settlement=SETTLEMENT,
                method=(EXHAUSTIVE_ENUMERATION,), rules_sections=sections, sources=sources,
                published=published)
