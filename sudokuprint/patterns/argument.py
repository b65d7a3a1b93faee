"""One pattern from one command-line argument: a file, a pattern code or a library motif."""

from __future__ import annotations

from pathlib import Path

from ..errors import ParseError
from ..shape import Shape
from .library import is_motif, motif
from .picture import IMAGE_SUFFIXES, is_pattern_code, parse_code, read_pattern_file


def pattern_argument(
    argument: str, shape: Shape | None = None, *, strict: bool = False, threshold: int | None = None
) -> tuple[Shape, frozenset[int], str] | None:
    """The pattern ``argument`` names, with a title (the motif or file name, '' for a code).

    A file that exists wins: an image (scaled to ``shape``, 9x9 by default),
    a text picture or a code.  Otherwise a pattern code (``5028140442``), then
    a motif of the library (``heart``, ``letter-A``).  None for anything else,
    such as a file of puzzles; with ``strict`` a text file that is not a
    picture raises its :class:`ParseError` instead.  An image that cannot be
    read always raises; ``threshold`` is the grey level (0-255) below which
    an image's cell is a given (default: from the image's histogram).
    """
    path = Path(argument)
    if argument != "-" and path.is_file():
        if path.suffix.lower() in IMAGE_SUFFIXES:
            found_shape, cells = read_pattern_file(path, shape, threshold=threshold)
            return found_shape, cells, path.stem
        try:
            found_shape, cells = read_pattern_file(path, shape)
        except (ParseError, UnicodeDecodeError):  # not a picture or a code: a file of puzzles, perhaps
            if strict:
                raise
            return None
        return found_shape, cells, path.stem
    if is_pattern_code(argument):
        found_shape, cells = parse_code(argument)
        return found_shape, cells, ""
    if argument != "-" and is_motif(argument):
        found_shape, cells = motif(argument)
        return found_shape, cells, argument
    return None
