"""The ``html`` command: a collection as one self-contained page to play in the browser."""

from __future__ import annotations

import sys

import click

from ..errors import SolverTimeoutError
from ..html import build_edition, render_page
from ..outputs import atomic_output
from .app import jobs_options, main, note, with_progress
from .puzzle_options import end_if_left_out, left_out, puzzle_options, read_puzzles, writable_output


@main.command("html")
@puzzle_options
@click.option("-o", "--output", default="-", show_default=True, type=click.Path(allow_dash=True, dir_okay=False),
              callback=writable_output, help="The HTML file to write ('-' for standard output).")
@click.option("--title", default="Sudoku", show_default=True, help="Title of the page.")
@click.option("--hints/--no-hints", default=True, show_default=True,
              help="Embed the logic engine's solve path of every puzzle (hints, levels, labels).")
@jobs_options(unordered=False)
@click.option("--endless", is_flag=True,
              help="A page with no collection, that only makes new games (any size and level) in the browser.")
def html(inputs, from_format, allow_nonunique, order, generate_count, level, seed, timeout, output, title, hints,
         jobs, endless) -> None:
    """A self-contained HTML page to play the puzzles offline, on a desktop or a phone.

    Every puzzle (any size up to 16x16, sizes mixed) gets a board for
    keyboard, mouse and touch, pencil marks, undo/redo, a timer, conflict
    messages, a check against the solution, hints from the logic engine,
    progress kept in the browser, and print buttons. Solutions and hints are
    embedded encoded, so the page source does not spoil them. Every page
    also makes new games of any size and level, and a daily puzzle. Examples:
    sudokuprint html samples/easy50.txt -o easy50.html;
    sudokuprint html --endless -o play.html
    """
    if endless:
        if inputs or generate_count or level:
            raise click.UsageError("--endless makes a page with no collection: give no puzzle files, --generate or --level")
        puzzles = []
    else:
        puzzles = read_puzzles(inputs, from_format, allow_nonunique, order, generate_count, level, seed,
                               grade=not hints, timeout=timeout)
    edition = build_edition(puzzles, title=title, hints=hints, jobs=jobs, timeout=timeout,
                            progress=lambda paths: with_progress(paths, "solving"))
    for problem in edition.problems:
        click.echo(f"sudokuprint: warning: {problem}", err=True)
    for where in edition.timed_out:
        left_out(where, SolverTimeoutError(f"gave up after {timeout:g} s"), what="its hints")
    if output == "-" and sys.stdout.isatty():
        raise click.UsageError("refusing to write a whole HTML page to a terminal; name a file with -o FILE")
    page = render_page(edition)
    with atomic_output(output) as out:
        out.write(page)
    if output != "-":
        size = len(page.encode("utf-8"))
        what = "new games only" if endless else f"{len(puzzles)} puzzle{'s' if len(puzzles) != 1 else ''}"
        note(f"wrote {output} ({what}, {size / 1024:.0f} KiB)")
    end_if_left_out()
