"""generate --min-rating / --max-rating: rating bounds alone or with --level, the same as --rating LOW-HIGH."""

from __future__ import annotations

import json

from click.testing import CliRunner

from sudokuprint.cli import main


def _records(*args: str) -> tuple[int, list[dict]]:
    result = CliRunner().invoke(main, ["generate", "--format", "jsonl", *args])
    return result.exit_code, [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]


def test_min_and_max_rating_are_the_rating_range() -> None:
    code, bounded = _records("-n", "3", "--seed", "4", "--min-rating", "2", "--max-rating", "4.5")
    assert code == 0 and len(bounded) == 3 and all(2 <= r["rating"] <= 4.5 for r in bounded)
    assert _records("-n", "3", "--seed", "4", "--rating", "2-4.5") == (0, bounded)


def test_min_rating_alone_is_open_above_and_holds_with_a_level() -> None:
    code, hard = _records("-n", "2", "--seed", "6", "--min-rating", "4")
    assert code == 0 and len(hard) == 2 and all(r["rating"] >= 4 for r in hard)
    code, both = _records("-n", "2", "--seed", "6", "--level", "hard", "--max-rating", "4")
    assert code == 0 and len(both) == 2 and all(r["level"] == 3 and r["rating"] <= 4 for r in both)


def test_conflicting_rating_options_are_usage_errors() -> None:
    for args in (["--rating", "3", "--min-rating", "2"], ["--min-rating", "5", "--max-rating", "4"]):
        result = CliRunner().invoke(main, ["generate", "-n", "1", *args])
        assert result.exit_code == 2 and "rating" in result.output and "Traceback" not in result.output
