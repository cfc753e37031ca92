"""``edge tune --write DIR``: each listed candidate as a pay table file ``--paytable`` reads.

Every file is a TOML pay table of the tuned wager (its ``name`` is the table's label, its
``bet`` the wager), headed by comments that give the candidate's exact house edge, the command
that found it and the command that uses it (a bet file named by its path, as typed). Files are
written whole or not at all: each goes to a temporary file in ``DIR`` first and is renamed
into place once every one is written.
"""

from __future__ import annotations

import os
import re
import shlex
import tempfile
from pathlib import Path

from edge.errors import EdgeError
from edge.files import give_plain_mode
from edge.games import AnyGame, Bet, Rules
from edge.options import options_dict
from edge.paytables import PayTable
from edge.table import exact
from edge.tune.scoring import Candidate
from edge.tune.targets import percent_text
from edge.tune.tuning import TuneResult

LONGEST_LABEL = 80       # a longer label is left out of the file name (the rank names it)


def check_folder(folder: str | Path, game: AnyGame, bet: Bet[Rules]) -> Path:
    """The folder ``--write`` names, checked before any work: not a file, and a wager with a
    pay table to write."""
    if not str(folder).strip():
        raise EdgeError("--write '' names no folder: give one (--write tables, or --write . "
                        "for this one).")
    path = Path(folder)
    if not bet.outcomes:
        raise EdgeError(f"--write writes pay tables, and the {bet.name} wager of {game.name} "
                        "has none.")
    if path.exists() and not path.is_dir():
        raise EdgeError(f"--write {str(folder)!r} is a file, not a folder.")
    return path


def file_name(bet: Bet[Rules], rank: int, table: PayTable, ranks: int) -> str:
    """``pair-plus-01-35-20-7-4-1.toml``: the wager, the rank and (when typed pays name the
    table) its label."""
    stem = f"{bet.name}-{rank:0{len(str(ranks))}d}"
    label = re.sub(r"[^A-Za-z0-9.-]", "_", table.label())
    if bet.typed_pays and len(label) <= LONGEST_LABEL:
        stem += f"-{label}"
    return stem + ".toml"


def file_text(result: TuneResult, rank: int, candidate: Candidate, command: str) -> str:
    """One candidate as a pay table file: comments (what, house edge, options, command), then
    the table's own lines."""
    assert candidate.paytable is not None
    figures = candidate.figures
    # the options the figures hold for: every one not at the game's default (set or varied)
    defaults = options_dict(result.game.make_rules({}))
    sets = " ".join(f"--set {name}={value}" for name, value in candidate.options.items()
                    if defaults.get(name) != value)
    lines = [
        f"# {result.game.title}, {result.bet.name} wager: candidate {rank} of "
        f"{len(result.candidates)} found by edge tune",
        f"# house edge {percent_text(figures.house_edge)} (exactly "
        f"{exact(figures.house_edge)}), hit frequency {percent_text(figures.hit_frequency)}, "
        f"standard deviation {figures.standard_deviation:.4f}"
        + (f", with {sets}" if sets else ""),
        f"# made by: {command}",
        f"# use it: edge table {shlex.quote(result.game.command_name)} --bet {result.bet.name} "
        "--paytable FILE"
        + (f" {sets}" if sets else ""),
        "",
        *candidate.paytable.toml_lines(result.bet.name),
    ]
    return "\n".join(lines) + "\n"


def write_candidates(result: TuneResult, folder: str | Path, command: str) -> list[Path]:
    """Write every listed candidate of ``result`` into ``folder`` (made if missing); the
    paths written, in rank order."""
    path = check_folder(folder, result.game, result.bet)
    texts = {path / file_name(result.bet, rank, candidate.paytable, len(result.candidates)):
             file_text(result, rank, candidate, command)
             for rank, candidate in enumerate(result.candidates, start=1)
             if candidate.paytable is not None}
    if not texts:
        return []
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise EdgeError(f"Cannot create the folder {str(folder)!r} for --write: "
                        f"{error.strerror or error}.") from None
    temporary: list[tuple[str, Path]] = []
    try:
        for target, text in texts.items():
            handle, name = tempfile.mkstemp(dir=path, prefix=f".{target.stem}.", suffix=".tmp")
            temporary.append((name, target))
            give_plain_mode(handle)          # not mkstemp's 0600
            with os.fdopen(handle, "w", encoding="utf-8") as stream:
                stream.write(text)
        for name, target in temporary:
            os.replace(name, target)
    except OSError as error:
        for name, _ in temporary:
            Path(name).unlink(missing_ok=True)
        raise EdgeError(f"Cannot write the pay tables into {str(folder)!r}: "
                        f"{error.strerror or error}.") from None
    return list(texts)
