"""Grid geometry on real photos (Wicht & Hennebert, CC-BY-4.0; kubiesa, samuelpratt and alishazly photos, MIT),
some changed in memory: the outline sits on the grid when a straight edge lies beside it, a page bowed, curled or
photographed at a slant is found and read, and a phone-size photo reads as the photo it was made from.

Ground truth: the photos' ``.dat`` grids and the hand-drawn outlines of ``outlines.csv`` (the upright frame).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image, ImageOps

from conftest import data_file, wicht_digits

from sudokuprint.ocr.detect import find_grid
from sudokuprint.ocr.lattice_check import lattice_shift
from sudokuprint.ocr.load import MAX_SIDE, load_photo
from sudokuprint.ocr.perturb import bow
from sudokuprint.ocr.pipeline import scan


def photo(name: str) -> np.ndarray:
    """The photo upright (EXIF applied), BGR."""
    with Image.open(data_file("wicht", "train", f"{name}.jpg")) as image:
        return np.ascontiguousarray(np.asarray(ImageOps.exif_transpose(image).convert("RGB"))[:, :, ::-1])


def truth(name: str) -> str:
    return "".join(str(v) if v else "." for v in wicht_digits(data_file("wicht", "train", f"{name}.dat")))


def drawn_outline(name: str) -> np.ndarray:
    """The hand-drawn outline (TL, TR, BR, BL) in the upright photo."""
    with data_file("wicht", "train", "outlines.csv").open() as stream:
        for row in csv.DictReader(stream):
            if row["filepath"] == f"{name}.jpg":
                return np.array([float(row[f"p{i}_{a}"]) for i in range(1, 5) for a in "xy"]).reshape(4, 2)
    raise LookupError(name)


def with_edge_beside(image: np.ndarray, outline: np.ndarray, cells: float) -> np.ndarray:
    """The photo with a thin dark straight edge (a page's or cover's) parallel to the grid's left border,
    ``cells`` cells out from it and longer than the grid."""
    top_left, top_right, bottom_right, bottom_left = outline
    step = ((top_right + bottom_right) / 2 - (top_left + bottom_left) / 2) / 9  # one cell, inward
    along = bottom_left - top_left
    start, end = top_left - cells * step - 0.3 * along, bottom_left - cells * step + 0.3 * along
    edged = image.copy()
    cv2.line(edged, tuple(int(v) for v in start), tuple(int(v) for v in end), (30, 30, 30), 3)
    return edged


@pytest.mark.parametrize("cells", [0.9, 1.0])
def test_a_straight_edge_a_cell_beside_the_grid_does_not_move_the_cells(cells):
    # without the lattice check the outline took the edge for a grid line and every cell moved one column
    edged = with_edge_beside(photo("image200"), drawn_outline("image200"), cells)
    assert scan(edged).grid.to_string() == truth("image200")


def test_an_outline_one_column_off_is_moved_back_onto_the_grid():
    image = cv2.cvtColor(photo("image1"), cv2.COLOR_BGR2GRAY)
    outline = drawn_outline("image1").astype(np.float32)
    square = np.array([[0, 0], [9, 0], [9, 9], [0, 9]], np.float32)
    to_photo = cv2.getPerspectiveTransform(square, outline)
    for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        off = cv2.perspectiveTransform((square + np.float32(step)).reshape(-1, 1, 2), to_photo).reshape(4, 2)
        assert lattice_shift(image, off) == (-step[0], -step[1])
    assert lattice_shift(image, outline) == (0, 0)


def test_a_12_megapixel_photo_reads_as_the_photo_it_was_made_from():
    # image1 (640 x 480) upscaled to 4000 x 3000 and saved as a phone would: decoded reduced, read exactly
    with Image.open(data_file("wicht", "train", "image1.jpg")) as image:
        big = ImageOps.exif_transpose(image).convert("RGB").resize((4000, 3000), Image.Resampling.BICUBIC)
    stream = io.BytesIO()
    big.save(stream, "JPEG", quality=90)
    loaded = load_photo(stream.getvalue())
    assert max(loaded.gray.shape) == MAX_SIDE
    assert loaded.scale == pytest.approx(MAX_SIDE / 4000)
    assert scan(stream.getvalue()).grid.to_string() == truth("image1")
    corners = find_grid(loaded.gray).corners / loaded.scale * 640 / 4000  # back in the original's pixels
    assert np.abs(corners - drawn_outline("image1")).max() < 12


@pytest.mark.parametrize("across", [False, True])
def test_a_page_bowed_by_half_a_cell_reads_exactly(across):
    # one homography for the page found "nothing grid-like" here: the lines sag 0.6 cell in the middle
    with Image.open(data_file("wicht", "train", "image1.jpg")) as image:
        bowed = bow(ImageOps.exif_transpose(image), 0.06, columns=across)
    assert scan(bowed).grid.to_string() == truth("image1")


# kubiesa 01_15 (AlexKubiesa/sudoku-scanner, MIT; see tests/data/README.md): a fully solved book page whose blue
# cover edge runs beside the grid; its printed givens typed from the photo (tools/ocr_corpus/manifest.csv)
COVER_EDGE_GIVENS = "003050804000700001801000570300800600000219000005006008084000302200003000906020100"


def test_a_real_photo_with_the_cover_edge_beside_the_grid_reads_its_givens():
    # before the lattice check the outline took the cover's edge for the grid's: 46 cells wrong, no solution
    result = scan(Path(__file__).parent / "data" / "ocr_geometry" / "kubiesa-01_15_iphone_14_0.jpg")
    assert result.grid.to_string().replace(".", "0") == COVER_EDGE_GIVENS


# samuelpratt sudoku.jpg (github:samuelpratt/Sudoku, MIT; see tests/data/README.md): a printout whose cell lines are
# hairlines that vanish in the photo, only the box lines show; its givens as in tools/ocr_corpus/manifest.csv
BOX_LINES_ONLY_GIVENS = "002005903000000000010380060900030000000507008540020300260000000080040750701000000"


def test_a_grid_that_shows_only_its_box_lines_is_found_and_read():
    # every look for ten lines a side found "nothing grid-like"; the last look asks for the box lines alone
    result = scan(Path(__file__).parent / "data" / "ocr_geometry" / "samuelpratt-sudoku.jpg")
    assert result.grid.to_string().replace(".", "0") == BOX_LINES_ONLY_GIVENS


# alishazly c5.jpg (github:AliShazly/sudoku-py, MIT; see tests/data/README.md): a curled printout held in the hand and
# photographed at a slant; its givens as in tools/ocr_corpus/manifest.csv
SLANTED_GIVENS = "530070000600195000098000060800060003400803001700020006060000280000419005000080079"


def test_a_page_photographed_at_a_slant_is_found_from_its_cells_and_read():
    # the grid's outline runs into the hand and the page's edge, and its near cells are half as large again as its
    # far ones: every earlier look found "nothing grid-like"; the last one grows a lattice from the middle cells
    result = scan(Path(__file__).parent / "data" / "ocr_geometry" / "alishazly-c5.jpg")
    assert result.grid.to_string().replace(".", "0") == SLANTED_GIVENS
