"""Human-style solving commands: grade, hint, explain."""

from __future__ import annotations

import json

import click

from ..errors import ExitCode
from ..executor import run_all
from ..formats.partial_json import make_partial, write_partial
from ..grade_batch import GRADE_NEEDS, grade_item
from ..logic import hint as next_hint
from ..logic import solve as solve_logically
from ..outputs import atomic_output, row_output
from .app import INPUTS, JOBS, OUTPUT, RESUME, about_puzzle, main, output_format, stop, with_progress
from .inputs import FROM, read_inputs

JSONL = output_format(["text", "jsonl"], "text", flag_aliases={"--json": "jsonl"},
                      help="text: a line per puzzle; jsonl: a JSON object per puzzle.")


def _grade_line(result: dict) -> str:
    if "error" in result:
        return f"error  puzzle={result['puzzle']}  {result['source']}, line {result['line']}: {result['error']}"
    names = ", ".join(result["techniques"])
    return f"{result['label']:<16} rating={result['rating']:<4} level={result['level']} {result['puzzle']}  [{names}]"


def _failed_grades(rows: str) -> bool:
    """Whether grade rows (text or JSON lines) written before hold an error."""
    return any(line.startswith(("error ", '{"error": ')) or ', "error": ' in line for line in rows.splitlines())


@main.command()
@INPUTS
@FROM
@JSONL
@JOBS
@OUTPUT
@RESUME
def grade(inputs: tuple[str, ...], from_format: str | None, fmt: str, jobs: int, output: str, resume: bool) -> None:
    """Grade puzzles: SVD level 1-4, moves, label id-moves-level-givens, rating.

    The rating is on a scale modelled on Sudoku Explainer's (the hardest
    technique the solve needs, 1.0 to about 10). Results are written as the
    puzzles are graded, in input order, one line each (--format jsonl: one
    JSON object a line with puzzle, level, moves, rating, label and
    techniques). A puzzle without exactly one solution gets an error line,
    and the exit code is then 1.
    """
    with row_output(output, resume=resume) as out:
        failed = _failed_grades(out.before)
        numbered = out.skip(enumerate(read_inputs(inputs, from_format), start=1))
        for result in with_progress(run_all(grade_item, numbered, jobs=jobs, warm=GRADE_NEEDS), "grading"):
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
@OUTPUT
def hint(inputs: tuple[str, ...], from_format: str | None, fmt: str, indent: int | None, output: str) -> None:
    """The next step for each puzzle or state, as partial-puzzle JSON.

    A state may carry pencil marks (a candidates grid, an Explainer 729-char
    state, a partial-puzzle JSON): the hint starts from them. The JSON holds
    the map, begin/end numbers and candidate tables of the step.
    """
    with atomic_output(output) as out:
        for source, record in read_inputs(inputs, from_format):
            with about_puzzle(source, record.line):
                found = next_hint(record.grid)
            meta = record.meta
            ids = {key: None if meta.get(key) is None else str(meta[key]) for key in ("id", "map_id")}
            if fmt == "text":
                text = found.text()
            else:  # the step as partial-puzzle JSON, its givenHints the hint's id
                partial = make_partial(found.begin, found.end, (found.id,), id=ids["id"], map_id=ids["map_id"])
                text = write_partial(partial, indent=indent)
            out.write(text + "\n")


@main.command()
@INPUTS
@FROM
@JSONL
@OUTPUT
def explain(inputs: tuple[str, ...], from_format: str | None, fmt: str, output: str) -> None:
    """Solve like a person and print every step (text, or --format jsonl: one object per puzzle)."""
    with atomic_output(output) as out:
        for source, record in read_inputs(inputs, from_format):
            with about_puzzle(source, record.line):
                log = solve_logically(record.grid)
            out.write((json.dumps(log.to_dict()) if fmt == "jsonl" else log.text()) + "\n")
