"""Commands ``generate`` (unique puzzles by symmetry, clues and difficulty) and
``pattern`` (check a pattern of givens, print its code, make puzzles on it)."""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path
from typing import Iterator

import click

from ..errors import ExitCode, ParseError
from ..generator.collection import COLLECTION_FORMATS, Recipe, Summary, write_collection
from ..generator.dig import DigTarget, check_target
from ..generator.pattern import PatternSearch, pattern_problems
from ..generator.symmetry import SYMMETRIES, symmetries_of
from ..shape import CLASSIC, Shape
from .app import JOBS, LEVEL, SEED, SecondsType, SizeType, heartbeat, main, note, progress, stop

class RangeType(click.ParamType):
    """``2.5`` or ``2.5-4`` → (low, high)."""

    name = "range"

    def convert(self, value, param, ctx) -> tuple[float, float]:
        if isinstance(value, tuple):
            return value
        try:
            low, _, high = str(value).partition("-")
            bounds = (float(low), float(high or low))
        except ValueError:
            self.fail(f"{value!r} is not a number or a range LOW-HIGH", param, ctx)
        if bounds[0] > bounds[1]:
            self.fail(f"{value!r}: the low end is above the high end", param, ctx)
        return bounds


def rating_bounds(rating: tuple[float, float] | None, low: float | None,
                  high: float | None) -> tuple[float, float] | None:
    """One rating range from ``--rating`` or ``--min-rating``/``--max-rating`` (open ends unbounded)."""
    if low is None and high is None:
        return rating
    if rating is not None:
        raise click.UsageError("give --rating or --min-rating/--max-rating, not both")
    bounds = (low if low is not None else 0.0, high if high is not None else float("inf"))
    if bounds[0] > bounds[1]:
        raise click.UsageError(f"--min-rating {bounds[0]:g} is above --max-rating {bounds[1]:g}")
    return bounds


