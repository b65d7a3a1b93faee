"""The partial-puzzle JSON (docs/formats.md §5): one step of a solution, for hints.

Keys: ``map`` (a JSON puzzle, §2: the givens), ``beginNumbers`` /
``endNumbers`` (rows like ``numbers``: givens and filled digits),
``beginCandidatesTable`` / ``endCandidatesTable`` (the §3 table as a list of
lines, ``0`` for a filled cell) and ``givenHints`` (opaque hint ids, kept as
they are).  The numbers default to the map's; a missing table leaves the
candidates unrecorded.

Reading yields the *begin* state as a grid (givens from ``map``, filled
digits from ``beginNumbers``, candidates from the table); :func:`parse_partial`
and :func:`read_partials` give the whole step as a :class:`PartialPuzzle`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from ..errors import ParseError
from ..grid import Grid
from ..shape import digit_symbol
from .base import Format, Lines, Record
from .json_puzzle import grid_of, puzzle_object, rows_of, values_of
from .jsontext import JsonObject, iter_objects, sniff_json
from .candidates_grid import cell_tokens, parse_table, table_lines

TITLE = "partial-puzzle JSON"


@dataclass(frozen=True)
class PartialPuzzle:
    """A step of a solution: the state before and after, and the hints to show.

    Both states share the puzzle's givens; ``given_hints`` are opaque ids.
    """

    begin: Grid
    end: Grid
    given_hints: tuple[str, ...] = ()
    id: str | None = None
    map_id: str | None = None

    @property
    def puzzle(self) -> Grid:
        """The puzzle (the map): givens only."""
        return self.begin.puzzle()


def make_partial(
    begin: Grid,
    end: Grid,
    given_hints: Sequence[str] = (),
    *,
    id: str | None = None,
    map_id: str | None = None,
) -> PartialPuzzle:
    """A step from two states of one puzzle; raises ValueError when they are not of the same puzzle."""
    if begin.shape != end.shape:
        raise ValueError(f"the begin state is {begin.shape.name} but the end state is {end.shape.name}")
    if begin.puzzle() != end.puzzle():
        cells = sorted(begin.givens ^ end.givens) or [
            c for c in begin.givens if begin.values[c] != end.values[c]
        ]
        names = ", ".join(begin.shape.cell_name(c) for c in cells[:6])
        raise ValueError(f"the begin and end states have different givens ({names})")
    return PartialPuzzle(begin, end, tuple(given_hints), id, map_id)


def _state(place: JsonObject, puzzle: Grid, numbers_key: str, table_key: str) -> Grid:
    """One state: values from ``numbers_key`` (default the map's), candidates from ``table_key``."""
    shape = puzzle.shape
    values = values_of(place, numbers_key, shape, TITLE) if numbers_key in place.value else list(puzzle.values)
    for cell in puzzle.givens:
        if values[cell] != puzzle.values[cell]:
            row, column = divmod(cell, shape.side)
            line, col = place.item_position(numbers_key, row, column)
            raise ParseError(
                TITLE,
                f'{shape.cell_name(cell)} in "{numbers_key}" differs from the map\'s given',
                line=line,
                column=col,
                text=digit_symbol(values[cell]) if values[cell] else ".",
                expected=digit_symbol(puzzle.values[cell]),
            )
    if table_key not in place.value:
        return Grid(shape, tuple(values), puzzle.givens)
    rows = place.value[table_key]
    if not isinstance(rows, list) or not all(isinstance(row, str) for row in rows):
        line, column = place.position(place.key_index(table_key))
        raise ParseError(
            TITLE, f'"{table_key}" is not a list of lines', line=line, column=column, expected="the table's lines as strings"
        )
    table = parse_table(
        list(enumerate(rows)),
        title=TITLE,
        allow_filled=True,
        locate=lambda row, column: place.item_position(table_key, row, column - 1),
    )
    if table.shape != shape:
        line, column = place.position(place.key_index(table_key))
        raise ParseError(
            TITLE, f'"{table_key}" is a {table.shape.name} table', line=line, column=column, expected=f"a {shape.name} table like the map"
        )
    candidates = []
    for cell, (value, mask) in enumerate(zip(values, table.masks)):
        if (value == 0) == (mask is None):
            line, column = table.places[cell]
            raise ParseError(
                TITLE,
                f"{shape.cell_name(cell)} is {'filled' if value else 'empty'} in \"{numbers_key}\" "
                f"but the table {'lists candidates' if value else 'writes 0 (filled)'}",
                line=line,
                column=column,
                expected="0 in the table for a filled cell, candidates for an empty one",
            )
        candidates.append(mask or 0)
    return Grid(shape, tuple(values), puzzle.givens, tuple(candidates))


def _hints(place: JsonObject) -> tuple[str, ...]:
    hints = place.value.get("givenHints", [])
    if not isinstance(hints, list) or not all(isinstance(h, str) for h in hints):
        line, column = place.position(place.key_index("givenHints"))
        raise ParseError(TITLE, '"givenHints" is not a list of strings', line=line, column=column, expected='["hint id", ...]')
    return tuple(hints)


def _optional_id(value: Any) -> str | None:
    return None if value is None else str(value)


def partial_of(place: JsonObject) -> PartialPuzzle:
    """The step a partial-puzzle object describes."""
    if not isinstance(place.value.get("map"), dict):
        line, column = place.position(place.key_index("map"))
        raise ParseError(TITLE, 'no "map" object (the puzzle)', line=line, column=column, expected='"map": {"numbers": [...]}')
    map_place = place.child("map")
    puzzle = grid_of(map_place, TITLE)
    begin = _state(place, puzzle, "beginNumbers", "beginCandidatesTable")
    end = _state(place, puzzle, "endNumbers", "endCandidatesTable")
    return PartialPuzzle(begin, end, _hints(place), _optional_id(place.value.get("id")), _optional_id(map_place.value.get("id")))


def read_partials(lines: Lines) -> Iterator[tuple[int, PartialPuzzle]]:
    """Every step in a file, with the line it starts on."""
    for place in iter_objects(lines, TITLE):
        yield place.line, partial_of(place)


def parse_partial(text: str) -> PartialPuzzle:
    """The first step in a text."""
    for _, partial in read_partials(Lines.from_text(text)):
        return partial
    raise ParseError(TITLE, "no partial puzzle found", expected='a JSON object with "map"')


def read_partial_json(lines: Lines) -> Iterator[Record]:
    """The begin state of each step; ``meta`` holds ``id`` and ``map_id`` where given."""
    for line, partial in read_partials(lines):
        meta = {key: value for key, value in (("id", partial.id), ("map_id", partial.map_id)) if value is not None}
        yield Record(partial.begin, line, meta)


def _table(grid: Grid) -> list[str]:
    return table_lines(grid.shape, cell_tokens(grid, filled="0"))


def write_partial(partial: PartialPuzzle, *, indent: int | None = None) -> str:
    """The JSON of a step: one line by default, or indented by ``indent`` spaces."""
    obj: dict[str, Any] = {} if partial.id is None else {"id": partial.id}
    obj["map"] = puzzle_object(partial.puzzle, id=partial.map_id)
    for key, grid in (("begin", partial.begin), ("end", partial.end)):
        obj[f"{key}Numbers"] = rows_of(grid)
        obj[f"{key}CandidatesTable"] = _table(grid)
    obj["givenHints"] = list(partial.given_hints)
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(obj, indent=indent, separators=separators)


def write_partial_json(grid: Grid) -> str:
    """A step that begins and ends at ``grid`` (no hints), on one line."""
    return write_partial(make_partial(grid, grid))


def sniff_partial_json(sample: str) -> bool:
    return sniff_json(sample, "map")


FORMAT = Format(
    name="partial-json",
    title=TITLE,
    read=read_partial_json,
    write=write_partial_json,
    sniff=sniff_partial_json,
    extensions=(".json", ".jsonl"),
    aliases=("partial",),
)
