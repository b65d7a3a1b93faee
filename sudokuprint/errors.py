"""One exception hierarchy; each exception carries the exit code the CLI uses.

Exit codes: 0 success, 1 a puzzle is invalid / unsolvable / not unique (or a
photo holds no grid), 2 usage or parse error, 3 a needed external program or
library is missing.
"""

from __future__ import annotations


class SudokuprintError(Exception):
    """Base class of every error sudokuprint raises on purpose."""

    exit_code = 1


class ParseError(SudokuprintError, ValueError):
    """Text that is not what its format allows.

    The message names the format, the place (line and column, 1-based), the
    offending text and what was expected there.
    """

    exit_code = 2

    def __init__(
        self,
        format: str,
        reason: str,
        *,
        line: int | None = None,
        column: int | None = None,
        text: str | None = None,
        expected: str | None = None,
        source: str | None = None,
    ) -> None:
        self.format = format
        self.reason = reason
        self.line = line
        self.column = column
        self.text = text
        self.expected = expected
        self.source = source
        super().__init__(self._message())

    def _message(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.column is not None:
            where.append(f"column {self.column}")
        message = f"{self.format}: "
        if where:
            message += ", ".join(where) + ": "
        message += self.reason
        if self.text is not None:
            shown = self.text if len(self.text) <= 60 else self.text[:57] + "..."
            message += f" (found {shown!r})"
        if self.expected:
            message += f"; expected {self.expected}"
        return message

    def located(self, source: str) -> "ParseError":
        """The same error, naming the file or stream it came from."""
        return ParseError(
            self.format,
            self.reason,
            line=self.line,
            column=self.column,
            text=self.text,
            expected=self.expected,
            source=source,
        )


class UnknownFormatError(SudokuprintError):
    """Auto-detection found no format that reads this input, or a format name is unknown."""

    exit_code = 2


class UnsupportedError(SudokuprintError):
    """The format cannot hold what is asked of it (e.g. a 16x16 grid in SVD)."""

    exit_code = 2


class OutputError(SudokuprintError):
    """An output file that cannot be written (no such folder, no permission, disk full)."""

    exit_code = 2


class InvalidGridError(SudokuprintError):
    """A well-formed grid that breaks the rules (two equal digits in a house)."""


class NoSolutionError(SudokuprintError):
    """The puzzle has no solution."""


class MultipleSolutionsError(SudokuprintError):
    """The puzzle has more than one solution where one was required."""


class MissingDependencyError(SudokuprintError):
    """An external program or optional library is not installed."""

    exit_code = 3


class NoGridError(SudokuprintError):
    """A photo in which no Sudoku grid can be read; ``reason`` says why in one word."""

    def __init__(self, message: str, *, reason: str = "no-grid") -> None:
        self.reason = reason
        super().__init__(message)


class ImageTooLargeError(NoGridError):
    """A photo whose pixel count or decoded size is over the reader's limits (refused before decoding)."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message, reason="too-large")
