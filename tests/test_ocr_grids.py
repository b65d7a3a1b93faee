"""Several grids on a page (``scan(all=True)``, ``scan --all``) and grids in hard photos, made by the photo suite.

Pages are rendered and photographed by :mod:`ocr_training.photo_suite`
(seeded, so each test sees the same photos every run); the puzzles are the
samples' (easy50, top95), and what was drawn is the truth.
"""

from __future__ import annotations

import csv
import io
import json

import cv2
import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image, ImageOps

from conftest import SAMPLES, data_file

from sudokuprint.cli import main
from sudokuprint.errors import NoGridError
from sudokuprint.ocr.detect import find_grids, ink_mask
from sudokuprint.ocr.perturb import rotate
from sudokuprint.ocr.orientation import turn_indices
from sudokuprint.ocr.pipeline import grid_cells, scan
from sudokuprint.ocr.skew import estimate_skew
from ocr_training import photo_suite

PAIRS = photo_suite.puzzle_pairs(SAMPLES)


def several(seed: int, grids: int, tmp_path) -> tuple[str, list[str]]:
    """A photo (file) of a page of ``grids`` Sudoku grids, and their puzzles, the main (large, central) one first."""
    rng = np.random.default_rng(seed)
    puzzles = [PAIRS[int(rng.integers(len(PAIRS)))][0] for _ in range(grids)]
    page, values = photo_suite.grids_page(puzzles, rng)
    path = tmp_path / f"page{seed}.jpg"
    photo_suite.photograph(page, None, photo_suite.SETTINGS["several-grids"][0], rng).save(path)
    return str(path), ["".join(str(v) if v else "." for v in grid) for grid in values]


@pytest.mark.parametrize("seed, grids", [(11, 2), (12, 3), (13, 3)])
def test_every_grid_of_a_page_is_read_right_the_main_one_first(seed, grids, tmp_path):
    photo, puzzles = several(seed, grids, tmp_path)
    results = scan(photo, all=True)
    assert [r.grid.to_string() for r in results] == puzzles
    assert [r.grid_number for r in results] == list(range(1, grids + 1))
    assert all(r.check.status == "unique" for r in results)
    # by default, the main grid alone
    main_grid = scan(photo)
    assert main_grid.grid.to_string() == puzzles[0] and main_grid.grid_number == 1


def test_grids_of_a_page_are_found_apart_largest_and_central_first(tmp_path):
    photo, _ = several(12, 3, tmp_path)
    gray = np.asarray(Image.open(photo).convert("L"))
    outlines = find_grids(gray)
    assert len(outlines) == 3
    areas = [cv2.contourArea(o.corners) for o in outlines]
    assert areas[0] > 1.5 * max(areas[1:])
    # the two small grids side by side, in reading order: left one first
    assert outlines[1].corners[:, 0].mean() < outlines[2].corners[:, 0].mean()


def test_a_photo_with_one_grid_gives_a_list_of_one():
    results = scan(data_file("wicht", "train", "image1.jpg"), all=True)
    assert len(results) == 1 and results[0].grid_number == 1


def test_a_page_that_is_not_a_sudoku_is_refused_with_all_too(tmp_path):
    rng = np.random.default_rng(5)
    page = photo_suite.not_sudoku_page("crossword", rng)
    path = tmp_path / "crossword.jpg"
    photo_suite.photograph(page, None, photo_suite.Camera(tilt=6, fill=0.9), rng).save(path)
    with pytest.raises(NoGridError, match="no Sudoku grid"):
        scan(path, all=True)


