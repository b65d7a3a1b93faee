"""What the server's worker processes do: each request's work, as plain data in and out.

Every task is a function of keyword arguments that returns JSON-ready data
(or a PDF's bytes) and raises sudokuprint's own errors for bad input.
:func:`run_task` runs one by name in a worker under a time limit and turns
the outcome into an :class:`Outcome` (exceptions are not sent between
processes: a ``ParseError`` does not survive pickling), with the HTTP status
that fits the error (:func:`status_of`).
"""

from __future__ import annotations

import base64
import random
import signal
from dataclasses import dataclass, replace
from typing import Any, Callable

import cv2

from ..api import booklet, ready_puzzles
from ..batch import check_grid
from ..errors import (ImageTooLargeError, InvalidGridError, MultipleSolutionsError, NoGridError, NoSolutionError,
                      ParseError, SolverTimeoutError, SudokuprintError, UnknownFormatError)
from ..formats import parse
from ..generator import DigTarget, generate_puzzle
from ..grid import Grid
from ..layout.template import load_template
from ..logic import hint as next_hint
from ..ocr.overlay import overlay
from ..ocr.pipeline import scan
from ..publish import build_booklet, write_document
from ..publish.sheets import build_candidates_sheet
from ..render import page_output_for
from ..scan_batch import scan_report
from ..shape import CLASSIC
from ..solver import search

WARM = ("sudokuprint.serve.work", "sudokuprint.ocr.builtin_reader", "sudokuprint.logic.engine")
"""What a worker imports before its first request (the OCR's models, the logic engine)."""
OVERLAY_QUALITY = 85
"""JPEG quality of the overlay's photo (about 50 KB for a 600-pixel grid)."""
PRINT_KINDS = ("worksheet", "page")
"""``worksheet``: the grid with every open cell's candidates, to work on; ``page``: the puzzle alone, large."""
PAGE_TEMPLATE = "booklet-a4-1up-large"
WORKSHEET_TEMPLATE = "candidates-a4"


@dataclass(frozen=True)
class Outcome:
    """A task's result, or its error as the HTTP answer gives it."""

    value: Any = None
    status: int = 200
    error: str | None = None
    """A word for the kind of error (``bad-puzzle``, ``no-grid`` ...); None when the task succeeded."""
    message: str = ""


def status_of(error: SudokuprintError) -> tuple[int, str]:
    """The HTTP status and the error's word for a sudokuprint error raised by a task."""
    if isinstance(error, ImageTooLargeError):
        return 413, "too-large"
    if isinstance(error, NoGridError):
        return (415, "not-an-image") if error.reason == "unreadable" else (422, error.reason)
    if isinstance(error, (ParseError, UnknownFormatError)):
        return 400, "bad-puzzle"
    if isinstance(error, SolverTimeoutError):
        return 504, "time-limit"
    if isinstance(error, (InvalidGridError, NoSolutionError, MultipleSolutionsError)):
        return 422, "invalid-puzzle"
    return 422, type(error).__name__


class _TimeUp(BaseException):
    """The task's time limit passed (raised by the alarm, wherever the task is; the solver checks for it)."""


def _time_up(signum: int, frame: object) -> None:
    raise _TimeUp()


def run_task(time_limit: float, task: tuple[str, dict[str, Any]]) -> Outcome:
    """Run ``task`` (a name of :data:`TASKS` and its keyword arguments) in this worker, for at most ``time_limit``
    seconds (a timer signal: workers run their tasks in their main thread)."""
    name, arguments = task
    previous = signal.signal(signal.SIGALRM, _time_up)
    signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        return Outcome(TASKS[name](**arguments))
    except _TimeUp:
        return Outcome(None, 504, "time-limit", f"gave up after {time_limit:g} s of work (the server's time limit)")
    except SudokuprintError as error:
        status, word = status_of(error)
        return Outcome(None, status, word, str(error))
    except Exception as error:  # noqa: BLE001  (a bug must answer 500 and leave the worker alive)
        return Outcome(None, 500, "internal", f"{type(error).__name__}: {error}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# -- the tasks ---------------------------------------------------------------------------------------------


def _jpeg_data_url(image: Any) -> str:
    encoded, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, OVERLAY_QUALITY])
    if not encoded:
        raise RuntimeError("cannot encode the overlay as JPEG")
    return "data:image/jpeg;base64," + base64.b64encode(data.tobytes()).decode("ascii")


