"""Pencil marks: an empty cell holding only a grid line's remnant or a speck has no marks."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from conftest import SAMPLES, data_file, wicht_digits

from sudokuprint.cli import main
from sudokuprint.ocr.cells import CELL_PX
from sudokuprint.ocr import marks
from sudokuprint.ocr.marks import MIN_PAGE_MARKS, grid_line_residue, pencil_marks
from sudokuprint.ocr.grid_cells import grid_cells
from sudokuprint.ocr.pipeline import scan


def test_the_newspaper_photo_has_no_pencil_marks():
    # Wicht image1: a clean newspaper puzzle; looking at the photo, no cell holds a pencil mark
    # (14 empty cells were reported as holding marks: slivers of the grid lines along their edges)
    result = scan(SAMPLES / "newspaper-photo.jpg")
    assert result.pencil_marks == {}


def test_clean_wicht_photos_have_next_to_no_pencil_mark_cells():
    # the Wicht train photos are printed newspaper puzzles without candidates (seen by looking at them);
    # 175 empty cells of these 22 photos had "marks" before the grid lines' remnants were told apart
    photos = sorted(data_file("wicht", "train").glob("*.jpg"))
    assert len(photos) == 22
    marked = sum(len(grid_cells(photo).pencil_marks()) for photo in photos)
    assert marked <= 15


def test_a_strip_along_the_edge_or_a_crossing_in_a_corner_is_residue_a_small_digit_is_not():
    size = CELL_PX
    assert grid_line_residue(3, 15, 1, 12, size)  # a sliver of the left line
    assert grid_line_residue(35, 27, 2, 10, size)  # ... of the right line
    assert grid_line_residue(32, 3, 5, 5, size)  # a blob in the top right corner: where two lines cross
    assert not grid_line_residue(4, 28, 7, 8, size)  # a candidate in the bottom left corner, inside the band
    assert not grid_line_residue(3, 12, 6, 5, size)  # a candidate touching the left band, as wide as a digit
    assert not grid_line_residue(17, 17, 6, 7, size)  # a candidate in the centre


def test_marks_drawn_in_the_corners_are_counted_and_a_strip_of_line_is_not():
    cell = np.full((CELL_PX, CELL_PX), 220, np.uint8)
    cell[:, :2] = 60  # the left grid line, cut a little inside
    cell[12:30, 3] = 90  # its remnant broken off along the edge
    for x, y in ((8, 7), (26, 7), (8, 25)):  # three small "digits": 6 x 8 boxes with a hole
        cell[y : y + 8, x : x + 6] = 40
        cell[y + 2 : y + 6, x + 2 : x + 4] = 220
    assert pencil_marks(cell, 160.0) == 3


def test_filled_text_names_each_cell_with_pencil_marks_and_never_as_an_entry():
    # the suite's pencil photo: pen entries and small pencil candidates in other cells (its .hand file)
    result = CliRunner().invoke(main, ["scan", str(SAMPLES / "suite-pencil-photo.jpg"), "--filled"])
    assert result.exit_code == 0
    notes = result.stderr.splitlines()
    marks_line = next(line for line in notes if "pencil marks" in line)
    named = set(re.findall(r"r(\d)c(\d) \(\d+ marks\)", marks_line))
    written = {match for line in notes for match in re.findall(r"r(\d)c(\d): you wrote", line)}
    assert len(named) >= 10
    assert not named & written


def test_a_real_page_with_candidates_along_the_cells_tops_reports_them_as_marks_not_entries():
    # kubiesa 02_22 (AlexKubiesa/sudoku-scanner, train split, MIT; tests/data/ocr_corpus): a pencil-solved book page
    # with candidate marks in 11 cells, written small along the cells' tops; truth from the corpus manifest
    from ocr_training.corpus import load_corpus

    photo = next(p for p in load_corpus(Path(__file__).parent / "data" / "ocr_corpus") if "02_22" in p.name)
    result = scan(photo.path)
    assert list(result.grid.values) == list(photo.givens)
    # all 11, r3c4's "27" too: two small digits side by side along the top, each narrower than the two together
    assert set(result.pencil_marks) == photo.candidates  # and no entry or given is taken for marks
    written = {entry.cell for entry in result.entries}
    assert written == {i for i, v in enumerate(photo.entries) if v}


def test_a_writers_small_entries_high_in_their_cells_are_no_lone_marks(monkeypatch):
    # Wicht mixed image177 (CC-BY-4.0): every cell without a given holds a handwritten entry (its .dat files), written
    # small and high in the cell, so that several look like marks along a cell's top; that opens the rule for lone
    # marks on the page, which must take none of the other entries: they are of one size and the page is not
    # mostly marks
    every = wicht_digits(data_file("wicht", "mixed_train", "image177.dat"))
    printed = wicht_digits(data_file("wicht", "train", "image177.dat"))
    entries = {i for i in range(81) if every[i] and not printed[i]}
    calls = []
    real = marks.lone_marks

    def watched(written, found, page, heights, *faint):
        calls.append((set(written) & set(found), real(written, found, page, heights, *faint)))
        return calls[-1][1]

    monkeypatch.setattr(marks, "lone_marks", watched)
    result = scan(data_file("wicht", "mixed_train", "image177.jpg"))
    (marked, lone), = calls
    assert len(marked) >= MIN_PAGE_MARKS and marked <= entries  # the rule was open, on marks that are entries
    assert lone == []
    assert list(result.grid.values) == printed


@pytest.mark.parametrize("page, cell, candidates, wicht, entry", [
    # styled-held-out-143 (draw 1: candidates in blue ballpoint on green-tinted paper): r2c5 holds 1 and 3 along its
    # top and 9 at its bottom right, each 0.6 of the printed digits' height, a little over what marks are; the reader
    # read a sure 9, the only handwritten digit of the page, which then became a given.  Wicht mixed image17: r5c7's
    # handwritten 5 stands on grainy paper among two shapes of the grain, as tall as marks and spread as wide, but
    # paler than the digit (0.6 of its darkness): an entry
    ("143", 13, "c139", "image17", 42),
    # styled-held-out-seed3-133 (draw 3: candidates in felt tip beside an advertisement): r4c9 holds 1 and 6 side by
    # side, 0.75 of the printed digits' height; the 1 is too thin to count in a row of marks, so the pair was an
    # entry.  Wicht mixed image185: r1c7's handwritten 6 stands beside a sliver of the grid line along the cell's left
    # side, as tall as the 6 and apart from it, but hugging the side: no pair of marks
    ("seed3-133", 35, "c16", "image185", 6),
], ids=["three-in-corners", "two-side-by-side"])
def test_candidates_are_marks_however_tall_but_a_digit_beside_grain_or_a_line_is_an_entry(page, cell, candidates,
                                                                                          wicht, entry):
    photo = Path(__file__).parent / "data" / "ocr-styled" / f"styled-held-out-{page}.jpg"
    assert json.loads(photo.with_suffix(".json").read_text())["cells"][0][cell] == candidates
    result = scan(photo)
    assert cell in result.pencil_marks and not result.grid.values[cell] and not result.entries
    every = wicht_digits(data_file("wicht", "mixed_train", f"{wicht}.dat"))
    scanned = scan(data_file("wicht", "mixed_train", f"{wicht}.jpg"))
    assert {e.cell: e.digit for e in scanned.entries}.get(entry) == every[entry] and entry not in scanned.pencil_marks
