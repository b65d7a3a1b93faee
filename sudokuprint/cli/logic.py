"""Human-style solving commands: grade, hint, explain."""

from __future__ import annotations

import json
from multiprocessing import Pool
from typing import Iterator

import click

from ..errors import SudokuprintError
from ..grid import Grid
from ..logic import grade as grade_puzzle
from ..logic import hint as next_hint
from ..logic import solve as solve_logically
from ..outputs import atomic_output
from .app import FROM, INPUTS, OUTPUT, about_puzzle, main, read_inputs, with_progress

JSON = click.option("--json", "as_json", is_flag=True, help="JSON output.")


def grade_job(job: tuple[str, int, str, Grid]) -> dict:
    """Grade one puzzle; errors become an ``error`` entry (runs in worker processes)."""
    source, line, puzzle_id, grid = job
    try:
        result = grade_puzzle(grid, puzzle_id).to_dict()
    except SudokuprintError as error:
        result = {"puzzle": grid.to_string(), "error": str(error)}
    return {"source": source, "line": line, **result}


def _jobs(inputs: tuple[str, ...], from_format: str | None) -> Iterator[tuple[str, int, str, Grid]]:
    for number, (source, record) in enumerate(read_inputs(inputs, from_format), start=1):
        yield source, record.line, str(record.meta.get("id") or number), record.grid


def _grade_line(result: dict) -> str:
    if "error" in result:
        return f"error  {result['source']}, line {result['line']}: {result['error']}"
    names = ", ".join(result["techniques"])
    return f"{result['label']:<16} rating={result['rating']:<4} level={result['level']} {result['puzzle']}  [{names}]"


@main.command()
@INPUTS
@FROM
@JSON
@click.option("--jobs", "-j", type=click.IntRange(1, 64), default=1, show_default=True, help="Worker processes.")
@OUTPUT
def grade(inputs: tuple[str, ...], from_format: str | None, as_json: bool, jobs: int, output: str) -> None:
    """Grade puzzles: SVD level 1-4, moves, label id-moves-level-givens, rating.

    The rating is on a scale modelled on Sudoku Explainer's (the hardest
    technique the solve needs, 1.0 to about 10). Results are written as the
    puzzles are graded, one line each (--json: one JSON object a line with
    puzzle, level, moves, rating, label and techniques). A puzzle without
    exactly one solution gets an error line, and the exit code is then 1.
    """
    failed = False
    with atomic_output(output) as out:
        jobs_iter = with_progress(_jobs(inputs, from_format), "grading")
        pool = Pool(jobs) if jobs > 1 else None
        try:
            results = pool.imap(grade_job, jobs_iter, chunksize=4) if pool else map(grade_job, jobs_iter)
            for result in results:
                failed |= "error" in result
                out.write((json.dumps(result) if as_json else _grade_line(result)) + "\n")
                out.flush()
        finally:
            if pool is not None:
                pool.terminate()
    if failed:
        raise SystemExit(1)


@main.command()
@INPUTS
@FROM
@click.option("--text", "as_text", is_flag=True, help="Print the step as one line of text instead of JSON.")
@click.option("--indent", type=click.IntRange(0, 8), default=None, help="Indent the JSON by this many spaces.")
@OUTPUT
def hint(inputs: tuple[str, ...], from_format: str | None, as_text: bool, indent: int | None, output: str) -> None:
    """The next step for each puzzle or state, as partial-puzzle JSON.

    A state may carry pencil marks (a candidates grid, an Explainer 729-char
    state, a partial-puzzle JSON): the hint starts from them. The JSON holds
    the map, begin/end numbers and candidate tables of the step.
    """
    with atomic_output(output) as out:
        for source, record in read_inputs(inputs, from_format):
            with about_puzzle(source, record.line):
                found = next_hint(record.grid)
            ids = {key: str(record.meta[key]) for key in ("id", "map_id") if record.meta.get(key) is not None}
            out.write((found.text() if as_text else found.to_partial_json(indent=indent, **ids)) + "\n")


@main.command()
@INPUTS
@FROM
@JSON
@OUTPUT
def explain(inputs: tuple[str, ...], from_format: str | None, as_json: bool, output: str) -> None:
    """Solve like a person and print every step (text, or --json one object per puzzle)."""
    with atomic_output(output) as out:
        for source, record in read_inputs(inputs, from_format):
            with about_puzzle(source, record.line):
                log = solve_logically(record.grid)
            out.write((json.dumps(log.to_dict()) if as_json else log.text()) + "\n")
