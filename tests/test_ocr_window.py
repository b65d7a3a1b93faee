"""The grid window: a window shifted by a cell must lose to the grid itself (Wicht & Hennebert, CC-BY-4.0)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from PIL import Image, ImageOps

from conftest import data_file

from sudokuprint.ocr.detect import SHIFTED_FIT_MARGIN, WORK_SIDE, find_grid, ink_mask
from sudokuprint.ocr.grid_score import lattice_fit
from sudokuprint.ocr.perturb import turn
from sudokuprint.ocr.pipeline import scan


def photo(name: str) -> Image.Image:
    with Image.open(data_file("wicht", "train", f"{name}.jpg")) as image:
        return ImageOps.exif_transpose(image).convert("RGB")


def truth(name: str) -> str:
    lines = data_file("wicht", "train", f"{name}.dat").read_text().splitlines()[2:11]
    return "".join(v if v != "0" else "." for line in lines for v in line.split())


def test_a_turned_photo_with_a_blank_row_beside_the_grid_reads_exactly():
    # turned, image200's lattice of cell holes also fits a window one row above the grid
    assert scan(turn(photo("image200"), 90)).grid.to_string() == truth("image200")


@pytest.mark.parametrize("step", [(1, 0), (-1, 0), (0, 1), (0, -1)])
def test_a_window_shifted_by_one_cell_fits_the_lattice_worse(step):
    gray = np.asarray(turn(photo("image200"), 90).convert("L"))
    scale = WORK_SIDE / max(gray.shape)
    small = cv2.resize(gray, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    ink = ink_mask(small)
    corners = find_grid(gray).corners * scale
    square = np.array([[0, 0], [9, 0], [9, 9], [0, 9]], np.float32)
    to_photo = cv2.getPerspectiveTransform(square, corners.astype(np.float32))
    shifted = cv2.perspectiveTransform((square + np.float32(step)).reshape(-1, 1, 2), to_photo).reshape(4, 2)
    assert lattice_fit(ink, shifted) < lattice_fit(ink, corners) - SHIFTED_FIT_MARGIN
