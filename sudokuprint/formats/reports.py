"""What sudokuprint's own commands print, read back as puzzles (read only).

Every command's output is valid input to every command that reads puzzles:

- ``records-jsonl``: one JSON object a line with a ``"puzzle"`` string
  (``generate --format jsonl``, ``check --json``, ``grade --json``,
  ``scan --json``); a line without a puzzle (a photo with no grid, a puzzle
  that failed) is passed over;
- ``records-csv``: CSV with a header row that has a ``puzzle`` column
  (``generate --format csv``, ``scan --format csv``);
- ``collection``: ``generate``'s text lines, ``id puzzle solution clues level
  moves rating pattern_code`` (``-`` for none);
- ``check-report``: ``check``'s lines, ``status solutions=N clues=N shape=S
  puzzle`` (indented conflict lines are passed over);
- ``grade-report``: ``grade``'s lines, ``label rating=R level=L puzzle
  [techniques]`` (an ``error`` or ``timeout`` line names its puzzle after ``puzzle=``).

A record's ``meta`` keeps the fields that travel: ``id``, ``level``,
``label``, ``rating``, ``moves``, ``solution``, ``source``, ``status``
(strings).  A generated 9x9 puzzle with id, moves and level gets its SVD label
``id-moves-level-givens``.
"""

from __future__ import annotations

import csv
import json
import re
from typing import Any, Iterator, Mapping

from ..errors import ParseError
from ..grid import Grid
from .base import Format, Lines, Record

META_KEYS = ("id", "level", "label", "rating", "moves", "solution", "source", "status", "name")
"""Fields of a report that travel with its puzzle."""

COLLECTION_COLUMNS = ("id", "puzzle", "solution", "clues", "level", "moves", "rating", "pattern_code")

_CHECK_LINE = re.compile(
    r"^(?P<status>unique|not-unique|unsolvable|invalid|timeout)\s+solutions=(?P<solutions>\S+)\s+clues=(?P<clues>\d+)\s+"
    r"shape=(?P<shape>\S+)\s+(?P<puzzle>\S+)\s*$"
)
_GRADE_LINE = re.compile(
    r"^(?P<label>\S+)\s+rating=(?P<rating>\S+)\s+level=(?P<level>\S+)\s+(?P<puzzle>\S+)(\s+\[.*\])?\s*$"
)
_GRADE_ERROR = re.compile(r"^(?P<error>error|timeout)\s+puzzle=(?P<puzzle>\S+)\s")


def _first_lines(sample: str, count: int = 3) -> list[str]:
    return [line for line in sample.splitlines() if line.strip()][:count]


def _grid(text: object, format: str, number: int, line: str) -> Grid:
    """The grid of a puzzle string in a report, or a located error."""
    grid = Grid.from_line(str(text)) if isinstance(text, str) else None
    if grid is None:
        raise ParseError(format, "the puzzle field is not a whole puzzle string", line=number, text=line,
                         expected="16, 36, 81 or 256 cells of digits and '.'")
    return grid


def _meta(fields: Mapping[str, object], grid: Grid) -> dict[str, str]:
    """The travelling fields of a report as strings, with an SVD label made from id, moves and level."""
    meta = {key: str(fields[key]) for key in META_KEYS if fields.get(key) not in (None, "", "-")}
    if "label" not in meta and grid.side == 9:
        try:
            number, moves, level = (int(str(fields[key])) for key in ("id", "moves", "level"))
        except (KeyError, TypeError, ValueError):
            return meta
        if level in range(1, 5) and min(number, moves) >= 0:
            meta["label"] = f"{number}-{moves}-{level}-{grid.clue_count}"
    return meta


# -- JSON lines -------------------------------------------------------------


def _json_object(line: str) -> dict[str, Any] | None:
    try:
        value = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, or arrays nested thousands deep
        return None
    return value if isinstance(value, dict) else None


def sniff_records_jsonl(sample: str) -> bool:
    """JSON objects one a line, the first with a puzzle string (or a source and an error)."""
    lines = _first_lines(sample, 1)
    if not lines:
        return False
    first = _json_object(lines[0])
    if first is None:
        return False
    return isinstance(first.get("puzzle"), str) or ("source" in first and "error" in first)


