"""edge.files' one TOML reader: each kind of file's own words for what went wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from edge.errors import PayTableError
from edge.files import TomlErrors, parse_toml, read_toml

ERRORS = TomlErrors(PayTableError, unreadable="{name} unreadable: {reason}",
                    invalid="{label!r} invalid: {error}", too_deep="{path} too deep")
WORDED = TomlErrors(PayTableError, unreadable="{name} unreadable", invalid="-", too_deep="-",
                    missing="{path!r} missing", not_utf8="{name} not UTF-8")


def test_reads_a_file(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text('a = 1\n[b]\nc = "d"\n', encoding="utf-8")
    assert read_toml(tmp_path / "a.toml", ERRORS) == {"a": 1, "b": {"c": "d"}}


def test_each_failure_in_its_words(tmp_path: Path) -> None:
    (tmp_path / "bad.toml").write_bytes(b"a = \xff\n")
    (tmp_path / "invalid.toml").write_text("a = [\n")
    (tmp_path / "deep.toml").write_text("a = " + "[" * 3000 + "]" * 3000 + "\n")
    cases = [
        (ERRORS, "missing.toml", "missing.toml unreadable: No such file or directory"),
        (WORDED, "missing.toml", f"{str(tmp_path / 'missing.toml')!r} missing"),
        (ERRORS, "bad.toml", "bad.toml unreadable: 'utf-8' codec can't decode byte 0xff"),
        (WORDED, "bad.toml", "bad.toml not UTF-8"),
        (ERRORS, "invalid.toml", "'invalid.toml' invalid: Invalid value"),
        (ERRORS, "deep.toml", f"{tmp_path / 'deep.toml'} too deep"),
    ]
    for errors, name, said in cases:
        with pytest.raises(PayTableError) as caught:
            read_toml(tmp_path / name, errors)
        assert str(caught.value).startswith(said), (name, str(caught.value))


def test_text_is_labelled() -> None:
    assert parse_toml("x = true", ERRORS, "inline") == {"x": True}
    with pytest.raises(PayTableError, match="^'my strategy' invalid: "):
        parse_toml("x = ", ERRORS, "my strategy")
