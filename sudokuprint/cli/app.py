"""The click group, error handling and the helpers every command shares.

The option vocabulary lives here, once, for every command: ``-o/--output``,
``--format`` for the output format (old ``--to``/``--json``/``--text`` as
hidden aliases, see :func:`output_format`), ``-j/--jobs`` (:data:`JOBS`),
``--seed`` (:data:`SEED`, default 1), ``--level`` (:class:`LevelType`: 1-4 or
a name), ``--size`` (:class:`SizeType`: ``9`` or ``9x9``), ``--timeout``
(:data:`TIMEOUT`), and ``-q/--quiet`` and ``-v/--verbose`` (:mod:`.verbosity`)
and ``--force`` (:mod:`.guards`), which every command gets from
:class:`Command`.  Progress lives in :mod:`.progress`, what surrounds a run
(signals, warnings) in :mod:`.session`.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import math
import sys
from typing import Any, Callable, Iterable, Iterator, NoReturn, Sequence, TypeVar

import click

from .. import __version__, executor
from ..errors import ExitCode, ParseError, SudokuprintError
from ..levels import LEVELS_BY_NAME, parse_level
from ..shape import Shape
from ..solver import active_backend, native
from .guards import INPUT_PARAMETERS, clipped, refuse_output_over_input, shown
from .progress import counter, heartbeat, progress, with_progress  # noqa: F401  (the commands import them from here)
from .session import discard_standard_output, terminate_cleanly, warnings_as_details
from .verbosity import _VERBOSITY, _remember, detail, note, quiet, verbosity  # noqa: F401  (likewise)

T = TypeVar("T")

def stop(code: ExitCode) -> NoReturn:
    """End the command with an exit code from the one map."""
    raise click.exceptions.Exit(int(code))


_FORCE = "sudokuprint.force"

FORCE_HELP = "Write -o even when it names an input file (which is then overwritten)."
"""``--force``: do what is refused as a likely mistake (here an -o over an input; a book's page count too)."""


def _remember_force(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    ctx.meta[_FORCE] = bool(value)


class Command(click.Command):
    """A command with -q/--quiet and -v/--verbose, like every sudokuprint command; one that reads files and
    writes ``-o`` also has --force, and refuses an ``-o`` that names one of its inputs without it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        names = {param.name for param in self.params}
        if "output" in names and names & set(INPUT_PARAMETERS) and "force" not in names:  # (publishing commands
            self.params.append(click.Option(["--force"], is_flag=True, expose_value=False,  # have their own: one
                                            callback=_remember_force, help=FORCE_HELP))   # option, one meaning)
        self.params.extend([
            click.Option(["-q", "--quiet"], is_flag=True, expose_value=False, callback=_remember,
                         help="No notes or progress on standard error (errors still go there)."),
            click.Option(["-v", "--verbose"], count=True, expose_value=False, callback=_remember,
                         help="More detail on standard error."),
        ])

    def invoke(self, ctx: click.Context) -> Any:
        if not (ctx.meta.get(_FORCE) or ctx.params.get("force")):
            refuse_output_over_input(ctx.params)
        return super().invoke(ctx)


class _Group(click.Group):
    """A group that turns sudokuprint errors into a message and an exit code, never a traceback.

    Commands are loaded lazily: :meth:`lazy` names the commands a module of
    :mod:`sudokuprint.cli` registers, and that module is imported only when one
    of them runs (or when the group's help lists them all), so a command starts
    without importing the libraries of the others.
    """

    command_class = Command

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._lazy: dict[str, str] = {}

    def lazy(self, module: str, *names: str) -> None:
        """The commands ``names`` are registered by ``sudokuprint.cli.<module>``, imported on first use."""
        for name in names:
            self._lazy[name] = module

    def _load(self, name: str) -> None:
        module = self._lazy.pop(name, None)
        if module is not None:
            importlib.import_module(f"{__package__}.{module}")
            if name not in self.commands:
                raise RuntimeError(f"sudokuprint.cli.{module} did not register the command {name!r}")

    def load_all(self) -> None:
        """Import every lazily named command (for the full help, or to inspect ``commands``)."""
        for name in list(self._lazy):
            self._load(name)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self._lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        self._load(cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        self.load_all()
        super().format_commands(ctx, formatter)

    def invoke(self, ctx: click.Context):
        _VERBOSITY.update(quiet=False, verbose=0)
        with terminate_cleanly(), warnings_as_details(detail):
            return self._invoke(ctx)

    def _invoke(self, ctx: click.Context):
        try:
            done = super().invoke(ctx)
            sys.stdout.flush()  # here, where a full standard output is an error like any other
            return done
        except SudokuprintError as error:
            click.echo(f"sudokuprint: error: {clipped(str(error))}", err=True)
            ctx.exit(int(ExitCode(error.exit_code)))
        except click.ClickException as error:  # a usage error: click echoes the value; not a 10 MB one whole
            setattr(error, "message", clipped(error.message))  # (click's stubs call it final; it is a plain attribute)
            raise
        except BrokenPipeError:
            sys.stderr.close()  # the reader went away (e.g. `| head`): stop quietly
            ctx.exit(int(ExitCode.OK))
        except OSError as error:  # a full standard output (`> /dev/full`), a device that fails, a name too long
            if error.filename:
                message = f"{error.filename}: {error.strerror or error}"
            else:
                discard_standard_output()
                message = f"standard output: cannot write: {error.strerror or error}"
            click.echo(f"sudokuprint: error: {clipped(message)}", err=True)
            ctx.exit(int(ExitCode.USAGE))
        except KeyboardInterrupt:
            click.echo("sudokuprint: interrupted", err=True)
            ctx.exit(int(ExitCode.INTERRUPTED))


def _version_message() -> str:
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
    2 usage or parse error; 3 a needed program is missing; 130 interrupted
    (143 terminated).
    """


def run(argv: list[str] | None = None) -> int:
    """Run the CLI in-process and return its exit code (for scripts and tests)."""
    try:
        returned = main.main(args=argv, prog_name="sudokuprint", standalone_mode=False)
    except click.exceptions.Exit as done:  # click before 8.2 raises it
        return done.exit_code
    except click.ClickException as error:
        error.show()
        return error.exit_code
    return returned if isinstance(returned, int) else 0  # click 8.2 and later return a command's exit code


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


# -- the option vocabulary --------------------------------------------------

CLUSTER_EXECUTOR = "dask"
"""The registered executor ``--cluster ADDRESS`` runs on (:mod:`sudokuprint.cluster`)."""

_SETTINGS = "sudokuprint.executor_settings"


def _executor_setting(ctx: click.Context, param: click.Parameter, value: Any) -> None:
    """--cluster / --unordered: the executor settings of this command's run (a cluster closes when it ends)."""
    settings = ctx.meta.get(_SETTINGS)
    if settings is None:
        settings = ctx.meta[_SETTINGS] = ctx.with_resource(executor.executor_settings())
    if param.name == "unordered":
        settings.unordered = bool(value)
    elif value is not None:
        settings.name, settings.address = CLUSTER_EXECUTOR, value
        settings.check()  # Dask missing (exit 3) or an address that is not one (exit 2): said before any work


def jobs_options(*, unordered: bool = True) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``-j/--jobs N`` and ``--cluster ADDRESS``, and ``--unordered`` unless the results must keep their order."""
    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        if unordered:
            command = click.option("--unordered", is_flag=True, expose_value=False, callback=_executor_setting,
                                   help="Write results as they complete, not in input order.")(command)
        command = click.option("--cluster", metavar="ADDRESS|local:N", expose_value=False, callback=_executor_setting,
                               help="Run on a Dask scheduler (tcp://HOST:8786), or on N local Dask workers "
                                    "(local:N), instead of -j; needs the cluster extra.")(command)
        return click.option("-j", "--jobs", type=click.IntRange(1, 256), default=1, show_default=True,
                            help="Worker processes; results keep the input order.")(command)
    return decorate


JOBS = jobs_options()
"""``-j/--jobs N``, ``--cluster ADDRESS`` and ``--unordered`` on every command whose work runs in parallel."""

RESUME = click.option("--resume", is_flag=True,
                      help="Keep the rows already in the -o file (left by a run that was stopped) and append the "
                           "rest; the file ends as an uninterrupted run writes it. Give the same inputs and options.")
"""``--resume`` on every bulk command that writes a row per item (the rows go through :func:`~sudokuprint.outputs.row_output`)."""

class SecondsType(click.ParamType):
    """A positive, finite number of seconds (``nan``, ``inf``, 0 and negative numbers refused)."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        try:
            seconds = float(str(value).strip())
        except ValueError:
            self.fail(f"{shown(value)} is not a number of seconds", param, ctx)
        if not (math.isfinite(seconds) and seconds > 0):
            self.fail(f"{shown(value)} is not a positive, finite number of seconds", param, ctx)
        return seconds

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "SECONDS"


TIMEOUT = click.option("--timeout", type=SecondsType(), default=None,
                       help="Give up on a puzzle whose work takes longer than this: its row says timeout, the other "
                            "puzzles go on, and the exit code is 1.")
"""``--timeout SECONDS`` on every command that solves or grades: a limit for each puzzle, never the whole job."""

SEED = click.option("--seed", type=int, default=1, show_default=True,
                    help="Random seed: the same seed makes the same puzzles.")
"""``--seed``, default 1, on every command that makes puzzles."""

_ALIASES = "sudokuprint.format_aliases"


def _alias(value_for_flag: str | None) -> Callable[[click.Context, click.Parameter, Any], None]:
    def remember(ctx: click.Context, param: click.Parameter, value: Any) -> None:
        if value is None or value is False:
            return
        spelling = param.opts[0]
        ctx.meta.setdefault(_ALIASES, []).append((spelling, value_for_flag if value_for_flag else value))
    return remember


def output_format(
    choices: Sequence[str],
    default: str | None,
    *,
    help: str,
    value_alias: str | None = None,
    flag_aliases: dict[str, str] | None = None,
    dest: str = "fmt",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--format NAME`` for the output format, with old spellings as hidden aliases.

    ``value_alias`` (``--to``) takes a name like ``--format``; each of
    ``flag_aliases`` (``{"--json": "jsonl"}``) is a flag meaning that format.
    The command gets the chosen name (or ``default``) as ``dest``.
    """
    kind = click.Choice(list(choices), case_sensitive=False)

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(command)
        def run(*args: Any, **kwargs: Any) -> Any:
            ctx = click.get_current_context()
            given = [("--format", kwargs[dest])] if kwargs[dest] is not None else []
            given += ctx.meta.pop(_ALIASES, [])
            if len({value for _, value in given}) > 1:
                raise click.UsageError(f"{' and '.join(s for s, _ in given)} ask for different output formats")
            kwargs[dest] = given[0][1] if given else default
            return command(*args, **kwargs)

        decorated: Callable[..., Any] = run
        for flag, value in reversed(list((flag_aliases or {}).items())):
            decorated = click.option(flag, is_flag=True, hidden=True, expose_value=False,
                                     callback=_alias(value))(decorated)
        if value_alias:
            decorated = click.option(value_alias, type=kind, hidden=True, expose_value=False,
                                     callback=_alias(None))(decorated)
        return click.option("--format", dest, type=kind, default=None, show_default=default or False,
                            help=help)(decorated)

    return decorate


class LevelType(click.ParamType):
    """``--level``: 1-4 or a name (easy, medium, hard, expert) → 1-4 (:func:`~sudokuprint.levels.parse_level`)."""

    name = "level"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        if isinstance(value, int):
            return value
        try:
            return parse_level(str(value))
        except ValueError as error:
            self.fail(str(error), param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "1-4|" + "|".join(LEVELS_BY_NAME)


LEVEL = click.option("--level", type=LevelType(), default=None, help="Level 1-4 or easy, medium, hard, expert.")


class SizeType(click.ParamType):
    """``--size``: ``9``, ``9x9``, ``16x16`` ... → the standard :class:`Shape` of that side."""

    name = "size"

    def __init__(self, sides: Sequence[int] = (4, 6, 9, 16)) -> None:
        self.sides = tuple(sides)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Shape:
        if isinstance(value, Shape):
            return value
        text = str(value).lower().strip()
        side = text.split("x")[0]
        if not side.isdigit() or int(side) not in self.sides or ("x" in text and text != f"{side}x{side}"):
            self.fail(f"{value!r} is not a grid size; use one of {', '.join(f'{s} or {s}x{s}' for s in self.sides)}",
                      param, ctx)
        return Shape.for_side(int(side))

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "N|NxN"
