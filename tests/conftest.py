"""Shared fixtures: the repository root and a runner for the ``edge`` command in-process."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from edge.cli import main

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class CliResult:
    """What one ``edge`` invocation did: exit status, standard output, standard error."""

    status: int
    out: str
    err: str


CliRunner = Callable[..., CliResult]


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The checkout's top folder (holds scripts/ and tables/)."""
    return ROOT


@pytest.fixture
def edge_cli(capsys: pytest.CaptureFixture[str]) -> CliRunner:
    """Run ``edge ARGS...`` through :func:`edge.cli.main` and capture what it printed."""

    def run(*argv: str) -> CliResult:
        capsys.readouterr()
        status = main(list(argv))
        captured = capsys.readouterr()
        return CliResult(status, captured.out, captured.err)

    return run
