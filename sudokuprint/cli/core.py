"""Core commands: check, solve, convert, formats."""

from __future__ import annotations

import functools
import itertools
import re
from typing import IO, Iterator, cast

import click

from ..batch import Solved, check_rows, growing_chunks, solve_chunk
from ..errors import ExitCode, SolverTimeoutError, SudokuprintError
from ..executor import run_all
from ..formats import Record, formats, get_format, read_text, write, write_all
from ..grid import Grid
from ..outputs import atomic_output, row_output
from .app import (INPUTS, JOBS, OUTPUT, RESUME, TIMEOUT, about_puzzle, main, note, output_format, peekable, stop,
                  with_progress)
from .guards import json_row, other_puzzle, shown
from .inputs import FROM, read_inputs

WRITABLE = [f.name for f in formats() if f.write is not None]



@main.command()
@INPUTS
@FROM
@output_format(["text", "jsonl"], "text", flag_aliases={"--json": "jsonl"},
               help="text: a line per puzzle; jsonl: a JSON object per puzzle (solutions is 0, 1 or 2 = two or more).")
@TIMEOUT
@OUTPUT
@JOBS
@RESUME
def check(inputs: tuple[str, ...], from_format: str | None, fmt: str, timeout: float | None, output: str,
          jobs: int, resume: bool) -> None:
    """Check puzzles: valid? 0, 1 or 2+ solutions? clue count and shape.

    Prints one line per puzzle: status (unique, not-unique, unsolvable,
    invalid), solutions, clues, shape and the puzzle. Exits with 1 when any
    puzzle is not valid with exactly one solution.
    """
    with row_output(output, resume=resume, rows_of=_check_rows) as out:
        all_unique = all(_check_status(line) == "unique" for line in out.before.splitlines() if line[:1].strip())
        work = functools.partial(check_rows, timeout=timeout, fmt=fmt)
        puzzles = with_progress(out.skip(read_inputs(inputs, from_format), _other_check), "checking")
        for rows, unique in run_all(work, growing_chunks(puzzles), jobs=jobs):
            all_unique &= unique
            out.write(rows)  # a chunk's rows at a time: one write, one flush
    if not all_unique:
        stop(ExitCode.FAILED)


def _check_rows(text: str) -> list[tuple[int, str]]:
    """Puzzles in check output: a line each (the indented conflict lines under it are not puzzles)."""
    return [(number, line) for number, line in enumerate(text.splitlines(), 1) if line[:1].strip()]


def _other_check(row: str, item: tuple[str, Record]) -> str | None:
    """Why a check row kept by --resume is not the row of ``item`` (None when it is)."""
    if row.startswith("{"):
        report = json_row(row)
        return other_puzzle(report.get("puzzle"), report.get("source"), *item)
    return other_puzzle(row.split()[-1], None, *item)


def _check_status(line: str) -> str:
    """The status of one puzzle's check line (text or JSON)."""
    found = re.search(r'"status": "([a-z-]+)"', line) if line.startswith("{") else None
    return found.group(1) if found else line.split(maxsplit=1)[0]


@main.command()
@INPUTS
@FROM
@output_format(WRITABLE, None, value_alias="--to", help="Output format (default: the input's format).")
@click.option("--allow-multiple", is_flag=True, help="Print the first solution of a puzzle that has several.")
@TIMEOUT
@OUTPUT
@JOBS
@RESUME
def solve(inputs: tuple[str, ...], from_format: str | None, fmt: str | None, allow_multiple: bool,
          timeout: float | None, output: str, jobs: int, resume: bool) -> None:
    """Solve puzzles and print their solutions.

    A file of many puzzles is solved as a stream, one solution per puzzle. A
    puzzle with no solution or (without --allow-multiple) several stops the
    run with exit code 1, naming the puzzle. A puzzle given up on (--timeout)
    gets a comment row '# timeout: FILE, line N: gave up after S s' (in a
    format that has comments: standard, sdm) and the run goes on, exit code
    1 at the end. Metadata the output format can hold travels (an
    OpenSudoku collection's name, .sdk headers).
    """
    records = peekable(read_inputs(inputs, from_format))
    first = records.peek()
    target = fmt or (_writable(first[1].format) if first else "standard")
    if resume and not _one_line_a_puzzle(target):
        raise click.UsageError(f"--resume needs a format that writes a puzzle a line (such as standard or sdm); "
                               f"{target} does not")
    givens_only = get_format(target).givens_only
    comments = timeout is not None and _takes_comments(target)
    timed_out = 0

    def solutions(results: Iterator[Solved], out: IO[str]) -> Iterator[Record]:
        nonlocal timed_out
        for solved in results:
            if isinstance(solved.error, SolverTimeoutError) and comments:
                out.write(f"# timeout: {solved.source}, line {solved.record.line}: {solved.error}\n")
                timed_out += 1
                continue
            if solved.error is not None:
                with about_puzzle(solved.source, solved.record.line):
                    raise solved.error
            record = solved.record
            if givens_only:  # a format of givens alone (OpenSudoku) holds a solution as givens
                record = Record(Grid.from_values(record.grid.values, record.grid.shape), record.line, record.meta)
            yield record

    with row_output(output, resume=resume) as out:
        work = functools.partial(solve_chunk, allow_multiple=allow_multiple, timeout=timeout)
        chunks = run_all(work, growing_chunks(out.skip(records, functools.partial(_not_a_solution, target))),
                         jobs=jobs)
        results = with_progress(itertools.chain.from_iterable(chunks), "solving")
        write_all(solutions(results, cast(IO[str], out)), cast(IO[str], out), target)  # a row a write, each flushed
    if timed_out:
        note(f"gave up on {timed_out} puzzle{'s' if timed_out != 1 else ''} (--timeout {timeout:g})")
        stop(ExitCode.FAILED)


