"""The data of an HTML edition: per puzzle its givens, solution and logical solve path.

Solutions and hint paths are embedded but not readable at a glance: every
secret is XORed with a key derived from the collection and written in
base64; hint paths are grouped in chunks, each compressed (raw deflate,
which browsers undo natively with ``DecompressionStream``) before it is
encoded, so a collection of 1,000 puzzles stays small.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import zlib
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Iterable, Sequence

from ..deadline import time_limit
from ..errors import SolverTimeoutError, SudokuprintError
from ..executor import run_all
from ..grid import Grid
from ..levels import LEVEL_NAMES
from ..logic.engine import solution_of, solve_state
from ..logic.grading import Grade, basic_level, grade_log
from ..logic.state import State
from ..logic.step import InconsistentStepError
from ..publish.puzzles import Puzzle, svd_label_for

CHUNK_SIZE = 25
"""Puzzles whose hint paths are compressed together (the page inflates one chunk at a time)."""

PAGE_HINTS_ABOVE = 9
"""Grids of a larger side get no embedded path: the page finds their hints itself (logic.js), with
the techniques of levels 1-3, and their level is found with those alone (the logic engine's full
solve of a 16x16, chains and all, took 87 s for two puzzles)."""


@dataclass(frozen=True)
class SolvePath:
    """What the logic engine says of one puzzle: its steps and its grade, or why it has none.

    A step is ``(technique index, explanation, (cell, digit, ...) placed, (cell, digit, ...) eliminated)``.
    """

    techniques: tuple[str, ...] = ()
    steps: tuple[tuple[int, str, tuple[int, ...], tuple[int, ...]], ...] = ()
    grade: Grade | None = None
    problem: str | None = None
    in_page: bool = False
    """True when the page finds the hints itself (a big grid): no steps here, only the grade."""


TIMEOUT = "timeout"
"""How the ``problem`` of a solve path given up on starts."""

SOLVE_PATH_NEEDS = ("sudokuprint.logic.engine", "sudokuprint.logic.grading")
"""What :func:`solve_path` imports when first called (for ``run_all(warm=...)``)."""


def solve_path(grid: Grid, timeout: float | None = None) -> SolvePath:
    """The logical solve path of a puzzle from its givens, and the grade that path gives.

    A puzzle the engine cannot take (several solutions, an engine error, a
    solve longer than ``timeout`` seconds) gets no path and a ``problem``
    saying why; the page then offers no hints for it.
    A grid larger than 9x9 gets only its level (see :data:`PAGE_HINTS_ABOVE`).
    """
    try:
        with time_limit(timeout):
            solution = solution_of(grid)
            if grid.side > PAGE_HINTS_ABOVE:
                level = basic_level(grid, solution)
                return SolvePath(grade=Grade(grid.to_string(), level=level, givens=grid.clue_count), in_page=True)
            log = solve_state(grid, State.from_grid(grid), solution)
            graded = grade_log(grid, log, solution)
    except SolverTimeoutError as error:
        return SolvePath(problem=f"{TIMEOUT}: {error}")
    except (SudokuprintError, InconsistentStepError) as error:
        return SolvePath(problem=str(error))
    names: dict[str, int] = {}
    steps = []
    for step in log.steps:
        index = names.setdefault(step.technique, len(names))
        placed = tuple(n for pair in step.placements for n in pair)
        eliminated = tuple(n for pair in step.eliminations for n in pair)
        steps.append((index, step.explanation, placed, eliminated))
    return SolvePath(tuple(names), tuple(steps), graded)


@dataclass
class Edition:
    """The page's data: title, key and one entry per puzzle, plus the encoded hint chunks."""

    title: str
    key: bytes
    puzzles: list[dict[str, Any]] = field(default_factory=list)
    chunks: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    timed_out: list[str] = field(default_factory=list)
    """Where the puzzles are whose solve took longer than the ``timeout`` (they have no hints)."""
    """One line per puzzle that got no hints, naming it and the reason."""

    def to_json(self) -> str:
        """The data as the page reads it (``<`` escaped so it can sit in a script element)."""
        data = {
            "title": self.title,
            "key": base64.b64encode(self.key).decode("ascii"),
            "puzzles": self.puzzles,
            "chunks": self.chunks,
        }
        return json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("<", "\\u003c")


def collection_key(puzzles: Sequence[Puzzle]) -> bytes:
    """A 16-byte key that depends on the givens of the whole collection (same collection, same file)."""
    digest = hashlib.sha256()
    for puzzle in puzzles:
        digest.update(puzzle.grid.to_string().encode("ascii") + b"\n")
    return digest.digest()[:16]


