"""What the commands that print puzzles share (booklet, answers, poster, html): the puzzles, read or generated,
and an output file whose folder must exist."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import click

from ..errors import ExitCode, SolverTimeoutError
from ..publish import load_puzzles
from ..publish.generated import generate_puzzles
from ..publish.puzzles import Puzzle, ordered
from .app import LEVEL, SEED, TIMEOUT, counter, note, stop
from .inputs import FROM

_TIMED_OUT = "sudokuprint.timed_out"


def writable_output(ctx: click.Context, param: click.Parameter, value: str) -> str:
    """An ``-o`` callback: refuse an output file whose folder does not exist, before any work is done."""
    if value != "-":
        folder = Path(value).parent
        if not folder.is_dir():
            raise click.BadParameter(f"cannot write {value}: the folder {folder} does not exist", ctx, param)
    return value


def puzzle_options(command: Callable[..., Any] | None = None, *, metavar: str = "FILE...") -> Any:
    """Options of the commands that print puzzles read from files or generated (see :func:`read_puzzles`)."""
    if command is None:
        return lambda later: puzzle_options(later, metavar=metavar)
    inputs = click.argument("inputs", nargs=-1, metavar=metavar, type=click.Path(allow_dash=True, dir_okay=False))
    for option in reversed((
        inputs,
        FROM,
        click.option("--allow-nonunique", is_flag=True,
                     help="Print puzzles with several solutions too, with a notice on their page."),
        click.option("--order", type=click.Choice(["input", "difficulty"]), default="input", show_default=True,
                     help="'difficulty' orders the puzzles easy to hard (needs the logic engine)."),
        click.option("--generate", "generate_count", type=click.IntRange(1, 10000), default=None, metavar="N",
                     help="Print N new puzzles from the generator instead of reading files."),
        LEVEL,
        SEED,
        TIMEOUT,
    )):
        command = option(command)
    return command


def left_out(where: str, error: SolverTimeoutError, what: str = "it") -> None:
    """A puzzle given up on (``--timeout``): said on standard error and counted, for :func:`end_if_left_out`."""
    meta = click.get_current_context().meta
    meta[_TIMED_OUT] = meta.get(_TIMED_OUT, 0) + 1
    note(f"sudokuprint: {where}: timeout: {error}; {what} left out")


def end_if_left_out() -> None:
    """Exit 1 (after the output is written) when puzzles were left out for taking longer than ``--timeout``."""
    count = click.get_current_context().meta.get(_TIMED_OUT, 0)
    if count:
        note(f"gave up on {count} puzzle{'s' if count != 1 else ''} (--timeout): the rest were written")
        stop(ExitCode.FAILED)


def read_puzzles(inputs: tuple[str, ...], from_format: str | None, allow_nonunique: bool, order: str,
                 generate_count: int | None, level: int | None, seed: int, *, limit: int | None = None,
                 grade: bool = True, timeout: float | None = None) -> list[Puzzle]:
    """The puzzles :func:`puzzle_options` ask for: ``--generate N`` new ones, or the inputs' (standard input when
    none), checked, numbered and ordered; a usage error when both or neither are given.  A puzzle whose check and
    grade take longer than ``timeout`` seconds is left out (:func:`left_out`)."""
    if generate_count:
        if inputs:
            raise click.UsageError("give puzzle files or --generate N, not both")
        return ordered(generate_puzzles(generate_count, level, seed), order)
    if level:
        raise click.UsageError("--level goes with --generate N")
    with counter("checking puzzles") as tick:
        puzzles = load_puzzles(inputs or ("-",), from_format, allow_nonunique=allow_nonunique, order=order,
                               limit=None if order == "difficulty" else limit, grade=grade, on_puzzle=tick,
                               timeout=timeout, on_timeout=left_out)
    if not puzzles and click.get_current_context().meta.get(_TIMED_OUT):
        note("sudokuprint: every puzzle took longer than --timeout: nothing to print")
        stop(ExitCode.FAILED)
    if not puzzles:
        raise click.UsageError("no puzzles in the input")
    return puzzles
