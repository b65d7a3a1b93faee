"""tests/untraced.txt: the tests make test runs without coverage tracing, and the script that chooses them;
tests/slowest.txt: the tests started first."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from conftest import REPO, SLOWEST, UNTRACED, listed_tests

spec = importlib.util.spec_from_file_location("untraced_tests", REPO / "scripts" / "untraced_tests.py")
assert spec is not None and spec.loader is not None
untraced_tests = importlib.util.module_from_spec(spec)
spec.loader.exec_module(untraced_tests)


@pytest.mark.parametrize("path, least", [(UNTRACED, 100), (SLOWEST, 10)], ids=["untraced", "slowest"])
def test_every_listed_test_is_still_a_test_of_the_suite(path: Path, least: int) -> None:
    listed = listed_tests(path)
    assert len(listed) > least
    for node in listed:
        file, _, name = node.partition("::")
        function = re.sub(r"\[.*$", "", name)
        assert re.search(rf"^def {re.escape(function)}\(", (REPO / file).read_text(encoding="utf-8"), re.M), node


def test_a_test_goes_untraced_only_while_its_lines_stay_covered_by_a_traced_one() -> None:
    a, b, c, d = (0, 1), (0, 2), (0, 3), (1, 1)  # (file, line)
    ran = {"slow": {a, b}, "slower": {a, b}, "unique": {c}, "quick": {a}}
    around = {"quick": {d}}  # its fixture's set-up: traced either way
    seconds = {"slower": 9.0, "slow": 5.0, "unique": 4.0, "quick": 0.1}
    # "slower" goes first; "slow" then alone runs b; "unique" alone runs c; "quick" is too quick to matter at 0.3 s
    assert untraced_tests.untraced(ran, around, seconds, at_least=0.3) == ["slower"]
    assert untraced_tests.untraced(ran, around, seconds, at_least=0.0) == ["slower", "quick"]  # "slow" still runs a
    assert untraced_tests.untraced({**ran, "quick": {a, b}}, around, seconds, at_least=0.0) == ["slower", "slow"]
