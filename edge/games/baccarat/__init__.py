"""Baccarat (punto banco) and its side bets, each wager a bet file of this folder.

The files deal alike (an 8-deck shoe by default, player and banker two cards each, the
third-card rule as drawing rules) and differ in their outcomes and pays; :mod:`edge.bets.bundle`
reads them into one game. They are package data: a wheel ships them beside this module. The
rules in words: docs/baccarat.md; the checks: tests/test_baccarat.py.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from edge.bets.bundle import game_of_files
from edge.games import PUBLISHED_FIGURES, SMALL_CASES, Game
from edge.games.baccarat import sources

# the wagers, as `edge table baccarat --bet NAME` names them (each is NAME.toml here)
WAGERS = ("banker", "player", "tie", "player-pair", "banker-pair", "dragon-bonus-player",
          "dragon-bonus-banker", "ez-banker", "dragon-7", "panda-8", "lucky-6")

GAME: Game[Any] = game_of_files(
    "baccarat", "Baccarat", Path(__file__).parent, WAGERS,
    aliases=("punto-banco", "mini-baccarat"),
    source="the rules of punto banco as dealt in Nevada and Macau, with EZ Baccarat's banker "
           "(docs/baccarat.md; sources in docs/references.md)",
    checks=(SMALL_CASES, PUBLISHED_FIGURES), sources=sources.SOURCES,
    published=sources.PUBLISHED)
