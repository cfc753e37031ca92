"""``python -m edge`` runs the command line."""

from edge.cli import entry

entry()
