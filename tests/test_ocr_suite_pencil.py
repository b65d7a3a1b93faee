"""What the photo suite's hardest setting showed the pipeline missing: blurred pencil marks read as digits, and the
grids of a page out of reading order.

The pages are drawn and photographed by :mod:`ocr_training.photo_suite` (seeded); what was drawn is
the truth.
"""

from __future__ import annotations

import numpy as np
import pytest

from conftest import SAMPLES, data_file

from sudokuprint.ocr import marks
from sudokuprint.ocr.detect import GridOutline, _reading_order
from sudokuprint.ocr.pipeline import scan
from ocr_training import photo_suite

pytestmark = pytest.mark.xdist_group("pencil")  # one worker makes the module's shared setup once

PAIRS = photo_suite.puzzle_pairs(SAMPLES)


def _pencil_photos() -> list[tuple[np.ndarray, str, set[int]]]:
    """Photos at the hardest camera setting of pages whose empty cells all hold pencil marks, with the puzzle and
    the cells holding marks."""
    camera = photo_suite.SETTINGS["hardest"][0]
    photos = []
    for seed in range(4):
        rng = np.random.default_rng([seed, 77])
        puzzle, solution = PAIRS[int(rng.integers(len(PAIRS)))]
        page = photo_suite.sudoku_page(puzzle, solution, rng, pencil=1.0)
        picture = np.asarray(photo_suite.photograph(page.image, page.grid_box, camera, rng))
        photos.append((picture, puzzle, {i for i, c in enumerate(puzzle) if not c.isdigit()}))
    return photos


@pytest.fixture(scope="module")
def pencil_photos() -> list[tuple[np.ndarray, str, set[int]]]:
    return _pencil_photos()


def _spurious(pencil_photos: list[tuple[np.ndarray, str, set[int]]]) -> tuple[int, int, int]:
    """Cells of pencil marks read as digits, photos with every given right, cells reported as pencil marks."""
    spurious = right = reported = 0
    for picture, puzzle, marked in pencil_photos:
        result = scan(picture)
        spurious += sum(1 for cell in result.cells if cell.digit and cell.index in marked)
        right += result.grid.to_string() == puzzle
        reported += len(set(result.pencil_marks) & marked)
    return spurious, right, reported


def test_blurred_pencil_marks_read_unsurely_are_pencil_marks_not_digits(pencil_photos):
    spurious, right, reported = _spurious(pencil_photos)
    assert spurious == 0
    assert right == len(pencil_photos)
    assert reported >= 0.8 * sum(len(marked) for _, _, marked in pencil_photos)


@pytest.fixture(scope="module")
def suite_photos(tmp_path_factory) -> list:
    """The photo suite's first six photos at its hardest setting, seed 1 (handwriting, pencil marks, tilt 30,
    blur, shadow); in the sixth, blur runs the pencil marks of r8c4 together into a shape the cell stage keeps."""
    folder = tmp_path_factory.mktemp("suite")
    photo_suite.build(folder, 6, 1, ["hardest"], SAMPLES)
    return sorted(folder.glob("hardest-*.jpg"))


def _empty_read_as_digits(photo) -> int:
    """Cells of a suite photo with neither a given nor a handwritten digit that are read as a digit."""
    lines = [photo.with_suffix(ext).read_text().splitlines()[2:11] if photo.with_suffix(ext).exists() else []
             for ext in (".dat", ".hand")]
    written = {i for grid in lines for i, v in enumerate(v for line in grid for v in line.split()) if v != "0"}
    return sum(1 for cell in scan(photo).cells if cell.digit and cell.index not in written)


def test_pencil_marks_run_together_by_blur_are_not_read_as_digits(suite_photos, monkeypatch):
    assert [_empty_read_as_digits(photo) for photo in suite_photos] == [0] * 6
    # the cell stage's shape in r8c4 is small marks by its geometry (ocr.marks.are_marks) and by the doubt rule
    # (an unsure digit over several small shapes); without both it is read as a digit
    monkeypatch.setattr(marks, "MIN_PENCIL_MARKS", 99)
    monkeypatch.setattr(marks, "MIN_GUESSED_MARKS", 99)
    assert _empty_read_as_digits(suite_photos[5]) == 0
    monkeypatch.setattr(marks, "are_marks", lambda *shapes_page_and_more: False)
    assert _empty_read_as_digits(suite_photos[5]) >= 1


@pytest.fixture(scope="module")
def thirtieth_hardest():
    """The 30th photo of the suite's hardest setting, seed 1, as the suite drew it before its pen changed (kept in
    samples/: the rule it shows does not depend on the pen): in r5c9, three pale blurred pencil marks and the
    sensor's noise make a shape the cell stage keeps; it is read as a digit at 23%, and only two of its marks
    stand apart."""
    return SAMPLES / "suite-pencil-photo.jpg"


def test_a_guessed_digit_over_two_pencil_marks_is_pencil_marks(thirtieth_hardest, monkeypatch):
    assert _empty_read_as_digits(thirtieth_hardest) == 0
    assert 4 * 9 + 8 in scan(thirtieth_hardest).pencil_marks
    # read at under even odds, two mark-sized shapes suffice; the rule for surer readings wants three
    monkeypatch.setattr(marks, "MIN_GUESSED_MARKS", marks.MIN_PENCIL_MARKS)
    assert _empty_read_as_digits(thirtieth_hardest) == 1


def test_a_thin_printed_one_in_pieces_is_a_given_not_pencil_marks():
    """Wicht train image71: r1c3's serif 1 is read unsurely and its cell holds two mark-sized pieces; with the
    rule at two shapes it was dropped as pencil marks and the photo read wrong."""
    path = data_file("wicht", "train", "image71.jpg")
    lines = path.with_suffix(".dat").read_text().splitlines()[2:11]
    assert scan(path).grid.to_string() == "".join(v if v != "0" else "." for line in lines for v in line.split())


def _outline(cx: float, cy: float, side: float = 100.0) -> GridOutline:
    half = side / 2
    corners = np.array([[cx - half, cy - half], [cx + half, cy - half], [cx + half, cy + half],
                        [cx - half, cy + half]], np.float32)
    return GridOutline(corners, 0.8)


def test_grids_side_by_side_are_read_left_to_right_even_when_the_photo_lifts_one():
    """Two small grids in a row, the right one 20 px higher (a tilted photo), then one below: left, right, below.
    (Rows by rounding centre / height split this pair: 260 / 100 rounds to 3, 240 / 100 to 2.)"""
    left, right, below = _outline(100, 260), _outline(300, 240), _outline(200, 420)
    assert _reading_order([below, right, left]) == [left, right, below]
    assert _reading_order([left, below, right]) == [left, right, below]
