"""edge: exact combinatorial analysis of casino table games.

>>> import edge
>>> t = edge.analyze("triple-bet", bet="flush", options={"decks": 1})
>>> t.cycle
2652

A Cython kernel of a game from another package ``cimport``s edge's evaluators from the public
declarations ``edge/_core.pxd`` with :func:`get_include` on its include path
(docs/writing-a-game.md, section 4).
"""

from pathlib import Path

from edge import document  # installs the renderers behind ReturnTable.render and Report.render
from edge.errors import EdgeError
from edge.games import analyze, get_game
from edge.games.contract import AnyGame
from edge.games.registry import read_bet_files_with
from edge.paytables import PayTable
from edge.table import ReturnTable, Row
from edge.version import __version__

__all__ = ["EdgeError", "PayTable", "ReturnTable", "Row", "__version__", "analyze", "document",
           "get_game", "get_include"]


def _read_bet_file(path: str) -> AnyGame:
    """A bet file's game, or a game file's (one with a ``[game]`` table: decisions)."""
    from edge.decisions import has_game_table, load_game_file  # loaded only for a file
    if has_game_table(path):
        return load_game_file(path)
    from edge.bets import load_bet_file
    return load_bet_file(path)


read_bet_files_with(_read_bet_file)


def get_include() -> str:
    """The folder to put on a Cython plug-in's include path (``cythonize(...,
    include_path=[edge.get_include()])``) for ``from edge._core cimport ...``: the folder that
    holds the installed ``edge`` package, whose ``_core.pxd`` declares the evaluators.

    >>> (Path(get_include()) / "edge" / "_core.pxd").is_file()
    True
    """
    return str(Path(__file__).resolve().parent.parent)
