"""Collections: N puzzles to a file, written as they are made, resumable.

Each puzzle is one line (``text``: space-separated fields, ``-`` for none),
one JSON object (``jsonl``) or one CSV row (``csv``, with a header), with the
fields of :data:`COLUMNS`.  A new file is written atomically: the old file
stays as it was until the run has succeeded.  With ``resume`` the file is
appended to under an exclusive lock, a line flushed as each puzzle is made,
so an interrupted run keeps everything it made; the next ``resume`` reads the
file back, drops a torn last line, and makes only the missing ids (two runs
at once take turns).  Puzzle ``i`` (try ``k``) comes from its own random
stream, ``seed:i:k``, and the puzzles are written in id order whatever the
number of worker processes, so a run is reproducible from its seed.  A puzzle
equivalent to one already made (:func:`~.canonical.equivalence_key`) is made
again with the next try (:class:`~.canonical.DistinctPuzzles`).  Work is read
lazily: ``count`` may be any size, the first line is written at once and memory
grows only by about 200 bytes a puzzle (what keeps the collection free of
repeats).  Standard output gets each line as it is made.
"""

from __future__ import annotations

import functools
import io
import os
import random
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator

from ..deadline import time_limit
from ..errors import ParseError, SolverTimeoutError, SudokuprintError
from ..executor import run_all
from ..notation import Cell, cell_values, puzzle_string
from ..outputs import atomic_output, locked_append
from ..shape import Shape
from ..solver import get_backend
from .canonical import DistinctPuzzles, equivalence_profile
from .dig import DigTarget, generate_puzzle
from .pattern import PatternSearch, fill_pattern
from .result import GenerationError, Generated

COLUMNS = ("id", "puzzle", "solution", "clues", "level", "moves", "rating", "pattern_code")
COLLECTION_FORMATS = ("text", "jsonl", "csv")
"""The text formats a generated collection is written in, a puzzle a row (pages are the page outputs',
:mod:`sudokuprint.render.page_outputs`)."""
MAX_DUPLICATES_IN_A_ROW = 500
"""A run stops (GenerationError) when this many puzzles in a row repeat ones already made:
small shapes have few essentially different puzzles (13 minimal rot180 4x4 ones)."""


@dataclass(frozen=True)
class Recipe:
    """How to make each puzzle of a collection: dig to a target, or fill a pattern."""

    shape: Shape
    seed: int = 0
    target: DigTarget | None = DigTarget()
    pattern: frozenset[int] | None = None
    pattern_search: PatternSearch = PatternSearch()
    max_tries: int = 100_000
    graded: bool = True
    time_limit: float | None = None
    """Seconds to make one dug puzzle (grading included) before giving up (``--timeout``); None: no limit."""

    def make(self, index: int, attempt: int = 0) -> Generated:
        """Puzzle ``index`` (try ``attempt``), proved unique by the core solver.

        A dug puzzle is proved by the dig's own last check (removals are kept
        only when the core solver finds one solution), so it is not solved
        again; a pattern's puzzle, reworked given by given, is checked once more.
        A dug puzzle not made within :attr:`time_limit` seconds raises
        :class:`GenerationError` naming it.
        """
        rng = seeded(f"{self.seed}:{index}:{attempt}")
        if self.pattern is None:
            try:
                with time_limit(self.time_limit):  # a grade of a hard candidate counts too
                    return generate_puzzle(self.shape, rng, self.target or DigTarget(), max_tries=self.max_tries,
                                           graded=self.graded, time_limit=self.time_limit)
            except GenerationError as error:
                out_of_time = self.time_limit is not None and error.stats is not None and \
                    error.stats.seconds >= self.time_limit
                why = f"gave up after {self.time_limit:g} s: " if out_of_time else ""
                raise GenerationError(f"puzzle {index}: {why}{error.reason}", error.stats) from None
            except SolverTimeoutError as error:
                raise GenerationError(f"puzzle {index}: {error} grading a candidate") from None
        generated, _ = fill_pattern(self.pattern, self.shape, rng, self.pattern_search)
        count, solution = get_backend().solve_bytes(generated.puzzle_bytes, self.shape, 2)
        if count != 1 or solution is None or tuple(solution) != generated.solution:
            raise GenerationError(f"internal error: puzzle {index} is not unique ({count} solutions)")
        return generated


try:  # the SHA-512 random itself seeds with (hashlib would load OpenSSL at start-up)
    from _sha512 import sha512 as _sha512  # type: ignore[import-not-found,unused-ignore]
