"""Collections: N puzzles to a file, written as they are made, resumable.

Each puzzle is one line (``text``: space-separated fields, ``-`` for none),
one JSON object (``jsonl``) or one CSV row (``csv``, with a header), with the
fields of :data:`COLUMNS`.  Lines are flushed as soon as a puzzle is made, so
an interrupted run keeps everything it made; ``resume`` reads the file back,
drops a torn last line, and makes only the missing ids.  Puzzle ``i`` (try
``k``) comes from its own random stream, ``seed:i:k``, so a run is
reproducible from its seed whatever order the worker processes finish in
(with ``jobs`` > 1 only the order of the lines varies).  A puzzle equivalent
to one already in the file (:func:`~.canonical.equivalence_key`) is made again
with the next try.
"""

from __future__ import annotations

import csv
import io
import json
import os
import random
import sys
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from ..errors import ParseError, SudokuprintError
from ..shape import Shape, digit_symbol, symbol_digit
from ..solver import search
from .canonical import equivalence_key
from .dig import DigTarget, generate_puzzle
from .pattern import PatternSearch, fill_pattern
from .result import GenerationError, Generated

COLUMNS = ("id", "puzzle", "solution", "clues", "level", "moves", "rating", "pattern_code")
OUTPUT_FORMATS = ("text", "jsonl", "csv")
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

    def make(self, index: int, attempt: int = 0) -> Generated:
        """Puzzle ``index`` (try ``attempt``), proved unique by the core solver."""
        rng = random.Random(f"{self.seed}:{index}:{attempt}")
        if self.pattern is not None:
            generated, _ = fill_pattern(self.pattern, self.shape, rng, self.pattern_search)
        else:
            generated = generate_puzzle(
                self.shape, rng, self.target or DigTarget(), max_tries=self.max_tries, graded=self.graded
            )
        proof = search(generated.grid(), 2)
        if proof.count != 1 or proof.solution is None or proof.solution.values != generated.solution:
            raise GenerationError(f"internal error: puzzle {index} is not unique ({proof.describe()} solutions)")
        return generated


def _string(values) -> str:
    return "".join(digit_symbol(v) if v else "." for v in values)


def record_of(index: int, generated: Generated) -> dict:
    """The fields of one collection line."""
    grade = generated.grade
    return {
        "id": index,
        "puzzle": _string(generated.puzzle),
        "solution": _string(generated.solution),
        "clues": generated.clues,
        "level": grade.level,
        "moves": grade.moves,
        "rating": grade.rating,
        "pattern_code": generated.pattern_code(),
    }


def format_record(record: dict, fmt: str) -> str:
    """One line (with its newline) of ``fmt`` for a record."""
    if fmt == "jsonl":
        return json.dumps({k: record[k] for k in COLUMNS}) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        csv.writer(buffer, lineterminator="\n").writerow(["" if record[k] is None else record[k] for k in COLUMNS])
        return buffer.getvalue()
    if fmt == "text":
        return " ".join("-" if record[k] is None else str(record[k]) for k in COLUMNS) + "\n"
    raise ValueError(f"unknown collection format {fmt!r}; choose one of: {', '.join(OUTPUT_FORMATS)}")


def header(fmt: str) -> str:
    return ",".join(COLUMNS) + "\n" if fmt == "csv" else ""


def parse_line(line: str, fmt: str, number: int, source: str) -> dict:
    """A record from one complete line of a collection file."""
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
    except (ValueError, KeyError, TypeError, StopIteration) as error:
        raise ParseError(f"collection ({fmt})", f"not a line this command writes ({error})", line=number,
                         text=line.strip(), source=source) from None
    return record


def puzzle_values(text: str, shape: Shape) -> list[int]:
    """The cell values of a collection's puzzle string ('.' for an empty cell); ValueError if it is not one of ``shape``."""
    if len(text) != shape.cell_count:
        raise ValueError(f"{len(text)} cells, not the {shape.cell_count} of a {shape.name} grid")
    values = [0 if ch == "." else symbol_digit(ch) for ch in text]
    for cell, value in enumerate(values):
        if value == -1 or value > shape.side:
            raise ValueError(f"{text[cell]!r} at cell {cell + 1} is not a digit of a {shape.name} grid")
    return values


