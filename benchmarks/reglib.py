"""HoDoKu regression library (reglib 1.3): how many positions the engine reproduces.

For every library line that is not a fail case, the engine (every technique
but trial and the nested forcing chains, which run trials; cheapest first, singles included) makes up to ``--steps`` steps
from the line's pencil-mark position; the position counts as reproduced when
the eliminations and placements HoDoKu expects are all among what those
steps did.  Every step is checked against the position's unique solution
(a wrong step stops the run).  Printed: the share over all lines, over the
chain family (HoDoKu codes 07xx: X-chains, XY-chains, remote pairs, nice
loops / AIC, grouped and forcing chains/nets), and per code.

    python benchmarks/reglib.py                  # 12 steps a position
    python benchmarks/reglib.py --steps 30
    python benchmarks/reglib.py --by-technique   # each technique alone, as the tests run them
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from pathlib import Path

from sudokuprint.formats.hodoku import parse_library_line
from sudokuprint.logic.engine import apply_step, check_step, next_step, solution_of
from sudokuprint.logic.state import State
from sudokuprint.logic.techniques import ADVANCED, SINGLES, Technique, forcing, nested

AIC = Technique("AIC", 4, 6.6, forcing.find_aic, forcing.chain_rating)
"""The forcing chain with every AIC elimination of chains as short (not in the grading order)."""

ENGINE = SINGLES + tuple(t for t in ADVANCED if t.name != nested.NESTED_FORCING.name)
"""The techniques used: all but the nested forcing chains, whose search starts with a trial."""

LIBRARY = Path(__file__).resolve().parents[2] / "shared" / "data" / "formats" / "hodoku" / "reglib-1.3.txt"


def _reaches(lib_step, solution, find, steps: int) -> bool:
    """True when ``find`` (state -> step), applied up to ``steps`` times from the line's grid, makes every
    placement and elimination the line names (each step checked against the solution)."""
    state = State.from_grid(lib_step.grid)
    expected_elims = {(c.cell, c.digit) for c in lib_step.eliminations}
    expected_places = {(c.cell, c.digit) for c in lib_step.placements}
    eliminated: set[tuple[int, int]] = set()
    placed: set[tuple[int, int]] = set()
    for _ in range(steps):
        step = find(state)
        if step is None:
            break
        check_step(step, solution, state)
        for cell, digit in step.placements:
            placed.add((cell, digit))
            eliminated.update((cell, d) for d in range(1, 10) if d != digit and state.cands[cell] >> (d - 1) & 1)
        eliminated.update(step.eliminations)
        apply_step(state, step)
        if expected_elims <= eliminated and expected_places <= placed:
            return True
    return False


def reproduced(lib_step, steps: int) -> bool:
    """True when the whole engine (no trial), up to ``steps`` steps, reproduces the line."""
    return _reaches(lib_step, solution_of(lib_step.grid.puzzle()), lambda state: next_step(state, techniques=ENGINE, use_trial=False), steps)


def reproduced_by_one(lib_step, steps: int) -> bool:
    """True when some single technique, applied alone up to ``steps`` times, reproduces the line."""
    solution = solution_of(lib_step.grid.puzzle())
    return any(_reaches(lib_step, solution, technique.find, steps) for technique in ENGINE + (AIC,))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=12, help="steps the engine may make a position (default 12)")
    parser.add_argument(
        "--by-technique",
        action="store_true",
        help="count a line when any one technique alone reproduces it (as the tests do), not the whole engine",
    )
    args = parser.parse_args()
    check = reproduced_by_one if args.by_technique else reproduced
    by_code: dict[str, list[bool]] = defaultdict(list)
    started = time.perf_counter()
    with LIBRARY.open() as stream:
        for number, text in enumerate(stream, start=1):
            if not text.startswith(":"):
                continue
            lib_step = parse_library_line(text, number)
            if lib_step.is_fail_case:
                continue
            by_code[lib_step.technique].append(check(lib_step, args.steps))
    every = [ok for oks in by_code.values() for ok in oks]
    chains = [ok for code, oks in by_code.items() if code.startswith("07") for ok in oks]
    print(f"all positions: {sum(every)}/{len(every)} reproduced ({sum(every) / len(every):.1%})")
    print(f"chain family (07xx): {sum(chains)}/{len(chains)} reproduced ({sum(chains) / len(chains):.1%})")
    for code in sorted(by_code):
        oks = by_code[code]
        print(f"  {code}: {sum(oks):3d}/{len(oks):3d}")
    print(f"{time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
