"""Core commands: check, solve, convert, formats."""

from __future__ import annotations

import itertools
import json
from typing import Iterable, Iterator

import click

from ..errors import MultipleSolutionsError, SolverTimeoutError
from ..formats import Record, formats, get_format, write_all
from ..grid import Grid
from ..outputs import atomic_output
from ..solver import SolveResult, search, search_many, solution_of
from .app import FROM, INPUTS, OUTPUT, about_puzzle, format_option, main, peekable, read_inputs, with_progress

def check_grid(grid: Grid, result: SolveResult | None = None) -> dict:
    """What ``check`` reports about one grid (searched here unless ``result`` is given), as a plain dict."""
    solutions = (result or search(grid, 2)).describe()  # 0 for a grid with conflicting digits
    conflicts = grid.conflicts() if solutions == "0" else []  # named only where they can exist
    return {
        "puzzle": grid.to_string(),
        "shape": grid.shape.name,
        "clues": grid.clue_count,
        "valid": not conflicts,
        "solutions": solutions,
        "conflicts": [c.describe(grid.shape) for c in conflicts],
    }


TIMEOUT = click.option(
    "--timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    metavar="SECONDS",
    help="Give up on a puzzle whose search takes longer than this (exit 1).",
)

_LARGEST_BATCH = 1024


def searched(
    records: Iterable[tuple[str, Record]], limit: int, timeout: float | None, *, solutions: bool = True
) -> Iterator[tuple[str, Record, SolveResult]]:
    """Each record with its search result, many puzzles per solver call.

    Batches start at one puzzle and double up to ``_LARGEST_BATCH``, so the
    first answers come at once even from a slow stream.  A puzzle that takes
    longer than ``timeout`` seconds stops the run with an error naming it.
    """
    items = iter(records)
    size = 1
    while batch := list(itertools.islice(items, size)):
        try:
            grids = (record.grid for _, record in batch)
            results = list(search_many(grids, limit, time_limit=timeout, solutions=solutions))
        except SolverTimeoutError as error:
            source, record = batch[error.puzzle or 0]
            raise SolverTimeoutError(f"{source}, line {record.line}: gave up after {timeout:g} s") from None
        for (source, record), result in zip(batch, results):
            yield source, record, result
        size = min(2 * size, _LARGEST_BATCH)


def _status(report: dict) -> str:
    if not report["valid"]:
        return "invalid"
    return {"0": "unsolvable", "1": "unique", "2+": "not-unique"}[report["solutions"]]


@main.command()
@INPUTS
@FROM
@click.option("--json", "as_json", is_flag=True, help="One JSON object per puzzle and line.")
@TIMEOUT
@OUTPUT
def check(inputs: tuple[str, ...], from_format: str | None, as_json: bool, timeout: float | None, output: str) -> None:
    """Check puzzles: valid? 0, 1 or 2+ solutions? clue count and shape.

    Prints one line per puzzle: status (unique, not-unique, unsolvable,
    invalid), solutions, clues, shape and the puzzle. Exits with 1 when any
    puzzle is not valid with exactly one solution.
    """
    all_unique = True
    with atomic_output(output) as out:
        records = with_progress(read_inputs(inputs, from_format), "checking")
        for source, record, result in searched(records, 2, timeout, solutions=False):
            report = check_grid(record.grid, result)
            status = _status(report)
            all_unique &= status == "unique"
            if as_json:
                out.write(json.dumps({"source": source, "line": record.line, "status": status, **report}) + "\n")
                continue
            out.write(
                f"{status:<11} solutions={report['solutions']:<2} clues={report['clues']:<3} "
                f"shape={report['shape']:<5} {report['puzzle']}\n"
            )
            for conflict in report["conflicts"]:
                out.write(f"    {source}, line {record.line}: {conflict}\n")
    if not all_unique:
        raise SystemExit(1)


@main.command()
@INPUTS
@FROM
@format_option("--to", "to_format", help="Output format (default: the input's format).", writable=True)
@click.option("--allow-multiple", is_flag=True, help="Print the first solution of a puzzle that has several.")
@TIMEOUT
@OUTPUT
def solve(
    inputs: tuple[str, ...],
    from_format: str | None,
    to_format: str | None,
    allow_multiple: bool,
    timeout: float | None,
    output: str,
) -> None:
    """Solve puzzles and print their solutions.

    A file of many puzzles is solved as a stream, one solution per puzzle. A
    puzzle with no solution or (without --allow-multiple) several stops the
    run with exit code 1, naming the puzzle.
    """
    records = peekable(with_progress(read_inputs(inputs, from_format), "solving"))
    first = records.peek()
    target = to_format or (_writable(first[1].format) if first else "standard")

    def solutions() -> Iterator[Grid]:
        for source, record, result in searched(records, 1 if allow_multiple else 2, timeout):
            with about_puzzle(source, record.line):
                solution = _solution(result)
            yield solution

    with atomic_output(output) as out:
        write_all(solutions(), out, target)


def _solution(result: SolveResult) -> Grid:
    try:
        return solution_of(result)
    except MultipleSolutionsError as error:
        raise MultipleSolutionsError(f"{error} (use --allow-multiple)") from None


def _writable(format_name: str) -> str:
    """The input's format if it can be written, else the standard string."""
    return format_name if format_name and get_format(format_name).write is not None else "standard"


@main.command()
@INPUTS
@FROM
@format_option("--to", "to_format", help="Output format.", writable=True)
@OUTPUT
def convert(inputs: tuple[str, ...], from_format: str | None, to_format: str | None, output: str) -> None:
    """Convert puzzles from any readable format to --to FORMAT.

    Givens, filled digits and pencil marks are carried over where the target
    format can hold them. Run 'sudokuprint formats' for the list of formats.
    """
    if to_format is None:
        raise click.UsageError("--to FORMAT is required (see 'sudokuprint formats')")
    records = with_progress(read_inputs(inputs, from_format), "converting")
    with atomic_output(output) as out:
        write_all((record.grid for _, record in records), out, to_format)


@main.command(name="formats")
def list_formats() -> None:
    """List the formats sudokuprint reads and writes."""
    for fmt in formats():
        access = "read/write" if fmt.write is not None else "read only"
        extensions = " ".join(fmt.extensions)
        click.echo(f"{fmt.name:<16} {access:<11} {fmt.title}" + (f"  [{extensions}]" if extensions else ""))
