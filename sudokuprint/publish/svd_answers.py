"""Answers to SVD collections: sets of 30, each answer labelled with its number ``id-moves-level-givens``."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Sequence

from ..deadline import time_limit
from ..errors import InvalidGridError, SolverTimeoutError
from ..formats import read_file
from ..formats.svd import SvdLabel, parse_svd_label
from ..layout.page import Document, Metadata
from ..layout.template import Template
from .booklet import Answer, answer_pages, chunks
from .pages import assemble
from .puzzles import Puzzle, prepare, svd_label_for

SET_SIZE = 30
"""SVD collections come in sets of 30 puzzles."""


def load_svd_puzzles(paths: Sequence[str], fmt: str | None = None, *, allow_nonunique: bool = False,
                     timeout: float | None = None,
                     on_timeout: Callable[[str, SolverTimeoutError], None] | None = None) -> list[Puzzle]:
    """Puzzles of SVD task files, each with its label from the file name where it has one, else computed.

    A file name carries a label only for a file of one puzzle; the id of a
    computed label is the puzzle's place in the run.  A puzzle whose check and
    grade take longer than ``timeout`` seconds is left out (see
    :func:`~sudokuprint.publish.puzzles.load_puzzles`).
    """
    puzzles: list[Puzzle] = []
    for path in paths:
        records = list(read_file(path, fmt))
        named = parse_svd_label(path) if len(records) == 1 else None
        for record in records:
            number = len(puzzles) + 1
            try:
                with time_limit(timeout):
                    puzzle = prepare(record, number, path, allow_nonunique=allow_nonunique)
            except SolverTimeoutError as error:
                if on_timeout is None:
                    raise
                on_timeout(f"{path}, line {record.line}", error)
                continue
            if named:
                check_label(named, puzzle, path)
            label = str(named) if named else (puzzle.svd_label or svd_label_for(number, puzzle.grid, puzzle.grade))
            puzzles.append(replace(puzzle, svd_label=label))
    return sorted(puzzles, key=_id_of)


def check_label(label: SvdLabel, puzzle: Puzzle, path: str) -> None:
    """Refuse a file-name label that is not the puzzle's: its givens must be the puzzle's clue count, and
    its level and moves the grader's where the puzzle is graded (exit 1 naming the file)."""
    grade = puzzle.grade
    wrong = []
    if label.givens != puzzle.grid.clue_count:
        wrong.append(f"{label.givens} givens (the puzzle has {puzzle.grid.clue_count})")
    if grade.level is not None and label.level != grade.level:
        wrong.append(f"level {label.level} (the puzzle grades level {grade.level})")
    if grade.moves is not None and label.moves != grade.moves:
        wrong.append(f"{label.moves} moves (the puzzle takes {grade.moves})")
    if wrong:
        raise InvalidGridError(f"{path}: the file name's label {label} does not fit the puzzle: it says "
                               f"{'; '.join(wrong)}; rename the file or remove the label from its name")


def _id_of(puzzle: Puzzle) -> int:
    """The collection id of a puzzle (the first number of its label), so answers follow the
    collection's numeric order whatever the order of the files (a shell glob gives 1, 10, 11, ..., 2)."""
    head = (puzzle.svd_label or "").split("-")[0]
    return int(head) if head.isdigit() else puzzle.number


def build_svd_answers(puzzles: Sequence[Puzzle], template: Template, *, title: str | None = None) -> Document:
    """Answer pages in sets of 30; every set starts a page, its range in the running head."""
    plan = []
    title = template.strings.text("svd_title") if title is None else title
    for index, group in enumerate(chunks(list(puzzles), SET_SIZE)):
        first = index * SET_SIZE + 1
        heading = template.strings.text("svd_set", set=index + 1, first=first, last=first + len(group) - 1)
        answers = [Answer(p, p.svd_label or str(p.number)) for p in group]
        plan += answer_pages(answers, template, section=heading)
    return assemble(plan, Metadata(title=title, subject=f"Answers to {len(puzzles)} SVD puzzles in sets of {SET_SIZE}"))
