"""``python -m edge`` runs the command line."""

from edge.cli import main

raise SystemExit(main())
