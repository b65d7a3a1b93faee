"""OpenSudoku XML collections (the Android app's version-1 schema).

::

    <?xml version="1.0" encoding="UTF-8"?>
    <opensudoku>
      <name>medium gs6</name> <author>dracul</author> <level>medium</level> ...
      <game data="000815230000900008..."/>     81 digits, 0 = empty
    </opensudoku>

The reader feeds the text to expat line by line and yields each game as soon
as its element is parsed, so a collection of 50,000 games is never held
whole.  Each record's ``meta`` has the collection's ``title`` (``<name>``),
``author``, ``level``, ``description``, ``comment``, ``created``, ``source``
and ``source_url`` when they are not empty.  Games inside ``<folder name=...>``
(the version-2 layout) are read too when their data is 81 digits; the folder's
name is then the title.  XML errors carry expat's line and column.  Entity
declarations are refused, so no "billion laughs" can expand in memory.

The writer writes a whole document; :func:`write_opensudoku_collection` writes
many grids into one.  Only the givens are kept: the schema has no filled
digits or pencil marks.
"""

from __future__ import annotations

from typing import Iterable, Iterator, Mapping
from xml.parsers import expat

from ..errors import ParseError, UnsupportedError
from ..grid import Grid
from ..notation import Cell
from ..shape import CLASSIC
from .base import Format, Lines, Record
from .textgrid import grid_from_cells

TITLE = "OpenSudoku XML"
ROOT = "opensudoku"
META_ELEMENTS = {
    "name": "title",
    "author": "author",
    "description": "description",
    "comment": "comment",
    "created": "created",
    "source": "source",
    "level": "level",
    "sourceURL": "source_url",
}
DATA_LENGTH = 81


class _Collector:
    """Expat handlers that turn elements into records as they close."""

    def __init__(self, parser: expat.XMLParserType) -> None:
        self.parser = parser
        self.depth = 0
        self.meta: dict[str, str] = {}
        self.folder_title: str | None = None
        self.text_key: str | None = None
        self.text: list[str] = []
        self.ready: list[tuple[str, int, int]] = []
        parser.StartElementHandler = self.start
        parser.EndElementHandler = self.end
        parser.CharacterDataHandler = self.characters
        parser.EntityDeclHandler = self.entity

    def entity(self, name: str, *_: object) -> None:
        """Refuse entity declarations: the schema has none, and nested ones can blow up memory."""
        line, column = self._place()
        raise ParseError(TITLE, f"the document declares the entity {name!r}", line=line, column=column, text=f"<!ENTITY {name}", expected="a document without entity declarations")

    def _place(self) -> tuple[int, int]:
        return self.parser.CurrentLineNumber, self.parser.CurrentColumnNumber + 1

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        line, column = self._place()
        if self.depth == 1 and name != ROOT:
            raise ParseError(TITLE, f"the document element is <{name}>", line=line, column=column, text=f"<{name}>", expected=f"<{ROOT}>")
        if name == "folder":
            self.folder_title = attributes.get("name") or None
        elif name == "game":
            if "data" not in attributes:
                raise ParseError(TITLE, "a <game> without data", line=line, column=column, text="<game>", expected='a data="81 digits" attribute')
            self.ready.append((attributes["data"], line, column))
        elif self.depth == 2 and name in META_ELEMENTS:
            self.text_key = META_ELEMENTS[name]
            self.text = []

    def end(self, name: str) -> None:
        self.depth -= 1
        if self.text_key is not None and self.depth == 1:
            value = "".join(self.text).strip()
            if value:
                self.meta[self.text_key] = value
            self.text_key = None
        if name == "folder":
            self.folder_title = None

    def characters(self, data: str) -> None:
        if self.text_key is not None:
            self.text.append(data)

    def record_meta(self) -> dict[str, str]:
        if self.folder_title:
            return {**self.meta, "title": self.folder_title}
        return dict(self.meta)


def _grid_of_data(data: str, line: int, column: int, line_text: str) -> Grid:
    """The givens of a game's data attribute; errors point into the attribute when they can."""
    if len(data) == DATA_LENGTH and (grid := Grid.from_line(data, "0")) is not None:
        return grid
    found = line_text.find(data, column - 1) if line_text else -1
    first_column = found + 1 if found >= 0 else column
    if len(data) != DATA_LENGTH or not data.isascii():
        raise ParseError(
            TITLE,
            f"game data has {len(data)} characters",
            line=line,
            column=first_column,
            text=data,
            expected=f"{DATA_LENGTH} digits, 0 for an empty cell",
        )
    cells = [Cell(ch, line, first_column + index if found >= 0 else column) for index, ch in enumerate(data)]
    return grid_from_cells(cells, 9, TITLE, "0")


def _xml_error(error: expat.ExpatError, line_text: str) -> ParseError:
    return ParseError(
        TITLE,
        f"not well-formed XML: {expat.errors.messages[error.code]}",
        line=error.lineno,
        column=error.offset + 1,
        text=line_text.strip(),
        expected="a well-formed <opensudoku> document",
    )


def read_opensudoku(lines: Lines) -> Iterator[Record]:
    """The games of an OpenSudoku document, one record each, as they are parsed."""
    parser = expat.ParserCreate()
    collector = _Collector(parser)
    number, text = 0, ""
    for number, text in lines:
        try:
            parser.Parse(text + "\n", False)
        except expat.ExpatError as error:
            raise _xml_error(error, text if error.lineno == number else "") from None
        for data, line, column in collector.ready:
            yield Record(_grid_of_data(data, line, column, text if line == number else ""), line, collector.record_meta())
        collector.ready.clear()
    try:
        parser.Parse("", True)
    except expat.ExpatError as error:
        raise _xml_error(error, text if error.lineno == number else "") from None


def _document_chunks(grids: Iterable[Grid], collection: Mapping[str, str]) -> Iterator[str]:
    from xml.sax.saxutils import escape, quoteattr  # here: it imports urllib, which reading does not need

    yield '<?xml version="1.0" encoding="UTF-8"?>\n<opensudoku>\n'
    for element, key in META_ELEMENTS.items():
        if collection.get(key):
            yield f"  <{element}>{escape(collection[key])}</{element}>\n"
    for grid in grids:
        if grid.shape != CLASSIC:
            raise UnsupportedError(f"OpenSudoku holds 9x9 grids only, not {grid.shape.name}")
        yield f"  <game data={quoteattr(grid.puzzle().to_string(empty='0'))}/>\n"
    yield "</opensudoku>"


def write_opensudoku_collection(
    grids: Iterable[Grid],
    *,
    name: str = "",
    author: str = "",
    level: str = "",
    description: str = "",
    source: str = "",
) -> str:
    """One document holding every grid's givens, with the collection's details."""
    collection = {"title": name, "author": author, "level": level, "description": description, "source": source}
    return "".join(_document_chunks(grids, collection))


def write_opensudoku(grid: Grid) -> str:
    """A whole document with one game (the grid's givens)."""
    return write_opensudoku_collection([grid])


def sniff_opensudoku(sample: str) -> bool:
    """An ``<opensudoku`` element near the start."""
    return "<opensudoku" in sample[:4096]


FORMAT = Format(
    name="opensudoku",
    title=TITLE,
    read=read_opensudoku,
    write=write_opensudoku,
    sniff=sniff_opensudoku,
    extensions=(".opensudoku", ".xml"),
    separator="\n",
    aliases=("opensudoku-xml",),
    write_collection=_document_chunks,
    givens_only=True,
)