def _collection_options(func):
    for option in reversed(
        [
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
    ):
        func = option(func)
    return func


RARE_CLUES = 0.26
"""Below this share of a grid's cells as givens, random grids dug for that many clues rarely give one: 9x9 with 20
clues took a minute, with 19 or fewer 100,000 grids were not enough (the default --max-tries)."""

RARE_RATING = 9.0
"""From this rating up, graded random puzzles are rare: one rated 9 took seconds, 12 may never come."""


def slow_target(shape: Shape, clues: int | None, rating: tuple[float, float] | None) -> str | None:
    """What makes a target slow to reach (a note for the user), or None."""
    if clues is not None and clues < RARE_CLUES * shape.cell_count:
        return f"{shape.name} puzzles with {clues} clues are rare among random grids"
    if rating is not None and rating[0] >= RARE_RATING:
        return f"puzzles rated {rating[0]:g} or more are rare among random grids"
    return None


def _run(recipe: Recipe, count: int, output: str, fmt: str, jobs: int, resume: bool, label: str,
         slow: str | None = None) -> Summary:
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


@main.command()
@_collection_options
@click.option("--size", default="9", show_default=True, type=SizeType((4, 6, 9, 12, 16)), help="Grid size: 4, 6, 9, 12 or 16 (or 9x9 ...).")
@click.option("--symmetry", default="none", show_default=True, type=click.Choice(SYMMETRIES), help="Symmetry of the givens.")
@click.option("--minimal", is_flag=True, help="No clue (no orbit of the symmetry) can be removed keeping one solution.")
@click.option("--clues", type=click.IntRange(min=0), default=None, help="Exactly this many givens.")
@LEVEL
@click.option("--rating", type=RangeType(), default=None, help="Rating, or range LOW-HIGH (needs the logic engine).")
@click.option("--min-rating", type=float, default=None, help="Rating at least this (with --level too: both must hold).")
@click.option("--max-rating", type=float, default=None, help="Rating at most this.")
@click.option("--max-tries", default=100_000, show_default=True, type=click.IntRange(min=1),
              help="Give up on a puzzle after this many complete grids.")
@click.option("--timeout", type=SecondsType(), default=None,
              help="Give up on a puzzle not made (and graded) within this many seconds: the run stops there, "
                   "naming it, with exit code 1 (the puzzles before it are written; --resume goes on).")
def generate(count, seed, fmt, output, jobs, resume, graded, size, symmetry, minimal, clues, level, rating,
             min_rating, max_rating, max_tries, timeout) -> None:
    """Make COUNT puzzles with a unique solution by removing clues from random grids.

    Puzzles outside --level or the rating bounds are thrown away where they
    are made (on the workers with -j or --cluster).
    Example: sudokuprint generate -n 20 --seed 7 --symmetry rot180 --minimal --format jsonl -o out.jsonl
    """
    rating = rating_bounds(rating, min_rating, max_rating)
    target = DigTarget(symmetry=symmetry, minimal=minimal, clues=clues, level=level, rating=rating)
    check_target(size, target)
    recipe = Recipe(size, seed=seed, target=target, max_tries=max_tries, graded=graded, time_limit=timeout)
    _run(recipe, count, output, fmt, jobs, resume, "generating", slow_target(size, clues, rating))


def load_pattern(argument: str, size: Shape | None, threshold: int | None = None) -> tuple[Shape, frozenset[int]]:
    """A pattern from a file (picture, code or image), a code given directly, or a motif name."""
    from ..patterns import pattern_argument  # here: generate does not load the motif library

    found = pattern_argument(argument, size, strict=True, threshold=threshold)
    if found is None:
        raise ParseError("pattern", f"{argument!r} is neither a file, a pattern code nor a motif name",
                         expected="a file holding a picture or code, a code like 5028140442, or a motif (e.g. heart)")
    shape, cells, _ = found
    return shape, cells


@main.command()
@click.argument("picture_or_code", metavar="PICTURE_OR_CODE")
@_collection_options
@click.option("--size", default=None, type=SizeType(), help="Grid to scale an image pattern to (default 9x9).")
@click.option("--timeout", "time_limit", default=60.0, show_default=True, type=SecondsType(),
              help="Seconds to search for each puzzle before giving up (the run stops there, naming it, exit 1).")
@click.option("--time-limit", "old_time_limit", default=None, type=SecondsType(), hidden=True)  # the old spelling
@click.option("--check", "check_only", is_flag=True, help="Only check the pattern and print its picture and code.")
@click.option("--threshold", type=click.IntRange(0, 255), default=None, metavar="0-255",
              help="For an image: the grey level below which a cell is a given (default: from the picture's histogram).")
@click.option("--preview", type=click.Path(dir_okay=False), default=None, metavar="FILE.png|FILE.pdf",
              help="Also draw the grid the pattern gives (its givens shaded) into this file.")
def pattern(picture_or_code, count, seed, fmt, output, jobs, resume, graded, size, time_limit, old_time_limit,
            check_only, threshold, preview) -> None:
    """Make COUNT puzzles whose givens are exactly the cells of a pattern.

    PICTURE_OR_CODE is a file holding a text picture (x, # or 1 for a given,
    . or 0 for an empty cell, one line per row), a pattern code, or a small
    black-and-white image; or a pattern code or motif name given directly.
    Example: sudokuprint pattern 5028140442 -n 1 --seed 7 --format jsonl -o out.jsonl
    """
    from ..patterns import draw_picture
    from ..patterns.picture import IMAGE_SUFFIXES

    shape, cells = load_pattern(picture_or_code, size, threshold)
    symmetric = symmetries_of(cells, shape)
    code = None
    if shape == CLASSIC and "rot180" in symmetric:
        from ..formats.pattern_code import encode_pattern

        code = encode_pattern(cells)
    facts = f"{len(cells)} givens on {shape.name}; symmetry: {', '.join(symmetric) or 'none'}; code: {code or '- (not 180°-symmetric)'}"
    problems = pattern_problems(cells, shape)
    if preview:
        _preview(cells, shape, preview, Path(picture_or_code).stem)
    if not check_only and Path(picture_or_code).suffix.lower() in IMAGE_SUFFIXES:
        click.echo(draw_picture(cells, shape), nl=False, err=True)  # what the image became, on the terminal
    if check_only:
        click.echo(draw_picture(cells, shape), nl=False)
        click.echo(facts)
        for problem in problems:
            click.echo(f"impossible: {problem}")
        if problems:
            stop(ExitCode.FAILED)
        return
    note(f"pattern: {facts}")
    recipe = Recipe(shape, seed=seed, target=None, pattern=cells,
                    pattern_search=PatternSearch(time_limit=old_time_limit or time_limit, graded=graded), graded=graded)
    _run(recipe, count, output, fmt, jobs, resume, "filling pattern")


def _preview(cells: frozenset[int], shape: Shape, output: str, title: str) -> None:
    """The pattern drawn as a grid with its givens shaded, in the page output its file name asks for (PNG, PDF)."""
    from ..layout.template import load_template
    from ..publish import write_document
    from ..publish.motif import Motif, build_motif_views

    document = build_motif_views([Motif(1, shape, cells, title=title)], load_template("motif-a4"), title=title)
    names = write_document(document, output, dpi=100)
    click.echo(f"preview: {', '.join(names)}", err=True)
