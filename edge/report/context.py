"""What section builders work from (defined with the game contracts, below the games)."""

from edge.games import Analyses as Analyses
from edge.games import ReportContext as ReportContext
from edge.games import resolve_paytables as resolve_paytables
