"""Write tables/<game>/<case>.md and .json for every game, bet and named pay table, every
game-protection scenario (tables/<game>/protection/), and the markdown report of every game at
its default settings in tables/reports/ (with an index).

    python scripts/make_tables.py            # rewrite tables/
    python scripts/make_tables.py --check    # exit 1 if any file is out of date

A game whose exposure scenarios take minutes to solve (``Protection.slow``) has their tables
written here but not re-solved by the test suite (tests/test_tables_current.py): its reduced
cases are checked there instead, and this script's ``--check`` checks them in full, as does
tests/test_uth_full_solves.py (``--full-solves``, the last step of .ci/run).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path

from edge.document import render
from edge.document.returns import return_table_document
from edge.games import AnyGame, RunSettings, builtin_games
from edge.report import Analyses, index_report, make_report, strategy_document

ROOT = Path(__file__).resolve().parent.parent
TABLES = ROOT / "tables"
REPORTS = TABLES / "reports"


def protection_stem(bet: str, scenario: str) -> str:
    """The file stem of a scenario's table: ``main-seen-dealer-1+flop-1``."""
    return f"{bet}-seen-{scenario.replace(',', '+')}"


def generated_files(games: Iterable[str] | None = None, *, slow: bool = True
                    ) -> Iterator[tuple[Path, str]]:
    """Every generated table and report file and its expected text (of the named games, or
    of all, with the reports' index); ``slow=False`` leaves out the exposure scenarios that
    take minutes to solve."""
    wanted = None if games is None else set(games)
    reports = []
    for game in builtin_games().values():
        if wanted is not None and game.name not in wanted:
            continue
        analyses = Analyses(game, RunSettings())  # each analysis runs once for tables and report
        for case in game.table_cases():
            bet = game.bet(case.bet)
            rules = game.make_rules(case.options)
            table = analyses.table(bet.name, bet.paytable(case.paytable), rules)
            base = TABLES / game.name / case.stem
            document = return_table_document(table)
            yield base.with_suffix(".md"), render(document, "markdown")
            yield base.with_suffix(".json"), render(document, "json")
        for case in game.strategy_tables:
            bet = game.bet(case.bet)
            rules = game.make_rules(case.options)
            paytable = bet.paytable(case.paytable)
            strategy = strategy_document(game, bet, paytable, rules, RunSettings())
            assert strategy is not None
            text = render(strategy, "markdown")
            yield (TABLES / game.name / case.stem).with_suffix(".md"), text
        if game.protection is not None and (slow or not game.protection.slow):
            yield from protection_files(game, analyses)
        report = make_report(game, analyses=analyses, environment=False, fmt="markdown")
        reports.append(report)
        yield REPORTS / f"{game.name}.md", render(report, "markdown")
    if wanted is None:
        index = index_report(reports, "markdown", "python scripts/make_tables.py")
        yield REPORTS / "index.md", render(index, "markdown")


def protection_files(game: AnyGame, analyses: Analyses | None = None,
                     scenarios: Collection[str] | None = None) -> Iterator[tuple[Path, str]]:
    """Every game-protection scenario's table files and their expected text (tables/<game>/
    protection/), or those of ``scenarios`` (by name); tests/test_uth_full_solves.py checks
    the slow ones after re-solving them."""
    protection = game.protection
    if protection is None:
        return
    analyses = analyses if analyses is not None else Analyses(game, RunSettings())
    bet = game.bet(protection.bet)
    for scenario in protection.scenarios:
        if scenarios is not None and scenario.name not in scenarios:
            continue
        rules = game.make_rules({"seen": scenario.name})
        table = analyses.table(bet.name, bet.paytable(None), rules)
        base = TABLES / game.name / "protection" / protection_stem(bet.name, scenario.name)
        document = return_table_document(table)
        yield base.with_suffix(".md"), render(document, "markdown")
        yield base.with_suffix(".json"), render(document, "json")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--check", action="store_true", help="only check that tables/ is current")
    args = parser.parse_args(argv)
    stale = []
    for path, text in generated_files():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current == text:
            continue
        stale.append(path)
        if not args.check:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {path.relative_to(ROOT)}")
    if args.check and stale:
        for path in stale:
            print(f"out of date: {path.relative_to(ROOT)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
