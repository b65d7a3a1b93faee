"""The README's Python examples run as written (from the repository root)."""

from __future__ import annotations

import doctest

import pytest

from conftest import REPO


def test_readme_python_examples(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)
    result = doctest.testfile(str(REPO / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0


def test_readme_starts_with_the_two_commands() -> None:
    text = (REPO / "README.md").read_text()
    first_block = text.split("```sh", 1)[1].split("```", 1)[0]
    assert "make demo" in first_block and "make test" in first_block
    ci = (REPO / ".ci" / "run").read_text()
    assert "make test" in ci
