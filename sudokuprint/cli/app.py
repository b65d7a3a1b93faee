"""The click group, error handling and the helpers every command shares."""

from __future__ import annotations

import contextlib
import sys
from typing import Iterable, Iterator, TypeVar

import click

from .. import __version__
from ..errors import ParseError, SudokuprintError
from ..formats import Record, formats, read_file

T = TypeVar("T")


class _Group(click.Group):
    """A group that turns sudokuprint errors into a message and an exit code, never a traceback."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except SudokuprintError as error:
            click.echo(f"sudokuprint: error: {error}", err=True)
            ctx.exit(error.exit_code)
        except BrokenPipeError:
            sys.stderr.close()  # the reader went away (e.g. `| head`): stop quietly
            ctx.exit(0)
        except KeyboardInterrupt:
            click.echo("sudokuprint: interrupted", err=True)
            ctx.exit(130)


def _version_message() -> str:
    from ..solver import active_backend, native

    try:
        backend = active_backend().NAME
    except SudokuprintError as error:  # a wrong $SUDOKUPRINT_BACKEND: say so, commands will refuse
        backend = f"none: {error}"
    message = f"sudokuprint {__version__} (solver backend: {backend}"
    if not native.available():
        message += f"; native backend unavailable: {native.unavailable_reason()}"
    return message + ")"


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.version_option(__version__, "-V", "--version", message=_version_message())
def main() -> None:
    """Publish Sudoku on paper and read paper back.

    Reads every common puzzle format (detected automatically), solves and
    proves puzzles unique, and converts between formats. FILE arguments may be
    '-' for standard input; '-o -' (the default) writes to standard output.

    Exit codes: 0 success; 1 a puzzle is invalid, unsolvable or not unique;
    2 usage or parse error; 3 a needed program is missing.
    """


def run(argv: list[str] | None = None) -> int:
    """Run the CLI in-process and return its exit code (for scripts and tests)."""
    try:
        main.main(args=argv, prog_name="sudokuprint", standalone_mode=False)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.ClickException as error:
        error.show()
        return error.exit_code
    return 0


FORMAT_NAMES = [f.name for f in formats()]


def format_option(*names: str, help: str, writable: bool = False):
    """A ``--from`` / ``--to`` option whose choices are the registered formats."""
    choices = [f.name for f in formats() if f.write is not None] if writable else FORMAT_NAMES
    return click.option(*names, type=click.Choice(choices, case_sensitive=False), default=None, help=help)


INPUTS = click.argument("inputs", nargs=-1, metavar="FILE...", type=click.Path(allow_dash=True, dir_okay=False))
"""Input files; none (or '-') means standard input."""

OUTPUT = click.option(
    "-o",
    "--output",
    default="-",
    show_default=True,
    type=click.Path(allow_dash=True, dir_okay=False, writable=True),
    help="Write here ('-' for standard output); a file is replaced only when the job succeeds.",
)

FROM = format_option("--from", "from_format", help="Input format (default: detected from the content).")


def read_inputs(paths: Iterable[str], fmt: str | None) -> Iterator[tuple[str, Record]]:
    """Every record of every input (standard input when there are none), lazily, with its source's name."""
    for path in tuple(paths) or ("-",):
        name = "<stdin>" if path == "-" else path
        for record in read_file(path, fmt):
            yield name, record


@contextlib.contextmanager
def about_puzzle(source: str, line: int) -> Iterator[None]:
    """Name the puzzle (its source and line) in a sudokuprint error raised while working on it.

    Parse errors already carry their place and pass through unchanged.
    """
    try:
        yield
    except ParseError:
        raise
    except SudokuprintError as error:
        error.args = (f"{source}, line {line}: {error}", *error.args[1:])
        raise


class peekable(Iterator[T]):
    """An iterator that can show its next item without consuming it."""

    _END = object()

    def __init__(self, items: Iterable[T]) -> None:
        self._items = iter(items)
        self._next: object = None
        self._peeked = False

    def peek(self) -> T | None:
        """The next item, or None at the end."""
        if not self._peeked:
            self._next = next(self._items, self._END)
            self._peeked = True
        return None if self._next is self._END else self._next  # type: ignore[return-value]

    def __next__(self) -> T:
        item = self.peek()
        self._peeked = False
        if self._next is self._END:
            raise StopIteration
        return item  # type: ignore[return-value]


def with_progress(items: Iterable[T], label: str) -> Iterator[T]:
    """Pass items through, with a progress counter on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        yield from items
        return
    with click.progressbar(items, label=label, file=sys.stderr, show_pos=True, item_show_func=lambda _: None) as bar:
        yield from bar
