"""Command ``pattern``: check a pattern of givens, print its code, make puzzles on it."""

from __future__ import annotations

from pathlib import Path

import click

from ..errors import ExitCode, ParseError
from ..formats.pattern_code import encode_pattern
from ..generator.collection import Recipe
from ..generator.pattern import PatternSearch, pattern_problems
from ..generator.symmetry import symmetries_of
from ..layout.template import load_template
from ..patterns.argument import pattern_argument
from ..patterns.picture import IMAGE_SUFFIXES, draw_picture
from ..publish import write_document
from ..publish.motif import Motif, build_motif_views
from ..shape import CLASSIC, Shape
from .app import SecondsType, SizeType, main, note, stop
from .collection import collection_options, run_collection


def load_pattern(argument: str, size: Shape | None, threshold: int | None = None) -> tuple[Shape, frozenset[int]]:
    """A pattern from a file (picture, code or image), a code given directly, or a motif name."""
    found = pattern_argument(argument, size, strict=True, threshold=threshold)
    if found is None:
        raise ParseError("pattern", f"{argument!r} is neither a file, a pattern code nor a motif name",
                         expected="a file holding a picture or code, a code like 5028140442, or a motif (e.g. heart)")
    shape, cells, _ = found
    return shape, cells


@main.command()
@click.argument("picture_or_code", metavar="PICTURE_OR_CODE")
@collection_options
@click.option("--size", default=None, type=SizeType(), help="Grid to scale an image pattern to (default 9x9).")
@click.option("--timeout", "time_limit", default=60.0, show_default=True, type=SecondsType(),
              help="Seconds to search for each puzzle before giving up (the run stops there, naming it, exit 1).")
@click.option("--time-limit", "old_time_limit", default=None, type=SecondsType(), hidden=True)  # the old spelling
@click.option("--check", "check_only", is_flag=True, help="Only check the pattern and print its picture and code.")
@click.option("--threshold", type=click.IntRange(0, 255), default=None, metavar="0-255",
              help="For an image: the grey level below which a cell is a given (default: from the picture's histogram).")
@click.option("--preview", type=click.Path(dir_okay=False), default=None, metavar="FILE.png|FILE.pdf",
              help="Also draw the grid the pattern gives (its givens shaded) into this file.")
def pattern(picture_or_code, count, seed, fmt, output, jobs, resume, graded, size, time_limit, old_time_limit, check_only,
            threshold, preview) -> None:
    """Make COUNT puzzles whose givens are exactly the cells of a pattern.

    PICTURE_OR_CODE is a file holding a text picture (x, # or 1 for a given,
    . or 0 for an empty cell, one line per row), a pattern code, or a small
    black-and-white image; or a pattern code or motif name given directly.
    Example: sudokuprint pattern 5028140442 -n 1 --seed 7 --format jsonl -o out.jsonl
    """
    shape, cells = load_pattern(picture_or_code, size, threshold)
    symmetric = symmetries_of(cells, shape)
    code = None
    if shape == CLASSIC and "rot180" in symmetric:
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
    run_collection(recipe, count, output, fmt, jobs, resume, "filling pattern")


def _preview(cells: frozenset[int], shape: Shape, output: str, title: str) -> None:
    """The pattern drawn as a grid with its givens shaded, in the page output its file name asks for (PNG, PDF)."""
    document = build_motif_views([Motif(1, shape, cells, title=title)], load_template("motif-a4"), title=title)
    names = write_document(document, output, dpi=100)
    click.echo(f"preview: {', '.join(names)}", err=True)
