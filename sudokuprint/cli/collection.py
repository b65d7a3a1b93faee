"""What the commands that write a collection of puzzles share (``generate``, ``pattern``): their options and run."""

from __future__ import annotations

from typing import Any, Callable

import click

from ..generator.collection import COLLECTION_FORMATS, Recipe, Summary, write_collection
from .app import JOBS, SEED, heartbeat, note, progress


def collection_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """``-n``, ``--seed``, ``--format``, ``-o``, ``-j``, ``--resume`` and ``--grade/--no-grade`` of a collection."""
    options: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
        click.option("-n", "--count", default=1, show_default=True, type=click.IntRange(min=0), help="How many puzzles."),
        SEED,
        click.option("--format", "fmt", default="text", show_default=True, type=click.Choice(COLLECTION_FORMATS),
                     help="One line per puzzle: text fields, JSON objects, or CSV with a header."),
        click.option("-o", "--output", default="-", show_default=True, type=click.Path(allow_dash=True, dir_okay=False),
                     help="Write here ('-' for standard output); a file is replaced only when the run succeeds."),
        JOBS,
        click.option("--resume", is_flag=True,
                     help="Keep the puzzles already in the output file, append the missing ones as they are made "
                          "(under a lock)."),
        click.option("--grade/--no-grade", "graded", default=True, show_default=True,
                     help="Fill level, moves and rating (needs the logic engine; slower)."),
    ]
    for option in reversed(options):
        func = option(func)
    return func


def run_collection(recipe: Recipe, count: int, output: str, fmt: str, jobs: int, resume: bool, label: str,
                   slow: str | None = None) -> Summary:
    """Make ``count`` puzzles of ``recipe`` into ``output`` with a progress bar, and say what was written.

    ``slow``: why the target may take very long (see ``generate``'s ``slow_target``): said first, and the
    progress bar becomes a status line that moves every second."""
    if resume and output == "-":
        raise click.UsageError("--resume needs an output file (-o FILE)")
    if slow:
        note(f"note: {slow}: this may take very long (hours), or end after --max-tries grids; --timeout SECONDS "
             "gives up on a puzzle sooner")
    with (heartbeat if slow else progress)(count, label) as advance:
        summary = write_collection(recipe, count, output, fmt, resume=resume, jobs=jobs,
                                   on_puzzle=lambda record: advance(1))
    if output != "-":
        message = f"{summary.written} puzzle(s) written to {output}"
        if summary.resumed:
            message += f", {summary.resumed} kept from before"
        if summary.duplicates:
            message += f", {summary.duplicates} duplicate(s) made again"
        note(message)
    return summary
