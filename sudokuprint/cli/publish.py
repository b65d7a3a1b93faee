"""Publishing commands: booklet, answers, worksheet, motif, poster, svd-answers."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import click
from click.shell_completion import CompletionItem
from PIL import Image, UnidentifiedImageError

from ..images import open_image
from ..layout.page import Document
from ..layout.template import Template, load_template
from ..publish import build_answer_key, build_booklet, write_document
from ..publish.plan import read_plan
from ..publish.mosaic import TILE_SECONDS, build_mosaic, generate_mosaic, oriented, tiles_from_puzzles, tiles_matching
from ..publish.motif import build_catalogue, build_motif_views, library_motifs, load_motifs, pattern_of
from ..publish.marks import with_crop_marks
from ..publish.generated import puzzle_on_pattern
from ..publish.poster import build_poster, build_word_poster
from ..publish.sheets import build_candidates_sheet, build_worksheet, worksheet_template
from ..publish.svd_answers import build_svd_answers, load_svd_puzzles
from ..render import page_output_for, page_output_names
from ..patterns.library import is_motif
from ..patterns.library import motif as motif_pattern
from ..patterns.picture import IMAGE_SUFFIXES
from .app import INPUTS, TIMEOUT, SizeType, main, note, progress
from .inputs import FROM, read_inputs
from .puzzle_options import end_if_left_out, left_out, puzzle_options, read_puzzles, writable_output


class PageOutputName(click.ParamType):
    """``--format``: a registered page output (pdf, png, or one registered since), checked when given."""

    name = "page output"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        names = page_output_names()
        if str(value).lower() not in names:
            self.fail(f"{value!r} is not a page output; choose one of: {', '.join(names)}", param, ctx)
        return str(value).lower()

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return f"[{'|'.join(page_output_names())}]"

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        return [CompletionItem(name) for name in page_output_names() if name.startswith(incomplete.lower())]


def output_options(default_template: str):
    """The options every publishing command has: template, output file, format and resolution."""
    def decorate(command):
        for option in reversed((
            click.option("--template", "template_name", default=default_template, show_default=True, metavar="NAME|FILE",
                         help="A shipped template name or your own .toml file."),
            click.option("-o", "--output", default="-", show_default=True, type=click.Path(allow_dash=True, dir_okay=False),
                         callback=writable_output, help="Output file ('-' for standard output); PNG pages become NAME-1.png, NAME-2.png, ..."),
            click.option("--format", "output_format", type=PageOutputName(), default=None,
                         help="Page output (default: from the file name's suffix, else pdf)."),
            click.option("--dpi", type=click.IntRange(10, 2400), default=150, show_default=True, help="PNG resolution."),
            click.option("--title", default=None, help="Title for the title page, running head and PDF metadata."),
            click.option("--author", default="", help="Author for the title page and PDF metadata."),
            click.option("--force", is_flag=True, help="Write what is refused as a likely mistake: a print-on-demand "
                                                       "PDF whose page count the printer does not bind (exit 1 "
                                                       "otherwise), or an -o that names an input file (exit 2)."),
        )):
            command = option(command)
        return command
    return decorate


def _finish(document: Document, output: str, output_format: str | None, dpi: int, author: str = "",
            force: bool = False) -> None:
    fmt = page_output_for(output, output_format).name
    if author:
        document.metadata = replace(document.metadata, author=author)
    if output == "-" and sys.stdout.isatty():
        raise click.UsageError(f"refusing to write {fmt.upper()} data to a terminal; name a file with -o FILE")
    for message in document.notes:
        note(f"note: {message}")
    with progress(len(document.pages), "drawing pages") as advance:
        names = write_document(document, output, format=fmt, dpi=dpi, on_page=lambda: advance(1), force=force)
    if output != "-":
        pages = len(document.pages)
        note(f"wrote {', '.join(names) if len(names) <= 3 else f'{names[0]} ... {names[-1]}'} "
             f"({pages} page{'s' if pages != 1 else ''})")
    end_if_left_out()


def _template(name: str, lang: str | None = None) -> Template:
    return load_template(name, lang=lang)


LANG = click.option("--lang", default=None, metavar="CODE",
                    help="Language of the printed words: en, ru, or one the template's [strings] add.")


@main.command()
@puzzle_options
@output_options("booklet-a4-4up")
@click.option("--answers", "placement", type=click.Choice(["end", "under", "none"]), default=None,
              help="Where the answers go (default: the template's choice, usually 'end').")
@click.option("--answer-template", default=None, metavar="NAME|FILE", help="Template of the answer key at the end.")
@click.option("--labels", type=click.Choice(["level", "svd"]), default=None,
              help="Above each puzzle: its number and level ('level'), and its SVD label too ('svd'); "
                   "default: the template's choice (print-on-demand templates: 'level').")
@LANG
def booklet(inputs, from_format, allow_nonunique, order, generate_count, level, seed, timeout, template_name, output,
            output_format, dpi, title, author, force, placement, answer_template, labels, lang) -> None:
    """A puzzle booklet: title page, numbered puzzles, answer key at the end.

    Every puzzle is re-checked for a unique solution first. Example:
    sudokuprint booklet puzzles.txt --template booklet-a5-2up -o book.pdf
    """
    puzzles = read_puzzles(inputs, from_format, allow_nonunique, order, generate_count, level, seed, timeout=timeout)
    template = _template(template_name, lang)
    if labels:
        template = replace(template, furniture=replace(template.furniture, svd_label=labels == "svd"))
    key = _template(answer_template, lang) if answer_template else None
    document = build_booklet(puzzles, template, title=title or template.strings.text("title"), author=author,
                             placement=placement, answer_template=key)
    _finish(document, output, output_format, dpi, author, force)


@main.command()
@puzzle_options
@output_options("answers-a4-12up")
@click.option("--booklet-template", default=None, metavar="NAME|FILE",
              help="The template of the booklet the puzzles are printed in: the labels then give its page numbers "
                   "('12 · p. 4'). Without it (or --booklet) the labels give no page.")
@click.option("--booklet", "booklet_pdf", default=None, metavar="BOOK.pdf", type=click.Path(dir_okay=False),
              help="A booklet PDF made by sudokuprint (or the first page, NAME-1.png, of one made as PNG pages): "
                   "its embedded page plan gives each puzzle's number and page. Without FILE the answers are the "
                   "booklet's own puzzles.")
@LANG
def answers(inputs, from_format, allow_nonunique, order, generate_count, level, seed, timeout, template_name, output,
            output_format, dpi, title, author, force, booklet_template, booklet_pdf, lang) -> None:
    """An answer key: solved grids labelled with puzzle number and booklet page.

    Givens are bold, filled digits grey. The page references come from the
    booklet itself (--booklet BOOK.pdf: every booklet PDF carries its page
    plan) or from the booklet's template (--booklet-template NAME); with
    neither the labels give no page. Example:
    sudokuprint answers --booklet book.pdf -o key.pdf
    """
    template = _template(template_name, lang)
    plan = None
    if booklet_pdf:
        if booklet_template:
            raise click.UsageError("give --booklet BOOK.pdf or --booklet-template NAME, not both")
        plan = read_plan(booklet_pdf)
    if plan is not None and not inputs and not generate_count:
        puzzles = plan.puzzles_to_print(booklet_pdf, allow_nonunique=allow_nonunique)
    else:
        puzzles = read_puzzles(inputs, from_format, allow_nonunique, order, generate_count, level, seed,
                               timeout=timeout)
    booklet = _template(booklet_template, lang) if booklet_template else None
    document = build_answer_key(puzzles, template, booklet_template=booklet, booklet_plan=plan,
                                booklet_source=booklet_pdf or "the booklet",
                                title=title or template.strings.text("answers_title"), author=author)
    _finish(document, output, output_format, dpi, author, force)


@main.command()
@INPUTS
@FROM
@output_options("worksheet-a4")
@click.option("--size", type=SizeType((4, 6, 8, 9, 12, 16)), default="9", show_default=True,
              help="Side of the blank grids: 4, 6, 8, 9, 12 or 16 (or 9x9 ...).")
@click.option("--pages", type=click.IntRange(1, 500), default=1, show_default=True, help="Pages of blank grids.")
@click.option("--pencil-guide", is_flag=True, help="A faint 1..N guide in every cell for pencil marks.")
@click.option("--candidates", "candidates_sheet", is_flag=True,
              help="Print the FILE puzzles with their candidates (from a state file, else computed).")
@LANG
def worksheet(inputs, from_format, template_name, output, output_format, dpi, title, author, force, size, pages,
              pencil_guide, candidates_sheet, lang) -> None:
    """Blank grids to solve on (any size), or a candidates sheet of puzzles.

    Without FILE: empty grids, e.g. sudokuprint worksheet --size 16 -o blank.pdf.
    With --candidates FILE...: each puzzle with its candidates printed small.
    """
    if candidates_sheet:
        template = _template("candidates-a4" if template_name == "worksheet-a4" else template_name, lang)
        grids = [("<stdin>" if source == "-" else Path(source).name, record.grid)
                 for source, record in read_inputs(inputs, from_format)]
        if not grids:
            raise click.UsageError("no puzzles in the input")
        document = build_candidates_sheet(grids, template, title=title)
    else:
        if inputs:
            raise click.UsageError("FILE arguments go with --candidates; blank worksheets take none")
        base = _template(template_name, lang)
        shape = size
        template = worksheet_template(base, shape.side) if template_name == "worksheet-a4" else base
        document = build_worksheet(template, shape, pages=pages, pencil_guide=pencil_guide, title=title)
    _finish(document, output, output_format, dpi, author, force)


@main.command()
@click.argument("patterns", nargs=-1, metavar="PATTERN...")
@FROM
@output_options("motif-a4")
@click.option("--catalogue/--views", "catalogue", default=None,
              help="A catalogue of thumbnails, or one large view a page (default: catalogue for several motifs).")
@click.option("--catalogue-template", default="catalogue-a4", show_default=True, metavar="NAME|FILE")
@click.option("--no-digits", is_flag=True, help="Draw the shaded pattern without the givens' digits.")
@click.option("--library", is_flag=True, help="Every motif of the built-in library (heart, star, letters, digits).")
def motif(patterns, from_format, template_name, output, output_format, dpi, title, author, force, catalogue,
          catalogue_template, no_digits, library) -> None:
    """Pattern motifs: givens shaded so the shape shows, with the pattern code.

    PATTERN is a bare code such as 5028140442, a library motif name (heart,
    letter-A), a text picture or image file, or a file of puzzles.
    """
    if library and patterns:
        raise click.UsageError("--library takes no PATTERN arguments")
    motifs = library_motifs(filled=True) if library else load_motifs(patterns or ("-",), from_format)
    if not motifs:
        raise click.UsageError("no patterns in the input")
    if catalogue or (catalogue is None and len(motifs) > 1):
        document = build_catalogue(motifs, _template(catalogue_template), title=title or "Motif catalogue")
    else:
        document = build_motif_views(motifs, _template(template_name), title=title or "Motifs", digits=not no_digits)
    _finish(document, output, output_format, dpi, author, force)


def _picture(argument: str) -> Image.Image:
    """The picture a mosaic draws: an image file, or a pattern (motif name, text picture) as one pixel a cell."""
    pattern = pattern_of(argument)
    if pattern is not None and not Path(argument).suffix.lower() in IMAGE_SUFFIXES:
        shape, cells, _ = pattern
        image = Image.new("L", (shape.side, shape.side), 255)
        image.putdata([0 if c in cells else 255 for c in range(shape.cell_count)])
        return image
    try:
        return open_image(argument)  # the limits of every image input, checked before decoding
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError) as error:
        raise click.BadParameter(f"cannot read the picture: {error}", param_hint="--picture") from None


@main.command()
@puzzle_options(metavar="PUZZLE_OR_PATTERN...")
@output_options("poster-a3")
@click.option("--mosaic", is_flag=True, help="A mosaic of many small puzzles (template mosaic-a2 unless named).")
@click.option("--picture", default=None, metavar="IMAGE|MOTIF",
              help="With --mosaic: what the puzzles' givens draw (an image, a text picture or a library motif). "
                   "Without FILE the puzzles are generated for it; with FILE they are picked from the file.")
@click.option("--tile-seconds", type=click.FloatRange(0.1, 600), default=TILE_SECONDS, show_default=True,
              help="With --mosaic --picture: the generator's time for one tile before its fallback.")
@click.option("--subtitle", default="", help="A line under the title.")
@click.option("--text", "word", default=None, metavar="WORD",
              help="A word as a row of puzzles, one library letter or digit each (e.g. --text LOVE).")
@click.option("--crop-marks", is_flag=True, help="Print crop marks outside the poster's trim (the sheet grows 12 mm a side).")
def poster(inputs, from_format, allow_nonunique, order, generate_count, level, seed, timeout, template_name, output,
           output_format, dpi, title, author, force, mosaic, picture, tile_seconds, subtitle, word, crop_marks) -> None:
    """A poster of one puzzle drawn as a motif, or (--mosaic) of many.

    PUZZLE_OR_PATTERN is a file of puzzles (the first is used), or a pattern
    the generator fills with a unique puzzle (same --seed, same poster):
    a pattern code (5028140442), a library motif (heart, letter-A), or a
    text picture or image file. The answer is printed small at the foot.
    """
    if word is not None:
        if mosaic or picture or inputs or generate_count:
            raise click.UsageError("--text makes its own puzzles: no FILE, --mosaic, --picture or --generate with it")
        document = _word_poster(word, seed, _template(template_name), title, crop_marks)
    elif mosaic:
        document = _mosaic(inputs, from_format, allow_nonunique, generate_count, level, seed, template_name,
                           title, picture, tile_seconds, timeout)
        if crop_marks:
            document = with_crop_marks(document)
    else:
        if picture:
            raise click.UsageError("--picture goes with --mosaic")
        pattern = pattern_of(inputs[0]) if len(inputs) == 1 and not generate_count and not from_format else None
        if pattern is not None:
            shape, cells, name = pattern
            puzzle = puzzle_on_pattern(cells, shape, seed, source=name or inputs[0])
            subtitle = subtitle or name
        else:
            found = read_puzzles(inputs, from_format, allow_nonunique, order, generate_count, level, seed, limit=1,
                                 timeout=timeout)
            if not found:
                raise click.UsageError("no puzzle in the input could be checked in time (--timeout)")
            puzzle = found[0]
        document = build_poster(puzzle, _template(template_name), title=title or "Sudoku", subtitle=subtitle,
                                crop_marks=crop_marks)
    _finish(document, output, output_format, dpi, author, force)


def _word_poster(word: str, seed: int, template: Template, title: str | None, crop_marks: bool) -> Document:
    """One puzzle a character of ``word`` (spaces skipped), each on its library motif, seeds ``seed``, ``seed+1`` ..."""
    letters = [char for char in word if not char.isspace()]
    unknown = sorted({char for char in letters if not (char.isascii() and char.isalnum() and is_motif(char))})
    if not letters or unknown:
        raise click.BadParameter(f"no library motif for {', '.join(map(repr, unknown)) or 'an empty word'}; "
                                 "words take the letters A-Z and digits 0-9", param_hint="--text")
    puzzles = []
    for index, char in enumerate(letters):
        shape, cells = motif_pattern(char)
        made = puzzle_on_pattern(cells, shape, seed + index, source=f"letter {char.upper()}")
        puzzles.append(replace(made, number=index + 1))
    return build_word_poster(puzzles, word.upper(), template, title=title or "", crop_marks=crop_marks)


def _mosaic(inputs, from_format, allow_nonunique, generate_count, level, seed, template_name, title, picture,
            tile_seconds, timeout) -> Document:
    template = _template("mosaic-a2" if template_name == "poster-a3" else template_name)
    image = _picture(picture) if picture else None
    if image is not None:
        template = oriented(template, image)
    columns, rows = template.grid.columns, template.grid.rows
    if image is not None and not inputs and not generate_count:
        tiles = generate_mosaic(image, columns, rows, seed, seconds=tile_seconds)
        for tile in tiles:
            if tile.note:
                note(f"note: {tile.note}")
    else:
        puzzles = read_puzzles(inputs, from_format, allow_nonunique, "input", generate_count, level, seed, grade=False,
                               timeout=timeout)
        if image is not None:
            tiles = tiles_matching(puzzles, image, columns, rows)
        else:
            tiles = tiles_from_puzzles(puzzles, template.grid.per_page)
    return build_mosaic(tiles, template, title=title or "Sudoku mosaic")


@main.command(name="svd-answers")
@click.argument("inputs", nargs=-1, required=True, metavar="FILE...", type=click.Path(allow_dash=True, dir_okay=False))
@FROM
@click.option("--allow-nonunique", is_flag=True, help="Print puzzles with several solutions too, with a notice.")
@TIMEOUT
@output_options("svd-answers-a4")
@LANG
def svd_answers(inputs, from_format, allow_nonunique, timeout, template_name, output, output_format, dpi, title,
                author, force, lang) -> None:
    """Answer pages for SVD task files, in sets of 30, labelled id-moves-level-givens.

    The label comes from the file name (30-21-4-28.svd) where present, else it is computed.
    """
    puzzles = load_svd_puzzles(inputs, from_format, allow_nonunique=allow_nonunique, timeout=timeout,
                               on_timeout=left_out)
    if not puzzles:
        raise click.UsageError("no puzzles in the input")
    document = build_svd_answers(puzzles, _template(template_name, lang), title=title)
    _finish(document, output, output_format, dpi, author, force)
