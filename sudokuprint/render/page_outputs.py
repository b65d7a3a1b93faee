"""The page outputs -- what a laid-out document is written as (PDF, PNG pages, ...) -- in one registry.

A :class:`PageOutput` names a file type, its suffix, and a function that
draws a :class:`~sudokuprint.layout.page.Document` into the files' bytes:
one file for the document (PDF), or one a page (PNG: ``NAME-1.png``,
``NAME-2.png`` ...).  Each backend module registers its own
(:mod:`.pdf`, :mod:`.png`); another package adds one through the
``sudokuprint.page_outputs`` entry points.  Everything that writes pages
asks here: the commands' ``--format`` choices, the guess from ``-o
NAME.png`` (:func:`page_output_for`, the only place that guesses), the
file names (:func:`page_file_names`, :func:`page_set_files`) and
:func:`sudokuprint.publish.write_document`.
"""

from __future__ import annotations

import glob
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Protocol

from ..layout.page import Document
from ..plugins import Registry, named

DEFAULT = "pdf"
"""The page output of a file name whose suffix names none (and of standard output)."""


class Draw(Protocol):
    """Draws a document as files: their bytes in order, one for the document or one a page (see ``one_file``)."""

    def __call__(self, document: Document, *, dpi: float, on_page: Callable[[], None] | None) -> Iterable[bytes]:
        ...


@dataclass(frozen=True)
class PageOutput:
    """A file type pages can be written as."""

    name: str
    """Its ``--format`` name (``pdf``)."""
    suffix: str
    """The file name's suffix, with the dot (``.pdf``): ``-o NAME.pdf`` asks for it."""
    draw: Draw
    """The document's files' bytes, made one after another (``on_page`` is called as each page is drawn, ``dpi``
    is the resolution of a raster output); a document it cannot draw raises a sudokuprint error."""
    one_file: bool = True
    """Every page in one file (PDF); else a file a page."""
    summary: str = ""


PAGE_OUTPUTS: Registry[PageOutput] = Registry("page output", "sudokuprint.page_outputs", named(PageOutput),
                                                    default=DEFAULT)
"""Every page output by name."""


def register_page_output(output: PageOutput) -> None:
    """Make ``output`` available by its name and suffix (to ``--format``, ``-o NAME.suffix`` and the library)."""
    PAGE_OUTPUTS.register(output.name, output)


def page_output(name: str) -> PageOutput:
    """The page output called ``name`` (:class:`~sudokuprint.errors.UnknownPluginError` naming the choices if none)."""
    return PAGE_OUTPUTS.get(name.lower())


def page_output_names() -> tuple[str, ...]:
    """The names of every page output (``pdf``, ``png``, and any registered since)."""
    return PAGE_OUTPUTS.names()


def page_output_for(path: str | os.PathLike[str], requested: str | None = None) -> PageOutput:
    """The page output asked for: ``requested`` by name, else the one whose suffix ends ``path``
    (``book.png``: PNG), else :data:`DEFAULT`."""
    if requested:
        return page_output(requested)
    suffix = Path(os.fspath(path)).suffix.lower()
    if suffix:
        known = PAGE_OUTPUTS.registered()  # the built-in ones: no package's entry points read for book.pdf
        for output in (*known, *(page_output(name) for name in page_output_names())):
            if output.suffix == suffix:
                return output
    return page_output(DEFAULT)


def page_file_names(path: str | os.PathLike[str], pages: int, output: PageOutput) -> list[str]:
    """The files ``output`` writes ``pages`` pages to at ``path``: ``path`` alone for one file (or one page),
    else ``NAME-1.png``, ``NAME-2.png`` ... (``NAME`` is ``path`` without the output's suffix)."""
    name = os.fspath(path)
    if output.one_file or pages == 1:
        return [name]
    where = Path(name)
    stem = where.stem if where.suffix.lower() == output.suffix else where.name
    suffix = where.suffix if where.suffix.lower() == output.suffix else output.suffix
    return [str(where.with_name(f"{stem}-{number}{suffix}")) for number in range(1, pages + 1)]


def page_set_files(path: str | os.PathLike[str], output: PageOutput) -> list[str]:
    """The files at ``path`` now that belong to a page set ``output`` writes there, whatever its page count:
    ``NAME.png`` and every ``NAME-N.png`` (what a new set replaces)."""
    if output.one_file:
        return []
    where = Path(os.fspath(path))
    stem = where.stem if where.suffix.lower() == output.suffix else where.name
    suffix = where.suffix if where.suffix.lower() == output.suffix else output.suffix
    found = [str(where.with_name(stem + suffix))] if where.with_name(stem + suffix).is_file() else []
    if where.parent.is_dir():
        for member in where.parent.glob(f"{glob.escape(stem)}-*{glob.escape(suffix)}"):
            number = member.name[len(stem) + 1:len(member.name) - len(suffix)]
            if number.isdigit() and not number.startswith("0") and member.is_file():
                found.append(str(member))
    return found
