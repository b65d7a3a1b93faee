"""A digit reader and a page output that sudokuprint finds through its entry points, never imported by it."""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

from sudokuprint.layout.page import Document
from sudokuprint.ocr.readers import DigitCell, Reading, get_reader
from sudokuprint.render import PageOutput


class ExampleReader:
    """``--readers example``: every digit read by the shipped print model and taken for print."""

    name = "example"

    def __init__(self) -> None:
        self.printed = get_reader("printed")

    def read(self, cells: Sequence[DigitCell]) -> Reading:
        reading = self.printed.read(cells)
        return Reading(reading.probabilities, reading.handwritten * 0, reading.printed)


def grids_file(document: Document, *, dpi: float, on_page: Callable[[], None] | None) -> Iterable[bytes]:
    """The grids of every page, a line each: ``page ROLE NUMBER VALUES``."""
    lines = []
    for number, page in enumerate(document.pages, 1):
        lines += [f"{number} {grid.role} {grid.number} {grid.values}\n" for grid in page.grids]
        if on_page is not None:
            on_page()
    return ["".join(lines).encode("ascii")]


GRIDS = PageOutput("grids", ".grids", grids_file, summary="the grids of every page as text")
