"""``sudokuprint scan``: read Sudoku grids from photos (files, folders, globs), a row per photo."""

from __future__ import annotations

import csv
import functools
from pathlib import Path

import click
from click.shell_completion import CompletionItem

from ..errors import ExitCode, OutputError
from ..executor import run_all
from ..formats import formats, get_format, write
from ..grid import Grid
from ..ocr.readers import reader_names
from ..outputs import row_output
from ..scan_batch import (ROW_FORMATS, SCAN_NEEDS, ScanOptions, common_root, count_failed, csv_header, find_photos,
                          format_row, is_folder_target, row_failed, scan_rows)
from .app import JOBS, OUTPUT, RESUME, main, note, output_format, stop, with_progress
from .guards import json_row, shown

PUZZLE_FORMATS = [f.name for f in formats() if f.write is not None and f.many_per_file and f.write_collection is None]


def _puzzle_text(row: dict, fmt_name: str, with_solution: bool) -> str | None:
    """A photo's grid written in a puzzle format (a failed photo has none)."""
    if "error" in row:
        return None
    fmt = get_format(fmt_name)
    text = write(Grid.from_string(row["puzzle"]), fmt.name)
    if with_solution and row.get("solution"):
        solution = write(Grid.from_string(row["solution"]), fmt.name)
        text = f"{text} {solution}" if fmt.name == "standard" else f"{text}{fmt.separator}{solution}"
    return text + "\n"


def _tell(row: dict, filled: bool = False) -> None:
    """What the user should know about one photo, on stderr."""
    photo = row["source"] + (f" grid {row['grid']}" if row.get("grid") else "")
    if "error" in row:
        what = "no grid found" if row["status"] == "no-grid" else "cannot be read"
        message = row["message"] if row["error"] == "not-sudoku" else f"{what}: {row['message']}"
        note(f"sudokuprint: {photo}: {message} ({row['error']})")
        return
    for correction in row["corrections"]:
        note(f"sudokuprint: {photo}: corrected {correction['cell']} from {correction['was'] or 'empty'} "
             f"to {correction['to'] or 'empty'} (read with confidence {correction['confidence']:.2f})")
    if row["status"] != "unique":
        note(f"sudokuprint: {photo}: the grid as read is {row['status'].replace('-', ' ')}")
    if filled:
        for entry in row["handwritten"]:
            note(f"sudokuprint: {photo}: {entry['message']}")
        if row["pencil_marks"]:
            cells = ", ".join(f"r{mark['row']}c{mark['column']} ({mark['marks']} marks)"
                              for mark in row["pencil_marks"])
            note(f"sudokuprint: {photo}: pencil marks (small candidates, never an entry or a given) in "
                 f"{len(row['pencil_marks'])} cells: {cells}")


def _other_photo(fmt: str, row: str, photo: str) -> str | None:
    """Why a scan row kept by --resume is not the row of ``photo`` (None when it is)."""
    if fmt == "jsonl":
        named: object = json_row(row).get("source")
    elif fmt == "csv":
        named = next(csv.reader([row]), [None])[0]
    else:
        named = photo if row.startswith(f"# {photo}: ") or row.endswith(f" # {photo}") else row
    return None if named == photo else f"the row is of another photo ({shown(named)}), and this run's is {photo}"


class ReaderName(click.ParamType):
    """A registered digit reader's name (``sudokuprint.readers`` entry points included), checked when given."""

    name = "reader"

    def convert(self, value, param, ctx) -> str:
        if value not in reader_names():
            self.fail(f"{shown(value)} is not a digit reader; choose one of: {', '.join(reader_names())}", param, ctx)
        return value

    def shell_complete(self, ctx, param, incomplete: str) -> list:
        return [CompletionItem(name) for name in reader_names() if name.startswith(incomplete)]


@main.command()
@click.argument("photos", nargs=-1, required=True, metavar="PHOTO|FOLDER|GLOB...")
@output_format([*ROW_FORMATS, *PUZZLE_FORMATS], None, value_alias="--to", flag_aliases={"--json": "jsonl"},
               help="Default: from -o's extension (.jsonl, .csv), else text. "
                    "text: 'PUZZLE [SOLUTION] # PHOTO' a line; jsonl: a JSON object a photo (cells, confidences, "
                    "corrections, timings); csv: a row a photo; or a puzzle format (the grids only).")
