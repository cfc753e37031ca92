"""``python -m edge`` runs the command line."""

from edge.cli import _entry

_entry()
