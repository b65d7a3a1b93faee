"""Big-grid solver benchmark (issue 29, item 1): random consistent givens, every box shape up to 16x16.

Each grid is made from a seed: a random number of givens between N²/8 and
N²/3, placed one at a time in random cells, each a random digit that does not
clash with the givens placed before it (a cell with no such digit stays
empty).  Many such grids have no solution, many have several: the engines
*decide* each one (count solutions up to 2, as ``check`` does).

Per box shape it prints the median and worst time of the native engine and
of the pure-Python fallback, and, when the peer is found, of the peer and the
ratios.  The peer is OR-Tools CP-SAT (a strong published solver that handles
16x16), run from a scratch Python that has ``ortools`` (``--peer-python``,
default ``$SUDOKU_PEER_PYTHON``; make one with ``python3 -m venv /tmp/peer &&
/tmp/peer/bin/pip install ortools``): it is never part of sudokuprint.  The
peer counts to two the usual way (solve, forbid that solution, solve again),
and each engine's count is checked against it; a disagreement exits 1.

    python benchmarks/solver_big.py --grids 1000                     # native only, 1000 grids a shape
    python benchmarks/solver_big.py --grids 200 --python-grids 50 --peer-python /tmp/peer/bin/python
    python benchmarks/solver_big.py --example                        # tests/data/slow-16x16.txt alone
    python benchmarks/solver_big.py --grids 2000 --dump-slow 5 > slow.txt   # the slowest grids, as text

Times are CPU times of one core (the engines run in this thread; the peer with
one worker): a busy machine still inflates them a little (caches, frequency).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

from sudokuprint.shape import DIGIT_SYMBOLS, Shape
from sudokuprint.solver import native, pure

REPO = Path(__file__).resolve().parent.parent
EXAMPLE = REPO / "tests" / "data" / "slow-16x16.txt"

BOX_SHAPES: list[tuple[int, int]] = [
    (2, 2), (3, 2), (2, 3), (4, 2), (2, 4), (3, 3), (5, 2), (2, 5),
    (4, 3), (3, 4), (6, 2), (2, 6), (5, 3), (3, 5), (4, 4),
]
"""(box width, box height): every shape of 4x4 to 16x16 grids with boxes of two rows or columns or more."""

MEDIAN_GOAL_MS = 1.0
WORST_GOAL_MS = 100.0


def random_grid(shape: Shape, rng: random.Random) -> list[int]:
    """Cell values (0 = empty) of random consistent givens, N²/8 to N²/3 of them."""
    side, cells = shape.side, shape.cell_count
    wanted = rng.randint(cells // 8, cells // 3)
    values = [0] * cells
    peers = [shape_peers(shape, cell) for cell in range(cells)]
    for cell in rng.sample(range(cells), wanted):
        taken = {values[p] for p in peers[cell]}
        free = [d for d in range(1, side + 1) if d not in taken]
        if free:
            values[cell] = rng.choice(free)
    return values


_PEERS: dict[tuple[int, int], list[list[int]]] = {}


def shape_peers(shape: Shape, cell: int) -> list[int]:
    """The other cells sharing a row, column or box with ``cell``."""
    key = (shape.box_width, shape.box_height)
    if key not in _PEERS:
        side = shape.side

        def box(c: int) -> tuple[int, int]:
            return (c // side) // shape.box_height, (c % side) // shape.box_width

        _PEERS[key] = [
            [p for p in range(side * side) if p != c and (p // side == c // side or p % side == c % side or box(p) == box(c))]
            for c in range(side * side)
        ]
    return _PEERS[key][cell]


def to_text(values: Sequence[int]) -> str:
    return "".join(DIGIT_SYMBOLS[v - 1] if v else "." for v in values)


def from_text(text: str) -> list[int]:
    return [DIGIT_SYMBOLS.index(ch.upper()) + 1 if ch not in ".0" else 0 for ch in text.strip()]


def timed(decide: Callable[[bytes, Shape], int], grids: list[bytes], shape: Shape) -> tuple[list[float], list[int]]:
    """Milliseconds of this thread's CPU time and solution counts (to 2) of each grid.

    CPU time, not wall time: on a shared machine a wall clock counts the other
    processes' turns as the engine's."""
    times, counts = [], []
    for grid in grids:
        start = time.thread_time()
        count = decide(grid, shape)
        times.append((time.thread_time() - start) * 1000)
        counts.append(count)
    return times, counts


def native_decide(grid: bytes, shape: Shape) -> int:
    return native.solve_bytes(grid, shape, 2)[0]


def python_decide(grid: bytes, shape: Shape) -> int:
    return pure.solve_bytes(grid, shape, 2)[0]


PEER_SCRIPT = r"""
import json, sys, time
from ortools.sat.python import cp_model
for line in sys.stdin:
    job = json.loads(line)
    w, h, values = job["w"], job["h"], job["values"]
    n = w * h
    start = time.process_time()
    model = cp_model.CpModel()
    x = [[model.NewBoolVar("") for d in range(n)] for c in range(n * n)]
    for c in range(n * n):
        model.AddExactlyOne(x[c])
        if values[c]:
            model.Add(x[c][values[c] - 1] == 1)
    houses = [[r * n + k for k in range(n)] for r in range(n)] + [[k * n + col for k in range(n)] for col in range(n)]
    for b in range(n):
        top, left = (b // (n // w)) * h, (b % (n // w)) * w
        houses.append([(top + i) * n + left + j for i in range(h) for j in range(w)])
    for house in houses:
        for d in range(n):
            model.AddExactlyOne(x[c][d] for c in house)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    count = 0
    while count < 2:
        status = solver.Solve(model)
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break
        count += 1
        chosen = [x[c][d] for c in range(n * n) for d in range(n) if solver.Value(x[c][d])]
        model.AddBoolOr([v.Not() for v in chosen])
    print(json.dumps([count, (time.process_time() - start) * 1000]), flush=True)
"""


def peer_times(python: str, grids: list[bytes], shape: Shape) -> tuple[list[float], list[int]]:
    """The peer's milliseconds of process CPU time (building the model in Python included) and counts,
    one process for all the grids."""
    jobs = "".join(json.dumps({"w": shape.box_width, "h": shape.box_height, "values": list(g)}) + "\n" for g in grids)
    out = subprocess.run([python, "-c", PEER_SCRIPT], input=jobs, capture_output=True, text=True, check=True).stdout
    rows = [json.loads(line) for line in out.splitlines()]
    return [r[1] for r in rows], [r[0] for r in rows]


def summary(times: list[float]) -> str:
    return f"{statistics.median(times):8.3f} {max(times):9.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--grids", type=int, default=1000, help="random grids a box shape for the native engine")
    parser.add_argument("--python-grids", type=int, default=0, help="of those, how many the pure-Python engine decides")
    parser.add_argument("--peer-grids", type=int, default=None, help="of those, how many the peer decides (default: as for Python, else 100)")
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--shapes", default="", help="box shapes as WxH,WxH (default: every one)")
    parser.add_argument("--peer-python", default=os.environ.get("SUDOKU_PEER_PYTHON", ""), help="a Python with ortools")
    parser.add_argument("--example", action="store_true", help="only the issue's grid (tests/data/slow-16x16.txt)")
    parser.add_argument("--dump-slow", type=int, default=0, help="print the N slowest native grids a shape (WxH TEXT MS)")
    args = parser.parse_args(argv)

    shapes = [tuple(map(int, s.split("x"))) for s in args.shapes.split(",")] if args.shapes else BOX_SHAPES
    peer = args.peer_python if args.peer_python and Path(args.peer_python).exists() else ""
    if not peer:
        print("peer: MISSING (no --peer-python / $SUDOKU_PEER_PYTHON with ortools); no ratios", file=sys.stderr)
    peer_count = args.peer_grids if args.peer_grids is not None else (args.python_grids or 100)
    if not native.available():
        print(f"native engine missing: {native.unavailable_reason()}", file=sys.stderr)
        return 1

    print(f"# seed {args.seed}; times in ms on one core (median, worst); counts to 2 checked against the peer")
    print(f"{'shape':7} {'grids':>6} {'native med':>10} {'worst':>9} {'py grids':>8} {'python med':>10} {'worst':>9}"
          f" {'peer grids':>10} {'peer med':>9} {'worst':>9} {'med x':>7} {'worst x':>8}  none/unique/several")
    failed = False
    all_native: list[float] = []
    for width, height in shapes:
        shape = Shape(width, height)
        rng = random.Random(f"{args.seed}-{width}x{height}")
        if args.example:
            if (width, height) != (4, 4):
                continue
            grids = [bytes(from_text(EXAMPLE.read_text()))]
        else:
            grids = [bytes(random_grid(shape, rng)) for _ in range(args.grids)]
        n_times, n_counts = timed(native_decide, grids, shape)
        all_native += n_times
        row = f"{width}x{height:<5} {len(grids):6} {summary(n_times)}"
        py = grids[: args.python_grids] if not args.example else grids
        if py and args.python_grids or args.example:
            p_times, p_counts = timed(python_decide, py, shape)
            if p_counts != n_counts[: len(py)]:
                print(f"{width}x{height}: the Python and native counts differ", file=sys.stderr)
                failed = True
            row += f" {len(py):8} {summary(p_times)}"
        else:
            row += f" {'-':>8} {'-':>10} {'-':>9}"
        if peer:
            sub = grids[:peer_count]
            q_times, q_counts = peer_times(peer, sub, shape)
            if q_counts != n_counts[: len(sub)]:
                bad = next(i for i, (a, b) in enumerate(zip(q_counts, n_counts)) if a != b)
                print(f"{width}x{height}: native counts {n_counts[bad]}, peer {q_counts[bad]}: {to_text(sub[bad])}", file=sys.stderr)
                failed = True
            mine = n_times[: len(sub)]
            row += (f" {len(sub):10} {summary(q_times)} {statistics.median(q_times) / statistics.median(mine):7.1f}"
                    f" {max(q_times) / max(mine):8.1f}")
        else:
            row += f" {'-':>10} {'-':>9} {'-':>9} {'-':>7} {'-':>8}"
        row += "  " + "/".join(str(n_counts.count(k)) for k in range(3))
        print(row, flush=True)
        for i in sorted(range(len(grids)), key=lambda i: -n_times[i])[: args.dump_slow]:
            print(f"slow {width}x{height} {to_text(grids[i])} {n_times[i]:.1f}", file=sys.stderr)
    if all_native:
        med, worst = statistics.median(all_native), max(all_native)
        verdict = "meets" if med <= MEDIAN_GOAL_MS and worst <= WORST_GOAL_MS else "MISSES"
        print(f"# native over all {len(all_native)} grids: median {med:.3f} ms, worst {worst:.2f} ms: {verdict} "
              f"the goal (median <= {MEDIAN_GOAL_MS} ms, worst <= {WORST_GOAL_MS} ms)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
