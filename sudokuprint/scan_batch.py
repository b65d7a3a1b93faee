"""Scanning many photos: find them, read each one (in worker processes), report a row per photo.

:func:`find_photos` turns arguments into photo paths: a file is itself, a
folder is searched recursively for image files (by extension), anything
else is a glob pattern (``**`` included) expanded here, so a quoted pattern
works as well as one the shell expanded.  :func:`scan_row` reads one photo
and returns its row as plain data (picklable, for :mod:`sudokuprint.executor`);
a photo that cannot be read gives a row that says why instead of an error,
so a run over many photos goes on.  :func:`format_row` writes a row as
text, a JSON line or a CSV row; every form names its photo, and every form
reads back as puzzles (a failed row carries none).
"""

from __future__ import annotations

import contextlib
import csv
import glob
import io
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from .errors import MissingDependencyError, MissingInputError, NoGridError, SudokuprintError
from .outputs import atomic_output
from .worker import one_native_thread

PHOTO_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".tif", ".tiff", ".webp")
"""What a folder is searched for (case-insensitive)."""

ROW_FORMATS = ("text", "jsonl", "csv")
CSV_COLUMNS = ("source", "status", "puzzle", "solution", "filled", "error", "message")


def find_photos(arguments: Iterable[str]) -> list[str]:
    """The photos the arguments name, in argument order (a folder's and a pattern's sorted by path).

    A folder or pattern that names no photo, and a path that does not exist,
    raise :class:`~sudokuprint.errors.MissingInputError`.
    """
    photos: list[str] = []
    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            found = sorted(str(p) for p in path.rglob("*") if p.suffix.lower() in PHOTO_SUFFIXES and p.is_file())
            if not found:
                raise MissingInputError(f"{argument}: no photos in this folder (looked for {', '.join(PHOTO_SUFFIXES)})")
        elif path.is_file():
            found = [argument]
        elif glob.has_magic(argument):
            found = sorted(p for p in glob.glob(argument, recursive=True) if Path(p).is_file())
            if not found:
                raise MissingInputError(f"{argument}: no file matches this pattern")
        else:
            raise MissingInputError(f"{argument}: no such file or folder")
        photos.extend(found)
    return photos


@dataclass(frozen=True)
class ScanOptions:
    """How each photo is read and what is written beside the results."""

    readers: str = "builtin"
    """The digit reader's registered name (``sudokuprint.ocr.readers``)."""
    debug_dir: str | None = None
    """A folder that gets a subfolder of stage images per photo."""
    overlay: str | None = None
    """A file (one photo) or a folder (a ``NAME-overlay.jpg`` per photo, in the photo's subfolder under
    :attr:`root`) for the photo with the answer drawn in."""
    overlay_is_folder: bool = False
    root: str | None = None
    """The folder the photos' names in the overlay and debug folders are relative to (:func:`common_root`)."""
    all_grids: bool = False
    """Read every grid of a photo (a row each, with its ``grid`` number), not only the main one."""


def common_root(photos: Iterable[str]) -> str | None:
    """The deepest folder holding every photo: overlay and debug files keep each photo's path under it,
    so ``a/x.jpg`` and ``b/x.jpg`` get ``OUT/a/x-overlay.jpg`` and ``OUT/b/x-overlay.jpg``."""
    folders = [os.path.dirname(os.path.abspath(photo)) for photo in photos]
    return os.path.commonpath(folders) if folders else None


def photo_stem(options: ScanOptions, photo: str) -> Path:
    """The photo's path under the common root without its extension (``a/x`` for ``ROOT/a/x.jpg``)."""
    where = Path(os.path.abspath(photo))
    if options.root is not None:
        with contextlib.suppress(ValueError):
            return where.relative_to(options.root).with_suffix("")
    return Path(where.stem)


