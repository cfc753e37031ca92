"""edge.cache's in-process memo: bounded, least recently used first out."""

from __future__ import annotations

import functools

from edge.cache import Memo


def test_memo_keeps_at_most_its_size_and_drops_the_least_recently_used() -> None:
    made: list[int] = []

    def make(key: int) -> int:
        made.append(key)
        return key * key

    memo: Memo[int, int] = Memo(2)
    assert [memo.get(k, functools.partial(make, k)) for k in (1, 2, 1, 3)] == [1, 4, 1, 9]
    assert made == [1, 2, 3] and list(memo.kept) == [1, 3]      # 2 was the least recent
    assert memo.get(2, lambda: make(2)) == 4 and made == [1, 2, 3, 2]
    assert len(memo.kept) == 2
    memo.clear()
    assert not memo.kept


def test_memo_of_one_keeps_the_last() -> None:
    memo: Memo[str, str] = Memo(1)
    memo.get("a", lambda: "A")
    memo.get("b", lambda: "B")
    assert list(memo.kept) == ["b"] and memo.get("b", lambda: "other") == "B"