def scan_photo(path: str, name: str) -> dict[str, Any]:
    """Read the photo at ``path`` (named ``name`` to the user): the fields of ``scan --format jsonl`` and the
    overlay (the flattened photo as a JPEG data URL, each cell's place, kind and doubt)."""
    try:
        result = scan(path)
    except SudokuprintError as error:  # the message names the upload as the user called it, not our temporary file
        error.args = (str(error).replace(path, name), *error.args[1:])
        raise
    row = scan_report(result)
    row["source"] = name
    found = overlay(result)
    row["overlay"] = {**found.to_dict(), "image": _jpeg_data_url(found.image)}
    return row


def _puzzle(text: str, what: str = "puzzle") -> Grid:
    if not isinstance(text, str) or not text.strip():
        raise ParseError(what, "no puzzle given", expected="a puzzle string such as 53..7....6..195...")
    try:
        return parse(text)
    except UnknownFormatError:
        shown = text.strip().splitlines()[0]
        raise ParseError(what, "not a puzzle in any format sudokuprint reads", text=shown,
                         expected="a puzzle string: 81 cells, digits 1-9 and '.' or '0' for an empty cell") from None


def _with_entries(grid: Grid, entries: str | None) -> Grid:
    """The puzzle with the digits filled in ``entries`` (a puzzle string of the same shape: givens and entries)."""
    if not entries:
        return grid
    filled = _puzzle(entries, "entries")
    if filled.shape != grid.shape:
        raise ParseError("entries", f"a {filled.shape.name} grid for a {grid.shape.name} puzzle",
                         expected=f"{grid.shape.cell_count} cells, the puzzle's givens and your digits")
    values = list(grid.values)
    for cell, (given, digit) in enumerate(zip(grid.values, filled.values)):
        if given and digit and digit != given:
            raise ParseError("entries", f"{grid.shape.cell_name(cell)} holds {digit} where the puzzle's given is "
                             f"{given}", column=cell + 1, expected="the puzzle's givens unchanged")
        if not given:
            values[cell] = digit
    return Grid.from_values(values, shape=grid.shape, givens=grid.givens)


def _entry_report(grid: Grid, filled: Grid, solution: Grid | None) -> list[dict[str, Any]]:
    """Each digit filled in an open cell, checked against the solution (``None`` without a unique one)."""
    rows = []
    for cell, (given, digit) in enumerate(zip(grid.values, filled.values)):
        if given or not digit:
            continue
        name = grid.shape.cell_name(cell)
        answer = solution.values[cell] if solution is not None else None
        if answer is None:
            message = f"{name}: you wrote {digit} (no unique solution to check it against)"
        elif digit == answer:
            message = f"{name}: you wrote {digit}, right"
        else:
            message = f"{name}: you wrote {digit}, the solution has {answer}"
        rows.append({"cell": name, "index": cell, "digit": digit, "solution": answer,
                     "correct": None if answer is None else digit == answer, "message": message})
    return rows


def check_puzzle(puzzle: str, entries: str | None = None) -> dict[str, Any]:
    """What ``check --format jsonl`` says of the puzzle (status, solutions 0/1/2, conflicts), and with ``entries``
    each digit filled, right or wrong (``scan --filled``'s words)."""
    grid = _puzzle(puzzle)
    report = check_grid(grid)
    if entries is not None:
        filled = _with_entries(grid, entries)
        solution = search(grid, 2).solution if report["solutions"] == 1 else None
        checked = _entry_report(grid, filled, solution)
        report["entries"] = checked
        report["wrong"] = sum(1 for row in checked if row["correct"] is False)
    return report


