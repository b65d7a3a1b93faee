"""Writing a finished document: one PDF, or one PNG per page, each file atomically."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

import sys

from ..errors import PreflightError, UnsupportedError
from ..layout.page import Document
from ..outputs import atomic_output
from ..render import png_bytes, render_pdf
from ..render.preflight import SPECS, preflight

OUTPUT_FORMATS = ("pdf", "png")


def png_names(output: str, count: int) -> list[str]:
    """File names for ``count`` PNG pages: ``name.png`` alone, else ``name-1.png``, ``name-2.png``, ..."""
    if count == 1:
        return [output]
    path = Path(output)
    stem, suffix = (path.stem, path.suffix) if path.suffix.lower() == ".png" else (path.name, ".png")
    return [str(path.with_name(f"{stem}-{i}{suffix}")) for i in range(1, count + 1)]


def check_print_ready(data: bytes, spec: str) -> None:
    """Preflight a print-on-demand PDF as it is made: a broken rule stops the job (exit 1), naming the page;
    a page count outside the printer's range only warns (the layout is right, the book is short or long)."""
    findings = preflight(data, spec)
    counts = [f for f in findings if f.rule == "pages"]
    broken = [f for f in findings if f.rule != "pages"]
    for finding in counts:
        print(f"sudokuprint: warning: {finding}", file=sys.stderr)
    if broken:
        shown = "\n  ".join(str(f) for f in broken[:20])
        more = f"\n  ... and {len(broken) - 20} more" if len(broken) > 20 else ""
        raise PreflightError(f"the PDF fails {SPECS[spec].label}'s preflight; nothing was written:\n  {shown}{more}",
                             broken)


def write_document(document: Document, output: str | os.PathLike, *, format: str = "pdf", dpi: float = 150,
                   on_page: Callable[[], None] | None = None) -> list[str]:
    """Write ``document`` as a PDF or as PNG pages; returns the names written ('-' is standard output).

    ``on_page`` is called as each page is drawn (for progress)."""
    name = os.fspath(output)
    if format == "pdf":
        data = render_pdf(document, on_page=on_page)
        if document.print_spec in SPECS:
            check_print_ready(data, document.print_spec)
        with atomic_output(name, binary=True) as stream:
            stream.write(data)
        return [name]
    if format != "png":
        raise UnsupportedError(f"unknown output format {format!r}; choose {' or '.join(OUTPUT_FORMATS)}")
    if name == "-" and len(document.pages) > 1:
        raise UnsupportedError(
            f"this job has {len(document.pages)} pages; PNG output of several pages needs a file name (-o name.png)"
        )
    from ..render.png import check_resolution

    names = png_names(name, len(document.pages))
    for number, (page, target) in enumerate(zip(document.pages, names)):
        check_resolution(page.width, page.height, dpi)  # a page too large is refused before it is drawn
        data = png_bytes(page, dpi, files=None if number else document.attachments)  # the first page carries them
        with atomic_output(target, binary=True) as stream:
            stream.write(data)
        if on_page is not None:
            on_page()
    return names
