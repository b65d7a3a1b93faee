"""``sudokuprint scan``: read Sudoku grids from photos."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..errors import NoGridError
from ..formats import get_format
from ..outputs import atomic_output
from .app import format_option, main


def _numbered(path: str, index: int, total: int) -> Path:
    """``path`` itself for one photo; ``name-N.ext`` for the N-th of several."""
    target = Path(path)
    return target if total == 1 else target.with_name(f"{target.stem}-{index + 1}{target.suffix}")


def _write_overlay(target: Path, image) -> None:
    """Encode the overlay image by its file's extension and write it whole or not at all."""
    import cv2

    try:
        encoded, data = cv2.imencode(target.suffix or ".jpg", image)
    except cv2.error:
        encoded = False
    if not encoded:
        raise click.BadParameter(f"cannot write an image of type {target.suffix or '(none)'!r} to {target}; "
                                 "use .jpg or .png", param_hint="--overlay")
    with atomic_output(target, binary=True) as stream:
        stream.write(data.tobytes())


def _report(result) -> dict:
    """The JSON view of one scan."""
    shape = result.grid.shape
    return {
        "source": result.source,
        "puzzle": result.grid.to_string(),
        "read": "".join(str(v) if v else "." for v in result.read),
        "status": result.check.status,
        "solution": result.solution.to_string() if result.solution is not None else None,
        "quarter_turns": result.quarter_turns,
        "corrections": [
            {"cell": shape.cell_name(c.cell), "index": c.cell, "was": c.was, "to": c.to, "confidence": round(c.confidence, 4)}
            for c in result.corrections
        ],
        "cells": [
            {
                "cell": shape.cell_name(cell.index),
                "digit": cell.digit,
                "confidence": round(cell.confidence, 4),
                "alternatives": [[d, round(p, 4)] for d, p in cell.alternatives[1:4]],
            }
            for cell in result.cells
            if cell.digit
        ],
        "timings": result.timings,
    }


@main.command()
@click.argument("photos", nargs=-1, required=True, metavar="PHOTO...", type=click.Path(exists=True, dir_okay=False))
@format_option("--to", "to_format", help="Output format (default: the 81-character standard string).", writable=True)
@click.option("--solve", "with_solution", is_flag=True, help="Also print the solution.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object per photo: cells, confidences, corrections, timings.")
@click.option("--overlay", type=click.Path(dir_okay=False, writable=True), metavar="OUT.jpg",
              help="Write the photo with the missing digits drawn in (OUT-N.jpg for several photos).")
@click.option("--debug", "debug_dir", type=click.Path(file_okay=False), metavar="DIR",
              help="Write each stage's image into DIR (a subfolder per photo).")
@click.option("--readers", type=click.Choice(["auto", "builtin", "tesseract", "combined"]), default="builtin",
              show_default=True, help="Digit readers: the built-in model, Tesseract, both, or Tesseract on unsure cells (auto).")
def scan(photos: tuple[str, ...], to_format: str | None, with_solution: bool, as_json: bool, overlay: str | None,
         debug_dir: str | None, readers: str) -> None:
    """Read the Sudoku grid in each PHOTO and print it, one line per photo.

    A photo with no readable grid prints NOGRID (the reason goes to stderr);
    a reading the solver cannot make unique is printed with a warning. Exit
    code 1 when any photo failed either way.
    """
    from sudokuprint.ocr.overlay import draw_solution
    from sudokuprint.ocr.pipeline import scan as scan_photo

    fmt = get_format(to_format or "standard")
    assert fmt.write is not None, "every format scan offers can be written"
    failed = False
    for index, photo in enumerate(photos):
        debug = Path(debug_dir) / Path(photo).stem if debug_dir else None
        try:
            result = scan_photo(photo, readers=readers, debug=debug)
        except NoGridError as error:
            failed = True
            detail = str(error).removeprefix(f"{photo}: ")  # the loader names the file itself
            click.echo(f"sudokuprint: {photo}: no grid found: {detail} ({error.reason})", err=True)
            click.echo(json.dumps({"source": photo, "error": "no-grid", "reason": error.reason, "message": str(error)})
                       if as_json else "NOGRID")
            continue
        for correction in result.corrections:
            click.echo(
                f"sudokuprint: {photo}: corrected {result.grid.shape.cell_name(correction.cell)} "
                f"from {correction.was or 'empty'} to {correction.to or 'empty'} "
                f"(read with confidence {correction.confidence:.2f})",
                err=True,
            )
        if result.check.status != "unique":
            failed = True
            click.echo(f"sudokuprint: {photo}: the grid as read is {result.check.status.replace('-', ' ')}", err=True)
        if as_json:
            click.echo(json.dumps(_report(result)))
        else:
            text = fmt.write(result.grid)
            if with_solution and result.solution is not None:
                solution = fmt.write(result.solution)
                text = f"{text} {solution}" if fmt.name == "standard" else f"{text}{fmt.separator}{solution}"
            click.echo(text)
        if overlay:
            _write_overlay(_numbered(overlay, index, len(photos)), draw_solution(result))
    if failed:
        raise click.exceptions.Exit(1)
