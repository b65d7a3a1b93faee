"""The reader seam: what reads the digits of the cells, and the readers by name.

A :class:`DigitReader` gets the cells that hold a digit (upright) and returns,
for each, ten class probabilities (class 0 = no upright digit) and the
probability that the digit was written by hand.  ``scan(reader=...)`` takes a
reader or a registered name; the CLI's ``--readers`` choices are
:func:`reader_names`.

Readers are found through the ``sudokuprint.readers`` entry points: a
package adds one to ``--readers`` by declaring, in its ``pyproject.toml``,
``NAME = "package.module:factory"``, where ``factory()`` makes a
:class:`DigitReader`.  sudokuprint's own readers are declared the same way
(``builtin``, ``printed``, ``tesseract``, ``combined``, ``auto``:
:mod:`.builtin_reader`; ``cnn``: :mod:`.cnn`), and :func:`register_reader`
adds one in this process.  This module imports none of them: a reader's
module is imported when its name is asked for.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Protocol, Sequence

from sudokuprint.plugins import Registry

if TYPE_CHECKING:  # the cells' arrays are numpy's; the module that names the readers loads no numpy
    import numpy as np


@dataclass(frozen=True)
class DigitCell:
    """One cell holding a digit, turned upright."""

    index: int
    """The cell, 0-80 row by row in the upright grid."""
    image: np.ndarray
    """The gray cell image (``CELL_PX`` square)."""
    digit: np.ndarray
    """The normalised 28 x 28 digit (ink bright, 0..1)."""
    box: tuple[int, int, int, int]
    """The digit's box (x, y, width, height) in ``image``."""
    contrast: float
    """The darkness of the grid's print (:func:`ocr.cells.ink_contrast`)."""
    color: np.ndarray | None = None
    """The cell cut from the colour photo (BGR, like ``image``), or ``None`` when there is none."""


@dataclass(frozen=True)
class Reading:
    """A reader's output for n cells."""

    probabilities: np.ndarray
    """n x 10: class 0 = no upright digit, 1-9 = that digit."""
    handwritten: np.ndarray
    """n: the probability that each digit was written by hand (0 when the reader cannot tell)."""
    printed: np.ndarray | None = None
    """n x 10: the probabilities if the digit is print (``None``: the same as ``probabilities``)."""


class DigitReader(Protocol):
    """Anything that reads digit cells."""

    name: str

    def read(self, cells: Sequence[DigitCell]) -> Reading:
        """Probabilities and handwriting for each cell."""
        ...


ReaderFactory = Callable[[], DigitReader]
"""What a reader is registered as: a function (or class) that makes it, called each time the reader is asked for."""

DEFAULT_READER = "builtin"
"""The reader ``scan`` uses unless told otherwise."""


def _as_factory(name: str, loaded: object) -> ReaderFactory:
    if not callable(loaded):
        raise TypeError("the entry point must name a function or class that makes a DigitReader")
    return loaded  # type: ignore[no-any-return]  # (callable; what it makes is checked where it is used)


READERS: Registry[ReaderFactory] = Registry("reader", "sudokuprint.readers", _as_factory, default=DEFAULT_READER)
"""Every reader by name: the ``sudokuprint.readers`` entry points and those registered in this process."""


def register_reader(name: str, factory: ReaderFactory) -> None:
    """Make a reader available by name in this process (to ``scan(reader=name)`` and the CLI's ``--readers``)."""
    READERS.register(name, factory)


def reader_names() -> tuple[str, ...]:
    """The readers' names, :data:`DEFAULT_READER` first (none of their modules is imported to list them)."""
    return READERS.names()


def get_reader(reader: "str | DigitReader") -> DigitReader:
    """A reader by name (:class:`~sudokuprint.errors.UnknownPluginError`, a ``ValueError``, naming the choices if
    unknown), or the reader itself."""
    if not isinstance(reader, str):
        if not callable(getattr(reader, "read", None)):
            raise TypeError(f"a digit reader is a registered name ({', '.join(reader_names())}) or an object with "
                            f"read(cells), not {type(reader).__name__}")
        return reader
    return READERS.get(reader)()