def read_collection(path: str | os.PathLike, fmt: str, shape: Shape | None = None) -> list[dict]:
    """The complete records of a collection file; a torn last line (no newline) is cut off the file.

    With ``shape`` every puzzle must be a grid of that shape.  The file is
    only cut once all its complete lines have been read, so a file that is
    not a collection of ``fmt`` is left as it was.
    """
    target = Path(path)
    if not target.exists():
        return []
    data = target.read_bytes()
    complete = data[: data.rfind(b"\n") + 1]
    title = f"collection ({fmt})"
    try:
        lines = complete.decode("utf-8").splitlines()
    except UnicodeDecodeError as error:
        raise ParseError(title, f"not a text file (byte {error.start + 1} is not UTF-8)", source=str(path)) from None
    first = 2 if fmt == "csv" and lines and lines[0].startswith("id,") else 1
    records = []
    for number, line in enumerate(lines[first - 1 :], start=first):
        if not line.strip():
            continue
        record = parse_line(line, fmt, number, str(path))
        if shape is not None:
            try:
                puzzle_values(str(record["puzzle"]), shape)
            except ValueError as error:
                raise ParseError(title, f"puzzle {record['id']}: {error}", line=number, source=str(path)) from None
        records.append(record)
    if len(complete) != len(data):
        with target.open("r+b") as stream:
            stream.truncate(len(complete))
    return records


@dataclass
class Summary:
    """What a collection run did."""

    written: int = 0
    resumed: int = 0
    duplicates: int = 0
    ids: list[int] = field(default_factory=list)


Made = tuple[int, int, Generated, str]
"""(id, try, puzzle, equivalence key)."""


def _make_batch(recipe: Recipe, batch: list[tuple[int, int]]) -> list[Made]:
    """Make the puzzles of a batch of (id, try) pairs, with their equivalence keys."""
    made = []
    for index, attempt in batch:
        generated = recipe.make(index, attempt)
        made.append((index, attempt, generated, equivalence_key(generated.puzzle, recipe.shape)))
    return made


def _batches(queue: list[tuple[int, int]], size: int) -> Iterator[list[tuple[int, int]]]:
    while queue:
        batch, queue[:] = queue[:size], queue[size:]
        yield batch


def _results(
    recipe: Recipe, todo: list[int], jobs: int, retry: Callable[[], list[tuple[int, int]]]
) -> Iterator[Made]:
    """Made puzzles as they come, from ``jobs`` processes; ``retry()`` hands back (id, try) pairs to redo.

    Work goes out in small batches so that quick puzzles are not swamped by
    the cost of talking to the worker processes.
    """
    queue = [(i, 0) for i in todo]
    if jobs <= 1:
        while queue:
            yield from _make_batch(recipe, [queue.pop(0)])
            queue.extend(retry())
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future] = set()
        try:
            while queue or pending:
                size = 1 if recipe.pattern is not None else max(1, min(32, len(queue) // (4 * jobs)))
                while queue and len(pending) < 2 * jobs:
                    pending.add(pool.submit(_make_batch, recipe, next(_batches(queue, size))))
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield from future.result()
                    queue.extend(retry())
        except BaseException:
            for future in pending:
                future.cancel()
            raise


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
    """Make puzzles 1..``count`` into ``path`` ('-': standard output), a line as each is made."""
    if fmt not in OUTPUT_FORMATS:
        raise ValueError(f"unknown collection format {fmt!r}; choose one of: {', '.join(OUTPUT_FORMATS)}")
    to_stdout = os.fspath(path) == "-"
    if resume and to_stdout:
        raise SudokuprintError("--resume needs an output file (-o FILE), not standard output")
    existing = read_collection(path, fmt, recipe.shape) if resume else []
    summary = Summary(resumed=len(existing))
    done = {r["id"] for r in existing}
    seen_exact = {r["puzzle"] for r in existing}
    seen_equivalent = {equivalence_key(puzzle_values(r["puzzle"], recipe.shape), recipe.shape) for r in existing}
    todo = [i for i in range(1, count + 1) if i not in done]
    redo: list[tuple[int, int]] = []
    in_a_row = 0

    stream = sys.stdout if to_stdout else open(path, "a" if resume else "w", encoding="utf-8", newline="\n")
    try:
        if to_stdout or stream.tell() == 0:
            stream.write(header(fmt))
        for index, attempt, generated, key in _results(recipe, todo, jobs, lambda: [redo.pop() for _ in range(len(redo))]):
            record = record_of(index, generated)
            if record["puzzle"] in seen_exact or key in seen_equivalent:
                summary.duplicates += 1
                in_a_row += 1
                if in_a_row >= MAX_DUPLICATES_IN_A_ROW:
                    raise GenerationError(
                        f"stopped: the last {in_a_row} puzzles made were all equivalent to ones already written; "
                        f"{len(seen_equivalent)} essentially different puzzles were found, and these settings "
                        f"may allow no more (asked for {count})"
                    )
                redo.append((index, attempt + 1))
                continue
            in_a_row = 0
            seen_exact.add(record["puzzle"])
            seen_equivalent.add(key)
            stream.write(format_record(record, fmt))
            stream.flush()
            summary.written += 1
            summary.ids.append(index)
            if on_puzzle is not None:
                on_puzzle(record)
    finally:
        if not to_stdout:
            stream.close()
    return summary
