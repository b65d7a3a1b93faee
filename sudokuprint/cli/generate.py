"""Command ``generate``: unique puzzles by symmetry, clues and difficulty."""

from __future__ import annotations

import click

from ..generator.collection import Recipe
from ..generator.dig import DigTarget, check_target
from ..generator.symmetry import SYMMETRIES
from ..shape import Shape
from .app import LEVEL, SecondsType, SizeType, main
from .collection import collection_options, run_collection


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


@main.command()
@collection_options
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
    run_collection(recipe, count, output, fmt, jobs, resume, "generating", slow_target(size, clues, rating))
