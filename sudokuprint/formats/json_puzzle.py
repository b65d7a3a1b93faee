"""The JSON puzzle (docs/formats.md §2).

``{"id": "...", "type": "classic", "m": 3, "n": 3, "numbers": ["......16.", ...]}``

``type`` defaults to ``classic`` (the only type there is); ``m`` is the box
width and ``n`` the box height, both 3 by default; ``numbers`` holds one
string per row, ``.`` (or ``0``) for an empty cell and ``A``, ``B``, ... for
digits above 9.  A file holds one object, an array of them, or one object per
line (JSONL, read lazily).  Every non-zero number is a given; the writer writes
every value, so filled digits come back as givens.
"""

from __future__ import annotations

import json
from typing import Any, Iterator

from ..errors import ParseError
from ..grid import Grid
from ..notation import NOT_A_CELL, puzzle_string, symbol_table
from ..shape import CLASSIC, Shape, digit_symbol
from .base import Format, Lines, Record
from .jsontext import JsonObject, iter_objects, sniff_json

TITLE = "JSON puzzle"
PUZZLE_TYPES = ("classic",)


def _key_error(title: str, place: JsonObject, key: str, reason: str, expected: str) -> ParseError:
    line, column = place.position(place.key_index(key))
    found = place.value.get(key)
    return ParseError(
        title,
        reason,
        line=line,
        column=column,
        text=json.dumps(found) if key in place.value else None,
        expected=expected,
    )


def _box_side(title: str, place: JsonObject, key: str, what: str) -> int:
    value = place.value.get(key, 3)
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _key_error(title, place, key, f'"{key}" (the box {what}) is not a positive whole number', "1, 2, 3, ...")
    return value


def shape_of(place: JsonObject, title: str = TITLE) -> Shape:
    """The grid shape an object's ``type``, ``m`` and ``n`` say."""
    kind = place.value.get("type", "classic")
    if kind not in PUZZLE_TYPES:
        raise _key_error(
            title, place, "type", f"puzzle type {kind!r} is not supported", " or ".join(map(repr, PUZZLE_TYPES))
        )
    width = _box_side(title, place, "m", "width")
    height = _box_side(title, place, "n", "height")
    try:
        return Shape(width, height)
    except ValueError as error:
        raise _key_error(title, place, "m", f"boxes of {width}x{height}: {error}", "a grid of at most 16x16") from None


def values_of(place: JsonObject, key: str, shape: Shape, title: str = TITLE) -> list[int]:
    """The cell values in the row strings under ``key`` (0 for empty cells)."""
    rows = place.value.get(key)
    side = shape.side
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        if key not in place.value:
            line, column = place.position(place.start)
            raise ParseError(title, f'no "{key}" in the object', line=line, column=column, expected=f'"{key}": [rows]')
        raise _key_error(title, place, key, f'"{key}" is not a list of row strings', f'{side} strings of {side} cells')
    if len(rows) != side:
        raise _key_error(title, place, key, f'"{key}" has {len(rows)} rows', f"{side} rows for a {shape.name} grid")
    values = []
    table = symbol_table(side)
    for number, row in enumerate(rows):
        if len(row) != side:
            line, column = place.item_position(key, number)
            raise ParseError(
                title,
                f'row {number + 1} of "{key}" has {len(row)} cells',
                line=line,
                column=column,
                text=row,
                expected=f"{side} cells",
            )
        for offset, symbol in enumerate(row):
            digit = table[ord(symbol)] if ord(symbol) < 256 else NOT_A_CELL
            if digit == NOT_A_CELL:
                line, column = place.item_position(key, number, offset)
                raise ParseError(
                    title,
                    f'{symbol!r} in row {number + 1} of "{key}" is not a digit of a {shape.name} grid',
                    line=line,
                    column=column,
                    text=symbol,
                    expected=f"one of 1-{digit_symbol(side)} or '.'",
                )
            values.append(digit)
    return values


def grid_of(place: JsonObject, title: str = TITLE) -> Grid:
    """The puzzle a JSON puzzle object holds (every number a given)."""
    shape = shape_of(place, title)
    return Grid.from_values(values_of(place, "numbers", shape, title), shape)


def _meta(place: JsonObject) -> dict[str, str]:
    ident = place.value.get("id")
    return {"id": str(ident)} if ident is not None else {}


def read_json_puzzle(lines: Lines) -> Iterator[Record]:
    """Puzzles from JSON objects: one, an array, or one per line."""
    for place in iter_objects(lines, TITLE):
        yield Record(grid_of(place), place.line, _meta(place))


def rows_of(grid: Grid, values: tuple[int, ...] | None = None) -> list[str]:
    """Row strings of ``values`` (the grid's own by default), ``.`` for empty."""
    values = grid.values if values is None else values
    side = grid.side
    return [puzzle_string(values[r * side : (r + 1) * side]) for r in range(side)]


def puzzle_object(grid: Grid, *, id: str | None = None) -> dict[str, Any]:
    """The JSON puzzle object of a grid's values (as a dict, ready for ``json.dumps``).

    Like the seed's example it leaves out what the defaults say: ``type``
    (always classic) and, for 9x9, ``m`` and ``n``.
    """
    obj: dict[str, Any] = {} if id is None else {"id": id}
    if grid.shape != CLASSIC:
        obj.update(m=grid.shape.box_width, n=grid.shape.box_height)
    obj["numbers"] = rows_of(grid)
    return obj


def write_json_puzzle(grid: Grid, *, id: str | None = None) -> str:
    """One JSON object on one line (many puzzles make a JSONL file)."""
    return json.dumps(puzzle_object(grid, id=id), separators=(",", ":"))


def sniff_json_puzzle(sample: str) -> bool:
    return sniff_json(sample, "numbers")


FORMAT = Format(
    name="json",
    title=TITLE,
    read=read_json_puzzle,
    write=write_json_puzzle,
    sniff=sniff_json_puzzle,
    extensions=(".json", ".jsonl"),
    aliases=("json-puzzle", "jsonl"),
)