def puzzle_id(grid: Grid) -> str:
    """A short hash of a puzzle's shape and givens: its progress key in the browser."""
    text = f"{grid.shape.box_width}x{grid.shape.box_height}:{grid.to_string()}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()[:16]


def obscure(data: bytes, key: bytes) -> str:
    """``data`` XORed with the repeated key, in base64: hidden from a glance, not from a person who tries."""
    mixed = bytes(b ^ key[i % len(key)] for i, b in enumerate(data))
    return base64.b64encode(mixed).decode("ascii")


def reveal(text: str, key: bytes) -> bytes:
    """The inverse of :func:`obscure`."""
    mixed = base64.b64decode(text)
    return bytes(b ^ key[i % len(key)] for i, b in enumerate(mixed))


def deflate(data: bytes) -> bytes:
    """Raw deflate (no zlib header), what the browser's ``DecompressionStream('deflate-raw')`` reads."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def inflate(data: bytes) -> bytes:
    """The inverse of :func:`deflate`."""
    return zlib.decompress(data, -15)


def _chunk_text(paths: list[SolvePath]) -> bytes:
    names: dict[str, int] = {}
    encoded = []
    for path in paths:
        steps = []
        for index, explanation, placed, eliminated in path.steps:
            shared = names.setdefault(path.techniques[index], len(names))
            steps.append([shared, explanation, list(placed), list(eliminated)])
        encoded.append(steps if path.problem is None and not path.in_page else None)
    return json.dumps({"t": list(names), "p": encoded}, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def build_edition(
    puzzles: Sequence[Puzzle],
    *,
    title: str = "Sudoku",
    hints: bool = True,
    jobs: int = 1,
    progress: Callable[[Iterable[SolvePath]], Iterable[SolvePath]] | None = None,
    timeout: float | None = None,
) -> Edition:
    """The page data for ``puzzles`` (checked, numbered; see :func:`sudokuprint.publish.load_puzzles`).

    With ``hints`` every puzzle is solved by the logic engine, through the
    executor (:func:`sudokuprint.executor.run_all`: ``jobs`` processes, or
    the cluster of the :func:`~sudokuprint.executor.executor_settings` around
    the call; the paths keep the puzzles' order): its steps become the page's hints and its grade the level
    and label shown; a puzzle whose solve takes longer than ``timeout``
    seconds gets no hints (:attr:`Edition.timed_out`).  ``progress`` may wrap
    the stream of solve paths (a progress bar).
    """
    key = collection_key(puzzles)
    edition = Edition(title, key)
    if hints:
        stream: Iterable[SolvePath] = run_all(functools.partial(solve_path, timeout=timeout), [p.grid for p in puzzles],
                                              jobs=jobs, warm=SOLVE_PATH_NEEDS, ordered=True)
        paths = list(progress(stream) if progress else stream)
    else:
        paths = [SolvePath(problem="hints were left out") for _ in puzzles]
    for start in range(0, len(puzzles), CHUNK_SIZE):
        chunk = paths[start:start + CHUNK_SIZE]
        if hints:
            edition.chunks.append(obscure(deflate(_chunk_text(chunk)), key))
        for offset, (puzzle, path) in enumerate(zip(puzzles[start:start + CHUNK_SIZE], chunk)):
            if puzzle.grade.level is None and path.grade is not None:
                puzzle = replace(puzzle, grade=path.grade)
            label = puzzle.svd_label or svd_label_for(puzzle.number, puzzle.grid, puzzle.grade)
            if path.problem is not None and path.problem.startswith(f"{TIMEOUT}:"):
                edition.timed_out.append(f"{puzzle.source}: puzzle {puzzle.number}")
            elif path.problem is not None and hints:
                edition.problems.append(f"{puzzle.source}: puzzle {puzzle.number}: no hints: {path.problem}")
            hint_at: list[int] | str | None = [len(edition.chunks) - 1, offset]
            if path.problem is not None:
                hint_at = None
            elif path.in_page:
                hint_at = "page"
            edition.puzzles.append(_entry(puzzle, label, key, hint_at))
    return edition


def _entry(puzzle: Puzzle, label: str | None, key: bytes, hint_at: list[int] | str | None) -> dict[str, Any]:
    grid = puzzle.grid
    level = puzzle.grade.level
    return {
        "n": puzzle.number,
        "box": [grid.shape.box_width, grid.shape.box_height],
        "g": grid.to_string(),
        "id": puzzle_id(grid),
        "level": LEVEL_NAMES.get(level) if level is not None else None,
        "rating": puzzle.grade.rating,
        "label": label,
        "unique": puzzle.unique,
        "sol": obscure(puzzle.solution.to_string().encode("ascii"), key),
        "h": hint_at,
    }