def _solution(grid: Grid) -> Grid:
    result = search(grid, 2)
    if result.count == 0:
        conflicts = grid.conflicts()
        raise NoSolutionError(conflicts[0].describe(grid.shape) if conflicts else "the puzzle has no solution")
    if result.count > 1:
        raise MultipleSolutionsError("the puzzle has several solutions; correct the grid until it has one")
    assert result.solution is not None
    return result.solution


def solve_puzzle(puzzle: str) -> dict[str, Any]:
    """The puzzle's one solution (an error when it has none or several)."""
    grid = _puzzle(puzzle)
    return {"puzzle": grid.to_string(), "solution": _solution(grid).to_string(), "status": "unique"}


def hint_puzzle(puzzle: str, entries: str | None = None) -> dict[str, Any]:
    """The grader's next step from the puzzle and the digits filled (``sudokuprint hint``); a wrong digit filled is
    pointed out first, as the browser player does."""
    grid = _puzzle(puzzle)
    solution = _solution(grid)
    filled = _with_entries(grid, entries)
    wrong = [row for row in _entry_report(grid, filled, solution) if row["correct"] is False]
    if wrong:
        return {"technique": "Wrong digit", "text": wrong[0]["message"], "explanation": wrong[0]["message"],
                "placements": [], "eliminations": [], "cells": [wrong[0]["cell"]], "id": None}
    if filled.values == solution.values:
        raise InvalidGridError("the grid is already solved: there is no next step")
    found = next_hint(filled)
    details = found.step.to_dict(grid.shape)
    return {"technique": found.step.technique, "text": found.text(), "explanation": found.step.explanation,
            "placements": details["placements"], "eliminations": details["eliminations"],
            "cells": details["cells"], "id": found.id}


def print_puzzle(puzzle: str, entries: str | None = None, kind: str = "worksheet") -> bytes:
    """A one-page PDF of the puzzle: a ``worksheet`` (the grid with your digits and every open cell's candidates)
    or a ``page`` (the puzzle alone, large print, no answer)."""
    grid = _puzzle(puzzle)
    if kind == "worksheet":
        filled = _with_entries(grid, entries)
        document = build_candidates_sheet([("", filled)], load_template(WORKSHEET_TEMPLATE), title="Sudoku worksheet")
    elif kind == "page":
        template = load_template(PAGE_TEMPLATE)
        template = replace(template, furniture=replace(template.furniture, title_page=False))
        document = booklet([grid], template=template, answers="none", title="Sudoku")
    else:
        raise ParseError("kind", f"unknown kind {kind!r}", expected=" or ".join(PRINT_KINDS))
    return b"".join(page_output_for("puzzle.pdf", None).draw(document, dpi=150, on_page=lambda: None))


def make_puzzle(level: int, seed: int, number: int) -> str:
    """One new 9x9 puzzle of ``level`` (1-4), symmetric under a half turn: the ``number``-th of a booklet of ``seed``
    (the same three numbers make the same puzzle)."""
    rng = random.Random(f"sudokuprint serve booklet {seed} {number}")
    made = generate_puzzle(CLASSIC, rng, DigTarget(symmetry="rot180", level=level))
    return Grid.from_values(made.puzzle).to_string()


def booklet_file(puzzles: list[str], template: str, title: str, path: str) -> int:
    """Lay out a booklet of ``puzzles`` (graded, easiest first) with its answer key and write its PDF to ``path``;
    its page count."""
    document = build_booklet(ready_puzzles(puzzles, order="difficulty"), load_template(template), title=title)
    write_document(document, path)
    return len(document.pages)


TASKS: dict[str, Callable[..., Any]] = {
    "scan": scan_photo,
    "check": check_puzzle,
    "solve": solve_puzzle,
    "hint": hint_puzzle,
    "print": print_puzzle,
    "make_puzzle": make_puzzle,
    "booklet": booklet_file,
}
"""Every task a request may send to the workers, by name."""
