"""The ``book`` command: a paperback ready to upload, interior and cover."""

from __future__ import annotations

from pathlib import Path

import click

from ..layout.printers import PRINTERS
from ..publish.book import BookOptions, build_book, write_book
from ..publish.generated import generate_puzzles
from ..publish.puzzles import load_puzzles, ordered
from .app import INPUTS, LEVEL, SEED, TIMEOUT, counter, main, note, progress
from .inputs import FROM
from .puzzle_options import end_if_left_out, left_out


def _blurb(value: str | None) -> str:
    """``--blurb``: the text itself, or the text of the file it names."""
    if not value:
        return ""
    path = Path(value)
    if path.is_file():
        try:
            return path.read_text(encoding="utf-8").strip()
        except (OSError, UnicodeDecodeError) as error:
            raise click.BadParameter(f"{value}: cannot read it as UTF-8 text ({error})", param_hint="--blurb") from None
    return value


def _output_name(ctx: click.Context, param: click.Parameter, value: str) -> str:
    if value == "-":
        raise click.BadParameter("a book is two files, NAME-interior.pdf and NAME-cover.pdf: give -o NAME", ctx, param)
    folder = Path(value).parent
    if not folder.is_dir():
        raise click.BadParameter(f"cannot write {value}-interior.pdf: the folder {folder} does not exist", ctx, param)
    return value


@main.command()
@INPUTS
@FROM
@click.option("--generate", "generate_count", type=click.IntRange(1, 10000), default=None, metavar="N",
              help="Make the book of N new puzzles from the generator instead of reading files.")
@LEVEL
@SEED
@click.option("-o", "--output", required=True, metavar="NAME", callback=_output_name,
              help="Writes NAME-interior.pdf and NAME-cover.pdf.")
@click.option("--spec", type=click.Choice(sorted(PRINTERS)), default="kdp", show_default=True,
              help="The printer: its margins, page count, paper and cover rules.")
@click.option("--trim", default="6x9", show_default=True, help="Trim size: 6x9, 5x8, 5.5x8.5, 8.5x11, A5, 152x229mm ...")
@click.option("--paper", type=click.Choice(["white", "cream"]), default="white", show_default=True,
              help="Paper: sets the spine's width.")
@click.option("--paper-thickness", type=click.FloatRange(0.001, 0.01), default=None, metavar="INCHES",
              help="Thickness of one page, instead of the printer's table.")
@click.option("--bleed", is_flag=True, help="A bleed edition: thumb tabs mark the sections at the outside edge.")
@click.option("--title", default="Sudoku", show_default=True)
@click.option("--subtitle", default="", help="A line under the title (default: the count and the levels).")
@click.option("--author", default="")
@click.option("--isbn", default="", help="Printed on the copyright page.")
@click.option("--blurb", default=None, metavar="TEXT|FILE", help="The back cover's text, or a file holding it.")
@click.option("--lang", default=None, metavar="CODE", help="Language of the printed words: en, ru.")
@click.option("--sections", type=click.Choice(["level", "none"]), default="level", show_default=True,
              help="'level': a section for each level, easy first, each opened by a divider page.")
@click.option("--labels", type=click.Choice(["level", "svd"]), default="level", show_default=True,
              help="Above each puzzle: its number and level, and with 'svd' its SVD label too.")
@click.option("--notes", type=click.IntRange(0, 50), default=2, show_default=True, help="Notes pages at the end.")
@click.option("--techniques", is_flag=True,
              help="After the contents, the techniques beyond the singles the puzzles need, each shown in one of them.")
@click.option("--cover-motif", default="star", show_default=True, metavar="MOTIF",
              help="The library motif drawn as a pattern puzzle on the front cover.")
@click.option("--pdfx", type=click.Choice(["1a", "4"]), default="1a", show_default=True,
              help="PDF/X-1a:2003 or PDF/X-4.")
@click.option("--year", type=click.IntRange(1900, 9999), default=None, help="Copyright year (default: this year).")
@click.option("--force", is_flag=True, help="Write a book whose page count the printer does not bind.")
@TIMEOUT
def book(inputs, from_format, generate_count, level, seed, output, spec, trim, paper, paper_thickness, bleed, title,
         subtitle, author, isbn, blurb, lang, sections, labels, notes, techniques, cover_motif, pdfx, year,
         force, timeout) -> None:
    """A paperback ready to upload: NAME-interior.pdf and NAME-cover.pdf, both PDF/X.

    The interior has a title page, copyright page, how to play with a worked
    example, contents, a section for each level opened by a divider page,
    the answers with each puzzle's page, and notes pages, padded to the
    printer's page count. The cover is a full wrap whose spine follows the
    page count and paper. Both are preflighted against the printer's rules.
    Example: sudokuprint book puzzles.txt --title "Sudoku for the Road" -o road
    """
    if generate_count:
        if inputs:
            raise click.UsageError("give puzzle files or --generate N, not both")
        puzzles = ordered(generate_puzzles(generate_count, level, seed))
    else:
        if level:
            raise click.UsageError("--level goes with --generate N")
        with counter("checking puzzles") as tick:
            puzzles = load_puzzles(inputs or ("-",), from_format, on_puzzle=tick, timeout=timeout, on_timeout=left_out)
    if not puzzles:
        raise click.UsageError("no puzzles in the input")
    options = BookOptions(spec=spec, trim=trim, paper=paper, paper_thickness=paper_thickness, bleed=bleed,
                          title=title, subtitle=subtitle, author=author, isbn=isbn, blurb=_blurb(blurb), lang=lang,
                          sections=sections, labels=labels, notes=notes, techniques=techniques, year=year,
                          cover_motif=cover_motif,
                          seed=seed, pdfx=pdfx, force=force)
    made = build_book(puzzles, options)
    with progress(made.pages, "drawing pages") as advance:
        names, warnings = write_book(made, output, on_page=lambda: advance(1))
    for warning in warnings:
        note(f"sudokuprint: warning: {warning}")
    note(f"wrote {names[0]} ({made.pages} pages) and {names[1]} ({made.geometry.width / 72:.3f} x "
         f"{made.geometry.height / 72:.3f} in, spine {made.geometry.spine / 72:.3f} in)")
    end_if_left_out()