def _not_a_solution(format_name: str, row: str, item: tuple[str, Record]) -> str | None:
    """Why a solve row kept by --resume is not the solution of ``item`` (None when it is)."""
    source, record = item
    if row.startswith("# timeout: "):
        return None if row.startswith(f"# timeout: {source}, line {record.line}: ") else \
            f"the row gives up on another puzzle ({shown(row, 90)}), not on {source}, line {record.line}"
    try:
        grid = next(iter(read_text(row + "\n", format_name))).grid
    except (SudokuprintError, StopIteration):
        grid = None
    puzzle = record.grid
    if grid is None or grid.shape != puzzle.shape or not all(grid.values) or grid.conflicts() or any(
            given and given != value for given, value in zip(puzzle.values, grid.values)):
        return f"the row is not a solution of {source}, line {record.line} ({shown(puzzle.to_string(), 90)})"
    return None


def _takes_comments(format_name: str) -> bool:
    """Whether a format writes a puzzle a line and reads a line starting with '#' as a comment (a row for a puzzle
    given up on)."""
    if not _one_line_a_puzzle(format_name):
        return False
    sample = write(Grid.from_string(_SOLVED), format_name)
    try:
        return len(list(read_text(f"# comment\n{sample}\n", format_name))) == 1
    except SudokuprintError:
        return False


_SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
"""A solved grid: what a format is tried with (every format writes it)."""


def _one_line_a_puzzle(format_name: str) -> bool:
    """Whether a format writes each puzzle as one line of its own (what --resume counts)."""
    fmt = get_format(format_name)
    if fmt.write_collection is not None or not fmt.many_per_file or fmt.separator != "\n":
        return False
    sample = Grid.from_string(_SOLVED)
    text = fmt.write_record(sample, {}) if fmt.write_record is not None else fmt.write(sample)  # type: ignore[misc]
    return "\n" not in text


def _writable(format_name: str) -> str:
    """The input's format if it can be written, else the standard string."""
    return format_name if format_name and get_format(format_name).write is not None else "standard"


@main.command()
@INPUTS
@FROM
@output_format(WRITABLE, None, value_alias="--to", help="Output format (required).")
@OUTPUT
def convert(inputs: tuple[str, ...], from_format: str | None, fmt: str | None, output: str) -> None:
    """Convert puzzles from any readable format to --format FORMAT.

    Givens, filled digits and pencil marks are carried over where the target
    format can hold them, and so is metadata (collection name, .sdk headers).
    Run 'sudokuprint formats' for the list of formats.
    """
    if fmt is None:
        raise click.UsageError("--format FORMAT is required (see 'sudokuprint formats')")
    records = with_progress(read_inputs(inputs, from_format), "converting")
    with atomic_output(output) as out:
        write_all((record for _, record in records), out, fmt)


@main.command(name="formats")
def list_formats() -> None:
    """List the formats sudokuprint reads and writes."""
    for fmt in formats():
        access = "read/write" if fmt.write is not None else "read only"
        extensions = " ".join(fmt.extensions)
        click.echo(f"{fmt.name:<16} {access:<11} {fmt.title}" + (f"  [{extensions}]" if extensions else ""))
