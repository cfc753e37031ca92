"""edge: exact combinatorial analysis of casino table games.

>>> import edge
>>> t = edge.analyze("triple-bet", bet="flush", options={"decks": 1})
>>> t.cycle
2652
"""

from edge import document  # installs the renderers behind ReturnTable.render and Report.render
from edge.errors import EdgeError
from edge.games import analyze, get_game
from edge.paytables import PayTable
from edge.table import ReturnTable, Row
from edge.version import __version__

__all__ = ["EdgeError", "PayTable", "ReturnTable", "Row", "__version__", "analyze", "document",
           "get_game"]