except ImportError:
    try:
        from _sha2 import sha512 as _sha512  # type: ignore[import-not-found,no-redef,unused-ignore]
    except ImportError:
        from hashlib import sha512 as _sha512  # type: ignore[no-redef,unused-ignore]

_RANDOM = threading.local()
_SEED = random.Random.__mro__[1].seed  # type: ignore[attr-defined]  # the C seeding, behind Random.seed


def seeded(text: str) -> random.Random:
    """A random stream in the state ``random.Random(text)`` would start from, for this thread to use
    until its next call: one generator reseeded (a new one costs two seedings, of the str's hash
    and of its SHA-512) with the integer Python's seeding makes of a str."""
    rng = getattr(_RANDOM, "rng", None)
    if rng is None:
        rng = _RANDOM.rng = random.Random()
    data = text.encode()
    _SEED(rng, int.from_bytes(data + _sha512(data).digest(), "big"))
    rng.gauss_next = None  # type: ignore[union-attr]
    return rng


def record_of(index: int, generated: Generated) -> dict:
    """The fields of one collection line."""
    grade = generated.graded_as
    return {
        "id": index,
        "puzzle": puzzle_string(generated.puzzle_bytes),
        "solution": puzzle_string(generated.solution_bytes),
        "clues": generated.clues,
        "level": None if grade is None else grade.level,
        "moves": None if grade is None else grade.moves,
        "rating": None if grade is None else grade.rating,
        "pattern_code": generated.pattern_code(),
    }


def format_record(record: dict, fmt: str) -> str:
    """One line (with its newline) of ``fmt`` for a record."""
    if fmt == "text":
        return " ".join("-" if record[k] is None else str(record[k]) for k in COLUMNS) + "\n"
    if fmt == "jsonl":
        import json  # here: the text lines, the default, need neither json nor csv at start-up

        return json.dumps({k: record[k] for k in COLUMNS}) + "\n"
    if fmt == "csv":
        import csv  # here: as json above

        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerow(["" if record[k] is None else record[k] for k in COLUMNS])
        return buffer.getvalue()
    raise ValueError(f"unknown collection format {fmt!r}; choose one of: {', '.join(COLLECTION_FORMATS)}")


def header(fmt: str) -> str:
    return ",".join(COLUMNS) + "\n" if fmt == "csv" else ""


def parse_line(line: str, fmt: str, number: int, source: str) -> dict:
    """A record from one complete line of a collection file."""
    import csv  # here: as in format_record
    import json  # here: as in format_record

    try:
        if fmt == "jsonl":
            record = json.loads(line)
        elif fmt == "csv":
            record = dict(zip(COLUMNS, next(csv.reader([line]))))
        else:
            record = dict(zip(COLUMNS, line.split()))
        record["id"] = int(record["id"])
        if not record.get("puzzle"):
            raise KeyError("puzzle")
    except (ValueError, KeyError, TypeError, StopIteration, RecursionError) as error:
        why = "values nested too deeply" if isinstance(error, RecursionError) else error
        raise ParseError(f"collection ({fmt})", f"not a line this command writes ({why})", line=number,
                         text=line.strip(), source=source) from None
    return record


def puzzle_values(text: str, shape: Shape) -> list[int]:
    """The cell values of a collection's puzzle string; ValueError if it is not one of ``shape``."""
    if len(text) != shape.cell_count:
        raise ValueError(f"{len(text)} cells, not the {shape.cell_count} of a {shape.name} grid")
    try:
        return cell_values((Cell(symbol, 1, cell) for cell, symbol in enumerate(text, start=1)), shape.side)
    except ParseError as error:
        raise ValueError(f"{error.text!r} at cell {error.column} is not a digit of a {shape.name} grid") from None


def _parse_lines(data: bytes, fmt: str, shape: Shape | None, source: str) -> tuple[list[dict], int]:
    """The complete records in ``data`` and the length of its complete lines."""
    complete = data[: data.rfind(b"\n") + 1]
    title = f"collection ({fmt})"
    try:
        lines = complete.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        raise ParseError(title, f"not a text file (byte {error.start + 1} is not UTF-8)", source=source) from None
    first = 2 if fmt == "csv" and lines and lines[0].startswith("id,") else 1
    records = []
    for number, line in enumerate(lines[first - 1 :], start=first):
        if not line.strip():
            continue
        record = parse_line(line, fmt, number, source)
        if shape is not None:
            try:
                puzzle_values(str(record["puzzle"]), shape)
            except ValueError as error:
                raise ParseError(title, f"puzzle {record['id']}: {error}", line=number, source=source) from None
        records.append(record)
    return records, len(complete)


