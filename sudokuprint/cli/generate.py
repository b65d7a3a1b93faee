"""Commands ``generate`` (unique puzzles by symmetry, clues and difficulty) and
``pattern`` (check a pattern of givens, print its code, make puzzles on it)."""

from __future__ import annotations

import contextlib
import sys
from typing import Iterator

import click

from ..errors import ParseError
from ..generator.collection import OUTPUT_FORMATS, Recipe, Summary, write_collection
from ..generator.dig import DigTarget, check_target
from ..generator.pattern import PatternSearch, pattern_problems
from ..generator.symmetry import SYMMETRIES, symmetries_of
from ..patterns import draw_picture, pattern_argument
from ..shape import CLASSIC, Shape
from .app import main

SIDES = ("4", "6", "9", "12", "16")


class SizeType(click.ParamType):
    """``9``, ``9x9``, ``16x16`` ... → the standard :class:`Shape`."""

    name = "size"

    def convert(self, value, param, ctx) -> Shape:
        if isinstance(value, Shape):
            return value
        text = str(value).lower().strip()
        side = text.split("x")[0]
        if side not in SIDES or ("x" in text and text != f"{side}x{side}"):
            self.fail(f"{value!r} is not a grid size; use one of {', '.join(s + 'x' + s for s in SIDES)}", param, ctx)
        return Shape.for_side(int(side))


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


def _collection_options(func):
    for option in reversed(
        [
            click.option("-n", "--count", default=1, show_default=True, type=click.IntRange(min=0), help="How many puzzles."),
            click.option("--seed", default=0, show_default=True, type=int, help="Random seed: the same seed makes the same puzzles."),
            click.option("--format", "fmt", default="text", show_default=True, type=click.Choice(OUTPUT_FORMATS),
                         help="One line per puzzle: text fields, JSON objects, or CSV with a header."),
            click.option("-o", "--output", default="-", show_default=True, type=click.Path(allow_dash=True, dir_okay=False),
                         help="Write here ('-' for standard output), a line as each puzzle is made."),
            click.option("--jobs", default=1, show_default=True, type=click.IntRange(min=1), help="Worker processes."),
            click.option("--resume", is_flag=True, help="Keep the puzzles already in the output file and make the missing ones."),
            click.option("--grade/--no-grade", "graded", default=True, show_default=True,
                         help="Fill level, moves and rating (needs the logic engine; slower)."),
        ]
    ):
        func = option(func)
    return func


@contextlib.contextmanager
def _progress(count: int, label: str) -> Iterator:
    """A progress bar on stderr when it is a terminal; yields a callback for each puzzle made."""
    if not sys.stderr.isatty() or count == 0:
        yield lambda record: None
        return
    with click.progressbar(length=count, label=label, file=sys.stderr, show_pos=True, show_eta=True) as bar:
        yield lambda record: bar.update(1)


def _run(recipe: Recipe, count: int, output: str, fmt: str, jobs: int, resume: bool, label: str) -> Summary:
    if resume and output == "-":
        raise click.UsageError("--resume needs an output file (-o FILE)")
    with _progress(count, label) as advance:
        summary = write_collection(recipe, count, output, fmt, resume=resume, jobs=jobs, on_puzzle=advance)
    if output != "-":
        note = f"{summary.written} puzzle(s) written to {output}"
        if summary.resumed:
            note += f", {summary.resumed} kept from before"
        if summary.duplicates:
            note += f", {summary.duplicates} duplicate(s) made again"
        click.echo(note, err=True)
    return summary


@main.command()
@_collection_options
@click.option("--size", default="9", show_default=True, type=SizeType(), help="Grid size: 4x4, 6x6, 9x9, 12x12 or 16x16.")
@click.option("--symmetry", default="none", show_default=True, type=click.Choice(SYMMETRIES), help="Symmetry of the givens.")
@click.option("--minimal", is_flag=True, help="No clue (no orbit of the symmetry) can be removed keeping one solution.")
@click.option("--clues", type=click.IntRange(min=0), default=None, help="Exactly this many givens.")
@click.option("--level", type=click.IntRange(1, 4), default=None, help="SVD level 1-4 (needs the logic engine).")
@click.option("--rating", type=RangeType(), default=None, help="Rating, or range LOW-HIGH (needs the logic engine).")
@click.option("--max-tries", default=100_000, show_default=True, type=click.IntRange(min=1),
              help="Give up on a puzzle after this many complete grids.")
def generate(count, seed, fmt, output, jobs, resume, graded, size, symmetry, minimal, clues, level, rating, max_tries) -> None:
    """Make COUNT puzzles with a unique solution by removing clues from random grids.

    Example: sudokuprint generate -n 20 --seed 7 --symmetry rot180 --minimal --format jsonl -o out.jsonl
    """
    target = DigTarget(symmetry=symmetry, minimal=minimal, clues=clues, level=level, rating=rating)
    check_target(size, target)
    recipe = Recipe(size, seed=seed, target=target, max_tries=max_tries, graded=graded)
    _run(recipe, count, output, fmt, jobs, resume, "generating")


def load_pattern(argument: str, size: Shape | None) -> tuple[Shape, frozenset[int]]:
    """A pattern from a file (picture, code or image), a code given directly, or a motif name."""
    found = pattern_argument(argument, size, strict=True)
    if found is None:
        raise ParseError("pattern", f"{argument!r} is neither a file, a pattern code nor a motif name",
                         expected="a file holding a picture or code, a code like 5028140442, or a motif (e.g. heart)")
    shape, cells, _ = found
    return shape, cells


@main.command()
@click.argument("picture_or_code", metavar="PICTURE_OR_CODE")
@_collection_options
@click.option("--size", default=None, type=SizeType(), help="Grid to scale an image pattern to (default 9x9).")
@click.option("--time-limit", default=60.0, show_default=True, type=click.FloatRange(min=0.1),
              help="Seconds to search for each puzzle before giving up.")
@click.option("--check", "check_only", is_flag=True, help="Only check the pattern and print its picture and code.")
def pattern(picture_or_code, count, seed, fmt, output, jobs, resume, graded, size, time_limit, check_only) -> None:
    """Make COUNT puzzles whose givens are exactly the cells of a pattern.

    PICTURE_OR_CODE is a file holding a text picture (x, # or 1 for a given,
    . or 0 for an empty cell, one line per row), a pattern code, or a small
    black-and-white image; or a pattern code or motif name given directly.
    Example: sudokuprint pattern 5028140442 -n 1 --seed 7 --format jsonl -o out.jsonl
    """
    shape, cells = load_pattern(picture_or_code, size)
    symmetric = symmetries_of(cells, shape)
    code = None
    if shape == CLASSIC and "rot180" in symmetric:
        from ..formats.pattern_code import encode_pattern

        code = encode_pattern(cells)
    facts = f"{len(cells)} givens on {shape.name}; symmetry: {', '.join(symmetric) or 'none'}; code: {code or '- (not 180°-symmetric)'}"
    problems = pattern_problems(cells, shape)
    if check_only:
        click.echo(draw_picture(cells, shape), nl=False)
        click.echo(facts)
        for problem in problems:
            click.echo(f"impossible: {problem}")
        if problems:
            click.get_current_context().exit(1)
        return
    click.echo(f"pattern: {facts}", err=True)
    recipe = Recipe(shape, seed=seed, target=None, pattern=cells,
                    pattern_search=PatternSearch(time_limit=time_limit, graded=graded), graded=graded)
    _run(recipe, count, output, fmt, jobs, resume, "filling pattern")