@OUTPUT
@JOBS
@RESUME
@click.option("--solve", "with_solution", is_flag=True, help="Also print the solution.")
@click.option("--overlay", type=click.Path(writable=True), metavar="OUT.jpg|DIR",
              help="Write the photo with the missing digits drawn in: a file for one photo, else a folder that gets "
                   "NAME-overlay.jpg per photo (in the photo's subfolder under the photos' common folder).")
@click.option("--debug", "debug_dir", type=click.Path(file_okay=False), metavar="DIR",
              help="Write each stage's image into DIR (a subfolder per photo, named by its path under the photos' "
                   "common folder).")
@click.option("--readers", type=ReaderName(), default="builtin", show_default=True, metavar="NAME",
              help="Digit reader: builtin (print and handwriting), printed (print only), tesseract, combined (both), "
                   "auto (Tesseract on unsure cells), cnn, or a reader another package installs.")
@click.option("--filled", is_flag=True,
              help="Also report the digits written by hand, each checked against the solution "
                   "('r3c4: you wrote 7, the solution has 1'), on stderr; JSON and CSV rows carry the filled grid.")
@click.option("--all", "all_grids", is_flag=True,
              help="Read every grid of a photo (a row each: text 'PUZZLE # PHOTO grid N', JSON and CSV with a grid "
                   "number), not only the main one (the most complete and central).")
def scan(photos: tuple[str, ...], fmt: str | None, output: str, jobs: int, resume: bool, with_solution: bool,
         overlay: str | None, debug_dir: str | None, readers: str, filled: bool, all_grids: bool) -> None:
    """Read the Sudoku grid in each photo and write a row per photo, in order.

    PHOTO may be a file, a folder (searched recursively for .jpg, .png, ...)
    or a glob pattern, quoted or not. A photo with no readable grid gets a
    row that says why (text: '# PHOTO: NOGRID ...'), and the run goes on; a
    reading the solver cannot make unique is written with a warning. Exit
    code 1 when any photo failed either way.
    """
    paths = find_photos(photos)
    fmt = fmt or {".jsonl": "jsonl", ".csv": "csv"}.get(Path(output).suffix.lower(), "text")
    folder = overlay is not None and is_folder_target(overlay, len(paths))
    if overlay is not None and not folder and Path(overlay).suffix.lower() not in (".jpg", ".jpeg", ".png"):
        raise click.BadParameter(f"cannot write an image of type {Path(overlay).suffix or '(none)'!r} to {overlay}; "
                                 "use .jpg or .png, or name a folder", param_hint="--overlay")
    if overlay is not None and folder:
        try:
            Path(overlay).mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputError(f"{overlay}: cannot make the overlay folder: {error.strerror or error}") from None
    options = ScanOptions(readers=readers, debug_dir=debug_dir, overlay=overlay, overlay_is_folder=folder,
                          root=common_root(paths), all_grids=all_grids)
    if resume and fmt not in ROW_FORMATS:
        raise click.UsageError(f"--resume needs a row a photo (--format {', '.join(ROW_FORMATS)}); {fmt} writes "
                               "nothing for a photo that failed")
    if resume and all_grids:
        raise click.UsageError("--resume counts a row a photo; with --all a photo may have several rows")
    grids = 0
    header = csv_header(all_grids) if fmt == "csv" else ""
    with row_output(output, resume=resume, header=header) as out:  # a row a line
        failed = count_failed(out.before, fmt)
        todo = out.skip(paths, functools.partial(_other_photo, fmt))
        photo_rows = run_all(functools.partial(scan_rows, options), todo, jobs=jobs, warm=SCAN_NEEDS)
        for row in (row for rows in with_progress(photo_rows, "scanning", length=len(paths) - out.done) for row in rows):
            _tell(row, filled)
            failed += row_failed(row)
            grids += 1
            text = format_row(row, fmt, with_solution=with_solution) if fmt in ROW_FORMATS else \
                _puzzle_text(row, fmt, with_solution)
            if text:
                out.write(text)
    if all_grids:
        note(f"scanned {len(paths)} photos: {grids - failed} grids read with one solution, {failed} failed")
    elif len(paths) > 1:
        note(f"scanned {len(paths)} photos: {len(paths) - failed} read with one solution, {failed} failed")
    if failed:
        stop(ExitCode.FAILED)
