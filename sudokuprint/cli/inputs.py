"""What the commands that read puzzles share: ``--from`` and the records of every input.

Apart from :mod:`.app`, so that a command that reads no puzzle files
(``generate``) starts without loading the formats.
"""

from __future__ import annotations

from typing import Iterable, Iterator

import click

from ..formats import Record, formats, read_file

FROM = click.option("--from", "from_format", type=click.Choice([f.name for f in formats()], case_sensitive=False),
                    default=None, help="Input format (default: detected from the content).")
"""``--from NAME`` on every command that reads puzzles: one of the registered formats."""


def read_inputs(paths: Iterable[str], fmt: str | None) -> Iterator[tuple[str, Record]]:
    """Every record of every input (standard input when there are none), lazily, with its source's name."""
    for path in tuple(paths) or ("-",):
        name = "<stdin>" if path == "-" else path
        for record in read_file(path, fmt):
            yield name, record
