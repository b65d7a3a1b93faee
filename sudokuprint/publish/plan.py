"""A booklet's page plan: which puzzle is printed on which page, carried inside the booklet's PDF.

Every booklet PDF holds its plan as an embedded file named
:data:`PLAN_NAME` (the catalogue's ``EmbeddedFiles`` name tree, where PDF
readers list attachments), and a booklet made as PNG pages holds it in its
first page (``NAME-1.png``) as a compressed text chunk of that name, so an
answer key made later from the booklet alone gives the right page
references.  The file is JSON:

.. code-block:: json

    {"kind": "sudokuprint-page-plan", "version": 1,
     "template": "booklet-a4-4up", "per_page": 4, "pages": 5,
     "answers": {"placement": "end", "template": "answers-a4-12up", "per_page": 12},
     "puzzles": [{"number": 1, "page": 2, "puzzle": "4.....8.5.3...", "answer_page": 5}, ...]}

``page`` and ``answer_page`` are the printed page numbers (the title page is
page 1); ``puzzle`` is the givens as one line (``.`` for an empty cell);
``answer_page`` is absent when the booklet prints no answers.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, replace
from typing import Any, Sequence

from PIL import Image, UnidentifiedImageError

from ..errors import MissingInputError, ParseError
from ..formats import Record
from ..grid import Grid
from ..images import quiet_pillow
from .puzzles import Puzzle, prepare

PLAN_NAME = "sudokuprint-plan.json"
"""The name of the embedded file that holds a booklet's plan."""
KIND = "sudokuprint-page-plan"
VERSION = 1


@dataclass(frozen=True)
class PlacedPuzzle:
    """Where one puzzle of a booklet is printed."""

    number: int
    page: int
    puzzle: str
    """The givens as one line."""
    answer_page: int | None = None


@dataclass(frozen=True)
class PagePlan:
    """The puzzles of a booklet with their pages, and the layout that put them there."""

    template: str
    per_page: int
    pages: int
    puzzles: tuple[PlacedPuzzle, ...]
    answers: dict[str, Any] | None = None
    """``placement`` (end, under, none) and, for answers at the end, their ``template`` and ``per_page``."""

    def to_json(self) -> str:
        """The plan as the JSON of the embedded file (one line, keys in a fixed order)."""
        puzzles = []
        for placed in self.puzzles:
            entry: dict[str, Any] = {"number": placed.number, "page": placed.page, "puzzle": placed.puzzle}
            if placed.answer_page is not None:
                entry["answer_page"] = placed.answer_page
            puzzles.append(entry)
        return json.dumps({"kind": KIND, "version": VERSION, "template": self.template, "per_page": self.per_page,
                           "pages": self.pages, "answers": self.answers, "puzzles": puzzles},
                          ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str | bytes, source: str = PLAN_NAME) -> "PagePlan":
        """A plan read back; anything that is not a plan of a known version raises ParseError naming ``source``."""
        def refuse(reason: str) -> ParseError:
            return ParseError("booklet plan", reason, source=source)

        try:
            data = json.loads(text)
        except (ValueError, UnicodeDecodeError) as error:
            raise refuse(f"the embedded {PLAN_NAME} is not JSON ({error})") from None
        except RecursionError:
            raise refuse(f"the embedded {PLAN_NAME} is not a page plan (values nested too deeply)") from None
        if not isinstance(data, dict) or data.get("kind") != KIND:
            raise refuse(f"the embedded {PLAN_NAME} is not a sudokuprint page plan")
        if data.get("version") != VERSION:
            raise refuse(f"page plan version {data.get('version')!r} is not known (this sudokuprint reads {VERSION})")
        try:
            puzzles = tuple(PlacedPuzzle(int(p["number"]), int(p["page"]), str(p["puzzle"]),
                                         None if p.get("answer_page") is None else int(p["answer_page"]))
                            for p in data["puzzles"])
            return cls(str(data["template"]), int(data["per_page"]), int(data["pages"]), puzzles, data.get("answers"))
        except (KeyError, TypeError, ValueError) as error:
            raise refuse(f"the page plan lacks or garbles a field ({error})") from None

    def pages_of(self, puzzles: Sequence[Puzzle], source: str = "the booklet") -> tuple[list[Puzzle], dict[int, int]]:
        """The puzzles renumbered as in the booklet, and the booklet page of each (by its new number).

        A puzzle is found by its givens; one the booklet does not hold raises
        :class:`~sudokuprint.errors.MissingInputError` naming it and ``source``.
        """
        placed = {p.puzzle: p for p in self.puzzles}
        found: list[Puzzle] = []
        pages: dict[int, int] = {}
        for puzzle in puzzles:
            where = placed.get(puzzle.grid.to_string())
            if where is None:
                raise MissingInputError(f"{puzzle.source or f'puzzle {puzzle.number}'}: this puzzle is not in "
                                        f"{source} (its page plan has {len(self.puzzles)} other puzzles)")
            found.append(replace(puzzle, number=where.number))
            pages[where.number] = where.page
        return found, pages

    def puzzles_to_print(self, source: str = "the booklet", *, allow_nonunique: bool = False) -> list[Puzzle]:
        """The booklet's own puzzles, solved again, with their booklet numbers, in booklet order."""
        return [prepare(Record(Grid.from_string(p.puzzle), index), p.number, source,
                        allow_nonunique=allow_nonunique, with_grade=False)
                for index, p in enumerate(self.puzzles, 1)]


def _png_plan(name: str) -> PagePlan:
    """The plan in the first PNG page of a booklet (a text chunk named :data:`PLAN_NAME`)."""
    try:
        with quiet_pillow(), Image.open(name) as image:  # the header and the text chunks before the pixels only
            text = image.info.get(PLAN_NAME)
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, Image.DecompressionBombError) as error:
        raise ParseError("booklet plan", f"cannot read this PNG ({error})", source=name) from None
    if text is None:
        raise ParseError("booklet plan", "this PNG holds no page plan: only the first page (NAME-1.png) of a "
                         "booklet made by sudokuprint carries one", source=name)
    return PagePlan.from_json(text, name)


def read_plan(path: str | os.PathLike) -> PagePlan:
    """The page plan embedded in a booklet PDF (or in the first PNG page of a booklet made as PNG pages).

    A file that is missing, not a PDF or PNG, or one without a plan (made by
    another program, or not a booklet) raises an error that names the file
    (exit code 2).
    """
    from pypdf import PdfReader  # here: pypdf loads only to read a booklet back (most jobs never do)
    from pypdf.errors import PdfReadError  # here: as above

    name = os.fspath(path)
    try:
        with open(name, "rb") as stream:
            start = stream.read(1024)
            if start.startswith(b"\x89PNG"):
                return _png_plan(name)
            if not start.lstrip().startswith(b"%PDF-"):
                raise ParseError("booklet plan", "this is neither a PDF nor a PNG page of a booklet", source=name)
            stream.seek(0)
            attached = PdfReader(stream).attachments.get(PLAN_NAME)
            data = attached[0] if attached else None
    except FileNotFoundError:
        raise MissingInputError(f"{name}: no such file") from None
    except (PdfReadError, OSError, ValueError, KeyError) as error:
        if isinstance(error, ParseError):
            raise
        raise ParseError("booklet plan", f"cannot read this PDF ({error})", source=name) from None
    if data is None:
        raise ParseError("booklet plan", "this PDF holds no page plan: it is not a booklet made by sudokuprint "
                         "(answers --booklet-template NAME gives the pages of a booklet by its template)",
                         source=name)
    return PagePlan.from_json(data, name)
