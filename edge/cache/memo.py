"""Results kept in the process, bounded."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")
K = TypeVar("K")


class Memo(Generic[K, T]):
    """Results kept for the process, at most ``size`` of them: the least recently used is
    dropped first, so a long-lived process (a test session, a server building many reports)
    does not grow without bound. Safe from several threads (two asking for one missing key
    both compute it; the results are equal)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.kept: OrderedDict[K, T] = OrderedDict()
        self.guard = threading.Lock()

    def get(self, key: K, make: Callable[[], T]) -> T:
        """The result kept for ``key``, or ``make()`` kept."""
        with self.guard:
            if key in self.kept:
                self.kept.move_to_end(key)
                return self.kept[key]
        value = make()
        with self.guard:
            self.kept[key] = value
            self.kept.move_to_end(key)
            while len(self.kept) > self.size:
                self.kept.popitem(last=False)
        return value

    def clear(self) -> None:
        """Forget every result."""
        with self.guard:
            self.kept.clear()