def _overlay_path(options: ScanOptions, photo: str) -> Path | None:
    if options.overlay is None:
        return None
    if options.overlay_is_folder:
        stem = photo_stem(options, photo)
        target = Path(options.overlay) / stem.parent / f"{stem.name}-overlay.jpg"
        target.parent.mkdir(parents=True, exist_ok=True)
        return target
    return Path(options.overlay)


def _write_overlay(target: Path, image: Any) -> None:
    """Encode the overlay image by its file's extension and write it whole or not at all."""
    import cv2  # here: OpenCV loads in the workers, after one_native_thread (see _read_rows)

    try:
        encoded, data = cv2.imencode(target.suffix or ".jpg", image)
    except cv2.error:
        encoded = False
    if not encoded:
        raise MissingInputError(f"--overlay: cannot write an image of type {target.suffix or '(none)'!r} to {target}; "
                                "use .jpg or .png")
    with atomic_output(target, binary=True) as stream:
        stream.write(data.tobytes())


def scan_report(result: Any) -> dict:
    """The row of a photo whose grid was read (a :class:`~sudokuprint.ocr.pipeline.ScanResult`): what
    ``scan --format jsonl`` writes for it."""
    shape = result.grid.shape
    summary = result.to_dict()
    return {
        "source": result.source,
        "puzzle": result.grid.to_string(),
        "read": "".join(str(v) if v else "." for v in result.read),
        "status": result.check.status,
        "solution": result.solution.to_string() if result.solution is not None else None,
        "quarter_turns": result.quarter_turns,
        "corrections": [
            {"cell": shape.cell_name(c.cell), "index": c.cell, "was": c.was, "to": c.to,
             "confidence": round(c.confidence, 4), "why": c.why}
            for c in result.corrections
        ],
        "filled": result.filled.to_string(),
        "handwritten": summary["handwritten"],
        "pencil_marks": summary["pencil_marks"],
        "reader": summary["reader"],
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


SCAN_NEEDS = ("sudokuprint.ocr.pipeline", "sudokuprint.ocr.builtin_reader")
"""What :func:`scan_rows` imports when first called -- numpy, OpenCV, and the shipped readers' models' code, which
the pipeline imports only when a reader is asked for by name (for ``run_all(warm=...)``)."""


def scan_row(options: ScanOptions, photo: str) -> dict:
    """Read one photo; its row, with ``error`` and ``message`` instead of a puzzle when it failed.

    A missing program (Tesseract asked for and not installed) is not a
    photo's failure: it stops the run.
    """
    return scan_rows(options, photo)[0]


def scan_rows(options: ScanOptions, photo: str) -> list[dict]:
    """Read one photo's grids (every one when ``options.all_grids``, else the main one): a row each, or one row
    that says why none could be read (see :func:`scan_row`); rows of every grid have a ``grid`` number (``None``
    in a failed photo's row)."""
    rows = _read_rows(options, photo)
    if options.all_grids:
        for row in rows:
            row.setdefault("grid", None)
    return rows


def _read_rows(options: ScanOptions, photo: str) -> list[dict]:
    one_native_thread()  # before numpy and OpenCV load: one photo a process, the cores are the workers'
    from .ocr.pipeline import scan  # here: after one_native_thread, which must run before numpy and OpenCV load

    debug = Path(options.debug_dir) / photo_stem(options, photo) if options.debug_dir else None
    try:
        results = scan(photo, reader=options.readers, debug=debug, all=True) if options.all_grids else \
            [scan(photo, reader=options.readers, debug=debug)]
        rows = []
        for result in results:
            row = scan_report(result)
            row["source"] = photo
            if options.all_grids:
                row["grid"] = result.grid_number
            rows.append(row)
        overlay = _overlay_path(options, photo)
        if overlay is not None:
            from .ocr.overlay import draw_solution  # here: as the pipeline above

            _write_overlay(overlay, draw_solution(results[0]))
        return rows
    except MissingDependencyError:
        raise
    except NoGridError as error:
        detail = str(error).removeprefix(f"{photo}: ")  # the loader names the file itself
        return [{"source": photo, "status": "no-grid", "error": error.reason, "message": detail}]
    except SudokuprintError as error:
        return [{"source": photo, "status": "failed", "error": type(error).__name__, "message": str(error)}]
    except (OSError, ValueError, MemoryError) as error:
        return [{"source": photo, "status": "failed", "error": type(error).__name__,
                 "message": str(error) or repr(error)}]
    except Exception as error:  # noqa: BLE001  (cv2.error and kin: one photo must not stop the run)
        return [{"source": photo, "status": "failed", "error": type(error).__name__, "message": str(error).strip()}]


def row_failed(row: dict) -> bool:
    """A row without a grid read, or whose grid has not exactly one solution."""
    return "error" in row or row.get("status") != "unique"


def format_row(row: dict, fmt: str, *, with_solution: bool = False) -> str:
    """One row (with its newline) as ``text``, ``jsonl`` or ``csv`` (see :func:`csv_header`).

    Text is ``PUZZLE [SOLUTION] # PHOTO`` (a standard puzzle list with the
    photo as the comment; ``# PHOTO grid N`` for a row of ``scan --all``), or
    ``# PHOTO: NOGRID (reason) message`` for a photo that failed.  A CSV row
    of ``scan --all`` ends with the grid's number (see :func:`csv_header`).
    """
    if fmt == "jsonl":
        return json.dumps(row) + "\n"
    if fmt == "csv":
        buffer = io.StringIO()
        columns = CSV_COLUMNS + (("grid",) if "grid" in row else ())
        cells = ["" if row.get(k) is None else " ".join(str(row[k]).splitlines()) for k in columns]
        csv.writer(buffer, lineterminator="\n").writerow(cells)  # a row is one line
        return buffer.getvalue()
    if fmt == "text":
        name = str(row["source"]).replace("\n", " ") + (f" grid {row['grid']}" if row.get("grid") else "")
        if "error" in row:
            label = "NOGRID" if row["status"] == "no-grid" else "FAILED"
            message = " ".join(str(row["message"]).splitlines())  # a row is one line
            return f"# {name}: {label} ({row['error']}) {message}\n"
        text = row["puzzle"]
        if with_solution and row.get("solution"):
            text += " " + row["solution"]
        return f"{text} # {name}\n"
    raise ValueError(f"unknown row format {fmt!r}; choose one of: {', '.join(ROW_FORMATS)}")


def csv_header(grids: bool = False) -> str:
    """The CSV header line (the column names); ``grids``: with the ``grid`` column of ``scan --all``."""
    return ",".join(CSV_COLUMNS + (("grid",) if grids else ())) + "\n"


def _json_row(line: str) -> dict:
    """A JSON row read back (a line that is not one counts as a failed photo)."""
    try:
        row = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, or arrays nested thousands deep
        return {"error": "unreadable row"}
    return row if isinstance(row, dict) else {"error": "unreadable row"}


def _rows(text: str, fmt: str) -> list[dict]:
    """Rows written before (as much of each as its format shows): a dict per photo."""
    if fmt == "csv":
        return list(csv.DictReader(io.StringIO(text), fieldnames=CSV_COLUMNS))
    if fmt == "jsonl":
        return [_json_row(line) for line in text.splitlines()]
    return [{"error": "text"} if line.startswith("# ") else {"status": "unique"} for line in text.splitlines()]


def count_failed(text: str, fmt: str) -> int:
    """Photos that failed among rows written before (text rows show only those with no grid)."""
    return sum(1 for row in _rows(text, fmt) if row.get("error") or row.get("status") != "unique")


def is_folder_target(path: str | os.PathLike, photos: int) -> bool:
    """Whether ``--overlay PATH`` means a folder: an existing folder, a name ending in '/', or several photos."""
    name = os.fspath(path)
    return photos > 1 or name.endswith(os.sep) or Path(name).is_dir()
