"""One-call jobs for scripts: scan a photo, print a booklet, an answer key or blank worksheets.

Each function takes what a script has at hand and returns the finished
result; the publishing ones also write it when given ``output``.  Puzzles
may be given as one or many of: a puzzle string (or a whole text of puzzles),
a :class:`~sudokuprint.grid.Grid`, a :class:`~sudokuprint.formats.Record`, or
a file name (a ``str`` naming an existing file, or a :class:`os.PathLike`).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Union

from .formats import Record, read_file, read_text
from .grid import Grid
from .layout.page import Document
from .layout.template import Template, load_template
from .publish.book import Book, BookOptions, build_book, write_book
from .publish.booklet import build_answer_key, build_booklet
from .publish.output import write_document
from .publish.plan import read_plan
from .publish.puzzles import Puzzle, ordered, prepare
from .publish.sheets import build_worksheet, worksheet_template
from .shape import Shape

if TYPE_CHECKING:
    from .ocr.pipeline import ScanResult

PuzzleItem = Union[str, "os.PathLike[str]", Grid, Record]
"""One puzzle, a text of puzzles, or a file of them."""
PuzzleInput = Union[PuzzleItem, Iterable[PuzzleItem]]
"""What the publishing functions accept as their puzzles."""
TemplateInput = Union[str, "os.PathLike[str]", Template]
"""A shipped template name, a ``.toml`` file, or a loaded template."""

__all__ = ["answers", "book", "booklet", "ready_puzzles", "scan", "worksheet"]


def scan(source: Any, **options: Any) -> "ScanResult | list[ScanResult]":
    """Read the Sudoku in a photo; the same as :func:`sudokuprint.ocr.pipeline.scan`.

    ``source`` is what the OCR pipeline reads (a path, PIL image, numpy
    array, bytes or binary file object; see its documentation).  ``options``
    (``reader``, ``solver_check``, ``debug``, ``all``...) pass through
    unchanged; with ``all=True`` the result is a list, one per grid on the
    page, the main grid first.  Raises
    :class:`~sudokuprint.errors.NoGridError` when no grid can be read.
    """
    from .ocr.pipeline import scan as run_scan  # here: the OCR loads OpenCV and numpy, which publishing never needs

    return run_scan(source, **options)


def _is_file_name(item: object) -> bool:
    """True for a path object, or a one-line string naming a file that exists."""
    if isinstance(item, os.PathLike):
        return True
    return isinstance(item, str) and "\n" not in item and len(item) < 4096 and os.path.isfile(item)


def _records(items: PuzzleInput) -> Iterator[tuple[str, Record]]:
    """``(source name, record)`` for every puzzle in ``items``, in order."""
    if isinstance(items, (str, os.PathLike, Grid, Record)):
        items = [items]
    for index, item in enumerate(items, 1):
        if isinstance(item, Record):
            yield f"puzzle {index}", item
        elif isinstance(item, Grid):
            yield f"puzzle {index}", Record(item, line=index)
        elif _is_file_name(item):
            name = os.fspath(item)
            for record in read_file(name):
                yield name, record
        elif isinstance(item, str):
            for record in read_text(item):
                yield f"puzzle {index}", record
        else:
            raise TypeError(f"puzzle {index}: expected a str, path, Grid or Record, not {type(item).__name__}")


def ready_puzzles(
    items: PuzzleInput,
    *,
    order: str = "input",
    allow_nonunique: bool = False,
    grade: bool = True,
) -> list[Puzzle]:
    """The puzzles of ``items`` checked, solved, graded and numbered from 1, ready to print.

    A puzzle with conflicting digits, no solution or (unless
    ``allow_nonunique``) several solutions raises an error naming it.
    ``order="difficulty"`` orders them easy to hard.
    """
    if order not in ("input", "difficulty"):
        raise ValueError(f"unknown order {order!r}; choose 'input' or 'difficulty'")
    ready = [
        prepare(record, number, source, allow_nonunique=allow_nonunique, with_grade=grade or order == "difficulty")
        for number, (source, record) in enumerate(_records(items), 1)
    ]
    if not ready:
        raise ValueError("no puzzles given")
    return ordered(ready, order)


def _template(template: TemplateInput) -> Template:
    return template if isinstance(template, Template) else load_template(os.fspath(template))


def _written(document: Document, output: str | os.PathLike[str] | None, format: str | None, dpi: float) -> Document:
    """Write ``document`` to ``output`` when one is given (the page output from the name unless named)."""
    if output is not None:
        write_document(document, output, format=format, dpi=dpi)
    return document


def booklet(
    puzzles: PuzzleInput,
    *,
    template: TemplateInput = "booklet-a4-4up",
    output: str | os.PathLike[str] | None = None,
    format: str | None = None,
    dpi: float = 150,
    title: str = "Sudoku",
    author: str = "",
    answers: str | None = None,
    answer_template: TemplateInput | None = None,
    order: str = "input",
    allow_nonunique: bool = False,
) -> Document:
    """A puzzle booklet (title page, numbered puzzles, answer key), written to ``output`` if given.

    ``answers`` is ``"end"``, ``"under"`` or ``"none"`` (default: the
    template's choice).  The output is a PDF, or PNG pages when ``format`` is
    ``"png"`` or the name ends in ``.png``.  Returns the laid-out document.
    """
    ready = ready_puzzles(puzzles, order=order, allow_nonunique=allow_nonunique)
    key = _template(answer_template) if answer_template is not None else None
    document = build_booklet(ready, _template(template), title=title, author=author, placement=answers,
                             answer_template=key)
    return _written(document, output, format, dpi)


def answers(
    puzzles: PuzzleInput | None = None,
    *,
    template: TemplateInput = "answers-a4-12up",
    output: str | os.PathLike[str] | None = None,
    format: str | None = None,
    dpi: float = 150,
    booklet: str | os.PathLike[str] | None = None,
    booklet_template: TemplateInput | None = None,
    title: str = "Sudoku answers",
    author: str = "",
    order: str = "input",
    allow_nonunique: bool = False,
) -> Document:
    """An answer key, written to ``output`` if given.

    With ``booklet`` (a booklet PDF made by sudokuprint) each label names the
    puzzle's number and page in that booklet (``12 · p. 4``), from the page
    plan the PDF carries; without ``puzzles`` the answers are the booklet's
    own.  With ``booklet_template`` the pages are those of a booklet of these
    puzzles in that template; with neither, labels are the numbers alone.
    """
    if booklet is not None and booklet_template is not None:
        raise ValueError("give booklet or booklet_template, not both")
    plan = read_plan(booklet) if booklet is not None else None
    if puzzles is None:
        if plan is None:
            raise ValueError("no puzzles given (give puzzles, or a booklet to take them from)")
        ready = plan.puzzles_to_print(os.fspath(booklet or ""), allow_nonunique=allow_nonunique)
    else:
        ready = ready_puzzles(puzzles, order=order, allow_nonunique=allow_nonunique, grade=order == "difficulty")
    layout = _template(booklet_template) if booklet_template is not None else None
    document = build_answer_key(ready, _template(template), booklet_template=layout, booklet_plan=plan,
                                booklet_source=os.fspath(booklet or "the booklet"), title=title, author=author)
    return _written(document, output, format, dpi)


def _shape(size: int | str | Shape) -> Shape:
    """A grid shape from ``9``, ``"9"``, ``"9x9"`` or a :class:`Shape`."""
    if isinstance(size, Shape):
        return size
    text = str(size).strip().lower()
    side, _, other = text.partition("x")
    if not side.isdigit() or (other and other != side):
        raise ValueError(f"size {size!r}: expected a grid side such as 9 or 9x9")
    return Shape.for_side(int(side))


def worksheet(
    size: int | str | Shape = 9,
    *,
    template: TemplateInput = "worksheet-a4",
    output: str | os.PathLike[str] | None = None,
    format: str | None = None,
    dpi: float = 150,
    pages: int = 1,
    pencil_guide: bool = False,
    title: str | None = None,
) -> Document:
    """Pages of blank grids of ``size`` (``9``, ``"16x16"``, ...), written to ``output`` if given."""
    shape = _shape(size)
    layout = _template(template)
    if template == "worksheet-a4":
        layout = worksheet_template(layout, shape.side)
    document = build_worksheet(layout, shape, pages=pages, pencil_guide=pencil_guide,
                               title=title or f"Sudoku worksheet {shape.side}x{shape.side}")
    return _written(document, output, format, dpi)


def book(
    puzzles: PuzzleInput,
    *,
    output: str | os.PathLike[str] | None = None,
    **options: Any,
) -> Book:
    """A paperback ready to upload: the planned interior and cover, written to ``output`` when given
    (``NAME-interior.pdf`` and ``NAME-cover.pdf``, both PDF/X, after their preflight).

    ``options`` are those of :class:`sudokuprint.publish.book.BookOptions`, as on the command line:
    ``spec`` (``"kdp"``, ``"ingramspark"``), ``trim``, ``paper``, ``paper_thickness``, ``bleed``,
    ``title``, ``subtitle``, ``author``, ``isbn``, ``blurb``, ``lang``, ``sections``, ``labels``,
    ``notes``, ``year``, ``cover_motif``, ``seed``, ``pdfx`` and ``force``.  The puzzles are checked,
    solved and graded first.  Returns the :class:`~sudokuprint.publish.book.Book`; its ``interior``
    and ``cover`` are documents, ``pages`` its page count.
    """
    made = build_book(ready_puzzles(puzzles), BookOptions(**options))
    if output is not None:
        write_book(made, output)
    return made
