"""Writing a finished document as its page output (:mod:`sudokuprint.render.page_outputs`), each file atomically."""

from __future__ import annotations

import os
from typing import Callable

from ..errors import UnsupportedError
from ..layout.page import Document
from ..outputs import atomic_output, replace_file_set
from ..render import page_file_names, page_output_for, page_set_files


def write_document(document: Document, output: str | os.PathLike[str], *, format: str | None = None,
                   dpi: float = 150, on_page: Callable[[], None] | None = None, force: bool = False) -> list[str]:
    """Write ``document`` as the page output ``format`` (None: from ``output``'s suffix, else PDF); returns the
    names written ('-' is standard output).

    An output of a file a page (PNG) writes ``NAME-1.png``, ``NAME-2.png``
    ... for several pages (``NAME.png`` for one), replaced as a set: drawn
    into a temporary folder beside them and moved in once every page is
    drawn, the pages of an earlier, longer set removed; an interrupted run
    leaves the old set as it was.  ``on_page`` is called as each page is
    drawn (for progress); ``force`` writes a print-on-demand PDF whose page
    count the printer does not bind (otherwise refused like any broken rule).
    """
    if force:
        document.force_page_count = True
    name = os.fspath(output)
    kind = page_output_for(name, format)
    pages = len(document.pages)
    if name == "-" and not kind.one_file and pages > 1:
        raise UnsupportedError(f"this job has {pages} pages; {kind.name.upper()} output of several pages needs a "
                               f"file name (-o name{kind.suffix})")
    names = page_file_names(name, pages, kind)
    drawn = kind.draw(document, dpi=dpi, on_page=on_page)
    if kind.one_file or name == "-":
        for data, target in zip(drawn, names):  # drawn first: its last on_page
            with atomic_output(target, binary=True) as stream:
                stream.write(data)
        return names
    replace_file_set(names, drawn, stale=page_set_files(name, kind))  # the set whole, or the old one as it was
    return names
