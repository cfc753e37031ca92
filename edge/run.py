"""How an analysis is run (never what it computes): the settings every game's hooks receive.

It sits below the game contracts (:mod:`edge.games` re-exports it) so that lower layers, such as
:mod:`edge.protection`, can name it without importing the games.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RunSettings:
    """How to run an analysis (never what it computes): worker threads, caching, progress."""

    jobs: int | None = None
    cache: bool = True
    progress: bool = False
