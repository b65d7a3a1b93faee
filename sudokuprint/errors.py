"""One exception hierarchy; each exception carries the exit code the CLI uses.

Every exit of the CLI goes through :class:`ExitCode`: 0 success, 1 a puzzle
is invalid / unsolvable / not unique (or a photo holds no grid), 2 usage or
parse error, 3 a needed external program or library is missing, 130
interrupted (Ctrl-C).
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, Sequence


class ExitCode(IntEnum):
    """The one map of exit codes."""

    OK = 0
    FAILED = 1
    """A puzzle is invalid, unsolvable or not unique; a photo holds no readable grid."""
    USAGE = 2
    """A usage or parse error, an input or output that cannot be used."""
    MISSING = 3
    """A needed external program or optional library is missing."""
    HANGUP = 129
    """Stopped by SIGHUP (the terminal closed; a temporary output file is removed first)."""
    INTERRUPTED = 130
    """Stopped by Ctrl-C (SIGINT)."""
    TERMINATED = 143
    """Stopped by SIGTERM (a temporary output file is removed first)."""


class SudokuprintError(Exception):
    """Base class of every error sudokuprint raises on purpose."""

    exit_code: int = ExitCode.FAILED
    """A member of :class:`ExitCode`."""


class ParseError(SudokuprintError, ValueError):
    """Text that is not what its format allows.

    The message names the format, the place (line and column, 1-based), the
    offending text and what was expected there.
    """

    exit_code = ExitCode.USAGE

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

    exit_code = ExitCode.USAGE


class UnsupportedError(SudokuprintError):
    """The format cannot hold what is asked of it (e.g. a 16x16 grid in SVD)."""

    exit_code = ExitCode.USAGE


class UnknownPluginError(SudokuprintError, ValueError):
    """A name that no registry of :mod:`sudokuprint.plugins` holds (an executor, page output or digit reader)."""

    exit_code = ExitCode.USAGE


class OutputError(SudokuprintError):
    """An output file that cannot be written (no such folder, no permission, disk full)."""

    exit_code = ExitCode.USAGE


class ResumeError(SudokuprintError):
    """``--resume`` on a file whose rows are not those of this run's inputs (another source, another puzzle)."""

    exit_code = ExitCode.USAGE


class InvalidGridError(SudokuprintError):
    """A well-formed grid that breaks the rules (two equal digits in a house)."""


class NoSolutionError(SudokuprintError):
    """The puzzle has no solution."""


class MultipleSolutionsError(SudokuprintError):
    """The puzzle has more than one solution where one was required."""


class SolverTimeoutError(SudokuprintError):
    """A search that gave up: its time limit passed (``seconds``) or it was asked to stop.

    ``puzzle`` is the index of the puzzle it gave up on, in a batch call.
    """

    def __init__(self, message: str, *, seconds: float | None = None, puzzle: int | None = None) -> None:
        self.seconds = seconds
        self.puzzle = puzzle
        super().__init__(message)


class MissingDependencyError(SudokuprintError):
    """An external program or optional library is not installed."""

    exit_code = ExitCode.MISSING


class NoGridError(SudokuprintError):
    """A photo in which no Sudoku grid can be read; ``reason`` says why in one word."""

    def __init__(self, message: str, *, reason: str = "no-grid") -> None:
        self.reason = reason
        super().__init__(message)


class MissingInputError(SudokuprintError):
    """An input that is not there: no such file or folder, a folder or pattern without photos."""

    exit_code = ExitCode.USAGE


class MissingGlyphError(SudokuprintError):
    """Text holds a character that no font of the template's fallback chain can draw."""

    exit_code = ExitCode.USAGE


class TemplateError(SudokuprintError):
    """A template file that cannot be read or describes an impossible layout; the message names the file and field."""

    exit_code = ExitCode.USAGE


class TextFitError(SudokuprintError):
    """A text (title, author, ...) that does not fit its place even at the template's smallest size."""

    exit_code = ExitCode.USAGE


class PreflightError(SudokuprintError):
    """A PDF breaks the printer's rules it is meant for; the message lists what, page by page."""

    def __init__(self, message: str, findings: Sequence[Any] | None = None) -> None:
        self.findings = list(findings or [])
        super().__init__(message)


class ClusterError(SudokuprintError):
    """A ``--cluster`` address that is not one, or a Dask scheduler that cannot be reached."""

    exit_code = ExitCode.USAGE


class ImageTooLargeError(NoGridError):
    """A photo whose pixel count or decoded size is over the reader's limits (refused before decoding)."""

    exit_code = 2

    def __init__(self, message: str) -> None:
        super().__init__(message, reason="too-large")