def read_records_jsonl(lines: Lines) -> Iterator[Record]:
    name = "records-jsonl"
    for number, text in lines:
        if not text.strip():
            continue
        value = _json_object(text)
        if value is None:
            raise ParseError(name, "not a JSON object on one line", line=number, text=text)
        if value.get("puzzle") is None:
            continue  # a row that reports a failure (no grid, no unique solution) carries no puzzle
        grid = _grid(value["puzzle"], name, number, text)
        yield Record(grid, number, _meta(value, grid))


# -- CSV --------------------------------------------------------------------


def _csv_row(text: str) -> list[str]:
    return next(csv.reader([text]), [])


def sniff_records_csv(sample: str) -> bool:
    lines = _first_lines(sample, 1)
    return bool(lines) and "," in lines[0] and "puzzle" in _csv_row(lines[0])


def read_records_csv(lines: Lines) -> Iterator[Record]:
    name = "records-csv"
    header: list[str] | None = None
    for number, text in lines:
        if not text.strip():
            continue
        row = _csv_row(text)
        if header is None:
            header = row
            if "puzzle" not in header:
                raise ParseError(name, "the header row has no 'puzzle' column", line=number, text=text)
            continue
        fields = dict(zip(header, row))
        if not fields.get("puzzle"):
            continue
        grid = _grid(fields["puzzle"], name, number, text)
        yield Record(grid, number, _meta(fields, grid))


# -- generate's text lines --------------------------------------------------


def _collection_fields(text: str) -> dict[str, str] | None:
    words = text.split()
    if len(words) != len(COLLECTION_COLUMNS) or not words[0].isdigit() or Grid.from_line(words[1]) is None:
        return None
    return dict(zip(COLLECTION_COLUMNS, words))


def sniff_collection(sample: str) -> bool:
    lines = _first_lines(sample)
    return bool(lines) and all(_collection_fields(line) is not None for line in lines)


def read_collection_text(lines: Lines) -> Iterator[Record]:
    name = "collection"
    for number, text in lines:
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        fields = _collection_fields(text)
        if fields is None:
            raise ParseError(name, "not a line of 'generate' output", line=number, text=text,
                             expected="id puzzle solution clues level moves rating pattern_code")
        grid = _grid(fields["puzzle"], name, number, text)
        yield Record(grid, number, _meta(fields, grid))


# -- check and grade reports ------------------------------------------------


def sniff_check_report(sample: str) -> bool:
    lines = [line for line in _first_lines(sample) if not line.startswith(" ")]
    return bool(lines) and _CHECK_LINE.match(lines[0]) is not None


def read_check_report(lines: Lines) -> Iterator[Record]:
    name = "check-report"
    for number, text in lines:
        if not text.strip() or text.startswith(" "):
            continue  # indented lines name the conflicts of the puzzle above
        found = _CHECK_LINE.match(text)
        if found is None:
            raise ParseError(name, "not a line of 'check' output", line=number, text=text,
                             expected="status solutions=N clues=N shape=S puzzle")
        grid = _grid(found["puzzle"], name, number, text)
        yield Record(grid, number, {"status": found["status"]})


def sniff_grade_report(sample: str) -> bool:
    lines = _first_lines(sample, 1)
    return bool(lines) and (_GRADE_LINE.match(lines[0]) is not None or _GRADE_ERROR.match(lines[0]) is not None)


def read_grade_report(lines: Lines) -> Iterator[Record]:
    name = "grade-report"
    for number, text in lines:
        if not text.strip():
            continue
        found = _GRADE_LINE.match(text) or _GRADE_ERROR.match(text)
        if found is None:
            raise ParseError(name, "not a line of 'grade' output", line=number, text=text,
                             expected="label rating=R level=L puzzle [techniques]")
        grid = _grid(found["puzzle"], name, number, text)
        fields = found.groupdict()
        meta = {"status": fields["error"]} if "label" not in fields else {
            key: fields[key] for key in ("label", "rating", "level") if fields[key] not in (None, "-")
        }
        yield Record(grid, number, meta)


FORMATS = (
    Format("records-jsonl", "puzzle records, JSON lines (sudokuprint output)", read_records_jsonl, None,
           sniff_records_jsonl, aliases=("records",)),
    Format("records-csv", "puzzle records, CSV with a header (sudokuprint output)", read_records_csv, None,
           sniff_records_csv, extensions=(".csv",)),
    Format("collection", "generate's text lines", read_collection_text, None, sniff_collection),
    Format("check-report", "check's report lines", read_check_report, None, sniff_check_report),
    Format("grade-report", "grade's report lines", read_grade_report, None, sniff_grade_report),
)
