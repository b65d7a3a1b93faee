"""Choose the tests that ``make test`` runs without coverage tracing (tests/untraced.txt).

Tracing makes a test that runs many lines two to three times slower.  A test
whose every line is also run by some other test adds nothing to the coverage
figure, so it may run untraced.  This reads a run recorded with one coverage
context per test, and its ``--durations=0`` report::

    COVERAGE_FILE=/tmp/ctx.coverage pytest -n 2 --cov --cov-context=test --durations=0 > /tmp/ctx.log
    python scripts/untraced_tests.py /tmp/ctx.coverage /tmp/ctx.log > tests/untraced.txt

and picks, slowest first, each test whose lines (while it runs, not its
fixtures' set-up) all stay covered by the tests still traced.  Lines that run
once per process (a module's import, a cached table) count for whichever test
runs them first, so the figure may move by a few tenths of a percent from run
to run; rerun this when it drops further.
"""

from __future__ import annotations

import argparse
import re
import sqlite3
import sys
from collections import Counter, defaultdict

from coverage.numbits import numbits_to_nums

DURATION = re.compile(r"([0-9.]+)s call\s+(\S+)")
Line = tuple[int, int]  # (file id, line number)


def lines_by_context(data_file: str) -> tuple[dict[str, set[Line]], dict[str, set[Line]]]:
    """Per test node id: the lines its call ran, and the lines its set-up and tear-down ran."""
    db = sqlite3.connect(data_file)
    contexts = dict(db.execute("select id, context from context"))
    ran: dict[str, set[Line]] = defaultdict(set)
    around: dict[str, set[Line]] = defaultdict(set)
    for file_id, context_id, numbits in db.execute("select file_id, context_id, numbits from line_bits"):
        test, _, phase = contexts[context_id].rpartition("|")
        if not test:
            continue  # lines run outside any test (imports at collection)
        into = ran if phase == "run" else around
        into[test].update((file_id, n) for n in numbits_to_nums(numbits))
    return ran, around


def call_seconds(report: str) -> dict[str, float]:
    """Each test's call time, from a ``--durations=0`` report."""
    with open(report, encoding="utf-8") as text:
        return {m.group(2): float(m.group(1)) for m in map(DURATION.search, text) if m}


def untraced(ran: dict[str, set[Line]], around: dict[str, set[Line]], seconds: dict[str, float],
             at_least: float) -> list[str]:
    """Slowest first, the tests whose call lines all stay covered by what is still traced."""
    covering = Counter[Line]()
    for lines in (*ran.values(), *around.values()):
        covering.update(lines)
    chosen = []
    for test, took in sorted(seconds.items(), key=lambda item: -item[1]):
        if took < at_least or test not in ran:
            continue
        while_running = ran[test] - around.get(test, set())
        if all(covering[line] > 1 for line in while_running):
            chosen.append(test)
            covering.subtract(while_running)
    return chosen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data_file", help="coverage data recorded with --cov-context=test")
    parser.add_argument("durations", help="the same run's pytest output, with --durations=0")
    parser.add_argument("--at-least", type=float, default=0.3, help="seconds a test's call takes traced (0.3)")
    args = parser.parse_args()
    ran, around = lines_by_context(args.data_file)
    chosen = untraced(ran, around, call_seconds(args.durations), args.at_least)
    seconds = call_seconds(args.durations)
    sys.stdout.write("# Tests run untraced by make test: every line each runs is run by a test still traced.\n"
                     "# Written by scripts/untraced_tests.py (read it to rerun); "
                     f"{len(chosen)} tests, {sum(seconds[t] for t in chosen):.0f} s traced.\n")
    sys.stdout.writelines(test + "\n" for test in sorted(chosen))


if __name__ == "__main__":
    main()
