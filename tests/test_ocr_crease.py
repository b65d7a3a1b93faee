"""Creases: a thin dark line across a row of cells is removed before the digits are read (ocr/crease.py)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from conftest import data_file, wicht_digits

from sudokuprint.ocr.cells import cut_cells, even_light
from sudokuprint.ocr.crease import remove_creases
from sudokuprint.ocr.lines import locate_lines
from sudokuprint.ocr.pipeline import grid_cells, scan


def _truth(name: str) -> list[int]:
    return wicht_digits(data_file("wicht", "train", f"{name}.dat"))


def test_a_newspaper_crease_through_row_9_no_longer_changes_its_printed_1_and_7():
    # image1049: a fold's dark line runs through row 9, across its printed 1 (r9c7) and 7 (r9c9); read with the
    # line, the 1 was a 2 and the 7 handwriting
    result = scan(data_file("wicht", "train", "image1049.jpg"))
    assert list(result.grid.values) == _truth("image1049")
    assert result.entries == []
    assert not result.check.corrections  # read right, not put right by the solver check
    found = grid_cells(data_file("wicht", "train", "image1049.jpg"))
    cells = even_light(cut_cells(found.photo.gray, found.rectified, locate_lines(found.rectified)))
    _, changed = remove_creases(cells)
    assert {78, 80} <= set(changed) and set(changed) <= set(range(72, 81))


def test_a_dark_line_drawn_across_a_row_or_a_column_is_taken_out_of_each_of_its_cells():
    found = grid_cells(data_file("wicht", "train", "image1.jpg"))
    clean = [r.image for r in found.readings]
    assert remove_creases(clean)[1] == []  # a photo without a crease is left alone
    size = clean[0].shape[0]
    for turned in (False, True):
        lined = []
        for index, image in enumerate(clean):
            image = image.copy()
            if (index // 9 if not turned else index % 9) == 4:  # row (column) 5, a little below the middle
                line = np.full_like(image, 255)
                cv2.line(line, (0, size // 2 + 3), (size - 1, size // 2 + 4), 120, 2)
                image = np.minimum(image, line.T if turned else line)
            lined.append(image)
        cleaned, changed = remove_creases(lined)
        line_cells = [i for i in range(81) if (i // 9 if not turned else i % 9) == 4]
        assert len(set(changed) & set(line_cells)) >= 7 and set(changed) <= set(line_cells)
        for i in line_cells:  # the line is gone: each cell as dark as before, within the grain
            if i in changed:
                assert float(np.abs(cleaned[i].astype(int) - clean[i].astype(int)).mean()) < 4


# kubiesa 01_13 (tests/data/ocr_crease, a byte copy of the corpus photo; AlexKubiesa/sudoku-scanner val split, MIT):
# a fully solved pencil page; its printed givens as in tools/ocr_corpus/manifest.csv
SOLVED_PAGE = Path(__file__).parent / "data" / "ocr_crease" / "kubiesa-01_13_iphone_14_1.jpg"
SOLVED_PAGE_GIVENS = "000200090180000000060080514000801002001030900800705000915040060000000073030008000"


def test_handwritten_stems_lined_up_in_a_column_are_no_crease():
    # in column 6, pencil strokes of five cells line up within three pixels; taken for a crease and "removed", they
    # took the printed 1 of r4c6 with them (the givens then had several solutions)
    found = grid_cells(SOLVED_PAGE)
    _, changed = remove_creases(even_light(cut_cells(found.photo.gray, found.rectified, found.crossings)))
    assert changed == []
    result = scan(SOLVED_PAGE)
    assert result.grid.to_string().replace(".", "0") == SOLVED_PAGE_GIVENS
    assert result.check.status == "unique"
