"""What keeps a command from harming the user's files or flooding the terminal.

An ``-o`` that names one of the command's inputs is refused unless
``--force`` (:func:`refuse_output_over_input`); a row kept by ``--resume``
is checked against its input (:func:`other_puzzle`); a value echoed in a
message is cut to :data:`SHOWN_CHARACTERS` (:func:`shown`, and
:func:`clipped` for a whole message, click's usage errors included).
"""

from __future__ import annotations

import json
import os
import re
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from ..formats import Record

SHOWN_CHARACTERS = 200
"""The most characters of a value an error message echoes."""


_LONG_RUN = re.compile(r"\S{%d,}" % (SHOWN_CHARACTERS + 1))
MESSAGE_CHARACTERS = 2000
"""The most characters of one error message (a value of many short words is cut here)."""


def clipped(message: str) -> str:
    """An error message with every run of more than :data:`SHOWN_CHARACTERS` characters without a blank cut
    there, and the whole cut at :data:`MESSAGE_CHARACTERS`: a value echoed from the input is never printed whole."""
    message = _LONG_RUN.sub(lambda run: f"{run.group()[:SHOWN_CHARACTERS - 3]}... ({len(run.group()):,} characters)",
                            message)
    return message if len(message) <= MESSAGE_CHARACTERS else f"{message[:MESSAGE_CHARACTERS]}... (cut)"


def shown(value: object, limit: int = SHOWN_CHARACTERS) -> str:
    """``repr`` of a value to echo in a message, cut to ``limit`` characters (a 10 MB argument is not echoed whole)."""
    text = repr(value if isinstance(value, str) else str(value))
    return text if len(text) <= limit else f"{text[:limit - 3]}... ({len(text):,} characters)"


INPUT_PARAMETERS = ("inputs", "photos", "picture_or_code", "patterns", "booklet_pdf", "picture")
"""The parameters that name files a command reads (an ``-o`` equal to one of them is refused without --force)."""

def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):  # either is missing (a new output), or not a path
        return False


def refuse_output_over_input(params: dict[str, Any]) -> None:
    """A usage error when ``-o`` names a file the command reads: the run would overwrite its own input."""
    output = params.get("output")
    if not isinstance(output, str) or output == "-" or not os.path.exists(output):
        return
    for name in INPUT_PARAMETERS:
        value = params.get(name)
        for path in (value,) if isinstance(value, str) else value or ():
            if isinstance(path, str) and path != "-" and _same_file(path, output):
                raise click.UsageError(f"-o {shown(output)} is also an input ({shown(path)}): the run would overwrite "
                                       "what it reads; name another output, or give --force")


def other_puzzle(row_puzzle: object, row_source: object, source: str, record: Record) -> str | None:
    """Why a row kept by ``--resume`` is not the row of the input puzzle ``record`` of ``source`` (another source,
    another puzzle), or None when it is."""
    if row_source is not None and row_source != source:
        return f"the row names the input {shown(row_source)}, and this run's is {shown(source)}"
    expected = record.grid.to_string()
    if row_puzzle != expected:
        return (f"the row is of the puzzle {shown(row_puzzle, 90)}, and this run's input {source}, line {record.line} "
                f"is {shown(expected, 90)}")
    return None


def json_row(row: str) -> dict:
    """A JSON row kept by ``--resume`` (an empty dict for a row that is not a JSON object)."""
    try:
        value = json.loads(row)
    except (ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}
