"""Telling the user what tune is doing: notes, progress, time estimates and the time limit.

Tune analyses its candidates one after another (an analysis may itself use every worker, and
the UTH solve runs one at a time); its progress is the one bar of :mod:`edge.parallel`.
"""

from __future__ import annotations

import math
import sys
from typing import TextIO

from edge.errors import EdgeError
from edge.parallel import Progress

PROGRESS_AFTER = 2.0           # seconds: shorter re-solving runs show no progress


class Reporter:
    """Where tune tells what it is doing (silent by default)."""

    def note(self, text: str) -> None:
        """A line for the user: a time estimate, the method chosen."""

    def progress(self, done: int, total: int) -> None:
        """``done`` of ``total`` analyses finished."""


class StderrReporter(Reporter):
    """Notes on stderr, and the progress bar of :mod:`edge.parallel` (on a terminal only)."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.bar: Progress | None = None

    def note(self, text: str) -> None:
        if self.bar is not None:
            self.bar.close()
        print(f"edge tune: {text}", file=self.stream, flush=True)

    def progress(self, done: int, total: int) -> None:
        if self.bar is None or self.bar.total != max(total, 1) or done < self.bar.done:
            if self.bar is not None:
                self.bar.close()
            self.bar = Progress("edge tune: analysing", total, unit="analyses",
                                stream=self.stream)
        self.bar.update(done)
        if done >= total:
            self.bar.close()
            self.bar = None


def duration(seconds: float) -> str:
    """A rough duration: ``"40 s"``, ``"3 min"``, ``"2.5 h"``."""
    if seconds < 1:
        return f"{seconds * 1000:.0f} ms"
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


def check_max_seconds(max_seconds: float | None) -> None:
    """Refuse a time bound that is negative or not a number (0 allows no re-solving at all)."""
    if max_seconds is not None and not max_seconds >= 0:
        raise EdgeError(f"--max-seconds {max_seconds:g} must be a number of seconds, 0 or more.")


def check_time(first: float, count: int, max_seconds: float | None, what: str,
                report: Reporter) -> bool:
    """Say how long ``count`` analyses will take; refuse when over ``max_seconds``.

    Returns whether the run is long enough to show progress.
    """
    estimate = first * count
    if count > 1 and estimate > PROGRESS_AFTER:
        report.note(f"{what}: {count:,} analyses at about {duration(first)} each, "
                    f"about {duration(estimate)} in all")
    if max_seconds is not None and estimate > max_seconds:
        raise EdgeError(f"Re-solving {count:,} candidates would take about {duration(estimate)} "
                        f"({duration(first)} each), more than --max-seconds {max_seconds:g}: "
                        "narrow the ranges, or give --max-seconds "
                        f"{math.ceil(estimate * 1.5):d} to run it.")
    return estimate > PROGRESS_AFTER


