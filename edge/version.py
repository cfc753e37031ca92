"""edge's version: the one place it is written (pyproject.toml reads it from here).

A module of its own, importing nothing, so that any layer (the command line, the document
model's reproducibility notes) can read it without importing the ``edge`` package's top level.
"""

__version__ = "0.1.0"
