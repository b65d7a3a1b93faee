"""Mutation score of the core modules from the last ``make mutate`` (mutmut's results in ``mutants/``).

    make mutate                              # runs mutmut, then this script
    python benchmarks/mutation_score.py      # the figures again, from mutants/*.meta
    python benchmarks/mutation_score.py --survivors   # and each surviving mutant's name

For each mutated module: mutants made, killed (a test failed), timed out (a
mutant that hangs is caught: it counts as killed), survived (every test that
reaches its function passed) and with no test (no selected test reaches its
function: a survivor too).  The score is (killed + timed out) / every mutant
checked.  The goal of issue 33 is 85%.  Survivors are listed in
``benchmarks/RESULTS.md`` with what each one shows.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MUTANTS = REPO / "mutants"
KILLED = {1, 3}
TIMEOUT = {36, 24, -24, 152, 255}
SURVIVED = {0}
NO_TESTS = {5, 33}


def kind(exit_code: int | None) -> str:
    if exit_code in KILLED:
        return "killed"
    if exit_code in TIMEOUT:
        return "timeout"
    if exit_code in SURVIVED:
        return "survived"
    if exit_code in NO_TESTS:
        return "no tests"
    return "not checked" if exit_code is None else f"other ({exit_code})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--survivors", action="store_true", help="list every surviving mutant by name")
    args = parser.parse_args()
    metas = sorted(MUTANTS.rglob("*.py.meta"))
    if not metas:
        print("no mutmut results in mutants/: run make mutate first", file=sys.stderr)
        return 1
    totals: Counter[str] = Counter()
    survivors: list[str] = []
    print(f"{'module':<42} {'mutants':>7} {'killed':>7} {'timeout':>7} {'survived':>8} {'no tests':>8} {'score':>6}")
    for meta in metas:
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        counts = Counter(kind(code) for code in codes.values())
        survivors += [name for name, code in codes.items() if kind(code) in ("survived", "no tests")]
        checked = sum(counts.values()) - counts["not checked"]
        score = (counts["killed"] + counts["timeout"]) / checked if checked else 0.0
        module = str(meta.relative_to(MUTANTS))[: -len(".meta")]
        print(f"{module:<42} {len(codes):>7} {counts['killed']:>7} {counts['timeout']:>7} {counts['survived']:>8} "
              f"{counts['no tests']:>8} {score:>6.1%}")
        totals.update(counts)
    checked = sum(totals.values()) - totals["not checked"]
    score = (totals["killed"] + totals["timeout"]) / checked if checked else 0.0
    print(f"{'all':<42} {sum(totals.values()):>7} {totals['killed']:>7} {totals['timeout']:>7} "
          f"{totals['survived']:>8} {totals['no tests']:>8} {score:>6.1%}")
    if totals["not checked"]:
        print(f"{totals['not checked']} mutants not checked yet (an interrupted run: make mutate goes on where it was)")
    if args.survivors:
        print("\n".join(["", "survivors:"] + sorted(survivors)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