def test_scan_all_writes_a_row_per_grid_that_names_photo_and_grid(tmp_path):
    photo, puzzles = several(12, 3, tmp_path)
    other = str(data_file("wicht", "train", "image10.jpg"))
    runner = CliRunner()
    text = runner.invoke(main, ["scan", "--all", photo, other])
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    assert [line.split(" # ")[1] for line in lines] == [f"{photo} grid 1", f"{photo} grid 2", f"{photo} grid 3",
                                                         f"{other} grid 1"]
    assert [line.split(" # ")[0] for line in lines[:3]] == puzzles
    jsonl = runner.invoke(main, ["scan", "--all", "--format", "jsonl", photo]).stdout
    rows = [json.loads(line) for line in jsonl.splitlines()]
    assert [(r["source"], r["grid"], r["puzzle"]) for r in rows] == [(photo, k + 1, p) for k, p in enumerate(puzzles)]
    table = list(csv.DictReader(io.StringIO(runner.invoke(main, ["scan", "--all", "--format", "csv", photo]).stdout)))
    assert [(r["source"], r["grid"], r["puzzle"]) for r in table] == [(photo, str(k + 1), p)
                                                                      for k, p in enumerate(puzzles)]
    # the rows read back as puzzles: check takes them as they are
    listing = tmp_path / "grids.txt"
    listing.write_text(text.stdout)
    checked = runner.invoke(main, ["check", str(listing)])
    assert checked.exit_code == 0 and checked.stdout.count("unique") == 4


def test_scan_all_marks_a_photo_without_grid_and_fails(tmp_path):
    rng = np.random.default_rng(8)
    path = tmp_path / "text.jpg"
    photo_suite.photograph(photo_suite.not_sudoku_page("text", rng), None, photo_suite.Camera(tilt=3), rng).save(path)
    result = CliRunner().invoke(main, ["scan", "--all", "--format", "jsonl", str(path)])
    assert result.exit_code == 1
    row = json.loads(result.stdout)
    assert row["source"] == str(path) and row["grid"] is None and row["status"] == "no-grid"


@pytest.mark.parametrize("degrees", [-33, -25, 28, 35])
def test_tilts_beyond_twenty_degrees_are_measured(degrees):
    with Image.open(data_file("wicht", "train", "image125.jpg")) as image:
        gray = np.asarray(rotate(ImageOps.exif_transpose(image).convert("RGB"), degrees).convert("L"))
    assert abs(estimate_skew(ink_mask(gray)) + degrees) <= 1


def test_grids_in_the_hardest_photos_are_found(tmp_path):
    """Tilt 30, perspective, motion blur, defocus, shadow and dim light: the thin lines fade, the grid is found."""
    camera, content = photo_suite.SETTINGS["hardest"]
    found = 0
    for seed in range(6):
        rng = np.random.default_rng([seed, 77])
        puzzle, solution = PAIRS[int(rng.integers(len(PAIRS)))]
        page = photo_suite.sudoku_page(puzzle, solution, rng, hand=content["hand"], pencil=content["pencil"])
        picture = np.asarray(photo_suite.photograph(page.image, page.grid_box, camera, rng))
        try:
            cells = grid_cells(picture)
        except NoGridError:
            continue
        # the grid is found where it is: the givens' cells hold digits (what each digit is, and whether it is
        # print or handwriting, is the digit reader's call)
        upright = turn_indices(cells.quarter_turns)
        digits = {u for u, cell in enumerate(upright) if cells.readings[int(cell)].digit is not None}
        givens = {i for i, c in enumerate(puzzle) if c.isdigit()}
        found += len(givens & digits) >= 0.95 * len(givens)
    assert found == 6


def test_blurred_pencil_marks_are_not_taken_for_digits():
    """Every empty cell holds pencil-mark candidates, photographed as the hardest setting does (tilt 30, motion
    blur, defocus, shadow, dim light): blur runs marks together, yet no cluster of them is a digit."""
    camera = photo_suite.SETTINGS["hardest"][0]
    spurious = missed = marked = 0
    for seed in range(4):
        rng = np.random.default_rng([seed, 55])
        puzzle, solution = PAIRS[int(rng.integers(len(PAIRS)))]
        page = photo_suite.sudoku_page(puzzle, solution, rng, pencil=1.0)
        found = grid_cells(np.asarray(photo_suite.photograph(page.image, page.grid_box, camera, rng)))
        upright = turn_indices(found.quarter_turns)
        digits = {u for u, cell in enumerate(upright) if found.readings[int(cell)].digit is not None}
        givens = {i for i, c in enumerate(puzzle) if c.isdigit()}
        spurious += len(digits - givens)
        missed += len(givens - digits)
        marked += len(found.pencil_marks())
    assert missed == 0 and spurious <= 2 and marked >= 200