def read_collection(path: str | os.PathLike, fmt: str, shape: Shape | None = None) -> list[dict]:
    """The complete records of a collection file; a torn last line (no newline) is cut off the file.

    With ``shape`` every puzzle must be a grid of that shape.  The file is
    only cut once all its complete lines have been read, so a file that is
    not a collection of ``fmt`` is left as it was.
    """
    target = Path(path)
    if not target.exists():
        return []
    with locked_append(target) as stream:
        return _read_locked(stream, fmt, shape, str(path))


def _read_locked(stream: IO[bytes], fmt: str, shape: Shape | None, source: str) -> list[dict]:
    data = stream.read()
    records, complete = _parse_lines(data, fmt, shape, source)
    if complete != len(data):
        stream.truncate(complete)
    return records


@dataclass
class Summary:
    """What a collection run did."""

    written: int = 0
    resumed: int = 0
    duplicates: int = 0


Made = tuple[int, int, Generated, bytes]
"""(id, try, puzzle, equivalence profile)."""


def make_one(recipe: Recipe, job: tuple[int, int]) -> Made:
    """Puzzle ``id`` (try ``k``) with its equivalence profile (runs in worker processes)."""
    index, attempt = job
    generated = recipe.make(index, attempt)
    return index, attempt, generated, equivalence_profile(generated.puzzle_bytes, recipe.shape)


def _make_into(
    write: Callable[[str], None],
    recipe: Recipe,
    count: int,
    fmt: str,
    existing: list[dict],
    jobs: int,
    on_puzzle: Callable[[dict], None] | None,
) -> Summary:
    """Make the ids 1..count not in ``existing``, in id order, and write each line as it is made."""
    summary = Summary(resumed=len(existing))
    done = {int(r["id"]) for r in existing}
    seen = DistinctPuzzles(recipe.shape)
    for r in existing:
        seen.add(puzzle_values(r["puzzle"], recipe.shape))
    del existing
    todo: Iterable[tuple[int, int]] = ((i, 0) for i in range(1, count + 1) if i not in done)
    warm = ("sudokuprint.logic",) if recipe.graded else ()  # the grader, imported once, not in every worker
    made = run_all(functools.partial(make_one, recipe), todo, jobs=jobs, warm=warm)  # chunks timed by the workers
    for index, attempt, generated, profile in made:
        in_a_row = 0
        while not seen.add(generated.puzzle_bytes, profile):  # a repeat: the next try, here, so the order stays fixed
            summary.duplicates += 1
            in_a_row += 1
            if in_a_row >= MAX_DUPLICATES_IN_A_ROW:
                raise GenerationError(
                    f"stopped at puzzle {index}: {in_a_row} tries in a row were all equivalent to puzzles already "
                    f"made; {len(seen)} essentially different puzzles were found, and these settings may allow "
                    f"no more (asked for {count})"
                )
            index, attempt, generated, profile = make_one(recipe, (index, attempt + 1))
        record = record_of(index, generated)
        write(format_record(record, fmt))
        summary.written += 1
        if on_puzzle is not None:
            on_puzzle(record)
    return summary


def write_collection(
    recipe: Recipe,
    count: int,
    path: str | os.PathLike,
    fmt: str = "jsonl",
    *,
    resume: bool = False,
    jobs: int = 1,
    on_puzzle: Callable[[dict], None] | None = None,
) -> Summary:
    """Make puzzles 1..``count`` into ``path`` ('-': standard output), a line as each is made.

    Without ``resume`` the file is replaced only when every puzzle is made;
    with it the file is appended to, under a lock.
    """
    if fmt not in COLLECTION_FORMATS:
        raise ValueError(f"unknown collection format {fmt!r}; choose one of: {', '.join(COLLECTION_FORMATS)}")
    if resume:
        if os.fspath(path) == "-":
            raise SudokuprintError("--resume needs an output file (-o FILE), not standard output")
        with locked_append(path) as stream:
            existing = _read_locked(stream, fmt, recipe.shape, str(path))

            def append(text: str) -> None:
                stream.write(text.encode("utf-8"))
                stream.flush()

            if stream.seek(0, os.SEEK_END) == 0:
                append(header(fmt))
            return _make_into(append, recipe, count, fmt, existing, jobs, on_puzzle)
    streaming = os.fspath(path) == "-"
    with atomic_output(path) as out:

        def put(text: str) -> None:
            out.write(text)
            if streaming:  # a reader may be waiting for it; a file being replaced is read only when whole
                out.flush()

        put(header(fmt))
        return _make_into(put, recipe, count, fmt, [], jobs, on_puzzle)
