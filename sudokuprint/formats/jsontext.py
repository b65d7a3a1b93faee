"""JSON documents read with their places, for formats built on JSON (§2, §5).

A file may hold one object, an array of objects, several objects one after
another, or one object per line (JSONL, read lazily).  Each object comes as a
:class:`JsonObject` that remembers where it stands in the text, so an error in
a value (a bad digit in a row string) names its line and column.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Iterator

from ..errors import ParseError
from .base import Lines

_DECODER = json.JSONDecoder()
_WHITESPACE = " \t\r\n"


@dataclass(frozen=True)
class JsonObject:
    """A decoded JSON object, the text it was read from and its place there."""

    value: dict[str, Any]
    text: str
    start: int
    """Index of the object's opening brace in ``text``."""
    first_line: int
    """Line number of ``text[0]`` in the file."""

    @property
    def line(self) -> int:
        return self.position(self.start)[0]

    def position(self, index: int) -> tuple[int, int]:
        """The (line, column), 1-based, of ``text[index]``."""
        line_start = self.text.rfind("\n", 0, index) + 1
        return self.first_line + self.text.count("\n", 0, index), index - line_start + 1

    def key_index(self, key: str) -> int:
        """Index of ``"key"`` in this object's text (the object's start if not found)."""
        index = self.text.find(json.dumps(key), self.start)
        return index if index >= 0 else self.start

    def child(self, key: str) -> "JsonObject":
        """The object under ``key``, placed where the key is written."""
        return JsonObject(self.value[key], self.text, self.key_index(key), self.first_line)

    def item_position(self, key: str, item: int, offset: int = 0) -> tuple[int, int]:
        """The place of character ``offset`` of string number ``item`` in the list under ``key``.

        Strings are looked for in order after the key; rows hold plain
        characters, so the ``offset``-th character sits right after the quote.
        """
        index = self.key_index(key) + len(json.dumps(key))
        items = self.value.get(key)
        if not isinstance(items, list):
            return self.position(index)
        for number, text in enumerate(items[: item + 1]):
            found = self.text.find(json.dumps(text), index) if isinstance(text, str) else -1
            if found < 0:
                return self.position(index)
            index = found if number == item else found + len(json.dumps(text))
        return self.position(index + 1 + offset)


def _syntax_error(title: str, error: json.JSONDecodeError, first_line: int) -> ParseError:
    rest = error.doc[error.pos : error.pos + 20].split("\n")[0]
    expected = error.msg[len("Expecting ") :] if error.msg.startswith("Expecting ") else "well-formed JSON"
    return ParseError(
        title,
        f"invalid JSON: {error.msg}",
        line=first_line + error.lineno - 1,
        column=error.colno,
        text=rest or "end of input",
        expected=expected,
    )


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index] in _WHITESPACE:
        index += 1
    return index


def _decode(title: str, text: str, index: int, first_line: int) -> tuple[Any, int]:
    try:
        return _DECODER.raw_decode(text, index)
    except json.JSONDecodeError as error:
        raise _syntax_error(title, error, first_line) from None
    except (ValueError, RecursionError) as error:
        # Well-formed JSON that Python will not decode: an integer of
        # thousands of digits, or arrays and objects nested thousands deep.
        reason = "a number too long to read" if isinstance(error, ValueError) else "values nested too deeply"
        line_start = text.rfind("\n", 0, index) + 1
        raise ParseError(
            title,
            f"unreadable JSON: {reason}",
            line=first_line + text.count("\n", 0, index),
            column=index - line_start + 1,
            text=text[index : index + 20].split("\n")[0],
            expected="a puzzle object of a few short values",
        ) from None


def _not_an_object(title: str, place: JsonObject, found: Any) -> ParseError:
    line, column = place.position(place.start)
    return ParseError(
        title,
        f"a JSON {type(found).__name__} where a puzzle object belongs",
        line=line,
        column=column,
        text=json.dumps(found)[:40],
        expected="a JSON object {...} or an array of them",
    )


def _objects_in(title: str, text: str, first_line: int) -> Iterator[JsonObject]:
    """Every object in a text of JSON values (objects, or arrays of objects)."""
    index = _skip_space(text, 0)
    while index < len(text):
        if text[index] != "[":
            value, end = _decode(title, text, index, first_line)
            found = JsonObject(value, text, index, first_line)
            if not isinstance(value, dict):
                raise _not_an_object(title, found, value)
            yield found
            index = _skip_space(text, end)
            continue
        index = _skip_space(text, index + 1)
        if index < len(text) and text[index] == "]":
            index = _skip_space(text, index + 1)
            continue
        while True:
            value, end = _decode(title, text, index, first_line)
            found = JsonObject(value, text, index, first_line)
            if not isinstance(value, dict):
                raise _not_an_object(title, found, value)
            yield found
            index = _skip_space(text, end)
            mark = text[index] if index < len(text) else ""
            if mark == ",":
                index = _skip_space(text, index + 1)
                continue
            if mark == "]":
                index = _skip_space(text, index + 1)
                break
            line, column = found.position(index)
            raise ParseError(
                title,
                "the array of puzzles is not closed",
                line=line,
                column=column,
                text=text[index : index + 20].split("\n")[0] or "end of input",
                expected="',' or ']'",
            )


def _parses_alone(text: str) -> bool:
    try:
        json.loads(text)
    except (ValueError, RecursionError):  # JSONDecodeError is a ValueError
        return False
    return True


def iter_objects(lines: Lines, title: str) -> Iterator[JsonObject]:
    """The JSON objects of a file, lazily when it holds one object per line.

    The first non-blank line decides: if it is a whole JSON value, every line
    is one value (JSONL); otherwise the rest of the file is one document.
    """
    for number, text in lines:
        if not text.strip():
            continue
        if _parses_alone(text):
            yield from _objects_in(title, text, number)
            for number, text in lines:
                if text.strip():
                    yield from _objects_in(title, text, number)
            return
        rest = "\n".join([text] + [later for _, later in lines])
        yield from _objects_in(title, rest, number)
        return


def sniff_json(sample: str, key: str) -> bool:
    """True when a sample starts like JSON and names ``key`` as an object key."""
    head = sample.lstrip()
    return head[:1] in ("{", "[") and f'"{key}"' in head
