"""Human-style solving commands: grade, hint, explain."""

from __future__ import annotations

import functools
import json

import click

from ..deadline import time_limit
from ..errors import ExitCode, SolverTimeoutError
from ..executor import run_all
from ..formats import Record
from ..formats.partial_json import make_partial, write_partial
from ..grade_batch import GRADE_NEEDS, grade_item
from ..grid import Grid
from ..logic import hint as next_hint
from ..logic import solve as solve_logically
from ..outputs import atomic_output, row_output
from .app import INPUTS, JOBS, OUTPUT, RESUME, TIMEOUT, about_puzzle, main, note, output_format, stop, with_progress
from .guards import json_row, other_puzzle
from .inputs import FROM, read_inputs

JSONL = output_format(["text", "jsonl"], "text", flag_aliases={"--json": "jsonl"},
                      help="text: a line per puzzle; jsonl: a JSON object per puzzle.")


def _grade_line(result: dict) -> str:
    if "error" in result:
        status = "timeout" if result.get("status") == "timeout" else "error"
        return f"{status}  puzzle={result['puzzle']}  {result['source']}, line {result['line']}: {result['error']}"
    names = ", ".join(result["techniques"])
    return f"{result['label']:<16} rating={result['rating']:<4} level={result['level']} {result['puzzle']}  [{names}]"


def _other_grade(row: str, numbered: tuple[int, tuple[str, Record]]) -> str | None:
    """Why a grade row kept by --resume is not the row of the numbered input (None when it is)."""
    if row.startswith("{"):
        result = json_row(row)
        return other_puzzle(result.get("puzzle"), result.get("source"), *numbered[1])
    words = row.split()
    puzzle = words[1].removeprefix("puzzle=") if words[:1] in (["error"], ["timeout"]) and len(words) > 1 else \
        words[3] if len(words) > 3 else None
    return other_puzzle(puzzle, None, *numbered[1])


def _failed_grades(rows: str) -> bool:
    """Whether grade rows (text or JSON lines) written before hold an error."""
    return any(line.startswith(("error ", "timeout ", '{"error": ')) or ', "error": ' in line
               for line in rows.splitlines())


@main.command()
@INPUTS
@FROM
@JSONL
@TIMEOUT
@JOBS
@OUTPUT
@RESUME
def grade(inputs: tuple[str, ...], from_format: str | None, fmt: str, timeout: float | None, jobs: int, output: str,
          resume: bool) -> None:
    """Grade puzzles: SVD level 1-4, moves, label id-moves-level-givens, rating.

    The rating is on a scale modelled on Sudoku Explainer's (the hardest
    technique the solve needs, 1.0 to about 10). Results are written as the
    puzzles are graded, in input order, one line each (--format jsonl: one
    JSON object a line with puzzle, level, moves, rating, label and
    techniques). A puzzle without exactly one solution gets an error line,
    one given up on (--timeout) a timeout line, and the exit code is then 1.
    """
    with row_output(output, resume=resume) as out:
        failed = _failed_grades(out.before)
        numbered = out.skip(enumerate(read_inputs(inputs, from_format), start=1), _other_grade)
        work = functools.partial(grade_item, timeout=timeout)
        for result in with_progress(run_all(work, numbered, jobs=jobs, warm=GRADE_NEEDS), "grading"):
            failed |= "error" in result
            out.write((json.dumps(result) if fmt == "jsonl" else _grade_line(result)) + "\n")
    if failed:
        stop(ExitCode.FAILED)


@main.command()
@INPUTS
@FROM
@output_format(["json", "text"], "json", flag_aliases={"--text": "text"},
               help="json: the step as partial-puzzle JSON; text: the step as one line.")
@click.option("--indent", type=click.IntRange(0, 8), default=None, help="Indent the JSON by this many spaces.")
@TIMEOUT
@OUTPUT
def hint(inputs: tuple[str, ...], from_format: str | None, fmt: str, indent: int | None, timeout: float | None,
         output: str) -> None:
    """The next step for each puzzle or state, as partial-puzzle JSON.

    A state may carry pencil marks (a candidates grid, an Explainer 729-char
    state, a partial-puzzle JSON): the hint starts from them. The JSON holds
    the map, begin/end numbers and candidate tables of the step. A puzzle
    given up on (--timeout) gets its state unchanged with the hint id
    'timeout' (text: a 'timeout:' line), and the exit code is then 1.
    """
    timed_out = 0
    with atomic_output(output) as out:
        for source, record in read_inputs(inputs, from_format):
            meta = record.meta
            ids = {key: None if meta.get(key) is None else str(meta[key]) for key in ("id", "map_id")}
            try:
                with about_puzzle(source, record.line), time_limit(timeout):
                    found = next_hint(record.grid)
            except SolverTimeoutError as error:
                timed_out += 1
                out.write(timeout_hint(record.grid, fmt, indent, ids, error) + "\n")
                continue
            if fmt == "text":
                text = found.text()
            else:  # the step as partial-puzzle JSON, its givenHints the hint's id
                partial = make_partial(found.begin, found.end, (found.id,), id=ids["id"], map_id=ids["map_id"])
                text = write_partial(partial, indent=indent)
            out.write(text + "\n")
    _gave_up(timed_out, timeout)


def timeout_hint(grid: Grid, fmt: str, indent: int | None, ids: dict, error: SolverTimeoutError) -> str:
    """The row of a puzzle whose hint was given up on: its state unchanged, hint id ``timeout``; or one line."""
    if fmt == "text":
        return f"timeout: {error}"
    return write_partial(make_partial(grid, grid, ("timeout",), id=ids["id"], map_id=ids["map_id"]), indent=indent)


def _gave_up(timed_out: int, timeout: float | None) -> None:
    """Exit 1 when puzzles were given up on, saying how many."""
    if timed_out:
        note(f"gave up on {timed_out} puzzle{'s' if timed_out != 1 else ''} (--timeout {timeout:g})")
        stop(ExitCode.FAILED)


@main.command()
@INPUTS
@FROM
@JSONL
@TIMEOUT
@OUTPUT
def explain(inputs: tuple[str, ...], from_format: str | None, fmt: str, timeout: float | None, output: str) -> None:
    """Solve like a person and print every step (text, or --format jsonl: one object per puzzle).

    A puzzle given up on (--timeout) gets 'timeout: ...' after its puzzle line
    (jsonl: "solved": false and "error"), and the exit code is then 1.
    """
    timed_out = 0
    with atomic_output(output) as out:
        for source, record in read_inputs(inputs, from_format):
            try:
                with about_puzzle(source, record.line), time_limit(timeout):
                    log = solve_logically(record.grid)
            except SolverTimeoutError as error:
                timed_out += 1
                puzzle = record.grid.to_string()
                out.write(json.dumps({"puzzle": puzzle, "solved": False, "status": "timeout", "error": str(error),
                                      "steps": []}) if fmt == "jsonl" else f"puzzle {puzzle}\ntimeout: {error}")
                out.write("\n")
                continue
            out.write((json.dumps(log.to_dict()) if fmt == "jsonl" else log.text()) + "\n")
    _gave_up(timed_out, timeout)
